//! Hostile requests at a live server holding games of every kind: valid moves mixed with
//! wrong seats, wrong games, stale seqs, huge numbers, unknown enum values, empty oneofs
//! and bad credentials. After every request no error is a server fault, and no game moved
//! but the one a successful call changed; every few requests (and at the end) each game's
//! view, for every seat and a spectator, equals the engine's replay of its event log.

use std::time::{Duration, Instant};

use crate::common::*;
use proptest::test_runner::{RngAlgorithm, TestRng};
use rand::Rng;
use rand::seq::IndexedRandom;
use tabula::engine::{Seat, Turn, Viewer};
use tabula::games::GameKind;
use tabula::service::convert::{action_from_proto, config_from_proto};
use tokio_stream::StreamExt;
use tonic::{Code, Request, Status};
use tonic_types::StatusExt;

/// Requests fired in one run; with the checks they take a few seconds in a debug build.
const REQUESTS: usize = 1_500;
/// Every this many requests, every game is replayed from its log and compared.
const FULL_CHECK_EVERY: usize = 50;
/// Games the run may create on top of the starting ones.
const MAX_GAMES: usize = 60;

struct Tracked {
    game: Game,
    kind: GameKind,
    /// The seq the server must report: moved only by a call that succeeded.
    seq: u64,
}

/// What one hostile request did.
struct Fired {
    /// The game it was aimed at, if any.
    target: Option<usize>,
    /// Its answer: on success, the target's seq afterwards when the call reports one.
    result: Result<Option<u64>, Status>,
}

impl Fired {
    fn at(target: usize, result: Result<Option<u64>, Status>) -> Fired {
        Fired { target: Some(target), result }
    }
    fn elsewhere(result: Result<(), Status>) -> Fired {
        Fired { target: None, result: result.map(|()| None) }
    }
}

/// The caller's request, as a seat or a spectator.
fn call<T>(token: Option<&str>, message: T) -> Request<T> {
    match token {
        Some(token) => as_seat(token, message),
        None => Request::new(message),
    }
}

/// No error may be a fault of the server, and each names its reason in our domain.
fn check_error(status: &Status, what: &str) {
    assert!(
        !matches!(status.code(), Code::Internal | Code::Unknown | Code::DataLoss | Code::Unavailable),
        "{what}: a server fault: {status:?}"
    );
    assert!(!status.message().is_empty(), "{what}: an error without a message: {status:?}");
    let info = status.get_details_error_info().unwrap_or_else(|| panic!("{what}: no ErrorInfo in {status:?}"));
    assert_eq!(info.domain, "tabula.v1", "{what}");
    assert!(!info.reason.is_empty(), "{what}");
}

/// Request bytes that are no valid message of any call: each is refused as malformed.
fn malformed_wire(rng: &mut TestRng, game_id: &str) -> Vec<u8> {
    let mut id = vec![0x0a, game_id.len() as u8];
    id.extend_from_slice(game_id.as_bytes());
    let mut bytes = match rng.random_range(0..7) {
        // A game id that is not UTF-8.
        0 => vec![0x0a, 0x04, 0xff, 0xfe, 0xc3, 0x28],
        // A varint cut short.
        1 => vec![0x10, 0xff],
        // A string field sent as a fixed32.
        2 => vec![0x0d, 0, 0, 0, 0],
        // Field number 0.
        3 => vec![0x00, 0x01],
        // A length past the end of the message.
        4 => vec![0x0a, 0x7f, b'a'],
        // Groups nested 5,000 deep.
        5 => [vec![0x7b; 5_000], vec![0x7c; 5_000]].concat(),
        // A tag whose varint never ends.
        _ => vec![0xff; 11],
    };
    // Sometimes after a valid game id, so that the call gets as far as it can.
    if rng.random_bool(0.5) {
        id.append(&mut bytes);
        id
    } else {
        bytes
    }
}

