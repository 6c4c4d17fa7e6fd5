//! A peg solitaire solver: can a position still be solved, one solution, and how many
//! jump sequences solve it.
//!
//! Positions are bitboards (see [`boards`](super::boards)). Two positions that a symmetry
//! of the board maps onto each other have the same answers, so results are memoised on a
//! canonical form (the smallest image under the symmetries that keep the goal in place).
//! Counting is a dynamic programme over positions: the number of solving sequences from
//! a position is the sum over its jumps of the number from the position after the jump,
//! which visits every position reachable from the start once. Every search is bounded by
//! a node budget (positions expanded), so that a caller such as a server can never run
//! unbounded, and reports its progress through a callback.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use super::boards::{Geometry, Jump};

/// What counts as solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// One peg left, in any hole.
    OnePeg,
    /// One peg left, in the hole with this 0-based index (never reached when the board
    /// has no such hole).
    OnePegAt(u8),
}

pub use crate::engine::SolutionCount;

/// Where a search stands, for progress lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions expanded so far.
    pub nodes: u64,
    /// Distinct canonical positions remembered so far.
    pub positions: usize,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Whether the goal can be reached.
    pub solvable: bool,
    /// One solving jump sequence; empty when unsolvable or already solved.
    pub solution: Vec<Jump>,
    /// The number of distinct solving jump sequences, when counting was asked for.
    pub count: Option<SolutionCount>,
    /// Positions expanded.
    pub nodes: u64,
}

/// The search needed more than its node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search stopped after {nodes} positions without an answer")]
pub struct BudgetExhausted {
    /// Positions expanded before stopping.
    pub nodes: u64,
}

/// How often, in expanded positions, progress is reported.
const PROGRESS_EVERY: u64 = 1 << 16;
/// Positions between two looks at a search's stop flag: well under a millisecond of work.
pub const STOP_CHECK_EVERY: u64 = 1 << 10;

/// A solver for one board and goal.
pub struct Solver<'g> {
    geometry: &'g Geometry,
    goal: Goal,
    /// For each symmetry kept (the identity excluded) and each byte of a bitboard, the
    /// image of that byte's pegs: a bitboard maps in `bytes` table look-ups.
    tables: Vec<Vec<[u64; 256]>>,
    bytes: usize,
}

