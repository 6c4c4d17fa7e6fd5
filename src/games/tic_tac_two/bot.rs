//! Tic-Tac-Two's bot. Level 1 plays at random, level 2 searches two plies, level 3 six
//! (or as deep as the budget allows). Leaves are judged by the open lines inside the grid,
//! where lines count, and a little by those on the whole board, which a shift of the
//! grid could bring into play; placements and moves are tried most urgent first (by the
//! cell they fill), shifts after them.

use crate::engine::bot;
use crate::engine::{Action, Analysis, Location, PlaceTarget, Rules, SearchBudget, Seat};
use crate::games::lines::{cell_urgency, default_weights, window_counts, window_score};

use super::TicTacTwo;

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;

pub(super) fn action(game: &TicTacTwo, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    bot::leveled(game, seat, level, budget, seed, &[2, 6], &candidates)
}

/// The engine's analysis: the search of the strongest level, as deep as the budget allows.
pub(super) fn analyse(game: &TicTacTwo, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    bot::analyse_deeply(game, seat, budget, seed, &candidates, bot::Width::Full)
}

fn candidates(game: &TicTacTwo, seat: Seat) -> Vec<(Action, i32)> {
    let length = game.config.win_length;
    game.legal_moves(seat)
        .into_iter()
        .map(|action| {
            let target = match &action {
                Action::Place(PlaceTarget::Cell(cell)) => Some(*cell),
                Action::Move { to: Location::Cell(cell), .. } => Some(*cell),
                _ => None,
            };
            let urgency = target.map_or(0, |cell| cell_urgency(&game.board, length, Some(game.grid), cell, seat));
            (action, urgency)
        })
        .collect()
}

pub(super) fn evaluate(game: &TicTacTwo, seat: Seat) -> i32 {
    let length = game.config.win_length;
    let weights = default_weights(length);
    let in_grid = window_score(&window_counts(&game.board, length, Some(game.grid), seat), &weights);
    let on_board = window_score(&window_counts(&game.board, length, None, seat), &weights);
    4 * in_grid + on_board
}
