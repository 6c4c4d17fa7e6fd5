/**
 * Typed builders for every kind of `Move`, one function per arm of the oneof. Locations are
 * built with `atCell(row, col)` (row 0 is the top row) or `atPoint(point)` (graph boards), or
 * given as a `[row, col]` pair or a point number.
 */
import { create } from "@bufbuild/protobuf";
import {
  type DrawAction,
  type Location,
  LocationSchema,
  type Move,
  MoveSchema,
  Orientation,
  Promotion,
  type ShipPlacement,
  ShipPlacementSchema,
} from "./gen/tabula/v1/move_pb.js";

/**
 * A location on any board: a `Location` (from `atCell` or `atPoint`), a `[row, col]` cell of a
 * grid, or the number of a graph point.
 */
export type At = Location | readonly [row: number, col: number] | number;

/** The cell at `row`, `col` of a grid board, as a location. */
export function atCell(row: number, col: number): Location {
  return create(LocationSchema, { at: { case: "cell", value: { row, col } } });
}

/** A point of a graph board (Morris), as a location. */
export function atPoint(point: number): Location {
  return create(LocationSchema, { at: { case: "point", value: point } });
}

function location(at: At): Location {
  if (typeof at === "number") return atPoint(at);
  if ("$typeName" in at) return at;
  return atCell(at[0], at[1]);
}

/** A mark, stone or disc on a cell (tic-tac-toe, Gomoku, Reversi, Tic-Tac-Two). */
export function placeCell(row: number, col: number): Move {
  return create(MoveSchema, { kind: { case: "place", value: { target: { case: "cell", value: { row, col } } } } });
}

/** A disc into a column; gravity chooses the row (Connect Four). */
export function drop(column: number): Move {
  return create(MoveSchema, { kind: { case: "place", value: { target: { case: "column", value: column } } } });
}

/** A piece on a point of a graph board (Morris). */
export function placePoint(point: number): Move {
  return create(MoveSchema, { kind: { case: "place", value: { target: { case: "point", value: point } } } });
}

/** One Battleship ship by its top-left cell; horizontal ships extend to the right. */
export function ship(row: number, col: number, length: number, vertical = false): ShipPlacement {
  const orientation = vertical ? Orientation.VERTICAL : Orientation.HORIZONTAL;
  return create(ShipPlacementSchema, { bow: { row, col }, orientation, length });
}

/** One ship of a Battleship fleet. */
export function placeShip(placement: ShipPlacement): Move {
  return create(MoveSchema, { kind: { case: "place", value: { target: { case: "ship", value: placement } } } });
}

/** A whole Battleship fleet at once. */
export function placeFleet(ships: readonly ShipPlacement[]): Move {
  return create(MoveSchema, { kind: { case: "place", value: { target: { case: "fleet", value: { ships: [...ships] } } } } });
}

/** A piece from one location to another (chess, Tic-Tac-Two, Morris, peg solitaire). */
export function move(from: At, to: At, options: { promotion?: Promotion; claimDraw?: boolean } = {}): Move {
  return create(MoveSchema, {
    kind: {
      case: "move",
      value: {
        from: location(from),
        to: location(to),
        promotion: options.promotion ?? Promotion.UNSPECIFIED,
        claimDraw: options.claimDraw ?? false,
      },
    },
  });
}

/** The Tic-Tac-Two grid one step: each of `dRow`, `dCol` is -1, 0 or 1. */
export function gridShift(dRow: number, dCol: number): Move {
  return create(MoveSchema, { kind: { case: "gridShift", value: { dRow, dCol } } });
}

/** An opponent's piece, after closing a mill (Morris). */
export function capture(target: At): Move {
  return create(MoveSchema, { kind: { case: "capture", value: { target: location(target) } } });
}

/** A shot at a cell of the opponent's ocean (Battleship). */
export function shot(row: number, col: number): Move {
  return create(MoveSchema, { kind: { case: "shot", value: { target: { row, col } } } });
}

/** Gives up the turn where the rules require it (Reversi). */
export function pass(): Move {
  return create(MoveSchema, { kind: { case: "pass", value: {} } });
}

/** Confirms a completed setup (Battleship). */
export function ready(): Move {
  return create(MoveSchema, { kind: { case: "ready", value: {} } });
}

/** Offers, accepts, declines or claims a draw (chess). */
export function draw(action: DrawAction): Move {
  return create(MoveSchema, { kind: { case: "draw", value: { action } } });
}
