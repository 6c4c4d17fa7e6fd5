//! What stands on one cell of a Reversi board, in either representation.

use serde::{Deserialize, Serialize};

use crate::engine::Seat;

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Square {
    /// Nothing yet.
    Empty,
    /// A wall: never played, and interrupts every line through it.
    Wall,
    /// A disc of a seat.
    Disc(Seat),
}
