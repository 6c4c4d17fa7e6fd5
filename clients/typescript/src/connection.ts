/**
 * What every client made from one transport shares, and the transport each credential's calls
 * go through: the credential in `authorization`, the default deadline and the retry policy on
 * unary calls, and no call once the connection is closed. It knows nothing of how the
 * transport reaches the server, so the same client runs over Node's HTTP/2 and a browser's
 * fetch.
 */
import type { DescMessage, DescMethodStreaming, DescMethodUnary, MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type ContextValues, type Transport } from "@connectrpc/connect";
import { effectiveSettings, isRetrySafe, type RetrySettings, retryUnary } from "./retry.js";

/** A call's request headers as a transport takes them (the DOM's `HeadersInit`). */
type Header = Parameters<Transport["unary"]>[3];

/** The connection a client and every client `withCredential` derives from it share. */
export interface Connection {
  readonly transport: Transport;
  /** The deadline of a unary call that names none, in milliseconds; 0: none. */
  readonly timeoutMs: number;
  /** The calls in flight (a stream until its last message is read), each ended by `close`. */
  readonly calls: Set<AbortController>;
  /** Called once, on close: releases what the transport holds (Node's HTTP/2 sessions). */
  readonly onClose: (() => void) | undefined;
  /** How a unary call retries unless the call says otherwise. */
  readonly retry: RetrySettings;
  closed: boolean;
}

export function openConnection(
  transport: Transport,
  timeoutMs: number,
  onClose?: () => void,
  retry: RetrySettings = { retry: {}, waitForReady: false },
): Connection {
  return { transport, timeoutMs, calls: new Set(), onClose, retry, closed: false };
}

export function closeConnection(connection: Connection): void {
  if (connection.closed) return;
  connection.closed = true;
  for (const call of connection.calls) call.abort(closedError());
  connection.calls.clear();
  connection.onClose?.();
}

function closedError(): ConnectError {
  return new ConnectError("the client is closed", Code.Canceled);
}

/**
 * The connection's transport acting with `credential` (none: a spectator). `connection` is
 * read at each call, so that a client made by `withCredential` may join another's connection.
 */
export function credentialTransport(connection: () => Connection, credential: string | undefined): Transport {
  const headers = (header: Header) => {
    const merged = new Headers(header);
    if (credential) merged.set("authorization", `Bearer ${credential}`);
    return merged;
  };
  return {
    async unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: Header,
      input: MessageInitShape<I>,
      contextValues?: ContextValues,
    ) {
      const c = connection();
      const call = begin(c, signal);
      // Undefined asks for the connection's default; 0 (none) is passed on as the transport reads it.
      const deadline = timeoutMs ?? (c.timeoutMs > 0 ? c.timeoutMs : undefined);
      const retrying = {
        safe: isRetrySafe(method, input),
        settings: effectiveSettings(c.retry, contextValues),
        timeoutMs: deadline,
        signal: call.signal,
      };
      try {
        return await retryUnary(retrying, (attemptMs) =>
          c.transport.unary(method, call.signal, attemptMs, headers(header), input, contextValues),
        );
      } finally {
        call.end();
      }
    },
    // Streams are long-lived: they get no default deadline.
    async stream<I extends DescMessage, O extends DescMessage>(
      method: DescMethodStreaming<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: Header,
      input: AsyncIterable<MessageInitShape<I>>,
      contextValues?: ContextValues,
    ) {
      const c = connection();
      const call = begin(c, signal);
      try {
        const response = await c.transport.stream(method, call.signal, timeoutMs, headers(header), input, contextValues);
        return { ...response, message: endingWith(response.message, call.end) };
      } catch (error) {
        call.end();
        throw error;
      }
    },
  };
}

/**
 * A call in flight on `c`: its signal aborts with the caller's `signal` or when the
 * connection closes. `end` forgets it, and stops listening to the caller's signal, which may
 * outlive many calls.
 */
function begin(c: Connection, signal: AbortSignal | undefined): { signal: AbortSignal; end: () => void } {
  if (c.closed) throw closedError();
  const call = new AbortController();
  const follow = () => call.abort(abortReason(signal));
  if (signal?.aborted) follow();
  else signal?.addEventListener("abort", follow, { once: true });
  c.calls.add(call);
  return {
    signal: call.signal,
    end: () => {
      c.calls.delete(call);
      signal?.removeEventListener("abort", follow);
    },
  };
}

/**
 * Why the caller's `signal` aborted, as the call reports it: a signal that timed out
 * (`AbortSignal.timeout`) is a deadline, DEADLINE_EXCEEDED, where Connect would say CANCELLED;
 * anything else is passed on as it is.
 */
function abortReason(signal: AbortSignal | undefined): unknown {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === "TimeoutError") {
    return new ConnectError(reason.message, Code.DeadlineExceeded, undefined, undefined, reason);
  }
  return reason;
}

/** `messages`, calling `end` once they are all read, or their reading stops or fails. */
async function* endingWith<T>(messages: AsyncIterable<T>, end: () => void): AsyncIterable<T> {
  try {
    yield* messages;
  } finally {
    end();
  }
}
