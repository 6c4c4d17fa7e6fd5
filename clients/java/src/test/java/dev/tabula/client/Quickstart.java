package dev.tabula.client;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.SubmitMoveResponse;

/**
 * Creates a Connect Four game on the server at the address given as the first argument, drops
 * Red's first disc, and shows the error a move out of turn gets.
 */
public final class Quickstart {
  private Quickstart() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: Quickstart HOST:PORT");
    }
    System.out.println(run(args[0]));
  }

  /** Plays the example and returns what it prints. */
  static String run(String address) {
    try (TabulaClient client = TabulaClient.builder(address).build()) {
      CreateGameResponse created = client.createFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
      String gameId = created.getGame().getGameId();
      TabulaClient red = client.as(created.getSeatTokens(0).getToken());
      SubmitMoveResponse moved = red.submit(gameId, Moves.dropDisc(3));
      String report = "game " + gameId + ": seq " + moved.getSeq() + ", seat " + moved.getView().getToActList() + " to act";
      try {
        red.submit(gameId, Moves.dropDisc(3));
        return report + "\nRed again: accepted";
      } catch (TabulaException refused) {
        return report + "\nRed again: " + refused.reason();
      }
    }
  }
}
