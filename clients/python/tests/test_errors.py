"""Failures against a real server: the reason as a `pb.ErrorReason` value, the field
violations of a refused request, a closed client, and channel options reaching the channel."""

from __future__ import annotations

from collections.abc import Callable

import grpc
import pytest

from tabula_client import (
    AsyncClient,
    Client,
    ClientClosedError,
    ErrorReason,
    FieldViolation,
    TabulaError,
    moves,
    pb,
)
from tabula_client.errors import reason_value

TOO_WIDE = pb.GameConfig(connect_four=pb.ConnectFourConfig(width=1000, height=6, win_length=4))


def describe(error: TabulaError) -> str:
    """What a program says about a refused move, by its reason's value."""
    match error.error_reason:
        case ErrorReason.ERROR_REASON_NOT_YOUR_TURN:
            return "wait for your turn"
        case ErrorReason.ERROR_REASON_CELL_OCCUPIED:
            return "that cell is taken"
        case _:
            return f"refused: {error.code.name}"


def test_a_refusal_carries_its_reason_as_an_error_reason_value(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        with pytest.raises(TabulaError) as early:
            o.submit_move(game_id, moves.place_cell(0, 0))
        assert early.value.reason == "NOT_YOUR_TURN"
        assert early.value.error_reason == ErrorReason.ERROR_REASON_NOT_YOUR_TURN
        assert describe(early.value) == "wait for your turn"
        x.submit_move(game_id, moves.place_cell(0, 0))
        with pytest.raises(TabulaError) as taken:
            o.submit_move(game_id, moves.place_cell(0, 0))
        assert describe(taken.value) == "that cell is taken"
        assert taken.value.field_violations == [], "a rule's refusal names no field"


def test_every_reason_of_error_proto_has_its_value() -> None:
    for name, value in pb.ErrorReason.items():
        assert reason_value(name.removeprefix("ERROR_REASON_")) == value
        assert TabulaError(grpc.StatusCode.INTERNAL, "", name.removeprefix("ERROR_REASON_")).error_reason == value


def test_a_reason_this_client_does_not_know_is_unspecified() -> None:
    unspecified = ErrorReason.ERROR_REASON_UNSPECIFIED
    assert TabulaError(grpc.StatusCode.FAILED_PRECONDITION, "", "ADDED_BY_A_NEWER_SERVER").error_reason == unspecified
    assert TabulaError(grpc.StatusCode.DEADLINE_EXCEEDED, "").error_reason == unspecified, "no reason at all"
    assert TabulaError(grpc.StatusCode.DATA_LOSS, "", "SEQ_GAP").error_reason == unspecified, "the client's own"


def test_a_bad_config_lists_its_field_violations(server: str) -> None:
    with Client(server) as client:
        with pytest.raises(TabulaError) as refused:
            client.create_game_from_config(TOO_WIDE)
    error = refused.value
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert error.error_reason == ErrorReason.ERROR_REASON_INVALID_CONFIG
    assert [violation.field for violation in error.field_violations] == ["config.connect_four.width"]
    field, description = error.field_violations[0]
    assert field == "config.connect_four.width" and "1000" in description


async def test_the_async_client_lists_field_violations_too(server: str) -> None:
    async with AsyncClient(server) as client:
        with pytest.raises(TabulaError) as refused:
            await client.create_game_from_preset("tic_tac_toe", "classic", labels={"Stage": "one", "round": "3"})
    assert refused.value.error_reason == ErrorReason.ERROR_REASON_INVALID_REQUEST
    assert [violation.field for violation in refused.value.field_violations] == ["labels[Stage]"]
    assert isinstance(refused.value.field_violations[0], FieldViolation)


def test_a_call_on_a_closed_client_raises_client_closed(server: str) -> None:
    client = Client(server)
    seat = client.with_credential("a-seat-token")
    client.close()
    calls: list[Callable[[], object]] = [
        lambda: client.list_game_kinds(),
        lambda: seat.get_game("g"),
        lambda: list(seat.events("g")),
        lambda: seat.stub.GetGame(pb.GetGameRequest(game_id="g")),  # the raw stub too
    ]
    for call in calls:
        with pytest.raises(ClientClosedError) as closed:
            call()
        assert (closed.value.code, closed.value.reason) == (grpc.StatusCode.CANCELLED, "CLIENT_CLOSED")
        assert isinstance(closed.value, ValueError), "what it raised before, still caught"


async def test_a_call_on_a_closed_async_client_raises_client_closed(server: str) -> None:
    client = AsyncClient(server)
    await client.close()
    with pytest.raises(ClientClosedError):
        await client.with_credential("a-seat-token").get_game("g")
    with pytest.raises(ClientClosedError):
        async for _ in client.events("g"):
            pass


def test_channel_options_reach_the_channel(server: str) -> None:
    with Client(server, channel_options=[("grpc.max_receive_message_length", 64)]) as small:
        with pytest.raises(TabulaError) as too_big:
            small.list_game_kinds()
    assert too_big.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
