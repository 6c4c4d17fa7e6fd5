use super::*;
use crate::engine::Match;
use crate::engine::{DrawReason, WinReason};

const X: Seat = Seat::FIRST;
const O: Seat = Seat::SECOND;

fn at(row: u32, col: u32) -> Cell {
    Cell::new(row, col)
}

fn place(row: u32, col: u32) -> Action {
    Action::place(row, col)
}

fn mv(from: (u32, u32), to: (u32, u32)) -> Action {
    Action::Move { from: Location::Cell(at(from.0, from.1)), to: Location::Cell(at(to.0, to.1)), promotion: None }
}

fn shift(d_row: i32, d_col: i32) -> Action {
    Action::GridShift { d_row, d_col }
}

fn grid(top: u32, left: u32, size: u32) -> Region {
    Region { top, left, height: size, width: size }
}

/// A live position drawn as rows of `X`, `O` and `.`, with the grid's top-left corner at
/// `corner` and `turn` to act. Every piece drawn counts as placed, and the position as
/// seen once.
fn setup(config: Config, rows: &[&str], corner: (u32, u32), turn: Seat) -> TicTacTwo {
    let mut position = TicTacTwo::new(&config).unwrap();
    assert_eq!(rows.len() as u32, config.board_size, "draw every row");
    for (r, row) in rows.iter().enumerate() {
        for (c, mark) in row.split_whitespace().enumerate() {
            let seat = match mark {
                "X" => X,
                "O" => O,
                "." => continue,
                other => panic!("unknown mark {other:?}"),
            };
            position.board.set(at(r as u32, c as u32), seat);
            position.placed[seat.index()] += 1;
        }
    }
    position.grid = Region { top: corner.0, left: corner.1, ..position.grid };
    position.turn = turn;
    position.moves = position.placed.iter().sum();
    position.seen = BTreeMap::from([(position.position_key(), 1)]);
    assert!(position.line_in_grid(X).is_none() && position.line_in_grid(O).is_none(), "a live position has no line");
    position
}

/// Applies `action`, which must be refused, checks that nothing changed and that it is not
/// listed, and returns why it was refused.
fn refused(position: &mut TicTacTwo, seat: Seat, action: Action) -> Reason {
    let before = position.clone();
    let error = position.play_move(seat, &action).expect_err("the action should be refused");
    assert_eq!(*position, before, "a refused {action:?} changed the position");
    assert!(!position.legal_moves(seat).contains(&action), "{action:?} is refused but listed");
    assert!(!error.message.is_empty());
    error.reason
}

fn play(config: Config, actions: &[Action]) -> Match<TicTacTwo> {
    let mut game = Match::<TicTacTwo>::new(config).unwrap();
    for (i, action) in actions.iter().enumerate() {
        let seat = Seat::new((i % 2) as u8);
        game.apply(seat, action).unwrap_or_else(|e| panic!("move {i} ({action:?}): {e}"));
    }
    game
}

fn winner(outcome: Option<Outcome>) -> Option<(Seat, Vec<Cell>)> {
    match outcome {
        Some(Outcome::Win { winner, reason: WinReason::Line, line }) => Some((winner, line)),
        _ => None,
    }
}

/// Every action of every kind this game knows of on its board (and a little beyond).
fn every_candidate(side: u32) -> Vec<Action> {
    let cells: Vec<(u32, u32)> = (0..=side).flat_map(|r| (0..=side).map(move |c| (r, c))).collect();
    let places = cells.iter().map(|&(r, c)| place(r, c));
    let moves = cells.iter().flat_map(|&from| cells.iter().map(move |&to| mv(from, to)));
    let shifts = (-2..=2).flat_map(|d_row| (-2..=2).map(move |d_col| shift(d_row, d_col)));
    places.chain(moves).chain(shifts).collect()
}

