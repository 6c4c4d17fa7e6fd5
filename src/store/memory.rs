use std::collections::BTreeMap;
use std::sync::Mutex;

use async_trait::async_trait;

use super::{GameRecord, ListFilter, RecordUpdate, Store, StoreError, StoredEvent};

/// Games kept in process memory: nothing survives a restart. For tests and throw-away
/// servers.
#[derive(Debug, Default)]
pub struct MemoryStore {
    /// By id; ids sort by creation time, so iterating backwards lists newest first.
    games: Mutex<BTreeMap<String, (GameRecord, Vec<StoredEvent>)>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, (GameRecord, Vec<StoredEvent>)>> {
        // A panic while holding the lock cannot leave a half-written game: every
        // mutation below is a single insert or push after all checks.
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[async_trait]
impl Store for MemoryStore {
    async fn create(&self, record: GameRecord, first: StoredEvent) -> Result<(), StoreError> {
        let mut games = self.lock();
        if games.contains_key(&record.id) {
            return Err(StoreError::AlreadyExists(record.id));
        }
        games.insert(record.id.clone(), (record, vec![first]));
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<(GameRecord, Vec<StoredEvent>), StoreError> {
        self.lock().get(id).cloned().ok_or_else(|| StoreError::NotFound(id.to_owned()))
    }

    async fn append(
        &self,
        id: &str,
        expected_seq: u64,
        events: Vec<StoredEvent>,
        update: RecordUpdate,
    ) -> Result<(), StoreError> {
        let mut games = self.lock();
        let (record, log) = games.get_mut(id).ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        if record.seq != expected_seq {
            return Err(StoreError::Conflict { expected: expected_seq, current: record.seq });
        }
        for (offset, event) in events.iter().enumerate() {
            debug_assert_eq!(event.seq, expected_seq + 1 + offset as u64, "events must continue the log");
        }
        record.seq += events.len() as u64;
        record.status = update.status;
        record.outcome = update.outcome;
        record.move_count = update.move_count;
        record.updated = update.updated;
        log.extend(events);
        Ok(())
    }

    async fn events_after(&self, id: &str, after: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        let games = self.lock();
        let (_, log) = games.get(id).ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        // Seqs start at 1 without gaps, so seq n sits at index n - 1.
        let start = usize::try_from(after).unwrap_or(usize::MAX).min(log.len());
        Ok(log[start..].iter().take(limit).cloned().collect())
    }

    async fn list(
        &self,
        filter: ListFilter,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let games = self.lock();
        let newest_first: Box<dyn Iterator<Item = (&String, &(GameRecord, Vec<StoredEvent>))>> = match after_id {
            Some(after) => Box::new(games.range::<str, _>((std::ops::Bound::Unbounded, std::ops::Bound::Excluded(after))).rev()),
            None => Box::new(games.iter().rev()),
        };
        Ok(newest_first
            .map(|(_, (record, _))| record)
            .filter(|r| filter.kind.is_none_or(|k| r.kind() == k))
            .filter(|r| filter.status.is_none_or(|s| r.status == s))
            .take(limit)
            .cloned()
            .collect())
    }
}
