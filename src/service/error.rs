//! Every error the service returns, and its one mapping to a gRPC status.
//!
//! Each error carries its message (for people) on its variant, and [`ApiError::code_and_reason`]
//! is the one table of gRPC codes and stable reasons. Each status carries a
//! `google.rpc.ErrorInfo` with domain [`ERROR_DOMAIN`], that reason (listed in
//! `proto/tabula/v1/error.proto`) and the values a caller may act on; malformed requests
//! also carry a `google.rpc.BadRequest` with one violation per field.

use std::collections::HashMap;
use std::time::SystemTime;

use tonic::metadata::{Ascii, MetadataValue};
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

use crate::engine::{ConfigError, FieldViolation, MoveError, Seat};
use crate::games::chess::pgn::PgnError;
use crate::play::{HintRefusal, PlayError};

/// The `ErrorInfo.domain` of every error.
pub const ERROR_DOMAIN: &str = "tabula.v1";

/// Everything that can go wrong in a call. Its `Display` is the status message.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Malformed request fields.
    #[error("invalid request: {}", listed(.0))]
    BadRequest(Vec<FieldViolation>),
    /// The game configuration breaks its rules; `field` names the configuration, which
    /// holds each violation's field.
    #[error("invalid game configuration: {}", listed(&within(field, error)))]
    InvalidConfig { field: String, error: ConfigError },
    /// No such preset for the kind.
    #[error("{kind} has no preset {name:?}; known presets: {}", known.join(", "))]
    UnknownPreset { kind: &'static str, name: String, known: Vec<&'static str> },
    /// No game has this id.
    #[error("no game has id {0:?}")]
    GameNotFound(String),
    /// The credential is malformed or not one of this game's; says why.
    #[error("{0}")]
    InvalidCredential(&'static str),
    /// The call needs a credential and carries none; says what the call was.
    #[error("{0} needs a credential: send `authorization: Bearer <service key>`")]
    CredentialRequired(&'static str),
    /// The signed seat credential has expired.
    #[error("the seat credential has expired; ask the lobby for a fresh one")]
    CredentialExpired,
    /// Only the managing backend's service key may make this call; says what the call was.
    #[error("{0} is only for the managing backend: send its service key, not a seat credential")]
    ServiceKeyRequired(&'static str),
    /// The game (by id) is private and the caller is a spectator.
    #[error("game {0:?} is private: only its players (with a seat credential) may see it")]
    PrivateGame(String),
    /// The signed seat credential names another game than this one (by id).
    #[error("the seat credential is for another game than {0:?}")]
    CredentialForOtherGame(String),
    /// Too many calls with this credential (or, without one, from this address).
    #[error("too many calls with this credential; retry in {retry_after_ms} ms")]
    RateLimited { retry_after_ms: u64 },
    /// The game already has this many event streams open.
    #[error("this game or series already has {limit} event streams open; close one or retry later")]
    TooManyStreams { limit: usize },
    /// The service key's games in progress, with those the call would make, would go
    /// beyond this many.
    #[error(
        "service key {owner:?} may have at most {limit} games in progress, and this would take it beyond; \
         finish, archive or delete some first"
    )]
    TooManyGames { owner: String, limit: u64 },
    /// The caller has no saved configuration of this name.
    #[error("you have no saved configuration called {0:?}; ListSavedConfigs shows yours")]
    SavedConfigNotFound(String),
    /// No series has this id.
    #[error("no series has id {0:?}; check the id CreateSeries or ListSeries gave")]
    SeriesNotFound(String),
    /// A spectator asked for a private series.
    #[error("series {0:?} is private: only its players (with their tokens) and service keys may see it")]
    PrivateSeries(String),
    /// No tournament has this id.
    #[error("no tournament has id {0:?}; check the id CreateTournament or ListTournaments gave")]
    TournamentNotFound(String),
    /// A spectator asked for a private tournament.
    #[error("tournament {0:?} is private: only its players (with their tokens) and service keys may see it")]
    PrivateTournament(String),
    /// The tournament is over.
    #[error("tournament {0:?} is over (finished or cancelled) and takes no change to its course")]
    TournamentOver(String),
    /// The caller already saved a configuration of this name.
    #[error("you already saved a configuration called {0:?}; update it or choose another name")]
    SavedConfigExists(String),
    /// The caller already saved this many configurations.
    #[error("service key {owner:?} already saved {limit} configurations; delete some first")]
    TooManySavedConfigs { owner: String, limit: u64 },
    /// The call's deadline (the client's or the server's bound) passed before it finished.
    #[error("the call did not finish before its deadline; retry with a longer one")]
    DeadlineExceeded,
    /// The call needs a seat; says what the call was.
    #[error("{0} needs a seat: send `authorization: Bearer <seat token>`")]
    SeatRequired(&'static str),
    /// `expected_seq` is behind the log.
    #[error("the game is at seq {current}, not {expected}: read it again and retry")]
    StaleSeq { expected: u64, current: u64 },
    /// A request id was reused for a different request.
    #[error("this request_id was already used for a different request; use a fresh one")]
    RequestIdReused,
    /// The rules refused the move; `current_seq` is the game's newest seq.
    #[error("{}", error.message)]
    Move { error: MoveError, current_seq: u64 },
    /// A stream subscriber fell behind.
    #[error("the stream fell too far behind; resume with after_seq = {last_seq}")]
    StreamLagged { last_seq: u64 },
    /// The page token is not one this query produced.
    #[error("page_token is not one this query returned; start again without it")]
    InvalidPageToken,
    /// `after_seq` is beyond the log.
    #[error("after_seq {after} is beyond the game's newest event {current}")]
    SeqOutOfRange { after: u64, current: u64 },
    /// `after_cursor` is beyond the key's log.
    #[error("after_cursor {after} is beyond the newest event of this key's games, cursor {current}")]
    CursorOutOfRange { after: u64, current: u64 },
    /// The server is shutting down.
    #[error("the server is shutting down; retry shortly")]
    ShuttingDown,
    /// The asker may not have this position analysed.
    #[error("{}", hint_refusal_message(.0))]
    HintRefused(HintRefusal),
    /// The call does not apply to this game kind; says what the call was.
    #[error("{0} is only for chess games")]
    UnsupportedByGame(&'static str),
    /// The PGN to import is unreadable or illegal.
    #[error("the PGN cannot be imported: {0}")]
    InvalidPgn(PgnError),
    /// Only a finished game may be archived.
    #[error("game {0:?} is still in progress; only a finished game can be archived")]
    GameNotFinished(String),
    /// The game already has a rematch.
    #[error("game {of:?} already has a rematch, {rematch:?}: read it with GetGame")]
    RematchExists { of: String, rematch: String },
    /// The request is not a well-formed message of its call's type; says what the gRPC
    /// runtime found wrong.
    #[error("the request is not a well-formed message of this call's type: {0}")]
    MalformedRequest(String),
    /// The request message is larger than the server accepts (`limit` bytes); says what the
    /// runtime found.
    #[error("the request is larger than this server accepts ({limit} bytes): {why}")]
    MessageTooLarge { why: String, limit: usize },
    /// The request is compressed with an encoding the server does not accept; carries the
    /// runtime's message and the encodings accepted (`grpc-accept-encoding`).
    #[error("{message}; send it uncompressed or gzip-compressed")]
    UnsupportedCompression { message: String, accepted: Option<MetadataValue<Ascii>> },
    /// The service has no method at this path.
    #[error("this server has no method {0:?}; list its methods with server reflection")]
    UnknownMethod(String),
    /// The seat token an event stream was opened with has been reissued.
    #[error("the seat token this stream was opened with has been reissued; open a new stream with the new token")]
    CredentialRevoked,
    /// The signed seat credential was issued before its seat's token was reissued.
    #[error(
        "this seat's token was reissued after the signed credential was issued (its iat), which revokes it; \
         ask the lobby for a fresh one"
    )]
    SignedCredentialRevoked,
    /// Every search thread is busy.
    #[error("all {threads} search threads of the server are busy; retry shortly")]
    SearchBusy { threads: usize },
    /// A seat credential tried to move for a seat the server's engine plays.
    #[error("{0} is played by the server's engine: its token reads the game as that seat but may not move for it")]
    SeatPlayedByEngine(Seat),
    /// A seat's time ran out before the request arrived.
    #[error("{seat}'s time ran out at {}; the clock ends the game or moves for it", rfc3339(*deadline))]
    OutOfTime { seat: Seat, deadline: SystemTime, current_seq: u64 },
    /// A rematch or an archive before the game's end is final.
    #[error("game {id:?}'s end may still be taken back until {}; its end is final then", rfc3339(*until))]
    EndNotFinal { id: String, until: SystemTime },
    /// A move before a scheduled game's start.
    #[error("the game starts at {}: no move before then", rfc3339(*start))]
    NotStarted { start: SystemTime, current_seq: u64 },
    /// A claim that cannot be made.
    #[error("nothing to claim: {why}")]
    ClaimNotAvailable { why: String, current_seq: u64 },
    /// A claim before the seat to move has been gone long enough.
    #[error("too early to claim: the seat to move has not been gone for the game's claim window; claim from {}", rfc3339(*claimable_at))]
    ClaimTooEarly { claimable_at: SystemTime, current_seq: u64 },
    /// The game has no clock.
    #[error("this game was created without a clock (GameConfig.clock)")]
    NoClock,
    /// The game's clocks are paused.
    #[error("the game's clocks are paused: nobody moves until a service key resumes them (ResumeClock)")]
    ClockPaused { current_seq: u64 },
    /// The game's clocks are not paused.
    #[error("the game's clocks are running: there is nothing to resume")]
    ClockNotPaused { current_seq: u64 },
    /// The game's log holds its limit of events.
    #[error(
        "this game's log holds its limit of {limit} events; it takes nothing more but its end: \
         a resignation, an abort, an adjudication or the clock"
    )]
    LogFull { limit: u64, current_seq: u64 },
    /// The request names a host this server does not answer (see `HOST_NOT_ALLOWED`).
    #[error(
        "this server does not answer requests for host {0:?}: without service keys it answers only \
         localhost and loopback addresses; start it with --allowed-host to add a name"
    )]
    HostNotAllowed(String),
    /// The request, once decompressed, is larger than the server accepts (`limit` bytes).
    #[error("the request is larger than this server accepts ({limit} bytes) once decompressed: {why}")]
    DecompressedTooLarge { why: String, limit: usize },
    /// The game's rules failed on this call (by id), a fault in the server: the game is
    /// faulted from now on.
    #[error(
        "the server's rules for game {0:?} failed on this request, a fault in the server (logged); the game \
         takes no more moves but can still be read: read it to see where it stands"
    )]
    RulesFault(String),
    /// The game (by id) is faulted: its rules failed on an earlier call.
    #[error(
        "game {0:?} takes no more moves: the server's rules failed on it earlier (a fault in the server); it can \
         still be read, followed and exported"
    )]
    GameFaulted(String),
    /// Solutions were asked of a game that is not a puzzle.
    #[error("only a puzzle (peg solitaire) has solutions to count; this game is not one")]
    NotAPuzzle,
    /// An exact count needs more than the server's bound.
    #[error(
        "counting the solutions from this position needs more than this server's bound (it stopped after {nodes} \
         positions); ask again a few moves on"
    )]
    SearchLimitReached { nodes: u64 },
    /// An imported document names a game the server has.
    #[error("this server already has a game with id {0:?}; delete it first to import the document in its place")]
    GameExists(String),
    /// An imported document is not one, or does not hold together: why.
    #[error("the document cannot be imported: {0}")]
    InvalidDocument(String),
    /// Storage failed; the detail is for the log, never the caller.
    #[error("storage is unavailable; retry shortly")]
    Storage(String),
}

