//! A game's broadcast of its new events to its subscribers, and the renderings they share:
//! the channel carries each event as an [`Announced`], in which the first subscriber of an
//! audience (a viewer, with or without views) leaves what it made of the event for the
//! others, so a thousand spectators cost one view and one encoding an event.
//!
//! The channel is made when the first subscriber comes and dropped when an event finds none
//! left, so an idle game holds no buffer of events; a move only ever writes to it, and
//! never waits for a subscriber.

use std::sync::{Arc, Mutex};

use bytes::Bytes;
use tokio::sync::broadcast;

use super::error::PlayError;
use crate::engine::Viewer;
use crate::store::StoredEvent;

/// Who sees an event one way: a viewer, and what of the game comes with the event.
/// Everything a subscription delivers of an event depends on its audience alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Audience {
    /// Who watches.
    pub viewer: Viewer,
    /// What of the game as the viewer sees it just after the event comes with it.
    pub views: Views,
}

/// What of the game a stream sends with each event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Views {
    /// The event alone.
    Omitted,
    /// The viewer's whole view just after the event.
    Whole,
    /// What changed of the viewer's view since the previous event: the stream's first
    /// delivery, whose audience is [`Views::Whole`], carries the whole view.
    Changes,
}

/// An event as a game's channel carries it to every subscriber, with the renderings front
/// ends made of it, one for each audience that received it.
#[derive(Debug)]
pub struct Announced {
    /// The event, as the log holds it.
    pub event: StoredEvent,
    /// At most one rendering an audience: the first one made.
    renderings: Mutex<Vec<(Audience, Bytes)>>,
}

impl Announced {
    /// `event`, not yet rendered for anyone.
    pub fn new(event: StoredEvent) -> Announced {
        Announced { event, renderings: Mutex::new(Vec::new()) }
    }

    fn renderings(&self) -> std::sync::MutexGuard<'_, Vec<(Audience, Bytes)>> {
        // Each use is one push or one read: a panic cannot leave the list half-changed.
        self.renderings.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The rendering made for `audience`, if one was.
    pub fn rendering(&self, audience: Audience) -> Option<Bytes> {
        self.renderings().iter().find(|(made_for, _)| *made_for == audience).map(|(_, bytes)| bytes.clone())
    }

    /// Keeps `rendering` for the other subscribers of `audience`, unless one was kept first.
    pub fn keep(&self, audience: Audience, rendering: Bytes) {
        let mut renderings = self.renderings();
        if !renderings.iter().any(|(made_for, _)| *made_for == audience) {
            renderings.push((audience, rendering));
        }
    }
}

/// A game's channel to its subscribers.
pub struct Fanout {
    capacity: usize,
    sender: Mutex<Option<broadcast::Sender<Arc<Announced>>>>,
}

impl Fanout {
    /// A channel that holds `capacity` events for its slowest subscriber.
    pub fn new(capacity: usize) -> Fanout {
        Fanout { capacity, sender: Mutex::new(None) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<broadcast::Sender<Arc<Announced>>>> {
        // Each use is one step on the option: a panic cannot leave it half-changed.
        self.sender.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sends `event` to every subscriber; with none left, frees the channel.
    pub fn send(&self, event: StoredEvent) {
        let mut sender = self.lock();
        if let Some(channel) = sender.as_ref()
            && channel.send(Arc::new(Announced::new(event))).is_err()
        {
            *sender = None;
        }
    }

    /// A new subscriber, if fewer than `limit` are subscribed.
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS` at the limit.
    pub fn subscribe(&self, limit: usize) -> Result<broadcast::Receiver<Arc<Announced>>, PlayError> {
        let mut sender = self.lock();
        if sender.as_ref().map_or(0, broadcast::Sender::receiver_count) >= limit {
            return Err(PlayError::TooManyStreams { limit });
        }
        Ok(sender.get_or_insert_with(|| broadcast::channel(self.capacity).0).subscribe())
    }

    /// Whether a channel is open.
    #[cfg(test)]
    fn open(&self) -> bool {
        self.lock().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::EventKind;

    fn event(seq: u64) -> StoredEvent {
        StoredEvent {
            seq,
            time: std::time::SystemTime::UNIX_EPOCH,
            kind: EventKind::Created,
            request_id: None,
            request_digest: None,
        }
    }

    #[test]
    fn a_fanout_holds_a_channel_only_while_someone_listens() {
        let fanout = Fanout::new(8);
        fanout.send(event(1));
        assert!(!fanout.open(), "nobody listens: no channel is made");
        let mut first = fanout.subscribe(2).unwrap();
        let _second = fanout.subscribe(2).unwrap();
        assert!(matches!(fanout.subscribe(2), Err(PlayError::TooManyStreams { limit: 2 })));
        fanout.send(event(2));
        assert_eq!(first.try_recv().unwrap().event.seq, 2);
        drop((first, _second));
        fanout.send(event(3));
        assert!(!fanout.open(), "the last listener gone, the next event frees the channel");
        let mut again = fanout.subscribe(2).unwrap();
        fanout.send(event(4));
        assert_eq!(again.try_recv().unwrap().event.seq, 4);
    }
}
