"""Spectators see a game later than its seats (`spectator_delay=` on every `create_game_*` call
and `game_from_*` builder, built with `spectator_delay(plies=..., duration=...)`): the request
carries the delay (a duration in seconds, a `timedelta` or a `pb.Duration`), and against a real
server a spectator's view and stream lag behind while seats see everything, everyone sees all
of a finished game, a rematch keeps the delay, and a delay out of range is refused."""

from __future__ import annotations

import time
from datetime import timedelta

import grpc
import pytest

from streams import Follower
from tabula_client import (
    AsyncClient,
    Client,
    TabulaError,
    game_from_config,
    game_from_pgn,
    game_from_preset,
    game_from_saved_config,
    moves,
    pb,
    spectator_delay,
)

TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())


def failure(error: TabulaError) -> tuple[grpc.StatusCode, str]:
    return error.code, error.reason


def test_the_helper_builds_the_delay_from_plies_and_any_length_of_time() -> None:
    assert spectator_delay(plies=3) == pb.SpectatorDelay(plies=3)
    assert not spectator_delay(plies=3).HasField("duration"), "no delay in time unless given"
    assert spectator_delay(duration=1.5).duration.ToMilliseconds() == 1500
    assert spectator_delay(duration=0.0004).duration.ToMilliseconds() == 0, "seconds round to milliseconds"
    assert spectator_delay(duration=timedelta(minutes=2)).duration.ToSeconds() == 120
    given = pb.Duration(seconds=30)
    both = spectator_delay(plies=2, duration=given)
    assert (both.plies, both.duration) == (2, given)
    assert spectator_delay() == pb.SpectatorDelay(), "neither: left for the server to refuse"


def test_every_builder_sends_the_delay_and_none_unless_given() -> None:
    delay = spectator_delay(plies=4, duration=10)
    built = [
        game_from_preset("tic_tac_toe", "classic", spectator_delay=delay),
        game_from_config(TIC_TAC_TOE, spectator_delay=delay),
        game_from_pgn("1. e4 *", spectator_delay=delay),
        game_from_saved_config("mine", spectator_delay=delay),
    ]
    for request in built:
        assert request.HasField("spectator_delay"), request
        assert request.spectator_delay == delay
    assert not game_from_preset("tic_tac_toe", "classic").HasField("spectator_delay")
    empty = game_from_config(TIC_TAC_TOE, spectator_delay=pb.SpectatorDelay())
    assert empty.HasField("spectator_delay"), "an empty delay is sent, for the server to refuse"


def test_a_spectator_sees_the_game_a_move_behind_the_seats(server: str) -> None:
    with Client(server) as spectator:
        created = spectator.create_game_from_preset("tic_tac_toe", "classic", spectator_delay=spectator_delay(plies=1))
        game_id = created.game.game_id
        assert created.game.spectator_delay.plies == 1 and not created.game.spectator_delay.HasField("duration")
        assert spectator.get_game(game_id).spectator_delay.plies == 1
        x, o = (spectator.with_credential(token.token) for token in created.seat_tokens)

        assert x.submit_move(game_id, moves.place_cell(1, 1)).applied
        assert o.submit_move(game_id, moves.place_cell(0, 0)).applied

        behind = spectator.get_view(game_id)
        assert behind.move_count == 1, "a spectator sees X's move, not O's"
        assert behind.seq == 2, "the view's seq is the last event shown (X's move)"
        assert x.get_view(game_id).move_count == 2, "a seat sees everything"
        assert o.get_view(game_id).move_count == 2

        follower = Follower(spectator.events(game_id, after_seq=0))
        try:
            seen: list[pb.GameEvent] = []
            while len(seen) < 2:
                event = follower.next(10)
                assert event is not None, f"the stream stopped after {[e.seq for e in seen]}"
                seen.append(event)
            assert [event.seq for event in seen] == [1, 2]
            assert seen[1].HasField("move_applied") and seen[1].move_applied.seat == 1, "X's move"
            held = follower.next(1.0)
            assert held is None, f"O's move is held back, yet event {held.seq if held else None} came"

            assert x.submit_move(game_id, moves.place_cell(2, 2)).applied
            released = follower.next(10)
            assert released is not None and released.seq == 3, "O's move comes once X has moved again"
            assert released.move_applied.seat == 2
            assert spectator.get_view(game_id).move_count == 2

            # O(0,1), X(0,2), O(2,1), X(2,0): X wins on the anti-diagonal.
            for seat, (row, col) in [(o, (0, 1)), (x, (0, 2)), (o, (2, 1)), (x, (2, 0))]:
                last = seat.submit_move(game_id, moves.place_cell(row, col))
            assert last.view.status == pb.GameStatus.GAME_STATUS_FINISHED
            rest: list[pb.GameEvent] = []
            while (event := follower.next(10)) is not None:
                rest.append(event)
            assert rest and rest[-1].HasField("game_ended"), "once over, the stream gives everything and ends"
            assert [event.seq for event in rest] == list(range(4, rest[-1].seq + 1))
        finally:
            follower.close()

        finished = spectator.get_view(game_id)
        assert finished.move_count == 7 and finished.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert finished.seq == x.get_view(game_id).seq, "once over, everyone sees everything"

        rematch = spectator.create_rematch(game_id)
        assert rematch.game.spectator_delay.plies == 1, "a rematch keeps its game's delay"


