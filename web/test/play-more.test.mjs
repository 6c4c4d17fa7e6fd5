// Ways to play beyond clicking a board: a move typed by its name, a Battleship fleet placed
// at random by the server's own list of placements; and what the board shows to help: the
// piece a click would place, under the pointer, and Morris pieces in hand as trays.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, preset, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

async function openSeat(kind, name, seat = 0, extra = {}) {
  const c = env.server.client;
  const created = await c.createGame({ ...preset(kind, name), ...extra });
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${created.game.gameId}?token=${created.seatTokens[seat].token}`);
  return { page, gameId: created.game.gameId, tokens: created.seatTokens.map((t) => t.token) };
}

async function type(page, text) {
  await page.fill("[data-testid=typed-move]", text);
  await page.press("[data-testid=typed-move]", "Enter");
}

test("moves typed by their names: SAN, a Connect Four column, a cell", async () => {
  const c = env.server.client;
  const chess = await openSeat(rpc.GameKind.CHESS, "standard");
  await chess.page.waitForSelector("svg .target.legal");
  await type(chess.page, "Nf3");
  await waitForSeq(chess.page, 2);
  let { view } = await c.getView({ gameId: chess.gameId });
  assert.equal(view.lastMove.notation, "Nf3");
  assert.equal(await chess.page.inputValue("[data-testid=typed-move]"), "", "the field is cleared for the next move");
  // Typed while Black is to move: kept as a premove, nothing sent yet.
  await type(chess.page, "e4");
  await chess.page.waitForSelector("[data-testid=premove]:has-text('Premove: e4')");
  assert.equal((await c.getView({ gameId: chess.gameId })).view.seq, 2n);
  await chess.page.close();

  const four = await openSeat(rpc.GameKind.CONNECT_FOUR, "classic");
  await four.page.waitForSelector("svg .target.legal");
  await type(four.page, "4");
  await waitForSeq(four.page, 2);
  ({ view } = await c.getView({ gameId: four.gameId }));
  assert.equal(view.lastMove.move.kind.value.target.value, 3, "column 4, the fourth from the left");
  // Typed while it is not the seat's turn (no premoves outside chess): refused in words, nothing sent.
  await type(four.page, "5");
  await four.page.waitForSelector("[data-testid=error]:has-text('Wait for your turn')");
  assert.equal((await c.getView({ gameId: four.gameId })).view.seq, 2n);
  await four.page.close();

  const ttt = await openSeat(rpc.GameKind.TIC_TAC_TOE, "classic");
  await ttt.page.waitForSelector("svg .target.legal");
  await type(ttt.page, "zz9");
  await ttt.page.waitForSelector("[data-testid=error]:has-text('No legal move is written “zz9”.')");
  await type(ttt.page, "B2");
  await waitForSeq(ttt.page, 2);
  ({ view } = await c.getView({ gameId: ttt.gameId }));
  assert.deepEqual([view.lastMove.move.kind.value.target.value.row, view.lastMove.move.kind.value.target.value.col], [1, 1], "b2 typed as B2: the centre");
  assert.deepEqual(ttt.page.errors, []);
  await ttt.page.close();
});

test("a promotion typed without its piece asks which one", async () => {
  const c = env.server.client;
  const config = { game: { case: "chess", value: { fen: "7k/P7/8/8/8/8/8/K7 w - - 0 1" } } };
  const created = await c.createGame({ source: { case: "config", value: config } });
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${created.game.gameId}?token=${created.seatTokens[0].token}`);
  await page.waitForSelector("svg .target.legal");
  await type(page, "a8");
  await page.waitForSelector("[data-testid=error]:has-text('could be')");
  assert.match(await page.textContent("[data-testid=error]"), /^“a8” could be (a8=[QRBN][+#]?, ){3}a8=[QRBN][+#]?: type one of those\.$/);
  await type(page, "a8=N");
  await waitForSeq(page, 2);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Battleship: the lengths still to place, and the rest of the fleet placed at random", async () => {
  const c = env.server.client;
  const { page, gameId, tokens } = await openSeat(rpc.GameKind.BATTLESHIP, "quick");
  await page.waitForSelector("[data-testid=ships-owed]");
  const { view: start } = await c.getView({ gameId });
  const fleet = (await c.getGame({ gameId })).game.config.game.value.fleet;
  const lengths = [...new Set(fleet)].sort((a, b) => b - a);
  assert.equal(await page.textContent("[data-testid=ships-owed]"), `Still to place: ships of ${lengths.join(", ")}.`);
  await page.click("text=Place the rest at random");
  // Every ship placed, one event each, and only Ready left to do.
  await page.waitForSelector(`.actions .move-button[data-label="ready"]`, { timeout: 20_000 });
  assert.equal(await page.locator("[data-testid=ships-owed]").count(), 0);
  const { view } = await c.getView({ gameId }, rpc.as(tokens[0]));
  assert.equal(Number(view.seq - start.seq), fleet.length, "one placement a ship");
  const cells = view.seatBoards[0].cells.filter((cell) => cell.piece === rpc.Piece.SHIP).length;
  assert.equal(cells, fleet.reduce((a, b) => a + b, 0), "the whole fleet is on the ocean");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the piece a click would place shows under the pointer: a Connect Four disc at the column's foot", async () => {
  const { page } = await openSeat(rpc.GameKind.CONNECT_FOUR, "classic");
  await page.waitForSelector("svg .target.legal");
  const shown = () => page.$$eval(".ghost", (els) => els.filter((e) => getComputedStyle(e).display !== "none").map((e) => e.parentElement.dataset.key));
  assert.deepEqual(await shown(), [], "no preview before the pointer comes");
  await page.hover('svg [data-key="c:0:0:2"]');
  assert.deepEqual(await shown(), ["c:0:5:2"], "the disc would land on the bottom row of column 3");
  assert.deepEqual(page.errors, []);
  await page.close();

  const gomoku = await openSeat(rpc.GameKind.GOMOKU, "standard");
  await gomoku.page.waitForSelector("svg .target.legal");
  await gomoku.page.hover('svg [data-key="c:0:4:6"]');
  const stones = await gomoku.page.$$eval(".ghost", (els) => els.filter((e) => getComputedStyle(e).display !== "none").map((e) => e.parentElement.dataset.key));
  assert.deepEqual(stones, ["c:0:4:6"]);
  await gomoku.page.close();
});

test("Morris: the pieces in hand lie in a tray for each seat", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.MORRIS, "nine"));
  const gameId = created.game.gameId;
  const as = rpc.as(created.seatTokens[0].token);
  const { moves } = await c.listLegalMoves({ gameId }, as);
  await c.submitMove({ gameId, move: moves[0].move }, as);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}`);
  await waitForSeq(page, 2);
  const trays = await page.$$eval("svg.tray", (els) => els.map((e) => [e.getAttribute("aria-label"), e.querySelectorAll("circle").length]));
  assert.equal(trays.length, 2);
  assert.deepEqual(trays.map(([, n]) => n), [8, 9]);
  assert.match(trays[0][0], /: 8 in hand$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Tic-Tac-Two: pointing at a grid shift shows where the grid would land", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.TIC_TAC_TWO, "classic"));
  const gameId = created.game.gameId;
  const tokens = created.seatTokens.map((t) => t.token);
  // Place pieces (first places listed) until seat 1 may shift the grid.
  let shift;
  for (let turn = 0; turn < 12 && !shift; turn++) {
    const token = tokens[turn % 2];
    const { moves } = await c.listLegalMoves({ gameId }, rpc.as(token));
    if (turn % 2 === 0) shift = moves.find((m) => m.move.kind.case === "gridShift");
    if (shift) break;
    await c.submitMove({ gameId, move: moves.find((m) => m.move.kind.case === "place").move }, rpc.as(token));
  }
  assert.ok(shift, "seat 1 may shift the grid");
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${tokens[0]}`);
  const button = `.actions .move-button[data-label=${JSON.stringify(shift.label)}]`;
  await page.waitForSelector(button);
  assert.equal(await page.locator(".shift-preview").count(), 0);
  await page.hover(button);
  await page.waitForSelector(".shift-preview");
  const at = (sel) => page.$eval(sel, (e) => [Number(e.getAttribute("x")), Number(e.getAttribute("y"))]);
  const [ax, ay] = await at(".active-region");
  const [px, py] = await at(".shift-preview");
  const { dRow, dCol } = shift.move.kind.value;
  assert.deepEqual([Math.round(px - ax), Math.round(py - ay)], [dCol * 10, dRow * 10], `${shift.label}: the outline moved by the shift`);
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector(".shift-preview"));
  assert.deepEqual(page.errors, []);
  await page.close();
});
