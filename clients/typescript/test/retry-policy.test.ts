// Offline: which calls the retry policy may send again, its backoff, when an event stream gives
// up reconnecting, and a caller's timed-out signal reported as a deadline.
import assert from "node:assert/strict";
import { once } from "node:events";
import * as net from "node:net";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import {
  Code,
  DEFAULT_RECONNECT_BUDGET_MS,
  DEFAULT_RETRY_POLICY,
  GameService,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { Reconnects } from "../src/reconnects.js";
import { backoffMs, isRetrySafe } from "../src/retry.js";

const unary = GameService.methods.filter((m) => m.methodKind === "unary");

test("every read is safe to retry; a write only with a request id, and every write that takes one is listed", () => {
  const reads = unary.filter((m) => /^(Get|List|Export)/.test(m.name));
  for (const method of reads) assert.ok(isRetrySafe(method, create(method.input)), method.name);
  assert.ok(reads.some((m) => m.name === "GetHint") && reads.some((m) => m.name === "ListGameKinds"));
  assert.ok(reads.some((m) => m.name === "ExportGame") && reads.some((m) => m.name === "ListPuzzleSolutions"));
  const writes = unary.filter((m) => !reads.includes(m));
  const withId = writes.filter((m) => m.input.fields.some((f) => f.localName === "requestId"));
  assert.deepEqual(withId.map((m) => m.name).sort(), [
    "AbortGame",
    "AddTime",
    "AdjudicateGame",
    "AnswerTakeBack",
    "BatchCreateGames",
    "ClaimVictory",
    "CreateGame",
    "CreateRematch",
    "CreateSeries",
    "CreateTournament",
    "PauseClock",
    "Resign",
    "ResumeClock",
    "SubmitMove",
    "TakeBack",
  ]);
  for (const method of writes) {
    assert.equal(isRetrySafe(method, create(method.input)), false, `${method.name} without a request id`);
  }
  // A request that only checks stores nothing: safe to send twice, with or without an id.
  const importGame = writes.find((m) => m.name === "ImportGame")!;
  assert.ok(isRetrySafe(importGame, create(importGame.input, { document: "{}", validateOnly: true })));
  const submitMove = writes.find((m) => m.name === "SubmitMove")!;
  assert.ok(isRetrySafe(submitMove, create(submitMove.input, { gameId: "g", validateOnly: true })));
  for (const method of withId) {
    assert.ok(isRetrySafe(method, { requestId: "r-1" } as never), `${method.name} with a request id`);
  }
});

test("the default policy: 5 attempts, 0.1 s doubling to at most 2 s apart, each wait within ±20%", () => {
  assert.deepEqual({ ...DEFAULT_RETRY_POLICY }, { maxAttempts: 5, initialBackoffMs: 100, maxBackoffMs: 2000 });
  for (const [retry, base] of [[1, 100], [2, 200], [3, 400], [4, 800], [5, 1600], [6, 2000], [9, 2000]]) {
    const waits = Array.from({ length: 200 }, () => backoffMs(retry, 100, 2000));
    assert.ok(waits.every((ms) => ms >= base * 0.8 && ms <= base * 1.2), `retry ${retry}: ${Math.min(...waits)}..${Math.max(...waits)}`);
    assert.ok(new Set(waits).size > 1, "jittered");
  }
});

/** A clock the test moves by hand. */
function clock() {
  let now = 0;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

test("a stream gives up after 30 s without a successful reconnect, its last wait ending at the budget", () => {
  const time = clock();
  const reconnects = new Reconnects({}, time.now);
  const waits: number[] = [];
  for (let wait = reconnects.next(); wait !== undefined; wait = reconnects.next()) {
    waits.push(wait);
    time.pass(wait);
  }
  assert.equal(DEFAULT_RECONNECT_BUDGET_MS, 30_000);
  assert.equal(time.now(), 30_000, "the last attempt is made at the budget, then it gives up");
  assert.ok(waits[0] >= 80 && waits[0] <= 120 && waits[1] >= 160 && waits[1] <= 240, String(waits));
  assert.ok(waits.slice(0, -1).every((ms) => ms <= 2400), "at most 2 s (+20%) apart");
});

test("a successful reconnect starts the budget and the backoff afresh", () => {
  const time = clock();
  const reconnects = new Reconnects({ reconnectBudgetMs: 1000 }, time.now);
  for (let i = 0; i < 3; i++) time.pass(reconnects.next()!);
  time.pass(5000);
  reconnects.succeeded();
  const wait = reconnects.next();
  assert.ok(wait !== undefined && wait >= 80 && wait <= 120, `first wait again: ${wait}`);
});

test("retries: Infinity and reconnectBudgetMs: Infinity resume forever; retries: N gives up after N", () => {
  for (const limits of [{ retries: Infinity }, { reconnectBudgetMs: Infinity }]) {
    const time = clock();
    const reconnects = new Reconnects(limits, time.now);
    for (let i = 0; i < 2000; i++) {
      const wait = reconnects.next();
      assert.ok(wait !== undefined, `${JSON.stringify(limits)} gave up after ${time.now()} ms`);
      time.pass(wait);
    }
    assert.ok(time.now() > 3_600_000, "an hour of failures");
  }
  const time = clock();
  const two = new Reconnects({ retries: 2 }, time.now);
  assert.ok(two.next() !== undefined && two.next() !== undefined);
  assert.equal(two.next(), undefined);
  assert.equal(new Reconnects({ reconnectBudgetMs: 0 }).next(), undefined, "0: never reconnect");
});

test("a call whose signal is an AbortSignal.timeout that fires rejects with DEADLINE_EXCEEDED, not CANCELLED", async () => {
  // A server that accepts connections and never answers: the call is in flight when the signal fires.
  const silent = net.createServer(() => {});
  silent.listen(0, "127.0.0.1");
  await once(silent, "listening");
  const { port } = silent.address() as net.AddressInfo;
  const client = TabulaClient.connect({ address: `127.0.0.1:${port}` });
  try {
    await assert.rejects(client.getGame("g", { signal: AbortSignal.timeout(200) }), (error: unknown) => {
      assert.ok(error instanceof TabulaError, String(error));
      assert.equal(error.codeName, "DEADLINE_EXCEEDED", String(error));
      return true;
    });
    const aborted = new AbortController();
    const call = client.getGame("g", { signal: aborted.signal });
    aborted.abort();
    await assert.rejects(call, (error: unknown) => error instanceof TabulaError && error.code === Code.Canceled);
  } finally {
    client.close();
    silent.close();
  }
});
