package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.SpectatorDelay;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The spectator delay and the moves on the owner's stream a creation sends, in the requests of
 * every kind of source, offline.
 */
class SpectatorDelayOptionTest {
  private static SpectatorDelay parse(String json) throws Exception {
    SpectatorDelay.Builder delay = SpectatorDelay.newBuilder();
    JsonFormat.parser().merge(json, delay);
    return delay.build();
  }

  @Test
  void theDelayIsBuiltPartByPart() throws Exception {
    assertEquals(Optional.empty(), CreateOptions.defaults().spectatorDelay());
    assertEquals(Optional.of(parse("{\"plies\": 2, \"duration\": \"30s\"}")),
        CreateOptions.defaults().withSpectatorDelay(2, Duration.ofSeconds(30)).spectatorDelay());
    // 0 plies or a null duration leave that part unset.
    SpectatorDelay plies = CreateOptions.defaults().withSpectatorDelay(1, null).spectatorDelay().orElseThrow();
    assertEquals(parse("{\"plies\": 1}"), plies);
    assertFalse(plies.hasDuration());
    assertEquals(parse("{\"duration\": \"1.500s\"}"),
        CreateOptions.defaults().withSpectatorDelay(0, Duration.ofMillis(1500)).spectatorDelay().orElseThrow());
    // Neither part: sent as it is, for the server to refuse.
    assertEquals(Optional.of(SpectatorDelay.getDefaultInstance()), CreateOptions.defaults().withSpectatorDelay(0, null).spectatorDelay());
    assertThrows(IllegalArgumentException.class, () -> CreateOptions.defaults().withSpectatorDelay(-1, null));
  }

  @Test
  void theDelayIsKeptAlongTheOtherOptions() {
    CreateOptions delayed = CreateOptions.defaults().withSpectatorDelay(3, null);
    CreateOptions mixed = delayed.withPrivate(true).withPlayer("u-17", "Ann").withRequestId("r").withAllowHints(true)
        .withLabel("round", "1").withStarter(Starter.STARTER_SECOND_SEAT).withClock(Clocks.perMove(Duration.ofSeconds(5)))
        .withOnTimeout(dev.tabula.v1.TimeoutRule.TIMEOUT_RULE_LOSE).withFirstMoveWindow(Duration.ofSeconds(30)).withBots(List.of())
        .withStartTime(Instant.parse("2030-05-01T18:00:00Z")).withPresence(Presence.kept()).withOwnerStreamMoves(true);
    assertEquals(3, mixed.spectatorDelay().orElseThrow().getPlies());
    CreateOptions replaced = mixed.withSpectatorDelay(0, Duration.ofMinutes(1));
    assertEquals(0, replaced.spectatorDelay().orElseThrow().getPlies(), "a later call replaces it");
    assertTrue(replaced.isPrivate());
    assertEquals("r", replaced.requestId());
    assertEquals(Optional.of(Instant.parse("2030-05-01T18:00:00Z")), replaced.startTime());
    assertEquals(Optional.of(Presence.kept()), replaced.presence());
    assertTrue(replaced.ownerStreamMoves(), "the delay leaves the owner stream's moves as they were");
  }

  @Test
  void theOwnerStreamMovesAreOffByDefaultAndKeptAlongTheOtherOptions() {
    assertFalse(CreateOptions.defaults().ownerStreamMoves());
    CreateOptions on = CreateOptions.defaults().withOwnerStreamMoves(true);
    assertTrue(on.ownerStreamMoves());
    assertFalse(CreateOptions.defaults().ownerStreamMoves(), "the defaults are left as they are");
    CreateOptions mixed = on.withPrivate(true).withPlayer("u-17", "Ann").withRequestId("r").withAllowHints(true)
        .withLabel("round", "1").withStarter(Starter.STARTER_SECOND_SEAT).withClock(Clocks.perMove(Duration.ofSeconds(5)))
        .withOnTimeout(dev.tabula.v1.TimeoutRule.TIMEOUT_RULE_LOSE).withFirstMoveWindow(Duration.ofSeconds(30))
        .withBots(List.of()).withPlayers(List.of()).withLabels(java.util.Map.of()).withBot(2, 1, Duration.ZERO)
        .withStartTime(Instant.parse("2030-05-01T18:00:00Z")).withPresence(Presence.kept()).withSpectatorDelay(1, null);
    assertTrue(mixed.ownerStreamMoves(), "every other option keeps it");
    CreateOptions off = mixed.withOwnerStreamMoves(false);
    assertFalse(off.ownerStreamMoves(), "a later call replaces it");
    assertTrue(off.isPrivate());
    assertEquals("r", off.requestId());
    assertEquals(1, off.spectatorDelay().orElseThrow().getPlies());
    assertEquals(Optional.of(Presence.kept()), off.presence());
  }

  @Test
  void everySourceSendsTheDelay() throws Exception {
    CreateOptions options = CreateOptions.defaults().withSpectatorDelay(1, Duration.ofSeconds(2));
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    for (CreateGameRequest request : List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options),
        GameRequests.gameFromConfig(config, options),
        GameRequests.gameFromPgn("1. e4 *", options),
        GameRequests.gameFromSavedConfig("board", options))) {
      assertEquals(parse("{\"plies\": 1, \"duration\": \"2s\"}"), request.getSpectatorDelay(), request.toString());
    }
    assertFalse(GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults()).hasSpectatorDelay());
  }

  @Test
  void everySourceSendsTheOwnerStreamMoves() {
    CreateOptions options = CreateOptions.defaults().withOwnerStreamMoves(true);
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    for (CreateGameRequest request : List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options),
        GameRequests.gameFromConfig(config, options),
        GameRequests.gameFromPgn("1. e4 *", options),
        GameRequests.gameFromPgn(dev.tabula.v1.PgnImport.newBuilder().setPgn("1. e4 *").setPly(1).build(), options),
        GameRequests.gameFromSavedConfig("board", options))) {
      assertTrue(request.getOwnerStreamMoves(), request.toString());
    }
    assertFalse(GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults()).getOwnerStreamMoves());
    assertFalse(GameRequests.gameFromConfig(config, options.withOwnerStreamMoves(false)).getOwnerStreamMoves());
  }
}
