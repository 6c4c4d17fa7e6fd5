//! Game records and their append-only event logs.
//!
//! The log is the truth: a game's state is the replay of the turns in its log, and every
//! event a subscriber receives is read from it or was appended to it. [`Store`] is the
//! seam every backend implements; appends are conditional on the log's current length,
//! so that two writers can never both extend the same game.

mod codec;
pub mod document;
mod log;
mod memory;
mod migrations;
mod owner_log;
mod postgres;
mod presence;
mod ratings;
mod saved;
mod series;
mod sql;
mod sqlite;
mod tournament;

use std::sync::Arc;
use std::time::SystemTime;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::engine::clock::{ClockChange, ClockConfig, Clocks};
use crate::engine::{Outcome, Seat, Turn};
use crate::games::{GameConfig, GameKind};

pub use log::{Actor, BotSeat, Player, latest_clocks, played_turns};
pub use memory::MemoryStore;
pub use owner_log::{OwnerEntry, OwnerEventKind, OwnerLogPage, OwnerNote, creation_note, log_owner, owner_of};
pub use postgres::PostgresStore;
pub use presence::{PresenceLease, SeatPresence, follow_presence};
pub use ratings::{
    GameRating, LeaderboardCursor, PlayerRating, RATING_UNITS, RatedGame, RatingValue, VOLATILITY_UNITS, engine_player,
};
pub use saved::{SaveMode, SavedConfig};
pub use series::{
    MAX_SERIES_GAMES, SeriesDraws, SeriesGame, SeriesLength, SeriesLink, SeriesRecord, SeriesResult, SeriesStatus,
};
pub use sqlite::SqliteStore;
pub use tournament::{
    Board, BoardResult, Entrant, Happening, HistoryEntry, MAX_ROUND_ROBIN_PLAYERS, MAX_TOURNAMENT_PLAYERS, Points,
    Round, TieBreak, TournamentFormat, TournamentLink, TournamentRecord, TournamentStatus,
};

/// The SQLite schema's migrations up to `version` only, to build a database as an older
/// release left it (tests of the migrations use it).
pub fn sqlite_migrator_through(version: i64) -> sqlx::migrate::Migrator {
    sqlx::migrate::Migrator::with_migrations(
        migrations::SQLITE.iter().filter(|m| m.version <= version).cloned().collect(),
    )
}

/// The SQLite file `tabula serve` keeps its games in when told nothing else.
pub const DEFAULT_STORE: &str = "sqlite:tabula.db";

/// Opens the store that `address` names:
/// - `postgres://…` or `postgresql://…`: a PostgreSQL database, shared by replicas;
/// - `sqlite:PATH` (or a plain path): one SQLite file, created if missing;
/// - `memory`: process memory, for throw-away servers.
pub async fn open(address: &str) -> Result<Arc<dyn Store>, StoreError> {
    if address.starts_with("postgres://") || address.starts_with("postgresql://") {
        Ok(Arc::new(PostgresStore::connect(address).await?))
    } else if address == "memory" {
        Ok(Arc::new(MemoryStore::new()))
    } else if address.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::open_url(address).await?))
    } else {
        Ok(Arc::new(SqliteStore::open(std::path::Path::new(address)).await?))
    }
}

/// The labels the managing backend gives a game or a series, to find it by, sorted by key.
/// Keys and values are checked at the service's edge (Google's rules for labels); the
/// store keeps what it is given.
pub type Labels = std::collections::BTreeMap<String, String>;

/// The parts of a record that change after creation: those that decide what a call may
/// do, and the labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordHead {
    /// Sequence number of the newest event.
    pub seq: u64,
    /// One hash per seat, in seat order.
    pub seat_token_hashes: Vec<TokenHash>,
    /// When each seat's token was last reissued ([`GameRecord::seats_reissued`]).
    pub seats_reissued: Vec<Option<SystemTime>>,
    /// The game's labels ([`GameRecord::labels`]).
    pub labels: Labels,
    /// The game's rematch, once made ([`GameRecord::rematch`]).
    pub rematch: Option<String>,
    /// For a rated game, its rating ([`GameRecord::rating`]), rated once it has ended.
    pub rating: Option<GameRating>,
    /// Whether the game's rules failed on it ([`GameRecord::faulted`]).
    pub faulted: bool,
}

