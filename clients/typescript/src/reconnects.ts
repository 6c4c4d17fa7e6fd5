/**
 * When an event stream reconnects after a failure it may resume from, and when it gives up:
 * the same rule for a game's, a series', a tournament's and an owner's stream.
 */
import { backoffMs } from "./retry.js";

/**
 * How long an event stream keeps trying to reconnect, in milliseconds, from its first failure
 * without a successful reconnect in between, before it gives up (`StreamOptions.reconnectBudgetMs`).
 */
export const DEFAULT_RECONNECT_BUDGET_MS = 30_000;
/** The wait before a stream's first reconnect; each next one doubles, up to the cap. */
const INITIAL_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 2000;

/** The options that bound a stream's reconnecting (`StreamOptions`' `retries` and `reconnectBudgetMs`). */
export interface ReconnectLimits {
  retries?: number;
  reconnectBudgetMs?: number;
}

/**
 * A stream's reconnects: `next` is the wait before the next attempt (100 ms doubling to 2 s,
 * ±20%), or undefined to give up once the stream has failed for `reconnectBudgetMs` since its
 * last success (the last wait shortened to end at the budget, so that an attempt is made
 * then) or `retries` times in a row; `succeeded` starts afresh. `retries: Infinity` without
 * a budget resumes forever, as it always has.
 */
export class Reconnects {
  readonly #budgetMs: number;
  readonly #retries: number;
  readonly #now: () => number;
  #failures = 0;
  #failingSince: number | undefined;

  constructor(limits: ReconnectLimits, now: () => number = Date.now) {
    this.#retries = limits.retries ?? Infinity;
    const forever = limits.retries === Infinity;
    this.#budgetMs = limits.reconnectBudgetMs ?? (forever ? Infinity : DEFAULT_RECONNECT_BUDGET_MS);
    this.#now = now;
  }

  /** The stream (re)opened or delivered an event. */
  succeeded(): void {
    this.#failures = 0;
    this.#failingSince = undefined;
  }

  /** The wait in milliseconds before reconnecting after a failure, or undefined to give up. */
  next(): number | undefined {
    const now = this.#now();
    this.#failingSince ??= now;
    if (this.#failures >= this.#retries) return undefined;
    const left = this.#failingSince + this.#budgetMs - now;
    if (left <= 0) return undefined;
    this.#failures += 1;
    return Math.min(left, backoffMs(this.#failures, INITIAL_BACKOFF_MS, MAX_BACKOFF_MS));
  }
}
