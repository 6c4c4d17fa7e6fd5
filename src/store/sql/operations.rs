//! The [`Store`] operations of every [`SqlStore`]: each one the shared statements run in
//! the order the [`Store`] guarantees need, with the backend's hooks where the databases
//! differ.

use async_trait::async_trait;
use sqlx::{QueryBuilder, Transaction};

use crate::games::GameKind;
use tokio::sync::mpsc;

use super::super::codec::{from_json, hashes_to_bytes, series_status_name, status_name, to_json, to_micros, unsigned};
use super::super::{
    CHECKPOINT_EVERY, Change, ChangeKind, ExpectedHead, GameRecord, GameStatus, Labels, LeaderboardCursor, ListFilter,
    LoadedGame, NewRecord, OwnerEntry, OwnerEventKind, OwnerLogPage, OwnerNote, PlayerRating, PresenceLease, RatedGame,
    RecordHead, RecordUpdate, SNAPSHOT_EVERY, SaveMode, SavedConfig, SeriesRecord, SeriesStatus, Snapshot, Store,
    StoreError, StoredEvent, TokenHash, TournamentRecord, TournamentStatus, beyond_cap, creation_note, in_progress_cap,
    mark_reissued,
};
use super::columns::{
    Binds, Columns, Value, event_from_row, event_values, hashes_from_row, head_from_row, labels_from_row, labels_value,
    presence_value, query, record_from_row, record_values, reissued_from_row, reissued_value, saved_from_row,
    saved_values, signed, snapshot_from_row,
};
use super::labels::{Labelled, index_labels, push_label_conditions};
use super::{Dialect, Executes, SqlStore, backend, ratings, tournaments};

fn is_unique_violation(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|e| e.is_unique_violation())
}

/// Game `id`'s record.
async fn record<D: Dialect>(conn: &mut D::Connection, id: &str) -> Result<GameRecord, StoreError> {
    let row = query::<D>(D::SQL.record, [id.into()])
        .fetch_optional(conn.executor())
        .await
        .map_err(backend)?
        .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
    record_from_row(&row)
}

/// The newest seq of game `id`, if it exists.
async fn seq<D: Dialect>(conn: &mut D::Connection, id: &str) -> Result<Option<u64>, StoreError> {
    let row = query::<D>(D::SQL.seq, [id.into()]).fetch_optional(conn.executor()).await.map_err(backend)?;
    row.map(|row| unsigned(row.int("seq")?, "seq")).transpose()
}

/// Up to `limit` events of game `id` after seq `after`, in order.
async fn events_after<D: Dialect>(
    conn: &mut D::Connection,
    id: &str,
    after: u64,
    limit: i64,
) -> Result<Vec<StoredEvent>, StoreError> {
    let values = [id.into(), signed(after).into(), limit.into()];
    let rows = query::<D>(D::SQL.events_after, values).fetch_all(conn.executor()).await.map_err(backend)?;
    rows.iter().map(event_from_row).collect()
}

/// How many of `owner`'s games are in progress.
async fn count_in_progress<D: Dialect>(conn: &mut D::Connection, owner: &str) -> Result<u64, StoreError> {
    let row = query::<D>(D::SQL.count_in_progress, [owner.into()]).fetch_one(conn.executor()).await.map_err(backend)?;
    unsigned(row.int("n")?, "count")
}

/// Inserts the record and its players' index entries; a taken id is
/// [`StoreError::AlreadyExists`].
async fn insert_record<D: Dialect>(conn: &mut D::Connection, record: &GameRecord) -> Result<(), StoreError> {
    match query::<D>(D::SQL.insert_record, record_values(record)).execute(conn.executor()).await {
        Err(e) if is_unique_violation(&e) => return Err(StoreError::AlreadyExists(record.id.clone())),
        other => other.map(drop).map_err(backend)?,
    }
    for player in record.players.iter().filter(|player| !player.id.is_empty()) {
        query::<D>(D::SQL.insert_player, [player.id.as_str().into(), record.id.as_str().into()])
            .execute(conn.executor())
            .await
            .map_err(backend)?;
    }
    index_labels::<D>(conn, Labelled::Game, &record.id, &record.labels).await
}

/// What carries labels, each in its own index table.
/// The series whose body is in `row`.
fn series_from_row(row: &impl Columns) -> Result<SeriesRecord, StoreError> {
    from_json(&row.text("body")?, "series")
}

/// Inserts `events` into game `id`'s log. The only unique key an insert can break is that
/// of creation request ids: that is [`StoreError::CreationRequestTaken`].
async fn insert_events<D: Dialect>(
    conn: &mut D::Connection,
    id: &str,
    events: &[StoredEvent],
) -> Result<(), StoreError> {
    for event in events {
        match query::<D>(D::SQL.insert_event, event_values(id, event)).execute(conn.executor()).await {
            Err(e) if is_unique_violation(&e) && event.seq == 1 => return Err(StoreError::CreationRequestTaken),
            other => other.map(drop).map_err(backend)?,
        }
    }
    Ok(())
}

