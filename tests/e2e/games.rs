//! Full games of every kind, to a win and to a draw, over a real socket.

use crate::common::*;
use tonic_types::StatusExt;

fn outcome(response: &pb::SubmitMoveResponse) -> pb::Outcome {
    let view = response.view.as_ref().unwrap();
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    assert!(view.to_act.is_empty());
    assert_eq!((&response.to_act, response.status, &response.outcome), (&view.to_act, view.status, &view.outcome));
    view.outcome.clone().expect("a finished game has an outcome")
}

/// A move asked to answer with `view`, as seat `seat` of `game`.
fn submit_with_view(
    game: &Game,
    seat: usize,
    mv: pb::Move,
    view: pb::SubmitMoveView,
    request_id: &str,
) -> tonic::Request<pb::SubmitMoveRequest> {
    let request = pb::SubmitMoveRequest {
        game_id: game.id.clone(),
        r#move: Some(mv),
        view: view as i32,
        request_id: request_id.to_owned(),
        ..Default::default()
    };
    as_seat(&game.tokens[seat], request)
}

#[tokio::test]
async fn a_basic_answer_leaves_the_view_out_but_says_who_acts_and_how_the_game_ended() {
    use pb::SubmitMoveView::{Basic, Full};
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;

    let first = client.submit_move(submit_with_view(&game, 0, cell_move(0, 0), Basic, "first")).await.unwrap();
    let first = first.into_inner();
    assert_eq!(first.view, None);
    assert!(first.applied);
    assert_eq!((first.seq, first.to_act.as_slice(), first.status), (2, &[2][..], pb::GameStatus::InProgress as i32));
    assert_eq!(first.outcome, None);
    assert!(matches!(first.events[..], [pb::GameEvent { kind: Some(pb::game_event::Kind::MoveApplied(_)), .. }]));

    // A retry may ask for the other shape: the same move, answered in full this time.
    let retried = client.submit_move(submit_with_view(&game, 0, cell_move(0, 0), Full, "first")).await.unwrap();
    let retried = retried.into_inner();
    assert_eq!((retried.seq, &retried.events, &retried.to_act), (first.seq, &first.events, &first.to_act));
    let view = retried.view.expect("a full answer carries the view");
    assert_eq!((view.seq, &view.to_act, view.status), (2, &retried.to_act, retried.status));

    // An unknown shape is refused and changes nothing.
    let mut odd = submit_with_view(&game, 1, cell_move(1, 0), Basic, "");
    odd.get_mut().view = 9;
    let refused = client.submit_move(odd).await.unwrap_err();
    assert_error(&refused, tonic::Code::InvalidArgument, "INVALID_REQUEST");
    assert_eq!(refused.get_details_bad_request().unwrap().field_violations[0].field, "view");
    let seen = client
        .get_view(as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }));
    assert_eq!(seen.await.unwrap().into_inner().view.unwrap().seq, 2);

    for (seat, (row, col)) in [(1, (1, 0)), (0, (0, 1)), (1, (1, 1))] {
        let answer = client.submit_move(submit_with_view(&game, seat, cell_move(row, col), Basic, "")).await.unwrap();
        assert_eq!(answer.into_inner().view, None);
    }
    let last = client.submit_move(submit_with_view(&game, 0, cell_move(0, 2), Basic, "")).await.unwrap().into_inner();
    assert_eq!(last.view, None);
    assert!(last.to_act.is_empty());
    assert_eq!(last.status, pb::GameStatus::Finished as i32);
    let won = last.outcome.expect("the winning move's answer has the outcome");
    assert_eq!((won.r#type, won.winner), (pb::OutcomeType::Win as i32, 1));
    let seen = client
        .get_view(as_seat(&game.tokens[0], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }));
    assert_eq!(seen.await.unwrap().into_inner().view.unwrap().outcome, Some(won));
}

