//! Clocks over a real socket. The server here takes its time from a clock the test moves
//! by hand (`TimeSource::Manual`), so every reading and every deadline is exact: a seat's
//! time runs while it is to act, each control charges it as its rules say, a timeout is
//! made by the clock when the time is past the deadline (the seat loses, or the clock plays
//! for it), and a service key pauses, resumes and adds time. The last tests use the real
//! binary and the system's clock, across a restart.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::common::*;
use tabula::play::{ManualTime, TimeSource};
use tabula::service::ServeOptions;
use tonic::Code;
use tonic_types::StatusExt;

const SECOND: u64 = 1_000;

/// A server whose time stands still until the test moves it, from a whole millisecond.
async fn server_on_a_hand_clock() -> (TestServer, Arc<ManualTime>) {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let time = ManualTime::new(UNIX_EPOCH + Duration::from_millis(now.as_millis() as u64));
    let options = ServeOptions { time: TimeSource::Manual(time.clone()), ..ServeOptions::default() };
    (TestServer::start_with(options).await, time)
}

fn millis(ms: u64) -> prost_types::Duration {
    prost_types::Duration { seconds: (ms / 1_000) as i64, nanos: ((ms % 1_000) * 1_000_000) as i32 }
}

fn fischer(base: u64, increment: u64) -> pb::TimeControl {
    let control = pb::FischerControl { base: Some(millis(base)), increment: Some(millis(increment)) };
    pb::TimeControl { control: Some(pb::time_control::Control::Fischer(control)) }
}

fn delay(base: u64, delay: u64) -> pb::DelayControl {
    pb::DelayControl { base: Some(millis(base)), delay: Some(millis(delay)) }
}

fn control(control: pb::time_control::Control) -> pb::TimeControl {
    pb::TimeControl { control: Some(control) }
}

fn per_move(ms: u64) -> pb::TimeControl {
    control(pb::time_control::Control::PerMove(millis(ms)))
}

fn clock(controls: Vec<pb::TimeControl>, on_timeout: pb::TimeoutRule) -> pb::ClockConfig {
    pb::ClockConfig { controls, on_timeout: on_timeout as i32, first_move_window: None }
}

/// A minute each, and `window` milliseconds for each seat's first move.
fn with_first_move_window(window: u64) -> pb::ClockConfig {
    pb::ClockConfig {
        first_move_window: Some(millis(window)),
        ..clock(vec![fischer(60 * SECOND, 0)], pb::TimeoutRule::Lose)
    }
}

async fn create_timed(client: &mut Client, game: pb::game_config::Game, clock: pb::ClockConfig) -> Game {
    create_on_clock(client, game, Some(clock)).await
}

fn connect_four() -> pb::game_config::Game {
    pb::game_config::Game::ConnectFour(pb::ConnectFourConfig::default())
}

async fn spectator_view(client: &mut Client, game: &Game) -> pb::View {
    let request = pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() };
    client.get_view(request).await.unwrap().into_inner().view.unwrap()
}

fn readings(view: &pb::View) -> &pb::ClockReadings {
    view.clock.as_ref().expect("a game on a clock shows its clocks")
}

/// Seat `seat`'s (from 1) remaining time in milliseconds, whether it runs, and its deadline
/// in milliseconds after `start`.
fn seat_clock(readings: &pb::ClockReadings, seat: u32, start: SystemTime) -> (u64, bool, Option<u64>) {
    let clock = &readings.seats[seat as usize - 1];
    assert_eq!(clock.seat, seat);
    let remaining = clock.remaining.unwrap();
    let remaining = remaining.seconds as u64 * 1_000 + remaining.nanos as u64 / 1_000_000;
    let deadline = clock.deadline.map(|deadline| {
        let at = SystemTime::try_from(deadline).unwrap();
        at.duration_since(start).unwrap().as_millis() as u64
    });
    (remaining, clock.running, deadline)
}

fn kind(event: &pb::GameEvent) -> &pb::game_event::Kind {
    event.kind.as_ref().unwrap()
}

fn by_the_clock(event: &pb::GameEvent) -> bool {
    matches!(event.actor.as_ref().and_then(|a| a.kind.as_ref()), Some(pb::actor::Kind::Clock(_)))
}

fn outcome(event: &pb::GameEvent) -> &pb::Outcome {
    let pb::game_event::Kind::GameEnded(ended) = kind(event) else { panic!("not an end: {event:?}") };
    ended.outcome.as_ref().unwrap()
}

