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
//! Subscribers who see the same of an event (the same viewer, with the same of the views)
//! share one rendering of it ([`fanout`](super::fanout)). A stream of views as changes
//! sends its first view whole, so its first delivery is rendered as the whole views'
//! audience's; each later one is the change from the event before, the same for every
//! subscriber of its audience, who all delivered that event just before.
//!
//! A stream opened with a seat's credential lasts only as long as that credential: when
//! the seat's token is reissued (here or, through the store, on another replica) a stream
//! opened with the old token, or with a signed credential issued before the reissue, ends
//! with `CREDENTIAL_REVOKED`, and no event is delivered once the credential no longer acts
//! for the seat, so a revoked holder never sees what the seat does next.

use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::Stream;
use tokio::sync::{broadcast, watch};

use super::clocks::ClockReadings;
use super::delay::Held;
use super::error::PlayError;
use super::fanout::{Announced, Audience, Views};
use super::live::{LiveGame, SeatProof};
use super::metrics::{STREAM_SUBSCRIBERS, STREAMS_LAGGED};
use super::past::replay_through;
use super::time::TimeSource;
use crate::engine::clock::Clocks;
use crate::engine::{AnyMatch, View, Viewer};
use crate::store::{EventKind, Store, StoredEvent};

/// Events read from the store per backlog query.
const BACKLOG_BATCH: usize = 256;

/// Where a stream starts and who watches it.
pub struct Subscription {
    /// The watcher.
    pub viewer: Viewer,
    /// The seat credential the stream was opened with, when it was opened with one.
    pub opened_with: Option<SeatProof>,
    /// The last seq the watcher already has.
    pub after: u64,
    /// Streams the game may have open at once, this one included.
    pub max_per_game: usize,
    /// What of the game as the watcher sees it just after each event comes with it.
    pub views: Views,
    /// Whether the watcher is a spectator held back by the game's spectator delay (one with
    /// neither a seat's credential nor a service key): each event then waits until the
    /// delay lets it out ([`Held`]).
    pub delayed: bool,
}

/// One event of a subscription, and what its watcher is to receive of it.
#[derive(Debug)]
pub struct Delivery {
    /// The event.
    pub announced: Arc<Announced>,
    /// Its rendering for this watcher, or what to make one from.
    pub content: Content,
    audience: Audience,
}

/// What a watcher is to receive of an event.
// Most deliveries are fresh ones; a box would add an allocation to each.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Content {
    /// A rendering another subscriber of the same audience made of it.
    Rendered(Bytes),
    /// Not rendered yet for this audience: what a rendering is made from.
    Fresh {
        /// When asked for, the watcher's view at the event's seq.
        view: Option<View>,
        /// With views as changes, after the stream's first: the view the change is from,
        /// at the seq before the event's.
        earlier: Option<View>,
        /// With the view, in a game with clocks, the clocks at the event's seq, read at its time.
        clocks: Option<ClockReadings>,
    },
}

impl Delivery {
    /// The event, as the log holds it.
    pub fn event(&self) -> &StoredEvent {
        &self.announced.event
    }

