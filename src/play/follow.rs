//! Following a record that moves on (a series, a tournament): its revisions as it moves
//! on, read again whenever this process moves it on and every few seconds (for what other
//! processes do), and the cap on how many follow one record at once.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::Stream;
use tokio::sync::watch;

use super::error::PlayError;
use crate::store::{SeriesRecord, SeriesStatus, Store, StoreError, TournamentRecord, TournamentStatus};

/// How often a follower reads its series again without being told of a change: what other
/// processes do reaches it at least this often.
const POLL: Duration = Duration::from_secs(2);

/// A record's revisions, from the one it stood at when followed, each newer than the last,
/// until it is over (its last revision) or the server shuts down (`SHUTTING_DOWN`).
pub type Revisions<T> = Pin<Box<dyn Stream<Item = Result<T, PlayError>> + Send>>;

/// How many followers each series has.
#[derive(Clone, Debug, Default)]
pub struct StreamCounts(Arc<Mutex<HashMap<String, usize>>>);

/// One follower of a series, counted until it is dropped.
pub struct StreamSlot {
    counts: StreamCounts,
    id: String,
}

impl StreamCounts {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, usize>> {
        // A count is changed in one step under the lock: a panic cannot leave it half-done.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A place for one more follower of series `id`, if it has fewer than `limit`.
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS` at the limit.
    pub fn take(&self, id: &str, limit: usize) -> Result<StreamSlot, PlayError> {
        let mut counts = self.lock();
        let open = counts.entry(id.to_owned()).or_default();
        if *open >= limit {
            return Err(PlayError::TooManyStreams { limit });
        }
        *open += 1;
        Ok(StreamSlot { counts: self.clone(), id: id.to_owned() })
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock();
        if let Some(open) = counts.get_mut(&self.id) {
            *open -= 1;
            if *open == 0 {
                counts.remove(&self.id);
            }
        }
    }
}

/// A record that moves on one revision at a time and ends: a series, a tournament.
pub trait Followed: Sized + Send + 'static {
    /// Its revision: each update adds one.
    fn revision(&self) -> u64;
    /// Whether it is over: its last revision.
    fn over(&self) -> bool;
    /// Record `id` as `store` holds it now.
    fn read(store: Arc<dyn Store>, id: String) -> impl Future<Output = Result<Self, StoreError>> + Send;
}

impl Followed for SeriesRecord {
    fn revision(&self) -> u64 {
        self.revision
    }

    fn over(&self) -> bool {
        self.status == SeriesStatus::Finished
    }

    async fn read(store: Arc<dyn Store>, id: String) -> Result<SeriesRecord, StoreError> {
        store.series(&id).await
    }
}

impl Followed for TournamentRecord {
    fn revision(&self) -> u64 {
        self.revision
    }

    fn over(&self) -> bool {
        self.status != TournamentStatus::InProgress
    }

    async fn read(store: Arc<dyn Store>, id: String) -> Result<TournamentRecord, StoreError> {
        store.tournament(&id).await
    }
}

/// Where a follower stands.
struct Follower<T> {
    store: Arc<dyn Store>,
    /// The revision to yield next; `None` once it was yielded and the next is awaited.
    next: Option<T>,
    /// The revision last yielded.
    seen: u64,
    over: bool,
    changes: watch::Receiver<u64>,
    shutdown: watch::Receiver<bool>,
    slot: StreamSlot,
}

/// `first`'s revisions, `first` included, then each newer one as `changes` or the poll
/// finds it.
pub(super) fn revisions<T: Followed>(
    store: Arc<dyn Store>,
    first: T,
    changes: watch::Receiver<u64>,
    shutdown: watch::Receiver<bool>,
    slot: StreamSlot,
) -> Revisions<T> {
    let follower = Follower { store, next: Some(first), seen: 0, over: false, changes, shutdown, slot };
    Box::pin(futures_util::stream::unfold(follower, |mut follower| async move {
        let next = follower.next().await?;
        Some((next, follower))
    }))
}

impl<T: Followed> Follower<T> {
    /// The next revision, or what ends the stream; `None` once ended.
    async fn next(&mut self) -> Option<Result<T, PlayError>> {
        loop {
            if let Some(record) = self.next.take() {
                self.seen = record.revision();
                self.over = record.over();
                return Some(Ok(record));
            }
            if self.over {
                return None;
            }
            tokio::select! {
                _ = self.changes.changed() => {}
                () = tokio::time::sleep(POLL) => {}
                _ = self.shutdown.changed() => {}
            }
            if *self.shutdown.borrow() {
                self.over = true;
                return Some(Err(PlayError::ShuttingDown));
            }
            match T::read(self.store.clone(), self.slot.id.clone()).await {
                Ok(record) if record.revision() > self.seen => self.next = Some(record),
                Ok(_) => {}
                Err(error) => {
                    self.over = true;
                    return Some(Err(error.into()));
                }
            }
        }
    }
}
