//! The checks requests share: ids, request ids, explanations, seat numbers, times, kinds,
//! and gathering every problem of a request into one `BadRequest`.

use std::time::SystemTime;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use prost::Message;
use sha2::{Digest, Sha256};

use crate::engine::Seat;
use crate::games::GameKind;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{Violations, check_free_text, kind_from_proto};
use crate::service::error::ApiError;

/// Longest game or series id accepted (ours are 36 characters).
pub const MAX_GAME_ID_LEN: usize = 64;
/// Longest request id accepted.
pub const MAX_REQUEST_ID_LEN: usize = 128;
/// Longest explanation of an abort or adjudication accepted, in characters.
pub const MAX_EXPLANATION_CHARS: usize = 500;

/// Longest name of a saved configuration.
pub const MAX_SAVED_NAME_LEN: usize = 64;

/// The labels a list is filtered by, in a form any change alters (for its page tokens).
pub fn labels_query(labels: &std::collections::BTreeMap<String, String>) -> String {
    let pairs: Vec<String> = labels.iter().map(|(key, value)| format!("{key}={value}")).collect();
    URL_SAFE_NO_PAD.encode(pairs.join("\n"))
}

/// The id of a game or series a request names in `field`: required, and at most
/// [`MAX_GAME_ID_LEN`] characters.
pub fn resource_id<'a>(id: &'a str, field: &str) -> Result<&'a str, ApiError> {
    if id.is_empty() {
        return Err(ApiError::bad_field(field, "is required"));
    }
    if id.len() > MAX_GAME_ID_LEN {
        return Err(ApiError::bad_field(field, format!("is longer than {MAX_GAME_ID_LEN} characters")));
    }
    Ok(id)
}

/// A saved configuration's name, checked: 1 to [`MAX_SAVED_NAME_LEN`] lower-case letters,
/// digits, `_` and `-`.
pub fn saved_name(name: &str, field: &str) -> Result<String, ApiError> {
    let fine = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
    if name.is_empty() || name.len() > MAX_SAVED_NAME_LEN || !name.chars().all(fine) {
        return Err(ApiError::bad_field(
            field,
            format!("must be 1 to {MAX_SAVED_NAME_LEN} lower-case letters, digits, '_' or '-'"),
        ));
    }
    Ok(name.to_owned())
}

/// A request's `request_id`: `None` when empty, at most [`MAX_REQUEST_ID_LEN`] bytes.
pub fn request_id(id: &str) -> Result<Option<String>, ApiError> {
    if id.len() > MAX_REQUEST_ID_LEN {
        return Err(ApiError::bad_field("request_id", format!("is longer than {MAX_REQUEST_ID_LEN} characters")));
    }
    Ok((!id.is_empty()).then(|| id.to_owned()))
}

/// An abort's or adjudication's explanation: required, and at most
/// [`MAX_EXPLANATION_CHARS`] characters of free text.
pub fn explanation(text: &str) -> Result<String, ApiError> {
    if text.trim().is_empty() {
        return Err(ApiError::bad_field("explanation", "is required: say why, for the players"));
    }
    let mut violations = Violations::default();
    check_free_text(text, MAX_EXPLANATION_CHARS, "explanation", &mut violations);
    violations.into_result(text.to_owned())
}

/// The seat `number` names in a game of `seat_count` seats, recorded under `field` when
/// it names none.
pub fn seat_number(number: u32, seat_count: usize, field: &str, violations: &mut Violations) -> Option<Seat> {
    let seat = Seat::from_number(number).filter(|seat| seat.index() < seat_count);
    if seat.is_none() {
        violations.add(field, format!("must be between 1 and {seat_count}"));
    }
    seat
}

/// The seat `number` names in a game of `seat_count` seats.
pub fn seat(number: u32, seat_count: usize, field: &str) -> Result<Seat, ApiError> {
    let mut violations = Violations::default();
    let seat = seat_number(number, seat_count, field, &mut violations);
    violations.into_result(())?;
    Ok(seat.expect("a seat when nothing was recorded"))
}

/// The domain kind of an optional wire kind: `None` for unspecified.
pub fn optional_kind(raw: i32) -> Result<Option<GameKind>, ApiError> {
    match raw {
        0 => Ok(None),
        raw => kind_from_proto(raw)
            .map(Some)
            .ok_or_else(|| ApiError::bad_field("kind", format!("{raw} is not a known GameKind"))),
    }
}

/// Whether a `SubmitMove` answer is to carry the whole view: unset and `FULL` do,
/// `BASIC` does not.
pub fn full_move_answer(raw: i32) -> Result<bool, ApiError> {
    match pb::SubmitMoveView::try_from(raw) {
        Ok(pb::SubmitMoveView::Unspecified | pb::SubmitMoveView::Full) => Ok(true),
        Ok(pb::SubmitMoveView::Basic) => Ok(false),
        Err(_) => Err(ApiError::bad_field("view", format!("{raw} is not a SubmitMoveView value"))),
    }
}

/// Seconds of 0001-01-01T00:00:00Z and of 9999-12-31T23:59:59Z, the range of a valid
/// `google.protobuf.Timestamp`.
const TIMESTAMP_SECONDS: std::ops::RangeInclusive<i64> = -62_135_596_800..=253_402_300_799;

/// A wire timestamp as a time, when set; only the values the `Timestamp` type defines
/// (nanos in 0..1e9, years 1 to 9999) are accepted, never normalised.
pub fn optional_time(time: Option<&prost_types::Timestamp>, field: &str) -> Result<Option<SystemTime>, ApiError> {
    let Some(time) = time else { return Ok(None) };
    if !(0..1_000_000_000).contains(&time.nanos) {
        return Err(ApiError::bad_field(format!("{field}.nanos"), "must be between 0 and 999,999,999"));
    }
    if !TIMESTAMP_SECONDS.contains(&time.seconds) {
        return Err(ApiError::bad_field(format!("{field}.seconds"), "must lie between the years 1 and 9999"));
    }
    SystemTime::try_from(*time)
        .map(Some)
        .map_err(|_| ApiError::bad_field(field, "is not a time this server can represent"))
}

/// SHA-256 of `asked`'s encoding, in hex: a creation's request with its request id
/// cleared, to tell a retry from an id reused for another request. Prost encodes a message
/// the same way every time.
pub fn digest_of(asked: &impl Message) -> String {
    Sha256::digest(asked.encode_to_vec()).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// One `BadRequest` naming every bad field among the failed `checks`, so that a caller
/// learns every problem of a request at once.
pub fn every_problem(checks: &[Option<&ApiError>]) -> ApiError {
    let fields = checks
        .iter()
        .flatten()
        .flat_map(|error| match error {
            ApiError::BadRequest(fields) => fields.clone(),
            _ => Vec::new(),
        })
        .collect();
    ApiError::BadRequest(fields)
}
