use serde::{Deserialize, Serialize};

use super::{Action, Cell, Outcome, Seat, Viewer};

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Piece {
    /// Nothing.
    #[default]
    Empty,
    /// A plain mark, stone or disc.
    Mark,
    /// Not part of the board: nothing can ever stand here (e.g. the cells outside a
    /// triangular or cross-shaped board drawn on a rectangular grid).
    Void,
    /// An intact part of a ship, shown only to those allowed to see it.
    Ship,
    /// A part of a ship that was shot, while the ship still floats.
    Hit,
    /// A shot that found nothing.
    Miss,
    /// A part of a sunk ship; every cell of a sunk ship shows this.
    Sunk,
    /// A blocked cell that belongs to nobody: nothing may be placed on it, and it
    /// interrupts every line through it. Its owner is always `None`.
    Wall,
    /// A chess king.
    King,
    /// A chess queen.
    Queen,
    /// A chess rook.
    Rook,
    /// A chess bishop.
    Bishop,
    /// A chess knight.
    Knight,
    /// A chess pawn.
    Pawn,
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

    /// A blocked cell (see [`Piece::Wall`]).
    pub const fn wall() -> BoardCell {
        BoardCell { owner: None, piece: Piece::Wall }
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
    /// How the game names the cells in its move labels.
    pub names: CellNames,
}

/// How a board's cells are named, as the game's move labels name them: for a front end to
/// write along the board's edges or in its cells, so that what it shows and what the labels
/// say agree.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CellNames {
    /// One per column, left to right; empty when the game does not name cells by column.
    pub columns: Vec<String>,
    /// One per row, top to bottom; empty when the game does not name cells by row.
    pub rows: Vec<String>,
    /// One per cell, row-major, for a game that names each cell on its own (peg
    /// solitaire's holes, an empty name for a cell that is none); empty otherwise.
    pub cells: Vec<String>,
}

impl CellNames {
    /// The names [`Cell`]'s display gives (`a1` at the top left): column letters from the
    /// left, row numbers from 1 at the top.
    pub fn spreadsheet(width: u32, height: u32) -> CellNames {
        let letters = |col: u32| {
            let name = Cell::new(0, col).to_string();
            name.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned()
        };
        CellNames {
            columns: (0..width).map(letters).collect(),
            rows: (1..=height).map(|row| row.to_string()).collect(),
            cells: Vec::new(),
        }
    }
}

impl GridBoard {
    /// A `width` × `height` board of `cells` (row-major from the top left), its cells named
    /// as [`Cell`]'s display names them; see [`GridBoard::named`] for other names.
    pub fn new(width: u32, height: u32, cells: Vec<BoardCell>) -> GridBoard {
        GridBoard { width, height, cells, names: CellNames::spreadsheet(width, height) }
    }

    /// This board with its cells named as `names` says.
    #[must_use]
    pub fn named(self, names: CellNames) -> GridBoard {
        GridBoard { names, ..self }
    }

    /// The cell at `cell`.
    ///
    /// # Panics
    /// When `cell` lies outside the board.
    pub fn at(&self, cell: Cell) -> BoardCell {
        assert!(cell.row < self.height && cell.col < self.width, "{cell:?} is off the board");
        self.cells[(cell.row * self.width + cell.col) as usize]
    }
}

/// One point of a [`GraphBoard`] as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct GraphPoint {
    /// Where to draw the point: lattice column, from the left; below [`GraphBoard::width`].
    pub x: u32,
    /// Where to draw the point: lattice row, from the top; below [`GraphBoard::height`].
    pub y: u32,
    /// The seat whose piece stands on the point, if any.
    pub occupant: Option<Seat>,
}

