// The owner's stream (`ownerEvents`): a key's labelled games created, started and ended, read
// live and again from a cursor with a kind filter, and resumed after a dropped connection,
// against a real server; what it sends and how it resumes and checks cursors, over an
// in-process stand-in.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { create, equals } from "@bufbuild/protobuf";
import { type ConnectRouter, createRouterTransport } from "@connectrpc/connect";
import {
  Code,
  ConnectError,
  EndReason,
  enumName,
  GameKind,
  GameService,
  moves,
  type OwnerEvent,
  OwnerEventKind,
  OwnerEventKindSchema,
  OwnerEventSchema,
  OutcomeType,
  type StreamOwnerEventsRequest,
  StreamOwnerEventsResponseSchema,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { assertJittered, READ_TIMEOUT_MS, reader, seatClient } from "./helpers.js";
import { startRelay, useServer } from "./server.js";

const live = useServer(); // a server without keys: the stream holds the games created without one

/** A label of this test's own: the file's other tests create games on the same server. */
function uniqueLabels(): Record<string, string> {
  return { suite: `owner-${randomBytes(6).toString("hex")}` };
}

/** A signal that aborts with `stop` or after READ_TIMEOUT_MS, whichever comes first. */
function bounded(stop: AbortController): AbortSignal {
  return AbortSignal.any([stop.signal, AbortSignal.timeout(READ_TIMEOUT_MS)]);
}

function kindName(event: OwnerEvent): string {
  return enumName(OwnerEventKindSchema, event.kind);
}

test("ownerEvents streams a key's labelled games created, started and ended, and again from a cursor with a kind filter", async () => {
  const client = live.client;
  const labels = uniqueLabels();
  const first = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels });
  const second = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels });
  const [firstId, secondId] = [first.game!.gameId, second.game!.gameId];

  const stop = new AbortController();
  const stream = client.ownerEvents({ labels, signal: bounded(stop) });
  assert.equal(stream.lastCursor, 0n, "from the key's whole history by default");
  const events = reader(stream);
  let createdFirst: OwnerEvent;
  let ended: OwnerEvent;
  try {
    createdFirst = await events.next("game 1's creation");
    assert.equal(kindName(createdFirst), "OWNER_EVENT_KIND_GAME_CREATED");
    assert.equal(createdFirst.gameEvent?.gameId, firstId, "game 1 is created first");
    assert.equal(createdFirst.gameEvent?.kind.case, "gameCreated");
    assert.equal(createdFirst.gameEvent?.seq, 1n, "the game's first event");
    assert.ok(createdFirst.cursor > 0n, `cursors count from 1: ${createdFirst.cursor}`);
    assert.equal(stream.lastCursor, createdFirst.cursor);

    const createdSecond = await events.next("game 2's creation");
    assert.equal(kindName(createdSecond), "OWNER_EVENT_KIND_GAME_CREATED");
    assert.equal(createdSecond.gameEvent?.gameId, secondId, "then game 2");
    assert.equal(createdSecond.gameEvent?.kind.case, "gameCreated");
    assert.ok(createdSecond.cursor > createdFirst.cursor, `${createdSecond.cursor} after ${createdFirst.cursor}`);

    // Live now: the first move starts game 1.
    const moved = await seatClient(client, first, 0).submitMove(firstId, moves.placeCell(1, 1));
    const started = await events.next("game 1's start");
    assert.equal(kindName(started), "OWNER_EVENT_KIND_GAME_STARTED");
    assert.equal(started.gameEvent?.gameId, firstId);
    assert.equal(started.gameEvent?.kind.case, "moveApplied", "a start carries the first move");
    assert.equal(started.gameEvent.seq, moved.events[0].seq, "the move's own event");
    assert.ok(started.cursor > createdSecond.cursor, `${started.cursor} after ${createdSecond.cursor}`);

    // Game 2's first seat resigns before anyone moved: it ends, the second seat winning.
    const resigned = await seatClient(client, second, 0).resign(secondId);
    ended = await events.next("game 2's end");
    assert.equal(kindName(ended), "OWNER_EVENT_KIND_GAME_ENDED");
    assert.equal(ended.gameEvent?.gameId, secondId);
    assert.ok(ended.gameEvent.kind.case === "gameEnded", `an end carries gameEnded, not ${ended.gameEvent.kind.case}`);
    const outcome = ended.gameEvent.kind.value.outcome;
    assert.deepEqual([outcome?.type, outcome?.winner, outcome?.reason], [OutcomeType.WIN, 2, EndReason.RESIGNATION]);
    assert.equal(ended.gameEvent.seq, resigned.seq, "the game's GameEnded");
    assert.ok(ended.cursor > started.cursor, `${ended.cursor} after ${started.cursor}`);
    assert.equal(stream.lastCursor, ended.cursor);
  } finally {
    stop.abort();
    await events.close();
  }

  // From the first creation's cursor, only ends: the backlog's first is game 2's end.
  const stopAgain = new AbortController();
  const endsOnly = client.ownerEvents({
    afterCursor: createdFirst.cursor,
    kinds: [OwnerEventKind.GAME_ENDED],
    labels,
    signal: bounded(stopAgain),
  });
  assert.equal(endsOnly.lastCursor, createdFirst.cursor);
  const again = reader(endsOnly);
  try {
    const event = await again.next("game 2's end, again");
    assert.ok(equals(OwnerEventSchema, event, ended), `the same event: ${kindName(event)} ${event.cursor}`);
    assert.equal(endsOnly.lastCursor, ended.cursor);
  } finally {
    stopAgain.abort();
    await again.close();
  }
});

