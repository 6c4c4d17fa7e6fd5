// Tournaments against a real server with a service key: a 4-player round-robin of tic-tac-toe
// played to its end, each game ended by a player resigning with its player token, its rounds,
// boards, standings, event stream and export as FIDE's Tournament Report File checked; a
// 4-player knockout of best-of-3 matches played to its end the same way, its seeds, bracket,
// series and standings checked; a 6-player Swiss of the server's engine players played to its
// end, its rounds and pairings checked; a late entry added to a Swiss under way and paired from
// the next round; a Swiss continued from another one's Tournament Report File; a round robin's
// boards, rounds and end on the owner's stream; a held tournament that pairs no round until the
// organiser starts it; a player withdrawn and a tournament cancelled; refused creations. And,
// over an in-process stand-in, what the tournament calls send.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { type ConnectRouter, createRouterTransport } from "@connectrpc/connect";
import {
  type AddTournamentPlayerRequest,
  BadRequestSchema,
  BoardResult,
  Code,
  ConnectError,
  type CreateTournamentRequest,
  type CreateTournamentResponse,
  GameKind,
  GameService,
  GameStatus,
  enumName,
  type ListTournamentsRequest,
  type OwnerEvent,
  OwnerEventKind,
  OwnerEventKindSchema,
  type Series,
  RatingPool,
  SeriesStatus,
  Starter,
  type StartTournamentRoundRequest,
  type StreamTournamentEventsRequest,
  StreamTournamentEventsResponseSchema,
  TabulaClient,
  TabulaError,
  TieBreak,
  type Tournament,
  type TournamentEvent,
  tournamentEventKind,
  TournamentFormat,
  TournamentSchema,
  TournamentStatus,
  type WithdrawTournamentPlayerRequest,
  clocks,
} from "../src/index.js";
import { reader, tabulaError, ticTacToe } from "./helpers.js";
import { useServer } from "./server.js";

const KEY = "tournaments-secret-0123456789";
const live = useServer(["--service-key", `lobby=${KEY}`]);
const manager = () => live.client.withCredential(KEY);

/** How long a tournament may take to reach what a test waits for before the test fails. */
const WITHIN_MS = 20_000;

/** Four players of this test's own (ids unique to the run), numbered 1 to 4 in this order. */
function fourPlayers() {
  const suffix = randomBytes(6).toString("hex");
  return ["ada", "bob", "cy", "dee"].map((name) => ({ playerId: `${name}-${suffix}`, displayName: name }));
}

/** A label of this test's own: a tournament's games carry its labels, and listings filter on them. */
function uniqueLabels(): Record<string, string> {
  return { suite: `tournament-${randomBytes(6).toString("hex")}` };
}

/** Each player's client, by player number: `clients.get(2)` acts with player 2's token. */
function playerClients(client: TabulaClient, created: CreateTournamentResponse): Map<number, TabulaClient> {
  return new Map(created.playerTokens.map((t) => [t.player, client.withCredential(t.token)]));
}

