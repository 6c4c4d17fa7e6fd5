//! StreamEvents: backlog then live, in order, no gaps, no duplicates; resumption after a
//! dropped subscriber; slow subscribers cut off without slowing the game.

use std::time::Duration;

use crate::common::*;
use tabula::service::ServeOptions;
use tokio_stream::StreamExt;
use tonic::Code;
use tonic_types::StatusExt;

async fn stream(client: &mut Client, game: &Game, after_seq: u64) -> tonic::Streaming<pb::StreamEventsResponse> {
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq, include_views: false, view_changes: false };
    client.stream_events(request).await.unwrap().into_inner()
}

async fn next_seq(events: &mut tonic::Streaming<pb::StreamEventsResponse>) -> u64 {
    let next = tokio::time::timeout(Duration::from_secs(10), events.next()).await.expect("an event in time");
    next.expect("the stream goes on").expect("no error").event.unwrap().seq
}

#[tokio::test]
async fn a_subscriber_sees_backlog_then_live_events_once_each_in_order() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap();

    let mut watcher = server.client().await;
    let mut events = stream(&mut watcher, &game, 0).await;
    assert_eq!(next_seq(&mut events).await, 1);
    assert_eq!(next_seq(&mut events).await, 2);

    let moves = [(1, 0), (0, 1), (1, 1), (0, 2)];
    for (i, &(r, c)) in moves.iter().enumerate() {
        client.submit_move(submit(&game, (i + 1) % 2, cell_move(r, c))).await.unwrap();
    }
    let mut seqs = Vec::new();
    while let Some(item) = events.next().await {
        let event = item.unwrap().event.unwrap();
        seqs.push(event.seq);
    }
    // Moves 3..=6, then the end at 7; then the stream closes by itself.
    assert_eq!(seqs, vec![3, 4, 5, 6, 7]);
}

#[tokio::test]
async fn a_dropped_subscriber_resumes_from_its_last_seq_without_gap_or_duplicate() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    let columns = [0, 1, 0, 1, 2, 3, 2, 3, 4, 4, 6, 5, 6, 5];

    let mut seen = Vec::new();
    let mut watcher = server.client().await;
    let mut events = stream(&mut watcher, &game, 0).await;
    seen.push(next_seq(&mut events).await);
    for (i, &c) in columns[..6].iter().enumerate() {
        client.submit_move(submit(&game, i % 2, column_move(c))).await.unwrap();
        seen.push(next_seq(&mut events).await);
    }
    drop(events);
    drop(watcher);
    // Moves made while nobody listens.
    for (i, &c) in columns[6..10].iter().enumerate() {
        client.submit_move(submit(&game, i % 2, column_move(c))).await.unwrap();
    }
    let mut watcher = server.client().await;
    let mut events = stream(&mut watcher, &game, *seen.last().unwrap()).await;
    for (i, &c) in columns[10..].iter().enumerate() {
        client.submit_move(submit(&game, i % 2, column_move(c))).await.unwrap();
    }
    for _ in 0..8 {
        seen.push(next_seq(&mut events).await);
    }
    assert_eq!(seen, (1..=15).collect::<Vec<u64>>());
}

#[tokio::test]
async fn streaming_a_finished_game_delivers_its_history_and_ends() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let moves: Vec<_> = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].iter().map(|&(r, c)| cell_move(r, c)).collect();
    play_all(&mut client, &game, &moves).await;
    let events: Vec<_> = stream(&mut client, &game, 3).await.collect().await;
    let seqs: Vec<u64> = events.into_iter().map(|e| e.unwrap().event.unwrap().seq).collect();
    assert_eq!(seqs, vec![4, 5, 6, 7]);
    let nothing: Vec<_> = stream(&mut client, &game, 7).await.collect().await;
    assert!(nothing.is_empty());
    let error = client
        .stream_events(pb::StreamEventsRequest {
            game_id: game.id.clone(),
            after_seq: 8,
            include_views: false,
            view_changes: false,
        })
        .await
        .unwrap_err();
    assert_error(&error, Code::OutOfRange, "SEQ_OUT_OF_RANGE");
}

