import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import * as net from "node:net";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

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
