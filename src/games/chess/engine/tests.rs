//! The search on hand-built positions: mates found and proven by their distance,
//! material won, stalemate and the draw rules respected, the budget obeyed, and the
//! principal variation a legal line.

use std::sync::atomic::AtomicBool;

use super::score::{mate_in, mated_in};
use super::*;
use crate::games::chess::{fen, uci};

/// Nodes for the searches below: enough for every one of them, small enough for a
/// debug build.
const NODES: u64 = 200_000;

fn position(text: &str) -> Position {
    fen::parse(text, false).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn search_with(text: &str, limits: Limits, nodes: u64, seed: u64) -> Report {
    let go = AtomicBool::new(false);
    think(&position(text), &[], &limits, SearchBudget::new(nodes, &go), seed, &mut |_| true).expect("a legal move")
}

fn best(text: &str) -> (String, Option<i32>) {
    let report = search_with(text, Limits::FULL, NODES, 0);
    (uci::to_uci(&position(text), report.best, false), report.score)
}

/// Plays `line` from `text`, each move checked legal where it is played.
fn play_line(text: &str, line: &[Move]) -> Position {
    let mut position = position(text);
    for &mv in line {
        assert!(
            position.legal_moves().as_slice().contains(&mv),
            "{mv} is not legal in {}",
            fen::write(&position, false)
        );
        position.play(mv);
    }
    position
}

#[test]
fn a_mate_in_one_is_found_and_scored_as_one_ply() {
    assert_eq!(best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), ("a1a8".to_owned(), Some(mate_in(1))));
}

#[test]
fn a_mate_in_two_is_proven_and_its_line_ends_in_mate() {
    let text = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
    let report = search_with(text, Limits::FULL, NODES, 0);
    assert_eq!(report.score, Some(mate_in(3)), "{report:?}");
    assert_eq!(report.line.len(), 3, "{report:?}");
    let end = play_line(text, &report.line);
    assert!(end.legal_moves().is_empty() && end.is_check(), "the line ends in mate");
}

#[test]
fn the_side_about_to_be_mated_knows_how_far_off_it_is() {
    // Black's only move, Kg8, allows Ra8 mate.
    assert_eq!(best("7k/8/6K1/8/8/8/8/R7 b - - 0 1"), ("h8g8".to_owned(), Some(mated_in(2))));
}

#[test]
fn a_hanging_queen_is_taken() {
    let text = "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1";
    let (mv, score) = best(text);
    assert_eq!(mv, "c1g5");
    assert!(score.unwrap() > 600, "{score:?}");
    // Even the shallowest search sees it.
    let shallow = search_with(text, Limits::depth(1), NODES, 0);
    assert_eq!(shallow.depth, 1);
    assert_eq!(uci::to_uci(&position(text), shallow.best, false), "c1g5");
}

#[test]
fn a_winning_side_does_not_stalemate() {
    // Qb6 takes every square from the king on a8 without checking it.
    let text = "k7/8/8/2K5/8/8/8/1Q6 w - - 0 1";
    for depth in [1, 3, u32::MAX] {
        let report = search_with(text, Limits::depth(depth), NODES, 0);
        let after = play_line(text, &[report.best]);
        assert!(!after.legal_moves().is_empty(), "depth {depth}: {} stalemates", report.best);
        assert!(report.score.unwrap() > 500, "depth {depth}: {report:?}");
    }
}

