// Grid boards: every game whose board is a rectangle of cells (tic-tac-toe, Connect Four,
// Gomoku, Tic-Tac-Two, Reversi, peg solitaire, chess, and each Battleship ocean).
import { s } from "../dom.js";
import { type Cell, type GridBoard, Piece, type Region } from "@tabula/client/web";
import { pieceWords } from "../words.js";
import { contrast, type DrawOptions, quietWhenDense, seatColour, svgRoot, targetGroup, UNIT } from "./common.js";
import { targetKey } from "../play/steps.js";
import { chessPiece } from "./chess.js";

/** How a kind of game looks on its grid. */
export type GridStyle = "marks" | "discs" | "stones" | "reversi" | "pegs" | "chess" | "ocean";

export interface GridExtras {
  /** Which board this is: 0 the shared one, otherwise the seat whose ocean it is. */
  board: number;
  style: GridStyle;
  label: string;
  /** Tic-Tac-Two's grid, where play happens now. */
  activeRegion?: Region;
  /** The cells of a winning line, in order along it. */
  winningLine?: readonly Cell[];
  /** Connect Four on a cylinder: lines wrap from the last column to the first. */
  wraps?: boolean;
  /** A triangle of peg solitaire: each row is centred under the one above. */
  triangle?: boolean;
  /** Drawn turned half round (chess seen by Black). */
  flipped?: boolean;
}

const MARGIN = 6;

/** Styles whose move places the viewer's own piece on an empty cell: a preview of it shows under the pointer. */
const GHOSTS: ReadonlySet<GridStyle> = new Set(["marks", "discs", "stones", "reversi"]);

/** The row a disc dropped in column `col` would land in: its lowest empty cell (-1 when full). */
function landingRow(board: GridBoard, col: number): number {
  for (let row = board.height - 1; row >= 0; row--) {
    if ((board.cells[row * board.width + col]?.piece ?? Piece.UNSPECIFIED) === Piece.UNSPECIFIED) return row;
  }
  return -1;
}

/**
 * A disc dropped by a click anywhere in a column lands at its foot: the preview follows the
 * pointer (or the focus) to the column, and shows where the disc would come to rest.
 */
function previewDrops(svg: SVGElement): void {
  const show = (e: Event) => {
    const col = (e.target as Element).closest(".target.legal")?.getAttribute("data-col");
    for (const ghost of svg.querySelectorAll(".ghost")) ghost.classList.toggle("dropping", ghost.getAttribute("data-ghost-col") === col);
  };
  svg.addEventListener("pointerover", show);
  svg.addEventListener("focusin", show);
  svg.addEventListener("pointerleave", () => svg.querySelectorAll(".ghost.dropping").forEach((g) => g.classList.remove("dropping")));
}

/** Styles whose pieces are round and fill their cell: the last move is marked by a dot on the piece. */
const ROUND_PIECES: ReadonlySet<GridStyle> = new Set(["discs", "stones", "reversi"]);

