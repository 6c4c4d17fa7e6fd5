"""Views sent as changes (`events(..., view_changes=True)`, `StreamEventsRequest.view_changes`):
a `pb.ViewChange` applied to the view it was made from gives the later view whole.

An event stream opened with `view_changes=True` applies the changes itself, so its
`last_view` is always whole; `apply_view_change` is for a caller of the raw stub.
"""

from __future__ import annotations

from tabula_client import pb


class ViewChangeError(ValueError):
    """A `pb.ViewChange` does not apply to the view it was applied to: it carries no view, or
    names a board, a cell or a point that view does not have, so it was not made from it.
    `board` (0 for `View.board`, else the seat of a seat board), `row`, `col` and `point`
    say what it named, None where they do not apply."""

    def __init__(
        self,
        message: str,
        *,
        board: int | None = None,
        row: int | None = None,
        col: int | None = None,
        point: int | None = None,
    ) -> None:
        super().__init__(message)
        self.board = board
        self.row = row
        self.col = col
        self.point = point


def apply_view_change(view: pb.View, change: pb.ViewChange) -> pb.View:
    """`view` with `change` applied: the later view the change was made to, a new message.

    Every field of `change.view` but the boards replaces `view`'s. A board (`board`, `graph`,
    `seat_boards`) present in `change.view` replaces `view`'s whole; an absent one is
    `view`'s, with `change.cells` (cell `(row, col)`, index `row * width + col` of
    `View.board`'s cells for `seat_board` 0, else of seat `seat_board`'s entry of
    `seat_boards`) and `change.points` (by index in `graph.points`) applied. Neither argument
    is modified.

    Raises `ViewChangeError` (a `ValueError`) when the change carries no view, or names a
    board, a cell or a point `view` does not have: it was not made from `view`.

        held = first.view                                    # the stream's first message
        held = apply_view_change(held, later.view_change)    # each one after it
    """
    if not change.HasField("view"):
        raise ViewChangeError("the change carries no view")
    later = pb.View()
    later.CopyFrom(change.view)
    if not later.HasField("board") and view.HasField("board"):
        later.board.CopyFrom(view.board)
    if not later.seat_boards:
        later.seat_boards.extend(view.seat_boards)
    for cell_change in change.cells:
        seat_board = cell_change.seat_board
        board: pb.GridBoard | None
        if seat_board == 0:
            board = later.board if later.HasField("board") else None
        else:
            board = later.seat_boards[seat_board - 1] if seat_board <= len(later.seat_boards) else None
        if board is None:
            raise ViewChangeError(
                f"the change names board {seat_board}, which the earlier view does not have", board=seat_board
            )
        row, col = cell_change.cell.row, cell_change.cell.col
        index = row * board.width + col
        if row >= board.height or col >= board.width or index >= len(board.cells):
            raise ViewChangeError(
                f"the change names cell ({row}, {col}), off board {seat_board}", board=seat_board, row=row, col=col
            )
        board.cells[index].CopyFrom(cell_change.content)
    if not later.HasField("graph") and view.HasField("graph"):
        later.graph.CopyFrom(view.graph)
    for point_change in change.points:
        point = point_change.point
        if not later.HasField("graph") or point >= len(later.graph.points):
            raise ViewChangeError(
                f"the change names point {point}, which the earlier view's graph does not have", point=point
            )
        later.graph.points[point].occupant = point_change.occupant
    return later
