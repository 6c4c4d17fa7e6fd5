"""What the sync and asyncio clients share: channel settings, credentials, deadlines,
requests, and the event streams' gap and order checks."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Union

import grpc
from google.protobuf.duration_pb2 import Duration
from google.protobuf.field_mask_pb2 import FieldMask
from google.protobuf.timestamp_pb2 import Timestamp

from tabula_client import pb
from tabula_client.errors import ClientClosedError, TabulaError
from tabula_client.views import ViewChangeError, apply_view_change

#: `True` for TLS with the system's roots, explicit channel credentials, or `False` for plaintext.
Tls = Union[bool, grpc.ChannelCredentials]
#: PEM bytes (or the path of a PEM file) of the certificate authorities to trust.
RootCertificates = Union[bytes, str, "os.PathLike[str]", None]
Metadata = tuple[tuple[str, str], ...]
#: A point in time (`list_games` filters, a game's `start_time`): a `datetime` (naive means
#: UTC) or a `Timestamp`.
Time = Union[datetime, Timestamp, None]
#: A length of time (a bot's move time, a hint's budget): seconds, a `timedelta` or a `Duration`.
Seconds = Union[float, timedelta, Duration, None]
#: A length of time that must be given (a clock's): seconds, a `timedelta` or a `Duration`.
Length = Union[float, timedelta, Duration]
#: A game's clocks: a `pb.ClockConfig`, or one `pb.TimeControl` for every seat.
Clock = Union[pb.ClockConfig, pb.TimeControl]
#: Who sits in the seats, in seat order (the first sits in seat 1): `pb.Player`s.
Players = Iterable[pb.Player]
#: The managing backend's labels of a game or series, to find it by: key to value (see
#: `CreateGameRequest.labels` for the rules the server checks).
Labels = Mapping[str, str]
#: A tournament's players, in its order (their pairing numbers, from 1):
#: `pb.TournamentPlayer`s (build them with `tournaments.person` and `tournaments.engine`).
TournamentPlayers = Iterable[pb.TournamentPlayer]

#: The `update_mask` of `update_game_labels` and `update_series_labels`.
LABELS_MASK = ("labels",)

#: The deadline of every unary call, in seconds, unless the client or the call sets another.
DEFAULT_TIMEOUT = 30.0

#: The server caps a message at 1 MiB either way; a little headroom for framing.
MAX_MESSAGE_BYTES = 2 * 1024 * 1024
#: The channel options every client starts from; `channel_options=` adds to them and wins.
#: The reconnect backoff follows the retry policy's (100 ms doubling to 2 s) rather than
#: grpc's own (1 s growing to 2 min), so that a retried call finds a restarted server
#: within its few attempts instead of failing on a channel still waiting to reconnect.
#: (`grpc.min_reconnect_backoff_ms` is left alone: grpc takes it as the least time a
#: connection attempt is given, and a short one fails handshakes on a busy machine.)
CHANNEL_OPTIONS: tuple[tuple[str, Any], ...] = (
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 2000),
)
#: Options of a grpc channel (`grpc.keepalive_time_ms`, `grpc.primary_user_agent`, ...), as
#: `grpc.insecure_channel` takes them.
ChannelOptions = Sequence[tuple[str, Any]]


def channel_options(extra: ChannelOptions) -> list[tuple[str, Any]]:
    """The defaults (`CHANNEL_OPTIONS`) with the caller's `extra` options added, each of the
    caller's replacing a default of the same name."""
    given = dict(extra)
    return [(name, value) for name, value in CHANNEL_OPTIONS if name not in given] + list(given.items())


class Lifetime:
    """Whether a connection has been closed, shared by a client and every client that
    `with_credential` made from it, so that a call on any of them says so."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.closed = False

    def check(self) -> None:
        """Raises ClientClosedError once the connection is closed."""
        if self.closed:
            raise ClientClosedError(self.address)


def channel_credentials(tls: Tls, root_certificates: RootCertificates) -> grpc.ChannelCredentials | None:
    """The channel's credentials: `root_certificates` (PEM bytes or a file) means TLS that
    trusts those authorities; `tls=True` TLS with the system's; `False` plaintext."""
    if root_certificates is not None:
        if isinstance(root_certificates, (str, os.PathLike)):
            with open(root_certificates, "rb") as file:
                root_certificates = file.read()
        return grpc.ssl_channel_credentials(root_certificates=root_certificates)
    if tls is True:
        return grpc.ssl_channel_credentials()
    if tls is False:
        return None
    return tls


