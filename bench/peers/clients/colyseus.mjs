// Colyseus's side of the common client interface (see clients/index.mjs): each player a
// client of its own (a WebSocket each), following the room's state patches. By default a
// move's answer is the state patch that holds it (variant.answer 'patch'); variant.answer
// 'reply' has the room send the mover a message at once, patches still flowing as usual.

import { Client } from '@colyseus/sdk';

import { ROOM_NAME } from '../games/colyseus.mjs';
import { CELLS } from '../games/tictactoe.mjs';
import { untilTrue } from './waiting.mjs';

/** Follows a joined room: `watch.moves` is how many moves its copy holds. */
function follow(room, onMoves) {
  const watch = { room, moves: -1, over: false, replied: 0, changed: () => {} };
  const read = (state) => {
    watch.moves = state.moves;
    watch.over = state.winner !== 0 || state.moves >= CELLS;
  };
  // The first full state may have come with the join, before anyone could listen.
  if (typeof room.state?.moves === 'number') read(room.state);
  room.onStateChange((state) => {
    read(state);
    onMoves?.(watch.moves);
    watch.changed();
  });
  room.onMessage('moved', ({ moves, over }) => {
    watch.replied = moves;
    watch.repliedOver = over;
    watch.changed();
  });
  room.onMessage('refused', (problem) => {
    throw new Error(`the room refused a move: ${problem}`);
  });
  return watch;
}

export async function connect(address, variant = {}) {
  const reply = variant.answer === 'reply';
  const endpoint = `http://${address}`;
  return {
    async createGame() {
      const first = await new Client(endpoint).create(ROOM_NAME, { reply });
      const second = await new Client(endpoint).joinById(first.roomId, { reply });
      const seats = [follow(first), follow(second)];
      await Promise.all(seats.map((seat) => untilTrue(seat, () => seat.moves >= 0, 'the first state')));
      return { id: first.roomId, seats, moves: 0 };
    },
    async move(game, seat, cell) {
      const player = game.seats[seat - 1];
      game.moves += 1;
      player.room.send('place', cell);
      if (reply) {
        await untilTrue(player, () => player.replied >= game.moves, 'the reply to a move');
        return { over: player.repliedOver };
      }
      await untilTrue(player, () => player.moves >= game.moves, 'the patch with a move');
      return { over: player.over };
    },
    async closeGame(game) {
      await Promise.all(game.seats.map((seat) => seat.room.leave()));
    },
    async createIdleGame() {
      // Matchmaking over HTTP creates the room and reserves a seat nobody takes.
      const response = await fetch(`${endpoint}/matchmake/create/${ROOM_NAME}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idle: true }),
      });
      if (!response.ok) throw new Error(`matchmake: HTTP ${response.status}`);
      await response.arrayBuffer();
    },
    close() {},
  };
}

export async function spectate(address, gameId, onMove) {
  const room = await new Client(`http://${address}`).joinById(gameId, { spectator: true });
  const watch = follow(room, (moves) => {
    if (moves > 0) onMove(moves);
  });
  await untilTrue(watch, () => watch.moves >= 0, 'a spectator\'s first state');
  return { close: () => room.leave() };
}
