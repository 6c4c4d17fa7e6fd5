//! The board representation: squares, colours, piece roles, bitboards and the piece
//! placement itself.
//!
//! Squares are numbered from a1 = 0 to h8 = 63 (file-major within a rank), so rank 1 is
//! the low byte of a bitboard. Engine cells count rows from the top as White sees the
//! board: row 0 is rank 8, column 0 is file a.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use serde::{Deserialize, Serialize};

use crate::engine::Cell;

/// One of the 64 squares; the value is always below 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The square with `index` (a1 = 0, b1 = 1, …, h8 = 63); `index` must be below 64.
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1); both must be below 8.
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }

    /// Zero-based index, for tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 = a.
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank, 0 = rank 1.
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// This square alone.
    pub const fn bb(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The square `delta` indices away, which the caller knows to be on the board.
    pub const fn offset(self, delta: i8) -> Square {
        Square((self.0 as i8 + delta) as u8)
    }

    /// Parses `e4`-style names.
    pub fn parse(name: &str) -> Option<Square> {
        match name.as_bytes() {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(Square::from_coords(file - b'a', rank - b'1')),
            _ => None,
        }
    }

    /// The engine cell of this square.
    pub const fn cell(self) -> Cell {
        Cell::new(7 - self.rank() as u32, self.file() as u32)
    }

    /// The square of an engine cell, `None` off the board.
    pub fn from_cell(cell: Cell) -> Option<Square> {
        (cell.row < 8 && cell.col < 8).then(|| Square::from_coords(cell.col as u8, 7 - cell.row as u8))
    }

    /// The file's letter.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank's digit.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// A side. White is seat 1 on the wire (the engine's first seat) and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// 0 for White, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank (0-based) on which this side's pieces start.
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// `rank` counted from this side's back rank (0 there, 7 at the far end).
    pub const fn relative_rank(self, rank: u8) -> u8 {
        rank.abs_diff(self.back_rank())
    }

    /// The word for people.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// What kind of piece something is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// What a pawn may promote to, in the order moves are listed.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 for pawns up to 5 for kings.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter of FEN and UCI (`p`, `n`, `b`, `r`, `q`, `k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a FEN/UCI letter, in either case.
    pub fn from_char(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.char() == c.to_ascii_lowercase())
    }

    /// The word for people.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A set of squares, one bit per square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);

    /// Every square of rank `rank` (0 = rank 1).
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * rank))
    }

    /// Every square of file `file` (0 = a).
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Bitboard::FILE_A.0 << file)
    }

    /// True when no square is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when some square is in the set.
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// True when `square` is in the set.
    pub const fn has(self, square: Square) -> bool {
        self.0 & (1 << square.0) != 0
    }

    /// Number of squares.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set has two squares or more.
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square; the set must not be empty.
    pub const fn lsb(self) -> Square {
        Square(self.0.trailing_zeros() as u8)
    }

    /// The single square of a one-square set, `None` otherwise.
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() { Some(self.lsb()) } else { None }
    }

    /// Every square one rank up (towards rank 8); squares on rank 8 drop off.
    pub const fn up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square one rank down; squares on rank 1 drop off.
    pub const fn down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// One rank forward from `color`'s point of view.
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => self.up(),
            Color::Black => self.down(),
        }
    }

    /// Every square one file towards a; the a-file drops off.
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_A.0) >> 1)
    }

    /// Every square one file towards h; the h-file drops off.
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_H.0) << 1)
    }

    /// The squares, lowest first.
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),+) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $op other.0;
            }
        }
    )+};
}

bit_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Where the pieces stand: one set per role and one per colour.
///
/// Invariant: the role sets are disjoint, the colour sets are disjoint, and their unions
/// are equal (every piece has exactly one role and one colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Board {
    roles: [Bitboard; 6],
    colors: [Bitboard; 2],
}

impl Board {
    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub const fn pieces(&self, color: Color, role: Role) -> Bitboard {
        Bitboard(self.roles[role.index()].0 & self.colors[color.index()].0)
    }

    /// The squares of every piece of `role`, both colours.
    #[inline]
    pub const fn role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub const fn color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.colors[0].0 | self.colors[1].0)
    }

    /// Bishops and queens of `color`: the pieces that slide diagonally.
    #[inline]
    pub const fn diagonal_sliders(&self, color: Color) -> Bitboard {
        Bitboard(
            (self.roles[Role::Bishop.index()].0 | self.roles[Role::Queen.index()].0) & self.colors[color.index()].0,
        )
    }

    /// Rooks and queens of `color`: the pieces that slide along ranks and files.
    #[inline]
    pub const fn straight_sliders(&self, color: Color) -> Bitboard {
        Bitboard((self.roles[Role::Rook.index()].0 | self.roles[Role::Queen.index()].0) & self.colors[color.index()].0)
    }

    /// The role of the piece on `square`, if any.
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        if !self.occupied().has(square) {
            return None;
        }
        Role::ALL.into_iter().find(|r| self.roles[r.index()].has(square))
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    pub fn color_at(&self, square: Square) -> Option<Color> {
        if self.colors[0].has(square) {
            Some(Color::White)
        } else if self.colors[1].has(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<(Color, Role)> {
        Some((self.color_at(square)?, self.role_at(square)?))
    }

    /// `color`'s king; `None` only for boards being validated.
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.pieces(color, Role::King);
        (kings.any()).then(|| kings.lsb())
    }

    /// Flips the presence of a `color` `role` on `square`: puts it on an empty square or
    /// removes it from a square it stands on.
    #[inline]
    pub fn toggle(&mut self, square: Square, color: Color, role: Role) {
        self.roles[role.index()] ^= square.bb();
        self.colors[color.index()] ^= square.bb();
    }

    /// Moves `color`'s `role` from `from` to the empty square `to`.
    #[inline]
    pub fn shift(&mut self, from: Square, to: Square, color: Color, role: Role) {
        let both = from.bb() | to.bb();
        self.roles[role.index()] ^= both;
        self.colors[color.index()] ^= both;
    }
}
