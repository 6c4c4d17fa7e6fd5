//! A game shown to spectators with a delay, over a real socket: a spectator sees it as it
//! stood so many moves or so long ago, in its views and on its stream, until the game ends;
//! seats and the service key see it as it is.

use std::time::{Duration, Instant};

use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tonic::Code;
use tonic_types::StatusExt;

use crate::common::*;

const LOBBY: &str = "delay-lobby-secret-0123456789";

fn keyed() -> ServeOptions {
    let keys = ServiceKeys::parse([format!("lobby={LOBBY}").as_str()]).unwrap();
    ServeOptions { auth: Authenticator { service_keys: keys, jwt: None }, ..Default::default() }
}

fn delay(plies: u32, duration_ms: Option<u64>) -> pb::SpectatorDelay {
    let duration = duration_ms
        .map(|ms| prost_types::Duration { seconds: (ms / 1_000) as i64, nanos: ((ms % 1_000) * 1_000_000) as i32 });
    pb::SpectatorDelay { plies, duration }
}

async fn create(client: &mut Client, delayed: pb::SpectatorDelay) -> Result<Game, tonic::Status> {
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        spectator_delay: Some(delayed),
        ..Default::default()
    };
    let created = client.create_game(as_seat(LOBBY, request)).await?.into_inner();
    assert!(created.game.as_ref().unwrap().spectator_delay.is_some());
    Ok(Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() })
}

/// `game`'s view as `credential` (none: a spectator) sees it now: (seq, moves).
async fn seen(client: &mut Client, game: &Game, credential: Option<&str>) -> (u64, u32) {
    let request = pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() };
    let view = client.get_view(with_credential(credential, request)).await.unwrap().into_inner().view.unwrap();
    (view.seq, view.move_count)
}

/// The next event's seq on `stream`, or `None` when none comes within `wait`.
async fn next_seq(stream: &mut tonic::Streaming<pb::StreamEventsResponse>, wait: Duration) -> Option<u64> {
    let message = tokio::time::timeout(wait, stream.message()).await.ok()?;
    Some(message.unwrap()?.event.unwrap().seq)
}

#[tokio::test]
async fn a_spectator_sees_the_game_a_move_behind_until_it_ends_and_seats_and_the_key_see_it_live() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let game = create(&mut client, delay(1, None)).await.unwrap();
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap(); // seq 2
    client.submit_move(submit(&game, 1, cell_move(0, 0))).await.unwrap(); // seq 3
    assert_eq!(seen(&mut client, &game, None).await, (2, 1), "the spectator: O's move held back");
    assert_eq!(seen(&mut client, &game, Some(&game.tokens[0])).await, (3, 2), "a seat: live");
    assert_eq!(seen(&mut client, &game, Some(LOBBY)).await, (3, 2), "the key: live");
    // Nothing of the held-back moves through other doors.
    let ahead = pb::GetViewRequest { game_id: game.id.clone(), at_seq: Some(3) };
    let refused = client.get_view(ahead).await.unwrap_err();
    assert_error(&refused, Code::OutOfRange, "SEQ_OUT_OF_RANGE");
    assert_eq!(refused.get_details_error_info().unwrap().metadata.get("current_seq").map(String::as_str), Some("2"));
    let moves = pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 1 };
    assert_error(&client.list_legal_moves(moves).await.unwrap_err(), Code::PermissionDenied, "SEAT_REQUIRED");

    // The spectator's stream: the backlog up to what it may see, then each move a move late.
    let request = pb::StreamEventsRequest { game_id: game.id.clone(), include_views: true, ..Default::default() };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    let quiet = Duration::from_millis(400);
    assert_eq!((next_seq(&mut stream, quiet).await, next_seq(&mut stream, quiet).await), (Some(1), Some(2)));
    assert_eq!(next_seq(&mut stream, quiet).await, None, "O's move waits for the next");
    client.submit_move(submit(&game, 0, cell_move(2, 0))).await.unwrap(); // seq 4
    assert_eq!(next_seq(&mut stream, Duration::from_secs(5)).await, Some(3));
    assert_eq!(next_seq(&mut stream, quiet).await, None);
    // The end shows everything at once, and the stream ends with it.
    let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
    client.resign(as_seat(&game.tokens[1], resign)).await.unwrap(); // seq 5, 6
    let mut delivered = Vec::new();
    for _ in 0..3 {
        delivered.push(next_seq(&mut stream, Duration::from_secs(5)).await);
    }
    assert_eq!(delivered, [Some(4), Some(5), Some(6)]);
    assert_eq!(seen(&mut client, &game, None).await, (6, 3), "over: the spectator sees it all");

    // A rematch keeps the delay.
    let rematch = pb::CreateRematchRequest { game_id: game.id.clone(), ..Default::default() };
    let made = client.create_rematch(as_seat(LOBBY, rematch)).await.unwrap().into_inner().game.unwrap();
    assert_eq!(made.spectator_delay.unwrap().plies, 1);
}

#[tokio::test]
async fn a_delay_in_time_holds_each_event_back_that_long_and_a_bad_delay_is_refused_with_every_problem_named() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let game = create(&mut client, delay(0, Some(1_500))).await.unwrap();
    let request = pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 1, ..Default::default() };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    let moved = Instant::now();
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap(); // seq 2
    assert_eq!(seen(&mut client, &game, None).await, (1, 0), "the move is too young for spectators");
    assert_eq!(next_seq(&mut stream, Duration::from_secs(5)).await, Some(2));
    assert!(moved.elapsed() >= Duration::from_millis(1_400), "held back {:?}", moved.elapsed());
    assert_eq!(seen(&mut client, &game, None).await, (2, 1));

    for (asked, mut fields) in [
        (delay(101, Some(500)), vec!["spectator_delay.duration", "spectator_delay.plies"]),
        (delay(0, None), vec!["spectator_delay"]),
        (delay(3, Some(3_600_001)), vec!["spectator_delay.duration"]),
    ] {
        let Err(refused) = create(&mut client, asked).await else { panic!("a bad delay was taken") };
        assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
        let mut named: Vec<String> =
            refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
        named.sort();
        fields.sort();
        assert_eq!(named, fields, "{refused:?}");
    }
}
