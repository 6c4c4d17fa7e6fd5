//! The Connect Four solver on Pascal Pons' benchmark sets (`tests/data/connect_four/`),
//! beside the figures Pons published for his own solver (its version with the
//! lower-bound transposition table, before the opening book).
//!
//! `cargo bench --bench connect_four_solver` solves every position of the five sets (about
//! a minute on the development machine, most of it Begin-Medium), each from an empty
//! table (the reset is not timed), and prints, per set: positions solved, whether every
//! score equals the set's, the mean time and nodes per position, and Pons' mean time
//! with the ratio. `C4_BENCH_MIDDLE_MEDIUM` and `C4_BENCH_BEGIN_MEDIUM` solve only that
//! many positions of those two sets (the first ones); `C4_BENCH_TABLE_BITS` sets the
//! table's allocation (log2 of its entries).
//!
//! Then it solves positions reached by random play, ply by ply (see [`by_ply`]): how long
//! positions take past the opening book, or from the empty board on with it, on
//! `C4_BENCH_THREADS` threads (default one; see `Solver::solve`). With
//! `C4_BENCH_BOT_NODES`, it then counts how many of such positions a node budget decides,
//! for the best move by the exact score and for the top bot's move, the result first (see
//! [`bot_decisions`]).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use tabula::engine::SearchBudget;
use tabula::games::connect_four::solver::book::{self, Book};
use tabula::games::connect_four::solver::{DEFAULT_TABLE_BITS, Position, Solver, WIDTH};

struct Set {
    name: &'static str,
    text: &'static str,
    count: usize,
    /// Pons' mean time per position.
    pons: Duration,
}

fn count_from(variable: &str, default: usize) -> usize {
    std::env::var(variable).ok().and_then(|v| v.parse().ok()).unwrap_or(default).min(1000)
}

fn main() {
    // `cargo test --benches` runs benches once in test mode: nothing to time then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let sets = [
        Set {
            name: "End-Easy",
            text: include_str!("../tests/data/connect_four/end_easy.txt"),
            count: 1000,
            pons: Duration::from_nanos(8_700),
        },
        Set {
            name: "Middle-Easy",
            text: include_str!("../tests/data/connect_four/middle_easy.txt"),
            count: 1000,
            pons: Duration::from_micros(60),
        },
        Set {
            name: "Middle-Medium",
            text: include_str!("../tests/data/connect_four/middle_medium.txt"),
            count: count_from("C4_BENCH_MIDDLE_MEDIUM", 1000),
            pons: Duration::from_micros(6_000),
        },
        Set {
            name: "Begin-Easy",
            text: include_str!("../tests/data/connect_four/begin_easy.txt"),
            count: 1000,
            pons: Duration::from_micros(424),
        },
        Set {
            name: "Begin-Medium",
            text: include_str!("../tests/data/connect_four/begin_medium.txt"),
            count: count_from("C4_BENCH_BEGIN_MEDIUM", 1000),
            pons: Duration::from_millis(164),
        },
    ];
    let go = AtomicBool::new(false);
    let bits = std::env::var("C4_BENCH_TABLE_BITS").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_TABLE_BITS);
    let mut solver = Solver::with_table_bits(bits);
    println!(
        "{:<14} {:>9} {:>9} {:>12} {:>12} {:>12} {:>8}",
        "set", "positions", "all exact", "mean time", "mean nodes", "Pons", "ratio"
    );
    for set in sets.iter().filter(|set| set.count > 0) {
        let mut total = Duration::ZERO;
        let mut nodes = 0u64;
        let mut exact = true;
        for line in set.text.lines().take(set.count) {
            let (moves, expected) = line.split_once(' ').expect("a line is moves and a score");
            let expected: i32 = expected.parse().expect("a score");
            let position = Position::from_moves(moves).expect("a valid position");
            solver.reset();
            let start = Instant::now();
            let score = solver.solve(&position, SearchBudget::new(u64::MAX, &go));
            total += start.elapsed();
            nodes += solver.nodes();
            if score != Some(expected) {
                exact = false;
                eprintln!("{}: {moves}: expected {expected}, got {score:?}", set.name);
            }
        }
        let n = set.count as u32;
        let mean = total / n;
        println!(
            "{:<14} {:>9} {:>9} {:>12} {:>12.0} {:>12} {:>8.2}",
            set.name,
            set.count,
            if exact { "yes" } else { "no" },
            format!("{mean:.1?}"),
            nodes as f64 / f64::from(n),
            format!("{:.1?}", set.pons),
            mean.as_secs_f64() / set.pons.as_secs_f64()
        );
    }
    by_ply(&mut solver, &go);
    if let Some(budget) = std::env::var("C4_BENCH_BOT_NODES").ok().and_then(|v| v.parse().ok()) {
        bot_decisions(&mut solver, &go, budget);
    }
}

