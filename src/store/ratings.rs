//! Players' ratings, kept per owner, pool and player, and what a rated game holds of them.
//!
//! The store keeps numbers; the play layer computes them (Glicko-2) and writes a game's
//! result in one conditional step ([`Store::rate_game`](super::Store::rate_game)): the game
//! is marked rated and both players' ratings replaced only if the game was still waiting to
//! be rated and neither rating moved since it was read. So a game's result counts exactly
//! once, whichever process and however many at once rate it.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

/// Ratings and deviations are kept to this many parts of one (whole micro-points), and
/// volatilities to [`VOLATILITY_UNITS`]: the play layer rounds every value it computes to
/// these, so that what a store gives back is exactly what was computed.
pub const RATING_UNITS: f64 = 1e6;
/// Volatilities are kept to this many parts of one.
pub const VOLATILITY_UNITS: f64 = 1e9;

/// A rating's three numbers, as kept.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingValue {
    /// The rating.
    pub rating: f64,
    /// Its deviation (how uncertain it is), as of its last rated game.
    pub deviation: f64,
    /// Its volatility (how erratic the player's results are).
    pub volatility: f64,
}

// Every value is finite (a store keeps whole units of it), so equality is an equivalence.
impl Eq for RatingValue {}

impl RatingValue {
    /// This value rounded to what a store keeps ([`RATING_UNITS`], [`VOLATILITY_UNITS`]).
    pub fn to_stored_precision(self) -> RatingValue {
        RatingValue {
            rating: (self.rating * RATING_UNITS).round() / RATING_UNITS,
            deviation: (self.deviation * RATING_UNITS).round() / RATING_UNITS,
            volatility: (self.volatility * VOLATILITY_UNITS).round() / VOLATILITY_UNITS,
        }
    }
}

/// A player's rating in one pool of one owner's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The owner whose games rated it, as its log names it (empty for games made without a
    /// service key).
    pub owner: String,
    /// The pool.
    pub pool: String,
    /// The player's id (an engine level's is [`engine_player`]).
    pub player: String,
    /// The numbers, as of `rated_at`.
    pub value: RatingValue,
    /// Rated games played, and of them won, drawn and lost.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// When the player's last rated game was rated.
    pub rated_at: SystemTime,
    /// Counts the rating's writes: 1 for the first. A write expects the one before it.
    pub revision: u64,
}

/// How a rated game stands in its pool: fixed at creation but for `after` and `done`,
/// written once by [`Store::rate_game`](super::Store::rate_game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRating {
    /// The pool it is rated in.
    pub pool: String,
    /// Each seat's player as rated, in seat order.
    pub players: Vec<String>,
    /// Each seat's rating when the game was made, in seat order (a new player's for one
    /// never rated before).
    pub before: Vec<RatingValue>,
    /// Each seat's rating right after the game was rated; empty until then, and for ever
    /// for a game that ended without a result (it counts for nothing).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after: Vec<RatingValue>,
    /// Whether the game's end was rated (or found to count for nothing).
    #[serde(default)]
    pub done: bool,
}

/// A rated game's end, as the play layer computed it, to write at once.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The game.
    pub game_id: String,
    /// The game's rating once rated (`done`).
    pub rating: GameRating,
    /// Both players' new ratings, each with the revision after the one it was computed
    /// from (1 for a player rated for the first time). Empty for a game that counts for
    /// nothing.
    pub players: Vec<PlayerRating>,
}

/// Where a leaderboard's page starts: after this rating and player, in the order best
/// rating first, then player id.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardCursor {
    /// The last listed player's rating.
    pub rating: f64,
    /// The last listed player's id.
    pub player: String,
}

/// The player id the engine's level `level` is rated as.
pub fn engine_player(level: u8) -> String {
    format!("engine-level-{level}")
}

/// Whether `rating` comes before the place `cursor` names in a leaderboard (so is not on
/// the pages after it).
pub fn before_cursor(rating: &PlayerRating, cursor: &LeaderboardCursor) -> bool {
    rating.value.rating > cursor.rating || (rating.value.rating == cursor.rating && rating.player <= cursor.player)
}

/// `x` as the whole `units` SQL keeps it in.
pub fn to_units(x: f64, units: f64) -> i64 {
    (x * units).round() as i64
}

/// A value kept as whole `units`.
pub fn from_units(n: i64, units: f64) -> f64 {
    n as f64 / units
}
