//! Series over a real socket: each next game created when one ends, players taking turns
//! in seat 1 with one token each for the whole series, the score kept, the end decided,
//! and a history that streams, resumes and survives the process that moved it on.

use std::sync::Arc;
use std::time::Duration;

use crate::common::*;
use tonic::Code;

fn player(id: &str, name: &str) -> pb::Player {
    pb::Player { player_id: id.into(), display_name: name.into() }
}

fn preset_series(kind: pb::GameKind, preset: &str) -> pb::CreateSeriesRequest {
    pb::CreateSeriesRequest {
        kind: kind as i32,
        source: Some(pb::create_series_request::Source::Preset(preset.into())),
        ..Default::default()
    }
}

/// Every event of series `id` after `after`, until the server closes the stream.
async fn series_history(client: &mut Client, id: &str, after: u64) -> Vec<pb::SeriesEvent> {
    let request = pb::StreamSeriesEventsRequest { series_id: id.into(), after_seq: after };
    let mut stream = client.stream_series_events(request).await.unwrap().into_inner();
    let mut events = Vec::new();
    let read = async {
        while let Some(message) = stream.message().await.unwrap() {
            events.push(message.event.unwrap());
        }
    };
    tokio::time::timeout(Duration::from_secs(60), read).await.expect("the series ends and its stream closes");
    events
}

async fn get_series(client: &mut Client, id: &str) -> pb::Series {
    client.get_series(pb::GetSeriesRequest { series_id: id.into() }).await.unwrap().into_inner().series.unwrap()
}

#[tokio::test]
async fn an_engine_series_plays_itself_to_the_end_with_the_seats_alternating() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let bot = |player| pb::BotSeat { seat: player, level: 1, ..Default::default() };
    let request = pb::CreateSeriesRequest {
        best_of: 5,
        players: vec![player("p-ann", "Ann"), player("p-bob", "Bob")],
        bots: vec![bot(1), bot(2)],
        ..preset_series(pb::GameKind::TicTacToe, "classic")
    };
    let created = client.create_series(request).await.unwrap().into_inner();
    let series = created.series.unwrap();
    assert_eq!(series.games.len(), 1, "the first game is created with the series");
    assert_eq!(created.player_tokens.iter().map(|t| t.player).collect::<Vec<_>>(), [1, 2]);

    let events = series_history(&mut client, &series.series_id, 0).await;
    let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=events.len() as u64).collect::<Vec<_>>(), "numbered from 1 without gaps");
    let times: Vec<std::time::SystemTime> =
        events.iter().map(|e| std::time::SystemTime::try_from(e.time.unwrap()).unwrap()).collect();
    assert!(times.is_sorted(), "events are in time order: {times:?}");
    let Some(pb::series_event::Kind::SeriesFinished(end)) = &events.last().unwrap().kind else {
        panic!("the last event ends the series: {events:?}")
    };
    let finished = get_series(&mut client, &series.series_id).await;
    assert_eq!(finished.status(), pb::SeriesStatus::Finished);
    assert_eq!((finished.winner, &finished.points), (end.winner, &end.points));
    let scored: Vec<&pb::SeriesGame> = finished.games.iter().filter(|g| g.outcome.is_some()).collect();
    assert_eq!(scored.len(), finished.games.len(), "every game of a finished series is scored");
    let total: f64 = finished.points.iter().sum();
    let draws = scored.iter().filter(|g| g.outcome.as_ref().unwrap().r#type() == pb::OutcomeType::Draw).count();
    assert_eq!(total, scored.len() as f64, "a point a game, halved for the {draws} draws");
    let [one, two] = [finished.points[0], finished.points[1]];
    match finished.winner {
        1 => assert!(one > two && (one > 2.5 || scored.len() == 5)),
        2 => assert!(two > one && (two > 2.5 || scored.len() == 5)),
        _ => assert!(one == two && scored.len() == 5, "a tie only when all five are played"),
    }

    // Each game's creation is in the history, with the seats alternating and the players
    // seated accordingly in the game itself.
    let started: Vec<&pb::SeriesGameStarted> = events
        .iter()
        .filter_map(|e| match &e.kind {
            Some(pb::series_event::Kind::GameStarted(started)) => Some(started),
            _ => None,
        })
        .collect();
    assert_eq!(started.len(), finished.games.len());
    for (index, (started, game)) in started.iter().zip(&finished.games).enumerate() {
        let number = index as u32 + 1;
        assert_eq!(
            (started.number, &started.game_id, started.player_one_seat),
            (number, &game.game_id, 2 - number % 2)
        );
        let record = client.get_game(pb::GetGameRequest { game_id: game.game_id.clone() }).await.unwrap();
        let record = record.into_inner().game.unwrap();
        assert_eq!((record.series_id.as_str(), record.series_game_number), (series.series_id.as_str(), number));
        let names: Vec<&str> = record.players.iter().map(|p| p.display_name.as_str()).collect();
        assert_eq!(names, if number % 2 == 1 { ["Ann", "Bob"] } else { ["Bob", "Ann"] });
        assert_eq!(record.bots.len(), 2);
    }

    // Resuming mid-way gives the rest; beyond the end is refused.
    let rest = series_history(&mut client, &series.series_id, 2).await;
    assert_eq!(rest, events[2..]);
    let request =
        pb::StreamSeriesEventsRequest { series_id: series.series_id.clone(), after_seq: events.len() as u64 + 1 };
    let error = client.stream_series_events(request).await.unwrap_err();
    assert_error(&error, Code::OutOfRange, "SEQ_OUT_OF_RANGE");

    let listed = client.list_series(pb::ListSeriesRequest::default()).await.unwrap().into_inner();
    assert_eq!(listed.series, std::slice::from_ref(&finished));
    let running = pb::ListSeriesRequest { status: pb::SeriesStatus::InProgress as i32, ..Default::default() };
    assert!(client.list_series(running).await.unwrap().into_inner().series.is_empty());
}

