//! The chess bot's levels and the engine's analysis, both over the [`engine`](super::engine).
//!
//! | level | plays |
//! |---|---|
//! | 1 | a uniformly random legal action (draw offers included) |
//! | 2 | the engine searching 1 ply (captures played out by its quiescence search) |
//! | 3 | the engine searching 3 plies |
//! | 4 | the engine searching 5 plies |
//! | 5 | the engine at full strength: as deep as the budget allows |
//!
//! Every level from 2 up plays piece moves only, never offering, accepting or claiming a
//! draw (a move declines a standing offer), and knows the game's history, so it sees a
//! repetition coming. The seed orders equally good moves, so that games vary with it.
//! The analysis is level 5's search, with its principal variation and its score: an
//! estimate in centipawns, or a win or loss in so many plies when the search proves a
//! mate. It never claims a proven draw (a search to a depth cannot prove one).

use crate::engine::{Action, Analysis, Score, ScoreUnit, SearchBudget, Seat, Solved, bot};

use super::Chess;
use super::actions;
use super::engine::{self, Limits, Report, score};

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 5;

/// The search limits of levels 2 to [`MAX_LEVEL`].
const LEVEL_LIMITS: [Limits; 4] = [Limits::depth(1), Limits::depth(3), Limits::depth(5), Limits::FULL];

pub(super) fn action(game: &Chess, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    if !to_act(game, seat) {
        return None;
    }
    if level <= 1 {
        return bot::random_action(game, seat, seed);
    }
    let limits = LEVEL_LIMITS[usize::from(level.min(MAX_LEVEL) - 2)];
    let report = think(game, &limits, budget, seed)?;
    Some(actions::to_action(&game.position, report.best, game.chess960))
}

pub(super) fn analyse(game: &Chess, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    if !to_act(game, seat) {
        return Analysis::unknown(0);
    }
    let Some(report) = think(game, &Limits::FULL, budget, seed) else { return Analysis::unknown(0) };
    let Some(value) = report.score else { return Analysis::unknown(report.nodes) };
    let score = if score::is_mate(value) {
        Score::decided(if value > 0 { Solved::Win } else { Solved::Loss }, score::mate_distance(value))
    } else {
        Score::Estimate { value, unit: ScoreUnit::Centipawns }
    };
    let mut position = game.position;
    let line = report
        .line
        .iter()
        .map(|&mv| {
            let action = actions::to_action(&position, mv, game.chess960);
            position.play(mv);
            action
        })
        .collect();
    Analysis { line, score, depth: report.depth, nodes: report.nodes }
}

/// The static evaluation from `seat`'s side, in centipawns.
pub(super) fn evaluate(game: &Chess, seat: Seat) -> i32 {
    let ours = engine::eval::evaluate(&game.position);
    if actions::seat(game.position.turn()) == seat { ours } else { -ours }
}

fn to_act(game: &Chess, seat: Seat) -> bool {
    game.outcome.is_none() && actions::seat(game.position.turn()) == seat
}

fn think(game: &Chess, limits: &Limits, budget: SearchBudget<'_>, seed: u64) -> Option<Report> {
    engine::think(&game.position, &game.repetitions, limits, budget, seed, &mut |_| true)
}
