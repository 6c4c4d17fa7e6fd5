//! Time controls and the arithmetic of game clocks, for every game alike: pure functions of
//! the control and the times at which seats started and ended their turns. No clock is
//! read here; the caller says what time it is.
//!
//! Times are milliseconds on any one timeline (the play layer uses milliseconds since the
//! Unix epoch, from the times it logs events at), so that a clock is the replay of the
//! log like everything else about a game.

use serde::{Deserialize, Serialize};

/// Milliseconds.
pub type Millis = u64;

/// How much time one seat has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeControl {
    /// `base` for the whole game, and `increment` added after each of the seat's moves.
    Fischer { base: Millis, increment: Millis },
    /// `base` for the whole game; after each move, the time the move took is given back,
    /// up to `delay`.
    Bronstein { base: Millis, delay: Millis },
    /// `base` for the whole game; each turn, the clock starts only once `delay` has passed.
    SimpleDelay { base: Millis, delay: Millis },
    /// `per_move` for each move, unused time lost (correspondence play is this with days).
    PerMove { per_move: Millis },
}

impl TimeControl {
    /// The time on the seat's clock before its first turn.
    pub const fn initial(self) -> Millis {
        match self {
            TimeControl::Fischer { base, .. }
            | TimeControl::Bronstein { base, .. }
            | TimeControl::SimpleDelay { base, .. } => base,
            TimeControl::PerMove { per_move } => per_move,
        }
    }

    /// How long a turn that starts with `remaining` on the clock may last before the seat
    /// runs out of time.
    pub const fn turn_limit(self, remaining: Millis) -> Millis {
        match self {
            TimeControl::SimpleDelay { delay, .. } => remaining.saturating_add(delay),
            TimeControl::PerMove { per_move } => per_move,
            TimeControl::Fischer { .. } | TimeControl::Bronstein { .. } => remaining,
        }
    }

    /// The clock after a turn that started with `remaining` and took `used`: `None` when
    /// the seat ran out of time (`used` beyond [`turn_limit`](TimeControl::turn_limit)).
    pub fn after_turn(self, remaining: Millis, used: Millis) -> Option<Millis> {
        if used > self.turn_limit(remaining) {
            return None;
        }
        Some(match self {
            TimeControl::Fischer { increment, .. } => remaining - used + increment,
            TimeControl::Bronstein { delay, .. } => remaining - used + used.min(delay),
            TimeControl::SimpleDelay { delay, .. } => remaining - used.saturating_sub(delay),
            TimeControl::PerMove { per_move } => per_move,
        })
    }
}

/// The clocks of a game's seats: each seat's time left, and since when each seat now to
/// act has been thinking.
///
/// Invariant: `started[i]` is `Some` exactly while seat `i` is to act and its clock runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    controls: Vec<TimeControl>,
    remaining: Vec<Millis>,
    started: Vec<Option<Millis>>,
}

/// A seat ran out of time: its deadline passed before its turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat} ran out of time at {deadline} ms")]
pub struct Flagged {
    /// The seat's index.
    pub seat: usize,
    /// When its time ran out.
    pub deadline: Millis,
}

impl Clocks {
    /// Full clocks for seats playing `controls` (one per seat: handicaps differ), none
    /// running yet.
    pub fn new(controls: Vec<TimeControl>) -> Clocks {
        let remaining = controls.iter().map(|c| c.initial()).collect();
        let started = vec![None; controls.len()];
        Clocks { controls, remaining, started }
    }

    /// Time left on seat `seat`'s clock at `now`: what it had when its turn began less
    /// what has run since, never below 0.
    pub fn remaining_at(&self, seat: usize, now: Millis) -> Millis {
        match self.started[seat] {
            None => self.remaining[seat],
            Some(since) => {
                let limit = self.controls[seat].turn_limit(self.remaining[seat]);
                let used = now.saturating_sub(since);
                // A delay runs before the clock does: the reading stays full until then.
                let counted = match self.controls[seat] {
                    TimeControl::SimpleDelay { delay, .. } => used.saturating_sub(delay),
                    _ => used,
                };
                if used >= limit { 0 } else { self.remaining[seat].saturating_sub(counted) }
            }
        }
    }

    /// When seat `seat` runs out of time, while its clock runs.
    pub fn deadline(&self, seat: usize) -> Option<Millis> {
        let since = self.started[seat]?;
        Some(since.saturating_add(self.controls[seat].turn_limit(self.remaining[seat])))
    }

    /// The earliest deadline of a running clock, and whose.
    pub fn next_deadline(&self) -> Option<Flagged> {
        (0..self.controls.len())
            .filter_map(|seat| self.deadline(seat).map(|deadline| Flagged { seat, deadline }))
            .min_by_key(|f| (f.deadline, f.seat))
    }

    /// The seats in `to_act` start thinking at `now` (those already thinking go on); the
    /// others' clocks stop.
    pub fn set_to_act(&mut self, to_act: &[usize], now: Millis) {
        for seat in 0..self.started.len() {
            if to_act.contains(&seat) {
                self.started[seat].get_or_insert(now);
            } else {
                self.started[seat] = None;
            }
        }
    }

    /// Seat `seat` ends its turn at `now`: its clock is charged and stops.
    ///
    /// # Errors
    /// [`Flagged`] when its time ran out before `now`; the clocks are then unchanged.
    pub fn end_turn(&mut self, seat: usize, now: Millis) -> Result<(), Flagged> {
        let Some(since) = self.started[seat] else { return Ok(()) };
        let control = self.controls[seat];
        let remaining = control
            .after_turn(self.remaining[seat], now.saturating_sub(since))
            .ok_or(Flagged { seat, deadline: since.saturating_add(control.turn_limit(self.remaining[seat])) })?;
        self.remaining[seat] = remaining;
        self.started[seat] = None;
        Ok(())
    }