impl<'g> Solver<'g> {
    /// A solver of `goal` on `geometry`.
    pub fn new(geometry: &'g Geometry, goal: Goal) -> Solver<'g> {
        let bytes = geometry.hole_count().div_ceil(8);
        let tables = geometry
            .symmetries()
            .iter()
            .skip(1)
            .filter(|perm| match goal {
                Goal::OnePeg => true,
                // A hole off the board is never reached; any symmetry will do then.
                Goal::OnePegAt(hole) => perm.get(hole as usize).is_none_or(|&image| image == hole),
            })
            .map(|perm| {
                (0..bytes)
                    .map(|byte| {
                        let mut table = [0u64; 256];
                        for (value, image) in table.iter_mut().enumerate() {
                            for bit in 0..8 {
                                let hole = byte * 8 + bit;
                                if value & (1 << bit) != 0 && hole < perm.len() {
                                    *image |= 1 << perm[hole];
                                }
                            }
                        }
                        table
                    })
                    .collect()
            })
            .collect();
        Solver { geometry, goal, tables, bytes }
    }

    fn canonical(&self, pegs: u64) -> u64 {
        let mut best = pegs;
        for table in &self.tables {
            let mut image = 0;
            for (byte, t) in table.iter().enumerate().take(self.bytes) {
                image |= t[((pegs >> (8 * byte)) & 0xff) as usize];
            }
            best = best.min(image);
        }
        best
    }

    fn is_goal(&self, pegs: u64) -> bool {
        match self.goal {
            Goal::OnePeg => pegs.count_ones() == 1,
            Goal::OnePegAt(hole) => pegs == 1 << hole,
        }
    }

    /// Can `pegs` reach the goal, and one way to do it. Cheaper than [`Solver::count`]:
    /// it stops at the first solution and remembers only dead positions.
    ///
    /// # Errors
    /// When more than `node_budget` positions would be expanded.
    pub fn solve(
        &self,
        pegs: u64,
        node_budget: u64,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Report, BudgetExhausted> {
        self.solve_until(pegs, node_budget, &AtomicBool::new(false), progress)
    }

    /// [`Solver::solve`], giving up as soon as `stop` is set (checked every
    /// [`STOP_CHECK_EVERY`] positions).
    ///
    /// # Errors
    /// When more than `node_budget` positions would be expanded, or `stop` was set first.
    pub fn solve_until(
        &self,
        pegs: u64,
        node_budget: u64,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Report, BudgetExhausted> {
        let mut search =
            FirstSolution { solver: self, dead: HashSet::default(), nodes: 0, node_budget, stop, progress };
        let mut path = Vec::new();
        let solvable = search.visit(pegs, &mut path)?;
        (search.progress)(Progress { nodes: search.nodes, positions: search.dead.len() });
        Ok(Report { solvable, solution: if solvable { path } else { Vec::new() }, count: None, nodes: search.nodes })
    }

    /// Everything [`Solver::solve`] answers, plus the number of distinct solving jump
    /// sequences from `pegs`.
    ///
    /// # Errors
    /// When more than `node_budget` positions would be expanded.
    pub fn count(
        &self,
        pegs: u64,
        node_budget: u64,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Report, BudgetExhausted> {
        let stop = AtomicBool::new(false);
        let mut search = Counting::new(self, node_budget, &stop, progress);
        let total = search.visit(pegs)?;
        (search.progress)(Progress { nodes: search.nodes, positions: search.memo.len() });
        // Follow any jump whose result still has solutions; every such position is in the
        // memo (or is the goal) because counting expanded all of them.
        let mut solution = Vec::new();
        let mut at = pegs;
        while total != 0 && !self.is_goal(at) {
            let jump = self
                .geometry
                .jumps()
                .iter()
                .copied()
                .find(|j| j.fits(at) && search.visit(j.apply(at)).is_ok_and(|n| n != 0))
                .expect("a position with solutions has a jump towards one");
            solution.push(jump);
            at = jump.apply(at);
        }
        let count = if total == OVERFLOW { SolutionCount::Overflow } else { SolutionCount::Exact(total) };
        Ok(Report { solvable: total != 0, solution, count: Some(count), nodes: search.nodes })
    }
}

impl Solver<'_> {
    /// The number of solving jump sequences from `pegs` and the `limit` of them from rank
    /// `first` on, in the order that lists first the sequences whose first jump comes first
    /// in [`Geometry::jumps`], then by the second jump, and so on. Nothing is listed when
    /// the count overflows.
    ///
    /// # Errors
    /// When more than `node_budget` positions would be expanded, or `stop` was set first.
    pub fn page(
        &self,
        pegs: u64,
        first: u128,
        limit: usize,
        node_budget: u64,
        stop: &AtomicBool,
    ) -> Result<(SolutionCount, Vec<Vec<Jump>>, u64), BudgetExhausted> {
        let mut quiet = |_| {};
        let mut search = Counting::new(self, node_budget, stop, &mut quiet);
        let total = search.visit(pegs)?;
        if total == OVERFLOW {
            return Ok((SolutionCount::Overflow, Vec::new(), search.nodes));
        }
        let last = first.saturating_add(limit as u128).min(total);
        let page = (first..last).map(|rank| search.unrank(pegs, rank)).collect();
        Ok((SolutionCount::Exact(total), page, search.nodes))
    }
}

/// Depth-first search for one solution, remembering positions known to be dead.
struct FirstSolution<'s, 'g, 'p> {
    solver: &'s Solver<'g>,
    dead: HashSet<u64, FastHash>,
    nodes: u64,
    node_budget: u64,
    stop: &'p AtomicBool,
    progress: &'p mut dyn FnMut(Progress),
}

impl FirstSolution<'_, '_, '_> {
    /// True when `pegs` reaches the goal; the solving jumps are then appended to `path`.
    fn visit(&mut self, pegs: u64, path: &mut Vec<Jump>) -> Result<bool, BudgetExhausted> {
        if self.solver.is_goal(pegs) {
            return Ok(true);
        }
        let key = self.solver.canonical(pegs);
        if self.dead.contains(&key) {
            return Ok(false);
        }
        self.nodes += 1;
        let stopped = self.nodes.is_multiple_of(STOP_CHECK_EVERY) && self.stop.load(Ordering::Relaxed);
        if self.nodes > self.node_budget || stopped {
            return Err(BudgetExhausted { nodes: self.nodes - 1 });
        }
        if self.nodes.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(Progress { nodes: self.nodes, positions: self.dead.len() });
        }
        for &jump in self.solver.geometry.jumps() {
            if jump.fits(pegs) {
                path.push(jump);
                if self.visit(jump.apply(pegs), path)? {
                    return Ok(true);
                }
                path.pop();
            }
        }
        self.dead.insert(key);
        Ok(false)
    }
}

