//! Where ships may go: the cells a ship covers, the cells it keeps others from when ships
//! may not touch, and a bounded search for room for the ships a seat still owes.

use serde::{Deserialize, Serialize};

use crate::engine::grid::Dims;
use crate::engine::{Cell, Orientation, ShipPlacement};

/// Most positions the room search tries before it gives up; giving up counts as "no room",
/// so a search can never run unbounded and its answer is a function of its input alone.
pub const ROOM_SEARCH_BUDGET: u64 = 20_000;

/// The cells `ship` covers, bow first, or `None` when any of them lies off the board
/// (or the ship has no cells). Ships are straight and contiguous by construction: a bow,
/// one of two directions and a length.
pub fn ship_cells(dims: Dims, ship: &ShipPlacement) -> Option<Vec<Cell>> {
    Rect::of_ship(dims, ship).map(|rect| rect.cells().collect())
}

/// A rectangle of cells, bounds included. A ship is a rectangle one cell wide, so
/// overlap and touching are rectangle tests, with no per-cell work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    /// First row.
    pub top: u32,
    /// First column.
    pub left: u32,
    /// Last row.
    pub bottom: u32,
    /// Last column.
    pub right: u32,
}

impl Rect {
    /// The cells `ship` covers, or `None` when it does not lie on the board.
    pub fn of_ship(dims: Dims, ship: &ShipPlacement) -> Option<Rect> {
        if ship.length == 0 || !dims.contains(ship.bow) {
            return None;
        }
        let (row, col, extra) = (ship.bow.row as u64, ship.bow.col as u64, ship.length as u64 - 1);
        let (bottom, right) = match ship.orientation {
            Orientation::Horizontal => (row, col + extra),
            Orientation::Vertical => (row + extra, col),
        };
        (bottom < dims.height as u64 && right < dims.width as u64).then_some(Rect {
            top: ship.bow.row,
            left: ship.bow.col,
            bottom: bottom as u32,
            right: right as u32,
        })
    }

    /// This rectangle grown by one cell on every side, clipped to the board: every cell
    /// touching it, sideways or diagonally, and itself.
    pub fn grown(self, dims: Dims) -> Rect {
        Rect {
            top: self.top.saturating_sub(1),
            left: self.left.saturating_sub(1),
            bottom: (self.bottom + 1).min(dims.height - 1),
            right: (self.right + 1).min(dims.width - 1),
        }
    }

    /// The cells two rectangles share, if any.
    pub fn intersection(self, other: Rect) -> Option<Rect> {
        let r = Rect {
            top: self.top.max(other.top),
            left: self.left.max(other.left),
            bottom: self.bottom.min(other.bottom),
            right: self.right.min(other.right),
        };
        (r.top <= r.bottom && r.left <= r.right).then_some(r)
    }

    /// Every cell, row-major.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (self.top..=self.bottom).flat_map(move |r| (self.left..=self.right).map(move |c| Cell::new(r, c)))
    }
}

/// Every placement of a ship of `length`, in a fixed order: bow cells row-major, then
/// horizontal before vertical. Placements off the board are left out.
pub fn all_placements(dims: Dims, length: u32) -> impl Iterator<Item = ShipPlacement> {
    (0..dims.area()).flat_map(move |i| {
        let bow = dims.cell(i);
        [Orientation::Horizontal, Orientation::Vertical]
            .into_iter()
            .map(move |orientation| ShipPlacement { bow, orientation, length })
            .filter(move |ship| Rect::of_ship(dims, ship).is_some())
    })
}

/// A board of counters: how many placed ships keep each cell from holding a new ship
/// cell (by covering it or, when ships may not touch, by touching it).
#[derive(Clone, Debug)]
pub struct Blocked {
    dims: Dims,
    no_touching: bool,
    counts: Vec<u16>,
}

impl Blocked {
    /// A board with `ships` on it.
    pub fn new<'a>(dims: Dims, no_touching: bool, ships: impl IntoIterator<Item = &'a ShipPlacement>) -> Blocked {
        let mut blocked = Blocked { dims, no_touching, counts: vec![0; dims.area()] };
        for ship in ships {
            blocked.add(Rect::of_ship(dims, ship).expect("placed ships lie on the board"), 1);
        }
        blocked
    }

    fn add(&mut self, ship: Rect, delta: i32) {
        let reach = if self.no_touching { ship.grown(self.dims) } else { ship };
        for cell in reach.cells() {
            let count = &mut self.counts[self.dims.index(cell)];
            *count = (*count as i32 + delta) as u16;
        }
    }

    /// True when no cell of `ship` is blocked.
    pub fn fits(&self, ship: Rect) -> bool {
        ship.cells().all(|c| self.counts[self.dims.index(c)] == 0)
    }
}

