// A game's page drawn from its controller: the layout is built once, and each redraw fills
// its parts from the controller's state, keeping the keyboard focus where it was. It makes
// no call: what a person does goes to the controller.
import { GameStatus } from "@tabula/client/web";
import { h, replace } from "../dom.js";
import { gameHref, spectateHref } from "../route.js";
import { seatLinks } from "../store.js";
import { actionButtons } from "./actions.js";
import { drawBoard } from "./board.js";
import { ClockView } from "./clock.js";
import type { WatchController } from "./controller.js";
import { keepingFocus } from "./focus.js";
import { RovingFocus } from "./roving.js";
import { DragMoves } from "./drag.js";
import { MoveSounds } from "./sound.js";
import { ArbiterPanel } from "./arbiter.js";
import { positionName } from "./history.js";
import { moveListItems } from "./moves.js";
import { countsLine, statusLine } from "./status.js";
import { materialLine } from "./material.js";
import { fenField, toolItems } from "./tools.js";
import { presetWords, ratingOf } from "./about.js";

export class WatchView {
  readonly #title = h("h1", { class: "game-title" }, "Game");
  readonly #status = h("p", { class: "status", "data-testid": "status", "aria-live": "polite" });
  readonly #clock = new ClockView();
  readonly #counts = h("p", { class: "counts" });
  readonly #material = h("div", { class: "material-box" });
  readonly #tools = h("div", { class: "tools", "data-focus-region": "tools" });
  readonly #subtitle = h("p", { class: "game-subtitle", "data-testid": "subtitle" });
  // Built once, so that what is being typed survives the redraws around it.
  readonly #typedInput = h("input", { id: "typed-move", type: "text", autocomplete: "off", spellcheck: "false", "data-testid": "typed-move", placeholder: "e4, c3, 4…" });
  readonly #typedForm = h(
    "form",
    { class: "typed row", "data-testid": "typed-form" },
    h("label", { for: "typed-move" }, "Type a move"),
    this.#typedInput,
    h("button", { type: "submit" }, "Play"),
  );
  readonly #board = h("div", { class: "board-box", "data-testid": "board", "data-focus-region": "board" });
  readonly #actions = h("div", { class: "actions", "data-focus-region": "actions" });
  readonly #error = h("p", { class: "error", role: "alert", "data-testid": "error" });
  readonly #history = h("ol", { class: "history", "data-testid": "moves", "data-focus-region": "history" });
  readonly #historyNav = h("div", { class: "history-nav", "data-focus-region": "history-nav" });
  readonly #seats = h("div", { class: "seat-links" });
  readonly #note = h("p", { class: "stream-note", "data-testid": "stream-note" });
  readonly #side = h("aside", { class: "side" }, h("h2", {}, "Moves"), this.#historyNav, this.#history, this.#seats, this.#note);
  #seatLinksShown = "";

  readonly element = h(
    "section",
    { class: "game" },
    this.#title,
    this.#subtitle,
    h(
      "div",
      { class: "game-layout" },
      h("div", { class: "play-area" }, this.#status, this.#clock.element, this.#board, this.#actions, this.#typedForm, this.#error, this.#counts, this.#material, this.#tools),
      this.#side,
    ),
  );

  readonly #roving = new RovingFocus(this.#board);
  readonly #sounds = new MoveSounds();
  readonly #drag: DragMoves;
  readonly #arbiter: ArbiterPanel;

  constructor(private readonly ctrl: WatchController) {
    ctrl.onMoveArrived = (taking) => this.#sounds.play(taking);
    this.#arbiter = new ArbiterPanel(ctrl);
    this.#side.append(this.#arbiter.element);
    // Dragging a piece makes the same two clicks as clicking it, then where it goes.
    this.#drag = new DragMoves(this.#board, (from, to) => {
      if (!ctrl.canClick) return;
      ctrl.clickTarget(from);
      ctrl.clickTarget(to);
    });
    this.#typedForm.addEventListener("submit", (e) => {
      e.preventDefault();
      if (this.ctrl.typed(this.#typedInput.value)) this.#typedInput.value = "";
    });
  }

  render(): void {
    keepingFocus(this.element, () => this.#fill());
  }

  dispose(): void {
    this.#clock.dispose();
    this.#drag.dispose();
    this.#sounds.dispose();
  }

  #fill(): void {
    const ctrl = this.ctrl;
    const view = ctrl.viewShown;
    this.#fillTitle();
    this.#fillStatus();
    this.#clock.show(view?.clock, ctrl.seats, ctrl.shown === undefined && !ctrl.ended, ctrl.skewMs);
    if (view) {
      // Which position is drawn, for whoever reads the page (and its tests).
      this.#board.dataset["seq"] = String(view.seq);
      replace(this.#board, drawBoard(ctrl, view));
      this.#roving.assign();
      this.#counts.textContent = countsLine(view, ctrl.seats);
      replace(this.#material, materialLine(view, ctrl.seats));
    } else {
      replace(this.#board);
    }
    replace(this.#actions, ...actionButtons(ctrl));
    // Shown all through a seat's live game (hidden, it would take the focus away mid-typing).
    this.#typedForm.hidden = !(ctrl.playsSeat && ctrl.latest?.status === GameStatus.IN_PROGRESS && ctrl.shown === undefined);
    replace(this.#tools, ...toolItems(ctrl), this.#sounds.element, fenField(ctrl));
    this.#arbiter.update();
    this.#error.textContent = ctrl.problem;
    this.#fillHistory();
    this.#fillSeatLinks();
    this.#note.textContent = ctrl.streamNote;
  }

  /**
   * The heading names the players (with their ratings in a rated game), else the kind; the
   * line under it the kind, its preset and what that preset plays; the tab's title says
   * when it is this seat's turn, for a reader in another tab.
   */
  #fillTitle(): void {
    const ctrl = this.ctrl;
    const kind = ctrl.kind?.displayName ?? "Game";
    const seats = ctrl.seatCount || ctrl.kind?.seatCount || 0;
    const names = Array.from({ length: seats }, (_, i) => ctrl.seats.full(i + 1) + ratingOf(ctrl, i));
    this.#title.textContent = ctrl.game?.players.some((p) => p.displayName) ? names.join(" vs ") : kind;
    this.#subtitle.textContent = [kind, presetWords(ctrl), `game ${ctrl.gameId}`].filter(Boolean).join(" · ");
    document.title = `${ctrl.myTurn ? "Your turn · " : ""}${kind} · Tabula`;
  }

  #fillStatus(): void {
    const ctrl = this.ctrl;
    const view = ctrl.viewShown;
    const status = this.#status;
    if (!view) {
      status.textContent = ctrl.problem ? "" : "Loading the game…";
      return;
    }
    const past = ctrl.shown !== undefined && ctrl.shown !== Number(ctrl.latest?.seq ?? 0) ? ctrl.shown : undefined;
    const pastName = past === undefined ? undefined : positionName(ctrl.lines, past);
    status.textContent = statusLine(view, ctrl.seats, ctrl.seatCount, pastName, ctrl.playsSeat);
    if (view.outcome) status.dataset["outcome"] = "true";
    else delete status.dataset["outcome"];
  }

  #fillHistory(): void {
    const ctrl = this.ctrl;
    const box = this.#history;
    const items = moveListItems(ctrl);
    const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
    replace(box, ...items);
    // Live, the newest move stays in sight unless the reader scrolled up.
    if (ctrl.shown === undefined && atBottom) box.scrollTop = box.scrollHeight;
    const { seqs, index } = ctrl.positions();
    const nav = (key: string, label: string, disabled: boolean, onclick: () => void) =>
      h("button", { type: "button", "data-focus-key": key, disabled, onclick }, label);
    replace(
      this.#historyNav,
      nav("back", "◀ Back", index <= 0, () => ctrl.step(-1)),
      nav("forward", "Forward ▶", index < 0 || index >= seqs.length - 1, () => ctrl.step(1)),
      nav("live", ctrl.ended ? "Final position" : "Live", ctrl.shown === undefined, () => ctrl.show(undefined)),
    );
  }

  /** Links to every seat of a game this tab created; drawn again only when they change. */
  #fillSeatLinks(): void {
    const gameId = this.ctrl.gameId;
    const links = seatLinks(gameId);
    const shown = JSON.stringify(links);
    if (links.length === 0 || shown === this.#seatLinksShown) return;
    this.#seatLinksShown = shown;
    replace(
      this.#seats,
      h("h2", {}, "Seats"),
      h(
        "ul",
        {},
        ...links.map((l) => h("li", {}, h("a", { href: gameHref(gameId, l.token) }, `Play as ${l.seatName || `seat ${l.seat}`}`))),
        h("li", {}, h("a", { href: spectateHref(gameId) }, "Watch as a spectator")),
      ),
    );
  }
}
