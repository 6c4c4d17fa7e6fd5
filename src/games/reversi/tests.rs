use crate::engine::{DrawReason, WinReason};
use proptest::prelude::*;

use super::board::{Board, Representation};
use super::*;
use crate::engine::{BoardCell, Match, Piece, SearchBudget};
use crate::games::GameConfig;

const BOTH: [Representation; 2] = [Representation::Bits, Representation::Array];
const BLACK: Seat = Seat::FIRST;
const WHITE: Seat = Seat::SECOND;

/// A hand-built position in normal play: one string per row, `B` and `W` discs, `#`
/// walls, anything else empty. Spaces are ignored.
fn position(rows: &[&str], turn: Seat, representation: Representation) -> Reversi {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().filter(|c| *c != ' ').collect()).collect();
    let (height, width) = (grid.len() as u32, grid[0].len() as u32);
    let cells = || (0..height).flat_map(move |r| (0..width).map(move |c| Cell::new(r, c)));
    let at = |c: Cell| grid[c.row as usize][c.col as usize];
    let walls: Vec<Cell> = cells().filter(|&c| at(c) == '#').collect();
    let config = Config { width, height, opening: Opening::Othello, walls, ..Config::default() };
    let mut board = Board::new(representation, width, height, &config.walls);
    for cell in cells() {
        match at(cell) {
            'B' => board.place(cell, BLACK),
            'W' => board.place(cell, WHITE),
            _ => {}
        }
    }
    Reversi { config, board, turn, opening_left: 0, passed: false, last_changed: Vec::new(), outcome: None }
}

fn place(row: u32, col: u32) -> Action {
    Action::place(row, col)
}

fn places(cells: &[(u32, u32)]) -> Vec<Action> {
    cells.iter().map(|&(r, c)| place(r, c)).collect()
}

fn cells(list: &[(u32, u32)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| Cell::new(r, c)).collect()
}

/// Applies `action` and expects it refused for `reason`, with the position unchanged.
fn refused(game: &mut Reversi, seat: Seat, action: Action, reason: Reason) -> MoveError {
    let before = game.clone();
    let error = game.play_move(seat, &action).expect_err("the move should be refused");
    assert_eq!(error.reason, reason, "{error}");
    assert_eq!(*game, before, "a refused move changed the position");
    error
}

#[test]
fn the_othello_start_and_its_four_moves() {
    let game = Match::<Reversi>::new(Config::default()).unwrap();
    let view = game.view(Viewer::Spectator);
    let board = view.observation.board.unwrap();
    assert_eq!((board.width, board.height), (8, 8));
    assert_eq!(board.at(Cell::new(3, 3)), BoardCell::mark(WHITE));
    assert_eq!(board.at(Cell::new(3, 4)), BoardCell::mark(BLACK));
    assert_eq!(board.at(Cell::new(4, 3)), BoardCell::mark(BLACK));
    assert_eq!(board.at(Cell::new(4, 4)), BoardCell::mark(WHITE));
    assert_eq!(board.cells.iter().filter(|c| c.owner.is_some()).count(), 4);
    assert_eq!(view.observation.seat_counts, vec![2, 2]);
    assert!(view.observation.last_changed.is_empty());
    assert_eq!(view.to_act, vec![BLACK]);
    // d3, c4, f5, e6.
    assert_eq!(game.legal_moves(BLACK), places(&[(2, 3), (3, 2), (4, 5), (5, 4)]));
    assert!(game.legal_moves(WHITE).is_empty());
    let names: Vec<String> = game.legal_moves(BLACK).iter().map(|a| game.position().describe(a)).collect();
    assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    assert_eq!(game.position().describe(&Action::Pass), "pass");
}

#[test]
fn a_move_flips_the_flanked_line_and_the_view_shows_it() {
    let mut game = Match::<Reversi>::new(Config::default()).unwrap();
    game.apply(BLACK, &place(2, 3)).unwrap();
    let view = game.view(Viewer::Seat(WHITE));
    assert_eq!(changed(&view), cells(&[(3, 3)]));
    assert_eq!(view.observation.seat_counts, vec![4, 1]);
    assert_eq!(view.observation.board.unwrap().at(Cell::new(3, 3)), BoardCell::mark(BLACK));
    assert_eq!(view.to_act, vec![WHITE]);
    // White's replies to d3: c3, e3, c5.
    assert_eq!(game.legal_moves(WHITE), places(&[(2, 2), (2, 4), (4, 2)]));
}

