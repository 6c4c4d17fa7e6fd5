package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameRating;
import dev.tabula.v1.ListLeaderboardResponse;
import dev.tabula.v1.PlayerRating;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rated games ({@link CreateOptions#withRatingPool}), a player's ratings and a pool's
 * leaderboard, against a real server without keys (whose pools are those of the games created
 * without one).
 */
@Timeout(60)
class RatingsTest extends Games.Live {
  private static final String POOL = "tic_tac_toe";
  private static final Duration RATED_WITHIN = Duration.ofSeconds(10);

  /** A player id no other test of the run uses. */
  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** The game once it has been rated, moments after its end; fails after {@link #RATED_WITHIN}. */
  private static Game rated(String gameId) throws InterruptedException {
    Instant deadline = Instant.now().plus(RATED_WITHIN);
    while (true) {
      Game game = client.getGame(gameId);
      if (game.getRating().getRated()) {
        return game;
      }
      assertTrue(Instant.now().isBefore(deadline), "not rated " + RATED_WITHIN + " after its end: " + game.getRating());
      Thread.sleep(50);
    }
  }

  /** The entry of {@code playerId} in {@code ratings}; fails when it has none. */
  private static PlayerRating entry(List<PlayerRating> ratings, String playerId) {
    return ratings.stream().filter(r -> r.getPlayerId().equals(playerId)).findFirst()
        .orElseThrow(() -> new AssertionError("no rating of " + playerId + " in " + ratings));
  }

  @Test
  void aRatedGameUpdatesBothPlayersOnceAndTheLeaderboardRanksThem() throws Exception {
    String ann = unique("ann");
    String bob = unique("bob");
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withPlayer(ann, "Ann").withPlayer(bob, "Bob").withRatingPool(RatingPool.RATING_POOL_KIND));
    String gameId = created.getGame().getGameId();
    GameRating made = created.getGame().getRating();
    assertEquals(POOL, made.getPool(), made.toString());
    assertEquals(List.of(ann, bob), made.getPlayerIdsList());
    assertFalse(made.getRated(), "not rated before its end");
    assertEquals(0, made.getAfterCount(), "no rating after until the game is rated");
    assertEquals(2, made.getBeforeCount(), made.toString());
    for (int seat = 0; seat < 2; seat++) {
      assertEquals(1500.0, made.getBefore(seat).getRating(), 1e-9, "a new player's rating: " + made);
      assertTrue(made.getBefore(seat).getProvisional(), made.toString());
    }
    assertTrue(client.getPlayerRatings(ann).isEmpty(), "no rating before a rated game ends");

    seat(created, 1).submitMove(gameId, Moves.placeCell(1, 1));
    seat(created, 2).resign(gameId); // Bob resigns: Ann wins

    Game game = rated(gameId);
    GameRating rating = game.getRating();
    assertEquals(POOL, rating.getPool());
    assertEquals(List.of(ann, bob), rating.getPlayerIdsList());
    assertEquals(2, rating.getAfterCount(), rating.toString());
    assertEquals(1500.0, rating.getBefore(0).getRating(), 1e-9, "Ann's rating before: " + rating);
    assertEquals(1500.0, rating.getBefore(1).getRating(), 1e-9, "Bob's rating before: " + rating);
    double annAfter = rating.getAfter(0).getRating();
    double bobAfter = rating.getAfter(1).getRating();
    assertTrue(annAfter > 1500.0, "the winner's rating after: " + rating);
    assertTrue(bobAfter < 1500.0, "the loser's rating after: " + rating);
    View view = client.getView(gameId);
    assertEquals(rating, view.getRating(), "the view shows the game's rating");

    List<PlayerRating> anns = client.getPlayerRatings(ann);
    assertEquals(1, anns.size(), anns.toString());
    PlayerRating annInPool = anns.get(0);
    assertEquals(ann, annInPool.getPlayerId());
    assertEquals(POOL, annInPool.getPool());
    assertEquals(1, annInPool.getGames());
    assertEquals(1, annInPool.getWins());
    assertEquals(0, annInPool.getDraws());
    assertEquals(0, annInPool.getLosses());
    assertEquals(annAfter, annInPool.getRating().getRating(), 1e-6, "the rating the game left");
    assertTrue(annInPool.hasLastRatedTime(), annInPool.toString());
    assertEquals(0, annInPool.getRank(), "no rank outside a leaderboard");
    PlayerRating bobInPool = client.async().getPlayerRatings(bob).get(30, TimeUnit.SECONDS).get(0);
    assertEquals(1, bobInPool.getLosses(), bobInPool.toString());

    // The leaderboard: Ann, then Bob, in consecutive places; a page at a time too.
    ListLeaderboardResponse board = client.listLeaderboard(POOL);
    List<PlayerRating> listed = board.getRatingsList();
    PlayerRating first = entry(listed, ann);
    PlayerRating second = entry(listed, bob);
    assertTrue(listed.indexOf(first) < listed.indexOf(second), "the winner before the loser: " + listed);
    assertEquals(first.getRank() + 1, second.getRank(), "consecutive places: " + listed);
    for (int i = 0; i < listed.size(); i++) {
      assertEquals(i + 1, listed.get(i).getRank(), "ranks from 1: " + listed);
    }
    assertEquals(listed, client.listAllLeaderboard(POOL, false));
    ListLeaderboardResponse top = client.listLeaderboard(POOL, 1, "", false);
    assertEquals(List.of(listed.get(0)), top.getRatingsList());
    assertFalse(top.getNextPageToken().isEmpty(), "a second page");
    ListLeaderboardResponse next = client.async().listLeaderboard(POOL, 1, top.getNextPageToken(), false).get(30, TimeUnit.SECONDS);
    assertEquals(List.of(listed.get(1)), next.getRatingsList());
    // After one game both ratings are provisional.
    assertTrue(first.getRating().getProvisional() && second.getRating().getProvisional(), listed.toString());
    assertTrue(client.listAllLeaderboard(POOL, true).stream().noneMatch(r -> r.getPlayerId().equals(ann) || r.getPlayerId().equals(bob)),
        "provisional ratings left out");
    assertTrue(client.listLeaderboard("no_such_pool").getRatingsList().isEmpty());
  }

  @Test
  void aPresetsPoolIsNamedAfterThePreset() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withPlayer(unique("cy"), "Cy").withPlayer(unique("di"), "Di")
            .withRatingPool(RatingPool.RATING_POOL_PRESET));
    assertEquals(POOL + "/classic", created.getGame().getRating().getPool());
  }

  @Test
  void aRatedGameNeedsTwoNamedPlayers() {
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
            CreateOptions.defaults().withRatingPool(RatingPool.RATING_POOL_KIND)));
    String same = unique("ann");
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromConfig(config,
            CreateOptions.defaults().withPlayer(same, "Ann").withPlayer(same, "Ann").withRatingPool(RatingPool.RATING_POOL_KIND)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromConfig(config, CreateOptions.defaults().withPlayer(unique("ann"), "Ann")
            .withPlayer(unique("bob"), "Bob").withRatingPool(RatingPool.RATING_POOL_PRESET)));
    // Unrated by default.
    assertFalse(client.createGameFromConfig(config).getGame().hasRating());
  }

  @Test
  void theReadingsRefuseAMissingPlayerOrPoolAndANegativePageSize() {
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.getPlayerRatings(""));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.listLeaderboard(""));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.listLeaderboard(POOL, -1, "", false));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_PAGE_TOKEN", () -> client.listLeaderboard(POOL, 1, "not-a-token", false));
  }
}
