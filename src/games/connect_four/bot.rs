//! Connect Four's bot. Level 1 plays at random, level 2 searches four plies, level 3 at
//! least eight when the budget allows, and on as deep as it allows (an exact solver is
//! for later). Leaves are judged by the open lines each seat has (open threes weigh
//! most) and by discs in the central columns; moves are tried most urgent first
//! (winning, blocking, then building, central columns breaking ties).

use crate::engine::bot;
use crate::engine::{Action, Cell, PlaceTarget, Rules, SearchBudget, Seat};
use crate::games::lines::{cell_urgency, default_weights, window_counts, window_score};

use super::ConnectFour;

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;

pub(super) fn action(game: &ConnectFour, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    let full = game.config.width * game.config.height;
    bot::leveled(game, seat, level, budget, seed, &[4, full.max(8)], &candidates)
}

/// How central `column` is: 0 at the edges, up to half the width in the middle.
fn centrality(game: &ConnectFour, column: u32) -> i32 {
    if game.config.wrap_columns {
        // A cylinder has no edge: every column is as central as any other.
        return 0;
    }
    let width = game.config.width as i32;
    let doubled = 2 * column as i32 - (width - 1);
    (width - 1 - doubled.abs()) / 2
}

fn candidates(game: &ConnectFour, seat: Seat) -> Vec<(Action, i32)> {
    game.legal_moves(seat)
        .into_iter()
        .map(|action| {
            let priority = match action {
                Action::Place(PlaceTarget::Column(column)) => {
                    let row = game.config.height - 1 - game.heights[column as usize];
                    let cell = Cell::new(row, column);
                    cell_urgency(&game.board, game.config.win_length, None, cell, seat) + centrality(game, column)
                }
                _ => 0,
            };
            (action, priority)
        })
        .collect()
}

pub(super) fn evaluate(game: &ConnectFour, seat: Seat) -> i32 {
    let length = game.config.win_length;
    let lines = window_score(&window_counts(&game.board, length, None, seat), &default_weights(length));
    let mut centre = 0;
    for row in 0..game.config.height {
        for column in 0..game.config.width {
            if let Some(owner) = game.board.get(Cell::new(row, column)) {
                let weight = centrality(game, column);
                centre += if owner == seat { weight } else { -weight };
            }
        }
    }
    lines + 2 * centre
}
