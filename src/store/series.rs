//! Series: several games of one configuration between the same two players, taking turns
//! in seat 1. The record holds what the series was created with and, in order, the games
//! it created and how each was scored; the play layer moves it on, one conditional update
//! at a time ([`Store::update_series`](super::Store::update_series)).

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::{BotSeat, Labels, Player, TokenHash};
use crate::engine::Outcome;
use crate::engine::clock::ClockConfig;
use crate::games::GameConfig;

/// Most games one series plays, whatever its length: drawn and aborted games are played
/// again, so without a cap a series could run for ever.
pub const MAX_SERIES_GAMES: usize = 200;

/// How long a series runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeriesLength {
    /// Best of this many games.
    BestOf(u32),
    /// First to this many points.
    FirstTo(u32),
}

/// How a drawn game counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeriesDraws {
    /// Half a point each, and one of the games a best-of counts.
    HalfPoint,
    /// Nothing, and played again.
    Replayed,
}

/// Whether a series is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeriesStatus {
    /// A game is being played, or the next is about to be created.
    InProgress,
    /// Decided.
    Finished,
}

/// A game of a series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesGame {
    /// The game's id.
    pub game_id: String,
    /// When it was created.
    pub started: SystemTime,
    /// How it was scored, once it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<SeriesResult>,
}

/// How a finished game of a series was scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesResult {
    /// The game's outcome.
    pub outcome: Outcome,
    /// The half points it gave player 1 and player 2.
    pub half_points: [u32; 2],
    /// When the game ended.
    pub finished: SystemTime,
}

/// The game a series' game belongs to, kept on that game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesLink {
    /// The series' id.
    pub series_id: String,
    /// The game's number in the series, from 1.
    pub number: u32,
}

/// A series as the store keeps it.
///
/// Invariants: `games` only grows, and a game's `result` is set once, in order (only the
/// last game may lack one); `revision` counts the updates, so that two processes moving
/// the same series on cannot both succeed; a finished series changes nothing again but its
/// labels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesRecord {
    /// Unique identifier; identifiers sort by creation time.
    pub id: String,
    /// The service key that created it, when one did.
    pub owner: Option<String>,
    /// Every game's configuration, random parts undrawn (each game draws its own).
    pub config: GameConfig,
    /// Every game's time control.
    pub clock: Option<ClockConfig>,
    /// How long it runs.
    pub length: SeriesLength,
    /// How draws count.
    pub draws: SeriesDraws,
    /// Player 1 and player 2, or none when the creator named nobody.
    pub players: Vec<Player>,
    /// The players the engine plays; [`BotSeat::seat`] is the player, not a seat.
    pub bots: Vec<BotSeat>,
    /// Whether its games refuse spectators.
    pub private: bool,
    /// Whether the seat to move may ask for hints while a game runs.
    pub allow_hints: bool,
    /// Player 1's and player 2's token hashes: in each game, the hash of the seat the
    /// player sits in.
    pub token_hashes: [TokenHash; 2],
    /// The games created so far, in order.
    pub games: Vec<SeriesGame>,
    /// In progress or finished.
    pub status: SeriesStatus,
    /// The winner once finished: 0 for player 1, 1 for player 2, `None` for a tie.
    pub winner: Option<u8>,
    /// When it was created.
    pub created: SystemTime,
    /// When it last changed.
    pub updated: SystemTime,
    /// How many times it was updated since its creation.
    pub revision: u64,
    /// A digest of the request that created it, to tell its retry from a request id reused
    /// for another request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_digest: Option<String>,
    /// The managing backend's labels, to find the series by; every game of the series is
    /// created with them. They may change.
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub labels: Labels,
    /// The tournament's match the series is, if it is one: its games carry the link too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<super::TournamentLink>,
    /// The rating pool its games are rated in, if they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_pool: Option<String>,
}

impl SeriesRecord {
    /// The seat (from 0) player 1 sits in during game `number` (from 1): seat 1 in odd
    /// games, seat 2 in even ones.
    pub fn player_one_seat(number: u32) -> usize {
        usize::from(number.is_multiple_of(2))
    }
}
