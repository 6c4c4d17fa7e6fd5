package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.StreamOwnerEventsRequest;
import dev.tabula.v1.StreamOwnerEventsResponse;
import java.util.Iterator;
import java.util.stream.Stream;

/**
 * What happens to every game, series and tournament the calling service key owns (on a server
 * without keys, the games created without one), after a given cursor, as a blocking iterator: first the
 * backlog, then live events, each exactly once and in order, the owner's twin of
 * {@link EventStream}. It is {@link Iterable} once (for a {@code for} loop; {@link #iterator}
 * returns the stream itself) and {@link AutoCloseable}.
 *
 * <pre>{@code
 * try (OwnerEventStream events = client.ownerEvents(lastCursorSaved,
 *     List.of(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED), Map.of("tournament", "spring"))) {
 *   for (OwnerEvent event : events) {
 *     GameEvent ended = event.getGameEvent(); // ended.getGameId() names the game
 *     System.out.println(event.getCursor() + " " + ended.getGameId() + " " + ended.getGameEnded().getOutcome());
 *     lastCursorSaved = event.getCursor();    // resume from here another time
 *   }
 * }
 * }</pre>
 *
 * <p>Each {@link OwnerEvent} has its {@code cursor} (its place in the key's stream, counting
 * every event of every game the key owns), its {@code kind} ({@code GAME_CREATED},
 * {@code GAME_STARTED}, {@code GAME_ENDED}, {@code GAME_RESUMED} when a game's end was taken
 * back ({@link CreateOptions#withEndingTakebackWindow}), {@code DRAW_OFFERED},
 * {@code TAKEBACK_REQUESTED}, {@code SEAT_PRESENT} and {@code SEAT_GONE} in a game keeping
 * presence, {@code CLOCK_FLAGGED} when a seat's time ran out, {@code MOVE_PLAYED} for each
 * move of a game created with {@link CreateOptions#withOwnerStreamMoves},
 * {@code SERIES_GAME_FINISHED} when a game of one of the key's series ended and the series
 * scored it, {@code SERIES_FINISHED} when the game that just ended decided its series,
 * after that game's {@code SERIES_GAME_FINISHED}, {@code TOURNAMENT_BOARD_FINISHED} when a game
 * of one of the key's tournaments ended and the tournament scored its board,
 * {@code TOURNAMENT_ROUND_FINISHED} when that game was the last of its round, after its
 * {@code TOURNAMENT_BOARD_FINISHED}, and {@code TOURNAMENT_FINISHED} when it was the
 * tournament's last, after its {@code TOURNAMENT_ROUND_FINISHED}) and the game's own
 * event as a spectator sees it ({@code getGameEvent()}: its {@code game_id}, its {@code seq} in
 * the game's stream, and {@code game_created}, the first (or, for {@code MOVE_PLAYED}, each)
 * {@code move_applied}, {@code game_ended}, {@code game_resumed}, {@code seat_presence_changed},
 * {@code timed_out}, ...; for the series and tournament kinds the {@code game_ended} of the
 * game that moved the series or tournament on). The two series kinds also carry the series'
 * own event, as {@link TabulaClient#seriesEvents(String, long)} delivers it, in
 * {@code getSeriesEvent()} ({@code hasSeriesEvent()} is false for every other kind): the
 * {@code game_finished} of the game scored (its number, game id, outcome and the points so
 * far) or the {@code series_finished} of the end (the winner and the final points); its
 * {@code getSeriesId()} names the series. The three tournament kinds carry the tournament's
 * own event, as {@link TabulaClient#tournamentEvents(String, long)} delivers it, in
 * {@code getTournamentEvent()} ({@code hasTournamentEvent()} is false for every other kind):
 * the {@code board_finished} of the board scored (its round, and the board with its players
 * and result), the {@code round_finished} of the round (the standings after it) or the
 * {@code tournament_ended} of the end (its status and the final standings); its
 * {@code getTournamentId()} names the tournament. A knockout's boards are matches, series of
 * their own, which come as the series kinds; a tournament whose last board ends without a
 * game has no {@code TOURNAMENT_FINISHED}. Opened with
 * kinds or labels, only the events of those kinds, of games carrying every one of those
 * labels (as they are when the event is delivered), come; the cursors still count every
 * event, so they skip numbers.
 *
 * <p>Following the key's series, each game scored and each series decided:
 *
 * <pre>{@code
 * try (OwnerEventStream series = client.ownerEvents(lastCursorSaved, List.of(
 *     OwnerEventKind.OWNER_EVENT_KIND_SERIES_GAME_FINISHED, OwnerEventKind.OWNER_EVENT_KIND_SERIES_FINISHED), Map.of())) {
 *   for (OwnerEvent event : series) {
 *     SeriesEvent scored = event.getSeriesEvent(); // scored.getSeriesId() names the series
 *     if (scored.hasGameFinished()) {              // SERIES_GAME_FINISHED: the points so far
 *       System.out.println(scored.getSeriesId() + " game " + scored.getGameFinished().getNumber() + ": "
 *           + scored.getGameFinished().getPointsList());
 *     } else if (scored.hasSeriesFinished()) {     // SERIES_FINISHED: the winner (0: a tie)
 *       System.out.println(scored.getSeriesId() + " won by " + scored.getSeriesFinished().getWinner());
 *     }
 *     lastCursorSaved = event.getCursor();
 *   }
 * }
 * }</pre>
 *
 * <p>Following the key's tournaments, each board scored, each round finished and each
 * tournament finished:
 *
 * <pre>{@code
 * try (OwnerEventStream tournaments = client.ownerEvents(lastCursorSaved, List.of(
 *     OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED, OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED,
 *     OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED), Map.of())) {
 *   for (OwnerEvent event : tournaments) {
 *     TournamentEvent scored = event.getTournamentEvent(); // scored.getTournamentId() names the tournament
 *     if (scored.hasBoardFinished()) {                     // TOURNAMENT_BOARD_FINISHED: the board and its result
 *       TournamentBoard board = scored.getBoardFinished().getBoard();
 *       System.out.println(scored.getTournamentId() + " round " + scored.getBoardFinished().getRound() + ": "
 *           + board.getWhite() + " - " + board.getBlack() + " " + board.getResult());
 *     } else if (scored.hasRoundFinished()) {              // TOURNAMENT_ROUND_FINISHED: the standings after it
 *       System.out.println(scored.getTournamentId() + " after round " + scored.getRoundFinished().getRound() + ": "
 *           + scored.getRoundFinished().getStandingsList());
 *     } else if (scored.hasTournamentEnded()) {            // TOURNAMENT_FINISHED: the final standings
 *       System.out.println(scored.getTournamentId() + " won by player "
 *           + scored.getTournamentEnded().getStandings(0).getPlayer());
 *     }
 *     lastCursorSaved = event.getCursor();
 *   }
 * }
 * }</pre>
 *
 * <p>The stream never ends by itself while the server runs. When the connection drops, or the
 * server stops ({@code UNAVAILABLE}, reason {@code SHUTTING_DOWN}) or ends the stream because
 * this reader fell behind (reason {@code STREAM_LAGGED}), the iterator reconnects and resumes
 * after the last cursor it returned, with the same filters, so the caller sees no gap and no
 * duplicate. Any other failure ({@code OUT_OF_RANGE} {@code SEQ_OUT_OF_RANGE} for a starting
 * cursor beyond the key's newest one, metadata {@code current_cursor};
 * {@code UNAUTHENTICATED} {@code SERVICE_KEY_REQUIRED} without a service key where the server
 * has keys), or the {@link StreamRetryPolicy} giving up (by default 30 s after a failure
 * without a successful reconnection, with the last error), is thrown from {@link #hasNext} as
 * a {@link TabulaException}: open the stream again after {@link #lastCursor} to go on. A cursor not greater than the one before (the first one not
 * greater than {@code afterCursor}) ends the stream with a {@link TabulaException} of code
 * {@code DATA_LOSS}, reason {@link TabulaException#CURSOR_OUT_OF_ORDER}, and metadata
 * {@code last_cursor} (the last cursor returned, or {@code afterCursor}) and
 * {@code received_cursor}. The stream has
 * no deadline. {@link #close} ends it, also from another thread; a closed stream has no next
 * element. {@link #lastCursor} never waits, also while another thread waits in
 * {@link #hasNext}.
 */