/** Every event of a tournament's stream until the server closes it (after `tournamentEnded`). */
async function allEvents(stream: AsyncIterable<TournamentEvent>): Promise<TournamentEvent[]> {
  const events: TournamentEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/**
 * Plays the tournament to its end: in each round's boards as the server pairs them, the
 * player with the higher number resigns with its player token (board.white sits in seat 1,
 * board.black in seat 2), polling `getTournament` until it is FINISHED.
 */
async function playOut(client: TabulaClient, tournamentId: string, players: Map<number, TabulaClient>): Promise<Tournament> {
  const resigned = new Set<string>();
  const deadline = Date.now() + WITHIN_MS;
  for (;;) {
    const tournament = await client.getTournament(tournamentId);
    if (tournament.status === TournamentStatus.FINISHED) return tournament;
    assert.equal(tournament.status, TournamentStatus.IN_PROGRESS);
    for (const board of tournament.rounds.at(-1)?.boards ?? []) {
      if (board.result !== BoardResult.UNSPECIFIED || board.gameId === "" || resigned.has(board.gameId)) continue;
      const loser = Math.max(board.white, board.black);
      const seat = loser === board.white ? 1 : 2;
      const answer = await players.get(loser)!.resign(board.gameId);
      assert.equal(answer.view?.outcome?.winner, 3 - seat, `player ${loser} resigned as seat ${seat}`);
      resigned.add(board.gameId);
    }
    assert.ok(Date.now() < deadline, `tournament ${tournamentId} not finished within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a 4-player round-robin played by its players' tokens to its end: 3 rounds, standings, and its events from 1", async () => {
  const client = manager();
  const players = fourPlayers();
  const labels = uniqueLabels();
  const signal = AbortSignal.timeout(50_000);
  const created = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", players, {
    labels,
    requestId: `tournament-${labels.suite}`,
  });
  const first = created.tournament!;
  const tournamentId = first.tournamentId;
  assert.equal(first.name, `tournaments/${tournamentId}`);
  assert.deepEqual(
    [first.kind, first.format, first.status, first.roundCount, first.holdRounds],
    [GameKind.TIC_TAC_TOE, TournamentFormat.ROUND_ROBIN, TournamentStatus.IN_PROGRESS, 3, false],
    "a round-robin unless told, of 3 rounds for 4 players",
  );
  assert.deepEqual(first.players.map((p) => p.playerId), players.map((p) => p.playerId));
  assert.deepEqual(first.labels, labels);
  assert.deepEqual(created.playerTokens.map((t) => t.player), [1, 2, 3, 4], "a token per person, by player number");
  assert.equal(first.rounds.length, 1, "the first round is paired at once");
  assert.equal(first.rounds[0].number, 1);
  assert.equal(first.rounds[0].boards.length, 2);
  assert.ok(first.rounds[0].boards.every((b) => b.gameId !== "" && b.result === BoardResult.UNSPECIFIED));

  // A board's game seats its white in seat 1 and carries the tournament's labels.
  const board = first.rounds[0].boards[0];
  const game = await client.getGame(board.gameId);
  assert.deepEqual(
    game.players.map((p) => p.playerId),
    [players[board.white - 1].playerId, players[board.black - 1].playerId],
    "white in seat 1, black in seat 2",
  );
  assert.deepEqual(game.labels, labels);
  const retried = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", players, {
    labels,
    requestId: `tournament-${labels.suite}`,
  });
  assert.deepEqual([retried.retried, retried.tournament!.tournamentId], [true, tournamentId], "a retry answers the same one");

  // Followed live from the first event while it is played.
  const stream = client.tournamentEvents(tournamentId, { signal });
  const streamed = allEvents(stream);
  const tokens = playerClients(client, created);
  const finished = await playOut(client, tournamentId, tokens);

  assert.equal(finished.rounds.length, 3, "three rounds");
  assert.deepEqual(finished.rounds.map((r) => r.number), [1, 2, 3]);
  assert.ok(finished.rounds.every((r) => r.finished && r.boards.length === 2), "each round of two boards, ended");
  const met = new Set<string>();
  for (const round of finished.rounds) {
    for (const b of round.boards) {
      met.add([b.white, b.black].sort().join("-"));
      const expected = b.white < b.black ? BoardResult.WHITE_WINS : BoardResult.BLACK_WINS;
      assert.equal(b.result, expected, `round ${round.number}, board ${b.number}: the higher number resigned`);
      assert.equal((await client.getGame(b.gameId)).status, GameStatus.FINISHED);
    }
  }
  assert.equal(met.size, 6, "everyone played everyone once");
  const games = finished.rounds.reduce((n, r) => n + r.boards.length, 0);
  const total = finished.standings.reduce((sum, s) => sum + s.points, 0);
  assert.equal(total, games, "a point per game");
  assert.deepEqual(
    finished.standings.map((s) => [s.rank, s.player, s.playerId, s.points]),
    players.map((p, i) => [i + 1, i + 1, p.playerId, 3 - i]),
    "each player lost to every lower number",
  );
  assert.equal(finished.standings[0].tieBreaks.length, finished.tieBreaks.length, "a value per tie-break");

  // Exported as FIDE's Tournament Report File: its player count, and a 001 line a player
  // whose points (columns 81–84) are that player's in the standings.
  const trf = await client.exportTournamentTrf(tournamentId);
  assert.ok(trf.endsWith("\n"), "each line ends in a line feed");
  const lines = trf.split("\n");
  const count = lines.filter((line) => line.startsWith("062 "));
  assert.deepEqual(count.map((line) => line.slice(4).trim()), [String(players.length)], "062: the player count");
  const playerLines = lines.filter((line) => line.startsWith("001"));
  assert.equal(playerLines.length, players.length, "a 001 line a player");
  for (const line of playerLines) {
    const number = Number(line.slice(4, 8));
    const standing = finished.standings.find((s) => s.player === number);
    assert.ok(standing !== undefined, `001 line of player ${number}: ${line}`);
    assert.equal(Number(line.slice(80, 84)), standing.points, `player ${number}'s points in columns 81–84: ${line}`);
  }
  assert.deepEqual(
    playerLines.map((line) => Number(line.slice(4, 8))).sort(),
    [1, 2, 3, 4],
    "the lines by player number",
  );
  assert.equal(await tokens.get(3)!.exportTournamentTrf(tournamentId), trf, "a player's token reads it too");

  const events = await streamed;
  assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => BigInt(i + 1)), "seqs run 1, 2, 3, ... without gaps");
  assert.equal(stream.lastSeq, BigInt(events.length));
  assert.ok(events.every((e) => e.tournamentId === tournamentId));
  const round = ["roundPaired", "boardFinished", "boardFinished", "roundFinished"];
  assert.deepEqual(events.map(tournamentEventKind), [...round, ...round, ...round, "tournamentEnded"]);
  const paired = events.flatMap((e) => (e.kind.case === "roundPaired" ? [e.kind.value] : []));
  assert.deepEqual(paired.map((r) => r.number), [1, 2, 3]);
  assert.deepEqual(
    paired.map((r) => r.boards.map((b) => b.gameId)),
    finished.rounds.map((r) => r.boards.map((b) => b.gameId)),
    "each round paired with its games",
  );
  const boards = events.flatMap((e) => (e.kind.case === "boardFinished" ? [e.kind.value] : []));
  assert.ok(boards.every((b) => b.board?.result !== BoardResult.UNSPECIFIED), "each finished board with its result");
  const rounds = events.flatMap((e) => (e.kind.case === "roundFinished" ? [e.kind.value] : []));
  assert.deepEqual(rounds.map((r) => r.round), [1, 2, 3]);
  assert.deepEqual(rounds.map((r) => r.standings.reduce((sum, s) => sum + s.points, 0)), [2, 4, 6], "standings after each round");
  const end = events.at(-1)!;
  assert.ok(end.kind.case === "tournamentEnded");
  assert.equal(end.kind.value.status, TournamentStatus.FINISHED);
  assert.deepEqual(end.kind.value.standings.map((s) => [s.player, s.points]), finished.standings.map((s) => [s.player, s.points]));

  // Taken up after an event; a player's token reads the tournament and its stream too.
  const tail = await allEvents(tokens.get(2)!.tournamentEvents(tournamentId, { afterSeq: 10n, signal }));
  assert.deepEqual(tail.map((e) => e.seq), [11n, 12n, 13n]);
  assert.equal((await tokens.get(4)!.getTournament(tournamentId)).status, TournamentStatus.FINISHED);
  await assert.rejects(
    allEvents(client.tournamentEvents(tournamentId, { afterSeq: 14n })),
    tabulaError(Code.OutOfRange, "SEQ_OUT_OF_RANGE"),
  );

  const done = await client.listTournaments({ labels, status: TournamentStatus.FINISHED });
  assert.deepEqual(done.tournaments.map((t) => t.tournamentId), [tournamentId], "listed by its labels and status");
  const running = await client.listTournaments({ labels, status: TournamentStatus.IN_PROGRESS });
  assert.deepEqual(running.tournaments, [], "not among those in progress");
});

