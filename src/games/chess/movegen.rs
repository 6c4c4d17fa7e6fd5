//! Legal move generation.
//!
//! Moves are generated legal, never generated and then tested: the pieces pinned to
//! their king and the pieces giving check are found first, and every target set is cut
//! to the squares that keep the king safe (the check mask and, for a pinned piece, the
//! line of its pin). The king's own targets are tested one by one with the king taken
//! off the board, so that it cannot hide behind itself from a slider. En passant, the one
//! capture that removes a piece from a square it does not land on, is tested by playing
//! it on the occupancy.
//!
//! Generation reports sets of moves to a [`Visitor`], so that counting (perft's last
//! ply) costs a population count per set and listing pays only when moves are wanted.

use super::attacks;
use super::board::{Bitboard, Color, Role, Square};
use super::position::{CastleSide, Move, Position};

/// Receives the legal moves of a position, a set at a time.
pub trait Visitor {
    /// The `role` on `from` may move to each square of `targets` (no promotions).
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard);
    /// Each square of `targets` is reached by a pawn from `delta` squares back
    /// (`to.index() - delta`); when `promote`, each is four moves, one per promotion.
    fn pawns(&mut self, targets: Bitboard, delta: i8, promote: bool);
    /// One move on its own (castling, en passant, a pinned pawn's move).
    fn one(&mut self, mv: Move);
}

/// The most legal moves any position has is 218; this leaves room to spare.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack.
#[derive(Clone, Debug)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        const NONE: Move = Move { from: Square::new(0), to: Square::new(0), role: Role::Pawn, promotion: None };
        MoveList { moves: [NONE; MAX_MOVES], len: 0 }
    }
}

impl MoveList {
    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves, in generation order.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Visitor for MoveList {
    #[inline]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move { from, to, role, promotion: None });
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i8, promote: bool) {
        for to in targets {
            let from = to.offset(-delta);
            if promote {
                for role in Role::PROMOTIONS {
                    self.push(Move { from, to, role: Role::Pawn, promotion: Some(role) });
                }
            } else {
                self.push(Move { from, to, role: Role::Pawn, promotion: None });
            }
        }
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        if mv.role == Role::Pawn && mv.promotion.is_some() {
            for role in Role::PROMOTIONS {
                self.push(Move { promotion: Some(role), ..mv });
            }
        } else {
            self.push(mv);
        }
    }
}

/// Counts moves without listing them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counter(pub u64);

impl Visitor for Counter {
    #[inline]
    fn piece(&mut self, _role: Role, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, _delta: i8, promote: bool) {
        self.0 += u64::from(targets.count()) * if promote { 4 } else { 1 };
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        self.0 += if mv.promotion.is_some() { 4 } else { 1 };
    }
}

