//! A puzzle's solutions from a position of a game: counted exactly on the search pool,
//! within the server's bound, and listed a page at a time.
//!
//! Solutions are help, so who may ask follows [`analysis`](super::analysis): in a running
//! game only its seat to act, at the current position, where hints are allowed; once the
//! game is finished, anyone who may read it, at any position. A count needs every position
//! the puzzle can still reach, so it is bounded in positions (which bounds its memory too)
//! and in time, and refused with `SEARCH_LIMIT_REACHED` rather than answered wrong.

use std::time::Duration;

use crate::engine::{Action, AnyMatch, SearchBudget, SolutionCount, SolutionRange, Solutions, Turn, Viewer};
use crate::store::Store;

use super::analysis::{analysed_seat, check_help};
use super::error::PlayError;
use super::live::LiveGame;
use super::past::position_at;
use super::search::{SearchPool, TimeLimit};

/// The most positions one count expands: each is remembered with its count, so this bounds
/// the memory a count holds too (about 40 bytes a position).
pub const MAX_SOLUTION_NODES: u64 = 5_000_000;
/// The longest one count may take.
pub const MAX_SOLUTION_TIME: Duration = Duration::from_secs(10);

/// Solutions asked for.
#[derive(Clone, Copy, Debug)]
pub struct SolutionsRequest {
    /// Who asks: a seat, a spectator or a service key.
    pub asker: Viewer,
    /// The position after this event instead of the current one (finished games only).
    pub at_seq: Option<u64>,
    /// For a page after the first, the seq of the position the first page listed: a
    /// running game that moved on since refuses with `STALE_SEQ`.
    pub listed_at: Option<u64>,
    /// Which solutions to list.
    pub range: SolutionRange,
}

/// A position's solutions.
#[derive(Clone, Debug)]
pub struct SolutionsAnswer {
    /// The seq of the position the solutions start from.
    pub seq: u64,
    /// How many solutions there are.
    pub count: SolutionCount,
    /// The page asked for: each solution's moves with their descriptions, in order.
    pub page: Vec<Vec<(Action, String)>>,
    /// Positions the count expanded.
    pub nodes: u64,
}

/// Counts and lists the solutions of a position of `live` for `request`'s asker on `pool`.
///
/// # Errors
/// `UNSUPPORTED_BY_GAME` for a game that is not a puzzle; as [`analysis`](super::analysis)
/// refuses; `STALE_SEQ` for a later page of a position the game moved on from;
/// `SEARCH_LIMIT_REACHED` when the count needs more than [`MAX_SOLUTION_NODES`] or
/// [`MAX_SOLUTION_TIME`]; `SEARCH_BUSY` when the pool is full.
pub async fn solutions(
    store: &dyn Store,
    live: &LiveGame,
    pool: &SearchPool,
    request: SolutionsRequest,
) -> Result<SolutionsAnswer, PlayError> {
    if !live.config.kind().counts_solutions() {
        return Err(PlayError::NotAPuzzle);
    }
    let copy = live.copy().await;
    let finished = check_help(&copy, request.asker, request.at_seq)?;
    let seq = match request.at_seq {
        Some(seq) if finished => seq,
        _ => copy.record.seq,
    };
    if let Some(listed_at) = request.listed_at
        && listed_at != seq
    {
        return Err(PlayError::StaleSeq { expected: listed_at, current: seq });
    }
    let place = pool.reserve()?;
    let position = if seq == copy.record.seq { copy.game } else { position_at(store, live, seq).await?.game };
    analysed_seat(position.as_ref(), request.asker)?;
    let limit = TimeLimit::after(MAX_SOLUTION_TIME);
    let range = request.range;
    let counted = place
        .run_with(limit.stop.clone(), move |stop| {
            let counted = position.solutions(range, SearchBudget::new(MAX_SOLUTION_NODES, stop))?;
            Some(counted.map(|solutions| labelled(position.as_ref(), solutions)))
        })
        .await;
    match counted? {
        None => Err(PlayError::NotAPuzzle),
        Some(Ok((count, page, nodes))) => Ok(SolutionsAnswer { seq, count, page, nodes }),
        Some(Err(stopped)) => Err(PlayError::SearchLimitReached { nodes: stopped.nodes }),
    }
}

/// Each move of each of `solutions` with its description where it is played, from
/// `position` on.
fn labelled(position: &dyn AnyMatch, solutions: Solutions) -> (SolutionCount, Vec<Vec<(Action, String)>>, u64) {
    let page = solutions
        .page
        .into_iter()
        .map(|moves| {
            let mut at = position.clone_box();
            moves
                .into_iter()
                .map(|action| {
                    let label = at.describe(&action);
                    let seat = at.to_act().first().copied().expect("a solution's move has a seat to make it");
                    at.play(&Turn::Move(seat, action.clone())).expect("a solution's moves are legal in turn");
                    (action, label)
                })
                .collect()
        })
        .collect();
    (solutions.count, page, solutions.nodes)
}
