//! A transposition table of fixed size: what was learnt about a position (bounds on its
//! score, the depth they hold to, its best move), found again when the search reaches
//! the position by another order of moves.
//!
//! Entries come in buckets of two: the first keeps the deepest result, the second the
//! latest; a new result replaces the first when it is at least as deep, the second
//! otherwise. Every entry keeps its whole position, so a hit is never another position.
//!
//! Positions with at most [`NEAR_EMPTIES`] empty squares have a small part of the table
//! to themselves (the near part, of up to `2^`[`NEAR_BITS`] entries, 384 KiB): the
//! endgame solver visits them by the million, and a probe of a table of many megabytes
//! is a cache miss and a TLB miss (on a virtual machine, the costliest kind) that costs
//! more than the search of such a position; in the near part it is mostly a cache hit.
//! What the near part forgets (it is overwritten often) is cheap to search again.

use super::position::Position;
use crate::games::prefetch::prefetch;

/// No best move recorded.
pub const NO_MOVE: u8 = 64;

/// What the table knows of a position: its score lies in `lower..=upper`, searched
/// `depth` plies deep (the meaning of depth is the user's), and `best` was the best move
/// found (or [`NO_MOVE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub lower: i32,
    pub upper: i32,
    pub depth: u8,
    pub best: u8,
}

impl Known {
    /// The window `alpha..beta` narrowed by what is known: `Err(score)` when the bounds
    /// alone settle the search (fail high, fail low, or an empty window), else the window
    /// to search.
    pub fn narrow(self, alpha: i32, beta: i32) -> Result<(i32, i32), i32> {
        if self.lower >= beta {
            return Err(self.lower);
        }
        if self.upper <= alpha {
            return Err(self.upper);
        }
        let (alpha, beta) = (alpha.max(self.lower), beta.min(self.upper));
        if alpha >= beta { Err(alpha) } else { Ok((alpha, beta)) }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    own: u64,
    opp: u64,
    lower: i16,
    upper: i16,
    depth: u8,
    best: u8,
    used: bool,
}

/// Positions with at most this many empty squares go to the near part of the table.
pub const NEAR_EMPTIES: u32 = 11;
/// Log2 of the near part's entries, at most (and at most the table's `bits`): small
/// enough for the near part to stay in a core's second-level cache.
pub const NEAR_BITS: u32 = 14;

/// A table of `2^bits` entries, and a near part for positions close to the end.
pub struct Table {
    /// The near part's entries first, then the rest.
    entries: Vec<Entry>,
    /// Selects a bucket's first entry from a hash, in the far part (after the near).
    mask: usize,
    /// The same in the near part.
    near_mask: usize,
}

/// A hash of a position that spreads nearby bitboards over the whole table.
#[inline(always)]
fn hash(position: Position) -> u64 {
    let mut h = position.own().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ position.opp().wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

impl Table {
    /// An empty table of `2^bits` entries (24 bytes each), `bits` at least 1, and a near
    /// part of `2^min(bits, NEAR_BITS)` more.
    pub fn new(bits: u32) -> Table {
        let bits = bits.clamp(1, 30);
        let near_bits = bits.min(NEAR_BITS);
        Table {
            entries: vec![Entry::default(); (1 << bits) + (1 << near_bits)],
            mask: ((1usize << bits) - 1) & !1,
            near_mask: ((1usize << near_bits) - 1) & !1,
        }
    }

    #[inline(always)]
    fn bucket(&self, position: Position) -> usize {
        let h = hash(position) as usize;
        if position.empties() <= NEAR_EMPTIES { h & self.near_mask } else { (self.near_mask + 2) + (h & self.mask) }
    }

    /// Asks the memory for `position`'s bucket ahead of a [`probe`](Table::probe) or a
    /// [`store`](Table::store), so that the work done meanwhile hides the cache miss
    /// (the far part is much larger than the caches: most of its probes miss). Changes
    /// nothing.
    #[inline(always)]
    pub fn prefetch(&self, position: Position) {
        // A bucket of 48 bytes may straddle two cache lines: ask for both ends.
        let bucket = &self.entries[self.bucket(position)..][..2];
        prefetch(&bucket[0]);
        prefetch(&bucket[1].best);
    }

    /// What the table knows of `position`.
    #[inline]
    pub fn probe(&self, position: Position) -> Option<Known> {
        let at = self.bucket(position);
        self.entries[at..at + 2]
            .iter()
            .find(|e| e.used && e.own == position.own() && e.opp == position.opp())
            .map(|e| Known { lower: i32::from(e.lower), upper: i32::from(e.upper), depth: e.depth, best: e.best })
    }

    /// Records that `position`, searched `depth` deep, scores within `lower..=upper`
    /// (both within `i16`) with `best` its best move.
    #[inline]
    pub fn store(&mut self, position: Position, known: Known) {
        debug_assert!(known.lower <= known.upper);
        let entry = Entry {
            own: position.own(),
            opp: position.opp(),
            lower: known.lower.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            upper: known.upper.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: known.depth,
            best: known.best,
            used: true,
        };
        let at = self.bucket(position);
        let same = |e: &Entry| e.used && e.own == entry.own && e.opp == entry.opp;
        let slot = if same(&self.entries[at]) || !same(&self.entries[at + 1]) && known.depth >= self.entries[at].depth {
            at
        } else {
            at + 1
        };
        self.entries[slot] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_bounds_come_back_and_other_positions_miss() {
        let mut table = Table::new(4);
        let a = Position::start();
        let b = a.play(19);
        table.store(a, Known { lower: -3, upper: 5, depth: 7, best: 19 });
        assert_eq!(table.probe(a), Some(Known { lower: -3, upper: 5, depth: 7, best: 19 }));
        assert_eq!(table.probe(b), None);
        table.store(a, Known { lower: 1, upper: 1, depth: 2, best: NO_MOVE });
        assert_eq!(table.probe(a).unwrap().lower, 1, "a position's own entry is always replaced");
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest_and_the_latest() {
        let mut table = Table::new(1);
        let positions: Vec<Position> = (0..3).map(|i| Position::new(1 << i, 1 << 40)).collect();
        table.store(positions[0], Known { lower: 0, upper: 0, depth: 9, best: NO_MOVE });
        table.store(positions[1], Known { lower: 0, upper: 0, depth: 1, best: NO_MOVE });
        table.store(positions[2], Known { lower: 0, upper: 0, depth: 2, best: NO_MOVE });
        assert!(table.probe(positions[0]).is_some());
        assert!(table.probe(positions[1]).is_none());
        assert!(table.probe(positions[2]).is_some());
    }
}
