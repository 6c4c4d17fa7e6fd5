//! Three replicas of the real binary over one real PostgreSQL database: any call may go
//! to any replica. Needs `TABULA_TEST_POSTGRES` (the test command starts a server and
//! sets it), so these tests are ignored by a plain `cargo test`.

mod common;

use std::time::Duration;

use common::{BinaryServer, Client, assert_error, column_move, pb, submit};
use tokio_stream::StreamExt;
use tonic::Code;

/// How long a replica may take to show another's move on a stream.
const PROPAGATION: Duration = Duration::from_secs(5);

async fn replicas(url: &str) -> (Vec<BinaryServer>, Vec<Client>) {
    let servers: Vec<BinaryServer> = (0..3).map(|_| BinaryServer::spawn(&["--store", url])).collect();
    let mut clients = Vec::new();
    for server in &servers {
        clients.push(server.client().await);
    }
    (servers, clients)
}

fn with_seq(mut request: tonic::Request<pb::SubmitMoveRequest>, seq: u64) -> tonic::Request<pb::SubmitMoveRequest> {
    request.get_mut().expected_seq = Some(seq);
    request
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn moves_alternate_across_replicas_and_every_stream_sees_them_in_order() {
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let game = common::create_preset(&mut clients[0], pb::GameKind::ConnectFour, "classic").await;

    // A spectator on replica 2 follows the game while the moves go to replicas 0, 1, 2 in turn.
    let mut stream = clients[2]
        .stream_events(pb::StreamEventsRequest {
            game_id: game.id.clone(),
            after_seq: 0,
            include_views: false,
            view_changes: false,
        })
        .await
        .unwrap()
        .into_inner();
    // Seat 1 wins on column 0; seat 2 plays column 1.
    let columns = [0, 1, 0, 1, 0, 1, 0];
    let mut seq = 1;
    for (index, column) in columns.into_iter().enumerate() {
        let client = &mut clients[index % 3];
        let response = client.submit_move(with_seq(submit(&game, index % 2, column_move(column)), seq)).await;
        let response = response.unwrap_or_else(|e| panic!("move {index} on replica {}: {e:?}", index % 3)).into_inner();
        seq = response.seq;
    }
    let mut seen = Vec::new();
    while let Ok(Some(message)) = tokio::time::timeout(PROPAGATION, stream.next()).await {
        let event = message.unwrap().event.unwrap();
        seen.push(event.seq);
        if matches!(event.kind, Some(pb::game_event::Kind::GameEnded(_))) {
            break;
        }
    }
    assert_eq!(
        seen,
        (1..=seq).collect::<Vec<_>>(),
        "every event once, in order, on the replica that made none of them"
    );
    for client in &mut clients {
        let got =
            client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner().game.unwrap();
        assert_eq!((got.seq, got.status), (seq, pb::GameStatus::Finished as i32));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn two_replicas_racing_for_one_turn_apply_exactly_one_move() {
    let url = common::fresh_postgres_database().await;
    let (_servers, clients) = replicas(&url).await;
    let mut setup = clients[0].clone();
    for round in 0..20 {
        let game = common::create_preset(&mut setup, pb::GameKind::ConnectFour, "classic").await;
        // Both replicas have the game loaded, so each holds a copy in memory.
        for client in &clients {
            client.clone().get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap();
        }
        let (mut a, mut b) = (clients[round % 3].clone(), clients[(round + 1) % 3].clone());
        let (first, second) = tokio::join!(
            a.submit_move(with_seq(submit(&game, 0, column_move(2)), 1)),
            b.submit_move(with_seq(submit(&game, 0, column_move(5)), 1)),
        );
        let (winner, loser) = match (first, second) {
            (Ok(w), Err(l)) | (Err(l), Ok(w)) => (w.into_inner(), l),
            other => panic!("round {round}: exactly one of two racing moves must apply, got {other:?}"),
        };
        assert_eq!(winner.seq, 2);
        assert_error(&loser, Code::Aborted, "STALE_SEQ");
        let info = tonic_types::StatusExt::get_details_error_info(&loser).unwrap();
        assert_eq!(
            info.metadata.get("current_seq").map(String::as_str),
            Some("2"),
            "the refusal names the current seq"
        );
        // The log holds one move.
        let log = common::events_through(&mut setup, &game.id, 2).await;
        assert_eq!(log.len(), 2);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_replica_killed_mid_game_loses_nothing() {
    let url = common::fresh_postgres_database().await;
    let (mut servers, mut clients) = replicas(&url).await;
    let game = common::create_preset(&mut clients[0], pb::GameKind::ConnectFour, "classic").await;
    let mut seq = 1;
    for (index, column) in [3, 3, 4, 4].into_iter().enumerate() {
        seq = clients[1]
            .submit_move(with_seq(submit(&game, index % 2, column_move(column)), seq))
            .await
            .unwrap()
            .into_inner()
            .seq;
    }
    servers[1].kill();
    // The game goes on through the others, then through the restarted replica.
    seq = clients[2].submit_move(with_seq(submit(&game, 0, column_move(5)), seq)).await.unwrap().into_inner().seq;
    servers[1] = BinaryServer::spawn(&["--store", &url]);
    clients[1] = servers[1].client().await;
    seq = clients[1].submit_move(with_seq(submit(&game, 1, column_move(5)), seq)).await.unwrap().into_inner().seq;
    let last = clients[1].submit_move(with_seq(submit(&game, 0, column_move(2)), seq)).await.unwrap().into_inner();
    assert!(last.view.unwrap().outcome.is_some(), "seat 1 completes 2-3-4-5 on the bottom row");
    let log = common::events_through(&mut clients[0], &game.id, last.seq).await;
    let columns: Vec<u32> = log
        .iter()
        .filter_map(|e| match &e.kind {
            Some(pb::game_event::Kind::MoveApplied(applied)) => match &applied.r#move.as_ref()?.kind {
                Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Column(c)) })) => Some(*c),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(columns, [3, 3, 4, 4, 5, 5, 2]);
    // Spectators of every replica see the same finished game.
    for client in &mut clients {
        let view = client
            .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
            .await
            .unwrap()
            .into_inner()
            .view
            .unwrap();
        assert!(view.outcome.is_some());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_token_reissued_on_one_replica_is_revoked_on_every_replica() {
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let game = common::create_preset(&mut clients[0], pb::GameKind::ConnectFour, "classic").await;
    let view =
        |token: &str| common::as_seat(token, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
    // Replicas 1 and 2 hold the game in memory, with the first token.
    for client in &mut clients[1..] {
        client.get_view(view(&game.tokens[0])).await.unwrap();
    }
    let reissued = clients[0]
        .reissue_seat_token(pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat: 1 })
        .await
        .unwrap()
        .into_inner()
        .seat_token
        .unwrap();
    // At once, before the other replicas need have heard of it: the old token plays no
    // move there, the new one does (a move reads no head first; its append is
    // conditional on the seat tokens its replica admitted it by).
    let drop_disc = |token: &str| {
        let request =
            pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(column_move(3)), ..Default::default() };
        common::as_seat(token, request)
    };
    let refused = clients[1].submit_move(drop_disc(&game.tokens[0])).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated, "{refused:?}");
    assert_eq!(clients[2].submit_move(drop_disc(&reissued.token)).await.unwrap().into_inner().seq, 2);
    let refused = clients[1].get_view(view(&game.tokens[0])).await.unwrap_err();
    assert_error(&refused, Code::Unauthenticated, "INVALID_CREDENTIAL");
    let seen = clients[1].get_view(view(&reissued.token)).await.unwrap().into_inner().view.unwrap();
    assert_eq!(seen.viewer_seat, 1);
}

/// A replica whose game's rules panic stores the mark (the binary's games have no bug to
/// inject one with, so the store is marked here as the replica marks it): every replica,
/// each holding the game in memory before, shows it faulted, refuses its moves with
/// `GAME_FAULTED`, and lets a key adjudicate it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_game_faulted_on_one_replica_takes_no_move_on_any() {
    use tabula::store::Store;
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let game = common::create_preset(&mut clients[0], pb::GameKind::ConnectFour, "classic").await;
    clients[0].submit_move(submit(&game, 0, column_move(3))).await.unwrap();
    let get = || pb::GetGameRequest { game_id: game.id.clone() };
    for client in &mut clients {
        assert!(!client.get_game(get()).await.unwrap().into_inner().game.unwrap().faulted);
    }
    tabula::store::PostgresStore::connect(&url).await.unwrap().mark_faulted(&game.id).await.unwrap();
    for (index, client) in clients.iter_mut().enumerate() {
        let refused = client.submit_move(submit(&game, 1, column_move(3))).await.unwrap_err();
        assert_error(&refused, Code::FailedPrecondition, "GAME_FAULTED");
        let shown = client.get_game(get()).await.unwrap().into_inner().game.unwrap();
        assert!(shown.faulted && shown.move_count == 1, "replica {index}: {shown:?}");
    }
    let adjudicate = pb::AdjudicateGameRequest {
        game_id: game.id.clone(),
        result: pb::OutcomeType::Draw as i32,
        explanation: "its rules failed".into(),
        ..Default::default()
    };
    let ended = clients[2].adjudicate_game(adjudicate).await.unwrap().into_inner().game.unwrap();
    assert!(ended.faulted && ended.status == pb::GameStatus::Finished as i32, "{ended:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn labels_changed_on_one_replica_are_read_and_found_on_every_other() {
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let game = common::create_preset(&mut clients[0], pb::GameKind::ConnectFour, "classic").await;
    // Every replica holds the game in memory, without labels.
    for client in &mut clients {
        client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap();
    }
    let labels: std::collections::BTreeMap<String, String> = [("round".to_owned(), "2".to_owned())].into();
    let update = pb::UpdateGameRequest {
        game: Some(pb::Game { game_id: game.id.clone(), labels: labels.clone(), ..Default::default() }),
        update_mask: Some(prost_types::FieldMask { paths: vec!["labels".into()] }),
    };
    clients[0].update_game(update).await.unwrap();
    for client in &mut clients[1..] {
        let read = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        assert_eq!(read.game.unwrap().labels, labels, "read at once on a replica that held the game");
        let list = pb::ListGamesRequest { labels: labels.clone(), ..Default::default() };
        let found = client.list_games(list).await.unwrap().into_inner().games;
        assert_eq!(found.iter().map(|g| g.game_id.clone()).collect::<Vec<_>>(), std::slice::from_ref(&game.id));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn rematches_asked_on_every_replica_at_once_make_one_that_every_replica_names() {
    let url = common::fresh_postgres_database().await;
    let (_servers, clients) = replicas(&url).await;
    let mut setup = clients[0].clone();
    for round in 0..5 {
        let game = common::create_preset(&mut setup, pb::GameKind::ConnectFour, "classic").await;
        let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
        setup.resign(common::as_seat(&game.tokens[0], resign)).await.unwrap();
        // Every replica holds the finished game in memory.
        for client in &clients {
            client.clone().get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap();
        }
        let mut racing = tokio::task::JoinSet::new();
        for client in clients.iter().cycle().take(9) {
            let (mut client, game_id) = (client.clone(), game.id.clone());
            racing.spawn(async move {
                client.create_rematch(pb::CreateRematchRequest { game_id, request_id: String::new() }).await
            });
        }
        let mut made = Vec::new();
        while let Some(answer) = racing.join_next().await {
            match answer.unwrap() {
                Ok(answer) => made.push(answer.into_inner().game.unwrap().game_id),
                Err(status) => assert_error(&status, Code::AlreadyExists, "REMATCH_EXISTS"),
            }
        }
        assert_eq!(made.len(), 1, "round {round}: one rematch of nine asked on three replicas");
        for client in &clients {
            let read = client.clone().get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap();
            assert_eq!(read.into_inner().game.unwrap().rematch, made[0], "round {round}: every replica names it");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_stream_opened_with_a_token_reissued_on_another_replica_ends() {
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let game =
        common::create_preset_with(&mut clients[0], None, pb::GameKind::Battleship, "classic", true).await.unwrap();
    let open = |token: &str| {
        common::as_seat(
            token,
            pb::StreamEventsRequest {
                game_id: game.id.clone(),
                after_seq: 0,
                include_views: false,
                view_changes: false,
            },
        )
    };
    let mut old_stream = clients[1].stream_events(open(&game.tokens[0])).await.unwrap().into_inner();
    assert_eq!(old_stream.next().await.unwrap().unwrap().event.unwrap().seq, 1);

    let reissue = pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat: 1 };
    let fresh = clients[0].reissue_seat_token(reissue).await.unwrap().into_inner().seat_token.unwrap().token;
    let ended =
        tokio::time::timeout(PROPAGATION, old_stream.next()).await.expect("the stream on the other replica ended");
    assert_error(&ended.unwrap().unwrap_err(), Code::Unauthenticated, "CREDENTIAL_REVOKED");

    // Whatever the seat does next reaches no stream opened with the old token.
    let fleet = common::classic_fleet();
    let placed = common::as_seat(
        &fresh,
        pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(fleet), ..Default::default() },
    );
    clients[2].submit_move(placed).await.unwrap();
    assert!(old_stream.next().await.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn the_cap_on_games_per_key_holds_across_replicas() {
    const KEY: &str = "replica-lobby-secret-0123";
    let url = common::fresh_postgres_database().await;
    let key = format!("lobby={KEY}");
    let servers: Vec<BinaryServer> = (0..3)
        .map(|_| BinaryServer::spawn(&["--store", &url, "--service-key", &key, "--max-games-per-key", "5"]))
        .collect();
    let mut clients = Vec::new();
    for server in &servers {
        clients.push(server.client().await);
    }
    let attempts: Vec<_> = (0..40)
        .map(|i| {
            let mut client = clients[i % 3].clone();
            tokio::spawn(async move {
                common::create_preset_with(&mut client, Some(KEY), pb::GameKind::TicTacToe, "classic", false).await
            })
        })
        .collect();
    let mut created = 0;
    for attempt in attempts {
        match attempt.await.unwrap() {
            Ok(_) => created += 1,
            Err(status) => assert_error(&status, Code::ResourceExhausted, "TOO_MANY_GAMES"),
        }
    }
    assert_eq!(created, 5, "40 creations spread over three replicas under a cap of 5");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn an_abort_and_an_adjudication_racing_on_two_replicas_end_the_game_once() {
    let url = common::fresh_postgres_database().await;
    let (_servers, clients) = replicas(&url).await;
    let mut setup = clients[0].clone();
    for round in 0..10 {
        let game = common::create_preset(&mut setup, pb::GameKind::ConnectFour, "classic").await;
        setup.submit_move(submit(&game, 0, column_move(3))).await.unwrap();
        for client in &clients {
            client.clone().get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap();
        }
        let (mut a, mut b) = (clients[round % 3].clone(), clients[(round + 1) % 3].clone());
        let abort = pb::AbortGameRequest {
            game_id: game.id.clone(),
            explanation: "no show".into(),
            request_id: format!("abort-{round}"),
        };
        let adjudicate = pb::AdjudicateGameRequest {
            game_id: game.id.clone(),
            result: pb::OutcomeType::Draw as i32,
            explanation: "curfew".into(),
            ..Default::default()
        };
        let (aborted, adjudicated) = tokio::join!(a.abort_game(abort.clone()), b.adjudicate_game(adjudicate));
        let (winner, loser) = match (aborted.map(|r| r.into_inner().game), adjudicated.map(|r| r.into_inner().game)) {
            (Ok(w), Err(l)) | (Err(l), Ok(w)) => (w.unwrap(), l),
            other => panic!("round {round}: exactly one of two racing endings must apply, got {other:?}"),
        };
        assert!(
            matches!(
                tonic_types::StatusExt::get_details_error_info(&loser).unwrap().reason.as_str(),
                "GAME_OVER" | "STALE_SEQ"
            ),
            "round {round}: {loser:?}"
        );
        // Every replica tells the same ending, and the log holds one.
        for client in &clients {
            let seen = client.clone().get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap();
            assert_eq!(seen.into_inner().game.unwrap().outcome, winner.outcome, "round {round}");
        }
        let log = common::events_through(&mut setup, &game.id, 4).await;
        let ends = log.iter().filter(|e| matches!(e.kind, Some(pb::game_event::Kind::GameEnded(_)))).count();
        assert_eq!((log.len(), ends), (4, 1), "round {round}: {log:?}");
        // A retried abort on a third replica gets the first answer, or is refused as over.
        let retried = clients[(round + 2) % 3].clone().abort_game(abort).await;
        match (winner.outcome.as_ref().unwrap().r#type(), retried) {
            (pb::OutcomeType::NoResult, Ok(again)) => assert_eq!(again.into_inner().game.unwrap().seq, 4),
            (pb::OutcomeType::Draw, Err(over)) => assert_error(&over, Code::FailedPrecondition, "GAME_OVER"),
            (_, other) => panic!("round {round}: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_creation_retried_on_every_replica_at_once_makes_one_game() {
    let url = common::fresh_postgres_database().await;
    let (_servers, clients) = replicas(&url).await;
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        request_id: "create-once".into(),
        ..Default::default()
    };
    let racers: Vec<_> = clients
        .iter()
        .map(|client| {
            let (mut client, request) = (client.clone(), request.clone());
            tokio::spawn(async move { client.create_game(request).await.unwrap().into_inner() })
        })
        .collect();
    let mut answers = Vec::new();
    for racer in racers {
        answers.push(racer.await.unwrap());
    }
    let ids: std::collections::BTreeSet<_> = answers.iter().map(|a| a.game.as_ref().unwrap().game_id.clone()).collect();
    assert_eq!(ids.len(), 1, "one game for one request id across replicas");
    assert_eq!(answers.iter().filter(|a| !a.retried).count(), 1);
    let listed = clients[0].clone().list_games(pb::ListGamesRequest::default()).await.unwrap().into_inner();
    assert_eq!(listed.games.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn three_replicas_starting_at_once_move_the_bot_to_move_exactly_once() {
    let url = common::fresh_postgres_database().await;
    let store = tabula::store::PostgresStore::connect(&url).await.unwrap();
    let ids: Vec<String> = (0..10).map(|n| format!("0190f000-0000-7000-8000-{n:012}")).collect();
    for id in &ids {
        common::store_game_with_bot_to_move(&store, id, tabula::games::GameKind::ConnectFour).await;
    }
    // Every replica finds every game at start and computes the bot's move; one append wins.
    let (_servers, mut clients) = replicas(&url).await;
    for id in &ids {
        let events = common::await_events(&mut clients[0], id, 2, PROPAGATION).await;
        let actor = events[1].actor.as_ref().and_then(|a| a.kind.clone());
        assert_eq!(actor, Some(pb::actor::Kind::Engine(1)), "{id}");
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    for id in &ids {
        for client in &mut clients {
            let game = client.get_game(pb::GetGameRequest { game_id: id.clone() }).await.unwrap().into_inner();
            assert_eq!(game.game.unwrap().seq, 2, "{id}: one bot move, then seat 2 to move");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn three_replicas_racing_to_fire_a_timeout_fire_it_once_and_a_move_at_the_deadline_beats_it_or_is_refused() {
    use std::time::SystemTime;
    const GAMES: usize = 12;
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let one_second = pb::TimeControl {
        control: Some(pb::time_control::Control::PerMove(prost_types::Duration { seconds: 1, nanos: 0 })),
    };
    let clock = pb::ClockConfig {
        controls: vec![one_second],
        on_timeout: pb::TimeoutRule::Lose as i32,
        first_move_window: None,
    };
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let four = pb::game_config::Game::ConnectFour(pb::ConnectFourConfig::default());
        let game = common::create_on_clock(&mut clients[0], four, Some(clock.clone())).await;
        // Every replica holds the game, and so watches its deadline.
        let mut deadline = None;
        for client in &mut clients {
            let view = client
                .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
                .await
                .unwrap()
                .into_inner();
            deadline = view.view.unwrap().clock.unwrap().seats[0].deadline;
        }
        games.push((game, SystemTime::try_from(deadline.unwrap()).unwrap()));
    }
    // Seat 1 moves around its deadline, from 40 ms before to 15 ms after, on each replica in turn.
    let moves: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(index, (game, deadline))| {
            let mut client = clients[index % 3].clone();
            let at = *deadline - Duration::from_millis(40) + Duration::from_millis(5 * index as u64);
            let request = submit(game, 0, column_move(3));
            tokio::spawn(async move {
                tokio::time::sleep(at.duration_since(SystemTime::now()).unwrap_or_default()).await;
                client.submit_move(request).await
            })
        })
        .collect();
    let mut answers = Vec::new();
    for answer in moves {
        answers.push(answer.await.unwrap());
    }
    // Long enough for the second seat's second too to run out where the move went in.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (mut beaten, mut refused) = (0, 0);
    for ((game, deadline), answer) in games.iter().zip(answers) {
        let seq = clients[1].get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        let seq = seq.game.unwrap().seq;
        let events = common::events_through(&mut clients[2], &game.id, seq).await;
        let timeouts: Vec<u32> = events
            .iter()
            .filter_map(|e| match &e.kind {
                Some(pb::game_event::Kind::TimedOut(t)) => Some(t.seat),
                _ => None,
            })
            .collect();
        match answer {
            Ok(moved) => {
                beaten += 1;
                let time = SystemTime::try_from(moved.into_inner().events[0].time.unwrap()).unwrap();
                assert!(time <= *deadline, "a move accepted after its deadline in game {}", game.id);
                assert_eq!(timeouts, [2], "then the second seat ran out, once: {events:#?}");
            }
            Err(status) => {
                refused += 1;
                assert_eq!(status.code(), Code::FailedPrecondition, "{status:?}");
                let reason = common::reason(&status);
                assert!(["OUT_OF_TIME", "GAME_OVER"].contains(&reason.as_str()), "{status:?}");
                assert_eq!(timeouts, [1], "the first seat ran out, once: {events:#?}");
            }
        }
    }
    eprintln!("{beaten} moves beat their deadline, {refused} were refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_series_played_across_replicas_makes_each_game_once_and_streams_everywhere() {
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    // Moves of each game go to every replica in turn, so each game ends on whichever replica
    // took its last move; that replica moves the series on, and the others stream it.
    let request = pb::CreateSeriesRequest {
        kind: pb::GameKind::ConnectFour as i32,
        source: Some(pb::create_series_request::Source::Preset("classic".into())),
        best_of: 3,
        ..Default::default()
    };
    // The owner's stream of the games scored, on a replica, from before the series.
    let scored = vec![pb::OwnerEventKind::SeriesGameFinished as i32];
    let owner_request = pb::StreamOwnerEventsRequest { kinds: scored, ..Default::default() };
    let mut owner = clients[1].stream_owner_events(owner_request).await.unwrap().into_inner();
    let created = clients[0].create_series(request).await.unwrap().into_inner();
    let id = created.series.unwrap().series_id;
    let tokens: Vec<String> = created.player_tokens.iter().map(|t| t.token.clone()).collect();
    let mut stream = clients[2]
        .stream_series_events(pb::StreamSeriesEventsRequest { series_id: id.clone(), after_seq: 0 })
        .await
        .unwrap()
        .into_inner();
    for number in 1..=2_u32 {
        let series = loop {
            let read = clients[1].get_series(pb::GetSeriesRequest { series_id: id.clone() }).await.unwrap();
            let series = read.into_inner().series.unwrap();
            if series.games.len() == number as usize {
                break series;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        // Whoever sits in seat 1 wins on column 0: player 1 in game 1, player 2 in game 2.
        let seat_one = if number == 1 { &tokens[0] } else { &tokens[1] };
        let seat_two = if number == 1 { &tokens[1] } else { &tokens[0] };
        let game = common::Game {
            id: series.games[number as usize - 1].game_id.clone(),
            tokens: vec![seat_one.clone(), seat_two.clone()],
        };
        for (index, column) in [0, 1, 0, 1, 0, 1, 0].into_iter().enumerate() {
            let client = &mut clients[(index + number as usize) % 3];
            client.submit_move(submit(&game, index % 2, column_move(column))).await.unwrap();
        }
    }
    // 1-1 after two games: a third is made, exactly once, whichever replica saw the end.
    let mut kinds = Vec::new();
    while let Ok(Some(message)) = tokio::time::timeout(PROPAGATION, stream.next()).await {
        let event = message.unwrap().event.unwrap();
        assert_eq!(event.seq, kinds.len() as u64 + 1, "no gap, no repeat");
        kinds.push(event.kind.unwrap());
        if kinds.len() == 5 {
            break;
        }
    }
    let started: Vec<u32> = kinds
        .iter()
        .filter_map(|kind| match kind {
            pb::series_event::Kind::GameStarted(started) => Some(started.number),
            _ => None,
        })
        .collect();
    assert_eq!(started, [1, 2, 3], "{kinds:?}");
    let in_series = clients[0].list_games(pb::ListGamesRequest::default()).await.unwrap().into_inner().games;
    let mut numbers: Vec<u32> =
        in_series.iter().filter(|game| game.series_id == id).map(|game| game.series_game_number).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3], "one game a number, none made twice");
    let series = clients[2].get_series(pb::GetSeriesRequest { series_id: id }).await.unwrap().into_inner();
    assert_eq!(series.series.unwrap().points, [1.0, 1.0]);
    // Each game scored once on the owner's stream, whichever replica scored it.
    let mut numbers = Vec::new();
    while let Ok(Some(message)) = tokio::time::timeout(Duration::from_secs(1), owner.next()).await {
        let entry = message.unwrap().event.unwrap();
        let Some(pb::series_event::Kind::GameFinished(finished)) = entry.series_event.and_then(|event| event.kind)
        else {
            panic!("a scored game's entry carries the series' event")
        };
        numbers.push(finished.number);
    }
    assert_eq!(numbers, [1, 2], "each game scored once, in order");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn batches_of_two_replicas_racing_on_the_same_games_never_deadlock() {
    use rand::seq::SliceRandom;
    let url = common::fresh_postgres_database().await;
    let servers: Vec<BinaryServer> = (0..2).map(|_| BinaryServer::spawn(&["--store", &url])).collect();
    let mut clients = Vec::new();
    for server in &servers {
        // Two connections a replica, so that a round's calls all arrive at once.
        clients.push([server.client().await, server.client().await]);
    }
    let mut games = Vec::new();
    for _ in 0..48 {
        games.push(common::create_preset(&mut clients[0][0], pb::GameKind::Gomoku, "standard").await);
    }
    // A table of many games, as in production, where a batch finds each row by its index (in
    // the batch's order) rather than by reading the table through (in the table's).
    let mut database = <sqlx::PgConnection as sqlx::Connection>::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO games SELECT (jsonb_populate_record(NULL::games, to_jsonb(g) || \
         jsonb_build_object('id', 'filler-' || n, 'status', 'finished'))).* \
         FROM games g, generate_series(1, 5000) n WHERE g.id = $1",
    )
    .bind(&games[0].id)
    .execute(&mut database)
    .await
    .unwrap();
    sqlx::query("ANALYZE games").execute(&mut database).await.unwrap();
    let mut seqs = vec![1_u64; games.len()];
    let mut rng = rand::rng();
    for round in 0..8_u32 {
        // Every game's next move, sent to both replicas at once, each replica taking the
        // games in an order of its own: every batch locks rows another batch may hold.
        let mut racing = tokio::task::JoinSet::new();
        for replica in &clients {
            let mut order: Vec<usize> = (0..games.len()).collect();
            order.shuffle(&mut rng);
            for (turn, index) in order.into_iter().enumerate() {
                let mut client = replica[turn % 2].clone();
                let game = &games[index];
                let request =
                    with_seq(common::submit(game, round as usize % 2, common::cell_move(round, 7)), seqs[index]);
                racing.spawn(async move { (index, client.submit_move(request).await) });
            }
        }
        let mut won = vec![0; games.len()];
        while let Some(answer) = racing.join_next().await {
            let (index, answer) = answer.unwrap();
            match answer {
                Ok(moved) => {
                    won[index] += 1;
                    seqs[index] = moved.into_inner().seq;
                }
                Err(status) => assert_error(&status, Code::Aborted, "STALE_SEQ"),
            }
        }
        assert!(won.iter().all(|&wins| wins == 1), "round {round}: each game's move applied exactly once: {won:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn the_cap_on_saved_configurations_holds_across_replicas() {
    let url = common::fresh_postgres_database().await;
    let servers: Vec<BinaryServer> = (0..2).map(|_| BinaryServer::spawn(&["--store", &url])).collect();
    let mut clients = Vec::new();
    for server in &servers {
        clients.push(server.client().await);
    }
    let save = |mut client: Client, name: String| async move {
        let saved = pb::SavedConfig {
            name,
            config: Some(pb::GameConfig {
                game: Some(pb::game_config::Game::TicTacToe(Default::default())),
                ..Default::default()
            }),
            ..Default::default()
        };
        client.create_saved_config(pb::CreateSavedConfigRequest { saved_config: Some(saved) }).await
    };
    // 990 of the 1,000 a key may keep, then forty more at once through both replicas.
    let mut filling = tokio::task::JoinSet::new();
    for n in 0..990 {
        filling.spawn(save(clients[n % 2].clone(), format!("kept-{n}")));
        while filling.len() >= 16 {
            filling.join_next().await.unwrap().unwrap().unwrap();
        }
    }
    while let Some(saved) = filling.join_next().await {
        saved.unwrap().unwrap();
    }
    let mut racing = tokio::task::JoinSet::new();
    for n in 0..40 {
        racing.spawn(save(clients[n % 2].clone(), format!("raced-{n}")));
    }
    let mut created = 0;
    while let Some(saved) = racing.join_next().await {
        match saved.unwrap() {
            Ok(_) => created += 1,
            Err(status) => assert_error(&status, Code::ResourceExhausted, "TOO_MANY_SAVED_CONFIGS"),
        }
    }
    assert_eq!(created, 10, "forty racing creations under the last ten places");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn the_owners_stream_is_the_same_on_every_replica_whichever_made_its_events() {
    const GAMES: usize = 6;
    let url = common::fresh_postgres_database().await;
    let (_servers, clients) = replicas(&url).await;
    let mut streams = Vec::new();
    for client in &clients {
        let mut client = client.clone();
        streams.push(client.stream_owner_events(pb::StreamOwnerEventsRequest::default()).await.unwrap().into_inner());
    }
    // Every step at once on every replica: games created, started, then resigned, each by a
    // replica of its own in turn, so that the replicas race for the owner's cursors.
    let games: Vec<common::Game> = futures_util::future::join_all((0..GAMES).map(|n| {
        let mut client = clients[n % 3].clone();
        async move { common::create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await }
    }))
    .await;
    futures_util::future::join_all(games.iter().enumerate().map(|(n, game)| {
        let mut client = clients[(n + 1) % 3].clone();
        async move { client.submit_move(submit(game, 0, column_move(3))).await.unwrap() }
    }))
    .await;
    futures_util::future::join_all(games.iter().enumerate().map(|(n, game)| {
        let mut client = clients[(n + 2) % 3].clone();
        let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
        async move { client.resign(common::as_seat(&game.tokens[1], resign)).await.unwrap() }
    }))
    .await;

    let mut seen_by = Vec::new();
    for stream in &mut streams {
        let mut seen = Vec::new();
        while seen.len() < 3 * GAMES {
            let message =
                tokio::time::timeout(PROPAGATION, stream.next()).await.expect("every entry").unwrap().unwrap();
            let event = message.event.unwrap();
            let kind = event.kind();
            seen.push((event.cursor, kind, event.game_event.unwrap().game_id));
        }
        seen_by.push(seen);
    }
    let first = &seen_by[0];
    assert_eq!(
        first.iter().map(|(cursor, ..)| *cursor).collect::<Vec<_>>(),
        (1..=3 * GAMES as u64).collect::<Vec<_>>()
    );
    assert!(seen_by.iter().all(|seen| seen == first), "the same entries in the same order on every replica");
    for game in &games {
        let kinds: Vec<pb::OwnerEventKind> =
            first.iter().filter(|(_, _, id)| *id == game.id).map(|(_, kind, _)| *kind).collect();
        use pb::OwnerEventKind as K;
        assert_eq!(kinds, [K::GameCreated, K::GameStarted, K::GameEnded], "game {}", game.id);
    }
}

/// A tournament runner's script: a round of 200 games made in one batch with labels,
/// followed on one owner's stream through a replica's restart (resumed on another replica
/// from the last cursor seen), every game started and ended across the replicas, then a
/// rematch of each: every entry exactly once, in order, none missed.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_round_of_200_games_is_followed_on_one_owner_stream_through_a_replica_restart() {
    use pb::OwnerEventKind as K;
    const GAMES: usize = 200;
    let url = common::fresh_postgres_database().await;
    let (mut servers, mut clients) = replicas(&url).await;
    let classic = |_| pb::CreateGameRequest {
        kind: pb::GameKind::ConnectFour as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        ..Default::default()
    };
    let games = create_round(&mut clients[0], "spring", GAMES, classic).await;

    // The runner follows the round on replica 1, the tournament's games only.
    let spring = pb::StreamOwnerEventsRequest {
        labels: [("tournament".to_owned(), "spring".to_owned())].into(),
        ..Default::default()
    };
    let mut stream = clients[1].stream_owner_events(spring.clone()).await.unwrap().into_inner();
    let mut seen: Vec<(u64, pb::OwnerEventKind, String)> = Vec::new();
    read(&mut stream, &mut seen, GAMES).await;
    // Half the games start across the replicas; then replica 1 is killed with its stream.
    for (n, game) in games.iter().enumerate().take(GAMES / 2) {
        clients[n % 3].submit_move(submit(game, 0, column_move(3))).await.unwrap();
    }
    read(&mut stream, &mut seen, GAMES / 4).await;
    servers[1].kill();
    // The rest start and every game ends on the other replicas meanwhile.
    for (n, game) in games.iter().enumerate().skip(GAMES / 2) {
        clients[[0, 2][n % 2]].submit_move(submit(game, 0, column_move(3))).await.unwrap();
    }
    for (n, game) in games.iter().enumerate() {
        let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
        clients[[0, 2][n % 2]].resign(common::as_seat(&game.tokens[1], resign)).await.unwrap();
    }
    // Replica 1 comes back; the runner resumes there after the last cursor it saw.
    servers[1] = BinaryServer::spawn(&["--store", &url]);
    clients[1] = servers[1].client().await;
    let after = seen.last().unwrap().0;
    let resumed = pb::StreamOwnerEventsRequest { after_cursor: after, ..spring };
    let mut stream = clients[1].stream_owner_events(resumed).await.unwrap().into_inner();
    read(&mut stream, &mut seen, 2 * GAMES - GAMES / 4).await;
    // Rematches of the finished round, asked on every replica: each a new game.
    for (n, game) in games.iter().enumerate() {
        let asked = pb::CreateRematchRequest { game_id: game.id.clone(), request_id: format!("rematch-{n}") };
        clients[n % 3].create_rematch(asked).await.unwrap();
    }
    read(&mut stream, &mut seen, GAMES).await;

    let cursors: Vec<u64> = seen.iter().map(|(cursor, ..)| *cursor).collect();
    assert!(cursors.windows(2).all(|pair| pair[0] < pair[1]), "in order, none twice");
    assert_eq!(cursors, (1..=4 * GAMES as u64).collect::<Vec<_>>(), "every entry, none missed");
    for game in &games {
        let kinds: Vec<pb::OwnerEventKind> =
            seen.iter().filter(|(_, _, id)| *id == game.id).map(|(_, kind, _)| *kind).collect();
        assert_eq!(kinds, [K::GameCreated, K::GameStarted, K::GameEnded], "game {}", game.id);
    }
    let rematches =
        seen[3 * GAMES..].iter().filter(|(_, kind, id)| *kind == K::GameCreated && !games.iter().any(|g| g.id == *id));
    assert_eq!(rematches.count(), GAMES, "each rematch created, labelled as its game was");
}

/// A tournament's first round of `boards` games, made in one batch through `client`: board
/// n's game as `game(n)` asks, labelled with the tournament, the round and its board.
async fn create_round(
    client: &mut Client,
    tournament: &str,
    boards: usize,
    game: impl Fn(usize) -> pb::CreateGameRequest,
) -> Vec<common::Game> {
    let requests = (0..boards)
        .map(|board| {
            let labels = [("tournament", tournament), ("round", "1"), ("board", &board.to_string())]
                .into_iter()
                .map(|(key, value)| (key.to_owned(), value.to_owned()))
                .collect();
            pb::CreateGameRequest { labels, ..game(board) }
        })
        .collect();
    let batch = pb::BatchCreateGamesRequest { requests, request_id: format!("{tournament}-round-1") };
    let made = client.batch_create_games(batch).await.unwrap().into_inner().games;
    made.into_iter()
        .map(|made| common::Game {
            id: made.game.unwrap().game_id,
            tokens: made.seat_tokens.into_iter().map(|token| token.token).collect(),
        })
        .collect()
}

/// Reads the next `count` entries of an owner's `stream` into `seen`.
async fn read(
    stream: &mut tonic::Streaming<pb::StreamOwnerEventsResponse>,
    seen: &mut Vec<(u64, pb::OwnerEventKind, String)>,
    count: usize,
) {
    for _ in 0..count {
        let message = tokio::time::timeout(PROPAGATION, stream.message()).await.expect("an entry in time");
        let event = message.unwrap().expect("the stream goes on").event.unwrap();
        let kind = event.kind();
        seen.push((event.cursor, kind, event.game_event.unwrap().game_id));
    }
}

/// A no-show on replicas: every replica holds the game and watches the second seat's
/// first-move window; once it passes, the game is called off exactly once, and the owner's
/// stream on another replica shows its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn three_replicas_watching_a_first_move_window_call_the_game_off_once() {
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let minute = pb::TimeControl {
        control: Some(pb::time_control::Control::PerMove(prost_types::Duration { seconds: 60, nanos: 0 })),
    };
    let clock = pb::ClockConfig {
        controls: vec![minute],
        on_timeout: pb::TimeoutRule::Lose as i32,
        first_move_window: Some(prost_types::Duration { seconds: 1, nanos: 0 }),
    };
    let four = pb::game_config::Game::ConnectFour(pb::ConnectFourConfig::default());
    let game = common::create_on_clock(&mut clients[0], four, Some(clock)).await;
    let mut owners =
        clients[2].stream_owner_events(pb::StreamOwnerEventsRequest::default()).await.unwrap().into_inner();
    clients[1].submit_move(submit(&game, 0, column_move(3))).await.unwrap();
    for client in &mut clients {
        // Every replica holds the game, and so watches its window.
        client.get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }).await.unwrap();
    }
    let mut seen = Vec::new();
    while seen.len() < 3 {
        let message =
            tokio::time::timeout(PROPAGATION, owners.next()).await.expect("the end in time").unwrap().unwrap();
        seen.push(message.event.unwrap().kind());
    }
    use pb::OwnerEventKind as K;
    assert_eq!(seen, [K::GameCreated, K::GameStarted, K::GameEnded]);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let log = common::events_through(&mut clients[0], &game.id, 4).await;
    assert_eq!(log.len(), 4, "created, moved, aborted, ended: once, {log:?}");
    assert!(matches!(log[2].kind, Some(pb::game_event::Kind::GameAborted(_))), "{log:?}");
    let got = clients[1].get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    assert_eq!(got.game.unwrap().seq, 4, "nothing after the end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_seat_held_on_any_replica_is_present_on_all_and_a_replica_gone_lets_it_go_once() {
    use pb::OwnerEventKind as K;
    let url = common::fresh_postgres_database().await;
    let (mut servers, mut clients) = replicas(&url).await;
    let seconds =
        |ms: u64| prost_types::Duration { seconds: (ms / 1_000) as i64, nanos: ((ms % 1_000) * 1_000_000) as i32 };
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
        presence: Some(pb::PresenceConfig { away_after: Some(seconds(1_000)), claim_after: Some(seconds(1_000)) }),
        ..Default::default()
    };
    let game = common::create_from(&mut clients[0], config).await;
    let mut owners = clients[0]
        .stream_owner_events(pb::StreamOwnerEventsRequest { after_cursor: 1, ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    // The next owner event as (kind, seat come or gone), waiting at most `patience`.
    async fn next(
        owners: &mut tonic::Streaming<pb::StreamOwnerEventsResponse>,
        patience: Duration,
    ) -> Option<(pb::OwnerEventKind, u32)> {
        let message = tokio::time::timeout(patience, owners.next()).await.ok()?.unwrap().unwrap();
        let event = message.event.unwrap();
        let seat = match event.game_event.as_ref().unwrap().kind {
            Some(pb::game_event::Kind::SeatPresenceChanged(ref changed)) => changed.seat,
            _ => 0,
        };
        Some((event.kind(), seat))
    }
    let seat_stream = |client: &mut Client, seat: usize| {
        let request = pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 1, ..Default::default() };
        let mut request = tonic::Request::new(request);
        let bearer = format!("Bearer {}", game.tokens[seat]).parse().unwrap();
        request.metadata_mut().insert("authorization", bearer);
        let mut client = client.clone();
        async move { client.stream_events(request).await.unwrap().into_inner() }
    };

    // O comes through replica 1, X through replica 2; X moves through replica 0.
    let _o_on_1 = seat_stream(&mut clients[1], 1).await;
    assert_eq!(next(&mut owners, PROPAGATION).await, Some((K::SeatPresent, 2)));
    let _x_on_2 = seat_stream(&mut clients[2], 0).await;
    assert_eq!(next(&mut owners, PROPAGATION).await, Some((K::SeatPresent, 1)));
    clients[0].submit_move(submit(&game, 0, common::cell_move(1, 1))).await.unwrap();
    assert_eq!(next(&mut owners, PROPAGATION).await, Some((K::GameStarted, 0)));

    // O holds a second stream on replica 0: replica 1 gone, O is still present.
    let o_on_0 = seat_stream(&mut clients[0], 1).await;
    servers[1].kill();
    assert_eq!(next(&mut owners, Duration::from_secs(13)).await, None, "held on replica 0, O stays");
    drop(o_on_0);
    assert_eq!(next(&mut owners, PROPAGATION).await, Some((K::SeatGone, 2)));

    // O comes back through replica 2, which then goes away with both seats' streams: both
    // go once their streams' leases run out, announced once by the replicas left.
    let _o_on_2 = seat_stream(&mut clients[2], 1).await;
    assert_eq!(next(&mut owners, PROPAGATION).await, Some((K::SeatPresent, 2)));
    servers[2].kill();
    let mut gone = vec![
        next(&mut owners, Duration::from_secs(15)).await.expect("a seat gone"),
        next(&mut owners, Duration::from_secs(15)).await.expect("the other seat gone"),
    ];
    gone.sort();
    assert_eq!(gone, [(K::SeatGone, 1), (K::SeatGone, 2)]);

    // X comes back through replica 0, holding a stream there (a call alone would keep it
    // present only `away_after`, which a loaded machine may outlast before the claim), and,
    // once O has been gone the claim window, claims the game.
    let _x_on_0 = seat_stream(&mut clients[0], 0).await;
    assert_eq!(next(&mut owners, PROPAGATION).await, Some((K::SeatPresent, 1)));
    let view = clients[0]
        .get_view(common::as_seat(
            &game.tokens[0],
            pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() },
        ))
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    let o = *view.presence.iter().find(|p| p.seat == 2).unwrap();
    assert!(!o.present);
    let claimable_at = std::time::SystemTime::try_from(o.claimable_at.unwrap()).unwrap();
    tokio::time::sleep(claimable_at.duration_since(std::time::SystemTime::now()).unwrap_or_default()).await;
    let claim = pb::ClaimVictoryRequest { game_id: game.id.clone(), ..Default::default() };
    let claimed = clients[0].claim_victory(common::as_seat(&game.tokens[0], claim)).await.unwrap().into_inner();
    assert_eq!(claimed.view.unwrap().outcome.unwrap().winner, 1);
    assert_eq!(next(&mut owners, PROPAGATION).await, Some((K::GameEnded, 0)));
    assert_eq!(next(&mut owners, Duration::from_secs(3)).await, None, "each change once, nothing after the end");
}

/// A tournament's round as a runner lives it: 200 games made in one batch, half keeping
/// presence with a claim window, half with a first-move window, followed on one owner's
/// stream through a replica's death and return. Every coming and going, start, no-show,
/// claim and end arrives exactly once and in order, and the finished games are rematched.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_round_of_200_games_with_presence_no_shows_and_claims_reaches_the_runner_exactly_once() {
    use pb::OwnerEventKind as K;
    const GAMES: usize = 200;
    let url = common::fresh_postgres_database().await;
    let (mut servers, mut clients) = replicas(&url).await;
    let second = |ms: u64| prost_types::Duration { seconds: (ms / 1_000) as i64, nanos: 0 };
    let presence = pb::PresenceConfig { away_after: Some(second(1_000)), claim_after: Some(second(1_000)) };
    let minute = pb::TimeControl { control: Some(pb::time_control::Control::PerMove(second(60_000))) };
    // Even boards keep presence with a claim window; odd ones a first-move window, long
    // enough for a loaded machine to make a hundred first moves within it (15 s was not,
    // once, with the test command's three lanes on two cores).
    const WINDOW: Duration = Duration::from_secs(30);
    let config = |board: usize| pb::GameConfig {
        game: Some(pb::game_config::Game::ConnectFour(pb::ConnectFourConfig::default())),
        presence: Some(presence),
        clock: (board % 2 == 1).then(|| pb::ClockConfig {
            controls: vec![minute],
            on_timeout: pb::TimeoutRule::Lose as i32,
            first_move_window: Some(second(WINDOW.as_millis() as u64)),
        }),
        ..Default::default()
    };
    let configured = |board| pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config(board))),
        ..Default::default()
    };
    let games = create_round(&mut clients[0], "autumn", GAMES, configured).await;
    let autumn = pb::StreamOwnerEventsRequest {
        labels: [("tournament".to_owned(), "autumn".to_owned())].into(),
        ..Default::default()
    };
    let mut stream = clients[1].stream_owner_events(autumn.clone()).await.unwrap().into_inner();
    let mut seen: Vec<(u64, K, String)> = Vec::new();
    read(&mut stream, &mut seen, GAMES).await;

    // Every first seat moves (a call: it comes), the odd boards' first, within their windows;
    // on the even boards the second seat looks in.
    let view = |game: &common::Game| {
        common::as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
    };
    let order = (0..GAMES).filter(|n| n % 2 == 1).chain((0..GAMES).filter(|n| n % 2 == 0));
    let mut odd_boards_moved = std::time::Instant::now();
    for (step, n) in order.enumerate() {
        let game = &games[n];
        if step == GAMES / 2 {
            odd_boards_moved = std::time::Instant::now();
            // The runner's replica dies half way through.
            read(&mut stream, &mut seen, GAMES / 4).await;
            servers[1].kill();
        }
        let (mover, looker) = if step < GAMES / 2 { (n % 3, (n + 1) % 3) } else { ([0, 2][n % 2], [2, 0][n % 2]) };
        clients[mover].submit_move(submit(game, 0, column_move(3))).await.unwrap();
        if n % 2 == 0 {
            clients[looker].get_view(view(game)).await.unwrap();
        }
    }
    // Both seats of the even boards go (no call for a second), and the odd boards' second
    // seats never come: their first-move windows, opened by the first moves, call those
    // games off.
    tokio::time::sleep_until((odd_boards_moved + WINDOW + Duration::from_secs(1)).into()).await;
    // The first seat of each even board claims the game against the second, gone.
    for (n, game) in games.iter().enumerate().filter(|(n, _)| n % 2 == 0) {
        let claim = || {
            common::as_seat(&game.tokens[0], pb::ClaimVictoryRequest { game_id: game.id.clone(), ..Default::default() })
        };
        let client = &mut clients[[0, 2][n % 4 / 2]];
        // On a loaded machine the second seat may not be gone yet, or not long enough.
        let patience = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            match client.claim_victory(claim()).await {
                Ok(claimed) => {
                    assert_eq!(claimed.into_inner().view.unwrap().outcome.unwrap().winner, 1);
                    break;
                }
                Err(status)
                    if ["CLAIM_TOO_EARLY", "CLAIM_NOT_AVAILABLE"].contains(&common::reason(&status).as_str())
                        && std::time::Instant::now() < patience =>
                {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(status) => panic!("board {n}: {status:?}"),
            }
        }
    }
    // The runner's replica returns; the runner resumes after the last cursor it saw, and reads
    // until every game has ended.
    servers[1] = BinaryServer::spawn(&["--store", &url]);
    clients[1] = servers[1].client().await;
    let after = seen.last().unwrap().0;
    let mut stream = clients[1]
        .stream_owner_events(pb::StreamOwnerEventsRequest { after_cursor: after, ..autumn.clone() })
        .await
        .unwrap()
        .into_inner();
    while seen.iter().filter(|(_, kind, _)| *kind == K::GameEnded).count() < GAMES {
        read(&mut stream, &mut seen, 1).await;
    }
    // Rematches of the whole round, asked on every replica.
    let mut rematches = std::collections::HashSet::new();
    for (n, game) in games.iter().enumerate() {
        let asked = pb::CreateRematchRequest { game_id: game.id.clone(), request_id: format!("rematch-{n}") };
        let made = clients[n % 3].create_rematch(asked).await.unwrap().into_inner();
        rematches.insert(made.game.unwrap().game_id);
    }
    // Each rematch is told created, once; and, as they keep the first-move window and no one
    // moves in them, a slow machine may see some called off as no-shows, each once, before
    // or after the last creation arrives. Nothing else comes.
    let before_rematches = seen.len();
    let (mut created, mut called_off) = (std::collections::HashSet::new(), std::collections::HashSet::new());
    loop {
        let wait = if created.len() < GAMES { PROPAGATION } else { Duration::from_secs(3) };
        let Ok(message) = tokio::time::timeout(wait, stream.message()).await else {
            assert_eq!(created.len(), GAMES, "every rematch is told created in time");
            break;
        };
        let event = message.unwrap().expect("the stream goes on").event.unwrap();
        let kind = event.kind();
        let game_event = event.game_event.unwrap();
        let id = game_event.game_id.clone();
        assert!(rematches.contains(&id), "nothing after the rematches but theirs: {kind:?} {game_event:?}");
        let aborted = matches!(&game_event.kind, Some(pb::game_event::Kind::GameEnded(ended))
            if ended.outcome.as_ref().is_some_and(|o| o.reason == pb::EndReason::Aborted as i32));
        match kind {
            K::GameCreated => assert!(created.insert(id.clone()), "a rematch told created twice: {id}"),
            K::GameEnded if aborted => assert!(called_off.insert(id.clone()), "a rematch called off twice: {id}"),
            _ => panic!("a rematch told anything but its creation and its no-show: {kind:?} {game_event:?}"),
        }
        seen.push((event.cursor, kind, id));
    }

    let cursors: Vec<u64> = seen.iter().map(|(cursor, ..)| *cursor).collect();
    assert_eq!(cursors, (1..=seen.len() as u64).collect::<Vec<_>>(), "every entry once, in order");
    for (n, game) in games.iter().enumerate() {
        let kinds: Vec<K> = seen.iter().filter(|(_, _, id)| *id == game.id).map(|(_, kind, _)| *kind).collect();
        if n % 2 == 0 {
            // Created, the first seat comes and starts, the second comes; both go (in either
            // order); the first comes back to claim, and the game ends.
            let (head, tail) = kinds.split_at(4.min(kinds.len()));
            assert_eq!(head, [K::GameCreated, K::SeatPresent, K::GameStarted, K::SeatPresent], "board {n}: {kinds:?}");
            assert_eq!(tail, [K::SeatGone, K::SeatGone, K::SeatPresent, K::GameEnded], "board {n}: {kinds:?}");
        } else {
            // Created, the first seat comes and starts; it may go before the second seat's
            // window passes; the no-show ends the game.
            let expected = [
                &[K::GameCreated, K::SeatPresent, K::GameStarted, K::GameEnded][..],
                &[K::GameCreated, K::SeatPresent, K::GameStarted, K::SeatGone, K::GameEnded][..],
            ];
            if !expected.contains(&kinds.as_slice()) {
                let log = common::events_through(&mut clients[0], &game.id, 1).await;
                let log = common::events_through(&mut clients[0], &game.id, log.len() as u64 + 10).await;
                let brief: Vec<String> = log
                    .iter()
                    .map(|e| match &e.kind {
                        Some(pb::game_event::Kind::SeatPresenceChanged(c)) => {
                            format!("{} presence {} {}", e.seq, c.seat, c.present)
                        }
                        other => format!(
                            "{} {:?}",
                            e.seq,
                            other.as_ref().map(|k| format!("{k:?}").chars().take(30).collect::<String>())
                        ),
                    })
                    .collect();
                let entries: Vec<_> = seen.iter().filter(|(_, _, id)| *id == game.id).collect();
                panic!("board {n}: {kinds:?}; log {brief:#?}; entries {entries:?}");
            }
        }
    }
    let rematches = seen[before_rematches..].iter().filter(|(_, kind, _)| *kind == K::GameCreated).count();
    assert_eq!(rematches, GAMES, "each rematch created, labelled as its game was");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn the_end_taken_back_on_one_replica_is_taken_back_once_and_streams_go_on_everywhere() {
    let url = common::fresh_postgres_database().await;
    let (_servers, mut clients) = replicas(&url).await;
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::ConnectFour(pb::ConnectFourConfig::default())),
        allow_takebacks: true,
        ending_takeback_window: Some(prost_types::Duration { seconds: 60, nanos: 0 }),
        ..Default::default()
    };
    let game = common::create_from(&mut clients[0], config).await;
    // A spectator on replica 2 and the owner's stream on replica 1 follow the game.
    let request = pb::StreamEventsRequest { game_id: game.id.clone(), ..Default::default() };
    let mut stream = clients[2].stream_events(request).await.unwrap().into_inner();
    let kinds = vec![pb::OwnerEventKind::GameEnded as i32, pb::OwnerEventKind::GameResumed as i32];
    let owner_request = pb::StreamOwnerEventsRequest { kinds, ..Default::default() };
    let mut owner = clients[1].stream_owner_events(owner_request).await.unwrap().into_inner();
    // Seat 1 wins on column 0, each move on the next replica; every replica reads the end.
    for (index, column) in [0, 1, 0, 1, 0, 1, 0].into_iter().enumerate() {
        clients[index % 3].submit_move(submit(&game, index % 2, column_move(column))).await.unwrap();
    }
    for client in &mut clients {
        let got = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        assert_eq!(got.game.unwrap().status, pb::GameStatus::Finished as i32);
    }
    // The winner takes the winning drop back on all three replicas at once: once.
    let mut racing = tokio::task::JoinSet::new();
    for client in &clients {
        let mut client = client.clone();
        let request = pb::TakeBackRequest { game_id: game.id.clone(), expected_seq: Some(9), ..Default::default() };
        let request = common::as_seat(&game.tokens[0], request);
        racing.spawn(async move { client.take_back(request).await });
    }
    let mut taken = 0;
    while let Some(answer) = racing.join_next().await {
        match answer.unwrap() {
            Ok(answer) => {
                taken += 1;
                assert_eq!(answer.into_inner().seq, 11, "the takeback and the resumption");
            }
            Err(status) => assert_error(&status, Code::Aborted, "STALE_SEQ"),
        }
    }
    assert_eq!(taken, 1, "one takeback of three asked on three replicas");
    // Seat 1 drops elsewhere, seat 2 wins on column 1: the game ends again.
    clients[1].submit_move(submit(&game, 0, column_move(6))).await.unwrap();
    clients[2].submit_move(submit(&game, 1, column_move(1))).await.unwrap();
    let mut seen = Vec::new();
    while seen.len() < 14 {
        let message = tokio::time::timeout(PROPAGATION, stream.next()).await.expect("the stream goes on after the end");
        let event = message.unwrap().unwrap().event.unwrap();
        seen.push((event.seq, matches!(event.kind, Some(pb::game_event::Kind::GameResumed(_)))));
    }
    assert_eq!(seen.iter().map(|(seq, _)| *seq).collect::<Vec<_>>(), (1..=14).collect::<Vec<_>>());
    assert_eq!(seen.iter().filter(|(_, resumed)| *resumed).count(), 1, "resumed once");
    let mut entries = Vec::new();
    while entries.len() < 3 {
        let message = tokio::time::timeout(PROPAGATION, owner.next()).await.expect("the owner's stream");
        entries.push(message.unwrap().unwrap().event.unwrap().kind());
    }
    use pb::OwnerEventKind::{GameEnded, GameResumed};
    assert_eq!(entries, [GameEnded, GameResumed, GameEnded], "on a replica that made none of them");
    for client in &mut clients {
        let got = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        let got = got.game.unwrap();
        assert_eq!((got.seq, got.status), (14, pb::GameStatus::Finished as i32));
    }
}

/// Rated games ended at once across three replicas, each of which sees every end and races
/// to rate it: every result counts exactly once, on every replica's reading, and equals
/// Glicko-2 computed here from the results; a second game between two of the players is
/// rated over their first ratings, whichever replica rated those.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn rated_games_ended_across_replicas_count_once_each() {
    use skillratings::Outcomes;
    use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
    const GAMES: usize = 12;
    let url = common::fresh_postgres_database().await;
    let (_servers, clients) = replicas(&url).await;
    let rated = |x: String, o: String| pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        players: vec![
            pb::Player { player_id: x, display_name: String::new() },
            pb::Player { player_id: o, display_name: String::new() },
        ],
        rating_pool: pb::RatingPool::Kind as i32,
        ..Default::default()
    };
    let create = |mut client: Client, request: pb::CreateGameRequest| async move {
        let made = client.create_game(request).await.unwrap().into_inner();
        common::Game { id: made.game.unwrap().game_id, tokens: made.seat_tokens.into_iter().map(|t| t.token).collect() }
    };
    let games: Vec<common::Game> = futures_util::future::join_all(
        (0..GAMES).map(|n| create(clients[n % 3].clone(), rated(format!("p{}", 2 * n), format!("p{}", 2 * n + 1)))),
    )
    .await;
    // Seat 2 resigns each, on a replica that did not make it.
    futures_util::future::join_all(games.iter().enumerate().map(|(n, game)| {
        let mut client = clients[(n + 1) % 3].clone();
        let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
        async move { client.resign(common::as_seat(&game.tokens[1], resign)).await.unwrap() }
    }))
    .await;
    let config = Glicko2Config { tau: 0.5, ..Glicko2Config::new() };
    let (winner, loser) = glicko2(&Glicko2Rating::new(), &Glicko2Rating::new(), &Outcomes::WIN, &config);
    let close = |served: &pb::Rating, expected: &Glicko2Rating| {
        (served.rating - expected.rating).abs() < 1e-4 && (served.deviation - expected.deviation).abs() < 1e-4
    };
    let settled = |mut client: Client, player: String, games: u32| async move {
        for _ in 0..200 {
            let ratings = client
                .get_player_ratings(pb::GetPlayerRatingsRequest { player_id: player.clone() })
                .await
                .unwrap()
                .into_inner()
                .ratings;
            if ratings.first().is_some_and(|rating| rating.games >= games) {
                return ratings;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("{player} was not rated {games} times within 5 s");
    };
    for n in 0..2 * GAMES {
        let ratings = settled(clients[n % 3].clone(), format!("p{n}"), 1).await;
        let expected = if n % 2 == 0 { &winner } else { &loser };
        assert_eq!((ratings.len(), ratings[0].games), (1, 1), "p{n} rated once");
        assert!(close(ratings[0].rating.as_ref().unwrap(), expected), "p{n}: {ratings:?}");
    }
    // Every game marked rated on every replica.
    for (n, game) in games.iter().enumerate() {
        let mut client = clients[(n + 2) % 3].clone();
        let read = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        let rating = read.game.unwrap().rating.unwrap();
        assert!(rating.rated && rating.after.len() == 2, "{rating:?}");
    }

    // p0 (a winner) and p3 (a loser) again: rated over what the first round left.
    let again = create(clients[2].clone(), rated("p3".into(), "p0".into())).await;
    let resign = pb::ResignRequest { game_id: again.id.clone(), ..Default::default() };
    clients[0].clone().resign(common::as_seat(&again.tokens[1], resign)).await.unwrap();
    let (p3, p0) = glicko2(&loser, &winner, &Outcomes::WIN, &config);
    let served_p3 = settled(clients[1].clone(), "p3".into(), 2).await;
    let served_p0 = settled(clients[2].clone(), "p0".into(), 2).await;
    assert!(close(served_p3[0].rating.as_ref().unwrap(), &p3), "{served_p3:?}");
    assert!(close(served_p0[0].rating.as_ref().unwrap(), &p0), "{served_p0:?}");
    assert_eq!((served_p0[0].games, served_p0[0].wins, served_p0[0].losses), (2, 1, 1));
}

/// A round robin of eight run by three replicas, its games ended on each replica in turn,
/// one replica killed and started again in the middle of round 4: it ends, every board's
/// game made once (the event's games are exactly the boards'), every round paired once, the
/// standings adding up to a point a game, and every replica telling the same tournament.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_round_robin_run_by_three_replicas_through_a_restart_makes_each_game_once() {
    use std::collections::{BTreeMap, HashMap};
    let url = common::fresh_postgres_database().await;
    let (mut servers, mut clients) = replicas(&url).await;
    let players = (1..=8).map(|n| pb::TournamentPlayer { player_id: format!("p{n}"), ..Default::default() }).collect();
    let request = pb::CreateTournamentRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_tournament_request::Source::Preset("classic".into())),
        format: pb::TournamentFormat::RoundRobin as i32,
        players,
        labels: BTreeMap::from([("event".to_owned(), "replicas".to_owned())]),
        ..Default::default()
    };
    let made = clients[0].create_tournament(request).await.unwrap().into_inner();
    let id = made.tournament.unwrap().tournament_id;
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    let get = tournament_of;
    let mut played = 0;
    for round in 1..=7 {
        let mut boards = Vec::new();
        for _ in 0..400 {
            let tournament = get(clients[(round + 1) % 3].clone(), id.clone()).await;
            if let Some(paired) = tournament.rounds.get(round - 1) {
                boards = paired.boards.clone();
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert_eq!(boards.len(), 4, "round {round} paired within 10 s");
        for (index, board) in boards.iter().enumerate() {
            if round == 4 && index == 2 {
                servers[0].kill();
                servers[0] = BinaryServer::spawn(&["--store", &url]);
                clients[0] = servers[0].client().await;
            }
            // Black resigns on every other board, White on the rest, each on a replica in turn.
            let loser = if index % 2 == 0 { board.black } else { board.white };
            let token = &tokens[&loser];
            let resign = pb::ResignRequest { game_id: board.game_id.clone(), ..Default::default() };
            clients[played % 3].clone().resign(common::as_seat(token, resign)).await.unwrap();
            played += 1;
        }
    }
    let mut done = None;
    for _ in 0..400 {
        let tournament = get(clients[2].clone(), id.clone()).await;
        if tournament.status == pb::TournamentStatus::Finished as i32 {
            done = Some(tournament);
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let done = done.expect("the tournament ended within 10 s of its last game");
    assert_eq!(done.rounds.len(), 7);
    let mut boards: Vec<String> =
        done.rounds.iter().flat_map(|round| round.boards.iter().map(|board| board.game_id.clone())).collect();
    let list = pb::ListGamesRequest {
        labels: BTreeMap::from([("event".to_owned(), "replicas".to_owned())]),
        page_size: 100,
        ..Default::default()
    };
    let mut games: Vec<String> =
        clients[1].list_games(list).await.unwrap().into_inner().games.into_iter().map(|g| g.game_id).collect();
    boards.sort();
    games.sort();
    assert_eq!((games.len(), &games), (28, &boards), "each board's game made once");
    let points: f64 = done.standings.iter().map(|line| line.points).sum();
    assert_eq!(points, 28.0);
    for client in &clients {
        assert_eq!(get(client.clone(), id.clone()).await, done, "every replica tells the same tournament");
    }
    // The events: seven rounds paired once each, numbered without a gap.
    let events: Vec<pb::TournamentEvent> = clients[0]
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id, after_seq: 0 })
        .await
        .unwrap()
        .into_inner()
        .map(|m| m.unwrap().event.unwrap())
        .collect()
        .await;
    let paired = events.iter().filter(|e| matches!(e.kind, Some(pb::tournament_event::Kind::RoundPaired(_)))).count();
    assert_eq!(paired, 7);
    assert_eq!(events.iter().map(|e| e.seq).collect::<Vec<_>>(), (1..=events.len() as u64).collect::<Vec<_>>());
}

/// A knockout of four, best-of-three matches, its games ended on each replica in turn: each
/// match a series made once, each of its games once, the bracket followed to its final on
/// every replica.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_knockout_run_by_three_replicas_makes_each_match_and_game_once() {
    use std::collections::{BTreeMap, HashMap};
    let url = common::fresh_postgres_database().await;
    let (_servers, clients) = replicas(&url).await;
    let players = (1..=4).map(|n| pb::TournamentPlayer { player_id: format!("k{n}"), ..Default::default() }).collect();
    let request = pb::CreateTournamentRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_tournament_request::Source::Preset("classic".into())),
        format: pb::TournamentFormat::Knockout as i32,
        best_of: 3,
        players,
        labels: BTreeMap::from([("event".to_owned(), "knockout".to_owned())]),
        ..Default::default()
    };
    let made = clients[0].clone().create_tournament(request).await.unwrap().into_inner();
    let id = made.tournament.unwrap().tournament_id;
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    let get = tournament_of;
    let mut step = 0;
    for round in 1..=2 {
        let mut boards = Vec::new();
        for _ in 0..400 {
            if let Some(paired) = get(clients[round % 3].clone(), id.clone()).await.rounds.get(round - 1) {
                boards = paired.boards.clone();
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert!(!boards.is_empty(), "round {round} paired");
        for board in &boards {
            // Black resigns every game of its match, each on the next replica.
            let mut resigned: Vec<String> = Vec::new();
            for _ in 0..400 {
                let mut client = clients[step % 3].clone();
                let series = client
                    .get_series(pb::GetSeriesRequest { series_id: board.series_id.clone() })
                    .await
                    .unwrap()
                    .into_inner()
                    .series
                    .unwrap();
                if series.status == pb::SeriesStatus::Finished as i32 {
                    assert_eq!((series.winner, series.games.len()), (1, 2));
                    break;
                }
                let game = series.games.last().unwrap().game_id.clone();
                if !resigned.contains(&game) {
                    let resign = pb::ResignRequest { game_id: game.clone(), ..Default::default() };
                    client.resign(common::as_seat(&tokens[&board.black], resign)).await.unwrap();
                    resigned.push(game);
                    step += 1;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    }
    let mut done = None;
    for _ in 0..400 {
        let tournament = get(clients[2].clone(), id.clone()).await;
        if tournament.status == pb::TournamentStatus::Finished as i32 {
            done = Some(tournament);
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let done = done.expect("the knockout ended");
    assert_eq!((done.rounds[1].boards[0].white, done.rounds[1].boards[0].black), (1, 2));
    assert_eq!(done.standings[0].player, 1);
    let list = pb::ListGamesRequest {
        labels: BTreeMap::from([("event".to_owned(), "knockout".to_owned())]),
        page_size: 100,
        ..Default::default()
    };
    let games = clients[1].clone().list_games(list).await.unwrap().into_inner().games;
    assert_eq!(games.len(), 6, "three matches of two games");
    for client in &clients {
        assert_eq!(get(client.clone(), id.clone()).await, done);
    }
}

/// A Swiss of 64 engine players over seven rounds, run by three replicas, one killed and
/// started again right after it let round 3 be made: the engines play every game by themselves, it
/// ends after seven rounds, every board's game made once, nobody meeting anyone twice nor
/// the standings equal to a recount from the boards' results, and every
/// replica telling the same tournament.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs a PostgreSQL server: set TABULA_TEST_POSTGRES (the test command does)"]
async fn a_swiss_of_64_engines_runs_seven_rounds_through_a_replica_restart() {
    use std::collections::{BTreeMap, HashMap, HashSet};
    let url = common::fresh_postgres_database().await;
    let (mut servers, mut clients) = replicas(&url).await;
    let players = (1..=64)
        .map(|n| pb::TournamentPlayer {
            player_id: format!("bot{n}"),
            engine_level: 1 + n % 3,
            engine_move_time: Some(prost_types::Duration { seconds: 0, nanos: 50_000_000 }),
            ..Default::default()
        })
        .collect();
    let request = pb::CreateTournamentRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_tournament_request::Source::Preset("classic".into())),
        format: pb::TournamentFormat::Swiss as i32,
        rounds: 7,
        hold_rounds: true,
        players,
        labels: BTreeMap::from([("event".to_owned(), "swiss-64".to_owned())]),
        ..Default::default()
    };
    let made = clients[0].create_tournament(request).await.unwrap().into_inner();
    let id = made.tournament.unwrap().tournament_id;
    let get = tournament_of;
    // The organiser lets each round be made once the one before ended, on each replica in
    // turn; replica 0 is killed right after it lets round 3 be made, and started again.
    let mut done = None;
    for round in 1..=7u32 {
        let client = (round as usize) % 3;
        let start = pb::StartTournamentRoundRequest { tournament_id: id.clone(), round };
        clients[client].start_tournament_round(start).await.unwrap();
        if round == 3 {
            assert_eq!(client, 0);
            servers[0].kill();
            servers[0] = BinaryServer::spawn(&["--store", &url]);
            clients[0] = servers[0].client().await;
        }
        for step in 0..2400 {
            let tournament = get(clients[step % 3].clone(), id.clone()).await;
            let ended = tournament.rounds.len() == round as usize && tournament.rounds.iter().all(|r| r.finished);
            if ended || tournament.status != pb::TournamentStatus::InProgress as i32 {
                done = Some(tournament);
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let reached = done.as_ref().map(|t| t.rounds.len());
        assert_eq!(reached, Some(round as usize), "round {round} was played within a minute");
    }
    for _ in 0..400 {
        let tournament = get(clients[2].clone(), id.clone()).await;
        if tournament.status == pb::TournamentStatus::Finished as i32 {
            done = Some(tournament);
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let done = done.filter(|t| t.status == pb::TournamentStatus::Finished as i32).expect("the Swiss ended");
    assert_eq!(done.rounds.len(), 7);
    let mut met = HashSet::new();
    let mut points: HashMap<u32, f64> = HashMap::new();
    let mut named = Vec::new();
    for round in &done.rounds {
        assert_eq!(round.boards.len(), 32);
        for board in &round.boards {
            assert!(met.insert((board.white.min(board.black), board.white.max(board.black))), "a rematch: {board:?}");
            named.push(board.game_id.clone());
            let result = pb::BoardResult::try_from(board.result).unwrap();
            let (white, black) = match result {
                pb::BoardResult::WhiteWins => (1.0, 0.0),
                pb::BoardResult::BlackWins => (0.0, 1.0),
                pb::BoardResult::Draw => (0.5, 0.5),
                other => panic!("an engine game ended {other:?}"),
            };
            *points.entry(board.white).or_default() += white;
            *points.entry(board.black).or_default() += black;
        }
    }
    for line in &done.standings {
        assert_eq!(line.points, points[&line.player], "player {}", line.player);
    }
    let mut listed = Vec::new();
    let mut token = String::new();
    loop {
        let list = pb::ListGamesRequest {
            labels: BTreeMap::from([("event".to_owned(), "swiss-64".to_owned())]),
            page_size: 100,
            page_token: token,
            ..Default::default()
        };
        let page = clients[1].list_games(list).await.unwrap().into_inner();
        listed.extend(page.games.into_iter().map(|game| game.game_id));
        token = page.next_page_token;
        if token.is_empty() {
            break;
        }
    }
    listed.sort();
    named.sort();
    assert_eq!((listed.len(), &listed), (224, &named), "each board's game made once");
    for client in &clients {
        assert_eq!(get(client.clone(), id.clone()).await, done, "every replica tells the same tournament");
    }
}

/// Tournament `id` as `client`'s replica tells it.
async fn tournament_of(mut client: Client, id: String) -> pb::Tournament {
    client
        .get_tournament(pb::GetTournamentRequest { tournament_id: id })
        .await
        .unwrap()
        .into_inner()
        .tournament
        .unwrap()
}
