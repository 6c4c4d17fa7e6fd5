// Moving a piece by dragging it, as well as by two clicks: a press on a piece that may move,
// the piece following the pointer, and a release on another place make the same two clicks
// (the controller matches them against the legal moves as it does clicks). A press and a
// release on the same place is left to the click it also is.
import { s } from "../dom.js";
import type { Target } from "../play/steps.js";

const SLOP_PX = 4;

export class DragMoves {
  #from: { key: string; x: number; y: number } | undefined;
  #floating: SVGElement | undefined;
  // The pointer is followed over the whole window while a piece is dragged; these listeners
  // go with the page (dispose), or each game opened would leave its own behind.
  readonly #moved = (e: PointerEvent) => this.#move(e);
  readonly #released = (e: PointerEvent) => this.#up(e);

  constructor(
    private readonly box: HTMLElement,
    private readonly clicks: (from: Target, to: Target) => void,
  ) {
    box.addEventListener("pointerdown", (e) => this.#down(e));
    window.addEventListener("pointermove", this.#moved);
    window.addEventListener("pointerup", this.#released);
  }

  dispose(): void {
    window.removeEventListener("pointermove", this.#moved);
    window.removeEventListener("pointerup", this.#released);
    this.#floating?.remove();
  }

  #down(e: PointerEvent): void {
    const place = (e.target as Element).closest(".target.legal.occupied");
    const key = place?.getAttribute("data-key");
    if (e.button !== 0 || !key) return;
    this.#from = { key, x: e.clientX, y: e.clientY };
  }

  #move(e: PointerEvent): void {
    const from = this.#from;
    if (!from) return;
    if (!this.#floating && Math.hypot(e.clientX - from.x, e.clientY - from.y) < SLOP_PX) return;
    this.#floating ??= this.#lift(from.key);
    if (this.#floating) {
      this.#floating.style.left = `${e.clientX}px`;
      this.#floating.style.top = `${e.clientY}px`;
    }
  }

  #up(e: PointerEvent): void {
    const from = this.#from;
    this.#from = undefined;
    const dragged = !!this.#floating;
    this.#floating?.remove();
    this.#floating = undefined;
    if (!from || !dragged) return;
    const to = document.elementFromPoint(e.clientX, e.clientY)?.closest(".target")?.getAttribute("data-key");
    const a = parseKey(from.key);
    const b = to ? parseKey(to) : undefined;
    if (a && b && to !== from.key) this.clicks(a, b);
  }

  /** A copy of the piece on `key`, following the pointer above the page. */
  #lift(key: string): SVGElement | undefined {
    const place = this.box.querySelector(`.target[data-key="${CSS.escape(key)}"]`);
    const piece = place?.querySelector(".chess-piece, .disc, .peg, .mark-letter");
    const svg = place?.closest("svg");
    if (!piece || !svg || !place) return undefined;
    const size = (place as SVGGraphicsElement).getBoundingClientRect().width;
    const box = (place as SVGGraphicsElement).getBBox();
    const floating = s("svg", { class: "dragged-piece", viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`, "aria-hidden": "true" });
    floating.append(piece.cloneNode(true));
    floating.style.width = floating.style.height = `${size}px`;
    document.body.append(floating);
    return floating;
  }
}

/** The target a drawn place's key (`c:0:6:4`, `p:12`) stands for. */
function parseKey(key: string): Target | undefined {
  const cell = /^c:(\d+):(\d+):(\d+)$/.exec(key);
  if (cell) return { kind: "cell", board: Number(cell[1]), row: Number(cell[2]), col: Number(cell[3]) };
  const point = /^p:(\d+)$/.exec(key);
  return point ? { kind: "point", point: Number(point[1]) } : undefined;
}
