//! Hidden information over gRPC. Every game kind whose rules hide information (found in
//! the registry, so a new one is covered by itself) is played at random, and no view,
//! event, legal-move list, error message or log line one viewer receives carries another
//! seat's secret; Battleship is also checked against the fleets actually placed, and its
//! fleets are revealed after a resignation exactly when its configuration says so.

mod registry;

use std::collections::HashSet;

use crate::common::*;
use proptest::test_runner::TestRng;
use rand::Rng;
use rand::seq::SliceRandom;
use tokio_stream::StreamExt;

type Cells = HashSet<(u32, u32)>;

struct Ocean {
    width: u32,
    height: u32,
}

fn ship_move(row: u32, col: u32, vertical: bool, length: u32) -> pb::ShipPlacement {
    pb::ShipPlacement {
        bow: Some(pb::Cell { row, col }),
        orientation: if vertical { pb::Orientation::Vertical } else { pb::Orientation::Horizontal } as i32,
        length,
    }
}

/// A random valid fleet (ships may touch, never overlap) and the cells it covers.
fn random_fleet(rng: &mut impl Rng, ocean: &Ocean, lengths: &[u32]) -> (Vec<pb::ShipPlacement>, Cells) {
    loop {
        let mut cells = Cells::new();
        let mut ships = Vec::new();
        let mut ok = true;
        for &length in lengths {
            let vertical = rng.random_bool(0.5);
            let (rows, cols) = if vertical {
                (ocean.height - length + 1, ocean.width)
            } else {
                (ocean.height, ocean.width - length + 1)
            };
            let (row, col) = (rng.random_range(0..rows), rng.random_range(0..cols));
            let covered: Vec<(u32, u32)> =
                (0..length).map(|i| if vertical { (row + i, col) } else { (row, col + i) }).collect();
            if covered.iter().any(|c| cells.contains(c)) {
                ok = false;
                break;
            }
            cells.extend(covered);
            ships.push(ship_move(row, col, vertical, length));
        }
        if ok {
            return (ships, cells);
        }
    }
}

fn fleet_move(ships: Vec<pb::ShipPlacement>) -> pb::Move {
    pb::Move {
        kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(pb::place::Target::Fleet(pb::Fleet { ships })) })),
    }
}

fn ready() -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Ready(pb::Ready {})) }
}

