//! The life of a game, between the wire and the store: each game's serialised turns,
//! idempotency by request id, expected-seq checks, validate-only, the events a turn
//! appends, snapshots, loading and caching, fan-out to subscribers, and the moves the
//! server makes itself (bots, timeouts, series' next games). It speaks domain types and
//! [`PlayError`]; the service layer identifies callers, converts the wire, makes one call
//! into [`Hub`], the only type it sees, and maps the error.
//!
//! Every change to a game is a turn appended to its log by the turn pipeline
//! ([`turn`]), conditional on the log's length and named by its actor, so whoever makes a
//! move (a seat, or a service key aborting, adjudicating or changing the clocks; the
//! server's engine; the clock) goes through the same path and happens at most once.
//! Actions no call carries (a bot's move, a timeout) are derived from the stored game and
//! appended conditional on the seq they were derived at (see [`bots`] and
//! [`timekeeper`]); the play layer's time comes from the [`TimeSource`] it is given.
//!
//! A game's rules run only inside the play layer's containment ([`faults`]): a panic in
//! them answers its call [`PlayError::RulesFault`] and faults the game (read, never played
//! again in this process), rather than taking the call's task down.
//!
//! The modules, from the bottom up, each using only those before it: the metrics the
//! layer records ([`metrics`]), the time, the clocks' readings, errors, effects, tokens
//! and the search pool; a game's fan-out
//! ([`fanout`]) and the game itself ([`live`]); a panic in its rules, contained
//! ([`faults`]); its past positions ([`past`]); the cache ([`cache`]); the turn pipeline
//! ([`turn`]); what subscribes, analyses, counts solutions and saves; the
//! makers of games ([`creation`]); the drivers ([`bots`], [`timekeeper`], [`series`], [`presence`]); and
//! the facade ([`hub`]), which is also the [`effects::Driver`] every part hands what its
//! changes call for.

mod analysis;
mod bots;
mod cache;
mod clocks;
mod creation;
mod delay;
pub mod effects;
mod error;
mod fanout;
mod faults;
mod follow;
mod hub;
mod live;
pub mod metrics;
mod owners;
mod past;
mod presence;
pub mod ratings;
mod saved;
mod search;
pub mod series;
mod solutions;
mod subscription;
mod time;
mod timekeeper;
pub mod tokens;
pub mod tournament;
mod turn;

#[cfg(test)]
mod tests;

// The records the play layer keeps, named from here by the layers above it, which never
// reach the store themselves.
pub use crate::store::document::GameDocument;
pub use crate::store::{
    Actor, Board, BoardResult, BotSeat, Entrant, EventKind, GameRating, GameRecord, GameStatus, Happening, Labels,
    LeaderboardCursor, ListFilter, MAX_ROUND_ROBIN_PLAYERS, MAX_TOURNAMENT_PLAYERS, OwnerEntry, OwnerEventKind, Player,
    PlayerRating, Points, RatingValue, SNAPSHOT_EVERY, SavedConfig, SeriesDraws, SeriesLength, SeriesLink,
    SeriesRecord, SeriesStatus, SpectatorDelay, Store, StoredEvent, TieBreak, TokenHash, TournamentFormat,
    TournamentLink, TournamentRecord, TournamentStatus, engine_player,
};
pub use analysis::{AnalysisAnswer, AnalysisRequest, DEFAULT_ANALYSIS_TIME, MAX_ANALYSIS_NODES, MAX_ANALYSIS_TIME};
pub use bots::{DEFAULT_MOVE_TIME, MAX_MOVE_TIME};
pub use cache::{CACHED_BYTES, CACHED_GAMES, CacheLimits};
pub use clocks::ClockReadings;
pub use creation::{Created, Creation, GameRequest, NewGame, RematchRequest};
pub use error::{HintRefusal, PlayError};
pub use fanout::{Announced, Views};
pub use follow::Revisions;
pub use hub::{EVENT_CHANNEL_CAPACITY, Hub, MAX_EVENTS_PER_GAME, Settings};
pub use live::{GameCopy, LiveGame, SeatProof, revoked_by_reissue};
pub use owners::{OwnerEntries, OwnerFilter, SharedEntry};
pub use past::PastPosition;
pub use presence::STREAM_LEASE;
pub use saved::ToSave;
pub use search::{SearchPool, default_threads};
pub use series::{NewSeries, SeriesRequest};
pub use solutions::{MAX_SOLUTION_NODES, MAX_SOLUTION_TIME, SolutionsAnswer, SolutionsRequest};
pub use subscription::{Content, Deliveries, Delivery, Subscription};
pub use time::{ManualTime, TimeSource, rounded_up_to_millis, turn_moment};
pub use turn::{Afterwards, Answer, Command, TurnRequest, TurnResult};
