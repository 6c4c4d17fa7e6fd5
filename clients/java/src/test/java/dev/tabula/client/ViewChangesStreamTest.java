package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.BattleshipConfig;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.ListLegalMovesResponse;
import dev.tabula.v1.ShipPlacement;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.View;
import dev.tabula.v1.ViewChange;
import io.grpc.Context;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Event streams with {@code view_changes} against a real server: games with a grid (Reversi,
 * chess), a graph (Morris) and seat boards (Battleship), followed with whole views and with
 * changes, blocking and asynchronous, also across a dropped connection, hand out the same
 * views message by message; on the wire (the generated stub) every message after the first
 * carried a change and no view.
 */
@Timeout(120)
class ViewChangesStreamTest extends Games.Live {
  /**
   * Plays {@code moves} moves of a game just created, each by the seat to act, choosing among
   * its legal moves by the move's number; returns the game's seq after them.
   */
  private static long play(CreateGameResponse created, int moves) {
    String id = created.getGame().getGameId();
    for (int i = 0; i < moves; i++) {
      int seat = client.getView(id).getToAct(0);
      ListLegalMovesResponse legal = client.listLegalMoves(id, seat);
      assertTrue(legal.getMovesCount() > 0, "seat " + seat + " has no legal move after " + i + " moves");
      seat(created, seat).submitMove(id, legal.getMoves((i * 7) % legal.getMovesCount()).getMove());
    }
    return client.getGame(id).getSeq();
  }

  /** A Battleship game where both fleets are placed and ready and three shots fired: its seat boards change. */
  private static CreateGameResponse battleship() {
    CreateGameResponse created = client.createGameFromConfig(GameConfig.newBuilder().setBattleship(BattleshipConfig.getDefaultInstance()).build());
    String id = created.getGame().getGameId();
    int[] lengths = {5, 4, 3, 3, 2};
    for (int seat = 1; seat <= 2; seat++) {
      List<ShipPlacement> fleet = new ArrayList<>();
      for (int i = 0; i < lengths.length; i++) {
        fleet.add(seat == 1 ? Moves.ship(2 * i, 0, lengths[i], false) : Moves.ship(0, 2 * i, lengths[i], true));
      }
      seat(created, seat).submitMove(id, Moves.placeFleet(fleet));
    }
    seat(created, 1).submitMove(id, Moves.ready());
    seat(created, 2).submitMove(id, Moves.ready());
    seat(created, 1).submitMove(id, Moves.shot(0, 0));
    seat(created, 2).submitMove(id, Moves.shot(9, 9));
    seat(created, 1).submitMove(id, Moves.shot(9, 9));
    return created;
  }

  private static StreamEventsRequest request(String id, boolean changes) {
    StreamEventsRequest.Builder request = StreamEventsRequest.newBuilder().setGameId(id);
    return (changes ? request.setViewChanges(true) : request.setIncludeViews(true)).build();
  }

  /** Events 1 to {@code last} of a blocking stream, each with the view {@link EventStream#lastView} held after it. */
  private static List<StreamEventsResponse> follow(TabulaClient reader, StreamEventsRequest request, long last) {
    List<StreamEventsResponse> seen = new ArrayList<>();
    try (EventStream events = reader.events(request)) {
      for (long seq = 1; seq <= last; seq++) {
        GameEvent event = events.next();
        assertEquals(seq, event.getSeq());
        View view = events.lastView().orElseThrow(() -> new AssertionError("event " + event.getSeq() + " came without a view"));
        seen.add(StreamEventsResponse.newBuilder().setEvent(event).setView(view).build());
      }
    }
    return seen;
  }

  /** The responses of an asynchronous stream, once it delivered {@code last} of them. */
  private static List<StreamEventsResponse> followAsync(TabulaClient reader, StreamEventsRequest request, long last) throws Exception {
    Collector received = new Collector();
    try (AsyncEventStream stream = reader.async().events(request, received)) {
      received.await(stream, last);
    }
    return received.items;
  }

