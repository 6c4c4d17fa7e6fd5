package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.FieldMask;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateSeriesRequest;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.ListGamesRequest;
import dev.tabula.v1.ListGamesResponse;
import dev.tabula.v1.ListSeriesRequest;
import dev.tabula.v1.ListSeriesResponse;
import dev.tabula.v1.Series;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.UpdateGameRequest;
import dev.tabula.v1.UpdateGameResponse;
import dev.tabula.v1.UpdateSeriesRequest;
import dev.tabula.v1.UpdateSeriesResponse;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The labels the options, listings and updates send, in the requests and through both clients, offline. */
@Timeout(30)
class LabelsOptionTest {
  private static final FieldMask LABELS = FieldMask.newBuilder().addPaths("labels").build();

  @Test
  void labelsAccumulateAndWithLabelsReplacesThem() {
    assertEquals(Map.of(), CreateOptions.defaults().labels());
    assertEquals(Map.of(), SeriesOptions.bestOf(3).labels());

    CreateOptions two = CreateOptions.defaults().withLabel("tournament", "spring").withLabel("round", "1");
    assertEquals(Map.of("tournament", "spring", "round", "1"), two.labels());
    assertEquals(List.of("tournament", "round"), List.copyOf(two.labels().keySet()), "kept in the order given");
    assertEquals(Map.of("tournament", "spring", "round", "2"), two.withLabel("round", "2").labels(), "a key given again takes the new value");
    assertEquals(Map.of("table", "7"), two.withLabels(Map.of("table", "7")).labels(), "withLabels replaces the labels given before");
    assertEquals(Map.of(), two.withLabels(Map.of()).labels());
    assertEquals(Map.of("tournament", "spring", "round", "1"), two.labels(), "the options are immutable");
    assertThrows(UnsupportedOperationException.class, () -> two.labels().put("x", "y"));

    // The options copy the map they are given.
    Map<String, String> given = new HashMap<>(Map.of("a", "1"));
    CreateOptions copied = CreateOptions.defaults().withLabels(given);
    given.put("b", "2");
    assertEquals(Map.of("a", "1"), copied.labels());

    // The other options keep the labels, and the labels the other options.
    CreateOptions mixed = two.withPrivate(true).withPlayer("u-17", "Ann").withBot(2, 1, Duration.ZERO).withRequestId("r")
        .withAllowHints(true).withStarter(Starter.STARTER_SECOND_SEAT).withClock(Clocks.perMove(Duration.ofSeconds(5)));
    assertEquals(two.labels(), mixed.labels());
    assertTrue(mixed.withLabel("x", "y").isPrivate());
    assertEquals("r", mixed.withLabels(Map.of()).requestId());

    SeriesOptions series = SeriesOptions.firstTo(2).withLabel("league", "north").withPlayer("u-17", "Ann").withLabel("division", "a")
        .withPrivate(true);
    assertEquals(Map.of("league", "north", "division", "a"), series.labels());
    assertEquals(2, series.firstTo());
    assertEquals(Map.of("division", "b"), series.withLabels(Map.of("division", "b")).labels());
    assertTrue(series.withLabels(Map.of()).isPrivate());

    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withLabel(null, "x"));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withLabel("x", null));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withLabels(null));
    Map<String, String> withNull = new LinkedHashMap<>();
    withNull.put("x", null);
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withLabels(withNull));
    assertThrows(NullPointerException.class, () -> SeriesOptions.bestOf(1).withLabel("x", null));
    assertThrows(NullPointerException.class, () -> SeriesOptions.bestOf(1).withLabels(null));
  }

  @Test
  void everySourceSendsTheLabels() {
    Map<String, String> labels = Map.of("tournament", "spring", "round", "1");
    CreateOptions options = CreateOptions.defaults().withLabels(labels);
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    for (CreateGameRequest request : List.of(
        GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", options),
        GameRequests.gameFromConfig(config, options),
        GameRequests.gameFromPgn("1. e4 *", options),
        GameRequests.gameFromSavedConfig("board", options))) {
      assertEquals(labels, request.getLabelsMap(), request.toString());
    }
    assertEquals(0, GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", CreateOptions.defaults()).getLabelsCount());

    SeriesOptions series = SeriesOptions.bestOf(3).withLabels(labels);
    for (CreateSeriesRequest request : List.of(
        Requests.seriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", series),
        Requests.seriesFromConfig(config, series),
        Requests.seriesFromSavedConfig("board", series))) {
      assertEquals(labels, request.getLabelsMap(), request.toString());
    }
    assertEquals(0, Requests.seriesFromConfig(config, SeriesOptions.bestOf(3)).getLabelsCount());
  }

  @Test
  void listingsAndUpdatesSendTheLabelsAndTheMask() {
    Map<String, String> labels = Map.of("tournament", "spring");
    assertEquals(ListGamesRequest.newBuilder().putAllLabels(labels).build(), Requests.listGames(labels));
    assertEquals(ListSeriesRequest.newBuilder().putAllLabels(labels).build(), Requests.listSeries(labels));
    assertEquals(UpdateGameRequest.newBuilder().setGame(Game.newBuilder().setGameId("g").putAllLabels(labels)).setUpdateMask(LABELS).build(),
        Requests.updateGameLabels("g", labels));
    assertEquals(UpdateSeriesRequest.newBuilder().setSeries(Series.newBuilder().setSeriesId("s").putAllLabels(labels))
        .setUpdateMask(LABELS).build(), Requests.updateSeriesLabels("s", labels));
    // No labels: the mask still names them, so the update clears them.
    UpdateGameRequest clear = Requests.updateGameLabels("g", Map.of());
    assertEquals(0, clear.getGame().getLabelsCount());
    assertEquals(LABELS, clear.getUpdateMask());
    assertEquals(LABELS, Requests.updateSeriesLabels("s", Map.of()).getUpdateMask());
    assertThrows(NullPointerException.class, () -> Requests.updateGameLabels("g", null));
    assertThrows(NullPointerException.class, () -> Requests.updateSeriesLabels(null, labels));
  }

  @Test
  void bothClientsMakeTheLabelCalls() throws Exception {
    List<Object> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
          @Override
          public void updateGame(UpdateGameRequest request, StreamObserver<UpdateGameResponse> observer) {
            sent.add(request);
            observer.onNext(UpdateGameResponse.newBuilder().setGame(request.getGame()).build());
            observer.onCompleted();
          }

          @Override
          public void updateSeries(UpdateSeriesRequest request, StreamObserver<UpdateSeriesResponse> observer) {
            sent.add(request);
            observer.onNext(UpdateSeriesResponse.newBuilder().setSeries(request.getSeries()).build());
            observer.onCompleted();
          }

          @Override
          public void listGames(ListGamesRequest request, StreamObserver<ListGamesResponse> observer) {
            sent.add(request);
            // Two pages: g1 | g2.
            ListGamesResponse.Builder page = ListGamesResponse.newBuilder()
                .addGames(Game.newBuilder().setGameId(request.getPageToken().isEmpty() ? "g1" : "g2").putAllLabels(request.getLabelsMap()));
            if (request.getPageToken().isEmpty()) {
              page.setNextPageToken("p2");
            }
            observer.onNext(page.build());
            observer.onCompleted();
          }

          @Override
          public void listSeries(ListSeriesRequest request, StreamObserver<ListSeriesResponse> observer) {
            sent.add(request);
            ListSeriesResponse.Builder page = ListSeriesResponse.newBuilder()
                .addSeries(Series.newBuilder().setSeriesId(request.getPageToken().isEmpty() ? "s1" : "s2"));
            if (request.getPageToken().isEmpty()) {
              page.setNextPageToken("p2");
            }
            observer.onNext(page.build());
            observer.onCompleted();
          }
        });
        TabulaClient client = standIn.client()) {
      Map<String, String> labels = Map.of("tournament", "spring");
      assertEquals(labels, client.updateGameLabels("g", labels).getLabelsMap());
      assertEquals("g", client.async().updateGameLabels("g", Map.of()).get(10, TimeUnit.SECONDS).getGameId());
      assertEquals(labels, client.updateSeriesLabels("s", labels).getLabelsMap());
      assertEquals("s", client.async().updateSeriesLabels("s", Map.of()).get(10, TimeUnit.SECONDS).getSeriesId());
      assertEquals(List.of(Requests.updateGameLabels("g", labels), Requests.updateGameLabels("g", Map.of()),
          Requests.updateSeriesLabels("s", labels), Requests.updateSeriesLabels("s", Map.of())), sent);
      sent.clear();

      assertEquals("p2", client.listGames(labels).getNextPageToken());
      assertEquals("p2", client.async().listGames(labels).get(10, TimeUnit.SECONDS).getNextPageToken());
      assertEquals(List.of("g1", "g2"), client.listAllGames(labels).stream().map(Game::getGameId).toList());
      ListGamesRequest byLabels = ListGamesRequest.newBuilder().putAllLabels(labels).build();
      assertEquals(List.of(byLabels, byLabels, byLabels, byLabels.toBuilder().setPageToken("p2").build()), sent,
          "every page is asked with the labels");
      sent.clear();

      assertEquals("p2", client.listSeries(labels).getNextPageToken());
      assertEquals("p2", client.async().listSeries(labels).get(10, TimeUnit.SECONDS).getNextPageToken());
      assertEquals(List.of("s1", "s2"), client.listAllSeries(labels).stream().map(Series::getSeriesId).toList());
      ListSeriesRequest seriesByLabels = ListSeriesRequest.newBuilder().putAllLabels(labels).build();
      assertEquals(List.of(seriesByLabels, seriesByLabels, seriesByLabels, seriesByLabels.toBuilder().setPageToken("p2").build()), sent);
    }
  }
}
