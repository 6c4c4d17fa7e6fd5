//! Games in PostgreSQL, shared by several replicas of the server.
//!
//! The log's primary key (game id, seq) and the conditional update of the record's seq
//! make appends safe between replicas: of two racing for the same turn, one commits and
//! the other gets [`StoreError::Conflict`]. Each append also sends a notification
//! (`NOTIFY`, delivered at commit) naming the game, which other replicas hear through
//! [`Store::watch_changes`] and use to read the new events back from the table; a periodic
//! poll of recently updated games covers notifications lost while a listener reconnects.

use std::str::FromStr;
use std::time::{Duration, SystemTime};

use async_trait::async_trait;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions, PgRow};
use sqlx::{Postgres, QueryBuilder, Row};
use tokio::sync::mpsc;

use super::codec::{
    from_json, from_micros, hashes_from_bytes, hashes_to_bytes, status_from_name, status_name, to_json, to_micros,
    unsigned,
};
use super::{
    Change, ChangeKind, EventKind, GameRecord, GameStatus, ListFilter, LoadedGame, RecordHead, RecordUpdate, Snapshot,
    Store, StoreError, StoredEvent, TokenHash, in_progress_cap,
};

/// The record's columns, in the order the queries below name them.
macro_rules! record_columns {
    () => {
        "id, config, seat_token_hashes, created_us, updated_us, seq, status, outcome, move_count, private, owner"
    };
}

/// An event's columns.
macro_rules! event_columns {
    () => {
        "seq, time_us, body, request_id, request_digest"
    };
}

/// The schema's versions, applied in order when the store opens.
pub static MIGRATOR: Migrator = sqlx::migrate!("migrations/postgres");

/// Connections per replica.
const POOL_SIZE: u32 = 8;
/// The channel appends notify on; the payload is the game's id.
const CHANNEL: &str = "tabula_game_changed";
/// How often a replica also polls for games changed lately, in case it missed
/// notifications (while its listener reconnected, say).
const POLL_INTERVAL: Duration = Duration::from_secs(1);
/// How far back each poll looks; covers clock differences between replicas.
const POLL_WINDOW: Duration = Duration::from_secs(10);
/// The first key of the advisory locks that serialise one owner's capped creations (the
/// second is a hash of the owner). Two-key advisory locks never collide with single-key
/// ones, such as the lock migrations hold.
const OWNER_LOCK_SPACE: i32 = 0x7461_6267;
/// Changed games queued for the service before the oldest are dropped (the poll then
/// catches them up).
const CHANGES_QUEUE: usize = 1024;

