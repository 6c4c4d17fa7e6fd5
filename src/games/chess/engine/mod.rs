//! The chess engine: a search of the game's own [`Position`] with its fast move
//! generator, for the bots, the analysis and the `uci` command.
//!
//! - [`search`]: iterative deepening, principal variation search, quiescence, pruning
//!   and reductions, draw detection; the only place that decides anything.
//! - [`eval`]: the static evaluation, in centipawns, and a cache of it.
//! - [`network`]: a neural evaluation a search may use instead, and its training.
//! - [`ordering`]: which moves are searched first.
//! - [`see`]: static exchange evaluation of captures.
//! - [`tactical`]: the captures and promotions quiescence search tries.
//! - [`tt`]: the transposition table, one per search or, in a [`Memory`], per game.
//! - [`score`]: centipawns and mate distances.
//! - [`protocol`]: the Universal Chess Interface over any input and output.
//! - [`tuning`]: the evaluation's weights fitted to the results of played games.
//!
//! On one thread (a budget of one, as the server's bots and analyses run it) the engine
//! is deterministic: it reads no clock and no thread's timing except through the
//! budget's stop flag, and its only randomness is the seed, which orders equal root
//! moves. On more (`tabula uci`'s `Threads`), helper threads fill the shared table as
//! their timing goes, so the same search can end differently.

pub mod eval;
pub mod network;
mod ordering;
pub mod protocol;
pub mod score;
mod search;
mod see;
mod tactical;
mod tt;
pub mod tuning;

use std::sync::Arc;

use crate::engine::SearchBudget;

use super::position::{Move, Position};
pub use search::think as think_with_memory;

use tt::TranspositionTable;

/// The transposition table's default and largest sizes, in bytes.
pub const DEFAULT_HASH_BYTES: usize = 16 << 20;
pub const MAX_HASH_BYTES: usize = 1 << 30;

/// How deep a search may go and what memory it may use, besides its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies (checks extend lines beyond it, and quiescence
    /// search plays captures out at its end).
    pub max_depth: u32,
    /// The most the transposition table may take, in bytes (it takes less for a search
    /// of few nodes).
    pub hash_bytes: usize,
    /// Centipawns a draw is scored below zero for the side that searches (above zero
    /// when negative): with some, the engine avoids a draw unless it stands that much
    /// worse, as against a weaker opponent.
    pub contempt: i32,
}

impl Limits {
    /// As deep as the budget allows, with the default table.
    pub const FULL: Limits = Limits { max_depth: u32::MAX, hash_bytes: DEFAULT_HASH_BYTES, contempt: 0 };

    /// At most `max_depth` plies deep, with the default table.
    pub const fn depth(max_depth: u32) -> Limits {
        Limits { max_depth, hash_bytes: DEFAULT_HASH_BYTES, contempt: 0 }
    }
}

/// What one finished iteration of the search found, as it is reported while the search
/// goes on.
#[derive(Clone, Copy, Debug)]
pub struct Iteration<'a> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply any line reached, quiescence included.
    pub seldepth: u32,
    /// The root's score for the side to move (see [`score`]).
    pub score: i32,
    /// Positions visited so far.
    pub nodes: u64,
    /// The principal variation, best move first.
    pub line: &'a [Move],
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move (see [`score`]); `None` when the budget ran out
    /// before any move was scored (`best` is then the first move in the search's order).
    pub score: Option<i32>,
    /// The deepest iteration that finished (0 when none did).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation: `best`, then the replies expected, each legal in turn.
    pub line: Vec<Move>,
}

/// Searches `root` for the side to move, deepening one ply at a time up to
/// `limits.max_depth`, until the budget runs out, a mate is proven, or `on_iteration`
/// (called after each finished iteration) answers false. `history` holds the repetition
/// keys of the game's positions since the last capture or pawn move, the root's last
/// (see [`super::draws::repetition_key`]); it may be empty when the history is unknown.
/// `None` only when the side to move has no legal move.
///
/// Each call starts from nothing learnt, so equal arguments give equal results (on one
/// thread: see the module's introduction).
pub fn think(
    root: &Position,
    history: &[u64],
    limits: &Limits,
    budget: SearchBudget<'_>,
    seed: u64,
    on_iteration: &mut dyn FnMut(&Iteration<'_>) -> bool,
) -> Option<Report> {
    let mut memory = Memory::for_search(budget.nodes, limits.hash_bytes);
    search::think(&mut memory, root, history, limits, budget, seed, on_iteration)
}

/// What the searches of one game pass on to the next: the transposition table, the
/// move-ordering histories and the evaluations already made. The position after the
/// opponent's reply was searched by the search before, as part of its principal
/// variation or close to it, so the next search finds its first iterations settled by
/// the table and its moves ordered by what was learnt. Only positions' own facts are kept: a stored score is a bound found by
/// search, valid from any root (short of the draws by repetition, which depend on the
/// way a position was reached, as in every engine that keeps its table).
///
/// A memory also holds what its searches evaluate with: the hand-written evaluation, or a
/// [`network::Network`] given to [`Memory::with_network`]. The two are fixed together,
/// since the cached evaluations and the table's scores are the evaluation's.
pub struct Memory {
    table: TranspositionTable,
    /// Each thread's own memory, the main search's first (one at least).
    threads: Vec<search::ThreadMemory>,
    network: Option<Arc<network::Network>>,
}

impl Memory {
    /// An empty memory whose table takes at most `hash_bytes` bytes, for searches with the
    /// hand-written evaluation.
    pub fn new(hash_bytes: usize) -> Memory {
        Memory::for_search(u64::MAX, hash_bytes)
    }

    /// An empty memory as [`Memory::new`] makes, for searches that evaluate with
    /// `network` when there is one.
    pub fn with_network(hash_bytes: usize, network: Option<Arc<network::Network>>) -> Memory {
        Memory { network, ..Memory::new(hash_bytes) }
    }

    /// An empty memory for one search of at most `nodes` positions (see
    /// [`TranspositionTable::for_search`]).
    fn for_search(nodes: u64, hash_bytes: usize) -> Memory {
        Memory {
            table: TranspositionTable::for_search(nodes, hash_bytes),
            threads: vec![search::ThreadMemory::new()],
            network: None,
        }
    }
}

#[cfg(test)]
mod tests;
