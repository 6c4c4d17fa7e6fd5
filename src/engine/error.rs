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
    /// The move breaks the rules of movement (e.g. chess: the piece cannot go there, or
    /// the mover's king would be left in check); the message says which rule.
    IllegalMove,
    /// The piece to move belongs to another seat.
    NotYourPiece,
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
            Reason::IllegalMove => "ILLEGAL_MOVE",
            Reason::NotYourPiece => "NOT_YOUR_PIECE",
            Reason::PromotionRequired => "PROMOTION_REQUIRED",
            Reason::PromotionNotAllowed => "PROMOTION_NOT_ALLOWED",
            Reason::NoDrawOffer => "NO_DRAW_OFFER",
            Reason::DrawAlreadyOffered => "DRAW_ALREADY_OFFERED",
            Reason::DrawNotClaimable => "DRAW_NOT_CLAIMABLE",
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
        Reason::IllegalMove,
        Reason::NotYourPiece,
        Reason::PromotionRequired,
        Reason::PromotionNotAllowed,
        Reason::NoDrawOffer,
        Reason::DrawAlreadyOffered,
        Reason::DrawNotClaimable,
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
