use super::{Action, Cell, Outcome, Seat, Viewer};

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Piece {
    /// Nothing.
    #[default]
    Empty,
    /// A plain mark, stone or disc.
    Mark,
}

/// One cell as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BoardCell {
    /// The seat owning what stands here, if anything does.
    pub owner: Option<Seat>,
    /// What stands here.
    pub piece: Piece,
}

impl BoardCell {
    /// A plain mark of `seat`.
    pub const fn mark(seat: Seat) -> BoardCell {
        BoardCell { owner: Some(seat), piece: Piece::Mark }
    }
}

/// A rectangular board as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridBoard {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Row-major from the top-left; always `width * height` entries.
    pub cells: Vec<BoardCell>,
}

impl GridBoard {
    /// The cell at `cell`.
    ///
    /// # Panics
    /// When `cell` lies outside the board.
    pub fn at(&self, cell: Cell) -> BoardCell {
        assert!(cell.row < self.height && cell.col < self.width, "{cell:?} is off the board");
        self.cells[(cell.row * self.width + cell.col) as usize]
    }
}

/// The most recent move, as a viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Who moved.
    pub seat: Seat,
    /// What they did; `None` when the viewer may not see it.
    pub action: Option<Action>,
}

/// What the rules show a viewer of the position itself; [`View`] adds what every game
/// shares. Games fill the fields that apply to them and leave the others at their
/// defaults. Fields are presentation-neutral, so that a client can draw any game from
/// them without knowing its rules.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Observation {
    /// The board, for games played on a grid.
    pub board: Option<GridBoard>,
    /// The active area of the board, for games where only part of the board is in play at
    /// a time (such as a movable grid); `None` when the whole board is.
    pub active_region: Option<Region>,
    /// Pieces each seat still holds off the board, waiting to be placed, indexed by seat;
    /// empty for games without pieces in hand.
    pub seat_in_hand: Vec<u32>,
}

/// A rectangle of a grid board's cells: `height` rows from row `top` and `width` columns
/// from column `left`, in the board's coordinates (row 0 at the top, column 0 at the left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Region {
    /// The first row covered.
    pub top: u32,
    /// The first column covered.
    pub left: u32,
    /// Rows covered.
    pub height: u32,
    /// Columns covered.
    pub width: u32,
}

impl Region {
    /// True when `cell` lies inside the rectangle.
    pub const fn contains(self, cell: Cell) -> bool {
        cell.row >= self.top
            && cell.row - self.top < self.height
            && cell.col >= self.left
            && cell.col - self.left < self.width
    }

    /// Every cell inside the rectangle, in row-major order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (self.top..self.top + self.height)
            .flat_map(move |row| (self.left..self.left + self.width).map(move |col| Cell::new(row, col)))
    }
}

/// A game as one viewer may see it. Whatever the viewer may not see is absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Who the view is for.
    pub viewer: Viewer,
    /// What the rules show of the position.
    pub observation: Observation,
    /// The seats that may act now; empty once the game is over.
    pub to_act: Vec<Seat>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    /// The most recent move.
    pub last_move: Option<LastMove>,
    /// Moves applied so far.
    pub move_count: u32,
}
