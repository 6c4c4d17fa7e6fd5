//! The `Store` contract, checked against every backend: process memory, a real SQLite
//! file, and (with `TABULA_TEST_POSTGRES`, as the test command sets it) a real PostgreSQL
//! database. Also the SQLite schema migrations from earlier released schemas, and the
//! golden stored games (see `golden/mod.rs`) in every backend.

mod common;
mod golden;
mod store_ratings;
mod store_tournaments;

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tabula::engine::clock::{ClockConfig, OnTimeout, TimeControl};
use tabula::engine::{Action, Outcome, Seat, Turn};
use tabula::games::{GameConfig, GameKind};
use tabula::store::document::{self, GameDocument};
use tabula::store::{
    BotSeat, EventKind, ExpectedHead, GameRecord, GameStatus, Labels, ListFilter, MemoryStore, OwnerEventKind,
    OwnerNote, Player, PresenceLease, RecordUpdate, SaveMode, SavedConfig, SeatPresence, SeriesDraws, SeriesGame,
    SeriesLength, SeriesLink, SeriesRecord, SeriesResult, SeriesStatus, Snapshot, SpectatorDelay, SqliteStore, Store,
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
        bots: Vec::new(),
        allow_hints: false,
        clock: None,
        deadline: None,
        players: Vec::new(),
        series: None,
        seats_reissued: Vec::new(),
        labels: Labels::new(),
        rematch_of: None,
        rematch: None,
        start_at: None,
        presence: Vec::new(),
        spectator_delay: None,
        owner_moves: false,
        rating: None,
        tournament: None,
        faulted: false,
    }
}

/// What an append to a game made by [`record`] expects: its log ending at `seq`, its seat
/// token hashes as made.
fn at(seq: u64) -> ExpectedHead {
    ExpectedHead { seq, seat_token_hashes: vec![[1; 32], [2; 32]], faulted: false }
}

fn created(at: SystemTime) -> StoredEvent {
    StoredEvent { seq: 1, time: at, kind: EventKind::Created, request_id: None, request_digest: None }
}

/// What a test stores as the digest of the request with `request_id`.
fn digest_of(request_id: &str) -> String {
    format!("digest of {request_id}")
}

/// `event` as caused by the request `request_id`, its digest included.
fn caused_by(event: StoredEvent, request_id: &str) -> StoredEvent {
    StoredEvent { request_id: Some(request_id.to_owned()), request_digest: Some(digest_of(request_id)), ..event }
}

/// A move; one with a request id carries that request's digest too.
fn played(seq: u64, seat: u8, column: u32, request_id: Option<&str>) -> StoredEvent {
    StoredEvent {
        seq,
        time: time(seq),
        kind: EventKind::Played {
            turn: Turn::Move(Seat::new(seat), Action::drop(column)),
            move_number: seq as u32 - 1,
            actor: None,
            clocks: None,
            label: Some(format!("column {}", column + 1)),
        },
        request_id: request_id.map(str::to_owned),
        request_digest: request_id.map(digest_of),
    }
}

fn in_progress(move_count: u32, at: SystemTime) -> RecordUpdate {
    RecordUpdate {
        status: GameStatus::InProgress,
        outcome: None,
        move_count,
        updated: at,
        deadline: None,
        notes: vec![],
        presence: None,
    }
}

