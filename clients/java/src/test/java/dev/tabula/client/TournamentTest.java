package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.AddTournamentPlayerResponse;
import dev.tabula.v1.BoardResult;
import dev.tabula.v1.CreateTournamentResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.ListTournamentsRequest;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.Series;
import dev.tabula.v1.SeriesGame;
import dev.tabula.v1.SeriesStatus;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.TieBreak;
import dev.tabula.v1.Tournament;
import dev.tabula.v1.TournamentBoard;
import dev.tabula.v1.TournamentEvent;
import dev.tabula.v1.TournamentFormat;
import dev.tabula.v1.TournamentPlayer;
import dev.tabula.v1.TournamentPlayerToken;
import dev.tabula.v1.TournamentRound;
import dev.tabula.v1.TournamentStanding;
import dev.tabula.v1.TournamentStatus;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tournaments against a real server with a service key: a round robin played out by its
 * players' tokens, its events, held rounds, a withdrawal, a cancellation, a knockout of
 * best-of-three matches played out by resignations, a Swiss of engine players played out by
 * the server, a Swiss continued from another's Tournament Report File, a late entry into a
 * Swiss under way, a round robin of engine players on the key's owner stream, and refusals.
 */
@Timeout(120)
class TournamentTest {
  private static final String SECRET = "organiser-secret-0123456789";
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();
  /** How long the server may take to make a round or score a board after the game that caused it. */
  private static final Duration SETTLES_WITHIN = Duration.ofSeconds(15);

  private static TestServer server;
  /** The organiser: the service key's client. */
  private static TabulaClient organiser;

  @BeforeAll
  static void startServer() throws Exception {
    server = TestServer.start("--service-key", "organiser=" + SECRET);
    organiser = TabulaClient.builder(server.address).credential(SECRET).build();
  }

