//! Morris settings: which board, how many pieces, and the optional rules.

use serde::{Deserialize, Serialize};

use crate::engine::PlayOptions;

use crate::engine::ConfigError;

use super::boards::{NINE, SIX, THREE, TWELVE, Topology};

/// Pieces a player must keep: with fewer, no mill can ever be closed again.
pub const MIN_PIECES: u32 = 3;
/// Default flying threshold.
pub const DEFAULT_FLYING_THRESHOLD: u32 = 3;
/// Default number of moves (both seats counted) without a capture before a draw.
pub const DEFAULT_MOVE_LIMIT: u32 = 100;
/// Range accepted for `move_limit`.
pub const MOVE_LIMITS: std::ops::RangeInclusive<u32> = 10..=1000;

/// Which member of the family is played: the board and its default rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Variant {
    /// Three Men's Morris: 9 points, 3 pieces each, no flying by default.
    Three,
    /// Six Men's Morris: 16 points, 6 pieces each, no flying by default.
    Six,
    /// Nine Men's Morris: 24 points, 9 pieces each, flying at three pieces.
    #[default]
    Nine,
    /// Twelve Men's Morris: the Nine board with diagonals, 12 pieces each, flying at three.
    Twelve,
}

impl Variant {
    /// The board.
    pub fn topology(self) -> &'static Topology {
        match self {
            Variant::Three => &THREE,
            Variant::Six => &SIX,
            Variant::Nine => &NINE,
            Variant::Twelve => &TWELVE,
        }
    }

    /// Pieces each player starts with unless overridden.
    pub const fn pieces(self) -> u32 {
        match self {
            Variant::Three => 3,
            Variant::Six => 6,
            Variant::Nine => 9,
            Variant::Twelve => 12,
        }
    }

    /// Whether players fly by default. Three and Six Men's Morris are traditionally played
    /// without it: with three pieces each, flying would start with the first move.
    pub const fn flies(self) -> bool {
        matches!(self, Variant::Nine | Variant::Twelve)
    }

    /// Lower-case name, as in preset names.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Three => "three",
            Variant::Six => "six",
            Variant::Nine => "nine",
            Variant::Twelve => "twelve",
        }
    }
}

/// Whether a player reduced to `flying_threshold` pieces may fly. Unlike the other
/// switches its default depends on the variant, hence three states rather than a `bool`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Flying {
    /// Whatever the variant does (see [`Variant::flies`]); [`Config::with_defaults`]
    /// replaces it with one of the two others.
    #[default]
    VariantDefault,
    /// A player with `flying_threshold` pieces or fewer, none in hand, may move a piece to
    /// any empty point.
    Allowed,
    /// Pieces always move along lines.
    Forbidden,
}

/// Morris settings. A zero field (and [`Flying::VariantDefault`]) stands for its default;
/// see the module documentation for the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// The board and its default rules.
    pub variant: Variant,
    /// Pieces each player starts with in hand.
    pub pieces: u32,
    /// Whether flying is played.
    pub flying: Flying,
    /// A player with this many pieces or fewer on the board (and none in hand) flies.
    pub flying_threshold: u32,
    /// When false (the default) a piece standing in a mill may be captured only when every
    /// piece of its owner stands in a mill; when true any piece may be captured.
    pub capture_from_mills: bool,
    /// When true a piece standing in a mill is never captured, not even when every piece
    /// of its owner stands in one (closing a mill then captures nothing). Not together with
    /// `capture_from_mills`. Absent from configurations stored before it existed: false.
    #[serde(default)]
    pub never_capture_from_mills: bool,
    /// Moves (slides and flights, both seats counted) without a capture after which the
    /// game is drawn.
    pub move_limit: u32,
    /// Switches the move limit off.
    pub no_move_limit: bool,
    /// Switches the threefold-repetition draw off.
    pub no_repetition_draw: bool,
    /// Who starts, and takebacks; the defaults in configurations stored before they
    /// existed.
    #[serde(default)]
    pub play: PlayOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config::of(Variant::Nine)
    }
}

impl Config {
    /// `variant` with every default filled in.
    pub fn of(variant: Variant) -> Config {
        Config {
            variant,
            pieces: variant.pieces(),
            flying: if variant.flies() { Flying::Allowed } else { Flying::Forbidden },
            flying_threshold: DEFAULT_FLYING_THRESHOLD,
            capture_from_mills: false,
            never_capture_from_mills: false,
            move_limit: DEFAULT_MOVE_LIMIT,
            no_move_limit: false,
            no_repetition_draw: false,
            play: PlayOptions::default(),
        }
    }

    /// This configuration with every zero field replaced by its default.
    pub fn with_defaults(self) -> Config {
        let d = Config::of(self.variant);
        let or = |value: u32, default: u32| if value == 0 { default } else { value };
        Config {
            pieces: or(self.pieces, d.pieces),
            flying: if self.flying == Flying::VariantDefault { d.flying } else { self.flying },
            flying_threshold: or(self.flying_threshold, d.flying_threshold),
            move_limit: or(self.move_limit, d.move_limit),
            ..self
        }
    }

    /// Whether flying is played, reading [`Flying::VariantDefault`] as the variant's rule.
    pub fn flies(&self) -> bool {
        match self.flying {
            Flying::VariantDefault => self.variant.flies(),
            Flying::Allowed => true,
            Flying::Forbidden => false,
        }
    }

    /// Every problem with this configuration, all at once.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let mut errors = ConfigError::default();
        // Both hands must fit on the board, so that the placing player always finds an
        // empty point.
        let most_pieces = self.variant.topology().point_count() / 2;
        errors.check_range("pieces", self.pieces, MIN_PIECES..=most_pieces);
        let pieces = self.pieces.clamp(MIN_PIECES, most_pieces);
        errors.check_range("flying_threshold", self.flying_threshold, MIN_PIECES..=pieces);
        errors.check_range("move_limit", self.move_limit, *MOVE_LIMITS.start()..=*MOVE_LIMITS.end());
        if self.capture_from_mills && self.never_capture_from_mills {
            errors.add(
                "never_capture_from_mills",
                "cannot be set together with capture_from_mills: pieces in mills are either always or never capturable",
            );
        }
        if self.no_move_limit && self.no_repetition_draw {
            errors.add(
                "no_repetition_draw",
                "cannot be set together with no_move_limit: a game needs at least one draw rule so that it always ends",
            );
        }
        errors.into_result(|| ())
    }
}
