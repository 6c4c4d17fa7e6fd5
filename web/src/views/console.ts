// The operator's console: the key's games as a live table (players, kind, whose turn, clocks,
// status), filtered by kind, status and label, a page at a time; kept live by the key's own
// event stream (a game created or ended reloads the page, a game's event refreshes its row)
// and, for the clocks and servers without that stream, by reading the rows' views every few
// seconds. Below, the key's series and tournaments with their scores and standings.
import { type Game, GameKind, type GameKindInfo, GameStatus, type Series, type Tournament, type View } from "@tabula/client/web";
import { clientAs, errorText, gameKinds } from "../api.js";
import { h, replace } from "../dom.js";
import { gameHref } from "../route.js";
import type { Screen } from "../screen.js";
import { serviceKey } from "../store.js";
import { clockText, outcomeWords, Seats } from "../words.js";
import { clocks } from "@tabula/client/web";
import { serviceKeyField } from "./key.js";
import { STATUS_WORDS, statusFilter } from "./game-status.js";

const PAGE = 25;
const POLL_MS = 3_000;

export function consoleScreen(): Screen {
  const abort = new AbortController();
  const kindSelect = h("select", { id: "console-kind", "aria-label": "Game" }, h("option", { value: "0" }, "every game"));
  const statusSelect = statusFilter("console-status", GameStatus.IN_PROGRESS);
  const labelInput = h("input", { type: "text", id: "console-label", placeholder: "label=value", "aria-label": "Label", "data-testid": "console-label" });
  const body = h("tbody", { "data-testid": "console-games" });
  const pager = h("div", { class: "row" });
  const note = h("p", { class: "stream-note", "data-testid": "console-note", "aria-live": "polite" });
  const errorBox = h("p", { class: "error", role: "alert", "data-testid": "error" });
  const seriesBox = h("div", { "data-testid": "console-series" });
  const tournamentsBox = h("div", { "data-testid": "console-tournaments" });
  let kinds: GameKindInfo[] = [];
  // The tokens of the pages before the one shown, to go back; the shown page's, to reload it.
  const pageTokens: string[] = [];
  let pageToken = "";
  let nextToken = "";
  const rows = new Map<string, { game: Game; row: HTMLElement; view?: View }>();

  const client = () => clientAs(serviceKey());

  async function load(): Promise<void> {
    errorBox.textContent = "";
    const label = labelInput.value.trim();
    const [key, value] = label.includes("=") ? label.split("=", 2) : [label, ""];
    try {
      const r = await client().listGames({
        pageSize: PAGE,
        pageToken,
        kind: Number(kindSelect.value) as GameKind,
        status: Number(statusSelect.value) as GameStatus,
        labels: key ? { [key!]: value ?? "" } : undefined,
        signal: abort.signal,
      });
      rows.clear();
      replace(body, ...r.games.map((g) => rowOf(g)));
      if (r.games.length === 0) body.append(h("tr", {}, h("td", { colspan: 7 }, "No games.")));
      nextToken = r.nextPageToken;
      replace(
        pager,
        h("button", { type: "button", disabled: pageTokens.length === 0, onclick: () => void turn(-1) }, "◀ Newer"),
        h("button", { type: "button", disabled: !nextToken, onclick: () => void turn(1) }, "Older ▶"),
      );
      await refreshViews();
    } catch (err) {
      if (!abort.signal.aborted) errorBox.textContent = errorText(err);
    }
  }

  async function turn(delta: number): Promise<void> {
    if (delta > 0 && nextToken) {
      pageTokens.push(pageToken);
      pageToken = nextToken;
    } else if (delta < 0) {
      pageToken = pageTokens.pop() ?? "";
    }
    await load();
  }

  function rowOf(game: Game): HTMLElement {
    const row = h("tr", { "data-game": game.gameId });
    rows.set(game.gameId, { game, row });
    fillRow(game.gameId);
    return row;
  }

  function fillRow(gameId: string): void {
    const entry = rows.get(gameId);
    if (!entry) return;
    const { game, view } = entry;
    const info = kinds.find((k) => k.kind === game.kind);
    const seats = Seats.of(info, game.players, game.bots.map((b) => b.seat));
    const count = game.seatCount || info?.seatCount || 0;
    const players = Array.from({ length: count }, (_, i) => seats.full(i + 1)).join(" vs ");
    const status = view ?? game;
    const turnText = status.status === GameStatus.IN_PROGRESS ? (view?.toAct.map((s) => seats.name(s)).join(", ") ?? "…") : status.outcome ? outcomeWords(status.outcome, seats, count) : "";
    const clockCells = view?.clock
      ? view.clock.seats.map((c) => `${seats.name(c.seat)} ${clockText(clocks.remainingMs(view.clock!, c.seat, Date.now()) ?? 0)}`).join(" · ")
      : "";
    replace(
      entry.row,
      h("td", {}, h("a", { href: gameHref(game.gameId) }, game.gameId.slice(-8))),
      h("td", { class: "players" }, players),
      h("td", {}, info?.displayName ?? GameKind[game.kind] ?? "unknown"),
      h("td", { "data-testid": "turn" }, turnText),
      h("td", { class: "clock-cell" }, clockCells),
      h("td", {}, STATUS_WORDS[status.status] ?? "unknown"),
      h("td", {}, String(view?.moveCount ?? game.moveCount)),
    );
  }

  /** Reads the view of every game in progress on the page: whose turn, the clocks, the moves. */
  async function refreshViews(only?: string): Promise<void> {
    const ids = [...rows.keys()].filter((id) => (only ? id === only : rows.get(id)!.game.status === GameStatus.IN_PROGRESS));
    await Promise.all(
      ids.map(async (id) => {
        try {
          const view = await client().getView(id, { signal: abort.signal });
          const entry = rows.get(id);
          if (!entry) return;
          entry.view = view;
          fillRow(id);
        } catch {
          // A row whose view cannot be read keeps what it showed; the next reading tries again.
        }
      }),
    );
  }

  /** The key's stream of its games' events: creations and ends reload the page, any other refreshes its row. */
  async function follow(): Promise<void> {
    try {
      const stream = client().ownerEvents({ signal: abort.signal, retries: Infinity });
      note.textContent = "Live: following the key's events.";
      // The stream starts with the key's history: a burst of events makes one reload.
      let reload: ReturnType<typeof setTimeout> | undefined;
      const changed = new Set<string>();
      for await (const event of stream) {
        const id = event.gameEvent?.gameId;
        const k = event.gameEvent?.kind.case;
        if (k === "gameCreated" || k === "gameEnded") changed.add("");
        else if (id && rows.has(id)) changed.add(id);
        reload ??= setTimeout(() => {
          reload = undefined;
          if (changed.has("")) void load();
          else for (const one of changed) void refreshViews(one);
          changed.clear();
        }, 250);
      }
    } catch {
      if (!abort.signal.aborted) note.textContent = `Live: reading the games every ${POLL_MS / 1000} s.`;
    }
  }

  async function loadSeriesAndTournaments(): Promise<void> {
    try {
      const [series, tournaments] = await Promise.all([
        client().listSeries({ pageSize: PAGE, signal: abort.signal }),
        client().listTournaments({ pageSize: PAGE, signal: abort.signal }),
      ]);
      replace(seriesBox, seriesTable(series.series, kinds));
      replace(tournamentsBox, ...tournaments.tournaments.map((t) => tournamentTable(t, kinds)));
      if (tournaments.tournaments.length === 0) tournamentsBox.append(h("p", {}, "No tournaments."));
    } catch (err) {
      if (!abort.signal.aborted) replace(seriesBox, h("p", { class: "error" }, errorText(err)));
    }
  }

  const form = h(
    "form",
    { class: "filters" },
    serviceKeyField(),
    h("div", { class: "row" }, h("label", { for: "console-kind" }, "Show"), kindSelect, statusSelect, labelInput, h("button", { type: "submit" }, "List")),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    pageTokens.length = 0;
    pageToken = "";
    void load();
  });

  // The clocks tick and turns change between the stream's events: the rows are read again.
  const poll = setInterval(() => void refreshViews(), POLL_MS);
  abort.signal.addEventListener("abort", () => clearInterval(poll));

  gameKinds()
    .then((ks) => {
      kinds = ks;
      kindSelect.append(...ks.map((k) => h("option", { value: k.kind }, k.displayName || k.name)));
      void load();
      void follow();
      void loadSeriesAndTournaments();
    })
    .catch((err: unknown) => (errorBox.textContent = errorText(err)));

  return {
    element: h(
      "section",
      { class: "console" },
      h("h1", {}, "Console"),
      h("p", {}, h("a", { href: "#/tv" }, "Watch several games at once")),
      form,
      errorBox,
      note,
      h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "game-list" },
          h("thead", {}, h("tr", {}, ...["Game", "Players", "Kind", "Turn", "Clocks", "Status", "Moves"].map((t) => h("th", {}, t)))),
          body,
        ),
      ),
      pager,
      h("h2", {}, "Series"),
      seriesBox,
      h("h2", {}, "Tournaments"),
      tournamentsBox,
    ),
    dispose: () => abort.abort(),
  };
}

