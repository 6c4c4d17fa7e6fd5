//! The fingerprint a golden file records of a game's final state: what a spectator and
//! each seat see of it, and what each seat may do next, written in this file's own
//! notation.
//!
//! It is read only through the engine's public surface (`AnyMatch::view` and
//! `legal_moves`), never through the serde form of the state or `Debug` output. Renaming
//! a field or variant, reordering a struct, adding an observation field or changing how
//! snapshots are encoded therefore leaves it as it was; a changed rule does not, as soon
//! as it changes what stands where, whose turn it is, what a viewer may see, or which
//! moves are legal.

use tabula::engine::{
    Action, AnyMatch, BoardCell, Cell, ChangedCell, GridBoard, Location, Phase, Piece, PlaceTarget, Promotion, Seat,
    ShipPlacement, Stage, View, Viewer,
};

/// The fingerprint of `game`: the spectator's view line by line, then for each seat
/// either its own view (when it differs from the spectator's) or a line saying it does
/// not, and the seat's legal moves when it has any.
pub fn fingerprint(game: &dyn AnyMatch) -> Vec<String> {
    let spectator = view_lines(&game.view(Viewer::Spectator));
    let mut lines: Vec<String> = spectator.iter().map(|line| format!("spectator {line}")).collect();
    for index in 0..game.seat_count() {
        let seat = Seat::new(u8::try_from(index).expect("few seats"));
        let who = seat_name(seat);
        let seen = view_lines(&game.view(Viewer::Seat(seat)));
        if seen == spectator {
            lines.push(format!("{who} sees what the spectator sees"));
        } else {
            lines.extend(seen.iter().map(|line| format!("{who} {line}")));
        }
        let legal = game.legal_moves(seat);
        if !legal.is_empty() {
            lines.push(format!("{who} may: {}", legal.iter().map(action).collect::<Vec<_>>().join(" ")));
        }
    }
    lines
}

/// One viewer's view, one fact per line; facts a game does not have are left out.
fn view_lines(view: &View) -> Vec<String> {
    let seats = |seats: &[Seat]| seats.iter().map(|&s| s.number().to_string()).collect::<Vec<_>>().join(" ");
    let numbers = |values: &[u32]| values.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    let observation = &view.observation;
    let mut lines = vec![format!("to act: [{}], moves: {}", seats(&view.to_act), view.move_count)];
    if let Some(last) = &view.last_move {
        let what = last.action.as_ref().map_or_else(|| "hidden".to_owned(), action);
        let machine = last.machine_notation.as_ref().map(|notation| format!(" ({notation})")).unwrap_or_default();
        lines.push(format!("last move: {} {what}{machine}", seat_name(last.seat)));
    }
    if let Some(board) = &observation.board {
        lines.extend(board_rows(board).into_iter().map(|row| format!("board: {row}")));
    }
    if let Some(region) = observation.active_region {
        lines.push(format!(
            "active region: rows {}..{}, columns {}..{}",
            region.top,
            region.top + region.height,
            region.left,
            region.left + region.width
        ));
    }
    if let Some(graph) = &observation.graph {
        let points: String = graph.points.iter().map(|p| p.occupant.map_or('.', seat_digit)).collect();
        lines.push(format!("points: {points}"));
    }
    for (index, board) in observation.seat_boards.iter().enumerate() {
        let owner = seat_name(Seat::new(index as u8));
        lines.extend(board_rows(board).into_iter().map(|row| format!("{owner}'s board: {row}")));
    }
    if !observation.seat_in_hand.is_empty() {
        lines.push(format!("in hand: {}", numbers(&observation.seat_in_hand)));
    }
    if !observation.seat_counts.is_empty() {
        lines.push(format!("on the board: {}", numbers(&observation.seat_counts)));
    }
    if !observation.seat_phases.is_empty() {
        let phases: Vec<&str> = observation.seat_phases.iter().map(|&p| phase(p)).collect();
        lines.push(format!("phases: {}", phases.join(" ")));
    }
    if let Some(stage) = observation.stage {
        lines.push(format!("stage: {}", stage_name(stage)));
    }
    if !observation.last_changed.is_empty() {
        let changed: Vec<String> = observation.last_changed.iter().map(changed_cell).collect();
        lines.push(format!("changed: {}", changed.join(" ")));
    }
    if let Some(notation) = &observation.notation {
        lines.push(format!("notation: {notation}"));
    }
    if let Some(notation) = &observation.last_move_notation {
        lines.push(format!("last move notation: {notation}"));
    }
    if let Some(seat) = observation.draw_offer {
        lines.push(format!("draw offered by {}", seat_name(seat)));
    }
    lines
}

