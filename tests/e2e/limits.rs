//! Caps over a real socket: rate limits, open streams per game and per connection, games
//! per service key, message sizes, deadlines, TLS, and a bounded shutdown.

use crate::common;
use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use crate::common::*;
use tabula::service::{Authenticator, RateLimit, ServeOptions, ServiceKeys};
use tokio_stream::StreamExt;
use tonic::Code;
use tonic_types::StatusExt;

const KEY: &str = "limits-secret-0123456789";

fn options(adjust: impl FnOnce(&mut ServeOptions)) -> ServeOptions {
    let mut options = ServeOptions::default();
    adjust(&mut options);
    options
}

#[tokio::test]
async fn each_credential_is_rate_limited_on_its_own() {
    let limit = RateLimit { per_second: NonZeroU32::new(1).unwrap(), burst: NonZeroU32::new(3).unwrap() };
    let server = TestServer::start_with(options(|o| o.limits.rate_limit = Some(limit))).await;
    let mut client = server.client().await;
    for _ in 0..3 {
        client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap();
    }
    let refused = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap_err();
    assert_error(&refused, Code::ResourceExhausted, "RATE_LIMITED");
    let wait: u64 = refused.get_details_error_info().unwrap().metadata["retry_after_ms"].parse().unwrap();
    assert!((1..=1000).contains(&wait), "{wait}");

    // A seat has its own allowance; the address gets its next call once the wait is over.
    let game = {
        tokio::time::sleep(Duration::from_millis(wait + 20)).await;
        create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await
    };
    client
        .get_view(as_seat(&game.tokens[0], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(wait + 20)).await;
    client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap();
}

/// Calls that succeed out of `calls`, each made with its own spelling of a credential.
async fn allowed(client: &mut Client, calls: Vec<tonic::Request<pb::GetViewRequest>>) -> usize {
    let mut allowed = 0;
    for request in calls {
        match client.get_view(request).await {
            Ok(_) => allowed += 1,
            Err(status) => assert_error(&status, Code::ResourceExhausted, "RATE_LIMITED"),
        }
    }
    allowed
}

/// `value` as the whole `authorization` metadata of a view request.
fn view_with(game_id: &str, value: &str) -> tonic::Request<pb::GetViewRequest> {
    let mut request = tonic::Request::new(pb::GetViewRequest { game_id: game_id.to_owned(), ..Default::default() });
    request.metadata_mut().insert("authorization", value.parse().unwrap());
    request
}

#[tokio::test]
async fn the_rate_limit_counts_who_the_caller_is_not_how_it_spells_its_credential() {
    let limit = RateLimit { per_second: NonZeroU32::new(1).unwrap(), burst: NonZeroU32::new(5).unwrap() };
    let server = TestServer::start_with(options(|o| {
        o.limits.rate_limit = Some(limit);
        o.auth =
            Authenticator { service_keys: ServiceKeys::parse([format!("lobby={KEY}").as_str()]).unwrap(), jwt: None };
    }))
    .await;
    let mut client = server.client().await;
    let game = create_preset_with(&mut client, Some(KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    let spellings = |secret: &str| -> Vec<String> {
        (1..=8)
            .flat_map(|spaces| ["Bearer", "bearer"].map(|word| format!("{word}{}{secret}", " ".repeat(spaces))))
            .collect()
    };
    // Sixteen spellings of one seat token are one caller: at most its burst (plus what
    // refills while the calls run) gets through.
    let seat = spellings(&game.tokens[0]).iter().map(|value| view_with(&game.id, value)).collect();
    let through = allowed(&mut client, seat).await;
    assert!((5..=6).contains(&through), "{through} of 16 spellings of one seat token got through");
    // The same for a service key (it created the game above, one call of its allowance).
    let key = spellings(KEY).iter().map(|value| view_with(&game.id, value)).collect();
    let through = allowed(&mut client, key).await;
    assert!((4..=5).contains(&through), "{through} of 16 spellings of one service key got through");
    // A different garbage credential on every call counts against the address.
    let garbage = (0..16).map(|i| view_with(&game.id, &format!("Bearer garbage-{i:040}"))).collect::<Vec<_>>();
    let mut refused = 0;
    for request in garbage {
        let status = client.get_view(request).await.unwrap_err();
        if common::reason(&status) == "RATE_LIMITED" {
            refused += 1;
        } else {
            assert_error(&status, Code::Unauthenticated, "INVALID_CREDENTIAL");
        }
    }
    assert!(refused >= 10, "only {refused} of 16 calls with fresh garbage credentials were rate limited");
    // The other seat was never limited.
    client
        .get_view(as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap();
}

#[tokio::test]
async fn the_cap_on_games_per_key_holds_under_concurrency_on_sqlite() {
    let directory = tempfile::tempdir().unwrap();
    let store = tabula::store::SqliteStore::open(&directory.path().join("games.db")).await.unwrap();
    let server = TestServer::start_on(
        std::sync::Arc::new(store),
        options(|o| {
            o.auth = Authenticator {
                service_keys: ServiceKeys::parse([format!("lobby={KEY}").as_str()]).unwrap(),
                jwt: None,
            };
            o.limits.game.max_games_per_key = 5;
        }),
    )
    .await;
    let client = server.client().await;
    let mut finished = 0;
    for trial in 0..3 {
        let attempts: Vec<_> = (0..40)
            .map(|_| {
                let mut client = client.clone();
                tokio::spawn(async move {
                    create_preset_with(&mut client, Some(KEY), pb::GameKind::TicTacToe, "classic", false).await
                })
            })
            .collect();
        let mut created = Vec::new();
        for attempt in attempts {
            match attempt.await.unwrap() {
                Ok(game) => created.push(game),
                Err(status) => assert_error(&status, Code::ResourceExhausted, "TOO_MANY_GAMES"),
            }
        }
        assert_eq!(created.len(), 5, "trial {trial}: 40 concurrent creations under a cap of 5");
        // Finish them all, so the next trial starts from none in progress.
        let mut client = client.clone();
        for game in &created {
            client
                .resign(as_seat(&game.tokens[0], pb::ResignRequest { game_id: game.id.clone(), ..Default::default() }))
                .await
                .unwrap();
            finished += 1;
        }
    }
    assert_eq!(finished, 15);
}

#[tokio::test]
async fn a_game_has_at_most_its_cap_of_open_streams() {
    let server = TestServer::start_with(options(|o| o.limits.game.max_streams_per_game = 2)).await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let other = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let open = |client: &mut Client, id: &str| {
        let mut client = client.clone();
        let request =
            pb::StreamEventsRequest { game_id: id.to_owned(), after_seq: 0, include_views: false, view_changes: false };
        async move { client.stream_events(request).await }
    };
    let first = open(&mut client, &game.id).await.unwrap().into_inner();
    let _second = open(&mut client, &game.id).await.unwrap().into_inner();
    let refused = open(&mut client, &game.id).await.unwrap_err();
    assert_error(&refused, Code::ResourceExhausted, "TOO_MANY_STREAMS");
    // The cap is per game.
    let _elsewhere = open(&mut client, &other.id).await.unwrap();

    // A subscriber that leaves gives its place back without waiting for the game to move.
    drop(first);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match open(&mut client, &game.id).await {
            Ok(_) => break,
            Err(status) => assert_error(&status, Code::ResourceExhausted, "TOO_MANY_STREAMS"),
        }
        assert!(Instant::now() < deadline, "the closed stream's place was never given back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_connection_has_at_most_its_cap_of_concurrent_calls() {
    let server = TestServer::start_with(options(|o| o.limits.connections.max_streams = 2)).await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let request = || pb::StreamEventsRequest {
        game_id: game.id.clone(),
        after_seq: 0,
        include_views: false,
        view_changes: false,
    };
    let first = client.stream_events(request()).await.unwrap().into_inner();
    let _second = client.stream_events(request()).await.unwrap().into_inner();

    // The third call on this connection waits for a free place instead of running.
    let mut waiting = client.clone();
    let id = game.id.clone();
    let third = tokio::spawn(async move { waiting.get_game(pb::GetGameRequest { game_id: id }).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!third.is_finished(), "the server let a third call run at once");
    // Another connection is not held up.
    let mut fresh = server.client().await;
    fresh.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap();

    drop(first);
    let answered = tokio::time::timeout(Duration::from_secs(5), third).await.expect("the waiting call ran");
    answered.unwrap().unwrap();
}

#[tokio::test]
async fn a_service_key_has_at_most_its_cap_of_games_in_progress() {
    let server = TestServer::start_with(options(|o| {
        o.auth =
            Authenticator { service_keys: ServiceKeys::parse([format!("lobby={KEY}").as_str()]).unwrap(), jwt: None };
        o.limits.game.max_games_per_key = 2;
    }))
    .await;
    let mut client = server.client().await;
    let first = create_preset_with(&mut client, Some(KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    create_preset_with(&mut client, Some(KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    let refused =
        create_preset_with(&mut client, Some(KEY), pb::GameKind::TicTacToe, "classic", false).await.err().unwrap();
    assert_error(&refused, Code::ResourceExhausted, "TOO_MANY_GAMES");
    assert_eq!(refused.get_details_error_info().unwrap().metadata["limit"], "2");

    // A finished game no longer counts.
    client
        .resign(as_seat(&first.tokens[0], pb::ResignRequest { game_id: first.id.clone(), ..Default::default() }))
        .await
        .unwrap();
    create_preset_with(&mut client, Some(KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
}

#[tokio::test]
async fn a_series_counts_its_first_game_against_the_cap_and_its_later_games_are_owed() {
    let server = TestServer::start_with(options(|o| {
        o.auth =
            Authenticator { service_keys: ServiceKeys::parse([format!("lobby={KEY}").as_str()]).unwrap(), jwt: None };
        o.limits.game.max_games_per_key = 1;
    }))
    .await;
    let mut client = server.client().await;
    let series = |request_id: &str| pb::CreateSeriesRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_series_request::Source::Preset("classic".into())),
        best_of: 3,
        request_id: request_id.into(),
        ..Default::default()
    };
    let created = client.create_series(as_seat(KEY, series("s1"))).await.unwrap().into_inner();
    let refused = client.create_series(as_seat(KEY, series("s2"))).await.unwrap_err();
    assert_error(&refused, Code::ResourceExhausted, "TOO_MANY_GAMES");
    let retried = client.create_series(as_seat(KEY, series("s1"))).await.unwrap().into_inner();
    assert!(retried.retried, "a retry finds its series, cap or no cap");

    // Game 1 ends (player 2 resigns): game 2 is made though the key is at its cap again.
    let first_game = created.series.as_ref().unwrap().games[0].game_id.clone();
    let token = &retried.player_tokens[1].token;
    client.resign(as_seat(token, pb::ResignRequest { game_id: first_game, ..Default::default() })).await.unwrap();
    let id = created.series.unwrap().series_id;
    for _ in 0..500 {
        let read = client.get_series(as_seat(KEY, pb::GetSeriesRequest { series_id: id.clone() })).await.unwrap();
        if read.into_inner().series.unwrap().games.len() == 2 {
            let refused = client.create_series(as_seat(KEY, series("s3"))).await.unwrap_err();
            assert_error(&refused, Code::ResourceExhausted, "TOO_MANY_GAMES");
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the series never made its second game");
}

#[tokio::test]
async fn a_series_has_at_most_the_cap_of_event_streams_and_a_closed_one_frees_its_place() {
    let server = TestServer::start_with(options(|o| o.limits.game.max_streams_per_game = 2)).await;
    let mut client = server.client().await;
    let request = pb::CreateSeriesRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_series_request::Source::Preset("classic".into())),
        best_of: 3,
        ..Default::default()
    };
    let id = client.create_series(request).await.unwrap().into_inner().series.unwrap().series_id;
    let open = |client: &mut Client| {
        let request = pb::StreamSeriesEventsRequest { series_id: id.clone(), after_seq: 0 };
        let mut client = client.clone();
        async move { client.stream_series_events(request).await }
    };
    let first = open(&mut client).await.unwrap();
    let _second = open(&mut client).await.unwrap();
    let refused = open(&mut client).await.unwrap_err();
    assert_error(&refused, Code::ResourceExhausted, "TOO_MANY_STREAMS");
    drop(first);
    for _ in 0..500 {
        match open(&mut client).await {
            Ok(_third) => return,
            Err(status) => assert_error(&status, Code::ResourceExhausted, "TOO_MANY_STREAMS"),
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("a closed stream never gave its place back");
}

#[tokio::test]
async fn oversized_messages_are_refused_and_the_server_carries_on() {
    let server = TestServer::start_with(options(|o| o.limits.max_message_bytes = 4096)).await;
    let mut client = server.client().await;
    let pgn = format!("[Event \"{}\"]\n\n1. e4 e5 *", "x".repeat(8000));
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::Chess as i32,
        source: Some(pb::create_game_request::Source::Pgn(pb::PgnImport { pgn, ply: None })),
        private: false,
        ..Default::default()
    };
    let refused = client.create_game(request).await.unwrap_err();
    // The gRPC runtime refuses it before any handler runs; the server gives the refusal its reason.
    assert_error(&refused, Code::OutOfRange, "MESSAGE_TOO_LARGE");
    assert!(refused.message().contains("the limit is: 4096 bytes"), "{refused:?}");
    create_preset(&mut client, pb::GameKind::Chess, "standard").await;
}

/// How a call past its deadline is answered is checked in `service::guard`'s own tests, with
/// a handler that is slow on purpose; here, a deadline the call meets travels as
/// `grpc-timeout` and does not get in the way.
#[tokio::test]
async fn a_call_within_its_deadline_is_answered() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::PegSolitaire, "triangle15").await;
    let mut patient = as_seat(&game.tokens[0], pb::GetHintRequest { game_id: game.id.clone(), ..Default::default() });
    patient.set_timeout(Duration::from_secs(30));
    let answer = client.get_hint(patient).await.unwrap().into_inner();
    assert_eq!(answer.result, pb::HintResult::Move as i32);
}

#[tokio::test]
async fn streams_end_with_shutting_down_and_the_drain_is_bounded() {
    let server = TestServer::start_with(options(|o| o.shutdown_grace = Duration::from_secs(2))).await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let mut events = client
        .stream_events(pb::StreamEventsRequest {
            game_id: game.id.clone(),
            after_seq: 0,
            include_views: false,
            view_changes: false,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(events.next().await.unwrap().unwrap().event.unwrap().seq, 1);
    // A client that keeps its connection open does not hold the server past the grace period.
    let _idle = server.client().await;
    let started = Instant::now();
    server.stop().await;
    assert!(started.elapsed() < Duration::from_secs(5), "the drain took {:?}", started.elapsed());
    let ended = events.next().await.unwrap().unwrap_err();
    assert_error(&ended, Code::Unavailable, "SHUTTING_DOWN");
}

#[tokio::test]
async fn tls_round_trip_with_a_private_ca() {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let ca = rcgen::CertifiedIssuer::self_signed(ca_params, ca_key).unwrap();
    let server_key = rcgen::KeyPair::generate().unwrap();
    let server_cert =
        rcgen::CertificateParams::new(vec!["localhost".to_owned()]).unwrap().signed_by(&server_key, &ca).unwrap();
    let identity =
        tabula::service::TlsIdentity::from_pem(server_cert.pem().as_bytes(), server_key.serialize_pem().as_bytes())
            .unwrap();

    let server = TestServer::start_with(options(|o| o.tls = Some(identity))).await;
    let address = server.address.replace("http://", "https://");
    let tls = tonic::transport::ClientTlsConfig::new()
        .ca_certificate(tonic::transport::Certificate::from_pem(ca.pem()))
        .domain_name("localhost");
    let channel = tonic::transport::Channel::from_shared(address.clone())
        .unwrap()
        .tls_config(tls)
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut client = Client::new(channel);
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let played = client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap().into_inner();
    assert_eq!(played.seq, 2);

    // Plain text is not served on a TLS port.
    let plain = tonic::transport::Channel::from_shared(server.address.clone()).unwrap().connect().await;
    if let Ok(channel) = plain {
        let refused = Client::new(channel).list_game_kinds(pb::ListGameKindsRequest {}).await;
        assert!(refused.is_err(), "a plain-text call was answered on the TLS port");
    }
}

#[tokio::test]
async fn a_games_log_is_capped_and_then_takes_only_its_end() {
    let server = TestServer::start_with(options(|o| o.limits.max_events_per_game = 40)).await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::PegSolitaire, "triangle15").await;
    let listed = pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 0 };
    let legal = client.list_legal_moves(as_seat(&game.tokens[0], listed)).await.unwrap().into_inner();
    let jump = legal.moves[0].r#move.clone().unwrap();
    let back = || as_seat(&game.tokens[0], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() });
    // One seat alone, a move and its takeback again and again: every one an event.
    let mut seq = 1;
    while seq < 40 {
        seq = client.submit_move(submit(&game, 0, jump.clone())).await.unwrap().into_inner().seq;
        if seq < 40 {
            seq = client.take_back(back()).await.unwrap().into_inner().seq;
        }
    }
    assert_eq!(seq, 40);
    let full = client.take_back(back()).await.unwrap_err();
    assert_error(&full, Code::ResourceExhausted, "EVENT_LOG_FULL");
    let info = full.get_details_error_info().unwrap();
    assert_eq!((info.metadata["limit"].as_str(), info.metadata["current_seq"].as_str()), ("40", "40"));
    let checked = pb::SubmitMoveRequest { validate_only: true, ..submit(&game, 0, jump.clone()).into_inner() };
    let refused = client.submit_move(as_seat(&game.tokens[0], checked)).await.unwrap_err();
    assert_error(&refused, Code::ResourceExhausted, "EVENT_LOG_FULL");
    // What ends the game still goes in, and the log ends with it.
    let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
    let ended = client.resign(as_seat(&game.tokens[0], resign)).await.unwrap().into_inner();
    assert_eq!(ended.seq, 42, "the resignation and the end");
    assert_eq!(ended.view.unwrap().status, pb::GameStatus::Finished as i32);
}

#[tokio::test]
async fn clock_changes_count_against_a_games_log() {
    let server = TestServer::start_with(options(|o| o.limits.max_events_per_game = 20)).await;
    let mut client = server.client().await;
    let clock = pb::ClockConfig {
        controls: vec![pb::TimeControl {
            control: Some(pb::time_control::Control::PerMove(prost_types::Duration { seconds: 600, nanos: 0 })),
        }],
        ..Default::default()
    };
    let game = create_on_clock(&mut client, pb::game_config::Game::ConnectFour(Default::default()), Some(clock)).await;
    let add = || pb::AddTimeRequest {
        game_id: game.id.clone(),
        seat: 1,
        time: Some(prost_types::Duration { seconds: 1, nanos: 0 }),
        ..Default::default()
    };
    for _ in 1..20 {
        client.add_time(add()).await.unwrap();
    }
    assert_error(&client.add_time(add()).await.unwrap_err(), Code::ResourceExhausted, "EVENT_LOG_FULL");
    let abort = pb::AbortGameRequest {
        game_id: game.id.clone(),
        explanation: "too many clock changes".into(),
        ..Default::default()
    };
    client.abort_game(abort).await.unwrap();
}
