// Seats' presence and claims against a real server: a tic-tac-toe game keeping presence
// (`presenceConfig`, away after 1 s, claimable after 1 s) logs O coming with its event stream
// and going once the stream is closed, shows it in the views, refuses X's claim until the
// window has passed (CLAIM_TOO_EARLY, metadata `claimable_at`) and then lets X win by it; a
// game without presence keeps none and refuses claims (CLAIM_NOT_AVAILABLE); presence events
// leave a move's `expectedSeq` standing. And, offline, what `presenceConfig` builds and what
// `claimVictory` sends.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { fromBinary } from "@bufbuild/protobuf";
import { durationMs, timestampMs } from "@bufbuild/protobuf/wkt";
import {
  actorKind,
  ClaimVictoryRequestSchema,
  type ClaimVictoryResponse,
  Code,
  EndReason,
  enumName,
  type EventStream,
  eventKind,
  type GameEvent,
  GameStatus,
  moves,
  type OwnerEvent,
  OwnerEventKind,
  OwnerEventKindSchema,
  OutcomeType,
  presenceConfig,
  seatPresence,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { seatClients, tabulaError, ticTacToe } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const live = useServer();

/** How long a stream may wait for the event a test expects before the test fails rather than hang. */
const WAIT_MS = 15_000;

/** `[seat, present]` of a `seatPresenceChanged` event; undefined for any other event. */
function presenceOf(event: GameEvent): [number, boolean] | undefined {
  return event.kind.case === "seatPresenceChanged" ? [event.kind.value.seat, event.kind.value.present] : undefined;
}

/** Whether `event` says that `seat` came (`present`) or went. */
function isPresence(seat: number, present: boolean) {
  return (event: GameEvent) => {
    const changed = presenceOf(event);
    return changed !== undefined && changed[0] === seat && changed[1] === present;
  };
}

/** The first event of `stream` that `matches`, closing the stream; undefined if the stream ended first. */
async function first(stream: EventStream, matches: (event: GameEvent) => boolean): Promise<GameEvent | undefined> {
  for await (const event of stream) if (matches(event)) return event;
  return undefined;
}

/** A signal that aborts with `stop` or after WAIT_MS, whichever comes first. */
function bounded(stop: AbortController): AbortSignal {
  return AbortSignal.any([stop.signal, AbortSignal.timeout(WAIT_MS)]);
}

/** Resolves once `time` (a millisecond timestamp) plus `marginMs` has passed. */
function until(time: number, marginMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now() + marginMs)));
}

