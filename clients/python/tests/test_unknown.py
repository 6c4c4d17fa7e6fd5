"""Answers of a newer server (clients/conformance/unknown.json) through the sync and asyncio
clients, offline: unknown enum values are kept and named `unknown(N)`, events and moves of
unknown kinds are delivered as kind `unknown`, and streams count their seqs."""

from __future__ import annotations

from typing import Any

import pytest

from tabula_client import AsyncClient, Client, actor_kind, enum_name, event_kind, move_kind, pb
from unknown import StandIn, check_answer, check_events, check_reopen, entries, unary_call

ENTRIES = entries()
IDS = [f"{entry['call']}: {entry['name']}" for entry in ENTRIES]


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_newer_server_answer_through_client(entry: dict[str, Any]) -> None:
    stand_in = StandIn(entry)
    try:
        with Client(stand_in.address, timeout=10) as client:
            if entry["call"] == "StreamEvents":
                stream = client.events("g", retries=2)
                check_events(list(stream), entry["expect"]["events"], entry["name"])
                check_reopen(entry, stand_in, stream.last_seq)
            else:
                check_answer(entry, unary_call(entry["call"])(client))
    finally:
        stand_in.stop()


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
async def test_newer_server_answer_through_async_client(entry: dict[str, Any]) -> None:
    stand_in = StandIn(entry)
    try:
        async with AsyncClient(stand_in.address, timeout=10) as client:
            if entry["call"] == "StreamEvents":
                stream = client.events("g", retries=2)
                check_events([event async for event in stream], entry["expect"]["events"], entry["name"])
                check_reopen(entry, stand_in, stream.last_seq)
            else:
                check_answer(entry, await unary_call(entry["call"])(client))
    finally:
        stand_in.stop()


