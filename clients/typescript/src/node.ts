/**
 * The client on Node.js: `TabulaClient.connect` makes Connect's gRPC transport over Node's
 * HTTP/2 (one session, shared by every client `withCredential` derives) and hands it to the
 * transport-agnostic client.
 */
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import { Code, ConnectError } from "@connectrpc/connect";
import { type ClientOptions, DEFAULT_TIMEOUT_MS, TabulaClient as TransportClient } from "./client.js";

/** The server caps a message at 1 MiB either way; a little headroom for framing. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** TLS settings beyond the system's roots: a custom CA, a client certificate, a server name. */
export interface TlsOptions {
  /** The certificate authorities to trust instead of the system's (PEM). */
  ca?: string | Buffer | Array<string | Buffer>;
  /** A client certificate chain (PEM), for servers that ask for one. */
  cert?: string | Buffer;
  /** The private key (PEM) of `cert`. */
  key?: string | Buffer;
  /** The name to verify the server's certificate against (default: the address's host). */
  servername?: string;
}

export interface ConnectOptions {
  /** `host:port` of the server. */
  address: string;
  /**
   * TLS: `true` trusts the system's roots, an object sets a custom CA (and more); plaintext
   * when false or absent.
   */
  tls?: boolean | TlsOptions;
  /** A seat token or service key, sent as `authorization: Bearer <credential>`; none: a spectator. */
  credential?: string;
  /** Default deadline of each unary call, in milliseconds (default 30 s; 0: none). */
  timeoutMs?: number;
  /** The unary retry policy, or `false` for none (see `ClientOptions.retry`; default `DEFAULT_RETRY_POLICY`). */
  retry?: ClientOptions["retry"];
  /** Whether unary calls wait for an unreachable server until their deadline (see `ClientOptions.waitForReady`; default false). */
  waitForReady?: boolean;
}

/**
 * A connection to a Tabula server over gRPC (Connect's gRPC transport on Node's HTTP/2); every
 * call and option as the transport-agnostic client's, and `Symbol.dispose`.
 */
export class TabulaClient extends TransportClient implements Disposable {
  static connect(options: ConnectOptions): TabulaClient {
    const secure = options.tls !== undefined && options.tls !== false;
    const baseUrl = `${secure ? "https" : "http"}://${options.address}`;
    const tls = typeof options.tls === "object" ? options.tls : {};
    const nodeOptions = secure
      ? Object.fromEntries(Object.entries(tls).filter(([, value]) => value !== undefined))
      : {};
    const sessions = new Http2SessionManager(baseUrl, {}, nodeOptions);
    const transport = createGrpcTransport({
      baseUrl,
      sessionManager: sessions,
      readMaxBytes: MAX_MESSAGE_BYTES,
      writeMaxBytes: MAX_MESSAGE_BYTES,
    });
    return new TabulaClient(transport, {
      credential: options.credential,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: options.retry,
      waitForReady: options.waitForReady,
      // The sessions hold sockets open: closing ends them, so the process may exit.
      onClose: () => sessions.abort(new ConnectError("the client is closed", Code.Canceled)),
    });
  }

  /** `close()`, for `using client = TabulaClient.connect(...)`. */
  [Symbol.dispose](): void {
    this.close();
  }
}
