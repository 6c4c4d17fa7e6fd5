//! Managing stored games: archiving finished games, deleting games (their streams end),
//! and listing with filters over kind, status and creation time.

mod common;

use common::{TestServer, assert_error, column_move, pb, play_all};
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
        .stream_events(pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0 })
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
    let first = client.list_games(pb::ListGamesRequest { page_size: 1, ..Default::default() }).await.unwrap().into_inner();
    assert!(!first.next_page_token.is_empty());
    let other_filter = pb::ListGamesRequest { page_size: 1, page_token: first.next_page_token, ..window };
    let refused = client.list_games(other_filter).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_PAGE_TOKEN");
}
