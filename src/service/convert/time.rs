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

/// The wire duration of `millis`.
pub fn millis_to_proto(millis: Millis) -> prost_types::Duration {
    prost_types::Duration { seconds: (millis / 1_000) as i64, nanos: ((millis % 1_000) * 1_000_000) as i32 }
}
