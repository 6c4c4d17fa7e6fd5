"""Games scheduled ahead (`start_time=` on every `create_game_*` call and `game_from_*`
builder): the request carries the moment (an aware `datetime` from its zone, a naive one as
UTC, a `pb.Timestamp` as it is), and against a real server a game echoes it, refuses every
move with `GAME_NOT_STARTED` until then and takes them afterwards; a game with an engine seat
may not start later."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import grpc
import pytest

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


def to_millis(moment: datetime) -> datetime:
    """`moment` without its part below the millisecond, the unit the server keeps."""
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def utc(stamp: pb.Timestamp) -> datetime:
    return stamp.ToDatetime(tzinfo=timezone.utc)


def rfc3339(text: str) -> datetime:
    """An RFC 3339 time, as the server writes one into error metadata."""
    stamp = pb.Timestamp()
    stamp.FromJsonString(text)
    return utc(stamp)


def failure(error: TabulaError) -> tuple[grpc.StatusCode, str]:
    return error.code, error.reason


def test_every_builder_sends_the_start_time_an_aware_one_from_its_zone_a_naive_one_as_utc() -> None:
    moment = datetime(2031, 5, 17, 12, 30, 15, 250000, tzinfo=timezone.utc)
    in_new_york = moment.astimezone(timezone(timedelta(hours=-4)))
    naive = moment.replace(tzinfo=None)
    stamp = pb.Timestamp()
    stamp.FromDatetime(moment)
    built = [
        game_from_preset("connect_four", "classic", start_time=moment),
        game_from_config(CONNECT_FOUR, start_time=in_new_york),
        game_from_pgn("1. e4 *", start_time=naive),
        game_from_saved_config("mine", start_time=stamp),
    ]
    for request in built:
        assert request.HasField("start_time"), request
        assert utc(request.start_time) == moment, request
        assert (request.start_time.seconds, request.start_time.nanos) == (stamp.seconds, stamp.nanos)
    assert not game_from_preset("connect_four", "classic").HasField("start_time"), "none unless given"


def test_the_new_reason_is_in_the_enum() -> None:
    assert pb.ErrorReason.Value("ERROR_REASON_GAME_NOT_STARTED") == 87
    assert pb.ErrorReason.ERROR_REASON_GAME_NOT_STARTED == 87


def test_a_game_scheduled_ahead_refuses_moves_until_its_start_time(server: str) -> None:
    start = to_millis(datetime.now(timezone.utc) + timedelta(seconds=3))
    # Given in another zone: the same moment.
    given = start.astimezone(timezone(timedelta(hours=5, minutes=30)))
    with Client(server) as client:
        created = client.create_game_from_preset("connect_four", "classic", start_time=given)
        game_id = created.game.game_id
        assert created.game.HasField("start_time")
        assert utc(created.game.start_time) == start, "echoed to the millisecond"
        assert utc(client.get_game(game_id).start_time) == start
        assert created.game.status == pb.GameStatus.GAME_STATUS_IN_PROGRESS
        red = client.with_credential(created.seat_tokens[0].token)

        with pytest.raises(TabulaError) as refused:
            red.submit_move(game_id, moves.drop(3))
        assert failure(refused.value) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_STARTED")
        assert pb.ErrorReason.Name(pb.ErrorReason.ERROR_REASON_GAME_NOT_STARTED) == f"ERROR_REASON_{refused.value.reason}"
        assert rfc3339(refused.value.metadata["start_time"]) == start
        assert datetime.now(timezone.utc) < start, "refused before the start, not for another reason"

        time.sleep(3.5)
        assert datetime.now(timezone.utc) > start
        moved = red.submit_move(game_id, moves.drop(3))
        assert moved.applied and moved.seq == 2
        assert moved.view.status == pb.GameStatus.GAME_STATUS_IN_PROGRESS
        yellow = client.with_credential(created.seat_tokens[1].token)
        assert yellow.submit_move(game_id, moves.drop(3)).applied, "and the game goes on"


def test_a_start_time_not_after_the_creation_starts_the_game_at_once(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(
            CONNECT_FOUR, start_time=datetime.now(timezone.utc) - timedelta(minutes=1)
        )
        assert not created.game.HasField("start_time"), "absent for a game that started at its creation"
        game_id = created.game.game_id
        assert client.with_credential(created.seat_tokens[0].token).submit_move(game_id, moves.drop(0)).applied


def test_a_game_more_than_30_days_ahead_is_refused_and_one_with_an_engine_seat_is_scheduled(server: str) -> None:
    later = datetime.now(timezone.utc) + timedelta(hours=1)
    with Client(server) as client:
        # An engine seat waits for the start like any seat.
        scheduled = client.create_game_from_preset("connect_four", "classic", bots=[bot_seat(2, 1)], start_time=later)
        assert scheduled.game.HasField("start_time")

        with pytest.raises(TabulaError) as too_far:
            client.create_game_from_preset("connect_four", "classic", start_time=later + timedelta(days=31))
        assert failure(too_far.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "start_time" in too_far.value.message

        too_far_in_batch = game_from_config(CONNECT_FOUR, start_time=later + timedelta(days=31))
        with pytest.raises(TabulaError) as in_batch:
            client.batch_create_games([game_from_config(CONNECT_FOUR), too_far_in_batch])
        assert failure(in_batch.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "requests[1].start_time" in in_batch.value.message

        # A bot seat with no start time, and a start time with no bot seat, are fine.
        assert client.create_game_from_preset("connect_four", "classic", bots=[bot_seat(2, 1)]).game.game_id
        answers = client.batch_create_games([game_from_config(CONNECT_FOUR, start_time=later)])
        assert utc(answers[0].game.start_time) == to_millis(later) + (
            timedelta(milliseconds=1) if later.microsecond % 1000 else timedelta()
        ), "rounded up to the millisecond"


async def test_the_async_client_schedules_a_game_ahead(server: str) -> None:
    start = to_millis(datetime.now(timezone.utc) + timedelta(minutes=5))
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(CONNECT_FOUR, start_time=start.replace(tzinfo=None))
        assert utc(created.game.start_time) == start, "a naive time is UTC"
        seat = client.with_credential(created.seat_tokens[0].token)
        with pytest.raises(TabulaError) as refused:
            await seat.submit_move(created.game.game_id, moves.drop(3))
        assert failure(refused.value) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_STARTED")
        assert rfc3339(refused.value.metadata["start_time"]) == start
