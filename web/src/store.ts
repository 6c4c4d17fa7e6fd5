// What the page keeps in this browser tab (sessionStorage: gone when the tab closes, never
// sent anywhere but to the server as a credential).
import type { SeatToken } from "@tabula/client/web";

const KEY = "tabula.serviceKey";

/** The service key pasted for the managing calls (creating and listing games), if any. */
export function serviceKey(): string {
  return sessionStorage.getItem(KEY) ?? "";
}

export function setServiceKey(key: string): void {
  if (key) sessionStorage.setItem(KEY, key);
  else sessionStorage.removeItem(KEY);
}

// `tabula serve --service-key NAME=SECRET`: a name of letters, digits, '-', '_' and '.', and
// a secret of at least 16 printable characters (the server's own rules for a key).
const NAME_AND_SECRET = /^[A-Za-z0-9._-]{1,64}=([!-~]{16,})$/;

/**
 * The secret to send for what was typed in the key field: the secret itself, or the
 * `NAME=SECRET` form the server's `--service-key` takes, of which only the secret is sent.
 */
export function secretOf(typed: string): string {
  const text = typed.trim();
  return NAME_AND_SECRET.exec(text)?.[1] ?? text;
}

/** Keeps the seat token a link gave for `gameId`, for this tab (reloads included). */
export function rememberToken(gameId: string, token: string): void {
  sessionStorage.setItem(`tabula.token.${gameId}`, token);
}

export function forgetToken(gameId: string): void {
  sessionStorage.removeItem(`tabula.token.${gameId}`);
}

/** The seat token this tab holds for `gameId`, if any. */
export function tokenFor(gameId: string): string | undefined {
  return sessionStorage.getItem(`tabula.token.${gameId}`) ?? undefined;
}

export interface SeatLink {
  seat: number;
  seatName: string;
  token: string;
}

/** Remembers the seat tokens of a game this tab created, to offer links to every seat. */
export function rememberSeats(gameId: string, tokens: readonly SeatToken[]): void {
  const links: SeatLink[] = tokens.map((t) => ({ seat: t.seat, seatName: t.seatName, token: t.token }));
  sessionStorage.setItem(`tabula.seats.${gameId}`, JSON.stringify(links));
}

export function seatLinks(gameId: string): SeatLink[] {
  try {
    const raw = sessionStorage.getItem(`tabula.seats.${gameId}`);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as SeatLink[]) : [];
  } catch {
    return [];
  }
}
