// Every call of the contract through the client's own methods, against a real server.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  Code,
  ConnectError,
  EndReason,
  GameKind,
  GameStatus,
  HintResult,
  OutcomeType,
  TabulaError,
  moves,
} from "../src/index.js";
import { seatClient, tabulaError } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer(); // a server without keys: anyone manages

test("every game kind is listed with its presets", async () => {
  const kinds = await live.client.listGameKinds();
  const connectFour = kinds.find((k) => k.kind === GameKind.CONNECT_FOUR);
  assert.deepEqual(connectFour?.seatNames, ["Red", "Yellow"]);
  assert.ok(connectFour?.presets.some((p) => p.name === "classic"));
  assert.ok(kinds.some((k) => k.kind === GameKind.CHESS));
});

test("a chess game imported from PGN, privately, exports as PGN", async () => {
  const pgn = '[Event "Import"]\n\n1. e4 e5 2. Nf3 Nc6 *\n';
  const created = await live.client.createGameFromPgn(pgn, { ply: 3, private: true, requestId: "pgn-1" });
  const game = created.game!;
  assert.equal(game.kind, GameKind.CHESS);
  assert.equal(game.private, true);
  assert.equal(game.moveCount, 3);
  const white = seatClient(live.client, created, 0);
  const exported = await white.exportPgn(game.gameId);
  assert.match(exported, /1\. e4 e5 2\. Nf3/);
  assert.doesNotMatch(exported, /Nc6/);
  // The seat to move is Black: its legal moves include Nc6.
  const black = seatClient(live.client, created, 1);
  const legal = await black.listLegalMoves(game.gameId);
  assert.equal(legal.seat, 2);
  assert.ok(legal.moves.some((m) => m.label === "Nc6"));
  // A spectator may not read a private game.
  const spectator = live.client.withCredential("");
  await assert.rejects(spectator.getGame(game.gameId), tabulaError(Code.PermissionDenied, "PRIVATE_GAME"));
  // The same request id again is a retry of the same creation.
  const retried = await live.client.createGameFromPgn(pgn, { ply: 3, private: true, requestId: "pgn-1" });
  assert.deepEqual([retried.retried, retried.game!.gameId], [true, game.gameId]);
  await assert.rejects(live.client.createGameFromPgn("1. e5 *"), tabulaError(Code.InvalidArgument, "INVALID_PGN"));
  // Not chess: no PGN.
  const other = await live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic");
  await assert.rejects(live.client.exportPgn(other.game!.gameId), tabulaError(Code.FailedPrecondition, "UNSUPPORTED_BY_GAME"));
});

test("a solver's hint, a takeback and a resignation in peg solitaire", async () => {
  const created = await live.client.createGameFromPreset(GameKind.PEG_SOLITAIRE, "triangle15");
  const gameId = created.game!.gameId;
  const seat = seatClient(live.client, created, 0);
  await assert.rejects(live.client.getHint(gameId), tabulaError(Code.PermissionDenied, "SEAT_REQUIRED"));
  const hint = await seat.getHint(gameId);
  assert.equal(hint.result, HintResult.MOVE);
  assert.equal(hint.seq, 1n);
  const played = await seat.submitMove(gameId, hint.move!, { expectedSeq: hint.seq });
  assert.deepEqual([played.applied, played.seq, played.view?.moveCount], [true, 2n, 1]);

  await assert.rejects(seat.takeBack(gameId, { expectedSeq: 1n }), tabulaError(Code.Aborted, "STALE_SEQ"));
  const back = await seat.takeBack(gameId, { expectedSeq: 2n, requestId: "back-1" });
  assert.deepEqual([back.seq, back.view?.seq, back.view?.moveCount], [3n, 3n, 0]);
  const again = await seat.takeBack(gameId, { expectedSeq: 2n, requestId: "back-1" });
  assert.equal(again.seq, 3n, "a retried takeback is answered as the first one");
  await assert.rejects(seat.takeBack(gameId), tabulaError(Code.FailedPrecondition, "NOTHING_TO_TAKE_BACK"));

  await assert.rejects(live.client.resign(gameId), tabulaError(Code.PermissionDenied, "SEAT_REQUIRED"));
  const resigned = await seat.resign(gameId, { requestId: "resign-1" });
  assert.equal(resigned.view?.status, GameStatus.FINISHED);
  assert.deepEqual([resigned.view?.outcome?.type, resigned.view?.outcome?.reason], [OutcomeType.DRAW, EndReason.RESIGNATION]);
  await assert.rejects(seat.resign(gameId), tabulaError(Code.FailedPrecondition, "GAME_OVER"));
});

