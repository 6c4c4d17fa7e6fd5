import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Code } from "@connectrpc/connect";
import { equals } from "@bufbuild/protobuf";
import {
  actorKind,
  botSeat,
  EndReason,
  EndReasonSchema,
  enumName,
  eventKind,
  type GameEvent,
  GameKind,
  GameSchema,
  GameStatus,
  OutcomeType,
  OutcomeTypeSchema,
  Piece,
  TabulaClient,
  TabulaError,
  moves,
  type View,
  ViewSchema,
} from "../src/index.js";
import { type Server, startRelay, startServer } from "./server.js";

// Red fills the bottom row from column 3; Yellow stacks on top.
const WINNING_DROPS: [number, number][] = [[0, 3], [1, 3], [0, 4], [1, 4], [0, 5], [1, 5], [0, 6]];

let server: Server;
let client: TabulaClient;
before(async () => {
  server = await startServer();
  client = TabulaClient.connect({ address: server.address });
});
after(() => server.stop());

async function collect<T>(iterable: AsyncIterable<T>, limit = Infinity): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) {
    items.push(item);
    if (items.length >= limit) break;
  }
  return items;
}

test("Connect Four to a win while a spectator streams every move once, in order", async () => {
  const created = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game!.gameId;
  const seats = created.seatTokens.map((t) => client.withCredential(t.token));
  const following = collect(client.events(gameId));
  let last;
  for (const [seat, column] of WINNING_DROPS) last = await seats[seat].submitMove(gameId, moves.drop(column));
  const events = await following;
  assert.equal(last!.view!.status, GameStatus.FINISHED);
  assert.deepEqual(last!.view!.outcome!.winningLine.map((c) => [c.row, c.col]), [[5, 3], [5, 4], [5, 5], [5, 6]]);
  assert.deepEqual(events.map((e) => e.seq), [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
  const applied = events.flatMap((e) =>
    e.kind.case === "moveApplied" && e.kind.value.move?.kind.case === "place" ? [[e.kind.value.seat, e.kind.value.move.kind.value.target.value]] : [],
  );
  assert.deepEqual(applied, WINNING_DROPS.map(([seat, column]) => [seat + 1, column]));
  assert.equal(events.at(-1)!.kind.case, "gameEnded");
});

test("a stream with views sends the game as it stands after each event", async () => {
  const created = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game!.gameId;
  const seats = created.seatTokens.map((t) => client.withCredential(t.token));
  const stream = client.events(gameId, 0n, { includeViews: true });
  const following = (async () => {
    const seen: [bigint, View | undefined][] = [];
    for await (const event of stream) seen.push([event.seq, stream.lastView]);
    return seen;
  })();
  for (const [seat, column] of WINNING_DROPS) await seats[seat].submitMove(gameId, moves.drop(column));
  const seen = await following;
  assert.deepEqual(seen.map(([seq]) => seq), [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
  for (const [seq, view] of seen) assert.equal(view?.seq, seq, `the view of event ${seq}`);
  assert.deepEqual(seen.map(([, view]) => view?.moveCount), [0, 1, 2, 3, 4, 5, 6, 7, 7]);
  const last = seen.at(-1)![1]!;
  assert.ok(equals(ViewSchema, last, await client.getView(gameId)), "the last view is what getView answers");
  assert.equal(last.outcome?.winner, 1);

  const bare = client.events(gameId);
  const withoutViews: (View | undefined)[] = [];
  for await (const _ of bare) withoutViews.push(bare.lastView);
  assert.deepEqual(withoutViews, Array(9).fill(undefined));
});

test("illegal moves reject with the gRPC code and the stable reason", async () => {
  const created = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game!.gameId;
  const [red, yellow] = created.seatTokens.map((t) => client.withCredential(t.token));
  await assert.rejects(yellow.submitMove(gameId, moves.drop(0)), (error: unknown) => {
    assert.ok(error instanceof TabulaError);
    assert.equal(error.code, Code.FailedPrecondition);
    assert.equal(error.codeName, "FAILED_PRECONDITION");
    assert.equal(error.reason, "NOT_YOUR_TURN");
    assert.equal(error.metadata.current_seq, "1");
    return true;
  });
  for (let i = 0; i < 3; i++) {
    await red.submitMove(gameId, moves.drop(0));
    await yellow.submitMove(gameId, moves.drop(0));
  }
  await assert.rejects(red.submitMove(gameId, moves.drop(0)), { reason: "COLUMN_FULL", code: Code.FailedPrecondition });
  await assert.rejects(red.submitMove(gameId, moves.drop(1), { expectedSeq: 2n }), { reason: "STALE_SEQ", code: Code.Aborted });
  await assert.rejects(client.submitMove(gameId, moves.drop(1)), { reason: "SEAT_REQUIRED", code: Code.PermissionDenied });
});

test("Battleship views hide the other seat's fleet", async () => {
  const created = await client.createGameFromConfig({ game: { case: "battleship", value: { width: 6, height: 6, fleet: [3, 2] } } });
  const gameId = created.game!.gameId;
  const [blue, red] = created.seatTokens.map((t) => client.withCredential(t.token));
  await blue.submitMove(gameId, moves.placeFleet([moves.ship(0, 0, 3), moves.ship(2, 0, 2)]));
  await red.submitMove(gameId, moves.placeShip(moves.ship(5, 3, 3)));
  await red.submitMove(gameId, moves.placeShip(moves.ship(0, 5, 2, true)));
  await blue.submitMove(gameId, moves.ready());
  await red.submitMove(gameId, moves.ready());
  const hit = await blue.submitMove(gameId, moves.shot(5, 4));
  await red.submitMove(gameId, moves.shot(4, 4));
  await blue.submitMove(gameId, moves.shot(3, 3));

  const pieces = (view: View, seat: number) => view.seatBoards[seat - 1].cells.map((c) => c.piece);
  const count = (list: Piece[], piece: Piece) => list.filter((p) => p === piece).length;
  assert.equal(pieces(hit.view!, 2)[5 * 6 + 4], Piece.HIT);
  const [redView, blueView, spectator] = await Promise.all([red.getView(gameId), blue.getView(gameId), client.getView(gameId)]);
  assert.equal(count(pieces(redView, 1), Piece.SHIP), 0, "Red sees none of Blue's ships");
  assert.equal(count(pieces(redView, 2), Piece.SHIP), 4, "Red sees its own unhit cells");
  assert.equal(count(pieces(blueView, 2), Piece.SHIP), 0);
  assert.equal(count(pieces(blueView, 1), Piece.SHIP), 5);
  assert.equal(pieces(blueView, 2)[3 * 6 + 3], Piece.MISS);
  for (const seat of [1, 2]) assert.equal(count(pieces(spectator, seat), Piece.SHIP), 0);
  const [blueFleet, redShip] = await collect(red.events(gameId, 1n), 2);
  assert.ok(blueFleet.kind.case === "moveApplied" && blueFleet.kind.value.redacted && blueFleet.kind.value.move === undefined);
  assert.ok(redShip.kind.case === "moveApplied" && !redShip.kind.value.redacted && redShip.kind.value.move !== undefined);
});

for (const includeViews of [false, true]) {
  test(`a stream resumes after a disconnect without a gap${includeViews ? ", still with views" : ""}`, async () => {
    const relay = await startRelay(server.address);
    try {
      const relayed = TabulaClient.connect({ address: relay.address });
      const created = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
      const gameId = created.game!.gameId;
      const seats = created.seatTokens.map((t) => client.withCredential(t.token));
      const seen: bigint[] = [];
      const viewSeqs: (bigint | undefined)[] = [];
      const stream = relayed.events(gameId, 0n, { includeViews });
      for await (const event of stream) {
        seen.push(event.seq);
        viewSeqs.push(stream.lastView?.seq);
        if (event.seq === 1n) {
          relay.cutAll();
          // Played while the follower is disconnected: it must fetch these on resume.
          for (const [seat, column] of WINNING_DROPS) await seats[seat].submitMove(gameId, moves.drop(column));
        }
      }
      assert.deepEqual(seen, [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
      // A resumed stream asks for views again, if it asked at first.
      assert.deepEqual(viewSeqs, includeViews ? seen : seen.map(() => undefined));
      if (includeViews) assert.ok(equals(ViewSchema, stream.lastView!, await client.getView(gameId)));
    } finally {
      await relay.close();
    }
  });
}

/** The event's actor as `seat N`, `service KEY_NAME`, `engine N`, `clock`, `none` or `unknown`. */
function describeActor(event: GameEvent): string {
  if (event.actor === undefined) return "none";
  const kind = actorKind(event.actor);
  if (event.actor.kind.case === "seat") return `seat ${event.actor.kind.value}`;
  if (event.actor.kind.case === "service") return `service ${event.actor.kind.value.keyName}`;
  if (event.actor.kind.case === "engine") return `engine ${event.actor.kind.value}`;
  return kind;
}

test("a service key aborts a game and every event names its maker", async () => {
  const manager = client; // a server without keys: anyone manages games
  const created = await manager.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic");
  const gameId = created.game!.gameId;
  const [x, o] = created.seatTokens.map((t) => manager.withCredential(t.token));
  await x.submitMove(gameId, moves.placeCell(1, 1));
  await o.submitMove(gameId, moves.placeCell(0, 0));

  const game = await manager.abortGame(gameId, "seat 2 lost its connection");
  assert.equal(game.status, GameStatus.FINISHED);
  assert.deepEqual([game.outcome?.type, game.outcome?.reason, game.outcome?.winner], [OutcomeType.NO_RESULT, EndReason.ABORTED, 0]);
  assert.equal(enumName(OutcomeTypeSchema, game.outcome!.type), "OUTCOME_TYPE_NO_RESULT");
  assert.equal(enumName(EndReasonSchema, game.outcome!.reason), "END_REASON_ABORTED");

  const events = await collect(manager.events(gameId));
  assert.deepEqual(events.map((e) => [eventKind(e), describeActor(e)]), [
    ["gameCreated", "none"],
    ["moveApplied", "seat 1"],
    ["moveApplied", "seat 2"],
    ["gameAborted", "service "], // a server without keys names none
    ["gameEnded", "none"],
  ]);
  const aborted = events[3].kind;
  assert.ok(aborted.case === "gameAborted" && aborted.value.explanation === "seat 2 lost its connection");

  await assert.rejects(manager.abortGame(gameId, "again"), (error: unknown) => {
    assert.ok(error instanceof TabulaError);
    assert.equal(error.codeName, "FAILED_PRECONDITION");
    assert.equal(error.reason, "GAME_OVER");
    return true;
  });
});

test("too late to abort, but an adjudication decides", async () => {
  const created = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic");
  const gameId = created.game!.gameId;
  const [x, o] = created.seatTokens.map((t) => client.withCredential(t.token));
  await x.submitMove(gameId, moves.placeCell(1, 1));
  await o.submitMove(gameId, moves.placeCell(0, 0));
  await x.submitMove(gameId, moves.placeCell(2, 2));
  await assert.rejects(client.abortGame(gameId, "too late", { requestId: "abort-1" }), {
    code: Code.FailedPrecondition,
    reason: "TOO_LATE_TO_ABORT",
  });

  const game = await client.adjudicateGame(gameId, OutcomeType.WIN, 2, "seat 1 broke the rules", { requestId: "adjudicate-1" });
  assert.equal(game.status, GameStatus.FINISHED);
  assert.deepEqual([game.outcome?.type, game.outcome?.reason, game.outcome?.winner], [OutcomeType.WIN, EndReason.ADJUDICATION, 2]);
  const retried = await client.adjudicateGame(gameId, OutcomeType.WIN, 2, "seat 1 broke the rules", { requestId: "adjudicate-1" });
  assert.ok(equals(GameSchema, retried, game), "a retry is answered as the first call was");

  const [adjudicated, ended] = (await collect(client.events(gameId))).slice(-2);
  assert.deepEqual([eventKind(adjudicated), describeActor(adjudicated)], ["gameAdjudicated", "service "]);
  assert.ok(adjudicated.kind.case === "gameAdjudicated" && adjudicated.kind.value.explanation === "seat 1 broke the rules");
  assert.ok(ended.kind.case === "gameEnded" && ended.kind.value.outcome?.winner === 2 && ended.actor === undefined);

  await assert.rejects(client.adjudicateGame(gameId, OutcomeType.DRAW, 0, "again"), { reason: "GAME_OVER" });
  await assert.rejects(client.abortGame(gameId, "again"), { reason: "GAME_OVER", code: Code.FailedPrecondition });
});

test("a retried creation returns its game", async () => {
  const first = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { requestId: "create-1" });
  const retry = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { requestId: "create-1" });
  const gameId = first.game!.gameId;
  assert.equal(first.retried, false);
  assert.equal(retry.retried, true);
  assert.equal(retry.game!.gameId, gameId);
  // Nothing happened in the game yet: the retry issued new tokens, and the old ones stopped working.
  assert.equal(retry.seatTokens.length, 2);
  assert.notEqual(retry.seatTokens[0].token, first.seatTokens[0].token);
  await assert.rejects(client.withCredential(first.seatTokens[0].token).submitMove(gameId, moves.placeCell(1, 1)), {
    code: Code.Unauthenticated,
    reason: "INVALID_CREDENTIAL",
  });
  await client.withCredential(retry.seatTokens[0].token).submitMove(gameId, moves.placeCell(1, 1));
  // Once a seat has moved, a retry returns the game without tokens.
  const late = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { requestId: "create-1" });
  assert.deepEqual([late.retried, late.game!.gameId, late.seatTokens.length], [true, gameId, 0]);
  // The same id for another request is refused; another id makes another game.
  await assert.rejects(client.createGameFromPreset(GameKind.TIC_TAC_TOE, "four", { requestId: "create-1" }), {
    reason: "REQUEST_ID_REUSED",
  });
  const other = await client.createGameFromConfig({ game: { case: "ticTacToe", value: {} } }, { requestId: "create-2" });
  assert.equal(other.retried, false);
  assert.notEqual(other.game!.gameId, gameId);
});

test("the engine answers for its seat, and its token may not move", async () => {
  const kinds = await client.listGameKinds();
  assert.ok(kinds.find((k) => k.name === "tic_tac_toe")!.maxBotLevel >= 1);
  const created = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { bots: [botSeat(2, 1)] });
  const gameId = created.game!.gameId;
  assert.deepEqual(created.game!.bots.map((b) => [b.seat, b.level]), [[2, 1]]);
  const [x, o] = created.seatTokens.map((t) => client.withCredential(t.token));
  assert.equal((await x.submitMove(gameId, moves.placeCell(1, 1))).seq, 2n);

  // The engine moves on its own; the stream waits for it (20 s at most).
  const [reply] = await collect(client.events(gameId, 2n, { signal: AbortSignal.timeout(20_000) }), 1);
  assert.ok(reply !== undefined, "the engine's move arrives");
  assert.deepEqual([reply.seq, eventKind(reply), describeActor(reply), actorKind(reply.actor)], [3n, "moveApplied", "engine 2", "engine"]);
  assert.ok(reply.kind.case === "moveApplied" && reply.kind.value.seat === 2);
  const game = await client.getGame(gameId);
  assert.deepEqual(game.bots.map((b) => [b.seat, b.level]), [[2, 1]]);
  assert.equal((await o.getView(gameId)).viewerSeat, 2, "the bot seat's token reads the game as that seat");

  for (const attempt of [() => o.submitMove(gameId, moves.placeCell(0, 0)), () => o.resign(gameId)]) {
    await assert.rejects(attempt(), (error: unknown) => {
      assert.ok(error instanceof TabulaError);
      assert.deepEqual([error.code, error.reason, error.metadata.seat], [Code.FailedPrecondition, "SEAT_PLAYED_BY_ENGINE", "2"]);
      return true;
    });
  }
  await assert.rejects(client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { bots: [{ seat: 3, level: 1 }] }), {
    code: Code.InvalidArgument,
    reason: "INVALID_REQUEST",
  });
});

test("an engine-against-engine game plays to its end", async () => {
  const created = await client.createGameFromConfig(
    { game: { case: "ticTacToe", value: {} } },
    { bots: [botSeat(1, 1), botSeat(2, 1, 500)] },
  );
  const gameId = created.game!.gameId;
  assert.deepEqual(created.game!.bots.map((b) => [b.seat, b.level]), [[1, 1], [2, 1]]);
  assert.equal(created.game!.bots[1].moveTime?.nanos, 500_000_000);

  const events = await collect(client.events(gameId, 0n, { signal: AbortSignal.timeout(20_000) }));
  assert.equal(eventKind(events.at(-1)!), "gameEnded", "the stream ends with the game");
  assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => BigInt(i + 1)));
  const applied = events.filter((e) => eventKind(e) === "moveApplied");
  assert.ok(applied.length >= 5);
  assert.deepEqual(
    applied.map(describeActor),
    applied.map((e) => `engine ${e.kind.case === "moveApplied" ? e.kind.value.seat : "?"}`),
  );
  assert.deepEqual(applied.map((e) => (e.kind.case === "moveApplied" ? e.kind.value.seat : 0)), applied.map((_, i) => (i % 2) + 1));
  assert.equal((await client.getGame(gameId)).status, GameStatus.FINISHED);
});
