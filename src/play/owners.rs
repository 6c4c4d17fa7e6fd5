//! Owners' streams: each service key's log of what happens to its games, followed from a
//! cursor. A follower reads the log from the store (so every replica delivers the same
//! entries in the same order) whenever this process, or another one through the store's
//! change feed, notes an entry for its owner, and at least every [`POLL`] in case a
//! notification was lost.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::Stream;
use tokio::sync::{mpsc, watch};

use super::error::PlayError;
use super::series::follow::{StreamCounts, StreamSlot};
use crate::store::{Change, ChangeKind, Labels, OwnerEntry, OwnerEventKind, Store, carries};

/// How often a follower reads its owner's log again without being told of an entry: what
/// other processes note reaches it at least this often.
const POLL: Duration = Duration::from_secs(1);
/// Entries read from the store at once.
const PAGE: usize = 256;

/// Tells this process's followers of an owner's log that it grew.
#[derive(Debug, Default)]
pub struct OwnerFeeds {
    /// By owner: a count bumped each time the owner's log grows here.
    feeds: Mutex<HashMap<String, watch::Sender<u64>>>,
    /// Followers of each owner.
    streams: StreamCounts,
}

impl OwnerFeeds {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Sender<u64>>> {
        // Every change under the lock is one insert, removal or send: nothing half-done.
        self.feeds.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Wakes the followers of `owner`'s log, if any.
    pub fn grew(&self, owner: &str) {
        if let Some(feed) = self.lock().get(owner) {
            feed.send_modify(|count| *count = count.wrapping_add(1));
        }
    }

    /// Takes the owners' news from other processes' `changes`, waking their followers here,
    /// and passes the games' changes on.
    pub fn follow(self: Arc<OwnerFeeds>, mut changes: mpsc::Receiver<Change>) -> mpsc::Receiver<Change> {
        let (games, passed) = mpsc::channel(changes.max_capacity());
        tokio::spawn(async move {
            while let Some(change) = changes.recv().await {
                match change.kind {
                    ChangeKind::OwnerLogGrew(_) => self.grew(&change.game_id),
                    // A full queue drops the change, as the store's own would; its poll
                    // brings the game back.
                    _ => {
                        if let Err(mpsc::error::TrySendError::Closed(_)) = games.try_send(change) {
                            return;
                        }
                    }
                }
            }
        });
        passed
    }

    /// What wakes a follower of `owner`'s log; feeds nobody follows any more are dropped.
    fn watch(&self, owner: &str) -> watch::Receiver<u64> {
        let mut feeds = self.lock();
        feeds.retain(|_, feed| feed.receiver_count() > 0);
        feeds.entry(owner.to_owned()).or_insert_with(|| watch::channel(0).0).subscribe()
    }
}

/// Which entries a follower wants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnerFilter {
    /// Only these kinds; empty for every kind.
    pub kinds: Vec<OwnerEventKind>,
    /// Only games carrying every one of these labels.
    pub labels: Labels,
}

impl OwnerFilter {
    fn wants(&self, entry: &OwnerEntry) -> bool {
        (self.kinds.is_empty() || self.kinds.contains(&entry.kind)) && carries(&entry.labels, &self.labels)
    }
}

/// An owner's entries after a cursor, in order, then live; ends with `SHUTTING_DOWN` when
/// the server stops, or with a storage error.
pub type OwnerEntries = Pin<Box<dyn Stream<Item = Result<OwnerEntry, PlayError>> + Send>>;

/// Where a follower stands.
struct Follower {
    store: Arc<dyn Store>,
    owner: String,
    filter: OwnerFilter,
    /// The cursor of the last entry read.
    cursor: u64,
    /// Entries read and not yet yielded, oldest last.
    pending: Vec<OwnerEntry>,
    grown: watch::Receiver<u64>,
    shutdown: watch::Receiver<bool>,
    _slot: StreamSlot,
}

/// Follows `owner`'s log after cursor `after`, keeping to `filter`.
///
/// # Errors
/// `CursorOutOfRange` when `after` is beyond the log's newest cursor; `TOO_MANY_STREAMS`
/// when the owner already has `max_streams` followers here; a storage error.
pub async fn follow_owner(
    store: Arc<dyn Store>,
    feeds: &OwnerFeeds,
    owner: &str,
    after: u64,
    filter: OwnerFilter,
    max_streams: usize,
    shutdown: watch::Receiver<bool>,
) -> Result<OwnerEntries, PlayError> {
    let slot = feeds.streams.take(owner, max_streams)?;
    // Watched before the first read, so that nothing noted after the read goes unseen.
    let grown = feeds.watch(owner);
    let first = store.owner_events_after(owner, after, PAGE).await?;
    if after > first.newest {
        return Err(PlayError::CursorOutOfRange { after, current: first.newest });
    }
    let mut follower = Follower {
        store,
        owner: owner.to_owned(),
        filter,
        cursor: after,
        pending: Vec::new(),
        grown,
        shutdown,
        _slot: slot,
    };
    follower.take(first.entries);
    Ok(Box::pin(futures_util::stream::unfold(Some(follower), |follower| async move {
        let mut follower = follower?;
        match follower.next().await {
            Ok(entry) => Some((Ok(entry), Some(follower))),
            Err(error) => Some((Err(error), None)),
        }
    })))
}

impl Follower {
    /// Keeps the wanted ones of `entries`, just read, and moves the cursor past them all.
    fn take(&mut self, entries: Vec<OwnerEntry>) {
        if let Some(last) = entries.last() {
            self.cursor = last.cursor;
        }
        self.pending = entries.into_iter().filter(|entry| self.filter.wants(entry)).rev().collect();
    }

    /// The next wanted entry, waiting for one as long as it takes.
    async fn next(&mut self) -> Result<OwnerEntry, PlayError> {
        loop {
            if let Some(entry) = self.pending.pop() {
                return Ok(entry);
            }
            // Marked seen before the read: an entry noted after it wakes the wait below.
            self.grown.borrow_and_update();
            let page = self.store.owner_events_after(&self.owner, self.cursor, PAGE).await?;
            let full = page.entries.len() == PAGE;
            self.take(page.entries);
            if full || !self.pending.is_empty() {
                continue;
            }
            tokio::select! {
                _ = self.grown.changed() => {}
                _ = tokio::time::sleep(POLL) => {}
                _ = self.shutdown.wait_for(|down| *down) => return Err(PlayError::ShuttingDown),
            }
        }
    }
}
