"""The engine's analysis against a real server: the seat to move of a game created with hints,
a proved draw, a game without hints, and a finished game analysed by a spectator."""

from __future__ import annotations

from datetime import timedelta

import grpc
import pytest

from tabula_client import AsyncClient, Client, TabulaError, moves, pb

TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())


def test_the_seat_to_move_gets_a_move_its_line_and_a_score(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(TIC_TAC_TOE, allow_hints=True)
        game_id = created.game.game_id
        assert created.game.allow_hints
        x, o = (client.with_credential(t.token) for t in created.seat_tokens)

        hint = x.get_hint(game_id, max_time=0.3)
        assert hint.result == pb.HintResult.HINT_RESULT_MOVE and hint.HasField("move")
        assert (hint.seq, hint.seat) == (1, 1)
        assert hint.principal_variation[0] == hint.move, "the line starts with the suggested move"
        assert hint.HasField("score") and (hint.score.exact or hint.score.HasField("value"))
        assert hint.nodes > 0
        assert x.submit_move(game_id, hint.move, expected_seq=hint.seq).applied

        with pytest.raises(TabulaError) as out_of_turn:
            x.get_hint(game_id, max_time=0.3)
        assert (out_of_turn.value.code, out_of_turn.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
        with pytest.raises(TabulaError) as spectator:
            client.get_hint(game_id, max_time=0.3)
        assert (spectator.value.code, spectator.value.reason) == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_REQUIRED")
        assert o.get_hint(game_id, max_time=timedelta(milliseconds=300), max_nodes=10_000).seat == 2


def test_the_empty_board_is_an_exact_draw(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic", allow_hints=True)
        x = client.with_credential(created.seat_tokens[0].token)
        hint = x.get_hint(created.game.game_id, max_time=2, at_seq=1)  # the current position may be named
        assert hint.score.exact and hint.score.result == pb.ScoreResult.SCORE_RESULT_DRAW, str(hint.score)


def test_a_game_without_hints_refuses_them(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic")  # two seats: off unless asked for
        assert not created.game.allow_hints
        x = client.with_credential(created.seat_tokens[0].token)
        with pytest.raises(TabulaError) as disabled:
            x.get_hint(created.game.game_id, max_time=0.3)
        assert (disabled.value.code, disabled.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "HINTS_DISABLED")
        puzzle = client.create_game_from_preset("peg_solitaire", "triangle15", allow_hints=False)
        assert not client.get_game(puzzle.game.game_id).allow_hints
        with pytest.raises(TabulaError) as refused:
            client.with_credential(puzzle.seat_tokens[0].token).get_hint(puzzle.game.game_id)
        assert refused.value.reason == "HINTS_DISABLED"


def test_a_spectator_analyses_a_finished_game(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(TIC_TAC_TOE)
        game_id = created.game.game_id
        x, o = (client.with_credential(t.token) for t in created.seat_tokens)
        # X takes the top row while O plays the middle row: X wins at seq 6.
        for seat, (row, col) in [(x, (0, 0)), (o, (1, 0)), (x, (0, 1)), (o, (1, 1)), (x, (0, 2))]:
            seat.submit_move(game_id, moves.place_cell(row, col))
        spectator = client.with_credential(None)

        # After X's second move (seq 4), O must block the top row.
        hint = spectator.get_hint(game_id, at_seq=4, max_time=0.3)
        assert (hint.result, hint.seq, hint.seat) == (pb.HintResult.HINT_RESULT_MOVE, 4, 2)
        assert hint.move == moves.place_cell(0, 2) and hint.principal_variation[0] == hint.move

        final = spectator.get_hint(game_id)
        assert (final.result, final.seq, final.seat) == (pb.HintResult.HINT_RESULT_ALREADY_SOLVED, 7, 0)
        assert not final.HasField("score") and not final.principal_variation
        with pytest.raises(TabulaError) as beyond:
            spectator.get_hint(game_id, at_seq=99)
        assert (beyond.value.code, beyond.value.reason) == (grpc.StatusCode.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE")


async def test_the_async_client_takes_the_hint_options(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(TIC_TAC_TOE, allow_hints=True)
        game_id = created.game.game_id
        x = client.with_credential(created.seat_tokens[0].token)
        hint = await x.get_hint(game_id, max_time=pb.Duration(nanos=300_000_000), max_nodes=50_000, at_seq=1)
        assert hint.result == pb.HintResult.HINT_RESULT_MOVE and hint.principal_variation[0] == hint.move
        assert hint.nodes <= 50_000
        await x.submit_move(game_id, hint.move)
        await client.with_credential(created.seat_tokens[1].token).resign(game_id)
        start = await client.get_hint(game_id, at_seq=1, max_time=0.3)
        assert (start.result, start.seat) == (pb.HintResult.HINT_RESULT_MOVE, 1)
