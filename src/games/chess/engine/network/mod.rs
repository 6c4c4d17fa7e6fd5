//! A neural evaluation, "efficiently updatable" (NNUE): one hidden layer over the 768
//! features of which piece stands on which square, seen from each side.
//!
//! Each side has its view of the board, the board as it sees it (turned over for Black)
//! with its own pieces first; a [`Accumulator`] holds the hidden layer's sums for both
//! views, `HIDDEN` values each. The evaluation clips both views to `0..=QA` and weighs
//! the side to move's view, then the other's, into one number. A move changes two to
//! four features, so a search updates the sums by those instead of adding up the board
//! again ([`Accumulator::update`]).
//!
//! The weights are trained in floating point by [`training`] and stored rounded to
//! integers (the feature weights times [`QA`], the output's times [`QB`]), so that the
//! sums are exact `i16` arithmetic and the evaluation depends on nothing but the board.
//!
//! Invariant: the evaluation is clamped to ±[`LIMIT`], far below a mate score.

mod stack;
pub mod training;

pub use stack::AccumulatorStack;

use super::super::board::{Board, Color, Role, Square};
use super::super::position::Position;

/// The features: 2 sides × 6 roles × 64 squares.
pub const FEATURES: usize = 768;
/// The hidden layer's width, for each view.
pub const HIDDEN: usize = 128;
/// The scale of the feature weights, biases and sums: a clipped sum of `QA` is 1.0.
pub const QA: i32 = 255;
/// The scale of the output weights (finer than the sums': an output weight is small, and
/// 256 of them add up).
pub const QB: i32 = 512;
/// Centipawns of an output of 1.0.
pub const SCALE: i32 = 400;
/// The largest evaluation in either direction.
pub const LIMIT: i32 = 10_000;

/// The quantised weights, in the order [`Network::to_bytes`] writes them.
pub struct Network {
    /// `feature_weights[feature * HIDDEN + i]`.
    feature_weights: Box<[i16]>,
    feature_bias: Box<[i16; HIDDEN]>,
    /// The side to move's view first, then the other's.
    output_weights: Box<[i16; 2 * HIDDEN]>,
    output_bias: i32,
}

/// What went wrong reading a network.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("a network is {expected} bytes; this one is {actual}")]
pub struct SizeError {
    expected: usize,
    actual: usize,
}

impl Network {
    /// The bytes a network takes: every weight little-endian, the output bias as `i32`.
    pub const BYTES: usize = 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

    /// The network written by [`Network::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, SizeError> {
        if bytes.len() != Self::BYTES {
            return Err(SizeError { expected: Self::BYTES, actual: bytes.len() });
        }
        let (words, bias) = bytes.split_at(Self::BYTES - 4);
        let mut values = words.chunks_exact(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let feature_weights: Box<[i16]> = values.by_ref().take(FEATURES * HIDDEN).collect();
        let mut feature_bias = Box::new([0; HIDDEN]);
        feature_bias.iter_mut().zip(values.by_ref()).for_each(|(slot, value)| *slot = value);
        let mut output_weights = Box::new([0; 2 * HIDDEN]);
        output_weights.iter_mut().zip(values).for_each(|(slot, value)| *slot = value);
        let output_bias = i32::from_le_bytes(bias.try_into().expect("four bytes"));
        Ok(Network { feature_weights, feature_bias, output_weights, output_bias })
    }

    /// The network as bytes, for [`Network::from_bytes`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(Self::BYTES);
        let words = self.feature_weights.iter().chain(self.feature_bias.iter()).chain(self.output_weights.iter());
        words.for_each(|value| bytes.extend_from_slice(&value.to_le_bytes()));
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        bytes
    }

    /// The sums of `board`, added up from nothing.
    pub fn accumulate(&self, board: &Board) -> Accumulator {
        let mut accumulator = Accumulator { views: [*self.feature_bias; 2] };
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for square in board.pieces(color, role) {
                    accumulator.apply(self, color, role, square, i16::wrapping_add);
                }
            }
        }
        accumulator
    }

    /// The evaluation for the side to move, `turn`, of the board whose sums are
    /// `accumulator`, in centipawns.
    pub fn evaluate(&self, accumulator: &Accumulator, turn: Color) -> i32 {
        let (ours, theirs) = (&accumulator.views[turn.index()], &accumulator.views[turn.other().index()]);
        let (ours_weights, theirs_weights) = self.output_weights.split_at(HIDDEN);
        let clipped = |sum: i16| i32::from(sum).clamp(0, QA);
        let weigh = |sums: &[i16; HIDDEN], weights: &[i16]| -> i32 {
            sums.iter().zip(weights).map(|(&sum, &weight)| clipped(sum) * i32::from(weight)).sum()
        };
        let raw = weigh(ours, ours_weights) + weigh(theirs, theirs_weights) + self.output_bias;
        (raw as i64 * SCALE as i64 / (QA * QB) as i64).clamp(-LIMIT as i64, LIMIT as i64) as i32
    }

    /// The evaluation of `position` for the side to move, added up from nothing.
    pub fn evaluate_position(&self, position: &Position) -> i32 {
        self.evaluate(&self.accumulate(position.board()), position.turn())
    }

    fn row(&self, feature: usize) -> &[i16] {
        &self.feature_weights[feature * HIDDEN..(feature + 1) * HIDDEN]
    }
}

/// The feature of a `color` `role` on `square` in `view`'s view: its own pieces first,
/// the board turned over for Black.
pub fn feature(view: Color, color: Color, role: Role, square: Square) -> usize {
    let side = usize::from(color != view);
    let square = if view == Color::White { square.index() } else { square.index() ^ 56 };
    (side * 6 + role.index()) * 64 + square
}

/// The hidden layer's sums for both views (White's, Black's) of one board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Accumulator {
    views: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// Adds (`wrapping_add`) or takes away (`wrapping_sub`) the rows of a `color` `role`
    /// on `square`, in both views.
    fn apply(&mut self, network: &Network, color: Color, role: Role, square: Square, op: fn(i16, i16) -> i16) {
        for view in [Color::White, Color::Black] {
            let row = network.row(feature(view, color, role, square));
            self.views[view.index()].iter_mut().zip(row).for_each(|(sum, &weight)| *sum = op(*sum, weight));
        }
    }

    /// The sums of `to` from those of `from` (this accumulator's board): by the pieces
    /// that differ, which after a move are two to four.
    pub fn update(&self, network: &Network, from: &Board, to: &Board) -> Accumulator {
        let mut next = self.clone();
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let (before, after) = (from.pieces(color, role), to.pieces(color, role));
                if before == after {
                    continue;
                }
                for square in before & !after {
                    next.apply(network, color, role, square, i16::wrapping_sub);
                }
                for square in after & !before {
                    next.apply(network, color, role, square, i16::wrapping_add);
                }
            }
        }
        next
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::Network;
    use crate::engine::bot::BotRng;

    /// A network of small pseudo-random weights.
    pub fn random_network(seed: u64) -> Network {
        let mut rng = BotRng::new(seed);
        let mut bytes = Vec::with_capacity(Network::BYTES);
        for _ in 0..(Network::BYTES - 4) / 2 {
            let value = (rng.below(161) as i16) - 80;
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.extend_from_slice(&1234i32.to_le_bytes());
        Network::from_bytes(&bytes).expect("the size of a network")
    }
}

#[cfg(test)]
mod tests;
