//! `tabula solve connect-four`: the exact score of standard Connect Four positions, in
//! Pascal Pons' notation and convention.

use std::io::{BufRead, Write, stdout};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabula::engine::SearchBudget;
use tabula::games::connect_four::solver::{Position, Solver};

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

pub fn run(args: ConnectFourArgs) -> Result<(), Box<dyn std::error::Error>> {
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
