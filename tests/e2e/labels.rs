//! Labels over a real socket: given at creation to games and series (and by a series to
//! every game it makes), found by `ListGames` and `ListSeries` a page at a time, replaced by
//! `UpdateGame` and `UpdateSeries`, and refused with every problem named when they break
//! the rules.

use std::collections::BTreeMap;

use crate::common::*;
use tonic::Code;

fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(key, value)| ((*key).to_owned(), (*value).to_owned())).collect()
}

fn labelled_game(pairs: &[(&str, &str)]) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: pb::GameKind::ConnectFour as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        labels: labels(pairs),
        ..Default::default()
    }
}

/// The ids of every game `ListGames` finds with `wanted`, following the pages of `size`.
async fn listed(client: &mut Client, wanted: &[(&str, &str)], size: i32) -> Vec<String> {
    let mut found = Vec::new();
    let mut page_token = String::new();
    loop {
        let request =
            pb::ListGamesRequest { page_size: size, page_token, labels: labels(wanted), ..Default::default() };
        let page = client.list_games(request).await.unwrap().into_inner();
        found.extend(page.games.into_iter().map(|game| game.game_id));
        if page.next_page_token.is_empty() {
            return found;
        }
        page_token = page.next_page_token;
    }
}

fn violated_fields(status: &tonic::Status) -> Vec<String> {
    use tonic_types::StatusExt;
    let mut fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    fields.sort();
    fields
}

#[tokio::test]
async fn games_are_found_by_their_labels_page_by_page_and_relabelled() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut round_one = Vec::new();
    for board in 0..5 {
        let request = labelled_game(&[("tournament", "spring"), ("round", "1"), ("board", &board.to_string())]);
        let created = client.create_game(request).await.unwrap().into_inner().game.unwrap();
        assert_eq!(created.labels.get("round").map(String::as_str), Some("1"));
        round_one.push(created.game_id);
        client.create_game(labelled_game(&[("tournament", "autumn"), ("round", "1")])).await.unwrap();
    }
    client.create_game(labelled_game(&[])).await.unwrap();
    round_one.reverse();
    assert_eq!(listed(&mut client, &[("tournament", "spring")], 2).await, round_one, "newest first, in pages of 2");
    assert_eq!(listed(&mut client, &[("tournament", "spring"), ("round", "1")], 50).await, round_one);
    assert_eq!(listed(&mut client, &[("round", "1")], 50).await.len(), 10);
    assert_eq!(listed(&mut client, &[("tournament", "spring"), ("board", "3")], 50).await, [round_one[1].clone()]);
    assert!(listed(&mut client, &[("tournament", "winter")], 50).await.is_empty());

    // A page token belongs to its labels: another filter is refused.
    let first =
        pb::ListGamesRequest { page_size: 2, labels: labels(&[("tournament", "spring")]), ..Default::default() };
    let token = client.list_games(first).await.unwrap().into_inner().next_page_token;
    let other = pb::ListGamesRequest {
        page_size: 2,
        page_token: token,
        labels: labels(&[("tournament", "autumn")]),
        ..Default::default()
    };
    assert_error(&client.list_games(other).await.unwrap_err(), Code::InvalidArgument, "INVALID_PAGE_TOKEN");

    // Relabelled: the new labels replace the old, and find the game; its play is untouched.
    let moved = round_one[0].clone();
    let update = |pairs: &[(&str, &str)], paths: &[&str]| pb::UpdateGameRequest {
        game: Some(pb::Game { game_id: moved.clone(), labels: labels(pairs), ..Default::default() }),
        update_mask: Some(prost_types::FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() }),
    };
    let before = client.get_game(pb::GetGameRequest { game_id: moved.clone() }).await.unwrap().into_inner().game;
    let updated = client
        .update_game(update(&[("tournament", "spring"), ("round", "2")], &["labels"]))
        .await
        .unwrap()
        .into_inner()
        .game
        .unwrap();
    assert_eq!(updated.labels, labels(&[("tournament", "spring"), ("round", "2")]));
    let before = before.unwrap();
    assert_eq!((updated.seq, updated.update_time), (before.seq, before.update_time), "no event, no update of play");
    assert_eq!(listed(&mut client, &[("round", "2")], 50).await, std::slice::from_ref(&moved));
    assert!(!listed(&mut client, &[("round", "1"), ("tournament", "spring")], 50).await.contains(&moved));
    let read = client.get_game(pb::GetGameRequest { game_id: moved.clone() }).await.unwrap().into_inner();
    assert_eq!(read.game.unwrap().labels, updated.labels);
    // An empty mask with no labels sent changes nothing; `labels` with none clears them.
    let unchanged = client.update_game(update(&[], &[])).await.unwrap().into_inner().game.unwrap();
    assert_eq!(unchanged.labels, updated.labels);
    let cleared = client.update_game(update(&[], &["labels"])).await.unwrap().into_inner().game.unwrap();
    assert!(cleared.labels.is_empty());
    assert!(listed(&mut client, &[("round", "2")], 50).await.is_empty());
}