/// Moves game `id`'s record on to `expected.seq + appended` with `update`, inside `tx`,
/// if it still holds `expected`; returns the new newest seq. A refusal
/// ([`StoreError::Conflict`], [`StoreError::NotFound`]) writes nothing.
pub(super) async fn advance_in<S: SqlStore>(
    tx: &mut Transaction<'_, S::Db>,
    id: &str,
    expected: &ExpectedHead,
    appended: usize,
    update: &RecordUpdate,
) -> Result<u64, StoreError> {
    let expected_seq = expected.seq;
    let new_seq = expected_seq + appended as u64;
    let summary = summary_values(new_seq, update);
    let condition = [
        id.into(),
        signed(expected_seq).into(),
        hashes_to_bytes(&expected.seat_token_hashes).into(),
        expected.faulted.into(),
    ];
    let values = summary.into_iter().chain(condition);
    let advanced = query::<S::Db>(S::Db::SQL.advance, values).execute(tx.executor()).await.map_err(backend)?;
    if S::Db::rows_affected(&advanced) == 0 {
        return Err(refusal::<S::Db>(tx, id, expected_seq).await?);
    }
    Ok(new_seq)
}

/// A record's summary columns as [`Statements::advance`](super::statements::Statements)
/// sets them: new seq, status, outcome, move count, update time, deadline, presence.
fn summary_values(new_seq: u64, update: &RecordUpdate) -> [Value; 7] {
    [
        signed(new_seq).into(),
        status_name(update.status).into(),
        update.outcome.as_ref().map(to_json).into(),
        i64::from(update.move_count).into(),
        to_micros(update.updated).into(),
        update.deadline.map(to_micros).into(),
        // NULL keeps the record's presence (COALESCE in the statements).
        update.presence.as_deref().map_or(Value::from(None::<String>), presence_value),
    ]
}

/// Pushes `values` as one parenthesised row of a multi-row statement, after a comma
/// unless it is the `first`.
fn push_row<D: Dialect>(query: &mut QueryBuilder<D>, first: bool, values: impl IntoIterator<Item = Value>) {
    query.push(if first { "(" } else { ", (" });
    for (column, value) in values.into_iter().enumerate() {
        if column > 0 {
            query.push(", ");
        }
        D::push(query, value);
    }
    query.push(")");
}

/// Why game `id`'s record did not move on from `expected_seq`: its log moved on, its seat
/// credentials or its fault mark are not what the writer expected (a conflict at the same
/// seq), or it is gone.
async fn refusal<D: Dialect>(conn: &mut D::Connection, id: &str, expected_seq: u64) -> Result<StoreError, StoreError> {
    Ok(match seq::<D>(conn, id).await? {
        Some(current) => StoreError::Conflict { expected: expected_seq, current },
        None => StoreError::NotFound(id.to_owned()),
    })
}

/// One game's record moved on by [`advance_many`]: the game, what its record must still
/// hold, how many events it gains and the record's new summary.
pub(super) struct Advance<'a> {
    pub id: &'a str,
    pub expected: &'a ExpectedHead,
    pub appended: usize,
    pub update: &'a RecordUpdate,
}