/**
 * Plays a knockout's match to its end: the board's black player resigns, with its player
 * token, every game of the board's series (the newest, `games.at(-1)`) until the series is
 * finished, polling `getSeries` for each next game. Resolves to the finished series.
 */
async function blackResignsMatch(
  client: TabulaClient,
  board: { seriesId: string; white: number; black: number },
  players: Map<number, TabulaClient>,
): Promise<Series> {
  const resigned = new Set<string>();
  const deadline = Date.now() + WITHIN_MS;
  for (;;) {
    const series = await client.getSeries(board.seriesId);
    if (series.status === SeriesStatus.FINISHED) return series;
    const game = series.games.at(-1);
    if (game !== undefined && !resigned.has(game.gameId)) {
      const answer = await players.get(board.black)!.resign(game.gameId);
      // White is the match's player 1: it sits in seat 1 in odd-numbered games, 2 in even ones.
      assert.equal(answer.view?.outcome?.winner, game.playerOneSeat, `game ${game.number}: black resigned, white won`);
      resigned.add(game.gameId);
      continue;
    }
    assert.ok(Date.now() < deadline, `series ${board.seriesId} not finished within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a 4-player knockout of best-of-3 matches: black resigns every game, seed 1 wins the final against seed 2", async () => {
  const client = manager();
  const players = fourPlayers();
  const labels = uniqueLabels();
  const created = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", players, {
    format: TournamentFormat.KNOCKOUT,
    bestOf: 3,
    labels,
  });
  const first = created.tournament!;
  const tournamentId = first.tournamentId;
  assert.deepEqual(
    [first.format, first.bestOf, first.roundCount, first.status, first.tieBreaks],
    [TournamentFormat.KNOCKOUT, 3, 2, TournamentStatus.IN_PROGRESS, []],
    "a knockout of best-of-3 matches, 2 rounds for 4 players, without tie-breaks",
  );
  assert.deepEqual(created.playerTokens.map((t) => t.player), [1, 2, 3, 4]);
  assert.equal(first.rounds.length, 1, "the first round is paired at once");
  assert.ok(
    first.rounds[0].boards.every((b) => b.seriesId !== "" && b.gameId === "" && b.result === BoardResult.UNSPECIFIED),
    "each board a match, named by its series",
  );
  assert.deepEqual(first.seeds, [1, 2, 3, 4], "seeded in the players' order");
  const tokens = playerClients(client, created);

  const deadline = Date.now() + WITHIN_MS;
  let tournament = first;
  const series: Series[] = [];
  for (let number = 1; number <= 2; number++) {
    // Round `number`, once the server has paired it.
    let round = tournament.rounds.find((r) => r.number === number);
    while (round === undefined) {
      assert.ok(Date.now() < deadline, `round ${number} not paired within ${WITHIN_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      tournament = await client.getTournament(tournamentId);
      round = tournament.rounds.find((r) => r.number === number);
    }
    for (const board of round.boards) {
      assert.ok(board.white < board.black, `round ${number}, board ${board.number}: white the better seed`);
      assert.notEqual(board.seriesId, "", `round ${number}, board ${board.number}: a match`);
      const played = await blackResignsMatch(client, board, tokens);
      assert.equal(played.winner, 1, `round ${number}, board ${board.number}: white (the match's player 1) won`);
      series.push(played);
    }
  }
  while (tournament.status !== TournamentStatus.FINISHED) {
    assert.ok(Date.now() < deadline, `tournament ${tournamentId} not finished within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    tournament = await client.getTournament(tournamentId);
  }

  assert.equal(tournament.rounds.length, 2, "two rounds");
  assert.deepEqual(tournament.seeds, [1, 2, 3, 4], "the seeds, player numbers by seed");
  assert.deepEqual(tournament.rounds.map((r) => r.boards.length), [2, 1], "two semi-finals, then the final");
  for (const round of tournament.rounds) {
    assert.ok(round.finished);
    for (const b of round.boards) {
      assert.equal(b.result, BoardResult.WHITE_WINS, `round ${round.number}, board ${b.number}: white won its match`);
      assert.equal(b.gameId, "", "a match's board names no game");
    }
  }
  assert.deepEqual(
    tournament.rounds[0].boards.map((b) => [b.white, b.black]).sort(),
    [[1, 4], [2, 3]],
    "seed 1 against seed 4, seed 2 against seed 3",
  );
  const [final] = tournament.rounds[1].boards;
  assert.deepEqual([final.white, final.black], [1, 2], "the final: players 1 and 2");
  assert.equal(tournament.standings[0].player, 1, "player 1 first");
  assert.deepEqual(
    tournament.standings.map((s) => [s.rank, s.player]),
    [[1, 1], [2, 2], [3, 3], [3, 4]],
    "the losing semi-finalists share a rank",
  );
  assert.equal(series.length, 3);
  for (const played of series) {
    assert.equal(played.games.length, 2, `series ${played.seriesId}: won 2-0 in two games`);
    assert.deepEqual(played.games.map((g) => g.playerOneSeat), [1, 2], "the players take turns in seat 1");
  }
});

/** A predicate for `assert.rejects`: INVALID_ARGUMENT INVALID_REQUEST naming exactly these fields. */
function badRequest(...fields: string[]) {
  return (error: unknown) => {
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST")(error);
    assert.ok(error instanceof TabulaError && error.cause instanceof ConnectError, String(error));
    const [details] = error.cause.findDetails(BadRequestSchema);
    assert.deepEqual(details?.fieldViolations.map((v) => v.field).sort(), [...fields].sort(), String(error));
    return true;
  };
}

/**
 * `count` players the server's engine plays, at its first level and thinking 5 ms a move, each
 * with an id of this test's own (engine players of one level would otherwise share
 * `engine-level-1`, and each player's id must be its own).
 */
function enginePlayers(count: number) {
  const suffix = randomBytes(6).toString("hex");
  return Array.from({ length: count }, (_, i) => ({
    playerId: `engine-${i + 1}-${suffix}`,
    displayName: `engine ${i + 1}`,
    engineLevel: 1,
    engineMoveTime: { nanos: 5_000_000 },
  }));
}

test("a 6-player Swiss of engine players, 3 rounds accelerated: everyone plays once a round, no pair twice", async () => {
  const client = manager();
  const labels = uniqueLabels();
  const created = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", enginePlayers(6), {
    format: TournamentFormat.SWISS,
    rounds: 3,
    accelerated: true,
    labels,
  });
  const first = created.tournament!;
  const tournamentId = first.tournamentId;
  assert.deepEqual(
    [first.format, first.roundCount, first.accelerated, first.status],
    [TournamentFormat.SWISS, 3, true, TournamentStatus.IN_PROGRESS],
    "a Swiss of 3 rounds, accelerated",
  );
  assert.deepEqual(created.playerTokens, [], "no token for the engine's players");
  assert.equal(first.rounds.length, 1, "the first round is paired at once");

  // Followed to its end: the server closes the stream after tournamentEnded (or the signal
  // ends it quietly, and the check below fails).
  const events = await allEvents(client.tournamentEvents(tournamentId, { signal: AbortSignal.timeout(WITHIN_MS) }));
  const end = events.at(-1);
  assert.ok(end?.kind.case === "tournamentEnded", `tournament ${tournamentId} not ended within ${WITHIN_MS} ms`);
  assert.equal(end.kind.value.status, TournamentStatus.FINISHED);
  assert.deepEqual(
    events.flatMap((e) => (e.kind.case === "roundPaired" ? [e.kind.value.number] : [])),
    [1, 2, 3],
    "three rounds paired",
  );

  const finished = await client.getTournament(tournamentId);
  assert.deepEqual(
    [finished.format, finished.roundCount, finished.accelerated, finished.status],
    [TournamentFormat.SWISS, 3, true, TournamentStatus.FINISHED],
  );
  assert.equal(finished.rounds.length, 3, "three rounds");
  assert.deepEqual(finished.rounds.map((r) => r.number), [1, 2, 3]);
  const met = new Set<string>();
  for (const round of finished.rounds) {
    assert.ok(round.finished, `round ${round.number} ended`);
    assert.equal(round.boards.length, 3, `round ${round.number}: three boards`);
    const seated = round.boards.flatMap((b) => [b.white, b.black]).sort((a, b) => a - b);
    assert.deepEqual(seated, [1, 2, 3, 4, 5, 6], `round ${round.number}: each player once`);
    for (const b of round.boards) {
      assert.notEqual(b.gameId, "", `round ${round.number}, board ${b.number}: a game`);
      assert.notEqual(b.result, BoardResult.UNSPECIFIED, `round ${round.number}, board ${b.number}: ended`);
      const pair = [b.white, b.black].sort((x, y) => x - y).join("-");
      assert.ok(!met.has(pair), `round ${round.number}: ${pair} met before`);
      met.add(pair);
    }
  }
  assert.equal(met.size, 9, "nine different pairs");
  assert.equal(finished.standings.length, 6);
  const total = finished.standings.reduce((sum, s) => sum + s.points, 0);
  assert.equal(total, 9, "a point per game");
});

test("a late entry in a Swiss under way: numbered 6, paired from round 2, refused twice and in a round robin", async () => {
  const client = manager();
  const suffix = randomBytes(6).toString("hex");
  const people = ["ada", "bob", "cy", "dee", "eve"].map((name) => ({ playerId: `${name}-${suffix}`, displayName: name }));
  const created = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", people, {
    format: TournamentFormat.SWISS,
    rounds: 3,
  });
  const tournamentId = created.tournament!.tournamentId;
  assert.deepEqual(created.tournament!.rounds.map((r) => r.number), [1], "round 1 is paired at once");

  const fay = { playerId: `fay-${suffix}`, displayName: "fay" };
  const added = await client.addTournamentPlayer(tournamentId, fay);
  assert.equal(added.playerToken?.player, 6, "numbered after every player");
  assert.notEqual(added.playerToken?.token, "", "its token, shown once");
  assert.equal(added.tournament?.players.length, 6);
  assert.equal(added.tournament?.players.at(-1)?.playerId, fay.playerId, "last in players");
  assert.ok(
    added.tournament!.rounds[0].boards.every((b) => b.white !== 6 && b.black !== 6),
    "not in the round already paired",
  );
  await assert.rejects(client.addTournamentPlayer(tournamentId, fay), badRequest("player"), "an id another player has");

  const robin = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", fourPlayers(), { holdRounds: true });
  const robinId = robin.tournament!.tournamentId;
  await assert.rejects(
    client.addTournamentPlayer(robinId, { playerId: `gus-${suffix}`, displayName: "gus" }),
    badRequest("player"),
    "a round robin's schedule is fixed at its creation",
  );
  await client.cancelTournament(robinId);

  const tokens = playerClients(client, created);
  tokens.set(6, client.withCredential(added.playerToken!.token));
  const finished = await playOut(client, tournamentId, tokens);
  assert.deepEqual(finished.rounds.map((r) => r.number), [1, 2, 3]);
  const seated = (round: number) =>
    finished.rounds[round - 1].boards.flatMap((b) => [b.white, b.black]).filter((p) => p !== 0);
  assert.ok(!seated(1).includes(6), "player 6 is not in round 1");
  assert.ok(seated(2).includes(6), "player 6 plays round 2");
  assert.ok(seated(3).includes(6), "player 6 plays round 3");
  assert.equal(finished.standings.length, 6);
  await assert.rejects(
    client.addTournamentPlayer(tournamentId, { playerId: `hal-${suffix}`, displayName: "hal" }),
    tabulaError(Code.FailedPrecondition, "TOURNAMENT_OVER"),
  );

  const events = await allEvents(client.tournamentEvents(tournamentId, { signal: AbortSignal.timeout(WITHIN_MS) }));
  const joined = events.flatMap((e) => (e.kind.case === "playerJoined" ? [e.kind.value] : []));
  assert.deepEqual(joined.map((j) => [j.player, j.firstRound]), [[6, 2]], "playerJoined: player 6 from round 2");
  assert.ok(events.some((e) => tournamentEventKind(e) === "playerJoined"));
});

/** A board as a set member: its players and result. */
function boardKey(board: { white: number; black: number; result: BoardResult }): string {
  return `${board.white}-${board.black}:${board.result}`;
}

test("a Swiss continued from another one's TRF: its first rounds are the file's, the next one is paired", async () => {
  const client = manager();
  const players = enginePlayers(6);
  const played = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", players, {
    format: TournamentFormat.SWISS,
    rounds: 2,
  });
  const playedId = played.tournament!.tournamentId;
  const events = await allEvents(client.tournamentEvents(playedId, { signal: AbortSignal.timeout(WITHIN_MS) }));
  assert.ok(events.at(-1)?.kind.case === "tournamentEnded", `tournament ${playedId} not ended within ${WITHIN_MS} ms`);
  const finished = await client.getTournament(playedId);
  assert.equal(finished.rounds.length, 2);
  const trf = await client.exportTournamentTrf(playedId);

  const continued = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", players, {
    format: TournamentFormat.SWISS,
    rounds: 4,
    trf,
  });
  const tournament = continued.tournament!;
  const tournamentId = tournament.tournamentId;
  assert.equal(tournament.roundCount, 4);
  assert.deepEqual(tournament.rounds.map((r) => r.number), [1, 2, 3], "the file's two rounds, and round 3 paired at once");
  for (const number of [1, 2]) {
    assert.deepEqual(
      new Set(tournament.rounds[number - 1].boards.map(boardKey)),
      new Set(finished.rounds[number - 1].boards.map(boardKey)),
      `round ${number}: the file's boards`,
    );
  }
  const third = tournament.rounds[2].boards;
  assert.equal(third.length, 3, "round 3: three boards");
  assert.deepEqual(third.flatMap((b) => [b.white, b.black]).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6]);
  // The engines play at once, so it may be over already: follow it to its end rather than cancel.
  const rest = await allEvents(client.tournamentEvents(tournamentId, { signal: AbortSignal.timeout(WITHIN_MS) }));
  assert.ok(rest.at(-1)?.kind.case === "tournamentEnded", `tournament ${tournamentId} not ended within ${WITHIN_MS} ms`);

  await assert.rejects(
    client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", enginePlayers(5), {
      format: TournamentFormat.SWISS,
      rounds: 4,
      trf,
    }),
    badRequest("trf"),
    "a file of 6 players for 5",
  );
});

