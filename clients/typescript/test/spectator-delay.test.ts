// Spectator delay (`spectatorDelay`) against a real server without keys: a tic-tac-toe game
// delayed by one ply shows a spectator (no credential) the game a move behind, in `getView` and
// in its event stream, which holds each event back until the next move, while a seat sees it
// live; the game echoes its delay, a batch's requests take a delay of their own, a finished
// game shows everyone everything, its rematch keeps the delay, and a bad delay is refused
// with INVALID_REQUEST. And, offline, what the request builders send.
import assert from "node:assert/strict";
import { test } from "node:test";
import { durationMs } from "@bufbuild/protobuf/wkt";
import {
  Code,
  gameFromConfig,
  gameFromPreset,
  GameKind,
  GameStatus,
  moves,
  type SpectatorDelayOption,
} from "../src/index.js";
import { READ_TIMEOUT_MS, reader, seatClient, tabulaError, ticTacToe } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer(); // no keys: a client without a credential is a spectator

test("the request builders send spectatorDelay as CreateGameRequest.spectatorDelay", () => {
  const delay: SpectatorDelayOption = { plies: 3, durationMs: 1500 };
  const request = gameFromPreset(GameKind.TIC_TAC_TOE, "classic", { spectatorDelay: delay });
  assert.equal(request.spectatorDelay?.plies, 3);
  assert.equal(durationMs(request.spectatorDelay!.duration!), 1500);
  assert.equal(request.spectatorDelay!.duration!.nanos, 500_000_000);
  const plies = gameFromConfig(ticTacToe, { spectatorDelay: { plies: 1 } }).spectatorDelay;
  assert.equal(plies?.plies, 1);
  assert.equal(plies?.duration, undefined, "no duration asked for: none sent");
  const time = gameFromConfig(ticTacToe, { spectatorDelay: { durationMs: 60_000 } }).spectatorDelay;
  assert.equal(time?.plies, 0, "no plies asked for: 0 sent");
  assert.equal(durationMs(time!.duration!), 60_000);
  assert.equal(gameFromPreset(GameKind.TIC_TAC_TOE, "classic").spectatorDelay, undefined, "none asked for: none sent");
  assert.deepEqual(delay, { plies: 3, durationMs: 1500 }, "the caller's option is left as it was");
});

test("a game delayed by one ply shows a spectator the game a move behind, in its view and its stream", async () => {
  const created = await live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { spectatorDelay: { plies: 1 } });
  const gameId = created.game!.gameId;
  assert.equal(created.game!.spectatorDelay?.plies, 1, "the creation echoes the delay");
  assert.equal((await live.client.getGame(gameId)).spectatorDelay?.plies, 1, "getGame shows it");
  const [x, o] = [seatClient(live.client, created, 0), seatClient(live.client, created, 1)];

  await x.submitMove(gameId, moves.placeCell(1, 1));
  await o.submitMove(gameId, moves.placeCell(0, 0));
  const spectated = await live.client.getView(gameId);
  assert.equal(spectated.moveCount, 1, "a spectator sees X's move but not O's yet");
  assert.equal(spectated.seq, 2n, "its seq is the last event shown, X's move");
  assert.equal((await x.getView(gameId)).moveCount, 2, "X sees both moves live");

  const stop = new AbortController();
  const stream = live.client.events(gameId, 0n, {
    signal: AbortSignal.any([stop.signal, AbortSignal.timeout(READ_TIMEOUT_MS)]),
  });
  const events = reader(stream);
  try {
    const seen = [(await events.next("the creation")).seq, (await events.next("X's move")).seq];
    assert.deepEqual(seen, [1n, 2n], "the creation and X's move");
    assert.ok(await events.quietFor(1000), "O's move is held back while it is the last one");

    await x.submitMove(gameId, moves.placeCell(2, 2));
    const next = await events.next("O's move");
    assert.equal(next.seq, 3n, "X's next move lets O's through");
    assert.equal(next.kind.case, "moveApplied");
  } finally {
    stop.abort();
  }
});

test("once the game is over a spectator sees all of it, and its rematch keeps the delay", async () => {
  const created = await live.client.createGameFromConfig(ticTacToe, { spectatorDelay: { plies: 2, durationMs: 1500 } });
  const gameId = created.game!.gameId;
  const delay = created.game!.spectatorDelay;
  assert.equal(delay?.plies, 2);
  assert.equal(durationMs(delay!.duration!), 1500, "the duration is echoed to the millisecond");
  const [x, o] = [seatClient(live.client, created, 0), seatClient(live.client, created, 1)];
  await x.submitMove(gameId, moves.placeCell(1, 1));
  await o.submitMove(gameId, moves.placeCell(0, 0));
  assert.equal((await live.client.getView(gameId)).moveCount, 0, "two plies behind: no move shown yet");

  const resigned = await x.resign(gameId);
  const spectated = await live.client.getView(gameId);
  assert.equal(spectated.status, GameStatus.FINISHED);
  assert.equal(spectated.moveCount, 2, "a finished game hides nothing");
  assert.equal(spectated.seq, resigned.seq, "up to its last event");

  const rematch = await live.client.createRematch(gameId);
  assert.equal(rematch.game!.spectatorDelay?.plies, 2, "the rematch keeps the plies");
  assert.equal(durationMs(rematch.game!.spectatorDelay!.duration!), 1500, "and the duration");
});

test("each request of a batch takes its own delay", async () => {
  const [delayed, undelayed] = await live.client.batchCreateGames([
    gameFromConfig(ticTacToe, { spectatorDelay: { plies: 4 } }),
    gameFromPreset(GameKind.TIC_TAC_TOE, "classic"),
  ]);
  assert.equal(delayed.game!.spectatorDelay?.plies, 4);
  assert.equal(undelayed.game!.spectatorDelay, undefined, "no delay asked for: none");
});

test("a bad delay is refused with INVALID_REQUEST", async () => {
  const refused = tabulaError(Code.InvalidArgument, "INVALID_REQUEST");
  for (const spectatorDelay of [{ plies: 101 }, {}, { durationMs: 500 }, { durationMs: 3_600_001 }, { durationMs: 1500.5 }]) {
    await assert.rejects(
      live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { spectatorDelay }),
      refused,
      JSON.stringify(spectatorDelay),
    );
  }
});