fn shot(row: u32, col: u32) -> pb::Move {
    pb::Move { kind: Some(pb::r#move::Kind::Shot(pb::Shot { target: Some(pb::Cell { row, col }) })) }
}

/// Asserts that `view`, seen by `viewer` (0 = spectator), shows no unrevealed cell of any
/// fleet but the viewer's own. `fleets[i]` is seat i + 1's fleet.
fn check_view(view: &pb::View, viewer: u32, fleets: &[Cells; 2]) {
    let finished = view.status == pb::GameStatus::Finished as i32;
    for (index, board) in view.seat_boards.iter().enumerate() {
        let owner = index as u32 + 1;
        for (i, cell) in board.cells.iter().enumerate() {
            let at = (i as u32 / board.width, i as u32 % board.width);
            if cell.piece == pb::Piece::Ship as i32 {
                assert!(owner == viewer || finished, "viewer {viewer} sees seat {owner}'s ship at {at:?}");
                assert!(fleets[index].contains(&at));
            }
        }
    }
    if let Some(last) = &view.last_move {
        check_move(last.r#move.as_ref(), last.seat, viewer);
    }
}

/// A placement is visible only to the seat that made it.
fn check_move(mv: Option<&pb::Move>, mover: u32, viewer: u32) {
    if let Some(pb::Move { kind: Some(pb::r#move::Kind::Place(_)) }) = mv {
        assert_eq!(mover, viewer, "viewer {viewer} sees seat {mover}'s placement");
    }
}

fn check_event(event: &pb::GameEvent, viewer: u32) {
    if let Some(pb::game_event::Kind::MoveApplied(applied)) = &event.kind {
        check_move(applied.r#move.as_ref(), applied.seat, viewer);
        if applied.seat != viewer && applied.r#move.is_none() {
            assert!(applied.redacted);
        }
    }
}

/// The opponent's unrevealed ship cells must not appear in an error message either.
fn check_error(status: &tonic::Status, hidden: &Cells) {
    let message = status.message();
    for &(row, col) in hidden {
        assert!(!message.contains(&format!("row {row}, col {col}")), "{message}");
    }
}

async fn play_one(client: &mut Client, rng: &mut TestRng, ocean: Ocean, lengths: &[u32], config: pb::BattleshipConfig) {
    let game = create_config(client, pb::game_config::Game::Battleship(config)).await;
    let (ships_a, cells_a) = random_fleet(rng, &ocean, lengths);
    let (ships_b, cells_b) = random_fleet(rng, &ocean, lengths);
    let fleets = [cells_a, cells_b];
    for (seat, ships) in [(0, ships_a), (1, ships_b)] {
        let response = client.submit_move(submit(&game, seat, fleet_move(ships))).await.unwrap().into_inner();
        check_view(response.view.as_ref().unwrap(), seat as u32 + 1, &fleets);
        // Shooting before both fleets are confirmed is refused without a hint of the fleets.
        let error = client.submit_move(submit(&game, seat, shot(0, 0))).await.unwrap_err();
        assert_error(&error, tonic::Code::FailedPrecondition, "WRONG_PHASE");
        check_error(&error, &fleets[1 - seat]);
    }
    for seat in [0, 1] {
        client.submit_move(submit(&game, seat, ready())).await.unwrap();
    }
    let mut targets: [Vec<(u32, u32)>; 2] = [0, 1].map(|_| {
        let mut all: Vec<(u32, u32)> = (0..ocean.height).flat_map(|r| (0..ocean.width).map(move |c| (r, c))).collect();
        all.shuffle(rng);
        all
    });
    let mut seat = 0usize;
    let mut shots = 0;
    loop {
        let (row, col) = targets[seat].pop().expect("a game ends before every cell is shot");
        let response = client.submit_move(submit(&game, seat, shot(row, col))).await.unwrap().into_inner();
        shots += 1;
        let view = response.view.unwrap();
        check_view(&view, seat as u32 + 1, &fleets);
        for event in &response.events {
            check_event(event, seat as u32 + 1);
        }
        if view.status == pb::GameStatus::Finished as i32 {
            break;
        }
        if shots % 7 == 0 {
            // The other seat and a spectator look in now and then; the other seat also
            // fires out of turn and at a cell already shot, and must learn nothing.
            let other = 1 - seat;
            let theirs = client
                .get_view(as_seat(
                    &game.tokens[other],
                    pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() },
                ))
                .await
                .unwrap()
                .into_inner();
            check_view(theirs.view.as_ref().unwrap(), other as u32 + 1, &fleets);
            let public = client
                .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
                .await
                .unwrap()
                .into_inner();
            check_view(public.view.as_ref().unwrap(), 0, &fleets);
            let to_act = public.view.unwrap().to_act;
            let idle = if to_act == vec![1] { 1 } else { 0 };
            let error = client.submit_move(submit(&game, idle, shot(row, col))).await.unwrap_err();
            check_error(&error, &fleets[1 - idle]);
        }
        // An extra shot after a hit (where configured) keeps the same seat to act.
        seat = if view.to_act == vec![1] { 0 } else { 1 };
    }
    // Every event of the finished game, as each viewer receives it.
    for (token, viewer) in [(Some(&game.tokens[0]), 1), (Some(&game.tokens[1]), 2), (None, 0)] {
        let request = pb::StreamEventsRequest {
            game_id: game.id.clone(),
            after_seq: 0,
            include_views: false,
            view_changes: false,
        };
        let request = match token {
            Some(token) => as_seat(token, request),
            None => tonic::Request::new(request),
        };
        let events: Vec<_> = client.stream_events(request).await.unwrap().into_inner().collect().await;
        for (expected_seq, event) in (1..).zip(events) {
            let event = event.unwrap().event.unwrap();
            assert_eq!(event.seq, expected_seq, "every event reaches every viewer, redacted or not");
            check_event(&event, viewer);
        }
    }
}

#[tokio::test]
async fn a_thousand_random_games_leak_no_hidden_ship() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut rng = TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &[7; 32]);
    let mut handles = Vec::new();
    for worker in 0..4u8 {
        let mut client = server.client().await;
        let mut rng = TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &[worker; 32]);
        handles.push(tokio::spawn(async move {
            for _ in 0..245 {
                let config = pb::BattleshipConfig { width: 6, height: 5, fleet: vec![3, 2, 2], ..Default::default() };
                play_one(&mut client, &mut rng, Ocean { width: 6, height: 5 }, &[3, 2, 2], config).await;
            }
        }));
    }
    // A few at the full default size, with every default.
    for _ in 0..20 {
        play_one(&mut client, &mut rng, Ocean { width: 10, height: 10 }, &[5, 4, 3, 3, 2], Default::default()).await;
    }
    for handle in handles {
        handle.await.unwrap();
    }
}

/// The cells of each ocean that show an intact ship in `view`.
fn ships_shown(view: &pb::View) -> [Cells; 2] {
    [0, 1].map(|index| {
        let board = &view.seat_boards[index];
        let cells = board.cells.iter().enumerate();
        cells
            .filter(|(_, c)| c.piece == pb::Piece::Ship as i32)
            .map(|(i, _)| (i as u32 / board.width, i as u32 % board.width))
            .collect()
    })
}

/// Seat 2 resigns a game with random fleets, in placement (seat 1 has confirmed its fleet,
/// seat 2 has not) or after a few shots, and every viewer's view is checked through the
/// wire: the game is finished, seat 1 wins, the stage is FINISHED, and each fleet's intact
/// cells are shown to a viewer exactly when `hide_fleets_at_end` is false or the fleet is
/// the viewer's own.
async fn resign_one(client: &mut Client, rng: &mut TestRng, hide_fleets_at_end: bool, in_play: bool) {
    let ocean = Ocean { width: 6, height: 5 };
    let config =
        pb::BattleshipConfig { width: 6, height: 5, fleet: vec![3, 2, 2], hide_fleets_at_end, ..Default::default() };
    let game = create_config(client, pb::game_config::Game::Battleship(config)).await;
    let (ships_a, cells_a) = random_fleet(rng, &ocean, &[3, 2, 2]);
    let (ships_b, cells_b) = random_fleet(rng, &ocean, &[3, 2, 2]);
    let mut intact = [cells_a, cells_b];
    for (seat, ships) in [(0, ships_a), (1, ships_b)] {
        client.submit_move(submit(&game, seat, fleet_move(ships))).await.unwrap();
    }
    client.submit_move(submit(&game, 0, ready())).await.unwrap();
    if in_play {
        client.submit_move(submit(&game, 1, ready())).await.unwrap();
        // One shot each, at a random cell of the other's ocean: a hit no longer shows a ship.
        for (seat, target) in [(0, 1), (1, 0)] {
            let (row, col) = (rng.random_range(0..ocean.height), rng.random_range(0..ocean.width));
            client.submit_move(submit(&game, seat, shot(row, col))).await.unwrap();
            intact[target].remove(&(row, col));
        }
    }
    let request = pb::ResignRequest { game_id: game.id.clone(), request_id: String::new() };
    let resigned = client.resign(as_seat(&game.tokens[1], request)).await.unwrap().into_inner().view.unwrap();
    let spectator = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    let mut views = vec![(2, resigned), (0, spectator.view.unwrap())];
    for (seat, viewer) in [(0, 1), (1, 2)] {
        let request =
            as_seat(&game.tokens[seat], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
        views.push((viewer, client.get_view(request).await.unwrap().into_inner().view.unwrap()));
    }
    let stage = if in_play { "play" } else { "placement" };
    let case = format!("hide_fleets_at_end {hide_fleets_at_end}, resigned in {stage}");
    for (viewer, view) in views {
        assert_eq!(view.status, pb::GameStatus::Finished as i32, "{case}: viewer {viewer}");
        assert_eq!(view.stage, pb::Stage::Finished as i32, "{case}: viewer {viewer}");
        assert!(view.to_act.is_empty(), "{case}: viewer {viewer}");
        let outcome = view.outcome.as_ref().unwrap();
        assert_eq!((outcome.winner, outcome.reason), (1, pb::EndReason::Resignation as i32), "{case}");
        let shown = ships_shown(&view);
        for (index, cells) in intact.iter().enumerate() {
            let visible = !hide_fleets_at_end || viewer == index as u32 + 1;
            let expected = if visible { cells.clone() } else { Cells::new() };
            assert_eq!(shown[index], expected, "{case}: viewer {viewer} looking at seat {}'s ocean", index + 1);
        }
    }
}

#[tokio::test]
async fn a_resignation_reveals_both_fleets_exactly_when_the_configuration_does() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut rng = TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &[11; 32]);
    for hide_fleets_at_end in [false, true] {
        for in_play in [false, true] {
            for _ in 0..5 {
                resign_one(&mut client, &mut rng, hide_fleets_at_end, in_play).await;
            }
        }
    }
}

