package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import com.google.protobuf.util.Timestamps;
import dev.tabula.v1.AddTimeRequest;
import dev.tabula.v1.ClockConfig;
import dev.tabula.v1.ClockReadings;
import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.SeatClock;
import dev.tabula.v1.TimeControl;
import dev.tabula.v1.TimeoutRule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The time controls, the requests the clock options and calls make, and {@link Clocks#remaining}, offline. */
class ClockOptionsTest {
  private static final GameConfig CONNECT_FOUR = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance()).build();

  private static TimeControl parse(String json) throws Exception {
    TimeControl.Builder control = TimeControl.newBuilder();
    JsonFormat.parser().merge(json, control);
    return control.build();
  }

  @Test
  void timeControlBuildersMakeTheContractsControls() throws Exception {
    assertEquals(parse("{\"fischer\": {\"base\": \"180s\", \"increment\": \"2s\"}}"),
        Clocks.fischer(Duration.ofMinutes(3), Duration.ofSeconds(2)));
    assertEquals(parse("{\"fischer\": {\"base\": \"60s\", \"increment\": \"0s\"}}"), Clocks.fischer(Duration.ofMinutes(1), Duration.ZERO));
    assertEquals(parse("{\"bronstein\": {\"base\": \"300s\", \"delay\": \"3s\"}}"),
        Clocks.bronstein(Duration.ofMinutes(5), Duration.ofSeconds(3)));
    assertEquals(parse("{\"simpleDelay\": {\"base\": \"90s\", \"delay\": \"1.500s\"}}"),
        Clocks.simpleDelay(Duration.ofSeconds(90), Duration.ofMillis(1500)));
    assertEquals(parse("{\"perMove\": \"1s\"}"), Clocks.perMove(Duration.ofSeconds(1)));
    assertEquals(parse("{\"correspondenceDays\": 3}"), Clocks.correspondenceDays(3));
    // A negative duration keeps one sign, as the contract's Duration requires.
    assertEquals(com.google.protobuf.Duration.newBuilder().setSeconds(-1).setNanos(-500_000_000).build(),
        Clocks.duration(Duration.ofMillis(-1500)));
  }

  @Test
  void theClockGoesIntoACopyOfTheConfiguration() {
    CreateGameRequest request = GameRequests.gameFromConfig(CONNECT_FOUR, CreateOptions.defaults()
        .withClock(Clocks.fischer(Duration.ofMinutes(1), Duration.ofSeconds(1)), Clocks.perMove(Duration.ofSeconds(10)))
        .withOnTimeout(TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE)
        .withRequestId("c1"));
    assertEquals(ClockConfig.newBuilder()
        .addControls(Clocks.fischer(Duration.ofMinutes(1), Duration.ofSeconds(1)))
        .addControls(Clocks.perMove(Duration.ofSeconds(10)))
        .setOnTimeout(TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE)
        .build(), request.getConfig().getClock());
    assertTrue(request.getConfig().hasConnectFour());
    assertEquals("c1", request.getRequestId());
    assertFalse(CONNECT_FOUR.hasClock());

    // withOnTimeout alone applies to the configuration's own clock; withClock replaces it.
    GameConfig clocked = CONNECT_FOUR.toBuilder()
        .setClock(ClockConfig.newBuilder().addControls(Clocks.correspondenceDays(2))).build();
    ClockConfig ruled = GameRequests.gameFromConfig(clocked, CreateOptions.defaults().withOnTimeout(TimeoutRule.TIMEOUT_RULE_LOSE))
        .getConfig().getClock();
    assertEquals(TimeoutRule.TIMEOUT_RULE_LOSE, ruled.getOnTimeout());
    assertEquals(List.of(Clocks.correspondenceDays(2)), ruled.getControlsList());
    assertEquals(ClockConfig.newBuilder().addControls(Clocks.perMove(Duration.ofMinutes(1))).build(),
        GameRequests.gameFromConfig(clocked, CreateOptions.defaults().withClock(List.of(Clocks.perMove(Duration.ofMinutes(1))))).getConfig().getClock());
    assertEquals(clocked.getClock(), GameRequests.gameFromConfig(clocked, CreateOptions.defaults()).getConfig().getClock());
    assertEquals(TimeoutRule.TIMEOUT_RULE_UNSPECIFIED, clocked.getClock().getOnTimeout());
  }

  @Test
  void theFirstMoveWindowGoesIntoTheClock() {
    CreateOptions windowed = CreateOptions.defaults().withFirstMoveWindow(Duration.ofMillis(1500));
    assertEquals(Duration.ofMillis(1500), windowed.firstMoveWindow().orElseThrow());
    assertTrue(CreateOptions.defaults().firstMoveWindow().isEmpty());
    assertEquals(ClockConfig.newBuilder()
        .addControls(Clocks.fischer(Duration.ofMinutes(1), Duration.ZERO))
        .setFirstMoveWindow(com.google.protobuf.Duration.newBuilder().setSeconds(1).setNanos(500_000_000))
        .build(),
        GameRequests.gameFromConfig(CONNECT_FOUR, windowed.withClock(Clocks.fischer(Duration.ofMinutes(1), Duration.ZERO)))
            .getConfig().getClock());
    // Alone it applies to the configuration's own clock; without any clock it is refused.
    GameConfig clocked = CONNECT_FOUR.toBuilder()
        .setClock(ClockConfig.newBuilder().addControls(Clocks.correspondenceDays(2))).build();
    ClockConfig own = GameRequests.gameFromConfig(clocked, windowed).getConfig().getClock();
    assertEquals(List.of(Clocks.correspondenceDays(2)), own.getControlsList());
    assertEquals(1, own.getFirstMoveWindow().getSeconds());
    assertFalse(clocked.getClock().hasFirstMoveWindow());
    assertFalse(GameRequests.gameFromConfig(clocked, CreateOptions.defaults()).getConfig().getClock().hasFirstMoveWindow());
    IllegalArgumentException noClock = assertThrows(IllegalArgumentException.class,
        () -> GameRequests.gameFromConfig(CONNECT_FOUR, windowed));
    assertTrue(noClock.getMessage().contains("withFirstMoveWindow without a clock"), noClock.getMessage());
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic", windowed));
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPgn("1. e4 *", windowed));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withFirstMoveWindow(null));
  }

  @Test
  void onlyAConfigurationTakesAClock() {
    CreateOptions clock = CreateOptions.defaults().withClock(Clocks.perMove(Duration.ofSeconds(1)));
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic", clock));
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPgn("1. e4 *",
        CreateOptions.defaults().withOnTimeout(TimeoutRule.TIMEOUT_RULE_LOSE)));
    IllegalArgumentException noClock = assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromConfig(CONNECT_FOUR,
        CreateOptions.defaults().withOnTimeout(TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE)));
    assertTrue(noClock.getMessage().contains("withOnTimeout without a clock"), noClock.getMessage());
    // Without a clock option the creations are as before.
    assertFalse(GameRequests.gameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic", CreateOptions.defaults()).getConfig().hasClock());
  }

  @Test
  void theClockCallsSendTheirArguments() {
    assertEquals("g", Requests.pauseClock("g", "p1").getGameId());
    assertEquals("p1", Requests.pauseClock("g", "p1").getRequestId());
    assertEquals("", Requests.resumeClock("g", "").getRequestId());
    assertEquals(AddTimeRequest.newBuilder().setGameId("g").setSeat(2)
        .setTime(com.google.protobuf.Duration.newBuilder().setSeconds(1).setNanos(500_000_000)).setRequestId("a1").build(),
        Requests.addTime("g", 2, Duration.ofMillis(1500), "a1"));
  }

  @Test
  void remainingWorksFromTheReading() {
    Instant readAt = Instant.parse("2026-11-30T12:00:00Z");
    ClockReadings readings = ClockReadings.newBuilder()
        .setReadAt(Timestamps.fromMillis(readAt.toEpochMilli()))
        .addSeats(clock(1, 10_000, readAt.plusSeconds(10))) // running
        .addSeats(clock(2, 7_000, null)) // waiting
        .addSeats(clock(3, 10_000, readAt.plusSeconds(12))) // running, 2 s of a simple delay to go
        .build();
    assertEquals(Duration.ofSeconds(10), Clocks.remaining(readings, 1, readAt).orElseThrow());
    assertEquals(Duration.ofSeconds(7), Clocks.remaining(readings, 1, readAt.plusSeconds(3)).orElseThrow());
    assertEquals(Duration.ZERO, Clocks.remaining(readings, 1, readAt.plusSeconds(12)).orElseThrow());
    assertEquals(Duration.ofSeconds(10), Clocks.remaining(readings, 1, readAt.minusSeconds(1)).orElseThrow());
    assertEquals(Duration.ofSeconds(7), Clocks.remaining(readings, 2, readAt.plusSeconds(3600)).orElseThrow());
    assertEquals(Duration.ofSeconds(10), Clocks.remaining(readings, 3, readAt.plusSeconds(1)).orElseThrow());
    assertEquals(Duration.ofSeconds(8), Clocks.remaining(readings, 3, readAt.plusSeconds(4)).orElseThrow());

    // Without a deadline a running clock goes down from the reading.
    ClockReadings noDeadline = readings.toBuilder().setSeats(0, readings.getSeats(0).toBuilder().clearDeadline()).build();
    assertEquals(Duration.ofSeconds(6), Clocks.remaining(noDeadline, 1, readAt.plusSeconds(4)).orElseThrow());
    ClockReadings paused = readings.toBuilder().setPaused(true).build();
    assertEquals(Duration.ofSeconds(10), Clocks.remaining(paused, 3, readAt.plusSeconds(3600)).orElseThrow());

    assertEquals(7, Clocks.seat(readings, 2).orElseThrow().getRemaining().getSeconds());
    assertTrue(Clocks.seat(readings, 4).isEmpty());
    assertTrue(Clocks.seat(null, 1).isEmpty());
    assertTrue(Clocks.remaining(ClockReadings.getDefaultInstance(), 1, readAt).isEmpty(), "a game without clocks has no time");
  }

  private static SeatClock clock(int seat, long remainingMillis, Instant deadline) {
    SeatClock.Builder clock = SeatClock.newBuilder().setSeat(seat)
        .setRemaining(Clocks.duration(Duration.ofMillis(remainingMillis)));
    if (deadline != null) {
      clock.setRunning(true).setDeadline(Timestamps.fromMillis(deadline.toEpochMilli()));
    }
    return clock.build();
  }
}
