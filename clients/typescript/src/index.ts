/**
 * Client for the Tabula game service (tabula.v1). `TabulaClient.connect` opens a connection;
 * every message, schema and enum of the contract (and google.rpc's error details) is
 * re-exported from the generated code, and `Code` and `ConnectError` from Connect; `moves`
 * builds every move kind, `botSeat` a seat the server's engine plays, and `clocks` time
 * controls and a seat's time left; failures reject
 * with `TabulaError` (gRPC code, the server's stable reason, message and metadata);
 * `enumName`, `eventKind`, `seriesEventKind`, `actorKind` and `moveKind` name what the server
 * sent, `"unknown"` for what a newer server added. `events` follows a game, `seriesEvents` a
 * series (several games between the same two players, `createSeriesFrom...`).
 */
export {
  TabulaClient,
  EventStream,
  SeriesEventStream,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type ClockOption,
  type ConfigOptions,
  type ConnectOptions,
  type CreateOptions,
  type CreateSeriesOptions,
  type EventOptions,
  type HintOptions,
  type ListGamesOptions,
  type ListSavedConfigsOptions,
  type ListSeriesOptions,
  type ManageOptions,
  type PgnOptions,
  type SeriesConfigOptions,
  type SeriesLength,
  type SeriesOptions,
  type StreamOptions,
  type SubmitOptions,
  type TakeBackOptions,
  type TlsOptions,
  type ViewOptions,
} from "./client.js";
export { TabulaError, DOMAIN, codeName, toTabulaError } from "./errors.js";
export { Code, ConnectError } from "@connectrpc/connect";
export * as moves from "./moves.js";
export { botSeat } from "./bots.js";
export * as clocks from "./clocks.js";
export {
  UNKNOWN,
  actorKind,
  enumName,
  eventKind,
  moveKind,
  seriesEventKind,
  type ActorKind,
  type EventKind,
  type MoveKind,
  type SeriesEventKind,
} from "./names.js";
export * from "./gen/tabula/v1/cell_pb.js";
export * from "./gen/tabula/v1/clock_pb.js";
export * from "./gen/tabula/v1/config_pb.js";
export * from "./gen/tabula/v1/error_pb.js";
export * from "./gen/tabula/v1/event_pb.js";
export * from "./gen/tabula/v1/game_pb.js";
export * from "./gen/tabula/v1/game_service_pb.js";
export * from "./gen/tabula/v1/move_pb.js";
export * from "./gen/tabula/v1/series_pb.js";
export * from "./gen/tabula/v1/view_pb.js";
export * from "./gen/google/rpc/error_details_pb.js";
