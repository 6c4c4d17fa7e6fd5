//! The rules core: the [`Rules`] trait every game implements, and the types all games
//! share. Pure rules: no I/O, no async runtime, no protobuf types.
//!
//! A game implements [`Rules`] (its position and how moves change it). [`Match`] wraps a
//! position with what every game needs in the same way: the turn check, resignation, the
//! move log and its replay. A move reaches [`Rules::apply`] only with a [`Mover`], which
//! only `Match` makes, after that turn check. [`AnyMatch`] erases the game type so that
//! the layers above can hold a match of any kind.

mod action;
mod analysis;
pub mod bot;
pub mod clock;
mod error;
pub mod grid;
mod mover;
mod options;
mod outcome;
pub mod perft;
#[cfg(test)]
mod race;
mod rules;
mod seat;
mod session;
mod snapshot;
mod solutions;
#[cfg(test)]
pub(crate) mod tactics;
mod view;

pub use action::{Action, Cell, Location, Orientation, PlaceTarget, Promotion, ShipPlacement};
pub use analysis::{Analysis, Score, ScoreUnit, Solved};
pub use error::{ConfigError, FieldViolation, MoveError, Reason};
pub use mover::Mover;
pub use options::{ENDING_TAKEBACK_MS, PlayOptions, Presence, Starter};
pub use outcome::{DrawReason, EndReason, NoResultReason, Outcome, WinReason};
pub use rules::{Rules, SearchBudget};
pub use seat::{Seat, Viewer};
pub use session::{Adjudication, AnyMatch, AnyUndo, Match, ReplayError, Turn, Undo};
pub use snapshot::{CHECKSUM_LEN, SNAPSHOT_VERSION, SnapshotError};
pub use solutions::{CountingStopped, SolutionCount, SolutionRange, Solutions};
pub use view::{
    BoardCell, CellNames, ChangedCell, GraphBoard, GraphPoint, GridBoard, LastMove, Observation, Phase, Piece, Region,
    Stage, View,
};
