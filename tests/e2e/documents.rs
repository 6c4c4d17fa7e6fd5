//! `ExportGame` and `ImportGame` over a real socket: a game leaves as a document and comes
//! back the same game, its players' tokens still working, its bot and its clock carrying
//! on; a document that does not hold together is refused and stores nothing.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::common::*;
use tabula::play::{ManualTime, TimeSource};
use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tonic::Code;
use tonic_types::StatusExt;

const PATIENCE: Duration = Duration::from_secs(10);

async fn export(client: &mut Client, game_id: &str) -> String {
    let request = pb::ExportGameRequest { game_id: game_id.to_owned() };
    client.export_game(request).await.unwrap().into_inner().document
}

fn import(document: &str, validate_only: bool) -> pb::ImportGameRequest {
    pb::ImportGameRequest { document: document.to_owned(), validate_only }
}

async fn delete(client: &mut Client, game_id: &str) {
    client.delete_game(pb::DeleteGameRequest { game_id: game_id.to_owned() }).await.unwrap();
}

async fn get_game(client: &mut Client, game_id: &str) -> Result<pb::Game, tonic::Status> {
    let request = pb::GetGameRequest { game_id: game_id.to_owned() };
    client.get_game(request).await.map(|response| response.into_inner().game.unwrap())
}

async fn view(client: &mut Client, game_id: &str) -> pb::View {
    let request = pb::GetViewRequest { game_id: game_id.to_owned(), ..Default::default() };
    client.get_view(request).await.unwrap().into_inner().view.unwrap()
}

/// A game exported, deleted and imported is the same game: its id, its log, its view, and
/// its seats' tokens, which go on playing; validating the document first stores nothing,
/// and importing it a second time is refused.
#[tokio::test]
async fn a_game_exported_and_imported_again_carries_on_with_its_players_tokens() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    play_all(&mut client, &game, &[cell_move(1, 1), cell_move(0, 0)]).await;
    let before = view(&mut client, &game.id).await;
    let events_before = events_through(&mut client, &game.id, 3).await;

    let document = export(&mut client, &game.id).await;
    let json: serde_json::Value = serde_json::from_str(&document).unwrap();
    assert_eq!((json["format"].as_str(), json["id"].as_str()), (Some("tabula.game.v1"), Some(game.id.as_str())));
    assert_eq!(json["events"].as_array().unwrap().len(), 3, "the creation and two moves");
    delete(&mut client, &game.id).await;

    let checked = client.import_game(import(&document, true)).await.unwrap().into_inner().game.unwrap();
    assert_eq!((checked.game_id.as_str(), checked.seq), (game.id.as_str(), 3));
    let absent = get_game(&mut client, &game.id).await.unwrap_err();
    assert_error(&absent, Code::NotFound, "GAME_NOT_FOUND");

    let imported = client.import_game(import(&document, false)).await.unwrap().into_inner().game.unwrap();
    assert_eq!((imported.game_id.as_str(), imported.seq, imported.move_count), (game.id.as_str(), 3, 2));
    assert_eq!(get_game(&mut client, &game.id).await.unwrap(), imported);
    assert_eq!(view(&mut client, &game.id).await, before);
    assert_eq!(events_through(&mut client, &game.id, 3).await, events_before);
    // The first seat's token, handed out at the creation, still moves.
    let moved = client.submit_move(submit(&game, 0, cell_move(2, 2))).await.unwrap().into_inner();
    assert_eq!(moved.seq, 4);

    let again = client.import_game(import(&document, false)).await.unwrap_err();
    assert_error(&again, Code::AlreadyExists, "GAME_EXISTS");
    assert_eq!(again.get_details_error_info().unwrap().metadata["game_id"], game.id);
    let checked_again = client.import_game(import(&document, true)).await.unwrap_err();
    assert_error(&checked_again, Code::AlreadyExists, "GAME_EXISTS");
}

