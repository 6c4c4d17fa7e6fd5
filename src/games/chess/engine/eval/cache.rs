//! Evaluations already made, by position key: a search evaluates many positions again
//! (each iteration and each re-search passes the same leaves), and looking one up costs a
//! fraction of evaluating it.

/// Log2 of the entries: 512 KiB, small enough to stay in a core's second-level cache.
const BITS: u32 = 16;
/// Bits of an entry below the key's top bits: the evaluation, as an `i16`.
const VALUE_BITS: u32 = 16;

/// A direct-mapped table of evaluations, each entry the top 48 bits of a position's key
/// over its evaluation; a new entry replaces whatever its slot held. Invariant: an entry
/// answers only for a key whose top 48 bits it holds, so a wrong answer needs two keys
/// that agree in 64 bits (the slot's 16 and the stored 48).
pub struct EvalCache {
    entries: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache::new()
    }
}

impl EvalCache {
    /// An empty cache.
    pub fn new() -> EvalCache {
        EvalCache { entries: vec![0; 1 << BITS].into_boxed_slice() }
    }

    fn slot(key: u64) -> usize {
        (key & ((1 << BITS) - 1)) as usize
    }

    /// The evaluation stored for `key`, if any.
    pub fn get(&self, key: u64) -> Option<i32> {
        let entry = self.entries[Self::slot(key)];
        (entry != 0 && entry >> VALUE_BITS == key >> VALUE_BITS).then_some(i32::from(entry as u16 as i16))
    }

    /// Stores `eval`, which must fit an `i16`, for `key`.
    pub fn put(&mut self, key: u64, eval: i32) {
        debug_assert!(i16::try_from(eval).is_ok(), "{eval}");
        self.entries[Self::slot(key)] = key >> VALUE_BITS << VALUE_BITS | u64::from(eval as i16 as u16);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_evaluation_is_found_under_its_own_key_only() {
        let mut cache = EvalCache::new();
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(cache.get(key), None);
        cache.put(key, -321);
        assert_eq!(cache.get(key), Some(-321));
        // Same slot, other top bits: not this position's.
        assert_eq!(cache.get(key ^ 1 << 40), None);
        cache.put(key ^ 1 << 40, 17);
        assert_eq!(cache.get(key), None, "replaced");
        assert_eq!(cache.get(key ^ 1 << 40), Some(17));
    }
}
