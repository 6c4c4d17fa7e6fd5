// The pieces each seat still has in hand (Morris), drawn as a tray of discs beside the board,
// as they would lie on the table.
import { h, s } from "../dom.js";
import { type DrawOptions, seatColour } from "./common.js";

export function drawTrays(inHand: readonly number[], opts: DrawOptions): HTMLElement {
  return h(
    "div",
    { class: "trays" },
    ...inHand.map((count, i) => {
      const seat = i + 1;
      const label = `${opts.seats.name(seat)}: ${count} in hand`;
      const svg = s("svg", { class: "tray", viewBox: `0 0 ${Math.max(1, count) * 8} 8`, role: "img", "aria-label": label, "data-seat": seat, "data-count": count });
      for (let k = 0; k < count; k++) {
        svg.append(s("circle", { class: "disc", cx: 4 + k * 8, cy: 4, r: 3.2, fill: seatColour(opts.seats, seat), stroke: "#333" }));
      }
      return h("div", { class: "tray-row" }, h("span", { class: "tray-name" }, opts.seats.name(seat)), svg);
    }),
  );
}
