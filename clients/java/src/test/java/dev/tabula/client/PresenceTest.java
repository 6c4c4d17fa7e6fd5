package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ClaimVictoryResponse;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.SeatPresence;
import dev.tabula.v1.SeatPresenceChanged;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.time.Duration;
import java.time.Instant;
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
 * Presence ({@link CreateOptions#withPresence}) and the claim of victory against a seat gone
 * ({@link TabulaClient#claimVictory}), against a real server.
 */
@Timeout(90)
class PresenceTest extends Games.Live {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
  /** How long the test waits for a presence change the server makes on its own. */
  private static final Duration WAIT = Duration.ofSeconds(15);

  /** The next element of {@code items}, failing (and closing {@code stream}) when none comes before {@code deadline}. */
  private static <T> T next(Iterator<T> items, AutoCloseable stream, Instant deadline, String waitingFor) throws Exception {
    CompletableFuture<T> read = CompletableFuture.supplyAsync(items::next);
    try {
      return read.get(Math.max(1, Duration.between(Instant.now(), deadline).toMillis()), TimeUnit.MILLISECONDS);
    } catch (TimeoutException slow) {
      stream.close();
      throw new AssertionError("no " + waitingFor + " within " + WAIT.toSeconds() + " s", slow);
    } catch (ExecutionException failed) {
      throw new AssertionError("the stream failed while waiting for " + waitingFor, failed.getCause());
    }
  }

  /** Reads {@code events} until the {@code seat_presence_changed} of {@code seat} to {@code present}; returns it. */
  private static GameEvent awaitPresence(EventStream events, int seat, boolean present) throws Exception {
    Instant deadline = Instant.now().plus(WAIT);
    String waitingFor = "seat_presence_changed of seat " + seat + " to " + (present ? "present" : "gone");
    while (true) {
      GameEvent event = next(events, events, deadline, waitingFor);
      if (event.hasSeatPresenceChanged()) {
        assertEquals("seat_presence_changed", Names.eventKind(event));
        SeatPresenceChanged changed = event.getSeatPresenceChanged();
        if (changed.getSeat() == seat && changed.getPresent() == present) {
          return event;
        }
      }
    }
  }

  @Test
  void aSeatGoneLongEnoughLosesByClaim() throws Exception {
    Map<String, String> label = Map.of("presence-test", UUID.randomUUID().toString().substring(0, 8));
    CreateGameResponse created = client.createGameFromConfig(TIC_TAC_TOE, CreateOptions.defaults()
        .withPresence(Presence.of(Duration.ofSeconds(1), Duration.ofSeconds(1))).withLabels(label));
    String id = created.getGame().getGameId();
    assertTrue(created.getGame().getConfig().hasPresence(), created.getGame().getConfig().toString());
    assertEquals(Presence.of(Duration.ofSeconds(1), Duration.ofSeconds(1)), created.getGame().getConfig().getPresence());
    TabulaClient x = seat(created, 1);
    TabulaClient o = seat(created, 2);
    x.submitMove(id, Moves.placeCell(1, 1)); // O to move

    // O comes: it opens its event stream; then it goes.
    long cameAt;
    try (EventStream events = o.events(id, 0)) {
      cameAt = awaitPresence(events, 2, true).getSeq();
    }

    // X follows the game, and sees O gone once it has had no stream and made no call for 1 s.
    try (EventStream events = x.events(id, cameAt)) {
      GameEvent gone = awaitPresence(events, 2, false);
      assertTrue(gone.hasTime(), gone.toString());

      // The view shows who is at the table: X (streaming and calling), not O, claimable from a time.
      View view = x.getView(id);
      SeatPresence xHere = Presence.seat(view, 1).orElseThrow(() -> new AssertionError("no presence of seat 1: " + view));
      assertTrue(xHere.getPresent(), view.getPresenceList().toString());
      SeatPresence oGone = Presence.seat(view, 2).orElseThrow(() -> new AssertionError("no presence of seat 2: " + view));
      assertFalse(oGone.getPresent(), view.getPresenceList().toString());
      assertTrue(oGone.hasClaimableAt(), view.getPresenceList().toString());
      Instant claimable = Clocks.instant(oGone.getClaimableAt());

      // O to move and gone (any call of O's would bring it back): X may claim, from claimable_at.
      ClaimVictoryResponse won;
      try {
        won = x.claimVictory(id);
        assertFalse(Instant.now().isBefore(claimable), "a claim accepted before claimable_at " + claimable);
      } catch (TabulaException early) {
        assertEquals(Status.Code.FAILED_PRECONDITION, early.getCode(), early.toString());
        assertEquals("CLAIM_TOO_EARLY", early.getReason(), early.toString());
        assertEquals(ErrorReason.ERROR_REASON_CLAIM_TOO_EARLY, early.getReasonCode());
        assertTrue(early.getMetadata().containsKey("claimable_at"), early.getMetadata().toString());
        Instant from = Presence.claimableAt(early).orElseThrow();
        assertTrue(Duration.between(from, claimable).abs().compareTo(Duration.ofSeconds(1)) < 0,
            "the error's claimable_at " + from + " is the view's " + claimable);
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), from).toMillis()) + 200);
        won = x.claimVictory(id, false, "claim-1");
        assertEquals(won.getSeq(), x.claimVictory(id, false, "claim-1").getSeq(), "a retried claim is answered as the first one was");
      }
      View over = won.getView();
      assertEquals(GameStatus.GAME_STATUS_FINISHED, over.getStatus(), over.toString());
      assertEquals(OutcomeType.OUTCOME_TYPE_WIN, over.getOutcome().getType(), over.getOutcome().toString());
      assertEquals(1, over.getOutcome().getWinner(), over.getOutcome().toString());
      assertEquals(won.getSeq(), over.getSeq());
      assertEquals(1, client.getGame(id).getOutcome().getWinner());
      refused(Status.Code.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE", () -> x.claimVictory(id));
    }

    // The owner's stream tells the same comings and goings.
    try (OwnerEventStream owner = client.ownerEvents(0,
        List.of(OwnerEventKind.OWNER_EVENT_KIND_SEAT_PRESENT, OwnerEventKind.OWNER_EVENT_KIND_SEAT_GONE), label)) {
      Instant deadline = Instant.now().plus(WAIT);
      boolean sawCome = false;
      boolean sawGone = false;
      while (!(sawCome && sawGone)) {
        OwnerEvent event = next(owner, owner, deadline, "the owner's events of seat 2 coming and going");
        SeatPresenceChanged changed = event.getGameEvent().getSeatPresenceChanged();
        assertEquals(id, event.getGameEvent().getGameId(), event.toString());
        assertEquals(changed.getPresent() ? OwnerEventKind.OWNER_EVENT_KIND_SEAT_PRESENT : OwnerEventKind.OWNER_EVENT_KIND_SEAT_GONE,
            event.getKind(), event.toString());
        sawCome |= changed.getSeat() == 2 && changed.getPresent();
        sawGone |= changed.getSeat() == 2 && !changed.getPresent();
      }
    }
  }

  @Test
  void noClaimWithoutPresence() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    String id = created.getGame().getGameId();
    seat(created, 1).submitMove(id, Moves.placeCell(1, 1));
    TabulaException none = refused(Status.Code.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE", () -> seat(created, 1).claimVictory(id));
    assertEquals(ErrorReason.ERROR_REASON_CLAIM_NOT_AVAILABLE, none.getReasonCode());
    assertTrue(Presence.claimableAt(none).isEmpty());
    ExecutionException draw = assertThrows(ExecutionException.class,
        () -> seat(created, 1).async().claimVictory(id, true).get(10, TimeUnit.SECONDS));
    TabulaException error = assertInstanceOf(TabulaException.class, draw.getCause());
    assertEquals("CLAIM_NOT_AVAILABLE", error.getReason());
    refused(Status.Code.PERMISSION_DENIED, "SEAT_REQUIRED", () -> client.claimVictory(id));
    // Without presence the views show none.
    assertTrue(seat(created, 1).getView(id).getPresenceList().isEmpty());
  }
}
