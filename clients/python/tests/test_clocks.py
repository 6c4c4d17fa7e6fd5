"""Clocks against a real server with a service key: a seat out of time loses by itself (or the
clock moves for it), the readings of views and events, pausing, resuming and adding time;
and the time-control builders and `clocks.remaining`, offline."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import grpc
import pytest

from conftest import start_server
from tabula_client import AsyncClient, Client, EventStream, TabulaError, actor_kind, clocks, event_kind, moves, pb

KEY = "lobby-secret-0123456789"
CONNECT_FOUR = pb.GameConfig(connect_four=pb.ConnectFourConfig())


@pytest.fixture(scope="module")
def keyed() -> Iterator[str]:
    """A server of this module's own with the service key `lobby`, its address."""
    with start_server("--service-key", f"lobby={KEY}") as address:
        yield address


def follow(stream: EventStream, seconds: float = 15) -> Iterator[pb.GameEvent]:
    """The stream's events, closing it after `seconds` so that a test waiting for an event
    the server never sends fails instead of hanging."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    try:
        yield from stream
    finally:
        guard.cancel()
        stream.close()


def failure(error: TabulaError) -> tuple[grpc.StatusCode, str]:
    return error.code, error.reason


def at(stamp: pb.Timestamp) -> datetime:
    return stamp.ToDatetime(tzinfo=timezone.utc)


def near(a: datetime, b: datetime) -> bool:
    """The same moment, to the millisecond the server's clocks count in."""
    return abs(a - b) <= timedelta(milliseconds=1)


def running(readings: pb.ClockReadings) -> list[int]:
    return [seat.seat for seat in readings.seats if seat.running]


def describe(event: pb.GameEvent) -> tuple[str, str]:
    """The event's kind and its actor's (`none` without one)."""
    return event_kind(event), actor_kind(event.actor) if event.HasField("actor") else "none"


def test_a_seat_out_of_time_loses_by_itself(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clocks.per_move(1))
        game_id = created.game.game_id
        assert created.game.config.clock.controls[0].per_move.ToMilliseconds() == 1000
        red, yellow = (manager.with_credential(t.token) for t in created.seat_tokens)
        red.submit_move(game_id, moves.drop(3))  # within the second Red's clock gave it
        started = time.monotonic()

        events = list(follow(manager.events(game_id)))
        assert time.monotonic() - started < 5, "the timeout came by itself, within moments"
        assert [describe(e) for e in events] == [
            ("game_created", "none"),
            ("move_applied", "seat"),
            ("timed_out", "clock"),
            ("game_ended", "none"),
        ]
        _, red_move, timed_out, ended = events
        assert timed_out.timed_out.seat == 2
        assert ended.game_ended.outcome.type == pb.OutcomeType.OUTCOME_TYPE_WIN
        assert (ended.game_ended.outcome.reason, ended.game_ended.outcome.winner) == (pb.EndReason.END_REASON_TIMEOUT, 1)

        # The clocks as of each event's time (game_created's: test_every_event_but_the_end_...).
        for event in (red_move, timed_out):
            assert event.HasField("clock") and event.clock.read_at == event.time, event_kind(event)
        assert not ended.HasField("clock") and clocks.remaining(ended, 2) is None
        assert running(red_move.clock) == [2]
        deadline = clocks.seat_clock(red_move, 2)
        assert deadline is not None and deadline.HasField("deadline")
        assert near(at(deadline.deadline), at(red_move.time) + timedelta(seconds=1)), "a fresh second for Yellow"
        late = at(timed_out.time) - at(deadline.deadline)
        assert timedelta(0) <= late < timedelta(milliseconds=500), f"timed out {late} after the deadline"
        assert clocks.remaining(timed_out, 2) == timedelta(0)

        game = manager.get_game(game_id)
        assert (game.status, game.outcome.reason, game.outcome.winner) == (
            pb.GameStatus.GAME_STATUS_FINISHED,
            pb.EndReason.END_REASON_TIMEOUT,
            1,
        )
        with pytest.raises(TabulaError) as over:
            yellow.submit_move(game_id, moves.drop(3))
        assert failure(over.value) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")


