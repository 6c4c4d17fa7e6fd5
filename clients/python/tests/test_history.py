"""Past views and takebacks against a real server: `get_view(at_seq=)` in a running game,
equal to the views the event stream carried, seqs out of range, the board at a clock pause,
and `GameConfig.allow_takebacks` in a game that sets it and one that does not."""

from __future__ import annotations

import grpc
import pytest

from tabula_client import AsyncClient, Client, TabulaError, clocks, moves, pb

CONNECT_FOUR = pb.GameConfig(connect_four=pb.ConnectFourConfig())
# Seats 1, 2, 1 drop in columns 3, 3, 4: events 2, 3 and 4 after the creation (event 1).
DROPS = [(0, 3), (1, 3), (0, 4)]


def cell(view: pb.View, row: int, col: int) -> pb.BoardCell:
    return view.board.cells[row * view.board.width + col]


def discs(view: pb.View) -> list[tuple[int, int, int]]:
    """Every disc on the board as (owner, row, col)."""
    width = view.board.width
    return [(c.owner, i // width, i % width) for i, c in enumerate(view.board.cells) if c.piece == pb.Piece.PIECE_MARK]


def streamed_views(client: Client, game_id: str, last_seq: int) -> dict[int, pb.View]:
    """The views a stream with `include_views` carried with events 1 to `last_seq`, by seq
    (the game runs on, so the stream is closed after them)."""
    views: dict[int, pb.View] = {}
    with client.events(game_id, include_views=True) as stream:
        for event in stream:
            assert stream.last_view is not None, f"a view with event {event.seq}"
            views[event.seq] = stream.last_view
            if event.seq == last_seq:
                break
    assert sorted(views) == list(range(1, last_seq + 1))
    return views


def test_past_views_of_a_running_game_are_the_streamed_views(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(CONNECT_FOUR)
        game_id = created.game.game_id
        seats = [client.with_credential(token.token) for token in created.seat_tokens]
        for seat, column in DROPS:
            seats[seat].submit_move(game_id, moves.drop(column))
        assert client.get_game(game_id).status == pb.GameStatus.GAME_STATUS_IN_PROGRESS

        second = client.get_view(game_id, at_seq=2)
        assert discs(second) == [(1, 5, 3)], "one disc: seat 1's, at the bottom of column 3"
        assert (second.move_count, list(second.to_act), second.seq) == (1, [2], 2)
        start = client.get_view(game_id, at_seq=1)
        assert (discs(start), start.move_count, list(start.to_act), start.seq) == ([], 0, [1], 1)
        assert all(c.piece == pb.Piece.PIECE_UNSPECIFIED for c in start.board.cells), "the empty board"
        now = client.get_view(game_id)
        latest = client.get_view(game_id, at_seq=4)
        assert latest.board == now.board and latest.seq == now.seq == 4
        assert sorted(discs(latest)) == [(1, 5, 3), (1, 5, 4), (2, 4, 3)]
        assert latest == now, "the last event's view is the current one"

        # The same views as the stream carried, for a spectator and for seat 1.
        for caller in (client, seats[0]):
            streamed = streamed_views(caller, game_id, 4)
            for seq in (1, 2, 4):
                assert caller.get_view(game_id, at_seq=seq) == streamed[seq], f"the view at seq {seq}"
        assert seats[0].get_view(game_id, at_seq=2).viewer_seat == 1


def test_a_seq_of_zero_or_beyond_the_log_is_out_of_range(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(CONNECT_FOUR)
        game_id = created.game.game_id
        client.with_credential(created.seat_tokens[0].token).submit_move(game_id, moves.drop(3))
        for seq in (0, 99):
            with pytest.raises(TabulaError) as beyond:
                client.get_view(game_id, at_seq=seq)
            assert (beyond.value.code, beyond.value.reason) == (grpc.StatusCode.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE"), seq


def test_a_pause_is_an_event_but_not_a_move(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(CONNECT_FOUR, clock=clocks.per_move(600))
        game_id = created.game.game_id
        moved = client.with_credential(created.seat_tokens[0].token).submit_move(game_id, moves.drop(3))
        paused = client.pause_clock(game_id)
        assert paused.seq == moved.seq + 1
        at_pause = client.get_view(game_id, at_seq=paused.seq)
        before = client.get_view(game_id, at_seq=moved.seq)
        assert at_pause.board == before.board and at_pause.move_count == before.move_count == 1
        assert at_pause.clock.paused and not before.clock.paused
        assert at_pause == paused, "the view at the pause is what pausing answered"


def test_a_game_with_takebacks_lets_the_seat_that_moved_take_back(server: str) -> None:
    config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), allow_takebacks=True)
    with Client(server) as client:
        created = client.create_game_from_config(config)
        game_id = created.game.game_id
        assert created.game.config.allow_takebacks
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        x.submit_move(game_id, moves.place_cell(1, 1))

        with pytest.raises(TabulaError) as not_theirs:
            o.take_back(game_id)
        assert (not_theirs.value.code, not_theirs.value.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "NOTHING_TO_TAKE_BACK",
        )
        taken = x.take_back(game_id)
        assert (taken.view.move_count, list(taken.view.to_act)) == (0, [1])
        assert cell(taken.view, 1, 1).owner == 0, "the mark is gone"


def test_a_game_without_takebacks_refuses_them(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(pb.GameConfig(gomoku=pb.GomokuConfig()))
        game_id = created.game.game_id
        assert not created.game.config.allow_takebacks
        black = client.with_credential(created.seat_tokens[0].token)
        black.submit_move(game_id, moves.place_cell(7, 7))
        with pytest.raises(TabulaError) as refused:
            black.take_back(game_id)
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "TAKEBACK_NOT_ALLOWED",
        )


async def test_the_async_client_reads_past_views_and_takes_back(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(
            pb.GameConfig(connect_four=pb.ConnectFourConfig(), allow_takebacks=True)
        )
        game_id = created.game.game_id
        assert created.game.config.allow_takebacks
        red = client.with_credential(created.seat_tokens[0].token)
        await red.submit_move(game_id, moves.drop(3))
        first = await client.get_view(game_id, at_seq=2)
        assert (discs(first), first.seq) == ([(1, 5, 3)], 2)
        taken = await red.take_back(game_id)
        assert taken.view.move_count == 0 and taken.seq == 3
        assert (await client.get_view(game_id, at_seq=2)) == first, "the past stays as it was"
        assert discs(await client.get_view(game_id, at_seq=3)) == []
        with pytest.raises(TabulaError) as beyond:
            await client.get_view(game_id, at_seq=4)
        assert (beyond.value.code, beyond.value.reason) == (grpc.StatusCode.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE")
