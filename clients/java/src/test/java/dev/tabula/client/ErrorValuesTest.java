package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GetGameRequest;
import dev.tabula.v1.GetGameResponse;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A refusal's reason as an {@link ErrorReason} value, unknown reasons included, and its
 * {@code google.rpc.BadRequest} field violations, from statuses a stand-in server sends. Offline.
 */
class ErrorValuesTest {
  /** The error a client throws when the server refuses with {@code status}. */
  private static TabulaException refusedWith(com.google.rpc.Status status) throws Exception {
    try (Games.StandIn standIn = new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
          @Override
          public void getGame(GetGameRequest request, StreamObserver<GetGameResponse> observer) {
            observer.onError(StatusProto.toStatusRuntimeException(status));
          }
        });
        TabulaClient client = standIn.client()) {
      return assertThrows(TabulaException.class, () -> client.getGame("g"));
    }
  }

  private static com.google.rpc.Status invalid(String reason, Any... more) {
    com.google.rpc.Status.Builder status = com.google.rpc.Status.newBuilder().setCode(Code.INVALID_ARGUMENT_VALUE)
        .setMessage("refused").addDetails(Any.pack(ErrorInfo.newBuilder().setDomain(TabulaException.DOMAIN).setReason(reason)
            .putMetadata("kind", "GAME_KIND_CHESS").build()));
    for (Any detail : more) {
      status.addDetails(detail);
    }
    return status.build();
  }

  @Test
  void aKnownReasonIsItsEnumConstant() throws Exception {
    TabulaException error = refusedWith(invalid("UNKNOWN_PRESET"));
    assertEquals(ErrorReason.ERROR_REASON_UNKNOWN_PRESET, error.getReasonCode());
    assertEquals("UNKNOWN_PRESET", error.getReason());
    assertEquals(Map.of("kind", "GAME_KIND_CHESS"), error.getMetadata());
    assertEquals(List.of(), error.getFieldViolations());
  }

  @Test
  void aReasonNewerThanTheClientIsUnspecifiedAndKeptAsText() throws Exception {
    TabulaException error = refusedWith(invalid("SOMETHING_NEW"));
    assertEquals(ErrorReason.ERROR_REASON_UNSPECIFIED, error.getReasonCode());
    assertEquals("SOMETHING_NEW", error.getReason());
    assertEquals(Status.Code.INVALID_ARGUMENT, error.getCode());
    // Without any reason, and for the reasons the client makes itself, too.
    assertEquals(ErrorReason.ERROR_REASON_UNSPECIFIED, TabulaException.from(Status.UNAVAILABLE.asRuntimeException()).getReasonCode());
    assertEquals(ErrorReason.ERROR_REASON_UNSPECIFIED, TabulaException.seqGap("the event stream of game g", 2, 3).getReasonCode());
  }

  @Test
  void fieldViolationsComeInTheServersOrder() throws Exception {
    BadRequest badRequest = BadRequest.newBuilder()
        .addFieldViolations(BadRequest.FieldViolation.newBuilder().setField("config.width").setDescription("3 to 20"))
        .addFieldViolations(BadRequest.FieldViolation.newBuilder().setField("labels[Stage]").setDescription("a key is lower case"))
        .build();
    TabulaException error = refusedWith(invalid("INVALID_CONFIG", Any.pack(badRequest)));
    assertEquals(ErrorReason.ERROR_REASON_INVALID_CONFIG, error.getReasonCode());
    assertEquals(List.of(new TabulaException.FieldViolation("config.width", "3 to 20"),
        new TabulaException.FieldViolation("labels[Stage]", "a key is lower case")), error.getFieldViolations());
  }
}
