use std::sync::atomic::AtomicBool;

use super::super::table::{SharedTable, Table};
use super::*;

static GO: AtomicBool = AtomicBool::new(false);

fn unlimited() -> SearchBudget<'static> {
    SearchBudget::new(u64::MAX, &GO)
}

/// The first `count` positions of a committed set of Pons', with their scores.
fn set(text: &'static str, count: usize) -> impl Iterator<Item = (&'static str, Position, i32)> {
    text.lines().take(count).map(|line| {
        let (moves, score) = line.split_once(' ').unwrap();
        (moves, Position::from_moves(moves).unwrap(), score.parse().unwrap())
    })
}

#[test]
fn threads_searching_together_give_the_exact_scores() {
    let middle_easy = set(include_str!("../../../../../tests/data/connect_four/middle_easy.txt"), 30);
    let middle_medium = set(include_str!("../../../../../tests/data/connect_four/middle_medium.txt"), 4);
    let mut solver = Solver::with_table_bits(20).without_book();
    for (moves, position, expected) in middle_easy.chain(middle_medium) {
        for threads in [2, 3] {
            solver.reset();
            // No search alone first: every thread from the first position on.
            let score = solver.solve_on_threads(&position, unlimited().on_threads(threads), 0, Then::Done);
            assert_eq!(score, Some(expected), "{moves} on {threads} threads");
            assert!(solver.nodes() > 0);
        }
    }
}

#[test]
fn threads_go_on_from_what_the_first_learnt_alone() {
    let (moves, position, expected) =
        set(include_str!("../../../../../tests/data/connect_four/middle_medium.txt"), 1).next().unwrap();
    let mut alone = Solver::with_table_bits(20).without_book();
    assert_eq!(alone.solve(&position, unlimited()), Some(expected), "{moves}");
    let mut together = Solver::with_table_bits(20).without_book();
    // Cut short alone (a tenth of what it needs), then on two threads.
    let score = together.solve_on_threads(&position, unlimited().on_threads(2), alone.nodes() / 10, Then::Done);
    assert_eq!(score, Some(expected), "{moves}");
    // Solved alone within its first positions: no thread is started.
    together.reset();
    assert_eq!(
        together.solve_on_threads(&position, unlimited().on_threads(2), alone.nodes() + 1, Then::Done),
        Some(expected)
    );
    assert_eq!(together.nodes(), alone.nodes());
}

#[test]
fn threads_stop_within_the_budget_or_when_asked() {
    let position = Position::from_moves("4453").unwrap();
    let mut solver = Solver::with_table_bits(20).without_book();
    assert_eq!(
        solver.solve_on_threads(&position, SearchBudget::new(20_000, &GO).on_threads(2), 5_000, Then::Done),
        None
    );
    // Each thread checks its share every few thousand positions.
    assert!(solver.nodes() <= 20_000 + 2, "{} positions", solver.nodes());
    let stop = AtomicBool::new(true);
    solver.reset();
    assert_eq!(
        solver.solve_on_threads(&position, SearchBudget::new(u64::MAX, &stop).on_threads(2), 0, Then::Done),
        None
    );
    // A win in one needs no search.
    let win = Position::from_moves("112233").unwrap();
    assert_eq!(solver.solve(&win, SearchBudget::new(u64::MAX, &stop).on_threads(2)), Some(18));
}

#[test]
fn a_shared_table_starts_with_what_the_table_held_and_marks_positions_being_searched() {
    let mut table = Table::new(12);
    let keys: Vec<u64> = (1..200u64).map(|i| i * 0x1_0001).collect();
    for (i, &key) in keys.iter().enumerate() {
        table.put(key, 1 + (i % 70) as i32);
    }
    let shared = SharedTable::copy_of(&table, 16);
    for &key in &keys {
        assert_eq!(shared.get(key), table.get(key), "key {key}");
    }
    // Entries of an earlier generation are not copied.
    table.reset();
    let fresh = SharedTable::copy_of(&table, 16);
    assert!(keys.iter().all(|&key| fresh.get(key) == 0));

    let key = keys[0];
    assert!(!shared.busy(key));
    assert!(shared.enter(key));
    assert!(shared.busy(key));
    assert!(!shared.enter(key), "marked once");
    shared.leave(key);
    assert!(!shared.busy(key));
}

#[test]
fn what_the_threads_proved_stays_in_the_solvers_table_when_searches_follow() {
    let (moves, position, expected) =
        set(include_str!("../../../../../tests/data/connect_four/middle_medium.txt"), 1).next().unwrap();
    let mut fresh = Solver::with_table_bits(22).without_book();
    assert_eq!(fresh.solve(&position, unlimited()), Some(expected), "{moves}");
    let mut solver = Solver::with_table_bits(22).without_book();
    assert_eq!(solver.solve_on_threads(&position, unlimited().on_threads(2), 0, Then::Search), Some(expected));
    let after_threads = solver.nodes();
    // Alone again on the same table: the bounds are there already.
    assert_eq!(solver.solve(&position, unlimited()), Some(expected));
    let again = solver.nodes() - after_threads;
    assert!(again * 4 < fresh.nodes(), "{again} positions again, against {} from nothing", fresh.nodes());
    // Unless no search follows.
    let mut solver = Solver::with_table_bits(22).without_book();
    assert_eq!(solver.solve_on_threads(&position, unlimited().on_threads(2), 0, Then::Done), Some(expected));
    let after_threads = solver.nodes();
    assert_eq!(solver.solve(&position, unlimited()), Some(expected));
    assert!((solver.nodes() - after_threads) * 4 > fresh.nodes(), "the solver's table took nothing in");
}

#[test]
fn a_best_move_on_threads_keeps_the_score() {
    // One of Pons' Begin-Medium positions, past what one thread searches alone.
    let position = Position::from_moves("13555111322723").unwrap();
    let mut solver = Solver::with_table_bits(22).without_book();
    let best = solver.best_move(&position, unlimited().on_threads(2)).unwrap();
    assert_eq!(best.score, -1);
    assert!(solver.nodes() > ALONE_FIRST, "the threads joined: {} positions", solver.nodes());
    let mut child = position;
    child.play_column(best.column);
    assert_eq!(Solver::with_table_bits(22).without_book().solve(&child, unlimited()), Some(1));
}
