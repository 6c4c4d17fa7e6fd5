use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use super::book::{Book, BookError};
use super::table::FIRST_BITS;
use super::*;

static GO: AtomicBool = AtomicBool::new(false);

fn unlimited() -> SearchBudget<'static> {
    SearchBudget::new(u64::MAX, &GO)
}

fn solver() -> Solver<'static> {
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

/// On Pons' Middle-Easy positions (wins, draws and losses, scores known): a move keeping
/// the result is one the exact score confirms, and a lost position has none; there the
/// perfect move is the one that loses slowest.
#[test]
fn a_move_keeping_the_result_keeps_it_as_the_exact_score_confirms() {
    let set = include_str!("../../../../tests/data/connect_four/middle_easy.txt");
    let mut solver = solver();
    let mut seen = [0; 3];
    for line in set.lines().take(200) {
        let (moves, score) = line.split_once(' ').unwrap();
        let score: i32 = score.parse().unwrap();
        let position = Position::from_moves(moves).unwrap();
        solver.reset();
        let kept = solver.move_keeping_result(&position, unlimited());
        match score.signum() {
            -1 => {
                assert_eq!(kept, None, "{moves} is lost");
                // Perfect play there loses slowest: the move keeps the exact score.
                solver.reset();
                let column = solver.perfect_move(&position, unlimited()).unwrap();
                let mut child = position;
                child.play_column(column);
                let after =
                    if child.can_win_next() { (CELLS + 1 - child.moves() as i32) / 2 } else { score_of(&child) };
                assert_eq!(-after, score, "{moves}: column {} loses faster", column + 1);
            }
            sign => {
                let kept = kept.unwrap_or_else(|| panic!("{moves} scores {score}"));
                assert_eq!(kept.result, if sign > 0 { Kept::Win } else { Kept::Draw }, "{moves}");
                let mut child = position;
                child.play_column(kept.column);
                // The opponent's score after the move: a win left to the mover, or a draw.
                let after = if child.can_win_next() { 1 } else { score_of(&child) };
                assert!(
                    if sign > 0 { after < 0 } else { after == 0 },
                    "{moves}: column {} leaves {after}",
                    kept.column + 1
                );
            }
        }
        seen[(score.signum() + 1) as usize] += 1;
    }
    assert!(seen.iter().all(|&count| count > 0), "wins, draws and losses: {seen:?}");
    // The winning disc itself, without a search.
    let mut fresh = Solver::with_table_bits(20);
    let win = fresh.move_keeping_result(&Position::from_moves("112233").unwrap(), unlimited());
    assert_eq!(win, Some(KeepingMove { column: 3, result: Kept::Win }));
    assert_eq!(fresh.nodes(), 0);
}

fn score_of(position: &Position) -> i32 {
    solver().solve(position, unlimited()).unwrap()
}

#[test]
fn a_search_cut_short_answers_unknown_and_a_reset_forgets() {
    let position = Position::from_moves("4453").unwrap();
    let mut solver = solver().without_book();
    assert_eq!(solver.solve(&position, SearchBudget::new(1_000, &GO)), None);
    assert!(solver.nodes() <= 1_001);
    assert_eq!(solver.best_move(&position, SearchBudget::new(1_000, &GO)), None);
    assert_eq!(solver.move_keeping_result(&position, SearchBudget::new(1_000, &GO)), None);
    assert_eq!(solver.perfect_move(&position, SearchBudget::new(1_000, &GO)), None);
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

/// The position after `moves` mirrored: column `c` played as column `8 - c`.
fn mirrored(moves: &str) -> String {
    moves.chars().map(|c| char::from(b'8' - (c as u8 - b'0'))).collect()
}

/// A book of `ply` discs holding every searched child of `parent` (which has `ply - 1`),
/// scored by a solver without a book.
fn book_of_children(parent: &Position) -> &'static Book {
    let book = book_of(parent.moves() + 1, children(parent));
    assert!(book.len() >= 3, "a parent worth a test");
    book
}

/// The children of `parent` a search expands.
fn children(parent: &Position) -> impl Iterator<Item = Position> + '_ {
    (0..WIDTH).filter_map(|column| {
        let mut child = *parent;
        if !child.can_play(column) || child.is_winning_move(column) {
            return None;
        }
        child.play_column(column);
        book::is_searched(&child).then_some(child)
    })
}

