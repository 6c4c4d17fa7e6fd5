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
    /// Called off before it got going: no result.
    Aborted,
    /// Decided from outside the game (a tournament director, an arbiter): a win or a draw.
    Adjudication,
    /// A seat's time ran out: its opponent wins (in a one-seat game, a draw).
    Timeout,
    /// A seat's time ran out, but its opponent could not have won by any series of legal
    /// moves: a draw (chess, per FIDE).
    TimeoutVsInsufficientMaterial,
    /// Misère play: the loser completed a line, which loses. The outcome's `line` holds it.
    OpponentLine,
}

/// Why a game was won: only the reasons that can make a winner, so that a won game can
/// never give a drawing reason. Each is named as in [`EndReason`], which is what a stored
/// log writes (the serde form is the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// See [`EndReason::Line`].
    Line,
    /// The other seat resigned.
    Resignation,
    /// See [`EndReason::TooFewPieces`].
    TooFewPieces,
    /// See [`EndReason::Blocked`].
    Blocked,
    /// See [`EndReason::AllShipsSunk`].
    AllShipsSunk,
    /// See [`EndReason::Solved`].
    Solved,
    /// See [`EndReason::SolvedInStartCell`].
    SolvedInStartCell,
    /// More pieces on the board when play stopped.
    PieceCount,
    /// See [`EndReason::Checkmate`].
    Checkmate,
    /// See [`EndReason::Adjudication`].
    Adjudication,
    /// See [`EndReason::Timeout`].
    Timeout,
    /// See [`EndReason::OpponentLine`].
    OpponentLine,
}

/// Why a game was drawn: only the reasons that can end a game without a winner, so that
/// a draw by checkmate cannot be written. Named as in [`EndReason`] (the same serde form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    /// See [`EndReason::BoardFull`].
    BoardFull,
    /// The only seat of a one-seat game resigned.
    Resignation,
    /// See [`EndReason::Repetition`].
    Repetition,
    /// See [`EndReason::MoveLimit`].
    MoveLimit,
    /// See [`EndReason::SimultaneousLines`].
    SimultaneousLines,
    /// See [`EndReason::NoMovesLeft`].
    NoMovesLeft,
    /// Equal piece counts when play stopped.
    PieceCount,
    /// See [`EndReason::Stalemate`].
    Stalemate,
    /// See [`EndReason::FiftyMoveRule`].
    FiftyMoveRule,
    /// See [`EndReason::SeventyFiveMoveRule`].
    SeventyFiveMoveRule,
    /// See [`EndReason::ThreefoldRepetition`].
    ThreefoldRepetition,
    /// See [`EndReason::FivefoldRepetition`].
    FivefoldRepetition,
    /// See [`EndReason::InsufficientMaterial`].
    InsufficientMaterial,
    /// See [`EndReason::Agreement`].
    Agreement,
    /// See [`EndReason::Adjudication`].
    Adjudication,
    /// See [`EndReason::Timeout`]: a one-seat game whose time ran out.
    Timeout,
    /// See [`EndReason::TimeoutVsInsufficientMaterial`].
    TimeoutVsInsufficientMaterial,
}

/// Why a game ended with no result at all (neither a win nor a draw). Named as in
/// [`EndReason`] (the same serde form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NoResultReason {
    /// See [`EndReason::Aborted`].
    Aborted,
}

impl From<WinReason> for EndReason {
    fn from(reason: WinReason) -> EndReason {
        match reason {
            WinReason::Line => EndReason::Line,
            WinReason::Resignation => EndReason::Resignation,
            WinReason::TooFewPieces => EndReason::TooFewPieces,
            WinReason::Blocked => EndReason::Blocked,
            WinReason::AllShipsSunk => EndReason::AllShipsSunk,
            WinReason::Solved => EndReason::Solved,
            WinReason::SolvedInStartCell => EndReason::SolvedInStartCell,
            WinReason::PieceCount => EndReason::PieceCount,
            WinReason::Checkmate => EndReason::Checkmate,
            WinReason::Adjudication => EndReason::Adjudication,
            WinReason::Timeout => EndReason::Timeout,
            WinReason::OpponentLine => EndReason::OpponentLine,
        }
    }
}

impl From<DrawReason> for EndReason {
    fn from(reason: DrawReason) -> EndReason {
        match reason {
            DrawReason::BoardFull => EndReason::BoardFull,
            DrawReason::Resignation => EndReason::Resignation,
            DrawReason::Repetition => EndReason::Repetition,
            DrawReason::MoveLimit => EndReason::MoveLimit,
            DrawReason::SimultaneousLines => EndReason::SimultaneousLines,
            DrawReason::NoMovesLeft => EndReason::NoMovesLeft,
            DrawReason::PieceCount => EndReason::PieceCount,
            DrawReason::Stalemate => EndReason::Stalemate,
            DrawReason::FiftyMoveRule => EndReason::FiftyMoveRule,
            DrawReason::SeventyFiveMoveRule => EndReason::SeventyFiveMoveRule,
            DrawReason::ThreefoldRepetition => EndReason::ThreefoldRepetition,
            DrawReason::FivefoldRepetition => EndReason::FivefoldRepetition,
            DrawReason::InsufficientMaterial => EndReason::InsufficientMaterial,
            DrawReason::Agreement => EndReason::Agreement,
            DrawReason::Adjudication => EndReason::Adjudication,
            DrawReason::Timeout => EndReason::Timeout,
            DrawReason::TimeoutVsInsufficientMaterial => EndReason::TimeoutVsInsufficientMaterial,
        }
    }
}

impl From<NoResultReason> for EndReason {
    fn from(reason: NoResultReason) -> EndReason {
        match reason {
            NoResultReason::Aborted => EndReason::Aborted,
        }
    }
}

/// The result of a finished game. A win carries a [`WinReason`], a draw a [`DrawReason`]
/// and a game without result a [`NoResultReason`], so an outcome whose reason contradicts
/// its result cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// `winner` won. `line` holds the winning line's cells in order along the line when
    /// the game was won by a line, and is empty otherwise.
    Win { winner: Seat, reason: WinReason, line: Vec<Cell> },
    /// Nobody won.
    Draw { reason: DrawReason },
    /// The game counts for nothing: neither a win nor a draw.
    NoResult { reason: NoResultReason },
}

impl Outcome {
    /// The winning seat, if any.
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } | Outcome::NoResult { .. } => None,
        }
    }

    /// Why the game ended.
    pub fn reason(&self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } => (*reason).into(),
            Outcome::Draw { reason } => (*reason).into(),
            Outcome::NoResult { reason } => (*reason).into(),
        }
    }
}
