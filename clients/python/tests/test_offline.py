"""Every call of both clients against a stand-in server, offline: each is wrapped, carries
the client's credential, has the default deadline or its own `timeout=`, options reach the
server, and event streams (a game's, a series' and a tournament's) report gaps in seqs, the
owner's stream sends its filters and refuses a cursor out of order, and each cancels its call
when its block ends."""

from __future__ import annotations

import asyncio
import inspect
import re
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import grpc
import pytest

from standin import SERVICE, StandInServer
from tabula_client import (
    DEFAULT_TIMEOUT,
    AsyncClient,
    Client,
    TabulaError,
    bot_seat,
    clocks,
    enum_name,
    event_kind,
    game_from_config,
    game_from_pgn,
    game_from_preset,
    game_from_saved_config,
    moves,
    pb,
    presence_config,
    tournaments,
)
from tabula_client._common import owner_kind_value, owner_stream_request

#: The wrapper of each unary RPC, called with plausible arguments (and `timeout` when given).
CALLS: dict[str, tuple[str, Callable[..., Any]]] = {
    "list_game_kinds": ("ListGameKinds", lambda c, **t: c.list_game_kinds(**t)),
    "create_game_from_preset": ("CreateGame", lambda c, **t: c.create_game_from_preset("chess", "standard", **t)),
    "create_game_from_config": ("CreateGame", lambda c, **t: c.create_game_from_config(pb.GameConfig(), **t)),
    "create_game_from_pgn": ("CreateGame", lambda c, **t: c.create_game_from_pgn("1. e4 *", ply=1, **t)),
    "create_game_from_saved_config": ("CreateGame", lambda c, **t: c.create_game_from_saved_config("mine", **t)),
    "batch_create_games": (
        "BatchCreateGames",
        lambda c, **t: c.batch_create_games([game_from_preset("chess", "standard")], request_id="b", **t),
    ),
    "create_rematch": ("CreateRematch", lambda c, **t: c.create_rematch("g", request_id="again", **t)),
    "get_game": ("GetGame", lambda c, **t: c.get_game("g", **t)),
    "list_games": ("ListGames", lambda c, **t: c.list_games(kind="chess", status="finished", **t)),
    "get_view": ("GetView", lambda c, **t: c.get_view("g", at_seq=2, **t)),
    "list_legal_moves": ("ListLegalMoves", lambda c, **t: c.list_legal_moves("g", 1, **t)),
    "submit_move": ("SubmitMove", lambda c, **t: c.submit_move("g", moves.drop(3), expected_seq=1, **t)),
    "resign": ("Resign", lambda c, **t: c.resign("g", request_id="r", **t)),
    "export_pgn": ("ExportPgn", lambda c, **t: c.export_pgn("g", **t)),
    "export_game": ("ExportGame", lambda c, **t: c.export_game("g", **t)),
    "import_game": ("ImportGame", lambda c, **t: c.import_game('{"format": "tabula.game.v1"}', **t)),
    "get_hint": ("GetHint", lambda c, **t: c.get_hint("g", max_time=0.5, max_nodes=1000, at_seq=2, **t)),
    "list_puzzle_solutions": (
        "ListPuzzleSolutions",
        lambda c, **t: c.list_puzzle_solutions("g", page_size=20, page_token="a", at_seq=3, **t),
    ),
    "take_back": ("TakeBack", lambda c, **t: c.take_back("g", expected_seq=2, **t)),
    "answer_take_back": ("AnswerTakeBack", lambda c, **t: c.answer_take_back("g", True, expected_seq=3, **t)),
    "claim_victory": ("ClaimVictory", lambda c, **t: c.claim_victory("g", draw=True, request_id="c", **t)),
    "archive_game": ("ArchiveGame", lambda c, **t: c.archive_game("g", **t)),
    "delete_game": ("DeleteGame", lambda c, **t: c.delete_game("g", **t)),
    "update_game_labels": ("UpdateGame", lambda c, **t: c.update_game_labels("g", {"round": "1"}, **t)),
    "reissue_seat_token": ("ReissueSeatToken", lambda c, **t: c.reissue_seat_token("g", 1, **t)),
    "abort_game": ("AbortGame", lambda c, **t: c.abort_game("g", "why", **t)),
    "adjudicate_game": ("AdjudicateGame", lambda c, **t: c.adjudicate_game("g", "draw", 0, "why", **t)),
    "pause_clock": ("PauseClock", lambda c, **t: c.pause_clock("g", request_id="p", **t)),
    "resume_clock": ("ResumeClock", lambda c, **t: c.resume_clock("g", **t)),
    "add_time": ("AddTime", lambda c, **t: c.add_time("g", 2, 30, **t)),
    "create_saved_config": ("CreateSavedConfig", lambda c, **t: c.create_saved_config(pb.SavedConfig(name="s"), **t)),
    "get_saved_config": ("GetSavedConfig", lambda c, **t: c.get_saved_config("s", **t)),
    "list_saved_configs": ("ListSavedConfigs", lambda c, **t: c.list_saved_configs(page_size=2, page_token="a", **t)),
    "update_saved_config": ("UpdateSavedConfig", lambda c, **t: c.update_saved_config(pb.SavedConfig(name="s"), **t)),
    "delete_saved_config": ("DeleteSavedConfig", lambda c, **t: c.delete_saved_config("s", **t)),
    "create_series_from_preset": (
        "CreateSeries",
        lambda c, **t: c.create_series_from_preset("tic_tac_toe", "classic", best_of=3, **t),
    ),
    "create_series_from_config": (
        "CreateSeries",
        lambda c, **t: c.create_series_from_config(pb.GameConfig(), first_to=2, **t),
    ),
    "create_series_from_saved_config": (
        "CreateSeries",
        lambda c, **t: c.create_series_from_saved_config("mine", best_of=5, **t),
    ),
    "get_series": ("GetSeries", lambda c, **t: c.get_series("s", **t)),
    "list_series": ("ListSeries", lambda c, **t: c.list_series(status="finished", **t)),
    "update_series_labels": ("UpdateSeries", lambda c, **t: c.update_series_labels("s", {"round": "1"}, **t)),
    "create_tournament_from_preset": (
        "CreateTournament",
        lambda c, **t: c.create_tournament_from_preset("tic_tac_toe", "classic", [tournaments.person("a")], **t),
    ),
    "create_tournament_from_config": (
        "CreateTournament",
        lambda c, **t: c.create_tournament_from_config(pb.GameConfig(), [tournaments.engine(1)], **t),
    ),
    "create_tournament_from_saved_config": (
        "CreateTournament",
        lambda c, **t: c.create_tournament_from_saved_config("mine", [], format="double_round_robin", **t),
    ),
    "get_tournament": ("GetTournament", lambda c, **t: c.get_tournament("t", **t)),
    "export_tournament_trf": ("ExportTournamentTrf", lambda c, **t: c.export_tournament_trf("t", **t)),
    "list_tournaments": ("ListTournaments", lambda c, **t: c.list_tournaments(status="cancelled", **t)),
    "start_tournament_round": ("StartTournamentRound", lambda c, **t: c.start_tournament_round("t", 2, **t)),
    "withdraw_tournament_player": (
        "WithdrawTournamentPlayer",
        lambda c, **t: c.withdraw_tournament_player("t", 3, **t),
    ),
    "add_tournament_player": (
        "AddTournamentPlayer",
        lambda c, **t: c.add_tournament_player("t", tournaments.person("late"), **t),
    ),
    "cancel_tournament": ("CancelTournament", lambda c, **t: c.cancel_tournament("t", **t)),
    "get_player_ratings": ("GetPlayerRatings", lambda c, **t: c.get_player_ratings("u-17", **t)),
    "list_leaderboard": (
        "ListLeaderboard",
        lambda c, **t: c.list_leaderboard("chess", page_size=2, page_token="a", exclude_provisional=True, **t),
    ),
}

#: The wrappers of the server-streaming RPCs (no deadline, no `timeout=`).
STREAMS = {
    "StreamEvents": "events",
    "StreamSeriesEvents": "series_events",
    "StreamTournamentEvents": "tournament_events",
    "StreamOwnerEvents": "owner_events",
}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def test_every_rpc_has_a_wrapper_named_after_it_in_both_clients() -> None:
    names = {
        "CreateGame": [
            "create_game_from_preset",
            "create_game_from_config",
            "create_game_from_pgn",
            "create_game_from_saved_config",
        ],
        # Several games in one call, each built like the ones above (`game_from_preset`, ...).
        "BatchCreateGames": ["batch_create_games"],
        # A finished game played again, its players swapped.
        "CreateRematch": ["create_rematch"],
        "CreateSeries": [
            "create_series_from_preset",
            "create_series_from_config",
            "create_series_from_saved_config",
        ],
        # Only labels may change, so the wrappers say so.
        "UpdateGame": ["update_game_labels"],
        "UpdateSeries": ["update_series_labels"],
        "CreateTournament": [
            "create_tournament_from_preset",
            "create_tournament_from_config",
            "create_tournament_from_saved_config",
        ],
    }
    names.update({rpc: [name] for rpc, name in STREAMS.items()})
    wrapped = {rpc for rpc, _ in CALLS.values()} | set(STREAMS)
    assert wrapped == {method.name for method in SERVICE.methods}, "CALLS covers every RPC"
    for method in SERVICE.methods:
        for name in names.get(method.name, [snake(method.name)]):
            for cls in (Client, AsyncClient):
                assert callable(getattr(cls, name, None)), f"{cls.__name__}.{name} wraps {method.name}"
                parameters = inspect.signature(getattr(cls, name)).parameters
                if name not in STREAMS.values():
                    assert parameters["timeout"].kind is inspect.Parameter.KEYWORD_ONLY, f"{cls.__name__}.{name}"
                    assert parameters["timeout"].default is None, "None means the client's default"
                    assert parameters["retry"].kind is inspect.Parameter.KEYWORD_ONLY, f"{cls.__name__}.{name}"
                    assert parameters["retry"].default is None, "None means the client's policy"
                    assert inspect.iscoroutinefunction(getattr(cls, name)) == (cls is AsyncClient)
                else:
                    assert parameters["give_up_after"].default == 30.0, f"{cls.__name__}.{name}"
                    assert parameters["retries"].default is None, "no count by default"


