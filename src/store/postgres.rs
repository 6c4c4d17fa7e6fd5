//! Games in PostgreSQL, shared by several replicas of the server.
//!
//! The log's primary key (game id, seq) and the conditional update of the record's seq
//! make appends safe between replicas: of two racing for the same turn, one commits and
//! the other gets [`StoreError::Conflict`]. Each append also sends a notification
//! (`NOTIFY`, delivered at commit) naming the game, which other replicas hear through
//! [`super::Store::watch_changes`] and use to read the new events back from the table; a periodic
//! poll of recently updated games covers notifications lost while a listener reconnects.
//!
//! The store's operations are the shared ones of [`super::sql`]; this file holds what is
//! PostgreSQL's own: the advisory lock of capped creations, and the change feed
//! (notifications sent inside each writing transaction, the listener and the poll).

use std::str::FromStr;
use std::time::{Duration, SystemTime};

use async_trait::async_trait;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions, PgQueryResult};
use sqlx::{Postgres, Row, Transaction};
use tokio::sync::mpsc;

use super::codec::to_micros;
use super::sql::batch::Appender;
use super::sql::{self, Dialect, SqlStore, Statements, backend};
use super::{Change, ChangeKind, StoreError, migrations};

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
/// The longest notification payload sent, in bytes: PostgreSQL refuses 8,000 and more.
const MAX_PAYLOAD: usize = 7_000;

/// Games in a PostgreSQL database.
#[derive(Debug)]
pub struct PostgresStore {
    pool: PgPool,
    changes: std::sync::Mutex<Option<mpsc::Receiver<Change>>>,
    /// Commits moves of different games together.
    appender: Appender,
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
        migrations::POSTGRES
            .run(&pool)
            .await
            .map_err(|e| StoreError::Backend(format!("schema migration failed: {e}")))?;
        let mut listener = PgListener::connect_with(&pool).await.map_err(backend)?;
        listener.listen(CHANNEL).await.map_err(backend)?;
        let (tx, rx) = mpsc::channel(CHANGES_QUEUE);
        tokio::spawn(watch(listener, pool.clone(), tx));
        let appender = Appender::start::<PostgresStore>(pool.clone());
        Ok(PostgresStore { pool, changes: std::sync::Mutex::new(Some(rx)), appender })
    }
}

/// Makes every other capped creation for `owner` (of a game or a saved configuration), on
/// any replica, wait until `tx` ends. Under READ COMMITTED two creations would otherwise
/// both count before either inserts; holding the lock, a creation's count sees every
/// earlier holder's committed insert.
async fn lock_owner(tx: &mut Transaction<'_, Postgres>, owner: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
        .bind(OWNER_LOCK_SPACE)
        .bind(owner)
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    Ok(())
}

/// The payload word that says a game was deleted.
const DELETED: &str = "deleted";
/// The payload word that says a seat token of the game was reissued.
const SEAT_TOKEN_REPLACED: &str = "seat-token";
/// The payload word that says the game's rules failed on a replica.
const FAULTED: &str = "faulted";
/// The payload word, followed by the newest cursor, that says an owner's log grew (the
/// payload's first word is then the owner; an owner whose name holds a space is heard of
/// by the followers' poll alone).
const OWNER_LOG: &str = "owner-log:";

/// Tells other replicas, once `tx` commits, that game `id` changed.
async fn notify(tx: &mut Transaction<'_, Postgres>, changes: &[Change]) -> Result<(), StoreError> {
    for payload in payloads(changes) {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&mut **tx)
            .await
            .map_err(backend)?;
    }
    Ok(())
}

/// `changes` as notification payloads: one change a line, as many lines a payload as fit
/// under PostgreSQL's limit.
fn payloads(changes: &[Change]) -> Vec<String> {
    let mut payloads: Vec<String> = Vec::new();
    for line in changes.iter().map(payload) {
        match payloads.last_mut() {
            Some(last) if last.len() + 1 + line.len() <= MAX_PAYLOAD => {
                last.push('\n');
                last.push_str(&line);
            }
            _ => payloads.push(line),
        }
    }
    payloads
}

