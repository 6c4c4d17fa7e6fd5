"""Rated games (`rating_pool=` on every `create_game_*` call and `game_from_*` builder): the
request carries the pool, unset unless given, by value or by name; against a real server (without
keys) a rated tic-tac-toe game between two named players, ended by a resignation, is rated
moments after its end (`game.rating`, `view.rating`), `get_player_ratings` shows the winner's
record and `list_leaderboard` ranks the two, a page at a time; a rated game without players is
refused; a rated series (`rating_pool=` on the `create_series_*` calls) rates every one of its
games, its players' records counting them, and one without its players is refused; and the
asyncio client rates a game against the engine in a preset's pool."""

from __future__ import annotations

import asyncio
import time
import uuid

import grpc
import pytest

from conftest import start_server
from tabula_client import (
    AsyncClient,
    Client,
    TabulaError,
    bot_seat,
    game_from_config,
    game_from_pgn,
    game_from_preset,
    game_from_saved_config,
    pb,
)
from tabula_client._common import rating_pool_value

KIND = pb.RatingPool.RATING_POOL_KIND
PRESET = pb.RatingPool.RATING_POOL_PRESET
TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
#: A new player's rating.
START = 1500.0
#: How long a game's end may take to be rated (it is rated moments after, asynchronously).
RATED_WITHIN = 10.0


def player(name: str) -> pb.Player:
    """A player no other run uses (the id is unique), named `name`."""
    return pb.Player(player_id=f"{name}-{uuid.uuid4().hex[:12]}", display_name=name.capitalize())


def rated(client: Client, game_id: str) -> pb.Game:
    """The game once its end is rated, polled for up to RATED_WITHIN seconds."""
    deadline = time.monotonic() + RATED_WITHIN
    while True:
        game = client.get_game(game_id)
        if game.rating.rated:
            return game
        assert time.monotonic() < deadline, f"game {game_id} not rated within {RATED_WITHIN} s: {game.rating}"
        time.sleep(0.05)


def leaderboard(client: Client, pool: str, exclude_provisional: bool = False) -> list[pb.PlayerRating]:
    """The pool's whole leaderboard, a page of one at a time (so the paging is exercised)."""
    ratings: list[pb.PlayerRating] = []
    token = ""
    while True:
        page = client.list_leaderboard(pool, page_size=1, page_token=token, exclude_provisional=exclude_provisional)
        ratings += page.ratings
        if not (token := page.next_page_token):
            return ratings
        assert len(ratings) < 1000, "the leaderboard's pages never end"


def test_the_pool_is_in_the_enum_and_named_by_value_or_name() -> None:
    assert (KIND, PRESET) == (1, 2)
    assert rating_pool_value("kind") == rating_pool_value("RATING_POOL_KIND") == rating_pool_value(KIND) == KIND
    assert rating_pool_value("Preset") == PRESET
    with pytest.raises(ValueError):
        rating_pool_value("league")


def test_every_builder_sends_the_pool_and_none_unless_given() -> None:
    built = [
        game_from_preset("tic_tac_toe", "classic", rating_pool=PRESET),
        game_from_config(TIC_TAC_TOE, rating_pool=KIND),
        game_from_pgn("1. e4 *", rating_pool="kind"),
        game_from_saved_config("mine", rating_pool="RATING_POOL_KIND"),
    ]
    assert [request.rating_pool for request in built] == [PRESET, KIND, KIND, KIND]
    for request in [
        game_from_preset("tic_tac_toe", "classic"),
        game_from_config(TIC_TAC_TOE),
        game_from_pgn("1. e4 *"),
        game_from_saved_config("mine"),
    ]:
        assert request.rating_pool == pb.RatingPool.RATING_POOL_UNSPECIFIED, request