test("a seat gone for the claim window loses by X's claim: CLAIM_TOO_EARLY before, the win after", async () => {
  const labels = { suite: `presence-${randomBytes(6).toString("hex")}` };
  const created = await live.client.createGameFromConfig(
    { ...ticTacToe, presence: presenceConfig({ awayAfterMs: 1000, claimAfterMs: 1000 }) },
    { labels },
  );
  const gameId = created.game!.gameId;
  const echoed = created.game!.config?.presence;
  assert.ok(echoed?.awayAfter !== undefined && echoed.claimAfter !== undefined, "the game echoes its presence");
  assert.deepEqual([durationMs(echoed.awayAfter), durationMs(echoed.claimAfter)], [1000, 1000]);
  const [x, o] = seatClients(live.client, created);
  await x.submitMove(gameId, moves.placeCell(1, 1)); // O to move

  // O comes with its event stream, and goes once the stream is closed.
  const stopO = new AbortController();
  const came = await first(o.events(gameId, 0n, { signal: bounded(stopO) }), isPresence(2, true));
  stopO.abort();
  assert.ok(came !== undefined, `O's stream brought no seatPresenceChanged(2, present) within ${WAIT_MS} ms`);
  assert.equal(eventKind(came), "seatPresenceChanged");

  const stopX = new AbortController();
  const went = await first(x.events(gameId, came.seq, { signal: bounded(stopX) }), isPresence(2, false));
  stopX.abort();
  assert.ok(went !== undefined, `no seatPresenceChanged(2, gone) within ${WAIT_MS} ms of O's stream closing`);
  assert.ok(went.seq > came.seq);

  // The view lists both seats: X present (its stream just closed, and it calls), O gone.
  const view = await x.getView(gameId);
  assert.deepEqual(
    view.presence.map((p) => [p.seat, p.present]),
    [
      [1, true],
      [2, false],
    ],
    "presence, in seat order",
  );
  const gone = seatPresence(view, 2)!;
  assert.ok(gone.since !== undefined && timestampMs(gone.since) === timestampMs(went.time!), "O went at its event");
  assert.ok(gone.claimableAt !== undefined, "a seat gone in a game with a claim window is claimable from a time");
  const claimableAt = timestampMs(gone.claimableAt);
  assert.equal(claimableAt, timestampMs(gone.since) + 1000, "claim_after after it went");
  assert.equal(seatPresence(view, 1)?.claimableAt, undefined, "a present seat is not claimable");

  await assert.rejects(live.client.claimVictory(gameId), tabulaError(Code.PermissionDenied, "SEAT_REQUIRED"));
  // Right away it is too early (unless this machine was slow enough for the window to pass).
  let claimed: ClaimVictoryResponse | undefined;
  let requestId = "claim-early";
  try {
    claimed = await x.claimVictory(gameId, { requestId });
  } catch (error) {
    tabulaError(Code.FailedPrecondition, "CLAIM_TOO_EARLY")(error);
    assert.ok(error instanceof TabulaError);
    const metadata = error.metadata.claimable_at;
    assert.ok(metadata !== undefined, `metadata ${JSON.stringify(error.metadata)}`);
    assert.match(metadata, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/, "RFC 3339");
    assert.ok(Math.abs(Date.parse(metadata) - claimableAt) <= 1, `${metadata}: the view's claimableAt`);
    await until(Date.parse(metadata), 200);
    requestId = "claim-1";
    claimed = await x.claimVictory(gameId, { requestId });
  }
  assert.ok(requestId === "claim-1" || Date.now() >= claimableAt, "a claim succeeded before claimable_at");
  const outcome = claimed.view?.outcome;
  assert.deepEqual([outcome?.type, outcome?.winner], [OutcomeType.WIN, 1], "X wins by the claim");
  assert.equal(outcome?.reason, EndReason.ADJUDICATION, "the game ends adjudicated");
  assert.equal(claimed.view?.status, GameStatus.FINISHED);
  const retried = await x.claimVictory(gameId, { requestId, timeoutMs: 5000 });
  assert.equal(retried.seq, claimed.seq, "a retried claim is answered as the first one");
  await assert.rejects(x.claimVictory(gameId), tabulaError(Code.FailedPrecondition, "CLAIM_NOT_AVAILABLE"));

  // The whole log: O came and went, then X's claim (a gameAdjudicated by seat 1) ended it.
  const events: GameEvent[] = [];
  for await (const event of live.client.events(gameId, 0n, { signal: AbortSignal.timeout(WAIT_MS) })) events.push(event);
  const ended = events.at(-1)!;
  assert.ok(ended.kind.case === "gameEnded", `the last event is ${eventKind(ended)}`);
  assert.deepEqual([ended.kind.value.outcome?.type, ended.kind.value.outcome?.winner], [OutcomeType.WIN, 1]);
  const adjudicated = events.at(-2)!;
  assert.equal(eventKind(adjudicated), "gameAdjudicated");
  assert.deepEqual([actorKind(adjudicated.actor), adjudicated.actor?.kind.value], ["seat", 1], "the claimant acts");
  const seatTwo = events.filter((e) => presenceOf(e)?.[0] === 2).map((e) => [e.seq, presenceOf(e)![1]]);
  assert.deepEqual(seatTwo.slice(0, 2), [
    [came.seq, true],
    [went.seq, false],
  ]);

  // The owner's stream (a server without keys: the games created without one) has them too.
  const stop = new AbortController();
  const owner = live.client.ownerEvents({
    kinds: [OwnerEventKind.SEAT_PRESENT, OwnerEventKind.SEAT_GONE],
    labels,
    signal: bounded(stop),
  });
  const seen: OwnerEvent[] = [];
  for await (const event of owner) {
    seen.push(event);
    if (event.gameEvent?.seq === went.seq) break;
  }
  stop.abort();
  const mine = seen.map((e) => [enumName(OwnerEventKindSchema, e.kind), e.gameEvent?.gameId, e.gameEvent?.seq]);
  assert.ok(mine.every(([kind]) => kind === "OWNER_EVENT_KIND_SEAT_PRESENT" || kind === "OWNER_EVENT_KIND_SEAT_GONE"));
  assert.deepEqual(mine.filter(([, , seq]) => seq === came.seq || seq === went.seq), [
    ["OWNER_EVENT_KIND_SEAT_PRESENT", gameId, came.seq],
    ["OWNER_EVENT_KIND_SEAT_GONE", gameId, went.seq],
  ]);
});