/// A book of `ply` discs holding `positions`, scored by a solver without a book.
fn book_of(ply: u32, positions: impl IntoIterator<Item = Position>) -> &'static Book {
    let mut solver = solver().without_book();
    let mut entries: Vec<(u64, i32)> = positions
        .into_iter()
        .map(|position| {
            solver.reset();
            (book::canonical_key(&position), solver.solve(&position, unlimited()).unwrap())
        })
        .collect();
    entries.sort();
    entries.dedup();
    let bytes = Box::leak(book::encode_sparse(ply, entries.into_iter()).into_boxed_slice());
    Box::leak(Box::new(Book::read(bytes).unwrap()))
}

#[test]
fn a_position_has_a_parent_for_each_column_the_last_mover_tops() {
    for moves in ["5455174361263362", "274552224131661", "4", "44"] {
        let position = Position::from_moves(moves).unwrap();
        // The columns whose last disc has the parity of the last move.
        let last = moves.len() - 1;
        let mut topped: Vec<u32> = (0..WIDTH)
            .filter(|&column| {
                let digit = char::from_digit(column + 1, 10).unwrap();
                moves.rfind(digit).is_some_and(|at| at % 2 == last % 2)
            })
            .collect();
        for parent in position.parents() {
            assert_eq!(parent.moves() + 1, position.moves());
            let back = (0..WIDTH).find(|&column| {
                let mut child = parent;
                child.can_play(column) && {
                    child.play_column(column);
                    child == position
                }
            });
            let back = back.unwrap_or_else(|| panic!("{moves}: a parent with no move back"));
            assert_eq!(topped.first(), Some(&back), "{moves}: parents in column order");
            topped.remove(0);
        }
        assert!(topped.is_empty(), "{moves}: no parent for columns {topped:?}");
    }
}

#[test]
fn a_position_one_disc_past_a_book_starts_from_its_parents_scores() {
    // Middle-Easy lines of 16 and 15 discs, followed by their best move and by another.
    for moves in ["5455174361263362", "274552224131661"] {
        let before = Position::from_moves(moves).unwrap();
        let best = solver().without_book().best_move(&before, unlimited()).unwrap();
        let other = COLUMN_ORDER
            .into_iter()
            .find(|&column| {
                let mut child = before;
                column != best.column && child.can_play(column) && !child.is_winning_move(column) && {
                    child.play_column(column);
                    !child.can_win_next()
                }
            })
            .unwrap();
        for (column, follows_a_best_move) in [(best.column, true), (other, false)] {
            let mut position = before;
            position.play_column(column);
            let parents: Vec<Position> = position.parents().collect();
            let book = book_of(position.moves() - 1, parents.iter().copied().filter(book::is_searched));
            let mut plain = solver().without_book();
            let exact = plain.solve(&position, unlimited()).unwrap();
            let mut reading = solver().without_book().with_book(book);
            assert_eq!(plain.lower_bound_from_parents(&position), None, "no book of the ply before");
            let bound = reading.lower_bound_from_parents(&position).expect("a parent in the book");
            assert!(bound <= exact, "{moves} then {column}: {bound} above the score {exact}");
            if follows_a_best_move {
                assert_eq!(bound, exact, "{moves} then {column}: the best move keeps the score");
                assert_eq!(-book.score(&before).unwrap(), exact);
            }
            assert_eq!(reading.solve(&position, unlimited()), Some(exact), "{moves} then {column}");
            if follows_a_best_move {
                assert!(reading.nodes() < plain.nodes(), "{moves} then {column}: the bound spared probes");
            }
        }
    }
}

#[test]
fn a_search_starts_every_position_one_disc_past_a_book_from_its_parents_scores() {
    // Middle-Easy lines of 16 and 15 discs, not in the book: their search reaches their
    // children, whose other parents the book holds.
    for moves in ["5455174361263362", "274552224131661"] {
        let root = Position::from_moves(moves).unwrap();
        let root_key = book::canonical_key(&root);
        let other_parents: Vec<Position> = children(&root)
            .flat_map(|child| child.parents().collect::<Vec<_>>())
            .filter(|parent| book::canonical_key(parent) != root_key && book::is_searched(parent))
            .collect();
        let book = book_of(root.moves(), other_parents);
        assert!(book.len() >= 3, "{moves}: a root worth a test");
        assert_eq!(book.score(&root), None);
        let mut plain = solver().without_book();
        let exact = plain.solve(&root, unlimited()).unwrap();
        let mut reading = solver().without_book().with_book(book);
        assert_eq!(reading.solve(&root, unlimited()), Some(exact), "{moves}");
        assert!(
            reading.nodes() < plain.nodes(),
            "{moves}: {} positions searched with the parents' scores, {} without",
            reading.nodes(),
            plain.nodes()
        );
    }
}