/// A Battleship game on the default ocean that allows takebacks (asked of the other seat
/// with `consent`), nothing placed yet.
async fn battleship_allowing_takebacks(client: &mut Client, consent: bool) -> Game {
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::Battleship(Default::default())),
        allow_takebacks: true,
        takebacks_need_consent: consent,
        ..Default::default()
    };
    create_from(client, config).await
}

/// [`battleship_allowing_takebacks`], both fleets placed and confirmed.
async fn battleship_with_takebacks(client: &mut Client, consent: bool) -> Game {
    let game = battleship_allowing_takebacks(client, consent).await;
    for seat in [0, 1] {
        client.submit_move(submit(&game, seat, classic_fleet())).await.unwrap();
        client.submit_move(submit(&game, seat, ready())).await.unwrap();
    }
    game
}

fn take_back(game: &Game, seat: usize) -> tonic::Request<pb::TakeBackRequest> {
    as_seat(&game.tokens[seat], pb::TakeBackRequest { game_id: game.id.clone(), ..Default::default() })
}

#[tokio::test]
async fn a_shot_is_never_taken_back_so_probing_the_fleet_finds_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for consent in [false, true] {
        let game = battleship_with_takebacks(&mut client, consent).await;
        // The attack: shoot, read hit or miss, take the shot back, shoot elsewhere.
        for column in 0..10 {
            let fired = client.submit_move(submit(&game, 0, shot(column, column))).await.unwrap().into_inner();
            let error = client.take_back(take_back(&game, 0)).await.unwrap_err();
            assert_error(&error, tonic::Code::FailedPrecondition, "TAKEBACK_NOT_ALLOWED");
            assert!(error.message().contains("cannot be taken back"), "{}", error.message());
            let view = client
                .get_view(as_seat(
                    &game.tokens[0],
                    pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() },
                ))
                .await
                .unwrap()
                .into_inner()
                .view
                .unwrap();
            assert_eq!(view.seq, fired.seq, "a refused takeback appends nothing");
            assert_eq!(view.move_count, fired.view.unwrap().move_count);
            // The shot stands: seat 2 is to act, and answers with a shot of its own.
            assert_eq!(view.to_act, vec![2]);
            client.submit_move(submit(&game, 1, shot(9, 9 - column))).await.unwrap();
        }
    }
}