#[tokio::test]
async fn labels_that_break_the_rules_are_refused_with_every_problem_named_and_change_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let refused = client
        .create_game(labelled_game(&[("Round", "1"), ("stage", "Final"), ("ok", "fine"), ("9lives", "")]))
        .await
        .unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    assert_eq!(violated_fields(&refused), ["labels[9lives]", "labels[Round]", "labels[stage]"]);
    let too_many: Vec<(String, String)> = (0..65).map(|n| (format!("k{n}"), "v".to_owned())).collect();
    let pairs: Vec<(&str, &str)> = too_many.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let refused = client.create_game(labelled_game(&pairs)).await.unwrap_err();
    assert_eq!(violated_fields(&refused), ["labels"]);
    let list = pb::ListGamesRequest { labels: labels(&[("Tournament", "x")]), ..Default::default() };
    assert_eq!(violated_fields(&client.list_games(list).await.unwrap_err()), ["labels[Tournament]"]);

    let game = client.create_game(labelled_game(&[("round", "1")])).await.unwrap().into_inner().game.unwrap();
    let bad_update = pb::UpdateGameRequest {
        game: Some(pb::Game { game_id: game.game_id.clone(), labels: labels(&[("Round", "2")]), ..Default::default() }),
        update_mask: Some(prost_types::FieldMask { paths: vec!["labels".into(), "status".into()] }),
    };
    let refused = client.update_game(bad_update).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    assert_eq!(violated_fields(&refused), ["game.labels[Round]", "update_mask"]);
    let read = client.get_game(pb::GetGameRequest { game_id: game.game_id.clone() }).await.unwrap().into_inner();
    assert_eq!(read.game.unwrap().labels, labels(&[("round", "1")]), "a refused update changes nothing");
    let unknown = pb::UpdateGameRequest {
        game: Some(pb::Game {
            game_id: "no-such-game".into(),
            labels: labels(&[("round", "2")]),
            ..Default::default()
        }),
        update_mask: None,
    };
    assert_error(&client.update_game(unknown).await.unwrap_err(), Code::NotFound, "GAME_NOT_FOUND");
    let nameless = pb::UpdateGameRequest { game: None, update_mask: None };
    assert_error(&client.update_game(nameless).await.unwrap_err(), Code::InvalidArgument, "INVALID_REQUEST");
}

#[tokio::test]
async fn a_series_and_every_game_it_makes_carry_its_labels() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_series_request::Source::Preset("classic".into())),
        best_of: 3,
        labels: labels(&[("tournament", "spring"), ("match", "7")]),
        ..Default::default()
    };
    let created = client.create_series(request).await.unwrap().into_inner();
    let series = created.series.unwrap();
    assert_eq!(series.labels, labels(&[("tournament", "spring"), ("match", "7")]));
    let first_game = series.games[0].game_id.clone();
    assert_eq!(
        listed(&mut client, &[("match", "7")], 50).await,
        std::slice::from_ref(&first_game),
        "its first game carries them"
    );
    let found = |wanted: &[(&str, &str)]| pb::ListSeriesRequest { labels: labels(wanted), ..Default::default() };
    let listed_series = client.list_series(found(&[("match", "7")])).await.unwrap().into_inner().series;
    assert_eq!(
        listed_series.iter().map(|s| s.series_id.clone()).collect::<Vec<_>>(),
        std::slice::from_ref(&series.series_id)
    );
    assert!(client.list_series(found(&[("match", "8")])).await.unwrap().into_inner().series.is_empty());

    // Relabelled, the series is found by its new labels; its first game keeps its own, and
    // the next game it makes takes the new ones.
    let update = pb::UpdateSeriesRequest {
        series: Some(pb::Series {
            series_id: series.series_id.clone(),
            labels: labels(&[("tournament", "spring"), ("match", "8")]),
            ..Default::default()
        }),
        update_mask: Some(prost_types::FieldMask { paths: vec!["labels".into()] }),
    };
    let updated = client.update_series(update).await.unwrap().into_inner().series.unwrap();
    assert_eq!(updated.labels.get("match").map(String::as_str), Some("8"));
    assert_eq!(updated.games.len(), 1, "nothing else of the series changed");
    let listed_series = client.list_series(found(&[("match", "8")])).await.unwrap().into_inner().series;
    assert_eq!(listed_series.len(), 1);
    assert_eq!(listed(&mut client, &[("match", "7")], 50).await, std::slice::from_ref(&first_game));
    let tokens: Vec<String> = created.player_tokens.iter().map(|t| t.token.clone()).collect();
    // Player 1 sits in seat 1 of game 1 and wins along the top row.
    let game = Game { id: first_game.clone(), tokens: tokens.clone() };
    play_all(
        &mut client,
        &game,
        &[cell_move(0, 0), cell_move(1, 0), cell_move(0, 1), cell_move(1, 1), cell_move(0, 2)],
    )
    .await;
    let second = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        loop {
            let read = client.get_series(pb::GetSeriesRequest { series_id: series.series_id.clone() }).await.unwrap();
            if let Some(game) = read.into_inner().series.unwrap().games.get(1) {
                return game.game_id.clone();
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the series makes its second game");
    assert_eq!(listed(&mut client, &[("match", "8")], 50).await, [second], "the next game takes the new labels");
}
