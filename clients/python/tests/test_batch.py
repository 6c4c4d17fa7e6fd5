"""Batch creation against a real server: many games in one call, each with its own players and
labels, answered in order with tokens that play; a retry with the batch's request id; a batch
with a bad request making no game, every problem named under `requests[N]`; the cap of games
in progress counting the whole batch; and the asyncio client."""

from __future__ import annotations

import uuid
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from conftest import start_server
from tabula_client import (
    AsyncClient,
    Client,
    TabulaError,
    bot_seat,
    game_from_config,
    game_from_pgn,
    game_from_preset,
    game_from_saved_config,
    moves,
    pb,
)

CONNECT_FOUR = pb.GameConfig(connect_four=pb.ConnectFourConfig())


def tag() -> str:
    """A label value no other test uses (lowercase letters and digits)."""
    return uuid.uuid4().hex[:16]


def failure(error: TabulaError) -> tuple[grpc.StatusCode, str]:
    return error.code, error.reason


def bad_request_fields(error: grpc.RpcError) -> list[str]:
    """The fields named by the google.rpc.BadRequest in a raw call's status details."""
    trailers: Any = error.trailing_metadata()
    status = status_pb2.Status.FromString(dict(trailers or ())["grpc-status-details-bin"])
    fields = []
    for detail in status.details:
        bad = error_details_pb2.BadRequest()
        if detail.Is(bad.DESCRIPTOR) and detail.Unpack(bad):
            fields += [violation.field for violation in bad.field_violations]
    return fields


def players(i: int) -> list[pb.Player]:
    return [pb.Player(player_id=f"home-{i}", display_name=f"Home {i}"), pb.Player(player_id=f"away-{i}")]


def game(i: int, batch: str) -> pb.CreateGameRequest:
    """Game `i` of a batch labelled `batch`: tic-tac-toe from a preset or Connect Four from a
    configuration, in turn, with its own players and labels."""
    labels = {"batch": batch, "table": str(i)}
    if i % 2:
        return game_from_config(CONNECT_FOUR, players=players(i), labels=labels)
    return game_from_preset("tic_tac_toe", "classic", players=players(i), labels=labels)


def first_move(answer: pb.CreateGameResponse) -> pb.Move:
    if answer.game.kind == pb.GameKind.GAME_KIND_CONNECT_FOUR:
        return moves.drop(3)
    return moves.place_cell(1, 1)


def assert_answered_in_order(answers: list[pb.CreateGameResponse], batch: str) -> None:
    for i, answer in enumerate(answers):
        kind = pb.GameKind.GAME_KIND_CONNECT_FOUR if i % 2 else pb.GameKind.GAME_KIND_TIC_TAC_TOE
        assert answer.game.kind == kind, f"game {i}"
        assert dict(answer.game.labels) == {"batch": batch, "table": str(i)}, f"game {i}"
        assert [p.player_id for p in answer.game.players] == [f"home-{i}", f"away-{i}"], f"game {i}"
        assert answer.game.players[0].display_name == f"Home {i}"


