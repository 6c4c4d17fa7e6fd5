// Clocks against a real server with a service key: a seat out of time loses by itself (or the
// clock moves for it), the readings of views and events, pausing, resuming and adding time;
// and, offline, the time-control builders, `clocks.remainingMs`, and what the clock calls send.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { create, equals, fromBinary } from "@bufbuild/protobuf";
import { durationFromMs, durationMs, timestampFromMs, timestampMs } from "@bufbuild/protobuf/wkt";
import {
  AddTimeRequestSchema,
  actorKind,
  ClockConfigSchema,
  ClockReadingsSchema,
  clocks,
  Code,
  CreateGameRequestSchema,
  EndReason,
  eventKind,
  type GameEvent,
  GameConfigSchema,
  GameEventSchema,
  GameService,
  GameStatus,
  moves,
  OutcomeType,
  PauseClockRequestSchema,
  ResumeClockRequestSchema,
  TabulaClient,
  TabulaError,
  TimeControlSchema,
  TimeoutRule,
  type View,
  ViewSchema,
} from "../src/index.js";
import { recorder, type Server, startServer } from "./server.js";

const KEY = "lobby-secret-0123456789";
const connectFour = { game: { case: "connectFour" as const, value: {} } };

let server: Server;
let manager: TabulaClient;
before(async () => {
  server = await startServer(["--service-key", `lobby=${KEY}`]);
  manager = TabulaClient.connect({ address: server.address, credential: KEY });
});
after(async () => {
  manager.close();
  await server.stop();
});

function tabulaError(code: Code, reason: string) {
  return (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.equal(error.code, code, String(error));
    assert.equal(error.reason, reason, String(error));
    return true;
  };
}

/** The game's events after `afterSeq`: until the game ends, `limit` arrive, or `ms` pass (then the stream is cancelled). */
async function follow(client: TabulaClient, gameId: string, afterSeq = 0n, limit = Infinity, ms = 15_000): Promise<GameEvent[]> {
  const events: GameEvent[] = [];
  for await (const event of client.events(gameId, afterSeq, { signal: AbortSignal.timeout(ms) })) {
    events.push(event);
    if (events.length >= limit) break;
  }
  return events;
}

/** The event's kind and its actor's (`none` without one; the service key's name for a service). */
function describe(event: GameEvent): [string, string] {
  if (event.actor === undefined) return [eventKind(event), "none"];
  const actor = event.actor.kind;
  return [eventKind(event), actor.case === "service" ? `service ${actor.value.keyName}` : actorKind(event.actor)];
}

function running(view: View | GameEvent): number[] {
  return (view.clock?.seats ?? []).filter((seat) => seat.running).map((seat) => seat.seat);
}

test("a seat out of time loses by itself: TimedOut by the clock, then END_REASON_TIMEOUT", async () => {
  const created = await manager.createGameFromConfig(connectFour, { clock: clocks.perMove(1000) });
  const gameId = created.game!.gameId;
  const clock = created.game!.config!.clock!;
  assert.equal(clock.controls[0].control.case, "perMove");
  const [red, yellow] = created.seatTokens.map((t) => manager.withCredential(t.token));
  await red.submitMove(gameId, moves.drop(3)); // within the second Red's clock gave it
  const started = Date.now();

  const events = await follow(manager, gameId);
  assert.ok(Date.now() - started < 5000, "the timeout came by itself, within moments");
  assert.deepEqual(events.map(describe), [
    ["gameCreated", "none"],
    ["moveApplied", "seat"],
    ["timedOut", "clock"],
    ["gameEnded", "none"],
  ]);
  const [, redMove, timedOut, ended] = events;
  assert.ok(timedOut.kind.case === "timedOut" && timedOut.kind.value.seat === 2);
  assert.ok(ended.kind.case === "gameEnded");
  const outcome = ended.kind.value.outcome!;
  assert.deepEqual([outcome.type, outcome.reason, outcome.winner], [OutcomeType.WIN, EndReason.TIMEOUT, 1]);

  // The clocks as of each event's time (gameCreated's: "every event but the end carries ...").
  for (const event of [redMove, timedOut]) {
    assert.ok(event.clock !== undefined && timestampMs(event.clock.readAt!) === timestampMs(event.time!), eventKind(event));
  }
  assert.equal(ended.clock, undefined);
  assert.equal(clocks.remainingMs(ended, 2), undefined);
  assert.deepEqual(running(redMove), [2]);
  const deadline = timestampMs(clocks.seatClock(redMove, 2)!.deadline!);
  assert.ok(Math.abs(deadline - (timestampMs(redMove.time!) + 1000)) <= 1, "a fresh second for Yellow");
  const late = timestampMs(timedOut.time!) - deadline;
  assert.ok(late >= 0 && late < 500, `timed out ${late} ms after the deadline`);
  assert.equal(clocks.remainingMs(timedOut, 2), 0);

  const game = await manager.getGame(gameId);
  assert.deepEqual([game.status, game.outcome?.reason, game.outcome?.winner], [GameStatus.FINISHED, EndReason.TIMEOUT, 1]);
  await assert.rejects(yellow.submitMove(gameId, moves.drop(3)), tabulaError(Code.FailedPrecondition, "GAME_OVER"));
});

