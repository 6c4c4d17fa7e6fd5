//! A game at any event of its history, over a real socket: `GetView` at a past seq equals
//! the view the event stream carried for the same viewer at that event (clock changes
//! included, which are events but not turns), a seat's secrets stay the seat's, and the
//! analysis of a finished game's past positions replays the same log.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::common::*;
use tabula::play::{ManualTime, TimeSource};
use tabula::service::ServeOptions;
use tonic::Code;

async fn server_on_a_hand_clock() -> (TestServer, Arc<ManualTime>) {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let time = ManualTime::new(UNIX_EPOCH + Duration::from_millis(now.as_millis() as u64));
    let options = ServeOptions { time: TimeSource::Manual(time.clone()), ..ServeOptions::default() };
    (TestServer::start_with(options).await, time)
}

/// Every view the stream carried for `token`'s viewer (a spectator for `None`), by seq.
async fn streamed_views(client: &mut Client, game: &Game, token: Option<&str>, until: u64) -> Vec<pb::View> {
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: true, view_changes: false };
    let mut stream = client.stream_events(with_credential(token, request)).await.unwrap().into_inner();
    let mut views = Vec::new();
    while views.last().is_none_or(|view: &pb::View| view.seq < until) {
        let message = stream.message().await.unwrap().expect("the stream reaches the seq asked for");
        views.push(message.view.expect("views were asked for"));
    }
    views
}

async fn view_at(client: &mut Client, game: &Game, token: Option<&str>, seq: u64) -> Result<pb::View, tonic::Status> {
    let request = pb::GetViewRequest { game_id: game.id.clone(), at_seq: Some(seq) };
    Ok(client.get_view(with_credential(token, request)).await?.into_inner().view.unwrap())
}

#[tokio::test]
async fn a_view_at_a_past_seq_is_the_one_the_stream_carried_then_clock_changes_included() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let fischer = pb::TimeControl {
        control: Some(pb::time_control::Control::Fischer(pb::FischerControl {
            base: Some(prost_types::Duration { seconds: 60, nanos: 0 }),
            increment: Some(prost_types::Duration { seconds: 1, nanos: 0 }),
        })),
    };
    let clock =
        pb::ClockConfig { controls: vec![fischer], on_timeout: pb::TimeoutRule::Lose as i32, first_move_window: None };
    let game = create_on_clock(&mut client, pb::game_config::Game::ConnectFour(Default::default()), Some(clock)).await;
    time.advance(Duration::from_secs(3));
    client.submit_move(submit(&game, 0, column_move(3))).await.unwrap();
    time.advance(Duration::from_secs(2));
    let pause = pb::PauseClockRequest { game_id: game.id.clone(), request_id: String::new() };
    client.pause_clock(pause).await.unwrap();
    time.advance(Duration::from_secs(100));
    let resume = pb::ResumeClockRequest { game_id: game.id.clone(), request_id: String::new() };
    client.resume_clock(resume).await.unwrap();
    time.advance(Duration::from_secs(1));
    client.submit_move(submit(&game, 1, column_move(3))).await.unwrap();
    time.advance(Duration::from_secs(4));
    client.submit_move(submit(&game, 0, column_move(4))).await.unwrap();

    let streamed = streamed_views(&mut client, &game, None, 6).await;
    assert_eq!(streamed.len(), 6);
    for expected in &streamed {
        let past = view_at(&mut client, &game, None, expected.seq).await.unwrap();
        assert_eq!(&past, expected, "seq {}", expected.seq);
    }
    // The pause (seq 3) is an event but not a turn: the board is the one after seq 2.
    assert_eq!(streamed[2].board, streamed[1].board);
    assert_eq!(streamed[2].move_count, 1);
    assert!(streamed[2].clock.as_ref().unwrap().paused);
    // Asked at the newest seq, the answer is the game as it stands, clocks read at that event.
    assert_eq!(view_at(&mut client, &game, None, 6).await.unwrap().board, streamed[5].board);
    for beyond in [0, 7] {
        let error = view_at(&mut client, &game, None, beyond).await.unwrap_err();
        assert_error(&error, Code::OutOfRange, "SEQ_OUT_OF_RANGE");
    }
}

