// Chess material, as lichess shows it beside each player: the pieces one side has more of
// than the other, and the points that makes (pawn 1, knight and bishop 3, rook 5, queen 9).
// Counted from the board the view draws, so it holds for any starting position.
import { GameKind, Piece, type View } from "@tabula/client/web";
import { h, s } from "../dom.js";
import { chessPiece } from "../draw/chess.js";
import type { Seats } from "../words.js";

const POINTS: [Piece, number][] = [
  [Piece.QUEEN, 9],
  [Piece.ROOK, 5],
  [Piece.BISHOP, 3],
  [Piece.KNIGHT, 3],
  [Piece.PAWN, 1],
];

/** Each side's surplus over the other, or undefined for a view that is not chess. */
export function materialLine(view: View, seats: Seats): HTMLElement | undefined {
  if (view.kind !== GameKind.CHESS || !view.board) return undefined;
  const count = (seat: number, piece: Piece) => view.board!.cells.filter((c) => c.owner === seat && c.piece === piece).length;
  const sides = [1, 2].map((seat) => {
    const other = 3 - seat;
    const pieces: Piece[] = [];
    let points = 0;
    for (const [piece, value] of POINTS) {
      const more = count(seat, piece) - count(other, piece);
      for (let i = 0; i < more; i++) pieces.push(piece);
      points += more * value;
    }
    return { seat, pieces, points };
  });
  return h(
    "p",
    { class: "material", "data-testid": "material" },
    ...sides.map(({ seat, pieces, points }) =>
      h(
        "span",
        { class: "material-side", "data-seat": seat, "data-points": Math.max(0, points) },
        `${seats.name(seat)}: `,
        ...pieces.map((p) => icon(p, seat)),
        points > 0 ? ` +${points}` : pieces.length ? "" : "—",
      ),
    ),
  );
}

function icon(piece: Piece, seat: number): SVGElement {
  const svg = s("svg", { class: "material-piece", viewBox: "0 0 10 10", role: "img", "aria-label": Piece[piece]?.toLowerCase() ?? "piece" });
  const drawn = chessPiece(piece, seat, 0, 0);
  if (drawn) svg.append(drawn);
  return svg;
}
