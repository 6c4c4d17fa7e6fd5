//! `GetHint` over a real socket: every game's engine answers with a move that plays, a line
//! and a score; who may ask while a game runs and after it ends; budgets and their caps.

use crate::common::*;
use tonic::Code;
use tonic_types::StatusExt;

fn hint(game_id: &str, max_time_ms: u64) -> pb::GetHintRequest {
    pb::GetHintRequest {
        game_id: game_id.to_owned(),
        max_time: Some(prost_types::Duration {
            seconds: (max_time_ms / 1000) as i64,
            nanos: (max_time_ms % 1000 * 1_000_000) as i32,
        }),
        ..Default::default()
    }
}

async fn create(client: &mut Client, config: pb::GameConfig, allow_hints: Option<bool>) -> pb::CreateGameResponse {
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        allow_hints,
        ..Default::default()
    };
    client.create_game(request).await.unwrap().into_inner()
}

fn tic_tac_toe() -> pb::GameConfig {
    pb::GameConfig {
        clock: None,
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
        ..Default::default()
    }
}

/// In every game, the seat to move that asks gets a move that the server then accepts at
/// the seq the hint names, with the line starting at that move and a score.
#[tokio::test]
async fn every_game_suggests_a_move_that_plays_with_its_line_and_score() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    assert_eq!(kinds.len(), 9);
    for kind in kinds {
        let created = create(&mut client, kind.default_config.clone().unwrap(), Some(true)).await;
        let game = created.game.unwrap();
        assert!(game.allow_hints);
        // Battleship's first seat to move places its fleet: the hint is a placement too.
        let view =
            client.get_view(pb::GetViewRequest { game_id: game.game_id.clone(), ..Default::default() }).await.unwrap();
        let seat = view.into_inner().view.unwrap().to_act[0];
        let token = &created.seat_tokens[(seat - 1) as usize].token;
        let answer = client.get_hint(as_seat(token, hint(&game.game_id, 300))).await.unwrap().into_inner();
        assert_eq!(answer.result, pb::HintResult::Move as i32, "{}: {answer:?}", kind.name);
        assert_eq!(answer.seat, seat, "{}", kind.name);
        assert_eq!(answer.principal_variation.first(), answer.r#move.as_ref(), "{}", kind.name);
        let score = answer.score.unwrap_or_else(|| panic!("{}: no score", kind.name));
        assert!(score.exact || score.value.is_some(), "{}: {score:?}", kind.name);
        let submit = pb::SubmitMoveRequest {
            game_id: game.game_id.clone(),
            r#move: answer.r#move.clone(),
            expected_seq: Some(answer.seq),
            ..Default::default()
        };
        client.submit_move(as_seat(token, submit)).await.unwrap_or_else(|e| panic!("{}: {e:?}", kind.name));
    }
}

/// While a game runs: only its seat to move, and only when the game allows hints; hints
/// are off by default where seats play each other and on for a puzzle.
#[tokio::test]
async fn a_running_game_helps_only_its_seat_to_move_and_only_when_allowed() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let off = create(&mut client, tic_tac_toe(), None).await;
    assert!(!off.game.as_ref().unwrap().allow_hints, "off by default for two seats");
    let error = client.get_hint(as_seat(&off.seat_tokens[0].token, hint(&off.game.unwrap().game_id, 100))).await;
    assert_error(&error.unwrap_err(), Code::FailedPrecondition, "HINTS_DISABLED");
    let puzzle = create_preset(&mut client, pb::GameKind::PegSolitaire, "triangle15").await;
    let game = client.get_game(pb::GetGameRequest { game_id: puzzle.id.clone() }).await.unwrap().into_inner();
    assert!(game.game.unwrap().allow_hints, "on by default for one seat");

    let on = create(&mut client, tic_tac_toe(), Some(true)).await;
    let id = on.game.unwrap().game_id;
    let error = client.get_hint(hint(&id, 100)).await.unwrap_err();
    assert_error(&error, Code::PermissionDenied, "SEAT_REQUIRED");
    let error = client.get_hint(as_seat(&on.seat_tokens[1].token, hint(&id, 100))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NOT_YOUR_TURN");
    let error = client
        .get_hint(as_seat(&on.seat_tokens[0].token, pb::GetHintRequest { at_seq: Some(0), ..hint(&id, 100) }))
        .await
        .unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "GAME_NOT_FINISHED");
    // The current position may be named.
    let answer = client
        .get_hint(as_seat(&on.seat_tokens[0].token, pb::GetHintRequest { at_seq: Some(1), ..hint(&id, 2_000) }))
        .await
        .unwrap()
        .into_inner();
    // The empty 3×3 board is a draw with best play, which the engine proves.
    let score = answer.score.unwrap();
    assert!(score.exact, "{score:?}");
    assert_eq!(score.result, pb::ScoreResult::Draw as i32);
}