fn seat_name(seat: Seat) -> String {
    format!("seat {}", seat.number())
}

fn seat_digit(seat: Seat) -> char {
    char::from_digit(seat.number(), 10).expect("fewer than ten seats")
}

/// A board's rows, top first; each cell is two characters: what stands there (see
/// [`piece`]) and its owner's seat number, or `.` for no owner.
fn board_rows(board: &GridBoard) -> Vec<String> {
    (0..board.height).map(|row| (0..board.width).map(|col| glyph(board.at(Cell::new(row, col)))).collect()).collect()
}

fn glyph(cell: BoardCell) -> String {
    format!("{}{}", piece(cell.piece), cell.owner.map_or('.', seat_digit))
}

fn piece(piece: Piece) -> char {
    match piece {
        Piece::Empty => '.',
        Piece::Mark => 'x',
        Piece::Void => '-',
        Piece::Ship => 's',
        Piece::Hit => 'h',
        Piece::Miss => 'm',
        Piece::Sunk => 'w',
        Piece::Wall => '#',
        Piece::King => 'K',
        Piece::Queen => 'Q',
        Piece::Rook => 'R',
        Piece::Bishop => 'B',
        Piece::Knight => 'N',
        Piece::Pawn => 'P',
    }
}

fn phase(phase: Phase) -> &'static str {
    match phase {
        Phase::Placing => "placing",
        Phase::Moving => "moving",
        Phase::Flying => "flying",
        Phase::Capturing => "capturing",
    }
}

fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Placement => "placement",
        Stage::Play => "play",
        Stage::Finished => "finished",
    }
}

fn changed_cell(changed: &ChangedCell) -> String {
    match changed.seat_board {
        None => cell_name(changed.cell),
        Some(seat) => format!("{}:{}", seat.number(), cell_name(changed.cell)),
    }
}

/// A cell as its column letter and its row number from 1, row 1 being the top row (as
/// `Cell`'s `Display` writes it, whatever the game's own notation).
fn cell_name(cell: Cell) -> String {
    let column = u8::try_from(cell.col).ok().filter(|&c| c < 26).map_or('?', |c| char::from(b'a' + c));
    format!("{column}{}", cell.row + 1)
}

fn location(location: &Location) -> String {
    match location {
        Location::Cell(cell) => cell_name(*cell),
        Location::Point(point) => format!("p{point}"),
    }
}

fn ship(ship: &ShipPlacement) -> String {
    let orientation = match ship.orientation {
        tabula::engine::Orientation::Horizontal => "across",
        tabula::engine::Orientation::Vertical => "down",
    };
    format!("{}{orientation}{}", ship.length, cell_name(ship.bow))
}

fn piece_move(from: &Location, to: &Location, promotion: Option<Promotion>) -> String {
    let promotion = match promotion {
        None => "",
        Some(Promotion::Queen) => "=Q",
        Some(Promotion::Rook) => "=R",
        Some(Promotion::Bishop) => "=B",
        Some(Promotion::Knight) => "=N",
    };
    format!("{}-{}{promotion}", location(from), location(to))
}

/// An action in this file's notation.
fn action(action: &Action) -> String {
    match action {
        Action::Place(PlaceTarget::Cell(cell)) => cell_name(*cell),
        Action::Place(PlaceTarget::Column(column)) => format!("column{column}"),
        Action::Place(PlaceTarget::Point(point)) => format!("p{point}"),
        Action::Place(PlaceTarget::Ship(placement)) => format!("ship:{}", ship(placement)),
        Action::Place(PlaceTarget::Fleet(fleet)) => {
            format!("fleet:{}", fleet.iter().map(ship).collect::<Vec<_>>().join(","))
        }
        Action::Move { from, to, promotion } => piece_move(from, to, *promotion),
        Action::GridShift { d_row, d_col } => format!("shift({d_row},{d_col})"),
        Action::Capture(target) => format!("x{}", location(target)),
        Action::Shot(cell) => format!("*{}", cell_name(*cell)),
        Action::Pass => "pass".to_owned(),
        Action::Ready => "ready".to_owned(),
        Action::OfferDraw => "offer-draw".to_owned(),
        Action::AcceptDraw => "accept-draw".to_owned(),
        Action::DeclineDraw => "decline-draw".to_owned(),
        Action::ClaimDraw => "claim-draw".to_owned(),
        Action::WithdrawDraw => "withdraw-draw".to_owned(),
        Action::MoveAndClaimDraw { from, to, promotion } => format!("{}+claim", piece_move(from, to, *promotion)),
    }
}
