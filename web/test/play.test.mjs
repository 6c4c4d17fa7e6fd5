// Playing every kind of move by clicking: for each kind, a game against the server's bot
// (seat 2), where the test picks one of seat 1's legal moves and makes it in the page by
// clicking the cells, points or buttons that move names, the way a person would.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, preset, rpc, serverAndBrowser } from "./harness.mjs";

const env = serverAndBrowser();

/** The page's keys of the clicks that make `move` for seat `viewer` (empty: a button). */
function clicksOf(move, viewer) {
  const k = move.kind;
  const loc = (l) => (l.at.case === "cell" ? `c:0:${l.at.value.row}:${l.at.value.col}` : `p:${l.at.value}`);
  switch (k.case) {
    case "place": {
      const t = k.value.target;
      if (t.case === "cell") return [`c:0:${t.value.row}:${t.value.col}`];
      if (t.case === "column") return [`c:0:0:${t.value}`];
      if (t.case === "point") return [`p:${t.value}`];
      if (t.case === "ship") {
        const { bow, length, orientation } = t.value;
        const down = orientation === 2;
        return [`c:${viewer}:${bow.row}:${bow.col}`, `c:${viewer}:${bow.row + (down ? length - 1 : 0)}:${bow.col + (down ? 0 : length - 1)}`];
      }
      return [];
    }
    case "move":
      return [loc(k.value.from), loc(k.value.to)];
    case "capture":
      return [loc(k.value.target)];
    case "shot":
      return [`c:${viewer === 1 ? 2 : 1}:${k.value.target.row}:${k.value.target.col}`];
    default:
      return [];
  }
}

/** Waits until seat 1 may click (its legal moves highlighted or offered as buttons) or the game is over. */
async function waitForTurn(page) {
  await page.waitForFunction(
    () =>
      document.querySelector("[data-testid=status][data-outcome]") ||
      document.querySelector("svg .target.legal") ||
      document.querySelector(".actions .move-button"),
    null,
    { timeout: 20_000 },
  );
  return !(await page.$("[data-testid=status][data-outcome]"));
}

/** Makes `m` in the page by clicking, and waits until the page shows it made. */
/**
 * The move list's text once it matches `pattern`, or as it stands after 10 s: the board's
 * seq follows the move's answer, the list the event stream, which may come a moment later.
 */
async function movesListed(page, pattern) {
  await page
    .waitForFunction((source) => new RegExp(source).test(document.querySelector("[data-testid=moves]")?.textContent ?? ""), pattern.source, { timeout: 10_000 })
    .catch(() => {});
  return page.textContent("[data-testid=moves]");
}

async function play(page, gameId, m, viewer) {
  const before = Number(await page.getAttribute("[data-testid=board]", "data-seq"));
  const clicks = clicksOf(m.move, viewer);
  if (clicks.length === 0) {
    await page.click(`.actions .move-button[data-label=${JSON.stringify(m.label)}]`);
  } else {
    for (const key of clicks) await page.click(`svg [data-key="${key}"].legal`);
  }
  // A pawn reaching the last rank: the page offers the pieces to choose from.
  if (m.move.kind.case === "move" && m.move.kind.value.promotion) {
    await page.click(`.actions .move-button[data-label=${JSON.stringify(m.label)}]`);
  }
  await page.waitForFunction((n) => Number(document.querySelector("[data-testid=board]")?.dataset.seq) > n, before, { timeout: 20_000 });
  const error = (await page.textContent("[data-testid=error]")).trim();
  assert.equal(error, "", `no error after ${m.label} in ${gameId}`);
}

/**
 * Creates a game against the bot in seat 2 and plays up to `turns` of seat 1's moves by
 * clicking, each chosen by `choose` from the legal moves. Returns the page and the game.
 */
