//! What can go wrong in a game's life, before any wire protocol exists. The service maps
//! each to its status in one table (`service::error`).

use crate::engine::MoveError;
use crate::store::StoreError;

/// Why the play layer refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// No game has this id.
    #[error("no game has id {0:?}")]
    GameNotFound(String),
    /// `expected_seq` is not the log's newest seq.
    #[error("the game is at seq {current}, not {expected}")]
    StaleSeq { expected: u64, current: u64 },
    /// A request id was used before for a different request by the same caller.
    #[error("the request id was already used for a different request")]
    RequestIdReused,
    /// The rules refused the turn; `current_seq` is the game's newest seq.
    #[error("{}", error.message)]
    Move { error: MoveError, current_seq: u64 },
    /// The game already has this many event streams open.
    #[error("the game already has {limit} event streams open")]
    TooManyStreams { limit: usize },
    /// The owner already has this many games in progress.
    #[error("{owner:?} already has {limit} games in progress")]
    TooManyGames { owner: String, limit: u64 },
    /// The caller has no saved configuration of this name.
    #[error("no saved configuration is called {0:?}")]
    SavedConfigNotFound(String),
    /// No series has this id.
    #[error("no series has id {0:?}")]
    SeriesNotFound(String),
    /// No tournament has this id.
    #[error("no tournament has id {0:?}")]
    TournamentNotFound(String),
    /// A change to a tournament that makes no sense: the request field at fault, and why.
    #[error("{field}: {why}")]
    InvalidTournamentChange { field: &'static str, why: String },
    /// The tournament is over and takes no change to its course.
    #[error("tournament {0:?} is over")]
    TournamentOver(String),
    /// The caller already saved a configuration of this name.
    #[error("a saved configuration is already called {0:?}")]
    SavedConfigExists(String),
    /// The caller already saved this many configurations.
    #[error("{owner:?} already saved {limit} configurations")]
    TooManySavedConfigs { owner: String, limit: u64 },
    /// A stream was asked to start after the log's newest event.
    #[error("seq {after} is beyond the newest event {current}")]
    SeqOutOfRange { after: u64, current: u64 },
    /// An owner's stream was asked to start after the owner's newest cursor.
    #[error("cursor {after} is beyond the owner's newest {current}")]
    CursorOutOfRange { after: u64, current: u64 },
    /// A subscriber fell too far behind; it has everything up to `last_seq`.
    #[error("the subscriber fell behind after seq {last_seq}")]
    StreamLagged { last_seq: u64 },
    /// The seat token a stream was opened with was reissued.
    #[error("the seat token of this stream was reissued")]
    CredentialRevoked,
    /// A seat credential tried to make a turn for a seat the server's engine plays.
    #[error("{seat} is played by the server's engine")]
    SeatPlayedByEngine { seat: crate::engine::Seat },
    /// The server is shutting down.
    #[error("shutting down")]
    ShuttingDown,
    /// Every search place is taken.
    #[error("all {threads} search threads are busy")]
    SearchBusy { threads: usize },
    /// The asker may not have this position analysed.
    #[error("{0}")]
    HintRefused(HintRefusal),
    /// A seat's time ran out before the request arrived; the clock acts on it at once.
    #[error("{seat}'s time ran out at {deadline:?}")]
    OutOfTime { seat: crate::engine::Seat, deadline: std::time::SystemTime, current_seq: u64 },
    /// A rematch or an archive of game `id`, whose end may still be taken back until `until`
    /// (`GameConfig.ending_takeback_window`).
    #[error("game {id}'s end may still be taken back")]
    EndNotFinal { id: String, until: std::time::SystemTime },
    /// A move in a game scheduled to start later, before it starts.
    #[error("the game starts later; no move before")]
    NotStarted { start: std::time::SystemTime, current_seq: u64 },
    /// A claim against a seat gone too long that cannot be made: `why` says why.
    #[error("{why}")]
    ClaimNotAvailable { why: String, current_seq: u64 },
    /// A claim before the seat to move has been gone for the game's claim window.
    #[error("the seat to move has not been gone long enough to claim")]
    ClaimTooEarly { claimable_at: std::time::SystemTime, current_seq: u64 },
    /// The game has no clocks to change.
    #[error("this game has no clock")]
    NoClock,
    /// The clocks are paused: nobody moves, and they cannot be paused again.
    #[error("the game's clocks are paused")]
    ClockPaused { current_seq: u64 },
    /// The clocks run: there is nothing to resume.
    #[error("the game's clocks are not paused")]
    ClockNotPaused { current_seq: u64 },
    /// The game already has a rematch.
    #[error("game {of:?} already has a rematch, {rematch:?}")]
    RematchExists { of: String, rematch: String },
    /// Only a finished game may be archived.
    #[error("game {0:?} is not finished")]
    GameNotFinished(String),
    /// The game's log holds its `limit` of events: only a turn that ends the game is taken.
    #[error("the game's log holds its limit of {limit} events")]
    LogFull { limit: u64, current_seq: u64 },
    /// The rules of game `0` panicked on this call: the panic was caught, and the game is
    /// faulted from now on (see [`faults`](super::faults)).
    #[error("the rules of game {0:?} failed on this request")]
    RulesFault(String),
    /// The rules of game `0` panicked on an earlier call: it is still read, but takes no
    /// more turns.
    #[error("game {0:?} is faulted: its rules failed on an earlier request")]
    GameFaulted(String),
    /// Solutions were asked of a game that is not a puzzle.
    #[error("only a puzzle (peg solitaire) has solutions to count")]
    NotAPuzzle,
    /// An exact count needed more positions or time than the server allows.
    #[error(
        "counting the solutions from here needs more than the server's bound (stopped after {nodes} positions); \
         ask again from a position further on"
    )]
    SearchLimitReached { nodes: u64 },
    /// An imported document names a game the store already has.
    #[error("a game with id {0:?} already exists")]
    GameExists(String),
    /// An imported document is not one, or does not hold together: why.
    #[error("{0}")]
    InvalidDocument(String),
    /// Storage failed, or a stored game does not replay; for the log, not the caller.
    #[error("storage failure: {0}")]
    Storage(String),
}

