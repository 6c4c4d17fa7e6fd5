// Answers of a newer server (clients/conformance/unknown.json) through the client, offline:
// unknown enum values are kept and named `unknown(N)`, events and moves of unknown kinds are
// delivered as kind "unknown", and streams count their seqs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import {
  EndReasonSchema,
  enumName,
  eventKind,
  GameEventSchema,
  GameKind,
  GameKindSchema,
  MoveSchema,
  moveKind,
  moves,
  TabulaClient,
} from "../src/index.js";
import { check, checkEvents, entries, StandIn, unaryCall } from "./unknown.js";

for (const entry of entries()) {
  test(`a newer server's answer, ${entry.call}: ${entry.name}`, async () => {
    const standIn = await StandIn.start(entry);
    try {
      const client = TabulaClient.connect({ address: standIn.address, timeoutMs: 10_000 });
      const expect = entry.expect;
      if (entry.call === "StreamEvents") {
        const stream = client.events("g", 0n, { retries: 2 });
        const events = [];
        for await (const event of stream) events.push(event);
        checkEvents(events, expect.events!, entry.name);
        assert.equal(String(stream.lastSeq), expect.events!.at(-1)!.seq, "lastSeq");
        if (expect.reopened_after !== undefined) {
          assert.deepEqual(standIn.afterSeqs.map(String), ["0", expect.reopened_after], "streams opened after");
        }
      } else {
        const [schema, answer] = await unaryCall(client, entry.call);
        assert.equal(String(answer.seq), expect.seq, "seq");
        check(schema, answer, expect.checks!, entry.name);
      }
    } finally {
      await standIn.stop();
    }
  });
}

test("names are total", () => {
  assert.equal(enumName(GameKindSchema, GameKind.CHESS), "GAME_KIND_CHESS");
  assert.equal(enumName(EndReasonSchema, 999), "unknown(999)");
  assert.equal(moveKind(moves.ready()), "ready");
  assert.equal(moveKind(create(MoveSchema)), "unknown");
  assert.equal(eventKind(create(GameEventSchema, { seq: 1n })), "unknown");
});