/// Checks that `apply` accepts exactly the listed actions, and changes nothing when it refuses.
fn assert_listed_is_accepted(position: &TicTacTwo) {
    let seat = position.to_act()[0];
    let legal = position.legal_moves(seat);
    for action in every_candidate(position.config.board_size) {
        let mut copy = position.clone();
        let accepted = copy.play_move(seat, &action).is_ok();
        assert_eq!(accepted, legal.contains(&action), "{action:?}");
        if !accepted {
            assert_eq!(&copy, position);
        }
    }
}

#[test]
fn the_grid_starts_centred_and_only_placements_inside_it_are_open() {
    let position = TicTacTwo::new(&Config::default()).unwrap();
    assert_eq!(position.grid(), grid(1, 1, 3));
    let inside: Vec<Action> = (1..4).flat_map(|r| (1..4).map(move |c| place(r, c))).collect();
    assert_eq!(position.legal_moves(X), inside);
    assert!(position.legal_moves(O).is_empty());
    assert_listed_is_accepted(&position);

    let view = position.observe(Viewer::Spectator);
    assert_eq!(view.active_region, Some(grid(1, 1, 3)));
    assert_eq!(view.seat_in_hand, vec![4, 4]);
    assert_eq!(view.board.unwrap().width, 5);

    // When the sizes do not allow exact centring, the grid leans to the top-left.
    let even = TicTacTwo::new(&Config { board_size: 6, ..Config::default() }).unwrap();
    assert_eq!(even.grid(), grid(1, 1, 3));
    let large = TicTacTwo::new(&TicTacTwo::presets()[1].config).unwrap();
    assert_eq!(large.grid(), grid(1, 1, 4));
}

#[test]
fn placing_outside_the_grid_is_refused() {
    let mut position = TicTacTwo::new(&Config::default()).unwrap();
    assert_eq!(refused(&mut position, X, place(0, 0)), Reason::OutsideGrid);
    assert_eq!(refused(&mut position, X, place(4, 2)), Reason::OutsideGrid);
    assert_eq!(refused(&mut position, X, place(2, 4)), Reason::OutsideGrid);
    assert_eq!(refused(&mut position, X, place(5, 0)), Reason::OutOfBounds);
    assert_eq!(refused(&mut position, X, place(u32::MAX, u32::MAX)), Reason::OutOfBounds);
    assert_eq!(refused(&mut position, X, Action::drop(2)), Reason::MoveKindNotAllowed);
    assert_eq!(refused(&mut position, X, Action::Pass), Reason::MoveKindNotAllowed);
    position.play_move(X, &place(1, 1)).unwrap();
    assert_eq!(refused(&mut position, O, place(1, 1)), Reason::CellOccupied);
}

#[test]
fn moving_or_shifting_before_the_unlock_threshold_is_refused() {
    let mut game = play(Config::default(), &[place(2, 2), place(1, 1)]);
    let before = game.clone();
    for action in [shift(0, 1), mv((2, 2), (1, 2))] {
        let error = game.apply(X, &action).unwrap_err();
        assert_eq!(error.reason, Reason::MoveLocked);
        assert_eq!(
            error.message,
            "seat 1 may move a piece or shift the grid only after placing 2 pieces, and has placed 1; \
             place a piece inside the grid instead"
        );
        assert_eq!(game, before);
    }
    assert_eq!(game.legal_moves(X).len(), 7, "only the seven free grid cells");
    assert_listed_is_accepted(game.position());

    // X has now placed two pieces and is unlocked; O, with one placed, is not.
    game.apply(X, &place(1, 3)).unwrap();
    assert_eq!(refused(&mut game.position().clone(), O, shift(1, 0)), Reason::MoveLocked);
    game.apply(O, &place(3, 1)).unwrap();
    // Five placements, two pieces times five empty grid cells, and all eight shifts.
    assert_eq!(game.legal_moves(X).len(), 5 + 2 * 5 + 8);
    assert_listed_is_accepted(game.position());
    game.apply(X, &shift(0, 1)).unwrap();
    assert_eq!(game.position().grid(), grid(1, 2, 3));
    assert_eq!(game.outcome(), None);

    // A higher threshold keeps a seat placing for longer.
    let late = Config { unlock_after: 4, ..Config::default() };
    let mut game = play(late, &[place(2, 2), place(1, 1), place(1, 3), place(3, 1), place(1, 2), place(3, 2)]);
    assert_eq!(refused(&mut game.position().clone(), X, shift(0, 1)), Reason::MoveLocked);
    assert!(game.legal_moves(X).iter().all(|a| matches!(a, Action::Place(_))));
    game.apply(X, &place(3, 3)).unwrap();
}

