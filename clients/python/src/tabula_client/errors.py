"""gRPC failures as one exception type carrying the code, the server's stable reason (as a
string and as a `pb.ErrorReason` value) and the fields a refused request got wrong."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, cast

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from tabula_client import pb

#: The `google.rpc.ErrorInfo` domain of every error the server returns.
DOMAIN = "tabula.v1"
_REASON_PREFIX = "ERROR_REASON_"


class FieldViolation(NamedTuple):
    """One entry of a refused request's `google.rpc.BadRequest`: the `field` at fault, as a
    path (`config.clock`, `labels[Stage]`, `requests[2].preset`), and what is wrong with it."""

    field: str
    description: str


def reason_value(reason: str) -> pb.ErrorReason.ValueType:
    """The `pb.ErrorReason` a reason string names (`NOT_YOUR_TURN` is
    `ERROR_REASON_NOT_YOUR_TURN`); `ERROR_REASON_UNSPECIFIED` for none, for a reason this
    client's `error.proto` does not know (added by a newer server), and for the client's own
    reasons (`SEQ_GAP`, ...)."""
    if not reason:
        return pb.ErrorReason.ERROR_REASON_UNSPECIFIED
    try:
        return pb.ErrorReason.Value(_REASON_PREFIX + reason)
    except ValueError:
        return pb.ErrorReason.ERROR_REASON_UNSPECIFIED


class TabulaError(Exception):
    """A call failed. `code` is the gRPC status code; `reason` the ErrorInfo reason
    (`NOT_YOUR_TURN`, ...), or "" when the failure came from below the service (a dropped
    connection, a deadline); `error_reason` the same reason as a `pb.ErrorReason` value, to
    compare and match against (`pb.ErrorReason.ERROR_REASON_NOT_YOUR_TURN`;
    `ERROR_REASON_UNSPECIFIED` for a reason this client does not know); `message` the
    server's message; `metadata` the ErrorInfo metadata; `field_violations` the
    `google.rpc.BadRequest` of a refused request, a list of `FieldViolation(field,
    description)`, empty when it has none."""

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        reason: str = "",
        metadata: Mapping[str, str] | None = None,
        domain: str = "",
        field_violations: Iterable[FieldViolation] = (),
    ) -> None:
        super().__init__(f"{code.name}: {reason + ': ' if reason else ''}{message}")
        self.code = code
        self.message = message
        self.reason = reason
        self.domain = domain
        self.metadata: dict[str, str] = dict(metadata or {})
        self.field_violations: list[FieldViolation] = list(field_violations)

    @property
    def error_reason(self) -> pb.ErrorReason.ValueType:
        """`reason` as a `pb.ErrorReason` value (see `reason_value`)."""
        return reason_value(self.reason)


class ClientClosedError(TabulaError, ValueError):
    """A call or event stream on a client after its connection was closed (`close()`, or the
    end of its `with` block; a client made by `with_credential` shares its parent's). Code
    CANCELLED, reason `CLIENT_CLOSED` (the client's own, so `error_reason` is unspecified);
    a `ValueError` too, which is what such a call raised before."""

    def __init__(self, address: str) -> None:
        super().__init__(grpc.StatusCode.CANCELLED, f"the client of {address} is closed", "CLIENT_CLOSED")


def _rich_status(error: grpc.RpcError) -> Any:
    """The `google.rpc.Status` the server sent with a failure, or None. grpcio-status reads it
    from the trailers (sync and asyncio errors alike expose them without awaiting); a status
    whose code or message disagrees with the call's is not trusted."""
    try:
        # A failed call's error is its `grpc.Call` (sync), or has the same synchronous
        # `code()`, `details()` and `trailing_metadata()` (asyncio's AioRpcError).
        return rpc_status.from_call(cast(grpc.Call, error))
    except ValueError:
        return None


def _details(status: Any, kind: Any) -> list[Any]:
    """The details of `status` of message type `kind`, unpacked."""
    found = []
    for detail in status.details:
        message = kind()
        if detail.Is(message.DESCRIPTOR) and detail.Unpack(message):
            found.append(message)
    return found


def from_rpc_error(error: grpc.RpcError) -> TabulaError:
    """Decodes the status details of a failed call (sync or asyncio) into a TabulaError: the
    `ErrorInfo` (reason, metadata, domain) and the `BadRequest`'s field violations."""
    code: grpc.StatusCode = error.code()
    message: str = error.details() or ""
    status = _rich_status(error)
    if status is None:
        return TabulaError(code, message)
    violations = [
        FieldViolation(violation.field, violation.description)
        for bad_request in _details(status, error_details_pb2.BadRequest)
        for violation in bad_request.field_violations
    ]
    for info in _details(status, error_details_pb2.ErrorInfo)[:1]:
        return TabulaError(code, message, info.reason, info.metadata, info.domain, violations)
    return TabulaError(code, message, field_violations=violations)


__all__ = ["DOMAIN", "ClientClosedError", "FieldViolation", "TabulaError", "from_rpc_error", "reason_value"]
