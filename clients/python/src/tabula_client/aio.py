"""The asyncio client: the same calls as `tabula_client.Client`, awaitable."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import TracebackType

import grpc
import grpc.aio

from tabula_client import _common, pb
from tabula_client._gen.tabula.v1 import game_service_pb2_grpc
from tabula_client.errors import TabulaError, from_rpc_error


class AsyncEventStream:
    """A game's events, in order and without gaps, as an async iterator; it resumes after
    `last_seq` on a dropped connection or STREAM_LAGGED, yields events of a kind this client
    does not know, and with `include_views` holds each event's view in `last_view`, like
    `tabula_client.EventStream`."""

    def __init__(
        self, client: AsyncClient, game_id: str, after_seq: int, retries: int, include_views: bool = False
    ) -> None:
        self._client = client
        self._game_id = game_id
        self._retries = retries
        self._include_views = include_views
        self._call: grpc.aio.UnaryStreamCall[pb.StreamEventsRequest, object] | None = None
        self._closed = False
        #: Sequence number of the last event yielded (the `after_seq` to resume from).
        self.last_seq = after_seq
        #: With `include_views`: the view sent with the last event yielded (its `seq` is the
        #: event's). None before the first event, without `include_views`, or from a server
        #: that sent none.
        self.last_view: pb.View | None = None

    async def __aiter__(self) -> AsyncIterator[pb.GameEvent]:
        failures = 0
        while not self._closed:
            request = _common.stream_request(self._game_id, self.last_seq, self._include_views)
            call = self._client.stub.StreamEvents(request, metadata=self._client.metadata)
            self._call = call  # type: ignore[assignment]
            try:
                async for response in call:
                    if response.event.seq <= self.last_seq:
                        continue
                    failures = 0
                    self.last_seq = response.event.seq
                    self.last_view = _common.response_view(response)
                    yield response.event
                return
            except asyncio.CancelledError:
                if self._closed:
                    return
                raise
            except grpc.RpcError as raw:
                if self._closed:
                    return
                error = from_rpc_error(raw)
                if not _common.is_resumable(error) or failures >= self._retries:
                    raise error from None
                await asyncio.sleep(_common.backoff(failures))
                failures += 1

    def close(self) -> None:
        """Stops following the game; a running iteration ends quietly."""
        self._closed = True
        if self._call is not None:
            self._call.cancel()


class AsyncClient:
    """An asyncio connection to a Tabula server; see `tabula_client.Client` for the contract."""

    def __init__(
        self,
        address: str,
        *,
        credential: str | None = None,
        tls: _common.Tls = False,
        timeout: float | None = 30.0,
        _channel: grpc.aio.Channel | None = None,
    ) -> None:
        self.address = address
        self.timeout = timeout
        self.metadata = _common.auth_metadata(credential)
        self._owns_channel = _channel is None
        if _channel is None:
            creds = _common.channel_credentials(tls)
            if creds is None:
                _channel = grpc.aio.insecure_channel(address, options=_common.CHANNEL_OPTIONS)
            else:
                _channel = grpc.aio.secure_channel(address, creds, options=_common.CHANNEL_OPTIONS)
        self._channel = _channel
        #: The generated stub, for calls this layer does not wrap.
        self.stub = game_service_pb2_grpc.GameServiceStub(_channel)

    def with_credential(self, credential: str | None) -> AsyncClient:
        """The same connection acting with another credential (None: a spectator)."""
        return AsyncClient(self.address, credential=credential, timeout=self.timeout, _channel=self._channel)

    async def close(self) -> None:
        if self._owns_channel:
            await self._channel.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def list_game_kinds(self) -> list[pb.GameKindInfo]:
        try:
            response = await self.stub.ListGameKinds(pb.ListGameKindsRequest(), metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None
        return list(response.kinds)

    async def create_game_from_preset(
        self, kind: pb.GameKind.ValueType | str, preset: str, *, request_id: str = ""
    ) -> pb.CreateGameResponse:
        return await self._create(pb.CreateGameRequest(kind=_common.kind_value(kind), preset=preset, request_id=request_id))

    async def create_game_from_config(self, config: pb.GameConfig, *, request_id: str = "") -> pb.CreateGameResponse:
        return await self._create(pb.CreateGameRequest(config=config, request_id=request_id))

    async def _create(self, request: pb.CreateGameRequest) -> pb.CreateGameResponse:
        try:
            return await self.stub.CreateGame(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    async def abort_game(self, game_id: str, explanation: str, *, request_id: str = "") -> pb.Game:
        request = pb.AbortGameRequest(game_id=game_id, explanation=explanation, request_id=request_id)
        try:
            response = await self.stub.AbortGame(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None
        return response.game

    async def adjudicate_game(
        self,
        game_id: str,
        result: pb.OutcomeType.ValueType | str,
        winner: int,
        explanation: str,
        *,
        request_id: str = "",
    ) -> pb.Game:
        request = _common.adjudicate_request(game_id, result, winner, explanation, request_id)
        try:
            response = await self.stub.AdjudicateGame(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None
        return response.game

    async def get_game(self, game_id: str) -> pb.Game:
        try:
            response = await self.stub.GetGame(pb.GetGameRequest(game_id=game_id), metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None
        return response.game

    async def get_view(self, game_id: str) -> pb.View:
        try:
            response = await self.stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None
        return response.view

    async def list_legal_moves(self, game_id: str, seat: int = 0) -> pb.ListLegalMovesResponse:
        request = pb.ListLegalMovesRequest(game_id=game_id, seat=seat)
        try:
            return await self.stub.ListLegalMoves(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    async def submit_move(
        self,
        game_id: str,
        move: pb.Move,
        *,
        expected_seq: int | None = None,
        request_id: str = "",
        validate_only: bool = False,
    ) -> pb.SubmitMoveResponse:
        request = _common.submit_request(game_id, move, expected_seq, request_id, validate_only)
        try:
            return await self.stub.SubmitMove(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def events(
        self, game_id: str, after_seq: int = 0, *, include_views: bool = False, retries: int = _common.STREAM_RETRIES
    ) -> AsyncEventStream:
        """Follows the game's events after `after_seq`, reconnecting on its own; with
        `include_views=True` each event's view is `AsyncEventStream.last_view`."""
        return AsyncEventStream(self, game_id, after_seq, retries, include_views)


__all__ = ["AsyncClient", "AsyncEventStream", "TabulaError"]
