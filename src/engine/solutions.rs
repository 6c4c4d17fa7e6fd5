//! What a puzzle's exact solver reports about a position: how many move sequences solve
//! it, and a page of them in the solver's fixed order.

use super::Action;

/// How many distinct move sequences solve a puzzle from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolutionCount {
    /// Exactly this many: 0 when the puzzle can no longer be solved, 1 in a solved
    /// position (the empty sequence).
    Exact(u128),
    /// More than `u128::MAX`.
    Overflow,
}

/// Which solutions to list: the `limit` solutions from rank `first` on (0-based) in the
/// solver's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionRange {
    /// Rank of the first solution listed.
    pub first: u128,
    /// Most solutions listed.
    pub limit: usize,
}

/// A position's solutions, counted exactly.
///
/// Invariants: `page` holds the solutions of ranks `first..first + page.len()` of the
/// range asked for, each a sequence of moves legal one after the other that ends the
/// puzzle solved; it is empty from the count on, and always with
/// [`SolutionCount::Overflow`]. The same position and range give the same page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// How many solutions there are.
    pub count: SolutionCount,
    /// The solutions asked for.
    pub page: Vec<Vec<Action>>,
    /// Positions the count expanded.
    pub nodes: u64,
}

/// Counting needed more positions than its budget, or was stopped first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("counting stopped after {nodes} positions without an answer")]
pub struct CountingStopped {
    /// Positions expanded before stopping.
    pub nodes: u64,
}
