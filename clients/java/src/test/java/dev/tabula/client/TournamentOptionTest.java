package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.AddTournamentPlayerRequest;
import dev.tabula.v1.AddTournamentPlayerResponse;
import dev.tabula.v1.CancelTournamentRequest;
import dev.tabula.v1.CancelTournamentResponse;
import dev.tabula.v1.CreateTournamentRequest;
import dev.tabula.v1.CreateTournamentResponse;
import dev.tabula.v1.ExportTournamentTrfRequest;
import dev.tabula.v1.ExportTournamentTrfResponse;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GetTournamentRequest;
import dev.tabula.v1.GetTournamentResponse;
import dev.tabula.v1.ListTournamentsRequest;
import dev.tabula.v1.ListTournamentsResponse;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.StartTournamentRoundRequest;
import dev.tabula.v1.StartTournamentRoundResponse;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.TieBreak;
import dev.tabula.v1.Tournament;
import dev.tabula.v1.TournamentFormat;
import dev.tabula.v1.TournamentPlayer;
import dev.tabula.v1.TournamentPlayerToken;
import dev.tabula.v1.TournamentScoring;
import dev.tabula.v1.TournamentStatus;
import dev.tabula.v1.WithdrawTournamentPlayerRequest;
import dev.tabula.v1.WithdrawTournamentPlayerResponse;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The requests the tournament calls make and the answers they return, offline. */
@Timeout(30)
class TournamentOptionTest {
  private static final TournamentPlayer ANN = TournamentPlayer.newBuilder().setPlayerId("u-17").setDisplayName("Ann").build();
  private static final TournamentPlayer BOB = TournamentPlayer.newBuilder().setPlayerId("u-42").setDisplayName("Bob").build();
  private static final List<TournamentPlayer> PLAYERS = List.of(ANN, BOB);
  private static final TournamentOptions SEEDED_KNOCKOUT = TournamentOptions.knockout(5).withRatingPool(RatingPool.RATING_POOL_KIND)
      .withSeedByRating(true).withHoldRounds(true);
  private static final TournamentOptions ACCELERATED_SWISS = TournamentOptions.swiss(3).withAccelerated(true);