impl ApiError {
    /// A single malformed field.
    pub fn bad_field(field: impl Into<String>, description: impl Into<String>) -> ApiError {
        ApiError::BadRequest(vec![FieldViolation::new(field, description)])
    }

    /// The gRPC code and the stable `ErrorInfo.reason` of each error: the one table the
    /// contract's errors come from.
    pub fn code_and_reason(&self) -> (Code, &'static str) {
        use ApiError as E;
        use Code as C;
        match self {
            E::BadRequest(_) => (C::InvalidArgument, "INVALID_REQUEST"),
            E::InvalidConfig { .. } => (C::InvalidArgument, "INVALID_CONFIG"),
            E::UnknownPreset { .. } => (C::InvalidArgument, "UNKNOWN_PRESET"),
            E::InvalidPageToken => (C::InvalidArgument, "INVALID_PAGE_TOKEN"),
            E::InvalidPgn(_) => (C::InvalidArgument, "INVALID_PGN"),
            E::InvalidDocument(_) => (C::InvalidArgument, "INVALID_DOCUMENT"),
            E::GameExists(_) => (C::AlreadyExists, "GAME_EXISTS"),
            E::NotAPuzzle => (C::FailedPrecondition, "UNSUPPORTED_BY_GAME"),
            E::SearchLimitReached { .. } => (C::FailedPrecondition, "SEARCH_LIMIT_REACHED"),
            E::MalformedRequest(_) => (C::InvalidArgument, "MALFORMED_REQUEST"),
            E::GameNotFound(_) => (C::NotFound, "GAME_NOT_FOUND"),
            E::SavedConfigNotFound(_) => (C::NotFound, "SAVED_CONFIG_NOT_FOUND"),
            E::SeriesNotFound(_) => (C::NotFound, "SERIES_NOT_FOUND"),
            E::TournamentNotFound(_) => (C::NotFound, "TOURNAMENT_NOT_FOUND"),
            E::PrivateTournament(_) => (C::PermissionDenied, "PRIVATE_TOURNAMENT"),
            E::TournamentOver(_) => (C::FailedPrecondition, "TOURNAMENT_OVER"),
            E::SavedConfigExists(_) => (C::AlreadyExists, "SAVED_CONFIG_EXISTS"),
            E::InvalidCredential(_) => (C::Unauthenticated, "INVALID_CREDENTIAL"),
            E::CredentialRequired(_) => (C::Unauthenticated, "CREDENTIAL_REQUIRED"),
            E::CredentialExpired => (C::Unauthenticated, "CREDENTIAL_EXPIRED"),
            E::CredentialRevoked | E::SignedCredentialRevoked => (C::Unauthenticated, "CREDENTIAL_REVOKED"),
            E::ServiceKeyRequired(_) => (C::PermissionDenied, "SERVICE_KEY_REQUIRED"),
            E::PrivateGame(_) | E::PrivateSeries(_) => (C::PermissionDenied, "PRIVATE_GAME"),
            E::CredentialForOtherGame(_) => (C::PermissionDenied, "CREDENTIAL_FOR_OTHER_GAME"),
            E::SeatRequired(_) => (C::PermissionDenied, "SEAT_REQUIRED"),
            E::HostNotAllowed(_) => (C::PermissionDenied, "HOST_NOT_ALLOWED"),
            E::HintRefused(HintRefusal::NotASeat | HintRefusal::HiddenInformation) => {
                (C::PermissionDenied, "SEAT_REQUIRED")
            }
            E::HintRefused(HintRefusal::Disabled) => (C::FailedPrecondition, "HINTS_DISABLED"),
            E::HintRefused(HintRefusal::PastPosition { .. }) => (C::FailedPrecondition, "GAME_NOT_FINISHED"),
            E::GameNotFinished(_) => (C::FailedPrecondition, "GAME_NOT_FINISHED"),
            E::RematchExists { .. } => (C::AlreadyExists, "REMATCH_EXISTS"),
            E::RequestIdReused => (C::FailedPrecondition, "REQUEST_ID_REUSED"),
            E::Move { error, .. } => (C::FailedPrecondition, error.reason.code()),
            E::UnsupportedByGame(_) => (C::FailedPrecondition, "UNSUPPORTED_BY_GAME"),
            E::SeatPlayedByEngine(_) => (C::FailedPrecondition, "SEAT_PLAYED_BY_ENGINE"),
            E::OutOfTime { .. } => (C::FailedPrecondition, "OUT_OF_TIME"),
            E::NotStarted { .. } => (C::FailedPrecondition, "GAME_NOT_STARTED"),
            E::EndNotFinal { .. } => (C::FailedPrecondition, "GAME_NOT_FINISHED"),
            E::ClaimNotAvailable { .. } => (C::FailedPrecondition, "CLAIM_NOT_AVAILABLE"),
            E::ClaimTooEarly { .. } => (C::FailedPrecondition, "CLAIM_TOO_EARLY"),
            E::NoClock => (C::FailedPrecondition, "NO_CLOCK"),
            E::ClockPaused { .. } => (C::FailedPrecondition, "CLOCK_PAUSED"),
            E::ClockNotPaused { .. } => (C::FailedPrecondition, "CLOCK_NOT_PAUSED"),
            E::GameFaulted(_) => (C::FailedPrecondition, "GAME_FAULTED"),
            E::StaleSeq { .. } => (C::Aborted, "STALE_SEQ"),
            E::SeqOutOfRange { .. } | E::CursorOutOfRange { .. } => (C::OutOfRange, "SEQ_OUT_OF_RANGE"),
            E::MessageTooLarge { .. } => (C::OutOfRange, "MESSAGE_TOO_LARGE"),
            E::RateLimited { .. } => (C::ResourceExhausted, "RATE_LIMITED"),
            E::TooManyStreams { .. } => (C::ResourceExhausted, "TOO_MANY_STREAMS"),
            E::TooManyGames { .. } => (C::ResourceExhausted, "TOO_MANY_GAMES"),
            E::TooManySavedConfigs { .. } => (C::ResourceExhausted, "TOO_MANY_SAVED_CONFIGS"),
            E::StreamLagged { .. } => (C::ResourceExhausted, "STREAM_LAGGED"),
            E::SearchBusy { .. } => (C::ResourceExhausted, "SEARCH_BUSY"),
            E::LogFull { .. } => (C::ResourceExhausted, "EVENT_LOG_FULL"),
            E::DecompressedTooLarge { .. } => (C::ResourceExhausted, "MESSAGE_TOO_LARGE"),
            E::DeadlineExceeded => (C::DeadlineExceeded, "DEADLINE_EXCEEDED"),
            E::UnsupportedCompression { .. } => (C::Unimplemented, "UNSUPPORTED_COMPRESSION"),
            E::UnknownMethod(_) => (C::Unimplemented, "UNKNOWN_METHOD"),
            E::ShuttingDown => (C::Unavailable, "SHUTTING_DOWN"),
            E::Storage(_) => (C::Unavailable, "STORAGE_UNAVAILABLE"),
            E::RulesFault(_) => (C::Internal, "RULES_FAULT"),
        }
    }

