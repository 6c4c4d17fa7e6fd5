//! The server's own engine in a seat, over a real socket: it moves when its seat is to act,
//! through the same history as anyone (named as the engine's), never for a seat credential,
//! and exactly once after a restart.

use std::time::Duration;

use crate::common::*;
use tabula::games::GameKind;
use tabula::store::SqliteStore;
use tokio_stream::StreamExt;
use tonic::Code;
use tonic_types::StatusExt;

fn bot(seat: u32, level: u32) -> pb::BotSeat {
    pb::BotSeat { seat, level, move_time: None }
}

async fn create_with_bots(client: &mut Client, kind: pb::GameKind, bots: Vec<pb::BotSeat>) -> pb::CreateGameResponse {
    let request = pb::CreateGameRequest {
        kind: kind as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        bots,
        ..Default::default()
    };
    client.create_game(request).await.unwrap().into_inner()
}

/// Every event of a game until it ends, waiting at most `patience`.
async fn whole_game(client: &mut Client, game_id: &str, patience: Duration) -> Vec<pb::GameEvent> {
    let request = pb::StreamEventsRequest {
        game_id: game_id.to_owned(),
        after_seq: 0,
        include_views: false,
        view_changes: false,
    };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    let mut events = Vec::new();
    let read = async {
        while let Some(message) = stream.next().await {
            events.push(message.unwrap().event.unwrap());
        }
    };
    tokio::time::timeout(patience, read).await.unwrap_or_else(|_| panic!("the game did not end by itself"));
    events
}

fn engine_of(event: &pb::GameEvent) -> Option<u32> {
    match event.actor.as_ref().and_then(|actor| actor.kind.as_ref()) {
        Some(pb::actor::Kind::Engine(seat)) => Some(*seat),
        _ => None,
    }
}

#[tokio::test]
async fn an_engine_against_an_engine_plays_the_game_to_its_end_by_itself() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for kind in [pb::GameKind::TicTacToe, pb::GameKind::ConnectFour] {
        let top = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
        let top = top.iter().find(|info| info.kind == kind as i32).unwrap().max_bot_level;
        assert!(top >= 1);
        let created = create_with_bots(&mut client, kind, vec![bot(1, 1), bot(2, top)]).await;
        let game = created.game.unwrap();
        assert_eq!(game.bots.iter().map(|b| (b.seat, b.level)).collect::<Vec<_>>(), [(1, 1), (2, top)]);
        let events = whole_game(&mut client, &game.game_id, Duration::from_secs(60)).await;
        let moves: Vec<&pb::GameEvent> =
            events.iter().filter(|e| matches!(e.kind, Some(pb::game_event::Kind::MoveApplied(_)))).collect();
        assert!(!moves.is_empty());
        for (index, event) in moves.iter().enumerate() {
            let Some(pb::game_event::Kind::MoveApplied(applied)) = &event.kind else { unreachable!() };
            assert_eq!(engine_of(event), Some(applied.seat), "{kind:?}: move {index} is the engine's, for its seat");
            assert_eq!(applied.seat, index as u32 % 2 + 1, "{kind:?}: the seats alternate");
        }
        let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, (1..=events.len() as u64).collect::<Vec<_>>(), "{kind:?}: no gap, no repeat");
        assert!(matches!(events.last().unwrap().kind, Some(pb::game_event::Kind::GameEnded(_))));
    }
}

