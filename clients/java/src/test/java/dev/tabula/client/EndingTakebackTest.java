package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.Durations;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TakeBackResponse;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Taking back the move that ended a game ({@link CreateOptions#withEndingTakebackWindow}),
 * against a real server: the end is not final while it may be taken back, and the takeback
 * puts the game back in progress.
 */
@Timeout(60)
class EndingTakebackTest extends Games.Live {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder()
      .setTicTacToe(TicTacToeConfig.getDefaultInstance()).setAllowTakebacks(true).build();
  private static final Duration WINDOW = Duration.ofSeconds(60);
  /** How long the test waits for an event the server has already logged. */
  private static final Duration WAIT = Duration.ofSeconds(15);

  /**
   * The next element of {@code items}, or null when none comes within {@code wait} (the
   * stream is then closed, since the read it left waiting cannot be taken back).
   */
  private static <T> T nextWithin(Iterator<T> items, AutoCloseable stream, Duration wait, String waitingFor) throws Exception {
    CompletableFuture<T> read = CompletableFuture.supplyAsync(items::next);
    try {
      return read.get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException none) {
      stream.close();
      return null;
    } catch (ExecutionException failed) {
      throw new AssertionError("the stream failed while waiting for " + waitingFor, failed.getCause());
    }
  }

  @Test
  void theWinnerTakesBackTheWinningMoveAndTheGameGoesOn() throws Exception {
    Map<String, String> label = Map.of("ending-takeback-test", UUID.randomUUID().toString().substring(0, 8));
    CreateGameResponse created = client.createGameFromConfig(TIC_TAC_TOE,
        CreateOptions.defaults().withEndingTakebackWindow(WINDOW).withLabels(label));
    String id = created.getGame().getGameId();
    assertTrue(created.getGame().getConfig().getAllowTakebacks(), created.getGame().getConfig().toString());
    assertEquals(Durations.fromSeconds(60), created.getGame().getConfig().getEndingTakebackWindow());
    TabulaClient x = seat(created, 1);
    TabulaClient o = seat(created, 2);

    // X wins on the top row.
    x.submitMove(id, Moves.placeCell(0, 0));
    o.submitMove(id, Moves.placeCell(1, 0));
    x.submitMove(id, Moves.placeCell(0, 1));
    o.submitMove(id, Moves.placeCell(1, 1));
    Instant beforeEnd = Instant.now();
    SubmitMoveResponse won = x.submitMove(id, Moves.placeCell(0, 2));
    View over = won.getView();
    assertEquals(GameStatus.GAME_STATUS_FINISHED, over.getStatus(), over.toString());
    assertEquals(OutcomeType.OUTCOME_TYPE_WIN, over.getOutcome().getType(), over.getOutcome().toString());
    assertEquals(1, over.getOutcome().getWinner(), over.getOutcome().toString());

    // The end may still be taken back: no rematch (nor archive) until it is final.
    TabulaException early = refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_FINISHED", () -> client.createRematch(id));
    assertEquals(ErrorReason.ERROR_REASON_GAME_NOT_FINISHED, early.getReasonCode());
    String finalAt = early.getMetadata().get("final_at");
    assertTrue(finalAt != null && !finalAt.isEmpty(), early.getMetadata().toString());
    Instant finalInstant = OffsetDateTime.parse(finalAt).toInstant();
    assertTrue(finalInstant.isAfter(beforeEnd.plus(WINDOW).minusSeconds(2))
        && finalInstant.isBefore(Instant.now().plus(WINDOW).plusSeconds(2)),
        "final_at " + finalAt + " is about the window after the end");
    refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_FINISHED", () -> client.archiveGame(id));

    // Not O's to take back. X takes the winning move back: the game is in progress again, X to move.
    refused(Status.Code.FAILED_PRECONDITION, "NOTHING_TO_TAKE_BACK", () -> o.takeBack(id));
    TakeBackResponse back = x.takeBack(id);
    View again = back.getView();
    assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, again.getStatus(), again.toString());
    assertEquals(List.of(1), again.getToActList(), again.toString());
    assertEquals(4, again.getMoveCount(), again.toString());
    assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, client.getGame(id).getStatus());
    assertEquals(List.of(1), x.getView(id).getToActList());

    // The game's events: the end, the takeback, the resumption (the stream stays open after them).
    List<GameEvent> events = new ArrayList<>();
    try (EventStream stream = client.events(id, 0)) {
      Instant deadline = Instant.now().plus(WAIT);
      while (events.isEmpty() || !events.get(events.size() - 1).hasGameResumed()) {
        GameEvent event = nextWithin(stream, stream, Duration.ofMillis(Math.max(1, Duration.between(Instant.now(), deadline).toMillis())),
            "game_resumed");
        if (event == null) {
          throw new AssertionError("no game_resumed within " + WAIT.toSeconds() + " s; events so far: " + events);
        }
        events.add(event);
      }
    }
    List<String> kinds = events.stream().map(Names::eventKind).toList();
    assertEquals(List.of("game_created", "move_applied", "move_applied", "move_applied", "move_applied", "move_applied",
        "game_ended", "move_taken_back", "game_resumed"), kinds);
    GameEvent ended = events.get(6);
    assertEquals(1, ended.getGameEnded().getOutcome().getWinner(), ended.toString());
    GameEvent takenBack = events.get(7);
    assertEquals(1, takenBack.getMoveTakenBack().getSeat(), takenBack.toString());
    assertEquals("seat", Names.actorKind(takenBack.getActor()), takenBack.toString());
    assertEquals(1, takenBack.getActor().getSeat(), takenBack.toString());
    GameEvent resumed = events.get(8);
    assertEquals(back.getSeq(), resumed.getSeq(), "the takeback's answer is at the game_resumed");

    // The owner's stream, filtered by kind, has one resumption of the game.
    try (OwnerEventStream owner = client.ownerEvents(0, List.of(OwnerEventKind.OWNER_EVENT_KIND_GAME_RESUMED), label)) {
      OwnerEvent first = nextWithin(owner, owner, WAIT, "the owner's GAME_RESUMED");
      if (first == null) {
        throw new AssertionError("no OWNER_EVENT_KIND_GAME_RESUMED within " + WAIT.toSeconds() + " s");
      }
      assertEquals(OwnerEventKind.OWNER_EVENT_KIND_GAME_RESUMED, first.getKind(), first.toString());
      assertEquals(id, first.getGameEvent().getGameId(), first.toString());
      assertTrue(first.getGameEvent().hasGameResumed(), first.toString());
      assertEquals("game_resumed", Names.eventKind(first.getGameEvent()));
      assertEquals(resumed.getSeq(), first.getGameEvent().getSeq(), first.toString());
      OwnerEvent second = nextWithin(owner, owner, Duration.ofSeconds(1), "a second GAME_RESUMED");
      assertNull(second, "only one resumption: " + second);
    }
  }
}
