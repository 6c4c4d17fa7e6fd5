//! Tic-tac-toe's bot. Level 1 plays at random, level 2 searches two plies, level 3 the
//! whole game (perfect on 3×3; on larger boards as deep as the budget allows). Leaves
//! are judged by the open lines each seat has left (see [`crate::games::lines`]), and
//! moves are tried most urgent first.

use crate::engine::bot::{self};
use crate::engine::{Action, Analysis, PlaceTarget, Rules, SearchBudget, Seat};
use crate::games::lines::{cell_urgency, default_weights, window_counts, window_score};

use super::TicTacToe;

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;

pub(super) fn action(game: &TicTacToe, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    let full = game.config.size * game.config.size;
    bot::leveled(game, seat, level, budget, seed, &[2, full], &candidates)
}

/// The engine's analysis: the search of the strongest level, as deep as the budget allows.
pub(super) fn analyse(game: &TicTacToe, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    bot::analyse_deeply(game, seat, budget, seed, &candidates, bot::Width::Full)
}

/// Every legal move, the most urgent (winning, then blocking, then building) first; in
/// misère play the other way round, since a line loses.
fn candidates(game: &TicTacToe, seat: Seat) -> Vec<(Action, i32)> {
    let sign = if game.config.misere { -1 } else { 1 };
    game.legal_moves(seat)
        .into_iter()
        .map(|action| {
            let urgency = match &action {
                Action::Place(PlaceTarget::Cell(cell)) => {
                    sign * cell_urgency(&game.board, game.config.win_length, None, *cell, seat)
                }
                _ => 0,
            };
            (action, urgency)
        })
        .collect()
}

/// Open lines: each window of `win_length` cells free of the opponent counts for the
/// seat, more the fuller it is; against it in misère play, where the seat that fills one
/// loses.
pub(super) fn evaluate(game: &TicTacToe, seat: Seat) -> i32 {
    let length = game.config.win_length;
    let score = window_score(&window_counts(&game.board, length, None, seat), &default_weights(length));
    if game.config.misere { -score } else { score }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::{Match, SearchBudget};
    use crate::engine::{PlayOptions, Starter};
    use crate::games::tic_tac_toe::Config;

    fn play(config: Config, cells: &[(u32, u32)]) -> Match<TicTacToe> {
        let mut game = Match::<TicTacToe>::new(config).unwrap();
        for (i, &(row, col)) in cells.iter().enumerate() {
            game.apply(Seat::new((i % 2) as u8), &Action::place(row, col)).unwrap();
        }
        game
    }

    /// Walks every reply of the opponent to the bot's moves, to the end of each game.
    fn never_loses(game: &Match<TicTacToe>, bot: Seat, stop: &AtomicBool, games: &mut u32) {
        if let Some(outcome) = game.outcome() {
            assert_ne!(outcome.winner(), Some(bot.opponent()), "the bot lost: {:?}", game.history());
            *games += 1;
            return;
        }
        let seat = game.to_act()[0];
        if seat == bot {
            let action = game.bot_action(bot, MAX_LEVEL, SearchBudget::new(10_000_000, stop)).unwrap();
            let mut next = game.clone();
            next.apply(bot, &action).unwrap();
            never_loses(&next, bot, stop, games);
        } else {
            for action in game.legal_moves(seat) {
                let mut next = game.clone();
                next.apply(seat, &action).unwrap();
                never_loses(&next, bot, stop, games);
            }
        }
    }

    #[test]
    fn the_strongest_bot_never_loses_on_three_by_three() {
        let go = AtomicBool::new(false);
        for bot in [Seat::FIRST, Seat::SECOND] {
            let mut games = 0;
            never_loses(&play(Config::default(), &[]), bot, &go, &mut games);
            assert!(games > 50, "only {games} games walked");
        }
    }

    /// Misère 3×3 is a draw with perfect play (the first seat takes the centre and mirrors
    /// every reply through it), so the top level must never lose it either, and must
    /// still never lose the standard game when the second seat starts.
    #[test]
    fn the_strongest_bot_never_loses_misere_three_by_three_nor_with_the_second_seat_starting() {
        let go = AtomicBool::new(false);
        let misere = Config { misere: true, ..Config::default() };
        let o_starts = Config {
            play: PlayOptions { starter: Starter::SecondSeat, ..PlayOptions::default() },
            ..Config::default()
        };
        for config in [misere, o_starts] {
            for bot in [Seat::FIRST, Seat::SECOND] {
                let mut games = 0;
                never_loses(&Match::<TicTacToe>::new(config.clone()).unwrap(), bot, &go, &mut games);
                assert!(games > 50, "only {games} games walked");
            }
        }
    }

    #[test]
    fn misere_bots_refuse_to_complete_a_line_and_leave_the_opponent_forced_to() {
        let go = AtomicBool::new(false);
        let budget = SearchBudget::new(200_000, &go);
        let misere = Config { misere: true, ..Config::default() };
        // X to move, two in row 0: a3 (row 0, col 2) would complete X's line and lose.
        let game = play(misere, &[(0, 0), (1, 0), (0, 1), (2, 2)]);
        for level in 2..=MAX_LEVEL {
            let action = game.bot_action(Seat::FIRST, level, budget).unwrap();
            assert_ne!(action, Action::place(0, 2), "level {level} completed its own line");
        }
    }

    #[test]
    fn searching_bots_win_at_once_and_block_an_immediate_loss() {
        let go = AtomicBool::new(false);
        let budget = SearchBudget::new(200_000, &go);
        // X to move, with a win on a3 (row 0, col 2); O threatens c2 too.
        let win = play(Config::default(), &[(0, 0), (1, 0), (0, 1), (1, 1)]);
        // X to move with no win of its own: O threatens c1 (row 2, col 0).
        let block = play(Config::default(), &[(0, 0), (1, 1), (2, 1), (0, 2)]);
        // 5×5, four in a row: X has three from the edge of row 4, which only (4, 3) stops.
        let wide = Config::sized(5, 4);
        let wide_block = play(wide.clone(), &[(4, 0), (0, 0), (4, 1), (0, 4), (4, 2)]);
        for level in 2..=MAX_LEVEL {
            assert_eq!(win.bot_action(Seat::FIRST, level, budget), Some(Action::place(0, 2)), "level {level}");
            assert_eq!(block.bot_action(Seat::FIRST, level, budget), Some(Action::place(2, 0)), "level {level}");
            assert_eq!(wide_block.bot_action(Seat::SECOND, level, budget), Some(Action::place(4, 3)), "level {level}");
        }
    }
}