public final class OwnerEventStream implements Iterator<OwnerEvent>, Iterable<OwnerEvent>, AutoCloseable {
  private final ResumingStream<StreamOwnerEventsResponse> responses;

  OwnerEventStream(GameServiceGrpc.GameServiceBlockingStub stub, StreamOwnerEventsRequest request, Reconnections reconnections) {
    this.responses = new ResumingStream<>(StreamKind.owner(request), stub,
        GameServiceGrpc.GameServiceBlockingStub::streamOwnerEvents, reconnections);
  }

  /**
   * {@return the cursor of the last event returned (or the starting one), to resume from with
   * {@link TabulaClient#ownerEvents(long)}; never waits}
   */
  public long lastCursor() {
    return responses.lastSeq();
  }

  @Override
  public boolean hasNext() {
    return responses.hasNext();
  }

  @Override
  public OwnerEvent next() {
    return responses.next().getEvent();
  }

  /**
   * This stream, for a {@code for} loop. An event stream is consumed as it is iterated, so it
   * can be iterated once: a second call throws {@link IllegalStateException}.
   */
  @Override
  public Iterator<OwnerEvent> iterator() {
    responses.iterateOnce();
    return this;
  }

  /** {@return the remaining events as a sequential stream; closing it closes this} */
  public Stream<OwnerEvent> stream() {
    return responses.stream(this);
  }

  /** Ends the stream; safe to call more than once and from another thread. */
  @Override
  public void close() {
    responses.close();
  }
}
