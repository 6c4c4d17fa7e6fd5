"""The retry schedules on their own, offline, with a clock the test moves: which calls are
safe to repeat, the unary policy's attempts, waits, deadline and budget, and the event
streams' reconnects and give-up budget."""

from __future__ import annotations

import grpc
import pytest

from tabula_client import RetryPolicy, TabulaError, pb
from tabula_client._common import CHANNEL_OPTIONS, channel_options
from tabula_client.retrying import STREAM_GIVE_UP_AFTER, Attempts, Reconnects, backoff, may_retry, policy_of

SERVICE = "/tabula.v1.GameService/"
UNAVAILABLE = TabulaError(grpc.StatusCode.UNAVAILABLE, "connection refused")
LOWEST, HIGHEST = 0.0, 0.999999  # what `random.random` may draw


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_reads_are_always_safe_to_repeat() -> None:
    for method, request in [
        ("GetGame", pb.GetGameRequest(game_id="g")),
        ("ListGames", pb.ListGamesRequest()),
        ("ListGameKinds", pb.ListGameKindsRequest()),
        ("GetHint", pb.GetHintRequest(game_id="g")),
        ("ExportPgn", pb.ExportPgnRequest(game_id="g")),
        ("ExportTournamentTrf", pb.ExportTournamentTrfRequest(tournament_id="t")),
        ("ExportGame", pb.ExportGameRequest(game_id="g")),
        ("ListPuzzleSolutions", pb.ListPuzzleSolutionsRequest(game_id="g", page_token="p")),
    ]:
        assert may_retry(SERVICE + method, request), method
    assert may_retry((SERVICE + "GetView").encode(), pb.GetViewRequest()), "asyncio names methods in bytes"


def test_writes_are_safe_to_repeat_only_with_a_request_id() -> None:
    move = pb.SubmitMoveRequest(game_id="g")
    assert not may_retry(SERVICE + "SubmitMove", move)
    move.request_id = "m-1"
    assert may_retry(SERVICE + "SubmitMove", move)
    assert may_retry(SERVICE + "CreateGame", pb.CreateGameRequest(request_id="c-1")), "a creation with one"
    assert not may_retry(SERVICE + "CreateGame", pb.CreateGameRequest())
    assert may_retry(SERVICE + "BatchCreateGames", pb.BatchCreateGamesRequest(request_id="b-1"))
    assert not may_retry(SERVICE + "ArchiveGame", pb.ArchiveGameRequest(game_id="g")), "no request_id field"
    assert not may_retry(SERVICE + "UpdateGame", pb.UpdateGameRequest())
    assert not may_retry("/other.Service/GetThing", pb.GetGameRequest()), "another service's call"
    assert not may_retry(SERVICE + "StreamEvents", pb.StreamEventsRequest()), "streams resume on their own"


def test_a_request_that_only_validates_is_safe_to_repeat() -> None:
    assert not may_retry(SERVICE + "ImportGame", pb.ImportGameRequest(document="{}")), "it may have been stored"
    assert may_retry(SERVICE + "ImportGame", pb.ImportGameRequest(document="{}", validate_only=True)), "stores nothing"
    assert may_retry(SERVICE + "SubmitMove", pb.SubmitMoveRequest(game_id="g", validate_only=True)), "plays nothing"
    assert not may_retry(SERVICE + "SubmitMove", pb.SubmitMoveRequest(game_id="g")), "it may have been played"


def test_the_wait_before_retry_n_doubles_from_100_ms_to_2_s_within_20_percent() -> None:
    nominal = [0.1, 0.2, 0.4, 0.8, 1.6, 2.0, 2.0]
    for retry, expected in enumerate(nominal, start=1):
        assert backoff(retry, 0.1, 2.0, lambda: LOWEST) == pytest.approx(expected * 0.8)
        assert backoff(retry, 0.1, 2.0, lambda: HIGHEST) == pytest.approx(expected * 1.2)
        assert backoff(retry, 0.1, 2.0, lambda: 0.5) == pytest.approx(expected)


def test_a_call_makes_at_most_five_attempts_by_default() -> None:
    clock = Clock()
    attempts = Attempts(RetryPolicy(), 30.0, clock, lambda: 0.5)
    waits = []
    while True:
        attempts.timeout()
        wait = attempts.pause()
        if wait is None:
            break
        waits.append(wait)
        clock.now += wait
    assert waits == pytest.approx([0.1, 0.2, 0.4, 0.8]), "five attempts, four waits"


def test_each_attempt_gets_what_is_left_of_the_deadline_and_none_goes_past_it() -> None:
    clock = Clock()
    attempts = Attempts(RetryPolicy(max_attempts=10), 1.0, clock, lambda: 0.5)
    assert attempts.timeout() == pytest.approx(1.0)
    clock.now += 0.25
    assert attempts.pause() == pytest.approx(0.1)
    clock.now += 0.1
    assert attempts.timeout() == pytest.approx(0.65)
    clock.now += 0.5
    assert attempts.pause() is None, "a wait of 0.2 s would end past the deadline"