#[test]
fn the_fifty_move_rule_makes_a_won_position_a_draw() {
    // Fifty moves without capture or pawn move are one ply away, and no move mates.
    let (_, score) = best("k7/8/8/2K5/8/8/8/1Q6 w - - 99 80");
    assert_eq!(score, Some(0));
    // A mate on the hundredth ply still counts.
    assert_eq!(best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").1, Some(mate_in(1)));
}

#[test]
fn insufficient_material_is_a_draw() {
    // Taking the last pawn leaves a lone knight: no better than a draw, nor worse.
    let (mv, score) = best("8/8/8/4k3/8/3p4/4N3/4K3 b - - 0 1");
    assert_eq!(score, Some(0), "{mv}");
}

#[test]
fn a_third_repetition_in_the_games_history_is_a_draw() {
    // White's three queens win, but Black's knight can go back to g8 for the third time.
    let start = position("4k1n1/8/8/8/8/8/QQQ5/4K3 w - - 0 1");
    let mut current = start;
    let mut keys = vec![current.hash()];
    for text in ["e1e2", "g8f6", "e2e1", "f6g8", "e1e2", "g8f6", "e2e1"] {
        let mv = uci::parse(&current, text, false).unwrap();
        current.play(mv);
        keys.push(current.hash());
    }
    let go = AtomicBool::new(false);
    let report = think(&current, &keys, &Limits::FULL, SearchBudget::new(NODES, &go), 0, &mut |_| true).unwrap();
    assert_eq!(uci::to_uci(&current, report.best, false), "f6g8");
    assert_eq!(report.score, Some(0));
    // Without the history it is lost.
    let fresh = think(&current, &[], &Limits::FULL, SearchBudget::new(NODES, &go), 0, &mut |_| true).unwrap();
    assert!(fresh.score.unwrap() < -1_000, "{fresh:?}");
}

#[test]
fn the_principal_variation_is_legal_move_after_move() {
    for text in [
        fen::STANDARD,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 1",
    ] {
        let report = search_with(text, Limits::FULL, 30_000, 0);
        assert!(report.depth >= 2, "{text}: {report:?}");
        assert_eq!(report.line[0], report.best);
        play_line(text, &report.line);
    }
}

#[test]
fn the_node_budget_is_never_exceeded_and_a_stopped_search_still_moves() {
    for nodes in [0, 1, 100, 5_000] {
        let report = search_with(fen::STANDARD, Limits::FULL, nodes, 0);
        assert!(report.nodes <= nodes, "{report:?}");
        play_line(fen::STANDARD, &report.line);
    }
    let stop = AtomicBool::new(true);
    let root = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let report = think(&root, &[], &Limits::FULL, SearchBudget::new(u64::MAX, &stop), 0, &mut |_| true).unwrap();
    assert_eq!((report.depth, report.score, report.nodes), (0, None, 0));
    assert!(root.legal_moves().as_slice().contains(&report.best));
    let mated = position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert!(think(&mated, &[], &Limits::FULL, SearchBudget::new(10, &stop), 0, &mut |_| true).is_none());
}

#[test]
fn searches_repeat_exactly_and_the_seed_only_reorders_equals() {
    let text = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let first = search_with(text, Limits::FULL, 20_000, 7);
    assert_eq!(search_with(text, Limits::FULL, 20_000, 7), first);
    // With bare kings every move draws: the seed picks among them.
    let choices: std::collections::HashSet<Move> =
        (0..12).map(|seed| search_with("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Limits::depth(1), NODES, seed).best).collect();
    assert!(choices.len() > 1, "twelve seeds chose the same move");
}

#[test]
fn iterations_are_reported_and_the_caller_may_stop_them() {
    let go = AtomicBool::new(false);
    let mut depths = Vec::new();
    let report =
        think(&position(fen::STANDARD), &[], &Limits::FULL, SearchBudget::new(u64::MAX, &go), 0, &mut |iteration| {
            depths.push(iteration.depth);
            assert!(!iteration.line.is_empty() && iteration.nodes > 0);
            iteration.depth < 3
        })
        .unwrap();
    assert_eq!(depths, [1, 2, 3]);
    assert_eq!(report.depth, 3);
}

#[test]
fn a_search_on_several_threads_shares_its_budget_and_finds_what_one_finds() {
    let go = AtomicBool::new(false);
    let on_three = |text: &str, nodes: u64| {
        let budget = SearchBudget::new(nodes, &go).on_threads(3);
        think(&position(text), &[], &Limits::FULL, budget, 0, &mut |_| true).expect("a legal move")
    };
    // The helpers count: the budget is spent on all three threads, and never exceeded.
    let report = on_three(fen::STANDARD, 90_000);
    assert!(report.nodes <= 90_000 && report.nodes > 60_000, "{report:?}");
    play_line(fen::STANDARD, &report.line);
    for nodes in [0, 1, 2] {
        assert_eq!(on_three(fen::STANDARD, nodes).nodes, 0, "a third of {nodes} is none");
    }
    // A mate in two proven, its line ending in mate, as on one thread.
    let text = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
    let report = on_three(text, NODES);
    assert_eq!(report.score, Some(mate_in(3)), "{report:?}");
    let end = play_line(text, &report.line);
    assert!(end.legal_moves().is_empty() && end.is_check(), "the line ends in mate");
    // A search stopped before it starts still answers a legal move.
    let stop = AtomicBool::new(true);
    let root = position(fen::STANDARD);
    let budget = SearchBudget::new(u64::MAX, &stop).on_threads(2);
    let report = think(&root, &[], &Limits::FULL, budget, 0, &mut |_| true).unwrap();
    assert!(root.legal_moves().as_slice().contains(&report.best));
}
