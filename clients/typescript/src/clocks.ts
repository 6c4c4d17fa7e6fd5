/**
 * Time controls for the `clock` option of `createGameFromConfig`, and a seat's time read from a
 * view or an event:
 *
 * ```ts
 * const created = await client.createGameFromConfig(config, { clock: clocks.fischer(300_000, 2_000) });
 * const left = clocks.remainingMs(await client.getView(gameId), 1); // counted down to now
 * ```
 *
 * Times are milliseconds, rounded to whole ones: the server takes nothing finer.
 */
import { create } from "@bufbuild/protobuf";
import { durationFromMs, durationMs, timestampMs } from "@bufbuild/protobuf/wkt";
import {
  type ClockConfig,
  ClockConfigSchema,
  type ClockReadings,
  type SeatClock,
  type TimeControl,
  TimeControlSchema,
  TimeoutRule,
} from "./gen/tabula/v1/clock_pb.js";
import type { GameEvent } from "./gen/tabula/v1/event_pb.js";
import type { View } from "./gen/tabula/v1/view_pb.js";

/** Where clock readings are found: a view, an event, or the readings themselves. */
export type Readings = View | GameEvent | ClockReadings;

function millis(ms: number) {
  return durationFromMs(Math.round(ms));
}

/**
 * `baseMs` for the whole game (1 second to 30 days), plus `incrementMs` (at most 1 hour)
 * after each of the seat's moves: `fischer(300_000, 2_000)` is 5 minutes + 2 seconds.
 */
export function fischer(baseMs: number, incrementMs = 0): TimeControl {
  return create(TimeControlSchema, {
    control: { case: "fischer", value: { base: millis(baseMs), increment: millis(incrementMs) } },
  });
}

/** `baseMs` for the whole game; after each move the time it took is given back, up to `delayMs` (at most 1 hour). */
export function bronstein(baseMs: number, delayMs: number): TimeControl {
  return create(TimeControlSchema, {
    control: { case: "bronstein", value: { base: millis(baseMs), delay: millis(delayMs) } },
  });
}

/** `baseMs` for the whole game; each turn the clock starts only once `delayMs` (at most 1 hour) has passed. */
export function simpleDelay(baseMs: number, delayMs: number): TimeControl {
  return create(TimeControlSchema, {
    control: { case: "simpleDelay", value: { base: millis(baseMs), delay: millis(delayMs) } },
  });
}

/** A fixed `timeMs` for each move, from 1 second to 1 day; unused time is lost. */
export function perMove(timeMs: number): TimeControl {
  return create(TimeControlSchema, { control: { case: "perMove", value: millis(timeMs) } });
}

/** Correspondence: `days` (1 to 60) for each move. */
export function correspondence(days: number): TimeControl {
  return create(TimeControlSchema, { control: { case: "correspondenceDays", value: days } });
}

/**
 * A game's clocks: one control for every seat, or one per seat in seat order (a handicap),
 * and what running out of time does: `TimeoutRule.LOSE` (the default) or
 * `TimeoutRule.DEFAULT_MOVE` (the server's engine moves for the seat, and the game goes on).
 * `firstMoveWindowMs` (1 second to 1 day; unset: none, the clocks run from the start) is the
 * longest a seat may take to make its first move, from when it is first to act: until then
 * its own clock does not run, and a seat that lets the window pass is a no-show, so the
 * server's clock aborts the game (a `gameAborted` event by the clock naming the seat, then a
 * `gameEnded` with `EndReason.ABORTED`), rather than the seat losing on time.
 */
export function clockConfig(
  controls: TimeControl | TimeControl[],
  onTimeout?: TimeoutRule,
  firstMoveWindowMs?: number,
): ClockConfig {
  return create(ClockConfigSchema, {
    controls: Array.isArray(controls) ? controls : [controls],
    onTimeout: onTimeout ?? TimeoutRule.UNSPECIFIED,
    ...(firstMoveWindowMs === undefined ? {} : { firstMoveWindow: millis(firstMoveWindowMs) }),
  });
}

/**
 * The clock readings of a view or an event; undefined in a game without clocks, and for a
 * `gameEnded` event (its clocks are those of the event before it).
 */
export function readings(source: Readings): ClockReadings | undefined {
  return source.$typeName === "tabula.v1.ClockReadings" ? source : source.clock;
}

/**
 * Seat `seat`'s (from 1) clock, as it was read (`remaining` at `readAt`, `running`,
 * `deadline`); undefined without readings or without that seat.
 */
export function seatClock(source: Readings, seat: number): SeatClock | undefined {
  return readings(source)?.seats.find((clock) => clock.seat === seat);
}

/**
 * Seat `seat`'s time left at `now` (default: this moment), in milliseconds: a running clock
 * (`running`, the clocks not paused) counts down from `remaining` at `readAt`, after any delay
 * still to pass then (a simple delay: its `deadline` is further off than `remaining`); a
 * stopped one shows `remaining`. Never below zero. Undefined without readings or without that
 * seat. `now` is compared with the server's timestamps, so the two machines' clocks should
 * agree.
 */
export function remainingMs(source: Readings, seat: number, now: Date | number = Date.now()): number | undefined {
  const found = readings(source);
  const clock = seatClock(source, seat);
  if (found === undefined || clock === undefined) return undefined;
  const left = clock.remaining === undefined ? 0 : durationMs(clock.remaining);
  if (!clock.running || found.paused || found.readAt === undefined) return left;
  const readAt = timestampMs(found.readAt);
  const delay = clock.deadline === undefined ? 0 : Math.max(0, timestampMs(clock.deadline) - readAt - left);
  const elapsed = Math.max(0, (typeof now === "number" ? now : now.getTime()) - readAt);
  return Math.max(0, left - Math.max(0, elapsed - delay));
}
