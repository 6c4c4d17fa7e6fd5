package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.StreamSeriesEventsRequest;
import dev.tabula.v1.StreamSeriesEventsResponse;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A series' events delivered to a {@link StreamObserver} as they arrive, without a thread of
 * the caller's waiting: the non-blocking twin of {@link SeriesEventStream}, opened by
 * {@link TabulaAsyncClient#seriesEvents}.
 *
 * <p>It delivers each event once and in order, resumes after the last one delivered when the
 * connection drops or the server ends a lagging reader ({@code STREAM_LAGGED}), and ends with
 * {@code onCompleted} when the server closes the stream after the series' final event
 * ({@code series_finished}). Any other failure, running out of reconnection attempts, or a
 * gap in the sequence numbers ({@code DATA_LOSS}, {@link TabulaException#SEQ_GAP}) ends it
 * with {@code onError} and a {@link TabulaException}. The observer is called from gRPC's
 * threads, one call at a time. The stream has no deadline; {@link #close} ends it from any
 * thread, after which the observer hears nothing more.
 */
public final class AsyncSeriesEventStream implements AutoCloseable {
  private final GameServiceGrpc.GameServiceStub stub;
  private final StreamSeriesEventsRequest request;
  private final int maxReconnects;
  private final Duration firstDelay;
  private final StreamObserver<SeriesEvent> observer;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private volatile long lastSeq;
  private volatile boolean closed;
  private volatile ClientCallStreamObserver<StreamSeriesEventsRequest> call;
  private volatile int failures;

  AsyncSeriesEventStream(GameServiceGrpc.GameServiceStub stub, StreamSeriesEventsRequest request, int maxReconnects,
      Duration firstDelay, StreamObserver<SeriesEvent> observer) {
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
    ClientCallStreamObserver<StreamSeriesEventsRequest> current = call;
    if (current != null) {
      current.cancel("the event stream was closed", null);
    }
    done.complete(null);
  }

  private void open() {
    if (closed) {
      return;
    }
    StreamSeriesEventsRequest resumed = request.toBuilder().setAfterSeq(lastSeq).build();
    stub.streamSeriesEvents(resumed, new ClientResponseObserver<StreamSeriesEventsRequest, StreamSeriesEventsResponse>() {
      private boolean ended;

      @Override
      public void beforeStart(ClientCallStreamObserver<StreamSeriesEventsRequest> started) {
        call = started;
        if (closed) {
          started.cancel("the event stream was closed", null);
        }
      }

      @Override
      public void onNext(StreamSeriesEventsResponse response) {
        if (closed || ended) {
          return;
        }
        long seq = response.getEvent().getSeq();
        if (seq != lastSeq + 1) {
          ended = true;
          call.cancel("a gap in the event sequence", null);
          fail(TabulaException.seriesSeqGap(request.getSeriesId(), lastSeq + 1, seq));
          return;
        }
        lastSeq = seq;
        failures = 0;
        observer.onNext(response.getEvent());
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
        CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS).execute(AsyncSeriesEventStream.this::open);
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
