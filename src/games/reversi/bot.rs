//! The Reversi bot and analysis.
//!
//! On the standard board (8×8, no walls, in normal play) they use the [`engine`]: a
//! midgame search on bitboards and an exact endgame solver, which runs only when the
//! budget left is at least twice what it typically needs. The levels there:
//! - **1** plays a uniformly random legal move.
//! - **2** searches 2 plies and solves the last 8 empty squares exactly.
//! - **3** searches 6 plies and solves the last 14.
//! - **4**, the full engine, searches as deep as the budget allows and solves exactly
//!   from as many empty squares as the budget is likely to finish (up to
//!   [`think::MAX_EXACT_EMPTIES`]), falling back on its search when the solver runs out.
//!
//! The analysis is level 4's thinking: an exact score (the final disc difference with
//! best play, empty squares counted for the winner, and the line to the end of the game)
//! when the solver finishes, otherwise the search's estimate in discs
//! ([`ScoreUnit::Discs`]): the evaluation's guess of the final disc difference, set by
//! hand in discs and rounded, an approximation rather than a calibrated forecast.
//!
//! Every other board (other sizes, walls) and the free opening's placements keep the
//! generic search ([`bot::leveled`], [`bot::analyse_deeply`]): level 2 searches two plies,
//! level 3 six, level 4 as deep as the budget allows. Leaves are judged by mobility
//! (moves each seat has), corners held, cells next to an empty corner (which give it
//! away), and, once few empty cells remain, the disc count; corner moves are tried first.
//! Its scores there are in [`ScoreUnit::Points`].

use crate::engine::bot;
use crate::engine::{Action, Analysis, Cell, PlaceTarget, Rules, Score, ScoreUnit, SearchBudget, Seat, Solved};

use super::Reversi;
use super::board::Square;
use super::engine::think::{self, Plan, Thought, Verdict};

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 4;

/// The engine's plan at levels 2, 3 and 4.
const PLANS: [Plan; 3] = [
    Plan { max_depth: 2, exact_empties: 8, table_bits: 14 },
    Plan { max_depth: 6, exact_empties: 14, table_bits: 18 },
    think::FULL,
];

pub(super) fn action(game: &Reversi, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    if level <= 1 {
        return bot::random_action(game, seat, seed);
    }
    if let Some(position) = game.standard_position(seat) {
        let plan = PLANS[usize::from(level - 2).min(PLANS.len() - 1)];
        return think::think(position, budget, seed, plan).line.first().map(|&square| to_action(square));
    }
    bot::leveled(game, seat, level, budget, seed, &[2, 6, 128], &candidates)
}

/// The engine's analysis for `seat`, the seat to act: level 4's thinking on the
/// standard board, the generic search elsewhere.
pub(super) fn analyse(game: &Reversi, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    match game.standard_position(seat) {
        Some(position) => analysis_of(game, think::think(position, budget, seed, think::FULL)),
        None => bot::analyse_deeply(game, seat, budget, seed, &candidates, bot::Width::Full),
    }
}

/// The engine's square (or pass) as an action.
fn to_action(square: Option<u32>) -> Action {
    match square {
        Some(square) => Action::place(square / 8, square % 8),
        None => Action::Pass,
    }
}

/// The engine's thought as the game's analysis: actions, and the score in discs. A
/// line the solver saw to the end gets the passes the rules still want after it (a game
/// where neither side can move ends only with two passes in a row), so that playing it
/// ends the game and its length is the distance to the end.
fn analysis_of(game: &Reversi, thought: Thought) -> Analysis {
    let mut line: Vec<Action> = thought.line.iter().map(|&square| to_action(square)).collect();
    let score = match thought.verdict {
        Verdict::Exact(discs) => {
            let plies = thought.line_complete.then(|| {
                line.extend(passes_to_the_end(game, &line));
                line.len() as u32
            });
            let result = match discs.signum() {
                1 => Solved::Win,
                0 => Solved::Draw,
                _ => Solved::Loss,
            };
            Score::Exact { result, plies, value: Some((discs, ScoreUnit::Discs)) }
        }
        Verdict::Estimate(centidiscs) => Score::Estimate { value: think::in_discs(centidiscs), unit: ScoreUnit::Discs },
        Verdict::Unknown => return Analysis::unknown(thought.nodes),
    };
    Analysis { line, score, depth: thought.depth, nodes: thought.nodes }
}

/// The passes that end the game after `line` is played from `game`, when neither side
/// can move by then.
fn passes_to_the_end(game: &Reversi, line: &[Action]) -> Vec<Action> {
    let mut after = game.clone();
    for action in line {
        let Some(&seat) = after.to_act().first() else { return Vec::new() };
        if after.play_move(seat, action).is_err() {
            debug_assert!(false, "the engine's line has an illegal move: {action:?}");
            return Vec::new();
        }
    }
    let mut passes = Vec::new();
    while let Some(&seat) = after.to_act().first() {
        if after.legal_moves(seat) != [Action::Pass] || after.play_move(seat, &Action::Pass).is_err() {
            break;
        }
        passes.push(Action::Pass);
    }
    passes
}

fn corners(game: &Reversi) -> [Cell; 4] {
    let (width, height) = game.board.dims();
    [Cell::new(0, 0), Cell::new(0, width - 1), Cell::new(height - 1, 0), Cell::new(height - 1, width - 1)]
}

/// The cells next to `corner` (diagonally and along the edges).
fn next_to(game: &Reversi, corner: Cell) -> Vec<Cell> {
    let (width, height) = game.board.dims();
    let step = |value: u32, limit: u32| if value == 0 { 1 } else { limit - 2 };
    let (row, col) = (step(corner.row, height), step(corner.col, width));
    vec![Cell::new(row, col), Cell::new(corner.row, col), Cell::new(row, corner.col)]
}

fn candidates(game: &Reversi, seat: Seat) -> Vec<(Action, i32)> {
    let corners = corners(game);
    game.legal_moves(seat)
        .into_iter()
        .map(|action| {
            let priority = match &action {
                Action::Place(PlaceTarget::Cell(cell)) if corners.contains(cell) => 10,
                Action::Place(PlaceTarget::Cell(cell))
                    if corners
                        .iter()
                        .any(|&c| game.board.square(c) == Square::Empty && next_to(game, c).contains(cell)) =>
                {
                    -10
                }
                _ => 0,
            };
            (action, priority)
        })
        .collect()
}

pub(super) fn evaluate(game: &Reversi, seat: Seat) -> i32 {
    let opponent = seat.opponent();
    let mobility = game.board.moves(seat).len() as i32 - game.board.moves(opponent).len() as i32;
    let mut corners_held = 0;
    let mut exposed = 0;
    for corner in corners(game) {
        match game.board.square(corner) {
            Square::Disc(owner) => corners_held += if owner == seat { 1 } else { -1 },
            Square::Empty => {
                for cell in next_to(game, corner) {
                    if let Square::Disc(owner) = game.board.square(cell) {
                        exposed += if owner == seat { 1 } else { -1 };
                    }
                }
            }
            Square::Wall => {}
        }
    }
    let (width, height) = game.board.dims();
    let discs = (game.count(seat) as i32, game.count(opponent) as i32);
    let empty = (width * height) as i32 - game.config.walls.len() as i32 - discs.0 - discs.1;
    let late = if empty <= 16 { (discs.0 - discs.1) * 10 } else { 0 };
    mobility * 10 + corners_held * 100 - exposed * 30 + late
}
