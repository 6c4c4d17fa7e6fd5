// What the page says, in the words of a person playing: moves as the server names them
// (SAN kept as it is), draw offers apart from the moves, refusals without the contract's
// jargon, outcomes said to the seat, counts in the singular for one, and no control the
// server would refuse (a bot's seat, resigning a puzzle).
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, playLabel, preset, rpc, serverAndBrowser, waitForSeq } from "./harness.mjs";

const env = serverAndBrowser();


/** The move list's rows, once it has `n` of them, each as its parts' words joined by spaces. */
async function historyLines(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll(".history li").length >= k, n, { timeout: 15_000 });
  return page.$$eval(".history li", (els) => els.map((e) => [...e.children].map((c) => c.textContent.trim()).join(" ")));
}

test("a promotion's choices are named by their SAN, as the move list names them", async () => {
  const c = env.server.client;
  const config = { game: { case: "chess", value: { fen: "1n5k/P7/8/8/8/8/8/K7 w - - 0 1" } } };
  const created = await c.createGame({ source: { case: "config", value: config } });
  const gameId = created.game.gameId;
  const token = created.seatTokens[0].token;
  const { moves } = await c.listLegalMoves({ gameId }, rpc.as(token));
  const captures = moves.filter((m) => m.uci.startsWith("a7b8")).map((m) => m.label);
  assert.equal(captures.length, 4);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${token}`);
  await page.click('svg [data-key="c:0:1:0"].legal');
  await page.click('svg [data-key="c:0:0:1"].legal');
  await page.waitForSelector(".actions .move-button");
  const shown = await page.$$eval(".actions .move-button", (els) => els.map((e) => e.textContent));
  assert.deepEqual(shown.sort(), captures.sort(), "the buttons read as the server's labels, letter for letter");
  assert.ok(shown.some((t) => /^axb8=Q/.test(t)), `a lower-case file: ${shown}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a chess draw offer is a line of its own in the history, taking no move number", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.CHESS, "standard"));
  const gameId = created.game.gameId;
  const [white, black] = created.seatTokens.map((t) => t.token);
  await playLabel(env.server.client, gameId, white, "e4");
  await playLabel(env.server.client, gameId, black, "offers a draw");
  await playLabel(env.server.client, gameId, black, "e5");
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${white}`);
  const lines = await historyLines(page, 4);
  // In pairs, as chess is written; the offer between them splits the first pair.
  assert.deepEqual(lines, ["Game created.", "1. e4", "Black offers a draw.", "1… e5"]);
  // The offer stands until White's move: White may answer it, buttons saying what they do.
  await page.waitForSelector(".actions .move-button");
  const buttons = await page.$$eval(".actions .move-button", (els) => els.map((e) => e.textContent));
  assert.deepEqual(buttons.sort(), ["Accept the draw", "Decline the draw"]);
  await playLabel(env.server.client, gameId, white, "Nf3");
  await playLabel(env.server.client, gameId, black, "Nc6");
  await page.waitForFunction(() => document.querySelector(".history li:last-child")?.textContent.includes("Nc6"), null, { timeout: 15_000 });
  assert.deepEqual((await historyLines(page, 5)).slice(4), ["2. Nf3 Nc6"]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a move that came too late is refused in plain words, without the contract's jargon", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.TIC_TAC_TOE, "classic"));
  const gameId = created.game.gameId;
  const x = created.seatTokens[0].token;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${x}`);
  await page.waitForSelector("svg .target.legal");
  // Another tab of the same seat moves first: the server has it before the page's move.
  await page.route("**/SubmitMove", async (route) => {
    await playLabel(env.server.client, gameId, x, "a1");
    await route.continue();
  });
  await page.click('svg [data-key="c:0:1:1"].legal');
  await page.waitForFunction(() => document.querySelector("[data-testid=error]")?.textContent?.trim());
  const text = (await page.textContent("[data-testid=error]")).trim();
  assert.equal(text, "The game moved on before your move arrived, so it was not made. The board shows the game as it stands now.");
  await waitForSeq(page, 2);
  const { view } = await c.getView({ gameId });
  assert.equal(view.seq, 2n, "only the other tab's move was made");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a Morris count of one is singular", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.MORRIS, "nine"));
  const gameId = created.game.gameId;
  const { moves } = await c.listLegalMoves({ gameId }, rpc.as(created.seatTokens[0].token));
  await c.submitMove({ gameId, move: moves[0].move }, rpc.as(created.seatTokens[0].token));
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}`);
  await waitForSeq(page, 2);
  const counts = await page.textContent(".counts");
  assert.match(counts, /: 8 in hand, 1 piece on the board · /, counts);
  assert.match(counts, /: 9 in hand, 0 pieces on the board$/, counts);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a peg solitaire left with no jump is not solved (no draw, no resigning)", async () => {
  const c = env.server.client;
  const created = await c.createGame(preset(rpc.GameKind.PEG_SOLITAIRE, "english"));
  const gameId = created.game.gameId;
  const as = rpc.as(created.seatTokens[0].token);
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${created.seatTokens[0].token}`);
  await page.waitForSelector("svg .target.legal");
  assert.equal(await page.locator(".actions .resign").count(), 0, "a puzzle offers no resigning");
  // The first jump each time: a line of play that leaves pegs stranded.
  for (let i = 0; i < 40; i++) {
    const { moves } = await c.listLegalMoves({ gameId }, as);
    if (moves.length === 0) break;
    await c.submitMove({ gameId, move: moves[0].move }, as);
  }
  const { view } = await c.getView({ gameId });
  assert.equal(view.status, rpc.GameStatus.FINISHED);
  assert.notEqual(view.outcome.type, rpc.OutcomeType.WIN, "the line of play does not solve it");
  await page.waitForSelector("[data-testid=status][data-outcome]");
  assert.equal(await page.textContent("[data-testid=status]"), "Not solved: no jump is left.");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the bot's seat gets no link to play it, and its token gives no controls", async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/new`);
  await page.selectOption("[data-testid=kind]", { label: "Tic-tac-toe" });
  await page.check("[data-testid=bot]");
  await page.click("[data-testid=create]");
  await page.waitForURL(/#\/game\/[^?]+$/);
  await page.waitForSelector(".seat-links a");
  const links = await page.$$eval(".seat-links a", (els) => els.map((e) => e.textContent));
  assert.deepEqual(links, ["Play as X", "Watch as a spectator"]);
  assert.deepEqual(page.errors, []);
  await page.close();

  // A page opened with the bot's own token watches: no moves, no resigning.
  const c = env.server.client;
  const created = await c.createGame({ ...preset(rpc.GameKind.TIC_TAC_TOE, "classic"), bots: [{ seat: 1, level: 1 }] });
  const bot = created.seatTokens.find((t) => t.seat === 1).token;
  const botPage = await newPage(env.browser);
  await botPage.goto(`${env.server.url}/#/game/${created.game.gameId}?token=${bot}`);
  await waitForSeq(botPage, 2);
  await botPage.waitForSelector("svg .target");
  assert.equal(await botPage.locator(".actions .resign").count(), 0, "no Resign for the bot's seat");
  assert.equal(await botPage.locator("svg .target.legal").count(), 0, "no playable cell for the bot's seat");
  assert.doesNotMatch(await botPage.textContent("[data-testid=status]"), /You play/);
  assert.deepEqual(botPage.errors, []);
  await botPage.close();
});

test("the game list fits a phone's width", async () => {
  const c = env.server.client;
  for (const kind of [rpc.GameKind.TIC_TAC_TOE, rpc.GameKind.BATTLESHIP, rpc.GameKind.PEG_SOLITAIRE]) {
    const { kinds } = await c.listGameKinds({});
    await c.createGame(preset(kind, kinds.find((k) => k.kind === kind).presets[0].name));
  }
  const page = await newPage(env.browser, { width: 360, height: 740 });
  await page.goto(`${env.server.url}/#/games`);
  await page.waitForSelector(".game-list tbody tr a");
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client, `the page is ${scroll} px wide on a ${client} px screen`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
