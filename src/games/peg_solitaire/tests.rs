use crate::engine::{DrawReason, EndReason, SolutionRange, WinReason};
use std::sync::atomic::AtomicBool;

use super::boards::{Geometry, Shape};
use super::solver::{Goal, SolutionCount, Solver};
use super::*;
use crate::engine::Match;
use crate::games::GameKind;

const BUDGET: u64 = 50_000_000;

fn triangle(rows: u32, empty_hole: u32) -> Config {
    Config { board: Shape::Triangle, rows, empty_hole }
}

fn english() -> Config {
    Config { board: Shape::English, rows: 0, empty_hole: 17 }
}

/// A jump between two holes given by number.
fn jump(game: &Match<PegSolitaire>, from: u32, to: u32) -> Action {
    let g = game.position().geometry();
    Action::Move {
        from: Location::Cell(hole_cell(g, from).unwrap()),
        to: Location::Cell(hole_cell(g, to).unwrap()),
        promotion: None,
    }
}

fn play(config: Config, jumps: &[(u32, u32)]) -> Match<PegSolitaire> {
    let mut game = Match::<PegSolitaire>::new(config).unwrap();
    for &(from, to) in jumps {
        let action = jump(&game, from, to);
        game.apply(Seat::FIRST, &action).unwrap_or_else(|e| panic!("{from} to {to}: {e}"));
    }
    game
}

/// Plays `solution` from the start of `config` through the rules and returns the match.
fn replay(config: Config, solution: &[Jump]) -> Match<PegSolitaire> {
    let mut game = Match::<PegSolitaire>::new(config).unwrap();
    for &j in solution {
        let action = game.position().jump_action(j);
        game.apply(Seat::FIRST, &action).unwrap_or_else(|e| panic!("solver jump {j:?} refused: {e}"));
    }
    game
}

/// Counts solving sequences by plain enumeration, without memo or symmetry.
fn brute_force_count(geometry: &Geometry, pegs: u64) -> u128 {
    if pegs.count_ones() == 1 {
        return 1;
    }
    geometry.jumps().iter().filter(|j| j.fits(pegs)).map(|j| brute_force_count(geometry, j.apply(pegs))).sum()
}

#[test]
fn defaults_fill_zero_fields_per_board() {
    assert_eq!(Config { board: Shape::Triangle, rows: 0, empty_hole: 0 }.with_defaults(), triangle(5, 1));
    assert_eq!(Config { board: Shape::English, rows: 0, empty_hole: 0 }.with_defaults(), english());
    assert_eq!(Config::default(), triangle(5, 1));
    assert!(PegSolitaire::new(&Config::default()).is_ok());
}

#[test]
fn every_config_problem_is_reported_at_once() {
    let error = PegSolitaire::new(&Config { board: Shape::English, rows: 5, empty_hole: 34 }).unwrap_err();
    let fields: Vec<&str> = error.violations.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(fields, ["rows", "empty_hole"]);
    let error = PegSolitaire::new(&triangle(3, 1)).unwrap_err();
    assert_eq!(error.violations[0].field, "rows");
    assert!(PegSolitaire::new(&triangle(9, 1)).is_err());
    assert!(PegSolitaire::new(&triangle(5, 16)).is_err());
    assert!(PegSolitaire::new(&triangle(5, 0)).is_err());
    // A start no jump can land in is refused: the centre of the 10-hole triangle.
    let error = PegSolitaire::new(&triangle(4, 5)).unwrap_err();
    assert_eq!(error.violations[0].field, "empty_hole");
    assert!(error.violations[0].description.contains("no jump can land in hole 5"), "{error}");
    // Every other row count and hole works, with no code per size.
    for rows in MIN_ROWS..=MAX_ROWS {
        let holes = rows * (rows + 1) / 2;
        for hole in (1..=holes).filter(|&h| (rows, h) != (4, 5)) {
            let game =
                PegSolitaire::new(&triangle(rows, hole)).unwrap_or_else(|e| panic!("{rows} rows, hole {hole}: {e}"));
            assert_eq!(game.pegs().count_ones(), holes - 1);
            assert!(!game.legal_moves(Seat::FIRST).is_empty(), "{rows} rows, hole {hole}");
        }
    }
    for hole in 1..=33 {
        assert!(PegSolitaire::new(&Config { empty_hole: hole, ..english() }).is_ok(), "English, hole {hole}");
    }
}

