//! `tabula solve connect-four`: the exact score of standard Connect Four positions, in
//! Pascal Pons' notation and convention.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::{BufRead, Write, stdout};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabula::engine::SearchBudget;
use tabula::games::connect_four::solver::{MAX_SCORE, MIN_SCORE, Position, Solver, book};

/// Arguments of `tabula solve connect-four`.
#[derive(clap::Args, Debug)]
pub struct ConnectFourArgs {
    /// The moves from the empty board as 1-based column digits (e.g. 4453); the score is
    /// printed. Without it, positions are read from standard input one a line, as the
    /// moves optionally followed by a space and the expected score; each line is printed
    /// back with its score (and "ok" or "MISMATCH" when one was expected), the mean time
    /// and positions searched per line and the slowest line go to standard error, and the
    /// exit status is non-zero when any score differs from the one expected or any line is
    /// invalid.
    #[arg(long)]
    moves: Option<String>,
    /// Stop after this many searched positions per line (default: no limit).
    #[arg(long)]
    budget: Option<u64>,
    /// Search without the opening book embedded in the binary.
    #[arg(long)]
    no_book: bool,
    /// Build an opening book instead, into this file: the exact score of every position
    /// of `--ply` discs a search expands, solved on `--threads` threads without the
    /// embedded books (the searches read the scores this book already holds), with
    /// progress on standard error. A build goes on from the scores the file already
    /// holds (a book of the same ply whose build was stopped) and from those kept in
    /// `FILE.partial` as they are found. The binary embeds two complete books:
    /// `src/games/connect_four/solver/book.bin`, built with the default ply, and
    /// `book10.bin` beside it, the book of 10 discs.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "budget", "no_book"])]
    build_book: Option<std::path::PathBuf>,
    /// Start no position after this many minutes: the book written then holds the
    /// scores known so far, and a later build goes on from it.
    #[arg(long, requires = "build_book")]
    minutes: Option<f64>,
    /// The discs of the positions a book built with `--build-book` holds.
    #[arg(long, default_value_t = book::STANDARD_PLY, value_parser = clap::value_parser!(u32).range(1..=book::MAX_DENSE_PLY as i64), requires = "build_book")]
    ply: u32,
    /// Threads building a book (default: one per core), or solving each position
    /// (default: one; more join a search that one thread has not finished within two
    /// million positions, and share one table).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
}

/// Builds a book into `path`, printing progress to standard error. The scores `path`
/// already holds are kept. Each new score is also appended to `<path>.partial` as it is
/// found, and a build that finds that file takes the scores it holds, so that a build
/// stopped part way, or killed, goes on where it was.
fn build_book(
    path: &Path,
    ply: u32,
    threads: Option<u32>,
    minutes: Option<f64>,
) -> Result<(), Box<dyn std::error::Error>> {
    let threads = crate::cli::threads_or_one_per_core(threads);
    let stop_at = match minutes {
        Some(minutes) if !(0.0..1e6).contains(&minutes) => {
            return Err(format!("--minutes {minutes}: give a number of minutes from 0 to a million").into());
        }
        Some(minutes) => Some(Instant::now() + Duration::from_secs_f64(minutes * 60.0)),
        None => None,
    };
    let partial_path = {
        let mut name = path.as_os_str().to_owned();
        name.push(".partial");
        PathBuf::from(name)
    };
    let mut known = read_book(path, ply)?;
    if !known.is_empty() {
        eprintln!("{}: {} scores from an earlier build", path.display(), known.len());
    }
    let kept = read_partial(&partial_path, ply)?;
    if !kept.is_empty() {
        eprintln!("{}: {} scores from an earlier build", partial_path.display(), kept.len());
    }
    known.extend(kept);
    let partial = Mutex::new(open_partial(&partial_path, ply)?);
    let failed = Mutex::new(None);
    let solved = |key: u64, score: i32| {
        let written = writeln!(partial.lock().expect("no writer panicked"), "{key} {score}");
        if let Err(e) = written {
            failed.lock().expect("no writer panicked").get_or_insert(e.to_string());
        }
    };
    let started = Instant::now();
    eprintln!("listing the positions of {ply} discs a search expands…");
    let first = known.len();
    let mut finished = (0, 0);
    let bytes = book::build(ply, threads, &known, stop_at, &solved, |done, total| {
        finished = (done, total);
        let elapsed = started.elapsed().as_secs_f64();
        let new = done.saturating_sub(first);
        let left = if new == 0 {
            String::new()
        } else {
            format!(", about {:.0} s left", elapsed * (total - done) as f64 / new as f64)
        };
        let percent = 100.0 * done as f64 / total.max(1) as f64;
        eprintln!("{done} of {total} positions scored ({percent:.1}%), {elapsed:.0} s{left}");
    });
    if let Some(e) = failed.into_inner().expect("no writer panicked") {
        return Err(format!("writing {}: {e}", partial_path.display()).into());
    }
    std::fs::write(path, &bytes).map_err(|e| format!("writing {}: {e}", path.display()))?;
    std::fs::remove_file(&partial_path).map_err(|e| format!("removing {}: {e}", partial_path.display()))?;
    let (done, total) = finished;
    let complete =
        if done == total { "complete".to_owned() } else { format!("{done} of {total} positions; run again to go on") };
    eprintln!(
        "{} written ({complete}): {} bytes, in {:.0} s",
        path.display(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The file a build of a book of `ply` discs appends its scores to, `path`: a new or
/// empty one starts with the line `ply N` that [`read_partial`] checks.
fn open_partial(path: &Path, ply: u32) -> Result<std::fs::File, Box<dyn std::error::Error>> {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("opening {}: {e}", path.display()))?;
    if file.metadata()?.len() == 0 {
        writeln!(file, "ply {ply}")?;
    }
    Ok(file)
}

/// The scores of the book of `ply` discs in `path`, from a build that was stopped; none
/// when there is no such file. A file that is not a book of that ply is an error, so that
/// a build never overwrites something else.
fn read_book(path: &Path, ply: u32) -> Result<HashMap<u64, i32>, Box<dyn std::error::Error>> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(format!("reading {}: {e}", path.display()).into()),
    };
    // Read once in a process that ends when the build does.
    let book = book::Book::read(Box::leak(bytes.into_boxed_slice()))
        .map_err(|e| format!("{} is there and is not a book to go on from: {e}", path.display()))?;
    if book.ply() != ply {
        return Err(format!(
            "{} is a book of {} discs, not {ply}: give --ply {} or another file",
            path.display(),
            book.ply(),
            book.ply()
        )
        .into());
    }
    Ok(book.entries().collect())
}

