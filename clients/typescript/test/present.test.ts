// Offline: the parts of an answer the server always sends are checked as they arrive and typed
// as present (no `!` under strict settings), over an in-process stand-in of the service.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type ConnectRouter, createRouterTransport } from "@connectrpc/connect";
import { Code, GameKind, GameService, moves, SubmitMoveView, TabulaClient, TabulaError } from "../src/web.js";

/** A client whose service answers CreateGame without its game, and SubmitMove with a view unless asked not to. */
function standIn(): TabulaClient {
  const transport = createRouterTransport((router: ConnectRouter) =>
    router.service(GameService, {
      createGame: () => ({}),
      submitMove: (request) => ({ applied: true, view: request.view === SubmitMoveView.BASIC ? undefined : { seq: 2n } }),
      listLegalMoves: () => ({ seat: 1, moves: [{ move: moves.placeCell(0, 0), label: "a1" }] }),
    }),
  );
  return new TabulaClient(transport);
}

test("a part the server always sends is typed as present, and its absence rejects with INTERNAL", async () => {
  const client = standIn();
  const answer = await client.submitMove("g", moves.placeCell(0, 0));
  const seq: bigint = answer.view.seq; // compiles without `!`: the view is typed as present
  assert.equal(seq, 2n);
  const basic = await client.submitMove("g", moves.placeCell(0, 0), { basicAnswer: true });
  assert.equal(basic.view, undefined, "a basic answer has no view, and its type says so");
  const [first] = (await client.listLegalMoves("g")).moves;
  assert.equal(first.move.kind.case, "place"); // each listed move's `move` is typed as present
  await assert.rejects(client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic"), (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.equal(error.code, Code.Internal);
    assert.equal(error.message, "the response holds no game");
    return true;
  });
});
