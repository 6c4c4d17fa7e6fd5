use crate::engine::WinReason;
use std::collections::HashSet;

use proptest::prelude::*;

use super::placement::ship_cells;
use super::*;
use crate::engine::{BoardCell, Match, Piece};

fn ship(row: u32, col: u32, vertical: bool, length: u32) -> ShipPlacement {
    let orientation = if vertical { Orientation::Vertical } else { Orientation::Horizontal };
    ShipPlacement { bow: Cell::new(row, col), orientation, length }
}

fn place(s: ShipPlacement) -> Action {
    Action::Place(PlaceTarget::Ship(s))
}

fn fleet(ships: &[ShipPlacement]) -> Action {
    Action::Place(PlaceTarget::Fleet(ships.to_vec()))
}

/// The classic fleet along the left edges of rows 0, 2, 4, 6 and 8.
fn rows_fleet() -> Vec<ShipPlacement> {
    vec![ship(0, 0, false, 5), ship(2, 0, false, 4), ship(4, 0, false, 3), ship(6, 0, false, 3), ship(8, 0, false, 2)]
}

/// The classic fleet standing in columns 9, 7, 5, 3 and 1 from the top.
fn columns_fleet() -> Vec<ShipPlacement> {
    vec![ship(0, 9, true, 5), ship(0, 7, true, 4), ship(0, 5, true, 3), ship(0, 3, true, 3), ship(0, 1, true, 2)]
}

/// A match of `config` in play, each seat having placed its fleet and confirmed it.
fn in_play(config: Config, first: &[ShipPlacement], second: &[ShipPlacement]) -> Match<Battleship> {
    let mut game = Match::<Battleship>::new(config).unwrap();
    game.apply(Seat::FIRST, &fleet(first)).unwrap();
    game.apply(Seat::SECOND, &fleet(second)).unwrap();
    game.apply(Seat::SECOND, &Action::Ready).unwrap();
    game.apply(Seat::FIRST, &Action::Ready).unwrap();
    game
}

fn classic() -> Match<Battleship> {
    in_play(Config::default(), &rows_fleet(), &columns_fleet())
}

fn shoot(game: &mut Match<Battleship>, seat: Seat, row: u32, col: u32) {
    game.apply(seat, &Action::Shot(Cell::new(row, col))).unwrap_or_else(|e| panic!("{seat} at ({row},{col}): {e}"));
}

fn board(game: &Match<Battleship>, viewer: Viewer, ocean: Seat) -> crate::engine::GridBoard {
    game.view(viewer).observation.seat_boards[ocean.index()].clone()
}

/// Refuses `action` for `seat` with `reason`, leaving the match exactly as it was.
fn refused(game: &mut Match<Battleship>, seat: Seat, action: Action, reason: Reason) -> String {
    let before = game.clone();
    let error = game.apply(seat, &action).unwrap_err();
    assert_eq!(error.reason, reason, "{action:?}: {}", error.message);
    assert_eq!(*game, before, "refused {action:?} changed the match");
    error.message
}

#[test]
fn defaults_fill_zero_and_empty_fields() {
    let empty = Config { width: 0, height: 0, fleet: Vec::new(), ..Config::default() };
    assert_eq!(empty.with_defaults(), Config::default());
    let custom = Config { width: 8, height: 0, fleet: vec![2], salvo: true, ..Config::default() };
    let filled = custom.with_defaults();
    assert_eq!((filled.width, filled.height, filled.fleet.clone(), filled.salvo), (8, 10, vec![2], true));
    for preset in Battleship::presets() {
        Battleship::new(&preset.config).unwrap_or_else(|e| panic!("{}: {e}", preset.name));
    }
}

#[test]
fn every_config_problem_is_reported_at_once() {
    let config =
        Config { width: 4, height: 27, fleet: vec![2; 11], extra_shot_on_hit: true, salvo: true, ..Config::default() };
    let error = Battleship::new(&config).unwrap_err();
    let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["width", "height", "fleet", "salvo"]);

    let lengths = Battleship::new(&Config { fleet: vec![0, 11], ..Config::default() }).unwrap_err();
    assert_eq!(lengths.violations.len(), 1);
    assert!(lengths.violations[0].description.contains("between 1 and 10"), "{lengths}");
    // A ship longer than both sides of a small board.
    assert!(Battleship::new(&Config { width: 5, height: 6, fleet: vec![7], ..Config::default() }).is_err());
    // More than half the board.
    let dense = Battleship::new(&Config { width: 5, height: 5, fleet: vec![5, 5, 3], ..Config::default() });
    assert!(dense.unwrap_err().violations[0].description.contains("at most half"));
    // Ten single cells cannot keep apart on a 5x5 board (at most nine can); nine can.
    let apart = |n: usize| Config { width: 5, height: 5, fleet: vec![1; n], no_touching: true, ..Config::default() };
    let error = Battleship::new(&apart(10)).unwrap_err();
    assert!(error.violations[0].description.contains("cannot be placed"), "{error}");
    assert!(Battleship::new(&apart(9)).is_ok());
    assert!(Battleship::new(&Config { no_touching: false, ..apart(10) }).is_ok());
}

#[test]
fn both_seats_place_at_once_and_play_starts_with_seat_one_after_both_are_ready() {
    let mut game = Match::<Battleship>::new(Config::default()).unwrap();
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.to_act, vec![Seat::FIRST, Seat::SECOND]);
    assert_eq!(view.observation.stage, Some(Stage::Placement));
    assert_eq!(view.observation.seat_counts, vec![5, 5]);
    // Seat 2 goes first; order does not matter.
    game.apply(Seat::SECOND, &fleet(&columns_fleet())).unwrap();
    assert_eq!(game.legal_moves(Seat::SECOND), vec![Action::Ready]);
    game.apply(Seat::SECOND, &Action::Ready).unwrap();
    assert_eq!(game.to_act(), vec![Seat::FIRST]);
    assert!(game.legal_moves(Seat::SECOND).is_empty());
    // A confirmed fleet is final.
    refused(&mut game, Seat::SECOND, place(ship(9, 9, false, 1)), Reason::NotYourTurn);
    for s in rows_fleet() {
        game.apply(Seat::FIRST, &place(s)).unwrap();
    }
    assert_eq!(game.view(Viewer::Spectator).observation.stage, Some(Stage::Placement));
    game.apply(Seat::FIRST, &Action::Ready).unwrap();
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.to_act, vec![Seat::FIRST]);
    assert_eq!(view.observation.stage, Some(Stage::Play));
    assert_eq!(game.position().shots_left(), 1);
    refused(&mut game, Seat::FIRST, place(ship(9, 9, false, 1)), Reason::WrongPhase);
    refused(&mut game, Seat::FIRST, Action::Ready, Reason::WrongPhase);
    refused(&mut game, Seat::FIRST, fleet(&rows_fleet()), Reason::WrongPhase);
}

