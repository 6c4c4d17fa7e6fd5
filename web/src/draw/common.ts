// What every board drawing shares: options, seat colours, the clickable-target plumbing.
import { h, s } from "../dom.js";
import type { Namer, Seats } from "../words.js";
import { type Target, targetKey } from "../play/steps.js";

/** How to draw one view: what is clickable, what was clicked, what to mark. */
export interface DrawOptions {
  seats: Seats;
  /** Names of the cells and points of the view drawn. */
  names: Namer;
  /** Keys (`targetKey`) of the targets a click may go to now. */
  highlight: ReadonlySet<string>;
  /** Keys of the targets already clicked for the move being made. */
  selected: ReadonlySet<string>;
  /** Keys of the cells or points the last move touched. */
  last: ReadonlySet<string>;
  /** Keys of the places of a move the engine suggested (a hint). */
  hinted: ReadonlySet<string>;
  /** Keys of places in danger, marked in red (a king in check). */
  alert: ReadonlySet<string>;
  /** Turned half round from how the viewer's seat sees the board (chess). */
  flipped: boolean;
  /** Where a grid shift being pointed at would move the active region (Tic-Tac-Two). */
  shiftPreview?: { dRow: number; dCol: number };
  /** Called with a highlighted target when it is clicked (or chosen with the keyboard). */
  onClick?: (t: Target) => void;
  /** The seat this view is for (0: a spectator); chess turns the board for Black. */
  viewer: number;
}

/** Units of the drawing per cell; the SVG scales to its box through its viewBox. */
export const UNIT = 10;

const NAMED: Record<string, string> = {
  red: "#d33a2c",
  yellow: "#f2c230",
  black: "#1d1d1f",
  white: "#f7f7f2",
  blue: "#2f6fd0",
  green: "#2e9b4f",
};
const PALETTE = ["#d33a2c", "#2f6fd0", "#2e9b4f", "#8d4fc1"];

/** A seat's colour: its name's where the name is a colour (Red, Black), else a palette's. */
export function seatColour(seats: Seats, seat: number): string {
  return NAMED[seats.name(seat).toLowerCase()] ?? PALETTE[(seat - 1) % PALETTE.length] ?? "#888";
}

/** A colour that stands out on `fill` (for outlines and letters on a disc). */
export function contrast(fill: string): string {
  return fill === NAMED["black"] || fill === NAMED["blue"] || fill === NAMED["red"] ? "#f7f7f2" : "#1d1d1f";
}

/** An SVG scaling to its container, with a label for assistive technology. */
export function svgRoot(width: number, height: number, label: string): SVGElement {
  return s("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "board",
    role: "group",
    "aria-label": label,
    preserveAspectRatio: "xMidYMid meet",
  });
}

/**
 * A group standing for one target: labelled (`<title>` and `aria-label`), carrying its key,
 * and clickable with the mouse or the keyboard when highlighted.
 */
export function targetGroup(t: Target, label: string, opts: DrawOptions, extra: Record<string, string | number> = {}): SVGElement {
  const key = targetKey(t);
  const live = opts.highlight.has(key);
  const classes = ["target"];
  if (live) classes.push("legal");
  if (opts.selected.has(key)) classes.push("selected");
  if (opts.last.has(key)) classes.push("last");
  if (opts.hinted.has(key)) classes.push("hinted");
  if (opts.alert.has(key)) classes.push("alert");
  const g = s(
    "g",
    {
      class: classes.join(" "),
      "data-key": key,
      // The focus stays on the target across redraws (watch/focus.ts).
      "data-focus-key": key,
      "aria-label": label,
      role: live ? "button" : "img",
      // Reached by the arrow keys; the board's one Tab stop is set by its page (watch/roving.ts).
      tabindex: -1,
      ...extra,
    },
    s("title", {}, label),
  );
  if (live && opts.onClick) {
    const fire = () => opts.onClick?.(t);
    g.addEventListener("click", fire);
    g.addEventListener("keydown", (e) => {
      const k = (e as KeyboardEvent).key;
      if (k === "Enter" || k === " ") {
        e.preventDefault();
        fire();
      }
    });
  }
  return g;
}

/**
 * Marks `svg` quiet when every empty place on it is playable (Gomoku, tic-tac-toe, an ocean's
 * unshot cells, Connect Four's open columns): marking them all would only hide the board,
 * so they show under the pointer or the keyboard's focus alone. Where some empty places
 * are playable and others not (Reversi, a piece's moves), the playable ones are marked.
 */
export function quietWhenDense(svg: SVGElement): void {
  const empty = [...svg.querySelectorAll(".target:not(.occupied)")];
  if (empty.length > 0 && empty.every((t) => t.classList.contains("legal"))) svg.classList.add("quiet-legal");
}

/** A captioned figure holding one board. */
export function figure(caption: string, svg: SVGElement): HTMLElement {
  return h("figure", { class: "board-figure" }, svg, h("figcaption", {}, caption));
}
