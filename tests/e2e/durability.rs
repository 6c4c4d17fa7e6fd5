//! Nothing acknowledged is ever lost: many games are played at once against the real
//! binary on a real SQLite file, the server is killed with SIGKILL at a random moment and
//! restarted, and every game is checked against what its clients saw.

use crate::common;
use std::time::Duration;

use crate::common::{BinaryServer, Client, as_seat, events_through, pb, replayed_view};
use rand::{Rng, SeedableRng};
use tabula::engine::{Seat, Viewer};

/// Games played at once.
const GAMES: usize = 12;
/// Side of the boards: 15×15 needing 15 in a row, so that random games run long enough
/// to pass several snapshot points.
const SIDE: u32 = 15;

/// What one game's client saw before the crash.
struct Run {
    id: String,
    tokens: Vec<String>,
    /// Acknowledged moves: (seq of the move's event, cell, request id).
    acked: Vec<(u64, (u32, u32), String)>,
    /// The request that was on its way when the server died, if any: (cell, expected seq, request id).
    in_flight: Option<((u32, u32), u64, String)>,
}

fn place(row: u32, col: u32) -> pb::Move {
    common::cell_move(row, col)
}

fn submit(run: &Run, cell: (u32, u32), expected_seq: u64, request_id: &str) -> tonic::Request<pb::SubmitMoveRequest> {
    let seat = run.acked.len() % 2;
    as_seat(
        &run.tokens[seat],
        pb::SubmitMoveRequest {
            game_id: run.id.clone(),
            r#move: Some(place(cell.0, cell.1)),
            expected_seq: Some(expected_seq),
            request_id: request_id.to_owned(),
            validate_only: false,
            ..Default::default()
        },
    )
}

/// Plays random moves until the connection breaks (the server was killed).
async fn play_until_killed(mut client: Client, mut run: Run, seed: u64) -> Run {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut free: Vec<(u32, u32)> = (0..SIDE).flat_map(|r| (0..SIDE).map(move |c| (r, c))).collect();
    let mut seq = 1;
    while !free.is_empty() {
        let cell = free.swap_remove(rng.random_range(0..free.len()));
        let request_id = uuid::Uuid::now_v7().to_string();
        run.in_flight = Some((cell, seq, request_id.clone()));
        match client.submit_move(submit(&run, cell, seq, &request_id)).await {
            Ok(response) => {
                let response = response.into_inner();
                run.acked.push((seq + 1, cell, request_id));
                run.in_flight = None;
                seq = response.seq;
                if response.view.and_then(|v| v.outcome).is_some() {
                    break;
                }
            }
            Err(status) => {
                assert!(
                    matches!(
                        status.code(),
                        tonic::Code::Unavailable
                            | tonic::Code::Unknown
                            | tonic::Code::Internal
                            | tonic::Code::Cancelled
                    ),
                    "only the crash may interrupt a game, got {status:?}"
                );
                break;
            }
        }
    }
    run
}

