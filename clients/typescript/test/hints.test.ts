// The engine's analysis against a real server: the seat to move of a game created with hints,
// a proved draw, a game without hints, and a finished game analysed by a spectator.
import assert from "node:assert/strict";
import { test } from "node:test";
import { equals } from "@bufbuild/protobuf";
import {
  Code,
  GameKind,
  HintResult,
  MoveSchema,
  ScoreResult,
  TabulaClient,
  moves,
} from "../src/index.js";
import { seatClient, seatClients, tabulaError, ticTacToe } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer();

test("the seat to move gets a move, the line that starts with it, and a score", async () => {
  const created = await live.client.createGameFromConfig(ticTacToe, { allowHints: true });
  const gameId = created.game!.gameId;
  assert.equal(created.game!.allowHints, true);
  const [x, o] = seatClients(live.client, created);

  const hint = await x.getHint(gameId, { maxTimeMs: 300 });
  assert.equal(hint.result, HintResult.MOVE);
  assert.deepEqual([hint.seq, hint.seat], [1n, 1]);
  assert.ok(hint.move !== undefined && hint.principalVariation.length > 0);
  assert.ok(equals(MoveSchema, hint.principalVariation[0], hint.move), "the line starts with the suggested move");
  assert.ok(hint.score !== undefined && (hint.score.exact || hint.score.value !== undefined), String(hint.score));
  assert.ok(hint.nodes > 0n);
  assert.equal((await x.submitMove(gameId, hint.move, { expectedSeq: hint.seq })).applied, true);

  await assert.rejects(x.getHint(gameId, { maxTimeMs: 300 }), tabulaError(Code.FailedPrecondition, "NOT_YOUR_TURN"));
  await assert.rejects(live.client.getHint(gameId, { maxTimeMs: 300 }), tabulaError(Code.PermissionDenied, "SEAT_REQUIRED"));
  const reply = await o.getHint(gameId, { maxTimeMs: 300, maxNodes: 10_000n });
  assert.equal(reply.seat, 2);
});

test("the empty 3×3 board is an exact draw", async () => {
  const created = await live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { allowHints: true });
  const x = seatClient(live.client, created, 0);
  // The current position may be named.
  const hint = await x.getHint(created.game!.gameId, { maxTimeMs: 2000, atSeq: 1n });
  assert.equal(hint.score?.exact, true, String(hint.score));
  assert.equal(hint.score?.result, ScoreResult.DRAW);
});

test("a game without hints refuses them with HINTS_DISABLED", async () => {
  const created = await live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic"); // two seats: off by default
  assert.equal(created.game!.allowHints, false);
  const x = seatClient(live.client, created, 0);
  await assert.rejects(
    x.getHint(created.game!.gameId, { maxTimeMs: 300 }),
    tabulaError(Code.FailedPrecondition, "HINTS_DISABLED"),
  );
  const puzzle = await live.client.createGameFromPreset(GameKind.PEG_SOLITAIRE, "triangle15", { allowHints: false });
  assert.equal((await live.client.getGame(puzzle.game!.gameId)).allowHints, false);
  await assert.rejects(
    seatClient(live.client, puzzle, 0).getHint(puzzle.game!.gameId),
    tabulaError(Code.FailedPrecondition, "HINTS_DISABLED"),
  );
});

test("a spectator analyses a finished game at an earlier seq, and its end", async () => {
  const created = await live.client.createGameFromConfig(ticTacToe);
  const gameId = created.game!.gameId;
  const [x, o] = seatClients(live.client, created);
  // X takes the top row while O plays the middle row: X wins at seq 6.
  const plays: [TabulaClient, number, number][] = [[x, 0, 0], [o, 1, 0], [x, 0, 1], [o, 1, 1], [x, 0, 2]];
  for (const [seat, row, col] of plays) await seat.submitMove(gameId, moves.placeCell(row, col));
  const spectator = live.client.withCredential(undefined);

  // After X's second move (seq 4), O must block the top row.
  const hint = await spectator.getHint(gameId, { atSeq: 4n, maxTimeMs: 300 });
  assert.deepEqual([hint.result, hint.seq, hint.seat], [HintResult.MOVE, 4n, 2]);
  assert.ok(equals(MoveSchema, hint.move!, moves.placeCell(0, 2)), "O blocks");
  assert.ok(equals(MoveSchema, hint.principalVariation[0], hint.move!));

  const end = await spectator.getHint(gameId);
  assert.deepEqual([end.result, end.seq, end.seat], [HintResult.ALREADY_SOLVED, 7n, 0]);
  assert.deepEqual([end.score, end.principalVariation], [undefined, []]);
  await assert.rejects(spectator.getHint(gameId, { atSeq: 99n }), tabulaError(Code.OutOfRange, "SEQ_OUT_OF_RANGE"));
});
