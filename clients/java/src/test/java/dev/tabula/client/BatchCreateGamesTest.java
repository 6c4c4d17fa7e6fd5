package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.Move;
import dev.tabula.v1.Player;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.SeatToken;
import dev.tabula.v1.TicTacToeConfig;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code BatchCreateGames}: many games in one call, all or nothing, against a real server. */
@Timeout(120)
class BatchCreateGamesTest extends Games.Live {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
  private static final GameConfig CONNECT_FOUR = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance()).build();

  /** A label value or request id no other test of the run uses. */
  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private static List<String> ids(List<CreateGameResponse> games) {
    return games.stream().map(created -> created.getGame().getGameId()).toList();
  }

  private static Set<String> gameIds(List<Game> games) {
    return new HashSet<>(games.stream().map(Game::getGameId).toList());
  }

  /** What {@code future} completes with, or the {@link TabulaException} it completes exceptionally with. */
  private static <T> T joined(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException failed) {
      if (failed.getCause() instanceof TabulaException refusal) {
        throw refusal;
      }
      throw failed;
    }
  }

  /** A first move for a game of this kind: the centre of tic-tac-toe, the middle column of Connect Four. */
  private static Move firstMove(GameKind kind) {
    return kind == GameKind.GAME_KIND_CONNECT_FOUR ? Moves.drop(3) : Moves.placeCell(1, 1);
  }

  private static Move secondMove(GameKind kind) {
    return kind == GameKind.GAME_KIND_CONNECT_FOUR ? Moves.drop(4) : Moves.placeCell(0, 0);
  }

  /** Three tic-tac-toe games from the classic preset, labelled with {@code batch} and their index. */
  private static List<CreateGameRequest> threeGames(String batch) {
    List<CreateGameRequest> requests = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      requests.add(GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
          CreateOptions.defaults().withLabel("batch", batch).withLabel("index", String.valueOf(i))));
    }
    return requests;
  }

  @Test
  void fiftyGamesAreMadeInOrderEachWithItsPlayersAndLabelsAndTheirTokensPlay() throws Exception {
    String batch = unique("spring");
    String saved = client.createSavedConfig(SavedConfig.newBuilder().setName(unique("board")).setConfig(TIC_TAC_TOE).build()).getName();
    List<CreateGameRequest> requests = new ArrayList<>();
    List<GameKind> kinds = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      CreateOptions options = CreateOptions.defaults()
          .withPlayer("u-" + i + "-a", "Ann " + i).withPlayer("u-" + i + "-b", "Bob " + i)
          .withLabel("batch", batch).withLabel("index", String.valueOf(i));
      // Every source a batch takes, mixed: a preset, a configuration, a saved configuration.
      switch (i % 3) {
        case 0 -> requests.add(GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options));
        case 1 -> requests.add(GameRequests.gameFromConfig(CONNECT_FOUR, options.withPrivate(true)));
        default -> requests.add(GameRequests.gameFromSavedConfig(saved, options.withAllowHints(true)));
      }
      kinds.add(i % 3 == 1 ? GameKind.GAME_KIND_CONNECT_FOUR : GameKind.GAME_KIND_TIC_TAC_TOE);
    }

    List<CreateGameResponse> games = client.batchCreateGames(requests);
    assertEquals(50, games.size());
    assertEquals(50, new HashSet<>(ids(games)).size(), "50 different games");
    for (int i = 0; i < 50; i++) {
      CreateGameResponse created = games.get(i);
      Game game = created.getGame();
      assertFalse(created.getRetried());
      assertEquals(kinds.get(i), game.getKind(), "game " + i);
      assertEquals(Map.of("batch", batch, "index", String.valueOf(i)), game.getLabelsMap(), "the answers come in the requests' order");
      assertEquals(List.of("Ann " + i, "Bob " + i), game.getPlayersList().stream().map(Player::getDisplayName).toList());
      assertEquals("u-" + i + "-a", game.getPlayers(0).getPlayerId());
      assertEquals(i % 3 == 1, game.getPrivate(), "game " + i);
      assertEquals(i % 3 == 2, game.getAllowHints(), "game " + i);
      assertEquals(List.of(1, 2), created.getSeatTokensList().stream().map(SeatToken::getSeat).toList());
      // A private game is read by its seats only.
      assertEquals(game.getLabelsMap(), seat(created, 1).getGame(game.getGameId()).getLabelsMap(), "the game is stored as answered");
    }

    // Each game's tokens play it, seat 1 then seat 2.
    for (int i = 0; i < 50; i++) {
      CreateGameResponse created = games.get(i);
      String id = created.getGame().getGameId();
      assertEquals(2, seat(created, 1).submitMove(id, firstMove(kinds.get(i))).getSeq());
      assertEquals(3, seat(created, 2).submitMove(id, secondMove(kinds.get(i))).getSeq());
    }
    assertEquals(new HashSet<>(ids(games)), gameIds(client.listAllGames(Map.of("batch", batch))));

    // The asynchronous client, without a request id.
    List<CreateGameResponse> two = client.async().batchCreateGames(List.of(
        GameRequests.gameFromConfig(TIC_TAC_TOE, CreateOptions.defaults().withLabel("batch", batch).withLabel("index", "50")),
        GameRequests.gameFromPgn("1. e4 e5 *", CreateOptions.defaults().withLabel("batch", batch).withLabel("index", "51"))))
        .get(30, TimeUnit.SECONDS);
    assertEquals(List.of(GameKind.GAME_KIND_TIC_TAC_TOE, GameKind.GAME_KIND_CHESS),
        two.stream().map(created -> created.getGame().getKind()).toList());
    assertEquals(List.of("50", "51"), two.stream().map(created -> created.getGame().getLabelsMap().get("index")).toList());
    assertEquals(2, two.get(1).getGame().getMoveCount(), "the PGN's moves are imported");
    assertEquals(52, client.listAllGames(Map.of("batch", batch)).size());
  }

  @Test
  void aRetriedBatchReturnsItsGamesWithNewTokensWhereNobodyActed() throws Exception {
    String batch = unique("retry");
    String requestId = unique("batch");
    List<CreateGameRequest> requests = threeGames(batch);
    List<CreateGameResponse> first = client.batchCreateGames(requests, requestId);
    List<String> ids = ids(first);
    assertEquals(3, ids.size());
    assertTrue(first.stream().noneMatch(CreateGameResponse::getRetried));
    // Someone acts in the first game only.
    seat(first.get(0), 1).submitMove(ids.get(0), Moves.placeCell(1, 1));

    List<CreateGameResponse> retry = client.batchCreateGames(requests, requestId);
    assertEquals(ids, ids(retry), "the same games, in order");
    assertTrue(retry.stream().allMatch(CreateGameResponse::getRetried));
    assertEquals(0, retry.get(0).getSeatTokensCount(), "no new tokens once someone has acted");
    for (int i = 1; i < 3; i++) {
      assertEquals(2, retry.get(i).getSeatTokensCount(), "new tokens for untouched game " + i);
      assertNotEquals(first.get(i).getSeatTokens(0).getToken(), retry.get(i).getSeatTokens(0).getToken());
    }
    // The first tokens of an untouched game stopped working; the new ones play.
    String second = ids.get(1);
    refused(Status.Code.UNAUTHENTICATED, "INVALID_CREDENTIAL", () -> seat(first.get(1), 1).submitMove(second, Moves.placeCell(1, 1)));
    assertEquals(2, seat(retry.get(1), 1).submitMove(second, Moves.placeCell(1, 1)).getSeq());
    assertEquals(3, seat(first.get(0), 2).submitMove(ids.get(0), Moves.placeCell(0, 0)).getSeq(),
        "the first game's tokens still play");

    // Retried again through the asynchronous client: now only the third game gets new tokens.
    List<CreateGameResponse> late = client.async().batchCreateGames(requests, requestId).get(30, TimeUnit.SECONDS);
    assertEquals(ids, ids(late));
    assertTrue(late.stream().allMatch(CreateGameResponse::getRetried));
    assertEquals(List.of(0, 0, 2), late.stream().map(CreateGameResponse::getSeatTokensCount).toList());

    // The same id with other requests is refused, and makes nothing.
    refused(Status.Code.FAILED_PRECONDITION, "REQUEST_ID_REUSED", () -> client.batchCreateGames(requests.subList(0, 2), requestId));
    assertEquals(new HashSet<>(ids), gameIds(client.listAllGames(Map.of("batch", batch))));
    // Another id makes other games.
    List<CreateGameResponse> other = client.batchCreateGames(requests, unique("batch"));
    assertTrue(other.stream().noneMatch(CreateGameResponse::getRetried));
    assertTrue(ids(other).stream().noneMatch(ids::contains));
  }

  @Test
  void aBatchWithABadRequestMakesNoGameAndNamesIt() {
    String batch = unique("bad");
    List<CreateGameRequest> requests = new ArrayList<>(threeGames(batch));
    requests.set(1, GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withLabel("batch", batch).withLabel("Stage", "final")));
    TabulaException bad = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.batchCreateGames(requests));
    assertEquals(List.of("requests[1].labels[Stage]"), LabelsTest.fieldViolations(bad));
    assertTrue(bad.getMessage().contains("requests[1].labels[Stage]"), bad.getMessage());
    assertEquals(List.of(), client.listAllGames(Map.of("batch", batch)), "no game of the batch was made");

    // Every problem of every request is named: an unknown preset, a request id of a request's own.
    requests.set(2, GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "no-such-preset",
        CreateOptions.defaults().withLabel("batch", batch)));
    requests.set(0, GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withLabel("batch", batch).withRequestId("own")));
    TabulaException many = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> joined(client.async().batchCreateGames(requests, unique("batch"))));
    assertEquals(List.of("requests[0].request_id", "requests[1].labels[Stage]", "requests[2].preset"),
        LabelsTest.fieldViolations(many).stream().sorted().toList());

    // A refusal that names no field: the first one.
    List<CreateGameRequest> unsaved = List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults().withLabel("batch", batch)),
        GameRequests.gameFromSavedConfig(unique("never-saved"), CreateOptions.defaults().withLabel("batch", batch)));
    refused(Status.Code.NOT_FOUND, "SAVED_CONFIG_NOT_FOUND", () -> client.batchCreateGames(unsaved));
    // An empty batch.
    assertEquals(List.of("requests"),
        LabelsTest.fieldViolations(refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.batchCreateGames(List.of()))));
    assertEquals(List.of(), client.listAllGames(Map.of("batch", batch)), "no game of any refused batch was made");

    // What the client refuses before calling: nulls, and a clock where a request has no place for one.
    assertThrows(NullPointerException.class, () -> client.batchCreateGames(null));
    assertThrows(NullPointerException.class, () -> client.batchCreateGames(threeGames(batch), null));
    assertThrows(NullPointerException.class, () -> client.batchCreateGames(Arrays.asList(threeGames(batch).get(0), null)));
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withClock(Clocks.perMove(Duration.ofMinutes(1)))));
  }

  @Test
  void theKeysCapCountsEveryGameOfTheBatch() throws Exception {
    String secret = "batch-secret-for-the-cap-test";
    try (TestServer keyed = TestServer.start("--service-key", "lobby=" + secret, "--max-games-per-key", "4");
        TabulaClient lobby = TabulaClient.builder(keyed.address).credential(secret).build()) {
      String batch = unique("capped");
      assertEquals(3, lobby.batchCreateGames(threeGames(batch)).size());
      TabulaException full = refused(Status.Code.RESOURCE_EXHAUSTED, "TOO_MANY_GAMES",
          () -> lobby.batchCreateGames(threeGames(batch).subList(0, 2)));
      assertEquals("4", full.getMetadata().get("limit"), full.getMetadata().toString());
      assertEquals(3, lobby.listAllGames(Map.of("batch", batch)).size(), "the batch that did not fit made no game");
      assertEquals(1, lobby.batchCreateGames(threeGames(batch).subList(0, 1)).size(), "one more fits");
      refused(Status.Code.UNAUTHENTICATED, "CREDENTIAL_REQUIRED", () -> lobby.as("").batchCreateGames(threeGames(batch)));
    }
  }
}