#[tokio::test]
async fn a_seat_sees_its_own_secrets_at_a_past_seq_and_a_spectator_never_does() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Battleship, "classic").await;
    client.submit_move(submit(&game, 0, classic_fleet())).await.unwrap();
    client.submit_move(submit(&game, 1, classic_fleet())).await.unwrap();
    let ready = pb::Move { kind: Some(pb::r#move::Kind::Ready(pb::Ready {})) };
    client.submit_move(submit(&game, 0, ready.clone())).await.unwrap();
    client.submit_move(submit(&game, 1, ready)).await.unwrap();
    let shot =
        |row, col| pb::Move { kind: Some(pb::r#move::Kind::Shot(pb::Shot { target: Some(pb::Cell { row, col }) })) };
    client.submit_move(submit(&game, 0, shot(0, 0))).await.unwrap();
    client.submit_move(submit(&game, 1, shot(9, 9))).await.unwrap();

    let ships = |view: &pb::View, seat: usize| {
        view.seat_boards[seat].cells.iter().filter(|cell| cell.piece == pb::Piece::Ship as i32).count()
    };
    for (token, viewer) in [(Some(game.tokens[0].as_str()), "seat 1"), (None, "a spectator")] {
        let streamed = streamed_views(&mut client, &game, token, 7).await;
        for expected in &streamed {
            let past = view_at(&mut client, &game, token, expected.seq).await.unwrap();
            assert_eq!(&past, expected, "{viewer} at seq {}", expected.seq);
            assert_eq!(ships(&past, 1), 0, "{viewer} never sees seat 2's fleet");
        }
        let after_placing = view_at(&mut client, &game, token, 2).await.unwrap();
        let own = if token.is_some() { 17 } else { 0 };
        assert_eq!(ships(&after_placing, 0), own, "{viewer} at seq 2");
    }
}

#[tokio::test]
async fn a_finished_games_past_positions_are_analysed_from_the_same_log_clock_events_and_all() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let per_move = pb::TimeControl {
        control: Some(pb::time_control::Control::PerMove(prost_types::Duration { seconds: 60, nanos: 0 })),
    };
    let clock =
        pb::ClockConfig { controls: vec![per_move], on_timeout: pb::TimeoutRule::Lose as i32, first_move_window: None };
    let game = create_on_clock(&mut client, pb::game_config::Game::TicTacToe(Default::default()), Some(clock)).await;
    let pause = pb::PauseClockRequest { game_id: game.id.clone(), request_id: String::new() };
    let resume = pb::ResumeClockRequest { game_id: game.id.clone(), request_id: String::new() };
    client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap();
    client.pause_clock(pause).await.unwrap();
    time.advance(Duration::from_secs(5));
    client.resume_clock(resume).await.unwrap();
    for (seat, (row, col)) in [(1, (1, 0)), (0, (0, 1)), (1, (1, 1)), (0, (0, 2))] {
        client.submit_move(submit(&game, seat, cell_move(row, col))).await.unwrap();
    }
    // Seqs: 1 created, 2 X a1, 3 paused, 4 resumed, 5 O, 6 X, 7 O, 8 X wins, 9 ended.
    for seq in 1..=9 {
        let view = view_at(&mut client, &game, None, seq).await.unwrap();
        let request = pb::GetHintRequest { game_id: game.id.clone(), at_seq: Some(seq), ..Default::default() };
        let hint = client.get_hint(request).await.unwrap().into_inner();
        assert_eq!(hint.seq, seq);
        assert_eq!(hint.seat, view.to_act.first().copied().unwrap_or(0), "the seat to act at seq {seq}");
    }
    assert_eq!(view_at(&mut client, &game, None, 4).await.unwrap().move_count, 1, "two clock events, one move");
}

/// `tabula replay` on `store`, as `seat` when given: its standard output.
fn replay(store: &str, game_id: &str, seat: Option<&str>) -> String {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.args(["replay", game_id, "--store", store]);
    if let Some(seat) = seat {
        command.args(["--seat", seat]);
    }
    let output = command.output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

#[tokio::test]
async fn tabula_replay_prints_every_move_with_its_board_and_hides_what_the_viewer_could_not_see() {
    let dir = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", dir.path().join("games.db").display());
    let mut server = BinaryServer::spawn(&["--store", &store]);
    let mut client = server.client().await;
    let four = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    play_all(&mut client, &four, &[0, 6, 1, 6, 2, 6, 3].map(column_move)).await;
    let fleet = create_preset(&mut client, pb::GameKind::Battleship, "classic").await;
    client.submit_move(submit(&fleet, 0, classic_fleet())).await.unwrap();
    server.kill();

    let text = replay(&store, &four.id, None);
    assert!(text.contains("(Connect Four), as a spectator"), "{text}");
    assert!(text.contains("\n#2 Red (seat 1): column 1\n"), "{text}");
    assert!(text.contains("\n#8 Red (seat 1): column 4\n"), "{text}");
    // The board after the last move, under its column names (Connect Four names no rows),
    // as the terminal client draws it, then the end.
    assert!(text.contains("\n1 2 3 4 5 6 7\n"), "{text}");
    assert!(text.contains("\n. . . . . . Y\nR R R R . . Y\n"), "{text}");
    assert!(text.contains("\n#9 ended: Red (seat 1) wins (Line, line a6 b6 c6 d6)"), "{text}");

    let spectator = replay(&store, &fleet.id, None);
    assert!(spectator.contains("\n#2 Blue (seat 1): a move hidden from a spectator\n"), "{spectator}");
    let board_rows = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| line.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .map(str::to_owned)
            .collect()
    };
    assert!(
        board_rows(&spectator).iter().all(|row| !row.contains('S')),
        "no ship is drawn for a spectator: {spectator}"
    );
    let owner = replay(&store, &fleet.id, Some("1"));
    assert!(owner.contains("\n#2 Blue (seat 1): "), "{owner}");
    assert!(!owner.contains("hidden"), "{owner}");
    assert!(board_rows(&owner).iter().any(|row| row.contains("S S S S S")), "the seat sees its own carrier: {owner}");
    let wrong = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["replay", &fleet.id, "--store", &store, "--seat", "3"])
        .output()
        .unwrap();
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("--seat must be between 1 and 2"));
}

