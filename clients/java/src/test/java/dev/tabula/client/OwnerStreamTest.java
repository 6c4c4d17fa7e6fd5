package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.StreamOwnerEventsRequest;
import dev.tabula.v1.StreamOwnerEventsResponse;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The owner stream against a stand-in server: cursors that skip numbers are delivered, a
 * dropped connection (or a server's stop) resumes after the last cursor with the same
 * filters, and a cursor not greater than the one before ends the stream. Offline.
 */
@Timeout(30)
class OwnerStreamTest {
  private static final List<OwnerEventKind> ENDS = List.of(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED);
  private static final Map<String, String> LABELS = Map.of("tournament", "spring");

  /** A stand-in whose StreamOwnerEvents runs {@code answer}, recording each request in {@code requests}. */
  private static Games.StandIn standIn(List<StreamOwnerEventsRequest> requests,
      BiConsumer<StreamOwnerEventsRequest, StreamObserver<StreamOwnerEventsResponse>> answer) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void streamOwnerEvents(StreamOwnerEventsRequest request, StreamObserver<StreamOwnerEventsResponse> observer) {
        requests.add(request);
        answer.accept(request, observer);
      }
    });
  }

  private static void send(StreamObserver<StreamOwnerEventsResponse> observer, long cursor) {
    observer.onNext(StreamOwnerEventsResponse.newBuilder().setEvent(OwnerEvent.newBuilder().setCursor(cursor)
        .setKind(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED).setGameEvent(GameEvent.newBuilder().setGameId("g" + cursor).setSeq(3)))
        .build());
  }

  /** The ends of a filtered stream, whose cursors skip the events the filters leave out. */
  private static final long[] CURSORS = {3, 7, 8, 12};

  /**
   * The first call of each stream sends the ends up to cursor 7, then breaks as a stopping
   * server does; the next ones send the rest after the request's cursor and stay open.
   */
  private static void breakingOnce(StreamOwnerEventsRequest request, StreamObserver<StreamOwnerEventsResponse> observer) {
    for (long cursor : CURSORS) {
      if (cursor > request.getAfterCursor() && (request.getAfterCursor() > 0 || cursor <= 7)) {
        send(observer, cursor);
      }
    }
    if (request.getAfterCursor() == 0) {
      observer.onError(Status.UNAVAILABLE.withDescription("the server is shutting down").asRuntimeException());
    } // else: live, never ending by itself
  }

  @Test
  void aDroppedConnectionResumesAfterTheLastCursorWithTheSameFilters() throws Exception {
    List<StreamOwnerEventsRequest> requests = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = standIn(requests, OwnerStreamTest::breakingOnce); TabulaClient client = standIn.client()) {
      List<Long> cursors = new ArrayList<>();
      try (OwnerEventStream events = client.ownerEvents(0, ENDS, LABELS, 3, Duration.ofMillis(10))) {
        for (OwnerEvent event : events) {
          cursors.add(event.getCursor());
          assertEquals("g" + event.getCursor(), event.getGameEvent().getGameId());
          if (cursors.size() == CURSORS.length) {
            break;
          }
        }
        assertEquals(12, events.lastCursor());
        assertThrows(IllegalStateException.class, events::iterator, "a stream is iterated once");
      }
      assertEquals(List.of(3L, 7L, 8L, 12L), cursors);
      assertEquals(List.of(0L, 7L), requests.stream().map(StreamOwnerEventsRequest::getAfterCursor).toList());
      for (StreamOwnerEventsRequest request : requests) {
        assertEquals(ENDS, request.getKindsList());
        assertEquals(LABELS, request.getLabelsMap());
      }

      requests.clear();
      List<Long> seen = new CopyOnWriteArrayList<>();
      CompletableFuture<Void> all = new CompletableFuture<>();
      try (AsyncOwnerEventStream stream = client.async().ownerEvents(
          Requests.ownerEvents(0, ENDS, LABELS), 3, Duration.ofMillis(10), new StreamObserver<OwnerEvent>() {
            @Override
            public void onNext(OwnerEvent event) {
              seen.add(event.getCursor());
              if (seen.size() == CURSORS.length) {
                all.complete(null);
              }
            }

            @Override
            public void onError(Throwable error) {
              all.completeExceptionally(error);
            }

            @Override
            public void onCompleted() {
              all.completeExceptionally(new AssertionError("the owner stream completed"));
            }
          })) {
        all.get(10, TimeUnit.SECONDS);
        assertEquals(12, stream.lastCursor());
      }
      assertEquals(List.of(3L, 7L, 8L, 12L), seen);
      assertEquals(List.of(0L, 7L), requests.stream().map(StreamOwnerEventsRequest::getAfterCursor).toList());
      assertEquals(ENDS, requests.get(1).getKindsList());
      assertEquals(LABELS, requests.get(1).getLabelsMap());
    }
  }

  @Test
  void aCursorNotGreaterThanTheOneBeforeEndsTheStream() throws Exception {
    try (Games.StandIn standIn = standIn(new CopyOnWriteArrayList<>(), (request, observer) -> {
          send(observer, 4);
          send(observer, 9);
          send(observer, 9);
          observer.onCompleted();
        });
        TabulaClient client = standIn.client()) {
      try (OwnerEventStream events = client.ownerEvents(2)) {
        assertEquals(4, events.next().getCursor());
        assertEquals(9, events.next().getCursor());
        TabulaException repeated = assertThrows(TabulaException.class, events::hasNext);
        assertEquals(Status.Code.DATA_LOSS, repeated.getCode());
        assertEquals(TabulaException.CURSOR_OUT_OF_ORDER, repeated.getReason());
        assertEquals("CURSOR_OUT_OF_ORDER", repeated.getReason());
        assertEquals(Map.of("last_cursor", "9", "received_cursor", "9"), repeated.getMetadata());
        assertEquals("the owner event stream went back: received cursor 9 after cursor 9", repeated.getMessage());
        assertFalse(events.hasNext(), "the stream goes on after a repeated cursor");
      }
      try (OwnerEventStream events = client.ownerEvents(4)) {
        TabulaException early = assertThrows(TabulaException.class, events::hasNext);
        assertEquals(Status.Code.DATA_LOSS, early.getCode());
        assertEquals(TabulaException.CURSOR_OUT_OF_ORDER, early.getReason());
        assertEquals(Map.of("last_cursor", "4", "received_cursor", "4"), early.getMetadata());
        assertEquals("the owner event stream went back: received cursor 4 after cursor 4", early.getMessage());
        assertEquals(4, events.lastCursor());
      }
      CompletableFuture<Throwable> failed = new CompletableFuture<>();
      try (AsyncOwnerEventStream stream = client.async().ownerEvents(0, new StreamObserver<OwnerEvent>() {
        @Override
        public void onNext(OwnerEvent event) {}

        @Override
        public void onError(Throwable error) {
          failed.complete(error);
        }

        @Override
        public void onCompleted() {
          failed.completeExceptionally(new AssertionError("the stream completed despite the repeated cursor"));
        }
      })) {
        TabulaException repeated = assertInstanceOf(TabulaException.class, failed.get(10, TimeUnit.SECONDS));
        assertEquals(Status.Code.DATA_LOSS, repeated.getCode());
        assertEquals(TabulaException.CURSOR_OUT_OF_ORDER, repeated.getReason());
        assertEquals(Map.of("last_cursor", "9", "received_cursor", "9"), repeated.getMetadata());
        assertEquals(9, stream.lastCursor());
      }
    }
  }
}