#[test]
fn a_seat_with_every_piece_placed_can_only_move_or_shift() {
    #[rustfmt::skip]
    let mut position = setup(Config::default(), &[
        ". . . . .",
        ". X O X .",
        ". X O O .",
        ". O X . .",
        ". . . . .",
    ], (1, 1), X);
    assert_eq!(position.in_hand(X), 0);
    assert_eq!(refused(&mut position, X, place(3, 3)), Reason::NoPiecesLeft);
    let legal = position.legal_moves(X);
    assert!(!legal.iter().any(|a| matches!(a, Action::Place(_))));
    // Four pieces to the single empty grid cell, and all eight shifts.
    assert_eq!(legal.len(), 4 + 8);
    assert_listed_is_accepted(&position);
    position.play_move(X, &mv((1, 1), (3, 3))).unwrap();
    assert_eq!(position.board.get(at(1, 1)), None);
    assert_eq!(position.board.get(at(3, 3)), Some(X));
    assert_eq!(position.observe(Viewer::Seat(X)).seat_in_hand, vec![0, 0]);
    assert_eq!(position.outcome(), None);
}

#[rustfmt::skip]
const BOTH_LINES_AFTER_A_RIGHT_SHIFT: [&str; 5] = [
    ". . . . .",
    ". . X X X",
    ". . . . .",
    ". . O O O",
    ". . . . .",
];

#[test]
fn a_shift_completing_both_lines_is_won_by_the_mover_by_default() {
    let mut position = setup(Config::default(), &BOTH_LINES_AFTER_A_RIGHT_SHIFT, (1, 1), X);
    position.play_move(X, &shift(0, 1)).unwrap();
    assert_eq!(winner(position.outcome()), Some((X, vec![at(1, 2), at(1, 3), at(1, 4)])));
    assert!(position.to_act().is_empty());
    assert!(position.legal_moves(O).is_empty());

    // Whoever shifts wins: here O.
    let mut position = setup(Config::default(), &BOTH_LINES_AFTER_A_RIGHT_SHIFT, (1, 1), O);
    position.play_move(O, &shift(0, 1)).unwrap();
    assert_eq!(winner(position.outcome()), Some((O, vec![at(3, 2), at(3, 3), at(3, 4)])));
}

#[test]
fn a_shift_completing_both_lines_is_a_draw_under_the_draw_rule() {
    let config = Config { simultaneous_lines: SimultaneousLines::Draw, ..Config::default() };
    let mut position = setup(config, &BOTH_LINES_AFTER_A_RIGHT_SHIFT, (1, 1), X);
    position.play_move(X, &shift(0, 1)).unwrap();
    assert_eq!(position.outcome(), Some(Outcome::Draw { reason: DrawReason::SimultaneousLines }));
    assert!(position.to_act().is_empty());
}

#[test]
fn a_shift_completing_only_the_opponents_line_loses_under_either_rule() {
    #[rustfmt::skip]
    let rows = [
        ". . . . .",
        ". X . . .",
        ". . . . .",
        ". . O O O",
        ". X . . .",
    ];
    for rule in [SimultaneousLines::MoverWins, SimultaneousLines::Draw] {
        let config = Config { simultaneous_lines: rule, ..Config::default() };
        let mut position = setup(config, &rows, (1, 1), X);
        position.play_move(X, &shift(0, 1)).unwrap();
        assert_eq!(winner(position.outcome()), Some((O, vec![at(3, 2), at(3, 3), at(3, 4)])), "{rule:?}");
    }
}

