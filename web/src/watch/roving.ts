// Moving about a board with the keyboard: the board is one stop of the Tab key, and the arrow
// keys move from place to place on it (as a grid widget does), so that a far point of a
// Gomoku board is a few presses away rather than two hundred Tabs. The place last visited
// stays the board's stop through redraws; Enter or Space on a playable place plays it
// (draw/common.ts).

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export class RovingFocus {
  /** The focus key of the place last focused on the board, kept across redraws. */
  #current: string | undefined;

  constructor(private readonly box: HTMLElement) {
    box.addEventListener("focusin", (e) => {
      const key = (e.target as Element).closest(".target")?.getAttribute("data-focus-key");
      if (key) this.#current = key;
    });
    box.addEventListener("keydown", (e) => this.#arrow(e));
  }

  /**
   * After a redraw: the place last visited is the board's one Tab stop, or, before any
   * visit (or when it is gone), the first playable place, else the first place.
   */
  assign(): void {
    const places = [...this.box.querySelectorAll<SVGElement>(".target")];
    const stop =
      places.find((p) => p.getAttribute("data-focus-key") === this.#current) ?? places.find((p) => p.classList.contains("legal")) ?? places[0];
    for (const p of places) p.setAttribute("tabindex", p === stop ? "0" : "-1");
  }

  #arrow(e: KeyboardEvent): void {
    const step = ARROWS[e.key];
    const from = (e.target as Element).closest?.(".target");
    if (!step || !from || e.altKey || e.ctrlKey || e.metaKey) return;
    const next = nearest(from, [...this.box.querySelectorAll<SVGElement>(".target")], step);
    if (!next) return;
    e.preventDefault();
    for (const p of this.box.querySelectorAll(".target[tabindex='0']")) p.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
  }
}

/**
 * The place drawn nearest to `from` in the direction `step` (x, y on the screen), as the eye
 * goes: the same row or column first, then the closest beside it. By where places are drawn,
 * so a board turned for Black, a triangle's rows and a Morris board's lines all go the way the
 * arrow points.
 */
function nearest(from: Element, places: SVGElement[], [dx, dy]: [number, number]): SVGElement | undefined {
  const centre = (el: Element) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2] as const;
  };
  const [fx, fy] = centre(from);
  const size = Math.max(1, from.getBoundingClientRect().width);
  let best: SVGElement | undefined;
  let bestScore = Infinity;
  for (const place of places) {
    if (place === from) continue;
    const [x, y] = centre(place);
    const along = ((x - fx) * dx + (y - fy) * dy) / size;
    const across = Math.abs((x - fx) * dy + (y - fy) * dx) / size;
    // Ahead only; a place beside the line costs more than one further along it.
    if (along < 0.5) continue;
    const score = along + 3 * across;
    if (score < bestScore) {
      bestScore = score;
      best = place;
    }
  }
  return best;
}
