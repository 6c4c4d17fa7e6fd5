//! `tabula tune`: the chess evaluation's weights fitted to played games (see
//! `tabula::games::chess::engine::tuning`): positions from the engine's games against
//! itself, and the weights that best predict their results, written as the source of
//! the engine's weights.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use tabula::games::chess::engine::eval::values::WEIGHTS;
use tabula::games::chess::engine::network::training::{self, Options};
use tabula::games::chess::engine::tuning::{Sample, SelfPlay, Tuner, Tuning, UNBALANCED, play_games};

/// What to tune with.
#[derive(clap::Subcommand, Debug)]
pub enum TuneCommand {
    /// Play the chess engine against itself and write every quiet position of each game
    /// with the game's result, one a line (a FEN and White's score: `[1.0]`, `[0.5]`,
    /// `[0.0]`), for `tabula tune chess`. Progress goes to standard error.
    ChessPositions(PositionsArgs),
    /// Fit the chess evaluation's weights, starting from the engine's, to positions with
    /// results (`tabula tune chess-positions` writes them; Zurichess' `quiet-labeled.epd`
    /// form is read too), and write them as the source of the engine's weights
    /// (`src/games/chess/engine/eval/values.rs`), to build into the engine. Progress and the
    /// error on positions held out of the fit go to standard error.
    Chess(ChessArgs),
    /// Train the chess engine's neural evaluation on positions with results or labels
    /// (as for `tabula tune chess`) and write its weights, for the engine to build in
    /// (`src/games/chess/engine/network/network.bin`). Progress and the error on positions
    /// held out, against the hand-written evaluation's, go to standard error.
    ChessNetwork(NetworkArgs),
}

/// Arguments of `tabula tune chess-network`.
#[derive(clap::Args, Debug)]
pub struct NetworkArgs {
    /// The positions with results or labels, one a line.
    #[arg(long, value_name = "FILE")]
    positions: PathBuf,
    /// Where to write the network.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Passes over the positions.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    epochs: u64,
    /// Positions a step of the descent averages over.
    #[arg(long, default_value_t = 16_384, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    batch: u64,
    /// Adam's first step size (it falls to a tenth by the last epoch).
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// The last of the file's positions, one in this many, are held out of the training
    /// to measure the error on after each epoch.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..=1000))]
    hold_out: u64,
    /// Seed of the first weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Also train on each position without castling rights turned left to right (the
    /// same position for the rules, with the same label).
    #[arg(long)]
    mirror: bool,
}

/// Arguments of `tabula tune chess-positions`.
#[derive(clap::Args, Debug)]
pub struct PositionsArgs {
    /// Where to write the positions.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Random moves from the start before the engine plays (an opening it then judges off
    /// balance is drawn again).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=40))]
    random_plies: u64,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads playing games (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
}

/// Arguments of `tabula tune chess`.
#[derive(clap::Args, Debug)]
pub struct ChessArgs {
    /// The positions with results, one a line.
    #[arg(long, value_name = "FILE")]
    positions: PathBuf,
    /// Where to write the weights' source.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The most passes over all the weights.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    passes: u64,
    /// How far a weight is moved at first, in centipawns (halved after each pass that
    /// moves none, down to 1).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(i32).range(1..=256))]
    step: i32,
    /// The last of the file's positions, one in this many, are held out of the fit to
    /// measure the error on after each pass: `tune chess-positions` writes them game by
    /// game, so they are whole games the fit never saw. The tuning stops after two passes
    /// in a row that do not lower that error, and keeps the weights of the pass with the
    /// least.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..=1000))]
    hold_out: u64,
    /// Tune the placement tables too (768 weights more than the 80 or so of the other
    /// terms, which take far more positions not to be fitted to their chance).
    #[arg(long)]
    tables: bool,
    /// Threads measuring the error (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
}

pub fn run(command: TuneCommand) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        TuneCommand::ChessPositions(args) => positions(args),
        TuneCommand::Chess(args) => chess(args),
        TuneCommand::ChessNetwork(args) => network(args),
    }
}