const PATIENCE: Duration = Duration::from_secs(10);

#[tokio::test]
async fn each_control_charges_the_seat_that_moved_as_its_rules_say() {
    use pb::time_control::Control;
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    // (control, X's time after a move that took 10 s, O's deadline after it, from the start)
    let cases = [
        (fischer(60 * SECOND, 2 * SECOND), 52 * SECOND, 70 * SECOND),
        (control(Control::Bronstein(delay(60 * SECOND, 3 * SECOND))), 53 * SECOND, 70 * SECOND),
        (control(Control::SimpleDelay(delay(60 * SECOND, 3 * SECOND))), 53 * SECOND, 73 * SECOND),
        (per_move(20 * SECOND), 20 * SECOND, 30 * SECOND),
        (control(Control::CorrespondenceDays(1)), 86_400 * SECOND, 86_410 * SECOND),
    ];
    for (control, after_move, their_deadline) in cases {
        let start = time.now();
        let game = create_timed(&mut client, connect_four(), clock(vec![control], pb::TimeoutRule::Lose)).await;
        let created = spectator_view(&mut client, &game).await;
        let (full, running, _) = seat_clock(readings(&created), 1, start);
        assert!(running, "{control:?}: the first seat thinks from the creation");
        assert!(!seat_clock(readings(&created), 2, start).1, "{control:?}: the second seat waits");

        time.advance(Duration::from_secs(10));
        let moved = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap().into_inner();
        let readings = readings(moved.view.as_ref().unwrap());
        assert_eq!(seat_clock(readings, 1, start), (after_move, false, None), "{control:?} after 10 s");
        assert_eq!(seat_clock(readings, 2, start), (full, true, Some(their_deadline)), "{control:?}");
        // The move's event carries the same readings, as of its time.
        let clock = moved.events[0].clock.as_ref().unwrap();
        assert_eq!(seat_clock(clock, 1, start).0, after_move, "{control:?}");
    }
}

#[tokio::test]
async fn a_seat_out_of_time_loses_and_a_later_move_is_refused() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let start = time.now();
    let game =
        create_timed(&mut client, connect_four(), clock(vec![fischer(5 * SECOND, 0)], pb::TimeoutRule::Lose)).await;
    // A move exactly at the deadline is in time.
    time.advance(Duration::from_secs(5));
    let moved = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap().into_inner();
    assert_eq!(seat_clock(readings(moved.view.as_ref().unwrap()), 1, start), (0, false, None));
    // One millisecond late is not: the move is refused, as out of time or, when the clock
    // has acted already, as after the end (which comes first is the scheduler's choice;
    // the play layer's own test pins `OUT_OF_TIME`). Never both a move and a timeout.
    time.advance(Duration::from_millis(5_001));
    let late = client.submit_move(submit(&game, 1, column_move(3))).await.unwrap_err();
    assert_eq!(late.code(), Code::FailedPrecondition);
    assert!(["OUT_OF_TIME", "GAME_OVER"].contains(&reason(&late).as_str()), "{late:?}");

    let events = await_events(&mut client, &game.id, 4, PATIENCE).await;
    let created = events[0].clock.as_ref().expect("the creation shows the clocks as they start");
    assert_eq!(seat_clock(created, 1, start), (5 * SECOND, true, Some(5 * SECOND)));
    assert_eq!(events[3].clock, None, "an end's clocks are the event's before it");
    let pb::game_event::Kind::TimedOut(timed_out) = kind(&events[2]) else { panic!("{:?}", events[2]) };
    assert_eq!(timed_out.seat, 2);
    assert!(by_the_clock(&events[2]), "the clock made the timeout");
    let timed_out_clocks = events[2].clock.as_ref().unwrap();
    assert_eq!(seat_clock(timed_out_clocks, 2, start), (0, false, None), "out of time, stopped");
    let won = outcome(&events[3]);
    assert_eq!((won.winner, won.reason), (1, pb::EndReason::Timeout as i32));
    // A stream with views shows the clocks with every view, the creation's and the end's too.
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: true, view_changes: false };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    let mut views = Vec::new();
    while let Some(message) = stream.message().await.unwrap() {
        views.push(message.view.unwrap());
    }
    let clocks: Vec<_> = views.iter().map(|view| seat_clock(readings(view), 1, start)).collect();
    assert_eq!(clocks, [(5 * SECOND, true, Some(5 * SECOND)), (0, false, None), (0, false, None), (0, false, None)]);
    assert_eq!(seat_clock(readings(&views[3]), 2, start), (0, false, None), "seat 2 out of time at the end");
    // Once is all: the game stays at seq 4.
    time.advance(Duration::from_secs(60));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let seq = spectator_view(&mut client, &game).await.seq;
    assert_eq!(seq, 4, "a timeout is made once");
}

