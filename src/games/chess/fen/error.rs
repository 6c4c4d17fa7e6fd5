//! Why a FEN is refused: one variant per way a FEN can fail, each a sentence about the
//! FEN (they read after "the FEN …").

use crate::games::chess::board::{Color, Square};
use crate::games::chess::position::CastleSide;

/// A number field of a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberField {
    /// The fifth field: half-moves since the last capture or pawn move.
    HalfmoveClock,
    /// The sixth field: the move number.
    MoveNumber,
}

impl NumberField {
    /// The field's name in a sentence.
    pub const fn name(self) -> &'static str {
        match self {
            NumberField::HalfmoveClock => "halfmove clock",
            NumberField::MoveNumber => "move number",
        }
    }

    /// The values accepted, and the one an absent field takes.
    pub const fn range_and_default(self) -> (u32, u32, u32) {
        match self {
            NumberField::HalfmoveClock => (0, super::MAX_HALFMOVE_CLOCK, 0),
            NumberField::MoveNumber => (1, super::MAX_FULLMOVE_NUMBER, 1),
        }
    }
}

fn side_name(side: CastleSide) -> &'static str {
    match side {
        CastleSide::King => "king",
        CastleSide::Queen => "queen",
    }
}

/// One problem with a FEN. [`parse`](super::parse) reports every problem it finds, except
/// those a field it could not read hides.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text is longer than any FEN of a legal position.
    #[error("is {length} characters long; a FEN has at most {}", super::MAX_LEN)]
    TooLong { length: usize },
    /// The text does not have four to six fields.
    #[error(
        "has {found} fields; a FEN has six separated by spaces (placement, side to move, castling, \
         en passant, halfmove clock, move number), the last two optional"
    )]
    FieldCount { found: usize },
    /// The side to move is neither `w` nor `b`.
    #[error("has side to move `{found}`; it must be `w` or `b`")]
    SideToMove { found: String },
    /// A number field is not a number in its range.
    #[error("has {} `{found}`; it must be a number from {} to {}", .field.name(), .field.range_and_default().0, .field.range_and_default().1)]
    Number { field: NumberField, found: String },
    /// The placement does not have eight ranks.
    #[error("has {found} ranks in its placement; it needs 8 separated by `/`")]
    RankCount { found: usize },
    /// A rank holds a character that is neither a piece nor a count of empty squares.
    #[error("has `{found}` in rank {rank}; pieces are `KQRBNP` (White) and `kqrbnp` (Black)")]
    NotAPiece { found: char, rank: u8 },
    /// A rank describes more or fewer than eight squares.
    #[error("describes {squares} squares in rank {rank} (`{text}`); each rank has 8")]
    RankLength { squares: u32, rank: u8, text: String },
    /// A side has no king, or more than one.
    #[error("has {kings} {} kings; each side has exactly one", .color.name())]
    KingCount { color: Color, kings: u32 },
    /// A side has more than sixteen pieces.
    #[error("has {pieces} {} pieces; a side has at most 16", .color.name())]
    TooManyPieces { color: Color, pieces: u32 },
    /// A side has more than eight pawns.
    #[error("has {pawns} {} pawns; a side has at most 8", .color.name())]
    TooManyPawns { color: Color, pawns: u32 },
    /// A side has more pieces beyond the initial set than its missing pawns could have
    /// promoted to.
    #[error(
        "has {promoted} {} pieces beyond the initial set with {pawns} pawns left; only the 8 pawns can have promoted",
        .color.name()
    )]
    TooManyPromoted { color: Color, promoted: u32, pawns: u32 },
    /// A pawn stands on the first or last rank.
    #[error("has a pawn on {square}; pawns never stand on the first or last rank")]
    PawnOnBackRank { square: Square },
    /// Standard chess: a castling right whose king or rook is not at home.
    #[error("grants castling right `{right}`, which needs {}'s king on {king} and a rook on {rook}", .color.name())]
    CastlingPiecesAway { right: char, color: Color, king: Square, rook: Square },
    /// Chess960: `K` or `Q` with no rook on that side of the king on its back rank.
    #[error(
        "grants castling right `{right}`, which needs {}'s king on its back rank and a rook between it and the {}",
        .color.name(),
        if matches!(.side, CastleSide::King) { "h-file" } else { "a-file" }
    )]
    NoRookOnSide { right: char, color: Color, side: CastleSide },
    /// Chess960: a rook file with no rook there beside a king on its back rank.
    #[error("grants castling right `{right}`, which needs {}'s king on its back rank and a rook on {rook}", .color.name())]
    NoRookOnFile { right: char, color: Color, rook: Square },
    /// Standard chess: castling rights name a rook's file.
    #[error("names a rook file (`{right}`) in its castling rights, which only Chess960 does")]
    RookFileOutsideChess960 { right: char },
    /// The castling field holds a character that names no right.
    #[error("has `{found}` in its castling rights; use `-` or letters from `KQkq`")]
    NotACastlingRight { found: char },
    /// Two castling rights of one side to the same wing.
    #[error("grants {} two {}-side castling rights; there is at most one per side", .color.name(), side_name(*.side))]
    DuplicateCastlingRight { color: Color, side: CastleSide },
    /// The en-passant field is neither `-` nor a square.
    #[error("has en passant field `{found}`; it must be `-` or a square such as `e3`")]
    EnPassantNotASquare { found: String },
    /// The en-passant square is on a rank no double step of the last mover passes.
    #[error(
        "has en passant square {square}, which cannot follow a double pawn step by {}: it must be on rank {rank}",
        .mover.name()
    )]
    EnPassantRank { square: Square, mover: Color, rank: u8 },
    /// The en-passant square has no pawn beyond it that just made a double step.
    #[error(
        "has en passant square {square}, which needs a {} pawn on {pushed} just moved from {origin}, \
         with {square} and {origin} empty",
        .mover.name().to_lowercase()
    )]
    EnPassantWithoutPawn { square: Square, mover: Color, pushed: Square, origin: Square },
    /// An en-passant square with a halfmove clock that a pawn move would have reset.
    #[error("has en passant square {square} with halfmove clock {clock}; it is 0 right after a pawn move")]
    EnPassantClock { square: Square, clock: u32 },
    /// The side that just moved is in check.
    #[error("has {} in check with {} to move, which no legal move can lead to", .checked.name(), .checked.other().name())]
    MoverInCheck { checked: Color },
    /// The side to move is in check from more pieces than one move can give check with.
    #[error("has {} in check from {checkers} pieces at once, which no move can give", .checked.name())]
    TooManyCheckers { checked: Color, checkers: u32 },
}

/// Every problem found in a FEN, in the order of its fields; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidFen(pub Vec<FenError>);

impl std::fmt::Display for InvalidFen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid FEN: the FEN ")?;
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InvalidFen {}
