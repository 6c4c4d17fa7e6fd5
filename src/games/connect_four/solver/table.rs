//! The solver's transposition tables: what a search remembers of the positions it has
//! bounded, one `u64` an entry: a solver's own [`Table`], and the [`SharedTable`] of
//! a search on several threads.

use std::sync::atomic::{AtomicU64, Ordering};

use super::{MAX_SCORE, MIN_SCORE};
use crate::games::prefetch::prefetch;

/// Bits of an entry: the 49-bit key, 8 bits of value, 7 of generation.
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const VALUE_SHIFT: u32 = KEY_BITS;
const GENERATION_SHIFT: u32 = KEY_BITS + 8;
const LAST_GENERATION: u64 = (1 << (64 - GENERATION_SHIFT)) - 1;

/// The entry holding `value` for `key` in `generation`.
fn entry(key: u64, value: i32, generation: u64) -> u64 {
    key | (value as u64) << VALUE_SHIFT | generation << GENERATION_SHIFT
}

/// The value `entry` holds for `key` in `generation`: 0 when it holds nothing for it.
fn value_of(entry: u64, key: u64, generation: u64) -> i32 {
    if entry & KEY_MASK == key && entry >> GENERATION_SHIFT == generation {
        ((entry >> VALUE_SHIFT) & 0xFF) as i32
    } else {
        0
    }
}

/// The key and value of each entry of `entries` that holds one in `generation`.
fn live(entries: impl Iterator<Item = u64>, generation: u64) -> impl Iterator<Item = (u64, i32)> {
    entries.filter_map(move |stored| {
        let key = stored & KEY_MASK;
        let value = value_of(stored, key, generation);
        (value != 0).then_some((key, value))
    })
}

