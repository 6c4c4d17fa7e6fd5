"""Seats' presence (`GameConfig.presence`, built with `presence_config`) and `claim_victory`
against a real server: a seat comes with its event stream and goes `away_after` once it is
closed (`seat_presence_changed` events, on the game's stream and the owner's, and
`view.presence`); once the seat to move has been gone for `claim_after` the other seat claims
the game (`CLAIM_TOO_EARLY` with `claimable_at` before that, `CLAIM_NOT_AVAILABLE` where no
claim can be made), and presence events leave an `expected_seq` valid. Offline: the builder."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import TypeVar

import grpc
import pytest

from streams import Stream
from tabula_client import (
    AsyncClient,
    Client,
    EventStream,
    TabulaError,
    actor_kind,
    enum_name,
    event_kind,
    moves,
    pb,
    presence_config,
    seat_presence,
)

#: Seats go 1 s after their stream closes or their last call, and may be claimed against 1 s later.
PRESENCE = presence_config(away_after=1, claim_after=1)
TIC_TAC_TOE = pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), presence=PRESENCE)
#: The longest a test waits for an event the server should send.
PATIENCE = 15.0

_Event = TypeVar("_Event")


def utc(stamp: pb.Timestamp) -> datetime:
    return stamp.ToDatetime(tzinfo=timezone.utc)


def rfc3339(text: str) -> datetime:
    """An RFC 3339 time, as the server writes one into error metadata."""
    stamp = pb.Timestamp()
    stamp.FromJsonString(text)
    return utc(stamp)


def close_to(one: datetime, other: datetime) -> bool:
    """The same moment, but for the server's rounding to the millisecond."""
    return abs(one - other) <= timedelta(milliseconds=2)


def presence_of(event: pb.GameEvent) -> tuple[int, bool] | None:
    """A `seat_presence_changed` event as (seat, present); None for any other event."""
    if event_kind(event) != "seat_presence_changed":
        return None
    return event.seat_presence_changed.seat, event.seat_presence_changed.present


def first(stream: Stream[_Event], wanted: Callable[[_Event], bool], seconds: float = PATIENCE) -> _Event:
    """The stream's first event that is `wanted`; the stream is closed once it came, or after
    `seconds`, so that a test waiting for an event the server never sends fails instead of
    hanging (a running game's stream does not end by itself)."""
    guard = threading.Timer(seconds, stream.close)
    guard.start()
    seen: list[str] = []
    try:
        for event in stream:
            if wanted(event):
                return event
            seen.append(str(event).replace("\n", " "))
    finally:
        guard.cancel()
        stream.close()
    pytest.fail(f"no such event within {seconds} s; the stream brought: {seen}")


def refused(call: Callable[[], object]) -> TabulaError:
    with pytest.raises(TabulaError) as failure:
        call()
    return failure.value


def come_and_go(client: Client, seat: Client, game_id: str, number: int, after_seq: int = 0) -> pb.GameEvent:
    """Seat `number` comes (opens its event stream, as `seat`, until its own coming is on it)
    and goes (the stream closed); the `seat_presence_changed` of its going, as a spectator
    sees it."""
    came = first(seat.events(game_id, after_seq), lambda event: presence_of(event) == (number, True))
    assert came.seq > after_seq
    return first(client.events(game_id, came.seq), lambda event: presence_of(event) == (number, False))


def test_the_builder_sets_what_it_is_given_in_whole_milliseconds() -> None:
    assert PRESENCE.away_after.ToMilliseconds() == 1000 and PRESENCE.claim_after.ToMilliseconds() == 1000
    empty = presence_config()
    assert not empty.HasField("away_after") and not empty.HasField("claim_after"), "None leaves them unset"
    assert pb.GameConfig(presence=empty).HasField("presence"), "set, even empty, a game keeps presence"
    mixed = presence_config(away_after=timedelta(seconds=45), claim_after=2.5)
    assert mixed.away_after.ToTimedelta() == timedelta(seconds=45)
    assert mixed.claim_after.ToMilliseconds() == 2500
    duration = pb.Duration(seconds=90)
    assert presence_config(claim_after=duration).claim_after == duration
    assert not presence_config(claim_after=duration).HasField("away_after")


