//! Following a game: the backlog from the log, then live events from the game's channel,
//! in order, without gaps or duplicates, as a channel of events a subscriber reads.
//!
//! Each subscriber gets its own task feeding a small bounded queue. The task never blocks
//! a move: moves only write to the game's broadcast channel, which never waits. A
//! subscriber that stops reading lets its task fall behind the channel; the task then ends
//! the stream with `STREAM_LAGGED` naming the last seq delivered, and the client resumes
//! from there.
//!
//! A stream opened with a seat token lasts only as long as that token: when the seat's
//! token is reissued (here or, through the store, on another replica) the stream ends
//! with `CREDENTIAL_REVOKED`, and no event is delivered once the token is no longer the
//! seat's, so a revoked holder never sees what the seat does next.

use std::sync::Arc;

use tokio::sync::{broadcast, mpsc, watch};

use super::clocks::ClockReadings;
use super::error::PlayError;
use super::hub::{Hub, LiveGame};
use crate::engine::clock::Clocks;
use crate::engine::{AnyMatch, View, Viewer};
use crate::store::{EventKind, StoredEvent, TokenHash};

/// Messages queued for one subscriber beyond what its connection buffers.
const SUBSCRIBER_QUEUE: usize = 32;
/// How long a stream's closing error waits for room in the subscriber's queue.
const FAREWELL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);
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

/// `live`'s events after `subscription.after`, in order, then the error that ended the
/// subscription, if one did. What its viewer may see of each is the caller's to decide.
///
/// # Errors
/// `TOO_MANY_STREAMS` when the game has its cap of subscribers, `SEQ_OUT_OF_RANGE` when
/// `after` is beyond the log.
pub async fn subscribe(
    hub: Arc<Hub>,
    live: Arc<LiveGame>,
    subscription: Subscription,
    shutdown: watch::Receiver<bool>,
) -> Result<mpsc::Receiver<Result<Delivery, PlayError>>, PlayError> {
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
    let (tx, rx) = mpsc::channel(SUBSCRIBER_QUEUE);
    let watched = Watched { shutdown, removed: live.removed(), reissues: live.reissues() };
    let feeder = Feeder { hub, live, viewer, opened_with, replica, clocks, tx, last: after };
    tokio::spawn(feeder.run(receiver, watched, finished.then_some(current)));
    Ok(rx)
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
    tx: mpsc::Sender<Result<Delivery, PlayError>>,
    /// The last seq delivered.
    last: u64,
}

/// Why a feeder stopped.
enum Stop {
    /// The game's final event was delivered, or the subscriber went away.
    Done,
    /// The stream must end with this error.
    Fail(PlayError),
}

impl Feeder {
    /// Feeds the subscriber until the game's end, an error or the subscriber leaving.
    /// `final_seq` is the game's last seq when it was already over at subscription.
    async fn run(
        mut self,
        mut receiver: broadcast::Receiver<Arc<StoredEvent>>,
        watched: Watched,
        final_seq: Option<u64>,
    ) {
        let Watched { mut shutdown, mut removed, mut reissues } = watched;
        let subscribers = metrics::gauge!("tabula_stream_subscribers");
        subscribers.increment(1);
        let stop = match self.catch_up(None).await {
            Err(stop) => stop,
            // Already over, and everything delivered: nothing will ever follow.
            Ok(()) if final_seq.is_some_and(|seq| self.last >= seq) => Stop::Done,
            Ok(()) => loop {
                let received = tokio::select! {
                    received = receiver.recv() => received,
                    _ = shutdown.wait_for(|down| *down) => break Stop::Fail(PlayError::ShuttingDown),
                    _ = removed.wait_for(|gone| *gone) => break Stop::Fail(PlayError::GameNotFound(self.live.id.clone())),
                    _ = reissues.changed() => match self.check_credential() {
                        Ok(()) => continue,
                        Err(stop) => break stop,
                    },
                    // The subscriber left: give its place (streams per game are capped) back now
                    // rather than at the game's next event.
                    () = self.tx.closed() => break Stop::Done,
                };
                let step = match received {
                    Ok(event) if event.seq <= self.last => Ok(()),
                    Ok(event) if event.seq == self.last + 1 => self.deliver(&event).await,
                    // A gap: the log is the truth, read the missing events back from it.
                    Ok(event) => self.catch_up(Some(event.seq)).await,
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        metrics::counter!("tabula_streams_lagged_total").increment(1);
                        Err(Stop::Fail(PlayError::StreamLagged { last_seq: self.last }))
                    }
                    Err(broadcast::error::RecvError::Closed) => Err(Stop::Done),
                };
                if let Err(stop) = step {
                    break stop;
                }
            },
        };
        subscribers.decrement(1);
        if let Stop::Fail(error) = stop {
            // Queued behind what the subscriber has yet to read; a subscriber that reads
            // nothing for this long is not waited for.
            let _ = tokio::time::timeout(FAREWELL_TIMEOUT, self.tx.send(Err(error))).await;
        }
    }

    /// Delivers every logged event after `self.last`, up to `until` when given.
    async fn catch_up(&mut self, until: Option<u64>) -> Result<(), Stop> {
        loop {
            let batch = self
                .hub
                .store()
                .events_after(&self.live.id, self.last, BACKLOG_BATCH)
                .await
                .map_err(|e| Stop::Fail(e.into()))?;
            if batch.is_empty() {
                return Ok(());
            }
            for event in batch {
                if until.is_some_and(|until| event.seq > until) {
                    return Ok(());
                }
                self.deliver(&event).await?;
            }
        }
    }

    /// Fails once the seat token the stream was opened with is no longer its seat's.
    fn check_credential(&self) -> Result<(), Stop> {
        let (Some(opened_with), Viewer::Seat(seat)) = (self.opened_with, self.viewer) else { return Ok(()) };
        match self.live.seat_hashes().get(seat.index()) {
            Some(current) if *current == opened_with => Ok(()),
            _ => Err(Stop::Fail(PlayError::CredentialRevoked)),
        }
    }

    async fn deliver(&mut self, event: &StoredEvent) -> Result<(), Stop> {
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
        self.tx.send(Ok(Delivery { event: event.clone(), view, clocks })).await.map_err(|_| Stop::Done)?;
        self.last = event.seq;
        if matches!(event.kind, EventKind::Ended(_)) { Err(Stop::Done) } else { Ok(()) }
    }
}
