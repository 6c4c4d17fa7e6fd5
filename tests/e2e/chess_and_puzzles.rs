//! Chess and peg solitaire over gRPC: notations in views and legal moves, FEN errors,
//! takebacks, and solver hints.

use crate::common::*;
use tonic::Code;
use tonic_types::StatusExt;

fn square(name: &str) -> Option<pb::Location> {
    let bytes = name.as_bytes();
    let col = (bytes[0] - b'a') as u32;
    let row = 8 - (bytes[1] - b'0') as u32;
    Some(pb::Location { at: Some(pb::location::At::Cell(pb::Cell { row, col })) })
}

fn chess_move(from: &str, to: &str) -> pb::Move {
    pb::Move {
        kind: Some(pb::r#move::Kind::Move(pb::PieceMove {
            from: square(from),
            to: square(to),
            promotion: 0,
            claim_draw: false,
        })),
    }
}

fn chess_config(fen: &str, allow_takebacks: bool) -> pb::game_config::Game {
    pb::game_config::Game::Chess(pb::ChessConfig { fen: fen.into(), allow_takebacks, ..Default::default() })
}

#[tokio::test]
async fn fools_mate_with_san_uci_and_fen_in_views() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Chess, "standard").await;

    let legal = client
        .list_legal_moves(as_seat(&game.tokens[0], pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 0 }))
        .await
        .unwrap()
        .into_inner();
    // Twenty moves, and offering a draw.
    assert_eq!(legal.moves.len(), 21);
    assert_eq!(legal.moves.iter().filter(|m| m.uci.is_empty()).count(), 1);
    let e4 = legal.moves.iter().find(|m| m.uci == "e2e4").expect("e2e4 is listed");
    assert_eq!(e4.label, "e4");

    let moves = [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")];
    let moves: Vec<pb::Move> = moves.iter().map(|(f, t)| chess_move(f, t)).collect();
    let last = play_all(&mut client, &game, &moves).await;
    let view = last.view.unwrap();
    let outcome = view.outcome.unwrap();
    assert_eq!((outcome.winner, outcome.reason), (2, pb::EndReason::Checkmate as i32));
    let last_move = view.last_move.unwrap();
    assert_eq!((last_move.notation.as_str(), last_move.uci.as_str()), ("Qh4#", "d8h4"));
    assert_eq!(view.notation, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let board = view.board.unwrap();
    assert_eq!(board.cells[4 * 8 + 7].piece, pb::Piece::Queen as i32);
}

#[tokio::test]
async fn an_illegal_fen_is_refused_naming_what_is_wrong() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        kind: 0,
        source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
            clock: None,
            game: Some(chess_config("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1", false)),
            ..Default::default()
        })),
        private: false,
        ..Default::default()
    };
    let error = client.create_game(request).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_CONFIG");
    let violations = error.get_details_bad_request().unwrap().field_violations;
    assert!(violations.iter().all(|v| v.field == "config.chess.fen"), "{violations:?}");
    assert!(error.message().contains("king"), "{}", error.message());

    let game = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    let error = client.submit_move(submit(&game, 0, chess_move("e2", "e5"))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "ILLEGAL_MOVE");
}