#[test]
fn every_flanked_line_flips_in_all_eight_directions_and_open_lines_do_not() {
    for representation in BOTH {
        let mut game = position(
            &[
                "........", //
                ".B.B.B..", "..WWW...", ".BW.WWB.", "..WWW...", ".B.B.W..", "........", "........",
            ],
            BLACK,
            representation,
        );
        game.play_move(BLACK, &place(3, 3)).unwrap();
        // Seven lines close on a black disc, one of them two discs long; the line to the
        // south-east runs into an empty cell and stays white.
        let flipped = cells(&[(2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (3, 5), (4, 2), (4, 3)]);
        assert_eq!(game.last_changed, flipped, "{representation:?}");
        for cell in &flipped {
            assert_eq!(game.board.square(*cell), Square::Disc(BLACK));
        }
        assert_eq!(game.board.square(Cell::new(4, 4)), Square::Disc(WHITE));
        assert_eq!(game.board.square(Cell::new(5, 5)), Square::Disc(WHITE));
        assert_eq!((game.count(BLACK), game.count(WHITE)), (16, 2));
    }
}

#[test]
fn a_wall_stops_a_flanking_line() {
    for representation in BOTH {
        // Across the wall the line of white discs ends on a black disc, but a wall is not a
        // disc: the line from e4 stops at it and flanks nothing.
        let mut blocked =
            position(&["........", "........", "........", "BW#WW...", "........"], BLACK, representation);
        let error = refused(&mut blocked, BLACK, place(3, 5), Reason::NoFlank);
        assert!(error.message.contains("f4"), "{error}");
        assert!(!blocked.legal_moves(BLACK).contains(&place(3, 5)));
        // The same line without the wall flips all three.
        let mut open = position(&["........", "........", "........", "BWWWW...", "........"], BLACK, representation);
        open.play_move(BLACK, &place(3, 5)).unwrap();
        assert_eq!(open.last_changed, cells(&[(3, 1), (3, 2), (3, 3), (3, 4)]));
        // A wall cannot be played on, and shows as a wall to every viewer.
        let error = refused(&mut blocked, BLACK, place(3, 2), Reason::CellBlocked);
        assert!(error.message.contains("c4"), "{error}");
        for viewer in [Viewer::Spectator, Viewer::Seat(BLACK), Viewer::Seat(WHITE)] {
            let board = blocked.observe(viewer).board.unwrap();
            assert_eq!(board.at(Cell::new(3, 2)), BoardCell { owner: None, piece: Piece::Wall });
        }
    }
}

#[test]
fn a_seat_without_a_move_must_pass_and_only_then() {
    for representation in BOTH {
        let mut game = position(
            &[
                "BW......", //
                "........", "........", "........", "........", "........", "........", "...WB#..",
            ],
            BLACK,
            representation,
        );
        assert_eq!(game.legal_moves(BLACK), places(&[(0, 2), (7, 2)]));
        refused(&mut game, BLACK, Action::Pass, Reason::PassNotAllowed);
        game.play_move(BLACK, &place(0, 2)).unwrap();
        // White's only disc is boxed in by the wall: no move, so a pass is its only move.
        assert_eq!(game.legal_moves(WHITE), vec![Action::Pass]);
        refused(&mut game, WHITE, place(6, 4), Reason::NoFlank);
        // The default move a clock plays for a seat out of time (level 1) is then a pass.
        let stop = std::sync::atomic::AtomicBool::new(false);
        for seed in 0..8 {
            assert_eq!(game.bot_action(WHITE, 1, SearchBudget::new(1_000, &stop), seed), Some(Action::Pass));
        }
        game.play_move(WHITE, &Action::Pass).unwrap();
        assert_eq!(game.outcome(), None, "one pass does not end the game");
        assert!(game.last_changed.is_empty());
        assert_eq!(game.to_act(), vec![BLACK]);
        assert_eq!(game.legal_moves(BLACK), places(&[(7, 2)]));
        refused(&mut game, BLACK, Action::Pass, Reason::PassNotAllowed);
    }
}

#[test]
fn two_passes_in_a_row_end_the_game_by_counting_discs() {
    for representation in BOTH {
        // Black takes White's last disc; then neither seat can move.
        let mut game =
            position(&["BW......", "........", "........", "........", "........", "........"], BLACK, representation);
        game.play_move(BLACK, &place(0, 2)).unwrap();
        assert_eq!(game.legal_moves(WHITE), vec![Action::Pass]);
        game.play_move(WHITE, &Action::Pass).unwrap();
        assert_eq!(game.outcome(), None);
        assert_eq!(game.legal_moves(BLACK), vec![Action::Pass]);
        game.play_move(BLACK, &Action::Pass).unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win { winner: BLACK, reason: WinReason::PieceCount, line: Vec::new() })
        );
        assert!(game.to_act().is_empty());
        assert!(game.legal_moves(BLACK).is_empty() && game.legal_moves(WHITE).is_empty());
    }
}

#[test]
fn a_pass_after_a_move_starts_the_count_again() {
    // Pass, move, pass: never two in a row, so the game goes on.
    let mut game = position(
        &["BW......", "........", "........", "........", "........", "........", "........", "...WB#.."],
        BLACK,
        Representation::Bits,
    );
    game.play_move(BLACK, &place(0, 2)).unwrap();
    game.play_move(WHITE, &Action::Pass).unwrap();
    game.play_move(BLACK, &place(7, 2)).unwrap();
    assert_eq!(game.count(WHITE), 0);
    game.play_move(WHITE, &Action::Pass).unwrap();
    assert_eq!(game.outcome(), None);
    game.play_move(BLACK, &Action::Pass).unwrap();
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(BLACK));
}