#[test]
fn a_shift_off_the_board_or_not_one_step_is_refused() {
    #[rustfmt::skip]
    let mut position = setup(Config::default(), &[
        ". X . . .",
        ". . O . .",
        ". . X O .",
        ". . . . .",
        ". . . . .",
    ], (0, 1), X);
    for (d_row, d_col) in [(-1, -1), (-1, 0), (-1, 1)] {
        assert_eq!(refused(&mut position, X, shift(d_row, d_col)), Reason::GridOffBoard);
    }
    for (d_row, d_col) in [(0, 0), (2, 0), (0, -2), (-1, 5), (i32::MIN, 1)] {
        assert_eq!(refused(&mut position, X, shift(d_row, d_col)), Reason::InvalidShift);
    }
    let shifts: Vec<Action> =
        position.legal_moves(X).into_iter().filter(|a| matches!(a, Action::GridShift { .. })).collect();
    assert_eq!(shifts, vec![shift(0, -1), shift(0, 1), shift(1, -1), shift(1, 0), shift(1, 1)]);
    assert_listed_is_accepted(&position);

    // In the bottom-right corner only the three shifts back towards the centre remain.
    position.grid = grid(2, 2, 3);
    let shifts: Vec<Action> =
        position.legal_moves(X).into_iter().filter(|a| matches!(a, Action::GridShift { .. })).collect();
    assert_eq!(shifts, vec![shift(-1, -1), shift(-1, 0), shift(0, -1)]);

    // A grid as large as the board can never shift.
    let whole = Config { board_size: 3, ..Config::default() };
    let game = play(whole, &[place(0, 0), place(1, 1), place(0, 2), place(2, 0)]);
    assert!(!game.legal_moves(X).iter().any(|a| matches!(a, Action::GridShift { .. })));
    assert_eq!(refused(&mut game.position().clone(), X, shift(0, 1)), Reason::GridOffBoard);
}

#[test]
fn a_line_partly_outside_the_grid_does_not_win_until_the_grid_covers_it() {
    #[rustfmt::skip]
    let mut position = setup(Config::default(), &[
        ". . . . .",
        "X X . . .",
        ". . O . .",
        ". . . O .",
        ". . . . .",
    ], (1, 1), X);
    // Three in a row on the board, but (1, 0) lies outside the grid.
    position.play_move(X, &place(1, 2)).unwrap();
    assert_eq!(position.outcome(), None);
    position.play_move(O, &place(3, 1)).unwrap();
    assert_eq!(position.outcome(), None);
    // Shifting the grid left brings the whole row inside it.
    position.play_move(X, &shift(0, -1)).unwrap();
    assert_eq!(winner(position.outcome()), Some((X, vec![at(1, 0), at(1, 1), at(1, 2)])));
}

#[test]
fn only_the_part_of_a_row_inside_the_grid_counts_and_is_reported() {
    #[rustfmt::skip]
    let mut position = setup(Config::default(), &[
        ". . . . .",
        "X X X . .",
        ". . O . .",
        ". O . . .",
        ". . . . .",
    ], (1, 1), X);
    // Four in a row on the board; the three inside the grid win.
    position.play_move(X, &place(1, 3)).unwrap();
    assert_eq!(winner(position.outcome()), Some((X, vec![at(1, 1), at(1, 2), at(1, 3)])));
}

