//! The embedded default: every game in one SQLite file.
//!
//! Durability: the database runs in WAL mode with `synchronous=FULL`, so a transaction
//! is on disk when its commit returns, and the service answers a move only after that.
//! A move's events, its request id and the record's new summary are one transaction.
//! One process owns the file; several replicas need [`super::PostgresStore`].

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteRow, SqliteSynchronous,
};
use sqlx::{QueryBuilder, Row, Sqlite};

use super::codec::{
    from_json, from_micros, hashes_from_bytes, hashes_to_bytes, status_from_name, status_name, to_json, to_micros,
    unsigned,
};
use super::{
    EventKind, GameRecord, GameStatus, ListFilter, LoadedGame, RecordHead, RecordUpdate, Snapshot, Store, StoreError,
    StoredEvent, TokenHash, in_progress_cap,
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
pub static MIGRATOR: Migrator = sqlx::migrate!("migrations/sqlite");

/// Connections in the pool: SQLite writes one transaction at a time, reads run beside it.
const POOL_SIZE: u32 = 4;
/// How long a writer waits for another's transaction before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Games in one SQLite database file.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        SqliteStore::connect(options, &MIGRATOR).await
    }

    /// Opens the database with `options`, applying `migrator`'s migrations (tests apply
    /// older schemas this way).
    pub async fn connect(options: SqliteConnectOptions, migrator: &Migrator) -> Result<SqliteStore, StoreError> {
        let pool = SqlitePoolOptions::new().max_connections(POOL_SIZE).connect_with(options).await.map_err(backend)?;
        migrator.run(&pool).await.map_err(|e| StoreError::Backend(format!("schema migration failed: {e}")))?;
        Ok(SqliteStore { pool })
    }

    /// Opens the database named by a `sqlite:` URL (`sqlite:games.db`, `sqlite:///var/lib/tabula/games.db`).
    pub async fn open_url(url: &str) -> Result<SqliteStore, StoreError> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::Backend(format!("bad SQLite address {url:?}: {e}")))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        SqliteStore::connect(options, &MIGRATOR).await
    }

    async fn exists(&self, id: &str) -> Result<Option<(u64, GameStatus)>, StoreError> {
        let row = sqlx::query("SELECT seq, status FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        row.map(|row| Ok((unsigned(row.get("seq"), "seq")?, status_from_name(row.get("status"))?))).transpose()
    }

    async fn record(&self, id: &str) -> Result<GameRecord, StoreError> {
        let row = sqlx::query(concat!("SELECT ", record_columns!(), " FROM games WHERE id = ?"))
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

fn record_from_row(row: &SqliteRow) -> Result<GameRecord, StoreError> {
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

fn event_from_row(row: &SqliteRow) -> Result<StoredEvent, StoreError> {
    Ok(StoredEvent {
        seq: unsigned(row.get("seq"), "seq")?,
        time: from_micros(row.get("time_us")),
        kind: from_json::<EventKind>(row.get("body"), "event")?,
        request_id: row.get("request_id"),
        request_digest: row.get("request_digest"),
    })
}

async fn insert_events(
    tx: &mut sqlx::Transaction<'_, Sqlite>,
    id: &str,
    events: &[StoredEvent],
) -> Result<(), sqlx::Error> {
    for event in events {
        sqlx::query(concat!("INSERT INTO events (game_id, ", event_columns!(), ") VALUES (?, ?, ?, ?, ?, ?)"))
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
async fn in_progress<'c>(executor: impl sqlx::Executor<'c, Database = Sqlite>, owner: &str) -> Result<u64, StoreError> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM games WHERE owner = ? AND status = 'in_progress'")
        .bind(owner)
        .fetch_one(executor)
        .await
        .map_err(backend)?;
    unsigned(row.get("n"), "count")
}

/// Inserts the record alone; a taken id is [`StoreError::AlreadyExists`].
async fn insert_record(tx: &mut sqlx::Transaction<'_, Sqlite>, record: &GameRecord) -> Result<(), StoreError> {
    let inserted = sqlx::query(concat!(
        "INSERT INTO games (",
        record_columns!(),
        ", kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
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

#[async_trait]
impl Store for SqliteStore {
    async fn create(
        &self,
        record: GameRecord,
        log: Vec<StoredEvent>,
        max_in_progress: Option<u64>,
    ) -> Result<(), StoreError> {
        // `IMMEDIATE` takes the write lock before the count: a deferred transaction would
        // count under a read lock, and two creations could both see room for one more.
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await.map_err(backend)?;
        if let Some((owner, limit)) = in_progress_cap(&record, max_in_progress)
            && in_progress(&mut *tx, owner).await? >= limit
        {
            return Err(StoreError::TooManyGames { owner: owner.to_owned(), limit });
        }
        insert_record(&mut tx, &record).await?;
        insert_events(&mut tx, &record.id, &log).await.map_err(backend)?;
        tx.commit().await.map_err(backend)
    }

    async fn load(&self, id: &str) -> Result<(GameRecord, Vec<StoredEvent>), StoreError> {
        let record = self.record(id).await?;
        let sql =
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?");
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
            "UPDATE games SET seq = ?, status = ?, outcome = ?, move_count = ?, updated_us = ? WHERE id = ? AND seq = ?",
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
        tx.commit().await.map_err(backend)
    }

    async fn events_after(&self, id: &str, after: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        let sql =
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?");
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
        let mut query: QueryBuilder<Sqlite> =
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
        let snapshot = sqlx::query("SELECT seq, state FROM snapshots WHERE game_id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?
            .map(|row| Ok::<_, StoreError>(Snapshot { seq: unsigned(row.get("seq"), "seq")?, state: row.get("state") }))
            .transpose()?;
        let after = snapshot.as_ref().map_or(0, |s| s.seq);
        let sql =
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?");
        let tail = self.events(sql, id, EventKey::After { after, limit: i64::MAX }).await?;
        Ok(LoadedGame { record, snapshot, tail })
    }

    async fn save_snapshot(&self, id: &str, snapshot: Snapshot) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) \
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
            concat!("SELECT ", event_columns!(), " FROM events WHERE game_id = ? AND request_id = ? ORDER BY seq");
        self.events(sql, id, EventKey::Request(request_id)).await
    }

    async fn archive(&self, id: &str) -> Result<GameRecord, StoreError> {
        let done =
            sqlx::query("UPDATE games SET status = 'archived' WHERE id = ? AND status IN ('finished', 'archived')")
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
        let done = sqlx::query("DELETE FROM games WHERE id = ?").bind(id).execute(&self.pool).await.map_err(backend)?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        Ok(())
    }

    async fn set_seat_token_hash(&self, id: &str, seat: usize, hash: TokenHash) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        let row = sqlx::query("SELECT seat_token_hashes FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(backend)?
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        let mut hashes = hashes_from_bytes(row.get("seat_token_hashes"))?;
        let slot =
            hashes.get_mut(seat).ok_or_else(|| StoreError::Backend(format!("game {id:?} has no seat {seat}")))?;
        *slot = hash;
        sqlx::query("UPDATE games SET seat_token_hashes = ? WHERE id = ?")
            .bind(hashes_to_bytes(&hashes))
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(backend)?;
        tx.commit().await.map_err(backend)
    }

    async fn count_in_progress(&self, owner: &str) -> Result<u64, StoreError> {
        in_progress(&self.pool, owner).await
    }

    async fn head(&self, id: &str) -> Result<RecordHead, StoreError> {
        let row = sqlx::query("SELECT seq, seat_token_hashes FROM games WHERE id = ?")
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
