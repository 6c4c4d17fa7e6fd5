//! Credentials over a real socket: service keys for the managing backend, seat tokens and
//! signed seat credentials for players, private games closed to spectators.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::common::*;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use tabula::service::{Authenticator, JwtVerifier, ServeOptions, ServiceKeys};
use tokio_stream::StreamExt;
use tonic::Code;

const LOBBY_KEY: &str = "lobby-secret-0123456789";
const NEXT_KEY: &str = "rotated-secret-9876543210";
const ISSUER: &str = "https://lobby.example";
const AUDIENCE: &str = "tabula";

/// A lobby's signing key pair, made fresh for each test.
struct Lobby {
    private_pem: String,
    public_pem: String,
}

impl Lobby {
    fn new() -> Lobby {
        let pair = rcgen::KeyPair::generate_for(&rcgen::PKCS_ED25519).unwrap();
        Lobby { private_pem: pair.serialize_pem(), public_pem: pair.public_key_pem() }
    }

    fn sign(&self, claims: serde_json::Value) -> String {
        let key = EncodingKey::from_ed_pem(self.private_pem.as_bytes()).unwrap();
        jsonwebtoken::encode(&Header::new(Algorithm::EdDSA), &claims, &key).unwrap()
    }

    fn seat(&self, game: &str, seat: u32) -> String {
        self.sign(serde_json::json!({ "iss": ISSUER, "aud": AUDIENCE, "exp": now() + 600, "game": game, "seat": seat }))
    }
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

fn keyed_options(lobby: &Lobby) -> ServeOptions {
    ServeOptions {
        auth: Authenticator {
            service_keys: ServiceKeys::parse([format!("lobby={LOBBY_KEY}").as_str(), &format!("next={NEXT_KEY}")])
                .unwrap(),
            jwt: Some(JwtVerifier::from_ed25519_pem(lobby.public_pem.as_bytes(), ISSUER, AUDIENCE).unwrap()),
        },
        ..ServeOptions::default()
    }
}

#[tokio::test]
async fn backend_calls_need_one_of_the_service_keys_once_keys_are_configured() {
    let lobby = Lobby::new();
    let server = TestServer::start_with(keyed_options(&lobby)).await;
    let mut client = server.client().await;

    let refused = create_preset_with(&mut client, None, pb::GameKind::TicTacToe, "classic", false).await.err().unwrap();
    assert_error(&refused, Code::Unauthenticated, "CREDENTIAL_REQUIRED");
    let refused = create_preset_with(&mut client, Some("not-a-key-at-all"), pb::GameKind::TicTacToe, "classic", false)
        .await
        .err()
        .unwrap();
    assert_error(&refused, Code::Unauthenticated, "INVALID_CREDENTIAL");

    // Either key works, so one can be rotated out while the other is in use.
    let game =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    let other =
        create_preset_with(&mut client, Some(NEXT_KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();

    let seat_token = game.tokens[0].as_str();
    let signed = lobby.seat(&game.id, 1);
    let refused = create_preset_with(&mut client, Some(seat_token), pb::GameKind::TicTacToe, "classic", false)
        .await
        .err()
        .unwrap();
    assert_error(&refused, Code::PermissionDenied, "SERVICE_KEY_REQUIRED");
    let refused =
        create_preset_with(&mut client, Some(&signed), pb::GameKind::TicTacToe, "classic", false).await.err().unwrap();
    assert_error(&refused, Code::PermissionDenied, "SERVICE_KEY_REQUIRED");

    // Every backend-only call: refused without a credential and with a seat's, allowed with a key.
    let list = || pb::ListGamesRequest::default();
    for (credential, code, reason) in [
        (None, Code::Unauthenticated, "CREDENTIAL_REQUIRED"),
        (Some(seat_token), Code::PermissionDenied, "SERVICE_KEY_REQUIRED"),
    ] {
        let error = client.list_games(with_credential(credential, list())).await.unwrap_err();
        assert_error(&error, code, reason);
        let archive = pb::ArchiveGameRequest { game_id: game.id.clone() };
        assert_error(&client.archive_game(with_credential(credential, archive)).await.unwrap_err(), code, reason);
        let delete = pb::DeleteGameRequest { game_id: other.id.clone() };
        assert_error(&client.delete_game(with_credential(credential, delete)).await.unwrap_err(), code, reason);
        let reissue = pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat: 1 };
        assert_error(&client.reissue_seat_token(with_credential(credential, reissue)).await.unwrap_err(), code, reason);
        let abort = pb::AbortGameRequest { game_id: game.id.clone(), explanation: "x".into(), ..Default::default() };
        assert_error(&client.abort_game(with_credential(credential, abort)).await.unwrap_err(), code, reason);
        let adjudicate = pb::AdjudicateGameRequest {
            game_id: game.id.clone(),
            result: pb::OutcomeType::Draw as i32,
            explanation: "x".into(),
            ..Default::default()
        };
        assert_error(&client.adjudicate_game(with_credential(credential, adjudicate)).await.unwrap_err(), code, reason);
    }
    let listed = client.list_games(with_credential(Some(NEXT_KEY), list())).await.unwrap().into_inner();
    assert_eq!(listed.games.len(), 2);
    client.delete_game(as_seat(LOBBY_KEY, pb::DeleteGameRequest { game_id: other.id.clone() })).await.unwrap();
    let gone = client.get_game(pb::GetGameRequest { game_id: other.id.clone() }).await.unwrap_err();
    assert_error(&gone, Code::NotFound, "GAME_NOT_FOUND");
    // Archiving is checked for the key before the game's state: a finished game is archived.
    client.resign(submit_resign(&game, 0)).await.unwrap();
    client.archive_game(as_seat(NEXT_KEY, pb::ArchiveGameRequest { game_id: game.id.clone() })).await.unwrap();
}

fn submit_resign(game: &Game, seat: usize) -> tonic::Request<pb::ResignRequest> {
    as_seat(&game.tokens[seat], pb::ResignRequest { game_id: game.id.clone(), ..Default::default() })
}

#[tokio::test]
async fn without_service_keys_the_backend_calls_are_open_on_loopback() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset_with(&mut client, None, pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    client.list_games(pb::ListGamesRequest::default()).await.unwrap();
    let reissued = client
        .reissue_seat_token(pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat: 2 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(reissued.seat_token.unwrap().seat, 2);
    client.delete_game(pb::DeleteGameRequest { game_id: game.id }).await.unwrap();
}

#[tokio::test]
async fn a_reissued_token_replaces_the_old_one_at_once() {
    let lobby = Lobby::new();
    let server = TestServer::start_with(keyed_options(&lobby)).await;
    let mut client = server.client().await;
    let game =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    // Load the game into memory first, so the reissue must update the game in play.
    client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap();

    let reissue = |seat| as_seat(LOBBY_KEY, pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat });
    let fresh = client.reissue_seat_token(reissue(2)).await.unwrap().into_inner().seat_token.unwrap();
    assert_eq!((fresh.seat, fresh.seat_name.as_str()), (2, "O"));
    assert_ne!(fresh.token, game.tokens[1]);

    let old = client.submit_move(submit(&game, 1, cell_move(1, 1))).await.unwrap_err();
    assert_error(&old, Code::Unauthenticated, "INVALID_CREDENTIAL");
    let renewed = Game { id: game.id.clone(), tokens: vec![game.tokens[0].clone(), fresh.token.clone()] };
    let played = client.submit_move(submit(&renewed, 1, cell_move(1, 1))).await.unwrap().into_inner();
    assert_eq!(played.seq, 3);
    // The other seat's token is untouched.
    client.submit_move(submit(&game, 0, cell_move(2, 2))).await.unwrap();

    for seat in [0, 3] {
        let error = client.reissue_seat_token(reissue(seat)).await.unwrap_err();
        assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    }
    let missing = as_seat(LOBBY_KEY, pb::ReissueSeatTokenRequest { game_id: "no-such-game".into(), seat: 1 });
    assert_error(&client.reissue_seat_token(missing).await.unwrap_err(), Code::NotFound, "GAME_NOT_FOUND");
}

#[tokio::test]
async fn private_games_refuse_spectators_on_every_read() {
    let lobby = Lobby::new();
    let server = TestServer::start_with(keyed_options(&lobby)).await;
    let mut client = server.client().await;
    let chess = create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::Chess, "standard", true).await.unwrap();
    let pegs = create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::PegSolitaire, "triangle15", true).await;
    let pegs = pegs.unwrap();

