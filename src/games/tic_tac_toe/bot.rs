//! Tic-tac-toe's bot. Level 1 plays at random, level 2 searches two plies, level 3 the
//! whole game (perfect on 3×3; on larger boards as deep as the budget allows). Leaves
//! are judged by the open lines each seat has left (see [`crate::games::lines`]), and
//! moves are tried most urgent first.

use crate::engine::bot::{self};
use crate::engine::{Action, PlaceTarget, Rules, SearchBudget, Seat};
use crate::games::lines::{cell_urgency, default_weights, window_counts, window_score};

use super::TicTacToe;

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;

pub(super) fn action(game: &TicTacToe, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    let full = game.config.size * game.config.size;
    bot::leveled(game, seat, level, budget, seed, &[2, full], &candidates)
}

/// Every legal move, the most urgent (winning, then blocking, then building) first.
fn candidates(game: &TicTacToe, seat: Seat) -> Vec<(Action, i32)> {
    game.legal_moves(seat)
        .into_iter()
        .map(|action| {
            let urgency = match &action {
                Action::Place(PlaceTarget::Cell(cell)) => {
                    cell_urgency(&game.board, game.config.win_length, None, *cell, seat)
                }
                _ => 0,
            };
            (action, urgency)
        })
        .collect()
}

/// Open lines: each window of `win_length` cells free of the opponent counts for the
/// seat, more the fuller it is.
pub(super) fn evaluate(game: &TicTacToe, seat: Seat) -> i32 {
    let length = game.config.win_length;
    window_score(&window_counts(&game.board, length, None, seat), &default_weights(length))
}
