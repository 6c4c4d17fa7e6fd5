//! The static evaluation: how good a position is for the side to move, as an estimate
//! of the final disc difference in hundredths of a disc ([`DISC`]).
//!
//! It adds up, each weighted by how far the game has gone (the weights slide linearly
//! from the opening, 60 empty squares, to the end, none):
//! - **mobility**: moves each side has now (a corner move counting double), the
//!   difference;
//! - **potential mobility**: empty squares next to the other side's discs, where moves
//!   may come from later, against those next to one's own (the frontier);
//! - **corners** held;
//! - **X and C squares** (the diagonal and edge neighbours of a corner) held while the
//!   corner is empty, which tend to give the corner away;
//! - **stable discs** (see [`stability`](super::stability)), which are won for good;
//! - **parity**: with an odd number of empty squares the side to move expects the last
//!   move of the game;
//! - the **disc difference** itself, which matters only near the end.
//!
//! The weights are set by hand, in discs, and checked against exact endgame scores (see
//! the `reversi_engine` benchmark): they are approximate discs, not a calibrated
//! prediction.

use super::position::Position;
use super::stability::stable;

/// One disc of final difference, in the evaluation's units.
pub const DISC: i32 = 100;

/// The largest magnitude an evaluation takes: below any decided game's final score
/// (at least 1 disc), so that a proven result always outranks a guess of the same sign.
pub const MAX_EVAL: i32 = 63 * DISC;

/// Column `a`.
const COL_A: u64 = 0x0101_0101_0101_0101;
/// Column `h`.
const COL_H: u64 = 0x8080_8080_8080_8080;
/// a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The X square (diagonal neighbour) and the C squares (edge neighbours) of each corner.
const CORNER_NEIGHBOURS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 57) | (1 << 48)),
    (1 << 63, 1 << 54, (1 << 62) | (1 << 55)),
];

/// The squares next to any of `set` in the eight directions (`set` itself excluded only
/// where no square of it is next to another).
#[inline(always)]
pub fn neighbours(set: u64) -> u64 {
    let east_west = ((set << 1) & !COL_A) | ((set >> 1) & !COL_H);
    let row = set | east_west;
    east_west | (row << 8) | (row >> 8)
}

/// Weights, in hundredths of a disc, at the opening (`early`) and at the end (`late`).
struct Weight {
    early: i32,
    late: i32,
}

impl Weight {
    /// The weight `empties` empty squares from the end.
    #[inline(always)]
    fn at(&self, empties: i32) -> i32 {
        (self.early * empties + self.late * (60 - empties)) / 60
    }
}

const MOBILITY: Weight = Weight { early: 90, late: 60 };
const POTENTIAL_MOBILITY: Weight = Weight { early: 30, late: 10 };
const CORNER: Weight = Weight { early: 800, late: 300 };
const X_SQUARE: Weight = Weight { early: -500, late: -150 };
const C_SQUARE: Weight = Weight { early: -150, late: -50 };
const STABLE: Weight = Weight { early: 150, late: 100 };
const PARITY: Weight = Weight { early: 0, late: 200 };
const DISCS: Weight = Weight { early: -10, late: 60 };

/// The parts of an evaluation, each a difference between the side to move and the other
/// side (in counts, before weighting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub mobility: i32,
    pub potential_mobility: i32,
    pub corners: i32,
    pub x_squares: i32,
    pub c_squares: i32,
    pub stable: i32,
    pub parity: i32,
    pub discs: i32,
}

/// The features of `position`.
pub fn features(position: Position) -> Features {
    let (own, opp, empty) = (position.own(), position.opp(), position.empty());
    let (own_moves, opp_moves) = (position.moves(), position.opponent_moves());
    let count = |set: u64| set.count_ones() as i32;
    let mobility = count(own_moves) + count(own_moves & CORNERS) - count(opp_moves) - count(opp_moves & CORNERS);
    let potential_mobility = count(empty & neighbours(opp)) - count(empty & neighbours(own));
    let (mut x_squares, mut c_squares) = (0, 0);
    for (corner, x, c) in CORNER_NEIGHBOURS {
        if empty & corner != 0 {
            x_squares += count(own & x) - count(opp & x);
            c_squares += count(own & c) - count(opp & c);
        }
    }
    let filled = own | opp;
    Features {
        mobility,
        potential_mobility,
        corners: count(own & CORNERS) - count(opp & CORNERS),
        x_squares,
        c_squares,
        stable: count(stable(own, filled)) - count(stable(opp, filled)),
        parity: if position.empties() % 2 == 1 { 1 } else { -1 },
        discs: count(own) - count(opp),
    }
}

/// The evaluation of `position` for the side to move, in hundredths of a disc, within
/// `-MAX_EVAL..=MAX_EVAL`. For a position whose side to move has a move or must pass;
/// a finished game is scored by [`Position::final_score`] instead.
pub fn evaluate(position: Position) -> i32 {
    let f = features(position);
    let empties = position.empties() as i32;
    let score = MOBILITY.at(empties) * f.mobility
        + POTENTIAL_MOBILITY.at(empties) * f.potential_mobility
        + CORNER.at(empties) * f.corners
        + X_SQUARE.at(empties) * f.x_squares
        + C_SQUARE.at(empties) * f.c_squares
        + STABLE.at(empties) * f.stable
        + PARITY.at(empties) * f.parity
        + DISCS.at(empties) * f.discs;
    score.clamp(-MAX_EVAL, MAX_EVAL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even() {
        assert_eq!(evaluate(Position::start()), -PARITY.at(60));
        let f = features(Position::start());
        assert_eq!((f.mobility, f.corners, f.stable, f.discs), (0, 0, 0, 0));
    }

    #[test]
    fn neighbours_do_not_wrap_around_the_sides() {
        // h1's neighbours are g1, g2 and h2, not a2.
        assert_eq!(neighbours(1 << 7), (1 << 6) | (1 << 14) | (1 << 15));
        // d4's are the eight around it.
        let d4 = 1u64 << 27;
        assert_eq!(neighbours(d4).count_ones(), 8);
        assert_eq!(neighbours(d4) & d4, 0);
    }

    #[test]
    fn a_corner_is_worth_more_than_an_x_square() {
        // The same discs, once with a corner and once with the X square next to it empty.
        let base = Position::new(1 << 27 | 1 << 36, 1 << 28 | 1 << 35);
        let with_corner = Position::new(base.own() | 1, base.opp());
        let with_x = Position::new(base.own() | 1 << 9, base.opp());
        assert!(evaluate(with_corner) > evaluate(base));
        assert!(evaluate(with_x) < evaluate(base));
        assert_eq!(evaluate(with_corner.pass()), -evaluate(with_corner) + 2 * PARITY.at(59));
    }
}