def test_the_new_reasons_and_owner_kinds_are_in_the_enums() -> None:
    assert pb.ErrorReason.ERROR_REASON_CLAIM_NOT_AVAILABLE == 88
    assert pb.ErrorReason.ERROR_REASON_CLAIM_TOO_EARLY == 89
    assert (
        pb.OwnerEventKind.OWNER_EVENT_KIND_SEAT_PRESENT,
        pb.OwnerEventKind.OWNER_EVENT_KIND_SEAT_GONE,
        pb.OwnerEventKind.OWNER_EVENT_KIND_CLOCK_FLAGGED,
    ) == (6, 7, 8)
    changed = pb.GameEvent(seat_presence_changed=pb.SeatPresenceChanged(seat=2, present=True))
    assert event_kind(changed) == "seat_presence_changed" and presence_of(changed) == (2, True)


def test_a_seat_gone_on_its_turn_lets_the_other_claim_the_game(server: str) -> None:
    labels = {"suite": uuid.uuid4().hex[:16]}
    with Client(server) as client:
        created = client.create_game_from_config(TIC_TAC_TOE, labels=labels)
        game_id = created.game.game_id
        assert created.game.config.HasField("presence"), "the configuration is echoed"
        assert created.game.config.presence.away_after.ToMilliseconds() == 1000
        assert created.game.config.presence.claim_after.ToMilliseconds() == 1000
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        moved = x.submit_move(game_id, moves.place_cell(1, 1))
        assert list(moved.view.to_act) == [2], "O to move"

        # O comes: its stream brings its own coming. While it is there nothing can be claimed,
        # and never by the seat to move.
        with o.events(game_id) as o_stream:
            came = first_open(o_stream, lambda event: presence_of(event) == (2, True))
            present = refused(lambda: x.claim_victory(game_id))
            assert (present.code, present.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE")
            own_turn = refused(lambda: o.claim_victory(game_id))
            assert (own_turn.code, own_turn.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE")
        spectator = refused(lambda: client.claim_victory(game_id))
        assert (spectator.code, spectator.reason) == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_REQUIRED")
        # ... and goes: the stream closed (and its calls `away_after` past), it is gone.
        gone = first(client.events(game_id, came.seq), lambda event: presence_of(event) == (2, False))
        gone_at = utc(gone.time)
        claimable_at = gone_at + timedelta(seconds=1)

        try:
            early = x.claim_victory(game_id)
        except TabulaError as error:
            assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLAIM_TOO_EARLY"), error
            assert pb.ErrorReason.Name(pb.ErrorReason.ERROR_REASON_CLAIM_TOO_EARLY) == f"ERROR_REASON_{error.reason}"
            assert "claimable_at" in error.metadata, error.metadata
            told = rfc3339(error.metadata["claimable_at"])
            assert close_to(told, claimable_at), (told, gone_at)
            claimable_at = told
        else:  # only when the window had already passed
            assert datetime.now(timezone.utc) >= claimable_at, "a claim before `claim_after` passed is refused"
            pytest.fail(f"the claim came too late to be refused as too early (gone at {gone_at}): {early}")

        # The view as X shows both seats: X present (it just called), O gone, claimable.
        view = x.get_view(game_id)
        assert sorted(entry.seat for entry in view.presence) == [1, 2], view.presence
        mine, theirs = seat_presence(view, 1), seat_presence(view, 2)
        assert mine is not None and mine.present and mine.HasField("since"), mine
        assert theirs is not None and not theirs.present, theirs
        assert close_to(utc(theirs.since), gone_at), (theirs, gone_at)
        assert theirs.HasField("claimable_at") and close_to(utc(theirs.claimable_at), claimable_at), theirs
        assert seat_presence(view, 3) is None
        assert sorted(entry.seat for entry in client.get_view(game_id).presence) == [1, 2], "a spectator's too"

        time.sleep(max(0.0, (claimable_at - datetime.now(timezone.utc)).total_seconds()) + 0.05)
        claimed = x.claim_victory(game_id, request_id="claim-1")
        assert isinstance(claimed, pb.ClaimVictoryResponse)
        outcome = claimed.view.outcome
        assert (outcome.type, outcome.winner) == (pb.OutcomeType.OUTCOME_TYPE_WIN, 1), outcome
        assert outcome.reason == pb.EndReason.END_REASON_ADJUDICATION, enum_name(pb.EndReason, outcome.reason)
        assert claimed.view.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert client.get_game(game_id).status == pb.GameStatus.GAME_STATUS_FINISHED
        retried = x.claim_victory(game_id, request_id="claim-1")
        assert (retried.seq, retried.view.outcome) == (claimed.seq, outcome), "a retry answers as the first did"
        over = refused(lambda: x.claim_victory(game_id))
        assert (over.code, over.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE")

        history = list(client.events(game_id, gone.seq))  # the game is over: the stream ends
        kinds = [event_kind(event) for event in history]
        assert kinds[-2:] == ["game_adjudicated", "game_ended"], kinds
        adjudicated = history[-2]
        assert (actor_kind(adjudicated.actor), adjudicated.actor.seat) == ("seat", 1)
        assert history[-1].seq == claimed.seq

        # The owner's stream (a server without keys: the games made without one) has them too.
        with client.owner_events(kinds=["seat_present", "seat_gone"], labels=labels) as owner:
            owned = first(owner, lambda event: event.kind == pb.OwnerEventKind.OWNER_EVENT_KIND_SEAT_GONE)
        assert owned.game_event.game_id == game_id
        assert owned.game_event.HasField("seat_presence_changed")
        assert not owned.game_event.seat_presence_changed.present


def first_open(stream: EventStream, wanted: Callable[[pb.GameEvent], bool]) -> pb.GameEvent:
    """Like `first`, but the stream stays open (its `with` block closes it): the seat stays."""
    found: list[pb.GameEvent] = []
    guard = threading.Timer(PATIENCE, stream.close)
    guard.start()
    try:
        for event in stream:
            if wanted(event):
                found.append(event)
                break
    finally:
        guard.cancel()
    assert found, f"no such event within {PATIENCE} s"
    return found[0]


def test_without_presence_nothing_can_be_claimed_and_no_presence_is_kept(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()))
        game_id = created.game.game_id
        assert not created.game.config.HasField("presence")
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        moved = x.submit_move(game_id, moves.place_cell(0, 0))
        assert list(moved.view.presence) == [], "no presence kept"
        for seat in (x, o):
            error = refused(lambda: seat.claim_victory(game_id))
            assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE")
            assert pb.ErrorReason.Name(pb.ErrorReason.ERROR_REASON_CLAIM_NOT_AVAILABLE) == f"ERROR_REASON_{error.reason}"
        error = refused(lambda: x.claim_victory(game_id, draw=True))
        assert error.reason == "CLAIM_NOT_AVAILABLE"

        # Presence without `claim_after`: kept, but no claim.
        kept = client.create_game_from_config(
            pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig(), presence=presence_config(away_after=1))
        )
        kept_x = client.with_credential(kept.seat_tokens[0].token)
        kept_x.submit_move(kept.game.game_id, moves.place_cell(0, 0))
        error = refused(lambda: kept_x.claim_victory(kept.game.game_id))
        assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE")


def test_presence_events_do_not_make_an_expected_seq_stale(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(TIC_TAC_TOE)
        game_id = created.game.game_id
        x, o = (client.with_credential(token.token) for token in created.seat_tokens)
        moved = x.submit_move(game_id, moves.place_cell(1, 1))
        gone = come_and_go(client, o, game_id, 2, moved.seq)
        assert gone.seq > moved.seq, "presence events came after the move"
        answered = o.submit_move(game_id, moves.place_cell(0, 0), expected_seq=moved.seq)
        assert answered.applied and list(answered.view.to_act) == [1]


async def test_the_async_client_claims_a_draw(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_config(TIC_TAC_TOE)
        game_id = created.game.game_id
        x_token, o_token = (token.token for token in created.seat_tokens)
        client.with_credential(x_token).submit_move(game_id, moves.place_cell(2, 2))
        gone = await asyncio.to_thread(come_and_go, client, client.with_credential(o_token), game_id, 2)
    async with AsyncClient(server) as spectator:
        x = spectator.with_credential(x_token)
        claimable_at = utc(gone.time) + timedelta(seconds=1)
        if datetime.now(timezone.utc) < claimable_at - timedelta(milliseconds=100):
            with pytest.raises(TabulaError) as early:
                await x.claim_victory(game_id, draw=True)
            assert (early.value.code, early.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLAIM_TOO_EARLY")
            assert close_to(rfc3339(early.value.metadata["claimable_at"]), claimable_at)
        await asyncio.sleep(max(0.0, (claimable_at - datetime.now(timezone.utc)).total_seconds()) + 0.05)
        claimed = await x.claim_victory(game_id, draw=True, request_id="draw-1")
        assert isinstance(claimed, pb.ClaimVictoryResponse)
        outcome = claimed.view.outcome
        assert (outcome.type, outcome.winner) == (pb.OutcomeType.OUTCOME_TYPE_DRAW, 0), outcome
        assert claimed.view.status == pb.GameStatus.GAME_STATUS_FINISHED
