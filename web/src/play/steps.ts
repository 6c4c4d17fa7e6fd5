// Turning clicks into moves. The server lists every legal move; a move is made by clicking
// the places it names, in order (a Morris piece: from, then to; a ship: bow, then stern).
// The page never judges legality itself: it only matches clicks against that list.
import type { LegalMove, Location, Move } from "@tabula/client/web";
import { Orientation } from "@tabula/client/web";

/**
 * A place on the drawn boards: a cell of board `board` (0 the shared board, otherwise the
 * seat whose ocean it is), or a point of a graph board.
 */
export type Target = { kind: "cell"; board: number; row: number; col: number } | { kind: "point"; point: number };

/** One click a move needs: a target, or any cell of a column of the shared board (Connect Four). */
export type Step = Target | { kind: "column"; col: number };

/** The key a target is known by in the drawing (`data-key`). */
export function targetKey(t: Target): string {
  return t.kind === "cell" ? `c:${t.board}:${t.row}:${t.col}` : `p:${t.point}`;
}

function locationStep(loc: Location | undefined): Step | undefined {
  const at = loc?.at;
  if (!at) return undefined;
  if (at.case === "cell") return { kind: "cell", board: 0, row: at.value.row, col: at.value.col };
  if (at.case === "point") return { kind: "point", point: at.value };
  return undefined;
}

/**
 * The clicks that make `move`, for the seat `viewer` (whose own ocean is board `viewer`, and
 * whose shots land on the other seat's); empty for a move made with a button (pass, ready, a
 * grid shift, a draw offer, a whole fleet) or of a kind this page does not know.
 */
export function stepsOf(move: Move | undefined, viewer: number): Step[] {
  const k = move?.kind;
  switch (k?.case) {
    case "place": {
      const t = k.value.target;
      switch (t.case) {
        case "cell":
          return [{ kind: "cell", board: 0, row: t.value.row, col: t.value.col }];
        case "column":
          return [{ kind: "column", col: t.value }];
        case "point":
          return [{ kind: "point", point: t.value }];
        case "ship": {
          const bow = t.value.bow;
          if (!bow) return [];
          const n = Math.max(1, t.value.length) - 1;
          const down = t.value.orientation === Orientation.VERTICAL;
          // Bow, then stern: two clicks say both where and which way.
          return [
            { kind: "cell", board: viewer, row: bow.row, col: bow.col },
            { kind: "cell", board: viewer, row: bow.row + (down ? n : 0), col: bow.col + (down ? 0 : n) },
          ];
        }
        default:
          return [];
      }
    }
    case "move": {
      const from = locationStep(k.value.from);
      const to = locationStep(k.value.to);
      return from && to ? [from, to] : [];
    }
    case "capture": {
      const t = locationStep(k.value.target);
      return t ? [t] : [];
    }
    case "shot": {
      const c = k.value.target;
      if (!c) return [];
      // The shot lands on the other seat's ocean; Battleship has two seats.
      const ocean = viewer === 1 ? 2 : 1;
      return [{ kind: "cell", board: ocean, row: c.row, col: c.col }];
    }
    default:
      return [];
  }
}

/** Whether a click on `t` is the step `s`. */
export function matches(s: Step, t: Target): boolean {
  if (s.kind === "column") return t.kind === "cell" && t.board === 0 && t.col === s.col;
  if (s.kind === "point") return t.kind === "point" && t.point === s.point;
  return t.kind === "cell" && t.board === s.board && t.row === s.row && t.col === s.col;
}

/** The targets a step stands for on a board of `height` rows (a column: each of its cells). */
export function stepKeys(s: Step, height: number): string[] {
  if (s.kind === "column") {
    return Array.from({ length: height }, (_, row) => targetKey({ kind: "cell", board: 0, row, col: s.col }));
  }
  return [targetKey(s)];
}

/** What the clicks so far lead to. */
export type Selection =
  /** Nothing chosen yet, or the clicks matched no move: start over. */
  | { state: "idle" }
  /** Some clicks made; these moves still fit. */
  | { state: "partial"; clicks: Target[]; candidates: LegalMove[] }
  /** Clicks that make exactly these moves (more than one: a chess promotion to choose). */
  | { state: "complete"; clicks: Target[]; moves: LegalMove[] };

/**
 * The selection after a click on `t`, given the clicks before it. A click that fits no move
 * after the previous clicks starts a new selection with it, so a person can change their
 * mind by clicking another piece.
 */
export function click(legal: readonly LegalMove[], viewer: number, before: Target[], t: Target): Selection {
  const attempt = (clicks: Target[]): Selection | undefined => {
    const fitting = legal.filter((m) => {
      const steps = stepsOf(m.move, viewer);
      return steps.length >= clicks.length && clicks.every((c, i) => matches(steps[i]!, c));
    });
    if (fitting.length === 0) return undefined;
    const complete = fitting.filter((m) => stepsOf(m.move, viewer).length === clicks.length);
    // A move is made once every click it needs is made and no longer move still fits (no
    // game has a move whose clicks begin another's: they would wait for the longer one).
    if (complete.length > 0 && complete.length === fitting.length) {
      // Moves that read alike are one choice (two ships of one length placed alike).
      const seen = new Set<string>();
      const moves = complete.filter((m) => {
        const key = `${m.label}|${m.uci}`;
        return !seen.has(key) && seen.add(key);
      });
      return { state: "complete", clicks, moves };
    }
    return { state: "partial", clicks, candidates: fitting };
  };
  return attempt([...before, t]) ?? attempt([t]) ?? { state: "idle" };
}

/** Keys of the targets to highlight: where the next click may go. */
export function nextKeys(legal: readonly LegalMove[], viewer: number, sel: Selection, height: number): Set<string> {
  const keys = new Set<string>();
  const n = sel.state === "partial" ? sel.clicks.length : 0;
  const pool = sel.state === "partial" ? sel.candidates : legal;
  for (const m of pool) {
    const s = stepsOf(m.move, viewer)[n];
    if (s) for (const k of stepKeys(s, height)) keys.add(k);
  }
  return keys;
}

/** The moves made with a button rather than clicks on the board. */
export function buttonMoves(legal: readonly LegalMove[], viewer: number): LegalMove[] {
  return legal.filter((m) => stepsOf(m.move, viewer).length === 0);
}