/// Once a game is over, anyone may analyse any of its positions; the final one has nobody
/// to move; positions beyond the log are out of range.
#[tokio::test]
async fn anyone_may_analyse_every_position_of_a_finished_game() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = create(&mut client, tic_tac_toe(), None).await;
    let game =
        Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    // X takes the top row while O plays the middle row: X wins at seq 6.
    let moves = [cell_move(0, 0), cell_move(1, 0), cell_move(0, 1), cell_move(1, 1), cell_move(0, 2)];
    play_all(&mut client, &game, &moves).await;
    let at = |seq| pb::GetHintRequest { at_seq: Some(seq), ..hint(&game.id, 2_000) };

    // After X's second move (seq 4), O must block the top row or lose: X wins in 3 plies.
    let answer = client.get_hint(at(4)).await.unwrap().into_inner();
    assert_eq!((answer.result, answer.seq, answer.seat), (pb::HintResult::Move as i32, 4, 2));
    assert_eq!(answer.r#move, Some(cell_move(0, 2)), "O blocks");
    // After O's second move (seq 5), X wins at once.
    let answer = client.get_hint(at(5)).await.unwrap().into_inner();
    assert_eq!(answer.r#move, Some(cell_move(0, 2)));
    let score = answer.score.unwrap();
    assert_eq!((score.exact, score.result, score.plies_to_end), (true, pb::ScoreResult::Win as i32, Some(1)));
    assert_eq!(answer.principal_variation, vec![cell_move(0, 2)]);

    let last = client.get_hint(hint(&game.id, 100)).await.unwrap().into_inner();
    assert_eq!((last.result, last.seat, last.score), (pb::HintResult::AlreadySolved as i32, 0, None));
    let error = client.get_hint(at(99)).await.unwrap_err();
    assert_error(&error, Code::OutOfRange, "SEQ_OUT_OF_RANGE");
}

/// The caller's budget bounds the search, within the server's caps; asking beyond them is
/// a malformed request, every field named.
#[tokio::test]
async fn budgets_are_honoured_and_capped() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = create(
        &mut client,
        pb::GameConfig {
            clock: None,
            game: Some(pb::game_config::Game::Chess(pb::ChessConfig::default())),
            ..Default::default()
        },
        Some(true),
    )
    .await;
    let id = created.game.unwrap().game_id;
    let token = &created.seat_tokens[0].token;
    let few = pb::GetHintRequest { max_nodes: 500, ..hint(&id, 5_000) };
    let answer = client.get_hint(as_seat(token, few)).await.unwrap().into_inner();
    assert!(answer.nodes <= 500, "{} nodes", answer.nodes);
    assert_eq!(answer.result, pb::HintResult::Move as i32);

    let too_much = pb::GetHintRequest {
        max_nodes: u64::MAX,
        max_time: Some(prost_types::Duration { seconds: 11, nanos: 0 }),
        ..hint(&id, 0)
    };
    let error = client.get_hint(as_seat(token, too_much)).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        error.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["max_time", "max_nodes"]);
}

/// On a server whose search pool lends an analysis two of its places when free, a Connect
/// Four position that the solver does not finish within what one thread searches alone
/// (so that, given two, it goes on on both): the hint is exact.
#[tokio::test]
async fn a_hint_on_several_search_places_is_exact() {
    let mut options = tabula::service::ServeOptions::default();
    options.limits.search_threads = 4;
    let server = TestServer::start_with(options).await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        kind: pb::GameKind::ConnectFour as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        allow_hints: Some(true),
        ..Default::default()
    };
    let created = client.create_game(request).await.unwrap().into_inner();
    let game =
        Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    // One of Pons' Begin-Medium positions, of twelve discs (past the opening books' plies),
    // lost by three for the side to move: about 2.1 million positions on one thread.
    let moves: Vec<pb::Move> = "527522112612".chars().map(|c| column_move(c.to_digit(10).unwrap() - 1)).collect();
    play_all(&mut client, &game, &moves).await;
    let answer = client.get_hint(as_seat(&game.tokens[0], hint(&game.id, 10_000))).await.unwrap().into_inner();
    let score = answer.score.unwrap();
    assert!(score.exact, "{answer:?}");
    assert_eq!((score.result, score.value), (pb::ScoreResult::Loss as i32, Some(-3)), "{answer:?}");
    assert!(answer.nodes > tabula::games::connect_four::solver::ALONE_FIRST, "{} positions", answer.nodes);
}
