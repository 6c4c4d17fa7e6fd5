// Saved configurations: saved, read, listed, replaced and deleted through the client against a
// real server, games created from them, and what the creation sends, offline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { equals, fromBinary } from "@bufbuild/protobuf";
import {
  botSeat,
  Code,
  CreateGameRequestSchema,
  GameConfigSchema,
  GameKind,
  ListSavedConfigsRequestSchema,
  TabulaClient,
} from "../src/index.js";
import { connectFour, tabulaError } from "./helpers.js";
import { recorder, startServer, useServer } from "./server.js";

const live = useServer(); // a server without keys: everyone shares one namespace

const bigBoard = { game: { case: "connectFour" as const, value: { width: 9, height: 7, winLength: 5 } } };

test("a saved configuration is saved, played, replaced and deleted; its games keep their copy", async () => {
  const client = live.client;
  const saved = await client.createSavedConfig({ name: "big-board", description: "the big board", config: bigBoard });
  assert.equal(saved.name, "big-board");
  assert.equal(saved.description, "the big board");
  assert.equal(saved.kind, GameKind.CONNECT_FOUR);
  assert.ok(saved.config?.game.case === "connectFour");
  const { width, height, winLength } = saved.config.game.value;
  assert.deepEqual([width, height, winLength], [9, 7, 5]);
  assert.ok(saved.createTime !== undefined, "create_time is set");
  await assert.rejects(
    client.createSavedConfig({ name: "big-board", config: connectFour }),
    tabulaError(Code.AlreadyExists, "SAVED_CONFIG_EXISTS"),
  );

  const created = await client.createGameFromSavedConfig("big-board");
  const gameId = created.game!.gameId;
  assert.equal(created.game!.kind, GameKind.CONNECT_FOUR);
  assert.ok(equals(GameConfigSchema, created.game!.config!, saved.config), "the game's config is the saved one");

  const updated = await client.updateSavedConfig({ name: "big-board", description: "smaller", config: connectFour });
  assert.equal(updated.description, "smaller");
  assert.ok(updated.config?.game.case === "connectFour");
  assert.deepEqual([updated.config.game.value.width, updated.config.game.value.height], [7, 6]);
  assert.deepEqual(updated.createTime, saved.createTime, "create_time unchanged");
  const read = await client.getSavedConfig("big-board");
  assert.equal(read.description, "smaller");
  assert.ok(equals(GameConfigSchema, read.config!, updated.config), "get answers the update");
  assert.deepEqual(read.createTime, saved.createTime);
  const game = await client.getGame(gameId);
  assert.ok(game.config?.game.case === "connectFour");
  assert.deepEqual([game.config.game.value.width, game.config.game.value.height], [9, 7], "the earlier game keeps 9×7");

  await client.deleteSavedConfig("big-board");
  await assert.rejects(client.getSavedConfig("big-board"), tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"));
  await assert.rejects(client.createGameFromSavedConfig("big-board"), tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"));
  await assert.rejects(client.deleteSavedConfig("big-board"), tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"));
  await assert.rejects(
    client.updateSavedConfig({ name: "big-board", config: connectFour }),
    tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"),
  );
  assert.equal((await client.getGame(gameId)).gameId, gameId, "the game outlives its saved configuration");
});

test("saved configurations are listed by name, page by page", async () => {
  const server = await startServer(); // a fresh one: nothing saved but these
  const client = TabulaClient.connect({ address: server.address });
  try {
    for (const name of ["c", "a", "b"]) await client.createSavedConfig({ name, config: connectFour });
    const first = await client.listSavedConfigs({ pageSize: 2 });
    assert.deepEqual(first.savedConfigs.map((s) => s.name), ["a", "b"]);
    assert.ok(first.nextPageToken !== "" && first.nextPageToken !== "b", "a token is opaque, not the last name");
    const second = await client.listSavedConfigs({ pageSize: 2, pageToken: first.nextPageToken });
    assert.deepEqual(second.savedConfigs.map((s) => s.name), ["c"]);
    assert.equal(second.nextPageToken, "");
    const all = await client.listSavedConfigs({ timeoutMs: 5000 });
    assert.deepEqual(all.savedConfigs.map((s) => s.name), ["a", "b", "c"]);
    assert.ok(all.savedConfigs.every((s) => s.kind === GameKind.CONNECT_FOUR));
  } finally {
    client.close();
    await server.stop();
  }
});

test("a malformed name and an invalid configuration are refused", async () => {
  await assert.rejects(
    live.client.createSavedConfig({ name: "Not A Name", config: connectFour }),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
  );
  await assert.rejects(
    live.client.createSavedConfig({ name: "narrow", config: { game: { case: "connectFour", value: { width: 2 } } } }),
    tabulaError(Code.InvalidArgument, "INVALID_CONFIG"),
  );
  await assert.rejects(
    live.client.createSavedConfig({ name: "wordy", description: "x".repeat(501), config: connectFour }),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
  );
  await assert.rejects(live.client.getSavedConfig("narrow"), tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"));
});

test("a game from a saved configuration sends its name as the source, with the options given", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address });
  const sent = () => fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
  try {
    await offline.createGameFromSavedConfig("big-board", {
      private: true,
      requestId: "from-saved-1",
      bots: [botSeat(2, 3)],
      allowHints: true,
    });
    const request = sent();
    assert.deepEqual(request.source, { case: "savedConfig", value: "big-board" });
    assert.equal(request.kind, GameKind.UNSPECIFIED);
    assert.deepEqual([request.private, request.requestId, request.allowHints], [true, "from-saved-1", true]);
    assert.deepEqual(request.bots.map((b) => [b.seat, b.level]), [[2, 3]]);

    await offline.createGameFromSavedConfig("plain");
    const plain = sent();
    assert.deepEqual(plain.source, { case: "savedConfig", value: "plain" });
    assert.deepEqual([plain.private, plain.requestId, plain.allowHints, plain.bots.length], [false, "", undefined, 0]);

    await offline.listSavedConfigs({ pageSize: 7, pageToken: "m" });
    const listed = fromBinary(ListSavedConfigsRequestSchema, standIn.last("ListSavedConfigs").body);
    assert.deepEqual([listed.pageSize, listed.pageToken], [7, "m"]);
  } finally {
    offline.close();
    await standIn.stop();
  }
});
