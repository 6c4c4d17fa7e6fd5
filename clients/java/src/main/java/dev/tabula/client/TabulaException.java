package dev.tabula.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import dev.tabula.v1.ErrorReason;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A failed call: the gRPC status code ({@link #getCode}), the stable reason from the status's
 * {@code google.rpc.ErrorInfo} detail ({@link #getReason}, for example {@code NOT_YOUR_TURN}),
 * the server's message exactly as it sent it ({@link #getMessage}), the ErrorInfo metadata
 * ({@link #getMetadata}, for example {@code current_seq}), the reason as a value to switch on
 * ({@link #getReasonCode}) and, for a request refused field by field, the fields at fault
 * ({@link #getFieldViolations}, from the status's {@code google.rpc.BadRequest} detail).
 *
 * <pre>{@code
 * try {
 *   seat.submitMove(gameId, Moves.drop(column));
 * } catch (TabulaException refused) {
 *   switch (refused.getReasonCode()) {
 *     case ERROR_REASON_COLUMN_FULL -> System.out.println("that column is full");
 *     case ERROR_REASON_NOT_YOUR_TURN -> System.out.println("wait for your turn");
 *     default -> throw refused; // ERROR_REASON_UNSPECIFIED for a reason this client does not know
 *   }
 * }
 * }</pre>
 *
 * <p>The reason is empty only when the status carried no ErrorInfo, which happens for failures
 * that never reached the server (an unreachable address, a deadline that expired first).
 *
 * <p>An event stream, of a game, a series or a tournament, also throws one itself when the
 * sequence numbers it receives skip an event: code {@code DATA_LOSS}, reason
 * {@value #SEQ_GAP}, metadata {@code expected_seq} and {@code received_seq}. The owner stream ({@link OwnerEventStream})
 * throws one when a cursor it receives is not greater than the one before: code
 * {@code DATA_LOSS}, reason {@value #CURSOR_OUT_OF_ORDER}, metadata {@code last_cursor} (the
 * last cursor delivered, or the one the stream started after) and {@code received_cursor}.
 * A game's stream opened with
 * {@code view_changes} throws one when a change it receives does not apply to the view before
 * it: code {@code DATA_LOSS}, reason {@value #VIEW_CHANGE_MISMATCH}, the
 * {@link IllegalArgumentException} of {@link ViewChanges#applyViewChange} as its cause.
 */
public final class TabulaException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The {@code ErrorInfo} domain of every reason the server sends. */
  public static final String DOMAIN = "tabula.v1";

  /**
   * The reason of the error an event stream, of a game, a series or a tournament, raises when
   * an event's seq is not the previous one plus 1 (the first one not {@code after_seq + 1}): an
   * event went missing.
   */
  public static final String SEQ_GAP = "SEQ_GAP";

  /**
   * The reason of the error the owner stream raises when a cursor is not greater than the one
   * before (the first one not greater than {@code after_cursor}): an event came twice or out
   * of order. Its metadata {@code last_cursor} and {@code received_cursor} hold both cursors.
   */
  public static final String CURSOR_OUT_OF_ORDER = "CURSOR_OUT_OF_ORDER";

  /**
   * The reason of the error a game's event stream opened with {@code view_changes} raises when
   * a change it receives does not apply to the view before it (or comes before any view).
   */
  public static final String VIEW_CHANGE_MISMATCH = "VIEW_CHANGE_MISMATCH";

  /** The gRPC status code. */
  private final Status.Code code;
  /** The ErrorInfo reason; empty without one. */
  private final String reason;
  /** The ErrorInfo metadata. */
  private final Map<String, String> metadata;
  /** The BadRequest detail's field violations, in the server's order. */
  private final List<FieldViolation> fieldViolations;

  /**
   * One field a refused request got wrong, from the status's {@code google.rpc.BadRequest}
   * detail.
   *
   * @param field the field's path in the request, for example {@code config.width},
   *     {@code labels[Stage]} or, in a batch, {@code requests[1].preset}
   * @param description what is wrong with it, for people
   * @serial exclude
   */
  public record FieldViolation(String field, String description) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  TabulaException(Status.Code code, String reason, String message, Map<String, String> metadata, Throwable cause) {
    this(code, reason, message, metadata, List.of(), cause);
  }

  private TabulaException(Status.Code code, String reason, String message, Map<String, String> metadata,
      List<FieldViolation> fieldViolations, Throwable cause) {
    super(message, cause);
    this.code = code;
    this.reason = reason;
    this.metadata = Map.copyOf(metadata);
    this.fieldViolations = List.copyOf(fieldViolations);
  }

  /**
   * Decodes the ErrorInfo the server puts in the status details (trailer
   * {@code grpc-status-details-bin}).
   *
   * @param error the failure of a call
   * @return the error as a {@link TabulaException}
   */
  public static TabulaException from(StatusRuntimeException error) {
    return decode(error.getStatus(), error);
  }

  /**
   * As {@link #from(StatusRuntimeException)} for any failure of a call: a {@link TabulaException}
   * is returned as it is, a status exception decoded, and anything else is {@code UNKNOWN}.
   *
   * @param error the failure of a call
   * @return the error as a {@link TabulaException}
   */
  public static TabulaException from(Throwable error) {
    if (error instanceof TabulaException tabula) {
      return tabula;
    }
    if (error instanceof StatusRuntimeException || error instanceof StatusException) {
      return decode(Status.fromThrowable(error), error);
    }
    return new TabulaException(Status.Code.UNKNOWN, "", String.valueOf(error), Map.of(), error);
  }

  private static TabulaException decode(Status status, Throwable error) {
    String message = status.getDescription() == null ? "" : status.getDescription();
    com.google.rpc.Status details = StatusProto.fromThrowable(error);
    List<Any> found = details == null ? List.of() : details.getDetailsList();
    ErrorInfo info = errorInfo(found);
    return new TabulaException(status.getCode(), info.getReason(), message, info.getMetadataMap(), fieldViolations(found), error);
  }

  /** The first ErrorInfo of this service's domain among {@code details}; empty without one. */
  private static ErrorInfo errorInfo(List<Any> details) {
    for (Any detail : details) {
      if (detail.is(ErrorInfo.class)) {
        try {
          ErrorInfo info = detail.unpack(ErrorInfo.class);
          if (DOMAIN.equals(info.getDomain())) {
            return info;
          }
        } catch (InvalidProtocolBufferException malformed) {
          // A detail that does not decode carries no reason; keep looking.
        }
      }
    }
    return ErrorInfo.getDefaultInstance();
  }

  /** The field violations of every BadRequest among {@code details}, in order. */
  private static List<FieldViolation> fieldViolations(List<Any> details) {
    List<FieldViolation> violations = new ArrayList<>();
    for (Any detail : details) {
      if (detail.is(BadRequest.class)) {
        try {
          for (BadRequest.FieldViolation violation : detail.unpack(BadRequest.class).getFieldViolationsList()) {
            violations.add(new FieldViolation(violation.getField(), violation.getDescription()));
          }
        } catch (InvalidProtocolBufferException malformed) {
          // A detail that does not decode names no field; the others still count.
        }
      }
    }
    return violations;
  }

  /**
   * The error an event stream raises when it received {@code received} where {@code expected}
   * was due; {@code stream} names it, as "the event stream of game ID" or "... of series ID".
   */
  static TabulaException seqGap(String stream, long expected, long received) {
    return new TabulaException(Status.Code.DATA_LOSS, SEQ_GAP,
        stream + " expected seq " + Long.toUnsignedString(expected) + " but received seq " + Long.toUnsignedString(received),
        Map.of("expected_seq", Long.toUnsignedString(expected), "received_seq", Long.toUnsignedString(received)),
        null);
  }

  /**
   * The error the owner stream raises when it received cursor {@code received} after cursor
   * {@code last} (the last one delivered, or its starting one), which is not greater: an event
   * repeated or out of order. Code {@code DATA_LOSS}, reason {@value #CURSOR_OUT_OF_ORDER},
   * metadata {@code last_cursor} and {@code received_cursor}; {@code stream} names it, as
   * "the owner event stream".
   */
  static TabulaException cursorOutOfOrder(String stream, long last, long received) {
    return new TabulaException(Status.Code.DATA_LOSS, CURSOR_OUT_OF_ORDER,
        stream + " went back: received cursor " + Long.toUnsignedString(received) + " after cursor "
            + Long.toUnsignedString(last),
        Map.of("last_cursor", Long.toUnsignedString(last), "received_cursor", Long.toUnsignedString(received)),
        null);
  }

  /**
   * The error an event stream raises when the view change of the response with seq
   * {@code seq} does not apply to the view before it ({@code refused} says why).
   */
  static TabulaException viewChangeRefused(String stream, long seq, IllegalArgumentException refused) {
    return new TabulaException(Status.Code.DATA_LOSS, VIEW_CHANGE_MISMATCH,
        stream + " sent a view change with seq " + Long.toUnsignedString(seq) + " that does not apply to the view before it: "
            + refused.getMessage(),
        Map.of(), refused);
  }

  /** {@return the gRPC status code} */
  public Status.Code getCode() {
    return code;
  }

  /** {@return the stable reason, for example {@code NOT_YOUR_TURN}; empty when the status had none} */
  public String getReason() {
    return reason;
  }

  /**
   * The reason as a value to switch on: the generated {@link ErrorReason} constant (reason
   * {@code NOT_YOUR_TURN} is {@code ERROR_REASON_NOT_YOUR_TURN}).
   *
   * @return the constant; {@code ERROR_REASON_UNSPECIFIED} when there is no reason, when the
   *     reason is newer than this client (the string {@link #getReason} still names it) or when
   *     the client made it itself ({@value #SEQ_GAP}, {@value #CURSOR_OUT_OF_ORDER},
   *     {@value #VIEW_CHANGE_MISMATCH}, which {@link #getReason} names)
   */
  public ErrorReason getReasonCode() {
    if (reason.isEmpty()) {
      return ErrorReason.ERROR_REASON_UNSPECIFIED;
    }
    try {
      return ErrorReason.valueOf("ERROR_REASON_" + reason);
    } catch (IllegalArgumentException unknown) {
      return ErrorReason.ERROR_REASON_UNSPECIFIED;
    }
  }

  /**
   * The fields a refused request got wrong, each with what is wrong with it, from the status's
   * {@code google.rpc.BadRequest} detail: every problem of an {@code INVALID_ARGUMENT} with
   * reason {@code INVALID_REQUEST} or {@code INVALID_CONFIG}, the known presets of an
   * {@code UNKNOWN_PRESET}.
   *
   * <pre>{@code
   * for (TabulaException.FieldViolation violation : refused.getFieldViolations()) {
   *   System.out.println(violation.field() + ": " + violation.description());
   * }
   * }</pre>
   *
   * @return the violations in the server's order; empty when the status had no BadRequest
   */
  public List<FieldViolation> getFieldViolations() {
    return fieldViolations;
  }

  /** {@return the ErrorInfo metadata (for example {@code current_seq}); never null, empty without any} */
  public Map<String, String> getMetadata() {
    return metadata;
  }

  /** The server's message for people, exactly as the status carried it ({@code ""} without one). */
  @Override
  public String getMessage() {
    return super.getMessage();
  }

  /** The code, the reason when there is one, and the message, for logs. */
  @Override
  public String toString() {
    return getClass().getName() + ": " + code + (reason.isEmpty() ? "" : " (" + reason + ")") + ": " + getMessage();
  }
}
