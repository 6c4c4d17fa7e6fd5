"""The asyncio client: the same calls as `tabula_client.Client`, awaitable."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, AsyncIterable, AsyncIterator, Iterable
from types import TracebackType
from typing import Any, Generic, Self, TypeVar, cast

import grpc
import grpc.aio

from tabula_client import _common, pb, retrying
from tabula_client._gen.tabula.v1 import game_service_pb2_grpc
from tabula_client.errors import TabulaError, from_rpc_error
from tabula_client.retrying import Retry, RetryPolicy

_Request = TypeVar("_Request")
_Response = TypeVar("_Response")
_Event = TypeVar("_Event", pb.GameEvent, pb.SeriesEvent, pb.TournamentEvent, pb.OwnerEvent)
_NumberedEvent = TypeVar("_NumberedEvent", pb.GameEvent, pb.SeriesEvent, pb.TournamentEvent)


async def _answered(call: grpc.aio.Call) -> bool:
    """Waits for the server's answer to a stream just opened (its headers, or the end of the
    call); True when the server took the call."""
    await call.initial_metadata()
    return not call.done() or await call.code() == grpc.StatusCode.OK


class _AsyncResuming(Generic[_Response, _Event]):
    """What every async event stream shares, like `tabula_client.client._Resuming`."""

    def __init__(self, client: AsyncClient, retries: int | None, give_up_after: float | None) -> None:
        self._client = client
        self._reconnects = retrying.Reconnects(retries, give_up_after)
        self._call: grpc.aio.Call | None = None
        self._closed = False

    def _open(self) -> tuple[grpc.aio.Call, AsyncIterable[_Response]]:
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

    async def __aiter__(self) -> AsyncIterator[_Event]:
        while not self._closed:
            self._client._lifetime.check()
            self._call, responses = self._open()
            try:
                if await _answered(self._call):
                    self._reconnects.connected()
                async for response in responses:
                    event = self._event(response)
                    self._advance(event)
                    self._accepted(response)
                    yield event
                return
            except asyncio.CancelledError:
                if self._closed:
                    return
                raise
            except grpc.RpcError as raw:
                if self._closed:
                    return
                error = from_rpc_error(raw)
                pause = self._reconnects.pause(error)
                if pause is None:
                    raise error from None
                await asyncio.sleep(pause)

    def close(self) -> None:
        """Stops following and cancels the call; a running iteration ends quietly."""
        self._closed = True
        if self._call is not None:
            self._call.cancel()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class _AsyncFollowing(_AsyncResuming[_Response, _NumberedEvent]):
    """What the numbered async event streams share, like `tabula_client.client._Following`."""

    #: What the stream follows, for the `SEQ_GAP` message: `game`, `series` or `tournament`.
    _OF = "game"

    def __init__(
        self,
        client: AsyncClient,
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


class AsyncEventStream(_AsyncFollowing[pb.StreamEventsResponse, pb.GameEvent]):
    """A game's events, in order and without gaps, as an async iterator and an async context
    manager (`async with client.events(id) as stream:` cancels the call on leaving). It
    resumes after `last_seq` after a transient failure (and gives up as
    `tabula_client.EventStream` does: `give_up_after`, `retries`), raises TabulaError
    DATA_LOSS `SEQ_GAP` on an event that does not follow the last one, yields events of a
    kind this client does not know, and with `include_views` (or `view_changes`, the views
    sent as changes it applies) holds each event's whole view in `last_view`, like
    `tabula_client.EventStream`."""

    def __init__(
        self,
        client: AsyncClient,
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
        #: event's). None before the first event, without `include_views`, or from a server
        #: that sent none.
        self.last_view: pb.View | None = None

    def _open(self) -> tuple[grpc.aio.Call, AsyncIterable[pb.StreamEventsResponse]]:
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


class AsyncSeriesEventStream(_AsyncFollowing[pb.StreamSeriesEventsResponse, pb.SeriesEvent]):
    """A series' events, in order and without gaps, as an async iterator and an async context
    manager (`async with client.series_events(id) as stream:` cancels the call on leaving),
    like `tabula_client.SeriesEventStream`: it resumes after `last_seq`, raises TabulaError
    DATA_LOSS `SEQ_GAP` on an event that does not follow the last one, and ends when the
    server closes the stream after `series_finished`."""

    _OF = "series"

    def _open(self) -> tuple[grpc.aio.Call, AsyncIterable[pb.StreamSeriesEventsResponse]]:
        call = self._client.stub.StreamSeriesEvents(_common.series_stream_request(self._subject_id, self.last_seq))
        return call, call

    def _event(self, response: pb.StreamSeriesEventsResponse) -> pb.SeriesEvent:
        return response.event


class AsyncTournamentEventStream(_AsyncFollowing[pb.StreamTournamentEventsResponse, pb.TournamentEvent]):
    """A tournament's events, in order and without gaps, as an async iterator and an async
    context manager (`async with client.tournament_events(id) as stream:` cancels the call on
    leaving), like `tabula_client.TournamentEventStream`: it resumes after `last_seq`, raises
    TabulaError DATA_LOSS `SEQ_GAP` on an event that does not follow the last one, and ends
    when the server closes the stream after `tournament_ended`."""

    _OF = "tournament"

    def _open(self) -> tuple[grpc.aio.Call, AsyncIterable[pb.StreamTournamentEventsResponse]]:
        call = self._client.stub.StreamTournamentEvents(
            _common.tournament_stream_request(self._subject_id, self.last_seq)
        )
        return call, call

    def _event(self, response: pb.StreamTournamentEventsResponse) -> pb.TournamentEvent:
        return response.event


class AsyncOwnerEventStream(_AsyncResuming[pb.StreamOwnerEventsResponse, pb.OwnerEvent]):
    """What happens to the games, series and tournaments the calling service key owns, in
    cursor order, as an async iterator and an async context manager (`async with
    client.owner_events() as stream:` cancels the call on leaving), like
    `tabula_client.OwnerEventStream`: the backlog after `after_cursor`, then live, never
    ending by itself; it resumes after `last_cursor` with the same filters after a transient
    failure (and gives up as `tabula_client.EventStream` does), and raises TabulaError
    DATA_LOSS `CURSOR_OUT_OF_ORDER` on an event whose cursor is not greater than the last
    one."""

    def __init__(
        self,
        client: AsyncClient,
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

    def _open(self) -> tuple[grpc.aio.Call, AsyncIterable[pb.StreamOwnerEventsResponse]]:
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


class _WithCredential:
    """A multicallable that adds the client's `authorization` unless the call brings its own."""

    def __init__(self, callable: Any, metadata: _common.Metadata) -> None:
        self._callable = callable
        self._metadata = metadata

    def __call__(self, request: Any = None, *, metadata: Any = None, **kwargs: Any) -> Any:
        return self._callable(request, metadata=_common.with_auth(metadata, self._metadata), **kwargs)