@pytest.fixture
def stand_in() -> Iterator[StandInServer]:
    server = StandInServer()
    yield server
    server.stop()


def assert_deadline(remaining: float | None, seconds: float) -> None:
    assert remaining is not None and seconds - 5 < remaining < seconds + 0.5, f"deadline {remaining}, expected {seconds}"


@pytest.mark.parametrize("name", CALLS)
def test_each_call_sends_the_credential_and_a_deadline(stand_in: StandInServer, name: str) -> None:
    rpc, call = CALLS[name]
    with Client(stand_in.address, credential="key") as client:
        call(client)
        seen = stand_in.last(rpc)
        assert seen.authorization == "Bearer key"
        assert_deadline(seen.time_remaining, DEFAULT_TIMEOUT)
        call(client, timeout=7.0)
        assert_deadline(stand_in.last(rpc).time_remaining, 7.0)
        call(client.with_credential(None))
        assert stand_in.last(rpc).authorization is None, "a spectator sends no credential"
    with Client(stand_in.address, timeout=12.0) as slow:
        call(slow)
        assert_deadline(stand_in.last(rpc).time_remaining, 12.0)


@pytest.mark.parametrize("name", CALLS)
async def test_each_async_call_sends_the_credential_and_a_deadline(stand_in: StandInServer, name: str) -> None:
    rpc, call = CALLS[name]
    async with AsyncClient(stand_in.address, credential="key") as client:
        await call(client)
        seen = stand_in.last(rpc)
        assert seen.authorization == "Bearer key"
        assert_deadline(seen.time_remaining, DEFAULT_TIMEOUT)
        await call(client.with_credential("seat"), timeout=7.0)
        assert stand_in.last(rpc).authorization == "Bearer seat"
        assert_deadline(stand_in.last(rpc).time_remaining, 7.0)


def test_hint_and_creation_options_reach_the_server(stand_in: StandInServer) -> None:
    def arrived(rpc: str, message: Any) -> Any:
        message.ParseFromString(stand_in.last(rpc).request)
        return message

    with Client(stand_in.address) as client:
        client.get_hint("g", max_time=0.25, max_nodes=1000, at_seq=3)
        sent = arrived("GetHint", pb.GetHintRequest())
        assert (sent.max_time.ToMilliseconds(), sent.max_nodes, sent.at_seq) == (250, 1000, 3)
        client.get_hint("g", max_time=timedelta(seconds=2))
        sent = arrived("GetHint", pb.GetHintRequest())
        assert sent.max_time.ToMilliseconds() == 2000 and not sent.HasField("at_seq")
        client.get_hint("g")
        sent = arrived("GetHint", pb.GetHintRequest())
        assert not sent.HasField("max_time") and sent.max_nodes == 0, "unset: the server's defaults"

        client.create_game_from_preset("tic_tac_toe", "classic", allow_hints=True)
        assert arrived("CreateGame", pb.CreateGameRequest()).allow_hints is True
        client.create_game_from_config(pb.GameConfig(), allow_hints=False)
        sent = arrived("CreateGame", pb.CreateGameRequest())
        assert sent.HasField("allow_hints") and sent.allow_hints is False
        client.create_game_from_pgn("1. e4 *")
        assert not arrived("CreateGame", pb.CreateGameRequest()).HasField("allow_hints"), "unset: the server decides"


def test_import_and_puzzle_options_reach_the_server(stand_in: StandInServer) -> None:
    def arrived(rpc: str, message: Any) -> Any:
        message.ParseFromString(stand_in.last(rpc).request)
        return message

    with Client(stand_in.address) as client:
        assert client.export_game("g") == "", "the stand-in's empty document"
        assert arrived("ExportGame", pb.ExportGameRequest()).game_id == "g"
        client.import_game("{}")
        assert arrived("ImportGame", pb.ImportGameRequest()) == pb.ImportGameRequest(document="{}")
        client.import_game("{}", validate_only=True)
        assert arrived("ImportGame", pb.ImportGameRequest()).validate_only

        client.list_puzzle_solutions("g", page_size=20, page_token="next", at_seq=3)
        sent = arrived("ListPuzzleSolutions", pb.ListPuzzleSolutionsRequest())
        assert (sent.game_id, sent.page_size, sent.page_token, sent.at_seq) == ("g", 20, "next", 3)
        client.list_puzzle_solutions("g")
        sent = arrived("ListPuzzleSolutions", pb.ListPuzzleSolutionsRequest())
        assert not sent.HasField("at_seq") and (sent.page_size, sent.page_token) == (0, ""), "the current position"

        before = len(stand_in.seen)
        assert list(client.iter_puzzle_solutions("g", page_size=7, at_seq=2)) == [], "an empty last page"
        assert len(stand_in.seen) == before + 1, "no next_page_token: no second call"
        sent = arrived("ListPuzzleSolutions", pb.ListPuzzleSolutionsRequest())
        assert (sent.page_size, sent.page_token, sent.at_seq) == (7, "", 2)


async def test_the_async_import_and_puzzle_options_reach_the_server(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        await client.import_game("{}", validate_only=True)
        sent = pb.ImportGameRequest.FromString(stand_in.last("ImportGame").request)
        assert sent == pb.ImportGameRequest(document="{}", validate_only=True)
        assert [solution async for solution in client.iter_puzzle_solutions("g", page_size=7, at_seq=2)] == []
        sent_page = pb.ListPuzzleSolutionsRequest.FromString(stand_in.last("ListPuzzleSolutions").request)
        assert (sent_page.page_size, sent_page.page_token, sent_page.at_seq) == (7, "", 2)


def test_a_game_from_a_saved_config_sends_its_name_and_the_options(stand_in: StandInServer) -> None:
    def arrived() -> pb.CreateGameRequest:
        return pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)

    with Client(stand_in.address) as client:
        client.create_game_from_saved_config(
            "big-board", private=True, request_id="from-saved", bots=[bot_seat(2, 3)], allow_hints=True
        )
        sent = arrived()
        assert sent.WhichOneof("source") == "saved_config" and sent.saved_config == "big-board"
        assert (sent.private, sent.request_id, sent.allow_hints) == (True, "from-saved", True)
        assert [(bot.seat, bot.level) for bot in sent.bots] == [(2, 3)]
        assert sent.kind == pb.GameKind.GAME_KIND_UNSPECIFIED and not sent.HasField("config"), "the server has the rest"
        client.create_game_from_saved_config("plain")
        sent = arrived()
        assert (sent.WhichOneof("source"), sent.saved_config) == ("saved_config", "plain")
        assert (sent.private, sent.request_id, list(sent.bots)) == (False, "", [])
        assert not sent.HasField("allow_hints"), "unset: the server decides"


async def test_the_async_saved_config_calls_send_what_they_are_given(stand_in: StandInServer) -> None:
    def arrived(rpc: str, message: Any) -> Any:
        message.ParseFromString(stand_in.last(rpc).request)
        return message

    config = pb.GameConfig(connect_four=pb.ConnectFourConfig(width=9))
    saved = pb.SavedConfig(name="big-board", description="the big board", config=config)
    async with AsyncClient(stand_in.address) as client:
        await client.create_game_from_saved_config("big-board", private=True, request_id="r", allow_hints=False)
        sent = arrived("CreateGame", pb.CreateGameRequest())
        assert (sent.WhichOneof("source"), sent.saved_config, sent.private, sent.request_id) == (
            "saved_config",
            "big-board",
            True,
            "r",
        )
        assert sent.HasField("allow_hints") and sent.allow_hints is False
        assert isinstance(await client.create_saved_config(saved), pb.SavedConfig)
        assert arrived("CreateSavedConfig", pb.CreateSavedConfigRequest()).saved_config == saved
        await client.update_saved_config(saved)
        assert arrived("UpdateSavedConfig", pb.UpdateSavedConfigRequest()).saved_config == saved
        await client.get_saved_config("big-board")
        assert arrived("GetSavedConfig", pb.GetSavedConfigRequest()).name == "big-board"
        await client.delete_saved_config("big-board")
        assert arrived("DeleteSavedConfig", pb.DeleteSavedConfigRequest()).name == "big-board"
        assert isinstance(await client.list_saved_configs(page_size=2, page_token="b"), pb.ListSavedConfigsResponse)
        sent_list = arrived("ListSavedConfigs", pb.ListSavedConfigsRequest())
        assert (sent_list.page_size, sent_list.page_token) == (2, "b")


ALICE = pb.Player(player_id="alice-1", display_name="Alice")
BOB = pb.Player(player_id="bob-2", display_name="Bob")


def test_players_reach_the_server_from_every_create_call(stand_in: StandInServer) -> None:
    def arrived() -> pb.CreateGameRequest:
        return pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)

    with Client(stand_in.address) as client:
        client.create_game_from_preset("tic_tac_toe", "classic", players=[ALICE, BOB])
        assert list(arrived().players) == [ALICE, BOB], "in seat order"
        client.create_game_from_config(pb.GameConfig(), players=(p for p in [ALICE]), starter=pb.Starter.STARTER_RANDOM)
        sent = arrived()
        assert list(sent.players) == [ALICE] and sent.config.starter == pb.Starter.STARTER_RANDOM, "any iterable"
        client.create_game_from_pgn("1. e4 *", players=[pb.Player(), BOB])
        assert list(arrived().players) == [pb.Player(), BOB], "an unnamed seat 1 is sent as it is"
        client.create_game_from_saved_config("mine", players=[BOB], bots=[bot_seat(2, 1)])
        sent = arrived()
        assert (list(sent.players), [b.seat for b in sent.bots]) == ([BOB], [2])
        client.create_game_from_preset("chess", "standard")
        assert list(arrived().players) == [], "nobody named unless asked"


