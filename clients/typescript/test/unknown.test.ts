// Answers of a newer server (clients/conformance/unknown.json) through the client, offline:
// unknown enum values are kept and named `unknown(N)`, events and moves of unknown kinds are
// delivered as kind "unknown", and streams count their seqs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import {
  ActorSchema,
  actorKind,
  BoardResult,
  BoardResultSchema,
  EndReason,
  EndReasonSchema,
  enumName,
  ErrorReason,
  ErrorReasonSchema,
  eventKind,
  GameEventSchema,
  GameKind,
  GameKindSchema,
  MoveSchema,
  moveKind,
  moves,
  OutcomeType,
  OutcomeTypeSchema,
  OwnerEventKind,
  OwnerEventKindSchema,
  SeriesDraws,
  SeriesDrawsSchema,
  SeriesEventSchema,
  seriesEventKind,
  SeriesStatus,
  SeriesStatusSchema,
  Starter,
  StarterSchema,
  TabulaClient,
  TieBreak,
  TieBreakSchema,
  TimeoutRule,
  TimeoutRuleSchema,
  TournamentEventSchema,
  tournamentEventKind,
  TournamentFormat,
  TournamentFormatSchema,
  TournamentStatus,
  TournamentStatusSchema,
} from "../src/index.js";
import { check, checkEvents, entries, StandIn, unaryCall } from "./unknown.js";

for (const entry of entries()) {
  test(`a newer server's answer, ${entry.call}: ${entry.name}`, async () => {
    const standIn = await StandIn.start(entry);
    try {
      const client = TabulaClient.connect({ address: standIn.address, timeoutMs: 10_000 });
      const expect = entry.expect;
      if (entry.call === "StreamEvents") {
        const stream = client.events("g", 0n, { retries: 2 });
        const events = [];
        for await (const event of stream) events.push(event);
        checkEvents(events, expect.events!, entry.name);
        assert.equal(String(stream.lastSeq), expect.events!.at(-1)!.seq, "lastSeq");
        if (expect.reopened_after !== undefined) {
          assert.deepEqual(standIn.afterSeqs.map(String), ["0", expect.reopened_after], "streams opened after");
        }
      } else {
        const [schema, answer] = await unaryCall(client, entry.call);
        assert.equal(String(answer.seq), expect.seq, "seq");
        check(schema, answer, expect.checks!, entry.name);
      }
    } finally {
      await standIn.stop();
    }
  });
}

