// The retry policy, wait-for-ready and event streams' resumption against a real server on a
// SQLite file that is stopped and started again on the same port and file, as a deployment
// restarts it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import type { Transport } from "@connectrpc/connect";
import { Code, GameKind, moves, type RetryPolicy, TabulaClient, TabulaError } from "../src/index.js";
import { reader, seatClients } from "./helpers.js";
import { type RestartableServer, startRestartableServer } from "./server.js";

let server: RestartableServer;
let client: TabulaClient;
before(async () => {
  server = await startRestartableServer();
  client = TabulaClient.connect({ address: server.address });
});
after(async () => {
  client.close();
  await server.close();
});

/** A new tic-tac-toe game: its id and its seats' clients, X's first. */
async function newGame(on: TabulaClient = client) {
  const created = await on.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic");
  // `game` is typed as present: no `!` or `?.` needed under strict settings.
  return { id: created.game.gameId, seats: seatClients(on, created) };
}

/** Starts the server again after `ms`, while the caller's call is retrying. */
function startAfter(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms)).then(() => server.start());
}

/** A policy with the default attempts and backoff that records each retry's attempt number. */
function recording(attempts: number[]): RetryPolicy {
  return {
    onRetry: (error, attempt) => {
      assert.equal(error.code, Code.Unavailable, String(error));
      attempts.push(attempt);
    },
  };
}

/** Node's gRPC transport to the server, counting the unary calls sent through it (each attempt). */
function countingTransport(): { transport: Transport; sent: () => number; close: () => void } {
  const baseUrl = `http://${server.address}`;
  const sessions = new Http2SessionManager(baseUrl);
  const inner = createGrpcTransport({ baseUrl, sessionManager: sessions });
  let sent = 0;
  const transport: Transport = {
    unary: (...args) => {
      sent += 1;
      return inner.unary(...args);
    },
    stream: (...args) => inner.stream(...args),
  };
  return { transport, sent: () => sent, close: () => sessions.abort() };
}

const unavailable = (error: unknown) => error instanceof TabulaError && error.code === Code.Unavailable;

test("a read is retried while the server restarts on the same port and file, and succeeds", async () => {
  const { id } = await newGame();
  const attempts: number[] = [];
  await server.stop();
  const restarted = startAfter(300);
  const game = await client.getGame(id, { retry: recording(attempts) });
  await restarted;
  assert.equal(game.gameId, id, "the game came back from the file");
  assert.ok(attempts.length >= 1, "the read failed while the server was down and was retried");
  assert.deepEqual(attempts, attempts.map((_, i) => i + 2), "retries numbered from the second attempt");
});

test("a write without a request id is not retried: it fails with UNAVAILABLE at once", async () => {
  const { id } = await newGame();
  const counted = countingTransport();
  const seat = new TabulaClient(counted.transport);
  try {
    await server.stop();
    await assert.rejects(seat.submitMove(id, moves.placeCell(0, 0)), unavailable);
    assert.equal(counted.sent(), 1, "sent once");
    await assert.rejects(seat.abortGame(id, "no request id"), unavailable);
    assert.equal(counted.sent(), 2, "an abort without a request id is sent once too");
  } finally {
    seat.close();
    counted.close();
    await server.start();
  }
});

test("writes with a request id (a move, a creation) are retried across a restart and applied once", async () => {
  const { id, seats } = await newGame();
  const attempts: number[] = [];
  await server.stop();
  const restarted = startAfter(300);
  const [moved, created] = await Promise.all([
    seats[0].submitMove(id, moves.placeCell(1, 1), { requestId: "centre", retry: recording(attempts) }),
    client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic", { requestId: "second-game", retry: recording(attempts) }),
  ]);
  await restarted;
  assert.ok(moved.applied && moved.view.moveCount === 1, "the move was applied");
  assert.ok(created.game.gameId !== "", "the game was created");
  assert.ok(attempts.length >= 2, "both were retried");
  assert.equal((await client.getView(id)).moveCount, 1, "applied once");
});

