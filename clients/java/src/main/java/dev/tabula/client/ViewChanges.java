package dev.tabula.client;

import dev.tabula.v1.CellChange;
import dev.tabula.v1.GraphBoard;
import dev.tabula.v1.GridBoard;
import dev.tabula.v1.PointChange;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.View;
import dev.tabula.v1.ViewChange;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Views sent as changes ({@code StreamEventsRequest.view_changes}): a {@link ViewChange}
 * applied to the view it was made from gives the later view whole.
 *
 * <p>An event stream opened with {@code view_changes} applies the changes itself (see
 * {@link TabulaClient#events(StreamEventsRequest)}), so its reader gets whole views; this is
 * for a caller of the generated stub.
 */
public final class ViewChanges {
  private ViewChanges() {}

  /**
   * {@code view} with {@code change} applied: the later view the change was made to. Every
   * field of {@code change.getView()} but the boards replaces {@code view}'s; a board
   * ({@code board}, {@code graph}, {@code seat_boards}) present in it replaces {@code view}'s
   * whole, an absent one is {@code view}'s with the change's cells (on {@code board} for
   * {@code seat_board} 0, else on the seat board of that seat) and points applied. Neither
   * argument is modified.
   *
   * <pre>{@code
   * View held = first.getView();                                   // the stream's first message
   * View next = ViewChanges.applyViewChange(held, later.getViewChange()); // each one after it
   * }</pre>
   *
   * @throws IllegalArgumentException when the change carries no view, or names a board, a
   *     cell or a point {@code view} does not have: it was not made from {@code view}
   * @throws NullPointerException when an argument is null
   *
   * @param view the view
   * @param change the change
   * @return the game as this caller sees it
   */
  public static View applyViewChange(View view, ViewChange change) {
    Objects.requireNonNull(view, "view");
    Objects.requireNonNull(change, "change");
    if (!change.hasView()) {
      throw new IllegalArgumentException("the change carries no view");
    }
    View.Builder later = change.getView().toBuilder();
    if (!later.hasBoard() && view.hasBoard()) {
      later.setBoard(view.getBoard());
    }
    if (later.getSeatBoardsCount() == 0) {
      later.addAllSeatBoards(view.getSeatBoardsList());
    }
    for (CellChange cell : change.getCellsList()) {
      long seatBoard = Integer.toUnsignedLong(cell.getSeatBoard());
      GridBoard.Builder board;
      if (seatBoard == 0) {
        if (!later.hasBoard()) {
          throw noSuchBoard(seatBoard);
        }
        board = later.getBoardBuilder();
      } else {
        if (seatBoard > later.getSeatBoardsCount()) {
          throw noSuchBoard(seatBoard);
        }
        board = later.getSeatBoardsBuilder((int) (seatBoard - 1));
      }
      long row = Integer.toUnsignedLong(cell.getCell().getRow());
      long col = Integer.toUnsignedLong(cell.getCell().getCol());
      long width = Integer.toUnsignedLong(board.getWidth());
      long height = Integer.toUnsignedLong(board.getHeight());
      long cells = board.getCellsCount();
      // On the board, and its index row * width + col among the cells (computed without overflow).
      boolean on = row < height && col < width && col < cells && row <= (cells - 1 - col) / width;
      if (!on) {
        throw new IllegalArgumentException(
            "the change names cell (" + row + ", " + col + "), off board " + seatBoard + " of the earlier view");
      }
      board.setCells((int) (row * width + col), cell.getContent());
    }
    if (!later.hasGraph() && view.hasGraph()) {
      later.setGraph(view.getGraph());
    }
    for (PointChange point : change.getPointsList()) {
      long index = Integer.toUnsignedLong(point.getPoint());
      if (!later.hasGraph() || index >= later.getGraph().getPointsCount()) {
        throw new IllegalArgumentException("the change names point " + index + ", which the earlier view's graph does not have");
      }
      GraphBoard.Builder graph = later.getGraphBuilder();
      graph.getPointsBuilder((int) index).setOccupant(point.getOccupant());
    }
    return later.build();
  }

  private static IllegalArgumentException noSuchBoard(long seatBoard) {
    return new IllegalArgumentException("the change names board " + seatBoard + ", which the earlier view does not have");
  }

  /**
   * What one call of a game's event stream opened with {@code view_changes} does to its
   * responses, in order: a response with a view is kept and its view held; one with a change
   * gets the held view with the change applied as its view, and no change. So each response
   * reads as with {@code include_views}. A call starts with no view held (its first message
   * carries its view whole, a resumed call's too); a change that does not apply ends the
   * stream named {@code stream} with a {@link TabulaException}.
   */
  static UnaryOperator<StreamEventsResponse> wholeViews(String stream) {
    return new UnaryOperator<>() {
      private View held;

      @Override
      public StreamEventsResponse apply(StreamEventsResponse response) {
        if (response.hasView()) {
          held = response.getView();
          return response.hasViewChange() ? response.toBuilder().clearViewChange().build() : response;
        }
        if (!response.hasViewChange()) {
          held = null; // a message without a view: nothing a change after it could apply to
          return response;
        }
        long seq = response.getEvent().getSeq();
        if (held == null) {
          throw TabulaException.viewChangeRefused(stream, seq,
              new IllegalArgumentException("a view change came before any view on this call"));
        }
        try {
          held = applyViewChange(held, response.getViewChange());
        } catch (IllegalArgumentException refused) {
          held = null;
          throw TabulaException.viewChangeRefused(stream, seq, refused);
        }
        return response.toBuilder().clearViewChange().setView(held).build();
      }
    };
  }
}
