//! Each owner's log: the events of the games one service key owns that the key's own
//! stream carries, numbered by a cursor of the owner's. An append notes its entries
//! ([`OwnerNote`]) in the transaction that logs the events, so an entry exists exactly
//! when its event does; a creation notes the game's `Created` itself.
//!
//! Invariant of every store: one owner's entries are numbered 1, 2, 3, … in the order
//! they commit, so that a reader of the entries after cursor N never meets a gap that a
//! later commit fills.

use super::{GameRecord, Labels, StoredEvent};

/// What an entry of an owner's log says happened to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OwnerEventKind {
    /// The game was created (its event 1).
    GameCreated,
    /// The game's first move was played.
    GameStarted,
    /// The game ended, however it ended.
    GameEnded,
    /// A seat offered a draw.
    DrawOffered,
    /// A seat asked to take back its move.
    TakebackRequested,
    /// A seat of a game keeping presence came.
    SeatPresent,
    /// A seat of a game keeping presence went away.
    SeatGone,
    /// A seat's time ran out.
    ClockFlagged,
    /// A move was played, in a game whose moves go on its owner's log.
    MovePlayed,
    /// The move that ended the game was taken back: it is in progress again.
    GameResumed,
    /// The game, one of a series, was scored by its series (the entry points at its end).
    SeriesGameFinished,
    /// The game decided its series (the entry points at its end).
    SeriesFinished,
    /// The game, a board of a tournament, was scored by it (the entry points at its end).
    TournamentBoardFinished,
    /// The game was the last of its tournament round to end (the entry points at its end).
    TournamentRoundFinished,
    /// The game was the last of its tournament to end (the entry points at its end).
    TournamentFinished,
}

impl OwnerEventKind {
    /// Every kind, in code order.
    pub const ALL: [OwnerEventKind; 15] = [
        OwnerEventKind::GameCreated,
        OwnerEventKind::GameStarted,
        OwnerEventKind::GameEnded,
        OwnerEventKind::DrawOffered,
        OwnerEventKind::TakebackRequested,
        OwnerEventKind::SeatPresent,
        OwnerEventKind::SeatGone,
        OwnerEventKind::ClockFlagged,
        OwnerEventKind::MovePlayed,
        OwnerEventKind::GameResumed,
        OwnerEventKind::SeriesGameFinished,
        OwnerEventKind::SeriesFinished,
        OwnerEventKind::TournamentBoardFinished,
        OwnerEventKind::TournamentRoundFinished,
        OwnerEventKind::TournamentFinished,
    ];

    /// The number a store keeps the kind as (the contract's numbers too).
    pub fn code(self) -> i64 {
        match self {
            OwnerEventKind::GameCreated => 1,
            OwnerEventKind::GameStarted => 2,
            OwnerEventKind::GameEnded => 3,
            OwnerEventKind::DrawOffered => 4,
            OwnerEventKind::TakebackRequested => 5,
            OwnerEventKind::SeatPresent => 6,
            OwnerEventKind::SeatGone => 7,
            OwnerEventKind::ClockFlagged => 8,
            OwnerEventKind::MovePlayed => 9,
            OwnerEventKind::GameResumed => 10,
            OwnerEventKind::SeriesGameFinished => 11,
            OwnerEventKind::SeriesFinished => 12,
            OwnerEventKind::TournamentBoardFinished => 13,
            OwnerEventKind::TournamentRoundFinished => 14,
            OwnerEventKind::TournamentFinished => 15,
        }
    }

    /// The kind kept as `code`, if any is.
    pub fn from_code(code: i64) -> Option<OwnerEventKind> {
        OwnerEventKind::ALL.into_iter().find(|kind| kind.code() == code)
    }
}

/// An entry an append adds to its game's owner's log: the event at `seq` is of `kind`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnerNote {
    /// The owner ([`owner_of`] the game's record).
    pub owner: String,
    /// The event's seq, among those the append logs.
    pub seq: u64,
    /// What it says.
    pub kind: OwnerEventKind,
}

/// The owner whose log a game's entries go to: its service key, or the empty name for the
/// games created without one (on a server without keys).
pub fn owner_of(record: &GameRecord) -> &str {
    log_owner(record.owner.as_deref())
}

/// The log a game owned by `owner` (its [`GameRecord::owner`]) notes its entries on.
pub fn log_owner(owner: Option<&str>) -> &str {
    owner.unwrap_or_default()
}

/// The note of a new game's creation, event 1 of its log.
pub fn creation_note(record: &GameRecord) -> OwnerNote {
    OwnerNote { owner: owner_of(record).to_owned(), seq: 1, kind: OwnerEventKind::GameCreated }
}

/// One entry of an owner's log as read back: the game's event it points at, and the
/// game's labels as they are now (to filter by).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnerEntry {
    /// Its place in the owner's log, from 1.
    pub cursor: u64,
    /// What it says.
    pub kind: OwnerEventKind,
    /// The game.
    pub game_id: String,
    /// The game's event.
    pub event: StoredEvent,
    /// The game's labels.
    pub labels: Labels,
}

/// A stretch of an owner's log, as [`super::Store::owner_events_after`] reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnerLogPage {
    /// The entries, oldest first. Those of a deleted game are gone with it, so cursors may
    /// skip.
    pub entries: Vec<OwnerEntry>,
    /// The owner's newest cursor when read (0 for an owner with no entries).
    pub newest: u64,
}
