// What the board marks, measured by the browser's computed styles: the last move on your own
// turn (Connect Four), Reversi's playable squares in a colour that stands out from the
// green, and on boards where every empty place is playable (Gomoku) no mark but under the
// pointer.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, preset, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

/** WCAG's contrast ratio between two computed colours (`rgb(r, g, b)`). */
function contrast(a, b) {
  const luminance = (css) => {
    const [r, g, bl] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The computed fill, stroke and display of the element `selector` finds in the cell `key`. */
function painted(page, key, selector) {
  return page.$eval(`svg [data-key="${key}"] ${selector}`, (el) => {
    const s = getComputedStyle(el);
    return { fill: s.fill, stroke: s.stroke, display: s.display, opacity: Number(s.opacity) };
  });
}

test("Connect Four: the other seat's last disc stays marked while it is your turn", async () => {
  const c = env.server.client;
  const created = await c.createGame({ ...preset(rpc.GameKind.CONNECT_FOUR, "classic"), bots: [{ seat: 2, level: 1 }] });
  const gameId = created.game.gameId;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${created.seatTokens[0].token}`);
  await page.waitForSelector("svg .target.legal");
  await page.click('svg .target.legal[data-col="3"][data-row="0"]');
  // The bot answers; then it is Red's turn again, every open column playable.
  await waitForSeq(page, 3);
  await page.waitForSelector("svg .target.legal");
  const { view } = await c.getView({ gameId });
  assert.equal(view.lastMove.seat, 2);
  const col = view.lastMove.move.kind.value.target.value;
  const row = view.board.cells.findIndex((cell, i) => i % view.board.width === col && cell.piece !== rpc.Piece.UNSPECIFIED);
  const key = `c:0:${Math.floor(row / view.board.width)}:${col}`;
  assert.ok(await page.$(`svg [data-key="${key}"].legal`), "the bot's disc is in a playable column");
  const mark = await painted(page, key, ".last-mark");
  assert.notEqual(mark.display, "none");
  const disc = await painted(page, key, ".disc");
  assert.ok(contrast(mark.fill, disc.fill) >= 3, `the dot stands out on the yellow disc (${mark.fill} on ${disc.fill})`);
  assert.equal(await page.locator("svg .last-mark").count(), 1, "one mark: the last move's");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Reversi: the playable squares are dots that stand out from the board's green", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.REVERSI, "othello"));
  const gameId = created.game.gameId;
  const token = created.seatTokens[0].token;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${token}`);
  await page.waitForSelector("svg .target.legal");
  const { moves } = await c.listLegalMoves({ gameId }, rpc.as(token));
  const playable = moves.map((m) => `c:0:${m.move.kind.value.target.value.row}:${m.move.kind.value.target.value.col}`);
  assert.equal(playable.length, 4);
  for (const key of playable) {
    const dot = await painted(page, key, ".legal-dot");
    const square = await painted(page, key, ".cell-bg");
    assert.notEqual(dot.display, "none", `${key} shows its dot`);
    assert.ok(contrast(dot.fill, square.fill) >= 3, `${key}: the dot's contrast with its square is at least 3:1 (${dot.fill} on ${square.fill})`);
  }
  const elsewhere = await page.$$eval("svg .target:not(.legal) .legal-dot", (els) => els.filter((e) => getComputedStyle(e).display !== "none").length);
  assert.equal(elsewhere, 0, "no dot where no move goes");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Gomoku: with every empty point playable, only the one under the pointer is marked", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.GOMOKU, "standard"));
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${created.game.gameId}?token=${created.seatTokens[0].token}`);
  await page.waitForSelector("svg .target.legal");
  const ringed = () =>
    page.$$eval("svg .target.legal .ring", (els) => els.filter((e) => getComputedStyle(e).stroke !== "none").map((e) => e.parentElement.dataset.key));
  assert.deepEqual(await ringed(), [], "no point is ringed before the pointer comes");
  await page.hover('svg [data-key="c:0:7:7"]');
  assert.deepEqual(await ringed(), ["c:0:7:7"], "the point under the pointer is ringed");
  assert.deepEqual(page.errors, []);
  await page.close();
});