/// A peg solitaire game (triangle15) made `cycles` move-and-takeback cycles long, then
/// resigned: a log of `2 * cycles + 3` events.
async fn long_puzzle(client: &mut Client, cycles: usize) -> Game {
    let game = create_preset(client, pb::GameKind::PegSolitaire, "triangle15").await;
    let listed = pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 0 };
    let legal = client.list_legal_moves(as_seat(&game.tokens[0], listed)).await.unwrap().into_inner();
    let jump = legal.moves[0].r#move.clone().unwrap();
    for _ in 0..cycles {
        client.submit_move(submit(&game, 0, jump.clone())).await.unwrap();
        let back = pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() };
        client.take_back(as_seat(&game.tokens[0], back)).await.unwrap();
    }
    let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
    client.resign(as_seat(&game.tokens[0], resign)).await.unwrap();
    game
}

#[tokio::test]
async fn a_past_position_replays_from_the_nearest_checkpoint_not_from_the_start() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("games.db");
    let store = tabula::store::SqliteStore::open(&path).await.unwrap();
    let server = TestServer::start_on(Arc::new(store), ServeOptions::default()).await;
    let mut client = server.client().await;
    let game = long_puzzle(&mut client, 600).await;
    let last = 2 * 600 + 3;
    // Snapshots are saved in the background: wait for the checkpoints at 512 and 1024.
    let file = sqlx::SqlitePool::connect(&format!("sqlite:{}", path.display())).await.unwrap();
    let kept = || async {
        sqlx::query_scalar::<_, i64>("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq")
            .bind(&game.id)
            .fetch_all(&file)
            .await
            .unwrap()
    };
    let started = std::time::Instant::now();
    while !(kept().await.contains(&512) && kept().await.contains(&1024)) {
        assert!(started.elapsed() < Duration::from_secs(10), "snapshots kept: {:?}", kept().await);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let snapshots = kept().await;
    assert!(snapshots.len() <= 4, "the newest and the checkpoints, not every snapshot: {snapshots:?}");
    // Damage the log near its start, behind the server's back: whatever reads it from there fails.
    sqlx::query("UPDATE events SET body = 'damaged' WHERE game_id = ? AND seq = 5")
        .bind(&game.id)
        .execute(&file)
        .await
        .unwrap();
    let damaged = view_at(&mut client, &game, None, 100).await.unwrap_err();
    assert_error(&damaged, Code::Unavailable, "STORAGE_UNAVAILABLE");
    // Positions past a checkpoint replay from it, and never read that far back.
    for seq in [600, 1_100, last - 1, last] {
        let view = view_at(&mut client, &game, None, seq).await.unwrap_or_else(|e| panic!("at {seq}: {e:?}"));
        assert_eq!(view.seq, seq);
        let moved = seq % 2 == 0 && seq < last - 1;
        assert_eq!(view.move_count, u32::from(moved), "at {seq}: a move, or its takeback (or the end)");
        let hint = pb::GetHintRequest { game_id: game.id.clone(), at_seq: Some(seq), ..Default::default() };
        client.get_hint(hint).await.unwrap_or_else(|e| panic!("a hint at {seq}: {e:?}"));
    }
    // So does a stream with views resumed there.
    let request = pb::StreamEventsRequest {
        game_id: game.id.clone(),
        after_seq: 1_100,
        include_views: true,
        view_changes: false,
    };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    let first = stream.message().await.unwrap().unwrap();
    assert_eq!((first.event.unwrap().seq, first.view.unwrap().seq), (1_101, 1_101));
}

