"""Players on seats and series against a real server: named seats in games, views and the
player filter; a series the engine plays to its end, followed through its event stream; a
series whose players move with their series tokens; unknown ids and listing."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Iterator

import grpc
import pytest

from conftest import start_server
from tabula_client import AsyncClient, Client, SeriesEventStream, TabulaError, bot_seat, event_kind, moves, pb


def players() -> tuple[pb.Player, pb.Player]:
    """Two players with ids no other test uses."""
    tag = uuid.uuid4().hex[:12]
    return (
        pb.Player(player_id=f"alice-{tag}", display_name="Alice"),
        pb.Player(player_id=f"bob-{tag}", display_name="Bob"),
    )


def assert_error(error: TabulaError, code: grpc.StatusCode, reason: str) -> None:
    assert (error.code, error.reason) == (code, reason), f"{error.code} {error.reason}: {error.message}"


def follow(stream: SeriesEventStream, seconds: float = 60) -> Iterator[pb.SeriesEvent]:
    """The stream's events, closing it after `seconds` so a test that waits for an event the
    server never sends fails instead of hanging."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    try:
        yield from stream
    finally:
        guard.cancel()
        stream.close()


def test_named_players_sit_in_the_seats_and_find_their_games(server: str) -> None:
    alice, bob = players()
    with Client(server) as client:
        created = client.create_game_from_preset("tic_tac_toe", "classic", players=[alice, bob])
        game_id = created.game.game_id
        assert list(created.game.players) == [alice, bob]
        game = client.get_game(game_id)
        assert list(game.players) == [alice, bob]
        assert (game.series_id, game.series_game_number) == ("", 0), "a game on its own"
        assert list(client.get_view(game_id).players) == [alice, bob]
        seat = client.with_credential(created.seat_tokens[0].token)
        assert list(seat.get_view(game_id).players) == [alice, bob], "a seat sees the players too"
        with client.events(game_id) as stream:
            first = next(iter(stream))
        assert event_kind(first) == "game_created" and list(first.game_created.players) == [alice, bob]

        found = client.list_games(player_id=alice.player_id)
        assert [g.game_id for g in found.games] == [game_id]
        assert list(found.games[0].players) == [alice, bob]
        assert [g.game_id for g in client.list_games(player_id=bob.player_id, kind="tic_tac_toe").games] == [game_id]
        assert not client.list_games(player_id=f"nobody-{uuid.uuid4().hex}").games

        only_alice = client.create_game_from_config(pb.GameConfig(connect_four=pb.ConnectFourConfig()), players=[alice])
        assert list(only_alice.game.players) == [alice, pb.Player()], "one entry per seat; seat 2 unnamed"
        listed = client.list_games(player_id=alice.player_id)
        assert [g.game_id for g in listed.games] == [only_alice.game.game_id, game_id], "newest first"
        assert list(client.create_game_from_preset("tic_tac_toe", "classic").game.players) == [], "nobody named"

        with pytest.raises(TabulaError) as too_many:
            client.create_game_from_preset("tic_tac_toe", "classic", players=[alice, bob, alice])
        assert_error(too_many.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")


def test_an_engine_series_plays_to_its_end_on_its_event_stream(server: str) -> None:
    alice, bob = players()
    with Client(server) as client:
        created = client.create_series_from_preset(
            "tic_tac_toe", "classic", best_of=3, players=[alice, bob], bots=[bot_seat(1, 1), bot_seat(2, 1)]
        )
        series_id = created.series.series_id
        assert series_id and created.series.best_of == 3 and created.series.first_to == 0
        assert created.series.draws == pb.SeriesDraws.SERIES_DRAWS_HALF_POINT, "the default"
        assert list(created.series.players) == [alice, bob]
        assert [token.player for token in created.player_tokens] == [1, 2]

        events = list(follow(client.series_events(series_id)))
        assert [event.seq for event in events] == list(range(1, len(events) + 1)), "no gap"
        assert all(event.series_id == series_id for event in events)
        kinds = [event_kind(event) for event in events]
        assert kinds[0] == "game_started" and kinds[-1] == "series_finished"
        assert kinds.count("series_finished") == 1
        first = events[0].game_started
        assert (first.number, first.player_one_seat) == (1, 1)

        started = [event.game_started for event in events if event_kind(event) == "game_started"]
        finished = [event.game_finished for event in events if event_kind(event) == "game_finished"]
        assert [game.number for game in started] == list(range(1, len(started) + 1))
        assert [game.player_one_seat for game in started] == [1 if game.number % 2 else 2 for game in started]
        assert 1 <= len(finished) <= 3 and len(finished) == len(started)

        series = client.get_series(series_id)
        assert series.status == pb.SeriesStatus.SERIES_STATUS_FINISHED
        assert [game.game_id for game in series.games] == [game.game_id for game in started]
        assert [game.player_one_seat for game in series.games] == [game.player_one_seat for game in started]
        scored = [game for game in series.games if game.HasField("outcome")]
        assert len(scored) == len(finished)
        assert sum(series.points) == len(scored), "a win is one point, a draw half a point each"
        end = events[-1].series_finished
        assert list(end.points) == list(series.points) == list(finished[-1].points)
        assert end.winner == series.winner
        if series.points[0] != series.points[1]:
            assert series.winner == (1 if series.points[0] > series.points[1] else 2)
        else:
            assert series.winner == 0, "a tie leaves no winner"

        for number, game in enumerate(series.games, start=1):
            played = client.get_game(game.game_id)
            assert (played.series_id, played.series_game_number) == (series_id, number)
            assert played.status == pb.GameStatus.GAME_STATUS_FINISHED
            assert list(played.players) == ([alice, bob] if number % 2 else [bob, alice]), "player 1 alternates"

        resumed = [event.seq for event in client.series_events(series_id, after_seq=2)]
        assert resumed == list(range(3, len(events) + 1)), "a stream resumes after a seq"


def test_a_players_series_token_moves_for_the_seat_it_sits_in(server: str) -> None:
    alice, bob = players()
    with Client(server) as client:
        created = client.create_series_from_preset("tic_tac_toe", "classic", best_of=3, players=[alice, bob])
        series_id = created.series.series_id
        tokens = {token.player: token.token for token in created.player_tokens}
        assert set(tokens) == {1, 2}
        one, two = client.with_credential(tokens[1]), client.with_credential(tokens[2])

        game_id = client.get_series(series_id).games[0].game_id
        assert created.series.games[0].game_id == game_id
        moved = one.submit_move(game_id, moves.place_cell(0, 0))
        assert moved.applied and moved.seq == 2 and moved.view.viewer_seat == 1, "player 1 is seat 1 in game 1"
        with pytest.raises(TabulaError) as not_yet:
            one.submit_move(game_id, moves.place_cell(2, 2))
        assert not_yet.value.reason == "NOT_YOUR_TURN"
        # Player 1 wins the first game on the top row.
        for seat, (row, col) in [(two, (1, 0)), (one, (0, 1)), (two, (1, 1))]:
            seat.submit_move(game_id, moves.place_cell(row, col))
        last = one.submit_move(game_id, moves.place_cell(0, 2))
        assert last.view.status == pb.GameStatus.GAME_STATUS_FINISHED and last.view.outcome.winner == 1

        second: pb.SeriesGameStarted | None = None
        for event in follow(client.series_events(series_id), seconds=20):
            if event_kind(event) == "game_started" and event.game_started.number == 2:
                second = event.game_started
                break
        assert second is not None and second.player_one_seat == 2
        assert one.get_view(second.game_id).viewer_seat == 2, "player 1 sits in seat 2 in game 2"
        assert two.get_view(second.game_id).viewer_seat == 1
        series = client.get_series(series_id)
        assert list(series.points) == [1.0, 0.0] and series.status == pb.SeriesStatus.SERIES_STATUS_IN_PROGRESS
        assert series.winner == 0, "no winner while it runs"
        assert two.submit_move(second.game_id, moves.place_cell(1, 1)).view.viewer_seat == 1

        listed = client.list_series(page_size=500)
        assert series_id in [s.series_id for s in listed.series]
        running = client.list_series(status="in_progress", page_size=500)
        assert series_id in [s.series_id for s in running.series]
        done = client.list_series(status=pb.SeriesStatus.SERIES_STATUS_FINISHED, page_size=500)
        assert series_id not in [s.series_id for s in done.series]


def test_an_unknown_series_is_not_found(server: str) -> None:
    with Client(server) as client:
        with pytest.raises(TabulaError) as missing:
            client.get_series("no-such-series")
        assert_error(missing.value, grpc.StatusCode.NOT_FOUND, "SERIES_NOT_FOUND")
        with pytest.raises(TabulaError) as no_stream:
            list(client.series_events("no-such-series"))
        assert_error(no_stream.value, grpc.StatusCode.NOT_FOUND, "SERIES_NOT_FOUND")
        with pytest.raises(TabulaError) as solitaire:
            client.create_series_from_preset("peg_solitaire", "triangle15", best_of=3)
        assert_error(solitaire.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as no_length:
            client.create_series_from_preset("tic_tac_toe", "classic")
        assert_error(no_length.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")


def test_series_are_listed_newest_first_a_page_at_a_time() -> None:
    with start_server() as fresh, Client(fresh) as client:  # a server of its own: no other series
        config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
        ids = [client.create_series_from_config(config, first_to=2).series.series_id for _ in range(3)]
        first = client.list_series(page_size=2)
        assert [s.series_id for s in first.series] == ids[::-1][:2] and first.next_page_token
        rest = client.list_series(page_size=2, page_token=first.next_page_token)
        assert [s.series_id for s in rest.series] == [ids[0]] and not rest.next_page_token
        assert rest.series[0].first_to == 2 and rest.series[0].kind == pb.GameKind.GAME_KIND_TIC_TAC_TOE


async def test_the_async_client_follows_a_series_to_its_end(server: str) -> None:
    alice, bob = players()
    async with AsyncClient(server) as client:
        created = await client.create_series_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()),
            first_to=1,
            draws="replayed",
            players=[alice, bob],
            bots=[bot_seat(1, 1), bot_seat(2, 1)],
        )
        series_id = created.series.series_id
        assert created.series.draws == pb.SeriesDraws.SERIES_DRAWS_REPLAYED

        async def everything() -> list[pb.SeriesEvent]:
            async with client.series_events(series_id) as stream:
                return [event async for event in stream]

        events = await asyncio.wait_for(everything(), timeout=120)
        assert [event.seq for event in events] == list(range(1, len(events) + 1))
        assert event_kind(events[0]) == "game_started" and event_kind(events[-1]) == "series_finished"
        series = await client.get_series(series_id)
        assert series.status == pb.SeriesStatus.SERIES_STATUS_FINISHED
        assert series.winner in (1, 2) and max(series.points) == 1.0, "draws are replayed: someone wins"
        listed = await client.list_series(status="finished", page_size=500)
        assert series_id in [s.series_id for s in listed.series]
        with pytest.raises(TabulaError) as missing:
            await client.get_series("no-such-series")
        assert_error(missing.value, grpc.StatusCode.NOT_FOUND, "SERIES_NOT_FOUND")
