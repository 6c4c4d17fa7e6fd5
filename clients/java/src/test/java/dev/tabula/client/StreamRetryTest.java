package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which failures an event stream resumes from, and when it gives up, against a stand-in
 * server whose stream fails as each test says. Offline.
 */
@Timeout(30)
class StreamRetryTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  /** A stand-in game stream: the n-th call (from 0) does what {@code calls[n]} says, the last one again after. */
  private static final class Scripted extends GameServiceGrpc.GameServiceImplBase {
    final List<Long> afterSeqs = new CopyOnWriteArrayList<>();
    private final List<Call> calls;

    Scripted(Call... calls) {
      this.calls = List.of(calls);
    }

    @Override
    public void streamEvents(StreamEventsRequest request, StreamObserver<StreamEventsResponse> observer) {
      afterSeqs.add(request.getAfterSeq());
      calls.get(Math.min(afterSeqs.size() - 1, calls.size() - 1)).run(request.getAfterSeq(), observer);
    }
  }

  /** What one call of the stand-in's stream does. */
  @FunctionalInterface
  interface Call {
    void run(long afterSeq, StreamObserver<StreamEventsResponse> observer);

    /** Sends the events after {@code afterSeq} up to {@code last}, then ends with {@code end} (null: the stream's end). */
    static Call eventsThen(long last, Status end) {
      return (afterSeq, observer) -> {
        for (long seq = afterSeq + 1; seq <= last; seq++) {
          observer.onNext(StreamEventsResponse.newBuilder().setEvent(GameEvent.newBuilder().setSeq(seq)).build());
        }
        if (end == null) {
          observer.onCompleted();
        } else {
          observer.onError(end.asRuntimeException());
        }
      };
    }

    static Call failing(Throwable error) {
      return (afterSeq, observer) -> observer.onError(error);
    }
  }

  private static List<Long> seqs(EventStream events) {
    List<Long> seqs = new ArrayList<>();
    events.forEachRemaining(event -> seqs.add(event.getSeq()));
    return seqs;
  }

  @Test
  void theDefaultPolicyDoublesTo2SecondsAndGivesUpAfter30() {
    StreamRetryPolicy policy = StreamRetryPolicy.defaults();
    assertEquals(Duration.ofMillis(100), policy.firstDelay());
    assertEquals(Duration.ofSeconds(2), policy.maxDelay());
    assertEquals(Duration.ofSeconds(30), policy.giveUpAfter().orElseThrow());
    long first = policy.nextDelayNanos(1, 0);
    assertTrue(first >= 80 * MS && first <= 120 * MS, first + " ns");
    long sixth = policy.nextDelayNanos(6, 0);
    assertTrue(sixth >= 1600 * MS && sixth <= 2400 * MS, sixth + " ns");
    // The last attempt starts when the budget ends, not after.
    assertTrue(policy.nextDelayNanos(20, TimeUnit.SECONDS.toNanos(30) - 50 * MS) <= 50 * MS);
    assertEquals(-1, policy.nextDelayNanos(20, TimeUnit.SECONDS.toNanos(30)));

    assertTrue(StreamRetryPolicy.forever().giveUpAfter().isEmpty());
    assertTrue(StreamRetryPolicy.forever().nextDelayNanos(1_000, TimeUnit.HOURS.toNanos(5)) >= 0, "forever gave up");
    assertEquals(-1, StreamRetryPolicy.none().nextDelayNanos(1, 0));
    assertEquals(-1, StreamRetryPolicy.defaults().withMaxReconnects(3).nextDelayNanos(4, 0));
  }

  @Test
  void aStreamResumesAfterABrokenTransportAndTheServerGoingAway() throws Exception {
    Scripted server = new Scripted(Call.eventsThen(2, Status.INTERNAL.withDescription("RST_STREAM closed stream")),
        Call.failing(Status.UNAVAILABLE.asRuntimeException()), Call.eventsThen(4, null));
    try (Games.StandIn standIn = new Games.StandIn(server);
        TabulaClient client = standIn.client();
        EventStream events = client.events("g", 0)) {
      assertEquals(List.of(1L, 2L, 3L, 4L), seqs(events));
      assertEquals(List.of(0L, 2L, 2L), server.afterSeqs, "each call resumes after the last event returned");
    }
  }

  @Test
  void anInternalErrorOfTheServersOwnEndsTheStream() throws Exception {
    com.google.rpc.Status withReason = com.google.rpc.Status.newBuilder().setCode(Code.INTERNAL_VALUE).setMessage("the store broke")
        .addDetails(Any.pack(ErrorInfo.newBuilder().setDomain(TabulaException.DOMAIN).setReason("STORE_UNAVAILABLE").build()))
        .build();
    Scripted server = new Scripted(Call.failing(StatusProto.toStatusRuntimeException(withReason)));
    try (Games.StandIn standIn = new Games.StandIn(server);
        TabulaClient client = standIn.client();
        EventStream events = client.events("g", 0)) {
      TabulaException error = assertThrows(TabulaException.class, events::hasNext);
      assertEquals(Status.Code.INTERNAL, error.getCode());
      assertEquals(1, server.afterSeqs.size(), "the stream reconnected after the server's own error");
    }
  }

  @Test
  void aStreamGivesUpWhenItsBudgetRunsOutWithTheLastError() throws Exception {
    Scripted server = new Scripted(Call.eventsThen(1, Status.UNAVAILABLE.withDescription("shutting down")),
        Call.failing(Status.UNAVAILABLE.withDescription("still down").asRuntimeException()));
    Duration budget = Duration.ofMillis(400);
    try (Games.StandIn standIn = new Games.StandIn(server);
        TabulaClient client = TabulaClient.builder(standIn.address())
            .streamRetryPolicy(StreamRetryPolicy.defaults().withGiveUpAfter(budget)).build();
        EventStream events = client.events("g", 0)) {
      assertEquals(1, events.next().getSeq());
      long began = System.nanoTime();
      TabulaException error = assertThrows(TabulaException.class, events::hasNext);
      long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
      assertEquals(Status.Code.UNAVAILABLE, error.getCode());
      assertEquals("still down", error.getMessage(), "the last error is thrown");
      assertTrue(waited >= budget.toMillis() && waited < budget.toMillis() + 1500, "gave up after " + waited + " ms");
      assertTrue(server.afterSeqs.size() >= 4, "only " + server.afterSeqs.size() + " calls in " + waited + " ms");
      assertTrue(server.afterSeqs.stream().skip(1).allMatch(after -> after == 1), "resumed after another seq: " + server.afterSeqs);
    }

    // The asynchronous stream gives up likewise, through done() and the observer.
    Scripted down = new Scripted(Call.failing(Status.UNAVAILABLE.asRuntimeException()));
    try (Games.StandIn standIn = new Games.StandIn(down);
        TabulaClient client = TabulaClient.builder(standIn.address())
            .streamRetryPolicy(StreamRetryPolicy.defaults().withGiveUpAfter(budget)).build()) {
      AsyncEventStream stream = client.async().events("g", 0, new StreamObserver<GameEvent>() {
        @Override
        public void onNext(GameEvent event) {}

        @Override
        public void onError(Throwable error) {}

        @Override
        public void onCompleted() {}
      });
      ExecutionException gaveUp = assertThrows(ExecutionException.class, () -> stream.done().get(10, TimeUnit.SECONDS));
      assertEquals(Status.Code.UNAVAILABLE, assertInstanceOf(TabulaException.class, gaveUp.getCause()).getCode());
      assertTrue(down.afterSeqs.size() >= 3, down.afterSeqs.size() + " calls");
    }
  }

  @Test
  void theBoundOnAttemptsInARowStillHolds() throws Exception {
    Scripted server = new Scripted(Call.failing(Status.UNAVAILABLE.asRuntimeException()));
    try (Games.StandIn standIn = new Games.StandIn(server);
        TabulaClient client = standIn.client();
        EventStream events = client.events("g", 0, 2, Duration.ofMillis(1))) {
      assertThrows(TabulaException.class, events::hasNext);
      assertEquals(3, server.afterSeqs.size(), "the first call and two reconnections");
    }
    try (Games.StandIn standIn = new Games.StandIn(server);
        TabulaClient client = TabulaClient.builder(standIn.address()).streamRetryPolicy(StreamRetryPolicy.none()).build();
        EventStream events = client.events("g", 0)) {
      assertThrows(TabulaException.class, events::hasNext);
    }
  }
}
