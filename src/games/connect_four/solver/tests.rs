use std::sync::atomic::AtomicBool;

use super::*;

static GO: AtomicBool = AtomicBool::new(false);

fn unlimited() -> SearchBudget<'static> {
    SearchBudget::new(u64::MAX, &GO)
}

fn solver() -> Solver {
    Solver::with_table_bits(20)
}

fn score(moves: &str) -> i32 {
    solver().solve(&Position::from_moves(moves).unwrap(), unlimited()).unwrap()
}

#[test]
fn move_strings_are_read_like_pons_and_refused_when_invalid() {
    let position = Position::from_moves("4453").unwrap();
    assert_eq!(position.moves(), 4);
    assert!(!position.can_play(7));
    assert_eq!(Position::from_moves("408").unwrap_err(), MoveStringError::NotAColumn { index: 2, found: '0' });
    assert_eq!(Position::from_moves("48").unwrap_err(), MoveStringError::NotAColumn { index: 2, found: '8' });
    assert_eq!(Position::from_moves("1111111").unwrap_err(), MoveStringError::ColumnFull { index: 7, column: 1 });
    assert_eq!(Position::from_moves("1212121").unwrap_err(), MoveStringError::Wins { index: 7, column: 1 });
    assert_eq!(Position::from_moves("").unwrap(), Position::new());
}

#[test]
fn a_win_with_the_next_disc_scores_by_the_discs_left() {
    // Red has 1, 2, 3 on the bottom row and wins with its fourth disc: 22 - 4.
    assert_eq!(score("112233"), 18);
    let mut solver = solver();
    let best = solver.best_move(&Position::from_moves("112233").unwrap(), unlimited()).unwrap();
    assert_eq!(best, BestMove { column: 3, score: 18 });
}

#[test]
fn two_threats_lose_and_one_threat_is_blocked() {
    // Red's 2, 3, 4 on the bottom row is open at both ends: Yellow loses to Red's fourth disc.
    assert_eq!(score("22334"), -18);
    let mut solver = solver();
    assert_eq!(solver.best_move(&Position::from_moves("22334").unwrap(), unlimited()).unwrap().score, -18);
    // Red's 1, 2, 3 has one open end: Yellow's best move blocks it in column 4.
    let best = solver.best_move(&Position::from_moves("11223").unwrap(), unlimited()).unwrap();
    assert_eq!(best.column, 3);
}

#[test]
fn pons_scores_of_a_few_positions() {
    // Lines of Pons' sets (End-Easy, Middle-Easy, Middle-Medium).
    for (moves, expected) in [
        ("2252576253462244111563365343671351441", -1),
        ("7422341735647741166133573473242566", 1),
        ("23163416124767223154467471272416755633", 0),
        ("5554224333234511764415115", 4),
        ("52753311433677442422121", 8),
        ("1233722555341451114725221333", -1),
        ("274552224131661", 0),
        ("5455174361263362", -1),
    ] {
        assert_eq!(score(moves), expected, "{moves}");
    }
}

#[test]
fn every_best_move_keeps_the_score() {
    let mut solver = solver();
    for moves in ["274552224131661", "5455174361263362", "52753311433677442422121"] {
        let position = Position::from_moves(moves).unwrap();
        let best = solver.best_move(&position, unlimited()).unwrap();
        assert_eq!(Some(best.score), solver.solve(&position, unlimited()));
        let mut child = position;
        child.play_column(best.column);
        let after = if child.can_win_next() { None } else { solver.solve(&child, unlimited()) };
        if let Some(after) = after {
            assert_eq!(-after, best.score, "{moves}: column {}", best.column + 1);
        }
    }
}

#[test]
fn a_search_cut_short_answers_unknown_and_a_reset_forgets() {
    let position = Position::from_moves("4453").unwrap();
    let mut solver = solver();
    assert_eq!(solver.solve(&position, SearchBudget::new(1_000, &GO)), None);
    assert!(solver.nodes() <= 1_001);
    assert_eq!(solver.best_move(&position, SearchBudget::new(1_000, &GO)), None);
    let stop = AtomicBool::new(true);
    assert_eq!(solver.solve(&position, SearchBudget::new(u64::MAX, &stop)), None);
    // A win in one needs no search, whatever the budget.
    let win = Position::from_moves("112233").unwrap();
    assert_eq!(solver.solve(&win, SearchBudget::new(0, &stop)), Some(18));
    // The same answers across many resets (the table's generations wrap around).
    let sample = Position::from_moves("52753311433677442422121").unwrap();
    for _ in 0..130 {
        solver.reset();
        assert_eq!(solver.nodes(), 0);
        assert_eq!(solver.solve(&sample, unlimited()), Some(8));
        assert!(solver.nodes() > 0);
    }
}

/// Every score of the first `count` positions of a committed set of Pons'.
fn check_set(text: &str, count: usize) {
    let mut solver = solver();
    let mut checked = 0;
    for line in text.lines().take(count) {
        let (moves, expected) = line.split_once(' ').unwrap();
        let position = Position::from_moves(moves).unwrap();
        solver.reset();
        assert_eq!(solver.solve(&position, unlimited()), Some(expected.parse().unwrap()), "{moves}");
        checked += 1;
    }
    assert_eq!(checked, count);
}

#[test]
fn scores_of_pons_end_easy_sample_are_exact() {
    check_set(include_str!("../../../../tests/data/connect_four/end_easy.txt"), 100);
}

#[test]
fn scores_of_pons_middle_easy_sample_are_exact() {
    check_set(include_str!("../../../../tests/data/connect_four/middle_easy.txt"), 50);
}

#[test]
fn a_growing_table_keeps_its_entries_and_a_reset_forgets_them() {
    let mut table = Table::new(FIRST_BITS + 2);
    let keys: Vec<u64> = (1..5_000u64).map(|i| Position::from_moves("4453").unwrap().key() ^ (i << 20)).collect();
    for (i, &key) in keys.iter().enumerate() {
        table.put(key, 1 + (i % 70) as i32);
    }
    let before: Vec<i32> = keys.iter().map(|&k| table.get(k)).collect();
    assert!(table.grow() && table.grow());
    assert!(!table.grow(), "the table stops at its allocation");
    assert_eq!(keys.iter().map(|&k| table.get(k)).collect::<Vec<_>>(), before);
    table.reset();
    assert!(keys.iter().all(|&k| table.get(k) == 0));
    assert_eq!(table.bits, FIRST_BITS);
}

#[test]
fn a_tiny_table_still_gives_exact_scores() {
    let mut solver = Solver::with_table_bits(8);
    for line in include_str!("../../../../tests/data/connect_four/middle_easy.txt").lines().take(10) {
        let (moves, expected) = line.split_once(' ').unwrap();
        solver.reset();
        let score = solver.solve(&Position::from_moves(moves).unwrap(), unlimited());
        assert_eq!(score, Some(expected.parse().unwrap()), "{moves}");
    }
}