test("retry: false sends a read once, for a client and for a call; a call's policy overrides the client's", async () => {
  const { id } = await newGame();
  const counted = countingTransport();
  const once = new TabulaClient(counted.transport, { retry: false });
  try {
    await server.stop();
    await assert.rejects(once.getGame(id), unavailable);
    assert.equal(counted.sent(), 1, "the client's retry: false");
    await assert.rejects(client.getGame(id, { retry: false }), unavailable);
    await assert.rejects(once.getGame(id, { retry: { maxAttempts: 3, initialBackoffMs: 10, maxBackoffMs: 10 } }), unavailable);
    assert.equal(counted.sent(), 4, "the call's own policy: three attempts");
  } finally {
    once.close();
    counted.close();
    await server.start();
  }
});

test("wait-for-ready: calls wait past the policy's attempts until the server is back, a write without a request id too", async () => {
  // Short waits, so that the policy's five attempts are spent long before the server is back.
  const waiting = TabulaClient.connect({ address: server.address, waitForReady: true, retry: { maxBackoffMs: 100 } });
  try {
    const { id, seats } = await newGame(waiting);
    await server.stop();
    const started = Date.now();
    const restarted = startAfter(1000);
    const [game, moved] = await Promise.all([
      waiting.getGame(id, { timeoutMs: 10_000 }),
      // No request id: sent again only because its connection could not be made, so nothing was sent.
      seats[0].submitMove(id, moves.placeCell(0, 0), { timeoutMs: 10_000 }),
    ]);
    await restarted;
    assert.equal(game.gameId, id);
    assert.ok(moved.applied, "the write was applied once the server was back");
    assert.ok(Date.now() - started >= 1000, "the calls waited for the server");
  } finally {
    waiting.close();
  }
});

test("wait-for-ready ends at the call's deadline with DEADLINE_EXCEEDED", async () => {
  const { id } = await newGame();
  await server.stop();
  try {
    const started = Date.now();
    await assert.rejects(
      client.getGame(id, { waitForReady: true, timeoutMs: 600 }),
      (error: unknown) => error instanceof TabulaError && error.code === Code.DeadlineExceeded,
    );
    const waited = Date.now() - started;
    assert.ok(waited >= 550 && waited < 3000, `waited ${waited} ms`);
  } finally {
    await server.start();
  }
});

test("an event stream resumes by itself across a restart, no event lost or repeated", async () => {
  const { id, seats } = await newGame();
  const [x, o] = seats;
  const reconnects: Code[] = [];
  const stream = client.events(id, 0n, { onReconnect: (error) => reconnects.push(error.code) });
  const events = reader(stream, { eager: true });
  assert.equal((await events.next("the creation")).seq, 1n);
  await x.submitMove(id, moves.placeCell(0, 0));
  assert.equal((await events.next("X's first move")).seq, 2n);
  await server.restart(300);
  // X takes the top row while O plays the middle one: X wins on the fifth move.
  const plays: [TabulaClient, number, number][] = [[o, 1, 0], [x, 0, 1], [o, 1, 1], [x, 0, 2]];
  for (const [seat, row, col] of plays) await seat.submitMove(id, moves.placeCell(row, col));
  const seqs: bigint[] = [];
  for (let seq = 3n; seq <= 7n; seq++) seqs.push((await events.next(`event ${seq}`)).seq);
  assert.deepEqual(seqs, [3n, 4n, 5n, 6n, 7n], "every event after the restart, once, in order");
  assert.equal(stream.lastSeq, 7n);
  assert.ok(reconnects.length >= 1 && reconnects.every((code) => code === Code.Unavailable), String(reconnects));
});

test("an event stream gives up after reconnectBudgetMs without a successful reconnect, with the last failure", async () => {
  const { id } = await newGame();
  const stream = client.events(id, 0n, { reconnectBudgetMs: 800 });
  const events = reader(stream, { eager: true });
  await events.next("the creation");
  await server.stop();
  const stopped = Date.now();
  try {
    await assert.rejects(events.next("a failure"), unavailable);
    const waited = Date.now() - stopped;
    assert.ok(waited >= 600 && waited < 3000, `gave up after ${waited} ms`);
  } finally {
    await server.start();
  }
});