#[test]
fn the_board_shows_holes_pegs_and_cells_that_are_no_holes() {
    let game = Match::<PegSolitaire>::new(triangle(5, 1)).unwrap();
    let observation = game.view(Viewer::Spectator).observation;
    let board = observation.board.unwrap();
    assert_eq!((board.width, board.height), (5, 5));
    assert_eq!(board.at(Cell::new(0, 0)), BoardCell::default());
    assert_eq!(board.at(Cell::new(0, 1)).piece, Piece::Void);
    assert_eq!(board.at(Cell::new(4, 4)), BoardCell::mark(Seat::FIRST));
    assert_eq!(board.cells.iter().filter(|c| c.piece == Piece::Mark).count(), 14);
    assert_eq!(board.cells.iter().filter(|c| c.piece == Piece::Void).count(), 10);
    assert_eq!(observation.seat_counts, vec![14]);
    assert!(observation.last_changed.is_empty());

    let cross = Match::<PegSolitaire>::new(english()).unwrap();
    let board = cross.view(Viewer::Seat(Seat::FIRST)).observation.board.unwrap();
    assert_eq!((board.width, board.height), (7, 7));
    assert_eq!(board.at(Cell::new(3, 3)).piece, Piece::Empty);
    assert_eq!(board.at(Cell::new(1, 1)).piece, Piece::Void);
    assert_eq!(board.cells.iter().filter(|c| c.piece == Piece::Mark).count(), 32);
}

#[test]
fn a_jump_removes_the_peg_jumped_over_and_shows_what_changed() {
    // Hole 4 jumps over 2 into the empty apex.
    let game = play(triangle(5, 1), &[(4, 1)]);
    let observation = game.view(Viewer::Spectator).observation;
    let board = observation.board.unwrap();
    assert_eq!(board.at(Cell::new(0, 0)).piece, Piece::Mark);
    assert_eq!(board.at(Cell::new(1, 0)).piece, Piece::Empty);
    assert_eq!(board.at(Cell::new(2, 0)).piece, Piece::Empty);
    assert_eq!(observation.seat_counts, vec![13]);
    let changed: Vec<Cell> = observation.last_changed.iter().map(|c| c.cell).collect();
    assert_eq!(changed, vec![Cell::new(2, 0), Cell::new(1, 0), Cell::new(0, 0)]);
    assert_eq!(game.position().describe(&jump(&game, 4, 1)), "4 to 1");
    // Jumps run along all three lines of the triangle: 4 to 1 up a column of the grid,
    // 6 to 4 along a row, 1 to 6 down the diagonal.
    let game = play(triangle(5, 1), &[(4, 1), (6, 4), (1, 6)]);
    assert_eq!(game.position().pegs().count_ones(), 11);
}

#[test]
fn illegal_jumps_are_refused_with_their_reason_and_change_nothing() {
    let mut game = play(triangle(5, 1), &[(4, 1)]);
    let before = game.clone();
    let at = |r, c| Location::Cell(Cell::new(r, c));
    let mv = |from, to| Action::Move { from, to, promotion: None };
    let cases = [
        // Off the grid, and a cell of the grid that is no hole.
        (mv(at(9, 9), at(2, 0)), Reason::OutOfBounds),
        (mv(at(2, 2), at(0, 2)), Reason::OutOfBounds),
        // Hole 2 is empty now.
        (mv(at(1, 0), at(3, 0)), Reason::NoPieceAtOrigin),
        // Landing on a peg.
        (mv(at(4, 0), at(2, 2)), Reason::CellOccupied),
        // Not a jump: hole 11 to the empty hole 2 is three rows away; hole 8 to hole 2 is
        // two rows up and one column left, along no line.
        (mv(at(4, 0), at(1, 0)), Reason::InvalidMove),
        (mv(at(3, 1), at(1, 0)), Reason::InvalidMove),
        // Along a line to an empty hole, but over an empty hole: 1 to 4 over 2.
        (mv(at(0, 0), at(2, 0)), Reason::InvalidMove),
        (mv(Location::Point(3), at(2, 0)), Reason::MoveKindNotAllowed),
        (
            Action::Move { from: at(4, 0), to: at(2, 0), promotion: Some(crate::engine::Promotion::Queen) },
            Reason::MoveKindNotAllowed,
        ),
        (Action::place(0, 0), Reason::MoveKindNotAllowed),
        (Action::Pass, Reason::MoveKindNotAllowed),
    ];
    for (action, reason) in cases {
        let error = game.apply(Seat::FIRST, &action).unwrap_err();
        assert_eq!(error.reason, reason, "{action:?}: {}", error.message);
        assert_eq!(game, before, "{action:?} changed the game");
        assert!(!game.legal_moves(Seat::FIRST).contains(&action));
    }
}

