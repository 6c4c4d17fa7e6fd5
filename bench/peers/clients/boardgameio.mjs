// boardgame.io's side of the common client interface (see clients/index.mjs): games made
// through the Lobby REST API, each player a boardgame.io client of its own over
// socket.io, as a browser would be.

import { client, multiplayer } from '../games/boardgameio-modules.mjs';
import { TicTacToe19 } from '../games/boardgameio.mjs';
import { untilTrue } from './waiting.mjs';

const lobby = async (address, path, body) => {
  const response = await fetch(`http://${address}/games/${TicTacToe19.name}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`lobby ${path}: HTTP ${response.status}`);
  return response.json();
};

/** A match with both seats joined, as the lobby answers it: { matchID, credentials }. */
async function createMatch(address) {
  const { matchID } = await lobby(address, '/create', { numPlayers: 2 });
  const credentials = [];
  for (const playerID of ['0', '1']) {
    const joined = await lobby(address, `/${matchID}/join`, { playerID, playerName: `seat ${playerID}` });
    credentials.push(joined.playerCredentials);
  }
  return { matchID, credentials };
}

/**
 * A boardgame.io client in a match, following its state: `watch.moves` is the number of
 * moves its copy of the game holds, `watch.over` whether that copy is finished.
 */
function joinClient(address, matchID, playerID, credentials, onState) {
  const client = Client({
    game: TicTacToe19,
    numPlayers: 2,
    multiplayer: SocketIO({ server: `http://${address}` }),
    matchID,
    playerID,
    credentials,
    debug: false,
  });
  const watch = { client, moves: -1, over: false, changed: () => {} };
  client.subscribe((state) => {
    if (!state) return;
    watch.moves = state.G.moves;
    watch.over = Boolean(state.ctx.gameover);
    onState?.(watch.moves);
    watch.changed();
  });
  client.start();
  return watch;
}

const { Client } = client();
const { SocketIO } = multiplayer();

export async function connect(address) {
  return {
    async createGame() {
      const { matchID, credentials } = await createMatch(address);
      const seats = ['0', '1'].map((playerID, i) => joinClient(address, matchID, playerID, credentials[i]));
      await Promise.all(seats.map((seat) => untilTrue(seat, () => seat.moves >= 0, 'the first state')));
      return { id: matchID, seats, moves: 0 };
    },
    async move(game, seat, cell) {
      const player = game.seats[seat - 1];
      // A client sends its copy's state number with the move, and the server drops a move
      // made on a stale copy: the seat moves once its copy holds the previous move.
      await untilTrue(player, () => player.moves >= game.moves, 'the previous move');
      game.moves += 1;
      player.client.moves.place(cell);
      await untilTrue(player, () => player.moves >= game.moves, 'the answer to a move');
      return { over: player.over };
    },
    async closeGame(game) {
      for (const seat of game.seats) seat.client.stop();
    },
    async createIdleGame() {
      await createMatch(address);
    },
    close() {},
  };
}

export async function spectate(address, gameId, onMove) {
  // A client without a playerID is a spectator: it receives every state, may not move.
  const watch = joinClient(address, gameId, undefined, undefined, (moves) => {
    if (moves > 0) onMove(moves);
  });
  await untilTrue(watch, () => watch.moves >= 0, 'a spectator\'s first state');
  return { close: () => watch.client.stop() };
}