def test_the_player_filter_reaches_the_server(stand_in: StandInServer) -> None:
    def arrived() -> pb.ListGamesRequest:
        return pb.ListGamesRequest.FromString(stand_in.last("ListGames").request)

    with Client(stand_in.address) as client:
        client.list_games(player_id="alice-1", kind="tic_tac_toe", page_size=5)
        sent = arrived()
        assert (sent.player_id, sent.kind, sent.page_size) == ("alice-1", pb.GameKind.GAME_KIND_TIC_TAC_TOE, 5)
        client.list_games()
        assert arrived().player_id == "", "empty: every game"


async def test_the_async_players_and_player_filter_reach_the_server(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        await client.create_game_from_preset("tic_tac_toe", "classic", players=[ALICE, BOB])
        assert list(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).players) == [ALICE, BOB]
        await client.create_game_from_config(pb.GameConfig(), players=[BOB])
        assert list(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).players) == [BOB]
        await client.create_game_from_pgn("1. e4 *", players=[ALICE])
        assert list(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).players) == [ALICE]
        await client.create_game_from_saved_config("mine", players=[ALICE])
        assert list(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).players) == [ALICE]
        await client.list_games(player_id="bob-2")
        assert pb.ListGamesRequest.FromString(stand_in.last("ListGames").request).player_id == "bob-2"


LABELS = {"tournament": "spring", "round": "3"}


def test_labels_reach_the_server_from_every_create_and_list_call(stand_in: StandInServer) -> None:
    def created() -> pb.CreateGameRequest:
        return pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)

    def series() -> pb.CreateSeriesRequest:
        return pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request)

    with Client(stand_in.address) as client:
        client.create_game_from_preset("tic_tac_toe", "classic", labels=LABELS)
        assert dict(created().labels) == LABELS
        client.create_game_from_config(pb.GameConfig(), labels={"round": "4"}, players=[ALICE])
        sent = created()
        assert (dict(sent.labels), list(sent.players)) == ({"round": "4"}, [ALICE])
        client.create_game_from_pgn("1. e4 *", labels=LABELS)
        assert dict(created().labels) == LABELS
        client.create_game_from_saved_config("mine", labels=LABELS)
        assert dict(created().labels) == LABELS
        client.create_game_from_preset("chess", "standard")
        assert dict(created().labels) == {}, "none unless given"

        client.create_series_from_preset("tic_tac_toe", "classic", best_of=3, labels=LABELS)
        assert dict(series().labels) == LABELS
        client.create_series_from_config(pb.GameConfig(), first_to=2, labels={"round": "4"})
        assert dict(series().labels) == {"round": "4"}
        client.create_series_from_saved_config("mine", best_of=1, labels=LABELS)
        assert dict(series().labels) == LABELS

        client.list_games(labels=LABELS, player_id="alice-1", page_size=2, page_token="t")
        listed = pb.ListGamesRequest.FromString(stand_in.last("ListGames").request)
        assert (dict(listed.labels), listed.player_id, listed.page_token) == (LABELS, "alice-1", "t")
        client.list_games()
        assert dict(pb.ListGamesRequest.FromString(stand_in.last("ListGames").request).labels) == {}, "every game"
        client.list_series(labels={"round": "3"}, status="finished")
        listed_series = pb.ListSeriesRequest.FromString(stand_in.last("ListSeries").request)
        assert (dict(listed_series.labels), listed_series.status) == (
            {"round": "3"},
            pb.SeriesStatus.SERIES_STATUS_FINISHED,
        )


def test_the_rating_pool_and_the_ratings_calls_reach_the_server(stand_in: StandInServer) -> None:
    def created() -> pb.CreateGameRequest:
        return pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)

    kind, preset = pb.RatingPool.RATING_POOL_KIND, pb.RatingPool.RATING_POOL_PRESET
    with Client(stand_in.address) as client:
        client.create_game_from_preset("chess", "chess960", players=[ALICE, BOB], rating_pool=preset)
        assert created().rating_pool == preset
        client.create_game_from_config(pb.GameConfig(), rating_pool="kind")
        assert created().rating_pool == kind
        client.create_game_from_pgn("1. e4 *", rating_pool="RATING_POOL_KIND")
        assert created().rating_pool == kind
        client.create_game_from_saved_config("mine", rating_pool=kind)
        assert created().rating_pool == kind
        client.create_game_from_preset("chess", "standard")
        assert created().rating_pool == pb.RatingPool.RATING_POOL_UNSPECIFIED, "not rated unless asked"
        client.batch_create_games([game_from_preset("chess", "standard", rating_pool="preset")])
        batch = pb.BatchCreateGamesRequest.FromString(stand_in.last("BatchCreateGames").request)
        assert [request.rating_pool for request in batch.requests] == [preset]

        assert client.get_player_ratings("u-17") == [], "the stand-in knows no rating"
        assert pb.GetPlayerRatingsRequest.FromString(stand_in.last("GetPlayerRatings").request).player_id == "u-17"
        client.list_leaderboard("chess/chess960", page_size=20, page_token="next", exclude_provisional=True)
        asked = pb.ListLeaderboardRequest.FromString(stand_in.last("ListLeaderboard").request)
        assert (asked.pool, asked.page_size, asked.page_token, asked.exclude_provisional) == (
            "chess/chess960",
            20,
            "next",
            True,
        )
        client.list_leaderboard("chess")
        first = pb.ListLeaderboardRequest.FromString(stand_in.last("ListLeaderboard").request)
        assert (first.page_size, first.page_token, first.exclude_provisional) == (0, "", False)


def test_a_batch_sends_each_request_as_the_create_calls_build_it(stand_in: StandInServer) -> None:
    def created() -> pb.CreateGameRequest:
        return pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)

    options: dict[str, Any] = {
        "private": True,
        "bots": [bot_seat(2, 3, 0.5)],
        "allow_hints": False,
        "players": [ALICE, BOB],
        "labels": LABELS,
    }
    clock = clocks.fischer(300, 2)
    with Client(stand_in.address) as client:
        client.create_game_from_preset("tic_tac_toe", "classic", **options)
        assert game_from_preset("tic_tac_toe", "classic", **options) == created()
        client.create_game_from_config(pb.GameConfig(), clock=clock, starter=pb.Starter.STARTER_RANDOM, **options)
        built = game_from_config(pb.GameConfig(), clock=clock, starter=pb.Starter.STARTER_RANDOM, **options)
        assert built == created()
        client.create_game_from_pgn("1. e4 *", ply=1, **options)
        assert game_from_pgn("1. e4 *", ply=1, **options) == created()
        client.create_game_from_saved_config("mine", **options)
        assert game_from_saved_config("mine", **options) == created()
        assert game_from_preset("chess", "standard") == pb.CreateGameRequest(
            kind=pb.GameKind.GAME_KIND_CHESS, preset="standard"
        ), "nothing set unless given"
        assert not game_from_pgn("1. e4 *").HasField("allow_hints") and not game_from_pgn("1. e4 *").pgn.HasField("ply")

        requests = [
            game_from_preset("chess", "standard", labels=LABELS),
            game_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), players=[ALICE]),
            game_from_saved_config("mine", bots=[bot_seat(1, 1)]),
        ]
        answers = client.batch_create_games(iter(requests), request_id="batch-1")
        assert answers == [], "one answer per game the server made (the stand-in makes none)"
        sent = pb.BatchCreateGamesRequest.FromString(stand_in.last("BatchCreateGames").request)
        assert (list(sent.requests), sent.request_id) == (requests, "batch-1"), "in order, any iterable"
        assert all(request.request_id == "" for request in sent.requests), "only the batch has one"
        client.batch_create_games(requests[:1])
        sent = pb.BatchCreateGamesRequest.FromString(stand_in.last("BatchCreateGames").request)
        assert (list(sent.requests), sent.request_id) == (requests[:1], ""), "no request id unless given"


async def test_the_async_batch_sends_its_requests_in_order(stand_in: StandInServer) -> None:
    requests = [game_from_preset("tic_tac_toe", "classic", labels=LABELS), game_from_pgn("1. d4 *", players=[BOB])]
    async with AsyncClient(stand_in.address, credential="key") as client:
        assert await client.batch_create_games(requests, request_id="batch-2", timeout=5) == []
        seen = stand_in.last("BatchCreateGames")
        sent = pb.BatchCreateGamesRequest.FromString(seen.request)
        assert (list(sent.requests), sent.request_id, seen.authorization) == (requests, "batch-2", "Bearer key")
        assert_deadline(seen.time_remaining, 5)


def test_a_rematch_sends_the_game_and_its_request_id(stand_in: StandInServer) -> None:
    def sent() -> pb.CreateRematchRequest:
        return pb.CreateRematchRequest.FromString(stand_in.last("CreateRematch").request)

    with Client(stand_in.address) as client:
        assert isinstance(client.create_rematch("g-1", request_id="again-1"), pb.CreateRematchResponse)
        assert (sent().game_id, sent().request_id) == ("g-1", "again-1")
        client.create_rematch("g-2")
        assert (sent().game_id, sent().request_id) == ("g-2", ""), "no request id unless given"