export function drawGrid(board: GridBoard, x: GridExtras, opts: DrawOptions): SVGElement {
  const { width: W, height: H } = board;
  const svg = svgRoot(W * UNIT + 2 * MARGIN, H * UNIT + 2 * MARGIN, x.label);
  svg.classList.add(`style-${x.style}`);
  // Small boards need not fill a wide screen.
  svg.style.maxWidth = `${Math.max(W, 4) * 5}rem`;
  svg.setAttribute("data-board", String(x.board));

  // Where cell (row, col) is drawn: turned for Black, rows centred for a triangle.
  const place = (row: number, col: number): [number, number] => {
    const r = x.flipped ? H - 1 - row : row;
    let c = x.flipped ? W - 1 - col : col;
    if (x.triangle) c += (H - 1 - row) / 2;
    return [MARGIN + c * UNIT, MARGIN + r * UNIT];
  };

  svg.append(backdrop(W, H, x.style));
  coordinates(svg, W, H, x, place, opts);

  for (let row = 0; row < H; row++) {
    for (let col = 0; col < W; col++) {
      const cell = board.cells[row * W + col];
      const piece = cell?.piece ?? Piece.UNSPECIFIED;
      const owner = cell?.owner ?? 0;
      // Holes that are not part of the board are not drawn at all.
      if (piece === Piece.VOID) continue;
      const [px, py] = place(row, col);
      const label = `${opts.names.cell({ row, col } as Cell)}, ${pieceWords(piece, owner, opts.seats)}`;
      const g = targetGroup({ kind: "cell", board: x.board, row, col }, label, opts, {
        "data-row": row,
        "data-col": col,
        "data-piece": Piece[piece]?.toLowerCase() ?? `unknown-${piece}`,
        "data-owner": owner,
      });
      if (piece !== Piece.UNSPECIFIED) g.classList.add("occupied");
      g.append(cellBack(px, py, row, col, x.style));
      const round = ROUND_PIECES.has(x.style);
      // What the last move touched: a tint under the piece, or a dot on a round one, apart
      // from the ring so that a playable cell still shows it.
      const last = opts.last.has(targetKey({ kind: "cell", board: x.board, row, col }));
      if (last && !round) {
        g.append(s("rect", { class: "last-mark", x: px, y: py, width: UNIT, height: UNIT }));
      }
      if (opts.alert.has(targetKey({ kind: "cell", board: x.board, row, col }))) {
        g.append(s("circle", { class: "alert-mark", cx: px + UNIT / 2, cy: py + UNIT / 2, r: UNIT * 0.48 }));
      }
      const glyph = drawPiece(piece, owner, px, py, x.style, opts);
      if (glyph) g.append(glyph);
      if (last && round) {
        // In the colour that stands out on the piece under it (light on red, dark on yellow).
        const fill = owner ? contrast(seatColour(opts.seats, owner)) : "#f2a33a";
        g.append(s("circle", { class: "last-mark", cx: px + UNIT / 2, cy: py + UNIT / 2, r: 1.3, fill }));
      }
      // The viewer's piece as it would stand here, shown under the pointer (a preview).
      const landing = x.style === "discs" ? landingRow(board, col) === row : true;
      if (piece === Piece.UNSPECIFIED && landing && opts.viewer > 0 && GHOSTS.has(x.style) && opts.onClick) {
        const ghost = mark(opts.viewer, px + UNIT / 2, py + UNIT / 2, x.style, opts);
        ghost.classList.add("ghost");
        ghost.setAttribute("data-ghost-col", String(col));
        g.append(ghost);
      }
      // Where a move may go on an empty cell (shown where the board's style asks for dots).
      g.append(s("circle", { class: "legal-dot", cx: px + UNIT / 2, cy: py + UNIT / 2, r: UNIT * 0.16 }));
      // The ring that shows a cell is clickable or selected.
      g.append(s("rect", { class: "ring", x: px + 0.6, y: py + 0.6, width: UNIT - 1.2, height: UNIT - 1.2, rx: 1.2 }));
      svg.append(g);
    }
  }

  if (x.activeRegion && x.activeRegion.width > 0) {
    const a = x.activeRegion;
    const outline = (top: number, left: number, cls: string) => {
      const [x0, y0] = place(x.flipped ? top + a.height - 1 : top, x.flipped ? left + a.width - 1 : left);
      return s("rect", { class: cls, x: x0 - 0.3, y: y0 - 0.3, width: a.width * UNIT + 0.6, height: a.height * UNIT + 0.6, rx: 1.5, "aria-hidden": "true" });
    };
    svg.append(outline(a.top, a.left, "active-region"));
    const shift = opts.shiftPreview;
    if (shift) svg.append(outline(a.top + shift.dRow, a.left + shift.dCol, "shift-preview"));
  }
  if (x.wraps) {
    // The seam: the left and right edges are the same line of the cylinder.
    for (const ex of [MARGIN, MARGIN + W * UNIT]) {
      svg.append(s("line", { class: "seam", x1: ex, y1: MARGIN - 3, x2: ex, y2: MARGIN + H * UNIT + 3, "aria-hidden": "true" }));
    }
    svg.append(s("title", {}, "The board is a cylinder: lines wrap from the last column to the first."));
  }
  if (x.winningLine && x.winningLine.length > 0) svg.append(winningLine(x.winningLine, place));
  svg.append(ownNames(W, H, place, opts));
  quietWhenDense(svg);
  if (x.style === "discs") previewDrops(svg);
  // Chess marks no piece before one is picked (every piece of a side may move, near enough);
  // once one is, its squares show as dots and rings.
  if (x.style === "chess" && opts.selected.size === 0) svg.classList.add("quiet-legal");
  return svg;
}