#[test]
fn single_ships_are_checked_one_rule_at_a_time() {
    let mut game = Match::<Battleship>::new(Config::default()).unwrap();
    game.apply(Seat::FIRST, &place(ship(4, 4, false, 3))).unwrap();
    let s = Seat::FIRST;
    // Off the board, zero-length, longer than any ship, and a length not in the fleet.
    refused(&mut game, s, place(ship(0, 6, false, 5)), Reason::OutOfBounds);
    refused(&mut game, s, place(ship(7, 0, true, 4)), Reason::OutOfBounds);
    refused(&mut game, s, place(ship(10, 0, true, 2)), Reason::OutOfBounds);
    refused(&mut game, s, place(ship(0, u32::MAX, false, 2)), Reason::OutOfBounds);
    refused(&mut game, s, place(ship(0, 0, false, 0)), Reason::NotOwed);
    refused(&mut game, s, place(ship(0, 0, false, 6)), Reason::NotOwed);
    refused(&mut game, s, place(ship(0, 0, false, 1)), Reason::NotOwed);
    // Overlap, crossing and end to end.
    let message = refused(&mut game, s, place(ship(2, 5, true, 4)), Reason::CellOccupied);
    assert_eq!(message, "it would overlap your ship at f5");
    refused(&mut game, s, place(ship(4, 2, false, 3)), Reason::CellOccupied);
    // Touching is allowed by default, sideways and diagonally.
    game.apply(s, &place(ship(5, 4, false, 3))).unwrap();
    game.apply(s, &place(ship(3, 7, false, 2))).unwrap();
    // Both ships of length 3 are placed now.
    let message = refused(&mut game, s, place(ship(0, 0, false, 3)), Reason::NotOwed);
    assert!(message.contains("still to place: 5, 4"), "{message}");
    refused(&mut game, s, Action::Ready, Reason::SetupIncomplete);
    // The other seat's ocean is untouched by all this.
    assert!(game.position().ocean(Seat::SECOND).ships().is_empty());
    game.apply(Seat::SECOND, &place(ship(4, 4, false, 3))).unwrap();
}

#[test]
fn without_touching_ships_keep_a_cell_apart_even_diagonally() {
    let config = Config { no_touching: true, ..Config::default() };
    let mut game = Match::<Battleship>::new(config).unwrap();
    game.apply(Seat::FIRST, &place(ship(4, 4, false, 3))).unwrap();
    let message = refused(&mut game, Seat::FIRST, place(ship(5, 4, false, 3)), Reason::PiecesTouching);
    assert!(message.contains("may not touch"), "{message}");
    refused(&mut game, Seat::FIRST, place(ship(5, 7, true, 2)), Reason::PiecesTouching);
    refused(&mut game, Seat::FIRST, place(ship(4, 7, false, 2)), Reason::PiecesTouching);
    game.apply(Seat::FIRST, &place(ship(4, 8, false, 2))).unwrap();
    assert!(game.legal_moves(Seat::FIRST).contains(&place(ship(6, 4, false, 3))));
    assert!(!game.legal_moves(Seat::FIRST).contains(&place(ship(5, 3, false, 3))));
}

#[test]
fn a_ship_that_would_leave_no_room_for_the_rest_is_refused_and_not_listed() {
    // 5x5, ships apart: two 5s must lie on rows (or columns) 0 and 4 with the 2 between.
    let config = Config { width: 5, height: 5, fleet: vec![5, 5, 2], no_touching: true, ..Config::default() };
    let mut game = Match::<Battleship>::new(config).unwrap();
    let message = refused(&mut game, Seat::FIRST, place(ship(1, 0, false, 5)), Reason::NoRoomLeft);
    assert_eq!(message, "with this ship there, the rest of your fleet (5, 2) would no longer fit");
    let legal = game.legal_moves(Seat::FIRST);
    assert!(!legal.contains(&place(ship(1, 0, false, 5))));
    assert!(legal.contains(&place(ship(0, 0, false, 5))));
    // A 2 near a corner leaves room for one 5 only (row 3 or column 4, which cross).
    assert!(!legal.contains(&place(ship(1, 1, false, 2))));
    assert!(legal.contains(&place(ship(2, 2, false, 2))));
    // Whatever is listed can be played to a complete fleet, in listed order.
    while game.legal_moves(Seat::FIRST) != vec![Action::Ready] {
        let first = game.legal_moves(Seat::FIRST)[0].clone();
        game.apply(Seat::FIRST, &first).unwrap();
    }
    game.apply(Seat::FIRST, &Action::Ready).unwrap();
}

#[test]
fn a_whole_fleet_is_accepted_only_when_it_is_exactly_the_ships_owed_and_valid() {
    let mut game = Match::<Battleship>::new(Config::default()).unwrap();
    let s = Seat::FIRST;
    let mut short = rows_fleet();
    short.pop();
    refused(&mut game, s, fleet(&short), Reason::NotOwed);
    let mut long = rows_fleet();
    long.push(ship(9, 9, false, 1));
    refused(&mut game, s, fleet(&long), Reason::NotOwed);
    refused(&mut game, s, fleet(&[]), Reason::NotOwed);
    let mut crossing = rows_fleet();
    crossing[4] = ship(5, 1, true, 2);
    refused(&mut game, s, fleet(&crossing), Reason::CellOccupied);
    let mut outside = rows_fleet();
    outside[0] = ship(0, 6, false, 5);
    refused(&mut game, s, fleet(&outside), Reason::OutOfBounds);
    // After one ship, a fleet is the rest.
    game.apply(s, &place(ship(0, 0, false, 5))).unwrap();
    refused(&mut game, s, fleet(&rows_fleet()), Reason::NotOwed);
    game.apply(s, &fleet(&rows_fleet()[1..])).unwrap();
    refused(&mut game, s, fleet(&rows_fleet()[1..]), Reason::NotOwed);
    // Touching fleets are refused when touching is forbidden.
    let mut apart = Match::<Battleship>::new(Config { no_touching: true, ..Config::default() }).unwrap();
    let touching: Vec<ShipPlacement> = (0..5).map(|i| ship(i, 0, false, CLASSIC_FLEET[i as usize])).collect();
    refused(&mut apart, s, fleet(&touching), Reason::PiecesTouching);
    apart.apply(s, &fleet(&rows_fleet())).unwrap();
}

