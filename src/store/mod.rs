//! Game records and their append-only event logs.
//!
//! The log is the truth: a game's state is the replay of the turns in its log, and every
//! event a subscriber receives is read from it or was appended to it. [`Store`] is the
//! seam every backend implements; appends are conditional on the log's current length,
//! so that two writers can never both extend the same game.

mod memory;

use std::time::SystemTime;

use async_trait::async_trait;

use crate::engine::{Outcome, Turn};
use crate::games::{GameConfig, GameKind};

pub use memory::MemoryStore;

/// SHA-256 of a seat token: stores never hold tokens themselves.
pub type TokenHash = [u8; 32];

/// Whether a game still accepts moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Moves are still being played.
    InProgress,
    /// The game has an outcome.
    Finished,
}

/// What a store keeps about a game besides its log. `seq`, `status`, `outcome`,
/// `move_count` and `updated` summarise the log so that listing never replays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Unique identifier; identifiers sort by creation time.
    pub id: String,
    /// The full configuration, defaults filled in: a record is self-contained.
    pub config: GameConfig,
    /// One hash per seat, in seat order.
    pub seat_token_hashes: Vec<TokenHash>,
    /// When the game was created.
    pub created: SystemTime,
    /// When the log last grew.
    pub updated: SystemTime,
    /// Sequence number of the newest event.
    pub seq: u64,
    /// In progress or finished.
    pub status: GameStatus,
    /// The result, once finished.
    pub outcome: Option<Outcome>,
    /// Moves applied.
    pub move_count: u32,
}

impl GameRecord {
    /// The game's kind.
    pub fn kind(&self) -> GameKind {
        self.config.kind()
    }
}

/// What happened, as the log records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The game was created; always event 1.
    Created,
    /// A turn was played (a move, a resignation or a takeback). `move_number` is, for a
    /// move, its number from 1; for a takeback, the number of the move it undid; for a
    /// resignation, the number of moves made before it.
    Played { turn: Turn, move_number: u32 },
    /// The game ended; always the last event.
    Ended(Outcome),
}

/// One entry of a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// Position in the log, from 1, without gaps.
    pub seq: u64,
    /// When it was recorded.
    pub time: SystemTime,
    /// What happened.
    pub kind: EventKind,
    /// The client request that caused it, for recognising retries.
    pub request_id: Option<String>,
}

/// The change an append makes to a record's summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordUpdate {
    /// New status.
    pub status: GameStatus,
    /// New outcome.
    pub outcome: Option<Outcome>,
    /// New move count.
    pub move_count: u32,
    /// When.
    pub updated: SystemTime,
}

/// Which games to list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListFilter {
    /// Only this kind.
    pub kind: Option<GameKind>,
    /// Only this status.
    pub status: Option<GameStatus>,
}

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// No game has this identifier.
    #[error("no game has id {0:?}")]
    NotFound(String),
    /// A game with this identifier already exists.
    #[error("a game with id {0:?} already exists")]
    AlreadyExists(String),
    /// The log had grown past the expected length: someone else appended first.
    #[error("the game's log is at seq {current}, not the expected {expected}")]
    Conflict { expected: u64, current: u64 },
    /// The backend failed.
    #[error("storage failure: {0}")]
    Backend(String),
}

/// Where games live. Every implementation gives the same guarantees:
/// - an append succeeds only if the log's newest seq equals `expected_seq`, and then
///   adds the events (numbered `expected_seq + 1, ...`) and the record update at once;
/// - once a call returns `Ok`, what it wrote survives for the life of the backend
///   (process memory for [`MemoryStore`]).
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// Adds a new game with its first event.
    async fn create(&self, record: GameRecord, first: StoredEvent) -> Result<(), StoreError>;

    /// A game's record and its whole log.
    async fn load(&self, id: &str) -> Result<(GameRecord, Vec<StoredEvent>), StoreError>;

    /// Appends `events` if the log still ends at `expected_seq`.
    async fn append(
        &self,
        id: &str,
        expected_seq: u64,
        events: Vec<StoredEvent>,
        update: RecordUpdate,
    ) -> Result<(), StoreError>;

    /// Up to `limit` events with seq greater than `after`, in order.
    async fn events_after(&self, id: &str, after: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError>;

    /// Up to `limit` records matching `filter`, newest first, starting after the record
    /// with id `after_id` in that order (from the newest when `None`).
    async fn list(&self, filter: ListFilter, after_id: Option<&str>, limit: usize)
    -> Result<Vec<GameRecord>, StoreError>;
}
