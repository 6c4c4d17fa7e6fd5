//! The embedded default: every game in one SQLite file.
//!
//! Durability: the database runs in WAL mode with `synchronous=FULL`, so a transaction
//! is on disk when its commit returns, and the service answers a move only after that.
//! A move's events, its request id and the record's new summary are one transaction.
//! One process owns the file; several replicas need [`super::PostgresStore`].
//!
//! Moves are committed in batches ([`super::sql::batch`]): appends to different games that
//! arrive together share one transaction and one flush, each answered once it committed.
//!
//! The store's operations are the shared ones of [`super::sql`]; this file holds what is
//! SQLite's own: the connection settings, the write lock every writing transaction takes
//! first, and the batching writer.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteQueryResult, SqliteSynchronous,
};
use sqlx::{Sqlite, Transaction};

use super::sql::batch::Appender;
use super::sql::{self, Dialect, SqlStore, Statements, backend};
use super::{StoreError, migrations};

/// Connections in the pool: SQLite writes one transaction at a time, reads run beside it.
const POOL_SIZE: u32 = 4;
/// How long a writer waits for another's transaction before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Games in one SQLite database file.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
    /// Commits moves of different games together: SQLite flushes once per commit.
    appender: Appender,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::connect(durable(SqliteConnectOptions::new().filename(path)), &migrations::SQLITE).await
    }

    /// Opens the database with `options`, applying `migrator`'s migrations (tests apply
    /// older schemas this way).
    pub async fn connect(options: SqliteConnectOptions, migrator: &Migrator) -> Result<SqliteStore, StoreError> {
        let pool = SqlitePoolOptions::new().max_connections(POOL_SIZE).connect_with(options).await.map_err(backend)?;
        migrator.run(&pool).await.map_err(|e| StoreError::Backend(format!("schema migration failed: {e}")))?;
        let appender = Appender::start::<SqliteStore>(pool.clone());
        Ok(SqliteStore { pool, appender })
    }

    /// Opens the database named by a `sqlite:` URL (`sqlite:games.db`, `sqlite:///var/lib/tabula/games.db`).
    pub async fn open_url(url: &str) -> Result<SqliteStore, StoreError> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::Backend(format!("bad SQLite address {url:?}: {e}")))?;
        SqliteStore::connect(durable(options), &migrations::SQLITE).await
    }
}

/// `options` with what the store relies on: the file created if missing, WAL with full
/// synchronisation (a commit is on disk when it returns), foreign keys enforced (deleting
/// a game deletes its log), and writers waiting [`BUSY_TIMEOUT`] for each other.
fn durable(options: SqliteConnectOptions) -> SqliteConnectOptions {
    options
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true)
        .busy_timeout(BUSY_TIMEOUT)
}

impl Dialect for Sqlite {
    const SQL: Statements = sql::SQLITE;

    fn rows_affected(result: &SqliteQueryResult) -> u64 {
        result.rows_affected()
    }
}

/// [`super::Store`] comes from [`sql`]; SQLite differs only in how a writing transaction
/// begins.
#[async_trait]
impl SqlStore for SqliteStore {
    type Db = Sqlite;

    fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    fn appender(&self) -> Option<&Appender> {
        Some(&self.appender)
    }

    /// `BEGIN IMMEDIATE` takes the database's write lock at once, waiting up to
    /// [`BUSY_TIMEOUT`] for another writer: a deferred transaction would read first and
    /// then fail with "database is locked" when another writer committed meanwhile (SQLite
    /// cannot wait there), and two capped creations could both count room for one more.
    /// The write lock is the whole database's, so it serialises an owner's creations too.
    async fn begin_write(pool: &SqlitePool, _owner: Option<&str>) -> Result<Transaction<'static, Sqlite>, StoreError> {
        pool.begin_with("BEGIN IMMEDIATE").await.map_err(backend)
    }
}
