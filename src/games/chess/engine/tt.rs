//! The transposition table: what earlier parts of a search learnt about a position (its
//! best move, a score and what kind of bound that score is, and how deep it was
//! searched), found again by the position's Zobrist hash.
//!
//! One table serves one search, or the searches of one game through a
//! [`super::Memory`], and is dropped with it, so its memory is bounded by its size, fixed
//! when it is made: a power of two of 16-byte entries, one per slot. A store
//! replaces the slot's entry unless that entry is of the same position and was searched
//! deeper (an exact score is always kept, being the most useful).
//!
//! The threads of one search share the table without a lock: a slot is two atomic words,
//! the entry's data and its key exclusive-ored with that data, so an entry half written
//! by one thread while another reads it fails the key check and reads as no entry
//! (Hyatt and Mann's lockless hashing).

use std::sync::atomic::{AtomicU64, Ordering};

use super::super::position::Move;

/// What a stored score says about the position's true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (every move failed low).
    Upper,
}

/// A move as the table stores it: from, to and promotion, the moving piece left out
/// (the position tells it). Compared against the legal moves, never played as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedMove(u16);

impl PackedMove {
    /// The packed form of `mv`.
    pub fn new(mv: Move) -> PackedMove {
        let promotion = mv.promotion.map_or(0, |role| role.index() as u16);
        PackedMove(mv.from.index() as u16 | (mv.to.index() as u16) << 6 | promotion << 12)
    }

    /// True when this is the packed form of `mv`.
    pub fn is(self, mv: Move) -> bool {
        self == PackedMove::new(mv)
    }
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move found, when the search found one.
    pub mv: Option<PackedMove>,
    /// The score, as [`super::score::to_table`] stored it.
    pub score: i32,
    /// How many plies deep it was searched.
    pub depth: i32,
    /// What kind of bound `score` is.
    pub bound: Bound,
}

impl Hit {
    /// The stored score, `ply` plies from the root, when its bound settles the window
    /// (`alpha`, `beta`): the search can return it without looking further.
    pub fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let score = super::score::from_table(self.score, ply);
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settles.then_some(score)
    }
}

/// What a slot holds for its position, packed in a `u64` (from the low bits: the move,
/// the score, the depth, the flags); flags 0 mark an empty slot.
#[derive(Clone, Copy, Default)]
struct Entry {
    mv: u16,
    score: i16,
    depth: u8,
    /// 0 empty, 1 exact, 2 lower, 3 upper; bit 2 set when `mv` holds a move.
    flags: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.flags) << 40
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            flags: (data >> 40) as u8,
        }
    }
}

const HAS_MOVE: u8 = 4;

