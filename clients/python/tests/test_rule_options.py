"""Rule options against a real server: which seat starts (`starter=`), misère tic-tac-toe
and blocked cells."""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from tabula_client import AsyncClient, Client, TabulaError, moves, pb

TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
CONNECT_FOUR = pb.GameConfig(connect_four=pb.ConnectFourConfig())


def cell(view: pb.View, row: int, col: int) -> pb.BoardCell:
    return view.board.cells[row * view.board.width + col]


def bad_request_fields(error: grpc.RpcError) -> list[list[str]]:
    """The fields of each google.rpc.BadRequest in a raw call's status details."""
    trailers: Any = error.trailing_metadata()
    status = status_pb2.Status.FromString(dict(trailers or ())["grpc-status-details-bin"])
    found = []
    for detail in status.details:
        bad = error_details_pb2.BadRequest()
        if detail.Is(bad.DESCRIPTOR) and detail.Unpack(bad):
            found.append([violation.field for violation in bad.field_violations])
    return found


def test_the_second_seat_starts_when_asked(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(TIC_TAC_TOE, starter=pb.Starter.STARTER_SECOND_SEAT)
        game_id = created.game.game_id
        assert created.game.config.starter == pb.Starter.STARTER_SECOND_SEAT
        assert TIC_TAC_TOE.starter == pb.Starter.STARTER_UNSPECIFIED, "the caller's config stays"
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        assert list(client.get_view(game_id).to_act) == [2]

        with pytest.raises(TabulaError) as early:
            x.submit_move(game_id, moves.place_cell(1, 1))
        assert (early.value.code, early.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
        answer = o.submit_move(game_id, moves.place_cell(1, 1))
        assert list(answer.view.to_act) == [1]
        assert (cell(answer.view, 1, 1).owner, list(client.get_view(game_id).to_act)) == (2, [1])


def test_a_random_start_names_the_seat_drawn(server: str) -> None:
    with Client(server) as client:
        for _ in range(16):
            created = client.create_game_from_config(CONNECT_FOUR, starter=pb.Starter.STARTER_RANDOM)
            starter = created.game.config.starter
            assert starter in (pb.Starter.STARTER_FIRST_SEAT, pb.Starter.STARTER_SECOND_SEAT), pb.Starter.Name(starter)
            game_id = created.game.game_id
            assert client.get_game(game_id).config.starter == starter
            assert list(client.get_view(game_id).to_act) == [1 if starter == pb.Starter.STARTER_FIRST_SEAT else 2]
        unset = client.create_game_from_config(CONNECT_FOUR)
        assert unset.game.config.starter == pb.Starter.STARTER_FIRST_SEAT, "the answer names the first seat when unset"


def test_chess_refuses_another_starter(server: str) -> None:
    chess = pb.GameConfig(chess=pb.ChessConfig())
    with Client(server) as client:
        with pytest.raises(TabulaError) as refused:
            client.create_game_from_config(chess, starter=pb.Starter.STARTER_SECOND_SEAT)
        assert (refused.value.code, refused.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "config.starter" in refused.value.message

        # TabulaError carries the ErrorInfo; the BadRequest beside it, read from the raw call.
        with pytest.raises(grpc.RpcError) as raw:
            config = pb.GameConfig(chess=pb.ChessConfig(), starter=pb.Starter.STARTER_SECOND_SEAT)
            request = pb.CreateGameRequest(config=config)
            client.stub.CreateGame(request, timeout=10)
        assert bad_request_fields(raw.value) == [["config.starter"]], "one BadRequest, one field violation"

        first = client.create_game_from_config(chess, starter=pb.Starter.STARTER_FIRST_SEAT)
        assert first.game.config.starter == pb.Starter.STARTER_UNSPECIFIED, "chess is answered with no starter"


def test_the_misere_preset_loses_with_a_line(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("tic_tac_toe", "misere")
        game_id = created.game.game_id
        assert created.game.config.tic_tac_toe.misere
        seats = [client.with_credential(token.token) for token in created.seat_tokens]
        last = None
        for seat, (row, col) in zip([1, 2, 1, 2, 1], [(0, 0), (1, 0), (0, 1), (2, 2), (0, 2)]):
            last = seats[seat - 1].submit_move(game_id, moves.place_cell(row, col))
        assert last is not None and last.view.status == pb.GameStatus.GAME_STATUS_FINISHED
        outcome = last.view.outcome
        assert (outcome.type, outcome.winner, outcome.reason) == (
            pb.OutcomeType.OUTCOME_TYPE_WIN,
            2,
            pb.EndReason.END_REASON_OPPONENT_LINE,
        )
        assert [(c.row, c.col) for c in outcome.winning_line] == [(0, 0), (0, 1), (0, 2)]


def test_connect_four_blocked_cells_hold_discs_and_fill_columns(server: str) -> None:
    blocked = [pb.Cell(row=3, col=0), pb.Cell(row=0, col=6)]
    config = pb.GameConfig(connect_four=pb.ConnectFourConfig(blocked=blocked))
    with Client(server) as client:
        created = client.create_game_from_config(config)
        game_id = created.game.game_id
        assert list(created.game.config.connect_four.blocked) == blocked
        view = client.get_view(game_id)
        for wall in blocked:
            assert (cell(view, wall.row, wall.col).piece, cell(view, wall.row, wall.col).owner) == (pb.Piece.PIECE_WALL, 0)
        red = client.with_credential(created.seat_tokens[0].token)

        with pytest.raises(TabulaError) as full:
            red.submit_move(game_id, moves.drop(6))
        assert (full.value.code, full.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "COLUMN_FULL")
        landed = red.submit_move(game_id, moves.drop(0)).view
        assert (cell(landed, 2, 0).owner, cell(landed, 2, 0).piece) == (1, pb.Piece.PIECE_MARK), "it rests on the wall"
        assert cell(landed, 3, 0).piece == pb.Piece.PIECE_WALL


async def test_the_async_client_takes_the_starter(server: str) -> None:
    gomoku = pb.GameConfig(gomoku=pb.GomokuConfig())
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(gomoku, starter=pb.Starter.STARTER_SECOND_SEAT)
        assert created.game.config.starter == pb.Starter.STARTER_SECOND_SEAT
        assert list((await client.get_view(created.game.game_id)).to_act) == [2]
