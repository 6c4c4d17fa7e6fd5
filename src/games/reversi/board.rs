//! The board behind a Reversi position, in one of two representations that give the
//! same answers to every question: a bitboard for boards up to 8×8 and an array for any
//! size. Everything above this module asks its questions through [`Board`].

use serde::{Deserialize, Serialize};

use crate::engine::{BoardCell, Cell, GridBoard, Piece, Seat};

use super::array::ArrayBoard;
use super::bits;
pub use super::square::Square;

/// Which representation a board uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Representation {
    /// One `u64` per seat; only for boards up to 8×8.
    Bits,
    /// One square per cell; any size.
    Array,
}

impl Representation {
    /// The fastest representation for a `width` × `height` board.
    pub fn fastest(width: u32, height: u32) -> Representation {
        if width <= 8 && height <= 8 { Representation::Bits } else { Representation::Array }
    }
}

/// A board up to 8×8 as bitboards (see [`bits`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BitBoard {
    width: u32,
    height: u32,
    /// Discs by seat.
    discs: [u64; 2],
    /// Walls and every cell outside the `width` × `height` corner.
    blocked: u64,
}

impl BitBoard {
    fn new(width: u32, height: u32, walls: &[Cell]) -> BitBoard {
        let on_board = (0..height).flat_map(|r| (0..width).map(move |c| bits::bit(r, c))).fold(0, |a, b| a | b);
        let walls = walls.iter().fold(0, |a, w| a | bits::bit(w.row, w.col));
        BitBoard { width, height, discs: [0; 2], blocked: !on_board | walls }
    }

    fn empty(&self) -> u64 {
        !(self.discs[0] | self.discs[1] | self.blocked)
    }

    fn moves(&self, seat: Seat) -> u64 {
        bits::moves(self.discs[seat.index()], self.discs[seat.opponent().index()], self.empty())
    }

    /// The seat to move's discs, the other seat's, and the blocked cells.
    pub fn parts(&self, seat: Seat) -> (u64, u64, u64) {
        (self.discs[seat.index()], self.discs[seat.opponent().index()], self.blocked)
    }
}

/// Cells of the set bits of `set`, row-major.
fn cells_of(mut set: u64) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(set.count_ones() as usize);
    while set != 0 {
        let square = set.trailing_zeros();
        cells.push(Cell::new(square / 8, square % 8));
        set &= set - 1;
    }
    cells
}

/// A Reversi board in either representation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Board {
    /// Up to 8×8.
    Bits(BitBoard),
    /// Any size.
    Array(ArrayBoard),
}

impl Board {
    /// An empty `width` × `height` board in `representation`, with `walls` (all on the
    /// board) blocked.
    pub fn new(representation: Representation, width: u32, height: u32, walls: &[Cell]) -> Board {
        match representation {
            Representation::Bits => {
                assert!(width <= 8 && height <= 8, "a bitboard holds at most 8×8 cells");
                Board::Bits(BitBoard::new(width, height, walls))
            }
            Representation::Array => Board::Array(ArrayBoard::new(width, height, walls)),
        }
    }

    /// Columns and rows.
    pub fn dims(&self) -> (u32, u32) {
        match self {
            Board::Bits(b) => (b.width, b.height),
            Board::Array(a) => a.dims(),
        }
    }

    /// What stands on `cell`, which lies on the board.
    pub fn square(&self, cell: Cell) -> Square {
        match self {
            Board::Bits(b) => {
                let at = bits::bit(cell.row, cell.col);
                if b.blocked & at != 0 {
                    Square::Wall
                } else if b.discs[0] & at != 0 {
                    Square::Disc(Seat::FIRST)
                } else if b.discs[1] & at != 0 {
                    Square::Disc(Seat::SECOND)
                } else {
                    Square::Empty
                }
            }
            Board::Array(a) => a.square(cell),
        }
    }

    /// Puts a disc of `seat` on the empty `cell` without flipping anything: the start
    /// position and free opening placements.
    pub fn place(&mut self, cell: Cell, seat: Seat) {
        debug_assert_eq!(self.square(cell), Square::Empty);
        match self {
            Board::Bits(b) => b.discs[seat.index()] |= bits::bit(cell.row, cell.col),
            Board::Array(a) => a.place(cell, seat),
        }
    }

    /// Every cell where `seat` may play (flanking at least one line), row-major.
    pub fn moves(&self, seat: Seat) -> Vec<Cell> {
        match self {
            Board::Bits(b) => cells_of(b.moves(seat)),
            Board::Array(a) => a.moves(seat),
        }
    }

    /// True when `seat` has a move.
    pub fn has_move(&self, seat: Seat) -> bool {
        match self {
            Board::Bits(b) => b.moves(seat) != 0,
            Board::Array(a) => a.has_move(seat),
        }
    }

    /// Plays `seat` on the empty `cell` and returns the flipped cells, row-major. When
    /// the move flanks nothing it returns nothing and the board is unchanged.
    pub fn play(&mut self, seat: Seat, cell: Cell) -> Vec<Cell> {
        match self {
            Board::Bits(b) => {
                let (own, opp, _) = b.parts(seat);
                let square = cell.row * 8 + cell.col;
                let flipped = bits::flips(own, opp, square);
                if flipped != 0 {
                    b.discs[seat.index()] |= flipped | 1 << square;
                    b.discs[seat.opponent().index()] &= !flipped;
                }
                cells_of(flipped)
            }
            Board::Array(a) => a.play(seat, cell),
        }
    }

    /// Discs of `seat` on the board.
    pub fn count(&self, seat: Seat) -> u32 {
        match self {
            Board::Bits(b) => b.discs[seat.index()].count_ones(),
            Board::Array(a) => a.count(seat),
        }
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        match self {
            Board::Bits(b) => b.empty() == 0,
            Board::Array(a) => a.is_full(),
        }
    }

    /// The same board in the array representation.
    pub fn to_array(&self) -> ArrayBoard {
        match self {
            Board::Array(a) => a.clone(),
            Board::Bits(_) => {
                let (width, height) = self.dims();
                let cells = || (0..height).flat_map(move |r| (0..width).map(move |c| Cell::new(r, c)));
                let walls: Vec<Cell> = cells().filter(|&c| self.square(c) == Square::Wall).collect();
                let mut array = ArrayBoard::new(width, height, &walls);
                for cell in cells() {
                    if let Square::Disc(seat) = self.square(cell) {
                        array.place(cell, seat);
                    }
                }
                array
            }
        }
    }

    /// The board as every viewer sees it.
    pub fn to_view(&self) -> GridBoard {
        let (width, height) = self.dims();
        let cells = (0..height)
            .flat_map(|r| (0..width).map(move |c| Cell::new(r, c)))
            .map(|cell| match self.square(cell) {
                Square::Empty => BoardCell::default(),
                Square::Wall => BoardCell { owner: None, piece: Piece::Wall },
                Square::Disc(seat) => BoardCell::mark(seat),
            })
            .collect();
        GridBoard::new(width, height, cells)
    }
}
