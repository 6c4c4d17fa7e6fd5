package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.FieldMask;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.CreateSeriesResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.ListGamesRequest;
import dev.tabula.v1.ListGamesResponse;
import dev.tabula.v1.ListSeriesRequest;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.Series;
import dev.tabula.v1.SeriesGameStarted;
import dev.tabula.v1.SeriesToken;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.UpdateGameRequest;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The managing backend's labels on games and series, against a real server. */
@Timeout(90)
class LabelsTest extends Games.Live {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();

  /** A label value no other test of the run uses: lowercase letters, digits and dashes. */
  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  private static List<String> ids(List<Game> games) {
    return games.stream().map(Game::getGameId).toList();
  }

  /** The fields the {@code google.rpc.BadRequest} detail of {@code error} names. */
  static List<String> fieldViolations(TabulaException error) {
    return error.getFieldViolations().stream().map(TabulaException.FieldViolation::field).toList();
  }

  @Test
  void gamesCarryTheirLabelsAndAreFoundByThemAcrossPages() throws Exception {
    String tournament = unique("spring");
    // Five labelled games, two rounds, with games without labels (and of another tournament)
    // between them; every kind of creation takes labels.
    String saved = client.createSavedConfig(SavedConfig.newBuilder().setName(unique("board")).setConfig(TIC_TAC_TOE).build()).getName();
    List<String> roundOne = new ArrayList<>();
    List<String> roundTwo = new ArrayList<>();
    List<CreateGameResponse> created = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      CreateOptions options = CreateOptions.defaults().withLabel("tournament", tournament).withLabel("round", i % 2 == 0 ? "1" : "2");
      CreateGameResponse game = switch (i) {
        case 0 -> client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options);
        case 1 -> client.createGameFromConfig(TIC_TAC_TOE, options);
        case 2 -> client.createGameFromPgn("1. e4 e5 *", options);
        case 3 -> client.createGameFromSavedConfig(saved, options);
        default -> client.async().createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic", options).get(10, TimeUnit.SECONDS);
      };
      created.add(game);
      (i % 2 == 0 ? roundOne : roundTwo).add(0, game.getGame().getGameId()); // newest first
      client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
      client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
          CreateOptions.defaults().withLabels(Map.of("tournament", unique("autumn"), "round", "1")));
    }
    for (int i = 0; i < 5; i++) {
      Map<String, String> expected = Map.of("tournament", tournament, "round", i % 2 == 0 ? "1" : "2");
      Game game = created.get(i).getGame();
      assertEquals(expected, game.getLabelsMap(), "the creation's answer carries the labels");
      assertEquals(expected, client.getGame(game.getGameId()).getLabelsMap(), "GetGame carries the labels");
    }

    // Every game of the tournament, newest first, two a page: three pages.
    List<String> all = new ArrayList<>();
    for (int i = 4; i >= 0; i--) {
      all.add(created.get(i).getGame().getGameId());
    }
    ListGamesRequest byTournament = ListGamesRequest.newBuilder().putLabels("tournament", tournament).setPageSize(2).build();
    ListGamesResponse first = client.listGames(byTournament);
    assertEquals(all.subList(0, 2), ids(first.getGamesList()));
    assertFalse(first.getNextPageToken().isEmpty(), "more pages follow");
    ListGamesResponse second = client.listGames(byTournament.toBuilder().setPageToken(first.getNextPageToken()).build());
    assertEquals(all.subList(2, 4), ids(second.getGamesList()), "the next page keeps the filter");
    assertEquals(all, ids(client.listAllGames(byTournament)));
    assertEquals(all, ids(client.listAllGames(Map.of("tournament", tournament))));
    assertEquals(all, ids(client.listGames(Map.of("tournament", tournament)).getGamesList()));

    // Every label must match, with its value.
    assertEquals(roundOne, ids(client.listGames(Map.of("tournament", tournament, "round", "1")).getGamesList()));
    assertEquals(roundTwo, ids(client.listAllGames(Map.of("round", "2", "tournament", tournament))));
    assertEquals(roundTwo, ids(client.async().listGames(Map.of("tournament", tournament, "round", "2")).get(10, TimeUnit.SECONDS)
        .getGamesList()));
    assertEquals(List.of(), ids(client.listAllGames(Map.of("tournament", tournament, "round", "3"))));
    assertEquals(List.of(), ids(client.listAllGames(Map.of("tournament", tournament, "stage", ""))), "a label the games lack");
    // The labels combine with the other filters.
    assertEquals(List.of(all.get(0)), ids(client.listAllGames(byTournament.toBuilder().setKind(GameKind.GAME_KIND_CONNECT_FOUR).build())));
    // No labels: every game.
    assertTrue(client.listAllGames(Map.of()).size() >= 15);
  }

  @Test
  void aGameIsRelabelledAndItsLabelsCleared() throws Exception {
    String tournament = unique("summer");
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withLabels(Map.of("tournament", tournament, "round", "1")));
    String id = created.getGame().getGameId();
    // Moves and labels are independent: a game in progress keeps its play.
    seat(created, 1).submitMove(id, Moves.drop(3));
    long seq = client.getGame(id).getSeq();

    Game relabelled = client.updateGameLabels(id, Map.of("tournament", tournament, "round", "2", "table", "7"));
    assertEquals(Map.of("tournament", tournament, "round", "2", "table", "7"), relabelled.getLabelsMap(), "the answer is the game now");
    assertEquals(relabelled.getLabelsMap(), client.getGame(id).getLabelsMap());
    assertEquals(seq, client.getGame(id).getSeq(), "no event is logged");
    assertEquals(List.of(), ids(client.listAllGames(Map.of("tournament", tournament, "round", "1"))), "the old labels are gone");
    assertEquals(List.of(id), ids(client.listAllGames(Map.of("tournament", tournament, "round", "2"))));

    // The labels are replaced, not merged.
    Game replaced = client.async().updateGameLabels(id, Map.of("tournament", tournament)).get(10, TimeUnit.SECONDS);
    assertEquals(Map.of("tournament", tournament), replaced.getLabelsMap());

    // An empty map clears them.
    assertEquals(Map.of(), client.updateGameLabels(id, Map.of()).getLabelsMap());
    assertEquals(Map.of(), client.getGame(id).getLabelsMap());
    assertEquals(List.of(), ids(client.listAllGames(Map.of("tournament", tournament))));

    // A finished game is relabelled too; archived, it leaves the listing by labels as it leaves
    // the default listing, and a listing of archived games finds it by them.
    seat(created, 2).resign(id);
    Map<String, String> forfeit = Map.of("tournament", tournament, "result", "forfeit");
    assertEquals(forfeit, client.updateGameLabels(id, forfeit).getLabelsMap());
    assertEquals(List.of(id), ids(client.listAllGames(forfeit)));
    client.archiveGame(id);
    assertEquals(List.of(), ids(client.listAllGames(forfeit)));
    assertEquals(List.of(id), ids(client.listAllGames(
        ListGamesRequest.newBuilder().putAllLabels(forfeit).setStatus(GameStatus.GAME_STATUS_ARCHIVED).build())));

    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.updateGameLabels("no-such-game", Map.of("a", "b")));
  }

  @Test
  void aSeriesPassesItsLabelsToItsGamesAndIsFoundAndRelabelled() {
    String league = unique("league");
    CreateSeriesResponse created = client.createSeriesFromConfig(TIC_TAC_TOE,
        SeriesOptions.bestOf(3).withLabel("league", league).withLabel("division", "a"));
    Series series = created.getSeries();
    String id = series.getSeriesId();
    Map<String, String> labels = Map.of("league", league, "division", "a");
    assertEquals(labels, series.getLabelsMap());
    assertEquals(labels, client.getSeries(id).getLabelsMap());
    String firstGame = series.getGames(0).getGameId();
    assertEquals(labels, client.getGame(firstGame).getLabelsMap(), "the first game carries the series' labels");
    assertEquals(List.of(firstGame), ids(client.listAllGames(Map.of("league", league))));

    // Listing series by labels finds it, and not another one.
    String other = client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        SeriesOptions.bestOf(1).withLabels(Map.of("league", unique("league"), "division", "a"))).getSeries().getSeriesId();
    List<String> found = client.listSeries(Map.of("league", league)).getSeriesList().stream().map(Series::getSeriesId).toList();
    assertEquals(List.of(id), found);
    assertEquals(List.of(id), client.listAllSeries(Map.of("league", league, "division", "a")).stream().map(Series::getSeriesId).toList());
    assertEquals(List.of(id), client.listAllSeries(ListSeriesRequest.newBuilder().putLabels("league", league).setPageSize(1).build())
        .stream().map(Series::getSeriesId).toList());
    assertTrue(client.listAllSeries(Map.of("division", "a")).stream().map(Series::getSeriesId).toList().containsAll(List.of(id, other)));
    assertEquals(List.of(), client.listAllSeries(Map.of("league", league, "division", "b")));

    // Relabelled: the series and the games it makes from then on, not the one it made.
    Map<String, String> moved = Map.of("league", league, "division", "b");
    assertEquals(moved, client.updateSeriesLabels(id, moved).getLabelsMap());
    assertEquals(moved, client.getSeries(id).getLabelsMap());
    assertEquals(labels, client.getGame(firstGame).getLabelsMap(), "the game made before keeps its labels");
    assertEquals(List.of(id), client.listAllSeries(moved).stream().map(Series::getSeriesId).toList());
    assertEquals(List.of(), client.listAllSeries(labels));

    TabulaClient player2 = client.as(created.getPlayerTokensList().stream().filter(t -> t.getPlayer() == 2)
        .map(SeriesToken::getToken).findFirst().orElseThrow());
    player2.resign(firstGame);
    SeriesGameStarted second;
    try (SeriesEventStream events = client.seriesEvents(id, 0)) {
      second = events.stream().filter(e -> e.hasGameStarted() && e.getGameStarted().getNumber() == 2).findFirst()
          .orElseThrow().getGameStarted();
    }
    assertEquals(moved, client.getGame(second.getGameId()).getLabelsMap(), "a game made later takes the series' new labels");

    // Cleared, through the asynchronous client.
    assertEquals(Map.of(), client.async().updateSeriesLabels(id, Map.of()).join().getLabelsMap());
    assertEquals(List.of(), client.listAllSeries(Map.of("league", league)));
    refused(Status.Code.NOT_FOUND, "SERIES_NOT_FOUND", () -> client.updateSeriesLabels("no-such-series", Map.of("a", "b")));
  }

  @Test
  void badLabelsAreRefusedAndNamed() {
    // A key must start with a lowercase letter and have no uppercase one.
    TabulaException created = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults().withLabel("Round", "3")));
    assertEquals(List.of("labels[Round]"), fieldViolations(created));
    assertTrue(created.getMessage().contains("labels[Round]"), created.getMessage());

    // Every problem is named: a bad value, a key starting with a digit.
    TabulaException two = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
            SeriesOptions.bestOf(1).withLabel("stage", "Final").withLabel("1st", "x").withLabel("ok", "fine")));
    assertEquals(List.of("labels[1st]", "labels[stage]"), fieldViolations(two).stream().sorted().toList());

    // More than 64 labels.
    Map<String, String> many = new HashMap<>();
    for (int i = 0; i < 65; i++) {
      many.put("k" + i, "v");
    }
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.createGameFromConfig(TIC_TAC_TOE, CreateOptions.defaults().withLabels(many)));
    many.remove("k0");
    assertEquals(64, client.createGameFromConfig(TIC_TAC_TOE, CreateOptions.defaults().withLabels(many)).getGame().getLabelsCount());

    // An update names the label in the game or series it sends; the labels are kept.
    String id = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withLabel("round", "3")).getGame().getGameId();
    TabulaException update = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.updateGameLabels(id, Map.of("Round", "4")));
    assertEquals(List.of("game.labels[Round]"), fieldViolations(update));
    assertEquals(Map.of("round", "3"), client.getGame(id).getLabelsMap());
    String seriesId = client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", SeriesOptions.bestOf(1))
        .getSeries().getSeriesId();
    TabulaException seriesUpdate = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.updateSeriesLabels(seriesId, Map.of("Round", "4")));
    assertEquals(List.of("series.labels[Round]"), fieldViolations(seriesUpdate));

    // A filter is checked by the same rules.
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.listGames(Map.of("Round", "3")));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> client.listSeries(Map.of("Round", "3")));

    // A field that may not change is named as the mask's.
    TabulaException mask = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> client.updateGame(UpdateGameRequest.newBuilder()
            .setGame(Game.newBuilder().setGameId(id).setMoveCount(3))
            .setUpdateMask(FieldMask.newBuilder().addPaths("move_count"))
            .build()));
    assertEquals(List.of("update_mask"), fieldViolations(mask));
  }
}
