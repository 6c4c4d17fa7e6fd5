//! Riding out a server that goes away and comes back (a restart, a redeploy): which failed
//! calls are worth making again, and how long to wait between attempts.

use std::error::Error;
use std::time::Duration;

use tonic::{Code, Status};

/// The first pause after the server is lost: short, so a quick restart is hardly noticed.
const FIRST_PAUSE: Duration = Duration::from_millis(100);

/// The longest pause: a long outage is still noticed to end within this long.
const LONGEST_PAUSE: Duration = Duration::from_secs(2);

/// Whether `status` says the server could not be reached, rather than that it refused the
/// call: UNAVAILABLE (nobody listening, the server shutting down or its storage away), or
/// any status this client made up itself from a broken connection (an h2 or hyper error, a
/// reset socket), which tonic marks with the error it came from. A status the server sent
/// (NOT_FOUND, PERMISSION_DENIED, UNAUTHENTICATED, INVALID_ARGUMENT, …) carries no such
/// error: asking again would get the same answer.
pub fn transient(status: &Status) -> bool {
    status.code() == Code::Unavailable || status.source().is_some()
}

/// The pauses between attempts to reach a lost server: 100 ms, doubling up to 2 s, for as
/// long as it takes.
#[derive(Debug)]
pub struct Backoff {
    next: Duration,
}

impl Backoff {
    pub fn new() -> Backoff {
        Backoff { next: FIRST_PAUSE }
    }

    /// How long to wait before the next attempt.
    pub fn pause(&mut self) -> Duration {
        let pause = self.next;
        self.next = (self.next * 2).min(LONGEST_PAUSE);
        pause
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_from_a_tenth_of_a_second_up_to_two_seconds() {
        let mut backoff = Backoff::new();
        let pauses: Vec<u128> = (0..8).map(|_| backoff.pause().as_millis()).collect();
        assert_eq!(pauses, [100, 200, 400, 800, 1600, 2000, 2000, 2000]);
    }

    #[test]
    fn a_broken_connection_is_transient_and_a_refusal_is_not() {
        let reset = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "connection reset by peer");
        assert!(transient(&Status::from_error(Box::new(reset))));
        assert!(transient(&Status::unavailable("tcp connect error: Connection refused")));
        for refusal in [
            Status::not_found("no game"),
            Status::permission_denied("a private game"),
            Status::unauthenticated("a bad token"),
            Status::invalid_argument("a bad id"),
            Status::internal("the server's own failure"),
        ] {
            assert!(!transient(&refusal), "{refusal:?}");
        }
    }
}
