//! Creating games in batches over a real socket: every game made at once with its own
//! players and labels, or none; one request id for the whole batch, retried on any
//! connection; the owner's cap counting the batch whole; every problem of every request
//! named at once.

use std::collections::BTreeMap;

use crate::common::*;
use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tonic::Code;
use tonic_types::StatusExt;

fn game_request(kind: pb::GameKind, preset: &str, round: u32, board: u32) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: kind as i32,
        source: Some(pb::create_game_request::Source::Preset(preset.into())),
        players: vec![
            pb::Player { player_id: format!("p{board}a"), display_name: String::new() },
            pb::Player { player_id: format!("p{board}b"), display_name: String::new() },
        ],
        labels: BTreeMap::from([("round".to_owned(), round.to_string()), ("board".to_owned(), board.to_string())]),
        ..Default::default()
    }
}

fn batch(requests: Vec<pb::CreateGameRequest>, request_id: &str) -> pb::BatchCreateGamesRequest {
    pb::BatchCreateGamesRequest { requests, request_id: request_id.into() }
}

async fn count_games(client: &mut Client) -> usize {
    let request = pb::ListGamesRequest { page_size: 500, ..Default::default() };
    client.list_games(request).await.unwrap().into_inner().games.len()
}

#[tokio::test]
async fn a_batch_makes_every_game_with_its_own_players_and_labels_and_a_retry_makes_none_again() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let requests: Vec<_> = (0..200).map(|board| game_request(pb::GameKind::ConnectFour, "classic", 1, board)).collect();
    let made = client.batch_create_games(batch(requests.clone(), "round-1")).await.unwrap().into_inner().games;
    assert_eq!(made.len(), 200);
    for (board, answer) in made.iter().enumerate() {
        let game = answer.game.as_ref().unwrap();
        assert_eq!(game.players[0].player_id, format!("p{board}a"), "in the requests' order");
        assert_eq!(game.labels.get("board"), Some(&board.to_string()));
        assert_eq!((answer.seat_tokens.len(), answer.retried), (2, false));
    }
    // Each game plays with its own tokens.
    let first = Game {
        id: made[0].game.as_ref().unwrap().game_id.clone(),
        tokens: made[0].seat_tokens.iter().map(|t| t.token.clone()).collect(),
    };
    client.submit_move(submit(&first, 0, column_move(3))).await.unwrap();
    let listed = pb::ListGamesRequest {
        page_size: 500,
        labels: BTreeMap::from([("round".to_owned(), "1".to_owned())]),
        ..Default::default()
    };
    assert_eq!(client.list_games(listed).await.unwrap().into_inner().games.len(), 200);

    // The retry, on another connection: the same games in the same order, none made again;
    // new tokens for the games nobody has acted in, none for the one already played.
    let mut other = server.client().await;
    let again = other.batch_create_games(batch(requests.clone(), "round-1")).await.unwrap().into_inner().games;
    let ids = |games: &[pb::CreateGameResponse]| -> Vec<String> {
        games.iter().map(|g| g.game.as_ref().unwrap().game_id.clone()).collect()
    };
    assert_eq!(ids(&again), ids(&made));
    assert!(again.iter().all(|g| g.retried));
    assert!(again[0].seat_tokens.is_empty(), "a played game's tokens were evidently received");
    assert_eq!(again[1].seat_tokens.len(), 2);
    assert_ne!(again[1].seat_tokens[0].token, made[1].seat_tokens[0].token);
    assert_eq!(count_games(&mut client).await, 200);
    // The same id with another batch is refused.
    let mut changed = requests;
    changed[7].private = true;
    assert_error(
        &client.batch_create_games(batch(changed, "round-1")).await.unwrap_err(),
        Code::FailedPrecondition,
        "REQUEST_ID_REUSED",
    );
}

#[tokio::test]
async fn a_batch_with_any_bad_request_makes_no_game_and_names_every_problem() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let good = game_request(pb::GameKind::Chess, "standard", 1, 0);
    let mut bad_label = game_request(pb::GameKind::Chess, "standard", 1, 1);
    bad_label.labels.insert("Stage".into(), "final".into());
    let bad_preset = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Preset("no-such-preset".into())),
        ..game_request(pb::GameKind::Chess, "standard", 1, 2)
    };
    let with_id =
        pb::CreateGameRequest { request_id: "mine".into(), ..game_request(pb::GameKind::Chess, "standard", 1, 3) };
    let refused =
        client.batch_create_games(batch(vec![good.clone(), bad_label, bad_preset, with_id], "")).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    let mut fields: Vec<String> =
        refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    fields.sort();
    assert_eq!(fields, ["requests[1].labels[Stage]", "requests[2].preset", "requests[3].request_id"]);
    assert_eq!(count_games(&mut client).await, 0, "none of the batch was made");

    let empty = client.batch_create_games(batch(Vec::new(), "")).await.unwrap_err();
    assert_error(&empty, Code::InvalidArgument, "INVALID_REQUEST");
    let too_many = client.batch_create_games(batch(vec![good; 501], "")).await.unwrap_err();
    assert_error(&too_many, Code::InvalidArgument, "INVALID_REQUEST");
    assert_eq!(count_games(&mut client).await, 0);
}

#[tokio::test]
async fn the_owners_cap_counts_the_whole_batch() {
    const KEY: &str = "batch-secret-0123456789";
    let mut options = ServeOptions {
        auth: Authenticator { service_keys: ServiceKeys::parse([format!("lobby={KEY}").as_str()]).unwrap(), jwt: None },
        ..Default::default()
    };
    options.limits.game.max_games_per_key = 10;
    let server = TestServer::start_with(options).await;
    let mut client = server.client().await;
    let requests =
        |n: u32| -> Vec<_> { (0..n).map(|board| game_request(pb::GameKind::TicTacToe, "classic", 2, board)).collect() };
    client.batch_create_games(as_seat(KEY, batch(requests(6), ""))).await.unwrap();
    let refused = client.batch_create_games(as_seat(KEY, batch(requests(5), ""))).await.unwrap_err();
    assert_error(&refused, Code::ResourceExhausted, "TOO_MANY_GAMES");
    let listed = |client: &mut Client| {
        let request = as_seat(KEY, pb::ListGamesRequest { page_size: 500, ..Default::default() });
        let mut client = client.clone();
        async move { client.list_games(request).await.unwrap().into_inner().games.len() }
    };
    assert_eq!(listed(&mut client).await, 6, "none of the batch beyond the cap was made");
    client.batch_create_games(as_seat(KEY, batch(requests(4), ""))).await.unwrap();
    assert_eq!(listed(&mut client).await, 10);
    // Without a key: refused before anything is read.
    let anonymous = client.batch_create_games(batch(requests(1), "")).await.unwrap_err();
    assert_error(&anonymous, Code::Unauthenticated, "CREDENTIAL_REQUIRED");
}
