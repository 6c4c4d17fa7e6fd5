//! A move named from its contents the way the server's labels name moves (`column 3`, `b2`,
//! `a1-b2`, `5 to 1`, `d7`, `xd7`, `grid up`, `ship of 5 at a1 across`), for a move shown
//! without the game's own notation (the server sends one where the game has one, SAN for
//! chess). The board the move was played on names Morris points and peg solitaire holes.

use tabula::proto::tabula::v1 as pb;

use super::draw::{cell_name, hole_number, point_name};
use super::moves::{direction, draw_words, orientation_words};

/// `mv` in words, its points and holes named from `view` (the game just after the move)
/// where it has the board they are on.
pub fn describe(mv: &pb::Move, view: Option<&pb::View>) -> String {
    use pb::r#move::Kind;
    let at = |location: Option<&pb::Location>| location.map_or_else(|| "?".to_owned(), |l| name(l, view));
    match &mv.kind {
        Some(Kind::Place(place)) => match &place.target {
            Some(pb::place::Target::Cell(cell)) => cell_name(cell),
            Some(pb::place::Target::Column(column)) => format!("column {column}"),
            Some(pb::place::Target::Point(point)) => point_in(*point, view),
            Some(pb::place::Target::Ship(ship)) => {
                let bow = ship.bow.as_ref().map_or_else(|| "?".to_owned(), cell_name);
                format!("ship of {} at {bow} {}", ship.length, orientation_words(ship.orientation)[0])
            }
            Some(pb::place::Target::Fleet(fleet)) => format!("fleet of {} ships", fleet.ships.len()),
            None => "a placement".to_owned(),
        },
        Some(Kind::Move(piece)) => match (holes(piece, view), at(piece.from.as_ref()), at(piece.to.as_ref())) {
            (Some((from, to)), _, _) => format!("{from} to {to}"),
            (None, from, to) => format!("{from}-{to}"),
        },
        Some(Kind::GridShift(shift)) => format!("grid {}", direction(shift)),
        Some(Kind::Capture(capture)) => format!("x{}", at(capture.target.as_ref())),
        Some(Kind::Shot(shot)) => shot.target.as_ref().map_or_else(|| "a shot".to_owned(), cell_name),
        Some(Kind::Pass(_)) => "pass".to_owned(),
        Some(Kind::Ready(_)) => "ready".to_owned(),
        Some(Kind::Draw(draw)) => draw_words(draw)[0].to_owned(),
        None => "a move of a kind this client does not know".to_owned(),
    }
}

fn name(location: &pb::Location, view: Option<&pb::View>) -> String {
    match &location.at {
        Some(pb::location::At::Cell(cell)) => cell_name(cell),
        Some(pb::location::At::Point(point)) => point_in(*point, view),
        None => "?".to_owned(),
    }
}

/// A point by its name on the view's graph, or by its number without one.
fn point_in(point: u32, view: Option<&pb::View>) -> String {
    view.and_then(|view| point_name(view.graph.as_ref()?, point)).unwrap_or_else(|| format!("point {point}"))
}

/// A peg solitaire jump's holes, by number.
fn holes(piece: &pb::PieceMove, view: Option<&pb::View>) -> Option<(usize, usize)> {
    let view = view.filter(|view| view.kind == pb::GameKind::PegSolitaire as i32)?;
    let board = view.board.as_ref()?;
    let hole = |location: Option<&pb::Location>| match location?.at.as_ref()? {
        pb::location::At::Cell(cell) => hole_number(board, cell),
        pb::location::At::Point(_) => None,
    };
    Some((hole(piece.from.as_ref())?, hole(piece.to.as_ref())?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(target: pb::place::Target) -> pb::Move {
        pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(target) })) }
    }

    fn jump(from: pb::location::At, to: pb::location::At) -> pb::Move {
        let at = |at| Some(pb::Location { at: Some(at) });
        pb::Move {
            kind: Some(pb::r#move::Kind::Move(pb::PieceMove { from: at(from), to: at(to), ..Default::default() })),
        }
    }

    #[test]
    fn moves_are_named_as_their_labels_name_them() {
        let shot =
            pb::Move { kind: Some(pb::r#move::Kind::Shot(pb::Shot { target: Some(pb::Cell { row: 2, col: 3 }) })) };
        assert_eq!(describe(&shot, None), "d3");
        assert_eq!(describe(&place(pb::place::Target::Column(3)), None), "column 3");
        let ship = pb::ShipPlacement {
            bow: Some(pb::Cell { row: 1, col: 1 }),
            orientation: pb::Orientation::Vertical as i32,
            length: 3,
        };
        assert_eq!(describe(&place(pb::place::Target::Ship(ship)), None), "ship of 3 at b2 down");
        let cells = jump(
            pb::location::At::Cell(pb::Cell { row: 0, col: 0 }),
            pb::location::At::Cell(pb::Cell { row: 1, col: 1 }),
        );
        assert_eq!(describe(&cells, None), "a1-b2");
        assert_eq!(describe(&pb::Move { kind: None }, None), "a move of a kind this client does not know");
    }

    #[test]
    fn morris_points_and_peg_holes_are_named_from_the_board() {
        let points = vec![pb::GraphPoint { x: 0, y: 0, occupant: 0 }, pb::GraphPoint { x: 3, y: 0, occupant: 1 }];
        let graph = pb::GraphBoard { width: 7, height: 7, points, ..Default::default() };
        let morris = pb::View { kind: pb::GameKind::Morris as i32, graph: Some(graph), ..Default::default() };
        assert_eq!(describe(&place(pb::place::Target::Point(1)), Some(&morris)), "d7");
        assert_eq!(describe(&jump(pb::location::At::Point(0), pb::location::At::Point(1)), Some(&morris)), "a7-d7");
        assert_eq!(describe(&place(pb::place::Target::Point(1)), None), "point 1");

        // A triangle of three rows: holes 1; 2 3; 4 5 6, the cells right of the diagonal void.
        let void = pb::BoardCell { owner: 0, piece: pb::Piece::Void as i32 };
        let peg = pb::BoardCell { owner: 1, piece: pb::Piece::Mark as i32 };
        let hole = pb::BoardCell::default();
        let cells = vec![hole, void, void, peg, peg, void, peg, peg, peg];
        let board = pb::GridBoard { width: 3, height: 3, cells };
        let pegs = pb::View { kind: pb::GameKind::PegSolitaire as i32, board: Some(board), ..Default::default() };
        let from_six = jump(
            pb::location::At::Cell(pb::Cell { row: 2, col: 2 }),
            pb::location::At::Cell(pb::Cell { row: 0, col: 0 }),
        );
        assert_eq!(describe(&from_six, Some(&pegs)), "6 to 1");
    }
}