def test_a_fischer_clock_runs_out_while_nobody_moves(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        clock = clocks.clock_config(clocks.fischer(1, 0), on_timeout="lose")
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clock)
        game_id = created.game.game_id
        stream = manager.events(game_id, include_views=True)
        seen = [(event, stream.last_view) for event in follow(stream)]
        assert [describe(event) for event, _ in seen][-2:] == [("timed_out", "clock"), ("game_ended", "none")]
        timed_out, view = seen[-2]
        assert timed_out.timed_out.seat == 1, "Red never moved"
        assert view is not None and view.HasField("clock") and clocks.remaining(view, 1) == timedelta(0)
        assert seen[-1][0].game_ended.outcome.winner == 2


def test_every_event_but_the_end_carries_the_clocks_as_of_its_time(keyed: str) -> None:
    """GameEvent.clock: "set on every event but `GameEnded`", `game_created` included."""
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clocks.fischer(60, 1))
        game_id = created.game.game_id
        manager.with_credential(created.seat_tokens[0].token).submit_move(game_id, moves.drop(3))
        manager.pause_clock(game_id)
        manager.abort_game(game_id, "only looking")
        events = list(follow(manager.events(game_id)))
        assert [event_kind(e) for e in events] == [
            "game_created", "move_applied", "clock_paused", "game_aborted", "game_ended"
        ]
        for event in events[:-1]:
            assert event.HasField("clock") and event.clock.read_at == event.time, event_kind(event)
        assert running(events[0].clock) == [1], "Red's time runs from the creation"
        assert not events[-1].HasField("clock")


def test_a_stream_sends_each_events_view_with_the_clocks(keyed: str) -> None:
    """StreamEvents' views are the game as `get_view` shows it just after each event, and a view
    of a game with clocks has them (View.clock), the first and the last included."""
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clocks.fischer(60, 1))
        game_id = created.game.game_id
        assert manager.get_view(game_id).HasField("clock")
        manager.with_credential(created.seat_tokens[0].token).submit_move(game_id, moves.drop(3))
        manager.abort_game(game_id, "only looking")
        assert manager.get_view(game_id).HasField("clock"), "a finished game's view keeps its clocks"
        stream = manager.events(game_id, include_views=True)
        views = [(event_kind(event), stream.last_view) for event in follow(stream)]
        missing = [kind for kind, view in views if view is None or not view.HasField("clock")]
        assert missing == [], f"views without clocks: {missing}"


def test_a_move_after_the_deadline_is_out_of_time_or_too_late(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clocks.per_move(1))
        game_id = created.game.game_id
        red = manager.with_credential(created.seat_tokens[0].token)
        reading = clocks.seat_clock(red.get_view(game_id), 1)
        assert reading is not None and reading.running
        pause = (at(reading.deadline) - datetime.now(timezone.utc)).total_seconds() + 0.01
        time.sleep(max(pause, 0))
        with pytest.raises(TabulaError) as late:
            red.submit_move(game_id, moves.drop(3))
        # Between the deadline and the timeout the move is OUT_OF_TIME; the timeout follows
        # within moments, and the game is then over.
        assert late.value.code == grpc.StatusCode.FAILED_PRECONDITION
        assert late.value.reason in ("OUT_OF_TIME", "GAME_OVER"), late.value
        if late.value.reason == "OUT_OF_TIME":
            assert late.value.metadata.get("seat") == "1", late.value.metadata
        *_, ended = follow(manager.events(game_id))
        assert ended.game_ended.outcome.reason == pb.EndReason.END_REASON_TIMEOUT


