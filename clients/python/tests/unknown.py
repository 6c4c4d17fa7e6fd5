"""Checks clients/conformance/unknown.json (format in its README) against the Python client.

A stand-in server on loopback answers the client's calls with the fixture's bytes, verbatim,
so every entry travels the path a real answer takes: gRPC, the generated deserializer, and
the client's own wrappers (`get_view`, `events`, ...). No Tabula server is involved.
"""

from __future__ import annotations

import base64
import json
import re
import threading
from collections.abc import Callable, Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.message import Message

from tabula_client import enum_name, event_kind, move_kind, pb

FIXTURE = Path(__file__).resolve().parents[2] / "conformance" / "unknown.json"
SERVICE = "tabula.v1.GameService"
_STEP = re.compile(r"([a-z_0-9]+)((?:\[\d+\])*)")


def entries() -> list[dict[str, Any]]:
    fixture = json.loads(FIXTURE.read_text())
    assert fixture["version"] == 1, f"unknown.json version {fixture['version']} is not supported"
    return list(fixture["entries"])


class StandIn:
    """Answers `entry["call"]` with the entry's responses; other methods are UNIMPLEMENTED.

    StreamEvents: with `break_after`, the first call sends that many responses and ends with
    UNAVAILABLE, and later calls send the rest; `after_seqs` records each call's request.
    """

    def __init__(self, entry: dict[str, Any]) -> None:
        self.responses = [base64.b64decode(r) for r in entry["responses"]]
        self.break_after: int | None = entry.get("break_after")
        self.after_seqs: list[int] = []
        self._lock = threading.Lock()
        call = entry["call"]
        handler: grpc.RpcMethodHandler[bytes, bytes]
        if call == "StreamEvents":
            handler = grpc.unary_stream_rpc_method_handler(self._stream)
        else:
            handler = grpc.unary_unary_rpc_method_handler(lambda request, context: self.responses[0])
        self._server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        self._server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(SERVICE, {call: handler})])
        self.address = f"127.0.0.1:{self._server.add_insecure_port('127.0.0.1:0')}"
        self._server.start()

    def _stream(self, request: bytes, context: grpc.ServicerContext) -> Iterator[bytes]:
        with self._lock:
            first = not self.after_seqs
            self.after_seqs.append(pb.StreamEventsRequest.FromString(request).after_seq)
        if self.break_after is None:
            yield from self.responses
        elif first:
            yield from self.responses[: self.break_after]
            context.abort(grpc.StatusCode.UNAVAILABLE, "the stand-in server breaks the stream")
        else:
            yield from self.responses[self.break_after :]

    def stop(self) -> None:
        self._server.stop(grace=None)


def resolve(root: Message, path: str) -> tuple[Message, str, Any]:
    """The message holding the last field of `path`, that field's name, and its value."""
    parent: Any = root
    value: Any = root
    name = ""
    for step in path.split("."):
        found = _STEP.fullmatch(step)
        assert found, f"bad path {path!r}"
        parent, name = value, found.group(1)
        value = getattr(value, name)
        for index in re.findall(r"\d+", found.group(2)):
            value = value[int(index)]
    return parent, name, value


def check(root: Message, checks: list[dict[str, Any]], where: str) -> None:
    for item in checks:
        if "enum" in item:
            parent, name, number = resolve(root, item["enum"])
            field = parent.DESCRIPTOR.fields_by_name[name]
            assert field.enum_type is not None, f"{where}: {item['enum']} is not an enum field"
            assert number == item["number"], f"{where}: {item['enum']} holds {number}, not {item['number']}"
            shown = enum_name(field.enum_type, number)
            assert shown == item["name"], f"{where}: {item['enum']} is shown as {shown!r}, not {item['name']!r}"
        elif "move" in item:
            _, _, move = resolve(root, item["move"])
            assert isinstance(move, pb.Move), f"{where}: {item['move']} is not a Move"
            assert move_kind(move) == item["kind"], f"{where}: {item['move']} is a {move_kind(move)!r} move"
        elif "event" in item:
            _, _, event = resolve(root, item["event"])
            assert isinstance(event, pb.GameEvent), f"{where}: {item['event']} is not a GameEvent"
            assert event_kind(event) == item["kind"], f"{where}: {item['event']} is a {event_kind(event)!r} event"
        else:
            raise AssertionError(f"{where}: unknown check {item}")


def check_events(events: list[pb.GameEvent], expected: list[dict[str, Any]], name: str) -> None:
    assert len(events) == len(expected), f"{name}: {len(events)} events delivered, {len(expected)} expected"
    for index, (event, want) in enumerate(zip(events, expected)):
        where = f"{name}: event {index}"
        assert str(event.seq) == want["seq"], f"{where}: seq {event.seq}, expected {want['seq']}"
        assert event.time.ToJsonString() == want["time"], f"{where}: time {event.time.ToJsonString()}"
        assert event_kind(event) == want["kind"], f"{where}: kind {event_kind(event)!r}, expected {want['kind']!r}"
        check(event, want["checks"], where)


def check_answer(entry: dict[str, Any], answer: Message) -> None:
    expect = entry["expect"]
    seq = getattr(answer, "seq")
    assert str(seq) == expect["seq"], f"{entry['name']}: seq {seq}, expected {expect['seq']}"
    check(answer, expect["checks"], entry["name"])


def check_reopen(entry: dict[str, Any], stand_in: StandIn, last_seq: int) -> None:
    expect = entry["expect"]
    assert str(last_seq) == expect["events"][-1]["seq"], f"{entry['name']}: last_seq {last_seq}"
    if "reopened_after" in expect:
        assert [str(s) for s in stand_in.after_seqs] == ["0", expect["reopened_after"]], (
            f"{entry['name']}: streams opened after {stand_in.after_seqs}"
        )


def unary_call(call: str) -> Callable[[Any], Any]:
    """The public method of a (sync or async) client that answers `call`."""
    return {
        "GetGame": lambda client: client.get_game("g"),
        "GetView": lambda client: client.get_view("g"),
        "SubmitMove": lambda client: client.submit_move("g", pb.Move(place=pb.Place(column=0))),
    }[call]