async fn view_of(client: &mut Client, id: &str, token: Option<&str>) -> pb::View {
    client
        .get_view(call(token, pb::GetViewRequest { game_id: id.to_owned(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap()
}

/// A seat to act now and one of its legal moves, if the game is on.
async fn legal_move(client: &mut Client, tracked: &Tracked, rng: &mut TestRng) -> Option<(usize, pb::Move)> {
    let view = view_of(client, &tracked.game.id, None).await;
    let seat = *view.to_act.choose(rng)? as usize - 1;
    let request = pb::ListLegalMovesRequest { game_id: tracked.game.id.clone(), seat: 0 };
    let moves = client.list_legal_moves(as_seat(&tracked.game.tokens[seat], request)).await.unwrap().into_inner().moves;
    let chosen = moves.choose(rng)?;
    Some((seat, chosen.r#move.clone().unwrap()))
}

fn place(target: pb::place::Target) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(target) })) }
}

fn location(row: u32, col: u32) -> Option<pb::Location> {
    Some(pb::Location { at: Some(pb::location::At::Cell(pb::Cell { row, col })) })
}

/// Moves no game may accept: numbers at their limits, enum values no client knows,
/// oneofs left empty.
fn hostile_move(rng: &mut TestRng) -> pb::Move {
    use pb::r#move::Kind;
    let big = [u32::MAX, u32::MAX - 1, 1 << 31, 65_536, 4_096];
    let n = *big.choose(rng).unwrap();
    let ship = |orientation: i32, length: u32| pb::ShipPlacement {
        bow: Some(pb::Cell { row: 0, col: 0 }),
        orientation,
        length,
    };
    match rng.random_range(0..16) {
        0 => place(pb::place::Target::Cell(pb::Cell { row: n, col: n })),
        1 => place(pb::place::Target::Column(n)),
        2 => place(pb::place::Target::Point(n)),
        3 => place(pb::place::Target::Ship(ship(pb::Orientation::Horizontal as i32, n))),
        4 => place(pb::place::Target::Ship(ship(rng.random_range(3..i32::MAX), 3))),
        5 => place(pb::place::Target::Fleet(pb::Fleet { ships: vec![ship(1, 2); 2_000] })),
        6 => pb::Move {
            kind: Some(Kind::Move(pb::PieceMove {
                from: location(6, 4),
                to: location(4, 4),
                promotion: rng.random_range(5..1_000),
                claim_draw: false,
            })),
        },
        7 => pb::Move {
            kind: Some(Kind::Move(pb::PieceMove { from: location(n, 0), to: location(0, n), ..Default::default() })),
        },
        8 => pb::Move { kind: Some(Kind::GridShift(pb::GridShift { d_row: i32::MIN, d_col: i32::MAX })) },
        9 => pb::Move { kind: Some(Kind::Shot(pb::Shot { target: Some(pb::Cell { row: n, col: 0 }) })) },
        10 => pb::Move { kind: Some(Kind::Draw(pb::Draw { action: rng.random_range(5..i32::MAX) })) },
        11 => pb::Move { kind: None },
        12 => pb::Move { kind: Some(Kind::Place(pb::Place { target: None })) },
        13 => pb::Move {
            kind: Some(Kind::Move(pb::PieceMove {
                from: Some(pb::Location { at: None }),
                to: None,
                ..Default::default()
            })),
        },
        14 => pb::Move { kind: Some(Kind::Shot(pb::Shot { target: None })) },
        _ => pb::Move { kind: Some(Kind::Capture(pb::Capture { target: None })) },
    }
}

/// Configurations at and past every limit; some are refused, some make games.
fn hostile_create(rng: &mut TestRng) -> pb::CreateGameRequest {
    use pb::game_config::Game as G;
    let big = *[u32::MAX, 1 << 20, 4_096, 257, 0].choose(rng).unwrap();
    let config = |game: G| {
        Some(pb::create_game_request::Source::Config(pb::GameConfig {
            clock: None,
            game: Some(game),
            ..Default::default()
        }))
    };
    let (kind, source) = match rng.random_range(0..14) {
        0 => (0, None),
        1 => (
            0,
            Some(pb::create_game_request::Source::Config(pb::GameConfig {
                clock: None,
                game: None,
                ..Default::default()
            })),
        ),
        2 => (rng.random_range(10..i32::MAX), Some(pb::create_game_request::Source::Preset("classic".into()))),
        3 => (
            oracle::game_kind(GameKind::Chess) as i32,
            Some(pb::create_game_request::Source::Preset("x".repeat(10_000))),
        ),
        4 => (0, config(G::TicTacToe(pb::TicTacToeConfig { size: big, win_length: big, ..Default::default() }))),
        5 => (
            0,
            config(G::ConnectFour(pb::ConnectFourConfig {
                width: big,
                height: big,
                win_length: 4,
                wrap_columns: true,
                ..Default::default()
            })),
        ),
        6 => (0, config(G::Gomoku(pb::GomokuConfig { width: big, height: 3, win_length: big, ..Default::default() }))),
        7 => (
            0,
            config(G::Battleship(pb::BattleshipConfig {
                width: 10,
                height: 10,
                fleet: vec![big; 50],
                ..Default::default()
            })),
        ),
        8 => (
            0,
            config(G::Reversi(pb::ReversiConfig {
                width: big,
                height: 8,
                opening: 77,
                walls: vec![pb::Cell { row: big, col: 3 }; 100],
                position: "é".repeat((big % 1_000) as usize),
            })),
        ),
        9 => (0, config(G::Morris(pb::MorrisConfig { variant: 99, pieces: big, flying: -1, ..Default::default() }))),
        10 => (0, config(G::PegSolitaire(pb::PegSolitaireConfig { board: 42, rows: big, empty_hole: big }))),
        11 => (
            0,
            config(G::Chess(pb::ChessConfig {
                fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
                start_position: Some(big),
                ..Default::default()
            })),
        ),
        12 => (oracle::game_kind(GameKind::TicTacToe) as i32, config(G::Chess(pb::ChessConfig::default()))),
        _ => {
            let pgn = pb::PgnImport { pgn: "1. e4 e5 2. Nf3 (2. f4 {x}) Nc6 3. Bb5 *".into(), ply: Some(big) };
            (0, Some(pb::create_game_request::Source::Pgn(pgn)))
        }
    };
    pb::CreateGameRequest { kind, source, private: false, ..Default::default() }
}

async fn fire(client: &mut Client, address: &str, games: &mut Vec<Tracked>, rng: &mut TestRng) -> Fired {
    let target = rng.random_range(0..games.len());
    let id = games[target].game.id.clone();
    let tokens = games[target].game.tokens.clone();
    let seq = games[target].seq;
    let any_seat = rng.random_range(0..tokens.len());
    let submit =
        |token: Option<&str>, mv: pb::Move, expected_seq: Option<u64>, request_id: &str, validate_only: bool| {
            let request = pb::SubmitMoveRequest {
                game_id: id.clone(),
                r#move: Some(mv),
                expected_seq,
                request_id: request_id.to_owned(),
                validate_only,
                ..Default::default()
            };
            call(token, request)
        };
    let moved = |r: Result<tonic::Response<pb::SubmitMoveResponse>, Status>| r.map(|r| Some(r.into_inner().seq));
    match rng.random_range(0..21) {
        // A valid move, sometimes with the right expected seq or a request id.
        0..=5 => {
            let Some((seat, mv)) = legal_move(client, &games[target], rng).await else {
                return Fired::at(
                    target,
                    moved(
                        client.submit_move(submit(Some(&tokens[any_seat]), hostile_move(rng), None, "", false)).await,
                    ),
                );
            };
            let expected = rng.random_bool(0.5).then_some(seq);
            let request_id = if rng.random_bool(0.3) { format!("r{}", rng.random::<u32>()) } else { String::new() };
            let first = client.submit_move(submit(Some(&tokens[seat]), mv.clone(), expected, &request_id, false)).await;
            let first = first.unwrap_or_else(|e| panic!("a legal move was refused: {e:?}")).into_inner();
            if !request_id.is_empty() {
                // A retry answers exactly as the first did and plays nothing.
                let retry = client
                    .submit_move(submit(Some(&tokens[seat]), mv, expected, &request_id, false))
                    .await
                    .unwrap()
                    .into_inner();
                assert_eq!(retry, first);
                // The same id for another request is refused.
                let other =
                    client.submit_move(submit(Some(&tokens[seat]), hostile_move(rng), None, &request_id, false)).await;
                assert!(other.is_err(), "a request id was reused for another move");
                check_error(&other.unwrap_err(), "request id reuse");
            }
            Fired::at(target, Ok(Some(first.seq)))
        }
        // The same valid move, but only checked.
        6 => {
            let Some((seat, mv)) = legal_move(client, &games[target], rng).await else {
                return Fired::at(target, Ok(None));
            };
            let response =
                client.submit_move(submit(Some(&tokens[seat]), mv, None, "", true)).await.unwrap().into_inner();
            assert!(!response.applied);
            assert_eq!(response.seq, seq, "a validate-only check moved the game");
            Fired::at(target, Ok(None))
        }
        // A valid move from a seat whose turn it is not.
        7 => {
            let Some((seat, mv)) = legal_move(client, &games[target], rng).await else {
                return Fired::at(target, Ok(None));
            };
            let to_act = view_of(client, &id, None).await.to_act;
            let Some(idle) = (0..tokens.len()).find(|s| *s != seat && !to_act.contains(&(*s as u32 + 1))) else {
                return Fired::at(target, Ok(None));
            };
            let result = client.submit_move(submit(Some(&tokens[idle]), mv, None, "", false)).await;
            assert!(result.is_err(), "seat {} moved out of turn", idle + 1);
            Fired::at(target, moved(result))
        }
        // A valid move carrying another game's seat token.
        8 => {
            let Some((seat, mv)) = legal_move(client, &games[target], rng).await else {
                return Fired::at(target, Ok(None));
            };
            let other = &games[(target + 1 + rng.random_range(0..games.len() - 1)) % games.len()].game;
            let result = client
                .submit_move(submit(Some(&other.tokens[seat.min(other.tokens.len() - 1)]), mv, None, "", false))
                .await;
            assert_error(result.as_ref().unwrap_err(), Code::Unauthenticated, "INVALID_CREDENTIAL");
            Fired::at(target, moved(result))
        }
        // A valid move against a stale or future seq.
        9 => {
            let Some((seat, mv)) = legal_move(client, &games[target], rng).await else {
                return Fired::at(target, Ok(None));
            };
            let wrong = *[0, seq - 1, seq + 1, u64::MAX].choose(rng).unwrap();
            let result = client.submit_move(submit(Some(&tokens[seat]), mv, Some(wrong), "", false)).await;
            assert_error(result.as_ref().unwrap_err(), Code::Aborted, "STALE_SEQ");
            Fired::at(target, moved(result))
        }
        // Moves at the limits, as a seat or a spectator, sometimes only checked.
        10..=12 => {
            let token = rng.random_bool(0.8).then(|| tokens[any_seat].as_str());
            let validate = rng.random_bool(0.2);
            let mut request = submit(token, hostile_move(rng), None, "", validate);
            if rng.random_bool(0.1) {
                request.get_mut().r#move = None;
            }
            if rng.random_bool(0.1) {
                request.get_mut().request_id = "r".repeat(129);
            }
            Fired::at(target, moved(client.submit_move(request).await))
        }
        // Malformed or foreign credentials.
        13 => {
            let value = *["Bearer", "Basic abc", "Bearer  ", "bearer x y", "Bearer \u{7f}"].choose(rng).unwrap();
            let mut request = Request::new(pb::GetViewRequest { game_id: id.clone(), ..Default::default() });
            if let Ok(value) = value.parse() {
                request.metadata_mut().insert("authorization", value);
            }
            Fired::at(target, client.get_view(request).await.map(|_| None))
        }
        // Game ids that name nothing, at and past their limit.
        14 => {
            let game_id = ["", "games/x", "\u{0}", &"9".repeat(64), &"é".repeat(40), &"x".repeat(100_000)]
                .choose(rng)
                .unwrap()
                .to_string();
            let result = match rng.random_range(0..4) {
                0 => client.get_view(pb::GetViewRequest { game_id, ..Default::default() }).await.map(|_| ()),
                1 => client
                    .submit_move(as_seat(&tokens[0], pb::SubmitMoveRequest { game_id, ..Default::default() }))
                    .await
                    .map(|_| ()),
                2 => client.delete_game(pb::DeleteGameRequest { game_id }).await.map(|_| ()),
                _ => client.archive_game(pb::ArchiveGameRequest { game_id }).await.map(|_| ()),
            };
            assert!(result.is_err(), "a call on a game that does not exist succeeded");
            Fired::elsewhere(result)
        }
        // Numbers and enums at their limits in the reading calls.
        15 => {
            let result = match rng.random_range(0..6) {
                0 => {
                    let seat = *[0, tokens.len() as u32 + 1, u32::MAX].choose(rng).unwrap();
                    client.list_legal_moves(pb::ListLegalMovesRequest { game_id: id.clone(), seat }).await.map(|_| ())
                }
                1 => {
                    let after_seq = *[seq + 1, u64::MAX].choose(rng).unwrap();
                    client
                        .stream_events(pb::StreamEventsRequest {
                            game_id: id.clone(),
                            after_seq,
                            include_views: false,
                            view_changes: false,
                        })
                        .await
                        .map(|_| ())
                }
                2 => client
                    .list_games(pb::ListGamesRequest {
                        page_size: *[-1, i32::MIN, i32::MAX].choose(rng).unwrap(),
                        ..Default::default()
                    })
                    .await
                    .map(|_| ()),
                3 => client
                    .list_games(pb::ListGamesRequest {
                        kind: rng.random_range(10..i32::MAX),
                        status: -3,
                        ..Default::default()
                    })
                    .await
                    .map(|_| ()),
                4 => client
                    .list_games(pb::ListGamesRequest { page_token: "djJ8fHh4".into(), ..Default::default() })
                    .await
                    .map(|_| ()),
                _ => client.export_pgn(pb::ExportPgnRequest { game_id: id.clone() }).await.map(|_| ()),
            };
            Fired::at(target, result.map(|()| None))
        }
        // Takebacks and the occasional resignation, by any seat.
        16 => {
            if rng.random_bool(0.15) {
                let result = client
                    .resign(as_seat(
                        &tokens[any_seat],
                        pb::ResignRequest { game_id: id.clone(), request_id: String::new() },
                    ))
                    .await;
                Fired::at(target, result.map(|r| Some(r.into_inner().seq)))
            } else {
                let expected_seq = rng.random_bool(0.5).then_some(seq);
                let request = pb::TakeBackRequest { game_id: id.clone(), expected_seq, request_id: String::new() };
                let result = client.take_back(as_seat(&tokens[any_seat], request)).await;
                Fired::at(target, result.map(|r| Some(r.into_inner().seq)))
            }
        }
        // Bytes that are no message at all, to any call on the game.
        20 => {
            let method = *[
                "GetGame",
                "GetView",
                "SubmitMove",
                "Resign",
                "TakeBack",
                "ListLegalMoves",
                "StreamEvents",
                "GetHint",
            ]
            .choose(rng)
            .unwrap();
            let body = malformed_wire(rng, &id);
            let result = raw_call(address, method, body).await;
            let status = result.as_ref().expect_err("malformed bytes were accepted");
            assert_error(status, Code::InvalidArgument, "MALFORMED_REQUEST");
            Fired::at(target, result.map(|_| None))
        }
        // Hostile configurations; a game one makes joins the run.
        _ => match client.create_game(hostile_create(rng)).await {
            Ok(created) => {
                let created = created.into_inner();
                let game = created.game.unwrap();
                if games.len() < MAX_GAMES {
                    let kind =
                        GameKind::ALL.iter().copied().find(|k| oracle::game_kind(*k) as i32 == game.kind).unwrap();
                    let tokens = created.seat_tokens.into_iter().map(|t| t.token).collect();
                    games.push(Tracked { game: Game { id: game.game_id, tokens }, kind, seq: game.seq });
                }
                Fired::elsewhere(Ok(()))
            }
            Err(status) => Fired::elsewhere(Err(status)),
        },
    }
}

/// Every event of a game up to `seq`, as `token`'s holder receives it.
async fn events_as(client: &mut Client, id: &str, token: Option<&str>, seq: u64) -> Vec<pb::GameEvent> {
    let mut stream = client
        .stream_events(call(
            token,
            pb::StreamEventsRequest { game_id: id.to_owned(), after_seq: 0, include_views: false, view_changes: false },
        ))
        .await
        .unwrap()
        .into_inner();
    let mut events = Vec::new();
    while (events.len() as u64) < seq {
        let next = tokio::time::timeout(Duration::from_secs(10), stream.next()).await.expect("the backlog arrives");
        events.push(next.expect("the stream lasts to the newest event").unwrap().event.unwrap());
    }
    events
}

/// Rebuilds `tracked` from its event log alone (each move as its own seat received it,
/// since another viewer's copy may be redacted) and compares what the engine makes of it
/// with the view the server gives every seat and a spectator.
async fn check_against_replay(client: &mut Client, tracked: &Tracked) {
    let id = &tracked.game.id;
    let seq = view_of(client, id, None).await.seq;
    assert_eq!(seq, tracked.seq, "game {id} is at seq {seq}, expected {}", tracked.seq);
    let mut logs = Vec::new();
    for token in &tracked.game.tokens {
        logs.push(events_as(client, id, Some(token), seq).await);
    }
    let mut config = None;
    let mut turns = Vec::new();
    for (index, event) in logs[0].iter().enumerate() {
        assert_eq!(event.seq, index as u64 + 1, "game {id}'s log has a gap");
        match event.kind.as_ref().unwrap() {
            pb::game_event::Kind::GameCreated(created) => {
                config = Some(
                    config_from_proto(created.config.as_ref().unwrap(), "config").expect("the logged config reads"),
                );
            }
            pb::game_event::Kind::MoveApplied(applied) => {
                let seat = Seat::from_number(applied.seat).unwrap();
                let Some(pb::game_event::Kind::MoveApplied(own)) = &logs[seat.index()][index].kind else {
                    panic!("game {id}: seats disagree on event {}", event.seq)
                };
                let action = action_from_proto(own.r#move.as_ref(), "move").expect("a mover sees its own move");
                turns.push(Turn::Move(seat, action));
            }
            pb::game_event::Kind::Resigned(resigned) => {
                turns.push(Turn::Resign(Seat::from_number(resigned.seat).unwrap()))
            }
            pb::game_event::Kind::MoveTakenBack(back) => {
                let seat = Seat::from_number(back.seat).unwrap();
                // Taken back with the other seat's consent, the actor is the seat that agreed.
                match event.actor.as_ref().and_then(|actor| actor.kind.clone()) {
                    Some(pb::actor::Kind::Seat(agreed)) if agreed != back.seat => {
                        turns.push(Turn::AnswerTakeBack { seat: Seat::from_number(agreed).unwrap(), accept: true })
                    }
                    _ => turns.push(Turn::TakeBack(seat)),
                }
            }
            pb::game_event::Kind::TakebackRequested(asked) => {
                turns.push(Turn::RequestTakeBack(Seat::from_number(asked.seat).unwrap()))
            }
            pb::game_event::Kind::TakebackDeclined(declined) => {
                turns.push(Turn::AnswerTakeBack { seat: Seat::from_number(declined.seat).unwrap(), accept: false })
            }
            // A seat coming or going changes no position.
            pb::game_event::Kind::GameEnded(_)
            | pb::game_event::Kind::GameResumed(_)
            | pb::game_event::Kind::SeatPresenceChanged(_) => {}
            pb::game_event::Kind::GameAborted(_)
            | pb::game_event::Kind::GameAdjudicated(_)
            | pb::game_event::Kind::TimedOut(_)
            | pb::game_event::Kind::ClockPaused(_)
            | pb::game_event::Kind::ClockResumed(_)
            | pb::game_event::Kind::TimeAdded(_) => {
                panic!("game {id}: nothing in this test aborts, adjudicates or keeps time")
            }
        }
    }
    let config = config.expect("a log starts with the game's creation");
    assert_eq!(config.kind(), tracked.kind);
    let replayed = config.replay(&turns).unwrap_or_else(|e| panic!("game {id}'s log does not replay: {e}"));
    let viewers = (0..tracked.game.tokens.len()).map(Some).chain([None]);
    for seat in viewers {
        let token = seat.map(|s| tracked.game.tokens[s].as_str());
        let viewer = seat.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat::from_number(s as u32 + 1).unwrap()));
        let expected = oracle::view(id, config.kind(), seq, &replayed.view(viewer));
        // The board is the replay's; the clocks (of a preset on a clock) are `clocks.rs`'s to check.
        let actual = pb::View { clock: None, ..view_of(client, id, token).await };
        assert_eq!(actual, expected, "game {id} as {viewer:?} differs from its log's replay");
    }
}

