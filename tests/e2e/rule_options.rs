//! The rule options every game offers through its configuration, over a real socket: who
//! starts, misère tic-tac-toe, blocked cells.

use crate::common::*;
use tonic::{Code, Request};
use tonic_types::StatusExt;

use pb::game_config::Game as Kind;

/// A game of `config` with `starter`, and the configuration the server answered with.
async fn create_starting(client: &mut Client, config: Kind, starter: pb::Starter) -> (Game, pb::GameConfig) {
    let response = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
                game: Some(config),
                starter: starter as i32,
                ..Default::default()
            })),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let game = response.game.unwrap();
    let tokens = response.seat_tokens.into_iter().map(|t| t.token).collect();
    (Game { id: game.game_id, tokens }, game.config.unwrap())
}

async fn to_act(client: &mut Client, game: &Game) -> Vec<u32> {
    client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap()
        .to_act
}

#[tokio::test]
async fn the_second_seat_starts_when_asked_and_a_random_start_is_drawn_once_and_kept() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    let (game, config) =
        create_starting(&mut client, Kind::TicTacToe(Default::default()), pb::Starter::SecondSeat).await;
    assert_eq!(config.starter(), pb::Starter::SecondSeat);
    assert_eq!(to_act(&mut client, &game).await, [2]);
    let error = client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NOT_YOUR_TURN");
    client.submit_move(submit(&game, 1, cell_move(1, 1))).await.unwrap();
    assert_eq!(to_act(&mut client, &game).await, [1]);

    // Unset, the first seat starts, and the answer says so.
    let (game, config) =
        create_starting(&mut client, Kind::Reversi(Default::default()), pb::Starter::Unspecified).await;
    assert_eq!(config.starter(), pb::Starter::FirstSeat);
    assert_eq!(to_act(&mut client, &game).await, [1]);

    // A random start is drawn at creation: the answer names the seat, the game keeps it.
    let mut seen = Vec::new();
    for _ in 0..24 {
        let (game, config) =
            create_starting(&mut client, Kind::ConnectFour(Default::default()), pb::Starter::Random).await;
        let starter = config.starter();
        assert!(matches!(starter, pb::Starter::FirstSeat | pb::Starter::SecondSeat), "{starter:?}");
        let stored = client.get_game(pb::GetGameRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
        assert_eq!(stored.game.unwrap().config.unwrap().starter(), starter, "the game keeps the seat drawn");
        let first = if starter == pb::Starter::FirstSeat { 1 } else { 2 };
        assert_eq!(to_act(&mut client, &game).await, [first]);
        seen.push(starter);
    }
    assert!(seen.contains(&pb::Starter::FirstSeat) && seen.contains(&pb::Starter::SecondSeat), "{seen:?}");
}

#[tokio::test]
async fn games_whose_rules_fix_who_starts_refuse_the_choice_and_answer_without_one() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for (made, (config, starter)) in [
        (Kind::Chess(Default::default()), pb::Starter::SecondSeat),
        (Kind::PegSolitaire(Default::default()), pb::Starter::Random),
    ]
    .into_iter()
    .enumerate()
    {
        let request = pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
                game: Some(config.clone()),
                starter: starter as i32,
                ..Default::default()
            })),
            ..Default::default()
        };
        let error = client.create_game(request).await.unwrap_err();
        assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
        let violations = error.get_details_bad_request().unwrap().field_violations;
        assert_eq!(violations.len(), 1, "{violations:?}");
        assert_eq!(violations[0].field, "config.starter");
        assert!(violations[0].description.contains("leave starter unset"), "{violations:?}");
        let listed = client.list_games(pb::ListGamesRequest::default()).await.unwrap().into_inner();
        assert_eq!(listed.games.len(), made, "a refused creation makes no game");

        let (_, answered) = create_starting(&mut client, config, pb::Starter::FirstSeat).await;
        assert_eq!(answered.starter(), pb::Starter::Unspecified);
    }
    let error = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
                game: Some(Kind::Gomoku(Default::default())),
                starter: 99,
                ..Default::default()
            })),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
    assert!(error.message().contains("config.starter 99 is not a Starter value"), "{}", error.message());
}

