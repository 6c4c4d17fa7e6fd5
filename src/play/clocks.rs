//! A game's clocks as the play layer shows them: read at a moment, for views and events,
//! as they start when a game is created, and what a takeback takes off them.

use std::time::SystemTime;

use super::error::PlayError;
use super::hub::LiveGame;
use crate::engine::clock::{ClockConfig, Clocks, Millis, SeatReading};
use crate::engine::{AnyMatch, Seat, Turn};
use crate::store::{EventKind, Store, StoredEvent, from_millis, to_millis};

/// A game's clocks read at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockReadings {
    /// The moment.
    pub read_at: SystemTime,
    /// Each seat's clock, in seat order (deadlines in milliseconds since the epoch).
    pub seats: Vec<SeatReading>,
    /// Whether a service key stopped every clock.
    pub paused: bool,
}

impl ClockReadings {
    /// `clocks` as they read at `at` (counted in whole milliseconds, the clocks' precision).
    pub fn of(clocks: &Clocks, at: SystemTime) -> ClockReadings {
        ClockReadings { read_at: at, seats: clocks.readings(to_millis(at)), paused: clocks.paused() }
    }

    /// The clocks just after `event` in `live`, read at its time: those it recorded, or for
    /// the creation the clocks as they started. `None` for an end, whose clocks are those of
    /// the event before it, and in a game without clocks.
    pub fn of_event(live: &LiveGame, event: &StoredEvent) -> Option<ClockReadings> {
        match &event.kind {
            EventKind::Created => live.opening_clocks().map(|clocks| ClockReadings::of(&clocks, event.time)),
            other => other.clocks().map(|clocks| ClockReadings::of(clocks, event.time)),
        }
    }

    /// The deadline of seat `index` as a time.
    pub fn deadline(&self, index: usize) -> Option<SystemTime> {
        self.seats.get(index)?.deadline.map(from_millis)
    }
}

/// The seats in `to_act`, as indices.
pub(super) fn indices(to_act: &[Seat]) -> Vec<usize> {
    to_act.iter().map(|seat| seat.index()).collect()
}

/// The clocks of a game created at `created` under `clock` whose log recorded none yet:
/// every clock full, those of the seats to act in `game` running since the creation.
pub(super) fn fresh_clocks(clock: &ClockConfig, game: &dyn AnyMatch, created: SystemTime) -> Clocks {
    Clocks::started(clock.controls.clone(), &indices(&game.to_act()), to_millis(created))
}

/// Events read back per query while looking for the move a takeback undoes.
const WALK_BATCH: usize = 64;

/// The seat that made the last move in force of `live`, whose log ends at `seq`, and what
/// that move added to its clock ([`Clocks::credit_of_move`]): what taking it back takes
/// away. Read back from the log's end, where the move is (takebacks undo the newest moves
/// in force, so a game with many takebacks reads a little further); nothing for a move
/// made without clocks (one imported at creation) or a game without clocks.
///
/// # Errors
/// When the log cannot be read.
pub(super) async fn credit_of_last_move(
    store: &dyn Store,
    live: &LiveGame,
    seq: u64,
) -> Result<Option<(Seat, Millis)>, PlayError> {
    // Takebacks met on the way back that are still to be matched with the moves they undid.
    let mut undone = 0_usize;
    // The move once found: its seat, time and clocks after it.
    let mut found: Option<(Seat, u64, Clocks)> = None;
    let mut before = seq + 1;
    loop {
        let batch = store.events_before(&live.id, before, WALK_BATCH).await?;
        let Some(oldest) = batch.last() else { return Ok(None) };
        before = oldest.seq;
        for event in batch {
            if let Some((seat, at, after)) = &found {
                // The event just before the move: the clocks as they stood when it was made.
                let clocks_before = match &event.kind {
                    EventKind::Created => live.opening_clocks(),
                    other => other.clocks().cloned(),
                };
                let Some(clocks_before) = clocks_before else { return Ok(None) };
                return Ok(Some((*seat, Clocks::credit_of_move(&clocks_before, after, seat.index(), *at))));
            }
            let EventKind::Played { turn, clocks, .. } = &event.kind else { continue };
            match turn {
                Turn::TakeBack(_) | Turn::AnswerTakeBack { accept: true, .. } => undone += 1,
                Turn::Move(..) if undone > 0 => undone -= 1,
                Turn::Move(seat, _) => {
                    let Some(after) = clocks else { return Ok(None) };
                    found = Some((*seat, to_millis(event.time), after.clone()));
                }
                _ => {}
            }
        }
    }
}
