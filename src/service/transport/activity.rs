//! A connection's calls: how many are in flight, and since when it has had none, for the
//! limits that close connections that make no calls.

use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use http_body::{Frame, SizeHint};
use tokio::sync::Notify;
use tokio::time::{Duration, Instant};
use tonic::body::Body;

/// The calls of one connection; clones share them.
#[derive(Clone)]
pub(super) struct Activity(Arc<Counts>);

struct Counts {
    /// Calls begun so far.
    begun: AtomicU64,
    /// Calls whose answer is not yet done.
    in_flight: AtomicUsize,
    /// When the last call in flight ended.
    idle_since: Mutex<Instant>,
    /// Told whenever a call begins or ends.
    changed: Notify,
}

impl Activity {
    pub(super) fn new() -> Activity {
        Activity(Arc::new(Counts {
            begun: AtomicU64::new(0),
            in_flight: AtomicUsize::new(0),
            idle_since: Mutex::new(Instant::now()),
            changed: Notify::new(),
        }))
    }

    /// A call begins; it is in flight until the [`Call`] is dropped.
    pub(super) fn begin(&self) -> Call {
        self.0.begun.fetch_add(1, Ordering::Relaxed);
        self.0.in_flight.fetch_add(1, Ordering::AcqRel);
        self.0.changed.notify_waiters();
        Call(self.0.clone())
    }

    /// Completes once the connection is past a limit, saying which: `handshake` when no
    /// call began by `handshake`, `idle` once it has had no call in flight for `idle`.
    /// Never while a call is in flight.
    pub(super) async fn expired(&self, handshake: Instant, idle: Duration) -> &'static str {
        loop {
            let changed = self.0.changed.notified();
            tokio::pin!(changed);
            // Registered before looking, so a change in between still wakes this loop.
            changed.as_mut().enable();
            let (why, at) = if self.0.begun.load(Ordering::Relaxed) == 0 {
                ("handshake", handshake)
            } else if self.0.in_flight.load(Ordering::Acquire) > 0 {
                changed.await;
                continue;
            } else {
                ("idle", *self.0.idle_since.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) + idle)
            };
            tokio::select! {
                () = tokio::time::sleep_until(at) => return why,
                () = &mut changed => {}
            }
        }
    }
}

/// A call in flight on its connection, until dropped.
pub(super) struct Call(Arc<Counts>);

impl Call {
    /// `body`, holding the call in flight until it is done or dropped.
    pub(super) fn until_done(self, body: Body) -> Body {
        Body::new(Answer { body, _call: self })
    }
}

impl Drop for Call {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::AcqRel) == 1 {
            *self.0.idle_since.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Instant::now();
        }
        self.0.changed.notify_waiters();
    }
}

/// An answer's body, with the call it belongs to.
struct Answer {
    body: Body,
    _call: Call,
}

impl http_body::Body for Answer {
    type Data = bytes::Bytes;
    type Error = tonic::Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOMENT: Duration = Duration::from_millis(100);

    #[tokio::test]
    async fn a_connection_expires_without_a_first_call_or_once_idle_but_never_while_a_call_runs() {
        let activity = Activity::new();
        let started = Instant::now();
        assert_eq!(activity.expired(started + MOMENT, Duration::from_secs(60)).await, "handshake");
        assert!(started.elapsed() >= MOMENT);

        let activity = Activity::new();
        let call = activity.begin();
        let waiting = tokio::time::timeout(MOMENT * 5, activity.expired(started, MOMENT));
        assert!(waiting.await.is_err(), "a call in flight keeps the connection, past both limits");
        let ended = Instant::now();
        drop(call);
        assert_eq!(activity.expired(started, MOMENT * 2).await, "idle");
        assert!(ended.elapsed() >= MOMENT * 2, "{:?}", ended.elapsed());
    }
}
