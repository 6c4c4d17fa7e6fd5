//! `tabula bench --swiss-players N`: times the pairing of each round of an N-player Swiss
//! (the FIDE Dutch system's weighted matchings, as the tournament driver runs them), its
//! games' results drawn at random (White wins, a draw, Black wins) from a fixed seed, so
//! runs pair the same rounds.

use std::io::{Write, stdout};
use std::time::{Duration, Instant};

use tabula::play::tournament::swiss::{self, RoundSetup, cards::cards, colours::Colour};
use tabula::store::{Board, BoardResult, Points};

/// Pairs `rounds` rounds of `players` and reports each pairing's time; progress goes to
/// standard error, the report to standard output.
pub fn run(players: u32, rounds: u32) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    if !(2..=1_000).contains(&players) || rounds == 0 || rounds >= players {
        return Err(
            format!("--swiss-players is 2 to 1000 and --swiss-rounds 1 to one fewer ({players}, {rounds})").into()
        );
    }
    let points = Points::default();
    let mut played: Vec<Vec<Board>> = Vec::new();
    let mut random = 0x2545_f491_4f6c_dd1d_u64;
    let mut times: Vec<Duration> = Vec::new();
    writeln!(stdout(), "Swiss pairing, FIDE Dutch system: {players} players, {rounds} rounds")?;
    writeln!(stdout(), "{:>5}  {:>6}  {:>10}", "round", "boards", "pairing")?;
    for round in 1..=rounds {
        let cards = cards(players, &played, points, None);
        let setup = RoundSetup { round, rounds, win: points.win, initial: Colour::White };
        eprintln!("pairing round {round} of {rounds}");
        let started = Instant::now();
        let pairing = swiss::pair(&cards, &setup).ok_or("no pairing was left")?;
        let took = started.elapsed();
        times.push(took);
        writeln!(stdout(), "{round:>5}  {:>6}  {:>7.1} ms", pairing.boards.len(), took.as_secs_f64() * 1e3)?;
        let mut boards: Vec<Board> = pairing
            .boards
            .iter()
            .map(|&(white, black)| {
                random ^= random << 13;
                random ^= random >> 7;
                random ^= random << 17;
                let result = match random % 5 {
                    0 | 1 => BoardResult::WhiteWins,
                    2 => BoardResult::Draw,
                    _ => BoardResult::BlackWins,
                };
                Board { white, black: Some(black), result: Some(result), ..Board::default() }
            })
            .collect();
        boards.extend(pairing.bye.map(|white| Board {
            white,
            black: None,
            result: Some(BoardResult::Bye),
            ..Board::default()
        }));
        played.push(boards);
    }
    let slowest = times.iter().max().copied().unwrap_or_default();
    let total: Duration = times.iter().sum();
    writeln!(
        stdout(),
        "mean {:.1} ms a round, slowest {:.1} ms",
        total.as_secs_f64() * 1e3 / f64::from(rounds),
        slowest.as_secs_f64() * 1e3
    )?;
    Ok(())
}
