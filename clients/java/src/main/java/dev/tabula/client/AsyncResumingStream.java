package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The non-blocking event stream that {@link AsyncEventStream}, {@link AsyncSeriesEventStream},
 * {@link AsyncTournamentEventStream} and {@link AsyncOwnerEventStream} are: the responses of one {@link StreamKind} after its
 * starting seq, delivered to an observer each once and in order. When the call fails in a way
 * the kind resumes from, it reopens the stream after the last response delivered; a response
 * whose seq does not follow the previous one (is not the previous one plus 1, or for the owner
 * stream not greater) ends it with the kind's error ({@code SEQ_GAP}, or for the owner stream
 * {@code CURSOR_OUT_OF_ORDER}). Each call's responses pass through the function the kind's
 * {@code receiver} makes for that call; one that throws a {@link TabulaException} ends the
 * stream with it. How soon and how long it goes on reconnecting is its
 * {@link StreamRetryPolicy}'s.
 *
 * @param <Q> the request that opens the stream
 * @param <R> a response on the stream
 */
abstract class AsyncResumingStream<Q, R> implements AutoCloseable {
  private final StreamKind<Q, R> kind;
  private final BiConsumer<Q, StreamObserver<R>> call;
  private final StreamObserver<R> observer;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private volatile long lastSeq;
  private volatile boolean closed;
  private volatile ClientCallStreamObserver<Q> started;
  private final Reconnections reconnections;

  /**
   * A stream of {@code kind} that {@code call} (a method of the asynchronous stub
   * {@code stub}) opens, delivered to {@code observer}, reconnecting under
   * {@code reconnections}.
   */
  AsyncResumingStream(StreamKind<Q, R> kind, GameServiceGrpc.GameServiceStub stub, AsyncCall<Q, R> call,
      Reconnections reconnections, StreamObserver<R> observer) {
    this.kind = kind;
    GameServiceGrpc.GameServiceStub watched = stub.withInterceptors(reconnections.watch());
    this.call = (request, responses) -> call.open(watched, request, responses);
    this.reconnections = reconnections;
    this.observer = observer;
    this.lastSeq = kind.afterSeq();
  }

  /** A streaming method of the generated asynchronous stub. */
  @FunctionalInterface
  interface AsyncCall<Q, R> {
    void open(GameServiceGrpc.GameServiceStub stub, Q request, StreamObserver<R> responses);
  }

  /** {@code observer} seeing each item as {@code convert} makes it from a response. */
  static <R, T> StreamObserver<R> mapped(StreamObserver<T> observer, Function<R, T> convert) {
    return new StreamObserver<R>() {
      @Override
      public void onNext(R response) {
        observer.onNext(convert.apply(response));
      }

      @Override
      public void onError(Throwable error) {
        observer.onError(error);
      }

      @Override
      public void onCompleted() {
        observer.onCompleted();
      }
    };
  }

  void start() {
    open();
  }

  /** {@return the sequence number of the last event delivered (or the starting one); never waits} */
  public long lastSeq() {
    return lastSeq;
  }

  /**
   * Completes when the stream has ended: normally after the final event, exceptionally with
   * the {@link TabulaException} the observer received, or normally once {@code close()}d.
   *
   * @return completes when the call succeeded, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Void> done() {
    return done;
  }

  /** Ends the stream; safe to call more than once and from any thread. */
  @Override
  public void close() {
    closed = true;
    ClientCallStreamObserver<Q> current = started;
    if (current != null) {
      current.cancel("the event stream was closed", null);
    }
    done.complete(null);
  }

  private void open() {
    if (closed) {
      return;
    }
    // Resumes after the last response delivered, with every other field of the opening request.
    call.accept(kind.resumedAfter().apply(lastSeq), new ClientResponseObserver<Q, R>() {
      private final UnaryOperator<R> receive = kind.receiver().get();
      private boolean ended;

      @Override
      public void beforeStart(ClientCallStreamObserver<Q> opened) {
        started = opened;
        if (closed) {
          opened.cancel("the event stream was closed", null);
        }
      }

      @Override
      public void onNext(R response) {
        if (closed || ended) {
          return;
        }
        long seq = kind.seqOf().applyAsLong(response);
        if (!kind.follows(lastSeq, seq)) {
          ended = true;
          started.cancel("a gap in the event sequence", null);
          fail(kind.gap(lastSeq, seq));
          return;
        }
        R received;
        try {
          received = receive.apply(response);
        } catch (TabulaException refused) {
          ended = true;
          started.cancel(refused.getMessage(), null);
          fail(refused);
          return;
        }
        lastSeq = seq;
        reconnections.connected();
        observer.onNext(received);
      }

      @Override
      public void onError(Throwable error) {
        if (closed || ended) {
          return;
        }
        ended = true;
        TabulaException failure = TabulaException.from(error);
        long wait = StreamKind.resumesAfter(failure) ? reconnections.failed() : -1;
        if (wait < 0) {
          fail(failure);
          return;
        }
        CompletableFuture.delayedExecutor(wait, TimeUnit.NANOSECONDS).execute(AsyncResumingStream.this::open);
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
