/**
 * Client for the Tabula game service (tabula.v1). `TabulaClient.connect` opens a connection;
 * messages and enums are re-exported from the generated code; `moves` builds every move kind;
 * failures reject with `TabulaError` (gRPC code and the server's stable reason); `enumName`,
 * `eventKind`, `actorKind` and `moveKind` name what the server sent, `"unknown"` for what a
 * newer server added.
 */
export {
  TabulaClient,
  EventStream,
  type ConnectOptions,
  type EventOptions,
  type ManageOptions,
  type SubmitOptions,
} from "./client.js";
export { TabulaError, DOMAIN, codeName, toTabulaError } from "./errors.js";
export * as moves from "./moves.js";
export {
  UNKNOWN,
  actorKind,
  enumName,
  eventKind,
  moveKind,
  type ActorKind,
  type EventKind,
  type MoveKind,
} from "./names.js";
export * from "./gen/tabula/v1/cell_pb.js";
export * from "./gen/tabula/v1/config_pb.js";
export * from "./gen/tabula/v1/error_pb.js";
export * from "./gen/tabula/v1/event_pb.js";
export * from "./gen/tabula/v1/game_pb.js";
export * from "./gen/tabula/v1/game_service_pb.js";
export * from "./gen/tabula/v1/move_pb.js";
export * from "./gen/tabula/v1/view_pb.js";