fn positions(args: PositionsArgs) -> Result<(), Box<dyn std::error::Error>> {
    let options = SelfPlay {
        games: args.games as usize,
        nodes: args.nodes,
        random_plies: args.random_plies as usize,
        seed: args.seed,
    };
    // The file is made before the games are played, so that a path that cannot be
    // written to costs nothing.
    let mut out = BufWriter::new(File::create(&args.out).map_err(|error| format!("{}: {error}", args.out.display()))?);
    let started = Instant::now();
    let games = args.games;
    let samples = play_games(options, super::threads_or_one_per_core(args.threads), &|finished| {
        if (finished as u64).is_multiple_of(50) || finished as u64 == games {
            eprintln!("{finished} of {games} games, {:.0} s", started.elapsed().as_secs_f64());
        }
    });
    for sample in &samples {
        writeln!(out, "{}", sample.to_line())?;
    }
    out.flush()?;
    eprintln!(
        "{}: {} positions from {games} games at {} nodes a move (openings of {} random moves, within {UNBALANCED} centipawns of even), {:.0} s",
        args.out.display(),
        samples.len(),
        args.nodes,
        args.random_plies,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn chess(args: ChessArgs) -> Result<(), Box<dyn std::error::Error>> {
    let (fitted, held_out) = read_samples(&args.positions, args.hold_out)?;
    let threads = super::threads_or_one_per_core(args.threads);
    let mut tuner = Tuner::new(&fitted, threads);
    let before = tuner.fit_scale(&WEIGHTS);
    let mut check = Tuner::new(&held_out, threads);
    let scale = tuner.scale();
    check.set_scale(scale);
    let held_before = check.error(&WEIGHTS);
    eprintln!(
        "{} positions fitted, {} held out; scale {scale:.3}; error {before:.6} (held out {held_before:.6})",
        fitted.len(),
        held_out.len()
    );
    let started = Instant::now();
    let tuning = Tuning {
        first_step: args.step,
        max_passes: args.passes as usize,
        tables: args.tables,
        validation: (!held_out.is_empty()).then_some(&check),
    };
    let tuned = tuner.tune(WEIGHTS, &tuning, &mut |pass| {
        let held_out = pass.held_out.map_or_else(String::new, |error| format!(" (held out {error:.6})"));
        eprintln!(
            "pass {}: step {}, {} weights moved, error {:.6}{held_out}, {:.0} s",
            pass.number,
            pass.step,
            pass.moved,
            pass.error,
            started.elapsed().as_secs_f64()
        );
    });
    let after = tuner.error(&tuned);
    let held_after = check.error(&tuned);
    eprintln!("error {before:.6} → {after:.6}; held out {held_before:.6} → {held_after:.6}");
    let preamble = format!(
        "The weights the engine plays with (see [`super::weights`]).\n\
         \n\
         Tuned by `tabula tune chess` from the weights before them on {} labelled positions (the\n\
         curve's scale {scale:.3}): the mean squared error went from {before:.6} to {after:.6} on\n\
         them, and from {held_before:.6} to {held_after:.6} on {} positions held out.",
        fitted.len(),
        held_out.len(),
    );
    std::fs::write(&args.out, tuned.to_source(&preamble))
        .map_err(|error| format!("{}: {error}", args.out.display()))?;
    eprintln!("{}: written", args.out.display());
    Ok(())
}

/// The samples of `path`, one a line, the last one in `hold_out` apart; every line that
/// is not one is an error (the first ten are listed).
fn read_samples(path: &PathBuf, hold_out: u64) -> Result<(Vec<Sample>, Vec<Sample>), Box<dyn std::error::Error>> {
    let file = File::open(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let mut samples = Vec::new();
    let mut problems = Vec::new();
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match Sample::parse(&line) {
            Ok(sample) => samples.push(sample),
            Err(error) if problems.len() < 10 => problems.push(format!("line {}: {error}", number + 1)),
            Err(_) => {}
        }
    }
    if !problems.is_empty() {
        return Err(format!("{}:\n{}", path.display(), problems.join("\n")).into());
    }
    let held_out = samples.split_off(samples.len() - samples.len() / hold_out as usize);
    if samples.is_empty() {
        return Err(format!("{}: no positions", path.display()).into());
    }
    Ok((samples, held_out))
}

fn network(args: NetworkArgs) -> Result<(), Box<dyn std::error::Error>> {
    let (fitted, held_out) = read_samples(&args.positions, args.hold_out)?;
    // Written before the training, so that a path that cannot be written to costs nothing.
    std::fs::write(&args.out, []).map_err(|error| format!("{}: {error}", args.out.display()))?;
    let threads = super::threads_or_one_per_core(args.threads);
    let mut tuner = Tuner::new(&fitted, threads);
    let fitted_error = tuner.fit_scale(&WEIGHTS);
    let scale = tuner.scale();
    let mut check = Tuner::new(&held_out, threads);
    check.set_scale(scale);
    eprintln!(
        "{} positions to train on, {} held out; the hand-written evaluation's scale {scale:.3}, error {fitted_error:.6} (held out {:.6})",
        fitted.len(),
        held_out.len(),
        check.error(&WEIGHTS)
    );
    let options = Options {
        epochs: args.epochs as usize,
        batch: args.batch as usize,
        learning_rate: args.learning_rate,
        scale,
        threads,
        seed: args.seed,
        mirror: args.mirror,
    };
    let started = Instant::now();
    let network = training::train(&fitted, &held_out, &options, &mut |epoch| {
        let held_out = epoch.held_out.map_or_else(String::new, |error| format!(" (held out {error:.6})"));
        eprintln!(
            "epoch {}: error {:.6}{held_out}, {:.0} s",
            epoch.number,
            epoch.error,
            started.elapsed().as_secs_f64()
        );
    });
    std::fs::write(&args.out, network.to_bytes()).map_err(|error| format!("{}: {error}", args.out.display()))?;
    eprintln!("{}: written", args.out.display());
    Ok(())
}
