package dev.tabula.client;

import io.grpc.Context;
import io.grpc.StatusRuntimeException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
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
 * stream with it. {@link #close} ends it from any thread; {@link #lastSeq} and {@link #last}
 * never wait.
 *
 * @param <R> a response on the stream
 */
final class ResumingStream<R> implements Iterator<R>, AutoCloseable {
  private final StreamKind<?, R> kind;
  private final LongFunction<Iterator<R>> call;
  private volatile long lastSeq;
  private volatile R last;
  private final AtomicBoolean iterated = new AtomicBoolean();
  private Context.CancellableContext context;
  private Iterator<R> responses;
  private UnaryOperator<R> receive;
  private R next;
  private volatile boolean closed;

  /** A stream of {@code kind} that {@code call} (a blocking stub's method) opens from a request; opened on first use. */
  <Q> ResumingStream(StreamKind<Q, R> kind, Function<Q, Iterator<R>> call) {
    this.kind = kind;
    this.call = seq -> call.apply(kind.resumedAfter().apply(seq));
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
    int failures = 0;
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
        if (!kind.reconnects(failure, failures)) {
          close();
          throw failure;
        }
        pause(failures++);
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

  private void pause(int failures) {
    try {
      Thread.sleep(kind.delayMillis(failures));
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      close();
    }
  }
}