#[test]
fn a_search_reads_the_scores_of_the_books_ply_from_the_book() {
    // Middle-Easy lines of 16 and 15 discs: their children have 17 and 16.
    for moves in ["5455174361263362", "274552224131661"] {
        let parent = Position::from_moves(moves).unwrap();
        let book = book_of_children(&parent);
        let mut plain = solver().without_book();
        let expected = plain.solve(&parent, unlimited()).unwrap();
        for position in [parent, Position::from_moves(&mirrored(moves)).unwrap()] {
            let mut reading = solver().without_book().with_book(book);
            assert_eq!(reading.solve(&position, unlimited()), Some(expected), "{moves}");
            // Each null window expands the parent and reads its children.
            assert!(reading.nodes() <= 8 * 8, "{moves}: {} positions expanded", reading.nodes());
            assert!(plain.nodes() > 2 * reading.nodes(), "{moves}: the book spared the search below");
            reading.reset();
            let best = reading.best_move(&position, unlimited()).unwrap();
            assert_eq!(best.score, expected);
            let mut child = position;
            child.play_column(best.column);
            assert_eq!(book.score(&child), Some(-expected), "{moves}: the best move keeps the score");
        }
    }
}

#[test]
fn a_book_answers_only_for_its_ply_and_the_positions_it_holds() {
    let parent = Position::from_moves("5455174361263362").unwrap();
    let book = book_of_children(&parent);
    // Six children: a disc in column 4 lets the opponent win at once.
    assert_eq!((book.ply(), book.len()), (17, 6));
    assert_eq!(book.score(&parent), None, "another ply");
    let elsewhere = Position::from_moves("54551743612633621").unwrap();
    let mut child = parent;
    child.play_column(0);
    assert_eq!(elsewhere, child);
    assert!(book.score(&child).is_some());
    let other = Position::from_moves("54551743612633611").unwrap();
    assert_eq!(book.score(&other), None, "a position of that ply not held");
    assert!(Solver::new().without_book().books.is_empty());
}

#[test]
fn a_book_that_does_not_read_is_refused_naming_why() {
    let good = book::encode_sparse(3, [(10, 0), (20, -2), (30, 5)].into_iter());
    let leak = |bytes: Vec<u8>| -> &'static [u8] { Box::leak(bytes.into_boxed_slice()) };
    assert_eq!(Book::read(leak(good.clone())).unwrap().len(), 3);
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(Book::read(leak(magic)).unwrap_err(), BookError::Magic);
    assert_eq!(
        Book::read(leak(good[..good.len() - 1].to_vec())).unwrap_err(),
        BookError::Length { count: 3, size: 8, bytes: 23 }
    );
    let unordered = book::encode_sparse(3, [(10, 0), (10, 1)].into_iter());
    assert_eq!(Book::read(leak(unordered)).unwrap_err(), BookError::Order { index: 1 });
    let mut score = good;
    score[16] = 0xFF;
    let error = Book::read(leak(score)).unwrap_err();
    assert_eq!(error, BookError::Score { index: 0, score: 0xFF + MIN_SCORE });
    assert!(error.to_string().contains("outside -18..=18"), "{error}");
}

