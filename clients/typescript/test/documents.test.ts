// A game as a document against a real server: exported, deleted and imported again under its
// own id, its seats' tokens still playing; imported twice; tampered with; only validated.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type JsonValue, toJson } from "@bufbuild/protobuf";
import { Code, ErrorReason, GameEventSchema, GameKind, GameStatus, TabulaError, moves } from "../src/index.js";
import { READ_TIMEOUT_MS, seatClients, tabulaError } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer(); // a server without keys: anyone manages
const KEY = "documents-secret-0123456789";
const keyed = useServer(["--service-key", `lobby=${KEY}`, "--max-games-per-key", "1"]);

/** A Connect Four game with three moves played (Red, Yellow, Red: Yellow to move), its seats' clients and tokens. */
async function playedGame() {
  const created = await live.client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic");
  const gameId = created.game.gameId;
  const [red, yellow] = seatClients(live.client, created);
  await red.submitMove(gameId, moves.drop(3));
  await yellow.submitMove(gameId, moves.drop(4));
  await red.submitMove(gameId, moves.drop(3));
  return { gameId, red, yellow, tokens: created.seatTokens.map((t) => t.token) };
}

/** The game's log as a spectator reads it, each event as JSON (its seq, time, actor and kind). */
async function log(gameId: string): Promise<JsonValue[]> {
  const { seq } = await live.client.getGame(gameId);
  const events: JsonValue[] = [];
  for await (const event of live.client.events(gameId, 0n, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) })) {
    events.push(toJson(GameEventSchema, event));
    if (event.seq === seq) break;
  }
  return events;
}

test("an exported game, deleted, imports again under its id with its moves, and its seat tokens play on", async () => {
  const { gameId, red, yellow } = await playedGame();
  const before = await log(gameId);
  assert.deepEqual(before.map((e) => (e as { moveApplied?: { label: string } }).moveApplied?.label), [undefined, "column 4", "column 5", "column 4"]);

  const document = await live.client.exportGame(gameId);
  const parsed = JSON.parse(document) as { format: string; id: string; events: unknown[]; seat_token_hashes: string[] };
  assert.equal(parsed.format, "tabula.game.v1");
  assert.equal(parsed.id, gameId);
  assert.equal(parsed.events.length, 4, "the creation and three moves");
  assert.equal(parsed.seat_token_hashes.length, 2, "one hash per seat");

  await live.client.deleteGame(gameId);
  await assert.rejects(live.client.getGame(gameId), tabulaError(Code.NotFound, "GAME_NOT_FOUND"));

  const imported = await live.client.importGame(document);
  assert.equal(imported.gameId, gameId, "the same id");
  assert.deepEqual([imported.kind, imported.status, imported.seq, imported.moveCount], [GameKind.CONNECT_FOUR, GameStatus.IN_PROGRESS, 4n, 3]);
  assert.deepEqual(await log(gameId), before, "the same log: its moves, their seats and times");
  const view = await yellow.getView(gameId);
  assert.deepEqual([view.seq, view.toAct], [4n, [2]]);

  // The tokens the seats had before the export still act as those seats.
  await assert.rejects(red.submitMove(gameId, moves.drop(0)), tabulaError(Code.FailedPrecondition, "NOT_YOUR_TURN"));
  const played = await yellow.submitMove(gameId, moves.drop(3));
  assert.deepEqual([played.applied, played.seq], [true, 5n]);
  assert.equal((await red.submitMove(gameId, moves.drop(2))).seq, 6n);
});

test("importing a game the server has already rejects with GAME_EXISTS naming it", async () => {
  const { gameId } = await playedGame();
  const document = await live.client.exportGame(gameId);
  await assert.rejects(live.client.importGame(document), (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.equal(error.code, Code.AlreadyExists, String(error));
    assert.equal(error.errorReason, ErrorReason.GAME_EXISTS, String(error));
    assert.equal(error.metadata.game_id, gameId);
    return true;
  });
  // Imported once after a deletion, then once more: the second finds the first.
  await live.client.deleteGame(gameId);
  await live.client.importGame(document);
  await assert.rejects(live.client.importGame(document), tabulaError(Code.AlreadyExists, "GAME_EXISTS"));
});

