// Chess pieces, as the Unicode chess glyphs: every system font that draws text draws them,
// and they scale with the board.
import { s } from "../dom.js";
import { Piece } from "@tabula/client/web";

const GLYPHS: Partial<Record<Piece, string>> = {
  [Piece.KING]: "\u265A",
  [Piece.QUEEN]: "\u265B",
  [Piece.ROOK]: "\u265C",
  [Piece.BISHOP]: "\u265D",
  [Piece.KNIGHT]: "\u265E",
  [Piece.PAWN]: "\u265F",
};

/**
 * A chess piece centred at (cx, cy), or undefined for a piece that is not chess. The filled
 * glyph for both sides, coloured: owner 1 is White, 2 is Black.
 */
export function chessPiece(piece: Piece, owner: number, cx: number, cy: number): SVGElement | undefined {
  const glyph = GLYPHS[piece];
  if (!glyph) return undefined;
  return s(
    "text",
    {
      class: owner === 1 ? "chess-piece white" : "chess-piece black",
      x: cx,
      y: cy,
      "text-anchor": "middle",
      "dominant-baseline": "central",
    },
    // The variation selector asks for the text form, not an emoji, of the pawn.
    `${glyph}\uFE0E`,
  );
}