/// Every guarantee of the `Store` trait, on a fresh, empty store.
async fn contract(store: Arc<dyn Store>) {
    one_game_per_creation_request(store.clone()).await;
    a_batch_of_games_is_created_whole_or_not_at_all(store.clone()).await;
    a_game_has_at_most_one_rematch(store.clone()).await;
    bot_seats_are_kept_and_found(store.clone()).await;
    clocks_and_deadlines_are_kept_and_found(store.clone()).await;
    hint_permission_is_kept(store.as_ref()).await;
    saved_configs_are_kept_per_owner(store.as_ref()).await;
    players_are_kept_and_found(store.clone()).await;
    labels_are_kept_found_and_replaced(store.clone()).await;
    appends_racing_on_many_games_each_land_once(store.clone()).await;
    series_are_kept_and_updated_one_revision_at_a_time(store.as_ref()).await;
    owner_logs_number_entries_in_commit_order(store.clone()).await;
    presence_is_kept_with_the_record_and_held_by_leases(store.clone()).await;
    a_faulted_game_takes_only_the_appends_that_know_it(store.as_ref()).await;
    let id = "0190c000-0000-7000-8000-000000000002";
    let delay = SpectatorDelay { plies: 3, duration_ms: 60_000 };
    let delayed =
        GameRecord { spectator_delay: Some(delay), owner_moves: true, ..record(id, GameKind::ConnectFour, time(0)) };
    store.create(delayed, vec![created(time(0))], None).await.unwrap();
    let kept = store.load(id).await.unwrap().0;
    assert_eq!(
        (kept.spectator_delay, kept.owner_moves),
        (Some(delay), true),
        "a game's delay and owner moves are kept"
    );
    assert_eq!(document::export(store.as_ref(), id).await.unwrap().spectator_delay, Some(delay));
    store.delete(id).await.unwrap();
    let id = "0190a000-0000-7000-8000-000000000001";
    let creation = caused_by(created(time(0)), "r0");
    store.create(record(id, GameKind::ConnectFour, time(0)), vec![creation.clone()], None).await.unwrap();
    assert!(matches!(
        store.create(record(id, GameKind::ConnectFour, time(0)), vec![created(time(0))], None).await,
        Err(StoreError::AlreadyExists(_))
    ));

    // Appends are conditional on the log's length.
    store.append(id, at(1), vec![played(2, 0, 3, Some("r1"))], in_progress(1, time(2))).await.unwrap();
    match store.append(id, at(1), vec![played(2, 1, 4, None)], in_progress(1, time(2))).await {
        Err(StoreError::Conflict { expected: 1, current: 2 }) => {}
        other => panic!("a stale append must conflict, got {other:?}"),
    }
    assert!(matches!(store.append("nope", at(1), vec![], in_progress(0, time(0))).await, Err(StoreError::NotFound(_))));
    store
        .append(id, at(2), vec![played(3, 1, 3, Some("r2")), played(4, 0, 2, None)], in_progress(3, time(4)))
        .await
        .unwrap();

    let (loaded, log) = store.load(id).await.unwrap();
    assert_eq!(loaded.seq, 4);
    assert_eq!(loaded.move_count, 3);
    assert_eq!(loaded.updated, time(4));
    assert_eq!(loaded.owner.as_deref(), Some("lobby"));
    assert_eq!(log.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(log[0], creation, "the creation comes back with its request and digest");
    assert_eq!(log[1], played(2, 0, 3, Some("r1")), "events come back exactly as written");
    assert_eq!(log[3].request_digest, None);
    assert_eq!(store.head(id).await.unwrap().seq, 4);
    assert_eq!(store.events_after(id, 2, 1).await.unwrap(), vec![played(3, 1, 3, Some("r2"))]);
    assert!(store.events_after(id, 4, 10).await.unwrap().is_empty());
    assert!(matches!(store.events_after("nope", 0, 10).await, Err(StoreError::NotFound(_))));

    // Retries are found by request id, with the digest of the request first applied.
    assert_eq!(store.find_request(id, "r2").await.unwrap(), vec![played(3, 1, 3, Some("r2"))]);
    assert_eq!(store.find_request(id, "r0").await.unwrap(), vec![creation.clone()]);
    assert!(store.find_request(id, "never").await.unwrap().is_empty());

    // The log read back from its end.
    let newest_first: Vec<u64> = store.events_before(id, 5, 10).await.unwrap().iter().map(|e| e.seq).collect();
    assert_eq!(newest_first, vec![4, 3, 2, 1]);
    let two: Vec<u64> = store.events_before(id, 4, 2).await.unwrap().iter().map(|e| e.seq).collect();
    assert_eq!(two, vec![3, 2]);
    assert!(store.events_before(id, 1, 10).await.unwrap().is_empty());
    assert!(matches!(store.events_before("nope", 3, 10).await, Err(StoreError::NotFound(_))));

    // Snapshots: the newest wins, and loading returns the tail after it.
    let latest = store.load_latest(id).await.unwrap();
    assert_eq!((latest.snapshot, &latest.tail), (None, &log));
    assert_eq!(store.snapshot_at_or_before(id, 4).await.unwrap(), None);
    store.save_snapshot(id, Snapshot { seq: 3, state: vec![7, 7] }).await.unwrap();
    store.save_snapshot(id, Snapshot { seq: 2, state: vec![1] }).await.unwrap();
    let latest = store.load_latest(id).await.unwrap();
    assert_eq!(latest.snapshot, Some(Snapshot { seq: 3, state: vec![7, 7] }));
    assert_eq!(latest.tail, vec![played(4, 0, 2, None)]);
    assert_eq!(store.snapshot_at_or_before(id, 4).await.unwrap(), Some(Snapshot { seq: 3, state: vec![7, 7] }));
    assert_eq!(store.snapshot_at_or_before(id, 2).await.unwrap(), None, "the older one was never kept");

    // Archiving needs a finished game.
    assert!(matches!(store.archive(id).await, Err(StoreError::NotFinished(_))));
    assert_eq!(store.count_in_progress("lobby").await.unwrap(), 1);
    let outcome = Outcome::Win { winner: Seat::FIRST, reason: tabula::engine::WinReason::Resignation, line: vec![] };
    let resign = StoredEvent {
        seq: 5,
        time: time(5),
        kind: EventKind::Played {
            turn: Turn::Resign(Seat::SECOND),
            move_number: 3,
            actor: None,
            clocks: None,
            label: None,
        },
        request_id: None,
        request_digest: None,
    };
    let end = StoredEvent {
        seq: 6,
        time: time(5),
        kind: EventKind::Ended(outcome.clone()),
        request_id: None,
        request_digest: None,
    };
    let finished = RecordUpdate {
        status: GameStatus::Finished,
        outcome: Some(outcome.clone()),
        move_count: 3,
        updated: time(5),
        deadline: None,
        notes: vec![],
        presence: None,
    };
    store.append(id, at(4), vec![resign, end], finished).await.unwrap();
    assert_eq!(store.count_in_progress("lobby").await.unwrap(), 0);
    assert_eq!(store.load(id).await.unwrap().0.outcome, Some(outcome));
    assert_eq!(store.archive(id).await.unwrap().status, GameStatus::Archived);

    // Seat tokens can be replaced, and reissued with the time of it.
    store.set_seat_token_hash(id, 1, [9; 32], None).await.unwrap();
    assert_eq!(store.load(id).await.unwrap().0.seat_token_hashes, vec![[1; 32], [9; 32]]);
    assert_eq!(store.head(id).await.unwrap().seat_token_hashes, vec![[1; 32], [9; 32]]);
    assert_eq!(store.head(id).await.unwrap().seats_reissued, Vec::new(), "replaced, not reissued");
    store.set_seat_token_hash(id, 1, [8; 32], Some(time(6))).await.unwrap();
    let head = store.head(id).await.unwrap();
    assert_eq!((head.seat_token_hashes, head.seats_reissued), (vec![[1; 32], [8; 32]], vec![None, Some(time(6))]));
    assert_eq!(store.load(id).await.unwrap().0.seats_reissued, vec![None, Some(time(6))]);
    // An append made on a copy from before the reissue is refused, and writes nothing.
    let resumed = in_progress(3, time(7));
    match store
        .append(id, ExpectedHead { seq: 6, seat_token_hashes: vec![[1; 32], [9; 32]], faulted: false }, vec![], resumed)
        .await
    {
        Err(StoreError::Conflict { expected: 6, current: 6 }) => {}
        other => panic!("an append expecting replaced seat tokens must conflict, got {other:?}"),
    }
    assert_eq!(store.load(id).await.unwrap().0.status, GameStatus::Archived, "the refused append wrote nothing");

    // Listing: newest first, filtered, paged by id; archived games only on request.
    let ids: Vec<String> = (2..=6).map(|n| format!("0190a000-0000-7000-8000-00000000000{n}")).collect();
    for (n, other) in ids.iter().enumerate() {
        let kind = if n % 2 == 0 { GameKind::TicTacToe } else { GameKind::ConnectFour };
        store.create(record(other, kind, time(10 + n as u64)), vec![created(time(10 + n as u64))], None).await.unwrap();
    }
    let list = |filter: ListFilter, after: Option<String>| {
        let store = store.clone();
        async move { store.list(filter, after.as_deref(), 2).await.unwrap().into_iter().map(|r| r.id).collect::<Vec<_>>() }
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

    // Export, delete, import: the game comes back identical, request digests included.
    let exported = document::export(store.as_ref(), id).await.unwrap();
    assert_eq!(exported.events[0], creation);
    let json = exported.to_json();
    let with_digest = exported.events.iter().filter(|e| e.request_digest.is_some()).count();
    assert_eq!(json.matches("\"request_digest\"").count(), with_digest, "events without a digest do not name it");
    store.delete(id).await.unwrap();
    assert!(matches!(store.load(id).await, Err(StoreError::NotFound(_))));
    assert!(matches!(store.delete(id).await, Err(StoreError::NotFound(_))));
    let imported = document::import(store.as_ref(), GameDocument::from_json(&json).unwrap()).await.unwrap();
    assert_eq!(imported.status, GameStatus::Archived);
    assert_eq!(document::export(store.as_ref(), id).await.unwrap(), exported);

    // A document written before digests were kept still imports; its events have none.
    store.delete(id).await.unwrap();
    let older = GameDocument::from_json(&without_digests(&json)).unwrap();
    assert!(older.events.iter().all(|e| e.request_digest.is_none()));
    document::import(store.as_ref(), older).await.unwrap();
    let (_, log) = store.load(id).await.unwrap();
    assert_eq!(log[0].request_id.as_deref(), Some("r0"));
    assert!(log.iter().all(|e| e.request_digest.is_none()));
}

/// Appends to many games at once (what a store that commits them in batches groups
/// together), some of them stale: every current one lands, in its game, exactly once;
/// every stale one is refused alone, and writes nothing.
async fn appends_racing_on_many_games_each_land_once(store: Arc<dyn Store>) {
    const GAMES: u64 = 48;
    let id = |n: u64| format!("0190c100-0000-7000-8000-{n:012}");
    let connect_four = |counts: Vec<(GameKind, u64)>| {
        counts.into_iter().find(|(kind, _)| *kind == GameKind::ConnectFour).map_or(0, |(_, n)| n)
    };
    let before = connect_four(store.in_progress_by_kind().await.unwrap());
    for n in 0..GAMES {
        store.create(record(&id(n), GameKind::ConnectFour, time(n)), vec![created(time(n))], None).await.unwrap();
    }
    assert_eq!(connect_four(store.in_progress_by_kind().await.unwrap()), before + GAMES, "games in progress by kind");
    let mut racers = Vec::new();
    for round in 0..3_u64 {
        for n in 0..GAMES {
            let store = store.clone();
            // Round 0 appends seq 2 to every game; rounds 1 and 2 append to every third
            // game again from seq 1, which round 0 has moved past (or will race).
            let stale = round > 0;
            if stale && n % 3 != 0 {
                continue;
            }
            let (game, column) = (id(n), (n % 7) as u32);
            racers.push(tokio::spawn(async move {
                let result =
                    store.append(&game, at(1), vec![played(2, 0, column, None)], in_progress(1, time(2))).await;
                (n, stale, result)
            }));
        }
    }
    let mut landed = vec![0; GAMES as usize];
    for racer in racers {
        let (n, stale, result) = racer.await.unwrap();
        match result {
            Ok(()) => landed[n as usize] += 1,
            Err(StoreError::Conflict { expected: 1, current: 2 }) => assert!(stale || n % 3 == 0, "game {n}"),
            Err(other) => panic!("game {n}: {other}"),
        }
    }
    assert!(landed.iter().all(|count| *count == 1), "each game took exactly one of its racing appends: {landed:?}");
    for n in 0..GAMES {
        let (stored, log) = store.load(&id(n)).await.unwrap();
        assert_eq!((stored.seq, log.len()), (2, 2), "game {n}");
        store.delete(&id(n)).await.unwrap();
    }
}

/// An owner's log: a creation notes the game's `Created`, an append the entries its update
/// names, every entry numbered 1, 2, 3, … in commit order however many appends race, each
/// read back with its game's event and labels; other owners' logs are apart; a deleted
/// game's entries go with it.
async fn owner_logs_number_entries_in_commit_order(store: Arc<dyn Store>) {
    const RACING: u64 = 24;
    // A database kept between runs holds earlier runs' logs: this run's owner is new.
    let run = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos();
    let (owner, other) = (format!("lobby-{run}"), format!("arena-{run}"));
    let id = |n: u64| format!("0190c200-0000-7000-8000-{n:012}");
    let note = |seq: u64, kind: OwnerEventKind| OwnerNote { owner: owner.clone(), seq, kind };
    let mut first = owned(&id(0), &owner, time(0));
    first.labels = labels(&[("round", "1")]);
    store.create(first, vec![created(time(0))], None).await.unwrap();
    let pair = (1..=2).map(|n| (owned(&id(n), &owner, time(n)), vec![created(time(n))])).collect();
    store.create_many(pair, None).await.unwrap();
    store.create(owned(&id(99), &other, time(9)), vec![created(time(9))], None).await.unwrap();
    // The first game's first move starts it; its second move notes nothing.
    let started = RecordUpdate { notes: vec![note(2, OwnerEventKind::GameStarted)], ..in_progress(1, time(2)) };
    store.append(&id(0), at(1), vec![played(2, 0, 3, None)], started).await.unwrap();
    store.append(&id(0), at(2), vec![played(3, 1, 3, None)], in_progress(2, time(3))).await.unwrap();
    // Appends racing on other games of the owner, each noting two entries.
    for n in 10..10 + RACING {
        store.create(owned(&id(n), &owner, time(n)), vec![created(time(n))], None).await.unwrap();
    }
    let racers: Vec<_> = (10..10 + RACING)
        .map(|n| {
            let (store, game) = (store.clone(), id(n));
            let notes = vec![note(2, OwnerEventKind::GameStarted), note(3, OwnerEventKind::TakebackRequested)];
            let events = vec![played(2, 0, 1, None), played(3, 1, 2, None)];
            tokio::spawn(async move {
                store.append(&game, at(1), events, RecordUpdate { notes, ..in_progress(2, time(3)) }).await
            })
        })
        .collect();
    for racer in racers {
        racer.await.unwrap().unwrap();
    }

    let total = 3 + 1 + RACING + 2 * RACING;
    let page = store.owner_events_after(&owner, 0, 1_000).await.unwrap();
    assert_eq!(page.newest, total);
    let cursors: Vec<u64> = page.entries.iter().map(|entry| entry.cursor).collect();
    assert_eq!(cursors, (1..=total).collect::<Vec<_>>(), "numbered without gaps, in order");
    let head: Vec<(OwnerEventKind, String, u64)> =
        page.entries[..4].iter().map(|entry| (entry.kind, entry.game_id.clone(), entry.event.seq)).collect();
    assert_eq!(
        head,
        [
            (OwnerEventKind::GameCreated, id(0), 1),
            (OwnerEventKind::GameCreated, id(1), 1),
            (OwnerEventKind::GameCreated, id(2), 1),
            (OwnerEventKind::GameStarted, id(0), 2),
        ]
    );
    assert_eq!(page.entries[0].event.kind, EventKind::Created);
    assert_eq!(page.entries[0].labels, labels(&[("round", "1")]), "the game's labels come along");
    assert!(matches!(page.entries[3].event.kind, EventKind::Played { turn: Turn::Move(..), .. }));
    // Each racing game's two entries follow each other, started before the request.
    for pair in page.entries[4 + RACING as usize..].chunks(2) {
        assert_eq!(pair[0].game_id, pair[1].game_id, "one append's entries are consecutive");
        assert_eq!((pair[0].kind, pair[0].event.seq), (OwnerEventKind::GameStarted, 2));
        assert_eq!((pair[1].kind, pair[1].event.seq), (OwnerEventKind::TakebackRequested, 3));
    }
    // Read in stretches, from any cursor.
    let stretch = store.owner_events_after(&owner, 2, 2).await.unwrap();
    assert_eq!(stretch.entries.iter().map(|entry| entry.cursor).collect::<Vec<_>>(), [3, 4]);
    assert!(store.owner_events_after(&owner, total, 10).await.unwrap().entries.is_empty());
    // Another owner's log is its own; an owner with none has nothing.
    let others = store.owner_events_after(&other, 0, 10).await.unwrap();
    assert_eq!((others.newest, others.entries.len(), others.entries[0].game_id.clone()), (1, 1, id(99)));
    let nobody = store.owner_events_after(&format!("nobody-{run}"), 0, 10).await.unwrap();
    assert_eq!((nobody.newest, nobody.entries.len()), (0, 0));
    // A deleted game's entries go with it; the cursors stay as they were.
    store.delete(&id(1)).await.unwrap();
    let page = store.owner_events_after(&owner, 0, 3).await.unwrap();
    assert_eq!(page.entries.iter().map(|entry| entry.cursor).collect::<Vec<_>>(), [1, 3, 4]);
    assert_eq!(page.newest, total);
    for n in [0, 2, 99].into_iter().chain(10..10 + RACING) {
        store.delete(&id(n)).await.unwrap();
    }
}

/// A record's players and series link come back as written; listing by player finds the
/// games with that player in any seat, and forgets a deleted game.
async fn players_are_kept_and_found(store: Arc<dyn Store>) {
    let named = |id: &str, name: &str| Player { id: id.into(), name: name.into() };
    let first = GameRecord {
        players: vec![named("ann", "Ann"), named("bob", "")],
        series: Some(SeriesLink { series_id: "s-1".into(), number: 2 }),
        ..record("0190e000-0000-7000-8000-000000000001", GameKind::TicTacToe, time(1))
    };
    let second = GameRecord {
        players: vec![named("", ""), named("ann", "Ann")],
        ..record("0190e000-0000-7000-8000-000000000002", GameKind::TicTacToe, time(2))
    };
    let third = record("0190e000-0000-7000-8000-000000000003", GameKind::TicTacToe, time(3));
    for game in [&first, &second, &third] {
        store.create(game.clone(), vec![created(game.created)], None).await.unwrap();
    }
    assert_eq!(store.load(&first.id).await.unwrap().0, first);
    assert_eq!(store.load(&third.id).await.unwrap().0, third);
    let of = |player: &str| ListFilter { player: Some(player.into()), ..Default::default() };
    let ids = |records: Vec<GameRecord>| records.into_iter().map(|r| r.id).collect::<Vec<_>>();
    assert_eq!(ids(store.list(of("ann"), None, 10).await.unwrap()), [second.id.clone(), first.id.clone()]);
    assert_eq!(ids(store.list(of("ann"), Some(&second.id), 10).await.unwrap()), std::slice::from_ref(&first.id));
    assert_eq!(ids(store.list(of("bob"), None, 10).await.unwrap()), std::slice::from_ref(&first.id));
    assert!(store.list(of(""), None, 10).await.unwrap().is_empty(), "an unnamed seat is nobody's");
    // A game document carries them, and an import files the game under its players again.
    let exported = document::export(store.as_ref(), &first.id).await.unwrap();
    store.delete(&first.id).await.unwrap();
    assert!(store.list(of("bob"), None, 10).await.unwrap().is_empty());
    let json = exported.to_json();
    document::import(store.as_ref(), GameDocument::from_json(&json).unwrap()).await.unwrap();
    assert_eq!(store.load(&first.id).await.unwrap().0, first);
    assert_eq!(ids(store.list(of("bob"), None, 10).await.unwrap()), std::slice::from_ref(&first.id));
    store.delete(&first.id).await.unwrap();
    for game in [&second, &third] {
        store.delete(&game.id).await.unwrap();
    }
}

/// Series: kept whole, found by their creation request key, replaced only from the revision
/// before, and listed newest first by status a page at a time.
async fn series_are_kept_and_updated_one_revision_at_a_time(store: &dyn Store) {
    let series = |id: &str, at: u64| SeriesRecord {
        id: id.into(),
        owner: Some("lobby".into()),
        config: GameKind::Chess.info().default_config,
        clock: None,
        length: SeriesLength::BestOf(3),
        draws: SeriesDraws::HalfPoint,
        players: vec![Player { id: "ann".into(), name: "Ann".into() }, Player::default()],
        bots: vec![BotSeat { seat: Seat::SECOND, level: 3, move_time_ms: 0 }],
        private: true,
        allow_hints: false,
        token_hashes: [[1; 32], [2; 32]],
        games: Vec::new(),
        status: SeriesStatus::InProgress,
        winner: None,
        created: time(at),
        updated: time(at),
        revision: 0,
        request_digest: Some("digest".into()),
        labels: Labels::new(),
        tournament: Some(tabula::store::TournamentLink { tournament_id: "t".into(), round: 1, board: 2 }),
        rating_pool: Some("chess".into()),
    };
    let ids = [
        "0190f000-0000-7000-8000-000000000001",
        "0190f000-0000-7000-8000-000000000002",
        "0190f000-0000-7000-8000-000000000003",
    ];
    store.create_series(series(ids[0], 1), Some("service/lobby/s1")).await.unwrap();
    assert!(matches!(
        store.create_series(series(ids[1], 2), Some("service/lobby/s1")).await,
        Err(StoreError::CreationRequestTaken)
    ));
    assert!(matches!(store.create_series(series(ids[0], 2), None).await, Err(StoreError::AlreadyExists(_))));
    store.create_series(series(ids[1], 2), None).await.unwrap();
    store.create_series(series(ids[2], 3), None).await.unwrap();
    assert_eq!(store.find_series_creation("service/lobby/s1").await.unwrap().as_deref(), Some(ids[0]));
    assert_eq!(store.find_series_creation("service/lobby/s2").await.unwrap(), None);
    assert_eq!(store.series(ids[0]).await.unwrap(), series(ids[0], 1));
    assert!(matches!(store.series("nope").await, Err(StoreError::SeriesNotFound(_))));

    let mut moved = series(ids[0], 1);
    moved.games.push(SeriesGame { game_id: "g-1".into(), started: time(5), result: None });
    moved.revision = 1;
    store.update_series(moved.clone(), &[]).await.unwrap();
    // The step that scores a game notes it on the owner's log in the same update (each
    // note pointing at the game's end); an update that loses notes nothing.
    // (Another key's game, so that the lobby's counts below stay its own.)
    let game = GameRecord { owner: Some("league".into()), ..record("g-1", GameKind::ConnectFour, time(5)) };
    store.create(game.clone(), vec![created(time(5))], None).await.unwrap();
    let owner = tabula::store::owner_of(&game).to_owned();
    let noted_before = store.owner_events_after(&owner, 0, 100).await.unwrap().newest;
    let note = |kind| ("g-1".to_owned(), OwnerNote { owner: owner.clone(), seq: 1, kind });
    let scored = [note(OwnerEventKind::SeriesGameFinished), note(OwnerEventKind::SeriesFinished)];
    assert!(
        matches!(
            store.update_series(moved.clone(), &scored).await,
            Err(StoreError::Conflict { expected: 0, current: 1 })
        ),
        "a second update from the same revision loses"
    );
    assert_eq!(store.owner_events_after(&owner, 0, 100).await.unwrap().newest, noted_before, "and notes nothing");
    moved.games[0].result = Some(SeriesResult {
        outcome: Outcome::Draw { reason: tabula::engine::DrawReason::Agreement },
        half_points: [1, 1],
        finished: time(9),
    });
    moved.status = SeriesStatus::Finished;
    moved.winner = Some(1);
    moved.revision = 2;
    store.update_series(moved.clone(), &scored).await.unwrap();
    assert_eq!(store.series(ids[0]).await.unwrap(), moved);
    let noted = store.owner_events_after(&owner, noted_before, 100).await.unwrap();
    let kinds: Vec<_> =
        noted.entries.iter().map(|entry| (entry.kind, entry.game_id.as_str(), entry.event.seq)).collect();
    assert_eq!(
        kinds,
        [(OwnerEventKind::SeriesGameFinished, "g-1", 1), (OwnerEventKind::SeriesFinished, "g-1", 1)],
        "noted with the update, in order"
    );
    store.delete("g-1").await.unwrap();

    let listed = |status, after: Option<&'static str>| async move {
        store.list_series(status, &Labels::new(), after, 2).await.unwrap().into_iter().map(|s| s.id).collect::<Vec<_>>()
    };
    assert_eq!(listed(None, None).await, [ids[2], ids[1]]);
    assert_eq!(listed(None, Some(ids[1])).await, [ids[0]]);
    assert_eq!(listed(Some(SeriesStatus::Finished), None).await, [ids[0]]);
    assert_eq!(listed(Some(SeriesStatus::InProgress), None).await, [ids[2], ids[1]]);

    // Labels: kept in the series, found by, and replaced with an update.
    let spring = labels(&[("tournament", "spring"), ("round", "1")]);
    let labelled = "0190f000-0000-7000-8000-000000000004";
    store.create_series(SeriesRecord { labels: spring.clone(), ..series(labelled, 4) }, None).await.unwrap();
    let found = |wanted: Labels| async move {
        store.list_series(None, &wanted, None, 10).await.unwrap().into_iter().map(|s| s.id).collect::<Vec<_>>()
    };
    assert_eq!(found(labels(&[("tournament", "spring")])).await, [labelled]);
    assert_eq!(found(spring.clone()).await, [labelled]);
    assert!(found(labels(&[("tournament", "spring"), ("round", "2")])).await.is_empty());
    let mut relabelled = store.series(labelled).await.unwrap();
    assert_eq!(relabelled.labels, spring);
    relabelled.labels = labels(&[("tournament", "spring"), ("round", "2")]);
    relabelled.revision += 1;
    store.update_series(relabelled.clone(), &[]).await.unwrap();
    assert!(found(labels(&[("round", "1")])).await.is_empty(), "the old labels no longer find it");
    assert_eq!(found(labels(&[("round", "2")])).await, [labelled]);
    assert_eq!(store.series(labelled).await.unwrap().labels, relabelled.labels);
}

/// Labels from `pairs`.
fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs.iter().map(|(key, value)| ((*key).to_owned(), (*value).to_owned())).collect()
}

