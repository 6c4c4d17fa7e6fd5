//! Rectangular boards: bounds, indexing and the runs of equal cells that line games look for.

use serde::{Deserialize, Serialize};

use std::collections::HashSet;

use super::{BoardCell, Cell, ConfigError, DrawReason, GridBoard, Outcome, Seat, WinReason};

/// The four line directions (right, down, down-right, down-left); their opposites are
/// walked by negating them.
pub const LINE_DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// The dimensions of a rectangular board, and whether it wraps from the last column to
/// the first (a cylinder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dims {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// True when column `width - 1` is adjacent to column 0.
    pub wrap_columns: bool,
}

impl Dims {
    /// A flat board of `width` × `height`.
    pub const fn new(width: u32, height: u32) -> Dims {
        Dims { width, height, wrap_columns: false }
    }

    /// Number of cells.
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// True when `cell` lies on the board.
    pub const fn contains(self, cell: Cell) -> bool {
        cell.row < self.height && cell.col < self.width
    }

    /// Row-major index of `cell`, which must lie on the board.
    pub const fn index(self, cell: Cell) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// The cell at row-major `index`.
    pub const fn cell(self, index: usize) -> Cell {
        Cell::new((index / self.width as usize) as u32, (index % self.width as usize) as u32)
    }

    /// The cell one step from `cell` in direction `(d_row, d_col)`, wrapping columns on a
    /// cylinder; `None` off the board.
    pub fn step(self, cell: Cell, (d_row, d_col): (i32, i32)) -> Option<Cell> {
        let row = cell.row as i64 + d_row as i64;
        let mut col = cell.col as i64 + d_col as i64;
        if self.wrap_columns {
            col = col.rem_euclid(self.width as i64);
        }
        (0..self.height as i64).contains(&row).then_some(())?;
        (0..self.width as i64).contains(&col).then_some(())?;
        Some(Cell::new(row as u32, col as u32))
    }

    /// The longest run of cells through `start` along `direction` (both ways) for which
    /// `same` holds, in order along the direction. `start` itself must satisfy `same`.
    ///
    /// On a cylinder a horizontal run can come back to where it started; it is cut at
    /// `width` cells so that a full ring is one run of `width` cells and never loops.
    pub fn run_through(self, start: Cell, direction: (i32, i32), same: impl Fn(Cell) -> bool) -> Vec<Cell> {
        // Only a purely horizontal walk on a cylinder can revisit a cell; every other
        // direction changes the row at each step and leaves the board first.
        let max_len = if self.wrap_columns && direction.0 == 0 { self.width as usize } else { usize::MAX };
        let mut backward = Vec::new();
        let back = (-direction.0, -direction.1);
        let mut at = start;
        while 1 + backward.len() < max_len {
            match self.step(at, back) {
                Some(next) if same(next) => {
                    backward.push(next);
                    at = next;
                }
                _ => break,
            }
        }
        let mut run: Vec<Cell> = backward.into_iter().rev().collect();
        run.push(start);
        let mut at = start;
        while run.len() < max_len {
            match self.step(at, direction) {
                Some(next) if same(next) => {
                    run.push(next);
                    at = next;
                }
                _ => break,
            }
        }
        run
    }
}

/// A grid of plain marks owned by seats: the board of every "k in a row" game, with
/// blocked cells that nobody may mark and that break every line through them.
///
/// Invariant: `filled` counts the marked cells and the blocked ones, so the board is full
/// when no cell is left to mark; a blocked cell is never marked.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MarkBoard {
    dims: Dims,
    cells: Vec<Option<Seat>>,
    /// Indexed like `cells`; empty when no cell is blocked (and in boards stored before
    /// cells could be).
    #[serde(default)]
    blocked: Vec<bool>,
    filled: usize,
}

impl MarkBoard {
    /// An empty board.
    pub fn new(dims: Dims) -> MarkBoard {
        MarkBoard { dims, cells: vec![None; dims.area()], blocked: Vec::new(), filled: 0 }
    }

    /// An empty board with `blocked` cells, which must lie on it, each listed once (see
    /// [`check_blocked_cells`]).
    pub fn with_blocked(dims: Dims, blocked: &[Cell]) -> MarkBoard {
        let mut board = MarkBoard::new(dims);
        if !blocked.is_empty() {
            board.blocked = vec![false; dims.area()];
            for &cell in blocked {
                board.blocked[dims.index(cell)] = true;
            }
            board.filled = blocked.len();
        }
        board
    }

    /// Whether `cell`, which must lie on the board, is blocked.
    pub fn is_blocked(&self, cell: Cell) -> bool {
        !self.blocked.is_empty() && self.blocked[self.dims.index(cell)]
    }

    /// The board's dimensions.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// Who owns `cell`, which must lie on the board.
    pub fn get(&self, cell: Cell) -> Option<Seat> {
        self.cells[self.dims.index(cell)]
    }

    /// Marks the empty `cell` for `seat`.
    pub fn set(&mut self, cell: Cell, seat: Seat) {
        let slot = &mut self.cells[self.dims.index(cell)];
        debug_assert!(slot.is_none(), "{cell:?} is already marked");
        *slot = Some(seat);
        self.filled += 1;
    }

    /// Empties `cell`, which must lie on the board, and returns who owned it.
    pub fn take(&mut self, cell: Cell) -> Option<Seat> {
        let owner = self.cells[self.dims.index(cell)].take();
        if owner.is_some() {
            self.filled -= 1;
        }
        owner
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.filled == self.cells.len()
    }