#[tokio::test]
async fn a_busy_search_pool_refuses_a_past_position_before_reading_it_back() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("games.db");
    let store = tabula::store::SqliteStore::open(&path).await.unwrap();
    let mut options = ServeOptions::default();
    options.limits.search_threads = 1;
    let server = TestServer::start_on(Arc::new(store), options).await;
    let mut client = server.client().await;
    let game = long_puzzle(&mut client, 20).await;
    // A log that no longer reads back: a replay would end in a storage failure.
    let file = sqlx::SqlitePool::connect(&format!("sqlite:{}", path.display())).await.unwrap();
    sqlx::query("UPDATE events SET body = 'damaged' WHERE game_id = ? AND seq = 5")
        .bind(&game.id)
        .execute(&file)
        .await
        .unwrap();
    // The only search place is taken by a long hint in a running game of chess.
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::Chess as i32,
        source: Some(pb::create_game_request::Source::Preset("standard".into())),
        allow_hints: Some(true),
        ..Default::default()
    };
    let busy = client.create_game(request).await.unwrap().into_inner();
    let long = as_seat(
        &busy.seat_tokens[0].token,
        pb::GetHintRequest {
            game_id: busy.game.unwrap().game_id,
            max_time: Some(prost_types::Duration { seconds: 5, nanos: 0 }),
            ..Default::default()
        },
    );
    let mut searching = client.clone();
    let running = tokio::spawn(async move { searching.get_hint(long).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let hint = pb::GetHintRequest { game_id: game.id.clone(), at_seq: Some(30), ..Default::default() };
    let refused = client.get_hint(hint).await.unwrap_err();
    assert_error(&refused, Code::ResourceExhausted, "SEARCH_BUSY");
    running.abort();
}
