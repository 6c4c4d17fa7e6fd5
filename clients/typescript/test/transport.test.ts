// The client over a transport of the caller's, as a browser uses it (`@tabula/client/web`):
// the web entry's imports, the credential, deadline and close over an in-process transport,
// and an event stream resumed after the failure fetch reports for a dropped connection.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { create } from "@bufbuild/protobuf";
import { type ConnectRouter, createRouterTransport, type HandlerContext, type Transport } from "@connectrpc/connect";
import {
  Code,
  ConnectError,
  GameService,
  type StreamEventsRequest,
  StreamEventsResponseSchema,
  TabulaClient,
  TabulaError,
} from "../src/web.js";
import { TabulaClient as NodeClient } from "../src/index.js";
import { assertJittered } from "./helpers.js";

/** What a call reached the stand-in service with. */
interface Seen {
  method: string;
  authorization: string | null;
  timeoutMs: number | undefined;
}

/**
 * An in-process GameService: GetGame answers at once, GetView waits until the call ends, and
 * StreamEvents sends events `afterSeq + 1` to `lastSeq` and ends.
 */
function standIn(lastSeq = 3n) {
  const seen: Seen[] = [];
  const record = (method: string, context: HandlerContext) =>
    seen.push({ method, authorization: context.requestHeader.get("authorization"), timeoutMs: context.timeoutMs() });
  const transport = createRouterTransport((router: ConnectRouter) =>
    router.service(GameService, {
      getGame(request, context) {
        record("GetGame", context);
        return { game: { gameId: request.gameId } };
      },
      async getView(_request, context) {
        record("GetView", context);
        await new Promise((resolve) => context.signal.addEventListener("abort", resolve));
        return {};
      },
      async *streamEvents(request: StreamEventsRequest, context) {
        record("StreamEvents", context);
        for (let seq = request.afterSeq + 1n; seq <= lastSeq; seq++) {
          yield create(StreamEventsResponseSchema, {
            event: { seq, kind: { case: "moveApplied", value: { seat: 1 } } },
          });
        }
      },
    }),
  );
  return { transport, seen };
}

test("the web entry and everything it imports use no Node module and not connect-node", () => {
  // Compiled to dist/test/: the entry is dist/src/web.js.
  const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");
  const allowed = ["@bufbuild/protobuf", "@bufbuild/protobuf/wkt", "@bufbuild/protobuf/codegenv2", "@connectrpc/connect"];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // Without comments: the entry's own shows how to import a browser transport.
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const [, specifier] of code.matchAll(/(?:from|import)\s*"([^"]+)"/g)) {
      if (specifier!.startsWith(".")) visit(join(dirname(file), specifier!));
      else assert.ok(allowed.includes(specifier!), `${file} imports ${specifier}`);
    }
  };
  visit(join(src, "web.js"));
  assert.ok(seen.has(join(src, "client.js")), "the client is part of it");
});

test("a client over a given transport sends its credential and default deadline, and closes", async () => {
  const { transport, seen } = standIn();
  let closes = 0;
  const client = new TabulaClient(transport, { credential: "key", timeoutMs: 1234, onClose: () => closes++ });
  const spectator = client.withCredential(undefined);
  assert.ok(spectator instanceof TabulaClient);
  assert.equal((await client.getGame("g")).gameId, "g");
  await spectator.getGame("g", { timeoutMs: 500 });
  await client.raw.getGame({ gameId: "g" }, { timeoutMs: 0 });
  assert.deepEqual(
    seen.map(({ authorization }) => authorization),
    ["Bearer key", null, "Bearer key"],
    "the credential, then none",
  );
  // What is left of each deadline when the transport sees the call: a loaded machine may
  // have spent some of it on the way.
  const [first, own, none] = seen.map(({ timeoutMs }) => timeoutMs);
  assert.ok(first !== undefined && first > 1000 && first <= 1234, `the default deadline, ${first} ms left`);
  assert.ok(own !== undefined && own > 250 && own <= 500, `the call's own deadline, ${own} ms left`);
  assert.equal(none, undefined, "no deadline");

  const inFlight = spectator.getView("g");
  while (seen.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
  client.close();
  const canceled = (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.equal(error.code, Code.Canceled, String(error));
    return true;
  };
  await assert.rejects(inFlight, canceled);
  assert.equal(spectator.closed, true, "closing one closes the clients that share its connection");
  await assert.rejects(spectator.getGame("g"), canceled);
  spectator.close();
  assert.equal(closes, 1, "onClose is called once");
  assert.equal(seen.length, 4, "nothing reached the service after close");
});

test("Node's client derives clients of its own class", () => {
  const client = NodeClient.connect({ address: "127.0.0.1:1" });
  try {
    const seat = client.withCredential("token");
    assert.ok(seat instanceof NodeClient);
    assert.equal(typeof seat[Symbol.dispose], "function");
  } finally {
    client.close();
  }
});

/** `transport` whose first `failures` streams fail before any event with `failure()`. */
function failingStreams(transport: Transport, failures: number, failure: () => unknown): Transport {
  let left = failures;
  return {
    unary: (...args) => transport.unary(...args),
    stream: (...args) => (left-- > 0 ? Promise.reject(failure()) : transport.stream(...args)),
  };
}

test("an event stream resumes after fetch's failure for a dropped connection, telling onReconnect", async () => {
  const { transport, seen } = standIn(3n);
  // What Connect's fetch transports throw when the connection is refused or drops.
  const dropped = () => ConnectError.from(new TypeError("Failed to fetch"));
  const client = new TabulaClient(failingStreams(transport, 2, dropped));
  const reconnects: [Code, number][] = [];
  const stream = client.events("g", 1n, { onReconnect: (error, delayMs) => reconnects.push([error.code, delayMs]) });
  const seqs: bigint[] = [];
  for await (const event of stream) seqs.push(event.seq);
  assert.deepEqual(seqs, [2n, 3n]);
  assert.deepEqual(
    reconnects.map(([code]) => code),
    [Code.Unknown, Code.Unknown],
  );
  assertJittered(reconnects.map(([, ms]) => ms), [100, 200]);
  assert.equal(seen.filter((s) => s.method === "StreamEvents").length, 1);
});

test("an event stream does not resume after another UNKNOWN failure", async () => {
  const { transport } = standIn();
  const client = new TabulaClient(failingStreams(transport, 1, () => new ConnectError("broken", Code.Unknown)));
  let reconnects = 0;
  const stream = client.events("g", 0n, { onReconnect: () => reconnects++ });
  await assert.rejects(
    (async () => {
      for await (const _ of stream) assert.fail("no event after the failure");
    })(),
    (error: unknown) => error instanceof TabulaError && error.code === Code.Unknown && error.message === "broken",
  );
  assert.equal(reconnects, 0);
});
