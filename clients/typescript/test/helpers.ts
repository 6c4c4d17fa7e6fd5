// Small helpers the tests against a real server share: an error predicate, the seats' clients of
// a created game, a board's cell, the configurations they create most, and a stream's reader.
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

/** How long a stream may wait for its next event before the test fails rather than hang. */
export const READ_TIMEOUT_MS = 20_000;

/**
 * Reads `stream` one event at a time, keeping the read in flight so it can be waited on later.
 * A signal ending the stream (a test's own, or a timeout) ends the iteration quietly, which
 * `next` reports as a failure naming the event it waited for. With `eager` the first read
 * starts as soon as the reader is made; `name` names the stream in that failure.
 */
export function reader<T>(stream: AsyncIterable<T>, options: { name?: string; eager?: boolean } = {}) {
  const { name = "the stream", eager = false } = options;
  const events = stream[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | undefined;
  const read = () => (pending ??= events.next());
  if (eager) read();
  return {
    async next(what: string): Promise<T> {
      const result = await read();
      pending = undefined;
      assert.ok(!result.done, `${name} ended before ${what} (timed out after ${READ_TIMEOUT_MS} ms?)`);
      return result.value;
    },
    /** Whether no event arrives within `ms` (the read stays pending for `next`). */
    async quietFor(ms: number): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const quiet = new Promise<"quiet">((resolve) => {
        timer = setTimeout(() => resolve("quiet"), ms);
      });
      const outcome = await Promise.race([read().then(() => "event" as const), quiet]);
      clearTimeout(timer);
      return outcome === "quiet";
    },
    /** Ends the iteration (the stream's `return`). */
    async close(): Promise<void> {
      await events.return?.();
    },
  };
}

/** Asserts that each wait is its backoff within the ±20% jitter every retry and reconnect adds. */
export function assertJittered(waits: number[], backoffs: number[]): void {
  assert.equal(waits.length, backoffs.length, `waits ${waits}, expected about ${backoffs}`);
  waits.forEach((ms, i) => assert.ok(ms >= backoffs[i] * 0.8 && ms <= backoffs[i] * 1.2, `wait ${ms} ms, expected ${backoffs[i]} ±20%`));
}
