"""The blocking client."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

import grpc

from tabula_client import _common, pb, retrying
from tabula_client._gen.tabula.v1 import game_service_pb2_grpc
from tabula_client.errors import TabulaError, from_rpc_error
from tabula_client.retrying import Retry, RetryPolicy

_Request = TypeVar("_Request")
_Response = TypeVar("_Response")
_Event = TypeVar("_Event", pb.GameEvent, pb.SeriesEvent, pb.TournamentEvent, pb.OwnerEvent)
_NumberedEvent = TypeVar("_NumberedEvent", pb.GameEvent, pb.SeriesEvent, pb.TournamentEvent)


def _answered(call: grpc.Call) -> bool:
    """Waits for the server's answer to a stream just opened (its headers, or the end of the
    call); True when the server took the call."""
    call.initial_metadata()
    return call.is_active() or call.code() == grpc.StatusCode.OK


class _Resuming(Generic[_Response, _Event]):
    """What every event stream shares: following a stream from where the last event it
    yielded left it, reopening the call there after a transient failure (UNAVAILABLE, a
    broken transport, STREAM_LAGGED) as `retrying.Reconnects` schedules it, and cancelling it
    on `close()` or on leaving its `with` block."""

    def __init__(self, client: Client, retries: int | None, give_up_after: float | None) -> None:
        self._client = client
        self._reconnects = retrying.Reconnects(retries, give_up_after)
        self._call: grpc.Call | None = None
        self._closed = False

    def _open(self) -> tuple[grpc.Call, Iterator[_Response]]:
        """Opens the stream after the last event yielded: the call (to cancel) and its responses."""
        raise NotImplementedError

    def _event(self, response: _Response) -> _Event:
        """The event a response carries."""
        raise NotImplementedError

    def _advance(self, event: _Event) -> None:
        """Records `event` as the last one yielded, the place to resume after; raises
        TabulaError (and closes the stream) when it does not come after the last one."""
        raise NotImplementedError

    def _accepted(self, response: _Response) -> None:
        """Keeps what else a response brought, once its event is accepted."""

    def __iter__(self) -> Iterator[_Event]:
        while not self._closed:
            self._client._lifetime.check()
            self._call, responses = self._open()
            try:
                if _answered(self._call):
                    self._reconnects.connected()
                for response in responses:
                    event = self._event(response)
                    self._advance(event)
                    self._accepted(response)
                    yield event
                return
            except grpc.RpcError as raw:
                if self._closed:
                    return
                error = from_rpc_error(raw)
                pause = self._reconnects.pause(error)
                if pause is None:
                    raise error from None
                time.sleep(pause)

    def close(self) -> None:
        """Stops following and cancels the call; a running iteration ends quietly."""
        self._closed = True
        if self._call is not None:
            self._call.cancel()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class _Following(_Resuming[_Response, _NumberedEvent]):
    """What the numbered event streams (a game's, a series', a tournament's) share: following
    a history in order after `last_seq`, resuming after it, and ending with DATA_LOSS
    `SEQ_GAP` on an event that does not follow the last one."""

    #: What the stream follows, for the `SEQ_GAP` message: `game`, `series` or `tournament`.
    _OF = "game"

    def __init__(
        self,
        client: Client,
        subject_id: str,
        after_seq: int,
        retries: int | None = None,
        *,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> None:
        super().__init__(client, retries, give_up_after)
        self._subject_id = subject_id
        #: Sequence number of the last event yielded (the `after_seq` to resume from).
        self.last_seq = after_seq

    def _advance(self, event: _NumberedEvent) -> None:
        gap = _common.seq_gap(self._subject_id, self.last_seq, event.seq, self._OF)
        if gap is not None:
            self.close()
            raise gap
        self.last_seq = event.seq


class EventStream(_Following[pb.StreamEventsResponse, pb.GameEvent]):
    """A game's events, in order and without gaps, as an iterator and a context manager.

    It follows `StreamEvents` from `after_seq`; after a transient failure (the server
    restarting or out of reach, UNAVAILABLE; a broken transport, INTERNAL without a reason;
    a lagging subscriber ended, STREAM_LAGGED) it reopens the stream after `last_seq`, the
    last event it yielded, so no event is lost or repeated: waiting 100 ms doubling to 2 s
    (±20%) between attempts, and giving up, raising the last failure, after `give_up_after`
    seconds (30 by default; None: never) without a successful reconnect, or after `retries`
    failed attempts in a row when given (0: no resuming). After it gives up, open it again
    with `after_seq=stream.last_seq` to go on where it stopped. Iteration ends after the
    game's final event, when the server closes the stream: in a game with an
    `ending_takeback_window` that is once its end is final, so the stream stays open after
    a `game_ended` that may still be taken back (then `move_taken_back` and `game_resumed`
    follow). Other failures raise TabulaError. An event whose seq does not follow
    the last one (the first one `after_seq + 1`) raises TabulaError DATA_LOSS `SEQ_GAP`, with
    metadata `expected_seq` and `received_seq`, and ends the stream.

    A stream has no deadline. `close()`, or leaving `with client.events(id) as stream:`,
    cancels the call; an iteration running in another thread then ends quietly.

    Opened with `include_views=True`, each event comes with the game as this caller sees it
    just after that event: read it as `last_view` while handling the event. A resumed stream
    asks for views again. Opened with `view_changes=True`, `last_view` is the same whole view,
    but the server sends only the first one of each call whole and the others as changes
    (`pb.ViewChange`), which the stream applies (`apply_view_change`); a resumed call starts
    again from a whole view.

    An event of a kind this client does not know (sent by a newer server) is yielded like
    any other, with its `seq` and `time`: `event_kind(event)` is `unknown`.
    """

    def __init__(
        self,
        client: Client,
        game_id: str,
        after_seq: int,
        retries: int | None = None,
        include_views: bool = False,
        view_changes: bool = False,
        *,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> None:
        super().__init__(client, game_id, after_seq, retries, give_up_after=give_up_after)
        self._include_views = include_views
        self._view_changes = view_changes
        # With view changes: the view the stream's next change applies to; each stream
        # opened (a resumed one too) starts from a whole view.
        self._held: pb.View | None = None
        #: With `include_views`: the view sent with the last event yielded (its `seq` is the
        #: event's), what `get_view` answered at that moment. None before the first event,
        #: without `include_views`, or from a server that sent none.
        self.last_view: pb.View | None = None

    def _open(self) -> tuple[grpc.Call, Iterator[pb.StreamEventsResponse]]:
        request = _common.stream_request(self._subject_id, self.last_seq, self._include_views, self._view_changes)
        self._held = None
        call = self._client.stub.StreamEvents(request)
        return call, call

    def _event(self, response: pb.StreamEventsResponse) -> pb.GameEvent:
        return response.event

    def _accepted(self, response: pb.StreamEventsResponse) -> None:
        try:
            self._held = _common.next_view(self._subject_id, self._held, response)
        except TabulaError:
            self.close()
            raise
        self.last_view = self._held


class SeriesEventStream(_Following[pb.StreamSeriesEventsResponse, pb.SeriesEvent]):
    """A series' events (`game_started`, `game_finished`, `series_finished`), in order and
    without gaps, as an iterator and a context manager, like `EventStream`.

    It follows `StreamSeriesEvents` from `after_seq`, reopens after `last_seq` after a
    transient failure as `EventStream` does (`retries`, `give_up_after`), and raises TabulaError
    DATA_LOSS `SEQ_GAP` (metadata `expected_seq` and `received_seq`) on an event whose seq
    does not follow the last one. Iteration ends when the server closes the stream after
    `series_finished`, the series' last event. It has no deadline; `close()`, or leaving
    `with client.series_events(id) as stream:`, cancels the call.

    An event of a kind this client does not know is yielded like any other, with its `seq`
    and `time` (`event_kind(event)` is `unknown`): skip it, its seq is counted.
    """

    _OF = "series"

    def _open(self) -> tuple[grpc.Call, Iterator[pb.StreamSeriesEventsResponse]]:
        call = self._client.stub.StreamSeriesEvents(_common.series_stream_request(self._subject_id, self.last_seq))
        return call, call

    def _event(self, response: pb.StreamSeriesEventsResponse) -> pb.SeriesEvent:
        return response.event


class TournamentEventStream(_Following[pb.StreamTournamentEventsResponse, pb.TournamentEvent]):
    """A tournament's events (`round_paired`, `board_finished`, `round_finished`,
    `player_withdrew`, `player_joined`, `tournament_ended`), in order and without gaps, as
    an iterator and a context manager, like `SeriesEventStream`.

    It follows `StreamTournamentEvents` from `after_seq`, reopens after `last_seq` after a
    transient failure as `EventStream` does (`retries`, `give_up_after`), and raises TabulaError
    DATA_LOSS `SEQ_GAP` (metadata `expected_seq` and `received_seq`) on an event whose seq
    does not follow the last one. Iteration ends when the server closes the stream after
    `tournament_ended`, the tournament's last event (finished or cancelled). It has no
    deadline; `close()`, or leaving `with client.tournament_events(id) as stream:`, cancels
    the call.

    An event of a kind this client does not know is yielded like any other, with its `seq`
    and `time` (`event_kind(event)` is `unknown`): skip it, its seq is counted.
    """

    _OF = "tournament"

    def _open(self) -> tuple[grpc.Call, Iterator[pb.StreamTournamentEventsResponse]]:
        call = self._client.stub.StreamTournamentEvents(
            _common.tournament_stream_request(self._subject_id, self.last_seq)
        )
        return call, call

    def _event(self, response: pb.StreamTournamentEventsResponse) -> pb.TournamentEvent:
        return response.event


class OwnerEventStream(_Resuming[pb.StreamOwnerEventsResponse, pb.OwnerEvent]):
    """What happens to the games, series and tournaments the calling service key owns
    (`pb.OwnerEvent`: a game created, started, ended, resumed, a draw offered, a takeback
    requested, a game of a series scored, a series decided, a tournament's board scored, its
    round finished, the tournament finished), in cursor order, as an iterator and a context
    manager, like `EventStream`.

    It follows `StreamOwnerEvents` after `after_cursor`: first the backlog, then live; the
    server never ends it by itself. After a transient failure (UNAVAILABLE, as when the
    server stops; a broken transport; STREAM_LAGGED) it reopens the stream after
    `last_cursor`, the cursor of the last event it yielded, with the same filters, so no
    event is lost or repeated, as `EventStream` does: it gives up, raising the last failure,
    after `give_up_after` seconds (30 by default; None: never) without a successful
    reconnect, or after `retries` failed attempts in a row when given; then open it again
    with `after_cursor=stream.last_cursor`. Cursors count every event of the key, so a
    filtered stream skips numbers; an event whose cursor is not greater than the last one
    raises TabulaError DATA_LOSS `CURSOR_OUT_OF_ORDER`, with metadata `last_cursor` and
    `received_cursor`, and ends the stream.

    A stream has no deadline. `close()`, or leaving `with client.owner_events() as stream:`,
    cancels the call; an iteration running in another thread then ends quietly. An event of
    a kind this client does not know has a `kind` without a name
    (`enum_name(pb.OwnerEventKind, event.kind)` is `unknown(N)`) and is yielded like any
    other.
    """

    def __init__(
        self,
        client: Client,
        after_cursor: int,
        kinds: Iterable[pb.OwnerEventKind.ValueType | str],
        labels: _common.Labels | None,
        retries: int | None = None,
        *,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> None:
        super().__init__(client, retries, give_up_after)
        self._kinds = [_common.owner_kind_value(kind) for kind in kinds]
        self._labels = dict(labels or {})
        #: Cursor of the last event yielded (the `after_cursor` to resume from).
        self.last_cursor = after_cursor

    def _open(self) -> tuple[grpc.Call, Iterator[pb.StreamOwnerEventsResponse]]:
        call = self._client.stub.StreamOwnerEvents(
            _common.owner_stream_request(self.last_cursor, self._kinds, self._labels)
        )
        return call, call

    def _event(self, response: pb.StreamOwnerEventsResponse) -> pb.OwnerEvent:
        return response.event

    def _advance(self, event: pb.OwnerEvent) -> None:
        misplaced = _common.cursor_out_of_order(self.last_cursor, event.cursor)
        if misplaced is not None:
            self.close()
            raise misplaced
        self.last_cursor = event.cursor


class _CallDetails(grpc.ClientCallDetails):
    """A call's details with some replaced (grpc hands interceptors read-only ones)."""

    def __init__(self, base: grpc.ClientCallDetails, **changes: Any) -> None:
        for name in ("method", "timeout", "metadata", "credentials", "wait_for_ready", "compression"):
            setattr(self, name, changes[name] if name in changes else getattr(base, name, None))


