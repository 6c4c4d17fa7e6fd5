// Load 1, moves: GAMES games at once, each a closed loop (a seat's move is sent only once
// the previous move's answer came back), random empty cells, a new game when one ends.

import { cpuMark, cpuSince } from '../lib/proc.mjs';
import { shuffledCells } from '../games/players.mjs';
import { otherSeat } from '../games/tictactoe.mjs';

const WARM_UP_SECONDS = 1;
// Games created and closed one after the other, without moves, after the timed window:
// what one game's creation and end cost, to take out of the window's figures.
const LIFECYCLE_SAMPLES = 32;

/**
 * Plays for `seconds` (after a warm-up) and returns moves/s and CPU µs per move, with the
 * cost of the games created inside the window taken out.
 */
export async function measureMoves({ system, server, variant, games, seconds, log }) {
  const driver = await system.connect(server.address, variant);
  const slots = await Promise.all(Array.from({ length: games }, () => driver.createGame()));
  let timing = false;
  let stopping = false;
  let moves = 0;
  let created = 0;
  const play = async (_, slot) => {
    for (;;) {
      const game = slots[slot];
      let seat = 1;
      for (const cell of shuffledCells()) {
        const { over } = await driver.move(game, seat, cell);
        if (timing) moves += 1;
        if (over || stopping) break;
        seat = otherSeat(seat);
      }
      if (stopping) return;
      await driver.closeGame(game);
      slots[slot] = await driver.createGame();
      if (timing) created += 1;
    }
  };
  const players = Promise.all(slots.map(play));
  await whilePlaying(players, WARM_UP_SECONDS);
  const start = cpuMark(server.pid);
  timing = true;
  log(`timed window of ${seconds} s`);
  await whilePlaying(players, seconds);
  stopping = true;
  await players;
  const used = cpuSince(start, server.pid);
  timing = false;
  await Promise.all(slots.map((game) => driver.closeGame(game)));

  const lifecycle = await measureLifecycle(driver, server.pid);
  driver.close();
  const serverCpu = Math.max(0, used.server - created * lifecycle.server);
  const clientCpu = Math.max(0, used.client - created * lifecycle.client);
  return {
    'moves/s': moves / used.wall,
    'server CPU µs/move': (serverCpu / moves) * 1e6,
    'client CPU µs/move': (clientCpu / moves) * 1e6,
    'games created in window': created,
    'server CPU µs/game created (taken out)': lifecycle.server * 1e6,
  };
}

/** Waits `seconds`, or fails at once with the error that stopped the players early. */
async function whilePlaying(players, seconds) {
  let timer;
  const elapsed = new Promise((resolve) => {
    timer = setTimeout(resolve, seconds * 1000);
  });
  try {
    await Promise.race([elapsed, players]);
  } finally {
    clearTimeout(timer);
  }
}

async function measureLifecycle(driver, pid) {
  const start = cpuMark(pid);
  for (let i = 0; i < LIFECYCLE_SAMPLES; i += 1) await driver.closeGame(await driver.createGame());
  const used = cpuSince(start, pid);
  return { server: used.server / LIFECYCLE_SAMPLES, client: used.client / LIFECYCLE_SAMPLES };
}

/** Tabula's transport ceiling: `Health/Check`, `inFlight` calls at once, closed loop. */
export async function measureHealth({ system, server, variant, games: inFlight, seconds }) {
  const driver = await system.connect(server.address, variant);
  let stopping = false;
  let calls = 0;
  let timing = false;
  const loop = async () => {
    while (!stopping) {
      await driver.health();
      if (timing) calls += 1;
    }
  };
  const loops = Promise.all(Array.from({ length: inFlight }, loop));
  await whilePlaying(loops, WARM_UP_SECONDS);
  const start = cpuMark(server.pid);
  timing = true;
  await whilePlaying(loops, seconds);
  stopping = true;
  await loops;
  const used = cpuSince(start, server.pid);
  driver.close();
  return {
    'moves/s': calls / used.wall,
    'server CPU µs/move': (used.server / calls) * 1e6,
    'client CPU µs/move': (used.client / calls) * 1e6,
  };
}
