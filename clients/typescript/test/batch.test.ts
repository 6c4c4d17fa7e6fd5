// Batch creation against a real server with a service key: many games in one call, each with its
// own players, labels and bots, answered in order with tokens that play; the whole batch retried
// with its request id; and refused as a whole (no game made) when one request is bad, or when the
// key's cap of games in progress cannot hold every game. And, offline, what the calls send: the
// request builders build exactly what the `createGameFrom...` calls send.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, equals, fromBinary } from "@bufbuild/protobuf";
import {
  BadRequestSchema,
  BatchCreateGamesRequestSchema,
  botSeat,
  clocks,
  Code,
  ConnectError,
  CreateGameRequestSchema,
  gameFromConfig,
  gameFromPgn,
  gameFromPreset,
  gameFromSavedConfig,
  GameConfigSchema,
  GameKind,
  moves,
  Starter,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { cell, connectFour, tabulaError, ticTacToe } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const KEY = "batch-secret-0123456789";
const live = useServer(["--service-key", `lobby=${KEY}`]);
const capped = useServer(["--service-key", `lobby=${KEY}`, "--max-games-per-key", "5"]);
const manager = () => live.client.withCredential(KEY);

/** A predicate for `assert.rejects`: INVALID_ARGUMENT INVALID_REQUEST naming exactly these fields. */
function badRequest(...fields: string[]) {
  return (error: unknown) => {
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST")(error);
    assert.ok(error instanceof TabulaError && error.cause instanceof ConnectError, String(error));
    const [details] = error.cause.findDetails(BadRequestSchema);
    assert.deepEqual(details?.fieldViolations.map((v) => v.field).sort(), [...fields].sort(), String(error));
    return true;
  };
}

/** How many games carry these labels, listed page by page. */
async function countGames(client: TabulaClient, labels: Record<string, string>): Promise<number> {
  let count = 0;
  let pageToken = "";
  do {
    const page = await client.listGames({ labels, pageSize: 100, pageToken });
    count += page.games.length;
    pageToken = page.nextPageToken;
  } while (pageToken !== "");
  return count;
}

test("a batch of 50 games, each with its own players and labels, is answered in order with tokens that play", async () => {
  const client = manager();
  const requests = Array.from({ length: 50 }, (_, i) => {
    const options = {
      players: [{ playerId: `p-${i}-x`, displayName: `Player ${i}` }, { playerId: `p-${i}-o` }],
      labels: { batch: "fifty", index: String(i) },
    };
    return i % 2 === 0 ? gameFromPreset(GameKind.TIC_TAC_TOE, "classic", options) : gameFromConfig(connectFour, options);
  });
  // The last one's second seat is the engine's, and it is private; one is given as a plain init object.
  requests[49] = gameFromConfig(connectFour, {
    labels: { batch: "fifty", index: "49" },
    players: [{ playerId: "p-49-x" }],
    bots: [botSeat(2, 1)],
    private: true,
  });
  const plain = {
    source: { case: "preset" as const, value: "classic" },
    kind: GameKind.TIC_TAC_TOE,
    labels: { batch: "fifty", index: "48" },
    players: [{ playerId: "p-48-x", displayName: "Player 48" }, { playerId: "p-48-o" }],
  };
  const created = await client.batchCreateGames([...requests.slice(0, 48), plain, requests[49]]);

  assert.equal(created.length, 50, "one answer per request");
  assert.equal(new Set(created.map((c) => c.game!.gameId)).size, 50, "50 games");
  created.forEach((answer, i) => {
    const game = answer.game!;
    assert.equal(answer.retried, false);
    assert.equal(game.kind, i % 2 === 0 ? GameKind.TIC_TAC_TOE : GameKind.CONNECT_FOUR, `game ${i}'s kind`);
    assert.deepEqual({ ...game.labels }, { batch: "fifty", index: String(i) }, `game ${i} carries its own labels`);
    assert.equal(game.players[0].playerId, `p-${i}-x`, `game ${i}'s first seat`);
    assert.deepEqual(answer.seatTokens.map((t) => t.seat), [1, 2], `game ${i}: a token per seat`);
  });
  assert.equal(created[48].game!.players[0].displayName, "Player 48", "an init object is a request too");
  assert.deepEqual(created[49].game!.bots.map((b) => b.seat), [2]);
  assert.equal(created[49].game!.private, true);
  assert.equal(created[0].game!.private, false);
  assert.equal(await countGames(client, { batch: "fifty" }), 50, "listGames finds them by their labels");

  // Every game plays with its own tokens: the first seat moves, then the second where it is a person's.
  for (const [i, answer] of created.entries()) {
    const gameId = answer.game!.gameId;
    const [first, second] = answer.seatTokens.map((t) => client.withCredential(t.token));
    const firstMove = i % 2 === 0 ? moves.placeCell(1, 1) : moves.drop(3);
    const moved = await first.submitMove(gameId, firstMove);
    assert.equal(moved.seq, 2n, `game ${i}: the first seat's move`);
    if (i === 49) continue; // the engine's seat
    await assert.rejects(first.submitMove(gameId, i % 2 === 0 ? moves.placeCell(0, 0) : moves.drop(4)), {
      reason: "NOT_YOUR_TURN",
    });
    await second.submitMove(gameId, i % 2 === 0 ? moves.placeCell(0, 0) : moves.drop(4));
  }
  const ownView = await client.withCredential(created[0].seatTokens[0].token).getView(created[0].game!.gameId);
  assert.equal(cell(ownView, 1, 1)[1], 1, "X's mark");
  assert.equal(cell(ownView, 0, 0)[1], 2, "O's mark");
  // The engine answers for the bot seat of the last game.
  for await (const event of client.events(created[49].game!.gameId, 2n, { signal: AbortSignal.timeout(15_000) })) {
    if (event.actor?.kind.case === "engine") break;
  }
  assert.equal((await client.getGame(created[49].game!.gameId)).moveCount, 2, "the engine moved for seat 2");
});

test("a batch retried with its request id answers the same games, retried, with new tokens where nobody acted", async () => {
  const client = manager();
  const requests = [
    gameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: { batch: "retry" }, players: [{ playerId: "a" }] }),
    gameFromConfig(connectFour, { labels: { batch: "retry" }, starter: Starter.SECOND_SEAT }),
    gameFromConfig(ticTacToe, { labels: { batch: "retry" }, bots: [botSeat(1, 1)] }),
  ];
  const first = await client.batchCreateGames(requests, { requestId: "batch-retry-1" });
  const ids = first.map((c) => c.game!.gameId);
  assert.deepEqual(first.map((c) => c.retried), [false, false, false]);
  // Somebody acts in the first game; in the third only the engine has moved (it plays seat 1).
  await client.withCredential(first[0].seatTokens[0].token).submitMove(ids[0], moves.placeCell(1, 1));
  for await (const event of client.events(ids[2], 1n, { signal: AbortSignal.timeout(15_000) })) {
    if (event.actor?.kind.case === "engine") break;
  }

  const retry = await client.batchCreateGames(requests, { requestId: "batch-retry-1" });
  assert.deepEqual(retry.map((c) => c.game!.gameId), ids, "the same games, in order");
  assert.deepEqual(retry.map((c) => c.retried), [true, true, true]);
  assert.equal(retry[0].seatTokens.length, 0, "a game somebody acted in: no tokens");
  assert.deepEqual(retry[0].game!.moveCount, 1);
  for (const i of [1, 2]) {
    assert.deepEqual(retry[i].seatTokens.map((t) => t.seat), [1, 2], `game ${i}: new tokens`);
    assert.notEqual(retry[i].seatTokens[1].token, first[i].seatTokens[1].token);
  }
  // The lost answer's tokens stopped working; the new ones play (seat 2 starts game 2, seat 2 answers the engine in game 3).
  await assert.rejects(
    client.withCredential(first[1].seatTokens[1].token).submitMove(ids[1], moves.drop(3)),
    tabulaError(Code.Unauthenticated, "INVALID_CREDENTIAL"),
  );
  await client.withCredential(retry[1].seatTokens[1].token).submitMove(ids[1], moves.drop(3));
  const view = await client.withCredential(retry[2].seatTokens[1].token).getView(ids[2]);
  const free = view.board!.cells.findIndex((c) => c.owner === 0);
  await client.withCredential(retry[2].seatTokens[1].token).submitMove(ids[2], moves.placeCell(Math.floor(free / 3), free % 3));
  assert.equal(await countGames(client, { batch: "retry" }), 3, "no game was made twice");

  // Now somebody acted in every game: a retry brings no tokens. The same id with other requests is refused.
  const late = await client.batchCreateGames(requests, { requestId: "batch-retry-1" });
  assert.deepEqual(late.map((c) => [c.game!.gameId, c.retried, c.seatTokens.length]), ids.map((id) => [id, true, 0]));
  await assert.rejects(
    client.batchCreateGames(requests.slice(0, 2), { requestId: "batch-retry-1" }),
    tabulaError(Code.FailedPrecondition, "REQUEST_ID_REUSED"),
  );
  await assert.rejects(
    client.batchCreateGames([requests[1], requests[0], requests[2]], { requestId: "batch-retry-1" }),
    tabulaError(Code.FailedPrecondition, "REQUEST_ID_REUSED"),
  );
  const other = await client.batchCreateGames(requests, { requestId: "batch-retry-2" });
  assert.ok(other.every((c, i) => !c.retried && c.game!.gameId !== ids[i]), "another id: other games");
  const unprotected = await client.batchCreateGames(requests.slice(0, 1));
  assert.notEqual(unprotected[0].game!.gameId, ids[0], "without an id, every call creates");
});

