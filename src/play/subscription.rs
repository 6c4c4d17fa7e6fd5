//! Following a game: the backlog from the log, then live events from the game's channel,
//! in order, without gaps or duplicates, as a stream of events a subscriber reads.
//!
//! A subscription is a stream the subscriber's connection polls itself: no task and no
//! queue stand between the game's broadcast channel and the connection, so a thousand
//! spectators cost a thousand channel reads an event, not also a thousand task wake-ups
//! and queue hand-offs. A move never waits for a subscriber: moves only write to the
//! broadcast channel, which never waits. A subscriber that stops reading falls behind the
//! channel; its stream then ends with `STREAM_LAGGED` naming the last seq delivered, and
//! the client resumes from there.
//!
//! A stream opened with a seat token lasts only as long as that token: when the seat's
//! token is reissued (here or, through the store, on another replica) the stream ends
//! with `CREDENTIAL_REVOKED`, and no event is delivered once the token is no longer the
//! seat's, so a revoked holder never sees what the seat does next.

use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::Arc;

use futures_util::Stream;
use tokio::sync::{broadcast, watch};

use super::clocks::ClockReadings;
use super::error::PlayError;
use super::hub::{Hub, LiveGame};
use crate::engine::clock::Clocks;
use crate::engine::{AnyMatch, View, Viewer};
use crate::store::{EventKind, StoredEvent, TokenHash};

/// Events read from the store per backlog query.
const BACKLOG_BATCH: usize = 256;

/// Where a stream starts and who watches it.
pub struct Subscription {
    /// The watcher.
    pub viewer: Viewer,
    /// The hash of the seat token the stream was opened with, when it was opened with one.
    pub opened_with: Option<TokenHash>,
    /// The last seq the watcher already has.
    pub after: u64,
    /// Streams the game may have open at once, this one included.
    pub max_per_game: usize,
    /// Whether each event comes with the game as the watcher sees it just after it.
    pub with_views: bool,
}

/// One event of a subscription and, when asked for, the game as its watcher sees it just
/// after that event.
#[derive(Debug)]
pub struct Delivery {
    /// The event, as the log holds it.
    pub event: StoredEvent,
    /// The watcher's view at the event's seq.
    pub view: Option<View>,
    /// With the view, in a game with clocks, the clocks at the event's seq, read at its time.
    pub clocks: Option<ClockReadings>,
}

/// A subscription's deliveries, in order, then the error that ended it, if one did.
pub type Deliveries = Pin<Box<dyn Stream<Item = Result<Delivery, PlayError>> + Send>>;

/// `live`'s events after `subscription.after`, in order, then the error that ended the
/// subscription, if one did. What its viewer may see of each is the caller's to decide.
/// Dropping the stream ends the subscription and gives its place back at once.
///
/// # Errors
/// `TOO_MANY_STREAMS` when the game has its cap of subscribers, `SEQ_OUT_OF_RANGE` when
/// `after` is beyond the log.
pub async fn subscribe(
    hub: Arc<Hub>,
    live: Arc<LiveGame>,
    subscription: Subscription,
    shutdown: watch::Receiver<bool>,
) -> Result<Deliveries, PlayError> {
    let Subscription { viewer, opened_with, after, max_per_game, with_views } = subscription;
    let (receiver, current, finished) = live.subscribe(max_per_game).await?;
    if after > current {
        return Err(PlayError::SeqOutOfRange { after, current });
    }
    // The watcher's own copy of the game, as of `after`, moved along with each event.
    let (replica, clocks) = match with_views {
        true => {
            let (game, clocks) = hub.game_at(&live, after).await?;
            (Some(game), clocks)
        }
        false => (None, None),
    };
    let watched = Watched { shutdown, removed: live.removed(), reissues: live.reissues() };
    let feeder = Feeder {
        hub,
        live,
        viewer,
        opened_with,
        replica,
        clocks,
        receiver,
        watched,
        final_seq: finished.then_some(current),
        last: after,
        catching_up: Some(None),
        pending: VecDeque::new(),
        ended: None,
        _counted: Counted::new(),
    };
    Ok(Box::pin(futures_util::stream::unfold(feeder, |mut feeder| async move {
        let next = feeder.next().await?;
        Some((next, feeder))
    })))
}

/// Counts an open subscription in the `tabula_stream_subscribers` gauge while it lives.
struct Counted;

impl Counted {
    fn new() -> Counted {
        metrics::gauge!("tabula_stream_subscribers").increment(1);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        metrics::gauge!("tabula_stream_subscribers").decrement(1);
    }
}

/// What ends a stream besides its game's events.
struct Watched {
    shutdown: watch::Receiver<bool>,
    removed: watch::Receiver<bool>,
    reissues: watch::Receiver<u64>,
}

struct Feeder {
    hub: Arc<Hub>,
    live: Arc<LiveGame>,
    viewer: Viewer,
    opened_with: Option<TokenHash>,
    /// With views: the game as of `last`.
    replica: Option<Box<dyn AnyMatch>>,
    /// With views, in a game with clocks: the clocks as of `last`.
    clocks: Option<Clocks>,
    receiver: broadcast::Receiver<Arc<StoredEvent>>,
    watched: Watched,
    /// The game's last seq when it was already over at subscription.
    final_seq: Option<u64>,
    /// The last seq delivered.
    last: u64,
    /// While the log is read rather than the channel: up to which seq (`None`: to the end).
    catching_up: Option<Option<u64>>,
    /// Deliveries made and not yet read, oldest first: at most one backlog batch.
    pending: VecDeque<Delivery>,
    /// Set once the stream must end, after `pending`: with the error that ends it, if any.
    ended: Option<Option<PlayError>>,
    _counted: Counted,
}

