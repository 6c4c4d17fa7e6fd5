//! Tests of the engine as a whole: the solver against brute force and hand-checked
//! endgames, lines legal to the end, budgets, determinism.

use std::sync::atomic::AtomicBool;

use crate::engine::SearchBudget;
use crate::engine::bot::BotRng;

use super::clock::Clock;
use super::endgame::{Solved, Solver};
use super::position::{Position, squares};
use super::table::Table;
use super::think::{FULL, Plan, Verdict, think};

/// The exact score the slow and obvious way: every move, every pass, no pruning.
fn brute_force(position: Position, passed: bool) -> i32 {
    let moves = position.moves();
    if moves == 0 {
        return if passed { position.final_score() } else { -brute_force(position.pass(), true) };
    }
    squares(moves).map(|square| -brute_force(position.play(square), false)).max().unwrap()
}

/// A position reached by random moves from the start until `empties` squares are left
/// (or the game ends first), the side to move having a move or having to pass.
fn random_position(rng: &mut BotRng, empties: u32) -> Position {
    let mut position = Position::start();
    while position.empties() > empties {
        let moves: Vec<u32> = squares(position.moves()).collect();
        if moves.is_empty() {
            if position.opponent_moves() == 0 {
                break;
            }
            position = position.pass();
            continue;
        }
        position = position.play(moves[rng.below(moves.len())]);
    }
    position
}

fn board(rows: [&str; 8], black_to_move: bool) -> Position {
    let text = format!("{} {}", rows.concat(), if black_to_move { 'X' } else { 'O' });
    crate::games::reversi::setup::standard(&text).unwrap().0
}

fn solve(position: Position) -> i32 {
    solved(position).score
}

fn solved(position: Position) -> Solved {
    let go = AtomicBool::new(false);
    let mut table = Table::new(16);
    let mut clock = Clock::new(SearchBudget::new(u64::MAX, &go));
    Solver::new(&mut table, &mut clock).solve(position, None, &[]).unwrap()
}

/// Plays `line` from `position`, checking every move legal and every pass forced, and
/// returns where it ends.
fn play_line(mut position: Position, line: &[Option<u32>]) -> Position {
    for (ply, step) in line.iter().enumerate() {
        let moves = position.moves();
        match *step {
            Some(square) => {
                assert!(moves & (1 << square) != 0, "ply {ply}: {square} is not legal");
                position = position.play(square);
            }
            None => {
                assert_eq!(moves, 0, "ply {ply}: a pass with a move at hand");
                assert_ne!(position.opponent_moves(), 0, "ply {ply}: a pass after the end");
                position = position.pass();
            }
        }
    }
    position
}

#[test]
fn the_solver_agrees_with_brute_force_on_random_endgames() {
    let mut rng = BotRng::new(15);
    for round in 0..60 {
        let empties = 3 + round % 8;
        let position = random_position(&mut rng, empties);
        let found = solved(position);
        assert_eq!(found.score, brute_force(position, false), "round {round}: {position:?}");
        match found.best {
            Some(square) => assert_eq!(-brute_force(position.play(square), false), found.score, "round {round}"),
            None => assert_eq!(position.moves(), 0, "round {round}: no move named"),
        }
    }
}

#[test]
fn a_position_lost_whatever_is_played_still_names_a_move() {
    // White's one move, d1, flips c1; Black's a1 then flips b1 to d1 and fills the board:
    // 64 against 0.
    let rows = ["-OX-XXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX"];
    let position = board(rows, false);
    assert_eq!(position.moves().count_ones(), 1);
    let found = solved(position);
    assert_eq!((found.score, found.best), (-64, Some(position.moves().trailing_zeros())));
}

#[test]
fn windowed_solves_bound_the_exact_score_on_the_right_side() {
    let go = AtomicBool::new(false);
    let mut rng = BotRng::new(40);
    for round in 0..20 {
        let position = random_position(&mut rng, 9);
        let exact = brute_force(position, false);
        for (alpha, beta) in [(exact - 3, exact + 3), (exact, exact + 1), (exact - 1, exact), (-65, exact - 2)] {
            let mut table = Table::new(12);
            let mut clock = Clock::new(SearchBudget::new(u64::MAX, &go));
            let found = Solver::new(&mut table, &mut clock).solve_window(position, alpha, beta, None, &[]).unwrap();
            match found.score {
                s if s <= alpha => assert!(exact <= s, "round {round}: {s} is no upper bound of {exact}"),
                s if s >= beta => assert!(exact >= s, "round {round}: {s} is no lower bound of {exact}"),
                s => assert_eq!(s, exact, "round {round}"),
            }
        }
    }
}

#[test]
fn hand_checked_endgames() {
    // One empty square, h8; Black 34, White 29.
    let rows = ["XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOO", "OOOOOOOO", "OOOOOOXO", "OOOOOXO-"];
    // Black's h8 flips g8 (to f8) and h7, h6, h5 (to h4): 39 against 25.
    assert_eq!(solve(board(rows, true)), 14);
    // White's h8 flips only g7 (to f6): 31 against 33.
    assert_eq!(solve(board(rows, false)), -2);

    // White's one disc, b1, cannot be flanked and nothing flanks towards it: neither side
    // can move, the game is over, and the two empty squares go to Black: 61 + 2 against 1.
    let rows = ["XOXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXX--"];
    assert_eq!(solve(board(rows, true)), 62);
    assert_eq!(solve(board(rows, false)), -62);

    // White must pass twice while Black takes a8 (flipping b7) and h8 (flipping g7 and
    // b8 to g8, in either order): 60 against 4.
    let rows = ["XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XOOOOOOX", "-OOOOOO-"];
    let position = board(rows, false);
    assert_eq!(position.moves(), 0, "White has no move");
    assert_eq!(solve(position), -56);
    assert_eq!(solve(position.pass()), 56);
}

