import { clone, create, isMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { durationFromMs, type Timestamp, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type CallOptions as ConnectCallOptions, type Client, Code, createClient, type Transport } from "@connectrpc/connect";
import { ClockConfigSchema, type TimeControl } from "./gen/tabula/v1/clock_pb.js";
import { type GameConfig, GameConfigSchema, type Starter } from "./gen/tabula/v1/config_pb.js";
import type { GameEvent } from "./gen/tabula/v1/event_pb.js";
import {
  type BotSeatSchema,
  type Game,
  type GameKind,
  type GameStatus,
  type OutcomeType,
  type PlayerSchema,
  type SpectatorDelay,
  SpectatorDelaySchema,
} from "./gen/tabula/v1/game_pb.js";
import {
  type AddTournamentPlayerResponse,
  AnswerTakeBackRequestSchema,
  type AnswerTakeBackResponse,
  BatchCreateGamesRequestSchema,
  ClaimVictoryRequestSchema,
  type ClaimVictoryResponse,
  type CreateGameRequest,
  CreateGameRequestSchema,
  type CreateGameResponse,
  CreateRematchRequestSchema,
  type CreateRematchResponse,
  type CreateSeriesRequestSchema,
  type CreateSeriesResponse,
  type CreateTournamentRequestSchema,
  type CreateTournamentResponse,
  type GameKindInfo,
  GameService,
  GetHintRequestSchema,
  type GetHintResponse,
  GetViewRequestSchema,
  ImportGameRequestSchema,
  ListGamesRequestSchema,
  type ListGamesResponse,
  ListLeaderboardRequestSchema,
  type ListLeaderboardResponse,
  type LegalMove,
  type ListLegalMovesResponse,
  ListPuzzleSolutionsRequestSchema,
  type ListPuzzleSolutionsResponse,
  ListSavedConfigsRequestSchema,
  type ListSavedConfigsResponse,
  ListSeriesRequestSchema,
  type ListSeriesResponse,
  ListTournamentsRequestSchema,
  type ListTournamentsResponse,
  type OwnerEvent,
  type OwnerEventKind,
  type PuzzleSolution,
  type ResignResponse,
  type SavedConfig,
  type SavedConfigSchema,
  type SeatToken,
  type StreamEventsResponse,
  SubmitMoveRequestSchema,
  SubmitMoveView,
  type SubmitMoveResponse,
  TakeBackRequestSchema,
  type TakeBackResponse,
  UpdateGameRequestSchema,
  UpdateSeriesRequestSchema,
} from "./gen/tabula/v1/game_service_pb.js";
import type { Move } from "./gen/tabula/v1/move_pb.js";
import { type PlayerRating, RatingPool } from "./gen/tabula/v1/rating_pb.js";
import type { Series, SeriesDraws, SeriesEvent, SeriesStatus } from "./gen/tabula/v1/series_pb.js";
import {
  type TieBreak,
  type Tournament,
  type TournamentEvent,
  TournamentFormat,
  type TournamentPlayerSchema,
  type TournamentScoringSchema,
  type TournamentStatus,
} from "./gen/tabula/v1/tournament_pb.js";
import { type View, ViewSchema } from "./gen/tabula/v1/view_pb.js";
import { closeConnection, type Connection, credentialTransport, openConnection } from "./connection.js";
import { TabulaError, toTabulaError } from "./errors.js";
import { type Present, present } from "./present.js";
import { Reconnects } from "./reconnects.js";
import { callRetrySettings, type RetryPolicy, sleep } from "./retry.js";
import { applyViewChange, VIEW_CHANGE_MISMATCH } from "./views.js";

/** The deadline of every unary call unless a call or `ConnectOptions.timeoutMs` says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Options of a client over a transport of the caller's (`new TabulaClient(transport, options)`). */
export interface ClientOptions {
  /** A seat token or service key, sent as `authorization: Bearer <credential>`; none: a spectator. */
  credential?: string;
  /** Default deadline of each unary call, in milliseconds (default 30 s; 0: none). */
  timeoutMs?: number;
  /**
   * Called once when `close()` is first called on this client or on one `withCredential` made
   * from it, after the calls in flight were cancelled: to release what the transport holds.
   */
  onClose?: () => void;
  /**
   * How unary calls are retried after UNAVAILABLE (the server restarting or out of reach):
   * only those safe to repeat, every read (`get...`, `list...`, `export...`) and every write
   * sent with a `requestId`; `DEFAULT_RETRY_POLICY` when absent (5 attempts, 0.1 s doubling to
   * at most 2 s apart, ±20%, within the call's deadline or 10 s). A policy sets the attempts
   * and backoff (fields left out take the defaults); `false` turns retrying off. A call's own
   * `retry` replaces this for that call.
   */
  retry?: RetryPolicy | false;
  /**
   * Wait for the server: while it cannot be reached, a unary call is tried again until its
   * deadline (then DEADLINE_EXCEEDED) instead of failing with UNAVAILABLE, as gRPC's
   * wait-for-ready does; a write without a `requestId` only while its connection cannot be
   * made, when nothing was sent. Default false; a call's own `waitForReady` replaces it.
   */
  waitForReady?: boolean;
}

/** Options every unary call takes. */
export interface CallOptions {
  /** Cancels the call: it then rejects with `TabulaError` of code `Code.Canceled`. */
  signal?: AbortSignal;
  /**
   * The call's deadline in milliseconds, instead of the client's default (30 s unless
   * `ConnectOptions.timeoutMs` says otherwise); 0 for none. Past it the call rejects with
   * `Code.DeadlineExceeded`, as it does when `signal` is an `AbortSignal.timeout(ms)` that fires.
   */
  timeoutMs?: number;
  /**
   * This call's retry policy instead of the client's (`ClientOptions.retry`): `false` sends it
   * once; a policy retries it, if it is safe to repeat, with those attempts and backoff.
   */
  retry?: RetryPolicy | false;
  /** Whether this call waits for the server, instead of the client's `waitForReady`. */
  waitForReady?: boolean;
}

/** Options of the calls that take a request id for safe retries. */
export interface ManageOptions extends CallOptions {
  /**
   * Makes a retry safe (at most 128 characters): the same request with the same id is
   * applied at most once and answered alike; the same id with another request rejects with
   * REQUEST_ID_REUSED. A retried creation (same service key, id and request) answers with the
   * game the first one made and `retried` set: with new seat tokens while nothing has happened
   * in the game (the first answer's tokens then stop working), with none afterwards.
   */
  requestId?: string;
}

/** Options of the `createGameFrom...` calls, and of the `gameFrom...` requests of `batchCreateGames`. */
export interface CreateOptions extends ManageOptions {
  /** A private game refuses spectators (PRIVATE_GAME): only its seats and service keys read it. */
  private?: boolean;
  /**
   * Seats the server's own engine plays (build them with `botSeat(seat, level, moveTimeMs)`):
   * any of them, or all. The engine moves as soon as such a seat is to act; the seat's token
   * reads the game as that seat but may not move for it (SEAT_PLAYED_BY_ENGINE). A bad seat,
   * level or move time rejects with INVALID_REQUEST.
   */
  bots?: MessageInitShape<typeof BotSeatSchema>[];
  /**
   * Whether the seat to move may ask `getHint` while the game runs. Absent: the server
   * decides, on for one-seat games (peg solitaire), off where seats play each other. Anyone
   * may analyse a finished game either way.
   */
  allowHints?: boolean;
  /**
   * Who sits in the seats (`{ playerId, displayName }`), in seat order: the first entry sits in
   * seat 1; fewer entries than seats leave the rest unnamed. Recorded as given (Tabula keeps
   * no accounts) and shown in `Game.players`, `View.players` and the creation event, one entry
   * per seat; `listGames({ playerId })` finds a player's games. More entries than seats, an id
   * over 128 characters, or a display name over 64 characters or with control characters
   * rejects with INVALID_REQUEST.
   */
  players?: MessageInitShape<typeof PlayerSchema>[];
  /**
   * The managing backend's labels (`{ tournament: "spring", round: "3" }`): to find the game
   * by later (`listGames({ labels })`), shown in `Game.labels`, replaced with
   * `updateGameLabels`; the server reads nothing into them. At most 64; each key 1 to 63
   * characters, lowercase letters, digits, `_` and `-`, starting with a lowercase letter; each
   * value at most 63 of the same characters (a letter that has a case must be lowercase).
   * Anything else rejects with INVALID_REQUEST, a field violation `labels[KEY]` naming each
   * bad label.
   */
  labels?: Record<string, string>;
  /**
   * When the game starts, for a game scheduled ahead (at most 30 days from now; sent as
   * `CreateGameRequest.startTime`, kept to the millisecond and shown in `Game.startTime`).
   * Until then the game takes no move: each one rejects with FAILED_PRECONDITION
   * GAME_NOT_STARTED, whose metadata `start_time` (RFC 3339) says when it starts, and no
   * clock runs; from then its clocks (and any first-move window) run as from a creation at
   * that time. A resignation, an abort or an adjudication may still come before. Absent, or
   * not after the creation: the game starts at once (and `Game.startTime` is absent). Further
   * than 30 days ahead rejects with INVALID_ARGUMENT INVALID_REQUEST, a field violation on
   * `start_time`. An engine seat (`bots`) waits for the start too.
   */
  startTime?: Date;
  /**
   * Spectators (callers with neither a seat's credential nor a service key) see the game
   * later than its seats, as lichess delays its broadcasts against cheating: as it stood
   * `plies` moves or `durationMs` ago, whichever shows less (sent as
   * `CreateGameRequest.spectatorDelay` and shown in `Game.spectatorDelay`). A spectator's
   * `getView` shows that delayed position (its `seq` the last event shown) and its `events`
   * stream holds each event back until then; seats and service keys see the game live, and
   * once the game is over everyone sees all of it. A rematch keeps its game's delay. `plies`
   * at most 100, `durationMs` 1 s to 1 h in whole milliseconds, at least one of them set;
   * anything else rejects with INVALID_ARGUMENT INVALID_REQUEST naming the field. Absent: no
   * delay.
   */
  spectatorDelay?: SpectatorDelayOption;
  /**
   * Put each of the game's moves on its owner's stream too (`ownerEvents`, as
   * `OwnerEventKind.MOVE_PLAYED`, whose `gameEvent` is the `moveApplied` as a spectator sees
   * it; the first move is also the game's `GAME_STARTED`), for a backend that follows its
   * games' play from one stream (sent as `CreateGameRequest.ownerStreamMoves` and shown in
   * `Game.ownerStreamMoves`). Off by default: at thousands of games, every move is many
   * entries. A rematch keeps it.
   */
  ownerStreamMoves?: boolean;
  /**
   * Rate the game in this pool (sent as `CreateGameRequest.ratingPool`; absent or
   * `RatingPool.UNSPECIFIED`: not rated): `RatingPool.KIND`, the kind's pool, named by the
   * kind (`tic_tac_toe`, `chess`), or `RatingPool.PRESET`, the preset's, named
   * `<kind>/<preset>` (`chess/blitz_3_2`; only for a game made from a preset). When the game
   * ends with a result, both players' Glicko-2 ratings in the pool are updated, exactly once,
   * moments after the end: `Game.rating` (and `View.rating`) holds the pool, the rated
   * `playerIds`, the ratings `before` (from the creation) and, once `rated`, `after`. A rated
   * game needs two seats each naming its player (`players` with a `playerId`, or a seat of the
   * engine's, `bots`, rated as the player `engine-level-<level>`), two different players, and
   * an end that is final (no `endingTakebackWindow`); anything else rejects with
   * INVALID_ARGUMENT INVALID_REQUEST, every problem named. Ratings are kept per service key:
   * read them with `getPlayerRatings` and `listLeaderboard`. A rematch is rated in the same
   * pool.
   */
  ratingPool?: RatingPool;
}

/**
 * How much later than the seats spectators see a game (`CreateOptions.spectatorDelay`), sent
 * as a `SpectatorDelay`: the moves held back, the time each event is held back, or both.
 */
export interface SpectatorDelayOption {
  /** Moves held back: spectators do not see the game's last this many moves (at most 100). */
  plies?: number;
  /** How long each event is held back, in whole milliseconds: 1,000 (1 s) to 3,600,000 (1 h). */
  durationMs?: number;
}

/** `delay` as the `SpectatorDelay` it is sent as: an unset field (plies 0, no duration) asks for none of that kind. */
function spectatorDelayMessage(delay: SpectatorDelayOption): SpectatorDelay {
  const { plies = 0, durationMs } = delay;
  return create(SpectatorDelaySchema, {
    plies,
    duration: durationMs === undefined ? undefined : durationFromMs(durationMs),
  });
}

/**
 * A game's clocks: a `ClockConfig` (or its fields), or one `TimeControl` for every seat (then
 * running out of time loses). Build them with `clocks`.
 */
export type ClockOption = MessageInitShape<typeof ClockConfigSchema> | TimeControl;

/** Options of `createGameFromConfig`. */
export interface ConfigOptions extends CreateOptions {
  /**
   * The game's clocks (`clocks.fischer(300_000, 2_000)`, `clocks.clockConfig([...], rule)`),
   * replacing the configuration's own `clock`. They start at creation, or at `startTime` for
   * a game scheduled ahead; a seat's time runs while it is to act, and a seat out of time
   * loses (`EndReason.TIMEOUT`), or with `TimeoutRule.DEFAULT_MOVE` the clock moves for it. A
   * bad control rejects with INVALID_CONFIG.
   */
  clock?: ClockOption;
  /**
   * Which seat moves first (`Starter.SECOND_SEAT`, ...), replacing the configuration's own
   * `starter`, in tic-tac-toe, Connect Four, Gomoku, Tic-Tac-Two, Morris, Reversi (but not
   * from a `position`, whose side to move starts) and Battleship; seats keep their names and
   * pieces. `Starter.RANDOM` is drawn at creation and
   * the answer names the seat drawn (never RANDOM); unset, the first seat starts. Chess and
   * peg solitaire take only the first seat (anything else rejects with INVALID_REQUEST, a
   * field violation on `config.starter`) and answer `Starter.UNSPECIFIED`.
   */
  starter?: Starter;
}

function isTimeControl(clock: ClockOption): clock is TimeControl {
  return "$typeName" in clock && clock.$typeName === "tabula.v1.TimeControl";
}

/** `config` with `clock` as its clock, in a copy: the caller's `config` is left as it was. */
function withClock(config: MessageInitShape<typeof GameConfigSchema>, clock: ClockOption): GameConfig {
  const copy = isMessage(config, GameConfigSchema) ? clone(GameConfigSchema, config) : create(GameConfigSchema, config);
  copy.clock = create(ClockConfigSchema, isTimeControl(clock) ? { controls: [clock] } : clock);
  return copy;
}

/** `config` with `starter` as the seat that moves first, in a copy: the caller's `config` is left as it was. */
function withStarter(config: MessageInitShape<typeof GameConfigSchema>, starter: Starter): GameConfig {
  const copy = isMessage(config, GameConfigSchema) ? clone(GameConfigSchema, config) : create(GameConfigSchema, config);
  copy.starter = starter;
  return copy;
}

/** Options of `createGameFromPgn`. */
export interface PgnOptions extends CreateOptions {
  /** Import only this many plies (half-moves) from the start; all of them when absent. */
  ply?: number;
}

/**
 * The request of a game from one of `kind`'s named presets, with `options` as for
 * `createGameFromPreset`, which sends exactly this: one of the requests of `batchCreateGames`
 * (there leave `requestId` out; the batch's own makes it safe to retry), or of
 * `client.raw.createGame`. The call options (`signal`, `timeoutMs`) are not part of it.
 */
export function gameFromPreset(kind: GameKind, preset: string, options: CreateOptions = {}): CreateGameRequest {
  return gameRequest({ case: "preset", value: preset }, kind, options);
}

/**
 * The request of a game from a full configuration, with `options` as for
 * `createGameFromConfig`, which sends exactly this: `clock` and `starter` are set on a copy
 * of `config`, which is left as it was. For `batchCreateGames`, as `gameFromPreset`.
 */
export function gameFromConfig(
  config: MessageInitShape<typeof GameConfigSchema>,
  options: ConfigOptions = {},
): CreateGameRequest {
  const { clock, starter } = options;
  const clocked = clock === undefined ? config : withClock(config, clock);
  const value = starter === undefined ? clocked : withStarter(clocked, starter);
  return gameRequest({ case: "config", value }, undefined, options);
}

/**
 * The request of a chess game imported from PGN (after `ply` plies when given), with `options`
 * as for `createGameFromPgn`, which sends exactly this. For `batchCreateGames`, as
 * `gameFromPreset`.
 */
export function gameFromPgn(pgn: string, options: PgnOptions = {}): CreateGameRequest {
  return gameRequest({ case: "pgn", value: { pgn, ply: options.ply } }, undefined, options);
}

/**
 * The request of a game from one of the caller's saved configurations, by name, with
 * `options` as for `createGameFromSavedConfig`, which sends exactly this. For
 * `batchCreateGames`, as `gameFromPreset`.
 */
export function gameFromSavedConfig(name: string, options: CreateOptions = {}): CreateGameRequest {
  return gameRequest({ case: "savedConfig", value: name }, undefined, options);
}

/** The one way a `CreateGameRequest` is built: its source and kind, and the creation options. */
function gameRequest(
  source: MessageInitShape<typeof CreateGameRequestSchema>["source"],
  kind: GameKind | undefined,
  options: CreateOptions,
): CreateGameRequest {
  const {
    requestId = "",
    private: isPrivate = false,
    bots = [],
    allowHints,
    players = [],
    ownerStreamMoves = false,
    ratingPool = RatingPool.UNSPECIFIED,
  } = options;
  const labels = { ...options.labels };
  const startTime = options.startTime === undefined ? undefined : timestampFromDate(options.startTime);
  const spectatorDelay =
    options.spectatorDelay === undefined ? undefined : spectatorDelayMessage(options.spectatorDelay);
  return create(CreateGameRequestSchema, {
    source,
    kind,
    private: isPrivate,
    requestId,
    bots,
    allowHints,
    players,
    labels,
    startTime,
    spectatorDelay,
    ownerStreamMoves,
    ratingPool,
  });
}

export interface SubmitOptions extends ManageOptions {
  /**
   * Apply only if the game's newest event still has this sequence number (else STALE_SEQ);
   * seats coming and going (`seatPresenceChanged` events) change no position, so a seq they
   * passed still holds.
   */
  expectedSeq?: bigint;
  /** Only check the move. */
  validateOnly?: boolean;
  /**
   * Leave the game's view out of the answer (`SUBMIT_MOVE_VIEW_BASIC`): it keeps `seq`,
   * `events`, `toAct`, `status` and `outcome`, for a caller that keeps its own board or
   * follows the events.
   */
  basicAnswer?: boolean;
}

/** Options of `getHint`: the engine's budget, and which position of a finished game to analyse. */
export interface HintOptions extends CallOptions {
  /** The longest the engine may think, in milliseconds; absent or 0: 1 second. At most 10 seconds. */
  maxTimeMs?: number;
  /** The most positions the engine may expand; absent or 0: the server's cap, 50,000,000. */
  maxNodes?: bigint;
  /**
   * Analyse the position right after the event with this sequence number (1n: the start)
   * instead of the current one; only in a finished game (a running game answers
   * GAME_NOT_FINISHED for any but its current seq; beyond the log: SEQ_OUT_OF_RANGE).
   */
  atSeq?: bigint;
}

/**
 * Paging, and which position of a finished game to solve, of `listPuzzleSolutions`
 * (`allPuzzleSolutions` takes the same but `pageToken`: it follows the pages itself).
 */
export interface ListPuzzleSolutionsOptions extends CallOptions {
  /** Solutions per page: 0 or absent means 50, at most 500. */
  pageSize?: number;
  /**
   * `nextPageToken` of the previous page, asked with the same game and `atSeq`; absent or
   * empty for the first page. In a running game a token of a position the game has moved on
   * from rejects with ABORTED STALE_SEQ (start again without it).
   */
  pageToken?: string;
  /**
   * Solve the position right after the event with this sequence number (1n: the start)
   * instead of the current one; only in a finished game (a running game answers
   * GAME_NOT_FINISHED for any but its current seq; beyond the log: SEQ_OUT_OF_RANGE).
   */
  atSeq?: bigint;
}

/** Options of `importGame`. */
export interface ImportGameOptions extends CallOptions {
  /**
   * Only check the document: the answer is the game as it would be imported, or the error
   * says why it would not be, and nothing is stored (its id stays free). Default false.
   */
  validateOnly?: boolean;
}

/** Options of `getView`: which moment of the game to show. */
export interface ViewOptions extends CallOptions {
  /**
   * The game as it stood right after the event with this sequence number (1n: the creation)
   * instead of now, in a running game too: for this caller (a seat sees its own secrets,
   * others what every viewer saw then), with the clocks as they read at that event. It equals
   * the view an event stream with `includeViews` carried at that event for the same caller.
   * 0n or beyond the log: OUT_OF_RANGE SEQ_OUT_OF_RANGE.
   */
  atSeq?: bigint;
}

/** Options of `takeBack` and `answerTakeBack`. */
export interface TakeBackOptions extends ManageOptions {
  /** Take back (or answer) only if the game's newest event still has this sequence number (else STALE_SEQ). */
  expectedSeq?: bigint;
}

/** Options of `claimVictory`. */
export interface ClaimOptions extends ManageOptions {
  /** Claim a draw rather than the win (default false). */
  draw?: boolean;
}

/** Filters and paging of `listGames`; every filter left out matches every game. */
export interface ListGamesOptions extends CallOptions {
  /** Only games of this kind. */
  kind?: GameKind;
  /** Only games in this status; absent: every status but archived. */
  status?: GameStatus;
  /** Only games created at or after this time. */
  createTimeAfter?: Date | Timestamp;
  /** Only games created before this time. */
  createTimeBefore?: Date | Timestamp;
  /** Only games with a seat whose player has this id (`Player.playerId`, at most 128 characters). */
  playerId?: string;
  /**
   * Only games carrying every one of these labels with that value (`{ round: "3" }`; a game
   * may carry more). Checked like `CreateOptions.labels` (else INVALID_REQUEST).
   */
  labels?: Record<string, string>;
  /** Games per page: 0 or absent means 50, at most 500. */
  pageSize?: number;
  /** `nextPageToken` of the previous page, asked with the same filters. */
  pageToken?: string;
}

/** Filter and paging of `listLeaderboard`. */
export interface ListLeaderboardOptions extends CallOptions {
  /** Ratings per page: 0 or absent means 50, at most 500. */
  pageSize?: number;
  /** `nextPageToken` of the previous page, asked with the same pool and filter. */
  pageToken?: string;
  /**
   * Leave out provisional ratings (`Rating.provisional`: a deviation above 110, too few games
   * or too long ago to rely on); ranks then count only those listed. Default false: they are
   * listed, flagged.
   */
  excludeProvisional?: boolean;
}

/** Paging of `listSavedConfigs`. */
export interface ListSavedConfigsOptions extends CallOptions {
  /** Saved configurations per page: 0 or absent means 50, at most 500. */
  pageSize?: number;
  /** `nextPageToken` of the previous page (the last name it held). */
  pageToken?: string;
}

/**
 * How long a series runs, exactly one of: best of `bestOf` games (1 to 99; it ends once a
 * player has more than half of the points they are worth, or all are played) or first to
 * `firstTo` points (1 to 50).
 */
export type SeriesLength = { bestOf: number; firstTo?: never } | { firstTo: number; bestOf?: never };

/** Options of the `createSeriesFrom...` calls besides their length (`SeriesLength`). */
export interface CreateSeriesOptions extends ManageOptions {
  /**
   * How a drawn game counts: `SeriesDraws.HALF_POINT` (the default: half a point each, and it
   * counts as one of `bestOf`'s games) or `SeriesDraws.REPLAYED` (nobody scores; it is played
   * again).
   */
  draws?: SeriesDraws;
  /**
   * The two players (`{ playerId, displayName }`): the first is player 1, who sits in seat 1
   * in odd-numbered games and in seat 2 in even ones. At most two, checked like
   * `CreateOptions.players`; may be left out.
   */
  players?: MessageInitShape<typeof PlayerSchema>[];
  /**
   * Players the server's own engine plays in every game, whichever seat they sit in: here
   * `botSeat(player, level, moveTimeMs)` names the player, 1 or 2, not a seat.
   */
  bots?: MessageInitShape<typeof BotSeatSchema>[];
  /** Whether the series' games refuse spectators (only its players' tokens and service keys read it). */
  private?: boolean;
  /** Whether the seat to move may ask `getHint` while a game runs; absent: the kind's default. */
  allowHints?: boolean;
  /**
   * The managing backend's labels, to find the series by (`listSeries({ labels })`), under the
   * rules of `CreateOptions.labels`; shown in `Series.labels` and replaced with
   * `updateSeriesLabels`. Each game of the series is made with the labels the series has when
   * it makes the game (`Game.labels`).
   */
  labels?: Record<string, string>;
  /**
   * Rate every game of the series in this pool, as `CreateOptions.ratingPool` rates a game
   * (sent as `CreateSeriesRequest.ratingPool`; absent or `RatingPool.UNSPECIFIED`: not rated):
   * `RatingPool.KIND`, the kind's pool, or `RatingPool.PRESET`, the preset's (only for a series
   * made from a preset). Each game then needs what a rated game needs: both players named
   * (`players` with a `playerId`) or played by the engine (`bots`, rated as
   * `engine-level-<level>`), two different players, and an end that is final; anything else
   * rejects with INVALID_ARGUMENT INVALID_REQUEST, every problem named. Shown as
   * `Series.ratingPool` (the pool's name, `tic_tac_toe`), and on each game as `Game.rating`.
   */
  ratingPool?: RatingPool;
}

/** Options of `createSeriesFromPreset` and `createSeriesFromSavedConfig`: a length and the rest. */
export type SeriesOptions = CreateSeriesOptions & SeriesLength;

/**
 * Options of `createSeriesFromConfig`: as `SeriesOptions`, and the clocks and first seat of
 * every game, set on a copy of the configuration as `createGameFromConfig` does.
 */
export type SeriesConfigOptions = SeriesOptions & Pick<ConfigOptions, "clock" | "starter">;

/** Filter and paging of `listSeries`. */
export interface ListSeriesOptions extends CallOptions {
  /** Only series in this status; absent: every series. */
  status?: SeriesStatus;
  /**
   * Only series carrying every one of these labels with that value (a series may carry more).
   * Checked like `CreateOptions.labels` (else INVALID_REQUEST).
   */
  labels?: Record<string, string>;
  /** Series per page: 0 or absent means 50, at most 500. */
  pageSize?: number;
  /** `nextPageToken` of the previous page, asked with the same filter. */
  pageToken?: string;
}

/**
 * Options of the `createTournamentFrom...` calls (their players are an argument of their own:
 * `TournamentPlayer`s, `{ playerId, displayName }` or `{ engineLevel }`).
 */
export interface TournamentOptions extends ManageOptions {
  /**
   * How players are paired: `TournamentFormat.ROUND_ROBIN` (the default here: everyone plays
   * everyone once, in the order of FIDE's Berger tables; with an odd number of players one
   * sits out each round, a bye), `TournamentFormat.DOUBLE_ROUND_ROBIN` (twice, the colours
   * of the first cycle reversed in the second), `TournamentFormat.KNOCKOUT` (single
   * elimination from a seeded bracket: seeds 1 and 2 meet only in the final, the byes of a
   * field short of a power of two go to the best seeds; each match a series of `bestOf`
   * games, draws played again, named by its board's `seriesId`; the winners of two
   * neighbouring boards meet in the next round) or `TournamentFormat.SWISS` (FIDE's Dutch
   * system, C.04.3: `rounds` rounds, each pairing players on equal scores who have not met,
   * the upper half of a score group against its lower half, weighing colour preferences and
   * floats, a bye for an odd number going to a player who had none; a player moves to
   * another score group only when its own cannot pair it; it ends early, with the rounds
   * played, if a round cannot be paired without a rematch).
   */
  format?: TournamentFormat;
  /**
   * What results are worth, `{ win, draw, loss, bye }` in whole or half points from 0 to 10;
   * absent: a win 1, a draw ½, a loss 0 and a bye 1.
   */
  scoring?: MessageInitShape<typeof TournamentScoringSchema>;
  /**
   * The tie-breaks (`TieBreak.BUCHHOLZ`, `SONNEBORN_BERGER`, ...) in the order they are
   * applied, each at most once; absent or empty: direct encounter, wins, then
   * Sonneborn–Berger (in a Swiss: Buchholz cut 1, Buchholz, direct encounter, wins). In a
   * Swiss, Buchholz and Sonneborn–Berger count unplayed rounds as FIDE's C.07 Article 16
   * says. Absent or empty in a knockout, which ranks by how far each player went
   * (else INVALID_REQUEST).
   */
  tieBreaks?: TieBreak[];
  /**
   * In a knockout, how many games each match is the best of: odd, from 1 to 99 (else
   * INVALID_REQUEST); absent or 0: 1. Its games are a series' (`getSeries(board.seriesId)`),
   * a drawn game played again, so that a match has a winner.
   */
  bestOf?: number;
  /**
   * With a `ratingPool`, order the players by their ratings in that pool (the best first; a
   * player never rated counts as new, 1500; equal ratings keep the players' order) rather
   * than in the players' order: a knockout's seeds, a Swiss's pairing numbers; default
   * false. Without a knockout or a Swiss, and a `ratingPool`, it rejects with
   * INVALID_REQUEST.
   */
  seedByRating?: boolean;
  /**
   * In a Swiss, how many rounds it plays: from 1 to one fewer than the players (else
   * INVALID_REQUEST naming the field `rounds`); absent or 0: ⌈log₂ of the players⌉, enough
   * for one player to win every game and stand alone on top. The tournament's `roundCount`
   * tells it (derived when 0). Outside a Swiss it rejects with INVALID_REQUEST.
   */
  rounds?: number;
  /**
   * In a Swiss, pair the first rounds with Baku acceleration (FIDE C.04.5): the upper half
   * of the pairing numbers counts a virtual win in the first quarter of the rounds and a
   * virtual draw in the second, so that the strongest meet each other sooner; the standings
   * count only real points. Default false; echoed as `Tournament.accelerated`. Outside a
   * Swiss it rejects with INVALID_REQUEST.
   */
  accelerated?: boolean;
  /**
   * In a Swiss, continue one played elsewhere: a FIDE Tournament Report File (TRF-16, as
   * `exportTournamentTrf` writes it and other pairing programs do; at most 2 MiB) whose player
   * lines give the rounds played so far, every game ended (sent as `CreateTournamentRequest.trf`).
   * The players are the same as the file's, in its starting-rank order; `rounds` counts the
   * file's rounds too and must be more. Each game must read the same on both players' lines
   * and each player's points be what its rounds make (with `scoring`); byes the pairing gave
   * (`U`) and full-point byes (`F`) count as byes, rounds not played (`Z`) as nothing;
   * half-point byes are refused. The file's rounds become the tournament's first rounds, and
   * the next round is paired at once, as for a new tournament. Absent or empty: a new
   * tournament. A file that does not read or fit (another player count, a game read two ways,
   * points that do not add up, over 2 MiB) or one outside a Swiss rejects with
   * INVALID_REQUEST naming the field `trf`; `rounds` not more than the file's, naming
   * `rounds`.
   */
  trf?: string;
  /**
   * Make each round, the first too, only when the organiser says go
   * (`startTournamentRound(tournamentId, round)`); default false: each round is paired as
   * soon as the one before ended.
   */
  holdRounds?: boolean;
  /**
   * Rate every game in this pool (`RatingPool.KIND`, or `RatingPool.PRESET` for a tournament
   * from a preset), as `CreateOptions.ratingPool`; absent: not rated. Each player needs its
   * own `playerId` (an engine player is rated as `engine-level-<level>`).
   */
  ratingPool?: RatingPool;
  /** Refuse spectators, in the tournament and its games (read with a service key or a player's token). */
  private?: boolean;
  /** Whether the seat to move may ask `getHint` while a game runs; absent: the kind's default. */
  allowHints?: boolean;
  /**
   * The managing backend's labels, to find the tournament by (`listTournaments({ labels })`),
   * under the rules of `CreateOptions.labels`; shown in `Tournament.labels`, and every game of
   * the tournament carries them too.
   */
  labels?: Record<string, string>;
}

/**
 * Options of `createTournamentFromConfig`: as `TournamentOptions`, and the clocks and first
 * seat of every game, set on a copy of the configuration as `createGameFromConfig` does.
 */
export type TournamentConfigOptions = TournamentOptions & Pick<ConfigOptions, "clock" | "starter">;

/** Filter and paging of `listTournaments`. */
export interface ListTournamentsOptions extends CallOptions {
  /** Only tournaments in this status; absent: every tournament. */
  status?: TournamentStatus;
  /**
   * Only tournaments carrying every one of these labels with that value (a tournament may
   * carry more). Checked like `CreateOptions.labels` (else INVALID_REQUEST).
   */
  labels?: Record<string, string>;
  /** Tournaments per page: 0 or absent means 50, at most 500. */
  pageSize?: number;
  /** `nextPageToken` of the previous page, asked with the same filter. */
  pageToken?: string;
}

/**
 * Options of every event stream: of a game (`events`), a series (`seriesEvents`), a tournament
 * (`tournamentEvents`) and a key's games (`ownerEvents`).
 */
export interface StreamOptions {
  /** Stops the stream; iteration then ends quietly. */
  signal?: AbortSignal;
  /**
   * Reconnect attempts in a row without a successful reconnect before giving up, besides
   * `reconnectBudgetMs` (default: no count, only the time budget). `Infinity` resumes forever,
   * as `reconnectBudgetMs: Infinity` does, unless a `reconnectBudgetMs` is given too.
   */
  retries?: number;
  /**
   * How long the stream keeps trying to reconnect, in milliseconds, from its first failure
   * without a successful reconnect (the server answering the reopened stream, or an event)
   * before it gives up and the iteration throws the last failure (default 30,000,
   * `DEFAULT_RECONNECT_BUDGET_MS`; `Infinity`: resume forever; 0: never reconnect).
   */
  reconnectBudgetMs?: number;
  /**
   * Called before each reconnect attempt with the failure that ended the stream and how long
   * the stream waits before reopening, in milliseconds: to tell a person it is reconnecting.
   */
  onReconnect?: (error: TabulaError, delayMs: number) => void;
}

export interface EventOptions extends StreamOptions {
  /**
   * Also receive, with each event, the game as this caller sees it just after it: read it as
   * `EventStream.lastView` while handling the event. Asked again when the stream resumes.
   * Default false.
   */
  includeViews?: boolean;
  /**
   * Receive the views as changes (implies `includeViews`): the server sends each stream's
   * first view whole and every later one as what changed since the one before
   * (`StreamEventsResponse.viewChange`), which the stream applies (`applyViewChange`) to the
   * view it holds. `lastView` is then the whole view, exactly as with `includeViews`, for
   * fewer bytes on the wire (a move on a 19x19 board is a cell, not 361). A resumed stream
   * starts from a whole view again. Default false.
   */
  viewChanges?: boolean;
}

/** Options of `tournamentEvents`: where to start, and those of every event stream. */
export interface TournamentEventOptions extends StreamOptions {
  /**
   * Deliver the events after this one (default 0n: from the first); the `lastSeq` of an
   * earlier stream to take up where it stopped. Beyond the newest: OUT_OF_RANGE
   * SEQ_OUT_OF_RANGE.
   */
  afterSeq?: bigint;
}

/** Options of `ownerEvents`: where to start, which events, and those of every event stream. */
export interface OwnerEventOptions extends StreamOptions {
  /**
   * Deliver the events after this cursor (default 0n: the key's whole history); the
   * `lastCursor` of an earlier stream to take up where it stopped. Beyond the key's newest
   * cursor: OUT_OF_RANGE SEQ_OUT_OF_RANGE (metadata `current_cursor`).
   */
  afterCursor?: bigint;
  /**
   * Only events of these kinds (`OwnerEventKind.GAME_ENDED`, `SERIES_FINISHED`,
   * `TOURNAMENT_ROUND_FINISHED`, ...), sent as
   * they are, so a kind this client does not name yet filters too; absent or empty: every kind.
   */
  kinds?: OwnerEventKind[];
  /**
   * Only events of games carrying every one of these labels with that value, as the game's
   * labels are when the event is delivered (`{ tournament: "spring" }`; a game may carry
   * more). At most 64, checked like `CreateOptions.labels` (else INVALID_REQUEST).
   */
  labels?: Record<string, string>;
}

/**
 * Failures after which the stream can be reopened from the last event received. Node's
 * HTTP/2 reports a dropped connection as a cancelled stream, which only the caller's own
 * signal (checked before this) would otherwise mean, and a stream reset by a broken
 * transport as INTERNAL; the server never cancels, nor fails with INTERNAL, without a reason.
 */
function isResumable(error: TabulaError): boolean {
  if (error.code === Code.Unavailable) return true;
  if (error.code === Code.Canceled || error.code === Code.Internal) return error.reason === "";
  if (error.code === Code.Unknown) return isNetworkFailure(error);
  return error.code === Code.ResourceExhausted && error.reason === "STREAM_LAGGED";
}

/**
 * Whether a failure is fetch's for a connection refused or dropped (a browser's transport):
 * fetch throws a `TypeError`, which Connect passes on as UNKNOWN with it as the cause.
 */
function isNetworkFailure(error: TabulaError): boolean {
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof TypeError) return true;
  }
  return false;
}