#[tokio::test]
async fn a_person_plays_against_the_engine_whose_seat_token_may_not_move() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    let top = kinds.iter().find(|info| info.kind == pb::GameKind::TicTacToe as i32).unwrap().max_bot_level;
    let created = create_with_bots(&mut client, pb::GameKind::TicTacToe, vec![bot(2, top)]).await;
    let game =
        Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 1, include_views: false, view_changes: false };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap();
    let mine = stream.next().await.unwrap().unwrap().event.unwrap();
    assert_eq!(mine.actor.unwrap().kind, Some(pb::actor::Kind::Seat(1)));
    let reply = tokio::time::timeout(Duration::from_secs(10), stream.next()).await.unwrap().unwrap().unwrap();
    let reply = reply.event.unwrap();
    assert_eq!((reply.seq, engine_of(&reply)), (3, Some(2)), "the engine answers at once: {reply:?}");

    // The bot seat's token reads as that seat, but never moves for it.
    let refused = client.submit_move(submit(&game, 1, cell_move(2, 2))).await.unwrap_err();
    assert_error(&refused, Code::FailedPrecondition, "SEAT_PLAYED_BY_ENGINE");
    assert_eq!(refused.get_details_error_info().unwrap().metadata["seat"], "2");
    let resign = as_seat(&game.tokens[1], pb::ResignRequest { game_id: game.id.clone(), ..Default::default() });
    assert_error(&client.resign(resign).await.unwrap_err(), Code::FailedPrecondition, "SEAT_PLAYED_BY_ENGINE");
    let view = client
        .get_view(as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await;
    assert_eq!(view.unwrap().into_inner().view.unwrap().viewer_seat, 2);
    let record = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    assert_eq!(record.game.unwrap().seq, 3, "refused turns changed nothing");
}

#[tokio::test]
async fn bad_bot_seats_are_refused_with_every_problem_named() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let slow = pb::BotSeat { seat: 1, level: 1, move_time: Some(prost_types::Duration { seconds: 11, nanos: 0 }) };
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        bots: vec![bot(3, 1), bot(2, 0), slow, bot(2, 99)],
        ..Default::default()
    };
    let refused = client.create_game(request).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["bots[0].seat", "bots[1].level", "bots[2].move_time", "bots[3].seat", "bots[3].level"]);
    let listed = client.list_games(pb::ListGamesRequest::default()).await.unwrap().into_inner();
    assert!(listed.games.is_empty(), "a refused creation made no game");
}

#[tokio::test]
async fn after_a_restart_the_bot_to_move_moves_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let id = "0190e000-0000-7000-8000-000000000001";
    store_game_with_bot_to_move(&SqliteStore::open(&path).await.unwrap(), id, GameKind::TicTacToe).await;
    let store = format!("sqlite:{}", path.display());

    // The starting server finds the game in the store and moves its bot, once.
    for round in 0..2 {
        let mut server = BinaryServer::spawn(&["--store", &store]);
        let mut client = server.client().await;
        let events = await_events(&mut client, id, 2, Duration::from_secs(10)).await;
        assert_eq!(engine_of(&events[1]), Some(1), "round {round}");
        // Give a second move every chance to happen, then check there is none.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let game = client.get_game(pb::GetGameRequest { game_id: id.to_owned() }).await.unwrap().into_inner().game;
        assert_eq!(game.unwrap().seq, 2, "round {round}: the bot moved once, and seat 2 is to move");
        server.kill();
    }
}

