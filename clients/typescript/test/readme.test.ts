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

test("the README's quick start runs as written against a real server", async () => {
  const readme = readFileSync(join(clientDir, "README.md"), "utf8");
  const match = /node --input-type=module -e '\n([\s\S]*?)\n'\n/.exec(readme);
  assert.ok(match, "the README's quick start is a `node --input-type=module -e '...'` block");
  const code = match[1].replaceAll("127.0.0.1:50051", server.address);
  const { stdout } = await promisify(execFile)("node", ["--input-type=module", "-e", code], { cwd: clientDir });
  const lines = stdout.trim().split("\n");
  assert.match(lines[0], /^1n gameCreated/, stdout);
  assert.ok(lines.some((line) => line.includes(" gameEnded")), stdout);
  assert.equal(lines.at(-1), "FAILED_PRECONDITION GAME_OVER", stdout);
});
