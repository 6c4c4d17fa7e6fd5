// Games scheduled ahead (`startTime`) against a real server: the game echoes its start to the
// millisecond, refuses every move with GAME_NOT_STARTED (metadata `start_time`) until then and
// takes the same move once it has started; a time not ahead starts the game at once; a batch's
// requests take a start of their own; a game with an engine seat may not start later
// (INVALID_REQUEST on `start_time`). And, offline, what the request builders send.
import assert from "node:assert/strict";
import { test } from "node:test";
import { timestampDate, timestampMs } from "@bufbuild/protobuf/wkt";
import {
  BadRequestSchema,
  botSeat,
  Code,
  ConnectError,
  gameFromConfig,
  gameFromPreset,
  GameKind,
  moves,
  TabulaError,
} from "../src/index.js";
import { connectFour, seatClient, tabulaError } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer();

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

/** Resolves once `time` (plus `marginMs`) has passed. */
function until(time: Date, marginMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, time.getTime() - Date.now() + marginMs)));
}

test("the request builders send startTime as CreateGameRequest.startTime, to the millisecond", () => {
  const startTime = new Date("2030-05-01T12:34:56.789Z");
  const request = gameFromPreset(GameKind.CONNECT_FOUR, "classic", { startTime });
  assert.equal(timestampMs(request.startTime!), startTime.getTime());
  assert.equal(timestampDate(request.startTime!).toISOString(), "2030-05-01T12:34:56.789Z");
  assert.equal(gameFromConfig(connectFour, { startTime }).startTime?.nanos, 789_000_000);
  assert.equal(gameFromPreset(GameKind.CONNECT_FOUR, "classic").startTime, undefined, "none asked for: none sent");
  assert.equal(startTime.toISOString(), "2030-05-01T12:34:56.789Z", "the caller's date is left as it was");
});

test("a Connect Four game starting 3 s ahead refuses moves with GAME_NOT_STARTED until then, and takes them after", async () => {
  const startTime = new Date(Date.now() + 3000);
  const created = await live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic", { startTime });
  const game = created.game!;
  assert.ok(game.startTime !== undefined, "the game says when it starts");
  assert.equal(timestampMs(game.startTime), startTime.getTime(), "echoed to the millisecond");
  assert.equal(timestampMs((await live.client.getGame(game.gameId)).startTime!), startTime.getTime(), "getGame shows it");

  const red = seatClient(live.client, created, 0);
  await assert.rejects(red.submitMove(game.gameId, moves.drop(3)), (error: unknown) => {
    tabulaError(Code.FailedPrecondition, "GAME_NOT_STARTED")(error);
    assert.ok(error instanceof TabulaError);
    const metadata = error.metadata.start_time;
    assert.ok(metadata !== undefined, `metadata ${JSON.stringify(error.metadata)}`);
    assert.match(metadata, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, "RFC 3339");
    assert.equal(Date.parse(metadata), startTime.getTime(), "the metadata names the start");
    return true;
  });
  assert.equal((await live.client.getGame(game.gameId)).moveCount, 0, "no move was made");

  await until(startTime, 500);
  const moved = await red.submitMove(game.gameId, moves.drop(3));
  assert.equal(moved.seq, 2n, "the same move is taken once the game has started");
  assert.equal((await live.client.getGame(game.gameId)).moveCount, 1);
});

test("a start not after the creation starts the game at once, with no startTime", async () => {
  const created = await live.client.createGameFromConfig(connectFour, { startTime: new Date(Date.now() - 60_000) });
  assert.equal(created.game!.startTime, undefined);
  await seatClient(live.client, created, 0).submitMove(created.game!.gameId, moves.drop(3));
});

test("each request of a batch takes its own start", async () => {
  const startTime = new Date(Date.now() + 60_000);
  const [scheduled, now] = await live.client.batchCreateGames([
    gameFromConfig(connectFour, { startTime }),
    gameFromPreset(GameKind.CONNECT_FOUR, "classic"),
  ]);
  assert.equal(timestampMs(scheduled.game!.startTime!), startTime.getTime());
  assert.equal(now.game!.startTime, undefined);
  await assert.rejects(
    seatClient(live.client, scheduled, 0).submitMove(scheduled.game!.gameId, moves.drop(0)),
    tabulaError(Code.FailedPrecondition, "GAME_NOT_STARTED"),
  );
  await seatClient(live.client, now, 0).submitMove(now.game!.gameId, moves.drop(0));
});

test("a start beyond 30 days is refused with INVALID_REQUEST on start_time; an engine seat waits for the start", async () => {
  const startTime = new Date(Date.now() + 60_000);
  const withBot = await live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic", {
    startTime,
    bots: [botSeat(2, 1)],
  });
  assert.notEqual(withBot.game!.startTime, undefined);
  await assert.rejects(
    live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic", {
      startTime: new Date(Date.now() + 31 * 24 * 3600 * 1000),
    }),
    badRequest("start_time"),
  );
  await assert.rejects(
    live.client.batchCreateGames([
      gameFromPreset(GameKind.CONNECT_FOUR, "classic"),
      gameFromConfig(connectFour, { startTime: new Date(Date.now() + 31 * 24 * 3600 * 1000), bots: [botSeat(1, 1)] }),
    ]),
    badRequest("requests[1].start_time"),
  );
});
