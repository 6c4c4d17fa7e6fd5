//! Changes no seat makes, over a real socket: a service key aborts or adjudicates a game
//! through the same history as the seats' moves, every event names who made it, and a
//! retried `CreateGame` finds the game its first request made.

use crate::common::*;
use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tonic::Code;
use tonic_types::StatusExt;

const LOBBY_KEY: &str = "lobby-secret-0123456789";
const OTHER_KEY: &str = "other-secret-9876543210";

async fn keyed_server() -> TestServer {
    let keys = [format!("lobby={LOBBY_KEY}"), format!("other={OTHER_KEY}")];
    let service_keys = ServiceKeys::parse(keys.iter().map(String::as_str)).unwrap();
    TestServer::start_with(ServeOptions { auth: Authenticator { service_keys, jwt: None }, ..ServeOptions::default() })
        .await
}

fn abort(game: &Game, explanation: &str, request_id: &str) -> pb::AbortGameRequest {
    pb::AbortGameRequest {
        game_id: game.id.clone(),
        explanation: explanation.to_owned(),
        request_id: request_id.to_owned(),
    }
}

fn adjudicate(game: &Game, result: pb::OutcomeType, winner: u32, explanation: &str) -> pb::AdjudicateGameRequest {
    pb::AdjudicateGameRequest {
        game_id: game.id.clone(),
        result: result as i32,
        winner,
        explanation: explanation.to_owned(),
        request_id: String::new(),
    }
}

fn fields(status: &tonic::Status) -> Vec<String> {
    status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect()
}

async fn game_record(client: &mut Client, game: &Game) -> pb::Game {
    client
        .get_game(as_seat(LOBBY_KEY, pb::GetGameRequest { game_id: game.id.clone() }))
        .await
        .unwrap()
        .into_inner()
        .game
        .unwrap()
}

fn actor(event: &pb::GameEvent) -> Option<pb::actor::Kind> {
    event.actor.as_ref().and_then(|actor| actor.kind.clone())
}

fn service(key_name: &str) -> Option<pb::actor::Kind> {
    Some(pb::actor::Kind::Service(pb::ServiceActor { key_name: key_name.to_owned() }))
}

