"""The clients across a server restart: a real server on a SQLite file is stopped and
started again on the same address and file while calls retry (or, not safe to repeat, fail
at once), a call waits for the server to be ready, and event streams resume after the last
event they delivered, or give up once their budget is spent."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable

import grpc
import pytest

from conftest import RestartableServer
from tabula_client import AsyncClient, Client, ClientClosedError, TabulaError, moves, pb

# X takes the top row; O answers in the middle row.
TOP_ROW_WIN = [(0, (0, 0)), (1, (1, 0)), (0, (0, 1)), (1, (1, 1)), (0, (0, 2))]
# The default policy waits about 0.1 + 0.2 + 0.4 + 0.8 s (±20%) in all: a call that fails
# sooner than this was not retried.
NOT_RETRIED_WITHIN = 0.5


def assert_unavailable_at_once(call: Callable[[], object]) -> None:
    started = time.monotonic()
    with pytest.raises(TabulaError) as down:
        call()
    assert down.value.code == grpc.StatusCode.UNAVAILABLE
    assert time.monotonic() - started < NOT_RETRIED_WITHIN, "not retried"


def test_a_read_is_retried_until_the_restarted_server_answers(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client:
        game_id = client.create_game_from_preset("tic_tac_toe", "classic").game.game_id
        restartable.stop()
        restarting = restartable.restart_after(0.3)
        started = time.monotonic()
        game = client.get_game(game_id)  # refused at first: the server is down
        waited = time.monotonic() - started
        restarting.join()
    assert game.game_id == game_id, "the game is read back from the same file"
    assert waited >= 0.3, "the answer came from the restarted server"


async def test_an_async_read_is_retried_until_the_restarted_server_answers(restartable: RestartableServer) -> None:
    async with AsyncClient(restartable.address) as client:
        game_id = (await client.create_game_from_preset("tic_tac_toe", "classic")).game.game_id
        restartable.stop()
        restarting = restartable.restart_after(0.3)
        game = await client.get_game(game_id)
        await asyncio.to_thread(restarting.join)
    assert game.game_id == game_id


def test_a_write_with_a_request_id_is_retried_and_applied_once(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        x = client.with_credential(created.seat_tokens[0].token)
        restartable.stop()
        restarting = restartable.restart_after(0.3)
        moved = x.submit_move(game_id, moves.place_cell(1, 1), request_id="x-centre")
        restarting.join()
        again = x.submit_move(game_id, moves.place_cell(1, 1), request_id="x-centre")
        assert again.seq == moved.seq == client.get_view(game_id).seq == 2, "applied once"


def test_a_write_without_a_request_id_fails_at_once(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        x = client.with_credential(created.seat_tokens[0].token)
        restartable.stop()
        assert_unavailable_at_once(lambda: x.submit_move(game_id, moves.place_cell(1, 1)))
        assert_unavailable_at_once(lambda: client.archive_game(game_id))  # a write with no request_id at all


def test_an_export_and_an_import_only_validated_are_retried_an_import_is_not(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client:
        game_id = client.create_game_from_preset("tic_tac_toe", "classic").game.game_id
        document = client.export_game(game_id)
        client.delete_game(game_id)
        restartable.stop()
        assert_unavailable_at_once(lambda: client.import_game(document))  # it may have been stored
        restarting = restartable.restart_after(0.3)
        checked = client.import_game(document, validate_only=True)  # stores nothing: retried
        restarting.join()
        assert checked.game_id == game_id
        assert client.import_game(document).game_id == game_id
        restartable.stop()
        restarting = restartable.restart_after(0.3)
        again = client.export_game(game_id)  # a read: retried
        restarting.join()
    assert json.loads(again)["id"] == game_id, "the imported game, read back from the same file"


def test_retrying_is_turned_off_per_call_and_per_client(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client, Client(restartable.address, retry=False) as never:
        game_id = client.create_game_from_preset("tic_tac_toe", "classic").game.game_id
        restartable.stop()
        assert_unavailable_at_once(lambda: client.get_game(game_id, retry=False))
        assert_unavailable_at_once(lambda: never.get_game(game_id))
        assert_unavailable_at_once(lambda: never.with_credential("seat").get_view(game_id))


async def test_the_async_client_turns_retrying_off_per_call(restartable: RestartableServer) -> None:
    async with AsyncClient(restartable.address) as client:
        game_id = (await client.create_game_from_preset("tic_tac_toe", "classic")).game.game_id
        restartable.stop()
        started = time.monotonic()
        with pytest.raises(TabulaError) as down:
            await client.get_game(game_id, retry=False)
        assert down.value.code == grpc.StatusCode.UNAVAILABLE
        assert time.monotonic() - started < NOT_RETRIED_WITHIN


def test_closing_the_client_ends_a_call_waiting_to_retry(restartable: RestartableServer) -> None:
    client = Client(restartable.address)
    game_id = client.create_game_from_preset("tic_tac_toe", "classic").game.game_id
    restartable.stop()
    failures: list[TabulaError] = []

    def read() -> None:
        try:
            client.get_game(game_id)
        except TabulaError as error:
            failures.append(error)

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.2)  # the read is between attempts now
    client.close()
    reader.join(timeout=5)
    assert not reader.is_alive() and isinstance(failures[0], ClientClosedError)


async def test_closing_the_async_client_ends_a_call_waiting_to_retry(restartable: RestartableServer) -> None:
    client = AsyncClient(restartable.address)
    game_id = (await client.create_game_from_preset("tic_tac_toe", "classic")).game.game_id
    restartable.stop()
    read = asyncio.create_task(client.get_game(game_id))
    await asyncio.sleep(0.2)  # the read is between attempts now
    await client.close()
    with pytest.raises(ClientClosedError):
        await read


def test_wait_for_ready_waits_for_the_server_to_come_up(restartable: RestartableServer) -> None:
    restartable.stop()
    with Client(restartable.address, retry=False) as failing:
        assert_unavailable_at_once(failing.list_game_kinds)
    with Client(restartable.address, retry=False, wait_for_ready=True) as waiting:
        restarting = restartable.restart_after(0.6)
        kinds = waiting.list_game_kinds(timeout=10)
        restarting.join()
    assert "tic_tac_toe" in [kind.name for kind in kinds]


async def test_the_async_client_waits_for_the_server_to_come_up(restartable: RestartableServer) -> None:
    restartable.stop()
    async with AsyncClient(restartable.address, retry=False, wait_for_ready=True) as waiting:
        restarting = restartable.restart_after(0.6)
        kinds = await waiting.list_game_kinds(timeout=10)
        await asyncio.to_thread(restarting.join)
    assert kinds


def play(client: Client, game_id: str, tokens: list[str], plies: list[tuple[int, tuple[int, int]]]) -> None:
    for seat, (row, col) in plies:
        mover = client.with_credential(tokens[seat])
        mover.submit_move(game_id, moves.place_cell(row, col), request_id=f"{game_id}-{row}-{col}")


def test_a_stream_resumes_across_a_restart_without_losing_or_repeating_an_event(
    restartable: RestartableServer,
) -> None:
    with Client(restartable.address) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        tokens = [token.token for token in created.seat_tokens]
        stream = client.events(game_id)
        seen: list[int] = []
        two_moves_seen = threading.Event()

        def follow() -> None:
            for event in stream:
                seen.append(event.seq)
                if event.seq == 3:
                    two_moves_seen.set()

        follower = threading.Thread(target=follow)
        follower.start()
        play(client, game_id, tokens, TOP_ROW_WIN[:2])
        assert two_moves_seen.wait(10)
        restartable.stop()
        restartable.start()
        play(client, game_id, tokens, TOP_ROW_WIN[2:])
        follower.join(timeout=15)
        assert not follower.is_alive(), "the stream ends with the game"
    assert seen == list(range(1, 8)), "created, five moves, ended: each once, in order"


async def test_an_async_stream_resumes_across_a_restart(restartable: RestartableServer) -> None:
    async with AsyncClient(restartable.address) as client:
        created = await client.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        seats = [client.with_credential(token.token) for token in created.seat_tokens]
        seen: list[int] = []
        async for event in client.events(game_id):
            seen.append(event.seq)
            if event.seq == 1:
                await seats[0].submit_move(game_id, moves.place_cell(0, 0), request_id="x1")
            elif event.seq == 2:
                restartable.stop()
                restartable.start()
                for number, (seat, (row, col)) in enumerate(TOP_ROW_WIN[1:]):
                    await seats[seat].submit_move(game_id, moves.place_cell(row, col), request_id=f"m{number}")
    assert seen == list(range(1, 8))


def test_a_stream_gives_up_once_its_budget_is_spent(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client:
        game_id = client.create_game_from_preset("tic_tac_toe", "classic").game.game_id
        events = iter(client.events(game_id, give_up_after=1.0))
        assert next(events).seq == 1
        restartable.stop()  # for good
        started = time.monotonic()
        with pytest.raises(TabulaError) as gone:
            next(events)
        spent = time.monotonic() - started
    assert gone.value.code == grpc.StatusCode.UNAVAILABLE, "the last failure"
    assert 1.0 <= spent < 2.5, f"gave up after {spent:.2f} s"


def test_a_stream_without_retries_gives_up_at_the_first_failure(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client:
        game_id = client.create_game_from_preset("tic_tac_toe", "classic").game.game_id
        events = iter(client.events(game_id, retries=0))
        assert next(events).seq == 1
        restartable.stop()
        assert_unavailable_at_once(lambda: next(events))


def test_a_stream_resuming_forever_outlasts_the_default_unary_retries(restartable: RestartableServer) -> None:
    with Client(restartable.address) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        events = iter(client.events(game_id, give_up_after=None))
        assert next(events).seq == 1
        restartable.stop()
        restarting = restartable.restart_after(2.0)  # longer than a call's default retries last
        tokens = [token.token for token in created.seat_tokens]
        waiter = Client(restartable.address, wait_for_ready=True)
        try:
            play(waiter, game_id, tokens, TOP_ROW_WIN[:1])
        finally:
            waiter.close()
        restarting.join()
        assert next(events).move_applied.move == moves.place_cell(0, 0)


def test_the_game_on_the_file_outlives_the_server(restartable: RestartableServer) -> None:
    """What the tests above rely on: the SQLite file keeps the game across the restart."""
    with Client(restartable.address) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic", players=[pb.Player(player_id="u-1")])
        restartable.stop()
        restartable.start()
        assert client.get_game(created.game.game_id).players[0].player_id == "u-1"