#[test]
fn the_game_ends_when_no_jump_is_left_and_reports_the_pegs() {
    let config = triangle(5, 1);
    let game = Match::<PegSolitaire>::new(config).unwrap();
    let report = game.position().solve(Goal::OnePeg, false, BUDGET, &mut |_| {}).unwrap();
    let solved = replay(config, &report.solution);
    let Some(Outcome::Win { winner, reason, line }) = solved.outcome() else { panic!("{:?}", solved.outcome()) };
    assert_eq!(winner, Seat::FIRST);
    let last = game.position().geometry().cell(solved.position().pegs().trailing_zeros() as u8);
    assert_eq!(line, vec![last]);
    let expected = if last == Cell::new(0, 0) { WinReason::SolvedInStartCell } else { WinReason::Solved };
    assert_eq!(reason, expected);
    assert!(solved.to_act().is_empty() && solved.legal_moves(Seat::FIRST).is_empty());
    assert_eq!(solved.view(Viewer::Spectator).observation.seat_counts, vec![1]);

    // Greedy play of the first listed jump strands several pegs.
    let mut stuck = Match::<PegSolitaire>::new(config).unwrap();
    while stuck.outcome().is_none() {
        let first = stuck.legal_moves(Seat::FIRST)[0].clone();
        stuck.apply(Seat::FIRST, &first).unwrap();
    }
    let pegs = stuck.position().pegs().count_ones();
    if pegs > 1 {
        assert_eq!(stuck.outcome(), Some(Outcome::Draw { reason: DrawReason::NoMovesLeft }));
        assert_eq!(stuck.view(Viewer::Spectator).observation.seat_counts, vec![pegs]);
    }
    assert_eq!(stuck.apply(Seat::FIRST, &jump(&stuck, 4, 1)).unwrap_err().reason, Reason::GameOver);
}

#[test]
fn a_finish_in_the_start_hole_is_reported_as_such() {
    // Find a start whose complement problem (finish in the start hole) the solver solves,
    // and check the rules call the finish by its name.
    let found = (1..=15).find_map(|hole| {
        let config = triangle(5, hole);
        let game = PegSolitaire::new(&config).unwrap();
        let report = game.solve(Goal::OnePegAt((hole - 1) as u8), false, BUDGET, &mut |_| {}).unwrap();
        report.solvable.then_some((config, report.solution))
    });
    let (config, solution) = found.expect("some 15-hole complement problem is solvable");
    let game = replay(config, &solution);
    let Some(Outcome::Win { reason, line, .. }) = game.outcome() else { panic!() };
    assert_eq!(reason, WinReason::SolvedInStartCell);
    assert_eq!(line, vec![hole_cell(game.position().geometry(), config.empty_hole).unwrap()]);
}