#[tokio::test]
async fn a_move_a_fraction_of_a_millisecond_late_is_refused_not_stamped_after_its_deadline() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let game =
        create_timed(&mut client, connect_four(), clock(vec![fischer(5 * SECOND, 0)], pb::TimeoutRule::Lose)).await;
    let deadline = readings(&spectator_view(&mut client, &game).await).seats[0].deadline.unwrap();
    time.advance(Duration::from_micros(5_000_300));
    let late = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap_err();
    assert_eq!(late.code(), Code::FailedPrecondition);
    assert!(["OUT_OF_TIME", "GAME_OVER"].contains(&reason(&late).as_str()), "{late:?}");
    let events = await_events(&mut client, &game.id, 3, PATIENCE).await;
    assert!(matches!(kind(&events[1]), pb::game_event::Kind::TimedOut(_)), "{:?}", events[1]);
    let timed_out_at = SystemTime::try_from(events[1].time.unwrap()).unwrap();
    assert!(timed_out_at > SystemTime::try_from(deadline).unwrap(), "the timeout comes after the deadline");
}

#[tokio::test]
async fn in_chess_a_win_on_time_needs_mating_material_and_a_puzzle_out_of_time_is_a_draw() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let chess = |fen: &str| pb::game_config::Game::Chess(pb::ChessConfig { fen: fen.to_owned(), ..Default::default() });
    let lose = |ms| clock(vec![fischer(ms, 0)], pb::TimeoutRule::Lose);
    // Black to move runs out; White has a bare king, then a rook.
    let bare = create_timed(&mut client, chess("r6k/8/8/8/8/8/8/4K3 b - - 0 1"), lose(10 * SECOND)).await;
    let rook = create_timed(&mut client, chess("r6k/8/8/8/8/8/8/R3K3 b - - 0 1"), lose(10 * SECOND)).await;
    let puzzle = create_preset_with_clock(&mut client, pb::GameKind::PegSolitaire, lose(10 * SECOND)).await;
    time.advance(Duration::from_millis(10_001));
    let drawn = await_events(&mut client, &bare.id, 3, PATIENCE).await;
    let drawn = outcome(&drawn[2]);
    assert_eq!(
        (drawn.r#type, drawn.reason),
        (pb::OutcomeType::Draw as i32, pb::EndReason::TimeoutVsInsufficientMaterial as i32)
    );
    let won = await_events(&mut client, &rook.id, 3, PATIENCE).await;
    let won = outcome(&won[2]);
    assert_eq!((won.winner, won.reason), (1, pb::EndReason::Timeout as i32));
    let solo = await_events(&mut client, &puzzle.id, 3, PATIENCE).await;
    let solo = outcome(&solo[2]);
    assert_eq!((solo.r#type, solo.reason), (pb::OutcomeType::Draw as i32, pb::EndReason::Timeout as i32));
}

/// A game of `kind`'s default configuration on `clock`.
async fn create_preset_with_clock(client: &mut Client, kind: pb::GameKind, clock: pb::ClockConfig) -> Game {
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    let info = kinds.into_iter().find(|info| info.kind == kind as i32).unwrap();
    let game = info.default_config.unwrap().game.unwrap();
    create_timed(client, game, clock).await
}

#[tokio::test]
async fn with_default_moves_the_clock_plays_for_each_seat_out_of_time_and_the_game_goes_on() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let game = create_preset_with_clock(
        &mut client,
        pb::GameKind::Battleship,
        clock(vec![per_move(10 * SECOND)], pb::TimeoutRule::DefaultMove),
    )
    .await;
    // Both seats place at once and both run out: the clock places a random fleet for each,
    // then (their time per move afresh) confirms it, then shoots for the first seat.
    for seq in [3, 5, 6] {
        time.advance(Duration::from_millis(10_001));
        await_events(&mut client, &game.id, seq, PATIENCE).await;
    }
    let events = events_through(&mut client, &game.id, 6).await;
    assert!(events[1..].iter().all(by_the_clock), "{events:#?}");
    let moves: Vec<&pb::MoveApplied> = events[1..]
        .iter()
        .map(|event| match kind(event) {
            pb::game_event::Kind::MoveApplied(applied) => applied,
            other => panic!("the clock makes moves here, not {other:?}"),
        })
        .collect();
    assert_eq!(moves.iter().map(|m| m.seat).collect::<Vec<_>>(), [1, 2, 1, 2, 1], "fleets, readies, a shot");
    assert!(moves[..2].iter().all(|m| m.redacted), "a spectator never sees a fleet");
    let view = spectator_view(&mut client, &game).await;
    assert_eq!((view.status, view.to_act.as_slice()), (pb::GameStatus::InProgress as i32, &[2][..]));
    // The seat's own view shows the fleet the clock placed for it.
    let own = client
        .get_view(as_seat(&game.tokens[0], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    let ships = own.seat_boards[0].cells.iter().filter(|cell| cell.piece == pb::Piece::Ship as i32).count();
    assert_eq!(ships, 17, "the classic fleet fills 17 cells");
}

#[tokio::test]
async fn a_service_key_pauses_resumes_and_adds_time_each_as_an_event() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let start = time.now();
    let game =
        create_timed(&mut client, connect_four(), clock(vec![fischer(60 * SECOND, 0)], pb::TimeoutRule::Lose)).await;
    time.advance(Duration::from_secs(10));
    let pause = || pb::PauseClockRequest { game_id: game.id.clone(), request_id: "pause-1".into() };
    let paused = client.pause_clock(pause()).await.unwrap().into_inner().view.unwrap();
    assert!(readings(&paused).paused);
    assert_eq!(seat_clock(readings(&paused), 1, start), (50 * SECOND, false, None), "charged for its 10 s");
    // A retry is the first answer; a second pause is refused; nobody moves meanwhile, and
    // no time runs out however long the break.
    assert_eq!(client.pause_clock(pause()).await.unwrap().into_inner().view.unwrap().seq, paused.seq);
    let again = pb::PauseClockRequest { game_id: game.id.clone(), request_id: String::new() };
    assert_error(&client.pause_clock(again).await.unwrap_err(), Code::FailedPrecondition, "CLOCK_PAUSED");
    time.advance(Duration::from_secs(3_600));
    let refused = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap_err();
    assert_error(&refused, Code::FailedPrecondition, "CLOCK_PAUSED");

    let add = pb::AddTimeRequest {
        game_id: game.id.clone(),
        seat: 1,
        time: Some(millis(15 * SECOND)),
        request_id: String::new(),
    };
    let added = client.add_time(add).await.unwrap().into_inner().view.unwrap();
    assert_eq!(seat_clock(readings(&added), 1, start).0, 65 * SECOND);
    let resume = pb::ResumeClockRequest { game_id: game.id.clone(), request_id: String::new() };
    let resumed = client.resume_clock(resume.clone()).await.unwrap().into_inner().view.unwrap();
    let now = 3_610 * SECOND;
    assert_eq!(seat_clock(readings(&resumed), 1, start), (65 * SECOND, true, Some(now + 65 * SECOND)));
    assert_error(&client.resume_clock(resume).await.unwrap_err(), Code::FailedPrecondition, "CLOCK_NOT_PAUSED");

    let events = events_through(&mut client, &game.id, 4).await;
    assert!(matches!(kind(&events[1]), pb::game_event::Kind::ClockPaused(_)));
    let pb::game_event::Kind::TimeAdded(added) = kind(&events[2]) else { panic!("{:?}", events[2]) };
    assert_eq!((added.seat, added.added), (1, Some(millis(15 * SECOND))));
    assert!(matches!(kind(&events[3]), pb::game_event::Kind::ClockResumed(_)));
    for event in &events[1..] {
        assert!(matches!(event.actor.as_ref().and_then(|a| a.kind.as_ref()), Some(pb::actor::Kind::Service(_))));
        assert!(event.clock.is_some(), "every clock change carries the clocks after it");
    }

    // What does not apply is refused, every problem at once.
    let bad =
        pb::AddTimeRequest { game_id: game.id.clone(), seat: 9, time: Some(millis(0)), request_id: String::new() };
    let status = client.add_time(bad).await.unwrap_err();
    assert_error(&status, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["seat", "time"]);
    let untimed = create_config(&mut client, connect_four()).await;
    let no_clock = client.pause_clock(pb::PauseClockRequest { game_id: untimed.id, request_id: String::new() }).await;
    assert_error(&no_clock.unwrap_err(), Code::FailedPrecondition, "NO_CLOCK");
}

#[tokio::test]
async fn a_seat_that_never_makes_its_first_move_is_a_no_show_and_the_clock_aborts_the_game() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let start = time.now();
    let game = create_timed(&mut client, connect_four(), with_first_move_window(10 * SECOND)).await;
    // Until its first move a seat's own clock does not run; its window does.
    let view = spectator_view(&mut client, &game).await;
    assert_eq!(seat_clock(readings(&view), 1, start), (60 * SECOND, true, Some(10 * SECOND)));
    time.advance(Duration::from_secs(8));
    let moved = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap().into_inner();
    let clocks = readings(moved.view.as_ref().unwrap());
    assert_eq!(seat_clock(clocks, 1, start), (60 * SECOND, false, None), "the first move cost nothing");
    assert_eq!(seat_clock(clocks, 2, start), (60 * SECOND, true, Some(18 * SECOND)), "the second seat's window");
    // The second seat lets its window pass: a no-show, and the game is called off.
    time.advance(Duration::from_millis(10_001));
    let events = await_events(&mut client, &game.id, 4, PATIENCE).await;
    let pb::game_event::Kind::GameAborted(aborted) = kind(&events[2]) else { panic!("{:?}", events[2]) };
    assert!(by_the_clock(&events[2]), "the clock called it off");
    assert!(aborted.explanation.contains("seat 2") && aborted.explanation.contains("no-show"), "{aborted:?}");
    assert_eq!(aborted.no_show_seat, 2, "the no-show named for the lobby to pair again without it");
    assert_eq!(outcome(&events[3]).reason, pb::EndReason::Aborted as i32);
    let late = client.submit_move(submit(&game, 1, column_move(3))).await.unwrap_err();
    assert_error(&late, Code::FailedPrecondition, "GAME_OVER");

    // Both seats in time: from then on each clock runs as its control says.
    let game = create_timed(&mut client, connect_four(), with_first_move_window(10 * SECOND)).await;
    let start = time.now();
    time.advance(Duration::from_secs(9));
    client.submit_move(submit(&game, 0, column_move(3))).await.unwrap();
    time.advance(Duration::from_secs(9));
    client.submit_move(submit(&game, 1, column_move(3))).await.unwrap();
    time.advance(Duration::from_secs(5));
    let moved = client.submit_move(submit(&game, 0, column_move(4))).await.unwrap().into_inner();
    let clocks = readings(moved.view.as_ref().unwrap());
    assert_eq!(seat_clock(clocks, 1, start), (55 * SECOND, false, None), "five seconds of its own time");
    assert_eq!(seat_clock(clocks, 2, start), (60 * SECOND, true, Some(83 * SECOND)), "its minute, running");
    // A window beyond its range is refused, named.
    let config = pb::GameConfig {
        game: Some(connect_four()),
        clock: Some(with_first_move_window(2 * 86_400 * SECOND)),
        ..Default::default()
    };
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    let status = client.create_game(request).await.unwrap_err();
    assert_error(&status, Code::InvalidArgument, "INVALID_CONFIG");
    let fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["config.clock.first_move_window"]);
}

