"""Taking back the move that ended a game (`GameConfig.ending_takeback_window`, the
`ending_takeback_window=` option of `create_game_from_config` and `game_from_config`): offline,
the option reaches the server in whole milliseconds on a copy of the config; against a real
server, X's winning move is taken back within the window, which puts the game back in
progress (`move_taken_back` then `game_resumed`, on the game's stream, which stays open after
its `game_ended`, and `GAME_RESUMED` on the owner's), while a rematch waits for the end to be
final (`GAME_NOT_FINISHED`, metadata `final_at`)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone

import grpc
import pytest

from standin import StandInServer
from tabula_client import (
    AsyncClient,
    Client,
    OwnerEventStream,
    TabulaError,
    actor_kind,
    enum_name,
    event_kind,
    game_from_config,
    moves,
    pb,
)

#: Tic-tac-toe whose seats may take back their moves.
TAKEBACKS = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), allow_takebacks=True)
#: X wins on the top row: X (0,0), O (1,0), X (0,1), O (1,1), X (0,2).
TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
#: The longest a test waits for an event the server should send.
PATIENCE = 15.0


@pytest.fixture
def stand_in() -> Iterator[StandInServer]:
    server = StandInServer()
    yield server
    server.stop()


def refused(call: Callable[[], object]) -> TabulaError:
    with pytest.raises(TabulaError) as failure:
        call()
    return failure.value


def rfc3339(text: str) -> datetime:
    stamp = pb.Timestamp()
    stamp.FromJsonString(text)
    return stamp.ToDatetime(tzinfo=timezone.utc)


def until(events: Iterator[pb.GameEvent], kind: str) -> list[pb.GameEvent]:
    """The events `events` brings up to the first of `kind`, that one included."""
    seen: list[pb.GameEvent] = []
    for event in events:
        seen.append(event)
        if event_kind(event) == kind:
            return seen
    pytest.fail(f"the stream ended, or {PATIENCE} s passed, before a {kind}: {[event_kind(e) for e in seen]}")


def owned(stream: OwnerEventStream, game_id: str, count: int) -> list[pb.OwnerEvent]:
    """The first `count` events of the owner's `stream` about `game_id`; the stream is closed
    once they came, or after PATIENCE seconds (it never ends by itself)."""
    guard = threading.Timer(PATIENCE, stream.close)
    guard.start()
    found: list[pb.OwnerEvent] = []
    try:
        for event in stream:
            if event.game_event.game_id == game_id:
                found.append(event)
                if len(found) == count:
                    return found
    finally:
        guard.cancel()
        stream.close()
    pytest.fail(f"{len(found)} of {count} owner events within {PATIENCE} s: {found}")


def test_the_option_reaches_the_server_in_whole_milliseconds_and_leaves_the_config(stand_in: StandInServer) -> None:
    def arrived() -> pb.CreateGameRequest:
        return pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)

    before = pb.GameConfig()
    before.CopyFrom(TAKEBACKS)
    with Client(stand_in.address) as client:
        client.create_game_from_config(TAKEBACKS, ending_takeback_window=60)
        sent = arrived()
        assert sent.config.ending_takeback_window.ToMilliseconds() == 60_000
        assert sent.config.allow_takebacks and sent.config.HasField("tic_tac_toe"), "the rest of the config is sent"
        assert TAKEBACKS == before and not TAKEBACKS.HasField("ending_takeback_window"), "the caller's config stays"
        client.create_game_from_config(TAKEBACKS, ending_takeback_window=1.5004)
        assert arrived().config.ending_takeback_window == pb.Duration(seconds=1, nanos=500_000_000), "whole ms"
        client.create_game_from_config(
            TAKEBACKS, ending_takeback_window=timedelta(minutes=2), starter=pb.Starter.STARTER_SECOND_SEAT
        )
        sent = arrived()
        assert sent.config.ending_takeback_window.ToMilliseconds() == 120_000
        assert sent.config.starter == pb.Starter.STARTER_SECOND_SEAT
        client.create_game_from_config(TAKEBACKS, ending_takeback_window=pb.Duration(seconds=3600))
        assert arrived().config.ending_takeback_window.seconds == 3600
        client.create_game_from_config(TAKEBACKS)
        assert not arrived().config.HasField("ending_takeback_window"), "unset unless asked for"
        own = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), allow_takebacks=True)
        own.ending_takeback_window.FromSeconds(30)
        client.create_game_from_config(own)
        assert arrived().config.ending_takeback_window.seconds == 30, "None leaves the config's own"
        client.create_game_from_config(own, ending_takeback_window=5)
        assert arrived().config.ending_takeback_window.seconds == 5, "the option replaces it"

        batch = game_from_config(TAKEBACKS, ending_takeback_window=timedelta(seconds=90))
        assert batch.config.ending_takeback_window.ToMilliseconds() == 90_000
        assert not TAKEBACKS.HasField("ending_takeback_window")
        client.batch_create_games([batch])
        (request,) = pb.BatchCreateGamesRequest.FromString(stand_in.last("BatchCreateGames").request).requests
        assert request.config.ending_takeback_window.ToMilliseconds() == 90_000


async def test_the_async_option_reaches_the_server(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        await client.create_game_from_config(TAKEBACKS, ending_takeback_window=45)
    sent = pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)
    assert sent.config.ending_takeback_window.ToMilliseconds() == 45_000 and sent.config.allow_takebacks
    assert not TAKEBACKS.HasField("ending_takeback_window"), "the caller's config stays"


def test_the_new_event_and_owner_kind_have_their_names() -> None:
    assert pb.OwnerEventKind.OWNER_EVENT_KIND_GAME_RESUMED == 10
    assert enum_name(pb.OwnerEventKind, 10) == "OWNER_EVENT_KIND_GAME_RESUMED"
    assert event_kind(pb.GameEvent(game_resumed=pb.GameResumed())) == "game_resumed"


def test_the_winning_move_is_taken_back_within_the_window(server: str) -> None:
    labels = {"suite": uuid.uuid4().hex[:16]}
    with Client(server) as client:
        created = client.create_game_from_config(TAKEBACKS, ending_takeback_window=60, labels=labels)
        game_id = created.game.game_id
        assert created.game.config.ending_takeback_window.ToMilliseconds() == 60_000, "the configuration is echoed"
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        for number, (row, col) in enumerate(TOP_ROW):
            won = (x if number % 2 == 0 else o).submit_move(game_id, moves.place_cell(row, col))
        outcome = won.view.outcome
        assert won.view.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert (outcome.type, outcome.winner, outcome.reason) == (
            pb.OutcomeType.OUTCOME_TYPE_WIN, 1, pb.EndReason.END_REASON_LINE
        ), outcome

        with client.events(game_id) as stream:
            guard = threading.Timer(PATIENCE, stream.close)
            guard.start()
            try:
                events = iter(stream)
                history = until(events, "game_ended")
                ended_at = history[-1].time.ToDatetime(tzinfo=timezone.utc)

                # The end may still be taken back: no rematch yet.
                early = refused(lambda: client.create_rematch(game_id))
                assert (early.code, early.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED"), early
                assert pb.ErrorReason.Name(pb.ErrorReason.ERROR_REASON_GAME_NOT_FINISHED) == f"ERROR_REASON_{early.reason}"
                final_at = rfc3339(early.metadata["final_at"])
                assert timedelta(seconds=59) <= final_at - ended_at <= timedelta(seconds=61), (final_at, ended_at)

                taken = x.take_back(game_id)
                assert taken.view.status == pb.GameStatus.GAME_STATUS_IN_PROGRESS
                assert list(taken.view.to_act) == [1], "X is to move again"
                assert taken.view.outcome.type == pb.OutcomeType.OUTCOME_TYPE_UNSPECIFIED, "the win no longer holds"
                # The same stream, still open after its `game_ended`, brings the takeback.
                history += until(events, "game_resumed")
            finally:
                guard.cancel()
        kinds = [event_kind(event) for event in history]
        assert kinds == ["game_created"] + ["move_applied"] * 5 + ["game_ended", "move_taken_back", "game_resumed"], kinds
        taken_back, resumed = history[-2:]
        assert (actor_kind(taken_back.actor), taken_back.actor.seat) == ("seat", 1)
        assert [event.seq for event in history] == list(range(1, len(history) + 1))
        assert client.get_game(game_id).status == pb.GameStatus.GAME_STATUS_IN_PROGRESS
        assert list(x.get_view(game_id).to_act) == [1]

        # The owner's stream (a server without keys: the games made without one) has it too.
        (entry,) = owned(client.owner_events(kinds=["game_resumed"], labels=labels), game_id, 1)
        assert entry.kind == pb.OwnerEventKind.OWNER_EVENT_KIND_GAME_RESUMED
        assert event_kind(entry.game_event) == "game_resumed" and entry.game_event.seq == resumed.seq

        # X wins again: the game's ends and its one resumption, in order.
        again = x.submit_move(game_id, moves.place_cell(0, 2))
        assert again.view.status == pb.GameStatus.GAME_STATUS_FINISHED and again.view.outcome.winner == 1
        both = owned(client.owner_events(kinds=["game_ended", "game_resumed"], labels=labels), game_id, 3)
        assert [enum_name(pb.OwnerEventKind, event.kind) for event in both] == [
            "OWNER_EVENT_KIND_GAME_ENDED", "OWNER_EVENT_KIND_GAME_RESUMED", "OWNER_EVENT_KIND_GAME_ENDED"
        ]
        assert both[1].cursor == entry.cursor, "one GAME_RESUMED for the game"


async def test_the_async_client_sets_the_window_and_the_server_checks_it(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(TAKEBACKS, ending_takeback_window=timedelta(seconds=90))
        assert created.game.config.ending_takeback_window.ToTimedelta() == timedelta(seconds=90)
        for config, window in (
            (pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), 60.0),  # without allow_takebacks
            (TAKEBACKS, 0.5),  # under 1 s
        ):
            with pytest.raises(TabulaError) as failure:
                await client.create_game_from_config(config, ending_takeback_window=window)
            error = failure.value
            assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST"), error
            assert "config.ending_takeback_window" in error.message, error.message