#[test]
fn shots_miss_hit_and_sink_only_on_the_last_distinct_cell() {
    let mut game = classic();
    // Seat 2's destroyer stands at b1-b2 (column 1, rows 0-1).
    shoot(&mut game, Seat::FIRST, 5, 0); // miss
    assert_eq!(board(&game, Viewer::Spectator, Seat::SECOND).at(Cell::new(5, 0)).piece, Piece::Miss);
    assert_eq!(game.to_act(), vec![Seat::SECOND]);
    shoot(&mut game, Seat::SECOND, 9, 9); // miss
    shoot(&mut game, Seat::FIRST, 0, 1); // hit
    let spectator = board(&game, Viewer::Spectator, Seat::SECOND);
    assert_eq!(spectator.at(Cell::new(0, 1)), BoardCell { owner: Some(Seat::SECOND), piece: Piece::Hit });
    assert_eq!(spectator.at(Cell::new(1, 1)).piece, Piece::Empty, "the rest of a hit ship stays hidden");
    shoot(&mut game, Seat::SECOND, 9, 8);
    // The repeated cell is refused and does not count towards sinking.
    let message = refused(&mut game, Seat::FIRST, Action::Shot(Cell::new(0, 1)), Reason::AlreadyShot);
    assert_eq!(message, "you already fired at b1; choose a cell you have not fired at");
    shoot(&mut game, Seat::FIRST, 1, 1); // sunk
    let view = game.view(Viewer::Spectator).observation;
    let ocean = &view.seat_boards[1];
    assert_eq!(ocean.at(Cell::new(0, 1)).piece, Piece::Sunk);
    assert_eq!(ocean.at(Cell::new(1, 1)).piece, Piece::Sunk);
    let changed: Vec<(Option<Seat>, Cell)> = view.last_changed.iter().map(|c| (c.seat_board, c.cell)).collect();
    assert_eq!(changed, vec![(Some(Seat::SECOND), Cell::new(1, 1)), (Some(Seat::SECOND), Cell::new(0, 1))]);
    assert_eq!(view.seat_counts, vec![5, 4]);
}

#[test]
fn a_shot_is_checked_before_anything_changes() {
    let mut game = classic();
    refused(&mut game, Seat::SECOND, Action::Shot(Cell::new(0, 0)), Reason::NotYourTurn);
    refused(&mut game, Seat::FIRST, Action::Shot(Cell::new(10, 0)), Reason::OutOfBounds);
    refused(&mut game, Seat::FIRST, Action::Shot(Cell::new(0, u32::MAX)), Reason::OutOfBounds);
    refused(&mut game, Seat::FIRST, Action::Pass, Reason::MoveKindNotAllowed);
    refused(&mut game, Seat::FIRST, Action::place(0, 0), Reason::MoveKindNotAllowed);
    shoot(&mut game, Seat::FIRST, 0, 0);
    refused(&mut game, Seat::FIRST, Action::Shot(Cell::new(0, 1)), Reason::NotYourTurn);
    // A shot during placement.
    let mut placing = Match::<Battleship>::new(Config::default()).unwrap();
    refused(&mut placing, Seat::FIRST, Action::Shot(Cell::new(0, 0)), Reason::WrongPhase);
}

/// Seat 2's shots at rows 1 and 3 of seat 1's ocean, where the rows fleet has nothing.
fn miss(i: usize) -> Cell {
    Cell::new(1 + 2 * (i / 10) as u32, (i % 10) as u32)
}

/// Seat 1 sinks seat 2's columns fleet while seat 2 misses.
fn sink_all(game: &mut Match<Battleship>) {
    let targets: Vec<Cell> = columns_fleet().iter().flat_map(|s| ship_cells(Dims::new(10, 10), s).unwrap()).collect();
    for (i, &cell) in targets.iter().enumerate() {
        assert!(game.outcome().is_none());
        shoot(game, Seat::FIRST, cell.row, cell.col);
        if i + 1 < targets.len() {
            game.apply(Seat::SECOND, &Action::Shot(miss(i))).unwrap();
        }
    }
}

#[test]
fn sinking_every_ship_wins_reveals_the_fleets_and_ends_the_shooting() {
    let mut game = classic();
    sink_all(&mut game);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::AllShipsSunk, line: Vec::new() })
    );
    let view = game.view(Viewer::Spectator);
    assert!(view.to_act.is_empty());
    assert_eq!(view.observation.stage, Some(Stage::Finished));
    // The winner's unhit ships are revealed to everyone.
    assert_eq!(
        view.observation.seat_boards[0].at(Cell::new(2, 0)),
        BoardCell { owner: Some(Seat::FIRST), piece: Piece::Ship }
    );
    assert_eq!(view.observation.seat_counts, vec![5, 0]);
    refused(&mut game, Seat::FIRST, Action::Shot(Cell::new(9, 9)), Reason::GameOver);
    refused(&mut game, Seat::SECOND, Action::Shot(Cell::new(9, 9)), Reason::GameOver);

    // Unless the configuration keeps them hidden.
    let config = Config { hide_fleets_at_end: true, ..Config::default() };
    let mut hidden = in_play(config, &rows_fleet(), &columns_fleet());
    sink_all(&mut hidden);
    assert!(hidden.outcome().is_some());
    let board = board(&hidden, Viewer::Spectator, Seat::FIRST);
    assert!(board.cells.iter().all(|c| c.piece != Piece::Ship));
    assert_eq!(
        hidden.view(Viewer::Seat(Seat::FIRST)).observation.seat_boards[0].at(Cell::new(2, 0)).piece,
        Piece::Ship
    );
}