#[tokio::test]
async fn each_player_has_one_token_for_every_game_whichever_seat_they_sit_in() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest {
        first_to: 2,
        players: vec![player("p-ann", "Ann"), player("p-bob", "Bob")],
        ..preset_series(pb::GameKind::Chess, "standard")
    };
    let created = client.create_series(request).await.unwrap().into_inner();
    let series_id = created.series.unwrap().series_id;
    let [ann, bob] = [created.player_tokens[0].token.clone(), created.player_tokens[1].token.clone()];

    // Game 1: Ann is White (seat 1); Bob resigns. Game 2: Ann is Black; she resigns.
    // Game 3: Ann is White again; Bob resigns, and Ann has her two points.
    for (number, resigner, ann_seat, ann_colour) in
        [(1, &bob, 1, "White"), (2, &ann, 2, "Black"), (3, &bob, 1, "White")]
    {
        let series = await_series(&mut client, &series_id, |s| s.games.len() == number).await;
        let game_id = series.games[number - 1].game_id.clone();
        let view =
            client.get_view(as_seat(&ann, pb::GetViewRequest { game_id: game_id.clone(), ..Default::default() }));
        assert_eq!(view.await.unwrap().into_inner().view.unwrap().viewer_seat, ann_seat, "game {number}");
        let pgn = client.export_pgn(pb::ExportPgnRequest { game_id: game_id.clone() }).await.unwrap().into_inner().pgn;
        assert!(pgn.contains(&format!("[{ann_colour} \"Ann\"]")), "game {number}: {pgn}");
        assert!(pgn.contains(&format!("[Round \"{number}\"]")), "game {number}: {pgn}");
        let created = events_through(&mut client, &game_id, 1).await.remove(0).kind;
        let Some(pb::game_event::Kind::GameCreated(created)) = created else { panic!("{created:?}") };
        assert_eq!(created.series_id, series_id, "game {number} names its series from its creation");
        client.resign(as_seat(resigner, pb::ResignRequest { game_id, ..Default::default() })).await.unwrap();
    }
    let finished = await_series(&mut client, &series_id, |s| s.status() == pb::SeriesStatus::Finished).await;
    assert_eq!((finished.winner, finished.points.as_slice(), finished.games.len()), (1, [2.0, 1.0].as_slice(), 3));
    let per_game: Vec<&[f64]> = finished.games.iter().map(|g| g.points.as_slice()).collect();
    assert_eq!(per_game, [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]]);

    // A player's token reads the series; it never moves in another series' games.
    let other = pb::CreateSeriesRequest { best_of: 1, ..preset_series(pb::GameKind::Chess, "standard") };
    let other = client.create_series(other).await.unwrap().into_inner().series.unwrap();
    let error = client
        .resign(as_seat(&ann, pb::ResignRequest { game_id: other.games[0].game_id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&error, Code::Unauthenticated, "INVALID_CREDENTIAL");
}

/// The series once `done` holds for it, read again every few milliseconds.
async fn await_series(client: &mut Client, id: &str, done: impl Fn(&pb::Series) -> bool) -> pb::Series {
    for _ in 0..1000 {
        let series = get_series(client, id).await;
        if done(&series) {
            return series;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("series {id} never got there: {:?}", get_series(client, id).await)
}

#[tokio::test]
async fn an_aborted_game_is_played_again_and_replayed_draws_do_not_count() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest {
        best_of: 1,
        draws: pb::SeriesDraws::Replayed as i32,
        ..preset_series(pb::GameKind::ConnectFour, "classic")
    };
    let created = client.create_series(request).await.unwrap().into_inner();
    let series = created.series.unwrap();
    assert_eq!(series.draws(), pb::SeriesDraws::Replayed);
    let abort = pb::AbortGameRequest {
        game_id: series.games[0].game_id.clone(),
        explanation: "a cable came loose".into(),
        ..Default::default()
    };
    client.abort_game(abort).await.unwrap();
    let replayed = await_series(&mut client, &series.series_id, |s| s.games.len() == 2).await;
    assert_eq!(replayed.points, [0.0, 0.0]);
    assert_eq!(replayed.games[0].outcome.as_ref().unwrap().r#type(), pb::OutcomeType::NoResult);
    assert_eq!(replayed.games[1].player_one_seat, 2, "the seats alternate by game, replayed or not");
    // Player 2 sits in seat 1 of game 2 and wins it: best of one, decided.
    let game = Game {
        id: replayed.games[1].game_id.clone(),
        tokens: vec![created.player_tokens[1].token.clone(), created.player_tokens[0].token.clone()],
    };
    play_all(&mut client, &game, &[0, 1, 0, 1, 0, 1, 0].map(column_move)).await;
    let finished = await_series(&mut client, &series.series_id, |s| s.status() == pb::SeriesStatus::Finished).await;
    assert_eq!((finished.winner, finished.points.as_slice()), (2, [0.0, 1.0].as_slice()));
}

#[tokio::test]
async fn a_series_request_that_makes_no_sense_is_refused_with_every_problem() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest {
        best_of: 3,
        first_to: 2,
        draws: 7,
        players: vec![player("a", ""), player("b", ""), player("c", "")],
        bots: vec![pb::BotSeat { seat: 3, level: 1, ..Default::default() }],
        ..preset_series(pb::GameKind::TicTacToe, "classic")
    };
    let error = client.create_series(request).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    for field in ["best_of", "draws", "players", "bots[0].seat"] {
        assert!(error.message().contains(field), "{field} is named: {}", error.message());
    }
    let solo = pb::CreateSeriesRequest { best_of: 3, ..preset_series(pb::GameKind::PegSolitaire, "english") };
    let error = client.create_series(solo).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let too_long = pb::CreateSeriesRequest { best_of: 100, ..preset_series(pb::GameKind::TicTacToe, "classic") };
    assert_error(&client.create_series(too_long).await.unwrap_err(), Code::InvalidArgument, "INVALID_REQUEST");
    let unknown = client.get_series(pb::GetSeriesRequest { series_id: "no-such-series".into() }).await.unwrap_err();
    assert_error(&unknown, Code::NotFound, "SERIES_NOT_FOUND");
    let listed = client.list_series(pb::ListSeriesRequest::default()).await.unwrap().into_inner();
    assert!(listed.series.is_empty(), "a refused request makes nothing");
}

#[tokio::test]
async fn a_retried_creation_makes_one_series_and_replaces_unused_tokens() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest {
        best_of: 3,
        request_id: "series-1".into(),
        ..preset_series(pb::GameKind::ConnectFour, "classic")
    };
    let first = client.create_series(request.clone()).await.unwrap().into_inner();
    let retry = client.create_series(request.clone()).await.unwrap().into_inner();
    assert!(retry.retried && !first.retried);
    let (series, again) = (first.series.unwrap(), retry.series.unwrap());
    assert_eq!((&again.series_id, &again.games), (&series.series_id, &series.games));
    assert_eq!(retry.player_tokens.len(), 2, "nobody used the first tokens: new ones replace them");
    let game_id = series.games[0].game_id.clone();
    let move_as =
        |token: &str| submit(&Game { id: game_id.clone(), tokens: vec![token.to_owned()] }, 0, column_move(3));
    let error = client.submit_move(move_as(&first.player_tokens[0].token)).await.unwrap_err();
    assert_error(&error, Code::Unauthenticated, "INVALID_CREDENTIAL");
    client.submit_move(move_as(&retry.player_tokens[0].token)).await.unwrap();
    let late = client.create_series(request.clone()).await.unwrap().into_inner();
    assert!(late.retried && late.player_tokens.is_empty(), "once a token was used, none is shown again");
    let reused = pb::CreateSeriesRequest { best_of: 5, ..request };
    assert_error(&client.create_series(reused).await.unwrap_err(), Code::FailedPrecondition, "REQUEST_ID_REUSED");
}

#[tokio::test]
async fn a_private_series_is_read_by_its_players_and_service_keys_only() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request =
        pb::CreateSeriesRequest { best_of: 1, private: true, ..preset_series(pb::GameKind::Gomoku, "freestyle") };
    let created = client.create_series(request).await.unwrap().into_inner();
    let id = created.series.unwrap().series_id;
    let error = client.get_series(pb::GetSeriesRequest { series_id: id.clone() }).await.unwrap_err();
    assert_error(&error, Code::PermissionDenied, "PRIVATE_GAME");
    let read =
        client.get_series(as_seat(&created.player_tokens[1].token, pb::GetSeriesRequest { series_id: id.clone() }));
    assert!(read.await.unwrap().into_inner().series.unwrap().private);
    let stranger = "A".repeat(43);
    let error = client.get_series(as_seat(&stranger, pb::GetSeriesRequest { series_id: id })).await.unwrap_err();
    assert_error(&error, Code::Unauthenticated, "INVALID_CREDENTIAL");
}

