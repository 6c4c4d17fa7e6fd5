//! Where the play layer reads the time: the system's clock in a server, a clock that only
//! moves when told in tests. Every clock reading and every timeout comes from here, so a
//! test can play a whole timed game in no time and know exactly when each seat ran out.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use tokio::sync::watch;

/// The play layer's source of time.
#[derive(Clone, Debug, Default)]
pub enum TimeSource {
    /// The system's clock.
    #[default]
    System,
    /// A clock moved by hand ([`ManualTime::advance`]).
    Manual(Arc<ManualTime>),
}

/// A clock that stands still until it is moved.
#[derive(Debug)]
pub struct ManualTime {
    now: watch::Sender<SystemTime>,
}

impl ManualTime {
    /// A clock showing `start`.
    pub fn new(start: SystemTime) -> Arc<ManualTime> {
        Arc::new(ManualTime { now: watch::channel(start).0 })
    }

    /// What it shows.
    pub fn now(&self) -> SystemTime {
        *self.now.borrow()
    }

    /// Moves it on by `by`, waking whatever waits for a time now reached.
    pub fn advance(&self, by: Duration) {
        self.now.send_modify(|now| *now += by);
    }
}

/// The moment a turn made at `now` is taken at, in a game whose last event was at `last`:
/// the later of the two rounded up to whole milliseconds, the clocks' unit.
///
/// Rounding up, not down, keeps the promise a clock makes: a move the clock accepted
/// carries a time no later than its seat's deadline, and one that arrives a fraction of a
/// millisecond late is refused, not stamped with a time past the deadline it was let in at.
pub fn turn_moment(now: SystemTime, last: SystemTime) -> SystemTime {
    rounded_up_to_millis(now.max(last))
}

/// `time` rounded up to whole milliseconds since the Unix epoch (earlier times become the
/// epoch): what the clocks judge a moment as.
pub fn rounded_up_to_millis(time: SystemTime) -> SystemTime {
    let since_epoch = time.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    let millis = since_epoch.as_millis() + u128::from(!since_epoch.subsec_nanos().is_multiple_of(1_000_000));
    SystemTime::UNIX_EPOCH + Duration::from_millis(u64::try_from(millis).unwrap_or(u64::MAX))
}

impl TimeSource {
    /// The time now.
    pub fn now(&self) -> SystemTime {
        match self {
            TimeSource::System => SystemTime::now(),
            TimeSource::Manual(manual) => manual.now(),
        }
    }

    /// Returns once the time is `at` or later.
    pub async fn sleep_until(&self, at: SystemTime) {
        match self {
            TimeSource::System => loop {
                // The system's clock may be set back or forth while sleeping: look again.
                match at.duration_since(SystemTime::now()) {
                    Ok(left) if !left.is_zero() => tokio::time::sleep(left.min(Duration::from_secs(60))).await,
                    _ => return,
                }
            },
            TimeSource::Manual(manual) => {
                let mut now = manual.now.subscribe();
                let _ = now.wait_for(|now| *now >= at).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_taken_at_the_next_whole_millisecond_and_never_before_the_last_event() {
        let at = |micros: u64| SystemTime::UNIX_EPOCH + Duration::from_micros(micros);
        assert_eq!(turn_moment(at(5_000_000), at(0)), at(5_000_000), "a whole millisecond stays");
        assert_eq!(turn_moment(at(5_000_001), at(0)), at(5_001_000), "a fraction past it rounds up");
        assert_eq!(turn_moment(at(5_000_999), at(0)), at(5_001_000));
        assert_eq!(turn_moment(at(4_000_000), at(5_000_300)), at(5_001_000), "never before the last event");
    }
}
