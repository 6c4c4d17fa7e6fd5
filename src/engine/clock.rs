//! Time controls and the arithmetic of game clocks, for every game alike: pure functions of
//! the control and the times at which seats started and ended their turns. No clock is
//! read here; the caller says what time it is.
//!
//! Times are milliseconds on any one timeline (the play layer uses milliseconds since the
//! Unix epoch, from the times it logs events at), so that a clock is the replay of the
//! log like everything else about a game.

use serde::{Deserialize, Serialize};

use super::{ConfigError, Turn};

/// Milliseconds.
pub type Millis = u64;

/// A second, a minute, an hour and a day in milliseconds.
pub const SECOND: Millis = 1_000;
/// See [`SECOND`].
pub const MINUTE: Millis = 60 * SECOND;
/// See [`SECOND`].
pub const HOUR: Millis = 60 * MINUTE;
/// See [`SECOND`].
pub const DAY: Millis = 24 * HOUR;

/// The longest base time a control may give.
pub const MAX_BASE: Millis = 30 * DAY;
/// The longest increment or delay a control may give.
pub const MAX_EXTRA: Millis = HOUR;
/// The longest fixed time per move (correspondence aside).
pub const MAX_PER_MOVE: Millis = DAY;
/// The most days per move of correspondence play.
pub const MAX_CORRESPONDENCE_DAYS: u32 = 60;
/// The shortest base or per-move time: less could not be played over a network.
pub const MIN_TIME: Millis = SECOND;

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
    /// `per_move` for each move, unused time lost.
    PerMove { per_move: Millis },
    /// Correspondence play: `days` for each move, unused time lost.
    Correspondence { days: u32 },
}

impl TimeControl {
    /// The time on the seat's clock before its first turn.
    pub const fn initial(self) -> Millis {
        match self {
            TimeControl::Fischer { base, .. }
            | TimeControl::Bronstein { base, .. }
            | TimeControl::SimpleDelay { base, .. } => base,
            TimeControl::PerMove { per_move } => per_move,
            TimeControl::Correspondence { days } => days as Millis * DAY,
        }
    }

    /// How long a turn that starts with `remaining` on the clock may last before the seat
    /// runs out of time. (With a time per move, `remaining` is the move's time: all of it
    /// when the turn begins, less after a pause, more after time was added.)
    pub const fn turn_limit(self, remaining: Millis) -> Millis {
        match self {
            TimeControl::SimpleDelay { delay, .. } => remaining.saturating_add(delay),
            _ => remaining,
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
            TimeControl::PerMove { .. } | TimeControl::Correspondence { .. } => self.initial(),
        })
    }

    /// What is wrong with this control, if anything: each problem in words, `field` naming it.
    /// Records under `field` every value of this control outside its range.
    fn check(self, field: &str, error: &mut ConfigError) {
        let mut check = |name: &str, value: Millis, min: Millis, max: Millis| {
            if value < min || value > max {
                error.add(&format!("{field}.{name}"), format!("must be from {} to {}", duration(min), duration(max)));
            }
        };
        match self {
            TimeControl::Fischer { base, increment } => {
                check("base", base, MIN_TIME, MAX_BASE);
                check("increment", increment, 0, MAX_EXTRA);
            }
            TimeControl::Bronstein { base, delay } | TimeControl::SimpleDelay { base, delay } => {
                check("base", base, MIN_TIME, MAX_BASE);
                check("delay", delay, 0, MAX_EXTRA);
            }
            TimeControl::PerMove { per_move } => check("per_move", per_move, MIN_TIME, MAX_PER_MOVE),
            TimeControl::Correspondence { days } => {
                if !(1..=MAX_CORRESPONDENCE_DAYS).contains(&days) {
                    error.add(
                        &format!("{field}.correspondence_days"),
                        format!("must be from 1 to {MAX_CORRESPONDENCE_DAYS}"),
                    );
                }
            }
        }
    }
}

/// `millis` for people: `1 s`, `3 min`, `30 days`.
fn duration(millis: Millis) -> String {
    match millis {
        0 => "0".to_owned(),
        DAY => "1 day".to_owned(),
        m if m % DAY == 0 => format!("{} days", m / DAY),
        m if m % HOUR == 0 => format!("{} h", m / HOUR),
        m if m % MINUTE == 0 => format!("{} min", m / MINUTE),
        m if m % SECOND == 0 => format!("{} s", m / SECOND),
        m => format!("{m} ms"),
    }
}

