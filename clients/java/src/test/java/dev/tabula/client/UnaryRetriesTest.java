package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.BatchCreateGamesRequest;
import dev.tabula.v1.BatchCreateGamesResponse;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.DeleteGameRequest;
import dev.tabula.v1.DeleteGameResponse;
import dev.tabula.v1.ExportGameRequest;
import dev.tabula.v1.ExportGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GetGameRequest;
import dev.tabula.v1.GetGameResponse;
import dev.tabula.v1.ImportGameRequest;
import dev.tabula.v1.ImportGameResponse;
import dev.tabula.v1.ListPuzzleSolutionsRequest;
import dev.tabula.v1.ListPuzzleSolutionsResponse;
import dev.tabula.v1.SubmitMoveRequest;
import dev.tabula.v1.SubmitMoveResponse;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which unary calls the client retries, how often and how long, against a stand-in server
 * that fails a given number of times and counts the attempts. Offline.
 */
@Timeout(30)
class UnaryRetriesTest {
  /** Quick waits, so that the attempts are counted without waiting the default's 1.5 s. */
  private static final RetryPolicy QUICK = RetryPolicy.of(4, Duration.ofMillis(1), Duration.ofMillis(2));

  /** A stand-in that fails each call {@code failures} times with {@code status}, then answers; it counts the attempts. */
  private static final class Failing extends GameServiceGrpc.GameServiceImplBase {
    final AtomicInteger attempts = new AtomicInteger();
    private final int failures;
    private final Status status;

    Failing(int failures, Status status) {
      this.failures = failures;
      this.status = status;
    }

    private <R> void answer(StreamObserver<R> observer, R response) {
      if (attempts.incrementAndGet() <= failures) {
        observer.onError(status.asRuntimeException());
        return;
      }
      observer.onNext(response);
      observer.onCompleted();
    }

    @Override
    public void getGame(GetGameRequest request, StreamObserver<GetGameResponse> observer) {
      answer(observer, GetGameResponse.newBuilder().setGame(Game.newBuilder().setGameId(request.getGameId())).build());
    }

    @Override
    public void submitMove(SubmitMoveRequest request, StreamObserver<SubmitMoveResponse> observer) {
      answer(observer, SubmitMoveResponse.newBuilder().setSeq(2).build());
    }

    @Override
    public void createGame(CreateGameRequest request, StreamObserver<CreateGameResponse> observer) {
      answer(observer, CreateGameResponse.getDefaultInstance());
    }

    @Override
    public void batchCreateGames(BatchCreateGamesRequest request, StreamObserver<BatchCreateGamesResponse> observer) {
      answer(observer, BatchCreateGamesResponse.getDefaultInstance());
    }

    @Override
    public void deleteGame(DeleteGameRequest request, StreamObserver<DeleteGameResponse> observer) {
      answer(observer, DeleteGameResponse.getDefaultInstance());
    }

    @Override
    public void exportGame(ExportGameRequest request, StreamObserver<ExportGameResponse> observer) {
      answer(observer, ExportGameResponse.newBuilder().setDocument("{}").build());
    }

    @Override
    public void importGame(ImportGameRequest request, StreamObserver<ImportGameResponse> observer) {
      answer(observer, ImportGameResponse.getDefaultInstance());
    }

    @Override
    public void listPuzzleSolutions(ListPuzzleSolutionsRequest request, StreamObserver<ListPuzzleSolutionsResponse> observer) {
      answer(observer, ListPuzzleSolutionsResponse.getDefaultInstance());
    }
  }

  private static final Status DOWN = Status.UNAVAILABLE.withDescription("the server is restarting");

  /** The attempts {@code call} made against a stand-in that always fails with {@code status}. */
  private static int attemptsOf(Status status, RetryPolicy policy, Consumer<TabulaClient> call) throws Exception {
    Failing failing = new Failing(Integer.MAX_VALUE, status);
    try (Games.StandIn standIn = new Games.StandIn(failing);
        TabulaClient client = TabulaClient.builder(standIn.address()).retryPolicy(policy).build()) {
      TabulaException error = assertThrows(TabulaException.class, () -> call.accept(client));
      assertEquals(status.getCode(), error.getCode(), error.toString());
      return failing.attempts.get();
    }
  }

  /** Waits for {@code future}; the {@link TabulaException} it failed with is thrown as it is. */
  private static void joined(CompletableFuture<?> future) {
    try {
      future.join();
    } catch (CompletionException failed) {
      if (failed.getCause() instanceof TabulaException error) {
        throw error;
      }
      throw failed;
    }
  }