#[test]
fn a_full_board_ends_the_game_at_once() {
    for representation in BOTH {
        // White fills the last empty cell (a wall takes the top-left corner) and flips two
        // discs, but Black still has more.
        let mut win = position(&["#WWW", "BBBB", "BBBB", "BBB."], WHITE, representation);
        win.play_move(WHITE, &place(3, 3)).unwrap();
        assert_eq!(win.last_changed, cells(&[(1, 3), (2, 3)]));
        assert!(win.board.is_full());
        assert_eq!((win.count(BLACK), win.count(WHITE)), (9, 6));
        assert_eq!(
            win.outcome(),
            Some(Outcome::Win { winner: BLACK, reason: WinReason::PieceCount, line: Vec::new() })
        );
        assert!(win.to_act().is_empty());

        let mut draw = position(&["WWWW", "WWWW", "BBBB", "BBW."], BLACK, representation);
        draw.play_move(BLACK, &place(3, 3)).unwrap();
        assert_eq!(draw.last_changed, cells(&[(3, 2)]));
        assert_eq!((draw.count(BLACK), draw.count(WHITE)), (8, 8));
        assert_eq!(draw.outcome(), Some(Outcome::Draw { reason: DrawReason::PieceCount }));
        assert!(draw.legal_moves(WHITE).is_empty());
    }
}

#[test]
fn a_full_board_is_won_by_more_discs_and_drawn_on_equal_counts() {
    let mut game = position(&["BWW.", "BBBB", "WWWW", "WWWW"], BLACK, Representation::Bits);
    game.play_move(BLACK, &place(0, 3)).unwrap();
    assert_eq!((game.count(BLACK), game.count(WHITE)), (8, 8));
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::PieceCount }));
    let mut game = position(&["BWW.", "BBBB", "BBWW", "WWWW"], BLACK, Representation::Array);
    game.play_move(BLACK, &place(0, 3)).unwrap();
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(BLACK));
}

#[test]
fn the_free_opening_fills_the_centre_in_turn_then_normal_play_begins() {
    let config = Config { opening: Opening::Free, ..Config::default() };
    let mut game = Match::<Reversi>::new(config).unwrap();
    let view = game.view(Viewer::Spectator);
    assert!(view.observation.board.unwrap().cells.iter().all(|c| *c == BoardCell::default()));
    assert_eq!(view.observation.seat_counts, vec![0, 0]);
    assert_eq!(game.legal_moves(BLACK), places(&[(3, 3), (3, 4), (4, 3), (4, 4)]));

    let before = game.clone();
    let error = game.apply(BLACK, &place(2, 3)).unwrap_err();
    assert_eq!(error.reason, Reason::OutsideOpeningArea);
    assert!(error.message.contains("d4, e4, d5, e5"), "{error}");
    assert_eq!(game.apply(BLACK, &Action::Pass).unwrap_err().reason, Reason::PassNotAllowed);
    assert_eq!(game, before);

    // A parallel start: Black on the top row of the centre, White below. No flanking needed.
    game.apply(BLACK, &place(3, 3)).unwrap();
    assert_eq!(game.legal_moves(WHITE), places(&[(3, 4), (4, 3), (4, 4)]));
    let before = game.clone();
    assert_eq!(game.apply(WHITE, &place(3, 3)).unwrap_err().reason, Reason::CellOccupied);
    assert_eq!(game, before);
    game.apply(WHITE, &place(4, 3)).unwrap();
    game.apply(BLACK, &place(3, 4)).unwrap();
    game.apply(WHITE, &place(4, 4)).unwrap();
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.observation.seat_counts, vec![2, 2]);
    assert!(view.observation.last_changed.is_empty());
    assert_eq!(view.to_act, vec![BLACK]);
    // Normal play: Black must flank the white row from below it.
    assert_eq!(game.legal_moves(BLACK), places(&[(5, 2), (5, 3), (5, 4), (5, 5)]));
    let before = game.clone();
    assert_eq!(game.apply(BLACK, &place(2, 2)).unwrap_err().reason, Reason::NoFlank);
    assert_eq!(game, before);
    game.apply(BLACK, &place(5, 3)).unwrap();
    assert_eq!(changed(&game.view(Viewer::Spectator)), cells(&[(4, 3)]));
}

#[test]
fn refused_moves_leave_the_match_unchanged() {
    let config = Config { walls: cells(&[(2, 3)]), ..Config::default() };
    let mut game = Match::<Reversi>::new(config).unwrap();
    let before = game.clone();
    let cases = [
        (place(8, 0), Reason::OutOfBounds),
        (place(0, u32::MAX), Reason::OutOfBounds),
        (place(3, 3), Reason::CellOccupied),
        (place(2, 3), Reason::CellBlocked),
        (place(0, 0), Reason::NoFlank),
        (Action::Pass, Reason::PassNotAllowed),
        (Action::drop(3), Reason::MoveKindNotAllowed),
        (Action::Shot(Cell::new(2, 2)), Reason::MoveKindNotAllowed),
    ];
    for (action, reason) in cases {
        let error = game.apply(BLACK, &action).unwrap_err();
        assert_eq!(error.reason, reason, "{action:?}: {error}");
        assert_eq!(game, before, "{action:?}");
    }
    assert_eq!(game.apply(WHITE, &place(2, 2)).unwrap_err().reason, Reason::NotYourTurn);
    assert_eq!(game, before);
    // The wall on d3 takes one of Black's four opening moves away.
    assert_eq!(game.legal_moves(BLACK), places(&[(3, 2), (4, 5), (5, 4)]));
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.observation.board.unwrap().at(Cell::new(2, 3)).piece, Piece::Wall);
}

