"""Client for the Tabula game service (tabula.v1): `Client` blocks, `aio.AsyncClient` awaits.

Messages live in `tabula_client.pb`, move builders in `tabula_client.moves`; every failure
raises `TabulaError` with the gRPC `code` and the server's stable `reason`.
"""

from tabula_client import moves, pb
from tabula_client.aio import AsyncClient, AsyncEventStream
from tabula_client.client import Client, EventStream
from tabula_client.errors import DOMAIN, TabulaError

__all__ = ["DOMAIN", "AsyncClient", "AsyncEventStream", "Client", "EventStream", "TabulaError", "moves", "pb"]