#[test]
fn the_ffo_data_file_reads_as_the_published_depths() {
    let text = include_str!("../../../../tests/data/reversi/ffo-40-49.txt");
    let empties: Vec<u32> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (position, _) =
                crate::games::reversi::setup::standard(&format!("{} {}", fields[1], fields[2])).unwrap();
            let best: Vec<u32> = fields[4]
                .split(',')
                .map(|name| {
                    let bytes = name.as_bytes();
                    u32::from(bytes[1] - b'1') * 8 + u32::from(bytes[0] - b'a')
                })
                .collect();
            for square in best {
                assert!(position.moves() & (1 << square) != 0, "{}: {square} is not legal", fields[0]);
            }
            position.empties()
        })
        .collect();
    assert_eq!(empties, [20, 22, 22, 23, 23, 24, 24, 25, 25, 26]);
}

#[test]
fn exact_lines_are_legal_and_end_at_the_score() {
    let go = AtomicBool::new(false);
    let mut rng = BotRng::new(7);
    for round in 0..12 {
        let position = random_position(&mut rng, 10 + round % 5);
        if position.moves() == 0 && position.opponent_moves() == 0 {
            continue;
        }
        let thought = think(position, SearchBudget::new(u64::MAX, &go), round as u64, FULL);
        let Verdict::Exact(score) = thought.verdict else { panic!("round {round}: {thought:?}") };
        assert!(thought.line_complete, "round {round}");
        let end = play_line(position, &thought.line);
        assert!(end.moves() == 0 && end.opponent_moves() == 0, "round {round}: the line stops before the end");
        // The final position is seen by whoever is to move after the line.
        let sign = if thought.line.len().is_multiple_of(2) { 1 } else { -1 };
        assert_eq!(sign * end.final_score(), score, "round {round}");
        assert_eq!(score, brute_force_if_small(position), "round {round}");
    }
}

fn brute_force_if_small(position: Position) -> i32 {
    if position.empties() <= 10 { brute_force(position, false) } else { solve(position) }
}

#[test]
fn midgame_lines_are_legal_and_estimates_bounded() {
    let go = AtomicBool::new(false);
    let mut rng = BotRng::new(8);
    for round in 0..6 {
        let position = random_position(&mut rng, 44 - round * 3);
        if position.moves() == 0 && position.opponent_moves() == 0 {
            continue;
        }
        let plan = Plan { max_depth: 4, ..FULL };
        let thought = think(position, SearchBudget::new(20_000, &go), round as u64, plan);
        assert!(matches!(thought.verdict, Verdict::Estimate(v) if v.abs() <= 64 * 100), "{thought:?}");
        assert!(!thought.line.is_empty() && thought.depth >= 1, "{thought:?}");
        play_line(position, &thought.line);
    }
}

#[test]
fn a_set_stop_flag_or_an_empty_budget_still_gives_a_legal_move() {
    let stop = AtomicBool::new(true);
    let go = AtomicBool::new(false);
    let mut rng = BotRng::new(9);
    for empties in [50, 20, 12, 5] {
        let position = random_position(&mut rng, empties);
        if position.moves() == 0 {
            continue;
        }
        for budget in [SearchBudget::new(u64::MAX, &stop), SearchBudget::new(0, &go)] {
            let thought = think(position, budget, 1, FULL);
            assert_eq!(thought.verdict, Verdict::Unknown, "{empties} empties");
            assert!(thought.nodes <= 1);
            let square = thought.suggestion().expect("a move all the same");
            assert!(position.moves() & (1 << square) != 0);
        }
    }
}

#[test]
fn the_node_budget_is_kept() {
    let go = AtomicBool::new(false);
    let mut rng = BotRng::new(10);
    for (empties, nodes) in [(40, 3_000), (22, 5_000), (16, 2_000)] {
        let position = random_position(&mut rng, empties);
        let thought = think(position, SearchBudget::new(nodes, &go), 1, FULL);
        assert!(thought.nodes <= nodes, "{empties} empties: {} > {nodes}", thought.nodes);
        let square = thought.suggestion().expect("a move");
        assert!(position.moves() & (1 << square) != 0);
    }
}

#[test]
fn equal_inputs_think_alike_and_seeds_vary_equal_moves() {
    let go = AtomicBool::new(false);
    let plan = Plan { max_depth: 3, ..FULL };
    let start = Position::start();
    let first = |seed| think(start, SearchBudget::new(5_000, &go), seed, plan);
    for seed in 0..4 {
        assert_eq!(first(seed), first(seed), "seed {seed}");
    }
    // The four opening moves are the same move turned round: seeds choose among them.
    let chosen: std::collections::HashSet<Option<u32>> = (0..16).map(|seed| first(seed).suggestion()).collect();
    assert!(chosen.len() > 1, "16 seeds chose {chosen:?}");
}
