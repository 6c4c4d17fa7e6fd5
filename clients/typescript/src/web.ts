/**
 * The client without Node.js: every call, event stream, move builder, name and error of the
 * package over a Connect transport of the caller's, such as a browser's gRPC-web transport:
 *
 * ```ts
 * import { createGrpcWebTransport } from "@connectrpc/connect-web";
 * import { TabulaClient } from "@tabula/client/web";
 * const client = new TabulaClient(createGrpcWebTransport({ baseUrl: "http://127.0.0.1:50051" }));
 * ```
 *
 * It imports neither `@connectrpc/connect-node` nor Node's modules. The main entry
 * (`@tabula/client`) is this and `TabulaClient.connect`, which makes Node's transport.
 */
export {
  TabulaClient,
  EventStream,
  OwnerEventStream,
  SeriesEventStream,
  TournamentEventStream,
  DEFAULT_TIMEOUT_MS,
  gameFromConfig,
  gameFromPgn,
  gameFromPreset,
  gameFromSavedConfig,
  type CallOptions,
  type ClaimOptions,
  type ClockOption,
  type ConfigOptions,
  type ClientOptions,
  type CreateOptions,
  type CreateSeriesOptions,
  type EventOptions,
  type HintOptions,
  type ImportGameOptions,
  type ListGamesOptions,
  type ListLeaderboardOptions,
  type ListPuzzleSolutionsOptions,
  type ListSavedConfigsOptions,
  type ListSeriesOptions,
  type ListTournamentsOptions,
  type ManageOptions,
  type OwnerEventOptions,
  type PgnOptions,
  type SeriesConfigOptions,
  type SeriesLength,
  type SeriesOptions,
  type SpectatorDelayOption,
  type StreamOptions,
  type SubmitOptions,
  type TakeBackOptions,
  type TournamentConfigOptions,
  type TournamentEventOptions,
  type TournamentOptions,
  type ViewOptions,
} from "./client.js";
export { TabulaError, DOMAIN, codeName, errorReasonOf, toTabulaError, type FieldViolation } from "./errors.js";
export { DEFAULT_RETRY_POLICY, RETRY_BUDGET_MS, type RetryPolicy } from "./retry.js";
export { DEFAULT_RECONNECT_BUDGET_MS } from "./reconnects.js";
export type { Present } from "./present.js";
export { applyViewChange, VIEW_CHANGE_MISMATCH } from "./views.js";
export { Code, ConnectError } from "@connectrpc/connect";
export * as moves from "./moves.js";
export { botSeat } from "./bots.js";
export { presenceConfig, seatPresence, type PresenceOptions } from "./presence.js";
export { endingTakebackWindowMs } from "./takebacks.js";
export * as clocks from "./clocks.js";
export {
  UNKNOWN,
  actorKind,
  enumName,
  eventKind,
  moveKind,
  seriesEventKind,
  tournamentEventKind,
  type ActorKind,
  type EventKind,
  type MoveKind,
  type SeriesEventKind,
  type TournamentEventKind,
} from "./names.js";
export * from "./gen/tabula/v1/cell_pb.js";
export * from "./gen/tabula/v1/clock_pb.js";
export * from "./gen/tabula/v1/config_pb.js";
export * from "./gen/tabula/v1/error_pb.js";
export * from "./gen/tabula/v1/event_pb.js";
export * from "./gen/tabula/v1/game_pb.js";
export * from "./gen/tabula/v1/game_service_pb.js";
export * from "./gen/tabula/v1/move_pb.js";
export * from "./gen/tabula/v1/rating_pb.js";
export * from "./gen/tabula/v1/series_pb.js";
export * from "./gen/tabula/v1/tournament_pb.js";
export * from "./gen/tabula/v1/view_pb.js";
export * from "./gen/google/rpc/error_details_pb.js";
