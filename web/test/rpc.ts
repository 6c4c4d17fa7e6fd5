// The tests' own client of the server, over gRPC-web from Node (its fetch), built from the
// same generated code as the page. build-rpc.mjs bundles this file for Node before the tests.
import { createClient, type Client } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { GameService } from "../../clients/typescript/src/gen/tabula/v1/game_service_pb.js";

export { GameKind, GameStatus, OutcomeType } from "../../clients/typescript/src/gen/tabula/v1/game_pb.js";
export { Piece, Stage } from "../../clients/typescript/src/gen/tabula/v1/view_pb.js";

export type GameClient = Client<typeof GameService>;

/** A client of the server at `baseUrl` (`http://host:port`). */
export function connect(baseUrl: string): GameClient {
  return createClient(GameService, createGrpcWebTransport({ baseUrl }));
}

/** Call options acting with a seat token or service key. */
export function as(credential: string | undefined): { headers: Record<string, string> } {
  return { headers: credential ? { authorization: `Bearer ${credential}` } : {} };
}
