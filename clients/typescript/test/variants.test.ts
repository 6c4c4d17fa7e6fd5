// Variants of a configuration against a real server: the seat that starts (`starter`, chosen or
// drawn at random, refused by chess), misère tic-tac-toe and Connect Four's blocked cells;
// and, offline, what the starter option sends.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, fromBinary } from "@bufbuild/protobuf";
import {
  BadRequestSchema,
  clocks,
  Code,
  ConnectError,
  CreateGameRequestSchema,
  EndReason,
  GameConfigSchema,
  GameKind,
  GameStatus,
  moves,
  OutcomeType,
  Piece,
  Starter,
  type SubmitMoveResponse,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { cell, connectFour, seatClient, seatClients, tabulaError, ticTacToe } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const live = useServer();

test("with the second seat starting, O moves first and X waits its turn", async () => {
  const created = await live.client.createGameFromConfig(ticTacToe, { starter: Starter.SECOND_SEAT });
  const gameId = created.game!.gameId;
  assert.equal(created.game!.config!.starter, Starter.SECOND_SEAT);
  assert.deepEqual((await live.client.getView(gameId)).toAct, [2]);
  const [x, o] = seatClients(live.client, created);

  await assert.rejects(x.submitMove(gameId, moves.placeCell(1, 1)), tabulaError(Code.FailedPrecondition, "NOT_YOUR_TURN"));
  const reply = await o.submitMove(gameId, moves.placeCell(1, 1));
  assert.equal(reply.applied, true);
  assert.deepEqual(cell(reply.view!, 1, 1), [Piece.MARK, 2]);
  assert.deepEqual(reply.view!.toAct, [1]);
  assert.deepEqual((await live.client.getView(gameId)).toAct, [1]);
});

test("a random starter is drawn at creation: the answer names the seat drawn, never RANDOM", async () => {
  for (let i = 0; i < 16; i++) {
    const created = await live.client.createGameFromConfig(connectFour, { starter: Starter.RANDOM });
    const gameId = created.game!.gameId;
    const starter = created.game!.config!.starter;
    assert.ok(starter === Starter.FIRST_SEAT || starter === Starter.SECOND_SEAT, `drawn: ${starter}`);
    assert.equal((await live.client.getGame(gameId)).config!.starter, starter);
    assert.deepEqual((await live.client.getView(gameId)).toAct, [starter === Starter.FIRST_SEAT ? 1 : 2]);
  }
});

test("chess takes only the first seat: another starter is INVALID_REQUEST on config.starter", async () => {
  await assert.rejects(
    live.client.createGameFromConfig({ game: { case: "chess", value: {} } }, { starter: Starter.SECOND_SEAT }),
    (error: unknown) => {
      tabulaError(Code.InvalidArgument, "INVALID_REQUEST")(error);
      assert.ok(error instanceof TabulaError && error.cause instanceof ConnectError, String(error));
      const [badRequest] = error.cause.findDetails(BadRequestSchema);
      assert.deepEqual(badRequest?.fieldViolations.map((v) => v.field), ["config.starter"]);
      return true;
    },
  );
  const chess = await live.client.createGameFromConfig({ game: { case: "chess", value: {} } });
  assert.equal(chess.game!.config!.starter, Starter.UNSPECIFIED);
});

test("misère tic-tac-toe: the seat that completes a line loses", async () => {
  const created = await live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "misere");
  const gameId = created.game!.gameId;
  const [x, o] = seatClients(live.client, created);
  const plays: [TabulaClient, number, number][] = [[x, 0, 0], [o, 1, 0], [x, 0, 1], [o, 2, 2], [x, 0, 2]];
  let last: SubmitMoveResponse | undefined;
  for (const [seat, row, col] of plays) last = await seat.submitMove(gameId, moves.placeCell(row, col));
  const view = last!.view!;
  assert.equal(view.status, GameStatus.FINISHED);
  const outcome = view.outcome!;
  assert.deepEqual([outcome.type, outcome.winner, outcome.reason], [OutcomeType.WIN, 2, EndReason.OPPONENT_LINE]);
  assert.deepEqual(outcome.winningLine.map((c) => [c.row, c.col]), [[0, 0], [0, 1], [0, 2]]);
});

test("Connect Four's blocked cells are walls: a disc rests on one, a column blocked on top is full", async () => {
  const blocked = [{ row: 3, col: 0 }, { row: 0, col: 6 }];
  const created = await live.client.createGameFromConfig({ game: { case: "connectFour", value: { blocked } } });
  const gameId = created.game!.gameId;
  const game = created.game!.config!.game;
  assert.ok(game.case === "connectFour");
  assert.deepEqual(game.value.blocked.map((c) => [c.row, c.col]), [[3, 0], [0, 6]]);
  const view = await live.client.getView(gameId);
  assert.deepEqual(cell(view, 3, 0), [Piece.WALL, 0]);
  assert.deepEqual(cell(view, 0, 6), [Piece.WALL, 0]);

  const red = seatClient(live.client, created, 0);
  await assert.rejects(red.submitMove(gameId, moves.drop(6)), tabulaError(Code.FailedPrecondition, "COLUMN_FULL"));
  const reply = await red.submitMove(gameId, moves.drop(0));
  assert.deepEqual(cell(reply.view!, 2, 0), [Piece.MARK, 1], "the disc rests on the wall");
  assert.deepEqual(cell(reply.view!, 3, 0), [Piece.WALL, 0]);
});

test("the starter option sends the starter and leaves the caller's config as it was", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address });
  const sent = () => {
    const request = fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
    assert.ok(request.source.case === "config");
    return request.source.value;
  };
  try {
    const config = create(GameConfigSchema, ticTacToe);
    await offline.createGameFromConfig(config, { starter: Starter.SECOND_SEAT });
    assert.equal(sent().starter, Starter.SECOND_SEAT);
    assert.equal(sent().game.case, "ticTacToe");
    assert.equal(config.starter, Starter.UNSPECIFIED, "the caller's config stays as it was");

    const own = { ...connectFour, starter: Starter.SECOND_SEAT };
    await offline.createGameFromConfig(own, { starter: Starter.RANDOM, clock: clocks.perMove(2000) });
    assert.deepEqual([sent().starter, sent().clock?.controls.length], [Starter.RANDOM, 1], "the option replaces the config's own");
    assert.equal(own.starter, Starter.SECOND_SEAT);
    await offline.createGameFromConfig(own);
    assert.equal(sent().starter, Starter.SECOND_SEAT, "a config's own starter");
    await offline.createGameFromConfig(connectFour);
    assert.equal(sent().starter, Starter.UNSPECIFIED, "no starter unless asked for");
  } finally {
    offline.close();
    await standIn.stop();
  }
});
