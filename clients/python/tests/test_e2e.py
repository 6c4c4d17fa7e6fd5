"""The client against a real server: a full game, errors, hidden fleets, resumed streams."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from datetime import timedelta

import grpc
import pytest

from relay import Relay
from tabula_client import AsyncClient, Client, EventStream, TabulaError, actor_kind, bot_seat, enum_name, event_kind, moves, pb

# Red fills the bottom row from column 3; Yellow stacks on top.
WINNING_DROPS = [(0, 3), (1, 3), (0, 4), (1, 4), (0, 5), (1, 5), (0, 6)]


def test_connect_four_to_a_win_while_a_spectator_streams(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("connect_four", "classic")
        game_id = created.game.game_id
        seats = [client.with_credential(token.token) for token in created.seat_tokens]
        stream = client.events(game_id)
        seen: list[pb.GameEvent] = []
        follower = threading.Thread(target=lambda: seen.extend(stream))
        follower.start()

        last = None
        for seat, column in WINNING_DROPS:
            last = seats[seat].submit_move(game_id, moves.drop(column))
        follower.join(timeout=10)

        assert last is not None and last.view.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert last.view.outcome.winner == 1
        assert [(c.row, c.col) for c in last.view.outcome.winning_line] == [(5, 3), (5, 4), (5, 5), (5, 6)]
        assert not follower.is_alive(), "the stream ends after the final event"
        assert [e.seq for e in seen] == list(range(1, 10))
        applied = [(e.move_applied.seat, e.move_applied.move.place.column) for e in seen if e.HasField("move_applied")]
        assert applied == [(seat + 1, column) for seat, column in WINNING_DROPS]
        assert seen[-1].game_ended.outcome.winner == 1
        assert stream.last_seq == 9


def test_a_stream_with_views_sends_the_game_after_each_event(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("connect_four", "classic")
        game_id = created.game.game_id
        seats = [client.with_credential(token.token) for token in created.seat_tokens]
        stream = client.events(game_id, include_views=True)
        seen: list[tuple[pb.GameEvent, pb.View | None]] = []
        follower = threading.Thread(target=lambda: seen.extend((event, stream.last_view) for event in stream))
        follower.start()
        for seat, column in WINNING_DROPS:
            seats[seat].submit_move(game_id, moves.drop(column))
        follower.join(timeout=10)

        assert not follower.is_alive(), "the stream ends after the final event"
        assert [event.seq for event, _ in seen] == list(range(1, 10))
        for event, view in seen:
            assert view is not None and view.seq == event.seq, f"the view of event {event.seq}"
        views = [view for _, view in seen if view is not None]
        assert [view.move_count for view in views] == [0, 1, 2, 3, 4, 5, 6, 7, 7]
        assert views[-1] == client.get_view(game_id), "the last view is what get_view answers"
        assert views[-1].outcome.winner == 1

        bare = client.events(game_id)
        assert [(event.seq, bare.last_view) for event in bare] == [(seq, None) for seq in range(1, 10)]


def test_illegal_moves_raise_with_code_and_reason(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("GAME_KIND_CONNECT_FOUR", "classic")
        game_id = created.game.game_id
        red = client.with_credential(created.seat_tokens[0].token)
        yellow = client.with_credential(created.seat_tokens[1].token)

        with pytest.raises(TabulaError) as out_of_turn:
            yellow.submit_move(game_id, moves.drop(0))
        assert out_of_turn.value.code == grpc.StatusCode.FAILED_PRECONDITION
        assert out_of_turn.value.reason == "NOT_YOUR_TURN"
        assert out_of_turn.value.metadata["current_seq"] == "1"

        for _ in range(3):
            red.submit_move(game_id, moves.drop(0))
            yellow.submit_move(game_id, moves.drop(0))
        with pytest.raises(TabulaError) as full:
            red.submit_move(game_id, moves.drop(0))
        assert (full.value.code, full.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "COLUMN_FULL")

        with pytest.raises(TabulaError) as stale:
            red.submit_move(game_id, moves.drop(1), expected_seq=2)
        assert (stale.value.code, stale.value.reason) == (grpc.StatusCode.ABORTED, "STALE_SEQ")

        with pytest.raises(TabulaError) as spectator:
            client.submit_move(game_id, moves.drop(1))
        assert spectator.value.reason == "SEAT_REQUIRED"


def test_battleship_views_hide_the_other_fleet(server: str) -> None:
    with Client(server) as client:
        config = pb.GameConfig(battleship=pb.BattleshipConfig(width=6, height=6, fleet=[3, 2]))
        created = client.create_game_from_config(config)
        game_id = created.game.game_id
        blue, red = (client.with_credential(t.token) for t in created.seat_tokens)
        blue.submit_move(game_id, moves.place_fleet([moves.ship(0, 0, 3), moves.ship(2, 0, 2)]))
        red.submit_move(game_id, moves.place_ship(moves.ship(5, 3, 3)))
        red.submit_move(game_id, moves.place_ship(moves.ship(0, 5, 2, vertical=True)))
        blue.submit_move(game_id, moves.ready())
        red.submit_move(game_id, moves.ready())

        hit = blue.submit_move(game_id, moves.shot(5, 4))
        red.submit_move(game_id, moves.shot(4, 4))
        blue.submit_move(game_id, moves.shot(3, 3))

        def pieces(view: pb.View, seat: int) -> list[int]:
            return [cell.piece for cell in view.seat_boards[seat - 1].cells]

        assert pieces(hit.view, 2)[5 * 6 + 4] == pb.Piece.PIECE_HIT
        red_view = red.get_view(game_id)
        blue_view = blue.get_view(game_id)
        spectator = client.get_view(game_id)
        assert pb.Piece.PIECE_SHIP not in pieces(red_view, 1), "Red sees none of Blue's ships"
        assert pieces(red_view, 2).count(pb.Piece.PIECE_SHIP) == 4, "Red sees its own unhit cells"
        assert pb.Piece.PIECE_SHIP not in pieces(blue_view, 2)
        assert pieces(blue_view, 1).count(pb.Piece.PIECE_SHIP) == 5
        assert pieces(blue_view, 2)[3 * 6 + 3] == pb.Piece.PIECE_MISS
        for seat in (1, 2):
            assert pb.Piece.PIECE_SHIP not in pieces(spectator, seat)
        public = client.events(game_id)
        placements = [event for _, event in zip(range(3), public)]
        public.close()
        assert placements[1].move_applied.redacted and not placements[1].move_applied.HasField("move")
        assert placements[2].move_applied.redacted and not placements[2].move_applied.HasField("move")
        own = red.events(game_id, after_seq=1)
        blue_fleet, red_ship = (event for _, event in zip(range(2), own))
        own.close()
        assert blue_fleet.move_applied.redacted, "Red sees Blue's fleet placement only as redacted"
        assert red_ship.move_applied.move.place.ship.length == 3, "Red sees its own placement"


@pytest.mark.parametrize("include_views", [False, True])
def test_a_stream_resumes_after_a_disconnect_without_a_gap(server: str, include_views: bool) -> None:
    relay = Relay(server)
    try:
        with Client(server) as direct, Client(relay.address) as relayed:
            created = direct.create_game_from_preset("connect_four", "classic")
            game_id = created.game.game_id
            seats = [direct.with_credential(t.token) for t in created.seat_tokens]
            stream = relayed.events(game_id, include_views=include_views)
            seen: list[int] = []
            view_seqs: list[int | None] = []
            for event in stream:
                seen.append(event.seq)
                view_seqs.append(None if stream.last_view is None else stream.last_view.seq)
                if event.seq == 1:
                    seats[0].submit_move(game_id, moves.drop(3))
                elif event.seq == 2:
                    relay.cut_all()
                    # Played while the follower is disconnected: it must fetch these on resume.
                    for seat, column in WINNING_DROPS[1:]:
                        seats[seat].submit_move(game_id, moves.drop(column))
            assert seen == list(range(1, 10))
            # A resumed stream asks for views again, if it asked at first.
            assert view_seqs == (seen if include_views else [None] * len(seen))
            if include_views:
                assert stream.last_view == direct.get_view(game_id)
    finally:
        relay.close()


def describe_actor(event: pb.GameEvent) -> str:
    """The event's actor as `seat N`, `service KEY_NAME`, `engine N`, `clock`, `none` or `unknown`."""
    if not event.HasField("actor"):
        return "none"
    kind = actor_kind(event.actor)
    if kind == "seat":
        return f"seat {event.actor.seat}"
    if kind == "service":
        return f"service {event.actor.service.key_name}"
    if kind == "engine":
        return f"engine {event.actor.engine}"
    return kind  # "clock" (the game's clock has no more to say) or "unknown"


