import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import * as http2 from "node:http2";
import { mkdtempSync, rmSync } from "node:fs";
import * as net from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { create, toBinary } from "@bufbuild/protobuf";
import { GameService, TabulaClient } from "../src/index.js";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface Server {
  address: string;
  stop(): Promise<void>;
}

/** Where a server listens and keeps its games, when not on a fresh port and in memory. */
export interface ServerPlace {
  /** `HOST:PORT` to listen on (default: a free loopback port). */
  listen?: string;
  /** The store, such as `sqlite:PATH` (default `memory`). */
  store?: string;
}

/**
 * Starts `tabula serve` on an ephemeral loopback port; it prints `listening on ADDR` once bound.
 * Its store is in memory, so it starts empty (request ids of earlier runs find nothing) and
 * leaves no file behind. `extraArgs` are more flags of `serve` (TLS, ...); `place` another
 * address or store, to restart a server where it was.
 */
export async function startServer(extraArgs: string[] = [], place: ServerPlace = {}): Promise<Server> {
  const binary = process.env.TABULA_BIN ?? path.join(repo, "target", "debug", "tabula");
  const { listen = "127.0.0.1:0", store = "memory" } = place;
  const args = ["serve", "--listen", listen, "--store", store, ...extraArgs];
  const child: ChildProcess = spawn(binary, args, { stdio: ["ignore", "pipe", "ignore"] });
  const failed = once(child, "error").then(([error]) => {
    throw new Error(`cannot start ${binary} (set TABULA_BIN): ${String(error)}`);
  });
  const lines = createInterface({ input: child.stdout! });
  const first = new Promise<string>((resolve) => lines.once("line", resolve));
  const line = await Promise.race([first, failed]);
  if (!line.startsWith("listening on ")) throw new Error(`server did not start: ${line}`);
  return {
    address: line.slice("listening on ".length),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    },
  };
}

/**
 * A server on a SQLite file that can be stopped and started again on the same address and
 * file, as a deployment restarts: `restart` stops it, waits `downMs`, and starts it again.
 */
export interface RestartableServer {
  readonly address: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(downMs: number): Promise<void>;
  /** Stops it for good and removes its file. */
  close(): Promise<void>;
}

/** Starts a server on a SQLite file in a fresh temporary folder (`close` removes it). */
export async function startRestartableServer(): Promise<RestartableServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "tabula-restart-"));
  const store = `sqlite:${path.join(dir, "games.db")}`;
  let server: Server | undefined = await startServer([], { store });
  const address = server.address;
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  const start = async () => {
    server ??= await startServer([], { listen: address, store });
  };
  return {
    address,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart(downMs: number) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
  };
}

/** A server of a test file's own and a client connected to it; see `useServer`. */
export interface Live {
  readonly server: Server;
  readonly client: TabulaClient;
}

/**
 * Registers `before` and `after` hooks in the calling test file: before its tests, a server is
 * started (`startServer`, given `extraArgs`) and a client connected to it; after them, the client
 * is closed and the server stopped. Read `server` and `client` inside tests, not at the file's top.
 */
export function useServer(extraArgs: string[] = []): Live {
  let server: Server | undefined;
  let client: TabulaClient | undefined;
  before(async () => {
    server = await startServer(extraArgs);
    client = TabulaClient.connect({ address: server.address });
  });
  after(async () => {
    client?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (server === undefined) throw new Error("the server starts in a before hook: read it inside a test");
      return server;
    },
    get client() {
      if (client === undefined) throw new Error("the client connects in a before hook: read it inside a test");
      return client;
    },
  };
}

/** A TCP relay in front of the server whose connections can be cut, to test reconnects. */
export interface Relay {
  address: string;
  cutAll(): void;
  close(): Promise<void>;
}

export async function startRelay(target: string): Promise<Relay> {
  const [host, port] = [target.slice(0, target.lastIndexOf(":")), Number(target.slice(target.lastIndexOf(":") + 1))];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port: relayPort } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${relayPort}`,
    cutAll() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

/** A stand-in that records each call's path, credential and request, and answers with every message field filled. */
export async function recorder() {
  const calls: { method: string; authorization: string | undefined; body: Uint8Array }[] = [];
  const server = http2.createServer();
  server.on("stream", (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const method = String(headers[":path"]).split("/").at(-1)!;
      const authorization = headers.authorization === undefined ? undefined : String(headers.authorization);
      calls.push({ method, authorization, body: new Uint8Array(Buffer.concat(chunks).subarray(5)) });
      const output = GameService.methods.find((m) => m.name === method)!.output;
      // Every message field the server always fills (game, view, ...) is filled, the view with an id.
      const filled = output.fields.filter((f) => f.fieldKind === "message").map((f) => [f.localName, f.localName === "view" ? { gameId: "g" } : {}]);
      const answer = toBinary(output, create(output, Object.fromEntries(filled) as never));
      const header = Buffer.alloc(5);
      header.writeUInt32BE(answer.length, 1);
      stream.respond({ ":status": 200, "content-type": "application/grpc+proto" }, { waitForTrailers: true });
      stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
      stream.end(Buffer.concat([header, answer]));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    address: `127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    last(method: string) {
      return calls.filter((call) => call.method === method).at(-1)!;
    },
    async stop() {
      const closed = once(server, "close");
      server.close();
      await closed;
    },
  };
}
