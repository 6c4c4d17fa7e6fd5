//! The move language shared by every game. One enum, one arm per kind of move; each game
//! accepts the arms that make sense for it and refuses the others with
//! [`Reason::MoveKindNotAllowed`](crate::engine::Reason::MoveKindNotAllowed).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A cell of a rectangular board. Row 0 is the top row, column 0 the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// Zero-based row, from the top.
    pub row: u32,
    /// Zero-based column, from the left.
    pub col: u32,
}

impl Cell {
    /// The cell at `row`, `col`.
    pub const fn new(row: u32, col: u32) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    /// Spreadsheet-style: column letter(s) then one-based row, e.g. `a1` for the top-left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut letters = Vec::new();
        let mut col = self.col as u64 + 1;
        while col > 0 {
            col -= 1;
            letters.push(b'a' + (col % 26) as u8);
            col /= 26;
        }
        letters.reverse();
        write!(f, "{}{}", String::from_utf8_lossy(&letters), self.row as u64 + 1)
    }
}

/// A location on any kind of board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    /// A cell of a grid board.
    Cell(Cell),
    /// A point of a graph board, by index.
    Point(u32),
}

/// Which way a ship extends from its bow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Orientation {
    /// To the right of the bow.
    Horizontal,
    /// Downwards from the bow.
    Vertical,
}

/// One ship of a fleet: its top-left cell, its direction and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShipPlacement {
    /// The ship's top-left cell.
    pub bow: Cell,
    /// Which way it extends.
    pub orientation: Orientation,
    /// Cells covered.
    pub length: u32,
}

/// What a chess pawn promotes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Promotion {
    Queen,
    Rook,
    Bishop,
    Knight,
}

/// Where a [`Action::Place`] puts something.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlaceTarget {
    /// A grid cell.
    Cell(Cell),
    /// A column; gravity picks the row.
    Column(u32),
    /// A point of a graph board.
    Point(u32),
    /// One ship.
    Ship(ShipPlacement),
    /// A whole fleet.
    Fleet(Vec<ShipPlacement>),
}

/// A move, in the vocabulary shared by every game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Put something on the board.
    Place(PlaceTarget),
    /// Move a piece from one location to another.
    Move { from: Location, to: Location, promotion: Option<Promotion> },
    /// Shift the playing grid by one step; each component is -1, 0 or 1.
    GridShift { d_row: i32, d_col: i32 },
    /// Remove an opponent's piece.
    Capture(Location),
    /// Fire at a cell.
    Shot(Cell),
    /// Give up the turn.
    Pass,
    /// Declare a setup complete and confirm it (e.g. a Battleship fleet): nothing more may
    /// be changed in it afterwards.
    Ready,
    /// Offer the opponent a draw. The offer stands until the opponent's next action; the
    /// offering seat keeps the turn (it still has to move).
    OfferDraw,
    /// Accept the standing draw offer: the game ends drawn by agreement.
    AcceptDraw,
    /// Decline the standing draw offer; the declining seat keeps the turn. Moving without
    /// answering declines too.
    DeclineDraw,
    /// Claim a draw that the rules let the seat to move claim in the current position
    /// (in chess: the fifty-move rule or threefold repetition).
    ClaimDraw,
    /// Make a move and claim a draw that the position it leads to allows (in chess: the
    /// fifty-move rule or threefold repetition reached by this move). Accepted only when
    /// the claim holds; the move is then played and the game ends drawn, unless the move
    /// itself ends the game first (checkmate or stalemate).
    MoveAndClaimDraw { from: Location, to: Location, promotion: Option<Promotion> },
    /// Withdraw the seat's own draw offer while it waits for an answer, on either seat's
    /// turn. (Last of the arms: snapshots number them in order.)
    WithdrawDraw,
}

impl Action {
    /// Shorthand for placing on a grid cell.
    pub const fn place(row: u32, col: u32) -> Action {
        Action::Place(PlaceTarget::Cell(Cell::new(row, col)))
    }

    /// Shorthand for dropping into a column.
    pub const fn drop(column: u32) -> Action {
        Action::Place(PlaceTarget::Column(column))
    }

    /// Whether this is a draw offered, accepted, declined or withdrawn: talk between the
    /// seats, not a move on the board.
    pub fn is_draw_talk(&self) -> bool {
        matches!(self, Action::OfferDraw | Action::AcceptDraw | Action::DeclineDraw | Action::WithdrawDraw)
    }

    /// The name of this kind of move, as used in error messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Action::Place(PlaceTarget::Cell(_)) => "place on a cell",
            Action::Place(PlaceTarget::Column(_)) => "drop into a column",
            Action::Place(PlaceTarget::Point(_)) => "place on a point",
            Action::Place(PlaceTarget::Ship(_)) => "place a ship",
            Action::Place(PlaceTarget::Fleet(_)) => "place a fleet",
            Action::Move { .. } => "move a piece",
            Action::GridShift { .. } => "shift the grid",
            Action::Capture(_) => "capture",
            Action::Shot(_) => "shot",
            Action::Pass => "pass",
            Action::Ready => "ready",
            Action::OfferDraw => "offer a draw",
            Action::AcceptDraw => "accept a draw",
            Action::DeclineDraw => "decline a draw",
            Action::WithdrawDraw => "withdraw a draw offer",
            Action::ClaimDraw => "claim a draw",
            Action::MoveAndClaimDraw { .. } => "move and claim a draw",
        }
    }
}
