// The new-game form beyond presets: every option of a kind, built from the contract, with a
// clock, who starts, and the bot in the seat the person does not choose; problems in the
// options listed all at once, before anything is sent or as the server names them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, rpc, serverAndBrowser } from "./harness.mjs";

const env = serverAndBrowser();

async function openForm(page, kindLabel) {
  await page.goto(`${env.server.url}/#/new`);
  await page.waitForSelector("[data-testid=preset] option", { state: "attached" });
  await page.selectOption("[data-testid=kind]", { label: kindLabel });
  await page.click(".options-box summary");
}

async function createdGame(page) {
  await page.click("[data-testid=create]");
  await page.waitForURL(/#\/game\/[^?]+$/);
  const gameId = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())[1]);
  return (await env.server.client.getGame({ gameId })).game;
}

test("Connect Four on a wider cylinder, Yellow first, against the bot as Yellow", async () => {
  const page = await newPage(env.browser);
  await openForm(page, "Connect Four");
  await page.fill("[data-field=width]", "9");
  await page.fill("[data-field=height]", "7");
  await page.fill("[data-field=win_length]", "5");
  await page.check("[data-field=wrap_columns]");
  await page.fill("[data-field=blocked]", "1,1 1,9");
  await page.selectOption("[data-field=starter]", { label: "second seat" });
  await page.check("[data-testid=bot]");
  await page.selectOption("[data-testid=level]", "2");
  await page.selectOption("[data-testid=side]", { label: "Yellow" });
  const game = await createdGame(page);
  const c4 = game.config.game.value;
  assert.equal(game.config.game.case, "connectFour");
  assert.deepEqual([c4.width, c4.height, c4.winLength, c4.wrapColumns], [9, 7, 5, true]);
  assert.deepEqual(c4.blocked.map((cell) => [cell.row, cell.col]), [[0, 0], [0, 8]]);
  assert.equal(game.config.starter, 2, "the second seat starts");
  assert.deepEqual(game.bots.map((b) => [b.seat, b.level]), [[1, 2]]);
  await page.waitForSelector("[data-testid=status]:has-text('You play Yellow')");
  assert.equal(await page.locator('svg [data-piece="wall"]').count() + (await page.locator('svg [data-piece="void"]').count()), 2, "the blocked cells are drawn");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a clock from the form: minutes and seconds a move", async () => {
  const page = await newPage(env.browser);
  await openForm(page, "Tic-tac-toe");
  await page.check("[data-testid=clock]");
  await page.fill("#clock-minutes", "1");
  await page.fill("#clock-increment", "2");
  const game = await createdGame(page);
  const control = game.config.clock.controls[0].control;
  assert.equal(control.case, "fischer");
  assert.deepEqual([control.value.base.seconds, control.value.increment.seconds], [60n, 2n]);
  await page.waitForSelector("[data-testid=clocks] .clock");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("every problem in the options is named, and nothing is created", async () => {
  const c = env.server.client;
  const before = (await c.listGames({ pageSize: 100 })).games.length;
  const page = await newPage(env.browser);
  await openForm(page, "Connect Four");
  await page.fill("[data-field=blocked]", "0,2 x");
  await page.click("[data-testid=create]");
  await page.waitForFunction(() => document.querySelector("[data-testid=error]")?.textContent?.trim());
  assert.equal(
    (await page.textContent("[data-testid=error]")).trim(),
    'Check the options: Blocked: "0,2" is not a cell written row,column from 1.',
  );
  // One bad cell is reported at a time by the list's reader; the server names its own problems, all of them.
  await page.fill("[data-field=blocked]", "");
  await page.fill("[data-field=win_length]", "9");
  await page.click("[data-testid=create]");
  await page.waitForFunction(() => /win_length/.test(document.querySelector("[data-testid=error]")?.textContent ?? ""));
  const refusal = (await page.textContent("[data-testid=error]")).trim();
  assert.match(refusal, /win_length/, refusal);
  assert.equal((await c.listGames({ pageSize: 100 })).games.length, before, "no game was created");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the new-game form fits a phone's width, its options open", async () => {
  const page = await newPage(env.browser, { width: 360, height: 740 });
  for (const kind of ["Connect Four", "Chess", "Battleship", "Morris"]) {
    await openForm(page, kind);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${kind}: the page is ${scroll} px wide on a ${client} px screen`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
