import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { match, replay, ScenarioFailure } from "./conformance.js";
import { type Server, startServer } from "./server.js";

let server: Server;
before(async () => {
  server = await startServer();
});
after(() => server.stop());

test("the conformance scenario replays against a fresh server", async () => {
  assert.ok((await replay(server.address)) >= 40);
});

test("the matcher is strict where the format says", () => {
  match({ seq: "2", move: null }, { seq: "2", other: 1 });
  match({ cells: { $contains: [{ piece: "HIT" }] } }, { cells: [{}, { piece: "HIT", owner: 2 }] });
  match({ $excludes: "SHIP", w: 5 }, { w: 5, cells: [{ piece: "HIT" }] });
  for (const [expected, actual] of [
    [{ seq: "2" }, { seq: 2 }],
    [{ move: null }, { move: {} }],
    [{ to: [1] }, { to: [1, 2] }],
    [{ $excludes: "SHIP" }, { cells: [{ piece: "SHIP" }] }],
    [{ c: { $contains: [{ p: "X" }] } }, { c: [{ p: "Y" }] }],
  ] as const) {
    assert.throws(() => match(expected as never, actual as never), ScenarioFailure);
  }
});
