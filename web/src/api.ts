// The one way the page reaches the server: gRPC-web on the origin that served the page.
import { type CallOptions, type Client, Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { type GameKindInfo, GameService } from "./gen.js";

export type GameClient = Client<typeof GameService>;

// `tabula serve` answers gRPC-web beside plain gRPC on the port that served this page.
const transport = createGrpcWebTransport({ baseUrl: window.location.origin });

export const client: GameClient = createClient(GameService, transport);

/**
 * Call options acting with `credential` (a seat token or a service key), sent the way the
 * contract asks: `authorization: Bearer <credential>`. No credential: a spectator.
 */
export function as(credential: string | undefined, signal?: AbortSignal): CallOptions {
  const headers: Record<string, string> = {};
  if (credential) headers["authorization"] = `Bearer ${credential}`;
  return { headers, signal };
}

let kinds: Promise<GameKindInfo[]> | undefined;

/** Every game kind the server hosts; asked once per page load, since it never changes while the server runs. */
export function gameKinds(): Promise<GameKindInfo[]> {
  if (!kinds) {
    kinds = client.listGameKinds({}).then((r) => r.kinds);
    // A failure is not remembered, so that the next caller asks again.
    kinds.catch(() => (kinds = undefined));
  }
  return kinds;
}

/** A sentence saying what went wrong, for people. */
export function errorText(err: unknown): string {
  if (err instanceof ConnectError) {
    if (err.code === Code.Unavailable && !err.rawMessage) return "The server could not be reached.";
    if (err.code === Code.Canceled) return "The request was cancelled.";
    return sentence(err.rawMessage || `The server answered ${Code[err.code] ?? "with an error"}.`);
  }
  if (err instanceof Error) return sentence(err.message);
  return sentence(String(err));
}

function sentence(text: string): string {
  const t = text.trim();
  if (!t) return "Something went wrong.";
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** Whether an error means trying again cannot help (the game is gone, private, or the credential is wrong). */
export function isPermanent(err: unknown): boolean {
  if (!(err instanceof ConnectError)) return false;
  return [Code.NotFound, Code.PermissionDenied, Code.Unauthenticated, Code.InvalidArgument, Code.OutOfRange].includes(err.code);
}
