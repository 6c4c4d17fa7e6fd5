// Deadlines, cancellation, close(), TLS with a custom CA, and event-stream gaps: the stand-in
// servers here are offline (loopback HTTP/2, no Tabula server) except for the TLS test.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import {
  Code,
  DEFAULT_TIMEOUT_MS,
  type GameEvent,
  GameKind,
  type SeriesEvent,
  seriesEventKind,
  StreamEventsResponseSchema,
  StreamSeriesEventsResponseSchema,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { type Entry, StandIn } from "./unknown.js";
import { startServer } from "./server.js";

/**
 * A gRPC stand-in that records the headers of every call and never answers one: calls end
 * only by their deadline or cancellation. StreamEvents, StreamSeriesEvents and StreamOwnerEvents
 * get their response headers at once, so the stream is open.
 */
class SilentServer {
  readonly calls: { method: string; timeout: string | undefined; authorization: string | undefined }[] = [];
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private constructor(
    private readonly server: http2.Http2Server,
    readonly address: string,
  ) {
    server.on("session", (session) => {
      this.sessions.add(session);
      session.on("close", () => this.sessions.delete(session));
    });
    server.on("stream", (stream, headers) => {
      const method = String(headers[":path"]).split("/").at(-1)!;
      const value = (name: string) => (headers[name] === undefined ? undefined : String(headers[name]));
      this.calls.push({ method, timeout: value("grpc-timeout"), authorization: value("authorization") });
      stream.on("error", () => {});
      if (method.startsWith("Stream")) stream.respond({ ":status": 200, "content-type": "application/grpc+proto" });
    });
  }

  static async start(): Promise<SilentServer> {
    const server = http2.createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    return new SilentServer(server, `127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  /** Resolves once the server has seen `count` calls. */
  async seen(count: number): Promise<void> {
    while (this.calls.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  async stop(): Promise<void> {
    for (const session of this.sessions) session.destroy();
    const closed = once(this.server, "close");
    this.server.close();
    await closed;
  }
}

function rejectsWith(code: Code) {
  return (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.equal(error.code, code, String(error));
    return true;
  };
}

test("unary calls carry a 30 s deadline by default, their own when given; streams none", async () => {
  const server = await SilentServer.start();
  const client = TabulaClient.connect({ address: server.address, credential: "secret" });
  const shorter = TabulaClient.connect({ address: server.address, timeoutMs: 1234 });
  try {
    assert.equal(DEFAULT_TIMEOUT_MS, 30_000);
    await assert.rejects(client.getView("g", { timeoutMs: 200 }), rejectsWith(Code.DeadlineExceeded));
    const controller = new AbortController();
    const cancelled = client.getGame("g", { signal: controller.signal });
    await server.seen(2);
    controller.abort();
    await assert.rejects(cancelled, rejectsWith(Code.Canceled));
    // Calls whose deadline is the default, or none: cancelled once their headers arrived.
    const stop = new AbortController();
    const pending = [
      client.listGameKinds({ signal: stop.signal }),
      client.raw.exportPgn({ gameId: "g" }, { signal: stop.signal }),
      client.getHint("g", { signal: stop.signal, timeoutMs: 0 }),
      shorter.getView("g", { signal: stop.signal }),
    ].map((call) => call.then(() => assert.fail("a silent server answered"), () => undefined));
    const stream = client.events("g", 0n, { signal: stop.signal });
    const following = (async () => {
      for await (const _ of stream) assert.fail("a silent server sent an event");
    })();
    const series = client.seriesEvents("s", 0n, { signal: stop.signal });
    const followingSeries = (async () => {
      for await (const _ of series) assert.fail("a silent server sent a series event");
    })();
    const owner = client.ownerEvents({ signal: stop.signal });
    const followingOwner = (async () => {
      for await (const _ of owner) assert.fail("a silent server sent an owner event");
    })();
    await server.seen(9);
    stop.abort();
    await Promise.all([...pending, following, followingSeries, followingOwner]);
    const byMethod = Object.fromEntries(server.calls.map((c) => [c.method, c]));
    const seconds = (timeout: string | undefined) => Number(timeout?.replace(/m$/, "")) / 1000;
    // The header carries the time left when the call is sent: a loaded machine may have
    // spent a millisecond or more of it already.
    const own = seconds(byMethod.GetView.timeout);
    assert.ok(own <= 1.234 && own > 1.134, `the client's own default: ${byMethod.GetView.timeout}`);
    assert.ok(Math.abs(seconds(byMethod.ListGameKinds.timeout) - 30) < 1, `default: ${byMethod.ListGameKinds.timeout}`);
    assert.ok(Math.abs(seconds(byMethod.ExportPgn.timeout) - 30) < 1, "the raw client's unary calls too");
    assert.equal(byMethod.GetGame.timeout !== undefined, true);
    assert.equal(byMethod.GetHint.timeout, undefined, "timeoutMs 0: no deadline");
    assert.equal(byMethod.StreamEvents.timeout, undefined, "a stream has no deadline");
    assert.equal(byMethod.StreamSeriesEvents.timeout, undefined, "a series' stream has none either");
    assert.equal(byMethod.StreamOwnerEvents.timeout, undefined, "nor an owner's stream");
    for (const method of ["ListGameKinds", "ExportPgn", "GetHint", "StreamEvents", "StreamSeriesEvents", "StreamOwnerEvents"]) {
      assert.equal(byMethod[method].authorization, "Bearer secret", `${method} carries the credential`);
    }
  } finally {
    client.close();
    shorter.close();
    await server.stop();
  }
});

