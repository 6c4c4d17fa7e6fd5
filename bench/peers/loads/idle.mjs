// Load 3, idle games: create IDLE_GAMES games nobody moves in, and read how much the
// server's resident memory grew.

import { cpuMark, cpuSince, rssKb } from '../lib/proc.mjs';
import { inBatches, sleep } from '../lib/stats.mjs';

// Creations in flight at once: the memory per game is the figure, not creation speed.
const CREATE_WIDTH = 16;
// Give a garbage-collected server a moment to settle before reading its memory.
const SETTLE_MS = 1000;

export async function measureIdle({ system, server, variant, idleGames }) {
  const driver = await system.connect(server.address, variant);
  // One game first, so that code paths loaded on first use are not charged to the games.
  await driver.createIdleGame();
  await sleep(SETTLE_MS);
  const before = rssKb(server.pid);
  const start = cpuMark(server.pid);
  await inBatches(idleGames, CREATE_WIDTH, () => driver.createIdleGame());
  const used = cpuSince(start, server.pid);
  await sleep(SETTLE_MS);
  const after = rssKb(server.pid);
  driver.close();
  return {
    'RSS KB/game': (after - before) / idleGames,
    'server CPU µs/creation': (used.server / idleGames) * 1e6,
    'RSS MB after': after / 1024,
  };
}
