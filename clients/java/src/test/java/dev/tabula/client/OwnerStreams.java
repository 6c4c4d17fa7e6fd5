package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tabula.v1.OwnerEvent;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Reading an {@link OwnerEventStream} with a time limit, as the live tests of the owner's stream do. */
final class OwnerStreams {
  private OwnerStreams() {}

  /** How long a read waits for an event the test has caused. */
  static final long WAIT_SECONDS = 10;

  /** The stream's next event, failing (and closing the stream) when none comes within {@link #WAIT_SECONDS}. */
  static OwnerEvent next(OwnerEventStream events) throws Exception {
    CompletableFuture<OwnerEvent> read = CompletableFuture.supplyAsync(events::next);
    try {
      return read.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException slow) {
      events.close();
      throw new AssertionError("no owner event within " + WAIT_SECONDS + " s after cursor " + events.lastCursor(), slow);
    } catch (ExecutionException failed) {
      throw new AssertionError("the owner stream failed after cursor " + events.lastCursor(), failed.getCause());
    }
  }

  /**
   * Checks that the stream delivers nothing more within {@code millis}, then closes it; the
   * closed stream must then say, within {@link #WAIT_SECONDS}, that it has no next event.
   */
  static void nothingMore(OwnerEventStream events, long millis) throws Exception {
    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(events::hasNext);
    try {
      boolean more = waiting.get(millis, TimeUnit.MILLISECONDS);
      fail(more ? "an unexpected owner event: " + events.next() : "the owner stream ended by itself");
    } catch (TimeoutException quiet) {
      events.close();
      assertFalse(waiting.get(WAIT_SECONDS, TimeUnit.SECONDS), "a closed stream has no next event");
    }
  }
}
