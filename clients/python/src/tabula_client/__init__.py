"""Client for the Tabula game service (tabula.v1): `Client` blocks, `aio.AsyncClient` awaits.

Messages live in `tabula_client.pb`, move builders in `tabula_client.moves`; every failure
raises `TabulaError` with the gRPC `code` and the server's stable `reason`. `enum_name`,
`event_kind`, `actor_kind` and `move_kind` name what the server sent, `unknown` for what a newer server
added (see `tabula_client.names`).
"""

from tabula_client import moves, pb
from tabula_client.aio import AsyncClient, AsyncEventStream
from tabula_client.client import Client, EventStream
from tabula_client.errors import DOMAIN, TabulaError
from tabula_client.names import UNKNOWN, actor_kind, enum_name, event_kind, move_kind

__all__ = [
    "DOMAIN", "UNKNOWN", "AsyncClient", "AsyncEventStream", "Client", "EventStream", "TabulaError",
    "actor_kind", "enum_name", "event_kind", "move_kind", "moves", "pb",
]
