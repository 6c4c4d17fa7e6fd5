//! The engine's share of a [`SearchBudget`]: it counts positions and says when to stop.

use crate::engine::SearchBudget;

/// Positions between two looks at the stop flag. Even the slowest positions (midgame
/// ones, evaluated) take well under a microsecond each, so a set flag is noticed within
/// a fraction of a millisecond.
const CHECK_EVERY: u64 = 256;

/// Counts the positions a search expands against its budget and a phase's limit.
///
/// Invariant: `nodes <= next_check <= limit <= budget.nodes` while not `out`; once `out`
/// is set it stays set until [`Clock::set_limit`] raises the limit and the budget still
/// has room and its flag is clear.
pub struct Clock<'a> {
    budget: SearchBudget<'a>,
    nodes: u64,
    /// The positions this phase of the search may reach (a share of the budget).
    limit: u64,
    next_check: u64,
    out: bool,
}

impl<'a> Clock<'a> {
    /// A clock with nothing counted yet, its limit the whole budget.
    pub fn new(budget: SearchBudget<'a>) -> Clock<'a> {
        let mut clock = Clock { budget, nodes: 0, limit: budget.nodes, next_check: 0, out: false };
        clock.check();
        clock
    }

    /// Positions counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the search must stop: the limit, the budget or the stop flag.
    #[inline(always)]
    pub fn out(&self) -> bool {
        self.out
    }

    /// Counts one position; true when the search must stop (before expanding it).
    #[inline(always)]
    pub fn tick(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.check();
            if self.out {
                return true;
            }
        }
        self.nodes += 1;
        false
    }

    /// Limits the next phase to `extra` more positions (within the budget), and lets a
    /// clock stopped by its previous limit run again.
    pub fn set_limit(&mut self, extra: u64) {
        self.limit = self.nodes.saturating_add(extra).min(self.budget.nodes);
        self.out = false;
        self.check();
    }

    /// The positions left in the whole budget.
    pub fn left(&self) -> u64 {
        self.budget.nodes.saturating_sub(self.nodes)
    }

    fn check(&mut self) {
        if self.nodes >= self.limit || self.budget.stopped() {
            self.out = true;
        } else {
            self.next_check = (self.nodes + CHECK_EVERY).min(self.limit);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;

    #[test]
    fn the_clock_counts_to_its_budget_and_phases_share_it() {
        let go = AtomicBool::new(false);
        let mut clock = Clock::new(SearchBudget::new(1000, &go));
        clock.set_limit(300);
        assert_eq!((0..1000).filter(|_| !clock.tick()).count(), 300);
        assert!(clock.out());
        clock.set_limit(u64::MAX);
        assert_eq!((0..1000).filter(|_| !clock.tick()).count(), 700);
        assert_eq!((clock.nodes(), clock.left()), (1000, 0));
    }

    #[test]
    fn the_stop_flag_stops_within_a_few_hundred_positions() {
        let stop = AtomicBool::new(false);
        let mut clock = Clock::new(SearchBudget::new(u64::MAX, &stop));
        for _ in 0..10 {
            assert!(!clock.tick());
        }
        stop.store(true, Ordering::Relaxed);
        let more = (0..10_000).take_while(|_| !clock.tick()).count() as u64;
        assert!(more <= CHECK_EVERY, "{more}");
        let stopped = Clock::new(SearchBudget::new(u64::MAX, &stop));
        assert!(stopped.out());
    }
}