#[tokio::test]
async fn a_game_scheduled_ahead_takes_no_move_before_it_starts_and_its_clocks_wait_for_it() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let start = time.now();
    let at = |ms: u64| prost_types::Timestamp::from(start + Duration::from_millis(ms));
    let config = pb::GameConfig {
        game: Some(connect_four()),
        clock: Some(with_first_move_window(10 * SECOND)),
        ..Default::default()
    };
    let request = |start_time: Option<prost_types::Timestamp>, bots: Vec<pb::BotSeat>| pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config.clone())),
        start_time,
        bots,
        ..Default::default()
    };
    let created = client.create_game(request(Some(at(60 * SECOND)), vec![])).await.unwrap().into_inner();
    let scheduled = created.game.unwrap();
    assert_eq!(scheduled.start_time, Some(at(60 * SECOND)));
    let game = Game { id: scheduled.game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    // Before the start: no move, no clock running down; the first-move window counts from the start.
    time.advance(Duration::from_secs(30));
    let early = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap_err();
    assert_error(&early, Code::FailedPrecondition, "GAME_NOT_STARTED");
    let start_time = early.get_details_error_info().unwrap().metadata.get("start_time").cloned().unwrap();
    assert_eq!(start_time, prost_types::Timestamp::from(start + Duration::from_secs(60)).to_string());
    let view = spectator_view(&mut client, &game).await;
    assert_eq!((view.seq, seat_clock(readings(&view), 1, start)), (1, (60 * SECOND, true, Some(70 * SECOND))));
    // From the start, as a game created then.
    time.advance(Duration::from_secs(30));
    let moved = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap().into_inner();
    assert_eq!(seat_clock(readings(moved.view.as_ref().unwrap()), 2, start), (60 * SECOND, true, Some(70 * SECOND)));
    // What ends a game may come before its start.
    let later = client.create_game(request(Some(at(120 * SECOND)), vec![])).await.unwrap().into_inner();
    let later =
        Game { id: later.game.unwrap().game_id, tokens: later.seat_tokens.into_iter().map(|t| t.token).collect() };
    let resign = pb::ResignRequest { game_id: later.id.clone(), ..Default::default() };
    client.resign(as_seat(&later.tokens[0], resign)).await.unwrap();
    // A start not ahead is a start now; too far ahead is refused.
    let now = client.create_game(request(Some(at(0)), vec![])).await.unwrap().into_inner().game.unwrap();
    assert_eq!(now.start_time, None, "a time not after the creation starts it at once");
    let far = client.create_game(request(Some(at(31 * 86_400 * SECOND)), vec![])).await.unwrap_err();
    assert_error(&far, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        far.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["start_time"]);
}

