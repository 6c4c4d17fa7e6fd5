use std::fmt;

/// Declares [`Reason`], its codes and [`Reason::ALL`] from one list, so that a new reason
/// is one line here (and its value in `proto/tabula/v1/error.proto`, which a test checks).
macro_rules! reasons {
    ($($(#[doc = $doc:literal])* $variant:ident => $code:literal,)*) => {
        /// Why a move was refused. Each reason has a stable code (see [`Reason::code`]) that
        /// the wire format carries, so clients can act on it without parsing messages.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Reason {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Reason {
            /// The stable UPPER_SNAKE code sent in `google.rpc.ErrorInfo.reason`.
            pub const fn code(self) -> &'static str {
                match self {
                    $(Reason::$variant => $code,)*
                }
            }

            /// Every reason, in declaration order.
            pub const ALL: &'static [Reason] = &[$(Reason::$variant,)*];
        }
    };
}

reasons! {
    /// The game is finished.
    GameOver => "GAME_OVER",
    /// The seat may not move now.
    NotYourTurn => "NOT_YOUR_TURN",
    /// The game does not accept this kind of move or target.
    MoveKindNotAllowed => "MOVE_KIND_NOT_ALLOWED",
    /// The target lies outside the board.
    OutOfBounds => "OUT_OF_BOUNDS",
    /// The cell is taken.
    CellOccupied => "CELL_OCCUPIED",
    /// The column has no empty cell.
    ColumnFull => "COLUMN_FULL",
    /// Gomoku's pro opening: the first stone must go on the centre.
    ProOpeningCenter => "PRO_OPENING_CENTER",
    /// Gomoku's pro opening: the first seat's second stone is too close to the centre.
    ProOpeningTooClose => "PRO_OPENING_TOO_CLOSE",
    /// The target cell lies on the board but outside its active region (the part of the
    /// board where pieces may be placed or moved to now).
    OutsideGrid => "OUTSIDE_GRID",
    /// The piece to move is not the mover's own (the cell is empty or holds another
    /// seat's piece).
    NotYourPiece => "NOT_YOUR_PIECE",
    /// The seat has no pieces left in hand to place.
    NoPiecesLeft => "NO_PIECES_LEFT",
    /// The seat may not move pieces or shift the grid yet (it has not placed enough pieces).
    MoveLocked => "MOVE_LOCKED",
    /// The grid shift would take the active region off the board.
    GridOffBoard => "GRID_OFF_BOARD",
    /// The grid shift is not one step in one of the eight directions.
    InvalidShift => "INVALID_SHIFT",
    /// The seat owes a capture and must make it before anything else.
    CapturePending => "CAPTURE_PENDING",
    /// The destination is not joined to the origin by a line of the board.
    NotAdjacent => "NOT_ADJACENT",
    /// The piece stands in a mill and may not be captured now.
    PieceInMill => "PIECE_IN_MILL",
    /// The game's configuration does not allow takebacks.
    TakebackNotAllowed => "TAKEBACK_NOT_ALLOWED",
    /// There is no move of the seat's to take back.
    NothingToTakeBack => "NOTHING_TO_TAKE_BACK",
    /// A takeback the seat asked for still waits for the other seat's answer.
    TakebackAlreadyRequested => "TAKEBACK_ALREADY_REQUESTED",
    /// No takeback request waits for this seat's answer.
    NoTakebackRequest => "NO_TAKEBACK_REQUEST",
    /// The target holds no opponent's piece to capture.
    NothingToCapture => "NOTHING_TO_CAPTURE",
    /// This kind of move does not belong to the seat's current phase.
    WrongPhase => "WRONG_PHASE",
    /// The cell was already shot at.
    AlreadyShot => "ALREADY_SHOT",
    /// No piece of that kind or size is still owed (e.g. a ship length the fleet does not
    /// contain or that is already placed, or a fleet that is not the one owed).
    NotOwed => "NOT_OWED",
    /// Two pieces would touch where the configuration forbids it.
    PiecesTouching => "PIECES_TOUCHING",
    /// The setup cannot be confirmed yet: pieces are still owed.
    SetupIncomplete => "SETUP_INCOMPLETE",
    /// The piece would leave no room for the pieces still owed.
    NoRoomLeft => "NO_ROOM_LEFT",
    /// There is no piece to move at the origin.
    NoPieceAtOrigin => "NO_PIECE_AT_ORIGIN",
    /// The move is not one of the shapes the game allows (e.g. a jump that is not over an
    /// adjacent piece along a line of the board).
    InvalidMove => "INVALID_MOVE",
    /// The move captures or flips nothing, and the game requires that it does (a
    /// Reversi disc must flank at least one line of opponent discs).
    NoFlank => "NO_FLANK",
    /// A pass is refused because the seat has a legal move.
    PassNotAllowed => "PASS_NOT_ALLOWED",
    /// The cell is blocked (a wall) and can never be played.
    CellBlocked => "CELL_BLOCKED",
    /// During the game's opening, pieces may go only on a designated set of cells, and
    /// this cell is not one of them.
    OutsideOpeningArea => "OUTSIDE_OPENING_AREA",
    /// The move breaks the rules of movement (e.g. chess: the piece cannot go there, or
    /// the mover's king would be left in check); the message says which rule.
    IllegalMove => "ILLEGAL_MOVE",
    /// A pawn reaching the last rank must say what it promotes to.
    PromotionRequired => "PROMOTION_REQUIRED",
    /// A promotion was given for a move that does not promote.
    PromotionNotAllowed => "PROMOTION_NOT_ALLOWED",
    /// There is no draw offer from the opponent to accept or decline.
    NoDrawOffer => "NO_DRAW_OFFER",
    /// A draw offer is already waiting for an answer.
    DrawAlreadyOffered => "DRAW_ALREADY_OFFERED",
    /// The draw claimed is not available in the position claimed for.
    DrawNotClaimable => "DRAW_NOT_CLAIMABLE",
    /// The game can no longer be aborted: a seat has made its second move.
    TooLateToAbort => "TOO_LATE_TO_ABORT",
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

/// One problem with one field of a request or a configuration: the shape every layer
/// reports bad input in, up to the `google.rpc.BadRequest` a caller reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldViolation {
    /// The field at fault, as a path of the wire message's field names (e.g. `win_length`,
    /// `config.clock.controls[0].base`).
    pub field: String,
    /// What is wrong with it and what would be accepted.
    pub description: String,
}

impl FieldViolation {
    /// `field` is at fault, as `description` says.
    pub fn new(field: impl Into<String>, description: impl Into<String>) -> FieldViolation {
        FieldViolation { field: field.into(), description: description.into() }
    }

    /// The same violation, its field named from the message `prefix` that holds it.
    #[must_use]
    pub fn within(self, prefix: &str) -> FieldViolation {
        FieldViolation { field: format!("{prefix}.{}", self.field), ..self }
    }
}

impl fmt::Display for FieldViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.field, self.description)
    }
}

/// Every problem found in a configuration: validation never stops at the first one.
#[derive(Clone, Debug, PartialEq, Eq, Default, thiserror::Error)]
pub struct ConfigError {
    /// The problems, in field order; never empty in a returned error.
    pub violations: Vec<FieldViolation>,
}

impl ConfigError {
    /// Records a problem with `field`.
    pub fn add(&mut self, field: &str, description: impl Into<String>) {
        self.violations.push(FieldViolation::new(field, description));
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
            write!(f, "{v}")?;
        }
        Ok(())
    }
}
