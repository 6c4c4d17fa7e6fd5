// The move list's items: a line per event, or for chess the moves in pairs as its players
// write them (`1. e4 e5`). Each move is a button showing the position after it.
import { GameKind } from "@tabula/client/web";
import { h } from "../dom.js";
import type { WatchController } from "./controller.js";
import { type HistoryLine, pairRows, shownNumbers } from "./history.js";

export function moveListItems(ctrl: WatchController): HTMLElement[] {
  return ctrl.kind?.kind === GameKind.CHESS ? pairedItems(ctrl) : lineItems(ctrl);
}

function lineItems(ctrl: WatchController): HTMLElement[] {
  const numbers = shownNumbers(ctrl.lines);
  return ctrl.lines.map((l) => {
    const n = numbers.get(l.seq);
    return h("li", { class: classes(ctrl, l), "data-seq": l.seq }, lineButton(ctrl, l, n ? `${n}. ${l.text}` : l.text));
  });
}

function pairedItems(ctrl: WatchController): HTMLElement[] {
  return pairRows(ctrl.lines).map((row) => {
    const first = row.lines[0]!;
    if (!row.number) return h("li", { class: classes(ctrl, first), "data-seq": first.seq }, lineButton(ctrl, first, first.text));
    return h(
      "li",
      { class: "pair", "data-seq": first.seq },
      h("span", { class: "move-number" }, row.number),
      ...row.lines.map((l) => {
        const b = lineButton(ctrl, l, l.label ?? l.text);
        b.className = `link ${classes(ctrl, l)}`;
        b.setAttribute("aria-label", `${row.number} ${l.text}`);
        return b;
      }),
    );
  });
}

function classes(ctrl: WatchController, l: HistoryLine): string {
  return [l.isMove ? "move" : "event", l.undone ? "undone" : "", ctrl.shown === l.seq ? "shown" : ""].filter(Boolean).join(" ");
}

function lineButton(ctrl: WatchController, l: HistoryLine, text: string): HTMLButtonElement {
  return h("button", { type: "button", class: "link", "data-seq": l.seq, "data-focus-key": `seq:${l.seq}`, onclick: () => ctrl.show(l.seq) }, text);
}
