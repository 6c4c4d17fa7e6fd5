//! The life of a game, between the wire and the store: each game's serialised turns,
//! idempotency by request id, expected-seq checks, validate-only, the events a turn
//! appends, snapshots, loading and caching, fan-out to subscribers, and the searches the
//! server runs (hints). It speaks domain types and [`PlayError`]; the service layer
//! identifies callers, converts the wire, makes one call here and maps the error.
//!
//! Every change to a game is a turn appended to its log by [`Hub::play`], conditional on
//! the log's length, so whoever makes a move (a seat today; the server's engine, a clock
//! or a service key next) goes through the same path and happens at most once.

mod creation;
mod error;
mod hub;
mod search;
mod subscription;
mod turn;

pub use creation::{Created, Creation};
pub use error::PlayError;
pub use hub::{CACHED_GAMES, EVENT_CHANNEL_CAPACITY, GameCopy, Hub, LiveGame, SNAPSHOT_EVERY};
pub use search::{SearchPool, default_threads};
pub use subscription::{Delivery, Subscription, subscribe};
pub use turn::{TurnRequest, TurnResult};