/// The scores an earlier build of a book of `ply` discs kept in `path`: a first line
/// `ply N`, then a canonical key and its score a line. A last line cut short (the build
/// stopped while writing it) is left out; any other line that does not read is an error.
fn read_partial(path: &Path, ply: u32) -> Result<HashMap<u64, i32>, Box<dyn std::error::Error>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(format!("reading {}: {e}", path.display()).into()),
    };
    let mut lines = text.lines();
    match lines.next() {
        None => return Ok(HashMap::new()),
        Some(first) if first == format!("ply {ply}") => {}
        Some(first) => {
            return Err(format!(
                "{} was left by a build of another book (its first line is \"{first}\", not \"ply {ply}\"): remove it or build that book",
                path.display()
            )
            .into());
        }
    }
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = lines.collect();
    let mut known = HashMap::new();
    for (number, line) in lines.iter().enumerate() {
        let read = line
            .split_once(' ')
            .and_then(|(key, score)| Some((key.parse().ok()?, score.parse().ok()?)))
            .filter(|(_, score)| (MIN_SCORE..=MAX_SCORE).contains(score));
        match read {
            Some((key, score)) => {
                known.insert(key, score);
            }
            None if number + 1 == lines.len() && !complete => {
                // Cut short: the build appends after the last whole line.
                let whole = text.rfind('\n').map_or(0, |at| at + 1);
                std::fs::write(path, &text[..whole]).map_err(|e| format!("rewriting {}: {e}", path.display()))?;
            }
            None => {
                let number = number + 2;
                return Err(format!("{} line {number}: \"{line}\" is not a key and a score", path.display()).into());
            }
        }
    }
    Ok(known)
}

pub fn run(args: ConnectFourArgs) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(path) = &args.build_book {
        return build_book(path, args.ply, args.threads, args.minutes);
    }
    let go = AtomicBool::new(false);
    let threads = args.threads.map_or(1, |threads| threads as usize);
    let budget = SearchBudget::new(args.budget.unwrap_or(u64::MAX), &go).on_threads(threads);
    let mut solver = if args.no_book { Solver::new().without_book() } else { Solver::new() };
    if let Some(moves) = args.moves {
        let position = Position::from_moves(moves.trim()).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let score = solver.solve(&position, budget).ok_or("the budget ran out before the score was known")?;
        writeln!(stdout(), "{score}")?;
        eprintln!("{} positions searched in {:.3} s", solver.nodes(), started.elapsed().as_secs_f64());
        return Ok(());
    }
    let (mut solved, mut failed, mut time, mut nodes) = (0u32, 0u32, Duration::ZERO, 0u64);
    // The line that took longest: its number, its moves and its time.
    let mut slowest: Option<(usize, String, Duration)> = None;
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
        let elapsed = started.elapsed();
        time += elapsed;
        if slowest.as_ref().is_none_or(|(_, _, longest)| elapsed > *longest) {
            slowest = Some((number + 1, moves.to_owned(), elapsed));
        }
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
    if let Some((line, moves, longest)) = slowest {
        eprintln!(
            "{solved} positions: mean time {:.1?}, mean positions searched {:.0}; slowest: line {line} ({moves}) in {longest:.1?}",
            time / solved,
            nodes as f64 / f64::from(solved),
        );
    }
    if failed > 0 {
        return Err(format!("{failed} lines invalid, unsolved, or scored unlike expected").into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scores_kept_start_with_their_ply_however_the_build_began() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("book.bin.partial");
        // A new file, whether or not a book holds scores already.
        writeln!(open_partial(&path, 8).unwrap(), "123 4").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "ply 8\n123 4\n");
        // An earlier build's file: appended to, its first line kept.
        writeln!(open_partial(&path, 8).unwrap(), "456 -2").unwrap();
        assert_eq!(read_partial(&path, 8).unwrap(), HashMap::from([(123, 4), (456, -2)]));
        // An empty one (a build that stopped before writing anything).
        std::fs::write(&path, "").unwrap();
        drop(open_partial(&path, 9).unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "ply 9\n");
    }
}
