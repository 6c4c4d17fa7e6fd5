package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import io.grpc.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A live server's refusals, read as values: the reason's enum constant and the fields at fault. */
class RefusalValuesTest extends Games.Live {
  @Test
  void anIllegalMoveIsRefusedWithItsReasonConstant() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
    String id = created.getGame().getGameId();
    TabulaException late = refused(Status.Code.FAILED_PRECONDITION, "NOT_YOUR_TURN", () -> seat(created, 2).submitMove(id, Moves.drop(3)));
    assertEquals(ErrorReason.ERROR_REASON_NOT_YOUR_TURN, late.getReasonCode());
    TabulaException outside = refused(Status.Code.FAILED_PRECONDITION, "OUT_OF_BOUNDS", () -> seat(created, 1).submitMove(id, Moves.drop(9)));
    assertEquals(ErrorReason.ERROR_REASON_OUT_OF_BOUNDS, outside.getReasonCode());
    assertEquals(List.of(), outside.getFieldViolations());
  }

  @Test
  void aBadConfigurationNamesEveryFieldAtFault() {
    GameConfig tooWide = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.newBuilder().setWidth(99).setHeight(1)).build();
    TabulaException error = refused(Status.Code.INVALID_ARGUMENT, "INVALID_CONFIG", () -> client.createGameFromConfig(tooWide));
    assertEquals(ErrorReason.ERROR_REASON_INVALID_CONFIG, error.getReasonCode());
    List<String> fields = error.getFieldViolations().stream().map(TabulaException.FieldViolation::field).toList();
    assertTrue(fields.contains("config.connect_four.width") && fields.contains("config.connect_four.height"), fields.toString());
    assertTrue(error.getFieldViolations().stream().noneMatch(violation -> violation.description().isEmpty()), error.getFieldViolations().toString());

    TabulaException preset = refused(Status.Code.INVALID_ARGUMENT, "UNKNOWN_PRESET",
        () -> client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "no-such-preset"));
    assertFalse(preset.getFieldViolations().isEmpty(), "no known presets listed");
  }
}