#[test]
fn every_config_problem_is_reported_at_once() {
    let config = Config { width: 7, height: 18, walls: cells(&[(0, 0), (0, 0)]), ..Config::default() };
    let error = Reversi::new(&config).unwrap_err();
    let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["width", "height", "walls"], "{error}");
    assert!(error.violations[0].description.contains("even number between 4 and 16, got 7"));

    let config = Config {
        width: 8,
        height: 6,
        opening: Opening::Free,
        walls: cells(&[(1, 1), (6, 0), (1, 1), (0, 9), (2, 3), (3, 4)]),
        ..Config::default()
    };
    let error = Reversi::new(&config).unwrap_err();
    let descriptions: Vec<&str> = error.violations.iter().map(|v| v.description.as_str()).collect();
    assert_eq!(descriptions.len(), 3, "{error}");
    assert!(error.violations.iter().all(|v| v.field == "walls"));
    assert!(descriptions[0].contains("b2 (row 1, column 1)"), "{}", descriptions[0]);
    assert!(descriptions[1].contains("rows 0 to 5, columns 0 to 7"), "{}", descriptions[1]);
    assert!(descriptions[1].contains("a7 (row 6, column 0)") && descriptions[1].contains("j1 (row 0, column 9)"));
    assert!(descriptions[2].contains("d3 (row 2, column 3), e4 (row 3, column 4)"), "{}", descriptions[2]);

    // Long lists are cut short in the message, never silently accepted.
    let many: Vec<Cell> = (0..100).map(|i| Cell::new(20 + i, 0)).collect();
    let error = Reversi::new(&Config { walls: many, ..Config::default() }).unwrap_err();
    assert!(error.violations[0].description.ends_with("and 92 more"), "{error}");

    assert!(Reversi::new(&Config { width: 16, height: 4, ..Config::default() }).is_ok());
    assert!(Reversi::new(&Config { width: 18, height: 2, ..Config::default() }).is_err());
}

#[test]
fn zero_fields_take_their_defaults() {
    let config = Config { width: 0, height: 0, opening: Opening::Free, walls: cells(&[(0, 0)]), ..Config::default() }
        .with_defaults();
    assert_eq!(
        config,
        Config { width: 8, height: 8, opening: Opening::Free, walls: cells(&[(0, 0)]), ..Config::default() }
    );
    assert_eq!(Reversi::presets()[0].config, Config::default());
}

#[test]
fn boards_other_than_eight_by_eight_start_in_their_centre() {
    for (width, height) in [(4, 4), (6, 4), (10, 10), (16, 12)] {
        let game = Reversi::new(&Config { width, height, ..Config::default() }).unwrap();
        let (row, col) = (height / 2 - 1, width / 2 - 1);
        assert_eq!(game.board.square(Cell::new(row, col)), Square::Disc(WHITE));
        assert_eq!(game.board.square(Cell::new(row, col + 1)), Square::Disc(BLACK));
        let moves = places(&[(row - 1, col), (row, col - 1), (row + 1, col + 2), (row + 2, col + 1)]);
        assert_eq!(game.legal_moves(BLACK), moves, "{width}×{height}");
        assert_eq!(perft(&game, 1), 4);
    }
}

/// Published counts from the standard 8×8 Othello start, depths 1 to 10 (depth 11, in
/// release builds, is in `tests/perft.rs`).
const OTHELLO_PERFT: [u64; 10] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284];

#[test]
fn perft_matches_the_published_counts_to_depth_ten() {
    let start = Reversi::new(&Config::default()).unwrap();
    assert_eq!(perft(&start, 0), 1);
    for depth in 1..=10 {
        assert_eq!(perft(&start, depth), OTHELLO_PERFT[depth as usize - 1], "depth {depth}");
    }
}

#[test]
fn the_general_path_counts_the_same_as_the_bitboard() {
    let start = Reversi::new(&Config::default()).unwrap();
    for depth in 1..=6 {
        assert_eq!(perft_general(&start, depth), OTHELLO_PERFT[depth as usize - 1], "depth {depth}");
    }
    for preset in Reversi::presets() {
        let game = Reversi::new(&preset.config).unwrap();
        assert_eq!(perft(&game, 5), perft_general(&game, 5), "{}", preset.name);
    }
}

#[test]
fn divide_splits_perft_by_first_move() {
    let start = Reversi::new(&Config::default()).unwrap();
    let split = divide(&start, 5);
    assert_eq!(split.iter().map(|(a, _)| a.clone()).collect::<Vec<_>>(), start.legal_moves(BLACK));
    // The four first moves are symmetric.
    assert!(split.iter().all(|(_, n)| *n == OTHELLO_PERFT[4] / 4));
    assert!(divide(&start, 0).is_empty());
}

