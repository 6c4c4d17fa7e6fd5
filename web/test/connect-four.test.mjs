// Create a Connect Four game against the server's bot in the page, play it to the end by
// clicking columns, and check that the board drawn is the server's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { drawnCells, newPage, pieceName, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

test("Connect Four against the bot, played to the end by clicking columns", async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/new`);
  await page.selectOption("[data-testid=kind]", { label: "Connect Four" });
  await page.selectOption("[data-testid=preset]", "classic");
  await page.check("[data-testid=bot]");
  await page.click("[data-testid=create]");
  await page.waitForURL(/#\/game\/[^?]+$/);
  const gameId = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())[1]);

  // Always the leftmost column still open: a plain, repeatable line of play.
  for (let turn = 0; turn < 60; turn++) {
    await page.waitForFunction(
      () => document.querySelector("[data-testid=status][data-outcome]") || document.querySelector("svg .target.legal"),
      null,
      { timeout: 20_000 },
    );
    if (await page.$("[data-testid=status][data-outcome]")) break;
    const keys = await page.$$eval("svg .target.legal", (els) => els.map((e) => e.dataset.key));
    const cols = [...new Set(keys.map((k) => Number(k.split(":")[3])))].sort((a, b) => a - b);
    const moves = await page.locator(".history li.move").count();
    // Any cell of the column drops a disc there; click the top one.
    await page.click(`svg .target.legal[data-col="${cols[0]}"][data-row="0"], svg .target.legal[data-col="${cols[0]}"] >> nth=0`);
    await page.waitForFunction((n) => document.querySelectorAll(".history li.move").length > n, moves, { timeout: 20_000 });
  }
  await page.waitForSelector("[data-testid=status][data-outcome]", { timeout: 20_000 });

  const { view } = await env.server.client.getView({ gameId });
  assert.equal(view.status, rpc.GameStatus.FINISHED);
  await waitForSeq(page, view.seq);
  const drawn = await drawnCells(page, 0);
  const expected = view.board.cells.map((c, i) => ({
    row: Math.floor(i / view.board.width),
    col: i % view.board.width,
    piece: pieceName(c.piece),
    owner: c.owner,
  }));
  assert.deepEqual(drawn, expected);
  assert.ok(drawn.some((c) => c.piece === "mark"), "some discs are drawn");

  const status = await page.textContent("[data-testid=status]");
  const o = view.outcome;
  // Said to the seat the page plays: Red.
  if (o.type === rpc.OutcomeType.WIN) {
    assert.match(status, o.winner === 1 ? /^You won by completing a line\.$/ : /^You lost: Yellow \(the server's bot\) wins by completing a line\.$/);
  } else {
    assert.match(status, /^Draw/);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

/**
 * Plays the legal move `pick` chooses for seat 1 of a new game of `kind`'s `preset`, then
 * opens the game in the page as a spectator; the move's label as the server gives it.
 */
async function oneMoveWatched(kind, preset, pick) {
  const c = env.server.client;
  const created = await c.createGame({ kind, source: { case: "preset", value: preset } });
  const gameId = created.game.gameId;
  const as = rpc.as(created.seatTokens[0].token);
  const { moves } = await c.listLegalMoves({ gameId }, as);
  const chosen = pick(moves);
  const played = await c.submitMove({ gameId, move: chosen.move }, as);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}`);
  await waitForSeq(page, played.seq);
  return { page, label: chosen.label, view: played.view };
}

test("a Connect Four move and a Morris move are named on the page as the server labels them", async () => {
  // The fourth column: its label, its name under the board and the history's line agree.
  const four = await oneMoveWatched(rpc.GameKind.CONNECT_FOUR, "classic", (moves) => moves[3]);
  assert.equal(four.label, "column 4");
  const columns = await four.page.$$eval("svg .coords text[data-column]", (els) => els.map((e) => e.textContent));
  assert.deepEqual(columns, four.view.board.columnLabels);
  assert.equal(columns[3], "4", "the column the label names is written under the board");
  assert.equal(await four.page.$$eval("svg .coords text[data-row]", (els) => els.length), 0, "no row names: moves name none");
  const line = await four.page.textContent(".history li.move");
  assert.ok(line.includes(`Red: ${four.label}`), `the history names the move as the server does: ${line}`);
  assert.deepEqual(four.page.errors, []);
  await four.page.close();

  // A Morris placement on a point: the point's name drawn beside it is the move's label.
  const morris = await oneMoveWatched(rpc.GameKind.MORRIS, "nine", (moves) => moves[5]);
  const point = morris.view.lastMove.move.kind.value.target.value;
  const name = await morris.page.textContent(`svg .point-names text[data-point="${point}"]`);
  assert.equal(name, morris.label);
  assert.equal(morris.view.graph.points[point].label, morris.label);
  const placed = await morris.page.textContent(".history li.move");
  assert.ok(placed.includes(morris.label), `the history names the placement as the server does: ${placed}`);
  assert.deepEqual(morris.page.errors, []);
  await morris.page.close();
});