async def test_the_async_rematch_sends_the_game_and_its_request_id(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        assert isinstance(await client.create_rematch("g-3", request_id="again-3"), pb.CreateRematchResponse)
        sent = pb.CreateRematchRequest.FromString(stand_in.last("CreateRematch").request)
        assert (sent.game_id, sent.request_id) == ("g-3", "again-3")
        await client.create_rematch("g-4", request_id=None)
        sent = pb.CreateRematchRequest.FromString(stand_in.last("CreateRematch").request)
        assert (sent.game_id, sent.request_id) == ("g-4", "")


def test_relabelling_sends_the_labels_and_the_labels_mask(stand_in: StandInServer) -> None:
    with Client(stand_in.address) as client:
        assert isinstance(client.update_game_labels("g-1", LABELS), pb.Game)
        sent = pb.UpdateGameRequest.FromString(stand_in.last("UpdateGame").request)
        assert (sent.game.game_id, dict(sent.game.labels), list(sent.update_mask.paths)) == ("g-1", LABELS, ["labels"])
        client.update_game_labels("g-1", {})
        sent = pb.UpdateGameRequest.FromString(stand_in.last("UpdateGame").request)
        assert (dict(sent.game.labels), list(sent.update_mask.paths)) == ({}, ["labels"]), "empty clears them"

        assert isinstance(client.update_series_labels("s-1", LABELS), pb.Series)
        sent_series = pb.UpdateSeriesRequest.FromString(stand_in.last("UpdateSeries").request)
        assert (sent_series.series.series_id, dict(sent_series.series.labels), list(sent_series.update_mask.paths)) == (
            "s-1",
            LABELS,
            ["labels"],
        )
        client.update_series_labels("s-1", {})
        sent_series = pb.UpdateSeriesRequest.FromString(stand_in.last("UpdateSeries").request)
        assert (dict(sent_series.series.labels), list(sent_series.update_mask.paths)) == ({}, ["labels"])


async def test_the_async_labels_reach_the_server(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        await client.create_game_from_preset("tic_tac_toe", "classic", labels=LABELS)
        assert dict(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).labels) == LABELS
        await client.create_game_from_config(pb.GameConfig(), labels=LABELS)
        assert dict(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).labels) == LABELS
        await client.create_game_from_pgn("1. e4 *", labels=LABELS)
        assert dict(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).labels) == LABELS
        await client.create_game_from_saved_config("mine", labels=LABELS)
        assert dict(pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request).labels) == LABELS
        await client.create_series_from_preset("tic_tac_toe", "classic", best_of=3, labels=LABELS)
        assert dict(pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request).labels) == LABELS
        await client.create_series_from_config(pb.GameConfig(), first_to=1, labels=LABELS)
        assert dict(pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request).labels) == LABELS
        await client.create_series_from_saved_config("mine", best_of=1, labels=LABELS)
        assert dict(pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request).labels) == LABELS
        await client.list_games(labels=LABELS)
        assert dict(pb.ListGamesRequest.FromString(stand_in.last("ListGames").request).labels) == LABELS
        await client.list_series(labels=LABELS)
        assert dict(pb.ListSeriesRequest.FromString(stand_in.last("ListSeries").request).labels) == LABELS
        assert isinstance(await client.update_game_labels("g-2", {"round": "5"}), pb.Game)
        sent = pb.UpdateGameRequest.FromString(stand_in.last("UpdateGame").request)
        assert (sent.game.game_id, dict(sent.game.labels), list(sent.update_mask.paths)) == (
            "g-2",
            {"round": "5"},
            ["labels"],
        )
        assert isinstance(await client.update_series_labels("s-2", {}), pb.Series)
        sent_series = pb.UpdateSeriesRequest.FromString(stand_in.last("UpdateSeries").request)
        assert (sent_series.series.series_id, dict(sent_series.series.labels), list(sent_series.update_mask.paths)) == (
            "s-2",
            {},
            ["labels"],
        )


def test_series_options_reach_the_server(stand_in: StandInServer) -> None:
    def arrived() -> pb.CreateSeriesRequest:
        return pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request)

    with Client(stand_in.address) as client:
        answer = client.create_series_from_preset(
            "tic_tac_toe",
            "classic",
            best_of=3,
            draws="replayed",
            players=[ALICE, BOB],
            bots=[bot_seat(2, 1)],
            private=True,
            allow_hints=False,
            request_id="series-1",
        )
        assert isinstance(answer, pb.CreateSeriesResponse)
        sent = arrived()
        assert (sent.WhichOneof("source"), sent.kind, sent.preset) == (
            "preset",
            pb.GameKind.GAME_KIND_TIC_TAC_TOE,
            "classic",
        )
        assert (sent.best_of, sent.first_to, sent.draws) == (3, 0, pb.SeriesDraws.SERIES_DRAWS_REPLAYED)
        assert list(sent.players) == [ALICE, BOB] and [(b.seat, b.level) for b in sent.bots] == [(2, 1)]
        assert (sent.private, sent.HasField("allow_hints"), sent.allow_hints, sent.request_id) == (
            True,
            True,
            False,
            "series-1",
        )

        config = pb.GameConfig(connect_four=pb.ConnectFourConfig(width=8))
        client.create_series_from_config(
            config, first_to=2, draws=pb.SeriesDraws.SERIES_DRAWS_HALF_POINT, clock=clocks.per_move(5),
            starter=pb.Starter.STARTER_SECOND_SEAT,
        )
        sent = arrived()
        assert sent.WhichOneof("source") == "config" and sent.config.connect_four.width == 8
        assert (sent.best_of, sent.first_to, sent.draws) == (0, 2, pb.SeriesDraws.SERIES_DRAWS_HALF_POINT)
        assert sent.config.clock.controls[0].per_move.ToMilliseconds() == 5000
        assert sent.config.starter == pb.Starter.STARTER_SECOND_SEAT
        assert not config.HasField("clock") and config.starter == pb.Starter.STARTER_UNSPECIFIED, "the caller's config stays"
        assert not sent.HasField("allow_hints") and not sent.private and list(sent.players) == []

        client.create_series_from_saved_config("big-board", best_of=5, draws="SERIES_DRAWS_HALF_POINT")
        sent = arrived()
        assert (sent.WhichOneof("source"), sent.saved_config, sent.best_of) == ("saved_config", "big-board", 5)
        assert sent.kind == pb.GameKind.GAME_KIND_UNSPECIFIED and sent.draws == pb.SeriesDraws.SERIES_DRAWS_HALF_POINT
        client.create_series_from_preset("chess", "standard", best_of=1)
        assert arrived().draws == pb.SeriesDraws.SERIES_DRAWS_UNSPECIFIED, "unset: the server's default, half points"

        assert isinstance(client.get_series("s-1"), pb.Series)
        assert pb.GetSeriesRequest.FromString(stand_in.last("GetSeries").request).series_id == "s-1"
        page = client.list_series(status="in_progress", page_size=2, page_token="t")
        assert isinstance(page, pb.ListSeriesResponse)
        sent_list = pb.ListSeriesRequest.FromString(stand_in.last("ListSeries").request)
        assert (sent_list.status, sent_list.page_size, sent_list.page_token) == (
            pb.SeriesStatus.SERIES_STATUS_IN_PROGRESS,
            2,
            "t",
        )
        client.list_series()
        assert pb.ListSeriesRequest.FromString(stand_in.last("ListSeries").request) == pb.ListSeriesRequest()


async def test_the_async_series_calls_send_what_they_are_given(stand_in: StandInServer) -> None:
    def arrived() -> pb.CreateSeriesRequest:
        return pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request)

    async with AsyncClient(stand_in.address) as client:
        await client.create_series_from_preset("reversi", "small", first_to=3, players=[ALICE], bots=[bot_seat(1, 2)])
        sent = arrived()
        assert (sent.preset, sent.first_to, list(sent.players), sent.bots[0].seat) == ("small", 3, [ALICE], 1)
        await client.create_series_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), best_of=7, draws="replayed")
        sent = arrived()
        assert (sent.WhichOneof("source"), sent.best_of, sent.draws) == (
            "config",
            7,
            pb.SeriesDraws.SERIES_DRAWS_REPLAYED,
        )
        await client.create_series_from_saved_config("mine", best_of=1, private=True, request_id="r")
        sent = arrived()
        assert (sent.saved_config, sent.private, sent.request_id) == ("mine", True, "r")
        assert isinstance(await client.get_series("s-2"), pb.Series)
        assert pb.GetSeriesRequest.FromString(stand_in.last("GetSeries").request).series_id == "s-2"
        await client.list_series(status=pb.SeriesStatus.SERIES_STATUS_FINISHED, page_size=9)
        sent_list = pb.ListSeriesRequest.FromString(stand_in.last("ListSeries").request)
        assert (sent_list.status, sent_list.page_size) == (pb.SeriesStatus.SERIES_STATUS_FINISHED, 9)