test("a batch with a bad request makes no game and names every problem under requests[N]", async () => {
  const client = manager();
  const good = gameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: { batch: "refused" } });
  await assert.rejects(
    client.batchCreateGames([good, gameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: { Stage: "final" } }), good]),
    (error: unknown) => {
      badRequest("requests[1].labels[Stage]")(error);
      assert.equal((error as TabulaError).codeName, "INVALID_ARGUMENT");
      return true;
    },
  );
  await assert.rejects(
    client.batchCreateGames([
      good,
      gameFromConfig(ticTacToe, { labels: { Stage: "final" } }),
      gameFromPreset(GameKind.TIC_TAC_TOE, "no-such-preset"),
      gameFromPreset(GameKind.TIC_TAC_TOE, "classic", { requestId: "own" }),
      gameFromPgn("1. e4 e4 *"),
    ]),
    badRequest("requests[1].labels[Stage]", "requests[2].preset", "requests[3].request_id", "requests[4].pgn.pgn"),
  );
  await assert.rejects(client.batchCreateGames([good, {}]), badRequest("requests[1].source"));
  await assert.rejects(client.batchCreateGames([]), badRequest("requests"));
  await assert.rejects(client.batchCreateGames(Array(501).fill(good)), badRequest("requests"));
  await assert.rejects(
    client.batchCreateGames([good, gameFromSavedConfig("no-such-config")]),
    tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"),
  );
  await assert.rejects(
    client.batchCreateGames([good, gameFromPreset(GameKind.CHESS, "no-such-preset")], { requestId: "refused-1" }),
    badRequest("requests[1].preset"),
  );
  assert.equal(await countGames(client, { batch: "refused" }), 0, "no game was made");
  const made = await client.batchCreateGames([good]);

  // Only a service key creates a batch.
  await assert.rejects(
    live.client.withCredential(undefined).batchCreateGames([good]),
    tabulaError(Code.Unauthenticated, "CREDENTIAL_REQUIRED"),
  );
  await assert.rejects(
    client.withCredential(made[0].seatTokens[0].token).batchCreateGames([good]),
    tabulaError(Code.PermissionDenied, "SERVICE_KEY_REQUIRED"),
  );
});

