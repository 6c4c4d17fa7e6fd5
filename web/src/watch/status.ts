// The game in sentences above and below the board: whose turn it is and to do what, offers
// waiting, the outcome; and what each seat holds (in hand, on the board, ships afloat).
import { Phase, Stage, type View } from "@tabula/client/web";
import { outcomeWords, type Seats } from "../words.js";

const PHASES: Record<number, string> = {
  [Phase.UNSPECIFIED]: "to move",
  [Phase.PLACING]: "to place a piece",
  [Phase.MOVING]: "to move a piece",
  [Phase.FLYING]: "to move a piece anywhere (flying)",
  [Phase.CAPTURING]: "to take a piece",
};

/**
 * The status line of `view`; `past` names a past position looked at (`move 12 (White:
 * Qxf7)`; undefined for the live one), which the line starts with and which says nothing of
 * whose turn it is for the reader; `playsSeat`: the reader plays the view's seat (a page
 * holding the bot's seat only watches).
 */
export function statusLine(view: View, seats: Seats, seatCount: number, past: string | undefined, playsSeat: boolean): string {
  const prefix = past !== undefined ? `Position after ${past}. ` : "";
  if (view.outcome) return prefix + outcomeWords(view.outcome, seats, seatCount, playsSeat ? view.viewerSeat : 0);
  const me = playsSeat ? view.viewerSeat : 0;
  const parts: string[] = [];
  if (view.stage === Stage.PLACEMENT) {
    parts.push(`Fleets are being placed; still to confirm: ${view.toAct.map((s) => seats.full(s)).join(", ") || "nobody"}.`);
  } else if (view.toAct.length > 0) {
    const who = view.toAct.map((s) => `${seats.full(s)} ${PHASES[view.seatPhases[s - 1] ?? Phase.UNSPECIFIED]}`);
    parts.push(`${who.join(", ")}.`);
  }
  if (past === undefined && me > 0) parts.push(view.toAct.includes(me) ? `You play ${seats.name(me)}: your turn.` : `You play ${seats.name(me)}.`);
  if (view.drawOffer) parts.push(`${seats.name(view.drawOffer)} offers a draw.`);
  if (view.takebackRequest) parts.push(`${seats.name(view.takebackRequest)} asks to take back a move.`);
  return prefix + parts.join(" ");
}

/** What each seat holds: `Red: 3 in hand, 6 on the board · Yellow: 1 ship afloat`. */
export function countsLine(view: View, seats: Seats): string {
  const what = view.seatCountsLabel || "on the board";
  const parts: string[] = [];
  for (let seat = 1; seat <= Math.max(view.seatCounts.length, view.seatInHand.length); seat++) {
    const bits: string[] = [];
    const inHand = view.seatInHand[seat - 1];
    const count = view.seatCounts[seat - 1];
    if (inHand !== undefined) bits.push(`${inHand} in hand`);
    if (count !== undefined) bits.push(`${count} ${count === 1 ? singular(what) : what}`);
    parts.push(`${seats.name(seat)}: ${bits.join(", ")}`);
  }
  return parts.join(" · ");
}

/** The server's count labels are plural nouns first (`ships afloat`, `pegs left`): one of them. */
function singular(label: string): string {
  return label.replace(/^(\w+?)(e?s)\b/, (_, stem: string, ending: string) => (ending === "es" && !/(ch|sh|x|s)$/.test(stem) ? `${stem}e` : stem));
}
