//! Connect Four's bot. Level 1 plays at random, level 2 searches four plies, level 3 at
//! least eight when the budget allows, and on as deep as it allows. Leaves are judged by
//! the open lines each seat has (open threes weigh most) and by discs in the central
//! columns; moves are tried most urgent first (winning, blocking, then building, central
//! columns breaking ties). Level 4 plays perfectly on the standard board (7×6, four in a
//! row, flat sides) whenever the solver finds, within the node budget and before the
//! move's time is up, a move that keeps its win or its draw, or in a lost position the
//! move that loses slowest: it asks the solver for the result before any exact score,
//! which costs fewer positions, so that more positions are decided within the budget (the
//! solver's bench counts them with `C4_BENCH_BOT_NODES`). A quick search of level 3 first
//! keeps a move ready for when the solver gives up. Every other board and variant is
//! level 3's.

use crate::engine::bot;
use crate::engine::{Action, Analysis, Cell, PlaceTarget, Rules, Score, ScoreUnit, SearchBudget, Seat, Solved};
use crate::games::lines::{cell_urgency, default_weights, window_counts, window_score};

use super::{ConnectFour, solver};

/// The strongest level: perfect play when the solver finds its move in time.
pub(super) const MAX_LEVEL: u8 = 4;

/// The strongest searching level, which level 4 falls back on.
const SEARCH_LEVEL: u8 = 3;

/// Positions the quick search before the solver may expand, in level 4's move and in
/// every analysis: a few milliseconds, so that a search stopped early still has a move.
const QUICK_NODES: u64 = 20_000;

