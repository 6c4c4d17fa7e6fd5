package dev.tabula.client;

import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.StreamOwnerEventsRequest;
import dev.tabula.v1.StreamOwnerEventsResponse;
import dev.tabula.v1.StreamSeriesEventsRequest;
import dev.tabula.v1.StreamSeriesEventsResponse;
import dev.tabula.v1.StreamTournamentEventsRequest;
import dev.tabula.v1.StreamTournamentEventsResponse;
import io.grpc.Status;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;

/**
 * One kind of event stream, a game's, a series', a tournament's or a service key's own (its owner stream), as
 * {@link ResumingStream} and {@link AsyncResumingStream} follow it: its name in errors
 * ({@code "the event stream of game ID"}), the seq it starts after, its request resumed after
 * a given seq (every other field of the opening request kept), the seq of a response (for the
 * owner stream, its cursor), whether the seqs are gapless (each the previous one plus 1: a
 * game's, a series' and a tournament's) or only increasing (the owner stream's cursors, which skip the events
 * a filter leaves out and those of deleted games), what each call does to its responses
 * before they are handed out ({@code receiver} makes a new function for each call, the opening
 * one and every resumed one: for a game's stream with {@code view_changes}, the one that turns
 * changes into whole views), and which failures it resumes from; how often and how soon is
 * the {@link StreamRetryPolicy}'s.
 *
 * @param <Q> the request that opens the stream
 * @param <R> a response on the stream, one event each
 */
record StreamKind<Q, R>(String name, long afterSeq, LongFunction<Q> resumedAfter, ToLongFunction<R> seqOf, boolean gapless,
    Supplier<UnaryOperator<R>> receiver) {

  /**
   * A game's events, from the request that opens them. With {@code view_changes}, each call
   * applies the changes it receives to the view before them, so every response carries its
   * view whole, as with {@code include_views}.
   */
  static StreamKind<StreamEventsRequest, StreamEventsResponse> game(StreamEventsRequest request) {
    String name = "the event stream of game " + request.getGameId();
    Supplier<UnaryOperator<StreamEventsResponse>> receiver =
        request.getViewChanges() ? () -> ViewChanges.wholeViews(name) : UnaryOperator::identity;
    return new StreamKind<>(name, request.getAfterSeq(), seq -> request.toBuilder().setAfterSeq(seq).build(),
        response -> response.getEvent().getSeq(), true, receiver);
  }

  /** A series' events, from the request that opens them. */
  static StreamKind<StreamSeriesEventsRequest, StreamSeriesEventsResponse> series(StreamSeriesEventsRequest request) {
    return new StreamKind<>("the event stream of series " + request.getSeriesId(), request.getAfterSeq(),
        seq -> request.toBuilder().setAfterSeq(seq).build(), response -> response.getEvent().getSeq(), true,
        UnaryOperator::identity);
  }

  /** A tournament's events, from the request that opens them. */
  static StreamKind<StreamTournamentEventsRequest, StreamTournamentEventsResponse> tournament(
      StreamTournamentEventsRequest request) {
    return new StreamKind<>("the event stream of tournament " + request.getTournamentId(), request.getAfterSeq(),
        seq -> request.toBuilder().setAfterSeq(seq).build(), response -> response.getEvent().getSeq(), true,
        UnaryOperator::identity);
  }

  /**
   * The calling service key's own stream (the owner stream), from the request that opens it:
   * its events numbered by the key's cursor, resumed after the last cursor with the same
   * {@code kinds} and {@code labels} filters. Cursors only increase: the events the filters
   * leave out, and those of deleted games, are skipped numbers.
   */
  static StreamKind<StreamOwnerEventsRequest, StreamOwnerEventsResponse> owner(StreamOwnerEventsRequest request) {
    return new StreamKind<>("the owner event stream", request.getAfterCursor(),
        cursor -> request.toBuilder().setAfterCursor(cursor).build(), response -> response.getEvent().getCursor(), false,
        UnaryOperator::identity);
  }

  /**
   * Whether a response with seq {@code seq} may follow the one with seq {@code last} (or the
   * starting seq): the next one when the kind is gapless, any greater one (as unsigned
   * numbers) otherwise.
   */
  boolean follows(long last, long seq) {
    return gapless ? seq == last + 1 : Long.compareUnsigned(seq, last) > 0;
  }

  /**
   * The error of a response with seq {@code received} that does not {@link #follows follow} the one
   * with seq {@code last}: for a gapless kind DATA_LOSS {@code SEQ_GAP}, with {@code last + 1}
   * as the seq expected; for the owner stream DATA_LOSS {@code CURSOR_OUT_OF_ORDER}, with
   * {@code last} as the last cursor.
   */
  TabulaException gap(long last, long received) {
    return gapless
        ? TabulaException.seqGap(name, last + 1, received)
        : TabulaException.cursorOutOfOrder(name, last, received);
  }

  /**
   * Whether a stream that failed so resumes (if its policy has attempts and time left): the
   * server stopping or out of reach, or a dropped connection ({@code UNAVAILABLE}), a broken
   * transport ({@code INTERNAL} without a reason, which only the server's own errors carry), or
   * a reader that fell behind ({@code STREAM_LAGGED}).
   */
  static boolean resumesAfter(TabulaException failure) {
    return failure.getCode() == Status.Code.UNAVAILABLE
        || (failure.getCode() == Status.Code.INTERNAL && failure.getReason().isEmpty())
        || "STREAM_LAGGED".equals(failure.getReason());
  }
}