def test_a_service_key_aborts_a_game_and_every_event_names_its_maker(server: str) -> None:
    with Client(server) as manager:  # a server without keys: anyone manages games
        created = manager.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        x, o = (manager.with_credential(t.token) for t in created.seat_tokens)
        x.submit_move(game_id, moves.place_cell(1, 1))
        o.submit_move(game_id, moves.place_cell(0, 0))

        game = manager.abort_game(game_id, "seat 2 lost its connection")
        assert game.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert (game.outcome.type, game.outcome.reason, game.outcome.winner) == (
            pb.OutcomeType.OUTCOME_TYPE_NO_RESULT,
            pb.EndReason.END_REASON_ABORTED,
            0,
        )
        assert enum_name(pb.OutcomeType, game.outcome.type) == "OUTCOME_TYPE_NO_RESULT"
        assert enum_name(pb.EndReason, game.outcome.reason) == "END_REASON_ABORTED"

        events = list(manager.events(game_id))
        assert [(event_kind(e), describe_actor(e)) for e in events] == [
            ("game_created", "none"),
            ("move_applied", "seat 1"),
            ("move_applied", "seat 2"),
            ("game_aborted", "service "),  # a server without keys names none
            ("game_ended", "none"),
        ]
        assert events[3].game_aborted.explanation == "seat 2 lost its connection"
        assert events[4].game_ended.outcome.reason == pb.EndReason.END_REASON_ABORTED

        with pytest.raises(TabulaError) as over:
            manager.abort_game(game_id, "again")
        assert (over.value.code, over.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")


def test_too_late_to_abort_but_an_adjudication_decides(server: str) -> None:
    with Client(server) as manager:
        created = manager.create_game_from_preset("tic_tac_toe", "classic")
        game_id = created.game.game_id
        x, o = (manager.with_credential(t.token) for t in created.seat_tokens)
        x.submit_move(game_id, moves.place_cell(1, 1))
        o.submit_move(game_id, moves.place_cell(0, 0))
        x.submit_move(game_id, moves.place_cell(2, 2))
        with pytest.raises(TabulaError) as late:
            manager.abort_game(game_id, "too late", request_id="abort-1")
        assert (late.value.code, late.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TOO_LATE_TO_ABORT")

        game = manager.adjudicate_game(game_id, "win", 2, "seat 1 broke the rules", request_id="adjudicate-1")
        assert game.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert (game.outcome.type, game.outcome.reason, game.outcome.winner) == (
            pb.OutcomeType.OUTCOME_TYPE_WIN,
            pb.EndReason.END_REASON_ADJUDICATION,
            2,
        )
        retried = manager.adjudicate_game(
            game_id, pb.OutcomeType.OUTCOME_TYPE_WIN, 2, "seat 1 broke the rules", request_id="adjudicate-1"
        )
        assert retried == game, "a retry is answered as the first call was"

        *_, adjudicated, ended = manager.events(game_id)
        assert (event_kind(adjudicated), describe_actor(adjudicated)) == ("game_adjudicated", "service ")
        assert adjudicated.game_adjudicated.explanation == "seat 1 broke the rules"
        assert (event_kind(ended), describe_actor(ended), ended.game_ended.outcome.winner) == ("game_ended", "none", 2)

        with pytest.raises(TabulaError) as over:
            manager.adjudicate_game(game_id, "draw", 0, "again")
        assert over.value.reason == "GAME_OVER"


async def test_async_abort_and_adjudication(server: str) -> None:
    async with AsyncClient(server) as manager:
        aborted = await manager.create_game_from_preset("tic_tac_toe", "classic")
        game = await manager.abort_game(aborted.game.game_id, "nobody came")
        assert game.outcome.type == pb.OutcomeType.OUTCOME_TYPE_NO_RESULT
        assert game.outcome.reason == pb.EndReason.END_REASON_ABORTED
        decided = await manager.create_game_from_preset("tic_tac_toe", "classic", request_id="async-create")
        game = await manager.adjudicate_game(decided.game.game_id, "draw", 0, "the hall closes")
        assert game.outcome.type == pb.OutcomeType.OUTCOME_TYPE_DRAW
        assert game.outcome.reason == pb.EndReason.END_REASON_ADJUDICATION
        with pytest.raises(TabulaError) as over:
            await manager.abort_game(decided.game.game_id, "again")
        assert over.value.reason == "GAME_OVER"
        retried = await manager.create_game_from_preset("tic_tac_toe", "classic", request_id="async-create")
        assert retried.retried and retried.game.game_id == decided.game.game_id and not retried.seat_tokens


def test_a_retried_creation_returns_its_game(server: str) -> None:
    with Client(server) as manager:
        first = manager.create_game_from_preset("tic_tac_toe", "classic", request_id="create-1")
        retry = manager.create_game_from_preset("tic_tac_toe", "classic", request_id="create-1")
        game_id = first.game.game_id
        assert not first.retried
        assert retry.retried and retry.game.game_id == game_id
        # Nothing happened in the game yet: the retry issued new tokens, and the old ones stopped working.
        assert len(retry.seat_tokens) == 2 and retry.seat_tokens[0].token != first.seat_tokens[0].token
        with pytest.raises(TabulaError) as old:
            manager.with_credential(first.seat_tokens[0].token).submit_move(game_id, moves.place_cell(1, 1))
        assert (old.value.code, old.value.reason) == (grpc.StatusCode.UNAUTHENTICATED, "INVALID_CREDENTIAL")
        manager.with_credential(retry.seat_tokens[0].token).submit_move(game_id, moves.place_cell(1, 1))
        # Once a seat has moved, a retry returns the game without tokens.
        late = manager.create_game_from_preset("tic_tac_toe", "classic", request_id="create-1")
        assert late.retried and late.game.game_id == game_id and not late.seat_tokens
        # The same id for another request is refused; another id makes another game.
        with pytest.raises(TabulaError) as reused:
            manager.create_game_from_preset("tic_tac_toe", "four", request_id="create-1")
        assert reused.value.reason == "REQUEST_ID_REUSED"
        other = manager.create_game_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), request_id="create-2")
        assert not other.retried and other.game.game_id != game_id