/// The budget of the quick search: [`QUICK_NODES`], or an eighth of a smaller budget.
fn quick_budget(budget: SearchBudget<'_>) -> SearchBudget<'_> {
    SearchBudget::new(QUICK_NODES.min(budget.nodes / 8), budget.stop)
}

pub(super) fn action(game: &ConnectFour, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    if level > SEARCH_LEVEL && seat == game.turn && game.outcome.is_none() && solver::solves(game) {
        let quick = quick_budget(budget);
        let ready = searched(game, seat, SEARCH_LEVEL, quick, seed);
        let rest = SearchBudget { nodes: budget.nodes - quick.nodes, ..budget };
        return solver::perfect_move_for(game, rest).map(Action::drop).or(ready);
    }
    searched(game, seat, level, budget, seed)
}

/// The engine's analysis: on the standard board, the exact solver with three quarters of
/// the budget, on the budget's threads (an exact score in Pons' convention and a line of
/// best play); otherwise, or when it runs out, the search of level 3 with what is left, as
/// deep as it goes. A quick search first keeps an answer ready for when the budget runs
/// out on the others.
pub(super) fn analyse(game: &ConnectFour, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    let quick = quick_budget(budget);
    let ready = bot::analyse_deeply(game, seat, quick, seed, &candidates, bot::Width::Full);
    let share = SearchBudget { nodes: (budget.nodes - ready.nodes) / 4 * 3, ..budget };
    let solved = match solver::solve_line(game, share) {
        Ok(solved) => solved,
        Err(spent) => {
            let spent = ready.nodes + spent;
            let rest = SearchBudget::new(budget.nodes.saturating_sub(spent), budget.stop);
            let deeper = bot::analyse_deeply(game, seat, rest, seed, &candidates, bot::Width::Full);
            let total = spent + deeper.nodes;
            let better = deeper.score != Score::Unknown && deeper.depth >= ready.depth;
            return Analysis { nodes: total, ..if better { deeper } else { ready } };
        }
    };
    let result = match solved.score.signum() {
        1 => Solved::Win,
        0 => Solved::Draw,
        _ => Solved::Loss,
    };
    Analysis {
        line: solved.columns.into_iter().map(Action::drop).collect(),
        score: Score::Exact { result, plies: Some(solved.plies), value: Some((solved.score, ScoreUnit::PonsScore)) },
        depth: solved.plies,
        nodes: ready.nodes + solved.nodes,
    }
}

fn searched(game: &ConnectFour, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::Match;
    use crate::games::connect_four::Config;

    fn play(config: Config, columns: &[u32]) -> Match<ConnectFour> {
        let mut game = Match::<ConnectFour>::new(config).unwrap();
        for (i, &column) in columns.iter().enumerate() {
            game.apply(Seat::new((i % 2) as u8), &Action::drop(column)).unwrap();
        }
        game
    }

    #[test]
    fn searching_bots_win_at_once_and_block_an_immediate_loss() {
        let go = AtomicBool::new(false);
        let budget = SearchBudget::new(50_000, &go);
        let classic = Config::default();
        // Red has three on the bottom row and wins in column 3.
        let win = play(classic.clone(), &[0, 0, 1, 1, 2, 2]);
        // Yellow must stop Red's bottom row in column 3.
        let block = play(classic.clone(), &[0, 6, 1, 6, 2]);
        // On a cylinder Red's 6, 0, 1 is one row, open at 2 and 5: Yellow blocks one end.
        let cylinder = Config { wrap_columns: true, ..classic };
        let wrapped = play(cylinder.clone(), &[6, 3, 0, 3, 1]);
        for level in 2..=MAX_LEVEL {
            assert_eq!(win.bot_action(Seat::FIRST, level, budget), Some(Action::drop(3)), "level {level}");
            assert_eq!(block.bot_action(Seat::SECOND, level, budget), Some(Action::drop(3)), "level {level}");
            let stop = wrapped.bot_action(Seat::SECOND, level, budget);
            assert!(stop == Some(Action::drop(2)) || stop == Some(Action::drop(5)), "level {level}: {stop:?}");
        }
    }

    /// The game after Pons' move string (1-based columns).
    fn pons(moves: &str) -> Match<ConnectFour> {
        let columns: Vec<u32> = moves.chars().map(|c| c.to_digit(10).unwrap() - 1).collect();
        play(Config::default(), &columns)
    }

    #[test]
    fn level_four_converts_a_won_position_against_level_three() {
        let go = AtomicBool::new(false);
        // Middle-Easy positions of Pons' that the side to move wins (scores 8 and 4).
        for moves in ["52753311433677442422121", "5554224333234511764415115"] {
            let mut game = pons(moves);
            let perfect = game.to_act()[0];
            while game.outcome().is_none() {
                let seat = game.to_act()[0];
                let level = if seat == perfect { MAX_LEVEL } else { SEARCH_LEVEL };
                let action = game.bot_action(seat, level, SearchBudget::new(200_000, &go)).unwrap();
                game.apply(seat, &action).unwrap();
            }
            assert_eq!(game.outcome().unwrap().winner(), Some(perfect), "{moves}: {:?}", game.history());
        }
    }

    #[test]
    fn level_four_gives_the_solver_all_but_its_quick_search() {
        let go = AtomicBool::new(false);
        // Only column 6 draws; every other move loses. The solver needs about 3.1 million
        // positions for it (more than half the budget), and level 3's quick search plays
        // another column.
        let game = pons("156614563271");
        let quick = SearchBudget::new(QUICK_NODES, &go);
        assert_ne!(game.bot_action(Seat::FIRST, SEARCH_LEVEL, quick), Some(Action::drop(5)));
        let budget = SearchBudget::new(4_000_000, &go);
        assert_eq!(game.bot_action(Seat::FIRST, MAX_LEVEL, budget), Some(Action::drop(5)));
        // Asked to stop at once, it still has a move.
        let stop = AtomicBool::new(true);
        let action = game.bot_action(Seat::FIRST, MAX_LEVEL, SearchBudget::new(4_000_000, &stop)).unwrap();
        assert!(game.legal_moves(Seat::FIRST).contains(&action), "{action:?}");
    }

    #[test]
    fn level_four_falls_back_to_searching_off_the_standard_board_or_out_of_budget() {
        let go = AtomicBool::new(false);
        // An empty board is far beyond a small budget; a cylinder is never solved.
        let empty = play(Config::default(), &[]);
        assert!(empty.bot_action(Seat::FIRST, MAX_LEVEL, SearchBudget::new(2_000, &go)).is_some());
        let cylinder = Config { wrap_columns: true, ..Config::default() };
        let wrapped = play(cylinder.clone(), &[6, 3, 0, 3, 1]);
        let stop = wrapped.bot_action(Seat::SECOND, MAX_LEVEL, SearchBudget::new(50_000, &go));
        assert!(stop == Some(Action::drop(2)) || stop == Some(Action::drop(5)), "{stop:?}");
        let connect5 = Config::sized(9, 7, 5);
        assert!(
            play(connect5.clone(), &[4]).bot_action(Seat::SECOND, MAX_LEVEL, SearchBudget::new(2_000, &go)).is_some()
        );
    }

    #[test]
    fn the_strongest_bot_beats_the_random_one() {
        let go = AtomicBool::new(false);
        for strong in [Seat::FIRST, Seat::SECOND] {
            let mut game = play(Config::default(), &[]);
            while game.outcome().is_none() {
                let seat = game.to_act()[0];
                let level = if seat == strong { MAX_LEVEL } else { 1 };
                let action = game.bot_action(seat, level, SearchBudget::new(3_000, &go)).unwrap();
                game.apply(seat, &action).unwrap();
            }
            assert_eq!(game.outcome().unwrap().winner(), Some(strong), "{:?}", game.history());
        }
    }
}
