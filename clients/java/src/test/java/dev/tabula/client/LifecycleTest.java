package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Deadlines, closing, the asynchronous client and TLS, against a real server. */
@Timeout(60)
class LifecycleTest extends Games.Live {
  /** Red fills column 0 while Yellow plays column 1: Red wins on the seventh move. */
  private static final int[] RED_WINS = {0, 1, 0, 1, 0, 1, 0};

  @Test
  void unaryCallsHaveADefaultDeadlineAndACopyWithAnother() {
    assertEquals(Duration.ofSeconds(30), TabulaClient.DEFAULT_TIMEOUT);
    assertEquals(TabulaClient.DEFAULT_TIMEOUT, client.timeout());
    TabulaClient hurried = client.withTimeout(Duration.ofNanos(1));
    assertEquals(Duration.ofNanos(1), hurried.timeout());
    assertEquals(TabulaClient.DEFAULT_TIMEOUT, client.timeout(), "withTimeout changed the original");
    TabulaException late = assertThrows(TabulaException.class, hurried::listGameKinds);
    assertEquals(Status.Code.DEADLINE_EXCEEDED, late.getCode());
    try (TabulaClient copy = client.withTimeout(Duration.ofSeconds(5))) {
      assertEquals(Duration.ofSeconds(5), copy.timeout());
    } // closing a copy leaves the connection open
    assertFalse(client.listGameKinds().isEmpty());
    assertEquals(Duration.ofSeconds(3), client.as("x").withTimeout(Duration.ofSeconds(3)).async().timeout());
  }

