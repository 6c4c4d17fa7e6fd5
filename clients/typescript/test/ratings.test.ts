// Rated games against a real server with a service key: a tic-tac-toe game rated in its kind's
// pool (`ratingPool: RatingPool.KIND`) between two named players, one of whom resigns, is rated
// moments after its end (`game.rating`, `view.rating`); the winner's ratings
// (`getPlayerRatings`) and the pool's leaderboard (`listLeaderboard`, page by page) show it; a
// rated series' games are rated in its pool (`series.ratingPool`); a rated creation without
// players is refused. And, offline, what the request builders and the
// rating calls send.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { fromBinary } from "@bufbuild/protobuf";
import {
  BadRequestSchema,
  Code,
  ConnectError,
  CreateGameRequestSchema,
  enumName,
  type Game,
  gameFromConfig,
  gameFromPgn,
  gameFromPreset,
  gameFromSavedConfig,
  GameKind,
  GetPlayerRatingsRequestSchema,
  ListLeaderboardRequestSchema,
  type PlayerRating,
  RatingPool,
  RatingPoolSchema,
  type Series,
  SeriesStatus,
  TabulaClient,
  TabulaError,
} from "../src/index.js";
import { seatClient, tabulaError, ticTacToe } from "./helpers.js";
import { recorder, useServer } from "./server.js";

const KEY = "ratings-secret-0123456789";
const live = useServer(["--service-key", `lobby=${KEY}`]);
const manager = () => live.client.withCredential(KEY);

/** How long a finished rated game may take to be rated before the test fails. */
const RATED_WITHIN_MS = 10_000;