def test_tournament_options_reach_the_server(stand_in: StandInServer) -> None:
    def sent() -> pb.CreateTournamentRequest:
        return pb.CreateTournamentRequest.FromString(stand_in.last("CreateTournament").request)

    alice, bot = tournaments.person("u-1", "Alice"), tournaments.engine(3, 0.5, player_id="bot-3")
    assert (bot.engine_level, bot.engine_move_time.ToMilliseconds(), bot.player_id) == (3, 500, "bot-3")
    with Client(stand_in.address, credential="key") as client:
        answer = client.create_tournament_from_preset(
            "chess",
            "standard",
            [alice, bot],
            format="double_round_robin",
            scoring=tournaments.scoring(win=3, draw=1),
            tie_breaks=["buchholz_cut_1", "TIE_BREAK_WINS", pb.TieBreak.TIE_BREAK_SONNEBORN_BERGER],
            hold_rounds=True,
            rating_pool="preset",
            private=True,
            allow_hints=False,
            labels=LABELS,
            request_id="t-1",
        )
        assert isinstance(answer, pb.CreateTournamentResponse)
        request = sent()
        assert (request.kind, request.preset, request.WhichOneof("source")) == (
            pb.GameKind.GAME_KIND_CHESS, "standard", "preset"
        )
        assert list(request.players) == [alice, bot]
        assert request.format == pb.TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN
        assert request.scoring == pb.TournamentScoring(win=3, draw=1, loss=0, bye=1)
        assert list(request.tie_breaks) == [
            pb.TieBreak.TIE_BREAK_BUCHHOLZ_CUT_1, pb.TieBreak.TIE_BREAK_WINS, pb.TieBreak.TIE_BREAK_SONNEBORN_BERGER
        ]
        assert (request.hold_rounds, request.rating_pool, request.private) == (
            True, pb.RatingPool.RATING_POOL_PRESET, True
        )
        assert request.HasField("allow_hints") and request.allow_hints is False
        assert (dict(request.labels), request.request_id) == (LABELS, "t-1")

        client.create_tournament_from_preset("tic_tac_toe", "classic", [alice])
        request = sent()
        assert request.format == pb.TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN, "the default format"
        assert not request.HasField("scoring") and not request.tie_breaks and not request.HasField("allow_hints")
        assert (request.hold_rounds, request.rating_pool, request.private, request.request_id) == (
            False, pb.RatingPool.RATING_POOL_UNSPECIFIED, False, ""
        ), "unset: the server's defaults"
        assert (request.best_of, request.seed_by_rating) == (0, False), "unset: the server's best of 1"
        assert (request.rounds, request.accelerated) == (0, False), "unset: the server's rounds, not accelerated"

        client.create_tournament_from_preset(
            "tic_tac_toe", "classic", [alice], format="knockout", best_of=5, rating_pool="preset", seed_by_rating=True
        )
        request = sent()
        assert request.format == pb.TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT
        assert (request.best_of, request.seed_by_rating) == (5, True)

        config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
        client.create_tournament_from_config(
            config,
            [alice],
            format="KNOCKOUT",
            best_of=3,
            clock=clocks.fischer(60, 1),
            starter=pb.Starter.STARTER_RANDOM,
        )
        request = sent()
        assert (request.format, request.best_of) == (pb.TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, 3)
        assert request.WhichOneof("source") == "config" and request.config.HasField("clock")
        assert request.config.starter == pb.Starter.STARTER_RANDOM
        assert not config.HasField("clock") and config.starter == pb.Starter.STARTER_UNSPECIFIED, "the caller's is kept"
        client.create_tournament_from_saved_config(
            "mine", [alice], format=pb.TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN
        )
        assert (sent().saved_config, sent().WhichOneof("source")) == ("mine", "saved_config")
        client.create_tournament_from_saved_config(
            "mine", [alice], format=pb.TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, best_of=7, seed_by_rating=True
        )
        assert (sent().format, sent().best_of, sent().seed_by_rating) == (
            pb.TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, 7, True
        )
        client.create_tournament_from_preset(
            "chess", "standard", [alice, bot], format="swiss", rounds=5, accelerated=True, rating_pool="preset",
            seed_by_rating=True,
        )
        request = sent()
        assert request.format == pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS
        assert (request.rounds, request.accelerated, request.seed_by_rating, request.best_of) == (5, True, True, 0)
        client.create_tournament_from_config(config, [alice], format=pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS, rounds=2)
        assert (sent().format, sent().rounds, sent().accelerated) == (pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS, 2, False)
        client.create_tournament_from_saved_config("mine", [alice], format="TOURNAMENT_FORMAT_SWISS", accelerated=True)
        assert (sent().saved_config, sent().format, sent().rounds, sent().accelerated) == (
            "mine", pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS, 0, True
        )

        assert isinstance(client.get_tournament("t-1"), pb.Tournament)
        assert pb.GetTournamentRequest.FromString(stand_in.last("GetTournament").request).tournament_id == "t-1"
        page = client.list_tournaments(status="in_progress", page_size=2, page_token="p", labels={"round": "3"})
        assert isinstance(page, pb.ListTournamentsResponse)
        listed = pb.ListTournamentsRequest.FromString(stand_in.last("ListTournaments").request)
        assert (listed.status, listed.page_size, listed.page_token, dict(listed.labels)) == (
            pb.TournamentStatus.TOURNAMENT_STATUS_IN_PROGRESS, 2, "p", {"round": "3"}
        )
        client.list_tournaments()
        listed = pb.ListTournamentsRequest.FromString(stand_in.last("ListTournaments").request)
        assert listed.status == pb.TournamentStatus.TOURNAMENT_STATUS_UNSPECIFIED, "every status"
        assert isinstance(client.start_tournament_round("t-1", 2), pb.Tournament)
        started = pb.StartTournamentRoundRequest.FromString(stand_in.last("StartTournamentRound").request)
        assert (started.tournament_id, started.round) == ("t-1", 2)
        assert isinstance(client.withdraw_tournament_player("t-1", 4), pb.Tournament)
        withdrawn = pb.WithdrawTournamentPlayerRequest.FromString(stand_in.last("WithdrawTournamentPlayer").request)
        assert (withdrawn.tournament_id, withdrawn.player) == ("t-1", 4)
        assert isinstance(client.add_tournament_player("t-1", alice), pb.AddTournamentPlayerResponse)
        added = pb.AddTournamentPlayerRequest.FromString(stand_in.last("AddTournamentPlayer").request)
        assert (added.tournament_id, added.player) == ("t-1", alice)
        client.add_tournament_player("t-1", bot)
        added = pb.AddTournamentPlayerRequest.FromString(stand_in.last("AddTournamentPlayer").request)
        assert added.player == bot and added.player.engine_move_time.ToMilliseconds() == 500, "as the creations send it"
        assert isinstance(client.cancel_tournament("t-1"), pb.Tournament)
        assert pb.CancelTournamentRequest.FromString(stand_in.last("CancelTournament").request).tournament_id == "t-1"
        with pytest.raises(ValueError):
            client.create_tournament_from_preset("tic_tac_toe", "classic", [alice], format="ladder")
        with pytest.raises(ValueError):
            client.list_tournaments(status="over")


async def test_the_async_tournament_calls_send_what_they_are_given(stand_in: StandInServer) -> None:
    def sent() -> pb.CreateTournamentRequest:
        return pb.CreateTournamentRequest.FromString(stand_in.last("CreateTournament").request)

    players = [tournaments.person("u-1"), tournaments.engine(2)]
    async with AsyncClient(stand_in.address) as client:
        await client.create_tournament_from_preset("reversi", "small", players, tie_breaks=["wins"], labels=LABELS)
        assert (sent().kind, sent().preset, list(sent().players), list(sent().tie_breaks), dict(sent().labels)) == (
            pb.GameKind.GAME_KIND_REVERSI, "small", players, [pb.TieBreak.TIE_BREAK_WINS], LABELS
        )
        await client.create_tournament_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), players, format="DOUBLE_ROUND_ROBIN", hold_rounds=True
        )
        assert sent().format == pb.TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN and sent().hold_rounds
        await client.create_tournament_from_saved_config("mine", players, private=True, request_id="r")
        assert (sent().saved_config, sent().private, sent().request_id) == ("mine", True, "r")
        await client.create_tournament_from_preset(
            "chess", "standard", players, format="knockout", best_of=3, rating_pool="preset", seed_by_rating=True
        )
        assert (sent().format, sent().best_of, sent().seed_by_rating) == (
            pb.TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, 3, True
        )
        await client.create_tournament_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), players, format="knockout", best_of=5
        )
        assert (sent().format, sent().best_of, sent().seed_by_rating) == (
            pb.TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, 5, False
        )
        await client.create_tournament_from_saved_config("mine", players, format="knockout", seed_by_rating=True)
        assert (sent().best_of, sent().seed_by_rating) == (0, True)
        await client.create_tournament_from_preset("reversi", "small", players, format="swiss", rounds=1)
        assert (sent().format, sent().rounds, sent().accelerated) == (pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS, 1, False)
        await client.create_tournament_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), players, format="swiss", accelerated=True
        )
        assert (sent().rounds, sent().accelerated) == (0, True)
        await client.create_tournament_from_saved_config("mine", players, format="swiss", rounds=3, accelerated=True)
        assert (sent().saved_config, sent().rounds, sent().accelerated) == ("mine", 3, True)
        assert isinstance(await client.get_tournament("t-2"), pb.Tournament)
        assert pb.GetTournamentRequest.FromString(stand_in.last("GetTournament").request).tournament_id == "t-2"
        await client.list_tournaments(status=pb.TournamentStatus.TOURNAMENT_STATUS_FINISHED, page_size=9)
        listed = pb.ListTournamentsRequest.FromString(stand_in.last("ListTournaments").request)
        assert (listed.status, listed.page_size) == (pb.TournamentStatus.TOURNAMENT_STATUS_FINISHED, 9)
        await client.start_tournament_round("t-2", 1)
        started = pb.StartTournamentRoundRequest.FromString(stand_in.last("StartTournamentRound").request)
        assert (started.tournament_id, started.round) == ("t-2", 1)
        await client.withdraw_tournament_player("t-2", 2)
        withdrawn = pb.WithdrawTournamentPlayerRequest.FromString(stand_in.last("WithdrawTournamentPlayer").request)
        assert (withdrawn.tournament_id, withdrawn.player) == ("t-2", 2)
        answer = await client.add_tournament_player("t-2", players[1])
        assert isinstance(answer, pb.AddTournamentPlayerResponse)
        added = pb.AddTournamentPlayerRequest.FromString(stand_in.last("AddTournamentPlayer").request)
        assert (added.tournament_id, added.player) == ("t-2", players[1])
        assert isinstance(await client.cancel_tournament("t-2"), pb.Tournament)


TRF = "012 Spring open\n062 2\n001    1      Alice   1.0    1     2 w 1\n001    2      Bob     0.0    2     1 b 0\n"


