//! Perft speed of Tabula's chess move generator against the `cozy-chess` crate, on the
//! initial position to depth 5 and Kiwipete to depth 4.
//!
//! Both sides count the same way: moves are played down to depth 1, where the legal moves
//! are generated and counted without being played (bulk counting on both sides). Criterion
//! reports each in nodes per second; afterwards the bench times both again, alternating,
//! and prints the ratio of the medians (ours over theirs; above 1.0 means faster).
//!
//! `cargo bench --bench chess_perft`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use tabula::games::chess::{attacks, fen, perft};

const CASES: [(&str, &str, u32); 2] = [
    ("initial", fen::STANDARD, 5),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth <= 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return if depth == 0 { 1 } else { nodes };
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn bench(criterion: &mut Criterion) {
    attacks::warm_up();
    for (name, text, depth) in CASES {
        let ours = fen::parse(text, false).unwrap();
        let theirs = cozy_chess::Board::from_fen(text, false).unwrap();
        let nodes = perft::perft(&ours, depth);
        assert_eq!(nodes, cozy_perft(&theirs, depth), "the two generators disagree on {name}");
        let mut group = criterion.benchmark_group(format!("perft/{name}/depth{depth}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function("tabula", |b| b.iter(|| perft::perft(black_box(&ours), depth)));
        group.bench_function("cozy-chess", |b| b.iter(|| cozy_perft(black_box(&theirs), depth)));
        group.finish();
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn print_ratios() {
    println!("\nperft nodes per second, median of 9 alternating runs:");
    for (name, text, depth) in CASES {
        let ours = fen::parse(text, false).unwrap();
        let theirs = cozy_chess::Board::from_fen(text, false).unwrap();
        let nodes = perft::perft(&ours, depth);
        let (mut ours_times, mut theirs_times) = (Vec::new(), Vec::new());
        for _ in 0..9 {
            let start = Instant::now();
            black_box(perft::perft(black_box(&ours), depth));
            ours_times.push(start.elapsed());
            let start = Instant::now();
            black_box(cozy_perft(black_box(&theirs), depth));
            theirs_times.push(start.elapsed());
        }
        let (ours_time, theirs_time) = (median(ours_times), median(theirs_times));
        let rate = |time: Duration| nodes as f64 / time.as_secs_f64() / 1e6;
        println!(
            "  {name} depth {depth} ({nodes} nodes): tabula {:.1} M/s, cozy-chess {:.1} M/s, ratio {:.2}",
            rate(ours_time),
            rate(theirs_time),
            theirs_time.as_secs_f64() / ours_time.as_secs_f64()
        );
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    bench(&mut criterion);
    criterion.final_summary();
    // `cargo test --benches` runs benches once in test mode: no timing then.
    if !std::env::args().any(|arg| arg == "--test" || arg == "--list") {
        print_ratios();
    }
}