impl Position {
    /// Every legal move, in a stable order.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        self.generate(&mut list);
        list
    }

    /// Number of legal moves.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// True when `color`'s pieces attack `square` with `occupied` as the blockers.
    #[inline]
    fn attacked_by(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        let b = self.board();
        (attacks::knight(square) & b.pieces(by, Role::Knight)).any()
            || (attacks::pawn(by.other(), square) & b.pieces(by, Role::Pawn)).any()
            || (attacks::king(square) & b.pieces(by, Role::King)).any()
            || (attacks::bishop(square, occupied) & b.diagonal_sliders(by)).any()
            || (attacks::rook(square, occupied) & b.straight_sliders(by)).any()
    }

    /// The side to move's pieces pinned to its king.
    #[inline]
    fn pinned(&self, king: Square) -> Bitboard {
        let b = self.board();
        let us = self.turn();
        let them = us.other();
        let occupied = b.occupied();
        let snipers = (attacks::rook(king, Bitboard::EMPTY) & b.straight_sliders(them))
            | (attacks::bishop(king, Bitboard::EMPTY) & b.diagonal_sliders(them));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & b.color(us);
            }
        }
        pinned
    }

    /// Reports every legal move to `visitor`.
    pub fn generate<V: Visitor>(&self, visitor: &mut V) {
        let b = self.board();
        let us = self.turn();
        let them = us.other();
        let ours = b.color(us);
        let occupied = b.occupied();
        let king = self.king(us);
        let checkers = self.attackers(king, them, occupied);

        // The king: every attacked-free target, judged with the king off the board.
        let without_king = occupied ^ king.bb();
        let mut king_targets = Bitboard::EMPTY;
        for to in attacks::king(king) & !ours {
            if !self.attacked_by(to, them, without_king) {
                king_targets |= to.bb();
            }
        }
        visitor.piece(Role::King, king, king_targets);
        if checkers.more_than_one() {
            return;
        }

        // Where a piece other than the king may go: anywhere not ours when not in check,
        // else onto the checker or between it and the king.
        let mask = match checkers.single() {
            Some(checker) => attacks::between(king, checker) | checker.bb(),
            None => !ours,
        };
        let pinned = self.pinned(king);
        let in_check = checkers.any();
        // A pinned piece can never answer a check, so in check only free pieces move.
        let movable = if in_check { ours & !pinned } else { ours };

        for from in b.role(Role::Knight) & ours & !pinned {
            visitor.piece(Role::Knight, from, attacks::knight(from) & mask);
        }
        for from in b.diagonal_sliders(us) & movable {
            let mut targets = attacks::bishop(from, occupied) & mask;
            if pinned.has(from) {
                targets &= attacks::line(king, from);
            }
            let role = if b.role(Role::Queen).has(from) { Role::Queen } else { Role::Bishop };
            visitor.piece(role, from, targets);
        }
        for from in b.straight_sliders(us) & movable {
            let mut targets = attacks::rook(from, occupied) & mask;
            if pinned.has(from) {
                targets &= attacks::line(king, from);
            }
            let role = if b.role(Role::Queen).has(from) { Role::Queen } else { Role::Rook };
            visitor.piece(role, from, targets);
        }

        self.pawn_moves(visitor, king, mask, pinned, movable);

        if !in_check {
            self.castling_moves(visitor, king);
        }
    }

    #[inline]
    fn pawn_moves<V: Visitor>(
        &self,
        visitor: &mut V,
        king: Square,
        mask: Bitboard,
        pinned: Bitboard,
        movable: Bitboard,
    ) {
        let b = self.board();
        let us = self.turn();
        let them = us.other();
        let theirs = b.color(them);
        let empty = !b.occupied();
        let pawns = b.pieces(us, Role::Pawn) & movable;
        let free = pawns & !pinned;
        let (forward, third_rank, last_rank): (i8, Bitboard, Bitboard) = match us {
            Color::White => (8, Bitboard::rank(2), Bitboard::rank(7)),
            Color::Black => (-8, Bitboard::rank(5), Bitboard::rank(0)),
        };

        let single = free.forward(us) & empty;
        let double = (single & third_rank).forward(us) & empty & mask;
        let single = single & mask;
        let west = free.west().forward(us) & theirs & mask;
        let east = free.east().forward(us) & theirs & mask;
        for (targets, delta) in [(single, forward), (west, forward - 1), (east, forward + 1)] {
            visitor.pawns(targets & !last_rank, delta, false);
            visitor.pawns(targets & last_rank, delta, true);
        }
        visitor.pawns(double, 2 * forward, false);

        // Pinned pawns (only when not in check, see `generate`) move along their pin.
        for from in pawns & pinned {
            let along = attacks::line(king, from);
            let push = from.bb().forward(us) & empty;
            let push2 = (push & third_rank).forward(us) & empty;
            let captures = attacks::pawn(us, from) & theirs;
            let targets = (push | push2 | captures) & along & mask;
            for to in targets {
                let promotion = last_rank.has(to).then_some(Role::Queen);
                visitor.one(Move { from, to, role: Role::Pawn, promotion });
            }
        }

        if let Some(square) = self.en_passant() {
            let taken = square.offset(-forward);
            for from in attacks::pawn(them, square) & b.pieces(us, Role::Pawn) {
                // Play it on the occupancy: the capture empties two squares of one rank,
                // which may open a line to the king no pin test sees.
                let occupied = (b.occupied() ^ from.bb() ^ taken.bb()) | square.bb();
                let attackers = (attacks::rook(king, occupied) & b.straight_sliders(them))
                    | (attacks::bishop(king, occupied) & b.diagonal_sliders(them))
                    | (attacks::knight(king) & b.pieces(them, Role::Knight))
                    | (attacks::pawn(us, king) & b.pieces(them, Role::Pawn) & !taken.bb());
                if attackers.is_empty() {
                    visitor.one(Move { from, to: square, role: Role::Pawn, promotion: None });
                }
            }
        }
    }

    #[inline]
    fn castling_moves<V: Visitor>(&self, visitor: &mut V, king: Square) {
        let castles = self.castles();
        if castles.is_empty() {
            return;
        }
        let us = self.turn();
        let them = us.other();
        let occupied = self.board().occupied();
        for side in CastleSide::BOTH {
            let Some(rook) = castles.rook(us, side) else { continue };
            let (king_to, rook_to) = side.destinations(us);
            let king_path = attacks::between(king, king_to) | king_to.bb();
            let rook_path = attacks::between(rook, rook_to) | rook_to.bb();
            let movers = king.bb() | rook.bb();
            if ((king_path | rook_path) & occupied & !movers).any() {
                continue;
            }
            // Judged without the castling rook too: in Chess960 it may be shielding a
            // square the king crosses or lands on from a slider behind it.
            let without_movers = occupied ^ movers;
            let safe = (king_path & !king.bb()).iter().all(|square| !self.attacked_by(square, them, without_movers));
            if safe {
                visitor.one(Move { from: king, to: rook, role: Role::King, promotion: None });
            }
        }
    }
}