def test_a_series_rating_pool_and_a_tournament_file_reach_the_server(stand_in: StandInServer) -> None:
    def series() -> pb.CreateSeriesRequest:
        return pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request)

    def tournament() -> pb.CreateTournamentRequest:
        return pb.CreateTournamentRequest.FromString(stand_in.last("CreateTournament").request)

    kind, preset = pb.RatingPool.RATING_POOL_KIND, pb.RatingPool.RATING_POOL_PRESET
    config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
    players = [tournaments.person("u-1", "Alice"), tournaments.person("u-2", "Bob")]
    with Client(stand_in.address, credential="key") as client:
        client.create_series_from_preset("chess", "standard", best_of=3, players=[ALICE, BOB], rating_pool="preset")
        assert series().rating_pool == preset
        client.create_series_from_config(config, first_to=2, players=[ALICE, BOB], rating_pool=kind, labels=LABELS)
        assert (series().rating_pool, dict(series().labels)) == (kind, LABELS)
        client.create_series_from_saved_config("mine", best_of=1, rating_pool="RATING_POOL_KIND")
        assert series().rating_pool == kind
        client.create_series_from_preset("chess", "standard", best_of=3)
        assert series().rating_pool == pb.RatingPool.RATING_POOL_UNSPECIFIED, "not rated unless asked"
        with pytest.raises(ValueError):
            client.create_series_from_preset("chess", "standard", best_of=3, rating_pool="league")

        client.create_tournament_from_preset("chess", "standard", players, format="swiss", rounds=3, trf=TRF)
        assert (tournament().trf, tournament().rounds, tournament().format) == (
            TRF, 3, pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS
        ), "the file as it is"
        client.create_tournament_from_config(config, players, format="swiss", rounds=2, trf=TRF, clock=clocks.per_move(5))
        assert (tournament().trf, tournament().WhichOneof("source"), tournament().config.HasField("clock")) == (
            TRF, "config", True
        )
        client.create_tournament_from_saved_config("mine", players, format="swiss", rounds=4, trf=TRF)
        assert (tournament().trf, tournament().saved_config) == (TRF, "mine")
        client.create_tournament_from_preset("chess", "standard", players, format="swiss")
        assert tournament().trf == "", "a tournament of its own unless given"


async def test_the_async_series_rating_pool_and_tournament_file_reach_the_server(stand_in: StandInServer) -> None:
    def series() -> pb.CreateSeriesRequest:
        return pb.CreateSeriesRequest.FromString(stand_in.last("CreateSeries").request)

    def tournament() -> pb.CreateTournamentRequest:
        return pb.CreateTournamentRequest.FromString(stand_in.last("CreateTournament").request)

    kind = pb.RatingPool.RATING_POOL_KIND
    config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
    players = [tournaments.person("u-1"), tournaments.engine(2)]
    async with AsyncClient(stand_in.address) as client:
        await client.create_series_from_preset("tic_tac_toe", "classic", best_of=3, players=[ALICE, BOB], rating_pool="kind")
        assert series().rating_pool == kind
        await client.create_series_from_config(config, best_of=3, players=[ALICE, BOB], rating_pool=kind)
        assert series().rating_pool == kind
        await client.create_series_from_saved_config("mine", best_of=3, rating_pool="Preset")
        assert series().rating_pool == pb.RatingPool.RATING_POOL_PRESET
        await client.create_series_from_saved_config("mine", best_of=3)
        assert series().rating_pool == pb.RatingPool.RATING_POOL_UNSPECIFIED

        await client.create_tournament_from_preset("reversi", "small", players, format="swiss", rounds=3, trf=TRF)
        assert (tournament().trf, tournament().rounds) == (TRF, 3)
        await client.create_tournament_from_config(config, players, format="swiss", rounds=2, trf=TRF)
        assert (tournament().trf, tournament().WhichOneof("source")) == (TRF, "config")
        await client.create_tournament_from_saved_config("mine", players, format="swiss", rounds=2, trf=TRF)
        assert (tournament().trf, tournament().saved_config) == (TRF, "mine")
        await client.create_tournament_from_saved_config("mine", players, format="swiss")
        assert tournament().trf == ""


def test_the_tournament_kinds_of_the_owner_stream_are_named_like_the_others() -> None:
    Kind = pb.OwnerEventKind
    board, round_, finished = (
        Kind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED,
        Kind.OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED,
        Kind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED,
    )
    assert (board, round_, finished) == (13, 14, 15)
    assert enum_name(Kind, 15) == "OWNER_EVENT_KIND_TOURNAMENT_FINISHED"
    sent = owner_stream_request(7, ["tournament_board_finished", "TOURNAMENT_ROUND_FINISHED", finished], None)
    assert (sent.after_cursor, list(sent.kinds)) == (7, [board, round_, finished])
    assert owner_kind_value("OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED") == board
    assert owner_kind_value("Tournament_Finished") == finished
    with pytest.raises(ValueError):
        owner_kind_value("tournament_started")
    entry = pb.OwnerEvent(
        cursor=9,
        kind=round_,
        tournament_event=pb.TournamentEvent(tournament_id="t", seq=4, round_finished=pb.TournamentRoundFinished(round=1)),
    )
    assert entry.HasField("tournament_event") and event_kind(entry.tournament_event) == "round_finished"
    assert not entry.HasField("series_event")
    assert not pb.OwnerEvent(kind=Kind.OWNER_EVENT_KIND_GAME_ENDED).HasField("tournament_event")


def test_the_view_at_seq_option_reaches_the_server(stand_in: StandInServer) -> None:
    def arrived() -> pb.GetViewRequest:
        return pb.GetViewRequest.FromString(stand_in.last("GetView").request)

    with Client(stand_in.address) as client:
        client.get_view("g", at_seq=3)
        sent = arrived()
        assert (sent.game_id, sent.HasField("at_seq"), sent.at_seq) == ("g", True, 3)
        client.get_view("g")
        sent = arrived()
        assert sent.game_id == "g" and not sent.HasField("at_seq"), "unset: the game now"
        client.get_view("g", at_seq=0)
        assert arrived().HasField("at_seq"), "0 is sent, for the server to refuse"


async def test_the_async_view_at_seq_option_reaches_the_server(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        await client.get_view("g", at_seq=5)
        sent = pb.GetViewRequest.FromString(stand_in.last("GetView").request)
        assert (sent.HasField("at_seq"), sent.at_seq) == (True, 5)
        await client.get_view("g")
        assert not pb.GetViewRequest.FromString(stand_in.last("GetView").request).HasField("at_seq")


def test_clock_options_and_calls_reach_the_server(stand_in: StandInServer) -> None:
    def arrived(rpc: str, message: Any) -> Any:
        message.ParseFromString(stand_in.last(rpc).request)
        return message

    config = pb.GameConfig(connect_four=pb.ConnectFourConfig())
    with Client(stand_in.address) as client:
        client.create_game_from_config(config, clock=clocks.fischer(1.5, 0.25))
        sent = arrived("CreateGame", pb.CreateGameRequest())
        (control,) = sent.config.clock.controls
        assert (control.fischer.base.ToMilliseconds(), control.fischer.increment.ToMilliseconds()) == (1500, 250)
        assert sent.config.connect_four == config.connect_four and not config.HasField("clock"), "the caller's config stays"
        handicap = clocks.clock_config([clocks.per_move(2), clocks.per_move(5)], on_timeout="default_move")
        client.create_game_from_config(config, clock=handicap, request_id="c")
        sent = arrived("CreateGame", pb.CreateGameRequest())
        assert sent.config.clock == handicap and sent.request_id == "c"
        client.create_game_from_config(pb.GameConfig(connect_four=pb.ConnectFourConfig(), clock=handicap))
        assert arrived("CreateGame", pb.CreateGameRequest()).config.clock == handicap, "a config's own clock is sent"
        client.create_game_from_config(config)
        assert not arrived("CreateGame", pb.CreateGameRequest()).config.HasField("clock"), "no clock unless asked for"

        client.pause_clock("g", request_id="p-1")
        assert arrived("PauseClock", pb.PauseClockRequest()) == pb.PauseClockRequest(game_id="g", request_id="p-1")
        client.resume_clock("g", request_id="r-1")
        assert arrived("ResumeClock", pb.ResumeClockRequest()) == pb.ResumeClockRequest(game_id="g", request_id="r-1")
        client.add_time("g", 2, 0.0104, request_id="a-1")
        sent = arrived("AddTime", pb.AddTimeRequest())
        assert (sent.game_id, sent.seat, sent.time.ToMilliseconds(), sent.request_id) == ("g", 2, 10, "a-1")
        assert sent.time.nanos == 10_000_000, "seconds are rounded to whole milliseconds"
        client.add_time("g", 1, timedelta(minutes=2))
        assert arrived("AddTime", pb.AddTimeRequest()).time.ToMilliseconds() == 120_000


def test_the_starter_option_reaches_the_server_and_leaves_the_config(stand_in: StandInServer) -> None:
    def arrived() -> pb.CreateGameRequest:
        return pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)

    config = pb.GameConfig(connect_four=pb.ConnectFourConfig(width=8), clock=pb.ClockConfig())
    before = pb.GameConfig()
    before.CopyFrom(config)
    with Client(stand_in.address) as client:
        client.create_game_from_config(config, starter=pb.Starter.STARTER_SECOND_SEAT)
        sent = arrived()
        assert sent.config.starter == pb.Starter.STARTER_SECOND_SEAT
        assert sent.config.connect_four.width == 8 and sent.config.HasField("clock"), "the rest of the config is sent"
        assert config == before and config.starter == pb.Starter.STARTER_UNSPECIFIED, "the caller's config stays"
        client.create_game_from_config(config, starter=pb.Starter.STARTER_RANDOM, clock=clocks.per_move(2))
        sent = arrived()
        per_move = sent.config.clock.controls[0].per_move
        assert (sent.config.starter, per_move.ToMilliseconds()) == (pb.Starter.STARTER_RANDOM, 2000)
        assert config == before
        client.create_game_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), starter=pb.Starter.STARTER_RANDOM)
        )
        assert arrived().config.starter == pb.Starter.STARTER_RANDOM, "None leaves the config's own starter"
        client.create_game_from_config(
            pb.GameConfig(starter=pb.Starter.STARTER_RANDOM), starter=pb.Starter.STARTER_FIRST_SEAT
        )
        assert arrived().config.starter == pb.Starter.STARTER_FIRST_SEAT, "the option replaces it"
        client.create_game_from_config(config)
        assert arrived().config.starter == pb.Starter.STARTER_UNSPECIFIED