def auth_metadata(credential: str | None) -> Metadata:
    """A service key or seat token travels as a bearer credential; none makes a spectator."""
    return (("authorization", f"Bearer {credential}"),) if credential else ()


def with_auth(metadata: Sequence[tuple[str, Any]] | None, auth: Metadata) -> tuple[tuple[str, Any], ...] | None:
    """A call's metadata with the client's credential added, unless the call brings its own
    `authorization`."""
    given = tuple(metadata or ())
    if not auth or any(key.lower() == "authorization" for key, _ in given):
        return given or None
    return given + auth


def deadline(timeout: float | None, default: float | None) -> float | None:
    """A call's timeout: its own, else the client's."""
    return default if timeout is None else timeout


def kind_value(kind: pb.GameKind.ValueType | str) -> pb.GameKind.ValueType:
    """Accepts `GameKind.GAME_KIND_CHESS`, `"GAME_KIND_CHESS"` or `"chess"`."""
    if isinstance(kind, str):
        name = kind.upper()
        return pb.GameKind.Value(name if name.startswith("GAME_KIND_") else f"GAME_KIND_{name}")
    return kind


def status_value(status: pb.GameStatus.ValueType | str) -> pb.GameStatus.ValueType:
    """Accepts `GameStatus.GAME_STATUS_FINISHED`, `"GAME_STATUS_FINISHED"` or `"finished"`."""
    if isinstance(status, str):
        name = status.upper()
        return pb.GameStatus.Value(name if name.startswith("GAME_STATUS_") else f"GAME_STATUS_{name}")
    return status


def outcome_value(result: pb.OutcomeType.ValueType | str) -> pb.OutcomeType.ValueType:
    """Accepts `OutcomeType.OUTCOME_TYPE_WIN`, `"OUTCOME_TYPE_WIN"` or `"win"`."""
    if isinstance(result, str):
        name = result.upper()
        return pb.OutcomeType.Value(name if name.startswith("OUTCOME_TYPE_") else f"OUTCOME_TYPE_{name}")
    return result


def draws_value(draws: pb.SeriesDraws.ValueType | str) -> pb.SeriesDraws.ValueType:
    """Accepts `SeriesDraws.SERIES_DRAWS_REPLAYED`, `"SERIES_DRAWS_REPLAYED"` or `"replayed"`."""
    if isinstance(draws, str):
        name = draws.upper()
        return pb.SeriesDraws.Value(name if name.startswith("SERIES_DRAWS_") else f"SERIES_DRAWS_{name}")
    return draws


def series_status_value(status: pb.SeriesStatus.ValueType | str) -> pb.SeriesStatus.ValueType:
    """Accepts `SeriesStatus.SERIES_STATUS_FINISHED`, `"SERIES_STATUS_FINISHED"` or `"finished"`."""
    if isinstance(status, str):
        name = status.upper()
        return pb.SeriesStatus.Value(name if name.startswith("SERIES_STATUS_") else f"SERIES_STATUS_{name}")
    return status


def tournament_format_value(format: pb.TournamentFormat.ValueType | str) -> pb.TournamentFormat.ValueType:
    """Accepts `TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN`, `"TOURNAMENT_FORMAT_ROUND_ROBIN"`
    or `"round_robin"` (and so `"double_round_robin"`, `"knockout"`, `"swiss"`); an unknown name
    raises ValueError."""
    if isinstance(format, str):
        name = format.upper()
        return pb.TournamentFormat.Value(name if name.startswith("TOURNAMENT_FORMAT_") else f"TOURNAMENT_FORMAT_{name}")
    return format


def tournament_status_value(status: pb.TournamentStatus.ValueType | str) -> pb.TournamentStatus.ValueType:
    """Accepts `TournamentStatus.TOURNAMENT_STATUS_FINISHED`, `"TOURNAMENT_STATUS_FINISHED"` or
    `"finished"` (and so `"in_progress"`, `"cancelled"`); an unknown name raises ValueError."""
    if isinstance(status, str):
        name = status.upper()
        return pb.TournamentStatus.Value(name if name.startswith("TOURNAMENT_STATUS_") else f"TOURNAMENT_STATUS_{name}")
    return status