/// Follows a game's events until the server dies; returns the last seq seen.
async fn follow(mut client: Client, game_id: String) -> u64 {
    let mut stream = client
        .stream_events(pb::StreamEventsRequest { game_id, after_seq: 0, include_views: false, view_changes: false })
        .await
        .unwrap()
        .into_inner();
    let mut last = 0;
    while let Ok(Some(message)) = stream.message().await {
        let seq = message.event.unwrap().seq;
        assert_eq!(seq, last + 1, "a stream delivers every event once, in order");
        last = seq;
    }
    last
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_server_loses_nothing_it_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", dir.path().join("games.db").display());
    let mut server = BinaryServer::spawn(&["--store", &store]);
    let mut setup = server.client().await;

    let mut runs = Vec::new();
    for _ in 0..GAMES {
        let config = pb::game_config::Game::TicTacToe(pb::TicTacToeConfig {
            size: SIDE,
            win_length: SIDE,
            ..Default::default()
        });
        let game = common::create_config(&mut setup, config).await;
        runs.push(Run { id: game.id, tokens: game.tokens, acked: Vec::new(), in_flight: None });
    }
    let follower = tokio::spawn(follow(server.client().await, runs[0].id.clone()));
    let ids: Vec<String> = runs.iter().map(|run| run.id.clone()).collect();
    let mut players = Vec::new();
    for (index, run) in runs.into_iter().enumerate() {
        players.push(tokio::spawn(play_until_killed(server.client().await, run, index as u64)));
    }

    // Killed at a random moment once some game has passed a snapshot point, however slow
    // the machine is today.
    let started = std::time::Instant::now();
    'waiting: while started.elapsed() < Duration::from_secs(120) {
        for id in &ids {
            let game =
                setup.get_game(pb::GetGameRequest { game_id: id.clone() }).await.unwrap().into_inner().game.unwrap();
            if game.seq > tabula::play::SNAPSHOT_EVERY + 2 {
                break 'waiting;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let delay = rand::rng().random_range(0..1500);
    tokio::time::sleep(Duration::from_millis(delay)).await;
    server.kill();
    let mut runs = Vec::new();
    for player in players {
        runs.push(player.await.unwrap());
    }
    let streamed_through = follower.await.unwrap();

    let server = BinaryServer::spawn(&["--store", &store]);
    let mut client = server.client().await;
    let mut longest = 0;
    for run in &runs {
        // A request whose answer was lost is retried with its request id: it is applied
        // exactly once, whether or not it was committed before the crash.
        if let Some((cell, expected_seq, request_id)) = &run.in_flight {
            let retried = client.submit_move(submit(run, *cell, *expected_seq, request_id)).await.unwrap().into_inner();
            assert!(retried.applied);
        }
        let game =
            client.get_game(pb::GetGameRequest { game_id: run.id.clone() }).await.unwrap().into_inner().game.unwrap();
        let log = events_through(&mut client, &run.id, game.seq).await;
        assert_eq!(log.len() as u64, game.seq, "the log has no gaps");
        let moves: Vec<(u64, (u32, u32))> = log
            .iter()
            .filter_map(|e| match &e.kind {
                Some(pb::game_event::Kind::MoveApplied(applied)) => match &applied.r#move.as_ref()?.kind {
                    Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Cell(cell)) })) => {
                        Some((e.seq, (cell.row, cell.col)))
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect();
        // Every acknowledged move is there, at the seq its client was told, in order.
        for (seq, cell, _) in &run.acked {
            assert!(
                moves.contains(&(*seq, *cell)),
                "game {}: acknowledged move {cell:?} at seq {seq} was lost",
                run.id
            );
        }
        // Nothing else but the one retried request, and nothing twice.
        let expected = run.acked.len() + usize::from(run.in_flight.is_some());
        assert_eq!(moves.len(), expected, "game {}: moves were duplicated or invented", run.id);
        // The state served after the restart (from a snapshot and the log's tail, for long
        // games) equals an independent replay of the whole log, for every viewer.
        for viewer in [Viewer::Seat(Seat::FIRST), Viewer::Seat(Seat::SECOND)] {
            let seat = viewer.seat().unwrap().index();
            let served = client
                .get_view(as_seat(
                    &run.tokens[seat],
                    pb::GetViewRequest { game_id: run.id.clone(), ..Default::default() },
                ))
                .await
                .unwrap()
                .into_inner()
                .view
                .unwrap();
            assert_eq!(served, replayed_view(&run.id, game.config.as_ref().unwrap(), &log, viewer));
        }
        longest = longest.max(game.seq);
    }
    assert!(
        longest > tabula::play::SNAPSHOT_EVERY,
        "at least one game must pass a snapshot point (longest log: {longest} events)"
    );

    // A stream resumes from the last seq its client saw, without a gap.
    let mut resumed = client
        .stream_events(pb::StreamEventsRequest {
            game_id: runs[0].id.clone(),
            after_seq: streamed_through,
            include_views: false,
            view_changes: false,
        })
        .await
        .unwrap()
        .into_inner();
    let total = client
        .get_game(pb::GetGameRequest { game_id: runs[0].id.clone() })
        .await
        .unwrap()
        .into_inner()
        .game
        .unwrap()
        .seq;
    if total > streamed_through {
        let next = resumed.message().await.unwrap().unwrap().event.unwrap();
        assert_eq!(next.seq, streamed_through + 1);
    }
}

/// A server on the SQLite file `path` with a Connect Four game of three moves (the first
/// seat's at 3 and 4, the second's at 3), and a client of it.
async fn three_moves_on_a_file(path: &std::path::Path) -> (BinaryServer, Client, common::Game) {
    let store = format!("sqlite:{}", path.display());
    let server = BinaryServer::spawn(&["--store", &store]);
    let mut client = server.client().await;
    let game = common::create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    common::play_all(&mut client, &game, &[3, 3, 4].map(common::column_move)).await;
    (server, client, game)
}

#[tokio::test]
async fn a_game_moves_between_stores_as_a_document() {
    let dir = tempfile::tempdir().unwrap();
    let from = format!("sqlite:{}", dir.path().join("from.db").display());
    let to = format!("sqlite:{}", dir.path().join("to.db").display());
    let (mut server, mut client, game) = three_moves_on_a_file(&dir.path().join("from.db")).await;
    let before = client
        .get_view(as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    server.kill();

    let binary = env!("CARGO_BIN_EXE_tabula");
    let document = dir.path().join("game.json");
    let export = std::process::Command::new(binary)
        .args(["export", &game.id, "--store", &from, "--output"])
        .arg(&document)
        .output()
        .unwrap();
    assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
    let text = std::fs::read_to_string(&document).unwrap();
    assert!(!game.tokens.iter().any(|token| text.contains(token.as_str())), "tokens are never stored");
    let import = std::process::Command::new(binary).args(["import", "--store", &to]).arg(&document).output().unwrap();
    assert!(import.status.success(), "{}", String::from_utf8_lossy(&import.stderr));
    // The same document twice is refused: the id exists.
    let twice = std::process::Command::new(binary).args(["import", "--store", &to]).arg(&document).output().unwrap();
    assert!(!twice.status.success());
    // A tampered log is refused before anything is written.
    let tampered = dir.path().join("tampered.json");
    std::fs::write(&tampered, text.replacen("\"seq\": 3", "\"seq\": 7", 1)).unwrap();
    let refused = std::process::Command::new(binary)
        .args(["import", "--store", &format!("sqlite:{}", dir.path().join("other.db").display())])
        .arg(&tampered)
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("seqs must run"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );

    // The seat tokens still work on the new store, and the game goes on where it was.
    let server = BinaryServer::spawn(&["--store", &to]);
    let mut client = server.client().await;
    let after = client
        .get_view(as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(after, before);
    client.submit_move(common::submit(&game, 1, common::column_move(4))).await.unwrap();
}

/// A move the store fails to write is refused and leaves the game exactly as it was: the
/// server played it in memory first, and must have undone it. Then the same move, stored,
/// goes through, and a restarted server reads the game back as its players saw it.
#[tokio::test]
async fn a_move_the_store_fails_to_write_changes_nothing() {
    use sqlx::Connection;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let store = format!("sqlite:{}", path.display());
    let (mut server, mut client, game) = three_moves_on_a_file(&path).await;
    let view_of = |seat: usize| {
        as_seat(&game.tokens[seat], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
    };
    let legal_of = |seat: usize| {
        as_seat(&game.tokens[seat], pb::ListLegalMovesRequest { game_id: game.id.clone(), ..Default::default() })
    };
    let before = client.get_view(view_of(1)).await.unwrap().into_inner().view.unwrap();
    let legal_before = client.list_legal_moves(legal_of(1)).await.unwrap().into_inner();

    // Another connection to the same file makes every new event fail to insert.
    let mut tamper = sqlx::SqliteConnection::connect(&format!("{store}?mode=rw")).await.unwrap();
    sqlx::query("CREATE TRIGGER refuse_events BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        .execute(&mut tamper)
        .await
        .unwrap();
    let refused = client.submit_move(common::submit(&game, 1, common::column_move(4))).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::Unavailable, "{refused:?}");
    assert!(!refused.message().contains("disk full"), "the store's own words stay in the log: {refused:?}");
    let unchanged = client.get_view(view_of(1)).await.unwrap().into_inner().view.unwrap();
    assert_eq!(unchanged, before, "the refused move left no trace");
    assert_eq!(client.list_legal_moves(legal_of(1)).await.unwrap().into_inner(), legal_before);

    sqlx::query("DROP TRIGGER refuse_events").execute(&mut tamper).await.unwrap();
    let mut request = common::submit(&game, 1, common::column_move(4));
    request.get_mut().expected_seq = Some(before.seq);
    let played = client.submit_move(request).await.unwrap().into_inner();
    assert_eq!(played.seq, before.seq + 1);
    let after = client.get_view(view_of(1)).await.unwrap().into_inner().view.unwrap();
    assert_eq!(after.move_count, before.move_count + 1);

    server.kill();
    let server = BinaryServer::spawn(&["--store", &store]);
    let mut client = server.client().await;
    let reloaded = client.get_view(view_of(1)).await.unwrap().into_inner().view.unwrap();
    assert_eq!(reloaded, after, "the log holds what was answered");
}

/// A game whose rules failed stays faulted after a restart: the mark is in the store. Here
/// it is written into the file while the server is down, as the server writes it when a
/// panic in the rules is caught (the binary's games have no bug to inject one with); the
/// restarted server shows the game faulted, reads it, refuses its moves with
/// `GAME_FAULTED`, and lets a key adjudicate it.
#[tokio::test]
async fn a_game_faulted_before_a_restart_stays_faulted() {
    use tabula::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let store = format!("sqlite:{}", path.display());
    let (mut server, mut client, game) = three_moves_on_a_file(&path).await;
    let get = || pb::GetGameRequest { game_id: game.id.clone() };
    assert!(!client.get_game(get()).await.unwrap().into_inner().game.unwrap().faulted);
    server.kill();

    tabula::store::SqliteStore::open(&path).await.unwrap().mark_faulted(&game.id).await.unwrap();
    let server = BinaryServer::spawn(&["--store", &store]);
    let mut client = server.client().await;
    let shown = client.get_game(get()).await.unwrap().into_inner().game.unwrap();
    assert!(shown.faulted && shown.status == pb::GameStatus::InProgress as i32, "{shown:?}");
    let listed = client.list_games(pb::ListGamesRequest::default()).await.unwrap().into_inner();
    assert!(listed.games.iter().any(|listed| listed.game_id == game.id && listed.faulted));
    let view = as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
    assert_eq!(client.get_view(view).await.unwrap().into_inner().view.unwrap().move_count, 3, "read as it stands");
    let refused = client.submit_move(common::submit(&game, 1, common::column_move(4))).await.unwrap_err();
    common::assert_error(&refused, tonic::Code::FailedPrecondition, "GAME_FAULTED");

    let adjudicate = pb::AdjudicateGameRequest {
        game_id: game.id.clone(),
        result: pb::OutcomeType::Draw as i32,
        explanation: "its rules failed".into(),
        ..Default::default()
    };
    let ended = client.adjudicate_game(adjudicate).await.unwrap().into_inner().game.unwrap();
    assert!(ended.faulted && ended.status == pb::GameStatus::Finished as i32, "{ended:?}");
}
