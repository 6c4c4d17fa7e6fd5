//! Saved configurations over a real socket: saved, read, listed, replaced and deleted by
//! the key that saved them, validated like a creation's, and copied by the games made
//! from them.

use crate::common::*;
use tonic::Code;
use tonic_types::StatusExt;

fn connect_five(description: &str) -> pb::SavedConfig {
    pb::SavedConfig {
        name: "connect-five".into(),
        description: description.into(),
        config: Some(pb::GameConfig {
            game: Some(pb::game_config::Game::ConnectFour(pb::ConnectFourConfig {
                width: 9,
                height: 7,
                win_length: 5,
                ..Default::default()
            })),
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_saved_configuration_makes_games_that_keep_their_copy() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let create = |saved: pb::SavedConfig| pb::CreateSavedConfigRequest { saved_config: Some(saved) };
    let saved = client.create_saved_config(create(connect_five("the big board"))).await.unwrap().into_inner();
    assert_eq!((saved.name.as_str(), saved.kind()), ("connect-five", pb::GameKind::ConnectFour));
    let Some(pb::game_config::Game::ConnectFour(board)) = saved.config.as_ref().unwrap().game.clone() else {
        panic!("{saved:?}")
    };
    assert_eq!((board.width, board.height, board.win_length), (9, 7, 5));
    let error = client.create_saved_config(create(connect_five("again"))).await.unwrap_err();
    assert_error(&error, Code::AlreadyExists, "SAVED_CONFIG_EXISTS");

    let game = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::SavedConfig("connect-five".into())),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .game
        .unwrap();
    assert_eq!(game.config, saved.config, "the game copies the saved configuration");

    // Changing or deleting the saved configuration changes no game made from it.
    let mut changed = connect_five("smaller now");
    changed.config = Some(pb::GameConfig {
        game: Some(pb::game_config::Game::ConnectFour(Default::default())),
        ..Default::default()
    });
    let updated = client
        .update_saved_config(pb::UpdateSavedConfigRequest { saved_config: Some(changed) })
        .await
        .unwrap()
        .into_inner();
    assert_eq!((updated.description.as_str(), updated.create_time), ("smaller now", saved.create_time));
    let read = client.get_saved_config(pb::GetSavedConfigRequest { name: "connect-five".into() }).await.unwrap();
    assert_eq!(read.into_inner(), updated);
    client.delete_saved_config(pb::DeleteSavedConfigRequest { name: "connect-five".into() }).await.unwrap();
    let kept = client.get_game(pb::GetGameRequest { game_id: game.game_id.clone() }).await.unwrap().into_inner();
    assert_eq!(kept.game.unwrap().config, saved.config);
    let error = client.get_saved_config(pb::GetSavedConfigRequest { name: "connect-five".into() }).await.unwrap_err();
    assert_error(&error, Code::NotFound, "SAVED_CONFIG_NOT_FOUND");
    let error = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::SavedConfig("connect-five".into())),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_error(&error, Code::NotFound, "SAVED_CONFIG_NOT_FOUND");
}

#[tokio::test]
async fn saved_configurations_are_validated_like_a_creation_and_listed_by_name() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut bad = connect_five(&"x".repeat(501));
    bad.name = "Not A Name".into();
    let error = client.create_saved_config(pb::CreateSavedConfigRequest { saved_config: Some(bad) }).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        error.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["saved_config.name", "saved_config.description"]);
    let mut unplayable = connect_five("");
    unplayable.config = Some(pb::GameConfig {
        game: Some(pb::game_config::Game::ConnectFour(pb::ConnectFourConfig { width: 2, ..Default::default() })),
        ..Default::default()
    });
    let error =
        client.create_saved_config(pb::CreateSavedConfigRequest { saved_config: Some(unplayable) }).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_CONFIG");

    for name in ["c", "a", "b"] {
        let saved = pb::SavedConfig { name: name.into(), ..connect_five("") };
        client.create_saved_config(pb::CreateSavedConfigRequest { saved_config: Some(saved) }).await.unwrap();
    }
    let first = client
        .list_saved_configs(pb::ListSavedConfigsRequest { page_size: 2, ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    let names: Vec<&str> = first.saved_configs.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    assert!(!first.next_page_token.is_empty() && first.next_page_token != "b", "a token is opaque, not a name");
    let rest = client
        .list_saved_configs(pb::ListSavedConfigsRequest { page_size: 2, page_token: first.next_page_token })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(rest.saved_configs.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["c"]);
    assert!(rest.next_page_token.is_empty());
    for page_token in ["!!", "b"] {
        let error = client
            .list_saved_configs(pb::ListSavedConfigsRequest { page_token: page_token.into(), ..Default::default() })
            .await
            .unwrap_err();
        assert_error(&error, Code::InvalidArgument, "INVALID_PAGE_TOKEN");
    }
}

#[tokio::test]
async fn a_saved_random_start_stays_random_and_each_game_draws_its_own() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let random = pb::SavedConfig {
        name: "either-starts".into(),
        config: Some(pb::GameConfig {
            game: Some(pb::game_config::Game::TicTacToe(Default::default())),
            starter: pb::Starter::Random as i32,
            ..Default::default()
        }),
        ..Default::default()
    };
    let saved = client.create_saved_config(pb::CreateSavedConfigRequest { saved_config: Some(random) }).await.unwrap();
    assert_eq!(saved.into_inner().config.unwrap().starter(), pb::Starter::Random, "saving draws nothing");
    let mut starters = Vec::new();
    for _ in 0..24 {
        let game = client
            .create_game(pb::CreateGameRequest {
                source: Some(pb::create_game_request::Source::SavedConfig("either-starts".into())),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner()
            .game
            .unwrap();
        starters.push(game.config.unwrap().starter());
    }
    assert!(starters.contains(&pb::Starter::FirstSeat) && starters.contains(&pb::Starter::SecondSeat), "{starters:?}");
}

/// Creates the saved configuration `name` (a copy of [`connect_five`]).
async fn save(client: &mut Client, name: String) -> Result<pb::SavedConfig, tonic::Status> {
    let saved = pb::SavedConfig { name, ..connect_five("raced") };
    client.create_saved_config(pb::CreateSavedConfigRequest { saved_config: Some(saved) }).await.map(|r| r.into_inner())
}

#[tokio::test]
async fn racing_saves_on_sqlite_are_answered_as_on_an_idle_server() {
    let directory = tempfile::tempdir().unwrap();
    let store = tabula::store::SqliteStore::open(&directory.path().join("games.db")).await.unwrap();
    let server = TestServer::start_on(std::sync::Arc::new(store), tabula::service::ServeOptions::default()).await;
    let client = server.client().await;
    // Twenty different names at once: all saved.
    let mut racing = tokio::task::JoinSet::new();
    for n in 0..20 {
        let mut client = client.clone();
        racing.spawn(async move { save(&mut client, format!("name-{n}")).await });
    }
    while let Some(saved) = racing.join_next().await {
        saved.unwrap().unwrap_or_else(|status| panic!("a save failed on an idle server: {status:?}"));
    }
    // Twenty of one name at once: one saved, every other told it exists.
    for _ in 0..20 {
        let mut client = client.clone();
        racing.spawn(async move { save(&mut client, "the-same".to_owned()).await });
    }
    let mut created = 0;
    while let Some(saved) = racing.join_next().await {
        match saved.unwrap() {
            Ok(_) => created += 1,
            Err(status) => assert_error(&status, Code::AlreadyExists, "SAVED_CONFIG_EXISTS"),
        }
    }
    assert_eq!(created, 1);
}

#[tokio::test]
async fn a_description_is_free_text_by_the_rule_player_names_follow() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for bad in ["nul\0here", "escape\u{1b}[31m", "two\nlines", "\u{202e}reversed"] {
        let saved = pb::SavedConfig { description: bad.into(), ..connect_five("") };
        let error =
            client.create_saved_config(pb::CreateSavedConfigRequest { saved_config: Some(saved) }).await.unwrap_err();
        assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
        let violations = error.get_details_bad_request().unwrap().field_violations;
        assert_eq!(violations.len(), 1, "{violations:?}");
        assert_eq!(violations[0].field, "saved_config.description");
        assert!(violations[0].description.contains("control characters"), "{violations:?}");
    }
    // The same refusal as a player's name gets.
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        players: vec![pb::Player { player_id: "p1".into(), display_name: "nul\0here".into() }],
        ..Default::default()
    };
    let error = client.create_game(request).await.unwrap_err();
    let violations = error.get_details_bad_request().unwrap().field_violations;
    assert_eq!(violations[0].description, "must not contain control characters or bidirectional overrides");
}