/// Why a feeder stopped.
enum Stop {
    /// The game's final event was delivered, or the subscriber went away.
    Done,
    /// The stream must end with this error.
    Fail(PlayError),
}

impl Feeder {
    /// The next item of the stream: a delivery, or the error that ends it; `None` once it
    /// ended.
    async fn next(&mut self) -> Option<Result<Delivery, PlayError>> {
        loop {
            if let Some(delivery) = self.pending.pop_front() {
                return Some(Ok(delivery));
            }
            if let Some(ended) = &mut self.ended {
                return ended.take().map(Err);
            }
            if let Err(stop) = self.step().await {
                self.ended = Some(match stop {
                    Stop::Done => None,
                    Stop::Fail(error) => {
                        if matches!(error, PlayError::StreamLagged { .. }) {
                            metrics::counter!("tabula_streams_lagged_total").increment(1);
                        }
                        Some(error)
                    }
                });
            }
        }
    }

    /// Makes the next deliveries: a batch of the backlog while catching up, else the next
    /// event from the game's channel (or what ends the stream).
    async fn step(&mut self) -> Result<(), Stop> {
        if let Some(until) = self.catching_up {
            let more = self.catch_up_batch(until).await?;
            if !more {
                self.catching_up = None;
                // Already over, and everything delivered: nothing will ever follow.
                if self.final_seq.is_some_and(|seq| self.last >= seq) {
                    return Err(Stop::Done);
                }
            }
            return Ok(());
        }
        let Watched { shutdown, removed, reissues } = &mut self.watched;
        let received = tokio::select! {
            received = self.receiver.recv() => Some(received),
            _ = shutdown.wait_for(|down| *down) => return Err(Stop::Fail(PlayError::ShuttingDown)),
            _ = removed.wait_for(|gone| *gone) => {
                return Err(Stop::Fail(PlayError::GameNotFound(self.live.id.clone())));
            }
            _ = reissues.changed() => None,
        };
        // A token was reissued: the stream goes on only if its own still holds.
        let Some(received) = received else { return self.check_credential() };
        match received {
            Ok(event) if event.seq <= self.last => Ok(()),
            Ok(event) if event.seq == self.last + 1 => self.deliver(&event),
            // A gap: the log is the truth, read the missing events back from it.
            Ok(event) => {
                self.catching_up = Some(Some(event.seq));
                Ok(())
            }
            Err(broadcast::error::RecvError::Lagged(_)) => {
                Err(Stop::Fail(PlayError::StreamLagged { last_seq: self.last }))
            }
            Err(broadcast::error::RecvError::Closed) => Err(Stop::Done),
        }
    }

    /// Delivers the next batch of logged events after `self.last`, up to `until` when
    /// given; false once there is nothing more to read.
    async fn catch_up_batch(&mut self, until: Option<u64>) -> Result<bool, Stop> {
        let batch = self
            .hub
            .store()
            .events_after(&self.live.id, self.last, BACKLOG_BATCH)
            .await
            .map_err(|e| Stop::Fail(e.into()))?;
        if batch.is_empty() {
            return Ok(false);
        }
        for event in batch {
            if until.is_some_and(|until| event.seq > until) {
                return Ok(false);
            }
            self.deliver(&event)?;
        }
        Ok(until.is_none_or(|until| self.last < until))
    }

    /// Fails once the seat token the stream was opened with is no longer its seat's.
    fn check_credential(&self) -> Result<(), Stop> {
        let (Some(opened_with), Viewer::Seat(seat)) = (self.opened_with, self.viewer) else { return Ok(()) };
        match self.live.seat_hashes().get(seat.index()) {
            Some(current) if *current == opened_with => Ok(()),
            _ => Err(Stop::Fail(PlayError::CredentialRevoked)),
        }
    }

    fn deliver(&mut self, event: &StoredEvent) -> Result<(), Stop> {
        self.check_credential()?;
        let view = match (&mut self.replica, &event.kind) {
            (None, _) => None,
            (Some(game), EventKind::Played { turn, .. }) => {
                game.play(turn).map_err(|e| {
                    Stop::Fail(PlayError::Storage(format!(
                        "game {} does not replay at seq {}: {e:?}",
                        self.live.id, event.seq
                    )))
                })?;
                Some(game.view(self.viewer))
            }
            (Some(game), EventKind::Created | EventKind::Clock { .. } | EventKind::Ended(_)) => {
                Some(game.view(self.viewer))
            }
        };
        if let Some(recorded) = event.kind.clocks()
            && view.is_some()
        {
            self.clocks = Some(recorded.clone());
        }
        let clocks = view.as_ref().and(self.clocks.as_ref()).map(|clocks| ClockReadings::of(clocks, event.time));
        self.pending.push_back(Delivery { event: event.clone(), view, clocks });
        self.last = event.seq;
        if matches!(event.kind, EventKind::Ended(_)) { Err(Stop::Done) } else { Ok(()) }
    }
}
