//! The owner's stream over a real socket: each service key follows what happens to its
//! games (created, started, a takeback asked, a draw offered, ended however), in order,
//! live, resumed from any cursor, filtered by kind and by label, and apart from every other
//! key's.

use std::collections::BTreeMap;
use std::time::Duration;

use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tonic::Code;
use tonic_types::StatusExt;

use crate::common::*;

const LOBBY: &str = "owner-lobby-secret-0123456789";
const ARENA: &str = "owner-arena-secret-0123456789";

fn keyed() -> ServeOptions {
    let keys = ServiceKeys::parse([format!("lobby={LOBBY}").as_str(), &format!("arena={ARENA}")]).unwrap();
    ServeOptions { auth: Authenticator { service_keys: keys, jwt: None }, ..Default::default() }
}

/// Tic-tac-toe with takebacks by consent and draw offers, created by `key` with `labels`.
async fn create(client: &mut Client, key: &str, labels: &[(&str, &str)]) -> Game {
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
        allow_takebacks: true,
        takebacks_need_consent: true,
        allow_draw_offers: true,
        ..Default::default()
    };
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        labels: labels.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect::<BTreeMap<_, _>>(),
        ..Default::default()
    };
    let created = client.create_game(as_seat(key, request)).await.unwrap().into_inner();
    Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() }
}

type OwnerStream = tonic::Streaming<pb::StreamOwnerEventsResponse>;

async fn open(client: &mut Client, key: &str, request: pb::StreamOwnerEventsRequest) -> OwnerStream {
    client.stream_owner_events(as_seat(key, request)).await.unwrap().into_inner()
}

/// The next `count` events of `stream` as (cursor, kind, game id, game event seq); a test
/// waiting ten seconds for one fails rather than hangs.
async fn next(stream: &mut OwnerStream, count: usize) -> Vec<(u64, pb::OwnerEventKind, String, u64)> {
    let mut read = Vec::new();
    for _ in 0..count {
        let message = tokio::time::timeout(Duration::from_secs(10), stream.message())
            .await
            .expect("an owner event within ten seconds")
            .unwrap()
            .expect("the stream goes on");
        let event = message.event.unwrap();
        let kind = event.kind();
        let game_event = event.game_event.unwrap();
        read.push((event.cursor, kind, game_event.game_id, game_event.seq));
    }
    read
}

fn draw(action: pb::DrawAction) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Draw(pb::Draw { action: action as i32 })) }
}

