//! Taking back the move that ended a game (`GameConfig.ending_takeback_window`) over a
//! real socket: the game goes on, its stream stays open after the end until the end is
//! final, the owner's stream says so, and what waits for a final end (a rematch, an
//! archive) waits; past the window, or once declined, the end is final.

use std::time::Duration;

use crate::common::*;
use tokio_stream::StreamExt;
use tonic::Code;
use tonic_types::StatusExt;

/// X's win on the top row; O plays the middle row.
fn x_wins() -> Vec<pb::Move> {
    vec![cell_move(0, 0), cell_move(1, 0), cell_move(0, 1), cell_move(1, 1), cell_move(0, 2)]
}

fn reopenable(window: Duration, consent: bool) -> pb::GameConfig {
    pb::GameConfig {
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
        allow_takebacks: true,
        takebacks_need_consent: consent,
        ending_takeback_window: Some(prost_types::Duration::try_from(window).unwrap()),
        ..Default::default()
    }
}

fn take_back(game: &Game, seat: usize) -> tonic::Request<pb::TakeBackRequest> {
    as_seat(&game.tokens[seat], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() })
}

fn answer(game: &Game, seat: usize, accept: bool) -> tonic::Request<pb::AnswerTakeBackRequest> {
    let request = pb::AnswerTakeBackRequest { game_id: game.id.clone(), accept, ..Default::default() };
    as_seat(&game.tokens[seat], request)
}

async fn status_of(client: &mut Client, id: &str) -> pb::GameStatus {
    let game = client.get_game(pb::GetGameRequest { game_id: id.into() }).await.unwrap().into_inner().game.unwrap();
    game.status()
}

/// The events' kinds, as the contract names their arms.
fn kinds(events: &[pb::GameEvent]) -> Vec<&'static str> {
    events
        .iter()
        .map(|event| match event.kind.as_ref().unwrap() {
            pb::game_event::Kind::GameCreated(_) => "created",
            pb::game_event::Kind::MoveApplied(_) => "move",
            pb::game_event::Kind::GameEnded(_) => "ended",
            pb::game_event::Kind::MoveTakenBack(_) => "taken back",
            pb::game_event::Kind::GameResumed(_) => "resumed",
            pb::game_event::Kind::TakebackRequested(_) => "requested",
            pb::game_event::Kind::TakebackDeclined(_) => "declined",
            other => panic!("unexpected {other:?}"),
        })
        .collect()
}

