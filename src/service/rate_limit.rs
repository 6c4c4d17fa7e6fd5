//! Calls per caller: a token bucket per caller, refused with `RATE_LIMITED`.
//!
//! A caller is who the call was authenticated as: a seat of a game (however its
//! credential is spelled, and whichever of its credentials it used), a service key, or,
//! for calls without a valid credential, the peer address, so that neither respelling a
//! credential nor sending a new garbage one on every call earns a fresh allowance.
//! Buckets that have refilled are dropped periodically, so the table holds only callers
//! seen lately; keys are hashed, so it never holds a game id next to a seat either.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use sha2::{Digest, Sha256};

use super::error::ApiError;
use crate::engine::Seat;

/// How fast one caller may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Calls per second, sustained.
    pub per_second: NonZeroU32,
    /// Calls allowed at once after a quiet spell.
    pub burst: NonZeroU32,
}

/// Who a call counts against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caller<'a> {
    /// A seat of a game, authenticated.
    Seat { game_id: &'a str, seat: Seat },
    /// A configured service key, by name.
    ServiceKey(&'a str),
    /// Anyone else: no credential, or one that did not authenticate.
    Peer(Option<IpAddr>),
}

/// The buckets of every caller seen lately.
pub struct CallLimiter {
    buckets: DefaultKeyedRateLimiter<[u8; 32]>,
    clock: DefaultClock,
}

impl CallLimiter {
    /// Buckets that allow `limit`.
    pub fn new(limit: RateLimit) -> CallLimiter {
        let quota = Quota::per_second(limit.per_second).allow_burst(limit.burst);
        CallLimiter { buckets: RateLimiter::keyed(quota), clock: DefaultClock::default() }
    }

    /// Takes one call from `caller`'s bucket.
    ///
    /// # Errors
    /// `RATE_LIMITED`, with the wait until the next call would be allowed.
    pub fn check(&self, caller: Caller<'_>) -> Result<(), ApiError> {
        self.buckets.check_key(&key(caller)).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            ApiError::RateLimited { retry_after_ms: (wait.as_millis() as u64).max(1) }
        })
    }

    /// Forgets callers whose buckets are full again: they would start afresh anyway.
    pub fn forget_idle(&self) {
        self.buckets.retain_recent();
        self.buckets.shrink_to_fit();
    }
}

fn key(caller: Caller<'_>) -> [u8; 32] {
    let mut hasher = Sha256::new();
    match caller {
        Caller::Seat { game_id, seat } => {
            hasher.update(b"seat\0");
            hasher.update(game_id.as_bytes());
            hasher.update([0, seat.index() as u8]);
        }
        Caller::ServiceKey(name) => {
            hasher.update(b"key\0");
            hasher.update(name.as_bytes());
        }
        Caller::Peer(peer) => {
            hasher.update(b"peer\0");
            hasher.update(peer.map(|ip| ip.to_string()).unwrap_or_default().as_bytes());
        }
    }
    hasher.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_caller_has_its_own_bucket() {
        let limit = RateLimit { per_second: NonZeroU32::new(1).unwrap(), burst: NonZeroU32::new(2).unwrap() };
        let limiter = CallLimiter::new(limit);
        let first = Caller::Seat { game_id: "g", seat: Seat::FIRST };
        let peer = Caller::Peer(Some(IpAddr::from([127, 0, 0, 1])));
        assert!(limiter.check(first).is_ok());
        assert!(limiter.check(first).is_ok());
        let Err(ApiError::RateLimited { retry_after_ms }) = limiter.check(first) else {
            panic!("a third call at once")
        };
        assert!((1..=1000).contains(&retry_after_ms), "{retry_after_ms}");
        assert!(limiter.check(Caller::Seat { game_id: "g", seat: Seat::SECOND }).is_ok());
        assert!(limiter.check(Caller::Seat { game_id: "h", seat: Seat::FIRST }).is_ok());
        assert!(limiter.check(Caller::ServiceKey("lobby")).is_ok());
        assert!(limiter.check(peer).is_ok());
    }
}
