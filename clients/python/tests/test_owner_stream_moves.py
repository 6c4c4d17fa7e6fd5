"""Each move of a game on its owner's stream (`owner_stream_moves=True` on every
`create_game_*` call and `game_from_*` builder): the request carries the option, off unless
given, and against a real server (without keys) the owner's stream holds an
`OWNER_EVENT_KIND_MOVE_PLAYED` for each move of such a game and none for the others' moves,
the game shows the option back, a rematch keeps it, and the asyncio client does the same."""

from __future__ import annotations

import uuid

from streams import Follower
from tabula_client import (
    AsyncClient,
    Client,
    enum_name,
    game_from_config,
    game_from_pgn,
    game_from_preset,
    game_from_saved_config,
    moves,
    pb,
)
from tabula_client._common import owner_kind_value

Kind = pb.OwnerEventKind
MOVE_PLAYED = Kind.OWNER_EVENT_KIND_MOVE_PLAYED
TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())


def test_the_kind_is_in_the_enum_and_filters_by_name() -> None:
    assert MOVE_PLAYED == 9
    assert enum_name(Kind, 9) == "OWNER_EVENT_KIND_MOVE_PLAYED"
    assert owner_kind_value("move_played") == MOVE_PLAYED
    assert owner_kind_value("OWNER_EVENT_KIND_MOVE_PLAYED") == MOVE_PLAYED


def test_every_builder_sends_the_option_and_it_is_off_unless_given() -> None:
    built = [
        game_from_preset("tic_tac_toe", "classic", owner_stream_moves=True),
        game_from_config(TIC_TAC_TOE, owner_stream_moves=True),
        game_from_pgn("1. e4 *", owner_stream_moves=True),
        game_from_saved_config("mine", owner_stream_moves=True),
    ]
    for request in built:
        assert request.owner_stream_moves, request
    for request in [
        game_from_preset("tic_tac_toe", "classic"),
        game_from_config(TIC_TAC_TOE),
        game_from_pgn("1. e4 *"),
        game_from_saved_config("mine"),
    ]:
        assert not request.owner_stream_moves, request


def test_the_owner_stream_holds_each_move_of_such_a_game_only(server: str) -> None:
    labels = {"suite": uuid.uuid4().hex[:16]}  # this module's server is shared by its tests
    with Client(server) as manager:
        streamed = manager.create_game_from_preset("connect_four", "classic", labels=labels, owner_stream_moves=True)
        quiet = manager.create_game_from_preset("connect_four", "classic", labels=labels)
        first, second = streamed.game.game_id, quiet.game.game_id
        assert streamed.game.owner_stream_moves, "the option is shown back"
        assert not quiet.game.owner_stream_moves, "off by default"

        # Column 3 then column 4 in each game, in turn.
        for column in (3, 4):
            for created in (streamed, quiet):
                seat = created.seat_tokens[column - 3].token  # seat 1 drops in 3, seat 2 in 4
                assert manager.with_credential(seat).submit_move(created.game.game_id, moves.drop(column)).applied

        # The stream never ends by itself: it is closed from here.
        follower = Follower(manager.owner_events(kinds=[MOVE_PLAYED], labels=labels), quiet_close=True)
        try:
            played: list[pb.OwnerEvent] = []
            for _ in range(2):
                event = follower.next(10)
                assert event is not None, f"only {len(played)} of the first game's 2 moves came: {played}"
                played.append(event)
            assert [event.game_event.game_id for event in played] == [first, first]
            assert all(event.kind == MOVE_PLAYED for event in played)
            assert all(event.game_event.HasField("move_applied") for event in played)
            applied = [event.game_event.move_applied for event in played]
            assert [(move.seat, move.move.place.column) for move in applied] == [(1, 3), (2, 4)]
            assert played[0].cursor < played[1].cursor
            more = follower.next(1.0)
            assert more is None, f"the second game's moves stay off the owner's stream, yet {more} came"
        finally:
            follower.close()

        assert manager.get_game(first).owner_stream_moves
        assert not manager.get_game(second).owner_stream_moves

        manager.with_credential(streamed.seat_tokens[0].token).resign(first)
        rematch = manager.create_rematch(first)
        assert rematch.game.owner_stream_moves, "a rematch keeps the option"


async def test_the_async_client_creates_such_a_game(server: str) -> None:
    async with AsyncClient(server) as manager:
        created = await manager.create_game_from_config(TIC_TAC_TOE, owner_stream_moves=True)
        assert created.game.owner_stream_moves
        assert (await manager.get_game(created.game.game_id)).owner_stream_moves
        plain = await manager.create_game_from_preset("tic_tac_toe", "classic")
        assert not plain.game.owner_stream_moves