#[tokio::test]
async fn tic_tac_toe_to_a_win_and_to_a_draw() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let moves: Vec<_> = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].iter().map(|&(r, c)| cell_move(r, c)).collect();
    let last = play_all(&mut client, &game, &moves).await;
    let won = outcome(&last);
    assert_eq!(won.r#type, pb::OutcomeType::Win as i32);
    assert_eq!(won.winner, 1);
    assert_eq!(won.reason, pb::EndReason::Line as i32);
    assert_eq!(
        won.winning_line,
        vec![pb::Cell { row: 0, col: 0 }, pb::Cell { row: 0, col: 1 }, pb::Cell { row: 0, col: 2 }]
    );
    // The final move appended the move and the end.
    let kinds: Vec<_> = last.events.iter().map(|e| e.kind.clone().unwrap()).collect();
    assert!(matches!(kinds[..], [pb::game_event::Kind::MoveApplied(_), pb::game_event::Kind::GameEnded(_)]));

    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let moves: Vec<_> = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]
        .iter()
        .map(|&(r, c)| cell_move(r, c))
        .collect();
    let drawn = outcome(&play_all(&mut client, &game, &moves).await);
    assert_eq!(drawn.r#type, pb::OutcomeType::Draw as i32);
    assert_eq!(drawn.reason, pb::EndReason::BoardFull as i32);

    let summary = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    let summary = summary.game.unwrap();
    assert_eq!(summary.status, pb::GameStatus::Finished as i32);
    assert_eq!(summary.move_count, 9);
    assert_eq!(summary.seq, 11);
}

#[tokio::test]
async fn connect_four_to_a_win_across_the_cylinder_edge_and_to_a_draw() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    let game = create_preset(&mut client, pb::GameKind::ConnectFour, "cylinder").await;
    let moves: Vec<_> = [5, 5, 6, 6, 0, 0, 1].iter().map(|&c| column_move(c)).collect();
    let won = outcome(&play_all(&mut client, &game, &moves).await);
    assert_eq!(won.winner, 1);
    let cols: Vec<u32> = won.winning_line.iter().map(|c| c.col).collect();
    assert_eq!(cols, vec![5, 6, 0, 1]);

    let game = create_config(
        &mut client,
        pb::game_config::Game::ConnectFour(pb::ConnectFourConfig {
            width: 4,
            height: 4,
            win_length: 4,
            wrap_columns: false,
            ..Default::default()
        }),
    )
    .await;
    let moves: Vec<_> = [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2].iter().map(|&c| column_move(c)).collect();
    let drawn = outcome(&play_all(&mut client, &game, &moves).await);
    assert_eq!(drawn.r#type, pb::OutcomeType::Draw as i32);
}

#[tokio::test]
async fn gomoku_to_a_win_and_to_a_draw() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    let game = create_preset(&mut client, pb::GameKind::Gomoku, "standard").await;
    let mut moves = Vec::new();
    for i in 0..5 {
        moves.push(cell_move(7, 3 + i));
        if i < 4 {
            moves.push(cell_move(0, 2 * i));
        }
    }
    let won = outcome(&play_all(&mut client, &game, &moves).await);
    assert_eq!(won.winner, 1);
    assert_eq!(won.winning_line.len(), 5);

    // A 9×9 board filled so that no line reaches four: stripes of two along every direction.
    let game = create_config(
        &mut client,
        pb::game_config::Game::Gomoku(pb::GomokuConfig { width: 9, height: 9, ..Default::default() }),
    )
    .await;
    let black = |r: u32, c: u32| (c + 2 * r) % 4 < 2;
    let cells: Vec<(u32, u32)> = (0..9).flat_map(|r| (0..9).map(move |c| (r, c))).collect();
    let blacks: Vec<_> = cells.iter().filter(|&&(r, c)| black(r, c)).collect();
    let whites: Vec<_> = cells.iter().filter(|&&(r, c)| !black(r, c)).collect();
    assert_eq!((blacks.len(), whites.len()), (41, 40));
    let mut moves = Vec::new();
    for (i, b) in blacks.iter().enumerate() {
        moves.push(cell_move(b.0, b.1));
        if let Some(w) = whites.get(i) {
            moves.push(cell_move(w.0, w.1));
        }
    }
    let drawn = outcome(&play_all(&mut client, &game, &moves).await);
    assert_eq!(drawn.r#type, pb::OutcomeType::Draw as i32);
    assert_eq!(drawn.reason, pb::EndReason::BoardFull as i32);
}

