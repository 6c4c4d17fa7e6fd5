//! Time controls and clock readings on the wire: durations in whole milliseconds, one
//! message for every game kind.

use super::Violations;
use super::time::{millis_from_proto, millis_to_proto, timestamp};
use crate::engine::clock::{ClockConfig, OnTimeout, TimeControl};
use crate::play::ClockReadings;
use crate::proto::tabula::v1 as pb;
use pb::time_control::Control;

/// The domain time control of a wire one, not yet checked against its limits (the game's
/// creation does that, naming every problem).
pub fn clock_from_proto(clock: &pb::ClockConfig, field: &str, violations: &mut Violations) -> ClockConfig {
    // How many controls a game takes is its configuration's to check (INVALID_CONFIG).
    let mut controls = Vec::with_capacity(clock.controls.len());
    for (index, control) in clock.controls.iter().enumerate() {
        let field = format!("{field}.controls[{index}]");
        let mut millis = |duration: Option<&prost_types::Duration>, name: &str| {
            millis_from_proto(duration, &format!("{field}.{name}"), violations)
        };
        let control = match &control.control {
            Some(Control::Fischer(f)) => Some(TimeControl::Fischer {
                base: millis(f.base.as_ref(), "fischer.base"),
                increment: millis(f.increment.as_ref(), "fischer.increment"),
            }),
            Some(Control::Bronstein(d)) => Some(TimeControl::Bronstein {
                base: millis(d.base.as_ref(), "bronstein.base"),
                delay: millis(d.delay.as_ref(), "bronstein.delay"),
            }),
            Some(Control::SimpleDelay(d)) => Some(TimeControl::SimpleDelay {
                base: millis(d.base.as_ref(), "simple_delay.base"),
                delay: millis(d.delay.as_ref(), "simple_delay.delay"),
            }),
            Some(Control::PerMove(d)) => Some(TimeControl::PerMove { per_move: millis(Some(d), "per_move") }),
            Some(Control::CorrespondenceDays(days)) => Some(TimeControl::Correspondence { days: *days }),
            None => {
                violations.add(field, "must set one kind of control");
                None
            }
        };
        controls.extend(control);
    }
    let on_timeout = match pb::TimeoutRule::try_from(clock.on_timeout) {
        Ok(pb::TimeoutRule::Unspecified | pb::TimeoutRule::Lose) => OnTimeout::Lose,
        Ok(pb::TimeoutRule::DefaultMove) => OnTimeout::DefaultMove,
        Err(_) => {
            violations.add(format!("{field}.on_timeout"), format!("{} is not a known TimeoutRule", clock.on_timeout));
            OnTimeout::Lose
        }
    };
    let first_move = clock
        .first_move_window
        .as_ref()
        .map(|window| millis_from_proto(Some(window), &format!("{field}.first_move_window"), violations));
    ClockConfig { controls, on_timeout, first_move }
}

/// The wire time control of a domain one.
pub fn clock_to_proto(clock: &ClockConfig) -> pb::ClockConfig {
    let controls = clock
        .controls
        .iter()
        .map(|control| {
            let control = match *control {
                TimeControl::Fischer { base, increment } => Control::Fischer(pb::FischerControl {
                    base: Some(millis_to_proto(base)),
                    increment: Some(millis_to_proto(increment)),
                }),
                TimeControl::Bronstein { base, delay } => Control::Bronstein(pb::DelayControl {
                    base: Some(millis_to_proto(base)),
                    delay: Some(millis_to_proto(delay)),
                }),
                TimeControl::SimpleDelay { base, delay } => Control::SimpleDelay(pb::DelayControl {
                    base: Some(millis_to_proto(base)),
                    delay: Some(millis_to_proto(delay)),
                }),
                TimeControl::PerMove { per_move } => Control::PerMove(millis_to_proto(per_move)),
                TimeControl::Correspondence { days } => Control::CorrespondenceDays(days),
            };
            pb::TimeControl { control: Some(control) }
        })
        .collect();
    let on_timeout = match clock.on_timeout {
        OnTimeout::Lose => pb::TimeoutRule::Lose,
        OnTimeout::DefaultMove => pb::TimeoutRule::DefaultMove,
    };
    pb::ClockConfig {
        controls,
        on_timeout: on_timeout as i32,
        first_move_window: clock.first_move.map(millis_to_proto),
    }
}

/// The wire readings of a game's clocks.
pub fn readings_to_proto(readings: &ClockReadings) -> pb::ClockReadings {
    pb::ClockReadings {
        read_at: Some(timestamp(readings.read_at)),
        seats: readings
            .seats
            .iter()
            .enumerate()
            .map(|(index, seat)| pb::SeatClock {
                seat: index as u32 + 1,
                remaining: Some(millis_to_proto(seat.remaining)),
                running: seat.deadline.is_some(),
                deadline: readings.deadline(index).map(timestamp),
            })
            .collect(),
        paused: readings.paused,
    }
}