test("a round robin of 4 engine players on the owner's stream: 6 boards, 3 rounds and its end, each with the tournament's event", async () => {
  const client = manager();
  const labels = uniqueLabels();
  const signal = AbortSignal.timeout(50_000);
  const kinds = [
    OwnerEventKind.TOURNAMENT_BOARD_FINISHED,
    OwnerEventKind.TOURNAMENT_ROUND_FINISHED,
    OwnerEventKind.TOURNAMENT_FINISHED,
  ];
  const owner = reader(client.ownerEvents({ kinds, labels, signal }), { name: "the owner's stream", eager: true });
  const created = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", enginePlayers(4), { labels });
  const tournamentId = created.tournament!.tournamentId;

  const entries: OwnerEvent[] = [];
  for (let i = 1; i <= 10; i++) entries.push(await owner.next(`entry ${i} of the tournament`));
  const name = (kind: OwnerEventKind) => enumName(OwnerEventKindSchema, kind);
  const round = [OwnerEventKind.TOURNAMENT_BOARD_FINISHED, OwnerEventKind.TOURNAMENT_BOARD_FINISHED, OwnerEventKind.TOURNAMENT_ROUND_FINISHED];
  assert.deepEqual(
    entries.map((e) => name(e.kind)),
    [...round, ...round, ...round, OwnerEventKind.TOURNAMENT_FINISHED].map(name),
    "two boards and their round, three times, then the end",
  );
  assert.deepEqual(
    [OwnerEventKind.TOURNAMENT_BOARD_FINISHED, OwnerEventKind.TOURNAMENT_ROUND_FINISHED, OwnerEventKind.TOURNAMENT_FINISHED],
    [13, 14, 15],
  );
  const expected: Record<number, string> = {
    [OwnerEventKind.TOURNAMENT_BOARD_FINISHED]: "boardFinished",
    [OwnerEventKind.TOURNAMENT_ROUND_FINISHED]: "roundFinished",
    [OwnerEventKind.TOURNAMENT_FINISHED]: "tournamentEnded",
  };
  for (const [i, entry] of entries.entries()) {
    assert.ok(entry.tournamentEvent !== undefined, `entry ${i + 1} has its tournament event`);
    assert.equal(entry.tournamentEvent.tournamentId, tournamentId);
    assert.equal(tournamentEventKind(entry.tournamentEvent), expected[entry.kind], `entry ${i + 1}`);
    assert.equal(entry.seriesEvent, undefined);
    assert.ok(entry.gameEvent?.kind.case === "gameEnded", `entry ${i + 1}'s game event is the game's end`);
    if (i > 0) assert.ok(entry.cursor > entries[i - 1].cursor, "cursors increase");
  }

  const events = await allEvents(client.tournamentEvents(tournamentId, { signal }));
  const scored = events.filter((e) => ["boardFinished", "roundFinished", "tournamentEnded"].includes(tournamentEventKind(e)));
  assert.deepEqual(
    entries.map((e) => e.tournamentEvent!.seq),
    scored.map((e) => e.seq),
    "the tournament's own events, as its stream has them",
  );
  const finished = await client.getTournament(tournamentId);
  const games = finished.rounds.flatMap((r) => r.boards.map((b) => b.gameId));
  const boardEntries = entries.filter((e) => e.kind === OwnerEventKind.TOURNAMENT_BOARD_FINISHED);
  assert.deepEqual(new Set(boardEntries.map((e) => e.gameEvent!.gameId)), new Set(games), "one entry per board's game");
  await owner.close();
});

