package dev.tabula.client;

import com.google.protobuf.FieldMask;
import dev.tabula.v1.AbortGameRequest;
import dev.tabula.v1.AddTournamentPlayerRequest;
import dev.tabula.v1.AddTimeRequest;
import dev.tabula.v1.AdjudicateGameRequest;
import dev.tabula.v1.AnswerTakeBackRequest;
import dev.tabula.v1.ArchiveGameRequest;
import dev.tabula.v1.BatchCreateGamesRequest;
import dev.tabula.v1.CancelTournamentRequest;
import dev.tabula.v1.ClaimVictoryRequest;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateRematchRequest;
import dev.tabula.v1.CreateSavedConfigRequest;
import dev.tabula.v1.CreateSeriesRequest;
import dev.tabula.v1.CreateTournamentRequest;
import dev.tabula.v1.DeleteGameRequest;
import dev.tabula.v1.DeleteSavedConfigRequest;
import dev.tabula.v1.ExportGameRequest;
import dev.tabula.v1.ExportPgnRequest;
import dev.tabula.v1.ExportTournamentTrfRequest;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GetGameRequest;
import dev.tabula.v1.GetHintRequest;
import dev.tabula.v1.GetPlayerRatingsRequest;
import dev.tabula.v1.GetSavedConfigRequest;
import dev.tabula.v1.GetSeriesRequest;
import dev.tabula.v1.GetTournamentRequest;
import dev.tabula.v1.GetViewRequest;
import dev.tabula.v1.ImportGameRequest;
import dev.tabula.v1.ListGamesRequest;
import dev.tabula.v1.ListLeaderboardRequest;
import dev.tabula.v1.ListLegalMovesRequest;
import dev.tabula.v1.ListPuzzleSolutionsRequest;
import dev.tabula.v1.ListSavedConfigsRequest;
import dev.tabula.v1.ListSeriesRequest;
import dev.tabula.v1.ListTournamentsRequest;
import dev.tabula.v1.Move;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.PauseClockRequest;
import dev.tabula.v1.ReissueSeatTokenRequest;
import dev.tabula.v1.ResignRequest;
import dev.tabula.v1.ResumeClockRequest;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.Series;
import dev.tabula.v1.StartTournamentRoundRequest;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamOwnerEventsRequest;
import dev.tabula.v1.StreamSeriesEventsRequest;
import dev.tabula.v1.StreamTournamentEventsRequest;
import dev.tabula.v1.SubmitMoveRequest;
import dev.tabula.v1.SubmitMoveView;
import dev.tabula.v1.TakeBackRequest;
import dev.tabula.v1.TournamentPlayer;
import dev.tabula.v1.UpdateGameRequest;
import dev.tabula.v1.UpdateSavedConfigRequest;
import dev.tabula.v1.UpdateSeriesRequest;
import dev.tabula.v1.WithdrawTournamentPlayerRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The requests both clients send, built from their methods' arguments in one place; a game's
 * creation is built by the public {@link GameRequests}, which callers use for a batch too.
 */
final class Requests {
  /** The mask of an update that replaces the labels, the one field a game or a series may change. */
  private static final FieldMask LABELS = FieldMask.newBuilder().addPaths("labels").build();

  private Requests() {}

  /** A batch of creations, in order, safe to retry with {@code requestId} (empty for none). */
  static BatchCreateGamesRequest batchCreateGames(List<CreateGameRequest> requests, String requestId) {
    return BatchCreateGamesRequest.newBuilder()
        .addAllRequests(Objects.requireNonNull(requests, "requests"))
        .setRequestId(Objects.requireNonNull(requestId, "requestId"))
        .build();
  }

  /** The rematch of a finished game, safe to retry with {@code requestId} (empty for none). */
  static CreateRematchRequest createRematch(String gameId, String requestId) {
    return CreateRematchRequest.newBuilder()
        .setGameId(Objects.requireNonNull(gameId, "gameId"))
        .setRequestId(Objects.requireNonNull(requestId, "requestId"))
        .build();
  }