  @Test
  void aFormatStartsTheOptionsAndTheRestDefault() {
    TournamentOptions single = TournamentOptions.roundRobin();
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN, single.format());
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN, TournamentOptions.doubleRoundRobin().format());
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN,
        TournamentOptions.of(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN).format());
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN,
        single.withFormat(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN).format());
    assertTrue(single.scoring().isEmpty());
    assertEquals(List.of(), single.tieBreaks());
    assertFalse(single.holdRounds());
    assertEquals(RatingPool.RATING_POOL_UNSPECIFIED, single.ratingPool());
    assertFalse(single.isPrivate());
    assertTrue(single.allowHints().isEmpty());
    assertEquals(Map.of(), single.labels());
    assertEquals("", single.requestId());
    assertEquals(0, single.bestOf(), "the server's default");
    assertFalse(single.seedByRating());
    assertEquals(0, single.rounds(), "the server's default");
    assertFalse(single.accelerated());
    assertEquals("", single.trf(), "no report file: from the first round");

    CreateTournamentRequest plain = Requests.tournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", PLAYERS, single);
    assertEquals(CreateTournamentRequest.newBuilder().setKind(GameKind.GAME_KIND_TIC_TAC_TOE).setPreset("classic")
        .setFormat(TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN).addPlayers(ANN).addPlayers(BOB).build(), plain);
    assertFalse(plain.hasAllowHints());
    assertFalse(plain.hasScoring(), "no scoring: the server's");
  }

  @Test
  void aKnockoutSendsItsBestOfAndItsSeeding() {
    TournamentOptions plain = TournamentOptions.knockout();
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, plain.format());
    assertEquals(0, plain.bestOf(), "best of 1, the server's default");
    assertFalse(plain.seedByRating());
    assertEquals(CreateTournamentRequest.newBuilder().setKind(GameKind.GAME_KIND_TIC_TAC_TOE).setPreset("classic")
        .setFormat(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT).addPlayers(ANN).addPlayers(BOB).build(),
        Requests.tournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", PLAYERS, plain));

    TournamentOptions seeded = TournamentOptions.knockout(3).withRatingPool(RatingPool.RATING_POOL_KIND).withSeedByRating(true);
    assertEquals(3, seeded.bestOf());
    assertTrue(seeded.seedByRating());
    assertEquals(5, seeded.withBestOf(5).bestOf());
    assertEquals(3, seeded.bestOf(), "the original is unchanged");
    assertFalse(seeded.withSeedByRating(false).seedByRating());
    assertEquals(3, TournamentOptions.knockout().withBestOf(3).bestOf());
    assertEquals(7, TournamentOptions.of(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT).withBestOf(7).bestOf());
    // Every other option keeps them.
    TournamentOptions more = seeded.withHoldRounds(true).withPrivate(true).withAllowHints(true).withLabel("cup", "spring")
        .withRequestId("k1").withScoring(2, 1, 0, 2).withTieBreaks().withFormat(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT);
    assertEquals(3, more.bestOf());
    assertTrue(more.seedByRating());

    CreateTournamentRequest expected = CreateTournamentRequest.newBuilder()
        .setFormat(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT).addAllPlayers(PLAYERS)
        .setRatingPool(RatingPool.RATING_POOL_KIND).setBestOf(3).setSeedByRating(true).build();
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    assertEquals(expected.toBuilder().setKind(GameKind.GAME_KIND_CHESS).setPreset("blitz_3_2").build(),
        Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS, seeded));
    assertEquals(expected.toBuilder().setConfig(config).build(), Requests.tournamentFromConfig(config, PLAYERS, seeded));
    assertEquals(expected.toBuilder().setSavedConfig("board").build(), Requests.tournamentFromSavedConfig("board", PLAYERS, seeded));

    // Nothing is checked here: the server refuses an even best_of, or one outside a knockout.
    assertEquals(2, Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS, TournamentOptions.knockout(2))
        .getBestOf());
    assertEquals(3, Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS,
        TournamentOptions.roundRobin().withBestOf(3)).getBestOf());
  }

  @Test
  void aSwissSendsItsRoundsItsAccelerationAndItsSeeding() {
    TournamentOptions plain = TournamentOptions.swiss();
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_SWISS, plain.format());
    assertEquals(0, plain.rounds(), "log2 of the players rounded up, the server's default");
    assertFalse(plain.accelerated());
    assertFalse(plain.seedByRating());
    assertEquals(0, plain.bestOf());
    assertEquals(CreateTournamentRequest.newBuilder().setKind(GameKind.GAME_KIND_TIC_TAC_TOE).setPreset("classic")
        .setFormat(TournamentFormat.TOURNAMENT_FORMAT_SWISS).addPlayers(ANN).addPlayers(BOB).build(),
        Requests.tournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", PLAYERS, plain));

    TournamentOptions accelerated = TournamentOptions.swiss(5).withAccelerated(true).withRatingPool(RatingPool.RATING_POOL_KIND)
        .withSeedByRating(true);
    assertEquals(5, accelerated.rounds());
    assertTrue(accelerated.accelerated());
    assertTrue(accelerated.seedByRating());
    assertEquals(7, accelerated.withRounds(7).rounds());
    assertEquals(5, accelerated.rounds(), "the original is unchanged");
    assertFalse(accelerated.withAccelerated(false).accelerated());
    assertTrue(accelerated.accelerated(), "the original is unchanged");
    assertEquals(3, TournamentOptions.swiss().withRounds(3).rounds());
    assertEquals(4, TournamentOptions.of(TournamentFormat.TOURNAMENT_FORMAT_SWISS).withRounds(4).rounds());
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_SWISS,
        TournamentOptions.roundRobin().withFormat(TournamentFormat.TOURNAMENT_FORMAT_SWISS).format());
    // Every other option keeps them.
    TournamentOptions more = accelerated.withHoldRounds(true).withPrivate(true).withAllowHints(true).withLabel("open", "spring")
        .withRequestId("s1").withScoring(2, 1, 0, 2).withTieBreaks(TieBreak.TIE_BREAK_BUCHHOLZ).withBestOf(0)
        .withFormat(TournamentFormat.TOURNAMENT_FORMAT_SWISS);
    assertEquals(5, more.rounds());
    assertTrue(more.accelerated());
    assertTrue(more.seedByRating());

    CreateTournamentRequest expected = CreateTournamentRequest.newBuilder()
        .setFormat(TournamentFormat.TOURNAMENT_FORMAT_SWISS).addAllPlayers(PLAYERS)
        .setRatingPool(RatingPool.RATING_POOL_KIND).setSeedByRating(true).setRounds(5).setAccelerated(true).build();
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    assertEquals(expected.toBuilder().setKind(GameKind.GAME_KIND_CHESS).setPreset("blitz_3_2").build(),
        Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS, accelerated));
    assertEquals(expected.toBuilder().setConfig(config).build(), Requests.tournamentFromConfig(config, PLAYERS, accelerated));
    assertEquals(expected.toBuilder().setSavedConfig("board").build(),
        Requests.tournamentFromSavedConfig("board", PLAYERS, accelerated));

    // Nothing is checked here: the server refuses too many rounds, or rounds and acceleration
    // outside a Swiss.
    assertEquals(2, Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS, TournamentOptions.swiss(2))
        .getRounds());
    CreateTournamentRequest outside = Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS,
        TournamentOptions.roundRobin().withRounds(3).withAccelerated(true));
    assertEquals(3, outside.getRounds());
    assertTrue(outside.getAccelerated());
  }

  @Test
  void aSwissContinuedFromAReportFileSendsTheFile() {
    String trf = "012 Spring open\n062 2\n001    1      Ann                                                      1.0    1     2 w 1\n"
        + "001    2      Bob                                                      0.0    2     1 b 0\n";
    TournamentOptions continued = TournamentOptions.swiss(3).withTrf(trf);
    assertEquals(trf, continued.trf());
    assertEquals("", TournamentOptions.swiss(3).trf(), "the original is unchanged");
    assertEquals("", continued.withTrf("").trf(), "empty: none");
    // Every other option keeps it.
    TournamentOptions more = continued.withHoldRounds(true).withPrivate(true).withAllowHints(true).withLabel("open", "spring")
        .withRequestId("c1").withScoring(2, 1, 0, 2).withTieBreaks(TieBreak.TIE_BREAK_BUCHHOLZ).withRounds(5)
        .withAccelerated(true).withRatingPool(RatingPool.RATING_POOL_KIND).withSeedByRating(true).withBestOf(0)
        .withFormat(TournamentFormat.TOURNAMENT_FORMAT_SWISS);
    assertEquals(trf, more.trf());
    assertEquals(5, more.rounds());

    CreateTournamentRequest expected = CreateTournamentRequest.newBuilder()
        .setFormat(TournamentFormat.TOURNAMENT_FORMAT_SWISS).addAllPlayers(PLAYERS).setRounds(3).setTrf(trf).build();
    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
    assertEquals(expected.toBuilder().setKind(GameKind.GAME_KIND_CHESS).setPreset("blitz_3_2").build(),
        Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS, continued));
    assertEquals(expected.toBuilder().setConfig(config).build(), Requests.tournamentFromConfig(config, PLAYERS, continued));
    assertEquals(expected.toBuilder().setSavedConfig("board").build(), Requests.tournamentFromSavedConfig("board", PLAYERS, continued));
    // Nothing is checked here: the server refuses a file outside a Swiss, or one that does not fit.
    assertEquals(trf, Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", PLAYERS,
        TournamentOptions.roundRobin().withTrf(trf)).getTrf());
    assertThrows(NullPointerException.class, () -> TournamentOptions.swiss(3).withTrf(null));
  }

  @Test
  void thePlayersFactoriesMakePeopleAndTheEngine() {
    assertEquals(ANN, TournamentPlayers.person("u-17", "Ann"));
    assertEquals(TournamentPlayer.newBuilder().setEngineLevel(3).build(), TournamentPlayers.engine(3));
    assertEquals(TournamentPlayer.newBuilder().setEngineLevel(3).build(), TournamentPlayers.engine(3, Duration.ZERO));
    assertEquals(TournamentPlayer.newBuilder().setEngineLevel(2).setEngineMoveTime(Clocks.duration(Duration.ofMillis(250))).build(),
        TournamentPlayers.engine(2, Duration.ofMillis(250)));
    assertEquals(TournamentPlayer.newBuilder().setPlayerId("bot-a").setDisplayName("Bot A").setEngineLevel(1).build(),
        TournamentPlayers.engine("bot-a", "Bot A", 1, null));
    assertThrows(NullPointerException.class, () -> TournamentPlayers.person(null, "Ann"));
    assertThrows(NullPointerException.class, () -> TournamentPlayers.person("u-17", null));
  }

  @Test
  void everyOptionGoesIntoTheRequest() {
    TournamentOptions options = TournamentOptions.doubleRoundRobin().withScoring(3, 1, 0, 3)
        .withTieBreaks(TieBreak.TIE_BREAK_BUCHHOLZ, TieBreak.TIE_BREAK_WINS).withHoldRounds(true)
        .withRatingPool(RatingPool.RATING_POOL_KIND).withPrivate(true).withAllowHints(false)
        .withLabel("event", "spring").withLabel("stage", "groups").withRequestId("t1");
    assertEquals(List.of("event", "stage"), new ArrayList<>(options.labels().keySet()), "labels keep their order");
    CreateTournamentRequest expected = CreateTournamentRequest.newBuilder()
        .setFormat(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN)
        .addAllPlayers(PLAYERS)
        .setScoring(TournamentScoring.newBuilder().setWin(3).setDraw(1).setLoss(0).setBye(3))
        .addTieBreaks(TieBreak.TIE_BREAK_BUCHHOLZ).addTieBreaks(TieBreak.TIE_BREAK_WINS)
        .setHoldRounds(true).setRatingPool(RatingPool.RATING_POOL_KIND).setPrivate(true).setAllowHints(false)
        .putLabels("event", "spring").putLabels("stage", "groups").setRequestId("t1").build();

    GameConfig config = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.newBuilder().setMisere(true)).build();
    assertEquals(expected.toBuilder().setConfig(config).build(), Requests.tournamentFromConfig(config, PLAYERS, options));
    assertEquals(expected.toBuilder().setSavedConfig("board").build(), Requests.tournamentFromSavedConfig("board", PLAYERS, options));
    assertEquals(expected.toBuilder().setKind(GameKind.GAME_KIND_CHESS).setPreset("standard").build(),
        Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "standard", PLAYERS, options));
    assertTrue(Requests.tournamentFromConfig(config, PLAYERS, options).hasAllowHints(), "false is sent when given");

    // withTieBreaks and withLabels replace; withScoring takes a message too.
    TournamentOptions replaced = options.withTieBreaks(TieBreak.TIE_BREAK_SONNEBORN_BERGER).withLabels(Map.of("event", "autumn"))
        .withScoring(TournamentScoring.newBuilder().setWin(2).setDraw(1).build());
    assertEquals(List.of(TieBreak.TIE_BREAK_SONNEBORN_BERGER), replaced.tieBreaks());
    assertEquals(Map.of("event", "autumn"), replaced.labels());
    assertEquals(2, replaced.scoring().orElseThrow().getWin());
    assertEquals(List.of(), options.withTieBreaks().tieBreaks());
    assertEquals(List.of(TieBreak.TIE_BREAK_BUCHHOLZ, TieBreak.TIE_BREAK_WINS), options.tieBreaks(), "the original is unchanged");

    assertThrows(NullPointerException.class,
        () -> Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "standard", PLAYERS, null));
    assertThrows(NullPointerException.class,
        () -> Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "standard", null, TournamentOptions.roundRobin()));
    List<TournamentPlayer> withNull = new ArrayList<>(PLAYERS);
    withNull.add(null);
    assertThrows(NullPointerException.class, () -> Requests.tournamentFromConfig(config, withNull, TournamentOptions.roundRobin()));
    assertThrows(NullPointerException.class, () -> Requests.tournamentFromSavedConfig(null, PLAYERS, TournamentOptions.roundRobin()));
    assertThrows(NullPointerException.class, () -> TournamentOptions.of(null));
    assertThrows(NullPointerException.class, () -> TournamentOptions.roundRobin().withRatingPool(null));
    assertThrows(NullPointerException.class, () -> TournamentOptions.roundRobin().withRequestId(null));
    assertThrows(NullPointerException.class, () -> TournamentOptions.roundRobin().withTieBreaks((TieBreak) null));
    assertThrows(NullPointerException.class, () -> TournamentOptions.roundRobin().withLabel("event", null));
  }

  private static Tournament tournament(String id) {
    return Tournament.newBuilder().setTournamentId(id).build();
  }

  /** A stand-in that records every tournament request and answers with the tournament it names. */
  private static Games.StandIn recording(List<Object> requests) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void createTournament(CreateTournamentRequest request, StreamObserver<CreateTournamentResponse> observer) {
        requests.add(request);
        observer.onNext(CreateTournamentResponse.newBuilder()
            .setTournament(tournament("t-" + request.getPreset() + request.getSavedConfig()).toBuilder().setFormat(request.getFormat()))
            .addPlayerTokens(TournamentPlayerToken.newBuilder().setPlayer(1).setToken("t1"))
            .addPlayerTokens(TournamentPlayerToken.newBuilder().setPlayer(2).setToken("t2")).build());
        observer.onCompleted();
      }

      @Override
      public void getTournament(GetTournamentRequest request, StreamObserver<GetTournamentResponse> observer) {
        requests.add(request);
        observer.onNext(GetTournamentResponse.newBuilder().setTournament(tournament(request.getTournamentId())).build());
        observer.onCompleted();
      }

      @Override
      public void exportTournamentTrf(ExportTournamentTrfRequest request, StreamObserver<ExportTournamentTrfResponse> observer) {
        requests.add(request);
        observer.onNext(ExportTournamentTrfResponse.newBuilder().setTrf("012 " + request.getTournamentId() + "\n062 2\n").build());
        observer.onCompleted();
      }

      @Override
      public void listTournaments(ListTournamentsRequest request, StreamObserver<ListTournamentsResponse> observer) {
        requests.add(request);
        // Three pages: a, b | c, d | e.
        ListTournamentsResponse.Builder page = ListTournamentsResponse.newBuilder();
        switch (request.getPageToken()) {
          case "" -> page.addTournaments(tournament("a")).addTournaments(tournament("b")).setNextPageToken("p2");
          case "p2" -> page.addTournaments(tournament("c")).addTournaments(tournament("d")).setNextPageToken("p3");
          default -> page.addTournaments(tournament("e"));
        }
        observer.onNext(page.build());
        observer.onCompleted();
      }

      @Override
      public void startTournamentRound(StartTournamentRoundRequest request, StreamObserver<StartTournamentRoundResponse> observer) {
        requests.add(request);
        observer.onNext(StartTournamentRoundResponse.newBuilder()
            .setTournament(tournament(request.getTournamentId()).toBuilder().setReleasedRounds(request.getRound())).build());
        observer.onCompleted();
      }

      @Override
      public void withdrawTournamentPlayer(WithdrawTournamentPlayerRequest request,
          StreamObserver<WithdrawTournamentPlayerResponse> observer) {
        requests.add(request);
        observer.onNext(WithdrawTournamentPlayerResponse.newBuilder().setTournament(tournament(request.getTournamentId())).build());
        observer.onCompleted();
      }

      @Override
      public void addTournamentPlayer(AddTournamentPlayerRequest request, StreamObserver<AddTournamentPlayerResponse> observer) {
        requests.add(request);
        observer.onNext(AddTournamentPlayerResponse.newBuilder()
            .setTournament(tournament(request.getTournamentId()).toBuilder().addPlayers(request.getPlayer()))
            .setPlayerToken(TournamentPlayerToken.newBuilder().setPlayer(3).setToken("t3")).build());
        observer.onCompleted();
      }

      @Override
      public void cancelTournament(CancelTournamentRequest request, StreamObserver<CancelTournamentResponse> observer) {
        requests.add(request);
        observer.onNext(CancelTournamentResponse.newBuilder()
            .setTournament(tournament(request.getTournamentId()).toBuilder().setStatus(TournamentStatus.TOURNAMENT_STATUS_CANCELLED))
            .build());
        observer.onCompleted();
      }
    });
  }

  @Test
  void bothClientsMakeTheTournamentCalls() throws Exception {
    List<Object> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = recording(sent); TabulaClient client = standIn.client()) {
      CreateTournamentResponse created =
          client.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", PLAYERS, TournamentOptions.roundRobin());
      assertEquals("t-classic", created.getTournament().getTournamentId());
      assertEquals(List.of("t1", "t2"), created.getPlayerTokensList().stream().map(TournamentPlayerToken::getToken).toList());
      assertEquals("t-board", client.async().createTournamentFromSavedConfig("board", PLAYERS, TournamentOptions.doubleRoundRobin())
          .get(10, TimeUnit.SECONDS).getTournament().getTournamentId());
      client.createTournamentFromConfig(GameConfig.getDefaultInstance(), PLAYERS, TournamentOptions.knockout(3));
      client.async().createTournamentFromConfig(GameConfig.getDefaultInstance(), PLAYERS, TournamentOptions.doubleRoundRobin())
          .get(10, TimeUnit.SECONDS);
      client.async().createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "standard", PLAYERS, TournamentOptions.knockout())
          .get(10, TimeUnit.SECONDS);
      client.createTournamentFromSavedConfig("board", PLAYERS, SEEDED_KNOCKOUT);
      client.async().createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "standard", PLAYERS, ACCELERATED_SWISS)
          .get(10, TimeUnit.SECONDS);
      assertEquals(List.of(
          Requests.tournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", PLAYERS, TournamentOptions.roundRobin()),
          Requests.tournamentFromSavedConfig("board", PLAYERS, TournamentOptions.doubleRoundRobin()),
          Requests.tournamentFromConfig(GameConfig.getDefaultInstance(), PLAYERS, TournamentOptions.knockout(3)),
          Requests.tournamentFromConfig(GameConfig.getDefaultInstance(), PLAYERS, TournamentOptions.doubleRoundRobin()),
          Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "standard", PLAYERS, TournamentOptions.knockout()),
          Requests.tournamentFromSavedConfig("board", PLAYERS, SEEDED_KNOCKOUT),
          Requests.tournamentFromPreset(GameKind.GAME_KIND_CHESS, "standard", PLAYERS, ACCELERATED_SWISS)), sent);
      assertEquals(3, ((CreateTournamentRequest) sent.get(2)).getBestOf(), "a knockout's best of goes over the wire");
      assertEquals(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, ((CreateTournamentRequest) sent.get(4)).getFormat());
      CreateTournamentRequest seeded = (CreateTournamentRequest) sent.get(5);
      assertEquals(5, seeded.getBestOf());
      assertTrue(seeded.getSeedByRating());
      assertTrue(seeded.getHoldRounds());
      CreateTournamentRequest swiss = (CreateTournamentRequest) sent.get(6);
      assertEquals(TournamentFormat.TOURNAMENT_FORMAT_SWISS, swiss.getFormat());
      assertEquals(3, swiss.getRounds(), "a Swiss's rounds go over the wire");
      assertTrue(swiss.getAccelerated(), "and its acceleration");
      sent.clear();

      assertEquals("x", client.getTournament("x").getTournamentId());
      assertEquals("y", client.async().getTournament("y").get(10, TimeUnit.SECONDS).getTournamentId());
      assertEquals(List.of(GetTournamentRequest.newBuilder().setTournamentId("x").build(),
          GetTournamentRequest.newBuilder().setTournamentId("y").build()), sent);
      sent.clear();

      assertEquals("012 x\n062 2\n", client.exportTournamentTrf("x"), "the file's text, as the server sent it");
      assertEquals("012 y\n062 2\n", client.async().exportTournamentTrf("y").get(10, TimeUnit.SECONDS));
      assertEquals(List.of(ExportTournamentTrfRequest.newBuilder().setTournamentId("x").build(),
          ExportTournamentTrfRequest.newBuilder().setTournamentId("y").build()), sent);
      sent.clear();

      assertEquals(3, client.startTournamentRound("x", 3).getReleasedRounds());
      assertEquals(4, client.async().startTournamentRound("y", 4).get(10, TimeUnit.SECONDS).getReleasedRounds());
      assertEquals("x", client.withdrawTournamentPlayer("x", 2).getTournamentId());
      assertEquals("y", client.async().withdrawTournamentPlayer("y", 5).get(10, TimeUnit.SECONDS).getTournamentId());
      TournamentPlayer cy = TournamentPlayers.person("u-7", "Cy");
      assertEquals("t3", client.addTournamentPlayer("x", cy).getPlayerToken().getToken());
      assertEquals(cy, client.async().addTournamentPlayer("y", cy).get(10, TimeUnit.SECONDS).getTournament().getPlayers(0));
      assertEquals(TournamentStatus.TOURNAMENT_STATUS_CANCELLED, client.cancelTournament("x").getStatus());
      assertEquals(TournamentStatus.TOURNAMENT_STATUS_CANCELLED,
          client.async().cancelTournament("y").get(10, TimeUnit.SECONDS).getStatus());
      assertEquals(List.of(
          StartTournamentRoundRequest.newBuilder().setTournamentId("x").setRound(3).build(),
          StartTournamentRoundRequest.newBuilder().setTournamentId("y").setRound(4).build(),
          WithdrawTournamentPlayerRequest.newBuilder().setTournamentId("x").setPlayer(2).build(),
          WithdrawTournamentPlayerRequest.newBuilder().setTournamentId("y").setPlayer(5).build(),
          AddTournamentPlayerRequest.newBuilder().setTournamentId("x").setPlayer(cy).build(),
          AddTournamentPlayerRequest.newBuilder().setTournamentId("y").setPlayer(cy).build(),
          CancelTournamentRequest.newBuilder().setTournamentId("x").build(),
          CancelTournamentRequest.newBuilder().setTournamentId("y").build()), sent);
      sent.clear();

      assertEquals("p2", client.listTournaments().getNextPageToken());
      assertEquals(2, client.async().listTournaments().get(10, TimeUnit.SECONDS).getTournamentsCount());
      client.listTournaments(Map.of("event", "spring"));
      client.async().listTournaments(Map.of("event", "autumn")).get(10, TimeUnit.SECONDS);
      assertEquals(List.of(ListTournamentsRequest.getDefaultInstance(), ListTournamentsRequest.getDefaultInstance(),
          ListTournamentsRequest.newBuilder().putLabels("event", "spring").build(),
          ListTournamentsRequest.newBuilder().putLabels("event", "autumn").build()), sent);
      ListTournamentsRequest finished = ListTournamentsRequest.newBuilder().setStatus(TournamentStatus.TOURNAMENT_STATUS_FINISHED)
          .setPageSize(2).build();
      assertEquals("p3", client.listTournaments(finished.toBuilder().setPageToken("p2").build()).getNextPageToken());
      sent.clear();
      assertEquals(List.of("a", "b", "c", "d", "e"),
          client.listAllTournaments(finished).stream().map(Tournament::getTournamentId).toList());
      assertEquals(List.of(finished, finished.toBuilder().setPageToken("p2").build(), finished.toBuilder().setPageToken("p3").build()),
          sent, "every page is asked with the same filter");
      assertEquals(List.of("c", "d", "e"), client.listAllTournaments(finished.toBuilder().setPageToken("p2").build()).stream()
          .map(Tournament::getTournamentId).toList());
      sent.clear();
      assertEquals(5, client.listAllTournaments(Map.of("event", "spring")).size());
      assertEquals(ListTournamentsRequest.newBuilder().putLabels("event", "spring").build(), sent.get(0));
    }
  }
}