#[tokio::test]
async fn misere_tic_tac_toe_is_lost_by_the_seat_that_completes_a_line() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "misere").await;
    let moves = [cell_move(0, 0), cell_move(1, 0), cell_move(0, 1), cell_move(2, 2), cell_move(0, 2)];
    let response = play_all(&mut client, &game, &moves).await;
    let outcome = response.view.unwrap().outcome.unwrap();
    assert_eq!(outcome.r#type(), pb::OutcomeType::Win);
    assert_eq!(outcome.winner, 2);
    assert_eq!(outcome.reason(), pb::EndReason::OpponentLine);
    let line: Vec<(u32, u32)> = outcome.winning_line.iter().map(|c| (c.row, c.col)).collect();
    assert_eq!(line, [(0, 0), (0, 1), (0, 2)]);
}

#[tokio::test]
async fn blocked_cells_are_shown_as_walls_and_refused_and_bad_ones_are_all_named() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let walls = vec![pb::Cell { row: 3, col: 0 }, pb::Cell { row: 0, col: 6 }];
    let config = pb::ConnectFourConfig { blocked: walls.clone(), ..Default::default() };
    let (game, answered) = create_starting(&mut client, Kind::ConnectFour(config), pb::Starter::Unspecified).await;
    let Some(Kind::ConnectFour(answered)) = answered.game else { panic!("{answered:?}") };
    assert_eq!(answered.blocked, walls);
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    let board = view.board.unwrap();
    let at = |row: u32, col: u32| board.cells[(row * board.width + col) as usize];
    assert_eq!(at(3, 0).piece(), pb::Piece::Wall);
    assert_eq!(at(0, 6).piece(), pb::Piece::Wall);
    let legal = client
        .list_legal_moves(Request::new(pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 1 }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(legal.moves.len(), 6, "column 6 is blocked at its top");
    let error = client.submit_move(submit(&game, 0, column_move(6))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "COLUMN_FULL");
    let response = client.submit_move(submit(&game, 0, column_move(0))).await.unwrap().into_inner();
    let board = response.view.unwrap().board.unwrap();
    assert_eq!(board.cells[(2 * board.width) as usize].owner, 1, "the disc rests on the wall");

    let game = create_config(
        &mut client,
        Kind::TicTacToe(pb::TicTacToeConfig { blocked: vec![pb::Cell { row: 1, col: 1 }], ..Default::default() }),
    )
    .await;
    let error = client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "CELL_BLOCKED");
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!(view.move_count, 0, "a refused move changes nothing");

    let bad = pb::GomokuConfig {
        pro_opening: true,
        blocked: vec![pb::Cell { row: 7, col: 7 }, pb::Cell { row: 7, col: 7 }, pb::Cell { row: 30, col: 1 }],
        ..Default::default()
    };
    let error = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
                game: Some(Kind::Gomoku(bad)),
                ..Default::default()
            })),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_error(&error, Code::InvalidArgument, "INVALID_CONFIG");
    let violations = error.get_details_bad_request().unwrap().field_violations;
    assert_eq!(violations.len(), 3, "{violations:?}");
    assert!(violations.iter().all(|v| v.field == "config.gomoku.blocked"), "{violations:?}");
}

#[tokio::test]
async fn every_game_allows_takebacks_when_its_configuration_says_so() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let take_back = |game: &Game, seat: usize| {
        as_seat(&game.tokens[seat], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() })
    };
    let create = |game: Kind, allow_takebacks: bool| pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
            game: Some(game),
            allow_takebacks,
            ..Default::default()
        })),
        ..Default::default()
    };

    // Off by default: refused, and the answer says so.
    let response = client.create_game(create(Kind::Gomoku(Default::default()), false)).await.unwrap().into_inner();
    assert!(!response.game.as_ref().unwrap().config.as_ref().unwrap().allow_takebacks);
    let tokens = response.seat_tokens.into_iter().map(|t| t.token).collect();
    let gomoku = Game { id: response.game.unwrap().game_id, tokens };
    client.submit_move(submit(&gomoku, 0, cell_move(7, 7))).await.unwrap();
    let error = client.take_back(take_back(&gomoku, 0)).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "TAKEBACK_NOT_ALLOWED");

    // Allowed: seat 1 takes back its mark, the board is empty again, and it is to move.
    let response = client.create_game(create(Kind::TicTacToe(Default::default()), true)).await.unwrap().into_inner();
    assert!(response.game.as_ref().unwrap().config.as_ref().unwrap().allow_takebacks);
    let tokens = response.seat_tokens.into_iter().map(|t| t.token).collect();
    let game = Game { id: response.game.unwrap().game_id, tokens };
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap();
    let error = client.take_back(take_back(&game, 1)).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NOTHING_TO_TAKE_BACK");
    let view = client.take_back(take_back(&game, 0)).await.unwrap().into_inner().view.unwrap();
    assert_eq!((view.move_count, view.to_act.as_slice()), (0, &[1][..]));
    assert!(view.board.unwrap().cells.iter().all(|cell| cell.owner == 0));

    // Chess reads either field and answers both; peg solitaire always allows them.
    for game in
        [Kind::Chess(pb::ChessConfig { allow_takebacks: true, ..Default::default() }), Kind::Chess(Default::default())]
    {
        let from_own_field = matches!(&game, Kind::Chess(c) if c.allow_takebacks);
        let response = client.create_game(create(game, !from_own_field)).await.unwrap().into_inner();
        let config = response.game.unwrap().config.unwrap();
        let Some(Kind::Chess(chess)) = &config.game else { panic!("{config:?}") };
        assert!(config.allow_takebacks && chess.allow_takebacks, "{config:?}");
    }
    let response =
        client.create_game(create(Kind::PegSolitaire(Default::default()), false)).await.unwrap().into_inner();
    assert!(response.game.unwrap().config.unwrap().allow_takebacks);
}