test("a Swiss's rounds: derived when unset, refused when not fewer than the players or outside a Swiss", async () => {
  const client = manager();
  const derived = await client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", fourPlayers(), {
    format: TournamentFormat.SWISS,
    holdRounds: true,
  });
  assert.deepEqual(
    [derived.tournament!.format, derived.tournament!.roundCount, derived.tournament!.accelerated],
    [TournamentFormat.SWISS, 2, false],
    "⌈log₂ 4⌉ = 2 rounds, not accelerated unless told",
  );
  await client.cancelTournament(derived.tournament!.tournamentId);

  await assert.rejects(
    client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", fourPlayers(), {
      format: TournamentFormat.SWISS,
      rounds: 4,
    }),
    badRequest("rounds"),
    "4 rounds of 4 players",
  );
  await assert.rejects(
    client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", enginePlayers(6), {
      format: TournamentFormat.SWISS,
      rounds: 7,
      accelerated: true,
    }),
    badRequest("rounds"),
    "7 rounds of 6 players",
  );
  await assert.rejects(
    client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", fourPlayers(), { rounds: 2, accelerated: true }),
    badRequest("rounds", "accelerated"),
    "rounds and acceleration are a Swiss's",
  );
});

test("a held tournament pairs no round until the organiser starts it", async () => {
  const client = manager();
  const labels = uniqueLabels();
  const created = await client.createTournamentFromConfig(ticTacToe, fourPlayers(), {
    holdRounds: true,
    format: TournamentFormat.DOUBLE_ROUND_ROBIN,
    tieBreaks: [TieBreak.WINS, TieBreak.BUCHHOLZ],
    scoring: { win: 2, draw: 1, loss: 0, bye: 1 },
    labels,
  });
  const tournamentId = created.tournament!.tournamentId;
  assert.deepEqual(
    [created.tournament!.holdRounds, created.tournament!.releasedRounds, created.tournament!.rounds.length],
    [true, 0, 0],
    "no round made",
  );
  assert.equal(created.tournament!.roundCount, 6, "a double round-robin of 4 plays 6 rounds");
  assert.deepEqual(created.tournament!.tieBreaks, [TieBreak.WINS, TieBreak.BUCHHOLZ]);
  assert.equal(created.tournament!.scoring?.win, 2);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal((await client.getTournament(tournamentId)).rounds.length, 0, "still none a moment later");

  await assert.rejects(client.startTournamentRound(tournamentId, 2), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  const started = await client.startTournamentRound(tournamentId, 1);
  assert.equal(started.releasedRounds, 1);
  assert.equal(started.rounds.length, 1, "round 1 paired at once");
  assert.equal(started.rounds[0].boards.length, 2);
  assert.ok(started.rounds[0].boards.every((b) => b.gameId !== ""));
  await assert.rejects(client.startTournamentRound(tournamentId, 1), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));

  const events: TournamentEvent[] = [];
  for await (const event of client.tournamentEvents(tournamentId, { signal: AbortSignal.timeout(2_000) })) {
    events.push(event);
    if (events.length === 1) break;
  }
  assert.ok(events[0]?.kind.case === "roundPaired" && events[0].seq === 1n, "its first event is round 1 paired");
  assert.equal(events[0].kind.value.number, 1);
  await client.cancelTournament(tournamentId);
});