#[tokio::test]
async fn a_subscriber_that_stops_reading_never_blocks_moves_and_is_told_where_to_resume() {
    // Small buffers on both sides so that a stalled reader falls behind within a few
    // hundred moves.
    let options = ServeOptions { event_channel_capacity: 4, ..ServeOptions::default() };
    let server = TestServer::start_with(options).await;
    let mut client = server.client().await;
    // 19×19 with a win needing a whole row: row-major alternate play never completes one.
    let game = create_config(
        &mut client,
        pb::game_config::Game::TicTacToe(pb::TicTacToeConfig { size: 19, win_length: 19, ..Default::default() }),
    )
    .await;
    let channel = tonic::transport::Endpoint::from_shared(server.address.clone())
        .unwrap()
        .initial_stream_window_size(1024)
        .initial_connection_window_size(1024)
        .connect()
        .await
        .unwrap();
    let mut slow_client = Client::new(channel);
    let mut slow = stream(&mut slow_client, &game, 0).await;
    assert_eq!(next_seq(&mut slow).await, 1);

    // Every move is answered promptly although the slow subscriber reads nothing.
    for i in 0..300u32 {
        let (r, c) = (i / 19, i % 19);
        let move_result = tokio::time::timeout(
            Duration::from_secs(10),
            client.submit_move(submit(&game, (i % 2) as usize, cell_move(r, c))),
        )
        .await
        .expect("a move is never held up by a subscriber");
        move_result.unwrap();
    }

    // The slow stream delivers what it buffered, then ends with STREAM_LAGGED and the
    // last seq it delivered, from which a new stream resumes without a gap.
    let mut last = 1;
    let error = loop {
        match tokio::time::timeout(Duration::from_secs(10), slow.next()).await.unwrap() {
            Some(Ok(item)) => {
                let seq = item.event.unwrap().seq;
                assert_eq!(seq, last + 1);
                last = seq;
            }
            Some(Err(status)) => break status,
            None => panic!("the lagging stream must end with an error"),
        }
    };
    assert_error(&error, Code::ResourceExhausted, "STREAM_LAGGED");
    let info = error.get_details_error_info().unwrap();
    assert_eq!(info.metadata["last_seq"], last.to_string());
    assert!(last < 301, "the subscriber fell behind");
    let mut resumed = stream(&mut slow_client, &game, last).await;
    for expected in last + 1..=301 {
        assert_eq!(next_seq(&mut resumed).await, expected);
    }
}

/// Every message of a stream with views, until the game ends (or `count` messages).
async fn messages_with_views(
    client: &mut Client,
    request: tonic::Request<pb::StreamEventsRequest>,
    count: usize,
) -> Vec<pb::StreamEventsResponse> {
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    let mut messages = Vec::new();
    while messages.len() < count {
        let next = tokio::time::timeout(Duration::from_secs(10), stream.next()).await.expect("a message in time");
        match next {
            Some(message) => messages.push(message.unwrap()),
            None => break,
        }
    }
    messages
}

