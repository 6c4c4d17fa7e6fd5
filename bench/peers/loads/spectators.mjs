// Load 2, spectators: one game followed by SPECTATORS spectators, each on a connection of
// its own, while one mover plays a move every MOVE_INTERVAL_MS. A move counts as delivered
// to a spectator once that spectator's copy of the game includes it; its latency runs from
// just before the mover sent it to then (one process, one clock).

import { cpuMark, cpuSince } from '../lib/proc.mjs';
import { drawnGameOrder } from '../games/players.mjs';
import { otherSeat } from '../games/tictactoe.mjs';
import { inBatches, quantile, sleep } from '../lib/stats.mjs';

const MOVE_INTERVAL_MS = 20;
// Spectators connecting at once: enough to be quick, few enough not to look like a flood.
const CONNECT_WIDTH = 50;
// How long deliveries may trail the last move before they count as missed.
const SETTLE_MS = 3000;

export async function measureSpectators({ system, server, variant, spectators, seconds, log }) {
  const driver = await system.connect(server.address, variant);
  const game = await driver.createGame();
  // A board that fills without a line: the game lasts 361 moves, 7.2 s at 20 ms a move.
  const order = drawnGameOrder();
  const plannedMoves = Math.min(order.length - 1, Math.floor((seconds * 1000) / MOVE_INTERVAL_MS));
  const sentAt = new Float64Array(order.length + 1);
  const latencies = [];
  let deliveries = 0;
  const watchers = [];
  await inBatches(spectators, CONNECT_WIDTH, async () => {
    let seen = 0;
    watchers.push(
      await system.spectate(server.address, game.id, (moveNumber) => {
        // A system may fold several moves into one update: each one it carries counts.
        const now = performance.now();
        for (let move = seen + 1; move <= moveNumber; move += 1) {
          latencies.push(now - sentAt[move]);
          deliveries += 1;
        }
        seen = Math.max(seen, moveNumber);
      }, variant),
    );
  });
  log(`${spectators} spectators follow; ${plannedMoves} moves, one every ${MOVE_INTERVAL_MS} ms`);
  const expected = plannedMoves * spectators;
  const start = cpuMark(server.pid);
  let seat = 1;
  const begin = performance.now();
  for (let move = 1; move <= plannedMoves; move += 1) {
    const due = begin + (move - 1) * MOVE_INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sentAt[move] = performance.now();
    await driver.move(game, seat, order[move - 1]);
    seat = otherSeat(seat);
  }
  const settleUntil = performance.now() + SETTLE_MS;
  while (deliveries < expected && performance.now() < settleUntil) await sleep(10);
  const used = cpuSince(start, server.pid);
  for (const watcher of watchers) watcher.close();
  await driver.closeGame(game);
  driver.close();
  return {
    'server CPU µs/delivery': (used.server / Math.max(1, deliveries)) * 1e6,
    'client CPU µs/delivery': (used.client / Math.max(1, deliveries)) * 1e6,
    'latency p50 ms': quantile(latencies, 0.5),
    'latency p99 ms': quantile(latencies, 0.99),
    'missed deliveries': expected - deliveries,
    deliveries,
  };
}
