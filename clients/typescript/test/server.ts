import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import * as http2 from "node:http2";
import * as net from "node:net";
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

/**
 * Starts `tabula serve` on an ephemeral loopback port; it prints `listening on ADDR` once bound.
 * Its store is in memory, so it starts empty (request ids of earlier runs find nothing) and
 * leaves no file behind. `extraArgs` are more flags of `serve` (TLS, ...).
 */
export async function startServer(extraArgs: string[] = []): Promise<Server> {
  const binary = process.env.TABULA_BIN ?? path.join(repo, "target", "debug", "tabula");
  const args = ["serve", "--listen", "127.0.0.1:0", "--store", "memory", ...extraArgs];
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

/** A stand-in that records each call's path, credential and request, and answers with a view. */
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
      const answer = "view" in output.field ? toBinary(output, create(output, { view: { gameId: "g" } } as never)) : new Uint8Array();
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