/// A position of `ply` discs reached by random moves, none of which ends the game, and
/// that the side to move cannot win at once; with its moves.
fn random_position(ply: u32, rng: &mut impl Rng) -> (String, Position) {
    'again: loop {
        let (mut moves, mut position) = (String::new(), Position::new());
        for _ in 0..ply {
            let open: Vec<u32> = (0..WIDTH).filter(|&c| position.can_play(c)).collect();
            let column = open[rng.random_range(0..open.len())];
            if position.is_winning_move(column) {
                continue 'again;
            }
            position.play_column(column);
            moves.push(char::from(b'1' + column as u8));
        }
        if !position.can_win_next() {
            return (moves, position);
        }
    }
}

/// The plies `C4_BENCH_PLIES` names (a range such as `9-14`), else `default`.
fn plies_asked(default: std::ops::RangeInclusive<u32>) -> std::ops::RangeInclusive<u32> {
    let plies = std::env::var("C4_BENCH_PLIES").ok().and_then(|v| {
        let (low, high) = v.split_once('-')?;
        Some(low.parse().ok()?..=high.parse().ok()?)
    });
    plies.unwrap_or(default)
}

/// Solve times of positions reached by random play, ply by ply (`C4_BENCH_PLIES`, a
/// range such as `9-14`; by default from the empty board with the embedded opening book,
/// from the ply after the standard book's without it), `C4_BENCH_PER_PLY` positions a
/// ply (default 50), each on a cleared table: the median, the slowest, and how many took
/// a second or more, the mean positions expanded, and the slowest position's moves.
fn by_ply(solver: &mut Solver, go: &AtomicBool) {
    let plies_held: Vec<String> =
        Book::embedded().iter().map(|b| format!("{} discs: {} positions", b.ply(), b.len())).collect();
    let has_book = !plies_held.is_empty();
    let first = if has_book { 0 } else { book::STANDARD_PLY + 1 };
    let plies = plies_asked(first..=14);
    let per_ply = count_from("C4_BENCH_PER_PLY", 50);
    let threads = count_from("C4_BENCH_THREADS", 1).max(1);
    let mut rng = rand::rngs::StdRng::seed_from_u64(8);
    println!();
    println!(
        "positions by ply, random play, {}, {threads} thread{}",
        if has_book {
            format!("with the embedded opening books ({})", plies_held.join("; "))
        } else {
            "no opening book".into()
        },
        if threads == 1 { "" } else { "s" }
    );
    println!(
        "{:>4} {:>9} {:>12} {:>12} {:>8} {:>12}  slowest",
        "ply", "positions", "median", "max", "≥ 1 s", "mean nodes"
    );
    for ply in plies {
        let mut times = Vec::new();
        let mut slowest = (Duration::ZERO, String::new());
        let mut nodes = 0;
        for _ in 0..per_ply {
            let (moves, position) = random_position(ply, &mut rng);
            solver.reset();
            let start = Instant::now();
            let budget = SearchBudget::new(u64::MAX, go).on_threads(threads);
            solver.solve(&position, budget).expect("an unlimited search finishes");
            let time = start.elapsed();
            nodes += solver.nodes();
            if time > slowest.0 {
                slowest = (time, moves);
            }
            times.push(time);
        }
        times.sort();
        let over = times.iter().filter(|t| t.as_secs() >= 1).count();
        println!(
            "{ply:>4} {:>9} {:>12} {:>12} {over:>8} {:>12}  {}",
            times.len(),
            format!("{:.1?}", times[times.len() / 2]),
            format!("{:.1?}", slowest.0),
            nodes / times.len().max(1) as u64,
            slowest.1
        );
    }
}

/// For the top bot, which gives the solver a node budget: of `C4_BENCH_PER_PLY` positions
/// a ply reached by random play (the plies of `C4_BENCH_PLIES`, default 9 to 13), each on a
/// cleared table, how many `budget` positions decide, and the mean positions expanded
/// (those that ran out counting the budget), for [`Solver::best_move`] (the exact score,
/// then a move keeping it) and [`Solver::perfect_move`] (the result first, then a move
/// keeping it; the exact score only in a lost position), which the top bot asks for.
fn bot_decisions(solver: &mut Solver, go: &AtomicBool, budget: u64) {
    let per_ply = count_from("C4_BENCH_PER_PLY", 50);
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    println!();
    println!("positions decided within {budget} positions, random play");
    println!(
        "{:>4} {:>9} {:>13} {:>12} {:>13} {:>12}",
        "ply", "positions", "exact score", "mean nodes", "result first", "mean nodes"
    );
    for ply in plies_asked(9..=13) {
        let (mut exact, mut exact_nodes, mut kept, mut kept_nodes) = (0, 0, 0, 0);
        for _ in 0..per_ply {
            let (_, position) = random_position(ply, &mut rng);
            solver.reset();
            exact += usize::from(solver.best_move(&position, SearchBudget::new(budget, go)).is_some());
            exact_nodes += solver.nodes().min(budget);
            solver.reset();
            kept += usize::from(solver.perfect_move(&position, SearchBudget::new(budget, go)).is_some());
            kept_nodes += solver.nodes().min(budget);
        }
        let mean = |nodes: u64| nodes / per_ply.max(1) as u64;
        println!("{ply:>4} {per_ply:>9} {exact:>13} {:>12} {kept:>13} {:>12}", mean(exact_nodes), mean(kept_nodes));
    }
}