/**
 * The winning line through its cells' centres. On a cylinder the line may wrap round the
 * seam: it is drawn as one stroke per run of neighbouring cells.
 */
function winningLine(cells: readonly Cell[], place: (r: number, c: number) => [number, number]): SVGElement {
  const g = s("g", { class: "win", "aria-hidden": "true" });
  const centre = (c: Cell): [number, number] => {
    const [a, b] = place(c.row, c.col);
    return [a + UNIT / 2, b + UNIT / 2];
  };
  if (cells.length === 1) {
    const [cx, cy] = centre(cells[0]!);
    g.append(s("circle", { cx, cy, r: UNIT * 0.45 }));
    return g;
  }
  let run: Cell[] = [];
  const flush = () => {
    if (run.length > 1) g.append(s("polyline", { points: run.map((c) => centre(c).join(",")).join(" ") }));
    else if (run.length === 1) g.append(s("circle", { cx: centre(run[0]!)[0], cy: centre(run[0]!)[1], r: 1.2 }));
    run = [];
  };
  for (const c of cells) {
    const prev = run[run.length - 1];
    if (prev && (Math.abs(prev.col - c.col) > 1 || Math.abs(prev.row - c.row) > 1)) flush();
    run.push(c);
  }
  flush();
  return g;
}

function backdrop(W: number, H: number, style: GridStyle): SVGElement {
  return s("rect", { class: `backdrop backdrop-${style}`, x: MARGIN - 1, y: MARGIN - 1, width: W * UNIT + 2, height: H * UNIT + 2, rx: 2 });
}

function cellBack(px: number, py: number, row: number, col: number, style: GridStyle): SVGElement {
  switch (style) {
    case "chess":
      return s("rect", { class: (row + col) % 2 === 0 ? "sq-light" : "sq-dark", x: px, y: py, width: UNIT, height: UNIT });
    case "discs":
      // A hole in the frame, where a disc can stand.
      return s("circle", { class: "hole", cx: px + UNIT / 2, cy: py + UNIT / 2, r: UNIT * 0.4 });
    case "stones":
      // Stones sit on the crossings of the lines.
      return s(
        "g",
        {},
        s("rect", { class: "cell-bg", x: px, y: py, width: UNIT, height: UNIT }),
        s("line", { class: "grid-line", x1: px, y1: py + UNIT / 2, x2: px + UNIT, y2: py + UNIT / 2 }),
        s("line", { class: "grid-line", x1: px + UNIT / 2, y1: py, x2: px + UNIT / 2, y2: py + UNIT }),
      );
    case "pegs":
      return s("circle", { class: "peg-hole", cx: px + UNIT / 2, cy: py + UNIT / 2, r: UNIT * 0.18 });
    default:
      return s("rect", { class: `cell-bg cell-${style}`, x: px + 0.25, y: py + 0.25, width: UNIT - 0.5, height: UNIT - 0.5, rx: 0.8 });
  }
}