  static GetGameRequest getGame(String gameId) {
    return GetGameRequest.newBuilder().setGameId(gameId).build();
  }

  /** The first page of the games carrying every one of {@code labels}. */
  static ListGamesRequest listGames(Map<String, String> labels) {
    return ListGamesRequest.newBuilder().putAllLabels(CreateOptions.copyLabels(labels)).build();
  }

  /** Replaces a game's labels with {@code labels} (none: clears them). */
  static UpdateGameRequest updateGameLabels(String gameId, Map<String, String> labels) {
    return UpdateGameRequest.newBuilder()
        .setGame(Game.newBuilder().setGameId(Objects.requireNonNull(gameId, "gameId")).putAllLabels(CreateOptions.copyLabels(labels)))
        .setUpdateMask(LABELS)
        .build();
  }

  static GetViewRequest getView(String gameId) {
    return GetViewRequest.newBuilder().setGameId(gameId).build();
  }

  /** The view of a past position: {@code at_seq} set, 0 included (the server refuses it). */
  static GetViewRequest getView(String gameId, long atSeq) {
    return GetViewRequest.newBuilder().setGameId(gameId).setAtSeq(atSeq).build();
  }

  static ListLegalMovesRequest listLegalMoves(String gameId, int seat) {
    return ListLegalMovesRequest.newBuilder().setGameId(gameId).setSeat(seat).build();
  }

  static SubmitMoveRequest submitMove(String gameId, Move move, MoveOptions options) {
    SubmitMoveRequest.Builder request = SubmitMoveRequest.newBuilder()
        .setGameId(gameId).setMove(move).setRequestId(options.requestId()).setValidateOnly(options.validateOnly());
    options.expectedSeq().ifPresent(request::setExpectedSeq);
    if (options.basicAnswer()) {
      request.setView(SubmitMoveView.SUBMIT_MOVE_VIEW_BASIC);
    }
    return request.build();
  }

  static ResignRequest resign(String gameId, String requestId) {
    return ResignRequest.newBuilder().setGameId(gameId).setRequestId(requestId).build();
  }

  static ExportPgnRequest exportPgn(String gameId) {
    return ExportPgnRequest.newBuilder().setGameId(gameId).build();
  }

  static ExportGameRequest exportGame(String gameId) {
    return ExportGameRequest.newBuilder().setGameId(Objects.requireNonNull(gameId, "gameId")).build();
  }

  /** An import of {@code document}, or with {@code validateOnly} only its checks. */
  static ImportGameRequest importGame(String document, boolean validateOnly) {
    return ImportGameRequest.newBuilder()
        .setDocument(Objects.requireNonNull(document, "document"))
        .setValidateOnly(validateOnly)
        .build();
  }

  /**
   * One page of a puzzle's solutions, after {@code pageToken} (empty for the first), at the
   * position after event {@code atSeq} (0: the current one, {@code at_seq} left unset).
   */
  static ListPuzzleSolutionsRequest listPuzzleSolutions(String gameId, int pageSize, String pageToken, long atSeq) {
    ListPuzzleSolutionsRequest.Builder request = ListPuzzleSolutionsRequest.newBuilder()
        .setGameId(Objects.requireNonNull(gameId, "gameId"))
        .setPageSize(pageSize)
        .setPageToken(Objects.requireNonNull(pageToken, "pageToken"));
    if (atSeq != 0) {
      request.setAtSeq(atSeq);
    }
    return request.build();
  }

  static GetHintRequest getHint(String gameId, HintOptions options) {
    Objects.requireNonNull(options, "options");
    GetHintRequest.Builder request = GetHintRequest.newBuilder().setGameId(gameId).setMaxNodes(options.maxNodes());
    options.maxTime().ifPresent(time -> request.setMaxTime(Clocks.duration(time)));
    options.atSeq().ifPresent(request::setAtSeq);
    return request.build();
  }

