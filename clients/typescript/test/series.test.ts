// Players on seats and series: named seats on games, views and the creation event, games
// listed by player, and series created, followed, played with a player's token, read and
// listed, against a real server; what the calls send, offline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fromBinary } from "@bufbuild/protobuf";
import {
  botSeat,
  Code,
  CreateGameRequestSchema,
  CreateSeriesRequestSchema,
  GameKind,
  GameStatus,
  ListGamesRequestSchema,
  ListSeriesRequestSchema,
  moves,
  RatingPool,
  type SeriesEvent,
  SeriesDraws,
  seriesEventKind,
  SeriesStatus,
  Starter,
  TabulaClient,
  clocks,
} from "../src/index.js";
import { tabulaError, ticTacToe } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const live = useServer(); // a server without keys: anyone creates and lists

const alice = { playerId: "alice-7", displayName: "Alice" };
const bob = { playerId: "bob-9", displayName: "Bob" };

test("a game with two named players shows them on the game, its views and its creation event, and is listed by player", async () => {
  const client = live.client;
  const created = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { players: [alice, bob] });
  const gameId = created.game!.gameId;
  const named = (players: { playerId: string; displayName: string }[] | undefined) =>
    players?.map((p) => [p.playerId, p.displayName]);
  assert.deepEqual(named(created.game!.players), [["alice-7", "Alice"], ["bob-9", "Bob"]]);
  assert.deepEqual(named((await client.getGame(gameId)).players), [["alice-7", "Alice"], ["bob-9", "Bob"]]);
  assert.deepEqual(named((await client.getView(gameId)).players), [["alice-7", "Alice"], ["bob-9", "Bob"]]);
  const x = client.withCredential(created.seatTokens[0].token);
  assert.deepEqual(named((await x.getView(gameId)).players), [["alice-7", "Alice"], ["bob-9", "Bob"]], "a seat's view too");
  for await (const event of client.events(gameId)) {
    assert.ok(event.kind.case === "gameCreated", "the first event is the creation");
    assert.deepEqual(named(event.kind.value.players), [["alice-7", "Alice"], ["bob-9", "Bob"]]);
    break;
  }
  const game = await client.getGame(gameId);
  assert.deepEqual([game.seriesId, game.seriesGameNumber], ["", 0], "a game on its own is in no series");

  const alices = await client.listGames({ playerId: "alice-7" });
  assert.ok(alices.games.some((g) => g.gameId === gameId), "listed for its first seat's player");
  assert.ok((await client.listGames({ playerId: "bob-9" })).games.some((g) => g.gameId === gameId), "and its second's");
  const others = await client.listGames({ playerId: "carol-3" });
  assert.ok(!others.games.some((g) => g.gameId === gameId), "not for another player");

  const unnamed = await client.createGameFromConfig(ticTacToe, { players: [{ playerId: "solo-1", displayName: "Solo" }] });
  assert.deepEqual(named(unnamed.game!.players), [["solo-1", "Solo"], ["", ""]], "one entry per seat, the rest unnamed");
  const nobody = await client.createGameFromConfig(ticTacToe);
  assert.deepEqual(nobody.game!.players, [], "none named: no entries");
  await assert.rejects(
    client.createGameFromConfig(ticTacToe, { players: [alice, bob, { playerId: "c", displayName: "C" }] }),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
  );
});

