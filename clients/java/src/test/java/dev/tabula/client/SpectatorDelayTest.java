package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.View;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Spectators see a game later than its seats ({@link CreateOptions#withSpectatorDelay}),
 * against a real server without keys: {@link Games.Live#client}, without a credential, is a
 * spectator.
 */
@Timeout(60)
class SpectatorDelayTest extends Games.Live {
  /** Queues each event a stream delivers. */
  private static final class Queued implements StreamObserver<GameEvent> {
    final BlockingQueue<GameEvent> events = new LinkedBlockingQueue<>();
    volatile Throwable error;

    @Override
    public void onNext(GameEvent event) {
      events.add(event);
    }

    @Override
    public void onError(Throwable t) {
      error = t;
    }

    @Override
    public void onCompleted() {}

    /** The next event's seq within {@code wait}; -1 when none came. */
    long nextSeq(Duration wait) throws InterruptedException {
      GameEvent event = events.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
      assertNull(error, () -> "the stream failed: " + error);
      return event == null ? -1 : event.getSeq();
    }
  }

  @Test
  void aSpectatorSeesTheGameOnePlyLate() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withSpectatorDelay(1, null));
    String gameId = created.getGame().getGameId();
    assertEquals(1, created.getGame().getSpectatorDelay().getPlies(), "the creation's answer echoes the delay");
    assertFalse(created.getGame().getSpectatorDelay().hasDuration(), created.getGame().toString());
    Game game = client.getGame(gameId);
    assertTrue(game.hasSpectatorDelay(), game.toString());
    assertEquals(1, game.getSpectatorDelay().getPlies(), "GetGame shows the delay");

    TabulaClient x = seat(created, 1);
    TabulaClient o = seat(created, 2);
    x.submitMove(gameId, Moves.placeCell(1, 1)); // seq 2
    o.submitMove(gameId, Moves.placeCell(0, 0)); // seq 3

    // The spectator sees the game one move behind; X sees both moves.
    View watched = client.getView(gameId);
    assertEquals(1, watched.getMoveCount(), watched.toString());
    assertEquals(2, watched.getSeq(), "the spectator's view ends with X's move");
    View own = x.getView(gameId);
    assertEquals(2, own.getMoveCount(), own.toString());
    assertEquals(3, own.getSeq());

    // The spectator's stream delivers the events through X's move, then holds O's back.
    Queued queued = new Queued();
    try (AsyncEventStream stream = client.async().events(gameId, 0, queued)) {
      assertEquals(1, queued.nextSeq(Duration.ofSeconds(10)), "the creation");
      assertEquals(2, queued.nextSeq(Duration.ofSeconds(10)), "X's move");
      assertEquals(-1, queued.nextSeq(Duration.ofSeconds(1)), "O's move is held back while it is the last one");
      assertEquals(2, stream.lastSeq());
      x.submitMove(gameId, Moves.placeCell(2, 2)); // seq 4
      assertEquals(3, queued.nextSeq(Duration.ofSeconds(10)), "O's move, once X has played after it");
    }
  }

  @Test
  void theBatchSendsTheDelayAndABadOneIsRefused() {
    List<CreateGameResponse> batch = client.batchCreateGames(List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
            CreateOptions.defaults().withSpectatorDelay(0, Duration.ofSeconds(5)))));
    Game delayed = batch.get(0).getGame();
    assertEquals(Duration.ofSeconds(5), Clocks.duration(delayed.getSpectatorDelay().getDuration()), delayed.toString());
    assertFalse(client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic").getGame().hasSpectatorDelay(),
        "without the option spectators see the game live");

    TabulaException tooMany = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
            CreateOptions.defaults().withSpectatorDelay(101, null)));
    assertEquals(ErrorReason.ERROR_REASON_INVALID_REQUEST, tooMany.getReasonCode());
    assertEquals(List.of("spectator_delay.plies"), LabelsTest.fieldViolations(tooMany));
  }
}