/** The game once its end is rated (`game.rating.rated`), polled with `getGame`. */
async function rated(client: TabulaClient, gameId: string): Promise<Game> {
  const deadline = Date.now() + RATED_WITHIN_MS;
  for (;;) {
    const game = await client.getGame(gameId);
    if (game.rating?.rated) return game;
    assert.ok(Date.now() < deadline, `game ${gameId} not rated within ${RATED_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every rating of `pool`'s leaderboard, page after page (`pageSize` a page). */
async function leaderboard(client: TabulaClient, pool: string, pageSize: number): Promise<PlayerRating[]> {
  const ratings: PlayerRating[] = [];
  let pageToken = "";
  do {
    const page = await client.listLeaderboard(pool, { pageSize, pageToken });
    assert.ok(page.ratings.length <= pageSize, `a page of ${page.ratings.length}`);
    ratings.push(...page.ratings);
    pageToken = page.nextPageToken;
  } while (pageToken !== "");
  return ratings;
}

test("the request builders send ratingPool as CreateGameRequest.ratingPool", () => {
  assert.equal(gameFromPreset(GameKind.CHESS, "standard", { ratingPool: RatingPool.PRESET }).ratingPool, RatingPool.PRESET);
  assert.equal(gameFromConfig(ticTacToe, { ratingPool: RatingPool.KIND }).ratingPool, RatingPool.KIND);
  assert.equal(gameFromPgn("1. e4 e5", { ratingPool: RatingPool.KIND }).ratingPool, RatingPool.KIND);
  assert.equal(gameFromSavedConfig("big-board", { ratingPool: RatingPool.KIND }).ratingPool, RatingPool.KIND);
  assert.equal(gameFromPreset(GameKind.CHESS, "standard").ratingPool, RatingPool.UNSPECIFIED, "not rated by default");
  assert.deepEqual(
    [RatingPool.UNSPECIFIED, RatingPool.KIND, RatingPool.PRESET].map((p) => enumName(RatingPoolSchema, p)),
    ["RATING_POOL_UNSPECIFIED", "RATING_POOL_KIND", "RATING_POOL_PRESET"],
  );
});

test("a rated game's end updates both players' ratings once, shown on the game, the player and the leaderboard", async () => {
  const client = manager();
  const suffix = randomBytes(6).toString("hex");
  const winner = { playerId: `ada-${suffix}`, displayName: "Ada" };
  const loser = { playerId: `bob-${suffix}`, displayName: "Bob" };
  const created = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", {
    players: [winner, loser],
    ratingPool: RatingPool.KIND,
  });
  const gameId = created.game!.gameId;
  const asCreated = created.game!.rating;
  assert.ok(asCreated !== undefined, "a rated game carries its rating from the creation");
  assert.equal(asCreated.pool, "tic_tac_toe", "the kind's pool is named by the kind");
  assert.deepEqual(asCreated.playerIds, [winner.playerId, loser.playerId], "in seat order");
  assert.deepEqual(asCreated.before.map((r) => r.rating), [1500, 1500], "new players are rated 1500");
  assert.deepEqual([asCreated.after, asCreated.rated], [[], false], "not rated before the end");

  // The second seat resigns: the first seat's player wins.
  await seatClient(client, created, 1).resign(gameId);
  const game = await rated(client, gameId);
  const rating = game.rating!;
  assert.equal(rating.pool, "tic_tac_toe");
  assert.deepEqual(rating.before.map((r) => r.rating), [1500, 1500], "before: as when the game was made");
  assert.equal(rating.after.length, 2, "after: one rating a seat");
  const [won, lost] = rating.after.map((r) => r.rating);
  assert.ok(won > 1500, `the winner's rating after is ${won}`);
  assert.ok(lost < 1500, `the loser's rating after is ${lost}`);
  const view = await client.getView(gameId);
  assert.deepEqual(view.rating?.after.map((r) => r.rating), [won, lost], "the view shows the same rating");
  assert.equal(view.rating?.rated, true);

  const ratings = await client.getPlayerRatings(winner.playerId);
  assert.deepEqual(
    ratings.map((r) => [r.playerId, r.pool, r.games, r.wins, r.draws, r.losses, r.rank]),
    [[winner.playerId, "tic_tac_toe", 1, 1, 0, 0, 0]],
    "one pool, one game won, no rank outside a leaderboard",
  );
  assert.equal(ratings[0].rating?.rating, won, "the rating now is the game's after");
  assert.equal(ratings[0].rating?.provisional, true, "one game: provisional");
  assert.ok(ratings[0].lastRatedTime !== undefined, "when it was rated");
  const lostRatings = await client.getPlayerRatings(loser.playerId);
  assert.deepEqual(lostRatings.map((r) => [r.pool, r.games, r.wins, r.losses]), [["tic_tac_toe", 1, 0, 1]]);
  assert.deepEqual(await client.getPlayerRatings(`nobody-${suffix}`), [], "a player never rated has no ratings");

  // The pool's leaderboard, best first, ranks from 1: the winner just before the loser.
  const board = await leaderboard(client, "tic_tac_toe", 500);
  assert.deepEqual(board.map((r) => r.rank), board.map((_, i) => i + 1), "ranks from 1, one a place");
  const first = board.findIndex((r) => r.playerId === winner.playerId);
  const second = board.findIndex((r) => r.playerId === loser.playerId);
  assert.ok(first >= 0 && second >= 0, "both players are listed");
  assert.equal(second, first + 1, "the loser right after the winner");
  assert.equal(board[second].rank, board[first].rank + 1, "consecutive ranks");
  assert.equal(board[first].rating?.rating, won);
  const paged = await leaderboard(client, "tic_tac_toe", 1);
  assert.deepEqual(paged.map((r) => [r.playerId, r.rank]), board.map((r) => [r.playerId, r.rank]), "a page at a time alike");
  const settled = await client.listLeaderboard("tic_tac_toe", { excludeProvisional: true });
  assert.ok(!settled.ratings.some((r) => r.playerId === winner.playerId), "provisional ratings left out when asked");
  assert.deepEqual((await client.listLeaderboard(`no_such_pool_${suffix}`)).ratings, [], "a pool nobody was rated in");
  await assert.rejects(
    client.listLeaderboard("tic_tac_toe", { pageToken: "not-a-token" }),
    tabulaError(Code.InvalidArgument, "INVALID_PAGE_TOKEN"),
  );
});

test("a rated best-of-3 series rates each of its games in its pool, shown as series.ratingPool", async () => {
  const client = manager();
  const suffix = randomBytes(6).toString("hex");
  const players = [
    { playerId: `ann-${suffix}`, displayName: "Ann" },
    { playerId: `ben-${suffix}`, displayName: "Ben" },
  ];
  const created = await client.createSeriesFromPreset(GameKind.TIC_TAC_TOE, "classic", {
    bestOf: 3,
    players,
    ratingPool: RatingPool.KIND,
  });
  const seriesId = created.series!.seriesId;
  assert.equal(created.series!.ratingPool, "tic_tac_toe", "the kind's pool");
  const first = created.series!.games[0];
  const game = await client.getGame(first.gameId);
  assert.equal(game.rating?.pool, "tic_tac_toe", "its first game is rated in the series' pool");

  // Player 2 resigns every game: player 1 wins 2-0.
  const ben = client.withCredential(created.playerTokens[1].token);
  const resigned = new Set<string>();
  const deadline = Date.now() + RATED_WITHIN_MS;
  let series: Series;
  for (;;) {
    series = await client.getSeries(seriesId);
    if (series.status === SeriesStatus.FINISHED) break;
    const current = series.games.at(-1);
    if (current !== undefined && !resigned.has(current.gameId)) {
      await ben.resign(current.gameId);
      resigned.add(current.gameId);
      continue;
    }
    assert.ok(Date.now() < deadline, `series ${seriesId} not finished within ${RATED_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.deepEqual([series.winner, series.games.length, series.ratingPool], [1, 2, "tic_tac_toe"]);
  for (const [i, played] of series.games.entries()) {
    const ratedGame = await rated(client, played.gameId);
    const seats = played.playerOneSeat === 1 ? players : [...players].reverse();
    assert.equal(ratedGame.rating!.pool, "tic_tac_toe", `game ${i + 1}'s pool`);
    assert.deepEqual(ratedGame.rating!.playerIds, seats.map((p) => p.playerId), `game ${i + 1}: its players in seat order`);
    assert.equal(ratedGame.rating!.after.length, 2, `game ${i + 1} rated`);
  }
  const ratings = await client.getPlayerRatings(players[0].playerId);
  assert.deepEqual(ratings.map((r) => [r.pool, r.games, r.wins]), [["tic_tac_toe", 2, 2]], "both games rated for the winner");
});

test("a rated creation without players is refused with INVALID_REQUEST naming the players", async () => {
  const client = manager();
  await assert.rejects(
    client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { ratingPool: RatingPool.KIND }),
    (error: unknown) => {
      tabulaError(Code.InvalidArgument, "INVALID_REQUEST")(error);
      assert.ok(error instanceof TabulaError && error.cause instanceof ConnectError, String(error));
      const [badRequest] = error.cause.findDetails(BadRequestSchema);
      assert.ok(badRequest?.fieldViolations.some((v) => v.field === "players"), String(error));
      return true;
    },
  );
  const suffix = randomBytes(6).toString("hex");
  const same = { playerId: `cy-${suffix}`, displayName: "Cy" };
  await assert.rejects(
    client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { players: [same, same], ratingPool: RatingPool.KIND }),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
    "two different players",
  );
  await assert.rejects(client.getPlayerRatings(""), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  await assert.rejects(
    live.client.getPlayerRatings(same.playerId),
    tabulaError(Code.Unauthenticated, "CREDENTIAL_REQUIRED"),
    "needs a service key",
  );
});

test("the rating calls send what they are given", async () => {
  const standIn = await recorder();
  const offline = TabulaClient.connect({ address: standIn.address, credential: "key" });
  try {
    await offline.createGameFromPreset(GameKind.CHESS, "blitz_3_2", { ratingPool: RatingPool.PRESET });
    assert.equal(fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body).ratingPool, RatingPool.PRESET);
    await offline.createGameFromSavedConfig("big-board", { ratingPool: RatingPool.KIND });
    assert.equal(fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body).ratingPool, RatingPool.KIND);

    assert.deepEqual(await offline.getPlayerRatings("u-17"), []);
    assert.equal(fromBinary(GetPlayerRatingsRequestSchema, standIn.last("GetPlayerRatings").body).playerId, "u-17");
    assert.equal(standIn.last("GetPlayerRatings").authorization, "Bearer key");
    await offline.listLeaderboard("chess/blitz_3_2", { pageSize: 20, pageToken: "t", excludeProvisional: true });
    let sent = fromBinary(ListLeaderboardRequestSchema, standIn.last("ListLeaderboard").body);
    assert.deepEqual([sent.pool, sent.pageSize, sent.pageToken, sent.excludeProvisional], ["chess/blitz_3_2", 20, "t", true]);
    await offline.listLeaderboard("chess");
    sent = fromBinary(ListLeaderboardRequestSchema, standIn.last("ListLeaderboard").body);
    assert.deepEqual([sent.pool, sent.pageSize, sent.pageToken, sent.excludeProvisional], ["chess", 0, "", false]);
  } finally {
    offline.close();
    await standIn.stop();
  }
});
