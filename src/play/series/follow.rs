//! Following a series: its revisions as it moves on, read again whenever this process
//! moves a series on and every few seconds (for what other processes do), and the cap on
//! how many follow one series at once.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::Stream;
use tokio::sync::watch;

use super::super::error::PlayError;
use crate::store::{SeriesRecord, SeriesStatus, Store};

/// How often a follower reads its series again without being told of a change: what other
/// processes do reaches it at least this often.
const POLL: Duration = Duration::from_secs(2);

/// A series' revisions, from the one it stood at when followed, each newer than the last,
/// until it is finished (its last revision) or the server shuts down (`SHUTTING_DOWN`).
pub type Revisions = Pin<Box<dyn Stream<Item = Result<SeriesRecord, PlayError>> + Send>>;

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

/// Where a follower stands.
struct Follower {
    store: Arc<dyn Store>,
    /// The revision to yield next; `None` once it was yielded and the next is awaited.
    next: Option<SeriesRecord>,
    /// The revision last yielded.
    seen: u64,
    finished: bool,
    changes: watch::Receiver<u64>,
    shutdown: watch::Receiver<bool>,
    slot: StreamSlot,
}

/// `first`'s revisions, `first` included, then each newer one as `changes` or the poll
/// finds it.
pub(super) fn revisions(
    store: Arc<dyn Store>,
    first: SeriesRecord,
    changes: watch::Receiver<u64>,
    shutdown: watch::Receiver<bool>,
    slot: StreamSlot,
) -> Revisions {
    let follower = Follower { store, next: Some(first), seen: 0, finished: false, changes, shutdown, slot };
    Box::pin(futures_util::stream::unfold(follower, |mut follower| async move {
        let next = follower.next().await?;
        Some((next, follower))
    }))
}

impl Follower {
    /// The next revision, or what ends the stream; `None` once ended.
    async fn next(&mut self) -> Option<Result<SeriesRecord, PlayError>> {
        loop {
            if let Some(series) = self.next.take() {
                self.seen = series.revision;
                self.finished = series.status == SeriesStatus::Finished;
                return Some(Ok(series));
            }
            if self.finished {
                return None;
            }
            tokio::select! {
                _ = self.changes.changed() => {}
                () = tokio::time::sleep(POLL) => {}
                _ = self.shutdown.changed() => {}
            }
            if *self.shutdown.borrow() {
                self.finished = true;
                return Some(Err(PlayError::ShuttingDown));
            }
            let id = self.store_id();
            match self.store.series(&id).await {
                Ok(series) if series.revision > self.seen => self.next = Some(series),
                Ok(_) => {}
                Err(error) => {
                    self.finished = true;
                    return Some(Err(error.into()));
                }
            }
        }
    }

    fn store_id(&self) -> String {
        self.slot.id.clone()
    }
}
