package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamTournamentEventsRequest;
import dev.tabula.v1.StreamTournamentEventsResponse;
import dev.tabula.v1.TournamentEvent;
import java.util.Iterator;
import java.util.stream.Stream;

/**
 * A tournament's events after a given sequence number, as a blocking iterator: first the
 * backlog (each round paired, each board ended, each round finished with the standings, each
 * withdrawal, each late entry), then live events, each exactly once and in order, the twin of
 * {@link EventStream} for a tournament. It is {@link Iterable} once (for a {@code for} loop;
 * {@link #iterator} returns the stream itself) and {@link AutoCloseable}.
 *
 * <pre>{@code
 * try (TournamentEventStream events = client.tournamentEvents(tournamentId, 0)) {
 *   for (TournamentEvent event : events) {
 *     if (event.hasRoundPaired()) {
 *       for (TournamentBoard board : event.getRoundPaired().getBoardsList()) {
 *         System.out.println(board.getWhite() + " - " + board.getBlack() + ": " + board.getGameId());
 *       }
 *     }
 *   }
 * } // the loop ends after the tournament_ended event
 * }</pre>
 *
 * <p>The iteration ends when the server closes the stream after the tournament's final event,
 * {@code tournament_ended} (every round played, or the tournament cancelled). When the
 * connection drops, or the server ends the stream because this reader fell behind (reason
 * {@code STREAM_LAGGED}), the iterator reconnects and resumes after the last event it
 * returned, so the caller sees no gap and no duplicate. Any other failure (an unknown
 * tournament: {@code NOT_FOUND} {@code TOURNAMENT_NOT_FOUND}; a private one read as a
 * spectator: {@code PERMISSION_DENIED} {@code PRIVATE_TOURNAMENT}), or the {@link StreamRetryPolicy} giving up
 * (with the last error), is thrown from {@link #hasNext} as a {@link TabulaException}. An event
 * whose seq is not the previous one plus 1 (the first one not {@code afterSeq + 1}) means an
 * event went missing: the stream ends with a {@link TabulaException} of code
 * {@code DATA_LOSS}, reason {@link TabulaException#SEQ_GAP}, and metadata
 * {@code expected_seq} and {@code received_seq}. The stream has no deadline. {@link #close}
 * ends it, also from another thread; a closed stream has no next element. {@link #lastSeq}
 * never waits.
 *
 * <p>An event of a kind this client does not know ({@code getKindCase()} is
 * {@code KIND_NOT_SET}; {@link Names#tournamentEventKind} is {@code "unknown"}) is returned like
 * any other and counts towards the sequence numbers.
 */
public final class TournamentEventStream implements Iterator<TournamentEvent>, Iterable<TournamentEvent>, AutoCloseable {
  private final ResumingStream<StreamTournamentEventsResponse> responses;

  TournamentEventStream(GameServiceGrpc.GameServiceBlockingStub stub, StreamTournamentEventsRequest request, Reconnections reconnections) {
    this.responses = new ResumingStream<>(StreamKind.tournament(request), stub,
        GameServiceGrpc.GameServiceBlockingStub::streamTournamentEvents, reconnections);
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
  public TournamentEvent next() {
    return responses.next().getEvent();
  }

  /**
   * This stream, for a {@code for} loop. An event stream is consumed as it is iterated, so it
   * can be iterated once: a second call throws {@link IllegalStateException}.
   */
  @Override
  public Iterator<TournamentEvent> iterator() {
    responses.iterateOnce();
    return this;
  }

  /** {@return the remaining events as a sequential stream; closing it closes this} */
  public Stream<TournamentEvent> stream() {
    return responses.stream(this);
  }

  /** Ends the stream; safe to call more than once and from another thread. */
  @Override
  public void close() {
    responses.close();
  }
}
