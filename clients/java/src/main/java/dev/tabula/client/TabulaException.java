package dev.tabula.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.Map;

/**
 * A failed call: the gRPC status code, the stable reason from the status's
 * {@code google.rpc.ErrorInfo} detail (for example {@code NOT_YOUR_TURN}), its metadata (for
 * example {@code current_seq}) and the server's message for people.
 *
 * <p>The reason is empty only when the status carried no ErrorInfo, which happens for failures
 * that never reached the server (an unreachable address, a deadline that expired first).
 */
public final class TabulaException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The {@code ErrorInfo} domain of every reason the server sends. */
  public static final String DOMAIN = "tabula.v1";

  private final Status.Code code;
  private final String reason;
  private final Map<String, String> metadata;

  private TabulaException(StatusRuntimeException cause, String reason, Map<String, String> metadata) {
    super(describe(cause.getStatus(), reason), cause);
    this.code = cause.getStatus().getCode();
    this.reason = reason;
    this.metadata = Map.copyOf(metadata);
  }

  /**
   * Decodes the ErrorInfo the server puts in the status details (trailer
   * {@code grpc-status-details-bin}).
   */
  public static TabulaException from(StatusRuntimeException error) {
    com.google.rpc.Status details = StatusProto.fromThrowable(error);
    if (details != null) {
      for (Any detail : details.getDetailsList()) {
        if (!detail.is(ErrorInfo.class)) {
          continue;
        }
        try {
          ErrorInfo info = detail.unpack(ErrorInfo.class);
          if (DOMAIN.equals(info.getDomain())) {
            return new TabulaException(error, info.getReason(), info.getMetadataMap());
          }
        } catch (InvalidProtocolBufferException malformed) {
          // A detail that does not decode carries no reason; keep looking.
        }
      }
    }
    return new TabulaException(error, "", Map.of());
  }

  private static String describe(Status status, String reason) {
    String message = status.getDescription() == null ? "" : status.getDescription();
    return reason.isEmpty()
        ? status.getCode() + ": " + message
        : status.getCode() + " (" + reason + "): " + message;
  }

  /** The gRPC status code. */
  public Status.Code code() {
    return code;
  }

  /** The stable reason, for example {@code NOT_YOUR_TURN}; empty when the status had none. */
  public String reason() {
    return reason;
  }

  /**
   * The reason as the generated enum constant; {@code ERROR_REASON_UNSPECIFIED} when absent,
   * and {@code UNRECOGNIZED} when newer than this client.
   */
  public dev.tabula.v1.ErrorReason reasonCode() {
    if (reason.isEmpty()) {
      return dev.tabula.v1.ErrorReason.ERROR_REASON_UNSPECIFIED;
    }
    try {
      return dev.tabula.v1.ErrorReason.valueOf("ERROR_REASON_" + reason);
    } catch (IllegalArgumentException unknown) {
      return dev.tabula.v1.ErrorReason.UNRECOGNIZED;
    }
  }

  /** The ErrorInfo metadata (for example {@code current_seq}); never null. */
  public Map<String, String> metadata() {
    return metadata;
  }

  /** The server's message for people. */
  public String description() {
    String description = ((StatusRuntimeException) getCause()).getStatus().getDescription();
    return description == null ? "" : description;
  }
}