    /// Adds `extra` to seat `seat`'s clock (an arbiter's gift).
    pub fn add_time(&mut self, seat: usize, extra: Millis) {
        self.remaining[seat] = self.remaining[seat].saturating_add(extra);
    }

    /// Stops every clock at `now`, charging the running ones for the time used so far
    /// (a pause: tournament breaks); [`set_to_act`](Clocks::set_to_act) starts them again.
    ///
    /// # Errors
    /// [`Flagged`] when a running clock had already run out.
    pub fn pause(&mut self, now: Millis) -> Result<(), Flagged> {
        if let Some(flag) = self.next_deadline().filter(|f| f.deadline < now) {
            return Err(flag);
        }
        for seat in 0..self.started.len() {
            if self.started[seat].is_some() {
                self.remaining[seat] = self.remaining_at(seat, now);
                self.started[seat] = None;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: Millis = 60_000;

    #[test]
    fn fischer_adds_the_increment_after_each_move_and_flags_at_zero() {
        let mut clocks = Clocks::new(vec![TimeControl::Fischer { base: 3 * MIN, increment: 2_000 }; 2]);
        clocks.set_to_act(&[0], 0);
        assert_eq!(clocks.deadline(0), Some(3 * MIN));
        assert_eq!(clocks.remaining_at(0, 10_000), 3 * MIN - 10_000);
        clocks.end_turn(0, 10_000).unwrap();
        assert_eq!(clocks.remaining_at(0, 99_999), 3 * MIN - 8_000, "stopped, with the increment");
        clocks.set_to_act(&[1], 10_000);
        assert_eq!(clocks.next_deadline(), Some(Flagged { seat: 1, deadline: 10_000 + 3 * MIN }));
        assert_eq!(clocks.end_turn(1, 10_001 + 3 * MIN), Err(Flagged { seat: 1, deadline: 10_000 + 3 * MIN }));
        assert_eq!(clocks.remaining_at(1, 10_001 + 3 * MIN), 0);
        // A move exactly at the deadline is in time.
        clocks.end_turn(1, 10_000 + 3 * MIN).unwrap();
        assert_eq!(clocks.remaining_at(1, 0), 2_000);
    }

    #[test]
    fn bronstein_gives_back_the_time_used_up_to_the_delay() {
        let control = TimeControl::Bronstein { base: MIN, delay: 5_000 };
        assert_eq!(control.after_turn(MIN, 3_000), Some(MIN));
        assert_eq!(control.after_turn(MIN, 8_000), Some(MIN - 3_000));
        assert_eq!(control.after_turn(4_000, 4_500), None, "the delay is given back after the move, not before");
    }

    #[test]
    fn a_simple_delay_runs_before_the_clock() {
        let mut clocks = Clocks::new(vec![TimeControl::SimpleDelay { base: 10_000, delay: 3_000 }]);
        clocks.set_to_act(&[0], 100);
        assert_eq!(clocks.remaining_at(0, 2_100), 10_000, "still within the delay");
        assert_eq!(clocks.remaining_at(0, 5_100), 8_000);
        assert_eq!(clocks.deadline(0), Some(13_100));
        clocks.end_turn(0, 5_100).unwrap();
        assert_eq!(clocks.remaining_at(0, 0), 8_000);
    }

    #[test]
    fn a_time_per_move_starts_afresh_each_turn_and_unused_time_is_lost() {
        let mut clocks = Clocks::new(vec![TimeControl::PerMove { per_move: MIN }; 2]);
        clocks.set_to_act(&[0], 0);
        clocks.end_turn(0, 1_000).unwrap();
        assert_eq!(clocks.remaining_at(0, 5_000), MIN);
        clocks.set_to_act(&[1], 1_000);
        assert_eq!(clocks.end_turn(1, 1_001 + MIN), Err(Flagged { seat: 1, deadline: 1_000 + MIN }));
    }

    #[test]
    fn seats_acting_at_once_all_run_and_the_earliest_deadline_comes_first() {
        let mut clocks = Clocks::new(vec![
            TimeControl::Fischer { base: 2 * MIN, increment: 0 },
            TimeControl::Fischer { base: MIN, increment: 0 },
        ]);
        clocks.set_to_act(&[0, 1], 0);
        assert_eq!(clocks.next_deadline(), Some(Flagged { seat: 1, deadline: MIN }));
        clocks.end_turn(1, 30_000).unwrap();
        // Seat 0 keeps thinking from its own start, not from seat 1's move.
        clocks.set_to_act(&[0], 30_000);
        assert_eq!(clocks.next_deadline(), Some(Flagged { seat: 0, deadline: 2 * MIN }));
    }

    #[test]
    fn a_pause_charges_the_running_clock_and_added_time_counts() {
        let mut clocks = Clocks::new(vec![TimeControl::Fischer { base: MIN, increment: 0 }]);
        clocks.set_to_act(&[0], 0);
        clocks.pause(20_000).unwrap();
        assert_eq!((clocks.remaining_at(0, 99_000), clocks.deadline(0)), (40_000, None));
        clocks.add_time(0, 15_000);
        clocks.set_to_act(&[0], 100_000);
        assert_eq!(clocks.deadline(0), Some(155_000));
        assert_eq!(clocks.pause(155_001), Err(Flagged { seat: 0, deadline: 155_000 }));
    }
}