/// The notification payload of `change`: the game's id, a space, and its new seq or a
/// word ([`DELETED`], [`SEAT_TOKEN_REPLACED`], [`FAULTED`]).
fn payload(change: &Change) -> String {
    let what = match change.kind {
        ChangeKind::Appended(seq) => seq.to_string(),
        ChangeKind::SeatTokenReplaced => SEAT_TOKEN_REPLACED.to_owned(),
        ChangeKind::Deleted => DELETED.to_owned(),
        ChangeKind::Faulted => FAULTED.to_owned(),
        ChangeKind::OwnerLogGrew(cursor) => format!("{OWNER_LOG}{cursor}"),
    };
    format!("{} {what}", change.game_id)
}

/// The change a notification payload names.
fn parse_change(payload: &str) -> Option<Change> {
    let (id, what) = payload.split_once(' ')?;
    let kind = match what {
        DELETED => ChangeKind::Deleted,
        SEAT_TOKEN_REPLACED => ChangeKind::SeatTokenReplaced,
        FAULTED => ChangeKind::Faulted,
        owner_log if owner_log.starts_with(OWNER_LOG) => {
            ChangeKind::OwnerLogGrew(owner_log[OWNER_LOG.len()..].parse().ok()?)
        }
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
                    for change in notification.payload().lines().filter_map(parse_change) {
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

impl Dialect for Postgres {
    const SQL: Statements = sql::POSTGRES;

    fn rows_affected(result: &PgQueryResult) -> u64 {
        result.rows_affected()
    }
}

/// [`super::Store`] comes from [`sql`]; PostgreSQL adds the owner's lock to a capped
/// creation and tells other replicas of every change.
#[async_trait]
impl SqlStore for PostgresStore {
    type Db = Postgres;

    const SHARED: bool = true;

    fn pool(&self) -> &PgPool {
        &self.pool
    }

    fn appender(&self) -> Option<&Appender> {
        Some(&self.appender)
    }

    async fn begin_write(pool: &PgPool, owner: Option<&str>) -> Result<Transaction<'static, Postgres>, StoreError> {
        let mut tx = pool.begin().await.map_err(backend)?;
        if let Some(owner) = owner {
            lock_owner(&mut tx, owner).await?;
        }
        Ok(tx)
    }

    async fn announce(tx: &mut Transaction<'_, Postgres>, changes: &[Change]) -> Result<(), StoreError> {
        notify(tx, changes).await
    }

    fn take_changes(&self) -> Option<mpsc::Receiver<Change>> {
        self.changes.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_of_changes_is_split_into_payloads_under_the_limit_and_read_back_whole() {
        let changes: Vec<Change> = (0..400)
            .map(|n| Change { game_id: format!("0190a000-0000-7000-8000-{n:012}"), kind: ChangeKind::Appended(n + 2) })
            .collect();
        let payloads = payloads(&changes);
        assert!(payloads.len() > 1 && payloads.iter().all(|p| p.len() <= MAX_PAYLOAD), "{}", payloads.len());
        let read: Vec<Change> = payloads.iter().flat_map(|p| p.lines().filter_map(parse_change)).collect();
        assert_eq!(read, changes);
        assert!(super::payloads(&[]).is_empty(), "nothing to announce sends nothing");
    }

    #[test]
    fn notification_payloads_name_the_game_and_its_seq() {
        assert_eq!(parse_change("abc 12"), Some(Change { game_id: "abc".into(), kind: ChangeKind::Appended(12) }));
        assert_eq!(parse_change("abc deleted"), Some(Change { game_id: "abc".into(), kind: ChangeKind::Deleted }));
        let grew = Change { game_id: "lobby".into(), kind: ChangeKind::OwnerLogGrew(42) };
        assert_eq!(parse_change(&payload(&grew)), Some(grew));
        assert_eq!(
            parse_change("abc seat-token"),
            Some(Change { game_id: "abc".into(), kind: ChangeKind::SeatTokenReplaced })
        );
        assert_eq!(parse_change("abc"), None);
        for kind in [ChangeKind::Appended(7), ChangeKind::SeatTokenReplaced, ChangeKind::Deleted, ChangeKind::Faulted] {
            let change = Change { game_id: "0190a000-0000-7000-8000-000000000001".into(), kind };
            assert_eq!(parse_change(&payload(&change)), Some(change));
        }
        assert_eq!(parse_change("abc twelve"), None);
    }
}
