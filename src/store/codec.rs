//! How records and events are written into database rows: configurations, turns and
//! outcomes as JSON text (readable with any SQL client), times as microseconds since the
//! Unix epoch, seat token hashes as one byte string.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{GameStatus, StoreError, TokenHash};

/// Microseconds since the Unix epoch (0 for earlier times).
pub fn to_micros(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

/// The time `micros` microseconds after the Unix epoch.
pub fn from_micros(micros: i64) -> SystemTime {
    UNIX_EPOCH + Duration::from_micros(micros.max(0) as u64)
}

/// A value as JSON text.
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("domain values always serialise")
}

/// A value back from JSON text; `what` names it in the error.
pub fn from_json<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Backend(format!("stored {what} is unreadable: {e}")))
}

/// The stored name of a series' status.
pub fn series_status_name(status: super::SeriesStatus) -> &'static str {
    match status {
        super::SeriesStatus::InProgress => "in_progress",
        super::SeriesStatus::Finished => "finished",
    }
}

/// The stored name of a tournament's status.
pub fn tournament_status_name(status: super::TournamentStatus) -> &'static str {
    match status {
        super::TournamentStatus::InProgress => "in_progress",
        super::TournamentStatus::Finished => "finished",
        super::TournamentStatus::Cancelled => "cancelled",
    }
}

/// The stored name of a status.
pub fn status_name(status: GameStatus) -> &'static str {
    match status {
        GameStatus::InProgress => "in_progress",
        GameStatus::Finished => "finished",
        GameStatus::Archived => "archived",
    }
}

/// A status from its stored name.
pub fn status_from_name(name: &str) -> Result<GameStatus, StoreError> {
    match name {
        "in_progress" => Ok(GameStatus::InProgress),
        "finished" => Ok(GameStatus::Finished),
        "archived" => Ok(GameStatus::Archived),
        other => Err(StoreError::Backend(format!("unknown stored game status {other:?}"))),
    }
}

/// Seat token hashes as one byte string, in seat order.
pub fn hashes_to_bytes(hashes: &[TokenHash]) -> Vec<u8> {
    hashes.concat()
}

/// Seat token hashes back from one byte string.
pub fn hashes_from_bytes(bytes: &[u8]) -> Result<Vec<TokenHash>, StoreError> {
    if !bytes.len().is_multiple_of(32) {
        return Err(StoreError::Backend("stored seat token hashes have a bad length".into()));
    }
    Ok(bytes.chunks_exact(32).map(|c| c.try_into().expect("chunks of 32")).collect())
}

/// A database count or number as the `u64` / `u32` the domain uses.
pub fn unsigned<T: TryFrom<i64>>(value: i64, what: &str) -> Result<T, StoreError> {
    T::try_from(value).map_err(|_| StoreError::Backend(format!("stored {what} {value} is out of range")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_keep_microseconds() {
        let time = UNIX_EPOCH + Duration::from_micros(1_790_000_000_123_456);
        assert_eq!(from_micros(to_micros(time)), time);
    }

    #[test]
    fn hashes_round_trip_and_bad_lengths_are_refused() {
        let hashes = vec![[1u8; 32], [2u8; 32]];
        assert_eq!(hashes_from_bytes(&hashes_to_bytes(&hashes)).unwrap(), hashes);
        assert!(hashes_from_bytes(&[0u8; 31]).is_err());
    }

    #[test]
    fn statuses_round_trip() {
        for status in [GameStatus::InProgress, GameStatus::Finished, GameStatus::Archived] {
            assert_eq!(status_from_name(status_name(status)).unwrap(), status);
        }
    }
}
