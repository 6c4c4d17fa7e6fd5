"""Games to create together, for `batch_create_games`: each builder returns one
`pb.CreateGameRequest`, built exactly as the matching `create_game_from_*` call builds its own,
with the same options and no `request_id` (the batch's own makes the whole batch safe to
retry):

    client.batch_create_games(
        [game_from_preset("chess", "standard", players=[alice, bob], labels={"round": "1"}),
         game_from_config(pb.GameConfig(tic_tac_toe=pb.TicTacToeConfig()), bots=[bot_seat(2, 1)])],
        request_id="round-1",
    )
"""

from __future__ import annotations

from collections.abc import Iterable

from tabula_client import _common, pb


def game_from_preset(
    kind: pb.GameKind.ValueType | str,
    preset: str,
    *,
    private: bool = False,
    bots: Iterable[pb.BotSeat] = (),
    allow_hints: bool | None = None,
    players: _common.Players = (),
    labels: _common.Labels | None = None,
    start_time: _common.Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    """A game of one of `kind`'s presets (`kind` as `pb.GameKind.GAME_KIND_CHESS`,
    `"GAME_KIND_CHESS"` or `"chess"`); the options as for `Client.create_game_from_preset`."""
    return _common.preset_request(
        kind, preset, private, "", bots, allow_hints, players, labels,
        start_time, spectator_delay, owner_stream_moves, rating_pool
    )


def game_from_config(
    config: pb.GameConfig,
    *,
    private: bool = False,
    bots: Iterable[pb.BotSeat] = (),
    allow_hints: bool | None = None,
    clock: _common.Clock | None = None,
    starter: pb.Starter.ValueType | None = None,
    ending_takeback_window: _common.Seconds = None,
    players: _common.Players = (),
    labels: _common.Labels | None = None,
    start_time: _common.Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    """A game of a full configuration (zero fields take their defaults), with `clock`,
    `starter` and `ending_takeback_window` set on a copy of `config` when given; the options
    as for `Client.create_game_from_config`."""
    return _common.config_request(
        config, private, "", bots, allow_hints, clock, starter, players, labels,
        start_time, spectator_delay, owner_stream_moves, ending_takeback_window, rating_pool
    )


def game_from_pgn(
    pgn: str,
    *,
    ply: int | None = None,
    private: bool = False,
    bots: Iterable[pb.BotSeat] = (),
    allow_hints: bool | None = None,
    players: _common.Players = (),
    labels: _common.Labels | None = None,
    start_time: _common.Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    """A chess game imported from PGN (after `ply` of its moves, or all); the options as for
    `Client.create_game_from_pgn`."""
    return _common.pgn_request(
        pgn, ply, private, "", bots, allow_hints, players, labels,
        start_time, spectator_delay, owner_stream_moves, rating_pool
    )


def game_from_saved_config(
    name: str,
    *,
    private: bool = False,
    bots: Iterable[pb.BotSeat] = (),
    allow_hints: bool | None = None,
    players: _common.Players = (),
    labels: _common.Labels | None = None,
    start_time: _common.Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    """A game of one of the caller's saved configurations, by name; the options as for
    `Client.create_game_from_saved_config`."""
    return _common.saved_config_request(
        name, private, "", bots, allow_hints, players, labels,
        start_time, spectator_delay, owner_stream_moves, rating_pool
    )


__all__ = ["game_from_config", "game_from_pgn", "game_from_preset", "game_from_saved_config"]
