use serde::{Deserialize, Serialize};

use super::{Cell, Seat};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// A seat completed a winning line.
    Line,
    /// The board filled up with no winner.
    BoardFull,
    /// A seat resigned.
    Resignation,
    /// The same position, with the same seat to move, occurred as many times as the
    /// game's repetition rule allows; the game is drawn.
    Repetition,
    /// The game reached its configured maximum number of moves without a result; drawn.
    MoveLimit,
    /// One move completed winning lines for more than one seat at once, and the game's
    /// rules count that as a draw.
    SimultaneousLines,
    /// The loser has too few pieces left to go on (Morris: fewer than three).
    TooFewPieces,
    /// The loser had no legal move on its turn.
    Blocked,
    /// Every ship of the losing seat was sunk.
    AllShipsSunk,
    /// A one-seat puzzle ended with a single piece left: solved. The outcome's `line`
    /// holds that piece's cell.
    Solved,
    /// Solved, and the last piece stands where the puzzle's first empty cell was (the
    /// harder "complement" finish). The outcome's `line` holds that piece's cell.
    SolvedInStartCell,
    /// No legal move is left and the goal was not reached.
    NoMovesLeft,
    /// Play stopped by the rules (no seat could move, or the board filled up) and the
    /// seats' pieces on the board were counted: most pieces wins, equal counts draw.
    PieceCount,
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Drawn on a claim: fifty moves by each side without a capture or pawn move.
    FiftyMoveRule,
    /// Drawn automatically: seventy-five moves by each side without a capture or pawn move.
    SeventyFiveMoveRule,
    /// Drawn on a claim: the same position for the third time.
    ThreefoldRepetition,
    /// Drawn automatically: the same position for the fifth time.
    FivefoldRepetition,
    /// Drawn automatically: neither side has the material left to checkmate.
    InsufficientMaterial,
    /// Drawn by the players' agreement (an offer accepted).
    Agreement,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