test("a Fischer clock of 1 s + 0 runs out while nobody moves", async () => {
  const created = await manager.createGameFromConfig(connectFour, {
    clock: clocks.clockConfig(clocks.fischer(1000, 0), TimeoutRule.LOSE),
  });
  const gameId = created.game!.gameId;
  const stream = manager.events(gameId, 0n, { includeViews: true, signal: AbortSignal.timeout(15_000) });
  const seen: [GameEvent, View | undefined][] = [];
  for await (const event of stream) seen.push([event, stream.lastView]);
  assert.deepEqual(seen.slice(-2).map(([event]) => describe(event)), [["timedOut", "clock"], ["gameEnded", "none"]]);
  const [timedOut, view] = seen.at(-2)!;
  assert.ok(timedOut.kind.case === "timedOut" && timedOut.kind.value.seat === 1, "Red never moved");
  assert.ok(view?.clock !== undefined && clocks.remainingMs(view, 1) === 0);
  const [ended] = seen.at(-1)!;
  assert.ok(ended.kind.case === "gameEnded" && ended.kind.value.outcome?.winner === 2);
});

// GameEvent.clock: "set on every event but `GameEnded`", `gameCreated` included.
test("every event but the end carries the clocks as of its time", async () => {
  const created = await manager.createGameFromConfig(connectFour, { clock: clocks.fischer(60_000, 1_000) });
  const gameId = created.game!.gameId;
  await manager.withCredential(created.seatTokens[0].token).submitMove(gameId, moves.drop(3));
  await manager.pauseClock(gameId);
  await manager.abortGame(gameId, "only looking");
  const events = await follow(manager, gameId);
  assert.deepEqual(events.map(eventKind), ["gameCreated", "moveApplied", "clockPaused", "gameAborted", "gameEnded"]);
  for (const event of events.slice(0, -1)) {
    assert.ok(event.clock !== undefined, `${eventKind(event)} carries the clocks`);
    assert.equal(timestampMs(event.clock.readAt!), timestampMs(event.time!));
  }
  assert.deepEqual(running(events[0]), [1], "Red's time runs from the creation");
  assert.equal(events.at(-1)!.clock, undefined);
});

// StreamEvents' views are the game as getView shows it just after each event, and a view of a
// game with clocks has them (View.clock), the first and the last included.
test("a stream sends each event's view with the clocks", async () => {
  const created = await manager.createGameFromConfig(connectFour, { clock: clocks.fischer(60_000, 1_000) });
  const gameId = created.game!.gameId;
  assert.notEqual((await manager.getView(gameId)).clock, undefined);
  await manager.withCredential(created.seatTokens[0].token).submitMove(gameId, moves.drop(3));
  await manager.abortGame(gameId, "only looking");
  assert.notEqual((await manager.getView(gameId)).clock, undefined, "a finished game's view keeps its clocks");
  const stream = manager.events(gameId, 0n, { includeViews: true, signal: AbortSignal.timeout(15_000) });
  const missing: string[] = [];
  for await (const event of stream) if (stream.lastView?.clock === undefined) missing.push(eventKind(event));
  assert.deepEqual(missing, [], "views without clocks");
});