/// Games in a PostgreSQL database.
#[derive(Debug)]
pub struct PostgresStore {
    pool: PgPool,
    changes: std::sync::Mutex<Option<mpsc::Receiver<Change>>>,
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user:password@host/db`), brings its
    /// schema up to date (replicas starting together take turns: migrations hold an
    /// advisory lock), and starts listening for other replicas' changes.
    pub async fn connect(url: &str) -> Result<PostgresStore, StoreError> {
        let options =
            PgConnectOptions::from_str(url).map_err(|e| StoreError::Backend(format!("bad PostgreSQL address: {e}")))?;
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await
            .map_err(backend)?;
        MIGRATOR.run(&pool).await.map_err(|e| StoreError::Backend(format!("schema migration failed: {e}")))?;
        let mut listener = PgListener::connect_with(&pool).await.map_err(backend)?;
        listener.listen(CHANNEL).await.map_err(backend)?;
        let (tx, rx) = mpsc::channel(CHANGES_QUEUE);
        tokio::spawn(watch(listener, pool.clone(), tx));
        Ok(PostgresStore { pool, changes: std::sync::Mutex::new(Some(rx)) })
    }

    async fn exists(&self, id: &str) -> Result<Option<(u64, GameStatus)>, StoreError> {
        let row = sqlx::query("SELECT seq, status FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        row.map(|row| Ok((unsigned(row.get("seq"), "seq")?, status_from_name(row.get("status"))?))).transpose()
    }

    async fn record(&self, id: &str) -> Result<GameRecord, StoreError> {
        let row = sqlx::query(concat!("SELECT ", record_columns!(), " FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        record_from_row(&row)
    }

    async fn events(&self, sql: &'static str, id: &str, key: EventKey<'_>) -> Result<Vec<StoredEvent>, StoreError> {
        let query = sqlx::query(sql).bind(id);
        let query = match key {
            EventKey::After { after, limit } => query.bind(i64::try_from(after).unwrap_or(i64::MAX)).bind(limit),
            EventKey::Request(request_id) => query.bind(request_id),
        };
        query.fetch_all(&self.pool).await.map_err(backend)?.iter().map(event_from_row).collect()
    }
}

enum EventKey<'a> {
    After { after: u64, limit: i64 },
    Request(&'a str),
}

fn backend(error: sqlx::Error) -> StoreError {
    StoreError::Backend(error.to_string())
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|e| e.is_unique_violation())
}

fn record_from_row(row: &PgRow) -> Result<GameRecord, StoreError> {
    let outcome: Option<String> = row.get("outcome");
    Ok(GameRecord {
        id: row.get("id"),
        config: from_json(row.get("config"), "configuration")?,
        seat_token_hashes: hashes_from_bytes(row.get("seat_token_hashes"))?,
        created: from_micros(row.get("created_us")),
        updated: from_micros(row.get("updated_us")),
        seq: unsigned(row.get("seq"), "seq")?,
        status: status_from_name(row.get("status"))?,
        outcome: outcome.map(|o| from_json(&o, "outcome")).transpose()?,
        move_count: unsigned(row.get("move_count"), "move count")?,
        private: row.get("private"),
        owner: row.get("owner"),
    })
}

fn event_from_row(row: &PgRow) -> Result<StoredEvent, StoreError> {
    Ok(StoredEvent {
        seq: unsigned(row.get("seq"), "seq")?,
        time: from_micros(row.get("time_us")),
        kind: from_json::<EventKind>(row.get("body"), "event")?,
        request_id: row.get("request_id"),
        request_digest: row.get("request_digest"),
    })
}

async fn insert_events(
    tx: &mut sqlx::Transaction<'_, Postgres>,
    id: &str,
    events: &[StoredEvent],
) -> Result<(), sqlx::Error> {
    for event in events {
        sqlx::query(concat!("INSERT INTO events (game_id, ", event_columns!(), ") VALUES ($1, $2, $3, $4, $5, $6)"))
            .bind(id)
            .bind(event.seq as i64)
            .bind(to_micros(event.time))
            .bind(to_json(&event.kind))
            .bind(event.request_id.as_deref())
            .bind(event.request_digest.as_deref())
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// How many of `owner`'s games are in progress.
async fn in_progress<'c>(
    executor: impl sqlx::Executor<'c, Database = Postgres>,
    owner: &str,
) -> Result<u64, StoreError> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM games WHERE owner = $1 AND status = 'in_progress'")
        .bind(owner)
        .fetch_one(executor)
        .await
        .map_err(backend)?;
    unsigned(row.get("n"), "count")
}

/// Makes every other capped creation for `owner`, on any replica, wait until `tx` ends.
/// Under READ COMMITTED two creations would otherwise both count before either inserts;
/// holding the lock, a creation's count sees every earlier holder's committed insert.
async fn lock_owner(tx: &mut sqlx::Transaction<'_, Postgres>, owner: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
        .bind(OWNER_LOCK_SPACE)
        .bind(owner)
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    Ok(())
}

/// Inserts the record alone; a taken id is [`StoreError::AlreadyExists`].
async fn insert_record(tx: &mut sqlx::Transaction<'_, Postgres>, record: &GameRecord) -> Result<(), StoreError> {
    let inserted = sqlx::query(concat!(
        "INSERT INTO games (",
        record_columns!(),
        ", kind) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
    ))
    .bind(&record.id)
    .bind(to_json(&record.config))
    .bind(hashes_to_bytes(&record.seat_token_hashes))
    .bind(to_micros(record.created))
    .bind(to_micros(record.updated))
    .bind(record.seq as i64)
    .bind(status_name(record.status))
    .bind(record.outcome.as_ref().map(to_json))
    .bind(i64::from(record.move_count))
    .bind(record.private)
    .bind(record.owner.as_deref())
    .bind(record.kind().info().name)
    .execute(&mut **tx)
    .await;
    match inserted {
        Err(e) if is_unique_violation(&e) => Err(StoreError::AlreadyExists(record.id.clone())),
        other => other.map(drop).map_err(backend),
    }
}

/// The payload word that says a game was deleted.
const DELETED: &str = "deleted";
/// The payload word that says a seat token of the game was reissued.
const SEAT_TOKEN_REPLACED: &str = "seat-token";

/// Tells other replicas, once `tx` commits, that game `id` changed: `what` is its new seq
/// or [`DELETED`].
async fn notify(tx: &mut sqlx::Transaction<'_, Postgres>, id: &str, what: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{id} {what}"))
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    Ok(())
}

/// The change a notification payload names.
fn parse_change(payload: &str) -> Option<Change> {
    let (id, what) = payload.split_once(' ')?;
    let kind = match what {
        DELETED => ChangeKind::Deleted,
        SEAT_TOKEN_REPLACED => ChangeKind::SeatTokenReplaced,
        seq => ChangeKind::Appended(seq.parse().ok()?),
    };
    Some(Change { game_id: id.to_owned(), kind })
}

/// Forwards other replicas' changes to the service until it stops listening: each
/// notification as it comes, and every second the games updated lately.
async fn watch(mut listener: PgListener, pool: PgPool, changes: mpsc::Sender<Change>) {
    let mut poll = tokio::time::interval(POLL_INTERVAL);
    poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while !changes.is_closed() {
        tokio::select! {
            notification = listener.recv() => match notification {
                Ok(notification) => {
                    if let Some(change) = parse_change(notification.payload()) {
                        // A full queue drops the change; the poll brings it back.
                        let _ = changes.try_send(change);
                    }
                }
                Err(error) => {
                    // The next `recv` reconnects; notifications meanwhile are lost, which
                    // the poll covers.
                    tracing::warn!(%error, "lost the PostgreSQL notification listener; reconnecting");
                    tokio::time::sleep(POLL_INTERVAL).await;
                }
            },
            _ = poll.tick() => {
                let since = to_micros(SystemTime::now() - POLL_WINDOW);
                let rows = sqlx::query("SELECT id, seq FROM games WHERE updated_us >= $1").bind(since).fetch_all(&pool).await;
                match rows {
                    Ok(rows) => {
                        for row in rows {
                            let seq: i64 = row.get("seq");
                            let _ = changes.try_send(Change { game_id: row.get("id"), kind: ChangeKind::Appended(seq as u64) });
                        }
                    }
                    Err(error) => tracing::warn!(%error, "polling PostgreSQL for changed games failed"),
                }
            }
        }
    }
}

#[async_trait]
impl Store for PostgresStore {
    async fn create(
        &self,
        record: GameRecord,
        log: Vec<StoredEvent>,
        max_in_progress: Option<u64>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        if let Some((owner, limit)) = in_progress_cap(&record, max_in_progress) {
            lock_owner(&mut tx, owner).await?;
            if in_progress(&mut *tx, owner).await? >= limit {
                return Err(StoreError::TooManyGames { owner: owner.to_owned(), limit });
            }
        }
        insert_record(&mut tx, &record).await?;
        insert_events(&mut tx, &record.id, &log).await.map_err(backend)?;
        tx.commit().await.map_err(backend)
    }

    async fn load(&self, id: &str) -> Result<(GameRecord, Vec<StoredEvent>), StoreError> {
        let record = self.record(id).await?;
        let sql =
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3");
        let log = self.events(sql, id, EventKey::After { after: 0, limit: i64::MAX }).await?;
        Ok((record, log))
    }

    async fn append(
        &self,
        id: &str,
        expected_seq: u64,
        events: Vec<StoredEvent>,
        update: RecordUpdate,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        let new_seq = expected_seq + events.len() as u64;
        let updated = sqlx::query(
            "UPDATE games SET seq = $1, status = $2, outcome = $3, move_count = $4, updated_us = $5 WHERE id = $6 AND seq = $7",
        )
        .bind(new_seq as i64)
        .bind(status_name(update.status))
        .bind(update.outcome.as_ref().map(to_json))
        .bind(i64::from(update.move_count))
        .bind(to_micros(update.updated))
        .bind(id)
        .bind(expected_seq as i64)
        .execute(&mut *tx)
        .await
        .map_err(backend)?;
        if updated.rows_affected() == 0 {
            drop(tx);
            return match self.exists(id).await? {
                Some((current, _)) => Err(StoreError::Conflict { expected: expected_seq, current }),
                None => Err(StoreError::NotFound(id.to_owned())),
            };
        }
        insert_events(&mut tx, id, &events).await.map_err(backend)?;
        notify(&mut tx, id, &new_seq.to_string()).await?;
        tx.commit().await.map_err(backend)
    }

    async fn events_after(&self, id: &str, after: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        let sql =
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3");
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let events = self.events(sql, id, EventKey::After { after, limit }).await?;
        if events.is_empty() && self.exists(id).await?.is_none() {
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
        let mut query: QueryBuilder<Postgres> =
            QueryBuilder::new(concat!("SELECT ", record_columns!(), " FROM games WHERE 1 = 1"));
        if let Some(kind) = filter.kind {
            query.push(" AND kind = ").push_bind(kind.info().name);
        }
        match filter.status {
            Some(status) => query.push(" AND status = ").push_bind(status_name(status)),
            None => query.push(" AND status <> ").push_bind(status_name(GameStatus::Archived)),
        };
        if let Some(after) = filter.created_after {
            query.push(" AND created_us >= ").push_bind(to_micros(after));
        }
        if let Some(before) = filter.created_before {
            query.push(" AND created_us < ").push_bind(to_micros(before));
        }
        if let Some(after_id) = after_id {
            query.push(" AND id < ").push_bind(after_id);
        }
        query.push(" ORDER BY id DESC LIMIT ").push_bind(i64::try_from(limit).unwrap_or(i64::MAX));
        let rows = query.build().fetch_all(&self.pool).await.map_err(backend)?;
        rows.iter().map(record_from_row).collect()
    }

    async fn load_latest(&self, id: &str) -> Result<LoadedGame, StoreError> {
        let record = self.record(id).await?;
        let snapshot = sqlx::query("SELECT seq, state FROM snapshots WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?
            .map(|row| Ok::<_, StoreError>(Snapshot { seq: unsigned(row.get("seq"), "seq")?, state: row.get("state") }))
            .transpose()?;
        let after = snapshot.as_ref().map_or(0, |s| s.seq);
        let sql =
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3");
        let tail = self.events(sql, id, EventKey::After { after, limit: i64::MAX }).await?;
        Ok(LoadedGame { record, snapshot, tail })
    }

    async fn save_snapshot(&self, id: &str, snapshot: Snapshot) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state \
             WHERE excluded.seq > snapshots.seq",
        )
        .bind(id)
        .bind(snapshot.seq as i64)
        .bind(snapshot.state)
        .execute(&self.pool)
        .await
        .map_err(backend)?;
        Ok(())
    }

    async fn find_request(&self, id: &str, request_id: &str) -> Result<Vec<StoredEvent>, StoreError> {
        let sql =
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = $1 AND request_id = $2 ORDER BY seq");
        self.events(sql, id, EventKey::Request(request_id)).await
    }

    async fn archive(&self, id: &str) -> Result<GameRecord, StoreError> {
        let done =
            sqlx::query("UPDATE games SET status = 'archived' WHERE id = $1 AND status IN ('finished', 'archived')")
                .bind(id)
                .execute(&self.pool)
                .await
                .map_err(backend)?;
        if done.rows_affected() == 0 {
            return match self.exists(id).await? {
                Some(_) => Err(StoreError::NotFinished(id.to_owned())),
                None => Err(StoreError::NotFound(id.to_owned())),
            };
        }
        self.record(id).await
    }

    async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        let done = sqlx::query("DELETE FROM games WHERE id = $1").bind(id).execute(&mut *tx).await.map_err(backend)?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        notify(&mut tx, id, DELETED).await?;
        tx.commit().await.map_err(backend)
    }

    async fn set_seat_token_hash(&self, id: &str, seat: usize, hash: TokenHash) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        let row = sqlx::query("SELECT seat_token_hashes FROM games WHERE id = $1 FOR UPDATE")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        let mut hashes = hashes_from_bytes(row.get("seat_token_hashes"))?;
        let slot =
            hashes.get_mut(seat).ok_or_else(|| StoreError::Backend(format!("game {id:?} has no seat {seat}")))?;
        *slot = hash;
        sqlx::query("UPDATE games SET seat_token_hashes = $1 WHERE id = $2")
            .bind(hashes_to_bytes(&hashes))
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(backend)?;
        // Streams opened with the old token on other replicas end at once; every call there
        // compares hashes with the database anyway, so a lost notification only delays that.
        notify(&mut tx, id, SEAT_TOKEN_REPLACED).await?;
        tx.commit().await.map_err(backend)
    }

    async fn count_in_progress(&self, owner: &str) -> Result<u64, StoreError> {
        in_progress(&self.pool, owner).await
    }

    fn shared(&self) -> bool {
        true
    }

    fn watch_changes(&self) -> Option<mpsc::Receiver<Change>> {
        self.changes.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
    }

    async fn head(&self, id: &str) -> Result<RecordHead, StoreError> {
        let row = sqlx::query("SELECT seq, seat_token_hashes FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        Ok(RecordHead {
            seq: unsigned(row.get("seq"), "seq")?,
            seat_token_hashes: hashes_from_bytes(row.get("seat_token_hashes"))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notification_payloads_name_the_game_and_its_seq() {
        assert_eq!(parse_change("abc 12"), Some(Change { game_id: "abc".into(), kind: ChangeKind::Appended(12) }));
        assert_eq!(parse_change("abc deleted"), Some(Change { game_id: "abc".into(), kind: ChangeKind::Deleted }));
        assert_eq!(
            parse_change("abc seat-token"),
            Some(Change { game_id: "abc".into(), kind: ChangeKind::SeatTokenReplaced })
        );
        assert_eq!(parse_change("abc"), None);
        assert_eq!(parse_change("abc twelve"), None);
    }
}