/// A board whose playing spots are the points of a graph rather than the cells of a grid
/// (the Morris boards, for instance). It carries its whole topology, so that a client can
/// draw it without knowing the game: each point at its lattice coordinates, each edge as a
/// straight segment between its two points.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GraphBoard {
    /// Columns of the drawing lattice: every point has `x < width`.
    pub width: u32,
    /// Rows of the drawing lattice: every point has `y < height`.
    pub height: u32,
    /// The points. A point's index in this list is the number that
    /// [`Location::Point`](super::Location::Point) and
    /// [`PlaceTarget::Point`](super::PlaceTarget::Point) carry.
    pub points: Vec<GraphPoint>,
    /// The lines drawn on the board, as pairs of point indices (smaller first), each once.
    /// Pieces move along them; which moves are legal is for the rules to say.
    pub edges: Vec<(u32, u32)>,
    /// Groups of points that count together (the mills of Morris), each listed in order
    /// along its line. A client may highlight a group whose points share one occupant.
    pub lines: Vec<Vec<u32>>,
    /// Each point's name as the game's move labels write it, by index.
    pub point_names: Vec<String>,
}

/// What a seat does on its turn, for games whose turns change kind as the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Puts a piece from its hand on the board.
    Placing,
    /// Moves one of its pieces along the board's lines.
    Moving,
    /// Moves one of its pieces to any empty spot, lines or not.
    Flying,
    /// Removes an opponent's piece before its turn ends.
    Capturing,
}

/// The most recent move, as a viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Who moved.
    pub seat: Seat,
    /// What they did; `None` when the viewer may not see it.
    pub action: Option<Action>,
    /// The action in the game's machine notation (UCI for chess), when it has one and the
    /// viewer may see the action.
    pub machine_notation: Option<String>,
    /// The action as the game labels moves (as [`Rules::describe`](super::Rules::describe)
    /// and the legal moves' labels name them; SAN for chess), when the viewer may see it.
    pub label: Option<String>,
}

/// Which stage of its course a game is in, for games whose rules change between stages.
/// Generic on purpose: a game maps its own stages onto these. (What one seat does on its
/// turn is a [`Phase`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Seats set up their pieces (e.g. place a fleet or put men on the board) before or
    /// instead of ordinary play.
    Placement,
    /// Ordinary play.
    Play,
    /// The game is over.
    Finished,
}

/// A cell that the most recent move changed, and which board it lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChangedCell {
    /// `None` for [`Observation::board`]; `Some(seat)` for that seat's board in
    /// [`Observation::seat_boards`].
    pub seat_board: Option<Seat>,
    /// The cell.
    pub cell: Cell,
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
    /// The board, for games played on the points of a graph.
    pub graph: Option<GraphBoard>,
    /// Pieces each seat has on the board, indexed by seat; empty for games that do not
    /// count pieces.
    pub seat_counts: Vec<u32>,
    /// What each seat does on its turn, indexed by seat: for a seat in `to_act`, what it
    /// must do now; for the others, what they will do on their next turn as things stand.
    /// Empty for games whose turns are all alike.
    pub seat_phases: Vec<Phase>,
    /// The stage the game is in, for games with more than one; `None` otherwise.
    pub stage: Option<Stage>,
    /// One board per seat, for games where each seat has its own (e.g. Battleship's
    /// oceans): entry `i` is seat `i`'s board as this viewer may see it. Empty otherwise.
    pub seat_boards: Vec<GridBoard>,
    /// The cells the most recent move changed that this viewer may see, e.g. a shot's
    /// target (and every cell of a ship it sank) or the cells of a jump. A client reads
    /// the move's result from the pieces now standing there.
    pub last_changed: Vec<ChangedCell>,
    /// The position in the game's standard text notation (FEN for chess), for games that
    /// have one.
    pub notation: Option<String>,
    /// The most recent move in the game's standard notation for people (SAN for chess),
    /// written as it was played (it may depend on the position before the move).
    pub last_move_notation: Option<String>,
    /// The seat whose draw offer is waiting for an answer, if any.
    pub draw_offer: Option<Seat>,
}

/// A rectangle of a grid board's cells: `height` rows from row `top` and `width` columns
/// from column `left`, in the board's coordinates (row 0 at the top, column 0 at the left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
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
    /// The seat whose takeback request waits for the other seat's answer.
    pub takeback_request: Option<Seat>,
}