    /// Keeps `rendering`, made from this delivery's [`Content::Fresh`], for the other
    /// subscribers of its audience; a rendering made first by another is kept instead.
    pub fn share(&self, rendering: Bytes) {
        // An event read back from the log reaches this subscriber alone.
        if Arc::strong_count(&self.announced) > 1 {
            self.announced.keep(self.audience, rendering);
        }
    }
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
    store: Arc<dyn Store>,
    live: Arc<LiveGame>,
    subscription: Subscription,
    shutdown: watch::Receiver<bool>,
    time: TimeSource,
) -> Result<Deliveries, PlayError> {
    let Subscription { viewer, opened_with, after, max_per_game, views, delayed } = subscription;
    let (receiver, current, finished) = live.subscribe(max_per_game).await?;
    // A game whose end may still be taken back is not over for its streams until it is final.
    let reopenable = live.config.play_options().ending_takeback_ms.is_some();
    let held = live.spectator_delay.filter(|_| delayed && !finished).map(Held::new);
    if after > current {
        return Err(PlayError::SeqOutOfRange { after, current });
    }
    // The watcher's own copy of the game, as of `after`, moved along with each event.
    let (replica, clocks) = match views {
        Views::Whole | Views::Changes => {
            let replayed = replay_through(store.as_ref(), &live, after).await?;
            (Some(replayed.game), replayed.clocks)
        }
        Views::Omitted => (None, None),
    };
    let watched = Watched { shutdown, removed: live.removed(), reissues: live.reissues() };
    let feeder = Feeder {
        store,
        live,
        viewer,
        opened_with,
        views,
        viewed: false,
        replica,
        clocks,
        receiver,
        watched,
        over: finished,
        reopenable,
        last: after,
        accepted: after,
        held,
        time,
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

/// Counts an open subscription in the [`STREAM_SUBSCRIBERS`] gauge while it lives.
struct Counted;

impl Counted {
    fn new() -> Counted {
        metrics::gauge!(STREAM_SUBSCRIBERS).increment(1);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        metrics::gauge!(STREAM_SUBSCRIBERS).decrement(1);
    }
}

/// What ends a stream besides its game's events.
struct Watched {
    shutdown: watch::Receiver<bool>,
    removed: watch::Receiver<bool>,
    reissues: watch::Receiver<u64>,
}

struct Feeder {
    store: Arc<dyn Store>,
    live: Arc<LiveGame>,
    viewer: Viewer,
    opened_with: Option<SeatProof>,
    views: Views,
    /// Whether a view was delivered already.
    viewed: bool,
    /// With views: the game as of `last`.
    replica: Option<Box<dyn AnyMatch>>,
    /// With views, in a game with clocks: the clocks as of `last`.
    clocks: Option<Clocks>,
    receiver: broadcast::Receiver<Arc<Announced>>,
    watched: Watched,
    /// Whether the game is over as of `last` (as of the subscription, before anything is
    /// delivered).
    over: bool,
    /// Whether the game's end may be taken back (`ending_takeback_ms`): then the stream goes
    /// on after the end until it is final.
    reopenable: bool,
    /// The last seq delivered.
    last: u64,
    /// The last seq delivered or held back.
    accepted: u64,
    /// For a spectator of a game shown with a delay, the events it may not see yet.
    held: Option<Held>,
    /// The time the holds count in.
    time: TimeSource,
    /// While the log is read rather than the channel: up to which seq (`None`: to the end).
    catching_up: Option<Option<u64>>,
    /// Deliveries made and not yet read, oldest first: at most one backlog batch.
    pending: VecDeque<Delivery>,
    /// Set once the stream must end, after `pending`: with the error that ends it, if any.
    ended: Option<Option<PlayError>>,
    _counted: Counted,
}

/// What woke a feeder waiting for the game.
enum Woken {
    /// The game's channel: an event, or why none came.
    Event(Result<Arc<Announced>, broadcast::error::RecvError>),
    /// The first event held back from a spectator may be seen now.
    Due,
    /// A seat token was reissued.
    Reissued,
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
                            metrics::counter!(STREAMS_LAGGED).increment(1);
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
                // Over for good at subscription, and everything delivered: nothing will
                // ever follow (an end delivered here ended the stream already).
                if self.over && !self.reopenable {
                    return Err(Stop::Done);
                }
            }
            return Ok(());
        }
        let closes = self.end_closes().await?;
        let Watched { shutdown, removed, reissues } = &mut self.watched;
        let due = self.held.as_ref().and_then(Held::due);
        let now = self.time.now();
        let wait = due.map(|due| due.duration_since(now).unwrap_or_default());
        let closing = closes.map(|closes| closes.duration_since(now).unwrap_or_default());
        let woken = tokio::select! {
            received = self.receiver.recv() => Woken::Event(received),
            () = tokio::time::sleep(wait.unwrap_or_default()), if wait.is_some() => Woken::Due,
            // The end may have become final: look again.
            () = tokio::time::sleep(closing.unwrap_or_default()), if closing.is_some() => return Ok(()),
            _ = shutdown.wait_for(|down| *down) => return Err(Stop::Fail(PlayError::ShuttingDown)),
            _ = removed.wait_for(|gone| *gone) => {
                return Err(Stop::Fail(PlayError::GameNotFound(self.live.id.clone())));
            }
            _ = reissues.changed() => Woken::Reissued,
        };
        let received = match woken {
            Woken::Event(received) => received,
            // A held event's time came.
            Woken::Due => return self.release(),
            // A token was reissued: the stream goes on only if its own still holds.
            Woken::Reissued => return self.check_credential(),
        };
        match received {
            Ok(announced) if announced.event.seq <= self.accepted => Ok(()),
            Ok(announced) if announced.event.seq == self.accepted + 1 => self.pass(announced),
            // A gap: the log is the truth, read the missing events back from it.
            Ok(announced) => {
                self.catching_up = Some(Some(announced.event.seq));
                Ok(())
            }
            Err(broadcast::error::RecvError::Lagged(_)) => {
                Err(Stop::Fail(PlayError::StreamLagged { last_seq: self.last }))
            }
            Err(broadcast::error::RecvError::Closed) => Err(Stop::Done),
        }
    }

    /// For a stream past its game's end, in a game whose end may be taken back: ends the
    /// stream once that end is final and delivered; until then, when to look again (`None`
    /// while more events are due, or the game is on).
    async fn end_closes(&mut self) -> Result<Option<std::time::SystemTime>, Stop> {
        if !self.over {
            return Ok(None);
        }
        let watched = self.live.end_watch(self.time.now(), self.store.as_ref()).await;
        match watched.map_err(Stop::Fail)? {
            (seq, _) if seq > self.accepted => Ok(None),
            (_, Some(open_until)) => Ok(Some(open_until)),
            (_, None) => Err(Stop::Done),
        }
    }

    /// Delivers the next batch of logged events after `self.last`, up to `until` when
    /// given; false once there is nothing more to read.
    async fn catch_up_batch(&mut self, until: Option<u64>) -> Result<bool, Stop> {
        let batch = self
            .store
            .events_after(&self.live.id, self.accepted, BACKLOG_BATCH)
            .await
            .map_err(|e| Stop::Fail(e.into()))?;
        if batch.is_empty() {
            return Ok(false);
        }
        for event in batch {
            if until.is_some_and(|until| event.seq > until) {
                return Ok(false);
            }
            self.pass(Arc::new(Announced::new(event)))?;
        }
        Ok(until.is_none_or(|until| self.accepted < until))
    }

    /// Fails once the credential the stream was opened with no longer acts for its seat.
    fn check_credential(&self) -> Result<(), Stop> {
        let (Some(opened_with), Viewer::Seat(seat)) = (self.opened_with, self.viewer) else { return Ok(()) };
        if self.live.acts_for(seat, opened_with) { Ok(()) } else { Err(Stop::Fail(PlayError::CredentialRevoked)) }
    }

    /// Delivers `announced`, the event after the last one accepted, or holds it back while
    /// the watcher may not see it yet, delivering whatever the hold lets out.
    fn pass(&mut self, announced: Arc<Announced>) -> Result<(), Stop> {
        self.accepted = announced.event.seq;
        match &mut self.held {
            None => self.deliver(announced),
            Some(held) => {
                held.hold(announced);
                self.release()
            }
        }
    }

    /// Delivers every held event the delay lets out now.
    fn release(&mut self) -> Result<(), Stop> {
        let now = self.time.now();
        while let Some(announced) = self.held.as_mut().and_then(|held| held.release(now)) {
            self.deliver(announced)?;
        }
        Ok(())
    }

    fn deliver(&mut self, announced: Arc<Announced>) -> Result<(), Stop> {
        self.check_credential()?;
        let event = &announced.event;
        let views = match self.views {
            Views::Changes if !self.viewed => Views::Whole,
            views => views,
        };
        let audience = Audience { viewer: self.viewer, views };
        let rendering = announced.rendering(audience);
        let earlier = match (&rendering, views, &self.replica) {
            (None, Views::Changes, Some(game)) => Some(game.view(self.viewer)),
            _ => None,
        };
        // The replica follows every event, rendered already or not, for the next that is not.
        if let Some(game) = &mut self.replica {
            self.viewed = true;
            if let EventKind::Played { turn, .. } = &event.kind {
                game.play(turn).map_err(|e| {
                    Stop::Fail(PlayError::Storage(format!(
                        "game {} does not replay at seq {}: {e:?}",
                        self.live.id, event.seq
                    )))
                })?;
            }
            if let Some(recorded) = event.kind.clocks() {
                self.clocks = Some(recorded.clone());
            }
        }
        let content = match rendering {
            Some(rendering) => Content::Rendered(rendering),
            None => {
                let view = self.replica.as_ref().map(|game| game.view(self.viewer));
                let clocks =
                    view.as_ref().and(self.clocks.as_ref()).map(|clocks| ClockReadings::of(clocks, event.time));
                Content::Fresh { view, earlier, clocks }
            }
        };
        let (seq, ended) = (event.seq, matches!(event.kind, EventKind::Ended(_)));
        match event.kind {
            EventKind::Ended(_) => self.over = true,
            EventKind::Resumed => self.over = false,
            _ => {}
        }
        self.pending.push_back(Delivery { announced, content, audience });
        self.last = seq;
        // An end that may be taken back is final only later (`Feeder::end_closes`).
        if ended && !self.reopenable { Err(Stop::Done) } else { Ok(()) }
    }
}
