//! The Reversi engine measured: the exact solver on the FFO endgame test positions #40 to
//! #49 (`tests/data/reversi/ffo-40-49.txt`, with their published scores).
//!
//! `cargo bench --bench reversi_engine` prints, per position: its number, the empty
//! squares, the published score, the solver's score, its best move, the time and the
//! positions searched; and exits non-zero if any score differs. `REVERSI_BENCH_FFO`
//! picks positions (e.g. `40,41`); `REVERSI_BENCH_TABLE_BITS` sets the solver's table
//! (log2 of its entries, default 22).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tabula::engine::{Cell, SearchBudget};
use tabula::games::reversi::engine::Position;
use tabula::games::reversi::engine::clock::Clock;
use tabula::games::reversi::engine::endgame::Solver;
use tabula::games::reversi::engine::table::Table;

/// One FFO position as the data file lists it.
struct Problem {
    number: u32,
    position: Position,
    expected: i32,
    best: Vec<String>,
}

fn problems() -> Vec<Problem> {
    include_str!("../tests/data/reversi/ffo-40-49.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (position, _) = Position::parse(&format!("{} {}", fields[1], fields[2])).expect("a valid board");
            Problem {
                number: fields[0].parse().expect("a number"),
                position,
                expected: fields[3].parse().expect("a score"),
                best: fields[4].split(',').map(str::to_owned).collect(),
            }
        })
        .collect()
}

fn square_name(square: u32) -> String {
    Cell::new(square / 8, square % 8).to_string()
}

fn main() {
    // `cargo test --benches` runs benches once in test mode: nothing to time then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let chosen: Option<Vec<u32>> = std::env::var("REVERSI_BENCH_FFO")
        .ok()
        .map(|list| list.split(',').filter_map(|n| n.trim().parse().ok()).collect());
    let bits = std::env::var("REVERSI_BENCH_TABLE_BITS").ok().and_then(|v| v.parse().ok()).unwrap_or(22);
    let go = AtomicBool::new(false);
    let mut all_exact = true;
    println!("FFO endgame positions, solved exactly (table of 2^{bits} entries, new for each position).");
    println!("| # | empties | published | ours | best move (published) | time | positions | positions/s |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut total_nodes = 0;
    let started_all = Instant::now();
    for problem in problems() {
        if chosen.as_ref().is_some_and(|list| !list.contains(&problem.number)) {
            continue;
        }
        let mut table = Table::new(bits);
        let mut clock = Clock::new(SearchBudget::new(u64::MAX, &go));
        let started = Instant::now();
        let solved = Solver::new(&mut table, &mut clock).solve(problem.position, None, &[]).expect("no budget limit");
        let elapsed = started.elapsed();
        let best = solved.best.map_or("pass".to_owned(), square_name);
        let exact = solved.score == problem.expected && problem.best.contains(&best);
        all_exact &= exact;
        total_nodes += clock.nodes();
        println!(
            "| {} | {} | {:+} | {:+}{} | {} ({}) | {:.2} s | {} | {:.1} M |",
            problem.number,
            problem.position.empties(),
            problem.expected,
            solved.score,
            if exact { "" } else { " MISMATCH" },
            best,
            problem.best.join(", "),
            elapsed.as_secs_f64(),
            clock.nodes(),
            clock.nodes() as f64 / elapsed.as_secs_f64() / 1e6,
        );
    }
    println!(
        "Total: {:.1} s, {} positions; every score exact: {}",
        started_all.elapsed().as_secs_f64(),
        total_nodes,
        if all_exact { "yes" } else { "no" }
    );
    if !all_exact {
        std::process::exit(1);
    }
}
