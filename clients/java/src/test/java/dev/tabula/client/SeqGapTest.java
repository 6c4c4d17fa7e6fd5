package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stand-in server that skips an event: both event streams end with DATA_LOSS
 * {@code SEQ_GAP}, naming the seq they expected and the one they received. Offline.
 */
@Timeout(30)
class SeqGapTest {
  /** A stand-in that answers every StreamEvents with events of these seqs, then ends the stream. */
  private static Games.StandIn skipping(long... seqs) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void streamEvents(StreamEventsRequest request, StreamObserver<StreamEventsResponse> observer) {
        for (long seq : seqs) {
          observer.onNext(StreamEventsResponse.newBuilder().setEvent(GameEvent.newBuilder().setSeq(seq)).build());
        }
        observer.onCompleted();
      }
    });
  }

  private static void assertGap(TabulaException gap, long expected, long received) {
    assertEquals(Status.Code.DATA_LOSS, gap.getCode());
    assertEquals(TabulaException.SEQ_GAP, gap.getReason());
    assertEquals("SEQ_GAP", gap.getReason());
    assertEquals(ErrorReason.UNRECOGNIZED, gap.getReasonCode());
    assertEquals(Map.of("expected_seq", Long.toString(expected), "received_seq", Long.toString(received)), gap.getMetadata());
    assertTrue(gap.getMessage().contains("seq " + expected) && gap.getMessage().contains("seq " + received), gap.getMessage());
  }

  @Test
  void aSkippedEventEndsTheBlockingStream() throws Exception {
    try (Games.StandIn standIn = skipping(1, 2, 4); TabulaClient client = standIn.client()) {
      EventStream events = client.events("g", 0);
      List<Long> seen = new ArrayList<>();
      TabulaException gap = assertThrows(TabulaException.class, () -> events.forEachRemaining(e -> seen.add(e.getSeq())));
      assertEquals(List.of(1L, 2L), seen);
      assertEquals(2, events.lastSeq());
      assertGap(gap, 3, 4);
      assertFalse(events.hasNext(), "the stream goes on after a gap");
    }
  }

  @Test
  void theFirstEventMustFollowAfterSeq() throws Exception {
    try (Games.StandIn standIn = skipping(7, 8); TabulaClient client = standIn.client();
        EventStream events = client.events("g", 5)) {
      assertGap(assertThrows(TabulaException.class, events::hasNext), 6, 7);
    }
  }

  @Test
  void aRepeatedEventIsAGapToo() throws Exception {
    try (Games.StandIn standIn = skipping(1, 2, 2, 3); TabulaClient client = standIn.client();
        EventStream events = client.events("g", 0)) {
      assertEquals(1, events.next().getSeq());
      assertEquals(2, events.next().getSeq());
      assertGap(assertThrows(TabulaException.class, events::next), 3, 2);
    }
  }

  @Test
  void aSkippedEventEndsTheAsyncStream() throws Exception {
    try (Games.StandIn standIn = skipping(1, 2, 4); TabulaClient client = standIn.client()) {
      List<Long> seen = new ArrayList<>();
      CompletableFuture<Throwable> failed = new CompletableFuture<>();
      AsyncEventStream stream = client.async().events("g", 0, new StreamObserver<GameEvent>() {
        @Override
        public void onNext(GameEvent event) {
          seen.add(event.getSeq());
        }

        @Override
        public void onError(Throwable error) {
          failed.complete(error);
        }

        @Override
        public void onCompleted() {
          failed.completeExceptionally(new AssertionError("the stream completed despite the gap"));
        }
      });
      assertGap(assertInstanceOf(TabulaException.class, failed.get(10, TimeUnit.SECONDS)), 3, 4);
      assertEquals(List.of(1L, 2L), seen);
      assertEquals(2, stream.lastSeq());
      ExecutionException done = assertThrows(ExecutionException.class, () -> stream.done().get(5, TimeUnit.SECONDS));
      assertGap(assertInstanceOf(TabulaException.class, done.getCause()), 3, 4);
    }
  }
}