#[tokio::test]
async fn a_series_left_half_way_by_a_dead_process_is_moved_on_by_the_next() {
    // A first server creates a series and its game ends; the series is then put back as a
    // process that died before scoring it would have left it. The next server's sweep
    // scores the game and creates the next one.
    let store: Arc<dyn tabula::store::Store> = Arc::new(tabula::store::MemoryStore::new());
    let server = TestServer::start_on(store.clone(), Default::default()).await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest { best_of: 3, ..preset_series(pb::GameKind::TicTacToe, "classic") };
    let created = client.create_series(request).await.unwrap().into_inner();
    let id = created.series.unwrap().series_id;
    let before_the_end = store.series(&id).await.unwrap();
    let game = Game {
        id: before_the_end.games[0].game_id.clone(),
        tokens: created.player_tokens.iter().map(|t| t.token.clone()).collect(),
    };
    play_all(&mut client, &game, &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map(|(r, c)| cell_move(r, c))).await;
    await_series(&mut client, &id, |s| s.games.len() == 2).await;
    server.stop().await;
    // Back to the game over but unscored, as if the process died right after the move.
    let mut stale = store.series(&id).await.unwrap();
    let (games, revision) = (before_the_end.games.clone(), stale.revision + 1);
    stale.games = games;
    stale.revision = revision;
    store.update_series(stale, &[]).await.unwrap();

    let server = TestServer::start_on(store.clone(), Default::default()).await;
    let mut client = server.client().await;
    let moved_on = await_series(&mut client, &id, |s| s.games.len() == 2).await;
    assert_eq!(moved_on.points, [1.0, 0.0]);
    assert_eq!(moved_on.games[0].points, [1.0, 0.0]);
}

