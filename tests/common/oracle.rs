//! An oracle for served views: renders the engine's domain view into the wire `View`,
//! written from the meaning the contract's comments give each field (`tabula/v1/view.proto`,
//! `move.proto`, `game.proto`), without the server's own conversion code. A served view is
//! compared with the oracle's rendering of the engine's replay of the game's log, so a bug
//! in the server's conversion shows up as a difference instead of sitting on both sides.

use tabula::engine::{
    Action, BoardCell, Cell, CellNames, ChangedCell, EndReason, GraphBoard, GridBoard, LastMove, Location, Observation,
    Orientation, Outcome, Phase, Piece, PlaceTarget, Promotion, Region, Seat, ShipPlacement, Stage, View, Viewer,
};
use tabula::games::GameKind;

use super::pb;

/// The wire view of `view`, the view of game `game_id` (of `kind`) as of event `seq`.
pub fn view(game_id: &str, kind: GameKind, seq: u64, view: &View) -> pb::View {
    let View { viewer, observation, to_act, outcome, last_move, move_count, takeback_request } = view;
    let Observation {
        board,
        active_region,
        seat_in_hand,
        graph,
        seat_counts,
        seat_phases,
        stage,
        seat_boards,
        last_changed,
        notation,
        last_move_notation,
        draw_offer,
    } = observation;
    // "`GAME_STATUS_IN_PROGRESS` or `GAME_STATUS_FINISHED`": finished exactly when the game
    // has a result ("The result, present once the game is finished").
    let status = if outcome.is_some() { pb::GameStatus::Finished } else { pb::GameStatus::InProgress };
    pb::View {
        // The clocks are no part of a replay: games compared with the oracle have none.
        clock: None,
        // "empty otherwise": games compared with the oracle keep no presence.
        presence: Vec::new(),
        // "For a rated game": games compared with the oracle are not rated.
        rating: None,
        game_id: game_id.to_owned(),
        kind: game_kind(kind) as i32,
        // "The seat this view was built for (numbered from 1); 0 for a spectator".
        viewer_seat: match viewer {
            Viewer::Seat(seat) => seat_number(*seat),
            Viewer::Spectator => 0,
        },
        board: board.as_ref().map(grid_board),
        to_act: to_act.iter().map(|&seat| seat_number(seat)).collect(),
        status: status as i32,
        outcome: outcome.as_ref().map(self::outcome),
        last_move: last_move.as_ref().map(|last| self::last_move(last, last_move_notation.as_deref())),
        move_count: *move_count,
        seq,
        active_region: active_region.map(region),
        seat_in_hand: seat_in_hand.clone(),
        graph: graph.as_ref().map(graph_board),
        seat_counts: seat_counts.clone(),
        seat_counts_label: if seat_counts.is_empty() { String::new() } else { counted(kind).to_owned() },
        seat_phases: seat_phases.iter().map(|&p| phase(p) as i32).collect(),
        stage: stage.map_or(pb::Stage::Unspecified, self::stage) as i32,
        seat_boards: seat_boards.iter().map(grid_board).collect(),
        last_changed: last_changed.iter().map(changed_cell).collect(),
        // "empty where the game has none".
        notation: notation.clone().unwrap_or_default(),
        // "0 when none does".
        draw_offer: draw_offer.map_or(0, seat_number),
        // "The seat whose takeback request awaits the other seat's answer (`AnswerTakeBack`),
        // numbered from 1; 0 when none does".
        takeback_request: takeback_request.map_or(0, seat_number),
        // Who sits in the seats is no part of a replay: games compared with the oracle name nobody.
        players: Vec::new(),
    }
}

