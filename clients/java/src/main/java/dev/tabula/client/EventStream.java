package dev.tabula.client;

import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.View;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A game's events after a given sequence number, as a blocking iterator: first the backlog,
 * then live events, each exactly once and in order. It is {@link Iterable} once (for a
 * {@code for} loop; {@link #iterator} returns the stream itself) and {@link AutoCloseable}.
 *
 * <pre>{@code
 * try (EventStream events = client.events(gameId, 0)) {
 *   for (GameEvent event : events) {
 *     System.out.println(event.getSeq() + " " + Names.eventKind(event));
 *   }
 * }
 * }</pre>
 *
 * <p>The iteration ends after the game's final event. When the connection drops, or the
 * server ends the stream because this reader fell behind (reason {@code STREAM_LAGGED}), the
 * iterator reconnects and resumes after the last event it returned, so the caller sees no gap
 * and no duplicate. Any other failure, or running out of reconnection attempts, is thrown
 * from {@link #hasNext} as a {@link TabulaException}. An event whose seq is not the previous
 * one plus 1 (the first one not {@code afterSeq + 1}) means an event went missing: the stream
 * ends with a {@link TabulaException} of code {@code DATA_LOSS}, reason
 * {@link TabulaException#SEQ_GAP}, and metadata {@code expected_seq} and {@code received_seq}.
 * The stream has no deadline. {@link #close} ends it, also from another thread; a closed
 * stream has no next element. {@link #lastSeq} and {@link #lastView} never wait, also while
 * another thread waits in {@link #hasNext}.
 *
 * <p>Opened from a request with {@code include_views} set (see
 * {@link TabulaClient#events(StreamEventsRequest)}), each event comes with the game as this
 * caller sees it just after that event: {@link #lastView} is the view of the event
 * {@link #next} returned last. A resumed stream asks for views again.
 *
 * <p>An event of a kind this client does not know (sent by a newer server; its
 * {@code getKindCase()} is {@code KIND_NOT_SET} and {@link Names#eventKind} is
 * {@code "unknown"}) is returned like any other, with its seq and time, and counts towards
 * the sequence numbers.
 */
public final class EventStream implements Iterator<GameEvent>, Iterable<GameEvent>, AutoCloseable {
  static final int DEFAULT_MAX_RECONNECTS = 5;
  static final Duration DEFAULT_FIRST_DELAY = Duration.ofMillis(100);
  private static final Duration MAX_DELAY = Duration.ofSeconds(2);

  private final GameServiceGrpc.GameServiceBlockingStub stub;
  private final StreamEventsRequest request;
  private final String gameId;
  private final int maxReconnects;
  private final Duration firstDelay;
  private volatile long lastSeq;
  private volatile View lastView;
  private final AtomicBoolean iterated = new AtomicBoolean();
  private Context.CancellableContext call;
  private Iterator<StreamEventsResponse> responses;
  private GameEvent next;
  private View nextView;
  private volatile boolean closed;

  EventStream(GameServiceGrpc.GameServiceBlockingStub stub, StreamEventsRequest request, int maxReconnects, Duration firstDelay) {
    this.stub = stub;
    this.request = request;
    this.gameId = request.getGameId();
    this.lastSeq = request.getAfterSeq();
    this.maxReconnects = Math.max(maxReconnects, 0);
    this.firstDelay = firstDelay;
  }

  /** The sequence number of the last event returned (or the starting one); never waits. */
  public long lastSeq() {
    return lastSeq;
  }

  /**
   * With {@code include_views}: the view sent with the last event returned (its seq is the
   * event's), what {@link TabulaClient#getView} answered at that moment. Empty before the
   * first event, without {@code include_views}, or from a server that sent none.
   */
  public Optional<View> lastView() {
    return Optional.ofNullable(lastView);
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
        StreamEventsResponse response = responses.next();
        GameEvent event = response.getEvent();
        if (event.getSeq() != lastSeq + 1) {
          close();
          throw TabulaException.seqGap(gameId, lastSeq + 1, event.getSeq());
        }
        next = event;
        nextView = response.hasView() ? response.getView() : null;
        return true;
      } catch (StatusRuntimeException error) {
        dropCall();
        if (closed) {
          return false;
        }
        TabulaException failure = TabulaException.from(error);
        if (!resumable(failure) || failures >= maxReconnects) {
          close();
          throw failure;
        }
        pause(failures++);
      }
    }
    return false;
  }

  @Override
  public synchronized GameEvent next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the event stream of game " + gameId + " has ended");
    }
    GameEvent event = next;
    next = null;
    lastSeq = event.getSeq();
    lastView = nextView;
    nextView = null;
    return event;
  }

  /**
   * This stream, for a {@code for} loop. An event stream is consumed as it is iterated, so it
   * can be iterated once: a second call throws {@link IllegalStateException}.
   */
  @Override
  public Iterator<GameEvent> iterator() {
    if (!iterated.compareAndSet(false, true)) {
      throw new IllegalStateException("an event stream can be iterated once");
    }
    return this;
  }

  /** The remaining events as a sequential stream; closing it closes this. */
  public Stream<GameEvent> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL), false)
        .onClose(this::close);
  }

  /** Ends the stream; safe to call more than once and from another thread. */
  @Override
  public void close() {
    closed = true;
    Context.CancellableContext current = call;
    if (current != null) {
      current.cancel(null);
    }
  }

  private void open() {
    // The call lives in its own cancellable context so close() can end it from any thread.
    call = Context.current().withCancellation();
    // Resumes after the last event returned, with every other field of the opening request.
    StreamEventsRequest resumed = request.toBuilder().setAfterSeq(lastSeq).build();
    Context previous = call.attach();
    try {
      responses = stub.streamEvents(resumed);
    } finally {
      call.detach(previous);
    }
  }

  private void dropCall() {
    if (call != null) {
      call.cancel(null);
    }
    call = null;
    responses = null;
  }

  /** Whether a stream that failed so resumes: a dropped connection, or a reader that fell behind. */
  static boolean resumable(TabulaException failure) {
    return failure.getCode() == Status.Code.UNAVAILABLE || "STREAM_LAGGED".equals(failure.getReason());
  }

  /** The wait before reconnection attempt {@code failures + 1}: doubling from the first, up to 2 s. */
  static long delayMillis(Duration firstDelay, int failures) {
    return Math.min(firstDelay.toMillis() << Math.min(failures, 20), MAX_DELAY.toMillis());
  }

  private void pause(int failures) {
    long delay = delayMillis(firstDelay, failures);
    try {
      Thread.sleep(delay);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      close();
    }
  }
}
