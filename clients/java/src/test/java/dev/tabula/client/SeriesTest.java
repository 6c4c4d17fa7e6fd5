package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.CreateSeriesResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameRating;
import dev.tabula.v1.ListGamesRequest;
import dev.tabula.v1.ListSeriesRequest;
import dev.tabula.v1.Player;
import dev.tabula.v1.PlayerRating;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.Series;
import dev.tabula.v1.SeriesDraws;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.SeriesGame;
import dev.tabula.v1.SeriesGameStarted;
import dev.tabula.v1.SeriesStatus;
import dev.tabula.v1.SeriesToken;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Players on seats, and series of games between two players, a rated one too, against a real server. */
@Timeout(90)
class SeriesTest extends Games.Live {
  /** How long the server may take to make a series' next game, or to rate a game, after the game that caused it. */
  private static final Duration SETTLES_WITHIN = Duration.ofSeconds(10);
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();

  /** An id no other test of the run uses. */
  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID();
  }

  private static Player player(String id, String name) {
    return Player.newBuilder().setPlayerId(id).setDisplayName(name).build();
  }

  private static String token(CreateSeriesResponse created, int player) {
    return created.getPlayerTokensList().stream().filter(t -> t.getPlayer() == player).map(SeriesToken::getToken).findFirst()
        .orElseThrow(() -> new AssertionError("no token for player " + player + " in " + created.getPlayerTokensList()));
  }

  @Test
  void namedPlayersSitInTheSeatsAndListGamesFindsThem() {
    String ann = unique("ann");
    String bob = unique("bob");
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withPlayer(ann, "Ann").withPlayer(bob, "Bob"));
    String id = created.getGame().getGameId();
    List<Player> seated = List.of(player(ann, "Ann"), player(bob, "Bob"));
    assertEquals(seated, created.getGame().getPlayersList());
    assertEquals(seated, client.getGame(id).getPlayersList());
    View view = client.getView(id);
    assertEquals(seated, view.getPlayersList());
    assertEquals(seated, seat(created, 2).getView(id).getPlayersList());
    try (EventStream events = client.events(id, 0)) {
      GameEvent first = events.next();
      assertTrue(first.hasGameCreated(), first.toString());
      assertEquals(seated, first.getGameCreated().getPlayersList());
    }
    assertEquals("", created.getGame().getSeriesId(), "a game on its own is in no series");
    assertEquals(0, created.getGame().getSeriesGameNumber());

    List<Game> anns = client.listAllGames(ListGamesRequest.newBuilder().setPlayerId(ann).build());
    assertEquals(List.of(id), anns.stream().map(Game::getGameId).toList());
    assertEquals(seated, anns.get(0).getPlayersList());
    assertEquals(List.of(id), client.listGames(ListGamesRequest.newBuilder().setPlayerId(bob).build()).getGamesList().stream()
        .map(Game::getGameId).toList());
    assertEquals(List.of(), client.listAllGames(ListGamesRequest.newBuilder().setPlayerId(unique("nobody")).build()),
        "another player id finds none of them");

    // Fewer players than seats leave the rest unnamed; a game that names nobody has no entries.
    String cy = unique("cy");
    Game one = client.createGameFromConfig(TIC_TAC_TOE, CreateOptions.defaults().withPlayer(cy, "Cy")).getGame();
    assertEquals(List.of(player(cy, "Cy"), Player.getDefaultInstance()), one.getPlayersList());
    Game unnamed = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic").getGame();
    assertEquals(List.of(), unnamed.getPlayersList());
    assertEquals(List.of(), client.getView(unnamed.getGameId()).getPlayersList());

    // More players than seats, or a name too long, is refused with every problem named.
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE,
        "classic", CreateOptions.defaults().withPlayer("a", "A").withPlayer("b", "B").withPlayer("c", "C")));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE,
        "classic", CreateOptions.defaults().withPlayer("a", "x".repeat(65))));
  }

  @Test
  void aSeriesOfBotsPlaysItselfOutWhileItsEventsAreStreamed() throws Exception {
    CreateSeriesResponse created = client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        SeriesOptions.bestOf(3).withBot(1, 1, Duration.ZERO).withBot(2, 1, Duration.ZERO));
    Series started = created.getSeries();
    String id = started.getSeriesId();
    assertFalse(id.isEmpty());
    assertEquals(3, started.getBestOf());
    assertEquals(0, started.getFirstTo());
    assertEquals(SeriesDraws.SERIES_DRAWS_HALF_POINT, started.getDraws(), "the default is answered by its name");
    assertEquals(GameKind.GAME_KIND_TIC_TAC_TOE, started.getKind());
    assertTrue(started.getGamesCount() >= 1, "the first game is created with the series");

    List<SeriesEvent> events = new ArrayList<>();
    try (SeriesEventStream stream = client.seriesEvents(id, 0)) {
      stream.forEachRemaining(events::add); // ends when the server closes after series_finished
      assertEquals(events.size(), stream.lastSeq());
    }
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getSeq(), "seqs run 1, 2, 3, ... without gaps: " + events);
      assertEquals(id, events.get(i).getSeriesId());
    }
    SeriesEvent first = events.get(0);
    assertTrue(first.hasGameStarted(), first.toString());
    assertEquals(1, first.getGameStarted().getNumber());
    assertEquals(1, first.getGameStarted().getPlayerOneSeat());
    SeriesEvent last = events.get(events.size() - 1);
    assertTrue(last.hasSeriesFinished(), last.toString());
    assertEquals(1, events.stream().filter(SeriesEvent::hasSeriesFinished).count(), "series_finished comes once, last");

    List<SeriesGameStarted> games = events.stream().filter(SeriesEvent::hasGameStarted).map(SeriesEvent::getGameStarted).toList();
    long scored = events.stream().filter(SeriesEvent::hasGameFinished).count();
    for (int i = 0; i < games.size(); i++) {
      assertEquals(i + 1, games.get(i).getNumber());
      assertEquals(i % 2 == 0 ? 1 : 2, games.get(i).getPlayerOneSeat(), "player 1 sits in seat 1 in odd-numbered games");
    }
    assertTrue(games.size() >= 2 && games.size() <= 3, "best of 3 is decided in 2 or 3 games: " + events);
    assertEquals(games.size(), scored, "every game started was scored");

    Series finished = client.getSeries(id);
    assertEquals(SeriesStatus.SERIES_STATUS_FINISHED, finished.getStatus());
    assertEquals(2, finished.getPointsCount());
    double total = finished.getPoints(0) + finished.getPoints(1);
    assertEquals(scored, total, 1e-9, "a win is a point, a draw half a point each: " + finished.getPointsList());
    assertEquals(finished.getPointsList(), last.getSeriesFinished().getPointsList());
    assertEquals(finished.getWinner(), last.getSeriesFinished().getWinner());
    if (finished.getPoints(0) != finished.getPoints(1)) {
      assertEquals(finished.getPoints(0) > finished.getPoints(1) ? 1 : 2, finished.getWinner());
    } else {
      assertEquals(0, finished.getWinner(), "a tie has no winner");
    }
    assertEquals(games.stream().map(SeriesGameStarted::getGameId).toList(),
        finished.getGamesList().stream().map(SeriesGame::getGameId).toList(), "the series' games are the games started");
    for (SeriesGame game : finished.getGamesList()) {
      assertTrue(game.hasOutcome(), game.toString());
      assertEquals(2, game.getPointsCount(), game.toString());
      Game played = client.getGame(game.getGameId());
      assertEquals(id, played.getSeriesId());
      assertEquals(game.getNumber(), played.getSeriesGameNumber());
    }

    // The whole history again, from the asynchronous stream, which ends on its own too.
    List<SeriesEvent> replayed = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> completed = new CompletableFuture<>();
    try (AsyncSeriesEventStream stream = client.async().seriesEvents(id, 0, new StreamObserver<SeriesEvent>() {
      @Override
      public void onNext(SeriesEvent event) {
        replayed.add(event);
      }

      @Override
      public void onError(Throwable error) {
        completed.completeExceptionally(error);
      }

      @Override
      public void onCompleted() {
        completed.complete(null);
      }
    })) {
      completed.get(30, TimeUnit.SECONDS);
      stream.done().get(5, TimeUnit.SECONDS);
      assertEquals(events, replayed);
      assertEquals(finished, client.async().getSeries(id).get(10, TimeUnit.SECONDS));
    }
    assertEquals(events.subList(1, events.size()), client.seriesEvents(id, 1).stream().toList(), "a stream resumes after a seq");
  }

  @Test
  void aPlayersTokenActsAsTheSeatThePlayerSitsIn() throws Exception {
    String ann = unique("ann");
    String bob = unique("bob");
    String requestId = unique("series");
    SeriesOptions options = SeriesOptions.bestOf(3).withPlayer(ann, "Ann").withPlayer(bob, "Bob").withRequestId(requestId);
    CreateSeriesResponse lost = client.createSeriesFromConfig(TIC_TAC_TOE, options);
    assertFalse(lost.getRetried());
    // A retry before anybody acted answers the same series with new tokens.
    CreateSeriesResponse created = client.createSeriesFromConfig(TIC_TAC_TOE, options);
    assertTrue(created.getRetried());
    String id = created.getSeries().getSeriesId();
    assertEquals(lost.getSeries().getSeriesId(), id);
    assertEquals(List.of(1, 2), created.getPlayerTokensList().stream().map(SeriesToken::getPlayer).toList());
    assertEquals(List.of(player(ann, "Ann"), player(bob, "Bob")), created.getSeries().getPlayersList());
    assertEquals(0, created.getSeries().getBotsCount());

    Series series = client.getSeries(id);
    assertEquals(SeriesStatus.SERIES_STATUS_IN_PROGRESS, series.getStatus());
    assertEquals(List.of(0.0, 0.0), series.getPointsList());
    assertEquals(0, series.getWinner());
    SeriesGame gameOne = series.getGames(0);
    assertEquals(1, gameOne.getNumber());
    assertEquals(1, gameOne.getPlayerOneSeat());
    assertFalse(gameOne.hasOutcome());
    String first = gameOne.getGameId();
    assertEquals(id, client.getGame(first).getSeriesId());
    assertEquals(1, client.getGame(first).getSeriesGameNumber());

    TabulaClient annSeat = client.as(token(created, 1));
    TabulaClient bobSeat = client.as(token(created, 2));
    SubmitMoveResponse moved = annSeat.submitMove(first, Moves.placeCell(1, 1));
    assertTrue(moved.getApplied(), "player 1's token moves as seat 1 in game 1");
    refused(Status.Code.FAILED_PRECONDITION, "NOT_YOUR_TURN", () -> annSeat.submitMove(first, Moves.placeCell(0, 0)));
    assertTrue(bobSeat.submitMove(first, Moves.placeCell(0, 0)).getApplied(), "player 2's token moves as seat 2 in game 1");

    // Bob resigns game 1; in game 2 Ann sits in seat 2, so Bob's token moves first.
    bobSeat.resign(first);
    SeriesGameStarted second;
    try (SeriesEventStream events = client.seriesEvents(id, 0)) {
      second = events.stream().filter(e -> e.hasGameStarted() && e.getGameStarted().getNumber() == 2).findFirst()
          .orElseThrow().getGameStarted();
    }
    assertEquals(2, second.getPlayerOneSeat());
    assertNotEquals(first, second.getGameId());
    assertTrue(bobSeat.submitMove(second.getGameId(), Moves.placeCell(1, 1)).getApplied(), "player 2 sits in seat 1 in game 2");
    assertTrue(annSeat.submitMove(second.getGameId(), Moves.placeCell(0, 0)).getApplied(), "player 1 sits in seat 2 in game 2");
    Series after = client.getSeries(id);
    assertEquals(List.of(1.0, 0.0), after.getPointsList(), "Ann won game 1");
    assertEquals(2, after.getGamesCount());
    assertEquals(2, client.getGame(second.getGameId()).getSeriesGameNumber());

    // A player's token reads the series, and ListSeries finds it by status.
    assertEquals(id, annSeat.getSeries(id).getSeriesId());
    assertTrue(client.listAllSeries(ListSeriesRequest.getDefaultInstance()).stream().anyMatch(s -> s.getSeriesId().equals(id)));
    ListSeriesRequest inProgress = ListSeriesRequest.newBuilder().setStatus(SeriesStatus.SERIES_STATUS_IN_PROGRESS).setPageSize(1).build();
    assertTrue(client.listAllSeries(inProgress).stream().anyMatch(s -> s.getSeriesId().equals(id)));
    assertTrue(client.listAllSeries(inProgress.toBuilder().setStatus(SeriesStatus.SERIES_STATUS_FINISHED).build()).stream()
        .noneMatch(s -> s.getSeriesId().equals(id)));
    assertTrue(client.async().listSeries().get(10, TimeUnit.SECONDS).getSeriesList().stream().anyMatch(s -> s.getSeriesId().equals(id)),
        "the newest series comes first");
  }

  /** The series once {@code settled} holds of it; fails after a few seconds. */
  private static Series until(String id, String what, Predicate<Series> settled) throws InterruptedException {
    Instant deadline = Instant.now().plus(SETTLES_WITHIN);
    while (true) {
      Series series = client.getSeries(id);
      if (settled.test(series)) {
        return series;
      }
      assertTrue(Instant.now().isBefore(deadline), "not " + what + " within " + SETTLES_WITHIN + ": " + series);
      Thread.sleep(20);
    }
  }

  /** The game once it has been rated, moments after its end; fails after a few seconds. */
  private static Game rated(String gameId) throws InterruptedException {
    Instant deadline = Instant.now().plus(SETTLES_WITHIN);
    while (true) {
      Game game = client.getGame(gameId);
      if (game.getRating().getRated()) {
        return game;
      }
      assertTrue(Instant.now().isBefore(deadline), "not rated " + SETTLES_WITHIN + " after its end: " + game.getRating());
      Thread.sleep(20);
    }
  }

  @Test
  void aRatedSeriesRatesEachOfItsGames() throws Exception {
    String ann = unique("ann");
    String bob = unique("bob");
    SeriesOptions options = SeriesOptions.bestOf(3).withPlayer(ann, "Ann").withPlayer(bob, "Bob")
        .withRatingPool(RatingPool.RATING_POOL_KIND);
    assertEquals(RatingPool.RATING_POOL_KIND, options.ratingPool());
    CreateSeriesResponse created = client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options);
    String id = created.getSeries().getSeriesId();
    assertEquals("tic_tac_toe", created.getSeries().getRatingPool(), "the kind's pool, named by the kind");

    // Bob resigns every game until the series ends: Ann wins it 2-0, in two games.
    TabulaClient bobSeat = client.as(token(created, 2));
    List<String> games = new ArrayList<>();
    Series series = created.getSeries();
    while (series.getStatus() != SeriesStatus.SERIES_STATUS_FINISHED) {
      assertTrue(games.size() < 3, "best of 3 ends within three games: " + series);
      String gameId = series.getGames(series.getGamesCount() - 1).getGameId();
      Game game = client.getGame(gameId);
      assertEquals("tic_tac_toe", game.getRating().getPool(), "each game is made rated: " + game.getRating());
      assertFalse(game.getRating().getRated(), "not before its end: " + game.getRating());
      games.add(gameId);
      bobSeat.resign(gameId);
      int played = games.size();
      series = until(id, "past game " + played,
          s -> s.getStatus() == SeriesStatus.SERIES_STATUS_FINISHED || s.getGamesCount() > played);
    }
    assertEquals(2, games.size(), series.toString());
    assertEquals(List.of(2.0, 0.0), series.getPointsList());
    assertEquals(1, series.getWinner());
    assertEquals("tic_tac_toe", series.getRatingPool());

    // Each game is rated moments after its end, its players in seat order: Ann in seat 1 in
    // game 1, in seat 2 in game 2; Ann wins both.
    for (int number = 1; number <= games.size(); number++) {
      GameRating rating = rated(games.get(number - 1)).getRating();
      assertEquals("tic_tac_toe", rating.getPool(), rating.toString());
      assertEquals(number == 1 ? List.of(ann, bob) : List.of(bob, ann), rating.getPlayerIdsList(), "game " + number);
      assertEquals(2, rating.getAfterCount(), rating.toString());
      int annSeat = number == 1 ? 0 : 1;
      assertTrue(rating.getAfter(annSeat).getRating() > rating.getBefore(annSeat).getRating(), "Ann's rating rises: " + rating);
      assertTrue(rating.getAfter(1 - annSeat).getRating() < rating.getBefore(1 - annSeat).getRating(),
          "Bob's rating falls: " + rating);
    }

    // The players' ratings count both games.
    List<PlayerRating> anns = client.getPlayerRatings(ann);
    assertEquals(1, anns.size(), anns.toString());
    assertEquals("tic_tac_toe", anns.get(0).getPool());
    assertEquals(2, anns.get(0).getGames(), anns.toString());
    assertEquals(2, anns.get(0).getWins(), anns.toString());
    List<PlayerRating> bobs = client.getPlayerRatings(bob);
    assertEquals(1, bobs.size(), bobs.toString());
    assertEquals(2, bobs.get(0).getGames(), bobs.toString());
    assertEquals(2, bobs.get(0).getLosses(), bobs.toString());
    assertTrue(anns.get(0).getRating().getRating() > bobs.get(0).getRating().getRating(), anns + " " + bobs);

    // An unrated series says so; a rated one needs both players named.
    Series unrated = client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", SeriesOptions.bestOf(1)).getSeries();
    assertEquals("", unrated.getRatingPool());
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE,
        "classic", SeriesOptions.bestOf(3).withPlayer(unique("cy"), "Cy").withRatingPool(RatingPool.RATING_POOL_KIND)));
  }

  @Test
  void aSavedConfigurationMakesASeriesAndAPrivateOneIsReadByItsPlayers() {
    SavedConfig saved = client.createSavedConfig(SavedConfig.newBuilder().setName("series-board").setConfig(TIC_TAC_TOE).build());
    CreateSeriesResponse created = client.createSeriesFromSavedConfig("series-board",
        SeriesOptions.firstTo(2).withDraws(SeriesDraws.SERIES_DRAWS_REPLAYED).withPrivate(true).withPlayer("", "Ann"));
    Series series = created.getSeries();
    assertEquals(2, series.getFirstTo());
    assertEquals(0, series.getBestOf());
    assertEquals(SeriesDraws.SERIES_DRAWS_REPLAYED, series.getDraws());
    assertTrue(series.getPrivate());
    assertEquals(saved.getConfig().getTicTacToe(), series.getConfig().getTicTacToe(), "the series copies the saved configuration");
    assertEquals(series.getSeriesId(), client.as(token(created, 1)).getSeries(series.getSeriesId()).getSeriesId());
    TabulaException spectator = assertThrows(TabulaException.class, () -> client.as("").getSeries(series.getSeriesId()));
    assertEquals(Status.Code.PERMISSION_DENIED, spectator.getCode(), spectator.toString());
  }

  @Test
  void anUnknownSeriesAndBadSeriesAreRefused() {
    TabulaException missing = refused(Status.Code.NOT_FOUND, "SERIES_NOT_FOUND", () -> client.getSeries("no-such-series"));
    assertEquals(ErrorReason.ERROR_REASON_SERIES_NOT_FOUND, missing.getReasonCode());
    try (SeriesEventStream events = client.seriesEvents("no-such-series", 0)) {
      refused(Status.Code.NOT_FOUND, "SERIES_NOT_FOUND", events::hasNext);
    }
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createSeriesFromPreset(GameKind.GAME_KIND_PEG_SOLITAIRE, "triangle15", SeriesOptions.bestOf(3)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", SeriesOptions.bestOf(100)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", SeriesOptions.bestOf(0)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE,
        "classic", SeriesOptions.bestOf(3).withPlayer("a", "A").withPlayer("b", "B").withPlayer("c", "C")));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", SeriesOptions.bestOf(3).withBot(3, 1, null)));
  }
}
