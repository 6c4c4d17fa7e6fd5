//! Owners' streams: each service key's log of what happens to its games, followed from a
//! cursor. Every follower reads from the store (so every replica delivers the same entries
//! in the same order), but not each on its own: one reader an owner a process reads the new
//! entries whenever this process, or another one through the store's change feed, notes
//! some for the owner (and at least every [`POLL`], in case a notification was lost), and
//! hands each stretch it read to all the owner's followers here. A follower reads the store
//! itself only for its backlog and to fill a gap (it fell behind, or joined before the
//! reader's first stretch).

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

use bytes::Bytes;
use futures_util::Stream;
use tokio::sync::{broadcast, mpsc, watch};

use super::error::PlayError;
use super::follow::{StreamCounts, StreamSlot};
use crate::store::{Change, ChangeKind, Labels, OwnerEntry, OwnerEventKind, Store, carries};

/// How often an owner's reader reads the log again without being told of an entry: what
/// other processes note reaches the followers at least this often.
const POLL: Duration = Duration::from_secs(1);
/// Entries read from the store at once.
const PAGE: usize = 256;
/// Stretches an owner's reader holds for its slowest follower; one further behind reads
/// the store itself to catch up.
const STRETCHES_HELD: usize = 256;

/// A stretch of an owner's log as its reader read it: every entry with a cursor after
/// `after` up to `upto` (those of deleted games excepted), in order.
#[derive(Debug)]
struct Stretch {
    after: u64,
    upto: u64,
    entries: Vec<Arc<SharedEntry>>,
}

/// An entry of an owner's log as the owner's followers here share it: every follower
/// delivers it as a spectator sees it, so the first to render it for the wire leaves the
/// rendering for the others.
#[derive(Debug)]
pub struct SharedEntry {
    /// The entry.
    pub entry: OwnerEntry,
    rendering: OnceLock<Bytes>,
}

impl SharedEntry {
    fn new(entry: OwnerEntry) -> Arc<SharedEntry> {
        Arc::new(SharedEntry { entry, rendering: OnceLock::new() })
    }

    /// The entry rendered for the wire, once a follower rendered it.
    pub fn rendering(&self) -> Option<&Bytes> {
        self.rendering.get()
    }

    /// Leaves `rendering` for the other followers; one made first by another is kept.
    pub fn share(&self, rendering: Bytes) {
        let _ = self.rendering.set(rendering);
    }
}

/// The entries of a page read from the store, each to share.
fn shared(entries: Vec<OwnerEntry>) -> Vec<Arc<SharedEntry>> {
    entries.into_iter().map(SharedEntry::new).collect()
}

/// One owner's reader, as its followers reach it.
#[derive(Debug)]
struct OwnerFeed {
    /// Bumped each time the owner's log grows here, to wake the reader.
    grown: watch::Sender<u64>,
    /// The stretches the reader read.
    stretches: broadcast::Sender<Arc<Stretch>>,
}

/// The owners' readers of this process, and how many follow each owner.
pub struct OwnerFeeds {
    store: Arc<dyn Store>,
    /// By owner, while someone follows it here.
    feeds: Mutex<HashMap<String, OwnerFeed>>,
    /// Followers of each owner.
    streams: StreamCounts,
    me: Weak<OwnerFeeds>,
}

