package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.StreamSeriesEventsRequest;
import dev.tabula.v1.StreamSeriesEventsResponse;
import java.util.Iterator;
import java.util.stream.Stream;

/**
 * A series' events after a given sequence number, as a blocking iterator: first the backlog
 * (each game created, each game scored), then live events, each exactly once and in order, the
 * twin of {@link EventStream} for a series. It is {@link Iterable} once (for a {@code for}
 * loop; {@link #iterator} returns the stream itself) and {@link AutoCloseable}.
 *
 * <pre>{@code
 * try (SeriesEventStream events = client.seriesEvents(seriesId, 0)) {
 *   for (SeriesEvent event : events) {
 *     if (event.hasGameStarted()) {
 *       System.out.println("game " + event.getGameStarted().getNumber() + ": " + event.getGameStarted().getGameId());
 *     }
 *   }
 * } // the loop ends after the series_finished event
 * }</pre>
 *
 * <p>The iteration ends when the server closes the stream after the series' final event,
 * {@code series_finished}. When the connection drops, or the server ends the stream because
 * this reader fell behind (reason {@code STREAM_LAGGED}), the iterator reconnects and resumes
 * after the last event it returned, so the caller sees no gap and no duplicate. Any other
 * failure (an unknown series: {@code NOT_FOUND} {@code SERIES_NOT_FOUND}), or the {@link StreamRetryPolicy} giving up
 * (with the last error), is thrown from {@link #hasNext} as a {@link TabulaException}. An
 * event whose seq is not the previous one plus 1 (the first one not {@code afterSeq + 1})
 * means an event went missing: the stream ends with a {@link TabulaException} of code
 * {@code DATA_LOSS}, reason {@link TabulaException#SEQ_GAP}, and metadata
 * {@code expected_seq} and {@code received_seq}. The stream has no deadline. {@link #close}
 * ends it, also from another thread; a closed stream has no next element. {@link #lastSeq}
 * never waits.
 *
 * <p>An event of a kind this client does not know ({@code getKindCase()} is
 * {@code KIND_NOT_SET}; {@link Names#seriesEventKind} is {@code "unknown"}) is returned like any
 * other and counts towards the sequence numbers.
 */
public final class SeriesEventStream implements Iterator<SeriesEvent>, Iterable<SeriesEvent>, AutoCloseable {
  private final ResumingStream<StreamSeriesEventsResponse> responses;

  SeriesEventStream(GameServiceGrpc.GameServiceBlockingStub stub, StreamSeriesEventsRequest request, Reconnections reconnections) {
    this.responses = new ResumingStream<>(StreamKind.series(request), stub,
        GameServiceGrpc.GameServiceBlockingStub::streamSeriesEvents, reconnections);
  }

  /** {@return the sequence number of the last event returned (or the starting one); never waits} */
  public long lastSeq() {
    return responses.lastSeq();
  }

  @Override
  public boolean hasNext() {
    return responses.hasNext();
  }

  @Override
  public SeriesEvent next() {
    return responses.next().getEvent();
  }

  /**
   * This stream, for a {@code for} loop. An event stream is consumed as it is iterated, so it
   * can be iterated once: a second call throws {@link IllegalStateException}.
   */
  @Override
  public Iterator<SeriesEvent> iterator() {
    responses.iterateOnce();
    return this;
  }

  /** {@return the remaining events as a sequential stream; closing it closes this} */
  public Stream<SeriesEvent> stream() {
    return responses.stream(this);
  }

  /** Ends the stream; safe to call more than once and from another thread. */
  @Override
  public void close() {
    responses.close();
  }
}
