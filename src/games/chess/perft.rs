//! Perft: the number of leaf positions of the legal move tree to a given depth, the
//! standard check of a move generator against published counts.
//!
//! The last ply is counted by generating the legal moves and counting them, without
//! playing them ("bulk counting"); every count published for perft is the same either way.

use super::position::{Move, Position};
use super::uci;

/// Number of move sequences of exactly `depth` plies from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let moves = position.legal_moves();
            let mut nodes = 0;
            for &mv in moves.iter() {
                let mut child = *position;
                child.play(mv);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// The perft count below each legal move, in generation order: `perft(position, depth)`
/// split by first move, for finding where two generators disagree. Empty for depth 0.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// [`divide`] with each move in UCI (castling as the king's destination in standard
/// chess, as the king taking its rook in Chess960), sorted by move: the usual output of a
/// `perft --divide` command.
pub fn divide_uci(position: &Position, depth: u32, chess960: bool) -> Vec<(String, u64)> {
    let mut lines: Vec<(String, u64)> =
        divide(position, depth).into_iter().map(|(mv, nodes)| (uci::to_uci(position, mv, chess960), nodes)).collect();
    lines.sort();
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    fn count(fen: &str, depth: u32) -> u64 {
        perft(&fen::parse(fen, false).unwrap(), depth)
    }

    #[test]
    fn the_initial_position_matches_the_published_counts() {
        let expected = [1, 20, 400, 8_902, 197_281];
        for (depth, &nodes) in expected.iter().enumerate() {
            assert_eq!(count(fen::STANDARD, depth as u32), nodes, "depth {depth}");
        }
    }

    #[test]
    fn kiwipete_matches() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(count(kiwipete, 1), 48);
        assert_eq!(count(kiwipete, 2), 2_039);
        assert_eq!(count(kiwipete, 3), 97_862);
    }

    #[test]
    fn divide_splits_the_count_by_first_move() {
        let position = fen::parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false).unwrap();
        let lines = divide_uci(&position, 2, false);
        assert_eq!(lines.iter().map(|l| l.1).sum::<u64>(), perft(&position, 2));
        assert!(lines.iter().any(|(mv, _)| mv == "e1g1") && lines.iter().any(|(mv, _)| mv == "e1c1"));
        let in_960 = divide_uci(&fen::parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true).unwrap(), 1, true);
        assert!(in_960.iter().any(|(mv, _)| mv == "e1h1") && in_960.iter().any(|(mv, _)| mv == "e1a1"));
        assert!(divide(&position, 0).is_empty());
    }
}