#[tokio::test]
async fn an_engine_seat_of_a_game_scheduled_ahead_makes_its_first_move_at_the_start() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let start = std::time::SystemTime::now() + Duration::from_millis(1_500);
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
            game: Some(connect_four()),
            ..Default::default()
        })),
        start_time: Some(prost_types::Timestamp::from(start)),
        bots: vec![pb::BotSeat { seat: 1, level: 1, ..Default::default() }],
        ..Default::default()
    };
    let created = client.create_game(request).await.unwrap().into_inner();
    let game =
        Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(spectator_view(&mut client, &game).await.seq, 1, "no move before the start");
    let events = await_events(&mut client, &game.id, 2, Duration::from_secs(10)).await;
    let moved = std::time::SystemTime::try_from(events[1].time.unwrap()).unwrap();
    assert!(moved >= start, "the engine moved at {moved:?}, before the start {start:?}");
    assert!(matches!(events[1].actor.as_ref().and_then(|a| a.kind.clone()), Some(pb::actor::Kind::Engine(1))));
}

#[tokio::test]
async fn a_time_control_that_makes_no_sense_is_refused_with_every_problem() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let narrow = pb::game_config::Game::ConnectFour(pb::ConnectFourConfig { width: 2, ..Default::default() });
    let bad_clock =
        clock(vec![fischer(0, 2 * 3_600 * SECOND), per_move(500), fischer(SECOND, 0)], pb::TimeoutRule::Lose);
    let config = pb::GameConfig { game: Some(narrow), clock: Some(bad_clock), ..Default::default() };
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    let status = client.create_game(request).await.unwrap_err();
    assert_error(&status, Code::InvalidArgument, "INVALID_CONFIG");
    let fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(
        fields,
        [
            "config.connect_four.width",
            "config.clock.controls",
            "config.clock.controls[0].base",
            "config.clock.controls[0].increment",
            "config.clock.controls[1].per_move",
        ],
        "{status:?}"
    );
    // How many controls a game takes is its configuration's to say.
    let config = pb::GameConfig {
        game: Some(connect_four()),
        clock: Some(clock(Vec::new(), pb::TimeoutRule::Lose)),
        ..Default::default()
    };
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    let status = client.create_game(request).await.unwrap_err();
    assert_error(&status, Code::InvalidArgument, "INVALID_CONFIG");
    let fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["config.clock.controls"]);
    // A duration finer than a millisecond is malformed.
    let fine = pb::TimeControl {
        control: Some(pb::time_control::Control::PerMove(prost_types::Duration { seconds: 10, nanos: 1 })),
    };
    let config = pb::GameConfig {
        game: Some(connect_four()),
        clock: Some(clock(vec![fine], pb::TimeoutRule::Lose)),
        ..Default::default()
    };
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    assert_error(&client.create_game(request).await.unwrap_err(), Code::InvalidArgument, "INVALID_REQUEST");
}

