package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import com.google.rpc.ErrorInfo;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.SeriesFinished;
import dev.tabula.v1.SeriesGameFinished;
import dev.tabula.v1.SeriesGameStarted;
import dev.tabula.v1.StreamSeriesEventsRequest;
import dev.tabula.v1.StreamSeriesEventsResponse;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The series event streams against a stand-in server: an unknown kind is delivered and
 * counted; a dropped connection resumes after the last event; the server's closing ends them
 * (a skipped or repeated seq: {@link SeqGapTest}, for both kinds of stream). Offline.
 */
@Timeout(30)
class SeriesStreamTest {
  /** A stand-in whose StreamSeriesEvents runs {@code answer}, recording each request in {@code requests}. */
  private static Games.StandIn standIn(List<StreamSeriesEventsRequest> requests,
      BiConsumer<StreamSeriesEventsRequest, StreamObserver<StreamSeriesEventsResponse>> answer) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void streamSeriesEvents(StreamSeriesEventsRequest request, StreamObserver<StreamSeriesEventsResponse> observer) {
        requests.add(request);
        answer.accept(request, observer);
      }
    });
  }

  private static void send(StreamObserver<StreamSeriesEventsResponse> observer, SeriesEvent event) {
    observer.onNext(StreamSeriesEventsResponse.newBuilder().setEvent(event).build());
  }

  /** An observer that adds each event it hears to {@code events} and completes {@code completed} at the end. */
  private static StreamObserver<SeriesEvent> collecting(List<SeriesEvent> events, CompletableFuture<Void> completed) {
    return new StreamObserver<SeriesEvent>() {
      @Override
      public void onNext(SeriesEvent event) {
        events.add(event);
      }

      @Override
      public void onError(Throwable error) {
        completed.completeExceptionally(error);
      }

      @Override
      public void onCompleted() {
        completed.complete(null);
      }
    };
  }

  /** A whole best-of-one series: its game started, the game scored, an event of a kind added later, the end. */
  private static List<SeriesEvent> history() {
    return List.of(
        SeriesEvent.newBuilder().setSeriesId("s").setSeq(1)
            .setGameStarted(SeriesGameStarted.newBuilder().setNumber(1).setGameId("g1").setPlayerOneSeat(1)).build(),
        SeriesEvent.newBuilder().setSeriesId("s").setSeq(2)
            .setGameFinished(SeriesGameFinished.newBuilder().setNumber(1).setGameId("g1").addPoints(1).addPoints(0)).build(),
        SeriesEvent.newBuilder().setSeriesId("s").setSeq(3)
            .setUnknownFields(UnknownFieldSet.newBuilder()
                .addField(40, UnknownFieldSet.Field.newBuilder().addLengthDelimited(ByteString.EMPTY).build()).build())
            .build(),
        SeriesEvent.newBuilder().setSeriesId("s").setSeq(4)
            .setSeriesFinished(SeriesFinished.newBuilder().setWinner(1).addPoints(1).addPoints(0)).build());
  }

  @Test
  void aWholeSeriesIsDeliveredUnknownKindsIncludedAndTheStreamEnds() throws Exception {
    List<StreamSeriesEventsRequest> requests = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = standIn(requests, (request, observer) -> {
          history().stream().filter(e -> e.getSeq() > request.getAfterSeq()).forEach(e -> send(observer, e));
          observer.onCompleted();
        });
        TabulaClient client = standIn.client()) {
      List<String> kinds = new ArrayList<>();
      try (SeriesEventStream events = client.seriesEvents("s", 0)) {
        for (SeriesEvent event : events) {
          kinds.add(event.getSeq() + " " + Names.seriesEventKind(event));
        }
        assertEquals(4, events.lastSeq());
        assertFalse(events.hasNext());
        assertThrows(IllegalStateException.class, events::iterator, "a stream is iterated once");
      }
      assertEquals(List.of("1 game_started", "2 game_finished", "3 unknown", "4 series_finished"), kinds);
      assertEquals(List.of(3L, 4L), client.seriesEvents("s", 2).stream().map(SeriesEvent::getSeq).toList());

      List<SeriesEvent> async = new CopyOnWriteArrayList<>();
      CompletableFuture<Void> completed = new CompletableFuture<>();
      AsyncSeriesEventStream stream = client.async().seriesEvents("s", 1, collecting(async, completed));
      completed.get(10, TimeUnit.SECONDS);
      stream.done().get(5, TimeUnit.SECONDS);
      assertEquals(List.of("2 game_finished", "3 unknown", "4 series_finished"),
          async.stream().map(event -> event.getSeq() + " " + Names.seriesEventKind(event)).toList());
      assertEquals(4, stream.lastSeq());
      assertEquals(List.of(0L, 2L, 1L), requests.stream().map(StreamSeriesEventsRequest::getAfterSeq).toList());
      assertTrue(requests.stream().allMatch(r -> r.getSeriesId().equals("s")));
    }
  }

  @Test
  void aDroppedConnectionResumesAfterTheLastEvent() throws Exception {
    List<StreamSeriesEventsRequest> requests = new CopyOnWriteArrayList<>();
    // The first call of each stream breaks after two events; the next ones deliver the rest.
    try (Games.StandIn standIn = standIn(requests, (request, observer) -> {
          List<SeriesEvent> rest = history().stream().filter(e -> e.getSeq() > request.getAfterSeq()).toList();
          if (request.getAfterSeq() == 0) {
            rest.stream().limit(2).forEach(e -> send(observer, e));
            observer.onError(Status.UNAVAILABLE.withDescription("the stand-in server breaks the stream").asRuntimeException());
            return;
          }
          rest.forEach(e -> send(observer, e));
          observer.onCompleted();
        });
        TabulaClient client = standIn.client()) {
      try (SeriesEventStream events = client.seriesEvents("s", 0, 3, Duration.ofMillis(10))) {
        assertEquals(List.of(1L, 2L, 3L, 4L), events.stream().map(SeriesEvent::getSeq).toList());
      }
      assertEquals(List.of(0L, 2L), requests.stream().map(StreamSeriesEventsRequest::getAfterSeq).toList());

      requests.clear();
      List<SeriesEvent> seen = new CopyOnWriteArrayList<>();
      CompletableFuture<Void> completed = new CompletableFuture<>();
      client.async().seriesEvents("s", 0, 3, Duration.ofMillis(10), collecting(seen, completed));
      completed.get(10, TimeUnit.SECONDS);
      assertEquals(List.of(1L, 2L, 3L, 4L), seen.stream().map(SeriesEvent::getSeq).toList());
      assertEquals(List.of(0L, 2L), requests.stream().map(StreamSeriesEventsRequest::getAfterSeq).toList());
    }
  }

  @Test
  void anUnknownSeriesIsRefusedWithItsReason() throws Exception {
    com.google.rpc.Status notFound = com.google.rpc.Status.newBuilder().setCode(Status.Code.NOT_FOUND.value())
        .setMessage("no series has the id nope")
        .addDetails(Any.pack(ErrorInfo.newBuilder().setDomain(TabulaException.DOMAIN).setReason("SERIES_NOT_FOUND").build()))
        .build();
    List<StreamSeriesEventsRequest> requests = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = standIn(requests,
            (request, observer) -> observer.onError(StatusProto.toStatusRuntimeException(notFound)));
        TabulaClient client = standIn.client(); SeriesEventStream events = client.seriesEvents("nope", 0)) {
      TabulaException error = assertThrows(TabulaException.class, events::hasNext);
      assertEquals(Status.Code.NOT_FOUND, error.getCode());
      assertEquals("SERIES_NOT_FOUND", error.getReason());
      assertEquals(ErrorReason.ERROR_REASON_SERIES_NOT_FOUND, error.getReasonCode());
      assertEquals("no series has the id nope", error.getMessage());
      assertEquals(1, requests.size(), "a refusal is not retried");
    }
  }
}
