// The page's places, kept in the URL fragment so that a reload (or a shared link) opens the
// same place: `#/game/<id>?token=<seat token>`, `#/new`, `#/games`, `#/` (home).
export type Route =
  | { name: "home" }
  | { name: "new" }
  | { name: "games" }
  | { name: "game"; id: string; token?: string };

export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?", 2);
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  if (parts[0] === "game" && parts[1]) {
    const token = params.get("token") ?? undefined;
    return { name: "game", id: parts[1], token: token || undefined };
  }
  if (parts[0] === "new") return { name: "new" };
  if (parts[0] === "games") return { name: "games" };
  return { name: "home" };
}

export function gameHref(id: string, token?: string): string {
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `#/game/${encodeURIComponent(id)}${q}`;
}
