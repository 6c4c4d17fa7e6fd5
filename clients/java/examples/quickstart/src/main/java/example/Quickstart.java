package example;

import dev.tabula.client.EventStream;
import dev.tabula.client.Moves;
import dev.tabula.client.Names;
import dev.tabula.client.TabulaClient;
import dev.tabula.client.TabulaException;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.ListLegalMovesResponse;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.View;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Plays a whole Connect Four game on a Tabula server: creates it from a preset, lists each
 * seat's legal moves and plays for both seats until Red wins, reads the view, and follows the
 * event stream to its end. Exits with an error when anything differs from what it expects.
 *
 * <p>The server's address is the first argument, else {@code $TABULA_ADDR}, else
 * {@code 127.0.0.1:50051}.
 */
public final class Quickstart {
  /** Red fills column 0 while Yellow plays column 1: Red connects four on the seventh move. */
  private static final int[] COLUMNS = {0, 1, 0, 1, 0, 1, 0};

  private Quickstart() {}

  public static void main(String[] args) throws Exception {
    String address = args.length > 0 ? args[0] : System.getenv().getOrDefault("TABULA_ADDR", "127.0.0.1:50051");
    try (TabulaClient client = TabulaClient.builder(address).build()) { // .tls(caPem), .credential(serviceKey)
      CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
      String gameId = created.getGame().getGameId();
      TabulaClient[] seats = { // one client per seat token, on the same connection
        client.as(created.getSeatTokens(0).getToken()),
        client.as(created.getSeatTokens(1).getToken()),
      };
      System.out.println("created Connect Four game " + gameId);

      // Follow the game's events while the seats play: the stream ends with the game.
      EventStream events = client.events(gameId, 0);
      CompletableFuture<List<GameEvent>> followed = CompletableFuture.supplyAsync(() -> {
        List<GameEvent> seen = new ArrayList<>();
        try (events) {
          for (GameEvent event : events) {
            seen.add(event);
          }
        }
        return seen;
      });

      for (int i = 0; i < COLUMNS.length; i++) {
        TabulaClient seat = seats[i % 2];
        int column = COLUMNS[i];
        ListLegalMovesResponse legal = seat.listLegalMoves(gameId);
        check(legal.getSeat() == i % 2 + 1, "seat " + (i % 2 + 1) + " to move, the server says seat " + legal.getSeat());
        check(legal.getMovesList().stream().anyMatch(m -> m.getMove().getPlace().getColumn() == column),
            "column " + column + " among the legal moves " + legal.getMovesList());
        SubmitMoveResponse moved = seat.submitMove(gameId, Moves.drop(column));
        System.out.println("seat " + legal.getSeat() + " drops a disc in column " + column + ": seq " + moved.getSeq());
      }

      try {
        seats[1].submitMove(gameId, Moves.drop(2));
        check(false, "a move after the end was accepted");
      } catch (TabulaException refused) {
        System.out.println("a move after the end: " + refused.getCode() + " " + refused.getReason());
        check(refused.getReason().equals("GAME_OVER"), "GAME_OVER, not " + refused.getReason());
      }

      View view = client.getView(gameId);
      check(view.getOutcome().getType() == OutcomeType.OUTCOME_TYPE_WIN && view.getOutcome().getWinner() == 1,
          "Red's win, not " + view.getOutcome());
      System.out.println("Red wins after " + view.getMoveCount() + " moves, at seq " + view.getSeq());

      List<GameEvent> history = followed.get(30, TimeUnit.SECONDS);
      List<String> kinds = history.stream().map(Names::eventKind).toList();
      System.out.println("events: " + kinds);
      check(history.size() == COLUMNS.length + 2, "9 events, not " + history.size());
      for (int i = 0; i < history.size(); i++) {
        check(history.get(i).getSeq() == i + 1, "event " + i + " has seq " + history.get(i).getSeq());
      }
      check(kinds.get(0).equals("game_created") && kinds.get(kinds.size() - 1).equals("game_ended"), "created first, ended last");
    }
  }

  private static void check(boolean holds, String expectation) {
    if (!holds) {
      throw new IllegalStateException("unexpected: " + expectation);
    }
  }
}
