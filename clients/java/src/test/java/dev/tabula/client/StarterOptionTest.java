package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request the starter option makes, offline. */
class StarterOptionTest {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder()
      .setTicTacToe(TicTacToeConfig.newBuilder().setMisere(true).addBlocked(Moves.cell(1, 1))).build();

  @Test
  void theStarterGoesIntoACopyOfTheConfiguration() {
    CreateGameRequest request = GameRequests.gameFromConfig(TIC_TAC_TOE,
        CreateOptions.defaults().withStarter(Starter.STARTER_SECOND_SEAT).withRequestId("s1"));
    assertEquals(Starter.STARTER_SECOND_SEAT, request.getConfig().getStarter());
    assertEquals(TIC_TAC_TOE.getTicTacToe(), request.getConfig().getTicTacToe(), "the rest of the configuration is kept");
    assertEquals("s1", request.getRequestId());
    assertEquals(Starter.STARTER_UNSPECIFIED, TIC_TAC_TOE.getStarter(), "the caller's configuration is unchanged");
    assertEquals(Starter.STARTER_SECOND_SEAT, CreateOptions.defaults().withStarter(Starter.STARTER_SECOND_SEAT).starter().orElseThrow());

    // The option replaces the configuration's own starter; without it that one is sent.
    GameConfig random = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance())
        .setStarter(Starter.STARTER_RANDOM).build();
    assertEquals(Starter.STARTER_RANDOM, GameRequests.gameFromConfig(random, CreateOptions.defaults()).getConfig().getStarter());
    assertEquals(Starter.STARTER_FIRST_SEAT,
        GameRequests.gameFromConfig(random, CreateOptions.defaults().withStarter(Starter.STARTER_FIRST_SEAT)).getConfig().getStarter());
    assertEquals(Starter.STARTER_RANDOM, random.getStarter());
    assertTrue(CreateOptions.defaults().starter().isEmpty());

    // It goes along with a clock, which it leaves as it is.
    CreateGameRequest both = GameRequests.gameFromConfig(TIC_TAC_TOE, CreateOptions.defaults()
        .withStarter(Starter.STARTER_RANDOM).withClock(Clocks.perMove(Duration.ofSeconds(5))));
    assertEquals(Starter.STARTER_RANDOM, both.getConfig().getStarter());
    assertEquals(List.of(Clocks.perMove(Duration.ofSeconds(5))), both.getConfig().getClock().getControlsList());
    assertFalse(TIC_TAC_TOE.hasClock());
  }

  @Test
  void onlyAConfigurationTakesAStarter() {
    CreateOptions second = CreateOptions.defaults().withStarter(Starter.STARTER_SECOND_SEAT);
    IllegalArgumentException preset = assertThrows(IllegalArgumentException.class,
        () -> GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", second));
    assertTrue(preset.getMessage().contains("starter"), preset.getMessage());
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPgn("1. e4 *",
        CreateOptions.defaults().withStarter(Starter.STARTER_FIRST_SEAT)));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withStarter(null));
    // Both clients build their creations with Requests; neither calls the server.
    try (TabulaClient offline = TabulaClient.builder("127.0.0.1:1").build()) {
      assertThrows(IllegalArgumentException.class, () -> offline.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "misere", second));
      assertThrows(IllegalArgumentException.class,
          () -> offline.async().createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "misere", second));
    }
  }
}
