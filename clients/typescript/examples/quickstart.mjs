// Plays a short Connect Four game, follows its events, and shows a refused move.
// Usage: node quickstart.mjs [HOST:PORT]   (or TABULA_ADDR; default 127.0.0.1:50051)
import { GameKind, TabulaClient, TabulaError, eventKind, moves } from "@tabula/client";

const address = process.argv[2] ?? process.env.TABULA_ADDR ?? "127.0.0.1:50051";
const client = TabulaClient.connect({ address }); // tls: true or { ca }, credential: "...", timeoutMs
try {
  const game = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const id = game.game.gameId;
  const [red, yellow] = game.seatTokens.map((t) => client.withCredential(t.token));
  for (const [seat, column] of [[red, 3], [yellow, 3], [red, 4], [yellow, 4], [red, 5], [yellow, 5], [red, 6]]) {
    await seat.submitMove(id, moves.drop(column));
  }
  const stream = client.events(id, 0n, { includeViews: true }); // the whole history; ends with the game
  for await (const event of stream) console.log(event.seq, eventKind(event), stream.lastView?.toAct); // and the view after it
  try {
    await yellow.submitMove(id, moves.drop(0));
  } catch (error) {
    if (!(error instanceof TabulaError)) throw error;
    console.log(error.codeName, error.reason, error.message); // FAILED_PRECONDITION GAME_OVER ...
  }
} finally {
  client.close();
}