test("a game without presence keeps none and refuses claims with CLAIM_NOT_AVAILABLE", async () => {
  const created = await live.client.createGameFromConfig(ticTacToe);
  const gameId = created.game!.gameId;
  assert.equal(created.game!.config?.presence, undefined, "no presence unless asked for");
  const [x] = seatClients(live.client, created);
  await x.submitMove(gameId, moves.placeCell(1, 1));
  await assert.rejects(x.claimVictory(gameId), tabulaError(Code.FailedPrecondition, "CLAIM_NOT_AVAILABLE"));
  await assert.rejects(
    x.claimVictory(gameId, { draw: true }),
    tabulaError(Code.FailedPrecondition, "CLAIM_NOT_AVAILABLE"),
  );
  assert.deepEqual((await x.getView(gameId)).presence, [], "no presence kept");
});

test("a seat coming leaves the seq of a move standing for expectedSeq", async () => {
  const created = await live.client.createGameFromConfig({ ...ticTacToe, presence: presenceConfig({ awayAfterMs: 1000 }) });
  const gameId = created.game!.gameId;
  const [x, o] = seatClients(live.client, created);
  const moved = await x.submitMove(gameId, moves.placeCell(1, 1));
  const stop = new AbortController();
  const came = await first(o.events(gameId, 0n, { signal: bounded(stop) }), isPresence(2, true));
  stop.abort();
  assert.ok(came !== undefined && came.seq > moved.seq, "O came after X's move");
  const answered = await o.submitMove(gameId, moves.placeCell(0, 0), { expectedSeq: moved.seq });
  assert.equal(answered.view?.moveCount, 2, "the seq of X's move still holds");
});

test("presenceConfig builds whole milliseconds, and leaves out what is not asked for", () => {
  const config = presenceConfig({ awayAfterMs: 30_000.4, claimAfterMs: 60_000 });
  assert.deepEqual([durationMs(config.awayAfter!), durationMs(config.claimAfter!)], [30_000, 60_000]);
  assert.deepEqual([presenceConfig().awayAfter, presenceConfig().claimAfter], [undefined, undefined]);
  const claimOnly = presenceConfig({ claimAfterMs: 1500 });
  assert.deepEqual([claimOnly.awayAfter, durationMs(claimOnly.claimAfter!)], [undefined, 1500]);
});

test("claimVictory sends the game, draw and request_id", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address, credential: "seat" });
  const sent = () => fromBinary(ClaimVictoryRequestSchema, standIn.last("ClaimVictory").body);
  try {
    const answer = await offline.claimVictory("g", { draw: true, requestId: "c-1" });
    assert.equal(answer.view?.gameId, "g");
    assert.deepEqual([sent().gameId, sent().draw, sent().requestId], ["g", true, "c-1"]);
    assert.equal(standIn.last("ClaimVictory").authorization, "Bearer seat");
    await offline.claimVictory("h", { timeoutMs: 5000 });
    assert.deepEqual([sent().gameId, sent().draw, sent().requestId], ["h", false, ""]);
  } finally {
    offline.close();
    await standIn.stop();
  }
});