/// What an append expects a game's record to hold still: the seq its log ends at and the
/// seat token hashes its writer admitted the turn's caller by. An append applies only if
/// both still hold, so a turn played on a copy of the game that another writer overtook,
/// by a turn of its own or by reissuing a seat's token, is refused
/// ([`StoreError::Conflict`]) and stores nothing. (Every reissue replaces its seat's hash,
/// so the hashes alone tell whether any seat's credentials changed.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedHead {
    /// The seq the log must still end at.
    pub seq: u64,
    /// The seat token hashes the record must still hold, in seat order.
    pub seat_token_hashes: Vec<TokenHash>,
    /// Whether the writer holds the game faulted ([`GameRecord::faulted`]): a writer that
    /// does not know of a fault another process marked is refused too, so that it learns
    /// of it before any turn of its own is stored.
    pub faulted: bool,
}

/// A snapshot of a game's state is saved every this many events, so that loading a long
/// game replays at most this many.
pub const SNAPSHOT_EVERY: u64 = 64;
/// Of the snapshots, every this many is kept for good as a checkpoint (the others are
/// dropped once a newer one is saved), so that the game at any past seq is at most
/// `SNAPSHOT_EVERY * CHECKPOINT_EVERY` events of replay away from a stored state, and a
/// game's snapshots take a bounded multiple of its log's room.
pub const CHECKPOINT_EVERY: u64 = 8;

/// Whether the snapshot at `seq` is a checkpoint, kept for good. Snapshots are saved when
/// the log crosses a multiple of [`SNAPSHOT_EVERY`] (a turn adds at most two events, so
/// one is saved at `64 k` or `64 k + 1`); those of every [`CHECKPOINT_EVERY`]th multiple
/// are checkpoints.
pub fn is_checkpoint(seq: u64) -> bool {
    (seq / SNAPSHOT_EVERY).is_multiple_of(CHECKPOINT_EVERY)
}

/// A change another process made to a game, as a shared store reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The game; for [`ChangeKind::OwnerLogGrew`], the owner.
    pub game_id: String,
    /// What changed.
    pub kind: ChangeKind,
}

/// What another process changed in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    /// The log grew; its newest seq is now this.
    Appended(u64),
    /// A seat token was reissued: the old one must stop working here too.
    SeatTokenReplaced,
    /// The game was deleted.
    Deleted,
    /// Not a game's change: the owner [`Change::game_id`] names noted entries on its log,
    /// whose newest cursor is now this.
    OwnerLogGrew(u64),
    /// The game's rules failed in another process: it takes no more turns here either.
    Faulted,
}

/// SHA-256 of a seat token: stores never hold tokens themselves.
pub type TokenHash = [u8; 32];

/// Whether a game still accepts moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Moves are still being played.
    InProgress,
    /// The game has an outcome.
    Finished,
    /// Finished and put away: still readable, left out of listings that do not ask for it.
    Archived,
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
    /// A private game refuses spectators. Fixed at creation.
    pub private: bool,
    /// The service key (by its public name) that created the game, when one did.
    pub owner: Option<String>,
    /// The seats the server's engine plays, in seat order. Fixed at creation.
    pub bots: Vec<BotSeat>,
    /// Whether the seat to move may ask for hints while the game runs. Fixed at creation.
    pub allow_hints: bool,
    /// The time control, one per seat; `None` for a game without clocks. Fixed at creation.
    pub clock: Option<ClockConfig>,
    /// When the earliest running clock runs out, while the game is in progress: what the
    /// timekeepers of every process look for, so that a timeout never depends on memory.
    pub deadline: Option<SystemTime>,
    /// Who sits in each seat, in seat order, when the creator named anyone; empty
    /// otherwise. Fixed at creation.
    pub players: Vec<Player>,
    /// The series the game is part of, if any. Fixed at creation.
    pub series: Option<SeriesLink>,
    /// When each seat's token was last reissued, in seat order (empty, or `None` for a
    /// seat, when never): a signed seat credential for that seat issued before then is
    /// revoked along with the old token.
    pub seats_reissued: Vec<Option<SystemTime>>,
    /// The managing backend's labels, to find the game by; they may change.
    pub labels: Labels,
    /// The game this one is a rematch of. Fixed at creation.
    pub rematch_of: Option<String>,
    /// The game's rematch, set once when it is made ([`Store::create_rematch`]).
    pub rematch: Option<String>,
    /// When a game scheduled ahead starts: no move before, and its clocks run from then.
    /// `None` for a game that started at its creation. Fixed at creation.
    pub start_at: Option<SystemTime>,
    /// In a game keeping presence, each seat's as the log last announced it, in seat order
    /// (empty before any was).
    pub presence: Vec<SeatPresence>,
    /// How much later than its seats spectators see the game; `None` for no delay. Fixed at
    /// creation.
    pub spectator_delay: Option<SpectatorDelay>,
    /// Whether each move goes on the owner's log too ([`OwnerEventKind::MovePlayed`]). Fixed
    /// at creation.
    pub owner_moves: bool,
    /// For a rated game, its pool and its players' ratings: fixed at creation, then rated
    /// once when the game has ended ([`Store::rate_game`]). `None` for a game not rated.
    pub rating: Option<GameRating>,
    /// The tournament the game was made for, if any, and its place there. Fixed at
    /// creation.
    pub tournament: Option<TournamentLink>,
    /// Whether the game's rules failed (panicked) on it ([`Store::mark_faulted`]): it then
    /// takes no turn but a service key's end outside its rules, and has no deadline. Set
    /// once, never cleared; false at creation.
    pub faulted: bool,
}

