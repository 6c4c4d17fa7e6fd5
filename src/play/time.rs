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
