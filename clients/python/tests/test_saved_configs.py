"""Saved configurations against a real server (this module's own, so its names start empty):
saved, read, listed a page at a time, updated, deleted, and games made from them that keep
their copy."""

from __future__ import annotations

import grpc
import pytest

from conftest import start_server
from tabula_client import AsyncClient, Client, TabulaError, pb

BIG_BOARD = pb.GameConfig(connect_four=pb.ConnectFourConfig(width=9, height=7, win_length=5))


def assert_error(error: TabulaError, code: grpc.StatusCode, reason: str) -> None:
    assert (error.code, error.reason) == (code, reason), f"{error.code} {error.reason}: {error.message}"


def test_a_saved_config_makes_games_that_keep_their_copy(server: str) -> None:
    with Client(server) as manager:  # a server without keys: one namespace for everyone
        saved = manager.create_saved_config(
            pb.SavedConfig(name="big-board", description="the big board", config=BIG_BOARD)
        )
        assert (saved.name, saved.description, saved.kind) == (
            "big-board",
            "the big board",
            pb.GameKind.GAME_KIND_CONNECT_FOUR,
        )
        four = saved.config.connect_four
        assert (four.width, four.height, four.win_length) == (9, 7, 5)
        assert saved.HasField("create_time") and saved.create_time.ToNanoseconds() > 0
        assert manager.get_saved_config("big-board") == saved

        with pytest.raises(TabulaError) as exists:
            manager.create_saved_config(pb.SavedConfig(name="big-board", config=BIG_BOARD))
        assert_error(exists.value, grpc.StatusCode.ALREADY_EXISTS, "SAVED_CONFIG_EXISTS")

        created = manager.create_game_from_saved_config("big-board", request_id="from-saved-1")
        game_id = created.game.game_id
        assert created.game.config == saved.config, "the game's configuration is the saved one"
        assert created.game.kind == pb.GameKind.GAME_KIND_CONNECT_FOUR and len(created.seat_tokens) == 2

        default_four = pb.GameConfig(connect_four=pb.ConnectFourConfig())
        updated = manager.update_saved_config(
            pb.SavedConfig(name="big-board", description="smaller", config=default_four)
        )
        assert updated.description == "smaller"
        assert (updated.config.connect_four.width, updated.config.connect_four.height) == (7, 6)
        assert updated.create_time == saved.create_time, "an update keeps the creation time"
        assert updated.update_time.ToNanoseconds() >= saved.update_time.ToNanoseconds()
        assert manager.get_saved_config("big-board") == updated
        kept = manager.get_game(game_id).config.connect_four
        assert (kept.width, kept.height, kept.win_length) == (9, 7, 5), "the game made before keeps its copy"

        manager.delete_saved_config("big-board")
        with pytest.raises(TabulaError) as gone:
            manager.get_saved_config("big-board")
        assert_error(gone.value, grpc.StatusCode.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND")
        with pytest.raises(TabulaError) as no_source:
            manager.create_game_from_saved_config("big-board")
        assert_error(no_source.value, grpc.StatusCode.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND")
        for call in (
            lambda: manager.delete_saved_config("big-board"),
            lambda: manager.update_saved_config(pb.SavedConfig(name="big-board", config=BIG_BOARD)),
        ):
            with pytest.raises(TabulaError) as missing:
                call()
            assert_error(missing.value, grpc.StatusCode.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND")
        assert manager.get_game(game_id).config.connect_four.width == 9, "deleting it leaves the game"


def test_saved_configs_are_listed_by_name_a_page_at_a_time() -> None:
    with start_server() as fresh, Client(fresh) as manager:  # a server of its own: no other names
        config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
        for name in ("c", "a", "b"):
            manager.create_saved_config(pb.SavedConfig(name=name, config=config))
        first = manager.list_saved_configs(page_size=2)
        assert [saved.name for saved in first.saved_configs] == ["a", "b"]
        assert first.next_page_token not in ("", "b"), "a token is opaque, not the last name"
        assert all(saved.kind == pb.GameKind.GAME_KIND_TIC_TAC_TOE for saved in first.saved_configs)
        rest = manager.list_saved_configs(page_size=2, page_token=first.next_page_token)
        assert [saved.name for saved in rest.saved_configs] == ["c"]
        assert rest.next_page_token == "", "the last page has no token"
        assert [saved.name for saved in manager.list_saved_configs().saved_configs] == ["a", "b", "c"]


def test_bad_names_and_configs_are_refused(server: str) -> None:
    with Client(server) as manager:
        with pytest.raises(TabulaError) as bad_name:
            manager.create_saved_config(pb.SavedConfig(name="Not A Name", config=BIG_BOARD))
        assert_error(bad_name.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        narrow = pb.GameConfig(connect_four=pb.ConnectFourConfig(width=2))
        with pytest.raises(TabulaError) as bad_config:
            manager.create_saved_config(pb.SavedConfig(name="narrow", config=narrow))
        assert_error(bad_config.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_CONFIG")
        assert "width" in bad_config.value.message
        with pytest.raises(TabulaError) as long_description:
            manager.create_saved_config(pb.SavedConfig(name="wordy", description="x" * 501, config=BIG_BOARD))
        assert_error(long_description.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as absent:
            manager.get_saved_config("narrow")
        assert_error(absent.value, grpc.StatusCode.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND")


def test_a_random_starter_stays_random_and_each_game_draws_its_own(server: str) -> None:
    with Client(server) as manager:
        config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), starter=pb.Starter.STARTER_RANDOM)
        saved = manager.create_saved_config(pb.SavedConfig(name="random-start", config=config))
        assert saved.config.starter == pb.Starter.STARTER_RANDOM
        drawn = {manager.create_game_from_saved_config("random-start").game.config.starter for _ in range(24)}
        assert drawn == {pb.Starter.STARTER_FIRST_SEAT, pb.Starter.STARTER_SECOND_SEAT}, "never RANDOM, both drawn"
        assert manager.get_saved_config("random-start").config.starter == pb.Starter.STARTER_RANDOM


async def test_the_async_client_manages_saved_configs(server: str) -> None:
    async with AsyncClient(server) as manager:
        saved = await manager.create_saved_config(
            pb.SavedConfig(name="zz-async", description="async", config=BIG_BOARD)
        )
        assert saved.kind == pb.GameKind.GAME_KIND_CONNECT_FOUR and saved.HasField("create_time")
        assert await manager.get_saved_config("zz-async") == saved
        listed = await manager.list_saved_configs(page_size=500)
        assert "zz-async" in [s.name for s in listed.saved_configs]
        created = await manager.create_game_from_saved_config("zz-async", private=True)
        assert created.game.config == saved.config and created.game.private
        default_four = pb.GameConfig(connect_four=pb.ConnectFourConfig())
        updated = await manager.update_saved_config(
            pb.SavedConfig(name="zz-async", description="smaller", config=default_four)
        )
        assert updated.create_time == saved.create_time and updated.config.connect_four.width == 7
        await manager.delete_saved_config("zz-async")
        with pytest.raises(TabulaError) as gone:
            await manager.create_game_from_saved_config("zz-async")
        assert_error(gone.value, grpc.StatusCode.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND")