def test_a_config_allowing_takebacks_is_sent_as_it_is(stand_in: StandInServer) -> None:
    config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), allow_takebacks=True)
    with Client(stand_in.address) as client:
        client.create_game_from_config(config, starter=pb.Starter.STARTER_SECOND_SEAT, clock=clocks.per_move(5))
        sent = pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)
        assert sent.config.allow_takebacks and sent.config.HasField("tic_tac_toe")
        client.create_game_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()))
        sent = pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)
        assert not sent.config.allow_takebacks, "false unless the config sets it"


def test_an_answer_to_a_takeback_request_reaches_the_server(stand_in: StandInServer) -> None:
    def arrived() -> pb.AnswerTakeBackRequest:
        return pb.AnswerTakeBackRequest.FromString(stand_in.last("AnswerTakeBack").request)

    with Client(stand_in.address) as client:
        answer = client.answer_take_back("g", True, expected_seq=4, request_id="yes-1")
        assert isinstance(answer, pb.AnswerTakeBackResponse)
        assert arrived() == pb.AnswerTakeBackRequest(game_id="g", accept=True, expected_seq=4, request_id="yes-1")
        client.answer_take_back("g", False)
        sent = arrived()
        assert (sent.game_id, sent.accept, sent.request_id) == ("g", False, "")
        assert not sent.HasField("expected_seq"), "unset: any seq"
        client.answer_take_back("g", accept=True, expected_seq=0)
        sent = arrived()
        assert sent.accept and sent.HasField("expected_seq") and sent.expected_seq == 0, "0 is sent as it is"


async def test_the_async_answer_to_a_takeback_request_reaches_the_server(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        answer = await client.answer_take_back("g", False, expected_seq=7, request_id="no-1")
        assert isinstance(answer, pb.AnswerTakeBackResponse)
        sent = pb.AnswerTakeBackRequest.FromString(stand_in.last("AnswerTakeBack").request)
        assert sent == pb.AnswerTakeBackRequest(game_id="g", accept=False, expected_seq=7, request_id="no-1")
        await client.answer_take_back("g", True)
        sent = pb.AnswerTakeBackRequest.FromString(stand_in.last("AnswerTakeBack").request)
        assert sent.accept and not sent.HasField("expected_seq") and sent.request_id == ""


def test_a_claim_of_victory_reaches_the_server(stand_in: StandInServer) -> None:
    def arrived() -> pb.ClaimVictoryRequest:
        return pb.ClaimVictoryRequest.FromString(stand_in.last("ClaimVictory").request)

    with Client(stand_in.address) as client:
        answer = client.claim_victory("g", request_id="win-1")
        assert isinstance(answer, pb.ClaimVictoryResponse)
        assert arrived() == pb.ClaimVictoryRequest(game_id="g", draw=False, request_id="win-1")
        client.claim_victory("g", True)
        assert arrived() == pb.ClaimVictoryRequest(game_id="g", draw=True)


async def test_the_async_claim_of_victory_reaches_the_server(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address) as client:
        answer = await client.claim_victory("g", draw=True, request_id="draw-1")
        assert isinstance(answer, pb.ClaimVictoryResponse)
        sent = pb.ClaimVictoryRequest.FromString(stand_in.last("ClaimVictory").request)
        assert sent == pb.ClaimVictoryRequest(game_id="g", draw=True, request_id="draw-1")
        await client.claim_victory("g")
        sent = pb.ClaimVictoryRequest.FromString(stand_in.last("ClaimVictory").request)
        assert not sent.draw and sent.request_id == ""


def test_a_config_keeping_presence_is_sent_as_it_is(stand_in: StandInServer) -> None:
    config = pb.GameConfig(
        tic_tac_toe=pb.TicTacToeConfig(), presence=presence_config(away_after=timedelta(seconds=20), claim_after=60)
    )
    with Client(stand_in.address) as client:
        client.create_game_from_config(config, clock=clocks.per_move(5))
        sent = pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)
        assert sent.config.presence.away_after.ToMilliseconds() == 20_000
        assert sent.config.presence.claim_after.ToMilliseconds() == 60_000
        client.create_game_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()))
        sent = pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)
        assert not sent.config.HasField("presence"), "unset unless the config sets it"


def test_a_config_needing_consent_for_takebacks_is_sent_as_it_is(stand_in: StandInServer) -> None:
    config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), allow_takebacks=True, takebacks_need_consent=True)
    with Client(stand_in.address) as client:
        client.create_game_from_config(config, starter=pb.Starter.STARTER_FIRST_SEAT)
        sent = pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)
        assert sent.config.allow_takebacks and sent.config.takebacks_need_consent


async def test_the_async_starter_option_reaches_the_server(stand_in: StandInServer) -> None:
    config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
    async with AsyncClient(stand_in.address) as client:
        await client.create_game_from_config(config, starter=pb.Starter.STARTER_SECOND_SEAT)
    sent = pb.CreateGameRequest.FromString(stand_in.last("CreateGame").request)
    assert sent.config.starter == pb.Starter.STARTER_SECOND_SEAT and sent.config.HasField("tic_tac_toe")
    assert config.starter == pb.Starter.STARTER_UNSPECIFIED, "the caller's config stays"


def test_the_raw_stub_carries_the_credential(stand_in: StandInServer) -> None:
    with Client(stand_in.address, credential="key") as client:
        client.stub.GetGame(pb.GetGameRequest(game_id="g"), timeout=5)
        assert stand_in.last("GetGame").authorization == "Bearer key"
        client.with_credential("seat").stub.GetView.with_call(pb.GetViewRequest(game_id="g"), timeout=5)
        assert stand_in.last("GetView").authorization == "Bearer seat"
        client.stub.GetGame(pb.GetGameRequest(game_id="g"), metadata=(("authorization", "Bearer mine"),))
        assert stand_in.last("GetGame").authorization == "Bearer mine", "the call's own credential wins"
        stand_in.stream_seqs = [1]
        assert [r.event.seq for r in client.stub.StreamEvents(pb.StreamEventsRequest(game_id="g"))] == [1]
        assert stand_in.last("StreamEvents").authorization == "Bearer key"
        remaining = stand_in.last("StreamEvents").time_remaining
        assert remaining is None or remaining > 1e9, "streams have no deadline"


async def test_the_async_raw_stub_carries_the_credential(stand_in: StandInServer) -> None:
    async with AsyncClient(stand_in.address, credential="key") as client:
        await client.stub.GetGame(pb.GetGameRequest(game_id="g"), timeout=5)
        assert stand_in.last("GetGame").authorization == "Bearer key"
        await client.with_credential("seat").stub.GetView(pb.GetViewRequest(game_id="g"))
        assert stand_in.last("GetView").authorization == "Bearer seat"
        stand_in.stream_seqs = [1]
        assert [r.event.seq async for r in client.stub.StreamEvents(pb.StreamEventsRequest(game_id="g"))] == [1]
        assert stand_in.last("StreamEvents").authorization == "Bearer key"


def test_a_call_past_its_deadline_raises_deadline_exceeded(stand_in: StandInServer) -> None:
    stand_in.delay = 1.0
    with Client(stand_in.address) as client:
        with pytest.raises(TabulaError) as late:
            client.get_game("g", timeout=0.1)
    assert late.value.code == grpc.StatusCode.DEADLINE_EXCEEDED and late.value.reason == ""


def assert_gap(error: TabulaError, expected: int, received: int) -> None:
    assert (error.code, error.reason) == (grpc.StatusCode.DATA_LOSS, "SEQ_GAP")
    assert error.metadata == {"expected_seq": str(expected), "received_seq": str(received)}
    assert f"expected event seq {expected}" in error.message and f"received seq {received}" in error.message


@pytest.mark.parametrize(("after", "seqs", "delivered", "expected", "received"), [
    (0, [1, 2, 4, 5], [1, 2], 3, 4),
    (5, [7, 8], [], 6, 7),
    (0, [1, 2, 2, 3], [1, 2], 3, 2),
])
def test_a_gap_in_seqs_raises_seq_gap(
    stand_in: StandInServer, after: int, seqs: list[int], delivered: list[int], expected: int, received: int
) -> None:
    stand_in.stream_seqs = seqs
    seen: list[int] = []
    with Client(stand_in.address) as client:
        with pytest.raises(TabulaError) as gap:
            for event in client.events("g", after_seq=after):
                seen.append(event.seq)
    assert seen == delivered
    assert_gap(gap.value, expected, received)


async def test_a_gap_in_seqs_raises_seq_gap_from_the_async_stream(stand_in: StandInServer) -> None:
    stand_in.stream_seqs = [4, 5, 7]
    seen: list[int] = []
    async with AsyncClient(stand_in.address) as client:
        with pytest.raises(TabulaError) as gap:
            async for event in client.events("g", after_seq=3):
                seen.append(event.seq)
    assert seen == [4, 5]
    assert_gap(gap.value, 6, 7)


def assert_series_gap(error: TabulaError, expected: int, received: int) -> None:
    assert_gap(error, expected, received)
    assert "event stream of series 's'" in error.message, error.message


@pytest.mark.parametrize(("after", "seqs", "delivered", "expected", "received"), [
    (0, [1, 2, 4], [1, 2], 3, 4),
    (0, [2, 3], [], 1, 2),
    (3, [4, 4], [4], 5, 4),
])
def test_a_gap_in_series_seqs_raises_seq_gap(
    stand_in: StandInServer, after: int, seqs: list[int], delivered: list[int], expected: int, received: int
) -> None:
    stand_in.stream_seqs = seqs
    seen: list[int] = []
    with Client(stand_in.address, credential="key") as client:
        with pytest.raises(TabulaError) as gap:
            for event in client.series_events("s", after_seq=after):
                seen.append(event.seq)
    assert seen == delivered
    assert_series_gap(gap.value, expected, received)
    sent = pb.StreamSeriesEventsRequest.FromString(stand_in.last("StreamSeriesEvents").request)
    assert (sent.series_id, sent.after_seq) == ("s", after)
    assert stand_in.last("StreamSeriesEvents").authorization == "Bearer key"
    remaining = stand_in.last("StreamSeriesEvents").time_remaining
    assert remaining is None or remaining > 1e9, "streams have no deadline"