def test_a_rated_game_updates_both_ratings_and_the_leaderboard() -> None:
    # A server of this test's own: the pool holds this game's two players only.
    with start_server() as address, Client(address) as manager:
        winner, loser = player("alice"), player("bob")
        created = manager.create_game_from_preset("tic_tac_toe", "classic", players=[winner, loser], rating_pool=KIND)
        game_id = created.game.game_id
        assert created.game.rating.pool == "tic_tac_toe"
        assert list(created.game.rating.player_ids) == [winner.player_id, loser.player_id]
        assert not created.game.rating.rated and not created.game.rating.after, "rated once it ends"

        manager.with_credential(created.seat_tokens[1].token).resign(game_id)  # Bob, seat 2, resigns
        rating = rated(manager, game_id).rating
        assert rating.pool == "tic_tac_toe"
        assert list(rating.player_ids) == [winner.player_id, loser.player_id]
        assert [before.rating for before in rating.before] == [START, START]
        assert len(rating.after) == 2
        assert rating.after[0].rating > START > rating.after[1].rating, rating
        assert all(after.provisional for after in rating.after), "one game is too few to rely on"
        assert manager.get_view(game_id).rating == rating, "the view shows the same"

        ratings = manager.get_player_ratings(winner.player_id)
        assert [(mine.player_id, mine.pool) for mine in ratings] == [(winner.player_id, "tic_tac_toe")]
        won = ratings[0]
        assert (won.games, won.wins, won.draws, won.losses) == (1, 1, 0, 0)
        assert won.rating.rating == pytest.approx(rating.after[0].rating)
        assert won.HasField("last_rated_time") and won.rank == 0, "a rank only in a leaderboard"
        lost = manager.get_player_ratings(loser.player_id)
        assert [(mine.games, mine.wins, mine.losses) for mine in lost] == [(1, 0, 1)]
        assert manager.get_player_ratings(player("carol").player_id) == [], "never rated: no pool"

        board = leaderboard(manager, "tic_tac_toe")
        ranked = [(entry.rank, entry.player_id) for entry in board]
        assert ranked == [(1, winner.player_id), (2, loser.player_id)], "the best first, ranked from 1"
        assert board[0].rating.rating > board[1].rating.rating
        assert leaderboard(manager, "tic_tac_toe", exclude_provisional=True) == [], "both provisional"
        assert manager.list_leaderboard("tic_tac_toe/classic").ratings == [], "the preset's pool is another"