#[test]
fn perft_counts_the_free_opening_and_game_ends_as_leaves() {
    let free = Reversi::new(&Config { opening: Opening::Free, ..Config::default() }).unwrap();
    assert_eq!(perft(&free, 4), 24);
    assert_eq!(perft(&free, 6), perft_general(&free, 6));
    // A finished game is one leaf at any depth, and so is a forced pass into an end.
    let mut over = position(&["BW......", "........", "........", "........"], BLACK, Representation::Bits);
    over.play_move(BLACK, &place(0, 2)).unwrap();
    for depth in 1..=4 {
        assert_eq!(perft(&over, depth), 1);
        assert_eq!(perft_general(&over, depth), 1);
    }
    over.play_move(WHITE, &Action::Pass).unwrap();
    over.play_move(BLACK, &Action::Pass).unwrap();
    assert_eq!(perft(&over, 3), 1);
    assert!(divide(&over, 3).is_empty());
}

/// Plays the same random game on both representations of one configuration, checking
/// after every move that they list the same moves and show the same position.
fn compare_representations(config: &Config, choices: &[usize]) {
    let mut bits = Reversi::with_representation(config, Representation::Bits).unwrap();
    let mut array = Reversi::with_representation(config, Representation::Array).unwrap();
    assert!(matches!(bits.board, Board::Bits(_)) && matches!(array.board, Board::Array(_)));
    for step in 0.. {
        let seat = match bits.to_act().first() {
            Some(&seat) => seat,
            None => break,
        };
        let moves = bits.legal_moves(seat);
        assert_eq!(moves, array.legal_moves(seat), "step {step}");
        let action = &moves[choices[step % choices.len()] % moves.len()];
        bits.play_move(seat, action).unwrap();
        array.play_move(seat, action).unwrap();
        assert_eq!(bits.observe(Viewer::Spectator), array.observe(Viewer::Spectator), "step {step}");
        assert_eq!(bits.outcome(), array.outcome());
        assert_eq!(bits.board.to_array(), array.board.to_array());
        if step % 16 == 5 {
            assert_eq!(perft(&bits, 2), perft(&array, 2), "step {step}");
        }
    }
    assert!(array.outcome().is_some());
}