/// Published facts for the 15-hole triangle (G. I. Bell, "Solving Triangular Peg
/// Solitaire", Journal of Integer Sequences 11 (2008), article 08.4.8, and his
/// triangular peg solitaire pages): every single-vacancy start can be solved to one peg,
/// and from the apex (hole 1) there are 29,760 solving jump sequences.
#[test]
fn the_15_hole_triangle_matches_the_published_facts() {
    let geometry = Geometry::triangle(5);
    let apex = PegSolitaire::new(&triangle(5, 1)).unwrap();
    let report = apex.solve(Goal::OnePeg, true, BUDGET, &mut |_| {}).unwrap();
    assert_eq!(report.count, Some(SolutionCount::Exact(29_760)));
    assert_eq!(brute_force_count(&geometry, apex.pegs()), 29_760);
    assert_eq!(replay(triangle(5, 1), &report.solution).position().pegs().count_ones(), 1);

    for hole in 1..=15 {
        let config = triangle(5, hole);
        let game = PegSolitaire::new(&config).unwrap();
        let report = game.solve(Goal::OnePeg, false, BUDGET, &mut |_| {}).unwrap();
        assert!(report.solvable, "hole {hole}");
        assert_eq!(report.solution.len(), 13);
        let end = replay(config, &report.solution);
        assert!(matches!(end.outcome(), Some(Outcome::Win { .. })), "hole {hole}: {:?}", end.outcome());
    }
}

#[test]
fn counting_with_symmetry_agrees_with_plain_enumeration() {
    for (rows, hole) in [(4, 2), (5, 4), (5, 5), (5, 13)] {
        let game = PegSolitaire::new(&triangle(rows, hole)).unwrap();
        let report = game.solve(Goal::OnePeg, true, BUDGET, &mut |_| {}).unwrap();
        let expected = brute_force_count(game.geometry(), game.pegs());
        assert_eq!(report.count, Some(SolutionCount::Exact(expected)), "{rows} rows, hole {hole}");
        assert_eq!(report.solvable, expected != 0);
        if report.solvable {
            assert_eq!(replay(triangle(rows, hole), &report.solution).position().pegs().count_ones(), 1);
        }
        // Counting by final hole, each with the symmetries that keep that hole, sums up.
        let by_hole: u128 = (0..game.geometry().hole_count() as u8)
            .map(|h| match game.solve(Goal::OnePegAt(h), true, BUDGET, &mut |_| {}).unwrap().count {
                Some(SolutionCount::Exact(n)) => n,
                other => panic!("{other:?}"),
            })
            .sum();
        assert_eq!(by_hole, expected, "{rows} rows, hole {hole}");
    }
}

#[test]
fn the_english_cross_is_solvable_from_the_centre() {
    let game = PegSolitaire::new(&english()).unwrap();
    let mut calls = 0;
    let report = game.solve(Goal::OnePeg, false, BUDGET, &mut |_| calls += 1).unwrap();
    assert!(report.solvable);
    assert_eq!(report.solution.len(), 31);
    assert!(calls >= 1, "progress is reported at least once, at the end");
    let end = replay(english(), &report.solution);
    assert!(matches!(end.outcome(), Some(Outcome::Win { .. })));
}

/// The published count for the English board (centre empty, last peg in the centre):
/// 40,861,647,040,079,968 solving jump sequences (computed by several authors, e.g. the
/// peg solitaire pages of George Bell and of Bill Butler). Minutes of work and about
/// 1.6 GiB of memory even when optimised, so it runs only on request:
/// `cargo test --release -- --ignored english_count`.
#[test]
#[ignore = "minutes of work and 1.6 GiB of memory"]
fn the_english_count_matches_the_published_figure() {
    let game = PegSolitaire::new(&english()).unwrap();
    let report = game.solve(Goal::OnePegAt(16), true, u64::MAX, &mut |_| {}).unwrap();
    assert_eq!(report.count, Some(SolutionCount::Exact(40_861_647_040_079_968)));
    assert_eq!(replay(english(), &report.solution).outcome().unwrap().reason(), EndReason::SolvedInStartCell);
}

