"""Typed builders for every kind of `Move`, one function per arm of the oneof.

Locations of pieces (`move`, `capture`) are `at_cell(row, col)` (row 0 is the top row) or
`at_point(point)` of a graph board; a `(row, col)` pair or a plain int point works too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

from tabula_client import pb

#: A location on any board: `at_cell(row, col)`, `at_point(point)`, a `(row, col)` cell of a
#: grid or the index of a graph point.
At = Union[pb.Location, tuple[int, int], int]


def at_cell(row: int, col: int) -> pb.Location:
    """A cell of a grid board, as a location for `move` and `capture`."""
    return pb.Location(cell=pb.Cell(row=row, col=col))


def at_point(point: int) -> pb.Location:
    """A point of a graph board (Morris), as a location for `move` and `capture`."""
    return pb.Location(point=point)


def _location(at: At) -> pb.Location:
    if isinstance(at, pb.Location):
        return at
    return at_point(at) if isinstance(at, int) else at_cell(at[0], at[1])


def place_cell(row: int, col: int) -> pb.Move:
    """A mark, stone or disc on a cell (tic-tac-toe, Gomoku, Reversi, Tic-Tac-Two)."""
    return pb.Move(place=pb.Place(cell=pb.Cell(row=row, col=col)))


def drop(column: int) -> pb.Move:
    """A disc into a column; gravity chooses the row (Connect Four)."""
    return pb.Move(place=pb.Place(column=column))


def place_point(point: int) -> pb.Move:
    """A piece on a point of a graph board (Morris)."""
    return pb.Move(place=pb.Place(point=point))


def ship(row: int, col: int, length: int, vertical: bool = False) -> pb.ShipPlacement:
    """One Battleship ship by its top-left cell; horizontal ships extend to the right."""
    orientation = pb.Orientation.ORIENTATION_VERTICAL if vertical else pb.Orientation.ORIENTATION_HORIZONTAL
    return pb.ShipPlacement(bow=pb.Cell(row=row, col=col), orientation=orientation, length=length)


def place_ship(ship: pb.ShipPlacement) -> pb.Move:
    """One ship of a Battleship fleet (build it with `ship`)."""
    return pb.Move(place=pb.Place(ship=ship))


def place_fleet(ships: Iterable[pb.ShipPlacement]) -> pb.Move:
    """A whole Battleship fleet at once."""
    return pb.Move(place=pb.Place(fleet=pb.Fleet(ships=list(ships))))


def move(
    from_: At,
    to: At,
    promotion: pb.Promotion.ValueType | None = None,
    claim_draw: bool = False,
) -> pb.Move:
    """A piece from one location to another (chess, Tic-Tac-Two, Morris, peg solitaire):
    `move(at_cell(6, 4), at_cell(4, 4))`. A pawn reaching the last rank names its
    `promotion`; `claim_draw` claims a draw the move makes available (chess)."""
    return pb.Move(
        move=pb.PieceMove(
            **{"from": _location(from_)},
            to=_location(to),
            promotion=pb.Promotion.PROMOTION_UNSPECIFIED if promotion is None else promotion,
            claim_draw=claim_draw,
        )
    )


def grid_shift(d_row: int, d_col: int) -> pb.Move:
    """The Tic-Tac-Two grid one step: each of `d_row`, `d_col` is -1, 0 or 1."""
    return pb.Move(grid_shift=pb.GridShift(d_row=d_row, d_col=d_col))


def capture(at: At) -> pb.Move:
    """An opponent's piece, after closing a mill (Morris): `capture(at_point(5))`."""
    return pb.Move(capture=pb.Capture(target=_location(at)))


def shot(row: int, col: int) -> pb.Move:
    """A shot at a cell of the opponent's ocean (Battleship)."""
    return pb.Move(shot=pb.Shot(target=pb.Cell(row=row, col=col)))


def pass_turn() -> pb.Move:
    """Gives up the turn where the rules require it (Reversi)."""
    move = pb.Move()
    # `pass` is a Python keyword, so the arm is reached by name.
    getattr(move, "pass").SetInParent()
    return move


def ready() -> pb.Move:
    """Confirms a completed setup (Battleship)."""
    return pb.Move(ready=pb.Ready())


def draw(action: pb.DrawAction.ValueType) -> pb.Move:
    """Offers, accepts, declines or claims a draw (chess)."""
    return pb.Move(draw=pb.Draw(action=action))
