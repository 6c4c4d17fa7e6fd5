// A whole Connect Four game through the installed package: created from a preset, the
// legal moves listed before every move, both seats moving until Red wins, the view read and
// the event stream followed to its end. Exits non-zero on the first mismatch.
// Usage: node connect-four.js [HOST:PORT]   (or TABULA_ADDR; default 127.0.0.1:50051)
import assert from "node:assert/strict";
import {
  Code,
  EndReason,
  type GameEvent,
  GameKind,
  GameStatus,
  type ListLegalMovesResponse,
  OutcomeType,
  TabulaClient,
  TabulaError,
  type View,
  eventKind,
  moveKind,
  moves,
} from "@tabula/client";

const address = process.argv[2] ?? process.env.TABULA_ADDR ?? "127.0.0.1:50051";
// Red fills the bottom row from column 3; Yellow stacks on top.
const DROPS: [seat: number, column: number][] = [[1, 3], [2, 3], [1, 4], [2, 4], [1, 5], [2, 5], [1, 6]];

const client = TabulaClient.connect({ address });
try {
  const created = await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game?.gameId ?? "";
  assert.ok(gameId, "the new game has an id");
  assert.deepEqual(created.seatTokens.map((t) => t.seat), [1, 2]);
  const seats = created.seatTokens.map((t) => client.withCredential(t.token));

  // A spectator follows the game from its creation, with the view after each event.
  const stream = client.events(gameId, 0n, { includeViews: true });
  const following = (async () => {
    const seen: [GameEvent, View | undefined][] = [];
    for await (const event of stream) seen.push([event, stream.lastView]);
    return seen;
  })();

  let seq = 1n;
  for (const [seat, column] of DROPS) {
    const legal: ListLegalMovesResponse = await seats[seat - 1].listLegalMoves(gameId);
    assert.equal(legal.seat, seat, "the moves listed are the caller's");
    assert.equal(legal.seq, seq, "the moves are listed for the current position");
    assert.equal(legal.moves.length, 7, "every column is open");
    const wanted = moves.drop(column);
    const listed = legal.moves.find((m) => m.move?.kind.case === "place" && m.move.kind.value.target.value === column);
    assert.ok(listed?.move && moveKind(listed.move) === "place", `column ${column} is legal`);
    const answer = await seats[seat - 1].submitMove(gameId, wanted, { expectedSeq: seq });
    assert.ok(answer.applied, "the move was applied");
    seq = answer.seq;
  }

  const view = await client.getView(gameId);
  assert.equal(view.status, GameStatus.FINISHED);
  assert.equal(view.outcome?.type, OutcomeType.WIN);
  assert.equal(view.outcome?.reason, EndReason.LINE);
  assert.equal(view.outcome?.winner, 1);
  assert.deepEqual(view.outcome?.winningLine.map((c) => [c.row, c.col]), [[5, 3], [5, 4], [5, 5], [5, 6]]);
  assert.equal((await client.listLegalMoves(gameId, 2)).moves.length, 0, "no move is left");

  const seen = await following;
  assert.deepEqual(seen.map(([event]) => event.seq), [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
  assert.deepEqual(seen.map(([event]) => eventKind(event)), [
    "gameCreated",
    ...DROPS.map(() => "moveApplied"),
    "gameEnded",
  ]);
  for (const [event, eventView] of seen) assert.equal(eventView?.seq, event.seq, `the view of event ${event.seq}`);
  assert.equal(stream.lastSeq, seq);

  await assert.rejects(seats[1].submitMove(gameId, moves.drop(0)), (error: unknown) => {
    assert.ok(error instanceof TabulaError);
    assert.equal(error.code, Code.FailedPrecondition);
    assert.equal(error.reason, "GAME_OVER");
    return true;
  });
  console.log(`connect four: game ${gameId} won by Red in ${DROPS.length} moves, ${seen.length} events`);
} finally {
  client.close();
}
