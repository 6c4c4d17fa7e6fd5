//! What the SQLite and PostgreSQL stores share, written once: the
//! [`Store`](super::Store) operations of every [`SqlStore`] ([`operations`]), the
//! statements ([`statements`]) and how records and events sit in columns ([`columns`]).
//! A backend brings its pool and what really differs between the databases: how a
//! writing transaction begins (so that writers wait their turn and capped creations keep
//! apart), the lock a read takes before an update, and how other processes hear of
//! changes.
//!
//! Invariants, for every backend:
//! - an append moves the record's summary on only if its seq is still the expected one,
//!   and inserts the events in the same transaction: of two racing appends one commits
//!   and the other gets [`StoreError::Conflict`];
//! - every transaction that writes is opened by [`SqlStore::begin_write`], which makes it
//!   wait for the writers before it rather than fail; a capped creation (of a game or a
//!   saved configuration) counts the owner's and inserts inside one opened with the
//!   owner's lock;
//! - a transaction that moves several games' records on locks their rows in the order of
//!   their ids, so that two of them never wait for each other;
//! - every change another process must hear of is announced
//!   ([`SqlStore::announce`]) inside the transaction that makes it, so that the news
//!   goes out at commit and never for a change rolled back (a batch of appends announces
//!   all of its changes at once).

pub mod batch;
mod columns;
mod labels;
mod operations;
mod ratings;
mod statements;
mod tournaments;

use async_trait::async_trait;
use sqlx::{Database, Executor, IntoArguments, Pool, Transaction};
use tokio::sync::mpsc;

pub use self::statements::{POSTGRES, SQLITE, Statements};

use self::columns::{Binds, Columns};
use super::{Change, StoreError};

/// A connection that runs statements. Every connection of a [`Dialect`] does; the trait
/// only names that for code generic over the database.
pub trait Executes<DB: Database>: Send {
    /// The connection as the executor of one statement.
    fn executor(&mut self) -> impl Executor<'_, Database = DB>;
}

impl<DB: Database, C: Send> Executes<DB> for C
where
    for<'c> &'c mut C: Executor<'c, Database = DB>,
{
    fn executor(&mut self) -> impl Executor<'_, Database = DB> {
        self
    }
}

/// A database the SQL stores run on: its statements, and the driver support the shared
/// code needs (binding [`Value`](columns::Value)s, reading [`Columns`], running
/// statements).
pub trait Dialect: Binds + Database<Row: Columns, Arguments: IntoArguments<Self>, Connection: Executes<Self>> {
    /// The shared statements, in this database's SQL.
    const SQL: Statements;

    /// How many rows a statement changed.
    fn rows_affected(result: &Self::QueryResult) -> u64;
}

/// A store of games in a SQL database. A backend implements this (and [`Dialect`] for
/// its database); [`Store`](super::Store) then comes from [`operations`].
#[async_trait]
pub trait SqlStore: Send + Sync + 'static {
    /// The database.
    type Db: Dialect;

    /// Whether other processes write the same games (see [`super::Store::shared`]).
    const SHARED: bool = false;

    /// The connection pool.
    fn pool(&self) -> &Pool<Self::Db>;

    /// Begins a transaction that will write, on `pool`, once every writer before it has
    /// finished (never failing because another writes). With `owner`, until this
    /// transaction ends no other transaction begun with the same owner may begin: what a
    /// capped creation counts under.
    async fn begin_write(
        pool: &Pool<Self::Db>,
        owner: Option<&str>,
    ) -> Result<Transaction<'static, Self::Db>, StoreError>;

    /// Tells other processes, once `tx` commits, of `changes`. Nothing by default: only a
    /// shared store has others to tell.
    async fn announce(tx: &mut Transaction<'_, Self::Db>, changes: &[Change]) -> Result<(), StoreError> {
        let _ = (tx, changes);
        Ok(())
    }

    /// The writer that commits this store's appends in batches, if it has one; without,
    /// each append is a transaction of its own.
    fn appender(&self) -> Option<&batch::Appender> {
        None
    }

    /// The changes other processes make, once (see [`super::Store::watch_changes`]).
    fn take_changes(&self) -> Option<mpsc::Receiver<Change>> {
        None
    }
}

/// A driver error as a store error.
pub fn backend(error: sqlx::Error) -> StoreError {
    StoreError::Backend(error.to_string())
}
