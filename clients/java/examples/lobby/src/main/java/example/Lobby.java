package example;

import dev.tabula.client.CreateOptions;
import dev.tabula.client.EventStream;
import dev.tabula.client.MoveOptions;
import dev.tabula.client.Names;
import dev.tabula.client.RetryPolicy;
import dev.tabula.client.TabulaClient;
import dev.tabula.client.TabulaException;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.LegalMove;
import dev.tabula.v1.Move;
import dev.tabula.v1.View;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

/**
 * What a lobby does with a Tabula server, and how it survives the server's restart: creates a
 * Tic-tac-toe game between two named players, follows its events from a thread of their own,
 * plays both seats to the end (each seat's first legal move), makes an illegal move on purpose
 * and handles the refusal by its reason, and halfway through waits for the server to be
 * stopped: press Enter once it is down, then start it again on the same store. The moves carry
 * request ids, so they are retried until the server is back; the event stream resumes by itself.
 * Exits 0 only when all of that held.
 *
 * <p>The server's address is the first argument, else {@code $TABULA_ADDR}, else
 * {@code 127.0.0.1:50051}.
 */
public final class Lobby {
  private Lobby() {}

  public static void main(String[] args) throws Exception {
    String address = args.length > 0 ? args[0] : System.getenv().getOrDefault("TABULA_ADDR", "127.0.0.1:50051");
    // A more patient policy than the default's 1.5 s: about 10 s of retries, for a restart by hand.
    RetryPolicy patient = RetryPolicy.of(10, Duration.ofMillis(100), Duration.ofSeconds(2));
    try (TabulaClient lobby = TabulaClient.builder(address).retryPolicy(patient).build()) {
      CreateGameResponse created = lobby.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults()
          .withPlayer("u-ann", "Ann").withPlayer("u-bob", "Bob").withRequestId("lobby-" + UUID.randomUUID()));
      String gameId = created.getGame().getGameId();
      TabulaClient[] seats = {lobby.as(created.getSeatTokens(0).getToken()), lobby.as(created.getSeatTokens(1).getToken())};
      String[] names = {"Ann", "Bob"};
      System.out.println("created game " + gameId + ": Ann against Bob");

      List<Long> seqs = new CopyOnWriteArrayList<>();
      CompletableFuture<Void> followed = new CompletableFuture<>();
      Thread follower = new Thread(() -> {
        try (EventStream events = lobby.events(gameId, 0)) { // ends with the game
          for (GameEvent event : events) {
            seqs.add(event.getSeq());
            System.out.println("  event " + event.getSeq() + ": " + Names.eventKind(event));
          }
          followed.complete(null);
        } catch (TabulaException gaveUp) { // 30 s without a successful reconnection
          followed.completeExceptionally(gaveUp);
        }
      }, "follower");
      follower.start();

      boolean refusalHandled = false;
      Move opening = null;
      View view = lobby.getView(gameId);
      for (int ply = 0; !view.hasOutcome(); ply++) {
        int seat = view.getToAct(0);
        TabulaClient player = seats[seat - 1];
        if (ply == 1) {
          refusalHandled = refusedOnPurpose(player, gameId, opening);
        }
        if (ply == 3) {
          System.out.println("RESTART the server now: stop it, press Enter, then start it again on the same store");
          if (new BufferedReader(new InputStreamReader(System.in)).readLine() == null) {
            throw new IllegalStateException("standard input closed before the restart");
          }
        }
        LegalMove move = player.listLegalMoves(gameId).getMoves(0);
        opening = ply == 0 ? move.getMove() : opening;
        // The request id makes the move safe to retry: the server plays it once however often it comes.
        view = player.submitMove(gameId, move.getMove(), MoveOptions.defaults().withRequestId(gameId + "-" + ply)).getView();
        System.out.println(names[seat - 1] + " plays " + move.getLabel() + (ply == 3 ? " (after the restart)" : ""));
      }
      System.out.println("game over: winner " + (view.getOutcome().getWinner() == 0 ? "none" : names[view.getOutcome().getWinner() - 1]));

      followed.get(60, TimeUnit.SECONDS);
      long last = lobby.getView(gameId).getSeq();
      List<Long> expected = LongStream.rangeClosed(1, last).boxed().toList();
      boolean everyEvent = seqs.equals(expected);
      System.out.println(everyEvent ? "the stream followed every event, 1 to " + last + ", across the restart"
          : "the stream saw " + seqs + ", not " + expected);
      if (!refusalHandled || !everyEvent) {
        System.exit(1);
      }
      System.out.println("lobby: all checks held");
    }
  }

  /** Plays on the cell Ann took first: the refusal is handled by its reason, not by its text. */
  private static boolean refusedOnPurpose(TabulaClient player, String gameId, Move taken) {
    try {
      player.submitMove(gameId, taken);
    } catch (TabulaException refused) {
      switch (refused.getReasonCode()) {
        case ERROR_REASON_CELL_OCCUPIED -> {
          System.out.println("refused as expected: that cell is taken (" + refused.getReason() + ")");
          return true;
        }
        default -> throw refused;
      }
    }
    System.out.println("an illegal move was accepted");
    return false;
  }
}
