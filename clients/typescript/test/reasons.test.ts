// Reasons as values: `TabulaError.errorReason`, an `ErrorReason` to compare and switch on
// (UNSPECIFIED for a reason this client does not know), and `fieldViolations`, the
// `google.rpc.BadRequest` problems of a refused request, against a real server and offline.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  Code,
  DOMAIN,
  ErrorReason,
  ErrorReasonSchema,
  errorReasonOf,
  GameKind,
  moves,
  TabulaError,
} from "../src/index.js";
import { connectFour, seatClients } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer();

/** What `call` rejected with, which must be a TabulaError. */
async function refusal(call: Promise<unknown>): Promise<TabulaError> {
  const error = await call.then(
    () => assert.fail("the call was expected to fail"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TabulaError, String(error));
  return error;
}

test("a refused move carries its reason as an ErrorReason value", async () => {
  const created = await live.client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic");
  const [x, o] = seatClients(live.client, created);
  const id = created.game.gameId;
  const early = await refusal(o.submitMove(id, moves.placeCell(0, 0)));
  assert.equal(early.errorReason, ErrorReason.NOT_YOUR_TURN);
  assert.equal(early.reason, "NOT_YOUR_TURN", "the string stays as it was");
  await x.submitMove(id, moves.placeCell(0, 0));
  const taken = await refusal(o.submitMove(id, moves.placeCell(0, 0)));
  switch (taken.errorReason) {
    case ErrorReason.CELL_OCCUPIED:
      assert.equal(taken.code, Code.FailedPrecondition);
      assert.deepEqual(taken.fieldViolations, [], "a rule's refusal names no field");
      break;
    default:
      assert.fail(`unexpected ${String(taken)}`);
  }
  const missing = await refusal(live.client.getGame("no-such-game"));
  assert.equal(missing.errorReason, ErrorReason.GAME_NOT_FOUND);
});

test("a bad configuration's BadRequest field violations are listed, each a field and a description", async () => {
  const error = await refusal(
    live.client.createGameFromConfig({ game: { case: "connectFour", value: { width: 99, height: 1 } } }),
  );
  assert.equal(error.errorReason, ErrorReason.INVALID_CONFIG, String(error));
  const fields = error.fieldViolations.map((v) => v.field).sort();
  assert.deepEqual(fields, ["config.connect_four.height", "config.connect_four.width"], String(error));
  assert.ok(error.fieldViolations.every((v) => v.description !== ""), "each says what is wrong");
});

test("bad labels are listed as field violations, one per label", async () => {
  const labels = await refusal(live.client.createGameFromConfig(connectFour, { labels: { Stage: "x", ok: "BAD" } }));
  assert.equal(labels.errorReason, ErrorReason.INVALID_REQUEST);
  assert.deepEqual(labels.fieldViolations.map((v) => v.field).sort(), ["labels[Stage]", "labels[ok]"]);
});

test("a reason this client does not know, or of another domain, is UNSPECIFIED; every known name maps to its value", () => {
  const newer = new TabulaError(Code.FailedPrecondition, "from a newer server", "A_REASON_FROM_THE_FUTURE", {}, DOMAIN);
  assert.equal(newer.errorReason, ErrorReason.UNSPECIFIED);
  assert.equal(newer.reason, "A_REASON_FROM_THE_FUTURE");
  const foreign = new TabulaError(Code.FailedPrecondition, "a proxy's", "NOT_YOUR_TURN", {}, "proxy.example");
  assert.equal(foreign.errorReason, ErrorReason.UNSPECIFIED);
  assert.equal(new TabulaError(Code.Unavailable, "dropped").errorReason, ErrorReason.UNSPECIFIED);
  assert.equal(new TabulaError(Code.DataLoss, "gap", "SEQ_GAP").errorReason, ErrorReason.UNSPECIFIED, "the client's own");
  for (const value of ErrorReasonSchema.values) {
    assert.equal(errorReasonOf(value.name.replace(/^ERROR_REASON_/, "")), value.number, value.name);
  }
});
