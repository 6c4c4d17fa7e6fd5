// The benchmark's game as a Colyseus room: the board and the turn in schema state, which
// Colyseus sends to every client as patches; moves arrive as messages and are validated
// here. A room made with `{ idle: true }` stays when empty (the idle load makes such rooms
// over HTTP, nobody joins them); other rooms go once their last client leaves, as usual.

import { Room } from '@colyseus/core';
import { ArraySchema, schema, t } from '@colyseus/schema';

import { CELLS, completesLine, otherSeat, refusal } from './tictactoe.mjs';

export const ROOM_NAME = 'tictactoe19';

const GameState = schema({
  board: t.array('uint8'),
  toAct: t.uint8(),
  winner: t.uint8(),
  moves: t.uint16(),
});

export class TicTacToeRoom extends Room {
  onCreate(options) {
    const state = new GameState();
    state.board = new ArraySchema(...new Array(CELLS).fill(0));
    state.toAct = 1;
    state.winner = 0;
    state.moves = 0;
    this.setState(state);
    this.autoDispose = !options?.idle;
    // Seats are given in the order players join; spectators get none.
    this.seated = 0;
    this.onMessage('place', (client, cell) => this.place(client, cell));
  }

  onJoin(client, options) {
    if (options?.spectator) return;
    this.seated += 1;
    client.userData = { seat: this.seated, reply: Boolean(options.reply) };
  }

  place(client, cell) {
    const seat = client.userData?.seat;
    const { state } = this;
    const problem = seat ? refusal(state, seat, cell) : 'spectators do not move';
    if (problem) {
      client.send('refused', problem);
      return;
    }
    state.board[cell] = seat;
    state.moves += 1;
    if (completesLine(state.board, cell, seat)) state.winner = seat;
    state.toAct = otherSeat(seat);
    const over = state.winner !== 0 || state.moves >= CELLS;
    // For the variant whose mover waits for a reply rather than for the next patch.
    if (client.userData.reply) client.send('moved', { moves: state.moves, over });
  }
}
