"""A key's series on its owner's stream (`owner_events`), against a real server with a service
key: each game of a series the engine plays to its end is an
`OWNER_EVENT_KIND_SERIES_GAME_FINISHED` whose `series_event` is the series' own
`game_finished` and whose `game_event` is the game's `game_ended`, and the series' end an
`OWNER_EVENT_KIND_SERIES_FINISHED` whose `series_event` is the series' `series_finished`,
right after the deciding game's entry; the kinds filter by name or by value, the other kinds
carry no `series_event`, and the asyncio client delivers the same entries.

The tests of this module share one server, so each follows only the games carrying a label
of its own (a series' games carry the series' labels)."""

from __future__ import annotations

import asyncio
import queue
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from conftest import start_server
from tabula_client import (
    AsyncClient,
    Client,
    OwnerEventStream,
    SeriesEventStream,
    bot_seat,
    enum_name,
    event_kind,
    pb,
)
from tabula_client._common import owner_kind_value

KEY = "series-owner-secret-0123456789"
Kind = pb.OwnerEventKind
GAME_FINISHED = Kind.OWNER_EVENT_KIND_SERIES_GAME_FINISHED
SERIES_FINISHED = Kind.OWNER_EVENT_KIND_SERIES_FINISHED


@pytest.fixture(scope="module")
def keyed() -> Iterator[str]:
    """A server of this module's own with the service key `lobby`, its address."""
    with start_server("--service-key", f"lobby={KEY}") as address:
        yield address


def suite() -> dict[str, str]:
    """A label no other test's series carry."""
    return {"suite": uuid.uuid4().hex[:16]}


