"""Client for the Tabula game service (tabula.v1): `Client` blocks, `AsyncClient` awaits.

Messages and enums live in `tabula_client.pb`, move builders in `tabula_client.moves`,
seats the server's engine plays are built with `bot_seat`, time controls and a seat's time
left with `tabula_client.clocks`, a game's presence (`GameConfig.presence`) with
`presence_config` and a seat's presence with `seat_presence` (`tabula_client.presence`), how
much later spectators see a game with `spectator_delay` (`tabula_client.spectators`), a
tournament's players and scoring with `tabula_client.tournaments`, the
games of `batch_create_games` with `game_from_preset`,
`game_from_config`, `game_from_pgn` and `game_from_saved_config`;
every failure raises `TabulaError` with the gRPC `code`, the server's stable `reason` (and
`error_reason`, the same as a `pb.ErrorReason` value, also `tabula_client.ErrorReason`), its
`message`, `metadata` and `field_violations`; unary calls safe to repeat are retried after
UNAVAILABLE as a `RetryPolicy` says (`tabula_client.retrying`), and event streams resume on
their own for `STREAM_GIVE_UP_AFTER` seconds. `enum_name`, `event_kind`, `actor_kind` and `move_kind` name what
the server sent, `unknown` for what a newer server added (see `tabula_client.names`).
"""

from importlib.metadata import PackageNotFoundError, version

from tabula_client import clocks, moves, pb, presence, retrying, spectators, tournaments
from tabula_client._common import DEFAULT_TIMEOUT
from tabula_client.aio import (
    AsyncClient,
    AsyncEventStream,
    AsyncOwnerEventStream,
    AsyncSeriesEventStream,
    AsyncTournamentEventStream,
)
from tabula_client.bots import bot_seat
from tabula_client.client import Client, EventStream, OwnerEventStream, SeriesEventStream, TournamentEventStream
from tabula_client.errors import DOMAIN, ClientClosedError, FieldViolation, TabulaError
from tabula_client.games import game_from_config, game_from_pgn, game_from_preset, game_from_saved_config
from tabula_client.names import UNKNOWN, actor_kind, enum_name, event_kind, move_kind
from tabula_client.pb import ErrorReason
from tabula_client.presence import presence_config, seat_presence
from tabula_client.retrying import STREAM_GIVE_UP_AFTER, RetryPolicy
from tabula_client.spectators import spectator_delay
from tabula_client.views import ViewChangeError, apply_view_change

try:
    #: This package's version, as its metadata (pyproject.toml) declares it.
    __version__ = version("tabula-client")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "DEFAULT_TIMEOUT", "DOMAIN", "STREAM_GIVE_UP_AFTER", "UNKNOWN", "AsyncClient", "AsyncEventStream",
    "AsyncOwnerEventStream", "AsyncSeriesEventStream", "AsyncTournamentEventStream", "Client", "ClientClosedError",
    "ErrorReason", "EventStream", "FieldViolation", "OwnerEventStream", "RetryPolicy", "SeriesEventStream",
    "TabulaError", "TournamentEventStream", "ViewChangeError", "__version__", "actor_kind", "apply_view_change",
    "bot_seat", "clocks", "enum_name", "event_kind", "game_from_config", "game_from_pgn", "game_from_preset",
    "game_from_saved_config", "move_kind", "moves", "pb", "presence", "presence_config", "retrying", "seat_presence",
    "spectator_delay", "spectators", "tournaments",
]
