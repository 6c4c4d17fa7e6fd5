// The ending takeback window against a real server: a tic-tac-toe game allowing takebacks with
// a 60 s window (`endingTakebackWindowMs`) that X wins on the top row is not finished for a
// rematch (GAME_NOT_FINISHED, metadata `final_at`) or an archive; X takes the winning mark back
// and the game is in progress again with X to move, its log reading gameEnded, moveTakenBack,
// gameResumed, and the owner's stream holding one GAME_RESUMED for it. A window without
// takebacks, or out of range, is refused. And, offline, what `endingTakebackWindowMs` builds.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { durationMs } from "@bufbuild/protobuf/wkt";
import {
  actorKind,
  Code,
  endingTakebackWindowMs,
  enumName,
  eventKind,
  type GameEvent,
  gameFromConfig,
  GameStatus,
  moves,
  type OwnerEvent,
  OwnerEventKind,
  OwnerEventKindSchema,
  OutcomeType,
  TabulaError,
} from "../src/index.js";
import { seatClients, tabulaError, ticTacToe } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer();

/** How long a stream may wait for the event a test expects before the test fails rather than hang. */
const WAIT_MS = 15_000;

/** The window the games of this file are created with. */
const WINDOW_MS = 60_000;

test("X takes back the mark that won: the game resumes, X to move, gameEnded then moveTakenBack then gameResumed", async () => {
  const labels = { suite: `ending-takeback-${randomBytes(6).toString("hex")}` };
  const created = await live.client.createGameFromConfig(
    { ...ticTacToe, allowTakebacks: true, endingTakebackWindow: endingTakebackWindowMs(WINDOW_MS) },
    { labels },
  );
  const gameId = created.game!.gameId;
  const echoed = created.game!.config?.endingTakebackWindow;
  assert.ok(echoed !== undefined, "the game echoes its window");
  assert.equal(durationMs(echoed), WINDOW_MS);
  assert.equal(created.game!.config?.allowTakebacks, true);
  const [x, o] = seatClients(live.client, created);

  // X wins on the top row.
  await x.submitMove(gameId, moves.placeCell(0, 0));
  await o.submitMove(gameId, moves.placeCell(1, 0));
  await x.submitMove(gameId, moves.placeCell(0, 1));
  await o.submitMove(gameId, moves.placeCell(1, 1));
  const won = await x.submitMove(gameId, moves.placeCell(0, 2));
  assert.equal(won.view?.status, GameStatus.FINISHED);
  assert.deepEqual([won.view?.outcome?.type, won.view?.outcome?.winner], [OutcomeType.WIN, 1], "X wins");
  const endedAt = Date.now();

  // The end may still be taken back: no rematch (nor archive) yet, and `final_at` says until when.
  const refused = await live.client.createRematch(gameId).then(
    (answer) => assert.fail(`a rematch of a game whose end may be taken back: ${answer.game?.gameId}`),
    (error: unknown) => error,
  );
  tabulaError(Code.FailedPrecondition, "GAME_NOT_FINISHED")(refused);
  assert.ok(refused instanceof TabulaError);
  const finalAt = refused.metadata.final_at;
  assert.ok(finalAt !== undefined, `metadata ${JSON.stringify(refused.metadata)}`);
  assert.match(finalAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/, "RFC 3339");
  const finalMs = Date.parse(finalAt);
  assert.ok(
    finalMs > endedAt && finalMs <= endedAt + WINDOW_MS + 1000,
    `final_at ${finalAt} is within the window of the end`,
  );
  await assert.rejects(live.client.archiveGame(gameId), tabulaError(Code.FailedPrecondition, "GAME_NOT_FINISHED"));

  // O may not take back X's move; X takes back the winning mark.
  await assert.rejects(o.takeBack(gameId), tabulaError(Code.FailedPrecondition, "NOTHING_TO_TAKE_BACK"));
  const back = await x.takeBack(gameId);
  assert.ok(back.seq > won.seq);
  assert.equal(back.view?.status, GameStatus.IN_PROGRESS, "the game is in progress again");
  assert.deepEqual(back.view?.toAct, [1], "X is to move");
  assert.equal(back.view?.moveCount, 4, "the winning mark is gone");
  assert.equal(back.view?.outcome, undefined, "no outcome holds");
  const view = await x.getView(gameId);
  assert.deepEqual([view.status, view.toAct], [GameStatus.IN_PROGRESS, [1]]);

  // The game's log: the win, its takeback, and the resumption, in that order.
  const events: GameEvent[] = [];
  for await (const event of live.client.events(gameId, 0n, { signal: AbortSignal.timeout(WAIT_MS) })) {
    events.push(event);
    if (eventKind(event) === "gameResumed") break; // the game is in progress: its stream stays open
  }
  const kinds = events.map(eventKind);
  assert.deepEqual(kinds.slice(-3), ["gameEnded", "moveTakenBack", "gameResumed"], kinds.join(", "));
  const [ended, takenBack, resumed] = events.slice(-3);
  assert.ok(ended.kind.case === "gameEnded");
  assert.deepEqual([ended.kind.value.outcome?.type, ended.kind.value.outcome?.winner], [OutcomeType.WIN, 1]);
  assert.deepEqual([actorKind(takenBack.actor), takenBack.actor?.kind.value], ["seat", 1], "X took it back");
  assert.ok(resumed.seq === takenBack.seq + 1n && takenBack.seq === ended.seq + 1n, "one after another");
  assert.equal(ended.seq, won.seq, "the winning mark's answer names its end's seq");
  assert.equal(back.seq, resumed.seq, "the takeback answers with the seq of the resumption");

  // The owner's stream, filtered to GAME_RESUMED, holds the resumption of this game, once.
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(WAIT_MS)]);
  const seen: OwnerEvent[] = [];
  let settle: ReturnType<typeof setTimeout> | undefined;
  for await (const event of live.client.ownerEvents({ kinds: [OwnerEventKind.GAME_RESUMED], labels, signal })) {
    seen.push(event);
    // The backlog comes at once: give any second entry a moment to show before stopping.
    settle ??= setTimeout(() => stop.abort(), 500);
  }
  clearTimeout(settle);
  assert.deepEqual(
    seen.map((e) => [enumName(OwnerEventKindSchema, e.kind), e.gameEvent?.gameId, e.gameEvent?.seq, e.gameEvent && eventKind(e.gameEvent)]),
    [["OWNER_EVENT_KIND_GAME_RESUMED", gameId, resumed.seq, "gameResumed"]],
  );
});