def tie_break_value(tie_break: pb.TieBreak.ValueType | str) -> pb.TieBreak.ValueType:
    """Accepts `TieBreak.TIE_BREAK_BUCHHOLZ`, `"TIE_BREAK_BUCHHOLZ"` or `"buchholz"` (and so
    `"buchholz_cut_1"`, `"sonneborn_berger"`, `"direct_encounter"`, `"wins"`); an unknown name
    raises ValueError."""
    if isinstance(tie_break, str):
        name = tie_break.upper()
        return pb.TieBreak.Value(name if name.startswith("TIE_BREAK_") else f"TIE_BREAK_{name}")
    return tie_break


def rating_pool_value(pool: pb.RatingPool.ValueType | str) -> pb.RatingPool.ValueType:
    """Accepts `RatingPool.RATING_POOL_KIND`, `"RATING_POOL_KIND"` or `"kind"` (and so
    `"preset"`, `"unspecified"`); an unknown name raises ValueError."""
    if isinstance(pool, str):
        name = pool.upper()
        return pb.RatingPool.Value(name if name.startswith("RATING_POOL_") else f"RATING_POOL_{name}")
    return pool


def timestamp(value: Time) -> Timestamp | None:
    """`value` as a `Timestamp`: a `datetime` is converted (an aware one from its own zone, a
    naive one read as UTC), a `Timestamp` kept as it is, None stays None."""
    if value is None or isinstance(value, Timestamp):
        return value
    stamp = Timestamp()
    stamp.FromDatetime(value)
    return stamp


def set_duration(target: Duration, value: Seconds) -> None:
    """Writes `value` (seconds, a `timedelta` or a `Duration`) into `target`; None leaves it unset."""
    if isinstance(value, Duration):
        target.CopyFrom(value)
    elif isinstance(value, timedelta):
        target.FromTimedelta(value)
    elif value is not None:
        target.FromNanoseconds(round(value * 1e9))


def set_millis(target: Duration, value: Seconds) -> None:
    """Like `set_duration`, but seconds are rounded to whole milliseconds, the unit of clocks
    (a `timedelta` or a `Duration` is sent as it is, and the server refuses finer parts)."""
    if isinstance(value, (int, float)):
        target.FromMilliseconds(round(value * 1000))
    else:
        set_duration(target, value)


