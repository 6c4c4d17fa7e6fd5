package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.BoardCell;
import dev.tabula.v1.Cell;
import dev.tabula.v1.CellChange;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GraphBoard;
import dev.tabula.v1.GraphPoint;
import dev.tabula.v1.GridBoard;
import dev.tabula.v1.LastMove;
import dev.tabula.v1.Piece;
import dev.tabula.v1.PointChange;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.View;
import dev.tabula.v1.ViewChange;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ViewChanges#applyViewChange} on hand-made changes, as the reference implementation's
 * tests make them, and its refusals; then event streams with {@code view_changes} from a
 * stand-in server: whole views out of changes, across a resumed call, and the end of a stream
 * whose change does not apply. Offline.
 */
@Timeout(30)
class ViewChangesTest {
  private static BoardCell mark(int owner) {
    return BoardCell.newBuilder().setOwner(owner).setPiece(Piece.PIECE_MARK).build();
  }

  /** A width x height grid labelled a, b, c, with {@code marks} as (cell index, owner) pairs. */
  private static GridBoard grid(int width, int height, int... marks) {
    GridBoard.Builder board = GridBoard.newBuilder().setWidth(width).setHeight(height).addAllColumnLabels(List.of("a", "b", "c"));
    for (int i = 0; i < width * height; i++) {
      board.addCells(BoardCell.getDefaultInstance());
    }
    for (int i = 0; i < marks.length; i += 2) {
      board.setCells(marks[i], mark(marks[i + 1]));
    }
    return board.build();
  }

  private static GraphBoard graph(int... occupants) {
    GraphBoard.Builder graph = GraphBoard.newBuilder().setWidth(occupants.length).setHeight(1);
    for (int x = 0; x < occupants.length; x++) {
      graph.addPoints(GraphPoint.newBuilder().setX(x).setOccupant(occupants[x]).setLabel("p" + x));
    }
    return graph.build();
  }

  private static CellChange cell(int seatBoard, int row, int col, BoardCell content) {
    return CellChange.newBuilder().setSeatBoard(seatBoard).setCell(Cell.newBuilder().setRow(row).setCol(col)).setContent(content).build();
  }

  private static PointChange point(int point, int occupant) {
    return PointChange.newBuilder().setPoint(point).setOccupant(occupant).build();
  }

  @Test
  void aMoveChangesOneCellAndAppliesBackToTheLaterView() {
    View earlier = View.newBuilder().setSeq(3).addToAct(1).setBoard(grid(3, 2, 0, 1))
        .setLastMove(LastMove.newBuilder().setSeat(1)).build();
    View later = View.newBuilder().setSeq(4).addToAct(2).setBoard(grid(3, 2, 0, 1, 5, 2)).build();
    ViewChange change = ViewChange.newBuilder()
        .setView(later.toBuilder().clearBoard())
        .addCells(cell(0, 1, 2, mark(2)))
        .build();
    assertEquals(later, ViewChanges.applyViewChange(earlier, change));
    assertFalse(ViewChanges.applyViewChange(earlier, change).hasLastMove(), "every field but the boards is the change's, whole");
    assertEquals(View.newBuilder().setSeq(3).addToAct(1).setBoard(grid(3, 2, 0, 1))
        .setLastMove(LastMove.newBuilder().setSeat(1)).build(), earlier, "the earlier view is left as it was");
  }

  @Test
  void aBoardInTheChangeReplacesTheEarlierOneWhole() {
    View earlier = View.newBuilder().setBoard(grid(3, 2)).build();
    GridBoard relabelled = grid(3, 2, 1, 1).toBuilder().setColumnLabels(0, "z").build();
    View later = View.newBuilder().setBoard(relabelled).build();
    assertEquals(later, ViewChanges.applyViewChange(earlier, ViewChange.newBuilder().setView(later).build()));

    // The seat boards likewise, all of them: their number changed.
    View seats = View.newBuilder().addSeatBoards(grid(2, 2)).build();
    View more = View.newBuilder().addSeatBoards(grid(2, 2, 0, 1)).addSeatBoards(grid(2, 2)).build();
    assertEquals(more, ViewChanges.applyViewChange(seats, ViewChange.newBuilder().setView(more).build()));
  }

  @Test
  void seatBoardsAndGraphPointsChangeInPlace() {
    View earlier = View.newBuilder().addSeatBoards(grid(2, 2)).addSeatBoards(grid(2, 2, 3, 2)).setGraph(graph(0, 1, 0)).build();
    View later = View.newBuilder().addSeatBoards(grid(2, 2, 2, 1)).addSeatBoards(grid(2, 2, 3, 2)).setGraph(graph(2, 0, 0)).build();
    ViewChange change = ViewChange.newBuilder()
        .setView(View.getDefaultInstance())
        .addCells(cell(1, 1, 0, mark(1)))
        .addPoints(point(0, 2))
        .addPoints(point(1, 0))
        .build();
    assertEquals(later, ViewChanges.applyViewChange(earlier, change));
  }