#[tokio::test]
async fn deleting_a_running_game_moves_its_series_on_at_once() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest { best_of: 3, ..preset_series(pb::GameKind::ConnectFour, "classic") };
    let created = client.create_series(request).await.unwrap();
    let series = created.into_inner().series.unwrap();
    let deleted = series.games[0].game_id.clone();
    client.delete_game(pb::DeleteGameRequest { game_id: deleted.clone() }).await.unwrap();
    // Well before the sweep that would otherwise find it (every 30 s).
    let started = std::time::Instant::now();
    let moved_on = loop {
        let now = get_series(&mut client, &series.series_id).await;
        if now.games.len() == 2 {
            break now;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "the series waited for its sweep: {now:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(moved_on.games[0].game_id, deleted);
    assert_eq!(
        moved_on.games[0].outcome.as_ref().unwrap().r#type(),
        pb::OutcomeType::NoResult,
        "it counts for nothing"
    );
    assert_eq!(moved_on.points, [0.0, 0.0]);
}

#[tokio::test]
async fn the_owners_stream_tells_each_game_scored_and_the_series_decided() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let kinds = vec![pb::OwnerEventKind::SeriesGameFinished as i32, pb::OwnerEventKind::SeriesFinished as i32];
    let request = pb::StreamOwnerEventsRequest { kinds, ..Default::default() };
    let mut owner = client.stream_owner_events(request).await.unwrap().into_inner();
    let bot = |player| pb::BotSeat { seat: player, level: 1, ..Default::default() };
    let request = pb::CreateSeriesRequest {
        best_of: 3,
        bots: vec![bot(1), bot(2)],
        ..preset_series(pb::GameKind::TicTacToe, "classic")
    };
    let series = client.create_series(request).await.unwrap().into_inner().series.unwrap();
    let history = series_history(&mut client, &series.series_id, 0).await;

    // What the series' own stream says of its games' ends and its own, in order.
    let told: Vec<pb::SeriesEvent> = history
        .into_iter()
        .filter(|event| !matches!(event.kind, Some(pb::series_event::Kind::GameStarted(_))))
        .collect();
    let mut entries = Vec::new();
    while entries.len() < told.len() {
        let next = tokio::time::timeout(Duration::from_secs(10), owner.message()).await.expect("the owner's stream");
        entries.push(next.unwrap().unwrap().event.unwrap());
    }
    for (entry, told) in entries.iter().zip(&told) {
        let kind = match told.kind {
            Some(pb::series_event::Kind::GameFinished(_)) => pb::OwnerEventKind::SeriesGameFinished,
            _ => pb::OwnerEventKind::SeriesFinished,
        };
        assert_eq!(entry.kind(), kind);
        assert_eq!(entry.series_event.as_ref(), Some(told), "the series' own event");
        // Each points at the end of the game that moved the series on.
        let ended = entry.game_event.as_ref().unwrap();
        assert!(matches!(ended.kind, Some(pb::game_event::Kind::GameEnded(_))), "{ended:?}");
        if let Some(pb::series_event::Kind::GameFinished(finished)) = &told.kind {
            assert_eq!(ended.game_id, finished.game_id);
        }
    }
    let cursors: Vec<u64> = entries.iter().map(|entry| entry.cursor).collect();
    assert!(cursors.is_sorted(), "{cursors:?}");
    let last = entries.last().unwrap();
    assert_eq!(last.kind(), pb::OwnerEventKind::SeriesFinished, "the series decided, last");
    assert_eq!(last.game_event, entries[entries.len() - 2].game_event, "by the end of its last game");
}

