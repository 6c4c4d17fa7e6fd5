// Words for what the server sends: seats, cells, outcomes (moves are named by the server). Every function is total
// over values this page does not know (a newer server may send them): those read as
// "unknown", never as an error.
import {
  type Cell,
  EndReason,
  type GameKindInfo,
  type GridBoard,
  OutcomeType,
  type Outcome,
  Piece,
  type Player,
  type View,
} from "@tabula/client/web";

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
 * Names of cells and points, as the view names them (the names the server's move labels
 * use): a cell by its column's and row's names (`c3`, `e4`), by its column's alone where
 * the game names only columns (Connect Four), or by its own (a peg solitaire hole); a
 * point by its label.
 */
export class Namer {
  constructor(private readonly view: View | undefined) {}

  /** The board cells are named on (every board of a view names them alike). */
  private board(): GridBoard | undefined {
    return this.view?.board ?? this.view?.seatBoards[0];
  }

  cell(c: Cell): string {
    const b = this.board();
    if (!b) return `row ${c.row + 1}, column ${c.col + 1}`;
    const own = b.cellLabels[c.row * b.width + c.col];
    if (own) return `hole ${own}`;
    const column = b.columnLabels[c.col] ?? "";
    const row = b.rowLabels[c.row] ?? "";
    if (column && row) return `${column}${row}`;
    return column ? `column ${column}` : `row ${row}`;
  }

  /** The name of column `col`, written along the board's edge; empty when it has none. */
  columnLabel(col: number): string {
    return this.board()?.columnLabels[col] ?? "";
  }

  /** The name of row `row`, written along the board's edge; empty when it has none. */
  rowLabel(row: number): string {
    return this.board()?.rowLabels[row] ?? "";
  }

  /** The name of the cell at (`row`, `col`) on its own, written in the cell; empty for most. */
  ownLabel(row: number, col: number): string {
    const b = this.board();
    return b ? (b.cellLabels[row * b.width + col] ?? "") : "";
  }

  point(i: number): string {
    return this.view?.graph?.points[i]?.label || `point ${i}`;
  }
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

/**
 * The outcome as a sentence: `X wins by completing a line.`, `Draw: the board is full.`;
 * said to the seat `reader` plays, where it plays one (`You won by checkmate.`). A puzzle's
 * one seat solves it or not: it draws with no one.
 */
export function outcomeWords(outcome: Outcome, seats: Seats, seatCount: number, reader = 0): string {
  const reason = REASONS[outcome.reason];
  switch (outcome.type) {
    case OutcomeType.WIN:
      if (seatCount === 1) return `Solved${joined(reason)}.`;
      if (reader > 0) return outcome.winner === reader ? `You won${joined(reason)}.` : `You lost: ${seats.full(outcome.winner)} wins${joined(reason)}.`;
      return `${seats.full(outcome.winner)} wins${joined(reason)}.`;
    case OutcomeType.DRAW:
      if (seatCount === 1) return `Not solved${joined(reason)}.`;
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