#[test]
fn an_extra_shot_follows_every_hit_when_switched_on() {
    let config = Config { extra_shot_on_hit: true, ..Config::default() };
    let mut game = in_play(config, &rows_fleet(), &columns_fleet());
    shoot(&mut game, Seat::FIRST, 0, 9); // hit
    assert_eq!(game.to_act(), vec![Seat::FIRST]);
    shoot(&mut game, Seat::FIRST, 1, 9); // hit
    shoot(&mut game, Seat::FIRST, 9, 0); // miss
    assert_eq!(game.to_act(), vec![Seat::SECOND]);
    // Sinking counts as a hit too.
    shoot(&mut game, Seat::SECOND, 8, 0);
    shoot(&mut game, Seat::SECOND, 8, 1);
    assert_eq!(game.to_act(), vec![Seat::SECOND]);
    assert_eq!(board(&game, Viewer::Seat(Seat::FIRST), Seat::FIRST).at(Cell::new(8, 0)).piece, Piece::Sunk);
    // Without the variant a hit ends the turn.
    let mut plain = classic();
    shoot(&mut plain, Seat::FIRST, 0, 9);
    assert_eq!(plain.to_act(), vec![Seat::SECOND]);
}

#[test]
fn a_salvo_is_one_shot_per_ship_afloat_fired_one_after_another() {
    let config = Config { salvo: true, ..Config::default() };
    let mut game = in_play(config, &rows_fleet(), &columns_fleet());
    assert_eq!(game.position().shots_left(), 5);
    // Seat 1 fires five shots, sinking seat 2's destroyer with two of them.
    for (i, (r, c)) in [(0, 1), (1, 1), (9, 9), (9, 8), (9, 7)].into_iter().enumerate() {
        assert_eq!(game.to_act(), vec![Seat::FIRST], "shot {i}");
        refused(&mut game, Seat::SECOND, Action::Shot(Cell::new(0, 0)), Reason::NotYourTurn);
        shoot(&mut game, Seat::FIRST, r, c);
    }
    // Seat 2 has four ships afloat: four shots.
    assert_eq!(game.to_act(), vec![Seat::SECOND]);
    assert_eq!(game.position().shots_left(), 4);
    for c in 0..4 {
        shoot(&mut game, Seat::SECOND, 9, c);
    }
    assert_eq!(game.to_act(), vec![Seat::FIRST]);
    assert_eq!(game.position().shots_left(), 5);
}

#[test]
fn each_viewer_sees_only_what_it_may() {
    let mut game = Match::<Battleship>::new(Config::default()).unwrap();
    game.apply(Seat::FIRST, &place(ship(0, 0, false, 5))).unwrap();
    let own = game.view(Viewer::Seat(Seat::FIRST));
    assert_eq!(
        own.observation.seat_boards[0].at(Cell::new(0, 4)),
        BoardCell { owner: Some(Seat::FIRST), piece: Piece::Ship }
    );
    assert_eq!(own.observation.last_changed.len(), 5);
    assert_eq!(own.last_move.unwrap().action, Some(place(ship(0, 0, false, 5))));
    for viewer in [Viewer::Seat(Seat::SECOND), Viewer::Spectator] {
        let view = game.view(viewer);
        assert!(view.observation.seat_boards[0].cells.iter().all(|c| *c == BoardCell::default()));
        assert!(view.observation.last_changed.is_empty());
        let last = view.last_move.unwrap();
        assert_eq!((last.seat, last.action), (Seat::FIRST, None));
    }
    let game = classic();
    let p = game.position();
    for viewer in [Viewer::Seat(Seat::SECOND), Viewer::Spectator] {
        assert_eq!(Battleship::public_action(&p.config, viewer, Seat::FIRST, &fleet(&rows_fleet())), None);
        assert_eq!(Battleship::public_action(&p.config, viewer, Seat::FIRST, &Action::Ready), Some(Action::Ready));
        let shot = Action::Shot(Cell::new(1, 1));
        assert_eq!(Battleship::public_action(&p.config, viewer, Seat::FIRST, &shot), Some(shot));
    }
    assert_eq!(
        Battleship::public_action(&p.config, Viewer::Seat(Seat::FIRST), Seat::FIRST, &fleet(&rows_fleet())),
        Some(fleet(&rows_fleet()))
    );
    assert_eq!(p.describe(&place(ship(1, 2, true, 3))), "ship of 3 at c2 down");
    assert_eq!(p.describe(&Action::Shot(Cell::new(3, 0))), "a4");
}

#[test]
fn messages_never_depend_on_the_opponents_fleet() {
    let mut a = classic();
    let mut b = in_play(Config::default(), &rows_fleet(), &rows_fleet());
    for game in [&mut a, &mut b] {
        shoot(game, Seat::FIRST, 0, 0);
        shoot(game, Seat::SECOND, 9, 9);
    }
    for action in [Action::Shot(Cell::new(0, 0)), Action::Shot(Cell::new(12, 3)), Action::Ready, Action::Pass] {
        assert_eq!(a.apply(Seat::FIRST, &action).unwrap_err(), b.apply(Seat::FIRST, &action).unwrap_err());
    }
}

/// The cells of `ocean` that show an intact ship to `viewer`, in row-major order.
fn ships_shown(game: &Match<Battleship>, viewer: Viewer, ocean: Seat) -> Vec<Cell> {
    let board = board(game, viewer, ocean);
    let dims = Dims::new(board.width, board.height);
    (0..dims.area()).map(|i| dims.cell(i)).filter(|&c| board.at(c).piece == Piece::Ship).collect()
}

/// The cells of `ships` not in `hit`, in row-major order.
fn intact(ships: &[ShipPlacement], hit: &[Cell]) -> Vec<Cell> {
    let mut cells: Vec<Cell> =
        ships.iter().flat_map(|s| ship_cells(Dims::new(10, 10), s).unwrap()).filter(|c| !hit.contains(c)).collect();
    cells.sort_by_key(|c| (c.row, c.col));
    cells
}

