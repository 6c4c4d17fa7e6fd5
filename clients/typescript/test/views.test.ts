// A game's past views and takebacks against a real server: `getView` at an earlier seq equals
// the view the event stream carried then, for a spectator and for a seat; a seq out of the log
// is SEQ_OUT_OF_RANGE; a configuration's `allowTakebacks` lets a seat take its last move back.
// And, offline, what the `atSeq` option sends.
import assert from "node:assert/strict";
import { test } from "node:test";
import { equals, fromBinary } from "@bufbuild/protobuf";
import {
  clocks,
  Code,
  GameKind,
  GetViewRequestSchema,
  moves,
  Piece,
  TabulaClient,
  type View,
  ViewSchema,
} from "../src/index.js";
import { seatClient, seatClients, tabulaError } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const live = useServer();

/** Every occupied cell of the view's board: [row, col, piece, owner]. */
function discs(view: View): [number, number, Piece, number][] {
  const board = view.board!;
  return board.cells.flatMap(({ piece, owner }, i) =>
    piece === Piece.UNSPECIFIED ? [] : [[Math.floor(i / board.width), i % board.width, piece, owner] as [number, number, Piece, number]],
  );
}

/** The views an event stream with views carries at seqs 1 to `count`, for `reader`. */
async function streamedViews(reader: TabulaClient, gameId: string, count: number): Promise<View[]> {
  const stream = reader.events(gameId, 0n, { includeViews: true, signal: AbortSignal.timeout(15_000) });
  const views: View[] = [];
  for await (const event of stream) {
    assert.equal(stream.lastView?.seq, event.seq, `the view of event ${event.seq}`);
    views.push(stream.lastView!);
    if (views.length >= count) break;
  }
  assert.equal(views.length, count, "the stream carried every event");
  return views;
}

test("getView at an earlier seq shows the game as it stood, as the stream carried it then", async () => {
  const created = await live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game!.gameId;
  const [red, yellow] = seatClients(live.client, created);
  await red.submitMove(gameId, moves.drop(3));
  await yellow.submitMove(gameId, moves.drop(3));
  await red.submitMove(gameId, moves.drop(4)); // seq 4; the game runs on

  const second = await live.client.getView(gameId, { atSeq: 2n });
  assert.deepEqual([second.seq, second.moveCount, second.toAct], [2n, 1, [2]]);
  assert.deepEqual(discs(second), [[5, 3, Piece.MARK, 1]], "one disc, Red's, at the bottom of column 3");
  const first = await live.client.getView(gameId, { atSeq: 1n });
  assert.deepEqual([first.seq, first.moveCount, first.toAct, discs(first)], [1n, 0, [1], []], "the empty board");
  const now = await live.client.getView(gameId);
  const fourth = await live.client.getView(gameId, { atSeq: 4n, timeoutMs: 5000 });
  assert.equal(now.seq, 4n);
  assert.ok(equals(ViewSchema, fourth, now), "the newest seq is the current view");
  assert.equal(discs(fourth).length, 3);

  // The spectator's (here also the service key's: a server without keys) and seat 1's views.
  for (const [name, reader] of [["a spectator", live.client], ["seat 1", red]] as const) {
    const streamed = await streamedViews(reader, gameId, 4);
    for (const [i, view] of streamed.entries()) {
      const seq = BigInt(i + 1);
      const past = await reader.getView(gameId, { atSeq: seq });
      assert.ok(equals(ViewSchema, past, view), `${name}'s view at seq ${seq} is the one the stream carried`);
    }
  }
  assert.equal((await red.getView(gameId, { atSeq: 2n })).viewerSeat, 1);
});

test("getView at seq 0 or beyond the log is SEQ_OUT_OF_RANGE", async () => {
  const created = await live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game!.gameId;
  await seatClient(live.client, created, 0).submitMove(gameId, moves.drop(3));
  for (const atSeq of [0n, 99n]) {
    await assert.rejects(live.client.getView(gameId, { atSeq }), tabulaError(Code.OutOfRange, "SEQ_OUT_OF_RANGE"));
  }
  assert.equal((await live.client.getView(gameId, { atSeq: 2n })).seq, 2n, "the last seq is in range");
});

test("a clock's pause is an event but not a move: its board is the one before it", async () => {
  const created = await live.client.createGameFromConfig(
    { game: { case: "connectFour", value: {} } },
    { clock: clocks.fischer(600_000) },
  );
  const gameId = created.game!.gameId;
  await seatClient(live.client, created, 0).submitMove(gameId, moves.drop(3)); // seq 2
  const paused = await live.client.pauseClock(gameId); // seq 3
  assert.equal(paused.seq, 3n);
  const [beforePause, atPause] = [await live.client.getView(gameId, { atSeq: 2n }), await live.client.getView(gameId, { atSeq: 3n })];
  assert.deepEqual([atPause.seq, atPause.moveCount, atPause.toAct], [3n, 1, [2]]);
  assert.deepEqual(discs(atPause), discs(beforePause));
  assert.deepEqual([beforePause.clock?.paused, atPause.clock?.paused], [false, true], "the clocks as they read then");
  assert.ok(equals(ViewSchema, atPause, paused), "the pause's view is what pauseClock answered");
});

test("a configuration that allows takebacks lets a seat take back its own last move", async () => {
  const created = await live.client.createGameFromConfig({ game: { case: "ticTacToe", value: {} }, allowTakebacks: true });
  const gameId = created.game!.gameId;
  assert.equal(created.game!.config?.allowTakebacks, true);
  const [x, o] = seatClients(live.client, created);
  await x.submitMove(gameId, moves.placeCell(1, 1));
  await assert.rejects(o.takeBack(gameId), tabulaError(Code.FailedPrecondition, "NOTHING_TO_TAKE_BACK"));
  const back = await x.takeBack(gameId);
  assert.deepEqual([back.seq, back.view?.moveCount, back.view?.toAct], [3n, 0, [1]]);
  assert.deepEqual(discs(back.view!), [], "the mark is gone");

  const gomoku = await live.client.createGameFromConfig({ game: { case: "gomoku", value: {} } });
  assert.equal(gomoku.game!.config?.allowTakebacks, false);
  const black = seatClient(live.client, gomoku, 0);
  await black.submitMove(gomoku.game!.gameId, moves.placeCell(7, 7));
  await assert.rejects(black.takeBack(gomoku.game!.gameId), tabulaError(Code.FailedPrecondition, "TAKEBACK_NOT_ALLOWED"));
});

test("the atSeq option sends at_seq; without it at_seq is unset", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address });
  const sent = () => fromBinary(GetViewRequestSchema, standIn.last("GetView").body);
  try {
    assert.equal((await offline.getView("g", { atSeq: 7n })).gameId, "g");
    assert.deepEqual([sent().gameId, sent().atSeq], ["g", 7n]);
    await offline.getView("g", { atSeq: 1n, timeoutMs: 5000 });
    assert.equal(sent().atSeq, 1n);
    await offline.getView("g", { atSeq: 0n });
    assert.equal(sent().atSeq, 0n, "0n is sent as set, for the server to refuse");
    await offline.getView("g");
    assert.equal(sent().atSeq, undefined, "no at_seq unless asked for");
    await offline.getView("g", {});
    assert.equal(sent().atSeq, undefined);
  } finally {
    offline.close();
    await standIn.stop();
  }
});
