package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.StreamSeriesEventsRequest;
import dev.tabula.v1.StreamSeriesEventsResponse;
import dev.tabula.v1.StreamTournamentEventsRequest;
import dev.tabula.v1.StreamTournamentEventsResponse;
import dev.tabula.v1.TournamentEvent;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A stand-in server that skips or repeats an event: every event stream, a game's, a series' and
 * a tournament's, blocking and asynchronous, ends with DATA_LOSS {@code SEQ_GAP}, naming the
 * stream, the seq it expected and the one it received. Offline.
 */
@Timeout(30)
class SeqGapTest {
  /** A blocking event stream, seen through the seqs of its events. */
  interface Seqs extends Iterator<Long>, AutoCloseable {
    long lastSeq();

    @Override
    void close();
  }

  /** An asynchronous event stream: its last seq and its end. */
  record Async(LongSupplier lastSeq, CompletableFuture<Void> done) {}

  /** The kinds of event stream, each opened on a stand-in that sends events of given seqs, then ends the stream. */
  enum Kind {
    GAME("the event stream of game g") {
      @Override
      Games.StandIn skipping(long... seqs) throws IOException {
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

      @Override
      Seqs open(TabulaClient client, long afterSeq) {
        EventStream events = client.events("g", afterSeq);
        return seqs(events, GameEvent::getSeq, events::lastSeq, events::close);
      }

      @Override
      Async openAsync(TabulaClient client, long afterSeq, StreamObserver<Long> seqs) {
        AsyncEventStream stream = client.async().events("g", afterSeq, AsyncResumingStream.mapped(seqs, GameEvent::getSeq));
        return new Async(stream::lastSeq, stream.done());
      }
    },
    SERIES("the event stream of series s") {
      @Override
      Games.StandIn skipping(long... seqs) throws IOException {
        return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
          @Override
          public void streamSeriesEvents(StreamSeriesEventsRequest request, StreamObserver<StreamSeriesEventsResponse> observer) {
            for (long seq : seqs) {
              observer.onNext(StreamSeriesEventsResponse.newBuilder().setEvent(SeriesEvent.newBuilder().setSeq(seq)).build());
            }
            observer.onCompleted();
          }
        });
      }

      @Override
      Seqs open(TabulaClient client, long afterSeq) {
        SeriesEventStream events = client.seriesEvents("s", afterSeq);
        return seqs(events, SeriesEvent::getSeq, events::lastSeq, events::close);
      }