@contextmanager
def guarded(stream: OwnerEventStream | SeriesEventStream, seconds: float = 60) -> Iterator[None]:
    """Closes `stream` on leaving the block, or after `seconds`, so that a test waiting for an
    event the server never sends fails instead of hanging."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    try:
        yield
    finally:
        guard.cancel()
        stream.close()


def take(events: Iterator[pb.OwnerEvent], count: int) -> list[pb.OwnerEvent]:
    """The next `count` events; fails when the stream was closed (by `guarded`) first."""
    taken = [event for _, event in zip(range(count), events)]
    assert len(taken) == count, f"only {len(taken)} of {count} events came in time: {taken}"
    return taken


def engine_series(manager: Client, labels: dict[str, str]) -> str:
    """A best-of-3 series of classic tic-tac-toe the engine plays for both players (level 1),
    its id."""
    created = manager.create_series_from_preset(
        "tic_tac_toe", "classic", best_of=3, bots=[bot_seat(1, 1), bot_seat(2, 1)], labels=labels
    )
    return created.series.series_id


def test_the_new_kinds_are_in_the_enum_and_filter_by_name() -> None:
    assert (GAME_FINISHED, SERIES_FINISHED) == (11, 12)
    assert enum_name(Kind, 11) == "OWNER_EVENT_KIND_SERIES_GAME_FINISHED"
    assert enum_name(Kind, 12) == "OWNER_EVENT_KIND_SERIES_FINISHED"
    assert owner_kind_value("series_game_finished") == GAME_FINISHED
    assert owner_kind_value("SERIES_FINISHED") == SERIES_FINISHED
    assert owner_kind_value("OWNER_EVENT_KIND_SERIES_GAME_FINISHED") == GAME_FINISHED
    assert owner_kind_value(SERIES_FINISHED) == SERIES_FINISHED
    entry = pb.OwnerEvent(
        cursor=3,
        kind=SERIES_FINISHED,
        series_event=pb.SeriesEvent(series_id="s", seq=5, series_finished=pb.SeriesFinished(winner=2)),
    )
    assert entry.HasField("series_event") and event_kind(entry.series_event) == "series_finished"
    assert not pb.OwnerEvent(kind=Kind.OWNER_EVENT_KIND_GAME_ENDED).HasField("series_event")


def test_the_owner_s_stream_follows_a_series_game_by_game_to_its_end(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        # Followed, in a thread of its own, from before the series exists: the entries come
        # live.
        owner = manager.owner_events(kinds=["series_game_finished", "series_finished"], labels=labels)
        arrived: queue.Queue[pb.OwnerEvent] = queue.Queue()
        failures: list[BaseException] = []

        def read() -> None:
            try:
                for event in owner:
                    arrived.put(event)
            except BaseException as failure:  # reported below
                failures.append(failure)

        reader = threading.Thread(target=read, daemon=True)
        with guarded(owner):
            reader.start()
            series_id = engine_series(manager, labels)

            series_stream = manager.series_events(series_id)
            with guarded(series_stream):
                series = list(series_stream)  # the server closes it after series_finished
            assert series and event_kind(series[-1]) == "series_finished", [event_kind(e) for e in series]
            scored = [event for event in series if event_kind(event) == "game_finished"]
            assert 1 <= len(scored) <= 3

            entries = []
            for _ in range(len(scored) + 1):
                try:
                    entries.append(arrived.get(timeout=20))
                except queue.Empty:
                    pytest.fail(f"only {entries} of {len(scored) + 1} entries came in time; {failures}; {series}")
        reader.join(timeout=10)
        assert not failures and arrived.empty(), f"nothing more: {failures}, {list(arrived.queue)}"
        assert [entry.kind for entry in entries] == [GAME_FINISHED] * len(scored) + [SERIES_FINISHED]
        cursors = [entry.cursor for entry in entries]
        assert cursors == sorted(set(cursors)) and owner.last_cursor == cursors[-1]

        for entry, finished in zip(entries, scored):
            # The series' own event, as `series_events` delivers it: number, game, outcome, points.
            assert entry.HasField("series_event")
            assert entry.series_event == finished
            # The game's own end, as a spectator sees it.
            ended = entry.game_event
            assert event_kind(ended) == "game_ended", ended
            assert ended.game_id == finished.game_finished.game_id
            assert ended.game_ended.outcome == finished.game_finished.outcome

        *games, end = entries
        assert end.series_event == series[-1], "the series' series_finished"
        assert event_kind(end.game_event) == "game_ended"
        assert end.game_event == games[-1].game_event, "the end of the game that decided the series"

        decided = manager.get_series(series_id)
        assert decided.status == pb.SeriesStatus.SERIES_STATUS_FINISHED
        assert end.series_event.series_finished.winner == decided.winner
        assert list(end.series_event.series_finished.points) == list(decided.points)
        assert [game.game_id for game in decided.games] == [e.series_event.game_finished.game_id for e in games]

        # The same games' plain ends carry no series event, and are the same game events.
        ends = manager.owner_events(kinds=[Kind.OWNER_EVENT_KIND_GAME_ENDED], labels=labels)
        with guarded(ends):
            plain = take(iter(ends), len(scored))
        assert not any(entry.HasField("series_event") for entry in plain)
        assert [entry.game_event for entry in plain] == [entry.game_event for entry in games]

        # Resumed after the last game's entry: the series' end alone, the same entry again.
        resumed = manager.owner_events(after_cursor=games[-1].cursor, kinds=[SERIES_FINISHED], labels=labels)
        with guarded(resumed):
            (again,) = take(iter(resumed), 1)
        assert again == end


async def test_the_async_owner_s_stream_follows_a_series_too(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        series_id = engine_series(manager, labels)
        series_stream = manager.series_events(series_id)
        with guarded(series_stream):
            series = list(series_stream)
    scored = [event for event in series if event_kind(event) == "game_finished"]
    async with AsyncClient(keyed, credential=KEY) as manager_async:
        async with manager_async.owner_events(kinds=[GAME_FINISHED, SERIES_FINISHED], labels=labels) as stream:
            events = aiter(stream)
            entries = [await asyncio.wait_for(anext(events), 20) for _ in range(len(scored) + 1)]
    assert [entry.series_event for entry in entries] == [*scored, series[-1]]
    assert [entry.kind for entry in entries] == [GAME_FINISHED] * len(scored) + [SERIES_FINISHED]
    assert all(event_kind(entry.game_event) == "game_ended" for entry in entries)
