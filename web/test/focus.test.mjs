// Keyboard play: the board is one Tab stop, the arrow keys move about it, Enter (or Space)
// plays; the focus stays on the board through every redraw: after its own move (made by the
// keyboard or the mouse), after the other seat's move arrives by the stream, and on a history
// line while the game goes on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

/** What has the focus: its focus key, whether it is a board target (and a playable one), or `body`. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { body: true };
    return {
      key: el.getAttribute("data-focus-key"),
      onBoard: !!el.closest("[data-testid=board]"),
      legal: el.classList.contains("legal"),
    };
  });
}

/** Presses Tab until a playable cell of the board has the focus; returns its key. */
async function tabToPlayableCell(page) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    if (now.onBoard && now.legal) return now.key;
  }
  assert.fail("Tab reached no playable cell");
}

/** Waits until the seat's cells are playable again (its legal moves listed). */
async function waitForPlayable(page) {
  await page.waitForSelector("[data-testid=board] svg .target.legal", { timeout: 15_000 });
}

test("a move made with the keyboard keeps the focus on the board, through the other seat's move", async () => {
  const c = env.server.client;
  const created = await c.createGame({ kind: rpc.GameKind.TIC_TAC_TOE, source: { case: "preset", value: "classic" } });
  const gameId = created.game.gameId;
  const [x, o] = created.seatTokens.map((t) => t.token);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${x}`);
  await waitForPlayable(page);

  // Enter on a cell reached by Tab makes the move there.
  const pressed = await tabToPlayableCell(page);
  await page.keyboard.press("Enter");
  await waitForSeq(page, 2);
  const { view: afterMove } = await c.getView({ gameId });
  assert.equal(afterMove.lastMove.seat, 1, "the keyboard made seat 1's move");
  let now = await focused(page);
  assert.deepEqual(now, { key: pressed, onBoard: true, legal: false }, "after the move the pressed cell keeps the focus");

  // The other seat moves; the page hears of it by the stream alone.
  const { moves } = await c.listLegalMoves({ gameId }, rpc.as(o));
  await c.submitMove({ gameId, move: moves[0].move }, rpc.as(o));
  await waitForSeq(page, 3);
  await waitForPlayable(page);
  now = await focused(page);
  assert.equal(now.body, undefined, "the focus is not lost to the page's body");
  assert.equal(now.key, pressed, "after the other seat's move the pressed cell still has the focus");

  // The arrow keys go on from there to a playable cell, and Space moves as Enter does.
  for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowUp"]) {
    if (now.legal) break;
    await page.keyboard.press(key);
    now = await focused(page);
  }
  assert.ok(now.onBoard && now.legal, `an arrow key from the kept cell reaches a playable one: ${JSON.stringify(now)}`);
  await page.keyboard.press("Space");
  await waitForSeq(page, 4);
  now = await focused(page);
  assert.ok(now.onBoard && now.key, `after a move by Space the focus is on the board: ${JSON.stringify(now)}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a focused history line keeps the focus while moves arrive", async () => {
  const c = env.server.client;
  const created = await c.createGame({ kind: rpc.GameKind.CONNECT_FOUR, source: { case: "preset", value: "classic" } });
  const gameId = created.game.gameId;
  const tokens = created.seatTokens.map((t) => t.token);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}`);
  await waitForSeq(page, 1);
  await page.focus('.history li[data-seq="1"] button');
  for (let seq = 2; seq <= 4; seq++) {
    const token = tokens[seq % 2];
    const { moves } = await c.listLegalMoves({ gameId }, rpc.as(token));
    await c.submitMove({ gameId, move: moves[0].move }, rpc.as(token));
    await waitForSeq(page, seq);
    await page.waitForFunction((n) => document.querySelectorAll(".history li").length >= n, seq);
    assert.equal((await focused(page)).key, "seq:1", `the history line has the focus after event ${seq}`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the arrow keys move about a Gomoku board, one Tab stop, and Enter plays where they led", async () => {
  const c = env.server.client;
  const created = await c.createGame({ kind: rpc.GameKind.GOMOKU, source: { case: "preset", value: "freestyle" } });
  const gameId = created.game.gameId;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${created.seatTokens[0].token}`);
  await waitForPlayable(page);
  assert.equal(await page.locator("[data-testid=board] [tabindex='0']").count(), 1, "the board is one Tab stop");
  const start = await tabToPlayableCell(page);
  const [, , row, col] = start.split(":").map(Number);
  for (const key of ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"]) await page.keyboard.press(key);
  const now = await focused(page);
  assert.equal(now.key, `c:0:${row + 2}:${col + 3}`, "three right and two down");
  await page.keyboard.press("Enter");
  await waitForSeq(page, 2);
  const { view } = await c.getView({ gameId });
  const cell = view.lastMove.move.kind.value.target.value;
  assert.deepEqual([cell.row, cell.col], [row + 2, col + 3], "the move is where the arrows led");
  assert.equal((await focused(page)).key, now.key, "the focus stays where the move was made");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a move made with the mouse leaves the focus on the board, not the page's body", async () => {
  const c = env.server.client;
  const created = await c.createGame({ kind: rpc.GameKind.CONNECT_FOUR, source: { case: "preset", value: "classic" } });
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${created.game.gameId}?token=${created.seatTokens[0].token}`);
  await waitForPlayable(page);
  await page.click('svg .target.legal[data-col="3"][data-row="0"]');
  await waitForSeq(page, 2);
  const now = await focused(page);
  assert.ok(now.onBoard, `the focus is on the board: ${JSON.stringify(now)}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
