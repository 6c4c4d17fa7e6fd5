// The one way the page reaches the server: the TypeScript client over gRPC-web, on the
// origin that served the page; and what went wrong, in words.
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { Code, type GameKindInfo, TabulaClient, TabulaError } from "@tabula/client/web";

// `tabula serve` answers gRPC-web beside plain gRPC on the port that served this page.
const spectator = new TabulaClient(createGrpcWebTransport({ baseUrl: window.location.origin }));

/** The client acting with `credential` (a seat token or a service key); none: a spectator. */
export function clientAs(credential: string | undefined): TabulaClient {
  return credential ? spectator.withCredential(credential) : spectator;
}

let kinds: Promise<GameKindInfo[]> | undefined;

/** Every game kind the server hosts; asked once per page load, since it never changes while the server runs. */
export function gameKinds(): Promise<GameKindInfo[]> {
  if (!kinds) {
    kinds = spectator.listGameKinds();
    // A failure is not remembered, so that the next caller asks again.
    kinds.catch(() => (kinds = undefined));
  }
  return kinds;
}

/** A sentence saying what went wrong, for people. */
export function errorText(err: unknown): string {
  if (err instanceof TabulaError) {
    if (err.code === Code.Unavailable && !err.message) return "The server could not be reached.";
    if (err.code === Code.Canceled) return "The request was cancelled.";
    return sentence(err.message || `The server answered ${err.codeName}.`);
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
  if (!(err instanceof TabulaError)) return false;
  return [Code.NotFound, Code.PermissionDenied, Code.Unauthenticated, Code.InvalidArgument, Code.OutOfRange].includes(err.code);
}
