package dev.tabula.client;

import dev.tabula.v1.AbortGameRequest;
import dev.tabula.v1.AdjudicateGameRequest;
import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameKindInfo;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GetGameRequest;
import dev.tabula.v1.GetViewRequest;
import dev.tabula.v1.ListGameKindsRequest;
import dev.tabula.v1.ListLegalMovesRequest;
import dev.tabula.v1.ListLegalMovesResponse;
import dev.tabula.v1.Move;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.ResignRequest;
import dev.tabula.v1.ResignResponse;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.SubmitMoveRequest;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.View;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A client of one Tabula server, calling as one credential (a service key or a seat token) or,
 * without one, as a spectator. Thread-safe; clients made by {@link #as} share the connection.
 *
 * <pre>{@code
 * try (TabulaClient admin = TabulaClient.builder("127.0.0.1:50051").build()) {
 *   CreateGameResponse created = admin.createFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
 *   TabulaClient red = admin.as(created.getSeatTokens(0).getToken());
 *   red.submit(created.getGame().getGameId(), Moves.dropDisc(3));
 * }
 * }</pre>
 *
 * <p>Every call that fails throws {@link TabulaException} with the gRPC code and stable reason.
 */
public final class TabulaClient implements AutoCloseable {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private final ManagedChannel channel;
  private final boolean ownsChannel;
  private final GameServiceGrpc.GameServiceBlockingStub stub;
  private final Duration callTimeout;

  private TabulaClient(ManagedChannel channel, boolean ownsChannel, String credential, Duration callTimeout) {
    this.channel = channel;
    this.ownsChannel = ownsChannel;
    this.callTimeout = callTimeout;
    GameServiceGrpc.GameServiceBlockingStub plain = GameServiceGrpc.newBlockingStub(channel);
    if (credential != null && !credential.isEmpty()) {
      Metadata headers = new Metadata();
      headers.put(AUTHORIZATION, "Bearer " + credential);
      plain = plain.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }
    this.stub = plain;
  }

  /** Starts configuring a client of the server at {@code target} ({@code host:port}). */
  public static Builder builder(String target) {
    return new Builder(target);
  }

  /** Configures a {@link TabulaClient}. */
  public static final class Builder {
    private final String target;
    private ChannelCredentials transport = InsecureChannelCredentials.create();
    private String credential = "";
    private Duration callTimeout = Duration.ofSeconds(30);

    private Builder(String target) {
      this.target = Objects.requireNonNull(target, "target");
    }

    /** Connects over TLS, trusting the system's roots. Without it the connection is plaintext. */
    public Builder tls() {
      return tls(TlsChannelCredentials.create());
    }

    /** Connects with these channel credentials (custom roots, client certificates, ...). */
    public Builder tls(ChannelCredentials credentials) {
      this.transport = Objects.requireNonNull(credentials, "credentials");
      return this;
    }

    /** Sends {@code credential} as {@code authorization: Bearer <credential>} on every call. */
    public Builder credential(String credential) {
      this.credential = Objects.requireNonNull(credential, "credential");
      return this;
    }

    /** The deadline of each unary call (default 30 seconds); event streams have none. */
    public Builder callTimeout(Duration timeout) {
      this.callTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /** Creates the client; the connection is made on the first call. */
    public TabulaClient build() {
      ManagedChannel channel = Grpc.newChannelBuilder(target, transport).build();
      return new TabulaClient(channel, true, credential, callTimeout);
    }
  }

  /**
   * A client on the same connection that calls with another credential ({@code ""}: as a
   * spectator). Closing it leaves the connection open.
   */
  public TabulaClient as(String credential) {
    return new TabulaClient(channel, false, credential, callTimeout);
  }

  /** The generated stub with this client's credential, for calls this class does not wrap. */
  public GameServiceGrpc.GameServiceBlockingStub stub() {
    return stub;
  }

  private <T> T call(Supplier<T> rpc) {
    try {
      return rpc.get();
    } catch (StatusRuntimeException error) {
      throw TabulaException.from(error);
    }
  }

  private GameServiceGrpc.GameServiceBlockingStub unary() {
    return stub.withDeadlineAfter(callTimeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Every game kind the server hosts, with its defaults and presets. */
  public List<GameKindInfo> listGameKinds() {
    return call(() -> unary().listGameKinds(ListGameKindsRequest.getDefaultInstance())).getKindsList();
  }

  /**
   * Creates a game of {@code kind} from one of its named presets. The response holds the seat
   * tokens, which the server shows only this once.
   */
  public CreateGameResponse createFromPreset(GameKind kind, String preset) {
    return createFromPreset(kind, preset, "");
  }

  /**
   * As {@link #createFromPreset(GameKind, String)}, safe to retry with {@code requestId} (at
   * most 128 characters; empty for none). A retry of the same request answers with the game
   * the first one made and {@code getRetried()} true: with new seat tokens while nothing has
   * happened in the game (the first answer's tokens then stop working), with none afterwards.
   * The same id with another request fails with {@code REQUEST_ID_REUSED}.
   */
  public CreateGameResponse createFromPreset(GameKind kind, String preset, String requestId) {
    return create(CreateGameRequest.newBuilder().setKind(kind).setPreset(preset).setRequestId(requestId).build());
  }

  /** Creates a game from a full configuration; zero fields take their defaults. */
  public CreateGameResponse createFromConfig(GameConfig config) {
    return createFromConfig(config, "");
  }

  /**
   * As {@link #createFromConfig(GameConfig)}, safe to retry with {@code requestId}, as for
   * {@link #createFromPreset(GameKind, String, String)}.
   */
  public CreateGameResponse createFromConfig(GameConfig config, String requestId) {
    return create(CreateGameRequest.newBuilder().setConfig(config).setRequestId(requestId).build());
  }

  /** Creates a game from a full request, for {@code private} or a PGN import. */
  public CreateGameResponse create(CreateGameRequest request) {
    return call(() -> unary().createGame(request));
  }

  /**
   * Calls a game in progress off with no result ({@code OUTCOME_TYPE_NO_RESULT},
   * {@code END_REASON_ABORTED}) and returns the finished game. Needs a service key, an
   * explanation (at most 500 characters), and a game where no seat has moved twice yet (else
   * {@code TOO_LATE_TO_ABORT}; a finished game is {@code GAME_OVER}).
   */
  public Game abortGame(String gameId, String explanation) {
    return abortGame(gameId, explanation, "");
  }

  /** As {@link #abortGame(String, String)}, safe to retry with {@code requestId} (empty for none). */
  public Game abortGame(String gameId, String explanation, String requestId) {
    AbortGameRequest request = AbortGameRequest.newBuilder()
        .setGameId(gameId).setExplanation(explanation).setRequestId(requestId).build();
    return call(() -> unary().abortGame(request)).getGame();
  }

  /**
   * Decides a game in progress from outside the board ({@code END_REASON_ADJUDICATION}) and
   * returns the finished game: {@code result} is {@code OUTCOME_TYPE_WIN} with the winning
   * seat (from 1), or {@code OUTCOME_TYPE_DRAW} with winner 0. Needs a service key and an
   * explanation (at most 500 characters); a finished game is {@code GAME_OVER}.
   */
  public Game adjudicateGame(String gameId, OutcomeType result, int winner, String explanation) {
    return adjudicateGame(gameId, result, winner, explanation, "");
  }

  /**
   * As {@link #adjudicateGame(String, OutcomeType, int, String)}, safe to retry with
   * {@code requestId} (empty for none).
   */
  public Game adjudicateGame(String gameId, OutcomeType result, int winner, String explanation, String requestId) {
    AdjudicateGameRequest request = AdjudicateGameRequest.newBuilder()
        .setGameId(gameId).setResult(result).setWinner(winner).setExplanation(explanation).setRequestId(requestId)
        .build();
    return call(() -> unary().adjudicateGame(request)).getGame();
  }

  /** A game's public summary. */
  public Game getGame(String gameId) {
    return call(() -> unary().getGame(GetGameRequest.newBuilder().setGameId(gameId).build())).getGame();
  }

  /** The game as this client's credential may see it. */
  public View getView(String gameId) {
    return call(() -> unary().getView(GetViewRequest.newBuilder().setGameId(gameId).build())).getView();
  }

  /** The moves {@code seat} may make now; seat 0 means the caller's own seat. */
  public ListLegalMovesResponse legalMoves(String gameId, int seat) {
    return call(() -> unary().listLegalMoves(
        ListLegalMovesRequest.newBuilder().setGameId(gameId).setSeat(seat).build()));
  }

  /** Plays {@code move} (see {@link Moves}) as this client's seat. */
  public SubmitMoveResponse submit(String gameId, Move move) {
    return submit(SubmitMoveRequest.newBuilder().setGameId(gameId).setMove(move).build());
  }

  /** Submits a full request, for {@code expected_seq}, {@code request_id} or {@code validate_only}. */
  public SubmitMoveResponse submit(SubmitMoveRequest request) {
    return call(() -> unary().submitMove(request));
  }

  /** Resigns this client's seat; the game ends. */
  public ResignResponse resign(String gameId) {
    return call(() -> unary().resign(ResignRequest.newBuilder().setGameId(gameId).build()));
  }

  /**
   * Follows the events of a game after sequence number {@code afterSeq} (0: from its creation),
   * reconnecting after a dropped connection; see {@link EventStream}. Close it when done.
   */
  public EventStream events(String gameId, long afterSeq) {
    return events(request(gameId, afterSeq));
  }

  /** As {@link #events(String, long)}, with a bound on reconnection attempts in a row and the first wait. */
  public EventStream events(String gameId, long afterSeq, int maxReconnects, Duration firstDelay) {
    return events(request(gameId, afterSeq), maxReconnects, firstDelay);
  }

  /**
   * Follows a game's events from a full request, for {@code include_views}: with it, each
   * event comes with the game as this caller sees it just after it, read as
   * {@link EventStream#lastView}. A resumed stream sends the same request after the last
   * event returned.
   *
   * <pre>{@code
   * StreamEventsRequest request = StreamEventsRequest.newBuilder().setGameId(id).setIncludeViews(true).build();
   * try (EventStream events = client.events(request)) {
   *   while (events.hasNext()) {
   *     GameEvent event = events.next();
   *     View view = events.lastView().orElseThrow(); // its seq is event.getSeq()
   *   }
   * }
   * }</pre>
   */
  public EventStream events(StreamEventsRequest request) {
    return events(request, EventStream.DEFAULT_MAX_RECONNECTS, EventStream.DEFAULT_FIRST_DELAY);
  }

  /** As {@link #events(StreamEventsRequest)}, with a bound on reconnection attempts in a row and the first wait. */
  public EventStream events(StreamEventsRequest request, int maxReconnects, Duration firstDelay) {
    return new EventStream(stub, Objects.requireNonNull(request, "request"), maxReconnects, firstDelay);
  }

  private static StreamEventsRequest request(String gameId, long afterSeq) {
    return StreamEventsRequest.newBuilder().setGameId(gameId).setAfterSeq(afterSeq).build();
  }

  /** Closes the connection (unless this client was made by {@link #as}) and waits up to 5 seconds. */
  @Override
  public void close() {
    if (!ownsChannel) {
      return;
    }
    channel.shutdownNow();
    try {
      channel.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
