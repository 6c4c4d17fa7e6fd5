//! Precise errors for every kind of bad request, and listing, over a real socket.

use crate::common::*;
use tonic::{Code, Request};
use tonic_types::StatusExt;

#[tokio::test]
async fn unknown_games_are_not_found() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let error = client.get_game(pb::GetGameRequest { game_id: "no-such-game".into() }).await.unwrap_err();
    assert_error(&error, Code::NotFound, "GAME_NOT_FOUND");
    let error = client.get_view(pb::GetViewRequest { game_id: String::new(), ..Default::default() }).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let error =
        client.get_view(pb::GetViewRequest { game_id: "x".repeat(1000), ..Default::default() }).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
}

#[tokio::test]
async fn a_bad_config_lists_every_violation() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        kind: 0,
        source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
            clock: None,
            game: Some(pb::game_config::Game::ConnectFour(pb::ConnectFourConfig {
                width: 2,
                height: 99,
                win_length: 1,
                wrap_columns: false,
                ..Default::default()
            })),
            ..Default::default()
        })),
        private: false,
        ..Default::default()
    };
    let error = client.create_game(request).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_CONFIG");
    let fields: Vec<String> =
        error.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["config.connect_four.width", "config.connect_four.height", "config.connect_four.win_length"]);

    let error = client
        .create_game(pb::CreateGameRequest {
            kind: pb::GameKind::Gomoku as i32,
            source: Some(pb::create_game_request::Source::Preset("nope".into())),
            private: false,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_error(&error, Code::InvalidArgument, "UNKNOWN_PRESET");
    assert!(error.message().contains("standard"), "{}", error.message());

    let error = client
        .create_game(pb::CreateGameRequest { kind: 0, source: None, private: false, ..Default::default() })
        .await
        .unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let error = client
        .create_game(pb::CreateGameRequest {
            kind: pb::GameKind::TicTacToe as i32,
            source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
                clock: None,
                game: Some(pb::game_config::Game::Gomoku(Default::default())),
                ..Default::default()
            })),
            private: false,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
}

#[tokio::test]
async fn illegal_moves_are_refused_with_their_reason_and_change_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_config(
        &mut client,
        pb::game_config::Game::ConnectFour(pb::ConnectFourConfig { width: 4, height: 4, ..Default::default() }),
    )
    .await;
    for i in 0..4 {
        client.submit_move(submit(&game, i % 2, column_move(0))).await.unwrap();
    }
    let before = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner();

    let error = client.submit_move(submit(&game, 0, column_move(0))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "COLUMN_FULL");
    assert!(error.message().contains("column 1 is full"), "{}", error.message());
    let error = client.submit_move(submit(&game, 1, column_move(1))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NOT_YOUR_TURN");
    let error = client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "MOVE_KIND_NOT_ALLOWED");
    let error = client.submit_move(submit(&game, 0, column_move(4))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "OUT_OF_BOUNDS");
    let error = client
        .submit_move(as_seat(&game.tokens[0], pb::SubmitMoveRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    assert_eq!(error.get_details_bad_request().unwrap().field_violations[0].field, "move");

    // A spectator can read but not move; a foreign token is no credential at all.
    let error = client
        .submit_move(pb::SubmitMoveRequest {
            game_id: game.id.clone(),
            r#move: Some(column_move(1)),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_error(&error, Code::PermissionDenied, "SEAT_REQUIRED");
    let other = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let error = client
        .submit_move(as_seat(
            &other.tokens[0],
            pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(column_move(1)), ..Default::default() },
        ))
        .await
        .unwrap_err();
    assert_error(&error, Code::Unauthenticated, "INVALID_CREDENTIAL");
    let mut bad = Request::new(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
    bad.metadata_mut().insert("authorization", "Token abc".parse().unwrap());
    assert_error(&client.get_view(bad).await.unwrap_err(), Code::Unauthenticated, "INVALID_CREDENTIAL");

    let after = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(before, after);

    let mut pro = create_preset(&mut client, pb::GameKind::Gomoku, "pro").await;
    pro.tokens.truncate(2);
    let error = client.submit_move(submit(&pro, 0, cell_move(0, 0))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "PRO_OPENING_CENTER");
}

#[tokio::test]
async fn views_and_legal_moves_are_per_viewer() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::ConnectFour, "connect3").await;
    client.submit_move(submit(&game, 0, column_move(2))).await.unwrap();

    let view = client
        .get_view(as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!(view.viewer_seat, 2);
    assert_eq!(view.to_act, vec![2]);
    let board = view.board.unwrap();
    assert_eq!((board.width, board.height, board.cells.len()), (5, 4, 20));
    assert_eq!(board.cells[3 * 5 + 2].owner, 1);
    let last = view.last_move.unwrap();
    assert_eq!((last.seat, last.r#move, last.redacted), (1, Some(column_move(2)), false));

    let legal = client
        .list_legal_moves(as_seat(&game.tokens[1], pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 0 }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(legal.seat, 2);
    assert_eq!(legal.moves.len(), 5);
    assert_eq!(legal.moves[0].label, "column 1");
    let spectator = client
        .list_legal_moves(pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 1 })
        .await
        .unwrap()
        .into_inner();
    assert!(spectator.moves.is_empty(), "seat 1 is not to move");
    let error =
        client.list_legal_moves(pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 0 }).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    // Whatever a spectator may list, a seat may too: seat 1 lists seat 2's moves.
    let other = as_seat(&game.tokens[0], pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 2 });
    let other = client.list_legal_moves(other).await.unwrap().into_inner();
    assert_eq!((other.seat, other.moves.len()), (2, 5));
}

#[tokio::test]
async fn in_a_game_with_hidden_information_only_a_seat_lists_its_own_moves() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Battleship, "classic").await;
    let own = as_seat(&game.tokens[0], pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 1 });
    assert!(!client.list_legal_moves(own).await.unwrap().into_inner().moves.is_empty());
    let other = as_seat(&game.tokens[0], pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 2 });
    assert_error(&client.list_legal_moves(other).await.unwrap_err(), Code::PermissionDenied, "SEAT_REQUIRED");
    let spectator = pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 2 };
    assert_error(&client.list_legal_moves(spectator).await.unwrap_err(), Code::PermissionDenied, "SEAT_REQUIRED");
}

