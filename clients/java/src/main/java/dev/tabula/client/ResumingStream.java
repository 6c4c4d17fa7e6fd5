package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import io.grpc.Context;
import io.grpc.StatusRuntimeException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.function.LongFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The blocking event stream behind {@link EventStream}, {@link SeriesEventStream},
 * {@link TournamentEventStream} and {@link OwnerEventStream}: the responses of one {@link StreamKind} after its starting seq,
 * each exactly once and in order. When the call fails in a way the kind resumes from, it
 * reopens the stream after the last response returned; a response whose seq does not follow
 * the previous one (is not the previous one plus 1, or for the owner stream not greater) ends
 * it with the kind's error ({@code SEQ_GAP}, or for the owner stream
 * {@code CURSOR_OUT_OF_ORDER}). Each call's responses pass through the function the kind's
 * {@code receiver} makes for that call; one that throws a {@link TabulaException} ends the
 * stream with it. How soon and how long it goes on reconnecting is its
 * {@link StreamRetryPolicy}'s. {@link #close} ends it from any thread; {@link #lastSeq} and
 * {@link #last} never wait.
 *
 * @param <R> a response on the stream
 */
final class ResumingStream<R> implements Iterator<R>, AutoCloseable {
  private final StreamKind<?, R> kind;
  private final LongFunction<Iterator<R>> call;
  private final Reconnections reconnections;
  private volatile long lastSeq;
  private volatile R last;
  private final AtomicBoolean iterated = new AtomicBoolean();
  private Context.CancellableContext context;
  private Iterator<R> responses;
  private UnaryOperator<R> receive;
  private R next;
  private volatile boolean closed;
  /** Where a reconnection waits; {@link #close} wakes it. */
  private final Object pause = new Object();

  /**
   * A stream of {@code kind} that {@code call} (a method of the blocking stub {@code stub})
   * opens from a request, opened on first use, reconnecting under {@code reconnections}.
   */
  <Q> ResumingStream(StreamKind<Q, R> kind, GameServiceGrpc.GameServiceBlockingStub stub,
      BiFunction<GameServiceGrpc.GameServiceBlockingStub, Q, Iterator<R>> call, Reconnections reconnections) {
    this.kind = kind;
    GameServiceGrpc.GameServiceBlockingStub watched = stub.withInterceptors(reconnections.watch());
    this.call = seq -> call.apply(watched, kind.resumedAfter().apply(seq));
    this.reconnections = reconnections;
    this.lastSeq = kind.afterSeq();
  }

  /** The seq of the last response returned (or the starting one). */
  long lastSeq() {
    return lastSeq;
  }

  /** The last response returned; null before the first. */
  R last() {
    return last;
  }

  @Override
  public synchronized boolean hasNext() {
    if (next != null) {
      return true;
    }
    while (!closed) {
      try {
        if (responses == null) {
          open();
        }
        if (!responses.hasNext()) {
          close();
          return false;
        }
        R response = responses.next();
        reconnections.connected();
        long seq = kind.seqOf().applyAsLong(response);
        if (!kind.follows(lastSeq, seq)) {
          close();
          throw kind.gap(lastSeq, seq);
        }
        try {
          next = receive.apply(response);
        } catch (TabulaException refused) {
          close();
          throw refused;
        }
        return true;
      } catch (StatusRuntimeException error) {
        dropCall();
        if (closed) {
          return false;
        }
        TabulaException failure = TabulaException.from(error);
        long wait = StreamKind.resumesAfter(failure) ? reconnections.failed() : -1;
        if (wait < 0) {
          close();
          throw failure;
        }
        pause(wait);
      }
    }
    return false;
  }

  @Override
  public synchronized R next() {
    if (!hasNext()) {
      throw new NoSuchElementException(kind.name() + " has ended");
    }
    R response = next;
    next = null;
    lastSeq = kind.seqOf().applyAsLong(response);
    last = response;
    return response;
  }

  /** Claims the one iteration a stream allows: a second call throws {@link IllegalStateException}. */
  void iterateOnce() {
    if (!iterated.compareAndSet(false, true)) {
      throw new IllegalStateException("an event stream can be iterated once");
    }
  }

  /** The remaining items of {@code items} (a wrapper of this stream) as a sequential stream; closing it closes this. */
  <T> Stream<T> stream(Iterator<T> items) {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(items, Spliterator.ORDERED | Spliterator.NONNULL), false)
        .onClose(this::close);
  }

  /** Ends the stream; safe to call more than once and from another thread. */
  @Override
  public void close() {
    closed = true;
    Context.CancellableContext current = context;
    if (current != null) {
      current.cancel(null);
    }
    synchronized (pause) {
      pause.notifyAll();
    }
  }

  private void open() {
    // The call lives in its own cancellable context so close() can end it from any thread.
    context = Context.current().withCancellation();
    Context previous = context.attach();
    try {
      responses = call.apply(lastSeq);
      receive = kind.receiver().get();
    } finally {
      context.detach(previous);
    }
  }

  private void dropCall() {
    if (context != null) {
      context.cancel(null);
    }
    context = null;
    responses = null;
  }

  /** Waits {@code nanos} before reconnecting, or less when {@link #close} ends the stream meanwhile. */
  private void pause(long nanos) {
    long until = System.nanoTime() + nanos;
    synchronized (pause) {
      try {
        for (long left = nanos; !closed && left > 0; left = until - System.nanoTime()) {
          TimeUnit.NANOSECONDS.timedWait(pause, left);
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        close();
      }
    }
  }
}