#[test]
fn a_piece_can_move_from_outside_the_grid_into_it() {
    #[rustfmt::skip]
    let start = setup(Config::default(), &[
        "X . . . .",
        ". X . O .",
        ". . . . .",
        ". O . X .",
        ". . . . .",
    ], (1, 1), X);
    let mut position = start.clone();
    assert_eq!(refused(&mut position, X, mv((1, 3), (2, 2))), Reason::NotYourPiece);
    assert_eq!(refused(&mut position, X, mv((0, 1), (2, 2))), Reason::NotYourPiece);
    assert_eq!(refused(&mut position, X, mv((0, 0), (0, 1))), Reason::OutsideGrid);
    assert_eq!(refused(&mut position, X, mv((0, 0), (1, 3))), Reason::CellOccupied);
    assert_eq!(refused(&mut position, X, mv((1, 1), (1, 1))), Reason::CellOccupied);
    assert_eq!(refused(&mut position, X, mv((0, 0), (9, 9))), Reason::OutOfBounds);
    assert_eq!(refused(&mut position, X, mv((7, 0), (2, 2))), Reason::OutOfBounds);
    let to_point = Action::Move { from: Location::Cell(at(0, 0)), to: Location::Point(3), promotion: None };
    assert_eq!(refused(&mut position, X, to_point), Reason::MoveKindNotAllowed);
    let promoting = Action::Move {
        from: Location::Cell(at(0, 0)),
        to: Location::Cell(at(2, 2)),
        promotion: Some(crate::engine::Promotion::Queen),
    };
    assert_eq!(refused(&mut position, X, promoting), Reason::MoveKindNotAllowed);
    assert_listed_is_accepted(&position);

    // The corner piece joins the diagonal inside the grid and wins.
    position.play_move(X, &mv((0, 0), (2, 2))).unwrap();
    assert_eq!(position.board.get(at(0, 0)), None);
    assert_eq!(winner(position.outcome()), Some((X, vec![at(1, 1), at(2, 2), at(3, 3)])));

    // A piece inside the grid may move too, leaving its cell empty.
    let mut position = start;
    position.play_move(X, &mv((1, 1), (2, 1))).unwrap();
    assert_eq!(position.board.get(at(1, 1)), None);
    assert_eq!(position.board.get(at(2, 1)), Some(X));
    assert_eq!(position.outcome(), None);
    assert_eq!(position.to_act(), vec![O]);
}