def test_a_delay_in_time_holds_the_moves_back_that_long(server: str) -> None:
    with Client(server) as spectator:
        created = spectator.create_game_from_config(TIC_TAC_TOE, spectator_delay=spectator_delay(duration=2))
        game_id = created.game.game_id
        assert created.game.spectator_delay.duration.ToMilliseconds() == 2000
        x = spectator.with_credential(created.seat_tokens[0].token)
        assert x.submit_move(game_id, moves.place_cell(1, 1)).applied
        moved = time.monotonic()
        now = spectator.get_view(game_id)
        if time.monotonic() - moved < 1.5:
            assert now.move_count == 0, "the move is held back for two seconds"
        time.sleep(max(0.0, moved + 3 - time.monotonic()))
        assert spectator.get_view(game_id).move_count == 1, "and shown afterwards"


def test_a_delay_out_of_range_or_empty_is_refused(server: str) -> None:
    with Client(server) as client:
        for bad in [
            spectator_delay(plies=101),
            spectator_delay(duration=0.5),
            spectator_delay(duration=timedelta(hours=1, seconds=1)),
            spectator_delay(),
        ]:
            with pytest.raises(TabulaError) as refused:
                client.create_game_from_preset("tic_tac_toe", "classic", spectator_delay=bad)
            assert failure(refused.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST"), bad
            assert "spectator_delay" in refused.value.message, refused.value.message

        with pytest.raises(TabulaError) as in_batch:
            client.batch_create_games(
                [game_from_config(TIC_TAC_TOE), game_from_config(TIC_TAC_TOE, spectator_delay=spectator_delay(plies=101))]
            )
        assert failure(in_batch.value) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "requests[1].spectator_delay" in in_batch.value.message, in_batch.value.message

        # The limits themselves are fine.
        answers = client.batch_create_games(
            [game_from_preset("tic_tac_toe", "classic", spectator_delay=spectator_delay(plies=100, duration=3600))]
        )
        assert answers[0].game.spectator_delay == spectator_delay(plies=100, duration=3600)


async def test_the_async_client_creates_a_delayed_game(server: str) -> None:
    async with AsyncClient(server) as spectator:
        created = await spectator.create_game_from_preset(
            "tic_tac_toe", "classic", spectator_delay=spectator_delay(plies=1, duration=timedelta(seconds=1))
        )
        game_id = created.game.game_id
        assert (await spectator.get_game(game_id)).spectator_delay == spectator_delay(plies=1, duration=1)
        x = spectator.with_credential(created.seat_tokens[0].token)
        assert (await x.submit_move(game_id, moves.place_cell(1, 1))).applied
        assert (await spectator.get_view(game_id)).move_count == 0, "a move behind"
        assert (await x.get_view(game_id)).move_count == 1
