//! Managing stored games: archiving finished games, deleting games (their streams end),
//! and listing with filters over kind, status and creation time.

use crate::common;
use crate::common::{TestServer, assert_error, column_move, pb, play_all};
use tonic::Code;

#[tokio::test]
async fn finished_games_are_archived_and_leave_the_default_listing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = common::create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let archive = pb::ArchiveGameRequest { game_id: game.id.clone() };
    let refused = client.archive_game(archive.clone()).await.unwrap_err();
    assert_error(&refused, Code::FailedPrecondition, "GAME_NOT_FINISHED");

    play_all(&mut client, &game, &[0, 1, 0, 1, 0, 1, 0].map(column_move)).await;
    let archived = client.archive_game(archive).await.unwrap().into_inner().game.unwrap();
    assert_eq!(archived.status, pb::GameStatus::Archived as i32);
    let fetched = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    assert_eq!(fetched.game.unwrap().status, pb::GameStatus::Archived as i32, "an archived game stays readable");

    let listed = |status: pb::GameStatus| pb::ListGamesRequest { status: status as i32, ..Default::default() };
    let default = client.list_games(listed(pb::GameStatus::Unspecified)).await.unwrap().into_inner();
    assert!(default.games.iter().all(|g| g.game_id != game.id));
    let only_archived = client.list_games(listed(pb::GameStatus::Archived)).await.unwrap().into_inner();
    let ids: Vec<&str> = only_archived.games.iter().map(|g| g.game_id.as_str()).collect();
    assert_eq!(ids, [game.id.as_str()]);
}

#[tokio::test]
async fn a_deleted_game_is_gone_and_its_streams_end_with_not_found() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = common::create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let mut stream = client
        .stream_events(pb::StreamEventsRequest {
            game_id: game.id.clone(),
            after_seq: 0,
            include_views: false,
            view_changes: false,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(stream.message().await.unwrap().unwrap().event.unwrap().seq, 1);

    client.delete_game(pb::DeleteGameRequest { game_id: game.id.clone() }).await.unwrap();
    let ended = stream.message().await.unwrap_err();
    assert_error(&ended, Code::NotFound, "GAME_NOT_FOUND");
    let gone = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap_err();
    assert_error(&gone, Code::NotFound, "GAME_NOT_FOUND");
    let again = client.delete_game(pb::DeleteGameRequest { game_id: game.id.clone() }).await.unwrap_err();
    assert_error(&again, Code::NotFound, "GAME_NOT_FOUND");
}

#[tokio::test]
async fn games_are_listed_by_creation_time_with_tokens_bound_to_their_filters() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut created = Vec::new();
    for _ in 0..3 {
        let game = common::create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
        let record = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        created.push(record.game.unwrap());
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let window = pb::ListGamesRequest {
        create_time_after: created[1].create_time,
        create_time_before: created[2].create_time,
        ..Default::default()
    };
    let listed = client.list_games(window.clone()).await.unwrap().into_inner();
    assert_eq!(listed.games.iter().map(|g| g.game_id.clone()).collect::<Vec<_>>(), [created[1].game_id.clone()]);

    // A page token only continues the query that made it.
    let first =
        client.list_games(pb::ListGamesRequest { page_size: 1, ..Default::default() }).await.unwrap().into_inner();
    assert!(!first.next_page_token.is_empty());
    let other_filter = pb::ListGamesRequest { page_size: 1, page_token: first.next_page_token, ..window };
    let refused = client.list_games(other_filter).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_PAGE_TOKEN");
}

#[tokio::test]
async fn listing_refuses_timestamps_out_of_range_and_tampered_page_tokens() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for _ in 0..2 {
        common::create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    }
    let bad_times = [
        prost_types::Timestamp { seconds: 0, nanos: 2_000_000_000 },
        prost_types::Timestamp { seconds: 0, nanos: -1 },
        prost_types::Timestamp { seconds: -62_135_596_801, nanos: 0 },
        prost_types::Timestamp { seconds: 253_402_300_800, nanos: 0 },
    ];
    for time in bad_times {
        for request in [
            pb::ListGamesRequest { create_time_after: Some(time), ..Default::default() },
            pb::ListGamesRequest { create_time_before: Some(time), ..Default::default() },
        ] {
            let refused = client.list_games(request).await.unwrap_err();
            assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
        }
    }

    let first =
        client.list_games(pb::ListGamesRequest { page_size: 1, ..Default::default() }).await.unwrap().into_inner();
    use base64::Engine;
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let decoded = String::from_utf8(engine.decode(&first.next_page_token).unwrap()).unwrap();
    let tampered = [
        engine.encode(decoded.replace("v2|", "v9|")),
        engine.encode(format!("{decoded}|extra")),
        engine.encode(format!("{}|", decoded.rsplit_once('|').unwrap().0)),
        format!("{}=", first.next_page_token),
        first.next_page_token.to_uppercase(),
    ];
    for page_token in tampered {
        let request = pb::ListGamesRequest { page_size: 1, page_token, ..Default::default() };
        assert_error(&client.list_games(request).await.unwrap_err(), Code::InvalidArgument, "INVALID_PAGE_TOKEN");
    }
    let next = pb::ListGamesRequest { page_size: 1, page_token: first.next_page_token, ..Default::default() };
    assert_eq!(client.list_games(next).await.unwrap().into_inner().games.len(), 1);
}

#[tokio::test]
async fn event_times_are_the_same_live_and_read_back_from_sqlite() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("games.db");
    let store = tabula::store::SqliteStore::open(&path).await.unwrap();
    let server = TestServer::start_on(std::sync::Arc::new(store), tabula::service::ServeOptions::default()).await;
    let mut client = server.client().await;
    let game = common::create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let mut live = client
        .stream_events(pb::StreamEventsRequest {
            game_id: game.id.clone(),
            after_seq: 0,
            include_views: false,
            view_changes: false,
        })
        .await
        .unwrap()
        .into_inner();
    let played = client.submit_move(common::submit(&game, 0, common::column_move(3))).await.unwrap().into_inner();
    let mut seen = Vec::new();
    while seen.len() < 2 {
        seen.push(tokio_stream::StreamExt::next(&mut live).await.unwrap().unwrap().event.unwrap());
    }
    assert_eq!(played.events[0].time, seen[1].time);
    server.stop().await;

    // A fresh server reads the log back from the file.
    let store = tabula::store::SqliteStore::open(&path).await.unwrap();
    let server = TestServer::start_on(std::sync::Arc::new(store), tabula::service::ServeOptions::default()).await;
    let mut client = server.client().await;
    let read_back = common::events_through(&mut client, &game.id, 2).await;
    assert_eq!(read_back, seen, "events read back from SQLite differ from those sent live");
    assert_eq!(seen[1].time.unwrap().nanos % 1000, 0, "times are kept to the microsecond");
}