test("a move after the deadline is OUT_OF_TIME, or too late once the timeout came", async () => {
  const created = await manager.createGameFromConfig(connectFour, { clock: clocks.perMove(1000) });
  const gameId = created.game!.gameId;
  const red = manager.withCredential(created.seatTokens[0].token);
  const reading = clocks.seatClock(await red.getView(gameId), 1)!;
  assert.ok(reading.running && reading.deadline !== undefined);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, timestampMs(reading.deadline!) - Date.now() + 10)));
  await assert.rejects(red.submitMove(gameId, moves.drop(3)), (error: unknown) => {
    assert.ok(error instanceof TabulaError && error.code === Code.FailedPrecondition, String(error));
    assert.ok(["OUT_OF_TIME", "GAME_OVER"].includes(error.reason), error.reason);
    if (error.reason === "OUT_OF_TIME") assert.equal(error.metadata.seat, "1", JSON.stringify(error.metadata));
    return true;
  });
  const ended = (await follow(manager, gameId)).at(-1)!;
  assert.ok(ended.kind.case === "gameEnded" && ended.kind.value.outcome?.reason === EndReason.TIMEOUT);
});

test("views read each seat's time and the deadline of the seat to act", async () => {
  const created = await manager.createGameFromConfig(connectFour, { clock: clocks.fischer(60_000, 2_000) });
  const gameId = created.game!.gameId;
  const red = manager.withCredential(created.seatTokens[0].token);

  const view = await manager.withCredential(undefined).getView(gameId);
  const readings = view.clock!;
  assert.equal(readings.paused, false);
  assert.deepEqual(readings.seats.map((seat) => seat.seat), [1, 2]);
  const [first, second] = readings.seats;
  const firstLeft = durationMs(first.remaining!);
  assert.ok(first.running && first.deadline !== undefined);
  assert.ok(firstLeft > 59_000 && firstLeft <= 60_000, String(firstLeft));
  assert.ok(Math.abs(timestampMs(first.deadline) - (timestampMs(readings.readAt!) + firstLeft)) <= 1);
  assert.ok(!second.running && second.deadline === undefined);
  assert.equal(durationMs(second.remaining!), 60_000);
  const left = clocks.remainingMs(view, 1)!;
  assert.ok(left > 58_000 && left <= firstLeft);
  const tenSecondsOn = timestampMs(readings.readAt!) + 10_000;
  assert.ok(Math.abs(clocks.remainingMs(view, 1, tenSecondsOn)! - (firstLeft - 10_000)) <= 1, "counts down from readAt");
  assert.equal(clocks.remainingMs(view, 2, tenSecondsOn), 60_000);

  const played = await red.submitMove(gameId, moves.drop(3));
  const afterMove = played.view!.clock!;
  assert.deepEqual(running(played.view!), [2]);
  assert.equal(afterMove.seats[0].deadline, undefined);
  const redLeft = durationMs(afterMove.seats[0].remaining!);
  assert.ok(redLeft > 61_000 && redLeft <= 62_000, `Red used a moment of its minute and got 2 s: ${redLeft}`);
  assert.ok(Math.abs(timestampMs(afterMove.seats[1].deadline!) - (timestampMs(afterMove.readAt!) + 60_000)) <= 1);

  const plain = (await manager.createGameFromConfig(connectFour)).game!.gameId;
  assert.equal((await manager.getView(plain)).clock, undefined);
  await assert.rejects(manager.pauseClock(plain), tabulaError(Code.FailedPrecondition, "NO_CLOCK"));
});

