//! UCI long algebraic notation (`e2e4`, `e7e8q`), the form engines and most tools use.
//!
//! Castling is written as the king's move to its destination (`e1g1`) in standard chess
//! and as the king taking its own rook (`e1h1`) in Chess960, the UCI_Chess960 convention.
//! These are exactly the two wire encodings of castling, so the UCI of an engine action
//! is a function of the action alone: see [`action_uci`].

use crate::engine::{Action, Location, Promotion};

use super::board::Square;
use super::position::{Move, Position};

/// The UCI of the legal move `mv` in `position`.
pub fn to_uci(position: &Position, mv: Move, chess960: bool) -> String {
    let to = if position.is_castling(mv) && !chess960 { position.castling_king_destination(mv) } else { mv.to };
    let mut text = format!("{}{}", mv.from, to);
    if let Some(role) = mv.promotion {
        text.push(role.char());
    }
    text
}

/// `text` names no legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a legal move here")]
pub struct UciError {
    /// What was read.
    pub text: String,
}

/// The legal move of `position` whose UCI is `text`.
///
/// # Errors
/// When `text` names no legal move.
pub fn parse(position: &Position, text: &str, chess960: bool) -> Result<Move, UciError> {
    position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| to_uci(position, mv, chess960) == text)
        .ok_or_else(|| UciError { text: text.to_owned() })
}

/// The UCI of a piece move given as an engine action (`Move` or `MoveAndClaimDraw` between
/// two cells of the 8×8 board); `None` for any other action.
pub fn action_uci(action: &Action) -> Option<String> {
    let (Action::Move { from: Location::Cell(from), to: Location::Cell(to), promotion }
    | Action::MoveAndClaimDraw { from: Location::Cell(from), to: Location::Cell(to), promotion }) = action
    else {
        return None;
    };
    let (from, to) = (Square::from_cell(*from)?, Square::from_cell(*to)?);
    let mut text = format!("{from}{to}");
    if let Some(promotion) = promotion {
        text.push(match promotion {
            Promotion::Queen => 'q',
            Promotion::Rook => 'r',
            Promotion::Bishop => 'b',
            Promotion::Knight => 'n',
        });
    }
    Some(text)
}