/** The error of an event stream whose next event is not the one after the last. */
function seqGap(expected: bigint, received: bigint): TabulaError {
  return new TabulaError(
    Code.DataLoss,
    `event stream gap: expected seq ${expected}, received seq ${received}`,
    "SEQ_GAP",
    { expected_seq: String(expected), received_seq: String(received) },
  );
}

/** The error of an owner's stream whose next event's cursor is not greater than the last. */
function cursorOutOfOrder(last: bigint, received: bigint): TabulaError {
  return new TabulaError(
    Code.DataLoss,
    `owner event stream out of order: cursor ${received} after cursor ${last}`,
    "CURSOR_OUT_OF_ORDER",
    { last_cursor: String(last), received_cursor: String(received) },
  );
}

/**
 * A game's events, in order and without gaps, as an async iterable. It follows
 * `StreamEvents` from `afterSeq`; when the server stops or cannot be reached (UNAVAILABLE),
 * the connection drops or its stream is reset, or the server ends a lagging subscriber
 * (STREAM_LAGGED), it reopens the stream after `lastSeq`, the last event it yielded, so no
 * event is lost or repeated: 0.1 s later, then twice as long each time up to 2 s (±20%),
 * until it has gone `reconnectBudgetMs` (30 s unless told) without a successful reconnect,
 * when the iteration throws the last failure; open a new stream after `lastSeq` to go on.
 * Iteration ends after the game's final event
 * (its `gameEnded`, or in a game with an ending takeback window, `endingTakebackWindowMs`,
 * once that end is final: until then a `moveTakenBack` and a `gameResumed` may follow it),
 * when the `signal` aborts, or when the client is closed. An event whose seq is not the one
 * after the last (the first: not `afterSeq + 1`) ends the iteration with a `TabulaError` of
 * code `Code.DataLoss`, reason `SEQ_GAP`, metadata `expected_seq` and `received_seq`.
 * Opened with `includeViews`, each event comes with the game as this caller sees it just after
 * that event, in `lastView`; a resumed stream asks for views again. Opened with `viewChanges`,
 * the server sends the views as changes and the stream applies them, so `lastView` is the same
 * whole view; a change that does not apply to the view held ends the iteration with a
 * `TabulaError` of code `Code.DataLoss`, reason `VIEW_CHANGE_MISMATCH`.
 * An event of a kind this client does not know (sent by a newer server) is yielded like any
 * other, with its `seq` and `time`: `eventKind(event)` is `"unknown"`.
 */