#[tokio::test]
async fn a_stream_with_views_draws_the_game_after_every_event() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;
    // Half the game before the stream opens, half while it is open; seat 1 wins on column 0.
    for (index, column) in [0, 1, 0].into_iter().enumerate() {
        client.submit_move(submit(&game, index % 2, column_move(column))).await.unwrap();
    }
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 2, include_views: true, view_changes: false };
    let watching = tokio::spawn({
        let mut client = server.client().await;
        async move { messages_with_views(&mut client, tonic::Request::new(request), usize::MAX).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    for (index, column) in [1, 0, 1, 0].into_iter().enumerate() {
        client.submit_move(submit(&game, (index + 3) % 2, column_move(column))).await.unwrap();
    }
    let messages = watching.await.unwrap();
    let log = events_through(&mut client, &game.id, 9).await;
    let config = client
        .get_game(pb::GetGameRequest { game_id: game.id.clone() })
        .await
        .unwrap()
        .into_inner()
        .game
        .unwrap()
        .config
        .unwrap();
    let seqs: Vec<u64> = messages.iter().map(|m| m.event.as_ref().unwrap().seq).collect();
    assert_eq!(seqs, (3..=9).collect::<Vec<_>>(), "every event after seq 2, to the end");
    for message in &messages {
        let seq = message.event.as_ref().unwrap().seq;
        let view = message.view.as_ref().expect("a view with every event");
        let upto: Vec<pb::GameEvent> = log.iter().take_while(|e| e.seq <= seq).cloned().collect();
        assert_eq!(*view, replayed_view(&game.id, &config, &upto, tabula::engine::Viewer::Spectator), "seq {seq}");
    }
    assert!(messages.last().unwrap().view.as_ref().unwrap().outcome.is_some());
    // Without asking, no views.
    let bare =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: false, view_changes: false };
    let bare = messages_with_views(&mut client, tonic::Request::new(bare), usize::MAX).await;
    assert_eq!(bare.len(), 9);
    assert!(bare.iter().all(|m| m.view.is_none()));
}

#[tokio::test]
async fn a_seat_streaming_views_sees_only_what_its_seat_may() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::Battleship, "classic").await;
    let request = as_seat(
        &game.tokens[1],
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: true, view_changes: false },
    );
    let watching = tokio::spawn({
        let mut client = server.client().await;
        async move { messages_with_views(&mut client, request, 2).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    client.submit_move(submit(&game, 0, classic_fleet())).await.unwrap();
    let messages = watching.await.unwrap();
    // Seat 2's view after seat 1 placed its fleet is what GetView shows seat 2: no ship of seat 1.
    let asked = client
        .get_view(as_seat(&game.tokens[1], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap();
    assert_eq!(messages[1].view.as_ref(), asked.into_inner().view.as_ref());
    let spectator = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!(
        messages[1].view.as_ref().unwrap().seat_boards[0],
        spectator.seat_boards[0],
        "seat 1's ocean as a spectator sees it"
    );
}

/// Plays the first legal move of whoever acts, `moves` times or to the end (Battleship's
/// fleets placed first), and returns the game's last seq.
async fn play_legal_moves(client: &mut Client, game: &Game, kind: pb::GameKind, moves: usize) -> u64 {
    let mut seq = 1;
    if kind == pb::GameKind::Battleship {
        for seat in 0..2 {
            seq = client.submit_move(submit(game, seat, classic_fleet())).await.unwrap().into_inner().seq;
        }
    }
    for _ in 0..moves {
        let view = client
            .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
            .await
            .unwrap()
            .into_inner()
            .view
            .unwrap();
        let Some(&seat) = view.to_act.first() else { break };
        let token = &game.tokens[seat as usize - 1];
        let legal = client
            .list_legal_moves(as_seat(token, pb::ListLegalMovesRequest { game_id: game.id.clone(), seat }))
            .await
            .unwrap()
            .into_inner();
        // The middle of the list, not its first: boards change in more places than a corner.
        let Some(chosen) = legal.moves.get(legal.moves.len() / 2).and_then(|m| m.r#move.clone()) else { break };
        let request = as_seat(
            token,
            pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(chosen), ..Default::default() },
        );
        seq = client.submit_move(request).await.unwrap().into_inner().seq;
    }
    seq
}

#[tokio::test]
async fn views_sent_as_changes_applied_in_order_are_the_whole_views_for_every_board() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // A grid (with flips, captures and jumps), a graph, and a seat's own board with hidden ships.
    let games = [
        (pb::GameKind::Chess, "standard"),
        (pb::GameKind::Reversi, "othello"),
        (pb::GameKind::Morris, "nine"),
        (pb::GameKind::Battleship, "classic"),
        (pb::GameKind::PegSolitaire, "triangle15"),
        (pb::GameKind::Gomoku, "standard"),
    ];
    for (kind, preset) in games {
        let game = create_preset(&mut client, kind, preset).await;
        let last = play_legal_moves(&mut client, &game, kind, 24).await;
        for credential in [None, Some(game.tokens[0].as_str())] {
            let request = |after_seq, view_changes: bool| {
                with_credential(
                    credential,
                    pb::StreamEventsRequest {
                        game_id: game.id.clone(),
                        after_seq,
                        include_views: !view_changes,
                        view_changes,
                    },
                )
            };
            let whole = messages_with_views(&mut client, request(0, false), last as usize).await;
            let changes = messages_with_views(&mut client, request(0, true), last as usize).await;
            assert_eq!(changes.len(), whole.len(), "{kind:?}");
            assert!(changes[0].view.is_some() && changes[0].view_change.is_none(), "the first view is whole");
            let mut applied = changes[0].view.clone().unwrap();
            for (change, whole) in changes.iter().zip(&whole).skip(1) {
                assert_eq!(change.event, whole.event);
                let (None, Some(delta)) = (&change.view, &change.view_change) else { panic!("{kind:?}: a change") };
                applied = tabula::proto::view_change::apply(&applied, delta).unwrap();
                assert_eq!(
                    Some(&applied),
                    whole.view.as_ref(),
                    "{kind:?} as {credential:?}, seq {}",
                    whole.event.as_ref().unwrap().seq
                );
                if whole.view.as_ref().unwrap().board.is_some() {
                    use prost::Message;
                    assert!(
                        delta.encoded_len() < whole.view.as_ref().unwrap().encoded_len(),
                        "{kind:?}: a change is smaller"
                    );
                }
            }
            // Resumed from the middle, the first view is whole again.
            let resumed = messages_with_views(&mut client, request(last / 2, true), 2).await;
            assert_eq!(resumed[0].view, whole[last as usize / 2].view);
            let after = tabula::proto::view_change::apply(
                resumed[0].view.as_ref().unwrap(),
                resumed[1].view_change.as_ref().unwrap(),
            );
            assert_eq!(after.as_ref().ok(), whole[last as usize / 2 + 1].view.as_ref());
        }
    }
}
