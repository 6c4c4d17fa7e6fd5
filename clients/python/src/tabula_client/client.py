"""The blocking client."""

from __future__ import annotations

import time
from collections.abc import Iterator
from types import TracebackType

import grpc

from tabula_client import _common, pb
from tabula_client._gen.tabula.v1 import game_service_pb2_grpc
from tabula_client.errors import TabulaError, from_rpc_error


class EventStream:
    """A game's events, in order and without gaps, as an iterator.

    It follows `StreamEvents` from `after_seq`; when the connection drops (UNAVAILABLE) or the
    server ends a lagging subscriber (STREAM_LAGGED) it reopens the stream after `last_seq`,
    the last event it yielded, so no event is lost or repeated. Iteration ends after the
    game's final event; other failures raise TabulaError.

    Opened with `include_views=True`, each event comes with the game as this caller sees it
    just after that event: read it as `last_view` while handling the event. A resumed stream
    asks for views again.

    An event of a kind this client does not know (sent by a newer server) is yielded like
    any other, with its `seq` and `time`: `event_kind(event)` is `unknown`.
    """

    def __init__(self, client: Client, game_id: str, after_seq: int, retries: int, include_views: bool = False) -> None:
        self._client = client
        self._game_id = game_id
        self._retries = retries
        self._include_views = include_views
        self._call: grpc.Call | None = None
        self._closed = False
        #: Sequence number of the last event yielded (the `after_seq` to resume from).
        self.last_seq = after_seq
        #: With `include_views`: the view sent with the last event yielded (its `seq` is the
        #: event's), what `get_view` answered at that moment. None before the first event,
        #: without `include_views`, or from a server that sent none.
        self.last_view: pb.View | None = None

    def __iter__(self) -> Iterator[pb.GameEvent]:
        failures = 0
        while not self._closed:
            request = _common.stream_request(self._game_id, self.last_seq, self._include_views)
            responses = self._client.stub.StreamEvents(request, metadata=self._client.metadata)
            self._call = responses
            try:
                for response in responses:
                    if response.event.seq <= self.last_seq:
                        continue
                    failures = 0
                    self.last_seq = response.event.seq
                    self.last_view = _common.response_view(response)
                    yield response.event
                return
            except grpc.RpcError as raw:
                if self._closed:
                    return
                error = from_rpc_error(raw)
                if not _common.is_resumable(error) or failures >= self._retries:
                    raise error from None
                time.sleep(_common.backoff(failures))
                failures += 1

    def close(self) -> None:
        """Stops following the game; a running iteration ends quietly."""
        self._closed = True
        if self._call is not None:
            self._call.cancel()


