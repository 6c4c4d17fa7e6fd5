//! The general board: any size, one square per cell, framed by a border of blocked
//! squares so that walking a line never needs a bounds check. It follows the rules
//! literally, cell by cell, and serves as the reference the bitboard is checked against.

use serde::{Deserialize, Serialize};

use crate::engine::{Cell, Seat};

use super::square::Square;

/// A board of any size in a frame of blocked squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArrayBoard {
    width: u32,
    height: u32,
    /// Distance between vertically adjacent squares: `width + 2`.
    stride: usize,
    /// `(height + 2) * stride` squares, row-major, the outermost ring blocked.
    squares: Vec<Square>,
    /// Empty squares inside the frame.
    empty: u32,
}

impl ArrayBoard {
    /// An empty `width` × `height` board with `walls` blocked; every wall on the board.
    pub fn new(width: u32, height: u32, walls: &[Cell]) -> ArrayBoard {
        let stride = width as usize + 2;
        let mut board = ArrayBoard {
            width,
            height,
            stride,
            squares: vec![Square::Wall; stride * (height as usize + 2)],
            empty: width * height,
        };
        for row in 0..height {
            for col in 0..width {
                let index = board.index(Cell::new(row, col));
                board.squares[index] = Square::Empty;
            }
        }
        for &wall in walls {
            let index = board.index(wall);
            board.squares[index] = Square::Wall;
            board.empty -= 1;
        }
        board
    }

    /// Columns and rows.
    pub fn dims(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn index(&self, cell: Cell) -> usize {
        (cell.row as usize + 1) * self.stride + cell.col as usize + 1
    }

    fn cell(&self, index: usize) -> Cell {
        Cell::new((index / self.stride - 1) as u32, (index % self.stride - 1) as u32)
    }

    /// The eight directions as index offsets.
    fn directions(&self) -> [isize; 8] {
        let s = self.stride as isize;
        [1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1]
    }

    /// Indices of the squares inside the frame, row-major.
    fn inside(&self) -> impl Iterator<Item = usize> + use<> {
        let (stride, width, height) = (self.stride, self.width as usize, self.height as usize);
        (1..=height).flat_map(move |row| (1..=width).map(move |col| row * stride + col))
    }

    /// What stands on `cell`, which lies on the board.
    pub fn square(&self, cell: Cell) -> Square {
        self.squares[self.index(cell)]
    }

    /// Puts a disc of `seat` on the empty `cell` without flipping anything.
    pub fn place(&mut self, cell: Cell, seat: Seat) {
        let index = self.index(cell);
        debug_assert_eq!(self.squares[index], Square::Empty);
        self.squares[index] = Square::Disc(seat);
        self.empty -= 1;
    }

    /// Appends to `out` the squares `seat` would flip by playing on the empty square
    /// `index`, line by line; nothing when the move flanks no line.
    fn collect_flips(&self, seat: Seat, index: usize, out: &mut Vec<usize>) {
        let (own, opp) = (Square::Disc(seat), Square::Disc(seat.opponent()));
        for step in self.directions() {
            let line_start = out.len();
            let mut at = index.wrapping_add_signed(step);
            while self.squares[at] == opp {
                out.push(at);
                at = at.wrapping_add_signed(step);
            }
            if self.squares[at] != own {
                out.truncate(line_start);
            }
        }
    }

    /// True when `seat` playing on the empty square `index` flanks at least one line.
    fn flanks(&self, seat: Seat, index: usize) -> bool {
        let (own, opp) = (Square::Disc(seat), Square::Disc(seat.opponent()));
        self.directions().into_iter().any(|step| {
            let mut at = index.wrapping_add_signed(step);
            if self.squares[at] != opp {
                return false;
            }
            while self.squares[at] == opp {
                at = at.wrapping_add_signed(step);
            }
            self.squares[at] == own
        })
    }

    /// Every cell where `seat` may play, row-major.
    pub fn moves(&self, seat: Seat) -> Vec<Cell> {
        self.inside()
            .filter(|&i| self.squares[i] == Square::Empty && self.flanks(seat, i))
            .map(|i| self.cell(i))
            .collect()
    }

    /// True when `seat` has a move.
    pub fn has_move(&self, seat: Seat) -> bool {
        self.inside().any(|i| self.squares[i] == Square::Empty && self.flanks(seat, i))
    }

    /// Plays `seat` on the empty `cell` and returns the flipped cells, row-major; when the
    /// move flanks nothing, returns nothing and leaves the board unchanged.
    pub fn play(&mut self, seat: Seat, cell: Cell) -> Vec<Cell> {
        let index = self.index(cell);
        let mut flipped = Vec::new();
        self.collect_flips(seat, index, &mut flipped);
        if flipped.is_empty() {
            return Vec::new();
        }
        for &i in &flipped {
            self.squares[i] = Square::Disc(seat);
        }
        self.squares[index] = Square::Disc(seat);
        self.empty -= 1;
        flipped.sort_unstable();
        flipped.into_iter().map(|i| self.cell(i)).collect()
    }

    /// Discs of `seat` on the board.
    pub fn count(&self, seat: Seat) -> u32 {
        self.squares.iter().filter(|&&s| s == Square::Disc(seat)).count() as u32
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.empty == 0
    }

    /// Leaf count `depth` plies (at least 1) below this position in normal play, `seat` to
    /// move, `passed` telling whether the previous move was a pass; the same counting as
    /// [`super::bits::perft`], bulk counting included. Plays and takes back moves in
    /// place; `scratch` holds the flipped squares of every level.
    pub fn perft(&mut self, seat: Seat, depth: u32, passed: bool, scratch: &mut Vec<usize>) -> u64 {
        let mut leaves = 0;
        for row in 1..=self.height as usize {
            for index in row * self.stride + 1..=row * self.stride + self.width as usize {
                if self.squares[index] != Square::Empty {
                    continue;
                }
                if depth == 1 {
                    leaves += u64::from(self.flanks(seat, index));
                    continue;
                }
                let base = scratch.len();
                self.collect_flips(seat, index, scratch);
                if scratch.len() == base {
                    continue;
                }
                for &i in &scratch[base..] {
                    self.squares[i] = Square::Disc(seat);
                }
                self.squares[index] = Square::Disc(seat);
                self.empty -= 1;
                leaves += self.perft(seat.opponent(), depth - 1, false, scratch);
                self.empty += 1;
                self.squares[index] = Square::Empty;
                for &i in &scratch[base..] {
                    self.squares[i] = Square::Disc(seat.opponent());
                }
                scratch.truncate(base);
            }
        }
        if leaves > 0 {
            return leaves;
        }
        // No move: two passes or a full board end the game, a leaf; otherwise a pass.
        if passed || self.is_full() || depth == 1 { 1 } else { self.perft(seat.opponent(), depth - 1, true, scratch) }
    }
}
