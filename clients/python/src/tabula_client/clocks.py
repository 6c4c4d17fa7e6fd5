"""Time controls for the `clock=` option of `create_game_from_config`, and a seat's time read
from a view or an event:

    created = client.create_game_from_config(config, clock=clocks.fischer(300, 2))
    left = clocks.remaining(client.get_view(game_id), seat=1)  # a timedelta, counted down to now

Lengths of time are seconds (an int or a float, rounded to whole milliseconds), a `timedelta`
or a `pb.Duration`; the server takes whole milliseconds only and refuses finer parts of a
`timedelta` or `Duration` (INVALID_ARGUMENT `INVALID_CONFIG`, or `INVALID_REQUEST` for
`add_time`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta, timezone
from typing import Union

from tabula_client import _common, pb

#: A length of time: seconds (rounded to whole milliseconds), a `timedelta` or a `pb.Duration`.
Length = _common.Length
#: What `create_game_from_config` takes as `clock=`: a whole `pb.ClockConfig`, or one
#: `pb.TimeControl` for every seat (then running out of time loses).
Clock = _common.Clock
#: Where clock readings are found: a view, an event (every event but `game_ended` carries
#: them in a game with clocks) or the readings themselves.
Readings = Union[pb.View, pb.GameEvent, pb.ClockReadings]


def fischer(base: Length, increment: Length = 0) -> pb.TimeControl:
    """`base` for the whole game (1 second to 30 days), plus `increment` (at most 1 hour)
    after each of the seat's moves: `fischer(300, 2)` is 5 minutes + 2 seconds."""
    control = pb.TimeControl(fischer=pb.FischerControl())
    _common.set_millis(control.fischer.base, base)
    _common.set_millis(control.fischer.increment, increment)
    return control


def bronstein(base: Length, delay: Length) -> pb.TimeControl:
    """`base` for the whole game; after each move the time it took is given back, up to
    `delay` (at most 1 hour)."""
    control = pb.TimeControl(bronstein=pb.DelayControl())
    _common.set_millis(control.bronstein.base, base)
    _common.set_millis(control.bronstein.delay, delay)
    return control


def simple_delay(base: Length, delay: Length) -> pb.TimeControl:
    """`base` for the whole game; each turn the clock starts only once `delay` (at most 1
    hour) has passed (simple, or US, delay)."""
    control = pb.TimeControl(simple_delay=pb.DelayControl())
    _common.set_millis(control.simple_delay.base, base)
    _common.set_millis(control.simple_delay.delay, delay)
    return control


def per_move(time: Length) -> pb.TimeControl:
    """A fixed `time` for each move, from 1 second to 1 day; unused time is lost."""
    control = pb.TimeControl(per_move=pb.Duration())
    _common.set_millis(control.per_move, time)
    return control


def correspondence(days: int) -> pb.TimeControl:
    """Correspondence: `days` (1 to 60) for each move."""
    return pb.TimeControl(correspondence_days=days)


def timeout_rule(rule: pb.TimeoutRule.ValueType | str) -> pb.TimeoutRule.ValueType:
    """Accepts `TimeoutRule.TIMEOUT_RULE_LOSE`, `"TIMEOUT_RULE_LOSE"` or `"lose"`
    (`"default_move"` likewise)."""
    if isinstance(rule, str):
        name = rule.upper()
        return pb.TimeoutRule.Value(name if name.startswith("TIMEOUT_RULE_") else f"TIMEOUT_RULE_{name}")
    return rule


def clock_config(
    controls: pb.TimeControl | Iterable[pb.TimeControl],
    on_timeout: pb.TimeoutRule.ValueType | str | None = None,
    *,
    first_move_window: Length | None = None,
) -> pb.ClockConfig:
    """A game's clocks: one control for every seat, or one per seat in seat order (a
    handicap), and what running out of time does: `"lose"` (the default, also when None) or
    `"default_move"` (the server's engine moves for the seat, and the game goes on).

    `first_move_window` (seconds, a `timedelta` or a `pb.Duration`; 1 second to 1 day) is the
    longest a seat may take to make its first move, from when it is first to act; until then
    its own clock does not run. A seat that lets it pass is a no-show: the clock aborts the
    game (a `game_aborted` event by the `clock` actor naming the seat, then a `game_ended`
    with `END_REASON_ABORTED`) instead of the seat losing on time. None (the default) leaves
    it unset: the clocks run from the start."""
    listed = [controls] if isinstance(controls, pb.TimeControl) else list(controls)
    config = pb.ClockConfig(controls=listed)
    if on_timeout is not None:
        config.on_timeout = timeout_rule(on_timeout)
    if first_move_window is not None:
        _common.set_millis(config.first_move_window, first_move_window)
    return config


def readings(source: Readings) -> pb.ClockReadings | None:
    """The clock readings of a view or an event; None in a game without clocks, and for a
    `game_ended` event (its clocks are those of the event before it)."""
    if isinstance(source, pb.ClockReadings):
        return source
    return source.clock if source.HasField("clock") else None


def seat_clock(source: Readings, seat: int) -> pb.SeatClock | None:
    """Seat `seat`'s (from 1) clock in a view's or an event's readings, as they were read
    (`remaining` at `read_at`, `running`, `deadline`); None without readings or without that
    seat."""
    found = readings(source)
    if found is None:
        return None
    return next((clock for clock in found.seats if clock.seat == seat), None)


def remaining(source: Readings, seat: int, now: datetime | None = None) -> timedelta | None:
    """Seat `seat`'s time left at `now` (default: this moment; naive means UTC), from a view's
    or an event's readings: a running clock (`running`, the clocks not paused) counts down
    from `remaining` at `read_at`, after any delay still to pass then (a simple delay: its
    `deadline` is further off than `remaining`); a stopped one shows `remaining`. Never below
    zero. None without readings or without that seat. `now` is compared with the server's
    timestamps, so the two machines' clocks should agree."""
    found = readings(source)
    clock = seat_clock(source, seat)
    if found is None or clock is None:
        return None
    left = clock.remaining.ToTimedelta()
    if not clock.running or found.paused or not found.HasField("read_at"):
        return left
    moment = now if now is not None else datetime.now(timezone.utc)
    if moment.tzinfo is None:  # naive means UTC, as elsewhere in this package
        moment = moment.replace(tzinfo=timezone.utc)
    read_at = found.read_at.ToDatetime(tzinfo=timezone.utc)
    delay = timedelta(0)
    if clock.HasField("deadline"):
        delay = max(delay, clock.deadline.ToDatetime(tzinfo=timezone.utc) - read_at - left)
    elapsed = max(moment - read_at, timedelta(0))
    return max(left - max(elapsed - delay, timedelta(0)), timedelta(0))


__all__ = [
    "Clock",
    "Length",
    "Readings",
    "bronstein",
    "clock_config",
    "correspondence",
    "fischer",
    "per_move",
    "readings",
    "remaining",
    "seat_clock",
    "simple_delay",
    "timeout_rule",
]
