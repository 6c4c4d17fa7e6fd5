"""Tournaments against a real server with a service key: a four-player round robin of classic
tic-tac-toe played to its end by the players' own tokens, every game ended by a resignation,
its standings, its event stream and its Tournament Report File; a held tournament that makes
no round until the organiser starts it, a withdrawal and a cancellation; a four-player
knockout of best-of-three matches played to its end by the players' tokens, each match a
series, and its file; a Swiss of the engine's players paired by the Dutch system to its end,
its refused rounds and its acceleration; a late entry to a Swiss of people under way, paired
from the next round, a second entry of its id and an entry to a round robin refused; a Swiss
continued from the Tournament Report File of
one played before (`trf=`), and a file of another number of players refused; a round robin
of the engine's players on the key's owner stream, board by board (`TOURNAMENT_…` kinds,
each with its `tournament_event`); refused creations, unknown ids and private tournaments;
listing; and, through the asyncio client, a double round robin of the engine's players from
a saved configuration, followed on its event stream to its end, its file, an accelerated
Swiss, a late entry, and a round robin on the owner stream.

The tests of this module share one server, so each lists only the tournaments carrying a
label of its own."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from conftest import start_server
from tabula_client import (
    AsyncClient,
    Client,
    OwnerEventStream,
    TabulaError,
    TournamentEventStream,
    event_kind,
    pb,
    tournaments,
)

KEY = "tournament-secret-0123456789"
Status = pb.TournamentStatus
Result = pb.BoardResult
Kind = pb.OwnerEventKind
BOARD_FINISHED = Kind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED
ROUND_FINISHED = Kind.OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED
TOURNAMENT_FINISHED = Kind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED
#: A four-player round robin's entries on the owner stream: two boards, then their round,
#: three times, then the tournament's end.
ROUND_ROBIN_ENTRIES = ([BOARD_FINISHED] * 2 + [ROUND_FINISHED]) * 3 + [TOURNAMENT_FINISHED]
#: The tournament's own events the owner stream carries, by `event_kind`.
ON_THE_OWNER_STREAM = ("board_finished", "round_finished", "tournament_ended")


@pytest.fixture(scope="module")
def keyed() -> Iterator[str]:
    """A server of this module's own with the service key `lobby`, its address."""
    with start_server("--service-key", f"lobby={KEY}") as address:
        yield address


def suite() -> dict[str, str]:
    """A label no other test's tournaments carry."""
    return {"suite": uuid.uuid4().hex[:16]}


def people(count: int) -> list[pb.TournamentPlayer]:
    """`count` people with ids no other test uses."""
    tag = uuid.uuid4().hex[:12]
    return [tournaments.person(f"p{number}-{tag}", f"Player {number}") for number in range(1, count + 1)]


def assert_error(error: TabulaError, code: grpc.StatusCode, reason: str) -> None:
    assert (error.code, error.reason) == (code, reason), f"{error.code} {error.reason}: {error.message}"


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


def engines(count: int, move_time: float = 0.05) -> list[pb.TournamentPlayer]:
    """`count` players of the engine at level 1, quick to move, with ids no other test uses."""
    tag = uuid.uuid4().hex[:12]
    return [tournaments.engine(1, move_time, player_id=f"e{number}-{tag}") for number in range(1, count + 1)]


def follow(stream: TournamentEventStream, seconds: float = 60) -> Iterator[pb.TournamentEvent]:
    """The stream's events, closing it after `seconds` so a test that waits for an event the
    server never sends fails instead of hanging."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    try:
        yield from stream
    finally:
        guard.cancel()
        stream.close()


def wait_for(manager: Client, tournament_id: str, rounds: int, seconds: float = 20) -> pb.Tournament:
    """The tournament once it has `rounds` rounds or is over; fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        tournament = manager.get_tournament(tournament_id)
        if len(tournament.rounds) >= rounds or tournament.status != Status.TOURNAMENT_STATUS_IN_PROGRESS:
            return tournament
        assert time.monotonic() < deadline, f"round {rounds} never came: {tournament}"
        time.sleep(0.05)


def assert_trf(trf: str, tournament: pb.Tournament) -> None:
    """`trf`, a tournament's Tournament Report File, counts its players (`062`) and has one
    player line (`001`) per player, in player number order, with its name and the points of
    its standing in columns 81 to 84."""
    assert trf.endswith("\n"), "lines end in a line feed"
    lines = trf.splitlines()
    assert f"062 {len(tournament.players)}" in lines, trf
    player_lines = [line for line in lines if line.startswith("001")]
    assert len(player_lines) == len(tournament.players), trf
    points = {standing.player: standing.points for standing in tournament.standings}
    for number, (line, player) in enumerate(zip(player_lines, tournament.players), 1):
        assert int(line[4:8]) == number, f"starting rank in columns 5-8: {line!r}"
        name = (player.display_name or player.player_id)[:33]
        assert line[14:47].rstrip() == name, f"name in columns 15-47: {line!r}"
        assert float(line[80:84]) == points[number], f"points in columns 81-84: {line!r}"