class Client:
    """A connection to a Tabula server.

    `credential` (a seat token or a service key) is sent with every call as
    `authorization: Bearer <credential>`; without one the caller is a spectator.
    `with_credential` gives another identity over the same connection. Every failure raises
    TabulaError carrying the gRPC code and the server's stable reason.
    """

    def __init__(
        self,
        address: str,
        *,
        credential: str | None = None,
        tls: _common.Tls = False,
        timeout: float | None = 30.0,
        _channel: grpc.Channel | None = None,
    ) -> None:
        self.address = address
        self.timeout = timeout
        self.metadata = _common.auth_metadata(credential)
        self._owns_channel = _channel is None
        if _channel is None:
            creds = _common.channel_credentials(tls)
            if creds is None:
                _channel = grpc.insecure_channel(address, options=_common.CHANNEL_OPTIONS)
            else:
                _channel = grpc.secure_channel(address, creds, options=_common.CHANNEL_OPTIONS)
        self._channel = _channel
        #: The generated stub, for calls this layer does not wrap.
        self.stub = game_service_pb2_grpc.GameServiceStub(_channel)

    def with_credential(self, credential: str | None) -> Client:
        """The same connection acting with another credential (None: a spectator)."""
        return Client(self.address, credential=credential, timeout=self.timeout, _channel=self._channel)

    def close(self) -> None:
        if self._owns_channel:
            self._channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def list_game_kinds(self) -> list[pb.GameKindInfo]:
        try:
            return list(self.stub.ListGameKinds(pb.ListGameKindsRequest(), metadata=self.metadata, timeout=self.timeout).kinds)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def create_game_from_preset(
        self, kind: pb.GameKind.ValueType | str, preset: str, *, request_id: str = ""
    ) -> pb.CreateGameResponse:
        """A game from one of `kind`'s named presets; the response holds one token per seat.

        With a `request_id`, a retry of the same request answers with the game the first one
        made and `retried` set: with new seat tokens while nothing has happened in the game
        (the first answer's tokens then stop working), with none afterwards."""
        return self._create(pb.CreateGameRequest(kind=_common.kind_value(kind), preset=preset, request_id=request_id))

    def create_game_from_config(self, config: pb.GameConfig, *, request_id: str = "") -> pb.CreateGameResponse:
        """A game from a full configuration (zero fields take their defaults); `request_id`
        makes a retry safe, as for `create_game_from_preset`."""
        return self._create(pb.CreateGameRequest(config=config, request_id=request_id))

    def _create(self, request: pb.CreateGameRequest) -> pb.CreateGameResponse:
        try:
            return self.stub.CreateGame(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def abort_game(self, game_id: str, explanation: str, *, request_id: str = "") -> pb.Game:
        """Calls a game in progress off with no result (`OUTCOME_TYPE_NO_RESULT`,
        `END_REASON_ABORTED`) and returns the finished game. Needs a service key, an
        explanation (at most 500 characters), and a game where no seat has moved twice yet
        (else reason `TOO_LATE_TO_ABORT`; a finished game is `GAME_OVER`)."""
        request = pb.AbortGameRequest(game_id=game_id, explanation=explanation, request_id=request_id)
        try:
            return self.stub.AbortGame(request, metadata=self.metadata, timeout=self.timeout).game
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def adjudicate_game(
        self,
        game_id: str,
        result: pb.OutcomeType.ValueType | str,
        winner: int,
        explanation: str,
        *,
        request_id: str = "",
    ) -> pb.Game:
        """Decides a game in progress from outside the board (`END_REASON_ADJUDICATION`) and
        returns the finished game: `result` is a win (`"win"`, with the winning seat from 1)
        or a draw (`"draw"`, winner 0). Needs a service key and an explanation (at most 500
        characters); a finished game is `GAME_OVER`."""
        request = _common.adjudicate_request(game_id, result, winner, explanation, request_id)
        try:
            return self.stub.AdjudicateGame(request, metadata=self.metadata, timeout=self.timeout).game
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def get_game(self, game_id: str) -> pb.Game:
        try:
            return self.stub.GetGame(pb.GetGameRequest(game_id=game_id), metadata=self.metadata, timeout=self.timeout).game
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def get_view(self, game_id: str) -> pb.View:
        """The game as this caller may see it."""
        try:
            return self.stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=self.metadata, timeout=self.timeout).view
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def list_legal_moves(self, game_id: str, seat: int = 0) -> pb.ListLegalMovesResponse:
        """The moves `seat` may make now; 0 means the caller's own seat."""
        request = pb.ListLegalMovesRequest(game_id=game_id, seat=seat)
        try:
            return self.stub.ListLegalMoves(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def submit_move(
        self,
        game_id: str,
        move: pb.Move,
        *,
        expected_seq: int | None = None,
        request_id: str = "",
        validate_only: bool = False,
    ) -> pb.SubmitMoveResponse:
        """Submits one move (build it with `tabula_client.moves`)."""
        request = _common.submit_request(game_id, move, expected_seq, request_id, validate_only)
        try:
            return self.stub.SubmitMove(request, metadata=self.metadata, timeout=self.timeout)
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def events(
        self, game_id: str, after_seq: int = 0, *, include_views: bool = False, retries: int = _common.STREAM_RETRIES
    ) -> EventStream:
        """Follows the game's events after `after_seq`, reconnecting on its own (see EventStream).

        `include_views=True` also receives, with each event, the game as this caller sees it
        just after it (`EventStream.last_view`), to draw a board without a `get_view` per event.
        """
        return EventStream(self, game_id, after_seq, retries, include_views)


__all__ = ["Client", "EventStream", "TabulaError"]
