//! Rematches over a real socket: a finished game played again with the seats swapped, the
//! two games naming each other, at most one rematch a game however many are asked for at
//! once, and a retry answered as the first request was.

use std::collections::BTreeMap;

use crate::common::*;
use tonic::Code;
use tonic_types::StatusExt;

fn player(id: &str, name: &str) -> pb::Player {
    pb::Player { player_id: id.into(), display_name: name.into() }
}

fn rematch_of(game_id: &str, request_id: &str) -> pb::CreateRematchRequest {
    pb::CreateRematchRequest { game_id: game_id.into(), request_id: request_id.into() }
}

/// A chess game between Ann (White) and Bob (Black), labelled, that Bob resigned.
async fn finished_chess(client: &mut Client) -> pb::Game {
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::Chess as i32,
        source: Some(pb::create_game_request::Source::Preset("standard".into())),
        players: vec![player("ann", "Ann"), player("bob", "Bob")],
        labels: BTreeMap::from([("round".to_owned(), "1".to_owned())]),
        ..Default::default()
    };
    let created = client.create_game(request).await.unwrap().into_inner();
    let game = created.game.unwrap();
    let bob = &created.seat_tokens[1].token;
    client
        .resign(as_seat(bob, pb::ResignRequest { game_id: game.game_id.clone(), ..Default::default() }))
        .await
        .unwrap();
    game
}

async fn get(client: &mut Client, id: &str) -> pb::Game {
    client.get_game(pb::GetGameRequest { game_id: id.into() }).await.unwrap().into_inner().game.unwrap()
}

#[tokio::test]
async fn a_rematch_swaps_the_seats_keeps_the_rest_and_the_games_name_each_other() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let first = finished_chess(&mut client).await;
    let made = client.create_rematch(rematch_of(&first.game_id, "")).await.unwrap().into_inner();
    let rematch = made.game.unwrap();
    assert_eq!(rematch.players, vec![player("bob", "Bob"), player("ann", "Ann")], "Bob plays White now");
    assert_eq!((rematch.config, rematch.labels.clone()), (first.config, first.labels));
    assert_eq!(
        (rematch.rematch_of.as_str(), rematch.status),
        (first.game_id.as_str(), pb::GameStatus::InProgress as i32)
    );
    assert_eq!(get(&mut client, &first.game_id).await.rematch, rematch.game_id);
    assert_eq!((made.seat_tokens.len(), made.retried), (2, false));
    // Its tokens play: White (seat 1) moves first.
    let game = Game { id: rematch.game_id.clone(), tokens: made.seat_tokens.iter().map(|t| t.token.clone()).collect() };
    // e2 to e4: row 6, column 4 to row 4, column 4 (rows from the top).
    let square = |row, col| Some(pb::Location { at: Some(pb::location::At::Cell(pb::Cell { row, col })) });
    let piece = pb::PieceMove { from: square(6, 4), to: square(4, 4), ..Default::default() };
    let moved = pb::Move { kind: Some(pb::r#move::Kind::Move(piece)) };
    client.submit_move(submit(&game, 0, moved)).await.unwrap();
    // Its stream, and so the owner's, opens with the game it is a rematch of.
    let created = events_through(&mut client, &rematch.game_id, 1).await.remove(0);
    let Some(pb::game_event::Kind::GameCreated(created)) = created.kind else { panic!("{created:?}") };
    assert_eq!((created.rematch_of.as_str(), created.series_id.as_str()), (first.game_id.as_str(), ""));
    let first_created = events_through(&mut client, &first.game_id, 1).await.remove(0);
    let Some(pb::game_event::Kind::GameCreated(first_created)) = first_created.kind else { panic!() };
    assert_eq!(first_created.rematch_of, "", "the first game is a rematch of none");

    // A second rematch of the same game is refused, naming the one there is.
    let refused = client.create_rematch(rematch_of(&first.game_id, "")).await.unwrap_err();
    assert_error(&refused, Code::AlreadyExists, "REMATCH_EXISTS");
    let info = refused.get_details_error_info().unwrap();
    assert_eq!(info.metadata.get("rematch_game_id"), Some(&rematch.game_id));
    // A game in progress has no rematch yet.
    let running = client.create_rematch(rematch_of(&rematch.game_id, "")).await.unwrap_err();
    assert_error(&running, Code::FailedPrecondition, "GAME_NOT_FINISHED");
    let unknown = client.create_rematch(rematch_of("no-such-game", "")).await.unwrap_err();
    assert_error(&unknown, Code::NotFound, "GAME_NOT_FOUND");
}

#[tokio::test]
async fn a_retried_rematch_is_answered_as_the_first_and_racing_rematches_make_one() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let first = finished_chess(&mut client).await;
    let made = client.create_rematch(rematch_of(&first.game_id, "again-1")).await.unwrap().into_inner();
    let retried = client.create_rematch(rematch_of(&first.game_id, "again-1")).await.unwrap().into_inner();
    assert_eq!(retried.game.as_ref().unwrap().game_id, made.game.as_ref().unwrap().game_id);
    assert!(retried.retried);
    assert_eq!(retried.seat_tokens.len(), 2, "nobody has acted: new tokens");
    assert_ne!(retried.seat_tokens[0].token, made.seat_tokens[0].token);

    // Twenty at once, on as many connections: one rematch, every other refused naming it.
    let second = finished_chess(&mut client).await;
    let mut racing = tokio::task::JoinSet::new();
    for _ in 0..20 {
        let mut client = server.client().await;
        let request = rematch_of(&second.game_id, "");
        racing.spawn(async move { client.create_rematch(request).await });
    }
    let (mut made, mut refused) = (Vec::new(), Vec::new());
    while let Some(answer) = racing.join_next().await {
        match answer.unwrap() {
            Ok(answer) => made.push(answer.into_inner().game.unwrap().game_id),
            Err(status) => refused.push(status),
        }
    }
    assert_eq!(made.len(), 1, "one rematch of twenty asked at once");
    for status in &refused {
        assert_error(status, Code::AlreadyExists, "REMATCH_EXISTS");
        assert_eq!(status.get_details_error_info().unwrap().metadata.get("rematch_game_id"), Some(&made[0]));
    }
}

#[tokio::test]
async fn the_engines_seat_is_swapped_too_and_it_opens_the_rematch() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::ConnectFour as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        bots: vec![pb::BotSeat { seat: 2, level: 1, move_time: None }],
        ..Default::default()
    };
    let created = client.create_game(request).await.unwrap().into_inner();
    let id = created.game.unwrap().game_id;
    let red = &created.seat_tokens[0].token;
    client.resign(as_seat(red, pb::ResignRequest { game_id: id.clone(), ..Default::default() })).await.unwrap();
    let rematch = client.create_rematch(rematch_of(&id, "")).await.unwrap().into_inner().game.unwrap();
    assert_eq!(rematch.bots.iter().map(|b| b.seat).collect::<Vec<_>>(), [1], "the engine plays Red now");
    // The engine opens it on its own.
    let events = events_through(&mut client, &rematch.game_id, 2).await;
    assert_eq!(events.len(), 2);
}