def test_a_round_robin_is_played_to_its_end_by_its_players_tokens(keyed: str) -> None:
    players, labels = people(4), suite()
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", players, format="round_robin", labels=labels, request_id=f"rr-{labels['suite']}"
        )
        tournament = created.tournament
        tournament_id = tournament.tournament_id
        assert tournament_id and tournament.name == f"tournaments/{tournament_id}" and not created.retried
        assert tournament.kind == pb.GameKind.GAME_KIND_TIC_TAC_TOE
        assert tournament.format == pb.TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN
        assert tournament.status == Status.TOURNAMENT_STATUS_IN_PROGRESS
        assert [(p.player_id, p.display_name) for p in tournament.players] == [
            (p.player_id, p.display_name) for p in players
        ]
        assert tournament.round_count == 3, "four players meet in three rounds"
        assert len(tournament.rounds) == 1 and len(tournament.rounds[0].boards) == 2, "the first round is made"
        assert dict(tournament.labels) == labels and not tournament.hold_rounds
        assert (tournament.scoring.win, tournament.scoring.draw, tournament.scoring.loss, tournament.scoring.bye) == (
            1.0, 0.5, 0.0, 1.0
        ), "the server's scoring"
        tokens = {token.player: token.token for token in created.player_tokens}
        assert sorted(tokens) == [1, 2, 3, 4], "one token per person, by player number"
        seats = {number: manager.with_credential(token) for number, token in tokens.items()}

        games = 0
        white_wins = 0
        for number in range(1, 4):
            tournament = wait_for(manager, tournament_id, number)
            assert tournament.status == Status.TOURNAMENT_STATUS_IN_PROGRESS
            assert len(tournament.rounds) == number, "each round is made once the one before ended"
            played = tournament.rounds[number - 1]
            assert played.number == number and not played.finished
            for board in played.boards:
                assert board.white and board.black and board.game_id
                assert board.result == Result.BOARD_RESULT_UNSPECIFIED, "not ended yet"
                assert seats[board.white].get_view(board.game_id).viewer_seat == 1, "white sits in seat 1"
                assert seats[board.black].get_view(board.game_id).viewer_seat == 2, "black sits in seat 2"
                game = manager.get_game(board.game_id)
                assert [p.player_id for p in game.players] == [
                    players[board.white - 1].player_id, players[board.black - 1].player_id
                ]
                assert dict(game.labels) == labels, "its games carry the tournament's labels"
                # White resigns on odd boards, black on even ones.
                loser = board.white if board.number % 2 else board.black
                ended = seats[loser].resign(board.game_id)
                assert ended.view.status == pb.GameStatus.GAME_STATUS_FINISHED
                games += 1
                white_wins += board.number % 2 == 0
        tournament = wait_for(manager, tournament_id, 4)
        assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED
        assert len(tournament.rounds) == 3 and all(r.finished for r in tournament.rounds)
        boards = [board for r in tournament.rounds for board in r.boards]
        assert len(boards) == games == 6
        met = sorted(tuple(sorted((board.white, board.black))) for board in boards)
        assert met == list(combinations(range(1, 5), 2)), "everyone played everyone once"
        for board in boards:
            expected = Result.BOARD_RESULT_BLACK_WINS if board.number % 2 else Result.BOARD_RESULT_WHITE_WINS
            assert board.result == expected
        assert sum(board.result == Result.BOARD_RESULT_WHITE_WINS for board in boards) == white_wins == 3

        standings = list(tournament.standings)
        assert sorted(s.player for s in standings) == [1, 2, 3, 4]
        assert sum(s.points for s in standings) == games, "a win is worth 1, each game gives out 1 point"
        assert [s.points for s in standings] == sorted((s.points for s in standings), reverse=True), "best first"
        assert standings[0].rank == 1 and all(len(s.tie_breaks) == len(tournament.tie_breaks) for s in standings)
        for standing in standings:
            won = sum(
                (board.white == standing.player and board.result == Result.BOARD_RESULT_WHITE_WINS)
                or (board.black == standing.player and board.result == Result.BOARD_RESULT_BLACK_WINS)
                for board in boards
            )
            assert standing.points == won and standing.player_id == players[standing.player - 1].player_id
        assert_trf(manager.export_tournament_trf(tournament_id), tournament)

        events = list(follow(manager.tournament_events(tournament_id)))
        assert [event.seq for event in events] == list(range(1, len(events) + 1)), "numbered from 1, no gap"
        assert all(event.tournament_id == tournament_id for event in events)
        kinds = [event_kind(event) for event in events]
        assert kinds == (["round_paired"] + ["board_finished"] * 2 + ["round_finished"]) * 3 + ["tournament_ended"]
        paired = [event.round_paired for event in events if event_kind(event) == "round_paired"]
        assert [r.number for r in paired] == [1, 2, 3]
        assert [[(b.number, b.white, b.black, b.game_id) for b in r.boards] for r in paired] == [
            [(b.number, b.white, b.black, b.game_id) for b in r.boards] for r in tournament.rounds
        ], "each round's boards as paired"
        finished = [event.board_finished for event in events if event_kind(event) == "board_finished"]
        assert sorted((f.round, f.board.game_id, f.board.result) for f in finished) == sorted(
            (r.number, b.game_id, b.result) for r in tournament.rounds for b in r.boards
        )
        rounds_done = [event.round_finished for event in events if event_kind(event) == "round_finished"]
        assert [r.round for r in rounds_done] == [1, 2, 3]
        assert [sum(s.points for s in r.standings) for r in rounds_done] == [2, 4, 6]
        end = events[-1].tournament_ended
        assert end.status == Status.TOURNAMENT_STATUS_FINISHED
        assert list(end.standings) == standings == list(rounds_done[-1].standings)

        resumed = [event.seq for event in follow(manager.tournament_events(tournament_id, after_seq=10))]
        assert resumed == list(range(11, len(events) + 1)), "a stream resumes after a seq"
        assert [e.seq for e in follow(seats[1].tournament_events(tournament_id))] == [e.seq for e in events]

        again = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", players, labels=labels, request_id=f"rr-{labels['suite']}"
        )
        assert again.retried and again.tournament.tournament_id == tournament_id and not again.player_tokens

        done = manager.list_tournaments(status="finished", labels=labels)
        assert [t.tournament_id for t in done.tournaments] == [tournament_id]
        assert not manager.list_tournaments(status=Status.TOURNAMENT_STATUS_IN_PROGRESS, labels=labels).tournaments


