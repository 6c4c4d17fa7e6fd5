package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.Timestamps;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The start time a creation sends, in the requests of every kind of source, offline. */
class StartTimeOptionTest {
  private static final Instant START = Instant.parse("2030-05-01T18:00:00.123456789Z");

  @Test
  void theStartTimeIsKeptAlongTheOtherOptions() {
    assertEquals(Optional.empty(), CreateOptions.defaults().startTime());
    CreateOptions scheduled = CreateOptions.defaults().withStartTime(START);
    assertEquals(Optional.of(START), scheduled.startTime());
    assertEquals(Optional.of(START.plusSeconds(1)), scheduled.withStartTime(START.plusSeconds(1)).startTime(), "a later call replaces it");
    // The other options keep the start time, and the start time the other options.
    CreateOptions mixed = scheduled.withPrivate(true).withPlayer("u-17", "Ann").withRequestId("r").withAllowHints(true)
        .withLabel("round", "1").withStarter(Starter.STARTER_SECOND_SEAT).withClock(Clocks.perMove(Duration.ofSeconds(5)))
        .withOnTimeout(dev.tabula.v1.TimeoutRule.TIMEOUT_RULE_LOSE).withFirstMoveWindow(Duration.ofSeconds(30)).withBots(List.of());
    assertEquals(Optional.of(START), mixed.startTime());
    assertTrue(mixed.withStartTime(START).isPrivate());
    assertEquals("r", mixed.withStartTime(START).requestId());
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withStartTime(null));
  }

  @Test
  void everySourceSendsTheStartTime() {
    CreateOptions options = CreateOptions.defaults().withStartTime(START);
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    for (CreateGameRequest request : List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options),
        GameRequests.gameFromConfig(config, options),
        GameRequests.gameFromPgn("1. e4 *", options),
        GameRequests.gameFromSavedConfig("board", options))) {
      assertEquals("2030-05-01T18:00:00.123456789Z", Timestamps.toString(request.getStartTime()), request.toString());
    }
    assertFalse(GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults()).hasStartTime());
    // Before 1970 the nanos stay positive, as the contract's Timestamp requires.
    assertEquals(Timestamps.fromMillis(-1500), Clocks.timestamp(Instant.ofEpochMilli(-1500)));
  }
}
