// The page's places, kept in the URL fragment so that a reload (or a shared link) opens the
// same place: `#/game/<id>`, `#/new`, `#/games`, `#/console` and `#/tv` (the operator's),
// `#/` (home). A link that gives a seat
// carries its token once (`#/game/<id>?token=<seat token>`): the page keeps it in the tab
// and takes it out of the address bar, so that the address shared is a spectator's.
// `?spectate` forgets the tab's seat of the game.
export type Route =
  | { name: "home" }
  | { name: "new" }
  | { name: "games" }
  | { name: "console" }
  | { name: "tv" }
  | { name: "game"; id: string; token?: string; spectate?: boolean };

export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?", 2);
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  if (parts[0] === "game" && parts[1]) {
    const token = params.get("token") ?? undefined;
    return { name: "game", id: parts[1], token: token || undefined, spectate: params.has("spectate") };
  }
  if (parts[0] === "new") return { name: "new" };
  if (parts[0] === "games") return { name: "games" };
  if (parts[0] === "console") return { name: "console" };
  if (parts[0] === "tv") return { name: "tv" };
  return { name: "home" };
}

export function gameHref(id: string, token?: string): string {
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `#/game/${encodeURIComponent(id)}${q}`;
}

/** The game as a spectator, even in a tab that holds one of its seats. */
export function spectateHref(id: string): string {
  return `#/game/${encodeURIComponent(id)}?spectate`;
}
