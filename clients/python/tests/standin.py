"""A stand-in server on loopback that answers every call of tabula.v1.GameService with an
empty response and records what each call brought (deadline, credential, request); its event
streams (a game's, a series', a tournament's and the owner's) send the events it is given, so
gaps, cursors out of order and cancellation can be staged offline."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent import futures
from dataclasses import dataclass, field

import grpc
from google.protobuf.message import Message

from tabula_client import pb
from tabula_client._gen.tabula.v1 import game_service_pb2

SERVICE = game_service_pb2.DESCRIPTOR.services_by_name["GameService"]


@dataclass
class Seen:
    """One call as the stand-in received it."""

    method: str
    #: Seconds left until the call's deadline when it arrived; None without a deadline.
    time_remaining: float | None
    authorization: str | None
    #: The request as it arrived, serialized.
    request: bytes = b""


@dataclass
class StandInServer:
    #: The seqs of the events each StreamEvents, StreamSeriesEvents or StreamTournamentEvents
    #: call sends (the cursors of StreamOwnerEvents' events).
    stream_seqs: list[int] = field(default_factory=list)
    #: After its events, a stream waits (until cancelled) instead of ending.
    stream_hangs: bool = False
    #: Unary calls wait this long before answering.
    delay: float = 0.0

    def __post_init__(self) -> None:
        self.seen: list[Seen] = []
        self.stream_cancelled = threading.Event()
        handlers: dict[str, grpc.RpcMethodHandler[bytes, bytes]] = {}
        for method in SERVICE.methods:
            if method.server_streaming:
                handlers[method.name] = grpc.unary_stream_rpc_method_handler(self._stream(method.name))
            else:
                response = getattr(game_service_pb2, method.output_type.name)()
                handlers[method.name] = grpc.unary_unary_rpc_method_handler(self._unary(method.name, response))
        self._server = grpc.server(futures.ThreadPoolExecutor(max_workers=8), options=[("grpc.so_reuseport", 0)])
        self._server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(SERVICE.full_name, handlers)])
        self.address = f"127.0.0.1:{self._server.add_insecure_port('127.0.0.1:0')}"
        self._server.start()

    def _record(self, method: str, context: grpc.ServicerContext, request: bytes = b"") -> None:
        metadata = dict(context.invocation_metadata())
        authorization = metadata.get("authorization")
        credential = None if authorization is None else str(authorization)
        self.seen.append(Seen(method, context.time_remaining(), credential, request))

    def _unary(self, name: str, response: Message) -> Callable[[bytes, grpc.ServicerContext], bytes]:
        def answer(request: bytes, context: grpc.ServicerContext) -> bytes:
            self._record(name, context, request)
            if self.delay:
                time.sleep(self.delay)
            return response.SerializeToString()

        return answer

    def _stream(self, name: str) -> Callable[[bytes, grpc.ServicerContext], Iterator[bytes]]:
        def response(seq: int) -> Message:
            if name == "StreamSeriesEvents":
                return pb.StreamSeriesEventsResponse(event=pb.SeriesEvent(series_id="s", seq=seq))
            if name == "StreamTournamentEvents":
                return pb.StreamTournamentEventsResponse(event=pb.TournamentEvent(tournament_id="t", seq=seq))
            if name == "StreamOwnerEvents":
                return pb.StreamOwnerEventsResponse(event=pb.OwnerEvent(cursor=seq))
            return pb.StreamEventsResponse(event=pb.GameEvent(seq=seq))

        def answer(request: bytes, context: grpc.ServicerContext) -> Iterator[bytes]:
            self._record(name, context, request)
            if self.stream_hangs:
                context.add_callback(self.stream_cancelled.set)
            for seq in self.stream_seqs:
                yield response(seq).SerializeToString()
            while self.stream_hangs and context.is_active():
                time.sleep(0.02)

        return answer

    def last(self, method: str) -> Seen:
        return [seen for seen in self.seen if seen.method == method][-1]

    def stop(self) -> None:
        self._server.stop(grace=None)
