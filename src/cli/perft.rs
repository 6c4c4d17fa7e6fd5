//! `tabula perft`: counts the leaves of a game tree, as rules engines are checked.

use std::time::Instant;

use tabula::engine::Rules;
use tabula::games::{chess, reversi};

/// Which tree to count.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum PerftGame {
    /// Chess from `--fen` (default: the standard start).
    Chess,
    /// Othello from the standard 8×8 start (a forced pass counts as one ply).
    Reversi,
}

/// Arguments of `tabula perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game; `--fen` alone implies chess.
    #[arg(long, value_enum)]
    game: Option<PerftGame>,
    /// Chess: the position to count from, in FEN (X-FEN or Shredder-FEN with --chess960).
    #[arg(long)]
    fen: Option<String>,
    /// Chess: read the FEN as Chess960 (castling rights name rook files).
    #[arg(long)]
    chess960: bool,
    /// Plies to count.
    #[arg(long)]
    depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    divide: bool,
}

/// Runs the count: per-move lines with `--divide`, the total on the last line of standard
/// output, and the speed on standard error.
pub fn run(args: PerftArgs) -> Result<(), String> {
    let game = match (args.game, &args.fen) {
        (Some(game), _) => game,
        (None, Some(_)) => PerftGame::Chess,
        (None, None) => return Err("name a game with --game chess|reversi, or give a --fen".into()),
    };
    let started = Instant::now();
    let (lines, total) = match game {
        PerftGame::Chess => {
            let fen = args.fen.as_deref().unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
            let position = chess::fen::parse(fen, args.chess960)
                .map_err(|problems| format!("invalid FEN: {}", problems.join("; ")))?;
            if args.divide {
                let lines = chess::perft::divide_uci(&position, args.depth, args.chess960);
                let total = lines.iter().map(|(_, n)| n).sum();
                (lines, total)
            } else {
                (Vec::new(), chess::perft::perft(&position, args.depth))
            }
        }
        PerftGame::Reversi => {
            if args.fen.is_some() {
                return Err("--fen is for chess; reversi counts from the standard Othello start".into());
            }
            let position = reversi::Reversi::new(&reversi::Config::default()).map_err(|e| e.to_string())?;
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
    };
    let seconds = started.elapsed().as_secs_f64();
    for (label, count) in lines {
        println!("{label}: {count}");
    }
    println!("{total}");
    eprintln!(
        "{total} nodes in {seconds:.3} s: {:.1} million nodes per second",
        total as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