class _CredentialChannel:
    """What the generated stub needs of a channel, over a shared `grpc.aio.Channel`, with a
    credential added to every call (asyncio channels take interceptors only when made)."""

    def __init__(self, channel: grpc.aio.Channel, metadata: _common.Metadata) -> None:
        self._channel = channel
        self._metadata = metadata

    def unary_unary(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return _WithCredential(self._channel.unary_unary(method, *args, **kwargs), self._metadata)

    def unary_stream(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return _WithCredential(self._channel.unary_stream(method, *args, **kwargs), self._metadata)

    def stream_unary(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return _WithCredential(self._channel.stream_unary(method, *args, **kwargs), self._metadata)

    def stream_stream(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return _WithCredential(self._channel.stream_stream(method, *args, **kwargs), self._metadata)


class _AsyncRetrying(grpc.aio.UnaryUnaryClientInterceptor):
    """Repeats a unary call that failed with UNAVAILABLE when it is safe to repeat, and sets
    wait-for-ready, like `tabula_client.client._Retrying`."""

    def __init__(self, policy: RetryPolicy, wait_for_ready: bool) -> None:
        self._policy = policy
        self._wait_for_ready = wait_for_ready

    async def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        wait_for_ready = self._wait_for_ready if details.wait_for_ready is None else details.wait_for_ready
        attempts = retrying.Attempts(retrying.policy_for(details.method, request, self._policy), details.timeout)
        while True:
            attempt = details._replace(timeout=attempts.timeout(), wait_for_ready=wait_for_ready)
            call = await continuation(attempt, request)
            if await call.code() != grpc.StatusCode.UNAVAILABLE:
                return call
            pause = attempts.pause()
            if pause is None:
                return call
            await asyncio.sleep(pause)


class AsyncClient:
    """An asyncio connection to a Tabula server (`async with AsyncClient(...)` closes it);
    the same calls, options (`retry`, `wait_for_ready`, `channel_options`), deadlines and
    errors as `tabula_client.Client`."""

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
        _channel: grpc.aio.Channel | None = None,
        _lifetime: _common.Lifetime | None = None,
    ) -> None:
        self.address = address
        #: The default deadline of unary calls, in seconds (None: no deadline).
        self.timeout = timeout
        self._owns_channel = _channel is None
        if _channel is None:
            options = _common.channel_options(channel_options)
            # Asyncio channels take interceptors only when made: the retry policy is the
            # channel's, shared by the clients `with_credential` makes from this one.
            interceptors = [_AsyncRetrying(retrying.policy_of(retry, RetryPolicy()), wait_for_ready)]
            creds = _common.channel_credentials(tls, root_certificates)
            if creds is None:
                _channel = grpc.aio.insecure_channel(address, options=options, interceptors=interceptors)
            else:
                _channel = grpc.aio.secure_channel(address, creds, options=options, interceptors=interceptors)
        self._channel = _channel
        self._lifetime = _lifetime or _common.Lifetime(address)
        metadata = _common.auth_metadata(credential)
        channel = cast(grpc.aio.Channel, _CredentialChannel(_channel, metadata)) if metadata else _channel
        #: The generated stub, for calls this layer does not wrap; it sends this client's
        #: credential (a call's own `authorization` metadata wins), retries and waits for the
        #: server as the client does, and sets no deadline.
        self.stub: pb.GameServiceAsyncStub = game_service_pb2_grpc.GameServiceStub(channel)

    def with_credential(self, credential: str | None) -> AsyncClient:
        """The same connection, with its retry policy and wait-for-ready, acting with another
        credential (None: a spectator)."""
        return AsyncClient(
            self.address, credential=credential, timeout=self.timeout, _channel=self._channel, _lifetime=self._lifetime
        )

    async def close(self) -> None:
        """Closes the connection (of a client made by `with_credential`: nothing); calls
        afterwards, on this client or those made from it, raise ClientClosedError."""
        if self._owns_channel:
            self._lifetime.closed = True
            await self._channel.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def _call(
        self,
        rpc: grpc.aio.UnaryUnaryMultiCallable[_Request, _Response],
        request: _Request,
        timeout: float | None,
        retry: Retry = None,
    ) -> _Response:
        self._lifetime.check()
        try:
            # The interceptor runs in a task of its own, which copies the context (and with
            # it the call's policy) when the call is made, here.
            with retrying.call_policy(retry):
                call = rpc(request, timeout=_common.deadline(timeout, self.timeout))
            return await call
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None
        except grpc.aio.UsageError:  # grpc's own for a channel closed meanwhile
            self._lifetime.check()
            raise
        except asyncio.CancelledError:
            # Closing the channel cancels the interceptor's task while it waits to try again:
            # unless the caller's own task is being cancelled, say the client was closed.
            task = asyncio.current_task()
            if task is not None and not task.cancelling():
                self._lifetime.check()
            raise

    async def list_game_kinds(self, *, timeout: float | None = None, retry: Retry = None) -> list[pb.GameKindInfo]:
        return list((await self._call(self.stub.ListGameKinds, pb.ListGameKindsRequest(), timeout, retry)).kinds)

    async def create_game_from_preset(
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
        request = _common.preset_request(
            kind, preset, private, request_id, bots, allow_hints, players, labels,
            start_time, spectator_delay, owner_stream_moves, rating_pool
        )
        return await self._call(self.stub.CreateGame, request, timeout, retry)

    async def create_game_from_config(
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
        """A game from a full configuration, with the options of `Client.create_game_from_config`
        (`clock`, `starter` and `ending_takeback_window` set on a copy of `config`)."""
        request = _common.config_request(
            config, private, request_id, bots, allow_hints, clock, starter, players, labels,
            start_time, spectator_delay, owner_stream_moves, ending_takeback_window, rating_pool
        )
        return await self._call(self.stub.CreateGame, request, timeout, retry)

    async def create_game_from_pgn(
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
        request = _common.pgn_request(
            pgn, ply, private, request_id, bots, allow_hints, players, labels,
            start_time, spectator_delay, owner_stream_moves, rating_pool
        )
        return await self._call(self.stub.CreateGame, request, timeout, retry)

    async def create_game_from_saved_config(
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
        """A game from one of the caller's saved configurations, by name (see
        `Client.create_game_from_saved_config`)."""
        request = _common.saved_config_request(
            name, private, request_id, bots, allow_hints, players, labels,
            start_time, spectator_delay, owner_stream_moves, rating_pool
        )
        return await self._call(self.stub.CreateGame, request, timeout, retry)

    async def batch_create_games(
        self,
        requests: Iterable[pb.CreateGameRequest],
        *,
        request_id: str | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> list[pb.CreateGameResponse]:
        """Creates 1 to 500 games in one call, all or nothing, one answer per request in
        order (see `Client.batch_create_games`)."""
        request = _common.batch_create_request(requests, request_id)
        return list((await self._call(self.stub.BatchCreateGames, request, timeout, retry)).games)

    async def create_rematch(
        self, game_id: str, *, request_id: str | None = None, timeout: float | None = None, retry: Retry = None
    ) -> pb.CreateRematchResponse:
        """Plays a finished game again, its players and engine seats swapped between the two
        seats, and returns the rematch with new seat tokens (see `Client.create_rematch`)."""
        request = _common.rematch_request(game_id, request_id)
        return await self._call(self.stub.CreateRematch, request, timeout, retry)

    async def create_saved_config(
        self,
        saved: pb.SavedConfig,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.SavedConfig:
        """Saves a configuration under a name and returns it as stored (see
        `Client.create_saved_config`)."""
        request = pb.CreateSavedConfigRequest(saved_config=saved)
        return await self._call(self.stub.CreateSavedConfig, request, timeout, retry)

    async def get_saved_config(self, name: str, *, timeout: float | None = None, retry: Retry = None) -> pb.SavedConfig:
        """One of the caller's saved configurations (NOT_FOUND `SAVED_CONFIG_NOT_FOUND`)."""
        return await self._call(self.stub.GetSavedConfig, pb.GetSavedConfigRequest(name=name), timeout, retry)

    async def list_saved_configs(
        self, *, page_size: int = 0, page_token: str = "", timeout: float | None = None, retry: Retry = None
    ) -> pb.ListSavedConfigsResponse:
        """One page of the caller's saved configurations, by name (see `Client.list_saved_configs`)."""
        request = _common.list_saved_configs_request(page_size, page_token)
        return await self._call(self.stub.ListSavedConfigs, request, timeout, retry)

    async def update_saved_config(
        self,
        saved: pb.SavedConfig,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.SavedConfig:
        """Replaces a saved configuration's description and configuration (see
        `Client.update_saved_config`)."""
        request = pb.UpdateSavedConfigRequest(saved_config=saved)
        return await self._call(self.stub.UpdateSavedConfig, request, timeout, retry)

    async def delete_saved_config(self, name: str, *, timeout: float | None = None, retry: Retry = None) -> None:
        """Deletes one of the caller's saved configurations (see `Client.delete_saved_config`)."""
        await self._call(self.stub.DeleteSavedConfig, pb.DeleteSavedConfigRequest(name=name), timeout, retry)

    async def get_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> pb.Game:
        return (await self._call(self.stub.GetGame, pb.GetGameRequest(game_id=game_id), timeout, retry)).game

    async def list_games(
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
        """One page of the server's games, newest first, filtered (`player_id`: games with a
        seat whose player has that id; `labels`: games carrying every one of these labels),
        like `Client.list_games`."""
        request = _common.list_games_request(
            kind, status, create_time_after, create_time_before, page_size, page_token, player_id, labels
        )
        return await self._call(self.stub.ListGames, request, timeout, retry)

    async def get_view(
        self,
        game_id: str,
        *,
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        """The game as this caller may see it: now, or with `at_seq` right after that event,
        like `Client.get_view` (0 or beyond the log: OUT_OF_RANGE `SEQ_OUT_OF_RANGE`)."""
        return (await self._call(self.stub.GetView, _common.view_request(game_id, at_seq), timeout, retry)).view

    async def list_legal_moves(
        self, game_id: str, seat: int = 0, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.ListLegalMovesResponse:
        request = pb.ListLegalMovesRequest(game_id=game_id, seat=seat)
        return await self._call(self.stub.ListLegalMoves, request, timeout, retry)

    async def submit_move(
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
        request = _common.submit_request(game_id, move, expected_seq, request_id, validate_only, basic_answer)
        return await self._call(self.stub.SubmitMove, request, timeout, retry)

    async def resign(
        self,
        game_id: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ResignResponse:
        request = pb.ResignRequest(game_id=game_id, request_id=request_id)
        return await self._call(self.stub.Resign, request, timeout, retry)

    async def export_pgn(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> str:
        return (await self._call(self.stub.ExportPgn, pb.ExportPgnRequest(game_id=game_id), timeout, retry)).pgn

    async def export_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> str:
        """The game as a `tabula.game.v1` JSON document, for `import_game` (see
        `Client.export_game`)."""
        request = pb.ExportGameRequest(game_id=game_id)
        return (await self._call(self.stub.ExportGame, request, timeout, retry)).document

    async def import_game(
        self,
        document: str,
        validate_only: bool = False,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Game:
        """Imports a document `export_game` wrote as a game of this server, same id and seat
        tokens, and returns it; with `validate_only=True` only checks it, storing nothing
        (see `Client.import_game`)."""
        request = pb.ImportGameRequest(document=document, validate_only=validate_only)
        return (await self._call(self.stub.ImportGame, request, timeout, retry)).game

    async def get_hint(
        self,
        game_id: str,
        *,
        max_time: _common.Seconds = None,
        max_nodes: int = 0,
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.GetHintResponse:
        request = _common.hint_request(game_id, max_time, max_nodes, at_seq)
        return await self._call(self.stub.GetHint, request, timeout, retry)

    async def list_puzzle_solutions(
        self,
        game_id: str,
        *,
        page_size: int = 0,
        page_token: str = "",
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListPuzzleSolutionsResponse:
        """One page of the solutions of a puzzle's position, with their `solution_count` and
        the `next_page_token` (see `Client.list_puzzle_solutions`)."""
        request = _common.puzzle_solutions_request(game_id, at_seq, page_size, page_token)
        return await self._call(self.stub.ListPuzzleSolutions, request, timeout, retry)

    async def iter_puzzle_solutions(
        self,
        game_id: str,
        *,
        page_size: int = 0,
        at_seq: int | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> AsyncGenerator[pb.PuzzleSolution, None]:
        """Every solution of the position, in order, following the pages: `async for solution
        in client.iter_puzzle_solutions(id)` (see `Client.iter_puzzle_solutions`). An async
        generator: one left before its end is closed with `contextlib.aclosing`."""
        page_token = ""
        while True:
            page = await self.list_puzzle_solutions(
                game_id, page_size=page_size, page_token=page_token, at_seq=at_seq, timeout=timeout, retry=retry
            )
            for solution in page.solutions:
                yield solution
            page_token = page.next_page_token
            if not page_token:
                return

    async def take_back(
        self,
        game_id: str,
        *,
        expected_seq: int | None = None,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.TakeBackResponse:
        request = _common.take_back_request(game_id, expected_seq, request_id)
        return await self._call(self.stub.TakeBack, request, timeout, retry)

    async def answer_take_back(
        self,
        game_id: str,
        accept: bool,
        *,
        expected_seq: int | None = None,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.AnswerTakeBackResponse:
        """Answers the other seat's takeback request (see `Client.answer_take_back`)."""
        request = _common.answer_take_back_request(game_id, accept, expected_seq, request_id)
        return await self._call(self.stub.AnswerTakeBack, request, timeout, retry)

    async def claim_victory(
        self,
        game_id: str,
        draw: bool = False,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ClaimVictoryResponse:
        """Claims the game for the caller's seat, or a draw, against a seat to move gone for
        the game's `PresenceConfig.claim_after` (see `Client.claim_victory`)."""
        request = _common.claim_victory_request(game_id, draw, request_id)
        return await self._call(self.stub.ClaimVictory, request, timeout, retry)

    def events(
        self,
        game_id: str,
        after_seq: int = 0,
        *,
        include_views: bool = False,
        view_changes: bool = False,
        retries: int | None = None,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> AsyncEventStream:
        """Follows the game's events after `after_seq`, reconnecting on its own: `async for
        event in client.events(id)`, or `async with client.events(id) as stream:` to cancel
        it on leaving the block; with `include_views=True` each event's view is
        `AsyncEventStream.last_view`, and with `view_changes=True` too, sent as changes and
        applied by the stream (see `Client.events`)."""
        return AsyncEventStream(
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
    ) -> AsyncOwnerEventStream:
        """Follows what happens to every game, series and tournament the calling service key
        owns, after `after_cursor`, then live, reconnecting on its own: `async for event in
        client.owner_events()`, or `async with client.owner_events() as stream:` to cancel
        it on leaving the block; `kinds` and `labels` filter it, and each `pb.OwnerEvent`
        has the `cursor`, `kind`, `game_event`, for `SERIES_GAME_FINISHED` and
        `SERIES_FINISHED` a `series_event`, and for `TOURNAMENT_BOARD_FINISHED`,
        `TOURNAMENT_ROUND_FINISHED` and `TOURNAMENT_FINISHED` a `tournament_event` (see
        `Client.owner_events`)."""
        return AsyncOwnerEventStream(self, after_cursor, kinds, labels, retries, give_up_after=give_up_after)

    async def archive_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> pb.Game:
        return (await self._call(self.stub.ArchiveGame, pb.ArchiveGameRequest(game_id=game_id), timeout, retry)).game

    async def delete_game(self, game_id: str, *, timeout: float | None = None, retry: Retry = None) -> None:
        await self._call(self.stub.DeleteGame, pb.DeleteGameRequest(game_id=game_id), timeout, retry)

    async def update_game_labels(
        self, game_id: str, labels: _common.Labels, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.Game:
        """Replaces the game's labels (an empty mapping clears them) and returns the game (see
        `Client.update_game_labels`)."""
        request = _common.update_game_labels_request(game_id, labels)
        return (await self._call(self.stub.UpdateGame, request, timeout, retry)).game

    async def reissue_seat_token(
        self,
        game_id: str,
        seat: int,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.SeatToken:
        request = pb.ReissueSeatTokenRequest(game_id=game_id, seat=seat)
        return (await self._call(self.stub.ReissueSeatToken, request, timeout, retry)).seat_token

    async def abort_game(
        self, game_id: str, explanation: str, *, request_id: str = "", timeout: float | None = None, retry: Retry = None
    ) -> pb.Game:
        request = pb.AbortGameRequest(game_id=game_id, explanation=explanation, request_id=request_id)
        return (await self._call(self.stub.AbortGame, request, timeout, retry)).game

    async def adjudicate_game(
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
        request = _common.adjudicate_request(game_id, result, winner, explanation, request_id)
        return (await self._call(self.stub.AdjudicateGame, request, timeout, retry)).game

    async def pause_clock(
        self,
        game_id: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        request = pb.PauseClockRequest(game_id=game_id, request_id=request_id)
        return (await self._call(self.stub.PauseClock, request, timeout, retry)).view

    async def resume_clock(
        self,
        game_id: str,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        request = pb.ResumeClockRequest(game_id=game_id, request_id=request_id)
        return (await self._call(self.stub.ResumeClock, request, timeout, retry)).view

    async def add_time(
        self,
        game_id: str,
        seat: int,
        time: _common.Length,
        *,
        request_id: str = "",
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.View:
        request = _common.add_time_request(game_id, seat, time, request_id)
        return (await self._call(self.stub.AddTime, request, timeout, retry)).view

    async def create_series_from_preset(
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
        """A series of games of one of `kind`'s presets between two players, with one token
        per player, its games rated in `rating_pool` if given (see
        `Client.create_series_from_preset`)."""
        request = _common.series_preset_request(
            kind, preset, best_of, first_to, draws, players, bots, private, allow_hints, request_id, labels,
            rating_pool
        )
        return await self._call(self.stub.CreateSeries, request, timeout, retry)

    async def create_series_from_config(
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
        """A series of games of a full configuration (see `Client.create_series_from_config`)."""
        request = _common.series_config_request(
            config, best_of, first_to, draws, players, bots, private, allow_hints, request_id, clock, starter, labels,
            rating_pool
        )
        return await self._call(self.stub.CreateSeries, request, timeout, retry)

    async def create_series_from_saved_config(
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
        """A series of games of one of the caller's saved configurations, by name (see
        `Client.create_series_from_saved_config`)."""
        request = _common.series_saved_config_request(
            name, best_of, first_to, draws, players, bots, private, allow_hints, request_id, labels,
            rating_pool
        )
        return await self._call(self.stub.CreateSeries, request, timeout, retry)

    async def get_series(self, series_id: str, *, timeout: float | None = None, retry: Retry = None) -> pb.Series:
        """A series, its games and its score (NOT_FOUND `SERIES_NOT_FOUND`; see `Client.get_series`)."""
        return (await self._call(self.stub.GetSeries, pb.GetSeriesRequest(series_id=series_id), timeout, retry)).series

    async def list_series(
        self,
        *,
        status: pb.SeriesStatus.ValueType | str | None = None,
        page_size: int = 0,
        page_token: str = "",
        labels: _common.Labels | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListSeriesResponse:
        """One page of the server's series, newest first, filtered by `status` and `labels`
        (see `Client.list_series`)."""
        request = _common.list_series_request(status, page_size, page_token, labels)
        return await self._call(self.stub.ListSeries, request, timeout, retry)

    async def update_series_labels(
        self, series_id: str, labels: _common.Labels, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.Series:
        """Replaces the series' labels (an empty mapping clears them; later games take the new
        ones) and returns the series (see `Client.update_series_labels`)."""
        request = _common.update_series_labels_request(series_id, labels)
        return (await self._call(self.stub.UpdateSeries, request, timeout, retry)).series

    def series_events(
        self,
        series_id: str,
        after_seq: int = 0,
        *,
        retries: int | None = None,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> AsyncSeriesEventStream:
        """Follows the series' events after `after_seq`, reconnecting on its own, until the
        server closes the stream after `series_finished`: `async for event in
        client.series_events(id)`, or `async with client.series_events(id) as stream:`."""
        return AsyncSeriesEventStream(self, series_id, after_seq, retries, give_up_after=give_up_after)

    async def create_tournament_from_preset(
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
        """A tournament (a round robin, a knockout of `best_of` matches, or a Swiss of `rounds`
        rounds, `accelerated` or not, continuing the one of the TRF text `trf` if given) of
        one of `kind`'s presets, with one token per person (see
        `Client.create_tournament_from_preset`)."""
        request = _common.tournament_preset_request(
            kind, preset, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
            labels, request_id, best_of, seed_by_rating, rounds, accelerated, trf
        )
        return await self._call(self.stub.CreateTournament, request, timeout, retry)

    async def create_tournament_from_config(
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
        """A tournament of a full configuration (see `Client.create_tournament_from_config`)."""
        request = _common.tournament_config_request(
            config, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
            labels, request_id, best_of, seed_by_rating, rounds, accelerated, clock, starter, trf
        )
        return await self._call(self.stub.CreateTournament, request, timeout, retry)

    async def create_tournament_from_saved_config(
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
        """A tournament of one of the caller's saved configurations, by name (see
        `Client.create_tournament_from_saved_config`)."""
        request = _common.tournament_saved_config_request(
            name, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
            labels, request_id, best_of, seed_by_rating, rounds, accelerated, trf
        )
        return await self._call(self.stub.CreateTournament, request, timeout, retry)

    async def get_tournament(
        self,
        tournament_id: str,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Tournament:
        """A tournament, its rounds, boards and standings (NOT_FOUND `TOURNAMENT_NOT_FOUND`;
        see `Client.get_tournament`)."""
        request = pb.GetTournamentRequest(tournament_id=tournament_id)
        return (await self._call(self.stub.GetTournament, request, timeout, retry)).tournament

    async def export_tournament_trf(
        self,
        tournament_id: str,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> str:
        """A tournament as FIDE's Tournament Report File text (NOT_FOUND
        `TOURNAMENT_NOT_FOUND`; see `Client.export_tournament_trf`)."""
        request = pb.ExportTournamentTrfRequest(tournament_id=tournament_id)
        return (await self._call(self.stub.ExportTournamentTrf, request, timeout, retry)).trf

    async def list_tournaments(
        self,
        *,
        status: pb.TournamentStatus.ValueType | str | None = None,
        page_size: int = 0,
        page_token: str = "",
        labels: _common.Labels | None = None,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListTournamentsResponse:
        """One page of the server's tournaments, newest first, filtered by `status` and
        `labels` (see `Client.list_tournaments`)."""
        request = _common.list_tournaments_request(status, page_size, page_token, labels)
        return await self._call(self.stub.ListTournaments, request, timeout, retry)

    def tournament_events(
        self,
        tournament_id: str,
        after_seq: int = 0,
        *,
        retries: int | None = None,
        give_up_after: float | None = retrying.STREAM_GIVE_UP_AFTER,
    ) -> AsyncTournamentEventStream:
        """Follows the tournament's events after `after_seq`, reconnecting on its own, until
        the server closes the stream after `tournament_ended`: `async for event in
        client.tournament_events(id)`, or `async with client.tournament_events(id) as
        stream:` (see `Client.tournament_events`)."""
        return AsyncTournamentEventStream(self, tournament_id, after_seq, retries, give_up_after=give_up_after)

    async def start_tournament_round(
        self, tournament_id: str, round: int, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.Tournament:
        """Lets a tournament created with `hold_rounds` make round `round`, the next one (see
        `Client.start_tournament_round`)."""
        request = pb.StartTournamentRoundRequest(tournament_id=tournament_id, round=round)
        return (await self._call(self.stub.StartTournamentRound, request, timeout, retry)).tournament

    async def withdraw_tournament_player(
        self, tournament_id: str, player: int, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.Tournament:
        """Withdraws `player` (from 1) from the rounds after the one in progress (see
        `Client.withdraw_tournament_player`)."""
        request = pb.WithdrawTournamentPlayerRequest(tournament_id=tournament_id, player=player)
        return (await self._call(self.stub.WithdrawTournamentPlayer, request, timeout, retry)).tournament

    async def add_tournament_player(
        self, tournament_id: str, player: pb.TournamentPlayer, *, timeout: float | None = None, retry: Retry = None
    ) -> pb.AddTournamentPlayerResponse:
        """Adds `player` (as `tournaments.person` or `tournaments.engine` build one) to a Swiss
        under way, paired from the next round made: the `tournament` and the new player's
        `player_token` (see `Client.add_tournament_player`)."""
        request = pb.AddTournamentPlayerRequest(tournament_id=tournament_id, player=player)
        return await self._call(self.stub.AddTournamentPlayer, request, timeout, retry)

    async def cancel_tournament(
        self,
        tournament_id: str,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.Tournament:
        """Calls a tournament off (see `Client.cancel_tournament`)."""
        request = pb.CancelTournamentRequest(tournament_id=tournament_id)
        return (await self._call(self.stub.CancelTournament, request, timeout, retry)).tournament

    async def get_player_ratings(
        self,
        player_id: str,
        *,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> list[pb.PlayerRating]:
        """A player's ratings under the calling service key, one `pb.PlayerRating` per pool
        the player was rated in (see `Client.get_player_ratings`)."""
        request = pb.GetPlayerRatingsRequest(player_id=player_id)
        return list((await self._call(self.stub.GetPlayerRatings, request, timeout, retry)).ratings)

    async def list_leaderboard(
        self,
        pool: str,
        *,
        page_size: int = 0,
        page_token: str = "",
        exclude_provisional: bool = False,
        timeout: float | None = None,
        retry: Retry = None,
    ) -> pb.ListLeaderboardResponse:
        """One page of a pool's leaderboard, best first, each rating with its `rank` (see
        `Client.list_leaderboard`)."""
        request = _common.list_leaderboard_request(pool, page_size, page_token, exclude_provisional)
        return await self._call(self.stub.ListLeaderboard, request, timeout, retry)


__all__ = [
    "AsyncClient", "AsyncEventStream", "AsyncOwnerEventStream", "AsyncSeriesEventStream", "AsyncTournamentEventStream",
    "TabulaError",
]
