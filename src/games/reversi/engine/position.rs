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
        moves(self.own, self.opp)
    }

    /// The squares where the other side could play if it were to move.
    #[inline(always)]
    pub fn opponent_moves(self) -> u64 {
        moves(self.opp, self.own)
    }

    /// The discs the side to move flips by playing on the empty `square`; 0 when the move
    /// is illegal.
    #[inline(always)]
    pub fn flips(self, square: u32) -> u64 {
        let rays = &RAYS[square as usize];
        let (own, opp) = (self.own, self.opp);
        // Four lanes, one direction each, written so that the compiler can keep them in
        // one vector register (the solver's copy for current CPUs does).
        let mut flipped = [0u64; 4];
        for (flipped, &ray) in flipped.iter_mut().zip(&rays.up) {
            // Toward higher bits: the first square that is not the opponent's is the
            // lowest such bit; the squares before it flip when it is the mover's.
            let stops = ray & !opp;
            let first = stops & stops.wrapping_neg() & own;
            // All ones when there is no closing disc, else the bits from it up.
            let eraser = 0u64.wrapping_sub(u64::from(first == 0)).wrapping_sub(first);
            *flipped = ray & !eraser;
        }
        for lane in 0..4 {
            // Toward lower bits, by a parallel-prefix fill: a mover's disc one step
            // further, moved one step toward `square`, closes the line when nothing but
            // opponent's discs lies from there to `square` (at most six of them).
            let (ray, step) = (rays.down[lane], STEPS[lane]);
            let mut eraser = ray & !opp;
            let mut outflank = (own & ray) << step;
            eraser |= eraser >> step;
            outflank &= !eraser;
            eraser >>= 2 * step;
            outflank &= !eraser;
            outflank &= !(eraser >> (2 * step));
            // At most one bit is left: the squares from it up to `square` flip.
            flipped[lane] |= ray & outflank.wrapping_neg();
        }
        flipped[0] | flipped[1] | flipped[2] | flipped[3]
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

/// The empty squares where the side owning `own` may play against `opp`: those just past
/// a line of `opp` discs that starts next to an `own` disc, found by a parallel-prefix
/// fill of the four directions in four lanes (kept in one vector register by the solver's
/// copy for current CPUs), each lane both ways.
#[inline(always)]
fn moves(own: u64, opp: u64) -> u64 {
    // Lines across the side columns would wrap from one row's end to the next row's
    // start: but for north-south, a line of opponent's discs may not hold them.
    const INNER_COLS: u64 = 0x7e7e_7e7e_7e7e_7e7e;
    const LINE_MASK: [u64; 4] = [INNER_COLS, INNER_COLS, ALL, INNER_COLS];
    let mut found = [0u64; 4];
    for lane in 0..4 {
        let (step, opp) = (STEPS[lane], opp & LINE_MASK[lane]);
        let mut up = opp & (own << step);
        let mut down = opp & (own >> step);
        up |= opp & (up << step);
        down |= opp & (down >> step);
        // Opponent's discs with another one step before them: each fill below extends
        // a line by two discs at once, to six in all.
        let pairs_up = opp & (opp << step);
        let pairs_down = pairs_up >> step;
        up |= pairs_up & (up << (2 * step));
        down |= pairs_down & (down >> (2 * step));
        up |= pairs_up & (up << (2 * step));
        down |= pairs_down & (down >> (2 * step));
        found[lane] = (up << step) | (down >> step);
    }
    (found[0] | found[1] | found[2] | found[3]) & !(own | opp)
}

/// The steps, in bits, of the four lanes of [`Rays`]: east and west, the two diagonals,
/// north and south.
const STEPS: [u32; 4] = [1, 7, 8, 9];

/// The squares from a square to the board's edge in the eight directions, the square
/// itself excluded: `up[lane]` toward higher bits (by `STEPS[lane]` bits a step), `down`
/// toward lower ones.
struct Rays {
    up: [u64; 4],
    down: [u64; 4],
}

static RAYS: [Rays; 64] = rays();

const fn rays() -> [Rays; 64] {
    // (row, column) steps of each lane, toward higher bits; `down` goes the other way.
    const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, -1), (1, 0), (1, 1)];
    let mut table = [const { Rays { up: [0; 4], down: [0; 4] } }; 64];
    let mut square = 0;
    while square < 64 {
        let mut lane = 0;
        while lane < 4 {
            let mut sign = 1;
            while sign >= -1 {
                let (mut row, mut col) = ((square / 8) as i32, (square % 8) as i32);
                let mut ray = 0u64;
                loop {
                    row += sign * DIRECTIONS[lane].0;
                    col += sign * DIRECTIONS[lane].1;
                    if row < 0 || row >= 8 || col < 0 || col >= 8 {
                        break;
                    }
                    ray |= 1 << (row * 8 + col);
                }
                if sign == 1 {
                    table[square].up[lane] = ray;
                } else {
                    table[square].down[lane] = ray;
                }
                sign -= 2;
            }
            lane += 1;
        }
        square += 1;
    }
    table
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
    fn moves_and_flips_agree_with_the_board_module() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            let (own, opp) = (a & b, !(a & b) & (next() | next()));
            let position = Position::new(own, opp);
            for square in squares(position.empty()) {
                assert_eq!(position.flips(square), bits::flips(own, opp, square), "{own:#x} {opp:#x} {square}");
            }
            assert_eq!(position.moves(), bits::moves(own, opp, position.empty()));
        }
    }

    #[test]
    fn the_final_score_gives_empty_squares_to_the_winner() {
        assert_eq!(Position::new(0b111, 0b1000).final_score(), 3 - 1 + 60);
        assert_eq!(Position::new(0b1, 0b110).final_score(), -(2 - 1 + 61));
        assert_eq!(Position::new(0b1, 0b10).final_score(), 0);
    }
}