/// A way to place ships of `lengths` on `blocked`, if the search finds one within
/// [`ROOM_SEARCH_BUDGET`] positions.
pub fn find_room(blocked: &Blocked, lengths: &[u32]) -> Option<Vec<ShipPlacement>> {
    let mut lengths = lengths.to_vec();
    // Longest first: they have the fewest places and fail fastest.
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    let mut search = RoomSearch { blocked: blocked.clone(), lengths, placed: Vec::new(), nodes: 0 };
    search.place(0, 0).then_some(search.placed)
}

struct RoomSearch {
    blocked: Blocked,
    lengths: Vec<u32>,
    placed: Vec<ShipPlacement>,
    nodes: u64,
}

impl RoomSearch {
    /// Places ship `k` onwards; `first` is the first placement index to try, so that
    /// ships of equal length are tried in one order only.
    fn place(&mut self, k: usize, first: usize) -> bool {
        let Some(&length) = self.lengths.get(k) else { return true };
        let dims = self.blocked.dims;
        let candidates: Vec<ShipPlacement> = all_placements(dims, length).collect();
        for (i, ship) in candidates.iter().enumerate().skip(first) {
            self.nodes += 1;
            if self.nodes > ROOM_SEARCH_BUDGET {
                return false;
            }
            let rect = Rect::of_ship(dims, ship).expect("listed placements lie on the board");
            if !self.blocked.fits(rect) {
                continue;
            }
            self.blocked.add(rect, 1);
            self.placed.push(*ship);
            let next_first = if self.lengths.get(k + 1) == Some(&length) { i + 1 } else { 0 };
            if self.place(k + 1, next_first) {
                return true;
            }
            self.placed.pop();
            self.blocked.add(rect, -1);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ship(row: u32, col: u32, vertical: bool, length: u32) -> ShipPlacement {
        let orientation = if vertical { Orientation::Vertical } else { Orientation::Horizontal };
        ShipPlacement { bow: Cell::new(row, col), orientation, length }
    }

    #[test]
    fn ships_are_straight_runs_from_the_bow_and_must_stay_on_the_board() {
        let dims = Dims::new(10, 10);
        assert_eq!(
            ship_cells(dims, &ship(2, 3, false, 3)),
            Some(vec![Cell::new(2, 3), Cell::new(2, 4), Cell::new(2, 5)])
        );
        assert_eq!(ship_cells(dims, &ship(8, 0, true, 2)), Some(vec![Cell::new(8, 0), Cell::new(9, 0)]));
        assert_eq!(ship_cells(dims, &ship(9, 0, true, 2)), None);
        assert_eq!(ship_cells(dims, &ship(0, 6, false, 5)), None);
        assert_eq!(ship_cells(dims, &ship(0, 0, false, 0)), None);
        assert_eq!(ship_cells(dims, &ship(0, u32::MAX, false, 3)), None);
        assert_eq!(ship_cells(dims, &ship(0, 0, false, u32::MAX)), None);
        assert_eq!(all_placements(dims, 5).count(), 2 * 10 * 6);
        assert_eq!(all_placements(dims, 1).count(), 200);
    }

    #[test]
    fn rectangles_grow_within_the_board_and_intersect() {
        let dims = Dims::new(10, 10);
        let corner = Rect::of_ship(dims, &ship(0, 0, false, 3)).unwrap();
        assert_eq!(corner, Rect { top: 0, left: 0, bottom: 0, right: 2 });
        assert_eq!(corner.grown(dims), Rect { top: 0, left: 0, bottom: 1, right: 3 });
        let far = Rect::of_ship(dims, &ship(9, 9, false, 1)).unwrap();
        assert_eq!(far.grown(dims), Rect { top: 8, left: 8, bottom: 9, right: 9 });
        let diagonal = Rect::of_ship(dims, &ship(1, 3, true, 2)).unwrap();
        assert_eq!(corner.intersection(diagonal), None);
        assert_eq!(corner.grown(dims).intersection(diagonal), Some(Rect { top: 1, left: 3, bottom: 1, right: 3 }));
        assert_eq!(corner.grown(dims).cells().count(), 8);
    }

    #[test]
    fn room_is_found_when_it_exists_and_not_otherwise() {
        let dims = Dims::new(5, 5);
        let empty = Blocked::new(dims, false, []);
        assert!(find_room(&empty, &[5, 5, 5, 5, 5]).is_some());
        assert!(find_room(&empty, &[5, 5, 5, 5, 5, 1]).is_none());
        // Not touching, five ships of 5 cannot share a 5x5 board; three can (rows 0, 2, 4).
        let apart = Blocked::new(dims, true, []);
        assert!(find_room(&apart, &[5, 5, 5]).is_some());
        assert!(find_room(&apart, &[5, 5, 5, 1]).is_none());
        // A ship across the middle row leaves no place for a 3 vertically, and two rows
        // of 5 on either side; a 5 still fits.
        let middle = Blocked::new(dims, true, [&ship(2, 0, false, 5)]);
        let room = find_room(&middle, &[5, 5]).unwrap();
        assert!(room.iter().all(|s| s.bow.row == 0 || s.bow.row == 4));
        assert!(find_room(&middle, &[5, 5, 1]).is_none());
    }
}
