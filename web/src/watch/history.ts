// The game's history in words: one line per event, each move by the label the server
// gives it.
import { type GameEvent } from "@tabula/client/web";
import { outcomeWords, type Seats } from "../words.js";

export interface HistoryLine {
  seq: number;
  /** The server's number of the move, for moves (what a takeback names). */
  moveNumber?: number;
  text: string;
  /** A move later taken back. */
  undone?: boolean;
  /** Whether it is a move (shown in the move list) or another event. */
  isMove: boolean;
  /** A move's seat and its name alone (`e4`), for the move list in pairs. */
  seat?: number;
  label?: string;
}

/** One row of a move list in pairs (chess): `12. Nf3 Nc6`, `12… Nc6`, or an event's line. */
export interface PairRow {
  /** `12.` or `12…`; empty for an event's row. */
  number: string;
  /** The row's lines: a move or two, or one event. */
  lines: HistoryLine[];
}

/** The line for one event, its move named by the server's label. */
export function describe(event: GameEvent, seats: Seats, seatCount: number): HistoryLine {
  const seq = Number(event.seq);
  const k = event.kind;
  switch (k.case) {
    case "gameCreated":
      return { seq, text: "Game created.", isMove: false };
    case "moveApplied": {
      const m = k.value;
      // A draw offer or its answer is no move on the board: a line of its own, unnumbered.
      if (m.move?.kind.case === "draw") return { seq, text: `${seats.full(m.seat)} ${m.label || "acts on a draw offer"}.`, isMove: false };
      let what: string;
      // The server names every move it shows (its label, SAN for chess).
      if (m.redacted) what = "a move kept secret";
      else what = m.label || "a move";
      const by = event.actor?.kind.case === "clock" ? " (played by the clock)" : "";
      return { seq, moveNumber: m.moveNumber, text: `${seats.name(m.seat)}: ${what}${by}`, isMove: true, seat: m.seat, label: `${what}${by}` };
    }
    case "resigned":
      return { seq, text: `${seats.full(k.value.seat)} resigned.`, isMove: false };
    case "gameEnded":
      return { seq, text: k.value.outcome ? outcomeWords(k.value.outcome, seats, seatCount) : "The game ended.", isMove: false };
    case "moveTakenBack":
      return { seq, text: `${seats.name(k.value.seat)} took back move ${k.value.moveNumber}.`, isMove: false };
    case "gameAborted":
      return { seq, text: `The game was called off: ${k.value.explanation}`, isMove: false };
    case "gameAdjudicated":
      return { seq, text: `The game was decided from outside the board: ${k.value.explanation}`, isMove: false };
    case "timedOut":
      return { seq, text: `${seats.full(k.value.seat)} ran out of time.`, isMove: false };
    case "clockPaused":
      return { seq, text: "The clocks were paused.", isMove: false };
    case "clockResumed":
      return { seq, text: "The clocks run again.", isMove: false };
    case "timeAdded":
      return { seq, text: `${seats.name(k.value.seat)} was given more time.`, isMove: false };
    case "takebackRequested":
      return { seq, text: `${seats.name(k.value.seat)} asks to take back a move.`, isMove: false };
    case "takebackDeclined":
      return { seq, text: `${seats.name(k.value.seat)} declined the takeback.`, isMove: false };
    case "seatPresenceChanged":
      return { seq, text: `${seats.name(k.value.seat)} ${k.value.present ? "is here" : "went away"}.`, isMove: false };
    case "gameResumed":
      return { seq, text: "The game goes on: its end was taken back.", isMove: false };
    default:
      return { seq, text: "An event this page does not know.", isMove: false };
  }
}

/**
 * The number each move line is shown with: its place among the moves on the board before
 * it, counting neither draw offers nor moves taken back (a move taken back and the move
 * played instead have the same number).
 */
export function shownNumbers(lines: readonly HistoryLine[]): Map<number, number> {
  const numbers = new Map<number, number>();
  let standing = 0;
  for (const l of lines) {
    if (!l.isMove) continue;
    numbers.set(l.seq, standing + 1);
    if (!l.undone) standing++;
  }
  return numbers;
}

/**
 * The move list in pairs, as chess players write it: the first seat's move opens a numbered
 * row and the second seat's reply joins it; a reply with no move before it in the row (the
 * game began with the second seat to move, or an event came between) opens one of its own,
 * `12… Nc6`. Moves taken back, and events, are rows of their own.
 */
export function pairRows(lines: readonly HistoryLine[]): PairRow[] {
  const numbers = shownNumbers(lines);
  // A game begun with the second seat to move: its first move is the first row's second half.
  const offset = lines.find((l) => l.isMove)?.seat === 2 ? 1 : 0;
  const rows: PairRow[] = [];
  let open: PairRow | undefined;
  for (const l of lines) {
    if (!l.isMove || l.undone) {
      rows.push({ number: l.isMove ? `${fullMove(numbers.get(l.seq) ?? 1, offset)}${l.seat === 1 ? "." : "…"}` : "", lines: [l] });
      open = undefined;
      continue;
    }
    const full = fullMove(numbers.get(l.seq) ?? 1, offset);
    if (l.seat === 2 && open) {
      open.lines.push(l);
      open = undefined;
      continue;
    }
    const row = { number: `${full}${l.seat === 1 ? "." : "…"}`, lines: [l] };
    rows.push(row);
    open = l.seat === 1 ? row : undefined;
  }
  return rows;
}

function fullMove(ply: number, offset: number): number {
  return Math.floor((ply - 1 + offset) / 2) + 1;
}

/** Words for the position after the event `seq`: `move 12 (White: Qxf7)`, or the event's line. */
export function positionName(lines: readonly HistoryLine[], seq: number): string {
  const line = lines.find((l) => l.seq === seq);
  if (!line) return `event ${seq}`;
  if (!line.isMove) return `“${line.text.replace(/\.$/, "")}”`;
  return `move ${shownNumbers(lines).get(seq)} (${line.text})`;
}

/** Marks the moves that a later takeback undid, so the list reads as the game stands. */
export function markUndone(lines: HistoryLine[], event: GameEvent): void {
  if (event.kind.case !== "moveTakenBack") return;
  const n = event.kind.value.moveNumber;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.isMove && l.moveNumber === n && !l.undone) {
      l.undone = true;
      return;
    }
  }
}
