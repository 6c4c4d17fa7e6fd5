import { clone, create } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import {
  BoardCellSchema,
  GraphBoardSchema,
  GridBoardSchema,
  type View,
  type ViewChange,
  ViewSchema,
} from "./gen/tabula/v1/view_pb.js";
import { TabulaError } from "./errors.js";

/** The reason of the `TabulaError` of a view change that does not apply to the view it is applied to. */
export const VIEW_CHANGE_MISMATCH = "VIEW_CHANGE_MISMATCH";

function mismatch(message: string, metadata: Record<string, string> = {}): TabulaError {
  return new TabulaError(Code.DataLoss, message, VIEW_CHANGE_MISMATCH, metadata);
}

/**
 * `earlier` with `change` applied: the later view the change was made to
 * (`StreamEventsResponse.view_change`, sent on a stream opened with `viewChanges`; an event
 * stream applies them itself). Every field of `change.view` replaces the earlier view's; a
 * board (`board`, `graph`, `seatBoards`) the change's view carries replaces the earlier one
 * whole, and one it leaves out is the earlier board with `change.cells` (cell `(row, col)` of
 * `View.board` for `seatBoard` 0, else of seat `seatBoard`'s entry of `seatBoards`) and
 * `change.points` (by index in `graph.points`) applied. Neither argument is modified: the
 * answer is a new message sharing nothing with them.
 *
 * A change that carries no view, or names a board, cell or point `earlier` lacks, was not made
 * from `earlier`: it throws a `TabulaError` with `Code.DataLoss` and reason
 * `VIEW_CHANGE_MISMATCH`, a message naming what is missing, and metadata (`seat_board`, `row`,
 * `col`, `point`, as decimal strings) saying which.
 */
export function applyViewChange(earlier: View, change: ViewChange): View {
  if (change.view === undefined) throw mismatch("the view change carries no view");
  const later = clone(ViewSchema, change.view);
  if (later.board === undefined && earlier.board !== undefined) later.board = clone(GridBoardSchema, earlier.board);
  if (later.seatBoards.length === 0) later.seatBoards = earlier.seatBoards.map((board) => clone(GridBoardSchema, board));
  for (const { seatBoard, cell, content } of change.cells) {
    const board = seatBoard === 0 ? later.board : later.seatBoards[seatBoard - 1];
    if (board === undefined) {
      throw mismatch(`the view change names board ${seatBoard}, which the earlier view does not have`, {
        seat_board: String(seatBoard),
      });
    }
    const { row = 0, col = 0 } = cell ?? {};
    const index = row * board.width + col;
    if (row >= board.height || col >= board.width || index >= board.cells.length) {
      throw mismatch(`the view change names cell (${row}, ${col}), off board ${seatBoard}`, {
        seat_board: String(seatBoard),
        row: String(row),
        col: String(col),
      });
    }
    board.cells[index] = content === undefined ? create(BoardCellSchema) : clone(BoardCellSchema, content);
  }
  if (later.graph === undefined && earlier.graph !== undefined) later.graph = clone(GraphBoardSchema, earlier.graph);
  for (const { point, occupant } of change.points) {
    const target = later.graph?.points[point];
    if (target === undefined) {
      throw mismatch(`the view change names point ${point}, which the earlier view's graph does not have`, {
        point: String(point),
      });
    }
    target.occupant = occupant;
  }
  return later;
}
