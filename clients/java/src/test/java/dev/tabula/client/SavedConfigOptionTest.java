package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.BotSeat;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TimeoutRule;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The requests {@code createGameFromSavedConfig} makes, offline. */
@Timeout(30)
class SavedConfigOptionTest {
  /** A stand-in that records every CreateGame request in {@code requests} and answers with a game named after the saved configuration. */
  private static Games.StandIn recording(List<CreateGameRequest> requests) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void createGame(CreateGameRequest request, StreamObserver<CreateGameResponse> observer) {
        requests.add(request);
        observer.onNext(CreateGameResponse.newBuilder()
            .setGame(Game.newBuilder().setGameId("from-" + request.getSavedConfig()).setPrivate(request.getPrivate())).build());
        observer.onCompleted();
      }
    });
  }

  @Test
  void theNameIsTheSourceAndTheOptionsGoAlong() {
    CreateGameRequest plain = GameRequests.gameFromSavedConfig("big-board", CreateOptions.defaults());
    assertEquals(CreateGameRequest.SourceCase.SAVED_CONFIG, plain.getSourceCase());
    assertEquals("big-board", plain.getSavedConfig());
    assertFalse(plain.getPrivate());
    assertEquals("", plain.getRequestId());
    assertFalse(plain.hasAllowHints());
    assertEquals(0, plain.getBotsCount());

    CreateGameRequest full = GameRequests.gameFromSavedConfig("big-board",
        CreateOptions.defaults().withPrivate(true).withRequestId("r1").withBot(2, 3, Duration.ZERO).withAllowHints(true));
    assertEquals(CreateGameRequest.SourceCase.SAVED_CONFIG, full.getSourceCase());
    assertTrue(full.getPrivate());
    assertEquals("r1", full.getRequestId());
    assertEquals(List.of(BotSeat.newBuilder().setSeat(2).setLevel(3).build()), full.getBotsList());
    assertTrue(full.getAllowHints());
    assertFalse(full.hasConfig(), "the configuration is the saved one's, on the server");
  }

  @Test
  void aClockOrAStarterIsRefusedBeforeTheCall() throws Exception {
    List<CreateGameRequest> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = recording(sent); TabulaClient client = standIn.client()) {
      for (CreateOptions refused : List.of(
          CreateOptions.defaults().withClock(Clocks.perMove(Duration.ofSeconds(5))),
          CreateOptions.defaults().withOnTimeout(TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE),
          CreateOptions.defaults().withFirstMoveWindow(Duration.ofSeconds(30)),
          CreateOptions.defaults().withStarter(Starter.STARTER_SECOND_SEAT))) {
        IllegalArgumentException blocking = assertThrows(IllegalArgumentException.class,
            () -> client.createGameFromSavedConfig("big-board", refused));
        assertTrue(blocking.getMessage().contains("saved configuration"), blocking.getMessage());
        assertThrows(IllegalArgumentException.class, () -> client.async().createGameFromSavedConfig("big-board", refused));
      }
      assertThrows(NullPointerException.class, () -> client.createGameFromSavedConfig(null));
      assertEquals(List.of(), sent, "nothing reached the server");
    }
  }

  @Test
  void bothClientsSendTheSavedConfigurationWithTheOptions() throws Exception {
    List<CreateGameRequest> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = recording(sent); TabulaClient client = standIn.client()) {
      assertEquals("from-big-board", client.createGameFromSavedConfig("big-board").getGame().getGameId());
      CreateOptions options = CreateOptions.defaults().withPrivate(true).withRequestId("r2").withBot(1, 2, Duration.ofMillis(500))
          .withAllowHints(false);
      assertTrue(client.createGameFromSavedConfig("big-board", options).getGame().getPrivate());
      assertEquals("from-small", client.async().createGameFromSavedConfig("small").get(10, TimeUnit.SECONDS).getGame().getGameId());
      client.async().createGameFromSavedConfig("small", options).get(10, TimeUnit.SECONDS);

      assertEquals(4, sent.size());
      assertEquals(CreateGameRequest.newBuilder().setSavedConfig("big-board").build(), sent.get(0));
      CreateGameRequest withOptions = CreateGameRequest.newBuilder().setSavedConfig("big-board").setPrivate(true).setRequestId("r2")
          .addBots(BotSeat.newBuilder().setSeat(1).setLevel(2).setMoveTime(Clocks.duration(Duration.ofMillis(500))))
          .setAllowHints(false).build();
      assertEquals(withOptions, sent.get(1));
      assertTrue(sent.get(1).hasAllowHints(), "false is sent when given");
      assertEquals(CreateGameRequest.newBuilder().setSavedConfig("small").build(), sent.get(2));
      assertEquals(withOptions.toBuilder().setSavedConfig("small").build(), sent.get(3));
    }
  }
}