class _Credential(
    grpc.UnaryUnaryClientInterceptor,
    grpc.UnaryStreamClientInterceptor,
    grpc.StreamUnaryClientInterceptor,
    grpc.StreamStreamClientInterceptor,
):
    """Adds the client's `authorization` to every call that does not bring its own."""

    def __init__(self, metadata: _common.Metadata, lifetime: _common.Lifetime) -> None:
        self._metadata = metadata
        self._lifetime = lifetime

    def _details(self, details: grpc.ClientCallDetails) -> grpc.ClientCallDetails:
        # grpc crashes the process on a call through an interceptor to a closed channel.
        self._lifetime.check()
        return _CallDetails(details, metadata=_common.with_auth(details.metadata, self._metadata))

    def intercept_unary_unary(self, continuation: Any, details: grpc.ClientCallDetails, request: Any) -> Any:
        return continuation(self._details(details), request)

    def intercept_unary_stream(self, continuation: Any, details: grpc.ClientCallDetails, request: Any) -> Any:
        return continuation(self._details(details), request)

    def intercept_stream_unary(self, continuation: Any, details: grpc.ClientCallDetails, requests: Any) -> Any:
        return continuation(self._details(details), requests)

    def intercept_stream_stream(self, continuation: Any, details: grpc.ClientCallDetails, requests: Any) -> Any:
        return continuation(self._details(details), requests)


class _Retrying(grpc.UnaryUnaryClientInterceptor):
    """Repeats a unary call that failed with UNAVAILABLE when it is safe to repeat
    (`retrying.may_retry`), as the call's own or else the client's `RetryPolicy` schedules
    it, and has unary calls wait for the server to be ready when the client says so."""

    def __init__(self, policy: RetryPolicy, wait_for_ready: bool, lifetime: _common.Lifetime) -> None:
        self._policy = policy
        self._wait_for_ready = wait_for_ready
        self._lifetime = lifetime

    def intercept_unary_unary(self, continuation: Any, details: grpc.ClientCallDetails, request: Any) -> Any:
        wait_for_ready = self._wait_for_ready if details.wait_for_ready is None else details.wait_for_ready
        attempts = retrying.Attempts(retrying.policy_for(details.method, request, self._policy), details.timeout)
        while True:
            # grpc crashes the process on a call through an interceptor to a closed channel,
            # and the client may have been closed while this call waited to try again.
            self._lifetime.check()
            attempt = _CallDetails(details, timeout=attempts.timeout(), wait_for_ready=wait_for_ready)
            outcome = continuation(attempt, request)
            if outcome.code() != grpc.StatusCode.UNAVAILABLE:
                return outcome
            pause = attempts.pause()
            if pause is None:
                return outcome
            time.sleep(pause)


