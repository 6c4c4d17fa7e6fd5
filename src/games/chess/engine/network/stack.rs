//! The network sums along a search's current path, made only for the plies evaluated.

use super::super::super::board::{Board, Color};
use super::{Accumulator, Network};

/// The board at each ply of a search's current path, and its sums once made.
///
/// Invariant: `sums[ply]`, when made, are the sums of `boards[ply]`; [`enter`]ing a
/// ply forgets its sums.
///
/// [`enter`]: AccumulatorStack::enter
pub struct AccumulatorStack<'a> {
    network: &'a Network,
    boards: Box<[Board]>,
    sums: Box<[Option<Accumulator>]>,
}

impl<'a> AccumulatorStack<'a> {
    /// Past this many moves, adding up afresh costs less than updating.
    const MOST_UPDATES: usize = 6;

    /// A stack for paths of up to `plies` plies (the root's included).
    pub fn new(network: &'a Network, plies: usize) -> AccumulatorStack<'a> {
        AccumulatorStack {
            network,
            boards: vec![Board::default(); plies].into_boxed_slice(),
            sums: vec![None; plies].into_boxed_slice(),
        }
    }

    /// Records `board` as the one at `ply` of the current path, its sums not yet made.
    #[inline]
    pub fn enter(&mut self, board: &Board, ply: usize) {
        self.boards[ply] = *board;
        self.sums[ply] = None;
    }

    /// The evaluation for the side to move, `turn`, of the board at `ply`.
    pub fn evaluate(&mut self, ply: usize, turn: Color) -> i32 {
        self.make(ply);
        let sums = self.sums[ply].as_ref().expect("made");
        self.network.evaluate(sums, turn)
    }

    /// Makes the sums at `ply`: updated from the nearest ply above whose sums are made,
    /// when that is a few moves up, else added up afresh.
    fn make(&mut self, ply: usize) {
        if self.sums[ply].is_some() {
            return;
        }
        let above = ply.saturating_sub(Self::MOST_UPDATES)..ply;
        match above.rev().find(|&above| self.sums[above].is_some()) {
            Some(made) => {
                for next in made + 1..=ply {
                    let sums = self.sums[next - 1].as_ref().expect("made just above");
                    let updated = sums.update(self.network, &self.boards[next - 1], &self.boards[next]);
                    self.sums[next] = Some(updated);
                }
            }
            None => self.sums[ply] = Some(self.network.accumulate(&self.boards[ply])),
        }
        debug_assert_eq!(
            self.sums[ply],
            Some(self.network.accumulate(&self.boards[ply])),
            "sums of the board at {ply}"
        );
    }
}
