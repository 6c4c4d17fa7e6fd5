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
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.PgnImport;
import dev.tabula.v1.PlayerRating;
import dev.tabula.v1.PuzzleSolution;
import dev.tabula.v1.ResignResponse;
import dev.tabula.v1.SavedConfig;
import dev.tabula.v1.SeatToken;
import dev.tabula.v1.Series;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamOwnerEventsRequest;
import dev.tabula.v1.SubmitMoveRequest;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TakeBackRequest;
import dev.tabula.v1.TakeBackResponse;
import dev.tabula.v1.Tournament;
import dev.tabula.v1.TournamentPlayer;
import dev.tabula.v1.UpdateGameRequest;
import dev.tabula.v1.UpdateSeriesRequest;
import dev.tabula.v1.View;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A blocking client of one Tabula server ({@code tabula.v1.GameService}), calling as one
 * credential (a service key or a seat token) or, without one, as a spectator. Thread-safe;
 * clients made by {@link #as}, {@link #withTimeout} and {@link #async} share the connection.
 *
 * <pre>{@code
 * try (TabulaClient admin = TabulaClient.builder("127.0.0.1:50051").build()) {
 *   CreateGameResponse created = admin.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
 *   TabulaClient red = admin.as(created.getSeatTokens(0).getToken());
 *   red.submitMove(created.getGame().getGameId(), Moves.drop(3));
 * }
 * }</pre>
 *
 * <p>There is one method per RPC of the contract, named after it ({@code CreateGame} is
 * {@link #createGameFromPreset}, {@link #createGameFromConfig}, {@link #createGameFromPgn} and
 * {@link #createGameFromSavedConfig}, whose requests {@link GameRequests} builds for
 * {@link #batchCreateGames}, and {@code CreateSeries} likewise
 * {@link #createSeriesFromPreset}, {@link #createSeriesFromConfig} and
 * {@link #createSeriesFromSavedConfig}; {@code UpdateGame} is {@link #updateGameLabels} and
 * {@code UpdateSeries} {@link #updateSeriesLabels}; {@code CreateTournament} is
 * {@link #createTournamentFromPreset}, {@link #createTournamentFromConfig} and
 * {@link #createTournamentFromSavedConfig}; {@code StreamEvents} is {@link #events},
 * {@code StreamSeriesEvents} {@link #seriesEvents}, {@code StreamTournamentEvents}
 * {@link #tournamentEvents} and {@code StreamOwnerEvents} {@link #ownerEvents}). Every unary call has a deadline, 30 seconds unless
 * the builder's {@link Builder#callTimeout} or {@link #withTimeout} says otherwise; event
 * streams have none and end with {@link EventStream#close}. A unary call that fails with
 * {@code UNAVAILABLE} (the server restarting or out of reach) is retried when that is safe, a
 * read, a write with a request id or a request that only validates ({@link RetryPolicy}, {@link Builder#retryPolicy},
 * {@link #withRetryPolicy}; {@link Builder#waitForReady} to wait for the connection instead),
 * and event streams resume after the last event they returned ({@link StreamRetryPolicy}).
 * Every call that fails throws {@link TabulaException} with the gRPC code and the server's
 * stable reason, as a string and as an {@link dev.tabula.v1.ErrorReason} value. The messages
 * and enums of the contract are the generated classes of {@code dev.tabula.v1}.
 */
public final class TabulaClient implements AutoCloseable {
  /** The deadline of each unary call unless configured otherwise: 30 seconds. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  private final Connection connection;
  private final GameServiceGrpc.GameServiceBlockingStub stub;

  TabulaClient(Connection connection) {
    this.connection = connection;
    this.stub = connection.blocking();
  }

  /**
   * Starts configuring a client of the server at {@code target} ({@code host:port}).
   *
   * @param target the server, {@code host:port}
   * @return the builder
   */
  public static Builder builder(String target) {
    return new Builder(target);
  }

  /** Configures a {@link TabulaClient}. */
  public static final class Builder {
    private final String target;
    private ChannelCredentials transport = InsecureChannelCredentials.create();
    private String credential = "";
    private Duration callTimeout = DEFAULT_TIMEOUT;
    private RetryPolicy retryPolicy = RetryPolicy.defaults();
    private boolean waitForReady;
    private StreamRetryPolicy streamRetryPolicy = StreamRetryPolicy.defaults();

    private Builder(String target) {
      this.target = Objects.requireNonNull(target, "target");
    }

    /**
     * Connects over TLS, trusting the system's roots. Without it the connection is plaintext.
     *
     * @return this builder
     */
    public Builder tls() {
      return tls(TlsChannelCredentials.create());
    }

    /**
     * Connects over TLS, trusting the certificate authorities in {@code caPem} (PEM), for a
     * server whose certificate a private CA signed.
     *
     * @param caPem the certificate authorities, PEM
     * @return this builder
     */
    public Builder tls(Path caPem) {
      try {
        return tls(TlsChannelCredentials.newBuilder().trustManager(caPem.toFile()).build());
      } catch (IOException unreadable) {
        throw new UncheckedIOException("cannot read the CA certificates in " + caPem, unreadable);
      }
    }

    /**
     * As {@link #tls(Path)}, reading the PEM certificates from {@code caPem} (not closed).
     *
     * @param caPem the certificate authorities, PEM
     * @return this builder
     */
    public Builder tls(InputStream caPem) {
      try {
        return tls(TlsChannelCredentials.newBuilder().trustManager(caPem).build());
      } catch (IOException unreadable) {
        throw new UncheckedIOException("cannot read the CA certificates", unreadable);
      }
    }

    /**
     * Connects with these channel credentials (custom roots, client certificates, ...).
     *
     * @param credentials the channel credentials
     * @return this builder
     */
    public Builder tls(ChannelCredentials credentials) {
      this.transport = Objects.requireNonNull(credentials, "credentials");
      return this;
    }

    /**
     * Sends {@code credential} as {@code authorization: Bearer <credential>} on every call.
     *
     * @param credential a service key or a seat token ({@code ""}: as a spectator)
     * @return this builder
     */
    public Builder credential(String credential) {
      this.credential = Objects.requireNonNull(credential, "credential");
      return this;
    }

    /**
     * The deadline of each unary call ({@link #DEFAULT_TIMEOUT}, 30 seconds, unless set);
     * event streams have none.
     *
     * @param timeout the deadline of each unary call; positive
     * @return this builder
     */
    public Builder callTimeout(Duration timeout) {
      this.callTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * How unary calls that fail with {@code UNAVAILABLE} are retried ({@link RetryPolicy#defaults}
     * unless set; {@link RetryPolicy#none} turns retrying off). Only reads, writes carrying a
     * request id and requests that only validate are ever retried: see {@link RetryPolicy}.
     *
     * @param policy the policy of every unary call of the client and of its copies
     * @return this builder
     */
    public Builder retryPolicy(RetryPolicy policy) {
      this.retryPolicy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * Whether a unary call made while the server cannot be reached waits, until its deadline,
     * for the connection to come up, rather than failing at once with {@code UNAVAILABLE}
     * (gRPC's wait-for-ready; off unless set). Event streams never wait: they reconnect under
     * their {@link StreamRetryPolicy}.
     *
     * @param waitForReady true to wait
     * @return this builder
     */
    public Builder waitForReady(boolean waitForReady) {
      this.waitForReady = waitForReady;
      return this;
    }

    /**
     * How event streams resume after a transient failure ({@link StreamRetryPolicy#defaults}
     * unless set: giving up 30 s after a failure without a successful reconnection;
     * {@link StreamRetryPolicy#forever} never gives up, {@link StreamRetryPolicy#none} never
     * reconnects).
     *
     * @param policy the policy of every event stream of the client and of its copies
     * @return this builder
     */
    public Builder streamRetryPolicy(StreamRetryPolicy policy) {
      this.streamRetryPolicy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * Creates the client; the connection is made on the first call.
     *
     * @return the client, to close when done
     */
    public TabulaClient build() {
      Connection.Settings settings = new Connection.Settings(credential, callTimeout, retryPolicy, waitForReady, streamRetryPolicy);
      return new TabulaClient(new Connection(Grpc.newChannelBuilder(target, transport).build(), true, settings));
    }
  }

  /**
   * A client on the same connection that calls with another credential ({@code ""}: as a
   * spectator). Closing it leaves the connection open.
   *
   * @param credential a service key or a seat token ({@code ""}: as a spectator)
   * @return the client, on the same connection
   */
  public TabulaClient as(String credential) {
    return new TabulaClient(connection.as(credential));
  }

  /**
   * A client on the same connection whose unary calls have this deadline instead. Closing it
   * leaves the connection open.
   *
   * @param timeout the deadline of each unary call; positive
   * @return the client, on the same connection
   */
  public TabulaClient withTimeout(Duration timeout) {
    return new TabulaClient(connection.withTimeout(Objects.requireNonNull(timeout, "timeout")));
  }

  /** {@return the deadline of this client's unary calls} */
  public Duration timeout() {
    return connection.timeout;
  }

  /**
   * A client on the same connection whose unary calls are retried under {@code policy}
   * instead: {@code client.withRetryPolicy(RetryPolicy.none()).submitMove(...)} turns retrying
   * off for that call. Closing it leaves the connection open.
   *
   * @param policy how to retry a call that failed with {@code UNAVAILABLE}
   * @return the copy
   */
  public TabulaClient withRetryPolicy(RetryPolicy policy) {
    return new TabulaClient(connection.withRetryPolicy(Objects.requireNonNull(policy, "policy")));
  }

  /** {@return how this client's unary calls are retried} */
  public RetryPolicy retryPolicy() {
    return connection.settings.retryPolicy();
  }

  /**
   * A client on the same connection whose unary calls wait for the connection (or not); see
   * {@link Builder#waitForReady}. Closing it leaves the connection open.
   *
   * @param waitForReady true for calls that wait, until their deadline, for a server out of reach
   * @return the copy
   */
  public TabulaClient withWaitForReady(boolean waitForReady) {
    return new TabulaClient(connection.withWaitForReady(waitForReady));
  }

  /** {@return whether this client's unary calls wait for the connection} */
  public boolean waitForReady() {
    return connection.settings.waitForReady();
  }

  /**
   * A client on the same connection whose event streams resume under {@code policy} instead;
   * see {@link StreamRetryPolicy}. Closing it leaves the connection open.
   *
   * @param policy how the streams it opens resume after a transient failure
   * @return the copy
   */
  public TabulaClient withStreamRetryPolicy(StreamRetryPolicy policy) {
    return new TabulaClient(connection.withStreamRetryPolicy(Objects.requireNonNull(policy, "policy")));
  }

  /** {@return how this client's event streams resume} */
  public StreamRetryPolicy streamRetryPolicy() {
    return connection.settings.streamRetryPolicy();
  }

  /**
   * The policy of a stream opened with a bound on reconnection attempts in a row and a first
   * wait: this client's, with both.
   */
  private StreamRetryPolicy bounded(int maxReconnects, Duration firstDelay) {
    return streamRetryPolicy().withMaxReconnects(maxReconnects).withFirstDelay(Objects.requireNonNull(firstDelay, "firstDelay"));
  }

  /**
   * The asynchronous client on the same connection, with this client's credential and
   * deadline: the same methods, returning {@code CompletableFuture}s.
   *
   * @return the client, on the same connection
   */
  public TabulaAsyncClient async() {
    return new TabulaAsyncClient(connection.shared());
  }

  /**
   * The generated blocking stub with this client's credential, for anything this class does
   * not offer. It has no deadline of its own: add one with {@code withDeadlineAfter}.
   *
   * @return the stub
   */
  public GameServiceGrpc.GameServiceBlockingStub stub() {
    return stub;
  }

  private <T> T call(Function<GameServiceGrpc.GameServiceBlockingStub, T> rpc) {
    try {
      return rpc.apply(stub.withDeadlineAfter(connection.timeoutNanos(), TimeUnit.NANOSECONDS));
    } catch (StatusRuntimeException error) {
      throw TabulaException.from(error);
    }
  }

  /**
   * Every game kind the server hosts, with its defaults and presets.
   *
   * @return every game kind, with its defaults and presets
   */
  public List<GameKindInfo> listGameKinds() {
    return call(s -> s.listGameKinds(ListGameKindsRequest.getDefaultInstance())).getKindsList();
  }

  /**
   * Creates a game of {@code kind} from one of its named presets. The response holds the seat
   * tokens, which the server shows only this once.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromPreset(GameKind kind, String preset) {
    return createGameFromPreset(kind, preset, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromPreset(GameKind, String)}, safe to retry with {@code requestId}
   * (see {@link CreateOptions#withRequestId}).
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromPreset(GameKind kind, String preset, String requestId) {
    return createGameFromPreset(kind, preset, CreateOptions.defaults().withRequestId(requestId));
  }

  /**
   * As {@link #createGameFromPreset(GameKind, String)}, private, with a request id, with
   * seats the server's engine plays ({@link CreateOptions#withBot}), with the players who
   * sit in the seats ({@link CreateOptions#withPlayer}), starting later
   * ({@link CreateOptions#withStartTime}), shown to spectators later
   * ({@link CreateOptions#withSpectatorDelay}), with its moves on the owner's stream
   * ({@link CreateOptions#withOwnerStreamMoves}) or rated
   * ({@link CreateOptions#withRatingPool}).
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromPreset(GameKind kind, String preset, CreateOptions options) {
    return createGame(GameRequests.gameFromPreset(kind, preset, options));
  }

  /**
   * Creates a game from a full configuration; zero fields take their defaults.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromConfig(GameConfig config) {
    return createGameFromConfig(config, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromConfig(GameConfig)}, safe to retry with {@code requestId}.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromConfig(GameConfig config, String requestId) {
    return createGameFromConfig(config, CreateOptions.defaults().withRequestId(requestId));
  }

  /**
   * As {@link #createGameFromConfig(GameConfig)}, private, with a request id, with bot seats,
   * with clocks ({@link CreateOptions#withClock}, {@link CreateOptions#withOnTimeout},
   * {@link CreateOptions#withFirstMoveWindow}) or with the seat that starts
   * ({@link CreateOptions#withStarter}: first, second, or drawn at random at the creation, the
   * answer's configuration then naming the seat drawn), keeping the seats' presence
   * ({@link CreateOptions#withPresence}) or letting the move that ended the game be taken back
   * for a while ({@link CreateOptions#withEndingTakebackWindow}). The clock, starter, presence
   * and ending takeback window options are applied to a copy of {@code config}, which is left
   * as it is.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromConfig(GameConfig config, CreateOptions options) {
    return createGame(GameRequests.gameFromConfig(config, options));
  }

  /**
   * Creates a chess game from a PGN text, at the position after its moves, with them as its
   * history ({@code INVALID_PGN} when unreadable).
   *
   * @param pgn the PGN text
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromPgn(String pgn) {
    return createGameFromPgn(pgn, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromPgn(String)}, private, with a request id or with bot seats.
   *
   * @param pgn the PGN text
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromPgn(String pgn, CreateOptions options) {
    return createGame(GameRequests.gameFromPgn(pgn, options));
  }

  /**
   * As {@link #createGameFromPgn(String)} from a full import, for {@code ply} (only the first plies).
   *
   * @param pgn the PGN text and how many of its plies to play
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromPgn(PgnImport pgn, CreateOptions options) {
    return createGame(GameRequests.gameFromPgn(pgn, options));
  }

  /**
   * Creates a game from one of the caller's saved configurations ({@link #createSavedConfig}),
   * named by {@code name}. The game copies it, clock and starter included: later updates and
   * deletions of the saved configuration never change the game, and with
   * {@code STARTER_RANDOM} each game draws its own seat. An unknown name fails with
   * {@code NOT_FOUND}, reason {@code SAVED_CONFIG_NOT_FOUND}.
   *
   * @param name the saved configuration's name
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromSavedConfig(String name) {
    return createGameFromSavedConfig(name, CreateOptions.defaults());
  }

  /**
   * As {@link #createGameFromSavedConfig(String)}, private, with a request id, with bot seats
   * or with hints allowed. The clock, the seat that starts, presence and the ending takeback
   * window are the saved configuration's: options with {@link CreateOptions#withClock},
   * {@link CreateOptions#withOnTimeout}, {@link CreateOptions#withFirstMoveWindow},
   * {@link CreateOptions#withStarter}, {@link CreateOptions#withPresence} or
   * {@link CreateOptions#withEndingTakebackWindow} throw
   * {@link IllegalArgumentException} without calling the server, as for a preset.
   *
   * @param name the saved configuration's name
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGameFromSavedConfig(String name, CreateOptions options) {
    return createGame(GameRequests.gameFromSavedConfig(name, options));
  }

  /**
   * Creates a game from a full request.
   *
   * @param request the full request, sent as it is
   * @return the game made and its seat tokens (shown only this once)
   */
  public CreateGameResponse createGame(CreateGameRequest request) {
    return call(s -> s.createGame(request));
  }

  /**
   * Creates 1 to 500 games in one call, all or nothing, each as {@link #createGame} would
   * make it from its request, with its own source, players, bots, labels, privacy, hints,
   * start time and spectator delay (build them with {@link GameRequests}), and returns one
   * answer per request, in the requests' order, each with its game and seat tokens. Without a request id, so not safe to
   * retry: see {@link #batchCreateGames(List, String)}. Needs a service key.
   *
   * <p>If any request is refused no game is made: {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}, names every problem of every request in the status's
   * {@code google.rpc.BadRequest} detail, each field under {@code requests[N]} (for example
   * {@code requests[1].labels[Stage]} or {@code requests[2].preset}; a request with a request
   * id of its own: {@code requests[N].request_id}), or else the call fails with the first
   * refusal that names no field ({@code NOT_FOUND}, reason {@code SAVED_CONFIG_NOT_FOUND}).
   * The key's cap of games in progress counts every game of the batch
   * ({@code RESOURCE_EXHAUSTED}, reason {@code TOO_MANY_GAMES}, when they do not all fit).
   *
   * <pre>{@code
   * List<CreateGameResponse> games = client.batchCreateGames(List.of(
   *     GameRequests.gameFromPreset(GameKind.GAME_KIND_CHESS, "standard",
   *         CreateOptions.defaults().withPlayer("u-17", "Ann").withPlayer("u-42", "Bob")),
   *     GameRequests.gameFromPreset(GameKind.GAME_KIND_CHESS, "standard",
   *         CreateOptions.defaults().withPlayer("u-7", "Cy").withPlayer("u-9", "Di"))), "round-1");
   * }</pre>
   *
   * @param requests the games' requests, built by {@link GameRequests}
   * @return one answer per request, in the requests' order
   */
  public List<CreateGameResponse> batchCreateGames(List<CreateGameRequest> requests) {
    return batchCreateGames(requests, "");
  }

  /**
   * As {@link #batchCreateGames(List)}, safe to retry with {@code requestId} (at most 128
   * characters; empty for none): a second call with the same service key, request id and
   * requests returns the games the first one made, in order, each with {@code getRetried()}
   * true, with new seat tokens for a game nobody has acted in yet (its first tokens then stop
   * working) and none for the others. The same id with other requests fails with
   * {@code FAILED_PRECONDITION}, reason {@code REQUEST_ID_REUSED}. The requests' own request
   * ids must stay empty: the batch's covers them all.
   *
   * @param requests the games' requests, built by {@link GameRequests}
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return one answer per request, in the requests' order
   */
  public List<CreateGameResponse> batchCreateGames(List<CreateGameRequest> requests, String requestId) {
    return call(s -> s.batchCreateGames(Requests.batchCreateGames(requests, requestId))).getGamesList();
  }

  /**
   * Creates the rematch of a finished game: a new game with the same configuration (a Chess960
   * start included), clock, labels, privacy, hints, spectator delay and rating pool, its
   * players and the engine's seats swapped between the two seats (so colours change hands; a
   * one-seat game keeps them), and new seat tokens, which the response holds ({@code getSeatTokensList()}, in seat order,
   * shown only this once). The two games name each other: the rematch's
   * {@code getRematchOf()} is {@code gameId}, and the finished game's {@code getRematch()}
   * names the rematch from then on. Without a request id, so not safe to retry: see
   * {@link #createRematch(String, String)}. Needs a service key; counts against its cap of
   * games in progress.
   *
   * <p>A game has at most one rematch, however many are asked for at once: another call fails
   * with {@code ALREADY_EXISTS}, reason {@code REMATCH_EXISTS}, metadata
   * {@code rematch_game_id} naming the rematch there is. A game in progress fails with
   * {@code FAILED_PRECONDITION}, reason {@code GAME_NOT_FINISHED}, and so does a finished game
   * whose end may still be taken back ({@link CreateOptions#withEndingTakebackWindow}), with
   * metadata {@code final_at} (RFC 3339: when its end is final); an unknown game with
   * {@code NOT_FOUND}, reason {@code GAME_NOT_FOUND}.
   *
   * <pre>{@code
   * CreateRematchResponse rematch = client.createRematch(finishedId, "rematch-" + finishedId);
   * String gameId = rematch.getGame().getGameId(); // getRematchOf() is finishedId
   * TabulaClient seat1 = client.as(rematch.getSeatTokens(0).getToken()); // who sat in seat 2
   * }</pre>
   *
   * @param gameId the game's id
   * @return the rematch and its seat tokens
   */
  public CreateRematchResponse createRematch(String gameId) {
    return createRematch(gameId, "");
  }

  /**
   * As {@link #createRematch(String)}, safe to retry with {@code requestId} (at most 128
   * characters; empty for none): a second call with the same service key, request id and
   * game returns the rematch the first one made, {@code getRetried()} true, with new seat
   * tokens while nobody has acted in it yet (the first ones then stop working) and none
   * afterwards. Any other call for that game, without the request id or with another, fails
   * with {@code ALREADY_EXISTS} {@code REMATCH_EXISTS}.
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the rematch and its seat tokens
   */
  public CreateRematchResponse createRematch(String gameId, String requestId) {
    return call(s -> s.createRematch(Requests.createRematch(gameId, requestId)));
  }

  /**
   * A game's public summary.
   *
   * @param gameId the game's id
   * @return the game's summary
   */
  public Game getGame(String gameId) {
    return call(s -> s.getGame(Requests.getGame(gameId))).getGame();
  }

  /**
   * The first page of games (every kind, every status but archived, 50 a page).
   *
   * @return a page of games and the next page's token
   */
  public ListGamesResponse listGames() {
    return listGames(ListGamesRequest.getDefaultInstance());
  }

  /**
   * One page of games, filtered by the request's {@code kind}, {@code status},
   * {@code create_time_after}/{@code create_time_before}, {@code player_id} (games with a
   * seat whose player has that id, see {@link CreateOptions#withPlayers}) and {@code labels}
   * (games carrying every one of them, see {@link CreateOptions#withLabels}); pass the
   * response's {@code next_page_token} as {@code page_token} for the next page (empty after
   * the last).
   *
   * @param request the full request, sent as it is
   * @return a page of games and the next page's token
   */
  public ListGamesResponse listGames(ListGamesRequest request) {
    return call(s -> s.listGames(request));
  }

  /**
   * The first page of the games carrying every one of {@code labels} with its value (see
   * {@link CreateOptions#withLabels}), newest first, 50 a page, archived games left out as by
   * {@link #listGames()}; no labels select every game. Labels that break the rules of
   * {@link CreateOptions#withLabels} fail with {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}. For the next pages, or with other filters, use
   * {@link #listGames(ListGamesRequest)} with {@code putAllLabels(labels)}, or
   * {@link #listAllGames(Map)}.
   *
   * <pre>{@code
   * ListGamesResponse page = client.listGames(Map.of("tournament", "spring", "round", "3"));
   * }</pre>
   *
   * @param labels the labels the games must all carry (empty: every game)
   * @return a page of games and the next page's token
   */
  public ListGamesResponse listGames(Map<String, String> labels) {
    return listGames(Requests.listGames(labels));
  }

  /**
   * Every game carrying every one of {@code labels}, following the pages (see {@link #listGames(Map)}).
   *
   * @param labels the labels the games must all carry (empty: every game)
   * @return the games of every page
   */
  public List<Game> listAllGames(Map<String, String> labels) {
    return listAllGames(Requests.listGames(labels));
  }

  /**
   * Every game the request's filters select, following the pages from its {@code page_token}.
   *
   * @param request the full request, sent as it is
   * @return the games of every page
   */
  public List<Game> listAllGames(ListGamesRequest request) {
    List<Game> games = new ArrayList<>();
    ListGamesRequest page = request;
    while (true) {
      ListGamesResponse response = listGames(page);
      games.addAll(response.getGamesList());
      if (response.getNextPageToken().isEmpty()) {
        return games;
      }
      page = page.toBuilder().setPageToken(response.getNextPageToken()).build();
    }
  }

  /**
   * The game as this client's credential may see it, now.
   *
   * @param gameId the game's id
   * @return the game as this caller sees it
   */
  public View getView(String gameId) {
    return call(s -> s.getView(Requests.getView(gameId))).getView();
  }

  /**
   * The game as it stood right after the event with sequence number {@code atSeq} (1: the
   * creation), in a running game too: the view this client's credential had of that position
   * (a seat sees its own secrets, others what every viewer saw then), with the clocks as they
   * read at that event; the same view the event stream carried with that event
   * ({@code include_views}). Clock changes (pause, resume, added time) are events but not
   * moves: the board at their seq is the one of the event before. 0 or a seq beyond the log
   * fails with {@code OUT_OF_RANGE}, reason {@code SEQ_OUT_OF_RANGE}. {@code atSeq} is an
   * unsigned 64-bit number.
   *
   * @param gameId the game's id
   * @param atSeq the seq of the event right after which the view is taken (1: the start)
   * @return the game as this caller sees it
   */
  public View getView(String gameId, long atSeq) {
    return call(s -> s.getView(Requests.getView(gameId, atSeq))).getView();
  }

  /**
   * The moves this client's seat may make now.
   *
   * @param gameId the game's id
   * @return the seat's legal moves and the seq they were computed at
   */
  public ListLegalMovesResponse listLegalMoves(String gameId) {
    return listLegalMoves(gameId, 0);
  }

  /**
   * The moves {@code seat} may make now; seat 0 means the caller's own seat.
   *
   * @param gameId the game's id
   * @param seat the seat whose moves to list, numbered from 1
   * @return the seat's legal moves and the seq they were computed at
   */
  public ListLegalMovesResponse listLegalMoves(String gameId, int seat) {
    return call(s -> s.listLegalMoves(Requests.listLegalMoves(gameId, seat)));
  }

  /**
   * Plays {@code move} (see {@link Moves}) as this client's seat.
   *
   * @param gameId the game's id
   * @param move the move, built by {@link Moves}
   * @return the move's seq and the game after it
   */
  public SubmitMoveResponse submitMove(String gameId, Move move) {
    return submitMove(gameId, move, MoveOptions.defaults());
  }

  /**
   * As {@link #submitMove(String, Move)}, with an expected seq, a request id or validation only.
   *
   * @param gameId the game's id
   * @param move the move, built by {@link Moves}
   * @param options the expected seq, request id, ... (see {@link MoveOptions})
   * @return the move's seq and the game after it
   */
  public SubmitMoveResponse submitMove(String gameId, Move move, MoveOptions options) {
    return submitMove(Requests.submitMove(gameId, move, options));
  }

  /**
   * Submits a full request.
   *
   * @param request the full request, sent as it is
   * @return the move's seq and the game after it
   */
  public SubmitMoveResponse submitMove(SubmitMoveRequest request) {
    return call(s -> s.submitMove(request));
  }

  /**
   * Resigns this client's seat; the game ends.
   *
   * @param gameId the game's id
   * @return the finished game
   */
  public ResignResponse resign(String gameId) {
    return resign(gameId, "");
  }

  /**
   * As {@link #resign(String)}, safe to retry with {@code requestId} (empty for none).
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the finished game
   */
  public ResignResponse resign(String gameId, String requestId) {
    return call(s -> s.resign(Requests.resign(gameId, requestId)));
  }

  /**
   * A chess game, running or finished, as PGN ({@code UNSUPPORTED_BY_GAME} for other games).
   *
   * @param gameId the game's id
   * @return the PGN text
   */
  public String exportPgn(String gameId) {
    return call(s -> s.exportPgn(Requests.exportPgn(gameId))).getPgn();
  }

  /**
   * One game, running or finished, as a document to keep or to import into another server
   * with {@link #importGame(String)} (or {@code tabula import}): JSON whose {@code format} is
   * {@code tabula.game.v1}, as {@code tabula export} writes it, holding the game's
   * configuration, its seats' token hashes (never the tokens) and its whole log, hidden moves
   * included. Needs a service key. A read, retried like one (see {@link RetryPolicy}). A
   * document larger than the server's message limit ({@code tabula serve --max-message-bytes},
   * 1 MiB by default) cannot be sent: {@code tabula export} reads it from the store instead. An
   * unknown game fails with {@code NOT_FOUND}, reason {@code GAME_NOT_FOUND}.
   *
   * <pre>{@code
   * String document = client.exportGame(gameId);
   * Files.writeString(Path.of(gameId + ".json"), document);
   * Game moved = other.importGame(document); // on another server: the same id, log and seat tokens
   * }</pre>
   *
   * @param gameId the game's id
   * @return the document, JSON in the {@code tabula.game.v1} format
   */
  public String exportGame(String gameId) {
    return call(s -> s.exportGame(Requests.exportGame(gameId))).getDocument();
  }

  /**
   * Imports a document {@link #exportGame} or {@code tabula export} wrote as a game of this
   * server, and returns the game. The server first makes the checks {@code tabula import}
   * makes: the format, the log without gaps from the creation on, every move legal as it
   * replays under the configuration, one token hash per seat, the status and end events as the
   * replay ends, a valid time control; nothing is stored unless every one passes. The game
   * keeps its id, its log and its seats' tokens (the document holds their hashes), so its
   * players carry on where they were with the tokens they had; it is owned by the calling key
   * and counts towards its games in progress. A running game carries on at once: its clocks
   * run from their last reading, and a seat the engine plays moves if it is to act. Needs a
   * service key.
   *
   * <p>Errors: {@code INVALID_ARGUMENT}, reason {@code INVALID_DOCUMENT}, for a document that
   * is not one or does not hold together, the problem named by a field violation on
   * {@code document} ({@link TabulaException#getFieldViolations}); {@code ALREADY_EXISTS},
   * reason {@code GAME_EXISTS}, metadata {@code game_id}, when this server has a game with the
   * document's id (delete it first to import the document in its place);
   * {@code RESOURCE_EXHAUSTED}, reason {@code TOO_MANY_GAMES}, beyond the key's games in
   * progress. It takes no request id, so it is never retried after {@code UNAVAILABLE} (see
   * {@link RetryPolicy}): it may have been done before the connection broke. Calling it again
   * by hand is safe all the same, since a document imported already fails with
   * {@code GAME_EXISTS}.
   *
   * <pre>{@code
   * try {
   *   Game game = client.importGame(Files.readString(Path.of("game.json")));
   *   TabulaClient player = client.as(savedToken); // its seat's token, as on the server it came from
   * } catch (TabulaException refused) {
   *   switch (refused.getReasonCode()) {
   *     case ERROR_REASON_GAME_EXISTS -> System.out.println("already here: " + refused.getMetadata().get("game_id"));
   *     case ERROR_REASON_INVALID_DOCUMENT -> System.out.println(refused.getFieldViolations().get(0).description());
   *     default -> throw refused;
   *   }
   * }
   * }</pre>
   *
   * @param document a document {@link #exportGame} or {@code tabula export} wrote
   * @return the game, imported
   */
  public Game importGame(String document) {
    return importGame(document, false);
  }

  /**
   * As {@link #importGame(String)}; with {@code validateOnly} true the document is only
   * checked: the answer is the game as it would be imported, or the error says why it would not
   * be, and nothing is stored. Since such a call changes nothing, it is retried after
   * {@code UNAVAILABLE} like a read (see {@link RetryPolicy}); the import itself is not.
   *
   * @param document a document {@link #exportGame} or {@code tabula export} wrote
   * @param validateOnly true to check the document without importing it
   * @return the game, imported (or, with {@code validateOnly}, as it would be)
   */
  public Game importGame(String document, boolean validateOnly) {
    return call(s -> s.importGame(Requests.importGame(document, validateOnly))).getGame();
  }

  /**
   * The engine's analysis of a position, in every game: {@code getResult()}, with
   * {@code HINT_RESULT_MOVE} the suggested {@code getMove()} (play it with
   * {@link MoveOptions#withExpectedSeq} and {@code getSeq()}), the
   * {@code getPrincipalVariationList()} that starts with it, a {@code getScore()} for the
   * {@code getSeat()} analysed (exact with a result, or an estimate in a unit),
   * {@code getDepth()} and {@code getNodes()}; with the server's budget, at the current
   * position. While the game runs only the seat to move may ask ({@code SEAT_REQUIRED},
   * {@code NOT_YOUR_TURN}), in a game created with hints allowed
   * ({@link CreateOptions#withAllowHints}; else {@code HINTS_DISABLED}); once it is finished
   * anyone who may read it may, and its final position answers
   * {@code HINT_RESULT_ALREADY_SOLVED} with seat 0.
   *
   * @param gameId the game's id
   * @return the engine's analysis
   */
  public GetHintResponse getHint(String gameId) {
    return getHint(gameId, HintOptions.defaults());
  }

  /**
   * As {@link #getHint(String)}, with the engine's time and node budget, or an earlier
   * position of a finished game ({@link HintOptions#withAtSeq}).
   *
   * @param gameId the game's id
   * @param options the engine's budget and the position (see {@link HintOptions})
   * @return the engine's analysis
   */
  public GetHintResponse getHint(String gameId, HintOptions options) {
    return getHint(Requests.getHint(gameId, options));
  }

  /**
   * Sends a full analysis request.
   *
   * @param request the full request, sent as it is
   * @return the engine's analysis
   */
  public GetHintResponse getHint(GetHintRequest request) {
    return call(s -> s.getHint(request));
  }

  /**
   * The ways a puzzle (peg solitaire) can still be solved from the current position, the first
   * page of them (50 a page). {@code getSolutionCount()} is how many distinct move sequences
   * end it solved (one peg left, anywhere), in decimal since it may exceed 64 bits
   * ({@code new BigInteger(page.getSolutionCount())}): {@code "0"} when it can no longer be
   * solved, {@code "1"} in a solved position (the empty sequence), and empty beyond
   * 2<sup>128</sup>&nbsp;&minus;&nbsp;1, with {@code getCountOverflow()} true and no solution
   * listed. {@code getSolutionsList()} is the page, each {@code PuzzleSolution} with its
   * {@code getMovesList()}, each ready for {@link #submitMove(String, Move)} when its turn
   * comes, and their descriptions, {@code getLabelsList()} ({@code c4-c6}); {@code getSeq()} is
   * the position they start from, {@code getNextPageToken()} the next page's token (empty on
   * the last) and {@code getNodes()} the positions the count expanded. The same position
   * always lists the same solutions in the same order.
   *
   * <p>Who may ask follows {@link #getHint(String)}: while the game runs only its seat
   * ({@code PERMISSION_DENIED} {@code SEAT_REQUIRED} otherwise), at the current position, in a
   * game that allows hints (peg solitaire does unless created without them:
   * {@code FAILED_PRECONDITION} {@code HINTS_DISABLED}); once it is finished anyone who may
   * read it, at any position ({@link #listPuzzleSolutions(String, int, String, long)}). The
   * count runs off the request threads, bounded by the server in positions and time.
   * Errors: {@code FAILED_PRECONDITION}, reason {@code UNSUPPORTED_BY_GAME}, for a game that
   * is not a puzzle, and reason {@code SEARCH_LIMIT_REACHED}, metadata {@code nodes} (the
   * positions expanded), when the count needs more than the server's bound (ask again a few
   * moves on); {@code RESOURCE_EXHAUSTED} {@code SEARCH_BUSY} when every search thread is
   * busy. A read, retried like one (see {@link RetryPolicy}). For the next pages see
   * {@link #listPuzzleSolutions(String, int, String, long)}, or {@link #allPuzzleSolutions}
   * for every one.
   *
   * <pre>{@code
   * ListPuzzleSolutionsResponse solutions = seat.listPuzzleSolutions(gameId);
   * System.out.println(solutions.getSolutionCount() + " ways to solve it, the first: " + solutions.getSolutions(0).getLabelsList());
   * for (Move move : solutions.getSolutions(0).getMovesList()) {
   *   seat.submitMove(gameId, move); // solved after the last
   * }
   * }</pre>
   *
   * @param gameId the game's id
   * @return the count, a page of solutions and the next page's token
   */
  public ListPuzzleSolutionsResponse listPuzzleSolutions(String gameId) {
    return listPuzzleSolutions(gameId, 0, "", 0);
  }

  /**
   * One page of a puzzle's solutions (see {@link #listPuzzleSolutions(String)}): at most
   * {@code pageSize} (0: 50; more than 500: 500), after {@code pageToken}, the previous
   * response's {@code next_page_token} with the same game and {@code atSeq} (empty for the
   * first page; empty in the response after the last; another string is
   * {@code INVALID_ARGUMENT} {@code INVALID_PAGE_TOKEN}). A token of a position the running game
   * has moved on from fails with {@code ABORTED}, reason {@code STALE_SEQ}: start again without
   * it. {@code atSeq} lists the solutions of the position right after the event with that
   * sequence number (1: the start) instead of the current one, in a finished game only (a
   * running game fails with {@code GAME_NOT_FINISHED} for any seq but its current one, and a
   * seq beyond the log with {@code OUT_OF_RANGE} {@code SEQ_OUT_OF_RANGE}); 0 is the current
   * position (no {@code at_seq} is sent; {@link #listPuzzleSolutions(ListPuzzleSolutionsRequest)}
   * sends anything).
   *
   * <pre>{@code
   * ListPuzzleSolutionsResponse page = seat.listPuzzleSolutions(gameId, 100, "", 0);
   * page = seat.listPuzzleSolutions(gameId, 100, page.getNextPageToken(), 0); // the next 100
   * ListPuzzleSolutionsResponse fromStart = spectator.listPuzzleSolutions(finishedId, 20, "", 1); // a finished game's start
   * }</pre>
   *
   * @param gameId the game's id
   * @param pageSize the most solutions on the page (0: the server's default)
   * @param pageToken the previous page's {@code next_page_token} (empty: the first page)
   * @param atSeq the seq of the event right after which to list them (1: the start; 0: the current position)
   * @return the count, a page of solutions and the next page's token
   */
  public ListPuzzleSolutionsResponse listPuzzleSolutions(String gameId, int pageSize, String pageToken, long atSeq) {
    return listPuzzleSolutions(Requests.listPuzzleSolutions(gameId, pageSize, pageToken, atSeq));
  }

  /**
   * One page of a puzzle's solutions from a full request.
   *
   * @param request the full request, sent as it is
   * @return the count, a page of solutions and the next page's token
   */
  public ListPuzzleSolutionsResponse listPuzzleSolutions(ListPuzzleSolutionsRequest request) {
    return call(s -> s.listPuzzleSolutions(request));
  }

  /**
   * Every solution of a puzzle from the current position, in the order of the pages, following
   * them 500 at a time (see {@link #listPuzzleSolutions(String, int, String, long)}): mind the
   * count first, which may be huge (the 15-hole triangle from its start has 29,760); none when
   * it overflows. A running game that moves on while the pages are read fails the next page
   * with {@code ABORTED} {@code STALE_SEQ}.
   *
   * @param gameId the game's id
   * @return the solutions of every page, in order
   */
  public List<PuzzleSolution> allPuzzleSolutions(String gameId) {
    return allPuzzleSolutions(Requests.listPuzzleSolutions(gameId, 500, "", 0));
  }

  /**
   * A puzzle's solutions from the request's {@code page_token} to the end, following the pages
   * (of its {@code page_size}, at its {@code at_seq}).
   *
   * @param request the full request, sent as it is
   * @return the solutions of every page, in order
   */
  public List<PuzzleSolution> allPuzzleSolutions(ListPuzzleSolutionsRequest request) {
    List<PuzzleSolution> solutions = new ArrayList<>();
    ListPuzzleSolutionsRequest page = request;
    while (true) {
      ListPuzzleSolutionsResponse response = listPuzzleSolutions(page);
      solutions.addAll(response.getSolutionsList());
      if (response.getNextPageToken().isEmpty()) {
        return solutions;
      }
      page = page.toBuilder().setPageToken(response.getNextPageToken()).build();
    }
  }

  /**
   * Takes back this client's seat's last move while no other seat has moved since, in a game
   * that allows takebacks ({@code GameConfig.allow_takebacks}; peg solitaire always does):
   * else {@code FAILED_PRECONDITION} {@code TAKEBACK_NOT_ALLOWED}, and with no move of this
   * seat's to take back {@code NOTHING_TO_TAKE_BACK}. In a game created with an ending
   * takeback window ({@link CreateOptions#withEndingTakebackWindow}) the seat whose move ended
   * the game by the rules may take that move back within the window, which puts the game back
   * in progress: a {@code move_taken_back} event, then a {@code game_resumed}.
   *
   * <p>In a two-seat game created with {@code GameConfig.takebacks_need_consent} as well, the
   * move is not undone at once: the call asks the other seat, which answers with
   * {@link #answerTakeBack(String, boolean)}. The game logs a {@code takeback_requested} event
   * and the answer's view shows the asking seat in {@code getTakebackRequest()} (0 when none
   * waits), its move count unchanged. A second request while one waits fails with
   * {@code FAILED_PRECONDITION} {@code TAKEBACK_ALREADY_REQUESTED}.
   *
   * @param gameId the game's id
   * @return the game after the takeback, or the request made
   */
  public TakeBackResponse takeBack(String gameId) {
    return takeBack(gameId, MoveOptions.defaults());
  }

  /**
   * As {@link #takeBack(String)}, with an expected seq or a request id.
   *
   * @param gameId the game's id
   * @param options the expected seq, request id, ... (see {@link MoveOptions})
   * @return the game after the takeback, or the request made
   */
  public TakeBackResponse takeBack(String gameId, MoveOptions options) {
    return takeBack(Requests.takeBack(gameId, options));
  }

  /**
   * Sends a full takeback request.
   *
   * @param request the full request, sent as it is
   * @return the game after the takeback, or the request made
   */
  public TakeBackResponse takeBack(TakeBackRequest request) {
    return call(s -> s.takeBack(request));
  }

  /**
   * Answers the other seat's takeback request, in a game with
   * {@code GameConfig.takebacks_need_consent}: {@code accept} true undoes the asking seat's
   * last move (a {@code move_taken_back} event for that seat, whose actor is this client's
   * seat, the one that agreed); false declines it (a {@code takeback_declined} event for this
   * seat) and the move stands. Either way the view's {@code getTakebackRequest()} is 0 again.
   * A move made before the answer lets the request lapse. A request to take back the move that
   * ended the game ({@link CreateOptions#withEndingTakebackWindow}), accepted, puts the game
   * back in progress ({@code move_taken_back}, then {@code game_resumed}); declined, the end is
   * final. Needs a seat credential
   * ({@code PERMISSION_DENIED} {@code SEAT_REQUIRED}); with no request waiting for this seat's
   * answer (none at all, or this seat's own) {@code FAILED_PRECONDITION}
   * {@code NO_TAKEBACK_REQUEST}; also {@code GAME_OVER}, as for an answer to a request to take
   * back the ending move given after the window.
   *
   * @param gameId the game's id
   * @param accept true to accept the takeback, false to decline it
   * @return the game after the answer
   */
  public AnswerTakeBackResponse answerTakeBack(String gameId, boolean accept) {
    return answerTakeBack(gameId, accept, MoveOptions.defaults());
  }

  /**
   * As {@link #answerTakeBack(String, boolean)}, with an expected seq ({@code ABORTED}
   * {@code STALE_SEQ} when the game moved on) or a request id ({@code REQUEST_ID_REUSED}).
   *
   * @param gameId the game's id
   * @param accept true to accept the takeback, false to decline it
   * @param options the expected seq, request id, ... (see {@link MoveOptions})
   * @return the game after the answer
   */
  public AnswerTakeBackResponse answerTakeBack(String gameId, boolean accept, MoveOptions options) {
    return answerTakeBack(Requests.answerTakeBack(gameId, accept, options));
  }

  /**
   * Sends a full answer to a takeback request.
   *
   * @param request the full request, sent as it is
   * @return the game after the answer
   */
  public AnswerTakeBackResponse answerTakeBack(AnswerTakeBackRequest request) {
    return call(s -> s.answerTakeBack(request));
  }

  /**
   * Claims the game for this client's seat when the seat to move has been gone for the game's
   * claim window, as lichess lets a player claim victory, in a two-seat game created with
   * presence and a {@code claim_after} ({@link CreateOptions#withPresence},
   * {@link Presence#of}): a seat is gone once the game logged a {@code seat_presence_changed}
   * event saying so, after it had held no event stream of the game and made no call for
   * {@code away_after}, and the view's {@code getPresenceList()} shows from when the claim may
   * be made ({@code getClaimableAt()}). The game ends adjudicated (a {@code game_adjudicated}
   * event naming the claim, with this seat as its actor, then {@code game_ended}), won by this
   * seat; the answer's {@code getSeq()} is that {@code game_ended} event's and its
   * {@code getView()} the finished game.
   *
   * <p>Needs a seat credential ({@code PERMISSION_DENIED} {@code SEAT_REQUIRED}). Errors:
   * {@code FAILED_PRECONDITION} {@code CLAIM_NOT_AVAILABLE} where no claim can be made (the game
   * keeps no claim window, it is over, this seat is the one to move, or the seat to move is
   * present) and {@code CLAIM_TOO_EARLY} before the seat to move has been gone for the window,
   * with metadata {@code claimable_at} (RFC 3339; {@link Presence#claimableAt} reads it) saying
   * from when.
   *
   * <pre>{@code
   * try {
   *   ClaimVictoryResponse won = x.claimVictory(gameId); // won.getView().getOutcome().getWinner() is X's seat
   * } catch (TabulaException refused) {
   *   Optional<Instant> from = Presence.claimableAt(refused); // CLAIM_TOO_EARLY: try again then
   * }
   * }</pre>
   *
   * @param gameId the game's id
   * @return the claim's seq and the finished game
   */
  public ClaimVictoryResponse claimVictory(String gameId) {
    return claimVictory(gameId, false, "");
  }

  /**
   * As {@link #claimVictory(String)}; with {@code draw} true the game ends drawn rather than won.
   *
   * @param gameId the game's id
   * @param draw true to end the game drawn rather than won
   * @return the claim's seq and the finished game
   */
  public ClaimVictoryResponse claimVictory(String gameId, boolean draw) {
    return claimVictory(gameId, draw, "");
  }

  /**
   * As {@link #claimVictory(String, boolean)}, safe to retry with {@code requestId} (empty for
   * none): a retry answers as the first claim did; the same id with another request fails with
   * {@code REQUEST_ID_REUSED}.
   *
   * @param gameId the game's id
   * @param draw true to end the game drawn rather than won
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the claim's seq and the finished game
   */
  public ClaimVictoryResponse claimVictory(String gameId, boolean draw, String requestId) {
    return claimVictory(Requests.claimVictory(gameId, draw, requestId));
  }

  /**
   * Sends a full claim.
   *
   * @param request the full request, sent as it is
   * @return the claim's seq and the finished game
   */
  public ClaimVictoryResponse claimVictory(ClaimVictoryRequest request) {
    return call(s -> s.claimVictory(request));
  }

  /**
   * Follows the events of a game after sequence number {@code afterSeq} (0: from its creation),
   * reconnecting after a dropped connection; see {@link EventStream}. Close it when done.
   *
   * @param gameId the game's id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @return the stream, to close when done
   */
  public EventStream events(String gameId, long afterSeq) {
    return events(Requests.events(gameId, afterSeq));
  }

  /**
   * As {@link #events(String, long)}, with views ({@link EventOptions#withViews}: each event
   * comes with the game as this caller sees it just after it, read as
   * {@link EventStream#lastView}) or views sent as changes ({@link EventOptions#withViewChanges}).
   *
   * <pre>{@code
   * try (EventStream events = client.events(gameId, 0, EventOptions.defaults().withViews(true))) {
   *   for (GameEvent event : events) {
   *     View view = events.lastView().orElseThrow(); // its seq is event.getSeq()
   *   }
   * }
   * }</pre>
   *
   * @param gameId the game
   * @param afterSeq the seq of the last event already seen (0: from the game's creation)
   * @param options views or view changes
   * @return the stream, to close when done
   */
  public EventStream events(String gameId, long afterSeq, EventOptions options) {
    return events(Requests.events(gameId, afterSeq, Objects.requireNonNull(options, "options")));
  }

  /**
   * As {@link #events(String, long)}, with a bound on reconnection attempts in a row and the
   * first wait (this client's {@link StreamRetryPolicy} otherwise: its time budget still holds).
   *
   * @param gameId the game's id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @return the stream, to close when done
   */
  public EventStream events(String gameId, long afterSeq, int maxReconnects, Duration firstDelay) {
    return events(Requests.events(gameId, afterSeq), maxReconnects, firstDelay);
  }

  /**
   * Follows a game's events from a full request, for {@code include_views}: with it, each
   * event comes with the game as this caller sees it just after it, read as
   * {@link EventStream#lastView}. A resumed stream sends the same request after the last
   * event returned. With {@code view_changes} the server sends each view after the first as
   * what changed of it, and the stream applies the changes: {@link EventStream#lastView} is
   * the whole view all the same.
   *
   * <pre>{@code
   * StreamEventsRequest request = StreamEventsRequest.newBuilder().setGameId(id).setIncludeViews(true).build();
   * try (EventStream events = client.events(request)) {
   *   for (GameEvent event : events) {
   *     View view = events.lastView().orElseThrow(); // its seq is event.getSeq()
   *   }
   * }
   * }</pre>
   *
   * @param request the full request, sent as it is
   * @return the stream, to close when done
   */
  public EventStream events(StreamEventsRequest request) {
    return events(request, streamRetryPolicy());
  }

  /**
   * As {@link #events(StreamEventsRequest)}, with a bound on reconnection attempts in a row and the first wait.
   *
   * @param request the full request, sent as it is
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @return the stream, to close when done
   */
  public EventStream events(StreamEventsRequest request, int maxReconnects, Duration firstDelay) {
    return events(request, bounded(maxReconnects, firstDelay));
  }

  private EventStream events(StreamEventsRequest request, StreamRetryPolicy policy) {
    return new EventStream(stub, Objects.requireNonNull(request, "request"), connection.reconnections(policy));
  }

  /**
   * Follows what happens to every game the calling service key owns (on a server without
   * keys, the games created without one) after cursor {@code afterCursor} (0: the key's whole
   * history; the last cursor seen to resume): each game created, started (its first move),
   * ended, resumed (its end taken back, see {@link CreateOptions#withEndingTakebackWindow}), a
   * draw offered, a takeback asked, a seat come or gone (in a game keeping presence),
   * a seat's time run out, each move (in a game created with
   * {@link CreateOptions#withOwnerStreamMoves}), of the key's series each game scored
   * ({@code OWNER_EVENT_KIND_SERIES_GAME_FINISHED}) and the series decided by the game that just
   * ended ({@code OWNER_EVENT_KIND_SERIES_FINISHED}, after that game's
   * {@code SERIES_GAME_FINISHED}), and of the key's tournaments each board scored by the game
   * that just ended ({@code OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED}), the round that game
   * finished ({@code OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED}, after its
   * {@code TOURNAMENT_BOARD_FINISHED}) and the tournament that game finished
   * ({@code OWNER_EVENT_KIND_TOURNAMENT_FINISHED}, after its {@code TOURNAMENT_ROUND_FINISHED}),
   * first the backlog, then live. Each {@code OwnerEvent} carries the game's own event
   * ({@code getGameEvent()}; for the series and tournament kinds the {@code game_ended} of the
   * game that moved the series or tournament on), for the two series kinds only the series' own
   * event as {@link #seriesEvents(String, long)} delivers it ({@code getSeriesEvent()}: its
   * {@code game_finished} or {@code series_finished}), and for the three tournament kinds only
   * the tournament's own event as {@link #tournamentEvents(String, long)} delivers it
   * ({@code getTournamentEvent()}: its {@code board_finished}, {@code round_finished} with the
   * standings, or {@code tournament_ended} with the final standings). A knockout's boards are
   * matches, series of their own, which come as series kinds; a tournament whose last board
   * ends without a game has no {@code TOURNAMENT_FINISHED}. The stream never
   * ends by itself while the server runs; it reconnects after a dropped connection or a
   * server's stop, after the last cursor returned. See {@link OwnerEventStream}. Close it when
   * done. Needs a service key where the server has keys.
   *
   * @param afterCursor the cursor of the last event already seen (0: the key's whole history)
   * @return the stream, to close when done
   */
  public OwnerEventStream ownerEvents(long afterCursor) {
    return ownerEvents(Requests.ownerEvents(afterCursor, List.of(), Map.of()));
  }

  /**
   * As {@link #ownerEvents(long)}, only the events of {@code kinds} (empty: every kind) of the
   * games carrying every one of {@code labels} with its value (empty: every game; at most 64,
   * checked as a listing's, {@code INVALID_ARGUMENT} {@code INVALID_REQUEST} otherwise).
   * Cursors still count every event, so a filtered stream skips numbers; a resumed stream
   * keeps the filters.
   *
   * <pre>{@code
   * try (OwnerEventStream ended = client.ownerEvents(0, List.of(OwnerEventKind.OWNER_EVENT_KIND_GAME_ENDED),
   *     Map.of("tournament", "spring"))) {
   *   for (OwnerEvent event : ended) {
   *     save(event.getGameEvent().getGameId(), event.getGameEvent().getGameEnded().getOutcome(), event.getCursor());
   *   }
   * }
   * }</pre>
   *
   * <p>The key's series, each game scored and each series decided (a label filter applies to
   * the game that ended, which carries the labels its series had when it made the game):
   *
   * <pre>{@code
   * try (OwnerEventStream series = client.ownerEvents(0, List.of(OwnerEventKind.OWNER_EVENT_KIND_SERIES_GAME_FINISHED,
   *     OwnerEventKind.OWNER_EVENT_KIND_SERIES_FINISHED), Map.of())) {
   *   for (OwnerEvent event : series) {
   *     SeriesEvent scored = event.getSeriesEvent(); // game_finished, or series_finished at the end
   *     save(scored.getSeriesId(), Names.seriesEventKind(scored), event.getCursor());
   *   }
   * }
   * }</pre>
   *
   * <p>The key's tournaments, each board scored, each round finished and each tournament
   * finished (a label filter applies to the game that ended, which carries its tournament's
   * labels):
   *
   * <pre>{@code
   * try (OwnerEventStream tournaments = client.ownerEvents(0, List.of(OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED,
   *     OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED, OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED),
   *     Map.of("event", "spring"))) {
   *   for (OwnerEvent event : tournaments) {
   *     TournamentEvent scored = event.getTournamentEvent(); // board_finished, round_finished or tournament_ended
   *     save(scored.getTournamentId(), Names.tournamentEventKind(scored), event.getCursor());
   *   }
   * }
   * }</pre>
   *
   * @param afterCursor the cursor of the last event already seen (0: the key's whole history)
   * @param kinds the kinds of event to deliver (empty: every kind)
   * @param labels the labels the games must all carry (empty: every game)
   * @return the stream, to close when done
   */
  public OwnerEventStream ownerEvents(long afterCursor, List<OwnerEventKind> kinds, Map<String, String> labels) {
    return ownerEvents(Requests.ownerEvents(afterCursor, kinds, labels));
  }

  /**
   * As {@link #ownerEvents(long, List, Map)}, with a bound on reconnection attempts in a row
   * and the first wait.
   *
   * @param afterCursor the cursor of the last event already seen (0: the key's whole history)
   * @param kinds the kinds of event to deliver (empty: every kind)
   * @param labels the labels the games must all carry (empty: every game)
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @return the stream, to close when done
   */
  public OwnerEventStream ownerEvents(long afterCursor, List<OwnerEventKind> kinds, Map<String, String> labels,
      int maxReconnects, Duration firstDelay) {
    return ownerEvents(Requests.ownerEvents(afterCursor, kinds, labels), bounded(maxReconnects, firstDelay));
  }

  /**
   * As {@link #ownerEvents(long, List, Map)}, from a full request.
   *
   * @param request the full request, sent as it is
   * @return the stream, to close when done
   */
  public OwnerEventStream ownerEvents(StreamOwnerEventsRequest request) {
    return ownerEvents(request, streamRetryPolicy());
  }

  /**
   * As {@link #ownerEvents(StreamOwnerEventsRequest)}, with a bound on reconnection attempts in a row and the first wait.
   *
   * @param request the full request, sent as it is
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @return the stream, to close when done
   */
  public OwnerEventStream ownerEvents(StreamOwnerEventsRequest request, int maxReconnects, Duration firstDelay) {
    return ownerEvents(request, bounded(maxReconnects, firstDelay));
  }

  private OwnerEventStream ownerEvents(StreamOwnerEventsRequest request, StreamRetryPolicy policy) {
    return new OwnerEventStream(stub, Objects.requireNonNull(request, "request"), connection.reconnections(policy));
  }

  /**
   * Archives a finished game: it stays readable but leaves the default listing. Needs a
   * service key ({@code GAME_NOT_FINISHED} for a game in progress, and for one whose end may
   * still be taken back, with metadata {@code final_at}: see
   * {@link CreateOptions#withEndingTakebackWindow}).
   *
   * @param gameId the game's id
   * @return the game, archived
   */
  public Game archiveGame(String gameId) {
    return call(s -> s.archiveGame(Requests.archiveGame(gameId))).getGame();
  }

  /**
   * Deletes a game and its log for good. Needs a service key.
   *
   * @param gameId the game's id
   */
  public void deleteGame(String gameId) {
    call(s -> s.deleteGame(Requests.deleteGame(gameId)));
  }

  /**
   * Replaces a game's labels with {@code labels}, all of them (an empty map clears them), and
   * returns the game as it is now; nothing of its play changes and no event is logged. The
   * request's {@code update_mask} is {@code labels}. Needs a service key. Labels that break
   * the rules of {@link CreateOptions#withLabels} fail with {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}, every problem named (field {@code game.labels[KEY]}); an unknown
   * game with {@code NOT_FOUND}, reason {@code GAME_NOT_FOUND}.
   *
   * <pre>{@code
   * Game game = client.updateGameLabels(gameId, Map.of("tournament", "spring", "round", "4"));
   * client.updateGameLabels(gameId, Map.of()); // no labels any more
   * }</pre>
   *
   * @param gameId the game's id
   * @param labels the game's labels from now on, all of them (empty: none)
   * @return the game as it is now
   */
  public Game updateGameLabels(String gameId, Map<String, String> labels) {
    return updateGame(Requests.updateGameLabels(gameId, labels));
  }

  /**
   * Sends a full {@code UpdateGame} request (the game named by {@code game.game_id}, the
   * fields named by {@code update_mask}) and returns the game as it is now. Needs a service key.
   *
   * @param request the full request, sent as it is
   * @return the game as it is now
   */
  public Game updateGame(UpdateGameRequest request) {
    return call(s -> s.updateGame(request)).getGame();
  }

  /**
   * Issues a new token for {@code seat} (from 1), replacing the old one, which stops working
   * at once. Needs a service key.
   *
   * @param gameId the game's id
   * @param seat the seat whose token to replace, numbered from 1
   * @return the seat's new token
   */
  public SeatToken reissueSeatToken(String gameId, int seat) {
    return call(s -> s.reissueSeatToken(Requests.reissueSeatToken(gameId, seat))).getSeatToken();
  }

  /**
   * Saves a configuration under a name of the caller's, for
   * {@link #createGameFromSavedConfig} to create games from, and returns it as stored: its
   * {@code getKind()}, its configuration with every default filled in (clock included), and
   * its {@code getCreateTime()} and {@code getUpdateTime()}. Give {@code name} (1 to 64
   * lower-case letters, digits, {@code _} and {@code -}), {@code description} (at most 500
   * characters) and {@code config}; a malformed name or description fails with
   * {@code INVALID_ARGUMENT} {@code INVALID_REQUEST}, a configuration a creation would refuse
   * with {@code INVALID_ARGUMENT} {@code INVALID_CONFIG} naming every problem. A
   * {@code STARTER_RANDOM} stays random: each game made from it draws its own seat. Names
   * belong to the service key that saves them (on a server without keys, everyone shares
   * one set). Fails with {@code ALREADY_EXISTS} {@code SAVED_CONFIG_EXISTS} for a name the
   * caller has saved, {@code RESOURCE_EXHAUSTED} {@code TOO_MANY_SAVED_CONFIGS} beyond 1,000.
   *
   * <pre>{@code
   * client.createSavedConfig(SavedConfig.newBuilder().setName("big-board").setDescription("the big board")
   *     .setConfig(GameConfig.newBuilder().setConnectFour(ConnectFourConfig.newBuilder().setWidth(9).setHeight(7)))
   *     .build());
   * CreateGameResponse created = client.createGameFromSavedConfig("big-board");
   * }</pre>
   *
   * @param savedConfig the configuration to save, with its name
   * @return the saved configuration as stored
   */
  public SavedConfig createSavedConfig(SavedConfig savedConfig) {
    return call(s -> s.createSavedConfig(Requests.createSavedConfig(savedConfig)));
  }

  /**
   * One of the caller's saved configurations ({@code NOT_FOUND} {@code SAVED_CONFIG_NOT_FOUND}).
   *
   * @param name the saved configuration's name
   * @return the saved configuration as stored
   */
  public SavedConfig getSavedConfig(String name) {
    return call(s -> s.getSavedConfig(Requests.getSavedConfig(name)));
  }

  /**
   * The first page of the caller's saved configurations, by name (50 a page).
   *
   * @return a page of saved configurations and the next page's token
   */
  public ListSavedConfigsResponse listSavedConfigs() {
    return listSavedConfigs(ListSavedConfigsRequest.getDefaultInstance());
  }

  /**
   * One page of the caller's saved configurations, by name: at most {@code pageSize} (0: 50;
   * at most 500), after {@code pageToken}, the previous response's {@code next_page_token}
   * (empty for the first page; empty in the response after the last).
   *
   * @param pageSize the most items on the page (0: the server's default)
   * @param pageToken the previous page's {@code next_page_token} (empty: the first page)
   * @return a page of saved configurations and the next page's token
   */
  public ListSavedConfigsResponse listSavedConfigs(int pageSize, String pageToken) {
    return listSavedConfigs(Requests.listSavedConfigs(pageSize, pageToken));
  }

  /**
   * One page of the caller's saved configurations from a full request.
   *
   * @param request the full request, sent as it is
   * @return a page of saved configurations and the next page's token
   */
  public ListSavedConfigsResponse listSavedConfigs(ListSavedConfigsRequest request) {
    return call(s -> s.listSavedConfigs(request));
  }

  /**
   * Every one of the caller's saved configurations, by name, following the pages.
   *
   * @return the saved configurations of every page
   */
  public List<SavedConfig> listAllSavedConfigs() {
    List<SavedConfig> saved = new ArrayList<>();
    ListSavedConfigsRequest page = ListSavedConfigsRequest.getDefaultInstance();
    while (true) {
      ListSavedConfigsResponse response = listSavedConfigs(page);
      saved.addAll(response.getSavedConfigsList());
      if (response.getNextPageToken().isEmpty()) {
        return saved;
      }
      page = page.toBuilder().setPageToken(response.getNextPageToken()).build();
    }
  }

  /**
   * Replaces the description and configuration of the caller's saved configuration named by
   * {@code savedConfig.getName()}, and returns it as stored: its {@code getCreateTime()} kept,
   * its {@code getUpdateTime()} now. Games created from it keep the copy they made. Fails like
   * {@link #createSavedConfig}, and with {@code NOT_FOUND} {@code SAVED_CONFIG_NOT_FOUND} for
   * a name the caller has not saved.
   *
   * @param savedConfig the configuration as it is to be, with its name
   * @return the saved configuration as stored
   */
  public SavedConfig updateSavedConfig(SavedConfig savedConfig) {
    return call(s -> s.updateSavedConfig(Requests.updateSavedConfig(savedConfig)));
  }

  /**
   * Deletes one of the caller's saved configurations ({@code NOT_FOUND}
   * {@code SAVED_CONFIG_NOT_FOUND}); games created from it are not changed.
   *
   * @param name the saved configuration's name
   */
  public void deleteSavedConfig(String name) {
    call(s -> s.deleteSavedConfig(Requests.deleteSavedConfig(name)));
  }

  /**
   * Calls a game in progress off with no result ({@code OUTCOME_TYPE_NO_RESULT},
   * {@code END_REASON_ABORTED}) and returns the finished game. Needs a service key, an
   * explanation (at most 500 characters), and a game where no seat has moved twice yet (else
   * {@code TOO_LATE_TO_ABORT}; a finished game is {@code GAME_OVER}).
   *
   * @param gameId the game's id
   * @param explanation why, for the record
   * @return the game, finished
   */
  public Game abortGame(String gameId, String explanation) {
    return abortGame(gameId, explanation, "");
  }

  /**
   * As {@link #abortGame(String, String)}, safe to retry with {@code requestId} (empty for none).
   *
   * @param gameId the game's id
   * @param explanation why, for the record
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the game, finished
   */
  public Game abortGame(String gameId, String explanation, String requestId) {
    return call(s -> s.abortGame(Requests.abortGame(gameId, explanation, requestId))).getGame();
  }

  /**
   * Decides a game in progress from outside the board ({@code END_REASON_ADJUDICATION}) and
   * returns the finished game: {@code result} is {@code OUTCOME_TYPE_WIN} with the winning
   * seat (from 1), or {@code OUTCOME_TYPE_DRAW} with winner 0. Needs a service key and an
   * explanation (at most 500 characters); a finished game is {@code GAME_OVER}.
   *
   * @param gameId the game's id
   * @param result the result: {@code OUTCOME_TYPE_WIN} or {@code OUTCOME_TYPE_DRAW}
   * @param winner the winning seat, numbered from 1 (0 for a draw)
   * @param explanation why, for the record
   * @return the game, finished
   */
  public Game adjudicateGame(String gameId, OutcomeType result, int winner, String explanation) {
    return adjudicateGame(gameId, result, winner, explanation, "");
  }

  /**
   * As {@link #adjudicateGame(String, OutcomeType, int, String)}, safe to retry with
   * {@code requestId} (empty for none).
   *
   * @param gameId the game's id
   * @param result the result: {@code OUTCOME_TYPE_WIN} or {@code OUTCOME_TYPE_DRAW}
   * @param winner the winning seat, numbered from 1 (0 for a draw)
   * @param explanation why, for the record
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the game, finished
   */
  public Game adjudicateGame(String gameId, OutcomeType result, int winner, String explanation, String requestId) {
    return call(s -> s.adjudicateGame(Requests.adjudicateGame(gameId, result, winner, explanation, requestId))).getGame();
  }

  /**
   * Stops every clock of a game in progress (a tournament break): the running seats are
   * charged for the time they used, and no seat moves until {@link #resumeClock} (a move fails
   * with {@code CLOCK_PAUSED}). The game's history gains a {@code clock_paused} event. Returns
   * the game as a spectator sees it afterwards, its {@code getClock().getPaused()} true. Needs
   * a service key. Fails with {@code NO_CLOCK} for a game without clocks, {@code CLOCK_PAUSED}
   * when they are paused already, {@code OUT_OF_TIME} when a seat's time had already run out,
   * {@code GAME_OVER} for a finished game.
   *
   * @param gameId the game's id
   * @return the game after the pause
   */
  public View pauseClock(String gameId) {
    return pauseClock(gameId, "");
  }

  /**
   * As {@link #pauseClock(String)}, safe to retry with {@code requestId} (empty for none).
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the game after the pause
   */
  public View pauseClock(String gameId, String requestId) {
    return call(s -> s.pauseClock(Requests.pauseClock(gameId, requestId))).getView();
  }

  /**
   * Starts a paused game's clocks again: each seat to act thinks from now, with the time it
   * had. The history gains a {@code clock_resumed} event. Returns the game as a spectator sees
   * it afterwards. Needs a service key. Fails with {@code NO_CLOCK}, {@code CLOCK_NOT_PAUSED}
   * or {@code GAME_OVER}.
   *
   * @param gameId the game's id
   * @return the game after the resumption
   */
  public View resumeClock(String gameId) {
    return resumeClock(gameId, "");
  }

  /**
   * As {@link #resumeClock(String)}, safe to retry with {@code requestId} (empty for none).
   *
   * @param gameId the game's id
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the game after the resumption
   */
  public View resumeClock(String gameId, String requestId) {
    return call(s -> s.resumeClock(Requests.resumeClock(gameId, requestId))).getView();
  }

  /**
   * Gives {@code seat} (from 1) of a game in progress {@code time} more, its clock running or
   * paused. The history gains a {@code time_added} event. Returns the game as a spectator sees
   * it afterwards. Needs a service key. Fails with {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}, for a seat the game does not have or a time not from 1 ms to 1
   * day in whole milliseconds; with {@code NO_CLOCK}, {@code OUT_OF_TIME} (the seat's time had
   * already run out) or {@code GAME_OVER}.
   *
   * @param gameId the game's id
   * @param seat the seat given the time, numbered from 1
   * @param time the time to add
   * @return the game after the time was added
   */
  public View addTime(String gameId, int seat, Duration time) {
    return addTime(gameId, seat, time, "");
  }

  /**
   * As {@link #addTime(String, int, Duration)}, safe to retry with {@code requestId} (empty for none).
   *
   * @param gameId the game's id
   * @param seat the seat given the time, numbered from 1
   * @param time the time to add
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the game after the time was added
   */
  public View addTime(String gameId, int seat, Duration time, String requestId) {
    return call(s -> s.addTime(Requests.addTime(gameId, seat, time, requestId))).getView();
  }

  /**
   * Starts a series of games of {@code kind} from one of its named presets between the same two
   * players, who take turns in seat 1 (player 1 sits in seat 1 in odd-numbered games, in seat
   * 2 in even ones): the server creates each next game when one ends, keeps the score and
   * finishes the series once it is decided. {@code options} gives its length
   * ({@link SeriesOptions#bestOf} or {@link SeriesOptions#firstTo}) and the rest. The response
   * holds the series, its first game created, and one token per player
   * ({@code getPlayerTokensList()}, shown only this once): in every game of the series a
   * player's token acts as the seat the player sits in, like a seat token
   * ({@code client.as(token)}). With {@link SeriesOptions#withRatingPool} every game of the
   * series is rated in that pool. Needs a service key, like a game's creation; only two-seat
   * kinds make a series, and a bad length, player, bot or rating pool fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, every problem named.
   *
   * <pre>{@code
   * CreateSeriesResponse created = client.createSeriesFromPreset(GameKind.GAME_KIND_CHESS, "standard",
   *     SeriesOptions.bestOf(3).withPlayer("u-17", "Ann").withPlayer("u-42", "Bob"));
   * TabulaClient ann = client.as(created.getPlayerTokens(0).getToken());
   * String firstGame = created.getSeries().getGames(0).getGameId(); // Ann plays white
   *
   * CreateSeriesResponse rated = client.createSeriesFromPreset(GameKind.GAME_KIND_CHESS, "standard",
   *     SeriesOptions.bestOf(3).withPlayer("u-17", "Ann").withPlayer("u-42", "Bob").withRatingPool(RatingPool.RATING_POOL_KIND));
   * String pool = rated.getSeries().getRatingPool(); // "chess": each game rated moments after it ends
   * }</pre>
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param options the series' length and how it is made (see {@link SeriesOptions})
   * @return the series made, with its first game
   */
  public CreateSeriesResponse createSeriesFromPreset(GameKind kind, String preset, SeriesOptions options) {
    return createSeries(Requests.seriesFromPreset(kind, preset, options));
  }

  /**
   * As {@link #createSeriesFromPreset}, every game created from a full configuration; zero
   * fields take their defaults, and random parts (a random starter, a Chess960 start) are drawn
   * anew for each game.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param options the series' length and how it is made (see {@link SeriesOptions})
   * @return the series made, with its first game
   */
  public CreateSeriesResponse createSeriesFromConfig(GameConfig config, SeriesOptions options) {
    return createSeries(Requests.seriesFromConfig(config, options));
  }

  /**
   * As {@link #createSeriesFromPreset}, every game created from one of the caller's saved
   * configurations, which the series copies ({@code NOT_FOUND} {@code SAVED_CONFIG_NOT_FOUND}
   * for an unknown name).
   *
   * @param name the saved configuration's name
   * @param options the series' length and how it is made (see {@link SeriesOptions})
   * @return the series made, with its first game
   */
  public CreateSeriesResponse createSeriesFromSavedConfig(String name, SeriesOptions options) {
    return createSeries(Requests.seriesFromSavedConfig(name, options));
  }

  /**
   * Starts a series from a full request.
   *
   * @param request the full request, sent as it is
   * @return the series made, with its first game
   */
  public CreateSeriesResponse createSeries(CreateSeriesRequest request) {
    return call(s -> s.createSeries(request));
  }

  /**
   * A series: its configuration and length, its players, its games so far
   * ({@code getGamesList()}, each with its game id, the seat player 1 sits in, and once scored
   * its outcome and points), the players' points, its status, once finished its winner (1
   * or 2; 0 for a tie), and the pool its games are rated in ({@code getRatingPool()}, see
   * {@link SeriesOptions#withRatingPool}; empty when they are not rated). Anyone may read a series that is not private; a private one needs a
   * service key or one of its players' tokens. An unknown id fails with {@code NOT_FOUND},
   * reason {@code SERIES_NOT_FOUND}.
   *
   * @param seriesId the series' id
   * @return the series
   */
  public Series getSeries(String seriesId) {
    return call(s -> s.getSeries(Requests.getSeries(seriesId))).getSeries();
  }

  /**
   * The first page of series, newest first (every status, 50 a page). Needs a service key.
   *
   * @return a page of series and the next page's token
   */
  public ListSeriesResponse listSeries() {
    return listSeries(ListSeriesRequest.getDefaultInstance());
  }

  /**
   * One page of series, newest first, filtered by the request's {@code status} and
   * {@code labels} (series carrying every one of them, see {@link SeriesOptions#withLabels});
   * pass the response's {@code next_page_token} as {@code page_token} for the next page (empty
   * after the last). Needs a service key.
   *
   * @param request the full request, sent as it is
   * @return a page of series and the next page's token
   */
  public ListSeriesResponse listSeries(ListSeriesRequest request) {
    return call(s -> s.listSeries(request));
  }

  /**
   * The first page of the series carrying every one of {@code labels} with its value (see
   * {@link SeriesOptions#withLabels}), newest first, 50 a page; every series for none. Needs a
   * service key. Labels that break the rules of {@link CreateOptions#withLabels} fail with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}. For the next pages, or with the
   * {@code status} filter, use {@link #listSeries(ListSeriesRequest)} with
   * {@code putAllLabels(labels)}, or {@link #listAllSeries(Map)}.
   *
   * @param labels the labels the series must all carry (empty: every series)
   * @return a page of series and the next page's token
   */
  public ListSeriesResponse listSeries(Map<String, String> labels) {
    return listSeries(Requests.listSeries(labels));
  }

  /**
   * Every series carrying every one of {@code labels}, following the pages (see {@link #listSeries(Map)}).
   *
   * @param labels the labels the series must all carry (empty: every series)
   * @return the series of every page
   */
  public List<Series> listAllSeries(Map<String, String> labels) {
    return listAllSeries(Requests.listSeries(labels));
  }

  /**
   * Every series the request's filter selects, following the pages from its {@code page_token}.
   *
   * @param request the full request, sent as it is
   * @return the series of every page
   */
  public List<Series> listAllSeries(ListSeriesRequest request) {
    List<Series> series = new ArrayList<>();
    ListSeriesRequest page = request;
    while (true) {
      ListSeriesResponse response = listSeries(page);
      series.addAll(response.getSeriesList());
      if (response.getNextPageToken().isEmpty()) {
        return series;
      }
      page = page.toBuilder().setPageToken(response.getNextPageToken()).build();
    }
  }

  /**
   * Replaces a series' labels with {@code labels}, all of them (an empty map clears them), and
   * returns the series as it is now; a finished series too. The games it has made keep their
   * labels; the games it makes from then on take the new ones. The request's
   * {@code update_mask} is {@code labels}. Needs a service key. Fails like
   * {@link #updateGameLabels} (field {@code series.labels[KEY]}), and with {@code NOT_FOUND},
   * reason {@code SERIES_NOT_FOUND}, for an unknown series.
   *
   * @param seriesId the series' id
   * @param labels the series' labels from now on, all of them (empty: none)
   * @return the series as it is now
   */
  public Series updateSeriesLabels(String seriesId, Map<String, String> labels) {
    return updateSeries(Requests.updateSeriesLabels(seriesId, labels));
  }

  /**
   * Sends a full {@code UpdateSeries} request (the series named by {@code series.series_id},
   * the fields named by {@code update_mask}) and returns the series as it is now. Needs a
   * service key.
   *
   * @param request the full request, sent as it is
   * @return the series as it is now
   */
  public Series updateSeries(UpdateSeriesRequest request) {
    return call(s -> s.updateSeries(request)).getSeries();
  }

  /**
   * Follows the events of a series after sequence number {@code afterSeq} (0: from its first
   * game's creation): each game started, each game scored, then {@code series_finished}, after
   * which the stream ends; reconnects after a dropped connection. See
   * {@link SeriesEventStream}. Close it when done.
   *
   * @param seriesId the series' id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @return the stream, to close when done
   */
  public SeriesEventStream seriesEvents(String seriesId, long afterSeq) {
    return new SeriesEventStream(stub, Requests.seriesEvents(seriesId, afterSeq), connection.reconnections(streamRetryPolicy()));
  }

  /**
   * As {@link #seriesEvents(String, long)}, with a bound on reconnection attempts in a row and the first wait.
   *
   * @param seriesId the series' id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @return the stream, to close when done
   */
  public SeriesEventStream seriesEvents(String seriesId, long afterSeq, int maxReconnects, Duration firstDelay) {
    return new SeriesEventStream(stub, Requests.seriesEvents(seriesId, afterSeq),
        connection.reconnections(bounded(maxReconnects, firstDelay)));
  }

  /**
   * A player's Glicko-2 ratings under the calling service key, one per pool the player was
   * rated in (see {@link CreateOptions#withRatingPool}; the games of a rated series or
   * tournament count too, {@link SeriesOptions#withRatingPool} and
   * {@link TournamentOptions#withRatingPool}), by pool name: each
   * {@code PlayerRating} with its {@code getPool()}, its {@code getRating()} now (the rating,
   * its deviation as of now, its volatility, and whether it is {@code getProvisional()}: a
   * deviation above 110), the rated games played in the pool ({@code getGames()},
   * {@code getWins()}, {@code getDraws()}, {@code getLosses()}) and when the last one was rated
   * ({@code getLastRatedTime()}); its {@code getRank()} is 0. Empty for a player never rated.
   * {@code playerId} is a seat's {@code Player.player_id}, or {@code engine-level-<level>} for
   * the engine at that level (required, at most 128 characters; else {@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}). Needs a service key.
   *
   * <pre>{@code
   * for (PlayerRating rating : client.getPlayerRatings("u-17")) {
   *   System.out.println(rating.getPool() + " " + Math.round(rating.getRating().getRating()));
   * }
   * }</pre>
   *
   * @param playerId the player's id in the caller's own system
   * @return the player's ratings, one per pool
   */
  public List<PlayerRating> getPlayerRatings(String playerId) {
    return call(s -> s.getPlayerRatings(Requests.getPlayerRatings(playerId))).getRatingsList();
  }

  /**
   * The first page of a pool's leaderboard under the calling service key (50 a page,
   * provisional ratings included): the best rating first, players with equal ratings by id,
   * each {@code PlayerRating} with its {@code getRank()}, its place from 1. {@code pool} is a
   * {@code GameRating.getPool()}: a kind's ({@code tic_tac_toe}) or a preset's
   * ({@code chess/chess960}), see {@link CreateOptions#withRatingPool}. Needs a service key.
   * For the next pages see {@link #listLeaderboard(String, int, String, boolean)} or
   * {@link #listAllLeaderboard(String, boolean)}.
   *
   * @param pool the rating pool's name
   * @return a page of ratings, best first, and the next page's token
   */
  public ListLeaderboardResponse listLeaderboard(String pool) {
    return listLeaderboard(pool, 0, "", false);
  }

  /**
   * One page of a pool's leaderboard (see {@link #listLeaderboard(String)}): at most
   * {@code pageSize} (0: 50; at most 500; negative: {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}), after {@code pageToken}, the previous response's
   * {@code next_page_token} with the same pool and filter (empty for the first page; empty in
   * the response after the last). With {@code excludeProvisional} provisional ratings are left
   * out, and the ranks count only the ratings listed. Needs a service key.
   *
   * <pre>{@code
   * ListLeaderboardResponse page = client.listLeaderboard("chess", 20, "", true);
   * for (PlayerRating entry : page.getRatingsList()) {
   *   System.out.println(entry.getRank() + ". " + entry.getPlayerId() + " " + Math.round(entry.getRating().getRating()));
   * }
   * page = client.listLeaderboard("chess", 20, page.getNextPageToken(), true); // the next 20
   * }</pre>
   *
   * @param pool the rating pool's name
   * @param pageSize the most items on the page (0: the server's default)
   * @param pageToken the previous page's {@code next_page_token} (empty: the first page)
   * @param excludeProvisional true to leave out provisional ratings
   * @return a page of ratings, best first, and the next page's token
   */
  public ListLeaderboardResponse listLeaderboard(String pool, int pageSize, String pageToken, boolean excludeProvisional) {
    return listLeaderboard(Requests.listLeaderboard(pool, pageSize, pageToken, excludeProvisional));
  }

  /**
   * One page of a pool's leaderboard from a full request. Needs a service key.
   *
   * @param request the full request, sent as it is
   * @return a page of ratings, best first, and the next page's token
   */
  public ListLeaderboardResponse listLeaderboard(ListLeaderboardRequest request) {
    return call(s -> s.listLeaderboard(request));
  }

  /**
   * A pool's whole leaderboard, best first, following the pages (see
   * {@link #listLeaderboard(String, int, String, boolean)}). Needs a service key.
   *
   * @param pool the rating pool's name
   * @param excludeProvisional true to leave out provisional ratings
   * @return the ratings of every page, best first
   */
  public List<PlayerRating> listAllLeaderboard(String pool, boolean excludeProvisional) {
    return listAllLeaderboard(Requests.listLeaderboard(pool, 0, "", excludeProvisional));
  }

  /**
   * A pool's leaderboard from the request's {@code page_token} to the end, following the pages.
   *
   * @param request the full request, sent as it is
   * @return the ratings of every page, best first
   */
  public List<PlayerRating> listAllLeaderboard(ListLeaderboardRequest request) {
    List<PlayerRating> ratings = new ArrayList<>();
    ListLeaderboardRequest page = request;
    while (true) {
      ListLeaderboardResponse response = listLeaderboard(page);
      ratings.addAll(response.getRatingsList());
      if (response.getNextPageToken().isEmpty()) {
        return ratings;
      }
      page = page.toBuilder().setPageToken(response.getNextPageToken()).build();
    }
  }

  /**
   * Creates a tournament of {@code kind}, every game of it from one of the kind's named
   * presets: {@code players} (2 to 1,000, in the tournament's order: the first is player 1;
   * see {@link TournamentPlayers}) meet round after round as {@code options} pair them
   * ({@link TournamentOptions#roundRobin}, {@link TournamentOptions#doubleRoundRobin},
   * {@link TournamentOptions#knockout(int)} or {@link TournamentOptions#swiss(int)}). The server
   * makes each round's boards and games (in a Swiss, pairing it from the results so far) as
   * soon as every board of the round before has ended (the first at once), or, with
   * {@link TournamentOptions#withHoldRounds}, once {@link #startTournamentRound} lets it. In a
   * knockout each board is a match, a series best of {@link TournamentOptions#withBestOf} games
   * (drawn games played again): the board's {@code getSeriesId()} names it ({@link #getSeries};
   * its games are the series', the last one the game being played) and its
   * {@code getGameId()} is empty. The response holds the tournament, its first round paired
   * unless held, and one token per person ({@code getPlayerTokensList()}, by player number,
   * shown only this once; none for a player the engine plays): in every game of the
   * tournament a player's token acts as the seat the player sits in ({@code client.as(token)}:
   * a board's white sits in seat 1, its black in seat 2; in a knockout's match they take turns,
   * white in seat 1 in its odd-numbered games). Needs a service key; only two-seat kinds. A
   * request that makes no sense (fewer than two players, a player without an id, an unset
   * format, a bad scoring, an even {@code best_of}, tie-breaks in a knockout,
   * {@code seed_by_rating} without a knockout or a Swiss and a rating pool, a Swiss's
   * {@code rounds} not fewer than its players, {@code rounds}, {@code accelerated} or
   * {@code trf} outside a Swiss, a report file that does not fit, see
   * {@link TournamentOptions#withTrf}) fails with {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}, every problem named. A Swiss played elsewhere continues from its
   * Tournament Report File ({@link TournamentOptions#withTrf}): the tournament starts with the
   * file's rounds and pairs the next one at once.
   *
   * <pre>{@code
   * CreateTournamentResponse created = client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2",
   *     List.of(TournamentPlayers.person("u-17", "Ann"), TournamentPlayers.person("u-42", "Bob"),
   *         TournamentPlayers.person("u-7", "Cy"), TournamentPlayers.person("u-9", "Di")),
   *     TournamentOptions.roundRobin());
   * TabulaClient ann = client.as(created.getPlayerTokens(0).getToken()); // player 1 in every round
   * TournamentBoard board = created.getTournament().getRounds(0).getBoards(0); // white and black, by player number
   *
   * CreateTournamentResponse cup = client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", players,
   *     TournamentOptions.knockout(3)); // each match best of 3
   * String match = cup.getTournament().getRounds(0).getBoards(0).getSeriesId();
   * Series series = client.getSeries(match); // its games so far: the last is being played
   *
   * CreateTournamentResponse open = client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", players,
   *     TournamentOptions.swiss(5).withAccelerated(true)); // five rounds, each paired when the one before ends
   *
   * CreateTournamentResponse continued = client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", players,
   *     TournamentOptions.swiss(7).withTrf(Files.readString(Path.of("open.trf")))); // the file's rounds, then the next paired
   * }</pre>
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param players the players, numbered from 1 in this order (see {@link TournamentPlayers})
   * @param options the format and how the tournament is made (see {@link TournamentOptions})
   * @return the tournament made, with its players' tokens
   */
  public CreateTournamentResponse createTournamentFromPreset(GameKind kind, String preset, List<TournamentPlayer> players,
      TournamentOptions options) {
    return createTournament(Requests.tournamentFromPreset(kind, preset, players, options));
  }

  /**
   * As {@link #createTournamentFromPreset}, every game created from a full configuration (its
   * clock included); zero fields take their defaults.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param players the players, numbered from 1 in this order (see {@link TournamentPlayers})
   * @param options the format and how the tournament is made (see {@link TournamentOptions})
   * @return the tournament made, with its players' tokens
   */
  public CreateTournamentResponse createTournamentFromConfig(GameConfig config, List<TournamentPlayer> players,
      TournamentOptions options) {
    return createTournament(Requests.tournamentFromConfig(config, players, options));
  }

  /**
   * As {@link #createTournamentFromPreset}, every game created from one of the caller's saved
   * configurations, which the tournament copies ({@code NOT_FOUND}
   * {@code SAVED_CONFIG_NOT_FOUND} for an unknown name).
   *
   * @param name the saved configuration's name
   * @param players the players, numbered from 1 in this order (see {@link TournamentPlayers})
   * @param options the format and how the tournament is made (see {@link TournamentOptions})
   * @return the tournament made, with its players' tokens
   */
  public CreateTournamentResponse createTournamentFromSavedConfig(String name, List<TournamentPlayer> players,
      TournamentOptions options) {
    return createTournament(Requests.tournamentFromSavedConfig(name, players, options));
  }

  /**
   * Creates a tournament from a full request. Needs a service key.
   *
   * @param request the full request, sent as it is
   * @return the tournament made, with its players' tokens
   */
  public CreateTournamentResponse createTournament(CreateTournamentRequest request) {
    return call(s -> s.createTournament(request));
  }

  /**
   * A tournament: its configuration, format, players (each withdrawn one with
   * {@code getWithdrawnAfterRound()}), scoring and tie-breaks, its rounds so far
   * ({@code getRoundsList()}, each with its boards: white and black by player number, the game
   * id, or in a knockout the match's series id, and once ended the {@code BoardResult}),
   * {@code getRoundCount()} in all, the standings after the results so far
   * ({@code getStandingsList()}, best first, each with its rank, points and tie-break values;
   * in a knockout by how far each player went), a knockout's {@code getBestOf()} and
   * {@code getSeedsList()} (the players by seed), whether a Swiss is accelerated
   * ({@code getAccelerated()}), and its status. Anyone may read a tournament that is not
   * private; a private one needs a service key or one of its players' tokens
   * ({@code PERMISSION_DENIED}, reason {@code PRIVATE_TOURNAMENT}). An unknown id fails with
   * {@code NOT_FOUND}, reason {@code TOURNAMENT_NOT_FOUND}.
   *
   * @param tournamentId the tournament's id
   * @return the tournament
   */
  public Tournament getTournament(String tournamentId) {
    return call(s -> s.getTournament(Requests.getTournament(tournamentId))).getTournament();
  }

  /**
   * A tournament as FIDE's Tournament Report File (TRF-16), the fixed-column text FIDE asks of
   * rated events and pairing programs read: the tags 012 (its name: the label {@code name}, if
   * it has one), 042 and 052 (its dates), 062 (the number of players), 092 (its format), 132
   * (each round's date), 142 (the number of rounds) and, when the scoring is not FIDE's, 162,
   * then one {@code 001} line a player, by player number: its name (its display name, or its
   * id; at most 33 characters) in columns 15&ndash;47, its points in 81&ndash;84 and its rank in
   * 86&ndash;89, then ten columns a round from column 92 (the opponent's number, the colour
   * {@code w}, {@code b} or {@code -}, and the result: {@code 1}, {@code =}, {@code 0},
   * {@code +} or {@code -} for a forfeit, {@code U} for a bye, {@code Z} for a round not
   * played, blank for a game still being played). A knockout's match counts as one game.
   * Each line ends in a line feed. Read access as {@link #getTournament}: anyone for a public
   * tournament, a service key or one of its players' tokens for a private one
   * ({@code PERMISSION_DENIED}, reason {@code PRIVATE_TOURNAMENT}); an unknown id fails with
   * {@code NOT_FOUND}, reason {@code TOURNAMENT_NOT_FOUND}. A Swiss's file continues it
   * elsewhere, or here as a new tournament ({@link TournamentOptions#withTrf}).
   *
   * <pre>{@code
   * String trf = client.exportTournamentTrf(tournamentId);
   * Files.writeString(Path.of("spring.trf"), trf);
   * trf.lines().filter(line -> line.startsWith("001")) // a player's line: its name, then its points
   *     .forEach(line -> System.out.println(line.substring(14, 47).strip() + ": " + line.substring(80, 84).strip()));
   * }</pre>
   *
   * @param tournamentId the tournament's id
   * @return the TRF text
   */
  public String exportTournamentTrf(String tournamentId) {
    return call(s -> s.exportTournamentTrf(Requests.exportTournamentTrf(tournamentId))).getTrf();
  }

  /**
   * The first page of tournaments, newest first (every status, 50 a page). Needs a service key.
   *
   * @return a page of tournaments and the next page's token
   */
  public ListTournamentsResponse listTournaments() {
    return listTournaments(ListTournamentsRequest.getDefaultInstance());
  }

  /**
   * One page of tournaments, newest first, filtered by the request's {@code status} and
   * {@code labels} (tournaments carrying every one of them, see
   * {@link TournamentOptions#withLabels}); pass the response's {@code next_page_token} as
   * {@code page_token} for the next page (empty after the last). Needs a service key.
   *
   * @param request the full request, sent as it is
   * @return a page of tournaments and the next page's token
   */
  public ListTournamentsResponse listTournaments(ListTournamentsRequest request) {
    return call(s -> s.listTournaments(request));
  }

  /**
   * The first page of the tournaments carrying every one of {@code labels} with its value (see
   * {@link TournamentOptions#withLabels}), newest first, 50 a page; every tournament for none.
   * Needs a service key. Labels that break the rules of {@link CreateOptions#withLabels} fail
   * with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}. For the next pages, or with
   * the {@code status} filter, use {@link #listTournaments(ListTournamentsRequest)} with
   * {@code putAllLabels(labels)}, or {@link #listAllTournaments(Map)}.
   *
   * @param labels the labels the tournaments must all carry (empty: every tournament)
   * @return a page of tournaments and the next page's token
   */
  public ListTournamentsResponse listTournaments(Map<String, String> labels) {
    return listTournaments(Requests.listTournaments(labels));
  }

  /**
   * Every tournament carrying every one of {@code labels}, following the pages (see {@link #listTournaments(Map)}).
   *
   * @param labels the labels the tournaments must all carry (empty: every tournament)
   * @return the tournaments of every page
   */
  public List<Tournament> listAllTournaments(Map<String, String> labels) {
    return listAllTournaments(Requests.listTournaments(labels));
  }

  /**
   * Every tournament the request's filter selects, following the pages from its {@code page_token}.
   *
   * @param request the full request, sent as it is
   * @return the tournaments of every page
   */
  public List<Tournament> listAllTournaments(ListTournamentsRequest request) {
    List<Tournament> tournaments = new ArrayList<>();
    ListTournamentsRequest page = request;
    while (true) {
      ListTournamentsResponse response = listTournaments(page);
      tournaments.addAll(response.getTournamentsList());
      if (response.getNextPageToken().isEmpty()) {
        return tournaments;
      }
      page = page.toBuilder().setPageToken(response.getNextPageToken()).build();
    }
  }

  /**
   * Follows the events of a tournament after sequence number {@code afterSeq} (0: from the
   * first): each round paired ({@code round_paired}, with its boards and games), each board
   * ended ({@code board_finished}), each round finished with the standings after it
   * ({@code round_finished}), each withdrawal ({@code player_withdrew}), each late entry
   * ({@code player_joined}, see {@link #addTournamentPlayer}), then {@code tournament_ended},
   * after which the stream ends; reconnects after a dropped connection. See
   * {@link TournamentEventStream}. Close it when done.
   *
   * @param tournamentId the tournament's id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @return the stream, to close when done
   */
  public TournamentEventStream tournamentEvents(String tournamentId, long afterSeq) {
    return new TournamentEventStream(stub, Requests.tournamentEvents(tournamentId, afterSeq),
        connection.reconnections(streamRetryPolicy()));
  }

  /**
   * As {@link #tournamentEvents(String, long)}, with a bound on reconnection attempts in a row and the first wait.
   *
   * @param tournamentId the tournament's id
   * @param afterSeq the seq of the last event already seen (0: from the first)
   * @param maxReconnects reconnection attempts in a row, without a successful one, before the stream gives up
   * @param firstDelay the wait before the first reconnection attempt, doubling up to 2 s
   * @return the stream, to close when done
   */
  public TournamentEventStream tournamentEvents(String tournamentId, long afterSeq, int maxReconnects, Duration firstDelay) {
    return new TournamentEventStream(stub, Requests.tournamentEvents(tournamentId, afterSeq),
        connection.reconnections(bounded(maxReconnects, firstDelay)));
  }

  /**
   * Lets round {@code round} (the next one, from 1) of a tournament created with
   * {@link TournamentOptions#withHoldRounds} be made: at once if the round before has ended,
   * otherwise as soon as it ends. Returns the tournament, with the round paired if it was made.
   * Needs a service key. Fails with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST},
   * for a round other than the next, and {@code FAILED_PRECONDITION}, reason
   * {@code TOURNAMENT_OVER}, for a tournament finished or cancelled.
   *
   * @param tournamentId the tournament's id
   * @param round the next round, numbered from 1
   * @return the tournament as it is now
   */
  public Tournament startTournamentRound(String tournamentId, int round) {
    return call(s -> s.startTournamentRound(Requests.startTournamentRound(tournamentId, round))).getTournament();
  }

  /**
   * Withdraws {@code player} (numbered from 1) from a tournament: it plays its game of the
   * round in progress, if it has one, and is paired in no round after, its opponents there
   * winning by forfeit; {@code getWithdrawnAfterRound()} of its {@code TournamentPlayer} is
   * then the last round it played. Returns the tournament after the withdrawal. Needs a
   * service key. Fails with {@code INVALID_ARGUMENT} for a player withdrawn already (or not in
   * the tournament) and {@code FAILED_PRECONDITION}, reason {@code TOURNAMENT_OVER}, for a
   * tournament over.
   *
   * @param tournamentId the tournament's id
   * @param player the player, numbered from 1
   * @return the tournament as it is now
   */
  public Tournament withdrawTournamentPlayer(String tournamentId, int player) {
    return call(s -> s.withdrawTournamentPlayer(Requests.withdrawTournamentPlayer(tournamentId, player))).getTournament();
  }

  /**
   * Adds {@code player} to a Swiss under way, a late entry ({@link TournamentPlayers}, as
   * {@link #createTournamentFromPreset} takes them): it is numbered after every player, starts
   * with no points and is paired from the next round made, the rounds before counting as rounds
   * it did not play. Returns the tournament with its new player, last in
   * {@code getPlayersList()}, and, for a person, the player's token
   * ({@code getPlayerToken()}, shown only this once; unset for a player the engine plays): in
   * every game of the tournament it acts as the seat the player sits in
   * ({@code client.as(token)}). Needs a service key. Fails with {@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}, field {@code player}, for a player the creation would
   * refuse (a person without an id, a name too long, an engine level out of range), an id
   * another player has (or, in a rated tournament, is rated as), a full tournament (1,000
   * players), or a round robin or knockout, whose schedule or bracket is fixed at creation; and
   * {@code FAILED_PRECONDITION}, reason {@code TOURNAMENT_OVER}, for a tournament over.
   *
   * <pre>{@code
   * AddTournamentPlayerResponse added = client.addTournamentPlayer(tournamentId, TournamentPlayers.person("u-5", "Eve"));
   * int number = added.getPlayerToken().getPlayer(); // after every player before
   * TabulaClient eve = client.as(added.getPlayerToken().getToken()); // her seat from the next round made
   * }</pre>
   *
   * @param tournamentId the tournament's id
   * @param player the player, built by {@link TournamentPlayers}
   * @return the tournament and the new player's token
   */
  public AddTournamentPlayerResponse addTournamentPlayer(String tournamentId, TournamentPlayer player) {
    return call(s -> s.addTournamentPlayer(Requests.addTournamentPlayer(tournamentId, player)));
  }

  /**
   * Calls a tournament off: no round is made after (its games in progress are left to end, or
   * to {@link #abortGame}), and its event stream ends with {@code tournament_ended}, status
   * {@code TOURNAMENT_STATUS_CANCELLED}. Returns the tournament, cancelled. Needs a service
   * key. Fails with {@code FAILED_PRECONDITION}, reason {@code TOURNAMENT_OVER}, for a
   * tournament finished or cancelled already.
   *
   * @param tournamentId the tournament's id
   * @return the tournament as it is now
   */
  public Tournament cancelTournament(String tournamentId) {
    return call(s -> s.cancelTournament(Requests.cancelTournament(tournamentId))).getTournament();
  }

  /**
   * Closes the connection, ending its calls and streams, and waits up to 5 seconds; a client
   * made by {@link #as}, {@link #withTimeout} or {@link #async} leaves it open.
   */
  @Override
  public void close() {
    connection.close();
  }
}
