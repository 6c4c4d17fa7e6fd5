//! A chess position (placement, side to move, castling rights, en-passant square, move
//! counters and hash) and how a move changes it.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::attacks;
use super::board::{Bitboard, Board, Color, Role, Square};
use super::zobrist;

/// A move as the engine stores it.
///
/// Castling is stored as the king capturing its own rook (`to` is the rook's square), so
/// that standard chess and Chess960 castle alike; the wire form is chosen elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes; for castling, the castling rook's square.
    pub to: Square,
    /// What moves (the king, for castling).
    pub role: Role,
    /// What a pawn reaching the last rank becomes.
    pub promotion: Option<Role>,
}

/// A side of the board to castle towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file (O-O): the king ends on g, the rook on f.
    King,
    /// Towards the a-file (O-O-O): the king ends on c, the rook on d.
    Queen,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// Where the king and the rook end up when `color` castles to this side.
    pub const fn destinations(self, color: Color) -> (Square, Square) {
        let rank = color.back_rank();
        match self {
            CastleSide::King => (Square::from_coords(6, rank), Square::from_coords(5, rank)),
            CastleSide::Queen => (Square::from_coords(2, rank), Square::from_coords(3, rank)),
        }
    }

    /// The side a rook on `rook` lies on, seen from a king on `king` of the same rank.
    pub fn of(king: Square, rook: Square) -> CastleSide {
        if rook.file() > king.file() { CastleSide::King } else { CastleSide::Queen }
    }
}

/// The castling rights still held, each with the square of its rook.
///
/// Invariant: a right is held only while the king and that rook have never moved, so a
/// held right always names a square with a rook of its colour, on the back rank, on its
/// side of the king; the rook square of a right not held is a1 (canonical, so that equal
/// rights compare equal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Castles {
    rights: u8,
    rooks: [Square; 4],
}

impl Default for Castles {
    fn default() -> Castles {
        Castles { rights: 0, rooks: [Square::new(0); 4] }
    }
}

impl Castles {
    const fn slot(color: Color, side: CastleSide) -> usize {
        color.index() * 2 + side as usize
    }

    /// The rights as a 4-bit mask (White king side, White queen side, Black king side,
    /// Black queen side), for hashing.
    pub const fn mask(self) -> u8 {
        self.rights
    }

    /// The rook `color` would castle with towards `side`, if that right is held.
    #[inline]
    pub fn rook(self, color: Color, side: CastleSide) -> Option<Square> {
        let slot = Castles::slot(color, side);
        (self.rights & (1 << slot) != 0).then_some(self.rooks[slot])
    }

    /// Grants `color` the right to castle towards `side` with the rook on `rook`.
    pub fn grant(&mut self, color: Color, side: CastleSide, rook: Square) {
        let slot = Castles::slot(color, side);
        self.rights |= 1 << slot;
        self.rooks[slot] = rook;
    }

    /// Drops both of `color`'s rights.
    pub fn discard_color(&mut self, color: Color) {
        for side in CastleSide::BOTH {
            self.discard(Castles::slot(color, side));
        }
    }

    fn discard(&mut self, slot: usize) {
        self.rights &= !(1 << slot);
        self.rooks[slot] = Square::new(0);
    }

    /// Drops every right whose rook square is in `touched` (a rook moved away or was
    /// captured there).
    #[inline]
    fn discard_touched(&mut self, touched: Bitboard) {
        for slot in 0..4 {
            if self.rights & (1 << slot) != 0 && touched.has(self.rooks[slot]) {
                self.discard(slot);
            }
        }
    }

    /// True when no right is held.
    pub const fn is_empty(self) -> bool {
        self.rights == 0
    }
}

/// A position.
///
/// Invariants: each side has exactly one king; the side not to move is not in check; the
/// en-passant square is set only right after a double pawn push and only when a pawn of
/// the side to move stands beside the pushed pawn (so that it could capture, pins aside);
/// `hash` is the XOR of the Zobrist keys of everything above but the move counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    board: Board,
    turn: Color,
    castles: Castles,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
}

impl Position {
    /// A position from its parts, which the caller has checked against the invariants.
    pub(super) fn from_parts(
        board: Board,
        turn: Color,
        castles: Castles,
        en_passant: Option<Square>,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Position {
        let mut position =
            Position { board, turn, castles, en_passant: None, halfmove_clock, fullmove_number, hash: 0 };
        position.en_passant = en_passant.filter(|&square| position.could_capture_en_passant(square));
        position.hash = position.compute_hash();
        position
    }

    /// Where the pieces stand.
    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights held.
    #[inline]
    pub const fn castles(&self) -> Castles {
        self.castles
    }

    /// The square a pawn may capture en passant on (pins aside), if any.
    #[inline]
    pub const fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after each Black move.
    #[inline]
    pub const fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist hash of placement, side to move, castling rights and en-passant square.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.board.pieces(color, Role::King).lsb()
    }