def test_views_read_each_seats_time_and_the_deadline_of_the_seat_to_act(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clocks.fischer(60, 2))
        game_id = created.game.game_id
        red = manager.with_credential(created.seat_tokens[0].token)
        spectator = manager.with_credential(None)

        view = spectator.get_view(game_id)
        assert view.HasField("clock") and not view.clock.paused
        assert [seat.seat for seat in view.clock.seats] == [1, 2]
        first, second = view.clock.seats
        assert first.running and first.HasField("deadline")
        assert timedelta(seconds=59) < first.remaining.ToTimedelta() <= timedelta(seconds=60)
        assert near(at(first.deadline), at(view.clock.read_at) + first.remaining.ToTimedelta())
        assert not second.running and not second.HasField("deadline")
        assert second.remaining.ToTimedelta() == timedelta(seconds=60)
        left = clocks.remaining(view, 1)
        assert left is not None and timedelta(seconds=58) < left <= first.remaining.ToTimedelta()
        assert clocks.remaining(view, 1, now=at(view.clock.read_at) + timedelta(seconds=10)) == (
            first.remaining.ToTimedelta() - timedelta(seconds=10)
        ), "a running clock counts down from read_at"
        assert clocks.remaining(view, 2, now=at(view.clock.read_at) + timedelta(seconds=10)) == timedelta(seconds=60)

        played = red.submit_move(game_id, moves.drop(3))
        after = played.view.clock
        assert running(after) == [2] and not after.seats[0].HasField("deadline")
        # Red used a moment of its minute and got the 2-second increment.
        assert timedelta(seconds=61) < after.seats[0].remaining.ToTimedelta() <= timedelta(seconds=62)
        assert near(at(after.seats[1].deadline), at(after.read_at) + timedelta(seconds=60))

        with pytest.raises(TabulaError) as no_clock:
            manager.pause_clock(manager.create_game_from_config(CONNECT_FOUR).game.game_id)
        assert failure(no_clock.value) == (grpc.StatusCode.FAILED_PRECONDITION, "NO_CLOCK")
        assert not manager.get_view(manager.create_game_from_config(CONNECT_FOUR).game.game_id).HasField("clock")


def test_a_simple_delay_holds_the_clock_until_it_has_passed(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clocks.simple_delay(60, 5))
        view = manager.get_view(created.game.game_id)
        reading = clocks.seat_clock(view, 1)
        assert reading is not None and reading.running
        assert reading.remaining.ToTimedelta() == timedelta(seconds=60), "the clock stands still during the delay"
        read_at = at(view.clock.read_at)
        delay_left = at(reading.deadline) - read_at - timedelta(seconds=60)
        assert timedelta(seconds=4) < delay_left <= timedelta(seconds=5)
        assert clocks.remaining(view, 1, now=read_at + timedelta(seconds=2)) == timedelta(seconds=60)
        assert clocks.remaining(view, 1, now=read_at + delay_left + timedelta(seconds=10)) == timedelta(seconds=50)
        manager.abort_game(created.game.game_id, "only looking")