function seriesTable(series: readonly Series[], kinds: readonly GameKindInfo[]): HTMLElement {
  if (series.length === 0) return h("p", {}, "No series.");
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "game-list" },
      h("thead", {}, h("tr", {}, ...["Series", "Kind", "Players", "Score", "Games"].map((t) => h("th", {}, t)))),
      h(
        "tbody",
        {},
        ...series.map((s) => {
          const seats = Seats.of(kinds.find((k) => k.kind === s.kind), s.players);
          return h(
            "tr",
            { "data-series": s.seriesId },
            h("td", {}, s.seriesId.slice(-8)),
            h("td", {}, kinds.find((k) => k.kind === s.kind)?.displayName ?? ""),
            h("td", {}, `${seats.full(1)} vs ${seats.full(2)}`),
            h("td", { "data-testid": "series-score" }, s.points.join(" – ")),
            h("td", {}, ...s.games.map((g, i) => h("a", { href: gameHref(g.gameId), class: "series-game" }, String(i + 1)))),
          );
        }),
      ),
    ),
  );
}

function tournamentTable(t: Tournament, kinds: readonly GameKindInfo[]): HTMLElement {
  const name = (player: number) => t.players[player - 1]?.displayName || t.players[player - 1]?.playerId || `player ${player}`;
  return h(
    "div",
    { class: "tournament", "data-tournament": t.tournamentId },
    h("h3", {}, `${t.name || t.tournamentId} · ${kinds.find((k) => k.kind === t.kind)?.displayName ?? ""} · round ${t.rounds.length} of ${t.roundCount}`),
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "game-list" },
        h("thead", {}, h("tr", {}, h("th", {}, "Rank"), h("th", {}, "Player"), h("th", {}, "Points"), h("th", {}, "Tie-breaks"))),
        h(
          "tbody",
          { "data-testid": "standings" },
          ...t.standings.map((s) => h("tr", {}, h("td", {}, String(s.rank)), h("td", {}, name(s.player)), h("td", {}, String(s.points)), h("td", {}, s.tieBreaks.join(", ")))),
        ),
      ),
    ),
  );
}