/// What running out of time does to a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnTimeout {
    /// The seat loses (a draw where its opponent could not win at all).
    #[default]
    Lose,
    /// A default move is played for it and the game goes on.
    DefaultMove,
}

/// A game's time control, fixed at creation: one [`TimeControl`] per seat (handicaps
/// differ) and what running out of time does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockConfig {
    /// One per seat once validated; a single one stands for every seat before.
    pub controls: Vec<TimeControl>,
    /// What a timeout does.
    #[serde(default)]
    pub on_timeout: OnTimeout,
    /// The longest a seat may take to make its first move, from when it is first to act;
    /// its own clock does not run until then. A seat that takes longer did not show up: the
    /// game is called off rather than lost on time. `None`: the clocks run from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move: Option<Millis>,
}

impl ClockConfig {
    /// The same `control` for every seat, losing on time.
    pub fn uniform(control: TimeControl) -> ClockConfig {
        ClockConfig { controls: vec![control], on_timeout: OnTimeout::Lose, first_move: None }
    }

    /// This configuration for a game of `seats` seats, with one control per seat, or every
    /// problem with it, each under the field it is in (from `field`, where it came from).
    ///
    /// ```
    /// use tabula::engine::clock::{ClockConfig, MINUTE, TimeControl};
    ///
    /// let blitz = ClockConfig::uniform(TimeControl::Fischer { base: 3 * MINUTE, increment: 2_000 });
    /// assert_eq!(blitz.for_seats(2, "clock").unwrap().controls.len(), 2, "one control per seat");
    ///
    /// let instant = ClockConfig::uniform(TimeControl::Fischer { base: 0, increment: 0 });
    /// let error = instant.for_seats(2, "clock").unwrap_err();
    /// assert_eq!(error.violations[0].field, "clock.controls[0].base");
    /// assert_eq!(error.violations[0].description, "must be from 1 s to 30 days");
    /// ```
    pub fn for_seats(&self, seats: usize, field: &str) -> Result<ClockConfig, ConfigError> {
        let mut error = ConfigError::default();
        if self.controls.len() != 1 && self.controls.len() != seats {
            error.add(
                &format!("{field}.controls"),
                format!("must hold one control for every seat or one per seat ({seats}), not {}", self.controls.len()),
            );
        }
        for (index, control) in self.controls.iter().enumerate() {
            control.check(&format!("{field}.controls[{index}]"), &mut error);
        }
        if let Some(window) = self.first_move
            && !(MIN_TIME..=MAX_PER_MOVE).contains(&window)
        {
            error.add(
                &format!("{field}.first_move_window"),
                format!("must be from {} to {}", duration(MIN_TIME), duration(MAX_PER_MOVE)),
            );
        }
        if !error.violations.is_empty() {
            return Err(error);
        }
        let controls = if self.controls.len() == 1 { vec![self.controls[0]; seats] } else { self.controls.clone() };
        Ok(ClockConfig { controls, on_timeout: self.on_timeout, first_move: self.first_move })
    }
}

/// A change to a game's clocks made from outside the game (an arbiter's, through a
/// service key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockChange {
    /// Every clock stops (a tournament break).
    Paused,
    /// The clocks of the seats to act start again.
    Resumed,
    /// `seat` (its index) gets `added` more time.
    TimeAdded { seat: usize, added: Millis },
}

/// The clocks of a game's seats: each seat's time left, and since when each seat now to
/// act has been thinking.
///
/// Invariant: `started[i]` is `Some` exactly while seat `i` is to act, its clock runs and
/// the clocks are not paused; `remaining[i]` is then its time when that turn began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    controls: Vec<TimeControl>,
    remaining: Vec<Millis>,
    started: Vec<Option<Millis>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    paused: bool,
    /// [`ClockConfig::first_move`], while a seat has yet to make its first move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first_move: Option<Millis>,
    /// By seat, whether it has yet to make its first move; empty once every seat has made
    /// one (or without a first-move window), so that such clocks read as they always did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    awaiting_first: Vec<bool>,
}

