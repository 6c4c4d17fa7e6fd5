"""Seats' presence (`GameConfig.presence`): the `pb.PresenceConfig` a game keeps it with, and
a seat's presence read from a view:

    config = pb.GameConfig(chess=pb.ChessConfig(), presence=presence_config(away_after=30, claim_after=120))
    created = manager.create_game_from_config(config)
    black = seat_presence(client.get_view(game_id), 2)  # present, since, claimable_at; None without presence

Lengths of time are seconds (an int or a float, rounded to whole milliseconds), a `timedelta`
or a `pb.Duration`; the server takes whole milliseconds only and refuses finer parts of a
`timedelta` or `Duration`, and lengths out of range (INVALID_ARGUMENT).
"""

from __future__ import annotations

from tabula_client import _common, pb

#: A length of time: seconds (rounded to whole milliseconds), a `timedelta` or a `pb.Duration`.
Length = _common.Length


def presence_config(*, away_after: Length | None = None, claim_after: Length | None = None) -> pb.PresenceConfig:
    """How a game keeps its seats' presence, for `pb.GameConfig(..., presence=...)`.

    Set (even with neither length), the server keeps whether each seat the engine does not
    play is present: it holds an event stream of the game, or made a call to it within
    `away_after` (1 second to 1 hour; None: the server's 30 seconds). Each change is a
    `seat_presence_changed` event (`seat`, `present`), and `view.presence` lists the seats.
    `claim_after` (1 second to 7 days; None: no claim), in a two-seat game, is how long the
    seat to move must have been gone before the other seat may `claim_victory` (the win, or a
    draw). Lengths are seconds (rounded to whole milliseconds), `timedelta`s or
    `pb.Duration`s."""
    config = pb.PresenceConfig()
    if away_after is not None:
        _common.set_millis(config.away_after, away_after)
    if claim_after is not None:
        _common.set_millis(config.claim_after, claim_after)
    return config


def seat_presence(view: pb.View, seat: int) -> pb.SeatPresence | None:
    """Seat `seat`'s (from 1) entry of `view.presence`: `present`, `since` (when it came or
    went; unset before it first came) and, for a seat gone in a game with a claim window,
    `claimable_at`. None in a game that keeps no presence, and for a seat the engine plays."""
    return next((entry for entry in view.presence if entry.seat == seat), None)


__all__ = ["Length", "presence_config", "seat_presence"]
