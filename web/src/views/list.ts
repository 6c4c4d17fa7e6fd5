// The server's games, newest first, a page at a time (ListGames needs a service key where
// the server has keys).
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { clientAs, errorText, gameKinds } from "../api.js";
import { h, replace } from "../dom.js";
import { type Game, GameKind, type GameKindInfo, GameStatus } from "@tabula/client/web";
import { gameHref } from "../route.js";
import { serviceKey } from "../store.js";
import { outcomeWords, Seats } from "../words.js";
import { serviceKeyField } from "./key.js";
import { STATUS_WORDS, statusFilter } from "./game-status.js";
import type { Screen } from "../screen.js";

export function listScreen(): Screen {
  const abort = new AbortController();
  const kindSelect = h("select", { id: "filter-kind", "aria-label": "Game" }, h("option", { value: "0" }, "every game"));
  const statusSelect = statusFilter("filter-status", GameStatus.UNSPECIFIED);
  const body = h("tbody");
  const more = h("button", { type: "button", hidden: true }, "More");
  const errorBox = h("p", { class: "error", role: "alert", "data-testid": "error" });
  let kinds: GameKindInfo[] = [];
  let nextToken = "";

  async function load(reset: boolean): Promise<void> {
    errorBox.textContent = "";
    if (reset) {
      nextToken = "";
      replace(body);
    }
    try {
      const r = await clientAs(serviceKey()).listGames({
        pageSize: 50,
        pageToken: nextToken,
        kind: Number(kindSelect.value) as GameKind,
        status: Number(statusSelect.value) as GameStatus,
        signal: abort.signal,
      });
      body.append(...r.games.map(row));
      nextToken = r.nextPageToken;
      more.hidden = !nextToken;
      if (reset && r.games.length === 0) body.append(h("tr", {}, h("td", { colspan: 5 }, "No games.")));
    } catch (err) {
      errorBox.textContent = errorText(err);
    }
  }

  function row(g: Game): HTMLElement {
    const info = kinds.find((k) => k.kind === g.kind);
    const seats = Seats.of(info, g.players);
    const created = g.createTime ? timestampDate(g.createTime).toLocaleString() : "";
    const result = g.outcome ? outcomeWords(g.outcome, seats, g.seatCount) : "";
    return h(
      "tr",
      {},
      h("td", {}, h("a", { href: gameHref(g.gameId) }, info?.displayName ?? GameKind[g.kind] ?? "unknown game")),
      h("td", {}, STATUS_WORDS[g.status] ?? "unknown"),
      h("td", {}, String(g.moveCount)),
      h("td", {}, result),
      h("td", { class: "created" }, created),
    );
  }

  const form = h(
    "form",
    { class: "filters" },
    serviceKeyField(),
    h("div", { class: "row" }, h("label", { for: "filter-kind" }, "Show"), kindSelect, statusSelect, h("button", { type: "submit" }, "List")),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void load(true);
  });
  more.addEventListener("click", () => void load(false));

  gameKinds()
    .then((ks) => {
      kinds = ks;
      kindSelect.append(...ks.map((k) => h("option", { value: k.kind }, k.displayName || k.name)));
      void load(true);
    })
    .catch((err: unknown) => (errorBox.textContent = errorText(err)));

  return {
    element: h(
      "section",
      { class: "games" },
      h("h1", {}, "Games"),
      form,
      errorBox,
      h("div", { class: "table-scroll" }, h("table", { class: "game-list" }, h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Status"), h("th", {}, "Moves"), h("th", {}, "Result"), h("th", { class: "created" }, "Created"))), body)),
      more,
    ),
    dispose: () => abort.abort(),
  };
}