/// One slot: the entry's data, and its position's key exclusive-ored with the data.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held and its key, when the slot holds one whose two words agree.
    fn read(&self) -> Option<(u64, Entry)> {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        let entry = Entry::unpack(data);
        (entry.flags & 3 != 0).then_some((key, entry))
    }

    fn write(&self, key: u64, entry: Entry) {
        let data = entry.pack();
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// A fixed-size table of positions.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

/// The fewest entries a table has.
const MIN_ENTRIES: usize = 1 << 10;

impl TranspositionTable {
    /// A table for a search of at most `nodes` positions, in at most `max_bytes` bytes
    /// (and never less than the 16 KiB of its smallest size): one slot per position the
    /// search can visit, up to the largest power of two of entries that fits. A small
    /// search so never pays for a large table.
    pub fn for_search(nodes: u64, max_bytes: usize) -> TranspositionTable {
        let fits = (max_bytes / ENTRY_BYTES).max(MIN_ENTRIES);
        let largest = 1usize << (usize::BITS - 1 - fits.leading_zeros());
        let wanted = usize::try_from(nodes).unwrap_or(usize::MAX).max(MIN_ENTRIES).checked_next_power_of_two();
        let len = wanted.map_or(largest, |wanted| wanted.min(largest));
        TranspositionTable { slots: std::iter::repeat_with(Slot::default).take(len).collect(), mask: len - 1 }
    }

    /// Number of slots.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[key as usize & self.mask]
    }

    /// What is stored for the position with hash `key`, if anything.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let (stored, entry) = self.slot(key).read()?;
        if stored != key {
            return None;
        }
        let bound = match entry.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let mv = (entry.flags & HAS_MOVE != 0).then_some(PackedMove(entry.mv));
        Some(Hit { mv, score: i32::from(entry.score), depth: i32::from(entry.depth), bound })
    }

    /// Remembers the position with hash `key`: `score` (already in the table's form, see
    /// [`super::score::to_table`]) is a `bound` found searching `depth` plies, `mv` the
    /// best move found.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let depth = depth.clamp(0, i32::from(u8::MAX)) as u8;
        let same = slot.read().filter(|&(stored, _)| stored == key).map(|(_, entry)| entry);
        if same.is_some_and(|entry| bound != Bound::Exact && entry.depth > depth) {
            return;
        }
        // Keep the move already known when this search found none (every move failed low).
        let (mv, has_move) = match (mv, same) {
            (Some(mv), _) => (PackedMove::new(mv).0, HAS_MOVE),
            (None, Some(entry)) => (entry.mv, entry.flags & HAS_MOVE),
            (None, None) => (0, 0),
        };
        let kind = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let score = score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        slot.write(key, Entry { mv, score, depth, flags: kind | has_move });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::board::{Role, Square};

    fn mv(from: &str, to: &str, promotion: Option<Role>) -> Move {
        Move { from: Square::parse(from).unwrap(), to: Square::parse(to).unwrap(), role: Role::Pawn, promotion }
    }

    #[test]
    fn tables_are_sized_by_the_search_and_capped_by_the_memory() {
        assert_eq!(ENTRY_BYTES, 16);
        assert_eq!(TranspositionTable::for_search(0, 64 << 20).len(), MIN_ENTRIES);
        assert_eq!(TranspositionTable::for_search(5_000, 64 << 20).len(), 8_192);
        assert_eq!(TranspositionTable::for_search(u64::MAX, 1 << 20).len(), (1 << 20) / 16);
        assert_eq!(TranspositionTable::for_search(u64::MAX, 3 << 20).len(), (2 << 20) / 16, "a power of two");
    }

    #[test]
    fn a_stored_position_is_found_with_its_move_and_bound_and_others_are_not() {
        let table = TranspositionTable::for_search(0, 0);
        let best = mv("e7", "e8", Some(Role::Knight));
        table.store(12_345, Some(best), -77, 6, Bound::Lower);
        let hit = table.probe(12_345).unwrap();
        assert!(hit.mv.unwrap().is(best) && !hit.mv.unwrap().is(mv("e7", "e8", Some(Role::Queen))));
        assert_eq!((hit.score, hit.depth, hit.bound), (-77, 6, Bound::Lower));
        assert!(table.probe(12_345 + MIN_ENTRIES as u64).is_none(), "same slot, other position");
        assert!(table.probe(99).is_none());
    }

    #[test]
    fn a_slot_half_written_by_another_thread_reads_as_empty() {
        let table = TranspositionTable::for_search(0, 0);
        table.store(42, Some(mv("a2", "a4", None)), 10, 8, Bound::Exact);
        table.store(43, None, -3, 2, Bound::Upper);
        // A writer of position 42 that stored its data but not yet its key check.
        let other = table.slot(43).data.load(Ordering::Relaxed);
        table.slot(42).data.store(other, Ordering::Relaxed);
        assert!(table.probe(42).is_none());
        assert!(table.probe(43).is_some(), "its own slot is whole");
    }

    #[test]
    fn deeper_results_are_kept_and_a_move_survives_a_store_without_one() {
        let table = TranspositionTable::for_search(0, 0);
        let best = mv("a2", "a4", None);
        table.store(7, Some(best), 10, 8, Bound::Exact);
        table.store(7, None, -5, 3, Bound::Upper);
        assert_eq!(table.probe(7).unwrap().depth, 8, "a shallower bound does not replace a deeper result");
        table.store(7, None, 20, 9, Bound::Upper);
        let hit = table.probe(7).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (20, 9, Bound::Upper));
        assert!(hit.mv.unwrap().is(best), "the known move is kept");
        table.store(7 + MIN_ENTRIES as u64, None, 1, 1, Bound::Lower);
        assert!(table.probe(7).is_none(), "another position takes the slot");
    }
}
