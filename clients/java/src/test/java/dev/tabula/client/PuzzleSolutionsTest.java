package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.ListPuzzleSolutionsRequest;
import dev.tabula.v1.ListPuzzleSolutionsResponse;
import dev.tabula.v1.Move;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.PegSolitaireConfig;
import dev.tabula.v1.PuzzleSolution;
import dev.tabula.v1.SubmitMoveResponse;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ListPuzzleSolutions} against a real server, on the 15-hole triangle with the apex
 * empty (peg solitaire's default configuration), which has exactly 29,760 solutions of 13
 * jumps each.
 */
@Timeout(120)
class PuzzleSolutionsTest extends Games.Live {
  private static final String TRIANGLE_SOLUTIONS = "29760";
  private static final int JUMPS = 13;

  /** A new game of the kind's default configuration: the 15-hole triangle, apex empty. */
  private static CreateGameResponse triangle() {
    return client.createGameFromConfig(GameConfig.newBuilder().setPegSolitaire(PegSolitaireConfig.getDefaultInstance()).build());
  }

  private static List<List<String>> labels(List<PuzzleSolution> solutions) {
    return solutions.stream().map(solution -> List.copyOf(solution.getLabelsList())).toList();
  }

  @Test
  void theTriangleIsCountedAndListedInPages() throws Exception {
    CreateGameResponse created = triangle();
    String id = created.getGame().getGameId();
    TabulaClient seat = seat(created, 1);

    ListPuzzleSolutionsResponse first = seat.listPuzzleSolutions(id);
    assertEquals(TRIANGLE_SOLUTIONS, first.getSolutionCount());
    assertFalse(first.getCountOverflow());
    assertEquals(1, first.getSeq());
    assertTrue(first.getNodes() > 0, first.getNodes() + " nodes");
    assertEquals(50, first.getSolutionsCount(), "50 a page unless asked otherwise");
    assertFalse(first.getNextPageToken().isEmpty());
    for (PuzzleSolution solution : first.getSolutionsList()) {
      assertEquals(JUMPS, solution.getMovesCount(), solution.toString());
      assertEquals(JUMPS, solution.getLabelsCount(), solution.toString());
      assertTrue(solution.getLabelsList().stream().noneMatch(String::isBlank), solution.toString());
    }
    assertEquals(50, new HashSet<>(labels(first.getSolutionsList())).size(), "the solutions of a page are distinct");

    // Pages of 7 chained by their tokens: distinct, and in the first page's order.
    List<PuzzleSolution> chained = new ArrayList<>();
    String token = "";
    for (int page = 0; page < 4; page++) {
      ListPuzzleSolutionsResponse next = seat.listPuzzleSolutions(id, 7, token, 0);
      assertEquals(TRIANGLE_SOLUTIONS, next.getSolutionCount());
      assertEquals(7, next.getSolutionsCount());
      assertFalse(next.getNextPageToken().isEmpty());
      assertFalse(next.getNextPageToken().equals(token));
      chained.addAll(next.getSolutionsList());
      token = next.getNextPageToken();
    }
    assertEquals(28, new HashSet<>(labels(chained)).size(), "the pages overlap: " + labels(chained));
    assertEquals(first.getSolutionsList().subList(0, 28), chained, "the same position lists the same solutions in the same order");
    assertEquals(first.getSolutionsList(), seat.listPuzzleSolutions(id).getSolutionsList());

    // A full request, and the asynchronous client.
    ListPuzzleSolutionsResponse three = seat.listPuzzleSolutions(ListPuzzleSolutionsRequest.newBuilder().setGameId(id).setPageSize(3).build());
    assertEquals(first.getSolutionsList().subList(0, 3), three.getSolutionsList());
    ListPuzzleSolutionsResponse async = seat.async().listPuzzleSolutions(id, 7, "", 0).get(30, TimeUnit.SECONDS);
    assertEquals(chained.subList(0, 7), async.getSolutionsList());
    assertEquals(first.getSolutionsList(), seat.async().listPuzzleSolutions(id).get(30, TimeUnit.SECONDS).getSolutionsList());
  }

  @Test
  void everySolutionFollowingThePages() {
    CreateGameResponse created = triangle();
    String id = created.getGame().getGameId();
    TabulaClient seat = seat(created, 1);

    List<PuzzleSolution> all = seat.allPuzzleSolutions(id);
    assertEquals(Integer.parseInt(TRIANGLE_SOLUTIONS), all.size());
    Set<List<String>> distinct = new HashSet<>(labels(all));
    assertEquals(all.size(), distinct.size(), "a solution was listed twice");
    assertTrue(all.stream().allMatch(solution -> solution.getMovesCount() == JUMPS));

    assertEquals(seat.listPuzzleSolutions(id).getSolutionsList(), all.subList(0, 50), "in the pages' order");
  }

  @Test
  void aListedSolutionSolvesThePuzzle() {
    CreateGameResponse created = triangle();
    String id = created.getGame().getGameId();
    TabulaClient seat = seat(created, 1);
    PuzzleSolution solution = seat.listPuzzleSolutions(id, 20, "", 0).getSolutions(19);

    SubmitMoveResponse last = null;
    for (Move move : solution.getMovesList()) {
      assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, seat.getView(id).getStatus(), "the game ended before the last jump");
      last = seat.submitMove(id, move);
    }
    assertEquals(GameStatus.GAME_STATUS_FINISHED, last.getView().getStatus());
    assertEquals(OutcomeType.OUTCOME_TYPE_WIN, last.getView().getOutcome().getType());
    assertEquals(1, last.getView().getOutcome().getWinner());
    assertEquals(1 + JUMPS + 1, last.getSeq(), "the creation, 13 jumps, and the game's end");

    // Once the game is finished anyone who may read it asks, at any of its positions.
    TabulaClient spectator = client.as("");
    ListPuzzleSolutionsResponse fromStart = spectator.listPuzzleSolutions(id, 20, "", 1);
    assertEquals(TRIANGLE_SOLUTIONS, fromStart.getSolutionCount());
    assertEquals(1, fromStart.getSeq());
    assertEquals(solution, fromStart.getSolutions(19));
    // After four jumps: a page, then the rest from its token on, make every solution from there.
    ListPuzzleSolutionsRequest afterFour = ListPuzzleSolutionsRequest.newBuilder().setGameId(id).setAtSeq(5).build();
    ListPuzzleSolutionsResponse page = spectator.listPuzzleSolutions(id, 2, "", 5);
    assertEquals(5, page.getSeq());
    assertTrue(Integer.parseInt(page.getSolutionCount()) > 2, page.getSolutionCount());
    List<PuzzleSolution> onwards = spectator.allPuzzleSolutions(afterFour);
    assertEquals(page.getSolutionCount(), Integer.toString(onwards.size()));
    List<PuzzleSolution> joined = new ArrayList<>(page.getSolutionsList());
    joined.addAll(spectator.allPuzzleSolutions(afterFour.toBuilder().setPageSize(2).setPageToken(page.getNextPageToken()).build()));
    assertEquals(onwards, joined);
    assertTrue(labels(onwards).contains(solution.getLabelsList().subList(4, JUMPS)), "the rest of the solution played is one from there");
    ListPuzzleSolutionsResponse solved = spectator.listPuzzleSolutions(id);
    assertEquals("1", solved.getSolutionCount(), "a solved position: the empty sequence");
    assertEquals(List.of(PuzzleSolution.getDefaultInstance()), solved.getSolutionsList(), "listed: no move to make");
    assertTrue(solved.getNextPageToken().isEmpty());
    refused(Status.Code.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE", () -> spectator.listPuzzleSolutions(id, 0, "", 99));
  }

  @Test
  void aPageOfAPositionTheGameMovedOnFromIsStale() {
    CreateGameResponse created = triangle();
    String id = created.getGame().getGameId();
    TabulaClient seat = seat(created, 1);
    ListPuzzleSolutionsResponse first = seat.listPuzzleSolutions(id, 5, "", 0);
    seat.submitMove(id, first.getSolutions(0).getMoves(0));

    TabulaException stale = refused(Status.Code.ABORTED, "STALE_SEQ", () -> seat.listPuzzleSolutions(id, 5, first.getNextPageToken(), 0));
    assertEquals(ErrorReason.ERROR_REASON_STALE_SEQ, stale.getReasonCode());
    ListPuzzleSolutionsResponse again = seat.listPuzzleSolutions(id, 5, "", 0);
    assertEquals(2, again.getSeq());
    assertEquals(first.getSolutions(0).getLabelsList().subList(1, JUMPS), again.getSolutions(0).getLabelsList());
    refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_FINISHED", () -> seat.listPuzzleSolutions(id, 5, "", 1));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_PAGE_TOKEN", () -> seat.listPuzzleSolutions(id, 5, "not-a-token", 0));
  }

  @Test
  void onlyAPuzzlesSeatMayAskWhileItRuns() {
    CreateGameResponse ticTacToe = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withAllowHints(true));
    String game = ticTacToe.getGame().getGameId();
    TabulaException notAPuzzle = refused(Status.Code.FAILED_PRECONDITION, "UNSUPPORTED_BY_GAME",
        () -> seat(ticTacToe, 1).listPuzzleSolutions(game));
    assertEquals(ErrorReason.ERROR_REASON_UNSUPPORTED_BY_GAME, notAPuzzle.getReasonCode());
    refused(Status.Code.FAILED_PRECONDITION, "UNSUPPORTED_BY_GAME", () -> client.listPuzzleSolutions(game));

    CreateGameResponse created = triangle();
    String id = created.getGame().getGameId();
    TabulaException spectator = refused(Status.Code.PERMISSION_DENIED, "SEAT_REQUIRED", () -> client.as("").listPuzzleSolutions(id));
    assertEquals(ErrorReason.ERROR_REASON_SEAT_REQUIRED, spectator.getReasonCode());
    refused(Status.Code.PERMISSION_DENIED, "SEAT_REQUIRED", () -> client.allPuzzleSolutions(id));

    CreateGameResponse noHints = client.createGameFromConfig(
        GameConfig.newBuilder().setPegSolitaire(PegSolitaireConfig.getDefaultInstance()).build(),
        CreateOptions.defaults().withAllowHints(false));
    refused(Status.Code.FAILED_PRECONDITION, "HINTS_DISABLED",
        () -> seat(noHints, 1).listPuzzleSolutions(noHints.getGame().getGameId()));
  }
}
