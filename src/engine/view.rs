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

/// Which stage of its course a game is in, for games whose rules change between stages.
/// Generic on purpose: a game maps its own stages onto these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
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
    /// The stage the game is in, for games with more than one; `None` otherwise.
    pub phase: Option<Phase>,
    /// One board per seat, for games where each seat has its own (e.g. Battleship's
    /// oceans): entry `i` is seat `i`'s board as this viewer may see it. Empty otherwise.
    pub seat_boards: Vec<GridBoard>,
    /// The cells the most recent move changed that this viewer may see, e.g. a shot's
    /// target (and every cell of a ship it sank) or the cells of a jump. A client reads
    /// the move's result from the pieces now standing there.
    pub last_changed: Vec<ChangedCell>,
    /// A count per seat of its pieces still in play (pegs left, ships afloat, ...), for
    /// games that count them; entry `i` is seat `i`'s. Empty otherwise.
    pub seat_counts: Vec<u32>,
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
