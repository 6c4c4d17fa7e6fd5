/**
 * The unary retry policy: which calls may be sent again (those safe to repeat), after which
 * failures (UNAVAILABLE), how many times and how long apart; and wait-for-ready, which Connect
 * lacks, emulated by retrying while the server cannot be reached until the call's deadline.
 * `retryUnary` is the one place that retries; the client's transport runs every unary call
 * through it.
 */
import type { DescMethod } from "@bufbuild/protobuf";
import { Code, ConnectError, type ContextValues, createContextKey, createContextValues } from "@connectrpc/connect";
import { type TabulaError, toTabulaError } from "./errors.js";

/** How a unary call is retried after UNAVAILABLE; every field left out takes `DEFAULT_RETRY_POLICY`'s. */
export interface RetryPolicy {
  /** Attempts in all, the first included (default 5); 1 sends the call once. */
  maxAttempts?: number;
  /** The wait before the first retry, in milliseconds (default 100); each next one doubles. */
  initialBackoffMs?: number;
  /** The longest wait between two attempts, in milliseconds (default 2,000). */
  maxBackoffMs?: number;
  /**
   * Called before each retry with the failure, the number of the attempt about to be made (2
   * for the first retry) and the wait before it in milliseconds: to log it or tell a person.
   */
  onRetry?: (error: TabulaError, attempt: number, delayMs: number) => void;
}

/** The policy every client uses unless told otherwise: 5 attempts, 0.1 s doubling to at most 2 s apart. */
export const DEFAULT_RETRY_POLICY: Readonly<Required<Omit<RetryPolicy, "onRetry">>> = Object.freeze({
  maxAttempts: 5,
  initialBackoffMs: 100,
  maxBackoffMs: 2000,
});

/** The longest a call without a deadline spends retrying, in milliseconds, from its first attempt. */
export const RETRY_BUDGET_MS = 10_000;

/** Each wait is the backoff times a random factor in [1 - JITTER, 1 + JITTER], so that clients spread out. */
const JITTER = 0.2;

/** How one call retries: a policy (false: never) and whether it waits for the server to be reachable. */
export interface RetrySettings {
  retry: RetryPolicy | false;
  waitForReady: boolean;
}

/** A call's own settings, each undefined for the client's. */
const CALL_SETTINGS = createContextKey<Partial<RetrySettings>>({}, { description: "tabula retry settings" });

/** The context values that carry a call's own settings from the client's methods to its transport. */
export function callRetrySettings(settings: Partial<RetrySettings>): ContextValues {
  return createContextValues().set(CALL_SETTINGS, settings);
}

/** The settings a call runs with: its own where it has them, else the client's. */
export function effectiveSettings(client: RetrySettings, contextValues: ContextValues | undefined): RetrySettings {
  const own = contextValues?.get(CALL_SETTINGS) ?? {};
  return { retry: own.retry ?? client.retry, waitForReady: own.waitForReady ?? client.waitForReady };
}

/**
 * Whether sending the call twice does no harm: every read (a method named `Get...`, `List...`
 * or `Export...`), every request that only checks (`validateOnly`: it stores nothing), and
 * every write whose request carries a non-empty `requestId`, which the server applies at most
 * once.
 */
export function isRetrySafe(method: DescMethod, input: object): boolean {
  if (/^(Get|List|Export)/.test(method.name)) return true;
  const { requestId, validateOnly } = input as { requestId?: unknown; validateOnly?: unknown };
  // A request that only checks stores nothing.
  if (validateOnly === true) return true;
  return typeof requestId === "string" && requestId !== "";
}

/** The jittered wait before retry `retry` (1 for the first): `initialMs` doubling, at most `maxMs`. */
export function backoffMs(retry: number, initialMs: number, maxMs: number): number {
  const base = Math.min(maxMs, initialMs * 2 ** (retry - 1));
  return Math.round(base * (1 - JITTER + 2 * JITTER * Math.random()));
}

/** System error codes of a connection that was never made, so no call went out on it. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * Whether the failure happened before the server took the call: its connection could not be
 * made, or the server refused the stream unprocessed (HTTP/2's REFUSED_STREAM, as a server
 * shutting down does to calls that raced its GOAWAY).
 */
function neverSent(error: ConnectError): boolean {
  return isRefusedStream(error) || causes(error).some((cause) => NOT_CONNECTED.has(systemCode(cause)));
}

/**
 * Whether the server refused the call's HTTP/2 stream without processing it. gRPC reports
 * that as UNAVAILABLE; Node's transport may report it as INTERNAL, which `asUnavailable` mends.
 */
function isRefusedStream(error: ConnectError): boolean {
  return causes(error).some((cause) => systemCode(cause) === "ERR_HTTP2_STREAM_ERROR" && cause.message.includes("REFUSED_STREAM"));
}

