package dev.tabula.client;

import dev.tabula.v1.Capture;
import dev.tabula.v1.Cell;
import dev.tabula.v1.Draw;
import dev.tabula.v1.DrawAction;
import dev.tabula.v1.Fleet;
import dev.tabula.v1.GridShift;
import dev.tabula.v1.Location;
import dev.tabula.v1.Move;
import dev.tabula.v1.Orientation;
import dev.tabula.v1.Pass;
import dev.tabula.v1.PieceMove;
import dev.tabula.v1.Place;
import dev.tabula.v1.Promotion;
import dev.tabula.v1.Ready;
import dev.tabula.v1.ShipPlacement;
import dev.tabula.v1.Shot;
import java.util.List;

/** Builds the {@link Move} for each kind of move, ready for {@link TabulaClient#submitMove}. */
public final class Moves {
  private Moves() {}

  /**
   * The cell at {@code row} and {@code col} of a grid board (row 0 is the top row).
   *
   * @param row the row, from 0
   * @param col the column, from 0
   * @return the cell
   */
  public static Cell cell(int row, int col) {
    return Cell.newBuilder().setRow(row).setCol(col).build();
  }

  /**
   * A location on a grid board, for {@link #move} and {@link #capture}.
   *
   * @param row the row, from 0
   * @param col the column, from 0
   * @return the place
   */
  public static Location atCell(int row, int col) {
    return Location.newBuilder().setCell(cell(row, col)).build();
  }

  /**
   * A location on a graph board (Morris), by point index.
   *
   * @param point the point's number
   * @return the place
   */
  public static Location atPoint(int point) {
    return Location.newBuilder().setPoint(point).build();
  }

  private static Move place(Place place) {
    return Move.newBuilder().setPlace(place).build();
  }

  /**
   * Puts the mover's mark on a cell (tic-tac-toe, Gomoku, Reversi, Tic-Tac-Two).
   *
   * @param row the row, from 0
   * @param col the column, from 0
   * @return the move
   */
  public static Move placeCell(int row, int col) {
    return place(Place.newBuilder().setCell(cell(row, col)).build());
  }

  /**
   * Drops a disc into a zero-based column (Connect Four).
   *
   * @param column the column, from 0 at the left
   * @return the move
   */
  public static Move drop(int column) {
    return place(Place.newBuilder().setColumn(column).build());
  }

  /**
   * Puts a piece from the mover's hand on a point (Morris).
   *
   * @param point the point's number
   * @return the move
   */
  public static Move placePoint(int point) {
    return place(Place.newBuilder().setPoint(point).build());
  }

  /**
   * One ship of a Battleship fleet: its bow (top-left cell), its length, and whether it
   * extends downwards ({@code vertical}) or to the right of the bow.
   *
   * @param row the row, from 0
   * @param col the column, from 0
   * @param length the ship's length in cells
   * @param vertical true for a ship going down from its cell, false for one going right
   * @return the ship's placement
   */
  public static ShipPlacement ship(int row, int col, int length, boolean vertical) {
    return ShipPlacement.newBuilder()
        .setBow(cell(row, col))
        .setOrientation(vertical ? Orientation.ORIENTATION_VERTICAL : Orientation.ORIENTATION_HORIZONTAL)
        .setLength(length)
        .build();
  }

  /**
   * Places one ship (Battleship).
   *
   * @param ship the ship
   * @return the move
   */
  public static Move placeShip(ShipPlacement ship) {
    return place(Place.newBuilder().setShip(ship).build());
  }

  /**
   * Places a whole fleet at once (Battleship).
   *
   * @param ships the ships
   * @return the move
   */
  public static Move placeFleet(List<ShipPlacement> ships) {
    return place(Place.newBuilder().setFleet(Fleet.newBuilder().addAllShips(ships)).build());
  }

  /**
   * Places a whole fleet at once (Battleship).
   *
   * @param ships the ships
   * @return the move
   */
  public static Move placeFleet(ShipPlacement... ships) {
    return placeFleet(List.of(ships));
  }

  /**
   * Moves a piece (chess, Tic-Tac-Two, Morris, peg solitaire).
   *
   * @param from where the piece is
   * @param to where it goes
   * @return the move
   */
  public static Move move(Location from, Location to) {
    return move(from, to, null, false);
  }

  /**
   * A chess pawn's move to the last rank, becoming {@code promotion} ({@code null} or
   * {@code PROMOTION_UNSPECIFIED}: none, as {@link #move(Location, Location)}).
   *
   * @param from where the piece is
   * @param to where it goes
   * @param promotion the piece a pawn becomes on the last rank ({@code null}: none)
   * @return the move
   */
  public static Move move(Location from, Location to, Promotion promotion) {
    return move(from, to, promotion, false);
  }

  /**
   * A chess move that also claims the draw (fifty-move rule or threefold repetition) the
   * position it leads to allows; {@code promotion} is {@code null} unless a pawn promotes.
   *
   * @param from where the piece is
   * @param to where it goes
   * @param promotion the piece a pawn becomes on the last rank ({@code null}: none)
   * @return the move
   */
  public static Move moveClaimingDraw(Location from, Location to, Promotion promotion) {
    return move(from, to, promotion, true);
  }

  private static Move move(Location from, Location to, Promotion promotion, boolean claimDraw) {
    PieceMove.Builder move = PieceMove.newBuilder().setFrom(from).setTo(to).setClaimDraw(claimDraw);
    if (promotion != null) {
      move.setPromotion(promotion);
    }
    return Move.newBuilder().setMove(move).build();
  }

  /**
   * Shifts Tic-Tac-Two's grid by {@code dRow} and {@code dCol}, each -1, 0 or 1.
   *
   * @param dRow the rows to shift by (negative: up)
   * @param dCol the columns to shift by (negative: left)
   * @return the move
   */
  public static Move gridShift(int dRow, int dCol) {
    return Move.newBuilder().setGridShift(GridShift.newBuilder().setDRow(dRow).setDCol(dCol)).build();
  }

  /**
   * Removes an opponent's piece after a mill (Morris).
   *
   * @param at the piece to capture
   * @return the move
   */
  public static Move capture(Location at) {
    return Move.newBuilder().setCapture(Capture.newBuilder().setTarget(at)).build();
  }

  /**
   * Fires at a cell of the opponent's ocean (Battleship).
   *
   * @param row the row, from 0
   * @param col the column, from 0
   * @return the move
   */
  public static Move shot(int row, int col) {
    return Move.newBuilder().setShot(Shot.newBuilder().setTarget(cell(row, col))).build();
  }

  /**
   * Gives up the turn where the rules allow it (Reversi).
   *
   * @return the move
   */
  public static Move pass() {
    return Move.newBuilder().setPass(Pass.getDefaultInstance()).build();
  }

  /**
   * Confirms a completed setup (Battleship: the fleet is placed).
   *
   * @return the move
   */
  public static Move ready() {
    return Move.newBuilder().setReady(Ready.getDefaultInstance()).build();
  }

  /**
   * Offers, accepts, declines or claims a draw (chess).
   *
   * @param action offer, accept or decline
   * @return the move
   */
  public static Move draw(DrawAction action) {
    return Move.newBuilder().setDraw(Draw.newBuilder().setAction(action)).build();
  }
}
