// The operator's console: the games as a live table (a move and a new game show without a
// reload), filtered by label, a page at a time; the key's series and tournaments with their
// scores and standings; several games live at once; and the arbiter's calls on a game's page.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, preset, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();
const rowSelector = (gameId) => `[data-testid=console-games] tr[data-game="${gameId}"]`;

async function firstMove(gameId, token) {
  const c = env.server.client;
  const { moves } = await c.listLegalMoves({ gameId }, rpc.as(token));
  return c.submitMove({ gameId, move: moves[0].move }, rpc.as(token));
}

test("the console's table follows the games live, filtered by label, a page at a time", async () => {
  const c = env.server.client;
  const players = [{ playerId: "ada", displayName: "Ada" }, { playerId: "bo", displayName: "Bo" }];
  const created = await c.createGame({ ...preset(rpc.GameKind.CONNECT_FOUR, "classic"), players, labels: { event: "spring" } });
  const gameId = created.game.gameId;
  const page = await newPage(env.browser, { width: 1100, height: 900 });
  await page.goto(`${env.server.url}/#/console`);
  await page.waitForSelector(rowSelector(gameId));
  const row = () => page.textContent(rowSelector(gameId));
  assert.match(await row(), /Ada \(Red\) vs Bo \(Yellow\)/);
  assert.match(await row(), /Connect Four/);
  await page.waitForFunction((s) => document.querySelector(s)?.querySelector("[data-testid=turn]")?.textContent === "Red", rowSelector(gameId));

  // A move made elsewhere: the row says Yellow's turn without a reload.
  await firstMove(gameId, created.seatTokens[0].token);
  await page.waitForFunction((s) => document.querySelector(s)?.querySelector("[data-testid=turn]")?.textContent === "Yellow", rowSelector(gameId), { timeout: 10_000 });

  // A new game appears by itself.
  const later = await c.createGame({ ...preset(rpc.GameKind.TIC_TAC_TOE, "classic"), labels: { event: "autumn" } });
  await page.waitForSelector(rowSelector(later.game.gameId), { timeout: 10_000 });

  // By label: only the spring game.
  await page.fill("[data-testid=console-label]", "event=spring");
  await page.click("form.filters button[type=submit]");
  await page.waitForFunction((id) => [...document.querySelectorAll("[data-testid=console-games] tr[data-game]")].map((r) => r.dataset.game).join() === id, gameId);

  // A page at a time: 26 games labelled alike make a second page of one.
  for (let i = 0; i < 26; i++) await c.createGame({ ...preset(rpc.GameKind.TIC_TAC_TOE, "classic"), labels: { batch: "paged" } });
  await page.fill("[data-testid=console-label]", "batch=paged");
  await page.click("form.filters button[type=submit]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=console-games] tr[data-game]").length === 25);
  await page.click("text=Older ▶");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=console-games] tr[data-game]").length === 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the console shows a series' score and a tournament's standings", async () => {
  const c = env.server.client;
  const series = await c.createSeries({
    kind: rpc.GameKind.TIC_TAC_TOE,
    source: { case: "preset", value: "classic" },
    bestOf: 3,
    players: [{ playerId: "x1", displayName: "Xena" }, { playerId: "o1", displayName: "Otto" }],
  });
  const tournament = await c.createTournament({
    kind: rpc.GameKind.TIC_TAC_TOE,
    source: { case: "preset", value: "classic" },
    format: 1,
    players: [
      { playerId: "e1", engineLevel: 1 },
      { playerId: "e2", engineLevel: 1 },
      { playerId: "e3", engineLevel: 1 },
    ],
  });
  const page = await newPage(env.browser, { width: 1100, height: 900 });
  await page.goto(`${env.server.url}/#/console`);
  await page.waitForSelector(`[data-series="${series.series.seriesId}"]`);
  assert.match(await page.textContent(`[data-series="${series.series.seriesId}"]`), /Xena \(X\) vs Otto \(O\)/);
  assert.equal(await page.textContent(`[data-series="${series.series.seriesId}"] [data-testid=series-score]`), "0 – 0");
  const standings = `[data-tournament="${tournament.tournament.tournamentId}"] [data-testid=standings] tr`;
  await page.waitForSelector(standings);
  assert.equal(await page.locator(standings).count(), 3, "a line for each player");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("several games at once, each board live", async () => {
  const c = env.server.client;
  const games = [];
  for (let i = 0; i < 2; i++) games.push(await c.createGame(preset(rpc.GameKind.CONNECT_FOUR, "classic")));
  const page = await newPage(env.browser, { width: 1100, height: 900 });
  await page.goto(`${env.server.url}/#/tv`);
  for (const created of games) {
    const tile = `[data-testid=tv] [data-game="${created.game.gameId}"]`;
    await page.waitForSelector(`${tile} svg.board`);
    const played = await firstMove(created.game.gameId, created.seatTokens[0].token);
    await page.waitForFunction(([t, s]) => Number(document.querySelector(`${t} .board-box`)?.dataset.seq) >= s, [tile, Number(played.seq)], { timeout: 10_000 });
    assert.match(await page.textContent(`${tile} .tv-status`), /^Yellow to move/);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the arbiter's calls from the game's page: the clocks, time, a fresh seat link, adjudication, abort", async () => {
  const c = env.server.client;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/new`);
  await page.selectOption("[data-testid=kind]", { label: "Tic-tac-toe" });
  await page.click(".options-box summary");
  await page.check("[data-testid=clock]");
  await page.click("[data-testid=create]");
  await page.waitForURL(/#\/game\/[^?]+$/);
  const gameId = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())[1]);
  await page.click("[data-testid=arbiter] summary");

  await page.click("[data-testid=arbiter-pause]");
  await page.waitForSelector("[data-testid=arbiter-answer]:has-text('The clocks are paused.')");
  assert.equal((await c.getView({ gameId })).view.clock.paused, true);
  await page.click("[data-testid=arbiter-resume]");
  await page.waitForSelector("[data-testid=arbiter-answer]:has-text('The clocks run again.')");
  await page.selectOption("[data-testid=arbiter-seat]", { label: "O" });
  await page.click("[data-testid=arbiter-add-time]");
  await page.waitForSelector("[data-testid=arbiter-answer]:has-text('60 s added.')");

  await page.click("[data-testid=arbiter-reissue]");
  await page.waitForFunction(() => /#\/game\/.+\?token=/.test(document.querySelector("[data-testid=arbiter-answer]")?.textContent ?? ""));
  const link = await page.textContent("[data-testid=arbiter-answer]");
  const fresh = decodeURIComponent(/token=([^&]+)/.exec(link)[1]);
  const { view } = await c.getView({ gameId }, rpc.as(fresh));
  assert.equal(view.viewerSeat, 2, "the fresh link plays O");

  await page.fill("[data-testid=arbiter-explanation]", "the players agreed X was winning");
  await page.selectOption("[data-testid=arbiter-result]", { label: "X wins" });
  await page.click("[data-testid=arbiter-adjudicate]");
  await page.waitForSelector("[data-testid=status][data-outcome]");
  assert.match(await page.textContent("[data-testid=status]"), /by adjudication/);
  const { game } = await c.getGame({ gameId });
  assert.equal(game.outcome.winner, 1);

  // Another game called off before it really began.
  await page.goto(`${env.server.url}/#/new`);
  await page.selectOption("[data-testid=kind]", { label: "Tic-tac-toe" });
  await page.click("[data-testid=create]");
  await page.waitForURL((url) => !url.hash.includes(gameId) && /#\/game\/[^?]+$/.test(url.hash));
  await page.click("[data-testid=arbiter] summary");
  await page.click("[data-testid=arbiter-abort]");
  await page.waitForSelector("[data-testid=status][data-outcome]");
  assert.equal(await page.textContent("[data-testid=status]"), "No result: the game was called off.");
  assert.deepEqual(page.errors, []);
  await page.close();
});
