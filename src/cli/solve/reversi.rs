//! `tabula solve reversi`: the exact final disc difference and a best move of standard
//! Reversi positions (8×8, no walls), by the engine's exact endgame solver, from
//! `--position` or from standard input in the form of the FFO test files.
//!
//! Progress: the solver keeps no count that another thread could read while it runs, so
//! the search runs in rounds: each round's stop flag is raised after a while, the round's
//! positions are counted and a progress line is written, and the next round starts over
//! with the same transposition table. The solver stores in the table only what it
//! finished searching, so a round that stopped leaves true bounds behind and the next
//! round goes quickly back to where it stopped; a round that finishes gives the score.

use std::io::{BufRead, Write, stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tabula::engine::{Cell, SearchBudget, Seat};
use tabula::games::reversi::engine::Position;
use tabula::games::reversi::engine::clock::Clock;
use tabula::games::reversi::engine::endgame::{Solved, Solver};
use tabula::games::reversi::engine::table::Table;
use tabula::games::reversi::setup;

/// The longest round: rounds start at `--progress` seconds and double up to this (or stay
/// at `--progress` when that is longer), so that a long solve writes a line every few
/// seconds and starts over seldom.
const LONGEST_ROUND: Duration = Duration::from_secs(8);

/// Arguments of `tabula solve reversi`.
#[derive(clap::Args, Debug)]
pub struct ReversiArgs {
    /// The position in the FFO and Edax text form: the 64 squares row by row from a1 (the
    /// top-left) to h8, X (or x, *) Black, O (or o) White, - (or .) empty, then a space and
    /// the side to move, X or O; anything after a `;` is ignored. The best move (a square
    /// such as g8, or `pass`) and the exact score are printed, the score last. Without
    /// it, positions are read from standard input one a line in the form of the FFO test
    /// files (tests/data/reversi/ffo-40-49.txt): an optional number, the squares, the side
    /// to move, optionally the expected score (e.g. +38) and the best moves
    /// (comma-separated); blank lines and lines starting with `#` are skipped, as is
    /// anything after a `;` (so Edax's .obf lines read too). Each line is printed back with
    /// the score and best move found, and "ok" or "MISMATCH" when a score was expected (a
    /// mismatch also when the best moves were listed and the move found is not one of
    /// them); the exit status is non-zero when any line mismatches, is invalid, or is
    /// left unsolved.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Stop after this many searched positions per position (default: no limit).
    #[arg(long)]
    budget: Option<u64>,
    /// The transposition table's size: 2^BITS entries of 24 bytes (default 22: 96 MiB).
    #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u32).range(10..=30))]
    table_bits: u32,
    /// Seconds of searching before the first progress line on standard error (positions
    /// searched, seconds); each later line comes twice as long after the one before, up to
    /// 8 s apart (or this, when longer). Default 1.
    #[arg(long, default_value_t = 1.0)]
    progress: f64,
}

pub fn run(args: ReversiArgs) -> Result<(), Box<dyn std::error::Error>> {
    if !(args.progress.is_finite() && args.progress > 0.0 && args.progress <= 3600.0) {
        return Err(format!("--progress must be more than 0 and at most 3600 seconds, not {}", args.progress).into());
    }
    let first_round = Duration::from_secs_f64(args.progress);
    let budget = args.budget.unwrap_or(u64::MAX);
    if let Some(text) = args.position {
        let (position, side) = setup::standard(&text)
            .map_err(|problems| format!("--position is not a position: {}", problems.join("; ")))?;
        let side = if side == Seat::FIRST { "Black" } else { "White" };
        eprintln!("solving for {side} to move, {} empty squares…", position.empties());
        let started = Instant::now();
        let (solved, nodes) = solve(position, &mut Table::new(args.table_bits), budget, first_round, "");
        let solved = solved.ok_or("the budget ran out before the score was known")?;
        writeln!(stdout(), "best: {}", best_move(position, solved))?;
        writeln!(stdout(), "score: {:+}", solved.score)?;
        eprintln!("{nodes} positions searched in {:.3} s", started.elapsed().as_secs_f64());
        return Ok(());
    }
    let (mut solved_lines, mut failed, mut time, mut nodes) = (0u32, 0u32, Duration::ZERO, 0u64);
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("reading standard input: {e}"))?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let problem = match read_line(line) {
            Ok(problem) => problem,
            Err(why) => {
                writeln!(stdout(), "{line} invalid: {why}")?;
                eprintln!("line {}: {why}", number + 1);
                failed += 1;
                continue;
            }
        };
        // A table of its own for each line, so that each line's time is its own.
        let mut table = Table::new(args.table_bits);
        let started = Instant::now();
        let label = format!("line {}: ", number + 1);
        let (solved, spent) = solve(problem.position, &mut table, budget, first_round, &label);
        time += started.elapsed();
        nodes += spent;
        solved_lines += 1;
        let Some(solved) = solved else {
            writeln!(stdout(), "{line} -> unknown (budget spent)")?;
            failed += 1;
            continue;
        };
        let best = best_move(problem.position, solved);
        let verdict = match problem.expected {
            None => "",
            Some(expected) if expected == solved.score && (problem.best.is_empty() || problem.best.contains(&best)) => {
                " ok"
            }
            Some(_) => {
                failed += 1;
                " MISMATCH"
            }
        };
        writeln!(stdout(), "{line} -> {:+} {best}{verdict}", solved.score)?;
    }
    if solved_lines > 0 {
        eprintln!(
            "{solved_lines} position{}: {:.3} s in all, mean {:.1?}, {nodes} positions searched ({:.0} per second)",
            if solved_lines == 1 { "" } else { "s" },
            time.as_secs_f64(),
            time / solved_lines,
            nodes as f64 / time.as_secs_f64().max(1e-9)
        );
    }
    if failed > 0 {
        return Err(format!("{failed} lines invalid, unsolved, or scored unlike expected").into());
    }
    Ok(())
}