test("a simple delay holds the clock still until it has passed", async () => {
  const created = await manager.createGameFromConfig(connectFour, { clock: clocks.simpleDelay(60_000, 5_000) });
  const view = await manager.getView(created.game!.gameId);
  const reading = clocks.seatClock(view, 1)!;
  assert.ok(reading.running);
  assert.equal(durationMs(reading.remaining!), 60_000, "the clock stands still during the delay");
  const readAt = timestampMs(view.clock!.readAt!);
  const delayLeft = timestampMs(reading.deadline!) - readAt - 60_000;
  assert.ok(delayLeft > 4_000 && delayLeft <= 5_000, String(delayLeft));
  assert.equal(clocks.remainingMs(view, 1, readAt + 2_000), 60_000);
  assert.equal(clocks.remainingMs(view, 1, readAt + delayLeft + 10_000), 50_000);
  await manager.abortGame(created.game!.gameId, "only looking");
});

test("a service key pauses, resumes and adds time; the history records each", async () => {
  const created = await manager.createGameFromConfig(connectFour, { clock: clocks.fischer(60_000, 0) });
  const gameId = created.game!.gameId;
  const [red, yellow] = created.seatTokens.map((t) => manager.withCredential(t.token));

  const paused = await manager.pauseClock(gameId, { requestId: "pause-1" });
  assert.ok(paused.clock!.paused);
  assert.deepEqual(running(paused), []);
  assert.ok(paused.clock!.seats.every((seat) => seat.deadline === undefined));
  const retried = await manager.pauseClock(gameId, { requestId: "pause-1" });
  assert.ok(retried.clock!.paused && retried.seq === paused.seq, "a retry is answered as the first call was");
  await assert.rejects(manager.pauseClock(gameId), tabulaError(Code.FailedPrecondition, "CLOCK_PAUSED"));
  await assert.rejects(red.submitMove(gameId, moves.drop(3)), tabulaError(Code.FailedPrecondition, "CLOCK_PAUSED"));
  const stopped = durationMs(paused.clock!.seats[0].remaining!);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(clocks.remainingMs(await manager.getView(gameId), 1), stopped, "a paused clock does not move");

  const more = await manager.addTime(gameId, 2, 30_000);
  assert.equal(durationMs(more.clock!.seats[1].remaining!), 90_000);
  assert.ok(more.clock!.paused);

  const resumed = await manager.resumeClock(gameId);
  assert.ok(!resumed.clock!.paused);
  assert.deepEqual(running(resumed), [1]);
  assert.equal(durationMs(resumed.clock!.seats[0].remaining!), stopped, "Red thinks on with the time it had");
  await assert.rejects(manager.resumeClock(gameId), tabulaError(Code.FailedPrecondition, "CLOCK_NOT_PAUSED"));
  await red.submitMove(gameId, moves.drop(3));
  const yellowClock = (await manager.addTime(gameId, 2, 1500.4)).clock!.seats[1];
  const yellowLeft = durationMs(yellowClock.remaining!);
  assert.ok(yellowClock.running && yellowLeft > 91_000 && yellowLeft <= 91_500, String(yellowLeft));

  // Only a service key manages the clocks; a time is whole milliseconds of a seat the game has.
  await assert.rejects(yellow.pauseClock(gameId), tabulaError(Code.PermissionDenied, "SERVICE_KEY_REQUIRED"));
  await assert.rejects(manager.withCredential(undefined).addTime(gameId, 1, 5000), tabulaError(Code.Unauthenticated, "CREDENTIAL_REQUIRED"));
  for (const [seat, timeMs] of [[3, 5000], [1, 0], [1, 2 * 86_400_000]]) {
    await assert.rejects(manager.addTime(gameId, seat, timeMs), tabulaError(Code.InvalidArgument, "INVALID_REQUEST"));
  }

  await manager.adjudicateGame(gameId, OutcomeType.DRAW, 0, "the hall closes");
  await assert.rejects(manager.pauseClock(gameId), tabulaError(Code.FailedPrecondition, "GAME_OVER"));
  await assert.rejects(manager.resumeClock(gameId), tabulaError(Code.FailedPrecondition, "GAME_OVER"));
  await assert.rejects(manager.addTime(gameId, 1, 5000), tabulaError(Code.FailedPrecondition, "GAME_OVER"));

  const events = await follow(manager, gameId, 1n);
  assert.deepEqual(events.map(describe), [
    ["clockPaused", "service lobby"],
    ["timeAdded", "service lobby"],
    ["clockResumed", "service lobby"],
    ["moveApplied", "seat"],
    ["timeAdded", "service lobby"],
    ["gameAdjudicated", "service lobby"],
    ["gameEnded", "none"],
  ]);
  const [pausedEvent, added, resumedEvent] = events;
  assert.ok(pausedEvent.clock?.paused && added.clock?.paused && resumedEvent.clock?.paused === false);
  assert.ok(added.kind.case === "timeAdded");
  assert.deepEqual([added.kind.value.seat, durationMs(added.kind.value.added!)], [2, 30_000]);
  const second = events[4].kind;
  assert.ok(second.case === "timeAdded" && durationMs(second.value.added!) === 1500);
});