#[tokio::test]
async fn takebacks_follow_the_configuration_and_stay_in_the_history() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let strict = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    client.submit_move(submit(&strict, 0, chess_move("e2", "e4"))).await.unwrap();
    let error = client
        .take_back(as_seat(&strict.tokens[0], pb::TakeBackRequest { game_id: strict.id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "TAKEBACK_NOT_ALLOWED");

    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let game = create_config(&mut client, chess_config(start, true)).await;
    client.submit_move(submit(&game, 0, chess_move("e2", "e4"))).await.unwrap();
    let error = client
        .take_back(as_seat(&game.tokens[1], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NOTHING_TO_TAKE_BACK");
    let taken = client
        .take_back(as_seat(&game.tokens[0], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    let view = taken.view.unwrap();
    assert_eq!(view.notation, start);
    assert_eq!((view.move_count, taken.seq), (0, 3));
    assert_eq!(view.to_act, vec![1]);
    let events: Vec<_> = {
        use tokio_stream::StreamExt;
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
        let mut events = Vec::new();
        for _ in 0..3 {
            events.push(stream.next().await.unwrap().unwrap().event.unwrap());
        }
        events
    };
    let Some(pb::game_event::Kind::MoveTakenBack(taken_back)) = &events[2].kind else { panic!("{events:?}") };
    assert_eq!((taken_back.seat, taken_back.move_number), (1, 1));
    client.submit_move(submit(&game, 0, chess_move("d2", "d4"))).await.unwrap();
}

#[tokio::test]
async fn peg_solitaire_hints_lead_to_a_solution_and_jumps_can_be_taken_back() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::PegSolitaire, "triangle15").await;
    let hint = |client: &mut Client| {
        let request = as_seat(&game.tokens[0], pb::GetHintRequest { game_id: game.id.clone(), ..Default::default() });
        let mut client = client.clone();
        async move { client.get_hint(request).await.unwrap().into_inner() }
    };

    // A jump, then its takeback, then follow the hints to the end.
    let first = hint(&mut client).await;
    assert_eq!(first.result, pb::HintResult::Move as i32);
    client.submit_move(submit(&game, 0, first.r#move.clone().unwrap())).await.unwrap();
    client
        .take_back(as_seat(&game.tokens[0], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap();
    let outcome = loop {
        let next = hint(&mut client).await;
        assert_eq!(next.result, pb::HintResult::Move as i32, "a solution continues from every hinted position");
        let response = client.submit_move(submit(&game, 0, next.r#move.unwrap())).await.unwrap().into_inner();
        if let Some(outcome) = response.view.unwrap().outcome {
            break outcome;
        }
    };
    assert_eq!(outcome.r#type, pb::OutcomeType::Win as i32);
    assert!(
        outcome.reason == pb::EndReason::Solved as i32 || outcome.reason == pb::EndReason::SolvedInStartCell as i32
    );
    assert_eq!(hint(&mut client).await.result, pb::HintResult::AlreadySolved as i32);
}

#[tokio::test]
async fn a_game_exports_as_pgn_and_a_pgn_imports_at_any_ply() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    let moves: Vec<pb::Move> =
        [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6")].iter().map(|(f, t)| chess_move(f, t)).collect();
    play_all(&mut client, &game, &moves).await;
    let pgn = client.export_pgn(pb::ExportPgnRequest { game_id: game.id.clone() }).await.unwrap().into_inner().pgn;
    for tag in ["[Event ", "[Site ", "[Date ", "[Round ", "[White ", "[Black ", "[Result \"*\"]"] {
        assert!(pgn.contains(tag), "{tag} missing from\n{pgn}");
    }
    assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6 *"), "{pgn}");

    let import = |ply: Option<u32>| pb::CreateGameRequest {
        kind: pb::GameKind::Chess as i32,
        source: Some(pb::create_game_request::Source::Pgn(pb::PgnImport { pgn: pgn.clone(), ply })),
        private: false,
        ..Default::default()
    };
    let imported = client.create_game(import(None)).await.unwrap().into_inner();
    let imported_game = imported.game.unwrap();
    assert_eq!((imported_game.move_count, imported_game.seq), (4, 5));
    let view = client
        .get_view(pb::GetViewRequest { game_id: imported_game.game_id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(view.view.unwrap().notation, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let partial = client.create_game(import(Some(1))).await.unwrap().into_inner().game.unwrap();
    assert_eq!(partial.move_count, 1);
    let error = client.create_game(import(Some(9))).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let broken = pb::CreateGameRequest {
        kind: 0,
        source: Some(pb::create_game_request::Source::Pgn(pb::PgnImport {
            pgn: "1. e4 e5 2. Ke3 *".into(),
            ply: None,
        })),
        private: false,
        ..Default::default()
    };
    let error = client.create_game(broken).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_PGN");

    let other = create_preset(&mut client, pb::GameKind::Gomoku, "standard").await;
    let error = client.export_pgn(pb::ExportPgnRequest { game_id: other.id }).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "UNSUPPORTED_BY_GAME");
}

fn draw(action: pb::DrawAction) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Draw(pb::Draw { action: action as i32 })) }
}

#[tokio::test]
async fn a_draw_offered_and_accepted_ends_the_game_by_agreement() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    let error = client.submit_move(submit(&game, 0, draw(pb::DrawAction::Accept))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NO_DRAW_OFFER");
    let offered = client.submit_move(submit(&game, 0, draw(pb::DrawAction::Offer))).await.unwrap().into_inner();
    assert_eq!(offered.view.unwrap().draw_offer, 1);
    client.submit_move(submit(&game, 0, chess_move("e2", "e4"))).await.unwrap();
    let accepted = client.submit_move(submit(&game, 1, draw(pb::DrawAction::Accept))).await.unwrap().into_inner();
    let outcome = accepted.view.unwrap().outcome.unwrap();
    assert_eq!((outcome.r#type, outcome.reason), (pb::OutcomeType::Draw as i32, pb::EndReason::Agreement as i32));
}

#[tokio::test]
async fn a_draw_offer_is_withdrawn_by_its_seat_on_either_turn_and_then_nothing_is_left_to_accept() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Chess, "standard").await;
    let none = client.submit_move(submit(&game, 0, draw(pb::DrawAction::Withdraw))).await.unwrap_err();
    assert_error(&none, Code::FailedPrecondition, "NO_DRAW_OFFER");
    client.submit_move(submit(&game, 0, draw(pb::DrawAction::Offer))).await.unwrap();
    client.submit_move(submit(&game, 0, chess_move("e2", "e4"))).await.unwrap();
    // Black's turn: White takes its offer back, and Black has nothing to accept.
    let not_black = client.submit_move(submit(&game, 1, draw(pb::DrawAction::Withdraw))).await.unwrap_err();
    assert_error(&not_black, Code::FailedPrecondition, "NO_DRAW_OFFER");
    let withdrawn = client.submit_move(submit(&game, 0, draw(pb::DrawAction::Withdraw))).await.unwrap().into_inner();
    let view = withdrawn.view.unwrap();
    assert_eq!((view.draw_offer, view.to_act.as_slice()), (0, &[2][..]), "withdrawn; Black still to move");
    let nothing = client.submit_move(submit(&game, 1, draw(pb::DrawAction::Accept))).await.unwrap_err();
    assert_error(&nothing, Code::FailedPrecondition, "NO_DRAW_OFFER");
    let log = events_through(&mut client, &game.id, withdrawn.seq).await;
    let Some(pb::game_event::Kind::MoveApplied(applied)) = &log.last().unwrap().kind else { panic!("{log:?}") };
    assert_eq!((applied.seat, applied.label.as_str()), (1, "withdraws the draw offer"));
    // Offered again only after White's next move.
    client.submit_move(submit(&game, 1, chess_move("e7", "e5"))).await.unwrap();
    let offered = client.submit_move(submit(&game, 0, draw(pb::DrawAction::Offer))).await.unwrap().into_inner();
    assert_eq!(offered.view.unwrap().draw_offer, 1);
}
