"""Seats the server's own engine plays, for the `bots=` option of the create calls:
`client.create_game_from_preset("tic_tac_toe", "classic", bots=[bot_seat(2, 1)])`.
"""

from __future__ import annotations

from tabula_client import _common, pb

#: How long the engine may think per move: seconds, a `timedelta` or a `Duration`.
MoveTime = _common.Seconds


def bot_seat(seat: int, level: int, move_time: MoveTime = None) -> pb.BotSeat:
    """The engine plays `seat` (from 1) at `level`, from 1 (the weakest: a random legal move)
    to the kind's `GameKindInfo.max_bot_level`, thinking at most `move_time` per move (None
    or zero: the server's default of 1 second; at most 10 seconds). The engine moves as soon
    as the seat is to act; its events carry `actor.engine`, the seat's number."""
    bot = pb.BotSeat(seat=seat, level=level)
    _common.set_duration(bot.move_time, move_time)
    return bot


__all__ = ["MoveTime", "bot_seat"]