/// One line of an FFO file.
struct Problem {
    position: Position,
    /// The published score, if the line gives one.
    expected: Option<i32>,
    /// The published best moves (lower-case squares), if the line gives them.
    best: Vec<String>,
}

/// Reads `NUMBER? SQUARES SIDE (SCORE (MOVES)?)?`, anything after `;` ignored.
fn read_line(line: &str) -> Result<Problem, String> {
    let data = line.split(';').next().unwrap_or_default();
    let mut fields = data.split_whitespace().peekable();
    fields.next_if(|field| field.chars().all(|c| c.is_ascii_digit()));
    let (Some(squares), Some(side)) = (fields.next(), fields.next()) else {
        return Err("expected the squares and the side to move".to_owned());
    };
    let (position, _) = setup::standard(&format!("{squares} {side}")).map_err(|problems| problems.join("; "))?;
    let expected = match fields.next() {
        None => None,
        Some(score) => Some(score.parse().map_err(|_| format!("the expected score {score:?} is not a number"))?),
    };
    let best = fields.next().map_or_else(Vec::new, |moves| moves.split(',').map(str::to_lowercase).collect());
    Ok(Problem { position, expected, best })
}

/// The solver's move as people write it: a square such as `g8`, `pass` when the side to
/// move has no move, `none` when the game is over.
fn best_move(position: Position, solved: Solved) -> String {
    match solved.best {
        Some(square) => Cell::new(square / 8, square % 8).to_string(),
        None if position.opponent_moves() != 0 => "pass".to_owned(),
        None => "none (the game is over)".to_owned(),
    }
}

/// The exact score of `position` within `budget` positions, and the positions searched,
/// in rounds (see the module's documentation) with a progress line on standard error
/// after each round that did not finish, starting with `label`; the first round lasts
/// `first_round`. `None` when the budget ran out.
fn solve(
    position: Position,
    table: &mut Table,
    budget: u64,
    first_round: Duration,
    label: &str,
) -> (Option<Solved>, u64) {
    let started = Instant::now();
    let mut nodes = 0u64;
    let mut round = first_round;
    loop {
        let stop = AtomicBool::new(false);
        let (solved, spent) = std::thread::scope(|scope| {
            let (finished, wait) = mpsc::channel::<()>();
            let stop = &stop;
            scope.spawn(move || {
                // A round that finishes first drops its sender, which ends the wait.
                if wait.recv_timeout(round) == Err(mpsc::RecvTimeoutError::Timeout) {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            let mut clock = Clock::new(SearchBudget::new(budget - nodes, stop));
            let solved = Solver::new(table, &mut clock).solve(position, None, &[]);
            drop(finished);
            (solved, clock.nodes())
        });
        nodes += spent;
        if solved.is_some() || nodes >= budget {
            return (solved, nodes);
        }
        eprintln!("{label}searching: {nodes} positions, {:.1} s", started.elapsed().as_secs_f64());
        round = (round * 2).min(LONGEST_ROUND.max(first_round));
    }
}
