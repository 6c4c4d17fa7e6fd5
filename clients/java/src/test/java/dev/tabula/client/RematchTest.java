package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.BotSeat;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.CreateRematchRequest;
import dev.tabula.v1.CreateRematchResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.Player;
import dev.tabula.v1.SeatToken;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code CreateRematch}: a finished game played again, its players swapped, against a real server. */
@Timeout(120)
class RematchTest extends Games.Live {
  /** A label value or request id no other test of the run uses. */
  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** What {@code future} completes with, or the {@link TabulaException} it completes exceptionally with. */
  private static <T> T joined(CompletableFuture<T> future) {
    try {
      return future.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException failed) {
      if (failed.getCause() instanceof TabulaException refusal) {
        throw refusal;
      }
      throw new CompletionException(failed.getCause());
    } catch (Exception other) {
      throw new AssertionError("the call did not complete", other);
    }
  }

  /** The client of {@code seat} (from 1) of a rematch just made. */
  private static TabulaClient seat(CreateRematchResponse rematch, int seat) {
    for (SeatToken token : rematch.getSeatTokensList()) {
      if (token.getSeat() == seat) {
        return client.as(token.getToken());
      }
    }
    throw new AssertionError("no token for seat " + seat + " in " + rematch.getSeatTokensList());
  }

  private static List<String> names(Game game) {
    return game.getPlayersList().stream().map(Player::getDisplayName).toList();
  }

