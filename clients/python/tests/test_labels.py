"""Labels against a real server: games and series created with them, found by them a page at a
time, relabelled and cleared, a series' games taking its labels, and bad labels refused with
each one named."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import grpc
import pytest
from google.protobuf.field_mask_pb2 import FieldMask
from google.rpc import error_details_pb2, status_pb2

from conftest import start_server
from tabula_client import AsyncClient, Client, TabulaError, event_kind, moves, pb

TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())


def tag() -> str:
    """A label value no other test uses (lowercase letters and digits)."""
    return uuid.uuid4().hex[:16]


def ids(games: Any) -> list[str]:
    return [game.game_id for game in games]


def failure(error: TabulaError) -> tuple[grpc.StatusCode, str]:
    return error.code, error.reason


def assert_invalid_request(error: TabulaError) -> None:
    assert failure(error) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST"), error


def bad_request_fields(error: grpc.RpcError) -> list[str]:
    """The fields named by the google.rpc.BadRequest in a raw call's status details."""
    trailers: Any = error.trailing_metadata()
    status = status_pb2.Status.FromString(dict(trailers or ())["grpc-status-details-bin"])
    fields = []
    for detail in status.details:
        bad = error_details_pb2.BadRequest()
        if detail.Is(bad.DESCRIPTOR) and detail.Unpack(bad):
            fields += [violation.field for violation in bad.field_violations]
    return fields


def test_games_carry_their_labels_and_are_found_by_them_page_by_page(server: str) -> None:
    spring = tag()
    with Client(server) as client:
        client.create_saved_config(pb.SavedConfig(name=f"labels-{spring}", config=TIC_TAC_TOE))
        created = [
            client.create_game_from_preset("tic_tac_toe", "classic", labels={"tournament": spring, "round": "1"}),
            client.create_game_from_config(TIC_TAC_TOE, labels={"tournament": spring, "round": "1"}),
            client.create_game_from_pgn("1. e4 e5 *", labels={"tournament": spring, "round": "2"}),
            client.create_game_from_saved_config(f"labels-{spring}", labels={"tournament": spring, "round": "2"}),
            client.create_game_from_preset("connect_four", "classic", labels={"tournament": spring, "round": "2"}),
        ]
        client.create_game_from_preset("tic_tac_toe", "classic")  # no labels: never found by them
        game_ids = [answer.game.game_id for answer in created]
        assert dict(created[0].game.labels) == {"tournament": spring, "round": "1"}, "the answer carries them"
        assert dict(client.get_game(game_ids[2]).labels) == {"tournament": spring, "round": "2"}
        assert dict(client.create_game_from_preset("tic_tac_toe", "classic").game.labels) == {}, "none unless given"

        found: list[str] = []
        page_token = ""
        while True:
            page = client.list_games(labels={"tournament": spring}, page_size=2, page_token=page_token)
            assert len(page.games) <= 2
            assert all(game.labels["tournament"] == spring for game in page.games)
            found += ids(page.games)
            page_token = page.next_page_token
            if not page_token:
                break
        assert found == game_ids[::-1], "every labelled game, newest first, across three pages"

        round_two = client.list_games(labels={"tournament": spring, "round": "2"})
        assert ids(round_two.games) == game_ids[:1:-1], "every label must match"
        both = client.list_games(labels={"round": "2", "tournament": spring}, kind="tic_tac_toe")
        assert ids(both.games) == [game_ids[3]], "with the other filters"
        assert not client.list_games(labels={"tournament": spring, "round": "3"}).games
        assert not client.list_games(labels={"tournament": tag()}).games

        # Relabelling replaces every label; the game is found by its new ones only.
        relabelled = client.update_game_labels(game_ids[0], {"tournament": spring, "round": "final"})
        assert relabelled.game_id == game_ids[0]
        assert dict(relabelled.labels) == {"tournament": spring, "round": "final"}
        assert dict(client.get_game(game_ids[0]).labels) == {"tournament": spring, "round": "final"}
        assert ids(client.list_games(labels={"tournament": spring, "round": "final"}).games) == [game_ids[0]]
        assert ids(client.list_games(labels={"tournament": spring, "round": "1"}).games) == [game_ids[1]]
        assert relabelled.status == pb.GameStatus.GAME_STATUS_IN_PROGRESS and relabelled.seq == 1, "play untouched"

        # An empty mapping clears them.
        cleared = client.update_game_labels(game_ids[1], {})
        assert dict(cleared.labels) == {} and dict(client.get_game(game_ids[1]).labels) == {}
        assert game_ids[1] not in ids(client.list_games(labels={"tournament": spring}, page_size=500).games)

        # A finished game, and an archived one, is relabelled too.
        client.abort_game(game_ids[4], "the round was cancelled")
        assert dict(client.update_game_labels(game_ids[4], {"cancelled": "yes"}).labels) == {"cancelled": "yes"}
        client.archive_game(game_ids[4])
        archived = client.update_game_labels(game_ids[4], {"cancelled": "yes", "season": "2026"})
        assert archived.status == pb.GameStatus.GAME_STATUS_ARCHIVED and archived.labels["season"] == "2026"

        with pytest.raises(TabulaError) as missing:
            client.update_game_labels("no-such-game", {"round": "1"})
        assert failure(missing.value) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")


