package dev.tabula.client;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * Options of a move ({@code submitMove}), a takeback ({@code takeBack}) or an answer to one
 * ({@code answerTakeBack}): the sequence number the game must be at, a request id that makes
 * the call safe to retry, and (moves only) validation without playing and an answer without
 * the game's view. Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * client.submitMove(id, Moves.drop(3), MoveOptions.defaults().withExpectedSeq(view.getSeq()).withRequestId("m-7"));
 * }</pre>
 */
public final class MoveOptions {
  private static final MoveOptions DEFAULTS = new MoveOptions(OptionalLong.empty(), "", false, false);

  private final OptionalLong expectedSeq;
  private final String requestId;
  private final boolean validateOnly;
  private final boolean basicAnswer;

  private MoveOptions(OptionalLong expectedSeq, String requestId, boolean validateOnly, boolean basicAnswer) {
    this.expectedSeq = expectedSeq;
    this.requestId = requestId;
    this.validateOnly = validateOnly;
    this.basicAnswer = basicAnswer;
  }

  /**
   * No expected seq, no request id, the move is played.
   *
   * @return the options
   */
  public static MoveOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Play only if the game is at this sequence number (else {@code ABORTED}, reason
   * {@code STALE_SEQ}). Seats coming and going ({@code seat_presence_changed} events, in a game
   * keeping presence) change no position: a seq only they passed still holds.
   *
   * @param seq the game's seq as the caller last saw it
   * @return the copy
   */
  public MoveOptions withExpectedSeq(long seq) {
    return new MoveOptions(OptionalLong.of(seq), requestId, validateOnly, basicAnswer);
  }

  /**
   * A client-chosen id (empty for none): a retry with the same id and request answers as the
   * first call did, without playing twice; another request with it fails with
   * {@code REQUEST_ID_REUSED}.
   *
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the copy
   */
  public MoveOptions withRequestId(String requestId) {
    return new MoveOptions(expectedSeq, Objects.requireNonNull(requestId, "requestId"), validateOnly, basicAnswer);
  }

  /**
   * Check the move as the server would, and answer, without playing it (moves only).
   *
   * @param validateOnly true to check the move without playing it
   * @return the copy
   */
  public MoveOptions withValidateOnly(boolean validateOnly) {
    return new MoveOptions(expectedSeq, requestId, validateOnly, basicAnswer);
  }

  /**
   * Leave the game's view out of the answer ({@code SUBMIT_MOVE_VIEW_BASIC}; moves only): it
   * keeps the seq, the events, the seats to act, the status and the outcome, for a caller that
   * keeps its own board or follows the events.
   *
   * @param basicAnswer true for an answer without the view
   * @return the copy
   */
  public MoveOptions withBasicAnswer(boolean basicAnswer) {
    return new MoveOptions(expectedSeq, requestId, validateOnly, basicAnswer);
  }

  /** {@return the expected sequence number, if any} */
  public OptionalLong expectedSeq() {
    return expectedSeq;
  }

  /** {@return the request id; empty for none} */
  public String requestId() {
    return requestId;
  }

  /** {@return whether the move is only validated} */
  public boolean validateOnly() {
    return validateOnly;
  }

  /** {@return whether a move's answer leaves the view out} */
  public boolean basicAnswer() {
    return basicAnswer;
  }
}