/// Games' labels: kept with the record and its head, found by (every label asked, with its
/// value), replaced whole, and gone with the game.
async fn labels_are_kept_found_and_replaced(store: Arc<dyn Store>) {
    let id = |n: u64| format!("0190e000-0000-7000-8000-00000000000{n}");
    let spring = labels(&[("tournament", "spring"), ("round", "1")]);
    let autumn = labels(&[("tournament", "autumn"), ("round", "1")]);
    for (n, labels) in [(1, spring.clone()), (2, autumn.clone()), (3, Labels::new())] {
        let game = GameRecord { labels, ..record(&id(n), GameKind::ConnectFour, time(n)) };
        store.create(game, vec![created(time(n))], None).await.unwrap();
    }
    assert_eq!(store.load(&id(1)).await.unwrap().0.labels, spring);
    assert_eq!(store.head(&id(2)).await.unwrap().labels, autumn);
    let found = |wanted: Labels| {
        let store = store.clone();
        async move {
            let filter = ListFilter { labels: wanted, ..Default::default() };
            let found: Vec<String> = store.list(filter, None, 10).await.unwrap().into_iter().map(|r| r.id).collect();
            found.into_iter().filter(|found| found.starts_with("0190e000")).collect::<Vec<_>>()
        }
    };
    assert_eq!(found(labels(&[("round", "1")])).await, [id(2), id(1)]);
    assert_eq!(found(labels(&[("tournament", "spring")])).await, [id(1)]);
    assert_eq!(found(spring.clone()).await, [id(1)]);
    assert!(found(labels(&[("tournament", "spring"), ("round", "2")])).await.is_empty());
    assert_eq!(found(Labels::new()).await, [id(3), id(2), id(1)]);

    store.set_labels(&id(1), labels(&[("tournament", "spring"), ("round", "2")])).await.unwrap();
    assert!(found(labels(&[("tournament", "spring"), ("round", "1")])).await.is_empty(), "replaced, not added to");
    assert_eq!(found(labels(&[("round", "2")])).await, [id(1)]);
    assert_eq!(store.head(&id(1)).await.unwrap().labels, labels(&[("tournament", "spring"), ("round", "2")]));
    store.set_labels(&id(2), Labels::new()).await.unwrap();
    assert_eq!(found(labels(&[("round", "1")])).await, Vec::<String>::new());
    assert!(matches!(store.set_labels("nope", spring.clone()).await, Err(StoreError::NotFound(_))));
    for n in 1..=3 {
        store.delete(&id(n)).await.unwrap();
    }
    assert!(found(labels(&[("round", "2")])).await.is_empty(), "a deleted game's labels go with it");
}