fn arb_walls(width: u32, height: u32) -> impl Strategy<Value = Vec<Cell>> {
    let centre = Config { width, height, ..Config::default() }.centre();
    prop::collection::vec((0..height, 0..width).prop_map(|(r, c)| Cell::new(r, c)), 0..12).prop_map(move |cells| {
        let distinct: std::collections::BTreeSet<Cell> = cells.into_iter().filter(|c| !centre.contains(c)).collect();
        distinct.into_iter().collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_bitboard_and_the_array_board_agree_on_random_eight_by_eight_games(
        walls in prop_oneof![Just(Vec::new()), arb_walls(8, 8)],
        free in any::<bool>(),
        choices in prop::collection::vec(any::<usize>(), 1..80),
    ) {
        let opening = if free { Opening::Free } else { Opening::Othello };
        compare_representations(&Config { width: 8, height: 8, opening, walls, ..Config::default() }, &choices);
    }

    #[test]
    fn the_bitboard_and_the_array_board_agree_on_every_small_size(
        (width, height, walls) in (2u32..=4, 2u32..=4)
            .prop_flat_map(|(w, h)| (Just(2 * w), Just(2 * h), arb_walls(2 * w, 2 * h))),
        choices in prop::collection::vec(any::<usize>(), 1..80),
    ) {
        compare_representations(&Config { width, height, opening: Opening::Othello, walls, ..Config::default() }, &choices);
    }
}

/// The cells a view reports the last move changed.
fn changed(view: &crate::engine::View) -> Vec<Cell> {
    view.observation.last_changed.iter().map(|c| c.cell).collect()
}

/// Plays `moves` random legal moves (passes when forced) from the Othello start, seeded.
fn random_game(config: Config, moves: usize, seed: u64) -> Match<Reversi> {
    let mut game = Match::<Reversi>::new(config).unwrap();
    let mut rng = crate::engine::bot::BotRng::new(seed);
    for _ in 0..moves {
        let Some(&seat) = game.to_act().first() else { break };
        let legal = game.legal_moves(seat);
        game.apply(seat, &legal[rng.below(legal.len())]).unwrap();
    }
    game
}

fn budget(nodes: u64, stop: &std::sync::atomic::AtomicBool) -> SearchBudget<'_> {
    SearchBudget::new(nodes, stop)
}

#[test]
fn the_analysis_solves_a_late_position_with_a_line_to_the_end_for_either_colour() {
    use crate::engine::{Score, ScoreUnit, Solved};
    let go = std::sync::atomic::AtomicBool::new(false);
    for seed in 0..6 {
        let mut game = random_game(Config::default(), 48, seed);
        let Some(&seat) = game.to_act().first() else { continue };
        let analysis = game.analyse(seat, budget(u64::MAX, &go)).unwrap();
        let Score::Exact { result, plies, value: Some((discs, ScoreUnit::Discs)) } = analysis.score else {
            panic!("seed {seed}: {analysis:?}")
        };
        assert_eq!(plies, Some(analysis.line.len() as u32), "seed {seed}: the line runs to the end");
        for action in &analysis.line {
            let mover = game.to_act()[0];
            game.apply(mover, action).unwrap_or_else(|e| panic!("seed {seed}: {action:?}: {e}"));
        }
        let outcome = game.outcome().expect("the line ends the game");
        let (own, other) = (game.position().count(seat) as i32, game.position().count(seat.opponent()) as i32);
        let empties = 64 - own - other;
        let expected = if own > other {
            own - other + empties
        } else if own < other {
            own - other - empties
        } else {
            0
        };
        assert_eq!(discs, expected, "seed {seed}: the value is the final difference, empties to the winner");
        let won = outcome.winner().map(|w| w == seat);
        assert_eq!(
            (result, won),
            match discs.signum() {
                1 => (Solved::Win, Some(true)),
                0 => (Solved::Draw, None),
                _ => (Solved::Loss, Some(false)),
            }
        );
    }
}

#[test]
fn the_analysis_estimates_the_opening_in_discs_and_other_boards_in_points() {
    use crate::engine::{Score, ScoreUnit};
    let go = std::sync::atomic::AtomicBool::new(false);
    let game = random_game(Config::default(), 6, 1);
    let seat = game.to_act()[0];
    let analysis = game.analyse(seat, budget(20_000, &go)).unwrap();
    assert!(
        matches!(analysis.score, Score::Estimate { unit: ScoreUnit::Discs, value } if value.abs() < 64),
        "{analysis:?}"
    );
    assert!(analysis.depth >= 2 && analysis.nodes <= 20_000, "{analysis:?}");
    let mut replay = game.clone();
    for action in &analysis.line {
        let mover = replay.to_act()[0];
        replay.apply(mover, action).unwrap();
    }
    let small = random_game(Config { width: 6, height: 6, ..Config::default() }, 4, 1);
    let analysis = small.analyse(small.to_act()[0], budget(5_000, &go)).unwrap();
    assert!(matches!(analysis.score, Score::Estimate { unit: ScoreUnit::Points, .. }), "{analysis:?}");
}

#[test]
fn bots_of_every_level_play_legal_games_on_the_standard_board_and_elsewhere() {
    let go = std::sync::atomic::AtomicBool::new(false);
    let configs = [
        Config::default(),
        Config { opening: Opening::Free, ..Config::default() },
        Config { width: 6, height: 6, ..Config::default() },
        Config { walls: vec![Cell::new(0, 0)], ..Config::default() },
    ];
    for config in configs {
        for level in 2..=bot::MAX_LEVEL {
            let mut game = Match::<Reversi>::new(config.clone()).unwrap();
            while let Some(&seat) = game.to_act().first() {
                let level = if seat == BLACK { level } else { 1 };
                let action = game
                    .bot_action(seat, level, budget(1_500, &go))
                    .unwrap_or_else(|| panic!("{config:?} level {level}: no move for {seat} in {:?}", game.position()));
                game.apply(seat, &action).unwrap_or_else(|e| panic!("level {level}: {action:?}: {e}"));
            }
        }
    }
}

#[test]
fn a_game_nobody_can_move_in_is_analysed_as_ending_with_two_passes() {
    use crate::engine::{Score, ScoreUnit, Solved};
    let go = std::sync::atomic::AtomicBool::new(false);
    let rows = ["BWBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBB.."];
    let mut game = position(&rows, BLACK, Representation::Bits);
    let analysis = game.analyse(BLACK, budget(1_000, &go), 0);
    // 61 discs and both empty squares against 1.
    assert_eq!(
        analysis.score,
        Score::Exact { result: Solved::Win, plies: Some(2), value: Some((62, ScoreUnit::Discs)) }
    );
    assert_eq!(analysis.line, [Action::Pass, Action::Pass]);
    game.play_move(BLACK, &Action::Pass).unwrap();
    game.play_move(WHITE, &Action::Pass).unwrap();
    assert!(matches!(game.outcome(), Some(Outcome::Win { winner: BLACK, .. })));
}

// Set-up positions.

/// FFO endgame position #40: Black to move, 20 empty squares, +38 with a2.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

fn from_position(position: &str) -> Config {
    Config { position: position.to_owned(), ..Config::default() }
}

#[test]
fn a_game_from_ffo_40_shows_the_position_and_plays_legal_moves() {
    let mut game = Match::<Reversi>::new(from_position(FFO_40)).unwrap();
    let view = game.view(Viewer::Spectator);
    let board = view.observation.board.unwrap();
    let symbols: Vec<char> = FFO_40.chars().take(64).collect();
    for (index, symbol) in symbols.iter().enumerate() {
        let cell = Cell::new(index as u32 / 8, index as u32 % 8);
        let expected = match symbol {
            'X' => BoardCell::mark(BLACK),
            'O' => BoardCell::mark(WHITE),
            _ => BoardCell::default(),
        };
        assert_eq!(board.at(cell), expected, "{cell}");
    }
    let black = symbols.iter().filter(|&&s| s == 'X').count() as u32;
    assert_eq!(view.observation.seat_counts, vec![black, 44 - black]);
    assert!(view.observation.last_changed.is_empty());
    assert_eq!(view.to_act, vec![BLACK]);
    assert_eq!(game.move_count(), 0);
    // The moves are the engine's, and its published best move, a2, is one of them.
    let (engine, _) = super::setup::standard(FFO_40).unwrap();
    let moves = game.legal_moves(BLACK);
    let squares: Vec<u32> = engine::position::squares(engine.moves()).collect();
    assert_eq!(moves, squares.iter().map(|&s| place(s / 8, s % 8)).collect::<Vec<_>>());
    assert!(moves.contains(&place(1, 0)), "{moves:?}");
    assert!(game.legal_moves(WHITE).is_empty());
    // On the bitboard without walls: the engine's own position, Black to move.
    assert_eq!(game.position().standard_position(BLACK), Some(engine));
    game.apply(BLACK, &place(1, 0)).unwrap();
    assert_eq!(game.move_count(), 1);
    assert_eq!(game.view(Viewer::Spectator).to_act, vec![WHITE]);
    assert!(!changed(&game.view(Viewer::Spectator)).is_empty());
    for _ in 0..6 {
        let Some(&seat) = game.to_act().first() else { break };
        let action = game.legal_moves(seat)[0].clone();
        game.apply(seat, &action).unwrap();
    }
    // Replay and snapshots start from the position as well.
    let config = GameConfig::Reversi(from_position(FFO_40));
    let replayed = config.replay(game.history()).unwrap();
    assert_eq!(replayed.view(Viewer::Spectator), game.view(Viewer::Spectator));
    let restored = config.restore(&replayed.snapshot()).unwrap();
    assert!(restored.same_state(replayed.as_ref()));
}

#[test]
fn the_analysis_and_the_bot_answer_a_legal_move_from_a_set_up_position() {
    use crate::engine::{Score, ScoreUnit};
    let go = std::sync::atomic::AtomicBool::new(false);
    let game = Match::<Reversi>::new(from_position(FFO_40)).unwrap();
    let legal = game.legal_moves(BLACK);
    // A small budget: the engine's estimate in discs, its first move legal.
    let analysis = game.analyse(BLACK, budget(30_000, &go)).unwrap();
    assert!(matches!(analysis.score, Score::Estimate { unit: ScoreUnit::Discs, .. }), "{analysis:?}");
    assert!(legal.contains(analysis.suggestion().unwrap()), "{analysis:?}");
    for level in 1..=bot::MAX_LEVEL {
        let action = game.bot_action(BLACK, level, budget(5_000, &go)).unwrap();
        assert!(legal.contains(&action), "level {level}: {action:?}");
    }
    // Twelve empty squares: solved exactly, the line played to the end.
    let late = "XXXXXXXXXXXXXXXXOOOOOOOOXXXXOOOOOOOOXXXX--XXOO------OXXO----XOOX X";
    let mut game = Match::<Reversi>::new(from_position(late)).unwrap();
    let analysis = game.analyse(BLACK, budget(u64::MAX, &go)).unwrap();
    let Score::Exact { value: Some((discs, ScoreUnit::Discs)), .. } = analysis.score else { panic!("{analysis:?}") };
    for action in &analysis.line {
        let seat = game.to_act()[0];
        game.apply(seat, action).unwrap();
    }
    assert!(game.outcome().is_some(), "the line ends the game");
    let (black, white) = (game.position().count(BLACK) as i32, game.position().count(WHITE) as i32);
    let empties = 64 - black - white;
    assert_eq!(discs, (black - white) + (black - white).signum() * empties, "the solved score is the final one");
}

#[test]
fn every_problem_with_a_position_is_named_at_once() {
    // Two squares short, a stray symbol, and a side to move that is none; with the free
    // opening and the second seat to start, which a position decides.
    let config = Config {
        opening: Opening::Free,
        play: PlayOptions { starter: Starter::SecondSeat, ..PlayOptions::default() },
        ..from_position(&format!("{}Z Q ; a comment", "-".repeat(61)))
    };
    let error = Reversi::new(&config).unwrap_err();
    let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["opening", "starter", "position", "position", "position"], "{error}");
    let descriptions: Vec<&str> = error.violations.iter().map(|v| v.description.as_str()).collect();
    assert!(descriptions[2].contains("has 62 squares") && descriptions[2].contains("8×8 board has 64"), "{error}");
    assert!(descriptions[3].contains("'Z' (at f8)"), "{error}");
    assert!(descriptions[4].contains("'Q' as the side to move"), "{error}");
    let missing = Reversi::new(&from_position(&"-".repeat(64))).unwrap_err();
    assert_eq!(missing.violations.len(), 1, "{missing}");
    assert!(missing.violations[0].description.contains("without the side to move"), "{missing}");
    // The size decides the squares needed; without a valid size only the length is judged.
    let small = Reversi::new(&Config { width: 6, height: 6, ..from_position(FFO_40) }).unwrap_err();
    assert!(small.violations[0].description.contains("has 64 squares; the 6×6 board has 36"), "{small}");
    let odd_width = Reversi::new(&Config { width: 5, ..from_position(&"-".repeat(600)) }).unwrap_err();
    let fields: Vec<&str> = odd_width.violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["width", "position"], "{odd_width}");
    assert!(odd_width.violations[1].description.contains("at most 512"), "{odd_width}");
}

