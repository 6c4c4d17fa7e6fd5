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
 * The status line of `view`; `pastSeq` is the seq of a past position looked at (undefined
 * for the live one), which the line starts by naming and which says nothing of whose turn
 * it is for the reader.
 */
export function statusLine(view: View, seats: Seats, seatCount: number, pastSeq: number | undefined): string {
  const prefix = pastSeq !== undefined ? `Position after event ${pastSeq}. ` : "";
  if (view.outcome) return prefix + outcomeWords(view.outcome, seats, seatCount);
  const me = view.viewerSeat;
  const parts: string[] = [];
  if (view.stage === Stage.PLACEMENT) {
    parts.push(`Fleets are being placed; still to confirm: ${view.toAct.map((s) => seats.full(s)).join(", ") || "nobody"}.`);
  } else if (view.toAct.length > 0) {
    const who = view.toAct.map((s) => `${seats.full(s)} ${PHASES[view.seatPhases[s - 1] ?? Phase.UNSPECIFIED]}`);
    parts.push(`${who.join(", ")}.`);
  }
  if (pastSeq === undefined && me > 0) parts.push(view.toAct.includes(me) ? `You play ${seats.name(me)}: your turn.` : `You play ${seats.name(me)}.`);
  if (view.drawOffer) parts.push(`${seats.name(view.drawOffer)} offers a draw.`);
  if (view.takebackRequest) parts.push(`${seats.name(view.takebackRequest)} asks to take back a move.`);
  return prefix + parts.join(" ");
}

/** What each seat holds: `Red: 3 in hand, 6 on the board · Yellow: ...`. */
export function countsLine(view: View, seats: Seats): string {
  const what = view.seatCountsLabel || "on the board";
  const parts: string[] = [];
  for (let seat = 1; seat <= Math.max(view.seatCounts.length, view.seatInHand.length); seat++) {
    const bits: string[] = [];
    const inHand = view.seatInHand[seat - 1];
    const count = view.seatCounts[seat - 1];
    if (inHand !== undefined) bits.push(`${inHand} in hand`);
    if (count !== undefined) bits.push(`${count} ${what}`);
    parts.push(`${seats.name(seat)}: ${bits.join(", ")}`);
  }
  return parts.join(" · ");
}