#[tokio::test]
async fn resignation_ends_the_game_for_the_other_seat() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Gomoku, "freestyle").await;
    client.submit_move(submit(&game, 0, cell_move(7, 7))).await.unwrap();
    let response = client
        .resign(as_seat(&game.tokens[0], pb::ResignRequest { game_id: game.id.clone(), request_id: String::new() }))
        .await
        .unwrap()
        .into_inner();
    let outcome = response.view.unwrap().outcome.unwrap();
    assert_eq!((outcome.winner, outcome.reason), (2, pb::EndReason::Resignation as i32));
    let error = client.submit_move(submit(&game, 1, cell_move(0, 0))).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "GAME_OVER");
}

fn shift_move(d_row: i32, d_col: i32) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::GridShift(pb::GridShift { d_row, d_col })) }
}

fn cell_to_cell(from: (u32, u32), to: (u32, u32)) -> pb::Move {
    let at = |(row, col)| Some(pb::Location { at: Some(pb::location::At::Cell(pb::Cell { row, col })) });
    pb::Move {
        kind: Some(pb::r#move::Kind::Move(pb::PieceMove {
            from: at(from),
            to: at(to),
            promotion: 0,
            claim_draw: false,
        })),
    }
}

fn point_place(point: u32) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Point(point)) })) }
}

fn point_move(from: u32, to: u32) -> pb::Move {
    let at = |p| Some(pb::Location { at: Some(pb::location::At::Point(p)) });
    pb::Move {
        kind: Some(pb::r#move::Kind::Move(pb::PieceMove {
            from: at(from),
            to: at(to),
            promotion: 0,
            claim_draw: false,
        })),
    }
}

fn point_capture(point: u32) -> pb::Move {
    pb::Move {
        kind: Some(pb::r#move::Kind::Capture(pb::Capture {
            target: Some(pb::Location { at: Some(pb::location::At::Point(point)) }),
        })),
    }
}

#[tokio::test]
async fn tic_tac_two_with_placements_a_grid_shift_and_a_move() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacTwo, "classic").await;

    client.submit_move(submit(&game, 0, cell_move(2, 2))).await.unwrap();
    let error = client.submit_move(submit(&game, 1, shift_move(0, 1))).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "MOVE_LOCKED");
    let error = client.submit_move(submit(&game, 1, cell_move(0, 0))).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "OUTSIDE_GRID");
    client.submit_move(submit(&game, 1, cell_move(1, 1))).await.unwrap();
    client.submit_move(submit(&game, 0, cell_move(2, 1))).await.unwrap();
    client.submit_move(submit(&game, 1, cell_move(1, 2))).await.unwrap();
    // X shifts the grid one column right: it now covers rows 1..=3, columns 2..=4.
    let shifted = client.submit_move(submit(&game, 0, shift_move(0, 1))).await.unwrap().into_inner();
    let region = shifted.view.unwrap().active_region.unwrap();
    assert_eq!((region.top, region.left, region.height, region.width), (1, 2, 3, 3));
    client.submit_move(submit(&game, 1, cell_move(1, 3))).await.unwrap();
    let moved = client.submit_move(submit(&game, 0, cell_to_cell((2, 1), (2, 3)))).await.unwrap().into_inner();
    assert_eq!(moved.view.unwrap().seat_in_hand, vec![2, 1]);
    let last = client.submit_move(submit(&game, 1, cell_move(1, 4))).await.unwrap().into_inner();
    let outcome = last.view.unwrap().outcome.unwrap();
    assert_eq!((outcome.winner, outcome.reason), (2, pb::EndReason::Line as i32));
    assert_eq!(outcome.winning_line.len(), 3);
}