#[rustfmt::skip]
const SPARSE: [&str; 5] = [
    ". . . . .",
    ". X . O .",
    ". . . X .",
    ". . O . .",
    ". . . . .",
];

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut position = setup(Config::default(), &SPARSE, (1, 1), X);
    let shuffle = [(X, shift(0, 1)), (O, shift(0, -1)), (X, shift(0, 1))];
    for (seat, action) in shuffle {
        position.play_move(seat, &action).unwrap();
        assert_eq!(position.outcome(), None);
    }
    // The starting position, X to act, for the third time.
    position.play_move(O, &shift(0, -1)).unwrap();
    assert_eq!(position.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
    assert!(position.to_act().is_empty());

    let twice = Config { repetition_limit: 2, ..Config::default() };
    let mut position = setup(twice, &SPARSE, (1, 1), X);
    position.play_move(X, &shift(0, 1)).unwrap();
    position.play_move(O, &shift(0, -1)).unwrap();
    assert_eq!(position.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn a_repeated_arrangement_with_the_other_seat_to_act_is_a_different_position() {
    let twice = Config { repetition_limit: 2, ..Config::default() };
    let mut position = setup(twice, &SPARSE, (1, 1), X);
    // A three-step loop brings the grid back with the other seat to act...
    let loop_of_three = [shift(0, 1), shift(1, -1), shift(-1, 0)];
    for (i, action) in loop_of_three.iter().chain(&loop_of_three).enumerate() {
        let seat = Seat::new((i % 2) as u8);
        position.play_move(seat, action).unwrap();
        if i < 5 {
            assert_eq!(position.outcome(), None, "after move {i}");
        }
    }
    // ...and only the second lap recreates the starting position with X to act.
    assert_eq!(position.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn a_placement_starts_the_repetition_count_afresh() {
    let mut position = setup(Config::default(), &SPARSE, (1, 1), X);
    position.play_move(X, &shift(0, 1)).unwrap();
    position.play_move(O, &shift(0, -1)).unwrap();
    assert_eq!(position.seen.len(), 2);
    position.play_move(X, &place(3, 3)).unwrap();
    assert_eq!(position.seen.len(), 1, "positions with fewer pieces can never recur");
    assert_eq!(position.outcome(), None);
}

/// Eight placements, alternating X and O, that fill the grid but (3, 3) without a line:
/// X on (1,1) (1,3) (2,1) (3,2), O on (1,2) (2,2) (2,3) (3,1).
const NO_LINE_PLACEMENTS: [(u32, u32); 8] = [(1, 1), (1, 2), (1, 3), (2, 2), (2, 1), (2, 3), (3, 2), (3, 1)];

#[test]
fn the_move_limit_draws_a_game_without_a_result() {
    let config = Config { move_limit: 8, ..Config::default() };
    let actions: Vec<Action> = NO_LINE_PLACEMENTS.iter().map(|&(r, c)| place(r, c)).collect();
    let game = play(config, &actions[..7]);
    assert_eq!(game.outcome(), None);
    let game = play(config, &actions);
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::MoveLimit }));
    assert_eq!(game.move_count(), 8);
    assert!(game.to_act().is_empty());

    // Without the limit the same game goes on.
    assert_eq!(play(Config::default(), &actions).outcome(), None);
}

#[test]
fn a_line_on_the_last_allowed_move_wins_rather_than_draws() {
    let config = Config { move_limit: 8, ..Config::default() };
    let cells = [(1, 1), (1, 3), (2, 1), (3, 1), (1, 2), (2, 3), (3, 2), (3, 3)];
    let actions: Vec<Action> = cells.iter().map(|&(r, c)| place(r, c)).collect();
    let game = play(config, &actions);
    assert_eq!(winner(game.outcome()), Some((O, vec![at(1, 3), at(2, 3), at(3, 3)])));
}

#[test]
fn the_view_shows_the_grid_and_the_pieces_in_hand() {
    let mut game = play(Config::default(), &[place(2, 2), place(1, 1), place(1, 2), place(3, 3)]);
    game.apply(X, &shift(1, 0)).unwrap();
    for viewer in [Viewer::Seat(X), Viewer::Seat(O), Viewer::Spectator] {
        let view = game.view(viewer);
        assert_eq!(view.observation.active_region, Some(grid(2, 1, 3)));
        assert_eq!(view.observation.seat_in_hand, vec![2, 2]);
        let board = view.observation.board.unwrap();
        assert_eq!(board.at(at(2, 2)).owner, Some(X));
        assert_eq!(board.at(at(1, 1)).owner, Some(O));
        assert_eq!(board.cells.iter().filter(|c| c.owner.is_some()).count(), 4);
    }
    assert_eq!(game.move_count(), 5);
}

#[test]
fn actions_are_described_for_people() {
    let position = TicTacTwo::new(&Config::default()).unwrap();
    assert_eq!(position.describe(&place(0, 0)), "a1");
    assert_eq!(position.describe(&mv((0, 0), (2, 2))), "a1-c3");
    assert_eq!(position.describe(&shift(-1, 1)), "grid up-right");
    assert_eq!(position.describe(&shift(1, 0)), "grid down");
    assert_eq!(position.describe(&Action::Pass), "pass");
}

#[test]
fn every_config_problem_is_reported_at_once() {
    let bad = Config {
        board_size: 16,
        grid_size: 2,
        win_length: 9,
        pieces_per_seat: 1,
        unlock_after: 0,
        simultaneous_lines: SimultaneousLines::Draw,
        repetition_limit: 1,
        move_limit: 5,
        play: PlayOptions::default(),
    };
    let error = TicTacTwo::new(&bad).unwrap_err();
    let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(
        fields,
        ["board_size", "grid_size", "win_length", "pieces_per_seat", "unlock_after", "repetition_limit", "move_limit"]
    );

    let only = |config: Config| -> Vec<String> {
        TicTacTwo::new(&config).unwrap_err().violations.into_iter().map(|v| v.field).collect()
    };
    let d = Config::default();
    assert_eq!(only(Config { grid_size: 6, ..d }), ["grid_size"]);
    assert_eq!(only(Config { win_length: 4, ..d }), ["win_length"]);
    assert_eq!(
        only(Config { pieces_per_seat: 5, ..d }),
        ["pieces_per_seat"],
        "ten pieces cannot leave a 3×3 grid cell empty"
    );
    assert_eq!(only(Config { win_length: 4, grid_size: 4, pieces_per_seat: 3, ..d }), ["pieces_per_seat"]);
    assert_eq!(only(Config { unlock_after: 5, ..d }), ["unlock_after"]);
    assert_eq!(only(Config { move_limit: 7, ..d }), ["move_limit"]);
    assert_eq!(only(Config { move_limit: MAX_MOVE_LIMIT + 1, ..d }), ["move_limit"]);
    assert_eq!(only(Config { repetition_limit: 101, ..d }), ["repetition_limit"]);
    let message = TicTacTwo::new(&Config { pieces_per_seat: 5, ..d }).unwrap_err().to_string();
    assert!(message.contains("pieces_per_seat must be between 3 and 4"), "{message}");

    // The largest settings are accepted.
    let largest = Config {
        board_size: 15,
        grid_size: 15,
        win_length: 15,
        pieces_per_seat: 112,
        unlock_after: 112,
        repetition_limit: 100,
        move_limit: MAX_MOVE_LIMIT,
        ..d
    };
    assert!(TicTacTwo::new(&largest).is_ok());
}

#[test]
fn zero_fields_take_their_defaults() {
    let zero = Config {
        board_size: 0,
        grid_size: 0,
        win_length: 0,
        pieces_per_seat: 0,
        unlock_after: 0,
        simultaneous_lines: SimultaneousLines::MoverWins,
        repetition_limit: 0,
        move_limit: 0,
        play: PlayOptions::default(),
    };
    assert_eq!(zero.with_defaults(), Config::default());
    let many = Config { board_size: 15, grid_size: 15, pieces_per_seat: 100, ..zero }.with_defaults();
    assert_eq!(many.move_limit, 400, "the default move limit grows with the pieces");
    assert!(TicTacTwo::new(&many).is_ok());
    assert_eq!(Config { move_limit: 30, ..zero }.with_defaults().move_limit, 30);
}

#[test]
fn the_presets_are_valid_and_the_first_is_the_default() {
    let presets = TicTacTwo::presets();
    assert_eq!(presets[0].name, "classic");
    assert_eq!(presets[0].config, Config::default());
    for preset in presets {
        assert!(TicTacTwo::new(&preset.config).is_ok(), "{}", preset.name);
        assert_eq!(preset.config.with_defaults(), preset.config, "{}", preset.name);
    }
}

#[test]
fn replay_reproduces_the_position_including_the_repetition_record() {
    let actions = [
        place(2, 2),
        place(1, 1),
        place(1, 3),
        place(3, 1),
        shift(0, 1),
        shift(0, -1),
        shift(0, 1),
        mv((1, 1), (2, 3)),
    ];
    let game = play(Config::default(), &actions);
    let replayed = Match::<TicTacTwo>::replay(Config::default(), game.history()).unwrap();
    assert_eq!(replayed, game);
}

/// Along random games, the engine keeps every forced win in three plies it is given (a
/// fork, or a shift that opens two lines) and parries every threat of a win at once.
#[test]
fn the_engine_keeps_forced_wins_and_parries_threats() {
    let checked = crate::engine::tactics::check_tactics::<TicTacTwo>(Config::default(), 12, 16, 20_000);
    assert!(checked.wins >= 3 && checked.parries >= 3, "too few tactics along the games: {checked:?}");
}