/// The wire form of `action`, as events and legal-move lists carry it.
pub fn action(action: &Action) -> pb::Move {
    use pb::r#move::Kind;
    let draw = |what: pb::DrawAction| Kind::Draw(pb::Draw { action: what as i32 });
    let kind = match action {
        Action::Place(target) => Kind::Place(pb::Place { target: Some(place_target(target)) }),
        Action::Move { from, to, promotion } => Kind::Move(piece_move(from, to, promotion, false)),
        // "`PieceMove.claim_draw` claims the draw a move leads to".
        Action::MoveAndClaimDraw { from, to, promotion } => Kind::Move(piece_move(from, to, promotion, true)),
        Action::GridShift { d_row, d_col } => Kind::GridShift(pb::GridShift { d_row: *d_row, d_col: *d_col }),
        Action::Capture(target) => Kind::Capture(pb::Capture { target: Some(location(target)) }),
        Action::Shot(target) => Kind::Shot(pb::Shot { target: Some(cell(*target)) }),
        Action::Pass => Kind::Pass(pb::Pass {}),
        Action::Ready => Kind::Ready(pb::Ready {}),
        Action::OfferDraw => draw(pb::DrawAction::Offer),
        Action::AcceptDraw => draw(pb::DrawAction::Accept),
        Action::DeclineDraw => draw(pb::DrawAction::Decline),
        Action::ClaimDraw => draw(pb::DrawAction::Claim),
        Action::WithdrawDraw => draw(pb::DrawAction::Withdraw),
    };
    pb::Move { kind: Some(kind) }
}

/// "seats are numbered from 1".
fn seat_number(seat: Seat) -> u32 {
    seat.index() as u32 + 1
}

/// The contract's number for `kind`.
/// What the contract says each kind's `seat_counts` count.
fn counted(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Morris => "pieces on the board",
        GameKind::Reversi => "discs",
        GameKind::Battleship => "ships afloat",
        GameKind::PegSolitaire => "pegs left",
        _ => "",
    }
}

pub fn game_kind(kind: GameKind) -> pb::GameKind {
    match kind {
        GameKind::TicTacToe => pb::GameKind::TicTacToe,
        GameKind::ConnectFour => pb::GameKind::ConnectFour,
        GameKind::Gomoku => pb::GameKind::Gomoku,
        GameKind::TicTacTwo => pb::GameKind::TicTacTwo,
        GameKind::Morris => pb::GameKind::Morris,
        GameKind::Battleship => pb::GameKind::Battleship,
        GameKind::PegSolitaire => pb::GameKind::PegSolitaire,
        GameKind::Reversi => pb::GameKind::Reversi,
        GameKind::Chess => pb::GameKind::Chess,
    }
}

fn cell(cell: Cell) -> pb::Cell {
    pb::Cell { row: cell.row, col: cell.col }
}

fn grid_board(board: &GridBoard) -> pb::GridBoard {
    // "The cells in row-major order from the top-left ... Always `width * height` entries."
    assert_eq!(board.cells.len(), (board.width * board.height) as usize, "a grid board has width × height cells");
    let CellNames { columns, rows, cells } = &board.names;
    // "One name per cell in the order of `cells`" when there are any.
    assert!(cells.is_empty() || cells.len() == board.cells.len(), "a name for every cell, or none");
    pb::GridBoard {
        width: board.width,
        height: board.height,
        cells: board.cells.iter().map(board_cell).collect(),
        column_labels: columns.clone(),
        row_labels: rows.clone(),
        cell_labels: cells.clone(),
    }
}

fn board_cell(board_cell: &BoardCell) -> pb::BoardCell {
    let BoardCell { owner, piece } = *board_cell;
    let piece = match piece {
        Piece::Empty => pb::Piece::Unspecified,
        Piece::Mark => pb::Piece::Mark,
        Piece::Void => pb::Piece::Void,
        Piece::Ship => pb::Piece::Ship,
        Piece::Hit => pb::Piece::Hit,
        Piece::Miss => pb::Piece::Miss,
        Piece::Sunk => pb::Piece::Sunk,
        Piece::Wall => pb::Piece::Wall,
        Piece::King => pb::Piece::King,
        Piece::Queen => pb::Piece::Queen,
        Piece::Rook => pb::Piece::Rook,
        Piece::Bishop => pb::Piece::Bishop,
        Piece::Knight => pb::Piece::Knight,
        Piece::Pawn => pb::Piece::Pawn,
    };
    // "0 when nothing does, and for what belongs to nobody".
    pb::BoardCell { owner: owner.map_or(0, seat_number), piece: piece as i32 }
}

