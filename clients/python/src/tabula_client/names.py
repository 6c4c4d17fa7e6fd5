"""Names for what a server sends, total over values this client does not know.

A newer server may send an enum number or a oneof arm that this client's generated code
predates. Nothing here raises on them: an enum number without a name is shown as
`unknown(<number>)` (the message keeps the number), and a message whose oneof holds an arm
this client does not know (it reads as unset) is of kind `unknown`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, Union

from tabula_client import pb


class EnumDescriptorLike(Protocol):
    """An enum's descriptor (`pb.GameKind.DESCRIPTOR`, `FieldDescriptor.enum_type`)."""

    @property
    def values_by_number(self) -> Mapping[int, Any]: ...


class EnumWrapperLike(Protocol):
    """An enum of the generated code (`pb.GameKind`), which carries its descriptor."""

    @property
    def DESCRIPTOR(self) -> EnumDescriptorLike: ...


# Described by what `enum_name` reads rather than by protobuf's classes, which differ
# between its implementations and exist as generic types only in its type stubs.
#: `pb.GameKind` and the like, or an enum's descriptor (`FieldDescriptor.enum_type`).
EnumType = Union[EnumWrapperLike, EnumDescriptorLike]

#: The kind of an event or move whose oneof arm this client does not know.
UNKNOWN = "unknown"


def enum_name(enum: EnumType, number: int) -> str:
    """The name of `number` in `enum` (`pb.GameKind` or its descriptor), for example
    `GAME_KIND_CHESS`; `unknown(999)` for a number this client does not know.

    Unlike `pb.GameKind.Name(number)`, which raises ValueError on such a number, this never
    raises: `enum_name(pb.GameKind, view.kind)`."""
    descriptor: Any = getattr(enum, "DESCRIPTOR", enum)
    value = descriptor.values_by_number.get(number)
    return str(value.name) if value is not None else f"{UNKNOWN}({number})"


def event_kind(event: pb.GameEvent | pb.SeriesEvent | pb.TournamentEvent) -> str:
    """The arm of `event.kind` (`game_created`, `move_applied`, `move_taken_back`,
    `takeback_requested`, `takeback_declined`, `game_aborted`, `game_adjudicated`,
    `timed_out`, `clock_paused`, `clock_resumed`, `time_added`, `seat_presence_changed`,
    `game_resumed` (a game's end taken back: it is in progress again), ...;
    of a series' event, `game_started`, `game_finished` or `series_finished`; of a
    tournament's, `round_paired`, `board_finished`, `round_finished`, `player_withdrew`,
    `player_joined` or `tournament_ended`), or
    `unknown` for an event of a kind added after this client: such an event still has its
    `seq` and `time`, and event streams deliver it like any other."""
    kind: str | None = event.WhichOneof("kind")
    return kind if kind is not None else UNKNOWN


def actor_kind(actor: pb.Actor) -> str:
    """The arm of `actor.kind`: `seat` (a seat's own credential; `actor.seat` is its number),
    `service` (a service key; `actor.service.key_name` is its public name, empty on a server
    without keys), `engine` (the server's engine playing a bot seat; `actor.engine` is that
    seat's number) or `clock` (the game's clock: a `timed_out` event, or a move it played for
    a seat out of time), or `unknown` for a kind of actor added after this client. Events of
    seats, service keys, the engine and the clock carry one (`event.HasField("actor")`);
    `game_created` and `game_ended` events carry none, and their unset `event.actor` is of
    kind `unknown` too."""
    kind: str | None = actor.WhichOneof("kind")
    return kind if kind is not None else UNKNOWN


def move_kind(move: pb.Move) -> str:
    """The arm of `move.kind` (`place`, `move`, `shot`, ...), or `unknown` for a kind of move
    added after this client."""
    kind: str | None = move.WhichOneof("kind")
    return kind if kind is not None else UNKNOWN


__all__ = ["UNKNOWN", "actor_kind", "enum_name", "event_kind", "move_kind"]
