package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.AnswerTakeBackResponse;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.TakeBackResponse;
import dev.tabula.v1.TicTacToeConfig;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Takebacks by consent ({@code GameConfig.takebacks_need_consent}): {@link TabulaClient#takeBack}
 * asks, {@link TabulaClient#answerTakeBack} agrees or declines, against a real server.
 */
@Timeout(60)
class TakebackConsentTest extends Games.Live {
  private static final GameConfig BY_CONSENT = GameConfig.newBuilder()
      .setTicTacToe(TicTacToeConfig.getDefaultInstance()).setAllowTakebacks(true).setTakebacksNeedConsent(true).build();

  /** {@code kind seat N by ACTOR}: the event as the assertions below compare it. */
  private static String describe(GameEvent event) {
    String kind = Names.eventKind(event);
    int seat = switch (kind) {
      case "takeback_requested" -> event.getTakebackRequested().getSeat();
      case "takeback_declined" -> event.getTakebackDeclined().getSeat();
      case "move_taken_back" -> event.getMoveTakenBack().getSeat();
      case "move_applied" -> event.getMoveApplied().getSeat();
      default -> 0;
    };
    String actor = !event.hasActor() ? "none"
        : Names.actorKind(event.getActor()).equals("seat") ? "seat " + event.getActor().getSeat() : Names.actorKind(event.getActor());
    return event.getSeq() + " " + kind + " seat " + seat + " by " + actor;
  }

  /**
   * The consent game of the brief: seat 1 places (1,1), asks, is declined, asks again and is
   * agreed with; every refusal on the way. Returns the game's id.
   */
  private static String playConsentGame() throws Exception {
    CreateGameResponse created = client.createGameFromConfig(BY_CONSENT);
    assertTrue(created.getGame().getConfig().getAllowTakebacks());
    assertTrue(created.getGame().getConfig().getTakebacksNeedConsent());
    String id = created.getGame().getGameId();
    TabulaClient x = seat(created, 1);
    TabulaClient o = seat(created, 2);

    x.submitMove(id, Moves.placeCell(1, 1));
    TabulaException none = refused(Status.Code.FAILED_PRECONDITION, "NO_TAKEBACK_REQUEST", () -> o.answerTakeBack(id, true));
    assertEquals(ErrorReason.ERROR_REASON_NO_TAKEBACK_REQUEST, none.getReasonCode());

    TakeBackResponse asked = x.takeBack(id);
    assertEquals(3, asked.getSeq());
    assertEquals(1, asked.getView().getTakebackRequest(), "seat 1's request waits");
    assertEquals(1, asked.getView().getMoveCount(), "nothing is undone yet");
    TabulaException twice = refused(Status.Code.FAILED_PRECONDITION, "TAKEBACK_ALREADY_REQUESTED", () -> x.takeBack(id));
    assertEquals(ErrorReason.ERROR_REASON_TAKEBACK_ALREADY_REQUESTED, twice.getReasonCode());
    refused(Status.Code.FAILED_PRECONDITION, "NO_TAKEBACK_REQUEST", () -> x.answerTakeBack(id, true));
    refused(Status.Code.PERMISSION_DENIED, "SEAT_REQUIRED", () -> client.as("").answerTakeBack(id, true));

    AnswerTakeBackResponse declined = o.answerTakeBack(id, false);
    assertEquals(4, declined.getSeq());
    assertEquals(0, declined.getView().getTakebackRequest());
    assertEquals(1, declined.getView().getMoveCount(), "the move stands");
    assertEquals(List.of(2), declined.getView().getToActList());

    assertEquals(1, x.takeBack(id, MoveOptions.defaults().withExpectedSeq(4)).getView().getTakebackRequest());
    refused(Status.Code.ABORTED, "STALE_SEQ",
        () -> o.answerTakeBack(id, true, MoveOptions.defaults().withExpectedSeq(4)));
    // The asynchronous client agrees, with the options the blocking one takes.
    AnswerTakeBackResponse accepted = o.async()
        .answerTakeBack(id, true, MoveOptions.defaults().withExpectedSeq(5).withRequestId("agree-1"))
        .get(10, TimeUnit.SECONDS);
    assertEquals(6, accepted.getSeq());
    assertEquals(0, accepted.getView().getMoveCount(), "seat 1's move is undone");
    assertEquals(List.of(1), accepted.getView().getToActList());
    assertEquals(0, accepted.getView().getTakebackRequest());
    // A retry with the same request id answers as the first call did.
    assertEquals(accepted.getSeq(), o.answerTakeBack(id, true, MoveOptions.defaults().withExpectedSeq(5).withRequestId("agree-1")).getSeq());

    ExecutionException over = assertThrows(ExecutionException.class,
        () -> o.async().answerTakeBack(id, true).get(10, TimeUnit.SECONDS));
    TabulaException error = assertInstanceOf(TabulaException.class, over.getCause());
    assertEquals(Status.Code.FAILED_PRECONDITION, error.getCode());
    assertEquals("NO_TAKEBACK_REQUEST", error.getReason());
    return id;
  }

  @Test
  void theOtherSeatDeclinesThenAgrees() throws Exception {
    String id = playConsentGame();
    assertEquals(6, client.getGame(id).getSeq(), "the refusals logged nothing");
  }

  @Test
  void theEventsNameTheRequestsAndTheirAnswers() throws Exception {
    String id = playConsentGame();
    List<GameEvent> events = new ArrayList<>();
    try (EventStream stream = client.events(id, 2)) {
      for (int i = 0; i < 4; i++) {
        events.add(stream.next());
      }
    }
    assertEquals(List.of(
        "3 takeback_requested seat 1 by seat 1",
        "4 takeback_declined seat 2 by seat 2",
        "5 takeback_requested seat 1 by seat 1",
        "6 move_taken_back seat 1 by seat 2"), events.stream().map(TakebackConsentTest::describe).toList());
    assertEquals(1, events.get(3).getMoveTakenBack().getMoveNumber());
  }

  @Test
  void consentWithoutTakebacksIsRefused() {
    GameConfig consentOnly = BY_CONSENT.toBuilder().setAllowTakebacks(false).build();
    TabulaException error = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.createGameFromConfig(consentOnly));
    assertTrue(error.getMessage().contains("config.takebacks_need_consent"), error.getMessage());
  }
}
