//! A standard 8×8 position without walls, seen from the side to move: its discs, the
//! other side's, and nothing else (the engine never needs to know which colour moves).
//!
//! Squares are numbered as in the game's bitboards: `row * 8 + col`, so `a1`
//! (the top-left cell) is 0, `h1` is 7 and `h8` is 63, the numbering of the FFO test
//! positions too.

use super::super::bits;

/// The squares of the 8×8 board.
pub const ALL: u64 = u64::MAX;

/// A position with the side to move's discs in `own` and the other side's in `opp`.
///
/// Invariant: `own & opp == 0`. Every square in neither is empty: the board has no walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    own: u64,
    opp: u64,
}

impl Position {
    /// The position with the side to move's discs `own` and the other's `opp`.
    ///
    /// # Panics
    /// If a square holds both.
    pub fn new(own: u64, opp: u64) -> Position {
        assert_eq!(own & opp, 0, "a square holds two discs");
        Position { own, opp }
    }

    /// The standard Othello start, Black (the side to move) on d5 and e4.
    pub fn start() -> Position {
        Position::new(bits::bit(3, 4) | bits::bit(4, 3), bits::bit(3, 3) | bits::bit(4, 4))
    }

    /// The side to move's discs.
    #[inline(always)]
    pub fn own(self) -> u64 {
        self.own
    }

    /// The other side's discs.
    #[inline(always)]
    pub fn opp(self) -> u64 {
        self.opp
    }

    /// The empty squares.
    #[inline(always)]
    pub fn empty(self) -> u64 {
        !(self.own | self.opp)
    }

    /// How many squares are empty.
    #[inline(always)]
    pub fn empties(self) -> u32 {
        self.empty().count_ones()
    }

    /// The squares where the side to move may play.
    #[inline(always)]
    pub fn moves(self) -> u64 {
        bits::moves(self.own, self.opp, self.empty())
    }

    /// The squares where the other side could play if it were to move.
    #[inline(always)]
    pub fn opponent_moves(self) -> u64 {
        bits::moves(self.opp, self.own, self.empty())
    }

    /// The discs the side to move flips by playing on the empty `square`; 0 when the move
    /// is illegal.
    #[inline(always)]
    pub fn flips(self, square: u32) -> u64 {
        bits::flips(self.own, self.opp, square)
    }

    /// The position after the side to move plays `square`, flipping `flipped` (which
    /// [`flips`](Position::flips) gave, non-zero), seen from the other side.
    #[inline(always)]
    pub fn play_flips(self, square: u32, flipped: u64) -> Position {
        debug_assert!(flipped != 0 && self.empty() & (1 << square) != 0);
        Position { own: self.opp & !flipped, opp: self.own | flipped | (1 << square) }
    }

    /// The position after the side to move plays `square`, a legal move.
    #[inline(always)]
    pub fn play(self, square: u32) -> Position {
        self.play_flips(square, self.flips(square))
    }

    /// The same board with the other side to move: a pass.
    #[inline(always)]
    pub fn pass(self) -> Position {
        Position { own: self.opp, opp: self.own }
    }

    /// The disc difference for the side to move if the game ended now, the empty squares
    /// going to the side with more discs (the World Othello Federation's count, which the
    /// FFO scores use).
    #[inline(always)]
    pub fn final_score(self) -> i32 {
        let difference = self.own.count_ones() as i32 - self.opp.count_ones() as i32;
        let empties = self.empties() as i32;
        match difference.signum() {
            1 => difference + empties,
            -1 => difference - empties,
            _ => 0,
        }
    }
}

/// Squares of the set bits of `set`, lowest first.
#[inline(always)]
pub fn squares(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros();
            set &= set - 1;
            square
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_the_four_usual_moves() {
        // d3, c4, f5, e6.
        let moves: Vec<u32> = squares(Position::start().moves()).collect();
        assert_eq!(moves, [19, 26, 37, 44]);
    }

    #[test]
    fn the_final_score_gives_empty_squares_to_the_winner() {
        assert_eq!(Position::new(0b111, 0b1000).final_score(), 3 - 1 + 60);
        assert_eq!(Position::new(0b1, 0b110).final_score(), -(2 - 1 + 61));
        assert_eq!(Position::new(0b1, 0b10).final_score(), 0);
    }
}
