"""Past views and takebacks against a real server: `get_view(at_seq=)` in a running game,
equal to the views the event stream carried, seqs out of range, the board at a clock pause,
and `GameConfig.allow_takebacks` in a game that sets it and one that does not; takebacks that
need the other seat's consent (`takebacks_need_consent`, `answer_take_back`)."""

from __future__ import annotations

from collections.abc import Callable

import grpc
import pytest

from tabula_client import AsyncClient, Client, TabulaError, actor_kind, clocks, event_kind, moves, pb

CONNECT_FOUR = pb.GameConfig(connect_four=pb.ConnectFourConfig())
CONSENT = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), allow_takebacks=True, takebacks_need_consent=True)
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


def refused(call: Callable[[], object]) -> tuple[grpc.StatusCode, str]:
    """The code and reason of the TabulaError `call` raises."""
    with pytest.raises(TabulaError) as error:
        call()
    return error.value.code, error.value.reason


def described(event: pb.GameEvent) -> tuple[int, str, int, str]:
    """The event as (seq, kind, seat of its arm, actor): the actor as `seat N` or its kind."""
    kind = event_kind(event)
    seat = getattr(event, kind).seat if kind in ("takeback_requested", "takeback_declined", "move_taken_back") else 0
    actor = actor_kind(event.actor) if event.HasField("actor") else "none"
    return event.seq, kind, seat, f"seat {event.actor.seat}" if actor == "seat" else actor


def test_a_takeback_needing_consent_waits_for_the_other_seat(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(CONSENT)
        game_id = created.game.game_id
        assert created.game.config.allow_takebacks and created.game.config.takebacks_need_consent
        assert client.get_game(game_id).config.takebacks_need_consent
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        x.submit_move(game_id, moves.place_cell(1, 1))
        failed = grpc.StatusCode.FAILED_PRECONDITION

        assert refused(lambda: o.answer_take_back(game_id, True)) == (failed, "NO_TAKEBACK_REQUEST")
        asked = x.take_back(game_id)
        assert (asked.view.takeback_request, asked.view.move_count, asked.seq) == (1, 1, 3)
        assert cell(asked.view, 1, 1).owner == 1, "the mark stays until seat 2 agrees"
        assert client.get_view(game_id).takeback_request == 1, "a spectator sees the request too"
        assert refused(lambda: x.take_back(game_id)) == (failed, "TAKEBACK_ALREADY_REQUESTED")
        assert refused(lambda: x.answer_take_back(game_id, True)) == (failed, "NO_TAKEBACK_REQUEST"), "not its own"
        assert refused(lambda: client.answer_take_back(game_id, True)) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "SEAT_REQUIRED",
        )
        assert refused(lambda: o.answer_take_back(game_id, False, expected_seq=2)) == (
            grpc.StatusCode.ABORTED,
            "STALE_SEQ",
        )

        declined = o.answer_take_back(game_id, False, expected_seq=3, request_id="no-1")
        assert (declined.view.takeback_request, declined.view.move_count, list(declined.view.to_act)) == (0, 1, [2])
        assert declined.seq == 4 and cell(declined.view, 1, 1).owner == 1, "the move stands"
        assert o.answer_take_back(game_id, False, expected_seq=3, request_id="no-1") == declined, "a retry"
        assert x.take_back(game_id).view.takeback_request == 1
        accepted = o.answer_take_back(game_id, True)
        assert (accepted.view.takeback_request, accepted.view.move_count, list(accepted.view.to_act)) == (0, 0, [1])
        assert accepted.seq == 6 and cell(accepted.view, 1, 1).owner == 0, "the mark is gone"

        events: list[pb.GameEvent] = []
        with client.events(game_id) as stream:  # the game runs on: close the stream after seq 6
            for event in stream:
                events.append(event)
                if event.seq == 6:
                    break
        assert [described(event) for event in events[2:]] == [
            (3, "takeback_requested", 1, "seat 1"),
            (4, "takeback_declined", 2, "seat 2"),
            (5, "takeback_requested", 1, "seat 1"),
            (6, "move_taken_back", 1, "seat 2"),
        ]
        assert events[5].move_taken_back.move_number == 1
        assert [event_kind(event) for event in events[:2]] == ["game_created", "move_applied"]
        assert client.get_view(game_id, at_seq=3).takeback_request == 1, "the past view shows the request"


def test_a_move_lets_a_takeback_request_lapse(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(CONSENT)
        game_id = created.game.game_id
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        x.submit_move(game_id, moves.place_cell(1, 1))
        assert x.take_back(game_id).view.takeback_request == 1
        moved = o.submit_move(game_id, moves.place_cell(0, 0))
        assert (moved.view.takeback_request, moved.view.move_count, moved.seq) == (0, 2, 4), "no event for the lapse"
        assert refused(lambda: o.answer_take_back(game_id, True)) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "NO_TAKEBACK_REQUEST",
        )


def test_consent_needs_takebacks_and_two_seats(server: str) -> None:
    with Client(server) as client:
        for config in (
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), takebacks_need_consent=True),
            pb.GameConfig(peg_solitaire=pb.PegSolitaireConfig(), allow_takebacks=True, takebacks_need_consent=True),
        ):
            with pytest.raises(TabulaError) as invalid:
                client.create_game_from_config(config)
            assert (invalid.value.code, invalid.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
            assert "config.takebacks_need_consent" in invalid.value.message, invalid.value.message


async def test_the_async_client_answers_a_takeback_request(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(CONSENT)
        game_id = created.game.game_id
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        await x.submit_move(game_id, moves.place_cell(2, 0))
        asked = await x.take_back(game_id)
        assert (asked.view.takeback_request, asked.view.move_count) == (1, 1)
        with pytest.raises(TabulaError) as again:
            await x.take_back(game_id)
        assert again.value.reason == "TAKEBACK_ALREADY_REQUESTED"
        accepted = await o.answer_take_back(game_id, True, expected_seq=asked.seq, request_id="yes-1")
        assert (accepted.view.takeback_request, accepted.view.move_count, list(accepted.view.to_act)) == (0, 0, [1])
        async with client.events(game_id, after_seq=asked.seq) as stream:
            async for event in stream:
                assert described(event) == (4, "move_taken_back", 1, "seat 2")
                break
        with pytest.raises(TabulaError) as none:
            await o.answer_take_back(game_id, False)
        assert (none.value.code, none.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NO_TAKEBACK_REQUEST")
