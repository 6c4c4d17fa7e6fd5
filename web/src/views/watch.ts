// A game's page: watch it live from StreamEvents (each event with the view after it),
// play a seat with its token, and step back through the positions already seen.
import { as, client, errorText, gameKinds, isPermanent } from "../api.js";
import { h, replace } from "../dom.js";
import { drawView } from "../draw/index.js";
import {
  type GameConfig,
  type GameEvent,
  GameKind,
  type GameKindInfo,
  GameStatus,
  type LegalMove,
  Phase,
  Stage,
  type View,
} from "../gen.js";
import { buttonMoves, click, nextKeys, type Selection, stepsOf, type Target, targetKey } from "../play/steps.js";
import { gameHref } from "../route.js";
import { seatLinks } from "../store.js";
import { clockText, Namer, outcomeWords, Seats } from "../words.js";
import { describe, type HistoryLine, markUndone } from "./events.js";

export interface Screen {
  element: HTMLElement;
  dispose(): void;
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export function watchGame(gameId: string, token: string | undefined): Screen {
  const abort = new AbortController();
  const signal = abort.signal;

  // What the stream has told so far.
  const views = new Map<number, View>();
  const lines: HistoryLine[] = [];
  let latest: View | undefined;
  let config: GameConfig | undefined;
  let seatCount = 0;
  let kind: GameKindInfo | undefined;
  let seats = new Seats([]);
  // The seats the server's engine plays, as the game says.
  let bots: number[] = [];
  let ended = false;
  // A past position being looked at (a seq), or undefined for the live game.
  let shown: number | undefined;
  // The seat's legal moves, for the view of seq `legalSeq`.
  let legal: LegalMove[] = [];
  let legalSeq = -1;
  let selection: Selection = { state: "idle" };
  let busy = false;
  let problem = "";
  let streamNote = "Connecting…";
  // How far this browser's clock is ahead of the server's, in ms: clock readings carry the
  // server's time of reading, and a running clock counts down from then.
  let skew = 0;

  const title = h("h2", { class: "game-title" }, "Game");
  const status = h("p", { class: "status", "data-testid": "status", "aria-live": "polite" });
  const clocks = h("div", { class: "clocks", "data-testid": "clocks" });
  const counts = h("p", { class: "counts" });
  const boardBox = h("div", { class: "board-box", "data-testid": "board" });
  const actions = h("div", { class: "actions" });
  const errorBox = h("p", { class: "error", role: "alert", "data-testid": "error" });
  const historyBox = h("ol", { class: "history", "data-testid": "moves" });
  const historyNav = h("div", { class: "history-nav" });
  const seatsBox = h("div", { class: "seat-links" });
  const note = h("p", { class: "stream-note", "data-testid": "stream-note" });

  const element = h(
    "section",
    { class: "game" },
    title,
    h("div", { class: "game-layout" }, h("div", { class: "play-area" }, status, clocks, boardBox, actions, errorBox, counts), h("aside", { class: "side" }, h("h3", {}, "Moves"), historyNav, historyBox, seatsBox, note)),
  );

  const viewShown = (): View | undefined => (shown !== undefined ? views.get(shown) ?? latest : latest);
  const viewer = (): number => latest?.viewerSeat ?? 0;
  const myTurn = (): boolean => !!latest && latest.status === GameStatus.IN_PROGRESS && latest.toAct.includes(viewer()) && viewer() > 0;

  function render(): void {
    const view = viewShown();
    title.textContent = `${kind?.displayName ?? "Game"} ${gameId}`;
    renderStatus(view);
    renderClocks();
    renderBoard(view);
    renderActions();
    renderCounts(view);
    errorBox.textContent = problem;
    renderHistory();
    note.textContent = streamNote;
  }

  function renderStatus(view: View | undefined): void {
    if (!view) {
      status.textContent = problem ? "" : "Loading the game…";
      return;
    }
    const past = shown !== undefined && shown !== Number(latest?.seq ?? 0);
    const prefix = past ? `Position after event ${shown}. ` : "";
    if (view.outcome) {
      status.textContent = prefix + outcomeWords(view.outcome, seats, seatCount);
      status.dataset["outcome"] = "true";
      return;
    }
    delete status.dataset["outcome"];
    const me = view.viewerSeat;
    const parts: string[] = [];
    if (view.stage === Stage.PLACEMENT) {
      parts.push(`Fleets are being placed; still to confirm: ${view.toAct.map((s) => seats.full(s)).join(", ") || "nobody"}.`);
    } else if (view.toAct.length > 0) {
      const who = view.toAct.map((s) => {
        const phase = PHASES[view.seatPhases[s - 1] ?? Phase.UNSPECIFIED];
        return `${seats.full(s)} ${phase}`;
      });
      parts.push(`${who.join(", ")}.`);
    }
    if (!past && me > 0) parts.push(view.toAct.includes(me) ? `You play ${seats.name(me)}: your turn.` : `You play ${seats.name(me)}.`);
    if (view.drawOffer) parts.push(`${seats.name(view.drawOffer)} offers a draw.`);
    if (view.takebackRequest) parts.push(`${seats.name(view.takebackRequest)} asks to take back a move.`);
    status.textContent = prefix + parts.join(" ");
  }

  function renderCounts(view: View | undefined): void {
    if (!view) return;
    const what = COUNTED[view.kind] ?? "on the board";
    const parts: string[] = [];
    for (let seat = 1; seat <= Math.max(view.seatCounts.length, view.seatInHand.length); seat++) {
      const bits: string[] = [];
      const inHand = view.seatInHand[seat - 1];
      const count = view.seatCounts[seat - 1];
      if (inHand !== undefined) bits.push(`${inHand} in hand`);
      if (count !== undefined) bits.push(`${count} ${what}`);
      parts.push(`${seats.name(seat)}: ${bits.join(", ")}`);
    }
    counts.textContent = parts.join(" · ");
  }

  function renderClocks(): void {
    const c = (shown === undefined ? latest : viewShown())?.clock;
    if (!c) {
      replace(clocks);
      return;
    }
    const readAt = c.readAt ? Number(c.readAt.seconds) * 1000 + Math.floor(c.readAt.nanos / 1e6) : Date.now() - skew;
    const elapsed = shown === undefined && !ended ? Math.max(0, Date.now() - skew - readAt) : 0;
    replace(
      clocks,
      ...c.seats.map((sc) => {
        const ms = Number(sc.remaining?.seconds ?? 0n) * 1000 + Math.floor((sc.remaining?.nanos ?? 0) / 1e6);
        const left = sc.running && !c.paused ? ms - elapsed : ms;
        return h("span", { class: sc.running ? "clock running" : "clock" }, `${seats.name(sc.seat)} ${clockText(left)}`);
      }),
      c.paused ? h("span", { class: "clock paused" }, "paused") : null,
    );
  }

  function renderBoard(view: View | undefined): void {
    if (!view) {
      replace(boardBox);
      return;
    }
    // Which position is drawn, for whoever reads the page (and its tests).
    boardBox.dataset["seq"] = String(view.seq);
    const live = shown === undefined && myTurn() && !busy && legalSeq === Number(latest?.seq ?? -1);
    const height = view.board?.height ?? 0;
    const highlight = live ? nextKeys(legal, viewer(), selection, height) : new Set<string>();
    const selected = new Set<string>(selection.state === "idle" ? [] : selection.clicks.map(targetKey));
    replace(
      boardBox,
      drawView(view, config, {
        seats,
        names: new Namer(view),
        viewer: view.viewerSeat,
        highlight,
        selected,
        last: lastKeys(view),
        onClick: live ? onTarget : undefined,
      }),
    );
  }

  function renderActions(): void {
    const items: (HTMLElement | null)[] = [];
    if (shown === undefined && myTurn() && legalSeq === Number(latest?.seq ?? -1)) {
      if (selection.state === "complete" && selection.moves.length > 1) {
        // Several moves for the same clicks: a pawn's promotion (or a move with a draw claim).
        items.push(h("span", { class: "choose" }, "Choose:"));
        for (const m of selection.moves) items.push(moveButton(m));
        items.push(h("button", { type: "button", onclick: () => ((selection = { state: "idle" }), render()) }, "Cancel"));
      } else {
        const hint = clickHint(legal);
        if (hint) items.push(h("span", { class: "hint" }, hint));
        for (const m of buttonMoves(legal, viewer())) items.push(moveButton(m));
        if (selection.state === "partial") {
          items.push(h("button", { type: "button", onclick: () => ((selection = { state: "idle" }), render()) }, "Cancel selection"));
        }
      }
    }
    if (shown === undefined && latest && latest.status === GameStatus.IN_PROGRESS && viewer() > 0 && token) {
      items.push(h("button", { type: "button", class: "resign", onclick: resign }, "Resign"));
    }
    replace(actions, ...items);
  }

  function moveButton(m: LegalMove): HTMLElement {
    return h("button", { type: "button", class: "move-button", "data-uci": m.uci, "data-label": m.label, disabled: busy, onclick: () => void submit(m) }, capitalised(m.label) || "Move");
  }

  function renderHistory(): void {
    const items = lines.map((l) => {
      const cls = [l.isMove ? "move" : "event", l.undone ? "undone" : "", shown === l.seq ? "shown" : ""].filter(Boolean).join(" ");
      const label = l.moveNumber ? `${l.moveNumber}. ${l.text}` : l.text;
      return h("li", { class: cls, "data-seq": l.seq }, h("button", { type: "button", class: "link", onclick: () => show(l.seq) }, label));
    });
    const atBottom = historyBox.scrollTop + historyBox.clientHeight >= historyBox.scrollHeight - 4;
    replace(historyBox, ...items);
    // Live, the newest move stays in sight unless the reader scrolled up.
    if (shown === undefined && atBottom) historyBox.scrollTop = historyBox.scrollHeight;
    const seqs = [...views.keys()].sort((a, b) => a - b);
    const cur = shown ?? seqs[seqs.length - 1] ?? 0;
    const idx = seqs.indexOf(cur);
    replace(
      historyNav,
      h("button", { type: "button", disabled: idx <= 0, onclick: () => show(seqs[idx - 1]) }, "◀ Back"),
      h("button", { type: "button", disabled: idx < 0 || idx >= seqs.length - 1, onclick: () => show(seqs[idx + 1]) }, "Forward ▶"),
      h("button", { type: "button", disabled: shown === undefined, onclick: () => show(undefined) }, ended ? "Final position" : "Live"),
    );
    const links = seatLinks(gameId);
    if (links.length > 0) {
      replace(
        seatsBox,
        h("h3", {}, "Seats"),
        h(
          "ul",
          {},
          ...links.map((l) => h("li", {}, h("a", { href: gameHref(gameId, l.token) }, `Play as ${l.seatName || `seat ${l.seat}`}`))),
          h("li", {}, h("a", { href: gameHref(gameId) }, "Watch as a spectator")),
        ),
      );
    }
  }

  /** Shows the position after event `seq` (undefined: the live game), from the views already streamed or, failing that, GetView at that seq. */
  function show(seq: number | undefined): void {
    shown = seq !== undefined && seq === Number(latest?.seq ?? -1) ? undefined : seq;
    selection = { state: "idle" };
    if (shown !== undefined && !views.has(shown)) {
      const at = shown;
      client
        .getView({ gameId, atSeq: BigInt(at) }, as(token, signal))
        .then((r) => {
          if (r.view) views.set(at, r.view);
          render();
        })
        .catch((e: unknown) => {
          problem = errorText(e);
          render();
        });
    }
    render();
  }

  function onTarget(t: Target): void {
    problem = "";
    selection = click(legal, viewer(), selection.state === "idle" ? [] : selection.clicks, t);
    if (selection.state === "complete" && selection.moves.length === 1) {
      void submit(selection.moves[0]!);
      return;
    }
    render();
  }

  async function submit(m: LegalMove): Promise<void> {
    if (!latest || busy) return;
    busy = true;
    problem = "";
    render();
    try {
      const r = await client.submitMove({ gameId, move: m.move, expectedSeq: latest.seq }, as(token, signal));
      // The stream brings the same view; taking it now makes the page answer at once.
      if (r.view && r.view.seq > (latest?.seq ?? 0n)) {
        latest = r.view;
      }
    } catch (e) {
      problem = errorText(e);
    } finally {
      busy = false;
      selection = { state: "idle" };
    }
    render();
    void refreshLegal();
  }

  async function resign(): Promise<void> {
    if (!confirm("Resign this game?")) return;
    try {
      await client.resign({ gameId }, as(token, signal));
    } catch (e) {
      problem = errorText(e);
      render();
    }
  }

  /** Asks for the seat's legal moves whenever it is to act in a position not yet asked about. */
  async function refreshLegal(): Promise<void> {
    if (!latest || !myTurn()) {
      legal = [];
      return;
    }
    const seq = Number(latest.seq);
    if (legalSeq === seq) return;
    try {
      const r = await client.listLegalMoves({ gameId }, as(token, signal));
      // Only the answer for the position now on the board counts.
      if (Number(r.seq) === Number(latest?.seq ?? -1)) {
        legal = r.moves;
        legalSeq = Number(r.seq);
        selection = { state: "idle" };
        render();
      }
    } catch (e) {
      if (!signal.aborted) {
        problem = errorText(e);
        render();
      }
    }
  }

  function onEvent(event: GameEvent, view: View | undefined): void {
    const seq = Number(event.seq);
    if (event.kind.case === "gameCreated") {
      config = event.kind.value.config;
      seatCount = event.kind.value.seatCount;
      seats = Seats.of(kind, event.kind.value.players, bots);
    }
    if (view) {
      views.set(seq, view);
      if (!latest || view.seq >= latest.seq) {
        latest = view;
      }
    }
    markUndone(lines, event);
    lines.push(describe(event, seats, seatCount));
    if (event.kind.case === "gameEnded") ended = true;
  }

  async function run(): Promise<void> {
    try {
      const kinds = await gameKinds();
      const g = await client.getGame({ gameId }, as(token, signal));
      kind = kinds.find((k) => k.kind === g.game?.kind);
      bots = g.game?.bots.map((b) => b.seat) ?? [];
      seats = Seats.of(kind, g.game?.players ?? [], bots);
      if (g.game?.config?.clock) {
        // GetView reads the clocks at the time of the request: that tells the skew.
        const asked = Date.now();
        const v = await client.getView({ gameId }, as(token, signal));
        const readAt = v.view?.clock?.readAt;
        if (readAt) skew = (asked + Date.now()) / 2 - (Number(readAt.seconds) * 1000 + readAt.nanos / 1e6);
      }
    } catch (e) {
      if (signal.aborted) return;
      problem = errorText(e);
      streamNote = "";
      render();
      if (isPermanent(e)) return;
    }
    let after = 0n;
    let failures = 0;
    while (!signal.aborted) {
      try {
        streamNote = "Live.";
        render();
        const stream = client.streamEvents({ gameId, afterSeq: after, includeViews: true }, as(token, signal));
        let pending = false;
        for await (const r of stream) {
          if (!r.event) continue;
          after = r.event.seq;
          failures = 0;
          onEvent(r.event, r.view);
          // Draw at most once per frame however fast the backlog arrives.
          if (!pending) {
            pending = true;
            requestAnimationFrame(() => {
              pending = false;
              render();
              void refreshLegal();
            });
          }
        }
        // The stream ends after the game's final event.
        streamNote = ended ? "The game is over." : "The stream ended.";
        render();
        return;
      } catch (e) {
        if (signal.aborted) return;
        problem = errorText(e);
        if (isPermanent(e)) {
          streamNote = "";
          render();
          return;
        }
        const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
        failures++;
        streamNote = `Reconnecting in ${Math.round(wait / 1000)} s…`;
        render();
        await new Promise((r) => setTimeout(r, wait));
        problem = "";
      }
    }
  }

  // Clocks count down between events.
  const ticker = setInterval(() => {
    if (latest?.clock && !ended) renderClocks();
  }, 200);

  render();
  void run();

  return {
    element,
    dispose() {
      abort.abort();
      clearInterval(ticker);
    },
  };
}

/** What each seat's count means, per kind (`View.seat_counts`). */
const COUNTED: Partial<Record<GameKind, string>> = {
  [GameKind.MORRIS]: "on the board",
  [GameKind.REVERSI]: "discs",
  [GameKind.BATTLESHIP]: "ships afloat",
  [GameKind.PEG_SOLITAIRE]: "pegs left",
};

/** How to make the moves that take more than one click, said once where they are possible. */
function clickHint(legal: readonly LegalMove[]): string {
  const kinds = new Set(legal.map((m) => (m.move?.kind.case === "place" ? `place-${m.move.kind.value.target.case}` : m.move?.kind.case)));
  if (kinds.has("place-ship")) return "Click a ship's first cell, then its last.";
  if (kinds.has("move")) return "Click a piece, then where it goes.";
  if (kinds.has("capture")) return "Click the piece to take.";
  return "";
}

/** The server's labels are written to stand in a sentence ("offers a draw"); a button starts with a capital. */
function capitalised(label: string): string {
  return label ? label[0]!.toUpperCase() + label.slice(1) : label;
}

const PHASES: Record<number, string> = {
  [Phase.UNSPECIFIED]: "to move",
  [Phase.PLACING]: "to place a piece",
  [Phase.MOVING]: "to move a piece",
  [Phase.FLYING]: "to move a piece anywhere (flying)",
  [Phase.CAPTURING]: "to take a piece",
};

/** Keys of what the last move touched, to mark it on the board. */
function lastKeys(view: View): Set<string> {
  const keys = new Set<string>();
  for (const c of view.lastChanged) {
    if (c.cell) keys.add(targetKey({ kind: "cell", board: c.seatBoard, row: c.cell.row, col: c.cell.col }));
  }
  const m = view.lastMove?.move;
  if (m) {
    // A shot's board is the other seat's; stepsOf says so from the mover's side.
    for (const st of stepsOf(m, view.lastMove?.seat ?? 0)) {
      if (st.kind !== "column") keys.add(targetKey(st));
    }
    // A disc dropped in a column: the column's top disc is the one played.
    const k = m.kind;
    if (k.case === "place" && k.value.target.case === "column" && view.board) {
      const col = k.value.target.value;
      for (let row = 0; row < view.board.height; row++) {
        if (view.board.cells[row * view.board.width + col]?.piece) {
          keys.add(targetKey({ kind: "cell", board: 0, row, col }));
          break;
        }
      }
    }
  }
  return keys;
}
