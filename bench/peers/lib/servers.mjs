// Starts each system's server as a child process of its own and finds its port: every
// server prints `listening on HOST:PORT` as its first line of standard output.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** How to start each system's server; `extraArgs` only where a system has such limits. */
const COMMANDS = {
  tabula: (options) => [
    options.tabulaBin,
    [
      'serve',
      '--listen',
      '127.0.0.1:0',
      '--store',
      'memory',
      // The default cap of 256 connections from one address is a guard against one
      // client taking every connection; the spectator load opens 1,000 from loopback.
      '--max-connections-per-address',
      '5000',
    ],
  ],
  boardgameio: () => [process.execPath, [here('../servers/boardgameio.mjs')]],
  colyseus: () => [process.execPath, [here('../servers/colyseus.mjs')]],
};

const START_TIMEOUT_MS = 30_000;

// Servers still running when the harness ends, even by a crash, end with it.
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `system`'s server and resolves once it listens: { pid, address, startedAt, stop }.
 * `startedAt` is the performance.now() just before the spawn (for the cold-start load).
 */
export async function startServer(system, options) {
  const [command, args] = COMMANDS[system](options);
  const startedAt = performance.now();
  // NODE_ENV=production as a deployment would have it: both Node frameworks log more and
  // check more in development.
  const env = { ...process.env, PORT: '0', NODE_ENV: 'production' };
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${system} did not start in time:\n${stderr}`)), START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const match = /listening on (\S+)/.exec(line);
      if (match) resolve(match[1]);
      else reject(new Error(`${system} printed ${JSON.stringify(line)} instead of its address`));
      // Keep draining its output so that a chatty server never blocks on a full pipe.
      child.stdout.resume();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${system} exited (${code ?? signal}) before listening:\n${stderr}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { pid: child.pid, address, startedAt, stop, stderr: () => stderr };
}