def test_a_call_without_a_deadline_retries_for_the_budget_at_most() -> None:
    clock = Clock()
    attempts = Attempts(RetryPolicy(max_attempts=100), None, clock, lambda: 0.5)
    spent = 0.0
    while True:
        assert attempts.timeout() is None
        wait = attempts.pause()
        if wait is None:
            break
        clock.now += wait
        spent += wait
    assert 8.0 < spent <= 10.0, spent


def test_a_policy_is_given_as_true_false_or_its_own() -> None:
    mine = RetryPolicy(max_attempts=3, initial_backoff=0.05, max_backoff=0.5)
    assert policy_of(None, mine) is mine, "a call's None takes the client's"
    assert policy_of(True, mine) == RetryPolicy()
    assert policy_of(False, mine).max_attempts == 1
    assert policy_of(mine, RetryPolicy()) is mine
    with pytest.raises(ValueError):
        RetryPolicy(max_attempts=0)
    with pytest.raises(ValueError):
        RetryPolicy(initial_backoff=3.0, max_backoff=2.0)


def test_a_stream_gives_up_after_30_seconds_without_a_reconnect() -> None:
    clock = Clock()
    reconnects = Reconnects(None, STREAM_GIVE_UP_AFTER, clock, lambda: 0.5)
    waits = []
    while (wait := reconnects.pause(UNAVAILABLE)) is not None:
        waits.append(wait)
        clock.now += wait
    assert waits[:6] == pytest.approx([0.1, 0.2, 0.4, 0.8, 1.6, 2.0])
    assert sum(waits) == pytest.approx(30.0), "the last wait ends when the budget does"


def test_a_reconnect_starts_a_new_budget() -> None:
    clock = Clock()
    reconnects = Reconnects(None, 5.0, clock, lambda: 0.5)
    assert reconnects.pause(UNAVAILABLE) == pytest.approx(0.1)
    clock.now += 4.5
    assert reconnects.pause(UNAVAILABLE) == pytest.approx(0.2)
    clock.now += 1.0
    assert reconnects.pause(UNAVAILABLE) is None, "5 s after the first failure of the streak"
    reconnects.connected()
    clock.now += 60.0
    assert reconnects.pause(UNAVAILABLE) == pytest.approx(0.1), "a new streak, waiting from 100 ms again"


def test_a_stream_resuming_forever_never_gives_up() -> None:
    clock = Clock()
    reconnects = Reconnects(None, None, clock, lambda: 0.5)
    for _ in range(1000):
        wait = reconnects.pause(UNAVAILABLE)
        assert wait is not None and wait <= 2.0
        clock.now += wait


def test_the_retry_count_of_a_stream_still_holds() -> None:
    reconnects = Reconnects(2, None, Clock(), lambda: 0.5)
    assert reconnects.pause(UNAVAILABLE) is not None
    assert reconnects.pause(UNAVAILABLE) is not None
    assert reconnects.pause(UNAVAILABLE) is None, "two attempts in a row, then the failure"
    assert Reconnects(0, None).pause(UNAVAILABLE) is None, "retries=0: no resuming"


@pytest.mark.parametrize(("code", "reason", "resumed"), [
    (grpc.StatusCode.UNAVAILABLE, "", True),
    (grpc.StatusCode.UNAVAILABLE, "SHUTTING_DOWN", True),
    (grpc.StatusCode.INTERNAL, "", True),  # a broken transport: RST_STREAM, a bad frame
    (grpc.StatusCode.INTERNAL, "INTERNAL", False),  # the server's own
    (grpc.StatusCode.RESOURCE_EXHAUSTED, "STREAM_LAGGED", True),
    (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_STREAMS", False),
    (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND", False),
    (grpc.StatusCode.DATA_LOSS, "SEQ_GAP", False),
])
def test_a_stream_resumes_only_after_a_transient_failure(code: grpc.StatusCode, reason: str, resumed: bool) -> None:
    error = TabulaError(code, "", reason)
    assert (Reconnects(None, 30.0).pause(error) is not None) == resumed


def test_channel_options_add_to_and_replace_the_defaults() -> None:
    options = dict(channel_options([("grpc.max_receive_message_length", 64), ("grpc.primary_user_agent", "lobby/1")]))
    assert options["grpc.max_receive_message_length"] == 64
    assert options["grpc.primary_user_agent"] == "lobby/1"
    assert options["grpc.initial_reconnect_backoff_ms"] == 100
    assert dict(channel_options(())) == dict(CHANNEL_OPTIONS)
