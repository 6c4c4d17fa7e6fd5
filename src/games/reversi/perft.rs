//! Perft: the number of leaves of the game tree to a fixed depth, the standard check of
//! a move generator against published counts, and its usual speed measure.
//!
//! Counting follows the published Othello tables: a forced pass is one ply, and a
//! finished game (two passes in a row, or a full board) is a leaf whatever depth is
//! left. The last ply is counted in bulk: at one ply from the end the moves of each
//! position are counted, not played; a position with no move counts once (its pass, or
//! itself when the game is over).
//!
//! From the standard 8×8 Othello start the counts for depths 1 to 11 are 4, 12, 56,
//! 244, 1396, 8200, 55092, 390216, 3005288, 24571284 and 212258800.

use crate::engine::{Action, Rules, Seat};

use super::Reversi;
use super::board::Board;

/// Leaves of the game tree `depth` plies below `position` (1 for depth 0), by the
/// fastest path for its board: bitboards up to 8×8, the array board beyond.
///
/// A position comes from [`Reversi::new`] (`Rules::new`) with a [`Config`](super::Config)
/// and any moves applied to it.
pub fn perft(position: &Reversi, depth: u32) -> u64 {
    if depth == 0 || position.outcome.is_some() {
        return 1;
    }
    if position.in_opening() {
        // The free opening's placements: few, and no board path knows them.
        return children(position).map(|(_, child)| perft(&child, depth - 1)).sum();
    }
    match &position.board {
        Board::Bits(board) => {
            let (own, opp, blocked) = board.parts(position.turn);
            super::bits::perft(own, opp, blocked, depth, position.passed)
        }
        Board::Array(board) => board.clone().perft(position.turn, depth, position.passed, &mut Vec::new()),
    }
}

/// [`perft`] on the array board whatever the board's size: the reference path, for
/// checking and measuring the bitboard against.
pub fn perft_general(position: &Reversi, depth: u32) -> u64 {
    perft(&position.on_array(), depth)
}

/// Each legal move of the seat to act in `position` with the leaf count `depth - 1`
/// plies below it, in [`Rules::legal_moves`] order; the counts add up to
/// `perft(position, depth)`. Empty for depth 0 or a finished game.
pub fn divide(position: &Reversi, depth: u32) -> Vec<(Action, u64)> {
    if depth == 0 || position.outcome.is_some() {
        return Vec::new();
    }
    children(position).map(|(action, child)| (action, perft(&child, depth - 1))).collect()
}

/// Each legal move and the position it leads to.
fn children(position: &Reversi) -> impl Iterator<Item = (Action, Reversi)> + '_ {
    let seat: Seat = position.turn;
    position.legal_moves(seat).into_iter().map(move |action| {
        let mut child = position.clone();
        child.play_move(seat, &action).expect("a listed move is accepted");
        (action, child)
    })
}