def test_a_service_key_pauses_resumes_and_adds_time(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clocks.fischer(60, 0))
        game_id = created.game.game_id
        red, yellow = (manager.with_credential(t.token) for t in created.seat_tokens)

        paused = manager.pause_clock(game_id, request_id="pause-1")
        assert paused.clock.paused and running(paused.clock) == []
        assert not any(seat.HasField("deadline") for seat in paused.clock.seats)
        retried = manager.pause_clock(game_id, request_id="pause-1")
        assert retried.clock.paused and retried.seq == paused.seq, "a retry is answered as the first call was"
        with pytest.raises(TabulaError) as twice:
            manager.pause_clock(game_id)
        assert failure(twice.value) == (grpc.StatusCode.FAILED_PRECONDITION, "CLOCK_PAUSED")
        with pytest.raises(TabulaError) as frozen:
            red.submit_move(game_id, moves.drop(3))
        assert failure(frozen.value) == (grpc.StatusCode.FAILED_PRECONDITION, "CLOCK_PAUSED")
        stopped = paused.clock.seats[0].remaining.ToTimedelta()
        time.sleep(0.2)
        assert clocks.remaining(manager.get_view(game_id), 1) == stopped, "a paused clock does not move"

        more = manager.add_time(game_id, 2, 30)
        assert more.clock.seats[1].remaining.ToTimedelta() == timedelta(seconds=90)
        assert more.clock.paused

        resumed = manager.resume_clock(game_id)
        assert not resumed.clock.paused and running(resumed.clock) == [1]
        assert resumed.clock.seats[0].remaining == paused.clock.seats[0].remaining, "Red thinks on with the time it had"
        with pytest.raises(TabulaError) as not_paused:
            manager.resume_clock(game_id)
        assert failure(not_paused.value) == (grpc.StatusCode.FAILED_PRECONDITION, "CLOCK_NOT_PAUSED")
        red.submit_move(game_id, moves.drop(3))
        running_more = manager.add_time(game_id, 2, timedelta(milliseconds=1500))
        yellow_left = running_more.clock.seats[1]
        assert yellow_left.running and timedelta(seconds=91) < yellow_left.remaining.ToTimedelta() <= timedelta(seconds=91.5)

        # Only a service key manages the clocks; a time is whole milliseconds of a seat the game has.
        with pytest.raises(TabulaError) as seat_key:
            yellow.pause_clock(game_id)
        assert failure(seat_key.value) == (grpc.StatusCode.PERMISSION_DENIED, "SERVICE_KEY_REQUIRED")
        with pytest.raises(TabulaError) as anonymous:
            manager.with_credential(None).add_time(game_id, 1, 5)
        assert failure(anonymous.value) == (grpc.StatusCode.UNAUTHENTICATED, "CREDENTIAL_REQUIRED")
        bad_times: list[tuple[int, clocks.Length]] = [
            (3, 5.0),
            (1, 0.0),
            (1, timedelta(microseconds=1500)),
            (1, timedelta(days=2)),
        ]
        for seat, added in bad_times:
            with pytest.raises(TabulaError) as bad:
                manager.add_time(game_id, seat, added)
            assert failure(bad.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST"), (seat, added)

        manager.adjudicate_game(game_id, "draw", 0, "the hall closes")
        for call in (manager.pause_clock, manager.resume_clock):
            with pytest.raises(TabulaError) as over:
                call(game_id)
            assert failure(over.value) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")
        with pytest.raises(TabulaError) as over:
            manager.add_time(game_id, 1, 5)
        assert failure(over.value) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")

        def maker(event: pb.GameEvent) -> str:
            kind = actor_kind(event.actor)
            return f"service {event.actor.service.key_name}" if kind == "service" else kind

        events = list(follow(manager.events(game_id, after_seq=1)))
        assert [(event_kind(e), maker(e)) for e in events] == [
            ("clock_paused", "service lobby"),
            ("time_added", "service lobby"),
            ("clock_resumed", "service lobby"),
            ("move_applied", "seat"),
            ("time_added", "service lobby"),
            ("game_adjudicated", "service lobby"),
            ("game_ended", "unknown"),
        ]
        paused_event, added_event, resumed_event = events[:3]
        assert paused_event.clock.paused and added_event.clock.paused and not resumed_event.clock.paused
        assert (added_event.time_added.seat, added_event.time_added.added.ToMilliseconds()) == (2, 30_000)
        assert events[4].time_added.added.ToMilliseconds() == 1500


def test_the_clock_moves_for_a_seat_out_of_time_with_the_default_move_rule(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        clock = clocks.clock_config([clocks.per_move(1), clocks.per_move(60)], on_timeout="default_move")
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clock)
        game_id = created.game.game_id
        assert created.game.config.clock.on_timeout == pb.TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE
        stream = manager.events(game_id, after_seq=1)
        clock_move = next(follow(stream))
        assert describe(clock_move) == ("move_applied", "clock") and clock_move.move_applied.seat == 1
        assert running(clock_move.clock) == [2], "the game goes on, Yellow to move"
        assert clocks.remaining(clock_move, 2, now=at(clock_move.time)) == timedelta(seconds=60)
        assert manager.get_game(game_id).status == pb.GameStatus.GAME_STATUS_IN_PROGRESS
        manager.abort_game(game_id, "enough")


def test_a_seat_that_lets_the_first_move_window_pass_is_a_no_show_and_the_clock_aborts(keyed: str) -> None:
    """ClockConfig.first_move_window: a seat that does not make its first move within it did
    not show up, and the clock aborts the game (`GameAborted` by the `CLOCK` actor naming the
    seat, then a `GameEnded` with no result) rather than the seat losing on time."""
    with Client(keyed, credential=KEY) as manager:
        clock = clocks.clock_config(clocks.fischer(60, 0), first_move_window=timedelta(seconds=1))
        assert clock.first_move_window.ToMilliseconds() == 1000
        created = manager.create_game_from_config(CONNECT_FOUR, clock=clock)
        game_id = created.game.game_id
        assert created.game.config.clock.HasField("first_move_window")
        assert created.game.config.clock.first_move_window.ToMilliseconds() == 1000, "the window is echoed"
        time.sleep(2)  # Red never moves

        started = time.monotonic()
        events = list(follow(manager.events(game_id), seconds=10))
        assert time.monotonic() - started < 10, "the stream ended with the game, not by the guard"
        assert [describe(e) for e in events] == [
            ("game_created", "none"),
            ("game_aborted", "clock"),
            ("game_ended", "none"),
        ]
        created_event, aborted, ended = events
        assert created_event.game_created.config.clock.first_move_window.ToMilliseconds() == 1000
        assert "seat 1" in aborted.game_aborted.explanation, aborted.game_aborted.explanation
        assert ended.game_ended.outcome.type == pb.OutcomeType.OUTCOME_TYPE_NO_RESULT
        assert ended.game_ended.outcome.reason == pb.EndReason.END_REASON_ABORTED
        game = manager.get_game(game_id)
        assert (game.status, game.outcome.reason) == (pb.GameStatus.GAME_STATUS_FINISHED, pb.EndReason.END_REASON_ABORTED)


def test_a_preset_on_a_clock_starts_its_clock(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        timed = [
            (kind.kind, preset) for kind in manager.list_game_kinds() for preset in kind.presets if preset.config.HasField("clock")
        ]
        assert timed, "some presets come on a clock"
        kind, preset = timed[0]
        created = manager.create_game_from_preset(kind, preset.name)
        clock = created.game.config.clock
        assert clock.on_timeout == preset.config.clock.on_timeout
        # One control for every seat may come back as one per seat.
        assert set(map(str, clock.controls)) == set(map(str, preset.config.clock.controls))
        view = manager.get_view(created.game.game_id)
        assert view.HasField("clock") and running(view.clock) == list(view.to_act)
        manager.abort_game(created.game.game_id, "only looking")


def test_a_bad_time_control_is_an_invalid_config(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        three = clocks.clock_config([clocks.per_move(5)] * 3)
        for clock in (clocks.per_move(0.5), clocks.fischer(0), clocks.correspondence(61), three):
            with pytest.raises(TabulaError) as bad:
                manager.create_game_from_config(CONNECT_FOUR, clock=clock)
            assert failure(bad.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_CONFIG"), clock


def test_a_clock_without_controls_is_an_invalid_config(keyed: str) -> None:
    """ClockConfig.controls: "required. Each is validated and every problem is named
    (INVALID_ARGUMENT `INVALID_CONFIG`)", as for two controls too many."""
    with Client(keyed, credential=KEY) as manager:
        with pytest.raises(TabulaError) as bad:
            manager.create_game_from_config(CONNECT_FOUR, clock=clocks.clock_config([]))
        assert failure(bad.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_CONFIG"), bad.value.message


async def test_the_async_client_manages_clocks(keyed: str) -> None:
    async with AsyncClient(keyed, credential=KEY) as manager:
        created = await manager.create_game_from_config(CONNECT_FOUR, clock=clocks.fischer(30, 1))
        game_id = created.game.game_id
        paused = await manager.pause_clock(game_id)
        assert paused.clock.paused
        more = await manager.add_time(game_id, 1, 15, request_id="more-1")
        assert more.clock.seats[0].remaining.ToTimedelta() == paused.clock.seats[0].remaining.ToTimedelta() + timedelta(seconds=15)
        resumed = await manager.resume_clock(game_id, timeout=5)
        assert running(resumed.clock) == [1]

        async def first_three() -> list[str]:
            kinds: list[str] = []
            async with manager.events(game_id, after_seq=1) as stream:
                async for event in stream:
                    kinds.append(event_kind(event))
                    if len(kinds) == 3:
                        break
            return kinds

        assert await asyncio.wait_for(first_three(), 10) == ["clock_paused", "time_added", "clock_resumed"]


# Offline: the builders and the reading of a seat's time.


def test_the_builders_make_whole_milliseconds() -> None:
    assert clocks.fischer(300, 2) == pb.TimeControl(
        fischer=pb.FischerControl(base=pb.Duration(seconds=300), increment=pb.Duration(seconds=2))
    )
    assert clocks.fischer(0.0015).fischer.base.ToMilliseconds() == 2, "seconds are rounded to milliseconds"
    assert clocks.bronstein(timedelta(minutes=5), 3).bronstein.delay.ToMilliseconds() == 3000
    assert clocks.simple_delay(60, pb.Duration(seconds=5)).WhichOneof("control") == "simple_delay"
    assert clocks.per_move(1).per_move.ToMilliseconds() == 1000
    assert clocks.correspondence(3).correspondence_days == 3
    config = clocks.clock_config([clocks.per_move(10), clocks.per_move(20)], on_timeout="default_move")
    assert len(config.controls) == 2 and config.on_timeout == pb.TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE
    assert clocks.clock_config(clocks.per_move(10)).on_timeout == pb.TimeoutRule.TIMEOUT_RULE_UNSPECIFIED
    assert not clocks.clock_config(clocks.per_move(10)).HasField("first_move_window"), "None leaves it unset"
    assert clocks.clock_config(clocks.per_move(10), first_move_window=30).first_move_window.ToMilliseconds() == 30_000
    windowed = clocks.clock_config(clocks.per_move(10), first_move_window=timedelta(minutes=2))
    assert windowed.first_move_window.ToTimedelta() == timedelta(minutes=2)
    assert clocks.timeout_rule("TIMEOUT_RULE_LOSE") == clocks.timeout_rule("lose") == pb.TimeoutRule.TIMEOUT_RULE_LOSE


def test_remaining_counts_a_running_clock_down_to_its_deadline() -> None:
    read_at = datetime(2026, 1, 1, 12, 0, 0, tzinfo=timezone.utc)
    readings = pb.ClockReadings(
        seats=[
            pb.SeatClock(seat=1, remaining=pb.Duration(seconds=30), running=True),
            pb.SeatClock(seat=2, remaining=pb.Duration(seconds=45)),
        ]
    )
    readings.read_at.FromDatetime(read_at)
    # A simple delay of 5 s: the deadline is 35 s away, and the clock stands still for 5 s.
    readings.seats[0].deadline.FromDatetime(read_at + timedelta(seconds=35))
    view = pb.View(clock=readings)
    assert clocks.remaining(view, 1, now=read_at + timedelta(seconds=3)) == timedelta(seconds=30)
    assert clocks.remaining(view, 1, now=read_at + timedelta(seconds=15)) == timedelta(seconds=20)
    assert clocks.remaining(view, 1, now=read_at + timedelta(minutes=5)) == timedelta(0), "never below zero"
    assert clocks.remaining(view, 2, now=read_at + timedelta(minutes=5)) == timedelta(seconds=45), "not running"
    naive = (read_at + timedelta(seconds=15)).replace(tzinfo=None)
    assert clocks.remaining(readings, 1, now=naive) == timedelta(seconds=20), "naive means UTC"

    # Without a deadline a running clock counts down from read_at; paused clocks stand still.
    readings.seats[0].ClearField("deadline")
    event = pb.GameEvent(seq=3, clock=readings)
    assert clocks.remaining(event, 1, now=read_at + timedelta(seconds=10)) == timedelta(seconds=20)
    readings.paused = True
    assert clocks.remaining(readings, 1, now=read_at + timedelta(seconds=10)) == timedelta(seconds=30)

    assert clocks.remaining(pb.View(), 1) is None and clocks.seat_clock(pb.GameEvent(), 1) is None
    assert clocks.remaining(view, 3) is None
