"""A tournament's players and scoring, for the `create_tournament_*` calls:

    client.create_tournament_from_preset(
        "tic_tac_toe", "classic",
        [tournaments.person("u-1", "Alice"), tournaments.person("u-2", "Bob"), tournaments.engine(2)],
        format="double_round_robin", scoring=tournaments.scoring(win=3, draw=1),
    )
"""

from __future__ import annotations

from tabula_client import _common, pb


def person(player_id: str, display_name: str = "") -> pb.TournamentPlayer:
    """A person playing with its own token (one `player_tokens` entry of the creation's
    answer): `player_id` is the player's id in the caller's own system (required, at most 128
    characters, each player's its own), `display_name` the name to show (at most 64)."""
    return pb.TournamentPlayer(player_id=player_id, display_name=display_name)


def engine(
    level: int, move_time: _common.Seconds = None, *, player_id: str = "", display_name: str = ""
) -> pb.TournamentPlayer:
    """A player the server's engine plays, at `level` (from 1 to the kind's
    `GameKindInfo.max_bot_level`), thinking at most `move_time` per move (seconds, a
    `timedelta` or a `Duration`; None: the server's default, as for `bot_seat`). It gets no
    token; it is rated as `engine-level-<level>`, so `player_id` may stay empty."""
    player = pb.TournamentPlayer(player_id=player_id, display_name=display_name, engine_level=level)
    _common.set_duration(player.engine_move_time, move_time)
    return player


def scoring(win: float = 1.0, draw: float = 0.5, loss: float = 0.0, bye: float = 1.0) -> pb.TournamentScoring:
    """What results are worth, in whole or half points from 0 to 10 (a win by forfeit counts
    as a win); the defaults are the server's own when no scoring is given."""
    return pb.TournamentScoring(win=win, draw=draw, loss=loss, bye=bye)


__all__ = ["engine", "person", "scoring"]