#[tokio::test]
async fn hostile_requests_leave_every_game_equal_to_its_log() {
    let started = Instant::now();
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut games = Vec::new();
    for kind in GameKind::ALL {
        // Not the presets on a clock: a run long enough (a loaded machine) lets one run out,
        // which no request did; clocks are `clocks.rs`'s to test.
        for preset in kind.info().presets.iter().filter(|preset| preset.clock.is_none()) {
            let game = create_preset(&mut client, oracle::game_kind(*kind), preset.name).await;
            games.push(Tracked { game, kind: *kind, seq: 1 });
        }
    }
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[42; 32]);
    let mut refused = 0;
    for step in 0..REQUESTS {
        let fired = fire(&mut client, &server.address, &mut games, &mut rng).await;
        match (&fired.result, fired.target) {
            (Err(status), _) => {
                check_error(status, &format!("request {step}"));
                refused += 1;
            }
            (Ok(Some(seq)), Some(target)) => games[target].seq = *seq,
            (Ok(_), _) => {}
        }
        // No game but the target of a successful call may have moved.
        let listed = client
            .list_games(pb::ListGamesRequest { page_size: 500, ..Default::default() })
            .await
            .unwrap()
            .into_inner()
            .games;
        assert_eq!(listed.len(), games.len(), "request {step}: games appeared or vanished");
        for game in listed {
            let tracked = games.iter().find(|t| t.game.id == game.game_id).expect("a game of the run");
            assert_eq!(game.seq, tracked.seq, "request {step} moved game {} ({:?})", game.game_id, tracked.kind);
        }
        if step % FULL_CHECK_EVERY == FULL_CHECK_EVERY - 1 {
            for tracked in &games {
                check_against_replay(&mut client, tracked).await;
            }
        }
    }
    for tracked in &games {
        check_against_replay(&mut client, tracked).await;
    }
    // A run that refused nothing or played nothing tested nothing.
    assert!(refused > REQUESTS / 4, "only {refused} of {REQUESTS} requests were refused");
    assert!(games.iter().any(|g| g.seq > 10), "no game got going");
    eprintln!("{REQUESTS} requests against {} games in {:?}", games.len(), started.elapsed());
}