#[tokio::test]
async fn the_winning_move_taken_back_in_its_window_puts_the_game_back_in_progress() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_from(&mut client, reopenable(Duration::from_secs(60), false)).await;
    let owner_request = pb::StreamOwnerEventsRequest {
        kinds: vec![pb::OwnerEventKind::GameEnded as i32, pb::OwnerEventKind::GameResumed as i32],
        ..Default::default()
    };
    let mut owner = client.stream_owner_events(owner_request).await.unwrap().into_inner();
    let mut stream = client
        .stream_events(pb::StreamEventsRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    let won = play_all(&mut client, &game, &x_wins()).await;
    assert_eq!(won.seq, 7, "five moves and the end");
    assert_eq!(status_of(&mut client, &game.id).await, pb::GameStatus::Finished);

    // Not O's to take back; and what waits for a final end waits, saying until when.
    let refused = client.take_back(take_back(&game, 1)).await.unwrap_err();
    assert_error(&refused, Code::FailedPrecondition, "NOTHING_TO_TAKE_BACK");
    let rematch = pb::CreateRematchRequest { game_id: game.id.clone(), ..Default::default() };
    let early = client.create_rematch(rematch.clone()).await.unwrap_err();
    assert_error(&early, Code::FailedPrecondition, "GAME_NOT_FINISHED");
    assert!(early.get_details_error_info().unwrap().metadata.contains_key("final_at"), "{early:?}");
    let archive = pb::ArchiveGameRequest { game_id: game.id.clone() };
    let early = client.archive_game(archive.clone()).await.unwrap_err();
    assert_error(&early, Code::FailedPrecondition, "GAME_NOT_FINISHED");

    let taken = client.take_back(take_back(&game, 0)).await.unwrap().into_inner();
    assert_eq!(taken.seq, 9, "the takeback and the resumption");
    let view = taken.view.unwrap();
    assert_eq!((view.status(), view.to_act.clone()), (pb::GameStatus::InProgress, vec![1]));
    assert_eq!(status_of(&mut client, &game.id).await, pb::GameStatus::InProgress);
    // X plays elsewhere and O wins on the middle row.
    client.submit_move(submit(&game, 0, cell_move(2, 2))).await.unwrap();
    let ended = client.submit_move(submit(&game, 1, cell_move(1, 2))).await.unwrap().into_inner();
    assert_eq!(ended.seq, 12);

    // The stream went on past the first end, and holds every event once, in order.
    let mut events = Vec::new();
    while events.len() < 12 {
        let next = tokio::time::timeout(Duration::from_secs(10), stream.next()).await.expect("the stream goes on");
        events.push(next.unwrap().unwrap().event.unwrap());
    }
    let expected =
        ["created", "move", "move", "move", "move", "move", "ended", "taken back", "resumed", "move", "move", "ended"];
    assert_eq!(kinds(&events), expected);
    assert_eq!(events.iter().map(|event| event.seq).collect::<Vec<_>>(), (1..=12).collect::<Vec<_>>());
    let mut entries = Vec::new();
    while entries.len() < 3 {
        let next = tokio::time::timeout(Duration::from_secs(10), owner.next()).await.expect("the owner's stream");
        entries.push(next.unwrap().unwrap().event.unwrap().kind());
    }
    use pb::OwnerEventKind::{GameEnded, GameResumed};
    assert_eq!(entries, vec![GameEnded, GameResumed, GameEnded]);
}

#[tokio::test]
async fn past_the_window_the_end_is_final_the_stream_closes_and_a_rematch_may_follow() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_from(&mut client, reopenable(Duration::from_secs(1), false)).await;
    play_all(&mut client, &game, &x_wins()).await;
    // A stream opened after the end stays open until the end is final, then closes.
    let opened = std::time::Instant::now();
    let request = pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 7, ..Default::default() };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    let closed = tokio::time::timeout(Duration::from_secs(10), stream.next()).await.expect("it closes");
    assert!(closed.is_none(), "nothing more: {closed:?}");
    assert!(opened.elapsed() >= Duration::from_millis(500), "open while the end could be taken back");
    let late = client.take_back(take_back(&game, 0)).await.unwrap_err();
    assert_error(&late, Code::FailedPrecondition, "GAME_OVER");
    assert!(late.message().contains("takeback window"), "{}", late.message());
    let rematch = pb::CreateRematchRequest { game_id: game.id.clone(), ..Default::default() };
    client.create_rematch(rematch).await.expect("the end is final: a rematch may follow");
}

#[tokio::test]
async fn a_request_to_take_back_the_end_declined_leaves_it_final() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_from(&mut client, reopenable(Duration::from_secs(60), true)).await;
    play_all(&mut client, &game, &x_wins()).await;
    let asked = client.take_back(take_back(&game, 0)).await.unwrap().into_inner();
    assert_eq!(asked.view.unwrap().takeback_request, 1, "shown waiting");
    let declined = client.answer_take_back(answer(&game, 1, false)).await.unwrap().into_inner();
    assert_eq!(declined.seq, 9);
    let events = events_through(&mut client, &game.id, 9).await;
    assert_eq!(kinds(&events[6..]), ["ended", "requested", "declined"]);
    let again = client.take_back(take_back(&game, 0)).await.unwrap_err();
    assert_error(&again, Code::FailedPrecondition, "GAME_OVER");
    let archive = pb::ArchiveGameRequest { game_id: game.id.clone() };
    client.archive_game(archive).await.expect("declined: the end is final");
    // The stream from the start ends at once: nothing more will come.
    let request = pb::StreamEventsRequest { game_id: game.id.clone(), ..Default::default() };
    let stream = client.stream_events(request).await.unwrap().into_inner();
    let all = tokio::time::timeout(Duration::from_secs(5), stream.collect::<Vec<_>>()).await.expect("it ends");
    assert_eq!(all.len(), 9);
}