def follow(stream: EventStream, seconds: float = 20) -> Iterator[pb.GameEvent]:
    """The stream's events, closing it after `seconds` so a test that waits for an event the
    server never sends fails instead of hanging."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    try:
        yield from stream
    finally:
        guard.cancel()
        stream.close()


def test_the_engine_answers_for_its_seat_and_its_token_may_not_move(server: str) -> None:
    with Client(server) as manager:
        kinds = {kind.name: kind for kind in manager.list_game_kinds()}
        assert kinds["tic_tac_toe"].max_bot_level >= 1
        created = manager.create_game_from_preset("tic_tac_toe", "classic", bots=[bot_seat(2, 1)])
        game_id = created.game.game_id
        assert [(bot.seat, bot.level) for bot in created.game.bots] == [(2, 1)]
        x, o = (manager.with_credential(t.token) for t in created.seat_tokens)
        assert x.submit_move(game_id, moves.place_cell(1, 1)).seq == 2

        reply = next(follow(manager.events(game_id, after_seq=2)))
        assert (reply.seq, event_kind(reply), describe_actor(reply)) == (3, "move_applied", "engine 2")
        assert actor_kind(reply.actor) == "engine" and reply.move_applied.seat == 2
        game = manager.get_game(game_id)
        assert [(bot.seat, bot.level) for bot in game.bots] == [(2, 1)]
        assert o.get_view(game_id).viewer_seat == 2, "the bot seat's token reads the game as that seat"

        for attempt in (lambda: o.submit_move(game_id, moves.place_cell(0, 0)), lambda: o.resign(game_id)):
            with pytest.raises(TabulaError) as refused:
                attempt()
            assert (refused.value.code, refused.value.reason) == (
                grpc.StatusCode.FAILED_PRECONDITION,
                "SEAT_PLAYED_BY_ENGINE",
            )
            assert refused.value.metadata["seat"] == "2"

        with pytest.raises(TabulaError) as bad:
            manager.create_game_from_preset("tic_tac_toe", "classic", bots=[bot_seat(3, 1, move_time=60)])
        assert (bad.value.code, bad.value.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_REQUEST")


def test_an_engine_against_engine_game_plays_to_its_end(server: str) -> None:
    with Client(server) as manager:
        bots = [bot_seat(1, 1), bot_seat(2, 1, move_time=timedelta(milliseconds=500))]
        created = manager.create_game_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), bots=bots)
        game_id = created.game.game_id
        assert [(bot.seat, bot.level) for bot in created.game.bots] == [(1, 1), (2, 1)]
        assert created.game.bots[1].move_time.ToMilliseconds() == 500

        events = list(follow(manager.events(game_id)))
        assert events and event_kind(events[-1]) == "game_ended", "the stream ends with the game"
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        applied = [e for e in events if event_kind(e) == "move_applied"]
        assert len(applied) >= 5
        assert [describe_actor(e) for e in applied] == [f"engine {e.move_applied.seat}" for e in applied]
        assert [e.move_applied.seat for e in applied] == [1, 2] * (len(applied) // 2) + [1] * (len(applied) % 2)
        assert manager.get_game(game_id).status == pb.GameStatus.GAME_STATUS_FINISHED


async def test_async_creation_takes_bot_seats(server: str) -> None:
    async with AsyncClient(server) as manager:
        created = await manager.create_game_from_preset("tic_tac_toe", "classic", bots=[bot_seat(1, 1)])
        assert [(bot.seat, bot.level) for bot in created.game.bots] == [(1, 1)]

        async def engine_move() -> pb.GameEvent:
            async with manager.events(created.game.game_id, after_seq=1) as stream:
                async for event in stream:
                    return event
            raise AssertionError("the stream ended without the engine's move")

        first = await asyncio.wait_for(engine_move(), timeout=20)
        assert (first.seq, actor_kind(first.actor), first.actor.engine) == (2, "engine", 1)