    /// The `ErrorInfo.metadata` a caller may act on: ids, limits and seqs, by name.
    fn metadata(&self) -> Vec<(&'static str, String)> {
        use ApiError as E;
        let seq = |current_seq: &u64| vec![("current_seq", current_seq.to_string())];
        match self {
            E::UnknownPreset { kind, .. } => vec![("kind", (*kind).to_owned())],
            E::GameNotFound(id)
            | E::GameNotFinished(id)
            | E::PrivateGame(id)
            | E::CredentialForOtherGame(id)
            | E::RulesFault(id)
            | E::GameFaulted(id)
            | E::GameExists(id) => vec![("game_id", id.clone())],
            E::SearchLimitReached { nodes } => vec![("nodes", nodes.to_string())],
            E::SeriesNotFound(id) | E::PrivateSeries(id) => vec![("series_id", id.clone())],
            E::TournamentNotFound(id) | E::PrivateTournament(id) | E::TournamentOver(id) => {
                vec![("tournament_id", id.clone())]
            }
            E::SavedConfigNotFound(name) | E::SavedConfigExists(name) => vec![("name", name.clone())],
            E::RateLimited { retry_after_ms } => vec![("retry_after_ms", retry_after_ms.to_string())],
            E::TooManyStreams { limit } => vec![("limit", limit.to_string())],
            E::TooManyGames { owner, limit } | E::TooManySavedConfigs { owner, limit } => {
                vec![("limit", limit.to_string()), ("owner", owner.clone())]
            }
            E::StaleSeq { expected, current } => {
                vec![("current_seq", current.to_string()), ("expected_seq", expected.to_string())]
            }
            E::Move { current_seq, .. } | E::ClockPaused { current_seq } | E::ClockNotPaused { current_seq } => {
                seq(current_seq)
            }
            E::SeqOutOfRange { current, .. } | E::HintRefused(HintRefusal::PastPosition { current }) => seq(current),
            E::CursorOutOfRange { current, .. } => vec![("current_cursor", current.to_string())],
            E::StreamLagged { last_seq } => vec![("last_seq", last_seq.to_string())],
            E::MessageTooLarge { limit, .. } | E::DecompressedTooLarge { limit, .. } => {
                vec![("limit", limit.to_string())]
            }
            E::SearchBusy { threads } => vec![("threads", threads.to_string())],
            E::OutOfTime { seat, deadline, current_seq } => vec![
                ("seat", seat.number().to_string()),
                ("deadline", rfc3339(*deadline)),
                ("current_seq", current_seq.to_string()),
            ],
            E::EndNotFinal { id, until } => vec![("game_id", id.clone()), ("final_at", rfc3339(*until))],
            E::NotStarted { start, current_seq } => {
                vec![("start_time", rfc3339(*start)), ("current_seq", current_seq.to_string())]
            }
            E::ClaimTooEarly { claimable_at, current_seq } => {
                vec![("claimable_at", rfc3339(*claimable_at)), ("current_seq", current_seq.to_string())]
            }
            E::ClaimNotAvailable { current_seq, .. } => vec![("current_seq", current_seq.to_string())],
            E::LogFull { limit, current_seq } => {
                vec![("limit", limit.to_string()), ("current_seq", current_seq.to_string())]
            }
            E::HostNotAllowed(host) => vec![("host", host.clone())],
            E::SeatPlayedByEngine(seat) => vec![("seat", seat.number().to_string())],
            E::RematchExists { of, rematch } => vec![("game_id", of.clone()), ("rematch_game_id", rematch.clone())],
            _ => Vec::new(),
        }
    }