/// After `resigner` resigned `game`: the game is finished for every viewer, each of whom
/// sees the intact ships of `fleets` (per ocean) exactly when the configuration reveals
/// them or they are its own, and nothing follows; replay and snapshot agree.
fn check_resigned(game: &mut Match<Battleship>, resigner: Seat, fleets: [Vec<Cell>; 2], hide: bool) {
    let winner = Outcome::Win { winner: resigner.opponent(), reason: WinReason::Resignation, line: Vec::new() };
    assert_eq!(game.outcome(), Some(winner));
    for viewer in [Viewer::Seat(Seat::FIRST), Viewer::Seat(Seat::SECOND), Viewer::Spectator] {
        let view = game.view(viewer);
        assert_eq!(view.observation.stage, Some(Stage::Finished), "{viewer:?}");
        assert!(view.to_act.is_empty(), "{viewer:?}");
        for ocean in [Seat::FIRST, Seat::SECOND] {
            let expected =
                if hide && viewer != Viewer::Seat(ocean) { Vec::new() } else { fleets[ocean.index()].clone() };
            assert_eq!(ships_shown(game, viewer, ocean), expected, "{viewer:?} looking at {ocean}'s ocean");
        }
    }
    for seat in [Seat::FIRST, Seat::SECOND] {
        assert!(game.legal_moves(seat).is_empty());
        refused(game, seat, Action::Shot(Cell::new(9, 9)), Reason::GameOver);
        refused(game, seat, place(ship(9, 0, false, 2)), Reason::GameOver);
    }
    assert_eq!(game.position().shots_left(), 0);
    assert_eq!(Match::<Battleship>::replay(game.config().clone(), game.history()).unwrap(), *game);
    assert_eq!(Match::<Battleship>::restore(game.config(), &game.snapshot()).unwrap(), *game);
}

#[test]
fn a_resignation_in_play_finishes_the_game_and_reveals_what_the_configuration_reveals() {
    for hide in [false, true] {
        let config = Config { hide_fleets_at_end: hide, ..Config::default() };
        let mut game = in_play(config, &rows_fleet(), &columns_fleet());
        shoot(&mut game, Seat::FIRST, 0, 9);
        shoot(&mut game, Seat::SECOND, 0, 0);
        shoot(&mut game, Seat::FIRST, 9, 9);
        game.resign(Seat::SECOND).unwrap();
        // The hits stay hits: only intact cells show as ships.
        let fleets = [intact(&rows_fleet(), &[Cell::new(0, 0)]), intact(&columns_fleet(), &[Cell::new(0, 9)])];
        check_resigned(&mut game, Seat::SECOND, fleets, hide);
        assert_eq!(board(&game, Viewer::Spectator, Seat::SECOND).at(Cell::new(0, 9)).piece, Piece::Hit);
        assert_eq!(board(&game, Viewer::Spectator, Seat::SECOND).at(Cell::new(9, 9)).piece, Piece::Miss);
    }
}

#[test]
fn a_resignation_in_placement_finishes_the_game_and_reveals_the_ships_placed() {
    for hide in [false, true] {
        let config = Config { hide_fleets_at_end: hide, ..Config::default() };
        let mut game = Match::<Battleship>::new(config).unwrap();
        // Seat 1 has confirmed its fleet; seat 2 has placed one ship of five.
        game.apply(Seat::FIRST, &fleet(&rows_fleet())).unwrap();
        game.apply(Seat::FIRST, &Action::Ready).unwrap();
        let carrier = columns_fleet()[0];
        game.apply(Seat::SECOND, &place(carrier)).unwrap();
        assert_eq!(game.view(Viewer::Spectator).observation.stage, Some(Stage::Placement));
        game.resign(Seat::SECOND).unwrap();
        check_resigned(&mut game, Seat::SECOND, [intact(&rows_fleet(), &[]), intact(&[carrier], &[])], hide);
    }
    // Seat 1 resigns before placing a ship; seat 2's fleet, placed but unconfirmed, is revealed.
    let mut game = Match::<Battleship>::new(Config::default()).unwrap();
    game.apply(Seat::SECOND, &fleet(&columns_fleet())).unwrap();
    game.resign(Seat::FIRST).unwrap();
    check_resigned(&mut game, Seat::FIRST, [Vec::new(), intact(&columns_fleet(), &[])], false);
}

// ---- properties ----

fn arb_ship(max: u32) -> impl Strategy<Value = ShipPlacement> {
    (0..max, 0..max, any::<bool>(), 0u32..8).prop_map(|(r, c, v, l)| ship(r, c, v, l))
}

fn arb_config() -> impl Strategy<Value = Config> {
    prop_oneof![
        Just(Config::default()),
        Just(Config { no_touching: true, ..Config::default() }),
        Just(Config { width: 6, height: 5, fleet: vec![3, 2, 2], ..Config::default() }),
        Just(Config { width: 7, height: 7, fleet: vec![4, 3, 2], no_touching: true, salvo: true, ..Config::default() }),
        Just(Config { width: 5, height: 6, fleet: vec![3, 2], extra_shot_on_hit: true, ..Config::default() }),
    ]
}

/// Cells of `s` by plain arithmetic, for the oracles below.
fn oracle_cells(config: &Config, s: &ShipPlacement) -> Option<Vec<Cell>> {
    if s.length == 0 {
        return None;
    }
    let cells: Vec<(u64, u64)> = (0..s.length as u64)
        .map(|i| match s.orientation {
            Orientation::Horizontal => (s.bow.row as u64, s.bow.col as u64 + i),
            Orientation::Vertical => (s.bow.row as u64 + i, s.bow.col as u64),
        })
        .collect();
    cells
        .iter()
        .all(|&(r, c)| r < config.height as u64 && c < config.width as u64)
        .then(|| cells.iter().map(|&(r, c)| Cell::new(r as u32, c as u32)).collect())
}

fn touches(a: &[Cell], b: &[Cell]) -> bool {
    a.iter().any(|x| b.iter().any(|y| x.row.abs_diff(y.row) <= 1 && x.col.abs_diff(y.col) <= 1))
}

/// Whether a set of ships is a valid fleet by the rules, checked independently.
fn oracle_fleet(config: &Config, ships: &[ShipPlacement]) -> bool {
    let mut lengths: Vec<u32> = ships.iter().map(|s| s.length).collect();
    let mut want = config.fleet.clone();
    lengths.sort();
    want.sort();
    if lengths != want {
        return false;
    }
    let Some(cells) = ships.iter().map(|s| oracle_cells(config, s)).collect::<Option<Vec<_>>>() else { return false };
    let mut seen = HashSet::new();
    if !cells.iter().flatten().all(|c| seen.insert(*c)) {
        return false;
    }
    !config.no_touching || (0..cells.len()).all(|i| (i + 1..cells.len()).all(|j| !touches(&cells[i], &cells[j])))
}

