//! Peg solitaire boards: which cells of a rectangular grid are holes, how holes are
//! numbered, which jumps exist and which symmetries map the board onto itself.
//!
//! Every board is drawn on a grid so that the wire can name holes by [`Cell`]:
//!
//! - **Triangle with R rows** (`R(R+1)/2` holes): row `r` (from the apex, 0-based) holds
//!   `r + 1` holes at columns `0..=r`; cells with `col > row` are not holes. Holes are
//!   numbered `1..=R(R+1)/2` row by row from the apex, left to right, as in the usual
//!   literature, so hole 1 is the apex and, for R = 5, hole 11 and 15 are the bottom
//!   corners. In this embedding the triangle's three line directions are along a row,
//!   down a column and down the main diagonal, so the six jump directions are
//!   `(0, ±1)`, `(±1, 0)` and `±(1, 1)`.
//!
//!   ```text
//!   R = 5      grid cells (row, col)
//!       1      (0,0)
//!      2 3     (1,0) (1,1)
//!     4 5 6    (2,0) (2,1) (2,2)
//!    7 8 9 10  ...
//!   11 ... 15  (4,0) ... (4,4)
//!   ```
//! - **English cross** (33 holes) on a 7×7 grid: the cells with row or column in `2..=4`.
//!   Holes are numbered `1..=33` row by row, left to right, so the centre (3, 3) is hole 17.
//!   Jumps go along rows and columns only.
//!
//! A board has at most 64 holes so that a position is one `u64` (bit `i` set = a peg in
//! the hole numbered `i + 1`).

use serde::{Deserialize, Serialize};

use crate::engine::Cell;
use crate::engine::grid::Dims;

/// The largest number of holes a board may have: one bit each in a `u64`.
pub const MAX_HOLES: usize = 64;

/// The shape of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Shape {
    /// A triangle of `rows` rows on a triangular lattice (six jump directions).
    #[default]
    Triangle,
    /// The English 33-hole cross on a square lattice (four jump directions).
    English,
}

/// One jump: the peg in hole `from` jumps over the peg in hole `over` into the empty hole
/// `to`. Holes are 0-based indices (hole number − 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Jump {
    /// The jumping peg's hole.
    pub from: u8,
    /// The hole of the peg jumped over, which is removed.
    pub over: u8,
    /// The landing hole.
    pub to: u8,
}

impl Jump {
    /// True when the jump can be made in `pegs`.
    pub const fn fits(self, pegs: u64) -> bool {
        pegs & (1 << self.from) != 0 && pegs & (1 << self.over) != 0 && pegs & (1 << self.to) == 0
    }

    /// `pegs` after the jump, which must fit.
    pub const fn apply(self, pegs: u64) -> u64 {
        pegs ^ (1 << self.from) ^ (1 << self.over) ^ (1 << self.to)
    }
}

/// A board's fixed facts. Invariants: `holes` are distinct cells inside `dims`; `index`
/// is its inverse; every jump's three holes lie on one line, one step apart; every
/// symmetry is a permutation of the holes that maps jumps onto jumps, the identity first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    dims: Dims,
    holes: Vec<Cell>,
    index: Vec<Option<u8>>,
    jumps: Vec<Jump>,
    symmetries: Vec<Vec<u8>>,
}

/// Line directions of a triangular lattice drawn as rows of growing length.
const TRIANGLE_DIRECTIONS: [(i32, i32); 6] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)];
/// Line directions of a square lattice.
const SQUARE_DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

impl Geometry {
    /// The triangle with `rows` rows; `rows` must be at least 1 and at most 10
    /// (55 holes).
    pub fn triangle(rows: u32) -> Geometry {
        assert!((1..=10).contains(&rows), "a triangle of {rows} rows does not fit a bitboard");
        let holes: Vec<Cell> = (0..rows).flat_map(|r| (0..=r).map(move |c| Cell::new(r, c))).collect();
        // Skew coordinates: a = r - c, b = c, d = rows - 1 - r are all >= 0 and sum to
        // rows - 1; the six permutations of (a, b, d) are the triangle's symmetries.
        let to_abd = move |cell: Cell| [cell.row - cell.col, cell.col, rows - 1 - cell.row];
        let from_abd = |[a, b, _]: [u32; 3]| Cell::new(a + b, b);
        let permutations: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let maps: Vec<Box<dyn Fn(Cell) -> Cell>> = permutations
            .iter()
            .map(|&p| {
                Box::new(move |cell: Cell| {
                    let abd = to_abd(cell);
                    from_abd([abd[p[0]], abd[p[1]], abd[p[2]]])
                }) as Box<dyn Fn(Cell) -> Cell>
            })
            .collect();
        Geometry::build(Dims::new(rows, rows), holes, &TRIANGLE_DIRECTIONS, &maps)
    }