def test_bad_labels_are_refused_each_one_named(server: str) -> None:
    with Client(server) as client:
        with pytest.raises(TabulaError) as refused:
            client.create_game_from_preset("tic_tac_toe", "classic", labels={"Round": "1"})
        assert_invalid_request(refused.value)
        assert "labels[Round]" in refused.value.message
        with pytest.raises(TabulaError) as series:
            client.create_series_from_config(TIC_TAC_TOE, best_of=3, labels={"round": "One"})
        assert_invalid_request(series.value)
        assert "labels[round]" in series.value.message
        with pytest.raises(TabulaError) as listing:
            client.list_games(labels={"1st": "x"})
        assert_invalid_request(listing.value)
        with pytest.raises(TabulaError) as series_listing:
            client.list_series(labels={"Round": "1"})
        assert_invalid_request(series_listing.value)

        game_id = client.create_game_from_preset("tic_tac_toe", "classic", labels={"round": "1"}).game.game_id
        with pytest.raises(TabulaError) as relabel:
            client.update_game_labels(game_id, {"Round": "2", "ok": "yes"})
        assert_invalid_request(relabel.value)
        assert "game.labels[Round]" in relabel.value.message
        assert dict(client.get_game(game_id).labels) == {"round": "1"}, "a refused update changes nothing"

        # TabulaError carries the ErrorInfo; the BadRequest beside it, read from the raw call.
        with pytest.raises(grpc.RpcError) as raw:
            client.stub.CreateGame(
                pb.CreateGameRequest(kind=pb.GameKind.GAME_KIND_TIC_TAC_TOE, preset="classic", labels={"Round": "1"}),
                timeout=10,
            )
        assert bad_request_fields(raw.value) == ["labels[Round]"]
        bad_labels = pb.UpdateGameRequest(
            game=pb.Game(game_id=game_id, labels={"Round": "1", "r": "X"}), update_mask=FieldMask(paths=["labels"])
        )
        with pytest.raises(grpc.RpcError) as raw_update:
            client.stub.UpdateGame(bad_labels, timeout=10)
        assert sorted(bad_request_fields(raw_update.value)) == ["game.labels[Round]", "game.labels[r]"], "every one"
        bad_path = pb.UpdateGameRequest(game=pb.Game(game_id=game_id), update_mask=FieldMask(paths=["players"]))
        with pytest.raises(grpc.RpcError) as raw_mask:
            client.stub.UpdateGame(bad_path, timeout=10)
        assert bad_request_fields(raw_mask.value) == ["update_mask"]


def test_a_series_gives_its_labels_to_its_games_and_is_found_by_them(server: str) -> None:
    league = tag()
    with Client(server) as client:
        created = client.create_series_from_preset(
            "tic_tac_toe", "classic", best_of=3, labels={"league": league, "stage": "groups"}
        )
        series_id = created.series.series_id
        assert dict(created.series.labels) == {"league": league, "stage": "groups"}
        first_game = created.series.games[0].game_id
        assert dict(client.get_game(first_game).labels) == {"league": league, "stage": "groups"}, "its first game"
        assert ids(client.list_games(labels={"league": league}).games) == [first_game], "found among games too"

        other = client.create_series_from_config(TIC_TAC_TOE, first_to=2, labels={"league": league})
        client.create_series_from_config(TIC_TAC_TOE, first_to=1)  # no labels
        found: list[str] = []
        page_token = ""
        while True:
            page = client.list_series(labels={"league": league}, page_size=1, page_token=page_token)
            found += [series.series_id for series in page.series]
            page_token = page.next_page_token
            if not page_token:
                break
        assert found == [other.series.series_id, series_id], "newest first, a page at a time"
        staged = client.list_series(labels={"league": league, "stage": "groups"}, status="in_progress")
        assert [series.series_id for series in staged.series] == [series_id]

        updated = client.update_series_labels(series_id, {"league": league, "stage": "final"})
        assert updated.series_id == series_id and dict(updated.labels) == {"league": league, "stage": "final"}
        assert dict(client.get_series(series_id).labels) == {"league": league, "stage": "final"}
        assert not client.list_series(labels={"league": league, "stage": "groups"}).series
        kept = client.get_game(first_game).labels
        assert dict(kept) == {"league": league, "stage": "groups"}, "its games keep theirs"

        # Player 1 wins the first game; the second is made with the series' labels of now.
        one, two = (client.with_credential(token.token) for token in created.player_tokens)
        for seat, (row, col) in [(one, (0, 0)), (two, (1, 0)), (one, (0, 1)), (two, (1, 1)), (one, (0, 2))]:
            seat.submit_move(first_game, moves.place_cell(row, col))
        with client.series_events(series_id) as stream:
            guard = threading.Timer(20, stream.close)  # fail rather than wait for ever
            guard.start()
            second = next(
                (event.game_started for event in stream if event_kind(event) == "game_started" and event.seq > 1), None
            )
            guard.cancel()
        assert second is not None and second.number == 2
        assert dict(client.get_game(second.game_id).labels) == {"league": league, "stage": "final"}

        cleared = client.update_series_labels(other.series.series_id, {})
        assert dict(cleared.labels) == {}
        assert [series.series_id for series in client.list_series(labels={"league": league}).series] == [series_id]

        with pytest.raises(TabulaError) as bad:
            client.update_series_labels(series_id, {"Stage": "x"})
        assert_invalid_request(bad.value)
        assert "series.labels[Stage]" in bad.value.message
        with pytest.raises(TabulaError) as missing:
            client.update_series_labels("no-such-series", {"stage": "x"})
        assert failure(missing.value) == (grpc.StatusCode.NOT_FOUND, "SERIES_NOT_FOUND")


