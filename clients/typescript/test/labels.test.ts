// Labels, the managing backend's own tags on games and series, against a real server with a
// service key: set at creation, found by `listGames({ labels })` and `listSeries({ labels })`
// page by page, replaced and cleared with `updateGameLabels` and `updateSeriesLabels`, taken by
// a series' later games, and refused (INVALID_REQUEST with a field violation per bad label).
// And, offline, what the calls send.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fromBinary } from "@bufbuild/protobuf";
import {
  BadRequestSchema,
  Code,
  ConnectError,
  CreateGameRequestSchema,
  CreateSeriesRequestSchema,
  GameKind,
  type ListGamesOptions,
  ListGamesRequestSchema,
  ListSeriesRequestSchema,
  moves,
  TabulaClient,
  TabulaError,
  UpdateGameRequestSchema,
  UpdateSeriesRequestSchema,
} from "../src/index.js";
import { tabulaError, ticTacToe } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const KEY = "labels-secret-0123456789";
const live = useServer(["--service-key", `lobby=${KEY}`]);
const manager = () => live.client.withCredential(KEY);

/** Every game `listGames` lists with these filters, page after page (`pageSize` a page). */
async function allGames(client: TabulaClient, filters: ListGamesOptions, pageSize: number): Promise<string[]> {
  const ids: string[] = [];
  let pageToken = "";
  do {
    const page = await client.listGames({ ...filters, pageSize, pageToken });
    assert.ok(page.games.length <= pageSize, `a page of ${page.games.length}`);
    ids.push(...page.games.map((g) => g.gameId));
    pageToken = page.nextPageToken;
  } while (pageToken !== "");
  return ids;
}

/** A predicate for `assert.rejects`: INVALID_ARGUMENT INVALID_REQUEST naming exactly these fields. */
function badLabels(...fields: string[]) {
  return (error: unknown) => {
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST")(error);
    assert.ok(error instanceof TabulaError && error.cause instanceof ConnectError, String(error));
    const [badRequest] = error.cause.findDetails(BadRequestSchema);
    assert.deepEqual(badRequest?.fieldViolations.map((v) => v.field).sort(), [...fields].sort(), String(error));
    return true;
  };
}

test("games created with labels are found by them across pages, relabelled and cleared", async () => {
  const client = manager();
  const spring = { tournament: "spring", round: "3" };
  await client.createSavedConfig({ name: "labelled-board", config: ticTacToe });
  const created = [
    await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: spring }),
    await client.createGameFromConfig(ticTacToe, { labels: spring, players: [{ playerId: "u-1", displayName: "One" }] }),
    await client.createGameFromPgn("1. e4 e5 *", { labels: { ...spring, opening: "open" } }),
    await client.createGameFromSavedConfig("labelled-board", { labels: { tournament: "spring", round: "4" } }),
    await client.createGameFromPreset(GameKind.CONNECT_FOUR, "classic", { labels: { tournament: "autumn", round: "3" } }),
    await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic"),
  ];
  const ids = created.map((c) => c.game!.gameId);
  assert.deepEqual({ ...created[0].game!.labels }, spring, "the created game carries its labels");
  assert.deepEqual({ ...created[2].game!.labels }, { ...spring, opening: "open" });
  assert.deepEqual({ ...created[5].game!.labels }, {}, "none asked for: none");
  assert.deepEqual({ ...(await client.getGame(ids[1])).labels }, spring, "getGame shows them");
  assert.deepEqual({ ...spring }, { tournament: "spring", round: "3" }, "the caller's record is left as it was");

  // Newest first, two to a page, and only games carrying every label asked for.
  const firstPage = await client.listGames({ labels: { tournament: "spring" }, pageSize: 2 });
  assert.deepEqual(firstPage.games.map((g) => g.gameId), [ids[3], ids[2]]);
  assert.notEqual(firstPage.nextPageToken, "", "more pages follow");
  assert.deepEqual(await allGames(client, { labels: { tournament: "spring" } }, 2), [ids[3], ids[2], ids[1], ids[0]]);
  assert.deepEqual(await allGames(client, { labels: spring }, 1), [ids[2], ids[1], ids[0]]);
  assert.deepEqual(await allGames(client, { labels: { round: "3" } }, 2), [ids[4], ids[2], ids[1], ids[0]]);
  assert.deepEqual(await allGames(client, { labels: { ...spring, opening: "open" } }, 2), [ids[2]]);
  assert.deepEqual(await allGames(client, { labels: { round: "3" }, kind: GameKind.CONNECT_FOUR }, 2), [ids[4]]);
  assert.deepEqual(await allGames(client, { labels: spring, playerId: "u-1" }, 2), [ids[1]], "with other filters");
  assert.deepEqual(await allGames(client, { labels: { tournament: "winter" } }, 2), []);
  const all = await client.listGames({ pageSize: 500 });
  assert.ok(ids.every((id) => all.games.some((g) => g.gameId === id)), "no labels asked for: every game");

  // Relabelled: the labels are replaced as a whole; the game's play is untouched.
  const before = await client.getGame(ids[0]);
  const relabelled = await client.updateGameLabels(ids[0], { tournament: "spring", round: "4", stage: "final" });
  assert.equal(relabelled.gameId, ids[0]);
  assert.deepEqual({ ...relabelled.labels }, { tournament: "spring", round: "4", stage: "final" });
  const after = await client.getGame(ids[0]);
  assert.deepEqual({ ...after.labels }, { tournament: "spring", round: "4", stage: "final" });
  assert.deepEqual([after.seq, after.status, after.moveCount], [before.seq, before.status, before.moveCount], "no event, no move");
  assert.deepEqual(await allGames(client, { labels: spring }, 2), [ids[2], ids[1]], "no longer in round 3");
  assert.deepEqual(await allGames(client, { labels: { round: "4" } }, 1), [ids[3], ids[0]], "now in round 4");

  // Cleared with an empty record.
  const cleared = await client.updateGameLabels(ids[0], {});
  assert.deepEqual({ ...cleared.labels }, {});
  assert.deepEqual({ ...(await client.getGame(ids[0])).labels }, {});
  assert.deepEqual(await allGames(client, { labels: { tournament: "spring" } }, 2), [ids[3], ids[2], ids[1]]);

  // A finished game is relabelled too.
  const x = client.withCredential(created[5].seatTokens[0].token);
  await x.resign(ids[5]);
  assert.deepEqual({ ...(await client.updateGameLabels(ids[5], { result: "resigned" })).labels }, { result: "resigned" });
  assert.deepEqual(await allGames(client, { labels: { result: "resigned" } }, 2), [ids[5]]);
});

