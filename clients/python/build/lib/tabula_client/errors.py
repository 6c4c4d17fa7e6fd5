"""gRPC failures as one exception type carrying the code and the server's stable reason."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import grpc
from google.rpc import error_details_pb2, status_pb2

#: The `google.rpc.ErrorInfo` domain of every error the server returns.
DOMAIN = "tabula.v1"
_DETAILS_KEY = "grpc-status-details-bin"


class TabulaError(Exception):
    """A call failed. `reason` is the ErrorInfo reason (`NOT_YOUR_TURN`, ...), or "" when the
    failure came from below the service (a dropped connection, a deadline)."""

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        reason: str = "",
        metadata: Mapping[str, str] | None = None,
        domain: str = "",
    ) -> None:
        super().__init__(f"{code.name}: {reason + ': ' if reason else ''}{message}")
        self.code = code
        self.message = message
        self.reason = reason
        self.domain = domain
        self.metadata: dict[str, str] = dict(metadata or {})


def _status_from_trailers(trailers: Iterable[Any] | None) -> status_pb2.Status | None:
    for key, value in trailers or ():
        if key == _DETAILS_KEY and isinstance(value, bytes):
            status = status_pb2.Status()
            status.ParseFromString(value)
            return status
    return None


def from_rpc_error(error: grpc.RpcError) -> TabulaError:
    """Decodes the status details of a failed call (sync or asyncio) into a TabulaError."""
    code: grpc.StatusCode = error.code()
    message: str = error.details() or ""
    status = _status_from_trailers(error.trailing_metadata())
    if status is not None:
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Is(info.DESCRIPTOR) and detail.Unpack(info):
                return TabulaError(code, message, info.reason, info.metadata, info.domain)
    return TabulaError(code, message)
