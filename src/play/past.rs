//! A game as it stood right after any event of its log: for views at a past seq, replays,
//! and the analysis of a finished game's positions.
//!
//! The position is the replay of the turns logged up to that event, read back from the
//! store, so events that are not turns (clock changes, the end) count as the log counts
//! them: the position after a pause is the one before it. What a viewer sees of it is what
//! the rules show that viewer of that position, so a seat's secrets stay the seat's, and a
//! finished game's past positions show what they showed while it ran.

use std::time::SystemTime;

use crate::engine::AnyMatch;
use crate::store::{EventKind, Store};

use super::clocks::ClockReadings;
use super::error::PlayError;
use super::hub::LiveGame;

/// Events read from the store at a time while replaying.
const BATCH: usize = 512;

/// A game right after one of its events.
pub struct PastPosition {
    /// The event's seq.
    pub seq: u64,
    /// The game as it stood then.
    pub game: Box<dyn AnyMatch>,
    /// The clocks just after the event, read at its time; `None` without clocks.
    pub clocks: Option<ClockReadings>,
    /// When the event was logged.
    pub time: SystemTime,
}

/// `live` as it stood right after its event `seq`.
///
/// # Errors
/// [`PlayError::SeqOutOfRange`] for seq 0 or a seq beyond the log; a storage error when the
/// log cannot be read or no longer replays.
pub async fn position_at(store: &dyn Store, live: &LiveGame, seq: u64) -> Result<PastPosition, PlayError> {
    let current = live.copy().await.record.seq;
    if seq == 0 || seq > current {
        return Err(PlayError::SeqOutOfRange { after: seq, current });
    }
    let replay_error =
        |at: u64, error: String| PlayError::Storage(format!("game {} does not replay at seq {at}: {error}", live.id));
    let mut game = live.config.new_match().map_err(|e| replay_error(1, e.to_string()))?;
    let (mut clocks, mut time, mut read) = (None, live.created, 0);
    while read < seq {
        let batch = store.events_after(&live.id, read, BATCH).await?;
        if batch.is_empty() {
            return Err(PlayError::Storage(format!("game {}'s log ends at seq {read}, before {seq}", live.id)));
        }
        for event in batch.into_iter().take_while(|event| event.seq <= seq) {
            if let EventKind::Played { turn, .. } = &event.kind {
                game.play(turn).map_err(|e| replay_error(event.seq, format!("{e:?}")))?;
            }
            // An end records no clocks: they stand as the event before left them.
            match &event.kind {
                EventKind::Created => clocks = live.opening_clocks(),
                other => clocks = other.clocks().cloned().or(clocks),
            }
            (time, read) = (event.time, event.seq);
        }
    }
    let clocks = clocks.map(|clocks| ClockReadings::of(&clocks, time));
    Ok(PastPosition { seq, game, clocks, time })
}
