package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.ListSavedConfigsResponse;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import io.grpc.Status;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Saved configurations and games created from them, against a real server. */
@Timeout(60)
class SavedConfigsTest extends Games.Live {
  private static GameConfig connectFour(int width, int height, int winLength) {
    return GameConfig.newBuilder()
        .setConnectFour(ConnectFourConfig.newBuilder().setWidth(width).setHeight(height).setWinLength(winLength)).build();
  }

  private static SavedConfig saved(String name, String description, GameConfig config) {
    return SavedConfig.newBuilder().setName(name).setDescription(description).setConfig(config).build();
  }

  @Test
  void aSavedConfigurationIsCreatedUsedUpdatedAndDeleted() {
    SavedConfig big = client.createSavedConfig(saved("big-board", "the big board", connectFour(9, 7, 5)));
    assertEquals("big-board", big.getName());
    assertEquals("the big board", big.getDescription());
    assertEquals(GameKind.GAME_KIND_CONNECT_FOUR, big.getKind());
    assertEquals(9, big.getConfig().getConnectFour().getWidth());
    assertEquals(7, big.getConfig().getConnectFour().getHeight());
    assertEquals(5, big.getConfig().getConnectFour().getWinLength());
    assertTrue(big.hasCreateTime(), big.toString());
    assertEquals(big, client.getSavedConfig("big-board"));
    refused(Status.Code.ALREADY_EXISTS, "SAVED_CONFIG_EXISTS",
        () -> client.createSavedConfig(saved("big-board", "again", connectFour(9, 7, 5))));

    CreateGameResponse created = client.createGameFromSavedConfig("big-board");
    String gameId = created.getGame().getGameId();
    assertEquals(big.getConfig(), created.getGame().getConfig(), "the game copies the saved configuration");
    assertEquals(GameKind.GAME_KIND_CONNECT_FOUR, created.getGame().getKind());
    assertEquals(2, created.getSeatTokensCount());

    SavedConfig smaller = client.updateSavedConfig(saved("big-board", "smaller",
        GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance()).build()));
    assertEquals(big.getCreateTime(), smaller.getCreateTime(), "an update keeps the creation time");
    assertEquals("smaller", smaller.getDescription());
    assertEquals(7, smaller.getConfig().getConnectFour().getWidth());
    assertEquals(6, smaller.getConfig().getConnectFour().getHeight());
    assertEquals(4, smaller.getConfig().getConnectFour().getWinLength());
    assertEquals(smaller, client.getSavedConfig("big-board"));
    ConnectFourConfig kept = client.getGame(gameId).getConfig().getConnectFour();
    assertEquals(List.of(9, 7, 5), List.of(kept.getWidth(), kept.getHeight(), kept.getWinLength()),
        "the game made before keeps its copy");

