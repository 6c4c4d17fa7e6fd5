//! `tabula perft`: counts the leaves of a game tree, as rules engines are checked.

use std::io::{Write, stdout};
use std::time::Instant;

use tabula::engine::Rules;
use tabula::engine::perft;
use tabula::games::{GameConfig, GameKind, chess, reversi};

/// Arguments of `tabula perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game kind, as the catalog names it: tic_tac_toe, connect_four, gomoku,
    /// tic_tac_two, morris, peg_solitaire, battleship, reversi or chess. `--fen` alone
    /// implies chess.
    #[arg(long)]
    game: Option<String>,
    /// One of the kind's presets instead of its default configuration.
    #[arg(long)]
    preset: Option<String>,
    /// Chess: the position to count from, in FEN (X-FEN or Shredder-FEN with --chess960).
    #[arg(long)]
    fen: Option<String>,
    /// Chess: read the FEN as Chess960 (castling rights name rook files).
    #[arg(long)]
    chess960: bool,
    /// Plies to count: one move of one seat each (a game over earlier is one leaf).
    #[arg(long)]
    depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    divide: bool,
}

/// The kind `args` name.
fn kind(args: &PerftArgs) -> Result<GameKind, String> {
    let names = || GameKind::ALL.iter().map(|kind| kind.name()).collect::<Vec<_>>().join(", ");
    match (&args.game, &args.fen) {
        (Some(name), _) => {
            GameKind::from_name(name).ok_or_else(|| format!("no game kind is called {name:?}; the kinds: {}", names()))
        }
        (None, Some(_)) => Ok(GameKind::Chess),
        (None, None) => Err(format!("name a game with --game (one of {}), or give a --fen", names())),
    }
}

/// The configuration `args` name for `kind`: its preset, or its default.
fn configuration(kind: GameKind, args: &PerftArgs) -> Result<GameConfig, String> {
    match &args.preset {
        None => Ok(kind.info().default_config.with_defaults().drawn()),
        Some(name) => kind.preset(name).map(|preset| preset.config.with_defaults().drawn()).ok_or_else(|| {
            let known: Vec<&str> = kind.info().presets.iter().map(|p| p.name).collect();
            format!("{} has no preset {name:?}; known presets: {}", kind.name(), known.join(", "))
        }),
    }
}

/// Runs the count: per-move lines with `--divide`, the total on the last line of standard
/// output, and the speed on standard error. Chess from a FEN and Othello from its start
/// count on their own fast paths; every other configuration through the registry's
/// generic interface.
pub fn run(args: PerftArgs) -> Result<(), Box<dyn std::error::Error>> {
    let kind = kind(&args)?;
    if args.fen.is_some() && (kind != GameKind::Chess || args.preset.is_some()) {
        return Err("--fen is for chess, without a --preset".into());
    }
    let config = configuration(kind, &args)?;
    let started = Instant::now();
    let (lines, total) = match (&config, args.preset.is_none()) {
        (GameConfig::Chess(_), true) => {
            let fen = args.fen.as_deref().unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
            let position = chess::fen::parse(fen, args.chess960).map_err(|invalid| invalid.to_string())?;
            if args.divide {
                let lines = chess::perft::divide_uci(&position, args.depth, args.chess960);
                let total = lines.iter().map(|(_, n)| n).sum();
                (lines, total)
            } else {
                (Vec::new(), chess::perft::perft(&position, args.depth))
            }
        }
        (GameConfig::Reversi(othello), _) if *othello == reversi::Config::default() => {
            let position = reversi::Reversi::new(othello).map_err(|e| e.to_string())?;
            if args.divide {
                let lines: Vec<(String, u64)> = reversi::divide(&position, args.depth)
                    .into_iter()
                    .map(|(action, n)| (position.describe(&action), n))
                    .collect();
                let total = lines.iter().map(|(_, n)| n).sum();
                (lines, total)
            } else {
                (Vec::new(), reversi::perft(&position, args.depth))
            }
        }
        _ => {
            let game = config.new_match().map_err(|e| e.to_string())?;
            if args.divide {
                let lines = perft::divide(game.as_ref(), args.depth);
                let total = lines.iter().map(|(_, n)| n).sum();
                (lines, total)
            } else {
                (Vec::new(), perft::perft(game.as_ref(), args.depth))
            }
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    for (label, count) in lines {
        writeln!(stdout(), "{label}: {count}")?;
    }
    writeln!(stdout(), "{total}")?;
    eprintln!(
        "{total} nodes in {seconds:.3} s: {:.1} million nodes per second",
        total as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
