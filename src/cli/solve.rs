//! `tabula solve peg-solitaire`: whether a peg solitaire start can be solved, one solution,
//! and how many solving jump sequences there are. `tabula solve connect-four`: the exact
//! score of standard Connect Four positions, in Pascal Pons' notation and convention.

use std::io::{BufRead, Write, stdout};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabula::engine::{Rules, SearchBudget};
use tabula::games::connect_four::solver::{Position, Solver};
use tabula::games::peg_solitaire::solver::{Goal, Progress, SolutionCount};
use tabula::games::peg_solitaire::{Config, PegSolitaire, Shape};

/// Which puzzle to solve.
#[derive(clap::Subcommand, Debug)]
pub enum SolveCommand {
    /// Peg solitaire on the triangle or the English cross.
    PegSolitaire(PegArgs),
    /// Connect Four on the standard 7×6 board: the exact score of a position, from the
    /// side to move (Pons' convention: 0 a draw; when winning, 22 minus the discs the
    /// winner drops, the winning one included; negated when losing).
    ConnectFour(ConnectFourArgs),
}

/// Arguments of `tabula solve connect-four`.
#[derive(clap::Args, Debug)]
pub struct ConnectFourArgs {
    /// The moves from the empty board as 1-based column digits (e.g. 4453); the score is
    /// printed. Without it, positions are read from standard input one a line, as the
    /// moves optionally followed by a space and the expected score; each line is printed
    /// back with its score (and "ok" or "MISMATCH" when one was expected), the mean time
    /// and positions searched per line go to standard error, and the exit status is
    /// non-zero when any score differs from the one expected or any line is invalid.
    #[arg(long)]
    moves: Option<String>,
    /// Stop after this many searched positions per line (default: no limit).
    #[arg(long)]
    budget: Option<u64>,
}

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

pub fn run(command: SolveCommand) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        SolveCommand::PegSolitaire(args) => peg_solitaire(args),
        SolveCommand::ConnectFour(args) => connect_four(args),
    }
}

fn connect_four(args: ConnectFourArgs) -> Result<(), Box<dyn std::error::Error>> {
    let go = AtomicBool::new(false);
    let budget = SearchBudget::new(args.budget.unwrap_or(u64::MAX), &go);
    let mut solver = Solver::new();
    if let Some(moves) = args.moves {
        let position = Position::from_moves(moves.trim()).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let score = solver.solve(&position, budget).ok_or("the budget ran out before the score was known")?;
        writeln!(stdout(), "{score}")?;
        eprintln!("{} positions searched in {:.3} s", solver.nodes(), started.elapsed().as_secs_f64());
        return Ok(());
    }
    let (mut solved, mut failed, mut time, mut nodes) = (0u32, 0u32, Duration::ZERO, 0u64);
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("reading standard input: {e}"))?;
        let mut fields = line.split_whitespace();
        let Some(moves) = fields.next() else { continue };
        let expected = match fields.next().map(str::parse::<i32>) {
            None => None,
            Some(Ok(score)) => Some(score),
            Some(Err(_)) => {
                writeln!(stdout(), "{line} invalid: the expected score is not a number")?;
                failed += 1;
                continue;
            }
        };
        let position = match Position::from_moves(moves) {
            Ok(position) => position,
            Err(e) => {
                writeln!(stdout(), "{line} invalid: {e}")?;
                eprintln!("line {}: {e}", number + 1);
                failed += 1;
                continue;
            }
        };
        solver.reset();
        let started = Instant::now();
        let score = solver.solve(&position, budget);
        time += started.elapsed();
        nodes += solver.nodes();
        solved += 1;
        let Some(score) = score else {
            writeln!(stdout(), "{line} unknown (budget spent)")?;
            failed += u32::from(expected.is_some());
            continue;
        };
        match expected {
            None => writeln!(stdout(), "{line} {score}")?,
            Some(e) if e == score => writeln!(stdout(), "{line} {score} ok")?,
            Some(_) => {
                writeln!(stdout(), "{line} {score} MISMATCH")?;
                failed += 1;
            }
        }
    }
    if solved > 0 {
        eprintln!(
            "{solved} positions: mean time {:.1?}, mean positions searched {:.0}",
            time / solved,
            nodes as f64 / f64::from(solved)
        );
    }
    if failed > 0 {
        return Err(format!("{failed} lines invalid, unsolved, or scored unlike expected").into());
    }
    Ok(())
}

fn peg_solitaire(args: PegArgs) -> Result<(), Box<dyn std::error::Error>> {
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