  /** The messages the generated stub receives, 1 to {@code last} after {@code afterSeq}, as they came over the wire. */
  private static List<StreamEventsResponse> wire(TabulaClient reader, StreamEventsRequest request, long afterSeq, long last) {
    List<StreamEventsResponse> received = new ArrayList<>();
    Context.CancellableContext call = Context.current().withCancellation();
    try {
      call.run(() -> {
        Iterator<StreamEventsResponse> messages =
            reader.stub().withDeadlineAfter(30, TimeUnit.SECONDS).streamEvents(request.toBuilder().setAfterSeq(afterSeq).build());
        for (long seq = afterSeq + 1; seq <= last; seq++) {
          received.add(messages.next());
        }
      });
    } finally {
      call.cancel(null);
    }
    return received;
  }

  /**
   * Follows game {@code id} (at seq {@code last}) as {@code reader}, with views and with view
   * changes, blocking and asynchronous: the same events and views, message by message, the
   * views of the past views; and on the wire, changes after the first message.
   */
  private static void sameViews(TabulaClient reader, String id, long last, boolean grid, boolean graph, boolean seatBoards)
      throws Exception {
    List<StreamEventsResponse> whole = follow(reader, request(id, false), last);
    assertEquals(last, whole.size());
    for (StreamEventsResponse response : whole) {
      assertEquals(reader.getView(id, response.getEvent().getSeq()), response.getView(), "the past view of " + response.getEvent().getSeq());
    }
    assertEquals(grid, whole.get(0).getView().hasBoard());
    assertEquals(graph, whole.get(0).getView().hasGraph());
    assertEquals(seatBoards, whole.get(0).getView().getSeatBoardsCount() > 0);

    List<StreamEventsResponse> changed = follow(reader, request(id, true), last);
    for (int i = 0; i < last; i++) {
      assertEquals(whole.get(i), changed.get(i), "the message of seq " + (i + 1));
    }
    assertEquals(whole, followAsync(reader, request(id, true), last), "the asynchronous stream's messages");
    assertEquals(whole, followAsync(reader, request(id, false), last), "the asynchronous stream's messages with include_views");

    // On the wire: the first message whole, every later one a change of the boards' cells or
    // points (their shape holds in these games) and the rest of the view.
    List<StreamEventsResponse> sent = wire(reader, request(id, true), 0, last);
    assertTrue(sent.get(0).hasView() && !sent.get(0).hasViewChange(), "the first message: " + sent.get(0));
    assertEquals(whole.get(0).getView(), sent.get(0).getView());
    View held = sent.get(0).getView();
    int cells = 0;
    int points = 0;
    for (StreamEventsResponse message : sent.subList(1, sent.size())) {
      long seq = message.getEvent().getSeq();
      assertFalse(message.hasView(), "message " + seq + " carried a view");
      assertTrue(message.hasViewChange(), "message " + seq + " carried no change");
      ViewChange change = message.getViewChange();
      View rest = change.getView();
      assertFalse(rest.hasBoard() || rest.hasGraph() || rest.getSeatBoardsCount() > 0, "message " + seq + " carried a board: " + rest);
      cells += change.getCellsCount();
      points += change.getPointsCount();
      held = ViewChanges.applyViewChange(held, change);
      assertEquals(whole.get((int) seq - 1).getView(), held, "the change of seq " + seq + " applied");
    }
    assertEquals(grid || seatBoards, cells > 0, "cells changed: " + cells);
    assertEquals(graph, points > 0, "points changed: " + points);

    // A stream opened after a seq, as a resumed one is, starts whole again.
    long middle = last / 2;
    List<StreamEventsResponse> resumed = wire(reader, request(id, true), middle, last);
    assertEquals(whole.get((int) middle).getView(), resumed.get(0).getView(), "the first view after seq " + middle);
    assertFalse(resumed.get(0).hasViewChange());
    assertTrue(resumed.subList(1, resumed.size()).stream().allMatch(m -> m.hasViewChange() && !m.hasView()));
  }