test("a player withdrawn, then the tournament cancelled: no change after", async () => {
  const client = manager();
  const saved = await client.createSavedConfig({ name: `tournament-${randomBytes(4).toString("hex")}`, config: ticTacToe });
  const created = await client.createTournamentFromSavedConfig(saved.name, fourPlayers(), { private: true });
  const tournamentId = created.tournament!.tournamentId;
  assert.equal(created.tournament!.kind, GameKind.TIC_TAC_TOE);
  assert.equal(created.tournament!.private, true);
  await assert.rejects(
    live.client.getTournament(tournamentId),
    tabulaError(Code.PermissionDenied, "PRIVATE_TOURNAMENT"),
    "a spectator may not read a private tournament",
  );
  const players = playerClients(client, created);
  assert.equal((await players.get(1)!.getTournament(tournamentId)).tournamentId, tournamentId, "a player may");

  const withdrawn = await client.withdrawTournamentPlayer(tournamentId, 3);
  assert.deepEqual(withdrawn.players.map((p) => p.withdrawnAfterRound), [0, 0, 1, 0], "player 3 after round 1");
  await assert.rejects(client.withdrawTournamentPlayer(tournamentId, 3), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  await assert.rejects(client.withdrawTournamentPlayer(tournamentId, 5), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));

  const cancelled = await client.cancelTournament(tournamentId);
  assert.equal(cancelled.status, TournamentStatus.CANCELLED);
  assert.equal(cancelled.rounds.length, 1, "no round made after");
  await assert.rejects(client.cancelTournament(tournamentId), tabulaError(Code.FailedPrecondition, "TOURNAMENT_OVER"));
  await assert.rejects(client.withdrawTournamentPlayer(tournamentId, 1), tabulaError(Code.FailedPrecondition, "TOURNAMENT_OVER"));
  await assert.rejects(client.startTournamentRound(tournamentId, 2), tabulaError(Code.FailedPrecondition, "TOURNAMENT_OVER"));

  const events = await allEvents(client.tournamentEvents(tournamentId, { signal: AbortSignal.timeout(10_000) }));
  assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => BigInt(i + 1)));
  assert.deepEqual(events.map(tournamentEventKind), ["roundPaired", "playerWithdrew", "tournamentEnded"]);
  const withdrew = events[1];
  assert.ok(withdrew.kind.case === "playerWithdrew");
  assert.deepEqual([withdrew.kind.value.player, withdrew.kind.value.afterRound], [3, 1]);
  const end = events[2];
  assert.ok(end.kind.case === "tournamentEnded");
  assert.equal(end.kind.value.status, TournamentStatus.CANCELLED);
  const listed = await client.listTournaments({ status: TournamentStatus.CANCELLED, pageSize: 500 });
  assert.ok(listed.tournaments.some((t) => t.tournamentId === tournamentId), "listed among the cancelled");
});

