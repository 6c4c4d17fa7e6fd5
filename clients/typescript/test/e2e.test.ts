import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Code } from "@connectrpc/connect";
import { equals } from "@bufbuild/protobuf";
import { GameKind, GameStatus, Piece, TabulaClient, TabulaError, moves, type View, ViewSchema } from "../src/index.js";
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
