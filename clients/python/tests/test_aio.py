"""The asyncio client against a real server."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from relay import Relay
from tabula_client import AsyncClient, TabulaError, moves, pb

WINNING_DROPS = [(0, 3), (1, 3), (0, 4), (1, 4), (0, 5), (1, 5), (0, 6)]


async def test_async_game_with_a_streaming_spectator(server: str) -> None:
    async with AsyncClient(server) as client:
        kinds = await client.list_game_kinds()
        assert "connect_four" in [k.name for k in kinds]
        created = await client.create_game_from_preset(pb.GameKind.GAME_KIND_CONNECT_FOUR, "classic")
        game_id = created.game.game_id
        seats = [client.with_credential(t.token) for t in created.seat_tokens]

        async def follow() -> list[int]:
            return [event.seq async for event in client.events(game_id)]

        follower = asyncio.create_task(follow())
        legal = await seats[0].list_legal_moves(game_id)
        assert len(legal.moves) == 7
        for seat, column in WINNING_DROPS:
            await seats[seat].submit_move(game_id, moves.drop(column))
        assert await asyncio.wait_for(follower, 10) == list(range(1, 10))
        game = await client.get_game(game_id)
        assert game.status == pb.GameStatus.GAME_STATUS_FINISHED and game.outcome.winner == 1

        with pytest.raises(TabulaError) as over:
            await seats[1].submit_move(game_id, moves.drop(0))
        assert (over.value.code, over.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")


async def test_async_stream_resumes_after_a_disconnect(server: str) -> None:
    relay = Relay(server)
    try:
        async with AsyncClient(server) as direct, AsyncClient(relay.address) as relayed:
            created = await direct.create_game_from_preset("connect_four", "classic")
            game_id = created.game.game_id
            seats = [direct.with_credential(t.token) for t in created.seat_tokens]
            seen: list[int] = []
            async for event in relayed.events(game_id):
                seen.append(event.seq)
                if event.seq == 1:
                    relay.cut_all()
                    for seat, column in WINNING_DROPS:
                        await seats[seat].submit_move(game_id, moves.drop(column))
            assert seen == list(range(1, 10))
    finally:
        relay.close()


async def test_async_stream_with_views_keeps_them_across_a_resume(server: str) -> None:
    relay = Relay(server)
    try:
        async with AsyncClient(server) as direct, AsyncClient(relay.address) as relayed:
            created = await direct.create_game_from_preset("connect_four", "classic")
            game_id = created.game.game_id
            seats = [direct.with_credential(t.token) for t in created.seat_tokens]
            stream = relayed.events(game_id, include_views=True)
            seen: list[tuple[int, int | None]] = []
            async for event in stream:
                seen.append((event.seq, None if stream.last_view is None else stream.last_view.seq))
                if event.seq == 1:
                    relay.cut_all()
                    for seat, column in WINNING_DROPS:
                        await seats[seat].submit_move(game_id, moves.drop(column))
            assert seen == [(seq, seq) for seq in range(1, 10)]
            assert stream.last_view == await direct.get_view(game_id)
            bare = direct.events(game_id)
            assert [bare.last_view async for _ in bare] == [None] * 9
    finally:
        relay.close()
