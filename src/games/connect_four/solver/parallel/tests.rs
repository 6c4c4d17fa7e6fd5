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
            let score = solver.solve_on_threads_after(&position, unlimited(), threads, 0);
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
    let score = together.solve_on_threads_after(&position, unlimited(), 2, alone.nodes() / 10);
    assert_eq!(score, Some(expected), "{moves}");
    // Solved alone within its first positions: no thread is started.
    together.reset();
    assert_eq!(together.solve_on_threads_after(&position, unlimited(), 2, alone.nodes() + 1), Some(expected));
    assert_eq!(together.nodes(), alone.nodes());
}

#[test]
fn threads_stop_within_the_budget_or_when_asked() {
    let position = Position::from_moves("4453").unwrap();
    let mut solver = Solver::with_table_bits(20).without_book();
    assert_eq!(solver.solve_on_threads_after(&position, SearchBudget::new(20_000, &GO), 2, 5_000), None);
    // Each thread checks its share every few thousand positions.
    assert!(solver.nodes() <= 20_000 + 2, "{} positions", solver.nodes());
    let stop = AtomicBool::new(true);
    solver.reset();
    assert_eq!(solver.solve_on_threads_after(&position, SearchBudget::new(u64::MAX, &stop), 2, 0), None);
    // A win in one needs no search.
    let win = Position::from_moves("112233").unwrap();
    assert_eq!(solver.solve_on_threads_after(&win, SearchBudget::new(u64::MAX, &stop), 2, 0), Some(18));
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