#[tokio::test]
async fn a_key_follows_its_games_from_creation_to_end_live_and_again_from_any_cursor() {
    use pb::OwnerEventKind as K;
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let first = create(&mut client, LOBBY, &[("round", "1")]).await;
    let second = create(&mut client, LOBBY, &[("round", "2")]).await;
    let elsewhere = create(&mut client, ARENA, &[("round", "1")]).await;

    // The backlog, then live.
    let mut stream = open(&mut client, LOBBY, pb::StreamOwnerEventsRequest::default()).await;
    assert_eq!(
        next(&mut stream, 2).await,
        [(1, K::GameCreated, first.id.clone(), 1), (2, K::GameCreated, second.id.clone(), 1)]
    );
    client.submit_move(submit(&first, 0, cell_move(1, 1))).await.unwrap(); // seq 2: started
    let ask = pb::TakeBackRequest { game_id: first.id.clone(), ..Default::default() };
    client.take_back(as_seat(&first.tokens[0], ask)).await.unwrap(); // seq 3: asked
    let answer = pb::AnswerTakeBackRequest { game_id: first.id.clone(), accept: false, ..Default::default() };
    client.answer_take_back(as_seat(&first.tokens[1], answer)).await.unwrap(); // seq 4: nothing to tell
    client.submit_move(submit(&first, 1, draw(pb::DrawAction::Offer))).await.unwrap(); // seq 5: offered
    client.submit_move(submit(&first, 1, cell_move(0, 0))).await.unwrap(); // seq 6: nothing to tell
    let abort =
        pb::AbortGameRequest { game_id: second.id.clone(), explanation: "no-show".into(), ..Default::default() };
    client.abort_game(as_seat(LOBBY, abort)).await.unwrap(); // seq 2, 3: aborted, ended
    let resign = pb::ResignRequest { game_id: first.id.clone(), ..Default::default() };
    client.resign(as_seat(&first.tokens[0], resign)).await.unwrap(); // seq 7, 8: resigned, ended
    let live = next(&mut stream, 5).await;
    assert_eq!(
        live,
        [
            (3, K::GameStarted, first.id.clone(), 2),
            (4, K::TakebackRequested, first.id.clone(), 3),
            (5, K::DrawOffered, first.id.clone(), 5),
            (6, K::GameEnded, second.id.clone(), 3),
            (7, K::GameEnded, first.id.clone(), 8),
        ]
    );

    // Again from a cursor, by kind, by label: the same entries, the same cursors.
    let ended =
        pb::StreamOwnerEventsRequest { after_cursor: 3, kinds: vec![K::GameEnded as i32], ..Default::default() };
    let mut again = open(&mut client, LOBBY, ended).await;
    assert_eq!(next(&mut again, 2).await, live[3..]);
    let round_two =
        pb::StreamOwnerEventsRequest { labels: [("round".to_owned(), "2".to_owned())].into(), ..Default::default() };
    let mut labelled = open(&mut client, LOBBY, round_two).await;
    assert_eq!(
        next(&mut labelled, 2).await,
        [(2, K::GameCreated, second.id.clone(), 1), (6, K::GameEnded, second.id.clone(), 3)]
    );
    // The end carries the game's result as a spectator reads it.
    let mut whole =
        open(&mut client, LOBBY, pb::StreamOwnerEventsRequest { after_cursor: 6, ..Default::default() }).await;
    let message = whole.message().await.unwrap().unwrap().event.unwrap().game_event.unwrap();
    let Some(pb::game_event::Kind::GameEnded(end)) = message.kind else { panic!("{message:?}") };
    assert_eq!(end.outcome.unwrap().winner, 2, "the first seat resigned");

    // Another key sees its own games only.
    let mut arena = open(&mut client, ARENA, pb::StreamOwnerEventsRequest::default()).await;
    assert_eq!(next(&mut arena, 1).await, [(1, K::GameCreated, elsewhere.id.clone(), 1)]);
    let quiet = tokio::time::timeout(Duration::from_millis(300), arena.message()).await;
    assert!(quiet.is_err(), "nothing of the lobby's games: {quiet:?}");
}

#[tokio::test]
async fn a_bad_owner_stream_request_is_refused_with_every_problem_named() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    create(&mut client, LOBBY, &[]).await;
    let beyond = pb::StreamOwnerEventsRequest { after_cursor: 2, ..Default::default() };
    let refused = client.stream_owner_events(as_seat(LOBBY, beyond)).await.unwrap_err();
    assert_error(&refused, Code::OutOfRange, "SEQ_OUT_OF_RANGE");
    let info = refused.get_details_error_info().unwrap();
    assert_eq!(info.metadata.get("current_cursor").map(String::as_str), Some("1"), "{refused:?}");
    // The newest cursor itself is where a caller already up to date resumes: nothing yet.
    let up_to_date = pb::StreamOwnerEventsRequest { after_cursor: 1, ..Default::default() };
    let mut waiting = open(&mut client, LOBBY, up_to_date).await;
    assert!(tokio::time::timeout(Duration::from_millis(200), waiting.message()).await.is_err());

    let bad = pb::StreamOwnerEventsRequest {
        kinds: vec![pb::OwnerEventKind::GameEnded as i32, 0, 42],
        labels: [("Not A Key".to_owned(), "x".to_owned())].into(),
        ..Default::default()
    };
    let refused = client.stream_owner_events(as_seat(LOBBY, bad)).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    let mut fields: Vec<String> =
        refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    fields.sort();
    assert_eq!(fields, ["kinds[1]", "kinds[2]", "labels[Not A Key]"]);
    // Only a service key has games to follow.
    let anonymous = client.stream_owner_events(pb::StreamOwnerEventsRequest::default()).await.unwrap_err();
    assert_error(&anonymous, Code::Unauthenticated, "CREDENTIAL_REQUIRED");
}