/// How much later than its seats spectators see a game: its last `plies` moves, and its
/// events younger than `duration_ms`, are held back from them until the game is over.
///
/// Invariant of a validated delay: `plies` at most [`SpectatorDelay::MAX_PLIES`],
/// `duration_ms` 0 or from [`SpectatorDelay::MIN_DURATION_MS`] to
/// [`SpectatorDelay::MAX_DURATION_MS`], and not both zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpectatorDelay {
    /// Moves held back.
    #[serde(default)]
    pub plies: u32,
    /// How long each event is held back, in milliseconds.
    #[serde(default)]
    pub duration_ms: u64,
}

impl SpectatorDelay {
    /// The most moves held back.
    pub const MAX_PLIES: u32 = 100;
    /// The shortest delay in time.
    pub const MIN_DURATION_MS: u64 = 1_000;
    /// The longest delay in time: an hour.
    pub const MAX_DURATION_MS: u64 = 3_600_000;
}

/// `reissued` ([`GameRecord::seats_reissued`] of a game of `seats` seats) with seat `seat`
/// (from 0) reissued at `at`.
pub fn mark_reissued(reissued: &mut Vec<Option<SystemTime>>, seats: usize, seat: usize, at: SystemTime) {
    reissued.resize(seats.max(reissued.len()), None);
    if let Some(slot) = reissued.get_mut(seat) {
        *slot = Some(to_stored_precision(at));
    }
}

impl GameRecord {
    /// The record of a game about to be created at `created`: in progress, nothing
    /// played, no seat token, no player or bot, public, hints as the kind has them.
    pub fn new_game(config: GameConfig, clock: Option<ClockConfig>, created: SystemTime) -> GameRecord {
        GameRecord {
            id: String::new(),
            allow_hints: config.kind().hints_by_default(),
            config,
            seat_token_hashes: Vec::new(),
            created,
            updated: created,
            seq: 1,
            status: GameStatus::InProgress,
            outcome: None,
            move_count: 0,
            private: false,
            owner: None,
            bots: Vec::new(),
            clock,
            deadline: None,
            players: Vec::new(),
            series: None,
            seats_reissued: Vec::new(),
            labels: Labels::new(),
            rematch_of: None,
            start_at: None,
            rematch: None,
            presence: Vec::new(),
            spectator_delay: None,
            owner_moves: false,
            rating: None,
            tournament: None,
            faulted: false,
        }
    }

    /// When the game starts: its scheduled start, else its creation.
    pub fn starts(&self) -> SystemTime {
        self.start_at.unwrap_or(self.created)
    }

    /// The game's kind.
    pub fn kind(&self) -> GameKind {
        self.config.kind()
    }
}

