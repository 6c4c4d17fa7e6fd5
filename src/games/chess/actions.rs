//! Between engine actions and chess moves: how a move is written on the wire, and, for a
//! move that is refused, which rule it breaks.
//!
//! A move is `Action::Move` from one cell to another, row 0 being rank 8 and column 0
//! file a. Castling is written as the king's move to its destination (`e1` to `g1` or
//! `c1`) in standard chess, and as the king moving onto its own rook in Chess960, where
//! the destination alone can be ambiguous (a king on f1 may step to g1 or castle there).

use crate::engine::{Action, Cell, Location, MoveError, Promotion, Reason, Seat};

use super::attacks;
use super::board::{Bitboard, Color, Role, Square};
use super::position::{CastleSide, Move, Position};

/// The seat that plays `color`: White is the first seat.
pub const fn seat(color: Color) -> Seat {
    match color {
        Color::White => Seat::FIRST,
        Color::Black => Seat::SECOND,
    }
}

/// The engine's promotion for a role a pawn may become.
pub fn promotion(role: Role) -> Promotion {
    match role {
        Role::Rook => Promotion::Rook,
        Role::Bishop => Promotion::Bishop,
        Role::Knight => Promotion::Knight,
        _ => Promotion::Queen,
    }
}

/// The role an engine promotion stands for.
pub const fn promotion_role(promotion: Promotion) -> Role {
    match promotion {
        Promotion::Queen => Role::Queen,
        Promotion::Rook => Role::Rook,
        Promotion::Bishop => Role::Bishop,
        Promotion::Knight => Role::Knight,
    }
}

/// The cells `mv` goes from and to, in the wire's castling convention.
pub fn cells(position: &Position, mv: Move, chess960: bool) -> (Cell, Cell) {
    let to = if position.is_castling(mv) && !chess960 { position.castling_king_destination(mv) } else { mv.to };
    (mv.from.cell(), to.cell())
}

/// The action that plays the legal move `mv`.
pub fn to_action(position: &Position, mv: Move, chess960: bool) -> Action {
    let (from, to) = cells(position, mv, chess960);
    Action::Move { from: Location::Cell(from), to: Location::Cell(to), promotion: mv.promotion.map(promotion) }
}

/// The action that plays the legal move `mv` and claims a draw.
pub fn to_claiming_action(position: &Position, mv: Move, chess960: bool) -> Action {
    let (from, to) = cells(position, mv, chess960);
    Action::MoveAndClaimDraw {
        from: Location::Cell(from),
        to: Location::Cell(to),
        promotion: mv.promotion.map(promotion),
    }
}

fn square(location: Location, what: &str) -> Result<Square, MoveError> {
    match location {
        Location::Cell(cell) => Square::from_cell(cell).ok_or_else(|| {
            MoveError::new(
                Reason::OutOfBounds,
                format!(
                    "the {what} cell (row {}, column {}) is off the board; rows and columns go from 0 to 7",
                    cell.row, cell.col
                ),
            )
        }),
        Location::Point(_) => Err(MoveError::new(
            Reason::MoveKindNotAllowed,
            "chess moves go from one cell of the board to another, not between points",
        )),
    }
}

fn illegal(message: impl Into<String>) -> MoveError {
    MoveError::new(Reason::IllegalMove, message)
}

/// The legal move of `position` that a wire move names.
///
/// # Errors
/// Why the move is refused, in the terms of the rule it breaks.
pub fn resolve(
    position: &Position,
    legal: &[Move],
    chess960: bool,
    from: Location,
    to: Location,
    promotion: Option<Promotion>,
) -> Result<Move, MoveError> {
    let (from, to) = (square(from, "starting")?, square(to, "destination")?);
    let us = position.turn();
    let Some((color, role)) = position.board().piece_at(from) else {
        return Err(illegal(format!("there is no piece on {from}")));
    };
    if color != us {
        return Err(MoveError::new(
            Reason::NotYourPiece,
            format!("the {} on {from} is {}'s; you play {}", role.name(), color.name(), us.name()),
        ));
    }
    let castle = castling_attempt(position, chess960, from, to, role);
    let promotes = role == Role::Pawn && to.rank() == us.other().back_rank();
    if promotion.is_some() && !promotes {
        return Err(MoveError::new(
            Reason::PromotionNotAllowed,
            "only a pawn reaching the last rank promotes; send this move without a promotion",
        ));
    }
    let candidate =
        Move { from, to: castle.map_or(to, |(_, rook)| rook), role, promotion: promotion.map(promotion_role) };
    // Castling is listed in its internal form (the king onto its rook), which the wire
    // uses in Chess960 only; in standard chess that form must not slip through.
    let castling_form_ok = castle.is_some() || !position.is_castling(candidate);
    if castling_form_ok && legal.contains(&candidate) {
        return Ok(candidate);
    }
    if promotes && promotion.is_none() && legal.iter().any(|m| m.from == from && m.to == to) {
        return Err(MoveError::new(
            Reason::PromotionRequired,
            format!("the pawn reaching {to} must promote: choose a queen, rook, bishop or knight"),
        ));
    }
    Err(explain(position, chess960, from, to, role, castle))
}