test("a best-of-3 tic-tac-toe series between two bots is streamed from its first game to its end, without gaps", async () => {
  const client = live.client;
  const created = await client.createSeriesFromPreset(GameKind.TIC_TAC_TOE, "classic", {
    bestOf: 3,
    players: [alice, bob],
    bots: [botSeat(1, 1), botSeat(2, 1)],
  });
  const seriesId = created.series!.seriesId;
  assert.equal(created.series!.bestOf, 3);
  assert.equal(created.series!.firstTo, 0);
  assert.equal(created.series!.draws, SeriesDraws.HALF_POINT, "draws count half a point by default");
  assert.deepEqual(created.playerTokens.map((t) => t.player), [1, 2]);

  const stream = client.seriesEvents(seriesId, 0n, { signal: AbortSignal.timeout(50_000) });
  const events: SeriesEvent[] = [];
  for await (const event of stream) events.push(event);
  assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => BigInt(i + 1)), "seqs run 1, 2, 3, ... without gaps");
  assert.equal(stream.lastSeq, BigInt(events.length));
  assert.ok(events.every((e) => e.seriesId === seriesId));
  const first = events[0];
  assert.ok(first.kind.case === "gameStarted", `the first event is ${seriesEventKind(first)}`);
  assert.deepEqual([first.kind.value.number, first.kind.value.playerOneSeat], [1, 1]);
  const last = events.at(-1)!;
  assert.ok(last.kind.case === "seriesFinished", `the last event is ${seriesEventKind(last)}`);

  const series = await client.getSeries(seriesId);
  assert.equal(series.status, SeriesStatus.FINISHED);
  assert.deepEqual(series.points, last.kind.value.points);
  assert.equal(series.winner, last.kind.value.winner);
  const started = events.flatMap((e) => (e.kind.case === "gameStarted" ? [e.kind.value] : []));
  const finished = events.flatMap((e) => (e.kind.case === "gameFinished" ? [e.kind.value] : []));
  assert.deepEqual(series.games.map((g) => g.gameId), started.map((s) => s.gameId), "the games are the ones started");
  assert.deepEqual(started.map((s) => s.number), started.map((_, i) => i + 1));
  assert.deepEqual(started.map((s) => s.playerOneSeat), started.map((_, i) => (i % 2 === 0 ? 1 : 2)), "player 1 alternates seats");
  assert.ok(series.games.length >= 2 && series.games.length <= 3, `${series.games.length} games`);
  assert.equal(finished.length, series.games.length, "every game was scored");
  const total = series.points[0] + series.points[1];
  assert.equal(total, finished.length, "a point per game scored, split on a draw");
  if (series.winner !== 0) assert.ok(series.points[series.winner - 1] > 1.5, `the winner has more than half: ${series.points}`);

  const second = await client.getGame(series.games[1].gameId);
  assert.deepEqual([second.seriesId, second.seriesGameNumber], [seriesId, 2]);
  assert.deepEqual(second.players.map((p) => p.playerId), ["bob-9", "alice-7"], "player 2 sits in seat 1 of game 2");
  assert.equal(second.status, GameStatus.FINISHED);
});

test("a player's token acts as the seat the player sits in; an unknown series is not found; series are listed", async () => {
  const client = live.client;
  const created = await client.createSeriesFromConfig(ticTacToe, { firstTo: 2, players: [alice, bob], requestId: "series-c" });
  const seriesId = created.series!.seriesId;
  assert.equal(created.series!.firstTo, 2);
  assert.equal(created.series!.status, SeriesStatus.IN_PROGRESS);
  assert.deepEqual(created.series!.points, [0, 0]);
  const [one, two] = created.playerTokens.map((t) => client.withCredential(t.token));

  const series = await client.getSeries(seriesId);
  const gameId = series.games[0].gameId;
  assert.equal(series.games[0].playerOneSeat, 1);
  const game = await client.getGame(gameId);
  assert.deepEqual([game.seriesId, game.seriesGameNumber], [seriesId, 1]);
  const played = await one.submitMove(gameId, moves.placeCell(1, 1));
  assert.deepEqual([played.applied, played.seq], [true, 2n], "player 1 moves as seat 1 in game 1");
  await assert.rejects(two.submitMove(gameId, moves.placeCell(1, 1), { expectedSeq: 1n }), tabulaError(Code.Aborted, "STALE_SEQ"));
  assert.equal((await two.submitMove(gameId, moves.placeCell(0, 0))).applied, true, "player 2 moves as seat 2");

  await assert.rejects(client.getSeries("no-such-series"), tabulaError(Code.NotFound, "SERIES_NOT_FOUND"));
  await assert.rejects(
    (async () => {
      for await (const _ of client.seriesEvents("no-such-series")) assert.fail("an unknown series has events");
    })(),
    tabulaError(Code.NotFound, "SERIES_NOT_FOUND"),
  );

  const listed = await client.listSeries();
  assert.ok(listed.series.some((s) => s.seriesId === seriesId), "listSeries finds it");
  const running = await client.listSeries({ status: SeriesStatus.IN_PROGRESS });
  assert.ok(running.series.some((s) => s.seriesId === seriesId), "among the series in progress");
  const done = await client.listSeries({ status: SeriesStatus.FINISHED });
  assert.ok(!done.series.some((s) => s.seriesId === seriesId), "not among the finished");
  const page = await client.listSeries({ pageSize: 1 });
  assert.equal(page.series.length, 1);

  const retried = await client.createSeriesFromConfig(ticTacToe, { firstTo: 2, players: [alice, bob], requestId: "series-c" });
  assert.deepEqual([retried.retried, retried.series!.seriesId], [true, seriesId], "a retried creation answers the same series");
});