def test_a_batch_makes_every_game_in_order_with_tokens_that_play(server: str) -> None:
    batch = tag()
    requests = [game(i, batch) for i in range(50)]
    with Client(server) as manager:
        answers = manager.batch_create_games(requests, request_id=f"batch-{batch}")
        assert len(answers) == 50 and all(isinstance(answer, pb.CreateGameResponse) for answer in answers)
        assert_answered_in_order(answers, batch)
        assert not any(answer.retried for answer in answers)
        game_ids = [answer.game.game_id for answer in answers]
        assert len(set(game_ids)) == 50, "fifty games"
        assert all(len(answer.seat_tokens) == 2 for answer in answers), "one token per seat"
        found = manager.list_games(labels={"batch": batch}, page_size=500).games
        assert [g.game_id for g in found] == game_ids[::-1], "every one made, newest first"
        assert dict(manager.get_game(game_ids[7]).labels) == {"batch": batch, "table": "7"}

        # The first ten are played: each seat's token moves in its own game.
        for answer in answers[:10]:
            seat = manager.with_credential(answer.seat_tokens[0].token)
            assert seat.submit_move(answer.game.game_id, first_move(answer)).view.seq == 2
            with pytest.raises(TabulaError) as elsewhere:
                seat.submit_move(answers[10].game.game_id, first_move(answers[10]))
            assert failure(elsewhere.value) == (grpc.StatusCode.UNAUTHENTICATED, "INVALID_CREDENTIAL"), "its game only"

        # The retry: the same games in order, each retried; new tokens where nobody has acted.
        retry = manager.batch_create_games(requests, request_id=f"batch-{batch}")
        assert [answer.game.game_id for answer in retry] == game_ids
        assert all(answer.retried for answer in retry)
        assert_answered_in_order(retry, batch)
        assert all(not answer.seat_tokens for answer in retry[:10]), "played games get no tokens"
        for first, again in zip(answers[10:], retry[10:]):
            assert len(again.seat_tokens) == 2
            assert again.seat_tokens[0].token != first.seat_tokens[0].token
            game_id = first.game.game_id
            with pytest.raises(TabulaError) as old:
                manager.with_credential(first.seat_tokens[0].token).submit_move(game_id, first_move(first))
            assert failure(old.value) == (grpc.StatusCode.UNAUTHENTICATED, "INVALID_CREDENTIAL")
            manager.with_credential(again.seat_tokens[0].token).submit_move(game_id, first_move(again))
        assert len(manager.list_games(labels={"batch": batch}, page_size=500).games) == 50, "no game more"

        # The same id with other requests is refused; without an id a batch is made anew.
        with pytest.raises(TabulaError) as reused:
            manager.batch_create_games(requests[:49], request_id=f"batch-{batch}")
        assert failure(reused.value) == (grpc.StatusCode.FAILED_PRECONDITION, "REQUEST_ID_REUSED")
        fresh = manager.batch_create_games(requests[:2])
        assert not any(answer.retried for answer in fresh)
        assert {answer.game.game_id for answer in fresh}.isdisjoint(game_ids)


def test_every_source_and_option_of_a_request_is_kept(server: str) -> None:
    batch = tag()
    with Client(server) as manager:
        manager.create_saved_config(pb.SavedConfig(name=f"batch-{batch}", config=CONNECT_FOUR))
        labels = {"batch": batch}
        answers = manager.batch_create_games(
            (
                request
                for request in [
                    game_from_pgn("1. e4 e5 *", ply=1, labels=labels, private=True),
                    game_from_saved_config(f"batch-{batch}", labels=labels, bots=[bot_seat(2, 1)]),
                    game_from_preset("tic_tac_toe", "classic", labels=labels, allow_hints=True),
                    pb.CreateGameRequest(kind=pb.GameKind.GAME_KIND_TIC_TAC_TOE, preset="four", labels=labels),
                ]
            ),
            timeout=10,
        )
        pgn, saved, hinted, raw = (answer.game for answer in answers)
        assert pgn.kind == pb.GameKind.GAME_KIND_CHESS and pgn.seq > 1 and pgn.private
        assert saved.kind == pb.GameKind.GAME_KIND_CONNECT_FOUR and [b.seat for b in saved.bots] == [2]
        assert hinted.allow_hints and not pgn.allow_hints
        assert raw.config.tic_tac_toe.size == 4
        x = manager.with_credential(answers[2].seat_tokens[0].token)
        assert x.get_hint(hinted.game_id, max_time=0.2).move.WhichOneof("kind"), "allow_hints kept"


