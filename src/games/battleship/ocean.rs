//! One seat's ocean: its ships, what it still owes, and the shots it has taken.

use serde::{Deserialize, Serialize};

use crate::engine::grid::Dims;
use crate::engine::{BoardCell, Cell, GridBoard, Piece, Seat, ShipPlacement};

use super::placement::Rect;

/// A placed ship. Invariant: `hits` counts distinct cells of the ship that were shot, so
/// the ship is sunk exactly when `hits` equals its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ship {
    /// Where it was placed.
    pub placement: ShipPlacement,
    /// The cells it covers.
    pub rect: Rect,
    /// Distinct cells hit.
    pub hits: u32,
}

impl Ship {
    /// True when every cell has been hit.
    pub fn is_sunk(&self) -> bool {
        self.hits == self.placement.length
    }

    /// The cells it covers, bow first.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        self.rect.cells()
    }
}

/// What a shot found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShotResult {
    /// Open water.
    Miss,
    /// A ship that still floats.
    Hit,
    /// The last intact cell of a ship (the index into the ocean's ships).
    Sunk(usize),
}

/// A seat's ocean. Invariants: `ship_at` and `ships` agree; no two ships share a cell;
/// `owed` lists the lengths still to place in the fleet's order; once the seat is ready
/// nothing is placed any more.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ocean {
    dims: Dims,
    ships: Vec<Ship>,
    ship_at: Vec<Option<u8>>,
    shot: Vec<bool>,
    owed: Vec<u32>,
    ready: bool,
}

impl Ocean {
    /// An empty ocean awaiting a fleet of `fleet` lengths.
    pub fn new(dims: Dims, fleet: &[u32]) -> Ocean {
        Ocean {
            dims,
            ships: Vec::new(),
            ship_at: vec![None; dims.area()],
            shot: vec![false; dims.area()],
            owed: fleet.to_vec(),
            ready: false,
        }
    }

    /// The ships placed so far.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }

    /// The lengths still to place.
    pub fn owed(&self) -> &[u32] {
        &self.owed
    }

    /// True once the seat has confirmed its complete fleet.
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// Confirms the fleet, which must be complete.
    pub fn set_ready(&mut self) {
        debug_assert!(self.owed.is_empty());
        self.ready = true;
    }

    /// The ship covering `cell`, if any.
    pub fn ship_at(&self, cell: Cell) -> Option<&Ship> {
        self.ship_at[self.dims.index(cell)].map(|i| &self.ships[i as usize])
    }

    /// True when `cell` was shot at.
    pub fn was_shot(&self, cell: Cell) -> bool {
        self.shot[self.dims.index(cell)]
    }

    /// Places `placement`, whose length must be owed and whose cells must be free.
    pub fn place(&mut self, placement: ShipPlacement) {
        let rect = Rect::of_ship(self.dims, &placement).expect("a validated ship lies on the board");
        let owed = self.owed.iter().position(|&l| l == placement.length).expect("a validated ship is owed");
        self.owed.remove(owed);
        let index = self.ships.len() as u8;
        for cell in rect.cells() {
            let slot = &mut self.ship_at[self.dims.index(cell)];
            debug_assert!(slot.is_none());
            *slot = Some(index);
        }
        self.ships.push(Ship { placement, rect, hits: 0 });
    }

    /// Records a shot at the not yet shot `cell`.
    pub fn shoot(&mut self, cell: Cell) -> ShotResult {
        let index = self.dims.index(cell);
        debug_assert!(!self.shot[index]);
        self.shot[index] = true;
        match self.ship_at[index] {
            None => ShotResult::Miss,
            Some(ship) => {
                let ship_index = ship as usize;
                let ship = &mut self.ships[ship_index];
                ship.hits += 1;
                if ship.is_sunk() { ShotResult::Sunk(ship_index) } else { ShotResult::Hit }
            }
        }
    }

    /// Ships not yet sunk (placed or owed).
    pub fn afloat(&self) -> u32 {
        (self.ships.iter().filter(|s| !s.is_sunk()).count() + self.owed.len()) as u32
    }

    /// True when the fleet is complete and every ship is sunk.
    pub fn all_sunk(&self) -> bool {
        self.owed.is_empty() && self.ships.iter().all(Ship::is_sunk)
    }

    /// Every cell not yet shot at, row-major.
    pub fn unshot(&self) -> impl Iterator<Item = Cell> + '_ {
        self.shot.iter().enumerate().filter(|(_, s)| !**s).map(|(i, _)| self.dims.cell(i))
    }

    /// The ocean of `owner` as drawn for someone who sees intact ships when
    /// `show_ships`: shots show as [`Piece::Miss`], [`Piece::Hit`] or [`Piece::Sunk`] to
    /// everyone, and intact ship cells as [`Piece::Ship`] only when `show_ships`.
    pub fn to_view(&self, owner: Seat, show_ships: bool) -> GridBoard {
        let cells = (0..self.dims.area())
            .map(|i| {
                let ship = self.ship_at[i].map(|s| &self.ships[s as usize]);
                let piece = match (self.shot[i], ship) {
                    (true, None) => Piece::Miss,
                    (true, Some(ship)) if ship.is_sunk() => Piece::Sunk,
                    (true, Some(_)) => Piece::Hit,
                    (false, Some(_)) if show_ships => Piece::Ship,
                    (false, _) => Piece::Empty,
                };
                let owner = matches!(piece, Piece::Ship | Piece::Hit | Piece::Sunk).then_some(owner);
                BoardCell { owner, piece }
            })
            .collect();
        GridBoard::new(self.dims.width, self.dims.height, cells)
    }
}
