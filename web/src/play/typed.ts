// A move typed instead of clicked: `e4`, `Nf3`, `e2e4`, `c3`, `4` (a Connect Four column),
// matched against the seat's legal moves by the names the server gives them. The page never
// parses a game's notation: it only compares what was typed with the list.
import type { LegalMove } from "@tabula/client/web";

/** What typing `text` comes to: the one move it names, several to choose from, or none. */
export type Typed = { kind: "move"; move: LegalMove } | { kind: "several"; moves: LegalMove[] } | { kind: "none" };

export function typedMove(legal: readonly LegalMove[], text: string): Typed {
  const t = text.trim();
  if (!t) return { kind: "none" };
  // Exact names first (SAN is case-sensitive: b4 is a pawn's, Bb4 a bishop's), then without
  // regard to case, check marks or the label's leading word (`column 4`).
  for (const same of [(a: string, b: string) => a === b, (a: string, b: string) => a.toLowerCase() === b.toLowerCase()]) {
    const found = legal.filter((m) => names(m).some((n) => same(n, t)));
    if (found.length === 1) return { kind: "move", move: found[0]! };
    if (found.length > 1) return { kind: "several", moves: found };
  }
  return { kind: "none" };
}

/** The names a move may be typed by. */
function names(m: LegalMove): string[] {
  // A promotion's square alone (`a8`) names all four, to be asked which.
  const out = [m.label, m.uci, m.label.replace(/[+#!?]+$/, ""), m.label.replace(/=[QRBN][+#]?$/, "")];
  // `column 4` → `4`, `hole 7 to 9`'s words kept whole.
  const last = /^[a-z]+ (\S+)$/.exec(m.label);
  if (last) out.push(last[1]!);
  return out.filter(Boolean);
}
