// The generated contract, re-exported from one place so that the rest of the page imports
// it by a short path. The page talks to the server only through these types and the
// GameService client (api.ts).
export * from "../../clients/typescript/src/gen/tabula/v1/cell_pb.js";
export * from "../../clients/typescript/src/gen/tabula/v1/clock_pb.js";
export * from "../../clients/typescript/src/gen/tabula/v1/config_pb.js";
export * from "../../clients/typescript/src/gen/tabula/v1/event_pb.js";
export * from "../../clients/typescript/src/gen/tabula/v1/game_pb.js";
export * from "../../clients/typescript/src/gen/tabula/v1/game_service_pb.js";
export * from "../../clients/typescript/src/gen/tabula/v1/move_pb.js";
export * from "../../clients/typescript/src/gen/tabula/v1/view_pb.js";
