// The game page's tools, as a player uses them: a seat's token kept out of the address bar
// (what is shared from it is a spectator's link), the heading naming the players and the
// preset, the tab's title on your turn, takeback and hint, a rematch, and for chess pieces
// drawn as SVG, the king in check marked, the material count, the board flipped, the PGN
// downloaded and the FEN shown.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { newPage, playLabel, preset, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

async function playLabels(gameId, tokens, labels) {
  let played;
  for (const [i, label] of labels.entries()) played = await playLabel(env.server.client, gameId, tokens[i % 2], label);
  return played;
}

test("a seat's token leaves the address bar; the link shared from it is a spectator's", async () => {
  const c = env.server.client;
  const created = await c.createGame({
    ...preset(rpc.GameKind.CONNECT_FOUR, "classic"),
    players: [{ playerId: "a", displayName: "Alice" }, { playerId: "b", displayName: "Bob" }],
  });
  const gameId = created.game.gameId;
  const context = await env.browser.newContext({ viewport: { width: 900, height: 1000 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${created.seatTokens[0].token}`);
  await page.waitForSelector("svg .target.legal");
  assert.equal(new URL(page.url()).hash, `#/game/${gameId}`, "no token in the address bar");
  assert.equal(await page.textContent("h1"), "Alice (Red) vs Bob (Yellow)");
  assert.match(await page.textContent("[data-testid=subtitle]"), /^Connect Four · classic: .+ · game /);
  assert.equal(await page.title(), "Your turn · Connect Four · Tabula");

  // A reload keeps the seat (the tab holds the token).
  await page.reload();
  await page.waitForSelector("svg .target.legal");
  assert.match(await page.textContent("[data-testid=status]"), /You play Red: your turn\./);

  await page.click("text=Copy spectator link");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${env.server.url}/#/game/${gameId}`);
  const other = await newPage(env.browser);
  await other.goto(link);
  await waitForSeq(other, 1);
  await other.waitForSelector("svg .target");
  assert.equal(await other.locator("svg .target.legal").count(), 0, "the link plays no seat");
  assert.doesNotMatch(await other.textContent("[data-testid=status]"), /You play/);
  assert.equal(await other.title(), "Connect Four · Tabula");
  await other.close();
  await context.close();
});

test("take back a move, and a hint from the engine", async () => {
  const c = env.server.client;
  const config = { game: { case: "ticTacToe", value: {} }, allowTakebacks: true };
  const created = await c.createGame({ source: { case: "config", value: config }, allowHints: true });
  const gameId = created.game.gameId;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${created.seatTokens[0].token}`);
  await page.waitForSelector("svg .target.legal");
  await page.click("text=Hint");
  await page.waitForSelector("[data-testid=hint]");
  const hinted = await page.$$eval("svg .target.hinted", (els) => els.map((e) => e.dataset.key));
  assert.equal(hinted.length, 1, "the hinted cell is marked");
  assert.match(await page.textContent("[data-testid=hint]"), /^Hint: [a-c][1-3]$/);

  await page.click(`svg [data-key="${hinted[0]}"].legal`);
  await waitForSeq(page, 2);
  await page.click("text=Take back my move");
  await waitForSeq(page, 3);
  const { view } = await c.getView({ gameId });
  assert.equal(view.moveCount, 0, "the move is taken back");
  await page.waitForSelector("svg .target.legal");
  assert.match(await page.textContent(".history"), /X took back move 1\./);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a finished game offers its creator's tab a rematch, opened on the other seat", async () => {
  const page = await newPage(env.browser);
  page.on("dialog", (d) => void d.accept());
  await page.goto(`${env.server.url}/#/new`);
  await page.selectOption("[data-testid=kind]", { label: "Tic-tac-toe" });
  await page.click("[data-testid=create]");
  await page.waitForURL(/#\/game\/[^?]+$/);
  const gameId = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())[1]);
  await page.waitForSelector("svg .target.legal");
  await page.click("text=Resign");
  await page.waitForSelector("text=Rematch");
  await page.click("text=Rematch");
  await page.waitForFunction((id) => !location.hash.includes(id), gameId);
  await page.waitForSelector("[data-testid=status]:has-text('You play O')");
  const { game } = await env.server.client.getGame({ gameId });
  assert.ok(game.rematch, "the game names its rematch");
  assert.ok(page.url().endsWith(`#/game/${game.rematch}`));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("chess: SVG pieces, the mated king marked, material, the board flipped, PGN and FEN", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.CHESS, "standard"));
  const gameId = created.game.gameId;
  const tokens = created.seatTokens.map((t) => t.token);
  // A capture, then the fool's mate.
  await playLabels(gameId, tokens, ["f3", "e5", "g4", "Qh4#"]);
  const page = await newPage(env.browser);
  page.on("dialog", (d) => void d.accept());
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${tokens[0]}`);
  await page.waitForSelector("[data-testid=status][data-outcome]");
  assert.equal(await page.textContent("[data-testid=status]"), "You lost: Black wins by checkmate.");

  assert.equal(await page.locator("svg text.chess-piece").count(), 0, "no font glyphs");
  assert.equal(await page.locator("svg g.chess-piece").count(), 32, "every piece drawn as a shape");
  // The white king on e1 (row 7, column 4), mated.
  assert.equal(await page.locator('svg [data-key="c:0:7:4"] .alert-mark').count(), 1, "the mated king is marked");
  assert.equal(await page.locator("svg .alert-mark").count(), 1);
  assert.equal(await page.textContent("[data-testid=material]"), "White: —Black: —", "no material won yet");

  // Seen by White, a8 is at the top; flipped, at the bottom.
  const top = () => page.$eval('svg [data-key="c:0:0:0"]', (e) => e.getBoundingClientRect().top);
  const h1 = await page.$eval('svg [data-key="c:0:7:0"]', (e) => e.getBoundingClientRect().top);
  assert.ok((await top()) < h1);
  await page.click("text=Flip board");
  await page.waitForFunction((y) => document.querySelector('svg [data-key="c:0:0:0"]').getBoundingClientRect().top >= y - 1, h1);

  const { view } = await c.getView({ gameId });
  assert.equal(await page.inputValue("[data-testid=fen]"), view.notation);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Download PGN")]);
  const { pgn } = await c.exportPgn({ gameId });
  assert.equal(await readFile(await download.path(), "utf8"), pgn);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("chess material: the side ahead shows what it has more of and the points", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.CHESS, "standard"));
  const gameId = created.game.gameId;
  const tokens = created.seatTokens.map((t) => t.token);
  const played = await playLabels(gameId, tokens, ["e4", "d5", "exd5", "Nf6"]);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}`);
  await waitForSeq(page, played.seq);
  const white = page.locator('[data-testid=material] [data-seat="1"]');
  assert.equal(await white.getAttribute("data-points"), "1");
  assert.equal(await white.locator("svg[aria-label=pawn]").count(), 1);
  assert.equal(await page.getAttribute('[data-testid=material] [data-seat="2"]', "data-points"), "0");
  assert.deepEqual(page.errors, []);
  await page.close();
});
