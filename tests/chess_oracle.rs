//! The chess move generator against an independent one (the `cozy-chess` crate): random
//! games from the standard start and from Chess960 starts, comparing the legal moves at
//! every ply and perft counts now and then. Along the way, the incremental hash must equal
//! the hash computed afresh and every position's FEN must read back to it. Castling is compared in the king-takes-rook
//! form both use internally.

use std::collections::BTreeSet;

use tabula::games::chess::position::Position;
use tabula::games::chess::{chess960, fen, perft};

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn ours(position: &Position) -> BTreeSet<String> {
    position.legal_moves().iter().map(|mv| mv.to_string()).collect()
}

fn theirs(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut moves = BTreeSet::new();
    board.generate_moves(|set| {
        moves.extend(set.into_iter().map(|mv| mv.to_string()));
        false
    });
    moves
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|set| {
        for mv in set {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// Plays `games` random games from the starts `start` picks, comparing as it goes.
fn compare(games: u64, chess960: bool, start: impl Fn(&mut XorShift) -> (Position, cozy_chess::Board)) {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for game in 0..games {
        let (mut position, mut board) = start(&mut rng);
        for ply in 0..300 {
            assert_eq!(position.hash(), position.compute_hash(), "game {game} ply {ply}: incremental hash");
            let written = fen::write(&position, chess960);
            assert_eq!(
                fen::parse(&written, chess960),
                Ok(position),
                "game {game} ply {ply}: {written} does not read back"
            );
            let listed = ours(&position);
            assert_eq!(listed, theirs(&board), "game {game} ply {ply}: {}", fen::write(&position, true));
            if ply % 16 == 5 {
                assert_eq!(perft::perft(&position, 3), cozy_perft(&board, 3), "game {game} ply {ply}");
            }
            if listed.is_empty() || position.halfmove_clock() >= 150 {
                break;
            }
            let pick = listed.iter().nth((rng.next() % listed.len() as u64) as usize).unwrap().clone();
            let mv = *position.legal_moves().iter().find(|m| m.to_string() == pick).unwrap();
            position.play(mv);
            board.play_unchecked(pick.parse().unwrap());
        }
    }
}

#[test]
fn random_games_from_the_standard_start_agree() {
    compare(60, false, |_| (Position::standard(), cozy_chess::Board::default()));
}

#[test]
fn random_games_from_chess960_starts_agree() {
    compare(120, true, |rng| {
        let number = (rng.next() % 960) as u32;
        let position = fen::parse(&chess960::start_fen(number), true).unwrap();
        (position, cozy_chess::Board::chess960_startpos(number))
    });
}