#[tokio::test]
async fn a_service_key_aborts_a_game_before_a_seat_moves_twice_and_every_event_names_its_maker() {
    let server = keyed_server().await;
    let mut client = server.client().await;
    let game =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    play_all(&mut client, &game, &[cell_move(1, 1), cell_move(0, 0)]).await;

    // Refused, and nothing changes: a seat, a missing or over-long explanation.
    let by_seat = client.abort_game(as_seat(&game.tokens[0], abort(&game, "I give up", ""))).await.unwrap_err();
    assert_error(&by_seat, Code::PermissionDenied, "SERVICE_KEY_REQUIRED");
    let by_nobody = client.abort_game(abort(&game, "no key", "")).await.unwrap_err();
    assert_error(&by_nobody, Code::Unauthenticated, "CREDENTIAL_REQUIRED");
    for explanation in ["", "   ", &"x".repeat(501)] {
        let refused = client.abort_game(as_seat(LOBBY_KEY, abort(&game, explanation, ""))).await.unwrap_err();
        assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
        assert_eq!(fields(&refused), ["explanation"]);
    }
    assert_eq!(game_record(&mut client, &game).await.seq, 3, "a refused abort changed the game");

    let aborted = client
        .abort_game(as_seat(LOBBY_KEY, abort(&game, "seat 2 never connected", "abort-1")))
        .await
        .unwrap()
        .into_inner()
        .game
        .unwrap();
    assert_eq!(aborted.status, pb::GameStatus::Finished as i32);
    let outcome = aborted.outcome.clone().unwrap();
    assert_eq!(
        (outcome.r#type(), outcome.reason(), outcome.winner),
        (pb::OutcomeType::NoResult, pb::EndReason::Aborted, 0)
    );
    assert_eq!((aborted.seq, aborted.move_count), (5, 2));

    // A retry gets the first answer; the same id for another request, or a second abort, does not.
    let retried =
        client.abort_game(as_seat(LOBBY_KEY, abort(&game, "seat 2 never connected", "abort-1"))).await.unwrap();
    assert_eq!(retried.into_inner().game.unwrap(), aborted);
    let reused = client.abort_game(as_seat(LOBBY_KEY, abort(&game, "changed my mind", "abort-1"))).await.unwrap_err();
    assert_error(&reused, Code::FailedPrecondition, "REQUEST_ID_REUSED");
    let again = client.abort_game(as_seat(LOBBY_KEY, abort(&game, "again", ""))).await.unwrap_err();
    assert_error(&again, Code::FailedPrecondition, "GAME_OVER");
    let moved = client.submit_move(submit(&game, 0, cell_move(2, 2))).await.unwrap_err();
    assert_error(&moved, Code::FailedPrecondition, "GAME_OVER");

    // The history says who made what, for every viewer alike.
    let events = events_through(&mut client, &game.id, 5).await;
    let makers: Vec<_> = events.iter().map(actor).collect();
    let seat = |n| Some(pb::actor::Kind::Seat(n));
    assert_eq!(makers, [None, seat(1), seat(2), service("lobby"), None]);
    let Some(pb::game_event::Kind::GameAborted(said)) = &events[3].kind else { panic!("{:?}", events[3]) };
    assert_eq!(
        (said.explanation.as_str(), said.no_show_seat),
        ("seat 2 never connected", 0),
        "a key's abort names no seat"
    );
    let Some(pb::game_event::Kind::GameEnded(ended)) = &events[4].kind else { panic!("{:?}", events[4]) };
    assert_eq!(ended.outcome.as_ref(), Some(&outcome));

    // The board every seat is shown is the replay of that history.
    let config = aborted.config.unwrap();
    for (seat, token) in game.tokens.iter().enumerate() {
        let view = client
            .get_view(as_seat(token, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
            .await
            .unwrap();
        let expected = replayed_view(
            &game.id,
            &config,
            &events,
            tabula::engine::Viewer::Seat(tabula::engine::Seat::new(seat as u8)),
        );
        assert_eq!(view.into_inner().view.unwrap(), expected);
    }
}

#[tokio::test]
async fn too_late_to_abort_once_a_seat_moved_twice_but_an_adjudication_decides_at_any_time() {
    let server = keyed_server().await;
    let mut client = server.client().await;
    let game =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::ConnectFour, "classic", false).await.unwrap();
    play_all(&mut client, &game, &[column_move(3), column_move(2), column_move(3)]).await;

    let late = client.abort_game(as_seat(OTHER_KEY, abort(&game, "too late", ""))).await.unwrap_err();
    assert_error(&late, Code::FailedPrecondition, "TOO_LATE_TO_ABORT");
    assert_eq!(late.get_details_error_info().unwrap().metadata["current_seq"], "4");

    // Every problem of a bad adjudication at once, and the game untouched.
    let bad = client.adjudicate_game(as_seat(LOBBY_KEY, adjudicate(&game, pb::OutcomeType::Unspecified, 0, ""))).await;
    let bad = bad.unwrap_err();
    assert_error(&bad, Code::InvalidArgument, "INVALID_REQUEST");
    assert_eq!(fields(&bad), ["result", "explanation"]);
    for (result, winner) in [
        (pb::OutcomeType::Win, 3),
        (pb::OutcomeType::Win, 0),
        (pb::OutcomeType::Draw, 1),
        (pb::OutcomeType::NoResult, 0),
    ] {
        let refused = client.adjudicate_game(as_seat(LOBBY_KEY, adjudicate(&game, result, winner, "bad"))).await;
        let refused = refused.unwrap_err();
        assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
        let field = if result == pb::OutcomeType::NoResult { "result" } else { "winner" };
        assert_eq!(fields(&refused), [field], "{result:?} {winner}");
    }
    assert_eq!(game_record(&mut client, &game).await.seq, 4);

    let mut stream = client
        .stream_events(pb::StreamEventsRequest {
            game_id: game.id.clone(),
            after_seq: 4,
            include_views: true,
            view_changes: false,
        })
        .await
        .unwrap()
        .into_inner();
    let decided = client
        .adjudicate_game(as_seat(OTHER_KEY, adjudicate(&game, pb::OutcomeType::Win, 2, "seat 1 broke the rules")))
        .await
        .unwrap()
        .into_inner()
        .game
        .unwrap();
    let outcome = decided.outcome.unwrap();
    assert_eq!(
        (outcome.r#type(), outcome.reason(), outcome.winner),
        (pb::OutcomeType::Win, pb::EndReason::Adjudication, 2)
    );

    // Watchers hear it live, with the board after it, and the stream ends with the game.
    let adjudicated = stream.message().await.unwrap().unwrap();
    let event = adjudicated.event.unwrap();
    assert_eq!(actor(&event), service("other"));
    assert!(
        matches!(&event.kind, Some(pb::game_event::Kind::GameAdjudicated(a)) if a.explanation == "seat 1 broke the rules")
    );
    let ended = stream.message().await.unwrap().unwrap();
    assert_eq!(ended.view.unwrap().outcome.unwrap(), outcome);
    assert!(stream.message().await.unwrap().is_none());

    let after = client.adjudicate_game(as_seat(LOBBY_KEY, adjudicate(&game, pb::OutcomeType::Draw, 0, "again"))).await;
    assert_error(&after.unwrap_err(), Code::FailedPrecondition, "GAME_OVER");
}

#[tokio::test]
async fn a_chess_game_ended_from_outside_exports_with_its_explanation_and_result() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let pgn = |game: &Game| pb::ExportPgnRequest { game_id: game.id.clone() };

    let drawn = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    client.adjudicate_game(adjudicate(&drawn, pb::OutcomeType::Draw, 0, "the hall closes {early}")).await.unwrap();
    let text = client.export_pgn(pgn(&drawn)).await.unwrap().into_inner().pgn;
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert!(text.contains("{Game adjudicated: the hall closes (early)} 1/2-1/2"), "{text}");

    let aborted = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    client.abort_game(abort(&aborted, "no show", "")).await.unwrap();
    let text = client.export_pgn(pgn(&aborted)).await.unwrap().into_inner().pgn;
    assert!(text.contains("[Result \"*\"]") && text.contains("{Game aborted: no show} *"), "{text}");
}

fn create(preset: &str, request_id: &str) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset(preset.to_owned())),
        request_id: request_id.to_owned(),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_retried_creation_returns_its_game_with_new_tokens_until_anyone_acts_in_it() {
    let server = keyed_server().await;
    let mut client = server.client().await;
    let first = client.create_game(as_seat(LOBBY_KEY, create("classic", "create-1"))).await.unwrap().into_inner();
    assert!(!first.retried);
    let game_id = first.game.as_ref().unwrap().game_id.clone();

    // The lost answer's tokens are replaced: the old ones stop working, the new ones act.
    let retry = client.create_game(as_seat(LOBBY_KEY, create("classic", "create-1"))).await.unwrap().into_inner();
    assert!(retry.retried);
    assert_eq!(retry.game.as_ref().unwrap().game_id, game_id);
    assert_eq!(retry.seat_tokens.len(), 2);
    for (old, new) in first.seat_tokens.iter().zip(&retry.seat_tokens) {
        assert_ne!(old.token, new.token);
        assert_eq!(old.seat, new.seat);
    }
    let old = Game { id: game_id.clone(), tokens: first.seat_tokens.iter().map(|t| t.token.clone()).collect() };
    let new = Game { id: game_id.clone(), tokens: retry.seat_tokens.iter().map(|t| t.token.clone()).collect() };
    assert_error(
        &client.submit_move(submit(&old, 0, cell_move(1, 1))).await.unwrap_err(),
        Code::Unauthenticated,
        "INVALID_CREDENTIAL",
    );
    client.submit_move(submit(&new, 0, cell_move(1, 1))).await.unwrap();

    // Someone acted, so the answer arrived: a retry now gives the game and no tokens.
    let late = client.create_game(as_seat(LOBBY_KEY, create("classic", "create-1"))).await.unwrap().into_inner();
    assert!(late.retried && late.seat_tokens.is_empty());
    assert_eq!(late.game.unwrap().seq, 2);
    client.submit_move(submit(&new, 1, cell_move(0, 0))).await.unwrap();

    // The id is the key's own: another request with it is refused, another key's is another game.
    let reused = client.create_game(as_seat(LOBBY_KEY, create("four", "create-1"))).await.unwrap_err();
    assert_error(&reused, Code::FailedPrecondition, "REQUEST_ID_REUSED");
    let other = client.create_game(as_seat(OTHER_KEY, create("classic", "create-1"))).await.unwrap().into_inner();
    assert!(!other.retried);
    assert_ne!(other.game.unwrap().game_id, game_id);
    let too_long = client.create_game(as_seat(LOBBY_KEY, create("classic", &"r".repeat(129)))).await.unwrap_err();
    assert_error(&too_long, Code::InvalidArgument, "INVALID_REQUEST");
}

#[tokio::test]
async fn racing_creations_with_one_request_id_make_one_game() {
    let server = keyed_server().await;
    let client = server.client().await;
    let racers: Vec<_> = (0..8)
        .map(|_| {
            let mut client = client.clone();
            tokio::spawn(async move { client.create_game(as_seat(LOBBY_KEY, create("classic", "race"))).await })
        })
        .collect();
    let mut answers = Vec::new();
    for racer in racers {
        answers.push(racer.await.unwrap().unwrap().into_inner());
    }
    let ids: std::collections::BTreeSet<_> = answers.iter().map(|a| a.game.as_ref().unwrap().game_id.clone()).collect();
    assert_eq!(ids.len(), 1, "one game for one request id");
    assert_eq!(answers.iter().filter(|a| !a.retried).count(), 1, "exactly one answer made the game");
    let listed = client.clone().list_games(as_seat(LOBBY_KEY, pb::ListGamesRequest::default())).await.unwrap();
    assert_eq!(listed.into_inner().games.len(), 1);
}

#[tokio::test]
async fn an_imported_game_is_created_whole_and_its_moves_are_the_importers() {
    let server = keyed_server().await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Pgn(pb::PgnImport {
            pgn: "1. e4 e5 2. Nf3 Nc6 *".to_owned(),
            ply: None,
        })),
        request_id: "import-1".to_owned(),
        ..Default::default()
    };
    let created = client.create_game(as_seat(LOBBY_KEY, request.clone())).await.unwrap().into_inner();
    let game = created.game.unwrap();
    assert_eq!((game.seq, game.move_count), (5, 4));
    let events = events_through(&mut client, &game.game_id, 5).await;
    assert!(events[1..].iter().all(|e| actor(e) == service("lobby")), "{events:?}");
    // Untouched since its creation: a retry replaces the tokens.
    let retry = client.create_game(as_seat(LOBBY_KEY, request)).await.unwrap().into_inner();
    assert!(retry.retried);
    assert_eq!(retry.seat_tokens.len(), 2);
    assert_eq!(retry.game.unwrap().game_id, game.game_id);
}
