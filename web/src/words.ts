// Words for what the server sends: seats, cells, moves, outcomes. Every function is total
// over values this page does not know (a newer server may send them): those read as
// "unknown", never as an error.
import {
  type Cell,
  EndReason,
  GameKind,
  type GameKindInfo,
  type Move,
  OutcomeType,
  type Outcome,
  Orientation,
  Piece,
  Promotion,
  DrawAction,
  type Player,
  type View,
} from "./gen.js";

/** Names of the seats of one game: the kind's seat names, with the players' names where the creation gave them. */
export class Seats {
  constructor(
    private readonly names: readonly string[],
    private readonly players: readonly Player[] = [],
    private readonly bots: readonly number[] = [],
  ) {}

  static of(kind: GameKindInfo | undefined, players: readonly Player[] = [], bots: readonly number[] = []): Seats {
    return new Seats(kind?.seatNames ?? [], players, bots);
  }

  /** What the seat's pieces are called (`X`, `White`), or `Seat 2`. */
  name(seat: number): string {
    return this.names[seat - 1] || `Seat ${seat}`;
  }

  /** The seat with its player's name when there is one: `Alice (White)`, `Yellow (the server's bot)`. */
  full(seat: number): string {
    const player = this.players[seat - 1]?.displayName;
    if (player) return `${player} (${this.name(seat)})`;
    return this.bots.includes(seat) ? `${this.name(seat)} (the server's bot)` : this.name(seat);
  }
}

/**
 * Names of cells and points, as the server's own move labels write them: a chess square
 * by file and rank (rank 1 at the bottom); a peg solitaire hole by its number (row by row,
 * from 1); a Morris point by its lattice column and row (row 1 at the bottom); any other
 * cell by column letter and row number, row 1 at the top.
 */
export class Namer {
  private readonly holes = new Map<number, number>();

  constructor(private readonly view: View | undefined) {
    const b = view?.board;
    if (view?.kind === GameKind.PEG_SOLITAIRE && b) {
      let n = 0;
      b.cells.forEach((c, i) => {
        if (c.piece !== Piece.VOID) this.holes.set(i, ++n);
      });
    }
  }

  /** The height of the boards cells are named on (every board of a view has the same). */
  private height(): number {
    return this.view?.board?.height ?? this.view?.seatBoards[0]?.height ?? 0;
  }

  cell(c: Cell): string {
    const kind = this.view?.kind;
    if (kind === GameKind.CHESS) return `${columnLetters(c.col)}${this.height() - c.row}`;
    if (kind === GameKind.PEG_SOLITAIRE) {
      const hole = this.holes.get(c.row * (this.view?.board?.width ?? 0) + c.col);
      if (hole) return `hole ${hole}`;
    }
    return `${columnLetters(c.col)}${c.row + 1}`;
  }

  /** The label of row `row` along the board's edge. */
  rowLabel(row: number): string {
    return this.view?.kind === GameKind.CHESS ? String(this.height() - row) : String(row + 1);
  }

  point(i: number): string {
    const g = this.view?.graph;
    const p = g?.points[i];
    if (!g || !p) return `point ${i}`;
    return `${columnLetters(p.x)}${g.height - p.y}`;
  }
}

