// What every browser test needs: a server of its own, a headless Chromium, and the tests'
// gRPC-web client (built by build-rpc.mjs).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const rpc = await import("../test-artifacts/rpc/rpc.mjs");

/** Where screenshots go (ignored by git). */
export const ARTIFACTS = fileURLToPath(new URL("../test-artifacts/", import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

/**
 * Starts `$TABULA_BIN serve` on a free port with an in-memory store (and `extraArgs`), and
 * resolves once it says where it listens. The binary serves the page it was built with
 * (web/dist).
 */
export async function startServer(extraArgs = []) {
  const bin = process.env.TABULA_BIN;
  if (!bin) throw new Error("Set TABULA_BIN to the path of the tabula binary to test against.");
  const child = spawn(bin, ["serve", "--store", "memory", "--listen", "127.0.0.1:0", "--shutdown-grace", "1", ...extraArgs], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (d) => (log = (log + d).slice(-4000)));
  const addr = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not say where it listens within 20 s:\n${log}`)), 20_000);
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}:\n${log}`)));
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      const m = /^listening on (\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  const url = `http://${addr}`;
  return {
    url,
    client: rpc.connect(url),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A server and a browser for a test file's tests, as `env.server` and `env.browser`:
 * started before the first test, stopped after the last.
 */
export function serverAndBrowser(serverArgs = []) {
  const env = {};
  before(async () => {
    env.server = await startServer(serverArgs);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/** A headless Chromium; CHROMIUM names its binary. */
export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
}

/**
 * A page that fails the test on any script error in it, and on anything the server's
 * Content-Security-Policy refuses (the browser reports each refusal on its console).
 */
export async function newPage(browser, viewport = { width: 900, height: 1000 }, colorScheme = "light") {
  const page = await browser.newPage({ viewport, colorScheme });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  page.errors = errors;
  return page;
}

/** Waits until the page shows the position after event `seq` (or later). */
export async function waitForSeq(page, seq, timeout = 15_000) {
  await page.waitForFunction((n) => Number(document.querySelector("[data-testid=board]")?.dataset.seq ?? 0) >= n, Number(seq), { timeout });
}

/** The cells drawn on one board of the page (`data-board`), as { row, col, piece, owner }. */
export function drawnCells(page, board) {
  return page.$$eval(`svg[data-board="${board}"] .target`, (els) =>
    els.map((e) => ({ row: Number(e.dataset.row), col: Number(e.dataset.col), piece: e.dataset.piece, owner: Number(e.dataset.owner) })),
  );
}

/** The name the page gives a piece: the enum value's name, in lower case. */
export function pieceName(piece) {
  return (rpc.Piece[piece] ?? `unknown-${piece}`).toLowerCase();
}

/** How many colours a PNG shows, counted in the browser (up to `cap`). */
export async function colourCount(page, png, cap = 16) {
  return page.evaluate(
    async ([b64, max]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext("2d");
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length && seen.size < max; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    },
    [png.toString("base64"), cap],
  );
}

/** A CreateGame request for `kind`'s preset `name`. */
export const preset = (kind, name) => ({ kind, source: { case: "preset", value: name } });

/** Plays, through `client` and for the seat of `token`, the legal move labelled `label`. */
export async function playLabel(client, gameId, token, label) {
  const { moves } = await client.listLegalMoves({ gameId }, rpc.as(token));
  const m = moves.find((x) => x.label === label);
  if (!m) throw new Error(`${label} is not legal: ${moves.map((x) => x.label).join(", ")}`);
  return client.submitMove({ gameId, move: m.move }, rpc.as(token));
}