#[test]
fn walls_of_a_position_stand_on_its_empty_squares_the_centre_too() {
    let empty_centre = format!("{}X{}O{} O", "-".repeat(9), "-".repeat(8), "-".repeat(45));
    // d4 and e5 are empty in this position: walls may go there, unlike with the opening.
    let walls = cells(&[(3, 3), (4, 4), (7, 7)]);
    let game = Reversi::new(&Config { walls, ..from_position(&empty_centre) }).unwrap();
    assert_eq!(game.board.square(Cell::new(3, 3)), Square::Wall);
    assert_eq!(game.board.square(Cell::new(1, 1)), Square::Disc(BLACK));
    // A wall on a disc (b2, c3) is refused, named; the centre rule of the opening is not.
    let error =
        Reversi::new(&Config { walls: cells(&[(1, 1), (2, 2), (3, 3)]), ..from_position(&empty_centre) }).unwrap_err();
    assert_eq!(error.violations.len(), 1, "{error}");
    assert_eq!(error.violations[0].field, "walls");
    assert!(error.violations[0].description.contains("b2 (row 1, column 1), c3 (row 2, column 2)"), "{error}");
    // A set-up game with walls runs on the generic path, and both boards agree on it.
    let config = Config { walls: cells(&[(7, 7), (7, 0), (5, 0)]), ..from_position(FFO_40) };
    assert!(Reversi::new(&config).unwrap().standard_position(BLACK).is_none());
    compare_representations(&config, &[0, 3, 1, 7]);
    compare_representations(&from_position(FFO_40), &[2, 5, 1]);
}