#[tokio::test]
async fn a_bot_stops_thinking_when_its_game_moves_on_and_frees_its_thread() {
    let server = BinaryServer::spawn(&["--store", "memory", "--bot-threads", "1"]);
    let pid = server.child.id();
    let mut client = server.client().await;
    let game = long_thinker(&mut client, "").await.game.unwrap();
    // Thinking shows as CPU time: 0.2 s of it, within 5 s however busy the machine is.
    let (before, deadline) = (cpu_ticks(pid), std::time::Instant::now() + Duration::from_secs(5));
    while cpu_ticks(pid) - before < 20 {
        assert!(std::time::Instant::now() < deadline, "the bot is thinking: at least 0.2 s of CPU within 5 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The game moves on: the search stops at once and its answer is never played.
    let abort =
        pb::AbortGameRequest { game_id: game.game_id.clone(), explanation: "no show".into(), ..Default::default() };
    let aborted = client.abort_game(abort).await.unwrap().into_inner().game.unwrap();
    assert_eq!(aborted.move_count, 0, "the bot had not moved yet");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = cpu_ticks(pid);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = cpu_ticks(pid) - before;
    assert!(idle <= 15, "the search went on after its game ended: {idle} ticks in 1 s");

    // The only bot thread is free again: another game's bot moves at once.
    let created = create_with_bots(&mut client, pb::GameKind::TicTacToe, vec![bot(1, 1)]).await;
    let id = created.game.unwrap().game_id;
    let events = await_events(&mut client, &id, 2, Duration::from_secs(3)).await;
    assert_eq!(engine_of(&events[1]), Some(1));
    let log = events_through(&mut client, &game.game_id, aborted.seq).await;
    assert!(log.iter().all(|e| engine_of(e).is_none()), "no bot move after the abort: {log:?}");
}

/// A 7×7 tic-tac-toe game whose first seat the engine plays at the top level with 10 s a
/// move: it thinks for its whole time.
async fn long_thinker(client: &mut Client, request_id: &str) -> pb::CreateGameResponse {
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    let top = kinds.iter().find(|info| info.kind == pb::GameKind::TicTacToe as i32).unwrap().max_bot_level;
    let config = pb::GameConfig {
        clock: None,
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig {
            size: 7,
            win_length: 5,
            ..Default::default()
        })),
        ..Default::default()
    };
    let thinker = pb::BotSeat { seat: 1, level: top, move_time: Some(prost_types::Duration { seconds: 10, nanos: 0 }) };
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        bots: vec![thinker],
        request_id: request_id.to_owned(),
        ..Default::default()
    };
    client.create_game(request).await.unwrap().into_inner()
}

#[tokio::test]
async fn a_thinking_bot_takes_none_of_its_games_stream_places() {
    let mut options = tabula::service::ServeOptions::default();
    options.limits.game.max_streams_per_game = 1;
    let server = TestServer::start_with(options).await;
    let mut client = server.client().await;
    let game = long_thinker(&mut client, "").await.game.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let request = pb::StreamEventsRequest {
        game_id: game.game_id.clone(),
        after_seq: 0,
        include_views: false,
        view_changes: false,
    };
    let mut stream = client.stream_events(request.clone()).await.unwrap().into_inner();
    assert_eq!(stream.next().await.unwrap().unwrap().event.unwrap().seq, 1, "the one place is the stream's");
    let second = client.stream_events(request).await;
    let refused = match second {
        Ok(response) => response.into_inner().next().await.unwrap().unwrap_err(),
        Err(status) => status,
    };
    assert_error(&refused, Code::ResourceExhausted, "TOO_MANY_STREAMS");
}

#[tokio::test]
async fn a_retried_creation_still_gets_new_tokens_when_only_the_engine_has_moved() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let create = |request_id: &str| pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        bots: vec![bot(1, 1)],
        request_id: request_id.to_owned(),
        ..Default::default()
    };
    let first = client.create_game(create("engine-first")).await.unwrap().into_inner();
    let id = first.game.unwrap().game_id;
    let events = await_events(&mut client, &id, 2, Duration::from_secs(10)).await;
    assert_eq!(engine_of(&events[1]), Some(1), "the engine moved first");

    // No token can have been used: the retry replaces them.
    let retry = client.create_game(create("engine-first")).await.unwrap().into_inner();
    assert!(retry.retried);
    assert_eq!(retry.seat_tokens.len(), 2);
    let old = Game { id: id.clone(), tokens: first.seat_tokens.into_iter().map(|t| t.token).collect() };
    let new = Game { id: id.clone(), tokens: retry.seat_tokens.into_iter().map(|t| t.token).collect() };
    let refused = client.submit_move(submit(&old, 1, cell_move(0, 0))).await.unwrap_err();
    assert_error(&refused, Code::Unauthenticated, "INVALID_CREDENTIAL");
    client.submit_move(submit(&new, 1, cell_move(0, 0))).await.unwrap();

    // A seat has acted: the first answer arrived, and a retry gives no tokens.
    let late = client.create_game(create("engine-first")).await.unwrap().into_inner();
    assert!(late.retried && late.seat_tokens.is_empty());
}

