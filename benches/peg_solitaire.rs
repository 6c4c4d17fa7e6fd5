//! Timings of the peg solitaire solver and of Battleship's placement listing.
//!
//! `cargo bench --bench peg_solitaire` prints the median of several runs of each case.
//! Set `PEG_BENCH_ENGLISH_COUNT=1` to also count every solving sequence of the English
//! board from the centre once (about four minutes and 1.6 GiB of memory per goal).

use std::hint::black_box;
use std::time::{Duration, Instant};

use tabula::engine::{Rules, SearchBudget, Seat};
use tabula::games::battleship::{self, Battleship};
use tabula::games::peg_solitaire::boards::Shape;
use tabula::games::peg_solitaire::solver::Goal;
use tabula::games::peg_solitaire::{Config, PegSolitaire};

fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn game(board: Shape, rows: u32, empty_hole: u32) -> PegSolitaire {
    PegSolitaire::new(&Config { board, rows, empty_hole }).unwrap()
}

fn main() {
    let apex = game(Shape::Triangle, 5, 1);
    let t = median(21, || {
        black_box(apex.solve(Goal::OnePeg, true, u64::MAX, &mut |_| {}).unwrap());
    });
    println!("15-hole triangle, apex empty, count every solution: {t:?}");

    let t = median(11, || {
        for hole in 1..=15 {
            black_box(game(Shape::Triangle, 5, hole).solve(Goal::OnePeg, true, u64::MAX, &mut |_| {}).unwrap());
        }
    });
    println!("15-hole triangle, all 15 starts, count every solution: {t:?}");

    let go = std::sync::atomic::AtomicBool::new(false);
    let t = median(21, || {
        black_box(apex.analyse(SearchBudget::new(1_000_000, &go)));
    });
    println!("15-hole triangle, hint from the start: {t:?}");

    let t21 = game(Shape::Triangle, 6, 1);
    let t = median(5, || {
        black_box(t21.solve(Goal::OnePeg, true, u64::MAX, &mut |_| {}).unwrap());
    });
    println!("21-hole triangle, apex empty, count every solution: {t:?}");

    let english = game(Shape::English, 0, 17);
    let t = median(5, || {
        black_box(english.solve(Goal::OnePeg, false, u64::MAX, &mut |_| {}).unwrap());
    });
    println!("English board, centre empty, first solution: {t:?}");

    let fresh = Battleship::new(&battleship::Config::default()).unwrap();
    let t = median(51, || {
        black_box(fresh.legal_moves(Seat::FIRST));
    });
    println!("Battleship 10x10, list every first-ship placement: {t:?}");
    let apart = Battleship::new(&battleship::Config { no_touching: true, ..Default::default() }).unwrap();
    let t = median(51, || {
        black_box(apart.legal_moves(Seat::FIRST));
    });
    println!("Battleship 10x10, ships apart, list every first-ship placement: {t:?}");

    if std::env::var_os("PEG_BENCH_ENGLISH_COUNT").is_some() {
        let start = Instant::now();
        let report = english
            .solve(Goal::OnePeg, true, u64::MAX, &mut |p| {
                eprint!("\r{} positions expanded, {} remembered", p.nodes, p.positions)
            })
            .unwrap();
        eprintln!();
        println!(
            "English board, centre empty: {:?} solving sequences, {} positions, {:?}",
            report.count,
            report.nodes,
            start.elapsed()
        );
        let report = english.solve(Goal::OnePegAt(16), true, u64::MAX, &mut |_| {}).unwrap();
        println!("English board, centre to centre: {:?} solving sequences, {:?}", report.count, start.elapsed());
    }
}
