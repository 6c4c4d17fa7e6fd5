// One game of every kind the server hosts, played by the server's bot in every seat and
// watched in the page: each board must be drawn (cells with labels) and its screenshot not
// blank. The screenshots are kept in test-artifacts/ for people to look at.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { ARTIFACTS, colourCount, newPage, serverAndBrowser } from "./harness.mjs";

const env = serverAndBrowser();

for (const viewport of [
  { name: "desktop", width: 1000, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`every game kind is drawn (${viewport.name})`, async () => {
    const { kinds } = await env.server.client.listGameKinds({});
    assert.ok(kinds.length >= 9, "the server hosts every kind");
    for (const kind of kinds) {
      const preset = kind.presets[0].name;
      const bots = Array.from({ length: kind.seatCount }, (_, i) => ({ seat: i + 1, level: 1 }));
      const created = await env.server.client.createGame({ kind: kind.kind, source: { case: "preset", value: preset }, bots });
      const page = await newPage(env.browser, { width: viewport.width, height: viewport.height });
      await page.goto(`${env.server.url}/#/game/${created.game.gameId}`);
      // A few moves in, or the end, whichever comes first.
      await page.waitForFunction(
        () => document.querySelectorAll(".history li.move").length >= 4 || document.querySelector("[data-testid=status][data-outcome]"),
        null,
        { timeout: 30_000 },
      );
      const cells = await page.$$eval("svg.board .target", (els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
      assert.ok(cells.length > 0, `${kind.name}: the board has cells`);
      assert.ok(cells.every((l) => /^\S.*, \S/.test(l)), `${kind.name}: every cell is labelled`);
      const png = await page.locator("[data-testid=board]").screenshot({ path: join(ARTIFACTS, `${kind.name}-${viewport.name}.png`) });
      assert.ok((await colourCount(page, png)) > 3, `${kind.name}: the screenshot is not blank`);
      // On a phone the board fits the screen's width.
      // Measured in one go: the bots keep moving, and each move redraws the board.
      const widest = await page.$$eval("svg.board", (els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
      assert.ok(widest <= viewport.width, `${kind.name}: the board fits the width (${widest} px)`);
      const page_ = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(page_ <= viewport.width, `${kind.name}: the whole page fits the width (${page_} px)`);
      assert.deepEqual(page.errors, [], `${kind.name}: no script errors`);
      await page.close();
    }
  });
}