  @AfterAll
  static void stopServer() {
    if (organiser != null) {
      organiser.close();
      organiser = null;
    }
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** An id no other test of the run uses. */
  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Four people with ids of their own: Ann, Bob, Cy and Di, players 1 to 4. */
  private static List<TournamentPlayer> four() {
    return List.of(TournamentPlayers.person(unique("ann"), "Ann"), TournamentPlayers.person(unique("bob"), "Bob"),
        TournamentPlayers.person(unique("cy"), "Cy"), TournamentPlayers.person(unique("di"), "Di"));
  }

  /** {@code count} players the engine plays at level 1, each with an id of its own, thinking at most 20 ms a move. */
  private static List<TournamentPlayer> engines(int count) {
    List<TournamentPlayer> engines = new ArrayList<>();
    for (int number = 1; number <= count; number++) {
      engines.add(TournamentPlayers.engine(unique("bot-" + number), "Bot " + number, 1, Duration.ofMillis(20)));
    }
    return engines;
  }

  /** The client of player {@code player} (from 1): its token, as a seat credential. */
  private static TabulaClient player(CreateTournamentResponse created, int player) {
    return player(created.getPlayerTokensList(), player);
  }

  /** The client of player {@code player} (from 1) by its token among {@code tokens}. */
  private static TabulaClient player(List<TournamentPlayerToken> tokens, int player) {
    return organiser.as(tokens.stream().filter(t -> t.getPlayer() == player)
        .map(TournamentPlayerToken::getToken).findFirst()
        .orElseThrow(() -> new AssertionError("no token for player " + player + " in " + tokens)));
  }

  /** The tournament once {@code settled} holds of it; fails after {@link #SETTLES_WITHIN}. */
  private static Tournament until(String id, String what, Predicate<Tournament> settled) throws InterruptedException {
    Instant deadline = Instant.now().plus(SETTLES_WITHIN);
    while (true) {
      Tournament tournament = organiser.getTournament(id);
      if (settled.test(tournament)) {
        return tournament;
      }
      assertTrue(Instant.now().isBefore(deadline), "not " + what + " within " + SETTLES_WITHIN + ": " + tournament);
      Thread.sleep(50);
    }
  }

  /** The points of a board's two players, white's then black's, by the default scoring. */
  private static double[] points(BoardResult result) {
    return switch (result) {
      case BOARD_RESULT_WHITE_WINS, BOARD_RESULT_WHITE_WINS_BY_FORFEIT -> new double[] {1, 0};
      case BOARD_RESULT_BLACK_WINS, BOARD_RESULT_BLACK_WINS_BY_FORFEIT -> new double[] {0, 1};
      case BOARD_RESULT_DRAW -> new double[] {0.5, 0.5};
      default -> throw new AssertionError("a board of two players ended " + result);
    };
  }

  /**
   * Checks a tournament's Tournament Report File against the tournament: a {@code 062} line
   * with the number of players, then one {@code 001} line a player, by player number, each
   * with the player's name (columns 15–47), its standings points (81–84) and rank (86–89),
   * and for each round (ten columns a round from column 92) its opponent, colour and result.
   */
  private static void assertTrfOf(Tournament tournament, String trf) {
    assertTrue(trf.endsWith("\n"), "lines end in a line feed: " + trf);
    List<String> lines = trf.lines().toList();
    int count = tournament.getPlayersCount();
    assertEquals(List.of("062 " + count), lines.stream().filter(line -> line.startsWith("062 ")).toList(), trf);
    List<String> players = lines.stream().filter(line -> line.startsWith("001")).toList();
    assertEquals(count, players.size(), "one 001 line a player: " + trf);
    Map<Integer, TournamentStanding> standings = new HashMap<>();
    tournament.getStandingsList().forEach(standing -> standings.put(standing.getPlayer(), standing));
    for (int number = 1; number <= count; number++) {
      String line = players.get(number - 1);
      assertEquals(number, Integer.parseInt(line.substring(4, 8).strip()), "by player number: " + line);
      assertEquals(tournament.getPlayers(number - 1).getDisplayName(), line.substring(14, 47).strip(), line);
      TournamentStanding standing = standings.get(number);
      assertEquals(standing.getPoints(), Double.parseDouble(line.substring(80, 84).strip()), 1e-9, "points: " + line);
      assertEquals(standing.getRank(), Integer.parseInt(line.substring(85, 89).strip()), "rank: " + line);
      for (TournamentRound round : tournament.getRoundsList()) {
        int at = 91 + 10 * (round.getNumber() - 1); // the round's ten columns, 0-based
        int player = number;
        TournamentBoard board = round.getBoardsList().stream().filter(b -> b.getWhite() == player || b.getBlack() == player)
            .findFirst().orElseThrow(() -> new AssertionError("player " + player + " sat out round " + round.getNumber()));
        boolean white = board.getWhite() == number;
        char result = switch (board.getResult()) {
          case BOARD_RESULT_WHITE_WINS -> white ? '1' : '0';
          case BOARD_RESULT_BLACK_WINS -> white ? '0' : '1';
          case BOARD_RESULT_DRAW -> '=';
          case BOARD_RESULT_WHITE_WINS_BY_FORFEIT -> white ? '+' : '-';
          case BOARD_RESULT_BLACK_WINS_BY_FORFEIT -> white ? '-' : '+';
          default -> throw new AssertionError("a board of two players ended " + board);
        };
        assertEquals(white ? board.getBlack() : board.getWhite(), Integer.parseInt(line.substring(at, at + 4).strip()),
            "round " + round.getNumber() + "'s opponent: " + line);
        assertEquals(white ? 'w' : 'b', line.charAt(at + 5), "round " + round.getNumber() + "'s colour: " + line);
        assertEquals(result, line.charAt(at + 7), "round " + round.getNumber() + "'s result: " + line);
      }
    }
  }

  @Test
  void aRoundRobinIsPlayedOutByItsPlayersTokens() throws Exception {
    String event = unique("spring");
    List<TournamentPlayer> players = four();
    CreateTournamentResponse created = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", players,
        TournamentOptions.roundRobin().withLabel("event", event));
    assertFalse(created.getRetried());
    Tournament started = created.getTournament();
    String id = started.getTournamentId();
    assertFalse(id.isEmpty());
    assertEquals("tournaments/" + id, started.getName());
    assertEquals(GameKind.GAME_KIND_TIC_TAC_TOE, started.getKind());
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN, started.getFormat());
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_IN_PROGRESS, started.getStatus());
    assertEquals(3, started.getRoundCount(), "four players meet in three rounds");
    assertEquals(players, started.getPlayersList());
    assertEquals(Map.of("event", event), started.getLabelsMap());
    assertEquals(List.of(1, 2, 3, 4), created.getPlayerTokensList().stream().map(TournamentPlayerToken::getPlayer).toList(),
        "one token per person, by player number");
    assertEquals(1, started.getRoundsCount(), "the first round is paired at once");
    assertEquals(2, started.getRounds(0).getBoardsCount());

    // The stream, opened before any game is played, follows the tournament live to its end.
    TournamentEventStream live = organiser.tournamentEvents(id, 0);
    CompletableFuture<List<TournamentEvent>> following = CompletableFuture.supplyAsync(() -> live.stream().toList());

    Set<Set<Integer>> met = new HashSet<>();
    Map<Integer, Double> expected = new HashMap<>();
    int games = 0;
    for (int number = 1; number <= 3; number++) {
      int wanted = number;
      TournamentRound round = until(id, "paired round " + number, t -> t.getRoundsCount() >= wanted).getRounds(number - 1);
      assertEquals(number, round.getNumber());
      assertFalse(round.getFinished());
      assertEquals(2, round.getBoardsCount(), round.toString());
      for (TournamentBoard board : round.getBoardsList()) {
        assertTrue(board.getWhite() >= 1 && board.getWhite() <= 4 && board.getBlack() >= 1 && board.getBlack() <= 4, board.toString());
        assertEquals(BoardResult.BOARD_RESULT_UNSPECIFIED, board.getResult());
        assertTrue(met.add(Set.of(board.getWhite(), board.getBlack())), "each pair meets once: " + board);
        Game game = organiser.getGame(board.getGameId());
        assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, game.getStatus());
        assertEquals(event, game.getLabelsMap().get("event"), "every game carries the tournament's labels");
        // White's token plays seat 1, black's seat 2: on the first board white resigns, on the
        // second black does.
        boolean whiteResigns = board.getNumber() == 1;
        TabulaClient resigning = player(created, whiteResigns ? board.getWhite() : board.getBlack());
        resigning.resign(board.getGameId());
        Game over = organiser.getGame(board.getGameId());
        assertEquals(GameStatus.GAME_STATUS_FINISHED, over.getStatus());
        assertEquals(whiteResigns ? 2 : 1, over.getOutcome().getWinner(), "the resigning token's seat lost: " + over.getOutcome());
        expected.merge(whiteResigns ? board.getBlack() : board.getWhite(), 1.0, Double::sum);
        expected.merge(whiteResigns ? board.getWhite() : board.getBlack(), 0.0, Double::sum);
        games++;
      }
    }
    assertEquals(6, met.size(), "everyone met everyone");

    Tournament finished = until(id, "finished", t -> t.getStatus() == TournamentStatus.TOURNAMENT_STATUS_FINISHED);
    assertEquals(3, finished.getRoundsCount());
    for (TournamentRound round : finished.getRoundsList()) {
      assertTrue(round.getFinished(), round.toString());
      for (TournamentBoard board : round.getBoardsList()) {
        assertEquals(board.getNumber() == 1 ? BoardResult.BOARD_RESULT_BLACK_WINS : BoardResult.BOARD_RESULT_WHITE_WINS,
            board.getResult(), board.toString());
      }
    }
    List<TournamentStanding> standings = finished.getStandingsList();
    assertEquals(4, standings.size());
    assertEquals(games, standings.stream().mapToDouble(TournamentStanding::getPoints).sum(), 1e-9,
        "a game is worth one point in all: " + standings);
    for (TournamentStanding standing : standings) {
      assertEquals(expected.get(standing.getPlayer()), standing.getPoints(), 1e-9, standing.toString());
      assertEquals(players.get(standing.getPlayer() - 1).getPlayerId(), standing.getPlayerId());
    }
    for (int i = 1; i < standings.size(); i++) {
      assertTrue(standings.get(i - 1).getPoints() >= standings.get(i).getPoints(), "best first: " + standings);
      assertTrue(standings.get(i - 1).getRank() <= standings.get(i).getRank(), "ranks from 1: " + standings);
    }
    assertEquals(1, standings.get(0).getRank());

    // Its Tournament Report File: the same players, points, ranks and games, for anyone.
    String trf = organiser.exportTournamentTrf(id);
    assertTrfOf(finished, trf);
    assertTrue(trf.contains("\n092 Round robin\n"), trf);
    assertTrue(trf.lines().anyMatch(line -> line.equals("142 3")), "three rounds: " + trf);
    assertEquals(trf, organiser.as("").exportTournamentTrf(id));
    assertEquals(trf, organiser.async().exportTournamentTrf(id).get(10, TimeUnit.SECONDS));

    // The live stream ended after tournament_ended; its events are numbered from 1.
    List<TournamentEvent> events = following.get(SETTLES_WITHIN.toSeconds(), TimeUnit.SECONDS);
    assertEquals(events.size(), live.lastSeq());
    live.close();
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getSeq(), "seqs run 1, 2, 3, ... without gaps: " + events);
      assertEquals(id, events.get(i).getTournamentId());
    }
    Map<String, Long> kinds = new HashMap<>();
    events.forEach(e -> kinds.merge(Names.tournamentEventKind(e), 1L, Long::sum));
    assertEquals(Map.of("round_paired", 3L, "board_finished", 6L, "round_finished", 3L, "tournament_ended", 1L), kinds);
    assertEquals("round_paired", Names.tournamentEventKind(events.get(0)));
    assertEquals(finished.getRounds(0).getBoardsList().stream().map(b -> b.toBuilder().clearResult().build()).toList(),
        events.get(0).getRoundPaired().getBoardsList().stream().map(b -> b.toBuilder().clearResult().build()).toList(),
        "the first round's boards, as paired");
    TournamentEvent last = events.get(events.size() - 1);
    assertTrue(last.hasTournamentEnded(), last.toString());
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_FINISHED, last.getTournamentEnded().getStatus());
    assertEquals(standings, last.getTournamentEnded().getStandingsList());
    TournamentEvent third = events.stream().filter(e -> e.hasRoundFinished() && e.getRoundFinished().getRound() == 3)
        .findFirst().orElseThrow();
    assertEquals(standings, third.getRoundFinished().getStandingsList(), "the standings after the last round are the final ones");
    List<Integer> paired = events.stream().filter(TournamentEvent::hasRoundPaired).map(e -> e.getRoundPaired().getNumber()).toList();
    assertEquals(List.of(1, 2, 3), paired);

    // The whole history again, from the blocking stream, from a seq, and from the asynchronous
    // stream, which ends too. A replay shows each round as it is now (its boards' results
    // included), so the events are compared with the live ones by seq and kind only.
    List<TournamentEvent> history;
    try (TournamentEventStream again = organiser.tournamentEvents(id, 0)) {
      history = again.stream().toList();
    }
    assertEquals(events.stream().map(e -> e.getSeq() + " " + Names.tournamentEventKind(e)).toList(),
        history.stream().map(e -> e.getSeq() + " " + Names.tournamentEventKind(e)).toList());
    try (TournamentEventStream after = organiser.tournamentEvents(id, 1)) {
      assertEquals(history.subList(1, history.size()), after.stream().toList(), "a stream resumes after a seq");
    }
    List<TournamentEvent> replayed = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> completed = new CompletableFuture<>();
    try (AsyncTournamentEventStream stream = organiser.async().tournamentEvents(id, 0, new StreamObserver<TournamentEvent>() {
      @Override
      public void onNext(TournamentEvent value) {
        replayed.add(value);
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
      assertEquals(history, replayed);
    }

    // Anyone reads a public tournament; the key lists it by its labels and status.
    assertEquals(finished, organiser.as("").getTournament(id));
    assertEquals(finished, organiser.async().getTournament(id).get(10, TimeUnit.SECONDS));
    assertEquals(List.of(id), organiser.listAllTournaments(Map.of("event", event)).stream().map(Tournament::getTournamentId).toList());
    assertEquals(List.of(id), organiser.listTournaments(Map.of("event", event)).getTournamentsList().stream()
        .map(Tournament::getTournamentId).toList());
    ListTournamentsRequest over = ListTournamentsRequest.newBuilder().setStatus(TournamentStatus.TOURNAMENT_STATUS_FINISHED)
        .putLabels("event", event).setPageSize(1).build();
    assertEquals(List.of(id), organiser.listAllTournaments(over).stream().map(Tournament::getTournamentId).toList());
    assertEquals(List.of(), organiser.listAllTournaments(
        over.toBuilder().setStatus(TournamentStatus.TOURNAMENT_STATUS_IN_PROGRESS).build()));
    assertTrue(organiser.listTournaments().getTournamentsList().stream().anyMatch(t -> t.getTournamentId().equals(id)));
    assertTrue(organiser.async().listTournaments(Map.of("event", event)).get(10, TimeUnit.SECONDS).getTournamentsList().stream()
        .anyMatch(t -> t.getTournamentId().equals(id)));
    refused(Status.Code.FAILED_PRECONDITION, "TOURNAMENT_OVER", () -> organiser.cancelTournament(id));
  }

  /**
   * Plays a knockout board's match out: its black player resigns every game of the series, the
   * newest one each time, until the series is finished; returns the finished series.
   */
  private static Series blackResignsTheMatch(CreateTournamentResponse created, TournamentBoard board) throws InterruptedException {
    TabulaClient black = player(created, board.getBlack());
    Set<String> resigned = new HashSet<>();
    Instant deadline = Instant.now().plus(SETTLES_WITHIN.multipliedBy(2));
    while (true) {
      Series series = organiser.getSeries(board.getSeriesId());
      if (series.getStatus() == SeriesStatus.SERIES_STATUS_FINISHED) {
        return series;
      }
      assertTrue(Instant.now().isBefore(deadline), "the match did not end: " + series);
      assertTrue(series.getGamesCount() > 0, series.toString());
      String last = series.getGames(series.getGamesCount() - 1).getGameId();
      if (resigned.add(last)) {
        // The token acts for black's seat whichever it is: seat 2 in the match's odd-numbered
        // games, seat 1 in the others.
        black.resign(last);
      } else {
        Thread.sleep(50); // the series is scoring it, or making the next game
      }
    }
  }

  @Test
  void aKnockoutOfBestOfThreeMatchesIsPlayedOutByResignations() throws Exception {
    List<TournamentPlayer> players = four();
    CreateTournamentResponse created = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", players,
        TournamentOptions.knockout(3));
    Tournament started = created.getTournament();
    String id = started.getTournamentId();
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT, started.getFormat());
    assertEquals(3, started.getBestOf());
    assertEquals(List.of(1, 2, 3, 4), started.getSeedsList(), "seeded in the players' order");
    assertEquals(2, started.getRoundCount(), "four players: semi-finals and a final");
    assertEquals(List.of(), started.getTieBreaksList());
    assertEquals(List.of(1, 2, 3, 4), created.getPlayerTokensList().stream().map(TournamentPlayerToken::getPlayer).toList());

    List<Series> matches = new ArrayList<>();
    for (int number = 1; number <= 2; number++) {
      int wanted = number;
      TournamentRound round = until(id, "paired round " + number,
          t -> t.getRoundsCount() >= wanted && t.getRounds(wanted - 1).getBoardsList().stream().noneMatch(b -> b.getSeriesId().isEmpty()))
          .getRounds(number - 1);
      assertEquals(number, round.getNumber());
      assertEquals(number == 1 ? 2 : 1, round.getBoardsCount(), round.toString());
      for (TournamentBoard board : round.getBoardsList()) {
        assertFalse(board.getSeriesId().isEmpty(), "a knockout's board is a match: " + board);
        assertEquals("", board.getGameId(), "a match's games are its series': " + board);
        assertTrue(board.getWhite() < board.getBlack(), "white is the better seed: " + board);
        Series match = blackResignsTheMatch(created, board);
        assertEquals(3, match.getBestOf());
        assertEquals(1, match.getWinner(), "white (the match's player 1) beat black: " + match);
        assertEquals(2, match.getGamesCount(), "two wins decide a best of three: " + match);
        for (SeriesGame game : match.getGamesList()) {
          assertEquals(List.of(1.0, 0.0), game.getPointsList(), game.toString());
        }
        matches.add(match);
      }
      int played = number;
      TournamentRound ended = until(id, "finished round " + number, t -> t.getRounds(played - 1).getFinished()).getRounds(number - 1);
      for (TournamentBoard board : ended.getBoardsList()) {
        assertEquals(BoardResult.BOARD_RESULT_WHITE_WINS, board.getResult(), board.toString());
      }
      if (number == 1) {
        assertEquals(Set.of(Set.of(1, 4), Set.of(2, 3)),
            Set.copyOf(ended.getBoardsList().stream().map(b -> Set.of(b.getWhite(), b.getBlack())).toList()),
            "seeds 1 and 2 meet only in the final: " + ended);
      }
    }
    assertEquals(3, matches.size());

    Tournament finished = until(id, "finished", t -> t.getStatus() == TournamentStatus.TOURNAMENT_STATUS_FINISHED);
    assertEquals(2, finished.getRoundsCount());
    TournamentBoard last = finished.getRounds(1).getBoards(0);
    assertEquals(1, last.getWhite(), "the final: seed 1 " + last);
    assertEquals(2, last.getBlack(), "against seed 2 " + last);
    assertEquals(BoardResult.BOARD_RESULT_WHITE_WINS, last.getResult());
    List<TournamentStanding> standings = finished.getStandingsList();
    assertEquals(4, standings.size(), standings.toString());
    assertEquals(1, standings.get(0).getPlayer(), "the winner first: " + standings);
    assertEquals(1, standings.get(0).getRank());
    assertEquals(players.get(0).getPlayerId(), standings.get(0).getPlayerId());
    assertEquals(2, standings.get(1).getPlayer(), "the finalist second: " + standings);
    assertEquals(2, standings.get(1).getRank());
    assertEquals(Set.of(3, 4), Set.of(standings.get(2).getPlayer(), standings.get(3).getPlayer()));
    assertEquals(standings.get(2).getRank(), standings.get(3).getRank(), "knocked out in one round: one rank " + standings);
    for (Series match : matches) {
      assertEquals(2, organiser.getSeries(match.getSeriesId()).getGamesCount(), match.toString());
    }
  }

  @Test
  void aHeldTournamentWaitsForItsRoundsAndIsWithdrawnFromThenCancelled() throws Exception {
    CreateTournamentResponse created = organiser.createTournamentFromConfig(TIC_TAC_TOE, four(),
        TournamentOptions.doubleRoundRobin().withHoldRounds(true).withScoring(3, 1, 0, 3)
            .withTieBreaks(TieBreak.TIE_BREAK_WINS, TieBreak.TIE_BREAK_BUCHHOLZ));
    Tournament held = created.getTournament();
    String id = held.getTournamentId();
    assertTrue(held.getHoldRounds());
    assertEquals(0, held.getRoundsCount(), "a held tournament has no round before it is started");
    assertEquals(0, held.getReleasedRounds());
    assertEquals(6, held.getRoundCount(), "four players meet twice in six rounds");
    assertEquals(List.of(TieBreak.TIE_BREAK_WINS, TieBreak.TIE_BREAK_BUCHHOLZ), held.getTieBreaksList());
    assertEquals(3, held.getScoring().getWin(), 1e-9);
    assertEquals(0, organiser.getTournament(id).getRoundsCount());

    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> organiser.startTournamentRound(id, 2));
    Tournament first = organiser.startTournamentRound(id, 1);
    assertEquals(1, first.getReleasedRounds());
    Tournament paired = first.getRoundsCount() == 1 ? first : until(id, "paired round 1", t -> t.getRoundsCount() == 1);
    assertEquals(2, paired.getRounds(0).getBoardsCount());
    // Round 2 may be let through before round 1 has ended: it is made once round 1 ends.
    assertEquals(2, organiser.async().startTournamentRound(id, 2).get(10, TimeUnit.SECONDS).getReleasedRounds());

    Tournament withdrawn = organiser.withdrawTournamentPlayer(id, 2);
    assertEquals(1, withdrawn.getPlayers(1).getWithdrawnAfterRound(), "player 2 plays its game of round 1 and no more");
    assertEquals(0, withdrawn.getPlayers(0).getWithdrawnAfterRound());
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> organiser.withdrawTournamentPlayer(id, 2));

    Tournament cancelled = organiser.cancelTournament(id);
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_CANCELLED, cancelled.getStatus());
    refused(Status.Code.FAILED_PRECONDITION, "TOURNAMENT_OVER", () -> organiser.cancelTournament(id));
    refused(Status.Code.FAILED_PRECONDITION, "TOURNAMENT_OVER", () -> organiser.startTournamentRound(id, 3));
    refused(Status.Code.FAILED_PRECONDITION, "TOURNAMENT_OVER", () -> organiser.withdrawTournamentPlayer(id, 3));

    // Its stream ends too: round 1 paired, the withdrawal, the end (cancelled).
    List<TournamentEvent> events;
    try (TournamentEventStream stream = organiser.tournamentEvents(id, 0)) {
      events = CompletableFuture.supplyAsync(() -> stream.stream().toList()).get(SETTLES_WITHIN.toSeconds(), TimeUnit.SECONDS);
    }
    List<String> kinds = events.stream().map(Names::tournamentEventKind).toList();
    assertEquals("round_paired", kinds.get(0), kinds.toString());
    assertTrue(kinds.contains("player_withdrew"), kinds.toString());
    TournamentEvent withdrew = events.stream().filter(TournamentEvent::hasPlayerWithdrew).findFirst().orElseThrow();
    assertEquals(2, withdrew.getPlayerWithdrew().getPlayer());
    assertEquals(1, withdrew.getPlayerWithdrew().getAfterRound());
    TournamentEvent last = events.get(events.size() - 1);
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_CANCELLED, last.getTournamentEnded().getStatus(), last.toString());
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getSeq());
    }
  }

  @Test
  void aPrivateTournamentFromASavedConfigurationIsReadByItsPlayersAndRetried() throws Exception {
    organiser.createSavedConfig(SavedConfig.newBuilder().setName("tournament-board").setConfig(TIC_TAC_TOE).build());
    List<TournamentPlayer> players = List.of(TournamentPlayers.person(unique("ann"), "Ann"), TournamentPlayers.engine(1));
    TournamentOptions options = TournamentOptions.roundRobin().withPrivate(true).withHoldRounds(true)
        .withRequestId(unique("tournament"));
    CreateTournamentResponse created = organiser.createTournamentFromSavedConfig("tournament-board", players, options);
    String id = created.getTournament().getTournamentId();
    assertTrue(created.getTournament().getPrivate());
    assertEquals(List.of(1), created.getPlayerTokensList().stream().map(TournamentPlayerToken::getPlayer).toList(),
        "no token for the engine's player");
    assertEquals(1, created.getTournament().getPlayers(1).getEngineLevel());

    CreateTournamentResponse retried = organiser.createTournamentFromSavedConfig("tournament-board", players, options);
    assertTrue(retried.getRetried());
    assertEquals(id, retried.getTournament().getTournamentId());

    CreateTournamentResponse reading = retried.getPlayerTokensCount() > 0 ? retried : created;
    assertEquals(id, player(reading, 1).getTournament(id).getTournamentId(), "a player's token reads a private tournament");
    TabulaException spectator = refused(Status.Code.PERMISSION_DENIED, "PRIVATE_TOURNAMENT", () -> organiser.as("").getTournament(id));
    assertEquals(ErrorReason.ERROR_REASON_PRIVATE_TOURNAMENT, spectator.getReasonCode());
    assertTrue(player(reading, 1).exportTournamentTrf(id).contains("\n062 2\n"), "a player's token exports a private tournament");
    refused(Status.Code.PERMISSION_DENIED, "PRIVATE_TOURNAMENT", () -> organiser.as("").exportTournamentTrf(id));
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_CANCELLED,
        organiser.async().cancelTournament(id).get(10, TimeUnit.SECONDS).getStatus());
  }

  @Test
  void aTournamentOfTheEngineAloneWithAByePlaysItselfOut() throws Exception {
    List<TournamentPlayer> engines = List.of(TournamentPlayers.engine(1, Duration.ofMillis(100)), TournamentPlayers.engine(2),
        TournamentPlayers.engine("bot-b", "Bot B", 1, null));
    CreateTournamentResponse created = organiser.async().createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        engines, TournamentOptions.roundRobin()).get(10, TimeUnit.SECONDS);
    String id = created.getTournament().getTournamentId();
    assertEquals(List.of(), created.getPlayerTokensList());
    assertEquals(3, created.getTournament().getRoundCount(), "three players: three rounds, one sitting out each");
    List<TournamentEvent> events;
    try (TournamentEventStream stream = organiser.tournamentEvents(id, 0)) {
      events = CompletableFuture.supplyAsync(() -> stream.stream().toList()).get(60, TimeUnit.SECONDS);
    }
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_FINISHED, events.get(events.size() - 1).getTournamentEnded().getStatus());
    Tournament finished = organiser.getTournament(id);
    List<BoardResult> byes = new ArrayList<>();
    double total = 0;
    for (TournamentRound round : finished.getRoundsList()) {
      for (TournamentBoard board : round.getBoardsList()) {
        if (board.getBlack() == 0) {
          byes.add(board.getResult());
          total += 1;
        } else {
          double[] both = points(board.getResult());
          total += both[0] + both[1];
        }
      }
    }
    assertEquals(List.of(BoardResult.BOARD_RESULT_BYE, BoardResult.BOARD_RESULT_BYE, BoardResult.BOARD_RESULT_BYE), byes);
    assertEquals(total, finished.getStandingsList().stream().mapToDouble(TournamentStanding::getPoints).sum(), 1e-9,
        "a game is worth a point in all, a bye one: " + finished.getStandingsList());
  }

  @Test
  void aSwissOfSixEnginesPlaysItsThreeRoundsWithoutARematch() throws Exception {
    List<TournamentPlayer> players = engines(6);
    CreateTournamentResponse created = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", players,
        TournamentOptions.swiss(3));
    Tournament started = created.getTournament();
    String id = started.getTournamentId();
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_SWISS, started.getFormat());
    assertEquals(3, started.getRoundCount(), "the rounds asked");
    assertFalse(started.getAccelerated());
    assertEquals(List.of(), created.getPlayerTokensList(), "no token for the engine's players");

    // The stream follows it to its end: the server pairs each round from the results so far.
    List<TournamentEvent> events;
    try (TournamentEventStream stream = organiser.tournamentEvents(id, 0)) {
      events = CompletableFuture.supplyAsync(() -> stream.stream().toList()).get(60, TimeUnit.SECONDS);
    }
    TournamentEvent last = events.get(events.size() - 1);
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_FINISHED, last.getTournamentEnded().getStatus(), last.toString());
    assertEquals(List.of(1, 2, 3), events.stream().filter(TournamentEvent::hasRoundPaired)
        .map(e -> e.getRoundPaired().getNumber()).toList());

    Tournament finished = organiser.getTournament(id);
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_FINISHED, finished.getStatus());
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_SWISS, finished.getFormat());
    assertEquals(3, finished.getRoundCount());
    assertEquals(3, finished.getRoundsCount(), "every round played: " + finished.getRoundsList());
    Set<Set<Integer>> met = new HashSet<>();
    double total = 0;
    for (TournamentRound round : finished.getRoundsList()) {
      assertTrue(round.getFinished(), round.toString());
      List<Integer> seated = new ArrayList<>();
      for (TournamentBoard board : round.getBoardsList()) {
        assertTrue(board.getBlack() != 0, "six players need no bye: " + board);
        seated.add(board.getWhite());
        seated.add(board.getBlack());
        assertTrue(met.add(Set.of(board.getWhite(), board.getBlack())), "no pair meets twice: " + board);
        double[] both = points(board.getResult());
        total += both[0] + both[1];
      }
      assertEquals(List.of(1, 2, 3, 4, 5, 6), seated.stream().sorted().toList(),
          "each player once in round " + round.getNumber() + ": " + round);
    }
    assertEquals(9, met.size(), "three boards a round, three rounds, no rematch");
    List<TournamentStanding> standings = finished.getStandingsList();
    assertEquals(6, standings.size(), standings.toString());
    assertEquals(total, standings.stream().mapToDouble(TournamentStanding::getPoints).sum(), 1e-9,
        "a game is worth a point in all: " + standings);
    assertEquals(List.of(TieBreak.TIE_BREAK_BUCHHOLZ_CUT_1, TieBreak.TIE_BREAK_BUCHHOLZ, TieBreak.TIE_BREAK_DIRECT_ENCOUNTER,
        TieBreak.TIE_BREAK_WINS), finished.getTieBreaksList(), "a Swiss's default tie-breaks");
  }

  @Test
  void aSwissRefusesAsManyRoundsAsPlayersAndEchoesItsAcceleration() {
    TabulaException tooMany = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(), TournamentOptions.swiss(4)));
    assertEquals(List.of("rounds"), LabelsTest.fieldViolations(tooMany), tooMany.getMessage());
    assertTrue(tooMany.getMessage().contains("rounds"), tooMany.getMessage());
    assertEquals(List.of("rounds"), LabelsTest.fieldViolations(refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromConfig(TIC_TAC_TOE, engines(3), TournamentOptions.swiss(9)))));
    // Rounds and acceleration are a Swiss's alone.
    assertEquals(List.of("rounds"), LabelsTest.fieldViolations(refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.roundRobin().withRounds(3)))));
    assertEquals(List.of("accelerated"), LabelsTest.fieldViolations(refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.knockout().withAccelerated(true)))));

    // One fewer round than players is the most; held, so that nothing is played.
    Tournament most = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
        TournamentOptions.swiss(3).withHoldRounds(true)).getTournament();
    assertEquals(3, most.getRoundCount());
    assertFalse(most.getAccelerated());
    organiser.cancelTournament(most.getTournamentId());

    // Accelerated, its rounds derived (four players: two), numbered by rating: echoed back.
    CreateTournamentResponse created = organiser.createTournamentFromConfig(TIC_TAC_TOE, four(),
        TournamentOptions.swiss().withAccelerated(true).withRatingPool(RatingPool.RATING_POOL_KIND).withSeedByRating(true)
            .withHoldRounds(true));
    Tournament accelerated = created.getTournament();
    assertTrue(accelerated.getAccelerated());
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_SWISS, accelerated.getFormat());
    assertEquals(2, accelerated.getRoundCount(), "log2 of four players");
    assertTrue(organiser.getTournament(accelerated.getTournamentId()).getAccelerated(), "kept");
    assertEquals(TournamentStatus.TOURNAMENT_STATUS_CANCELLED, organiser.cancelTournament(accelerated.getTournamentId()).getStatus());
    assertTrue(organiser.getTournament(accelerated.getTournamentId()).getAccelerated(), "kept after it ended");
  }

  @Test
  void refusedTournamentsAndAnUnknownOne() {
    TabulaException alone = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
            List.of(TournamentPlayers.person(unique("ann"), "Ann")), TournamentOptions.roundRobin()));
    assertEquals(ErrorReason.ERROR_REASON_INVALID_REQUEST, alone.getReasonCode());
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.of(TournamentFormat.TOURNAMENT_FORMAT_UNSPECIFIED)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_PEG_SOLITAIRE, "triangle15", four(),
            TournamentOptions.roundRobin()));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.roundRobin().withScoring(0.3, 0, 0, 0)));
    TabulaException even = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(), TournamentOptions.knockout(2)));
    assertTrue(even.getMessage().contains("best_of"), even.getMessage());
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.knockout(3).withTieBreaks(TieBreak.TIE_BREAK_WINS)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.knockout().withSeedByRating(true)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.roundRobin().withRatingPool(RatingPool.RATING_POOL_KIND).withSeedByRating(true)));
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.roundRobin().withBestOf(3)));
    refused(Status.Code.UNAUTHENTICATED, "CREDENTIAL_REQUIRED",
        () -> organiser.as("").createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
            TournamentOptions.roundRobin()));

    TabulaException missing = refused(Status.Code.NOT_FOUND, "TOURNAMENT_NOT_FOUND", () -> organiser.getTournament("no-such-tournament"));
    assertEquals(ErrorReason.ERROR_REASON_TOURNAMENT_NOT_FOUND, missing.getReasonCode());
    try (TournamentEventStream events = organiser.tournamentEvents("no-such-tournament", 0)) {
      refused(Status.Code.NOT_FOUND, "TOURNAMENT_NOT_FOUND", events::hasNext);
    }
    refused(Status.Code.NOT_FOUND, "TOURNAMENT_NOT_FOUND", () -> organiser.cancelTournament("no-such-tournament"));
    refused(Status.Code.NOT_FOUND, "TOURNAMENT_NOT_FOUND", () -> organiser.exportTournamentTrf("no-such-tournament"));
  }

  @Test
  void aLateEntryJoinsASwissUnderWayFromTheNextRound() throws Exception {
    List<TournamentPlayer> five = new ArrayList<>(four());
    five.add(TournamentPlayers.person(unique("ed"), "Ed"));
    CreateTournamentResponse created = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", five,
        TournamentOptions.swiss(3));
    String id = created.getTournament().getTournamentId();
    assertEquals(1, created.getTournament().getRoundsCount(), "round 1 is paired at once");

    // Once round 1 is paired, Fay enters: player 6, with a token of her own.
    TournamentPlayer fay = TournamentPlayers.person(unique("fay"), "Fay");
    AddTournamentPlayerResponse added = organiser.addTournamentPlayer(id, fay);
    assertEquals(6, added.getPlayerToken().getPlayer());
    assertFalse(added.getPlayerToken().getToken().isEmpty());
    assertEquals(6, added.getTournament().getPlayersCount());
    assertEquals(fay, added.getTournament().getPlayers(5), "the new player is last");
    assertEquals(1, added.getTournament().getRoundsCount(), "round 1 stays as paired");
    assertTrue(added.getTournament().getRounds(0).getBoardsList().stream().noneMatch(b -> b.getWhite() == 6 || b.getBlack() == 6));

    // Her id again, and any entry into a round robin, are refused, naming the player.
    TabulaException twice = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST", () -> organiser.addTournamentPlayer(id, fay));
    assertEquals(List.of("player"), LabelsTest.fieldViolations(twice), twice.getMessage());
    String robin = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
        TournamentOptions.roundRobin().withHoldRounds(true)).getTournament().getTournamentId();
    TabulaException fixed = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.addTournamentPlayer(robin, TournamentPlayers.person(unique("gus"), "Gus")));
    assertEquals(List.of("player"), LabelsTest.fieldViolations(fixed), fixed.getMessage());
    organiser.cancelTournament(robin);

    // The players' tokens play it out: on each board white resigns.
    List<TournamentPlayerToken> tokens = new ArrayList<>(created.getPlayerTokensList());
    tokens.add(added.getPlayerToken());
    for (int number = 1; number <= 3; number++) {
      int wanted = number;
      TournamentRound round = until(id, "paired round " + number, t -> t.getRoundsCount() >= wanted).getRounds(number - 1);
      for (TournamentBoard board : round.getBoardsList()) {
        if (board.getBlack() != 0) {
          player(tokens, board.getWhite()).resign(board.getGameId());
        }
      }
    }
    Tournament finished = until(id, "finished", t -> t.getStatus() == TournamentStatus.TOURNAMENT_STATUS_FINISHED);
    assertEquals(3, finished.getRoundsCount(), finished.getRoundsList().toString());
    List<Integer> seatedIn = new ArrayList<>();
    for (TournamentRound round : finished.getRoundsList()) {
      if (round.getBoardsList().stream().anyMatch(b -> b.getWhite() == 6 || b.getBlack() == 6)) {
        seatedIn.add(round.getNumber());
      }
    }
    assertEquals(List.of(2, 3), seatedIn, "the late entry sits in rounds 2 and 3, not 1: " + finished.getRoundsList());
    assertEquals(6, finished.getStandingsCount(), finished.getStandingsList().toString());

    // Its events have the entry, between round 1's pairing and round 2's.
    List<TournamentEvent> events;
    try (TournamentEventStream stream = organiser.tournamentEvents(id, 0)) {
      events = CompletableFuture.supplyAsync(() -> stream.stream().toList()).get(SETTLES_WITHIN.toSeconds(), TimeUnit.SECONDS);
    }
    List<TournamentEvent> joined = events.stream().filter(TournamentEvent::hasPlayerJoined).toList();
    assertEquals(1, joined.size(), events.toString());
    assertEquals("player_joined", Names.tournamentEventKind(joined.get(0)));
    assertEquals(6, joined.get(0).getPlayerJoined().getPlayer());
    assertEquals(2, joined.get(0).getPlayerJoined().getFirstRound());
    List<String> order = events.stream().filter(e -> e.hasRoundPaired() || e.hasPlayerJoined())
        .map(e -> e.hasPlayerJoined() ? "joined" : "round " + e.getRoundPaired().getNumber()).toList();
    assertEquals(List.of("round 1", "joined", "round 2", "round 3"), order);
    assertTrue(events.get(events.size() - 1).hasTournamentEnded());

    // Over, it takes no one.
    refused(Status.Code.FAILED_PRECONDITION, "TOURNAMENT_OVER",
        () -> organiser.addTournamentPlayer(id, TournamentPlayers.person(unique("hal"), "Hal")));
  }

  @Test
  void theAsynchronousClientAddsAnEnginePlayerWithoutAToken() throws Exception {
    String id = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", four(),
        TournamentOptions.swiss(3).withHoldRounds(true)).getTournament().getTournamentId();
    organiser.startTournamentRound(id, 1);
    AddTournamentPlayerResponse added = organiser.async()
        .addTournamentPlayer(id, TournamentPlayers.engine(unique("bot"), "Bot", 1, Duration.ofMillis(20))).get(10, TimeUnit.SECONDS);
    assertFalse(added.hasPlayerToken(), "no token for the engine's player: " + added.getPlayerToken());
    assertEquals(5, added.getTournament().getPlayersCount());
    assertEquals(1, added.getTournament().getPlayers(4).getEngineLevel());
    organiser.cancelTournament(id);
  }

  /**
   * A round's boards as white, black and result, what a Tournament Report File keeps of them,
   * sorted: the file has no board numbers, so its boards may come in another order.
   */
  private static List<String> boards(TournamentRound round) {
    return round.getBoardsList().stream().map(b -> b.getWhite() + "-" + b.getBlack() + " " + b.getResult()).sorted().toList();
  }

  @Test
  void aSwissContinuesFromTheReportFileOfOnePlayedElsewhere() throws Exception {
    // Elsewhere: two rounds of six engine players, played out by the server.
    List<TournamentPlayer> players = engines(6);
    String elsewhereId = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", players,
        TournamentOptions.swiss(2)).getTournament().getTournamentId();
    Tournament elsewhere = until(elsewhereId, "finished", t -> t.getStatus() == TournamentStatus.TOURNAMENT_STATUS_FINISHED);
    assertEquals(2, elsewhere.getRoundsCount(), elsewhere.getRoundsList().toString());
    String trf = organiser.exportTournamentTrf(elsewhereId);
    assertTrfOf(elsewhere, trf);

    // Here: the same players in the same order, four rounds, the first two the file's.
    TournamentOptions options = TournamentOptions.swiss(4).withTrf(trf);
    assertEquals(trf, options.trf());
    CreateTournamentResponse created =
        organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", players, options);
    Tournament continued = created.getTournament();
    String id = continued.getTournamentId();
    assertEquals(TournamentFormat.TOURNAMENT_FORMAT_SWISS, continued.getFormat());
    assertEquals(4, continued.getRoundCount());
    assertEquals(players, continued.getPlayersList());
    assertEquals(3, continued.getRoundsCount(), "the file's two rounds, and round 3 paired at once: " + continued.getRoundsList());
    for (int round = 0; round < 2; round++) {
      TournamentRound played = continued.getRounds(round);
      assertEquals(round + 1, played.getNumber());
      assertTrue(played.getFinished(), played.toString());
      assertEquals(boards(elsewhere.getRounds(round)), boards(played), "round " + (round + 1) + " as the file has it");
    }
    // Round 3: everyone once, each board a game, no pair of the file's rounds again.
    Set<Set<Integer>> met = new HashSet<>();
    for (int round = 0; round < 2; round++) {
      elsewhere.getRounds(round).getBoardsList().forEach(b -> met.add(Set.of(b.getWhite(), b.getBlack())));
    }
    TournamentRound third = continued.getRounds(2);
    assertEquals(3, third.getNumber());
    List<Integer> seated = new ArrayList<>();
    // The standings start from the file's points (plus the boards of round 3 the engine has
    // already played, when the answer was made).
    Map<Integer, Double> expected = new HashMap<>();
    elsewhere.getStandingsList().forEach(standing -> expected.put(standing.getPlayer(), standing.getPoints()));
    for (TournamentBoard board : third.getBoardsList()) {
      seated.add(board.getWhite());
      seated.add(board.getBlack());
      assertFalse(board.getGameId().isEmpty(), "round 3 is played here: " + board);
      assertTrue(met.add(Set.of(board.getWhite(), board.getBlack())), "no pair meets twice: " + board);
      if (board.getResult() != BoardResult.BOARD_RESULT_UNSPECIFIED) {
        double[] both = points(board.getResult());
        expected.merge(board.getWhite(), both[0], Double::sum);
        expected.merge(board.getBlack(), both[1], Double::sum);
      }
    }
    assertEquals(List.of(1, 2, 3, 4, 5, 6), seated.stream().sorted().toList(), "each player once in round 3: " + third);
    Map<Integer, Double> standings = new HashMap<>();
    continued.getStandingsList().forEach(standing -> standings.put(standing.getPlayer(), standing.getPoints()));
    assertEquals(expected, standings, "the standings count the file's points: " + continued);
    // The server plays it out from there (it may end after round 3 if round 4 cannot be paired
    // without a rematch); the file's rounds stay as they were.
    Tournament finished = until(id, "finished", t -> t.getStatus() == TournamentStatus.TOURNAMENT_STATUS_FINISHED);
    assertTrue(finished.getRoundsCount() >= 3, finished.getRoundsList().toString());
    for (int round = 0; round < 2; round++) {
      assertEquals(boards(elsewhere.getRounds(round)), boards(finished.getRounds(round)), "round " + (round + 1) + " stays");
    }
    assertTrfOf(finished, organiser.exportTournamentTrf(id));

    // A file of six players for five, and a file outside a Swiss, are refused, naming the field.
    TabulaException fewer = refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", players.subList(0, 5),
            TournamentOptions.swiss(4).withTrf(trf)));
    assertEquals(List.of("trf"), LabelsTest.fieldViolations(fewer), fewer.getMessage());
    assertEquals(List.of("trf"), LabelsTest.fieldViolations(refused(Status.Code.INVALID_ARGUMENT, "INVALID_REQUEST",
        () -> organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", players,
            TournamentOptions.roundRobin().withTrf(trf)))));
  }

  /**
   * The entries {@code reading} read from {@code owner} up to the tournament's end, failing (and
   * closing the stream) when it has not come within {@link #SETTLES_WITHIN}.
   */
  private static List<OwnerEvent> entriesRead(OwnerEventStream owner, CompletableFuture<List<OwnerEvent>> reading)
      throws InterruptedException {
    try {
      return reading.get(SETTLES_WITHIN.toSeconds(), TimeUnit.SECONDS);
    } catch (TimeoutException slow) {
      owner.close();
      throw new AssertionError("no TOURNAMENT_FINISHED on the owner's stream within " + SETTLES_WITHIN + " after the "
          + "tournament's stream closed; last cursor " + owner.lastCursor(), slow);
    } catch (ExecutionException failed) {
      throw new AssertionError("the owner stream failed after cursor " + owner.lastCursor(), failed.getCause());
    }
  }

  @Test
  void theOwnersStreamHasEachBoardEachRoundAndTheEndOfATournament() throws Exception {
    Map<String, String> labels = Map.of("event", unique("owner"));
    List<OwnerEventKind> kinds = List.of(OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED,
        OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED, OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED);
    try (OwnerEventStream owner = organiser.ownerEvents(0, kinds, labels)) {
      // Read the key's stream from before the tournament exists, up to its end.
      CompletableFuture<List<OwnerEvent>> reading = CompletableFuture.supplyAsync(() -> {
        List<OwnerEvent> seen = new ArrayList<>();
        for (OwnerEvent event : owner) {
          seen.add(event);
          if (event.getKind() == OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED) {
            break;
          }
        }
        return seen;
      });

      // Four engine players, three rounds of two boards, played out by the server.
      String id = organiser.createTournamentFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", engines(4),
          TournamentOptions.roundRobin().withLabels(labels)).getTournament().getTournamentId();
      List<TournamentEvent> events;
      try (TournamentEventStream stream = organiser.tournamentEvents(id, 0)) {
        events = CompletableFuture.supplyAsync(() -> stream.stream().toList()).get(60, TimeUnit.SECONDS);
      }
      List<OwnerEvent> entries = entriesRead(owner, reading);

      Map<OwnerEventKind, Long> counted = new HashMap<>();
      entries.forEach(entry -> counted.merge(entry.getKind(), 1L, Long::sum));
      assertEquals(Map.of(OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED, 6L,
          OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED, 3L, OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED, 1L),
          counted, "six boards, three rounds, one end: " + entries);
      for (int i = 1; i < entries.size(); i++) {
        assertTrue(entries.get(i).getCursor() > entries.get(i - 1).getCursor(), "cursors increase: " + entries);
      }
      for (OwnerEvent entry : entries) {
        assertTrue(entry.hasTournamentEvent(), "each tournament kind carries the tournament's event: " + entry);
        assertFalse(entry.hasSeriesEvent(), entry.toString());
        assertEquals(id, entry.getTournamentEvent().getTournamentId(), entry.toString());
        assertTrue(entry.getGameEvent().hasGameEnded(), "the game_ended of the game that moved it on: " + entry);
        String arm = switch (entry.getKind()) {
          case OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED -> "board_finished";
          case OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED -> "round_finished";
          case OWNER_EVENT_KIND_TOURNAMENT_FINISHED -> "tournament_ended";
          default -> throw new AssertionError("a kind the filter leaves out: " + entry);
        };
        assertEquals(arm, Names.tournamentEventKind(entry.getTournamentEvent()), entry.toString());
      }
      // Each board's entry names its game; a round's and the end's follow the board that made them.
      for (int i = 0; i < entries.size(); i++) {
        OwnerEvent entry = entries.get(i);
        if (entry.getKind() == OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED) {
          assertEquals(entry.getTournamentEvent().getBoardFinished().getBoard().getGameId(), entry.getGameEvent().getGameId(),
              entry.toString());
        } else {
          assertEquals(entries.get(i - 1).getGameEvent(), entry.getGameEvent(), "the same game's end: " + entry);
        }
      }
      assertEquals(OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED, entries.get(entries.size() - 1).getKind());
      assertEquals(TournamentStatus.TOURNAMENT_STATUS_FINISHED,
          entries.get(entries.size() - 1).getTournamentEvent().getTournamentEnded().getStatus());
      // The tournament's own events, as its stream has them.
      assertEquals(events.stream().filter(e -> e.hasBoardFinished() || e.hasRoundFinished() || e.hasTournamentEnded()).toList(),
          entries.stream().map(OwnerEvent::getTournamentEvent).toList());

      // Nothing else: no entry twice, and no other kind through the filter.
      OwnerStreams.nothingMore(owner, 500);
    }
  }
}