/// A document that is no document, or whose log does not replay to what it says, is
/// refused with the problem named on the `document` field, and nothing is stored.
#[tokio::test]
async fn a_document_that_does_not_hold_together_is_refused_and_stores_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    play_all(&mut client, &game, &[cell_move(1, 1), cell_move(0, 0)]).await;
    let document = export(&mut client, &game.id).await;
    delete(&mut client, &game.id).await;

    let empty = client.import_game(import("", false)).await.unwrap_err();
    assert_error(&empty, Code::InvalidArgument, "INVALID_REQUEST");
    let mut tampered: Vec<serde_json::Value> = Vec::new();
    let json: serde_json::Value = serde_json::from_str(&document).unwrap();
    // The second move played on the first one's cell.
    let mut same_cell = json.clone();
    let first_move = same_cell["events"][1]["kind"]["played"]["turn"]["Move"][1].clone();
    assert!(first_move.is_object(), "{document}");
    same_cell["events"][2]["kind"]["played"]["turn"]["Move"][1] = first_move;
    tampered.push(same_cell);
    // A gap in the log.
    let mut gap = json.clone();
    gap["events"][2]["seq"] = serde_json::json!(5);
    tampered.push(gap);
    // A move named otherwise than the rules name it, numbered otherwise, made by the other
    // seat, or made before the game was created.
    let mut label = json.clone();
    label["events"][1]["kind"]["played"]["label"] = serde_json::json!("c3");
    tampered.push(label);
    let mut number = json.clone();
    number["events"][2]["kind"]["played"]["move_number"] = serde_json::json!(7);
    tampered.push(number);
    let mut actor = json.clone();
    actor["events"][1]["kind"]["played"]["actor"] = serde_json::json!({ "seat": 1 });
    tampered.push(actor);
    let mut early = json.clone();
    early["events"][1]["time"]["secs_since_epoch"] = serde_json::json!(1);
    tampered.push(early);
    // Another format.
    let mut format = json.clone();
    format["format"] = serde_json::json!("tabula.game.v0");
    tampered.push(format);
    // A status the log does not end in.
    let mut status = json.clone();
    status["status"] = serde_json::json!("finished");
    tampered.push(status);
    for (index, wrong) in tampered.iter().map(|value| value.to_string()).chain(["{not json".to_owned()]).enumerate() {
        for validate_only in [true, false] {
            let refused = client.import_game(import(&wrong, validate_only)).await.unwrap_err();
            assert_error(&refused, Code::InvalidArgument, "INVALID_DOCUMENT");
            let violations = refused.get_details_bad_request().unwrap().field_violations;
            assert_eq!(violations.len(), 1, "{index}: {refused:?}");
            assert_eq!(violations[0].field, "document", "{index}");
            assert!(!violations[0].description.is_empty());
        }
    }
    let absent = get_game(&mut client, &game.id).await.unwrap_err();
    assert_error(&absent, Code::NotFound, "GAME_NOT_FOUND");
    // The document as exported still imports.
    client.import_game(import(&document, false)).await.unwrap();
}

/// An imported game whose seat the engine plays goes on being played by it.
#[tokio::test]
async fn an_imported_game_against_the_engine_is_answered_by_the_engine() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        bots: vec![pb::BotSeat { seat: 2, level: 1, move_time: None }],
        ..Default::default()
    };
    let created = client.create_game(request).await.unwrap().into_inner();
    let game = Game { id: created.game.unwrap().game_id, tokens: vec![created.seat_tokens[0].token.clone()] };
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap();
    await_events(&mut client, &game.id, 3, PATIENCE).await;
    let document = export(&mut client, &game.id).await;
    delete(&mut client, &game.id).await;
    client.import_game(import(&document, false)).await.unwrap();

    let listed = pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 1 };
    let legal = client.list_legal_moves(as_seat(&game.tokens[0], listed)).await.unwrap().into_inner().moves;
    let free = legal[0].r#move.clone().unwrap();
    let moved = client.submit_move(submit(&game, 0, free)).await.unwrap().into_inner();
    let events = await_events(&mut client, &game.id, moved.seq + 1, PATIENCE).await;
    let last = events.last().unwrap();
    assert_eq!(last.seq, moved.seq + 1, "the engine answered the imported game");
}