#[tokio::test]
async fn the_catalog_lists_every_kind_with_defaults_and_presets() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
    assert!(names.starts_with(&["tic_tac_toe", "connect_four", "gomoku"]), "{names:?}");
    let connect_four = kinds.iter().find(|k| k.name == "connect_four").unwrap();
    let presets: Vec<&str> = connect_four.presets.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(presets, ["classic", "connect3", "connect5", "cylinder", "one_minute_a_move"]);
    assert_eq!(connect_four.seat_count, 2);
    assert_eq!(connect_four.seat_names, ["Red", "Yellow"]);
    let Some(pb::game_config::Game::ConnectFour(defaults)) = connect_four.default_config.clone().unwrap().game else {
        panic!("connect four defaults")
    };
    assert_eq!((defaults.width, defaults.height, defaults.win_length), (7, 6, 4));
    let gomoku = kinds.iter().find(|k| k.name == "gomoku").unwrap();
    let standard = gomoku.presets.iter().find(|p| p.name == "standard").unwrap();
    let Some(pb::game_config::Game::Gomoku(standard)) = standard.config.clone().unwrap().game else { panic!() };
    assert!(!standard.allow_overline);
    let freestyle = gomoku.presets.iter().find(|p| p.name == "freestyle").unwrap();
    let Some(pb::game_config::Game::Gomoku(freestyle)) = freestyle.config.clone().unwrap().game else { panic!() };
    assert!(freestyle.allow_overline);
}

#[tokio::test]
async fn games_are_listed_newest_first_in_stable_filtered_pages() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut created = Vec::new();
    for i in 0..7 {
        let kind = if i % 2 == 0 { pb::GameKind::TicTacToe } else { pb::GameKind::ConnectFour };
        created.push((kind, create_preset(&mut client, kind, "classic").await.id));
    }
    let list = |page_size: i32, page_token: String, kind: pb::GameKind| pb::ListGamesRequest {
        page_size,
        page_token,
        kind: kind as i32,
        ..Default::default()
    };
    let mut seen = Vec::new();
    let mut token = String::new();
    loop {
        let page = client.list_games(list(2, token, pb::GameKind::TicTacToe)).await.unwrap().into_inner();
        assert!(page.games.len() <= 2);
        seen.extend(page.games.into_iter().map(|g| g.game_id));
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    let expected: Vec<String> =
        created.iter().rev().filter(|(k, _)| *k == pb::GameKind::TicTacToe).map(|(_, id)| id.clone()).collect();
    assert_eq!(seen, expected);

    let all = client.list_games(list(0, String::new(), pb::GameKind::Unspecified)).await.unwrap().into_inner();
    assert_eq!(all.games.len(), 7);
    assert!(all.next_page_token.is_empty());

    // A token from one query is refused by another; negative sizes are refused.
    let first = client.list_games(list(1, String::new(), pb::GameKind::TicTacToe)).await.unwrap().into_inner();
    let error = client.list_games(list(1, first.next_page_token, pb::GameKind::ConnectFour)).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_PAGE_TOKEN");
    let error = client.list_games(list(-1, String::new(), pb::GameKind::Unspecified)).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let error = client.list_games(list(1, "garbage!".into(), pb::GameKind::Unspecified)).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_PAGE_TOKEN");

    let finished = client
        .list_games(pb::ListGamesRequest { status: pb::GameStatus::Finished as i32, ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    assert!(finished.games.is_empty());
}