test("a creation that makes no sense is refused with INVALID_REQUEST; an unknown tournament is not found", async () => {
  const client = manager();
  const [ada] = fourPlayers();
  await assert.rejects(
    client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", [ada]),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
    "one player",
  );
  await assert.rejects(
    client.createTournamentFromPreset(GameKind.PEG_SOLITAIRE, "triangle15", fourPlayers()),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
    "a kind not played by two",
  );
  await assert.rejects(
    client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", fourPlayers(), {
      format: TournamentFormat.KNOCKOUT,
      bestOf: 2,
    }),
    tabulaError(Code.InvalidArgument, "INVALID_REQUEST"),
    "a knockout's matches the best of an even number",
  );
  await assert.rejects(
    client.createTournamentFromSavedConfig("no-such-config", fourPlayers()),
    tabulaError(Code.NotFound, "SAVED_CONFIG_NOT_FOUND"),
  );
  await assert.rejects(
    live.client.createTournamentFromPreset(GameKind.TIC_TAC_TOE, "classic", fourPlayers()),
    tabulaError(Code.Unauthenticated, "CREDENTIAL_REQUIRED"),
    "needs a service key",
  );
  await assert.rejects(client.getTournament("no-such-tournament"), tabulaError(Code.NotFound, "TOURNAMENT_NOT_FOUND"));
  await assert.rejects(
    client.exportTournamentTrf("no-such-tournament"),
    tabulaError(Code.NotFound, "TOURNAMENT_NOT_FOUND"),
  );
  await assert.rejects(
    allEvents(client.tournamentEvents("no-such-tournament")),
    tabulaError(Code.NotFound, "TOURNAMENT_NOT_FOUND"),
  );
});