  static TakeBackRequest takeBack(String gameId, MoveOptions options) {
    if (options.validateOnly() || options.basicAnswer()) {
      throw new IllegalArgumentException("a takeback cannot be validated only nor answered without its view");
    }
    TakeBackRequest.Builder request = TakeBackRequest.newBuilder().setGameId(gameId).setRequestId(options.requestId());
    options.expectedSeq().ifPresent(request::setExpectedSeq);
    return request.build();
  }

  static AnswerTakeBackRequest answerTakeBack(String gameId, boolean accept, MoveOptions options) {
    if (options.validateOnly() || options.basicAnswer()) {
      throw new IllegalArgumentException("an answer to a takeback cannot be validated only nor answered without its view");
    }
    AnswerTakeBackRequest.Builder request = AnswerTakeBackRequest.newBuilder()
        .setGameId(gameId).setAccept(accept).setRequestId(options.requestId());
    options.expectedSeq().ifPresent(request::setExpectedSeq);
    return request.build();
  }

  /** A claim of the win, or of a draw, safe to retry with {@code requestId} (empty for none). */
  static ClaimVictoryRequest claimVictory(String gameId, boolean draw, String requestId) {
    return ClaimVictoryRequest.newBuilder()
        .setGameId(Objects.requireNonNull(gameId, "gameId"))
        .setDraw(draw)
        .setRequestId(Objects.requireNonNull(requestId, "requestId"))
        .build();
  }

  static StreamEventsRequest events(String gameId, long afterSeq) {
    return StreamEventsRequest.newBuilder().setGameId(gameId).setAfterSeq(afterSeq).build();
  }

  static StreamEventsRequest events(String gameId, long afterSeq, EventOptions options) {
    return StreamEventsRequest.newBuilder().setGameId(gameId).setAfterSeq(afterSeq).setIncludeViews(options.views())
        .setViewChanges(options.viewChanges()).build();
  }

  static ArchiveGameRequest archiveGame(String gameId) {
    return ArchiveGameRequest.newBuilder().setGameId(gameId).build();
  }

  static DeleteGameRequest deleteGame(String gameId) {
    return DeleteGameRequest.newBuilder().setGameId(gameId).build();
  }

  static ReissueSeatTokenRequest reissueSeatToken(String gameId, int seat) {
    return ReissueSeatTokenRequest.newBuilder().setGameId(gameId).setSeat(seat).build();
  }

  static AbortGameRequest abortGame(String gameId, String explanation, String requestId) {
    return AbortGameRequest.newBuilder().setGameId(gameId).setExplanation(explanation).setRequestId(requestId).build();
  }

  static AdjudicateGameRequest adjudicateGame(String gameId, OutcomeType result, int winner, String explanation, String requestId) {
    return AdjudicateGameRequest.newBuilder()
        .setGameId(gameId).setResult(result).setWinner(winner).setExplanation(explanation).setRequestId(requestId)
        .build();
  }

  static PauseClockRequest pauseClock(String gameId, String requestId) {
    return PauseClockRequest.newBuilder().setGameId(gameId).setRequestId(requestId).build();
  }

  static ResumeClockRequest resumeClock(String gameId, String requestId) {
    return ResumeClockRequest.newBuilder().setGameId(gameId).setRequestId(requestId).build();
  }

  static AddTimeRequest addTime(String gameId, int seat, Duration time, String requestId) {
    return AddTimeRequest.newBuilder()
        .setGameId(gameId).setSeat(seat).setTime(Clocks.duration(time)).setRequestId(requestId).build();
  }

  static CreateSavedConfigRequest createSavedConfig(SavedConfig savedConfig) {
    return CreateSavedConfigRequest.newBuilder().setSavedConfig(Objects.requireNonNull(savedConfig, "savedConfig")).build();
  }

  static GetSavedConfigRequest getSavedConfig(String name) {
    return GetSavedConfigRequest.newBuilder().setName(name).build();
  }

  static ListSavedConfigsRequest listSavedConfigs(int pageSize, String pageToken) {
    return ListSavedConfigsRequest.newBuilder().setPageSize(pageSize).setPageToken(pageToken).build();
  }

