// Small helpers the tests against a real server share: an error predicate, the seats' clients of
// a created game, a board's cell, and the configurations they create most.
import assert from "node:assert/strict";
import { type Code, type CreateGameResponse, type Piece, type TabulaClient, TabulaError, type View } from "../src/index.js";

/** A predicate for `assert.rejects`: a TabulaError of this code and reason. */
export function tabulaError(code: Code, reason: string) {
  return (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.equal(error.code, code, String(error));
    assert.equal(error.reason, reason, String(error));
    return true;
  };
}

/** A client per seat of a created game, in the order of its seat tokens, each with its seat's token. */
export function seatClients(client: TabulaClient, created: CreateGameResponse): TabulaClient[] {
  return created.seatTokens.map((t) => client.withCredential(t.token));
}

/** The client of one seat of a created game: `index` in its seat tokens, 0 for the first seat. */
export function seatClient(client: TabulaClient, created: CreateGameResponse, index: number): TabulaClient {
  return client.withCredential(created.seatTokens[index].token);
}

/** The piece and owner of the view's board at (row, col). */
export function cell(view: View, row: number, col: number): [Piece, number] {
  const board = view.board!;
  const { piece, owner } = board.cells[row * board.width + col];
  return [piece, owner];
}

/** The configurations of a classic tic-tac-toe and Connect Four game, for `createGameFromConfig`. */
export const ticTacToe = { game: { case: "ticTacToe" as const, value: {} } };
export const connectFour = { game: { case: "connectFour" as const, value: {} } };