test("a tampered document rejects with INVALID_DOCUMENT, its BadRequest naming the field document", async () => {
  const { gameId } = await playedGame();
  const document = await live.client.exportGame(gameId);
  await live.client.deleteGame(gameId);

  // Red's second move moved off the board: the log no longer replays.
  const tampered = JSON.parse(document) as { events: { kind: { played: { turn: { Move: [number, { Place: { Column: number } }] } } } }[] };
  tampered.events[3].kind.played.turn.Move[1].Place.Column = 99;
  const refused = await live.client.importGame(JSON.stringify(tampered)).then(
    () => assert.fail("a tampered document was imported"),
    (error: unknown) => error,
  );
  assert.ok(refused instanceof TabulaError, String(refused));
  assert.equal(refused.code, Code.InvalidArgument, String(refused));
  assert.equal(refused.errorReason, ErrorReason.INVALID_DOCUMENT, String(refused));
  assert.equal(refused.reason, "INVALID_DOCUMENT");
  assert.equal(refused.fieldViolations.length, 1, String(refused));
  assert.equal(refused.fieldViolations[0].field, "document");
  assert.match(refused.fieldViolations[0].description, /column 99/);

  // Not a document at all, or one whose status does not match its log: the same reason.
  for (const bad of ["{}", "not json", JSON.stringify({ ...JSON.parse(document), status: "finished" })]) {
    await assert.rejects(live.client.importGame(bad), (error: unknown) => {
      assert.ok(error instanceof TabulaError && error.errorReason === ErrorReason.INVALID_DOCUMENT, String(error));
      assert.deepEqual(error.fieldViolations.map((v) => v.field), ["document"], String(error));
      return true;
    });
  }
  // An empty document is a request without it.
  await assert.rejects(live.client.importGame(""), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  await assert.rejects(live.client.getGame(gameId), tabulaError(Code.NotFound, "GAME_NOT_FOUND"), "nothing was stored");
});

test("validateOnly answers the game as it would be and stores nothing", async () => {
  const { gameId } = await playedGame();
  const document = await live.client.exportGame(gameId);
  await assert.rejects(
    live.client.importGame(document, { validateOnly: true }),
    tabulaError(Code.AlreadyExists, "GAME_EXISTS"),
    "checked against the games the server has",
  );
  await live.client.deleteGame(gameId);

  const checked = await live.client.importGame(document, { validateOnly: true });
  assert.deepEqual([checked.gameId, checked.seq, checked.moveCount], [gameId, 4n, 3]);
  await assert.rejects(live.client.getGame(gameId), tabulaError(Code.NotFound, "GAME_NOT_FOUND"), "nothing was stored");
  const again = await live.client.importGame(document, { validateOnly: true });
  assert.equal(again.gameId, gameId, "a check may be repeated");
  assert.equal((await live.client.importGame(document)).gameId, gameId, "then imported for real");
});

test("a game moves to another server: only its service key exports and imports it, within the key's cap", async () => {
  const { gameId, tokens } = await playedGame();
  const document = await live.client.exportGame(gameId);
  await assert.rejects(live.client.exportGame("no-such-game"), tabulaError(Code.NotFound, "GAME_NOT_FOUND"));

  const manager = keyed.client.withCredential(KEY);
  const imported = await manager.importGame(document);
  assert.deepEqual([imported.gameId, imported.seq], [gameId, 4n]);
  assert.deepEqual((await manager.listGames()).games.map((g) => g.gameId), [gameId], "owned by the importing key");
  assert.equal(await manager.exportGame(gameId), await manager.exportGame(gameId), "exported alike each time");
  // The seat's token from the first server plays on the second.
  const there = keyed.client.withCredential(tokens[1]);
  assert.equal((await there.submitMove(gameId, moves.drop(3))).seq, 5n);

  await assert.rejects(there.exportGame(gameId), tabulaError(Code.PermissionDenied, "SERVICE_KEY_REQUIRED"));
  await assert.rejects(keyed.client.exportGame(gameId), tabulaError(Code.Unauthenticated, "CREDENTIAL_REQUIRED"));
  await assert.rejects(there.importGame(document), tabulaError(Code.PermissionDenied, "SERVICE_KEY_REQUIRED"));

  // The key's one game in progress is the imported one: another running game does not fit.
  const other = await playedGame();
  await assert.rejects(manager.importGame(await live.client.exportGame(other.gameId)), tabulaError(Code.ResourceExhausted, "TOO_MANY_GAMES"));
});
