import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type Server, startServer } from "./server.js";

// Compiled to dist/test/: the client's folder is two levels up.
const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

let server: Server;
before(async () => {
  server = await startServer();
});
after(() => server.stop());

test("the README's quick start is examples/quickstart.mjs and runs as written against a real server", async () => {
  const readme = readFileSync(join(clientDir, "README.md"), "utf8");
  const program = readFileSync(join(clientDir, "examples", "quickstart.mjs"), "utf8");
  assert.ok(readme.includes("```js\n" + program + "```\n"), "the README shows examples/quickstart.mjs, verbatim");
  // In this folder "@tabula/client" resolves to the package itself (its exports map).
  const { stdout } = await promisify(execFile)("node", ["examples/quickstart.mjs", server.address], { cwd: clientDir });
  const lines = stdout.trim().split("\n");
  assert.match(lines[0], /^1n gameCreated/, stdout);
  assert.ok(lines.some((line) => line.includes(" gameEnded")), stdout);
  assert.match(lines.at(-1)!, /^FAILED_PRECONDITION GAME_OVER ./, stdout);
});
