use std::fmt;

/// Why a move was refused. Each reason has a stable code (see [`Reason::code`]) that the
/// wire format carries, so clients can act on it without parsing messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The game is finished.
    GameOver,
    /// The seat may not move now.
    NotYourTurn,
    /// The game does not accept this kind of move or target.
    MoveKindNotAllowed,
    /// The target lies outside the board.
    OutOfBounds,
    /// The cell is taken.
    CellOccupied,
    /// The column has no empty cell.
    ColumnFull,
    /// Gomoku's pro opening: the first stone must go on the centre.
    ProOpeningCenter,
    /// Gomoku's pro opening: the first seat's second stone is too close to the centre.
    ProOpeningTooClose,
    /// The target cell lies on the board but outside its active region (the part of the
    /// board where pieces may be placed or moved to now).
    OutsideGrid,
    /// The piece to move is not the mover's own (the cell is empty or holds another
    /// seat's piece).
    NotYourPiece,
    /// The seat has no pieces left in hand to place.
    NoPiecesLeft,
    /// The seat may not move pieces or shift the grid yet (it has not placed enough pieces).
    MoveLocked,
    /// The grid shift would take the active region off the board.
    GridOffBoard,
    /// The grid shift is not one step in one of the eight directions.
    InvalidShift,
    /// The seat owes a capture and must make it before anything else.
    CapturePending,
    /// The destination is not joined to the origin by a line of the board.
    NotAdjacent,
    /// The piece stands in a mill and may not be captured now.
    PieceInMill,
    /// The game's configuration does not allow takebacks.
    TakebackNotAllowed,
    /// There is no move of the seat's to take back.
    NothingToTakeBack,
    /// A takeback the seat asked for still waits for the other seat's answer.
    TakebackAlreadyRequested,
    /// No takeback request waits for this seat's answer.
    NoTakebackRequest,
    /// The target holds no opponent's piece to capture.
    NothingToCapture,
    /// This kind of move does not belong to the seat's current phase.
    WrongPhase,
    /// The cell was already shot at.
    AlreadyShot,
    /// No piece of that kind or size is still owed (e.g. a ship length the fleet does not
    /// contain or that is already placed, or a fleet that is not the one owed).
    NotOwed,
    /// Two pieces would touch where the configuration forbids it.
    PiecesTouching,
    /// The setup cannot be confirmed yet: pieces are still owed.
    SetupIncomplete,
    /// The piece would leave no room for the pieces still owed.
    NoRoomLeft,
    /// There is no piece to move at the origin.
    NoPieceAtOrigin,
    /// The move is not one of the shapes the game allows (e.g. a jump that is not over an
    /// adjacent piece along a line of the board).
    InvalidMove,
    /// The move captures or flips nothing, and the game requires that it does (a
    /// Reversi disc must flank at least one line of opponent discs).
    NoFlank,
    /// A pass is refused because the seat has a legal move.
    PassNotAllowed,
    /// The cell is blocked (a wall) and can never be played.
    CellBlocked,
    /// During the game's opening, pieces may go only on a designated set of cells, and
    /// this cell is not one of them.
    OutsideOpeningArea,
    /// The move breaks the rules of movement (e.g. chess: the piece cannot go there, or
    /// the mover's king would be left in check); the message says which rule.
    IllegalMove,
    /// A pawn reaching the last rank must say what it promotes to.
    PromotionRequired,
    /// A promotion was given for a move that does not promote.
    PromotionNotAllowed,
    /// There is no draw offer from the opponent to accept or decline.
    NoDrawOffer,
    /// A draw offer is already waiting for an answer.
    DrawAlreadyOffered,
    /// The draw claimed is not available in the position claimed for.
    DrawNotClaimable,
    /// The game can no longer be aborted: a seat has made its second move.
    TooLateToAbort,
}

