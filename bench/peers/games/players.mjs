// How the load generators choose moves: the same choices for every system, so that each
// server sees games of the same length.

import { CELLS, SIZE } from './tictactoe.mjs';

/** The cells in a random order: a game's moves are taken from its front. */
export function shuffledCells(random = Math.random) {
  const cells = Array.from({ length: CELLS }, (_, i) => i);
  for (let i = cells.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  return cells;
}

/**
 * A move order that fills the whole board without either seat ever having five in a row,
 * so that one game can last as long as the board allows (the spectator load plays a single
 * game). The colouring repeats every two cells along a row and shifts by one per row, which
 * leaves runs of at most two in every direction; the first seat gets the larger colour.
 */
export function drawnGameOrder(random = Math.random) {
  const byColour = [[], []];
  for (let r = 0; r < SIZE; r += 1) {
    for (let c = 0; c < SIZE; c += 1) byColour[((c + 2 * r) >> 1) & 1].push(r * SIZE + c);
  }
  byColour.sort((a, b) => b.length - a.length);
  const [first, second] = byColour.map((cells) => shuffle(cells, random));
  const order = [];
  for (let i = 0; i < first.length; i += 1) {
    order.push(first[i]);
    if (i < second.length) order.push(second[i]);
  }
  return order;
}

function shuffle(list, random) {
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

export const rowOf = (cell) => Math.floor(cell / SIZE);
export const colOf = (cell) => cell % SIZE;
