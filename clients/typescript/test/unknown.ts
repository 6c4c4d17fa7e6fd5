/**
 * Checks clients/conformance/unknown.json (format in its README) against the TypeScript client.
 *
 * A stand-in gRPC server on loopback (plain HTTP/2) answers the client's calls with the
 * fixture's bytes, verbatim, so every entry travels the path a real answer takes: Connect's
 * gRPC transport, the generated schema, and the client's own wrappers (`getView`, `events`,
 * ...). No Tabula server is involved.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { type DescField, type DescMessage, fromBinary, type Message, toJson } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import {
  enumName,
  eventKind,
  type GameEvent,
  GameEventSchema,
  GameSchema,
  moveKind,
  MoveSchema,
  StreamEventsRequestSchema,
  StreamSeriesEventsRequestSchema,
  SubmitMoveResponseSchema,
  type TabulaClient,
  ViewSchema,
  moves,
} from "../src/index.js";

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../conformance/unknown.json");
const SERVICE = "tabula.v1.GameService";

export type Check =
  | { enum: string; number: number; name: string }
  | { move: string; kind: string }
  | { event: string; kind: string };

export interface ExpectedEvent {
  seq: string;
  time: string;
  kind: string;
  checks: Check[];
}

export interface Entry {
  name: string;
  call: "StreamEvents" | "StreamSeriesEvents" | "GetGame" | "GetView" | "SubmitMove";
  responses: string[];
  break_after?: number;
  expect: { seq?: string; checks?: Check[]; events?: ExpectedEvent[]; reopened_after?: string };
}

export function entries(): Entry[] {
  const fixture = JSON.parse(readFileSync(FIXTURE, "utf8")) as { version: number; entries: Entry[] };
  assert.equal(fixture.version, 1, `unknown.json version ${fixture.version} is not supported`);
  return fixture.entries;
}

function frame(message: Uint8Array): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt32BE(message.length, 1);
  return Buffer.concat([header, message]);
}

/**
 * Answers `entry.call` with the entry's responses; other methods are UNIMPLEMENTED.
 * StreamEvents (and StreamSeriesEvents, for the client's own tests): with `break_after`, the
 * first call sends that many responses and ends with UNAVAILABLE, and later calls send the
 * rest; `afterSeqs` records each call's request.
 */
export class StandIn {
  readonly afterSeqs: bigint[] = [];
  private readonly sessions = new Set<http2.ServerHttp2Session>();

  private constructor(
    private readonly server: http2.Http2Server,
    readonly address: string,
  ) {
    server.on("session", (session) => {
      this.sessions.add(session);
      session.on("close", () => this.sessions.delete(session));
    });
  }