/// Saved configurations: kept per owner by name, listed in name order a page at a time, a
/// name taken or missing refused, the owner's count capped, a replacement keeping the
/// creation time, a deletion gone for good.
async fn saved_configs_are_kept_per_owner(store: &dyn Store) {
    let saved = |owner: &str, name: &str, at: u64| SavedConfig {
        owner: owner.into(),
        name: name.into(),
        description: format!("{name} for {owner}"),
        config: GameKind::Gomoku.info().default_config,
        clock: None,
        created: time(at),
        updated: time(at),
    };
    let create = SaveMode::Create { max_per_owner: 3 };
    for name in ["b", "a", "c"] {
        store.save_config(saved("lobby", name, 1), create).await.unwrap();
    }
    store.save_config(saved("", "a", 1), create).await.unwrap();
    assert!(matches!(store.save_config(saved("lobby", "a", 2), create).await, Err(StoreError::SavedConfigExists(_))));
    assert!(matches!(
        store.save_config(saved("lobby", "d", 2), create).await,
        Err(StoreError::TooManySavedConfigs { limit: 3, .. })
    ));
    let names = |list: Vec<SavedConfig>| list.into_iter().map(|s| s.name).collect::<Vec<_>>();
    assert_eq!(names(store.list_saved_configs("lobby", None, 2).await.unwrap()), ["a", "b"]);
    assert_eq!(names(store.list_saved_configs("lobby", Some("b"), 2).await.unwrap()), ["c"]);
    assert_eq!(names(store.list_saved_configs("", None, 10).await.unwrap()), ["a"], "owners do not share names");

    let clocked = SavedConfig {
        config: GameKind::Chess.info().default_config,
        clock: Some(ClockConfig {
            controls: vec![TimeControl::Fischer { base: 60_000, increment: 1_000 }],
            on_timeout: OnTimeout::Lose,
            first_move: Some(30_000),
        }),
        description: "blitz".into(),
        ..saved("lobby", "a", 5)
    };
    let replaced = store.save_config(clocked.clone(), SaveMode::Replace).await.unwrap();
    assert_eq!(replaced.created, time(1), "a replacement keeps the creation time");
    assert_eq!(store.saved_config("lobby", "a").await.unwrap(), SavedConfig { created: time(1), ..clocked });
    assert!(matches!(
        store.save_config(saved("lobby", "zz", 5), SaveMode::Replace).await,
        Err(StoreError::SavedConfigNotFound(_))
    ));
    store.delete_saved_config("lobby", "a").await.unwrap();
    assert!(matches!(store.saved_config("lobby", "a").await, Err(StoreError::SavedConfigNotFound(_))));
    assert!(matches!(store.delete_saved_config("lobby", "a").await, Err(StoreError::SavedConfigNotFound(_))));
    store.save_config(saved("lobby", "d", 6), create).await.unwrap();
}