test("a series with labels: its first game carries them, listSeries finds it, updateSeriesLabels relabels it and its later games", async () => {
  const client = manager();
  const labels = { league: "north", division: "a" };
  const players = [{ playerId: "p-1", displayName: "One" }, { playerId: "p-2", displayName: "Two" }];
  const created = await client.createSeriesFromConfig(ticTacToe, { bestOf: 3, players, labels });
  const other = await client.createSeriesFromPreset(GameKind.TIC_TAC_TOE, "classic", {
    firstTo: 1,
    labels: { league: "south", division: "a" },
  });
  const plain = await client.createSeriesFromPreset(GameKind.CONNECT_FOUR, "classic", { bestOf: 1 });
  const seriesId = created.series!.seriesId;
  assert.deepEqual({ ...created.series!.labels }, labels, "the series carries its labels");
  assert.deepEqual({ ...(await client.getSeries(seriesId)).labels }, labels);
  assert.deepEqual({ ...plain.series!.labels }, {});
  const firstGameId = created.series!.games[0].gameId;
  const firstGame = await client.getGame(firstGameId);
  assert.deepEqual({ ...firstGame.labels }, labels, "its first game carries the series' labels");
  assert.deepEqual(await allGames(client, { labels: { league: "north" } }, 5), [firstGameId], "and is listed by them");

  const listed = async (filter: Record<string, string>) => {
    const ids: string[] = [];
    let pageToken = "";
    do {
      const page = await client.listSeries({ labels: filter, pageSize: 1, pageToken });
      ids.push(...page.series.map((s) => s.seriesId));
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
    return ids;
  };
  assert.deepEqual(await listed({ league: "north" }), [seriesId], "listSeries finds it by its labels");
  assert.deepEqual(await listed({ division: "a" }), [other.series!.seriesId, seriesId], "newest first, page by page");
  assert.deepEqual(await listed(labels), [seriesId]);
  assert.deepEqual(await listed({ league: "west" }), []);
  const all = await client.listSeries({ pageSize: 500 });
  assert.ok(all.series.some((s) => s.seriesId === plain.series!.seriesId), "no labels asked for: every series");

  // Relabelled: the series and the games it makes after; the game it already made keeps its own.
  const relabelled = await client.updateSeriesLabels(seriesId, { league: "north", division: "b" });
  assert.equal(relabelled.seriesId, seriesId);
  assert.deepEqual({ ...relabelled.labels }, { league: "north", division: "b" });
  assert.deepEqual({ ...(await client.getSeries(seriesId)).labels }, { league: "north", division: "b" });
  assert.deepEqual(await listed({ division: "b" }), [seriesId]);
  assert.deepEqual(await listed({ division: "a" }), [other.series!.seriesId]);
  assert.deepEqual({ ...(await client.getGame(firstGameId)).labels }, labels, "the game it made keeps its labels");

  // Player 1 (seat 1 in game 1) wins game 1 along the top row; the series then makes game 2.
  const [one, two] = created.playerTokens.map((t) => client.withCredential(t.token));
  for (const [player, row, col] of [[one, 0, 0], [two, 1, 0], [one, 0, 1], [two, 1, 1], [one, 0, 2]] as const) {
    await player.submitMove(firstGameId, moves.placeCell(row, col));
  }
  let secondGameId = "";
  for await (const event of client.seriesEvents(seriesId, 0n, { signal: AbortSignal.timeout(15_000) })) {
    if (event.kind.case === "gameStarted" && event.kind.value.number === 2) {
      secondGameId = event.kind.value.gameId;
      break;
    }
  }
  assert.notEqual(secondGameId, "", "the series made its second game");
  assert.deepEqual({ ...(await client.getGame(secondGameId)).labels }, { league: "north", division: "b" }, "game 2 takes the new labels");
  assert.deepEqual({ ...(await client.getGame(firstGameId)).labels }, labels);

  // Cleared with an empty record; a finished series is relabelled too.
  assert.deepEqual({ ...(await client.updateSeriesLabels(seriesId, {})).labels }, {});
  assert.deepEqual(await listed({ league: "north" }), []);
  const otherGame = other.series!.games[0].gameId;
  const [otherOne] = other.playerTokens.map((t) => client.withCredential(t.token));
  await otherOne.resign(otherGame);
  const finished = await client.updateSeriesLabels(other.series!.seriesId, { league: "south", done: "yes" });
  assert.deepEqual({ ...finished.labels }, { league: "south", done: "yes" });
});

test("bad labels are refused with INVALID_REQUEST and a field violation per label; unknown ids are not found", async () => {
  const client = manager();
  await assert.rejects(
    client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: { Round: "3" } }),
    badLabels("labels[Round]"),
  );
  await assert.rejects(
    client.createGameFromConfig(ticTacToe, { labels: { round: "Three", "1st": "x", ok: "fine" } }),
    badLabels("labels[round]", "labels[1st]"),
  );
  await assert.rejects(
    client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { labels: { "": "x" } }),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
  );
  await assert.rejects(
    client.createGameFromConfig(ticTacToe, { labels: { round: "x".repeat(64) } }),
    badLabels("labels[round]"),
  );
  const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, "v"]));
  await assert.rejects(client.createGameFromConfig(ticTacToe, { labels: many }), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  const sixtyFour = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`k${i}`, "v"]));
  const full = await client.createGameFromConfig(ticTacToe, { labels: { ...sixtyFour } });
  assert.equal(Object.keys(full.game!.labels).length, 64, "64 labels are allowed");
  await assert.rejects(
    client.createSeriesFromConfig(ticTacToe, { bestOf: 1, labels: { Q: "a" } }),
    badLabels("labels[Q]"),
  );

  const gameId = (await client.createGameFromConfig(ticTacToe, { labels: { round: "1" } })).game!.gameId;
  await assert.rejects(client.updateGameLabels(gameId, { Round: "3" }), (error: unknown) => {
    badLabels("game.labels[Round]")(error);
    assert.equal((error as TabulaError).codeName, "INVALID_ARGUMENT");
    return true;
  });
  assert.deepEqual({ ...(await client.getGame(gameId)).labels }, { round: "1" }, "a refused update changes nothing");
  await assert.rejects(client.listGames({ labels: { Round: "3" } }), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  await assert.rejects(client.listSeries({ labels: { Round: "3" } }), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  await assert.rejects(client.updateGameLabels("no-such-game", { round: "1" }), tabulaError(Code.NotFound, "GAME_NOT_FOUND"));

  const seriesId = (await client.createSeriesFromConfig(ticTacToe, { bestOf: 1 })).series!.seriesId;
  await assert.rejects(client.updateSeriesLabels(seriesId, { "1x": "" }), badLabels("series.labels[1x]"));
  await assert.rejects(client.updateSeriesLabels("no-such-series", { a: "b" }), tabulaError(Code.NotFound, "SERIES_NOT_FOUND"));

  // Managing calls: only a service key relabels, not a spectator or a seat.
  const spectator = live.client.withCredential(undefined);
  const credentialRequired = tabulaError(Code.Unauthenticated, "CREDENTIAL_REQUIRED");
  await assert.rejects(spectator.updateGameLabels(gameId, { round: "2" }), credentialRequired);
  await assert.rejects(spectator.updateSeriesLabels(seriesId, { round: "2" }), credentialRequired);
  const created = await client.createGameFromConfig(ticTacToe, { labels: { round: "1" } });
  const seat = client.withCredential(created.seatTokens[0].token);
  await assert.rejects(
    seat.updateGameLabels(created.game!.gameId, { round: "2" }),
    tabulaError(Code.PermissionDenied, "SERVICE_KEY_REQUIRED"),
  );
  assert.deepEqual({ ...(await client.getGame(created.game!.gameId)).labels }, { round: "1" });
});