def _created(
    request: pb.CreateGameRequest,
    private: bool,
    request_id: str,
    bots: Iterable[pb.BotSeat],
    allow_hints: bool | None,
    players: Players = (),
    labels: Labels | None = None,
    start_time: Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    """Sets the options every creation shares on `request`; `start_time` (None: at once) is
    when a game scheduled ahead starts (`CreateGameRequest.start_time`), `spectator_delay`
    (None: none) how much later spectators see it (`CreateGameRequest.spectator_delay`),
    `owner_stream_moves` whether its moves go on the owner's stream too
    (`CreateGameRequest.owner_stream_moves`), and `rating_pool` (None: not rated) the pool
    the game is rated in (`CreateGameRequest.rating_pool`)."""
    request.private = private
    request.request_id = request_id
    request.bots.extend(bots)
    request.players.extend(players)
    request.labels.update(labels or {})
    if allow_hints is not None:
        request.allow_hints = allow_hints
    start = timestamp(start_time)
    if start is not None:
        request.start_time.CopyFrom(start)
    if spectator_delay is not None:
        request.spectator_delay.CopyFrom(spectator_delay)
    request.owner_stream_moves = owner_stream_moves
    if rating_pool is not None:
        request.rating_pool = rating_pool_value(rating_pool)
    return request


def _with_clock_and_starter(config: pb.GameConfig, clock: Clock | None, starter: pb.Starter.ValueType | None) -> None:
    """Sets `clock` (a `pb.ClockConfig`, or one `pb.TimeControl` for every seat) and `starter`
    on `config`, a copy of the caller's, when given."""
    if clock is not None:
        if isinstance(clock, pb.TimeControl):
            config.clock.CopyFrom(pb.ClockConfig(controls=[clock]))
        else:
            config.clock.CopyFrom(clock)
    if starter is not None:
        config.starter = starter


def preset_request(
    kind: pb.GameKind.ValueType | str,
    preset: str,
    private: bool,
    request_id: str,
    bots: Iterable[pb.BotSeat],
    allow_hints: bool | None,
    players: Players = (),
    labels: Labels | None = None,
    start_time: Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    request = pb.CreateGameRequest(kind=kind_value(kind), preset=preset)
    return _created(
        request, private, request_id, bots, allow_hints, players, labels,
        start_time, spectator_delay, owner_stream_moves, rating_pool
    )


def config_request(
    config: pb.GameConfig,
    private: bool,
    request_id: str,
    bots: Iterable[pb.BotSeat],
    allow_hints: bool | None,
    clock: Clock | None = None,
    starter: pb.Starter.ValueType | None = None,
    players: Players = (),
    labels: Labels | None = None,
    start_time: Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    ending_takeback_window: Seconds = None,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    """`config`, with `clock` (a `pb.ClockConfig`, or one `pb.TimeControl` for every seat) as
    its `clock`, `starter` (a `pb.Starter`) as its `starter` and `ending_takeback_window`
    (seconds, rounded to whole milliseconds, a `timedelta` or a `Duration`) as its
    `ending_takeback_window` when given; the caller's `config` is left as it was."""
    request = pb.CreateGameRequest(config=config)
    _with_clock_and_starter(request.config, clock, starter)
    if ending_takeback_window is not None:
        set_millis(request.config.ending_takeback_window, ending_takeback_window)
    return _created(
        request, private, request_id, bots, allow_hints, players, labels,
        start_time, spectator_delay, owner_stream_moves, rating_pool
    )


def pgn_request(
    pgn: str,
    ply: int | None,
    private: bool,
    request_id: str,
    bots: Iterable[pb.BotSeat],
    allow_hints: bool | None,
    players: Players = (),
    labels: Labels | None = None,
    start_time: Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    source = pb.PgnImport(pgn=pgn)
    if ply is not None:
        source.ply = ply
    request = pb.CreateGameRequest(pgn=source)
    return _created(
        request, private, request_id, bots, allow_hints, players, labels,
        start_time, spectator_delay, owner_stream_moves, rating_pool
    )


def saved_config_request(
    name: str,
    private: bool,
    request_id: str,
    bots: Iterable[pb.BotSeat],
    allow_hints: bool | None,
    players: Players = (),
    labels: Labels | None = None,
    start_time: Time = None,
    spectator_delay: pb.SpectatorDelay | None = None,
    owner_stream_moves: bool = False,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateGameRequest:
    """A game from the caller's saved configuration `name` (`CreateGameRequest.saved_config`)."""
    request = pb.CreateGameRequest(saved_config=name)
    return _created(
        request, private, request_id, bots, allow_hints, players, labels,
        start_time, spectator_delay, owner_stream_moves, rating_pool
    )


def batch_create_request(requests: Iterable[pb.CreateGameRequest], request_id: str | None) -> pb.BatchCreateGamesRequest:
    """The games to create in one call, in order (each a `pb.CreateGameRequest` with no
    `request_id`); the batch's `request_id` (None or empty: no retry protection)."""
    return pb.BatchCreateGamesRequest(requests=requests, request_id=request_id or "")


def rematch_request(game_id: str, request_id: str | None) -> pb.CreateRematchRequest:
    """The rematch of the finished game `game_id`; `request_id` (None or empty: no retry
    protection) makes the call safe to retry."""
    return pb.CreateRematchRequest(game_id=game_id, request_id=request_id or "")


def _series(
    request: pb.CreateSeriesRequest,
    best_of: int,
    first_to: int,
    draws: pb.SeriesDraws.ValueType | str | None,
    players: Players,
    bots: Iterable[pb.BotSeat],
    private: bool,
    allow_hints: bool | None,
    request_id: str,
    labels: Labels | None = None,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateSeriesRequest:
    """Sets the options every series creation shares on `request`; `rating_pool` (None: not
    rated) is the pool every game of the series is rated in (`CreateSeriesRequest.rating_pool`),
    a `pb.RatingPool` or its name as `rating_pool_value` reads it."""
    request.best_of = best_of
    request.first_to = first_to
    if draws is not None:
        request.draws = draws_value(draws)
    request.players.extend(players)
    request.bots.extend(bots)
    request.private = private
    if allow_hints is not None:
        request.allow_hints = allow_hints
    request.request_id = request_id
    request.labels.update(labels or {})
    if rating_pool is not None:
        request.rating_pool = rating_pool_value(rating_pool)
    return request


def series_preset_request(
    kind: pb.GameKind.ValueType | str,
    preset: str,
    best_of: int,
    first_to: int,
    draws: pb.SeriesDraws.ValueType | str | None,
    players: Players,
    bots: Iterable[pb.BotSeat],
    private: bool,
    allow_hints: bool | None,
    request_id: str,
    labels: Labels | None = None,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateSeriesRequest:
    request = pb.CreateSeriesRequest(kind=kind_value(kind), preset=preset)
    return _series(
        request, best_of, first_to, draws, players, bots, private, allow_hints, request_id, labels, rating_pool
    )


def series_config_request(
    config: pb.GameConfig,
    best_of: int,
    first_to: int,
    draws: pb.SeriesDraws.ValueType | str | None,
    players: Players,
    bots: Iterable[pb.BotSeat],
    private: bool,
    allow_hints: bool | None,
    request_id: str,
    clock: Clock | None = None,
    starter: pb.Starter.ValueType | None = None,
    labels: Labels | None = None,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateSeriesRequest:
    """A series of `config`, with `clock` and `starter` as `config_request` sets them; the
    caller's `config` is left as it was."""
    request = pb.CreateSeriesRequest(config=config)
    _with_clock_and_starter(request.config, clock, starter)
    return _series(
        request, best_of, first_to, draws, players, bots, private, allow_hints, request_id, labels, rating_pool
    )


def series_saved_config_request(
    name: str,
    best_of: int,
    first_to: int,
    draws: pb.SeriesDraws.ValueType | str | None,
    players: Players,
    bots: Iterable[pb.BotSeat],
    private: bool,
    allow_hints: bool | None,
    request_id: str,
    labels: Labels | None = None,
    rating_pool: pb.RatingPool.ValueType | str | None = None,
) -> pb.CreateSeriesRequest:
    """A series of the caller's saved configuration `name` (`CreateSeriesRequest.saved_config`)."""
    request = pb.CreateSeriesRequest(saved_config=name)
    return _series(
        request, best_of, first_to, draws, players, bots, private, allow_hints, request_id, labels, rating_pool
    )


def list_series_request(
    status: pb.SeriesStatus.ValueType | str | None, page_size: int, page_token: str, labels: Labels | None = None
) -> pb.ListSeriesRequest:
    request = pb.ListSeriesRequest(page_size=page_size, page_token=page_token, labels=labels or {})
    if status is not None:
        request.status = series_status_value(status)
    return request


def _tournament(
    request: pb.CreateTournamentRequest,
    players: TournamentPlayers,
    format: pb.TournamentFormat.ValueType | str,
    scoring: pb.TournamentScoring | None,
    tie_breaks: Iterable[pb.TieBreak.ValueType | str],
    hold_rounds: bool,
    rating_pool: pb.RatingPool.ValueType | str | None,
    private: bool,
    allow_hints: bool | None,
    labels: Labels | None,
    request_id: str,
    best_of: int,
    seed_by_rating: bool,
    rounds: int,
    accelerated: bool,
    trf: str = "",
) -> pb.CreateTournamentRequest:
    """Sets the options every tournament creation shares on `request`: `scoring` (None: the
    server's 1, ½, 0 and a bye 1), `tie_breaks` (empty: the server's), `rating_pool` (None:
    not rated) and `allow_hints` (None: the kind's default) only when given; `best_of` (0:
    the server's 1) and `seed_by_rating` as given (the server refuses `best_of` outside a
    knockout, `seed_by_rating` outside a knockout or a Swiss), and `rounds` (0: the
    server's ⌈log₂ players⌉) and `accelerated` as given (the server refuses them outside a
    Swiss), and `trf` as given (empty: a tournament of its own), the FIDE Tournament Report
    File of a Swiss played elsewhere that it continues (`CreateTournamentRequest.trf`)."""
    request.format = tournament_format_value(format)
    request.players.extend(players)
    if scoring is not None:
        request.scoring.CopyFrom(scoring)
    request.tie_breaks.extend(tie_break_value(tie_break) for tie_break in tie_breaks)
    request.hold_rounds = hold_rounds
    if rating_pool is not None:
        request.rating_pool = rating_pool_value(rating_pool)
    request.private = private
    if allow_hints is not None:
        request.allow_hints = allow_hints
    request.labels.update(labels or {})
    request.request_id = request_id
    request.best_of = best_of
    request.seed_by_rating = seed_by_rating
    request.rounds = rounds
    request.accelerated = accelerated
    request.trf = trf
    return request


def tournament_preset_request(
    kind: pb.GameKind.ValueType | str,
    preset: str,
    players: TournamentPlayers,
    format: pb.TournamentFormat.ValueType | str,
    scoring: pb.TournamentScoring | None,
    tie_breaks: Iterable[pb.TieBreak.ValueType | str],
    hold_rounds: bool,
    rating_pool: pb.RatingPool.ValueType | str | None,
    private: bool,
    allow_hints: bool | None,
    labels: Labels | None,
    request_id: str,
    best_of: int,
    seed_by_rating: bool,
    rounds: int,
    accelerated: bool,
    trf: str = "",
) -> pb.CreateTournamentRequest:
    """A tournament of `kind`'s preset `preset` (`CreateTournamentRequest.preset`)."""
    request = pb.CreateTournamentRequest(kind=kind_value(kind), preset=preset)
    return _tournament(
        request, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
        labels, request_id, best_of, seed_by_rating, rounds, accelerated, trf
    )


def tournament_config_request(
    config: pb.GameConfig,
    players: TournamentPlayers,
    format: pb.TournamentFormat.ValueType | str,
    scoring: pb.TournamentScoring | None,
    tie_breaks: Iterable[pb.TieBreak.ValueType | str],
    hold_rounds: bool,
    rating_pool: pb.RatingPool.ValueType | str | None,
    private: bool,
    allow_hints: bool | None,
    labels: Labels | None,
    request_id: str,
    best_of: int,
    seed_by_rating: bool,
    rounds: int,
    accelerated: bool,
    clock: Clock | None = None,
    starter: pb.Starter.ValueType | None = None,
    trf: str = "",
) -> pb.CreateTournamentRequest:
    """A tournament of `config`, with `clock` and `starter` as `config_request` sets them; the
    caller's `config` is left as it was."""
    request = pb.CreateTournamentRequest(config=config)
    _with_clock_and_starter(request.config, clock, starter)
    return _tournament(
        request, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
        labels, request_id, best_of, seed_by_rating, rounds, accelerated, trf
    )


def tournament_saved_config_request(
    name: str,
    players: TournamentPlayers,
    format: pb.TournamentFormat.ValueType | str,
    scoring: pb.TournamentScoring | None,
    tie_breaks: Iterable[pb.TieBreak.ValueType | str],
    hold_rounds: bool,
    rating_pool: pb.RatingPool.ValueType | str | None,
    private: bool,
    allow_hints: bool | None,
    labels: Labels | None,
    request_id: str,
    best_of: int,
    seed_by_rating: bool,
    rounds: int,
    accelerated: bool,
    trf: str = "",
) -> pb.CreateTournamentRequest:
    """A tournament of the caller's saved configuration `name`
    (`CreateTournamentRequest.saved_config`)."""
    request = pb.CreateTournamentRequest(saved_config=name)
    return _tournament(
        request, players, format, scoring, tie_breaks, hold_rounds, rating_pool, private, allow_hints,
        labels, request_id, best_of, seed_by_rating, rounds, accelerated, trf
    )


def list_tournaments_request(
    status: pb.TournamentStatus.ValueType | str | None, page_size: int, page_token: str, labels: Labels | None = None
) -> pb.ListTournamentsRequest:
    request = pb.ListTournamentsRequest(page_size=page_size, page_token=page_token, labels=labels or {})
    if status is not None:
        request.status = tournament_status_value(status)
    return request


def update_game_labels_request(game_id: str, labels: Labels) -> pb.UpdateGameRequest:
    """Replaces the game's labels with `labels` (`update_mask` `labels`; empty clears them)."""
    game = pb.Game(game_id=game_id, labels=labels)
    return pb.UpdateGameRequest(game=game, update_mask=FieldMask(paths=LABELS_MASK))


def update_series_labels_request(series_id: str, labels: Labels) -> pb.UpdateSeriesRequest:
    """Replaces the series' labels with `labels` (`update_mask` `labels`; empty clears them)."""
    series = pb.Series(series_id=series_id, labels=labels)
    return pb.UpdateSeriesRequest(series=series, update_mask=FieldMask(paths=LABELS_MASK))


def list_saved_configs_request(page_size: int, page_token: str) -> pb.ListSavedConfigsRequest:
    return pb.ListSavedConfigsRequest(page_size=page_size, page_token=page_token)


def list_leaderboard_request(
    pool: str, page_size: int, page_token: str, exclude_provisional: bool
) -> pb.ListLeaderboardRequest:
    """One page of `pool`'s leaderboard (`GameRating.pool`: `chess`, `chess/chess960`),
    without the provisional ratings with `exclude_provisional`."""
    return pb.ListLeaderboardRequest(
        pool=pool, page_size=page_size, page_token=page_token, exclude_provisional=exclude_provisional
    )


def view_request(game_id: str, at_seq: int | None) -> pb.GetViewRequest:
    request = pb.GetViewRequest(game_id=game_id)
    if at_seq is not None:
        request.at_seq = at_seq
    return request


def hint_request(game_id: str, max_time: Seconds, max_nodes: int, at_seq: int | None) -> pb.GetHintRequest:
    request = pb.GetHintRequest(game_id=game_id, max_nodes=max_nodes)
    set_duration(request.max_time, max_time)
    if at_seq is not None:
        request.at_seq = at_seq
    return request


def puzzle_solutions_request(
    game_id: str, at_seq: int | None, page_size: int, page_token: str
) -> pb.ListPuzzleSolutionsRequest:
    """One page of the solutions of a puzzle's position: the current one, or with `at_seq`
    (a finished game's) the one right after that event; `page_token` empty for the first."""
    request = pb.ListPuzzleSolutionsRequest(game_id=game_id, page_size=page_size, page_token=page_token)
    if at_seq is not None:
        request.at_seq = at_seq
    return request


def list_games_request(
    kind: pb.GameKind.ValueType | str | None,
    status: pb.GameStatus.ValueType | str | None,
    create_time_after: Time,
    create_time_before: Time,
    page_size: int,
    page_token: str,
    player_id: str = "",
    labels: Labels | None = None,
) -> pb.ListGamesRequest:
    request = pb.ListGamesRequest(
        page_size=page_size, page_token=page_token, player_id=player_id, labels=labels or {}
    )
    if kind is not None:
        request.kind = kind_value(kind)
    if status is not None:
        request.status = status_value(status)
    after, before = timestamp(create_time_after), timestamp(create_time_before)
    if after is not None:
        request.create_time_after.CopyFrom(after)
    if before is not None:
        request.create_time_before.CopyFrom(before)
    return request


def adjudicate_request(
    game_id: str, result: pb.OutcomeType.ValueType | str, winner: int, explanation: str, request_id: str
) -> pb.AdjudicateGameRequest:
    return pb.AdjudicateGameRequest(
        game_id=game_id, result=outcome_value(result), winner=winner, explanation=explanation, request_id=request_id
    )


def add_time_request(game_id: str, seat: int, time: Length, request_id: str) -> pb.AddTimeRequest:
    request = pb.AddTimeRequest(game_id=game_id, seat=seat, request_id=request_id)
    set_millis(request.time, time)
    return request


def submit_request(
    game_id: str, move: pb.Move, expected_seq: int | None, request_id: str, validate_only: bool, basic_answer: bool
) -> pb.SubmitMoveRequest:
    request = pb.SubmitMoveRequest(game_id=game_id, move=move, request_id=request_id, validate_only=validate_only)
    if basic_answer:
        request.view = pb.SubmitMoveView.SUBMIT_MOVE_VIEW_BASIC
    if expected_seq is not None:
        request.expected_seq = expected_seq
    return request


def take_back_request(game_id: str, expected_seq: int | None, request_id: str) -> pb.TakeBackRequest:
    request = pb.TakeBackRequest(game_id=game_id, request_id=request_id)
    if expected_seq is not None:
        request.expected_seq = expected_seq
    return request


def answer_take_back_request(
    game_id: str, accept: bool, expected_seq: int | None, request_id: str
) -> pb.AnswerTakeBackRequest:
    request = pb.AnswerTakeBackRequest(game_id=game_id, accept=accept, request_id=request_id)
    if expected_seq is not None:
        request.expected_seq = expected_seq
    return request


def claim_victory_request(game_id: str, draw: bool, request_id: str) -> pb.ClaimVictoryRequest:
    """The calling seat's claim of the game (or, with `draw`, of a draw) against a seat to
    move that has been gone for the game's `PresenceConfig.claim_after`."""
    return pb.ClaimVictoryRequest(game_id=game_id, draw=draw, request_id=request_id)


def stream_request(
    game_id: str, after_seq: int, include_views: bool, view_changes: bool = False
) -> pb.StreamEventsRequest:
    """The request that opens, or resumes after `after_seq`, an event stream."""
    return pb.StreamEventsRequest(
        game_id=game_id, after_seq=after_seq, include_views=include_views or view_changes, view_changes=view_changes
    )


def series_stream_request(series_id: str, after_seq: int) -> pb.StreamSeriesEventsRequest:
    """The request that opens, or resumes after `after_seq`, a series' event stream."""
    return pb.StreamSeriesEventsRequest(series_id=series_id, after_seq=after_seq)


def tournament_stream_request(tournament_id: str, after_seq: int) -> pb.StreamTournamentEventsRequest:
    """The request that opens, or resumes after `after_seq`, a tournament's event stream."""
    return pb.StreamTournamentEventsRequest(tournament_id=tournament_id, after_seq=after_seq)


def owner_kind_value(kind: pb.OwnerEventKind.ValueType | str) -> pb.OwnerEventKind.ValueType:
    """Accepts `OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED`, `"OWNER_EVENT_KIND_GAME_ENDED"` or
    `"game_ended"` (any case), and so for every kind (`"series_game_finished"`,
    `"series_finished"`, `"tournament_board_finished"`, `"tournament_round_finished"`,
    `"tournament_finished"`, ...); an unknown name raises ValueError."""
    if isinstance(kind, str):
        name = kind.upper()
        return pb.OwnerEventKind.Value(name if name.startswith("OWNER_EVENT_KIND_") else f"OWNER_EVENT_KIND_{name}")
    return kind


def owner_stream_request(
    after_cursor: int, kinds: Iterable[pb.OwnerEventKind.ValueType | str], labels: Labels | None
) -> pb.StreamOwnerEventsRequest:
    """The request that opens, or resumes after `after_cursor`, the owner's stream: only
    events of `kinds` (empty: every kind) of games carrying every one of `labels`."""
    return pb.StreamOwnerEventsRequest(
        after_cursor=after_cursor, kinds=[owner_kind_value(kind) for kind in kinds], labels=labels or {}
    )


def response_view(response: pb.StreamEventsResponse) -> pb.View | None:
    """The view sent with a stream's event, None when the server sent none."""
    return response.view if response.HasField("view") else None


def next_view(game_id: str, held: pb.View | None, response: pb.StreamEventsResponse) -> pb.View | None:
    """The whole view after a stream's event: the one it carries, or its `view_change`
    applied to `held` (the view after the stream's previous event, None on a stream's first
    message); None when it carries neither. A change that does not apply raises TabulaError
    DATA_LOSS `VIEW_CHANGE_MISMATCH` with metadata `seq`."""
    if response.HasField("view"):
        return response.view
    if not response.HasField("view_change"):
        return None
    seq = response.event.seq
    mismatch = f"event stream of game {game_id!r}: the view change at seq {seq}"
    if held is None:
        raise TabulaError(
            grpc.StatusCode.DATA_LOSS, f"{mismatch} came before any whole view", "VIEW_CHANGE_MISMATCH", {"seq": str(seq)}
        )
    try:
        return apply_view_change(held, response.view_change)
    except ViewChangeError as refused:
        raise TabulaError(
            grpc.StatusCode.DATA_LOSS, f"{mismatch} does not apply: {refused}", "VIEW_CHANGE_MISMATCH", {"seq": str(seq)}
        ) from refused


def seq_gap(game_id: str, last_seq: int, received: int, of: str = "game") -> TabulaError | None:
    """The error for an event that does not follow the last one delivered (`last_seq`, or
    the stream's `after_seq` before the first event): DATA_LOSS, reason `SEQ_GAP`. `of`
    names what the stream follows: `game` (`game_id` is a game's id), `series` or
    `tournament`."""
    expected = last_seq + 1
    if received == expected:
        return None
    return TabulaError(
        grpc.StatusCode.DATA_LOSS,
        f"event stream of {of} {game_id!r}: expected event seq {expected}, received seq {received}",
        "SEQ_GAP",
        {"expected_seq": str(expected), "received_seq": str(received)},
    )


def cursor_out_of_order(last_cursor: int, received: int) -> TabulaError | None:
    """The error for an owner's event whose cursor is not greater than the last one delivered
    (`last_cursor`, or the stream's `after_cursor` before the first event): DATA_LOSS, reason
    `CURSOR_OUT_OF_ORDER`. Cursors may skip numbers (a filtered stream leaves out the events
    of other kinds and games), so only a repeated or earlier cursor is refused."""
    if received > last_cursor:
        return None
    return TabulaError(
        grpc.StatusCode.DATA_LOSS,
        f"owner's event stream: received cursor {received}, not after the last one, {last_cursor}",
        "CURSOR_OUT_OF_ORDER",
        {"last_cursor": str(last_cursor), "received_cursor": str(received)},
    )