/// Creation request ids name one game: found by [`Store::find_creation`], refused on a
/// second creation (however many race), and only creation events are bound by them.
/// Rematches: made only of a finished game, at most one a game (refused naming the one
/// there is, storing nothing), the two records linked both ways.
async fn a_game_has_at_most_one_rematch(store: Arc<dyn Store>) {
    let id = |n: u64| format!("0190b000-0000-7000-8000-{n:012}");
    let game = |n: u64| record(&id(n), GameKind::ConnectFour, time(n));
    store.create(game(1), vec![created(time(1))], None).await.unwrap();
    let rematch = |n: u64| GameRecord { rematch_of: Some(id(1)), ..game(n) };
    assert!(matches!(
        store.create_rematch(&id(1), rematch(2), vec![created(time(2))], None).await,
        Err(StoreError::NotFinished(_))
    ));
    assert!(matches!(store.load(&id(2)).await, Err(StoreError::NotFound(_))), "a refused rematch stored nothing");
    let finished = RecordUpdate {
        status: GameStatus::Finished,
        outcome: Some(Outcome::NoResult { reason: tabula::engine::NoResultReason::Aborted }),
        move_count: 0,
        updated: time(2),
        deadline: None,
        notes: vec![],
        presence: None,
    };
    store.append(&id(1), at(1), vec![], finished).await.unwrap();
    store.create_rematch(&id(1), rematch(2), vec![created(time(2))], None).await.unwrap();
    assert_eq!(store.load(&id(1)).await.unwrap().0.rematch, Some(id(2)));
    assert_eq!(store.head(&id(1)).await.unwrap().rematch, Some(id(2)));
    assert_eq!(store.load(&id(2)).await.unwrap().0.rematch_of, Some(id(1)));
    match store.create_rematch(&id(1), rematch(3), vec![created(time(3))], None).await {
        Err(StoreError::RematchExists { of, rematch }) => assert_eq!((of, rematch), (id(1), id(2))),
        other => panic!("a second rematch must be refused, got {other:?}"),
    }
    assert!(matches!(store.load(&id(3)).await, Err(StoreError::NotFound(_))));
    assert!(matches!(
        store.create_rematch("nope", rematch(4), vec![created(time(4))], None).await,
        Err(StoreError::NotFound(_))
    ));
    for n in [1, 2] {
        store.delete(&id(n)).await.unwrap();
    }
}

/// What the log last said of each seat's presence moves on with the append that says it
/// (and stays with an append that says nothing of it); each process's lease holds a seat
/// until it runs out, a stream's is renewed and a call's only grows, and the seats whose
/// leases all ran out are found, then forgotten.
async fn presence_is_kept_with_the_record_and_held_by_leases(store: Arc<dyn Store>) {
    let id = "0190c000-0000-7000-8000-000000000001";
    store.create(record(id, GameKind::ConnectFour, time(0)), vec![created(time(0))], None).await.unwrap();
    assert!(store.load(id).await.unwrap().0.presence.is_empty());
    let came = StoredEvent {
        seq: 2,
        time: time(2),
        kind: EventKind::Presence { seat: Seat::SECOND, present: true },
        request_id: None,
        request_digest: None,
    };
    let said = vec![SeatPresence::default(), SeatPresence { present: true, since: Some(time(2)), changes: 1 }];
    let update = RecordUpdate { presence: Some(said.clone()), ..in_progress(0, time(2)) };
    store.append(id, at(1), vec![came.clone()], update).await.unwrap();
    store.append(id, at(2), vec![played(3, 0, 3, None)], in_progress(1, time(3))).await.unwrap();
    let (kept, log) = store.load(id).await.unwrap();
    assert_eq!((kept.presence, &log[1]), (said.clone(), &came));
    assert_eq!(store.load_latest(id).await.unwrap().record.presence, said);

    let lease = |seat: usize, holder: &str, streaming: Option<bool>, until: u64| PresenceLease {
        game_id: id.to_owned(),
        seat,
        holder: holder.to_owned(),
        streaming,
        until: time(until),
    };
    assert_eq!(store.presence_until(id, 1).await.unwrap(), None);
    // Several at once, in one step, applied in order.
    let batch = [lease(1, "a", Some(true), 10), lease(1, "b", None, 30), lease(1, "b", None, 20)];
    store.hold_presence(&batch).await.unwrap();
    store.hold_presence(&[lease(0, "b", None, 15)]).await.unwrap();
    assert_eq!(store.presence_until(id, 1).await.unwrap(), Some(time(30)), "a call's lease only grows");
    // Renewed: a's stream, not b's calls.
    store.renew_presence("a", time(40)).await.unwrap();
    store.renew_presence("b", time(90)).await.unwrap();
    assert_eq!(store.presence_until(id, 1).await.unwrap(), Some(time(40)));
    assert_eq!(store.presence_until(id, 0).await.unwrap(), Some(time(15)));
    assert_eq!(store.presence_lapsed(time(20), 10).await.unwrap(), [(id.to_owned(), 0)]);
    // a's last stream closed: its lease runs the window, then only ends.
    store.hold_presence(&[lease(1, "a", Some(false), 45)]).await.unwrap();
    store.renew_presence("a", time(99)).await.unwrap();
    assert_eq!(store.presence_until(id, 1).await.unwrap(), Some(time(45)));
    let mut lapsed = store.presence_lapsed(time(50), 10).await.unwrap();
    lapsed.sort();
    assert_eq!(lapsed, [(id.to_owned(), 0), (id.to_owned(), 1)]);
    assert!(store.presence_lapsed(time(50), 1).await.unwrap().len() == 1, "at most the limit");
    // Forgotten only where they ran out: a lease written meanwhile stays.
    store.hold_presence(&[lease(0, "c", None, 70)]).await.unwrap();
    store.forget_presence(id, 0, time(50)).await.unwrap();
    store.forget_presence(id, 1, time(50)).await.unwrap();
    assert_eq!(store.presence_until(id, 0).await.unwrap(), Some(time(70)));
    assert_eq!(store.presence_until(id, 1).await.unwrap(), None);
    assert!(store.presence_lapsed(time(60), 10).await.unwrap().is_empty());
    // A deleted game's leases go with it.
    store.delete(id).await.unwrap();
    assert!(store.presence_lapsed(time(100), 10).await.unwrap().is_empty());
    assert_eq!(store.presence_until(id, 0).await.unwrap(), None);
}

