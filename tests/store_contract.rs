//! The `Store` contract, checked against every backend: process memory, a real SQLite
//! file, and (with `TABULA_TEST_POSTGRES`, as the test command sets it) a real PostgreSQL
//! database. Also the SQLite schema migration from the first released schema.

mod common;

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tabula::engine::{Action, Outcome, Seat, Turn};
use tabula::games::{GameConfig, GameKind};
use tabula::store::document::{self, GameDocument};
use tabula::store::{
    EventKind, GameRecord, GameStatus, ListFilter, MemoryStore, RecordUpdate, Snapshot, SqliteStore, Store,
    StoreError, StoredEvent,
};

fn time(seconds: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_790_000_000 + seconds)
}

fn record(id: &str, kind: GameKind, created: SystemTime) -> GameRecord {
    GameRecord {
        id: id.to_owned(),
        config: kind.info().default_config,
        seat_token_hashes: vec![[1; 32], [2; 32]],
        created,
        updated: created,
        seq: 1,
        status: GameStatus::InProgress,
        outcome: None,
        move_count: 0,
        private: false,
        owner: Some("lobby".into()),
    }
}

fn created(at: SystemTime) -> StoredEvent {
    StoredEvent { seq: 1, time: at, kind: EventKind::Created, request_id: None }
}

fn played(seq: u64, seat: u8, column: u32, request_id: Option<&str>) -> StoredEvent {
    StoredEvent {
        seq,
        time: time(seq),
        kind: EventKind::Played { turn: Turn::Move(Seat::new(seat), Action::drop(column)), move_number: seq as u32 - 1 },
        request_id: request_id.map(str::to_owned),
    }
}

fn in_progress(move_count: u32, at: SystemTime) -> RecordUpdate {
    RecordUpdate { status: GameStatus::InProgress, outcome: None, move_count, updated: at }
}

