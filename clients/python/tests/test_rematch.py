"""Rematches against a real server: a finished game played again with its players and engine
seats swapped and everything else kept, the two games naming each other, at most one rematch
a game (REMATCH_EXISTS naming it) unless a call is retried with its request id, and a game in
progress or unknown refused; through both clients."""

from __future__ import annotations

import uuid

import grpc
import pytest

from tabula_client import AsyncClient, Client, TabulaError, bot_seat, clocks, moves, pb

ALICE = pb.Player(player_id="alice-1", display_name="Alice")
BOB = pb.Player(player_id="bob-2", display_name="Bob")
TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())


def request_id() -> str:
    return f"rematch-{uuid.uuid4().hex}"


def failure(error: TabulaError) -> tuple[grpc.StatusCode, str]:
    return error.code, error.reason


def test_a_finished_game_is_played_again_with_its_players_swapped(server: str) -> None:
    labels = {"tournament": "spring", "round": "3"}
    with Client(server) as client:
        created = client.create_game_from_config(
            TIC_TAC_TOE,
            players=[ALICE, BOB],
            labels=labels,
            private=True,
            allow_hints=True,
            clock=clocks.fischer(300, 2),
        )
        first = created.game
        client.with_credential(created.seat_tokens[0].token).resign(first.game_id)

        retry_id = request_id()
        answer = client.create_rematch(first.game_id, request_id=retry_id)
        rematch = answer.game
        assert rematch.game_id and rematch.game_id != first.game_id and not answer.retried
        assert list(rematch.players) == [BOB, ALICE], "the players change seats"
        assert dict(rematch.labels) == labels, "labels kept"
        assert (rematch.private, rematch.allow_hints) == (True, True), "privacy and hints kept"
        assert rematch.config.clock == first.config.clock and rematch.config.HasField("clock"), "the clock kept"
        assert rematch.kind == first.kind and rematch.status == pb.GameStatus.GAME_STATUS_IN_PROGRESS
        assert (rematch.rematch_of, rematch.rematch) == (first.game_id, "")
        # Private games: their seats read them.
        old = client.with_credential(created.seat_tokens[1].token).get_game(first.game_id)
        assert (old.rematch, old.rematch_of) == (rematch.game_id, ""), "the two games name each other"
        new_seat = client.with_credential(answer.seat_tokens[0].token)
        assert new_seat.get_game(rematch.game_id).rematch_of == first.game_id
        assert [(t.seat, t.seat_name) for t in answer.seat_tokens] == [(1, "X"), (2, "O")]

        # A retry of the same call, before anyone acted: the same game, new tokens.
        retried = client.create_rematch(first.game_id, request_id=retry_id)
        assert (retried.game.game_id, retried.retried) == (rematch.game_id, True)
        assert len(retried.seat_tokens) == 2
        assert {t.token for t in retried.seat_tokens}.isdisjoint(t.token for t in answer.seat_tokens)

        with pytest.raises(TabulaError) as replaced:
            client.with_credential(answer.seat_tokens[0].token).submit_move(rematch.game_id, moves.place_cell(1, 1))
        assert replaced.value.code in (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED), (
            "the first answer's tokens stop working"
        )

        # The retry's tokens play the rematch: Bob is X now.
        bob = client.with_credential(retried.seat_tokens[0].token)
        alice = client.with_credential(retried.seat_tokens[1].token)
        assert bob.submit_move(rematch.game_id, moves.place_cell(1, 1)).seq == 2
        assert alice.submit_move(rematch.game_id, moves.place_cell(0, 0)).seq == 3
        after = client.create_rematch(first.game_id, request_id=retry_id)
        assert (after.game.game_id, after.retried, list(after.seat_tokens)) == (rematch.game_id, True, [])

        # Another request, without a request id or with another one: the rematch exists.
        for other_id in (None, request_id()):
            with pytest.raises(TabulaError) as exists:
                client.create_rematch(first.game_id, request_id=other_id)
            assert failure(exists.value) == (grpc.StatusCode.ALREADY_EXISTS, "REMATCH_EXISTS")
            assert exists.value.metadata["rematch_game_id"] == rematch.game_id
            assert exists.value.metadata["game_id"] == first.game_id


def test_the_engine_changes_seats_too(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic", bots=[bot_seat(2, 1)], players=[ALICE])
        game_id = created.game.game_id
        client.with_credential(created.seat_tokens[0].token).resign(game_id)
        rematch = client.create_rematch(game_id).game
        assert [(bot.seat, bot.level) for bot in rematch.bots] == [(1, 1)], "the engine plays seat 1 now"
        assert list(rematch.players) == [pb.Player(), ALICE]


def test_only_a_finished_game_has_a_rematch(server: str) -> None:
    with Client(server) as client:
        running = client.create_game_from_preset("tic_tac_toe", "classic").game.game_id
        with pytest.raises(TabulaError) as unfinished:
            client.create_rematch(running, request_id=request_id())
        assert failure(unfinished.value) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED")
        assert client.get_game(running).rematch == ""
        with pytest.raises(TabulaError) as missing:
            client.create_rematch("no-such-game")
        assert failure(missing.value) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")


async def test_async_rematch(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_preset("connect_four", "classic", players=[ALICE, BOB])
        game_id = created.game.game_id
        with pytest.raises(TabulaError) as unfinished:
            await client.create_rematch(game_id)
        assert failure(unfinished.value) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED")
        await client.with_credential(created.seat_tokens[1].token).resign(game_id)

        retry_id = request_id()
        answer = await client.create_rematch(game_id, request_id=retry_id, timeout=10)
        rematch = answer.game
        assert (list(rematch.players), rematch.rematch_of, answer.retried) == ([BOB, ALICE], game_id, False)
        assert (await client.get_game(game_id)).rematch == rematch.game_id
        bob = client.with_credential(answer.seat_tokens[0].token)
        assert (await bob.submit_move(rematch.game_id, moves.drop(3))).seq == 2

        retried = await client.create_rematch(game_id, request_id=retry_id)
        assert (retried.game.game_id, retried.retried, list(retried.seat_tokens)) == (rematch.game_id, True, [])
        with pytest.raises(TabulaError) as exists:
            await client.create_rematch(game_id)
        assert failure(exists.value) == (grpc.StatusCode.ALREADY_EXISTS, "REMATCH_EXISTS")
        assert exists.value.metadata["rematch_game_id"] == rematch.game_id
