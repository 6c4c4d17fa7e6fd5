//! The exact score of a position on several threads, after Tom Kerrigan's "simplified
//! ABDADA": every thread searches the same null window over one [`SharedTable`], and a
//! thread that meets a child another thread is searching (a node of fewer than
//! [`SPLIT_BEFORE`](super::SPLIT_BEFORE) discs, past its first move) leaves it for after
//! its other moves, so that the threads spread over the tree below the root instead of
//! searching the same moves side by side. The first thread to close a window narrows the
//! bounds for all; the others give up the window they were in (what they proved stays in
//! the table) and take the next.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::SearchBudget;

use super::table::{BoundStore, SharedTable};
use super::{Position, Search, Solver, Then, next_guess};

/// Log2 of the entries of the shared table (2^22, 32 MiB).
const SHARED_TABLE_BITS: u32 = 22;

/// Positions one thread searches before others join it (about a tenth of a second): most
/// positions are solved sooner, and on smaller searches starting the threads (a shared
/// table of 32 MiB filled) costs about what they win.
pub const ALONE_FIRST: u64 = 2_000_000;

/// The bounds on the score every thread narrows.
struct Bounds {
    min: i32,
    max: i32,
}

/// One thread's access to the shared search.
struct ThreadView<'a> {
    table: &'a SharedTable,
    /// How many times a thread has narrowed the [`Bounds`]: changed only with their lock
    /// held, read without it.
    epoch: &'a AtomicU64,
    /// The epoch of the window this thread is in.
    window: u64,
}

impl BoundStore for ThreadView<'_> {
    fn get(&self, key: u64) -> i32 {
        self.table.get(key)
    }
    fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }

    fn put(&mut self, key: u64, value: i32) {
        self.table.put(key, value);
    }

    fn bits(&self) -> u32 {
        self.table.bits()
    }

    fn grow(&mut self) -> bool {
        false
    }

    fn stale(&self) -> bool {
        self.epoch.load(Ordering::Relaxed) != self.window
    }

    fn busy(&self, key: u64) -> bool {
        self.table.busy(key)
    }

    fn enter(&self, key: u64) -> bool {
        self.table.enter(key)
    }

    fn leave(&self, key: u64) {
        self.table.leave(key);
    }
}

impl Solver<'_> {
    /// [`Solver::solve`] of `position` (not winnable at once) on `budget.threads` threads,
    /// one alone for its first `alone` positions, then all of them from what it learnt
    /// (its table and the bounds it proved). `budget.nodes` counts the positions of every
    /// thread (each gets an equal share of what the first left). What the threads proved
    /// is kept in this solver's table when searches follow (`then`: a best move).
    pub(super) fn solve_on_threads(
        &mut self,
        position: &Position,
        budget: SearchBudget<'_>,
        alone: u64,
        then: Then,
    ) -> Option<i32> {
        let start = self.nodes;
        let threads = budget.threads;
        let alone = SearchBudget::new(alone.min(budget.nodes), budget.stop);
        let (min, max) = match self.solve_within(position, self.bounds(position), alone) {
            Ok(score) => return Some(score),
            Err(_) if budget.stop.load(Ordering::Relaxed) || budget.nodes <= alone.nodes => {
                return None;
            }
            Err(narrowed) => narrowed,
        };
        let table = SharedTable::copy_of(&self.table, SHARED_TABLE_BITS);
        let bounds = Mutex::new(Bounds { min, max });
        let epoch = AtomicU64::new(0);
        let share = budget.nodes.saturating_sub(self.nodes - start) / threads as u64;
        let (books, claimeven) = (&self.books, self.claimeven);
        let searched: u64 = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let view = ThreadView { table: &table, epoch: &epoch, window: 0 };
                        let mut search = Search::new(view, books, claimeven, 0, share, budget.stop);
                        search.narrow(position, &bounds, &epoch);
                        search.nodes
                    })
                })
                .collect();
            threads.into_iter().map(|thread| thread.join().expect("a solving thread does not panic")).sum()
        });
        self.nodes += searched;
        if then == Then::Search {
            self.table.absorb(&table);
        }
        let bounds = bounds.into_inner().expect("no solving thread panics");
        (bounds.min >= bounds.max).then_some(bounds.min)
    }
}

impl Search<'_, ThreadView<'_>> {
    /// Searches null windows, each at the guess the shared `bounds` make next, until the
    /// bounds meet or the budget runs out, narrowing `bounds` with each window closed.
    fn narrow(&mut self, position: &Position, bounds: &Mutex<Bounds>, epoch: &AtomicU64) {
        loop {
            let guess = {
                let bounds = bounds.lock().expect("no solving thread panics");
                if bounds.min >= bounds.max {
                    return;
                }
                self.table.window = epoch.load(Ordering::Relaxed);
                next_guess(bounds.min, bounds.max)
            };
            self.aborted = false;
            self.schedule();
            let r = self.negamax(position, guess, guess + 1);
            if self.aborted {
                if self.nodes > self.limit || self.stop.load(Ordering::Relaxed) {
                    return;
                }
                // Another thread closed a window: take the next.
                continue;
            }
            let mut bounds = bounds.lock().expect("no solving thread panics");
            if r <= guess {
                bounds.max = bounds.max.min(r);
            } else {
                bounds.min = bounds.min.max(r);
            }
            epoch.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests;