fn region(region: Region) -> pb::Region {
    let Region { top, left, height, width } = region;
    pb::Region { top, left, height, width }
}

fn graph_board(graph: &GraphBoard) -> pb::GraphBoard {
    assert_eq!(graph.point_names.len(), graph.points.len(), "every point is named");
    pb::GraphBoard {
        width: graph.width,
        height: graph.height,
        points: graph
            .points
            .iter()
            // "The seat whose piece stands here (numbered from 1); 0 when the point is empty."
            .zip(&graph.point_names)
            .map(|(p, name)| pb::GraphPoint {
                x: p.x,
                y: p.y,
                occupant: p.occupant.map_or(0, seat_number),
                // "The point's name in the game's move labels".
                label: name.clone(),
            })
            .collect(),
        // "Index of one end ... (the smaller of the two)", "the other end ... (the larger)".
        edges: graph.edges.iter().map(|&(a, b)| pb::GraphEdge { a: a.min(b), b: a.max(b) }).collect(),
        lines: graph.lines.iter().map(|line| pb::PointLine { points: line.clone() }).collect(),
    }
}

fn phase(phase: Phase) -> pb::Phase {
    match phase {
        Phase::Placing => pb::Phase::Placing,
        Phase::Moving => pb::Phase::Moving,
        Phase::Flying => pb::Phase::Flying,
        Phase::Capturing => pb::Phase::Capturing,
    }
}

fn stage(stage: Stage) -> pb::Stage {
    match stage {
        Stage::Placement => pb::Stage::Placement,
        Stage::Play => pb::Stage::Play,
        Stage::Finished => pb::Stage::Finished,
    }
}

fn changed_cell(changed: &ChangedCell) -> pb::ChangedCell {
    // "0 for `View.board`; otherwise the seat (numbered from 1) whose entry of
    // `View.seat_boards` the cell lies on."
    pb::ChangedCell { seat_board: changed.seat_board.map_or(0, seat_number), cell: Some(cell(changed.cell)) }
}

fn outcome(outcome: &Outcome) -> pb::Outcome {
    match outcome {
        Outcome::Win { winner, reason, line } => pb::Outcome {
            r#type: pb::OutcomeType::Win as i32,
            winner: seat_number(*winner),
            reason: end_reason((*reason).into()) as i32,
            winning_line: line.iter().map(|&c| cell(c)).collect(),
        },
        // "Nobody won; `Outcome.winner` is 0."
        Outcome::Draw { reason } => pb::Outcome {
            r#type: pb::OutcomeType::Draw as i32,
            winner: 0,
            reason: end_reason((*reason).into()) as i32,
            winning_line: Vec::new(),
        },
        // "The game counts for nothing ...; `Outcome.winner` is 0."
        Outcome::NoResult { reason } => pb::Outcome {
            r#type: pb::OutcomeType::NoResult as i32,
            winner: 0,
            reason: end_reason((*reason).into()) as i32,
            winning_line: Vec::new(),
        },
    }
}