test("with the default-move rule the clock moves for a seat out of time, and the game goes on", async () => {
  const clock = clocks.clockConfig([clocks.perMove(1000), clocks.perMove(60_000)], TimeoutRule.DEFAULT_MOVE);
  const created = await manager.createGameFromConfig(connectFour, { clock });
  const gameId = created.game!.gameId;
  assert.equal(created.game!.config!.clock!.onTimeout, TimeoutRule.DEFAULT_MOVE);
  const [clockMove] = await follow(manager, gameId, 1n, 1);
  assert.deepEqual(describe(clockMove), ["moveApplied", "clock"]);
  assert.ok(clockMove.kind.case === "moveApplied" && clockMove.kind.value.seat === 1);
  assert.deepEqual(running(clockMove), [2], "Yellow to move");
  assert.equal(clocks.remainingMs(clockMove, 2, timestampMs(clockMove.time!)), 60_000);
  assert.equal((await manager.getGame(gameId)).status, GameStatus.IN_PROGRESS);
  await manager.abortGame(gameId, "enough");
});

// ClockConfig.first_move_window: a seat that lets the window pass without moving did not show
// up, and the clock aborts the game, naming the seat, rather than the seat losing on time.
test("a seat that misses its first-move window is a no-show: the clock aborts the game", async () => {
  const clock = clocks.clockConfig(clocks.fischer(60_000), undefined, 1000);
  const created = await manager.createGameFromConfig(connectFour, { clock });
  const gameId = created.game!.gameId;
  const echoed = created.game!.config!.clock!.firstMoveWindow;
  assert.ok(echoed !== undefined && durationMs(echoed) === 1000, "the created game's clock echoes the window");

  await new Promise((resolve) => setTimeout(resolve, 2000)); // Red never moves
  const events = await follow(manager, gameId, 0n, Infinity, 10_000);
  assert.deepEqual(events.map(describe), [
    ["gameCreated", "none"],
    ["gameAborted", "clock"],
    ["gameEnded", "none"],
  ]);
  const [, aborted, ended] = events;
  assert.ok(aborted.kind.case === "gameAborted");
  assert.ok(aborted.kind.value.explanation.includes("seat 1"), aborted.kind.value.explanation);
  assert.ok(ended.kind.case === "gameEnded" && ended.kind.value.outcome?.reason === EndReason.ABORTED);
  assert.equal((await manager.getGame(gameId)).outcome?.reason, EndReason.ABORTED);
});

test("a preset on a clock starts its clock", async () => {
  const timed = (await manager.listGameKinds()).flatMap((kind) =>
    kind.presets.filter((preset) => preset.config?.clock !== undefined).map((preset) => ({ kind: kind.kind, preset })),
  );
  assert.ok(timed.length > 0, "some presets come on a clock");
  const { kind, preset } = timed[0];
  const created = await manager.createGameFromPreset(kind, preset.name);
  const clock = created.game!.config!.clock!;
  assert.equal(clock.onTimeout, preset.config!.clock!.onTimeout);
  // One control for every seat may come back as one per seat.
  for (const control of clock.controls) {
    assert.ok(preset.config!.clock!.controls.some((c) => equals(TimeControlSchema, c, control)));
  }
  const view = await manager.getView(created.game!.gameId);
  assert.ok(view.clock !== undefined);
  assert.deepEqual(running(view), view.toAct);
  await manager.abortGame(created.game!.gameId, "only looking");
});