  @Test
  void aChangeMadeFromAnotherViewIsRefused() {
    View earlier = View.newBuilder().setBoard(grid(3, 2)).build();
    ViewChange.Builder far = ViewChange.newBuilder().setView(View.getDefaultInstance());
    assertRefused("cell (2, 0), off board 0", earlier, far.clone().addCells(cell(0, 2, 0, BoardCell.getDefaultInstance())).build());
    assertRefused("cell (0, 3), off board 0", earlier, far.clone().addCells(cell(0, 0, 3, mark(1))).build());
    assertRefused("board 2", earlier, far.clone().addCells(cell(2, 0, 0, mark(1))).build());
    assertRefused("board 1", earlier, far.clone().addCells(cell(1, 0, 0, mark(1))).build());
    assertRefused("board 0", View.getDefaultInstance(), far.clone().addCells(cell(0, 0, 0, mark(1))).build());
    assertRefused("no view", earlier, ViewChange.getDefaultInstance());
    assertRefused("point 0", earlier, far.clone().addPoints(point(0, 1)).build());
    assertRefused("point 3", View.newBuilder().setGraph(graph(0, 0, 0)).build(), far.clone().addPoints(point(3, 1)).build());

    // Numbers are unsigned 32-bit: the largest is a board, a cell and a point like any other.
    assertRefused("board 4294967295", earlier, far.clone().addCells(cell(-1, 0, 0, mark(1))).build());
    assertRefused("cell (4294967295, 0)", earlier, far.clone().addCells(cell(0, -1, 0, mark(1))).build());
    assertRefused("point 4294967295", View.newBuilder().setGraph(graph(0)).build(), far.clone().addPoints(point(-1, 1)).build());
    // A board with fewer cells than its size says has no cell beyond them.
    View shortBoard = View.newBuilder().setBoard(grid(3, 2).toBuilder().removeCells(5)).build();
    assertRefused("cell (1, 2), off board 0", shortBoard, far.clone().addCells(cell(0, 1, 2, mark(1))).build());

    assertThrows(NullPointerException.class, () -> ViewChanges.applyViewChange(null, far.build()));
    assertThrows(NullPointerException.class, () -> ViewChanges.applyViewChange(earlier, null));
  }

