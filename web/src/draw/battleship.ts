// Battleship's oceans: one per seat, each as the viewer may see it. A seat sees its own
// fleet on its own ocean and its shots on the other; a spectator sees only shots until the
// end. The drawing shows exactly what the view carries, so a hidden ship is never drawn.
import type { View } from "@tabula/client/web";
import { type DrawOptions, figure } from "./common.js";
import { drawGrid } from "./grid.js";

export function drawOceans(view: View, opts: DrawOptions): HTMLElement[] {
  return view.seatBoards.map((board, i) => {
    const seat = i + 1;
    const name = opts.seats.full(seat);
    let caption = `${name}'s ocean`;
    if (opts.viewer === seat) caption = `Your fleet (${name})`;
    else if (opts.viewer) caption = `Your shots, at ${name}'s ocean`;
    const svg = drawGrid(board, { board: seat, style: "ocean", label: caption }, opts);
    return figure(caption, svg);
  });
}
