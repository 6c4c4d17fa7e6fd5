//! Racing submissions and retried requests, over a real socket.

use crate::common::*;
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
        let view = client
            .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
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
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
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
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
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
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!((view.move_count, view.seq), (0, 1));
}

fn with_id(game: &Game, seat: usize, mv: pb::Move, id: &str) -> tonic::Request<pb::SubmitMoveRequest> {
    let mut request = submit(game, seat, mv);
    request.get_mut().request_id = id.to_owned();
    request
}

#[tokio::test]
async fn a_retry_is_answered_as_the_first_request_was_even_after_other_moves() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let first = client.submit_move(with_id(&game, 0, cell_move(1, 1), "a")).await.unwrap().into_inner();
    assert_eq!((first.seq, first.view.as_ref().unwrap().to_act.clone()), (2, vec![2]));
    client.submit_move(submit(&game, 1, cell_move(0, 0))).await.unwrap();

    let retry = client.submit_move(with_id(&game, 0, cell_move(1, 1), "a")).await.unwrap().into_inner();
    assert_eq!(retry, first, "the retry's seq, events and view are the first answer's");

    // The same id with anything else asked is refused, and changes nothing.
    let mut other_expected_seq = with_id(&game, 0, cell_move(1, 1), "a");
    other_expected_seq.get_mut().expected_seq = Some(1);
    let mut only_checked = with_id(&game, 0, cell_move(1, 1), "a");
    only_checked.get_mut().validate_only = true;
    for reused in [with_id(&game, 0, cell_move(2, 2), "a"), other_expected_seq, only_checked] {
        let error = client.submit_move(reused).await.unwrap_err();
        assert_error(&error, Code::FailedPrecondition, "REQUEST_ID_REUSED");
    }
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!((view.seq, view.move_count), (3, 2));
}

#[tokio::test]
async fn request_ids_belong_to_the_seat_that_sent_them() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    client.submit_move(with_id(&game, 0, cell_move(1, 1), "shared")).await.unwrap();

    // Seat 2 learns nothing from seat 1's id: checking with it is an ordinary check.
    let mut probe = with_id(&game, 1, cell_move(0, 0), "shared");
    probe.get_mut().validate_only = true;
    let checked = client.submit_move(probe).await.unwrap().into_inner();
    assert!(!checked.applied);
    // And cannot spend it: seat 2's move with the same id is its own, and is played.
    let played = client.submit_move(with_id(&game, 1, cell_move(0, 0), "shared")).await.unwrap().into_inner();
    assert_eq!(played.seq, 3);
    // Seat 1's retry of its own request is still answered as before.
    let retry = client.submit_move(with_id(&game, 0, cell_move(1, 1), "shared")).await.unwrap().into_inner();
    assert_eq!(retry.seq, 2);
    // Seat 1's next move with a fresh id is played normally.
    let next = client.submit_move(with_id(&game, 0, cell_move(2, 2), "next")).await.unwrap().into_inner();
    assert_eq!(next.seq, 4);
}

#[tokio::test]
async fn gzip_compressed_requests_are_accepted() {
    let server = TestServer::start().await;
    let channel = tonic::transport::Channel::from_shared(server.address.clone()).unwrap().connect().await.unwrap();
    let mut client = pb::game_service_client::GameServiceClient::new(channel)
        .send_compressed(tonic::codec::CompressionEncoding::Gzip)
        .accept_compressed(tonic::codec::CompressionEncoding::Gzip);
    let game = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let played = client.submit_move(submit(&game, 0, column_move(3))).await.unwrap().into_inner();
    assert_eq!(played.seq, 2);
}