#[test]
fn analysis_gives_a_whole_solution_and_stops_at_a_dead_end_or_the_budget() {
    let go = AtomicBool::new(false);
    let budget = |nodes| SearchBudget::new(nodes, &go);
    let mut game = Match::<PegSolitaire>::new(triangle(5, 1)).unwrap();
    assert_eq!(game.position().analyse(budget(0)), Analysis::unknown(0));
    // The line is a whole solution, and the score says how long it is.
    let analysis = game.position().analyse(budget(1_000_000));
    let Score::Exact { result: Solved::Win, plies: Some(plies), value: Some((1, ScoreUnit::Pegs)) } = analysis.score
    else {
        panic!("the triangle of 5 from hole 1 is solvable: {analysis:?}")
    };
    assert_eq!(plies as usize, analysis.line.len());
    for action in &analysis.line {
        assert!(game.legal_moves(Seat::FIRST).contains(action));
        game.apply(Seat::FIRST, action).unwrap();
    }
    assert!(matches!(game.outcome(), Some(Outcome::Win { .. })));
    assert_eq!(game.analyse(Seat::FIRST, budget(10)), None, "the game is over");

    // Greedy first moves reach a position with no solution before the game ends.
    let mut game = Match::<PegSolitaire>::new(triangle(5, 1)).unwrap();
    let mut saw_dead_end = false;
    while game.outcome().is_none() {
        let analysis = game.position().analyse(budget(1_000_000));
        if analysis.score == (Score::Exact { result: Solved::Loss, plies: None, value: None }) {
            assert!(analysis.line.is_empty());
            saw_dead_end = true;
            break;
        }
        let first = game.legal_moves(Seat::FIRST)[0].clone();
        game.apply(Seat::FIRST, &first).unwrap();
    }
    assert!(saw_dead_end || game.position().pegs().count_ones() == 1);

    // A search told to stop gives up, however large its budget.
    let stop = AtomicBool::new(true);
    let hard = Match::<PegSolitaire>::new(triangle(8, 33)).unwrap();
    assert_eq!(hard.position().analyse(SearchBudget::new(u64::MAX, &stop)).score, Score::Unknown);
}

#[test]
fn a_solver_never_runs_past_its_budget() {
    let game = PegSolitaire::new(&english()).unwrap();
    let error = game.solve(Goal::OnePeg, true, 1_000, &mut |_| {}).unwrap_err();
    assert_eq!(error.nodes, 1_000);
    let solver = Solver::new(game.geometry(), Goal::OnePeg);
    assert!(solver.solve(game.pegs(), 5, &mut |_| {}).is_err());
    // A goal hole the board does not have is simply never reached.
    let small = PegSolitaire::new(&triangle(4, 1)).unwrap();
    let report = small.solve(Goal::OnePegAt(40), true, BUDGET, &mut |_| {}).unwrap();
    assert_eq!((report.solvable, report.count), (false, Some(SolutionCount::Exact(0))));
}

#[test]
fn undo_is_always_allowed_in_this_one_seat_game() {
    let info = GameKind::from_name("peg_solitaire").unwrap().info();
    assert_eq!(info.seat_names.len(), 1);
    let mut game = Match::<PegSolitaire>::new(Config::default()).unwrap();
    let start = game.clone();
    let first = game.legal_moves(Seat::FIRST)[0].clone();
    game.apply(Seat::FIRST, &first).unwrap();
    game.take_back(Seat::FIRST).unwrap();
    assert_eq!(game.position(), start.position());
    assert_eq!(game.move_count(), 0);
}

#[test]
fn the_level_two_bot_solves_within_budget_and_jumps_at_random_without() {
    let go = AtomicBool::new(false);
    let mut game = Match::<PegSolitaire>::new(triangle(5, 1)).unwrap();
    while game.outcome().is_none() {
        let action = game.bot_action(Seat::FIRST, 2, SearchBudget::new(1_000_000, &go)).unwrap();
        game.apply(Seat::FIRST, &action).unwrap();
    }
    assert!(matches!(game.outcome(), Some(Outcome::Win { .. })), "{:?}", game.outcome());
    // Without budget, level 2 falls back on level 1's random jump.
    let game = Match::<PegSolitaire>::new(triangle(5, 1)).unwrap();
    let level1 = game.bot_action(Seat::FIRST, 1, SearchBudget::new(0, &go));
    assert_eq!(game.bot_action(Seat::FIRST, 2, SearchBudget::new(0, &go)), level1);
    assert!(game.legal_moves(Seat::FIRST).contains(&level1.unwrap()));
}

