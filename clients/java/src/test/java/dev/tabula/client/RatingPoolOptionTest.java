package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.ListLeaderboardRequest;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The rating pool a creation sends, in the requests of every kind of source, and the leaderboard's request, offline. */
class RatingPoolOptionTest {
  @Test
  void thePoolIsUnratedByDefaultAndKeptAlongTheOtherOptions() {
    assertEquals(RatingPool.RATING_POOL_UNSPECIFIED, CreateOptions.defaults().ratingPool());
    CreateOptions rated = CreateOptions.defaults().withRatingPool(RatingPool.RATING_POOL_KIND);
    assertEquals(RatingPool.RATING_POOL_KIND, rated.ratingPool());
    assertEquals(RatingPool.RATING_POOL_UNSPECIFIED, CreateOptions.defaults().ratingPool(), "the defaults are left as they are");
    CreateOptions mixed = rated.withPrivate(true).withPlayer("u-17", "Ann").withRequestId("r").withAllowHints(true)
        .withLabel("round", "1").withStarter(Starter.STARTER_SECOND_SEAT).withClock(Clocks.perMove(Duration.ofSeconds(5)))
        .withOnTimeout(dev.tabula.v1.TimeoutRule.TIMEOUT_RULE_LOSE).withFirstMoveWindow(Duration.ofSeconds(30))
        .withBots(List.of()).withPlayers(List.of()).withLabels(java.util.Map.of()).withBot(2, 1, Duration.ZERO)
        .withStartTime(Instant.parse("2030-05-01T18:00:00Z")).withPresence(Presence.kept()).withSpectatorDelay(1, null)
        .withOwnerStreamMoves(true).withEndingTakebackWindow(Duration.ofSeconds(60));
    assertEquals(RatingPool.RATING_POOL_KIND, mixed.ratingPool(), "every other option keeps it");
    CreateOptions preset = mixed.withRatingPool(RatingPool.RATING_POOL_PRESET);
    assertEquals(RatingPool.RATING_POOL_PRESET, preset.ratingPool(), "a later call replaces it");
    assertTrue(preset.isPrivate());
    assertEquals("r", preset.requestId());
    assertTrue(preset.ownerStreamMoves());
    assertEquals(Optional.of(Duration.ofSeconds(60)), preset.endingTakebackWindow());
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withRatingPool(null));
  }

  @Test
  void everySourceSendsThePool() {
    CreateOptions options = CreateOptions.defaults().withRatingPool(RatingPool.RATING_POOL_PRESET);
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    for (CreateGameRequest request : List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options),
        GameRequests.gameFromConfig(config, options),
        GameRequests.gameFromPgn("1. e4 *", options),
        GameRequests.gameFromPgn(dev.tabula.v1.PgnImport.newBuilder().setPgn("1. e4 *").setPly(1).build(), options),
        GameRequests.gameFromSavedConfig("board", options))) {
      assertEquals(RatingPool.RATING_POOL_PRESET, request.getRatingPool(), request.toString());
    }
    assertEquals(RatingPool.RATING_POOL_UNSPECIFIED,
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults()).getRatingPool());
  }

  @Test
  void theLeaderboardsRequestCarriesEveryArgument() {
    assertEquals(ListLeaderboardRequest.newBuilder().setPool("chess/chess960").setPageSize(20).setPageToken("t").setExcludeProvisional(true)
        .build(), Requests.listLeaderboard("chess/chess960", 20, "t", true));
    assertEquals(ListLeaderboardRequest.newBuilder().setPool("chess").build(), Requests.listLeaderboard("chess", 0, "", false));
    assertThrows(NullPointerException.class, () -> Requests.listLeaderboard(null, 0, "", false));
    assertEquals("u-17", Requests.getPlayerRatings("u-17").getPlayerId());
  }
}