#[tokio::test]
async fn presets_carry_common_time_controls() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    let chess = kinds.iter().find(|k| k.kind == pb::GameKind::Chess as i32).unwrap();
    let blitz = chess.presets.iter().find(|p| p.name == "blitz_3_2").expect("a blitz preset");
    let blitz_clock = blitz.config.as_ref().unwrap().clock.clone().unwrap();
    assert_eq!(blitz_clock.controls, [fischer(180 * SECOND, 2 * SECOND)]);
    let standard = chess.presets.iter().find(|p| p.name == "standard").unwrap();
    assert_eq!(standard.config.as_ref().unwrap().clock, None, "the rules' presets have no clock");

    let start = time.now();
    let game = create_preset(&mut client, pb::GameKind::Chess, "blitz_3_2").await;
    let record = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    let stored = record.game.unwrap().config.unwrap().clock.unwrap();
    assert_eq!(stored.controls, [fischer(180 * SECOND, 2 * SECOND), fischer(180 * SECOND, 2 * SECOND)], "one per seat");
    let view = spectator_view(&mut client, &game).await;
    assert_eq!(seat_clock(readings(&view), 1, start), (180 * SECOND, true, Some(180 * SECOND)));
    let four = kinds.iter().find(|k| k.kind == pb::GameKind::ConnectFour as i32).unwrap();
    assert!(four.presets.iter().any(|p| p.name == "one_minute_a_move"));
}

