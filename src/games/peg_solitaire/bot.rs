//! The peg solitaire bot. Level 1 jumps at random; level 2 follows the solver (the
//! game's analysis) when it finds a solution within the budget, and jumps at random when it
//! finds none or runs out of budget.

use crate::engine::bot;
use crate::engine::{Action, SearchBudget, Seat};

use super::PegSolitaire;

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 2;

pub(super) fn action(
    game: &PegSolitaire,
    seat: Seat,
    level: u8,
    budget: SearchBudget<'_>,
    seed: u64,
) -> Option<Action> {
    if level >= 2
        && let Some(action) = game.analyse(budget).suggestion()
    {
        return Some(action.clone());
    }
    bot::random_action(game, seat, seed)
}
