package dev.tabula.client;

import static dev.tabula.client.OwnerStreams.WAIT_SECONDS;
import static dev.tabula.client.OwnerStreams.next;
import static dev.tabula.client.OwnerStreams.nothingMore;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The owner stream ({@code StreamOwnerEvents}) against a real server without keys, whose
 * owner stream holds every game created without a key. Other tests of the class make games
 * too, so every stream here is filtered by a label no other test uses.
 */
@Timeout(60)
class OwnerEventsTest extends Games.Live {
  /** A label only this test's games carry: its value lowercase letters, digits and dashes. */
  private static Map<String, String> uniqueLabel(String prefix) {
    return Map.of("owner-test", prefix + "-" + UUID.randomUUID().toString().substring(0, 8));
  }

  /** A Tic-tac-toe game carrying {@code labels}. */
  private static CreateGameResponse ticTacToe(Map<String, String> labels) {
    return client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults().withLabels(labels));
  }

  private static void assertEvent(OwnerEventKind kind, String gameId, OwnerEvent event) {
    assertEquals(kind, event.getKind(), event.toString());
    assertEquals(gameId, event.getGameEvent().getGameId(), event.toString());
  }

  @Test
  void createdStartedAndEndedGamesAreStreamedAndResumedByKind() throws Exception {
    Map<String, String> labels = uniqueLabel("lifecycle");
    CreateGameResponse first = ticTacToe(labels);
    CreateGameResponse second = ticTacToe(labels);
    String firstId = first.getGame().getGameId();
    String secondId = second.getGame().getGameId();

    OwnerEvent created;
    OwnerEvent ended;
    try (OwnerEventStream events = client.ownerEvents(0, List.of(), labels)) {
      // The backlog: both creations, in order.
      created = next(events);
      assertEvent(OwnerEventKind.OWNER_EVENT_KIND_GAME_CREATED, firstId, created);
      assertTrue(created.getGameEvent().hasGameCreated(), created.toString());
      assertEquals(1, created.getGameEvent().getSeq());
      assertTrue(created.getCursor() > 0, created.toString());
      OwnerEvent createdToo = next(events);
      assertEvent(OwnerEventKind.OWNER_EVENT_KIND_GAME_CREATED, secondId, createdToo);
      assertTrue(createdToo.getGameEvent().hasGameCreated(), createdToo.toString());
      assertTrue(createdToo.getCursor() > created.getCursor(), createdToo + " after " + created);
      assertEquals(createdToo.getCursor(), events.lastCursor());

      // Live: the first move starts the first game.
      seat(first, 1).submitMove(firstId, Moves.placeCell(1, 1));
      OwnerEvent started = next(events);
      assertEvent(OwnerEventKind.OWNER_EVENT_KIND_GAME_STARTED, firstId, started);
      assertTrue(started.getGameEvent().hasMoveApplied(), started.toString());
      assertTrue(started.getCursor() > createdToo.getCursor(), started + " after " + createdToo);

      // A resignation ends the second.
      seat(second, 1).resign(secondId);
      ended = next(events);
      assertEvent(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED, secondId, ended);
      assertTrue(ended.getGameEvent().hasGameEnded(), ended.toString());
      assertEquals(2, ended.getGameEvent().getGameEnded().getOutcome().getWinner(), ended.toString());
      assertTrue(ended.getCursor() > started.getCursor(), ended + " after " + started);
      assertEquals(ended.getCursor(), events.lastCursor());
    }

    // From the first creation on, only the ends: exactly the second game's.
    try (OwnerEventStream ends = client.ownerEvents(created.getCursor(), List.of(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED),
        labels)) {
      assertEquals(ended, next(ends));
      assertEquals(ended.getCursor(), ends.lastCursor());
      nothingMore(ends, 500);
    }
  }

  @Test
  void theAsynchronousStreamDeliversTheFilteredEventsUntilClosed() throws Exception {
    Map<String, String> labels = uniqueLabel("async");
    client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic"); // without the label: not delivered
    String firstId = ticTacToe(labels).getGame().getGameId();

    List<OwnerEvent> received = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> twoCreated = new CompletableFuture<>();
    CompletableFuture<Void> ended = new CompletableFuture<>();
    StreamObserver<OwnerEvent> observer = new StreamObserver<OwnerEvent>() {
      @Override
      public void onNext(OwnerEvent event) {
        received.add(event);
        if (received.size() == 2) {
          twoCreated.complete(null);
        }
      }

      @Override
      public void onError(Throwable error) {
        ended.completeExceptionally(error);
        twoCreated.completeExceptionally(error);
      }

      @Override
      public void onCompleted() {
        ended.complete(null);
      }
    };
    AsyncOwnerEventStream stream =
        client.async().ownerEvents(0, List.of(OwnerEventKind.OWNER_EVENT_KIND_GAME_CREATED), labels, observer);
    try {
      String secondId = ticTacToe(labels).getGame().getGameId(); // live, perhaps after the backlog
      twoCreated.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertEquals(2, received.size(), received.toString());
      assertEvent(OwnerEventKind.OWNER_EVENT_KIND_GAME_CREATED, firstId, received.get(0));
      assertEvent(OwnerEventKind.OWNER_EVENT_KIND_GAME_CREATED, secondId, received.get(1));
      assertTrue(received.get(1).getCursor() > received.get(0).getCursor(), received.toString());
      assertEquals(received.get(1).getCursor(), stream.lastCursor());
      assertFalse(stream.done().isDone(), "the owner stream ended by itself");
    } finally {
      stream.close();
    }
    stream.done().get(WAIT_SECONDS, TimeUnit.SECONDS);
    assertFalse(ended.isDone(), "a closed stream's observer hears nothing more");
    assertEquals(2, received.size(), received.toString());
  }
}
