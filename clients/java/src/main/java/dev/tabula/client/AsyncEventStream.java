package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A game's events delivered to a {@link StreamObserver} as they arrive, without a thread of the
 * caller's waiting: the non-blocking twin of {@link EventStream}, opened by
 * {@link TabulaAsyncClient#events}.
 *
 * <p>It delivers each event once and in order, resumes after the last one delivered when the
 * connection drops or the server ends a lagging reader ({@code STREAM_LAGGED}), and ends with
 * {@code onCompleted} after the game's final event. Any other failure, running out of
 * reconnection attempts, or a gap in the sequence numbers ({@code DATA_LOSS},
 * {@link TabulaException#SEQ_GAP}) ends it with {@code onError} and a {@link TabulaException}.
 * The observer is called from gRPC's threads, one call at a time. The stream has no deadline;
 * {@link #close} ends it from any thread, after which the observer hears nothing more.
 */
public final class AsyncEventStream implements AutoCloseable {
  private final GameServiceGrpc.GameServiceStub stub;
  private final StreamEventsRequest request;
  private final int maxReconnects;
  private final Duration firstDelay;
  private final StreamObserver<StreamEventsResponse> observer;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private volatile long lastSeq;
  private volatile boolean closed;
  private volatile ClientCallStreamObserver<StreamEventsRequest> call;
  private volatile int failures;

  AsyncEventStream(GameServiceGrpc.GameServiceStub stub, StreamEventsRequest request, int maxReconnects, Duration firstDelay,
      StreamObserver<StreamEventsResponse> observer) {
    this.stub = stub;
    this.request = request;
    this.lastSeq = request.getAfterSeq();
    this.maxReconnects = Math.max(maxReconnects, 0);
    this.firstDelay = firstDelay;
    this.observer = observer;
  }

  void start() {
    open();
  }

  /** The sequence number of the last event delivered (or the starting one); never waits. */
  public long lastSeq() {
    return lastSeq;
  }

  /**
   * Completes when the stream has ended: normally after the final event, exceptionally with
   * the {@link TabulaException} the observer received, or normally once {@link #close}d.
   */
  public CompletableFuture<Void> done() {
    return done;
  }

  /** Ends the stream; safe to call more than once and from any thread. */
  @Override
  public void close() {
    closed = true;
    ClientCallStreamObserver<StreamEventsRequest> current = call;
    if (current != null) {
      current.cancel("the event stream was closed", null);
    }
    done.complete(null);
  }

  private void open() {
    if (closed) {
      return;
    }
    // Resumes after the last event delivered, with every other field of the opening request.
    StreamEventsRequest resumed = request.toBuilder().setAfterSeq(lastSeq).build();
    stub.streamEvents(resumed, new ClientResponseObserver<StreamEventsRequest, StreamEventsResponse>() {
      private boolean ended;

      @Override
      public void beforeStart(ClientCallStreamObserver<StreamEventsRequest> started) {
        call = started;
        if (closed) {
          started.cancel("the event stream was closed", null);
        }
      }

      @Override
      public void onNext(StreamEventsResponse response) {
        if (closed || ended) {
          return;
        }
        long seq = response.getEvent().getSeq();
        if (seq != lastSeq + 1) {
          ended = true;
          call.cancel("a gap in the event sequence", null);
          fail(TabulaException.seqGap(request.getGameId(), lastSeq + 1, seq));
          return;
        }
        lastSeq = seq;
        failures = 0;
        observer.onNext(response);
      }

      @Override
      public void onError(Throwable error) {
        if (closed || ended) {
          return;
        }
        ended = true;
        TabulaException failure = TabulaException.from(error);
        if (!EventStream.resumable(failure) || failures >= maxReconnects) {
          fail(failure);
          return;
        }
        long delay = EventStream.delayMillis(firstDelay, failures++);
        CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS).execute(AsyncEventStream.this::open);
      }

      @Override
      public void onCompleted() {
        if (closed || ended) {
          return;
        }
        ended = true;
        closed = true;
        observer.onCompleted();
        done.complete(null);
      }
    });
  }

  private void fail(TabulaException failure) {
    closed = true;
    observer.onError(failure);
    done.completeExceptionally(failure);
  }
}
