// A puzzle's solutions against a real server: the 15-hole triangle's 29,760 counted and listed
// a page at a time, each once; a listed one played to the end; who may ask, and what is refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  Code,
  EndReason,
  ErrorReason,
  GameStatus,
  OutcomeType,
  type PuzzleSolution,
  TabulaError,
} from "../src/index.js";
import { seatClient, tabulaError, ticTacToe } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer(); // a server without keys: anyone manages

/** Peg solitaire's default configuration: the 15-hole triangle, its apex empty. */
const triangle = { game: { case: "pegSolitaire" as const, value: {} } };

/** The triangle's solutions from its start, and the moves of each. */
const SOLUTIONS = "29760";
const MOVES = 13;

/** A solution as one string: its moves' labels (each names the jump, from and to), in order. */
const key = (solution: PuzzleSolution) => solution.labels.join(" ");

/** A new default peg solitaire game, and its seat's client. */
async function puzzle() {
  const created = await live.client.createGameFromConfig(triangle);
  const config = created.game.config?.game;
  assert.ok(config?.case === "pegSolitaire" && config.value.rows === 5 && config.value.emptyHole === 1, "the triangle, its apex empty");
  return { gameId: created.game.gameId, seat: seatClient(live.client, created, 0) };
}

test("the triangle's seat counts 29,760 solutions and lists them all, page after page, each once", async () => {
  const { gameId, seat } = await puzzle();
  const first = await seat.listPuzzleSolutions(gameId);
  assert.deepEqual([first.seq, first.solutionCount, first.countOverflow], [1n, SOLUTIONS, false]);
  assert.equal(first.solutions.length, 50, "50 a page unless told");
  assert.notEqual(first.nextPageToken, "");
  assert.ok(first.nodes > 0n);
  for (const solution of first.solutions) {
    assert.equal(solution.moves.length, MOVES);
    assert.equal(solution.labels.length, MOVES);
    assert.ok(solution.moves.every((move) => move.kind.case === "move"), "each a jump, ready to submit");
  }

  // Pages chain with their tokens, each page new solutions, in the order of the first.
  const pages: PuzzleSolution[][] = [];
  let pageToken = "";
  for (let i = 0; i < 3; i++) {
    const page = await seat.listPuzzleSolutions(gameId, { pageSize: 20, pageToken });
    assert.equal(page.solutions.length, 20);
    assert.equal(page.solutionCount, SOLUTIONS);
    pages.push(page.solutions);
    pageToken = page.nextPageToken;
  }
  const chained = pages.flat().map(key);
  assert.equal(new Set(chained).size, 60, "three pages, 60 different solutions");
  assert.deepEqual(chained.slice(0, 50), first.solutions.map(key), "the same order whatever the page size");
  assert.deepEqual((await seat.listPuzzleSolutions(gameId)).solutions.map(key), first.solutions.map(key), "asked again, the same");

  // Every page, followed by the iterator to the last (whose token is empty).
  const all: string[] = [];
  for await (const solution of seat.allPuzzleSolutions(gameId, { pageSize: 500 })) {
    assert.equal(solution.labels.length, MOVES);
    all.push(key(solution));
  }
  assert.equal(String(all.length), SOLUTIONS);
  assert.equal(new Set(all).size, all.length, "each solution once");
  assert.deepEqual(all.slice(0, 60), chained);

  // A move played: the token of the position before is stale, and the count is of the
  // solutions that start with that move.
  const move = first.solutions[0].moves[0];
  const startingWith = all.filter((solution) => solution.startsWith(`${first.solutions[0].labels[0]} `)).length;
  await seat.submitMove(gameId, move, { expectedSeq: first.seq });
  await assert.rejects(seat.listPuzzleSolutions(gameId, { pageToken: first.nextPageToken }), (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.deepEqual([error.code, error.errorReason], [Code.Aborted, ErrorReason.STALE_SEQ], String(error));
    return true;
  });
  const after = await seat.listPuzzleSolutions(gameId, { pageSize: 1 });
  assert.deepEqual([after.seq, after.solutionCount], [2n, String(startingWith)]);
  assert.deepEqual(after.solutions[0].labels, first.solutions[0].labels.slice(1), "the first one's rest comes first");
});

