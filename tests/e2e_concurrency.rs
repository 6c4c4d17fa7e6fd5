//! Racing submissions and retried requests, over a real socket.

mod common;

use common::*;
use tonic::Code;
use tonic_types::StatusExt;

#[tokio::test]
async fn two_submissions_racing_for_one_turn_apply_exactly_once() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for round in 0..20 {
        let game = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
        let request = |column: u32| {
            let mut r = submit(&game, 0, column_move(column));
            r.get_mut().expected_seq = Some(1);
            r
        };
        let (mut a, mut b) = (server.client().await, server.client().await);
        let (first, second) = tokio::join!(a.submit_move(request(2)), b.submit_move(request(4)));
        let (ok, err) = match (first, second) {
            (Ok(ok), Err(err)) | (Err(err), Ok(ok)) => (ok.into_inner(), err),
            other => panic!("round {round}: expected one success and one failure, got {other:?}"),
        };
        assert_eq!(ok.seq, 2);
        assert_error(&err, Code::Aborted, "STALE_SEQ");
        let info = err.get_details_error_info().unwrap();
        assert_eq!(info.metadata.get("current_seq").map(String::as_str), Some("2"));
        let view = client.get_view(pb::GetViewRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        assert_eq!(view.view.unwrap().move_count, 1);

        // Without expected_seq the loser is refused by the rules instead: it is no longer its turn.
        let (first, second) = tokio::join!(
            a.submit_move(submit(&game, 1, column_move(0))),
            b.submit_move(submit(&game, 1, column_move(6)))
        );
        let failures: Vec<_> = [first, second].into_iter().filter_map(Result::err).collect();
        assert_eq!(failures.len(), 1, "round {round}");
        assert_error(&failures[0], Code::FailedPrecondition, "NOT_YOUR_TURN");
    }
}

#[tokio::test]
async fn a_retried_request_is_applied_once_and_answered_alike() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let request = |mv: pb::Move, id: &str| {
        let mut r = submit(&game, 0, mv);
        r.get_mut().request_id = id.to_owned();
        r
    };
    let first = client.submit_move(request(cell_move(1, 1), "req-1")).await.unwrap().into_inner();
    let retry = client.submit_move(request(cell_move(1, 1), "req-1")).await.unwrap().into_inner();
    assert_eq!(first.seq, 2);
    assert_eq!(retry.seq, 2);
    assert_eq!(first.events, retry.events);
    assert!(retry.applied);
    let view = client.get_view(pb::GetViewRequest { game_id: game.id.clone() }).await.unwrap().into_inner().view.unwrap();
    assert_eq!(view.move_count, 1);

    // The same id for a different move is a client bug, reported as such.
    let error = client.submit_move(request(cell_move(0, 0), "req-1")).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "REQUEST_ID_REUSED");

    // A retry that races the original is still applied once.
    let mut other = server.client().await;
    let r2 = |c| {
        let mut r = submit(&game, 1, cell_move(0, c));
        r.get_mut().request_id = "req-2".to_owned();
        r
    };
    let (a, b) = tokio::join!(client.submit_move(r2(0)), other.submit_move(r2(0)));
    assert_eq!(a.unwrap().into_inner().seq, b.unwrap().into_inner().seq);
    let view = client.get_view(pb::GetViewRequest { game_id: game.id.clone() }).await.unwrap().into_inner().view.unwrap();
    assert_eq!(view.move_count, 2);
}

#[tokio::test]
async fn validate_only_checks_without_changing_anything() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let mut request = submit(&game, 0, column_move(3));
    request.get_mut().validate_only = true;
    let response = client.submit_move(request).await.unwrap().into_inner();
    assert!(!response.applied);
    assert_eq!(response.seq, 1);
    assert!(response.events.is_empty());
    let mut request = submit(&game, 0, column_move(9));
    request.get_mut().validate_only = true;
    let error = client.submit_move(request).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "OUT_OF_BOUNDS");
    let view = client.get_view(pb::GetViewRequest { game_id: game.id.clone() }).await.unwrap().into_inner().view.unwrap();
    assert_eq!((view.move_count, view.seq), (0, 1));
}