/// When the wire move is a castling attempt, its side and the square its rook stands on
/// (or would stand on).
fn castling_attempt(
    position: &Position,
    chess960: bool,
    from: Square,
    to: Square,
    role: Role,
) -> Option<(CastleSide, Square)> {
    let us = position.turn();
    if role != Role::King || from.rank() != us.back_rank() || to.rank() != from.rank() {
        return None;
    }
    if chess960 {
        let rook = position.board().pieces(us, Role::Rook).has(to).then_some(to)?;
        Some((CastleSide::of(from, rook), rook))
    } else if from.file() == 4 && (to.file() == 6 || to.file() == 2) {
        let side = if to.file() == 6 { CastleSide::King } else { CastleSide::Queen };
        let corner = Square::from_coords(if side == CastleSide::King { 7 } else { 0 }, us.back_rank());
        Some((side, corner))
    } else {
        None
    }
}

/// Why a move that is not legal is refused.
fn explain(
    position: &Position,
    chess960: bool,
    from: Square,
    to: Square,
    role: Role,
    castle: Option<(CastleSide, Square)>,
) -> MoveError {
    let us = position.turn();
    let board = position.board();
    if let Some((side, rook)) = castle {
        return illegal(explain_castling(position, side, rook));
    }
    if let Some(own) = board.piece_at(to).filter(|(color, _)| *color == us).map(|(_, role)| role) {
        let hint = match (role, own) {
            (Role::King, Role::Rook) if !chess960 => "; to castle, move the king two squares towards the rook",
            _ => "",
        };
        return illegal(format!(
            "your {} on {from} cannot move onto your own {} on {to}{hint}",
            role.name(),
            own.name()
        ));
    }
    if pseudo_targets(position, from, role).has(to) {
        return illegal(if position.is_check() {
            "your king is in check and would still be in check after that move".to_owned()
        } else {
            "your king would be in check after that move".to_owned()
        });
    }
    let hint = if chess960 && role == Role::King && from.rank() == to.rank() && from.file().abs_diff(to.file()) >= 2 {
        "; in Chess960, castle by moving the king onto the rook"
    } else {
        ""
    };
    illegal(format!("the {} on {from} cannot move to {to}{hint}", role.name()))
}

fn explain_castling(position: &Position, side: CastleSide, rook: Square) -> String {
    let us = position.turn();
    let side_name = match side {
        CastleSide::King => "king-side",
        CastleSide::Queen => "queen-side",
    };
    if position.castles().rook(us, side) != Some(rook) {
        return format!("{} may no longer castle {side_name}: the king or that rook has moved", us.name());
    }
    if position.is_check() {
        return "you cannot castle out of check".to_owned();
    }
    let king = position.king(us);
    let (king_to, rook_to) = side.destinations(us);
    let path = attacks::between(king, king_to) | king_to.bb() | attacks::between(rook, rook_to) | rook_to.bb();
    if (path & position.board().occupied() & !(king.bb() | rook.bb())).any() {
        return "castling needs the squares between the king and its rook, and both their destinations, empty"
            .to_owned();
    }
    "the king cannot castle through or into a square the opponent attacks".to_owned()
}

/// Where the piece on `from` could go by its way of moving, ignoring its own king's safety.
fn pseudo_targets(position: &Position, from: Square, role: Role) -> Bitboard {
    let board = position.board();
    let us = position.turn();
    let occupied = board.occupied();
    let not_ours = !board.color(us);
    match role {
        Role::Pawn => {
            let empty = !occupied;
            let push = from.bb().forward(us) & empty;
            let start_rank = Bitboard::rank(if us == Color::White { 1 } else { 6 });
            let double = if start_rank.has(from) { push.forward(us) & empty } else { Bitboard::EMPTY };
            let targets = board.color(us.other()) | position.en_passant().map_or(Bitboard::EMPTY, Square::bb);
            push | double | (attacks::pawn(us, from) & targets)
        }
        Role::Knight => attacks::knight(from) & not_ours,
        Role::Bishop => attacks::bishop(from, occupied) & not_ours,
        Role::Rook => attacks::rook(from, occupied) & not_ours,
        Role::Queen => attacks::queen(from, occupied) & not_ours,
        Role::King => attacks::king(from) & not_ours,
    }
}