test("a bad time control is INVALID_CONFIG", async () => {
  const three = clocks.clockConfig([clocks.perMove(5000), clocks.perMove(5000), clocks.perMove(5000)]);
  for (const clock of [clocks.perMove(500), clocks.fischer(0), clocks.correspondence(61), three]) {
    await assert.rejects(
      manager.createGameFromConfig(connectFour, { clock }),
      tabulaError(Code.InvalidArgument, "INVALID_CONFIG"),
    );
  }
});

// ClockConfig.controls: "required. Each is validated and every problem is named (INVALID_ARGUMENT
// `INVALID_CONFIG`)", as for two controls too many.
test("a clock without controls is INVALID_CONFIG", async () => {
  await assert.rejects(
    manager.createGameFromConfig(connectFour, { clock: clocks.clockConfig([]) }),
    tabulaError(Code.InvalidArgument, "INVALID_CONFIG"),
  );
});

// Offline: the builders, the reading of a seat's time, and what the calls send.

test("the builders make whole milliseconds", () => {
  const control = clocks.fischer(300_000, 2_000);
  assert.ok(control.control.case === "fischer");
  assert.deepEqual([durationMs(control.control.value.base!), durationMs(control.control.value.increment!)], [300_000, 2_000]);
  const rounded = clocks.fischer(1.6).control;
  assert.ok(rounded.case === "fischer" && rounded.value.base!.nanos === 2_000_000, "rounded to a millisecond");
  const bronstein = clocks.bronstein(300_000, 3_000).control;
  assert.ok(bronstein.case === "bronstein" && durationMs(bronstein.value.delay!) === 3_000);
  assert.equal(clocks.simpleDelay(60_000, 5_000).control.case, "simpleDelay");
  const perMove = clocks.perMove(1000).control;
  assert.ok(perMove.case === "perMove" && durationMs(perMove.value) === 1000);
  assert.deepEqual(clocks.correspondence(3).control, { case: "correspondenceDays", value: 3 });
  const handicap = clocks.clockConfig([clocks.perMove(10_000), clocks.perMove(20_000)], TimeoutRule.DEFAULT_MOVE);
  assert.deepEqual([handicap.controls.length, handicap.onTimeout], [2, TimeoutRule.DEFAULT_MOVE]);
  assert.equal(clocks.clockConfig(clocks.perMove(10_000)).onTimeout, TimeoutRule.UNSPECIFIED);
  assert.equal(clocks.clockConfig(clocks.perMove(10_000)).firstMoveWindow, undefined, "no window unless asked for");
  const windowed = clocks.clockConfig(clocks.fischer(60_000), TimeoutRule.LOSE, 30_000.4).firstMoveWindow;
  assert.ok(windowed !== undefined && durationMs(windowed) === 30_000, "a window of whole milliseconds");
});

test("remainingMs counts a running clock down to its deadline", () => {
  const readAt = Date.UTC(2026, 0, 1, 12);
  const readings = create(ClockReadingsSchema, {
    readAt: timestampFromMs(readAt),
    seats: [
      // A simple delay of 5 s: the deadline is 35 s away, and the clock stands still for 5 s.
      { seat: 1, remaining: durationFromMs(30_000), running: true, deadline: timestampFromMs(readAt + 35_000) },
      { seat: 2, remaining: durationFromMs(45_000) },
    ],
  });
  const view = create(ViewSchema, { clock: readings });
  assert.equal(clocks.remainingMs(view, 1, readAt + 3_000), 30_000);
  assert.equal(clocks.remainingMs(view, 1, new Date(readAt + 15_000)), 20_000);
  assert.equal(clocks.remainingMs(view, 1, readAt + 300_000), 0, "never below zero");
  assert.equal(clocks.remainingMs(view, 2, readAt + 300_000), 45_000, "not running");

  // Without a deadline a running clock counts down from readAt; paused clocks stand still.
  readings.seats[0].deadline = undefined;
  const event = create(GameEventSchema, { seq: 3n, clock: readings });
  assert.equal(clocks.remainingMs(event, 1, readAt + 10_000), 20_000);
  readings.paused = true;
  assert.equal(clocks.remainingMs(readings, 1, readAt + 10_000), 30_000);

  assert.equal(clocks.remainingMs(create(ViewSchema), 1), undefined);
  assert.equal(clocks.seatClock(create(GameEventSchema), 1), undefined);
  assert.equal(clocks.remainingMs(view, 3), undefined);
});