/// The count that stands for "more than `u128::MAX`".
const OVERFLOW: u128 = u128::MAX;

/// The counting dynamic programme.
struct Counting<'s, 'g, 'p> {
    solver: &'s Solver<'g>,
    memo: HashMap<u64, u128, FastHash>,
    nodes: u64,
    node_budget: u64,
    stop: &'p AtomicBool,
    progress: &'p mut dyn FnMut(Progress),
}

impl<'s, 'g, 'p> Counting<'s, 'g, 'p> {
    fn new(
        solver: &'s Solver<'g>,
        node_budget: u64,
        stop: &'p AtomicBool,
        progress: &'p mut dyn FnMut(Progress),
    ) -> Counting<'s, 'g, 'p> {
        Counting { solver, memo: HashMap::default(), nodes: 0, node_budget, stop, progress }
    }

    /// The solving sequence of rank `rank` (below the count) from `pegs`, every position on
    /// its way already counted: at each step the jumps are taken in order, skipping as
    /// many sequences as each jump's position has solutions.
    fn unrank(&mut self, pegs: u64, mut rank: u128) -> Vec<Jump> {
        let mut at = pegs;
        let mut solution = Vec::new();
        while !self.solver.is_goal(at) {
            let next = self.solver.geometry.jumps().iter().copied().filter(|jump| jump.fits(at)).find(|jump| {
                let count = self.visit(jump.apply(at)).expect("every position on the way is counted");
                let here = rank < count;
                if !here {
                    rank -= count;
                }
                here
            });
            let jump = next.expect("a rank below the count names a solution");
            solution.push(jump);
            at = jump.apply(at);
        }
        solution
    }

    fn visit(&mut self, pegs: u64) -> Result<u128, BudgetExhausted> {
        if self.solver.is_goal(pegs) {
            return Ok(1);
        }
        if pegs.count_ones() <= 1 {
            return Ok(0);
        }
        let key = self.solver.canonical(pegs);
        if let Some(&count) = self.memo.get(&key) {
            return Ok(count);
        }
        self.nodes += 1;
        let stopped = self.nodes.is_multiple_of(STOP_CHECK_EVERY) && self.stop.load(Ordering::Relaxed);
        if self.nodes > self.node_budget || stopped {
            return Err(BudgetExhausted { nodes: self.nodes - 1 });
        }
        if self.nodes.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(Progress { nodes: self.nodes, positions: self.memo.len() });
        }
        let mut total: u128 = 0;
        for &jump in self.solver.geometry.jumps() {
            if jump.fits(pegs) {
                let count = self.visit(jump.apply(pegs))?;
                total = total.checked_add(count).unwrap_or(OVERFLOW);
            }
        }
        self.memo.insert(key, total);
        Ok(total)
    }
}

/// A multiplicative hash for bitboard keys: the default SipHash costs more than the
/// search step it guards, and the keys come from the solver, not from outside.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

type FastHash = BuildHasherDefault<KeyHasher>;