  static UpdateSavedConfigRequest updateSavedConfig(SavedConfig savedConfig) {
    return UpdateSavedConfigRequest.newBuilder().setSavedConfig(Objects.requireNonNull(savedConfig, "savedConfig")).build();
  }

  static DeleteSavedConfigRequest deleteSavedConfig(String name) {
    return DeleteSavedConfigRequest.newBuilder().setName(name).build();
  }

  private static CreateSeriesRequest.Builder series(SeriesOptions options) {
    Objects.requireNonNull(options, "options");
    CreateSeriesRequest.Builder request = CreateSeriesRequest.newBuilder()
        .setBestOf(options.bestOf())
        .setFirstTo(options.firstTo())
        .setDraws(options.draws())
        .addAllPlayers(options.players())
        .addAllBots(options.bots())
        .setPrivate(options.isPrivate())
        .setRequestId(options.requestId())
        .putAllLabels(options.labels())
        .setRatingPool(options.ratingPool());
    options.allowHints().ifPresent(request::setAllowHints);
    return request;
  }

  static CreateSeriesRequest seriesFromPreset(GameKind kind, String preset, SeriesOptions options) {
    return series(options).setKind(Objects.requireNonNull(kind, "kind")).setPreset(Objects.requireNonNull(preset, "preset")).build();
  }

  static CreateSeriesRequest seriesFromConfig(GameConfig config, SeriesOptions options) {
    return series(options).setConfig(Objects.requireNonNull(config, "config")).build();
  }

  static CreateSeriesRequest seriesFromSavedConfig(String name, SeriesOptions options) {
    return series(options).setSavedConfig(Objects.requireNonNull(name, "name")).build();
  }

  static GetSeriesRequest getSeries(String seriesId) {
    return GetSeriesRequest.newBuilder().setSeriesId(seriesId).build();
  }

  /** The first page of the series carrying every one of {@code labels}. */
  static ListSeriesRequest listSeries(Map<String, String> labels) {
    return ListSeriesRequest.newBuilder().putAllLabels(CreateOptions.copyLabels(labels)).build();
  }

  /** Replaces a series' labels with {@code labels} (none: clears them). */
  static UpdateSeriesRequest updateSeriesLabels(String seriesId, Map<String, String> labels) {
    return UpdateSeriesRequest.newBuilder()
        .setSeries(Series.newBuilder().setSeriesId(Objects.requireNonNull(seriesId, "seriesId"))
            .putAllLabels(CreateOptions.copyLabels(labels)))
        .setUpdateMask(LABELS)
        .build();
  }

  static StreamSeriesEventsRequest seriesEvents(String seriesId, long afterSeq) {
    return StreamSeriesEventsRequest.newBuilder().setSeriesId(seriesId).setAfterSeq(afterSeq).build();
  }

  private static CreateTournamentRequest.Builder tournament(List<TournamentPlayer> players, TournamentOptions options) {
    Objects.requireNonNull(options, "options");
    CreateTournamentRequest.Builder request = CreateTournamentRequest.newBuilder()
        .setFormat(options.format())
        .setHoldRounds(options.holdRounds())
        .setRatingPool(options.ratingPool())
        .setPrivate(options.isPrivate())
        .putAllLabels(options.labels())
        .setRequestId(options.requestId())
        .setBestOf(options.bestOf())
        .setSeedByRating(options.seedByRating())
        .setRounds(options.rounds())
        .setAccelerated(options.accelerated())
        .setTrf(options.trf());
    for (TournamentPlayer player : Objects.requireNonNull(players, "players")) {
      request.addPlayers(Objects.requireNonNull(player, "a player"));
    }
    options.scoring().ifPresent(request::setScoring);
    request.addAllTieBreaks(options.tieBreaks());
    options.allowHints().ifPresent(request::setAllowHints);
    return request;
  }

