/**
 * What every client made from one transport shares, and the transport each credential's calls
 * go through: the credential in `authorization`, the default deadline on unary calls, and no
 * call once the connection is closed. It knows nothing of how the transport reaches the server,
 * so the same client runs over Node's HTTP/2 and a browser's fetch.
 */
import type { DescMessage, DescMethodStreaming, DescMethodUnary, MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type ContextValues, type Transport } from "@connectrpc/connect";

/** A call's request headers as a transport takes them (the DOM's `HeadersInit`). */
type Header = Parameters<Transport["unary"]>[3];

/** The connection a client and every client `withCredential` derives from it share. */
export interface Connection {
  readonly transport: Transport;
  /** The deadline of a unary call that names none, in milliseconds; 0: none. */
  readonly timeoutMs: number;
  /** Aborted by `close`: calls in flight end with it. */
  readonly closing: AbortController;
  /** Called once, on close: releases what the transport holds (Node's HTTP/2 sessions). */
  readonly onClose: (() => void) | undefined;
  closed: boolean;
}

export function openConnection(transport: Transport, timeoutMs: number, onClose?: () => void): Connection {
  return { transport, timeoutMs, closing: new AbortController(), onClose, closed: false };
}

export function closeConnection(connection: Connection): void {
  if (connection.closed) return;
  connection.closed = true;
  connection.closing.abort(closedError());
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
  const prepare = (signal: AbortSignal | undefined, header: Header) => {
    const c = connection();
    if (c.closed) throw closedError();
    const headers = new Headers(header);
    if (credential) headers.set("authorization", `Bearer ${credential}`);
    return { c, signal: either(signal, c.closing.signal), headers };
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
      const { c, signal: linked, headers } = prepare(signal, header);
      // Undefined asks for the connection's default; 0 (none) is passed on as the transport reads it.
      const deadline = timeoutMs ?? (c.timeoutMs > 0 ? c.timeoutMs : undefined);
      return await c.transport.unary(method, linked, deadline, headers, input, contextValues);
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
      const { c, signal: linked, headers } = prepare(signal, header);
      return await c.transport.stream(method, linked, timeoutMs, headers, input, contextValues);
    },
  };
}

/**
 * A signal that aborts when the call's or the connection's does. The transport listens to it
 * until the connection closes; `AbortSignal.any` lets it be collected once the call is done,
 * where listening to `closing` itself would keep every call's listener.
 */
function either(call: AbortSignal | undefined, closing: AbortSignal): AbortSignal | undefined {
  // Node before 20.3 lacks `any`: there a call keeps its own signal, and closing the
  // connection's sessions (`onClose`) ends it.
  if (!("any" in AbortSignal)) return call;
  return AbortSignal.any(call === undefined ? [closing] : [call, closing]);
}
