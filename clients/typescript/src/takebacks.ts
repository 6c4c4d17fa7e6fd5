/**
 * How long the move that ended a game may still be taken back, for a game's
 * `config.endingTakebackWindow`:
 *
 * ```ts
 * const created = await client.createGameFromConfig({
 *   game: { case: "ticTacToe", value: {} },
 *   allowTakebacks: true,
 *   endingTakebackWindow: endingTakebackWindowMs(60_000),
 * });
 * ```
 *
 * Times are milliseconds, rounded to whole ones: the server takes nothing finer.
 */
import { durationFromMs, type Duration } from "@bufbuild/protobuf/wkt";

/**
 * A game's ending takeback window, for `GameConfig.endingTakebackWindow`
 * (`createGameFromConfig({ ...config, allowTakebacks: true, endingTakebackWindow:
 * endingTakebackWindowMs(60_000) })`), from `ms` milliseconds (1 second to 1 hour). With it,
 * for that long after a move ended the game by the rules (a line, a mate, a full board; not a
 * resignation, a timeout, an agreement, a claim, an abort or an adjudication) the seat that
 * made it may still take it back: `takeBack` (or, where takebacks need consent, a request the
 * other seat accepts with `answerTakeBack`) puts the game back in progress, logging a
 * `moveTakenBack` and then a `gameResumed` event (on the game's stream, and as
 * `OwnerEventKind.GAME_RESUMED` on the owner's); the clocks run again, and an engine to move
 * moves. The window counts from the game's last event (its `gameEnded`, or a request to take
 * the move back); the end is final once it has passed, once such a request is declined, or
 * once the game is archived. Until then the game's event stream stays open after its
 * `gameEnded`, and `createRematch` and `archiveGame` reject with FAILED_PRECONDITION
 * GAME_NOT_FINISHED, whose metadata `final_at` (RFC 3339) says when the end is final. Without
 * it a game's end is final at once. Creation rejects with INVALID_ARGUMENT INVALID_REQUEST,
 * a field violation on `config.endingTakebackWindow` (or `spectatorDelay`), for a window out
 * of range, without `allowTakebacks`, in Battleship, in peg solitaire, in a series, or with
 * `spectatorDelay`.
 */
export function endingTakebackWindowMs(ms: number): Duration {
  return durationFromMs(Math.round(ms));
}