    client.deleteSavedConfig("big-board");
    refused(Status.Code.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND", () -> client.getSavedConfig("big-board"));
    refused(Status.Code.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND", () -> client.createGameFromSavedConfig("big-board"));
    refused(Status.Code.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND", () -> client.deleteSavedConfig("big-board"));
    refused(Status.Code.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND",
        () -> client.updateSavedConfig(saved("big-board", "gone", connectFour(9, 7, 5))));
    assertEquals(9, client.getGame(gameId).getConfig().getConnectFour().getWidth(), "nor does a deletion change the game");
  }

  @Test
  void savedConfigurationsArePagedByName() throws Exception {
    // A server of its own: the listing holds every saved configuration of the namespace.
    try (TestServer fresh = TestServer.start(); TabulaClient own = TabulaClient.builder(fresh.address).build()) {
      for (String name : List.of("c", "a", "b")) {
        own.createSavedConfig(saved(name, "", connectFour(7, 6, 4)));
      }
      ListSavedConfigsResponse first = own.listSavedConfigs(2, "");
      assertEquals(List.of("a", "b"), first.getSavedConfigsList().stream().map(SavedConfig::getName).toList());
      assertFalse(first.getNextPageToken().isEmpty() || first.getNextPageToken().equals("b"), "a token is opaque");
      ListSavedConfigsResponse second = own.listSavedConfigs(2, first.getNextPageToken());
      assertEquals(List.of("c"), second.getSavedConfigsList().stream().map(SavedConfig::getName).toList());
      assertEquals("", second.getNextPageToken());
      assertEquals(GameKind.GAME_KIND_CONNECT_FOUR, second.getSavedConfigs(0).getKind());

      assertEquals(3, own.listSavedConfigs().getSavedConfigsCount());
      assertEquals(List.of("a", "b", "c"), own.listAllSavedConfigs().stream().map(SavedConfig::getName).toList());
      assertEquals(List.of("a", "b"), own.async().listSavedConfigs(2, "").get(10, TimeUnit.SECONDS)
          .getSavedConfigsList().stream().map(SavedConfig::getName).toList());
    }
  }

  @Test
  void badNamesAndConfigurationsAreRefused() {
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createSavedConfig(saved("Not A Name", "", connectFour(7, 6, 4))));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_CONFIG",
        () -> client.createSavedConfig(saved("narrow", "", connectFour(2, 6, 4))));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createSavedConfig(saved("long-description", "x".repeat(501), connectFour(7, 6, 4))));
    refused(Status.Code.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND", () -> client.getSavedConfig("narrow"));
  }

  @Test
  void aRandomStarterStaysRandomAndEachGameDrawsItsOwn() {
    GameConfig random = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance())
        .setStarter(Starter.STARTER_RANDOM).build();
    assertEquals(Starter.STARTER_RANDOM, client.createSavedConfig(saved("random-start", "", random)).getConfig().getStarter());
    for (int i = 0; i < 5; i++) {
      Starter drawn = client.createGameFromSavedConfig("random-start").getGame().getConfig().getStarter();
      assertTrue(drawn == Starter.STARTER_FIRST_SEAT || drawn == Starter.STARTER_SECOND_SEAT, drawn.toString());
    }
    assertEquals(Starter.STARTER_RANDOM, client.getSavedConfig("random-start").getConfig().getStarter());
    client.deleteSavedConfig("random-start");
  }

  @Test
  void theAsynchronousClientDoesTheSame() throws Exception {
    TabulaAsyncClient async = client.async();
    SavedConfig saved = async.createSavedConfig(saved("async-board", "asynchronous", connectFour(8, 8, 4)))
        .get(10, TimeUnit.SECONDS);
    assertEquals(GameKind.GAME_KIND_CONNECT_FOUR, saved.getKind());
    assertEquals(saved, async.getSavedConfig("async-board").get(10, TimeUnit.SECONDS));
    assertTrue(async.listSavedConfigs().get(10, TimeUnit.SECONDS).getSavedConfigsList().contains(saved));
    CreateGameResponse created = async.createGameFromSavedConfig("async-board", CreateOptions.defaults().withPrivate(true))
        .get(10, TimeUnit.SECONDS);
    assertEquals(saved.getConfig(), created.getGame().getConfig());
    assertTrue(created.getGame().getPrivate());
    SavedConfig updated = async.updateSavedConfig(saved("async-board", "wider", connectFour(10, 8, 4))).get(10, TimeUnit.SECONDS);
    assertEquals(saved.getCreateTime(), updated.getCreateTime());
    assertNotEquals(saved.getConfig(), updated.getConfig());
    async.deleteSavedConfig("async-board").get(10, TimeUnit.SECONDS);
    ExecutionException gone = assertThrows(ExecutionException.class,
        () -> async.createGameFromSavedConfig("async-board").get(10, TimeUnit.SECONDS));
    TabulaException error = assertInstanceOf(TabulaException.class, gone.getCause());
    assertEquals(Status.Code.NOT_FOUND, error.getCode());
    assertEquals("SAVED_CONFIG_NOT_FOUND", error.getReason());
  }
}
