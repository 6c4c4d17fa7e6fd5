"""The owner's stream (`owner_events`) against a real server with a service key: the games the
key owns created, started and ended, in cursor order, first from the backlog and then live;
filtered by kind and by labels, resumed after a cursor, reopened on its own after a dropped
connection; a cursor beyond the key's newest and a caller without the key refused; a server
without keys following the games made without one; and the same from the asyncio client.

The tests of this module share one server, so each follows only the games carrying a label
of its own (`{"suite": <unique>}`)."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import grpc
import pytest

from conftest import start_server
from relay import Relay
from tabula_client import AsyncClient, Client, OwnerEventStream, TabulaError, enum_name, moves, pb

KEY = "owner-events-secret-0123456789"
Kind = pb.OwnerEventKind


@pytest.fixture(scope="module")
def keyed() -> Iterator[str]:
    """A server of this module's own with the service key `lobby`, its address."""
    with start_server("--service-key", f"lobby={KEY}") as address:
        yield address


def suite() -> dict[str, str]:
    """A label no other test's games carry."""
    return {"suite": uuid.uuid4().hex[:16]}


@contextmanager
def following(stream: OwnerEventStream, seconds: float = 20) -> Iterator[Iterator[pb.OwnerEvent]]:
    """The stream's events, for `take`; the stream is closed on leaving the block, or after
    `seconds`, so that a test waiting for an event the server never sends fails instead of
    hanging (the stream never ends by itself)."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    try:
        yield iter(stream)
    finally:
        guard.cancel()
        stream.close()


def take(events: Iterator[pb.OwnerEvent], count: int) -> list[pb.OwnerEvent]:
    """The next `count` events; fails when the stream was closed (by `following`'s guard) first."""
    taken = [event for _, event in zip(range(count), events)]
    assert len(taken) == count, f"only {len(taken)} of {count} events came in time: {taken}"
    return taken


def describe(event: pb.OwnerEvent) -> tuple[str, str]:
    """The event's kind and the game it is about."""
    return enum_name(Kind, event.kind), event.game_event.game_id


def test_the_key_follows_its_games_created_started_and_ended(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        one = manager.create_game_from_preset("connect_four", "classic", labels=labels)
        two = manager.create_game_from_preset("connect_four", "classic", labels=labels)
        manager.create_game_from_preset("connect_four", "classic")  # not labelled: never delivered
        first, second = one.game.game_id, two.game.game_id

        stream = manager.owner_events(labels=labels)
        with following(stream) as events:
            created = take(events, 2)  # from the backlog: both were created before the stream opened
            assert [describe(event) for event in created] == [
                ("OWNER_EVENT_KIND_GAME_CREATED", first),
                ("OWNER_EVENT_KIND_GAME_CREATED", second),
            ]
            assert all(event.game_event.HasField("game_created") for event in created)
            assert 0 < created[0].cursor < created[1].cursor

            # Live: the first move starts game 1, a resignation ends game 2 (which never started).
            manager.with_credential(one.seat_tokens[0].token).submit_move(first, moves.drop(3))
            (started,) = take(events, 1)
            assert describe(started) == ("OWNER_EVENT_KIND_GAME_STARTED", first)
            assert started.game_event.HasField("move_applied")
            assert started.game_event.move_applied.seat == 1
            assert started.game_event.move_applied.move.place.column == 3
            assert started.cursor > created[1].cursor

            manager.with_credential(two.seat_tokens[0].token).resign(second)
            (ended,) = take(events, 1)
            assert describe(ended) == ("OWNER_EVENT_KIND_GAME_ENDED", second)
            assert ended.game_event.HasField("game_ended")
            outcome = ended.game_event.game_ended.outcome
            assert (outcome.type, outcome.winner, outcome.reason) == (
                pb.OutcomeType.OUTCOME_TYPE_WIN,
                2,
                pb.EndReason.END_REASON_RESIGNATION,
            )
            assert ended.cursor > started.cursor
            assert stream.last_cursor == ended.cursor, "the place to resume from"

        # Resumed after the first creation, only the ends: game 2's, the same event again.
        again = manager.owner_events(
            after_cursor=created[0].cursor, kinds=[Kind.OWNER_EVENT_KIND_GAME_ENDED], labels=labels
        )
        with following(again) as events:
            (resumed,) = take(events, 1)
        assert resumed == ended


def test_the_stream_reopens_after_a_dropped_connection_without_losing_or_repeating(keyed: str) -> None:
    labels = suite()
    relay = Relay(keyed)
    try:
        with Client(keyed, credential=KEY) as manager, Client(relay.address, credential=KEY) as relayed:
            first = manager.create_game_from_preset("tic_tac_toe", "classic", labels=labels).game.game_id
            with following(relayed.owner_events(labels=labels)) as events:
                (created,) = take(events, 1)
                assert describe(created) == ("OWNER_EVENT_KIND_GAME_CREATED", first)

                relay.cut_all()  # the stream fails with UNAVAILABLE and reopens after its last cursor
                second = manager.create_game_from_preset("tic_tac_toe", "classic", labels=labels).game.game_id
                manager.abort_game(second, "called off")
                after_the_cut = take(events, 2)
            assert [describe(event) for event in after_the_cut] == [
                ("OWNER_EVENT_KIND_GAME_CREATED", second),
                ("OWNER_EVENT_KIND_GAME_ENDED", second),
            ], "nothing lost, nothing repeated"
            assert created.cursor < after_the_cut[0].cursor < after_the_cut[1].cursor
            assert after_the_cut[1].game_event.game_ended.outcome.reason == pb.EndReason.END_REASON_ABORTED
    finally:
        relay.close()


def test_a_cursor_beyond_the_key_s_newest_is_out_of_range(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        manager.create_game_from_preset("tic_tac_toe", "classic", labels=labels)
        with following(manager.owner_events(labels=labels)) as events:
            (created,) = take(events, 1)

        with pytest.raises(TabulaError) as beyond:
            next(iter(manager.owner_events(after_cursor=created.cursor + 1_000_000)))
        assert (beyond.value.code, beyond.value.reason) == (grpc.StatusCode.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE")
        assert int(beyond.value.metadata["current_cursor"]) >= created.cursor, beyond.value.metadata


def test_only_a_service_key_follows_its_games(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        seat = manager.create_game_from_preset("tic_tac_toe", "classic", labels=suite()).seat_tokens[0].token
        # A managing call's errors, as every one's: no credential, or a seat's instead of the key.
        with pytest.raises(TabulaError) as anonymous:
            next(iter(manager.with_credential(None).owner_events()))
        assert (anonymous.value.code, anonymous.value.reason) == (
            grpc.StatusCode.UNAUTHENTICATED,
            "CREDENTIAL_REQUIRED",
        )
        with pytest.raises(TabulaError) as seated:
            next(iter(manager.with_credential(seat).owner_events()))
        assert (seated.value.code, seated.value.reason) == (grpc.StatusCode.PERMISSION_DENIED, "SERVICE_KEY_REQUIRED")


def test_without_keys_it_follows_the_games_created_without_one(server: str) -> None:
    labels = suite()
    with Client(server) as client:
        game_id = client.create_game_from_preset("tic_tac_toe", "classic", labels=labels).game.game_id
        with following(client.owner_events(kinds=["game_created"], labels=labels)) as events:
            (created,) = take(events, 1)
        assert describe(created) == ("OWNER_EVENT_KIND_GAME_CREATED", game_id)


async def test_the_async_stream_follows_the_key_s_games(keyed: str) -> None:
    labels = suite()
    async with AsyncClient(keyed, credential=KEY) as manager:
        created = await manager.create_game_from_preset("connect_four", "classic", labels=labels)
        game_id = created.game.game_id
        async with manager.owner_events(labels=labels) as stream:
            events = aiter(stream)
            first = await asyncio.wait_for(anext(events), 10)
            assert describe(first) == ("OWNER_EVENT_KIND_GAME_CREATED", game_id)
            await manager.with_credential(created.seat_tokens[1].token).resign(game_id)
            ended = await asyncio.wait_for(anext(events), 10)
            assert describe(ended) == ("OWNER_EVENT_KIND_GAME_ENDED", game_id)
            assert ended.game_event.game_ended.outcome.winner == 1
            assert first.cursor < ended.cursor == stream.last_cursor

        resumed = manager.owner_events(after_cursor=first.cursor, kinds=["game_ended"], labels=labels)
        async with resumed:
            assert await asyncio.wait_for(anext(aiter(resumed)), 10) == ended
