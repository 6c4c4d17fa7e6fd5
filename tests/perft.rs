//! Perft counts of the move generators against published figures: chess on the positions
//! of the chess programming community's perft page and the 126-position perft suite, and
//! Othello from its start. (The quick Othello depths run with the library's own tests.)
//!
//! The full depths are `#[ignore]`d: they need an optimised build (`cargo test --release
//! --test perft -- --include-ignored`). The test command runs them all, the quick ones too,
//! on its build of the crate at opt-level 1.

use tabula::engine::Rules;
use tabula::games::chess::fen;
use tabula::games::chess::perft::perft;
use tabula::games::reversi::{self, Reversi};

/// The published Othello count from the standard start at depth 11.
#[test]
#[ignore = "212 million leaves: run in release builds"]
fn othello_perft_matches_the_published_count_at_depth_eleven() {
    let start = Reversi::new(&reversi::Config::default()).unwrap();
    assert_eq!(reversi::perft(&start, 11), 212_258_800);
}

const INITIAL: &str = fen::STANDARD;
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// Each position with its counts from depth 1 up.
const PUBLISHED: &[(&str, &[u64])] = &[
    (INITIAL, &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324]),
    (KIWIPETE, &[48, 2_039, 97_862, 4_085_603, 193_690_690]),
    (POSITION_3, &[14, 191, 2_812, 43_238, 674_624, 11_030_083]),
    (POSITION_4, &[6, 264, 9_467, 422_333, 15_833_292]),
    (POSITION_4_MIRRORED, &[6, 264, 9_467, 422_333, 15_833_292]),
    (POSITION_5, &[44, 1_486, 62_379, 2_103_487, 89_941_194]),
    (POSITION_6, &[46, 2_079, 89_890, 3_894_594, 164_075_551]),
];

/// Chess960 positions (Shredder-FEN castling) from the same community's Chess960 perft
/// list, with their counts from depth 1 up.
const PUBLISHED_960: &[(&str, &[u64])] = &[
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", &[21, 528, 12_189, 326_672, 8_146_062]),
    ("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", &[21, 807, 18_002, 667_366, 16_253_601]),
    ("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", &[20, 479, 10_471, 273_318, 6_417_013]),
];

fn count(fen: &str, depth: u32) -> u64 {
    count_in(fen, depth, false)
}

fn count_in(fen: &str, depth: u32, chess960: bool) -> u64 {
    let position = fen::parse(fen, chess960).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    perft(&position, depth)
}

/// Checks every published count whose size is at most `budget` nodes.
fn check_published(budget: u64) {
    for (table, chess960) in [(PUBLISHED, false), (PUBLISHED_960, true)] {
        for (fen, counts) in table {
            for (i, &nodes) in counts.iter().enumerate().filter(|(_, n)| **n <= budget) {
                assert_eq!(count_in(fen, i as u32 + 1, chess960), nodes, "{fen} depth {}", i + 1);
            }
        }
    }
}

/// `(fen, depth, nodes)` for every line of the suite.
fn suite() -> Vec<(String, u32, u64)> {
    let text = include_str!("data/chess-perft-suite.tsv");
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "malformed suite line {line:?}");
            (fields[0].to_owned(), fields[1].parse().unwrap(), fields[2].parse().unwrap())
        })
        .collect()
}

fn check_suite(budget: u64) -> (usize, u64) {
    let (mut lines, mut total) = (0, 0);
    for (fen, depth, nodes) in suite().into_iter().filter(|(_, _, nodes)| *nodes <= budget) {
        assert_eq!(count(&fen, depth), nodes, "{fen} depth {depth}");
        lines += 1;
        total += nodes;
    }
    (lines, total)
}

#[test]
fn published_positions_at_reduced_depth() {
    check_published(5_000_000);
}

#[test]
fn every_suite_position_at_reduced_depth() {
    let (lines, _) = check_suite(1_000_000);
    // Every position contributes at least its depth-1 and depth-2 lines.
    assert!(lines >= 2 * 126, "only {lines} lines checked");
}

#[test]
#[ignore = "full depth: run with --release"]
fn published_positions_at_full_depth() {
    check_published(u64::MAX);
}

#[test]
#[ignore = "the whole suite, 4.78 billion nodes: run with --release"]
fn every_suite_line() {
    let (lines, nodes) = check_suite(u64::MAX);
    assert_eq!(lines, 755);
    assert_eq!(nodes, suite().iter().map(|l| l.2).sum::<u64>());
}
