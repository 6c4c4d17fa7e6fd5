//! Times and durations on the wire: a `Timestamp` for a moment, a `Duration` in whole
//! milliseconds (the clocks' precision) for a span.

use std::time::SystemTime;

use super::Violations;
use crate::engine::clock::Millis;

/// A wire timestamp.
pub fn timestamp(time: SystemTime) -> prost_types::Timestamp {
    prost_types::Timestamp::from(time)
}

/// Milliseconds of a wire duration, when it is a whole, non-negative number of them.
pub fn millis_from_proto(duration: Option<&prost_types::Duration>, field: &str, violations: &mut Violations) -> Millis {
    let Some(duration) = duration else { return 0 };
    let whole = duration.nanos % 1_000_000 == 0;
    match (u64::try_from(duration.seconds), u64::try_from(duration.nanos)) {
        (Ok(seconds), Ok(nanos)) if whole && nanos < 1_000_000_000 => {
            seconds.saturating_mul(1_000).saturating_add(nanos / 1_000_000)
        }
        _ => {
            violations.add(field, "must be a non-negative duration in whole milliseconds");
            0
        }
    }
}

/// The spectator delay a creation asks for, checked: `None` when it asks for none.
///
/// # Errors
/// `INVALID_REQUEST` naming every problem: too many plies, a duration out of range or not in
/// whole milliseconds, or neither set.
pub fn spectator_delay_from_proto(
    asked: Option<&crate::proto::tabula::v1::SpectatorDelay>,
) -> Result<Option<crate::play::SpectatorDelay>, crate::service::error::ApiError> {
    use crate::play::SpectatorDelay;
    let Some(asked) = asked else { return Ok(None) };
    let mut violations = Violations::default();
    if asked.plies > SpectatorDelay::MAX_PLIES {
        violations.add("spectator_delay.plies", format!("must be at most {}", SpectatorDelay::MAX_PLIES));
    }
    let duration_ms = millis_from_proto(asked.duration.as_ref(), "spectator_delay.duration", &mut violations);
    if asked.duration.is_some()
        && !(SpectatorDelay::MIN_DURATION_MS..=SpectatorDelay::MAX_DURATION_MS).contains(&duration_ms)
    {
        violations.add("spectator_delay.duration", "must be from 1 s to 1 h");
    }
    if asked.plies == 0 && asked.duration.is_none() {
        violations.add("spectator_delay", "holds nothing back: set plies, duration or both");
    }
    violations.into_result(Some(SpectatorDelay { plies: asked.plies, duration_ms }))
}

/// The wire form of a spectator delay.
pub fn spectator_delay_to_proto(delay: &crate::play::SpectatorDelay) -> crate::proto::tabula::v1::SpectatorDelay {
    crate::proto::tabula::v1::SpectatorDelay {
        plies: delay.plies,
        duration: (delay.duration_ms > 0).then(|| millis_to_proto(delay.duration_ms)),
    }
}

/// The wire duration of `millis`.
pub fn millis_to_proto(millis: Millis) -> prost_types::Duration {
    prost_types::Duration { seconds: (millis / 1_000) as i64, nanos: ((millis % 1_000) * 1_000_000) as i32 }
}
