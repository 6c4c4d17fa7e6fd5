package dev.tabula.client;

import static dev.tabula.client.Games.at;
import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.Cell;
import dev.tabula.v1.ChessConfig;
import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.EndReason;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.Outcome;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.Piece;
import dev.tabula.v1.Starter;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The rule options of a configuration against a real server: the seat that starts
 * ({@link CreateOptions#withStarter}), misère tic-tac-toe and blocked cells.
 */
@Timeout(60)
class RuleOptionsTest extends Games.Live {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
  private static final GameConfig CONNECT_FOUR = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance()).build();

  @Test
  void theSecondSeatStartsWhenAsked() {
    CreateGameResponse created = client.createGameFromConfig(TIC_TAC_TOE,
        CreateOptions.defaults().withStarter(Starter.STARTER_SECOND_SEAT));
    assertEquals(Starter.STARTER_SECOND_SEAT, created.getGame().getConfig().getStarter());
    assertEquals(Starter.STARTER_UNSPECIFIED, TIC_TAC_TOE.getStarter(), "the caller's configuration is unchanged");
    String id = created.getGame().getGameId();
    assertEquals(List.of(2), client.getView(id).getToActList());

    refused(Status.Code.FAILED_PRECONDITION, "NOT_YOUR_TURN", () -> seat(created, 1).submitMove(id, Moves.placeCell(1, 1)));
    SubmitMoveResponse moved = seat(created, 2).submitMove(id, Moves.placeCell(1, 1));
    assertTrue(moved.getApplied());
    assertEquals(List.of(1), moved.getView().getToActList());
    assertEquals(List.of(1), client.getView(id).getToActList());
    assertEquals(2, at(moved.getView().getBoard(), 1, 1).getOwner(), "the second seat marked the centre");
  }

  @Test
  void aRandomStartIsDrawnAtTheCreationAndNamed() throws Exception {
    // Deterministic: each answer names one seat, without asserting that both come up.
    for (int i = 0; i < 16; i++) {
      CreateOptions random = CreateOptions.defaults().withStarter(Starter.STARTER_RANDOM);
      // Half through the asynchronous client, which applies the option the same way.
      CreateGameResponse created = i % 2 == 0 ? client.createGameFromConfig(CONNECT_FOUR, random)
          : client.async().createGameFromConfig(CONNECT_FOUR, random).get(10, TimeUnit.SECONDS);
      Starter starter = created.getGame().getConfig().getStarter();
      assertTrue(starter == Starter.STARTER_FIRST_SEAT || starter == Starter.STARTER_SECOND_SEAT, "answered " + starter);
      String id = created.getGame().getGameId();
      assertEquals(starter, client.getGame(id).getConfig().getStarter(), "GetGame names the same seat");
      int first = starter == Starter.STARTER_FIRST_SEAT ? 1 : 2;
      assertEquals(List.of(first), client.getView(id).getToActList(), "to_act agrees with " + starter);
    }
    // Without the option the first seat starts, and the answer says so.
    assertEquals(Starter.STARTER_FIRST_SEAT, client.createGameFromConfig(CONNECT_FOUR).getGame().getConfig().getStarter());
  }

  @Test
  void chessRefusesAnotherStarter() {
    GameConfig chess = GameConfig.newBuilder().setChess(ChessConfig.getDefaultInstance()).build();
    TabulaException error = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromConfig(chess, CreateOptions.defaults().withStarter(Starter.STARTER_SECOND_SEAT)));
    assertTrue(error.getMessage().contains("config.starter"), error.getMessage());
    List<TabulaException.FieldViolation> violations = error.getFieldViolations();
    assertEquals(1, violations.size(), violations.toString());
    assertEquals("config.starter", violations.get(0).field());

    // The first seat is accepted, and the answer leaves the starter unspecified.
    CreateGameResponse first = client.createGameFromConfig(chess, CreateOptions.defaults().withStarter(Starter.STARTER_FIRST_SEAT));
    assertEquals(Starter.STARTER_UNSPECIFIED, first.getGame().getConfig().getStarter());
  }

  @Test
  void misereLosesWithTheLineItCompletes() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "misere");
    assertTrue(created.getGame().getConfig().getTicTacToe().getMisere());
    String id = created.getGame().getGameId();
    TabulaClient x = seat(created, 1);
    TabulaClient o = seat(created, 2);
    x.submitMove(id, Moves.placeCell(0, 0));
    o.submitMove(id, Moves.placeCell(1, 0));
    x.submitMove(id, Moves.placeCell(0, 1));
    o.submitMove(id, Moves.placeCell(2, 2));
    SubmitMoveResponse last = x.submitMove(id, Moves.placeCell(0, 2));

    Outcome outcome = last.getView().getOutcome();
    assertEquals(OutcomeType.OUTCOME_TYPE_WIN, outcome.getType());
    assertEquals(2, outcome.getWinner());
    assertEquals(EndReason.END_REASON_OPPONENT_LINE, outcome.getReason());
    assertEquals("END_REASON_OPPONENT_LINE", Names.enumName(EndReason.getDescriptor(), outcome.getReasonValue()));
    assertEquals(List.of(Moves.cell(0, 0), Moves.cell(0, 1), Moves.cell(0, 2)), outcome.getWinningLineList());
  }

  @Test
  void connectFourDiscsRestOnBlockedCells() {
    List<Cell> blocked = List.of(Moves.cell(3, 0), Moves.cell(0, 6));
    GameConfig walled = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.newBuilder().addAllBlocked(blocked)).build();
    CreateGameResponse created = client.createGameFromConfig(walled);
    assertEquals(blocked, created.getGame().getConfig().getConnectFour().getBlockedList());
    String id = created.getGame().getGameId();

    View view = client.getView(id);
    assertEquals(Piece.PIECE_WALL, at(view.getBoard(), 3, 0).getPiece());
    assertEquals(Piece.PIECE_WALL, at(view.getBoard(), 0, 6).getPiece());
    assertEquals(0, at(view.getBoard(), 3, 0).getOwner(), "a wall belongs to nobody");

    TabulaClient red = seat(created, 1);
    refused(Status.Code.FAILED_PRECONDITION, "COLUMN_FULL", () -> red.submitMove(id, Moves.drop(6)));
    SubmitMoveResponse dropped = red.submitMove(id, Moves.drop(0));
    assertEquals(1, at(dropped.getView().getBoard(), 2, 0).getOwner(), "the disc rests on the wall at row 3");
    assertEquals(Piece.PIECE_WALL, at(dropped.getView().getBoard(), 3, 0).getPiece());
  }
}
