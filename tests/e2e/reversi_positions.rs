//! Reversi from a set-up position over gRPC: `ReversiConfig.position` in the FFO text form
//! starts the game there, the server answers the configuration with it, the view shows
//! it with its side to move, moves and hints follow from it, and a position that makes no
//! sense is refused naming every problem.

use crate::common::*;
use tonic::Code;
use tonic_types::StatusExt;

/// FFO endgame position #43: White to move, 20 empty squares, -12 with g3 or c7. The
/// comment after `;` is part of the text the server keeps and ignored by the rules.
const FFO_43: &str = "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O ; FFO #43";

fn reversi(position: &str) -> pb::GameConfig {
    pb::GameConfig {
        game: Some(pb::game_config::Game::Reversi(pb::ReversiConfig {
            position: position.to_owned(),
            ..Default::default()
        })),
        ..Default::default()
    }
}

fn create_request(config: pb::GameConfig) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        allow_hints: Some(true),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_game_starts_from_its_position_with_its_side_to_move() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = client.create_game(create_request(reversi(FFO_43))).await.unwrap().into_inner();
    let game = created.game.unwrap();
    let tokens: Vec<String> = created.seat_tokens.into_iter().map(|t| t.token).collect();
    // The configuration comes back with the position as given, and no starter: the
    // position says who moves.
    let config = game.config.unwrap();
    let Some(pb::game_config::Game::Reversi(answered)) = &config.game else { panic!("{config:?}") };
    assert_eq!(answered.position, FFO_43);
    assert_eq!((answered.width, answered.height), (8, 8));
    assert_eq!(config.starter, pb::Starter::Unspecified as i32);
    let read = client.get_game(pb::GetGameRequest { game_id: game.game_id.clone() }).await.unwrap().into_inner();
    let Some(pb::game_config::Game::Reversi(stored)) = read.game.unwrap().config.unwrap().game else { panic!() };
    assert_eq!(stored.position, FFO_43);

    // The view: the board square by square, White (seat 2) to move, the discs counted.
    let view_request = pb::GetViewRequest { game_id: game.game_id.clone(), ..Default::default() };
    let view = client.get_view(view_request.clone()).await.unwrap().into_inner().view.unwrap();
    let board = view.board.unwrap();
    assert_eq!((board.width, board.height, board.cells.len()), (8, 8, 64));
    let squares: Vec<char> = FFO_43.chars().take(64).collect();
    for (index, (cell, square)) in board.cells.iter().zip(&squares).enumerate() {
        let owner = match square {
            'X' => 1,
            'O' => 2,
            _ => 0,
        };
        assert_eq!(cell.owner, owner, "square {index}: {square}");
    }
    let count = |symbol: char| squares.iter().filter(|&&s| s == symbol).count() as u32;
    assert_eq!(view.seat_counts, vec![count('X'), count('O')]);
    assert_eq!(view.to_act, vec![2]);
    assert_eq!(view.move_count, 0);

    // White's legal moves hold both published best moves; g3 plays.
    let legal = client
        .list_legal_moves(as_seat(&tokens[1], pb::ListLegalMovesRequest { game_id: game.game_id.clone(), seat: 2 }))
        .await
        .unwrap()
        .into_inner();
    let labels: Vec<&str> = legal.moves.iter().map(|m| m.label.as_str()).collect();
    assert!(labels.contains(&"g3") && labels.contains(&"c7"), "{labels:?}");
    let played = client
        .submit_move(submit(&Game { id: game.game_id.clone(), tokens: tokens.clone() }, 1, cell_move(2, 6)))
        .await;
    let view = played.unwrap().into_inner().view.unwrap();
    assert_eq!((view.move_count, view.to_act.clone()), (1, vec![1]));
    assert_eq!(view.board.unwrap().cells[2 * 8 + 6].owner, 2);

    // Black's hint is a move the server then accepts.
    let hint = pb::GetHintRequest {
        game_id: game.game_id.clone(),
        max_time: Some(prost_types::Duration { seconds: 0, nanos: 300_000_000 }),
        ..Default::default()
    };
    let answer = client.get_hint(as_seat(&tokens[0], hint)).await.unwrap().into_inner();
    assert_eq!((answer.result, answer.seat), (pb::HintResult::Move as i32, 1), "{answer:?}");
    let submit = pb::SubmitMoveRequest {
        game_id: game.game_id.clone(),
        r#move: answer.r#move.clone(),
        expected_seq: Some(answer.seq),
        ..Default::default()
    };
    client.submit_move(as_seat(&tokens[0], submit)).await.unwrap();
    let view = client.get_view(view_request).await.unwrap().into_inner().view.unwrap();
    assert_eq!(view.move_count, 2);
}

#[tokio::test]
async fn a_position_that_makes_no_sense_is_refused_naming_every_problem() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // Two squares short and a side to move that is none.
    let error = client.create_game(create_request(reversi(&format!("{} Q", "-".repeat(62))))).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_CONFIG");
    let violations = error.get_details_bad_request().unwrap().field_violations;
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations.iter().all(|v| v.field == "config.reversi.position"), "{violations:?}");
    assert!(violations[0].description.contains("has 62 squares"), "{violations:?}");
    assert!(violations[1].description.contains("'Q' as the side to move"), "{violations:?}");

    // A wall on a disc of the position, and the free opening beside it.
    let mut config = reversi(FFO_43);
    let Some(pb::game_config::Game::Reversi(game)) = &mut config.game else { unreachable!() };
    game.walls = vec![pb::Cell { row: 0, col: 2 }];
    game.opening = pb::ReversiOpening::Free as i32;
    let error = client.create_game(create_request(config)).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_CONFIG");
    let fields: Vec<String> =
        error.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["config.reversi.opening", "config.reversi.walls"]);

    // The position says who starts: a starter is refused.
    let config = pb::GameConfig { starter: pb::Starter::SecondSeat as i32, ..reversi(FFO_43) };
    let error = client.create_game(create_request(config)).await.unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    let violations = error.get_details_bad_request().unwrap().field_violations;
    assert_eq!(violations.iter().map(|v| v.field.as_str()).collect::<Vec<_>>(), ["config.starter"]);
}