/// The slot of `key` in a table of 2^`bits` slots.
fn slot_of(key: u64, bits: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

/// A value in the table: an upper bound `score - MIN_SCORE + 1` (1..=37), or a lower
/// bound above those; 0 is no entry.
pub(super) const LOWER_BOUND_BASE: i32 = MAX_SCORE - 2 * MIN_SCORE + 2;

/// The lower bound a table value holds, if it holds one.
pub(super) fn lower_bound(stored: i32) -> Option<i32> {
    (stored >= LOWER_BOUND_BASE + MIN_SCORE).then(|| stored - LOWER_BOUND_BASE)
}

/// The upper bound a table value holds, if it holds one (0 holds nothing).
pub(super) fn upper_bound(stored: i32) -> Option<i32> {
    (stored != 0 && stored < LOWER_BOUND_BASE + MIN_SCORE).then(|| stored + MIN_SCORE - 1)
}

/// Log2 of the entries a search starts each position with: 2 MiB, the size of one core's
/// L2 cache on the machines this runs on. A table spread over more memory costs a cache
/// and TLB miss on nearly every probe, which small searches cannot win back.
pub(super) const FIRST_BITS: u32 = 18;
/// The table in use doubles once a position's search has expanded this many positions
/// per entry, up to the whole allocation.
pub(super) const NODES_PER_ENTRY: u64 = 4;

/// The transposition table: `u64` entries, one per slot, always replaced. Only the
/// first 2^`bits` entries are in use; [`Table::grow`] doubles them, keeping what they
/// hold.
pub(super) struct Table {
    entries: Vec<u64>,
    pub(super) bits: u32,
    max_bits: u32,
    /// The most entries in use since the last real clear (as log2).
    high_water: u32,
    generation: u64,
}

impl Table {
    pub(super) fn new(max_bits: u32) -> Table {
        let max_bits = max_bits.clamp(4, 30);
        let bits = FIRST_BITS.min(max_bits);
        // Zeroed lazily by the allocator, page by page as the table grows; the part in
        // use from the start is written out, so that the searches do not pay for its
        // page faults.
        let mut entries = vec![0; 1 << max_bits];
        entries[..1 << bits].fill(std::hint::black_box(0));
        Table { entries, bits, max_bits, high_water: bits, generation: 1 }
    }

    /// Forgets every entry, and goes back to the first size: a new generation, and a
    /// real clear of the entries used once every 127.
    pub(super) fn reset(&mut self) {
        if self.generation == LAST_GENERATION {
            self.entries[..1 << self.high_water].fill(0);
            self.high_water = FIRST_BITS.min(self.max_bits);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
        self.bits = FIRST_BITS.min(self.max_bits);
    }

    fn slot(&self, key: u64) -> usize {
        slot_of(key, self.bits)
    }

    /// Doubles the entries in use, moving each entry of this generation to its new slot
    /// (slot `s` goes to `2s` or `2s + 1`, so going down from the top never overwrites
    /// an entry not yet moved).
    pub(super) fn grow(&mut self) -> bool {
        if self.bits == self.max_bits {
            return false;
        }
        let old = 1usize << self.bits;
        self.bits += 1;
        self.high_water = self.high_water.max(self.bits);
        for from in (0..old).rev() {
            let entry = std::mem::take(&mut self.entries[from]);
            if entry >> GENERATION_SHIFT == self.generation {
                let to = self.slot(entry & KEY_MASK);
                self.entries[to] = entry;
            }
        }
        true
    }

    pub(super) fn get(&self, key: u64) -> i32 {
        value_of(self.entries[self.slot(key)], key, self.generation)
    }

    /// Asks the memory for `key`'s entry ahead of a [`Table::get`]. Changes nothing.
    pub(super) fn prefetch(&self, key: u64) {
        prefetch(&self.entries[self.slot(key)]);
    }

    pub(super) fn put(&mut self, key: u64, value: i32) {
        let slot = self.slot(key);
        self.entries[slot] = entry(key, value, self.generation);
    }

    /// Takes in what `shared` holds, grown to its size first (up to the allocation).
    pub(super) fn absorb(&mut self, shared: &SharedTable) {
        while self.bits < shared.bits && self.grow() {}
        for (key, value) in live(shared.entries.iter().map(|e| e.load(Ordering::Relaxed)), SHARED_GENERATION) {
            self.put(key, value);
        }
    }
}

/// Log2 of the slots of a [`SharedTable`]'s set of positions being searched.
const BUSY_BITS: u32 = 15;

/// A transposition table several threads read and write at once, entry by entry (each
/// entry one atomic `u64`, so no thread reads half of another's), always replaced, of
/// one generation; and the set of positions some thread is searching now, one a slot,
/// for [Kerrigan's simplified ABDADA](super::parallel).
pub(super) struct SharedTable {
    entries: Vec<AtomicU64>,
    bits: u32,
    /// Keys, 0 for an empty slot.
    busy: Vec<AtomicU64>,
}

/// The generation of every entry of a [`SharedTable`].
const SHARED_GENERATION: u64 = 1;

impl SharedTable {
    /// A table of 2^`bits` entries holding what `table` holds (as much of it as fits).
    pub(super) fn copy_of(table: &Table, bits: u32) -> SharedTable {
        let entries: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0)).take(1 << bits).collect();
        let busy = std::iter::repeat_with(|| AtomicU64::new(0)).take(1 << BUSY_BITS).collect();
        let shared = SharedTable { entries, bits, busy };
        for (key, value) in live(table.entries[..1 << table.bits].iter().copied(), table.generation) {
            shared.put(key, value);
        }
        shared
    }

    /// Log2 of the entries.
    pub(super) fn bits(&self) -> u32 {
        self.bits
    }

    pub(super) fn get(&self, key: u64) -> i32 {
        value_of(self.entries[slot_of(key, self.bits)].load(Ordering::Relaxed), key, SHARED_GENERATION)
    }

    /// Asks the memory for `key`'s entry ahead of a [`SharedTable::get`]. Changes nothing.
    pub(super) fn prefetch(&self, key: u64) {
        prefetch(&self.entries[slot_of(key, self.bits)]);
    }

    pub(super) fn put(&self, key: u64, value: i32) {
        self.entries[slot_of(key, self.bits)].store(entry(key, value, SHARED_GENERATION), Ordering::Relaxed);
    }

    fn busy_slot(&self, key: u64) -> &AtomicU64 {
        &self.busy[slot_of(key, BUSY_BITS)]
    }

    /// Whether some thread marked `key` (a position's, never 0) as being searched.
    pub(super) fn busy(&self, key: u64) -> bool {
        self.busy_slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks `key` as being searched, unless its slot holds another: true when it did,
    /// and then [`SharedTable::leave`] must follow.
    pub(super) fn enter(&self, key: u64) -> bool {
        self.busy_slot(key).compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    }

    /// Unmarks `key`, which [`SharedTable::enter`] marked.
    pub(super) fn leave(&self, key: u64) {
        self.busy_slot(key).store(0, Ordering::Relaxed);
    }
}

/// Where a search keeps the bounds it proves, and what it learns of other threads:
/// one solver's own [`Table`] (no other thread), or a thread's view of a
/// [`SharedTable`].
pub(super) trait BoundStore {
    /// The value stored for `key`, 0 for none.
    fn get(&self, key: u64) -> i32;
    /// Asks the memory for `key`'s entry ahead of a [`BoundStore::get`], so that the work
    /// done meanwhile hides the cache miss. Changes nothing.
    fn prefetch(&self, key: u64);
    fn put(&mut self, key: u64, value: i32);
    /// Log2 of the entries in use.
    fn bits(&self) -> u32;
    /// Doubles the entries in use; false when it cannot.
    fn grow(&mut self) -> bool;
    /// Whether the window being searched is no longer wanted (another thread closed it).
    fn stale(&self) -> bool {
        false
    }
    /// Whether another thread is searching `key` now.
    fn busy(&self, _key: u64) -> bool {
        false
    }
    /// Marks `key` as searched by this thread: true when it did, and then
    /// [`BoundStore::leave`] must follow.
    fn enter(&self, _key: u64) -> bool {
        false
    }
    /// Unmarks `key`, which [`BoundStore::enter`] marked.
    fn leave(&self, _key: u64) {}
}

impl BoundStore for &mut Table {
    fn get(&self, key: u64) -> i32 {
        Table::get(self, key)
    }
    fn prefetch(&self, key: u64) {
        Table::prefetch(self, key)
    }
    fn put(&mut self, key: u64, value: i32) {
        Table::put(self, key, value)
    }
    fn bits(&self) -> u32 {
        self.bits
    }
    fn grow(&mut self) -> bool {
        Table::grow(self)
    }
}
