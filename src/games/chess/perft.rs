//! Perft: the number of leaf positions of the legal move tree to a given depth, the
//! standard check of a move generator against published counts.
//!
//! The last ply is counted by generating the legal moves and counting them, without
//! playing them ("bulk counting"); every count published for perft is the same either way.

use super::position::{Move, Position};

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
}