test("every RPC has a wrapper named after it", () => {
  const wrappers: Record<string, string[]> = {
    createGame: ["createGameFromPreset", "createGameFromConfig", "createGameFromPgn", "createGameFromSavedConfig"],
    batchCreateGames: ["batchCreateGames"],
    createRematch: ["createRematch"],
    streamEvents: ["events"],
    createSeries: ["createSeriesFromPreset", "createSeriesFromConfig", "createSeriesFromSavedConfig"],
    streamSeriesEvents: ["seriesEvents"],
    streamOwnerEvents: ["ownerEvents"],
    createTournament: ["createTournamentFromPreset", "createTournamentFromConfig", "createTournamentFromSavedConfig"],
    streamTournamentEvents: ["tournamentEvents"],
    updateGame: ["updateGameLabels"],
    updateSeries: ["updateSeriesLabels"],
  };
  for (const method of GameService.methods) {
    for (const name of wrappers[method.localName] ?? [method.localName]) {
      const wrapper = (TabulaClient.prototype as unknown as Record<string, unknown>)[name];
      assert.equal(typeof wrapper, "function", `TabulaClient.${name} wraps ${method.name}`);
    }
  }
});

test("the clock option and the clock calls send what they are given", async () => {
  const standIn = await recorder();
  const client = TabulaClient.connect({ address: standIn.address, credential: "key" });
  try {
    const config = create(GameConfigSchema, connectFour);
    await client.createGameFromConfig(config, { clock: clocks.fischer(1500, 250) });
    let sent = fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
    assert.ok(sent.source.case === "config");
    const [control] = sent.source.value.clock!.controls;
    assert.ok(control.control.case === "fischer" && durationMs(control.control.value.base!) === 1500);
    assert.equal(config.clock, undefined, "the caller's config stays as it was");
    assert.equal(sent.source.value.game.case, "connectFour");

    const handicap = clocks.clockConfig([clocks.perMove(2000), clocks.perMove(5000)], TimeoutRule.DEFAULT_MOVE);
    await client.createGameFromConfig(connectFour, { clock: handicap, requestId: "c" });
    sent = fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
    assert.ok(sent.source.case === "config" && equals(ClockConfigSchema, sent.source.value.clock!, handicap));
    await client.createGameFromConfig({ ...connectFour, clock: { controls: [clocks.perMove(3000)] } });
    sent = fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
    assert.ok(sent.source.case === "config" && sent.source.value.clock?.controls.length === 1, "a config's own clock");
    await client.createGameFromConfig(connectFour);
    sent = fromBinary(CreateGameRequestSchema, standIn.last("CreateGame").body);
    assert.ok(sent.source.case === "config" && sent.source.value.clock === undefined, "no clock unless asked for");

    assert.equal((await client.pauseClock("g", { requestId: "p-1" })).gameId, "g");
    assert.ok(equals(PauseClockRequestSchema, fromBinary(PauseClockRequestSchema, standIn.last("PauseClock").body), create(PauseClockRequestSchema, { gameId: "g", requestId: "p-1" })));
    assert.equal(standIn.last("PauseClock").authorization, "Bearer key");
    await client.resumeClock("g", { requestId: "r-1", timeoutMs: 5000 });
    assert.equal(fromBinary(ResumeClockRequestSchema, standIn.last("ResumeClock").body).requestId, "r-1");
    await client.addTime("g", 2, 10.4, { requestId: "a-1" });
    const added = fromBinary(AddTimeRequestSchema, standIn.last("AddTime").body);
    assert.deepEqual([added.gameId, added.seat, added.time?.nanos, added.requestId], ["g", 2, 10_000_000, "a-1"]);
  } finally {
    client.close();
    await standIn.stop();
  }
});
