"""Replays clients/conformance/scenario.json through the Python client (format in its README)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format
from google.protobuf.message import Message

from tabula_client import Client, TabulaError
from tabula_client._gen.tabula.v1 import game_service_pb2
from tabula_client.errors import DOMAIN

SCENARIO = Path(__file__).resolve().parents[2] / "conformance" / "scenario.json"
DEADLINE = 10.0
_REFERENCE = re.compile(r"\$\{([^}]+)\}")
_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


class ScenarioFailure(AssertionError):
    pass


def lookup(saved: dict[str, Any], reference: str) -> Any:
    value: Any = saved
    for name, index in _PATH_PART.findall(reference):
        try:
            value = value[int(index)] if index else value[name]
        except (KeyError, IndexError, TypeError):
            raise ScenarioFailure(f"scenario refers to missing ${{{reference}}}") from None
    return value


def substitute(value: Any, saved: dict[str, Any]) -> Any:
    if isinstance(value, str):
        whole = _REFERENCE.fullmatch(value)
        if whole:
            return lookup(saved, whole.group(1))

        def text(match: re.Match[str]) -> str:
            found = lookup(saved, match.group(1))
            return found if isinstance(found, str) else json.dumps(found)

        return _REFERENCE.sub(text, value)
    if isinstance(value, list):
        return [substitute(item, saved) for item in value]
    if isinstance(value, dict):
        return {key: substitute(item, saved) for key, item in value.items()}
    return value


def occurs(needle: Any, haystack: Any) -> bool:
    if isinstance(haystack, dict):
        return any(occurs(needle, item) for item in haystack.values())
    if isinstance(haystack, list):
        return any(occurs(needle, item) for item in haystack)
    return type(haystack) is type(needle) and haystack == needle


def match(expected: Any, actual: Any, path: str = "$") -> None:
    """Raises ScenarioFailure naming the first path where `actual` does not match."""
    if expected is None:
        if actual is not None:
            raise ScenarioFailure(f"{path}: expected absent, got {json.dumps(actual)}")
        return
    if isinstance(expected, dict) and "$contains" in expected:
        items = actual if actual is not None else []
        if not isinstance(items, list):
            raise ScenarioFailure(f"{path}: expected a list, got {json.dumps(actual)}")
        for wanted in expected["$contains"]:
            if not any(_matches(wanted, item, path) for item in items):
                raise ScenarioFailure(f"{path}: no element matches {json.dumps(wanted)}")
        return
    if isinstance(expected, dict):
        if "$excludes" in expected and occurs(expected["$excludes"], actual):
            raise ScenarioFailure(f"{path}: {json.dumps(expected['$excludes'])} must not occur here")
        keys = [key for key in expected if key != "$excludes"]
        if keys and not isinstance(actual, dict):
            raise ScenarioFailure(f"{path}: expected an object, got {json.dumps(actual)}")
        for key in keys:
            match(expected[key], (actual or {}).get(key), f"{path}.{key}")
        return
    if isinstance(expected, list):
        items = actual if actual is not None else []
        if not isinstance(items, list) or len(items) != len(expected):
            raise ScenarioFailure(f"{path}: expected {len(expected)} elements, got {json.dumps(actual)}")
        for index, (wanted, item) in enumerate(zip(expected, items)):
            match(wanted, item, f"{path}[{index}]")
        return
    if type(expected) is not type(actual) or expected != actual:
        raise ScenarioFailure(f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}")


def _matches(expected: Any, actual: Any, path: str) -> bool:
    try:
        match(expected, actual, path)
    except ScenarioFailure:
        return False
    return True


def to_json(message: Message) -> Any:
    return json_format.MessageToDict(message)


def check_error(expected: dict[str, Any], error: TabulaError) -> None:
    if error.code.name != expected["code"]:
        raise ScenarioFailure(f"expected {expected['code']}, got {error}")
    if error.domain != DOMAIN:
        raise ScenarioFailure(f"error without a {DOMAIN} ErrorInfo: {error}")
    if error.reason != expected["reason"]:
        raise ScenarioFailure(f"expected reason {expected['reason']}, got {error}")
    for key, value in expected.get("metadata", {}).items():
        if error.metadata.get(key) != value:
            raise ScenarioFailure(f"ErrorInfo metadata {key}: expected {value!r}, got {error.metadata}")


def run_step(client: Client, step: dict[str, Any], saved: dict[str, Any]) -> None:
    method = step["call"]
    credential = substitute(step.get("credential"), saved)
    caller = client.with_credential(credential)
    request_type = game_service_pb2.DESCRIPTOR.services_by_name["GameService"].methods_by_name[method].input_type
    request_class = getattr(game_service_pb2, request_type.name)
    request = json_format.ParseDict(substitute(step["request"], saved), request_class())
    expect_error = substitute(step.get("expect_error"), saved)
    rpc = getattr(caller.stub, method)
    if method == "StreamEvents":
        run_stream(rpc(request, timeout=DEADLINE), step, saved, expect_error)
        return
    try:
        response = rpc(request, timeout=DEADLINE)
    except grpc.RpcError as raw:
        from tabula_client.errors import from_rpc_error

        error = from_rpc_error(raw)
        if expect_error is None:
            raise ScenarioFailure(f"unexpected error {error}") from None
        check_error(expect_error, error)
        return
    if expect_error is not None:
        raise ScenarioFailure(f"expected {expect_error}, the call succeeded")
    answer = to_json(response)
    if "expect" in step:
        match(substitute(step["expect"], saved), answer)
    if "save" in step:
        saved[step["save"]] = answer


def run_stream(call: Any, step: dict[str, Any], saved: dict[str, Any], expect_error: Any) -> None:
    from tabula_client.errors import from_rpc_error

    expected = substitute(step.get("expect_stream", []), saved)
    try:
        for index, wanted in enumerate(expected):
            try:
                response = next(call)
            except StopIteration:
                raise ScenarioFailure(f"stream ended after {index} messages, expected {len(expected)}") from None
            match(wanted, to_json(response), f"$[{index}]")
        if expect_error is not None or step.get("expect_end"):
            extra = next(call, None)
            if extra is not None:
                raise ScenarioFailure(f"expected the stream to end, got {json.dumps(to_json(extra))}")
            if expect_error is not None:
                raise ScenarioFailure(f"expected {expect_error}, the stream ended cleanly")
    except grpc.RpcError as raw:
        if expect_error is None:
            raise ScenarioFailure(f"unexpected error {from_rpc_error(raw)}") from None
        check_error(expect_error, from_rpc_error(raw))
    finally:
        call.cancel()


def load_steps() -> list[dict[str, Any]]:
    scenario = json.loads(SCENARIO.read_text())
    if scenario.get("version") != 1:
        raise ScenarioFailure(f"unknown scenario version {scenario.get('version')}")
    steps: list[dict[str, Any]] = scenario["steps"]
    return steps


def replay(address: str) -> int:
    """Runs every step against a fresh server; returns how many ran."""
    saved: dict[str, Any] = {}
    steps = load_steps()
    with Client(address) as client:
        for number, step in enumerate(steps, 1):
            try:
                run_step(client, step, saved)
            except ScenarioFailure as failure:
                raise ScenarioFailure(f"step {number} ({step['name']}): {failure}") from None
    return len(steps)