/// What happened, as the log records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// The game was created; always event 1.
    Created,
    /// A turn was played (a move, a resignation, a takeback, an abort or an adjudication).
    /// `move_number` is, for a move, its number from 1; for a takeback, the number of the
    /// move it undid; otherwise, the number of moves in force before it. `actor` is who
    /// made it; logs written before actors were recorded hold none (see
    /// [`EventKind::actor`]).
    Played {
        turn: Turn,
        move_number: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        actor: Option<Actor>,
        /// In a game with clocks, the clocks just after the turn.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Clocks>,
        /// For a move, its label as the rules named it in the position it was played in
        /// ([`Rules::describe`](crate::engine::Rules::describe): SAN for chess). Logs
        /// written before labels were recorded hold none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
    },
    /// A service key changed the clocks (a pause, a resumption, time added); `clocks` are
    /// the clocks just after.
    Clock { change: ClockChange, actor: Actor, clocks: Clocks },
    /// The game ended: the last event, unless the move that ended it is taken back, when a
    /// [`EventKind::Resumed`] follows that takeback.
    Ended(Outcome),
    /// The game is in progress again: the move that ended it was just taken back.
    Resumed,
    /// A seat of a game keeping presence came (`present`) or went; the event's time is when.
    /// Changes no position.
    Presence { seat: Seat, present: bool },
}

impl EventKind {
    /// Who made this event's turn, for a played turn. Before actors were recorded only
    /// seats made turns, so a turn without one was made by the seat that played it.
    pub fn actor(&self) -> Option<Actor> {
        match self {
            EventKind::Played { actor: Some(actor), .. } => Some(actor.clone()),
            EventKind::Played { turn, actor: None, .. } => turn.seat().map(Actor::Seat),
            EventKind::Clock { actor, .. } => Some(actor.clone()),
            EventKind::Created | EventKind::Ended(_) | EventKind::Resumed | EventKind::Presence { .. } => None,
        }
    }

    /// Whether this event is a move on the board (a move, not talk of a draw): what starts a
    /// game, what a spectator delay in plies counts and what the owner's log notes.
    pub fn is_move(&self) -> bool {
        matches!(self, EventKind::Played { turn: Turn::Move(_, action), .. } if !action.is_draw_talk())
    }

    /// The clocks just after this event (every turn and clock change
    /// of a game with clocks; creations and ends do not).
    pub fn clocks(&self) -> Option<&Clocks> {
        match self {
            EventKind::Played { clocks, .. } => clocks.as_ref(),
            EventKind::Clock { clocks, .. } => Some(clocks),
            EventKind::Created | EventKind::Ended(_) | EventKind::Resumed | EventKind::Presence { .. } => None,
        }
    }
}

/// One entry of a game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredEvent {
    /// Position in the log, from 1, without gaps.
    pub seq: u64,
    /// When it was recorded.
    pub time: SystemTime,
    /// What happened.
    pub kind: EventKind,
    /// The client request that caused it, for recognising retries.
    pub request_id: Option<String>,
    /// A digest of the whole request that caused it, so that a request id reused with a
    /// different request can be refused. Absent from events written before digests were
    /// kept, and from documents exported then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_digest: Option<String>,
}

/// `time` as whole milliseconds since the Unix epoch (earlier times as 0): the timeline the
/// clocks of a game count on ([`Clocks`]).
pub fn to_millis(time: SystemTime) -> u64 {
    time.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The time `millis` milliseconds after the Unix epoch.
pub fn from_millis(millis: u64) -> SystemTime {
    std::time::UNIX_EPOCH + std::time::Duration::from_millis(millis)
}

/// `time` truncated to whole microseconds since the Unix epoch (earlier times become the
/// epoch): the precision every store keeps. A time passed through this reads back from
/// any store equal to what was written.
pub fn to_stored_precision(time: SystemTime) -> SystemTime {
    codec::from_micros(codec::to_micros(time))
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
    /// The game's next deadline afterwards ([`GameRecord::deadline`]).
    pub deadline: Option<SystemTime>,
    /// The entries the appended events make on the game's owner's log.
    pub notes: Vec<OwnerNote>,
    /// Each seat's presence afterwards, when the appended events announce a change of it;
    /// `None` leaves the record's as it is.
    pub presence: Option<Vec<SeatPresence>>,
}

/// Which games to list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListFilter {
    /// Only this kind.
    pub kind: Option<GameKind>,
    /// Only this status; `None` means every status but [`GameStatus::Archived`].
    pub status: Option<GameStatus>,
    /// Only games created at or after this time.
    pub created_after: Option<SystemTime>,
    /// Only games created before this time.
    pub created_before: Option<SystemTime>,
    /// Only games with a seat the server's engine plays.
    pub with_bots: bool,
    /// Only games with a seat whose player has this id (an empty id matches none).
    pub player: Option<String>,
    /// Only games carrying every one of these labels, with these values.
    pub labels: Labels,
}

