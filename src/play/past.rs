//! A game as it stood right after any event of its log: for views at a past seq, replays,
//! a retry's first answer, a subscription's own copy, and the analysis of a finished
//! game's positions.
//!
//! The position is the replay of the turns logged up to that event, started from the
//! newest stored snapshot at or before it ([`Store::snapshot_at_or_before`]): the store
//! keeps a checkpoint every [`SNAPSHOT_EVERY`](crate::store::SNAPSHOT_EVERY) ×
//! [`CHECKPOINT_EVERY`](crate::store::CHECKPOINT_EVERY) events (512), so the replay
//! is bounded by that, not by the game's length (a game stored before checkpoints were
//! kept replays from further back). Events that are not turns (clock changes, the end)
//! count as the log counts them: the position after a pause is the one before it. What a
//! viewer sees of it is what the rules show that viewer of that position, so a seat's
//! secrets stay the seat's, and a finished game's past positions show what they showed
//! while it ran.

use std::time::SystemTime;

use crate::engine::AnyMatch;
use crate::engine::clock::Clocks;
use crate::store::{EventKind, Store};

use super::clocks::ClockReadings;
use super::error::PlayError;
use super::live::LiveGame;

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
    let current = live.seq().await;
    if seq == 0 || seq > current {
        return Err(PlayError::SeqOutOfRange { after: seq, current });
    }
    let Replayed { game, clocks, time } = replay_through(store, live, seq).await?;
    let clocks = clocks.map(|clocks| ClockReadings::of(&clocks, time));
    Ok(PastPosition { seq, game, clocks, time })
}

/// The game at a seq, as [`replay_through`] rebuilds it.
pub(super) struct Replayed {
    /// The match right after the event.
    pub game: Box<dyn AnyMatch>,
    /// The clocks just after it, in a game with clocks.
    pub clocks: Option<Clocks>,
    /// When the event was logged (the game's creation for seq 0).
    pub time: SystemTime,
}

/// `live` right after its event `seq` (as created, for seq 0), from the newest snapshot at
/// or before `seq` and the log after it. The caller checks that `seq` is in the log.
///
/// # Errors
/// A storage error when the log cannot be read, ends before `seq` or does not replay.
pub(super) async fn replay_through(store: &dyn Store, live: &LiveGame, seq: u64) -> Result<Replayed, PlayError> {
    let replay_error =
        |at: u64, error: String| PlayError::Storage(format!("game {} does not replay at seq {at}: {error}", live.id));
    let restored = match store.snapshot_at_or_before(&live.id, seq).await? {
        Some(snapshot) => match live.config.restore(&snapshot.state) {
            Ok(game) => Some((game, snapshot.seq)),
            Err(error) => {
                tracing::warn!(game_id = %live.id, %error, "ignoring a snapshot that does not restore");
                None
            }
        },
        None => None,
    };
    let (mut game, from) = match restored {
        Some(restored) => restored,
        None => (live.config.new_match().map_err(|e| replay_error(1, e.to_string()))?, 0),
    };
    // The clocks are in the events, not the snapshot: read from just before it (the
    // snapshot's own event may be an end, which records none, and the one before it a
    // creation, which records none either), applying only the turns after it.
    let (mut clocks, mut time, mut read) = (None, live.created, from.saturating_sub(2));
    while read < seq {
        let batch = store.events_after(&live.id, read, BATCH).await?;
        if batch.is_empty() {
            return Err(PlayError::Storage(format!("game {}'s log ends at seq {read}, before {seq}", live.id)));
        }
        for event in batch.into_iter().take_while(|event| event.seq <= seq) {
            if let EventKind::Played { turn, .. } = &event.kind
                && event.seq > from
            {
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
    if seq == 0 {
        clocks = live.opening_clocks();
    }
    Ok(Replayed { game, clocks, time })
}
