/**
 * Typing for what the server always sends. The generated types make every message field
 * optional (`game?: Game`), as proto3 has it, so that strict TypeScript asks for a check or a
 * `!` at each use; the client checks the fields it knows the server sends once, as it
 * receives them, and types them as present.
 */
import { Code } from "@connectrpc/connect";
import { TabulaError } from "./errors.js";

/** `T` with its fields `K` present: `Present<CreateGameResponse, "game">` has `game: Game`. */
export type Present<T, K extends keyof T> = T & { [F in K]-?: Exclude<T[F], undefined> };

/**
 * `value`, typed with `fields` present once checked: a response lacking one, which the
 * server always sends, rejects with INTERNAL rather than fail later where it is read.
 */
export function present<T, K extends keyof T>(value: T, ...fields: K[]): Present<T, K> {
  for (const field of fields) {
    if (value[field] === undefined) throw new TabulaError(Code.Internal, `the response holds no ${String(field)}`);
  }
  return value as Present<T, K>;
}