impl ListFilter {
    /// Whether `record` passes the filter.
    pub fn matches(&self, record: &GameRecord) -> bool {
        self.kind.is_none_or(|k| record.kind() == k)
            && match self.status {
                Some(status) => record.status == status,
                None => record.status != GameStatus::Archived,
            }
            && self.created_after.is_none_or(|t| record.created >= t)
            && self.created_before.is_none_or(|t| record.created < t)
            && (!self.with_bots || !record.bots.is_empty())
            && self.player.as_ref().is_none_or(|id| {
                // An unnamed seat is nobody's: an empty id finds no game.
                !id.is_empty() && record.players.iter().any(|player| &player.id == id)
            })
            && carries(&record.labels, &self.labels)
    }
}

/// Whether `labels` holds every label of `wanted`, with its value.
pub fn carries(labels: &Labels, wanted: &Labels) -> bool {
    wanted.iter().all(|(key, value)| labels.get(key) == Some(value))
}

/// A game's state saved at one point of its log, so that loading replays only the tail.
/// A snapshot is a cache: the log stays the truth, and a snapshot that cannot be restored
/// (written by another version, say) is ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The seq of the last event the state includes.
    pub seq: u64,
    /// The serialised state.
    pub state: Vec<u8>,
}

/// What loading a game for play returns: its record, its newest snapshot if any, and the
/// events after that snapshot (the whole log without one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedGame {
    /// The record.
    pub record: GameRecord,
    /// The newest snapshot.
    pub snapshot: Option<Snapshot>,
    /// The events after the snapshot's seq, in order.
    pub tail: Vec<StoredEvent>,
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
    /// Another game's creation already carries this creation's request id.
    #[error("another creation already carries this request id")]
    CreationRequestTaken,
    /// The record is no longer what the append expected: someone else appended first (the
    /// log is at `current`), or reissued a seat's token (`current` may then equal
    /// `expected`).
    #[error("the game's record moved on (its log is at seq {current}; {expected} was expected)")]
    Conflict { expected: u64, current: u64 },
    /// Only a finished game may be archived.
    #[error("game {0:?} is not finished")]
    NotFinished(String),
    /// The game already has a rematch, this one.
    #[error("game {of:?} already has a rematch, {rematch:?}")]
    RematchExists { of: String, rematch: String },
    /// The owner already has `limit` games in progress, so the creation was refused.
    #[error("{owner:?} already has {limit} games in progress")]
    TooManyGames { owner: String, limit: u64 },
    /// The owner has no saved configuration of this name.
    #[error("no saved configuration is called {0:?}")]
    SavedConfigNotFound(String),
    /// The owner already saved a configuration of this name.
    #[error("a saved configuration is already called {0:?}")]
    SavedConfigExists(String),
    /// No series has this identifier.
    #[error("no series has id {0:?}")]
    SeriesNotFound(String),
    /// No tournament has this identifier.
    #[error("no tournament has id {0:?}")]
    TournamentNotFound(String),
    /// The game is not waiting to be rated: it was rated already, or is not rated.
    #[error("game {0:?} is not waiting to be rated")]
    NotRatable(String),
    /// The owner already saved `limit` configurations.
    #[error("{owner:?} already saved {limit} configurations")]
    TooManySavedConfigs { owner: String, limit: u64 },
    /// The backend failed.
    #[error("storage failure: {0}")]
    Backend(String),
}

/// The owner and limit a creation must respect, if any: a cap binds only owned games.
fn in_progress_cap(record: &GameRecord, max_in_progress: Option<u64>) -> Option<(&str, u64)> {
    Some((record.owner.as_deref()?, max_in_progress?))
}

/// A new game as [`Store::create_many`] takes it: its record and its log so far.
pub type NewRecord = (GameRecord, Vec<StoredEvent>);

/// Whether `owner`, with `in_progress` games in progress, would go beyond `limit` with
/// `adding` more: the cap's refusal if so.
fn beyond_cap(owner: &str, in_progress: u64, adding: usize, limit: u64) -> Result<(), StoreError> {
    match in_progress.saturating_add(adding as u64) > limit {
        true => Err(StoreError::TooManyGames { owner: owner.to_owned(), limit }),
        false => Ok(()),
    }
}

