package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tabula.v1.BattleshipConfig;
import dev.tabula.v1.BotSeat;
import dev.tabula.v1.Cell;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.EndReason;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameKindInfo;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.GridBoard;
import dev.tabula.v1.MoveApplied;
import dev.tabula.v1.GameAborted;
import dev.tabula.v1.GameAdjudicated;
import dev.tabula.v1.Outcome;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.Piece;
import dev.tabula.v1.ShipPlacement;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.SubmitMoveRequest;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class EndToEndTest {
  /** Red fills column 0 while Yellow plays column 1: Red wins on the seventh move. */
  private static final int[] RED_WINS = {0, 1, 0, 1, 0, 1, 0};

  private TestServer server;
  private final List<AutoCloseable> resources = new ArrayList<>();

  @BeforeEach
  void startServer() throws Exception {
    server = TestServer.start();
  }

  @AfterEach
  void stopEverything() throws Exception {
    for (AutoCloseable resource : resources) {
      resource.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private <T extends AutoCloseable> T closeLater(T resource) {
    resources.add(resource);
    return resource;
  }

  private TabulaClient connect(String address, String credential) {
    return closeLater(TabulaClient.builder(address).credential(credential).build());
  }

  /** A classic Connect Four game with its id and one client per seat, each on its own connection. */
  private record ConnectFour(String gameId, TabulaClient[] seats) {}

  private ConnectFour connectFour() {
    CreateGameResponse created = connect(server.address, "").createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
    assertEquals(2, created.getSeatTokensCount());
    return new ConnectFour(created.getGame().getGameId(), new TabulaClient[] {
      connect(server.address, created.getSeatTokens(0).getToken()),
      connect(server.address, created.getSeatTokens(1).getToken()),
    });
  }

  private static SubmitMoveResponse play(ConnectFour game, int from, int to) {
    SubmitMoveResponse last = null;
    for (int i = from; i < to; i++) {
      last = game.seats()[i % 2].submitMove(game.gameId(), Moves.drop(RED_WINS[i]));
    }
    return last;
  }

  /** The creation, each move once and in order, then Red's win, numbered 1, 2, ... without a gap. */
  private static void checkRedWinsHistory(List<GameEvent> events) {
    assertEquals(RED_WINS.length + 2, events.size(), "events: " + events);
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getSeq());
    }
    assertTrue(events.get(0).hasGameCreated());
    for (int i = 0; i < RED_WINS.length; i++) {
      MoveApplied applied = events.get(i + 1).getMoveApplied();
      assertEquals(i % 2 + 1, applied.getSeat());
      assertEquals(i + 1, applied.getMoveNumber());
      assertEquals(RED_WINS[i], applied.getMove().getPlace().getColumn());
    }
    Outcome outcome = events.get(events.size() - 1).getGameEnded().getOutcome();
    assertEquals(1, outcome.getWinner());
    assertEquals(EndReason.END_REASON_LINE, outcome.getReason());
  }

  @Test
  void connectFourToAWinWhileASpectatorStreams() throws Exception {
    ConnectFour game = connectFour();
    TabulaClient spectator = connect(server.address, "");
    EventStream stream = closeLater(spectator.events(game.gameId(), 0));
    CompletableFuture<List<GameEvent>> seen = CompletableFuture.supplyAsync(() -> stream.stream().toList());

    Outcome outcome = play(game, 0, RED_WINS.length).getView().getOutcome();

    assertEquals(OutcomeType.OUTCOME_TYPE_WIN, outcome.getType());
    assertEquals(1, outcome.getWinner());
    assertEquals(4, outcome.getWinningLineCount());
    for (Cell cell : outcome.getWinningLineList()) {
      assertEquals(0, cell.getCol());
    }
    checkRedWinsHistory(seen.get(20, TimeUnit.SECONDS));
    Game finished = spectator.getGame(game.gameId());
    assertEquals(GameStatus.GAME_STATUS_FINISHED, finished.getStatus());
    assertEquals(7, finished.getMoveCount());
    assertEquals(9, finished.getSeq());
  }

  /** An event with the view that came with it. */
  private record Delivered(GameEvent event, Optional<View> view) {}

  /** Every event left in the stream, each with {@link EventStream#lastView} just after it. */
  private static List<Delivered> drain(EventStream stream) {
    List<Delivered> delivered = new ArrayList<>();
    while (stream.hasNext()) {
      GameEvent event = stream.next();
      delivered.add(new Delivered(event, stream.lastView()));
    }
    return delivered;
  }

  private static StreamEventsRequest withViews(String gameId) {
    return StreamEventsRequest.newBuilder().setGameId(gameId).setIncludeViews(true).build();
  }

  /** Each event came with the view of its seq, and the last view is what getView answers now. */
  private static void checkViews(List<Delivered> delivered, View now) {
    for (Delivered item : delivered) {
      View view = item.view().orElseThrow(() -> new AssertionError("event " + item.event().getSeq() + " came without a view"));
      assertEquals(item.event().getSeq(), view.getSeq());
    }
    assertEquals(now, delivered.get(delivered.size() - 1).view().orElseThrow());
  }

  @Test
  void eventsWithViewsCarryTheGameAfterEachEvent() throws Exception {
    ConnectFour game = connectFour();
    TabulaClient spectator = connect(server.address, "");
    EventStream stream = closeLater(spectator.events(withViews(game.gameId())));
    CompletableFuture<List<Delivered>> seen = CompletableFuture.supplyAsync(() -> drain(stream));

    play(game, 0, RED_WINS.length);

    List<Delivered> delivered = seen.get(20, TimeUnit.SECONDS);
    checkRedWinsHistory(delivered.stream().map(Delivered::event).toList());
    checkViews(delivered, spectator.getView(game.gameId()));
    List<Integer> moveCounts = delivered.stream().map(item -> item.view().orElseThrow().getMoveCount()).toList();
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 7), moveCounts);
    assertEquals(1, delivered.get(delivered.size() - 1).view().orElseThrow().getOutcome().getWinner());

    // Without include_views no view arrives.
    try (EventStream bare = spectator.events(game.gameId(), 0)) {
      List<Delivered> plain = drain(bare);
      assertEquals(9, plain.size());
      assertTrue(plain.stream().allMatch(item -> item.view().isEmpty()), "a view nobody asked for");
    }
  }

  @Test
  void eventsWithViewsResumeAfterTheConnectionDrops() throws Exception {
    ConnectFour game = connectFour();
    CuttableProxy proxy = closeLater(new CuttableProxy(Integer.parseInt(server.address.substring(server.address.lastIndexOf(':') + 1))));
    TabulaClient spectator = connect(proxy.address(), "");

    play(game, 0, 2);
    List<Delivered> delivered = new ArrayList<>();
    try (EventStream stream = spectator.events(withViews(game.gameId()), 5, Duration.ofMillis(20))) {
      while (stream.hasNext()) {
        GameEvent event = stream.next();
        delivered.add(new Delivered(event, stream.lastView()));
        if (event.getSeq() == 3) {
          assertTrue(proxy.cut() > 0, "no connection went through the proxy");
          play(game, 2, RED_WINS.length);
        }
      }
    }
    checkRedWinsHistory(delivered.stream().map(Delivered::event).toList());
    checkViews(delivered, connect(server.address, "").getView(game.gameId()));
  }

  private static TabulaException assertRefused(Status.Code code, String reason, Runnable call) {
    TabulaException error = assertThrows(TabulaException.class, call::run);
    assertEquals(code, error.getCode(), error.toString());
    assertEquals(reason, error.getReason(), error.toString());
    assertFalse(error.getMessage().isEmpty());
    return error;
  }

  @Test
  void illegalMovesFailWithCodeAndReason() {
    ConnectFour game = connectFour();
    TabulaClient red = game.seats()[0];
    TabulaClient yellow = game.seats()[1];
    String id = game.gameId();

    TabulaException notYourTurn = assertRefused(Status.Code.FAILED_PRECONDITION, "NOT_YOUR_TURN",
        () -> yellow.submitMove(id, Moves.drop(3)));
    assertEquals("1", notYourTurn.getMetadata().get("current_seq"));
    assertEquals(ErrorReason.ERROR_REASON_NOT_YOUR_TURN, notYourTurn.getReasonCode());

    assertRefused(Status.Code.FAILED_PRECONDITION, "OUT_OF_BOUNDS", () -> red.submitMove(id, Moves.drop(7)));
    assertRefused(Status.Code.FAILED_PRECONDITION, "MOVE_KIND_NOT_ALLOWED", () -> red.submitMove(id, Moves.shot(0, 0)));
    assertRefused(Status.Code.PERMISSION_DENIED, "SEAT_REQUIRED", () -> red.as("").submitMove(id, Moves.drop(3)));
    assertRefused(Status.Code.UNAUTHENTICATED, "INVALID_CREDENTIAL", () -> red.as("not-a-token").submitMove(id, Moves.drop(3)));
    assertRefused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> red.getView("no-such-game"));

    // A refused move changes nothing: Red still moves first, at seq 1.
    SubmitMoveRequest.Builder first = SubmitMoveRequest.newBuilder().setGameId(id).setMove(Moves.drop(3)).setExpectedSeq(1);
    assertEquals(2, red.submitMove(first.build()).getSeq());
    assertRefused(Status.Code.ABORTED, "STALE_SEQ", () -> yellow.submitMove(first.build()));
  }

  private static int count(GridBoard board, Piece piece) {
    return (int) board.getCellsList().stream().filter(cell -> cell.getPiece() == piece).count();
  }

  private static Piece pieceAt(GridBoard board, int row, int col) {
    return board.getCells(row * board.getWidth() + col).getPiece();
  }

  @Test
  void battleshipSeatViewsHideTheOtherFleet() {
    CreateGameResponse created = connect(server.address, "")
        .createGameFromConfig(GameConfig.newBuilder().setBattleship(BattleshipConfig.getDefaultInstance()).build());
    String id = created.getGame().getGameId();
    TabulaClient[] seats = {
      connect(server.address, created.getSeatTokens(0).getToken()),
      connect(server.address, created.getSeatTokens(1).getToken()),
    };
    TabulaClient spectator = connect(server.address, "");

    // Seat 1's ships lie along even rows from the left edge; seat 2's down even columns from the top.
    int[] lengths = {5, 4, 3, 3, 2};
    for (int seat = 0; seat < 2; seat++) {
      List<ShipPlacement> fleet = new ArrayList<>();
      for (int i = 0; i < lengths.length; i++) {
        fleet.add(seat == 0
            ? Moves.ship(2 * i, 0, lengths[i], false)
            : Moves.ship(0, 2 * i, lengths[i], true));
      }
      seats[seat].submitMove(id, Moves.placeFleet(fleet));
    }
    seats[0].submitMove(id, Moves.ready());
    seats[1].submitMove(id, Moves.ready());
    // Seat 1 hits seat 2's first ship at its bow, seat 2 misses, seat 1 misses.
    seats[0].submitMove(id, Moves.shot(0, 0));
    seats[1].submitMove(id, Moves.shot(9, 9));
    seats[0].submitMove(id, Moves.shot(9, 9));
    assertRefused(Status.Code.FAILED_PRECONDITION, "ALREADY_SHOT", () -> seats[1].submitMove(id, Moves.shot(9, 9)));

    int fleetCells = 5 + 4 + 3 + 3 + 2;
    for (int seat = 0; seat < 2; seat++) {
      View view = seats[seat].getView(id);
      assertEquals(seat + 1, view.getViewerSeat());
      GridBoard own = view.getSeatBoards(seat);
      GridBoard other = view.getSeatBoards(1 - seat);
      assertEquals(fleetCells - (seat == 1 ? 1 : 0), count(own, Piece.PIECE_SHIP), "seat " + (seat + 1) + "'s own fleet");
      assertEquals(0, count(other, Piece.PIECE_SHIP), "seat " + (seat + 1) + " sees the other fleet");
      assertEquals(Piece.PIECE_MISS, pieceAt(other, 9, 9));
    }
    View watched = spectator.getView(id);
    assertEquals(Piece.PIECE_HIT, pieceAt(watched.getSeatBoards(1), 0, 0));
    for (GridBoard board : watched.getSeatBoardsList()) {
      assertEquals(0, count(board, Piece.PIECE_SHIP), "the spectator sees a fleet");
    }

    // The spectator's stream carries both placements, redacted.
    try (EventStream events = spectator.events(id, 0)) {
      for (int placement = 0; placement < 2; ) {
        GameEvent event = events.next();
        if (event.hasMoveApplied()) {
          assertTrue(event.getMoveApplied().getRedacted());
          assertFalse(event.getMoveApplied().hasMove());
          placement++;
        }
      }
    }
  }

  @Test
  void eventsResumeAfterTheConnectionDrops() throws Exception {
    ConnectFour game = connectFour();
    CuttableProxy proxy = closeLater(new CuttableProxy(Integer.parseInt(server.address.substring(server.address.lastIndexOf(':') + 1))));
    TabulaClient spectator = connect(proxy.address(), "");

    play(game, 0, 2);
    List<GameEvent> events = new ArrayList<>();
    try (EventStream stream = spectator.events(game.gameId(), 0, 5, Duration.ofMillis(20))) {
      while (stream.hasNext()) {
        GameEvent event = stream.next();
        events.add(event);
        if (event.getSeq() == 3) {
          // Everything played so far has arrived: drop the connection, then play on while the
          // reader is away.
          assertTrue(proxy.cut() > 0, "no connection went through the proxy");
          play(game, 2, RED_WINS.length);
        }
      }
    }
    checkRedWinsHistory(events);

    // A new reader resumes after a seq it already has, from the next event on.
    try (EventStream resumed = spectator.events(game.gameId(), 4)) {
      assertEquals(List.of(5L, 6L, 7L, 8L, 9L), resumed.stream().map(GameEvent::getSeq).toList());
      assertFalse(resumed.hasNext());
    }
  }

  @Test
  void closingAStreamFromAnotherThreadEndsIt() throws Exception {
    ConnectFour game = connectFour();
    EventStream stream = closeLater(connect(server.address, "").events(game.gameId(), 0));
    assertEquals(1, stream.next().getSeq());
    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(stream::hasNext);
    Thread.sleep(200); // let the reader block on the live stream
    assertFalse(waiting.isDone(), "a live game's stream ended by itself");
    stream.close();
    assertFalse(waiting.get(10, TimeUnit.SECONDS));
  }

  @Test
  void anUnreachableServerIsAnErrorWithoutReason() {
    TabulaClient nowhere = closeLater(TabulaClient.builder("127.0.0.1:1").callTimeout(Duration.ofSeconds(5)).build());
    TabulaException error = assertThrows(TabulaException.class, nowhere::listGameKinds);
    assertEquals(Status.Code.UNAVAILABLE, error.getCode());
    assertEquals("", error.getReason());
    if (error.getReasonCode() != ErrorReason.ERROR_REASON_UNSPECIFIED) {
      fail("reason code " + error.getReasonCode());
    }
  }

  /**
   * The event's actor as {@code seat N}, {@code service KEY_NAME}, {@code engine N}, {@code none}
   * or {@code unknown}.
   */
  private static String describeActor(GameEvent event) {
    if (!event.hasActor()) {
      return "none";
    }
    return switch (Names.actorKind(event.getActor())) {
      case "seat" -> "seat " + event.getActor().getSeat();
      case "service" -> "service " + event.getActor().getService().getKeyName();
      case "engine" -> "engine " + event.getActor().getEngine();
      case "clock" -> "clock";
      default -> Names.UNKNOWN;
    };
  }

  /** A classic tic-tac-toe game, created by {@code manager}, with one client per seat on its connection. */
  private record TicTacToe(String gameId, TabulaClient x, TabulaClient o) {}

  private static TicTacToe ticTacToe(TabulaClient manager) {
    CreateGameResponse created = manager.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    return new TicTacToe(created.getGame().getGameId(),
        manager.as(created.getSeatTokens(0).getToken()), manager.as(created.getSeatTokens(1).getToken()));
  }

  private static List<GameEvent> history(TabulaClient client, String gameId) {
    try (EventStream events = client.events(gameId, 0)) {
      return events.stream().toList();
    }
  }

  @Test
  void aServiceKeyAbortsAGameAndEveryEventNamesItsMaker() {
    TabulaClient manager = connect(server.address, ""); // a server without keys: anyone manages games
    TicTacToe game = ticTacToe(manager);
    game.x().submitMove(game.gameId(), Moves.placeCell(1, 1));
    game.o().submitMove(game.gameId(), Moves.placeCell(0, 0));

    Game aborted = manager.abortGame(game.gameId(), "seat 2 lost its connection");
    assertEquals(GameStatus.GAME_STATUS_FINISHED, aborted.getStatus());
    assertEquals(OutcomeType.OUTCOME_TYPE_NO_RESULT, aborted.getOutcome().getType());
    assertEquals(EndReason.END_REASON_ABORTED, aborted.getOutcome().getReason());
    assertEquals(0, aborted.getOutcome().getWinner());
    assertEquals("OUTCOME_TYPE_NO_RESULT", Names.enumName(OutcomeType.getDescriptor(), aborted.getOutcome().getTypeValue()));
    assertEquals("END_REASON_ABORTED", Names.enumName(EndReason.getDescriptor(), aborted.getOutcome().getReasonValue()));

    List<GameEvent> events = history(manager, game.gameId());
    assertEquals(List.of(
        "game_created by none",
        "move_applied by seat 1",
        "move_applied by seat 2",
        "game_aborted by service ", // a server without keys names none
        "game_ended by none"),
        events.stream().map(event -> Names.eventKind(event) + " by " + describeActor(event)).toList());
    assertEquals(GameAborted.newBuilder().setExplanation("seat 2 lost its connection").build(), events.get(3).getGameAborted());
    assertEquals(EndReason.END_REASON_ABORTED, events.get(4).getGameEnded().getOutcome().getReason());

    TabulaException over = assertRefused(Status.Code.FAILED_PRECONDITION, "GAME_OVER",
        () -> manager.abortGame(game.gameId(), "again"));
    assertEquals(ErrorReason.ERROR_REASON_GAME_OVER, over.getReasonCode());
  }

  @Test
  void tooLateToAbortButAnAdjudicationDecides() {
    TabulaClient manager = connect(server.address, "");
    TicTacToe game = ticTacToe(manager);
    game.x().submitMove(game.gameId(), Moves.placeCell(1, 1));
    game.o().submitMove(game.gameId(), Moves.placeCell(0, 0));
    game.x().submitMove(game.gameId(), Moves.placeCell(2, 2));
    TabulaException late = assertRefused(Status.Code.FAILED_PRECONDITION, "TOO_LATE_TO_ABORT",
        () -> manager.abortGame(game.gameId(), "too late", "abort-1"));
    assertEquals(ErrorReason.ERROR_REASON_TOO_LATE_TO_ABORT, late.getReasonCode());

    Game decided = manager.adjudicateGame(game.gameId(), OutcomeType.OUTCOME_TYPE_WIN, 2, "seat 1 broke the rules", "adjudicate-1");
    assertEquals(GameStatus.GAME_STATUS_FINISHED, decided.getStatus());
    assertEquals(OutcomeType.OUTCOME_TYPE_WIN, decided.getOutcome().getType());
    assertEquals(EndReason.END_REASON_ADJUDICATION, decided.getOutcome().getReason());
    assertEquals(2, decided.getOutcome().getWinner());
    assertEquals(decided,
        manager.adjudicateGame(game.gameId(), OutcomeType.OUTCOME_TYPE_WIN, 2, "seat 1 broke the rules", "adjudicate-1"),
        "a retry is answered as the first call was");

    List<GameEvent> events = history(manager, game.gameId());
    GameEvent adjudicated = events.get(events.size() - 2);
    GameEvent ended = events.get(events.size() - 1);
    assertEquals("game_adjudicated by service ", Names.eventKind(adjudicated) + " by " + describeActor(adjudicated));
    assertEquals(GameAdjudicated.newBuilder().setExplanation("seat 1 broke the rules").build(), adjudicated.getGameAdjudicated());
    assertEquals("game_ended by none", Names.eventKind(ended) + " by " + describeActor(ended));
    assertEquals(2, ended.getGameEnded().getOutcome().getWinner());

    assertRefused(Status.Code.FAILED_PRECONDITION, "GAME_OVER",
        () -> manager.adjudicateGame(game.gameId(), OutcomeType.OUTCOME_TYPE_DRAW, 0, "again"));
    assertRefused(Status.Code.FAILED_PRECONDITION, "GAME_OVER", () -> manager.abortGame(game.gameId(), "again"));
  }

  @Test
  void aRetriedCreationReturnsItsGame() {
    TabulaClient manager = connect(server.address, "");
    CreateGameResponse first = manager.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", "create-1");
    CreateGameResponse retry = manager.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", "create-1");
    String id = first.getGame().getGameId();
    assertFalse(first.getRetried());
    assertTrue(retry.getRetried());
    assertEquals(id, retry.getGame().getGameId());
    // Nothing happened in the game yet: the retry issued new tokens, and the old ones stopped working.
    assertEquals(2, retry.getSeatTokensCount());
    assertNotEquals(first.getSeatTokens(0).getToken(), retry.getSeatTokens(0).getToken());
    assertRefused(Status.Code.UNAUTHENTICATED, "INVALID_CREDENTIAL",
        () -> manager.as(first.getSeatTokens(0).getToken()).submitMove(id, Moves.placeCell(1, 1)));
    manager.as(retry.getSeatTokens(0).getToken()).submitMove(id, Moves.placeCell(1, 1));
    // Once a seat has moved, a retry returns the game without tokens.
    CreateGameResponse late = manager.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", "create-1");
    assertTrue(late.getRetried());
    assertEquals(id, late.getGame().getGameId());
    assertEquals(0, late.getSeatTokensCount());
    // The same id for another request is refused; another id makes another game.
    assertRefused(Status.Code.FAILED_PRECONDITION, "REQUEST_ID_REUSED",
        () -> manager.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "four", "create-1"));
    CreateGameResponse other = manager.createGameFromConfig(
        GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build(), "create-2");
    assertFalse(other.getRetried());
    assertNotEquals(id, other.getGame().getGameId());
  }

  /** A game's bot seats as {@code seat/level} pairs. */
  private static List<String> botsOf(Game game) {
    return game.getBotsList().stream().map(bot -> bot.getSeat() + "/" + bot.getLevel()).toList();
  }

  @Test
  void theEngineAnswersForItsSeatAndItsTokenMayNotMove() {
    TabulaClient manager = connect(server.address, "");
    for (GameKindInfo kind : manager.listGameKinds()) {
      assertTrue(kind.getMaxBotLevel() >= 1, kind.getName());
    }
    CreateGameResponse created = manager.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withBots(BotSeat.newBuilder().setSeat(2).setLevel(1).build()));
    String id = created.getGame().getGameId();
    assertEquals(List.of("2/1"), botsOf(created.getGame()));
    TabulaClient x = manager.as(created.getSeatTokens(0).getToken());
    TabulaClient o = manager.as(created.getSeatTokens(1).getToken());
    assertEquals(2, x.submitMove(id, Moves.placeCell(1, 1)).getSeq());

    // The engine moves on its own; the stream waits for it (the class's timeout bounds the wait).
    GameEvent reply;
    try (EventStream events = manager.events(id, 2)) {
      assertTrue(events.hasNext(), "the engine's move arrives");
      reply = events.next();
    }
    assertEquals(3, reply.getSeq());
    assertEquals("move_applied by engine 2", Names.eventKind(reply) + " by " + describeActor(reply));
    assertEquals("engine", Names.actorKind(reply.getActor()));
    assertEquals(2, reply.getMoveApplied().getSeat());
    assertEquals(List.of("2/1"), botsOf(manager.getGame(id)));
    assertEquals(2, o.getView(id).getViewerSeat(), "the bot seat's token reads the game as that seat");

    TabulaException moved = assertRefused(Status.Code.FAILED_PRECONDITION, "SEAT_PLAYED_BY_ENGINE",
        () -> o.submitMove(id, Moves.placeCell(0, 0)));
    assertEquals("2", moved.getMetadata().get("seat"));
    assertEquals(ErrorReason.ERROR_REASON_SEAT_PLAYED_BY_ENGINE, moved.getReasonCode());
    TabulaException resigned = assertRefused(Status.Code.FAILED_PRECONDITION, "SEAT_PLAYED_BY_ENGINE", () -> o.resign(id));
    assertEquals("2", resigned.getMetadata().get("seat"));
    assertRefused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> manager.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
            CreateOptions.defaults().withBot(3, 1, Duration.ofMinutes(1))));
  }

  @Test
  void anEngineAgainstEngineGamePlaysToItsEnd() {
    TabulaClient manager = connect(server.address, "");
    CreateOptions bots = CreateOptions.defaults().withBot(1, 1, null).withBot(2, 1, Duration.ofMillis(500));
    CreateGameResponse created = manager.createGameFromConfig(
        GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build(), bots);
    assertEquals(List.of("1/1", "2/1"), botsOf(created.getGame()));
    assertEquals(500_000_000, created.getGame().getBots(1).getMoveTime().getNanos());

    List<GameEvent> events = history(manager, created.getGame().getGameId());
    assertEquals("game_ended", Names.eventKind(events.get(events.size() - 1)), "the stream ends with the game");
    int moves = 0;
    for (int i = 0; i < events.size(); i++) {
      GameEvent event = events.get(i);
      assertEquals(i + 1, event.getSeq());
      if (event.hasMoveApplied()) {
        int seat = moves % 2 + 1;
        assertEquals(seat, event.getMoveApplied().getSeat());
        assertEquals("engine " + seat, describeActor(event));
        moves++;
      }
    }
    assertTrue(moves >= 5, moves + " moves");
  }
}
