// A server that asks for a service key: the page says so in words a person can act on, and
// its key field takes the key as the server's --service-key does (NAME=SECRET) as well as
// the secret alone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { newPage, serverAndBrowser } from "./harness.mjs";

const SECRET = "correct-horse-battery-staple";
const env = serverAndBrowser(["--service-key", `lobby=${SECRET}`]);

async function createWithKey(page, typed) {
  await page.fill("[data-testid=service-key]", typed);
  // The field keeps what was typed once it changes (on leaving it).
  await page.press("[data-testid=service-key]", "Tab");
  await page.click("[data-testid=create]");
}

test("creating a game without the key says to enter it; NAME=SECRET and the secret alone both work", async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/new`);
  await page.waitForSelector("[data-testid=preset] option", { state: "attached" });
  await page.click("[data-testid=create]");
  await page.waitForFunction(() => document.querySelector("[data-testid=error]")?.textContent?.trim());
  const refusal = (await page.textContent("[data-testid=error]")).trim();
  assert.equal(refusal, "This server asks for a service key to do that: enter it in the Service key field.");
  assert.doesNotMatch(refusal, /authorization|Bearer/);

  await createWithKey(page, `lobby=${SECRET}`);
  await page.waitForURL(/#\/game\/[^?]+$/);

  await page.goto(`${env.server.url}/#/new`);
  await page.waitForSelector("[data-testid=preset] option", { state: "attached" });
  await createWithKey(page, SECRET);
  await page.waitForURL(/#\/game\/[^?]+$/);

  await page.goto(`${env.server.url}/#/new`);
  await page.waitForSelector("[data-testid=preset] option", { state: "attached" });
  await createWithKey(page, "lobby=not-the-right-secret-at-all");
  await page.waitForFunction(() => document.querySelector("[data-testid=error]")?.textContent?.trim());
  assert.equal(
    (await page.textContent("[data-testid=error]")).trim(),
    "The server did not accept this key or seat link. Check the service key, or ask for a fresh link.",
  );
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("rules saved under the key are offered on the form, and a game made from them keeps them", async () => {
  const page = await newPage(env.browser);
  await page.goto(`${env.server.url}/#/new`);
  await page.waitForSelector("[data-testid=preset] option", { state: "attached" });
  await page.fill("[data-testid=service-key]", SECRET);
  await page.press("[data-testid=service-key]", "Tab");
  await page.selectOption("[data-testid=kind]", { label: "Gomoku" });
  await page.click(".options-box summary");
  await page.fill("[data-field=width]", "9");
  await page.fill("[data-field=height]", "9");
  await page.fill("[data-testid=save-name]", "small-gomoku");
  await page.click("[data-testid=save]");
  await page.waitForSelector("[data-testid=saved-note]:has-text('Saved as')");
  assert.equal(await page.inputValue("[data-testid=preset]"), "saved:small-gomoku", "the saved rules are chosen");

  // A fresh form lists them beside the presets; a game from them is 9×9.
  await page.goto(`${env.server.url}/#/games`);
  await page.goto(`${env.server.url}/#/new`);
  await page.waitForSelector("[data-testid=preset] option", { state: "attached" });
  await page.selectOption("[data-testid=kind]", { label: "Gomoku" });
  await page.selectOption("[data-testid=preset]", "saved:small-gomoku");
  await page.click("[data-testid=create]");
  await page.waitForURL(/#\/game\/[^?]+$/);
  const gameId = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())[1]);
  const { game } = await env.server.client.getGame({ gameId }, { headers: { authorization: `Bearer ${SECRET}` } });
  assert.deepEqual([game.config.game.value.width, game.config.game.value.height], [9, 9]);
  assert.deepEqual(page.errors, []);
  await page.close();
});
