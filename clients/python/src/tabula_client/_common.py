"""What the sync and asyncio clients share: channel settings, metadata, requests, retry policy."""

from __future__ import annotations

from typing import Union

import grpc

from tabula_client import pb
from tabula_client.errors import TabulaError

#: `True` for TLS with the system's roots, or explicit channel credentials; `False` for plaintext.
Tls = Union[bool, grpc.ChannelCredentials]
Metadata = tuple[tuple[str, str], ...]

#: The server caps a message at 1 MiB either way; a little headroom for framing.
MAX_MESSAGE_BYTES = 2 * 1024 * 1024
CHANNEL_OPTIONS = [
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
]

#: Reconnect attempts in a row without receiving an event before an event stream gives up.
STREAM_RETRIES = 5
#: Backoff before reconnect attempt n (seconds): BASE * 2**n, capped.
BACKOFF_BASE = 0.1
BACKOFF_CAP = 2.0


def channel_credentials(tls: Tls) -> grpc.ChannelCredentials | None:
    if tls is True:
        return grpc.ssl_channel_credentials()
    if tls is False:
        return None
    return tls


def auth_metadata(credential: str | None) -> Metadata:
    """A service key or seat token travels as a bearer credential; none makes a spectator."""
    return (("authorization", f"Bearer {credential}"),) if credential else ()


def kind_value(kind: pb.GameKind.ValueType | str) -> pb.GameKind.ValueType:
    """Accepts `GameKind.GAME_KIND_CHESS`, `"GAME_KIND_CHESS"` or `"chess"`."""
    if isinstance(kind, str):
        name = kind.upper()
        return pb.GameKind.Value(name if name.startswith("GAME_KIND_") else f"GAME_KIND_{name}")
    return kind


def outcome_value(result: pb.OutcomeType.ValueType | str) -> pb.OutcomeType.ValueType:
    """Accepts `OutcomeType.OUTCOME_TYPE_WIN`, `"OUTCOME_TYPE_WIN"` or `"win"`."""
    if isinstance(result, str):
        name = result.upper()
        return pb.OutcomeType.Value(name if name.startswith("OUTCOME_TYPE_") else f"OUTCOME_TYPE_{name}")
    return result


def adjudicate_request(
    game_id: str, result: pb.OutcomeType.ValueType | str, winner: int, explanation: str, request_id: str
) -> pb.AdjudicateGameRequest:
    return pb.AdjudicateGameRequest(
        game_id=game_id, result=outcome_value(result), winner=winner, explanation=explanation, request_id=request_id
    )


def submit_request(
    game_id: str, move: pb.Move, expected_seq: int | None, request_id: str, validate_only: bool
) -> pb.SubmitMoveRequest:
    request = pb.SubmitMoveRequest(game_id=game_id, move=move, request_id=request_id, validate_only=validate_only)
    if expected_seq is not None:
        request.expected_seq = expected_seq
    return request


def stream_request(game_id: str, after_seq: int, include_views: bool) -> pb.StreamEventsRequest:
    """The request that opens, or resumes after `after_seq`, an event stream."""
    return pb.StreamEventsRequest(game_id=game_id, after_seq=after_seq, include_views=include_views)


def response_view(response: pb.StreamEventsResponse) -> pb.View | None:
    """The view sent with a stream's event, None when the server sent none."""
    return response.view if response.HasField("view") else None


def is_resumable(error: TabulaError) -> bool:
    """Failures after which the same stream can be reopened from the last event received."""
    if error.code == grpc.StatusCode.UNAVAILABLE:
        return True
    return error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and error.reason == "STREAM_LAGGED"


def backoff(attempt: int) -> float:
    return float(min(BACKOFF_CAP, BACKOFF_BASE * (2**attempt)))