/// Plays a random game: random listed placements and shots, with random refused moves
/// thrown in. Calls `check` after every step.
fn random_game(config: Config, choices: &[u32], mut check: impl FnMut(&Match<Battleship>)) -> Match<Battleship> {
    let mut game = Match::<Battleship>::new(config).unwrap();
    let mut step = 0;
    while game.outcome().is_none() {
        let to_act = game.to_act();
        let pick = choices[step % choices.len()] as usize + step;
        let seat = to_act[pick % to_act.len()];
        let legal = game.legal_moves(seat);
        game.apply(seat, &legal[pick % legal.len()]).unwrap();
        check(&game);
        step += 1;
        assert!(step < 2_000);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Bent ships cannot be expressed; zero-length, over-long, off-board, overlapping,
    /// touching (when forbidden) and unowed ships are refused with the state unchanged,
    /// and anything the oracle accepts is accepted unless it would leave no room.
    #[test]
    fn single_ship_placements_follow_the_rules(config in arb_config(), ships in prop::collection::vec(arb_ship(12), 1..30)) {
        let mut game = Match::<Battleship>::new(config.clone()).unwrap();
        let seat = Seat::SECOND;
        for s in ships {
            let ocean = game.position().ocean(seat);
            let placed: Vec<Vec<Cell>> = ocean.ships().iter().map(|s| s.cells().collect()).collect();
            let owed = ocean.owed().contains(&s.length);
            let cells = oracle_cells(&config, &s);
            let before = game.clone();
            let listed = game.legal_moves(seat).contains(&place(s));
            let result = game.apply(seat, &place(s));
            prop_assert_eq!(result.is_ok(), listed);
            match (&cells, result) {
                (_, Err(e)) => {
                    prop_assert_eq!(&game, &before);
                    let expected_reasons: &[Reason] = match &cells {
                        _ if !owed || s.length == 0 => &[Reason::NotOwed],
                        None => &[Reason::OutOfBounds],
                        Some(c) if placed.iter().flatten().any(|p| c.contains(p)) => &[Reason::CellOccupied],
                        Some(c) if config.no_touching && placed.iter().any(|p| touches(p, c)) => &[Reason::PiecesTouching],
                        Some(_) => &[Reason::NoRoomLeft],
                    };
                    prop_assert!(expected_reasons.contains(&e.reason), "{:?}: {:?}", s, e);
                }
                (None, Ok(())) => prop_assert!(false, "off-board {:?} accepted", s),
                (Some(c), Ok(())) => {
                    prop_assert!(owed);
                    prop_assert!(!placed.iter().flatten().any(|p| c.contains(p)));
                    prop_assert!(!config.no_touching || !placed.iter().any(|p| touches(p, c)));
                }
            }
        }
    }

    /// A whole fleet is accepted exactly when it is the configured fleet, on the board,
    /// without overlap (and without touching when forbidden).
    #[test]
    fn whole_fleets_are_accepted_exactly_when_valid(config in arb_config(), ships in prop::collection::vec(arb_ship(11), 0..7)) {
        let mut game = Match::<Battleship>::new(config.clone()).unwrap();
        let before = game.clone();
        let valid = oracle_fleet(&config, &ships);
        let result = game.apply(Seat::FIRST, &fleet(&ships));
        prop_assert_eq!(result.is_ok(), valid, "{:?}", result);
        if !valid {
            prop_assert_eq!(&game, &before);
        }
    }

    /// In random games: a ship is sunk exactly when each of its distinct cells was hit,
    /// refused shots (repeated, off the board, out of turn) change nothing, not even the
    /// turn, and nobody but the owner ever sees an unrevealed ship cell.
    #[test]
    fn random_games_keep_the_shooting_and_hiding_rules(
        config in arb_config(),
        choices in prop::collection::vec(any::<u32>(), 1..40),
        junk in prop::collection::vec((0u32..12, 0u32..12), 1..20),
    ) {
        let game = random_game(config.clone(), &choices, |game| {
            let p = game.position();
            let finished = game.outcome().is_some();
            for owner in [Seat::FIRST, Seat::SECOND] {
                let ocean = p.ocean(owner);
                // Sunk exactly when every distinct cell was shot.
                for s in ocean.ships() {
                    let all_hit = s.cells().all(|c| ocean.was_shot(c));
                    assert_eq!(s.is_sunk(), all_hit);
                    let spectator = &game.view(Viewer::Spectator).observation.seat_boards[owner.index()];
                    for c in s.cells() {
                        let shown = spectator.at(c).piece;
                        if all_hit { assert_eq!(shown, Piece::Sunk) } else if ocean.was_shot(c) { assert_eq!(shown, Piece::Hit) }
                    }
                }
                // What others see of this ocean.
                let revealed = finished && !config.hide_fleets_at_end;
                for viewer in [Viewer::Seat(owner.opponent()), Viewer::Spectator] {
                    let view = game.view(viewer);
                    let board = &view.observation.seat_boards[owner.index()];
                    for (i, cell) in board.cells.iter().enumerate() {
                        let at = Dims::new(config.width, config.height).cell(i);
                        let shot = ocean.was_shot(at);
                        match cell.piece {
                            Piece::Ship => assert!(revealed, "{viewer:?} sees an unrevealed ship at {at}"),
                            Piece::Hit | Piece::Sunk | Piece::Miss => assert!(shot, "{viewer:?} sees an unshot {at}"),
                            Piece::Empty => assert!(!shot),
                            other => panic!("unexpected {other:?}"),
                        }
                    }
                    for changed in &view.observation.last_changed {
                        if changed.seat_board == Some(owner) {
                            assert!(ocean.was_shot(changed.cell), "{viewer:?} told of an unshot change");
                        }
                    }
                    for turn in game.history() {
                        if let crate::engine::Turn::Move(actor, action) = turn {
                            let public = Battleship::public_action(&p.config, viewer, *actor, action);
                            if matches!(action, Action::Place(_)) && viewer != Viewer::Seat(*actor) {
                                assert_eq!(public, None);
                            } else {
                                assert_eq!(public.as_ref(), Some(action));
                            }
                        }
                    }
                    if let Some(last) = view.last_move
                        && last.seat == owner && viewer != Viewer::Seat(owner) {
                            assert!(!matches!(last.action, Some(Action::Place(_))));
                        }
                }
            }
        });
        // Replaying with refused shots in between: a shot out of turn, a repeated shot
        // and a shot off the board change nothing, not even the turn.
        let mut replay = Match::<Battleship>::new(config.clone()).unwrap();
        for (index, turn) in game.history().iter().enumerate() {
            let crate::engine::Turn::Move(seat, action) = turn else { unreachable!() };
            if let Action::Shot(_) = action {
                let (r, c) = junk[index % junk.len()];
                let target = replay.position().ocean(seat.opponent());
                let shot_before: Vec<Cell> = (0..config.height)
                    .flat_map(|r| (0..config.width).map(move |c| Cell::new(r, c)))
                    .filter(|&c| target.was_shot(c))
                    .collect();
                let mut attempts = vec![(seat.opponent(), Cell::new(r, c), Reason::NotYourTurn)];
                if let Some(&again) = shot_before.get((r * 7 + c) as usize % shot_before.len().max(1)) {
                    attempts.push((*seat, again, Reason::AlreadyShot));
                }
                attempts.push((*seat, Cell::new(config.height + r, c), Reason::OutOfBounds));
                for (who, cell, reason) in attempts {
                    let before = replay.clone();
                    let to_act = replay.to_act();
                    let error = replay.apply(who, &Action::Shot(cell)).unwrap_err();
                    prop_assert_eq!(error.reason, reason);
                    prop_assert_eq!(&replay, &before);
                    prop_assert_eq!(replay.to_act(), to_act);
                }
            }
            replay.apply(*seat, action).unwrap();
        }
        prop_assert!(replay.outcome().is_some());
    }
}

mod bots {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::SearchBudget;

    fn budget(go: &AtomicBool) -> SearchBudget<'_> {
        SearchBudget::new(2_000, go)
    }

    /// Seat 2's fleets in the two games: the same but for the destroyer.
    fn fleets() -> [Vec<ShipPlacement>; 2] {
        let a = columns_fleet();
        let mut b = a.clone();
        b[4] = ship(9, 0, false, 2);
        [a, b]
    }

    /// Two games whose seat 2 hid different fleets, equal to seat 1's eye for as long as
    /// seat 1's shots miss the ships that differ, get the same bot choices for seat 1 at
    /// every level, in placement and in play.
    #[test]
    fn the_bot_and_its_analysis_see_only_what_its_seat_sees() {
        let go = AtomicBool::new(false);
        let [a, b] = fleets();
        let mut games = [Match::<Battleship>::new(Config::default()).unwrap(), Match::new(Config::default()).unwrap()];
        for (game, hidden) in games.iter_mut().zip([&a, &b]) {
            game.apply(Seat::SECOND, &fleet(hidden)).unwrap();
        }
        let same_for_seat_one = |games: &[Match<Battleship>; 2]| {
            games[0].view(Viewer::Seat(Seat::FIRST)) == games[1].view(Viewer::Seat(Seat::FIRST))
        };
        assert!(same_for_seat_one(&games));
        assert_eq!(games[0].analyse(Seat::FIRST, budget(&go)), games[1].analyse(Seat::FIRST, budget(&go)));
        for level in 1..=MAX_LEVEL_FOR_TESTS {
            let placed = games[0].bot_action(Seat::FIRST, level, budget(&go));
            assert!(matches!(placed, Some(Action::Place(PlaceTarget::Fleet(_)))), "{placed:?}");
            assert_eq!(placed, games[1].bot_action(Seat::FIRST, level, budget(&go)), "placement, level {level}");
        }
        for game in &mut games {
            let placed = game.bot_action(Seat::FIRST, 1, budget(&go)).unwrap();
            game.apply(Seat::FIRST, &placed).unwrap();
            assert_eq!(game.bot_action(Seat::FIRST, 1, budget(&go)), Some(Action::Ready));
            game.apply(Seat::FIRST, &Action::Ready).unwrap();
            game.apply(Seat::SECOND, &Action::Ready).unwrap();
        }

        let mut compared = 0;
        let mut hits_seen = false;
        for step in 0..60u32 {
            if !same_for_seat_one(&games) {
                break;
            }
            let choices: Vec<Option<Action>> =
                (1..=MAX_LEVEL_FOR_TESTS).map(|level| games[0].bot_action(Seat::FIRST, level, budget(&go))).collect();
            for level in 1..=MAX_LEVEL_FOR_TESTS {
                let other = games[1].bot_action(Seat::FIRST, level, budget(&go));
                assert_eq!(choices[level as usize - 1], other, "step {step}, level {level}");
            }
            // The analysis (a hint) decides from the same view alone.
            let analysis = games[0].analyse(Seat::FIRST, budget(&go));
            assert_eq!(analysis, games[1].analyse(Seat::FIRST, budget(&go)), "step {step}, analysis");
            assert!(matches!(analysis.unwrap().line[..], [Action::Shot(_)]));
            compared += 1;
            let shot = choices[(step % 3) as usize].clone().unwrap();
            for game in &mut games {
                game.apply(Seat::FIRST, &shot).unwrap();
                if game.outcome().is_none() {
                    shoot(game, Seat::SECOND, step / 10, step % 10);
                }
            }
            let seen = board(&games[0], Viewer::Seat(Seat::FIRST), Seat::SECOND);
            hits_seen |= seen.cells.iter().any(|c| matches!(c.piece, Piece::Hit | Piece::Sunk));
        }
        assert!(compared >= 5, "the views parted after {compared} shots");
        assert!(hits_seen, "no hit while the views were equal: targeting went untested");
    }

    const MAX_LEVEL_FOR_TESTS: u8 = <Battleship as Rules>::MAX_BOT_LEVEL;

    /// Hunting bots sink a fleet well before shooting row by row sinks theirs (the first
    /// seat's rows fleet falls to the 82nd shot of a row-major sweep).
    #[test]
    fn hunting_bots_outshoot_a_sweep() {
        let go = AtomicBool::new(false);
        for level in 2..=MAX_LEVEL_FOR_TESTS {
            for hidden in fleets() {
                let mut game = in_play(Config::default(), &rows_fleet(), &hidden);
                let mut sweep = 0;
                while game.outcome().is_none() {
                    let shot = game.bot_action(Seat::FIRST, level, budget(&go)).unwrap();
                    game.apply(Seat::FIRST, &shot).unwrap();
                    if game.outcome().is_none() {
                        shoot(&mut game, Seat::SECOND, sweep / 10, sweep % 10);
                        sweep += 1;
                    }
                }
                assert_eq!(game.outcome().unwrap().winner(), Some(Seat::FIRST), "level {level}: {sweep} shots");
            }
        }
    }

    /// Ships that may not touch: the bot's fleet obeys the rule, and its shots skip the
    /// cells around a sunk ship.
    #[test]
    fn bots_keep_the_no_touching_rule() {
        let go = AtomicBool::new(false);
        let config = Config { no_touching: true, ..Config::default() };
        for seed_moves in 0..4 {
            let mut game = Match::<Battleship>::new(config.clone()).unwrap();
            // Different histories give different seeds.
            for _ in 0..seed_moves {
                let single = game.legal_moves(Seat::SECOND)[seed_moves * 7].clone();
                game.apply(Seat::SECOND, &single).unwrap();
            }
            let placed = game.bot_action(Seat::FIRST, 3, budget(&go)).unwrap();
            game.apply(Seat::FIRST, &placed).unwrap();
        }
        let mut game = in_play(config, &rows_fleet(), &columns_fleet());
        // Sink the destroyer in column 1 (rows 0 and 1).
        shoot(&mut game, Seat::FIRST, 0, 1);
        shoot(&mut game, Seat::SECOND, 9, 9);
        shoot(&mut game, Seat::FIRST, 1, 1);
        shoot(&mut game, Seat::SECOND, 9, 8);
        for _ in 0..20 {
            let Some(Action::Shot(cell)) = game.bot_action(Seat::FIRST, 3, budget(&go)) else { panic!() };
            assert!(!(cell.row <= 2 && cell.col <= 2), "shot {cell:?} next to the sunk destroyer");
            game.apply(Seat::FIRST, &Action::Shot(cell)).unwrap();
            let sweep = game.legal_moves(Seat::SECOND).pop().unwrap();
            game.apply(Seat::SECOND, &sweep).unwrap();
        }
    }
}

