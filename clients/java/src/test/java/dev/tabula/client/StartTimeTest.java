package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.SeatClock;
import dev.tabula.v1.SubmitMoveResponse;
import io.grpc.Status;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A game scheduled to start later ({@link CreateOptions#withStartTime}), against a real server. */
@Timeout(60)
class StartTimeTest extends Games.Live {
  private static final GameConfig CONNECT_FOUR = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance()).build();

  @Test
  void aGameScheduledAheadRefusesMovesUntilItsStart() throws Exception {
    // Whole milliseconds, so that the echo compares exactly.
    Instant start = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
    CreateOptions options = CreateOptions.defaults().withStartTime(start);
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic", options);
    String gameId = created.getGame().getGameId();
    assertTrue(created.getGame().hasStartTime(), created.getGame().toString());
    assertEquals(start, Clocks.instant(created.getGame().getStartTime()), "the creation's answer echoes the start time");
    assertEquals(start, Clocks.instant(client.getGame(gameId).getStartTime()), "GetGame shows the start time");

    // The batch builders send it too, and a clock waits for the start.
    List<CreateGameResponse> batch = client.batchCreateGames(List.of(
        GameRequests.gameFromConfig(CONNECT_FOUR, options.withClock(Clocks.perMove(Duration.ofSeconds(30))))));
    Game clocked = batch.get(0).getGame();
    assertEquals(start, Clocks.instant(clocked.getStartTime()), "a game of a batch starts when its request says");
    // No time is taken before the start: the seat to act has its whole 30 s, due from the start.
    SeatClock first = Clocks.seat(client.getView(clocked.getGameId()).getClock(), 1).orElseThrow();
    assertEquals(Duration.ofSeconds(30), Clocks.duration(first.getRemaining()), first.toString());
    assertEquals(start.plusSeconds(30), Clocks.instant(first.getDeadline()), first.toString());

    // Before the start every move is refused, saying when the game starts.
    TabulaClient red = seat(created, 1);
    TabulaException early = refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_STARTED", () -> red.submitMove(gameId, Moves.drop(3)));
    assertEquals(ErrorReason.ERROR_REASON_GAME_NOT_STARTED, early.getReasonCode());
    assertEquals(start, Instant.parse(early.getMetadata().get("start_time")), early.getMetadata().toString());
    refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_STARTED",
        () -> seat(batch.get(0), 1).submitMove(clocked.getGameId(), Moves.drop(3)));

    // From the start the same move is accepted, and the clock of the seat to move runs.
    Thread.sleep(Math.max(0, Duration.between(Instant.now(), start).toMillis()) + 500);
    SubmitMoveResponse moved = red.submitMove(gameId, Moves.drop(3));
    assertTrue(moved.getApplied(), moved.toString());
    assertEquals(List.of(2), moved.getToActList(), "yellow moves next");
    assertEquals(start, Clocks.instant(client.getGame(gameId).getStartTime()), "the start time stays on the game");
    seat(batch.get(0), 1).submitMove(clocked.getGameId(), Moves.drop(3));
    assertTrue(Clocks.seat(client.getView(clocked.getGameId()).getClock(), 2).orElseThrow().getRunning(),
        "from the start the clocks run");
  }

  @Test
  void aTimeNotAheadStartsAtOnceAndEngineSeatsWaitForTheStart() {
    // A time not after the creation: the game starts at once and shows no start time.
    CreateGameResponse now = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withStartTime(Instant.now().minusSeconds(60)));
    assertFalse(now.getGame().hasStartTime(), now.getGame().toString());
    seat(now, 1).submitMove(now.getGame().getGameId(), Moves.drop(3));

    // A game that starts later may have an engine seat: it waits for the start.
    CreateGameResponse withBot = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withBot(2, 1, Duration.ZERO).withStartTime(Instant.now().plusSeconds(60)));
    assertTrue(withBot.getGame().hasStartTime(), withBot.getGame().toString());
    // It may not start more than 30 days ahead.
    TabulaException far = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
            CreateOptions.defaults().withStartTime(Instant.now().plus(Duration.ofDays(31)))));
    assertEquals(List.of("start_time"), LabelsTest.fieldViolations(far));
  }
}
