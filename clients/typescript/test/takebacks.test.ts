// Takebacks by consent against a real server: a configuration with `takebacksNeedConsent` makes
// `takeBack` ask the other seat, which agrees or declines with `answerTakeBack`; the events it
// logs and their names; a configuration that asks for consent without allowing takebacks is
// refused. And, offline, what `answerTakeBack` sends.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fromBinary } from "@bufbuild/protobuf";
import {
  actorKind,
  AnswerTakeBackRequestSchema,
  BadRequestSchema,
  Code,
  ConnectError,
  eventKind,
  type GameEvent,
  moves,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { seatClients, tabulaError } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const live = useServer();

/** The actor of `event` as [kind, seat]: ["seat", 2], ... */
function actor(event: GameEvent): [string, unknown] {
  return [actorKind(event.actor), event.actor?.kind.value];
}

test("a takeback by consent: asked, declined, asked again and accepted, with its events", async () => {
  const created = await live.client.createGameFromConfig({
    game: { case: "ticTacToe", value: {} },
    allowTakebacks: true,
    takebacksNeedConsent: true,
  });
  const gameId = created.game!.gameId;
  assert.deepEqual([created.game!.config?.allowTakebacks, created.game!.config?.takebacksNeedConsent], [true, true]);
  const [x, o] = seatClients(live.client, created);
  await x.submitMove(gameId, moves.placeCell(1, 1)); // seq 2

  await assert.rejects(o.answerTakeBack(gameId, true), tabulaError(Code.FailedPrecondition, "NO_TAKEBACK_REQUEST"));
  const asked = await x.takeBack(gameId); // seq 3
  assert.deepEqual([asked.seq, asked.view?.takebackRequest, asked.view?.moveCount], [3n, 1, 1]);
  await assert.rejects(x.takeBack(gameId), tabulaError(Code.FailedPrecondition, "TAKEBACK_ALREADY_REQUESTED"));
  await assert.rejects(x.answerTakeBack(gameId, true), tabulaError(Code.FailedPrecondition, "NO_TAKEBACK_REQUEST"));
  await assert.rejects(live.client.answerTakeBack(gameId, true), tabulaError(Code.PermissionDenied, "SEAT_REQUIRED"));
  await assert.rejects(
    o.answerTakeBack(gameId, false, { expectedSeq: 2n }),
    tabulaError(Code.Aborted, "STALE_SEQ"),
  );

  const declined = await o.answerTakeBack(gameId, false, { expectedSeq: 3n, requestId: "no-1" }); // seq 4
  assert.deepEqual(
    [declined.seq, declined.view?.takebackRequest, declined.view?.moveCount, declined.view?.toAct],
    [4n, 0, 1, [2]],
  );
  const retried = await o.answerTakeBack(gameId, false, { expectedSeq: 3n, requestId: "no-1", timeoutMs: 5000 });
  assert.equal(retried.seq, 4n, "a retried answer is answered as the first one");

  assert.equal((await x.takeBack(gameId)).view?.takebackRequest, 1); // seq 5
  const accepted = await o.answerTakeBack(gameId, true); // seq 6
  assert.deepEqual(
    [accepted.seq, accepted.view?.takebackRequest, accepted.view?.moveCount, accepted.view?.toAct],
    [6n, 0, 0, [1]],
  );
  await assert.rejects(o.answerTakeBack(gameId, true), tabulaError(Code.FailedPrecondition, "NO_TAKEBACK_REQUEST"));

  const events: GameEvent[] = [];
  for await (const event of live.client.events(gameId, 2n, { signal: AbortSignal.timeout(15_000) })) {
    events.push(event);
    if (events.length === 4) break;
  }
  assert.deepEqual(
    events.map((e) => [e.seq, eventKind(e), actor(e)]),
    [
      [3n, "takebackRequested", ["seat", 1]],
      [4n, "takebackDeclined", ["seat", 2]],
      [5n, "takebackRequested", ["seat", 1]],
      [6n, "moveTakenBack", ["seat", 2]],
    ],
  );
  const [requested, refused, , undone] = events;
  assert.ok(requested.kind.case === "takebackRequested" && requested.kind.value.seat === 1);
  assert.ok(refused.kind.case === "takebackDeclined" && refused.kind.value.seat === 2);
  assert.ok(undone.kind.case === "moveTakenBack");
  assert.deepEqual([undone.kind.value.seat, undone.kind.value.moveNumber], [1, 1], "the asking seat's first move");
});

test("a move made before the answer lets the takeback request lapse", async () => {
  const created = await live.client.createGameFromConfig({
    game: { case: "connectFour", value: {} },
    allowTakebacks: true,
    takebacksNeedConsent: true,
  });
  const gameId = created.game!.gameId;
  const [red, yellow] = seatClients(live.client, created);
  await red.submitMove(gameId, moves.drop(3));
  await red.takeBack(gameId);
  const moved = await yellow.submitMove(gameId, moves.drop(4));
  assert.deepEqual([moved.seq, moved.view?.takebackRequest, moved.view?.moveCount], [4n, 0, 2]);
  await assert.rejects(yellow.answerTakeBack(gameId, true), tabulaError(Code.FailedPrecondition, "NO_TAKEBACK_REQUEST"));
});

test("takebacksNeedConsent without allowTakebacks is INVALID_REQUEST on config.takebacks_need_consent", async () => {
  await assert.rejects(
    live.client.createGameFromConfig({ game: { case: "ticTacToe", value: {} }, takebacksNeedConsent: true }),
    (error: unknown) => {
      tabulaError(Code.InvalidArgument, "INVALID_REQUEST")(error);
      assert.ok(error instanceof TabulaError && error.cause instanceof ConnectError, String(error));
      const [badRequest] = error.cause.findDetails(BadRequestSchema);
      assert.deepEqual(badRequest?.fieldViolations.map((v) => v.field), ["config.takebacks_need_consent"]);
      return true;
    },
  );
});

test("answerTakeBack sends the game, the answer, and expected_seq and request_id when given", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address, credential: "seat" });
  const sent = () => fromBinary(AnswerTakeBackRequestSchema, standIn.last("AnswerTakeBack").body);
  try {
    const answer = await offline.answerTakeBack("g", true, { expectedSeq: 5n, requestId: "a-1" });
    assert.equal(answer.view?.gameId, "g");
    assert.deepEqual([sent().gameId, sent().accept, sent().expectedSeq, sent().requestId], ["g", true, 5n, "a-1"]);
    assert.equal(standIn.last("AnswerTakeBack").authorization, "Bearer seat");
    await offline.answerTakeBack("h", false, { timeoutMs: 5000 });
    assert.deepEqual([sent().gameId, sent().accept, sent().expectedSeq, sent().requestId], ["h", false, undefined, ""]);
    await offline.answerTakeBack("g", false, { expectedSeq: 0n });
    assert.equal(sent().expectedSeq, 0n, "0n is sent as set");
  } finally {
    offline.close();
    await standIn.stop();
  }
});
