// The benchmark's game as a boardgame.io game. The moves run on the server only
// (`client: false`), so that the server validates every one and the clients wait for it.

import { core } from './boardgameio-modules.mjs';

import { CELLS, completesLine, refusal } from './tictactoe.mjs';

const { INVALID_MOVE } = core;

// boardgame.io numbers players from '0'; the shared rules number seats from 1.
const seatOf = (playerID) => Number(playerID) + 1;

export const TicTacToe19 = {
  name: 'tictactoe19',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ board: new Array(CELLS).fill(0), moves: 0, winner: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    place: {
      client: false,
      move: ({ G, ctx, playerID }, cell) => {
        const seat = seatOf(playerID);
        const toAct = seatOf(ctx.currentPlayer);
        if (refusal({ board: G.board, toAct, winner: G.winner, moves: G.moves }, seat, cell)) return INVALID_MOVE;
        G.board[cell] = seat;
        G.moves += 1;
        if (completesLine(G.board, cell, seat)) G.winner = seat;
      },
    },
  },
  endIf: ({ G }) => {
    if (G.winner) return { winner: String(G.winner - 1) };
    if (G.moves >= CELLS) return { draw: true };
    return undefined;
  },
};
