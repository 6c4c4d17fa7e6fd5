// The board of the position shown, drawn from the controller's state: where a click may go
// now, what was clicked toward a move, what the last move touched, a hint, a king in check.
import { EndReason, GameKind, Piece, type View } from "@tabula/client/web";
import { drawView } from "../draw/index.js";
import { nextKeys, stepKeys, stepsOf, targetKey } from "../play/steps.js";
import { Namer } from "../words.js";
import type { WatchController } from "./controller.js";

export function drawBoard(ctrl: WatchController, view: View): HTMLElement {
  const live = ctrl.canClick;
  const height = view.board?.height ?? 0;
  const selection = ctrl.selection;
  const hint = live && ctrl.hintSeq === Number(view.seq) ? ctrl.hint : undefined;
  if (ctrl.canPremove && view === ctrl.latest) return drawPremove(ctrl, view);
  return drawView(view, ctrl.config, {
    seats: ctrl.seats,
    names: new Namer(view),
    viewer: view.viewerSeat,
    highlight: live ? nextKeys(ctrl.legal, ctrl.viewer, selection, height) : new Set<string>(),
    selected: new Set<string>(selection.state === "idle" ? [] : selection.clicks.map(targetKey)),
    last: lastKeys(view),
    hinted: new Set(hint ? stepsOf(hint, ctrl.viewer).flatMap((st) => stepKeys(st, height)) : []),
    alert: checkedKing(view),
    flipped: ctrl.flipped,
    shiftPreview: live ? ctrl.shiftShown : undefined,
    onClick: live ? (t) => ctrl.clickTarget(t) : undefined,
  });
}

/**
 * The board while the other seat is to move, open to a premove: the seat's own pieces to
 * start from, then any other square; the premove's squares marked as a selection is.
 */
function drawPremove(ctrl: WatchController, view: View): HTMLElement {
  const board = view.board;
  const clicks = ctrl.premove?.clicks ?? [];
  const open = new Set<string>();
  board?.cells.forEach((c, i) => {
    const key = targetKey({ kind: "cell", board: 0, row: Math.floor(i / board.width), col: i % board.width });
    if (clicks.length === 1 ? key !== targetKey(clicks[0]!) : c.owner === ctrl.viewer) open.add(key);
  });
  return drawView(view, ctrl.config, {
    seats: ctrl.seats,
    names: new Namer(view),
    viewer: view.viewerSeat,
    highlight: open,
    selected: new Set(clicks.map(targetKey)),
    last: lastKeys(view),
    hinted: new Set(),
    alert: checkedKing(view),
    flipped: ctrl.flipped,
    onClick: (t) => ctrl.premoveClick(t),
  });
}

/**
 * The chess king in check, by the last move's SAN (`+`, or `#` for mate): the side to move's,
 * or after a mate the loser's. The page reads the check from the server's notation, never
 * from rules of its own.
 */
function checkedKing(view: View): Set<string> {
  const san = view.lastMove?.notation ?? "";
  if (view.kind !== GameKind.CHESS || !view.board || !/[+#]$/.test(san)) return new Set();
  const mated = view.outcome?.reason === EndReason.CHECKMATE ? 3 - view.outcome.winner : 0;
  const side = mated || view.toAct[0] || 0;
  const i = view.board.cells.findIndex((c) => c.piece === Piece.KING && c.owner === side);
  if (i < 0) return new Set();
  return new Set([targetKey({ kind: "cell", board: 0, row: Math.floor(i / view.board.width), col: i % view.board.width })]);
}

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