  @Test
  void readsAreRetriedUpToThePolicysAttempts() throws Exception {
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.getGame("g")));
    assertEquals(1, attemptsOf(DOWN, RetryPolicy.none(), client -> client.getGame("g")));
    assertEquals(2, attemptsOf(DOWN, RetryPolicy.of(2, Duration.ofMillis(1), Duration.ofMillis(1)), client -> client.getGame("g")));
  }

  @Test
  void writesAreRetriedOnlyWithARequestId() throws Exception {
    assertEquals(1, attemptsOf(DOWN, QUICK, client -> client.submitMove("g", Moves.drop(0))));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.submitMove("g", Moves.drop(0), MoveOptions.defaults().withRequestId("m1"))));
    assertEquals(1, attemptsOf(DOWN, QUICK, client -> client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic")));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic", "c1")));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.batchCreateGames(List.of(), "b1")));
    // DeleteGame has no request id: it is never retried.
    assertEquals(1, attemptsOf(DOWN, QUICK, client -> client.deleteGame("g")));
  }

  @Test
  void gameDocumentsAndPuzzleSolutionsAreRetriedAsReadsButAnImportOnlyWhenItValidates() throws Exception {
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.exportGame("g")));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.listPuzzleSolutions("g")));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.listPuzzleSolutions("g", 10, "t", 3)));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.allPuzzleSolutions("g")));
    // ImportGame has no request id: an import is never retried; one that only checks stores nothing, so it is.
    assertEquals(1, attemptsOf(DOWN, QUICK, client -> client.importGame("{}")));
    assertEquals(1, attemptsOf(DOWN, QUICK, client -> client.importGame("{}", false)));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.importGame("{}", true)));
    // The same for any request that only validates: a move checked without being played.
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> client.submitMove("g", Moves.drop(0), MoveOptions.defaults().withValidateOnly(true))));
    assertEquals(1, attemptsOf(DOWN, QUICK, client -> joined(client.async().importGame("{}"))));
    assertEquals(4, attemptsOf(DOWN, QUICK, client -> joined(client.async().importGame("{}", true))));
  }

  @Test
  void onlyUnavailableIsRetried() throws Exception {
    assertEquals(1, attemptsOf(Status.INTERNAL, QUICK, client -> client.getGame("g")));
    assertEquals(1, attemptsOf(Status.NOT_FOUND, QUICK, client -> client.getGame("g")));
    assertEquals(1, attemptsOf(Status.DEADLINE_EXCEEDED, QUICK, client -> client.getGame("g")));
  }

  @Test
  void aRetriedCallAnswersOnceTheServerDoes() throws Exception {
    Failing failing = new Failing(2, DOWN);
    try (Games.StandIn standIn = new Games.StandIn(failing);
        TabulaClient client = TabulaClient.builder(standIn.address()).retryPolicy(QUICK).build()) {
      assertEquals("g", client.getGame("g").getGameId());
      assertEquals(3, failing.attempts.get());
      assertEquals("h", client.async().getGame("h").get(10, TimeUnit.SECONDS).getGameId());
      assertEquals(4, failing.attempts.get(), "the second call needed one attempt");
    }
  }

  @Test
  void theDefaultPolicyWaitsDoublingWithJitter() throws Exception {
    RetryPolicy policy = RetryPolicy.defaults();
    assertEquals(5, policy.maxAttempts());
    List<Long> nominal = List.of(1, 2, 3, 4, 5, 6).stream().map(n -> policy.backoff(n).toMillis()).toList();
    assertEquals(List.of(100L, 200L, 400L, 800L, 1600L, 2000L), nominal);
    for (int i = 0; i < 200; i++) {
      long wait = policy.jitteredBackoffNanos(3);
      assertTrue(wait >= TimeUnit.MILLISECONDS.toNanos(320) && wait <= TimeUnit.MILLISECONDS.toNanos(480), wait + " ns");
    }
    // With the default waits, a call given up on has waited 1.2 s at least.
    long began = System.nanoTime();
    assertEquals(5, attemptsOf(DOWN, policy, client -> client.getGame("g")));
    assertTrue(System.nanoTime() - began >= TimeUnit.MILLISECONDS.toNanos(1200), "the waits were too short");

    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.of(0, Duration.ofMillis(1), Duration.ofMillis(1)));
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.of(3, Duration.ZERO, Duration.ofMillis(1)));
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.of(3, Duration.ofSeconds(2), Duration.ofSeconds(1)));
  }

  @Test
  void retryingNeverGoesPastTheCallsDeadline() throws Exception {
    Failing failing = new Failing(Integer.MAX_VALUE, DOWN);
    RetryPolicy slow = RetryPolicy.of(50, Duration.ofMillis(100), Duration.ofMillis(100));
    try (Games.StandIn standIn = new Games.StandIn(failing);
        TabulaClient client = TabulaClient.builder(standIn.address()).retryPolicy(slow).callTimeout(Duration.ofMillis(450)).build()) {
      long began = System.nanoTime();
      TabulaException error = assertThrows(TabulaException.class, () -> client.getGame("g"));
      long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
      // No wait is begun that would end after the deadline: the last attempt fails as the
      // others did, or, begun just before the deadline, meets it.
      assertTrue(error.getCode() == Status.Code.UNAVAILABLE || error.getCode() == Status.Code.DEADLINE_EXCEEDED, error.toString());
      assertTrue(failing.attempts.get() >= 2 && failing.attempts.get() <= 5, failing.attempts.get() + " attempts");
      assertTrue(took < 450 + 250, "retried past the deadline: " + took + " ms");
    }
  }

  @Test
  void aCancelledCallStopsRetrying() throws Exception {
    Failing failing = new Failing(Integer.MAX_VALUE, DOWN);
    try (Games.StandIn standIn = new Games.StandIn(failing);
        TabulaClient client = TabulaClient.builder(standIn.address()).build()) {
      CompletableFuture<Game> read = client.async().getGame("g");
      Thread.sleep(150); // between the second and the third attempt
      read.cancel(true);
      assertThrows(CancellationException.class, read::join);
      int attempts = failing.attempts.get();
      Thread.sleep(600);
      assertEquals(attempts, failing.attempts.get(), "a cancelled call went on retrying");
    }
  }
}
