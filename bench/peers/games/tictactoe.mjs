// The benchmark's game, the same rules Tabula's tic_tac_toe applies with size 19 and
// win_length 5: seats alternate, a mark on an empty cell, five in a row (any of the four
// directions) wins, a full board without one is a draw. The two Node servers validate
// moves with these functions so that all three systems do the same work per move.

export const SIZE = 19;
export const WIN_LENGTH = 5;
export const CELLS = SIZE * SIZE;

/** An empty board: one byte per cell, 0 empty, 1 or 2 the seat whose mark it holds. */
export function emptyBoard() {
  return new Uint8Array(CELLS);
}

/** Whether the mark just put at `cell` by `seat` completes a line of WIN_LENGTH. */
export function completesLine(board, cell, seat) {
  const row = Math.floor(cell / SIZE);
  const col = cell % SIZE;
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
    let run = 1;
    for (const sign of [1, -1]) {
      let r = row + sign * dr;
      let c = col + sign * dc;
      while (r >= 0 && r < SIZE && c >= 0 && c < SIZE && board[r * SIZE + c] === seat) {
        run += 1;
        r += sign * dr;
        c += sign * dc;
      }
    }
    if (run >= WIN_LENGTH) return true;
  }
  return false;
}

/**
 * Why `seat` may not mark `cell` now, or null when it may. `board` may be any indexable
 * list of cells (a Uint8Array, an array, a Colyseus ArraySchema).
 */
export function refusal({ board, toAct, winner, moves }, seat, cell) {
  if (winner !== 0 || moves >= CELLS) return 'game over';
  if (seat !== toAct) return 'not your turn';
  if (!Number.isInteger(cell) || cell < 0 || cell >= CELLS) return 'no such cell';
  if (board[cell] !== 0) return 'cell occupied';
  return null;
}

/** The seat other than `seat` in a two-seat game. */
export function otherSeat(seat) {
  return seat === 1 ? 2 : 1;
}