test("games are listed by kind, status and creation time, page by page", async () => {
  const since = new Date(Date.now() - 1);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await live.client.createGameFromPreset(GameKind.GOMOKU, "standard")).game!.gameId);
  const until = new Date(Date.now() + 1000);
  const filters = { kind: GameKind.GOMOKU, createTimeAfter: since, createTimeBefore: until, pageSize: 2 };
  const first = await live.client.listGames(filters);
  assert.deepEqual(first.games.map((g) => g.gameId), [ids[2], ids[1]], "newest first");
  assert.notEqual(first.nextPageToken, "");
  const second = await live.client.listGames({ ...filters, pageToken: first.nextPageToken });
  assert.deepEqual(second.games.map((g) => g.gameId), [ids[0]]);
  assert.equal(second.nextPageToken, "");
  assert.deepEqual((await live.client.listGames({ kind: GameKind.GOMOKU, createTimeBefore: since })).games, []);

  await live.client.abortGame(ids[1], "no show");
  const finished = await live.client.listGames({ kind: GameKind.GOMOKU, status: GameStatus.FINISHED });
  assert.deepEqual(finished.games.map((g) => g.gameId), [ids[1]]);
  const running = await live.client.listGames({ kind: GameKind.GOMOKU, status: GameStatus.IN_PROGRESS });
  assert.deepEqual(running.games.map((g) => g.gameId), [ids[2], ids[0]]);
  await assert.rejects(live.client.listGames({ pageToken: "not-a-token" }), tabulaError(Code.InvalidArgument, "INVALID_PAGE_TOKEN"));
});

test("a seat token reissued, a game archived, then deleted", async () => {
  const created = await live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game!.gameId;
  const reissued = await live.client.reissueSeatToken(gameId, 1);
  assert.equal(reissued.seat, 1);
  assert.equal(reissued.seatName, "Red");
  assert.notEqual(reissued.token, created.seatTokens[0].token);
  await assert.rejects(
    seatClient(live.client, created, 0).submitMove(gameId, moves.drop(3)),
    tabulaError(Code.Unauthenticated, "INVALID_CREDENTIAL"),
  );
  const red = live.client.withCredential(reissued.token);
  await red.submitMove(gameId, moves.drop(3));
  await assert.rejects(live.client.reissueSeatToken(gameId, 3), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));

  await assert.rejects(live.client.archiveGame(gameId), tabulaError(Code.FailedPrecondition, "GAME_NOT_FINISHED"));
  await red.resign(gameId);
  const archived = await live.client.archiveGame(gameId);
  assert.equal(archived.status, GameStatus.ARCHIVED);
  assert.equal((await live.client.getGame(gameId)).status, GameStatus.ARCHIVED);
  const listed = await live.client.listGames({ status: GameStatus.ARCHIVED });
  assert.ok(listed.games.some((g) => g.gameId === gameId));

  await live.client.deleteGame(gameId);
  await assert.rejects(live.client.getGame(gameId), tabulaError(Code.NotFound, "GAME_NOT_FOUND"));
  await assert.rejects(live.client.deleteGame(gameId), tabulaError(Code.NotFound, "GAME_NOT_FOUND"));
});

test("the raw client carries the caller's credential", async () => {
  const created = await live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic");
  const gameId = created.game!.gameId;
  await assert.rejects(live.client.raw.resign({ gameId }), (error: unknown) => {
    assert.ok(error instanceof ConnectError, "raw calls reject with Connect's errors");
    assert.equal(error.code, Code.PermissionDenied);
    return true;
  });
  const x = seatClient(live.client, created, 0);
  const answer = await x.raw.resign({ gameId });
  assert.equal(answer.view?.outcome?.winner, 2);
});

test("a validated move changes nothing, a basic answer has no view; a cancelled call rejects with CANCELLED", async () => {
  const created = await live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game!.gameId;
  const red = seatClient(live.client, created, 0);
  const checked = await red.submitMove(gameId, moves.drop(3), { validateOnly: true, timeoutMs: 5000 });
  assert.deepEqual([checked.applied, checked.seq], [false, 1n]);
  const basic = await red.submitMove(gameId, moves.drop(3), { basicAnswer: true });
  assert.equal(basic.view, undefined, "a basic answer leaves the view out");
  assert.deepEqual([basic.seq, basic.toAct, basic.status], [2n, [2], GameStatus.IN_PROGRESS]);
  const full = await seatClient(live.client, created, 1).submitMove(gameId, moves.drop(3));
  assert.deepEqual(full.view?.toAct, full.toAct, "a full answer by default, its view agreeing");
  const aborted = AbortSignal.abort();
  await assert.rejects(red.getView(gameId, { signal: aborted }), (error: unknown) => {
    assert.ok(error instanceof TabulaError);
    assert.equal(error.codeName, "CANCELLED");
    return true;
  });
  assert.equal((await red.getView(gameId, { timeoutMs: 0 })).seq, 3n, "no deadline at all");
});