  static CreateTournamentRequest tournamentFromPreset(GameKind kind, String preset, List<TournamentPlayer> players,
      TournamentOptions options) {
    return tournament(players, options).setKind(Objects.requireNonNull(kind, "kind"))
        .setPreset(Objects.requireNonNull(preset, "preset")).build();
  }

  static CreateTournamentRequest tournamentFromConfig(GameConfig config, List<TournamentPlayer> players, TournamentOptions options) {
    return tournament(players, options).setConfig(Objects.requireNonNull(config, "config")).build();
  }

  static CreateTournamentRequest tournamentFromSavedConfig(String name, List<TournamentPlayer> players, TournamentOptions options) {
    return tournament(players, options).setSavedConfig(Objects.requireNonNull(name, "name")).build();
  }

  static GetTournamentRequest getTournament(String tournamentId) {
    return GetTournamentRequest.newBuilder().setTournamentId(tournamentId).build();
  }

  static ExportTournamentTrfRequest exportTournamentTrf(String tournamentId) {
    return ExportTournamentTrfRequest.newBuilder().setTournamentId(tournamentId).build();
  }

  /** The first page of the tournaments carrying every one of {@code labels}. */
  static ListTournamentsRequest listTournaments(Map<String, String> labels) {
    return ListTournamentsRequest.newBuilder().putAllLabels(CreateOptions.copyLabels(labels)).build();
  }

  static StreamTournamentEventsRequest tournamentEvents(String tournamentId, long afterSeq) {
    return StreamTournamentEventsRequest.newBuilder().setTournamentId(tournamentId).setAfterSeq(afterSeq).build();
  }

  static StartTournamentRoundRequest startTournamentRound(String tournamentId, int round) {
    return StartTournamentRoundRequest.newBuilder().setTournamentId(tournamentId).setRound(round).build();
  }

  static WithdrawTournamentPlayerRequest withdrawTournamentPlayer(String tournamentId, int player) {
    return WithdrawTournamentPlayerRequest.newBuilder().setTournamentId(tournamentId).setPlayer(player).build();
  }

  static AddTournamentPlayerRequest addTournamentPlayer(String tournamentId, TournamentPlayer player) {
    return AddTournamentPlayerRequest.newBuilder().setTournamentId(tournamentId)
        .setPlayer(Objects.requireNonNull(player, "player")).build();
  }

  static CancelTournamentRequest cancelTournament(String tournamentId) {
    return CancelTournamentRequest.newBuilder().setTournamentId(tournamentId).build();
  }

  /** A player's ratings, one per pool. */
  static GetPlayerRatingsRequest getPlayerRatings(String playerId) {
    return GetPlayerRatingsRequest.newBuilder().setPlayerId(Objects.requireNonNull(playerId, "playerId")).build();
  }

  /** One page of a pool's leaderboard, after {@code pageToken} (empty for the first). */
  static ListLeaderboardRequest listLeaderboard(String pool, int pageSize, String pageToken, boolean excludeProvisional) {
    return ListLeaderboardRequest.newBuilder()
        .setPool(Objects.requireNonNull(pool, "pool"))
        .setPageSize(pageSize)
        .setPageToken(Objects.requireNonNull(pageToken, "pageToken"))
        .setExcludeProvisional(excludeProvisional)
        .build();
  }

  /**
   * The owner stream after {@code afterCursor}, of the events of {@code kinds} (none: every
   * kind) of the games carrying every one of {@code labels} (none: every game); refuses null
   * kinds, keys and values.
   */
  static StreamOwnerEventsRequest ownerEvents(long afterCursor, List<OwnerEventKind> kinds, Map<String, String> labels) {
    StreamOwnerEventsRequest.Builder request = StreamOwnerEventsRequest.newBuilder().setAfterCursor(afterCursor);
    for (OwnerEventKind kind : Objects.requireNonNull(kinds, "kinds")) {
      request.addKinds(Objects.requireNonNull(kind, "a kind"));
    }
    return request.putAllLabels(CreateOptions.copyLabels(labels)).build();
  }
}