#[test]
fn a_dense_book_holds_a_byte_for_each_slot_of_its_ply_known_or_not() {
    let leak = |bytes: Vec<u8>| -> &'static [u8] { Box::leak(bytes.into_boxed_slice()) };
    let three = book::positions(3);
    let scores: Vec<Option<i32>> = (0..three.len()).map(|i| (i % 3 != 0).then_some(i as i32 % 7 - 3)).collect();
    let known = || three.iter().zip(&scores).filter_map(|(p, s)| Some((p, (*s)?)));
    let bytes = book::encode_dense(3, known());
    assert_eq!(bytes.len(), 16 + 252, "a byte a slot: 84 ways to stack three discs, 3 to choose the mover's one");
    let book = Book::read(leak(bytes.clone())).unwrap();
    assert_eq!((book.ply(), book.len()), (3, scores.iter().flatten().count()));
    for (position, &expected) in three.iter().zip(&scores) {
        assert_eq!(book.score(position), expected);
        let image = Position { discs: book::mirrored(position.discs), mask: book::mirrored(position.mask), moves: 3 };
        assert_eq!(book.score(&image), expected, "a mirror image has its position's score");
    }
    let mut entries: Vec<(u64, i32)> = book.entries().collect();
    entries.sort();
    assert_eq!(entries, known().map(|(p, s)| (book::canonical_key(p), s)).collect::<Vec<_>>(), "the known scores");
    assert_eq!(book.score(&Position::from_moves("4444").unwrap()), None, "another ply");
    assert!(Book::read(leak(book::encode_dense(3, std::iter::empty()))).unwrap().is_empty());

    let mut short = bytes.clone();
    short.pop();
    assert_eq!(Book::read(leak(short)).unwrap_err(), BookError::Length { count: 252, size: 1, bytes: 251 });
    let mut miscounted = bytes.clone();
    miscounted[12] = 250;
    let error = Book::read(leak(miscounted)).unwrap_err();
    assert_eq!(error, BookError::Slots { ply: 3, count: 250, expected: 252 });
    assert!(error.to_string().contains("each of its 252 slots, not 250"), "{error}");
    let mut score = bytes;
    score[16 + 1] = 40;
    assert_eq!(Book::read(leak(score)).unwrap_err(), BookError::Score { index: 1, score: 40 + MIN_SCORE });
    let mut eleven = book::encode_dense(3, std::iter::empty());
    eleven[8] = 11;
    let error = Book::read(leak(eleven)).unwrap_err();
    assert_eq!(error, BookError::Ply { ply: 11 });
    assert!(error.to_string().contains("the most a dense book can have is 10"), "{error}");
}

#[test]
fn every_arrangement_has_one_slot_and_every_slot_one_arrangement() {
    let counts: Vec<usize> = (0..=10).map(book::slot::slots).collect();
    assert_eq!(counts, [1, 7, 56, 252, 1_260, 4_620, 18_480, 59_815, 206_780, 605_934, 1_869_840]);
    for discs in 0..=5 {
        for at in 0..book::slot::slots(discs) {
            let position = book::slot::arrangement(discs, at);
            assert_eq!((position.moves(), position.mask.count_ones()), (discs, discs));
            assert_eq!((position.discs & !position.mask, position.discs.count_ones()), (0, discs / 2));
            assert_eq!(book::slot::slot(&position), at, "{discs} discs, slot {at}");
        }
    }
    // Every position of 8 discs a search expands has a slot of its own.
    let eight = book::positions(8);
    let mut slots: Vec<usize> = eight.iter().map(book::slot::slot).collect();
    assert!(slots.iter().all(|&at| at < book::slot::slots(8)));
    slots.sort_unstable();
    slots.dedup();
    assert_eq!(slots.len(), eight.len());
    for at in [0, 1, 77_777, 1_000_000, 1_869_839] {
        assert_eq!(book::slot::slot(&book::slot::arrangement(10, at)), at);
    }
}

#[test]
fn a_search_reads_from_every_book_it_has() {
    // Seven discs: its children are of the standard ply, scored by the embedded book.
    let seven = Position::from_moves("4453321").unwrap();
    let standard = Book::embedded().iter().find(|b| b.ply() == book::STANDARD_PLY).expect("the standard book");
    let eight = book::positions(book::STANDARD_PLY);
    let children: Vec<u64> = (0..WIDTH)
        .filter(|&c| seven.can_play(c) && !seven.is_winning_move(c))
        .map(|c| {
            let mut child = seven;
            child.play_column(c);
            book::canonical_key(&child)
        })
        .collect();
    let scores: Vec<(&Position, i32)> = eight
        .iter()
        .filter(|p| children.contains(&book::canonical_key(p)))
        .map(|p| (p, standard.score(p).expect("the standard book is complete")))
        .collect();
    assert!(scores.len() >= 3, "children worth a test");
    let bytes = book::encode_dense(8, scores.into_iter());
    let shallow: &'static Book = Box::leak(Box::new(Book::read(Box::leak(bytes.into_boxed_slice())).unwrap()));
    let sixteen = Position::from_moves("5455174361263362").unwrap();
    let deep = book_of_children(&sixteen);
    let mut both = solver().without_book().with_book(shallow).with_book(deep);
    for (position, expected) in [(seven, score("4453321")), (sixteen, solver().solve(&sixteen, unlimited()).unwrap())] {
        both.reset();
        assert_eq!(both.solve(&position, unlimited()), Some(expected));
        assert!(both.nodes() <= 8 * 8, "{} positions expanded", both.nodes());
    }
}