/// By seat (of `seats`), whether `history` holds a move of it (talk of a draw is none): the
/// seats whose first move is behind them when clocks start after an imported history.
pub fn seats_that_moved(history: &[Turn], seats: usize) -> Vec<bool> {
    let mut moved = vec![false; seats];
    for turn in history {
        if let Turn::Move(seat, action) = turn
            && !action.is_draw_talk()
            && let Some(slot) = moved.get_mut(seat.index())
        {
            *slot = true;
        }
    }
    moved
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

/// One seat's clock as read at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatReading {
    /// Time left, 0 once run out.
    pub remaining: Millis,
    /// When its time runs out, while it runs.
    pub deadline: Option<Millis>,
}

impl Clocks {
    /// Full clocks for seats playing `controls` (one per seat: handicaps differ), none
    /// running yet.
    pub fn new(controls: Vec<TimeControl>) -> Clocks {
        let remaining = controls.iter().map(|c| c.initial()).collect();
        let started = vec![None; controls.len()];
        Clocks { controls, remaining, started, paused: false, first_move: None, awaiting_first: Vec::new() }
    }

    /// A game's clocks under `config` when it starts at `now` with the seats in `to_act` to
    /// act: full, those seats thinking; with a first-move window, every seat not in
    /// `moved` (those that made a move before, in an imported history) has its window.
    pub fn starting(config: &ClockConfig, to_act: &[usize], moved: &[bool], now: Millis) -> Clocks {
        let mut clocks = Clocks::new(config.controls.clone());
        if let Some(window) = config.first_move {
            clocks.first_move = Some(window);
            clocks.awaiting_first =
                (0..clocks.controls.len()).map(|seat| !moved.get(seat).copied().unwrap_or(false)).collect();
            clocks.settle_first_moves();
        }
        clocks.set_to_act(to_act, now);
        clocks
    }

    /// Whether seat `seat` has yet to make its first move, under a first-move window: its
    /// deadline is then that window's end, and a timeout is a no-show.
    pub fn awaiting_first_move(&self, seat: usize) -> bool {
        self.first_move.is_some() && self.awaiting_first.get(seat).copied().unwrap_or(false)
    }

    /// Forgets the window once every seat has made its first move.
    fn settle_first_moves(&mut self) {
        if self.awaiting_first.iter().all(|awaiting| !awaiting) {
            self.awaiting_first.clear();
            self.first_move = None;
        }
    }

    /// How long seat `seat`'s turn may last from its start: its first-move window while it
    /// awaits its first move, else what its control leaves it.
    fn turn_limit(&self, seat: usize) -> Millis {
        match self.first_move {
            Some(window) if self.awaiting_first_move(seat) => window,
            _ => self.controls[seat].turn_limit(self.remaining[seat]),
        }
    }

    /// Full clocks for seats playing `controls`, those of the seats in `to_act` running
    /// from `now`: a game's clocks when it is created.
    pub fn started(controls: Vec<TimeControl>, to_act: &[usize], now: Millis) -> Clocks {
        let mut clocks = Clocks::new(controls);
        clocks.set_to_act(to_act, now);
        clocks
    }

