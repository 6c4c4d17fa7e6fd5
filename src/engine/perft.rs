//! Counting a game tree through the erased interface every game implements, so that any
//! rule set can be held against published counts (a game's own fast path counts the same
//! tree faster where it has one).
//!
//! A ply is one move of one seat: where several seats may act at once (Battleship's
//! placement), each move of each of them is a child. A game that ends before the depth is
//! a leaf where it ends, so the count at a depth past every ending is the number of games.

use super::{AnyMatch, Turn};

/// The leaves of `game`'s tree `depth` plies deep, counting a game that ended earlier as
/// one leaf.
pub fn perft(game: &dyn AnyMatch, depth: u32) -> u64 {
    if depth == 0 || game.outcome().is_some() {
        return 1;
    }
    children(game).iter().map(|child| perft(child.as_ref(), depth - 1)).sum()
}

/// [`perft`] below each first move, with the move described as the game writes it.
pub fn divide(game: &dyn AnyMatch, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 || game.outcome().is_some() {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for seat in game.to_act() {
        for action in game.legal_moves(seat) {
            let label = game.machine_notation(&action).unwrap_or_else(|| game.describe(&action));
            let mut child = game.clone_box();
            child.play(&Turn::Move(seat, action)).expect("a listed move is legal");
            lines.push((label, perft(child.as_ref(), depth - 1)));
        }
    }
    lines
}

fn children(game: &dyn AnyMatch) -> Vec<Box<dyn AnyMatch>> {
    let mut children = Vec::new();
    for seat in game.to_act() {
        for action in game.legal_moves(seat) {
            let mut child = game.clone_box();
            child.play(&Turn::Move(seat, action)).expect("a listed move is legal");
            children.push(child);
        }
    }
    children
}
