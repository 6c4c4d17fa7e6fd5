// Moves on the owner's stream (`ownerStreamMoves`) against a real server without keys: of two
// Connect Four games played alike, only the one created with `ownerStreamMoves` puts its moves
// on the owner's stream, as MOVE_PLAYED events carrying the `moveApplied`; the game echoes the
// option, a batch's requests take their own, and a rematch keeps it. And, offline, what the
// request builders send.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import {
  enumName,
  gameFromConfig,
  gameFromPgn,
  gameFromPreset,
  gameFromSavedConfig,
  GameKind,
  type Move,
  moves,
  OwnerEventKind,
  OwnerEventKindSchema,
} from "../src/index.js";
import { READ_TIMEOUT_MS, reader, seatClient, ticTacToe } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer(); // no keys: the owner's stream holds the games created without one

/** A label of this test's own: the file's other tests create games on the same server. */
function uniqueLabels(): Record<string, string> {
  return { suite: `owner-moves-${randomBytes(6).toString("hex")}` };
}

/** The column of a Connect Four drop; undefined for any other move. */
function column(move: Move | undefined): number | undefined {
  if (move?.kind.case !== "place") return undefined;
  const target = move.kind.value.target;
  return target.case === "column" ? target.value : undefined;
}

test("the request builders send ownerStreamMoves as CreateGameRequest.ownerStreamMoves", () => {
  assert.equal(gameFromPreset(GameKind.CONNECT_FOUR, "classic", { ownerStreamMoves: true }).ownerStreamMoves, true);
  assert.equal(gameFromConfig(ticTacToe, { ownerStreamMoves: true }).ownerStreamMoves, true);
  assert.equal(gameFromPgn("1. e4 e5", { ownerStreamMoves: true }).ownerStreamMoves, true);
  assert.equal(gameFromSavedConfig("big-board", { ownerStreamMoves: true }).ownerStreamMoves, true);
  assert.equal(gameFromPreset(GameKind.CONNECT_FOUR, "classic").ownerStreamMoves, false, "off by default");
  assert.equal(gameFromConfig(ticTacToe, { ownerStreamMoves: false }).ownerStreamMoves, false);
});

test("only the game created with ownerStreamMoves puts its moves on the owner's stream, as MOVE_PLAYED", async () => {
  const client = live.client;
  const labels = uniqueLabels();
  const streamed = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic", { labels, ownerStreamMoves: true });
  const quiet = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic", { labels });
  const [streamedId, quietId] = [streamed.game!.gameId, quiet.game!.gameId];
  assert.equal(streamed.game!.ownerStreamMoves, true, "the creation echoes the option");
  assert.equal(quiet.game!.ownerStreamMoves, false, "off by default");
  assert.equal((await client.getGame(streamedId)).ownerStreamMoves, true, "getGame shows it");
  assert.equal((await client.getGame(quietId)).ownerStreamMoves, false);

  // Each game: the first seat drops in column 3, the second in column 4.
  const played: bigint[] = [];
  for (const created of [streamed, quiet]) {
    const gameId = created.game!.gameId;
    const red = await seatClient(client, created, 0).submitMove(gameId, moves.drop(3));
    const yellow = await seatClient(client, created, 1).submitMove(gameId, moves.drop(4));
    if (created === streamed) played.push(red.events[0].seq, yellow.events[0].seq);
  }

  const stop = new AbortController();
  const stream = client.ownerEvents({
    kinds: [OwnerEventKind.MOVE_PLAYED],
    labels,
    signal: AbortSignal.any([stop.signal, AbortSignal.timeout(READ_TIMEOUT_MS)]),
  });
  const events = reader(stream);
  try {
    const first = await events.next("the first move");
    const second = await events.next("the second move");
    const seen = [first, second].map((event) => {
      const game = event.gameEvent;
      assert.ok(game?.kind.case === "moveApplied", `a MOVE_PLAYED carries the moveApplied, not ${game?.kind.case}`);
      const applied = game.kind.value;
      return [enumName(OwnerEventKindSchema, event.kind), game.gameId, game.seq, applied.seat, column(applied.move)];
    });
    assert.deepEqual(seen, [
      ["OWNER_EVENT_KIND_MOVE_PLAYED", streamedId, played[0], 1, 3],
      ["OWNER_EVENT_KIND_MOVE_PLAYED", streamedId, played[1], 2, 4],
    ]);
    assert.ok(second.cursor > first.cursor, `${second.cursor} after ${first.cursor}`);
    assert.equal(stream.lastCursor, second.cursor);
    assert.ok(await events.quietFor(1000), "nothing more: the other game's moves stay off the owner's stream");
  } finally {
    stop.abort();
  }
});

test("each request of a batch takes its own ownerStreamMoves, and a rematch keeps it", async () => {
  const [streamed, quiet] = await live.client.batchCreateGames([
    gameFromPreset(GameKind.CONNECT_FOUR, "classic", { ownerStreamMoves: true }),
    gameFromPreset(GameKind.CONNECT_FOUR, "classic"),
  ]);
  assert.equal(streamed.game!.ownerStreamMoves, true);
  assert.equal(quiet.game!.ownerStreamMoves, false, "not asked for: off");

  // Ended before any move (the first seat resigns), then played again.
  for (const [created, expected] of [
    [streamed, true],
    [quiet, false],
  ] as const) {
    const gameId = created.game!.gameId;
    await seatClient(live.client, created, 0).resign(gameId);
    const rematch = await live.client.createRematch(gameId);
    assert.equal(rematch.game!.ownerStreamMoves, expected, `the rematch of a game with ${expected} keeps it`);
  }
});
