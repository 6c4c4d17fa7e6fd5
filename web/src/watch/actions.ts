// The buttons under the board: the seat's moves made without clicking the board (pass,
// ready, a grid shift, a draw offer), the choice between moves the same clicks make (a
// pawn's promotion), cancelling a selection, and resigning.
import type { LegalMove } from "@tabula/client/web";
import { h } from "../dom.js";
import { buttonMoves } from "../play/steps.js";
import type { WatchController } from "./controller.js";

export function actionButtons(ctrl: WatchController): HTMLElement[] {
  const items: HTMLElement[] = [];
  const selection = ctrl.selection;
  if (ctrl.movesListed) {
    if (selection.state === "complete" && selection.moves.length > 1) {
      // Several moves for the same clicks: a pawn's promotion (or a move with a draw claim).
      items.push(h("span", { class: "choose" }, "Choose:"));
      // Named as the move list will name them (SAN's letters mean pieces: kept as they are).
      for (const m of selection.moves) items.push(moveButton(ctrl, m, m.label));
      items.push(button("cancel", "Cancel", () => ctrl.cancelSelection()));
    } else {
      const hint = clickHint(ctrl.legal);
      if (hint) items.push(h("span", { class: "hint" }, hint));
      const owed = ctrl.shipsOwed;
      if (owed.length > 0) {
        items.push(h("span", { class: "hint", "data-testid": "ships-owed" }, `Still to place: ships of ${owed.join(", ")}.`));
        items.push(button("random-fleet", "Place the rest at random", () => void ctrl.placeFleetAtRandom()));
      }
      for (const m of buttonMoves(ctrl.legal, ctrl.viewer)) items.push(moveButton(ctrl, m, buttonText(m.label)));
      if (selection.state === "partial") items.push(button("cancel", "Cancel selection", () => ctrl.cancelSelection()));
    }
  }
  const pre = ctrl.premove;
  if (pre && (pre.typed || pre.clicks.length === 2)) {
    items.push(h("span", { class: "hint", "data-testid": "premove" }, pre.typed ? `Premove: ${pre.typed}, played on your turn if legal.` : "Premove set: played on your turn if legal."));
  }
  if (pre) items.push(button("cancel-premove", "Cancel premove", () => ctrl.cancelPremove()));
  if (ctrl.canResign) {
    const resign = button("resign", "Resign", () => {
      if (confirm("Resign this game?")) void ctrl.resign();
    });
    resign.classList.add("resign");
    items.push(resign);
  }
  return items;
}

/** A button known across redraws by `focusKey` (see focus.ts). */
function button(focusKey: string, label: string, onclick: () => void): HTMLButtonElement {
  return h("button", { type: "button", "data-focus-key": focusKey, onclick }, label);
}

function moveButton(ctrl: WatchController, m: LegalMove, text: string): HTMLElement {
  const b = h(
    "button",
    {
      type: "button",
      class: "move-button",
      "data-uci": m.uci,
      "data-label": m.label,
      "data-focus-key": `move:${m.uci}:${m.label}`,
      disabled: ctrl.busy,
      onclick: () => void ctrl.submit(m),
    },
    text || "Move",
  );
  // A grid shift shows where the grid would land while the pointer or focus is on its button.
  if (m.move?.kind.case === "gridShift") {
    const shift = m.move.kind.value;
    const show = () => ctrl.previewShift({ dRow: shift.dRow, dCol: shift.dCol });
    const hide = () => ctrl.previewShift(undefined);
    b.addEventListener("pointerenter", show);
    b.addEventListener("focus", show);
    b.addEventListener("pointerleave", hide);
    b.addEventListener("blur", hide);
  }
  return b;
}

/** How to make the moves that take more than one click, said once where they are possible. */
function clickHint(legal: readonly LegalMove[]): string {
  const kinds = new Set(legal.map((m) => (m.move?.kind.case === "place" ? `place-${m.move.kind.value.target.case}` : m.move?.kind.case)));
  if (kinds.has("place-ship")) return "Click a ship's first cell, then its last.";
  if (kinds.has("move")) return "Click a piece, then where it goes.";
  if (kinds.has("capture")) return "Click the piece to take.";
  return "";
}

// The server's labels are written to follow a seat's name in the move list ("Black offers a
// draw"); a button says what it does.
const IMPERATIVE: Record<string, string> = { offers: "Offer", accepts: "Accept", declines: "Decline", claims: "Claim", withdraws: "Withdraw" };

/** A button's words for a move made without clicking the board: `Offer a draw`, `Pass`, `Grid up-left`. */
function buttonText(label: string): string {
  const [first = "", ...rest] = label.split(" ");
  const verb = IMPERATIVE[first];
  if (verb) return [verb, ...rest].join(" ");
  return label ? label[0]!.toUpperCase() + label.slice(1) : label;
}