test("names are total", () => {
  assert.equal(enumName(GameKindSchema, GameKind.CHESS), "GAME_KIND_CHESS");
  assert.equal(enumName(EndReasonSchema, 999), "unknown(999)");
  assert.equal(moveKind(moves.ready()), "ready");
  assert.equal(moveKind(create(MoveSchema)), "unknown");
  assert.equal(eventKind(create(GameEventSchema, { seq: 1n })), "unknown");
  assert.equal(enumName(OutcomeTypeSchema, OutcomeType.NO_RESULT), "OUTCOME_TYPE_NO_RESULT");
  assert.equal(enumName(EndReasonSchema, EndReason.ABORTED), "END_REASON_ABORTED");
  assert.equal(enumName(EndReasonSchema, EndReason.ADJUDICATION), "END_REASON_ADJUDICATION");
  assert.equal(enumName(ErrorReasonSchema, ErrorReason.TOO_LATE_TO_ABORT), "ERROR_REASON_TOO_LATE_TO_ABORT");
  assert.equal(eventKind(create(GameEventSchema, { kind: { case: "gameAborted", value: {} } })), "gameAborted");
  assert.equal(eventKind(create(GameEventSchema, { kind: { case: "gameAdjudicated", value: {} } })), "gameAdjudicated");
  assert.equal(actorKind(create(ActorSchema, { kind: { case: "seat", value: 2 } })), "seat");
  assert.equal(actorKind(create(ActorSchema, { kind: { case: "service", value: {} } })), "service");
  assert.equal(actorKind(create(ActorSchema, { kind: { case: "engine", value: 2 } })), "engine");
  assert.equal(enumName(ErrorReasonSchema, ErrorReason.SEAT_PLAYED_BY_ENGINE), "ERROR_REASON_SEAT_PLAYED_BY_ENGINE");
  assert.equal(enumName(EndReasonSchema, EndReason.TIMEOUT), "END_REASON_TIMEOUT");
  assert.equal(enumName(EndReasonSchema, 25), "END_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL");
  assert.equal(enumName(EndReasonSchema, EndReason.OPPONENT_LINE), "END_REASON_OPPONENT_LINE");
  assert.equal(enumName(EndReasonSchema, 26), "END_REASON_OPPONENT_LINE");
  assert.deepEqual(
    [Starter.UNSPECIFIED, Starter.FIRST_SEAT, Starter.SECOND_SEAT, Starter.RANDOM].map((s) => enumName(StarterSchema, s)),
    ["STARTER_UNSPECIFIED", "STARTER_FIRST_SEAT", "STARTER_SECOND_SEAT", "STARTER_RANDOM"],
  );
  assert.equal(enumName(StarterSchema, 4), "unknown(4)");
  assert.deepEqual(
    [ErrorReason.OUT_OF_TIME, ErrorReason.NO_CLOCK, ErrorReason.CLOCK_PAUSED, ErrorReason.CLOCK_NOT_PAUSED].map((r) =>
      enumName(ErrorReasonSchema, r),
    ),
    ["ERROR_REASON_OUT_OF_TIME", "ERROR_REASON_NO_CLOCK", "ERROR_REASON_CLOCK_PAUSED", "ERROR_REASON_CLOCK_NOT_PAUSED"],
  );
  assert.equal(enumName(TimeoutRuleSchema, TimeoutRule.DEFAULT_MOVE), "TIMEOUT_RULE_DEFAULT_MOVE");
  assert.deepEqual(
    [ErrorReason.TAKEBACK_ALREADY_REQUESTED, ErrorReason.NO_TAKEBACK_REQUEST].map((r) => enumName(ErrorReasonSchema, r)),
    ["ERROR_REASON_TAKEBACK_ALREADY_REQUESTED", "ERROR_REASON_NO_TAKEBACK_REQUEST"],
  );
  assert.deepEqual([ErrorReason.TAKEBACK_ALREADY_REQUESTED, ErrorReason.NO_TAKEBACK_REQUEST], [78, 79]);
  assert.deepEqual(
    [ErrorReason.SAVED_CONFIG_NOT_FOUND, ErrorReason.SAVED_CONFIG_EXISTS, ErrorReason.TOO_MANY_SAVED_CONFIGS].map((r) =>
      enumName(ErrorReasonSchema, r),
    ),
    ["ERROR_REASON_SAVED_CONFIG_NOT_FOUND", "ERROR_REASON_SAVED_CONFIG_EXISTS", "ERROR_REASON_TOO_MANY_SAVED_CONFIGS"],
  );
  assert.deepEqual(
    [ErrorReason.SAVED_CONFIG_NOT_FOUND, ErrorReason.SAVED_CONFIG_EXISTS, ErrorReason.TOO_MANY_SAVED_CONFIGS],
    [80, 81, 82],
  );
  assert.equal(enumName(ErrorReasonSchema, ErrorReason.SERIES_NOT_FOUND), "ERROR_REASON_SERIES_NOT_FOUND");
  assert.equal(ErrorReason.SERIES_NOT_FOUND, 83);
  assert.deepEqual(
    [ErrorReason.EVENT_LOG_FULL, ErrorReason.HOST_NOT_ALLOWED].map((r) => enumName(ErrorReasonSchema, r)),
    ["ERROR_REASON_EVENT_LOG_FULL", "ERROR_REASON_HOST_NOT_ALLOWED"],
  );
  assert.deepEqual([ErrorReason.EVENT_LOG_FULL, ErrorReason.HOST_NOT_ALLOWED], [84, 85]);
  assert.equal(enumName(ErrorReasonSchema, ErrorReason.REMATCH_EXISTS), "ERROR_REASON_REMATCH_EXISTS");
  assert.equal(ErrorReason.REMATCH_EXISTS, 86);
  assert.equal(enumName(ErrorReasonSchema, ErrorReason.GAME_NOT_STARTED), "ERROR_REASON_GAME_NOT_STARTED");
  assert.equal(ErrorReason.GAME_NOT_STARTED, 87);
  assert.deepEqual(
    [ErrorReason.CLAIM_NOT_AVAILABLE, ErrorReason.CLAIM_TOO_EARLY].map((r) => enumName(ErrorReasonSchema, r)),
    ["ERROR_REASON_CLAIM_NOT_AVAILABLE", "ERROR_REASON_CLAIM_TOO_EARLY"],
  );
  assert.deepEqual([ErrorReason.CLAIM_NOT_AVAILABLE, ErrorReason.CLAIM_TOO_EARLY], [88, 89]);
  assert.deepEqual(
    [ErrorReason.TOURNAMENT_NOT_FOUND, ErrorReason.TOURNAMENT_OVER, ErrorReason.PRIVATE_TOURNAMENT].map((r) =>
      enumName(ErrorReasonSchema, r),
    ),
    ["ERROR_REASON_TOURNAMENT_NOT_FOUND", "ERROR_REASON_TOURNAMENT_OVER", "ERROR_REASON_PRIVATE_TOURNAMENT"],
  );
  assert.deepEqual([ErrorReason.TOURNAMENT_NOT_FOUND, ErrorReason.TOURNAMENT_OVER, ErrorReason.PRIVATE_TOURNAMENT], [90, 91, 92]);
  assert.deepEqual([ErrorReason.RULES_FAULT, ErrorReason.GAME_FAULTED], [93, 94]);
  assert.deepEqual(
    [ErrorReason.SEARCH_LIMIT_REACHED, ErrorReason.GAME_EXISTS, ErrorReason.INVALID_DOCUMENT].map((r) => enumName(ErrorReasonSchema, r)),
    ["ERROR_REASON_SEARCH_LIMIT_REACHED", "ERROR_REASON_GAME_EXISTS", "ERROR_REASON_INVALID_DOCUMENT"],
  );
  assert.deepEqual([ErrorReason.SEARCH_LIMIT_REACHED, ErrorReason.GAME_EXISTS, ErrorReason.INVALID_DOCUMENT], [95, 96, 97]);
  assert.equal(enumName(ErrorReasonSchema, 98), "unknown(98)");
  assert.deepEqual(
    [
      OwnerEventKind.TAKEBACK_REQUESTED,
      OwnerEventKind.SEAT_PRESENT,
      OwnerEventKind.SEAT_GONE,
      OwnerEventKind.CLOCK_FLAGGED,
      OwnerEventKind.MOVE_PLAYED,
    ].map((k) => enumName(OwnerEventKindSchema, k)),
    [
      "OWNER_EVENT_KIND_TAKEBACK_REQUESTED",
      "OWNER_EVENT_KIND_SEAT_PRESENT",
      "OWNER_EVENT_KIND_SEAT_GONE",
      "OWNER_EVENT_KIND_CLOCK_FLAGGED",
      "OWNER_EVENT_KIND_MOVE_PLAYED",
    ],
  );
  assert.deepEqual(
    [OwnerEventKind.SEAT_PRESENT, OwnerEventKind.SEAT_GONE, OwnerEventKind.CLOCK_FLAGGED, OwnerEventKind.MOVE_PLAYED],
    [6, 7, 8, 9],
  );
  assert.equal(enumName(OwnerEventKindSchema, OwnerEventKind.GAME_RESUMED), "OWNER_EVENT_KIND_GAME_RESUMED");
  assert.equal(OwnerEventKind.GAME_RESUMED, 10);
  assert.deepEqual(
    [OwnerEventKind.SERIES_GAME_FINISHED, OwnerEventKind.SERIES_FINISHED].map((k) => enumName(OwnerEventKindSchema, k)),
    ["OWNER_EVENT_KIND_SERIES_GAME_FINISHED", "OWNER_EVENT_KIND_SERIES_FINISHED"],
  );
  assert.deepEqual([OwnerEventKind.SERIES_GAME_FINISHED, OwnerEventKind.SERIES_FINISHED], [11, 12]);
  assert.equal(enumName(OwnerEventKindSchema, 99), "unknown(99)");
  assert.deepEqual(
    [SeriesDraws.UNSPECIFIED, SeriesDraws.HALF_POINT, SeriesDraws.REPLAYED].map((d) => enumName(SeriesDrawsSchema, d)),
    ["SERIES_DRAWS_UNSPECIFIED", "SERIES_DRAWS_HALF_POINT", "SERIES_DRAWS_REPLAYED"],
  );
  assert.deepEqual(
    [SeriesStatus.IN_PROGRESS, SeriesStatus.FINISHED].map((d) => enumName(SeriesStatusSchema, d)),
    ["SERIES_STATUS_IN_PROGRESS", "SERIES_STATUS_FINISHED"],
  );
  for (const kind of ["gameStarted", "gameFinished", "seriesFinished"] as const) {
    assert.equal(seriesEventKind(create(SeriesEventSchema, { kind: { case: kind, value: {} } })), kind);
  }
  assert.equal(seriesEventKind(create(SeriesEventSchema, { seq: 1n })), "unknown");
  for (const kind of ["roundPaired", "boardFinished", "roundFinished", "playerWithdrew", "tournamentEnded"] as const) {
    assert.equal(tournamentEventKind(create(TournamentEventSchema, { kind: { case: kind, value: {} } })), kind);
  }
  assert.equal(tournamentEventKind(create(TournamentEventSchema, { seq: 1n })), "unknown");
  assert.deepEqual(
    [TournamentFormat.ROUND_ROBIN, TournamentFormat.DOUBLE_ROUND_ROBIN].map((f) => enumName(TournamentFormatSchema, f)),
    ["TOURNAMENT_FORMAT_ROUND_ROBIN", "TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN"],
  );
  assert.deepEqual(
    [TournamentStatus.IN_PROGRESS, TournamentStatus.FINISHED, TournamentStatus.CANCELLED].map((t) =>
      enumName(TournamentStatusSchema, t),
    ),
    ["TOURNAMENT_STATUS_IN_PROGRESS", "TOURNAMENT_STATUS_FINISHED", "TOURNAMENT_STATUS_CANCELLED"],
  );
  assert.deepEqual(
    [TieBreak.BUCHHOLZ, TieBreak.BUCHHOLZ_CUT_1, TieBreak.SONNEBORN_BERGER, TieBreak.DIRECT_ENCOUNTER, TieBreak.WINS].map(
      (t) => enumName(TieBreakSchema, t),
    ),
    [
      "TIE_BREAK_BUCHHOLZ",
      "TIE_BREAK_BUCHHOLZ_CUT_1",
      "TIE_BREAK_SONNEBORN_BERGER",
      "TIE_BREAK_DIRECT_ENCOUNTER",
      "TIE_BREAK_WINS",
    ],
  );
  assert.deepEqual(
    [BoardResult.WHITE_WINS, BoardResult.BYE, BoardResult.BLACK_WINS_BY_FORFEIT, BoardResult.UNPLAYED].map((r) =>
      enumName(BoardResultSchema, r),
    ),
    ["BOARD_RESULT_WHITE_WINS", "BOARD_RESULT_BYE", "BOARD_RESULT_BLACK_WINS_BY_FORFEIT", "BOARD_RESULT_UNPLAYED"],
  );
  assert.equal(enumName(BoardResultSchema, 8), "unknown(8)");
  for (const kind of [
    "timedOut",
    "clockPaused",
    "clockResumed",
    "timeAdded",
    "moveTakenBack",
    "takebackRequested",
    "takebackDeclined",
    "seatPresenceChanged",
    "gameResumed",
  ] as const) {
    assert.equal(eventKind(create(GameEventSchema, { kind: { case: kind, value: {} } })), kind);
  }
  assert.equal(actorKind(create(ActorSchema, { kind: { case: "clock", value: {} } })), "clock");
  assert.equal(actorKind(create(ActorSchema)), "unknown");
  assert.equal(actorKind(create(GameEventSchema).actor), "unknown");
});
