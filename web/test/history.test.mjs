// Listing the server's games and stepping back through a finished game's positions.
import assert from "node:assert/strict";
import { test } from "node:test";
import { drawnCells, newPage, pieceName, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

/** Waits until a game is over, by its events. */
async function finished(gameId) {
  for await (const _ of env.server.client.streamEvents({ gameId })) {
    // The stream ends after the game's final event.
  }
}

test("the games list links to a finished game, whose positions the page steps through", async () => {
  const bots = [{ seat: 1, level: 1 }, { seat: 2, level: 1 }];
  const created = await env.server.client.createGame({ kind: rpc.GameKind.TIC_TAC_TOE, source: { case: "preset", value: "classic" }, bots });
  const gameId = created.game.gameId;
  await finished(gameId);

  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/games`);
  const link = page.locator(`a[href="#/game/${gameId}"]`);
  await link.waitFor();
  const row = await page.locator("tr", { has: link }).textContent();
  assert.match(row, /Tic-tac-toe/);
  assert.match(row, /finished/);
  await link.click();

  const { view: final } = await env.server.client.getView({ gameId });
  await waitForSeq(page, final.seq);
  await page.waitForSelector("[data-testid=status][data-outcome]");

  // Two steps back: the position after the event two before the last.
  await page.click("text=◀ Back");
  await page.click("text=◀ Back");
  const at = final.seq - 2n;
  await page.waitForFunction((n) => document.querySelector("[data-testid=board]")?.dataset.seq === String(n), Number(at));
  // The status names the position as the highlighted line of the move list does.
  const shown = (await page.textContent(".history li.shown")).trim();
  const [, number, line] = /^(\d+)\. (.*)$/.exec(shown);
  assert.equal((await page.textContent("[data-testid=status]")).split(". ")[0], `Position after move ${number} (${line})`);
  const { view: past } = await env.server.client.getView({ gameId, atSeq: at });
  const drawn = await drawnCells(page, 0);
  assert.deepEqual(
    drawn.map((c) => [c.piece, c.owner]),
    past.board.cells.map((c) => [pieceName(c.piece), c.owner]),
  );

  // A move in the list shows the position after it; "Final position" comes back.
  await page.click('.history li[data-seq="2"] button');
  await page.waitForFunction(() => document.querySelector("[data-testid=board]")?.dataset.seq === "2");
  assert.equal((await drawnCells(page, 0)).filter((c) => c.piece === "mark").length, 1);
  await page.click("text=Final position");
  await waitForSeq(page, final.seq);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a refused call is shown as a sentence", async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/no-such-game`);
  await page.waitForFunction(() => document.querySelector("[data-testid=error]")?.textContent?.trim());
  const text = (await page.textContent("[data-testid=error]")).trim();
  assert.match(text, /^[A-Z].*[.!?]$/, `a sentence: ${text}`);
  assert.doesNotMatch(text, /^\[/, "without the code in brackets");
  assert.deepEqual(page.errors, []);
  await page.close();
});