def test_relabelling_needs_a_service_key() -> None:
    key = "lobby-secret-0123456789"
    with start_server("--service-key", f"lobby={key}") as keyed, Client(keyed, credential=key) as manager:
        created = manager.create_game_from_preset("tic_tac_toe", "classic", labels={"round": "1"})
        game_id = created.game.game_id
        series_id = manager.create_series_from_config(TIC_TAC_TOE, best_of=1, labels={"round": "1"}).series.series_id
        seat = manager.with_credential(created.seat_tokens[0].token)
        with pytest.raises(TabulaError) as seat_key:
            seat.update_game_labels(game_id, {"round": "2"})
        assert failure(seat_key.value) == (grpc.StatusCode.PERMISSION_DENIED, "SERVICE_KEY_REQUIRED")
        with pytest.raises(TabulaError) as anonymous:
            manager.with_credential(None).update_series_labels(series_id, {"round": "2"})
        assert failure(anonymous.value) == (grpc.StatusCode.UNAUTHENTICATED, "CREDENTIAL_REQUIRED")
        assert dict(manager.get_game(game_id).labels) == {"round": "1"}
        assert dict(manager.update_game_labels(game_id, {"round": "2"}).labels) == {"round": "2"}
        assert dict(manager.update_series_labels(series_id, {"round": "2"}).labels) == {"round": "2"}


async def test_the_async_client_labels_finds_and_relabels(server: str) -> None:
    cup = tag()
    async with AsyncClient(server) as client:
        created = [
            await client.create_game_from_preset("tic_tac_toe", "classic", labels={"cup": cup}),
            await client.create_game_from_config(TIC_TAC_TOE, labels={"cup": cup, "table": "2"}),
            await client.create_game_from_pgn("1. d4 *", labels={"cup": cup}),
        ]
        game_ids = [answer.game.game_id for answer in created]
        first = await client.list_games(labels={"cup": cup}, page_size=2)
        assert ids(first.games) == game_ids[:0:-1] and first.next_page_token
        rest = await client.list_games(labels={"cup": cup}, page_size=2, page_token=first.next_page_token)
        assert ids(rest.games) == [game_ids[0]] and not rest.next_page_token

        relabelled = await client.update_game_labels(game_ids[0], {"cup": cup, "table": "2"})
        assert dict(relabelled.labels) == {"cup": cup, "table": "2"}
        assert ids((await client.list_games(labels={"table": "2", "cup": cup})).games) == game_ids[1::-1]
        assert dict((await client.update_game_labels(game_ids[1], {})).labels) == {}
        assert ids((await client.list_games(labels={"table": "2", "cup": cup})).games) == [game_ids[0]]

        with pytest.raises(TabulaError) as refused:
            await client.create_game_from_preset("tic_tac_toe", "classic", labels={"Round": "1"})
        assert_invalid_request(refused.value)
        assert "labels[Round]" in refused.value.message

        series = await client.create_series_from_saved_config(
            (await client.create_saved_config(pb.SavedConfig(name=f"cup-{cup}", config=TIC_TAC_TOE))).name,
            best_of=1,
            labels={"cup": cup},
        )
        series_id = series.series.series_id
        assert dict(series.series.labels) == {"cup": cup}
        assert dict((await client.get_game(series.series.games[0].game_id)).labels) == {"cup": cup}
        listed = await client.list_series(labels={"cup": cup})
        assert [s.series_id for s in listed.series] == [series_id]
        updated = await client.update_series_labels(series_id, {"cup": cup, "final": "yes"})
        assert dict(updated.labels) == {"cup": cup, "final": "yes"}
        assert [s.series_id for s in (await client.list_series(labels={"final": "yes", "cup": cup})).series] == [
            series_id
        ]
        assert dict((await client.update_series_labels(series_id, {})).labels) == {}
        assert not (await client.list_series(labels={"cup": cup})).series
