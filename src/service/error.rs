//! Every error the service returns, and its one mapping to a gRPC status.
//!
//! Each status carries a `google.rpc.ErrorInfo` with domain [`ERROR_DOMAIN`] and a stable
//! reason listed in `proto/tabula/v1/error.proto`; malformed requests also carry a
//! `google.rpc.BadRequest` with one violation per field.

use std::collections::HashMap;

use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

use crate::engine::{ConfigError, MoveError};
use crate::play::{HintRefusal, PlayError};

/// The `ErrorInfo.domain` of every error.
pub const ERROR_DOMAIN: &str = "tabula.v1";

/// Everything that can go wrong in a call.
#[derive(Debug)]
pub enum ApiError {
    /// Malformed request fields: (field path, what is wrong).
    BadRequest(Vec<(String, String)>),
    /// The game configuration breaks its rules; `field` prefixes each violation's field.
    InvalidConfig { field: String, error: ConfigError },
    /// No such preset for the kind.
    UnknownPreset { kind: &'static str, name: String, known: Vec<&'static str> },
    /// No game has this id.
    GameNotFound(String),
    /// The credential is malformed or not one of this game's.
    InvalidCredential(&'static str),
    /// The call needs a credential and carries none; says what the call was.
    CredentialRequired(&'static str),
    /// The signed seat credential has expired.
    CredentialExpired,
    /// Only the managing backend's service key may make this call; says what the call was.
    ServiceKeyRequired(&'static str),
    /// The game (by id) is private and the caller is a spectator.
    PrivateGame(String),
    /// The signed seat credential names another game than this one (by id).
    CredentialForOtherGame(String),
    /// Too many calls with this credential (or, without one, from this address).
    RateLimited { retry_after_ms: u64 },
    /// The game already has this many event streams open.
    TooManyStreams { limit: usize },
    /// The service key already has this many games in progress.
    TooManyGames { owner: String, limit: u64 },
    /// The caller has no saved configuration of this name.
    SavedConfigNotFound(String),
    /// No series has this id.
    SeriesNotFound(String),
    /// A spectator asked for a private series.
    PrivateSeries(String),
    /// The caller already saved a configuration of this name.
    SavedConfigExists(String),
    /// The caller already saved this many configurations.
    TooManySavedConfigs { owner: String, limit: u64 },
    /// The call's deadline (the client's or the server's bound) passed before it finished.
    DeadlineExceeded,
    /// The call needs a seat.
    SeatRequired(&'static str),
    /// `expected_seq` is behind the log.
    StaleSeq { expected: u64, current: u64 },
    /// A request id was reused for a different request.
    RequestIdReused,
    /// The rules refused the move; `current_seq` is the game's newest seq.
    Move { error: MoveError, current_seq: u64 },
    /// A stream subscriber fell behind.
    StreamLagged { last_seq: u64 },
    /// The page token is not one this query produced.
    InvalidPageToken,
    /// `after_seq` is beyond the log.
    SeqOutOfRange { after: u64, current: u64 },
    /// The server is shutting down.
    ShuttingDown,
    /// The asker may not have this position analysed.
    HintRefused(HintRefusal),
    /// The call does not apply to this game kind.
    UnsupportedByGame(&'static str),
    /// The PGN to import is unreadable or illegal.
    InvalidPgn(String),
    /// Only a finished game may be archived.
    GameNotFinished(String),
    /// The request is not a well-formed message of its call's type; says what the gRPC
    /// runtime found wrong.
    MalformedRequest(String),
    /// The request message is larger than the server accepts (`limit` bytes); says what the
    /// runtime found.
    MessageTooLarge { why: String, limit: usize },
    /// The request is compressed with an encoding the server does not accept; carries the
    /// runtime's message and the encodings accepted (`grpc-accept-encoding`).
    UnsupportedCompression { message: String, accepted: Option<tonic::metadata::MetadataValue<tonic::metadata::Ascii>> },
    /// The service has no method at this path.
    UnknownMethod(String),
    /// The seat token an event stream was opened with has been reissued.
    CredentialRevoked,
    /// The signed seat credential was issued before its seat's token was reissued.
    SignedCredentialRevoked,
    /// Every search thread is busy.
    SearchBusy { threads: usize },
    /// A seat credential tried to move for a seat the server's engine plays.
    SeatPlayedByEngine(crate::engine::Seat),
    /// A seat's time ran out before the request arrived.
    OutOfTime { seat: crate::engine::Seat, deadline: std::time::SystemTime, current_seq: u64 },
    /// The game has no clock.
    NoClock,
    /// The game's clocks are paused.
    ClockPaused { current_seq: u64 },
    /// The game's clocks are not paused.
    ClockNotPaused { current_seq: u64 },
    /// The game's log holds its limit of events.
    LogFull { limit: u64, current_seq: u64 },
    /// The request names a host this server does not answer (see `HOST_NOT_ALLOWED`).
    HostNotAllowed(String),
    /// The request, once decompressed, is larger than the server accepts (`limit` bytes).
    DecompressedTooLarge { why: String, limit: usize },
    /// Storage failed; the message is for the log, not the caller.
    Storage(String),
}

impl ApiError {
    /// A single malformed field.
    pub fn bad_field(field: impl Into<String>, description: impl Into<String>) -> ApiError {
        ApiError::BadRequest(vec![(field.into(), description.into())])
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
            PlayError::SavedConfigExists(name) => ApiError::SavedConfigExists(name),
            PlayError::TooManySavedConfigs { owner, limit } => ApiError::TooManySavedConfigs { owner, limit },
            PlayError::SeqOutOfRange { after, current } => ApiError::SeqOutOfRange { after, current },
            PlayError::StreamLagged { last_seq } => ApiError::StreamLagged { last_seq },
            PlayError::CredentialRevoked => ApiError::CredentialRevoked,
            PlayError::ShuttingDown => ApiError::ShuttingDown,
            PlayError::SearchBusy { threads } => ApiError::SearchBusy { threads },
            PlayError::SeatPlayedByEngine { seat } => ApiError::SeatPlayedByEngine(seat),
            PlayError::GameNotFinished(id) => ApiError::GameNotFinished(id),
            PlayError::HintRefused(refusal) => ApiError::HintRefused(refusal),
            PlayError::OutOfTime { seat, deadline, current_seq } => ApiError::OutOfTime { seat, deadline, current_seq },
            PlayError::NoClock => ApiError::NoClock,
            PlayError::ClockPaused { current_seq } => ApiError::ClockPaused { current_seq },
            PlayError::ClockNotPaused { current_seq } => ApiError::ClockNotPaused { current_seq },
            PlayError::LogFull { limit, current_seq } => ApiError::LogFull { limit, current_seq },
            PlayError::Storage(detail) => ApiError::Storage(detail),
        }
    }
}

impl From<PlayError> for Status {
    fn from(error: PlayError) -> Status {
        ApiError::from(error).into()
    }
}

fn status(
    code: Code,
    reason: &str,
    message: String,
    metadata: &[(&str, String)],
    details: Option<ErrorDetails>,
) -> Status {
    let mut details = details.unwrap_or_default();
    let metadata: HashMap<String, String> = metadata.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
    details.set_error_info(reason, ERROR_DOMAIN, metadata);
    Status::with_error_details(code, message, details)
}

fn bad_request(violations: &[(String, String)]) -> ErrorDetails {
    let mut details = ErrorDetails::new();
    for (field, description) in violations {
        details.add_bad_request_violation(field.clone(), description.clone());
    }
    details
}

impl From<ApiError> for Status {
    fn from(error: ApiError) -> Status {
        match error {
            ApiError::BadRequest(violations) => {
                let summary: Vec<String> = violations.iter().map(|(f, d)| format!("{f} {d}")).collect();
                let message = format!("invalid request: {}", summary.join("; "));
                status(Code::InvalidArgument, "INVALID_REQUEST", message, &[], Some(bad_request(&violations)))
            }
            ApiError::InvalidConfig { field, error } => {
                let violations: Vec<(String, String)> =
                    error.violations.iter().map(|v| (format!("{field}.{}", v.field), v.description.clone())).collect();
                let summary: Vec<String> = violations.iter().map(|(f, d)| format!("{f} {d}")).collect();
                let message = format!("invalid game configuration: {}", summary.join("; "));
                status(Code::InvalidArgument, "INVALID_CONFIG", message, &[], Some(bad_request(&violations)))
            }
            ApiError::UnknownPreset { kind, name, known } => status(
                Code::InvalidArgument,
                "UNKNOWN_PRESET",
                format!("{kind} has no preset {name:?}; known presets: {}", known.join(", ")),
                &[("kind", kind.to_owned())],
                Some(bad_request(&[("preset".to_owned(), format!("must be one of {}", known.join(", ")))])),
            ),
            ApiError::GameNotFound(id) => {
                status(Code::NotFound, "GAME_NOT_FOUND", format!("no game has id {id:?}"), &[("game_id", id)], None)
            }
            ApiError::GameNotFinished(id) => status(
                Code::FailedPrecondition,
                "GAME_NOT_FINISHED",
                format!("game {id:?} is still in progress; only a finished game can be archived"),
                &[("game_id", id)],
                None,
            ),
            ApiError::InvalidCredential(why) => {
                status(Code::Unauthenticated, "INVALID_CREDENTIAL", why.to_owned(), &[], None)
            }
            ApiError::CredentialRequired(what) => status(
                Code::Unauthenticated,
                "CREDENTIAL_REQUIRED",
                format!("{what} needs a credential: send `authorization: Bearer <service key>`"),
                &[],
                None,
            ),
            ApiError::CredentialExpired => status(
                Code::Unauthenticated,
                "CREDENTIAL_EXPIRED",
                "the seat credential has expired; ask the lobby for a fresh one".to_owned(),
                &[],
                None,
            ),
            ApiError::ServiceKeyRequired(what) => status(
                Code::PermissionDenied,
                "SERVICE_KEY_REQUIRED",
                format!("{what} is only for the managing backend: send its service key, not a seat credential"),
                &[],
                None,
            ),
            ApiError::PrivateGame(id) => status(
                Code::PermissionDenied,
                "PRIVATE_GAME",
                format!("game {id:?} is private: only its players (with a seat credential) may see it"),
                &[("game_id", id)],
                None,
            ),
            ApiError::PrivateSeries(id) => status(
                Code::PermissionDenied,
                "PRIVATE_GAME",
                format!("series {id:?} is private: only its players (with their tokens) and service keys may see it"),
                &[("series_id", id)],
                None,
            ),
            ApiError::CredentialForOtherGame(id) => status(
                Code::PermissionDenied,
                "CREDENTIAL_FOR_OTHER_GAME",
                format!("the seat credential is for another game than {id:?}"),
                &[("game_id", id)],
                None,
            ),
            ApiError::RateLimited { retry_after_ms } => status(
                Code::ResourceExhausted,
                "RATE_LIMITED",
                format!("too many calls with this credential; retry in {retry_after_ms} ms"),
                &[("retry_after_ms", retry_after_ms.to_string())],
                None,
            ),
            ApiError::TooManyStreams { limit } => status(
                Code::ResourceExhausted,
                "TOO_MANY_STREAMS",
                format!("this game or series already has {limit} event streams open; close one or retry later"),
                &[("limit", limit.to_string())],
                None,
            ),
            ApiError::TooManyGames { owner, limit } => status(
                Code::ResourceExhausted,
                "TOO_MANY_GAMES",
                format!(
                    "service key {owner:?} already has {limit} games in progress; finish, archive or delete some first"
                ),
                &[("limit", limit.to_string()), ("owner", owner)],
                None,
            ),
            ApiError::SavedConfigNotFound(name) => status(
                Code::NotFound,
                "SAVED_CONFIG_NOT_FOUND",
                format!("you have no saved configuration called {name:?}; ListSavedConfigs shows yours"),
                &[("name", name)],
                None,
            ),
            ApiError::SeriesNotFound(id) => status(
                Code::NotFound,
                "SERIES_NOT_FOUND",
                format!("no series has id {id:?}; check the id CreateSeries or ListSeries gave"),
                &[("series_id", id)],
                None,
            ),
            ApiError::SavedConfigExists(name) => status(
                Code::AlreadyExists,
                "SAVED_CONFIG_EXISTS",
                format!("you already saved a configuration called {name:?}; update it or choose another name"),
                &[("name", name)],
                None,
            ),
            ApiError::TooManySavedConfigs { owner, limit } => status(
                Code::ResourceExhausted,
                "TOO_MANY_SAVED_CONFIGS",
                format!("service key {owner:?} already saved {limit} configurations; delete some first"),
                &[("limit", limit.to_string()), ("owner", owner)],
                None,
            ),
            ApiError::DeadlineExceeded => status(
                Code::DeadlineExceeded,
                "DEADLINE_EXCEEDED",
                "the call did not finish before its deadline; retry with a longer one".to_owned(),
                &[],
                None,
            ),
            ApiError::SeatRequired(what) => status(
                Code::PermissionDenied,
                "SEAT_REQUIRED",
                format!("{what} needs a seat: send `authorization: Bearer <seat token>`"),
                &[],
                None,
            ),
            ApiError::StaleSeq { expected, current } => status(
                Code::Aborted,
                "STALE_SEQ",
                format!("the game is at seq {current}, not {expected}: read it again and retry"),
                &[("current_seq", current.to_string()), ("expected_seq", expected.to_string())],
                None,
            ),
            ApiError::RequestIdReused => status(
                Code::FailedPrecondition,
                "REQUEST_ID_REUSED",
                "this request_id was already used for a different request; use a fresh one".to_owned(),
                &[],
                None,
            ),
            ApiError::Move { error, current_seq } => status(
                Code::FailedPrecondition,
                error.reason.code(),
                error.message,
                &[("current_seq", current_seq.to_string())],
                None,
            ),
            ApiError::StreamLagged { last_seq } => status(
                Code::ResourceExhausted,
                "STREAM_LAGGED",
                format!("the stream fell too far behind; resume with after_seq = {last_seq}"),
                &[("last_seq", last_seq.to_string())],
                None,
            ),
            ApiError::InvalidPageToken => status(
                Code::InvalidArgument,
                "INVALID_PAGE_TOKEN",
                "page_token is not one this query returned; start again without it".to_owned(),
                &[],
                Some(bad_request(&[("page_token".to_owned(), "is malformed or belongs to other filters".to_owned())])),
            ),
            ApiError::SeqOutOfRange { after, current } => status(
                Code::OutOfRange,
                "SEQ_OUT_OF_RANGE",
                format!("after_seq {after} is beyond the game's newest event {current}"),
                &[("current_seq", current.to_string())],
                None,
            ),
            ApiError::ShuttingDown => status(
                Code::Unavailable,
                "SHUTTING_DOWN",
                "the server is shutting down; retry shortly".to_owned(),
                &[],
                None,
            ),
            ApiError::HintRefused(refusal) => match refusal {
                HintRefusal::NotASeat => status(
                    Code::PermissionDenied,
                    "SEAT_REQUIRED",
                    "only the seat to move may ask for a hint while the game runs (no help from the stands); \
                     anyone may analyse it once it is finished"
                        .to_owned(),
                    &[],
                    None,
                ),
                HintRefusal::Disabled => status(
                    Code::FailedPrecondition,
                    "HINTS_DISABLED",
                    "this game was created without hints (CreateGameRequest.allow_hints); \
                     anyone may analyse it once it is finished"
                        .to_owned(),
                    &[],
                    None,
                ),
                HintRefusal::HiddenInformation => status(
                    Code::PermissionDenied,
                    "SEAT_REQUIRED",
                    "in a game with hidden information a position is analysed only for the seat to act there, \
                     with that seat's own credential: the engine starts from what that seat sees"
                        .to_owned(),
                    &[],
                    None,
                ),
                HintRefusal::PastPosition { current } => status(
                    Code::FailedPrecondition,
                    "GAME_NOT_FINISHED",
                    format!(
                        "a running game is analysed only at its current position (seq {current}); \
                         leave at_seq unset, or analyse earlier positions once the game is finished"
                    ),
                    &[("current_seq", current.to_string())],
                    None,
                ),
            },
            ApiError::UnsupportedByGame(what) => status(
                Code::FailedPrecondition,
                "UNSUPPORTED_BY_GAME",
                format!("{what} is only for chess games"),
                &[],
                None,
            ),
            ApiError::InvalidPgn(why) => status(
                Code::InvalidArgument,
                "INVALID_PGN",
                format!("the PGN cannot be imported: {why}"),
                &[],
                Some(bad_request(&[("pgn.pgn".to_owned(), why.clone())])),
            ),
            ApiError::MalformedRequest(why) => status(
                Code::InvalidArgument,
                "MALFORMED_REQUEST",
                format!("the request is not a well-formed message of this call's type: {why}"),
                &[],
                None,
            ),
            ApiError::MessageTooLarge { why, limit } => status(
                Code::OutOfRange,
                "MESSAGE_TOO_LARGE",
                format!("the request is larger than this server accepts ({limit} bytes): {why}"),
                &[("limit", limit.to_string())],
                None,
            ),
            ApiError::UnsupportedCompression { message, accepted } => {
                let mut status = status(
                    Code::Unimplemented,
                    "UNSUPPORTED_COMPRESSION",
                    format!("{message}; send it uncompressed or gzip-compressed"),
                    &[],
                    None,
                );
                if let Some(accepted) = accepted {
                    status.metadata_mut().insert("grpc-accept-encoding", accepted);
                }
                status
            }
            ApiError::UnknownMethod(path) => status(
                Code::Unimplemented,
                "UNKNOWN_METHOD",
                format!("this server has no method {path:?}; list its methods with server reflection"),
                &[],
                None,
            ),
            ApiError::CredentialRevoked => status(
                Code::Unauthenticated,
                "CREDENTIAL_REVOKED",
                "the seat token this stream was opened with has been reissued; open a new stream with the new token"
                    .to_owned(),
                &[],
                None,
            ),
            ApiError::SignedCredentialRevoked => status(
                Code::Unauthenticated,
                "CREDENTIAL_REVOKED",
                "this seat's token was reissued after the signed credential was issued (its iat), which revokes it; \
                 ask the lobby for a fresh one"
                    .to_owned(),
                &[],
                None,
            ),
            ApiError::SearchBusy { threads } => status(
                Code::ResourceExhausted,
                "SEARCH_BUSY",
                format!("all {threads} search threads of the server are busy; retry shortly"),
                &[("threads", threads.to_string())],
                None,
            ),
            ApiError::OutOfTime { seat, deadline, current_seq } => {
                let deadline = prost_types::Timestamp::from(deadline).to_string();
                status(
                    Code::FailedPrecondition,
                    "OUT_OF_TIME",
                    format!("{seat}'s time ran out at {deadline}; the clock ends the game or moves for it"),
                    &[
                        ("seat", seat.number().to_string()),
                        ("deadline", deadline),
                        ("current_seq", current_seq.to_string()),
                    ],
                    None,
                )
            }
            ApiError::NoClock => status(
                Code::FailedPrecondition,
                "NO_CLOCK",
                "this game was created without a clock (GameConfig.clock)".to_owned(),
                &[],
                None,
            ),
            ApiError::ClockPaused { current_seq } => status(
                Code::FailedPrecondition,
                "CLOCK_PAUSED",
                "the game's clocks are paused: nobody moves until a service key resumes them (ResumeClock)".to_owned(),
                &[("current_seq", current_seq.to_string())],
                None,
            ),
            ApiError::ClockNotPaused { current_seq } => status(
                Code::FailedPrecondition,
                "CLOCK_NOT_PAUSED",
                "the game's clocks are running: there is nothing to resume".to_owned(),
                &[("current_seq", current_seq.to_string())],
                None,
            ),
            ApiError::LogFull { limit, current_seq } => status(
                Code::ResourceExhausted,
                "EVENT_LOG_FULL",
                format!(
                    "this game's log holds its limit of {limit} events; it takes nothing more but its end: \
                     a resignation, an abort, an adjudication or the clock"
                ),
                &[("limit", limit.to_string()), ("current_seq", current_seq.to_string())],
                None,
            ),
            ApiError::HostNotAllowed(host) => status(
                Code::PermissionDenied,
                "HOST_NOT_ALLOWED",
                format!(
                    "this server does not answer requests for host {host:?}: without service keys it answers only \
                     localhost and loopback addresses; start it with --allowed-host to add a name"
                ),
                &[("host", host)],
                None,
            ),
            ApiError::DecompressedTooLarge { why, limit } => status(
                Code::ResourceExhausted,
                "MESSAGE_TOO_LARGE",
                format!("the request is larger than this server accepts ({limit} bytes) once decompressed: {why}"),
                &[("limit", limit.to_string())],
                None,
            ),
            ApiError::SeatPlayedByEngine(seat) => status(
                Code::FailedPrecondition,
                "SEAT_PLAYED_BY_ENGINE",
                format!(
                    "{seat} is played by the server's engine: its token reads the game as that seat but may not move for it"
                ),
                &[("seat", seat.number().to_string())],
                None,
            ),
            ApiError::Storage(detail) => {
                tracing::error!(%detail, "storage failure");
                status(
                    Code::Unavailable,
                    "STORAGE_UNAVAILABLE",
                    "storage is unavailable; retry shortly".to_owned(),
                    &[],
                    None,
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ConfigViolation, Reason};
    use crate::proto::tabula::v1::ErrorReason;

    fn reason_of(error: ApiError) -> String {
        Status::from(error).get_details_error_info().expect("every status has an ErrorInfo").reason
    }

    /// Every reason the server can send is a value of the contract's `ErrorReason` enum, so
    /// clients can switch on generated constants.
    #[test]
    fn every_reason_is_listed_in_the_contract() {
        let mut errors = vec![
            ApiError::BadRequest(vec![("f".into(), "bad".into())]),
            ApiError::InvalidConfig {
                field: "config".into(),
                error: ConfigError { violations: vec![ConfigViolation { field: "x".into(), description: "y".into() }] },
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
            ApiError::TooManySavedConfigs { owner: "lobby".into(), limit: 3 },
            ApiError::DeadlineExceeded,
            ApiError::GameNotFinished("g".into()),
            ApiError::StaleSeq { expected: 1, current: 2 },
            ApiError::RequestIdReused,
            ApiError::StreamLagged { last_seq: 3 },
            ApiError::InvalidPageToken,
            ApiError::SeqOutOfRange { after: 9, current: 3 },
            ApiError::ShuttingDown,
            ApiError::HintRefused(HintRefusal::NotASeat),
            ApiError::HintRefused(HintRefusal::Disabled),
            ApiError::HintRefused(HintRefusal::PastPosition { current: 4 }),
            ApiError::UnsupportedByGame("PGN"),
            ApiError::InvalidPgn("move 3".into()),
            ApiError::MalformedRequest("invalid wire type".into()),
            ApiError::MessageTooLarge { why: "found 9 bytes".into(), limit: 8 },
            ApiError::UnsupportedCompression { message: "zstd".into(), accepted: None },
            ApiError::UnknownMethod("/tabula.v1.GameService/Nothing".into()),
            ApiError::CredentialRevoked,
            ApiError::SignedCredentialRevoked,
            ApiError::SearchBusy { threads: 2 },
            ApiError::SeatPlayedByEngine(crate::engine::Seat::SECOND),
            ApiError::OutOfTime { seat: crate::engine::Seat::FIRST, deadline: std::time::UNIX_EPOCH, current_seq: 3 },
            ApiError::NoClock,
            ApiError::ClockPaused { current_seq: 3 },
            ApiError::ClockNotPaused { current_seq: 3 },
            ApiError::LogFull { limit: 20, current_seq: 20 },
            ApiError::HostNotAllowed("evil.example".into()),
            ApiError::DecompressedTooLarge { why: "found 9 bytes".into(), limit: 8 },
            ApiError::HintRefused(HintRefusal::HiddenInformation),
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

    #[test]
    fn refused_moves_name_the_current_seq() {
        let status =
            Status::from(ApiError::Move { error: MoveError::new(Reason::CellOccupied, "taken"), current_seq: 7 });
        assert_eq!(status.code(), Code::FailedPrecondition);
        let info = status.get_details_error_info().unwrap();
        assert_eq!((info.reason.as_str(), info.metadata["current_seq"].as_str()), ("CELL_OCCUPIED", "7"));
    }
}