def test_a_series_stream_without_gaps_ends_when_the_server_closes_it(stand_in: StandInServer) -> None:
    stand_in.stream_seqs = [1, 2, 3]
    with Client(stand_in.address) as client:
        stream = client.series_events("s")
        assert [(event.series_id, event.seq) for event in stream] == [("s", 1), ("s", 2), ("s", 3)]
        assert stream.last_seq == 3


async def test_a_gap_in_series_seqs_raises_seq_gap_from_the_async_stream(stand_in: StandInServer) -> None:
    stand_in.stream_seqs = [3, 5]
    seen: list[int] = []
    async with AsyncClient(stand_in.address) as client:
        with pytest.raises(TabulaError) as gap:
            async for event in client.series_events("s", after_seq=2):
                seen.append(event.seq)
    assert seen == [3]
    assert_series_gap(gap.value, 4, 5)


def assert_tournament_gap(error: TabulaError, expected: int, received: int) -> None:
    assert_gap(error, expected, received)
    assert "event stream of tournament 't'" in error.message, error.message


@pytest.mark.parametrize(("after", "seqs", "delivered", "expected", "received"), [
    (0, [1, 2, 4], [1, 2], 3, 4),
    (0, [2], [], 1, 2),
    (6, [7, 7], [7], 8, 7),
])
def test_a_gap_in_tournament_seqs_raises_seq_gap(
    stand_in: StandInServer, after: int, seqs: list[int], delivered: list[int], expected: int, received: int
) -> None:
    stand_in.stream_seqs = seqs
    seen: list[int] = []
    with Client(stand_in.address, credential="key") as client:
        with pytest.raises(TabulaError) as gap:
            for event in client.tournament_events("t", after_seq=after):
                seen.append(event.seq)
    assert seen == delivered
    assert_tournament_gap(gap.value, expected, received)
    sent = pb.StreamTournamentEventsRequest.FromString(stand_in.last("StreamTournamentEvents").request)
    assert (sent.tournament_id, sent.after_seq) == ("t", after)
    assert stand_in.last("StreamTournamentEvents").authorization == "Bearer key"
    remaining = stand_in.last("StreamTournamentEvents").time_remaining
    assert remaining is None or remaining > 1e9, "streams have no deadline"


def test_a_tournament_stream_without_gaps_ends_when_the_server_closes_it(stand_in: StandInServer) -> None:
    stand_in.stream_seqs = [1, 2, 3]
    with Client(stand_in.address) as client:
        stream = client.tournament_events("t")
        assert [(event.tournament_id, event.seq) for event in stream] == [("t", 1), ("t", 2), ("t", 3)]
        assert stream.last_seq == 3


async def test_a_gap_in_tournament_seqs_raises_seq_gap_from_the_async_stream(stand_in: StandInServer) -> None:
    stand_in.stream_seqs = [3, 5]
    seen: list[int] = []
    async with AsyncClient(stand_in.address) as client:
        with pytest.raises(TabulaError) as gap:
            async for event in client.tournament_events("t", after_seq=2):
                seen.append(event.seq)
    assert seen == [3]
    assert_tournament_gap(gap.value, 4, 5)


def test_leaving_a_tournament_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1, 2], True
    with Client(stand_in.address) as client:
        with client.tournament_events("t") as stream:
            for event in stream:
                if event.seq == 2:
                    break
        assert stand_in.stream_cancelled.wait(5), "the server saw the stream cancelled"
        assert stream.last_seq == 2
        assert list(stream) == [], "a closed stream yields nothing more"


async def test_leaving_an_async_tournament_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1], True
    async with AsyncClient(stand_in.address) as client:
        async with client.tournament_events("t") as stream:
            async for event in stream:
                assert event.seq == 1
                break
        assert await asyncio.to_thread(stand_in.stream_cancelled.wait, 5), "the server saw the stream cancelled"


def test_leaving_a_series_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1, 2], True
    with Client(stand_in.address) as client:
        with client.series_events("s") as stream:
            for event in stream:
                if event.seq == 2:
                    break
        assert stand_in.stream_cancelled.wait(5), "the server saw the stream cancelled"
        assert stream.last_seq == 2
        assert list(stream) == [], "a closed stream yields nothing more"


async def test_leaving_an_async_series_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1], True
    async with AsyncClient(stand_in.address) as client:
        async with client.series_events("s") as stream:
            async for event in stream:
                assert event.seq == 1
                break
        assert await asyncio.to_thread(stand_in.stream_cancelled.wait, 5), "the server saw the stream cancelled"


def test_leaving_a_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1, 2], True
    with Client(stand_in.address) as client:
        with client.events("g") as stream:
            for event in stream:
                if event.seq == 2:
                    break
        assert stand_in.stream_cancelled.wait(5), f"the server saw the stream cancelled {stand_in.seen} {stream._call and stream._call.code()}"
        assert stream.last_seq == 2
        assert list(stream) == [], "a closed stream yields nothing more"


async def test_leaving_an_async_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1], True
    async with AsyncClient(stand_in.address) as client:
        async with client.events("g") as stream:
            async for event in stream:
                assert event.seq == 1
                break
        assert await asyncio.to_thread(stand_in.stream_cancelled.wait, 5), "the server saw the stream cancelled"


def test_closing_a_stream_from_another_thread_ends_its_iteration(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1], True
    with Client(stand_in.address) as client:
        stream = client.events("g")
        seen: list[int] = []
        for event in stream:
            seen.append(event.seq)
            threading.Timer(0.1, stream.close).start()
        assert seen == [1], "the iteration ended quietly when the stream was closed"


def assert_out_of_order(error: TabulaError, last: int, received: int) -> None:
    assert (error.code, error.reason) == (grpc.StatusCode.DATA_LOSS, "CURSOR_OUT_OF_ORDER"), error
    assert error.metadata == {"last_cursor": str(last), "received_cursor": str(received)}
    assert f"received cursor {received}" in error.message and f"{last}" in error.message


@pytest.mark.parametrize(("after", "cursors", "delivered", "last", "received"), [
    (0, [1, 4, 9, 9], [1, 4, 9], 9, 9),
    (2, [3, 7, 5], [3, 7], 7, 5),
    (6, [6], [], 6, 6),
])
def test_the_owner_stream_sends_its_filters_and_refuses_a_cursor_out_of_order(
    stand_in: StandInServer, after: int, cursors: list[int], delivered: list[int], last: int, received: int
) -> None:
    stand_in.stream_seqs = cursors
    seen: list[int] = []
    with Client(stand_in.address, credential="key") as client:
        kinds: list[pb.OwnerEventKind.ValueType | str] = ["game_ended", pb.OwnerEventKind.OWNER_EVENT_KIND_GAME_CREATED]
        stream = client.owner_events(after, kinds, {"suite": "x"})
        with pytest.raises(TabulaError) as misplaced:
            for event in stream:
                seen.append(event.cursor)
        assert list(stream) == [], "the stream ended with the error"
    assert seen == delivered, "cursors may skip numbers"
    assert stream.last_cursor == (delivered[-1] if delivered else after)
    assert_out_of_order(misplaced.value, last, received)
    seen_call = stand_in.last("StreamOwnerEvents")
    sent = pb.StreamOwnerEventsRequest.FromString(seen_call.request)
    assert sent.after_cursor == after
    assert list(sent.kinds) == [
        pb.OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED,
        pb.OwnerEventKind.OWNER_EVENT_KIND_GAME_CREATED,
    ], "names and values alike"
    assert dict(sent.labels) == {"suite": "x"}
    assert seen_call.authorization == "Bearer key"
    assert seen_call.time_remaining is None or seen_call.time_remaining > 1e9, "streams have no deadline"


def test_the_owner_stream_refuses_an_unknown_kind_name(stand_in: StandInServer) -> None:
    with Client(stand_in.address) as client:
        with pytest.raises(ValueError):
            client.owner_events(kinds=["game_finished"])
    assert not stand_in.seen, "nothing was sent"


async def test_the_async_owner_stream_sends_its_filters_and_refuses_a_cursor_out_of_order(
    stand_in: StandInServer,
) -> None:
    stand_in.stream_seqs = [5, 8, 8]
    seen: list[int] = []
    async with AsyncClient(stand_in.address, credential="key") as client:
        stream = client.owner_events(after_cursor=4, kinds=["OWNER_EVENT_KIND_GAME_STARTED"], labels={"a": "b"})
        with pytest.raises(TabulaError) as misplaced:
            async for event in stream:
                seen.append(event.cursor)
    assert seen == [5, 8] and stream.last_cursor == 8
    assert_out_of_order(misplaced.value, 8, 8)
    sent = pb.StreamOwnerEventsRequest.FromString(stand_in.last("StreamOwnerEvents").request)
    assert (sent.after_cursor, list(sent.kinds), dict(sent.labels)) == (
        4, [pb.OwnerEventKind.OWNER_EVENT_KIND_GAME_STARTED], {"a": "b"}
    )
    assert stand_in.last("StreamOwnerEvents").authorization == "Bearer key"


def test_leaving_an_owner_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [2, 3], True
    with Client(stand_in.address) as client:
        with client.owner_events() as stream:
            for event in stream:
                if event.cursor == 3:
                    break
        assert stand_in.stream_cancelled.wait(5), "the server saw the stream cancelled"
        assert stream.last_cursor == 3
        assert list(stream) == [], "a closed stream yields nothing more"


async def test_leaving_an_async_owner_stream_block_cancels_the_call(stand_in: StandInServer) -> None:
    stand_in.stream_seqs, stand_in.stream_hangs = [1], True
    async with AsyncClient(stand_in.address) as client:
        async with client.owner_events() as stream:
            async for event in stream:
                assert event.cursor == 1
                break
        assert await asyncio.to_thread(stand_in.stream_cancelled.wait, 5), "the server saw the stream cancelled"
