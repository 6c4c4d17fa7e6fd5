import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type CallOptions, type Client, Code, createClient, type Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import type { GameConfigSchema } from "./gen/tabula/v1/config_pb.js";
import type { GameEvent } from "./gen/tabula/v1/event_pb.js";
import type { Game, GameKind, OutcomeType } from "./gen/tabula/v1/game_pb.js";
import {
  type CreateGameResponse,
  type GameKindInfo,
  GameService,
  type ListLegalMovesResponse,
  SubmitMoveRequestSchema,
  type SubmitMoveResponse,
} from "./gen/tabula/v1/game_service_pb.js";
import type { Move } from "./gen/tabula/v1/move_pb.js";
import type { View } from "./gen/tabula/v1/view_pb.js";
import { TabulaError, toTabulaError } from "./errors.js";

/** The server caps a message at 1 MiB either way; a little headroom for framing. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
/** Reconnect attempts in a row without receiving an event before an event stream gives up. */
const STREAM_RETRIES = 5;
const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 2000;

export interface ConnectOptions {
  /** `host:port` of the server. */
  address: string;
  /** TLS with the system's roots; plaintext when false (the default). */
  tls?: boolean;
  /** A seat token or service key, sent as `authorization: Bearer <credential>`; none: a spectator. */
  credential?: string;
  /** Deadline of each unary call, in milliseconds (default 30 s). */
  timeoutMs?: number;
}

export interface SubmitOptions {
  /** Apply only if the game's newest event still has this sequence number (else STALE_SEQ). */
  expectedSeq?: bigint;
  /** Makes a retry safe: the same id is applied at most once and answered alike. */
  requestId?: string;
  /** Only check the move. */
  validateOnly?: boolean;
}

export interface ManageOptions {
  /**
   * Makes a retry safe (at most 128 characters). A retried creation with the same service
   * key, id and request answers with the game the first one made and `retried` set: with new
   * seat tokens while nothing has happened in the game (the first answer's tokens then stop
   * working), with none afterwards. A retried abort or adjudication answers as the first did.
   * The same id with another request rejects with REQUEST_ID_REUSED.
   */
  requestId?: string;
}

export interface EventOptions {
  /** Stops the stream; iteration then ends quietly. */
  signal?: AbortSignal;
  /** Reconnect attempts in a row without an event before giving up (default 5). */
  retries?: number;
  /**
   * Also receive, with each event, the game as this caller sees it just after it: read it as
   * `EventStream.lastView` while handling the event. Asked again when the stream resumes.
   * Default false.
   */
  includeViews?: boolean;
}

/**
 * Failures after which the stream can be reopened from the last event received. Node's
 * HTTP/2 reports a dropped connection as a cancelled stream, which only the caller's own
 * signal (checked before this) would otherwise mean; the server never cancels with a reason.
 */
function isResumable(error: TabulaError): boolean {
  if (error.code === Code.Unavailable) return true;
  if (error.code === Code.Canceled) return error.reason === "";
  return error.code === Code.ResourceExhausted && error.reason === "STREAM_LAGGED";
}

/**
 * A game's events, in order and without gaps, as an async iterable. It follows
 * `StreamEvents` from `afterSeq`; when the connection drops (UNAVAILABLE) or the server ends
 * a lagging subscriber (STREAM_LAGGED) it reopens the stream after `lastSeq`, the last event
 * it yielded, so no event is lost or repeated. Iteration ends after the game's final event.
 * Opened with `includeViews`, each event comes with the game as this caller sees it just after
 * that event, in `lastView`; a resumed stream asks for views again.
 * An event of a kind this client does not know (sent by a newer server) is yielded like any
 * other, with its `seq` and `time`: `eventKind(event)` is `"unknown"`.
 */
export class EventStream implements AsyncIterable<GameEvent> {
  /** Sequence number of the last event yielded (the `afterSeq` to resume from). */
  lastSeq: bigint;
  /**
   * With `includeViews`: the view sent with the last event yielded (its `seq` is the event's),
   * what `getView` answered at that moment. Undefined before the first event, without
   * `includeViews`, or from a server that sent none.
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
    const retries = this.options.retries ?? STREAM_RETRIES;
    const signal = this.options.signal;
    let failures = 0;
    while (!signal?.aborted) {
      try {
        const responses = this.client.raw.streamEvents(
          { gameId: this.gameId, afterSeq: this.lastSeq, includeViews: this.options.includeViews ?? false },
          { ...this.client.callOptions(false), signal },
        );
        for await (const response of responses) {
          const event = response.event;
          if (event === undefined || event.seq <= this.lastSeq) continue;
          failures = 0;
          this.lastSeq = event.seq;
          this.lastView = response.view;
          yield event;
        }
        return;
      } catch (thrown) {
        if (signal?.aborted) return;
        const error = toTabulaError(thrown);
        if (!isResumable(error) || failures >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** failures)));
        failures += 1;
      }
    }
  }
}

/**
 * A connection to a Tabula server over gRPC (Connect's gRPC transport on Node's HTTP/2).
 * Every failure rejects with TabulaError carrying the gRPC code and the server's stable reason.
 */
export class TabulaClient {
  /** The generated Connect client, for calls this layer does not wrap. */
  readonly raw: Client<typeof GameService>;