/// [`advance_in`] for several different games in one statement: each record that still
/// holds what its advance expects moves on; the answer for each, in order, is its new seq or why
/// it was refused (a refusal writes nothing).
///
/// # Panics
/// In debug builds, when a game appears twice: which of its rows would apply is undefined.
pub(super) async fn advance_many<D: Dialect>(
    conn: &mut D::Connection,
    advances: &[Advance<'_>],
) -> Result<Vec<Result<u64, StoreError>>, StoreError> {
    debug_assert!(
        advances.iter().map(|a| a.id).collect::<std::collections::HashSet<_>>().len() == advances.len(),
        "one advance a game"
    );
    if advances.is_empty() {
        return Ok(Vec::new());
    }
    if let Some(lock) = D::SQL.lock_games {
        // Row locks in the order of the ids, whatever order the batch came in: two batches
        // of two replicas that share games then queue behind each other instead of each
        // holding a row the other waits for (a deadlock, which one of them would lose).
        let mut ids: Vec<&str> = advances.iter().map(|advance| advance.id).collect();
        ids.sort_unstable();
        let mut locking = QueryBuilder::<D>::new(lock);
        for (index, id) in ids.into_iter().enumerate() {
            if index > 0 {
                locking.push(", ");
            }
            D::push(&mut locking, id.into());
        }
        locking.push(") ORDER BY id FOR UPDATE");
        locking.build().execute(conn.executor()).await.map_err(backend)?;
    }
    let mut update = QueryBuilder::<D>::new(
        "WITH advance (id, expected, hashes, faulted, seq, status, outcome, move_count, updated_us, deadline_us, presence) \
         AS (VALUES ",
    );
    for (index, advance) in advances.iter().enumerate() {
        let Advance { id, expected, appended, update: summary } = advance;
        let key: [Value; 4] = [
            (*id).into(),
            signed(expected.seq).into(),
            hashes_to_bytes(&expected.seat_token_hashes).into(),
            expected.faulted.into(),
        ];
        let summary = summary_values(expected.seq + *appended as u64, summary);
        push_row(&mut update, index == 0, key.into_iter().chain(summary));
    }
    update.push(
        ") UPDATE games SET seq = advance.seq, status = advance.status, outcome = advance.outcome, \
         move_count = advance.move_count, updated_us = advance.updated_us, deadline_us = advance.deadline_us, \
         presence = COALESCE(advance.presence, games.presence) \
         FROM advance WHERE games.id = advance.id AND games.seq = advance.expected \
         AND games.seat_token_hashes = advance.hashes AND games.faulted = advance.faulted RETURNING games.id",
    );
    let rows = update.build().fetch_all(conn.executor()).await.map_err(backend)?;
    let moved: std::collections::HashSet<String> = rows.iter().map(|row| row.text("id")).collect::<Result<_, _>>()?;
    let mut answers = Vec::with_capacity(advances.len());
    for advance in advances {
        answers.push(match moved.contains(advance.id) {
            true => Ok(advance.expected.seq + advance.appended as u64),
            false => Err(refusal::<D>(conn, advance.id, advance.expected.seq).await?),
        });
    }
    Ok(answers)
}

/// Inserts the events of several games' logs in one statement a chunk: each entry is a
/// game id and its events.
pub(super) async fn insert_many_events<D: Dialect>(
    conn: &mut D::Connection,
    logs: &[(&str, &[StoredEvent])],
) -> Result<(), StoreError> {
    /// Rows a statement: 6 values each stays under every database's limit on bound values.
    const ROWS: usize = 1_000;
    let rows: Vec<(&str, &StoredEvent)> =
        logs.iter().flat_map(|(id, events)| events.iter().map(move |event| (*id, event))).collect();
    for chunk in rows.chunks(ROWS) {
        let mut insert = QueryBuilder::<D>::new(D::SQL.insert_events);
        for (index, (id, event)) in chunk.iter().enumerate() {
            push_row(&mut insert, index == 0, event_values(id, event));
        }
        insert.build().execute(conn.executor()).await.map_err(backend)?;
    }
    Ok(())
}

/// Adds `notes` (each with its game's id) to their owners' logs. Each owner's counter row
/// is taken in the order of the owners' names, after every game row the transaction
/// locks, and held to the commit: one owner's entries commit in cursor order.
///
/// Returns the news of it for other processes: each owner's newest cursor.
pub(super) async fn note_owner_events<D: Dialect>(
    conn: &mut D::Connection,
    notes: &[(&str, &OwnerNote)],
) -> Result<Vec<Change>, StoreError> {
    /// Rows a statement: 5 values each stays under every database's limit on bound values.
    const ROWS: usize = 1_000;
    let mut by_owner: std::collections::BTreeMap<&str, Vec<(&str, &OwnerNote)>> = std::collections::BTreeMap::new();
    for (id, note) in notes {
        by_owner.entry(note.owner.as_str()).or_default().push((id, note));
    }
    let mut grown = Vec::with_capacity(by_owner.len());
    for (owner, notes) in by_owner {
        let count = notes.len() as u64;
        let row = query::<D>(D::SQL.take_owner_cursors, [owner.into(), signed(count).into()])
            .fetch_one(conn.executor())
            .await
            .map_err(backend)?;
        let newest: u64 = unsigned(row.int("cursor")?, "cursor")?;
        let first = newest + 1 - count;
        let rows: Vec<(u64, &(&str, &OwnerNote))> = (first..).zip(&notes).collect();
        for chunk in rows.chunks(ROWS) {
            let mut insert = QueryBuilder::<D>::new(D::SQL.insert_owner_events);
            for (index, (cursor, (id, note))) in chunk.iter().enumerate() {
                let values: [Value; 5] = [
                    owner.into(),
                    signed(*cursor).into(),
                    note.kind.code().into(),
                    (*id).into(),
                    signed(note.seq).into(),
                ];
                push_row(&mut insert, index == 0, values);
            }
            insert.build().execute(conn.executor()).await.map_err(backend)?;
        }
        grown.push(Change { game_id: owner.to_owned(), kind: ChangeKind::OwnerLogGrew(newest) });
    }
    Ok(grown)
}

/// The creation notes of new games `games`.
fn creation_notes(games: &[NewRecord]) -> Vec<(&str, OwnerNote)> {
    games.iter().map(|(record, _)| (record.id.as_str(), creation_note(record))).collect()
}

#[async_trait]
impl<S: SqlStore> Store for S {
    async fn create_many(&self, games: Vec<NewRecord>, max_in_progress: Option<u64>) -> Result<(), StoreError> {
        let cap = games.first().and_then(|(record, _)| in_progress_cap(record, max_in_progress));
        let mut tx = S::begin_write(self.pool(), cap.map(|(owner, _)| owner)).await?;
        if let Some((owner, limit)) = cap {
            beyond_cap(owner, count_in_progress::<S::Db>(&mut tx, owner).await?, games.len(), limit)?;
        }
        // Any refusal returns before the commit: the transaction rolls back, nothing stored.
        for (record, log) in &games {
            insert_record::<S::Db>(&mut tx, record).await?;
            insert_events::<S::Db>(&mut tx, &record.id, log).await?;
        }
        let notes = creation_notes(&games);
        let notes: Vec<(&str, &OwnerNote)> = notes.iter().map(|(id, note)| (*id, note)).collect();
        let grown = note_owner_events::<S::Db>(&mut tx, &notes).await?;
        S::announce(&mut tx, &grown).await?;
        tx.commit().await.map_err(backend)
    }

    async fn create_rematch(
        &self,
        of: &str,
        record: GameRecord,
        log: Vec<StoredEvent>,
        max_in_progress: Option<u64>,
    ) -> Result<(), StoreError> {
        let cap = in_progress_cap(&record, max_in_progress);
        let mut tx = S::begin_write(self.pool(), cap.map(|(owner, _)| owner)).await?;
        if let Some((owner, limit)) = cap {
            beyond_cap(owner, count_in_progress::<S::Db>(&mut tx, owner).await?, 1, limit)?;
        }
        // The link first: of two rematches asked for at once, the second waits for the
        // first's row lock and then finds the link taken.
        let linked = query::<S::Db>(S::Db::SQL.link_rematch, [record.id.as_str().into(), of.into()])
            .execute(tx.executor())
            .await
            .map_err(backend)?;
        if S::Db::rows_affected(&linked) == 0 {
            let row = query::<S::Db>(S::Db::SQL.rematch_state, [of.into()])
                .fetch_optional(tx.executor())
                .await
                .map_err(backend)?
                .ok_or_else(|| StoreError::NotFound(of.to_owned()))?;
            return Err(match row.optional_text("rematch")? {
                Some(rematch) => StoreError::RematchExists { of: of.to_owned(), rematch },
                None => StoreError::NotFinished(of.to_owned()),
            });
        }
        insert_record::<S::Db>(&mut tx, &record).await?;
        insert_events::<S::Db>(&mut tx, &record.id, &log).await?;
        let grown = note_owner_events::<S::Db>(&mut tx, &[(&record.id, &creation_note(&record))]).await?;
        S::announce(&mut tx, &grown).await?;
        tx.commit().await.map_err(backend)
    }

    async fn load(&self, id: &str) -> Result<(GameRecord, Vec<StoredEvent>), StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let record = record::<S::Db>(&mut conn, id).await?;
        let log = events_after::<S::Db>(&mut conn, id, 0, i64::MAX).await?;
        Ok((record, log))
    }

    async fn append(
        &self,
        id: &str,
        expected: ExpectedHead,
        events: Vec<StoredEvent>,
        update: RecordUpdate,
    ) -> Result<(), StoreError> {
        if let Some(appender) = self.appender() {
            return appender.append(id, expected, events, update).await;
        }
        let mut tx = S::begin_write(self.pool(), None).await?;
        let new_seq = advance_in::<S>(&mut tx, id, &expected, events.len(), &update).await?;
        insert_events::<S::Db>(&mut tx, id, &events).await?;
        let notes: Vec<(&str, &OwnerNote)> = update.notes.iter().map(|note| (id, note)).collect();
        let mut changes = note_owner_events::<S::Db>(&mut tx, &notes).await?;
        changes.push(Change { game_id: id.to_owned(), kind: ChangeKind::Appended(new_seq) });
        S::announce(&mut tx, &changes).await?;
        tx.commit().await.map_err(backend)
    }

    async fn owner_events_after(&self, owner: &str, after: u64, limit: usize) -> Result<OwnerLogPage, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let values = [owner.into(), signed(after).into(), limit.into()];
        let rows =
            query::<S::Db>(S::Db::SQL.owner_events_after, values).fetch_all(conn.executor()).await.map_err(backend)?;
        let entries = rows
            .iter()
            .map(|row| {
                let code = row.int("kind")?;
                Ok(OwnerEntry {
                    cursor: unsigned(row.int("cursor")?, "cursor")?,
                    kind: OwnerEventKind::from_code(code)
                        .ok_or_else(|| StoreError::Backend(format!("unknown owner event kind {code}")))?,
                    game_id: row.text("game_id")?,
                    event: event_from_row(row)?,
                    labels: labels_from_row(row)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let newest = query::<S::Db>(S::Db::SQL.owner_newest, [owner.into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?
            .map(|row| unsigned(row.int("cursor")?, "cursor"))
            .transpose()?
            .unwrap_or(0);
        Ok(OwnerLogPage { entries, newest })
    }

    async fn events_after(&self, id: &str, after: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let events = events_after::<S::Db>(&mut conn, id, after, limit).await?;
        if events.is_empty() && seq::<S::Db>(&mut conn, id).await?.is_none() {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        Ok(events)
    }

    async fn events_before(&self, id: &str, before: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let values = [id.into(), signed(before).into(), i64::try_from(limit).unwrap_or(i64::MAX).into()];
        let rows =
            query::<S::Db>(S::Db::SQL.events_before, values).fetch_all(conn.executor()).await.map_err(backend)?;
        let events: Vec<StoredEvent> = rows.iter().map(event_from_row).collect::<Result<_, _>>()?;
        if events.is_empty() && seq::<S::Db>(&mut conn, id).await?.is_none() {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        Ok(events)
    }

    async fn list(
        &self,
        filter: ListFilter,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let mut query = QueryBuilder::<S::Db>::new(S::Db::SQL.list);
        let mut and = |condition: &str, value: Value| {
            query.push(condition);
            S::Db::push(&mut query, value);
        };
        if let Some(kind) = filter.kind {
            and(" AND kind = ", kind.name().into());
        }
        match filter.status {
            // Written out, not bound, so that even a generic plan can use the partial index
            // of games with bots in progress (a planner cannot match a parameter to it).
            Some(GameStatus::InProgress) if filter.with_bots => {}
            Some(status) => and(" AND status = ", status_name(status).into()),
            None => and(" AND status <> ", status_name(GameStatus::Archived).into()),
        }
        if let Some(after) = filter.created_after {
            and(" AND created_us >= ", to_micros(after).into());
        }
        if let Some(before) = filter.created_before {
            and(" AND created_us < ", to_micros(before).into());
        }
        if filter.with_bots {
            query.push(" AND bots IS NOT NULL");
            if filter.status == Some(GameStatus::InProgress) {
                query.push(format_args!(" AND status = '{}'", status_name(GameStatus::InProgress)));
            }
        }
        if let Some(player) = filter.player {
            query.push(S::Db::SQL.games_of_player);
            S::Db::push(&mut query, player.into());
            query.push(")");
        }
        push_label_conditions(&mut query, Labelled::Game, &filter.labels);
        if let Some(after_id) = after_id {
            query.push(" AND id < ");
            S::Db::push(&mut query, after_id.into());
        }
        query.push(" ORDER BY id DESC LIMIT ");
        S::Db::push(&mut query, i64::try_from(limit).unwrap_or(i64::MAX).into());
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let rows = query.build().fetch_all(conn.executor()).await.map_err(backend)?;
        rows.iter().map(record_from_row).collect()
    }

    async fn load_latest(&self, id: &str) -> Result<LoadedGame, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let record = record::<S::Db>(&mut conn, id).await?;
        let snapshot = query::<S::Db>(S::Db::SQL.snapshot, [id.into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?
            .map(|row| snapshot_from_row(&row))
            .transpose()?;
        let after = snapshot.as_ref().map_or(0, |s| s.seq);
        let tail = events_after::<S::Db>(&mut conn, id, after, i64::MAX).await?;
        Ok(LoadedGame { record, snapshot, tail })
    }

    async fn save_snapshot(&self, id: &str, snapshot: Snapshot) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        let newest = query::<S::Db>(S::Db::SQL.newest_snapshot_seq, [id.into()])
            .fetch_one(tx.executor())
            .await
            .map_err(backend)?
            .optional_int("seq")?;
        if newest.is_some_and(|newest| newest >= signed(snapshot.seq)) {
            return Ok(());
        }
        let (every, kept) = (signed(SNAPSHOT_EVERY), signed(CHECKPOINT_EVERY));
        let thinning = [id.into(), signed(snapshot.seq).into(), every.into(), kept.into()];
        query::<S::Db>(S::Db::SQL.thin_snapshots, thinning).execute(tx.executor()).await.map_err(backend)?;
        let values = [id.into(), signed(snapshot.seq).into(), snapshot.state.into()];
        query::<S::Db>(S::Db::SQL.save_snapshot, values).execute(tx.executor()).await.map_err(backend)?;
        tx.commit().await.map_err(backend)
    }

    async fn snapshot_at_or_before(&self, id: &str, seq: u64) -> Result<Option<Snapshot>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        query::<S::Db>(S::Db::SQL.snapshot_at_or_before, [id.into(), signed(seq).into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?
            .map(|row| snapshot_from_row(&row))
            .transpose()
    }

    async fn find_request(&self, id: &str, request_id: &str) -> Result<Vec<StoredEvent>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let rows = query::<S::Db>(S::Db::SQL.events_of_request, [id.into(), request_id.into()])
            .fetch_all(conn.executor())
            .await
            .map_err(backend)?;
        rows.iter().map(event_from_row).collect()
    }

    async fn find_creation(&self, request_id: &str) -> Result<Option<String>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let row = query::<S::Db>(S::Db::SQL.game_of_creation, [request_id.into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?;
        row.map(|row| row.text("game_id")).transpose()
    }

    async fn archive(&self, id: &str) -> Result<GameRecord, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let done = query::<S::Db>(S::Db::SQL.archive, [id.into()]).execute(conn.executor()).await.map_err(backend)?;
        if S::Db::rows_affected(&done) == 0 {
            return match seq::<S::Db>(&mut conn, id).await? {
                Some(_) => Err(StoreError::NotFinished(id.to_owned())),
                None => Err(StoreError::NotFound(id.to_owned())),
            };
        }
        record::<S::Db>(&mut conn, id).await
    }

    async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        let done = query::<S::Db>(S::Db::SQL.delete, [id.into()]).execute(tx.executor()).await.map_err(backend)?;
        if S::Db::rows_affected(&done) == 0 {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        query::<S::Db>(S::Db::SQL.delete_leases, [id.into()]).execute(tx.executor()).await.map_err(backend)?;
        S::announce(&mut tx, &[Change { game_id: id.to_owned(), kind: ChangeKind::Deleted }]).await?;
        tx.commit().await.map_err(backend)
    }

    async fn hold_presence(&self, leases: &[PresenceLease]) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        for lease in leases {
            let statement = if lease.streaming.is_some() { S::Db::SQL.hold_lease } else { S::Db::SQL.touch_lease };
            let values: [Value; 5] = [
                lease.game_id.as_str().into(),
                signed(lease.seat as u64).into(),
                lease.holder.as_str().into(),
                i64::from(lease.streaming.unwrap_or(false)).into(),
                to_micros(lease.until).into(),
            ];
            query::<S::Db>(statement, values).execute(tx.executor()).await.map_err(backend)?;
        }
        tx.commit().await.map_err(backend)
    }

    async fn renew_presence(&self, holder: &str, until: std::time::SystemTime) -> Result<(), StoreError> {
        let values: [Value; 3] = [to_micros(until).into(), holder.into(), to_micros(until).into()];
        let mut tx = S::begin_write(self.pool(), None).await?;
        query::<S::Db>(S::Db::SQL.renew_leases, values).execute(tx.executor()).await.map_err(backend)?;
        tx.commit().await.map_err(backend)
    }

    async fn presence_until(&self, id: &str, seat: usize) -> Result<Option<std::time::SystemTime>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let row = query::<S::Db>(S::Db::SQL.lease_until, [id.into(), signed(seat as u64).into()])
            .fetch_one(conn.executor())
            .await
            .map_err(backend)?;
        Ok(row.optional_int("until_us")?.map(super::super::codec::from_micros))
    }

    async fn presence_lapsed(
        &self,
        now: std::time::SystemTime,
        limit: usize,
    ) -> Result<Vec<(String, usize)>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = query::<S::Db>(S::Db::SQL.lapsed_leases, [to_micros(now).into(), limit.into()])
            .fetch_all(conn.executor())
            .await
            .map_err(backend)?;
        rows.iter().map(|row| Ok((row.text("game_id")?, unsigned::<usize>(row.int("seat")?, "seat")?))).collect()
    }

    async fn forget_presence(&self, id: &str, seat: usize, now: std::time::SystemTime) -> Result<(), StoreError> {
        let values: [Value; 3] = [id.into(), signed(seat as u64).into(), to_micros(now).into()];
        let mut tx = S::begin_write(self.pool(), None).await?;
        query::<S::Db>(S::Db::SQL.forget_leases, values).execute(tx.executor()).await.map_err(backend)?;
        tx.commit().await.map_err(backend)
    }

    async fn ratings(&self, owner: &str, pool: &str, players: &[String]) -> Result<Vec<PlayerRating>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        ratings::of_players::<S::Db>(&mut conn, owner, pool, players).await
    }

    async fn player_ratings(&self, owner: &str, player: &str) -> Result<Vec<PlayerRating>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let rows = query::<S::Db>(S::Db::SQL.ratings_of_player, [owner.into(), player.into()])
            .fetch_all(conn.executor())
            .await
            .map_err(backend)?;
        rows.iter().map(ratings::rating_from_row).collect()
    }

    async fn leaderboard(
        &self,
        owner: &str,
        pool: &str,
        after: Option<&LeaderboardCursor>,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        ratings::leaderboard::<S::Db>(&mut conn, owner, pool, after, limit).await
    }

    async fn rate_game(&self, rated: RatedGame) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        ratings::rate::<S::Db>(&mut tx, &rated).await?;
        tx.commit().await.map_err(backend)
    }

    async fn create_tournament(
        &self,
        tournament: TournamentRecord,
        request_key: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        if tournaments::insert::<S::Db>(&mut tx, &tournament, request_key).await? {
            return tx.commit().await.map_err(backend);
        }
        drop(tx);
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        Err(match tournaments::read::<S::Db>(&mut conn, &tournament.id).await {
            Ok(_) => StoreError::AlreadyExists(tournament.id),
            Err(StoreError::TournamentNotFound(_)) => StoreError::CreationRequestTaken,
            Err(other) => other,
        })
    }

    async fn find_tournament_creation(&self, request_key: &str) -> Result<Option<String>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        tournaments::of_request::<S::Db>(&mut conn, request_key).await
    }

    async fn tournament(&self, id: &str) -> Result<TournamentRecord, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        tournaments::read::<S::Db>(&mut conn, id).await
    }

    async fn update_tournament(
        &self,
        tournament: TournamentRecord,
        notes: &[(String, OwnerNote)],
    ) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        tournaments::update::<S::Db>(&mut tx, &tournament).await?;
        let notes: Vec<(&str, &OwnerNote)> = notes.iter().map(|(id, note)| (id.as_str(), note)).collect();
        let grown = note_owner_events::<S::Db>(&mut tx, &notes).await?;
        S::announce(&mut tx, &grown).await?;
        tx.commit().await.map_err(backend)
    }

    async fn list_tournaments(
        &self,
        status: Option<TournamentStatus>,
        labels: &Labels,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        tournaments::list::<S::Db>(&mut conn, status, labels, after_id, limit).await
    }

    async fn games_to_rate(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = query::<S::Db>(S::Db::SQL.games_to_rate, [limit.into()])
            .fetch_all(conn.executor())
            .await
            .map_err(backend)?;
        rows.iter().map(|row| row.text("id")).collect()
    }

    async fn set_seat_token_hash(
        &self,
        id: &str,
        seat: usize,
        hash: TokenHash,
        reissued_at: Option<std::time::SystemTime>,
    ) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        let row = query::<S::Db>(S::Db::SQL.seat_token_hashes, [id.into()])
            .fetch_optional(tx.executor())
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        let (mut hashes, mut reissued) = (hashes_from_row(&row)?, reissued_from_row(&row)?);
        let seats = hashes.len();
        let slot =
            hashes.get_mut(seat).ok_or_else(|| StoreError::Backend(format!("game {id:?} has no seat {seat}")))?;
        *slot = hash;
        if let Some(at) = reissued_at {
            mark_reissued(&mut reissued, seats, seat, at);
        }
        let values = [hashes_to_bytes(&hashes).into(), reissued_value(&reissued), id.into()];
        query::<S::Db>(S::Db::SQL.set_seat_token_hashes, values).execute(tx.executor()).await.map_err(backend)?;
        // Streams opened with the old token elsewhere end at once; every call there
        // compares hashes with the database anyway, so lost news only delays that.
        S::announce(&mut tx, &[Change { game_id: id.to_owned(), kind: ChangeKind::SeatTokenReplaced }]).await?;
        tx.commit().await.map_err(backend)
    }

    async fn deadlines_before(
        &self,
        before: std::time::SystemTime,
        limit: usize,
    ) -> Result<Vec<(String, std::time::SystemTime)>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let values: [Value; 2] = [to_micros(before).into(), i64::try_from(limit).unwrap_or(i64::MAX).into()];
        let rows = query::<S::Db>(S::Db::SQL.deadlines, values).fetch_all(conn.executor()).await.map_err(backend)?;
        rows.iter()
            .map(|row| {
                let deadline = row.optional_int("deadline_us")?.unwrap_or_default();
                Ok((row.text("id")?, super::super::codec::from_micros(deadline)))
            })
            .collect()
    }

    async fn count_in_progress(&self, owner: &str) -> Result<u64, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        count_in_progress::<S::Db>(&mut conn, owner).await
    }

    async fn in_progress_by_kind(&self) -> Result<Vec<(GameKind, u64)>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let rows =
            query::<S::Db>(S::Db::SQL.in_progress_by_kind, []).fetch_all(conn.executor()).await.map_err(backend)?;
        let mut counts = Vec::with_capacity(rows.len());
        for row in &rows {
            let name = row.text("kind")?;
            let kind = GameKind::from_name(&name)
                .ok_or_else(|| StoreError::Backend(format!("stored kind {name:?} is unknown")))?;
            counts.push((kind, unsigned(row.int("n")?, "count")?));
        }
        Ok(counts)
    }

    async fn mark_faulted(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        let marked =
            query::<S::Db>(S::Db::SQL.mark_faulted, [id.into()]).execute(tx.executor()).await.map_err(backend)?;
        if S::Db::rows_affected(&marked) == 0 {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        S::announce(&mut tx, &[Change { game_id: id.to_owned(), kind: ChangeKind::Faulted }]).await?;
        tx.commit().await.map_err(backend)
    }

    async fn head(&self, id: &str) -> Result<RecordHead, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let row = query::<S::Db>(S::Db::SQL.head, [id.into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        head_from_row(&row)
    }

    async fn save_config(&self, saved: SavedConfig, mode: SaveMode) -> Result<SavedConfig, StoreError> {
        let mut saved = saved.at_stored_precision();
        // Under the owner's lock, so that the count of a creation sees every other's insert.
        let mut tx = S::begin_write(self.pool(), Some(&saved.owner)).await?;
        let key = || [saved.owner.as_str().into(), saved.name.as_str().into()];
        let existing = query::<S::Db>(S::Db::SQL.saved, key()).fetch_optional(tx.executor()).await.map_err(backend)?;
        match (mode, existing) {
            (SaveMode::Create { .. }, Some(_)) => return Err(StoreError::SavedConfigExists(saved.name)),
            (SaveMode::Create { max_per_owner }, None) => {
                let row = query::<S::Db>(S::Db::SQL.count_saved, [saved.owner.as_str().into()])
                    .fetch_one(tx.executor())
                    .await
                    .map_err(backend)?;
                if unsigned::<u64>(row.int("n")?, "count")? >= max_per_owner {
                    return Err(StoreError::TooManySavedConfigs { owner: saved.owner, limit: max_per_owner });
                }
                match query::<S::Db>(S::Db::SQL.insert_saved, saved_values(&saved)).execute(tx.executor()).await {
                    // Another creation of the same name committed first.
                    Err(e) if is_unique_violation(&e) => return Err(StoreError::SavedConfigExists(saved.name)),
                    other => other.map(drop).map_err(backend)?,
                }
            }
            (SaveMode::Replace, None) => return Err(StoreError::SavedConfigNotFound(saved.name)),
            (SaveMode::Replace, Some(row)) => {
                saved.created = saved_from_row(&row)?.created;
                let [_, _, description, config, clock, _, updated] = saved_values(&saved);
                let [owner, name] = key();
                query::<S::Db>(S::Db::SQL.replace_saved, [description, config, clock, updated, owner, name])
                    .execute(tx.executor())
                    .await
                    .map_err(backend)?;
            }
        }
        tx.commit().await.map_err(backend)?;
        Ok(saved)
    }

    async fn saved_config(&self, owner: &str, name: &str) -> Result<SavedConfig, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let row = query::<S::Db>(S::Db::SQL.saved, [owner.into(), name.into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::SavedConfigNotFound(name.to_owned()))?;
        saved_from_row(&row)
    }

    async fn list_saved_configs(
        &self,
        owner: &str,
        after_name: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SavedConfig>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let values = [owner.into(), after_name.unwrap_or_default().into(), limit.into()];
        let rows = query::<S::Db>(S::Db::SQL.list_saved, values).fetch_all(conn.executor()).await.map_err(backend)?;
        rows.iter().map(saved_from_row).collect()
    }

    async fn delete_saved_config(&self, owner: &str, name: &str) -> Result<(), StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let done = query::<S::Db>(S::Db::SQL.delete_saved, [owner.into(), name.into()])
            .execute(conn.executor())
            .await
            .map_err(backend)?;
        if S::Db::rows_affected(&done) == 0 {
            return Err(StoreError::SavedConfigNotFound(name.to_owned()));
        }
        Ok(())
    }

    async fn create_series(&self, series: SeriesRecord, request_key: Option<&str>) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        let values: [Value; 5] = [
            series.id.as_str().into(),
            to_json(&series).into(),
            series_status_name(series.status).into(),
            signed(series.revision).into(),
            request_key.map(str::to_owned).into(),
        ];
        match query::<S::Db>(S::Db::SQL.insert_series, values).execute(tx.executor()).await {
            Err(e) if is_unique_violation(&e) => {
                drop(tx);
                let mut conn = self.pool().acquire().await.map_err(backend)?;
                let taken = query::<S::Db>(S::Db::SQL.series, [series.id.as_str().into()])
                    .fetch_optional(conn.executor())
                    .await
                    .map_err(backend)?;
                return Err(if taken.is_some() {
                    StoreError::AlreadyExists(series.id)
                } else {
                    StoreError::CreationRequestTaken
                });
            }
            other => other.map(drop).map_err(backend)?,
        }
        index_labels::<S::Db>(&mut tx, Labelled::Series, &series.id, &series.labels).await?;
        tx.commit().await.map_err(backend)
    }

    async fn find_series_creation(&self, request_key: &str) -> Result<Option<String>, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let row = query::<S::Db>(S::Db::SQL.series_of_request, [request_key.into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?;
        row.map(|row| row.text("id")).transpose()
    }

    async fn series(&self, id: &str) -> Result<SeriesRecord, StoreError> {
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let row = query::<S::Db>(S::Db::SQL.series, [id.into()])
            .fetch_optional(conn.executor())
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::SeriesNotFound(id.to_owned()))?;
        series_from_row(&row)
    }

    async fn set_labels(&self, id: &str, labels: Labels) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        let done = query::<S::Db>(S::Db::SQL.set_labels, [labels_value(&labels), id.into()])
            .execute(tx.executor())
            .await
            .map_err(backend)?;
        if S::Db::rows_affected(&done) == 0 {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        index_labels::<S::Db>(&mut tx, Labelled::Game, id, &labels).await?;
        tx.commit().await.map_err(backend)
    }

    async fn update_series(&self, series: SeriesRecord, notes: &[(String, OwnerNote)]) -> Result<(), StoreError> {
        let mut tx = S::begin_write(self.pool(), None).await?;
        let expected = series.revision.saturating_sub(1);
        let values: [Value; 5] = [
            to_json(&series).into(),
            series_status_name(series.status).into(),
            signed(series.revision).into(),
            series.id.as_str().into(),
            signed(expected).into(),
        ];
        let done = query::<S::Db>(S::Db::SQL.update_series, values).execute(tx.executor()).await.map_err(backend)?;
        if S::Db::rows_affected(&done) == 1 {
            index_labels::<S::Db>(&mut tx, Labelled::Series, &series.id, &series.labels).await?;
            let notes: Vec<(&str, &OwnerNote)> = notes.iter().map(|(id, note)| (id.as_str(), note)).collect();
            let grown = note_owner_events::<S::Db>(&mut tx, &notes).await?;
            S::announce(&mut tx, &grown).await?;
            return tx.commit().await.map_err(backend);
        }
        let row = query::<S::Db>(S::Db::SQL.revision_of_series, [series.id.as_str().into()])
            .fetch_optional(tx.executor())
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::SeriesNotFound(series.id.clone()))?;
        Err(StoreError::Conflict { expected, current: unsigned(row.int("revision")?, "revision")? })
    }

    async fn list_series(
        &self,
        status: Option<SeriesStatus>,
        labels: &Labels,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SeriesRecord>, StoreError> {
        let mut query = QueryBuilder::<S::Db>::new(S::Db::SQL.list_series);
        if let Some(status) = status {
            query.push(" AND status = ");
            S::Db::push(&mut query, series_status_name(status).into());
        }
        push_label_conditions(&mut query, Labelled::Series, labels);
        if let Some(after_id) = after_id {
            query.push(" AND id < ");
            S::Db::push(&mut query, after_id.into());
        }
        query.push(" ORDER BY id DESC LIMIT ");
        S::Db::push(&mut query, i64::try_from(limit).unwrap_or(i64::MAX).into());
        let mut conn = self.pool().acquire().await.map_err(backend)?;
        let rows = query.build().fetch_all(conn.executor()).await.map_err(backend)?;
        rows.iter().map(series_from_row).collect()
    }

    fn shared(&self) -> bool {
        S::SHARED
    }

    fn watch_changes(&self) -> Option<mpsc::Receiver<Change>> {
        self.take_changes()
    }
}