    for credential in [None, Some(LOBBY_KEY), Some(chess.tokens[0].as_str())] {
        let id = || chess.id.clone();
        let results: Vec<(&str, Result<(), tonic::Status>)> = vec![
            (
                "GetGame",
                client.get_game(with_credential(credential, pb::GetGameRequest { game_id: id() })).await.map(drop),
            ),
            (
                "GetView",
                client
                    .get_view(with_credential(credential, pb::GetViewRequest { game_id: id(), ..Default::default() }))
                    .await
                    .map(drop),
            ),
            (
                "ListLegalMoves",
                client
                    .list_legal_moves(with_credential(credential, pb::ListLegalMovesRequest { game_id: id(), seat: 1 }))
                    .await
                    .map(drop),
            ),
            (
                "StreamEvents",
                client
                    .stream_events(with_credential(
                        credential,
                        pb::StreamEventsRequest {
                            game_id: id(),
                            after_seq: 0,
                            include_views: false,
                            view_changes: false,
                        },
                    ))
                    .await
                    .map(drop),
            ),
            (
                "ExportPgn",
                client.export_pgn(with_credential(credential, pb::ExportPgnRequest { game_id: id() })).await.map(drop),
            ),
        ];
        for (call, result) in results {
            match credential {
                None => assert_error(&result.unwrap_err(), Code::PermissionDenied, "PRIVATE_GAME"),
                // The backend and the players may read it.
                Some(_) => assert!(result.is_ok(), "{call} with a credential: {result:?}"),
            }
        }
    }
    let hint =
        client.get_hint(pb::GetHintRequest { game_id: pegs.id.clone(), ..Default::default() }).await.unwrap_err();
    assert_error(&hint, Code::PermissionDenied, "PRIVATE_GAME");
    client
        .get_hint(as_seat(&pegs.tokens[0], pb::GetHintRequest { game_id: pegs.id.clone(), ..Default::default() }))
        .await
        .unwrap();
    let mv = client
        .submit_move(pb::SubmitMoveRequest { game_id: chess.id.clone(), ..Default::default() })
        .await
        .unwrap_err();
    assert_error(&mv, Code::PermissionDenied, "PRIVATE_GAME");