      @Override
      Async openAsync(TabulaClient client, long afterSeq, StreamObserver<Long> seqs) {
        AsyncSeriesEventStream stream =
            client.async().seriesEvents("s", afterSeq, AsyncResumingStream.mapped(seqs, SeriesEvent::getSeq));
        return new Async(stream::lastSeq, stream.done());
      }
    },
    TOURNAMENT("the event stream of tournament t") {
      @Override
      Games.StandIn skipping(long... seqs) throws IOException {
        return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
          @Override
          public void streamTournamentEvents(StreamTournamentEventsRequest request,
              StreamObserver<StreamTournamentEventsResponse> observer) {
            for (long seq : seqs) {
              observer.onNext(StreamTournamentEventsResponse.newBuilder().setEvent(TournamentEvent.newBuilder().setSeq(seq)).build());
            }
            observer.onCompleted();
          }
        });
      }

      @Override
      Seqs open(TabulaClient client, long afterSeq) {
        TournamentEventStream events = client.tournamentEvents("t", afterSeq);
        return seqs(events, TournamentEvent::getSeq, events::lastSeq, events::close);
      }

      @Override
      Async openAsync(TabulaClient client, long afterSeq, StreamObserver<Long> seqs) {
        AsyncTournamentEventStream stream =
            client.async().tournamentEvents("t", afterSeq, AsyncResumingStream.mapped(seqs, TournamentEvent::getSeq));
        return new Async(stream::lastSeq, stream.done());
      }
    };

    /** How the stream names itself in an error. */
    final String name;

    Kind(String name) {
      this.name = name;
    }

    abstract Games.StandIn skipping(long... seqs) throws IOException;

    abstract Seqs open(TabulaClient client, long afterSeq);

    abstract Async openAsync(TabulaClient client, long afterSeq, StreamObserver<Long> seqs);

    private static <E> Seqs seqs(Iterator<E> events, ToLongFunction<E> seqOf, LongSupplier lastSeq, Runnable close) {
      return new Seqs() {
        @Override
        public boolean hasNext() {
          return events.hasNext();
        }

        @Override
        public Long next() {
          return seqOf.applyAsLong(events.next());
        }

        @Override
        public long lastSeq() {
          return lastSeq.getAsLong();
        }

        @Override
        public void close() {
          close.run();
        }
      };
    }

    void assertGap(TabulaException gap, long expected, long received) {
      assertEquals(Status.Code.DATA_LOSS, gap.getCode());
      assertEquals(TabulaException.SEQ_GAP, gap.getReason());
      assertEquals("SEQ_GAP", gap.getReason());
      assertEquals(ErrorReason.ERROR_REASON_UNSPECIFIED, gap.getReasonCode()); // a reason of the client's own, not in error.proto
      assertEquals(Map.of("expected_seq", Long.toString(expected), "received_seq", Long.toString(received)), gap.getMetadata());
      assertEquals(name + " expected seq " + expected + " but received seq " + received, gap.getMessage());
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aSkippedEventEndsTheBlockingStream(Kind kind) throws Exception {
    try (Games.StandIn standIn = kind.skipping(1, 2, 4); TabulaClient client = standIn.client(); Seqs events = kind.open(client, 0)) {
      List<Long> seen = new ArrayList<>();
      TabulaException gap = assertThrows(TabulaException.class, () -> events.forEachRemaining(seen::add));
      assertEquals(List.of(1L, 2L), seen);
      assertEquals(2, events.lastSeq());
      kind.assertGap(gap, 3, 4);
      assertFalse(events.hasNext(), "the stream goes on after a gap");
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void theFirstEventMustFollowAfterSeq(Kind kind) throws Exception {
    try (Games.StandIn standIn = kind.skipping(7, 8); TabulaClient client = standIn.client(); Seqs events = kind.open(client, 5)) {
      kind.assertGap(assertThrows(TabulaException.class, events::hasNext), 6, 7);
      assertEquals(5, events.lastSeq());
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aRepeatedEventIsAGapToo(Kind kind) throws Exception {
    try (Games.StandIn standIn = kind.skipping(1, 2, 2, 3); TabulaClient client = standIn.client();
        Seqs events = kind.open(client, 0)) {
      assertEquals(1L, events.next());
      assertEquals(2L, events.next());
      kind.assertGap(assertThrows(TabulaException.class, events::next), 3, 2);
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aSkippedEventEndsTheAsyncStream(Kind kind) throws Exception {
    try (Games.StandIn standIn = kind.skipping(1, 2, 4); TabulaClient client = standIn.client()) {
      List<Long> seen = new CopyOnWriteArrayList<>();
      CompletableFuture<Throwable> failed = new CompletableFuture<>();
      Async stream = kind.openAsync(client, 0, new StreamObserver<Long>() {
        @Override
        public void onNext(Long seq) {
          seen.add(seq);
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
      kind.assertGap(assertInstanceOf(TabulaException.class, failed.get(10, TimeUnit.SECONDS)), 3, 4);
      assertEquals(List.of(1L, 2L), seen);
      assertEquals(2, stream.lastSeq().getAsLong());
      ExecutionException done = assertThrows(ExecutionException.class, () -> stream.done().get(5, TimeUnit.SECONDS));
      kind.assertGap(assertInstanceOf(TabulaException.class, done.getCause()), 3, 4);
    }
  }
}