    /// `by`'s pieces that attack `square` when `occupied` holds the pieces.
    #[inline]
    pub fn attackers(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        ((attacks::knight(square) & b.role(Role::Knight))
            | (attacks::king(square) & b.role(Role::King))
            | (attacks::pawn(by.other(), square) & b.role(Role::Pawn))
            | (attacks::bishop(square, occupied) & (b.role(Role::Bishop) | b.role(Role::Queen)))
            | (attacks::rook(square, occupied) & (b.role(Role::Rook) | b.role(Role::Queen))))
            & b.color(by)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king(self.turn), self.turn.other(), self.board.occupied())
    }

    /// True when the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// True when `mv` is castling (the king moving onto its own rook).
    #[inline]
    pub fn is_castling(&self, mv: Move) -> bool {
        mv.role == Role::King && self.board.color(self.turn).has(mv.to)
    }

    /// True when `mv` takes a piece, en passant included.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board.color(self.turn.other()).has(mv.to) || self.is_en_passant(mv)
    }

    /// True when `mv` is an en-passant capture.
    pub fn is_en_passant(&self, mv: Move) -> bool {
        mv.role == Role::Pawn && Some(mv.to) == self.en_passant && mv.from.file() != mv.to.file()
    }

    /// Where the king of a castling move `mv` ends up.
    pub fn castling_king_destination(&self, mv: Move) -> Square {
        CastleSide::of(mv.from, mv.to).destinations(self.turn).0
    }

    /// True when a pawn of the side to move stands where it could take en passant on
    /// `square`, ignoring pins.
    fn could_capture_en_passant(&self, square: Square) -> bool {
        (attacks::pawn(self.turn.other(), square) & self.board.pieces(self.turn, Role::Pawn)).any()
    }

    /// Plays `mv`, which must be legal in this position.
    pub fn play(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.other();
        let mut hash = self.hash ^ zobrist::black_to_move() ^ zobrist::castling(self.castles.mask());
        let en_passant = self.en_passant.take();
        if let Some(square) = en_passant {
            hash ^= zobrist::en_passant(square.file());
        }
        self.halfmove_clock += 1;

        if mv.role == Role::King {
            if self.board.color(us).has(mv.to) {
                let (king_to, rook_to) = CastleSide::of(mv.from, mv.to).destinations(us);
                self.board.toggle(mv.from, us, Role::King);
                self.board.toggle(mv.to, us, Role::Rook);
                self.board.toggle(king_to, us, Role::King);
                self.board.toggle(rook_to, us, Role::Rook);
                hash ^= zobrist::piece(us, Role::King, mv.from)
                    ^ zobrist::piece(us, Role::King, king_to)
                    ^ zobrist::piece(us, Role::Rook, mv.to)
                    ^ zobrist::piece(us, Role::Rook, rook_to);
                self.castles.discard_color(us);
                return self.finish(hash);
            }
            self.castles.discard_color(us);
        }

        if self.board.color(them).has(mv.to) {
            let captured = self.board.role_at(mv.to).expect("a coloured square holds a piece");
            self.board.toggle(mv.to, them, captured);
            hash ^= zobrist::piece(them, captured, mv.to);
            self.halfmove_clock = 0;
        }
        self.board.shift(mv.from, mv.to, us, mv.role);
        hash ^= zobrist::piece(us, mv.role, mv.from) ^ zobrist::piece(us, mv.role, mv.to);

        if mv.role == Role::Pawn {
            self.halfmove_clock = 0;
            let forward: i8 = if us == Color::White { 8 } else { -8 };
            if Some(mv.to) == en_passant {
                let taken = mv.to.offset(-forward);
                self.board.toggle(taken, them, Role::Pawn);
                hash ^= zobrist::piece(them, Role::Pawn, taken);
            } else if mv.to.index().abs_diff(mv.from.index()) == 16 {
                let skipped = mv.from.offset(forward);
                if (attacks::pawn(us, skipped) & self.board.pieces(them, Role::Pawn)).any() {
                    self.en_passant = Some(skipped);
                    hash ^= zobrist::en_passant(skipped.file());
                }
            } else if let Some(promotion) = mv.promotion {
                self.board.toggle(mv.to, us, Role::Pawn);
                self.board.toggle(mv.to, us, promotion);
                hash ^= zobrist::piece(us, Role::Pawn, mv.to) ^ zobrist::piece(us, promotion, mv.to);
            }
        }
        if !self.castles.is_empty() {
            self.castles.discard_touched(mv.from.bb() | mv.to.bb());
        }
        self.finish(hash);
    }

    /// Passes the turn to the other side without moving (a "null move"), for searches
    /// that ask whether moving at all helps; never part of a game. The side to move must
    /// not be in check (the other side would then be left in check). The halfmove clock
    /// starts afresh, so that no repetition is ever counted across the pass.
    pub fn play_null(&mut self) {
        debug_assert!(!self.is_check(), "a null move out of check");
        let mut hash = self.hash ^ zobrist::black_to_move();
        if let Some(square) = self.en_passant.take() {
            hash ^= zobrist::en_passant(square.file());
        }
        self.halfmove_clock = 0;
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = self.turn.other();
        self.hash = hash;
    }

    fn finish(&mut self, hash: u64) {
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = self.turn.other();
        self.hash = hash ^ zobrist::castling(self.castles.mask());
    }

    /// The hash computed from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::castling(self.castles.mask());
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for square in self.board.pieces(color, role) {
                    hash ^= zobrist::piece(color, role, square);
                }
            }
        }
        if let Some(square) = self.en_passant {
            hash ^= zobrist::en_passant(square.file());
        }
        if self.turn == Color::Black {
            hash ^= zobrist::black_to_move();
        }
        hash
    }

    /// The hash with the en-passant square left out: two positions whose only difference
    /// is an en-passant square no legal move can use are the same for repetition.
    pub fn hash_without_en_passant(&self) -> u64 {
        match self.en_passant {
            Some(square) => self.hash ^ zobrist::en_passant(square.file()),
            None => self.hash,
        }
    }
}

impl fmt::Display for Move {
    /// Coordinates, `e2e4` or `e7e8q`; castling shows the king taking its rook.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}