#[tokio::test]
async fn with_consent_a_takeback_is_asked_for_and_the_other_seat_agrees_or_declines() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let config = |game: Kind, allow_takebacks: bool| pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
            game: Some(game),
            allow_takebacks,
            takebacks_need_consent: true,
            ..Default::default()
        })),
        ..Default::default()
    };
    for (game, allow, expected) in [
        (Kind::TicTacToe(Default::default()), false, "set allow_takebacks too"),
        (Kind::PegSolitaire(Default::default()), true, "a one-seat game has none"),
    ] {
        let error = client.create_game(config(game, allow)).await.unwrap_err();
        assert_error(&error, Code::InvalidArgument, "INVALID_REQUEST");
        let violations = error.get_details_bad_request().unwrap().field_violations;
        assert_eq!(violations[0].field, "config.takebacks_need_consent");
        assert!(violations.iter().any(|v| v.description.contains(expected)), "{violations:?}");
    }

    let response = client.create_game(config(Kind::TicTacToe(Default::default()), true)).await.unwrap().into_inner();
    assert!(response.game.as_ref().unwrap().config.as_ref().unwrap().takebacks_need_consent);
    let tokens = response.seat_tokens.into_iter().map(|t| t.token).collect();
    let game = Game { id: response.game.unwrap().game_id, tokens };
    let take_back = |seat: usize| {
        as_seat(&game.tokens[seat], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() })
    };
    let answer = |seat: usize, accept: bool| {
        as_seat(
            &game.tokens[seat],
            pb::AnswerTakeBackRequest { game_id: game.id.clone(), accept, ..Default::default() },
        )
    };
    client.submit_move(submit(&game, 0, cell_move(1, 1))).await.unwrap();
    let error = client.answer_take_back(answer(1, true)).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NO_TAKEBACK_REQUEST");
    let asked = client.take_back(take_back(0)).await.unwrap().into_inner().view.unwrap();
    assert_eq!((asked.takeback_request, asked.move_count), (1, 1), "asking changes nothing yet");
    let error = client.take_back(take_back(0)).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "TAKEBACK_ALREADY_REQUESTED");
    let error = client.answer_take_back(answer(0, true)).await.unwrap_err();
    assert_error(&error, Code::FailedPrecondition, "NO_TAKEBACK_REQUEST");
    let spectator = pb::AnswerTakeBackRequest { game_id: game.id.clone(), accept: true, ..Default::default() };
    let error = client.answer_take_back(spectator).await.unwrap_err();
    assert_error(&error, Code::PermissionDenied, "SEAT_REQUIRED");
    let declined = client.answer_take_back(answer(1, false)).await.unwrap().into_inner().view.unwrap();
    assert_eq!((declined.takeback_request, declined.move_count, declined.to_act.as_slice()), (0, 1, &[2][..]));
    client.take_back(take_back(0)).await.unwrap();
    let agreed = client.answer_take_back(answer(1, true)).await.unwrap().into_inner().view.unwrap();
    assert_eq!((agreed.takeback_request, agreed.move_count, agreed.to_act.as_slice()), (0, 0, &[1][..]));

    use pb::game_event::Kind as Event;
    let events = events_through(&mut client, &game.id, 6).await;
    let seat_actor = |event: &pb::GameEvent| match event.actor.as_ref().and_then(|a| a.kind.clone()) {
        Some(pb::actor::Kind::Seat(seat)) => seat,
        other => panic!("{other:?}"),
    };
    assert!(matches!(events[2].kind, Some(Event::TakebackRequested(pb::TakebackRequested { seat: 1 }))));
    assert!(matches!(events[3].kind, Some(Event::TakebackDeclined(pb::TakebackDeclined { seat: 2 }))));
    assert_eq!((seat_actor(&events[2]), seat_actor(&events[3])), (1, 2));
    let Some(Event::MoveTakenBack(back)) = &events[5].kind else { panic!("{:?}", events[5]) };
    assert_eq!((back.seat, back.move_number, seat_actor(&events[5])), (1, 1, 2), "seat 2 agreed to undo move 1");
}

