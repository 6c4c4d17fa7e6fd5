// The arbiter's calls on a game's page, for a tab holding a service key (or on a server with
// none): abort, adjudicate, pause and resume the clocks, add time, and a fresh seat link
// for a seat whose link was lost. Built once: what is typed in it survives the redraws.
import { OutcomeType } from "@tabula/client/web";
import { clientAs, errorText } from "../api.js";
import { h, replace } from "../dom.js";
import { gameHref } from "../route.js";
import { seatLinks, serviceKey } from "../store.js";
import type { WatchController } from "./controller.js";

export class ArbiterPanel {
  readonly #explanation = h("input", { type: "text", id: "arbiter-explanation", placeholder: "why (kept with the game)", "data-testid": "arbiter-explanation" });
  readonly #result = h("select", { id: "arbiter-result", "aria-label": "Result", "data-testid": "arbiter-result" });
  readonly #seat = h("select", { id: "arbiter-seat", "aria-label": "Seat", "data-testid": "arbiter-seat" });
  readonly #seconds = h("input", { type: "number", id: "arbiter-seconds", min: 1, step: 1, value: 60, "aria-label": "Seconds to add" });
  readonly #answer = h("p", { class: "hint", "data-testid": "arbiter-answer", "aria-live": "polite" });
  readonly #clockRow = h("div", { class: "row" });
  readonly element: HTMLElement;
  #seatsShown = "";

  constructor(private readonly ctrl: WatchController) {
    const button = (label: string, testid: string, run: () => Promise<string>) =>
      h("button", { type: "button", "data-testid": testid, onclick: () => void this.#run(run) }, label);
    this.#clockRow.append(
      button("Pause the clocks", "arbiter-pause", async () => (await this.#client().pauseClock(ctrl.gameId), "The clocks are paused.")),
      button("Resume the clocks", "arbiter-resume", async () => (await this.#client().resumeClock(ctrl.gameId), "The clocks run again.")),
      this.#seconds,
      button("Add time to the seat", "arbiter-add-time", async () => {
        await this.#client().addTime(ctrl.gameId, Number(this.#seat.value), Number(this.#seconds.value) * 1000);
        return `${this.#seconds.value} s added.`;
      }),
    );
    this.element = h(
      "details",
      { class: "arbiter", "data-testid": "arbiter" },
      h("summary", {}, "Arbiter"),
      h("div", { class: "row" }, h("label", { for: "arbiter-explanation" }, "Explanation"), this.#explanation),
      h(
        "div",
        { class: "row" },
        button("Abort the game", "arbiter-abort", async () => (await this.#client().abortGame(ctrl.gameId, this.#why()), "The game is called off.")),
        this.#result,
        button("Adjudicate", "arbiter-adjudicate", async () => {
          const winner = Number(this.#result.value);
          await this.#client().adjudicateGame(ctrl.gameId, winner ? OutcomeType.WIN : OutcomeType.DRAW, winner, this.#why());
          return "The game is decided.";
        }),
      ),
      h("div", { class: "row" }, h("label", { for: "arbiter-seat" }, "Seat"), this.#seat),
      this.#clockRow,
      h(
        "div",
        { class: "row" },
        button("New link for the seat", "arbiter-reissue", async () => {
          const token = await this.#client().reissueSeatToken(ctrl.gameId, Number(this.#seat.value));
          // The old link stops working; the new one is shown to hand to the seat's player.
          return `${location.origin}${location.pathname}${gameHref(ctrl.gameId, token.token)}`;
        }),
      ),
      this.#answer,
    );
  }

  /** Shows the panel for a tab that may manage the game, the seats named as the game names them. */
  update(): void {
    const ctrl = this.ctrl;
    const count = ctrl.seatCount || ctrl.kind?.seatCount || 0;
    this.element.hidden = !(serviceKey() || seatLinks(ctrl.gameId).length > 0) || count === 0;
    const names = Array.from({ length: count }, (_, i) => ctrl.seats.name(i + 1));
    const shown = names.join("|");
    if (shown !== this.#seatsShown) {
      this.#seatsShown = shown;
      replace(this.#seat, ...names.map((n, i) => h("option", { value: i + 1 }, n)));
      replace(this.#result, ...names.map((n, i) => h("option", { value: i + 1 }, `${n} wins`)), count > 1 && h("option", { value: 0 }, "a draw"));
    }
    this.#clockRow.hidden = !ctrl.config?.clock;
  }

  #client() {
    return clientAs(serviceKey());
  }

  #why(): string {
    return this.#explanation.value.trim() || "decided by the arbiter";
  }

  async #run(call: () => Promise<string>): Promise<void> {
    this.#answer.textContent = "";
    try {
      this.#answer.textContent = await call();
    } catch (err) {
      this.#answer.textContent = errorText(err);
    }
  }
}
