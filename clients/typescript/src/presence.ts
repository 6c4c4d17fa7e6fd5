/**
 * Seats' presence, for a game's `config.presence`, and a seat's presence read from a view:
 *
 * ```ts
 * const created = await client.createGameFromConfig({
 *   game: { case: "chess", value: {} },
 *   presence: presenceConfig({ awayAfterMs: 30_000, claimAfterMs: 60_000 }),
 * });
 * const theirs = seatPresence(await x.getView(gameId), 2); // { present, since, claimableAt }
 * ```
 *
 * Times are milliseconds, rounded to whole ones: the server takes nothing finer.
 */
import { create } from "@bufbuild/protobuf";
import { durationFromMs } from "@bufbuild/protobuf/wkt";
import { type PresenceConfig, PresenceConfigSchema } from "./gen/tabula/v1/config_pb.js";
import type { SeatPresence, View } from "./gen/tabula/v1/view_pb.js";

/** The windows of `presenceConfig`, in milliseconds; each left out takes the server's default. */
export interface PresenceOptions {
  /**
   * How long a seat stays present after its last call to the game, and after its last event
   * stream of the game closed: 1 second to 1 hour; absent: 30 seconds.
   */
  awayAfterMs?: number;
  /**
   * In a two-seat game: how long the seat to move must have been gone before the other seat
   * may claim the game, or a draw, with `claimVictory`: 1 second to 7 days; absent: no claim.
   */
  claimAfterMs?: number;
}

/**
 * A game's `PresenceConfig`, for `GameConfig.presence` (`createGameFromConfig({ ...config,
 * presence: presenceConfig({ claimAfterMs: 60_000 }) })`). With it the server keeps, for every
 * seat its engine does not play, whether the seat is present: it holds an event stream of the
 * game, or called within `awayAfterMs`. Each change is a `seatPresenceChanged` event (on the
 * game's stream, and as `OwnerEventKind.SEAT_PRESENT` or `SEAT_GONE` on the owner's), and
 * views list the seats' presence (`View.presence`, `seatPresence`). With `claimAfterMs`, once
 * the seat to move has been gone that long, the other seat may end the game with
 * `claimVictory` (won, or drawn). `presenceConfig()` keeps presence with the default window
 * and no claim. Windows out of range reject the creation with INVALID_CONFIG.
 */
export function presenceConfig(options: PresenceOptions = {}): PresenceConfig {
  const { awayAfterMs, claimAfterMs } = options;
  return create(PresenceConfigSchema, {
    ...(awayAfterMs === undefined ? {} : { awayAfter: durationFromMs(Math.round(awayAfterMs)) }),
    ...(claimAfterMs === undefined ? {} : { claimAfter: durationFromMs(Math.round(claimAfterMs)) }),
  });
}

/**
 * Seat `seat`'s (from 1) presence in `view`: `present`, `since` (when it came or went; unset
 * for a seat that has not come since the game was created) and, for a seat gone in a game
 * with a claim window, `claimableAt` (from when the other seat may claim while this one is to
 * move). Undefined in a game that keeps no presence, and for a seat the engine plays.
 */
export function seatPresence(view: View, seat: number): SeatPresence | undefined {
  return view.presence.find((presence) => presence.seat === seat);
}