fn draw(action: pb::DrawAction) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Draw(pb::Draw { action: action as i32 })) }
}

#[tokio::test]
async fn with_draw_offers_allowed_a_connect_four_draw_is_offered_declined_and_agreed_over_the_wire() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
                game: Some(Kind::ConnectFour(pb::ConnectFourConfig::default())),
                allow_draw_offers: true,
                ..Default::default()
            })),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let config = created.game.as_ref().unwrap().config.as_ref().unwrap();
    assert!(config.allow_draw_offers, "answered with the rule");
    let game =
        Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() };
    let offered = client.submit_move(submit(&game, 0, draw(pb::DrawAction::Offer))).await.unwrap().into_inner();
    let view = offered.view.unwrap();
    assert_eq!((view.draw_offer, view.to_act.clone()), (1, vec![1]), "offered; seat 1 still moves");
    let lister = client.clone();
    let legal = |seat: usize| {
        let mut client = lister.clone();
        let request =
            as_seat(&game.tokens[seat], pb::ListLegalMovesRequest { game_id: game.id.clone(), ..Default::default() });
        async move { client.list_legal_moves(request).await.unwrap().into_inner().moves }
    };
    assert!(
        legal(0).await.iter().all(|m| m.label != "offer a draw"
            && match m.r#move.as_ref().and_then(|m| m.kind.as_ref()) {
                Some(pb::r#move::Kind::Draw(draw)) => draw.action == pb::DrawAction::Withdraw as i32,
                _ => true,
            }),
        "one offer at a time: the offering seat may only withdraw it"
    );
    client.submit_move(submit(&game, 0, column_move(3))).await.unwrap();
    let answers: Vec<_> = legal(1)
        .await
        .into_iter()
        .filter(|m| matches!(m.r#move.as_ref().and_then(|m| m.kind.as_ref()), Some(pb::r#move::Kind::Draw(_))))
        .collect();
    assert_eq!(answers.len(), 2, "seat 2 may accept or decline: {answers:?}");
    client.submit_move(submit(&game, 1, draw(pb::DrawAction::Decline))).await.unwrap();
    client.submit_move(submit(&game, 1, column_move(3))).await.unwrap();
    // Offered again by seat 1, and agreed to: drawn by agreement, the offer gone.
    client.submit_move(submit(&game, 0, draw(pb::DrawAction::Offer))).await.unwrap();
    client.submit_move(submit(&game, 0, column_move(4))).await.unwrap();
    let agreed = client.submit_move(submit(&game, 1, draw(pb::DrawAction::Accept))).await.unwrap().into_inner();
    let view = agreed.view.unwrap();
    let outcome = view.outcome.unwrap();
    assert_eq!((outcome.r#type(), outcome.reason()), (pb::OutcomeType::Draw, pb::EndReason::Agreement));
    assert_eq!(view.draw_offer, 0);
    // Every step is in the log, named for people.
    let events = events_through(&mut client, &game.id, agreed.seq).await;
    let labels: Vec<String> = events
        .iter()
        .filter_map(|e| match &e.kind {
            Some(pb::game_event::Kind::MoveApplied(applied)) => Some(applied.label.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        labels,
        ["offers a draw", "column 4", "declines the draw", "column 4", "offers a draw", "column 5", "accepts the draw"]
    );

    // Without the option: refused, and nothing logged.
    let (plain, _) =
        create_starting(&mut client, Kind::ConnectFour(pb::ConnectFourConfig::default()), pb::Starter::Unspecified)
            .await;
    let refused = client.submit_move(submit(&plain, 0, draw(pb::DrawAction::Offer))).await.unwrap_err();
    assert_error(&refused, Code::FailedPrecondition, "MOVE_KIND_NOT_ALLOWED");
    // A one-seat game has nobody to offer one to.
    let lonely = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(pb::GameConfig {
                game: Some(Kind::PegSolitaire(pb::PegSolitaireConfig::default())),
                allow_draw_offers: true,
                ..Default::default()
            })),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_error(&lonely, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        lonely.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["config.allow_draw_offers"]);
}
