package dev.tabula.client;

import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.View;
import java.util.Iterator;
import java.util.Optional;
import java.util.stream.Stream;

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
 * <p>The iteration ends after the game's final event: its {@code game_ended}, or, in a game
 * created with an ending takeback window ({@link CreateOptions#withEndingTakebackWindow}),
 * once that end is final; until then the stream stays open, and a takeback of the ending move
 * brings a {@code move_taken_back} and then a {@code game_resumed}, after which the game goes
 * on. When the connection drops, the server stops or restarts, or the server ends the stream
 * because this reader fell behind (reason {@code STREAM_LAGGED}), the iterator reconnects and
 * resumes after the last event it returned, so the caller sees no gap and no duplicate (see
 * {@link StreamRetryPolicy}). Any other failure, or the policy giving up (by default 30 s after
 * a failure without a successful reconnection, with the last error), is thrown from
 * {@link #hasNext} as a {@link TabulaException}: open the stream again after {@link #lastSeq}
 * to go on. An event whose seq is not the previous
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
 * <p>With {@code view_changes} set instead (or as well), the server sends the first view
 * whole and then only what changed of it ({@code StreamEventsResponse.view_change}); the
 * stream applies each change to the view it holds ({@link ViewChanges#applyViewChange}), so
 * {@link #lastView} is the same whole view as with {@code include_views}. A resumed stream's
 * first view comes whole again. A change that does not apply to the view before it ends the
 * stream with a {@link TabulaException} of code {@code DATA_LOSS}, reason
 * {@link TabulaException#VIEW_CHANGE_MISMATCH}.
 *
 * <p>An event of a kind this client does not know (sent by a newer server; its
 * {@code getKindCase()} is {@code KIND_NOT_SET} and {@link Names#eventKind} is
 * {@code "unknown"}) is returned like any other, with its seq and time, and counts towards
 * the sequence numbers.
 */
public final class EventStream implements Iterator<GameEvent>, Iterable<GameEvent>, AutoCloseable {
  private final ResumingStream<StreamEventsResponse> responses;

  EventStream(GameServiceGrpc.GameServiceBlockingStub stub, StreamEventsRequest request, Reconnections reconnections) {
    this.responses = new ResumingStream<>(StreamKind.game(request), stub,
        GameServiceGrpc.GameServiceBlockingStub::streamEvents, reconnections);
  }

  /** {@return the sequence number of the last event returned (or the starting one); never waits} */
  public long lastSeq() {
    return responses.lastSeq();
  }

  /**
   * {@return with {@code include_views} or {@code view_changes}: the view sent with the last event
   * returned (its seq is the event's; with {@code view_changes}, the view its change made),
   * what {@link TabulaClient#getView} answered at that moment. Empty before the first event,
   * without either, or from a server that sent none}
   */
  public Optional<View> lastView() {
    StreamEventsResponse last = responses.last();
    return last != null && last.hasView() ? Optional.of(last.getView()) : Optional.empty();
  }

  @Override
  public boolean hasNext() {
    return responses.hasNext();
  }

  @Override
  public GameEvent next() {
    return responses.next().getEvent();
  }

  /**
   * This stream, for a {@code for} loop. An event stream is consumed as it is iterated, so it
   * can be iterated once: a second call throws {@link IllegalStateException}.
   */
  @Override
  public Iterator<GameEvent> iterator() {
    responses.iterateOnce();
    return this;
  }

  /** {@return the remaining events as a sequential stream; closing it closes this} */
  public Stream<GameEvent> stream() {
    return responses.stream(this);
  }

  /** Ends the stream; safe to call more than once and from another thread. */
  @Override
  public void close() {
    responses.close();
  }
}
