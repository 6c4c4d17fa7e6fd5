"""What the clients do again after the server could not be reached: the unary calls'
`RetryPolicy` and the event streams' resumption.

A unary call is retried only when it failed with UNAVAILABLE (the server restarting or out
of reach, a connection refused or reset before any answer) and repeating it is safe: every
read (`Get*`, `List*`, `Export*`), a write whose request carries a non-empty `request_id`
(the server applies such a request once however often it arrives), and a request that only
checks (`validate_only` set: `ImportGame`, `SubmitMove`), which stores nothing. Any other
write is never repeated: it may have been applied before its answer was lost.

The clients retry in an interceptor on their channel rather than with grpc's service-config
`retryPolicy`, which is set per method and cannot look into a request for its `request_id`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Union

import grpc
from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.message import Message

from tabula_client._gen.tabula.v1 import game_service_pb2
from tabula_client.errors import TabulaError

JITTER = 0.2
"""Each wait is the nominal backoff times a random factor in [1 - JITTER, 1 + JITTER], so
that clients cut off together do not come back together."""
STREAM_GIVE_UP_AFTER = 30.0
"""How long an event stream keeps reconnecting, in seconds, without a successful reconnect
before it gives up and raises the last failure (an event stream's `give_up_after`)."""
_STREAM_INITIAL_BACKOFF = 0.1
_STREAM_MAX_BACKOFF = 2.0


@dataclass(frozen=True)
class RetryPolicy:
    """How a unary call that is safe to repeat is retried after UNAVAILABLE.

    At most `max_attempts` attempts in all (1: never retried). The wait before retry n is
    `initial_backoff * 2**(n-1)` seconds, at most `max_backoff`, each with ±20% random
    jitter. Retrying never goes past the call's own deadline (`timeout`); a call with no
    deadline stops retrying once `budget` seconds have passed since its first attempt.
    `RetryPolicy()` is the default of every client.
    """

    max_attempts: int = 5
    initial_backoff: float = 0.1
    max_backoff: float = 2.0
    budget: float = 10.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError(f"max_attempts is {self.max_attempts}; it counts the first attempt, so at least 1")
        if not 0 < self.initial_backoff <= self.max_backoff:
            raise ValueError(f"backoffs {self.initial_backoff} to {self.max_backoff}: need 0 < initial <= max")
        if self.budget < 0:
            raise ValueError(f"budget is {self.budget}; it is seconds, at least 0")


Retry = Union[RetryPolicy, bool, None]
"""A call's or a client's retry option: a `RetryPolicy`, True for `RetryPolicy()`, False for
none; on a call, None (the default) takes the client's."""

_NEVER = RetryPolicy(max_attempts=1)
# The policy a client's method call asked for, read by the client's interceptor: the
# interceptor sits on the channel, below the call's keyword arguments.
_CALL_POLICY: ContextVar[RetryPolicy | None] = ContextVar("tabula_call_retry_policy", default=None)


def policy_of(option: Retry, default: RetryPolicy) -> RetryPolicy:
    """The policy `option` stands for: `default` for None, `RetryPolicy()` for True, none
    (one attempt) for False."""
    if option is None:
        return default
    if option is True:
        return RetryPolicy()
    if option is False:
        return _NEVER
    return option


@contextmanager
def call_policy(option: Retry) -> Iterator[None]:
    """Hands `option` to the interceptor for the calls made inside the block (None: the
    client's own policy)."""
    token = _CALL_POLICY.set(None if option is None else policy_of(option, _NEVER))
    try:
        yield
    finally:
        _CALL_POLICY.reset(token)


def current_policy(client_policy: RetryPolicy) -> RetryPolicy:
    """The policy of the call being made: the one its method was given, else the client's."""
    return _CALL_POLICY.get() or client_policy


def policy_for(method: str | bytes, request: Message, client_policy: RetryPolicy) -> RetryPolicy:
    """The policy a unary call is retried by: the one its method was given, else the
    client's; none (one attempt) when the call is not safe to repeat."""
    return current_policy(client_policy) if may_retry(method, request) else _NEVER


def backoff(retry: int, initial: float, cap: float, draw: Callable[[], float] = random.random) -> float:
    """The wait before retry number `retry` (1 for the first): `initial * 2**(retry-1)`,
    at most `cap`, with ±20% jitter (`draw` gives a number in [0, 1))."""
    nominal = min(cap, initial * 2 ** (retry - 1))
    return float(nominal * (1 - JITTER + 2 * JITTER * draw()))


def _safe_to_repeat(method: MethodDescriptor) -> Callable[[Message], bool]:
    """Whether a request of `method` may be sent again: always for a read; for a write when
    its `request_id` is set or its `validate_only` is (it only checks and stores nothing);
    never for any other write."""
    fields = method.input_type.fields_by_name
    if method.name.startswith(("Get", "List", "Export")):
        return lambda request: True
    checks = "validate_only" in fields
    with_id = "request_id" in fields
    return lambda request: bool(
        (checks and getattr(request, "validate_only", False)) or (with_id and getattr(request, "request_id", ""))
    )


_SERVICE = game_service_pb2.DESCRIPTOR.services_by_name["GameService"]
_REPEATABLE = {
    f"/{_SERVICE.full_name}/{method.name}": _safe_to_repeat(method)
    for method in _SERVICE.methods
    if not method.client_streaming and not method.server_streaming
}


def may_retry(method: str | bytes, request: Message) -> bool:
    """Whether the unary call `method` (`/tabula.v1.GameService/GetGame`) with `request` is
    safe to repeat; a method of another service never is."""
    name = method.decode() if isinstance(method, bytes) else method
    repeatable = _REPEATABLE.get(name)
    return repeatable is not None and repeatable(request)


class Attempts:
    """The retry schedule of one unary call: its deadline, the attempts made, and the wait
    before the next one, if any."""

    def __init__(
        self,
        policy: RetryPolicy,
        timeout: float | None,
        clock: Callable[[], float] = time.monotonic,
        draw: Callable[[], float] = random.random,
    ) -> None:
        self._policy = policy
        self._clock = clock
        self._draw = draw
        start = clock()
        self._deadline = None if timeout is None else start + timeout
        # No retry starts after this: the call's deadline, or the budget of a call without one.
        self._last_start = start + policy.budget if self._deadline is None else self._deadline
        self._made = 0

    def timeout(self) -> float | None:
        """The timeout of the next attempt: what is left of the call's deadline. Counts it."""
        self._made += 1
        return None if self._deadline is None else max(0.0, self._deadline - self._clock())

    def pause(self) -> float | None:
        """How long to wait before the next attempt, or None when the call should fail now."""
        if self._made >= self._policy.max_attempts:
            return None
        wait = backoff(self._made, self._policy.initial_backoff, self._policy.max_backoff, self._draw)
        if self._clock() + wait >= self._last_start:
            return None
        return wait


def is_transient(error: TabulaError) -> bool:
    """Failures after which an event stream reopens after the last event it delivered: the
    server unreachable or restarting (UNAVAILABLE), a broken transport (INTERNAL with no
    reason of the server's), or the server ending a subscriber that fell behind
    (`STREAM_LAGGED`)."""
    if error.code == grpc.StatusCode.UNAVAILABLE:
        return True
    if error.code == grpc.StatusCode.INTERNAL and not error.reason:
        return True
    return error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and error.reason == "STREAM_LAGGED"


class Reconnects:
    """When an event stream that lost its call tries again, and when it gives up.

    Waits 100 ms doubling to 2 s (±20%) between attempts; gives up after `give_up_after`
    seconds (None: never) without a successful reconnect, or after `retries` failed attempts
    in a row (None: no count). A reconnect succeeds when the server answers the reopened call
    (its headers or an event)."""

    def __init__(
        self,
        retries: int | None,
        give_up_after: float | None,
        clock: Callable[[], float] = time.monotonic,
        draw: Callable[[], float] = random.random,
    ) -> None:
        self._retries = retries
        self._give_up_after = give_up_after
        self._clock = clock
        self._draw = draw
        self._failures = 0
        self._failing_since: float | None = None

    def connected(self) -> None:
        """The server answered: a later failure starts a new count and a new budget."""
        self._failures = 0
        self._failing_since = None

    def pause(self, error: TabulaError) -> float | None:
        """The wait before reopening after `error`, or None to give up and raise it."""
        if not is_transient(error):
            return None
        now = self._clock()
        if self._failing_since is None:
            self._failing_since = now
        self._failures += 1
        if self._retries is not None and self._failures > self._retries:
            return None
        wait = backoff(self._failures, _STREAM_INITIAL_BACKOFF, _STREAM_MAX_BACKOFF, self._draw)
        if self._give_up_after is None:
            return wait
        left = self._failing_since + self._give_up_after - now
        return None if left <= 0 else min(wait, left)


# What the reference docs show; the clients use the schedules above too.
__all__ = ["JITTER", "STREAM_GIVE_UP_AFTER", "Retry", "RetryPolicy", "backoff", "is_transient", "may_retry"]