test("the key's cap of games in progress counts the whole batch", async () => {
  const client = capped.client.withCredential(KEY);
  const game = gameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: { batch: "cap" } });
  await assert.rejects(client.batchCreateGames(Array(6).fill(game)), (error: unknown) => {
    tabulaError(Code.ResourceExhausted, "TOO_MANY_GAMES")(error);
    assert.equal((error as TabulaError).metadata.limit, "5");
    return true;
  });
  assert.equal(await countGames(client, { batch: "cap" }), 0, "none of them was made");
  const four = await client.batchCreateGames(Array(4).fill(game));
  assert.equal(four.length, 4);
  await assert.rejects(client.batchCreateGames([game, game]), tabulaError(Code.ResourceExhausted, "TOO_MANY_GAMES"));
  assert.equal((await client.batchCreateGames([game])).length, 1, "the fifth fits");
  await assert.rejects(client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic"), tabulaError(Code.ResourceExhausted, "TOO_MANY_GAMES"));
});

test("the request builders build what the createGameFrom... calls send; a batch sends its requests and id", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address, credential: "key" });
  const sent = () => fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
  const options = {
    players: [{ playerId: "u-1", displayName: "One" }],
    labels: { round: "3" },
    bots: [botSeat(2, 3, 500)],
    private: true,
    allowHints: false,
    requestId: "r-1",
    timeoutMs: 5000,
  };
  try {
    await offline.createGameFromPreset(GameKind.CHESS, "standard", options);
    assert.ok(equals(CreateGameRequestSchema, sent(), gameFromPreset(GameKind.CHESS, "standard", options)));
    const config = create(GameConfigSchema, connectFour);
    const configOptions = { ...options, clock: clocks.fischer(60_000, 1000), starter: Starter.RANDOM };
    await offline.createGameFromConfig(config, configOptions);
    const built = gameFromConfig(config, configOptions);
    assert.ok(equals(CreateGameRequestSchema, sent(), built));
    assert.ok(built.source.case === "config" && built.source.value.clock?.controls.length === 1);
    assert.equal(built.source.value.starter, Starter.RANDOM);
    assert.equal(config.clock, undefined, "the caller's config is left as it was");
    await offline.createGameFromPgn("1. e4 *", { ...options, ply: 1 });
    assert.ok(equals(CreateGameRequestSchema, sent(), gameFromPgn("1. e4 *", { ...options, ply: 1 })));
    await offline.createGameFromSavedConfig("big-board", options);
    assert.ok(equals(CreateGameRequestSchema, sent(), gameFromSavedConfig("big-board", options)));
    assert.deepEqual(options.labels, { round: "3" });
    const bare = gameFromPreset(GameKind.TIC_TAC_TOE, "classic");
    assert.deepEqual([bare.requestId, bare.private, bare.allowHints, bare.players, { ...bare.labels }], ["", false, undefined, [], {}]);

    const preset = gameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: { n: "0" } });
    const plain = { source: { case: "savedConfig" as const, value: "big-board" }, players: [{ playerId: "u-2" }] };
    const fromConfig = gameFromConfig(ticTacToe);
    assert.deepEqual(await offline.batchCreateGames([preset, plain, fromConfig], { requestId: "b-1", timeoutMs: 5000 }), []);
    const batch = fromBinary(BatchCreateGamesRequestSchema, standIn.last("BatchCreateGames").body);
    assert.equal(batch.requestId, "b-1");
    assert.equal(batch.requests.length, 3);
    assert.ok(equals(CreateGameRequestSchema, batch.requests[0], preset), "in order");
    assert.ok(equals(CreateGameRequestSchema, batch.requests[1], create(CreateGameRequestSchema, plain)), "an init object");
    assert.ok(equals(CreateGameRequestSchema, batch.requests[2], fromConfig));
    assert.equal(standIn.last("BatchCreateGames").authorization, "Bearer key");
    await offline.batchCreateGames([preset]);
    assert.equal(fromBinary(BatchCreateGamesRequestSchema, standIn.last("BatchCreateGames").body).requestId, "");
  } finally {
    offline.close();
    await standIn.stop();
  }
});