#[tokio::test]
async fn a_window_that_makes_no_sense_is_refused_naming_every_problem() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let fields = |status: &tonic::Status| -> Vec<String> {
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect()
    };
    let create = |config: pb::GameConfig| pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        ..Default::default()
    };
    // Without takebacks, and too long.
    let mut config = reopenable(Duration::from_secs(7_200), false);
    config.allow_takebacks = false;
    let refused = client.create_game(create(config)).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    assert_eq!(fields(&refused), ["config.ending_takeback_window", "config.ending_takeback_window"]);
    // Battleship's end shows its fleets; peg solitaire holds no such choice.
    for game in [
        pb::game_config::Game::Battleship(pb::BattleshipConfig::default()),
        pb::game_config::Game::PegSolitaire(pb::PegSolitaireConfig::default()),
    ] {
        let config = pb::GameConfig { game: Some(game), ..reopenable(Duration::from_secs(60), false) };
        let refused = client.create_game(create(config)).await.unwrap_err();
        assert_eq!(fields(&refused), ["config.ending_takeback_window"], "{refused:?}");
    }
    // Not with a spectator delay, which an end shown to everyone would defeat.
    let delayed = pb::CreateGameRequest {
        spectator_delay: Some(pb::SpectatorDelay { plies: 2, ..Default::default() }),
        ..create(reopenable(Duration::from_secs(60), false))
    };
    let refused = client.create_game(delayed).await.unwrap_err();
    assert_eq!(fields(&refused), ["spectator_delay"]);
    // Not in a series, which moves on when a game ends.
    let series = pb::CreateSeriesRequest {
        source: Some(pb::create_series_request::Source::Config(reopenable(Duration::from_secs(60), false))),
        best_of: 3,
        ..Default::default()
    };
    let refused = client.create_series(series).await.unwrap_err();
    assert_eq!(fields(&refused), ["config.ending_takeback_window"]);
}

#[tokio::test]
async fn on_a_clock_the_time_between_the_end_and_its_takeback_is_charged_to_nobody() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let minute = pb::TimeControl {
        control: Some(pb::time_control::Control::Fischer(pb::FischerControl {
            base: Some(prost_types::Duration { seconds: 60, nanos: 0 }),
            increment: None,
        })),
    };
    let clock = pb::ClockConfig { controls: vec![minute], ..Default::default() };
    let game =
        create_from(&mut client, pb::GameConfig { clock: Some(clock), ..reopenable(Duration::from_secs(60), false) })
            .await;
    let won = play_all(&mut client, &game, &x_wins()).await;
    let remaining = |view: &pb::View, seat: usize| {
        let readings = view.clock.as_ref().expect("a game on a clock shows its clocks");
        let clock = &readings.seats[seat];
        let left = clock.remaining.expect("each seat's time");
        (Duration::new(left.seconds as u64, left.nanos as u32), clock.running)
    };
    let (left_at_the_end, running) = remaining(won.view.as_ref().unwrap(), 0);
    assert!(!running, "the end stops every clock");
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let taken = client.take_back(take_back(&game, 0)).await.unwrap().into_inner();
    let view = taken.view.unwrap();
    let (left, running) = remaining(&view, 0);
    assert!(running, "X is to move again, its clock running");
    // What X had when it won, less nothing for the 1.5 s the game lay finished (the read
    // happens a moment after the takeback).
    assert!(left + Duration::from_millis(500) >= left_at_the_end, "{left:?} against {left_at_the_end:?}");
    assert!(!remaining(&view, 1).1, "O's clock waits");
}
