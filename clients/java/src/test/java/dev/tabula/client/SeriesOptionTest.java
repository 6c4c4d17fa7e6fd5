package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.BotSeat;
import dev.tabula.v1.CreateSeriesRequest;
import dev.tabula.v1.CreateSeriesResponse;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GetSeriesRequest;
import dev.tabula.v1.GetSeriesResponse;
import dev.tabula.v1.ListSeriesRequest;
import dev.tabula.v1.ListSeriesResponse;
import dev.tabula.v1.Player;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.Series;
import dev.tabula.v1.SeriesDraws;
import dev.tabula.v1.SeriesStatus;
import dev.tabula.v1.SeriesToken;
import dev.tabula.v1.TicTacToeConfig;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The requests the series calls make and the answers they return, offline. */
@Timeout(30)
class SeriesOptionTest {
  private static final Player ANN = Player.newBuilder().setPlayerId("u-17").setDisplayName("Ann").build();
  private static final Player BOB = Player.newBuilder().setPlayerId("u-42").setDisplayName("Bob").build();

  @Test
  void aLengthStartsTheOptionsAndTheRestDefault() {
    SeriesOptions best = SeriesOptions.bestOf(3);
    assertEquals(3, best.bestOf());
    assertEquals(0, best.firstTo());
    SeriesOptions first = SeriesOptions.firstTo(2);
    assertEquals(0, first.bestOf());
    assertEquals(2, first.firstTo());
    assertEquals(SeriesDraws.SERIES_DRAWS_UNSPECIFIED, best.draws());
    assertEquals(List.of(), best.players());
    assertEquals(List.of(), best.bots());
    assertFalse(best.isPrivate());
    assertTrue(best.allowHints().isEmpty());
    assertEquals("", best.requestId());
    assertEquals(RatingPool.RATING_POOL_UNSPECIFIED, best.ratingPool(), "not rated");

    CreateSeriesRequest plain = Requests.seriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", best);
    assertEquals(CreateSeriesRequest.newBuilder().setKind(GameKind.GAME_KIND_TIC_TAC_TOE).setPreset("classic").setBestOf(3).build(),
        plain);
    assertFalse(plain.hasAllowHints());
  }

  @Test
  void everyOptionGoesIntoTheRequest() {
    SeriesOptions options = SeriesOptions.firstTo(2).withDraws(SeriesDraws.SERIES_DRAWS_REPLAYED).withPlayer("u-17", "Ann")
        .withPlayer("u-42", "Bob").withBot(2, 3, Duration.ofMillis(500)).withPrivate(true).withAllowHints(false).withRequestId("s1")
        .withRatingPool(RatingPool.RATING_POOL_PRESET);
    assertEquals(List.of(ANN, BOB), options.players());
    assertEquals(RatingPool.RATING_POOL_PRESET, options.ratingPool());
    CreateSeriesRequest expected = CreateSeriesRequest.newBuilder().setFirstTo(2).setDraws(SeriesDraws.SERIES_DRAWS_REPLAYED)
        .addPlayers(ANN).addPlayers(BOB)
        .addBots(BotSeat.newBuilder().setSeat(2).setLevel(3).setMoveTime(Clocks.duration(Duration.ofMillis(500))))
        .setPrivate(true).setAllowHints(false).setRequestId("s1").setRatingPool(RatingPool.RATING_POOL_PRESET).build();

    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.newBuilder().setMisere(true)).build();
    assertEquals(expected.toBuilder().setConfig(config).build(), Requests.seriesFromConfig(config, options));
    assertEquals(expected.toBuilder().setSavedConfig("board").build(), Requests.seriesFromSavedConfig("board", options));
    assertEquals(expected.toBuilder().setKind(GameKind.GAME_KIND_CHESS).setPreset("standard").build(),
        Requests.seriesFromPreset(GameKind.GAME_KIND_CHESS, "standard", options));
    assertTrue(Requests.seriesFromConfig(config, options).hasAllowHints(), "false is sent when given");

    // withPlayers and withBots replace; the length stays.
    SeriesOptions replaced = options.withPlayers(BOB).withBots(BotSeat.newBuilder().setSeat(1).setLevel(1).build());
    assertEquals(List.of(BOB), replaced.players());
    assertEquals(List.of(BotSeat.newBuilder().setSeat(1).setLevel(1).build()), replaced.bots());
    assertEquals(2, replaced.firstTo());
    assertEquals(List.of(), options.withPlayers().withBots().players());
    assertEquals(RatingPool.RATING_POOL_PRESET, replaced.withDraws(SeriesDraws.SERIES_DRAWS_HALF_POINT).withPrivate(false)
        .withAllowHints(true).withRequestId("s2").withLabel("cup", "spring").withPlayer("", "Cy").withBot(1, 1, null).ratingPool(),
        "every other option keeps the pool");
    assertEquals(RatingPool.RATING_POOL_KIND, options.withRatingPool(RatingPool.RATING_POOL_KIND).ratingPool(), "a later call replaces it");
    assertEquals(RatingPool.RATING_POOL_PRESET, options.ratingPool(), "the original is unchanged");