#[test]
fn the_positions_of_a_ply_are_each_position_a_search_expands_once_up_to_mirroring() {
    // One disc: seven columns, three pairs of mirror images and the centre.
    assert_eq!(book::positions(1).len(), 4);
    // Two: 49 boards, of which one (both discs in the centre column) is its own image.
    assert_eq!(book::positions(2).len(), 25);
    let eight = book::positions(book::STANDARD_PLY);
    let keys: Vec<u64> = eight.iter().map(book::canonical_key).collect();
    assert!(keys.windows(2).all(|pair| pair[0] < pair[1]), "in increasing order of key, once each");
    assert!(eight.iter().all(|p| p.moves() == book::STANDARD_PLY && book::is_searched(p)));
    assert_eq!(eight.len(), 77_154);
}

#[test]
fn a_book_build_solves_what_is_not_known_and_keeps_what_is() {
    let positions = book::positions(book::STANDARD_PLY);
    // Two positions this solver proves in a few thousand positions (most take millions).
    let mut probe = solver().without_book();
    let quick: Vec<(u64, i32)> = positions
        .iter()
        .filter_map(|p| {
            probe.reset();
            Some((book::canonical_key(p), probe.solve(p, SearchBudget::new(5_000, &GO))?))
        })
        .take(2)
        .collect();
    assert_eq!(quick.len(), 2);
    // Every other score is known from an earlier build: the complete book's. The build's
    // searches read them, so they must be true.
    let complete = &Book::embedded()[0];
    assert_eq!(complete.ply(), book::STANDARD_PLY);
    let known: HashMap<u64, i32> = complete.entries().filter(|entry| quick.iter().all(|q| q.0 != entry.0)).collect();
    assert_eq!(known.len(), positions.len() - 2);
    let solved = Mutex::new(Vec::new());
    let mut reports = Vec::new();
    let bytes = book::build(
        book::STANDARD_PLY,
        2,
        &known,
        None,
        &|key, score| solved.lock().unwrap().push((key, score)),
        |done, total| reports.push((done, total)),
    );
    let mut solved = solved.into_inner().unwrap();
    solved.sort();
    assert_eq!(solved, quick, "only the two unknown positions are solved, and reported as they are");
    assert_eq!(reports.first(), Some(&(positions.len() - 2, positions.len())));
    assert_eq!(reports.last(), Some(&(positions.len(), positions.len())));
    let built = Book::read(Box::leak(bytes.into_boxed_slice())).unwrap();
    assert_eq!((built.ply(), built.len()), (book::STANDARD_PLY, positions.len()));
    for position in &positions {
        assert_eq!(built.score(position), complete.score(position));
    }
}

#[test]
fn the_books_in_the_repository_agree_with_the_solver_without_them() {
    let embedded = Book::embedded();
    assert_eq!(embedded.iter().map(Book::ply).collect::<Vec<_>>(), [book::STANDARD_PLY, book::DEEP_PLY]);
    assert_eq!(embedded[0].len(), 77_154, "the standard book is complete");
    assert_eq!(embedded[1].len(), 627_283, "the deep book is complete");
    // The positions each book holds that the solver without it proves in a few thousand
    // positions (most take millions): their scores must agree.
    let mut probe = solver().without_book();
    for book in embedded {
        let mut checked = 0;
        // Slot by slot, which finds held positions without listing every position first.
        for at in 0..book::slot::slots(book.ply()) {
            let position = book::slot::arrangement(book.ply(), at);
            let Some(expected) = book.score(&position) else { continue };
            probe.reset();
            let Some(found) = probe.solve(&position, SearchBudget::new(20_000, &GO)) else { continue };
            let key = book::canonical_key(&position);
            assert_eq!(found, expected, "the score of the position of key {key} in the book of {}", book.ply());
            checked += 1;
            if checked == 5 {
                break;
            }
        }
        assert_eq!(checked, 5, "five of the positions of the book of {} checked", book.ply());
    }
}

