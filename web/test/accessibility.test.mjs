// axe-core, the accessibility engine browsers' audits use, over every view of the page on a
// desktop and a phone, and on the desktop in the system's dark scheme: the new-game form, the
// game list, the operator's console and its several games at once, and a game of every kind
// both as its seat and as a spectator. Any violation, whatever its impact, fails the test,
// and so does any view wider than its screen.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { newPage, serverAndBrowser } from "./harness.mjs";

const env = serverAndBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's violations on the page as it stands, each as `rule (impact): targets`, and a page
 * wider than its screen as one more.
 */
async function violations(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const tooWide = wide > 0 ? [`wider than the screen by ${wide} px`] : [];
  // Evaluated through the browser's debugging protocol, which the page's script policy does
  // not govern: the page itself never loads axe.
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => (await globalThis.axe.run(document)).violations);
  return [...tooWide, ...found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)];
}

const VIEWPORTS = [
  { name: "desktop", width: 1000, height: 900 },
  { name: "phone", width: 390, height: 844 },
  { name: "desktop, dark", width: 1000, height: 900, scheme: "dark" },
];

for (const viewport of VIEWPORTS) {
  test(`the new-game form, the game list, the console and several games at once have no accessibility violations (${viewport.name})`, async () => {
    const c = env.server.client;
    await c.createGame({ kind: 1, source: { case: "preset", value: "classic" } });
    const page = await newPage(env.browser, { width: viewport.width, height: viewport.height }, viewport.scheme);
    await page.goto(`${env.server.url}/#/new`);
    await page.waitForSelector("[data-testid=preset] option", { state: "attached" });
    assert.deepEqual(await violations(page), [], "the new-game form");
    await page.goto(`${env.server.url}/#/games`);
    await page.waitForSelector(".game-list tbody tr");
    assert.deepEqual(await violations(page), [], "the game list");
    await page.goto(`${env.server.url}/#/console`);
    await page.waitForSelector("[data-testid=console-games] tr");
    assert.deepEqual(await violations(page), [], "the console");
    await page.goto(`${env.server.url}/#/tv`);
    await page.waitForSelector("[data-testid=tv] svg.board");
    assert.deepEqual(await violations(page), [], "several games at once");
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`a game of every kind has no accessibility violations, for its seat and a spectator (${viewport.name})`, async () => {
    const c = env.server.client;
    const { kinds } = await c.listGameKinds({});
    const found = [];
    for (const kind of kinds) {
      const created = await c.createGame({ kind: kind.kind, source: { case: "preset", value: kind.presets[0].name } });
      const gameId = created.game.gameId;
      for (const [who, suffix] of [
        ["its first seat", `?token=${created.seatTokens[0].token}`],
        ["a spectator", ""],
      ]) {
        const page = await newPage(env.browser, { width: viewport.width, height: viewport.height }, viewport.scheme);
        await page.goto(`${env.server.url}/#/game/${gameId}${suffix}`);
        await page.waitForSelector("[data-testid=board] svg.board");
        if (suffix) await page.waitForSelector("[data-testid=board] svg .target.legal, .actions .move-button");
        found.push(...(await violations(page)).map((v) => `${kind.name}, as ${who}: ${v}`));
        assert.deepEqual(page.errors, []);
        await page.close();
      }
    }
    assert.deepEqual(found, []);
  });
}
