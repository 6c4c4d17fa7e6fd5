package dev.tabula.client;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * Options of a move ({@code submitMove}), a takeback ({@code takeBack}) or an answer to one
 * ({@code answerTakeBack}): the sequence number the game must be at, a request id that makes
 * the call safe to retry, and (moves only) validation without playing. Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * client.submitMove(id, Moves.drop(3), MoveOptions.defaults().withExpectedSeq(view.getSeq()).withRequestId("m-7"));
 * }</pre>
 */
public final class MoveOptions {
  private static final MoveOptions DEFAULTS = new MoveOptions(OptionalLong.empty(), "", false);

  private final OptionalLong expectedSeq;
  private final String requestId;
  private final boolean validateOnly;

  private MoveOptions(OptionalLong expectedSeq, String requestId, boolean validateOnly) {
    this.expectedSeq = expectedSeq;
    this.requestId = requestId;
    this.validateOnly = validateOnly;
  }

  /** No expected seq, no request id, the move is played. */
  public static MoveOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Play only if the game is at this sequence number (else {@code ABORTED}, reason
   * {@code STALE_SEQ}).
   */
  public MoveOptions withExpectedSeq(long seq) {
    return new MoveOptions(OptionalLong.of(seq), requestId, validateOnly);
  }

  /**
   * A client-chosen id (empty for none): a retry with the same id and request answers as the
   * first call did, without playing twice; another request with it fails with
   * {@code REQUEST_ID_REUSED}.
   */
  public MoveOptions withRequestId(String requestId) {
    return new MoveOptions(expectedSeq, Objects.requireNonNull(requestId, "requestId"), validateOnly);
  }

  /** Check the move as the server would, and answer, without playing it (moves only). */
  public MoveOptions withValidateOnly(boolean validateOnly) {
    return new MoveOptions(expectedSeq, requestId, validateOnly);
  }

  /** The expected sequence number, if any. */
  public OptionalLong expectedSeq() {
    return expectedSeq;
  }

  /** The request id; empty for none. */
  public String requestId() {
    return requestId;
  }

  /** Whether the move is only validated. */
  public boolean validateOnly() {
    return validateOnly;
  }
}
