use super::{Cell, Seat};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A seat completed a winning line.
    Line,
    /// The board filled up with no winner.
    BoardFull,
    /// A seat resigned.
    Resignation,
    /// Play stopped by the rules (no seat could move, or the board filled up) and the
    /// seats' pieces on the board were counted: most pieces wins, equal counts draw.
    PieceCount,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` won. `line` holds the winning line's cells in order along the line when
    /// the game was won by a line, and is empty otherwise.
    Win { winner: Seat, reason: EndReason, line: Vec<Cell> },
    /// Nobody won.
    Draw { reason: EndReason },
}

impl Outcome {
    /// The winning seat, if any.
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub fn reason(&self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => *reason,
        }
    }
}
