// Rematches against a real server with a service key: a finished game played again with its
// players and engine seats swapped, its labels, privacy and hints kept, the two games naming
// each other; at most one a game (REMATCH_EXISTS, unless a retry of the same request id); none
// of a game in progress or of an unknown one. And, offline, what the call sends.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fromBinary } from "@bufbuild/protobuf";
import {
  botSeat,
  Code,
  CreateRematchRequestSchema,
  GameKind,
  GameStatus,
  moves,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { tabulaError, ticTacToe } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const KEY = "rematch-secret-0123456789";
const live = useServer(["--service-key", `lobby=${KEY}`]);
const manager = () => live.client.withCredential(KEY);

const alice = { playerId: "alice-7", displayName: "Alice" };
const bob = { playerId: "bob-9", displayName: "Bob" };
const named = (players: { playerId: string; displayName: string }[] | undefined) =>
  players?.map((p) => [p.playerId, p.displayName]);

test("a finished game's rematch swaps its players, keeps its labels, names the game it replays, and plays", async () => {
  const client = manager();
  const labels = { tournament: "spring", round: "3" };
  const created = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", {
    players: [alice, bob],
    labels,
    private: true,
    allowHints: true,
  });
  const gameId = created.game!.gameId;
  assert.equal(created.game!.rematchOf, "", "a game of its own replays none");
  assert.equal(created.game!.rematch, "", "and has no rematch yet");
  await client.withCredential(created.seatTokens[0].token).resign(gameId);

  const answer = await client.createRematch(gameId, { requestId: "rematch-1" });
  const rematch = answer.game!;
  const rematchId = rematch.gameId;
  assert.notEqual(rematchId, gameId, "a new game");
  assert.equal(answer.retried, false);
  assert.equal(rematch.kind, GameKind.TIC_TAC_TOE);
  assert.equal(rematch.status, GameStatus.IN_PROGRESS);
  assert.deepEqual(named(rematch.players), [["bob-9", "Bob"], ["alice-7", "Alice"]], "the players change seats");
  assert.deepEqual({ ...rematch.labels }, labels, "the labels are kept");
  assert.deepEqual([rematch.private, rematch.allowHints], [true, true], "so are privacy and hints");
  assert.equal(rematch.rematchOf, gameId, "the rematch names the game it replays");
  assert.equal(rematch.rematch, "");
  assert.deepEqual(answer.seatTokens.map((t) => t.seat), [1, 2], "one new token per seat");
  assert.ok(answer.seatTokens.every((t) => !created.seatTokens.some((old) => old.token === t.token)), "new tokens");

  const replayed = await client.getGame(gameId);
  assert.equal(replayed.rematch, rematchId, "the finished game names its rematch");
  assert.equal(replayed.rematchOf, "");
  assert.equal((await client.getGame(rematchId)).rematchOf, gameId);

  // The same request id again, before anyone acted: the same game, retried, with new tokens.
  const retried = await client.createRematch(gameId, { requestId: "rematch-1" });
  assert.equal(retried.game!.gameId, rematchId, "the same game");
  assert.equal(retried.retried, true);
  assert.equal(retried.seatTokens.length, 2, "new tokens while nobody acted");
  assert.ok(retried.seatTokens.every((t) => !answer.seatTokens.some((first) => first.token === t.token)));
  await assert.rejects(
    client.withCredential(answer.seatTokens[0].token).submitMove(rematchId, moves.placeCell(1, 1)),
    tabulaError(Code.Unauthenticated, "INVALID_CREDENTIAL"),
    "the first answer's tokens stop working",
  );

  // Its tokens play: Bob now sits in seat 1 and moves first.
  const [bobSeat, aliceSeat] = retried.seatTokens.map((t) => client.withCredential(t.token));
  const view = await bobSeat.getView(rematchId);
  assert.equal(view.viewerSeat, 1);
  assert.deepEqual(view.toAct, [1], "seat 1 moves first");
  assert.deepEqual(named(view.players), [["bob-9", "Bob"], ["alice-7", "Alice"]]);
  assert.equal((await bobSeat.submitMove(rematchId, moves.placeCell(1, 1))).view!.moveCount, 1);
  assert.equal((await aliceSeat.submitMove(rematchId, moves.placeCell(0, 0))).view!.moveCount, 2);

  // Once somebody acted a retry still answers the same game, but with no tokens.
  const late = await client.createRematch(gameId, { requestId: "rematch-1" });
  assert.deepEqual([late.game!.gameId, late.retried, late.seatTokens.length], [rematchId, true, 0]);

  // Another request, without the id (or with another): the game has its rematch already.
  for (const options of [{}, { requestId: "rematch-2" }]) {
    await assert.rejects(client.createRematch(gameId, options), (error: unknown) => {
      tabulaError(Code.AlreadyExists, "REMATCH_EXISTS")(error);
      assert.ok(error instanceof TabulaError);
      assert.equal(error.metadata.rematch_game_id, rematchId, String(error));
      assert.equal(error.metadata.game_id, gameId, String(error));
      return true;
    });
  }

  // The rematch is in progress: no rematch of it yet.
  await assert.rejects(client.createRematch(rematchId), tabulaError(Code.FailedPrecondition, "GAME_NOT_FINISHED"));
  assert.equal((await client.getGame(rematchId)).rematch, "", "a refused rematch makes nothing");
});

test("a rematch swaps the engine's seats too, and is refused for a game in progress or an unknown one", async () => {
  const client = manager();
  const created = await client.createGameFromConfig(ticTacToe, { bots: [botSeat(2, 1)], players: [alice] });
  const gameId = created.game!.gameId;
  await assert.rejects(client.createRematch(gameId), tabulaError(Code.FailedPrecondition, "GAME_NOT_FINISHED"));
  assert.equal((await client.getGame(gameId)).rematch, "");

  await client.withCredential(created.seatTokens[0].token).resign(gameId);
  const rematch = (await client.createRematch(gameId)).game!;
  assert.deepEqual(rematch.bots.map((b) => [b.seat, b.level]), [[1, 1]], "the engine now plays seat 1");
  assert.deepEqual(named(rematch.players), [["", ""], ["alice-7", "Alice"]], "Alice now sits in seat 2");

  await assert.rejects(client.createRematch("no-such-game"), tabulaError(Code.NotFound, "GAME_NOT_FOUND"));
});

test("createRematch sends the game id and the request id", async () => {
  const standIn = await recorder();
  const client = TabulaClient.connect({ address: standIn.address, credential: "key" });
  try {
    await client.createRematch("g-1", { requestId: "r-1", timeoutMs: 5000 });
    let sent = fromBinary(CreateRematchRequestSchema, standIn.last("CreateRematch").body);
    assert.deepEqual([sent.gameId, sent.requestId], ["g-1", "r-1"]);
    assert.equal(standIn.last("CreateRematch").authorization, "Bearer key");
    await client.createRematch("g-2");
    sent = fromBinary(CreateRematchRequestSchema, standIn.last("CreateRematch").body);
    assert.deepEqual([sent.gameId, sent.requestId], ["g-2", ""]);
  } finally {
    client.close();
    await standIn.stop();
  }
});
