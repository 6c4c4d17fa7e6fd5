//! Reversi perft from the standard 8×8 Othello start: the bitboard path and, as its peer
//! in the same run, the general (array board) path. Both count the last ply in bulk.
//! After criterion's figures it prints leaves per second of each path and their ratio.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use tabula::engine::Rules;
use tabula::games::reversi::{Config, Reversi, perft, perft_general};

/// Depth both paths are compared at.
const DEPTH: u32 = 8;
/// Depth of the bitboard's own leaves-per-second figure.
const DEEP: u32 = 10;

fn start() -> Reversi {
    Reversi::new(&Config::default()).expect("the default configuration is valid")
}

fn perft_paths(c: &mut Criterion) {
    let start = start();
    let leaves = perft(&start, DEPTH);
    let mut group = c.benchmark_group("reversi_perft");
    group.sample_size(10).measurement_time(Duration::from_secs(6)).throughput(Throughput::Elements(leaves));
    group.bench_function(BenchmarkId::new("bitboard", DEPTH), |b| b.iter(|| perft(black_box(&start), DEPTH)));
    group.bench_function(BenchmarkId::new("general", DEPTH), |b| b.iter(|| perft_general(black_box(&start), DEPTH)));
    group.finish();
}

/// The best of `runs` timings of `count`, with its result.
fn best_of(runs: u32, count: impl Fn() -> u64) -> (u64, Duration) {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            let leaves = black_box(count());
            (leaves, started.elapsed())
        })
        .min_by_key(|&(_, time)| time)
        .expect("at least one run")
}

fn summary() {
    let start = start();
    let rate = |(leaves, time): (u64, Duration)| leaves as f64 / time.as_secs_f64();
    let bits = best_of(5, || perft(&start, DEPTH));
    let general = best_of(3, || perft_general(&start, DEPTH));
    let deep = best_of(3, || perft(&start, DEEP));
    assert_eq!(deep.0, 24_571_284, "perft({DEEP}) differs from the published count");
    println!("reversi perft, Othello start, bulk counting at the last ply, one thread:");
    println!("  bitboard depth {DEPTH}: {:>7.1} M leaves/s", rate(bits) / 1e6);
    println!("  general  depth {DEPTH}: {:>7.1} M leaves/s", rate(general) / 1e6);
    println!("  bitboard / general: {:.1}x", rate(bits) / rate(general));
    println!(
        "  bitboard depth {DEEP}: {} leaves in {:.3} s, {:.1} M leaves/s",
        deep.0,
        deep.1.as_secs_f64(),
        rate(deep) / 1e6
    );
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    perft_paths(&mut criterion);
    criterion.final_summary();
    // `cargo test --benches` runs each benchmark once as a check; the summary is for
    // real runs only.
    if std::env::args().any(|arg| arg == "--bench") {
        summary();
    }
}
