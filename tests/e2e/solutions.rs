//! `ListPuzzleSolutions` over a real socket: peg solitaire's solutions counted as published,
//! listed a page at a time in one order, each one playing through the server to a win;
//! who may ask, as for hints; a position too large to count, refused.

use std::collections::HashSet;

use crate::common::*;
use tonic::Code;
use tonic_types::StatusExt;

fn solutions(game_id: &str, page_size: i32, page_token: &str, at_seq: Option<u64>) -> pb::ListPuzzleSolutionsRequest {
    pb::ListPuzzleSolutionsRequest { game_id: game_id.to_owned(), at_seq, page_size, page_token: page_token.to_owned() }
}

/// The 15-hole triangle with its apex empty (peg solitaire's default) has 29,760 solving
/// jump sequences (G. I. Bell, "Solving Triangular Peg Solitaire", 2008). Pages follow one
/// another without a repeat, a larger page is the smaller ones joined, and a listed
/// solution played move by move wins the game.
#[tokio::test]
async fn the_triangle_has_its_published_count_and_every_listed_solution_wins() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::PegSolitaire, "triangle15").await;
    let seat = &game.tokens[0];

    let first = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 0, "", None))).await.unwrap();
    let first = first.into_inner();
    assert_eq!((first.solution_count.as_str(), first.count_overflow, first.seq), ("29760", false, 1));
    assert_eq!(first.solutions.len(), 50, "the default page");
    assert!(first.nodes > 0 && !first.next_page_token.is_empty());
    let second = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 0, &first.next_page_token, None)));
    let second = second.await.unwrap().into_inner();
    let hundred = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 100, "", None))).await.unwrap();
    let joined: Vec<_> = first.solutions.iter().chain(&second.solutions).cloned().collect();
    assert_eq!(hundred.into_inner().solutions, joined);
    let distinct: HashSet<String> = joined.iter().map(|solution| solution.labels.join(" ")).collect();
    assert_eq!(distinct.len(), 100);
    for solution in &joined {
        assert_eq!((solution.moves.len(), solution.labels.len()), (13, 13));
    }

    let chosen = &second.solutions[7];
    for mv in &chosen.moves {
        client.submit_move(submit(&game, 0, mv.clone())).await.unwrap();
    }
    let game_now = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    let outcome = game_now.game.unwrap().outcome.unwrap();
    assert_eq!((outcome.r#type, outcome.winner), (pb::OutcomeType::Win as i32, 1));
}

/// While the game runs only its seat may ask, at the current position, where hints are
/// allowed, and a page token stops working once the game moves on; once it is over anyone
/// who may read it may list the solutions of any of its positions. A game that is not a
/// puzzle has none, a token made up is refused, and a count larger than the server's bound
/// is refused rather than guessed.
#[tokio::test]
async fn who_may_ask_follows_hints_and_every_refusal_has_its_reason() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::PegSolitaire, "triangle15").await;
    let seat = &game.tokens[0];

    let spectator = client.list_puzzle_solutions(solutions(&game.id, 5, "", None)).await.unwrap_err();
    assert_error(&spectator, Code::PermissionDenied, "SEAT_REQUIRED");
    let past = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 5, "", Some(1)))).await.unwrap();
    assert_eq!(past.into_inner().solution_count, "29760", "at_seq of the current position is the current one");
    let made_up = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 5, "bm9wZQ", None))).await;
    assert_error(&made_up.unwrap_err(), Code::InvalidArgument, "INVALID_PAGE_TOKEN");

    let page = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 5, "", None))).await.unwrap();
    let page = page.into_inner();
    client.submit_move(submit(&game, 0, page.solutions[0].moves[0].clone())).await.unwrap();
    let moved_on = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 5, &page.next_page_token, None)));
    let moved_on = moved_on.await.unwrap_err();
    assert_error(&moved_on, Code::Aborted, "STALE_SEQ");
    assert_eq!(moved_on.get_details_error_info().unwrap().metadata["current_seq"], "2");
    let now = client.list_puzzle_solutions(as_seat(seat, solutions(&game.id, 5, "", None))).await.unwrap();
    let now = now.into_inner();
    assert_eq!(now.seq, 2);
    assert!(now.solution_count.parse::<u64>().unwrap() > 0);

    // Finished: anyone may list the solutions of its start.
    for mv in &now.solutions[0].moves {
        client.submit_move(submit(&game, 0, mv.clone())).await.unwrap();
    }
    let start = client.list_puzzle_solutions(solutions(&game.id, 3, "", Some(1))).await.unwrap().into_inner();
    assert_eq!((start.seq, start.solution_count.as_str(), start.solutions.len()), (1, "29760", 3));
    let beyond = client.list_puzzle_solutions(solutions(&game.id, 3, "", Some(99))).await.unwrap_err();
    assert_error(&beyond, Code::OutOfRange, "SEQ_OUT_OF_RANGE");

    let without_hints = pb::CreateGameRequest {
        kind: pb::GameKind::PegSolitaire as i32,
        source: Some(pb::create_game_request::Source::Preset("triangle15".into())),
        allow_hints: Some(false),
        ..Default::default()
    };
    let created = client.create_game(without_hints).await.unwrap().into_inner();
    let (id, token) = (created.game.unwrap().game_id, created.seat_tokens[0].token.clone());
    let refused = client.list_puzzle_solutions(as_seat(&token, solutions(&id, 5, "", None))).await.unwrap_err();
    assert_error(&refused, Code::FailedPrecondition, "HINTS_DISABLED");

    let tic_tac_toe = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let request = as_seat(&tic_tac_toe.tokens[0], solutions(&tic_tac_toe.id, 5, "", None));
    assert_error(
        &client.list_puzzle_solutions(request).await.unwrap_err(),
        Code::FailedPrecondition,
        "UNSUPPORTED_BY_GAME",
    );

    // The English cross from its start: far more positions than the server counts.
    let english = create_preset(&mut client, pb::GameKind::PegSolitaire, "english").await;
    let request = as_seat(&english.tokens[0], solutions(&english.id, 5, "", None));
    let too_large = client.list_puzzle_solutions(request).await.unwrap_err();
    assert_error(&too_large, Code::FailedPrecondition, "SEARCH_LIMIT_REACHED");
    let nodes: u64 = too_large.get_details_error_info().unwrap().metadata["nodes"].parse().unwrap();
    assert!(nodes > 0 && nodes <= tabula::play::MAX_SOLUTION_NODES, "{nodes}");
}
