// The game's tools beside its moves: asking the engine for a hint, taking back a move or
// answering the other seat's request, turning the board, exporting the game (PGN and FEN
// for chess), the link for spectators, and a rematch for the tab that holds the service key.
import { equals } from "@bufbuild/protobuf";
import { GameKind, MoveSchema } from "@tabula/client/web";
import { h } from "../dom.js";
import { gameHref } from "../route.js";
import type { WatchController } from "./controller.js";

export function toolItems(ctrl: WatchController): HTMLElement[] {
  const items: HTMLElement[] = [];
  const chess = ctrl.kind?.kind === GameKind.CHESS;
  if (ctrl.takebackAsked) {
    items.push(h("span", {}, "Take back their move?"));
    items.push(button("takeback-accept", "Accept the takeback", () => void ctrl.answerTakeBack(true)));
    items.push(button("takeback-decline", "Decline the takeback", () => void ctrl.answerTakeBack(false)));
  }
  if (ctrl.canTakeBack) items.push(button("takeback", "Take back my move", () => void ctrl.takeBack()));
  if (ctrl.canHint) items.push(button("hint", "Hint", () => void ctrl.askHint()));
  const hinted = hintLabel(ctrl);
  if (hinted) items.push(h("span", { class: "hint-text", "data-testid": "hint" }, `Hint: ${hinted}`));
  if (chess) items.push(button("flip", "Flip board", () => ctrl.flip()));
  if (chess && ctrl.latest) items.push(button("pgn", "Download PGN", () => void downloadPgn(ctrl)));
  items.push(button("spectator-link", "Copy spectator link", (e) => void copyLink(ctrl, e.currentTarget as HTMLButtonElement)));
  if (ctrl.canRematch) items.push(button("rematch", "Rematch", () => void ctrl.rematch()));
  return items;
}

/** The position's FEN, in a field to select and copy (chess only). */
export function fenField(ctrl: WatchController): HTMLElement | undefined {
  const fen = ctrl.viewShown?.notation;
  if (ctrl.kind?.kind !== GameKind.CHESS || !fen) return undefined;
  return h(
    "div",
    { class: "row fen" },
    h("label", { for: "fen" }, "FEN"),
    h("input", { id: "fen", type: "text", readonly: true, value: fen, "data-testid": "fen", "data-focus-key": "fen", spellcheck: "false" }),
  );
}

/** The legal move the engine suggested for the position on the board, by its label. */
function hintLabel(ctrl: WatchController): string {
  const hint = ctrl.hint;
  if (!hint || ctrl.hintSeq !== Number(ctrl.latest?.seq ?? -1) || ctrl.shown !== undefined) return "";
  return ctrl.legal.find((m) => m.move && equals(MoveSchema, m.move, hint))?.label ?? "";
}

function button(focusKey: string, label: string, onclick: (e: MouseEvent) => void): HTMLButtonElement {
  return h("button", { type: "button", "data-focus-key": focusKey, onclick }, label);
}

async function downloadPgn(ctrl: WatchController): Promise<void> {
  const pgn = await ctrl.exportPgn();
  const a = h("a", { href: URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" })), download: `${ctrl.gameId}.pgn` });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The game's address with no seat token: anyone may follow it with it, no one may play. */
export function spectatorLink(gameId: string): string {
  return `${location.origin}${location.pathname}${gameHref(gameId)}`;
}

async function copyLink(ctrl: WatchController, b: HTMLButtonElement): Promise<void> {
  const link = spectatorLink(ctrl.gameId);
  try {
    await navigator.clipboard.writeText(link);
    b.textContent = "Link copied";
  } catch {
    // No clipboard (an insecure origin, or refused): show the link to copy by hand.
    window.prompt("The spectator link:", link);
  }
}
