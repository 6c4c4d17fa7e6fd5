"""A game as a document against a real server: exported with a few moves played, deleted and
imported again with the same id, log and seat tokens; imported twice; a tampered document
refused with its field violation; a document only validated, which stores nothing."""

from __future__ import annotations

import json
from typing import Any

import grpc
import pytest

from tabula_client import AsyncClient, Client, ErrorReason, FieldViolation, TabulaError, moves, pb

TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
# X in a corner, O in the centre, X in the next corner: O is to move at seq 5.
OPENING = [(0, (0, 0)), (1, (1, 1)), (0, (0, 2))]


def played(client: Client) -> tuple[str, list[str]]:
    """A tic-tac-toe game with the opening played: its id and its two seat tokens."""
    created = client.create_game_from_config(TIC_TAC_TOE)
    game_id = created.game.game_id
    tokens = [token.token for token in created.seat_tokens]
    for seat, (row, col) in OPENING:
        client.with_credential(tokens[seat]).submit_move(game_id, moves.place_cell(row, col))
    return game_id, tokens


def assert_not_found(client: Client, game_id: str) -> None:
    with pytest.raises(TabulaError) as missing:
        client.get_game(game_id)
    assert missing.value.error_reason == ErrorReason.ERROR_REASON_GAME_NOT_FOUND


def moves_of(document: str) -> list[Any]:
    """The events of a document, as its JSON has them."""
    return list(json.loads(document)["events"])


def test_a_game_exported_deleted_and_imported_carries_on_with_its_seat_tokens(server: str) -> None:
    with Client(server) as client:
        game_id, tokens = played(client)
        x, o = (client.with_credential(token) for token in tokens)
        before = client.get_view(game_id)
        document = client.export_game(game_id)
        parsed = json.loads(document)
        assert (parsed["format"], parsed["id"]) == ("tabula.game.v1", game_id)
        assert [event["seq"] for event in parsed["events"]] == [1, 2, 3, 4], "the creation and three moves"
        assert not any(token in document for token in tokens), "the tokens' hashes only"

        client.delete_game(game_id)
        assert_not_found(client, game_id)

        game = client.import_game(document)
        assert (game.game_id, game.seq, game.move_count) == (game_id, 4, 3)
        assert game.status == pb.GameStatus.GAME_STATUS_IN_PROGRESS and game.kind == pb.GameKind.GAME_KIND_TIC_TAC_TOE
        assert client.get_game(game_id).seq == 4, "stored"
        after = client.get_view(game_id)
        assert (after.board, after.to_act, after.seq) == (before.board, before.to_act, before.seq), "the same moves"
        assert moves_of(client.export_game(game_id)) == moves_of(document), "the same log"

        # The tokens issued before the export still hold their seats.
        answer = o.submit_move(game_id, moves.place_cell(0, 1))
        assert answer.applied and answer.seq == 5
        with pytest.raises(TabulaError) as out_of_turn:
            o.submit_move(game_id, moves.place_cell(2, 2))
        assert out_of_turn.value.error_reason == ErrorReason.ERROR_REASON_NOT_YOUR_TURN
        assert x.submit_move(game_id, moves.place_cell(2, 0)).seq == 6


def test_a_document_imported_twice_is_refused_the_second_time(server: str) -> None:
    with Client(server) as client:
        game_id, _ = played(client)
        document = client.export_game(game_id)
        with pytest.raises(TabulaError) as still_there:
            client.import_game(document)
        client.delete_game(game_id)
        client.import_game(document)
        with pytest.raises(TabulaError) as twice:
            client.import_game(document)
    for refused in (still_there.value, twice.value):
        assert (refused.code, refused.reason) == (grpc.StatusCode.ALREADY_EXISTS, "GAME_EXISTS")
        assert refused.error_reason == ErrorReason.ERROR_REASON_GAME_EXISTS
        assert refused.metadata["game_id"] == game_id


def tampered(document: str, change: str) -> str:
    """`document` with one of its events changed: its `seq`, or O's move onto X's cell."""
    parsed = json.loads(document)
    o_move = parsed["events"][2]
    if change == "seq":
        o_move["seq"] = 7
    else:
        _seat, action = o_move["kind"]["played"]["turn"]["Move"]
        action["Place"]["Cell"].update(row=0, col=0)
    return json.dumps(parsed)


@pytest.mark.parametrize("change", ["seq", "move"])
def test_a_tampered_document_is_refused_with_its_field_violation(server: str, change: str) -> None:
    with Client(server) as client:
        game_id, _ = played(client)
        document = client.export_game(game_id)
        client.delete_game(game_id)
        for validate_only in (True, False):
            with pytest.raises(TabulaError) as refused:
                client.import_game(tampered(document, change), validate_only=validate_only)
            error = refused.value
            assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_DOCUMENT")
            assert error.error_reason == ErrorReason.ERROR_REASON_INVALID_DOCUMENT
            assert [violation.field for violation in error.field_violations] == ["document"]
            assert isinstance(error.field_violations[0], FieldViolation) and error.field_violations[0].description
        assert_not_found(client, game_id)
        assert client.import_game(document).game_id == game_id, "the document as exported still imports"


def test_a_document_that_is_not_one_is_refused(server: str) -> None:
    with Client(server) as client:
        with pytest.raises(TabulaError) as refused:
            client.import_game("not a document", validate_only=True)
    assert refused.value.error_reason == ErrorReason.ERROR_REASON_INVALID_DOCUMENT
    assert [violation.field for violation in refused.value.field_violations] == ["document"]


def test_a_document_only_validated_stores_nothing(server: str) -> None:
    with Client(server) as client:
        game_id, _ = played(client)
        document = client.export_game(game_id)
        client.delete_game(game_id)
        game = client.import_game(document, validate_only=True)
        assert (game.game_id, game.seq, game.move_count) == (game_id, 4, 3), "the game as it would be"
        assert_not_found(client, game_id)
        assert client.import_game(document, validate_only=True).game_id == game_id, "and again: nothing stored"
        assert client.import_game(document).game_id == game_id


async def test_the_async_client_exports_and_imports(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(TIC_TAC_TOE)
        game_id = created.game.game_id
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        # X takes the top row while O plays the middle row: the game is over at seq 6.
        for seat, (row, col) in [(x, (0, 0)), (o, (1, 0)), (x, (0, 1)), (o, (1, 1)), (x, (0, 2))]:
            await seat.submit_move(game_id, moves.place_cell(row, col))
        document = await client.export_game(game_id)
        assert json.loads(document)["status"] != "in_progress"

        with pytest.raises(TabulaError) as exists:
            await client.import_game(document, validate_only=True)
        assert exists.value.error_reason == ErrorReason.ERROR_REASON_GAME_EXISTS
        await client.delete_game(game_id)
        checked = await client.import_game(document, validate_only=True)
        assert checked.status == pb.GameStatus.GAME_STATUS_FINISHED and checked.outcome.winner == 1
        with pytest.raises(TabulaError) as missing:
            await client.get_game(game_id)
        assert missing.value.error_reason == ErrorReason.ERROR_REASON_GAME_NOT_FOUND
        with pytest.raises(TabulaError) as refused:
            await client.import_game(tampered(document, "seq"))
        assert refused.value.error_reason == ErrorReason.ERROR_REASON_INVALID_DOCUMENT
        assert [violation.field for violation in refused.value.field_violations] == ["document"]

        game = await client.import_game(document)
        assert (game.game_id, game.seq, game.status) == (game_id, 7, pb.GameStatus.GAME_STATUS_FINISHED)
        assert game.outcome.winner == 1
        assert await client.export_game(game_id) == document, "the same document back"