export class EventStream implements AsyncIterable<GameEvent> {
  /** Sequence number of the last event yielded (the `afterSeq` to resume from). */
  lastSeq: bigint;
  /**
   * With `includeViews` (or `viewChanges`): the view sent with the last event yielded (its
   * `seq` is the event's), what `getView` answered at that moment. Undefined before the first
   * event, without either option, or from a server that sent none. It is the caller's: the
   * stream applies the next change to a copy of its own.
   */
  lastView: View | undefined = undefined;

  constructor(
    private readonly client: TabulaClient,
    private readonly gameId: string,
    afterSeq: bigint,
    private readonly options: EventOptions,
  ) {
    this.lastSeq = afterSeq;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<GameEvent> {
    const viewChanges = this.options.viewChanges ?? false;
    const includeViews = viewChanges || (this.options.includeViews ?? false);
    yield* follow(
      this.client,
      bySeq(this),
      this.options,
      (afterSeq, call) => {
        const responses = this.client.raw.streamEvents({ gameId: this.gameId, afterSeq, includeViews, viewChanges }, call);
        return viewChanges ? wholeViews(responses) : responses;
      },
      (response) => {
        this.lastView = response.view;
      },
    );
  }
}

/**
 * One stream's responses with each view change applied: every response carries its view whole
 * in `view`, as a stream with only `includeViews` would. The stream's first view comes whole
 * (a resumed stream is a new one, and starts from a whole view again); each change applies to
 * the view of the message before. A view given out is a copy: the caller may change it.
 */
async function* wholeViews(responses: AsyncIterable<StreamEventsResponse>): AsyncGenerator<StreamEventsResponse> {
  let held: View | undefined;
  for await (const response of responses) {
    const change = response.viewChange;
    if (response.view !== undefined) {
      held = response.view;
    } else if (change !== undefined) {
      if (held === undefined) {
        throw new TabulaError(Code.DataLoss, "a view change came before any whole view", VIEW_CHANGE_MISMATCH);
      }
      held = applyViewChange(held, change);
      response.viewChange = undefined;
    } else {
      yield response; // no view to give out; the held one stays for the next change
      continue;
    }
    response.view = clone(ViewSchema, held);
    yield response;
  }
}

/**
 * A series' events, in order and without gaps, as an async iterable: each game created
 * (`gameStarted`: its number, game id and the seat player 1 sits in), each game scored
 * (`gameFinished`: its outcome and the points after it) and the end (`seriesFinished`: the
 * winner and the final points), read with `seriesEventKind(event)`. It follows
 * `StreamSeriesEvents` from `afterSeq` and resumes exactly as `EventStream` does: after
 * `lastSeq` when the connection drops (UNAVAILABLE) or the server ends a lagging subscriber
 * (STREAM_LAGGED). Iteration ends when the server closes the stream after `seriesFinished`,
 * when the `signal` aborts, or when the client is closed. An event whose seq is not the one
 * after the last (the first: not `afterSeq + 1`) ends the iteration with a `TabulaError` of
 * code `Code.DataLoss`, reason `SEQ_GAP`, metadata `expected_seq` and `received_seq`. An
 * event of a kind this client does not know is yielded like any other, with its `seq`:
 * `seriesEventKind(event)` is `"unknown"`.
 */
export class SeriesEventStream implements AsyncIterable<SeriesEvent> {
  /** Sequence number of the last event yielded (the `afterSeq` to resume from). */
  lastSeq: bigint;