#[tokio::test]
async fn a_takeback_against_the_engine_takes_back_its_reply_and_the_seats_move() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // Tic-tac-toe with takebacks, on a clock: the engine plays O.
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
        allow_takebacks: true,
        clock: Some(pb::ClockConfig {
            controls: vec![pb::TimeControl {
                control: Some(pb::time_control::Control::Fischer(pb::FischerControl {
                    base: Some(prost_types::Duration { seconds: 600, nanos: 0 }),
                    increment: Some(prost_types::Duration { seconds: 5, nanos: 0 }),
                })),
            }],
            ..Default::default()
        }),
        ..Default::default()
    };
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        bots: vec![bot(2, 1)],
        ..Default::default()
    };
    let created = client.create_game(request).await.unwrap().into_inner();
    let game =
        Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap();
    let replied = events_through(&mut client, &game.id, 3).await;
    assert_eq!(engine_of(&replied[2]), Some(2), "the engine replied");
    let view = |client: &mut Client| {
        let request = as_seat(&game.tokens[0], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
        let mut client = client.clone();
        async move { client.get_view(request).await.unwrap().into_inner().view.unwrap() }
    };
    let before_reply = view(&mut client).await;

    let taken = client
        .take_back(as_seat(&game.tokens[0], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(taken.seq, 5, "two takebacks, one request");
    let after = taken.view.unwrap();
    assert_eq!((after.move_count, after.to_act.clone()), (0, vec![1]), "both plies gone: X to move again");
    let events = events_through(&mut client, &game.id, 5).await;
    let undone: Vec<u32> = events[3..]
        .iter()
        .map(|e| match &e.kind {
            Some(pb::game_event::Kind::MoveTakenBack(back)) => back.seat,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(undone, [2, 1], "the engine's reply first, then X's move");
    assert!(events[3..].iter().all(|e| e.actor.as_ref().unwrap().kind == Some(pb::actor::Kind::Seat(1))), "asked by X");
    // X's clock reads what it read before its move: the increment it earned went with it.
    let seat_one = |view: &pb::View| view.clock.as_ref().unwrap().seats[0].remaining.unwrap();
    assert!(seat_one(&after).seconds < 600, "no increment kept: {:?}", seat_one(&after));
    assert!(seat_one(&before_reply).seconds >= 600, "it had earned one: {:?}", seat_one(&before_reply));
    // The game goes on: X moves, the engine answers again.
    client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap();
    let again = events_through(&mut client, &game.id, 7).await;
    assert_eq!(engine_of(&again[6]), Some(2));
}

#[tokio::test]
async fn an_engines_shot_is_never_taken_back_so_neither_is_the_move_before_it() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::Battleship(pb::BattleshipConfig::default())),
        allow_takebacks: true,
        ..Default::default()
    };
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        bots: vec![bot(2, 1)],
        ..Default::default()
    };
    let created = client.create_game(request).await.unwrap().into_inner();
    let game =
        Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    let ready = pb::Move { kind: Some(pb::r#move::Kind::Ready(pb::Ready {})) };
    client.submit_move(submit(&game, 0, classic_fleet())).await.unwrap();
    client.submit_move(submit(&game, 0, ready)).await.unwrap();
    // Wait until the engine has placed, confirmed, and it is X's turn to shoot.
    let shot = pb::Move { kind: Some(pb::r#move::Kind::Shot(pb::Shot { target: Some(pb::Cell { row: 0, col: 0 }) })) };
    let shot_at = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            match client.submit_move(submit(&game, 0, shot.clone())).await {
                Ok(shot) => break shot.into_inner().seq,
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    })
    .await
    .expect("X shoots once the engine is ready");
    // The engine shoots back, the event after X's shot; X asks to take back.
    let seq = shot_at + 1;
    let events = events_through(&mut client, &game.id, seq).await;
    assert_eq!(engine_of(events.last().unwrap()), Some(2), "the engine shot back");
    let refused = client
        .take_back(as_seat(&game.tokens[0], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&refused, Code::FailedPrecondition, "TAKEBACK_NOT_ALLOWED");
    let after = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    assert_eq!(after.game.unwrap().seq, seq, "nothing was taken back");
}