/// Every guarantee of the `Store` trait, on a fresh, empty store.
async fn contract(store: Arc<dyn Store>) {
    let id = "0190a000-0000-7000-8000-000000000001";
    store.create(record(id, GameKind::ConnectFour, time(0)), vec![created(time(0))]).await.unwrap();
    assert!(matches!(
        store.create(record(id, GameKind::ConnectFour, time(0)), vec![created(time(0))]).await,
        Err(StoreError::AlreadyExists(_))
    ));

    // Appends are conditional on the log's length.
    store.append(id, 1, vec![played(2, 0, 3, Some("r1"))], in_progress(1, time(2))).await.unwrap();
    match store.append(id, 1, vec![played(2, 1, 4, None)], in_progress(1, time(2))).await {
        Err(StoreError::Conflict { expected: 1, current: 2 }) => {}
        other => panic!("a stale append must conflict, got {other:?}"),
    }
    assert!(matches!(store.append("nope", 1, vec![], in_progress(0, time(0))).await, Err(StoreError::NotFound(_))));
    store
        .append(id, 2, vec![played(3, 1, 3, Some("r2")), played(4, 0, 2, None)], in_progress(3, time(4)))
        .await
        .unwrap();

    let (loaded, log) = store.load(id).await.unwrap();
    assert_eq!(loaded.seq, 4);
    assert_eq!(loaded.move_count, 3);
    assert_eq!(loaded.updated, time(4));
    assert_eq!(loaded.owner.as_deref(), Some("lobby"));
    assert_eq!(log.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(log[1], played(2, 0, 3, Some("r1")), "events come back exactly as written");
    assert_eq!(store.head(id).await.unwrap().seq, 4);
    assert_eq!(store.events_after(id, 2, 1).await.unwrap(), vec![played(3, 1, 3, Some("r2"))]);
    assert!(store.events_after(id, 4, 10).await.unwrap().is_empty());
    assert!(matches!(store.events_after("nope", 0, 10).await, Err(StoreError::NotFound(_))));

    // Retries are found by request id.
    assert_eq!(store.find_request(id, "r2").await.unwrap(), vec![played(3, 1, 3, Some("r2"))]);
    assert!(store.find_request(id, "never").await.unwrap().is_empty());

    // Snapshots: the newest wins, and loading returns the tail after it.
    let latest = store.load_latest(id).await.unwrap();
    assert_eq!((latest.snapshot, latest.tail.len()), (None, 4));
    store.save_snapshot(id, Snapshot { seq: 3, state: vec![7, 7] }).await.unwrap();
    store.save_snapshot(id, Snapshot { seq: 2, state: vec![1] }).await.unwrap();
    let latest = store.load_latest(id).await.unwrap();
    assert_eq!(latest.snapshot, Some(Snapshot { seq: 3, state: vec![7, 7] }));
    assert_eq!(latest.tail, vec![played(4, 0, 2, None)]);

    // Archiving needs a finished game.
    assert!(matches!(store.archive(id).await, Err(StoreError::NotFinished(_))));
    assert_eq!(store.count_in_progress("lobby").await.unwrap(), 1);
    let outcome = Outcome::Win { winner: Seat::FIRST, reason: tabula::engine::EndReason::Resignation, line: vec![] };
    let resign = StoredEvent {
        seq: 5,
        time: time(5),
        kind: EventKind::Played { turn: Turn::Resign(Seat::SECOND), move_number: 3 },
        request_id: None,
    };
    let end = StoredEvent { seq: 6, time: time(5), kind: EventKind::Ended(outcome.clone()), request_id: None };
    let finished = RecordUpdate { status: GameStatus::Finished, outcome: Some(outcome.clone()), move_count: 3, updated: time(5) };
    store.append(id, 4, vec![resign, end], finished).await.unwrap();
    assert_eq!(store.count_in_progress("lobby").await.unwrap(), 0);
    assert_eq!(store.load(id).await.unwrap().0.outcome, Some(outcome));
    assert_eq!(store.archive(id).await.unwrap().status, GameStatus::Archived);

    // Seat tokens can be replaced.
    store.set_seat_token_hash(id, 1, [9; 32]).await.unwrap();
    assert_eq!(store.load(id).await.unwrap().0.seat_token_hashes, vec![[1; 32], [9; 32]]);
    assert_eq!(store.head(id).await.unwrap().seat_token_hashes, vec![[1; 32], [9; 32]]);

    // Listing: newest first, filtered, paged by id; archived games only on request.
    let ids: Vec<String> = (2..=6).map(|n| format!("0190a000-0000-7000-8000-00000000000{n}")).collect();
    for (n, other) in ids.iter().enumerate() {
        let kind = if n % 2 == 0 { GameKind::TicTacToe } else { GameKind::ConnectFour };
        store.create(record(other, kind, time(10 + n as u64)), vec![created(time(10 + n as u64))]).await.unwrap();
    }
    let list = |filter: ListFilter, after: Option<String>| {
        let store = store.clone();
        async move {
            store.list(filter, after.as_deref(), 2).await.unwrap().into_iter().map(|r| r.id).collect::<Vec<_>>()
        }
    };
    assert_eq!(list(ListFilter::default(), None).await, [ids[4].clone(), ids[3].clone()]);
    assert_eq!(list(ListFilter::default(), Some(ids[3].clone())).await, [ids[2].clone(), ids[1].clone()]);
    let tic = ListFilter { kind: Some(GameKind::TicTacToe), ..Default::default() };
    assert_eq!(list(tic, Some(ids[2].clone())).await, [ids[0].clone()]);
    let archived = ListFilter { status: Some(GameStatus::Archived), ..Default::default() };
    assert_eq!(list(archived, None).await, [id.to_owned()]);
    let everything = store.list(ListFilter::default(), None, 100).await.unwrap();
    assert!(everything.iter().all(|r| r.id != id), "archived games are left out unless asked for");
    let window = ListFilter { created_after: Some(time(11)), created_before: Some(time(13)), ..Default::default() };
    assert_eq!(list(window, None).await, [ids[2].clone(), ids[1].clone()]);

    // Export, delete, import: the game comes back identical.
    let exported = document::export(store.as_ref(), id).await.unwrap();
    let json = exported.to_json();
    store.delete(id).await.unwrap();
    assert!(matches!(store.load(id).await, Err(StoreError::NotFound(_))));
    assert!(matches!(store.delete(id).await, Err(StoreError::NotFound(_))));
    let imported = document::import(store.as_ref(), GameDocument::from_json(&json).unwrap()).await.unwrap();
    assert_eq!(imported.status, GameStatus::Archived);
    assert_eq!(document::export(store.as_ref(), id).await.unwrap(), exported);
}

#[tokio::test]
async fn memory_store_keeps_the_contract() {
    contract(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn sqlite_store_keeps_the_contract_in_a_real_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    contract(Arc::new(SqliteStore::open(&path).await.unwrap())).await;
    // Everything is in the file: a second open sees it.
    let reopened = SqliteStore::open(&path).await.unwrap();
    assert_eq!(reopened.list(ListFilter::default(), None, 100).await.unwrap().len(), 5);
}

#[tokio::test]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn postgres_store_keeps_the_contract() {
    let url = common::fresh_postgres_database().await;
    contract(Arc::new(tabula::store::PostgresStore::connect(&url).await.unwrap())).await;
}

#[tokio::test]
async fn an_older_sqlite_schema_is_migrated_with_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    // A database as the first release left it: only the first migration applied.
    let first = tabula::store::sqlite_migrator_through(1);
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&path).create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    first.run(&pool).await.unwrap();
    let config = serde_json::to_string(&GameConfig::ConnectFour(Default::default())).unwrap();
    sqlx::query(
        "INSERT INTO games (id, kind, config, seat_token_hashes, created_us, updated_us, seq, status, outcome, move_count) \
         VALUES ('old', 'connect_four', ?, ?, 0, 0, 1, 'in_progress', NULL, 0)",
    )
    .bind(config)
    .bind(vec![3u8; 64])
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO events (game_id, seq, time_us, body, request_id) VALUES ('old', 1, 0, '\"created\"', NULL)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let store = SqliteStore::open(&path).await.unwrap();
    let (record, log) = store.load("old").await.unwrap();
    assert_eq!(record.seat_token_hashes, vec![[3; 32], [3; 32]]);
    assert!(!record.private);
    assert_eq!(record.owner, None);
    assert_eq!(log.len(), 1);
    store.save_snapshot("old", Snapshot { seq: 1, state: vec![1] }).await.unwrap();
}