/** `error`, reported as UNAVAILABLE when its stream was refused unprocessed, as gRPC reports it. */
function asUnavailable(error: ConnectError): ConnectError {
  if (error.code === Code.Unavailable || !isRefusedStream(error)) return error;
  // No status came from the server, so there are no details to keep.
  return new ConnectError(error.rawMessage, Code.Unavailable, error.metadata, undefined, error);
}

/** The errors `error` was caused by, nearest first. */
function causes(error: Error): Error[] {
  const chain: Error[] = [];
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) chain.push(cause);
  return chain;
}

/** A Node system error's `code` (`ECONNREFUSED`), or "". */
function systemCode(error: Error): string {
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

/**
 * Whether the server could not be reached or could not serve: UNAVAILABLE, and fetch's
 * `TypeError` for a connection refused or dropped (a browser's transport), which Connect
 * passes on as UNKNOWN.
 */
function isUnavailable(error: ConnectError): boolean {
  if (error.code === Code.Unavailable) return true;
  return error.code === Code.Unknown && causes(error).some((cause) => cause instanceof TypeError);
}

/** One attempt of the call, given the milliseconds it may take (undefined or 0: as the call was given). */
type Attempt<T> = (timeoutMs: number | undefined) => Promise<T>;

/** What `retryUnary` needs to know of the call besides its attempt. */
export interface UnaryCall {
  /** Whether the call may be sent again (`isRetrySafe`). */
  safe: boolean;
  settings: RetrySettings;
  /** The call's deadline in milliseconds from now; undefined or 0 or less: none. */
  timeoutMs: number | undefined;
  /** The call's own signal: cancelling it (or closing the client) ends a wait. */
  signal: AbortSignal;
}

/**
 * Runs `attempt` until it succeeds or may not be retried. A retry-safe call is sent again
 * after UNAVAILABLE, up to the policy's attempts, never past its deadline nor, when it has
 * none, `RETRY_BUDGET_MS` after the first attempt; each wait is the policy's backoff with
 * jitter. With wait-for-ready, a call is sent again for as long as its deadline allows while
 * the server cannot be reached: any call whose connection could not be made (nothing was
 * sent), a retry-safe one after any UNAVAILABLE; at the deadline it fails with
 * DEADLINE_EXCEEDED. Otherwise the last failure is thrown as it came.
 */
export async function retryUnary<T>(call: UnaryCall, attempt: Attempt<T>): Promise<T> {
  const { safe, settings, signal } = call;
  const policy = settings.retry === false ? undefined : { ...DEFAULT_RETRY_POLICY, ...definedFields(settings.retry) };
  const backoff = policy ?? DEFAULT_RETRY_POLICY;
  const start = Date.now();
  const deadline = call.timeoutMs !== undefined && call.timeoutMs > 0 ? start + call.timeoutMs : undefined;
  for (let attempts = 1; ; attempts++) {
    try {
      return await attempt(deadline === undefined ? call.timeoutMs : Math.max(1, deadline - Date.now()));
    } catch (thrown) {
      const error = asUnavailable(ConnectError.from(thrown));
      if (signal.aborted || !isUnavailable(error)) throw error;
      const waiting = settings.waitForReady && (safe || neverSent(error));
      const retrying = policy !== undefined && safe && attempts < policy.maxAttempts;
      if (!waiting && !retrying) throw error;
      let delayMs = backoffMs(attempts, backoff.initialBackoffMs, backoff.maxBackoffMs);
      const end = deadline ?? (waiting ? undefined : start + RETRY_BUDGET_MS);
      if (end !== undefined && Date.now() + delayMs >= end) {
        if (!waiting) throw error;
        // Waiting for the server: the deadline ends the wait, as gRPC's wait-for-ready does.
        delayMs = Math.max(0, end - Date.now());
        policy?.onRetry?.(toTabulaError(error), attempts + 1, delayMs);
        await sleep(delayMs, signal);
        throw new ConnectError("the deadline passed while waiting for the server", Code.DeadlineExceeded, undefined, undefined, error);
      }
      policy?.onRetry?.(toTabulaError(error), attempts + 1, delayMs);
      await sleep(delayMs, signal);
    }
  }
}

/** `policy` without its fields set to undefined, so that they do not hide the defaults. */
function definedFields(policy: RetryPolicy): RetryPolicy {
  return Object.fromEntries(Object.entries(policy).filter(([, value]) => value !== undefined));
}

/** Waits `ms`, or rejects with the reason `signal` aborts with. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(ConnectError.from(signal.reason, Code.Canceled));
    const done = () => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(ConnectError.from(signal?.reason, Code.Canceled));
    };
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