test("close() ends open streams and calls, and every later call", async () => {
  const server = await SilentServer.start();
  const client = TabulaClient.connect({ address: server.address });
  const seat = client.withCredential("token");
  try {
    const stream = seat.events("g");
    const events: GameEvent[] = [];
    const following = (async () => {
      for await (const event of stream) events.push(event);
    })();
    const inFlight = client.getView("g");
    await server.seen(2);
    assert.equal(server.openSessions, 1, "one connection shared by both credentials");
    client.close();
    await following; // ends quietly
    assert.deepEqual(events, []);
    await assert.rejects(inFlight, rejectsWith(Code.Canceled));
    assert.equal(seat.closed, true);
    await assert.rejects(seat.getGame("g"), rejectsWith(Code.Canceled));
    await assert.rejects(client.raw.getGame({ gameId: "g" }), (error: unknown) => {
      assert.equal((error as { code?: Code }).code, Code.Canceled);
      return true;
    });
    client.close(); // again: nothing
    assert.equal(server.calls.length, 2, "nothing reached the server after close");
    for (let i = 0; i < 100 && server.openSessions > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(server.openSessions, 0, "the connection is closed");
  } finally {
    await server.stop();
  }
});

/** A stand-in's entry whose StreamEvents answer holds events of these seqs. */
function streamOf(seqs: number[], breakAfter?: number): Entry {
  const responses = seqs.map((seq) =>
    Buffer.from(
      toBinary(
        StreamEventsResponseSchema,
        create(StreamEventsResponseSchema, {
          event: { seq: BigInt(seq), time: { seconds: 1n }, kind: { case: "moveApplied", value: { seat: 1 } } },
        }),
      ),
    ).toString("base64"),
  );
  return { name: `events ${seqs.join(", ")}`, call: "StreamEvents", responses, break_after: breakAfter, expect: {} };
}

for (const [name, entry, afterSeq, delivered, expected, received, reopenedAfter] of [
  ["a skipped event", streamOf([1, 2, 4]), 0n, [1n, 2n], "3", "4", ["0"]],
  ["a first event that is not after_seq + 1", streamOf([2, 3]), 0n, [], "1", "2", ["0"]],
  ["a first event after a later after_seq", streamOf([7]), 5n, [], "6", "7", ["5"]],
  ["a repeated event", streamOf([1, 2, 2]), 0n, [1n, 2n], "3", "2", ["0"]],
  ["a gap across a resumption", streamOf([1, 2, 4], 2), 0n, [1n, 2n], "3", "4", ["0", "2"]],
] as const) {
  test(`an event stream fails with DATA_LOSS SEQ_GAP on ${name}`, async () => {
    const standIn = await StandIn.start(entry);
    const client = TabulaClient.connect({ address: standIn.address });
    try {
      const stream = client.events("g", afterSeq, { retries: 1 });
      const seen: bigint[] = [];
      await assert.rejects(
        (async () => {
          for await (const event of stream) seen.push(event.seq);
        })(),
        (error: unknown) => {
          assert.ok(error instanceof TabulaError, String(error));
          assert.equal(error.code, Code.DataLoss);
          assert.equal(error.codeName, "DATA_LOSS");
          assert.equal(error.reason, "SEQ_GAP");
          assert.deepEqual(error.metadata, { expected_seq: expected, received_seq: received });
          assert.ok(error.message.includes(expected) && error.message.includes(received), error.message);
          return true;
        },
      );
      assert.deepEqual(seen, delivered);
      assert.deepEqual(standIn.afterSeqs.map(String), reopenedAfter, "streams opened after");
    } finally {
      client.close();
      await standIn.stop();
    }
  });
}

/** A stand-in's entry whose StreamSeriesEvents answer holds series events of these seqs; the last is its end when `finished`. */
function seriesStreamOf(seqs: number[], breakAfter?: number, finished = false): Entry {
  const responses = seqs.map((seq, index) =>
    Buffer.from(
      toBinary(
        StreamSeriesEventsResponseSchema,
        create(StreamSeriesEventsResponseSchema, {
          event: {
            seriesId: "s",
            seq: BigInt(seq),
            time: { seconds: 1n },
            kind:
              finished && index === seqs.length - 1
                ? { case: "seriesFinished", value: { winner: 1, points: [2, 0] } }
                : { case: "gameStarted", value: { number: seq, gameId: `g${seq}`, playerOneSeat: 2 - (seq % 2) } },
          },
        }),
      ),
    ).toString("base64"),
  );
  return { name: `series events ${seqs.join(", ")}`, call: "StreamSeriesEvents", responses, break_after: breakAfter, expect: {} };
}

for (const [name, entry, afterSeq, delivered, expected, received, reopenedAfter] of [
  ["a skipped event", seriesStreamOf([1, 2, 4]), 0n, [1n, 2n], "3", "4", ["0"]],
  ["a first event that is not after_seq + 1", seriesStreamOf([2, 3]), 0n, [], "1", "2", ["0"]],
  ["a first event after a later after_seq", seriesStreamOf([7]), 5n, [], "6", "7", ["5"]],
  ["a repeated event", seriesStreamOf([1, 2, 2]), 0n, [1n, 2n], "3", "2", ["0"]],
  ["a gap across a resumption", seriesStreamOf([1, 2, 4], 2), 0n, [1n, 2n], "3", "4", ["0", "2"]],
] as const) {
  test(`a series' event stream fails with DATA_LOSS SEQ_GAP on ${name}`, async () => {
    const standIn = await StandIn.start(entry);
    const client = TabulaClient.connect({ address: standIn.address });
    try {
      const stream = client.seriesEvents("s", afterSeq, { retries: 1 });
      const seen: bigint[] = [];
      await assert.rejects(
        (async () => {
          for await (const event of stream) seen.push(event.seq);
        })(),
        (error: unknown) => {
          assert.ok(error instanceof TabulaError, String(error));
          assert.equal(error.code, Code.DataLoss);
          assert.equal(error.codeName, "DATA_LOSS");
          assert.equal(error.reason, "SEQ_GAP");
          assert.deepEqual(error.metadata, { expected_seq: expected, received_seq: received });
          assert.ok(error.message.includes(expected) && error.message.includes(received), error.message);
          return true;
        },
      );
      assert.deepEqual(seen, delivered);
      assert.deepEqual(stream.lastSeq, delivered.at(-1) ?? afterSeq, "lastSeq is the last event yielded");
      assert.deepEqual(standIn.afterSeqs.map(String), reopenedAfter, "streams opened after");
    } finally {
      client.close();
      await standIn.stop();
    }
  });
}

test("a series' event stream resumes after the last event on a dropped stream and ends when the server closes it", async () => {
  const standIn = await StandIn.start(seriesStreamOf([1, 2, 3], 2, true));
  const client = TabulaClient.connect({ address: standIn.address });
  try {
    const stream = client.seriesEvents("s");
    const events: SeriesEvent[] = [];
    for await (const event of stream) events.push(event);
    assert.deepEqual(events.map((e) => e.seq), [1n, 2n, 3n]);
    assert.deepEqual(events.map(seriesEventKind), ["gameStarted", "gameStarted", "seriesFinished"]);
    assert.equal(stream.lastSeq, 3n);
    assert.deepEqual(standIn.afterSeqs.map(String), ["0", "2"], "reopened after the last event received");
  } finally {
    client.close();
    await standIn.stop();
  }
});

test("TLS with a custom CA", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tabula-tls-"));
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  try {
    const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    openssl("req", "-x509", ...ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "1", "-subj", "/CN=Tabula test CA");
    openssl("req", ...ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost");
    writeFileSync(path.join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
      "-out", "server.pem", "-days", "1", "-extfile", "san.ext");
    const server = await startServer(["--tls-cert", path.join(dir, "server.pem"), "--tls-key", path.join(dir, "server.key")]);
    const trusted = TabulaClient.connect({ address: server.address, tls: { ca: readFileSync(path.join(dir, "ca.pem")) } });
    const systemRoots = TabulaClient.connect({ address: server.address, tls: true, timeoutMs: 5000 });
    const plaintext = TabulaClient.connect({ address: server.address, timeoutMs: 5000 });
    try {
      const created = await trusted.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic");
      assert.equal((await trusted.getView(created.game!.gameId)).seq, 1n);
      const events = [];
      for await (const event of trusted.events(created.game!.gameId, 0n, { signal: AbortSignal.timeout(200) })) events.push(event);
      assert.deepEqual(events.map((e) => e.seq), [1n]);
      await assert.rejects(systemRoots.listGameKinds(), (error: unknown) => {
        assert.ok(error instanceof TabulaError && /certificate/.test(error.message), String(error));
        return true;
      });
      await assert.rejects(plaintext.listGameKinds());
    } finally {
      for (const client of [trusted, systemRoots, plaintext]) client.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
