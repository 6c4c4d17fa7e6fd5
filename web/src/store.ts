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
