package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.Durations;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The ending takeback window a creation sends ({@link CreateOptions#withEndingTakebackWindow}), offline. */
@Timeout(30)
class EndingTakebackOptionTest {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder()
      .setTicTacToe(TicTacToeConfig.getDefaultInstance()).setAllowTakebacks(true).build();

  @Test
  void theWindowGoesIntoACopyOfTheConfiguration() {
    assertEquals(Optional.empty(), CreateOptions.defaults().endingTakebackWindow());
    CreateOptions minute = CreateOptions.defaults().withEndingTakebackWindow(Duration.ofSeconds(60));
    assertEquals(Optional.of(Duration.ofSeconds(60)), minute.endingTakebackWindow());
    // The other options keep the window, and the window the other options.
    CreateOptions mixed = minute.withPrivate(true).withRequestId("r").withStarter(Starter.STARTER_SECOND_SEAT)
        .withClock(Clocks.perMove(Duration.ofSeconds(5))).withFirstMoveWindow(Duration.ofSeconds(30)).withLabel("round", "1")
        .withStartTime(Instant.parse("2030-05-01T18:00:00Z")).withPlayer("u-17", "Ann").withAllowHints(true).withBots(List.of())
        .withOnTimeout(dev.tabula.v1.TimeoutRule.TIMEOUT_RULE_LOSE).withPresence(Presence.kept()).withOwnerStreamMoves(true)
        .withSpectatorDelay(1, null);
    assertEquals(Optional.of(Duration.ofSeconds(60)), mixed.endingTakebackWindow());
    assertTrue(mixed.isPrivate());
    assertEquals(Optional.of(Presence.kept()), mixed.presence());
    assertTrue(mixed.spectatorDelay().isPresent());
    assertEquals(Optional.of(Duration.ofMillis(1500)), mixed.withEndingTakebackWindow(Duration.ofMillis(1500)).endingTakebackWindow(),
        "a later call replaces it");

    GameConfig sent = GameRequests.gameFromConfig(TIC_TAC_TOE, mixed).getConfig();
    assertEquals(Durations.fromSeconds(60), sent.getEndingTakebackWindow());
    assertEquals(Durations.fromMillis(1500),
        GameRequests.gameFromConfig(TIC_TAC_TOE, minute.withEndingTakebackWindow(Duration.ofMillis(1500))).getConfig()
            .getEndingTakebackWindow());
    assertEquals(Starter.STARTER_SECOND_SEAT, sent.getStarter());
    assertTrue(sent.hasPresence());
    assertTrue(sent.getAllowTakebacks(), "the configuration's own fields stay");
    assertFalse(TIC_TAC_TOE.hasEndingTakebackWindow(), "the caller's configuration is left as it is");
    // It replaces the configuration's own; without the option the configuration's stays.
    GameConfig own = TIC_TAC_TOE.toBuilder().setEndingTakebackWindow(Durations.fromSeconds(5)).build();
    assertEquals(Durations.fromSeconds(60), GameRequests.gameFromConfig(own, minute).getConfig().getEndingTakebackWindow());
    assertEquals(own.getEndingTakebackWindow(),
        GameRequests.gameFromConfig(own, CreateOptions.defaults()).getConfig().getEndingTakebackWindow());
    assertFalse(GameRequests.gameFromConfig(TIC_TAC_TOE, CreateOptions.defaults()).getConfig().hasEndingTakebackWindow());

    // Only a configuration takes it.
    IllegalArgumentException preset = assertThrows(IllegalArgumentException.class,
        () -> GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", minute));
    assertTrue(preset.getMessage().contains("takes an ending takeback window"), preset.getMessage());
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPgn("1. e4 *", minute));
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromSavedConfig("board", minute));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withEndingTakebackWindow(null));
  }
}