  @Test
  void reversiFollowedWithChangesHasTheViewsOfIncludeViews() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_REVERSI, "othello");
    String id = created.getGame().getGameId();
    long last = play(created, 10);
    assertEquals(11, last);
    sameViews(client.as(""), id, last, true, false, false);
    sameViews(seat(created, 1), id, last, true, false, false);
  }

  @Test
  void chessFollowedWithChangesHasTheViewsOfIncludeViews() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CHESS, "standard");
    String id = created.getGame().getGameId();
    long last = play(created, 8);
    sameViews(seat(created, 2), id, last, true, false, false);
  }

  @Test
  void morrisPointsChangeInPlace() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_MORRIS, "nine");
    String id = created.getGame().getGameId();
    long last = play(created, 10);
    sameViews(client.as(""), id, last, false, true, false);
  }

  @Test
  void battleshipSeatBoardsChangeInPlace() throws Exception {
    CreateGameResponse created = battleship();
    String id = created.getGame().getGameId();
    long last = client.getGame(id).getSeq();
    sameViews(seat(created, 1), id, last, false, false, true);
    sameViews(client.as(""), id, last, false, false, true);
  }

  private static int port() {
    return Integer.parseInt(server.address.substring(server.address.lastIndexOf(':') + 1));
  }

  @Test
  void aStreamWithChangesResumesWholeAfterTheConnectionDrops() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_REVERSI, "othello");
    String id = created.getGame().getGameId();
    play(created, 4);
    try (CuttableProxy proxy = new CuttableProxy(port()); TabulaClient spectator = TabulaClient.builder(proxy.address()).build()) {
      List<StreamEventsResponse> seen = new ArrayList<>();
      try (EventStream events = spectator.events(request(id, true), 5, Duration.ofMillis(20))) {
        for (long seq = 1; seq <= 13; seq++) {
          GameEvent event = events.next();
          seen.add(StreamEventsResponse.newBuilder().setEvent(event).setView(events.lastView().orElseThrow()).build());
          if (seq == 3) {
            assertTrue(proxy.cut() > 0, "no connection went through the proxy");
            assertEquals(13, play(created, 8));
          }
        }
      }
      assertEquals(follow(client, request(id, false), 13), seen);
    }
  }

  @Test
  void anAsyncStreamWithChangesResumesWholeAfterTheConnectionDrops() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_REVERSI, "othello");
    String id = created.getGame().getGameId();
    play(created, 4);
    try (CuttableProxy proxy = new CuttableProxy(port()); TabulaClient spectator = TabulaClient.builder(proxy.address()).build()) {
      Collector received = new Collector();
      try (AsyncEventStream stream = spectator.async().events(request(id, true), 5, Duration.ofMillis(20), received)) {
        received.await(stream, 5);
        assertTrue(proxy.cut() > 0, "no connection went through the proxy");
        assertEquals(13, play(created, 8));
        received.await(stream, 13);
      }
      assertEquals(follow(client, request(id, false), 13), received.items);
    }
  }

  /** The responses an asynchronous stream delivers, and its error should it fail. */
  private static final class Collector implements StreamObserver<StreamEventsResponse> {
    final List<StreamEventsResponse> items = new CopyOnWriteArrayList<>();
    final CompletableFuture<Void> ended = new CompletableFuture<>();

    @Override
    public void onNext(StreamEventsResponse item) {
      items.add(item);
    }

    @Override
    public void onError(Throwable error) {
      ended.completeExceptionally(error);
    }

    @Override
    public void onCompleted() {
      ended.complete(null);
    }

    /** Waits until {@code stream} delivered {@code count} responses; fails should it end first. */
    void await(AsyncEventStream stream, long count) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (items.size() < count) {
        if (ended.isDone()) {
          ended.get(); // throws the stream's error
          throw new AssertionError("the stream ended after " + items.size() + " responses");
        }
        assertTrue(System.nanoTime() < deadline, "only " + items.size() + " responses of " + count + " at seq " + stream.lastSeq());
        Thread.sleep(5);
      }
    }
  }
}