  @Test
  void streamsOutliveTheCallDeadline() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
    String id = created.getGame().getGameId();
    try (TabulaClient quick = TabulaClient.builder(server.address).callTimeout(Duration.ofMillis(300)).build();
        EventStream events = quick.events(id, 0)) {
      assertEquals(1, events.next().getSeq());
      Thread.sleep(700); // longer than the quick client's unary deadline
      client.as(created.getSeatTokens(0).getToken()).submitMove(id, Moves.drop(0));
      assertEquals(2, events.next().getSeq());
    }
  }

  @Test
  void lastSeqDoesNotWaitForAReaderParkedInHasNext() throws Exception {
    String id = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic").getGame().getGameId();
    EventStream events = client.events(id, 0);
    assertEquals(1, events.next().getSeq());
    CompletableFuture<Boolean> parked = CompletableFuture.supplyAsync(events::hasNext);
    Thread.sleep(200); // the reader now waits for a live event, holding the stream's lock
    assertFalse(parked.isDone());
    assertEquals(1L, CompletableFuture.supplyAsync(events::lastSeq).get(2, TimeUnit.SECONDS));
    assertTrue(CompletableFuture.supplyAsync(events::lastView).get(2, TimeUnit.SECONDS).isEmpty());
    events.close();
    assertFalse(parked.get(10, TimeUnit.SECONDS));
  }

  @Test
  void anEventStreamIsIterableOnce() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    String id = created.getGame().getGameId();
    client.as(created.getSeatTokens(0).getToken()).resign(id);
    try (EventStream events = client.events(id, 0)) {
      int count = 0;
      for (GameEvent event : events) {
        assertEquals(++count, event.getSeq());
      }
      assertEquals(3, count); // created, resigned, ended
      assertThrows(IllegalStateException.class, events::iterator);
    }
  }

  private static void playToRedWin(TabulaAsyncClient[] seats, String id) {
    CompletableFuture<?> moves = CompletableFuture.completedFuture(null);
    for (int i = 0; i < RED_WINS.length; i++) {
      int move = i;
      moves = moves.thenCompose(done -> seats[move % 2].submitMove(id, Moves.drop(RED_WINS[move])));
    }
    moves.join();
  }

  /** Collects what an asynchronous stream delivers. */
  private static final class Collector<T> implements StreamObserver<T> {
    final List<T> items = new CopyOnWriteArrayList<>();
    final CompletableFuture<List<T>> ended = new CompletableFuture<>();

    @Override
    public void onNext(T item) {
      items.add(item);
    }

    @Override
    public void onError(Throwable error) {
      ended.completeExceptionally(error);
    }

    @Override
    public void onCompleted() {
      ended.complete(items);
    }
  }

  @Test
  void theAsyncClientPlaysAGameAndStreamsItsEvents() throws Exception {
    TabulaAsyncClient async = client.async();
    CreateGameResponse created = async.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic").get(10, TimeUnit.SECONDS);
    String id = created.getGame().getGameId();
    TabulaAsyncClient[] seats = {async.as(created.getSeatTokens(0).getToken()), async.as(created.getSeatTokens(1).getToken())};
    assertEquals(7, seats[0].listLegalMoves(id).get().getMovesCount());

    Collector<GameEvent> events = new Collector<>();
    Collector<StreamEventsResponse> withViews = new Collector<>();
    try (AsyncEventStream stream = async.events(id, 0, events);
        AsyncEventStream viewed = async.events(StreamEventsRequest.newBuilder().setGameId(id).setIncludeViews(true).build(), withViews)) {
      playToRedWin(seats, id);
      List<GameEvent> seen = events.ended.get(20, TimeUnit.SECONDS);
      assertEquals(9, seen.size());
      for (int i = 0; i < seen.size(); i++) {
        assertEquals(i + 1, seen.get(i).getSeq());
      }
      assertEquals(1, seen.get(8).getGameEnded().getOutcome().getWinner());
      assertEquals(9, stream.lastSeq());
      stream.done().get(1, TimeUnit.SECONDS);
      List<StreamEventsResponse> responses = withViews.ended.get(20, TimeUnit.SECONDS);
      assertEquals(async.getView(id).get(), responses.get(responses.size() - 1).getView());
      assertTrue(responses.stream().allMatch(r -> r.getView().getSeq() == r.getEvent().getSeq()));
      assertEquals(9, viewed.lastSeq());
    }
    assertEquals(7, async.getGame(id).get().getMoveCount());

    ExecutionException refused = assertThrows(ExecutionException.class, () -> seats[1].submitMove(id, Moves.drop(2)).get());
    TabulaException error = assertInstanceOf(TabulaException.class, refused.getCause());
    assertEquals("GAME_OVER", error.getReason());
    CompletionException hurried = assertThrows(CompletionException.class,
        () -> async.withTimeout(Duration.ofNanos(1)).listGameKinds().join());
    assertEquals(Status.Code.DEADLINE_EXCEEDED, assertInstanceOf(TabulaException.class, hurried.getCause()).getCode());
    assertSame(async.stub(), async.stub());
    assertEquals(id, async.blocking().getGame(id).getGameId());
  }

  @Test
  void theAsyncStreamResumesAfterTheConnectionDropsAndClosesOnRequest() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
    String id = created.getGame().getGameId();
    int port = Integer.parseInt(server.address.substring(server.address.lastIndexOf(':') + 1));
    try (CuttableProxy proxy = new CuttableProxy(port); TabulaClient spectator = TabulaClient.builder(proxy.address()).build()) {
      Collector<StreamEventsResponse> events = new Collector<>();
      try (AsyncEventStream stream = spectator.async().events(
          StreamEventsRequest.newBuilder().setGameId(id).build(), 5, Duration.ofMillis(20), events)) {
        TabulaAsyncClient[] seats = {client.async().as(created.getSeatTokens(0).getToken()),
          client.async().as(created.getSeatTokens(1).getToken())};
        seats[0].submitMove(id, Moves.drop(0)).get();
        while (stream.lastSeq() < 2) {
          Thread.sleep(10);
        }
        assertTrue(proxy.cut() > 0, "no connection went through the proxy");
        playToRedWinFrom(seats, id, 1);
        List<StreamEventsResponse> seen = events.ended.get(20, TimeUnit.SECONDS);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), seen.stream().map(r -> r.getEvent().getSeq()).toList());
      }

      // Closing a stream of a live game ends it quietly.
      String live = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic").getGame().getGameId();
      Collector<GameEvent> quiet = new Collector<>();
      AsyncEventStream open = spectator.async().events(live, 0, quiet);
      while (open.lastSeq() < 1) {
        Thread.sleep(10);
      }
      open.close();
      open.done().get(5, TimeUnit.SECONDS);
      Thread.sleep(100);
      assertFalse(quiet.ended.isDone(), "a closed stream still called its observer");
    }
  }

  private static void playToRedWinFrom(TabulaAsyncClient[] seats, String id, int from) {
    for (int i = from; i < RED_WINS.length; i++) {
      seats[i % 2].submitMove(id, Moves.drop(RED_WINS[i])).join();
    }
  }

  private static void openssl(Path dir, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertEquals(0, process.waitFor(), "openssl " + String.join(" ", args) + ": " + output);
  }

  @Test
  void tlsWithAPrivateCertificateAuthority(@TempDir Path dir) throws Exception {
    // A CA, and a certificate it signs for the loopback address.
    openssl(dir, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=Tabula test CA");
    openssl(dir, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost");
    Files.writeString(dir.resolve("san.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
    openssl(dir, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
        "-days", "2", "-extfile", "san.ext");

    try (TestServer tls = TestServer.start("--tls-cert", dir.resolve("server.pem").toString(), "--tls-key", dir.resolve("server.key").toString())) {
      try (TabulaClient trusting = TabulaClient.builder(tls.address).tls(dir.resolve("ca.pem")).build()) {
        String id = trusting.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic").getGame().getGameId();
        try (EventStream events = trusting.events(id, 0)) {
          assertTrue(events.next().hasGameCreated());
        }
      }
      try (InputStream ca = Files.newInputStream(dir.resolve("ca.pem"));
          TabulaClient fromStream = TabulaClient.builder(tls.address).tls(ca).callTimeout(Duration.ofSeconds(10)).build()) {
        assertFalse(fromStream.async().listGameKinds().get(10, TimeUnit.SECONDS).isEmpty());
      }
      // Without the CA the server's certificate is not trusted, and plaintext is refused.
      try (TabulaClient system = TabulaClient.builder(tls.address).tls().callTimeout(Duration.ofSeconds(10)).build()) {
        assertEquals(Status.Code.UNAVAILABLE, assertThrows(TabulaException.class, system::listGameKinds).getCode());
      }
      try (TabulaClient plain = TabulaClient.builder(tls.address).callTimeout(Duration.ofSeconds(10)).build()) {
        assertThrows(TabulaException.class, plain::listGameKinds);
      }
    }
  }
}