/** a…z, then aa, ab… for wide boards. */
export function columnLetters(col: number): string {
  let n = col;
  let out = "";
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

const CHESS_NAMES: Partial<Record<Piece, string>> = {
  [Piece.KING]: "king",
  [Piece.QUEEN]: "queen",
  [Piece.ROOK]: "rook",
  [Piece.BISHOP]: "bishop",
  [Piece.KNIGHT]: "knight",
  [Piece.PAWN]: "pawn",
};

/** What stands on a cell, in words: `empty`, `X`, `white knight`, `hit`. */
export function pieceWords(piece: Piece, owner: number, seats: Seats): string {
  switch (piece) {
    case Piece.UNSPECIFIED:
      return "empty";
    case Piece.MARK:
      return seats.name(owner);
    case Piece.VOID:
      return "not part of the board";
    case Piece.SHIP:
      return "ship";
    case Piece.HIT:
      return "hit ship";
    case Piece.MISS:
      return "miss";
    case Piece.SUNK:
      return "sunk ship";
    case Piece.WALL:
      return "wall";
    default: {
      const chess = CHESS_NAMES[piece];
      if (chess) return `${seats.name(owner).toLowerCase()} ${chess}`;
      return owner ? `piece of ${seats.name(owner)}` : "unknown piece";
    }
  }
}

const PROMOTION: Record<number, string> = {
  [Promotion.QUEEN]: "queen",
  [Promotion.ROOK]: "rook",
  [Promotion.BISHOP]: "bishop",
  [Promotion.KNIGHT]: "knight",
};

const DRAW: Record<number, string> = {
  [DrawAction.OFFER]: "offers a draw",
  [DrawAction.ACCEPT]: "accepts the draw",
  [DrawAction.DECLINE]: "declines the draw",
  [DrawAction.CLAIM]: "claims a draw",
};

/**
 * A move in words, for when the server gave no notation: `c3`, `column 4`, `d7`,
 * `e2–e4`, with cells and points named by `names` (the view the move was made in).
 */
export function moveWords(move: Move | undefined, names: Namer): string {
  if (!move) return "a hidden move";
  const k = move.kind;
  const where = (at: { case: "cell"; value: Cell } | { case: "point"; value: number } | { case: undefined; value?: undefined } | undefined): string => {
    if (!at || at.case === undefined) return "?";
    return at.case === "cell" ? names.cell(at.value) : names.point(at.value);
  };
  switch (k.case) {
    case "place": {
      const t = k.value.target;
      switch (t.case) {
        case "cell":
          return names.cell(t.value);
        case "column":
          return `column ${t.value + 1}`;
        case "point":
          return names.point(t.value);
        case "ship":
          return `ship of ${t.value.length} at ${t.value.bow ? names.cell(t.value.bow) : "?"} ${t.value.orientation === Orientation.VERTICAL ? "down" : "across"}`;
        case "fleet":
          return `a fleet of ${t.value.ships.length} ships`;
        default:
          return "a placement of an unknown kind";
      }
    }
    case "move": {
      const m = k.value;
      const promo = PROMOTION[m.promotion];
      return `${where(m.from?.at)}–${where(m.to?.at)}${promo ? ` (${promo})` : ""}${m.claimDraw ? ", claiming a draw" : ""}`;
    }
    case "gridShift": {
      const { dRow, dCol } = k.value;
      const v = dRow < 0 ? "up" : dRow > 0 ? "down" : "";
      const hz = dCol < 0 ? "left" : dCol > 0 ? "right" : "";
      return `grid ${[v, hz].filter(Boolean).join("-")}`;
    }
    case "capture":
      return `takes ${where(k.value.target?.at)}`;
    case "shot":
      return `shot at ${k.value.target ? names.cell(k.value.target) : "?"}`;
    case "pass":
      return "pass";
    case "ready":
      return "fleet ready";
    case "draw":
      return DRAW[k.value.action] ?? "draw";
    default:
      return "a move of an unknown kind";
  }
}

const REASONS: Partial<Record<EndReason, string>> = {
  [EndReason.LINE]: "by completing a line",
  [EndReason.BOARD_FULL]: "the board is full",
  [EndReason.RESIGNATION]: "by resignation",
  [EndReason.REPETITION]: "by repetition",
  [EndReason.MOVE_LIMIT]: "the move limit was reached",
  [EndReason.SIMULTANEOUS_LINES]: "both seats completed a line at once",
  [EndReason.TOO_FEW_PIECES]: "the loser has too few pieces left",
  [EndReason.BLOCKED]: "the loser cannot move",
  [EndReason.ALL_SHIPS_SUNK]: "every ship of the loser is sunk",
  [EndReason.SOLVED]: "one peg is left",
  [EndReason.SOLVED_IN_START_CELL]: "one peg is left, in the starting hole",
  [EndReason.NO_MOVES_LEFT]: "no jump is left",
  [EndReason.PIECE_COUNT]: "on the count of discs",
  [EndReason.CHECKMATE]: "by checkmate",
  [EndReason.STALEMATE]: "by stalemate",
  [EndReason.FIFTY_MOVE_RULE]: "by the fifty-move rule",
  [EndReason.SEVENTY_FIVE_MOVE_RULE]: "by the seventy-five-move rule",
  [EndReason.THREEFOLD_REPETITION]: "by threefold repetition",
  [EndReason.FIVEFOLD_REPETITION]: "by fivefold repetition",
  [EndReason.INSUFFICIENT_MATERIAL]: "neither side can checkmate",
  [EndReason.AGREEMENT]: "by agreement",
  [EndReason.ABORTED]: "the game was called off",
  [EndReason.ADJUDICATION]: "by adjudication",
  [EndReason.TIMEOUT]: "on time",
  [EndReason.TIMEOUT_VS_INSUFFICIENT_MATERIAL]: "time ran out, but the opponent could not checkmate",
  [EndReason.OPPONENT_LINE]: "the opponent completed a line (misère)",
};

/** The outcome as a sentence: `X wins by completing a line.`, `Draw: the board is full.` */
export function outcomeWords(outcome: Outcome, seats: Seats, seatCount: number): string {
  const reason = REASONS[outcome.reason];
  switch (outcome.type) {
    case OutcomeType.WIN:
      if (seatCount === 1) return `Solved${joined(reason)}.`;
      return `${seats.full(outcome.winner)} wins${joined(reason)}.`;
    case OutcomeType.DRAW:
      return `Draw${joined(reason)}.`;
    case OutcomeType.NO_RESULT:
      return `No result${joined(reason)}.`;
    default:
      return "The game is over, with a result this page does not know.";
  }
}

/** A reason after its verb: "by checkmate" and "on time" follow it directly, a clause after a colon. */
function joined(reason: string | undefined): string {
  if (!reason) return "";
  return /^(by|on) /.test(reason) ? ` ${reason}` : `: ${reason}`;
}

/** Milliseconds as a clock shows them: `4:05`, `1:02:03`, `0:09.4` under ten seconds. */
export function clockText(ms: number): string {
  const t = Math.max(0, ms);
  const totalSeconds = Math.floor(t / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const sec = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (h > 0) return `${h}:${pad(m)}:${pad(sec)}`;
  if (t < 10_000) return `${m}:${pad(sec)}.${Math.floor((t % 1000) / 100)}`;
  return `${m}:${pad(sec)}`;
}
