package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GetHintResponse;
import dev.tabula.v1.HintResult;
import dev.tabula.v1.HintScore;
import dev.tabula.v1.ScoreResult;
import dev.tabula.v1.TicTacToeConfig;
import io.grpc.Status;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The engine's analysis against a real server: the seat to move of a game created with hints,
 * a proved draw, a game without hints, and a finished game analysed by a spectator.
 */
@Timeout(60)
class HintsTest extends Games.Live {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
  private static final HintOptions QUICK = HintOptions.defaults().withMaxTime(Duration.ofMillis(300));

  @Test
  void theSeatToMoveGetsAMoveItsLineAndAScore() {
    CreateGameResponse created = client.createGameFromConfig(TIC_TAC_TOE, CreateOptions.defaults().withAllowHints(true));
    String id = created.getGame().getGameId();
    assertTrue(created.getGame().getAllowHints());
    TabulaClient x = client.as(created.getSeatTokens(0).getToken());
    TabulaClient o = client.as(created.getSeatTokens(1).getToken());

    GetHintResponse hint = x.getHint(id, QUICK);
    assertEquals(HintResult.HINT_RESULT_MOVE, hint.getResult());
    assertEquals(1, hint.getSeq());
    assertEquals(1, hint.getSeat());
    assertTrue(hint.hasMove());
    assertEquals(hint.getMove(), hint.getPrincipalVariation(0), "the line starts with the suggested move");
    HintScore score = hint.getScore();
    assertTrue(hint.hasScore() && (score.getExact() || score.hasValue()), score.toString());
    assertTrue(hint.getNodes() > 0);
    assertTrue(x.submitMove(id, hint.getMove(), MoveOptions.defaults().withExpectedSeq(hint.getSeq())).getApplied());

    refused(Status.Code.FAILED_PRECONDITION, "NOT_YOUR_TURN", () -> x.getHint(id, QUICK));
    refused(Status.Code.PERMISSION_DENIED, "SEAT_REQUIRED", () -> client.getHint(id, QUICK));
    GetHintResponse reply = o.getHint(id, QUICK.withMaxNodes(10_000));
    assertEquals(2, reply.getSeat());
    assertTrue(reply.getNodes() <= 10_000, reply.getNodes() + " nodes");
  }

  @Test
  void theEmptyBoardIsAnExactDraw() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withAllowHints(true));
    TabulaClient x = client.as(created.getSeatTokens(0).getToken());
    // The current position may be named.
    HintScore score = x.getHint(created.getGame().getGameId(),
        HintOptions.defaults().withMaxTime(Duration.ofSeconds(2)).withAtSeq(1)).getScore();
    assertTrue(score.getExact(), score.toString());
    assertEquals(ScoreResult.SCORE_RESULT_DRAW, score.getResult());
  }

  @Test
  void aGameWithoutHintsRefusesThem() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    assertFalse(created.getGame().getAllowHints(), "two seats: off unless asked for");
    TabulaClient x = client.as(created.getSeatTokens(0).getToken());
    TabulaException disabled = refused(Status.Code.FAILED_PRECONDITION, "HINTS_DISABLED",
        () -> x.getHint(created.getGame().getGameId(), QUICK));
    assertEquals(dev.tabula.v1.ErrorReason.ERROR_REASON_HINTS_DISABLED, disabled.getReasonCode());

    CreateGameResponse puzzle = client.createGameFromPreset(GameKind.GAME_KIND_PEG_SOLITAIRE, "triangle15",
        CreateOptions.defaults().withAllowHints(false));
    assertFalse(client.getGame(puzzle.getGame().getGameId()).getAllowHints());
    refused(Status.Code.FAILED_PRECONDITION, "HINTS_DISABLED",
        () -> client.as(puzzle.getSeatTokens(0).getToken()).getHint(puzzle.getGame().getGameId()));
  }

  @Test
  void aSpectatorAnalysesAFinishedGame() {
    CreateGameResponse created = client.createGameFromConfig(TIC_TAC_TOE);
    String id = created.getGame().getGameId();
    TabulaClient x = client.as(created.getSeatTokens(0).getToken());
    TabulaClient o = client.as(created.getSeatTokens(1).getToken());
    // X takes the top row while O plays the middle row: X wins at seq 6.
    x.submitMove(id, Moves.placeCell(0, 0));
    o.submitMove(id, Moves.placeCell(1, 0));
    x.submitMove(id, Moves.placeCell(0, 1));
    o.submitMove(id, Moves.placeCell(1, 1));
    x.submitMove(id, Moves.placeCell(0, 2));
    TabulaClient spectator = client.as("");

    // After X's second move (seq 4), O must block the top row.
    GetHintResponse hint = spectator.getHint(id, QUICK.withAtSeq(4));
    assertEquals(HintResult.HINT_RESULT_MOVE, hint.getResult());
    assertEquals(4, hint.getSeq());
    assertEquals(2, hint.getSeat());
    assertEquals(Moves.placeCell(0, 2), hint.getMove(), "O blocks");
    assertEquals(hint.getMove(), hint.getPrincipalVariation(0));

    GetHintResponse end = spectator.getHint(id);
    assertEquals(HintResult.HINT_RESULT_ALREADY_SOLVED, end.getResult());
    assertEquals(7, end.getSeq());
    assertEquals(0, end.getSeat());
    assertFalse(end.hasScore());
    assertEquals(0, end.getPrincipalVariationCount());
    refused(Status.Code.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE", () -> spectator.getHint(id, HintOptions.defaults().withAtSeq(99)));
  }

  @Test
  void theAsynchronousClientTakesTheSameOptions() throws Exception {
    TabulaAsyncClient async = client.async();
    CreateGameResponse created = async.createGameFromConfig(TIC_TAC_TOE, CreateOptions.defaults().withAllowHints(true)).get();
    String id = created.getGame().getGameId();
    GetHintResponse hint = async.as(created.getSeatTokens(0).getToken()).getHint(id, QUICK.withMaxNodes(50_000).withAtSeq(1)).get();
    assertEquals(HintResult.HINT_RESULT_MOVE, hint.getResult());
    assertEquals(hint.getMove(), hint.getPrincipalVariation(0));
    assertTrue(hint.getNodes() <= 50_000, hint.getNodes() + " nodes");
  }
}