/// Ships may touch by default, so a group of sunk cells may be several ships; the density
/// bot once read such a group as the longest ships that fit and went on hunting ships it
/// had sunk, firing at every cell of the ocean. Now it keeps every reading the group
/// allows: over 200 random fleets placed by the bot, it never needs 84 shots (the mean is
/// in the forties, see the bots benchmark).
#[test]
fn the_density_bot_reads_touching_sunk_ships_every_way_they_fit() {
    use crate::engine::SearchBudget;
    use std::sync::atomic::AtomicBool;
    let go = AtomicBool::new(false);
    let budget = || SearchBudget::new(2_000, &go);
    for seed in 0..200u64 {
        let mut game = Match::<Battleship>::new(Config::default()).unwrap();
        let hidden = game.position().bot_action(Seat::SECOND, 1, budget(), seed).unwrap();
        game.apply(Seat::SECOND, &hidden).unwrap();
        game.apply(Seat::SECOND, &Action::Ready).unwrap();
        let own = game.bot_action(Seat::FIRST, 1, budget()).unwrap();
        game.apply(Seat::FIRST, &own).unwrap();
        game.apply(Seat::FIRST, &Action::Ready).unwrap();
        while game.outcome().is_none() {
            let shot = game.bot_action(Seat::FIRST, 3, budget()).unwrap();
            game.apply(Seat::FIRST, &shot).unwrap();
            if game.outcome().is_none() {
                // Seat 2 fires at water only, so that seat 1 always finishes.
                let ocean = board(&game, Viewer::Seat(Seat::FIRST), Seat::FIRST);
                let water = game
                    .legal_moves(Seat::SECOND)
                    .into_iter()
                    .find(|action| matches!(action, Action::Shot(cell) if ocean.at(*cell).piece != Piece::Ship));
                game.apply(Seat::SECOND, &water.unwrap_or_else(|| panic!("seed {seed}: over 83 shots"))).unwrap();
            }
        }
    }
}

