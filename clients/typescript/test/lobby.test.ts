// examples/lobby.ts, run as a program against a real server on a SQLite file, which the test
// stops and starts again on the same address and file when the program asks for it mid-game.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type RestartableServer, startRestartableServer } from "./server.js";

// Compiled to dist/test/: the client's folder is two levels up, the compiled example beside this.
const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const program = join(clientDir, "dist", "examples", "lobby.js");

let server: RestartableServer;
before(async () => {
  server = await startRestartableServer();
});
after(() => server.close());

test("the lobby example plays a named game to its end through a server restart and exits 0", async () => {
  // In this folder "@tabula/client" resolves to the package itself (its exports map).
  const child = spawn("node", [program, server.address], { cwd: clientDir, stdio: ["ignore", "pipe", "inherit"] });
  const lines: string[] = [];
  let restarted: Promise<void> | undefined;
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(line);
    if (line.startsWith("restart the server now")) restarted = server.restart(500);
  });
  const [code] = await once(child, "exit");
  await restarted;
  const output = lines.join("\n");
  assert.equal(code, 0, output);
  assert.ok(restarted !== undefined, "the program asked for the restart");
  for (const expected of [
    /^created game \S+: Alice against Bob$/m,
    /^ok: Bob's early move was refused: NOT_YOUR_TURN$/m,
    /^follower: stream lost \(UNAVAILABLE\), resuming after event \d+ in \d+ ms$/m,
    /^retry: attempt 2 in \d+ ms after UNAVAILABLE$/m,
    /^ok: the game went on after the restart$/m,
    /^ok: the follower saw every event once, in order$/m,
    /^game over after \d+ moves: (Alice won|Bob won|a draw)$/m,
    /^every check held$/m,
  ]) {
    assert.match(output, expected);
  }
});