#[tokio::test]
async fn without_keys_the_stream_follows_the_games_created_without_one_and_ends_when_the_server_stops() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let mut stream = client.stream_owner_events(pb::StreamOwnerEventsRequest::default()).await.unwrap().into_inner();
    assert_eq!(next(&mut stream, 1).await, [(1, pb::OwnerEventKind::GameCreated, game.id.clone(), 1)]);
    // A deleted game's entries leave the stream.
    let other = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    client.delete_game(pb::DeleteGameRequest { game_id: game.id.clone() }).await.unwrap();
    let mut fresh = client.stream_owner_events(pb::StreamOwnerEventsRequest::default()).await.unwrap().into_inner();
    assert_eq!(next(&mut fresh, 1).await, [(2, pb::OwnerEventKind::GameCreated, other.id.clone(), 1)]);
    assert_eq!(next(&mut stream, 1).await, [(2, pb::OwnerEventKind::GameCreated, other.id.clone(), 1)]);
    server.stop().await;
    let ended = tokio::time::timeout(Duration::from_secs(10), stream.message()).await.expect("the stream ends");
    let status = ended.expect_err("ended with an error");
    assert_error(&status, Code::Unavailable, "SHUTTING_DOWN");
}

#[tokio::test]
async fn a_game_created_with_its_moves_on_the_owners_stream_puts_each_there_and_others_do_not() {
    use pb::OwnerEventKind as K;
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let create = |moves: bool| pb::CreateGameRequest {
        kind: pb::GameKind::ConnectFour as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        owner_stream_moves: moves,
        ..Default::default()
    };
    let mut games = Vec::new();
    for moves in [true, false] {
        let created = client.create_game(as_seat(LOBBY, create(moves))).await.unwrap().into_inner();
        assert_eq!(created.game.as_ref().unwrap().owner_stream_moves, moves);
        games.push(Game {
            id: created.game.unwrap().game_id,
            tokens: created.seat_tokens.into_iter().map(|t| t.token).collect(),
        });
    }
    for game in &games {
        client.submit_move(submit(game, 0, column_move(3))).await.unwrap();
        client.submit_move(submit(game, 1, column_move(4))).await.unwrap();
    }
    let mut stream = open(&mut client, LOBBY, pb::StreamOwnerEventsRequest::default()).await;
    let (followed, other) = (games[0].id.clone(), games[1].id.clone());
    assert_eq!(
        next(&mut stream, 6).await,
        [
            (1, K::GameCreated, followed.clone(), 1),
            (2, K::GameCreated, other.clone(), 1),
            (3, K::GameStarted, followed.clone(), 2),
            (4, K::MovePlayed, followed.clone(), 2),
            (5, K::MovePlayed, followed.clone(), 3),
            (6, K::GameStarted, other.clone(), 2),
        ]
    );
    let quiet = tokio::time::timeout(Duration::from_millis(300), stream.message()).await;
    assert!(quiet.is_err(), "the other game's moves stay off the stream: {quiet:?}");
    // Filtered to moves: only the followed game's, each its `MoveApplied`.
    let moves = pb::StreamOwnerEventsRequest { kinds: vec![K::MovePlayed as i32], ..Default::default() };
    let mut only_moves = open(&mut client, LOBBY, moves).await;
    let message = only_moves.message().await.unwrap().unwrap().event.unwrap();
    let Some(pb::game_event::Kind::MoveApplied(applied)) = message.game_event.unwrap().kind else { panic!() };
    assert_eq!((message.cursor, applied.seat, applied.label.as_str()), (4, 1, "column 4"));
}