/// Several games created at once: all of them or none, whatever refuses one (an id taken,
/// a creation request taken, within the batch or before it, the owner's cap).
async fn a_batch_of_games_is_created_whole_or_not_at_all(store: Arc<dyn Store>) {
    let id = |n: u64| format!("0190d000-0000-7000-8000-{n:012}");
    let owned = |n: u64| {
        (
            GameRecord { owner: Some("batcher".into()), ..record(&id(n), GameKind::TicTacToe, time(n)) },
            vec![caused_by(created(time(n)), &format!("batch/service/batcher/b/{n}"))],
        )
    };
    let gone = |store: Arc<dyn Store>, ns: std::ops::Range<u64>| async move {
        for n in ns {
            assert!(
                matches!(store.load(&id(n)).await, Err(StoreError::NotFound(_))),
                "game {n} of a refused batch was stored"
            );
        }
    };
    store.create_many((0..3).map(owned).collect(), Some(3)).await.unwrap();
    assert_eq!(store.count_in_progress("batcher").await.unwrap(), 3);
    // An id taken, first or last: none of the batch stored.
    let taken_last = vec![owned(10), owned(11), owned(2)];
    assert!(matches!(store.create_many(taken_last, None).await, Err(StoreError::AlreadyExists(_))));
    gone(store.clone(), 10..12).await;
    // A creation request taken by an earlier game, or twice within the batch.
    let (mut again, mut twice) = (owned(12), owned(14));
    again.1 = vec![caused_by(created(time(12)), "batch/service/batcher/b/0")];
    twice.1 = vec![caused_by(created(time(14)), "batch/service/batcher/b/13")];
    assert!(matches!(store.create_many(vec![again], None).await, Err(StoreError::CreationRequestTaken)));
    assert!(matches!(store.create_many(vec![owned(13), twice], None).await, Err(StoreError::CreationRequestTaken)));
    gone(store.clone(), 12..15).await;
    // The cap counts the whole batch: 3 in progress and 2 more do not fit under 4.
    match store.create_many(vec![owned(20), owned(21)], Some(4)).await {
        Err(StoreError::TooManyGames { limit: 4, .. }) => {}
        other => panic!("a batch beyond the cap must be refused, got {other:?}"),
    }
    gone(store.clone(), 20..22).await;
    store.create_many(vec![owned(20)], Some(4)).await.unwrap();
    for n in [0, 1, 2, 20] {
        store.delete(&id(n)).await.unwrap();
    }
}

async fn one_game_per_creation_request(store: Arc<dyn Store>) {
    let key = "service/lobby/create-1";
    let id = |n: u64| format!("0190c000-0000-7000-8000-{n:012}");
    let racers: Vec<_> = (0..RACERS)
        .map(|n| {
            let store = store.clone();
            let game = record(&id(n), GameKind::TicTacToe, time(n));
            tokio::spawn(async move { store.create(game, vec![caused_by(created(time(n)), key)], None).await })
        })
        .collect();
    let mut winners = Vec::new();
    for (n, racer) in (0..RACERS).zip(racers) {
        match racer.await.unwrap() {
            Ok(()) => winners.push(id(n)),
            Err(StoreError::CreationRequestTaken) => {
                assert!(
                    matches!(store.load(&id(n)).await, Err(StoreError::NotFound(_))),
                    "a refused creation left a game"
                );
            }
            other => panic!("a racing creation must succeed or find its request taken, got {other:?}"),
        }
    }
    assert_eq!(winners.len(), 1, "one game per creation request id");
    assert_eq!(store.find_creation(key).await.unwrap(), Some(winners[0].clone()));
    assert_eq!(store.find_creation("service/lobby/create-2").await.unwrap(), None);
    let creation = store.find_request(&winners[0], key).await.unwrap();
    assert_eq!(
        creation.iter().map(|e| (e.seq, e.request_digest.clone())).collect::<Vec<_>>(),
        [(1, Some(digest_of(key)))]
    );
    // A later event of another game may carry the same id: only creations are unique.
    let other = id(RACERS);
    store.create(record(&other, GameKind::ConnectFour, time(0)), vec![created(time(0))], None).await.unwrap();
    store.append(&other, at(1), vec![played(2, 0, 3, Some(key))], in_progress(1, time(2))).await.unwrap();
    assert_eq!(store.find_creation(key).await.unwrap(), Some(winners[0].clone()));
    for game in [&winners[0], &other] {
        store.delete(game).await.unwrap();
    }
    assert_eq!(store.find_creation(key).await.unwrap(), None, "a deleted game's creation is gone with it");
}

/// Whether a game allows hints comes back as written.
async fn hint_permission_is_kept(store: &dyn Store) {
    for (n, allow_hints) in [(3, true), (4, false)] {
        let id = format!("0190d000-0000-7000-8000-00000000000{n}");
        let game = GameRecord { allow_hints, ..record(&id, GameKind::Chess, time(n)) };
        store.create(game.clone(), vec![created(game.created)], None).await.unwrap();
        assert_eq!(store.load(&id).await.unwrap().0.allow_hints, allow_hints);
        store.delete(&id).await.unwrap();
    }
}

/// A record's bot seats come back as written, and a sweep finds exactly the games with bots
/// that are still in progress.
async fn bot_seats_are_kept_and_found(store: Arc<dyn Store>) {
    let bots = vec![BotSeat { seat: Seat::SECOND, level: 2, move_time_ms: 750 }];
    let with = GameRecord {
        bots: bots.clone(),
        ..record("0190d000-0000-7000-8000-000000000001", GameKind::TicTacToe, time(1))
    };
    let without = record("0190d000-0000-7000-8000-000000000002", GameKind::TicTacToe, time(2));
    for game in [&with, &without] {
        store.create(game.clone(), vec![created(game.created)], None).await.unwrap();
    }
    assert_eq!(store.load(&with.id).await.unwrap().0.bots, bots);
    assert!(store.load(&without.id).await.unwrap().0.bots.is_empty());
    let sweep = ListFilter { status: Some(GameStatus::InProgress), with_bots: true, ..Default::default() };
    let found: Vec<String> = store.list(sweep.clone(), None, 10).await.unwrap().into_iter().map(|r| r.id).collect();
    assert_eq!(found, std::slice::from_ref(&with.id));
    finish(store.as_ref(), &with.id).await;
    assert!(store.list(sweep, None, 10).await.unwrap().is_empty(), "a finished game has no bot to move");
    for game in [&with, &without] {
        store.delete(&game.id).await.unwrap();
    }
}

/// A record's time control and deadline come back as written; each append moves the
/// deadline on; the timekeepers' query finds the games whose deadline comes before a time,
/// soonest first, and none once a game is over.
async fn clocks_and_deadlines_are_kept_and_found(store: Arc<dyn Store>) {
    let clock = ClockConfig {
        controls: vec![TimeControl::PerMove { per_move: 30_000 }; 2],
        on_timeout: OnTimeout::Lose,
        first_move: Some(20_000),
    };
    let ids = ["0190e000-0000-7000-8000-000000000001", "0190e000-0000-7000-8000-000000000002"];
    let deadlines = [time(50), time(40)];
    for (id, deadline) in ids.iter().zip(deadlines) {
        let game = GameRecord {
            clock: Some(clock.clone()),
            deadline: Some(deadline),
            // Scheduled to start at 30 s: kept as given.
            start_at: Some(time(30)),
            ..record(id, GameKind::ConnectFour, time(1))
        };
        store.create(game, vec![created(time(1))], None).await.unwrap();
    }
    let untimed = record("0190e000-0000-7000-8000-000000000003", GameKind::ConnectFour, time(1));
    store.create(untimed.clone(), vec![created(time(1))], None).await.unwrap();
    let (kept, _) = store.load(ids[0]).await.unwrap();
    assert_eq!((kept.clock.as_ref(), kept.deadline, kept.start_at), (Some(&clock), Some(time(50)), Some(time(30))));
    let untimed_kept = store.load(&untimed.id).await.unwrap().0;
    assert_eq!((untimed_kept.clock, untimed_kept.start_at), (None, None));
    let found = store.deadlines_before(time(60), 10).await.unwrap();
    assert_eq!(found, vec![(ids[1].to_owned(), time(40)), (ids[0].to_owned(), time(50))], "soonest first");
    assert_eq!(store.deadlines_before(time(45), 10).await.unwrap(), vec![(ids[1].to_owned(), time(40))]);
    assert_eq!(store.deadlines_before(time(60), 1).await.unwrap().len(), 1, "the limit holds");

    // A move moves the deadline on; the end clears it.
    let update = RecordUpdate { deadline: Some(time(70)), ..in_progress(1, time(2)) };
    store.append(ids[1], at(1), vec![played(2, 0, 3, None)], update).await.unwrap();
    assert_eq!(store.deadlines_before(time(60), 10).await.unwrap(), vec![(ids[0].to_owned(), time(50))]);
    assert_eq!(store.load(ids[1]).await.unwrap().0.deadline, Some(time(70)));
    finish(store.as_ref(), ids[0]).await;
    assert!(store.deadlines_before(time(60), 10).await.unwrap().is_empty(), "a finished game has no deadline");
    for id in ids.iter().copied().chain([untimed.id.as_str()]) {
        store.delete(id).await.unwrap();
    }
}