impl Reason {
    /// The stable UPPER_SNAKE code sent in `google.rpc.ErrorInfo.reason`.
    pub const fn code(self) -> &'static str {
        match self {
            Reason::GameOver => "GAME_OVER",
            Reason::NotYourTurn => "NOT_YOUR_TURN",
            Reason::MoveKindNotAllowed => "MOVE_KIND_NOT_ALLOWED",
            Reason::OutOfBounds => "OUT_OF_BOUNDS",
            Reason::CellOccupied => "CELL_OCCUPIED",
            Reason::ColumnFull => "COLUMN_FULL",
            Reason::ProOpeningCenter => "PRO_OPENING_CENTER",
            Reason::ProOpeningTooClose => "PRO_OPENING_TOO_CLOSE",
            Reason::OutsideGrid => "OUTSIDE_GRID",
            Reason::NotYourPiece => "NOT_YOUR_PIECE",
            Reason::NoPiecesLeft => "NO_PIECES_LEFT",
            Reason::MoveLocked => "MOVE_LOCKED",
            Reason::GridOffBoard => "GRID_OFF_BOARD",
            Reason::InvalidShift => "INVALID_SHIFT",
            Reason::CapturePending => "CAPTURE_PENDING",
            Reason::NotAdjacent => "NOT_ADJACENT",
            Reason::PieceInMill => "PIECE_IN_MILL",
            Reason::NothingToCapture => "NOTHING_TO_CAPTURE",
            Reason::TakebackNotAllowed => "TAKEBACK_NOT_ALLOWED",
            Reason::NothingToTakeBack => "NOTHING_TO_TAKE_BACK",
            Reason::TakebackAlreadyRequested => "TAKEBACK_ALREADY_REQUESTED",
            Reason::NoTakebackRequest => "NO_TAKEBACK_REQUEST",
            Reason::WrongPhase => "WRONG_PHASE",
            Reason::AlreadyShot => "ALREADY_SHOT",
            Reason::NotOwed => "NOT_OWED",
            Reason::PiecesTouching => "PIECES_TOUCHING",
            Reason::SetupIncomplete => "SETUP_INCOMPLETE",
            Reason::NoRoomLeft => "NO_ROOM_LEFT",
            Reason::NoPieceAtOrigin => "NO_PIECE_AT_ORIGIN",
            Reason::InvalidMove => "INVALID_MOVE",
            Reason::NoFlank => "NO_FLANK",
            Reason::PassNotAllowed => "PASS_NOT_ALLOWED",
            Reason::CellBlocked => "CELL_BLOCKED",
            Reason::OutsideOpeningArea => "OUTSIDE_OPENING_AREA",
            Reason::IllegalMove => "ILLEGAL_MOVE",
            Reason::PromotionRequired => "PROMOTION_REQUIRED",
            Reason::PromotionNotAllowed => "PROMOTION_NOT_ALLOWED",
            Reason::NoDrawOffer => "NO_DRAW_OFFER",
            Reason::DrawAlreadyOffered => "DRAW_ALREADY_OFFERED",
            Reason::DrawNotClaimable => "DRAW_NOT_CLAIMABLE",
            Reason::TooLateToAbort => "TOO_LATE_TO_ABORT",
        }
    }

    /// Every reason, for checks that the wire contract lists them all.
    pub const ALL: &'static [Reason] = &[
        Reason::GameOver,
        Reason::NotYourTurn,
        Reason::MoveKindNotAllowed,
        Reason::OutOfBounds,
        Reason::CellOccupied,
        Reason::ColumnFull,
        Reason::ProOpeningCenter,
        Reason::ProOpeningTooClose,
        Reason::OutsideGrid,
        Reason::NotYourPiece,
        Reason::NoPiecesLeft,
        Reason::MoveLocked,
        Reason::GridOffBoard,
        Reason::InvalidShift,
        Reason::CapturePending,
        Reason::NotAdjacent,
        Reason::PieceInMill,
        Reason::NothingToCapture,
        Reason::TakebackNotAllowed,
        Reason::NothingToTakeBack,
        Reason::WrongPhase,
        Reason::AlreadyShot,
        Reason::NotOwed,
        Reason::PiecesTouching,
        Reason::SetupIncomplete,
        Reason::NoRoomLeft,
        Reason::NoPieceAtOrigin,
        Reason::InvalidMove,
        Reason::NoFlank,
        Reason::PassNotAllowed,
        Reason::CellBlocked,
        Reason::OutsideOpeningArea,
        Reason::IllegalMove,
        Reason::PromotionRequired,
        Reason::PromotionNotAllowed,
        Reason::NoDrawOffer,
        Reason::DrawAlreadyOffered,
        Reason::DrawNotClaimable,
        Reason::TooLateToAbort,
        Reason::TakebackAlreadyRequested,
        Reason::NoTakebackRequest,
    ];
}

/// A refused move: a stable reason and a sentence a person can act on. The message never
/// carries information the mover may not see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// Why, as a stable code.
    pub reason: Reason,
    /// Why, for people.
    pub message: String,
}

impl MoveError {
    /// A refusal for `reason`, explained by `message`.
    pub fn new(reason: Reason, message: impl Into<String>) -> MoveError {
        MoveError { reason, message: message.into() }
    }
}

/// One problem with a configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigViolation {
    /// The field at fault, as named in the wire config message (e.g. `win_length`).
    pub field: String,
    /// What is wrong with it and what would be accepted.
    pub description: String,
}

/// Every problem found in a configuration: validation never stops at the first one.
#[derive(Clone, Debug, PartialEq, Eq, Default, thiserror::Error)]
pub struct ConfigError {
    /// The problems, in field order; never empty in a returned error.
    pub violations: Vec<ConfigViolation>,
}

impl ConfigError {
    /// Records a problem with `field`.
    pub fn add(&mut self, field: &str, description: impl Into<String>) {
        self.violations.push(ConfigViolation { field: field.to_owned(), description: description.into() });
    }

    /// Records a problem when `value` lies outside `range`.
    pub fn check_range(&mut self, field: &str, value: u32, range: std::ops::RangeInclusive<u32>) {
        if !range.contains(&value) {
            self.add(field, format!("must be between {} and {}, got {value}", range.start(), range.end()));
        }
    }

    /// `Ok(value)` when no problem was recorded, the collected problems otherwise.
    pub fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, ConfigError> {
        if self.violations.is_empty() { Ok(value()) } else { Err(self) }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid configuration: ")?;
        for (i, v) in self.violations.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{} {}", v.field, v.description)?;
        }
        Ok(())
    }
}