  static async start(entry: Entry): Promise<StandIn> {
    const responses = entry.responses.map((r) => new Uint8Array(Buffer.from(r, "base64")));
    const server = http2.createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const standIn = new StandIn(server, `127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on("stream", (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        let status = 0;
        let sent = responses;
        if (headers[":path"] !== `/${SERVICE}/${entry.call}`) {
          status = 12; // UNIMPLEMENTED
          sent = [];
        } else if (entry.call === "StreamEvents" || entry.call === "StreamSeriesEvents") {
          const schema = entry.call === "StreamEvents" ? StreamEventsRequestSchema : StreamSeriesEventsRequestSchema;
          const request = fromBinary(schema, Buffer.concat(chunks).subarray(5));
          const first = standIn.afterSeqs.length === 0;
          standIn.afterSeqs.push(request.afterSeq);
          if (entry.break_after !== undefined) {
            sent = first ? responses.slice(0, entry.break_after) : responses.slice(entry.break_after);
            if (first) status = 14; // UNAVAILABLE
          }
        }
        stream.respond({ ":status": 200, "content-type": "application/grpc+proto" }, { waitForTrailers: true });
        stream.on("wantTrailers", () => {
          stream.sendTrailers(
            status === 0 ? { "grpc-status": "0" } : { "grpc-status": String(status), "grpc-message": "stand-in server" },
          );
        });
        for (const message of sent) stream.write(frame(message));
        stream.end();
      });
    });
    return standIn;
  }

  async stop(): Promise<void> {
    for (const session of this.sessions) session.destroy();
    const closed = once(this.server, "close");
    this.server.close();
    await closed;
  }
}

function field(desc: DescMessage, name: string): DescField {
  const found = desc.fields.find((f) => f.name === name);
  assert.ok(found, `${desc.typeName} has no field ${name}`);
  return found;
}

/** The value at `path` (proto field names, `[i]` for list elements) and the last field on it. */
export function resolve(desc: DescMessage, root: Message, path: string): { field: DescField; value: unknown } {
  let value: unknown = root;
  let current: DescMessage | undefined = desc;
  let last: DescField | undefined;
  for (const step of path.split(".")) {
    const found = /^([a-z_0-9]+)((?:\[\d+\])*)$/.exec(step);
    assert.ok(found && current, `bad path ${path}`);
    last = field(current, found[1]);
    const holder = value as Record<string, unknown>;
    if (last.oneof === undefined) {
      value = holder[last.localName];
    } else {
      // An arm of a oneof lives in `{ case, value }` under the oneof's name.
      const arm = holder[last.oneof.localName] as { case: string | undefined; value?: unknown };
      value = arm.case === last.localName ? arm.value : undefined;
    }
    for (const index of found[2].match(/\d+/g) ?? []) value = (value as unknown[])[Number(index)];
    current = last.fieldKind === "message" || (last.fieldKind === "list" && last.listKind === "message") ? last.message : undefined;
  }
  assert.ok(last);
  return { field: last, value };
}

/** A proto arm name (`move_applied`) as the TypeScript `case` (`moveApplied`). */
function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function check(desc: DescMessage, root: Message, checks: Check[], where: string): void {
  for (const item of checks) {
    if ("enum" in item) {
      const { field: f, value } = resolve(desc, root, item.enum);
      const schema = f.fieldKind === "enum" ? f.enum : f.fieldKind === "list" && f.listKind === "enum" ? f.enum : undefined;
      assert.ok(schema, `${where}: ${item.enum} is not an enum field`);
      assert.equal(value, item.number, `${where}: ${item.enum} holds ${String(value)}`);
      assert.equal(enumName(schema, value as number), item.name, `${where}: ${item.enum} shown wrongly`);
    } else if ("move" in item) {
      const { field: f, value } = resolve(desc, root, item.move);
      assert.ok(f.fieldKind === "message" && f.message.typeName === MoveSchema.typeName && value, `${where}: ${item.move} is no Move`);
      assert.equal(moveKind(value as never), camel(item.kind), `${where}: ${item.move}`);
    } else {
      const { field: f, value } = resolve(desc, root, item.event);
      assert.ok(f.message?.typeName === GameEventSchema.typeName && value, `${where}: ${item.event} is no GameEvent`);
      assert.equal(eventKind(value as GameEvent), camel(item.kind), `${where}: ${item.event}`);
    }
  }
}

export function checkEvents(events: GameEvent[], expected: ExpectedEvent[], name: string): void {
  assert.equal(events.length, expected.length, `${name}: events delivered`);
  events.forEach((event, index) => {
    const want = expected[index];
    const where = `${name}: event ${index}`;
    assert.equal(String(event.seq), want.seq, `${where}: seq`);
    assert.ok(event.time, `${where}: time`);
    assert.equal(toJson(TimestampSchema, event.time), want.time, `${where}: time`);
    assert.equal(eventKind(event), camel(want.kind), `${where}: kind`);
    check(GameEventSchema, event, want.checks, where);
  });
}

/** Calls the client's public method for a unary `call`; returns the answer and its schema. */
export async function unaryCall(client: TabulaClient, call: Entry["call"]): Promise<[DescMessage, Message & { seq: bigint }]> {
  switch (call) {
    case "GetGame":
      return [GameSchema, await client.getGame("g")];
    case "GetView":
      return [ViewSchema, await client.getView("g")];
    case "SubmitMove":
      return [SubmitMoveResponseSchema, await client.submitMove("g", moves.drop(0))];
    default:
      throw new Error(`no unary call ${call}`);
  }
}