test("ownerEvents resumes after the last cursor when the connection drops, without a repeat", async () => {
  const relay = await startRelay(live.server.address);
  const relayed = TabulaClient.connect({ address: relay.address });
  const client = live.client;
  const labels = uniqueLabels();
  const stop = new AbortController();
  const reconnects: Code[] = [];
  const stream = relayed.ownerEvents({ labels, signal: bounded(stop), onReconnect: (error) => reconnects.push(error.code) });
  const events = reader(stream);
  try {
    const before = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels });
    const first = await events.next("the first game's creation");
    assert.equal(first.gameEvent?.gameId, before.game!.gameId);
    relay.cutAll();
    // Made while the follower is disconnected: it must fetch this on resume.
    const after = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels });
    const next = await events.next("the second game's creation, after the reconnect");
    assert.equal(kindName(next), "OWNER_EVENT_KIND_GAME_CREATED");
    assert.equal(next.gameEvent?.gameId, after.game!.gameId, "not the first game's creation again");
    assert.ok(next.cursor > first.cursor);
    assert.ok(reconnects.length >= 1, "it reconnected");
  } finally {
    stop.abort();
    await events.close();
    relayed.close();
    await relay.close();
  }
});

test("ownerEvents sends its filters, accepts skipped cursors, resumes after the last with the same filters, and refuses a repeat", async () => {
  const requests: StreamOwnerEventsRequest[] = [];
  const transport = createRouterTransport((router: ConnectRouter) =>
    router.service(GameService, {
      async *streamOwnerEvents(request) {
        requests.push(request);
        const cursors = requests.length === 1 ? [3n, 7n] : [9n, 9n];
        for (const cursor of cursors) {
          yield create(StreamOwnerEventsResponseSchema, {
            event: {
              cursor,
              kind: OwnerEventKind.GAME_ENDED,
              gameEvent: { gameId: `g${cursor}`, seq: 5n, kind: { case: "gameEnded", value: {} } },
            },
          });
        }
        if (requests.length === 1) throw new ConnectError("the server is stopping", Code.Unavailable);
      },
    }),
  );
  const client = new TabulaClient(transport);
  const kinds = [OwnerEventKind.GAME_ENDED, OwnerEventKind.DRAW_OFFERED];
  const labels = { tournament: "spring" };
  const reconnects: [Code, number][] = [];
  const stream = client.ownerEvents({
    afterCursor: 2n,
    kinds,
    labels,
    onReconnect: (error, delayMs) => reconnects.push([error.code, delayMs]),
  });
  const cursors: bigint[] = [];
  await assert.rejects(
    (async () => {
      for await (const event of stream) cursors.push(event.cursor);
    })(),
    (error: unknown) => {
      assert.ok(error instanceof TabulaError, String(error));
      assert.deepEqual([error.code, error.reason], [Code.DataLoss, "CURSOR_OUT_OF_ORDER"], String(error));
      assert.deepEqual(error.metadata, { last_cursor: "9", received_cursor: "9" });
      return true;
    },
  );
  assert.deepEqual(cursors, [3n, 7n, 9n], "cursors may skip numbers; a repeat ends the stream");
  assert.equal(stream.lastCursor, 9n);
  assert.deepEqual(reconnects.map(([code]) => code), [Code.Unavailable]);
  assertJittered(reconnects.map(([, ms]) => ms), [100]);
  assert.deepEqual(
    requests.map((r) => [r.afterCursor, r.kinds, { ...r.labels }]),
    [
      [2n, kinds, labels],
      [7n, kinds, labels],
    ],
    "reopened after the last cursor yielded, with the same filters",
  );
});
