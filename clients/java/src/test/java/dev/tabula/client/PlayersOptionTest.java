package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.Player;
import dev.tabula.v1.TicTacToeConfig;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The players a creation names, in the requests of every kind of source, offline. */
@Timeout(30)
class PlayersOptionTest {
  private static final Player ANN = Player.newBuilder().setPlayerId("u-17").setDisplayName("Ann").build();
  private static final Player BOB = Player.newBuilder().setPlayerId("u-42").setDisplayName("Bob").build();

  @Test
  void playersAreNamedInSeatOrderAndReplacedByWithPlayers() {
    assertEquals(List.of(), CreateOptions.defaults().players());
    CreateOptions both = CreateOptions.defaults().withPlayer("u-17", "Ann").withPlayer("u-42", "Bob");
    assertEquals(List.of(ANN, BOB), both.players());
    assertEquals(List.of(BOB), both.withPlayers(BOB).players(), "withPlayers replaces the players given before");
    assertEquals(List.of(Player.getDefaultInstance(), BOB), CreateOptions.defaults().withPlayers(Player.getDefaultInstance(), BOB).players());
    assertEquals(List.of(ANN), CreateOptions.defaults().withPlayers(List.of(ANN)).players());
    assertEquals(List.of(), both.withPlayers().players());
    // The other options keep the players, and the players the other options.
    CreateOptions mixed = both.withPrivate(true).withBot(2, 1, Duration.ZERO).withRequestId("r").withAllowHints(true);
    assertEquals(List.of(ANN, BOB), mixed.players());
    assertTrue(mixed.withPlayer("", "Cy").isPrivate());
    assertEquals(1, mixed.withPlayer("", "Cy").bots().size());
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withPlayer(null, "Ann"));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withPlayer("u-17", null));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withPlayers((List<Player>) null));
  }

  @Test
  void everySourceSendsThePlayers() {
    CreateOptions options = CreateOptions.defaults().withPlayer("u-17", "Ann").withPlayer("u-42", "Bob");
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    for (CreateGameRequest request : List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options),
        GameRequests.gameFromConfig(config, options),
        GameRequests.gameFromPgn("1. e4 *", options),
        GameRequests.gameFromSavedConfig("board", options))) {
      assertEquals(List.of(ANN, BOB), request.getPlayersList(), request.toString());
    }
    assertEquals(0, GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults()).getPlayersCount());
  }

  @Test
  void bothClientsSendThePlayers() throws Exception {
    List<CreateGameRequest> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
          @Override
          public void createGame(CreateGameRequest request, StreamObserver<CreateGameResponse> observer) {
            sent.add(request);
            observer.onNext(CreateGameResponse.newBuilder()
                .setGame(Game.newBuilder().setGameId("g").addAllPlayers(request.getPlayersList())).build());
            observer.onCompleted();
          }
        });
        TabulaClient client = standIn.client()) {
      CreateOptions options = CreateOptions.defaults().withPlayers(ANN, BOB);
      assertEquals(List.of(ANN, BOB),
          client.createGameFromPreset(GameKind.GAME_KIND_CHESS, "standard", options).getGame().getPlayersList());
      assertEquals(List.of(ANN, BOB), client.async().createGameFromSavedConfig("board", options).get(10, TimeUnit.SECONDS)
          .getGame().getPlayersList());
      assertEquals(2, sent.size());
      assertEquals(List.of(ANN, BOB), sent.get(1).getPlayersList());
    }
  }
}