async function playGame(t, request, turns, choose = (moves) => moves[Math.floor(moves.length / 2)]) {
  const created = await env.server.client.createGame({ ...request, bots: [{ seat: 2, level: 1 }] });
  const gameId = created.game.gameId;
  const token = created.seatTokens[0].token;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${gameId}?token=${token}`);
  let played = 0;
  const kinds = new Set();
  for (; played < turns; played++) {
    if (!(await waitForTurn(page))) break;
    const { moves, seq } = await env.server.client.listLegalMoves({ gameId }, rpc.as(token));
    // The page shows the same position the list was made for.
    await page.waitForFunction((n) => Number(document.querySelector("[data-testid=board]")?.dataset.seq) >= n, Number(seq));
    if (moves.length === 0) break;
    const m = choose(moves);
    const k = m.move.kind;
    kinds.add(k.case === "place" ? `place ${k.value.target.case}` : k.case);
    await play(page, gameId, m, 1);
  }
  assert.ok(played > 0, `${t.name}: at least one move was played`);
  assert.deepEqual(page.errors, []);
  return { page, gameId, token, kinds };
}


test("tic-tac-toe: cells", async (t) => {
  const { page } = await playGame(t, preset(rpc.GameKind.TIC_TAC_TOE, "classic"), 5, (m) => m[0]);
  await page.close();
});

test("Gomoku: cells on a large board", async (t) => {
  const { page } = await playGame(t, preset(rpc.GameKind.GOMOKU, "standard"), 4);
  await page.close();
});

test("Tic-Tac-Two: placing, moving pieces and shifting the grid", async (t) => {
  // Prefer what is more than one click, once it is allowed: a piece move, else a grid shift.
  const prefer = (moves) => moves.find((m) => m.move.kind.case === "move") ?? moves.find((m) => m.move.kind.case === "gridShift") ?? moves[0];
  const { page, kinds } = await playGame(t, preset(rpc.GameKind.TIC_TAC_TWO, "classic"), 6, prefer);
  assert.ok(kinds.has("move") || kinds.has("gridShift"), `more than placing was played: ${[...kinds]}`);
  await page.close();
});

test("Morris: placing, moving along the lines and capturing", async (t) => {
  const prefer = (moves) => moves.find((m) => m.move.kind.case === "capture") ?? moves.find((m) => m.move.kind.case === "move") ?? moves[0];
  const { page, kinds } = await playGame(t, preset(rpc.GameKind.MORRIS, "six"), 10, prefer);
  assert.ok(kinds.has("place point") && kinds.has("move"), `placing and moving were played: ${[...kinds]}`);
  await page.close();
});

test("peg solitaire: jumps, from the peg to the hole", async (t) => {
  const created = preset(rpc.GameKind.PEG_SOLITAIRE, "english");
  // One seat: no bot to add.
  const game = await env.server.client.createGame(created);
  const token = game.seatTokens[0].token;
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/game/${game.game.gameId}?token=${token}`);
  for (let i = 0; i < 4; i++) {
    await waitForTurn(page);
    const { moves } = await env.server.client.listLegalMoves({ gameId: game.game.gameId }, rpc.as(token));
    await play(page, game.game.gameId, moves[0], 1);
  }
  // Named as the server labels jumps: by the holes' numbers the board shows.
  assert.match(await movesListed(page, /4\. Player: \d+ to \d+/), /4\. Player: \d+ to \d+/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Reversi: discs", async (t) => {
  const { page } = await playGame(t, preset(rpc.GameKind.REVERSI, "othello"), 5);
  await page.close();
});

test("chess: from-square then to-square, and a promotion chosen", async (t) => {
  // White to move and promote on a8 (or b8 by capture); the bot is Black.
  const config = { game: { case: "chess", value: { fen: "1n5k/P7/8/8/8/8/8/K7 w - - 0 1" } } };
  const promote = (moves) => moves.find((m) => m.uci === "a7b8n") ?? moves[0];
  const { page } = await playGame(t, { source: { case: "config", value: config } }, 1, promote);
  assert.match(await movesListed(page, /1\.\s*axb8=N/), /1\.\s*axb8=N/);
  await page.close();
  const { page: page2 } = await playGame(t, preset(rpc.GameKind.CHESS, "standard"), 4);
  await page2.close();
});

test("Battleship: ships placed by bow and stern, ready, then shots", async (t) => {
  // Placements first (whichever the list has first), then Ready, then shots.
  const { page, kinds } = await playGame(t, preset(rpc.GameKind.BATTLESHIP, "quick"), 12, (moves) => moves.find((m) => m.move.kind.case === "ready") ?? moves[0]);
  assert.deepEqual([...kinds].sort(), ["place ship", "ready", "shot"]);
  // The seat sees its own fleet.
  assert.ok((await page.$$('svg[data-board="1"] [data-piece="ship"], svg[data-board="1"] [data-piece="hit"]')).length > 0);
  await page.close();
});