test("the tournament calls send what they are given", async () => {
  const sent: {
    create: CreateTournamentRequest[];
    list: ListTournamentsRequest[];
    start: StartTournamentRoundRequest[];
    withdraw: WithdrawTournamentPlayerRequest[];
    add: AddTournamentPlayerRequest[];
    stream: StreamTournamentEventsRequest[];
    get: string[];
    cancel: string[];
    trf: string[];
  } = { create: [], list: [], start: [], withdraw: [], add: [], stream: [], get: [], cancel: [], trf: [] };
  const tournament = create(TournamentSchema, { tournamentId: "t-1" });
  const transport = createRouterTransport((router: ConnectRouter) =>
    router.service(GameService, {
      createTournament(request) {
        sent.create.push(request);
        return { tournament };
      },
      getTournament(request) {
        sent.get.push(request.tournamentId);
        return { tournament };
      },
      listTournaments(request) {
        sent.list.push(request);
        return {};
      },
      async *streamTournamentEvents(request) {
        sent.stream.push(request);
        yield create(StreamTournamentEventsResponseSchema, {
          event: { tournamentId: "t-1", seq: request.afterSeq + 1n, kind: { case: "roundPaired", value: { number: 2 } } },
        });
        yield create(StreamTournamentEventsResponseSchema, { event: { tournamentId: "t-1", seq: request.afterSeq + 2n } });
      },
      startTournamentRound(request) {
        sent.start.push(request);
        return { tournament };
      },
      withdrawTournamentPlayer(request) {
        sent.withdraw.push(request);
        return { tournament };
      },
      addTournamentPlayer(request) {
        sent.add.push(request);
        return { tournament, playerToken: { player: 3, token: "tok-3" } };
      },
      cancelTournament(request) {
        sent.cancel.push(request.tournamentId);
        return { tournament };
      },
      exportTournamentTrf(request) {
        sent.trf.push(request.tournamentId);
        return { trf: "012 Spring\n062 2\n" };
      },
    }),
  );
  const client = new TabulaClient(transport);
  const players = [{ playerId: "ada", displayName: "Ada" }, { engineLevel: 3 }];

  await client.createTournamentFromPreset(GameKind.CONNECT_FOUR, "classic", players, {
    format: TournamentFormat.DOUBLE_ROUND_ROBIN,
    scoring: { win: 3, draw: 1, loss: 0, bye: 3 },
    tieBreaks: [TieBreak.SONNEBORN_BERGER, TieBreak.DIRECT_ENCOUNTER],
    bestOf: 5,
    seedByRating: true,
    holdRounds: true,
    ratingPool: RatingPool.PRESET,
    private: true,
    allowHints: false,
    labels: { season: "spring" },
    requestId: "t-req",
  });
  const preset = sent.create.at(-1)!;
  assert.deepEqual(preset.source, { case: "preset", value: "classic" });
  assert.equal(preset.kind, GameKind.CONNECT_FOUR);
  assert.equal(preset.format, TournamentFormat.DOUBLE_ROUND_ROBIN);
  assert.deepEqual(preset.players.map((p) => [p.playerId, p.displayName, p.engineLevel]), [["ada", "Ada", 0], ["", "", 3]]);
  assert.deepEqual([preset.scoring?.win, preset.scoring?.draw, preset.scoring?.bye], [3, 1, 3]);
  assert.deepEqual(preset.tieBreaks, [TieBreak.SONNEBORN_BERGER, TieBreak.DIRECT_ENCOUNTER]);
  assert.deepEqual([preset.bestOf, preset.seedByRating], [5, true]);
  assert.deepEqual(
    [preset.holdRounds, preset.ratingPool, preset.private, preset.allowHints, preset.requestId],
    [true, RatingPool.PRESET, true, false, "t-req"],
  );
  assert.deepEqual(preset.labels, { season: "spring" });

  const config = { game: { case: "ticTacToe" as const, value: {} } };
  await client.createTournamentFromConfig(config, players, { clock: clocks.fischer(60_000, 1_000), starter: Starter.RANDOM });
  const fromConfig = sent.create.at(-1)!;
  assert.ok(fromConfig.source.case === "config");
  assert.equal(fromConfig.source.value.starter, Starter.RANDOM);
  assert.equal(fromConfig.source.value.clock?.controls.length, 1);
  assert.deepEqual(config, { game: { case: "ticTacToe", value: {} } }, "the caller's config is left as it was");
  assert.deepEqual(
    [fromConfig.kind, fromConfig.format, fromConfig.scoring, fromConfig.tieBreaks, fromConfig.holdRounds],
    [GameKind.UNSPECIFIED, TournamentFormat.ROUND_ROBIN, undefined, [], false],
    "a round-robin by default, the rest unset",
  );
  assert.deepEqual(
    [fromConfig.ratingPool, fromConfig.private, fromConfig.allowHints, fromConfig.requestId, fromConfig.labels],
    [RatingPool.UNSPECIFIED, false, undefined, "", {}],
  );
  assert.deepEqual([fromConfig.bestOf, fromConfig.seedByRating], [0, false], "bestOf unset (1) and seeding by order");
  await client.createTournamentFromConfig(config, players, { format: TournamentFormat.KNOCKOUT, bestOf: 3, seedByRating: true });
  const knockout = sent.create.at(-1)!;
  assert.deepEqual([knockout.format, knockout.bestOf, knockout.seedByRating], [TournamentFormat.KNOCKOUT, 3, true]);
  await client.createTournamentFromSavedConfig("big-board", players, { format: TournamentFormat.KNOCKOUT, bestOf: 7, seedByRating: true });
  const fromSaved = sent.create.at(-1)!;
  assert.deepEqual(fromSaved.source, { case: "savedConfig", value: "big-board" });
  assert.deepEqual([fromSaved.format, fromSaved.bestOf, fromSaved.seedByRating], [TournamentFormat.KNOCKOUT, 7, true]);
  assert.deepEqual(
    [fromSaved.rounds, fromSaved.accelerated, fromSaved.trf],
    [0, false, ""],
    "rounds unset (derived), not accelerated, no report file",
  );
  await client.createTournamentFromPreset(GameKind.CHESS, "standard", players, {
    format: TournamentFormat.SWISS,
    rounds: 5,
    accelerated: true,
    seedByRating: true,
    ratingPool: RatingPool.KIND,
  });
  const swiss = sent.create.at(-1)!;
  assert.deepEqual(
    [swiss.format, swiss.rounds, swiss.accelerated, swiss.seedByRating, swiss.ratingPool, swiss.bestOf],
    [TournamentFormat.SWISS, 5, true, true, RatingPool.KIND, 0],
  );
  await client.createTournamentFromConfig(config, players, { format: TournamentFormat.SWISS, rounds: 1 });
  const swissFromConfig = sent.create.at(-1)!;
  assert.deepEqual([swissFromConfig.format, swissFromConfig.rounds, swissFromConfig.accelerated], [TournamentFormat.SWISS, 1, false]);
  await client.createTournamentFromSavedConfig("big-board", players, { format: TournamentFormat.SWISS, rounds: 4, trf: "012 Spring\n" });
  const fromTrf = sent.create.at(-1)!;
  assert.deepEqual([fromTrf.format, fromTrf.rounds, fromTrf.trf], [TournamentFormat.SWISS, 4, "012 Spring\n"], "the file as given");

  assert.equal((await client.getTournament("t-1")).tournamentId, "t-1");
  assert.deepEqual(sent.get, ["t-1"]);
  await client.listTournaments({ status: TournamentStatus.FINISHED, labels: { season: "spring" }, pageSize: 7, pageToken: "p" });
  await client.listTournaments();
  assert.deepEqual(
    sent.list.map((r) => [r.status, r.labels, r.pageSize, r.pageToken]),
    [
      [TournamentStatus.FINISHED, { season: "spring" }, 7, "p"],
      [TournamentStatus.UNSPECIFIED, {}, 0, ""],
    ],
  );
  assert.equal((await client.startTournamentRound("t-1", 2)).tournamentId, "t-1");
  assert.deepEqual(sent.start.map((r) => [r.tournamentId, r.round]), [["t-1", 2]]);
  assert.equal((await client.withdrawTournamentPlayer("t-1", 4)).tournamentId, "t-1");
  assert.deepEqual(sent.withdraw.map((r) => [r.tournamentId, r.player]), [["t-1", 4]]);
  const added = await client.addTournamentPlayer("t-1", { playerId: "cy", displayName: "Cy" });
  assert.deepEqual([added.tournament?.tournamentId, added.playerToken?.player, added.playerToken?.token], ["t-1", 3, "tok-3"]);
  await client.addTournamentPlayer("t-1", { engineLevel: 2 }, { timeoutMs: 5_000 });
  assert.deepEqual(
    sent.add.map((r) => [r.tournamentId, r.player?.playerId, r.player?.displayName, r.player?.engineLevel]),
    [["t-1", "cy", "Cy", 0], ["t-1", "", "", 2]],
  );
  assert.equal((await client.cancelTournament("t-1")).tournamentId, "t-1");
  assert.deepEqual(sent.cancel, ["t-1"]);
  assert.equal(await client.exportTournamentTrf("t-1"), "012 Spring\n062 2\n", "the file's text, as sent");
  assert.deepEqual(sent.trf, ["t-1"]);

  const stream = client.tournamentEvents("t-1", { afterSeq: 5n });
  const events = await allEvents(stream);
  assert.deepEqual(sent.stream.map((r) => [r.tournamentId, r.afterSeq]), [["t-1", 5n]]);
  assert.deepEqual(events.map((e) => [e.seq, tournamentEventKind(e)]), [[6n, "roundPaired"], [7n, "unknown"]]);
  assert.equal(stream.lastSeq, 7n);
});
