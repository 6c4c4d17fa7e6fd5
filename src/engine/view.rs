use super::{Action, Cell, Outcome, Seat, Viewer};

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Piece {
    /// Nothing.
    #[default]
    Empty,
    /// A plain mark, stone or disc.
    Mark,
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
    /// The position in the game's standard text notation (FEN for chess), for games that
    /// have one.
    pub notation: Option<String>,
    /// The most recent move in the game's standard notation for people (SAN for chess),
    /// written as it was played (it may depend on the position before the move).
    pub last_move_notation: Option<String>,
    /// The seat whose draw offer is waiting for an answer, if any.
    pub draw_offer: Option<Seat>,
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
