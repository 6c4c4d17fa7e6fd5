//! What the engine does with a position and a budget: the midgame search, the exact
//! endgame solver once few enough squares are empty, or both (a quick search for a first
//! guess, then the solver, falling back on the guess if the solver runs out).

use crate::engine::SearchBudget;
use crate::engine::bot::BotRng;

use super::clock::Clock;
use super::endgame::Solver;
use super::eval::DISC;
use super::position::{Position, squares};
use super::search::{Found, Searcher};
use super::table::Table;

/// How hard the engine thinks: the bot levels and the analysis differ only in this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The deepest midgame iteration, in plies.
    pub max_depth: u32,
    /// The solver is tried from this many empty squares down, when the budget left is
    /// at least twice what it typically needs there.
    pub exact_empties: u32,
    /// Log2 of the entries of each of the two transposition tables at most (their size
    /// also follows the budget: a table larger than the positions searched is waste).
    pub table_bits: u32,
}

/// The positions the solver typically needs for `empties` empty squares: the median
/// measured on positions from engine games (16,000 at 12 empties, 370,000 at 16, 7.7
/// million at 20, 490 million at 24; single positions take up to 7 times the median),
/// rounded to a factor of 2.3 an empty square.
fn expected_solve_nodes(empties: u32) -> u64 {
    let mut nodes = 16_000u64;
    for _ in SOLVE_AT_ONCE..empties {
        nodes = nodes.saturating_mul(23) / 10;
    }
    for _ in empties..SOLVE_AT_ONCE {
        nodes = nodes * 10 / 23;
    }
    nodes
}

/// The most empty squares the full engine tries to solve exactly.
pub const MAX_EXACT_EMPTIES: u32 = 24;

/// The full engine: as deep as the budget allows, solving from as many empties as the
/// budget allows, with tables of up to 2^20 entries (24 MiB each).
pub const FULL: Plan = Plan { max_depth: 60, exact_empties: MAX_EXACT_EMPTIES, table_bits: 20 };

/// The empties from which down the solver runs alone, without a midgame guess first:
/// it needs a few thousand positions at most there, less than the guess would.
const SOLVE_AT_ONCE: u32 = 12;

/// The share of the budget the midgame guess may take before a solve (one part in
/// this many).
const GUESS_SHARE: u64 = 8;

/// How sure the engine is of its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Proven: the final disc difference with best play (empties to the winner).
    Exact(i32),
    /// The midgame search's estimate, in hundredths of a disc.
    Estimate(i32),
    /// Nothing judged: the budget ran out first.
    Unknown,
}

/// What the engine thought of a position.
///
/// Invariant: every move of `line` is legal where it is played (`None` a pass, only when
/// the side to move has no move); `line` is empty only with [`Verdict::Unknown`] or for a
/// finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The principal variation, the suggested move first.
    pub line: Vec<Option<u32>>,
    pub verdict: Verdict,
    /// For an estimate, the deepest midgame iteration that finished; for an exact score,
    /// the empty squares solved.
    pub depth: u32,
    /// With an exact score: `line` runs to the end of the game.
    pub line_complete: bool,
    /// Positions searched.
    pub nodes: u64,
}

impl Thought {
    /// The suggested move: a square, or `None` for a pass (also when there is nothing to
    /// suggest; see [`Thought::line`]).
    pub fn suggestion(&self) -> Option<u32> {
        self.line.first().copied().flatten()
    }
}

/// The table size for a budget of `nodes` positions under `plan`.
fn table_bits(nodes: u64, plan: Plan) -> u32 {
    let wanted = 64 - nodes.max(1).leading_zeros();
    wanted.clamp(8, plan.table_bits.max(8))
}

/// Thinks about `position` within `budget`, breaking ties between equal moves by `seed`.
/// Deterministic for equal positions, plans, node budgets and seeds while the stop flag
/// stays clear.
pub fn think(position: Position, budget: SearchBudget<'_>, seed: u64, plan: Plan) -> Thought {
    let mut clock = Clock::new(budget);
    let thought = think_with(position, &mut clock, seed, plan);
    Thought { nodes: clock.nodes(), ..thought }
}

fn think_with(position: Position, clock: &mut Clock<'_>, seed: u64, plan: Plan) -> Thought {
    let moves = position.moves();
    if moves == 0 {
        if position.opponent_moves() == 0 {
            // Neither side can move: the game ends with this side's pass (the rules want
            // two passes in a row; the other side has made the first, or makes the second).
            let verdict = Verdict::Exact(position.final_score());
            return Thought { line: vec![None], verdict, depth: 0, line_complete: true, nodes: 0 };
        }
        // A forced pass: think about the other side's position, and turn it round.
        let after = think_with(position.pass(), clock, seed, plan);
        let verdict = match after.verdict {
            Verdict::Exact(score) => Verdict::Exact(-score),
            Verdict::Estimate(score) => Verdict::Estimate(-score),
            Verdict::Unknown => Verdict::Unknown,
        };
        let line = std::iter::once(None).chain(after.line).collect();
        return Thought { line, verdict, ..after };
    }
    let mut order: Vec<u32> = squares(moves).collect();
    BotRng::new(seed).shuffle(&mut order);
    if clock.out() {
        // Stopped before starting: answer at once, without allocating the tables.
        return estimate(None, &order);
    }
    let bits = table_bits(clock.left(), plan);
    let empties = position.empties();
    let solving = empties <= plan.exact_empties && expected_solve_nodes(empties) <= clock.left() / 2;
    if !solving {
        let found = Searcher::new(&mut Table::new(bits), clock).iterate(position, plan.max_depth, &order);
        return estimate(found, &order);
    }
    // A quick search first, unless the solve is small: its best move goes first in the
    // solve, and stands if the solve runs out.
    let guess = if empties > SOLVE_AT_ONCE {
        clock.set_limit(clock.left() / GUESS_SHARE);
        let found = Searcher::new(&mut Table::new(bits), clock).iterate(position, plan.max_depth, &order);
        clock.set_limit(u64::MAX);
        found
    } else {
        None
    };
    let mut table = Table::new(bits);
    let mut solver = Solver::new(&mut table, clock);
    let first = guess.as_ref().map(|found| found.best);
    if let Some(solved) = solver.solve(position, first, &order) {
        let best = solved.best.expect("a side with a move plays one");
        let (rest, line_complete) = solver.line(position.play(best), -solved.score);
        let line = std::iter::once(Some(best)).chain(rest).collect();
        return Thought { line, verdict: Verdict::Exact(solved.score), depth: empties, line_complete, nodes: 0 };
    }
    estimate(guess, &order)
}

/// The midgame search's answer, or a move without a score when it judged none (a bot
/// must move all the same): the first of `order`.
fn estimate(found: Option<Found>, order: &[u32]) -> Thought {
    match found {
        Some(found) => Thought {
            line: found.line,
            verdict: Verdict::Estimate(found.score),
            depth: found.depth,
            line_complete: false,
            nodes: 0,
        },
        None => {
            Thought { line: vec![Some(order[0])], verdict: Verdict::Unknown, depth: 0, line_complete: false, nodes: 0 }
        }
    }
}

/// An estimate in hundredths of a disc, rounded to whole discs.
pub fn in_discs(centidiscs: i32) -> i32 {
    (centidiscs + centidiscs.signum() * DISC / 2) / DISC
}
