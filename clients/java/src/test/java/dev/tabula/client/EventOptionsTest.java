package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.View;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A game's event stream with views, asked for by {@link EventOptions} rather than a request built by hand. */
class EventOptionsTest extends Games.Live {
  @Test
  void theOptionsSetTheRequestsViewFields() {
    assertEquals(StreamEventsRequest.newBuilder().setGameId("g").setAfterSeq(3).build(),
        Requests.events("g", 3, EventOptions.defaults()));
    StreamEventsRequest both = Requests.events("g", 0, EventOptions.defaults().withViews(true).withViewChanges(true));
    assertTrue(both.getIncludeViews() && both.getViewChanges());
    assertFalse(EventOptions.defaults().withViewChanges(true).views());
  }

  @Test
  void eachEventComesWithItsViewWhetherSentWholeOrAsChanges() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    String id = created.getGame().getGameId();
    seat(created, 1).submitMove(id, Moves.placeCell(1, 1));
    View now = client.getView(id);
    for (EventOptions options : List.of(EventOptions.defaults().withViews(true), EventOptions.defaults().withViewChanges(true))) {
      try (EventStream events = client.events(id, 0, options)) {
        assertEquals(1, events.next().getSeq());
        GameEvent moved = events.next();
        assertEquals(2, moved.getSeq());
        assertEquals(now, events.lastView().orElseThrow(), options.toString());
      }
    }
    CompletableFuture<View> second = new CompletableFuture<>();
    List<StreamEventsResponse> received = new CopyOnWriteArrayList<>();
    try (AsyncEventStream stream = client.async().events(id, 0, EventOptions.defaults().withViewChanges(true),
        new StreamObserver<StreamEventsResponse>() {
          @Override
          public void onNext(StreamEventsResponse response) {
            received.add(response);
            if (response.getEvent().getSeq() == 2) {
              second.complete(response.getView());
            }
          }

          @Override
          public void onError(Throwable error) {
            second.completeExceptionally(error);
          }

          @Override
          public void onCompleted() {}
        })) {
      assertEquals(now, second.get(10, TimeUnit.SECONDS));
      assertEquals(2, stream.lastSeq());
      assertTrue(received.stream().allMatch(StreamEventsResponse::hasView), "a response without its whole view");
    }
  }
}