def test_a_held_tournament_waits_for_its_rounds_and_is_withdrawn_from_and_cancelled(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_tournament_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()),
            people(4),
            format=pb.TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN,
            hold_rounds=True,
            tie_breaks=["buchholz", pb.TieBreak.TIE_BREAK_WINS],
            labels=labels,
        )
        tournament_id = created.tournament.tournament_id
        assert created.tournament.hold_rounds and created.tournament.released_rounds == 0
        assert created.tournament.round_count == 6, "twice three rounds"
        assert list(created.tournament.tie_breaks) == [pb.TieBreak.TIE_BREAK_BUCHHOLZ, pb.TieBreak.TIE_BREAK_WINS]
        assert not created.tournament.rounds, "no round until the organiser says go"
        time.sleep(0.2)
        assert not manager.get_tournament(tournament_id).rounds, "still none"

        with pytest.raises(TabulaError) as not_next:
            manager.start_tournament_round(tournament_id, 2)
        assert_error(not_next.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        started = manager.start_tournament_round(tournament_id, 1)
        assert started.released_rounds == 1 and len(started.rounds) == 1 and len(started.rounds[0].boards) == 2
        assert all(board.game_id for board in started.rounds[0].boards)

        withdrawn = manager.withdraw_tournament_player(tournament_id, 2)
        assert [p.withdrawn_after_round for p in withdrawn.players] == [0, 1, 0, 0], "it plays round 1 still"
        with pytest.raises(TabulaError) as twice:
            manager.withdraw_tournament_player(tournament_id, 2)
        assert_error(twice.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")

        cancelled = manager.cancel_tournament(tournament_id)
        assert cancelled.status == Status.TOURNAMENT_STATUS_CANCELLED and len(cancelled.rounds) == 1
        with pytest.raises(TabulaError) as over:
            manager.cancel_tournament(tournament_id)
        assert_error(over.value, grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_OVER")
        with pytest.raises(TabulaError) as no_round:
            manager.start_tournament_round(tournament_id, 2)
        assert_error(no_round.value, grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_OVER")
        with pytest.raises(TabulaError) as no_withdrawal:
            manager.withdraw_tournament_player(tournament_id, 3)
        assert_error(no_withdrawal.value, grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_OVER")

        events = list(follow(manager.tournament_events(tournament_id)))
        assert [event.seq for event in events] == list(range(1, len(events) + 1))
        assert [event_kind(event) for event in events] == ["round_paired", "player_withdrew", "tournament_ended"]
        withdrew = events[1].player_withdrew
        assert (withdrew.player, withdrew.after_round) == (2, 1)
        assert events[-1].tournament_ended.status == Status.TOURNAMENT_STATUS_CANCELLED

        listed = manager.list_tournaments(status="cancelled", labels=labels)
        assert [t.tournament_id for t in listed.tournaments] == [tournament_id]


def play_match(manager: Client, series_id: str, loser: Client, seconds: float = 20) -> pb.Series:
    """Plays the match `series_id` to its end, `loser` resigning each of its games as soon as it
    is made; the finished series. Fails after `seconds`."""
    deadline = time.monotonic() + seconds
    resigned: set[str] = set()
    while True:
        series = manager.get_series(series_id)
        if series.status == pb.SeriesStatus.SERIES_STATUS_FINISHED:
            return series
        game_id = series.games[-1].game_id if series.games else ""
        if game_id and game_id not in resigned:
            ended = loser.resign(game_id)
            assert ended.view.status == pb.GameStatus.GAME_STATUS_FINISHED
            resigned.add(game_id)
        else:
            assert time.monotonic() < deadline, f"the match never went on: {series}"
            time.sleep(0.05)


def test_a_knockout_of_best_of_three_matches_is_played_to_its_end(keyed: str) -> None:
    players, labels = people(4), suite()
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", players, format="knockout", best_of=3, labels=labels
        )
        tournament = created.tournament
        tournament_id = tournament.tournament_id
        assert tournament.format == pb.TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT
        assert tournament.best_of == 3
        assert tournament.round_count == 2, "four players: semi-finals and a final"
        assert list(tournament.seeds) == [1, 2, 3, 4], "seeded in their order"
        assert not tournament.tie_breaks, "a knockout ranks by how far each player went"
        tokens = {token.player: token.token for token in created.player_tokens}
        assert sorted(tokens) == [1, 2, 3, 4]
        seats = {number: manager.with_credential(token) for number, token in tokens.items()}

        matches: list[pb.Series] = []
        for number in range(1, 3):
            tournament = wait_for(manager, tournament_id, number)
            assert tournament.status == Status.TOURNAMENT_STATUS_IN_PROGRESS
            assert len(tournament.rounds) == number, "each round is made once the one before ended"
            played = tournament.rounds[number - 1]
            assert played.number == number and not played.finished
            assert len(played.boards) == 2 // number
            for board in played.boards:
                assert board.white and board.black and board.white < board.black, "the better seed is white"
                assert board.series_id and not board.game_id, "a board's match is a series"
                assert board.result == Result.BOARD_RESULT_UNSPECIFIED, "not ended yet"
                series = play_match(manager, board.series_id, seats[board.black])
                assert [p.player_id for p in series.players] == [
                    players[board.white - 1].player_id, players[board.black - 1].player_id
                ], "white is the match's player 1"
                assert series.winner == 1, "black resigned every game"
                matches.append(series)
        tournament = wait_for(manager, tournament_id, 3)
        assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED
        assert len(tournament.rounds) == 2 and all(r.finished for r in tournament.rounds)
        assert [[(b.white, b.black) for b in r.boards] for r in tournament.rounds] == [[(1, 4), (2, 3)], [(1, 2)]], (
            "seeds 1 and 2 meet only in the final"
        )
        boards = [board for r in tournament.rounds for board in r.boards]
        assert all(board.result == Result.BOARD_RESULT_WHITE_WINS for board in boards), "white (the better seed) won"
        assert [board.series_id for board in boards] == [series.series_id for series in matches]
        assert [len(series.games) for series in matches] == [2, 2, 2], "two wins end a best of three"
        for series in matches:
            assert all(game.game_id for game in series.games)
            assert series.games[-1].game_id and manager.get_game(series.games[-1].game_id).series_id == series.series_id

        standings = list(tournament.standings)
        assert [(s.rank, s.player) for s in standings[:2]] == [(1, 1), (2, 2)], "the winner, then the finalist"
        assert sorted((s.rank, s.player) for s in standings[2:]) == [(3, 3), (3, 4)], "knocked out together"
        assert standings[0].player_id == players[0].player_id
        assert_trf(manager.export_tournament_trf(tournament_id), tournament)

        kinds = [event_kind(event) for event in follow(manager.tournament_events(tournament_id))]
        assert kinds == (
            ["round_paired"] + ["board_finished"] * 2 + ["round_finished"]
            + ["round_paired", "board_finished", "round_finished", "tournament_ended"]
        )


def test_a_swiss_of_engine_players_is_paired_to_its_end(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", engines(6), format="swiss", rounds=3, labels=labels
        )
        tournament = created.tournament
        tournament_id = tournament.tournament_id
        assert not created.player_tokens, "the engine's players get no token"
        assert tournament.format == pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS
        assert tournament.round_count == 3 and not tournament.accelerated
        assert list(tournament.tie_breaks) == [
            pb.TieBreak.TIE_BREAK_BUCHHOLZ_CUT_1,
            pb.TieBreak.TIE_BREAK_BUCHHOLZ,
            pb.TieBreak.TIE_BREAK_DIRECT_ENCOUNTER,
            pb.TieBreak.TIE_BREAK_WINS,
        ], "a Swiss's own tie-breaks"
        assert len(tournament.rounds) == 1, "the first round is made"
        first = sorted(tuple(sorted((board.white, board.black))) for board in tournament.rounds[0].boards)
        assert first == [(1, 4), (2, 5), (3, 6)], "the upper half of the pairing numbers against the lower half"

        events = list(follow(manager.tournament_events(tournament_id), seconds=45))
        assert [event.seq for event in events] == list(range(1, len(events) + 1)), "numbered from 1, no gap"
        kinds = [event_kind(event) for event in events]
        assert kinds == (["round_paired"] + ["board_finished"] * 3 + ["round_finished"]) * 3 + ["tournament_ended"]
        assert events[-1].tournament_ended.status == Status.TOURNAMENT_STATUS_FINISHED

        tournament = manager.get_tournament(tournament_id)
        assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED
        assert tournament.format == pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS and tournament.round_count == 3
        assert len(tournament.rounds) == 3 and all(r.finished for r in tournament.rounds)
        assert [r.number for r in tournament.rounds] == [1, 2, 3]
        for played in tournament.rounds:
            assert len(played.boards) == 3, "six players, three boards, no bye"
            seated = sorted(number for board in played.boards for number in (board.white, board.black))
            assert seated == [1, 2, 3, 4, 5, 6], f"each player once in round {played.number}"
            assert all(board.game_id and not board.series_id for board in played.boards), "each board one game"
            assert all(board.result != Result.BOARD_RESULT_UNSPECIFIED for board in played.boards)
        pairs = [frozenset((board.white, board.black)) for r in tournament.rounds for board in r.boards]
        assert len(pairs) == len(set(pairs)) == 9, "no two players met twice"

        standings = list(tournament.standings)
        assert sorted(s.player for s in standings) == [1, 2, 3, 4, 5, 6]
        assert sum(s.points for s in standings) == 9, "each of the nine games gives out one point"
        assert [s.points for s in standings] == sorted((s.points for s in standings), reverse=True), "best first"
        assert all(len(s.tie_breaks) == 4 for s in standings)
        assert_trf(manager.export_tournament_trf(tournament_id), tournament)
        done = manager.list_tournaments(status="finished", labels=labels)
        assert [t.tournament_id for t in done.tournaments] == [tournament_id]


def test_a_swiss_refuses_as_many_rounds_as_players_and_echoes_its_acceleration(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        for rounds in (6, 7):
            with pytest.raises(TabulaError) as too_many:
                manager.create_tournament_from_preset("tic_tac_toe", "classic", engines(6), format="swiss", rounds=rounds)
            assert_error(too_many.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
            assert "rounds" in too_many.value.message, too_many.value.message
        raw_request = pb.CreateTournamentRequest(
            kind=pb.GameKind.GAME_KIND_TIC_TAC_TOE,
            preset="classic",
            players=engines(6),
            format=pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS,
            rounds=6,
        )
        with pytest.raises(grpc.RpcError) as raw:
            manager.stub.CreateTournament(raw_request, timeout=10)
        assert bad_request_fields(raw.value) == ["rounds"], "the one problem, named"

        with pytest.raises(TabulaError) as not_swiss:
            manager.create_tournament_from_preset(
                "tic_tac_toe", "classic", engines(4), format="round_robin", rounds=2, accelerated=True
            )
        assert_error(not_swiss.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "rounds" in not_swiss.value.message and "accelerated" in not_swiss.value.message

        most = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", engines(6), format="swiss", rounds=5, hold_rounds=True
        )
        assert most.tournament.round_count == 5, "one fewer round than players is allowed"
        derived = manager.create_tournament_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), engines(9), format="swiss", hold_rounds=True
        )
        assert derived.tournament.round_count == 4, "rounds=0: ceil(log2(9))"
        assert not derived.tournament.accelerated

        accelerated = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", engines(8), format="swiss", rounds=4, accelerated=True, hold_rounds=True
        )
        assert accelerated.tournament.accelerated and accelerated.tournament.round_count == 4
        assert accelerated.tournament.format == pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS
        assert manager.get_tournament(accelerated.tournament.tournament_id).accelerated, "it is kept"
        for tournament_id in (most, derived, accelerated):
            manager.cancel_tournament(tournament_id.tournament.tournament_id)

def seated(played: pb.TournamentRound) -> list[int]:
    """The players of a round's boards (a bye's too), in number order."""
    return sorted(n for board in played.boards for n in (board.white, board.black) if n)


def test_a_late_entry_joins_a_swiss_under_way_from_its_next_round(keyed: str) -> None:
    players, labels = people(5), suite()
    late = tournaments.person(f"late-{uuid.uuid4().hex[:12]}", "Late")
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", players, format="swiss", rounds=3, labels=labels
        )
        tournament_id = created.tournament.tournament_id
        assert len(created.tournament.rounds) == 1, "round 1 is paired"
        assert seated(created.tournament.rounds[0]) == [1, 2, 3, 4, 5], "two boards and a bye"

        added = manager.add_tournament_player(tournament_id, late)
        assert isinstance(added, pb.AddTournamentPlayerResponse)
        assert added.player_token.player == 6 and added.player_token.token, "numbered after every player"
        assert len(added.tournament.players) == 6
        assert (added.tournament.players[-1].player_id, added.tournament.players[-1].display_name) == (
            late.player_id, "Late"
        ), "last in players"
        assert len(added.tournament.rounds) == 1 and seated(added.tournament.rounds[0]) == [1, 2, 3, 4, 5], (
            "the round paired already is left as it is"
        )

        with pytest.raises(TabulaError) as twice:
            manager.add_tournament_player(tournament_id, late)
        assert_error(twice.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(grpc.RpcError) as raw:
            manager.stub.AddTournamentPlayer(
                pb.AddTournamentPlayerRequest(tournament_id=tournament_id, player=late), timeout=10
            )
        assert bad_request_fields(raw.value) == ["player"], "the one problem, named"

        fixed = manager.create_tournament_from_preset("tic_tac_toe", "classic", people(4), hold_rounds=True)
        with pytest.raises(TabulaError) as round_robin:
            manager.add_tournament_player(fixed.tournament.tournament_id, tournaments.person(f"rr-{labels['suite']}"))
        assert_error(round_robin.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(grpc.RpcError) as raw_round_robin:
            manager.stub.AddTournamentPlayer(
                pb.AddTournamentPlayerRequest(tournament_id=fixed.tournament.tournament_id, player=late), timeout=10
            )
        assert bad_request_fields(raw_round_robin.value) == ["player"]
        manager.cancel_tournament(fixed.tournament.tournament_id)

        tokens = {token.player: token.token for token in created.player_tokens}
        tokens[added.player_token.player] = added.player_token.token
        seats = {number: manager.with_credential(token) for number, token in tokens.items()}
        for number in range(1, 4):
            tournament = wait_for(manager, tournament_id, number)
            assert tournament.status == Status.TOURNAMENT_STATUS_IN_PROGRESS and len(tournament.rounds) == number
            for board in tournament.rounds[number - 1].boards:
                if not board.black:
                    continue  # a bye
                assert seats[board.white].get_view(board.game_id).viewer_seat == 1, "each token is its seat"
                loser = board.white if board.number % 2 else board.black
                assert seats[loser].resign(board.game_id).view.status == pb.GameStatus.GAME_STATUS_FINISHED
        tournament = wait_for(manager, tournament_id, 4)
        assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED and len(tournament.rounds) == 3
        assert [6 in seated(r) for r in tournament.rounds] == [False, True, True], "it plays rounds 2 and 3"
        assert [seated(r) for r in tournament.rounds[1:]] == [[1, 2, 3, 4, 5, 6]] * 2, "six players, three boards"
        assert sorted(s.player for s in tournament.standings) == [1, 2, 3, 4, 5, 6]
        assert_trf(manager.export_tournament_trf(tournament_id), tournament)

        events = list(follow(manager.tournament_events(tournament_id)))
        assert [event.seq for event in events] == list(range(1, len(events) + 1)), "numbered from 1, no gap"
        kinds = [event_kind(event) for event in events]
        assert kinds.count("player_joined") == 1 and kinds[-1] == "tournament_ended"
        joined = events[kinds.index("player_joined")].player_joined
        assert (joined.player, joined.first_round) == (6, 2)
        assert kinds.index("player_joined") < [i for i, k in enumerate(kinds) if k == "round_paired"][1], (
            "before round 2 was paired"
        )
        with pytest.raises(TabulaError) as over:
            manager.add_tournament_player(tournament_id, tournaments.person(f"after-{labels['suite']}"))
        assert_error(over.value, grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_OVER")


def played_swiss(manager: Client, players: list[pb.TournamentPlayer], labels: dict[str, str]) -> tuple[pb.Tournament, str]:
    """A two-round Swiss of classic tic-tac-toe between `players` (the engine's), played to
    its end: the tournament and its Tournament Report File."""
    created = manager.create_tournament_from_preset(
        "tic_tac_toe", "classic", players, format="swiss", rounds=2, labels=labels
    )
    tournament_id = created.tournament.tournament_id
    kinds = [event_kind(event) for event in follow(manager.tournament_events(tournament_id), seconds=45)]
    assert kinds and kinds[-1] == "tournament_ended", kinds
    tournament = manager.get_tournament(tournament_id)
    assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED and len(tournament.rounds) == 2
    trf = manager.export_tournament_trf(tournament_id)
    assert_trf(trf, tournament)
    return tournament, trf


def boards_of(played: pb.TournamentRound) -> list[tuple[int, int, int]]:
    """A round's boards as (white, black, result), in one order whatever the boards' numbers."""
    return sorted((board.white, board.black, board.result) for board in played.boards)


def test_a_swiss_continues_from_the_file_of_one_played_before(keyed: str) -> None:
    players, labels = engines(6), suite()
    with Client(keyed, credential=KEY) as manager:
        played, trf = played_swiss(manager, players, labels)
        met = {frozenset((board.white, board.black)) for r in played.rounds for board in r.boards}

        # Held, so that nothing moves on: the file's rounds and standings, as they were.
        held = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", players, format="swiss", rounds=4, trf=trf, hold_rounds=True, labels=labels
        ).tournament
        assert held.tournament_id != played.tournament_id and held.round_count == 4
        assert [p.player_id for p in held.players] == [p.player_id for p in players], "in the file's order"
        assert len(held.rounds) == len(played.rounds) == 2, "the file's rounds, the next one held"
        for imported, original in zip(held.rounds, played.rounds):
            assert imported.number == original.number and imported.finished
            assert boards_of(imported) == boards_of(original), f"round {original.number} as the file has it"
            assert not any(board.game_id for board in imported.boards), "played elsewhere: no game here"
        assert [(s.player, s.points) for s in held.standings] == [(s.player, s.points) for s in played.standings]
        started = manager.start_tournament_round(held.tournament_id, 3)
        assert [r.number for r in started.rounds] == [1, 2, 3], "round 3 is the next to start"
        manager.cancel_tournament(held.tournament_id)

        # Not held: the next round is paired at once, and played here.
        created = manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", players, format="swiss", rounds=4, trf=trf, labels=labels
        )
        continued = created.tournament
        tournament_id = continued.tournament_id
        assert continued.round_count == 4 and len(continued.rounds) >= 3, "round 3 paired at once"
        assert [boards_of(r) for r in continued.rounds[:2]] == [boards_of(r) for r in played.rounds]
        third = continued.rounds[2]
        assert third.number == 3 and len(third.boards) == 3
        assert sorted(n for board in third.boards for n in (board.white, board.black)) == [1, 2, 3, 4, 5, 6]
        assert all(board.game_id for board in third.boards), "round 3 is played here"
        assert not met & {frozenset((board.white, board.black)) for board in third.boards}, "no rematch"

        tournament = wait_for(manager, tournament_id, 4, seconds=45)
        assert tournament.rounds[2].finished, "round 3 was played to its end"
        assert all(board.result != Result.BOARD_RESULT_UNSPECIFIED for board in tournament.rounds[2].boards)
        if tournament.status == Status.TOURNAMENT_STATUS_IN_PROGRESS:
            manager.cancel_tournament(tournament_id)


def test_a_file_of_another_number_of_players_is_refused(keyed: str) -> None:
    players, labels = engines(6), suite()
    with Client(keyed, credential=KEY) as manager:
        _, trf = played_swiss(manager, players, labels)
        for others in (players[:5], players + engines(1)):
            with pytest.raises(TabulaError) as refused:
                manager.create_tournament_from_preset(
                    "tic_tac_toe", "classic", others, format="swiss", rounds=4, trf=trf, labels=labels
                )
            assert_error(refused.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
            assert "trf" in refused.value.message, refused.value.message
        raw_request = pb.CreateTournamentRequest(
            kind=pb.GameKind.GAME_KIND_TIC_TAC_TOE,
            preset="classic",
            players=players[:5],
            format=pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS,
            rounds=4,
            trf=trf,
        )
        with pytest.raises(grpc.RpcError) as raw:
            manager.stub.CreateTournament(raw_request, timeout=10)
        assert bad_request_fields(raw.value) == ["trf"], "the one problem, named"
        made = manager.list_tournaments(labels=labels)
        assert len(made.tournaments) == 1, "nothing made but the Swiss the file came from"


@contextmanager
def guarded(stream: OwnerEventStream, seconds: float = 30) -> Iterator[Iterator[pb.OwnerEvent]]:
    """The stream's events; the stream is closed on leaving the block, or after `seconds`, so
    that a test waiting for an entry the server never sends fails instead of hanging (the
    owner stream never ends by itself)."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    try:
        yield iter(stream)
    finally:
        guard.cancel()
        stream.close()


def take(events: Iterator[pb.OwnerEvent], count: int) -> list[pb.OwnerEvent]:
    """The next `count` entries; fails when the stream was closed (by `guarded`) first."""
    taken = [event for _, event in zip(range(count), events)]
    assert len(taken) == count, f"only {len(taken)} of {count} entries came in time: {taken}"
    return taken


def assert_owner_entries(
    entries: list[pb.OwnerEvent], events: list[pb.TournamentEvent], tournament: pb.Tournament
) -> None:
    """`entries`, a four-player round robin's on the owner stream, are its boards, rounds and
    end in order, each with the tournament's own event as `tournament_events` delivered it
    (`events`) and the `game_ended` of the game that moved it on."""
    assert [entry.kind for entry in entries] == ROUND_ROBIN_ENTRIES
    cursors = [entry.cursor for entry in entries]
    assert cursors == sorted(set(cursors)), "in cursor order"
    assert all(entry.HasField("tournament_event") and not entry.HasField("series_event") for entry in entries)
    assert [entry.tournament_event for entry in entries] == [
        event for event in events if event_kind(event) in ON_THE_OWNER_STREAM
    ], "the tournament's own events"
    games = {board.game_id for r in tournament.rounds for board in r.boards}
    assert all(event_kind(entry.game_event) == "game_ended" for entry in entries)
    assert {entry.game_event.game_id for entry in entries} == games, "every game's end"
    for before, entry in zip(entries, entries[1:]):
        if entry.kind == BOARD_FINISHED:
            assert entry.game_event.game_id == entry.tournament_event.board_finished.board.game_id
        else:
            assert entry.game_event == before.game_event, "the end of the game that finished the round"
    end = entries[-1].tournament_event.tournament_ended
    assert end.status == Status.TOURNAMENT_STATUS_FINISHED and list(end.standings) == list(tournament.standings)


def test_the_owner_s_stream_carries_a_round_robin_board_by_board(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        created = manager.create_tournament_from_preset("tic_tac_toe", "classic", engines(4), labels=labels)
        tournament_id = created.tournament.tournament_id
        # Opened while the engine plays: its first entries from the backlog, the rest live.
        owner = manager.owner_events(
            kinds=["tournament_board_finished", "TOURNAMENT_ROUND_FINISHED", TOURNAMENT_FINISHED], labels=labels
        )
        with guarded(owner) as stream:
            entries = take(stream, len(ROUND_ROBIN_ENTRIES))
        assert owner.last_cursor == entries[-1].cursor

        events = list(follow(manager.tournament_events(tournament_id)))
        assert event_kind(events[-1]) == "tournament_ended"
        tournament = manager.get_tournament(tournament_id)
        assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED
        assert_owner_entries(entries, events, tournament)
        assert all(entry.tournament_event.tournament_id == tournament_id for entry in entries)

        # The same games' plain ends carry no tournament event.
        ends = manager.owner_events(kinds=["game_ended"], labels=labels)
        with guarded(ends) as stream:
            plain = take(stream, 6)
        assert not any(entry.HasField("tournament_event") for entry in plain)
        # Resumed after the last round's entry: the end alone.
        resumed = manager.owner_events(after_cursor=entries[-2].cursor, kinds=[TOURNAMENT_FINISHED], labels=labels)
        with guarded(resumed) as stream:
            assert take(stream, 1) == entries[-1:]


def test_refused_creations_unknown_ids_and_private_tournaments(keyed: str) -> None:
    with Client(keyed, credential=KEY) as manager:
        with pytest.raises(TabulaError) as alone:
            manager.create_tournament_from_preset("tic_tac_toe", "classic", people(1))
        assert_error(alone.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as solitaire:
            manager.create_tournament_from_preset("peg_solitaire", "triangle15", people(2))
        assert_error(solitaire.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as no_saved:
            manager.create_tournament_from_saved_config(f"none-{uuid.uuid4().hex[:8]}", people(2))
        assert_error(no_saved.value, grpc.StatusCode.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND")
        with pytest.raises(ValueError):
            manager.create_tournament_from_preset("tic_tac_toe", "classic", people(2), format="ladder")
        with pytest.raises(TabulaError) as even:
            manager.create_tournament_from_preset("tic_tac_toe", "classic", people(4), format="knockout", best_of=2)
        assert_error(even.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as tie_broken:
            manager.create_tournament_from_preset(
                "tic_tac_toe", "classic", people(4), format="knockout", tie_breaks=["wins"]
            )
        assert_error(tie_broken.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as unrated:
            manager.create_tournament_from_preset(
                "tic_tac_toe", "classic", people(4), format="knockout", seed_by_rating=True
            )
        assert_error(unrated.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as not_a_match:
            manager.create_tournament_from_preset("tic_tac_toe", "classic", people(4), best_of=3)
        assert_error(not_a_match.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        with pytest.raises(TabulaError) as anonymous:
            manager.with_credential(None).create_tournament_from_preset("tic_tac_toe", "classic", people(2))
        assert_error(anonymous.value, grpc.StatusCode.UNAUTHENTICATED, "CREDENTIAL_REQUIRED")

        with pytest.raises(TabulaError) as missing:
            manager.get_tournament("no-such-tournament")
        assert_error(missing.value, grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND")
        with pytest.raises(TabulaError) as no_file:
            manager.export_tournament_trf("no-such-tournament")
        assert_error(no_file.value, grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND")
        with pytest.raises(TabulaError) as no_stream:
            list(manager.tournament_events("no-such-tournament"))
        assert_error(no_stream.value, grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND")

        created = manager.create_tournament_from_preset("tic_tac_toe", "classic", people(2), private=True)
        tournament_id = created.tournament.tournament_id
        assert created.tournament.private and created.tournament.round_count == 1
        with pytest.raises(TabulaError) as hidden:
            manager.with_credential(None).get_tournament(tournament_id)
        assert_error(hidden.value, grpc.StatusCode.PERMISSION_DENIED, "PRIVATE_TOURNAMENT")
        player = manager.with_credential(created.player_tokens[0].token)
        assert player.get_tournament(tournament_id).tournament_id == tournament_id, "a player reads it"
        with pytest.raises(TabulaError) as hidden_file:
            manager.with_credential(None).export_tournament_trf(tournament_id)
        assert_error(hidden_file.value, grpc.StatusCode.PERMISSION_DENIED, "PRIVATE_TOURNAMENT")
        assert player.export_tournament_trf(tournament_id).count("\n001 ") == 2, "a player exports it"
        manager.cancel_tournament(tournament_id)


def test_tournaments_are_listed_newest_first_a_page_at_a_time(keyed: str) -> None:
    labels = suite()
    with Client(keyed, credential=KEY) as manager:
        config = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig())
        ids = [
            manager.create_tournament_from_config(config, people(2), hold_rounds=True, labels=labels)
            .tournament.tournament_id
            for _ in range(3)
        ]
        first = manager.list_tournaments(page_size=2, labels=labels)
        assert [t.tournament_id for t in first.tournaments] == ids[::-1][:2] and first.next_page_token
        rest = manager.list_tournaments(page_size=2, page_token=first.next_page_token, labels=labels)
        assert [t.tournament_id for t in rest.tournaments] == [ids[0]] and not rest.next_page_token
        running = manager.list_tournaments(status="in_progress", page_size=500)
        assert set(ids) <= {t.tournament_id for t in running.tournaments}
        for tournament_id in ids:
            manager.cancel_tournament(tournament_id)


async def test_the_async_client_follows_an_engine_tournament_to_its_end(keyed: str) -> None:
    tag = uuid.uuid4().hex[:12]
    name = f"tournament-{tag}"
    async with AsyncClient(keyed, credential=KEY) as manager:
        await manager.create_saved_config(
            pb.SavedConfig(name=name, config=pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()))
        )
        players = [tournaments.engine(1, 0.2, player_id=f"e{number}-{tag}") for number in range(1, 4)]
        created = await manager.create_tournament_from_saved_config(
            name, players, format="double_round_robin", scoring=tournaments.scoring(win=3, draw=1, bye=2)
        )
        tournament_id = created.tournament.tournament_id
        assert not created.player_tokens, "the engine's players get no token"
        assert created.tournament.round_count == 6, "three players, twice, a bye each round"
        assert [p.engine_level for p in created.tournament.players] == [1, 1, 1]

        async def everything() -> list[pb.TournamentEvent]:
            async with manager.tournament_events(tournament_id) as stream:
                return [event async for event in stream]

        events = await asyncio.wait_for(everything(), timeout=120)
        assert [event.seq for event in events] == list(range(1, len(events) + 1))
        kinds = [event_kind(event) for event in events]
        assert kinds.count("round_paired") == kinds.count("round_finished") == 6
        assert kinds.count("board_finished") == 12 and kinds[-1] == "tournament_ended"

        tournament = await manager.get_tournament(tournament_id)
        assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED
        results = [board.result for r in tournament.rounds for board in r.boards]
        assert results.count(Result.BOARD_RESULT_BYE) == 6
        wins = sum(r in (Result.BOARD_RESULT_WHITE_WINS, Result.BOARD_RESULT_BLACK_WINS) for r in results)
        draws = results.count(Result.BOARD_RESULT_DRAW)
        assert wins + draws == 6, "six games played"
        assert sum(s.points for s in tournament.standings) == 3 * wins + 2 * draws + 2 * 6
        assert_trf(await manager.export_tournament_trf(tournament_id), tournament)
        listed = await manager.list_tournaments(status="finished", page_size=500)
        assert tournament_id in [t.tournament_id for t in listed.tournaments]
        with pytest.raises(TabulaError) as missing:
            await manager.get_tournament("no-such-tournament")
        assert_error(missing.value, grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND")


async def test_the_async_client_plays_an_accelerated_swiss(keyed: str) -> None:
    async with AsyncClient(keyed, credential=KEY) as manager:
        created = await manager.create_tournament_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), engines(8), format="SWISS", accelerated=True
        )
        tournament_id = created.tournament.tournament_id
        assert created.tournament.format == pb.TournamentFormat.TOURNAMENT_FORMAT_SWISS
        assert created.tournament.accelerated and created.tournament.round_count == 3, "rounds=0: ceil(log2(8))"

        async def everything() -> list[pb.TournamentEvent]:
            async with manager.tournament_events(tournament_id) as stream:
                return [event async for event in stream]

        events = await asyncio.wait_for(everything(), timeout=45)
        assert [event_kind(event) for event in events].count("round_finished") == 3
        tournament = await manager.get_tournament(tournament_id)
        assert tournament.status == Status.TOURNAMENT_STATUS_FINISHED and tournament.accelerated
        pairs = [frozenset((board.white, board.black)) for r in tournament.rounds for board in r.boards]
        assert len(tournament.rounds) == 3 and len(pairs) == len(set(pairs)) == 12, "no two players met twice"
        assert sum(s.points for s in tournament.standings) == 12, "only real points count"
        with pytest.raises(TabulaError) as too_many:
            await manager.create_tournament_from_preset("tic_tac_toe", "classic", engines(4), format="swiss", rounds=4)
        assert_error(too_many.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        assert "rounds" in too_many.value.message, too_many.value.message


async def test_the_async_client_adds_a_late_entry(keyed: str) -> None:
    async with AsyncClient(keyed, credential=KEY) as manager:
        created = await manager.create_tournament_from_preset(
            "tic_tac_toe", "classic", people(3), format="swiss", rounds=2
        )
        tournament_id = created.tournament.tournament_id
        person = tournaments.person(f"late-{uuid.uuid4().hex[:12]}")
        added = await manager.add_tournament_player(tournament_id, person)
        assert added.player_token.player == 4 and added.player_token.token
        assert [p.player_id for p in added.tournament.players][-1] == person.player_id
        bot = await manager.add_tournament_player(tournament_id, tournaments.engine(1, 0.05))
        assert not bot.HasField("player_token"), "the engine's player gets no token"
        assert len(bot.tournament.players) == 5 and bot.tournament.players[-1].engine_level == 1
        with pytest.raises(TabulaError) as twice:
            await manager.add_tournament_player(tournament_id, person)
        assert_error(twice.value, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")
        await manager.cancel_tournament(tournament_id)


async def test_the_async_owner_s_stream_carries_a_round_robin_too(keyed: str) -> None:
    labels = suite()
    async with AsyncClient(keyed, credential=KEY) as manager:
        created = await manager.create_tournament_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), engines(4), labels=labels
        )
        tournament_id = created.tournament.tournament_id

        async def everything() -> list[pb.TournamentEvent]:
            async with manager.tournament_events(tournament_id) as stream:
                return [event async for event in stream]

        events = await asyncio.wait_for(everything(), timeout=45)
        tournament = await manager.get_tournament(tournament_id)
        async with manager.owner_events(
            kinds=[BOARD_FINISHED, ROUND_FINISHED, "tournament_finished"], labels=labels
        ) as owner:
            entries = aiter(owner)
            taken = [await asyncio.wait_for(anext(entries), 20) for _ in ROUND_ROBIN_ENTRIES]
    assert_owner_entries(taken, events, tournament)
