//! The life of a game, between the wire and the store: each game's serialised turns,
//! idempotency by request id, expected-seq checks, validate-only, the events a turn
//! appends, snapshots, loading and caching, fan-out to subscribers, and the searches the
//! server runs (bots and analyses). It speaks domain types and [`PlayError`]; the service layer
//! identifies callers, converts the wire, makes one call here and maps the error.
//!
//! Every change to a game is a turn appended to its log by [`Hub::play`], conditional on
//! the log's length and named by its actor, so whoever makes a move (a seat, or a service
//! key aborting, adjudicating or changing the clocks; the server's engine; the clock) goes
//! through the same path and happens at most once. Actions no call carries (a bot's move,
//! a timeout) are derived from the stored game and appended conditional on the seq they
//! were derived at (see [`bots`] and [`timekeeper`]); the play layer's time comes from the
//! [`TimeSource`] it is given.

mod analysis;
mod bots;
mod clocks;
mod creation;
mod error;
mod hub;
mod past;
pub mod saved;
mod search;
pub mod series;
mod subscription;
mod time;
mod timekeeper;
mod turn;

pub use crate::store::SNAPSHOT_EVERY;
pub use analysis::{
    AnalysisAnswer, AnalysisRequest, DEFAULT_ANALYSIS_TIME, MAX_ANALYSIS_NODES, MAX_ANALYSIS_TIME, analyse,
};
pub use bots::{DEFAULT_MOVE_TIME, MAX_MOVE_TIME};
pub use clocks::ClockReadings;
pub use creation::{Created, Creation};
pub use error::{HintRefusal, PlayError};
pub use hub::{
    CACHED_BYTES, CACHED_GAMES, CacheLimits, EVENT_CHANNEL_CAPACITY, GameCopy, Hub, LiveGame, MAX_EVENTS_PER_GAME,
    revoked_by_reissue,
};
pub use past::{PastPosition, position_at};
pub use search::{SearchPool, default_threads};
pub use series::{SeriesCreated, SeriesCreation};
pub use subscription::{Announced, Content, Delivery, OpenedWith, Subscription, subscribe};
pub use time::{ManualTime, TimeSource, rounded_up_to_millis, turn_moment};
pub use turn::{Command, TurnRequest, TurnResult};