/// A rated series: every game rated in the series' pool as it ends, the players' ratings
/// counting each; a series of unnamed players cannot be rated.
#[tokio::test]
async fn a_rated_series_rates_each_of_its_games() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest {
        best_of: 3,
        players: vec![player("r-ann", "Ann"), player("r-bob", "Bob")],
        rating_pool: pb::RatingPool::Preset as i32,
        ..preset_series(pb::GameKind::TicTacToe, "classic")
    };
    let created = client.create_series(request).await.unwrap().into_inner();
    let series = created.series.unwrap();
    assert_eq!(series.rating_pool, "tic_tac_toe/classic");
    let bob = created.player_tokens[1].token.clone();
    for number in 1..=2 {
        let series = await_series(&mut client, &series.series_id, |s| s.games.len() == number).await;
        let game_id = series.games[number - 1].game_id.clone();
        client.resign(as_seat(&bob, pb::ResignRequest { game_id, ..Default::default() })).await.unwrap();
    }
    let finished = await_series(&mut client, &series.series_id, |s| s.status() == pb::SeriesStatus::Finished).await;
    assert_eq!(finished.winner, 1);
    for game in &finished.games {
        let read = client.get_game(pb::GetGameRequest { game_id: game.game_id.clone() }).await.unwrap().into_inner();
        let rating = read.game.unwrap().rating.unwrap();
        let seated = game_players(game.player_one_seat, "r-ann", "r-bob");
        assert_eq!((rating.pool.as_str(), &rating.player_ids), ("tic_tac_toe/classic", &seated));
    }
    let ratings = pb::GetPlayerRatingsRequest { player_id: "r-ann".into() };
    for _ in 0..400 {
        let read = client.get_player_ratings(ratings.clone()).await.unwrap().into_inner().ratings;
        if read.first().is_some_and(|r| r.games == 2 && r.wins == 2) {
            let unnamed = pb::CreateSeriesRequest {
                best_of: 1,
                rating_pool: pb::RatingPool::Kind as i32,
                ..preset_series(pb::GameKind::TicTacToe, "classic")
            };
            let error = client.create_series(unnamed).await.unwrap_err();
            assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("Ann's two wins were not rated");
}

/// The players of a series game by seat, `player_one_seat` being player 1's seat.
fn game_players(player_one_seat: u32, one: &str, two: &str) -> Vec<String> {
    if player_one_seat == 1 { vec![one.into(), two.into()] } else { vec![two.into(), one.into()] }
}
