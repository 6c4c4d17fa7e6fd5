//! Calls per credential: a token bucket per caller, refused with `RATE_LIMITED`.
//!
//! A caller is its `authorization` value (hashed: the table never holds a credential), or,
//! without one, its peer address. Buckets that have refilled are dropped periodically, so
//! the table holds only callers seen lately.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use sha2::{Digest, Sha256};
use tonic::codegen::http::HeaderMap;

use super::error::ApiError;

/// How fast one caller may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Calls per second, sustained.
    pub per_second: NonZeroU32,
    /// Calls allowed at once after a quiet spell.
    pub burst: NonZeroU32,
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

    /// Takes one call from the bucket of the caller with these headers and peer address.
    ///
    /// # Errors
    /// `RATE_LIMITED`, with the wait until the next call would be allowed.
    pub fn check(&self, headers: &HeaderMap, peer: Option<IpAddr>) -> Result<(), ApiError> {
        let key = caller_key(headers, peer);
        self.buckets.check_key(&key).map_err(|not_until| {
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

fn caller_key(headers: &HeaderMap, peer: Option<IpAddr>) -> [u8; 32] {
    let mut hasher = Sha256::new();
    match headers.get("authorization") {
        Some(credential) => {
            hasher.update(b"credential\0");
            hasher.update(credential.as_bytes());
        }
        None => {
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
    fn each_credential_has_its_own_bucket() {
        let limit = RateLimit { per_second: NonZeroU32::new(1).unwrap(), burst: NonZeroU32::new(2).unwrap() };
        let limiter = CallLimiter::new(limit);
        let mut alice = HeaderMap::new();
        alice.insert("authorization", "Bearer alice".parse().unwrap());
        let mut bob = HeaderMap::new();
        bob.insert("authorization", "Bearer bob".parse().unwrap());
        let peer = Some(IpAddr::from([127, 0, 0, 1]));
        assert!(limiter.check(&alice, peer).is_ok());
        assert!(limiter.check(&alice, peer).is_ok());
        let Err(ApiError::RateLimited { retry_after_ms }) = limiter.check(&alice, peer) else { panic!("a third call at once") };
        assert!((1..=1000).contains(&retry_after_ms), "{retry_after_ms}");
        assert!(limiter.check(&bob, peer).is_ok());
        assert!(limiter.check(&HeaderMap::new(), peer).is_ok());
    }
}