test("an ending takeback window without takebacks, or out of range, is refused", async () => {
  for (const config of [
    { ...ticTacToe, endingTakebackWindow: endingTakebackWindowMs(WINDOW_MS) },
    { ...ticTacToe, allowTakebacks: true, endingTakebackWindow: endingTakebackWindowMs(500) },
    { ...ticTacToe, allowTakebacks: true, endingTakebackWindow: endingTakebackWindowMs(3_600_001) },
  ]) {
    await assert.rejects(live.client.createGameFromConfig(config), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  }
  const plain = await live.client.createGameFromConfig({ ...ticTacToe, allowTakebacks: true });
  assert.equal(plain.game!.config?.endingTakebackWindow, undefined, "no window unless asked for");
});

test("endingTakebackWindowMs builds whole milliseconds, and gameFromConfig sends it as given", () => {
  assert.equal(durationMs(endingTakebackWindowMs(60_000.4)), 60_000);
  const window = endingTakebackWindowMs(1500);
  assert.deepEqual([window.seconds, window.nanos], [1n, 500_000_000]);
  const request = gameFromConfig({ ...ticTacToe, allowTakebacks: true, endingTakebackWindow: window });
  assert.ok(request.source.case === "config");
  assert.equal(durationMs(request.source.value.endingTakebackWindow!), 1500);
});
