package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ClockConfig;
import dev.tabula.v1.ClockReadings;
import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.EndReason;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.Outcome;
import dev.tabula.v1.Preset;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.SeatClock;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TimeControl;
import dev.tabula.v1.TimeoutRule;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Clocks against a real server: a game that ends on time by itself, each seat's clock in a
 * view, a move the clock plays for a seat, a game the clock aborts when a seat misses its
 * first-move window, and a service key pausing, resuming and adding time.
 */
@Timeout(60)
class ClocksTest extends Games.Live {
  private static final GameConfig CONNECT_FOUR = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance()).build();
  /** The service key of the server {@link #aServiceKeyPausesResumesAndAddsTime} starts, named arbiter. */
  private static final String ARBITER_SECRET = "arbiter-secret-for-clock-tests";

  private static SeatClock seat(ClockReadings readings, int seat) {
    return Clocks.seat(readings, seat).orElseThrow(() -> new AssertionError("no clock for seat " + seat + " in " + readings));
  }

  private static Duration remaining(SeatClock clock) {
    return Duration.ofSeconds(clock.getRemaining().getSeconds(), clock.getRemaining().getNanos());
  }

  private static Instant instant(com.google.protobuf.Timestamp timestamp) {
    return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
  }

  private static void assertNear(Duration want, Duration got, Duration slack, String what) {
    assertTrue(got.minus(want).abs().compareTo(slack) <= 0, what + ": " + got + ", want " + want + " within " + slack);
  }

  /**
   * Every control of {@code clock} is {@code want}: the game's configuration, with its
   * defaults filled in, may repeat one control for every seat.
   */
  private static void assertControlsAre(TimeControl want, ClockConfig clock) {
    assertFalse(clock.getControlsList().isEmpty(), clock.toString());
    for (TimeControl control : clock.getControlsList()) {
      assertEquals(want, control, clock.toString());
    }
  }

  /**
   * The event's clocks were read at its time, as the contract says of an event's readings:
   * readings are whole milliseconds, so {@code read_at} may be the event's time cut to the
   * millisecond.
   */
  private static void assertReadAtIsTheEventsTime(GameEvent event) {
    assertTrue(event.hasClock(), "event " + event.getSeq() + " has no clocks");
    Duration gap = Duration.between(instant(event.getClock().getReadAt()), instant(event.getTime()));
    assertTrue(!gap.isNegative() && gap.compareTo(Duration.ofMillis(1)) < 0,
        "event " + event.getSeq() + " at " + event.getTime() + " has clocks read at " + event.getClock().getReadAt());
  }

  /** The event's actor as {@code seat N}, {@code service KEY_NAME}, {@code clock}, {@code none} or {@code unknown}. */
  private static String describeActor(GameEvent event) {
    if (!event.hasActor()) {
      return "none";
    }
    return switch (Names.actorKind(event.getActor())) {
      case "seat" -> "seat " + event.getActor().getSeat();
      case "service" -> "service " + event.getActor().getService().getKeyName();
      case "engine" -> "engine " + event.getActor().getEngine();
      case "clock" -> "clock";
      default -> Names.UNKNOWN;
    };
  }

  private static List<String> history(List<GameEvent> events) {
    return events.stream().map(event -> Names.eventKind(event) + " by " + describeActor(event)).toList();
  }

  private static List<GameEvent> allEvents(TabulaClient reader, String gameId) {
    try (EventStream events = reader.events(gameId, 0)) {
      return events.stream().toList();
    }
  }

  @Test
  void aClockThatRunsOutEndsTheGameOnTime() throws Exception {
    CreateGameResponse created = client.createGameFromConfig(CONNECT_FOUR,
        CreateOptions.defaults().withClock(Clocks.perMove(Duration.ofSeconds(1))));
    assertControlsAre(Clocks.perMove(Duration.ofSeconds(1)), created.getGame().getConfig().getClock());
    assertTrue(List.of(TimeoutRule.TIMEOUT_RULE_LOSE, TimeoutRule.TIMEOUT_RULE_UNSPECIFIED)
        .contains(created.getGame().getConfig().getClock().getOnTimeout()));
    String id = created.getGame().getGameId();
    TabulaClient red = client.as(created.getSeatTokens(0).getToken());
    TabulaClient yellow = client.as(created.getSeatTokens(1).getToken());
    CompletableFuture<List<GameEvent>> seen = CompletableFuture.supplyAsync(() -> allEvents(client, id));

    SubmitMoveResponse moved = red.submitMove(id, Moves.drop(3));
    // Yellow's second starts with Red's move.
    SeatClock running = seat(moved.getView().getClock(), 2);
    assertTrue(running.getRunning() && running.hasDeadline(), running.toString());
    assertFalse(seat(moved.getView().getClock(), 1).getRunning());
    assertTrue(moved.getEvents(0).hasClock(), "the move's event carries the clocks");
    Instant deadline = instant(running.getDeadline());

    // Nobody moves: the clock ends the game by itself.
    List<GameEvent> events = seen.get(20, TimeUnit.SECONDS);
    assertEquals(List.of("game_created by none", "move_applied by seat 1", "timed_out by clock", "game_ended by none"), history(events));
    GameEvent timedOut = events.get(2);
    assertEquals(2, timedOut.getTimedOut().getSeat());
    assertEquals("clock", Names.actorKind(timedOut.getActor()));
    Duration late = Duration.between(deadline, instant(timedOut.getTime()));
    assertTrue(!late.isNegative() && late.compareTo(Duration.ofSeconds(1)) <= 0, "the timeout came " + late + " after Yellow's deadline");
    SeatClock out = seat(timedOut.getClock(), 2);
    assertEquals(Duration.ZERO, remaining(out));
    assertFalse(out.getRunning() || out.hasDeadline(), out.toString());
    GameEvent ended = events.get(3);
    Outcome outcome = ended.getGameEnded().getOutcome();
    assertEquals(OutcomeType.OUTCOME_TYPE_WIN, outcome.getType());
    assertEquals(1, outcome.getWinner());
    assertEquals(EndReason.END_REASON_TIMEOUT, outcome.getReason());
    assertEquals("END_REASON_TIMEOUT", Names.enumName(EndReason.getDescriptor(), outcome.getReasonValue()));
    assertFalse(ended.hasClock(), "GameEnded carries no clocks");

    Game game = client.getGame(id);
    assertEquals(GameStatus.GAME_STATUS_FINISHED, game.getStatus());
    assertEquals(EndReason.END_REASON_TIMEOUT, game.getOutcome().getReason());
    refused(Status.Code.FAILED_PRECONDITION, "GAME_OVER", () -> yellow.submitMove(id, Moves.drop(3)));
  }

  @Test
  void aMoveAfterTheDeadlineIsTooLate() throws Exception {
    CreateGameResponse created = client.createGameFromConfig(CONNECT_FOUR,
        CreateOptions.defaults().withClock(Clocks.fischer(Duration.ofSeconds(1), Duration.ZERO)));
    String id = created.getGame().getGameId();
    TabulaClient red = client.as(created.getSeatTokens(0).getToken());
    SeatClock clock = seat(red.getView(id).getClock(), 1);
    assertTrue(clock.getRunning() && clock.hasDeadline(), clock.toString());
    Duration wait = Duration.between(Instant.now(), instant(clock.getDeadline()).plusMillis(10));
    if (!wait.isNegative()) {
      Thread.sleep(wait.toMillis());
    }

    // Either the server refuses the late move, or its timeout came first.
    TabulaException late = assertThrows(TabulaException.class, () -> red.submitMove(id, Moves.drop(3)));
    assertEquals(Status.Code.FAILED_PRECONDITION, late.getCode(), late.toString());
    assertTrue(List.of("OUT_OF_TIME", "GAME_OVER").contains(late.getReason()), late.toString());
    if (late.getReason().equals("OUT_OF_TIME")) {
      assertEquals("1", late.getMetadata().get("seat"), late.getMetadata().toString());
    }
    List<GameEvent> events = allEvents(client, id);
    assertEquals(List.of("game_created by none", "timed_out by clock", "game_ended by none"), history(events));
    assertEquals(1, events.get(1).getTimedOut().getSeat());
    assertEquals(2, events.get(2).getGameEnded().getOutcome().getWinner());
    assertEquals(EndReason.END_REASON_TIMEOUT, events.get(2).getGameEnded().getOutcome().getReason());
  }

  @Test
  void aClockPerSeatAndInvalidClocks() {
    CreateGameResponse created = client.createGameFromConfig(CONNECT_FOUR,
        CreateOptions.defaults().withClock(Clocks.perMove(Duration.ofMinutes(1)), Clocks.perMove(Duration.ofMinutes(2))));
    ClockReadings readings = client.getView(created.getGame().getGameId()).getClock();
    Duration red = Clocks.remaining(readings, 1, Instant.now()).orElseThrow();
    assertTrue(red.compareTo(Duration.ofMinutes(1)) <= 0 && red.compareTo(Duration.ofSeconds(50)) >= 0, red.toString());
    assertEquals(Duration.ofMinutes(2), Clocks.remaining(readings, 2, Instant.now()).orElseThrow());
    // Values out of range, and a count of controls that fits no seating, are an invalid
    // configuration; a control of no kind or a malformed duration is an invalid request.
    record Bad(List<TimeControl> controls, String reason) {}
    for (Bad bad : List.of(
        new Bad(List.of(Clocks.perMove(Duration.ofMillis(500))), "INVALID_CONFIG"),
        new Bad(List.of(Clocks.correspondenceDays(61)), "INVALID_CONFIG"),
        new Bad(List.of(Clocks.fischer(Duration.ofDays(31), Duration.ZERO)), "INVALID_CONFIG"),
        new Bad(List.of(Clocks.perMove(Duration.ofMinutes(1)), Clocks.perMove(Duration.ofMinutes(1)), Clocks.perMove(Duration.ofMinutes(1))),
            "INVALID_CONFIG"),
        new Bad(List.of(), "INVALID_CONFIG"),
        new Bad(List.of(TimeControl.getDefaultInstance()), "INVALID_REQUEST"),
        new Bad(List.of(Clocks.fischer(Duration.ofMinutes(1), Duration.ofNanos(1_500_000))), "INVALID_REQUEST"))) {
      refused(Status.Code.INVALID_ARGUMENT, bad.reason(),
          () -> client.createGameFromConfig(CONNECT_FOUR, CreateOptions.defaults().withClock(bad.controls())));
    }
  }

  @Test
  void aPresetOnAClock() {
    Preset preset = client.listGameKinds().stream()
        .filter(kind -> kind.getKind() == GameKind.GAME_KIND_CONNECT_FOUR)
        .flatMap(kind -> kind.getPresetsList().stream())
        .filter(p -> p.getName().equals("one_minute_a_move"))
        .findFirst().orElseThrow(() -> new AssertionError("Connect Four has no preset one_minute_a_move"));
    assertControlsAre(Clocks.perMove(Duration.ofMinutes(1)), preset.getConfig().getClock());
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "one_minute_a_move");
    ClockConfig clock = created.getGame().getConfig().getClock();
    assertControlsAre(Clocks.perMove(Duration.ofMinutes(1)), clock);
    assertEquals(preset.getConfig().getClock().getOnTimeout(), clock.getOnTimeout());
    Duration red = Clocks.remaining(client.getView(created.getGame().getGameId()).getClock(), 1, Instant.now()).orElseThrow();
    assertTrue(red.compareTo(Duration.ofMinutes(1)) <= 0 && red.compareTo(Duration.ofSeconds(50)) >= 0, red.toString());
    // Another clock for a preset's game: its configuration, with withClock.
    CreateGameResponse other = client.createGameFromConfig(preset.getConfig(),
        CreateOptions.defaults().withClock(Clocks.perMove(Duration.ofMinutes(2))));
    assertControlsAre(Clocks.perMove(Duration.ofMinutes(2)), other.getGame().getConfig().getClock());
  }

  @Test
  void aViewReadsEachSeatsClock() {
    Instant before = Instant.now();
    CreateGameResponse created = client.createGameFromConfig(CONNECT_FOUR,
        CreateOptions.defaults().withClock(Clocks.fischer(Duration.ofMinutes(1), Duration.ofSeconds(2))));
    String id = created.getGame().getGameId();
    assertControlsAre(Clocks.fischer(Duration.ofMinutes(1), Duration.ofSeconds(2)), created.getGame().getConfig().getClock());

    ClockReadings readings = client.as("").getView(id).getClock();
    Instant readAt = instant(readings.getReadAt());
    assertEquals(2, readings.getSeatsCount());
    assertFalse(readings.getPaused());
    assertTrue(!readAt.isBefore(before.minusSeconds(1)) && !readAt.isAfter(Instant.now().plusSeconds(1)), readAt.toString());
    SeatClock red = seat(readings, 1);
    SeatClock yellow = seat(readings, 2);
    Duration redLeft = remaining(red);
    // Red is to move: its clock runs from the creation, and runs out at its deadline.
    assertTrue(red.getRunning(), red.toString());
    assertTrue(redLeft.compareTo(Duration.ofMinutes(1)) <= 0 && redLeft.compareTo(Duration.ofSeconds(50)) >= 0, redLeft.toString());
    assertNear(redLeft, Duration.between(readAt, instant(red.getDeadline())), Duration.ofMillis(2), "Red's deadline after the reading");
    assertFalse(yellow.getRunning() || yellow.hasDeadline(), yellow.toString());
    assertEquals(Duration.ofMinutes(1), remaining(yellow));
    assertNear(redLeft.minusMillis(1500), Clocks.remaining(readings, 1, readAt.plusMillis(1500)).orElseThrow(), Duration.ofMillis(2),
        "Red's time 1.5 s after the reading");
    assertEquals(Duration.ofMinutes(1), Clocks.remaining(readings, 2, readAt.plusSeconds(3600)).orElseThrow());
    assertTrue(Clocks.remaining(readings, 3, readAt).isEmpty());
    assertEquals(2, client.as(created.getSeatTokens(1).getToken()).getView(id).getClock().getSeatsCount(), "a seat sees both clocks");

    // Red moves: its clock stops with the increment added, and Yellow's runs.
    SubmitMoveResponse moved = client.as(created.getSeatTokens(0).getToken()).submitMove(id, Moves.drop(3));
    ClockReadings after = moved.getView().getClock();
    SeatClock redAfter = seat(after, 1);
    SeatClock yellowAfter = seat(after, 2);
    assertFalse(redAfter.getRunning() || redAfter.hasDeadline(), redAfter.toString());
    assertTrue(remaining(redAfter).compareTo(redLeft.plusSeconds(1)) > 0 && remaining(redAfter).compareTo(redLeft.plusSeconds(2)) <= 0,
        "Red's clock after its move, " + redLeft + " before: " + redAfter);
    assertTrue(yellowAfter.getRunning(), yellowAfter.toString());
    assertEquals(Duration.ofMinutes(1), remaining(yellowAfter));
    assertNear(Duration.ofMinutes(1), Duration.between(instant(after.getReadAt()), instant(yellowAfter.getDeadline())), Duration.ofMillis(2),
        "Yellow's deadline after the reading");
    GameEvent event = moved.getEvents(0);
    assertEquals(after, event.getClock());
    assertReadAtIsTheEventsTime(event);
  }

  @Test
  void theClockMovesForASeatWhoseTimeRanOut() {
    CreateGameResponse created = client.createGameFromConfig(CONNECT_FOUR, CreateOptions.defaults()
        .withClock(Clocks.perMove(Duration.ofSeconds(1))).withOnTimeout(TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE));
    assertEquals(TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE, created.getGame().getConfig().getClock().getOnTimeout());
    String id = created.getGame().getGameId();

    // Nobody moves: each second the clock plays for the seat to move, and the game goes on.
    List<GameEvent> moves = new ArrayList<>();
    try (EventStream events = client.events(id, 1)) {
      while (moves.size() < 2 && events.hasNext()) {
        moves.add(events.next());
      }
    }
    assertEquals(List.of("move_applied by clock", "move_applied by clock"), history(moves));
    assertEquals(1, moves.get(0).getMoveApplied().getSeat());
    assertEquals(2, moves.get(1).getMoveApplied().getSeat());
    Duration gap = Duration.between(instant(moves.get(0).getTime()), instant(moves.get(1).getTime()));
    assertTrue(gap.compareTo(Duration.ofSeconds(1)) >= 0 && gap.compareTo(Duration.ofSeconds(2)) <= 0, "the clock's moves came " + gap + " apart");
    assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, client.getGame(id).getStatus());
    client.abortGame(id, "the test is over");
  }

  @Test
  void aSeatThatMissesItsFirstMoveWindowIsANoShowAndTheClockAbortsTheGame() throws Exception {
    CreateGameResponse created = client.createGameFromConfig(CONNECT_FOUR, CreateOptions.defaults()
        .withClock(Clocks.fischer(Duration.ofMinutes(1), Duration.ZERO)).withFirstMoveWindow(Duration.ofSeconds(1)));
    ClockConfig clock = created.getGame().getConfig().getClock();
    assertControlsAre(Clocks.fischer(Duration.ofMinutes(1), Duration.ZERO), clock);
    assertTrue(clock.hasFirstMoveWindow(), clock.toString());
    assertEquals(Duration.ofSeconds(1), Clocks.duration(clock.getFirstMoveWindow()));
    String id = created.getGame().getGameId();
    // Until its first move a seat's own clock does not run: Red still has its whole minute.
    assertEquals(Duration.ofMinutes(1), remaining(seat(client.getView(id).getClock(), 1)));

    // Nobody moves: once the window has passed, the clock calls the game off.
    Thread.sleep(2_000);
    List<GameEvent> events = CompletableFuture.supplyAsync(() -> allEvents(client, id)).get(20, TimeUnit.SECONDS);
    assertEquals(List.of("game_created by none", "game_aborted by clock", "game_ended by none"), history(events));
    String explanation = events.get(1).getGameAborted().getExplanation();
    assertTrue(explanation.contains("seat 1"), explanation);
    assertEquals(EndReason.END_REASON_ABORTED, events.get(2).getGameEnded().getOutcome().getReason());
    Game game = client.getGame(id);
    assertEquals(GameStatus.GAME_STATUS_FINISHED, game.getStatus());
    assertEquals(EndReason.END_REASON_ABORTED, game.getOutcome().getReason());
    refused(Status.Code.FAILED_PRECONDITION, "GAME_OVER",
        () -> client.as(created.getSeatTokens(0).getToken()).submitMove(id, Moves.drop(3)));
  }

  @Test
  void aServiceKeyPausesResumesAndAddsTime() throws Exception {
    try (TestServer keyed = TestServer.start("--service-key", "arbiter=" + ARBITER_SECRET);
        TabulaClient manager = TabulaClient.builder(keyed.address).credential(ARBITER_SECRET).build()) {
      CreateGameResponse created = manager.createGameFromConfig(CONNECT_FOUR,
          CreateOptions.defaults().withClock(Clocks.fischer(Duration.ofMinutes(1), Duration.ZERO)));
      String id = created.getGame().getGameId();
      TabulaClient red = manager.as(created.getSeatTokens(0).getToken());

      // Only a service key manages the clocks.
      refused(Status.Code.PERMISSION_DENIED, "SERVICE_KEY_REQUIRED", () -> red.pauseClock(id));
      refused(Status.Code.UNAUTHENTICATED, "CREDENTIAL_REQUIRED", () -> manager.as("").addTime(id, 1, Duration.ofSeconds(1)));

      // Clocks count whole milliseconds: let some run before the pause charges them.
      Thread.sleep(20);
      View paused = manager.pauseClock(id, "pause-1");
      assertTrue(paused.getClock().getPaused());
      assertEquals(0, paused.getViewerSeat());
      for (SeatClock clock : paused.getClock().getSeatsList()) {
        assertFalse(clock.getRunning() || clock.hasDeadline(), "a clock runs while paused: " + clock);
      }
      Duration redLeft = remaining(seat(paused.getClock(), 1));
      assertTrue(redLeft.compareTo(Duration.ofMinutes(1)) < 0 && redLeft.compareTo(Duration.ofSeconds(50)) >= 0,
          "Red is charged for its time before the pause: " + redLeft);
      assertEquals(redLeft, Clocks.remaining(paused.getClock(), 1, Instant.now().plusSeconds(3600)).orElseThrow());
      assertTrue(manager.pauseClock(id, "pause-1").getClock().getPaused(), "a retried pause answers as the first");
      refused(Status.Code.FAILED_PRECONDITION, "CLOCK_PAUSED", () -> manager.pauseClock(id));
      TabulaException frozen = refused(Status.Code.FAILED_PRECONDITION, "CLOCK_PAUSED", () -> red.submitMove(id, Moves.drop(3)));
      assertEquals(ErrorReason.ERROR_REASON_CLOCK_PAUSED, frozen.getReasonCode());

      // Time is added to a paused clock as to a running one.
      View added = manager.addTime(id, 2, Duration.ofSeconds(30), "add-1");
      assertEquals(Duration.ofSeconds(90), remaining(seat(added.getClock(), 2)));
      assertEquals(redLeft, remaining(seat(added.getClock(), 1)));
      assertTrue(added.getClock().getPaused());
      for (Object[] bad : new Object[][] {
        {3, Duration.ofSeconds(1)}, {0, Duration.ofSeconds(1)}, {1, Duration.ZERO}, {1, Duration.ofNanos(1_500_000)}, {1, Duration.ofHours(25)},
      }) {
        refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> manager.addTime(id, (Integer) bad[0], (Duration) bad[1]));
      }

      View resumed = manager.resumeClock(id, "resume-1");
      SeatClock redClock = seat(resumed.getClock(), 1);
      assertFalse(resumed.getClock().getPaused());
      assertTrue(redClock.getRunning() && redClock.hasDeadline(), redClock.toString());
      assertEquals(redLeft, remaining(redClock));
      refused(Status.Code.FAILED_PRECONDITION, "CLOCK_NOT_PAUSED", () -> manager.resumeClock(id));
      red.submitMove(id, Moves.drop(3));
      SeatClock yellow = seat(manager.async().addTime(id, 2, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS).getClock(), 2);
      assertTrue(yellow.getRunning(), yellow.toString());
      assertTrue(remaining(yellow).compareTo(Duration.ofSeconds(95)) <= 0 && remaining(yellow).compareTo(Duration.ofSeconds(90)) >= 0,
          "Yellow's running clock after 5 s more: " + yellow);
      manager.abortGame(id, "the test is over");

      // The history names the key behind each change, with the clocks just after it.
      List<GameEvent> events = allEvents(manager, id);
      assertEquals(List.of(
          "game_created by none",
          "clock_paused by service arbiter",
          "time_added by service arbiter",
          "clock_resumed by service arbiter",
          "move_applied by seat 1",
          "time_added by service arbiter",
          "game_aborted by service arbiter",
          "game_ended by none"), history(events));
      SeatClock atCreation = seat(events.get(0).getClock(), 1);
      assertTrue(atCreation.getRunning());
      assertEquals(Duration.ofMinutes(1), remaining(atCreation));
      assertNear(Duration.ofMinutes(1), Duration.between(instant(events.get(0).getTime()), instant(atCreation.getDeadline())),
          Duration.ofMillis(2), "Red's deadline after the creation");
      assertTrue(events.get(1).getClock().getPaused());
      assertFalse(events.get(3).getClock().getPaused());
      assertEquals(2, events.get(2).getTimeAdded().getSeat());
      assertEquals(30, events.get(2).getTimeAdded().getAdded().getSeconds());
      for (GameEvent event : events.subList(0, events.size() - 1)) {
        assertReadAtIsTheEventsTime(event);
      }

      // A finished game's clocks are done with; a game without clocks has none to manage.
      refused(Status.Code.FAILED_PRECONDITION, "GAME_OVER", () -> manager.pauseClock(id));
      refused(Status.Code.FAILED_PRECONDITION, "GAME_OVER", () -> manager.resumeClock(id));
      refused(Status.Code.FAILED_PRECONDITION, "GAME_OVER", () -> manager.addTime(id, 1, Duration.ofSeconds(1)));
      String plain = manager.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic").getGame().getGameId();
      assertFalse(manager.getView(plain).hasClock());
      refused(Status.Code.FAILED_PRECONDITION, "NO_CLOCK", () -> manager.pauseClock(plain));
      refused(Status.Code.FAILED_PRECONDITION, "NO_CLOCK", () -> manager.resumeClock(plain));
      refused(Status.Code.FAILED_PRECONDITION, "NO_CLOCK", () -> manager.addTime(plain, 1, Duration.ofSeconds(1)));
    }
  }
}
