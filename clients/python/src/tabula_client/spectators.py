"""How much later than the seats spectators see a game (`spectator_delay=` on every
`create_game_*` call and `game_from_*` builder), against a spectator relaying the moves to a
seat as they are played:

    created = manager.create_game_from_preset("chess", "standard", spectator_delay=spectator_delay(plies=2))
    # or spectator_delay(duration=30), or both: spectators see whichever shows less

A spectator (a caller with neither a seat's credential nor a service key) sees the game as it
stood `plies` moves, or `duration`, ago, whichever shows less: its `get_view` shows that
position (`seq` the last event shown) and its event stream holds each event back until then.
Seats and service keys see everything at once, and once the game is over everyone sees all
of it. Lengths of time are seconds (an int or a float, rounded to whole milliseconds), a
`timedelta` or a `pb.Duration`; the server takes whole milliseconds only.
"""

from __future__ import annotations

from tabula_client import _common, pb

#: A length of time: seconds (rounded to whole milliseconds), a `timedelta` or a `pb.Duration`.
Length = _common.Length


def spectator_delay(*, plies: int = 0, duration: Length | None = None) -> pb.SpectatorDelay:
    """A `pb.SpectatorDelay`, for `spectator_delay=` on the `create_game_*` calls and the
    `game_from_*` builders: spectators see the game `plies` moves (at most 100; 0: no delay
    in moves) or `duration` (1 second to 1 hour; None: no delay in time) behind, whichever
    shows less. At least one must be set; a delay out of range, or with neither, is
    INVALID_ARGUMENT `INVALID_REQUEST` on `spectator_delay` (`requests[N].spectator_delay` in
    a batch)."""
    delay = pb.SpectatorDelay(plies=plies)
    if duration is not None:
        _common.set_millis(delay.duration, duration)
    return delay


__all__ = ["Length", "spectator_delay"]
