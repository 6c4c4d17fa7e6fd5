// Graph boards (the Morris family): points on a lattice joined by lines, drawn from the
// view's points and edges alone, so every Morris variant draws the same way.
import { s } from "../dom.js";
import type { GraphBoard } from "@tabula/client/web";
import { type DrawOptions, quietWhenDense, seatColour, svgRoot, targetGroup } from "./common.js";

const STEP = 10;
const MARGIN = 6;

export function drawGraph(graph: GraphBoard, label: string, opts: DrawOptions): SVGElement {
  const w = Math.max(1, graph.width);
  const hgt = Math.max(1, graph.height);
  const svg = svgRoot((w - 1) * STEP + 2 * MARGIN, (hgt - 1) * STEP + 2 * MARGIN, label);
  svg.classList.add("style-graph");
  svg.setAttribute("data-board", "graph");
  const at = (i: number): [number, number] => {
    const p = graph.points[i];
    return [MARGIN + (p?.x ?? 0) * STEP, MARGIN + (p?.y ?? 0) * STEP];
  };
  svg.append(s("rect", { class: "backdrop backdrop-graph", x: 1, y: 1, width: (w - 1) * STEP + 2 * MARGIN - 2, height: (hgt - 1) * STEP + 2 * MARGIN - 2, rx: 3 }));
  const lines = s("g", { class: "edges", "aria-hidden": "true" });
  for (const e of graph.edges) {
    const [x1, y1] = at(e.a);
    const [x2, y2] = at(e.b);
    lines.append(s("line", { x1, y1, x2, y2 }));
  }
  svg.append(lines);
  graph.points.forEach((p, i) => {
    const [cx, cy] = at(i);
    const who = p.occupant ? opts.seats.name(p.occupant) : "empty";
    const g = targetGroup({ kind: "point", point: i }, `${opts.names.point(i)}, ${who}`, opts, {
      "data-point": i,
      "data-owner": p.occupant,
      "data-piece": p.occupant ? "mark" : "unspecified",
    });
    if (p.occupant) g.classList.add("occupied");
    g.append(s("circle", { class: "point", cx, cy, r: 1.6 }));
    if (p.occupant) {
      g.append(s("circle", { class: "disc", cx, cy, r: 3.4, fill: seatColour(opts.seats, p.occupant), stroke: "#333" }));
    }
    if (opts.last.has(`p:${i}`)) g.append(s("circle", { class: "last-mark", cx, cy, r: 4.4 }));
    g.append(s("circle", { class: "ring", cx, cy, r: 4.4 }));
    svg.append(g);
  });
  // Each point's name, the one the moves' labels use, beside it.
  const names = s("g", { class: "point-names", "aria-hidden": "true" });
  graph.points.forEach((p, i) => {
    const [cx, cy] = at(i);
    if (p.label) names.append(s("text", { x: cx + 2.2, y: cy - 2.2, "data-point": i }, p.label));
  });
  svg.append(names);
  quietWhenDense(svg);
  return svg;
}