/// Positions reached by random play from the empty board, with `discs` discs or more,
/// as move strings (each still in play, not winnable at once).
fn random_positions(seed: u64, games: usize, discs: u32) -> Vec<String> {
    let mut rng = crate::engine::bot::BotRng::new(seed);
    let mut found = Vec::new();
    for _ in 0..games {
        let mut position = Position::new();
        let mut moves = String::new();
        loop {
            if position.moves() >= discs && !position.can_win_next() {
                found.push(moves.clone());
            }
            let columns: Vec<u32> =
                (0..WIDTH).filter(|&c| position.can_play(c) && !position.is_winning_move(c)).collect();
            let Some(&column) = rng.choose(&columns) else { break };
            position.play_column(column);
            moves.push(char::from_digit(column + 1, 10).unwrap());
        }
    }
    found
}

#[test]
fn claimeven_bounds_red_when_no_column_or_two_are_odd() {
    // The scores found without the bounds.
    let exact = |position: &Position| solver().without_claimeven().solve(position, unlimited()).unwrap();
    // Every column holds an even number of discs, Red to move. Yellow answering in each
    // column Red plays leaves Red the odd rows' empty cells, where Red has no four.
    let drawn = Position::from_moves("4211767263631253177121773636623245").unwrap();
    assert_eq!(drawn.claimeven_bound(), Some(0));
    assert_eq!(exact(&drawn), 0);
    // Here Yellow's even rows also complete a four: Red loses.
    let lost = Position::from_moves("5342354574742154227656522741").unwrap();
    assert_eq!(lost.claimeven_bound(), Some(-1));
    assert_eq!(exact(&lost), -4);
    // Two odd columns, the first and the fifth: once Red drops a disc into one, Yellow
    // takes the other's next cell, and Red gains one even row's cell. Neither gives Red a
    // four, and Yellow's even rows make one whichever Red takes.
    let two_odd = Position::from_moves("25754567266242431473675225").unwrap();
    assert_eq!(two_odd.claimeven_bound(), Some(-1));
    assert_eq!(exact(&two_odd), -5);
    // The fifth and the seventh odd: Red's cells make no four either way, and Yellow's do
    // not whichever Red takes. At most a draw, which it is.
    let two_odd = Position::from_moves("151172344423311633635414265667724655").unwrap();
    assert_eq!(two_odd.claimeven_bound(), Some(0));
    assert_eq!(exact(&two_odd), 0);
    // Odd columns (the third and the fifth hold a disc each) with the board nearly empty:
    // Red's odd rows make four, so Yellow's claimeven proves nothing.
    assert_eq!(Position::from_moves("53").unwrap().claimeven_bound(), None);
    // Yellow to move with the first column alone odd (one disc): a disc there leaves
    // every column even with Red to move, and Yellow has a four on the even rows.
    let yellow = Position::from_moves("534235457474215422765652274").unwrap();
    assert_eq!(yellow.claimeven_after_move_bound(), Some(1));
    assert_eq!(exact(&yellow), 4);
}

#[test]
fn claimeven_bounds_every_position_it_applies_to() {
    // The scores to check the bounds against are found without them.
    let mut solver = solver().without_claimeven();
    // How often each bound was met: by its odd columns (for the upper bounds) and value.
    let mut upper: HashMap<(u32, i32), usize> = HashMap::new();
    let mut lower: HashMap<i32, usize> = HashMap::new();
    for moves in random_positions(7, 1000, 20) {
        let position = Position::from_moves(&moves).unwrap();
        let bounds = (position.claimeven_bound(), position.claimeven_after_move_bound());
        if bounds == (None, None) {
            continue;
        }
        solver.reset();
        let exact = solver.solve(&position, unlimited()).unwrap();
        if let Some(max) = bounds.0 {
            assert!(exact <= max, "{moves}: {exact} above the claimeven bound {max}");
            let odd_columns = (position.possible() & EVEN_ROWS).count_ones();
            *upper.entry((odd_columns, max)).or_default() += 1;
        }
        if let Some(min) = bounds.1 {
            assert!(exact >= min, "{moves}: {exact} below the claimeven bound {min}");
            *lower.entry(min).or_default() += 1;
        }
    }
    // Every kind of bound was put to the test, many times.
    for kind in [(0, 0), (0, -1), (2, 0), (2, -1)] {
        assert!(upper.get(&kind).is_some_and(|&n| n >= 20), "{upper:?}");
    }
    for value in [0, 1] {
        assert!(lower.get(&value).is_some_and(|&n| n >= 20), "{lower:?}");
    }
}