impl OwnerFeeds {
    /// The readers of owners' logs in `store`.
    pub fn new(store: Arc<dyn Store>) -> Arc<OwnerFeeds> {
        Arc::new_cyclic(|me| OwnerFeeds {
            store,
            feeds: Mutex::default(),
            streams: StreamCounts::default(),
            me: me.clone(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, OwnerFeed>> {
        // Every change under the lock is one insert, removal or send: nothing half-done.
        self.feeds.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Wakes the reader of `owner`'s log, if anyone follows it here.
    pub fn grew(&self, owner: &str) {
        if let Some(feed) = self.lock().get(owner) {
            feed.grown.send_modify(|count| *count = count.wrapping_add(1));
        }
    }

    /// Takes the owners' news from other processes' `changes`, waking their readers here,
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

    /// The stretches of `owner`'s log read from now on; starts the owner's reader if none
    /// runs.
    fn subscribe(&self, owner: &str) -> broadcast::Receiver<Arc<Stretch>> {
        let mut feeds = self.lock();
        if let Some(feed) = feeds.get(owner) {
            return feed.stretches.subscribe();
        }
        let (grown, woken) = watch::channel(0);
        let (stretches, receiver) = broadcast::channel(STRETCHES_HELD);
        feeds.insert(owner.to_owned(), OwnerFeed { grown, stretches: stretches.clone() });
        tokio::spawn(read_owner(self.me.clone(), self.store.clone(), owner.to_owned(), woken, stretches));
        receiver
    }

    /// Whether the reader of `owner` is to stop: nobody follows the owner any more. Its
    /// feed is then gone, so that the next follower starts a reader of its own.
    fn unfollowed(&self, owner: &str, stretches: &broadcast::Sender<Arc<Stretch>>) -> bool {
        let mut feeds = self.lock();
        let unfollowed = stretches.receiver_count() == 0;
        if unfollowed {
            feeds.remove(owner);
        }
        unfollowed
    }
}

/// An owner's reader: from the log's newest cursor when it starts, reads each stretch the
/// log grows by and hands it on, until nobody follows the owner.
async fn read_owner(
    feeds: Weak<OwnerFeeds>,
    store: Arc<dyn Store>,
    owner: String,
    mut woken: watch::Receiver<u64>,
    stretches: broadcast::Sender<Arc<Stretch>>,
) {
    let mut cursor = None;
    loop {
        let Some(strong) = feeds.upgrade() else { return };
        if strong.unfollowed(&owner, &stretches) {
            return;
        }
        drop(strong);
        woken.borrow_and_update();
        match cursor {
            // Where the reader starts: a follower behind it reads the store itself. An empty
            // stretch says where, for a follower that read its backlog before this read and
            // so, when entries were noted in between, lies behind it: it fills the gap from
            // the store rather than wait for the next stretch, which may never come.
            None => match store.owner_events_after(&owner, 0, 0).await {
                Ok(page) => {
                    cursor = Some(page.newest);
                    let start = Stretch { after: page.newest, upto: page.newest, entries: Vec::new() };
                    let _ = stretches.send(Arc::new(start));
                }
                Err(error) => tracing::warn!(%error, "could not read an owner's log"),
            },
            Some(after) => match store.owner_events_after(&owner, after, PAGE).await {
                Ok(page) => {
                    let Some(upto) = page.entries.last().map(|entry| entry.cursor) else {
                        wait_for_growth(&mut woken).await;
                        continue;
                    };
                    cursor = Some(upto);
                    let full = page.entries.len() == PAGE;
                    // Nobody listening is no error: the next turn of the loop stops.
                    let _ = stretches.send(Arc::new(Stretch { after, upto, entries: shared(page.entries) }));
                    if full {
                        continue;
                    }
                }
                Err(error) => tracing::warn!(%error, "could not read an owner's log"),
            },
        }
        wait_for_growth(&mut woken).await;
    }
}

/// Waits until the owner's log grows here, or [`POLL`] passes.
async fn wait_for_growth(woken: &mut watch::Receiver<u64>) {
    tokio::select! {
        _ = woken.changed() => {}
        _ = tokio::time::sleep(POLL) => {}
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
pub type OwnerEntries = Pin<Box<dyn Stream<Item = Result<Arc<SharedEntry>, PlayError>> + Send>>;

/// Where a follower stands.
struct Follower {
    store: Arc<dyn Store>,
    owner: String,
    filter: OwnerFilter,
    /// The cursor of the last entry read (or skipped).
    cursor: u64,
    /// Entries read and not yet yielded, oldest last.
    pending: Vec<Arc<SharedEntry>>,
    /// Whether the store has nothing after the cursor that the reader will not hand on:
    /// false while the follower reads its backlog, or a gap, from the store.
    caught_up: bool,
    stretches: broadcast::Receiver<Arc<Stretch>>,
    shutdown: watch::Receiver<bool>,
    _slot: StreamSlot,
}

/// Follows `owner`'s log after cursor `after`, keeping to `filter`.
///
/// # Errors
/// `CursorOutOfRange` when `after` is beyond the log's newest cursor; `TOO_MANY_STREAMS`
/// when the owner already has `max_streams` followers here; a storage error.
pub async fn follow_owner(
    feeds: &OwnerFeeds,
    owner: &str,
    after: u64,
    filter: OwnerFilter,
    max_streams: usize,
    shutdown: watch::Receiver<bool>,
) -> Result<OwnerEntries, PlayError> {
    let slot = feeds.streams.take(owner, max_streams)?;
    // Subscribed before the backlog is read: what the reader hands on after the read is
    // not lost, and what it handed on before is in the backlog.
    let stretches = feeds.subscribe(owner);
    let store = feeds.store.clone();
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
        caught_up: false,
        stretches,
        shutdown,
        _slot: slot,
    };
    follower.take_page(&shared(first.entries));
    Ok(Box::pin(futures_util::stream::unfold(Some(follower), |follower| async move {
        let mut follower = follower?;
        match follower.next().await {
            Ok(entry) => Some((Ok(entry), Some(follower))),
            Err(error) => Some((Err(error), None)),
        }
    })))
}

impl Follower {
    /// Keeps the wanted ones of `entries` after the cursor (shared with every other
    /// follower), and moves the cursor past them all.
    fn take<'a>(&mut self, entries: impl IntoIterator<Item = &'a Arc<SharedEntry>>) {
        let mut wanted = Vec::new();
        for shared in entries {
            if shared.entry.cursor <= self.cursor {
                continue;
            }
            self.cursor = shared.entry.cursor;
            if self.filter.wants(&shared.entry) {
                wanted.push(shared.clone());
            }
        }
        wanted.reverse();
        self.pending = wanted;
    }

    /// Takes a page read from the store after the cursor: a short one reached the log's end.
    fn take_page(&mut self, entries: &[Arc<SharedEntry>]) {
        self.caught_up = entries.len() < PAGE;
        self.take(entries);
    }

    /// The next wanted entry, waiting for one as long as it takes.
    async fn next(&mut self) -> Result<Arc<SharedEntry>, PlayError> {
        loop {
            if let Some(entry) = self.pending.pop() {
                return Ok(entry);
            }
            if !self.caught_up {
                let page = self.store.owner_events_after(&self.owner, self.cursor, PAGE).await?;
                self.take_page(&shared(page.entries));
                continue;
            }
            let received = tokio::select! {
                received = self.stretches.recv() => received,
                _ = self.shutdown.wait_for(|down| *down) => return Err(PlayError::ShuttingDown),
            };
            match received {
                // A stretch that starts after the cursor leaves a gap the store fills first.
                Ok(stretch) if stretch.after > self.cursor => self.caught_up = false,
                Ok(stretch) => {
                    self.take(&stretch.entries);
                    self.cursor = self.cursor.max(stretch.upto);
                }
                // Too far behind the reader: the store has what it let go.
                Err(broadcast::error::RecvError::Lagged(_)) => self.caught_up = false,
                Err(broadcast::error::RecvError::Closed) => return Err(PlayError::ShuttingDown),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::SystemTime;

    use super::*;
    use crate::games::GameConfig;
    use crate::store::{EventKind, GameRecord, MemoryStore, StoredEvent};

    /// Creates game `id` of `owner` in `store`: its creation is an entry of the owner's log.
    async fn create(store: &MemoryStore, id: &str, owner: &str) {
        let config = GameConfig::TicTacToe(Default::default());
        let record = GameRecord {
            id: id.to_owned(),
            owner: Some(owner.to_owned()),
            seat_token_hashes: vec![[1; 32], [2; 32]],
            ..GameRecord::new_game(config, None, SystemTime::now())
        };
        let created = StoredEvent {
            seq: 1,
            time: record.created,
            kind: EventKind::Created,
            request_id: None,
            request_digest: None,
        };
        store.create(record, vec![created], None).await.unwrap();
    }

    /// The race a follower must not lose to: its backlog read, then an entry noted, then
    /// the owner's new reader starting from the log's newest cursor, after that entry. The
    /// test's runtime runs one task at a time, so the order is fixed: the reader, spawned
    /// when the follower subscribes, runs only once the test waits.
    #[tokio::test]
    async fn a_follower_behind_the_reader_s_start_gets_the_entries_in_between() {
        let store = Arc::new(MemoryStore::new());
        create(&store, "g-1", "lobby").await;
        let feeds = OwnerFeeds::new(store.clone());
        let (_down, shutdown) = watch::channel(false);
        let mut entries = follow_owner(&feeds, "lobby", 0, OwnerFilter::default(), 8, shutdown).await.unwrap();
        // Its backlog is read: entry 1. Entry 2 is noted before the reader reads the log.
        create(&store, "g-2", "lobby").await;
        for (cursor, game) in [(1, "g-1"), (2, "g-2")] {
            let next = tokio::time::timeout(Duration::from_secs(5), futures_util::StreamExt::next(&mut entries));
            let shared = next.await.expect("no entry is left behind").unwrap().unwrap();
            assert_eq!((shared.entry.cursor, shared.entry.game_id.as_str()), (cursor, game));
        }
    }
}