  private constructor(
    private readonly transport: Transport,
    private readonly credential: string | undefined,
    private readonly timeoutMs: number,
  ) {
    this.raw = createClient(GameService, transport);
  }

  static connect(options: ConnectOptions): TabulaClient {
    const transport = createGrpcTransport({
      baseUrl: `${options.tls ? "https" : "http"}://${options.address}`,
      readMaxBytes: MAX_MESSAGE_BYTES,
      writeMaxBytes: MAX_MESSAGE_BYTES,
    });
    return new TabulaClient(transport, options.credential, options.timeoutMs ?? 30_000);
  }

  /** The same connection acting with another credential (undefined: a spectator). */
  withCredential(credential: string | undefined): TabulaClient {
    return new TabulaClient(this.transport, credential, this.timeoutMs);
  }

  /** Headers and deadline of a call; streams are long-lived and get no deadline. */
  callOptions(deadline = true): CallOptions {
    const headers: Record<string, string> = {};
    if (this.credential) headers.authorization = `Bearer ${this.credential}`;
    return { headers, timeoutMs: deadline ? this.timeoutMs : undefined };
  }

  private async call<T>(run: (options: CallOptions) => Promise<T>): Promise<T> {
    try {
      return await run(this.callOptions());
    } catch (thrown) {
      throw toTabulaError(thrown);
    }
  }

  async listGameKinds(): Promise<GameKindInfo[]> {
    return (await this.call((o) => this.raw.listGameKinds({}, o))).kinds;
  }

  /** A game from one of `kind`'s named presets; the response holds one token per seat. */
  createGameFromPreset(kind: GameKind, preset: string, options: ManageOptions = {}): Promise<CreateGameResponse> {
    const requestId = options.requestId ?? "";
    return this.call((o) => this.raw.createGame({ kind, source: { case: "preset", value: preset }, requestId }, o));
  }

  /** A game from a full configuration (zero fields take their defaults). */
  createGameFromConfig(
    config: MessageInitShape<typeof GameConfigSchema>,
    options: ManageOptions = {},
  ): Promise<CreateGameResponse> {
    const requestId = options.requestId ?? "";
    return this.call((o) => this.raw.createGame({ source: { case: "config", value: config }, requestId }, o));
  }

  /**
   * Calls a game in progress off with no result (`OutcomeType.NO_RESULT`,
   * `EndReason.ABORTED`) and resolves to the finished game. Needs a service key, an
   * explanation (at most 500 characters), and a game where no seat has moved twice yet (else
   * TOO_LATE_TO_ABORT; a finished game is GAME_OVER).
   */
  async abortGame(gameId: string, explanation: string, options: ManageOptions = {}): Promise<Game> {
    const requestId = options.requestId ?? "";
    const response = await this.call((o) => this.raw.abortGame({ gameId, explanation, requestId }, o));
    if (response.game === undefined) throw new TabulaError(Code.Internal, "the response holds no game");
    return response.game;
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
    const response = await this.call((o) => this.raw.adjudicateGame({ gameId, result, winner, explanation, requestId }, o));
    if (response.game === undefined) throw new TabulaError(Code.Internal, "the response holds no game");
    return response.game;
  }

  async getGame(gameId: string): Promise<Game> {
    const response = await this.call((o) => this.raw.getGame({ gameId }, o));
    if (response.game === undefined) throw new TabulaError(Code.Internal, "the response holds no game");
    return response.game;
  }

  /** The game as this caller may see it. */
  async getView(gameId: string): Promise<View> {
    const response = await this.call((o) => this.raw.getView({ gameId }, o));
    if (response.view === undefined) throw new TabulaError(Code.Internal, "the response holds no view");
    return response.view;
  }

  /** The moves `seat` may make now; 0 means the caller's own seat. */
  listLegalMoves(gameId: string, seat = 0): Promise<ListLegalMovesResponse> {
    return this.call((o) => this.raw.listLegalMoves({ gameId, seat }, o));
  }

  /** Submits one move (build it with `moves`). */
  submitMove(gameId: string, move: Move, options: SubmitOptions = {}): Promise<SubmitMoveResponse> {
    const request = create(SubmitMoveRequestSchema, {
      gameId,
      move,
      expectedSeq: options.expectedSeq,
      requestId: options.requestId ?? "",
      validateOnly: options.validateOnly ?? false,
    });
    return this.call((o) => this.raw.submitMove(request, o));
  }

  /** Follows the game's events after `afterSeq`, reconnecting on its own (see EventStream). */
  events(gameId: string, afterSeq = 0n, options: EventOptions = {}): EventStream {
    return new EventStream(this, gameId, afterSeq, options);
  }
}
