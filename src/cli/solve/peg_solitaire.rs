//! `tabula solve peg-solitaire`: whether a peg solitaire start can be solved, one solution,
//! and how many solving jump sequences there are.

use std::io::{Write, stdout};
use std::time::{Duration, Instant};

use tabula::engine::Rules;
use tabula::games::peg_solitaire::solver::{Goal, Progress, SolutionCount};
use tabula::games::peg_solitaire::{Config, PegSolitaire, Shape};

/// Arguments of `tabula solve peg-solitaire`.
#[derive(clap::Args, Debug)]
pub struct PegArgs {
    /// Rows of a triangle board, 4 to 8 (default 5: 15 holes).
    #[arg(long, conflicts_with = "board")]
    rows: Option<u32>,
    /// The English 33-hole cross instead of a triangle.
    #[arg(long, value_parser = ["english", "triangle"])]
    board: Option<String>,
    /// The hole left empty at the start, numbered from 1 row by row (default: 1 on a
    /// triangle, the centre 17 on the English board).
    #[arg(long)]
    empty: Option<u32>,
    /// Only decide and show one solution; skip counting every solving sequence.
    #[arg(long)]
    no_count: bool,
    /// Stop after this many searched positions (default: no limit).
    #[arg(long)]
    budget: Option<u64>,
}

pub fn run(args: PegArgs) -> Result<(), Box<dyn std::error::Error>> {
    let board = if args.board.as_deref() == Some("english") { Shape::English } else { Shape::Triangle };
    let config = Config { board, rows: args.rows.unwrap_or(0), empty_hole: args.empty.unwrap_or(0) }.with_defaults();
    let game = PegSolitaire::new(&config).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut last_line = Instant::now();
    let mut progress = |p: Progress| {
        if last_line.elapsed() >= Duration::from_secs(1) {
            eprintln!(
                "searching: {} positions expanded, {} remembered, {:.0} s",
                p.nodes,
                p.positions,
                started.elapsed().as_secs_f64()
            );
            last_line = Instant::now();
        }
    };
    let report = game
        .solve(Goal::OnePeg, !args.no_count, args.budget.unwrap_or(u64::MAX), &mut progress)
        .map_err(|e| e.to_string())?;
    let holes = match board {
        Shape::Triangle => format!("{}-row triangle", config.rows),
        Shape::English => "English cross".to_owned(),
    };
    writeln!(stdout(), "board: {holes}, hole {} empty", config.empty_hole)?;
    writeln!(stdout(), "solvable: {}", if report.solvable { "yes" } else { "no" })?;
    if report.solvable {
        let jumps: Vec<String> =
            report.solution.iter().map(|j| format!("{}-{}", j.from as u32 + 1, j.to as u32 + 1)).collect();
        writeln!(stdout(), "solution ({} jumps, holes numbered from 1): {}", jumps.len(), jumps.join(" "))?;
    }
    match report.count {
        Some(SolutionCount::Exact(n)) => writeln!(stdout(), "solving jump sequences: {n}")?,
        Some(SolutionCount::Overflow) => writeln!(stdout(), "solving jump sequences: more than 2^128")?,
        None => {}
    }
    eprintln!("{} positions expanded in {:.3} s", report.nodes, started.elapsed().as_secs_f64());
    Ok(())
}