#[tokio::test]
async fn a_bot_on_the_clock_thinks_within_its_time_not_its_move_time() {
    let (server, _time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    // A board no search exhausts: left alone, the top level thinks its whole move time.
    let game = pb::game_config::Game::TicTacToe(pb::TicTacToeConfig { size: 15, win_length: 5, ..Default::default() });
    let config = pb::GameConfig {
        game: Some(game),
        clock: Some(clock(vec![fischer(3 * SECOND, 0)], pb::TimeoutRule::Lose)),
        ..Default::default()
    };
    // The bot may think 10 s a move, but 3 s for the whole game allow it a tenth of a second.
    let bot = pb::BotSeat { seat: 2, level: 3, move_time: Some(millis(10 * SECOND)) };
    let response = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(config)),
            bots: vec![bot],
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let game = Game {
        id: response.game.unwrap().game_id,
        tokens: response.seat_tokens.into_iter().map(|t| t.token).collect(),
    };
    client.submit_move(submit(&game, 0, cell_move(7, 7))).await.unwrap();
    let events = await_events(&mut client, &game.id, 3, Duration::from_secs(5)).await;
    assert!(matches!(events[2].actor.as_ref().and_then(|a| a.kind.as_ref()), Some(pb::actor::Kind::Engine(2))));
}

#[tokio::test]
async fn a_deadline_set_before_a_restart_fires_after_it_once() {
    // A folder of its own, removed with everything SQLite put beside the file (its WAL too).
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("clock.db");
    let store = format!("sqlite:{}", path.display());
    let mut server = BinaryServer::spawn(&["--store", &store]);
    let mut client = server.client().await;
    let game =
        create_timed(&mut client, connect_four(), clock(vec![per_move(2 * SECOND)], pb::TimeoutRule::Lose)).await;
    let view = spectator_view(&mut client, &game).await;
    let deadline = SystemTime::try_from(readings(&view).seats[0].deadline.unwrap()).unwrap();
    // Killed before the deadline, started again after it: the deadline is the stored game's.
    server.kill();
    tokio::time::sleep(deadline.duration_since(SystemTime::now()).unwrap_or_default() + Duration::from_millis(500))
        .await;
    let server = BinaryServer::spawn(&["--store", &store]);
    let mut client = server.client().await;
    let events = await_events(&mut client, &game.id, 3, PATIENCE).await;
    assert!(matches!(kind(&events[1]), pb::game_event::Kind::TimedOut(_)), "{events:#?}");
    assert_eq!(outcome(&events[2]).reason, pb::EndReason::Timeout as i32);
    let logged = SystemTime::try_from(events[1].time.unwrap()).unwrap();
    assert!(logged > deadline, "made after the deadline, by the restarted server");
    drop(server);
}