    /// Every cell that may still be marked (empty and not blocked), in row-major order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(i, c)| c.is_none() && !self.blocked.get(i).copied().unwrap_or(false))
            .map(|(i, _)| self.dims.cell(i))
    }

    /// A winning line through the marked `cell`: a run of its owner's marks of at least
    /// `length` cells, or of exactly `length` when `exact`. Looks only through `cell`,
    /// so finding a win after a move costs one scan per direction, never a board rescan.
    pub fn line_through(&self, cell: Cell, length: usize, exact: bool) -> Option<Vec<Cell>> {
        let owner = self.get(cell)?;
        LINE_DIRECTIONS.iter().find_map(|&direction| {
            let run = self.dims.run_through(cell, direction, |c| self.get(c) == Some(owner));
            let wins = if exact { run.len() == length } else { run.len() >= length };
            wins.then_some(run)
        })
    }

    /// The result after `seat` marked a cell, given the winning `line` that mark made, if
    /// any: a win by that line, else a draw when the board is full. The win is checked
    /// first, since the last empty cell can both fill the board and win.
    pub fn outcome_after(&self, seat: Seat, line: Option<Vec<Cell>>) -> Option<Outcome> {
        match line {
            Some(line) => Some(Outcome::Win { winner: seat, reason: WinReason::Line, line }),
            None if self.is_full() => Some(Outcome::Draw { reason: DrawReason::BoardFull }),
            None => None,
        }
    }

    /// The board as every viewer sees it.
    pub fn to_view(&self) -> GridBoard {
        let cells = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| match c {
                Some(seat) => BoardCell::mark(*seat),
                None if self.blocked.get(i).copied().unwrap_or(false) => BoardCell::wall(),
                None => BoardCell::default(),
            })
            .collect();
        GridBoard::new(self.dims.width, self.dims.height, cells)
    }
}

/// Records every problem with a list of blocked cells under `field`: cells listed twice,
/// and cells off the board when its `(width, height)` is known (`None` when the sides are
/// themselves wrong).
pub fn check_blocked_cells(errors: &mut ConfigError, field: &str, cells: &[Cell], sides: Option<(u32, u32)>) {
    let mut seen = HashSet::new();
    let duplicates: Vec<Cell> = cells.iter().copied().filter(|&c| !seen.insert(c)).collect();
    if !duplicates.is_empty() {
        errors.add(field, format!("list each cell once; listed more than once: {}", cell_list(&duplicates)));
    }
    let Some((width, height)) = sides.filter(|&(w, h)| w > 0 && h > 0) else { return };
    let outside: Vec<Cell> = cells.iter().copied().filter(|c| c.row >= height || c.col >= width).collect();
    if !outside.is_empty() {
        errors.add(
            field,
            format!(
                "must lie on the board (rows 0 to {}, columns 0 to {}); off the board: {}",
                height - 1,
                width - 1,
                cell_list(&outside)
            ),
        );
    }
}

/// Cells for an error message, as `d3 (row 2, column 3)`; long lists are cut short.
pub fn cell_list(cells: &[Cell]) -> String {
    const SHOWN: usize = 8;
    let mut names: Vec<String> =
        cells.iter().take(SHOWN).map(|c| format!("{c} (row {}, column {})", c.row, c.col)).collect();
    if cells.len() > SHOWN {
        names.push(format!("and {} more", cells.len() - SHOWN));
    }
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_ring_on_a_cylinder_is_one_run_of_width_cells() {
        let dims = Dims { width: 7, height: 6, wrap_columns: true };
        let run = dims.run_through(Cell::new(2, 3), (0, 1), |c| c.row == 2);
        assert_eq!(run.len(), 7);
        let mut cols: Vec<u32> = run.iter().map(|c| c.col).collect();
        cols.sort();
        assert_eq!(cols, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn runs_stop_at_the_edge_of_a_flat_board() {
        let dims = Dims::new(5, 5);
        let run = dims.run_through(Cell::new(0, 0), (1, 1), |_| true);
        assert_eq!(run, (0..5).map(|i| Cell::new(i, i)).collect::<Vec<_>>());
        let run = dims.run_through(Cell::new(2, 0), (1, -1), |_| true);
        assert_eq!(run, vec![Cell::new(0, 2), Cell::new(1, 1), Cell::new(2, 0)]);
    }

    #[test]
    fn taking_a_mark_empties_its_cell() {
        let mut board = MarkBoard::new(Dims::new(2, 1));
        board.set(Cell::new(0, 0), Seat::FIRST);
        board.set(Cell::new(0, 1), Seat::SECOND);
        assert!(board.is_full());
        assert_eq!(board.take(Cell::new(0, 0)), Some(Seat::FIRST));
        assert_eq!(board.take(Cell::new(0, 0)), None);
        assert!(!board.is_full());
        assert_eq!(board.empty_cells().collect::<Vec<_>>(), vec![Cell::new(0, 0)]);
        board.set(Cell::new(0, 0), Seat::SECOND);
        assert!(board.is_full());
    }

    #[test]
    fn runs_wrap_across_the_side_edge_of_a_cylinder() {
        let dims = Dims { width: 7, height: 6, wrap_columns: true };
        let owned = [Cell::new(5, 5), Cell::new(5, 6), Cell::new(5, 0), Cell::new(5, 1)];
        let run = dims.run_through(Cell::new(5, 0), (0, 1), |c| owned.contains(&c));
        assert_eq!(run, owned.to_vec());
    }
}