  private static void assertRefused(String named, View earlier, ViewChange change) {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> ViewChanges.applyViewChange(earlier, change));
    assertTrue(refused.getMessage().contains(named), refused.getMessage() + " does not name " + named);
  }

  // ---- Streams with view_changes, from a stand-in server.

  /** The views of seqs 1 to 4 of a game on a 3x2 board: one more mark each. */
  private static View viewAt(int seq) {
    int[] marks = new int[2 * (seq - 1)];
    for (int i = 0; i < seq - 1; i++) {
      marks[2 * i] = i;
      marks[2 * i + 1] = 1 + i % 2;
    }
    return View.newBuilder().setGameId("g").setSeq(seq).addToAct(1 + seq % 2).setMoveCount(seq - 1).setBoard(grid(3, 2, marks)).build();
  }

  private static GameEvent event(int seq) {
    return GameEvent.newBuilder().setSeq(seq).build();
  }

  /** The message of {@code seq} carrying its view whole. */
  private static StreamEventsResponse whole(int seq) {
    return StreamEventsResponse.newBuilder().setEvent(event(seq)).setView(viewAt(seq)).build();
  }

  /** The message of {@code seq} carrying what changed since seq - 1: the mark on cell seq - 2. */
  private static StreamEventsResponse changed(int seq) {
    int index = seq - 2;
    ViewChange change = ViewChange.newBuilder()
        .setView(viewAt(seq).toBuilder().clearBoard())
        .addCells(cell(0, index / 3, index % 3, mark(1 + index % 2)))
        .build();
    return StreamEventsResponse.newBuilder().setEvent(event(seq)).setViewChange(change).build();
  }

  /** A stand-in whose n-th StreamEvents call (from 0) sends {@code calls.get(n)}, then fails UNAVAILABLE, but the last ends the stream. */
  private static Games.StandIn standIn(List<StreamEventsRequest> requests, List<List<StreamEventsResponse>> calls) throws Exception {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void streamEvents(StreamEventsRequest request, StreamObserver<StreamEventsResponse> observer) {
        int call = requests.size();
        requests.add(request);
        calls.get(call).forEach(observer::onNext);
        if (call + 1 < calls.size()) {
          observer.onError(Status.UNAVAILABLE.withDescription("the connection dropped").asRuntimeException());
        } else {
          observer.onCompleted();
        }
      }
    });
  }

  private static StreamEventsRequest viewChanges() {
    return StreamEventsRequest.newBuilder().setGameId("g").setViewChanges(true).build();
  }

  /** The views a blocking stream with view_changes hands out, and how it ended (empty: normally). */
  private static Optional<TabulaException> followBlocking(TabulaClient client, List<Optional<View>> views) {
    try (EventStream events = client.events(viewChanges(), 5, Duration.ofMillis(10))) {
      while (events.hasNext()) {
        GameEvent event = events.next();
        assertEquals(event.getSeq(), events.lastSeq());
        views.add(events.lastView());
      }
      return Optional.empty();
    } catch (TabulaException failure) {
      return Optional.of(failure);
    }
  }

  /** The responses an asynchronous stream with view_changes delivers, once it has ended (with its error, if any). */
  private static Optional<Throwable> followAsync(TabulaClient client, List<StreamEventsResponse> received) throws Exception {
    CompletableFuture<Optional<Throwable>> ended = new CompletableFuture<>();
    try (AsyncEventStream stream = client.async().events(viewChanges(), 5, Duration.ofMillis(10), new StreamObserver<>() {
      @Override
      public void onNext(StreamEventsResponse response) {
        received.add(response);
      }

      @Override
      public void onError(Throwable error) {
        ended.complete(Optional.of(error));
      }

      @Override
      public void onCompleted() {
        ended.complete(Optional.empty());
      }
    })) {
      Optional<Throwable> end = ended.get(10, TimeUnit.SECONDS);
      stream.done().handle((done, error) -> null).get(10, TimeUnit.SECONDS); // done() ends too
      return end;
    }
  }

  private static void bothClients(List<List<StreamEventsResponse>> calls, Consumer<Optional<TabulaException>> blocking,
      Consumer<Optional<Throwable>> async, List<Long> afterSeqs) throws Exception {
    for (boolean isAsync : new boolean[] {false, true}) {
      List<StreamEventsRequest> requests = new CopyOnWriteArrayList<>();
      try (Games.StandIn standIn = standIn(requests, calls); TabulaClient client = standIn.client()) {
        if (isAsync) {
          List<StreamEventsResponse> received = new CopyOnWriteArrayList<>();
          Optional<Throwable> end = followAsync(client, received);
          for (StreamEventsResponse response : received) {
            assertFalse(response.hasViewChange(), "a change handed out: " + response);
            assertEquals(viewAt((int) response.getEvent().getSeq()), response.getView());
          }
          assertEquals(seqsUpTo(received.size()), received.stream().map(r -> r.getEvent().getSeq()).toList());
          async.accept(end);
        } else {
          List<Optional<View>> views = new ArrayList<>();
          Optional<TabulaException> end = followBlocking(client, views);
          for (int i = 0; i < views.size(); i++) {
            assertEquals(Optional.of(viewAt(i + 1)), views.get(i), "the view of seq " + (i + 1));
          }
          blocking.accept(end);
        }
      }
      assertEquals(afterSeqs, requests.stream().map(StreamEventsRequest::getAfterSeq).toList(), "the calls' after_seq");
      assertTrue(requests.stream().allMatch(StreamEventsRequest::getViewChanges), "a call without view_changes");
    }
  }

  private static List<Long> seqsUpTo(int last) {
    List<Long> seqs = new ArrayList<>();
    for (long seq = 1; seq <= last; seq++) {
      seqs.add(seq);
    }
    return seqs;
  }

  @Test
  void aStreamHandsOutWholeViewsAndAResumedCallStartsWhole() throws Exception {
    // The first call sends seqs 1 (whole) and 2 (a change), then the connection drops; the
    // resumed one, after seq 2, sends 3 whole again and 4 as a change.
    List<List<StreamEventsResponse>> calls = List.of(List.of(whole(1), changed(2)), List.of(whole(3), changed(4)));
    bothClients(calls,
        end -> assertEquals(Optional.empty(), end),
        end -> assertEquals(Optional.empty(), end),
        List.of(0L, 2L));
  }

  private static void assertDataLoss(Throwable failure, long seq, String named) {
    TabulaException error = assertInstanceOf(TabulaException.class, failure);
    assertEquals(Status.Code.DATA_LOSS, error.getCode(), error.toString());
    assertEquals(TabulaException.VIEW_CHANGE_MISMATCH, error.getReason());
    assertTrue(error.getMessage().startsWith("the event stream of game g sent a view change with seq " + seq + " "), error.getMessage());
    assertTrue(error.getMessage().contains(named), error.getMessage());
    assertInstanceOf(IllegalArgumentException.class, error.getCause());
  }

  @Test
  void aChangeThatDoesNotApplyEndsTheStream() throws Exception {
    ViewChange offBoard = ViewChange.newBuilder().setView(viewAt(3).toBuilder().clearBoard()).addCells(cell(0, 2, 0, mark(1))).build();
    StreamEventsResponse third = StreamEventsResponse.newBuilder().setEvent(event(3)).setViewChange(offBoard).build();
    bothClients(List.of(List.of(whole(1), changed(2), third, changed(4))),
        end -> assertDataLoss(end.orElseThrow(), 3, "cell (2, 0)"),
        end -> assertDataLoss(end.orElseThrow(), 3, "cell (2, 0)"),
        List.of(0L));
  }

  @Test
  void aResumedCallThatStartsWithAChangeIsRefused() throws Exception {
    // The change of seq 3 would apply to the view of seq 2, but a new call holds no view.
    bothClients(List.of(List.of(whole(1), changed(2)), List.of(changed(3), changed(4))),
        end -> assertDataLoss(end.orElseThrow(), 3, "before any view"),
        end -> assertDataLoss(end.orElseThrow(), 3, "before any view"),
        List.of(0L, 2L));
  }
}