    /// The English 33-hole cross.
    pub fn english() -> Geometry {
        let arm = 2..=4;
        let holes: Vec<Cell> = (0..7)
            .flat_map(|r| (0..7).map(move |c| Cell::new(r, c)))
            .filter(|c| arm.contains(&c.row) || arm.contains(&c.col))
            .collect();
        let maps: Vec<Box<dyn Fn(Cell) -> Cell>> = vec![
            Box::new(|c: Cell| c),
            Box::new(|c: Cell| Cell::new(c.col, 6 - c.row)),
            Box::new(|c: Cell| Cell::new(6 - c.row, 6 - c.col)),
            Box::new(|c: Cell| Cell::new(6 - c.col, c.row)),
            Box::new(|c: Cell| Cell::new(c.row, 6 - c.col)),
            Box::new(|c: Cell| Cell::new(6 - c.row, c.col)),
            Box::new(|c: Cell| Cell::new(c.col, c.row)),
            Box::new(|c: Cell| Cell::new(6 - c.col, 6 - c.row)),
        ];
        Geometry::build(Dims::new(7, 7), holes, &SQUARE_DIRECTIONS, &maps)
    }

    fn build(dims: Dims, holes: Vec<Cell>, directions: &[(i32, i32)], maps: &[Box<dyn Fn(Cell) -> Cell>]) -> Geometry {
        assert!(holes.len() <= MAX_HOLES);
        let mut index = vec![None; dims.area()];
        for (i, &cell) in holes.iter().enumerate() {
            index[dims.index(cell)] = Some(i as u8);
        }
        let hole_at = |cell: Option<Cell>| cell.and_then(|c| index[dims.index(c)]);
        let mut jumps = Vec::new();
        for (from, &cell) in holes.iter().enumerate() {
            for &direction in directions {
                let over = dims.step(cell, direction);
                let to = over.and_then(|o| dims.step(o, direction));
                if let (Some(over), Some(to)) = (hole_at(over), hole_at(to)) {
                    jumps.push(Jump { from: from as u8, over, to });
                }
            }
        }
        let symmetries = maps
            .iter()
            .map(|map| {
                holes.iter().map(|&c| hole_at(Some(map(c))).expect("a symmetry maps holes onto holes")).collect()
            })
            .collect();
        Geometry { dims, holes, index, jumps, symmetries }
    }

    /// The grid the board is drawn on.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// Number of holes.
    pub fn hole_count(&self) -> usize {
        self.holes.len()
    }

    /// The cell of hole `index` (0-based).
    pub fn cell(&self, index: u8) -> Cell {
        self.holes[index as usize]
    }

    /// The 0-based index of the hole at `cell`; `None` off the grid or on a cell that is
    /// not a hole.
    pub fn hole_at(&self, cell: Cell) -> Option<u8> {
        if self.dims.contains(cell) { self.index[self.dims.index(cell)] } else { None }
    }

    /// Every jump of the board, in a fixed order (by origin hole, then direction).
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The symmetries, each a permutation of hole indices; the identity first.
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// Every hole full.
    pub fn full(&self) -> u64 {
        if self.holes.len() == 64 { u64::MAX } else { (1u64 << self.holes.len()) - 1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_15_hole_triangle_has_the_usual_numbering_and_36_jumps() {
        let g = Geometry::triangle(5);
        assert_eq!(g.hole_count(), 15);
        assert_eq!(g.cell(0), Cell::new(0, 0));
        assert_eq!(g.cell(10), Cell::new(4, 0)); // hole 11, bottom-left corner
        assert_eq!(g.cell(14), Cell::new(4, 4)); // hole 15, bottom-right corner
        assert_eq!(g.hole_at(Cell::new(0, 1)), None);
        // 18 jump lines of three holes, each jumpable both ways.
        assert_eq!(g.jumps().len(), 36);
        // Jumps into the apex: from 4 over 2 and from 6 over 3 (numbers as in the literature).
        let into_apex: Vec<(u8, u8)> =
            g.jumps().iter().filter(|j| j.to == 0).map(|j| (j.from + 1, j.over + 1)).collect();
        assert_eq!(into_apex.len(), 2);
        assert!(into_apex.contains(&(4, 2)) && into_apex.contains(&(6, 3)));
    }

    #[test]
    fn the_english_cross_has_33_holes_centre_17_and_76_jumps() {
        let g = Geometry::english();
        assert_eq!(g.hole_count(), 33);
        assert_eq!(g.hole_at(Cell::new(3, 3)), Some(16));
        assert_eq!(g.hole_at(Cell::new(0, 0)), None);
        assert_eq!(g.jumps().len(), 76);
    }

    #[test]
    fn symmetries_are_permutations_that_map_jumps_onto_jumps() {
        for g in [Geometry::triangle(4), Geometry::triangle(5), Geometry::triangle(8), Geometry::english()] {
            assert_eq!(g.symmetries()[0], (0..g.hole_count() as u8).collect::<Vec<_>>());
            for perm in g.symmetries() {
                let mut sorted = perm.clone();
                sorted.sort();
                assert_eq!(sorted, (0..g.hole_count() as u8).collect::<Vec<_>>());
                for j in g.jumps() {
                    let image =
                        Jump { from: perm[j.from as usize], over: perm[j.over as usize], to: perm[j.to as usize] };
                    assert!(g.jumps().contains(&image), "{j:?} maps to {image:?}, which is no jump");
                }
            }
        }
        assert_eq!(Geometry::triangle(5).symmetries().len(), 6);
        assert_eq!(Geometry::english().symmetries().len(), 8);
    }
}