  constructor(
    private readonly client: TabulaClient,
    private readonly seriesId: string,
    afterSeq: bigint,
    private readonly options: StreamOptions,
  ) {
    this.lastSeq = afterSeq;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<SeriesEvent> {
    yield* follow(this.client, bySeq(this), this.options, (afterSeq, call) =>
      this.client.raw.streamSeriesEvents({ seriesId: this.seriesId, afterSeq }, call),
    );
  }
}

/**
 * A tournament's events, in order and without gaps, as an async iterable: each round paired
 * (`roundPaired`: the round with its boards and their games), each board ended
 * (`boardFinished`: the round and the board with its result), each round ended
 * (`roundFinished`: the standings after it), each player withdrawn (`playerWithdrew`), each
 * player added to a Swiss under way (`playerJoined`: its number and first round) and the
 * end (`tournamentEnded`: finished or cancelled, and the final standings), read with
 * `tournamentEventKind(event)`. It follows `StreamTournamentEvents` from `afterSeq` and
 * resumes exactly as `EventStream` does: after `lastSeq` when the connection drops
 * (UNAVAILABLE) or the server ends a lagging subscriber (STREAM_LAGGED). Iteration ends when
 * the server closes the stream after `tournamentEnded`, when the `signal` aborts, or when the
 * client is closed. An event whose seq is not the one after the last (the first: not
 * `afterSeq + 1`) ends the iteration with a `TabulaError` of code `Code.DataLoss`, reason
 * `SEQ_GAP`, metadata `expected_seq` and `received_seq`. An event of a kind this client does
 * not know is yielded like any other, with its `seq`: `tournamentEventKind(event)` is
 * `"unknown"`.
 */
export class TournamentEventStream implements AsyncIterable<TournamentEvent> {
  /** Sequence number of the last event yielded (the `afterSeq` to resume from). */
  lastSeq: bigint;

  constructor(
    private readonly client: TabulaClient,
    private readonly tournamentId: string,
    private readonly options: TournamentEventOptions,
  ) {
    this.lastSeq = options.afterSeq ?? 0n;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TournamentEvent> {
    yield* follow(this.client, bySeq(this), this.options, (afterSeq, call) =>
      this.client.raw.streamTournamentEvents({ tournamentId: this.tournamentId, afterSeq }, call),
    );
  }
}

/**
 * What happens to every game the calling service key owns, as an async iterable of
 * `OwnerEvent`s: each game created (`OwnerEventKind.GAME_CREATED`), started (its first move,
 * `GAME_STARTED`), ended however it ended (`GAME_ENDED`), a draw offered (`DRAW_OFFERED`), a
 * takeback asked (`TAKEBACK_REQUESTED`), a seat of a game keeping presence come or gone
 * (`SEAT_PRESENT`, `SEAT_GONE`: a `seatPresenceChanged`) and a seat's time run out
 * (`CLOCK_FLAGGED`: the `timedOut`), a game's end taken back (`GAME_RESUMED`: the
 * `gameResumed`, in a game with an ending takeback window, `endingTakebackWindowMs`), and
 * each move of a game created with `ownerStreamMoves` (`MOVE_PLAYED`: the `moveApplied`; the
 * first is also the game's `GAME_STARTED`), a game of a series ended and scored by the series
 * (`SERIES_GAME_FINISHED`) and a series decided by the game that just ended (`SERIES_FINISHED`,
 * after that game's `SERIES_GAME_FINISHED`), a board of a tournament scored by the game that
 * just ended (`TOURNAMENT_BOARD_FINISHED`), the round that game finished
 * (`TOURNAMENT_ROUND_FINISHED`, after its `TOURNAMENT_BOARD_FINISHED`) and the tournament that
 * game finished (`TOURNAMENT_FINISHED`, after its `TOURNAMENT_ROUND_FINISHED`), each with
 * the key's own `cursor` and the game's own event as a spectator sees it (`gameEvent`: its
 * `gameId` names the game, its `seq` places it in the game's stream; for the series and
 * tournament kinds, the `gameEnded` of the game that moved the series or tournament on). The
 * series kinds also carry the series' own event in `seriesEvent`, as `seriesEvents` yields it:
 * a `gameFinished` (number, game, outcome, points so far) or the `seriesFinished` (winner,
 * points); every other kind leaves it `undefined`. The tournament kinds carry the tournament's
 * own event in `tournamentEvent`, as `tournamentEvents` yields it: a `boardFinished` (round,
 * board with its result), a `roundFinished` (round, standings after it) or the
 * `tournamentEnded` (status, final standings); every other kind leaves it `undefined`. A
 * knockout's boards are matches, series of their own, which come as the series kinds; a
 * tournament whose last board ends without a game has no `TOURNAMENT_FINISHED`. It follows `StreamOwnerEvents`, first the backlog after
 * `afterCursor`, then live; the server never ends it, so iteration ends only when the
 * `signal` aborts, the client is closed, or a failure it does not resume from. It resumes
 * exactly as `EventStream` does: when the connection drops or the server stops (UNAVAILABLE)
 * or ends a lagging subscriber (STREAM_LAGGED) it reopens the stream after `lastCursor`, the
 * last event it yielded, with the same `kinds` and `labels`, so no event is lost or repeated.
 * Cursors increase but skip the numbers of events the filters leave out; an event whose
 * cursor is not greater than the last (the first: than `afterCursor`) ends the iteration with
 * a `TabulaError` of code `Code.DataLoss`, reason `CURSOR_OUT_OF_ORDER`, metadata
 * `last_cursor` and `received_cursor`. An event of a kind this client does not know is
 * yielded like any other: `enumName(OwnerEventKindSchema, event.kind)` is `unknown(N)`.
 */
export class OwnerEventStream implements AsyncIterable<OwnerEvent> {
  /** Cursor of the last event yielded (the `afterCursor` to resume from). */
  lastCursor: bigint;

  constructor(
    private readonly client: TabulaClient,
    private readonly options: OwnerEventOptions,
  ) {
    this.lastCursor = options.afterCursor ?? 0n;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<OwnerEvent> {
    const kinds = [...(this.options.kinds ?? [])];
    const labels = { ...this.options.labels };
    yield* follow(this.client, byCursor(this), this.options, (afterCursor, call) =>
      this.client.raw.streamOwnerEvents({ afterCursor, kinds, labels }, call),
    );
  }
}

/**
 * Where a followed stream stands: `last`, the number of the last event yielded, after which
 * it reopens, and `advance`, which checks that `event` may come next (else throws) and moves
 * on to it.
 */
interface Position<E> {
  readonly last: bigint;
  advance(event: E): void;
}

/** A stream numbered by `seq`, each event the one after the last (else SEQ_GAP), kept in `stream.lastSeq`. */
function bySeq(stream: { lastSeq: bigint }): Position<{ seq: bigint }> {
  return {
    get last() {
      return stream.lastSeq;
    },
    advance(event) {
      if (event.seq !== stream.lastSeq + 1n) throw seqGap(stream.lastSeq + 1n, event.seq);
      stream.lastSeq = event.seq;
    },
  };
}

/**
 * A stream numbered by `cursor`, each greater than the last but not always by one (else
 * CURSOR_OUT_OF_ORDER), kept in `stream.lastCursor`.
 */
function byCursor(stream: { lastCursor: bigint }): Position<{ cursor: bigint }> {
  return {
    get last() {
      return stream.lastCursor;
    },
    advance(event) {
      if (event.cursor <= stream.lastCursor) throw cursorOutOfOrder(stream.lastCursor, event.cursor);
      stream.lastCursor = event.cursor;
    },
  };
}

/** The options each opening of a followed stream is made with: the caller's signal, and a call on the server's answer. */
interface StreamCall {
  signal: AbortSignal | undefined;
  /** Called when the server answers the opened stream (its headers): the reconnect succeeded. */
  onHeader: () => void;
}

/**
 * The events of a stream that `open` opens after a seq or cursor, checked and resumed: each
 * must be one `position` may advance to (else it throws: SEQ_GAP, CURSOR_OUT_OF_ORDER), which
 * it then does before `accepted` sees its response and the event is yielded; a resumable
 * failure reopens the stream after `position.last`, with backoff, until `Reconnects` gives up.
 */
async function* follow<R extends { event?: object }>(
  client: TabulaClient,
  position: Position<NonNullable<R["event"]>>,
  options: StreamOptions,
  open: (after: bigint, call: StreamCall) => AsyncIterable<R>,
  accepted: (response: R) => void = () => {},
): AsyncGenerator<NonNullable<R["event"]>, void, undefined> {
  const signal = options.signal;
  const stopped = () => signal?.aborted === true || client.closed;
  const reconnects = new Reconnects(options);
  const call = { signal, onHeader: () => reconnects.succeeded() };
  while (!stopped()) {
    try {
      for await (const response of open(position.last, call)) {
        const event: NonNullable<R["event"]> | undefined = response.event;
        if (event === undefined) continue;
        position.advance(event);
        reconnects.succeeded();
        accepted(response);
        yield event;
      }
      return;
    } catch (thrown) {
      if (stopped()) return;
      const error = toTabulaError(thrown);
      const delayMs = isResumable(error) ? reconnects.next() : undefined;
      if (delayMs === undefined) throw error;
      options.onReconnect?.(error, delayMs);
      await sleep(delayMs, signal).catch(() => {}); // an abort ends the loop above
    }
  }
}

/** A stand-in for a missing part of a response, which the server always sends. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new TabulaError(Code.Internal, `the response holds no ${what}`);
  return value;
}

function timestamp(value: Date | Timestamp | undefined): Timestamp | undefined {
  return value instanceof Date ? timestampFromDate(value) : value;
}

/**
 * A client of a Tabula server over any Connect transport: `new TabulaClient(transport)` with a
 * browser's `createGrpcWebTransport({ baseUrl })`, for instance; on Node,
 * `TabulaClient.connect(...)` (the package's main entry) makes the gRPC transport itself.
 * Every failure rejects with TabulaError carrying the gRPC code and the server's stable reason.
 * Every unary call has a deadline (30 s unless `timeoutMs` or the call's own `timeoutMs` says
 * otherwise) and may be cancelled with a `signal`; event streams have no deadline. `close()`
 * closes the connection of this client and of every client derived from it with
 * `withCredential`.
 */
export class TabulaClient {
  /**
   * The generated Connect client, for calls this layer does not wrap. It sends this client's
   * credential and, on unary calls, the default deadline.
   */
  readonly raw: Client<typeof GameService>;
  #connection: Connection;