/// Why an analysis of a running game is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintRefusal {
    /// The asker is a spectator or a service key: no help from the stands.
    #[error("only the seat to move may ask for a hint while the game runs")]
    NotASeat,
    /// The game was created without hints.
    #[error("this game was created without hints")]
    Disabled,
    /// A running game is analysed only at its current position, `current`.
    #[error("a running game is analysed only at its current position (seq {current})")]
    PastPosition { current: u64 },
    /// In a game with hidden information, a position is analysed only for the seat to act
    /// there, asked with that seat's own credential: the analysis starts from what that
    /// seat sees.
    #[error("in a game with hidden information only the seat to act at a position may have it analysed")]
    HiddenInformation,
}

impl From<StoreError> for PlayError {
    fn from(error: StoreError) -> PlayError {
        match error {
            StoreError::NotFound(id) => PlayError::GameNotFound(id),
            StoreError::Conflict { expected, current } => PlayError::StaleSeq { expected, current },
            StoreError::NotFinished(id) => PlayError::GameNotFinished(id),
            StoreError::TooManyGames { owner, limit } => PlayError::TooManyGames { owner, limit },
            StoreError::RematchExists { of, rematch } => PlayError::RematchExists { of, rematch },
            StoreError::SavedConfigNotFound(name) => PlayError::SavedConfigNotFound(name),
            StoreError::SeriesNotFound(id) => PlayError::SeriesNotFound(id),
            StoreError::TournamentNotFound(id) => PlayError::TournamentNotFound(id),
            StoreError::SavedConfigExists(name) => PlayError::SavedConfigExists(name),
            StoreError::TooManySavedConfigs { owner, limit } => PlayError::TooManySavedConfigs { owner, limit },
            StoreError::AlreadyExists(id) => PlayError::GameExists(id),
            StoreError::CreationRequestTaken | StoreError::NotRatable(_) | StoreError::Backend(_) => {
                PlayError::Storage(error.to_string())
            }
        }
    }
}