    // A private game says so; a public one stays open to spectators.
    let game = client.get_game(as_seat(LOBBY_KEY, pb::GetGameRequest { game_id: chess.id.clone() })).await.unwrap();
    assert!(game.into_inner().game.unwrap().private);
    let public =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::Chess, "standard", false).await.unwrap();
    let view = client
        .get_view(pb::GetViewRequest { game_id: public.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    assert!(!view.view.unwrap().game_id.is_empty());
}

#[tokio::test]
async fn a_signed_seat_credential_acts_as_the_seat_it_names() {
    let lobby = Lobby::new();
    let server = TestServer::start_with(keyed_options(&lobby)).await;
    let mut client = server.client().await;
    let game =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::TicTacToe, "classic", true).await.unwrap();
    let other =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::TicTacToe, "classic", true).await.unwrap();
    let x = lobby.seat(&game.id, 1);
    let o = lobby.seat(&game.id, 2);
    let move_as = |credential: &str, mv| {
        as_seat(credential, pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(mv), ..Default::default() })
    };

    // The seat comes from the credential: O may not move first, X may.
    let early = client.submit_move(move_as(&o, cell_move(0, 0))).await.unwrap_err();
    assert_error(&early, Code::FailedPrecondition, "NOT_YOUR_TURN");
    client.submit_move(move_as(&x, cell_move(0, 0))).await.unwrap();
    client.submit_move(move_as(&o, cell_move(1, 1))).await.unwrap();
    let view = client
        .get_view(as_seat(&o, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(view.view.unwrap().move_count, 2);
    let mut events = client
        .stream_events(as_seat(
            &x,
            pb::StreamEventsRequest {
                game_id: game.id.clone(),
                after_seq: 0,
                include_views: false,
                view_changes: false,
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(events.next().await.unwrap().unwrap().event.unwrap().seq, 1);

    let for_other = client
        .get_view(as_seat(&x, pb::GetViewRequest { game_id: other.id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&for_other, Code::PermissionDenied, "CREDENTIAL_FOR_OTHER_GAME");

    let base = |exp: u64| serde_json::json!({ "iss": ISSUER, "aud": AUDIENCE, "exp": exp, "game": game.id, "seat": 1 });
    let expired = lobby.sign(base(now() - 3600));
    let refused = client
        .get_view(as_seat(&expired, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&refused, Code::Unauthenticated, "CREDENTIAL_EXPIRED");

    let mut wrong_issuer = base(now() + 600);
    wrong_issuer["iss"] = "someone-else".into();
    let mut wrong_audience = base(now() + 600);
    wrong_audience["aud"] = "another-service".into();
    let mut no_expiry = base(0);
    no_expiry.as_object_mut().unwrap().remove("exp");
    let mut seat_out_of_range = base(now() + 600);
    seat_out_of_range["seat"] = 3.into();
    let impostor = Lobby::new().seat(&game.id, 1);
    // Signed with a shared secret instead: the algorithm is pinned, so this never verifies.
    let shared = EncodingKey::from_secret(lobby.public_pem.as_bytes()).unwrap();
    let hmac = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &base(now() + 600), &shared).unwrap();
    let bad = [
        lobby.sign(wrong_issuer),
        lobby.sign(wrong_audience),
        lobby.sign(no_expiry),
        lobby.sign(seat_out_of_range),
        impostor,
        hmac,
        format!("{}x", lobby.seat(&game.id, 1)),
    ];
    for (i, credential) in bad.iter().enumerate() {
        let refused = client.submit_move(move_as(credential, cell_move(2, 2))).await.unwrap_err();
        assert_error(&refused, Code::Unauthenticated, "INVALID_CREDENTIAL");
        assert!(!refused.message().contains(credential.as_str()), "case {i}: the credential is echoed");
    }
}

#[tokio::test]
async fn signed_credentials_are_refused_when_no_key_is_trusted() {
    let lobby = Lobby::new();
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let signed = lobby.seat(&game.id, 1);
    let refused = client
        .get_view(as_seat(&signed, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&refused, Code::Unauthenticated, "INVALID_CREDENTIAL");
}

mod binary {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn the_binary_refuses_a_public_address_without_a_service_key() {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--listen", "0.0.0.0:0"])
            .env_remove("TABULA_SERVICE_KEYS")
            .env_remove("TABULA_SERVICE_KEYS_FILE")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("refusing to listen on 0.0.0.0:0 without a service key"), "{stderr}");
        assert!(output.stdout.is_empty(), "it printed a listening address");
    }

    /// Serves on every address with a key, runs a whole game's worth of credentials through
    /// it with verbose logging, stops on SIGINT, and finds none of them in the log.
    #[tokio::test]
    async fn the_binary_serves_publicly_with_a_key_and_never_logs_credentials() {
        let log_path = std::env::temp_dir().join(format!("tabula-auth-log-{}.txt", std::process::id()));
        let log = std::fs::File::create(&log_path).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--listen", "0.0.0.0:0"])
            .env("TABULA_SERVICE_KEYS", format!("lobby={LOBBY_KEY},next={NEXT_KEY}"))
            .env("RUST_LOG", "debug")
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port = line.trim().rsplit(':').next().expect("listening on ADDR").to_owned();
        let channel = tonic::transport::Channel::from_shared(format!("http://127.0.0.1:{port}"))
            .unwrap()
            .connect()
            .await
            .unwrap();
        let mut client = Client::new(channel);

        let refused =
            create_preset_with(&mut client, None, pb::GameKind::TicTacToe, "classic", true).await.err().unwrap();
        assert_error(&refused, Code::Unauthenticated, "CREDENTIAL_REQUIRED");
        let game =
            create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::TicTacToe, "classic", true).await.unwrap();
        client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap();
        let bad = client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap_err();
        assert_eq!(bad.code(), Code::FailedPrecondition);
        let reissue = as_seat(NEXT_KEY, pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat: 2 });
        let fresh = client.reissue_seat_token(reissue).await.unwrap().into_inner().seat_token.unwrap().token;
        let stale = client.submit_move(submit(&game, 1, cell_move(1, 1))).await.unwrap_err();
        assert_error(&stale, Code::Unauthenticated, "INVALID_CREDENTIAL");
        client
            .get_view(as_seat(&fresh, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
            .await
            .unwrap();

        let pid = child.id().to_string();
        assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
        let deadline = Instant::now() + Duration::from_secs(15);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the server did not stop on SIGINT");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert!(status.success(), "{status:?}");

        let logged = std::fs::read_to_string(&log_path).unwrap();
        let _ = std::fs::remove_file(&log_path);
        assert!(logged.contains("game created") && logged.contains("seat token reissued"), "{logged}");
        assert!(
            logged.contains("lobby") && logged.contains("without TLS"),
            "names keys, warns about plain text: {logged}"
        );
        for secret in [LOBBY_KEY, NEXT_KEY, &game.tokens[0], &game.tokens[1], &fresh] {
            // A fragment is enough to give a secret away.
            assert!(!logged.contains(&secret[..16]), "a credential is in the log");
        }
    }
}

#[tokio::test]
async fn reissuing_a_seat_token_ends_the_streams_opened_with_the_old_one() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset_with(&mut client, None, pb::GameKind::Battleship, "classic", true).await.unwrap();
    let open = |token: &str| {
        as_seat(
            token,
            pb::StreamEventsRequest {
                game_id: game.id.clone(),
                after_seq: 0,
                include_views: false,
                view_changes: false,
            },
        )
    };
    let mut old_stream = client.stream_events(open(&game.tokens[0])).await.unwrap().into_inner();
    let mut other_seat = client.stream_events(open(&game.tokens[1])).await.unwrap().into_inner();
    assert_eq!(old_stream.next().await.unwrap().unwrap().event.unwrap().seq, 1);
    assert_eq!(other_seat.next().await.unwrap().unwrap().event.unwrap().seq, 1);

    let reissue = pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat: 1 };
    let fresh = client.reissue_seat_token(reissue).await.unwrap().into_inner().seat_token.unwrap().token;
    // The old stream ends at once, before the seat does anything with its new token.
    let ended =
        tokio::time::timeout(std::time::Duration::from_secs(5), old_stream.next()).await.expect("the stream ended");
    assert_error(&ended.unwrap().unwrap_err(), Code::Unauthenticated, "CREDENTIAL_REVOKED");
    assert!(old_stream.next().await.is_none());

    // The fleet placed with the new token reaches the new holder's stream, never the old one.
    let mut new_stream = client.stream_events(open(&fresh)).await.unwrap().into_inner();
    assert_eq!(new_stream.next().await.unwrap().unwrap().event.unwrap().seq, 1);
    let placed = as_seat(
        &fresh,
        pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(classic_fleet()), ..Default::default() },
    );
    client.submit_move(placed).await.unwrap();
    let Some(pb::game_event::Kind::MoveApplied(applied)) =
        new_stream.next().await.unwrap().unwrap().event.unwrap().kind
    else {
        panic!("the placement")
    };
    assert!(!applied.redacted && applied.r#move.is_some(), "the seat sees its own placement");
    // The other seat's stream was opened with a token still valid: it goes on, redacted.
    let Some(pb::game_event::Kind::MoveApplied(seen)) = other_seat.next().await.unwrap().unwrap().event.unwrap().kind
    else {
        panic!("the placement")
    };
    assert!(seen.redacted && seen.r#move.is_none());
    // The old token opens nothing any more.
    let refused = client.stream_events(open(&game.tokens[0])).await.unwrap_err();
    assert_error(&refused, Code::Unauthenticated, "INVALID_CREDENTIAL");
}

#[tokio::test]
async fn an_over_long_credential_is_refused_as_a_credential_up_to_the_header_limit() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    for length in [4_097, 10_000, 15_000, 16_500, 40_000, 60_000] {
        let request =
            as_seat(&"x".repeat(length), pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
        let refused = client.get_view(request).await.unwrap_err();
        assert_error(&refused, Code::Unauthenticated, "INVALID_CREDENTIAL");
    }
    // Past the HTTP/2 header limit the transport refuses the call before gRPC sees it (HTTP
    // 431, which gRPC's mapping of HTTP statuses reports as UNKNOWN), and the same
    // connection goes on serving.
    let request = as_seat(&"x".repeat(70_000), pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
    let refused = client.get_view(request).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unknown, "{refused:?}");
    assert!(refused.message().contains("431"), "{refused:?}");
    client.get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }).await.unwrap();
}

#[tokio::test]
async fn saved_configurations_belong_to_the_key_that_saved_them() {
    let lobby = Lobby::new();
    let server = TestServer::start_with(keyed_options(&lobby)).await;
    let mut client = server.client().await;
    let blitz = || pb::CreateSavedConfigRequest {
        saved_config: Some(pb::SavedConfig {
            name: "blitz".into(),
            config: Some(pb::GameConfig {
                game: Some(pb::game_config::Game::Gomoku(Default::default())),
                ..Default::default()
            }),
            ..Default::default()
        }),
    };
    let error = client.create_saved_config(blitz()).await.unwrap_err();
    assert_error(&error, Code::Unauthenticated, "CREDENTIAL_REQUIRED");
    client.create_saved_config(as_seat(LOBBY_KEY, blitz())).await.unwrap();
    // The other key has none of that name, and may save its own.
    let get = || pb::GetSavedConfigRequest { name: "blitz".into() };
    assert_error(
        &client.get_saved_config(as_seat(NEXT_KEY, get())).await.unwrap_err(),
        Code::NotFound,
        "SAVED_CONFIG_NOT_FOUND",
    );
    let from_saved = || pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::SavedConfig("blitz".into())),
        ..Default::default()
    };
    let error = client.create_game(as_seat(NEXT_KEY, from_saved())).await.unwrap_err();
    assert_error(&error, Code::NotFound, "SAVED_CONFIG_NOT_FOUND");
    client.create_saved_config(as_seat(NEXT_KEY, blitz())).await.unwrap();
    let game = client.create_game(as_seat(LOBBY_KEY, from_saved())).await.unwrap().into_inner();
    let seat_token = game.seat_tokens[0].token.clone();
    let error = client.get_saved_config(as_seat(&seat_token, get())).await.unwrap_err();
    assert_error(&error, Code::PermissionDenied, "SERVICE_KEY_REQUIRED");
    let listed = client
        .list_saved_configs(as_seat(LOBBY_KEY, pb::ListSavedConfigsRequest::default()))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(listed.saved_configs.len(), 1);
}

#[tokio::test]
async fn a_reissue_revokes_the_seats_signed_credentials_issued_before_it() {
    let lobby = Lobby::new();
    let server = TestServer::start_with(keyed_options(&lobby)).await;
    let mut client = server.client().await;
    let game =
        create_preset_with(&mut client, Some(LOBBY_KEY), pb::GameKind::TicTacToe, "classic", true).await.unwrap();
    let signed = |seat: u32, iat: Option<u64>| {
        let mut claims =
            serde_json::json!({ "iss": ISSUER, "aud": AUDIENCE, "exp": now() + 600, "game": game.id, "seat": seat });
        if let Some(iat) = iat {
            claims["iat"] = iat.into();
        }
        lobby.sign(claims)
    };
    let view_as =
        |credential: &str| as_seat(credential, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
    let (earlier, without_iat, other_seat) =
        (signed(1, Some(now() - 10)), signed(1, None), signed(2, Some(now() - 10)));
    for credential in [&earlier, &without_iat, &other_seat] {
        client.get_view(view_as(credential)).await.unwrap();
    }
    let open = as_seat(&earlier, pb::StreamEventsRequest { game_id: game.id.clone(), ..Default::default() });
    let mut stream = client.stream_events(open).await.unwrap().into_inner();
    assert_eq!(stream.next().await.unwrap().unwrap().event.unwrap().seq, 1);

    let reissue = with_credential(Some(LOBBY_KEY), pb::ReissueSeatTokenRequest { game_id: game.id.clone(), seat: 1 });
    client.reissue_seat_token(reissue).await.unwrap();
    for credential in [&earlier, &without_iat] {
        let refused = client.get_view(view_as(credential)).await.unwrap_err();
        assert_error(&refused, Code::Unauthenticated, "CREDENTIAL_REVOKED");
        assert!(refused.message().contains("iat"), "{refused:?}");
    }
    let ended = tokio::time::timeout(std::time::Duration::from_secs(5), stream.next()).await.expect("the stream ended");
    assert_error(&ended.unwrap().unwrap_err(), Code::Unauthenticated, "CREDENTIAL_REVOKED");
    // The other seat's credential, and one the lobby mints the seat now, act.
    client.get_view(view_as(&other_seat)).await.unwrap();
    let fresh = signed(1, Some(now()));
    let moved = as_seat(
        &fresh,
        pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(cell_move(1, 1)), ..Default::default() },
    );
    client.submit_move(moved).await.unwrap();
}

#[tokio::test]
async fn racing_reissues_on_sqlite_each_succeed_and_the_last_token_wins() {
    let directory = tempfile::tempdir().unwrap();
    let store = tabula::store::SqliteStore::open(&directory.path().join("games.db")).await.unwrap();
    let server = TestServer::start_on(std::sync::Arc::new(store), ServeOptions::default()).await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let mut racing = tokio::task::JoinSet::new();
    for _ in 0..20 {
        let mut client = client.clone();
        let id = game.id.clone();
        racing.spawn(async move {
            let request = pb::ReissueSeatTokenRequest { game_id: id, seat: 1 };
            client.reissue_seat_token(request).await.map(|answer| answer.into_inner().seat_token.unwrap().token)
        });
    }
    let mut tokens = Vec::new();
    while let Some(answer) = racing.join_next().await {
        tokens.push(answer.unwrap().unwrap_or_else(|status| panic!("a reissue failed on an idle server: {status:?}")));
    }
    // Exactly one of the twenty is the seat's token now.
    let mut acting = 0;
    for token in &tokens {
        let view = as_seat(token, pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
        acting += usize::from(client.get_view(view).await.is_ok());
    }
    assert_eq!(acting, 1, "of {} reissued tokens", tokens.len());
}
