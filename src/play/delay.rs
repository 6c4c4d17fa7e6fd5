//! What spectators of a game shown with a delay may see: its events up to a seq that trails
//! the log by the game's plies and duration ([`SpectatorDelay`]), all of them once the game
//! is over. Seats and service keys are never delayed; what a spectator sees of each event it
//! is shown (hidden information) is unchanged.

use std::collections::VecDeque;
use std::time::{Duration, SystemTime};

use super::error::PlayError;
use super::fanout::Announced;
use super::live::LiveGame;
use crate::store::{EventKind, SpectatorDelay, Store};

/// Events read from the log's end per query when looking for what spectators may see.
const BATCH: usize = 256;

/// The newest seq of `live` that spectators may see at `now`: its head for a game without a
/// delay or over, otherwise the newest event that at least `plies` moves followed and that
/// is at least `duration` old (the creation at least).
///
/// # Errors
/// A storage error.
pub async fn spectators_see(store: &dyn Store, live: &LiveGame, now: SystemTime) -> Result<u64, PlayError> {
    let (head, over) = {
        let state = live.state.lock().await;
        (state.seq, state.game.outcome().is_some())
    };
    let Some(delay) = live.spectator_delay.filter(|_| !over) else { return Ok(head) };
    let cutoff = now.checked_sub(Duration::from_millis(delay.duration_ms)).unwrap_or(SystemTime::UNIX_EPOCH);
    let mut moves_after = 0_u32;
    let mut before = head + 1;
    loop {
        let batch = store.events_before(&live.id, before, BATCH).await?;
        let Some(oldest) = batch.last() else { return Ok(1) };
        before = oldest.seq;
        for event in &batch {
            if moves_after >= delay.plies && event.time <= cutoff {
                return Ok(event.seq.max(1));
            }
            if event.kind.is_move() {
                moves_after += 1;
            }
        }
    }
}

/// A spectator's stream's hold on the events it may not see yet: they wait here, in order,
/// until enough moves followed them and they are old enough, or the game ended.
#[derive(Debug)]
pub struct Held {
    delay: SpectatorDelay,
    waiting: VecDeque<std::sync::Arc<Announced>>,
    /// Moves among `waiting`.
    moves: u32,
    /// Whether the game's end is among `waiting`: everything goes out.
    ended: bool,
}

impl Held {
    /// An empty hold for a game delayed by `delay`.
    pub fn new(delay: SpectatorDelay) -> Held {
        Held { delay, waiting: VecDeque::new(), moves: 0, ended: false }
    }

    /// Holds `announced`, the event after every one held.
    pub fn hold(&mut self, announced: std::sync::Arc<Announced>) {
        self.moves += u32::from(announced.event.kind.is_move());
        self.ended |= matches!(announced.event.kind, EventKind::Ended(_));
        self.waiting.push_back(announced);
    }

    /// The next event spectators may see at `now`, if one is due.
    pub fn release(&mut self, now: SystemTime) -> Option<std::sync::Arc<Announced>> {
        if !self.ended && self.due()? > now {
            return None;
        }
        let first = self.waiting.pop_front()?;
        self.moves -= u32::from(first.event.kind.is_move());
        Some(first)
    }

    /// When the event first in line may be seen, once enough moves followed it: its time
    /// plus the delay in time. `None` while too few moves followed, or none waits.
    pub fn due(&self) -> Option<SystemTime> {
        let first = self.waiting.front()?;
        let moved_on = self.moves - u32::from(first.event.kind.is_move()) >= self.delay.plies;
        moved_on.then(|| first.event.time + Duration::from_millis(self.delay.duration_ms))
    }
}