/// Every solving sequence from `pegs`, by plain depth-first enumeration in the order of
/// the board's jumps: the order the solver's pages promise.
fn brute_force_solutions(geometry: &Geometry, pegs: u64, path: &mut Vec<Jump>, out: &mut Vec<Vec<Jump>>) {
    if pegs.count_ones() == 1 {
        out.push(path.clone());
        return;
    }
    for &jump in geometry.jumps().iter().filter(|j| j.fits(pegs)) {
        path.push(jump);
        brute_force_solutions(geometry, jump.apply(pegs), path, out);
        path.pop();
    }
}

#[test]
fn pages_list_every_solution_once_in_the_enumeration_order() {
    let stop = AtomicBool::new(false);
    for (rows, hole) in [(5, 1), (5, 4), (4, 2)] {
        let game = PegSolitaire::new(&triangle(rows, hole)).unwrap();
        let mut expected = Vec::new();
        brute_force_solutions(game.geometry(), game.pegs(), &mut Vec::new(), &mut expected);
        let solver = Solver::new(game.geometry(), Goal::OnePeg);
        let mut listed = Vec::new();
        let page_size = 997;
        loop {
            let (count, page, _) = solver.page(game.pegs(), listed.len() as u128, page_size, BUDGET, &stop).unwrap();
            assert_eq!(count, SolutionCount::Exact(expected.len() as u128), "{rows} rows, hole {hole}");
            let done = page.len() < page_size;
            listed.extend(page);
            if done {
                break;
            }
        }
        assert_eq!(listed, expected, "{rows} rows, hole {hole}");
        let (_, past_the_end, _) = solver.page(game.pegs(), expected.len() as u128 + 5, 10, BUDGET, &stop).unwrap();
        assert!(past_the_end.is_empty());
    }
}

#[test]
fn solutions_through_the_rules_replay_to_a_solved_end() {
    let stop = AtomicBool::new(false);
    let game = Match::<PegSolitaire>::new(triangle(5, 1)).unwrap();
    let range = SolutionRange { first: 29_750, limit: 50 };
    let solutions = game.solutions(range, SearchBudget::new(BUDGET, &stop)).unwrap().unwrap();
    assert_eq!(solutions.count, SolutionCount::Exact(29_760));
    assert_eq!(solutions.page.len(), 10, "the last ten of 29,760");
    for solution in &solutions.page {
        let mut replayed = game.clone();
        for action in solution {
            replayed.apply(Seat::FIRST, action).unwrap();
        }
        assert!(matches!(replayed.outcome(), Some(Outcome::Win { .. })));
    }
    // A budget too small is an answer of its own, never a wrong count.
    let stopped = game.solutions(range, SearchBudget::new(100, &stop)).unwrap().unwrap_err();
    assert_eq!(stopped.nodes, 100);
    // A stop flag set stops the count.
    let stop_now = AtomicBool::new(true);
    assert!(game.solutions(range, SearchBudget::new(BUDGET, &stop_now)).unwrap().is_err());
    // Solved and dead ends: the empty solution, and none.
    let solved = replay(
        triangle(5, 1),
        &Solver::new(game.position().geometry(), Goal::OnePeg)
            .solve(game.position().pegs(), BUDGET, &mut |_| {})
            .unwrap()
            .solution,
    );
    let at_end = solved.solutions(SolutionRange { first: 0, limit: 5 }, SearchBudget::new(BUDGET, &stop)).unwrap();
    assert_eq!(at_end.unwrap().page, vec![Vec::<Action>::new()]);
    let mut dead = game.clone();
    while dead.outcome().is_none() {
        let first = dead.legal_moves(Seat::FIRST)[0].clone();
        dead.apply(Seat::FIRST, &first).unwrap();
    }
    assert!(dead.position().pegs().count_ones() > 1, "greedy play of the first jump strands pegs");
    let none = dead.solutions(SolutionRange { first: 0, limit: 5 }, SearchBudget::new(BUDGET, &stop)).unwrap().unwrap();
    assert_eq!((none.count, none.page.len()), (SolutionCount::Exact(0), 0));
}