test("a listed solution, played move by move, solves the puzzle; then anyone lists from any position", async () => {
  const { gameId, seat } = await puzzle();
  const [solution] = (await seat.listPuzzleSolutions(gameId, { pageSize: 1 })).solutions;
  let seq = 1n;
  for (const move of solution.moves) {
    const played = await seat.submitMove(gameId, move, { expectedSeq: seq });
    assert.equal(played.applied, true);
    seq = played.seq;
  }
  const view = await seat.getView(gameId);
  assert.equal(view.status, GameStatus.FINISHED);
  assert.deepEqual([view.outcome?.type, view.outcome?.winner, view.outcome?.reason], [OutcomeType.WIN, 1, EndReason.SOLVED]);
  assert.equal(view.moveCount, MOVES);

  // Finished: a spectator may ask, at any position.
  const spectator = live.client.withCredential(undefined);
  const end = await spectator.listPuzzleSolutions(gameId);
  assert.deepEqual([end.seq, end.solutionCount, end.nextPageToken], [view.seq, "1", ""], "solved: the empty sequence");
  assert.deepEqual(end.solutions.map((s) => s.moves.length), [0]);
  const start = await spectator.listPuzzleSolutions(gameId, { atSeq: 1n, pageSize: 1 });
  assert.deepEqual([start.seq, start.solutionCount], [1n, SOLUTIONS]);
  assert.deepEqual(start.solutions.map(key), [key(solution)], "the same first solution");
  const beforeLast = await spectator.listPuzzleSolutions(gameId, { atSeq: BigInt(MOVES) });
  assert.deepEqual([beforeLast.solutionCount, beforeLast.solutions.map(key)], ["1", [solution.labels.at(-1)]]);
  // The page token of one position is not another's.
  await assert.rejects(
    spectator.listPuzzleSolutions(gameId, { pageToken: start.nextPageToken }),
    tabulaError(Code.InvalidArgument, "INVALID_PAGE_TOKEN"),
  );
});

test("while the game runs only its seat may ask, where hints are allowed; a game that is no puzzle has none", async () => {
  const { gameId, seat } = await puzzle();
  const spectator = live.client.withCredential(undefined);
  for (const caller of [spectator, live.client]) {
    await assert.rejects(caller.listPuzzleSolutions(gameId), (error: unknown) => {
      assert.ok(error instanceof TabulaError, String(error));
      assert.deepEqual([error.code, error.errorReason], [Code.PermissionDenied, ErrorReason.SEAT_REQUIRED], String(error));
      return true;
    });
  }
  await assert.rejects(seat.listPuzzleSolutions(gameId, { atSeq: 2n }), tabulaError(Code.FailedPrecondition, "GAME_NOT_FINISHED"));
  await assert.rejects(seat.listPuzzleSolutions(gameId, { pageToken: "not-a-token" }), tabulaError(Code.InvalidArgument, "INVALID_PAGE_TOKEN"));

  const closed = await live.client.createGameFromConfig(triangle, { allowHints: false });
  await assert.rejects(
    seatClient(live.client, closed, 0).listPuzzleSolutions(closed.game.gameId),
    tabulaError(Code.FailedPrecondition, "HINTS_DISABLED"),
  );

  const game = await live.client.createGameFromConfig(ticTacToe, { allowHints: true });
  const unsupported = (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.deepEqual([error.code, error.errorReason], [Code.FailedPrecondition, ErrorReason.UNSUPPORTED_BY_GAME], String(error));
    return true;
  };
  await assert.rejects(seatClient(live.client, game, 0).listPuzzleSolutions(game.game.gameId), unsupported);
  await assert.rejects(async () => {
    for await (const _ of seatClient(live.client, game, 0).allPuzzleSolutions(game.game.gameId)) assert.fail("no solution");
  }, unsupported);
});