function drawPiece(piece: Piece, owner: number, px: number, py: number, style: GridStyle, opts: DrawOptions): SVGElement | undefined {
  const cx = px + UNIT / 2;
  const cy = py + UNIT / 2;
  switch (piece) {
    case Piece.UNSPECIFIED:
    case Piece.VOID:
      return undefined;
    case Piece.WALL:
      return s("rect", { class: "wall", x: px + 0.8, y: py + 0.8, width: UNIT - 1.6, height: UNIT - 1.6, rx: 0.6 });
    case Piece.SHIP:
      return s("rect", { class: "ship", x: px + 1, y: py + 1, width: UNIT - 2, height: UNIT - 2, rx: 2 });
    case Piece.HIT:
      return s(
        "g",
        { class: "hit" },
        s("rect", { class: "ship", x: px + 1, y: py + 1, width: UNIT - 2, height: UNIT - 2, rx: 2 }),
        s("path", { class: "hit-mark", d: `M${px + 2.5},${py + 2.5}L${px + 7.5},${py + 7.5}M${px + 7.5},${py + 2.5}L${px + 2.5},${py + 7.5}` }),
      );
    case Piece.SUNK:
      return s("rect", { class: "sunk", x: px + 1, y: py + 1, width: UNIT - 2, height: UNIT - 2, rx: 2 });
    case Piece.MISS:
      return s("circle", { class: "miss", cx, cy, r: 1.4 });
    case Piece.MARK:
      return mark(owner, cx, cy, style, opts);
    default: {
      const chess = chessPiece(piece, owner, px, py);
      if (chess) return chess;
      // A piece this page does not know: an occupied cell of its owner, as the contract asks.
      return s("circle", { class: "unknown-piece", cx, cy, r: UNIT * 0.35, fill: seatColour(opts.seats, owner) });
    }
  }
}

function mark(owner: number, cx: number, cy: number, style: GridStyle, opts: DrawOptions): SVGElement {
  const colour = seatColour(opts.seats, owner);
  switch (style) {
    case "marks": {
      // The seat's own letter (X, O), in its colour.
      const letter = opts.seats.name(owner).slice(0, 1) || String(owner);
      return s("text", { class: "mark-letter", x: cx, y: cy, fill: colour, "text-anchor": "middle", "dominant-baseline": "central" }, letter);
    }
    case "pegs":
      return s("circle", { class: "peg", cx, cy, r: UNIT * 0.32 });
    default:
      return s("circle", { class: "disc", cx, cy, r: UNIT * 0.4, fill: colour, stroke: contrast(colour) === "#1d1d1f" ? "#555" : "#111" });
  }
}

function coordinates(svg: SVGElement, W: number, H: number, x: GridExtras, place: (r: number, c: number) => [number, number], opts: DrawOptions): void {
  // The names the view gives the columns, rows and cells, the ones the moves' labels use.
  const g = s("g", { class: "coords", "aria-hidden": "true" });
  for (let col = 0; col < W && !x.triangle; col++) {
    const name = opts.names.columnLabel(col);
    const [px] = place(x.flipped ? 0 : H - 1, col);
    if (name) g.append(s("text", { x: px + UNIT / 2, y: MARGIN + H * UNIT + 4.2, "text-anchor": "middle", "data-column": col }, name));
  }
  for (let row = 0; row < H; row++) {
    const name = opts.names.rowLabel(row);
    const [, py] = place(row, 0);
    if (name) g.append(s("text", { x: MARGIN / 2, y: py + UNIT / 2, "text-anchor": "middle", "dominant-baseline": "central", "data-row": row }, name));
  }
  svg.append(g);
}

/** The names the view gives single cells (peg solitaire's hole numbers), in each cell's corner. */
function ownNames(W: number, H: number, place: (r: number, c: number) => [number, number], opts: DrawOptions): SVGElement {
  const g = s("g", { class: "cell-names", "aria-hidden": "true" });
  for (let row = 0; row < H; row++) {
    for (let col = 0; col < W; col++) {
      const name = opts.names.ownLabel(row, col);
      if (!name) continue;
      const [px, py] = place(row, col);
      g.append(s("text", { x: px + 1.2, y: py + 2.6, "data-row": row, "data-col": col }, name));
    }
  }
  return g;
}