  /**
   * A client whose calls go through `transport`, acting with `options.credential` (none: a
   * spectator). The transport's own interceptors and settings apply as well.
   */
  constructor(transport: Transport, options: ClientOptions = {}) {
    this.#connection = openConnection(transport, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.onClose, {
      retry: options.retry ?? {},
      waitForReady: options.waitForReady ?? false,
    });
    this.raw = createClient(GameService, credentialTransport(() => this.#connection, options.credential));
  }

  /** The same connection acting with another credential (undefined: a spectator). */
  withCredential(credential: string | undefined): this {
    const derived = new (this.constructor as new (transport: Transport, options: ClientOptions) => this)(
      this.#connection.transport,
      { credential },
    );
    // It joins this client's connection: closing either closes both.
    derived.#connection = this.#connection;
    return derived;
  }

  /** Whether `close()` was called on this client or on one sharing its connection. */
  get closed(): boolean {
    return this.#connection.closed;
  }

  /**
   * Closes the connection (shared with every client `withCredential` made from this one):
   * calls in flight reject with `Code.Canceled`, event streams end, and later calls reject
   * with `Code.Canceled` too. Closing again does nothing.
   */
  close(): void {
    closeConnection(this.#connection);
  }

  private async call<T>(options: CallOptions, run: (options: ConnectCallOptions) => Promise<T>): Promise<T> {
    const { signal, timeoutMs, retry, waitForReady } = options;
    try {
      return await run({ signal, timeoutMs, contextValues: callRetrySettings({ retry, waitForReady }) });
    } catch (thrown) {
      throw toTabulaError(thrown);
    }
  }

  /** Every game kind the server hosts, with its seat names, default configuration and presets. */
  async listGameKinds(options: CallOptions = {}): Promise<GameKindInfo[]> {
    return (await this.call(options, (o) => this.raw.listGameKinds({}, o))).kinds;
  }

  /**
   * A game from one of `kind`'s named presets; the response holds one token per seat. Options:
   * `private`, `requestId`, `bots` (seats the server's engine plays), `allowHints`, `players`
   * (who sits in each seat), `labels` (the managing backend's, to find it by), `startTime`
   * (when a game scheduled ahead starts: until then every move rejects with
   * FAILED_PRECONDITION GAME_NOT_STARTED), `spectatorDelay` (how many moves, or how long,
   * spectators see the game behind its seats), `ownerStreamMoves` (each move on the owner's
   * stream too, as `OwnerEventKind.MOVE_PLAYED`), `ratingPool` (the pool the game is rated in,
   * `RatingPool.KIND` or `RatingPool.PRESET`: its players' ratings are updated once it ends).
   */
  createGameFromPreset(kind: GameKind, preset: string, options: CreateOptions = {}): Promise<Present<CreateGameResponse, "game">> {
    return this.createGame(gameFromPreset(kind, preset, options), options);
  }

  /**
   * A game from a full configuration (zero fields take their defaults). Options as for
   * `createGameFromPreset`, and `clock`, the game's clocks (some presets come on a clock of
   * their own, their `config.clock`; pass another preset's `config` from `listGameKinds()`
   * here to play it with clocks), and `starter`, the seat that moves first
   * (`Starter.SECOND_SEAT`; `Starter.RANDOM` is drawn at creation, and the answered game's
   * `config.starter` names the seat drawn). Both apply to a copy: `config` is left as it was.
   */
  createGameFromConfig(
    config: MessageInitShape<typeof GameConfigSchema>,
    options: ConfigOptions = {},
  ): Promise<Present<CreateGameResponse, "game">> {
    return this.createGame(gameFromConfig(config, options), options);
  }

  /**
   * A chess game imported from PGN, at the position after its moves (or after `ply` of them),
   * with those moves as its history. Options as for `createGameFromPreset`, and `ply`.
   */
  createGameFromPgn(pgn: string, options: PgnOptions = {}): Promise<Present<CreateGameResponse, "game">> {
    return this.createGame(gameFromPgn(pgn, options), options);
  }

  /**
   * A game from one of the caller's saved configurations (`createSavedConfig`), by name. The
   * game copies it, clock and starter included (a saved `Starter.RANDOM` is drawn for each
   * game), so later updates or deletion of the saved configuration never change the game.
   * Options as for `createGameFromPreset`: `private`, `requestId`, `bots`, `allowHints`,
   * `players`, `labels`, `startTime`, `spectatorDelay`, `ownerStreamMoves`, `ratingPool`
   * (`RatingPool.KIND` only: a saved configuration is no preset). An unknown name rejects with
   * NOT_FOUND SAVED_CONFIG_NOT_FOUND.
   */
  createGameFromSavedConfig(name: string, options: CreateOptions = {}): Promise<Present<CreateGameResponse, "game">> {
    return this.createGame(gameFromSavedConfig(name, options), options);
  }

  private async createGame(request: CreateGameRequest, options: CallOptions): Promise<Present<CreateGameResponse, "game">> {
    return present(await this.call(options, (o) => this.raw.createGame(request, o)), "game");
  }

  /**
   * Creates 1 to 500 games in one call, all or nothing, and resolves to one
   * `CreateGameResponse` per request, in the requests' order, each as `createGameFrom...`
   * answers it (the game and one token per seat). Needs a service key (anyone's on a server
   * without keys). `requests` are `CreateGameRequest`s, built with `gameFromPreset`,
   * `gameFromConfig`, `gameFromPgn` and `gameFromSavedConfig` (or init objects of their
   * fields), each with its own players, bots, labels, privacy, hints, start time, spectator
   * delay, `ownerStreamMoves` and `ratingPool`, and each without a `requestId` of its own.
   * `options.requestId` makes the whole batch safe to retry: the same key, id and requests
   * again resolve to the games the first call made, in order, each `retried`, with new seat tokens for a game nobody but the engine has acted in yet (the
   * first ones stop working) and none for the others; the same id with other requests rejects
   * with FAILED_PRECONDITION REQUEST_ID_REUSED. If any request is refused no game is made: a
   * bad request rejects with INVALID_ARGUMENT INVALID_REQUEST, whose `google.rpc.BadRequest`
   * names every problem of every request under `requests[N]` (`requests[1].labels[Stage]`,
   * `requests[2].preset`), or with the first request's refusal that names no field (NOT_FOUND
   * SAVED_CONFIG_NOT_FOUND). The key's cap of games in progress counts every game of the batch
   * (RESOURCE_EXHAUSTED TOO_MANY_GAMES, metadata `limit`, when they do not all fit).
   */
  async batchCreateGames(
    requests: MessageInitShape<typeof CreateGameRequestSchema>[],
    options: ManageOptions = {},
  ): Promise<Present<CreateGameResponse, "game">[]> {
    const request = create(BatchCreateGamesRequestSchema, { requests, requestId: options.requestId ?? "" });
    const { games } = await this.call(options, (o) => this.raw.batchCreateGames(request, o));
    return games.map((created) => present(created, "game"));
  }

  /**
   * The rematch of a finished game: a new game of the same configuration (a Chess960 start
   * included), clock, labels, privacy, hints, spectator delay, `ownerStreamMoves` and rating
   * pool (`ratingPool`), with its players and its engine's seats swapped between the two seats
   * (colours change hands; a one-seat game keeps them), and new seat tokens. Resolves to a
   * `CreateRematchResponse`: the new `game` (`game.rematchOf` names
   * the finished one, whose `rematch` now names it), one token per seat in `seatTokens`, and
   * `retried`. Needs a service key (anyone's on a server without keys); counts against the
   * key's cap of games in progress (RESOURCE_EXHAUSTED TOO_MANY_GAMES). A game has at most one
   * rematch: asking again rejects with ALREADY_EXISTS REMATCH_EXISTS, metadata
   * `rematch_game_id` naming it, unless `options.requestId` repeats the id of the call that
   * made it (same key and game): that resolves to the same game, `retried`, with new seat
   * tokens while nobody but the engine has acted in it (the first ones stop working) and none
   * afterwards. A game in progress rejects with FAILED_PRECONDITION GAME_NOT_FINISHED, as
   * does a finished one whose end may still be taken back (`endingTakebackWindowMs`; metadata
   * `final_at`, RFC 3339, says when its end is final), an unknown one with NOT_FOUND
   * GAME_NOT_FOUND.
   */
  async createRematch(gameId: string, options: ManageOptions = {}): Promise<Present<CreateRematchResponse, "game">> {
    const request = create(CreateRematchRequestSchema, { gameId, requestId: options.requestId ?? "" });
    return present(await this.call(options, (o) => this.raw.createRematch(request, o)), "game");
  }

  /** The game's public summary: kind, configuration, status, outcome and sequence number. */
  async getGame(gameId: string, options: CallOptions = {}): Promise<Game> {
    const response = await this.call(options, (o) => this.raw.getGame({ gameId }, o));
    return required(response.game, "game");
  }

  /**
   * One page of the server's games, newest first (needs a service key): `games`, and
   * `nextPageToken` to ask for the next page with the same filters (empty on the last page).
   * `playerId` keeps a player's games, `labels` the games carrying every one of them.
   */
  listGames(options: ListGamesOptions = {}): Promise<ListGamesResponse> {
    const request = create(ListGamesRequestSchema, {
      kind: options.kind,
      status: options.status,
      createTimeAfter: timestamp(options.createTimeAfter),
      createTimeBefore: timestamp(options.createTimeBefore),
      playerId: options.playerId ?? "",
      labels: { ...options.labels },
      pageSize: options.pageSize ?? 0,
      pageToken: options.pageToken ?? "",
    });
    return this.call(options, (o) => this.raw.listGames(request, o));
  }

  /**
   * The game as this caller may see it: a seat sees its own secrets, a spectator or service
   * key what every viewer sees. With `atSeq`, the game as it stood right after the event with
   * that sequence number (1n: the creation), in a running game too, as this caller saw it then
   * and with the clocks as they read at that event: the view an event stream with
   * `includeViews` carried at that event. A clock's pause, resumption or added time is an
   * event but not a move, so the board at its seq is the board of the event before. 0n or a
   * seq beyond the log rejects with OUT_OF_RANGE SEQ_OUT_OF_RANGE.
   */
  async getView(gameId: string, options: ViewOptions = {}): Promise<View> {
    const request = create(GetViewRequestSchema, { gameId, atSeq: options.atSeq });
    const response = await this.call(options, (o) => this.raw.getView(request, o));
    return required(response.view, "view");
  }

  /** The moves `seat` may make now, each ready to submit (`legal.moves[0].move`); 0 means the caller's own seat. */
  async listLegalMoves(
    gameId: string,
    seat = 0,
    options: CallOptions = {},
  ): Promise<ListLegalMovesResponse & { moves: Present<LegalMove, "move">[] }> {
    const legal = await this.call(options, (o) => this.raw.listLegalMoves({ gameId, seat }, o));
    for (const listed of legal.moves) present(listed, "move");
    return legal as ListLegalMovesResponse & { moves: Present<LegalMove, "move">[] };
  }

  /**
   * Submits one move (build it with `moves`). The answer holds the game's `view` after it,
   * typed as present, unless `basicAnswer` left it out.
   */
  submitMove(gameId: string, move: Move, options: SubmitOptions & { basicAnswer: true }): Promise<SubmitMoveResponse>;
  submitMove(
    gameId: string,
    move: Move,
    options?: SubmitOptions & { basicAnswer?: false },
  ): Promise<Present<SubmitMoveResponse, "view">>;
  submitMove(gameId: string, move: Move, options?: SubmitOptions): Promise<SubmitMoveResponse>;
  async submitMove(gameId: string, move: Move, options: SubmitOptions = {}): Promise<SubmitMoveResponse> {
    const request = create(SubmitMoveRequestSchema, {
      gameId,
      move,
      expectedSeq: options.expectedSeq,
      requestId: options.requestId ?? "",
      validateOnly: options.validateOnly ?? false,
      view: options.basicAnswer ? SubmitMoveView.BASIC : SubmitMoveView.UNSPECIFIED,
    });
    const answer = await this.call(options, (o) => this.raw.submitMove(request, o));
    return options.basicAnswer ? answer : present(answer, "view");
  }

  /** Resigns the caller's seat and ends the game; resolves to the finished game's view and seq. */
  async resign(gameId: string, options: ManageOptions = {}): Promise<Present<ResignResponse, "view">> {
    const requestId = options.requestId ?? "";
    return present(await this.call(options, (o) => this.raw.resign({ gameId, requestId }, o)), "view");
  }

  /** A chess game, running or finished, in PGN. */
  async exportPgn(gameId: string, options: CallOptions = {}): Promise<string> {
    return (await this.call(options, (o) => this.raw.exportPgn({ gameId }, o))).pgn;
  }

  /**
   * The game, running or finished, as a document to keep or to import into another server
   * (`importGame`, or `tabula import`): JSON whose `format` is `tabula.game.v1`, as
   * `tabula export` writes it, holding the game's configuration, its seats' token hashes
   * (never the tokens) and its whole log, hidden moves included. Needs a service key (anyone's
   * on a server without keys). A read: retried after UNAVAILABLE like `getGame`. A document
   * larger than the server's message limit (1 MiB unless `--max-message-bytes` says
   * otherwise) cannot be sent; `tabula export` reads such a game from the store.
   */
  async exportGame(gameId: string, options: CallOptions = {}): Promise<string> {
    return (await this.call(options, (o) => this.raw.exportGame({ gameId }, o))).document;
  }

  /**
   * Imports a document `exportGame` (or `tabula export`) wrote as a game of this server and
   * resolves to it, after the checks `tabula import` makes (the format; the log without gaps
   * from the creation on, every move legal as it replays; one token hash per seat; the status
   * and end as the replay ends; a valid time control). The game keeps its id, its log and its
   * seats' tokens (the document holds their hashes), so its players carry on with the tokens
   * they had; it is owned by the calling key and counts towards its games in progress. A
   * running game carries on at once: its clocks run from their last reading, and a seat the
   * engine plays moves if it is to act. With `validateOnly` the document is only checked: the
   * answer is the game as it would be, and nothing is stored. Needs a service key (anyone's on
   * a server without keys). A document that is not one, or does not hold together, rejects
   * with INVALID_ARGUMENT INVALID_DOCUMENT, whose `fieldViolations` name the problem (on the
   * field `document`); an empty one with INVALID_REQUEST; a document whose game id the server
   * has already with ALREADY_EXISTS GAME_EXISTS (metadata `game_id`); one past the key's cap of
   * games in progress with RESOURCE_EXHAUSTED TOO_MANY_GAMES. A write without a request id:
   * never retried after UNAVAILABLE (the server may have imported it; `getGame` tells), but
   * importing the same document again is harmless, GAME_EXISTS if the first one was stored.
   */
  async importGame(document: string, options: ImportGameOptions = {}): Promise<Game> {
    const request = create(ImportGameRequestSchema, { document, validateOnly: options.validateOnly ?? false });
    const response = await this.call(options, (o) => this.raw.importGame(request, o));
    return required(response.game, "game");
  }

  /**
   * The engine's analysis of a position: `result`, with `HintResult.MOVE` the suggested `move`
   * (ready to submit with `{ expectedSeq: hint.seq }`), the `principalVariation` that starts
   * with it, a `score` for the `seat` analysed (`exact` with `result`, or an estimate `value`
   * in `unit`), `depth` and `nodes`. Options: `maxTimeMs`, `maxNodes` (the search's budget)
   * and `atSeq` (a finished game's earlier position). While the game runs only the seat to
   * move may ask (SEAT_REQUIRED, NOT_YOUR_TURN), in a game created with `allowHints`
   * (HINTS_DISABLED); once it is finished anyone who may read it may, and its final position
   * answers `HintResult.ALREADY_SOLVED` with seat 0. The search stops when the call ends.
   */
  getHint(gameId: string, options: HintOptions = {}): Promise<GetHintResponse> {
    const request = create(GetHintRequestSchema, {
      gameId,
      maxTime: options.maxTimeMs === undefined ? undefined : durationFromMs(options.maxTimeMs),
      maxNodes: options.maxNodes ?? 0n,
      atSeq: options.atSeq,
    });
    return this.call(options, (o) => this.raw.getHint(request, o));
  }

  /**
   * One page of the ways a puzzle (peg solitaire) can still be solved from a position of the
   * game: `solutionCount`, how many distinct move sequences end it solved (one peg left,
   * anywhere), in decimal as it may exceed 64 bits (`"0"` when it can no longer be solved,
   * `"1"` in a solved position: the empty sequence; empty, with `countOverflow`, past
   * 2^128 - 1, when no page is listed); `solutions`, this page of them, each a
   * `PuzzleSolution` whose `moves` are ready to submit in turn (with `labels`, each move's
   * short description); `nextPageToken` for the next page (empty on the last); `seq`, the
   * position's; and `nodes`, the positions the count expanded. The same position always lists
   * the same solutions in the same order. Options: `pageSize`, `pageToken` and `atSeq` (a
   * finished game's earlier position). Who may ask follows `getHint`: while the game runs only
   * its seat to move (a spectator or service key: PERMISSION_DENIED SEAT_REQUIRED), at its
   * current position, in a game that allows hints (peg solitaire does unless created with
   * `allowHints: false`; else HINTS_DISABLED); once it is finished anyone who may read it, at
   * any position. A game that is not a puzzle rejects with FAILED_PRECONDITION
   * UNSUPPORTED_BY_GAME; a count past the server's bound (50,000,000 positions or 10 s) with
   * FAILED_PRECONDITION SEARCH_LIMIT_REACHED (metadata `nodes`: ask again a few moves on); a
   * page token of a position the running game has moved on from with ABORTED STALE_SEQ. A
   * read: retried after UNAVAILABLE like `getHint`.
   */
  listPuzzleSolutions(gameId: string, options: ListPuzzleSolutionsOptions = {}): Promise<ListPuzzleSolutionsResponse> {
    const request = create(ListPuzzleSolutionsRequestSchema, {
      gameId,
      atSeq: options.atSeq,
      pageSize: options.pageSize ?? 0,
      pageToken: options.pageToken ?? "",
    });
    return this.call(options, (o) => this.raw.listPuzzleSolutions(request, o));
  }

  /**
   * Every solution of the puzzle from the position, in the order `listPuzzleSolutions` lists
   * them: it asks for the first page and follows each `nextPageToken` until the last, yielding
   * each `PuzzleSolution` as its page arrives (`pageSize` solutions a page, 50 unless told).
   * Each page is a call of its own, with the call options (`signal`, `timeoutMs`, `retry`,
   * `waitForReady`) and `atSeq` given; breaking out of the loop asks for no more pages. Who
   * may ask and the errors are `listPuzzleSolutions`', thrown by the iteration: in a running
   * game, a move played meanwhile makes the next page throw ABORTED STALE_SEQ. There may be
   * very many: 29,760 from the 15-hole triangle's start, far more on larger boards (read
   * `solutionCount` with `listPuzzleSolutions` first), and none when `countOverflow`.
   */
  async *allPuzzleSolutions(
    gameId: string,
    options: Omit<ListPuzzleSolutionsOptions, "pageToken"> = {},
  ): AsyncGenerator<PuzzleSolution, void, undefined> {
    let pageToken = "";
    do {
      const page = await this.listPuzzleSolutions(gameId, { ...options, pageToken });
      yield* page.solutions;
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
  }

  /**
   * Takes back the caller's own last move while no other seat has moved since, in a game
   * that allows takebacks (its `config.allowTakebacks`, set on the configuration at creation;
   * peg solitaire always does): else FAILED_PRECONDITION TAKEBACK_NOT_ALLOWED, and
   * NOTHING_TO_TAKE_BACK when the last move is another seat's (or there is none).
   * In a two-seat game that also sets `config.takebacksNeedConsent` it only asks the other
   * seat: the game logs a `takebackRequested` event, the answer's `view.takebackRequest` is
   * the caller's seat and `view.moveCount` is unchanged, until the other seat answers with
   * `answerTakeBack`. A second request while one waits rejects with TAKEBACK_ALREADY_REQUESTED.
   * In a game whose configuration sets an ending takeback window (`endingTakebackWindow:
   * endingTakebackWindowMs(ms)`), the seat whose move ended the game by the rules may take it
   * back within that window after the game's last event (or ask to, where takebacks need
   * consent): the game is in progress again, logging a `moveTakenBack` then a `gameResumed`
   * (`OwnerEventKind.GAME_RESUMED` on the owner's stream). Afterwards it rejects with GAME_OVER.
   */
  async takeBack(gameId: string, options: TakeBackOptions = {}): Promise<Present<TakeBackResponse, "view">> {
    const request = create(TakeBackRequestSchema, {
      gameId,
      expectedSeq: options.expectedSeq,
      requestId: options.requestId ?? "",
    });
    return present(await this.call(options, (o) => this.raw.takeBack(request, o)), "view");
  }

  /**
   * Answers the other seat's takeback request in a game with `config.takebacksNeedConsent`
   * (needs a seat's credential, else PERMISSION_DENIED SEAT_REQUIRED). `accept` true undoes
   * the asking seat's last move: a `moveTakenBack` event for that seat whose actor is the
   * caller; false declines it: a `takebackDeclined` event, and the move stands. Either way
   * `view.takebackRequest` is 0 afterwards. A move made before the answer lets the request
   * lapse. Rejects with FAILED_PRECONDITION NO_TAKEBACK_REQUEST when no request waits for the
   * caller's answer (or the waiting one is the caller's own), GAME_OVER, REQUEST_ID_REUSED,
   * and ABORTED STALE_SEQ for a stale `expectedSeq`.
   */
  async answerTakeBack(
    gameId: string,
    accept: boolean,
    options: TakeBackOptions = {},
  ): Promise<Present<AnswerTakeBackResponse, "view">> {
    const request = create(AnswerTakeBackRequestSchema, {
      gameId,
      accept,
      expectedSeq: options.expectedSeq,
      requestId: options.requestId ?? "",
    });
    return present(await this.call(options, (o) => this.raw.answerTakeBack(request, o)), "view");
  }

  /**
   * Claims the game for the caller's seat (or, with `draw`, a draw) when the seat to move has
   * gone away, in a two-seat game whose configuration keeps presence with a claim window
   * (`presence: presenceConfig({ claimAfterMs })`): once that seat has been gone (its
   * `seatPresenceChanged` to not present) for `claimAfterMs`, the game ends adjudicated (a
   * `gameAdjudicated` event naming the claim, with the caller as actor, then `gameEnded`),
   * won by the caller or drawn. Resolves to `{ seq, view }`: the seq of the `gameEnded` and
   * the finished game as the caller sees it. Needs a seat's credential (else
   * PERMISSION_DENIED SEAT_REQUIRED). Rejects with FAILED_PRECONDITION CLAIM_NOT_AVAILABLE
   * when no claim can be made (the game keeps no claim window, it is over, the caller is to
   * move, or the seat to move is present), CLAIM_TOO_EARLY before the window has passed
   * (metadata `claimable_at`, RFC 3339, says from when; the view's `presence` shows it too,
   * as `claimableAt`), or REQUEST_ID_REUSED.
   */
  async claimVictory(gameId: string, options: ClaimOptions = {}): Promise<Present<ClaimVictoryResponse, "view">> {
    const request = create(ClaimVictoryRequestSchema, {
      gameId,
      draw: options.draw ?? false,
      requestId: options.requestId ?? "",
    });
    return present(await this.call(options, (o) => this.raw.claimVictory(request, o)), "view");
  }

  /** Follows the game's events after `afterSeq`, reconnecting on its own (see EventStream). */
  events(gameId: string, afterSeq = 0n, options: EventOptions = {}): EventStream {
    return new EventStream(this, gameId, afterSeq, options);
  }

  /**
   * Archives a finished game (needs a service key); resolves to it, `GameStatus.ARCHIVED`. A
   * game in progress rejects with FAILED_PRECONDITION GAME_NOT_FINISHED, as does a finished
   * one whose end may still be taken back (`endingTakebackWindowMs`; metadata `final_at`).
   */
  async archiveGame(gameId: string, options: CallOptions = {}): Promise<Game> {
    const response = await this.call(options, (o) => this.raw.archiveGame({ gameId }, o));
    return required(response.game, "game");
  }

  /** Deletes a game and its log for good (needs a service key). */
  async deleteGame(gameId: string, options: CallOptions = {}): Promise<void> {
    await this.call(options, (o) => this.raw.deleteGame({ gameId }, o));
  }

  /** A new token for `seat` (from 1), replacing the old one at once (needs a service key). */
  async reissueSeatToken(gameId: string, seat: number, options: CallOptions = {}): Promise<SeatToken> {
    const response = await this.call(options, (o) => this.raw.reissueSeatToken({ gameId, seat }, o));
    return required(response.seatToken, "seat token");
  }

  /**
   * Replaces a game's labels with `labels` (`UpdateGame` with the update mask `labels`), in
   * any status, and resolves to the game as it is now; an empty record clears them. Needs a
   * service key. Nothing of the game's play changes and no event is logged. Labels are checked
   * like `CreateOptions.labels`: a bad one rejects with INVALID_ARGUMENT INVALID_REQUEST, a
   * field violation `game.labels[KEY]` naming each; an unknown game with NOT_FOUND
   * GAME_NOT_FOUND.
   */
  async updateGameLabels(gameId: string, labels: Record<string, string>, options: CallOptions = {}): Promise<Game> {
    const request = create(UpdateGameRequestSchema, {
      game: { gameId, labels: { ...labels } },
      updateMask: { paths: ["labels"] },
    });
    const response = await this.call(options, (o) => this.raw.updateGame(request, o));
    return required(response.game, "game");
  }

  /**
   * Calls a game in progress off with no result (`OutcomeType.NO_RESULT`,
   * `EndReason.ABORTED`) and resolves to the finished game. Needs a service key, an
   * explanation (at most 500 characters), and a game where no seat has moved twice yet (else
   * TOO_LATE_TO_ABORT; a finished game is GAME_OVER).
   */
  async abortGame(gameId: string, explanation: string, options: ManageOptions = {}): Promise<Game> {
    const requestId = options.requestId ?? "";
    const response = await this.call(options, (o) => this.raw.abortGame({ gameId, explanation, requestId }, o));
    return required(response.game, "game");
  }

  /**
   * Decides a game in progress from outside the board (`EndReason.ADJUDICATION`) and resolves
   * to the finished game: `result` is `OutcomeType.WIN` with the winning seat (from 1), or
   * `OutcomeType.DRAW` with winner 0. Needs a service key and an explanation (at most 500
   * characters); a finished game is GAME_OVER.
   */
  async adjudicateGame(
    gameId: string,
    result: OutcomeType,
    winner: number,
    explanation: string,
    options: ManageOptions = {},
  ): Promise<Game> {
    const requestId = options.requestId ?? "";
    const response = await this.call(options, (o) =>
      this.raw.adjudicateGame({ gameId, result, winner, explanation, requestId }, o),
    );
    return required(response.game, "game");
  }

  /**
   * Saves a configuration under a name of the caller's (`{ name, description?, config }`) for
   * `createGameFromSavedConfig`, and resolves to it as saved: `config` with every field filled
   * in (a `Starter.RANDOM` stays RANDOM, drawn for each game), its `kind`, `createTime` and
   * `updateTime`. Needs a service key (anyone on a server without keys); each key sees only
   * its own saved configurations (on a server without keys, everyone shares one namespace).
   * A name is 1 to 64 lower-case letters, digits, `_` and `-`, a description at most 500
   * characters (else INVALID_ARGUMENT INVALID_REQUEST); the configuration is validated like
   * `createGameFromConfig`'s (INVALID_CONFIG, every problem named). Rejects with
   * ALREADY_EXISTS SAVED_CONFIG_EXISTS for a name taken, RESOURCE_EXHAUSTED
   * TOO_MANY_SAVED_CONFIGS past 1,000 a key.
   */
  createSavedConfig(
    saved: MessageInitShape<typeof SavedConfigSchema>,
    options: CallOptions = {},
  ): Promise<SavedConfig> {
    return this.call(options, (o) => this.raw.createSavedConfig({ savedConfig: saved }, o));
  }

  /** One of the caller's saved configurations, by name (else NOT_FOUND SAVED_CONFIG_NOT_FOUND). */
  getSavedConfig(name: string, options: CallOptions = {}): Promise<SavedConfig> {
    return this.call(options, (o) => this.raw.getSavedConfig({ name }, o));
  }

  /**
   * One page of the caller's saved configurations, by name: `savedConfigs`, and
   * `nextPageToken` (the page's last name) to ask for the next page (empty on the last page).
   */
  listSavedConfigs(options: ListSavedConfigsOptions = {}): Promise<ListSavedConfigsResponse> {
    const request = create(ListSavedConfigsRequestSchema, {
      pageSize: options.pageSize ?? 0,
      pageToken: options.pageToken ?? "",
    });
    return this.call(options, (o) => this.raw.listSavedConfigs(request, o));
  }

  /**
   * Replaces the description and configuration of the caller's saved configuration named
   * `saved.name`, keeping its `createTime`, and resolves to it as saved. Games created from it
   * keep the copy they made. Rejects with NOT_FOUND SAVED_CONFIG_NOT_FOUND, and as
   * `createSavedConfig` does for a bad description or configuration.
   */
  updateSavedConfig(
    saved: MessageInitShape<typeof SavedConfigSchema>,
    options: CallOptions = {},
  ): Promise<SavedConfig> {
    return this.call(options, (o) => this.raw.updateSavedConfig({ savedConfig: saved }, o));
  }

  /**
   * Deletes one of the caller's saved configurations (else NOT_FOUND SAVED_CONFIG_NOT_FOUND);
   * games created from it are not changed.
   */
  async deleteSavedConfig(name: string, options: CallOptions = {}): Promise<void> {
    await this.call(options, (o) => this.raw.deleteSavedConfig({ name }, o));
  }

  /**
   * Stops every clock of a game in progress and resolves to the game as a spectator sees it
   * (`view.clock.paused`); no seat moves until `resumeClock` (CLOCK_PAUSED). Needs a service
   * key. Rejects with FAILED_PRECONDITION NO_CLOCK, CLOCK_PAUSED (already paused),
   * OUT_OF_TIME (a seat's time had run out) or GAME_OVER.
   */
  async pauseClock(gameId: string, options: ManageOptions = {}): Promise<View> {
    const requestId = options.requestId ?? "";
    const response = await this.call(options, (o) => this.raw.pauseClock({ gameId, requestId }, o));
    return required(response.view, "view");
  }

  /**
   * Starts a paused game's clocks again (each seat to act thinks from now, with the time it
   * had) and resolves to the game as a spectator sees it. Needs a service key. Rejects with
   * FAILED_PRECONDITION NO_CLOCK, CLOCK_NOT_PAUSED or GAME_OVER.
   */
  async resumeClock(gameId: string, options: ManageOptions = {}): Promise<View> {
    const requestId = options.requestId ?? "";
    const response = await this.call(options, (o) => this.raw.resumeClock({ gameId, requestId }, o));
    return required(response.view, "view");
  }

  /**
   * Gives `seat` (from 1) `timeMs` more milliseconds (rounded to whole ones; 1 ms to 1 day),
   * its clock running or paused, and resolves to the game as a spectator sees it. Needs a
   * service key. Rejects with INVALID_ARGUMENT INVALID_REQUEST (a seat the game lacks, a time
   * out of range), FAILED_PRECONDITION NO_CLOCK, OUT_OF_TIME (the seat's time had run out) or
   * GAME_OVER.
   */
  async addTime(gameId: string, seat: number, timeMs: number, options: ManageOptions = {}): Promise<View> {
    const requestId = options.requestId ?? "";
    const time = durationFromMs(Math.round(timeMs));
    const response = await this.call(options, (o) => this.raw.addTime({ gameId, seat, time, requestId }, o));
    return required(response.view, "view");
  }

  /**
   * A series from one of `kind`'s named presets: games of that configuration between the same
   * two players, who take turns in seat 1 (player 1 sits in seat 1 in odd-numbered games, in
   * seat 2 in even ones). The server creates the first game at once and each next one when a
   * game ends, and keeps the score; follow it with `seriesEvents` or read it with `getSeries`.
   * Options: the length, `{ bestOf }` (1 to 99) or `{ firstTo }` (1 to 50), exactly one;
   * `draws`, `players` (at most two), `bots` (players the engine plays, by player number),
   * `private`, `allowHints`, `requestId`, `labels` (the series', which each of its games
   * takes), `ratingPool` (every game rated in that pool, as a game's `ratingPool`). Resolves to the series, with its first game, and one `SeriesToken` per player in
   * `playerTokens`: in every game of the series a player's token acts as the seat the player
   * sits in (`withCredential(token)`). Only two-seat kinds make a series (not peg solitaire);
   * that, a bad length or bot rejects with INVALID_REQUEST. Needs a service key (anyone on a
   * server without keys), like `createGameFromPreset`.
   */
  createSeriesFromPreset(kind: GameKind, preset: string, options: SeriesOptions): Promise<Present<CreateSeriesResponse, "series">> {
    return this.createSeries({ case: "preset", value: preset }, kind, options);
  }

  /**
   * A series whose games are created from a full configuration (zero fields take their
   * defaults; random parts, a random starter or a Chess960 start, are drawn anew for each
   * game). Options as for `createSeriesFromPreset`, and `clock` and `starter` as for
   * `createGameFromConfig`, applied to a copy: `config` is left as it was.
   */
  createSeriesFromConfig(
    config: MessageInitShape<typeof GameConfigSchema>,
    options: SeriesConfigOptions,
  ): Promise<Present<CreateSeriesResponse, "series">> {
    const { clock, starter } = options;
    const clocked = clock === undefined ? config : withClock(config, clock);
    const value = starter === undefined ? clocked : withStarter(clocked, starter);
    return this.createSeries({ case: "config", value }, undefined, options);
  }

  /**
   * A series whose games copy one of the caller's saved configurations (`createSavedConfig`),
   * by name. Options as for `createSeriesFromPreset`. An unknown name rejects with NOT_FOUND
   * SAVED_CONFIG_NOT_FOUND.
   */
  createSeriesFromSavedConfig(name: string, options: SeriesOptions): Promise<Present<CreateSeriesResponse, "series">> {
    return this.createSeries({ case: "savedConfig", value: name }, undefined, options);
  }

  private async createSeries(
    source: MessageInitShape<typeof CreateSeriesRequestSchema>["source"],
    kind: GameKind | undefined,
    options: SeriesOptions,
  ): Promise<Present<CreateSeriesResponse, "series">> {
    const { requestId = "", private: isPrivate = false, bots = [], players = [], allowHints, draws } = options;
    const { bestOf = 0, firstTo = 0, ratingPool = RatingPool.UNSPECIFIED } = options;
    const labels = { ...options.labels };
    const created = await this.call(options, (o) =>
      this.raw.createSeries(
        { source, kind, bestOf, firstTo, draws, players, bots, private: isPrivate, allowHints, requestId, labels, ratingPool },
        o,
      ),
    );
    return present(created, "series");
  }

  /**
   * A series: its configuration and length, `players`, `status`, its `games` so far (each with
   * `gameId`, `playerOneSeat` and, once scored, `outcome` and `points`), the two players'
   * `points` and, once finished, the `winner` (1 or 2; 0 for a tie), and `ratingPool`, the
   * name of the pool its games are rated in (empty when they are not). A private series is read
   * only with a service key or one of its players' tokens. An unknown id rejects with
   * NOT_FOUND SERIES_NOT_FOUND.
   */
  async getSeries(seriesId: string, options: CallOptions = {}): Promise<Series> {
    const response = await this.call(options, (o) => this.raw.getSeries({ seriesId }, o));
    return required(response.series, "series");
  }

  /**
   * One page of the server's series, newest first (needs a service key): `series`, and
   * `nextPageToken` to ask for the next page with the same filters (empty on the last page).
   * `labels` keeps the series carrying every one of them.
   */
  listSeries(options: ListSeriesOptions = {}): Promise<ListSeriesResponse> {
    const request = create(ListSeriesRequestSchema, {
      status: options.status,
      labels: { ...options.labels },
      pageSize: options.pageSize ?? 0,
      pageToken: options.pageToken ?? "",
    });
    return this.call(options, (o) => this.raw.listSeries(request, o));
  }

  /**
   * Replaces a series' labels with `labels` (`UpdateSeries` with the update mask `labels`), a
   * finished series' too, and resolves to the series as it is now; an empty record clears
   * them. The games it already made keep their labels; the games it makes after take the new
   * ones. Needs a service key. Labels are checked like `CreateOptions.labels` (INVALID_ARGUMENT
   * INVALID_REQUEST, a field violation `series.labels[KEY]` naming each); an unknown series
   * rejects with NOT_FOUND SERIES_NOT_FOUND.
   */
  async updateSeriesLabels(
    seriesId: string,
    labels: Record<string, string>,
    options: CallOptions = {},
  ): Promise<Series> {
    const request = create(UpdateSeriesRequestSchema, {
      series: { seriesId, labels: { ...labels } },
      updateMask: { paths: ["labels"] },
    });
    const response = await this.call(options, (o) => this.raw.updateSeries(request, o));
    return required(response.series, "series");
  }

  /**
   * Follows the series' events after `afterSeq` until the server closes the stream after
   * `seriesFinished`, reconnecting on its own (see SeriesEventStream).
   */
  seriesEvents(seriesId: string, afterSeq = 0n, options: StreamOptions = {}): SeriesEventStream {
    return new SeriesEventStream(this, seriesId, afterSeq, options);
  }

  /**
   * Follows what happens to every game the calling service key owns (on a server without
   * keys, the games created without one), created, started, ended, a draw offered, a takeback
   * asked, a seat come or gone (in a game keeping presence), a seat's time run out, a game's
   * end taken back, each move of a game created with `ownerStreamMoves`, a game of a series
   * scored (`SERIES_GAME_FINISHED`) and a series decided (`SERIES_FINISHED`; both with the
   * series' own event in `seriesEvent`), a tournament's board scored
   * (`TOURNAMENT_BOARD_FINISHED`), round finished (`TOURNAMENT_ROUND_FINISHED`) and the
   * tournament finished (`TOURNAMENT_FINISHED`; the three with the tournament's own event in
   * `tournamentEvent`), after `afterCursor` (default 0n: from the start) and then live, reconnecting on
   * its own (see OwnerEventStream); `kinds` and `labels` keep only those events, or those of
   * games carrying every label. Needs a service key where the server has keys
   * (UNAUTHENTICATED SERVICE_KEY_REQUIRED).
   */
  ownerEvents(options: OwnerEventOptions = {}): OwnerEventStream {
    return new OwnerEventStream(this, options);
  }

  /**
   * A player's ratings under the calling service key (`GetPlayerRatings`), one
   * `PlayerRating` per pool the player was rated in, by pool name; none for a player never
   * rated. `playerId` is a seat's `Player.playerId` in a rated game (`CreateOptions.ratingPool`),
   * or `engine-level-<level>` for the server's engine at that level. Each holds the `pool`,
   * the `rating` now (`rating`, `deviation`, as of now: it grows while the player is away,
   * `volatility`, and `provisional` above a deviation of 110), the rated `games`, `wins`,
   * `draws` and `losses`, and `lastRatedTime`; `rank` is 0 (`listLeaderboard` ranks). Needs a
   * service key (anyone's on a server without keys, who share one set of ratings). An empty
   * id, or one over 128 characters, rejects with INVALID_ARGUMENT INVALID_REQUEST.
   */
  async getPlayerRatings(playerId: string, options: CallOptions = {}): Promise<PlayerRating[]> {
    return (await this.call(options, (o) => this.raw.getPlayerRatings({ playerId }, o))).ratings;
  }

  /**
   * One page of a pool's leaderboard under the calling service key (`ListLeaderboard`):
   * `ratings`, the best rating first (players with equal ratings by id), each a
   * `PlayerRating` with its `rank`, its place from 1 (each player a place of its own), and
   * `nextPageToken` to ask for the next page with the same pool and filter (empty on the last
   * page). `pool` is a `GameRating.pool`: a kind's name (`tic_tac_toe`, `chess`) for games
   * rated with `RatingPool.KIND`, `<kind>/<preset>` (`chess/blitz_3_2`) for
   * `RatingPool.PRESET`; a pool nobody was rated in is empty. Provisional ratings are listed,
   * flagged (`rating.provisional`), unless `excludeProvisional`, which ranks only those listed.
   * Needs a service key (anyone's on a server without keys). An empty pool or one over 128
   * characters, or a negative page size, rejects with INVALID_ARGUMENT INVALID_REQUEST; a
   * token of another pool or filter with INVALID_PAGE_TOKEN.
   */
  listLeaderboard(pool: string, options: ListLeaderboardOptions = {}): Promise<ListLeaderboardResponse> {
    const request = create(ListLeaderboardRequestSchema, {
      pool,
      pageSize: options.pageSize ?? 0,
      pageToken: options.pageToken ?? "",
      excludeProvisional: options.excludeProvisional ?? false,
    });
    return this.call(options, (o) => this.raw.listLeaderboard(request, o));
  }

  /**
   * A tournament of games of one of `kind`'s named presets between `players` (2 to 1,000, in
   * the tournament's order: their numbers, from 1, are the pairing numbers): a person
   * `{ playerId, displayName }` (the id required, each player's its own), or a player the
   * server's engine plays, `{ engineLevel, engineMoveTime? }` (without a `playerId` it counts
   * as `engine-level-<level>`: two of one level each need an id of their own). The server pairs the first
   * round and makes its games at once (unless `holdRounds`), and each next round as soon as
   * every board of the round before has ended; follow it with `tournamentEvents` or read it
   * with `getTournament`. Options: `format` (`TournamentFormat.ROUND_ROBIN` unless told,
   * `DOUBLE_ROUND_ROBIN`, `KNOCKOUT` or `SWISS`), `scoring`, `tieBreaks`, `bestOf` (a
   * knockout's), `seedByRating` (a knockout's or a Swiss's), `rounds`, `accelerated` and `trf`
   * (a Swiss's; `trf` continues one played elsewhere from its FIDE report file), `holdRounds`, `ratingPool`, `private`, `allowHints`, `labels` (which every
   * game of the tournament carries too) and `requestId`. In a round robin or a Swiss each
   * board is a game (`board.gameId`; `black` 0 for a bye). In a knockout each board is a match, a series (`board.seriesId`, read with `getSeries`; the
   * board's `gameId` stays empty) whose games seat its players in turn, the players' tokens
   * acting in each.
   * Resolves to the tournament, its first round paired unless held, and one
   * `TournamentPlayerToken` per person in `playerTokens` (`player`, numbered from 1, and
   * `token`, shown once; none for the engine's players, nor on a retry after a token could
   * have been used): in every game of the tournament a player's token acts as the seat the
   * player sits in (`withCredential(token)`: a board's `white` sits in seat 1, its `black` in
   * seat 2), and reads a private tournament. Needs a service key (anyone on a server without
   * keys); its games are not counted against the key's cap of games in progress. Only
   * two-seat kinds make a tournament; that, or any request that makes no sense (fewer than
   * two players, a player without an id, a bad scoring or tie-break, an even `bestOf`,
   * tie-breaks in a knockout, `seedByRating` without a knockout or a Swiss and a rating
   * pool, `rounds` or `accelerated` outside a Swiss, `rounds` not fewer than the players, a
   * `trf` that does not fit the players, `rounds` not more than its rounds), rejects with INVALID_ARGUMENT
   * INVALID_REQUEST naming every problem (a field violation per field: `rounds` for a Swiss's
   * rounds, `trf` for its report file).
   */
  createTournamentFromPreset(
    kind: GameKind,
    preset: string,
    players: MessageInitShape<typeof TournamentPlayerSchema>[],
    options: TournamentOptions = {},
  ): Promise<Present<CreateTournamentResponse, "tournament">> {
    return this.createTournament({ case: "preset", value: preset }, kind, players, options);
  }

  /**
   * A tournament whose games are created from a full configuration (zero fields take their
   * defaults; random parts are drawn anew for each game). Players and options as for
   * `createTournamentFromPreset`, and `clock` and `starter` as for `createGameFromConfig`,
   * applied to a copy: `config` is left as it was. A configuration with an ending takeback
   * window rejects with INVALID_REQUEST: a tournament moves on as soon as a game ends.
   */
  createTournamentFromConfig(
    config: MessageInitShape<typeof GameConfigSchema>,
    players: MessageInitShape<typeof TournamentPlayerSchema>[],
    options: TournamentConfigOptions = {},
  ): Promise<Present<CreateTournamentResponse, "tournament">> {
    const { clock, starter } = options;
    const clocked = clock === undefined ? config : withClock(config, clock);
    const value = starter === undefined ? clocked : withStarter(clocked, starter);
    return this.createTournament({ case: "config", value }, undefined, players, options);
  }

  /**
   * A tournament whose games copy one of the caller's saved configurations
   * (`createSavedConfig`), by name. Players and options as for `createTournamentFromPreset`.
   * An unknown name rejects with NOT_FOUND SAVED_CONFIG_NOT_FOUND.
   */
  createTournamentFromSavedConfig(
    name: string,
    players: MessageInitShape<typeof TournamentPlayerSchema>[],
    options: TournamentOptions = {},
  ): Promise<Present<CreateTournamentResponse, "tournament">> {
    return this.createTournament({ case: "savedConfig", value: name }, undefined, players, options);
  }

  private async createTournament(
    source: MessageInitShape<typeof CreateTournamentRequestSchema>["source"],
    kind: GameKind | undefined,
    players: MessageInitShape<typeof TournamentPlayerSchema>[],
    options: TournamentOptions,
  ): Promise<Present<CreateTournamentResponse, "tournament">> {
    const {
      requestId = "",
      format = TournamentFormat.ROUND_ROBIN,
      scoring,
      tieBreaks = [],
      bestOf = 0,
      seedByRating = false,
      rounds = 0,
      accelerated = false,
      trf = "",
      holdRounds = false,
      ratingPool = RatingPool.UNSPECIFIED,
      private: isPrivate = false,
      allowHints,
    } = options;
    const labels = { ...options.labels };
    const created = await this.call(options, (o) =>
      this.raw.createTournament(
        {
          source,
          kind,
          format,
          players,
          scoring,
          tieBreaks,
          bestOf,
          seedByRating,
          rounds,
          accelerated,
          trf,
          holdRounds,
          ratingPool,
          private: isPrivate,
          allowHints,
          labels,
          requestId,
        },
        o,
      ),
    );
    return present(created, "tournament");
  }

  /**
   * A tournament: its configuration, `format`, `players` (each withdrawn one with
   * `withdrawnAfterRound`), `scoring`, `tieBreaks`, `status`, `roundCount`, its `rounds` so
   * far (each with its `boards`: `white` and `black` by player number, the board's `gameId`
   * or, in a knockout, its match's `seriesId`, and, once it ended, its `result`, a
   * `BoardResult`: in a knockout, the match's) and the `standings` after the results so far,
   * best first (`rank`, `player`, `playerId`, `points` and the value of each tie-break; in a
   * knockout, by how many rounds each player went through, those knocked out in one round
   * sharing a rank). A knockout's `bestOf` is its matches' length, its `seeds` the player
   * numbers by seed (`seeds[0]`: the first seed). A Swiss's `roundCount` is its `rounds`
   * (derived when 0) and its `accelerated` whether its first rounds were paired with Baku
   * acceleration. A private tournament is read only with a service key or one of its players'
   * tokens (else PERMISSION_DENIED PRIVATE_TOURNAMENT). An unknown id rejects with NOT_FOUND
   * TOURNAMENT_NOT_FOUND.
   */
  async getTournament(tournamentId: string, options: CallOptions = {}): Promise<Tournament> {
    const response = await this.call(options, (o) => this.raw.getTournament({ tournamentId }, o));
    return required(response.tournament, "tournament");
  }

  /**
   * The tournament as FIDE's Tournament Report File (TRF-16), the fixed-column text FIDE asks
   * of rated events and pairing programs read, its lines each ending in a line feed: tags
   * 012 (the name: the tournament's label `name`, if it has one), 042 and 052 (its dates),
   * 062 (the player count), 092, 132, 142 and, when the scoring is not FIDE's, 162; then one
   * `001` line a player, by player number: its name (display name, or id; at most 33
   * characters), its points (columns 81–84) and rank (86–89), and each round's opponent,
   * colour and result (blank for a game still being played; a knockout's match counts as
   * one game). Read access as `getTournament`: a private tournament is read only with a
   * service key or one of its players' tokens (else PERMISSION_DENIED PRIVATE_TOURNAMENT); an
   * unknown id rejects with NOT_FOUND TOURNAMENT_NOT_FOUND.
   */
  async exportTournamentTrf(tournamentId: string, options: CallOptions = {}): Promise<string> {
    const response = await this.call(options, (o) => this.raw.exportTournamentTrf({ tournamentId }, o));
    return response.trf;
  }

  /**
   * One page of the server's tournaments, newest first (needs a service key): `tournaments`,
   * and `nextPageToken` to ask for the next page with the same filters (empty on the last
   * page). `status` keeps the tournaments in that status, `labels` those carrying every one
   * of them.
   */
  listTournaments(options: ListTournamentsOptions = {}): Promise<ListTournamentsResponse> {
    const request = create(ListTournamentsRequestSchema, {
      status: options.status,
      labels: { ...options.labels },
      pageSize: options.pageSize ?? 0,
      pageToken: options.pageToken ?? "",
    });
    return this.call(options, (o) => this.raw.listTournaments(request, o));
  }

  /**
   * Follows the tournament's events after `afterSeq` (default 0n: from the first) until the
   * server closes the stream after `tournamentEnded`, reconnecting on its own (see
   * TournamentEventStream). Read access as `getTournament`.
   */
  tournamentEvents(tournamentId: string, options: TournamentEventOptions = {}): TournamentEventStream {
    return new TournamentEventStream(this, tournamentId, options);
  }

  /**
   * Lets a tournament created with `holdRounds` pair round `round` (the next one, numbered
   * from 1) once the round before has ended, at once if it has, and resolves to the
   * tournament (with the round paired, if it was). Needs a service key. A round other than
   * the next rejects with INVALID_ARGUMENT INVALID_REQUEST, a tournament over with
   * FAILED_PRECONDITION TOURNAMENT_OVER, an unknown one with NOT_FOUND TOURNAMENT_NOT_FOUND.
   */
  async startTournamentRound(tournamentId: string, round: number, options: CallOptions = {}): Promise<Tournament> {
    const response = await this.call(options, (o) => this.raw.startTournamentRound({ tournamentId, round }, o));
    return required(response.tournament, "tournament");
  }

  /**
   * Withdraws `player` (numbered from 1) from a tournament and resolves to the tournament:
   * the player plays its game of the round in progress, if it has one, and is paired in no
   * round after, its opponents there winning by forfeit (`players[player - 1]
   * .withdrawnAfterRound`; a `playerWithdrew` event). Needs a service key. A player unknown or
   * withdrawn already rejects with INVALID_ARGUMENT INVALID_REQUEST, a tournament over with
   * FAILED_PRECONDITION TOURNAMENT_OVER.
   */
  async withdrawTournamentPlayer(tournamentId: string, player: number, options: CallOptions = {}): Promise<Tournament> {
    const response = await this.call(options, (o) => this.raw.withdrawTournamentPlayer({ tournamentId, player }, o));
    return required(response.tournament, "tournament");
  }

  /**
   * Adds `player` to a Swiss under way (a late entry) and resolves to the tournament with its
   * new player, last in `players`, and the player's `playerToken` (`player`, numbered after
   * every player, and `token`, shown once; unset for a player the engine plays): it has no
   * points and is paired from the next round made, the rounds before counting as rounds it did
   * not play (a `playerJoined` event, with its `player` and `firstRound`). `player` is a
   * `TournamentPlayer` as `createTournamentFrom...` takes one, a person
   * `{ playerId, displayName }` or `{ engineLevel, engineMoveTime? }`. Needs a service key. A
   * player the creation would refuse, an id another player has (or, in a rated tournament, is
   * rated as), a full tournament (1,000 players), or a round robin or knockout, whose schedule
   * or bracket is fixed at creation, rejects with INVALID_ARGUMENT INVALID_REQUEST (a field
   * violation naming `player`, or one of its fields, `player.player_id`), a tournament over
   * with FAILED_PRECONDITION TOURNAMENT_OVER, an unknown one with NOT_FOUND
   * TOURNAMENT_NOT_FOUND.
   */
  async addTournamentPlayer(
    tournamentId: string,
    player: MessageInitShape<typeof TournamentPlayerSchema>,
    options: CallOptions = {},
  ): Promise<Present<AddTournamentPlayerResponse, "tournament">> {
    const added = await this.call(options, (o) => this.raw.addTournamentPlayer({ tournamentId, player }, o));
    return present(added, "tournament");
  }

  /**
   * Calls a tournament off and resolves to it, `TournamentStatus.CANCELLED`: no round is made
   * after (its games in progress are left to end, or to `abortGame`), and its event stream
   * ends with `tournamentEnded`. Needs a service key. A tournament over already rejects with
   * FAILED_PRECONDITION TOURNAMENT_OVER.
   */
  async cancelTournament(tournamentId: string, options: CallOptions = {}): Promise<Tournament> {
    const response = await this.call(options, (o) => this.raw.cancelTournament({ tournamentId }, o));
    return required(response.tournament, "tournament");
  }
}
