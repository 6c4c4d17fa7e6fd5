"""The calls beyond playing, against a real server: resignation, takebacks and hints, PGN
export and import, private games, listing, archiving, deleting and reissuing seat tokens."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import grpc
import pytest

from tabula_client import AsyncClient, Client, TabulaError, moves, pb


def test_resign_ends_the_game_for_the_other_seat(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("connect_four", "classic")
        game_id = created.game.game_id
        red = client.with_credential(created.seat_tokens[0].token)
        resigned = red.resign(game_id, request_id="resign-1")
        assert resigned.view.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert (resigned.view.outcome.winner, resigned.view.outcome.reason) == (2, pb.EndReason.END_REASON_RESIGNATION)
        assert red.resign(game_id, request_id="resign-1") == resigned, "a retry answers as the first did"
        with pytest.raises(TabulaError) as over:
            red.resign(game_id)
        assert (over.value.code, over.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")
        with pytest.raises(TabulaError) as spectator:
            client.resign(game_id)
        assert spectator.value.reason == "SEAT_REQUIRED"


def test_a_hint_is_played_and_taken_back(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("peg_solitaire", "triangle15")
        game_id = created.game.game_id
        player = client.with_credential(created.seat_tokens[0].token)
        hint = player.get_hint(game_id)
        assert hint.result == pb.HintResult.HINT_RESULT_MOVE and hint.HasField("move")
        played = player.submit_move(game_id, hint.move, expected_seq=hint.seq, basic_answer=True)
        assert not played.HasField("view"), "a basic answer leaves the view out"
        assert (played.seq, played.status) == (hint.seq + 1, pb.GameStatus.GAME_STATUS_IN_PROGRESS)
        assert list(played.to_act) == [1]
        with pytest.raises(TabulaError) as stale:
            player.take_back(game_id, expected_seq=hint.seq)
        assert (stale.value.code, stale.value.reason) == (grpc.StatusCode.ABORTED, "STALE_SEQ")
        taken = player.take_back(game_id, expected_seq=played.seq, request_id="undo-1")
        assert taken.seq == played.seq + 1 and taken.view.move_count == 0
        with pytest.raises(TabulaError) as nothing:
            player.take_back(game_id)
        assert nothing.value.reason == "NOTHING_TO_TAKE_BACK"
        chess = client.create_game_from_preset("chess", "standard")
        white = client.with_credential(chess.seat_tokens[0].token)
        with pytest.raises(TabulaError) as disabled:
            white.get_hint(chess.game.game_id)
        assert disabled.value.reason == "HINTS_DISABLED", "two seats: no hints unless the game allows them"


def test_a_chess_game_exported_as_pgn_imports_again(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("chess", "standard")
        game_id = created.game.game_id
        white = client.with_credential(created.seat_tokens[0].token)
        (e4,) = [legal for legal in white.list_legal_moves(game_id).moves if legal.uci == "e2e4"]
        assert e4.move == moves.move(moves.at_cell(6, 4), moves.at_cell(4, 4))
        white.submit_move(game_id, e4.move)
        pgn = client.export_pgn(game_id)
        assert "1. e4 *" in pgn
        imported = client.create_game_from_pgn(pgn, request_id="import-1")
        assert imported.game.kind == pb.GameKind.GAME_KIND_CHESS and len(imported.seat_tokens) == 2
        assert client.get_view(imported.game.game_id).move_count == 1
        start = client.create_game_from_pgn(pgn, ply=0)
        assert client.get_view(start.game.game_id).move_count == 0
        with pytest.raises(TabulaError) as bad:
            client.create_game_from_pgn("1. e5 *")
        assert (bad.value.code, bad.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_PGN")
        four = client.create_game_from_preset("connect_four", "classic")
        with pytest.raises(TabulaError) as not_chess:
            client.export_pgn(four.game.game_id)
        assert not_chess.value.reason == "UNSUPPORTED_BY_GAME"


def test_a_private_game_refuses_spectators(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), private=True, request_id="private-1"
        )
        game_id = created.game.game_id
        seat = client.with_credential(created.seat_tokens[0].token)
        assert seat.get_view(game_id).seq == 1
        with pytest.raises(TabulaError) as refused:
            client.get_game(game_id)
        assert (refused.value.code, refused.value.reason) == (grpc.StatusCode.PERMISSION_DENIED, "PRIVATE_GAME")


def test_games_are_listed_archived_deleted_and_reissued(server: str) -> None:
    with Client(server) as client:
        since = datetime.now(timezone.utc) - timedelta(seconds=1)
        created = [client.create_game_from_preset("reversi", "small") for _ in range(3)]
        ids = [answer.game.game_id for answer in created]
        first = client.list_games(kind="reversi", create_time_after=since, page_size=2)
        assert [game.game_id for game in first.games] == ids[::-1][:2], "newest first"
        assert first.next_page_token
        rest = client.list_games(kind="reversi", create_time_after=since, page_size=2, page_token=first.next_page_token)
        assert [game.game_id for game in rest.games] == [ids[0]] and not rest.next_page_token
        assert not client.list_games(kind=pb.GameKind.GAME_KIND_REVERSI, create_time_before=since).games
        with pytest.raises(TabulaError) as bad_token:
            client.list_games(kind="reversi", page_token="nonsense")
        assert bad_token.value.reason == "INVALID_PAGE_TOKEN"

        game_id = ids[0]
        with pytest.raises(TabulaError) as running:
            client.archive_game(game_id)
        assert running.value.reason == "GAME_NOT_FINISHED"
        client.adjudicate_game(game_id, "draw", 0, "closing time")
        archived = client.archive_game(game_id)
        assert archived.status == pb.GameStatus.GAME_STATUS_ARCHIVED
        listed = client.list_games(kind="reversi", create_time_after=since)
        assert game_id not in [game.game_id for game in listed.games]
        assert [game.game_id for game in client.list_games(status="archived").games] == [game_id]

        token = client.reissue_seat_token(ids[1], 2)
        assert token.seat == 2 and token.seat_name == "White" and token.token != created[1].seat_tokens[1].token
        assert client.with_credential(token.token).list_legal_moves(ids[1]).seat == 2
        with pytest.raises(TabulaError) as revoked:
            client.with_credential(created[1].seat_tokens[1].token).get_view(ids[1])
        assert revoked.value.code == grpc.StatusCode.UNAUTHENTICATED

        client.delete_game(ids[2])
        with pytest.raises(TabulaError) as gone:
            client.get_game(ids[2])
        assert (gone.value.code, gone.value.reason) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")


async def test_the_async_client_makes_every_call(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_preset("peg_solitaire", "triangle15", private=True)
        game_id = created.game.game_id
        player = client.with_credential(created.seat_tokens[0].token)
        hint = await player.get_hint(game_id, timeout=10)
        played = await player.submit_move(game_id, hint.move, expected_seq=hint.seq, basic_answer=True)
        assert not played.HasField("view") and list(played.to_act) == [1]
        taken = await player.take_back(game_id, expected_seq=played.seq)
        assert taken.view.move_count == 0
        token = await client.reissue_seat_token(game_id, 1)
        with pytest.raises(TabulaError) as revoked:
            await player.get_view(game_id)
        assert revoked.value.code == grpc.StatusCode.UNAUTHENTICATED
        resigned = await client.with_credential(token.token).resign(game_id)
        assert resigned.view.outcome.type == pb.OutcomeType.OUTCOME_TYPE_DRAW
        assert (await client.archive_game(game_id)).status == pb.GameStatus.GAME_STATUS_ARCHIVED
        listed = await client.list_games(status=pb.GameStatus.GAME_STATUS_ARCHIVED, page_size=500)
        assert game_id in [game.game_id for game in listed.games]
        await client.delete_game(game_id)
        with pytest.raises(TabulaError) as gone:
            await client.get_game(game_id)
        assert gone.value.reason == "GAME_NOT_FOUND"

        chess = await client.create_game_from_preset("chess", "standard")
        pgn = await client.export_pgn(chess.game.game_id)
        imported = await client.create_game_from_pgn(pgn, ply=0)
        assert imported.game.kind == pb.GameKind.GAME_KIND_CHESS