#[test]
fn a_position_says_who_starts_and_takes_no_starter() {
    let white_to_move = FFO_40.replace(" X", " O");
    let game = Match::<Reversi>::new(from_position(&white_to_move)).unwrap();
    assert_eq!(game.to_act(), vec![WHITE]);
    let config = GameConfig::Reversi(from_position(&white_to_move));
    assert_eq!(config.starter(), None, "the rules fix who starts");
    assert!(config.clone().with_starter(Starter::SecondSeat).is_none());
    assert!(config.clone().with_starter(Starter::Random).is_none());
    assert!(config.clone().allowing_takebacks().takebacks_allowed(), "the other play options stay open");
    assert_eq!(GameConfig::Reversi(Config::default()).starter(), Some(Starter::FirstSeat));
}

#[test]
fn a_side_without_a_move_passes_first_and_a_position_nobody_can_move_in_is_over() {
    for representation in BOTH {
        // White has no move; Black has: White starts by passing.
        let stuck = format!("XO{} O", "-".repeat(62));
        let config = from_position(&stuck);
        let mut game = Reversi::with_representation(&config, representation).unwrap();
        assert_eq!((game.to_act(), game.legal_moves(WHITE)), (vec![WHITE], vec![Action::Pass]));
        game.play_move(WHITE, &Action::Pass).unwrap();
        assert_eq!(game.legal_moves(BLACK), places(&[(0, 2)]));
        // Neither side can move: the game starts over, counted by the discs.
        let over =
            Reversi::with_representation(&from_position(&format!("XX{} O", "-".repeat(62))), representation).unwrap();
        assert_eq!(over.outcome(), Some(Outcome::Win { winner: BLACK, reason: WinReason::PieceCount, line: vec![] }));
        assert!(over.to_act().is_empty());
        let full = format!("{}{} X", "X".repeat(32), "O".repeat(32));
        let full = Reversi::with_representation(&from_position(&full), representation).unwrap();
        assert_eq!(full.outcome(), Some(Outcome::Draw { reason: DrawReason::PieceCount }));
    }
}

#[test]
fn positions_fit_every_board_size() {
    // 6 wide, 4 high: row by row, a row a line.
    let text = "------\n--OX--\n--XO--\n------ X";
    let config = Config { width: 6, height: 4, ..from_position(text) };
    let mut game = Match::<Reversi>::new(config.clone()).unwrap();
    assert_eq!(game.position().board.square(Cell::new(1, 3)), Square::Disc(BLACK));
    assert_eq!(
        game.legal_moves(BLACK),
        Match::<Reversi>::new(Config { width: 6, height: 4, ..Config::default() }).unwrap().legal_moves(BLACK)
    );
    game.apply(BLACK, &place(0, 2)).unwrap();
    // 10×10 on the array board.
    let big = format!("{}XO{} X", "-".repeat(44), "-".repeat(54));
    let mut game = Match::<Reversi>::new(Config { width: 10, height: 10, ..from_position(&big) }).unwrap();
    assert!(matches!(game.position().board, Board::Array(_)));
    assert_eq!(game.legal_moves(BLACK), places(&[(4, 6)]));
    game.apply(BLACK, &place(4, 6)).unwrap();
    assert_eq!(game.view(Viewer::Spectator).observation.seat_counts, vec![3, 0]);
    // White has no disc left: two passes end the game.
    game.apply(WHITE, &Action::Pass).unwrap();
    game.apply(BLACK, &Action::Pass).unwrap();
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(BLACK));
}

#[test]
fn configurations_stored_before_positions_existed_still_read() {
    let stored = r#"{"width": 6, "height": 6, "opening": "Othello", "walls": []}"#;
    let config: Config = serde_json::from_str(stored).unwrap();
    assert_eq!(config, Config { width: 6, height: 6, ..Config::default() });
    let round: Config = serde_json::from_str(&serde_json::to_string(&from_position(FFO_40)).unwrap()).unwrap();
    assert_eq!(round.position, FFO_40);
}