def test_a_batch_with_a_bad_request_makes_no_game_and_names_each_problem(server: str) -> None:
    batch = tag()
    labels = {"batch": batch}
    good = game_from_preset("tic_tac_toe", "classic", labels=labels)
    bad_labels = game_from_config(CONNECT_FOUR, labels={"batch": batch, "Stage": "groups"})
    with Client(server) as manager:
        with pytest.raises(TabulaError) as refused:
            manager.batch_create_games([good, bad_labels, good])
        assert failure(refused.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "requests[1].labels[Stage]" in refused.value.message
        assert not manager.list_games(labels=labels).games, "no game made, not even the good ones"

        # The BadRequest beside the ErrorInfo, read from the raw call: every problem of every request.
        with pytest.raises(grpc.RpcError) as raw:
            manager.stub.BatchCreateGames(pb.BatchCreateGamesRequest(requests=[good, bad_labels, good]), timeout=10)
        assert bad_request_fields(raw.value) == ["requests[1].labels[Stage]"]
        unknown_preset = game_from_preset("tic_tac_toe", "no-such-preset", labels=labels)
        with pytest.raises(grpc.RpcError) as both:
            manager.stub.BatchCreateGames(
                pb.BatchCreateGamesRequest(requests=[good, bad_labels, unknown_preset]), timeout=10
            )
        assert bad_request_fields(both.value) == ["requests[1].labels[Stage]", "requests[2].preset"]

        # A request's own request_id, or an empty batch, is refused too.
        with pytest.raises(TabulaError) as own_id:
            manager.batch_create_games([good, pb.CreateGameRequest(kind=pb.GameKind.GAME_KIND_TIC_TAC_TOE, preset="classic", request_id="mine")])
        assert failure(own_id.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "requests[1].request_id" in own_id.value.message
        with pytest.raises(TabulaError) as empty:
            manager.batch_create_games([])
        assert failure(empty.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")

        # A refusal that names no field: the first one.
        with pytest.raises(TabulaError) as missing:
            manager.batch_create_games([good, game_from_saved_config(f"none-{batch}", labels=labels)])
        assert failure(missing.value) == (grpc.StatusCode.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND")
        assert not manager.list_games(labels=labels).games, "still no game"


def test_a_batch_needs_a_service_key_and_fits_the_cap_whole() -> None:
    key = "batch-secret-0123456789"
    options = ("--service-key", f"lobby={key}", "--max-games-per-key", "5")
    with start_server(*options) as keyed, Client(keyed, credential=key) as manager:
        four = [game_from_preset("tic_tac_toe", "classic") for _ in range(4)]
        answers = manager.batch_create_games(four)
        seat = manager.with_credential(answers[0].seat_tokens[0].token)
        with pytest.raises(TabulaError) as seat_key:
            seat.batch_create_games(four[:1])
        assert failure(seat_key.value) == (grpc.StatusCode.PERMISSION_DENIED, "SERVICE_KEY_REQUIRED")
        with pytest.raises(TabulaError) as anonymous:
            manager.with_credential(None).batch_create_games(four[:1])
        assert failure(anonymous.value) == (grpc.StatusCode.UNAUTHENTICATED, "CREDENTIAL_REQUIRED")

        with pytest.raises(TabulaError) as capped:
            manager.batch_create_games(four[:2])  # 4 + 2 > 5: neither is made
        assert failure(capped.value) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_GAMES")
        assert capped.value.metadata.get("limit") == "5"
        assert len(manager.list_games().games) == 4
        assert len(manager.batch_create_games(four[:1])) == 1, "one more fits"


async def test_the_async_client_batches_retries_and_refuses(server: str) -> None:
    batch = tag()
    requests = [game(i, batch) for i in range(6)]
    async with AsyncClient(server) as manager:
        answers = await manager.batch_create_games(requests, request_id=f"async-{batch}")
        assert_answered_in_order(answers, batch)
        first = answers[0]
        await manager.with_credential(first.seat_tokens[0].token).submit_move(first.game.game_id, first_move(first))

        retry = await manager.batch_create_games(requests, request_id=f"async-{batch}")
        assert [a.game.game_id for a in retry] == [a.game.game_id for a in answers]
        assert all(a.retried for a in retry)
        assert not retry[0].seat_tokens and all(len(a.seat_tokens) == 2 for a in retry[1:])
        second = retry[1]
        await manager.with_credential(second.seat_tokens[0].token).submit_move(second.game.game_id, first_move(second))

        bad = game_from_preset("tic_tac_toe", "classic", labels={"batch": batch, "Stage": "x"})
        with pytest.raises(TabulaError) as refused:
            await manager.batch_create_games([requests[0], bad], request_id=f"async-bad-{batch}")
        assert failure(refused.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "requests[1].labels[Stage]" in refused.value.message
        assert len((await manager.list_games(labels={"batch": batch}, page_size=500)).games) == 6