fn end_reason(reason: EndReason) -> pb::EndReason {
    match reason {
        EndReason::Line => pb::EndReason::Line,
        EndReason::BoardFull => pb::EndReason::BoardFull,
        EndReason::Resignation => pb::EndReason::Resignation,
        EndReason::Repetition => pb::EndReason::Repetition,
        EndReason::MoveLimit => pb::EndReason::MoveLimit,
        EndReason::SimultaneousLines => pb::EndReason::SimultaneousLines,
        EndReason::TooFewPieces => pb::EndReason::TooFewPieces,
        EndReason::Blocked => pb::EndReason::Blocked,
        EndReason::AllShipsSunk => pb::EndReason::AllShipsSunk,
        EndReason::Solved => pb::EndReason::Solved,
        EndReason::SolvedInStartCell => pb::EndReason::SolvedInStartCell,
        EndReason::NoMovesLeft => pb::EndReason::NoMovesLeft,
        EndReason::PieceCount => pb::EndReason::PieceCount,
        EndReason::Checkmate => pb::EndReason::Checkmate,
        EndReason::Stalemate => pb::EndReason::Stalemate,
        EndReason::FiftyMoveRule => pb::EndReason::FiftyMoveRule,
        EndReason::SeventyFiveMoveRule => pb::EndReason::SeventyFiveMoveRule,
        EndReason::ThreefoldRepetition => pb::EndReason::ThreefoldRepetition,
        EndReason::FivefoldRepetition => pb::EndReason::FivefoldRepetition,
        EndReason::InsufficientMaterial => pb::EndReason::InsufficientMaterial,
        EndReason::Agreement => pb::EndReason::Agreement,
        EndReason::Aborted => pb::EndReason::Aborted,
        EndReason::Adjudication => pb::EndReason::Adjudication,
        EndReason::Timeout => pb::EndReason::Timeout,
        EndReason::TimeoutVsInsufficientMaterial => pb::EndReason::TimeoutVsInsufficientMaterial,
        EndReason::OpponentLine => pb::EndReason::OpponentLine,
    }
}

fn last_move(last: &LastMove, people_notation: Option<&str>) -> pb::LastMove {
    let LastMove { seat, action, machine_notation, label } = last;
    let redacted = action.is_none();
    pb::LastMove {
        seat: seat_number(*seat),
        // "absent when this viewer may not see it (see `redacted`)".
        r#move: action.as_ref().map(self::action),
        // "True when the move was made but its content is hidden from this viewer".
        redacted,
        // "empty where the game has none or the move is redacted".
        notation: if redacted { String::new() } else { people_notation.unwrap_or_default().to_owned() },
        // "empty where the game has none".
        uci: machine_notation.clone().unwrap_or_default(),
        // "empty when the move is redacted".
        label: if redacted { String::new() } else { label.clone().unwrap_or_default() },
    }
}

fn location(location: &Location) -> pb::Location {
    use pb::location::At;
    let at = match *location {
        Location::Cell(c) => At::Cell(cell(c)),
        Location::Point(point) => At::Point(point),
    };
    pb::Location { at: Some(at) }
}

fn piece_move(from: &Location, to: &Location, promotion: &Option<Promotion>, claim_draw: bool) -> pb::PieceMove {
    let promotion = match promotion {
        // "unspecified for every other move".
        None => pb::Promotion::Unspecified,
        Some(Promotion::Queen) => pb::Promotion::Queen,
        Some(Promotion::Rook) => pb::Promotion::Rook,
        Some(Promotion::Bishop) => pb::Promotion::Bishop,
        Some(Promotion::Knight) => pb::Promotion::Knight,
    };
    pb::PieceMove { from: Some(location(from)), to: Some(location(to)), promotion: promotion as i32, claim_draw }
}

fn place_target(target: &PlaceTarget) -> pb::place::Target {
    use pb::place::Target;
    match target {
        PlaceTarget::Cell(c) => Target::Cell(cell(*c)),
        PlaceTarget::Column(column) => Target::Column(*column),
        PlaceTarget::Point(point) => Target::Point(*point),
        PlaceTarget::Ship(ship) => Target::Ship(ship_placement(ship)),
        PlaceTarget::Fleet(ships) => Target::Fleet(pb::Fleet { ships: ships.iter().map(ship_placement).collect() }),
    }
}

fn ship_placement(ship: &ShipPlacement) -> pb::ShipPlacement {
    let orientation = match ship.orientation {
        Orientation::Horizontal => pb::Orientation::Horizontal,
        Orientation::Vertical => pb::Orientation::Vertical,
    };
    pb::ShipPlacement { bow: Some(cell(ship.bow)), orientation: orientation as i32, length: ship.length }
}