/// A game marked faulted keeps the mark (in its record and its head) and loses its
/// deadline; an append from a writer that does not know of the mark is refused and writes
/// nothing, one that does is taken; marking it again changes nothing, and an unknown game
/// cannot be marked.
async fn a_faulted_game_takes_only_the_appends_that_know_it(store: &dyn Store) {
    let clock = ClockConfig {
        controls: vec![TimeControl::PerMove { per_move: 30_000 }; 2],
        on_timeout: OnTimeout::Lose,
        first_move: None,
    };
    let id = "0190f000-0000-7000-8000-000000000001";
    let game =
        GameRecord { clock: Some(clock), deadline: Some(time(50)), ..record(id, GameKind::ConnectFour, time(1)) };
    store.create(game, vec![created(time(1))], None).await.unwrap();
    store.append(id, at(1), vec![played(2, 0, 3, None)], in_progress(1, time(2))).await.unwrap();
    let (kept, _) = store.load(id).await.unwrap();
    assert!(!kept.faulted && !store.head(id).await.unwrap().faulted, "no game is made faulted");
    let aborted = Outcome::NoResult { reason: tabula::engine::NoResultReason::Aborted };
    let ended = StoredEvent {
        seq: 3,
        time: time(3),
        kind: EventKind::Ended(aborted.clone()),
        request_id: None,
        request_digest: None,
    };
    let end =
        || RecordUpdate { status: GameStatus::Finished, outcome: Some(aborted.clone()), ..in_progress(1, time(3)) };

    store.mark_faulted(id).await.unwrap();
    let (kept, log) = store.load(id).await.unwrap();
    assert!(kept.faulted && store.head(id).await.unwrap().faulted, "the mark is in the record and its head");
    assert_eq!((kept.deadline, kept.seq, log.len()), (None, 2, 2), "the deadline is gone, the log as it was");
    assert!(!store.deadlines_before(time(1_000), 100).await.unwrap().iter().any(|(due, _)| due == id));

    let unaware = store.append(id, at(2), vec![ended.clone()], end()).await;
    assert!(matches!(unaware, Err(StoreError::Conflict { expected: 2, current: 2 })), "{unaware:?}");
    assert_eq!(store.load(id).await.unwrap().1.len(), 2, "a refused append writes nothing");
    store.append(id, ExpectedHead { faulted: true, ..at(2) }, vec![ended], end()).await.unwrap();
    let (kept, log) = store.load(id).await.unwrap();
    assert_eq!(
        (kept.status, kept.faulted, log.len()),
        (GameStatus::Finished, true, 3),
        "ended outside its rules, still faulted"
    );

    store.mark_faulted(id).await.unwrap();
    assert!(store.load(id).await.unwrap().0.faulted, "marked twice, still faulted");
    assert!(matches!(store.mark_faulted("no-such-game").await, Err(StoreError::NotFound(_))));
    store.delete(id).await.unwrap();
}

/// The document `json` as a release that kept no request digests wrote it.
fn without_digests(json: &str) -> String {
    let mut document: serde_json::Value = serde_json::from_str(json).unwrap();
    for event in document["events"].as_array_mut().unwrap() {
        event.as_object_mut().unwrap().remove("request_digest");
    }
    document.to_string()
}

/// Creations racing for one owner's places.
const RACERS: u64 = 40;
/// The owner's cap on games in progress.
const CAP: u64 = 5;

/// `owner`'s game `id`, created at `at`.
fn owned(id: &str, owner: &str, at: SystemTime) -> GameRecord {
    GameRecord { owner: Some(owner.to_owned()), ..record(id, GameKind::ConnectFour, at) }
}

/// Ends the freshly created game `id` (its log is just the creation) by resignation.
async fn finish(store: &dyn Store, id: &str) {
    let outcome = Outcome::Win { winner: Seat::FIRST, reason: tabula::engine::WinReason::Resignation, line: vec![] };
    let events = vec![
        StoredEvent {
            seq: 2,
            time: time(100),
            kind: EventKind::Played {
                turn: Turn::Resign(Seat::SECOND),
                move_number: 0,
                actor: None,
                clocks: None,
                label: None,
            },
            request_id: None,
            request_digest: None,
        },
        StoredEvent {
            seq: 3,
            time: time(100),
            kind: EventKind::Ended(outcome.clone()),
            request_id: None,
            request_digest: None,
        },
    ];
    let update = RecordUpdate {
        status: GameStatus::Finished,
        outcome: Some(outcome),
        move_count: 0,
        updated: time(100),
        deadline: None,
        notes: vec![],
        presence: None,
    };
    store.append(id, at(1), events, update).await.unwrap();
}

/// [`RACERS`] creations for one owner capped at [`CAP`], all at once: exactly [`CAP`] are
/// created and the rest refused, other owners are unaffected, and finishing a game frees
/// exactly one place. `round` keeps each run's owners and ids apart.
async fn cap_holds_under_racing_creations(store: Arc<dyn Store>, round: u64) {
    let owner = format!("racer-{round}");
    let id = |n: u64| format!("0190b000-0000-7000-8000-{round:04}{n:08}");
    let racers: Vec<_> = (0..RACERS)
        .map(|n| {
            let (store, game) = (store.clone(), owned(&id(n), &owner, time(n)));
            tokio::spawn(async move { store.create(game, vec![created(time(n))], Some(CAP)).await })
        })
        .collect();
    let mut winners = Vec::new();
    for (n, racer) in (0..RACERS).zip(racers) {
        match racer.await.unwrap() {
            Ok(()) => winners.push(id(n)),
            Err(StoreError::TooManyGames { owner: refused, limit: CAP }) if refused == owner => {}
            other => panic!("a racing creation must succeed or meet the cap, got {other:?}"),
        }
    }
    assert_eq!(winners.len() as u64, CAP, "exactly the cap's worth of creations win");
    assert_eq!(store.count_in_progress(&owner).await.unwrap(), CAP);

    let other = format!("bystander-{round}");
    store.create(owned(&id(RACERS), &other, time(0)), vec![created(time(0))], Some(CAP)).await.unwrap();

    finish(store.as_ref(), &winners[0]).await;
    let again = |n: u64| store.create(owned(&id(n), &owner, time(n)), vec![created(time(n))], Some(CAP));
    again(RACERS + 1).await.unwrap();
    assert!(matches!(again(RACERS + 2).await, Err(StoreError::TooManyGames { .. })), "one finish frees one place");
    assert_eq!(store.count_in_progress(&owner).await.unwrap(), CAP);
}

/// The cap check, three times over on one store.
async fn cap_holds(store: Arc<dyn Store>) {
    for round in 0..3 {
        cap_holds_under_racing_creations(store.clone(), round).await;
    }
}

/// The ratings part of the contract, on a fresh, empty store.
async fn ratings_contract(store: Arc<dyn Store>) {
    let id = |n: u32| format!("0190c000-0000-7000-8000-{n:012}");
    let chess = |n: u32| record(&id(n), GameKind::Chess, time(u64::from(n)));
    let rated = store_ratings::rated(chess(1), "chess", "ann", "bob");
    let running = store_ratings::rated(chess(3), "chess", "ann", "bob");
    for game in [rated, chess(2), running] {
        store.create(game, vec![created(time(0))], None).await.unwrap();
    }
    finish(store.as_ref(), &id(1)).await;
    finish(store.as_ref(), &id(2)).await;
    store_ratings::ratings_are_written_once_per_game(store.clone(), &id(1), &id(2), &id(3), time(200)).await;

    let board: Vec<String> = (10..15).map(id).collect();
    for n in 0..board.len() {
        let record = GameRecord { owner: Some("board".into()), ..chess(10 + n as u32) };
        let rated = store_ratings::rated(record, "go", &format!("p{}", n * 2), &format!("p{}", n * 2 + 1));
        store.create(rated, vec![created(time(0))], None).await.unwrap();
    }
    store_ratings::leaderboards_page_in_rating_order(store, &board, time(300)).await;
}

/// A game's place in a tournament is kept with it.
async fn tournament_links_are_kept(store: &dyn Store) {
    let id = "0190d000-0000-7000-8000-000000000001";
    let link = tabula::store::TournamentLink { tournament_id: "t".into(), round: 2, board: 3 };
    let game = GameRecord { tournament: Some(link.clone()), ..record(id, GameKind::TicTacToe, time(0)) };
    store.create(game, vec![created(time(0))], None).await.unwrap();
    assert_eq!(store.load(id).await.unwrap().0.tournament, Some(link));
}

/// The tournaments part of the contract, on a fresh, empty store.
async fn tournaments_contract(store: Arc<dyn Store>) {
    let id = |n: u32| format!("0190e000-0000-7000-8000-{n:012}");
    store_tournaments::tournaments_are_kept_and_updated_one_revision_at_a_time(store.clone(), id, time(5)).await;
    tournament_links_are_kept(store.as_ref()).await;
}