    /// The fields at fault, for a `google.rpc.BadRequest`; empty when no field is.
    pub(crate) fn violations(&self) -> Vec<FieldViolation> {
        match self {
            ApiError::BadRequest(violations) => violations.clone(),
            ApiError::InvalidConfig { field, error } => within(field, error),
            ApiError::UnknownPreset { known, .. } => {
                vec![FieldViolation::new("preset", format!("must be one of {}", known.join(", ")))]
            }
            ApiError::InvalidPageToken => {
                vec![FieldViolation::new("page_token", "is malformed or belongs to other filters")]
            }
            ApiError::InvalidPgn(why) => vec![FieldViolation::new("pgn.pgn", why.to_string())],
            ApiError::InvalidDocument(why) => vec![FieldViolation::new("document", why.clone())],
            _ => Vec::new(),
        }
    }
}

/// `violations` as one line: each field and what is wrong with it.
fn listed(violations: &[FieldViolation]) -> String {
    violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// The configuration's violations, each named from the field that holds the configuration.
fn within(field: &str, error: &ConfigError) -> Vec<FieldViolation> {
    error.violations.iter().map(|violation| violation.clone().within(field)).collect()
}

fn rfc3339(time: SystemTime) -> String {
    prost_types::Timestamp::from(time).to_string()
}

fn hint_refusal_message(refusal: &HintRefusal) -> String {
    match refusal {
        HintRefusal::NotASeat => "only the seat to move may ask for a hint while the game runs (no help from the \
                                  stands); anyone may analyse it once it is finished"
            .to_owned(),
        HintRefusal::Disabled => "this game was created without hints (CreateGameRequest.allow_hints); anyone may \
                                  analyse it once it is finished"
            .to_owned(),
        HintRefusal::HiddenInformation => "in a game with hidden information a position is analysed only for the seat \
                                           to act there, with that seat's own credential: the engine starts from \
                                           what that seat sees"
            .to_owned(),
        HintRefusal::PastPosition { current } => format!(
            "a running game is analysed only at its current position (seq {current}); leave at_seq unset, or \
             analyse earlier positions once the game is finished"
        ),
    }
}

impl From<PlayError> for ApiError {
    fn from(error: PlayError) -> ApiError {
        match error {
            PlayError::GameNotFound(id) => ApiError::GameNotFound(id),
            PlayError::StaleSeq { expected, current } => ApiError::StaleSeq { expected, current },
            PlayError::RequestIdReused => ApiError::RequestIdReused,
            PlayError::Move { error, current_seq } => ApiError::Move { error, current_seq },
            PlayError::TooManyStreams { limit } => ApiError::TooManyStreams { limit },
            PlayError::TooManyGames { owner, limit } => ApiError::TooManyGames { owner, limit },
            PlayError::SavedConfigNotFound(name) => ApiError::SavedConfigNotFound(name),
            PlayError::SeriesNotFound(id) => ApiError::SeriesNotFound(id),
            PlayError::TournamentNotFound(id) => ApiError::TournamentNotFound(id),
            PlayError::TournamentOver(id) => ApiError::TournamentOver(id),
            PlayError::InvalidTournamentChange { field, why } => ApiError::bad_field(field, why),
            PlayError::SavedConfigExists(name) => ApiError::SavedConfigExists(name),
            PlayError::TooManySavedConfigs { owner, limit } => ApiError::TooManySavedConfigs { owner, limit },
            PlayError::SeqOutOfRange { after, current } => ApiError::SeqOutOfRange { after, current },
            PlayError::CursorOutOfRange { after, current } => ApiError::CursorOutOfRange { after, current },
            PlayError::StreamLagged { last_seq } => ApiError::StreamLagged { last_seq },
            PlayError::CredentialRevoked => ApiError::CredentialRevoked,
            PlayError::ShuttingDown => ApiError::ShuttingDown,
            PlayError::SearchBusy { threads } => ApiError::SearchBusy { threads },
            PlayError::SeatPlayedByEngine { seat } => ApiError::SeatPlayedByEngine(seat),
            PlayError::GameNotFinished(id) => ApiError::GameNotFinished(id),
            PlayError::RematchExists { of, rematch } => ApiError::RematchExists { of, rematch },
            PlayError::HintRefused(refusal) => ApiError::HintRefused(refusal),
            PlayError::OutOfTime { seat, deadline, current_seq } => ApiError::OutOfTime { seat, deadline, current_seq },
            PlayError::NotStarted { start, current_seq } => ApiError::NotStarted { start, current_seq },
            PlayError::EndNotFinal { id, until } => ApiError::EndNotFinal { id, until },
            PlayError::ClaimNotAvailable { why, current_seq } => ApiError::ClaimNotAvailable { why, current_seq },
            PlayError::ClaimTooEarly { claimable_at, current_seq } => {
                ApiError::ClaimTooEarly { claimable_at, current_seq }
            }
            PlayError::NoClock => ApiError::NoClock,
            PlayError::ClockPaused { current_seq } => ApiError::ClockPaused { current_seq },
            PlayError::ClockNotPaused { current_seq } => ApiError::ClockNotPaused { current_seq },
            PlayError::LogFull { limit, current_seq } => ApiError::LogFull { limit, current_seq },
            PlayError::RulesFault(id) => ApiError::RulesFault(id),
            PlayError::GameFaulted(id) => ApiError::GameFaulted(id),
            PlayError::NotAPuzzle => ApiError::NotAPuzzle,
            PlayError::SearchLimitReached { nodes } => ApiError::SearchLimitReached { nodes },
            PlayError::GameExists(id) => ApiError::GameExists(id),
            PlayError::InvalidDocument(why) => ApiError::InvalidDocument(why),
            PlayError::Storage(detail) => ApiError::Storage(detail),
        }
    }
}

impl From<PlayError> for Status {
    fn from(error: PlayError) -> Status {
        ApiError::from(error).into()
    }
}

impl From<ApiError> for Status {
    fn from(error: ApiError) -> Status {
        if let ApiError::Storage(detail) = &error {
            tracing::error!(%detail, "storage failure");
        }
        let (code, reason) = error.code_and_reason();
        let mut details = ErrorDetails::new();
        for violation in error.violations() {
            details.add_bad_request_violation(violation.field, violation.description);
        }
        let metadata: HashMap<String, String> =
            error.metadata().into_iter().map(|(key, value)| (key.to_owned(), value)).collect();
        details.set_error_info(reason, ERROR_DOMAIN, metadata);
        let mut status = Status::with_error_details(code, error.to_string(), details);
        if let ApiError::UnsupportedCompression { accepted: Some(accepted), .. } = error {
            status.metadata_mut().insert("grpc-accept-encoding", accepted);
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Reason;
    use crate::proto::tabula::v1::ErrorReason;

    fn reason_of(error: ApiError) -> String {
        Status::from(error).get_details_error_info().expect("every status has an ErrorInfo").reason
    }

    /// Every reason the server can send is a value of the contract's `ErrorReason` enum, so
    /// clients can switch on generated constants.
    #[test]
    fn every_reason_is_listed_in_the_contract() {
        let mut errors = vec![
            ApiError::bad_field("f", "bad"),
            ApiError::InvalidConfig {
                field: "config".into(),
                error: ConfigError { violations: vec![FieldViolation::new("x", "y")] },
            },
            ApiError::UnknownPreset { kind: "k", name: "n".into(), known: vec!["a"] },
            ApiError::GameNotFound("g".into()),
            ApiError::InvalidCredential("no"),
            ApiError::SeatRequired("moving"),
            ApiError::CredentialRequired("creating a game"),
            ApiError::CredentialExpired,
            ApiError::ServiceKeyRequired("creating a game"),
            ApiError::PrivateGame("g".into()),
            ApiError::CredentialForOtherGame("g".into()),
            ApiError::RateLimited { retry_after_ms: 5 },
            ApiError::TooManyStreams { limit: 2 },
            ApiError::TooManyGames { owner: "lobby".into(), limit: 3 },
            ApiError::SavedConfigNotFound("blitz".into()),
            ApiError::SavedConfigExists("blitz".into()),
            ApiError::SeriesNotFound("s".into()),
            ApiError::PrivateSeries("s".into()),
            ApiError::TournamentNotFound("t".into()),
            ApiError::PrivateTournament("t".into()),
            ApiError::TournamentOver("t".into()),
            ApiError::TooManySavedConfigs { owner: "lobby".into(), limit: 3 },
            ApiError::DeadlineExceeded,
            ApiError::GameNotFinished("g".into()),
            ApiError::RematchExists { of: "g".into(), rematch: "h".into() },
            ApiError::StaleSeq { expected: 1, current: 2 },
            ApiError::RequestIdReused,
            ApiError::StreamLagged { last_seq: 3 },
            ApiError::InvalidPageToken,
            ApiError::SeqOutOfRange { after: 9, current: 3 },
            ApiError::CursorOutOfRange { after: 9, current: 3 },
            ApiError::ShuttingDown,
            ApiError::HintRefused(HintRefusal::NotASeat),
            ApiError::HintRefused(HintRefusal::Disabled),
            ApiError::HintRefused(HintRefusal::PastPosition { current: 4 }),
            ApiError::UnsupportedByGame("PGN"),
            ApiError::InvalidPgn(PgnError::CommentNotClosed),
            ApiError::MalformedRequest("invalid wire type".into()),
            ApiError::MessageTooLarge { why: "found 9 bytes".into(), limit: 8 },
            ApiError::UnsupportedCompression { message: "zstd".into(), accepted: None },
            ApiError::UnknownMethod("/tabula.v1.GameService/Nothing".into()),
            ApiError::CredentialRevoked,
            ApiError::SignedCredentialRevoked,
            ApiError::SearchBusy { threads: 2 },
            ApiError::SeatPlayedByEngine(crate::engine::Seat::SECOND),
            ApiError::OutOfTime { seat: crate::engine::Seat::FIRST, deadline: std::time::UNIX_EPOCH, current_seq: 3 },
            ApiError::NotStarted { start: std::time::UNIX_EPOCH, current_seq: 1 },
            ApiError::EndNotFinal { id: "g".into(), until: std::time::UNIX_EPOCH },
            ApiError::ClaimNotAvailable { why: "the game is over".into(), current_seq: 1 },
            ApiError::ClaimTooEarly { claimable_at: std::time::UNIX_EPOCH, current_seq: 1 },
            ApiError::NoClock,
            ApiError::ClockPaused { current_seq: 3 },
            ApiError::ClockNotPaused { current_seq: 3 },
            ApiError::LogFull { limit: 20, current_seq: 20 },
            ApiError::HostNotAllowed("evil.example".into()),
            ApiError::DecompressedTooLarge { why: "found 9 bytes".into(), limit: 8 },
            ApiError::HintRefused(HintRefusal::HiddenInformation),
            ApiError::RulesFault("g".into()),
            ApiError::GameFaulted("g".into()),
            ApiError::NotAPuzzle,
            ApiError::SearchLimitReached { nodes: 5 },
            ApiError::GameExists("g".into()),
            ApiError::InvalidDocument("the log does not replay".into()),
            ApiError::Storage("disk".into()),
        ];
        errors.extend(
            Reason::ALL.iter().map(|r| ApiError::Move { error: MoveError::new(*r, "refused"), current_seq: 1 }),
        );
        for error in errors {
            let reason = reason_of(error);
            assert!(
                ErrorReason::from_str_name(&format!("ERROR_REASON_{reason}")).is_some(),
                "{reason} is missing from proto/tabula/v1/error.proto"
            );
            assert!(reason.len() <= 63 && reason.chars().all(|c| c.is_ascii_uppercase() || c == '_'), "{reason}");
        }
    }

    /// A panic in the rules is the server's fault, INTERNAL with a reason of its own; the
    /// game's later moves are refused as a state of the game. Both name the game.
    #[test]
    fn rules_faults_are_internal_and_a_faulted_game_refuses_moves_as_a_precondition() {
        for (error, code, reason) in [
            (PlayError::RulesFault("g1".into()), Code::Internal, "RULES_FAULT"),
            (PlayError::GameFaulted("g1".into()), Code::FailedPrecondition, "GAME_FAULTED"),
        ] {
            let status = Status::from(error);
            assert_eq!(status.code(), code, "{reason}");
            let info = status.get_details_error_info().unwrap();
            assert_eq!((info.reason.as_str(), info.metadata["game_id"].as_str()), (reason, "g1"));
            assert!(status.message().contains("\"g1\""), "{}", status.message());
        }
    }

    #[test]
    fn refused_moves_name_the_current_seq() {
        let status =
            Status::from(ApiError::Move { error: MoveError::new(Reason::CellOccupied, "taken"), current_seq: 7 });
        assert_eq!(status.code(), Code::FailedPrecondition);
        let info = status.get_details_error_info().unwrap();
        assert_eq!((info.reason.as_str(), info.metadata["current_seq"].as_str()), ("CELL_OCCUPIED", "7"));
    }
}
