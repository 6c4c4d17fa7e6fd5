//! The pairing against the FIDE-endorsed Dutch engine's: tournaments that engine generated
//! and paired round by round, each round paired again here from the rounds before it, and
//! its worked examples of the 2025 rules (tests/data/swiss, whose README says where they
//! come from). Boards, colours and the bye must all be the engine's.

use std::path::{Path, PathBuf};

use super::cards::cards;
use super::colours::Colour;
use super::*;
use crate::play::tournament::trf::{self, PlayerLine};
use crate::store::Points;

/// Rounds known to be paired otherwise than the engine pairs them (file, round), each with
/// its reason. None: every round of every file matches.
const KNOWN_DIVERGENCES: &[(&str, u32, &str)] = &[];

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss")
}

/// A round's pairing as the file has it: boards (White, Black) sorted, and the bye.
#[derive(Debug, PartialEq, Eq)]
struct Paired {
    boards: Vec<(u32, u32)>,
    bye: Option<u32>,
}

impl Paired {
    fn from(pairing: &Pairing) -> Paired {
        let mut boards = pairing.boards.clone();
        boards.sort_unstable();
        Paired { boards, bye: pairing.bye }
    }
}

/// Whether the player took part in the pairing of round `round` (from 0): a game, a game
/// forfeited, or the pairing-allocated bye; not a round it was absent from. A worked
/// example lists only the absences of the round it asks for.
fn paired_in(line: &PlayerLine, round: usize) -> bool {
    line.rounds.get(round).is_none_or(|entry| entry.opponent != 0 || entry.result == 'U')
}

/// The colour the first round gave the highest-ranked player when it had an odd number
/// (the engine's reading: the highest player paired in round 1 shows it, the next one its
/// opposite, and so on).
fn initial_colour(lines: &[PlayerLine]) -> Colour {
    let paired = lines.iter().filter(|line| paired_in(line, 0));
    for (index, line) in paired.enumerate() {
        let colour = match line.rounds[0].colour {
            'w' => Colour::White,
            'b' => Colour::Black,
            _ => continue,
        };
        return if index % 2 == 0 { colour } else { colour.opposite() };
    }
    Colour::White
}

/// The pairing the file gives round `round` (from 0).
fn paired_by_file(lines: &[PlayerLine], round: usize) -> Paired {
    let mut boards = Vec::new();
    let mut bye = None;
    for line in lines {
        let entry = line.rounds[round];
        match (entry.opponent, entry.colour) {
            (0, _) if entry.result == 'U' => bye = Some(line.number),
            (0, _) => {}
            (opponent, 'w') => boards.push((line.number, opponent)),
            (opponent, '-') if line.number < opponent => boards.push((line.number, opponent)),
            _ => {}
        }
    }
    boards.sort_unstable();
    Paired { boards, bye }
}

/// Our pairing of round `round` (from 0) of a tournament of `lines` playing `total` rounds,
/// from the rounds before it.
fn paired_here(lines: &[PlayerLine], round: usize, total: u32) -> Result<Paired, String> {
    let count = lines.len();
    let earlier: Vec<PlayerLine> =
        lines.iter().map(|line| PlayerLine { rounds: line.rounds[..round].to_vec(), ..line.clone() }).collect();
    let points = Points::default();
    // The points column is the final one; the earlier rounds make their own.
    let mut earlier = earlier;
    for line in &mut earlier {
        line.points = line.rounds.iter().map(|entry| entry_points(entry.result)).sum();
    }
    let played = trf::rounds_from_lines(&earlier, count, points).map_err(|problems| problems.join("; "))?;
    let all = cards(count as u32, &played, points, None);
    let present: Vec<Card> =
        all.into_iter().zip(lines).filter(|(_, line)| paired_in(line, round)).map(|(c, _)| c).collect();
    let setup = RoundSetup { round: round as u32 + 1, rounds: total, win: points.win, initial: initial_colour(lines) };
    let pairing = pair(&present, &setup).ok_or("no pairing")?;
    Ok(Paired::from(&pairing))
}

/// The points of a round's result code, standard scoring.
fn entry_points(result: char) -> f64 {
    match result {
        '1' | '+' | 'U' | 'F' => 1.0,
        '=' | 'H' => 0.5,
        _ => 0.0,
    }
}

/// The `XXR` line's count of rounds, if the file has one.
fn rounds_line(text: &str) -> Option<u32> {
    text.lines().find_map(|line| line.strip_prefix("XXR")).and_then(|count| count.trim().parse().ok())
}

/// A worked example's expected pairing: its count of boards, then `white black` lines,
/// `player 0` for the bye.
fn read_pairing(text: &str) -> Paired {
    let mut boards = Vec::new();
    let mut bye = None;
    for line in text.lines().skip(1) {
        let numbers: Vec<u32> = line.split_whitespace().map(|n| n.parse().expect("a player number")).collect();
        match numbers.as_slice() {
            [player, 0] => bye = Some(*player),
            [white, black] => boards.push((*white, *black)),
            _ => panic!("a pairing line is two numbers: {line:?}"),
        }
    }
    boards.sort_unstable();
    Paired { boards, bye }
}

#[test]
fn every_round_is_paired_as_the_reference_engine_pairs_it() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder())
        .expect("the reference tournaments")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    let mut failures: Vec<String> = Vec::new();
    let mut matched: Vec<(String, u32)> = Vec::new();
    let (mut rounds, mut players) = (0, 0);
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let lines = trf::read_players(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let example = path.with_extension("pairing");
        // A worked example asks for the round after those all its players have (`XXR` the
        // tournament's rounds); a tournament's every round is checked.
        let (to_pair, total): (Vec<usize>, u32) = match std::fs::read_to_string(&example) {
            Ok(_) => {
                let total = rounds_line(&text).expect("an example gives its rounds with XXR");
                let done = lines.iter().map(|line| line.rounds.len()).min().unwrap_or(0);
                (vec![done], total)
            }
            Err(_) => {
                let total = lines.iter().map(|line| line.rounds.len()).max().unwrap_or(0) as u32;
                ((0..total as usize).collect(), total)
            }
        };
        players += lines.len();
        for round in to_pair {
            rounds += 1;
            let expected = match std::fs::read_to_string(&example) {
                Ok(pairing) => read_pairing(&pairing),
                Err(_) => paired_by_file(&lines, round),
            };
            let number = round as u32 + 1;
            let ours = paired_here(&lines, round, total);
            if ours.as_ref() == Ok(&expected) {
                matched.push((name.clone(), number));
            } else if !KNOWN_DIVERGENCES.iter().any(|(file, r, _)| *file == name && *r == number) {
                failures.push(format!("{name} round {number}:\n  engine: {expected:?}\n  ours:   {ours:?}"));
            }
        }
    }
    for (file, round, why) in KNOWN_DIVERGENCES {
        if matched.iter().any(|(f, r)| f == file && r == round) {
            failures.push(format!("{file} round {round} is listed as diverging ({why}) but matches"));
        }
    }
    assert!(files.len() >= 20, "{} reference files", files.len());
    assert!(failures.is_empty(), "{} of {rounds} rounds differ:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{} files, {rounds} rounds, {players} players: all as the engine pairs them", files.len());
}
