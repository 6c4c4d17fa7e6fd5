package dev.tabula.client;

import static dev.tabula.client.Games.at;
import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.BoardCell;
import dev.tabula.v1.ConnectFourConfig;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.Piece;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.TakeBackResponse;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Past views ({@link TabulaClient#getView(String, long)}) and takebacks in every game
 * ({@code GameConfig.allow_takebacks}) against a real server.
 */
@Timeout(60)
class PastViewsTest extends Games.Live {
  private static boolean empty(BoardCell cell) {
    return cell.getOwner() == 0 && cell.getPiece() == Piece.PIECE_UNSPECIFIED;
  }

  /** A classic Connect Four game where seats 1, 2, 1 dropped in columns 3, 3, 4 (seqs 2 to 4). */
  private static CreateGameResponse threeDrops() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
    String id = created.getGame().getGameId();
    seat(created, 1).submitMove(id, Moves.drop(3));
    seat(created, 2).submitMove(id, Moves.drop(3));
    seat(created, 1).submitMove(id, Moves.drop(4));
    assertEquals(4, client.getGame(id).getSeq());
    return created;
  }

  /** The views the stream with include_views carried with events 1 to {@code last}, in order. */
  private static List<View> streamedViews(TabulaClient reader, String id, int last) {
    List<View> views = new ArrayList<>();
    StreamEventsRequest request = StreamEventsRequest.newBuilder().setGameId(id).setIncludeViews(true).build();
    try (EventStream stream = reader.events(request)) {
      for (int seq = 1; seq <= last; seq++) {
        assertEquals(seq, stream.next().getSeq());
        views.add(stream.lastView().orElseThrow(() -> new AssertionError("an event came without a view")));
      }
    }
    return views;
  }

  @Test
  void aPastViewIsTheGameRightAfterThatEvent() {
    CreateGameResponse created = threeDrops();
    String id = created.getGame().getGameId();
    TabulaClient spectator = client.as("");

    View second = spectator.getView(id, 2);
    assertEquals(2, second.getSeq());
    assertEquals(1, second.getMoveCount());
    assertEquals(List.of(2), second.getToActList());
    assertEquals(1, at(second.getBoard(), 5, 3).getOwner(), "seat 1's disc at the bottom of column 3");
    assertNotEquals(Piece.PIECE_UNSPECIFIED, at(second.getBoard(), 5, 3).getPiece());
    assertEquals(1, second.getBoard().getCellsList().stream().filter(cell -> !empty(cell)).count(), "one disc: " + second.getBoard());

    View first = spectator.getView(id, 1);
    assertEquals(1, first.getSeq());
    assertEquals(0, first.getMoveCount());
    assertEquals(List.of(1), first.getToActList());
    assertEquals(42, first.getBoard().getCellsCount());
    assertTrue(first.getBoard().getCellsList().stream().allMatch(PastViewsTest::empty), "the empty board: " + first.getBoard());
    assertFalse(first.hasLastMove());

    View now = spectator.getView(id);
    assertEquals(now, spectator.getView(id, 4), "the newest seq is the view now");
    assertEquals(3, now.getMoveCount());

    // The asynchronous client answers the same.
    TabulaAsyncClient async = spectator.async();
    assertEquals(second, async.getView(id, 2).join());
    assertEquals(now, async.getView(id).join());
  }

  @Test
  void pastViewsAreTheViewsTheStreamCarried() {
    CreateGameResponse created = threeDrops();
    String id = created.getGame().getGameId();
    TabulaClient spectator = client.as("");
    TabulaClient red = seat(created, 1);

    List<View> watched = streamedViews(spectator, id, 4);
    List<View> played = streamedViews(red, id, 4);
    for (int seq = 1; seq <= 4; seq++) {
      View asSpectator = spectator.getView(id, seq);
      View asSeat = red.getView(id, seq);
      assertEquals(watched.get(seq - 1), asSpectator, "a spectator at seq " + seq);
      assertEquals(played.get(seq - 1), asSeat, "seat 1 at seq " + seq);
      assertEquals(seq, asSpectator.getSeq());
      assertEquals(0, asSpectator.getViewerSeat());
      assertEquals(1, asSeat.getViewerSeat());
    }
  }

  @Test
  void aClockChangeIsAnEventButNotAMove() {
    GameConfig clocked = GameConfig.newBuilder().setConnectFour(ConnectFourConfig.getDefaultInstance()).build();
    CreateGameResponse created = client.createGameFromConfig(clocked,
        CreateOptions.defaults().withClock(Clocks.fischer(Duration.ofMinutes(5), Duration.ZERO)));
    String id = created.getGame().getGameId();
    seat(created, 1).submitMove(id, Moves.drop(3));
    View paused = client.pauseClock(id);
    assertEquals(3, paused.getSeq());

    View before = client.getView(id, 2);
    View atPause = client.getView(id, 3);
    assertEquals(3, atPause.getSeq());
    assertEquals(before.getBoard(), atPause.getBoard(), "the board of the move before the pause");
    assertEquals(before.getMoveCount(), atPause.getMoveCount());
    assertFalse(before.getClock().getPaused());
    assertTrue(atPause.getClock().getPaused(), "the clocks as they read at the pause");
    assertEquals(streamedViews(client, id, 3), List.of(client.getView(id, 1), before, atPause));
  }

  @Test
  void seqZeroAndSeqsBeyondTheLogAreOutOfRange() {
    CreateGameResponse created = threeDrops();
    String id = created.getGame().getGameId();
    refused(Status.Code.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE", () -> client.getView(id, 0));
    refused(Status.Code.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE", () -> client.getView(id, 99));
    refused(Status.Code.OUT_OF_RANGE, "SEQ_OUT_OF_RANGE", () -> seat(created, 1).getView(id, 5));

    ExecutionException failed = assertThrows(ExecutionException.class, () -> client.async().getView(id, 99).get(10, TimeUnit.SECONDS));
    TabulaException error = assertInstanceOf(TabulaException.class, failed.getCause());
    assertEquals(Status.Code.OUT_OF_RANGE, error.getCode());
    assertEquals("SEQ_OUT_OF_RANGE", error.getReason());
  }

  @Test
  void aConfigurationAllowsTakebacksInEveryGame() {
    GameConfig withTakebacks = GameConfig.newBuilder()
        .setTicTacToe(TicTacToeConfig.getDefaultInstance()).setAllowTakebacks(true).build();
    CreateGameResponse created = client.createGameFromConfig(withTakebacks);
    assertTrue(created.getGame().getConfig().getAllowTakebacks());
    String id = created.getGame().getGameId();
    TabulaClient x = seat(created, 1);
    TabulaClient o = seat(created, 2);

    x.submitMove(id, Moves.placeCell(1, 1));
    refused(Status.Code.FAILED_PRECONDITION, "NOTHING_TO_TAKE_BACK", () -> o.takeBack(id));
    TakeBackResponse back = x.takeBack(id);
    assertEquals(3, back.getSeq());
    assertEquals(0, back.getView().getMoveCount());
    assertEquals(List.of(1), back.getView().getToActList());
    assertTrue(empty(at(back.getView().getBoard(), 1, 1)));
  }

  @Test
  void aGameWithoutTheOptionRefusesTakebacks() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_GOMOKU, "standard");
    assertFalse(created.getGame().getConfig().getAllowTakebacks());
    String id = created.getGame().getGameId();
    TabulaClient black = seat(created, 1);
    black.submitMove(id, Moves.placeCell(7, 7));
    refused(Status.Code.FAILED_PRECONDITION, "TAKEBACK_NOT_ALLOWED", () -> black.takeBack(id));
    assertEquals(1, client.getView(id).getMoveCount());
  }
}
