//! Why a PGN cannot be imported: one variant per way to fail, each a sentence a person can
//! act on.

use crate::engine::{ConfigError, EndReason, MoveError};
use crate::games::chess::san::SanError;

/// What was found where a single game's text should have ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A tag (by name, shortened).
    Tag(String),
    /// A movetext symbol (shortened).
    Symbol(String),
}

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Found::Tag(name) => write!(f, "the tag `{name}`"),
            Found::Symbol(symbol) => write!(f, "`{symbol}`"),
        }
    }
}

/// Why [`import`](super::import) refused a text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// The text is longer than the reader takes.
    #[error("the PGN is {length} bytes long; at most {} are read", super::MAX_LEN)]
    TooLong { length: usize },
    /// A tag has a name and no value.
    #[error("tag `[{tag}]` has no value")]
    TagWithoutValue { tag: String },
    /// A tag's value is not a quoted string.
    #[error("tag `{name}` needs its value in double quotes")]
    TagValueUnquoted { name: String },
    /// A `{` comment runs to the end of the text.
    #[error("a comment `{{` is never closed")]
    CommentNotClosed,
    /// A `(` variation runs to the end of the text.
    #[error("a variation `(` is never closed")]
    VariationNotClosed,
    /// Something follows the first game's result token.
    #[error(
        "the PGN holds more than one game ({found} follows the first game's result `{result}`); import one game at a time"
    )]
    AfterResult { found: Found, result: String },
    /// A tag follows the first game's moves.
    #[error(
        "the PGN holds more than one game (the tag `{tag}` follows the first game's moves); import one game at a time"
    )]
    TagAfterMoves { tag: String },
    /// The `Variant` tag names a variant other than standard chess and Chess960.
    #[error("variant `{variant}` is not supported; only standard chess and Chess960 are")]
    UnsupportedVariant { variant: String },
    /// The `FEN` tag (or the variant's start) is not a valid starting position.
    #[error("the starting position is not valid: {0}")]
    InvalidStart(ConfigError),
    /// A move follows the end of the game.
    #[error("move {ply} (`{san}`) comes after the game has ended ({reason:?})")]
    MoveAfterEnd { ply: usize, san: String, reason: EndReason },
    /// A move is not a legal move in standard algebraic notation.
    #[error("move {ply}: {error}")]
    UnreadableMove { ply: usize, error: SanError },
    /// The rules refused a move (e.g. a draw claim that does not hold).
    #[error("move {ply} (`{san}`): {error}")]
    MoveRefused { ply: usize, san: String, error: MoveError },
}