#[tokio::test]
async fn placements_may_be_taken_back_before_the_fleet_is_ready() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = battleship_allowing_takebacks(&mut client, false).await;
    client.submit_move(submit(&game, 0, classic_fleet())).await.unwrap();
    client.submit_move(submit(&game, 0, ready())).await.unwrap();
    let undone = client.take_back(take_back(&game, 0)).await.unwrap().into_inner();
    assert_eq!(undone.view.as_ref().unwrap().to_act, vec![1, 2], "seat 1 is placing again");
    client.take_back(take_back(&game, 0)).await.unwrap();
    let view = undone.view.unwrap();
    assert_eq!(view.move_count, 1, "after the Ready, the fleet was still placed");
}

#[tokio::test]
async fn a_finished_games_hidden_positions_are_analysed_only_for_the_seat_asking() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // A fleet that stays hidden at the end, placed a ship at a time: after seq 2 seat 1 has
    // its carrier placed and both seats are still placing.
    let config = pb::BattleshipConfig { hide_fleets_at_end: true, ..Default::default() };
    let game = create_config(&mut client, pb::game_config::Game::Battleship(config)).await;
    let carrier = pb::Move {
        kind: Some(pb::r#move::Kind::Place(pb::Place {
            target: Some(pb::place::Target::Ship(ship_move(0, 0, false, 5))),
        })),
    };
    client.submit_move(submit(&game, 0, carrier)).await.unwrap();
    let resign = pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
    client.resign(as_seat(&game.tokens[1], resign)).await.unwrap();
    let hint = |credential: Option<&str>| {
        let request = pb::GetHintRequest { game_id: game.id.clone(), at_seq: Some(2), ..Default::default() };
        with_credential(credential, request)
    };
    // A spectator would be suggested a placement that avoids seat 1's carrier: where it is not.
    let error = client.get_hint(hint(None)).await.unwrap_err();
    assert_error(&error, tonic::Code::PermissionDenied, "SEAT_REQUIRED");
    assert!(error.message().contains("hidden information"), "{}", error.message());
    // Each seat may, for itself: the analysis starts from what that seat saw then.
    for (seat, token) in game.tokens.iter().enumerate() {
        let own = client.get_hint(hint(Some(token))).await.unwrap().into_inner();
        assert_eq!((own.seq, own.seat), (2, seat as u32 + 1));
    }
}