def test_a_rated_game_needs_its_players(server: str) -> None:
    with Client(server) as manager:
        with pytest.raises(TabulaError) as refused:
            manager.create_game_from_preset("tic_tac_toe", "classic", rating_pool=KIND)
        assert (refused.value.code, refused.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "players" in refused.value.message, refused.value.message

        alice = player("alice")
        with pytest.raises(TabulaError) as same:
            manager.create_game_from_config(TIC_TAC_TOE, players=[alice, alice], rating_pool=KIND)
        assert (same.value.code, same.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as no_preset:
            manager.create_game_from_config(TIC_TAC_TOE, players=[alice, player("bob")], rating_pool=PRESET)
        assert (no_preset.value.code, no_preset.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")

        unrated = manager.create_game_from_preset("tic_tac_toe", "classic", players=[alice, player("bob")])
        assert not unrated.game.HasField("rating"), "not rated unless asked"


def test_a_rated_series_rates_every_one_of_its_games(server: str) -> None:
    with Client(server) as manager:
        alice, bob = player("alice"), player("bob")
        created = manager.create_series_from_preset(
            "tic_tac_toe", "classic", best_of=3, players=[alice, bob], rating_pool=KIND
        )
        series_id = created.series.series_id
        assert created.series.rating_pool == "tic_tac_toe", "the kind's pool"
        first = manager.get_game(created.series.games[0].game_id)
        assert first.rating.pool == "tic_tac_toe" and not first.rating.rated, "rated once it ends"
        bob_plays = manager.with_credential({t.player: t.token for t in created.player_tokens}[2])

        # Bob resigns every game until Alice has won the series, 2-0.
        deadline = time.monotonic() + 20
        resigned: set[str] = set()
        while (series := manager.get_series(series_id)).status != pb.SeriesStatus.SERIES_STATUS_FINISHED:
            game_id = series.games[-1].game_id
            if game_id not in resigned:
                bob_plays.resign(game_id)
                resigned.add(game_id)
            else:
                assert time.monotonic() < deadline, f"the series never went on: {series}"
                time.sleep(0.05)
        assert (series.winner, list(series.points), len(series.games)) == (1, [2.0, 0.0], 2)
        assert series.rating_pool == "tic_tac_toe", "kept once it is over"
        assert {game.game_id for game in series.games} == resigned

        games = [rated(manager, game.game_id) for game in series.games]
        for number, game in enumerate(games, start=1):
            assert game.rating.rated and game.rating.pool == "tic_tac_toe"
            seats = [alice, bob] if number % 2 else [bob, alice]  # player 1 sits in seat 2 of game 2
            assert list(game.rating.player_ids) == [seat.player_id for seat in seats]
            assert len(game.rating.after) == 2
        alice_after = games[-1].rating.after[1].rating
        assert alice_after > START > games[-1].rating.after[0].rating

        won = manager.get_player_ratings(alice.player_id)
        assert [(r.pool, r.games, r.wins, r.draws, r.losses) for r in won] == [("tic_tac_toe", 2, 2, 0, 0)]
        assert won[0].rating.rating == pytest.approx(alice_after)
        lost = manager.get_player_ratings(bob.player_id)
        assert [(r.pool, r.games, r.wins, r.losses) for r in lost] == [("tic_tac_toe", 2, 0, 2)]

        unrated = manager.create_series_from_preset("tic_tac_toe", "classic", best_of=1, players=[alice, bob])
        assert unrated.series.rating_pool == "", "not rated unless asked"
        assert not manager.get_game(unrated.series.games[0].game_id).HasField("rating")


def test_a_rated_series_needs_its_players(server: str) -> None:
    with Client(server) as manager:
        with pytest.raises(TabulaError) as nobody:
            manager.create_series_from_preset("tic_tac_toe", "classic", best_of=3, rating_pool="kind")
        assert (nobody.value.code, nobody.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "players" in nobody.value.message, nobody.value.message
        with pytest.raises(TabulaError) as no_preset:
            manager.create_series_from_config(
                TIC_TAC_TOE, best_of=3, players=[player("alice"), player("bob")], rating_pool=PRESET
            )
        assert (no_preset.value.code, no_preset.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "rating_pool" in no_preset.value.message, no_preset.value.message
        against_the_engine = manager.create_series_from_config(
            TIC_TAC_TOE, first_to=1, players=[player("alice")], bots=[bot_seat(2, 1)], rating_pool="kind"
        )
        assert against_the_engine.series.rating_pool == "tic_tac_toe", "the engine is rated as its level"


async def test_the_async_client_rates_a_game_against_the_engine_in_the_preset_pool(server: str) -> None:
    async with AsyncClient(server) as manager:
        alice = player("alice")
        created = await manager.create_game_from_preset(
            "tic_tac_toe", "classic", players=[alice], bots=[bot_seat(2, 1)], rating_pool="preset"
        )
        game_id = created.game.game_id
        assert created.game.rating.pool == "tic_tac_toe/classic"
        assert list(created.game.rating.player_ids) == [alice.player_id, "engine-level-1"]
        await manager.with_credential(created.seat_tokens[0].token).resign(game_id)  # the engine wins

        deadline = time.monotonic() + RATED_WITHIN
        while not (game := await manager.get_game(game_id)).rating.rated:
            assert time.monotonic() < deadline, f"not rated within {RATED_WITHIN} s: {game.rating}"
            await asyncio.sleep(0.05)
        assert game.rating.after[0].rating < START < game.rating.after[1].rating

        mine = await manager.get_player_ratings(alice.player_id)
        assert [(r.pool, r.games, r.losses) for r in mine] == [("tic_tac_toe/classic", 1, 1)]
        page = await manager.list_leaderboard("tic_tac_toe/classic", page_size=500)
        places = {entry.player_id: entry.rank for entry in page.ratings}
        assert places["engine-level-1"] < places[alice.player_id], "the engine above Alice"
        assert [entry.rank for entry in page.ratings] == list(range(1, len(page.ratings) + 1))
