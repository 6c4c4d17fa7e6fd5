// Chess played as on lichess: a piece dragged to its square, a premove chosen while the
// other side thinks (by clicks or typed) and played on the turn when legal, dropped and said
// so when not, and a sound for each move that arrives, when the reader turns sounds on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, playLabel, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();

async function chessGame() {
  const c = env.server.client;
  const created = await c.createGame({ kind: rpc.GameKind.CHESS, source: { case: "preset", value: "standard" } });
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${created.game.gameId}?token=${created.seatTokens[0].token}`);
  return { page, gameId: created.game.gameId, black: created.seatTokens[1].token };
}


const lastSan = async (gameId) => (await env.server.client.getView({ gameId })).view.lastMove?.notation;

test("a piece dragged from e2 to e4 makes the move", async () => {
  const { page, gameId } = await chessGame();
  await page.waitForSelector("svg .target.legal");
  await page.dragAndDrop('svg [data-key="c:0:6:4"]', 'svg [data-key="c:0:4:4"]');
  await waitForSeq(page, 2);
  assert.equal(await lastSan(gameId), "e4");
  assert.equal(await page.locator(".dragged-piece").count(), 0, "the dragged copy is gone");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("premoves: clicked ahead and played on the turn; typed ahead; an illegal one dropped", async () => {
  const { page, gameId, black } = await chessGame();
  await page.waitForSelector("svg .target.legal");
  await page.click('svg [data-key="c:0:6:4"].legal');
  await page.click('svg [data-key="c:0:4:4"].legal');
  await waitForSeq(page, 2);
  // Black to move: White clicks g1 then f3 ahead of time.
  await page.click('svg [data-key="c:0:7:6"]');
  await page.click('svg [data-key="c:0:5:5"]');
  await page.waitForSelector("[data-testid=premove]");
  await playLabel(env.server.client, gameId, black, "e5");
  await waitForSeq(page, 4);
  assert.equal(await lastSan(gameId), "Nf3", "the premove was played as soon as White's turn came");

  // Typed ahead.
  await page.fill("[data-testid=typed-move]", "Bc4");
  await page.press("[data-testid=typed-move]", "Enter");
  await page.waitForSelector("[data-testid=premove]:has-text('Premove: Bc4')");
  await playLabel(env.server.client, gameId, black, "Nc6");
  await waitForSeq(page, 6);
  assert.equal(await lastSan(gameId), "Bc4");

  // Not a legal move when the turn comes (the knight on f3 stands between d1 and h5): dropped, and said.
  await page.click('svg [data-key="c:0:7:3"]');
  await page.click('svg [data-key="c:0:3:7"]');
  await page.waitForSelector("[data-testid=premove]");
  await playLabel(env.server.client, gameId, black, "Nf6");
  await page.waitForSelector("[data-testid=error]:has-text('The premove is not a legal move now: it was dropped.')");
  assert.equal(await lastSan(gameId), "Nf6", "nothing was played for White");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("with sounds on, each move that arrives sounds once; off, none does", async () => {
  const { page, gameId, black } = await chessGame();
  await page.waitForSelector("svg .target.legal");
  await page.click('svg [data-key="c:0:6:3"].legal');
  await page.click('svg [data-key="c:0:4:3"].legal');
  await waitForSeq(page, 2);
  const played = () => page.getAttribute("[data-testid=sounds]", "data-played");
  assert.equal(await played(), "0", "no sound before they are turned on");
  await page.check("[data-testid=sounds]");
  await playLabel(env.server.client, gameId, black, "d5");
  await page.waitForFunction(() => document.querySelector("[data-testid=sounds]")?.dataset.played === "1");
  await page.uncheck("[data-testid=sounds]");
  await page.click('svg [data-key="c:0:6:2"].legal');
  await page.click('svg [data-key="c:0:4:2"].legal');
  await waitForSeq(page, 4);
  assert.equal(await played(), "1", "none while they are off");
  assert.deepEqual(page.errors, []);
  await page.close();
});