/// An imported game on a clock keeps its clocks' readings: the seat to move runs out of
/// time when its time, as exported, is up.
#[tokio::test]
async fn an_imported_game_on_a_clock_runs_out_of_time_where_it_would_have() {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let time = ManualTime::new(UNIX_EPOCH + Duration::from_millis(now.as_millis() as u64));
    let options = ServeOptions { time: TimeSource::Manual(time.clone()), ..ServeOptions::default() };
    let server = TestServer::start_with(options).await;
    let mut client = server.client().await;
    let base = prost_types::Duration { seconds: 60, nanos: 0 };
    let fischer = pb::FischerControl { base: Some(base), increment: None };
    let control = pb::TimeControl { control: Some(pb::time_control::Control::Fischer(fischer)) };
    let clock =
        pb::ClockConfig { controls: vec![control], on_timeout: pb::TimeoutRule::Lose as i32, first_move_window: None };
    let game = create_on_clock(&mut client, pb::game_config::Game::TicTacToe(Default::default()), Some(clock)).await;
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap();
    time.advance(Duration::from_secs(50));
    let document = export(&mut client, &game.id).await;
    delete(&mut client, &game.id).await;
    client.import_game(import(&document, false)).await.unwrap();
    let imported = get_game(&mut client, &game.id).await.unwrap();
    assert_eq!(imported.status, pb::GameStatus::InProgress as i32);

    time.advance(Duration::from_millis(10_001));
    let events = await_events(&mut client, &game.id, 4, PATIENCE).await;
    let Some(pb::game_event::Kind::TimedOut(timed_out)) = &events[2].kind else { panic!("{:?}", events[2]) };
    assert_eq!(timed_out.seat, 2, "the second seat's minute ran out as exported");
}

const KEY: &str = "lobby-secret-0123456789";

fn keyed<T>(message: T) -> tonic::Request<T> {
    as_seat(KEY, message)
}

/// Only a service key exports or imports, once keys are configured, and the imported game
/// belongs to the key that imported it.
#[tokio::test]
async fn export_and_import_need_a_service_key() {
    let options = ServeOptions {
        auth: Authenticator { service_keys: ServiceKeys::parse([format!("lobby={KEY}").as_str()]).unwrap(), jwt: None },
        ..ServeOptions::default()
    };
    let server = TestServer::start_with(options).await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::ConnectFour as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        ..Default::default()
    };
    let created = client.create_game(keyed(request)).await.unwrap().into_inner();
    let (game_id, token) = (created.game.unwrap().game_id, created.seat_tokens[0].token.clone());

    let by_seat = client.export_game(as_seat(&token, pb::ExportGameRequest { game_id: game_id.clone() })).await;
    assert_error(&by_seat.unwrap_err(), Code::PermissionDenied, "SERVICE_KEY_REQUIRED");
    let anonymous = client.export_game(pb::ExportGameRequest { game_id: game_id.clone() }).await;
    assert_eq!(anonymous.unwrap_err().code(), Code::Unauthenticated);
    let document = client.export_game(keyed(pb::ExportGameRequest { game_id: game_id.clone() })).await;
    let document = document.unwrap().into_inner().document;
    let by_seat = client.import_game(as_seat(&token, import(&document, true))).await;
    assert_error(&by_seat.unwrap_err(), Code::PermissionDenied, "SERVICE_KEY_REQUIRED");

    client.delete_game(keyed(pb::DeleteGameRequest { game_id: game_id.clone() })).await.unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&document).unwrap();
    json["owner"] = serde_json::json!("someone-else");
    client.import_game(keyed(import(&json.to_string(), false))).await.unwrap();
    let listed = client.list_games(keyed(pb::ListGamesRequest::default())).await.unwrap().into_inner().games;
    assert_eq!(listed.iter().map(|game| game.game_id.as_str()).collect::<Vec<_>>(), [game_id.as_str()]);
    let exported_again = client.export_game(keyed(pb::ExportGameRequest { game_id })).await.unwrap().into_inner();
    let again: serde_json::Value = serde_json::from_str(&exported_again.document).unwrap();
    assert_eq!(again["owner"], "lobby", "the importing key owns the game");
}