test("labels are sent as given; the update calls send the game or series with the mask `labels`", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address, credential: "key" });
  const sentGame = () => fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
  const sentSeries = () => fromBinary(CreateSeriesRequestSchema, standIn.last("CreateSeries").body);
  const labels = { tournament: "spring", round: "3" };
  try {
    await offline.createGameFromPreset(GameKind.CHESS, "standard", { labels });
    assert.deepEqual({ ...sentGame().labels }, labels);
    await offline.createGameFromConfig(ticTacToe, { labels });
    assert.deepEqual({ ...sentGame().labels }, labels);
    await offline.createGameFromPgn("1. e4 *", { labels });
    assert.deepEqual({ ...sentGame().labels }, labels);
    await offline.createGameFromSavedConfig("big-board", { labels });
    assert.deepEqual({ ...sentGame().labels }, labels);
    await offline.createGameFromPreset(GameKind.CHESS, "standard");
    assert.deepEqual({ ...sentGame().labels }, {}, "none unless given");

    await offline.createSeriesFromPreset(GameKind.CHESS, "standard", { bestOf: 3, labels });
    assert.deepEqual({ ...sentSeries().labels }, labels);
    await offline.createSeriesFromConfig(ticTacToe, { firstTo: 2, labels });
    assert.deepEqual({ ...sentSeries().labels }, labels);
    await offline.createSeriesFromSavedConfig("big-board", { bestOf: 1, labels });
    assert.deepEqual({ ...sentSeries().labels }, labels);
    await offline.createSeriesFromSavedConfig("big-board", { bestOf: 1 });
    assert.deepEqual({ ...sentSeries().labels }, {});

    await offline.listGames({ labels, playerId: "u-1" });
    const games = fromBinary(ListGamesRequestSchema, standIn.last("ListGames").body);
    assert.deepEqual([{ ...games.labels }, games.playerId], [labels, "u-1"]);
    await offline.listGames();
    assert.deepEqual({ ...fromBinary(ListGamesRequestSchema, standIn.last("ListGames").body).labels }, {});
    await offline.listSeries({ labels });
    assert.deepEqual({ ...fromBinary(ListSeriesRequestSchema, standIn.last("ListSeries").body).labels }, labels);

    await offline.updateGameLabels("g", labels);
    let update = fromBinary(UpdateGameRequestSchema, standIn.last("UpdateGame").body);
    assert.deepEqual([update.game?.gameId, { ...update.game?.labels }, update.updateMask?.paths], ["g", labels, ["labels"]]);
    assert.equal(standIn.last("UpdateGame").authorization, "Bearer key");
    await offline.updateGameLabels("g", {});
    update = fromBinary(UpdateGameRequestSchema, standIn.last("UpdateGame").body);
    assert.deepEqual([{ ...update.game?.labels }, update.updateMask?.paths], [{}, ["labels"]], "an empty record clears");

    await offline.updateSeriesLabels("s", labels);
    const series = fromBinary(UpdateSeriesRequestSchema, standIn.last("UpdateSeries").body);
    assert.deepEqual([series.series?.seriesId, { ...series.series?.labels }, series.updateMask?.paths], ["s", labels, ["labels"]]);
  } finally {
    offline.close();
    await standIn.stop();
  }
});
