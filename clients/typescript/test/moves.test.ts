// The move builders, offline: each builds the oneof arm its name says.
import assert from "node:assert/strict";
import { test } from "node:test";
import { equals } from "@bufbuild/protobuf";
import { DrawAction, MoveSchema, moveKind, moves, Orientation, Promotion } from "../src/index.js";

test("locations from atCell and atPoint, or their shorthands, build the same moves", () => {
  assert.deepEqual(moves.atCell(1, 2).at, { case: "cell", value: moves.atCell(1, 2).at.value });
  assert.deepEqual(moves.atPoint(7).at, { case: "point", value: 7 });
  const long = moves.move(moves.atCell(6, 4), moves.atCell(4, 4));
  assert.ok(equals(MoveSchema, long, moves.move([6, 4], [4, 4])));
  assert.ok(equals(MoveSchema, moves.move(moves.atPoint(1), moves.atPoint(2)), moves.move(1, 2)));
  assert.ok(equals(MoveSchema, moves.capture(moves.atPoint(5)), moves.capture(5)));
  const promoted = moves.move(moves.atCell(1, 0), moves.atCell(0, 0), { promotion: Promotion.QUEEN, claimDraw: true });
  assert.ok(promoted.kind.case === "move");
  assert.deepEqual([promoted.kind.value.promotion, promoted.kind.value.claimDraw], [Promotion.QUEEN, true]);
});

test("every builder makes its kind of move", () => {
  const ship = moves.ship(2, 3, 4, true);
  assert.deepEqual([ship.bow?.row, ship.bow?.col, ship.length, ship.orientation], [2, 3, 4, Orientation.VERTICAL]);
  assert.equal(moves.ship(0, 0, 2).orientation, Orientation.HORIZONTAL);
  const kinds = [
    moves.placeCell(0, 0),
    moves.drop(3),
    moves.placePoint(4),
    moves.placeShip(ship),
    moves.placeFleet([ship]),
    moves.move([0, 0], [1, 1]),
    moves.gridShift(-1, 1),
    moves.capture([2, 2]),
    moves.shot(1, 1),
    moves.pass(),
    moves.ready(),
    moves.draw(DrawAction.OFFER),
  ].map(moveKind);
  assert.deepEqual(kinds, ["place", "place", "place", "place", "place", "move", "gridShift", "capture", "shot", "pass", "ready", "draw"]);
});
