package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import io.grpc.Status;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server on a SQLite file stopped and started again on the same port: reads and writes
 * with a request id are retried across it, writes without one fail at once, wait-for-ready
 * waits for it, and event streams resume after it with no event lost or repeated, or give up
 * when their budget runs out.
 */
@Timeout(60)
class RestartTest {
  /** Red's column of each move of a Connect Four game that Red wins in column 0 (the seventh move). */
  private static final int[] RED_WINS = {0, 1, 0, 1, 0, 1, 0};
  /** How long the server stays down: longer than the first waits of a retry. */
  private static final long DOWN_MILLIS = 300;
  /**
   * The default's attempts and waits, but more of them: about 6 s rather than 1.5 s, as a
   * loaded machine may take longer than that to start the server again.
   */
  private static final RetryPolicy PATIENT = RetryPolicy.of(10, Duration.ofMillis(100), Duration.ofSeconds(1));

  @TempDir
  Path dir;
  private RestartableServer server;
  private TabulaClient client;

  @BeforeEach
  void start() throws Exception {
    server = RestartableServer.start(dir.resolve("games.db"));
    client = TabulaClient.builder(server.address()).retryPolicy(PATIENT).build();
  }

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private CreateGameResponse connectFour() {
    return client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
  }

  /**
   * Plays moves {@code from} to {@code to} (exclusive) of {@link #RED_WINS}, each with a request
   * id, so that a move made while the channel is still reconnecting is retried.
   */
  private void play(CreateGameResponse game, int from, int to) {
    TabulaClient[] seats = {client.as(game.getSeatTokens(0).getToken()), client.as(game.getSeatTokens(1).getToken())};
    String id = game.getGame().getGameId();
    for (int i = from; i < to; i++) {
      seats[i % 2].submitMove(id, Moves.drop(RED_WINS[i]), MoveOptions.defaults().withRequestId(id + "-move-" + i));
    }
  }

  @Test
  void aReadIsRetriedUntilTheServerIsBack() throws Exception {
    String id = connectFour().getGame().getGameId();
    server.stop();
    long began = System.nanoTime();
    CompletableFuture<Game> read = client.async().getGame(id);
    Thread.sleep(DOWN_MILLIS);
    assertFalse(read.isDone(), "the read ended while the server was down: " + read);
    server.startAgain();
    assertEquals(id, read.get(10, TimeUnit.SECONDS).getGameId());
    assertTrue(elapsedMillis(began) >= DOWN_MILLIS, "the read did not wait for the server");

    // Retrying turned off for one call: the same read fails at once.
    server.stop();
    TabulaException refused = assertThrows(TabulaException.class, () -> client.withRetryPolicy(RetryPolicy.none()).getGame(id));
    assertEquals(Status.Code.UNAVAILABLE, refused.getCode(), refused.toString());
  }

  @Test
  void aWriteIsRetriedOnlyWithARequestId() throws Exception {
    CreateGameResponse game = connectFour();
    String id = game.getGame().getGameId();
    TabulaClient red = client.as(game.getSeatTokens(0).getToken());
    server.stop();

    // Without a request id a second attempt could play the move twice: it fails at once,
    // before the retries' waits (4 s at least) would have run out.
    long began = System.nanoTime();
    TabulaException refused = assertThrows(TabulaException.class, () -> red.submitMove(id, Moves.drop(0)));
    assertEquals(Status.Code.UNAVAILABLE, refused.getCode(), refused.toString());
    assertTrue(elapsedMillis(began) < 1000, "a write without a request id was retried for " + elapsedMillis(began) + " ms");

    // With one, the move and a creation wait for the server and are made once.
    CompletableFuture<Long> move = CompletableFuture.supplyAsync(
        () -> red.submitMove(id, Moves.drop(0), MoveOptions.defaults().withRequestId("red-1")).getSeq());
    CompletableFuture<CreateGameResponse> created = client.async()
        .createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", "create-1");
    Thread.sleep(DOWN_MILLIS);
    server.startAgain();
    assertEquals(2, move.get(10, TimeUnit.SECONDS));
    assertEquals(1, client.getGame(id).getMoveCount(), "the move was played more than once");
    assertFalse(created.get(10, TimeUnit.SECONDS).getGame().getGameId().isEmpty());
  }

  @Test
  void waitForReadyWaitsForTheServer() throws Exception {
    String id = connectFour().getGame().getGameId();
    server.stop();
    TabulaClient waiting = client.withRetryPolicy(RetryPolicy.none()).withWaitForReady(true);
    CompletableFuture<Game> read = waiting.async().getGame(id);
    Thread.sleep(DOWN_MILLIS);
    assertFalse(read.isDone(), "a wait-for-ready call ended while the server was down: " + read);
    server.startAgain();
    assertEquals(id, read.get(10, TimeUnit.SECONDS).getGameId());
  }

  @Test
  void theStreamResumesAcrossARestartWithNoEventLostOrRepeated() throws Exception {
    CreateGameResponse game = connectFour();
    String id = game.getGame().getGameId();
    List<Long> seen = new CopyOnWriteArrayList<>();
    try (EventStream events = client.events(id, 0)) {
      CompletableFuture<Void> followed = CompletableFuture.runAsync(() -> events.forEachRemaining(event -> seen.add(event.getSeq())));
      play(game, 0, 3);
      awaitSeq(events, 4);
      server.stop();
      Thread.sleep(DOWN_MILLIS);
      server.startAgain();
      play(game, 3, RED_WINS.length); // right away: the stream finds them as its backlog when it resumes
      followed.get(20, TimeUnit.SECONDS);
    }
    assertEquals(LongStream.rangeClosed(1, 9).boxed().toList(), seen);
  }

  @Test
  void theStreamGivesUpWhenItsBudgetRunsOutAndIsOpenedAgainAfterItsLastSeq() throws Exception {
    CreateGameResponse game = connectFour();
    String id = game.getGame().getGameId();
    Duration budget = Duration.ofSeconds(1);
    TabulaClient impatient = client.withStreamRetryPolicy(StreamRetryPolicy.defaults().withGiveUpAfter(budget));
    long lastSeq;
    try (EventStream events = impatient.events(id, 0)) {
      play(game, 0, 2);
      assertEquals(1, events.next().getSeq());
      assertEquals(2, events.next().getSeq());
      assertEquals(3, events.next().getSeq());
      server.stop();
      long began = System.nanoTime();
      TabulaException gaveUp = assertThrows(TabulaException.class, events::hasNext);
      long waited = elapsedMillis(began);
      assertEquals(Status.Code.UNAVAILABLE, gaveUp.getCode(), gaveUp.toString());
      assertTrue(waited >= budget.toMillis() && waited < budget.toMillis() + 2500, "gave up after " + waited + " ms");
      assertFalse(events.hasNext(), "a stream that gave up is closed");
      lastSeq = events.lastSeq();
    }
    assertEquals(3, lastSeq);

    // What the caller does then: open it again after the last seq it saw.
    server.startAgain();
    play(game, 2, RED_WINS.length);
    try (EventStream again = client.events(id, lastSeq)) {
      List<Long> rest = again.stream().map(GameEvent::getSeq).toList();
      assertEquals(LongStream.rangeClosed(4, 9).boxed().toList(), rest);
    }
  }

  private static void awaitSeq(EventStream events, long seq) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (events.lastSeq() < seq) {
      assertTrue(System.nanoTime() < until, "the stream is at seq " + events.lastSeq() + ", not " + seq);
      Thread.sleep(10);
    }
  }

  private static long elapsedMillis(long since) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
  }
}
