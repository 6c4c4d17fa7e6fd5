package dev.tabula.client;

import static dev.tabula.client.OwnerStreams.nothingMore;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateSeriesResponse;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.SeriesEvent;
import java.time.Duration;
import java.util.ArrayList;
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
 * A series on its owner's stream ({@code OWNER_EVENT_KIND_SERIES_GAME_FINISHED} and
 * {@code OWNER_EVENT_KIND_SERIES_FINISHED}, each with the series' own event in
 * {@code OwnerEvent.series_event}), against a real server without keys, whose owner stream
 * holds every game created without a key. The series carries a label no other test uses, and
 * the owner's stream is filtered by it.
 */
@Timeout(90)
class OwnerSeriesEventsTest extends Games.Live {
  /** How long the owner's stream may take to deliver the series' end after the series stream closed. */
  private static final long WAIT_SECONDS = 30;

  private static final List<OwnerEventKind> SERIES_KINDS = List.of(OwnerEventKind.OWNER_EVENT_KIND_SERIES_GAME_FINISHED,
      OwnerEventKind.OWNER_EVENT_KIND_SERIES_FINISHED);

  /**
   * The entries {@code reading} read from {@code owner} up to the series' end, failing (and
   * closing the stream) when it has not come within {@link #WAIT_SECONDS}.
   */
  private static List<OwnerEvent> entriesRead(OwnerEventStream owner, CompletableFuture<List<OwnerEvent>> reading)
      throws InterruptedException {
    try {
      return reading.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException slow) {
      owner.close();
      throw new AssertionError("no SERIES_FINISHED on the owner's stream within " + WAIT_SECONDS + " s after the series "
          + "stream closed; last cursor " + owner.lastCursor(), slow);
    } catch (ExecutionException failed) {
      throw new AssertionError("the owner stream failed after cursor " + owner.lastCursor(), failed.getCause());
    }
  }

  /** The {@code game_ended} event of game {@code gameId}, from the game's own stream, as a spectator sees it. */
  private static GameEvent gameEnded(String gameId) {
    try (EventStream events = client.events(gameId, 0)) {
      List<GameEvent> ended = events.stream().filter(GameEvent::hasGameEnded).toList();
      assertEquals(1, ended.size(), "game " + gameId + " ended once: " + ended);
      return ended.get(0);
    }
  }

  @Test
  void eachGameScoredAndTheEndOfASeriesOfBotsComeOnTheOwnersStream() throws Exception {
    Map<String, String> labels = Map.of("owner-series-test", "s-" + UUID.randomUUID().toString().substring(0, 8));
    try (OwnerEventStream owner = client.ownerEvents(0, SERIES_KINDS, labels)) {
      // Read the owner's stream from before the series exists, up to the series' end.
      CompletableFuture<List<OwnerEvent>> reading = CompletableFuture.supplyAsync(() -> {
        List<OwnerEvent> seen = new ArrayList<>();
        for (OwnerEvent event : owner) {
          seen.add(event);
          if (event.getKind() == OwnerEventKind.OWNER_EVENT_KIND_SERIES_FINISHED) {
            break;
          }
        }
        return seen;
      });

      CreateSeriesResponse created = client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
          SeriesOptions.bestOf(3).withBot(1, 1, Duration.ZERO).withBot(2, 1, Duration.ZERO).withLabels(labels));
      String id = created.getSeries().getSeriesId();

      List<SeriesEvent> events;
      try (SeriesEventStream stream = client.seriesEvents(id, 0)) {
        events = stream.stream().toList(); // ends when the server closes after series_finished
      }
      List<SeriesEvent> scored = events.stream().filter(SeriesEvent::hasGameFinished).toList();
      SeriesEvent end = events.get(events.size() - 1);
      assertTrue(end.hasSeriesFinished(), "the series stream ends with series_finished: " + events);
      assertTrue(scored.size() >= 2 && scored.size() <= 3, "best of 3 is decided in 2 or 3 games: " + events);

      List<OwnerEvent> entries = entriesRead(owner, reading);

      // One SERIES_GAME_FINISHED per game scored, in order, then the SERIES_FINISHED.
      assertEquals(scored.size() + 1, entries.size(), "the owner's entries: " + entries + "\nthe series' events: " + events);
      for (int i = 1; i < entries.size(); i++) {
        assertTrue(entries.get(i).getCursor() > entries.get(i - 1).getCursor(), "cursors increase: " + entries);
      }
      for (int i = 0; i < scored.size(); i++) {
        OwnerEvent entry = entries.get(i);
        SeriesEvent finished = scored.get(i);
        String gameId = finished.getGameFinished().getGameId();
        assertEquals(OwnerEventKind.OWNER_EVENT_KIND_SERIES_GAME_FINISHED, entry.getKind(), entry.toString());
        assertTrue(entry.hasSeriesEvent(), entry.toString());
        assertEquals(finished, entry.getSeriesEvent(), "the series' own game_finished, as its stream has it");
        assertEquals(id, entry.getSeriesEvent().getSeriesId());
        assertEquals(i + 1, entry.getSeriesEvent().getGameFinished().getNumber());
        GameEvent gameEvent = entry.getGameEvent();
        assertEquals(gameId, gameEvent.getGameId(), entry.toString());
        assertTrue(gameEvent.hasGameEnded(), "the game's game_ended: " + entry);
        assertEquals(gameEnded(gameId), gameEvent, "the game's own game_ended, as a spectator sees it");
      }
      OwnerEvent last = entries.get(entries.size() - 1);
      assertEquals(OwnerEventKind.OWNER_EVENT_KIND_SERIES_FINISHED, last.getKind(), last.toString());
      assertTrue(last.hasSeriesEvent(), last.toString());
      assertEquals(end, last.getSeriesEvent(), "the series' own series_finished, as its stream has it");
      assertEquals(client.getSeries(id).getWinner(), last.getSeriesEvent().getSeriesFinished().getWinner());
      OwnerEvent decider = entries.get(entries.size() - 2);
      assertEquals(decider.getGameEvent(), last.getGameEvent(), "the game_ended of the game that decided the series");
      assertEquals(scored.get(scored.size() - 1).getGameFinished().getGameId(), last.getGameEvent().getGameId());

      // Nothing else: no entry twice, and no other kind through the filter.
      nothingMore(owner, 500);
    }

    // The same games' GAME_ENDED entries, from the backlog, carry no series event.
    try (OwnerEventStream ended = client.ownerEvents(0, List.of(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED), labels)) {
      OwnerEvent first = ended.next();
      assertEquals(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED, first.getKind(), first.toString());
      assertFalse(first.hasSeriesEvent(), "only the series kinds carry a series event: " + first);
    }
  }
}
