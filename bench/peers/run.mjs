// Runs every load against every system, rounds alternated (each round starts with another
// system), a fresh server for each measurement, and prints the medians as a Markdown table
// on standard output. Progress goes to standard error. Usage: see README.md.

import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { SYSTEM_NAMES, loadSystem } from './clients/index.mjs';
import { measureColdStart } from './loads/coldstart.mjs';
import { measureIdle } from './loads/idle.mjs';
import { measureHealth, measureMoves } from './loads/moves.mjs';
import { measureSpectators } from './loads/spectators.mjs';
import { startServer } from './lib/servers.mjs';
import { markdownTable } from './lib/table.mjs';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    games: { type: 'string', default: '32' },
    spectators: { type: 'string', default: '1000' },
    'idle-games': { type: 'string', default: '2000' },
    loads: { type: 'string', default: 'moves,spectators,idle,coldstart' },
    systems: { type: 'string', default: 'tabula,boardgameio,colyseus' },
    help: { type: 'boolean', default: false },
  },
});

if (options.help) {
  process.stdout.write(
    'node run.mjs [--rounds 3] [--seconds 10] [--games 32] [--spectators 1000] [--idle-games 2000]\n' +
      '             [--loads moves,spectators,idle,coldstart] [--systems tabula,boardgameio,colyseus]\n' +
      'Tabula\'s binary comes from TABULA_BIN (run.sh builds it).\n',
  );
  process.exit(0);
}

const settings = {
  rounds: Number(options.rounds),
  seconds: Number(options.seconds),
  games: Number(options.games),
  spectators: Number(options.spectators),
  idleGames: Number(options['idle-games']),
  tabulaBin: process.env.TABULA_BIN,
};
const loads = options.loads.split(',');
const systems = options.systems.split(',');
if (systems.includes('tabula') && !settings.tabulaBin) {
  console.error('TABULA_BIN is not set: run through run.sh, or point it at a built `tabula` binary');
  process.exit(2);
}

// What each load measures on each system. `primary` marks the row a peer's ratios use.
const PLAN = [
  { load: 'moves', system: 'tabula', label: 'Tabula, full answer', variant: { view: 'full' }, measure: measureMoves, primary: true },
  { load: 'moves', system: 'tabula', label: 'Tabula, BASIC view', variant: { view: 'basic' }, measure: measureMoves },
  { load: 'moves', system: 'tabula', label: 'Tabula, Health/Check (ceiling)', variant: {}, measure: measureHealth },
  { load: 'moves', system: 'boardgameio', label: 'boardgame.io', variant: {}, measure: measureMoves, primary: true },
  { load: 'moves', system: 'colyseus', label: 'Colyseus, answer = state patch', variant: { answer: 'patch' }, measure: measureMoves, primary: true },
  { load: 'moves', system: 'colyseus', label: 'Colyseus, answer = reply message', variant: { answer: 'reply' }, measure: measureMoves },
  ...['tabula', 'boardgameio', 'colyseus'].flatMap((system) => [
    { load: 'spectators', system, label: SYSTEM_NAMES[system], variant: {}, measure: measureSpectators, primary: true },
    ...(system === 'tabula'
      ? [{ load: 'spectators', system, label: 'Tabula, views as changes', variant: { views: 'changes' }, measure: measureSpectators }]
      : []),
    { load: 'idle', system, label: SYSTEM_NAMES[system], variant: {}, measure: measureIdle, primary: true },
    { load: 'coldstart', system, label: SYSTEM_NAMES[system], variant: {}, measure: measureColdStart, primary: true },
  ]),
].filter((step) => loads.includes(step.load) && systems.includes(step.system));

const FIGURES = {
  moves: ['moves/s', 'server CPU µs/move', 'client CPU µs/move'],
  spectators: ['server CPU µs/delivery', 'latency p50 ms', 'latency p99 ms', 'missed deliveries'],
  idle: ['RSS KB/game', 'server CPU µs/creation'],
  coldstart: ['ms to first move'],
};

const results = PLAN.map((step) => ({ ...step, rounds: [], errors: [] }));
const started = performance.now();
const log = (message) => {
  const elapsed = ((performance.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[${elapsed} s] ${message}\n`);
};

for (let round = 0; round < settings.rounds; round += 1) {
  // Round 1 goes Tabula, boardgame.io, Colyseus; each later round starts one further on.
  const order = systems.map((_, i) => systems[(i + round) % systems.length]);
  log(`round ${round + 1}/${settings.rounds}: ${order.map((s) => SYSTEM_NAMES[s]).join(', ')}`);
  for (const system of order) {
    for (const result of results.filter((r) => r.system === system)) {
      const where = `round ${round + 1}, ${result.label}, ${result.load}`;
      log(`${where}: starting`);
      result.rounds[round] = await measureOnce(result, (message) => log(`${where}: ${message}`));
      log(`${where}: ${summary(result.rounds[round], FIGURES[result.load])}`);
    }
  }
}

async function measureOnce(step, stepLog) {
  let server;
  try {
    const client = await loadSystem(step.system);
    server = await startServer(step.system, settings);
    return await step.measure({ ...settings, system: client, server, variant: step.variant, log: stepLog });
  } catch (error) {
    stepLog(`failed: ${error?.stack ?? error}`);
    step.errors.push(String(error?.message ?? error).split('\n')[0]);
    return undefined;
  } finally {
    await server?.stop();
  }
}

function summary(figures, names) {
  if (!figures) return 'n/a';
  return names.map((name) => `${name} ${Number(figures[name]).toPrecision(4)}`).join(', ');
}

const elapsedSeconds = (performance.now() - started) / 1000;
const table = markdownTable(results, FIGURES);
const notes = results
  .filter((r) => r.errors.length > 0)
  .map((r) => `- ${r.label}, ${r.load}: n/a in ${r.errors.length} round(s): ${[...new Set(r.errors)].join('; ')}`);
process.stdout.write(
  `${table}\n\n${settings.rounds} round(s), ${settings.seconds} s per timed window, ${settings.games} games, ` +
    `${settings.spectators} spectators, ${settings.idleGames} idle games; ${(elapsedSeconds / 60).toFixed(1)} min in all.\n` +
    (notes.length ? `\nFailures:\n${notes.join('\n')}\n` : ''),
);

// Every round's figures, for a closer look than the medians.
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const file = `${resultsDir}${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(
  file,
  JSON.stringify({ settings: { ...settings, tabulaBin: undefined }, results: results.map(({ measure, ...r }) => r) }, null, 2),
);
log(`every round's figures: ${file}`);
process.exit(0);