    assertThrows(NullPointerException.class, () -> Requests.seriesFromPreset(GameKind.GAME_KIND_CHESS, "standard", null));
    assertThrows(NullPointerException.class, () -> Requests.seriesFromSavedConfig(null, SeriesOptions.bestOf(1)));
    assertThrows(NullPointerException.class, () -> SeriesOptions.bestOf(1).withDraws(null));
    assertThrows(NullPointerException.class, () -> SeriesOptions.bestOf(1).withRequestId(null));
    assertThrows(NullPointerException.class, () -> SeriesOptions.bestOf(1).withRatingPool(null));
  }

  /** A stand-in that records every series request and answers from {@code pages} for ListSeries. */
  private static Games.StandIn recording(List<Object> requests) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void createSeries(CreateSeriesRequest request, StreamObserver<CreateSeriesResponse> observer) {
        requests.add(request);
        observer.onNext(CreateSeriesResponse.newBuilder()
            .setSeries(Series.newBuilder().setSeriesId("s-" + request.getPreset() + request.getSavedConfig()).setBestOf(request.getBestOf()))
            .addPlayerTokens(SeriesToken.newBuilder().setPlayer(1).setToken("t1"))
            .addPlayerTokens(SeriesToken.newBuilder().setPlayer(2).setToken("t2")).build());
        observer.onCompleted();
      }

      @Override
      public void getSeries(GetSeriesRequest request, StreamObserver<GetSeriesResponse> observer) {
        requests.add(request);
        observer.onNext(GetSeriesResponse.newBuilder().setSeries(Series.newBuilder().setSeriesId(request.getSeriesId())).build());
        observer.onCompleted();
      }

      @Override
      public void listSeries(ListSeriesRequest request, StreamObserver<ListSeriesResponse> observer) {
        requests.add(request);
        // Three pages: a, b | c, d | e.
        ListSeriesResponse.Builder page = ListSeriesResponse.newBuilder();
        switch (request.getPageToken()) {
          case "" -> page.addSeries(series("a")).addSeries(series("b")).setNextPageToken("p2");
          case "p2" -> page.addSeries(series("c")).addSeries(series("d")).setNextPageToken("p3");
          default -> page.addSeries(series("e"));
        }
        observer.onNext(page.build());
        observer.onCompleted();
      }
    });
  }

  private static Series series(String id) {
    return Series.newBuilder().setSeriesId(id).build();
  }

  @Test
  void bothClientsMakeTheSeriesCalls() throws Exception {
    List<Object> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = recording(sent); TabulaClient client = standIn.client()) {
      CreateSeriesResponse created = client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", SeriesOptions.bestOf(3));
      assertEquals("s-classic", created.getSeries().getSeriesId());
      assertEquals(List.of("t1", "t2"), created.getPlayerTokensList().stream().map(SeriesToken::getToken).toList());
      assertEquals("s-board",
          client.async().createSeriesFromSavedConfig("board", SeriesOptions.firstTo(2)).get(10, TimeUnit.SECONDS).getSeries().getSeriesId());
      client.createSeriesFromConfig(GameConfig.getDefaultInstance(), SeriesOptions.bestOf(1));
      client.async().createSeriesFromConfig(GameConfig.getDefaultInstance(), SeriesOptions.bestOf(5)).get(10, TimeUnit.SECONDS);
      client.async().createSeriesFromPreset(GameKind.GAME_KIND_CHESS, "standard", SeriesOptions.bestOf(7)).get(10, TimeUnit.SECONDS);
      assertEquals(List.of(
          Requests.seriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", SeriesOptions.bestOf(3)),
          Requests.seriesFromSavedConfig("board", SeriesOptions.firstTo(2)),
          Requests.seriesFromConfig(GameConfig.getDefaultInstance(), SeriesOptions.bestOf(1)),
          Requests.seriesFromConfig(GameConfig.getDefaultInstance(), SeriesOptions.bestOf(5)),
          Requests.seriesFromPreset(GameKind.GAME_KIND_CHESS, "standard", SeriesOptions.bestOf(7))), sent);
      sent.clear();

      assertEquals("x", client.getSeries("x").getSeriesId());
      assertEquals("y", client.async().getSeries("y").get(10, TimeUnit.SECONDS).getSeriesId());
      assertEquals(List.of(GetSeriesRequest.newBuilder().setSeriesId("x").build(), GetSeriesRequest.newBuilder().setSeriesId("y").build()),
          sent);
      sent.clear();

      assertEquals("p2", client.listSeries().getNextPageToken());
      assertEquals(2, client.async().listSeries().get(10, TimeUnit.SECONDS).getSeriesCount());
      ListSeriesRequest finished = ListSeriesRequest.newBuilder().setStatus(SeriesStatus.SERIES_STATUS_FINISHED).setPageSize(2).build();
      assertEquals("p3", client.listSeries(finished.toBuilder().setPageToken("p2").build()).getNextPageToken());
      sent.clear();
      assertEquals(List.of("a", "b", "c", "d", "e"), client.listAllSeries(finished).stream().map(Series::getSeriesId).toList());
      assertEquals(List.of(finished, finished.toBuilder().setPageToken("p2").build(), finished.toBuilder().setPageToken("p3").build()),
          sent, "every page is asked with the same filter");
      assertEquals(List.of("c", "d", "e"),
          client.listAllSeries(finished.toBuilder().setPageToken("p2").build()).stream().map(Series::getSeriesId).toList());
    }
  }
}
