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

/**
 * What the page says for the refusals whose server message is written for programs (it
 * names fields, sequence numbers or headers): said for a person using this page instead.
 */
const PLAIN: Record<string, string> = {
  STALE_SEQ: "The game moved on before your move arrived, so it was not made. The board shows the game as it stands now.",
  CREDENTIAL_REQUIRED: "This server asks for a service key to do that: enter it in the Service key field.",
  SERVICE_KEY_REQUIRED: "Only the holder of a service key may do that: enter it in the Service key field.",
  INVALID_CREDENTIAL: "The server did not accept this key or seat link. Check the service key, or ask for a fresh link.",
  CREDENTIAL_EXPIRED: "This seat link has expired: ask for a fresh one.",
  CREDENTIAL_REVOKED: "This seat link no longer works: ask for a fresh one.",
  CREDENTIAL_FOR_OTHER_GAME: "This seat link is for another game.",
  SEAT_REQUIRED: "Only a player of this game may do that; this page watches it as a spectator.",
  SEAT_PLAYED_BY_ENGINE: "The server's bot plays this seat.",
  PRIVATE_GAME: "This game is private: only its players may watch it.",
  NOT_YOUR_TURN: "It is not your turn.",
  GAME_OVER: "The game is over.",
  RATE_LIMITED: "Too many requests at once: wait a moment and try again.",
};

/**
 * A fresh request id: a move sent with one is retried by the client across a server restart
 * and made once. (`crypto.getRandomValues` works on a plain-HTTP origin, where
 * `randomUUID` does not.)
 */
export function requestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A sentence saying what went wrong, for people. */
export function errorText(err: unknown): string {
  if (err instanceof TabulaError) {
    const plain = PLAIN[err.reason];
    if (plain) return plain;
    // A refused configuration names every problem: each field at fault, and why.
    const violations = err.fieldViolations.map((v) => `${v.field}: ${v.description}`);
    if (violations.length > 0) return `${sentence(err.message)} ${sentence(violations.join("; "))}`;
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
