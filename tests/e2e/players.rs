//! Who sits in the seats: named at creation, shown in the game, its views and its creation
//! event, found by `ListGames`, and written into PGN tags.

use crate::common::*;
use tonic::Code;

fn player(id: &str, name: &str) -> pb::Player {
    pb::Player { player_id: id.into(), display_name: name.into() }
}

async fn create_with_players(
    client: &mut Client,
    kind: pb::GameKind,
    preset: &str,
    players: Vec<pb::Player>,
) -> Result<pb::CreateGameResponse, tonic::Status> {
    let request = pb::CreateGameRequest {
        kind: kind as i32,
        source: Some(pb::create_game_request::Source::Preset(preset.into())),
        players,
        ..Default::default()
    };
    client.create_game(request).await.map(tonic::Response::into_inner)
}

#[tokio::test]
async fn named_players_show_in_the_game_its_views_its_events_and_its_pgn() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = create_with_players(
        &mut client,
        pb::GameKind::Chess,
        "standard",
        vec![player("u-17", "Ann \"the rook\""), player("u-42", "")],
    )
    .await
    .unwrap();
    let game = created.game.unwrap();
    let expected = vec![player("u-17", "Ann \"the rook\""), player("u-42", "")];
    assert_eq!(game.players, expected);
    let read = client.get_game(pb::GetGameRequest { game_id: game.game_id.clone() }).await.unwrap().into_inner();
    assert_eq!(read.game.unwrap().players, expected);
    let view =
        client.get_view(pb::GetViewRequest { game_id: game.game_id.clone(), ..Default::default() }).await.unwrap();
    assert_eq!(view.into_inner().view.unwrap().players, expected);
    let events = events_through(&mut client, &game.game_id, 1).await;
    let Some(pb::game_event::Kind::GameCreated(creation)) = &events[0].kind else { panic!("{events:?}") };
    assert_eq!(creation.players, expected);
    let pgn = client.export_pgn(pb::ExportPgnRequest { game_id: game.game_id.clone() }).await.unwrap().into_inner().pgn;
    // A display name, escaped; an id when the name is empty.
    assert!(pgn.contains("[White \"Ann \\\"the rook\\\"\"]") && pgn.contains("[Black \"u-42\"]"), "{pgn}");

    // One player named: every seat is listed, the other empty. None named: no list.
    let one = create_with_players(&mut client, pb::GameKind::ConnectFour, "classic", vec![player("u-17", "Ann")])
        .await
        .unwrap();
    assert_eq!(one.game.unwrap().players, vec![player("u-17", "Ann"), player("", "")]);
    let none = create_with_players(&mut client, pb::GameKind::ConnectFour, "classic", Vec::new()).await.unwrap();
    assert!(none.game.unwrap().players.is_empty());
    let anonymous = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    let pgn = client.export_pgn(pb::ExportPgnRequest { game_id: anonymous.id }).await.unwrap().into_inner().pgn;
    assert!(pgn.contains("[White \"?\"]") && pgn.contains("[Black \"?\"]"), "{pgn}");
}

#[tokio::test]
async fn list_games_finds_a_players_games_page_by_page() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut anns = Vec::new();
    for index in 0..5 {
        let players = if index % 2 == 0 {
            vec![player("ann", "Ann"), player("bob", "Bob")]
        } else {
            vec![player("", ""), player("ann", "Ann")]
        };
        let created = create_with_players(&mut client, pb::GameKind::TicTacToe, "classic", players).await.unwrap();
        anns.push(created.game.unwrap().game_id);
        create_with_players(&mut client, pb::GameKind::TicTacToe, "classic", vec![player("bob", "Bob")]).await.unwrap();
    }
    anns.reverse();
    let mut found = Vec::new();
    let mut request = pb::ListGamesRequest { page_size: 2, player_id: "ann".into(), ..Default::default() };
    loop {
        let page = client.list_games(request.clone()).await.unwrap().into_inner();
        found.extend(page.games.into_iter().map(|g| g.game_id));
        if page.next_page_token.is_empty() {
            break;
        }
        request.page_token = page.next_page_token;
    }
    assert_eq!(found, anns, "every game of hers, newest first, whichever seat she sat in");
    let bobs = pb::ListGamesRequest { player_id: "bob".into(), ..Default::default() };
    assert_eq!(client.list_games(bobs).await.unwrap().into_inner().games.len(), 8);
    let nobody = pb::ListGamesRequest { player_id: "carol".into(), ..Default::default() };
    assert!(client.list_games(nobody).await.unwrap().into_inner().games.is_empty());

    // A page token belongs to its player filter.
    let first = client.list_games(pb::ListGamesRequest { page_size: 2, player_id: "ann".into(), ..Default::default() });
    let token = first.await.unwrap().into_inner().next_page_token;
    let other = pb::ListGamesRequest { page_size: 2, player_id: "bob".into(), page_token: token, ..Default::default() };
    assert_error(&client.list_games(other).await.unwrap_err(), Code::InvalidArgument, "INVALID_PAGE_TOKEN");
    let long = pb::ListGamesRequest { player_id: "x".repeat(129), ..Default::default() };
    assert_error(&client.list_games(long).await.unwrap_err(), Code::InvalidArgument, "INVALID_REQUEST");
}

#[tokio::test]
async fn players_that_make_no_sense_are_refused_with_every_problem_and_nothing_is_made() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let players = vec![player(&"p".repeat(129), "Ann"), player("b", "line\nbreak"), player("c", "")];
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        players,
        bots: vec![pb::BotSeat { seat: 5, level: 1, ..Default::default() }],
        ..Default::default()
    };
    let error = client.create_game(request).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    for field in ["players", "players[0].player_id", "players[1].display_name", "bots[0].seat"] {
        assert!(error.message().contains(field), "{field}: {}", error.message());
    }
    assert!(client.list_games(pb::ListGamesRequest::default()).await.unwrap().into_inner().games.is_empty());
}
