//! A game's clocks as the play layer shows them: read at a moment, for views and events,
//! and as they start when a game is created.

use std::time::SystemTime;

use crate::engine::clock::{ClockConfig, Clocks, SeatReading, seats_that_moved};
use crate::engine::{AnyMatch, Seat};
use crate::store::{from_millis, to_millis};

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

    /// The deadline of seat `index` as a time.
    pub fn deadline(&self, index: usize) -> Option<SystemTime> {
        self.seats.get(index)?.deadline.map(from_millis)
    }
}

/// The seats in `to_act`, as indices.
pub(super) fn indices(to_act: &[Seat]) -> Vec<usize> {
    to_act.iter().map(|seat| seat.index()).collect()
}

/// The clocks of a game started at `started` (its creation, or its scheduled start, which
/// may be ahead) under `clock` whose log recorded none yet: every clock full, those of the
/// seats to act in `game` running from the start (a first-move window for each seat with no
/// move in `game`'s history).
pub(super) fn fresh_clocks(clock: &ClockConfig, game: &dyn AnyMatch, started: SystemTime) -> Clocks {
    let moved = seats_that_moved(game.history(), game.seat_count());
    Clocks::starting(clock, &indices(&game.to_act()), &moved, to_millis(started))
}