    /// Whether a service key stopped every clock.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Time left on seat `seat`'s clock at `now`: what it had when its turn began less
    /// what has run since, never below 0.
    pub fn remaining_at(&self, seat: usize, now: Millis) -> Millis {
        match self.started[seat] {
            None => self.remaining[seat],
            // Its own clock waits for its first move.
            Some(_) if self.awaiting_first_move(seat) => self.remaining[seat],
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

    /// Every seat's clock at `now`, in seat order.
    pub fn readings(&self, now: Millis) -> Vec<SeatReading> {
        (0..self.controls.len())
            .map(|seat| SeatReading { remaining: self.remaining_at(seat, now), deadline: self.deadline(seat) })
            .collect()
    }

    /// When seat `seat` runs out of time, while its clock runs.
    pub fn deadline(&self, seat: usize) -> Option<Millis> {
        let since = self.started[seat]?;
        Some(since.saturating_add(self.turn_limit(seat)))
    }

    /// The earliest deadline of a running clock, and whose.
    pub fn next_deadline(&self) -> Option<Flagged> {
        (0..self.controls.len())
            .filter_map(|seat| self.deadline(seat).map(|deadline| Flagged { seat, deadline }))
            .min_by_key(|f| (f.deadline, f.seat))
    }

    /// The running clock that had run out before `now`, if one had (a clock that runs out
    /// exactly at `now` has not).
    pub fn flagged_at(&self, now: Millis) -> Option<Flagged> {
        self.next_deadline().filter(|flag| flag.deadline < now)
    }

    /// The seats in `to_act` think from `now` (those already thinking go on); the others'
    /// clocks stop, charged for the time they ran. While paused, no clock starts.
    pub fn set_to_act(&mut self, to_act: &[usize], now: Millis) {
        for seat in 0..self.started.len() {
            if to_act.contains(&seat) && !self.paused {
                self.started[seat].get_or_insert(now);
            } else if self.started[seat].is_some() {
                self.remaining[seat] = self.remaining_at(seat, now);
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
        if self.awaiting_first_move(seat) {
            // The first move: within the window, it costs the seat's clock nothing.
            let deadline = since.saturating_add(self.turn_limit(seat));
            if now > deadline {
                return Err(Flagged { seat, deadline });
            }
            self.awaiting_first[seat] = false;
            self.started[seat] = None;
            self.settle_first_moves();
            return Ok(());
        }
        let control = self.controls[seat];
        let remaining = control
            .after_turn(self.remaining[seat], now.saturating_sub(since))
            .ok_or(Flagged { seat, deadline: since.saturating_add(control.turn_limit(self.remaining[seat])) })?;
        self.remaining[seat] = remaining;
        self.started[seat] = None;
        Ok(())
    }

    /// The clocks after `turn` made at `now`: the seat that moved, if it was a move, is
    /// charged (its whole turn when `by_the_clock` made it, or when its time had run out),
    /// then the seats in `to_act` think and every other clock stops. A draw offered or
    /// declined is no move: the seat's turn, and its clock, go on (so an offer earns no
    /// increment).
    pub fn turn_made(&mut self, turn: &Turn, by_the_clock: bool, to_act: &[usize], now: Millis) {
        if let Turn::Move(seat, action) = turn
            && !action.is_draw_talk()
            && (by_the_clock || self.end_turn(seat.index(), now).is_err())
        {
            self.expire(seat.index());
        }
        self.set_to_act(to_act, now);
    }

    /// What seat `seat`'s move made at `at` added to its clock: its time after the move (in
    /// `after`, the clocks the move left) less what its clock read just before it (in
    /// `before`, the clocks as they stood then). An increment, a Bronstein delay given
    /// back, a time per move refilled; nothing under a simple delay.
    pub fn credit_of_move(before: &Clocks, after: &Clocks, seat: usize, at: Millis) -> Millis {
        after.remaining[seat].saturating_sub(before.remaining_at(seat, at))
    }

    /// Takes `credit` ([`Clocks::credit_of_move`]) back from seat `seat`'s clock, as when
    /// the move that earned it is taken back: the clock reads what it read just before that
    /// move, less whatever ran since, so a takeback can neither earn time nor give back
    /// time used.
    pub fn withdraw(&mut self, seat: usize, credit: Millis) {
        self.remaining[seat] = self.remaining[seat].saturating_sub(credit);
    }

    /// Seat `seat`'s turn ends with its time run out (a default move played for it): it is
    /// charged its whole turn, then gets what the control gives after a move.
    pub fn expire(&mut self, seat: usize) {
        let control = self.controls[seat];
        let limit = control.turn_limit(self.remaining[seat]);
        self.remaining[seat] = control.after_turn(self.remaining[seat], limit).unwrap_or(0);
        self.started[seat] = None;
    }

    /// Applies an arbiter's `change` at `now`; `to_act` are the seats to act, whose clocks
    /// a resumption starts.
    ///
    /// # Errors
    /// [`Flagged`] when a running clock had already run out (it is too late to pause, or to
    /// give that seat time); the clocks are then unchanged.
    pub fn change(&mut self, change: ClockChange, to_act: &[usize], now: Millis) -> Result<(), Flagged> {
        match change {
            ClockChange::Paused => {
                if let Some(flag) = self.flagged_at(now) {
                    return Err(flag);
                }
                self.set_to_act(&[], now);
                self.paused = true;
            }
            ClockChange::Resumed => {
                self.paused = false;
                self.set_to_act(to_act, now);
            }
            ClockChange::TimeAdded { seat, added } => {
                if let Some(flag) = self.flagged_at(now).filter(|flag| flag.seat == seat) {
                    return Err(flag);
                }
                self.remaining[seat] = self.remaining[seat].saturating_add(added);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Seat};

    const MIN: Millis = 60_000;

    #[test]
    fn a_draw_offered_or_declined_earns_no_increment_and_the_clock_runs_on() {
        let mut clocks = Clocks::new(vec![TimeControl::Fischer { base: 3 * MIN, increment: 2_000 }; 2]);
        clocks.set_to_act(&[0], 0);
        let offer = Turn::Move(crate::engine::Seat::FIRST, crate::engine::Action::OfferDraw);
        clocks.turn_made(&offer, false, &[0], 10_000);
        assert_eq!(clocks.deadline(0), Some(3 * MIN), "the same turn, the same deadline");
        assert_eq!(clocks.remaining_at(0, 10_000), 3 * MIN - 10_000);
        let moved = Turn::Move(crate::engine::Seat::FIRST, crate::engine::Action::place(0, 0));
        clocks.turn_made(&moved, false, &[1], 12_000);
        assert_eq!(clocks.remaining_at(0, 12_000), 3 * MIN - 10_000, "one increment for the move");
    }

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
    fn a_move_taken_back_takes_its_credit_with_it_and_time_used_stays_used() {
        let controls = [
            (TimeControl::Fischer { base: MIN, increment: 30_000 }, 30_000),
            (TimeControl::Bronstein { base: MIN, delay: 5_000 }, 4_000),
            (TimeControl::SimpleDelay { base: MIN, delay: 5_000 }, 0),
            (TimeControl::PerMove { per_move: MIN }, 4_000),
        ];
        for (control, credit) in controls {
            let before = Clocks::started(vec![control; 2], &[0], 1_000);
            let mut after = before.clone();
            after.end_turn(0, 5_000).unwrap();
            after.set_to_act(&[1], 5_000);
            assert_eq!(Clocks::credit_of_move(&before, &after, 0, 5_000), credit, "{control:?}");
            // Seat 2 thinks 2 s, then seat 1 takes its move back and thinks again.
            let mut taken = after.clone();
            taken.set_to_act(&[0], 7_000);
            taken.withdraw(0, credit);
            assert_eq!(taken.remaining_at(0, 7_000), before.remaining_at(0, 5_000), "{control:?}");
            assert_eq!(taken.remaining_at(1, 7_000), after.remaining_at(1, 7_000), "{control:?}: seat 2's time ran");
        }
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
        clocks.change(ClockChange::Paused, &[0], 20_000).unwrap();
        assert_eq!((clocks.remaining_at(0, 99_000), clocks.deadline(0)), (40_000, None));
        clocks.set_to_act(&[0], 50_000);
        assert_eq!(clocks.deadline(0), None, "no clock starts while paused");
        clocks.change(ClockChange::TimeAdded { seat: 0, added: 15_000 }, &[0], 60_000).unwrap();
        clocks.change(ClockChange::Resumed, &[0], 100_000).unwrap();
        assert_eq!(clocks.deadline(0), Some(155_000));
        assert_eq!(clocks.change(ClockChange::Paused, &[0], 155_001), Err(Flagged { seat: 0, deadline: 155_000 }));
        assert_eq!(
            clocks.change(ClockChange::TimeAdded { seat: 0, added: 1 }, &[0], 155_001),
            Err(Flagged { seat: 0, deadline: 155_000 }),
            "too late to save a seat whose time ran out"
        );
        assert_eq!(clocks.flagged_at(155_000), None, "a deadline reached exactly is still in time");
    }

    #[test]
    fn a_seat_whose_clock_stops_outside_its_turn_is_charged_and_a_move_time_survives_a_pause() {
        let mut clocks = Clocks::new(vec![TimeControl::PerMove { per_move: MIN }; 2]);
        clocks.set_to_act(&[1], 0);
        // The game moved on without seat 1 moving (its opponent took a move back).
        clocks.set_to_act(&[0], 20_000);
        assert_eq!(clocks.remaining_at(1, 0), 40_000);
        clocks.set_to_act(&[1], 30_000);
        assert_eq!(clocks.deadline(1), Some(70_000));
        clocks.end_turn(1, 31_000).unwrap();
        assert_eq!(clocks.remaining_at(1, 0), MIN, "a new move, a whole minute");
    }

    #[test]
    fn an_expired_turn_charges_the_whole_limit_and_the_control_goes_on() {
        let mut clocks = Clocks::new(vec![TimeControl::Fischer { base: 10_000, increment: 2_000 }]);
        clocks.set_to_act(&[0], 0);
        clocks.expire(0);
        assert_eq!(clocks.remaining_at(0, 50_000), 2_000);
        let mut per_move = Clocks::new(vec![TimeControl::Correspondence { days: 3 }]);
        per_move.set_to_act(&[0], 0);
        per_move.expire(0);
        assert_eq!(per_move.remaining_at(0, 0), 3 * DAY);
    }

    #[test]
    fn a_configuration_names_every_problem_and_expands_to_one_control_per_seat() {
        let config = ClockConfig::uniform(TimeControl::Fischer { base: 3 * MIN, increment: 2_000 });
        assert_eq!(config.for_seats(2, "clock").unwrap().controls.len(), 2);
        let bad = ClockConfig {
            controls: vec![
                TimeControl::Fischer { base: 0, increment: 2 * HOUR },
                TimeControl::PerMove { per_move: 2 * DAY },
                TimeControl::Correspondence { days: 0 },
            ],
            on_timeout: OnTimeout::Lose,
            first_move: Some(0),
        };
        let problems = bad.for_seats(2, "clock").unwrap_err().violations;
        assert_eq!(problems.len(), 6, "{problems:#?}");
        assert_eq!(problems[0].field, "clock.controls", "{problems:#?}");
        assert!(problems[0].description.contains("one per seat (2), not 3"), "{problems:#?}");
        let named =
            |field: &str, description: &str| problems.iter().any(|p| p.field == field && p.description == description);
        assert!(named("clock.controls[0].base", "must be from 1 s to 30 days"), "{problems:#?}");
        assert!(named("clock.controls[1].per_move", "must be from 1 s to 1 day"), "{problems:#?}");
        assert!(named("clock.first_move_window", "must be from 1 s to 1 day"), "{problems:#?}");
    }

    #[test]
    fn a_seat_s_clock_waits_for_its_first_move_and_its_window_is_its_deadline_until_then() {
        let config = ClockConfig {
            first_move: Some(30_000),
            ..ClockConfig::uniform(TimeControl::Fischer { base: 60_000, increment: 2_000 })
        }
        .for_seats(2, "clock")
        .unwrap();
        let mut clocks = Clocks::starting(&config, &[0], &[false, false], 0);
        assert!(clocks.awaiting_first_move(0) && clocks.awaiting_first_move(1));
        assert_eq!((clocks.remaining_at(0, 20_000), clocks.deadline(0)), (60_000, Some(30_000)));
        // Within its window the first move costs nothing and earns nothing.
        clocks.end_turn(0, 25_000).unwrap();
        clocks.set_to_act(&[1], 25_000);
        assert_eq!(clocks.remaining_at(0, 25_000), 60_000);
        assert_eq!(clocks.deadline(1), Some(55_000), "the second seat's window, from its turn");
        // Past it, the seat is flagged where its window ended.
        let before = clocks.clone();
        assert_eq!(clocks.end_turn(1, 55_001), Err(Flagged { seat: 1, deadline: 55_000 }));
        assert_eq!(clocks, before, "a refused turn changes nothing");
        clocks.end_turn(1, 55_000).unwrap();
        // Every seat has moved: the clocks run, and read, as clocks without a window.
        assert!(!clocks.awaiting_first_move(1));
        clocks.set_to_act(&[0], 55_000);
        assert_eq!(clocks.deadline(0), Some(115_000));
        clocks.end_turn(0, 65_000).unwrap();
        assert_eq!(clocks.remaining_at(0, 65_000), 52_000, "ten seconds used, two back");
        let json = serde_json::to_string(&clocks).unwrap();
        assert!(!json.contains("first_move") && !json.contains("awaiting"), "{json}");
        // A seat that moved in an imported history has no window.
        let imported = Clocks::starting(&config, &[1], &[true, false], 0);
        assert!(!imported.awaiting_first_move(0) && imported.awaiting_first_move(1));
        assert_eq!(seats_that_moved(&[Turn::Move(Seat::new(0), Action::OfferDraw)], 2), [false, false]);
    }
}