#[tokio::test]
async fn memory_store_keeps_the_tournaments_contract() {
    tournaments_contract(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn sqlite_store_keeps_the_tournaments_contract_in_a_real_file() {
    let dir = tempfile::tempdir().unwrap();
    tournaments_contract(Arc::new(SqliteStore::open(&dir.path().join("games.db")).await.unwrap())).await;
}

#[tokio::test]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn postgres_store_keeps_the_tournaments_contract() {
    let url = common::fresh_postgres_database().await;
    tournaments_contract(Arc::new(tabula::store::PostgresStore::connect(&url).await.unwrap())).await;
}

#[tokio::test]
async fn memory_store_keeps_the_ratings_contract() {
    ratings_contract(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn sqlite_store_keeps_the_ratings_contract_in_a_real_file() {
    let dir = tempfile::tempdir().unwrap();
    ratings_contract(Arc::new(SqliteStore::open(&dir.path().join("games.db")).await.unwrap())).await;
}

#[tokio::test]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn postgres_store_keeps_the_ratings_contract() {
    let url = common::fresh_postgres_database().await;
    ratings_contract(Arc::new(tabula::store::PostgresStore::connect(&url).await.unwrap())).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn memory_store_caps_games_in_progress_under_racing_creations() {
    cap_holds(Arc::new(MemoryStore::new())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_store_caps_games_in_progress_under_racing_creations() {
    let dir = tempfile::tempdir().unwrap();
    cap_holds(Arc::new(SqliteStore::open(&dir.path().join("games.db")).await.unwrap())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn postgres_store_caps_games_in_progress_under_racing_creations() {
    let url = common::fresh_postgres_database().await;
    cap_holds(Arc::new(tabula::store::PostgresStore::connect(&url).await.unwrap())).await;
}

#[tokio::test]
async fn older_sqlite_schemas_are_migrated_with_their_games() {
    // Databases as earlier releases left them: the first schema, and the one before
    // request digests.
    for version in [1, 2] {
        older_sqlite_schema_is_migrated(version).await;
    }
}

/// Games stored before hints were a setting keep what they had: peg solitaire offered
/// hints, nothing else did.
#[tokio::test]
async fn games_from_before_hint_settings_keep_their_hints() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&path).create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    tabula::store::sqlite_migrator_through(5).run(&pool).await.unwrap();
    for (id, config) in
        [("pegs", GameConfig::PegSolitaire(Default::default())), ("four", GameConfig::ConnectFour(Default::default()))]
    {
        sqlx::query(
            "INSERT INTO games (id, kind, config, seat_token_hashes, created_us, updated_us, seq, status, outcome, move_count) \
             VALUES (?, ?, ?, ?, 0, 0, 1, 'in_progress', NULL, 0)",
        )
        .bind(id)
        .bind(config.kind().name())
        .bind(serde_json::to_string(&config).unwrap())
        .bind(vec![3u8; 32 * config.kind().seat_count()])
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
    let store = SqliteStore::open(&path).await.unwrap();
    assert!(store.load("pegs").await.unwrap().0.allow_hints);
    assert!(!store.load("four").await.unwrap().0.allow_hints);
}

/// A database with only the migrations up to `version` applied, holding one game, opens
/// with the current schema and keeps the game; its old event has no request digest.
async fn older_sqlite_schema_is_migrated(version: i64) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let older = tabula::store::sqlite_migrator_through(version);
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&path).create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    older.run(&pool).await.unwrap();
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
    sqlx::query(
        "INSERT INTO events (game_id, seq, time_us, body, request_id) VALUES ('old', 1, 0, '\"created\"', 'c')",
    )
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
    assert_eq!((log[0].request_id.as_deref(), &log[0].request_digest), (Some("c"), &None));
    store.save_snapshot("old", Snapshot { seq: 1, state: vec![1] }).await.unwrap();
    store
        .append(
            "old",
            ExpectedHead { seq: 1, seat_token_hashes: vec![[3; 32], [3; 32]], faulted: false },
            vec![played(2, 0, 3, Some("r"))],
            in_progress(1, time(2)),
        )
        .await
        .unwrap();
    assert_eq!(store.find_request("old", "r").await.unwrap(), vec![played(2, 0, 3, Some("r"))]);
    assert_eq!(store.find_request("old", "c").await.unwrap()[0].request_digest, None);
}

#[tokio::test]
async fn memory_store_replays_the_golden_games() {
    golden::check_store(&MemoryStore::new()).await;
}

#[tokio::test]
async fn sqlite_store_replays_the_golden_games_from_a_real_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("golden.db");
    golden::check_store(&SqliteStore::open(&path).await.unwrap()).await;
    // Everything is in the file: a second open gives every game back.
    golden::check_exports(&SqliteStore::open(&path).await.unwrap()).await;
}

#[tokio::test]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn postgres_store_replays_the_golden_games() {
    let url = common::fresh_postgres_database().await;
    golden::check_store(&tabula::store::PostgresStore::connect(&url).await.unwrap()).await;
}

#[test]
fn golden_games_exist_for_every_kind_and_use_every_stored_arm() {
    golden::check_coverage();
}

/// Checks that the scripts in `golden/scripts.rs` make the committed golden games, or with
/// `TABULA_WRITE_GOLDEN=1` adds the games of new scripts; see `golden/mod.rs`.
#[test]
#[ignore = "checks the golden files against their scripts; TABULA_WRITE_GOLDEN=1 adds new games"]
fn golden_generator() {
    golden::generator::generate_or_check();
}

/// Two stores on one PostgreSQL database (two replicas) whose batches append to the same
/// games in opposite orders: the first takes games 1, 2, 3 in that order while game 2 is
/// held by a third party, the second takes games 3 and 1 meanwhile. Locking rows in the
/// batch's order, each would hold a row the other waits for (a deadlock, which PostgreSQL
/// breaks by failing one batch); locking them in the order of their ids, the second waits
/// for the first, and every append is either taken or refused as stale.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn postgres_batches_of_two_replicas_racing_on_the_same_games_never_deadlock() {
    use sqlx::Connection;
    let url = common::fresh_postgres_database().await;
    let replicas: Vec<Arc<dyn Store>> = vec![
        Arc::new(tabula::store::PostgresStore::connect(&url).await.unwrap()),
        Arc::new(tabula::store::PostgresStore::connect(&url).await.unwrap()),
    ];
    // Games 1 to 3 race; games 4 and 5 keep each replica's writer busy while its batch forms.
    let id = |n: u64| format!("0190d000-0000-7000-8000-{n:012}");
    for n in 1..=5 {
        replicas[0].create(record(&id(n), GameKind::ConnectFour, time(n)), vec![created(time(n))], None).await.unwrap();
    }
    // A table of many games, as in production, where a batch finds each row by its index, in
    // the batch's order (a table this small is read through, in its own order).
    let mut database = sqlx::PgConnection::connect(&url).await.unwrap();
    let fill = "INSERT INTO games SELECT (jsonb_populate_record(NULL::games, to_jsonb(g) || \
                jsonb_build_object('id', 'filler-' || n, 'status', 'finished'))).* \
                FROM games g, generate_series(1, 5000) n WHERE g.id = $1";
    sqlx::query(fill).bind(id(1)).execute(&mut database).await.unwrap();
    sqlx::query("ANALYZE games").execute(&mut database).await.unwrap();
    // A third party holds rows in transactions of its own, each released in its turn.
    let hold = async |n: u64| {
        let mut connection = sqlx::PgConnection::connect(&url).await.unwrap();
        sqlx::query("BEGIN").execute(&mut connection).await.unwrap();
        sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
            .bind(id(n))
            .execute(&mut connection)
            .await
            .unwrap();
        connection
    };
    let release = async |mut connection: sqlx::PgConnection| {
        sqlx::query("COMMIT").execute(&mut connection).await.unwrap();
    };
    let (game_2, busy_a, busy_b) = (hold(2).await, hold(4).await, hold(5).await);
    let moment = || tokio::time::sleep(std::time::Duration::from_millis(200));
    let append = |replica: usize, n: u64| {
        let store = replicas[replica].clone();
        let game = id(n);
        tokio::spawn(async move {
            let result = store.append(&game, at(1), vec![played(2, 0, 0, None)], in_progress(1, time(2))).await;
            (replica, n, result)
        })
    };
    let mut racers = vec![append(0, 4), append(1, 5)];
    moment().await;
    // Each writer is held by its first append; its next batch queues in this order.
    for (replica, n) in [(0, 1), (0, 2), (0, 3), (1, 3), (1, 1)] {
        racers.push(append(replica, n));
        moment().await;
    }
    // Replica 0's batch runs into game 2; then replica 1's into it; then game 2 is let go.
    release(busy_a).await;
    moment().await;
    release(busy_b).await;
    moment().await;
    release(game_2).await;
    let mut landed = [0; 6];
    for racer in racers {
        match racer.await.unwrap() {
            (_, n, Ok(())) => landed[n as usize] += 1,
            (_, _, Err(StoreError::Conflict { .. })) => {}
            (replica, n, Err(other)) => panic!("replica {replica}'s append to game {n}: {other}"),
        }
    }
    assert_eq!(landed, [0, 1, 1, 1, 1, 1], "each game took one append");
}
