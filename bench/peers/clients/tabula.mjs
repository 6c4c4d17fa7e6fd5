// Tabula's side of the common client interface (see clients/index.mjs), over the default
// Node gRPC client: @grpc/grpc-js with the service loaded from the repository's .proto
// files at run time.

import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';

import { SIZE, WIN_LENGTH } from '../games/tictactoe.mjs';
import { colOf, rowOf } from '../games/players.mjs';

const PROTO_ROOT = fileURLToPath(new URL('../../../proto', import.meta.url));
const HEALTH_PROTO = fileURLToPath(new URL('./health.proto', import.meta.url));

const LOADER_OPTIONS = { keepCase: true, longs: Number, enums: String, defaults: false, oneofs: true };

const packages = grpc.loadPackageDefinition(
  protoLoader.loadSync(['tabula/v1/game_service.proto', HEALTH_PROTO], { ...LOADER_OPTIONS, includeDirs: [PROTO_ROOT] }),
);
const { GameService } = packages.tabula.v1;
const { Health } = packages.grpc.health.v1;

const VIEWS = { full: 'SUBMIT_MOVE_VIEW_UNSPECIFIED', basic: 'SUBMIT_MOVE_VIEW_BASIC' };

// A channel of its own, not shared with any other client of this process: grpc-js would
// otherwise put every client for one address on one HTTP/2 connection.
const OWN_CONNECTION = { 'grpc.use_local_subchannel_pool': 1 };

const unary = (client, method, request, metadata = new grpc.Metadata()) =>
  new Promise((resolve, reject) => {
    client[method](request, metadata, (error, answer) => (error ? reject(error) : resolve(answer)));
  });

const waitForReady = (client) =>
  new Promise((resolve, reject) => {
    client.waitForReady(Date.now() + 10_000, (error) => (error ? reject(error) : resolve()));
  });

/** Opens one connection for creating games and moving in them. `variant.view`: full | basic. */
export async function connect(address, variant = {}) {
  const view = VIEWS[variant.view ?? 'full'];
  const client = new GameService(address, grpc.credentials.createInsecure(), OWN_CONNECTION);
  await waitForReady(client);
  let health;
  return {
    async createGame() {
      const answer = await unary(client, 'CreateGame', {
        config: { tic_tac_toe: { size: SIZE, win_length: WIN_LENGTH } },
      });
      const seats = answer.seat_tokens.map(({ token }) => {
        const metadata = new grpc.Metadata();
        metadata.set('authorization', `Bearer ${token}`);
        return metadata;
      });
      return { id: answer.game.game_id, seats };
    },
    async move(game, seat, cell) {
      const answer = await unary(
        client,
        'SubmitMove',
        { game_id: game.id, move: { place: { cell: { row: rowOf(cell), col: colOf(cell) } } }, view },
        game.seats[seat - 1],
      );
      return { over: answer.status !== 'GAME_STATUS_IN_PROGRESS' };
    },
    async closeGame() {
      // Nothing to close: both seats speak over this one connection.
    },
    async createIdleGame() {
      await this.createGame();
    },
    /** The transport's ceiling: one health check, the cheapest call the server answers. */
    async health() {
      health ??= new Health(address, grpc.credentials.createInsecure(), { channelOverride: client.getChannel() });
      return unary(health, 'Check', { service: '' });
    },
    close() {
      health?.close?.();
      client.close();
    },
  };
}

/**
 * Opens a spectator on a connection of its own and follows `gameId`'s events; calls
 * `onMove(moveNumber)` (1 for the game's first move) as each move arrives. Resolves once
 * the stream is open and has delivered the game's creation. `variant.views`: `none` (the
 * events alone, the default) or `changes` (each event with the board's change, as a
 * spectator drawing the board from the stream would ask).
 */
export async function spectate(address, gameId, onMove, variant = {}) {
  const client = new GameService(address, grpc.credentials.createInsecure(), OWN_CONNECTION);
  const stream = client.StreamEvents({ game_id: gameId, after_seq: 0, view_changes: variant.views === 'changes' });
  let closing = false;
  await new Promise((resolve, reject) => {
    stream.on('data', ({ event }) => {
      // seq 1 is the game's creation; each move is one event after it.
      if (event.seq === 1) resolve();
      else if (event.move_applied) onMove(event.seq - 1);
    });
    stream.on('error', (error) => {
      if (!closing) reject(error);
    });
  });
  return {
    close() {
      closing = true;
      stream.cancel();
      client.close();
    },
  };
}