/// Where games live. Every implementation gives the same guarantees:
/// - an append succeeds only if the log's newest seq equals `expected_seq`, and then
///   adds the events (numbered `expected_seq + 1, ...`) and the record update at once;
/// - a creation capped by `max_in_progress` counts the owner's games in progress and
///   inserts as one step, so racing creations cannot overshoot the cap;
/// - once a call returns `Ok`, what it wrote survives for the life of the backend
///   (process memory for [`MemoryStore`]).
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// Adds a new game with its log so far (its creation event, or a whole imported log),
    /// all or nothing.
    ///
    /// With `max_in_progress` set and an owner on the record, the game is added only if
    /// fewer than that many of the owner's games are in progress, and that count is taken
    /// atomically with the insert: however many creations race, the owner never ends up
    /// with more games in progress than the limit (a refusal is
    /// [`StoreError::TooManyGames`]). Without either, no cap applies.
    async fn create(
        &self,
        record: GameRecord,
        log: Vec<StoredEvent>,
        max_in_progress: Option<u64>,
    ) -> Result<(), StoreError> {
        self.create_many(vec![(record, log)], max_in_progress).await
    }

    /// Adds several new games, each with its log so far, all or nothing: one refused
    /// ([`StoreError::AlreadyExists`], [`StoreError::CreationRequestTaken`]) leaves none
    /// stored. Games of one owner (the first record's): with `max_in_progress`, the owner's
    /// games in progress and the new ones are counted as one step with the insert, as for
    /// [`Store::create`].
    async fn create_many(&self, games: Vec<NewRecord>, max_in_progress: Option<u64>) -> Result<(), StoreError>;

    /// A game's record and its whole log.
    async fn load(&self, id: &str) -> Result<(GameRecord, Vec<StoredEvent>), StoreError>;

    /// Appends `events` if the record still holds `expected` (its seq and seat token
    /// hashes); otherwise [`StoreError::Conflict`], and nothing is written.
    async fn append(
        &self,
        id: &str,
        expected: ExpectedHead,
        events: Vec<StoredEvent>,
        update: RecordUpdate,
    ) -> Result<(), StoreError>;

    /// Adds `record`, a rematch of finished game `of` (its `rematch_of`), with its log, and
    /// links `of` to it, in one step: [`StoreError::RematchExists`] when `of` has a
    /// rematch already (so a game has at most one, however many are asked for at once),
    /// [`StoreError::NotFinished`] when it is in progress, [`StoreError::NotFound`]; the cap
    /// and the refusals of [`Store::create`] hold. A refusal stores nothing.
    async fn create_rematch(
        &self,
        of: &str,
        record: GameRecord,
        log: Vec<StoredEvent>,
        max_in_progress: Option<u64>,
    ) -> Result<(), StoreError>;

    /// Up to `limit` entries of `owner`'s log with a cursor greater than `after`, oldest
    /// first, and the log's newest cursor.
    async fn owner_events_after(&self, owner: &str, after: u64, limit: usize) -> Result<OwnerLogPage, StoreError>;

    /// Up to `limit` events with seq greater than `after`, in order.
    async fn events_after(&self, id: &str, after: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError>;

    /// Up to `limit` events with seq less than `before`, newest first: for reading a log
    /// back from its end.
    async fn events_before(&self, id: &str, before: u64, limit: usize) -> Result<Vec<StoredEvent>, StoreError>;

    /// Up to `limit` records matching `filter`, newest first, starting after the record
    /// with id `after_id` in that order (from the newest when `None`).
    async fn list(
        &self,
        filter: ListFilter,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError>;

    /// The record, the newest snapshot and the events after it: what playing needs.
    async fn load_latest(&self, id: &str) -> Result<LoadedGame, StoreError>;

    /// Keeps `snapshot` as the game's newest, unless a newer one is kept already, and drops
    /// its older snapshots that are not checkpoints ([`is_checkpoint`]). Saving is best
    /// effort for callers: a lost snapshot only makes loads replay more.
    async fn save_snapshot(&self, id: &str, snapshot: Snapshot) -> Result<(), StoreError>;

    /// The game's newest snapshot of a state at or before `seq`, if it has one: where the
    /// game as it stood at `seq` is replayed from.
    async fn snapshot_at_or_before(&self, id: &str, seq: u64) -> Result<Option<Snapshot>, StoreError>;

    /// The events that the request with `request_id` appended to the game, in order
    /// (empty when no such request was applied).
    async fn find_request(&self, id: &str, request_id: &str) -> Result<Vec<StoredEvent>, StoreError>;

    /// The id of the game whose creation event carries `request_id`, if any. Creation
    /// request ids are unique: [`Store::create`] refuses a log whose creation event
    /// carries one another game's creation carries, with
    /// [`StoreError::CreationRequestTaken`].
    async fn find_creation(&self, request_id: &str) -> Result<Option<String>, StoreError>;

    /// Marks game `id` faulted ([`GameRecord::faulted`]) and clears its deadline, so that no
    /// process's clock acts on it; appends that do not expect the mark are refused from
    /// then on ([`ExpectedHead::faulted`]). Marking a faulted game again changes nothing.
    async fn mark_faulted(&self, id: &str) -> Result<(), StoreError>;

    /// Marks a finished game archived and returns its record.
    async fn archive(&self, id: &str) -> Result<GameRecord, StoreError>;

    /// Removes a game, its log and its snapshots.
    async fn delete(&self, id: &str) -> Result<(), StoreError>;

    /// Replaces the token hash of seat `seat` (from 0). With `reissued`, the seat's token
    /// is reissued at that time ([`GameRecord::seats_reissued`]); without, only the hash
    /// changes (a retried creation handing out its tokens again).
    async fn set_seat_token_hash(
        &self,
        id: &str,
        seat: usize,
        hash: TokenHash,
        reissued: Option<SystemTime>,
    ) -> Result<(), StoreError>;

    /// Up to `limit` games whose deadline ([`GameRecord::deadline`]) comes before `before`,
    /// with their deadlines, soonest first.
    async fn deadlines_before(&self, before: SystemTime, limit: usize)
    -> Result<Vec<(String, SystemTime)>, StoreError>;

    /// How many games `owner` created that are still in progress.
    async fn count_in_progress(&self, owner: &str) -> Result<u64, StoreError>;

    /// How many games are in progress, by kind (kinds with none left out).
    async fn in_progress_by_kind(&self) -> Result<Vec<(GameKind, u64)>, StoreError>;

    /// The seq of the game's newest event, its seat token hashes and when they were
    /// reissued: what a process must compare its copy with when other processes write the
    /// same games.
    async fn head(&self, id: &str) -> Result<RecordHead, StoreError>;

    /// Saves `saved` for its owner as `mode` says and returns it as stored: a creation
    /// refuses a name the owner uses ([`StoreError::SavedConfigExists`]) and an owner at
    /// the limit ([`StoreError::TooManySavedConfigs`]); a replacement refuses a name the
    /// owner does not use ([`StoreError::SavedConfigNotFound`]) and keeps the creation time.
    async fn save_config(&self, saved: SavedConfig, mode: SaveMode) -> Result<SavedConfig, StoreError>;

    /// The owner's configuration saved as `name`.
    async fn saved_config(&self, owner: &str, name: &str) -> Result<SavedConfig, StoreError>;

    /// Up to `limit` of the owner's saved configurations, by name, after `after_name`.
    async fn list_saved_configs(
        &self,
        owner: &str,
        after_name: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SavedConfig>, StoreError>;

    /// Deletes the owner's configuration saved as `name`.
    async fn delete_saved_config(&self, owner: &str, name: &str) -> Result<(), StoreError>;

    /// Adds a new series. With `request_key`, another series created with the same key is
    /// [`StoreError::CreationRequestTaken`].
    async fn create_series(&self, series: SeriesRecord, request_key: Option<&str>) -> Result<(), StoreError>;

    /// The id of the series created with `request_key`, if any.
    async fn find_series_creation(&self, request_key: &str) -> Result<Option<String>, StoreError>;

    /// A series.
    async fn series(&self, id: &str) -> Result<SeriesRecord, StoreError>;

    /// Replaces game `id`'s labels with `labels`.
    async fn set_labels(&self, id: &str, labels: Labels) -> Result<(), StoreError>;

    /// Replaces a series with `series` if its stored revision is still `series.revision - 1`,
    /// and in the same step adds `notes` (each with the game whose event it points at) to
    /// their owners' logs; otherwise [`StoreError::Conflict`] (expected and current
    /// revisions), and nothing is noted.
    async fn update_series(&self, series: SeriesRecord, notes: &[(String, OwnerNote)]) -> Result<(), StoreError>;

    /// Up to `limit` series, newest first, in `status` if given and carrying every label of
    /// `labels`, after the series with id `after_id` in that order.
    async fn list_series(
        &self,
        status: Option<SeriesStatus>,
        labels: &Labels,
        after_id: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SeriesRecord>, StoreError>;

    /// Writes `leases` (see [`PresenceLease`]), in one step: a process holds seats of games.
    async fn hold_presence(&self, leases: &[PresenceLease]) -> Result<(), StoreError>;

    /// Extends to `until` every lease `holder` holds a stream for.
    async fn renew_presence(&self, holder: &str, until: SystemTime) -> Result<(), StoreError>;

    /// When the last lease on seat `seat` (from 0) of game `id` runs out; `None` when it has
    /// none.
    async fn presence_until(&self, id: &str, seat: usize) -> Result<Option<SystemTime>, StoreError>;

    /// Up to `limit` seats (game and seat) that have leases, all of which ran out at `now`.
    async fn presence_lapsed(&self, now: SystemTime, limit: usize) -> Result<Vec<(String, usize)>, StoreError>;

    /// Removes the leases on seat `seat` of game `id` that ran out at `now`.
    async fn forget_presence(&self, id: &str, seat: usize, now: SystemTime) -> Result<(), StoreError>;

    /// The ratings in `owner`'s pool `pool` of those of `players` who have one, in no order.
    async fn ratings(&self, owner: &str, pool: &str, players: &[String]) -> Result<Vec<PlayerRating>, StoreError>;

    /// Every rating `player` has under `owner`, by pool name.
    async fn player_ratings(&self, owner: &str, player: &str) -> Result<Vec<PlayerRating>, StoreError>;

    /// Up to `limit` ratings of `owner`'s pool `pool`, the best rating first (then by player
    /// id), after the place `after` names.
    async fn leaderboard(
        &self,
        owner: &str,
        pool: &str,
        after: Option<&LeaderboardCursor>,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError>;

    /// Writes a rated game's end at once: the game's rating (marked done) and its players'
    /// new ratings, each only if its revision is still the one before the one given.
    ///
    /// # Errors
    /// `NotRatable` when the game is not waiting to be rated (rated already, or not rated);
    /// `Conflict` (revisions) when a player's rating moved since it was read; `NotFound`.
    /// Nothing is written on an error.
    async fn rate_game(&self, rated: RatedGame) -> Result<(), StoreError>;

    /// Up to `limit` games that have ended (finished or archived) and wait to be rated, the
    /// oldest first.
    async fn games_to_rate(&self, limit: usize) -> Result<Vec<String>, StoreError>;

    /// Adds a new tournament, with the key of the request that created it, if it had one.
    ///
    /// # Errors
    /// `CreationRequestTaken` when another tournament carries the key.
    async fn create_tournament(
        &self,
        tournament: TournamentRecord,
        request_key: Option<&str>,
    ) -> Result<(), StoreError>;

    /// The tournament created with request key `request_key`, if one was.
    async fn find_tournament_creation(&self, request_key: &str) -> Result<Option<String>, StoreError>;

    /// The tournament `id`.
    ///
    /// # Errors
    /// `TournamentNotFound`.
    async fn tournament(&self, id: &str) -> Result<TournamentRecord, StoreError>;

    /// Replaces a tournament by its next revision, only if it is still at the one before,
    /// and notes `notes` (each on a game's event) on its owner's log in the same step.
    ///
    /// # Errors
    /// `Conflict` (revisions) when it moved on; `TournamentNotFound`.
    async fn update_tournament(
        &self,
        tournament: TournamentRecord,
        notes: &[(String, OwnerNote)],
    ) -> Result<(), StoreError>;

    /// Up to `limit` tournaments, newest first, in `status` if given and carrying every
    /// label of `labels`, after the tournament `after`.
    async fn list_tournaments(
        &self,
        status: Option<TournamentStatus>,
        labels: &Labels,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<TournamentRecord>, StoreError>;

    /// Whether other processes write the same games: then what a process holds in memory
    /// must be checked against the store before it is trusted.
    fn shared(&self) -> bool {
        false
    }

    /// The changes other processes make, for a shared store; taken once.
    fn watch_changes(&self) -> Option<mpsc::Receiver<Change>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::*;

    #[test]
    fn stored_precision_is_whole_microseconds() {
        let time = UNIX_EPOCH + Duration::new(1_790_000_000, 123_456_789);
        let stored = to_stored_precision(time);
        assert_eq!(stored, UNIX_EPOCH + Duration::new(1_790_000_000, 123_456_000));
        assert_eq!(to_stored_precision(stored), stored, "already stored times are kept as they are");
        assert_eq!(codec::from_micros(codec::to_micros(stored)), stored);
    }
}
