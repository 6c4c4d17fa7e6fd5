// Draws a whole view: picks the drawing for the view's kind from what the view carries.
import { h } from "../dom.js";
import { GameKind, type GameConfig, PegBoard, type View } from "@tabula/client/web";
import { type DrawOptions, figure } from "./common.js";
import { drawGraph } from "./graph.js";
import { drawGrid, type GridStyle } from "./grid.js";
import { drawOceans } from "./battleship.js";
import { drawTrays } from "./trays.js";

export type { DrawOptions } from "./common.js";

const STYLES: Partial<Record<GameKind, GridStyle>> = {
  [GameKind.TIC_TAC_TOE]: "marks",
  [GameKind.TIC_TAC_TWO]: "marks",
  [GameKind.CONNECT_FOUR]: "discs",
  [GameKind.GOMOKU]: "stones",
  [GameKind.REVERSI]: "reversi",
  [GameKind.PEG_SOLITAIRE]: "pegs",
  [GameKind.CHESS]: "chess",
};

/** The boards of `view`, drawn; `config` (from the game's creation) adds what the view does not say, like a cylinder's seam. */
export function drawView(view: View, config: GameConfig | undefined, opts: DrawOptions): HTMLElement {
  const out = h("div", { class: "boards" });
  const winningLine = view.outcome?.winningLine;
  if (view.board) {
    const style = STYLES[view.kind] ?? "marks";
    // A triangle's rows are centred; the English cross is drawn as the square grid it is.
    const triangle = view.kind === GameKind.PEG_SOLITAIRE && config?.game.case === "pegSolitaire" && config.game.value.board !== PegBoard.ENGLISH;
    const wraps = config?.game.case === "connectFour" && config.game.value.wrapColumns;
    const label = `The board, ${view.board.width} by ${view.board.height}`;
    out.append(
      figure(
        wraps ? "The board is a cylinder: the dashed edges are the same line." : "",
        drawGrid(
          view.board,
          {
            board: 0,
            style,
            label,
            activeRegion: view.activeRegion,
            winningLine,
            wraps,
            triangle,
            flipped: view.kind === GameKind.CHESS && (opts.viewer === 2) !== opts.flipped,
          },
          opts,
        ),
      ),
    );
  }
  if (view.graph) out.append(figure("", drawGraph(view.graph, `The board, ${view.graph.points.length} points`, opts)));
  if (view.graph && view.seatInHand.some((n) => n > 0)) out.append(drawTrays(view.seatInHand, opts));
  if (view.seatBoards.length > 0) out.append(...drawOceans(view, opts));
  if (!view.board && !view.graph && view.seatBoards.length === 0) {
    out.append(h("p", { class: "notice" }, "This view carries no board this page knows how to draw."));
  }
  return out;
}