#[tokio::test]
async fn every_kind_plays_on_a_clock_that_moves_for_whoever_runs_out() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    for info in kinds {
        let config = info.default_config.clone().unwrap().game.unwrap();
        let on_timeout = pb::TimeoutRule::DefaultMove;
        let game = create_timed(&mut client, config, clock(vec![per_move(10 * SECOND)], on_timeout)).await;
        // Four rounds of every seat to act running out: each time the clock moves for one.
        let mut seq = 1;
        for _ in 0..4 {
            let view = spectator_view(&mut client, &game).await;
            if view.status != pb::GameStatus::InProgress as i32 {
                break;
            }
            let running: Vec<u32> = readings(&view).seats.iter().filter(|s| s.running).map(|s| s.seat).collect();
            assert_eq!(running, view.to_act, "{}: every seat to act, and only they, run", info.name);
            time.advance(Duration::from_millis(10_001));
            let events = await_events(&mut client, &game.id, seq + view.to_act.len() as u64, PATIENCE).await;
            for event in &events[seq as usize..] {
                assert!(by_the_clock(event) || matches!(kind(event), pb::game_event::Kind::GameEnded(_)), "{event:?}");
            }
            seq = events.last().unwrap().seq;
            let after = spectator_view(&mut client, &game).await;
            assert!(readings(&after).seats.iter().all(|s| s.running == s.deadline.is_some()));
        }
        assert!(seq > 1, "{}: the clock moved", info.name);
    }
}

/// A Connect Four game on `clock` that allows takebacks (asked of the other seat with
/// `consent`).
async fn timed_with_takebacks(client: &mut Client, clock: pb::ClockConfig, consent: bool) -> Game {
    let config = pb::GameConfig {
        game: Some(connect_four()),
        clock: Some(clock),
        allow_takebacks: true,
        takebacks_need_consent: consent,
        ..Default::default()
    };
    create_from(client, config).await
}

/// Seat 1 takes back its last move, at once or by asking seat 2, who agrees; the clocks
/// afterwards.
async fn take_back_first_seats_move(client: &mut Client, game: &Game, consent: bool) -> pb::ClockReadings {
    let request = pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() };
    let taken = client.take_back(as_seat(&game.tokens[0], request)).await.unwrap().into_inner();
    let view = if consent {
        let answer = pb::AnswerTakeBackRequest { game_id: game.id.clone(), accept: true, ..Default::default() };
        client.answer_take_back(as_seat(&game.tokens[1], answer)).await.unwrap().into_inner().view.unwrap()
    } else {
        taken.view.unwrap()
    };
    view.clock.unwrap()
}

#[tokio::test]
async fn a_takeback_takes_the_moves_increment_with_it_and_time_used_stays_used() {
    let (server, time) = server_on_a_hand_clock().await;
    let mut client = server.client().await;
    for consent in [false, true] {
        let start = time.now();
        let game = timed_with_takebacks(
            &mut client,
            clock(vec![fischer(60 * SECOND, 30 * SECOND)], pb::TimeoutRule::Lose),
            consent,
        )
        .await;
        // Twenty rounds of: seat 1 thinks 1 s and drops a disc (+30 s), seat 2 thinks 1 s,
        // and seat 1 takes the disc back.
        for round in 1..=20 {
            time.advance(Duration::from_secs(1));
            let moved = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap().into_inner();
            let after_move = seat_clock(readings(moved.view.as_ref().unwrap()), 1, start).0;
            assert_eq!(after_move, (60 - round) * SECOND + 30 * SECOND, "round {round}: the increment is earned");
            time.advance(Duration::from_secs(1));
            let clocks = take_back_first_seats_move(&mut client, &game, consent).await;
            let (mine, running, _) = seat_clock(&clocks, 1, start);
            assert_eq!((mine, running), ((60 - round) * SECOND, true), "round {round}: and it goes with the move");
            assert_eq!(seat_clock(&clocks, 2, start).0, (60 - round) * SECOND, "round {round}: seat 2's second ran");
        }
    }
    // A time per move: the move's fresh time goes with it too, and what it used stays used.
    let start = time.now();
    let game =
        timed_with_takebacks(&mut client, clock(vec![per_move(20 * SECOND)], pb::TimeoutRule::Lose), false).await;
    time.advance(Duration::from_secs(5));
    client.submit_move(submit(&game, 0, column_move(3))).await.unwrap();
    let clocks = take_back_first_seats_move(&mut client, &game, false).await;
    assert_eq!(seat_clock(&clocks, 1, start).0, 15 * SECOND);
}
