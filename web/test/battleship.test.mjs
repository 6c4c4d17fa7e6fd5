// Watch a Battleship game as a spectator while both seats place their fleets and fire, over
// gRPC-web with their seat tokens: no ship of either fleet may be drawn before the end.
import assert from "node:assert/strict";
import { test } from "node:test";
import { drawnCells, newPage, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

/** Every cell the page draws on both oceans. */
async function oceans(page) {
  return [...(await drawnCells(page, 1)), ...(await drawnCells(page, 2))];
}

/** Checks that the page shows the game's newest position with no unhit ship in it. */
async function assertNoShipDrawn(page, seq) {
  await waitForSeq(page, seq);
  const cells = await oceans(page);
  assert.equal(cells.length, 200, "both 10×10 oceans are drawn");
  assert.deepEqual(
    cells.filter((c) => c.piece === "ship"),
    [],
    `no ship is drawn to a spectator at seq ${seq}`,
  );
}

test("a spectator sees no ship of either fleet before the end", async () => {
  const c = env.server.client;
  const created = await c.createGame({ kind: rpc.GameKind.BATTLESHIP, source: { case: "preset", value: "classic" } });
  const gameId = created.game.gameId;
  const tokens = created.seatTokens.map((t) => t.token);

  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}`);
  await assertNoShipDrawn(page, 1);

  // Each seat places its ships one by one (the first legal placement each time), then
  // confirms its fleet.
  let seq = 1n;
  for (const token of tokens) {
    for (;;) {
      const { moves } = await c.listLegalMoves({ gameId }, rpc.as(token));
      if (moves.length === 0) break;
      const ready = moves.find((m) => m.move.kind.case === "ready");
      const r = await c.submitMove({ gameId, move: (ready ?? moves[0]).move }, rpc.as(token));
      seq = r.seq;
      await assertNoShipDrawn(page, seq);
      if (ready) break;
    }
  }

  // Seat 1 fires at seat 2's ships, seat 2 at open water, until seat 2's fleet is sunk.
  const fleet2 = (await c.getView({ gameId }, rpc.as(tokens[1]))).view.seatBoards[1];
  const ships = fleet2.cells.flatMap((cell, i) => (cell.piece === rpc.Piece.SHIP ? [{ row: Math.floor(i / fleet2.width), col: i % fleet2.width }] : []));
  const fleet1 = (await c.getView({ gameId }, rpc.as(tokens[0]))).view.seatBoards[0];
  const water = fleet1.cells.flatMap((cell, i) => (cell.piece === rpc.Piece.UNSPECIFIED ? [{ row: Math.floor(i / fleet1.width), col: i % fleet1.width }] : []));
  let shots = 0;
  for (;;) {
    const { view } = await c.getView({ gameId });
    if (view.status === rpc.GameStatus.FINISHED) break;
    const seat = view.toAct[0];
    const target = seat === 1 ? ships.shift() : water.shift();
    const r = await c.submitMove({ gameId, move: { kind: { case: "shot", value: { target } } } }, rpc.as(tokens[seat - 1]));
    seq = r.seq;
    // Checking after every shot would make the test slow; every few shots and the last.
    if (++shots % 5 === 0) await assertNoShipDrawn(page, seq);
  }

  const { view } = await c.getView({ gameId });
  assert.equal(view.outcome.winner, 1);
  await waitForSeq(page, view.seq);
  await page.waitForSelector("[data-testid=status][data-outcome]");
  assert.match(await page.textContent("[data-testid=status]"), /wins: every ship of the loser is sunk/);
  // At the end both fleets are shown to everyone: seat 1's unhit ships appear now.
  const revealed = (await oceans(page)).filter((cell) => cell.piece === "ship");
  assert.ok(revealed.length > 0, "the fleets are revealed once the game is over");
  assert.deepEqual(page.errors, []);
  await page.close();
});