class Client:
    """A connection to a Tabula server; a context manager that closes it.

    `credential` (a seat token or a service key) is sent with every call as
    `authorization: Bearer <credential>`, the raw `stub`'s included; without one the caller
    is a spectator. `with_credential` gives another identity over the same connection.

    Every unary call has a deadline: `timeout` seconds (30 by default, None for none), or
    the call's own `timeout=` keyword. Event streams have none. TLS: `tls=True` trusts the
    system's authorities, `root_certificates=` (PEM bytes or a file's path) trusts those,
    or pass `grpc.ChannelCredentials` as `tls`. `channel_options` are grpc channel options
    (`("grpc.keepalive_time_ms", 60000)`, ...) added to the client's own (messages up to 2 MiB;
    reconnecting after 100 ms, doubling to 2 s), replacing those of the same name.

    A unary call that fails with UNAVAILABLE is retried when it is safe to repeat (a read;
    a write with a `request_id`; an `import_game` with `validate_only`), as `retry` says:
    True (the default) for `RetryPolicy()`, a `RetryPolicy` of your own, or False for never;
    every method's `retry=` overrides it for that call (see `tabula_client.retrying`).
    `wait_for_ready=True` has unary calls wait until the server can be reached (up to their
    deadline) instead of failing at once.

    Every failure raises TabulaError carrying the gRPC code, the server's stable reason (a
    string and a `pb.ErrorReason`), its message, the ErrorInfo metadata and any field
    violations. A call on a closed client raises ClientClosedError.
    """

    def __init__(
        self,
        address: str,
        *,
        credential: str | None = None,
        tls: _common.Tls = False,
        root_certificates: _common.RootCertificates = None,
        timeout: float | None = _common.DEFAULT_TIMEOUT,
        retry: RetryPolicy | bool = True,
        wait_for_ready: bool = False,
        channel_options: _common.ChannelOptions = (),
        _channel: grpc.Channel | None = None,
        _lifetime: _common.Lifetime | None = None,
    ) -> None:
        self.address = address
        #: The default deadline of unary calls, in seconds (None: no deadline).
        self.timeout = timeout
        self._owns_channel = _channel is None
        self._lifetime = _lifetime or _common.Lifetime(address)
        if _channel is None:
            options = _common.channel_options(channel_options)
            creds = _common.channel_credentials(tls, root_certificates)
            if creds is None:
                raw = grpc.insecure_channel(address, options=options)
            else:
                raw = grpc.secure_channel(address, creds, options=options)
            policy = retrying.policy_of(retry, RetryPolicy())
            _channel = grpc.intercept_channel(raw, _Retrying(policy, wait_for_ready, self._lifetime))
        self._channel = _channel
        metadata = _common.auth_metadata(credential)
        channel = grpc.intercept_channel(_channel, _Credential(metadata, self._lifetime)) if metadata else _channel
        #: The generated stub, for calls this layer does not wrap; it sends this client's
        #: credential (a call's own `authorization` metadata wins), retries and waits for the
        #: server as the client does, and sets no deadline.
        self.stub = game_service_pb2_grpc.GameServiceStub(channel)

    def with_credential(self, credential: str | None) -> Client:
        """The same connection, with its retry policy and wait-for-ready, acting with another
        credential (None: a spectator)."""
        return Client(
            self.address, credential=credential, timeout=self.timeout, _channel=self._channel, _lifetime=self._lifetime
        )

    def close(self) -> None:
        """Closes the connection (of a client made by `with_credential`: nothing; its
        parent's `close` does), cancelling calls and streams in flight. Calls afterwards, on
        this client or those made from it, raise ClientClosedError."""
        if self._owns_channel:
            self._lifetime.closed = True
            self._channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def _call(
        self,
        rpc: grpc.UnaryUnaryMultiCallable[_Request, _Response],
        request: _Request,
        timeout: float | None,
        retry: Retry = None,
    ) -> _Response:
        self._lifetime.check()
        try:
            with retrying.call_policy(retry):
                return rpc(request, timeout=_common.deadline(timeout, self.timeout))
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None
        except ValueError:  # grpc's own for a channel closed meanwhile
            self._lifetime.check()
            raise

    def list_game_kinds(self, *, timeout: float | None = None, retry: Retry = None) -> list[pb.GameKindInfo]:
        """Every game kind the server hosts, with seat names, default configuration and presets."""
        return list(self._call(self.stub.ListGameKinds, pb.ListGameKindsRequest(), timeout, retry).kinds)

    def create_game_from_preset(
        self,
        kind: pb.GameKind.ValueType | str,
        preset: str,
        *,
        private: bool = False,
        request_id: str = "",
        bots: Iterable[pb.BotSeat] = (),
        allow_hints: bool | None = None,
        players: _common.Players = (),
        labels: _common.Labels | None = None,
        start_time: _common.Time = None,
        spectator_delay: pb.SpectatorDelay | None = None,
        owner_stream_moves: bool = False,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateGameResponse:
        """A game from one of `kind`'s named presets; the response holds one token per seat.

        A `private` game refuses spectators. With a `request_id`, a retry of the same request
        answers with the game the first one made and `retried` set: with new seat tokens
        while nothing has happened in the game (the first answer's tokens then stop working),
        with none afterwards. `bots` are seats the server's engine plays (build them with
        `bot_seat`): it moves as soon as such a seat is to act, and the seat's token may read
        the game but not move for it (reason `SEAT_PLAYED_BY_ENGINE`). `allow_hints` lets the
        seat to move ask `get_hint` while the game runs; None leaves it to the server (on for
        one-seat games, off where seats play each other).

        `players` says who sits in the seats, in seat order (`pb.Player(player_id=...,
        display_name=...)`; the first sits in seat 1, and fewer than seats leave the rest
        unnamed): the game records them as given and shows them in `game.players`, views, the
        `game_created` event and PGN tags, one entry per seat. An id over 128 characters, a
        display name over 64 or with control characters, or more players than seats is
        INVALID_ARGUMENT `INVALID_REQUEST`. `list_games(player_id=...)` finds a player's games.

        `labels` are the managing backend's own tags for the game (`{"tournament": "spring",
        "round": "3"}`), kept in `game.labels`, to find it by (`list_games(labels=...)`) and
        change later (`update_game_labels`): at most 64; each key 1 to 63 lowercase letters,
        digits, `_` and `-`, starting with a letter; each value at most 63 of the same. Else
        INVALID_ARGUMENT `INVALID_REQUEST`, each bad label named (`labels[KEY]`).

        `start_time` schedules the game ahead: a `datetime` (an aware one in any zone; a naive
        one is read as UTC) or a `pb.Timestamp`, at most 30 days from now, shown back as
        `game.start_time` (rounded up to the millisecond). Until then every move is refused
        with FAILED_PRECONDITION `GAME_NOT_STARTED` (metadata `start_time`, RFC 3339) and no
        clock runs; from then the clocks run as from a creation at that time. A resignation,
        an abort or an adjudication may come before. None, or a time not after the creation,
        starts the game at once (`game.start_time` unset). An engine seat (`bots`) waits for
        the start too. A time more than 30 days ahead is INVALID_ARGUMENT `INVALID_REQUEST` on
        `start_time`.

        `spectator_delay` (build it with `spectator_delay(plies=..., duration=...)`; None: no
        delay) has spectators, callers with neither a seat's credential nor a service key, see
        the game `plies` moves (at most 100) or `duration` (1 second to 1 hour, whole
        milliseconds) behind, whichever shows less: a spectator's `get_view` shows the game as
        it stood then (its `seq` the last event shown) and its `events` hold each event back
        until then. Seats and service keys see everything at once, and once the game is over
        everyone sees all of it. `game.spectator_delay` shows it back, and a rematch keeps it.
        A delay out of range, or with neither set, is INVALID_ARGUMENT `INVALID_REQUEST` on
        `spectator_delay`.

        `owner_stream_moves=True` also puts each of the game's moves on its owner's stream
        (`owner_events`) as an `OWNER_EVENT_KIND_MOVE_PLAYED`, its `game_event` the
        `move_applied` as a spectator sees it (the first move is also the `GAME_STARTED`), for
        a backend that follows its games' play from one stream. Off by default: with many
        games, every move is many events. `game.owner_stream_moves` shows it back, and a
        rematch keeps it.

        `rating_pool` rates the game (a `pb.RatingPool`, or its name: `"kind"`, `"preset"`;
        None: not rated): `RATING_POOL_KIND` in the kind's pool (named after the kind,
        `"tic_tac_toe"`), `RATING_POOL_PRESET` in the preset's (`"chess/chess960"`). Once the
        game ends with a result, moments after its end (not at once: the rating is written
        asynchronously), both players' Glicko-2 ratings in the pool are updated, exactly once:
        `game.rating` (`pb.GameRating`: `pool`, `player_ids`, the ratings `before` the game and
        `after` it, in seat order, and `rated` once done; `view.rating` the same) shows it, and
        `get_player_ratings` and `list_leaderboard` read the pools. It needs two seats each
        naming its player (`players`, or a seat of the engine's, rated as
        `engine-level-<level>`), two different players, a preset for `RATING_POOL_PRESET` and
        an end that is final (no `ending_takeback_window`); else INVALID_ARGUMENT
        `INVALID_REQUEST`, every problem named. A rematch is rated in the same pool. An aborted
        game counts for nothing (`rated` with no `after`)."""
        request = _common.preset_request(
            kind, preset, private, request_id, bots, allow_hints, players, labels,
            start_time, spectator_delay, owner_stream_moves, rating_pool
        )
        return self._call(self.stub.CreateGame, request, timeout, retry)

    def create_game_from_config(
        self,
        config: pb.GameConfig,
        *,
        private: bool = False,
        request_id: str = "",
        bots: Iterable[pb.BotSeat] = (),
        allow_hints: bool | None = None,
        clock: _common.Clock | None = None,
        starter: pb.Starter.ValueType | None = None,
        ending_takeback_window: _common.Seconds = None,
        players: _common.Players = (),
        labels: _common.Labels | None = None,
        start_time: _common.Time = None,
        spectator_delay: pb.SpectatorDelay | None = None,
        owner_stream_moves: bool = False,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateGameResponse:
        """A game from a full configuration (zero fields take their defaults); `private`,
        `request_id`, `bots`, `allow_hints`, `players`, `labels`, `start_time`,
        `spectator_delay`, `owner_stream_moves` and `rating_pool` (but `RATING_POOL_PRESET`,
        which needs a preset) as for `create_game_from_preset`.

        `clock` gives the game clocks (build it with `tabula_client.clocks`): a
        `pb.ClockConfig`, or one `pb.TimeControl` for every seat, such as
        `clocks.fischer(300, 2)`; it replaces `config.clock` (the caller's `config` is not
        changed). The clocks start at creation (or at `start_time`), a seat's time runs while it is to act, and a
        seat out of time loses (or, with `TIMEOUT_RULE_DEFAULT_MOVE`, the clock moves for it).
        Some presets come on a clock of their own (their `config.clock` in `list_game_kinds()`);
        pass another preset's `config` here to play it with clocks.

        `starter` (a `pb.Starter`, such as `pb.Starter.STARTER_SECOND_SEAT`) sets which seat moves
        first, replacing `config.starter` (the caller's `config` is not changed; None leaves
        it as it is). Tic-tac-toe, Connect Four, Gomoku, Tic-Tac-Two, Morris, Reversi (but
        not from a `position`, whose side to move starts) and Battleship take any; chess and
        peg solitaire only the first seat (else INVALID_ARGUMENT `INVALID_REQUEST`).
        `pb.Starter.STARTER_RANDOM` is drawn at creation: the
        answer's `game.config.starter` names the seat that starts, never RANDOM (FIRST_SEAT
        when unset; STARTER_UNSPECIFIED for chess and peg solitaire).

        `config.presence` (build it with `presence_config(away_after=..., claim_after=...)`)
        has the server keep each seat's presence: `seat_presence_changed` events,
        `view.presence`, and with `claim_after` the other seat's `claim_victory` against a
        seat to move that stays gone.

        `ending_takeback_window` (seconds, rounded to whole milliseconds, a `timedelta` or a
        `pb.Duration`; 1 second to 1 hour) sets `config.ending_takeback_window` on the copy
        sent (None leaves the config's own; unset, a game's end is final at once). With
        `allow_takebacks`, the seat whose move ended the game by the rules (a line, a mate,
        a full board; not a resignation, a timeout, an agreement, a claim, an abort or an
        adjudication) may take that move back for that long after the game's last event:
        `take_back` (or, with `takebacks_need_consent`, a request the other seat accepts with
        `answer_take_back`) logs `move_taken_back` then `game_resumed` (on the owner's
        stream `GAME_RESUMED`), and the game is in progress again. Until the end is final
        (the window passed, a request to take it back declined, or the game archived) the
        game's event streams stay open after its `game_ended`, and `create_rematch` and
        `archive_game` raise FAILED_PRECONDITION `GAME_NOT_FINISHED` (metadata `final_at`).
        Refused (INVALID_ARGUMENT `INVALID_REQUEST`) without `allow_takebacks`, in
        Battleship, in peg solitaire, and with `spectator_delay`; series take no such
        window."""
        request = _common.config_request(
            config, private, request_id, bots, allow_hints, clock, starter, players, labels,
            start_time, spectator_delay, owner_stream_moves, ending_takeback_window, rating_pool
        )
        return self._call(self.stub.CreateGame, request, timeout, retry)

    def create_game_from_pgn(
        self,
        pgn: str,
        *,
        ply: int | None = None,
        private: bool = False,
        request_id: str = "",
        bots: Iterable[pb.BotSeat] = (),
        allow_hints: bool | None = None,
        players: _common.Players = (),
        labels: _common.Labels | None = None,
        start_time: _common.Time = None,
        spectator_delay: pb.SpectatorDelay | None = None,
        owner_stream_moves: bool = False,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateGameResponse:
        """A chess game imported from PGN, at the position after its moves (or after `ply`
        of them) with those moves as its history; `private`, `request_id`, `bots`,
        `allow_hints`, `players`, `labels`, `start_time`, `spectator_delay`,
        `owner_stream_moves` and `rating_pool` (but `RATING_POOL_PRESET`) as for
        `create_game_from_preset`."""
        request = _common.pgn_request(
            pgn, ply, private, request_id, bots, allow_hints, players, labels,
            start_time, spectator_delay, owner_stream_moves, rating_pool
        )
        return self._call(self.stub.CreateGame, request, timeout, retry)

    def create_game_from_saved_config(
        self,
        name: str,
        *,
        private: bool = False,
        request_id: str = "",
        bots: Iterable[pb.BotSeat] = (),
        allow_hints: bool | None = None,
        players: _common.Players = (),
        labels: _common.Labels | None = None,
        start_time: _common.Time = None,
        spectator_delay: pb.SpectatorDelay | None = None,
        owner_stream_moves: bool = False,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateGameResponse:
        """A game from one of the caller's saved configurations (`create_saved_config`), by
        name; `private`, `request_id`, `bots`, `allow_hints`, `players`, `labels`, `start_time`,
        `spectator_delay`, `owner_stream_moves` and `rating_pool` (but `RATING_POOL_PRESET`) as
        for `create_game_from_preset`. The game
        copies the configuration, clock and starter included (a saved `STARTER_RANDOM` is
        drawn anew for each game), so later updates and deletions never change it. An unknown
        name raises NOT_FOUND `SAVED_CONFIG_NOT_FOUND`."""
        request = _common.saved_config_request(
            name, private, request_id, bots, allow_hints, players, labels,
            start_time, spectator_delay, owner_stream_moves, rating_pool
        )
        return self._call(self.stub.CreateGame, request, timeout, retry)

    def batch_create_games(
        self,
        requests: Iterable[pb.CreateGameRequest],
        *,
        request_id: str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> list[pb.CreateGameResponse]:
        """Creates 1 to 500 games in one call, all or nothing (a service key's call), and
        returns one `pb.CreateGameResponse` per request, in the requests' order, each as the
        `create_game_*` call would answer it (the game and one token per seat).

        Build each request with `game_from_preset`, `game_from_config`, `game_from_pgn` or
        `game_from_saved_config` (or as a `pb.CreateGameRequest`): each has its own source,
        kind, players, bots, labels, `private`, `allow_hints`, `start_time`,
        `spectator_delay`, `owner_stream_moves` and `rating_pool`, and no `request_id` of its
        own. The batch's `request_id` makes the whole batch safe to retry: the same call again
        answers with the games the first one made, in order, each `retried`, with new seat
        tokens for a game while nobody can have used its first ones and none afterwards; the
        same id with other requests is FAILED_PRECONDITION `REQUEST_ID_REUSED`.

        If any request is refused, no game is made: INVALID_ARGUMENT `INVALID_REQUEST` names
        every problem of every request under `requests[N]` (`requests[1].labels[Stage]`,
        `requests[2].preset`, in the message and the status' `google.rpc.BadRequest`), or the
        error is the first refusal that names no field (NOT_FOUND `SAVED_CONFIG_NOT_FOUND`).
        The key's cap of games in progress counts every game of the batch: RESOURCE_EXHAUSTED
        `TOO_MANY_GAMES` when they do not all fit."""
        request = _common.batch_create_request(requests, request_id)
        return list(self._call(self.stub.BatchCreateGames, request, timeout, retry).games)

    def create_rematch(
        self, game_id: str, *, request_id: str | None = None, timeout: float | None = None, retry: Retry = None
    ) -> pb.CreateRematchResponse:
        """Plays a finished game again (a service key's call): a new game with the same
        configuration (a Chess960 start included), clock, labels, privacy, hints, spectator
        delay and rating pool, its players and its engine's seats swapped between the two seats (so
        colours change hands; a one-seat game keeps them), and new seat tokens. The response holds the
        `game`, one token per seat in seat order, and `retried`. The two games name each
        other: the rematch's `game.rematch_of` is `game_id`, and `get_game(game_id).rematch`
        is the rematch's id (each empty when there is none).

        A game has at most one rematch: asking again raises ALREADY_EXISTS `REMATCH_EXISTS`,
        whose metadata `rematch_game_id` names the rematch (and `game_id` the game asked
        about), unless it retries the call that made it with the same `request_id`: that
        answers with the same game and `retried` set, with new seat tokens while nobody can
        have used the first ones (those then stop working) and none afterwards. None or an
        empty `request_id`: no retry protection. A game in progress raises
        FAILED_PRECONDITION `GAME_NOT_FINISHED`, and so does a game whose end may still be
        taken back (its `ending_takeback_window`; metadata `final_at`, RFC 3339, when its end
        is final), an unknown one NOT_FOUND `GAME_NOT_FOUND`;
        the rematch counts against the key's cap of games in progress (RESOURCE_EXHAUSTED
        `TOO_MANY_GAMES`)."""
        request = _common.rematch_request(game_id, request_id)
        return self._call(self.stub.CreateRematch, request, timeout, retry)

    def create_saved_config(
        self,
        saved: pb.SavedConfig,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.SavedConfig:
        """Saves `saved.config` under `saved.name` (1 to 64 of `a-z`, `0-9`, `_` and `-`) with
        `saved.description` (at most 500 characters), for `create_game_from_saved_config`, and
        returns it as stored: `kind`, `create_time`, `update_time` and the configuration with
        every field filled in. Names belong to the service key that saves them (on a server
        without keys, to everyone). The configuration is validated like
        `create_game_from_config`'s (INVALID_ARGUMENT `INVALID_CONFIG`, every problem named);
        a bad name or description is INVALID_ARGUMENT `INVALID_REQUEST`; a name in use,
        ALREADY_EXISTS `SAVED_CONFIG_EXISTS`; past 1,000 a key, RESOURCE_EXHAUSTED
        `TOO_MANY_SAVED_CONFIGS`."""
        request = pb.CreateSavedConfigRequest(saved_config=saved)
        return self._call(self.stub.CreateSavedConfig, request, timeout, retry)

    def get_saved_config(self, name: str, *, timeout: float | None = None, retry: Retry = None) -> pb.SavedConfig:
        """One of the caller's saved configurations; NOT_FOUND `SAVED_CONFIG_NOT_FOUND` when
        it has none of that name."""
        return self._call(self.stub.GetSavedConfig, pb.GetSavedConfigRequest(name=name), timeout, retry)

    def list_saved_configs(
        self, *, page_size: int = 0, page_token: str = "", timeout: float | None = None, retry: Retry = None
    ) -> pb.ListSavedConfigsResponse:
        """One page of the caller's saved configurations, by name: `saved_configs` and the
        `next_page_token` to pass for the next page (empty on the last); `page_size` 0 means
        50 (at most 500)."""
        request = _common.list_saved_configs_request(page_size, page_token)
        return self._call(self.stub.ListSavedConfigs, request, timeout, retry)

    def update_saved_config(
        self,
        saved: pb.SavedConfig,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.SavedConfig:
        """Replaces the description and configuration of the saved configuration named
        `saved.name` and returns it (its `create_time` kept, `update_time` now). Games made
        from it keep the copy they made. Errors as for `create_saved_config`, and NOT_FOUND
        `SAVED_CONFIG_NOT_FOUND`."""
        request = pb.UpdateSavedConfigRequest(saved_config=saved)
        return self._call(self.stub.UpdateSavedConfig, request, timeout, retry)

    def delete_saved_config(self, name: str, *, timeout: float | None = None, retry: Retry = None) -> None:
        """Deletes one of the caller's saved configurations (games made from it are not
        changed); NOT_FOUND `SAVED_CONFIG_NOT_FOUND` when it has none of that name."""
        self._call(self.stub.DeleteSavedConfig, pb.DeleteSavedConfigRequest(name=name), timeout, retry)

    def get_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> pb.Game:
        """The game's public summary: kind, configuration, status, outcome and seq, its
        `players` (one per seat when the creation named any), its `labels`, for a game of
        a series its `series_id` and `series_game_number` (from 1), and for a rated game its
        `rating` (`pb.GameRating`; `rating.rated` once its end was rated, moments after it)."""
        return self._call(self.stub.GetGame, pb.GetGameRequest(game_id=game_id), timeout, retry).game

    def list_games(
        self,
        *,
        kind: pb.GameKind.ValueType | str | None = None,
        status: pb.GameStatus.ValueType | str | None = None,
        create_time_after: _common.Time = None,
        create_time_before: _common.Time = None,
        page_size: int = 0,
        page_token: str = "",
        player_id: str = "",
        labels: _common.Labels | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListGamesResponse:
        """One page of the server's games, newest first (a service key's call): `games` and
        the `next_page_token` to pass for the next page (empty on the last). Filters: `kind`,
        `status` (archived games only when asked for), creation time at or after
        `create_time_after` and before `create_time_before`, `player_id` (games with a
        seat whose `pb.Player.player_id` it is; at most 128 characters) and `labels` (games
        carrying every one of these labels with that value; the rules of creation's `labels`
        hold); `page_size` 0 means 50. Pass the same filters with each `page_token`."""
        request = _common.list_games_request(
            kind, status, create_time_after, create_time_before, page_size, page_token, player_id, labels
        )
        return self._call(self.stub.ListGames, request, timeout, retry)

    def get_view(
        self,
        game_id: str,
        *,
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        """The game as this caller may see it: now, or with `at_seq` as it stood right after
        the event with that seq (1: the creation; the view's `seq` is `at_seq`), in a running
        game too. A past view is the caller's of that moment (a seat sees its own secrets,
        others what every viewer saw then) with the clocks as they read at that event: the
        view the event stream carried with that event (`events(..., include_views=True)`).
        Clock changes (pause, resume, added time) are events but not moves, so the board
        right after a pause is the one before it. 0 or a seq beyond the log: OUT_OF_RANGE
        `SEQ_OUT_OF_RANGE`."""
        return self._call(self.stub.GetView, _common.view_request(game_id, at_seq), timeout, retry).view

    def list_legal_moves(
        self,
        game_id: str,
        seat: int = 0,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListLegalMovesResponse:
        """The moves `seat` may make now; 0 means the caller's own seat."""
        request = pb.ListLegalMovesRequest(game_id=game_id, seat=seat)
        return self._call(self.stub.ListLegalMoves, request, timeout, retry)

    def submit_move(
        self,
        game_id: str,
        move: pb.Move,
        *,
        expected_seq: int | None = None,
        request_id: str = "",
        validate_only: bool = False,
        basic_answer: bool = False,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.SubmitMoveResponse:
        """Submits one move (build it with `tabula_client.moves`), or only checks it with
        `validate_only`. `expected_seq` applies it only at that seq (else `STALE_SEQ`);
        `request_id` makes a retry safe. `basic_answer` leaves the game's view out of the
        response (`SUBMIT_MOVE_VIEW_BASIC`): it keeps `seq`, `events`, `to_act`, `status`
        and `outcome`, for a caller that keeps its own board or follows the events."""
        request = _common.submit_request(game_id, move, expected_seq, request_id, validate_only, basic_answer)
        return self._call(self.stub.SubmitMove, request, timeout, retry)

    def resign(
        self,
        game_id: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ResignResponse:
        """Resigns the caller's seat and ends the game; the response has the finished view."""
        return self._call(self.stub.Resign, pb.ResignRequest(game_id=game_id, request_id=request_id), timeout, retry)

    def export_pgn(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> str:
        """A chess game, running or finished, as PGN."""
        return self._call(self.stub.ExportPgn, pb.ExportPgnRequest(game_id=game_id), timeout, retry).pgn

    def export_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> str:
        """The game, running or finished, as a document to keep or to import into another
        server with `import_game` (or `tabula import`): JSON in the `tabula.game.v1` format
        `tabula export` writes, holding the game's configuration, its seats' token hashes
        (never the tokens) and its whole log, hidden moves included. A service key's call. A
        document larger than the server's message limit (1 MiB by default) cannot be sent:
        `tabula export` reads it from the store instead. An unknown id raises NOT_FOUND
        `GAME_NOT_FOUND`."""
        return self._call(self.stub.ExportGame, pb.ExportGameRequest(game_id=game_id), timeout, retry).document

    def import_game(
        self,
        document: str,
        validate_only: bool = False,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Game:
        """Imports a document `export_game` (or `tabula export`) wrote as a game of this server
        and returns the game: the same id, the same log, and the same seat tokens (the
        document holds their hashes), so its players carry on where they were. It is owned by
        the calling key and counts towards its games in progress; a running game carries on
        at once (its clocks run from their last reading, a seat the engine plays moves if it
        is to act). With `validate_only=True` the document is only checked: the game is
        returned as it would be and nothing is stored. A service key's call.

        Nothing is stored unless every check passes (the format, a log without gaps that
        replays move by move under the configuration, one token hash per seat, the status and
        end events as the replay ends). Errors: INVALID_ARGUMENT `INVALID_DOCUMENT` when the
        document is not one or does not hold together, with a field violation on `document`
        saying why (`field_violations`); ALREADY_EXISTS `GAME_EXISTS` when this server has a
        game with the document's id (metadata `game_id`; delete it first to import the
        document in its place); RESOURCE_EXHAUSTED `TOO_MANY_GAMES`. An import is a write
        without a `request_id`: it is not retried after UNAVAILABLE (it may have been applied
        before the answer was lost), but with `validate_only`, which stores nothing, it is."""
        request = pb.ImportGameRequest(document=document, validate_only=validate_only)
        return self._call(self.stub.ImportGame, request, timeout, retry).game

    def get_hint(
        self,
        game_id: str,
        *,
        max_time: _common.Seconds = None,
        max_nodes: int = 0,
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.GetHintResponse:
        """The engine's analysis of a position: `result`, with `HINT_RESULT_MOVE` the `move`
        it suggests (ready to submit with `expected_seq=seq`), the `principal_variation` that
        starts with it, a `score` for the `seat` analysed (exact with `result`, or an
        estimate in `unit`), `depth` and `nodes`.

        The engine thinks at most `max_time` (seconds, a `timedelta` or a `pb.Duration`;
        None or zero: 1 second; at most 10) and expands at most `max_nodes` positions (0: the
        server's cap, 50,000,000). While the game runs only the seat to move may ask, at the
        current position, in a game created with `allow_hints` (else reasons `SEAT_REQUIRED`,
        `NOT_YOUR_TURN`, `HINTS_DISABLED`). Once it is finished anyone who may read it may
        analyse the position right after event `at_seq` (1: the start; beyond the log:
        `SEQ_OUT_OF_RANGE`); its final position answers `HINT_RESULT_ALREADY_SOLVED` with
        `seat` 0."""
        return self._call(self.stub.GetHint, _common.hint_request(game_id, max_time, max_nodes, at_seq), timeout, retry)

    def list_puzzle_solutions(
        self,
        game_id: str,
        *,
        page_size: int = 0,
        page_token: str = "",
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListPuzzleSolutionsResponse:
        """The ways a puzzle (peg solitaire) can still be solved from a position of a game, a
        page at a time: `solution_count`, how many distinct move sequences end it solved (one
        peg left, anywhere), in decimal (a string, as it may exceed 64 bits: `"0"` when it can
        no longer be solved, `"1"` in a solved position; empty with `count_overflow`, above
        2^128 - 1, when no page is listed); this page's `solutions`, each a
        `pb.PuzzleSolution` (its `moves` in order, each ready to submit when its turn comes,
        and their `labels`); `seq`, the position's; `nodes`, the positions the count expanded;
        and the `next_page_token` to pass for the next page (empty on the last). The same
        position always lists the same solutions in the same order. `page_size` 0 means 50
        (more than 500 means 500); `iter_puzzle_solutions` follows the pages.

        Who may ask follows `get_hint`: in a running game only its seat, at the current
        position, when the game allows hints (peg solitaire does unless created with
        `allow_hints=False`; else PERMISSION_DENIED `SEAT_REQUIRED` for a spectator or
        service key, FAILED_PRECONDITION `HINTS_DISABLED`); once it is finished anyone who may
        read it, at any position: `at_seq=s` is the position right after event `s` (1: the
        start; beyond the log: OUT_OF_RANGE `SEQ_OUT_OF_RANGE`). Errors: FAILED_PRECONDITION
        `UNSUPPORTED_BY_GAME` for a game that is not a puzzle, `SEARCH_LIMIT_REACHED`
        (metadata `nodes`) when the count needs more than the server's bound (the English
        board from its start does: ask again a few moves on); ABORTED `STALE_SEQ` for a
        `page_token` of a position the running game has moved on from (start again without
        it)."""
        request = _common.puzzle_solutions_request(game_id, at_seq, page_size, page_token)
        return self._call(self.stub.ListPuzzleSolutions, request, timeout, retry)

    def iter_puzzle_solutions(
        self,
        game_id: str,
        *,
        page_size: int = 0,
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> Iterator[pb.PuzzleSolution]:
        """Every solution of the position, in `list_puzzle_solutions`' order, one
        `pb.PuzzleSolution` at a time: `for solution in client.iter_puzzle_solutions(id)`. It
        follows the pages (`page_size` solutions each, 0 meaning 50), each a call of its own
        with `timeout` and `retry`, made as the iteration reaches it. A running game that
        moves on between two pages makes the next one raise ABORTED `STALE_SEQ`; the other
        errors are `list_puzzle_solutions`', raised by the iteration."""
        page_token = ""
        while True:
            page = self.list_puzzle_solutions(
                game_id, page_size=page_size, page_token=page_token, at_seq=at_seq, timeout=timeout, retry=retry
            )
            yield from page.solutions
            page_token = page.next_page_token
            if not page_token:
                return

    def take_back(
        self,
        game_id: str,
        *,
        expected_seq: int | None = None,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.TakeBackResponse:
        """Takes back the caller's own last move while no other seat has moved since, in a
        game that allows it: created with `config.allow_takebacks` (peg solitaire always; in
        chess `config.chess.allow_takebacks` too), else FAILED_PRECONDITION
        `TAKEBACK_NOT_ALLOWED`; with no such move of the caller's, `NOTHING_TO_TAKE_BACK`.
        In a game created with `config.takebacks_need_consent` it asks the other seat instead
        (see `answer_take_back`): the response's view has `takeback_request` set to the
        caller's seat and the move stands until that seat agrees; asking again while the
        request waits is `TAKEBACK_ALREADY_REQUESTED`.
        `expected_seq` and `request_id` as for `submit_move`."""
        request = _common.take_back_request(game_id, expected_seq, request_id)
        return self._call(self.stub.TakeBack, request, timeout, retry)

    def answer_take_back(
        self,
        game_id: str,
        accept: bool,
        *,
        expected_seq: int | None = None,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.AnswerTakeBackResponse:
        """Answers the other seat's takeback request, in a two-seat game created with
        `config.takebacks_need_consent` (and `allow_takebacks`), where `take_back` asks
        instead of undoing: it logs a `takeback_requested` event and the view's
        `takeback_request` is the asking seat (0 when none waits). `accept=True` undoes the
        asking seat's last move (a `move_taken_back` event of that seat whose actor is the
        caller); `accept=False` declines (a `takeback_declined` event of the caller) and the
        move stands. A seat credential is required (PERMISSION_DENIED `SEAT_REQUIRED`); with
        no request waiting for the caller's answer (none, or the caller's own),
        FAILED_PRECONDITION `NO_TAKEBACK_REQUEST`. `expected_seq` and `request_id` as for
        `submit_move`. The response's `view` is the game after it."""
        request = _common.answer_take_back_request(game_id, accept, expected_seq, request_id)
        return self._call(self.stub.AnswerTakeBack, request, timeout, retry)

    def claim_victory(
        self,
        game_id: str,
        draw: bool = False,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ClaimVictoryResponse:
        """Claims the game for the caller's seat (or, with `draw=True`, a draw) in a two-seat
        game keeping presence with a claim window (`pb.GameConfig(presence=presence_config(
        claim_after=...))`), once the seat to move has been gone (its `seat_presence_changed`
        event to `present=False`) for `claim_after`, as lichess lets a player claim victory.
        The game ends adjudicated: a `game_adjudicated` event naming the claim, the caller its
        actor, then a `game_ended` (`END_REASON_ADJUDICATION`), won by the caller or drawn.

        A seat credential is required (PERMISSION_DENIED `SEAT_REQUIRED`). FAILED_PRECONDITION
        `CLAIM_NOT_AVAILABLE` where no claim can be made: the game keeps no claim window, it
        is over, the caller is the seat to move, or the seat to move is present;
        `CLAIM_TOO_EARLY` before the window has passed, with metadata `claimable_at` (RFC
        3339; also the gone seat's `claimable_at` in `view.presence`). `request_id` as for
        `submit_move`. The response's `view` is the finished game."""
        request = _common.claim_victory_request(game_id, draw, request_id)
        return self._call(self.stub.ClaimVictory, request, timeout, retry)

    def events(
        self,
        game_id: str,
        after_seq: int = 0,
        *,
        include_views: bool = False,
        view_changes: bool = False,
        retries: int | None = None,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> EventStream:
        """Follows the game's events after `after_seq`, reconnecting on its own (see EventStream):
        `for event in client.events(id)`, or `with client.events(id) as stream:` to cancel it
        on leaving the block. It gives up after `give_up_after` seconds (None: never) without
        a successful reconnect, or after `retries` failed attempts in a row (None: no count;
        0: no reconnecting), raising the last failure.

        `include_views=True` also receives, with each event, the game as this caller sees it
        just after it (`EventStream.last_view`), to draw a board without a `get_view` per event.
        `view_changes=True` does the same with less on the wire: the server sends the first
        view whole and each later one as what changed, which the stream applies, so
        `last_view` is whole all the same; a change that does not apply raises TabulaError
        DATA_LOSS `VIEW_CHANGE_MISMATCH`.
        """
        return EventStream(
            self, game_id, after_seq, retries, include_views, view_changes, give_up_after=give_up_after
        )

    def owner_events(
        self,
        after_cursor: int = 0,
        kinds: Iterable[pb.OwnerEventKind.ValueType | str] = (),
        labels: _common.Labels | None = None,
        *,
        retries: int | None = None,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> OwnerEventStream:
        """Follows what happens to every game, series and tournament the calling service key
        owns, reconnecting on its own (see OwnerEventStream): `for event in client.owner_events()`,
        or `with client.owner_events() as stream:` to cancel it on leaving the block. Each
        `pb.OwnerEvent` has a `cursor` (increasing, the key's own), a `kind`
        (`pb.OwnerEventKind`: `GAME_CREATED`, `GAME_STARTED`, `GAME_ENDED`, `DRAW_OFFERED`,
        `TAKEBACK_REQUESTED`, `SEAT_PRESENT`, `SEAT_GONE` (a `seat_presence_changed` in a game
        keeping presence), `CLOCK_FLAGGED` (a `timed_out`), `MOVE_PLAYED` (every
        `move_applied` of a game created with `owner_stream_moves=True`), `GAME_RESUMED` (a
        `game_resumed`: the game's end taken back within its `ending_takeback_window`),
        `SERIES_GAME_FINISHED` (a game of a series ended and the series scored it),
        `SERIES_FINISHED` (the series was decided by the game that just ended; it follows
        that game's `SERIES_GAME_FINISHED`), `TOURNAMENT_BOARD_FINISHED` (a board of a
        tournament was scored by the game that just ended), `TOURNAMENT_ROUND_FINISHED` (that
        game was the last of its round; it follows the game's `TOURNAMENT_BOARD_FINISHED`) and
        `TOURNAMENT_FINISHED` (that game was the tournament's last; it follows the
        `TOURNAMENT_ROUND_FINISHED`; a knockout, whose boards are series, and a tournament
        whose last board ends without a game have none)), the game's own event as a spectator
        sees it, `game_event` (its `game_id` names the game: a `game_created`, the first
        `move_applied`, the `game_ended`, ...; for the series and tournament kinds the
        `game_ended` of the game that moved the series or tournament on), for the two series
        kinds only, `series_event`: the series' own `pb.SeriesEvent` as `series_events`
        delivers it (a `game_finished` with the game's `number`, `game_id`, `outcome` and the
        `points` after it, or the `series_finished` with the `winner` and the final `points`;
        unset for every other kind, `event.HasField("series_event")` is False), and for the
        three tournament kinds only, `tournament_event`: the tournament's own
        `pb.TournamentEvent` as `tournament_events` delivers it (a `board_finished` with the
        `round` and the `board` with its `result`, a `round_finished` with the `round` and the
        `standings` after it, or the `tournament_ended` with the `status` and the final
        `standings`; unset for every other kind, `event.HasField("tournament_event")` is
        False).

        The server sends the events after `after_cursor` (0: the key's whole history), then
        live ones; the stream never ends by itself. Keep `stream.last_cursor` to resume later
        from there. `kinds` keeps only events of these kinds (`pb.OwnerEventKind` values or
        names such as `"game_ended"`, `"series_finished"` or `"tournament_round_finished"`;
        empty: every kind); `labels` only events of games carrying every one of these labels
        when the event is delivered (at most 64; a series' and a tournament's games carry
        their labels).

        Needs a service key where the server has keys (as every managing call:
        UNAUTHENTICATED `CREDENTIAL_REQUIRED` without a credential, PERMISSION_DENIED
        `SERVICE_KEY_REQUIRED` with a seat's); on a server without keys it follows the games
        created without one. An `after_cursor` beyond the key's newest cursor raises
        OUT_OF_RANGE `SEQ_OUT_OF_RANGE` (metadata `current_cursor`), too many open streams
        RESOURCE_EXHAUSTED `TOO_MANY_STREAMS`."""
        return OwnerEventStream(self, after_cursor, kinds, labels, retries, give_up_after=give_up_after)

    def archive_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> pb.Game:
        """Archives a finished game (a service key's call) and returns it. A game in progress
        raises FAILED_PRECONDITION `GAME_NOT_FINISHED`, and so does a game whose end may still
        be taken back (its `ending_takeback_window`; metadata `final_at`)."""
        return self._call(self.stub.ArchiveGame, pb.ArchiveGameRequest(game_id=game_id), timeout, retry).game

    def delete_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> None:
        """Deletes a game and its log for good (a service key's call)."""
        self._call(self.stub.DeleteGame, pb.DeleteGameRequest(game_id=game_id), timeout, retry)

    def update_game_labels(
        self,
        game_id: str,
        labels: _common.Labels,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Game:
        """Replaces the game's labels with `labels` (an empty mapping clears them) and returns
        the game as it is now (a service key's call, `UpdateGame` with `update_mask` `labels`).
        Nothing of the game's play changes and no event is logged; a finished or archived game
        may be relabelled too. Labels that break creation's rules are INVALID_ARGUMENT
        `INVALID_REQUEST`, each named (`game.labels[KEY]`); an unknown game NOT_FOUND
        `GAME_NOT_FOUND`."""
        request = _common.update_game_labels_request(game_id, labels)
        return self._call(self.stub.UpdateGame, request, timeout, retry).game

    def reissue_seat_token(
        self,
        game_id: str,
        seat: int,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.SeatToken:
        """A new token for `seat` (a service key's call); the old one stops working."""
        request = pb.ReissueSeatTokenRequest(game_id=game_id, seat=seat)
        return self._call(self.stub.ReissueSeatToken, request, timeout, retry).seat_token

    def abort_game(
        self,
        game_id: str,
        explanation: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Game:
        """Calls a game in progress off with no result (`OUTCOME_TYPE_NO_RESULT`,
        `END_REASON_ABORTED`) and returns the finished game. Needs a service key, an
        explanation (at most 500 characters), and a game where no seat has moved twice yet
        (else reason `TOO_LATE_TO_ABORT`; a finished game is `GAME_OVER`)."""
        request = pb.AbortGameRequest(game_id=game_id, explanation=explanation, request_id=request_id)
        return self._call(self.stub.AbortGame, request, timeout, retry).game

    def adjudicate_game(
        self,
        game_id: str,
        result: pb.OutcomeType.ValueType | str,
        winner: int,
        explanation: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Game:
        """Decides a game in progress from outside the board (`END_REASON_ADJUDICATION`) and
        returns the finished game: `result` is a win (`"win"`, with the winning seat from 1)
        or a draw (`"draw"`, winner 0). Needs a service key and an explanation (at most 500
        characters); a finished game is `GAME_OVER`."""
        request = _common.adjudicate_request(game_id, result, winner, explanation, request_id)
        return self._call(self.stub.AdjudicateGame, request, timeout, retry).game

    def pause_clock(
        self,
        game_id: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        """Stops every clock of a game in progress and returns the game as a spectator sees it
        (`view.clock.paused`); no seat moves until `resume_clock` (reason `CLOCK_PAUSED`).
        Needs a service key. Errors: FAILED_PRECONDITION `NO_CLOCK`, `CLOCK_PAUSED` (already
        paused), `OUT_OF_TIME` (a seat's time had run out), `GAME_OVER`."""
        request = pb.PauseClockRequest(game_id=game_id, request_id=request_id)
        return self._call(self.stub.PauseClock, request, timeout, retry).view

    def resume_clock(
        self,
        game_id: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        """Starts a paused game's clocks again (each seat to act thinks from now, with the
        time it had) and returns the game as a spectator sees it. Needs a service key.
        Errors: FAILED_PRECONDITION `NO_CLOCK`, `CLOCK_NOT_PAUSED`, `GAME_OVER`."""
        request = pb.ResumeClockRequest(game_id=game_id, request_id=request_id)
        return self._call(self.stub.ResumeClock, request, timeout, retry).view

    def add_time(
        self,
        game_id: str,
        seat: int,
        time: _common.Length,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        """Gives `seat` (from 1) `time` more (seconds, rounded to whole milliseconds, a
        `timedelta` or a `pb.Duration`; 1 ms to 1 day), its clock running or paused, and
        returns the game as a spectator sees it. Needs a service key. Errors:
        INVALID_ARGUMENT `INVALID_REQUEST` (a seat the game lacks, a time out of range);
        FAILED_PRECONDITION `NO_CLOCK`, `OUT_OF_TIME` (the seat's time had run out),
        `GAME_OVER`."""
        request = _common.add_time_request(game_id, seat, time, request_id)
        return self._call(self.stub.AddTime, request, timeout, retry).view

    def create_series_from_preset(
        self,
        kind: pb.GameKind.ValueType | str,
        preset: str,
        *,
        best_of: int = 0,
        first_to: int = 0,
        draws: pb.SeriesDraws.ValueType | str | None = None,
        players: _common.Players = (),
        bots: Iterable[pb.BotSeat] = (),
        private: bool = False,
        allow_hints: bool | None = None,
        request_id: str = "",
        labels: _common.Labels | None = None,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateSeriesResponse:
        """A series of games of one of `kind`'s presets between two players (a service key's
        call): the response holds the `series`, its first game already created, and one
        `player_tokens` entry per player (`pb.SeriesToken`: `player`, 1 or 2, and `token`).

        Give exactly one length: `best_of` N games (1 to 99; it ends once a player has more
        than half the points) or `first_to` K points (1 to 50). `draws` is how a drawn game
        counts: `"half_point"` (the default: half a point each, and it counts as one of the
        games) or `"replayed"` (nobody scores and it is played again); a `pb.SeriesDraws` or
        its name. `players` are the two players, as `pb.Player`s (at most two; player 1 sits
        in seat 1 of odd-numbered games and in seat 2 of even ones). `bots` are players the
        server's engine plays in every game: `bot_seat(player, level)` names the player, 1
        or 2, whichever seat they sit in. `private`, `allow_hints` and `request_id` as for
        `create_game_from_preset` (a retry answers with the series the first call made and
        `retried` set; with new tokens while nobody has acted in its first game).

        A player's token acts, in every game of the series, as the seat that player sits in:
        `client.with_credential(token)` moves in game n (`get_series(id).games`). The server
        creates each next game when one ends and keeps the score; follow it with
        `series_events`. Only two-seat kinds make a series (peg solitaire does not): a bad
        length, kind or bot is INVALID_ARGUMENT `INVALID_REQUEST`, every problem named.

        `labels` are the managing backend's tags for the series, under the rules of
        `create_game_from_preset`'s, kept in `series.labels`: `list_series(labels=...)` finds
        it, `update_series_labels` changes them, and each game of the series is made with the
        labels the series has at that moment.

        `rating_pool` rates every game of the series, as `create_game_from_preset`'s rates a
        game (a `pb.RatingPool`, or its name: `"kind"`, `"preset"`; None: not rated): each
        game's `game.rating` shows it (`rated` moments after the game ends), and
        `series.rating_pool` names the pool (`"tic_tac_toe"`; empty when not rated). It needs
        both players named (`players`) or played by the engine (`bots`, rated as
        `engine-level-<level>`), two different players, and a preset for
        `RATING_POOL_PRESET`; else INVALID_ARGUMENT `INVALID_REQUEST`."""
        request = _common.series_preset_request(
            kind, preset, best_of, first_to, draws, players, bots, private, allow_hints, request_id, labels,
            rating_pool
        )
        return self._call(self.stub.CreateSeries, request, timeout, retry)

    def create_series_from_config(
        self,
        config: pb.GameConfig,
        *,
        best_of: int = 0,
        first_to: int = 0,
        draws: pb.SeriesDraws.ValueType | str | None = None,
        players: _common.Players = (),
        bots: Iterable[pb.BotSeat] = (),
        private: bool = False,
        allow_hints: bool | None = None,
        request_id: str = "",
        clock: _common.Clock | None = None,
        starter: pb.Starter.ValueType | None = None,
        labels: _common.Labels | None = None,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateSeriesResponse:
        """A series of games of a full configuration (zero fields take their defaults); the
        other options as for `create_series_from_preset` (but `RATING_POOL_PRESET`, which
        needs a preset), and `clock` and `starter` as for `create_game_from_config` (set on a
        copy of `config`). Random parts, a random
        starter or a Chess960 start, are drawn anew for each game."""
        request = _common.series_config_request(
            config, best_of, first_to, draws, players, bots, private, allow_hints, request_id, clock, starter, labels,
            rating_pool
        )
        return self._call(self.stub.CreateSeries, request, timeout, retry)

    def create_series_from_saved_config(
        self,
        name: str,
        *,
        best_of: int = 0,
        first_to: int = 0,
        draws: pb.SeriesDraws.ValueType | str | None = None,
        players: _common.Players = (),
        bots: Iterable[pb.BotSeat] = (),
        private: bool = False,
        allow_hints: bool | None = None,
        request_id: str = "",
        labels: _common.Labels | None = None,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateSeriesResponse:
        """A series of games of one of the caller's saved configurations, by name (the series
        copies it); the other options as for `create_series_from_preset` (but
        `RATING_POOL_PRESET`). An unknown name raises NOT_FOUND `SAVED_CONFIG_NOT_FOUND`."""
        request = _common.series_saved_config_request(
            name, best_of, first_to, draws, players, bots, private, allow_hints, request_id, labels,
            rating_pool
        )
        return self._call(self.stub.CreateSeries, request, timeout, retry)

    def get_series(self, series_id: str, *, timeout: float | None = None, retry: Retry = None) -> pb.Series:
        """A series: its configuration and length, `players`, `status`, `games` so far (each a
        `pb.SeriesGame`: `number`, `game_id`, `player_one_seat`, and once scored `outcome` and
        `points`), `points` (player 1's and player 2's), `winner` (1 or 2 once finished; 0
        while it runs or for a tie), `labels` and `rating_pool` (the pool its games are rated
        in; empty when they are not). Anyone may read a series that is not
        private; a private one needs a service key or one of its players' tokens. An unknown
        id raises NOT_FOUND `SERIES_NOT_FOUND`."""
        return self._call(self.stub.GetSeries, pb.GetSeriesRequest(series_id=series_id), timeout, retry).series

    def list_series(
        self,
        *,
        status: pb.SeriesStatus.ValueType | str | None = None,
        page_size: int = 0,
        page_token: str = "",
        labels: _common.Labels | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListSeriesResponse:
        """One page of the server's series, newest first (a service key's call): `series` and
        the `next_page_token` to pass for the next page (empty on the last). `status` keeps
        only series `"in_progress"` or `"finished"` (a `pb.SeriesStatus` or its name);
        `labels` only series carrying every one of these labels with that value; `page_size`
        0 means 50 (at most 500)."""
        request = _common.list_series_request(status, page_size, page_token, labels)
        return self._call(self.stub.ListSeries, request, timeout, retry)

    def update_series_labels(
        self, series_id: str, labels: _common.Labels, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.Series:
        """Replaces the series' labels with `labels` (an empty mapping clears them) and
        returns the series as it is now (a service key's call, `UpdateSeries` with
        `update_mask` `labels`); a finished series too. The games it made keep their labels;
        the games it makes from now on take the new ones. Errors as for
        `update_game_labels` (`series.labels[KEY]`), and NOT_FOUND `SERIES_NOT_FOUND`."""
        request = _common.update_series_labels_request(series_id, labels)
        return self._call(self.stub.UpdateSeries, request, timeout, retry).series

    def series_events(
        self,
        series_id: str,
        after_seq: int = 0,
        *,
        retries: int | None = None,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> SeriesEventStream:
        """Follows the series' events after `after_seq` (`game_started`, `game_finished`,
        then `series_finished`), reconnecting on its own (see SeriesEventStream): `for event
        in client.series_events(id)`, or `with client.series_events(id) as stream:` to cancel
        it on leaving the block. The iteration ends after `series_finished`. Read access as
        `get_series`."""
        return SeriesEventStream(self, series_id, after_seq, retries, give_up_after=give_up_after)

    def create_tournament_from_preset(
        self,
        kind: pb.GameKind.ValueType | str,
        preset: str,
        players: _common.TournamentPlayers,
        *,
        format: pb.TournamentFormat.ValueType | str = pb.TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN,
        scoring: pb.TournamentScoring | None = None,
        tie_breaks: Iterable[pb.TieBreak.ValueType | str] = (),
        hold_rounds: bool = False,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        private: bool = False,
        allow_hints: bool | None = None,
        labels: _common.Labels | None = None,
        request_id: str = "",
        best_of: int = 0,
        seed_by_rating: bool = False,
        rounds: int = 0,
        accelerated: bool = False,
        trf: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateTournamentResponse:
        """A tournament (a round robin, a knockout or a Swiss) of one of `kind`'s presets (a
        service key's call; only two-seat kinds): the response holds the `tournament`, its
        first round already paired and its games made (unless `hold_rounds`), and
        `player_tokens`, one `pb.TournamentPlayerToken` (`player`, numbered from 1, and
        `token`) per person.

        `players` are the players in the tournament's order (their numbers, from 1, are the
        pairing numbers), 2 to 100 in a round robin and 2 to 1,000 in a knockout or a Swiss:
        `tournaments.person(player_id, display_name)` for a person, `tournaments.engine(level)`
        for the server's engine (no token). `format` is `"round_robin"` (the default:
        everyone plays everyone once, FIDE's Berger tables, a bye each round for an odd
        number), `"double_round_robin"` (twice, colours reversed in the second cycle),
        `"knockout"` (single elimination from a seeded bracket: seeds 1 and 2 meet only in
        the final, the byes of a field short of a power of two go to the best seeds, and the
        winners of two neighbouring boards meet in the next round) or `"swiss"` (FIDE's Dutch
        system: each round pairs players on equal scores who have not met, the upper half of
        a score group against its lower half, weighing colour preferences and floats, a bye
        for an odd number going to a player who had none; it ends early, with the rounds
        played, if a round cannot be paired without a rematch), a `pb.TournamentFormat` or
        its name. In a knockout each board is a match, a series of `best_of` games (odd, 1 to
        99; 0: the server's 1) in which a drawn game is played again; `best_of` needs
        `"knockout"`. `seed_by_rating` orders the players by their ratings in `rating_pool`
        (best first; a player never rated counts as 1500; equal ratings keep the players'
        order) rather than in the players' order: the seeds of a knockout, the pairing
        numbers of a Swiss; it needs `"knockout"` or `"swiss"`, and a `rating_pool`. In a
        Swiss, `rounds` is how many rounds it plays (1 to one fewer than the players; 0, the
        default: ⌈log₂ of the players⌉, enough for one player to win every game and stand
        alone on top), and `accelerated=True` pairs its first rounds with Baku acceleration
        (FIDE C.04.5: the upper half of the pairing numbers counts a virtual win in the first
        quarter of the rounds and a virtual draw in the second, so the strongest meet sooner;
        the standings count only real points); both need `"swiss"`. `trf` continues a Swiss
        played elsewhere: the text of its FIDE Tournament Report File (TRF-16, as
        `export_tournament_trf` writes it and other pairing programs do; at most 2 MiB), whose
        player lines give the rounds played so far, every game ended. `players` then lists
        the same players in the file's starting-rank order, and `rounds` counts the file's
        rounds too and must be more; each game must read the same on both players' lines and
        each player's points be what its rounds make (with `scoring`). Byes the pairing gave
        (`U`) and full-point byes (`F`) count as byes, rounds not played (`Z`) as nothing;
        half-point byes are refused. The tournament's first rounds are the file's (their
        boards have results but no `game_id`) and the next round is paired at once, as for a
        new tournament (with `hold_rounds`, once `start_tournament_round` says go); a file that does not fit is INVALID_ARGUMENT `INVALID_REQUEST` naming
        `trf` (empty, the default: a tournament of its own). `scoring`
        (`tournaments.scoring(win=..., draw=..., loss=..., bye=...)`; None: 1, ½, 0 and a bye
        1) is what results are worth; `tie_breaks` orders players with equal points (each a
        `pb.TieBreak` or its name: `"buchholz"`, `"buchholz_cut_1"`, `"sonneborn_berger"`,
        `"direct_encounter"`, `"wins"`; empty: direct encounter, wins, then Sonneborn-Berger,
        and in a Swiss Buchholz cut 1, Buchholz, direct encounter, wins; it must stay empty
        in a knockout, which ranks players by how far they went). `rating_pool` rates every
        game (as for `create_game_from_preset`).
        `private`, `allow_hints`, `labels` (every game of the tournament carries them too)
        and `request_id` as for `create_game_from_preset` (a retry answers with the
        tournament the first call made and `retried` set; with no tokens once one could have
        been used).

        A player's token acts, in every game of the tournament, as the seat that player sits
        in: in a round robin or a Swiss a board's `white` is seat 1 of its `game_id`, its
        `black` seat 2 (`black` is 0 for a bye). In a knockout a board's `white` is the
        better seed, its match's player 1, its `game_id` stays empty and its `series_id`
        names the match (`get_series`: its `games`, the last one the one being played, with
        seats swapping from game to game); `tournament.best_of` and `tournament.seeds`
        (player numbers by seed, first seed first) say how it is played. A Swiss's
        `tournament.round_count` is its `rounds` (derived when 0) and `tournament.accelerated`
        echoes `accelerated`. The server pairs each next round as soon as every board of the
        round before has ended (a game ended without a result is played again); with
        `hold_rounds` each round, the first too, waits for `start_tournament_round`. Follow
        it with `tournament_events`. A request that makes no sense (one player, a one-seat
        kind, a bad scoring, an even `best_of`, tie-breaks in a knockout, `rounds` or
        `accelerated` outside a Swiss, `rounds` not fewer than the players) is
        INVALID_ARGUMENT `INVALID_REQUEST`, every problem named (`rounds` for a Swiss's
        rounds)."""
        request = _common.tournament_preset_request(
            kind, preset, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
            labels, request_id, best_of, seed_by_rating, rounds, accelerated, trf
        )
        return self._call(self.stub.CreateTournament, request, timeout, retry)

    def create_tournament_from_config(
        self,
        config: pb.GameConfig,
        players: _common.TournamentPlayers,
        *,
        format: pb.TournamentFormat.ValueType | str = pb.TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN,
        scoring: pb.TournamentScoring | None = None,
        tie_breaks: Iterable[pb.TieBreak.ValueType | str] = (),
        hold_rounds: bool = False,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        private: bool = False,
        allow_hints: bool | None = None,
        labels: _common.Labels | None = None,
        request_id: str = "",
        best_of: int = 0,
        seed_by_rating: bool = False,
        rounds: int = 0,
        accelerated: bool = False,
        clock: _common.Clock | None = None,
        starter: pb.Starter.ValueType | None = None,
        trf: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateTournamentResponse:
        """A tournament of a full configuration (zero fields take their defaults); the other
        options as for `create_tournament_from_preset` (but `RATING_POOL_PRESET`, which needs
        a preset), and `clock` and `starter` as for `create_game_from_config` (set on a copy
        of `config`)."""
        request = _common.tournament_config_request(
            config, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
            labels, request_id, best_of, seed_by_rating, rounds, accelerated, clock, starter, trf
        )
        return self._call(self.stub.CreateTournament, request, timeout, retry)

    def create_tournament_from_saved_config(
        self,
        name: str,
        players: _common.TournamentPlayers,
        *,
        format: pb.TournamentFormat.ValueType | str = pb.TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN,
        scoring: pb.TournamentScoring | None = None,
        tie_breaks: Iterable[pb.TieBreak.ValueType | str] = (),
        hold_rounds: bool = False,
        rating_pool: pb.RatingPool.ValueType | str | None = None,
        private: bool = False,
        allow_hints: bool | None = None,
        labels: _common.Labels | None = None,
        request_id: str = "",
        best_of: int = 0,
        seed_by_rating: bool = False,
        rounds: int = 0,
        accelerated: bool = False,
        trf: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.CreateTournamentResponse:
        """A tournament of one of the caller's saved configurations, by name (the tournament
        copies it); the other options as for `create_tournament_from_preset` (but
        `RATING_POOL_PRESET`). An unknown name raises NOT_FOUND `SAVED_CONFIG_NOT_FOUND`."""
        request = _common.tournament_saved_config_request(
            name, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
            labels, request_id, best_of, seed_by_rating, rounds, accelerated, trf
        )
        return self._call(self.stub.CreateTournament, request, timeout, retry)

    def get_tournament(self, tournament_id: str, *, timeout: float | None = None, retry: Retry = None) -> pb.Tournament:
        """A tournament: its configuration, `format`, `players` (`withdrawn_after_round` set
        for one that withdrew), `scoring`, `tie_breaks`, `status` (`pb.TournamentStatus`),
        `round_count`, the `rounds` made so far (each a `pb.TournamentRound`: `number`,
        `boards` and `finished`; each board a `pb.TournamentBoard`: `number`, `white` and
        `black` (player numbers; `black` 0 for a bye), `game_id` (in a knockout empty, and
        `series_id` the board's match instead) and, once it ended, `result`, a
        `pb.BoardResult`), the `standings` so far (`pb.TournamentStanding`: `rank`, `player`,
        `player_id`, `points` and its `tie_breaks` values, best first; in a knockout by how
        far each player went, those knocked out in one round sharing a rank), `labels` and,
        in a knockout, `best_of` and `seeds`, in a Swiss `accelerated`. Anyone may read a tournament that is not private; a private one needs a
        service key or one of its players' tokens (else PERMISSION_DENIED
        `PRIVATE_TOURNAMENT`). An unknown id raises NOT_FOUND `TOURNAMENT_NOT_FOUND`."""
        request = pb.GetTournamentRequest(tournament_id=tournament_id)
        return self._call(self.stub.GetTournament, request, timeout, retry).tournament

    def export_tournament_trf(self, tournament_id: str, *, timeout: float | None = None, retry: Retry = None) -> str:
        """A tournament, running or over, as FIDE's Tournament Report File (TRF) text, lines
        ending in a line feed: its name (`012`, its label `name` if it has one), its player
        count (`062`), and one `001` line per player, in player number order, with its name
        (its display name, or its id; at most 33 characters), its points (columns 81 to 84)
        and rank (86 to 89) and its games round by round (a game still being played has a
        blank result; in a knockout a match counts as one game). Read access as `get_tournament`
        (PERMISSION_DENIED `PRIVATE_TOURNAMENT` for a private one without a service key or
        one of its players' tokens); an unknown id raises NOT_FOUND `TOURNAMENT_NOT_FOUND`."""
        request = pb.ExportTournamentTrfRequest(tournament_id=tournament_id)
        return self._call(self.stub.ExportTournamentTrf, request, timeout, retry).trf

    def list_tournaments(
        self,
        *,
        status: pb.TournamentStatus.ValueType | str | None = None,
        page_size: int = 0,
        page_token: str = "",
        labels: _common.Labels | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListTournamentsResponse:
        """One page of the server's tournaments, newest first (a service key's call):
        `tournaments` and the `next_page_token` to pass for the next page (empty on the
        last). `status` keeps only tournaments `"in_progress"`, `"finished"` or `"cancelled"`
        (a `pb.TournamentStatus` or its name); `labels` only those carrying every one of these
        labels with that value; `page_size` 0 means 50 (at most 500)."""
        request = _common.list_tournaments_request(status, page_size, page_token, labels)
        return self._call(self.stub.ListTournaments, request, timeout, retry)

    def tournament_events(
        self,
        tournament_id: str,
        after_seq: int = 0,
        *,
        retries: int | None = None,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> TournamentEventStream:
        """Follows the tournament's events after `after_seq`, reconnecting on its own (see
        TournamentEventStream): `for event in client.tournament_events(id)`, or `with
        client.tournament_events(id) as stream:` to cancel it on leaving the block. Each
        `pb.TournamentEvent` has its `seq` (from 1), `time` and one of `round_paired` (the
        `pb.TournamentRound`, its boards' games made), `board_finished` (`round`, the `board`
        with its `result`), `round_finished` (`round`, the `standings` after it),
        `player_withdrew` (`player`, `after_round`), `player_joined` (`player`,
        `first_round`: `add_tournament_player`) and `tournament_ended` (`status`, the
        final `standings`), after which the server closes the stream and the iteration ends.
        Read access as `get_tournament`."""
        return TournamentEventStream(self, tournament_id, after_seq, retries, give_up_after=give_up_after)

    def start_tournament_round(
        self, tournament_id: str, round: int, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.Tournament:
        """Lets a tournament created with `hold_rounds` make round `round` (the next one, from
        1), at once if the round before has ended, else as soon as it does, and returns the
        tournament (its `released_rounds` counting it). A service key's call. Another round
        is INVALID_ARGUMENT; a tournament over FAILED_PRECONDITION `TOURNAMENT_OVER`."""
        request = pb.StartTournamentRoundRequest(tournament_id=tournament_id, round=round)
        return self._call(self.stub.StartTournamentRound, request, timeout, retry).tournament

    def withdraw_tournament_player(
        self, tournament_id: str, player: int, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.Tournament:
        """Withdraws `player` (numbered from 1) and returns the tournament: the player plays
        its game of the round in progress, if it has one, and is paired in no round after,
        its opponents there winning by forfeit (its `withdrawn_after_round` is that round; a
        `player_withdrew` event). A service key's call. A player withdrawn already is
        INVALID_ARGUMENT; a tournament over FAILED_PRECONDITION `TOURNAMENT_OVER`."""
        request = pb.WithdrawTournamentPlayerRequest(tournament_id=tournament_id, player=player)
        return self._call(self.stub.WithdrawTournamentPlayer, request, timeout, retry).tournament

    def add_tournament_player(
        self, tournament_id: str, player: pb.TournamentPlayer, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.AddTournamentPlayerResponse:
        """Adds `player` to a Swiss under way (a late entry), given as the `players` of the
        `create_tournament_*` calls (`tournaments.person(player_id, display_name="")` or
        `tournaments.engine(level, ...)`), and returns `tournament`, the new player last in its
        `players` (numbered after every player, with no points), and `player_token`, its
        `pb.TournamentPlayerToken` (`player`, `token`), shown once (unset for the engine's).
        It is paired from the next round made, the rounds before counting as rounds it did not
        play (a `player_joined` event: `player`, `first_round`). A service key's call. A player
        the `create_tournament_*` calls would refuse (its fields named, `player.player_id`, ...),
        an id another player has (or, in a rated tournament, is rated as), a full tournament
        (1,000 players), or a round robin or knockout (fixed at creation) is INVALID_ARGUMENT
        `INVALID_REQUEST` naming `player`; a tournament over FAILED_PRECONDITION
        `TOURNAMENT_OVER`."""
        request = pb.AddTournamentPlayerRequest(tournament_id=tournament_id, player=player)
        return self._call(self.stub.AddTournamentPlayer, request, timeout, retry)

    def cancel_tournament(
        self,
        tournament_id: str,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Tournament:
        """Calls a tournament off and returns it, `TOURNAMENT_STATUS_CANCELLED`: no round is
        made after (games in progress are left to end, or to `abort_game`), and its event
        stream ends with `tournament_ended`. A service key's call; a tournament over already
        raises FAILED_PRECONDITION `TOURNAMENT_OVER`."""
        request = pb.CancelTournamentRequest(tournament_id=tournament_id)
        return self._call(self.stub.CancelTournament, request, timeout, retry).tournament

    def get_player_ratings(
        self,
        player_id: str,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> list[pb.PlayerRating]:
        """A player's ratings under the calling service key (a service key's call), one
        `pb.PlayerRating` per pool the player was rated in (none for a player never rated):
        `pool`, `rating` (`pb.Rating`: `rating`, `deviation` as of now, growing while the
        player is away, `volatility`, and `provisional` while the deviation is above 110),
        `games`, `wins`, `draws`, `losses` and `last_rated_time`. `player_id` is a
        `pb.Player.player_id` of rated games, or `engine-level-<level>` for the server's
        engine (at most 128 characters; empty or longer is INVALID_ARGUMENT
        `INVALID_REQUEST`). A new player is rated 1500, deviation 350, volatility 0.06."""
        request = pb.GetPlayerRatingsRequest(player_id=player_id)
        return list(self._call(self.stub.GetPlayerRatings, request, timeout, retry).ratings)

    def list_leaderboard(
        self,
        pool: str,
        *,
        page_size: int = 0,
        page_token: str = "",
        exclude_provisional: bool = False,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListLeaderboardResponse:
        """One page of a pool's leaderboard under the calling service key (a service key's
        call): `ratings`, best first, each a `pb.PlayerRating` with its `rank` (from 1;
        players with equal ratings by id, each with a place of its own), and the
        `next_page_token` to pass for the next page (empty on the last). `pool` is a
        `pb.GameRating.pool` (`"tic_tac_toe"`, `"chess/chess960"`; required, at most 128
        characters). Provisional ratings are listed, flagged (`rating.provisional`), unless
        `exclude_provisional`, which leaves them out and ranks only those listed (pass the
        same with each `page_token`). `page_size` 0 means 50 (at most 500; negative is
        INVALID_ARGUMENT `INVALID_REQUEST`)."""
        request = _common.list_leaderboard_request(pool, page_size, page_token, exclude_provisional)
        return self._call(self.stub.ListLeaderboard, request, timeout, retry)


__all__ = ["Client", "EventStream", "OwnerEventStream", "SeriesEventStream", "TabulaError", "TournamentEventStream"]
