//! Group commit: appends to different games that arrive together are written in one
//! transaction, so that a batch pays for one flush to disk instead of one each.
//!
//! One writer task takes every append of its store from a queue: it takes what is waiting
//! (at most [`MAX_BATCH`]) and, in one transaction, moves the games' records on in one
//! statement (refusing those no longer as their appends expect), inserts every accepted
//! append's events in one statement and their owners' log entries, and commits.
//! Invariants:
//! - an append is answered only after the transaction holding it committed (or with the
//!   error that kept it out): acknowledged means on disk;
//! - an append refused on its own (its log moved on: [`StoreError::Conflict`], or its game
//!   is gone) is refused by its first statement, before it writes anything, and fails
//!   alone; any other failure, or a commit that fails, fails every append of the batch,
//!   and no other;
//! - appends are applied in the order they were queued, so one game's appends keep their
//!   order (the play layer has at most one in flight per game and process anyway).

use std::collections::HashSet;

use sqlx::Pool;
use tokio::sync::{mpsc, oneshot};

use super::super::{Change, ChangeKind, ExpectedHead, RecordUpdate, StoreError, StoredEvent};
use super::operations::{Advance, advance_in, advance_many, insert_many_events, note_owner_events};
use super::{SqlStore, backend};

/// Most appends committed together.
pub const MAX_BATCH: usize = 256;
/// Appends that may wait for the writer; beyond, callers wait for room.
const QUEUE: usize = 4 * MAX_BATCH;

/// Prometheus histogram: seconds to commit one batch.
const COMMIT_SECONDS: &str = "tabula_store_commit_seconds";
/// Prometheus histogram: the appends one batch commits together.
const BATCH_APPENDS: &str = "tabula_store_batch_appends";

/// One append waiting for its batch.
struct Append {
    id: String,
    expected: ExpectedHead,
    events: Vec<StoredEvent>,
    update: RecordUpdate,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The queue to a store's writer task. The task ends when the last clone is dropped.
#[derive(Clone, Debug)]
pub struct Appender {
    queue: mpsc::Sender<Append>,
}

impl Appender {
    /// Starts the writer of the store of type `S` whose connections `pool` holds.
    pub fn start<S: SqlStore>(pool: Pool<S::Db>) -> Appender {
        register_metrics();
        let (queue, waiting) = mpsc::channel(QUEUE);
        tokio::spawn(write::<S>(pool, waiting));
        Appender { queue }
    }

    /// Appends `events` to game `id`'s log if its record still holds `expected`, with the
    /// record's new summary; returns once the batch holding it committed.
    pub async fn append(
        &self,
        id: &str,
        expected: ExpectedHead,
        events: Vec<StoredEvent>,
        update: RecordUpdate,
    ) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        let append = Append { id: id.to_owned(), expected, events, update, done };
        let stopped = || StoreError::Backend("the store's writer has stopped".into());
        self.queue.send(append).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// Describes the writer's metrics and registers them, so that they are there before the
/// first commit (in a process that serves metrics: it installs its recorder before it opens
/// its store).
fn register_metrics() {
    metrics::describe_histogram!(COMMIT_SECONDS, "Seconds to commit one batch of appends to the store.");
    metrics::describe_histogram!(
        BATCH_APPENDS,
        "Appends (one turn's events for one game each) committed together in one transaction."
    );
    // Registering a histogram is what makes its series exist.
    let _ = metrics::histogram!(COMMIT_SECONDS);
    let _ = metrics::histogram!(BATCH_APPENDS);
}

/// The writer task: batches until the queue closes.
async fn write<S: SqlStore>(pool: Pool<S::Db>, mut waiting: mpsc::Receiver<Append>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while waiting.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let started = std::time::Instant::now();
        let results = commit::<S>(&pool, &batch).await;
        metrics::histogram!(COMMIT_SECONDS).record(started.elapsed());
        metrics::histogram!(BATCH_APPENDS).record(batch.len() as f64);
        for (append, result) in batch.drain(..).zip(results) {
            // A caller that went away needs no answer.
            let _ = append.done.send(result);
        }
    }
}

/// Applies `batch` in one transaction; the result of each, in order.
async fn commit<S: SqlStore>(pool: &Pool<S::Db>, batch: &[Append]) -> Vec<Result<(), StoreError>> {
    let failed_all = |error: &StoreError| batch.iter().map(|_| Err(StoreError::Backend(error.to_string()))).collect();
    let mut tx = match S::begin_write(pool, None).await {
        Ok(tx) => tx,
        Err(error) => return failed_all(&error),
    };
    // Each game's first append of the batch moves its record on in one statement for all;
    // a game's later appends (one process has at most one in flight a game, so these are
    // rare) one by one after it, in order.
    let mut seen = HashSet::with_capacity(batch.len());
    let first: Vec<bool> = batch.iter().map(|append| seen.insert(&append.id)).collect();
    let advances: Vec<Advance<'_>> = batch
        .iter()
        .zip(&first)
        .filter(|(_, first)| **first)
        .map(|(append, _)| Advance {
            id: &append.id,
            expected: &append.expected,
            appended: append.events.len(),
            update: &append.update,
        })
        .collect();
    let mut advanced = match advance_many::<S::Db>(&mut tx, &advances).await {
        Ok(answers) => answers.into_iter(),
        Err(error) => return failed_all(&error),
    };
    let mut results = Vec::with_capacity(batch.len());
    let mut changes = Vec::with_capacity(batch.len());
    let mut logs: Vec<(&str, &[StoredEvent])> = Vec::with_capacity(batch.len());
    for (append, first) in batch.iter().zip(first) {
        let answer = match first {
            true => advanced.next().expect("one answer a first append"),
            false => advance_in::<S>(&mut tx, &append.id, &append.expected, append.events.len(), &append.update).await,
        };
        match answer {
            Ok(new_seq) => {
                changes.push(Change { game_id: append.id.clone(), kind: ChangeKind::Appended(new_seq) });
                logs.push((&append.id, &append.events));
                results.push(Ok(()));
            }
            // Refused before it wrote anything: it fails alone.
            Err(refused @ (StoreError::Conflict { .. } | StoreError::NotFound(_))) => results.push(Err(refused)),
            // Anything else may have written part of the batch: nothing of it is kept.
            Err(error) => return failed_all(&error),
        }
    }
    // Every accepted append's events in one statement, then the news of them all.
    if let Err(error) = insert_many_events::<S::Db>(&mut tx, &logs).await {
        return failed_all(&error);
    }
    // Their owners' log entries, after every game row the batch locked.
    let notes: Vec<(&str, &super::super::OwnerNote)> = batch
        .iter()
        .zip(&results)
        .filter(|(_, result)| result.is_ok())
        .flat_map(|(append, _)| append.update.notes.iter().map(|note| (append.id.as_str(), note)))
        .collect();
    match note_owner_events::<S::Db>(&mut tx, &notes).await {
        Ok(grown) => changes.extend(grown),
        Err(error) => return failed_all(&error),
    }
    if let Err(error) = S::announce(&mut tx, &changes).await {
        return failed_all(&error);
    }
    match tx.commit().await.map_err(backend) {
        Ok(()) => results,
        Err(error) => failed_all(&error),
    }
}
