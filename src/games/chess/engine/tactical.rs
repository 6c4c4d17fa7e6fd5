//! The moves quiescence search tries: captures (en passant included) and promotions to
//! a queen, generated legal by the game's own move generator through a visitor that
//! keeps only those.

use super::super::board::{Bitboard, Role, Square};
use super::super::movegen::{MAX_MOVES, Visitor};
use super::super::position::{Move, Position};

/// The captures and queen promotions of a position, on the stack.
pub struct TacticalMoves {
    enemy: Bitboard,
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl TacticalMoves {
    /// Every legal capture and queen promotion of `position`, in generation order.
    pub fn of(position: &Position) -> TacticalMoves {
        const NONE: Move = Move { from: Square::new(0), to: Square::new(0), role: Role::Pawn, promotion: None };
        let enemy = position.board().color(position.turn().other());
        let mut list = TacticalMoves { enemy, moves: [NONE; MAX_MOVES], len: 0 };
        position.generate(&mut list);
        list
    }

    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

impl Visitor for TacticalMoves {
    #[inline]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets & self.enemy {
            self.push(Move { from, to, role, promotion: None });
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i8, promote: bool) {
        // Pushes (straight ahead, one or two ranks) count only when they promote.
        let push = delta.unsigned_abs().is_multiple_of(8);
        if push && !promote {
            return;
        }
        for to in targets {
            let promotion = promote.then_some(Role::Queen);
            self.push(Move { from: to.offset(-delta), to, role: Role::Pawn, promotion });
        }
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        // Castling (onto an own rook) is neither; en passant lands on an empty square
        // but is a capture, and the generator sends it here alone of pawn moves that do.
        let en_passant = mv.role == Role::Pawn && mv.from.file() != mv.to.file() && !self.enemy.has(mv.to);
        if self.enemy.has(mv.to) || en_passant || mv.promotion.is_some() {
            let promotion = mv.promotion.map(|_| Role::Queen);
            self.push(Move { promotion, ..mv });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    /// The captures and queen promotions among all legal moves, the slow way.
    fn expected(position: &Position) -> Vec<Move> {
        let mut moves: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| {
                let takes = position.is_capture(mv) && !position.is_castling(mv);
                (takes && mv.promotion.is_none()) || mv.promotion == Some(Role::Queen)
            })
            .collect();
        moves.sort_by_key(|mv| (mv.from, mv.to));
        moves
    }

    #[test]
    fn exactly_the_captures_and_queen_promotions_are_listed() {
        for text in [
            fen::STANDARD,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "3k4/8/8/K1pP3r/8/8/8/8 w - c6 0 1",
        ] {
            let position = fen::parse(text, false).unwrap();
            let mut listed = TacticalMoves::of(&position).as_slice().to_vec();
            listed.sort_by_key(|mv| (mv.from, mv.to));
            assert_eq!(listed, expected(&position), "{text}");
        }
    }
}
