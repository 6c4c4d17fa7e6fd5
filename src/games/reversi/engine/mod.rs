//! The Reversi engine for the standard 8×8 board without walls, on bitboards: a midgame
//! search with an evaluation of mobility, corners, edges, stability and parity, and an
//! exact endgame solver for the last empty squares.
//!
//! - [`position`]: a position from the side to move, its moves and final score.
//! - [`eval`]: the static evaluation, in hundredths of a disc.
//! - [`stability`]: discs that can no longer be flipped.
//! - [`last_flips`]: the flips of the game's last move, counted from tables.
//! - [`table`]: the transposition table, of bounded size.
//! - [`clock`]: the node budget and stop flag.
//! - [`search`]: iterative-deepening principal-variation search.
//! - [`endgame`]: the exact solver.
//! - [`think`](mod@think): which of the two to run for a position and a budget.
//!
//! Other boards (other sizes, walls) and the free opening's placements are left to the
//! generic search (see the Reversi bot module).

pub mod clock;
pub mod endgame;
pub mod eval;
pub mod last_flips;
pub mod position;
pub mod search;
pub mod stability;
pub mod table;
pub mod think;

#[cfg(test)]
mod tests;

pub use position::Position;
pub use think::{Plan, Thought, Verdict, think};