#[test]
fn placements_and_ready_can_be_taken_back_but_never_a_shot() {
    for consent in [false, true] {
        let play = PlayOptions { allow_takebacks: true, takeback_consent: consent, ..PlayOptions::default() };
        let config = Config { play, ..Config::default() };
        let take_back = |game: &mut Match<Battleship>, seat: Seat| {
            if consent {
                game.request_take_back(seat)?;
                game.answer_take_back(seat.opponent(), true)
            } else {
                game.take_back(seat)
            }
        };
        let mut game = Match::<Battleship>::new(config.clone()).unwrap();
        game.apply(Seat::FIRST, &place(ship(0, 0, false, 5))).unwrap();
        take_back(&mut game, Seat::FIRST).unwrap();
        assert_eq!(game.move_count(), 0, "a placement is undone");
        game.apply(Seat::FIRST, &fleet(&rows_fleet())).unwrap();
        game.apply(Seat::FIRST, &Action::Ready).unwrap();
        take_back(&mut game, Seat::FIRST).unwrap();
        assert!(game.to_act().contains(&Seat::FIRST), "a Ready is undone: seat 1 places again");

        let mut game = in_play(config, &rows_fleet(), &columns_fleet());
        for (row, col) in [(0, 9), (9, 0)] {
            shoot(&mut game, Seat::FIRST, row, col);
            let before = game.clone();
            let error = take_back(&mut game, Seat::FIRST).unwrap_err();
            assert_eq!(error.reason, Reason::TakebackNotAllowed, "{}", error.message);
            assert!(error.message.contains("cannot be taken back"), "{}", error.message);
            assert_eq!(game, before, "a refused takeback changes nothing");
            game.apply(Seat::SECOND, &Action::Shot(Cell::new(row, col))).unwrap();
        }
    }
}
