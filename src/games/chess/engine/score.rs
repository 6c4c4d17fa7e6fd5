//! The engine's scores: centipawns from the side to move's point of view, with the wins
//! and losses the search proves counted by their distance from the root.
//!
//! A position where the side to move is checkmated `ply` plies from the root scores
//! `-(MATE - ply)`, so that a sooner mate is a better score for the winner and a later
//! one for the loser. Every score whose magnitude is at least [`MATE_BOUND`] is such a
//! proven result; every evaluation stays well below it.

/// The deepest the search goes, in plies from the root (quiescence included).
pub const MAX_PLY: usize = 128;

/// The score of checkmating now (at the root).
pub const MATE: i32 = 32_000;

/// Scores at least this large in magnitude are mates found by the search.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Beyond every score: the initial window's bounds.
pub const INFINITY: i32 = MATE + 1;

/// The score of the side to move when it is checkmated `ply` plies from the root.
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of the side to move when it checkmates `ply` plies from the root.
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// True when `score` is a proven win or loss.
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// The plies from the root to the mate a mate score announces.
pub const fn mate_distance(score: i32) -> u32 {
    (MATE - score.abs()) as u32
}

/// A score as the transposition table keeps it: mates counted from the stored position
/// rather than from the root, so that they stay right when the position is met at
/// another ply.
pub const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score read from the transposition table at `ply`: the inverse of [`to_table`].
pub const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_are_counted_from_the_root_and_stored_from_the_position() {
        assert!(mate_in(3) > mate_in(5), "a sooner mate is better for the winner");
        assert!(mated_in(5) > mated_in(3), "a later mate is better for the loser");
        assert!(is_mate(mate_in(MAX_PLY - 1)) && is_mate(mated_in(MAX_PLY - 1)) && !is_mate(3_000));
        assert_eq!(mate_distance(mate_in(7)), 7);
        assert_eq!(mate_distance(mated_in(4)), 4);
        // Mate in 3 from a position stored at ply 5 is mate in 8 from the root there,
        // and mate in 6 from the root when the position is met again at ply 3.
        let stored = to_table(mate_in(8), 5);
        assert_eq!(stored, mate_in(3));
        assert_eq!(from_table(stored, 3), mate_in(6));
        assert_eq!(from_table(to_table(mated_in(9), 4), 2), mated_in(7));
        assert_eq!(from_table(to_table(-250, 4), 9), -250);
    }
}