#[tokio::test]
async fn morris_mill_closed_by_a_move_then_a_capture_by_the_same_seat() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Morris, "nine").await;

    // Points are numbered row by row on the 7×7 drawing lattice: 0, 1, 2 is the top row of
    // the outer square, 14 the middle of its right side.
    let white = [0, 1, 14, 3, 5, 7, 9, 16, 20];
    let black = [4, 6, 8, 10, 12, 15, 18, 19, 22];
    let mut placing = Vec::new();
    for (w, b) in white.iter().zip(black.iter()) {
        placing.push(point_place(*w));
        placing.push(point_place(*b));
    }
    let placed = play_all(&mut client, &game, &placing).await;
    let view = placed.view.unwrap();
    let graph = view.graph.unwrap();
    assert_eq!((graph.points.len(), graph.edges.len(), graph.lines.len()), (24, 32, 16));
    assert_eq!(view.seat_counts, vec![9, 9]);
    assert_eq!(view.seat_counts_label, "pieces on the board");
    assert_eq!(view.seat_in_hand, vec![0, 0]);

    // White slides 14 → 2, closing the top row: the turn does not pass until it captures.
    let moved = client.submit_move(submit(&game, 0, point_move(14, 2))).await.unwrap().into_inner();
    let view = moved.view.unwrap();
    assert_eq!(view.to_act, vec![1]);
    assert_eq!(view.seat_phases[0], pb::Phase::Capturing as i32);
    let error = client.submit_move(submit(&game, 1, point_move(22, 21))).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "NOT_YOUR_TURN");
    let error = client.submit_move(submit(&game, 0, point_move(20, 13))).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "CAPTURE_PENDING");
    let legal = client
        .list_legal_moves(as_seat(&game.tokens[0], pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 0 }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(legal.moves.len(), 9, "every black piece may be taken: none stands in a mill");
    let captured = client.submit_move(submit(&game, 0, point_capture(4))).await.unwrap().into_inner();
    let view = captured.view.unwrap();
    assert_eq!(view.to_act, vec![2]);
    assert_eq!(view.seat_counts, vec![9, 8]);
    assert_eq!(view.graph.unwrap().points[4].occupant, 0);
    client.submit_move(submit(&game, 1, point_move(22, 21))).await.unwrap();
}

#[tokio::test]
async fn reversi_flips_counts_walls_and_forced_passes_over_grpc() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_config(
        &mut client,
        pb::game_config::Game::Reversi(pb::ReversiConfig {
            walls: vec![pb::Cell { row: 0, col: 0 }],
            ..Default::default()
        }),
    )
    .await;
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!(view.board.as_ref().unwrap().cells[0].piece, pb::Piece::Wall as i32);
    assert_eq!((view.seat_counts, view.seat_counts_label.as_str()), (vec![2, 2], "discs"));
    let error = client.submit_move(submit(&game, 0, cell_move(0, 1))).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "NO_FLANK");
    let error = client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "CELL_BLOCKED");
    let pass = pb::Move { kind: Some(pb::r#move::Kind::Pass(pb::Pass {})) };
    let error = client.submit_move(submit(&game, 0, pass)).await.unwrap_err();
    assert_error(&error, tonic::Code::FailedPrecondition, "PASS_NOT_ALLOWED");
    // d3 (row 2, col 3) flips d4 (row 3, col 3).
    let played = client.submit_move(submit(&game, 0, cell_move(2, 3))).await.unwrap().into_inner();
    let view = played.view.unwrap();
    assert_eq!(view.seat_counts, vec![4, 1]);
    let flipped: Vec<_> = view.last_changed.iter().map(|c| c.cell.unwrap()).collect();
    assert_eq!(flipped, vec![pb::Cell { row: 3, col: 3 }]);
}

#[tokio::test]
async fn morris_takes_each_rule_for_pieces_in_mills_and_refuses_two_at_once() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let never = pb::MorrisConfig { never_capture_from_mills: true, ..Default::default() };
    let game = create_config(&mut client, pb::game_config::Game::Morris(never)).await;
    let stored = client.get_game(pb::GetGameRequest { game_id: game.id }).await.unwrap().into_inner();
    let Some(pb::game_config::Game::Morris(config)) = stored.game.unwrap().config.unwrap().game else { panic!() };
    assert!(config.never_capture_from_mills && !config.capture_from_mills);

    let both = pb::MorrisConfig { never_capture_from_mills: true, capture_from_mills: true, ..Default::default() };
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
            game: Some(pb::game_config::Game::Morris(both)),
            clock: None,
            ..Default::default()
        })),
        ..Default::default()
    };
    let status = client.create_game(request).await.unwrap_err();
    assert_error(&status, tonic::Code::InvalidArgument, "INVALID_CONFIG");
    assert!(status.message().contains("config.morris.never_capture_from_mills"), "{status:?}");
}