def test_names_are_total() -> None:
    assert enum_name(pb.GameKind, pb.GameKind.GAME_KIND_CHESS) == "GAME_KIND_CHESS"
    assert enum_name(pb.EndReason.DESCRIPTOR, 999) == "unknown(999)"
    assert enum_name(pb.Stage, -1) == "unknown(-1)"
    assert event_kind(pb.GameEvent(seq=1)) == "unknown"
    assert move_kind(pb.Move(ready=pb.Ready())) == "ready"
    assert move_kind(pb.Move()) == "unknown"
    assert enum_name(pb.OutcomeType, pb.OutcomeType.OUTCOME_TYPE_NO_RESULT) == "OUTCOME_TYPE_NO_RESULT"
    assert enum_name(pb.EndReason, 22) == "END_REASON_ABORTED"
    assert enum_name(pb.EndReason, 23) == "END_REASON_ADJUDICATION"
    assert enum_name(pb.ErrorReason, 71) == "ERROR_REASON_TOO_LATE_TO_ABORT"
    assert event_kind(pb.GameEvent(game_aborted=pb.GameAborted(explanation="no show"))) == "game_aborted"
    assert event_kind(pb.GameEvent(game_adjudicated=pb.GameAdjudicated())) == "game_adjudicated"
    assert actor_kind(pb.Actor(seat=2)) == "seat"
    assert actor_kind(pb.Actor(service=pb.ServiceActor())) == "service"
    assert actor_kind(pb.Actor(engine=2)) == "engine"
    assert enum_name(pb.ErrorReason, 72) == "ERROR_REASON_SEAT_PLAYED_BY_ENGINE"
    assert enum_name(pb.ErrorReason, 78) == "ERROR_REASON_TAKEBACK_ALREADY_REQUESTED"
    assert enum_name(pb.ErrorReason, 79) == "ERROR_REASON_NO_TAKEBACK_REQUEST"
    assert [enum_name(pb.ErrorReason, n) for n in range(80, 91)] == [
        "ERROR_REASON_SAVED_CONFIG_NOT_FOUND",
        "ERROR_REASON_SAVED_CONFIG_EXISTS",
        "ERROR_REASON_TOO_MANY_SAVED_CONFIGS",
        "ERROR_REASON_SERIES_NOT_FOUND",
        "ERROR_REASON_EVENT_LOG_FULL",
        "ERROR_REASON_HOST_NOT_ALLOWED",
        "ERROR_REASON_REMATCH_EXISTS",
        "ERROR_REASON_GAME_NOT_STARTED",
        "ERROR_REASON_CLAIM_NOT_AVAILABLE",
        "ERROR_REASON_CLAIM_TOO_EARLY",
        "ERROR_REASON_TOURNAMENT_NOT_FOUND",
    ]
    assert [enum_name(pb.ErrorReason, n) for n in range(91, 99)] == [
        "ERROR_REASON_TOURNAMENT_OVER",
        "ERROR_REASON_PRIVATE_TOURNAMENT",
        "ERROR_REASON_RULES_FAULT",
        "ERROR_REASON_GAME_FAULTED",
        "ERROR_REASON_SEARCH_LIMIT_REACHED",
        "ERROR_REASON_GAME_EXISTS",
        "ERROR_REASON_INVALID_DOCUMENT",
        "unknown(98)",
    ]
    assert event_kind(pb.TournamentEvent(seq=1, round_paired=pb.TournamentRound(number=1))) == "round_paired"
    assert event_kind(pb.TournamentEvent(board_finished=pb.TournamentBoardFinished())) == "board_finished"
    assert event_kind(pb.TournamentEvent(round_finished=pb.TournamentRoundFinished(round=1))) == "round_finished"
    assert event_kind(pb.TournamentEvent(player_withdrew=pb.TournamentPlayerWithdrew(player=2))) == "player_withdrew"
    assert event_kind(pb.TournamentEvent(tournament_ended=pb.TournamentEnded())) == "tournament_ended"
    assert event_kind(pb.TournamentEvent(seq=6)) == "unknown"
    assert [enum_name(pb.BoardResult, n) for n in (4, 7, 8)] == ["BOARD_RESULT_BYE", "BOARD_RESULT_UNPLAYED", "unknown(8)"]
    assert enum_name(pb.TournamentStatus, 3) == "TOURNAMENT_STATUS_CANCELLED"
    assert [enum_name(pb.TournamentFormat, n) for n in (3, 4, 5)] == [
        "TOURNAMENT_FORMAT_KNOCKOUT",
        "TOURNAMENT_FORMAT_SWISS",
        "unknown(5)",
    ]
    assert [enum_name(pb.OwnerEventKind, n) for n in range(5, 17)] == [
        "OWNER_EVENT_KIND_TAKEBACK_REQUESTED",
        "OWNER_EVENT_KIND_SEAT_PRESENT",
        "OWNER_EVENT_KIND_SEAT_GONE",
        "OWNER_EVENT_KIND_CLOCK_FLAGGED",
        "OWNER_EVENT_KIND_MOVE_PLAYED",
        "OWNER_EVENT_KIND_GAME_RESUMED",
        "OWNER_EVENT_KIND_SERIES_GAME_FINISHED",
        "OWNER_EVENT_KIND_SERIES_FINISHED",
        "OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED",
        "OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED",
        "OWNER_EVENT_KIND_TOURNAMENT_FINISHED",
        "unknown(16)",
    ]
    assert event_kind(pb.SeriesEvent(seq=1, game_started=pb.SeriesGameStarted(number=1))) == "game_started"
    assert event_kind(pb.SeriesEvent(game_finished=pb.SeriesGameFinished())) == "game_finished"
    assert event_kind(pb.SeriesEvent(series_finished=pb.SeriesFinished(winner=2))) == "series_finished"
    assert event_kind(pb.SeriesEvent(seq=4)) == "unknown"
    assert [enum_name(pb.SeriesDraws, n) for n in range(4)] == [
        "SERIES_DRAWS_UNSPECIFIED",
        "SERIES_DRAWS_HALF_POINT",
        "SERIES_DRAWS_REPLAYED",
        "unknown(3)",
    ]
    assert enum_name(pb.SeriesStatus, 2) == "SERIES_STATUS_FINISHED"
    assert event_kind(pb.GameEvent(move_taken_back=pb.MoveTakenBack(seat=1))) == "move_taken_back"
    assert event_kind(pb.GameEvent(takeback_requested=pb.TakebackRequested(seat=1))) == "takeback_requested"
    assert event_kind(pb.GameEvent(takeback_declined=pb.TakebackDeclined(seat=2))) == "takeback_declined"
    changed = pb.GameEvent(seat_presence_changed=pb.SeatPresenceChanged(seat=2, present=False))
    assert event_kind(changed) == "seat_presence_changed"
    assert enum_name(pb.EndReason, 24) == "END_REASON_TIMEOUT"
    assert enum_name(pb.EndReason, 25) == "END_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL"
    assert enum_name(pb.EndReason, 26) == "END_REASON_OPPONENT_LINE"
    assert [enum_name(pb.Starter, n) for n in range(5)] == [
        "STARTER_UNSPECIFIED",
        "STARTER_FIRST_SEAT",
        "STARTER_SECOND_SEAT",
        "STARTER_RANDOM",
        "unknown(4)",
    ]
    assert (
        pb.Starter.STARTER_UNSPECIFIED,
        pb.Starter.STARTER_FIRST_SEAT,
        pb.Starter.STARTER_SECOND_SEAT,
        pb.Starter.STARTER_RANDOM,
    ) == (0, 1, 2, 3)
    assert [enum_name(pb.ErrorReason, n) for n in range(74, 78)] == [
        "ERROR_REASON_OUT_OF_TIME",
        "ERROR_REASON_NO_CLOCK",
        "ERROR_REASON_CLOCK_PAUSED",
        "ERROR_REASON_CLOCK_NOT_PAUSED",
    ]
    assert enum_name(pb.TimeoutRule, 2) == "TIMEOUT_RULE_DEFAULT_MOVE"
    assert event_kind(pb.GameEvent(timed_out=pb.TimedOut(seat=2))) == "timed_out"
    assert event_kind(pb.GameEvent(clock_paused=pb.ClockPaused())) == "clock_paused"
    assert event_kind(pb.GameEvent(clock_resumed=pb.ClockResumed())) == "clock_resumed"
    assert event_kind(pb.GameEvent(time_added=pb.TimeAdded(seat=1))) == "time_added"
    assert actor_kind(pb.Actor(clock=pb.ClockActor())) == "clock"
    assert actor_kind(pb.Actor()) == "unknown"
    assert actor_kind(pb.GameEvent().actor) == "unknown"
