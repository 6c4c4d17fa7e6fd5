// Chess pieces drawn as SVG shapes of the page's own, so that they look the same on every
// machine (font glyphs depend on the fonts installed). Each shape is drawn in a 45-unit
// square and scaled into its cell; White's pieces are light with a dark outline, Black's
// dark with a light one.
import { s } from "../dom.js";
import { Piece } from "@tabula/client/web";
import { UNIT } from "./common.js";

/** Each piece's outline (filled with the side's colour) and its details (stroked only). */
const SHAPES: Partial<Record<Piece, { body: string[]; details?: string }>> = {
  [Piece.PAWN]: {
    body: ["M22.5 9.5a5 5 0 0 1 3.2 8.8c2.6 1.5 4.3 4.1 4.3 7.2 0 1.7-.5 3.2-1.4 4.5H16.4a8 8 0 0 1-1.4-4.5c0-3.1 1.7-5.7 4.3-7.2a5 5 0 0 1 3.2-8.8z", "M12 30h21l1.5 6.5h-24z"],
  },
  [Piece.ROOK]: {
    body: ["M11 10h4.5v3.5h4V10h6v3.5h4V10H34v7H11z", "M14 17h17l-1.5 13h-14z", "M11.5 30h22l1.5 6.5H10z"],
    details: "M14 17h17M15.5 30h14",
  },
  [Piece.KNIGHT]: {
    body: ["M24 9l2.5 2.6C32 15 35 22 34 36.5H15c-.5-5 3.5-8.5 6.5-11-3 .6-5.4 1.8-7.3 3.4L11 24.5c1.5-5.3 5.5-9.5 10-11.2z"],
    details: "M18.5 17.5h.01M15 36.5h19",
  },
  [Piece.BISHOP]: {
    body: [
      "M22.5 6.5a2.7 2.7 0 1 1 0 5.4 2.7 2.7 0 0 1 0-5.4z",
      "M22.5 12c5 4 7.5 8.5 7.5 12.5 0 2.5-1 4.5-2.5 5.5h-10c-1.5-1-2.5-3-2.5-5.5 0-4 2.5-8.5 7.5-12.5z",
      "M11.5 30.5h22L35 36.5H10z",
    ],
    details: "M22.5 18v6M19.5 21h6",
  },
  [Piece.QUEEN]: {
    body: [
      "M9 13.5l5.5 15h16l5.5-15-7 8.5-6.5-12-6.5 12z",
      "M12.5 28.5h20l1.5 8h-23z",
      "M9 11a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM22.5 7.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM36 11a2 2 0 1 1 0 4 2 2 0 0 1 0-4z",
    ],
    details: "M12.5 28.5h20",
  },
  [Piece.KING]: {
    body: ["M22.5 14c6-3 12 .5 11.5 6.5-.3 3.7-2.8 6.5-4.5 9.5h-14c-1.7-3-4.2-5.8-4.5-9.5-.5-6 5.5-9.5 11.5-6.5z", "M13 30h19l1.5 6.5h-22z"],
    details: "M22.5 5.5v9M18.5 9h8M15.5 30h14",
  },
};

/**
 * A chess piece in the cell whose top-left corner is (x, y), or undefined for a piece that
 * is not chess: owner 1 is White, 2 is Black.
 */
export function chessPiece(piece: Piece, owner: number, x: number, y: number): SVGElement | undefined {
  const shape = SHAPES[piece];
  if (!shape) return undefined;
  const g = s("g", {
    class: owner === 1 ? "chess-piece white" : "chess-piece black",
    transform: `translate(${x} ${y}) scale(${UNIT / 45})`,
    "data-chess-piece": Piece[piece]?.toLowerCase(),
  });
  for (const d of shape.body) g.append(s("path", { class: "body", d }));
  if (shape.details) g.append(s("path", { class: "details", d: shape.details }));
  return g;
}