  /** A tic-tac-toe game between Ann (X, seat 1) and Bob (O, seat 2), labelled with {@code labels}, in progress. */
  private static CreateGameResponse annAgainstBob(Map<String, String> labels) {
    return client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withPlayer("u-ann", "Ann").withPlayer("u-bob", "Bob").withLabels(labels).withAllowHints(true));
  }

  /** Plays the top row for X (seat 1) in a fresh tic-tac-toe game, which X wins. */
  private static void xWins(String gameId, TabulaClient x, TabulaClient o) {
    x.submitMove(gameId, Moves.placeCell(0, 0));
    o.submitMove(gameId, Moves.placeCell(1, 0));
    x.submitMove(gameId, Moves.placeCell(0, 1));
    o.submitMove(gameId, Moves.placeCell(1, 1));
    x.submitMove(gameId, Moves.placeCell(0, 2));
  }

  @Test
  void aFinishedGameIsPlayedAgainWithItsPlayersSwappedAndOnlyOnce() {
    Map<String, String> labels = Map.of("tournament", unique("spring"), "round", "1");
    CreateGameResponse created = annAgainstBob(labels);
    String id = created.getGame().getGameId();
    TabulaClient ann = seat(created, 1);
    TabulaClient bob = seat(created, 2);

    refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_FINISHED", () -> client.createRematch(id));
    xWins(id, ann, bob);
    Game finished = client.getGame(id);
    assertEquals(GameStatus.GAME_STATUS_FINISHED, finished.getStatus());
    assertEquals("", finished.getRematch(), "no rematch yet");
    assertEquals("", finished.getRematchOf(), "a game created on its own is nobody's rematch");

    String requestId = unique("rematch");
    CreateRematchResponse rematch = client.createRematch(id, requestId);
    Game again = rematch.getGame();
    String againId = again.getGameId();
    assertFalse(rematch.getRetried());
    assertNotEquals(id, againId);
    assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, again.getStatus());
    assertEquals(GameKind.GAME_KIND_TIC_TAC_TOE, again.getKind());
    assertEquals(finished.getConfig(), again.getConfig(), "the same configuration");
    assertEquals(List.of("Bob", "Ann"), names(again), "the players change seats");
    assertEquals("u-bob", again.getPlayers(0).getPlayerId());
    assertEquals(labels, again.getLabelsMap(), "the labels are kept");
    assertTrue(again.getAllowHints(), "hints are kept");
    assertFalse(again.getPrivate());
    assertEquals(id, again.getRematchOf());
    assertEquals("", again.getRematch());
    assertEquals(again, client.getGame(againId), "the rematch is stored as answered");
    assertEquals(againId, client.getGame(id).getRematch(), "the finished game names its rematch");
    assertEquals(List.of(1, 2), rematch.getSeatTokensList().stream().map(SeatToken::getSeat).toList());

    // A retry of the same request, before anyone acted: the same game, new tokens; the first stop working.
    CreateRematchResponse retried = client.createRematch(id, requestId);
    assertTrue(retried.getRetried());
    assertEquals(againId, retried.getGame().getGameId());
    assertEquals(2, retried.getSeatTokensCount());
    assertNotEquals(rematch.getSeatTokens(0).getToken(), retried.getSeatTokens(0).getToken());
    refused(Status.Code.UNAUTHENTICATED, "INVALID_CREDENTIAL", () -> seat(rematch, 1).submitMove(againId, Moves.placeCell(1, 1)));

    // The new tokens play: Bob, now in seat 1, moves first.
    TabulaClient bobFirst = seat(retried, 1);
    assertEquals(1, bobFirst.getView(againId).getViewerSeat());
    assertEquals(2, bobFirst.submitMove(againId, Moves.placeCell(1, 1)).getSeq());
    assertEquals(3, seat(retried, 2).submitMove(againId, Moves.placeCell(0, 0)).getSeq());

    // A retry once someone acted: the same game, no tokens.
    CreateRematchResponse late = client.createRematch(id, requestId);
    assertTrue(late.getRetried());
    assertEquals(againId, late.getGame().getGameId());
    assertEquals(0, late.getSeatTokensCount());

    // Any other request: at most one rematch a game.
    for (String other : List.of("", unique("another"))) {
      TabulaException exists = refused(Status.Code.ALREADY_EXISTS, "REMATCH_EXISTS", () -> client.createRematch(id, other));
      assertEquals(ErrorReason.ERROR_REASON_REMATCH_EXISTS, exists.getReasonCode());
      assertEquals(againId, exists.getMetadata().get("rematch_game_id"), exists.getMetadata().toString());
      assertEquals(id, exists.getMetadata().get("game_id"), exists.getMetadata().toString());
    }
    refused(Status.Code.ALREADY_EXISTS, "REMATCH_EXISTS", () -> client.createRematch(id));
    assertEquals(againId, client.getGame(id).getRematch());
  }

  @Test
  void aRematchOfARematchSwapsThePlayersBack() {
    CreateGameResponse created = annAgainstBob(Map.of());
    String id = created.getGame().getGameId();
    seat(created, 2).resign(id);
    CreateRematchResponse second = client.createRematch(id);
    String secondId = second.getGame().getGameId();
    assertEquals(List.of("Bob", "Ann"), names(second.getGame()));
    assertEquals(Map.of(), second.getGame().getLabelsMap());

    refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_FINISHED", () -> client.createRematch(secondId));
    xWins(secondId, seat(second, 1), seat(second, 2));
    assertEquals(1, client.getGame(secondId).getOutcome().getWinner(), "Bob, in seat 1, won");
    CreateRematchResponse third = client.createRematch(secondId);
    Game thirdGame = third.getGame();
    assertEquals(List.of("Ann", "Bob"), names(thirdGame));
    assertEquals(secondId, thirdGame.getRematchOf());
    Game middle = client.getGame(secondId);
    assertEquals(id, middle.getRematchOf(), "a rematch can have its own rematch");
    assertEquals(thirdGame.getGameId(), middle.getRematch());
  }

  @Test
  void theEnginesSeatChangesSidesAndAPrivateGameStaysPrivate() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withBot(2, 1, Duration.ZERO).withPrivate(true).withPlayer("u-cy", "Cy").withPlayer("", ""));
    String id = created.getGame().getGameId();
    client.adjudicateGame(id, OutcomeType.OUTCOME_TYPE_DRAW, 0, "the test needs a finished game");
    CreateRematchResponse rematch = client.createRematch(id);
    Game again = rematch.getGame();
    assertEquals(List.of(1), again.getBotsList().stream().map(BotSeat::getSeat).toList(), "the engine plays seat 1 now");
    assertTrue(again.getPrivate());
    assertEquals(List.of("", "Cy"), names(again), "Cy sits in seat 2");
    assertEquals("u-cy", again.getPlayers(1).getPlayerId());
    assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, again.getStatus());
    refused(Status.Code.PERMISSION_DENIED, "PRIVATE_GAME", () -> client.as("").getGame(again.getGameId()));
  }

  @Test
  void anUnknownGameHasNoRematch() {
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.createRematch("no-such-game"));
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.createRematch("no-such-game", unique("r")));
  }

  @Test
  void theAsynchronousClientMakesRematchesToo() {
    TabulaAsyncClient async = client.async();
    Map<String, String> labels = Map.of("tournament", unique("async"));
    CreateGameResponse created = annAgainstBob(labels);
    String id = created.getGame().getGameId();

    TabulaException running = assertThrows(TabulaException.class, () -> joined(async.createRematch(id)));
    assertEquals(Status.Code.FAILED_PRECONDITION, running.getCode());
    assertEquals("GAME_NOT_FINISHED", running.getReason());

    xWins(id, seat(created, 1), seat(created, 2));
    String requestId = unique("async-rematch");
    CreateRematchResponse rematch = joined(async.createRematch(id, requestId));
    Game again = rematch.getGame();
    assertFalse(rematch.getRetried());
    assertEquals(List.of("Bob", "Ann"), names(again));
    assertEquals(labels, again.getLabelsMap());
    assertEquals(id, again.getRematchOf());
    assertEquals(again.getGameId(), joined(async.getGame(id)).getRematch());
    assertEquals(2, seat(rematch, 1).submitMove(again.getGameId(), Moves.placeCell(2, 2)).getSeq(), "its tokens play");

    CreateRematchResponse retried = joined(async.createRematch(id, requestId));
    assertTrue(retried.getRetried());
    assertEquals(again.getGameId(), retried.getGame().getGameId());
    assertEquals(0, retried.getSeatTokensCount(), "no new tokens once someone acted");

    TabulaException exists = assertThrows(TabulaException.class, () -> joined(async.createRematch(id)));
    assertEquals(Status.Code.ALREADY_EXISTS, exists.getCode());
    assertEquals("REMATCH_EXISTS", exists.getReason());
    assertEquals(again.getGameId(), exists.getMetadata().get("rematch_game_id"));
    assertThrows(NullPointerException.class, () -> async.createRematch(id, null));
  }

  @Test
  void onlyAServiceKeyMakesARematchAndItCountsAgainstTheKeysCap() throws Exception {
    String secret = "rematch-secret-for-the-key-test";
    try (TestServer keyed = TestServer.start("--service-key", "lobby=" + secret, "--max-games-per-key", "1");
        TabulaClient lobby = TabulaClient.builder(keyed.address).credential(secret).build()) {
      CreateGameResponse created = lobby.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
      String id = created.getGame().getGameId();
      TabulaClient x = lobby.as(created.getSeatTokens(0).getToken());
      x.resign(id);
      refused(Status.Code.PERMISSION_DENIED, "SERVICE_KEY_REQUIRED", () -> x.createRematch(id));
      refused(Status.Code.UNAUTHENTICATED, "CREDENTIAL_REQUIRED", () -> lobby.as("").createRematch(id));

      CreateGameResponse running = lobby.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
      TabulaException full = refused(Status.Code.RESOURCE_EXHAUSTED, "TOO_MANY_GAMES", () -> lobby.createRematch(id));
      assertEquals("1", full.getMetadata().get("limit"), full.getMetadata().toString());
      lobby.abortGame(running.getGame().getGameId(), "making room");
      assertEquals(id, lobby.createRematch(id).getGame().getRematchOf(), "once there is room");
    }
  }

  @Test
  void bothClientsSendTheGameAndTheRequestId() throws Exception {
    List<CreateRematchRequest> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
          @Override
          public void createRematch(CreateRematchRequest request, StreamObserver<CreateRematchResponse> observer) {
            sent.add(request);
            observer.onNext(CreateRematchResponse.newBuilder()
                .setGame(Game.newBuilder().setGameId("g2").setRematchOf(request.getGameId())).build());
            observer.onCompleted();
          }
        });
        TabulaClient offline = standIn.client()) {
      assertEquals("g1", offline.createRematch("g1").getGame().getRematchOf());
      assertEquals("g1", offline.createRematch("g1", "r-1").getGame().getRematchOf());
      assertEquals("g3", offline.async().createRematch("g3", "r-3").get(10, TimeUnit.SECONDS).getGame().getRematchOf());
      assertEquals("g4", offline.async().createRematch("g4").get(10, TimeUnit.SECONDS).getGame().getRematchOf());
      assertEquals(List.of(
          CreateRematchRequest.newBuilder().setGameId("g1").build(),
          CreateRematchRequest.newBuilder().setGameId("g1").setRequestId("r-1").build(),
          CreateRematchRequest.newBuilder().setGameId("g3").setRequestId("r-3").build(),
          CreateRematchRequest.newBuilder().setGameId("g4").build()), sent);
      assertThrows(NullPointerException.class, () -> offline.createRematch(null));
      assertThrows(NullPointerException.class, () -> offline.createRematch("g1", null));
    }
  }
}
