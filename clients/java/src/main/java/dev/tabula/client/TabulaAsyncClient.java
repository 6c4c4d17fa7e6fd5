package dev.tabula.client;

import dev.tabula.v1.AddTournamentPlayerResponse;
import dev.tabula.v1.AnswerTakeBackRequest;
import dev.tabula.v1.AnswerTakeBackResponse;
import dev.tabula.v1.ClaimVictoryRequest;
import dev.tabula.v1.ClaimVictoryResponse;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.CreateRematchResponse;
import dev.tabula.v1.CreateSeriesRequest;
import dev.tabula.v1.CreateSeriesResponse;
import dev.tabula.v1.CreateTournamentRequest;
import dev.tabula.v1.CreateTournamentResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameKindInfo;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GetHintRequest;
import dev.tabula.v1.GetHintResponse;
import dev.tabula.v1.ListGameKindsRequest;
import dev.tabula.v1.ListGamesRequest;
import dev.tabula.v1.ListGamesResponse;
import dev.tabula.v1.ListLeaderboardRequest;
import dev.tabula.v1.ListLeaderboardResponse;
import dev.tabula.v1.ListLegalMovesResponse;
import dev.tabula.v1.ListPuzzleSolutionsRequest;
import dev.tabula.v1.ListPuzzleSolutionsResponse;
import dev.tabula.v1.ListSavedConfigsRequest;
import dev.tabula.v1.ListSavedConfigsResponse;
import dev.tabula.v1.ListSeriesRequest;
import dev.tabula.v1.ListSeriesResponse;
import dev.tabula.v1.ListTournamentsRequest;
import dev.tabula.v1.ListTournamentsResponse;
import dev.tabula.v1.Move;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.PgnImport;
import dev.tabula.v1.PlayerRating;
import dev.tabula.v1.ResignResponse;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.SeatToken;
import dev.tabula.v1.Series;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import dev.tabula.v1.StreamOwnerEventsRequest;
import dev.tabula.v1.SubmitMoveRequest;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TakeBackRequest;
import dev.tabula.v1.TakeBackResponse;
import dev.tabula.v1.Tournament;
import dev.tabula.v1.TournamentEvent;
import dev.tabula.v1.TournamentPlayer;
import dev.tabula.v1.UpdateGameRequest;
import dev.tabula.v1.UpdateSeriesRequest;
import dev.tabula.v1.View;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The asynchronous client, from {@link TabulaClient#async}: the same methods as
 * {@link TabulaClient}, each returning a {@link CompletableFuture} that completes with the
 * answer, or exceptionally with a {@link TabulaException}, without blocking the caller.
 * Cancelling a future cancels its call. Unary calls have the same deadline as the blocking
 * client's (30 seconds unless configured otherwise, {@link #withTimeout} for another);
 * {@link #events} delivers a game's events to a {@link StreamObserver}, resuming like
 * {@link EventStream}, {@link #seriesEvents} a series' events, like
 * {@link SeriesEventStream}, {@link #tournamentEvents} a tournament's, like
 * {@link TournamentEventStream}, and {@link #ownerEvents} the calling service key's own stream,
 * like {@link OwnerEventStream}.
 *
 * <pre>{@code
 * TabulaAsyncClient async = client.async();
 * async.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic")
 *     .thenCompose(created -> async.as(created.getSeatTokens(0).getToken())
 *         .submitMove(created.getGame().getGameId(), Moves.drop(3)))
 *     .thenAccept(moved -> System.out.println("seq " + moved.getSeq()));
 * }</pre>
 */
public final class TabulaAsyncClient implements AutoCloseable {
  private final Connection connection;
  private final GameServiceGrpc.GameServiceStub stub;

  TabulaAsyncClient(Connection connection) {
    this.connection = connection;
    this.stub = connection.async();
  }

  /**
   * An asynchronous client on the same connection that calls with another credential.
   *
   * @param credential a service key or a seat token ({@code ""}: as a spectator)
   * @return the client, on the same connection
   */
  public TabulaAsyncClient as(String credential) {
    return new TabulaAsyncClient(connection.as(credential));
  }

  /**
   * An asynchronous client on the same connection whose unary calls have this deadline instead.
   *
   * @param timeout the deadline of each unary call; positive
   * @return the client, on the same connection
   */
  public TabulaAsyncClient withTimeout(Duration timeout) {
    return new TabulaAsyncClient(connection.withTimeout(Objects.requireNonNull(timeout, "timeout")));
  }

  /** {@return the deadline of this client's unary calls} */
  public Duration timeout() {
    return connection.timeout;
  }

  /**
   * An asynchronous client on the same connection whose unary calls are retried under
   * {@code policy} instead; see {@link TabulaClient#withRetryPolicy}.
   *
   * @param policy how to retry a call that failed with {@code UNAVAILABLE}
   * @return the copy
   */
  public TabulaAsyncClient withRetryPolicy(RetryPolicy policy) {
    return new TabulaAsyncClient(connection.withRetryPolicy(Objects.requireNonNull(policy, "policy")));
  }

  /** {@return how this client's unary calls are retried} */
  public RetryPolicy retryPolicy() {
    return connection.settings.retryPolicy();
  }

  /**
   * An asynchronous client on the same connection whose unary calls wait for the connection
   * (or not); see {@link TabulaClient.Builder#waitForReady}.
   *
   * @param waitForReady true for calls that wait, until their deadline, for a server out of reach
   * @return the copy
   */
  public TabulaAsyncClient withWaitForReady(boolean waitForReady) {
    return new TabulaAsyncClient(connection.withWaitForReady(waitForReady));
  }

  /** {@return whether this client's unary calls wait for the connection} */
  public boolean waitForReady() {
    return connection.settings.waitForReady();
  }

  /**
   * An asynchronous client on the same connection whose event streams resume under
   * {@code policy} instead; see {@link StreamRetryPolicy}.
   *
   * @param policy how the streams it opens resume after a transient failure
   * @return the copy
   */
  public TabulaAsyncClient withStreamRetryPolicy(StreamRetryPolicy policy) {
    return new TabulaAsyncClient(connection.withStreamRetryPolicy(Objects.requireNonNull(policy, "policy")));
  }

  /** {@return how this client's event streams resume} */
  public StreamRetryPolicy streamRetryPolicy() {
    return connection.settings.streamRetryPolicy();
  }

  /** This client's stream policy with a bound on reconnection attempts in a row and a first wait. */
  private StreamRetryPolicy bounded(int maxReconnects, Duration firstDelay) {
    return streamRetryPolicy().withMaxReconnects(maxReconnects).withFirstDelay(Objects.requireNonNull(firstDelay, "firstDelay"));
  }

  /**
   * The blocking client on the same connection, with this client's credential and deadline.
   *
   * @return the client, on the same connection
   */
  public TabulaClient blocking() {
    return new TabulaClient(connection.shared());
  }

  /**
   * The generated asynchronous stub with this client's credential (no deadline of its own).
   *
   * @return the stub
   */
  public GameServiceGrpc.GameServiceStub stub() {
    return stub;
  }

  /** A unary method of the generated asynchronous stub. */
  @FunctionalInterface
  private interface Rpc<Q, R> {
    void invoke(GameServiceGrpc.GameServiceStub stub, Q request, StreamObserver<R> observer);
  }

  private <Q, R, T> CompletableFuture<T> call(Rpc<Q, R> method, Q request, Function<R, T> answer) {
    CompletableFuture<T> future = new CompletableFuture<>();
    GameServiceGrpc.GameServiceStub timed = stub.withDeadlineAfter(connection.timeoutNanos(), TimeUnit.NANOSECONDS);
    method.invoke(timed, request, new ClientResponseObserver<Q, R>() {
      private R response;

      @Override
      public void beforeStart(ClientCallStreamObserver<Q> call) {
        future.whenComplete((value, error) -> {
          if (future.isCancelled()) {
            call.cancel("the caller cancelled the call", null);
          }
        });
      }

      @Override
      public void onNext(R value) {
        response = value;
      }

      @Override
      public void onError(Throwable error) {
        future.completeExceptionally(TabulaException.from(error));
      }

      @Override
      public void onCompleted() {
        try {
          future.complete(answer.apply(response));
        } catch (RuntimeException failure) {
          future.completeExceptionally(failure);
        }
      }
    });
    return future;
  }

  /**
   * Every game kind the server hosts; see {@link TabulaClient#listGameKinds}.
   *
   * @return completes with every game kind, with its defaults and presets, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<List<GameKindInfo>> listGameKinds() {
    return call(GameServiceGrpc.GameServiceStub::listGameKinds, ListGameKindsRequest.getDefaultInstance(), r -> r.getKindsList());
  }

  /**
   * Creates a game from a preset; see {@link TabulaClient#createGameFromPreset(GameKind, String)}.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromPreset(GameKind kind, String preset) {
    return createGameFromPreset(kind, preset, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromPreset(GameKind, String)}, safe to retry with {@code requestId}.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromPreset(GameKind kind, String preset, String requestId) {
    return createGameFromPreset(kind, preset, CreateOptions.defaults().withRequestId(requestId));
  }

  /**
   * As {@link #createGameFromPreset(GameKind, String)}, private, with a request id, with bot seats or with players.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromPreset(GameKind kind, String preset, CreateOptions options) {
    return createGame(GameRequests.gameFromPreset(kind, preset, options));
  }

  /**
   * Creates a game from a full configuration; see {@link TabulaClient#createGameFromConfig(GameConfig)}.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromConfig(GameConfig config) {
    return createGameFromConfig(config, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromConfig(GameConfig)}, safe to retry with {@code requestId}.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromConfig(GameConfig config, String requestId) {
    return createGameFromConfig(config, CreateOptions.defaults().withRequestId(requestId));
  }

  /**
   * As {@link #createGameFromConfig(GameConfig)}, private, with a request id, with bot seats,
   * with clocks or with the seat that starts ({@link CreateOptions#withStarter}); see
   * {@link TabulaClient#createGameFromConfig(GameConfig, CreateOptions)}.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromConfig(GameConfig config, CreateOptions options) {
    return createGame(GameRequests.gameFromConfig(config, options));
  }

  /**
   * Creates a chess game from PGN; see {@link TabulaClient#createGameFromPgn(String)}.
   *
   * @param pgn the PGN text
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromPgn(String pgn) {
    return createGameFromPgn(pgn, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromPgn(String)}, private, with a request id or with bot seats.
   *
   * @param pgn the PGN text
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromPgn(String pgn, CreateOptions options) {
    return createGame(GameRequests.gameFromPgn(pgn, options));
  }

  /**
   * As {@link #createGameFromPgn(String)} from a full import, for {@code ply}.
   *
   * @param pgn the PGN text and how many of its plies to play
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromPgn(PgnImport pgn, CreateOptions options) {
    return createGame(GameRequests.gameFromPgn(pgn, options));
  }

  /**
   * Creates a game from one of the caller's saved configurations; see
   * {@link TabulaClient#createGameFromSavedConfig(String)}.
   *
   * @param name the saved configuration's name
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromSavedConfig(String name) {
    return createGameFromSavedConfig(name, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromSavedConfig(String)}, private, with a request id, with bot seats
   * or with hints allowed; options with a clock or a starter throw
   * {@link IllegalArgumentException} at once, without calling the server.
   *
   * @param name the saved configuration's name
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGameFromSavedConfig(String name, CreateOptions options) {
    return createGame(GameRequests.gameFromSavedConfig(name, options));
  }

  /**
   * Creates a game from a full request.
   *
   * @param request the full request, sent as it is
   * @return completes with the game made and its seat tokens (shown only this once), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateGameResponse> createGame(CreateGameRequest request) {
    return call(GameServiceGrpc.GameServiceStub::createGame, request, r -> r);
  }

  /**
   * Creates 1 to 500 games in one call, all or nothing, one answer per request in their
   * order; see {@link TabulaClient#batchCreateGames(List)}. Build the requests with
   * {@link GameRequests}.
   *
   * @param requests the games' requests, built by {@link GameRequests}
   * @return completes with one answer per request, in the requests' order, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<List<CreateGameResponse>> batchCreateGames(List<CreateGameRequest> requests) {
    return batchCreateGames(requests, "");
  }

  /**
   * As {@link #batchCreateGames(List)}, safe to retry with {@code requestId}; see
   * {@link TabulaClient#batchCreateGames(List, String)}.
   *
   * @param requests the games' requests, built by {@link GameRequests}
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with one answer per request, in the requests' order, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<List<CreateGameResponse>> batchCreateGames(List<CreateGameRequest> requests, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::batchCreateGames, Requests.batchCreateGames(requests, requestId),
        r -> r.getGamesList());
  }

  /**
   * Creates the rematch of a finished game, its players and engine's seats swapped, with new
   * seat tokens; see {@link TabulaClient#createRematch(String)}. Not safe to retry: a second
   * call fails with {@code ALREADY_EXISTS} {@code REMATCH_EXISTS}. Needs a service key.
   *
   * @param gameId the game's id
   * @return completes with the rematch and its seat tokens, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateRematchResponse> createRematch(String gameId) {
    return createRematch(gameId, "");
  }

  /**
   * As {@link #createRematch(String)}, safe to retry with {@code requestId}; see
   * {@link TabulaClient#createRematch(String, String)}.
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the rematch and its seat tokens, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateRematchResponse> createRematch(String gameId, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::createRematch, Requests.createRematch(gameId, requestId), r -> r);
  }

  /**
   * A game's public summary.
   *
   * @param gameId the game's id
   * @return completes with the game's summary, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> getGame(String gameId) {
    return call(GameServiceGrpc.GameServiceStub::getGame, Requests.getGame(gameId), r -> r.getGame());
  }

  /**
   * The first page of games; see {@link TabulaClient#listGames()}.
   *
   * @return completes with a page of games and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListGamesResponse> listGames() {
    return listGames(ListGamesRequest.getDefaultInstance());
  }

  /**
   * One page of games; see {@link TabulaClient#listGames(ListGamesRequest)}.
   *
   * @param request the full request, sent as it is
   * @return completes with a page of games and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListGamesResponse> listGames(ListGamesRequest request) {
    return call(GameServiceGrpc.GameServiceStub::listGames, request, r -> r);
  }

  /**
   * The first page of the games carrying every one of {@code labels}; see {@link TabulaClient#listGames(Map)}.
   *
   * @param labels the labels the games must all carry (empty: every game)
   * @return completes with a page of games and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListGamesResponse> listGames(Map<String, String> labels) {
    return listGames(Requests.listGames(labels));
  }

  /**
   * The game as this client's credential may see it, now.
   *
   * @param gameId the game's id
   * @return completes with the game as this caller sees it, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> getView(String gameId) {
    return call(GameServiceGrpc.GameServiceStub::getView, Requests.getView(gameId), r -> r.getView());
  }

  /**
   * The game as it stood right after the event with sequence number {@code atSeq} (1: the
   * creation), as this client's credential saw it then; see
   * {@link TabulaClient#getView(String, long)}. 0 or a seq beyond the log: {@code OUT_OF_RANGE}
   * {@code SEQ_OUT_OF_RANGE}.
   *
   * @param gameId the game's id
   * @param atSeq the seq of the event right after which the view is taken (1: the start)
   * @return completes with the game as this caller sees it, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> getView(String gameId, long atSeq) {
    return call(GameServiceGrpc.GameServiceStub::getView, Requests.getView(gameId, atSeq), r -> r.getView());
  }

  /**
   * The moves this client's seat may make now.
   *
   * @param gameId the game's id
   * @return completes with the seat's legal moves and the seq they were computed at, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListLegalMovesResponse> listLegalMoves(String gameId) {
    return listLegalMoves(gameId, 0);
  }

  /**
   * The moves {@code seat} may make now; seat 0 means the caller's own seat.
   *
   * @param gameId the game's id
   * @param seat the seat whose moves to list, numbered from 1
   * @return completes with the seat's legal moves and the seq they were computed at, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListLegalMovesResponse> listLegalMoves(String gameId, int seat) {
    return call(GameServiceGrpc.GameServiceStub::listLegalMoves, Requests.listLegalMoves(gameId, seat), r -> r);
  }

  /**
   * Plays {@code move} as this client's seat.
   *
   * @param gameId the game's id
   * @param move the move, built by {@link Moves}
   * @return completes with the move's seq and the game after it, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<SubmitMoveResponse> submitMove(String gameId, Move move) {
    return submitMove(gameId, move, MoveOptions.defaults());
  }

  /**
   * As {@link #submitMove(String, Move)}, with an expected seq, a request id or validation only.
   *
   * @param gameId the game's id
   * @param move the move, built by {@link Moves}
   * @param options the expected seq, request id, ... (see {@link MoveOptions})
   * @return completes with the move's seq and the game after it, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<SubmitMoveResponse> submitMove(String gameId, Move move, MoveOptions options) {
    return submitMove(Requests.submitMove(gameId, move, options));
  }

  /**
   * Submits a full request.
   *
   * @param request the full request, sent as it is
   * @return completes with the move's seq and the game after it, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<SubmitMoveResponse> submitMove(SubmitMoveRequest request) {
    return call(GameServiceGrpc.GameServiceStub::submitMove, request, r -> r);
  }

  /**
   * Resigns this client's seat.
   *
   * @param gameId the game's id
   * @return completes with the finished game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ResignResponse> resign(String gameId) {
    return resign(gameId, "");
  }

  /**
   * As {@link #resign(String)}, safe to retry with {@code requestId}.
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the finished game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ResignResponse> resign(String gameId, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::resign, Requests.resign(gameId, requestId), r -> r);
  }

  /**
   * A chess game as PGN.
   *
   * @param gameId the game's id
   * @return completes with the PGN text, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<String> exportPgn(String gameId) {
    return call(GameServiceGrpc.GameServiceStub::exportPgn, Requests.exportPgn(gameId), r -> r.getPgn());
  }

  /**
   * One game as a document; see {@link TabulaClient#exportGame(String)}. Needs a service key.
   *
   * @param gameId the game's id
   * @return completes with the document, JSON in the {@code tabula.game.v1} format, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<String> exportGame(String gameId) {
    return call(GameServiceGrpc.GameServiceStub::exportGame, Requests.exportGame(gameId), r -> r.getDocument());
  }

  /**
   * Imports a document as a game of this server; see {@link TabulaClient#importGame(String)}.
   * Needs a service key; never retried.
   *
   * @param document a document {@link #exportGame} or {@code tabula export} wrote
   * @return completes with the game, imported, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> importGame(String document) {
    return importGame(document, false);
  }

  /**
   * As {@link #importGame(String)}; with {@code validateOnly} true only checks the document
   * and stores nothing; see {@link TabulaClient#importGame(String, boolean)}.
   *
   * @param document a document {@link #exportGame} or {@code tabula export} wrote
   * @param validateOnly true to check the document without importing it
   * @return completes with the game, imported (or, with {@code validateOnly}, as it would be), or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> importGame(String document, boolean validateOnly) {
    return call(GameServiceGrpc.GameServiceStub::importGame, Requests.importGame(document, validateOnly), r -> r.getGame());
  }

  /**
   * The engine's analysis of a position; see {@link TabulaClient#getHint(String)}.
   *
   * @param gameId the game's id
   * @return completes with the engine's analysis, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<GetHintResponse> getHint(String gameId) {
    return getHint(gameId, HintOptions.defaults());
  }

  /**
   * As {@link #getHint(String)}, with a budget or an earlier position of a finished game.
   *
   * @param gameId the game's id
   * @param options the engine's budget and the position (see {@link HintOptions})
   * @return completes with the engine's analysis, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<GetHintResponse> getHint(String gameId, HintOptions options) {
    return getHint(Requests.getHint(gameId, options));
  }

  /**
   * Sends a full analysis request.
   *
   * @param request the full request, sent as it is
   * @return completes with the engine's analysis, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<GetHintResponse> getHint(GetHintRequest request) {
    return call(GameServiceGrpc.GameServiceStub::getHint, request, r -> r);
  }

  /**
   * The first page of a puzzle's solutions from the current position; see
   * {@link TabulaClient#listPuzzleSolutions(String)}.
   *
   * @param gameId the game's id
   * @return completes with the count, a page of solutions and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListPuzzleSolutionsResponse> listPuzzleSolutions(String gameId) {
    return listPuzzleSolutions(gameId, 0, "", 0);
  }

  /**
   * One page of a puzzle's solutions; see {@link TabulaClient#listPuzzleSolutions(String, int, String, long)}.
   *
   * @param gameId the game's id
   * @param pageSize the most solutions on the page (0: the server's default)
   * @param pageToken the previous page's {@code next_page_token} (empty: the first page)
   * @param atSeq the seq of the event right after which to list them (1: the start; 0: the current position)
   * @return completes with the count, a page of solutions and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListPuzzleSolutionsResponse> listPuzzleSolutions(String gameId, int pageSize, String pageToken,
      long atSeq) {
    return listPuzzleSolutions(Requests.listPuzzleSolutions(gameId, pageSize, pageToken, atSeq));
  }

  /**
   * One page of a puzzle's solutions from a full request.
   *
   * @param request the full request, sent as it is
   * @return completes with the count, a page of solutions and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListPuzzleSolutionsResponse> listPuzzleSolutions(ListPuzzleSolutionsRequest request) {
    return call(GameServiceGrpc.GameServiceStub::listPuzzleSolutions, request, r -> r);
  }

  /**
   * Takes back this client's seat's last move; see {@link TabulaClient#takeBack(String)}.
   *
   * @param gameId the game's id
   * @return completes with the game after the takeback, or the request made, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<TakeBackResponse> takeBack(String gameId) {
    return takeBack(gameId, MoveOptions.defaults());
  }

  /**
   * As {@link #takeBack(String)}, with an expected seq or a request id.
   *
   * @param gameId the game's id
   * @param options the expected seq, request id, ... (see {@link MoveOptions})
   * @return completes with the game after the takeback, or the request made, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<TakeBackResponse> takeBack(String gameId, MoveOptions options) {
    return takeBack(Requests.takeBack(gameId, options));
  }

  /**
   * Sends a full takeback request.
   *
   * @param request the full request, sent as it is
   * @return completes with the game after the takeback, or the request made, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<TakeBackResponse> takeBack(TakeBackRequest request) {
    return call(GameServiceGrpc.GameServiceStub::takeBack, request, r -> r);
  }

  /**
   * Answers the other seat's takeback request (accepting undoes its last move, declining keeps
   * it); see {@link TabulaClient#answerTakeBack(String, boolean)}.
   *
   * @param gameId the game's id
   * @param accept true to accept the takeback, false to decline it
   * @return completes with the game after the answer, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<AnswerTakeBackResponse> answerTakeBack(String gameId, boolean accept) {
    return answerTakeBack(gameId, accept, MoveOptions.defaults());
  }

  /**
   * As {@link #answerTakeBack(String, boolean)}, with an expected seq or a request id.
   *
   * @param gameId the game's id
   * @param accept true to accept the takeback, false to decline it
   * @param options the expected seq, request id, ... (see {@link MoveOptions})
   * @return completes with the game after the answer, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<AnswerTakeBackResponse> answerTakeBack(String gameId, boolean accept, MoveOptions options) {
    return answerTakeBack(Requests.answerTakeBack(gameId, accept, options));
  }

  /**
   * Sends a full answer to a takeback request.
   *
   * @param request the full request, sent as it is
   * @return completes with the game after the answer, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<AnswerTakeBackResponse> answerTakeBack(AnswerTakeBackRequest request) {
    return call(GameServiceGrpc.GameServiceStub::answerTakeBack, request, r -> r);
  }

  /**
   * Claims the game for this client's seat when the seat to move has been gone for the game's
   * claim window ({@code CLAIM_NOT_AVAILABLE} where none can be made, {@code CLAIM_TOO_EARLY}
   * with metadata {@code claimable_at} before); see {@link TabulaClient#claimVictory(String)}.
   *
   * @param gameId the game's id
   * @return completes with the claim's seq and the finished game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ClaimVictoryResponse> claimVictory(String gameId) {
    return claimVictory(gameId, false, "");
  }

  /**
   * As {@link #claimVictory(String)}; with {@code draw} true the game ends drawn rather than won.
   *
   * @param gameId the game's id
   * @param draw true to end the game drawn rather than won
   * @return completes with the claim's seq and the finished game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ClaimVictoryResponse> claimVictory(String gameId, boolean draw) {
    return claimVictory(gameId, draw, "");
  }

  /**
   * As {@link #claimVictory(String, boolean)}, safe to retry with {@code requestId} (empty for none).
   *
   * @param gameId the game's id
   * @param draw true to end the game drawn rather than won
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the claim's seq and the finished game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ClaimVictoryResponse> claimVictory(String gameId, boolean draw, String requestId) {
    return claimVictory(Requests.claimVictory(gameId, draw, requestId));
  }

  /**
   * Sends a full claim.
   *
   * @param request the full request, sent as it is
   * @return completes with the claim's seq and the finished game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ClaimVictoryResponse> claimVictory(ClaimVictoryRequest request) {
    return call(GameServiceGrpc.GameServiceStub::claimVictory, request, r -> r);
  }

  /**
   * Delivers the events of a game after {@code afterSeq} to {@code observer} as they arrive,
   * resuming after a dropped connection; see {@link AsyncEventStream}. Close it when done.
   *
   * @param gameId the game's id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncEventStream events(String gameId, long afterSeq, StreamObserver<GameEvent> observer) {
    Objects.requireNonNull(observer, "observer");
    return events(Requests.events(gameId, afterSeq), AsyncResumingStream.mapped(observer, StreamEventsResponse::getEvent));
  }

  /**
   * As {@link #events(String, long, StreamObserver)} with views or view changes (see
   * {@link TabulaClient#events(String, long, EventOptions)}): each response holds the event
   * and the game as this caller sees it just after it, whole.
   *
   * @param gameId the game
   * @param afterSeq the seq of the last event already seen (0: from the game's creation)
   * @param options views or view changes
   * @param observer receives each response
   * @return the stream, to close when done
   */
  public AsyncEventStream events(String gameId, long afterSeq, EventOptions options,
      StreamObserver<StreamEventsResponse> observer) {
    return events(Requests.events(gameId, afterSeq, Objects.requireNonNull(options, "options")), observer);
  }

  /**
   * As {@link #events(String, long, StreamObserver)} from a full request, for
   * {@code include_views}: each response holds the event and, with views, the game as this
   * caller sees it just after it. With {@code view_changes} the server sends each view after
   * the first as what changed of it; the stream applies the changes, so each response the
   * observer receives holds its view whole, and no {@code view_change}, as with
   * {@code include_views}.
   *
   * @param request the full request, sent as it is
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncEventStream events(StreamEventsRequest request, StreamObserver<StreamEventsResponse> observer) {
    return events(request, streamRetryPolicy(), observer);
  }

  /**
   * As {@link #events(StreamEventsRequest, StreamObserver)}, with a bound on reconnection attempts in a row and the first wait.
   *
   * @param request the full request, sent as it is
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncEventStream events(StreamEventsRequest request, int maxReconnects, Duration firstDelay,
      StreamObserver<StreamEventsResponse> observer) {
    return events(request, bounded(maxReconnects, firstDelay), observer);
  }

  private AsyncEventStream events(StreamEventsRequest request, StreamRetryPolicy policy,
      StreamObserver<StreamEventsResponse> observer) {
    AsyncEventStream stream = new AsyncEventStream(stub, Objects.requireNonNull(request, "request"),
        connection.reconnections(policy), Objects.requireNonNull(observer, "observer"));
    stream.start();
    return stream;
  }

  /**
   * Delivers what happens to every game the calling service key owns, to its series (each
   * game scored, {@code OWNER_EVENT_KIND_SERIES_GAME_FINISHED}, and the series decided,
   * {@code OWNER_EVENT_KIND_SERIES_FINISHED}, with the series' own event in
   * {@code getSeriesEvent()}) and to its tournaments (each board scored,
   * {@code OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED}, each round finished,
   * {@code OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED}, and the tournament finished,
   * {@code OWNER_EVENT_KIND_TOURNAMENT_FINISHED}, with the tournament's own event in
   * {@code getTournamentEvent()}), after cursor {@code afterCursor} to {@code observer} as it
   * arrives (first the backlog, then live), resuming after a dropped connection or a server's
   * stop; it never completes by itself while the server runs. See {@link AsyncOwnerEventStream} and {@link TabulaClient#ownerEvents(long)}.
   * Close it when done.
   *
   * @param afterCursor the cursor of the last event already seen (0: the key's whole history)
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncOwnerEventStream ownerEvents(long afterCursor, StreamObserver<OwnerEvent> observer) {
    return ownerEvents(Requests.ownerEvents(afterCursor, List.of(), Map.of()), streamRetryPolicy(), observer);
  }

  /**
   * As {@link #ownerEvents(long, StreamObserver)}, only the events of {@code kinds} (empty:
   * every kind) of the games carrying every one of {@code labels} (empty: every game); see
   * {@link TabulaClient#ownerEvents(long, List, Map)}.
   *
   * @param afterCursor the cursor of the last event already seen (0: the key's whole history)
   * @param kinds the kinds of event to deliver (empty: every kind)
   * @param labels the labels the games must all carry (empty: every game)
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncOwnerEventStream ownerEvents(long afterCursor, List<OwnerEventKind> kinds, Map<String, String> labels,
      StreamObserver<OwnerEvent> observer) {
    return ownerEvents(Requests.ownerEvents(afterCursor, kinds, labels), streamRetryPolicy(), observer);
  }

  /**
   * As {@link #ownerEvents(long, List, Map, StreamObserver)} from a full request, with a bound
   * on reconnection attempts in a row and the first wait.
   *
   * @param request the full request, sent as it is
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncOwnerEventStream ownerEvents(StreamOwnerEventsRequest request, int maxReconnects, Duration firstDelay,
      StreamObserver<OwnerEvent> observer) {
    return ownerEvents(request, bounded(maxReconnects, firstDelay), observer);
  }

  private AsyncOwnerEventStream ownerEvents(StreamOwnerEventsRequest request, StreamRetryPolicy policy,
      StreamObserver<OwnerEvent> observer) {
    AsyncOwnerEventStream stream = new AsyncOwnerEventStream(stub, Objects.requireNonNull(request, "request"),
        connection.reconnections(policy), Objects.requireNonNull(observer, "observer"));
    stream.start();
    return stream;
  }

  /**
   * Archives a finished game. Needs a service key.
   *
   * @param gameId the game's id
   * @return completes with the game, archived, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> archiveGame(String gameId) {
    return call(GameServiceGrpc.GameServiceStub::archiveGame, Requests.archiveGame(gameId), r -> r.getGame());
  }

  /**
   * Deletes a game for good. Needs a service key.
   *
   * @param gameId the game's id
   * @return completes when the call succeeded, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Void> deleteGame(String gameId) {
    return call(GameServiceGrpc.GameServiceStub::deleteGame, Requests.deleteGame(gameId), r -> null);
  }

  /**
   * Replaces a game's labels (an empty map clears them); see
   * {@link TabulaClient#updateGameLabels(String, Map)}. Needs a service key.
   *
   * @param gameId the game's id
   * @param labels the game's labels from now on, all of them (empty: none)
   * @return completes with the game as it is now, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> updateGameLabels(String gameId, Map<String, String> labels) {
    return updateGame(Requests.updateGameLabels(gameId, labels));
  }

  /**
   * Sends a full {@code UpdateGame} request; see {@link TabulaClient#updateGame(UpdateGameRequest)}.
   *
   * @param request the full request, sent as it is
   * @return completes with the game as it is now, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> updateGame(UpdateGameRequest request) {
    return call(GameServiceGrpc.GameServiceStub::updateGame, request, r -> r.getGame());
  }

  /**
   * Issues a new token for {@code seat}. Needs a service key.
   *
   * @param gameId the game's id
   * @param seat the seat whose token to replace, numbered from 1
   * @return completes with the seat's new token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<SeatToken> reissueSeatToken(String gameId, int seat) {
    return call(GameServiceGrpc.GameServiceStub::reissueSeatToken, Requests.reissueSeatToken(gameId, seat), r -> r.getSeatToken());
  }

  /**
   * Saves a configuration under a name; see {@link TabulaClient#createSavedConfig(SavedConfig)}.
   *
   * @param savedConfig the configuration to save, with its name
   * @return completes with the saved configuration as stored, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<SavedConfig> createSavedConfig(SavedConfig savedConfig) {
    return call(GameServiceGrpc.GameServiceStub::createSavedConfig, Requests.createSavedConfig(savedConfig), r -> r);
  }

  /**
   * One of the caller's saved configurations; see {@link TabulaClient#getSavedConfig(String)}.
   *
   * @param name the saved configuration's name
   * @return completes with the saved configuration as stored, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<SavedConfig> getSavedConfig(String name) {
    return call(GameServiceGrpc.GameServiceStub::getSavedConfig, Requests.getSavedConfig(name), r -> r);
  }

  /**
   * The first page of the caller's saved configurations; see {@link TabulaClient#listSavedConfigs()}.
   *
   * @return completes with a page of saved configurations and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListSavedConfigsResponse> listSavedConfigs() {
    return listSavedConfigs(ListSavedConfigsRequest.getDefaultInstance());
  }

  /**
   * One page of the caller's saved configurations; see {@link TabulaClient#listSavedConfigs(int, String)}.
   *
   * @param pageSize the most items on the page (0: the server's default)
   * @param pageToken the previous page's {@code next_page_token} (empty: the first page)
   * @return completes with a page of saved configurations and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListSavedConfigsResponse> listSavedConfigs(int pageSize, String pageToken) {
    return listSavedConfigs(Requests.listSavedConfigs(pageSize, pageToken));
  }

  /**
   * One page of the caller's saved configurations from a full request.
   *
   * @param request the full request, sent as it is
   * @return completes with a page of saved configurations and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListSavedConfigsResponse> listSavedConfigs(ListSavedConfigsRequest request) {
    return call(GameServiceGrpc.GameServiceStub::listSavedConfigs, request, r -> r);
  }

  /**
   * Replaces a saved configuration; see {@link TabulaClient#updateSavedConfig(SavedConfig)}.
   *
   * @param savedConfig the configuration as it is to be, with its name
   * @return completes with the saved configuration as stored, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<SavedConfig> updateSavedConfig(SavedConfig savedConfig) {
    return call(GameServiceGrpc.GameServiceStub::updateSavedConfig, Requests.updateSavedConfig(savedConfig), r -> r);
  }

  /**
   * Deletes a saved configuration; see {@link TabulaClient#deleteSavedConfig(String)}.
   *
   * @param name the saved configuration's name
   * @return completes when the call succeeded, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Void> deleteSavedConfig(String name) {
    return call(GameServiceGrpc.GameServiceStub::deleteSavedConfig, Requests.deleteSavedConfig(name), r -> null);
  }

  /**
   * Calls a game off with no result; see {@link TabulaClient#abortGame(String, String)}.
   *
   * @param gameId the game's id
   * @param explanation why, for the record
   * @return completes with the game, finished, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> abortGame(String gameId, String explanation) {
    return abortGame(gameId, explanation, "");
  }

  /**
   * As {@link #abortGame(String, String)}, safe to retry with {@code requestId}.
   *
   * @param gameId the game's id
   * @param explanation why, for the record
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the game, finished, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> abortGame(String gameId, String explanation, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::abortGame, Requests.abortGame(gameId, explanation, requestId), r -> r.getGame());
  }

  /**
   * Decides a game from outside the board; see {@link TabulaClient#adjudicateGame(String, OutcomeType, int, String)}.
   *
   * @param gameId the game's id
   * @param result the result: {@code OUTCOME_TYPE_WIN} or {@code OUTCOME_TYPE_DRAW}
   * @param winner the winning seat, numbered from 1 (0 for a draw)
   * @param explanation why, for the record
   * @return completes with the game, finished, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> adjudicateGame(String gameId, OutcomeType result, int winner, String explanation) {
    return adjudicateGame(gameId, result, winner, explanation, "");
  }

  /**
   * As {@link #adjudicateGame(String, OutcomeType, int, String)}, safe to retry with {@code requestId}.
   *
   * @param gameId the game's id
   * @param result the result: {@code OUTCOME_TYPE_WIN} or {@code OUTCOME_TYPE_DRAW}
   * @param winner the winning seat, numbered from 1 (0 for a draw)
   * @param explanation why, for the record
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the game, finished, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Game> adjudicateGame(String gameId, OutcomeType result, int winner, String explanation, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::adjudicateGame, Requests.adjudicateGame(gameId, result, winner, explanation, requestId), r -> r.getGame());
  }

  /**
   * Stops a game's clocks; see {@link TabulaClient#pauseClock(String)}.
   *
   * @param gameId the game's id
   * @return completes with the game after the pause, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> pauseClock(String gameId) {
    return pauseClock(gameId, "");
  }

  /**
   * As {@link #pauseClock(String)}, safe to retry with {@code requestId}.
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the game after the pause, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> pauseClock(String gameId, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::pauseClock, Requests.pauseClock(gameId, requestId), r -> r.getView());
  }

  /**
   * Starts a game's paused clocks again; see {@link TabulaClient#resumeClock(String)}.
   *
   * @param gameId the game's id
   * @return completes with the game after the resumption, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> resumeClock(String gameId) {
    return resumeClock(gameId, "");
  }

  /**
   * As {@link #resumeClock(String)}, safe to retry with {@code requestId}.
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the game after the resumption, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> resumeClock(String gameId, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::resumeClock, Requests.resumeClock(gameId, requestId), r -> r.getView());
  }

  /**
   * Gives a seat more time; see {@link TabulaClient#addTime(String, int, Duration)}.
   *
   * @param gameId the game's id
   * @param seat the seat given the time, numbered from 1
   * @param time the time to add
   * @return completes with the game after the time was added, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> addTime(String gameId, int seat, Duration time) {
    return addTime(gameId, seat, time, "");
  }

  /**
   * As {@link #addTime(String, int, Duration)}, safe to retry with {@code requestId}.
   *
   * @param gameId the game's id
   * @param seat the seat given the time, numbered from 1
   * @param time the time to add
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return completes with the game after the time was added, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<View> addTime(String gameId, int seat, Duration time, String requestId) {
    return call(GameServiceGrpc.GameServiceStub::addTime, Requests.addTime(gameId, seat, time, requestId), r -> r.getView());
  }

  /**
   * Starts a series from a preset; see {@link TabulaClient#createSeriesFromPreset}.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param options the series' length and how it is made (see {@link SeriesOptions})
   * @return completes with the series made, with its first game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateSeriesResponse> createSeriesFromPreset(GameKind kind, String preset, SeriesOptions options) {
    return createSeries(Requests.seriesFromPreset(kind, preset, options));
  }

  /**
   * Starts a series from a full configuration; see {@link TabulaClient#createSeriesFromConfig}.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param options the series' length and how it is made (see {@link SeriesOptions})
   * @return completes with the series made, with its first game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateSeriesResponse> createSeriesFromConfig(GameConfig config, SeriesOptions options) {
    return createSeries(Requests.seriesFromConfig(config, options));
  }

  /**
   * Starts a series from a saved configuration; see {@link TabulaClient#createSeriesFromSavedConfig}.
   *
   * @param name the saved configuration's name
   * @param options the series' length and how it is made (see {@link SeriesOptions})
   * @return completes with the series made, with its first game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateSeriesResponse> createSeriesFromSavedConfig(String name, SeriesOptions options) {
    return createSeries(Requests.seriesFromSavedConfig(name, options));
  }

  /**
   * Starts a series from a full request.
   *
   * @param request the full request, sent as it is
   * @return completes with the series made, with its first game, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateSeriesResponse> createSeries(CreateSeriesRequest request) {
    return call(GameServiceGrpc.GameServiceStub::createSeries, request, r -> r);
  }

  /**
   * A series, its games and its score; see {@link TabulaClient#getSeries(String)}.
   *
   * @param seriesId the series' id
   * @return completes with the series, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Series> getSeries(String seriesId) {
    return call(GameServiceGrpc.GameServiceStub::getSeries, Requests.getSeries(seriesId), r -> r.getSeries());
  }

  /**
   * The first page of series; see {@link TabulaClient#listSeries()}.
   *
   * @return completes with a page of series and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListSeriesResponse> listSeries() {
    return listSeries(ListSeriesRequest.getDefaultInstance());
  }

  /**
   * One page of series; see {@link TabulaClient#listSeries(ListSeriesRequest)}.
   *
   * @param request the full request, sent as it is
   * @return completes with a page of series and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListSeriesResponse> listSeries(ListSeriesRequest request) {
    return call(GameServiceGrpc.GameServiceStub::listSeries, request, r -> r);
  }

  /**
   * The first page of the series carrying every one of {@code labels}; see {@link TabulaClient#listSeries(Map)}.
   *
   * @param labels the labels the series must all carry (empty: every series)
   * @return completes with a page of series and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListSeriesResponse> listSeries(Map<String, String> labels) {
    return listSeries(Requests.listSeries(labels));
  }

  /**
   * Replaces a series' labels (an empty map clears them); see
   * {@link TabulaClient#updateSeriesLabels(String, Map)}. Needs a service key.
   *
   * @param seriesId the series' id
   * @param labels the series' labels from now on, all of them (empty: none)
   * @return completes with the series as it is now, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Series> updateSeriesLabels(String seriesId, Map<String, String> labels) {
    return updateSeries(Requests.updateSeriesLabels(seriesId, labels));
  }

  /**
   * Sends a full {@code UpdateSeries} request; see {@link TabulaClient#updateSeries(UpdateSeriesRequest)}.
   *
   * @param request the full request, sent as it is
   * @return completes with the series as it is now, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Series> updateSeries(UpdateSeriesRequest request) {
    return call(GameServiceGrpc.GameServiceStub::updateSeries, request, r -> r.getSeries());
  }

  /**
   * Delivers the events of a series after {@code afterSeq} to {@code observer} as they arrive,
   * resuming after a dropped connection, until {@code onCompleted} after the series' final
   * event; see {@link AsyncSeriesEventStream}. Close it when done.
   *
   * @param seriesId the series' id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncSeriesEventStream seriesEvents(String seriesId, long afterSeq, StreamObserver<SeriesEvent> observer) {
    return seriesEvents(seriesId, afterSeq, streamRetryPolicy(), observer);
  }

  /**
   * As {@link #seriesEvents(String, long, StreamObserver)}, with a bound on reconnection attempts in a row and the first wait.
   *
   * @param seriesId the series' id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncSeriesEventStream seriesEvents(String seriesId, long afterSeq, int maxReconnects, Duration firstDelay,
      StreamObserver<SeriesEvent> observer) {
    return seriesEvents(seriesId, afterSeq, bounded(maxReconnects, firstDelay), observer);
  }

  private AsyncSeriesEventStream seriesEvents(String seriesId, long afterSeq, StreamRetryPolicy policy,
      StreamObserver<SeriesEvent> observer) {
    AsyncSeriesEventStream stream = new AsyncSeriesEventStream(stub, Requests.seriesEvents(seriesId, afterSeq),
        connection.reconnections(policy), Objects.requireNonNull(observer, "observer"));
    stream.start();
    return stream;
  }

  /**
   * A player's ratings, one per pool; see {@link TabulaClient#getPlayerRatings(String)}. Needs a service key.
   *
   * @param playerId the player's id in the caller's own system
   * @return completes with the player's ratings, one per pool, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<List<PlayerRating>> getPlayerRatings(String playerId) {
    return call(GameServiceGrpc.GameServiceStub::getPlayerRatings, Requests.getPlayerRatings(playerId), r -> r.getRatingsList());
  }

  /**
   * The first page of a pool's leaderboard; see {@link TabulaClient#listLeaderboard(String)}. Needs a service key.
   *
   * @param pool the rating pool's name
   * @return completes with a page of ratings, best first, and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListLeaderboardResponse> listLeaderboard(String pool) {
    return listLeaderboard(pool, 0, "", false);
  }

  /**
   * One page of a pool's leaderboard; see {@link TabulaClient#listLeaderboard(String, int, String, boolean)}.
   * Needs a service key.
   *
   * @param pool the rating pool's name
   * @param pageSize the most items on the page (0: the server's default)
   * @param pageToken the previous page's {@code next_page_token} (empty: the first page)
   * @param excludeProvisional true to leave out provisional ratings
   * @return completes with a page of ratings, best first, and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListLeaderboardResponse> listLeaderboard(String pool, int pageSize, String pageToken,
      boolean excludeProvisional) {
    return listLeaderboard(Requests.listLeaderboard(pool, pageSize, pageToken, excludeProvisional));
  }

  /**
   * One page of a pool's leaderboard from a full request.
   *
   * @param request the full request, sent as it is
   * @return completes with a page of ratings, best first, and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListLeaderboardResponse> listLeaderboard(ListLeaderboardRequest request) {
    return call(GameServiceGrpc.GameServiceStub::listLeaderboard, request, r -> r);
  }

  /**
   * Creates a tournament from a preset; see {@link TabulaClient#createTournamentFromPreset}. Needs a service key.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param players the players, numbered from 1 in this order (see {@link TournamentPlayers})
   * @param options the format and how the tournament is made (see {@link TournamentOptions})
   * @return completes with the tournament made, with its players' tokens, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateTournamentResponse> createTournamentFromPreset(GameKind kind, String preset,
      List<TournamentPlayer> players, TournamentOptions options) {
    return createTournament(Requests.tournamentFromPreset(kind, preset, players, options));
  }

  /**
   * Creates a tournament from a full configuration; see {@link TabulaClient#createTournamentFromConfig}.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param players the players, numbered from 1 in this order (see {@link TournamentPlayers})
   * @param options the format and how the tournament is made (see {@link TournamentOptions})
   * @return completes with the tournament made, with its players' tokens, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateTournamentResponse> createTournamentFromConfig(GameConfig config, List<TournamentPlayer> players,
      TournamentOptions options) {
    return createTournament(Requests.tournamentFromConfig(config, players, options));
  }

  /**
   * Creates a tournament from a saved configuration; see {@link TabulaClient#createTournamentFromSavedConfig}.
   *
   * @param name the saved configuration's name
   * @param players the players, numbered from 1 in this order (see {@link TournamentPlayers})
   * @param options the format and how the tournament is made (see {@link TournamentOptions})
   * @return completes with the tournament made, with its players' tokens, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateTournamentResponse> createTournamentFromSavedConfig(String name, List<TournamentPlayer> players,
      TournamentOptions options) {
    return createTournament(Requests.tournamentFromSavedConfig(name, players, options));
  }

  /**
   * Creates a tournament from a full request.
   *
   * @param request the full request, sent as it is
   * @return completes with the tournament made, with its players' tokens, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<CreateTournamentResponse> createTournament(CreateTournamentRequest request) {
    return call(GameServiceGrpc.GameServiceStub::createTournament, request, r -> r);
  }

  /**
   * A tournament, its rounds and standings; see {@link TabulaClient#getTournament(String)}.
   *
   * @param tournamentId the tournament's id
   * @return completes with the tournament, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Tournament> getTournament(String tournamentId) {
    return call(GameServiceGrpc.GameServiceStub::getTournament, Requests.getTournament(tournamentId), r -> r.getTournament());
  }

  /**
   * A tournament as FIDE's Tournament Report File text; see {@link TabulaClient#exportTournamentTrf(String)}.
   *
   * @param tournamentId the tournament's id
   * @return completes with the TRF text, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<String> exportTournamentTrf(String tournamentId) {
    return call(GameServiceGrpc.GameServiceStub::exportTournamentTrf, Requests.exportTournamentTrf(tournamentId), r -> r.getTrf());
  }

  /**
   * The first page of tournaments; see {@link TabulaClient#listTournaments()}.
   *
   * @return completes with a page of tournaments and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListTournamentsResponse> listTournaments() {
    return listTournaments(ListTournamentsRequest.getDefaultInstance());
  }

  /**
   * One page of tournaments; see {@link TabulaClient#listTournaments(ListTournamentsRequest)}.
   *
   * @param request the full request, sent as it is
   * @return completes with a page of tournaments and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListTournamentsResponse> listTournaments(ListTournamentsRequest request) {
    return call(GameServiceGrpc.GameServiceStub::listTournaments, request, r -> r);
  }

  /**
   * The first page of the tournaments carrying every one of {@code labels}; see {@link TabulaClient#listTournaments(Map)}.
   *
   * @param labels the labels the tournaments must all carry (empty: every tournament)
   * @return completes with a page of tournaments and the next page's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<ListTournamentsResponse> listTournaments(Map<String, String> labels) {
    return listTournaments(Requests.listTournaments(labels));
  }

  /**
   * Delivers the events of a tournament after {@code afterSeq} to {@code observer} as they
   * arrive, resuming after a dropped connection, until {@code onCompleted} after the
   * tournament's final event; see {@link AsyncTournamentEventStream}. Close it when done.
   *
   * @param tournamentId the tournament's id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncTournamentEventStream tournamentEvents(String tournamentId, long afterSeq, StreamObserver<TournamentEvent> observer) {
    return tournamentEvents(tournamentId, afterSeq, streamRetryPolicy(), observer);
  }

  /**
   * As {@link #tournamentEvents(String, long, StreamObserver)}, with a bound on reconnection
   * attempts in a row and the first wait.
   *
   * @param tournamentId the tournament's id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @param observer receives each event, then the end ({@code onCompleted}) or the error ({@code onError})
   * @return the stream, to close when done
   */
  public AsyncTournamentEventStream tournamentEvents(String tournamentId, long afterSeq, int maxReconnects, Duration firstDelay,
      StreamObserver<TournamentEvent> observer) {
    return tournamentEvents(tournamentId, afterSeq, bounded(maxReconnects, firstDelay), observer);
  }

  private AsyncTournamentEventStream tournamentEvents(String tournamentId, long afterSeq, StreamRetryPolicy policy,
      StreamObserver<TournamentEvent> observer) {
    AsyncTournamentEventStream stream = new AsyncTournamentEventStream(stub, Requests.tournamentEvents(tournamentId, afterSeq),
        connection.reconnections(policy), Objects.requireNonNull(observer, "observer"));
    stream.start();
    return stream;
  }

  /**
   * Lets a held tournament's next round be made; see {@link TabulaClient#startTournamentRound(String, int)}.
   *
   * @param tournamentId the tournament's id
   * @param round the next round, numbered from 1
   * @return completes with the tournament as it is now, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Tournament> startTournamentRound(String tournamentId, int round) {
    return call(GameServiceGrpc.GameServiceStub::startTournamentRound, Requests.startTournamentRound(tournamentId, round),
        r -> r.getTournament());
  }

  /**
   * Withdraws a player from a tournament; see {@link TabulaClient#withdrawTournamentPlayer(String, int)}.
   *
   * @param tournamentId the tournament's id
   * @param player the player, numbered from 1
   * @return completes with the tournament as it is now, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Tournament> withdrawTournamentPlayer(String tournamentId, int player) {
    return call(GameServiceGrpc.GameServiceStub::withdrawTournamentPlayer, Requests.withdrawTournamentPlayer(tournamentId, player),
        r -> r.getTournament());
  }

  /**
   * Adds a player to a Swiss under way; see {@link TabulaClient#addTournamentPlayer(String, TournamentPlayer)}.
   *
   * @param tournamentId the tournament's id
   * @param player the player, built by {@link TournamentPlayers}
   * @return completes with the tournament and the new player's token, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<AddTournamentPlayerResponse> addTournamentPlayer(String tournamentId, TournamentPlayer player) {
    return call(GameServiceGrpc.GameServiceStub::addTournamentPlayer, Requests.addTournamentPlayer(tournamentId, player), r -> r);
  }

  /**
   * Calls a tournament off; see {@link TabulaClient#cancelTournament(String)}.
   *
   * @param tournamentId the tournament's id
   * @return completes with the tournament as it is now, or exceptionally with a {@link TabulaException}
   */
  public CompletableFuture<Tournament> cancelTournament(String tournamentId) {
    return call(GameServiceGrpc.GameServiceStub::cancelTournament, Requests.cancelTournament(tournamentId), r -> r.getTournament());
  }

  /** Does nothing: the connection belongs to the {@link TabulaClient} this came from. */
  @Override
  public void close() {
    connection.close();
  }
}