test("a series from a saved configuration; only two-seat kinds and a sensible length make a series", async () => {
  const client = live.client;
  await client.createSavedConfig({ name: "series-board", config: ticTacToe });
  const created = await client.createSeriesFromSavedConfig("series-board", { bestOf: 1, draws: SeriesDraws.REPLAYED });
  assert.equal(created.series!.kind, GameKind.TIC_TAC_TOE);
  assert.equal(created.series!.draws, SeriesDraws.REPLAYED);
  await assert.rejects(
    client.createSeriesFromSavedConfig("no-such-config", { bestOf: 1 }),
    tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"),
  );
  await assert.rejects(
    client.createSeriesFromPreset(GameKind.PEG_SOLITAIRE, "triangle15", { bestOf: 1 }),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
  );
  await assert.rejects(client.createSeriesFromConfig(ticTacToe, { bestOf: 100 }), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  const both = { bestOf: 3, firstTo: 2 } as unknown as { bestOf: number };
  await assert.rejects(client.createSeriesFromConfig(ticTacToe, both), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
});

test("series calls, the players option and the player filter send what they are given", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address });
  const sentSeries = () => fromBinary(CreateSeriesRequestSchema, standIn.last("CreateSeries").body);
  const sentGame = () => fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
  const named = (players: { playerId: string; displayName: string }[]) => players.map((p) => [p.playerId, p.displayName]);
  try {
    await offline.createSeriesFromPreset(GameKind.CONNECT_FOUR, "classic", {
      bestOf: 5,
      draws: SeriesDraws.REPLAYED,
      players: [alice, bob],
      bots: [botSeat(2, 3)],
      private: true,
      allowHints: true,
      requestId: "series-1",
    });
    const preset = sentSeries();
    assert.deepEqual(preset.source, { case: "preset", value: "classic" });
    assert.equal(preset.kind, GameKind.CONNECT_FOUR);
    assert.deepEqual([preset.bestOf, preset.firstTo, preset.draws], [5, 0, SeriesDraws.REPLAYED]);
    assert.deepEqual(named(preset.players), [["alice-7", "Alice"], ["bob-9", "Bob"]]);
    assert.deepEqual(preset.bots.map((b) => [b.seat, b.level]), [[2, 3]]);
    assert.deepEqual([preset.private, preset.allowHints, preset.requestId], [true, true, "series-1"]);
    assert.equal(preset.ratingPool, RatingPool.UNSPECIFIED, "not rated unless told");

    const config = { game: { case: "ticTacToe" as const, value: {} } };
    await offline.createSeriesFromConfig(config, { firstTo: 3, clock: clocks.fischer(60_000, 1_000), starter: Starter.RANDOM });
    const fromConfig = sentSeries();
    assert.ok(fromConfig.source.case === "config");
    assert.equal(fromConfig.source.value.game.case, "ticTacToe");
    assert.equal(fromConfig.source.value.starter, Starter.RANDOM);
    assert.equal(fromConfig.source.value.clock?.controls.length, 1);
    assert.deepEqual(config, { game: { case: "ticTacToe", value: {} } }, "the caller's config is left as it was");
    assert.deepEqual([fromConfig.kind, fromConfig.bestOf, fromConfig.firstTo, fromConfig.draws], [GameKind.UNSPECIFIED, 0, 3, SeriesDraws.UNSPECIFIED]);
    assert.deepEqual(
      [fromConfig.private, fromConfig.allowHints, fromConfig.requestId, fromConfig.players.length, fromConfig.bots.length],
      [false, undefined, "", 0, 0],
    );

    await offline.createSeriesFromSavedConfig("big-board", { bestOf: 1 });
    assert.deepEqual(sentSeries().source, { case: "savedConfig", value: "big-board" });
    await offline.createSeriesFromPreset(GameKind.CHESS, "blitz_3_2", { bestOf: 3, players: [alice, bob], ratingPool: RatingPool.PRESET });
    assert.equal(sentSeries().ratingPool, RatingPool.PRESET, "ratingPool sent as CreateSeriesRequest.ratingPool");
    await offline.createSeriesFromConfig(config, { firstTo: 2, ratingPool: RatingPool.KIND });
    assert.equal(sentSeries().ratingPool, RatingPool.KIND);

    await offline.listSeries({ status: SeriesStatus.FINISHED, pageSize: 7, pageToken: "p" });
    const listed = fromBinary(ListSeriesRequestSchema, standIn.last("ListSeries").body);
    assert.deepEqual([listed.status, listed.pageSize, listed.pageToken], [SeriesStatus.FINISHED, 7, "p"]);
    await offline.listSeries();
    const plain = fromBinary(ListSeriesRequestSchema, standIn.last("ListSeries").body);
    assert.deepEqual([plain.status, plain.pageSize, plain.pageToken], [SeriesStatus.UNSPECIFIED, 0, ""]);

    await offline.listGames({ playerId: "alice-7", kind: GameKind.CHESS });
    const games = fromBinary(ListGamesRequestSchema, standIn.last("ListGames").body);
    assert.deepEqual([games.playerId, games.kind], ["alice-7", GameKind.CHESS]);
    await offline.listGames();
    assert.equal(fromBinary(ListGamesRequestSchema, standIn.last("ListGames").body).playerId, "");

    await offline.createGameFromPreset(GameKind.CHESS, "standard", { players: [alice, bob] });
    assert.deepEqual(named(sentGame().players), [["alice-7", "Alice"], ["bob-9", "Bob"]]);
    await offline.createGameFromConfig(config, { players: [bob] });
    assert.deepEqual(named(sentGame().players), [["bob-9", "Bob"]]);
    await offline.createGameFromPgn("1. e4 *", { players: [alice] });
    assert.deepEqual(named(sentGame().players), [["alice-7", "Alice"]]);
    await offline.createGameFromSavedConfig("big-board", { players: [alice, bob] });
    assert.deepEqual(named(sentGame().players), [["alice-7", "Alice"], ["bob-9", "Bob"]]);
    await offline.createGameFromPreset(GameKind.CHESS, "standard");
    assert.deepEqual(sentGame().players, []);

    // A series has exactly one length: the types refuse both or neither.
    // @ts-expect-error both lengths
    const both: Parameters<TabulaClient["createSeriesFromPreset"]>[2] = { bestOf: 3, firstTo: 2 };
    // @ts-expect-error no length
    const neither: Parameters<TabulaClient["createSeriesFromPreset"]>[2] = { private: true };
    assert.ok(both && neither);
  } finally {
    offline.close();
    await standIn.stop();
  }
});
