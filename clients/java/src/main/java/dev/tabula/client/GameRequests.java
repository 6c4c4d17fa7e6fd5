package dev.tabula.client;

import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.PgnImport;
import java.util.Objects;

/**
 * Builds the {@code CreateGameRequest} of one game's creation, the one the
 * {@code createGameFrom*} methods of {@link TabulaClient} and {@link TabulaAsyncClient} send,
 * for {@link TabulaClient#batchCreateGames(java.util.List, String)}: each request of a batch
 * with its own source, players, bots, labels, privacy, hints, start time, spectator delay,
 * moves on the owner's stream and rating pool, from the same {@link CreateOptions}. Like those methods, a clock, a starter, presence or an
 * ending takeback window on a creation that has no place for one throws {@link IllegalArgumentException} here, before anything is sent.
 *
 * <pre>{@code
 * List<CreateGameRequest> requests = List.of(
 *     GameRequests.gameFromPreset(GameKind.GAME_KIND_CHESS, "standard",
 *         CreateOptions.defaults().withPlayer("u-17", "Ann").withPlayer("u-42", "Bob").withLabel("round", "1")),
 *     GameRequests.gameFromConfig(config,
 *         CreateOptions.defaults().withPlayer("u-7", "Cy").withPlayer("u-9", "Di").withLabel("round", "1")));
 * List<CreateGameResponse> games = client.batchCreateGames(requests, "round-1");
 * }</pre>
 *
 * <p>In a batch each request's own request id must stay empty (the batch's request id makes
 * the whole batch safe to retry): options with {@link CreateOptions#withRequestId} are refused
 * by the server ({@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, field
 * {@code requests[N].request_id}).
 */
public final class GameRequests {
  private GameRequests() {}

  private static CreateGameRequest.Builder create(CreateOptions options) {
    Objects.requireNonNull(options, "options");
    CreateGameRequest.Builder request = CreateGameRequest.newBuilder()
        .setPrivate(options.isPrivate())
        .setRequestId(options.requestId())
        .addAllBots(options.bots())
        .addAllPlayers(options.players())
        .putAllLabels(options.labels());
    options.allowHints().ifPresent(request::setAllowHints);
    options.startTime().map(Clocks::timestamp).ifPresent(request::setStartTime);
    options.spectatorDelay().ifPresent(request::setSpectatorDelay);
    request.setOwnerStreamMoves(options.ownerStreamMoves());
    request.setRatingPool(options.ratingPool());
    return request;
  }

  /**
   * The options of a creation without a configuration of its own, which has nowhere to put a
   * clock, a starter, presence or an ending takeback window: a preset and a saved
   * configuration bring their own, a PGN import none.
   */
  private static CreateOptions withoutClock(CreateOptions options, String source) {
    if (Objects.requireNonNull(options, "options").clock().isPresent() || options.onTimeout().isPresent()
        || options.firstMoveWindow().isPresent()) {
      throw new IllegalArgumentException(
          "only a game created from a configuration takes a clock (createGameFromConfig), not one created from " + source);
    }
    if (options.starter().isPresent()) {
      throw new IllegalArgumentException(
          "only a game created from a configuration takes a starter (createGameFromConfig), not one created from " + source);
    }
    if (options.presence().isPresent()) {
      throw new IllegalArgumentException(
          "only a game created from a configuration takes presence (createGameFromConfig), not one created from " + source);
    }
    if (options.endingTakebackWindow().isPresent()) {
      throw new IllegalArgumentException("only a game created from a configuration takes an ending takeback window"
          + " (createGameFromConfig), not one created from " + source);
    }
    return options;
  }

  /**
   * A game of {@code kind} from one of its named presets, with the default options.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromPreset(GameKind kind, String preset) {
    return gameFromPreset(kind, preset, CreateOptions.defaults());
  }

  /**
   * A game of {@code kind} from one of its named presets, as
   * {@link TabulaClient#createGameFromPreset(GameKind, String, CreateOptions)} creates it. The
   * preset brings its own clock: options with a clock, a timeout rule, a first-move window, a
   * starter, presence or an ending takeback window throw {@link IllegalArgumentException}.
   *
   * @param kind the kind of game
   * @param preset the name of one of the kind's presets (see {@link TabulaClient#listGameKinds})
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromPreset(GameKind kind, String preset, CreateOptions options) {
    return create(withoutClock(options, "a preset, which brings its own"))
        .setKind(Objects.requireNonNull(kind, "kind")).setPreset(Objects.requireNonNull(preset, "preset")).build();
  }

  /**
   * A game from a full configuration (zero fields take their defaults), with the default options.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromConfig(GameConfig config) {
    return gameFromConfig(config, CreateOptions.defaults());
  }

  /**
   * A game from a full configuration, as
   * {@link TabulaClient#createGameFromConfig(GameConfig, CreateOptions)} creates it: the
   * options' clock, timeout rule, first-move window, starter, presence and ending takeback
   * window are set on a copy of {@code config}, which is left as it is. A timeout rule or a first-move window without a
   * clock (neither in the options nor in {@code config}) throws {@link IllegalArgumentException}.
   *
   * @param config the game's configuration; fields left zero take their defaults
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromConfig(GameConfig config, CreateOptions options) {
    Objects.requireNonNull(options, "options");
    GameConfig.Builder clocked = Objects.requireNonNull(config, "config").toBuilder();
    options.clock().ifPresent(clocked::setClock);
    if (options.onTimeout().isPresent()) {
      if (!clocked.hasClock()) {
        throw new IllegalArgumentException("withOnTimeout without a clock: give withClock, or a configuration that has one");
      }
      clocked.getClockBuilder().setOnTimeout(options.onTimeout().get());
    }
    if (options.firstMoveWindow().isPresent()) {
      if (!clocked.hasClock()) {
        throw new IllegalArgumentException("withFirstMoveWindow without a clock: give withClock, or a configuration that has one");
      }
      clocked.getClockBuilder().setFirstMoveWindow(Clocks.duration(options.firstMoveWindow().get()));
    }
    options.starter().ifPresent(clocked::setStarter);
    options.presence().ifPresent(clocked::setPresence);
    options.endingTakebackWindow().map(Clocks::duration).ifPresent(clocked::setEndingTakebackWindow);
    return create(options).setConfig(clocked).build();
  }

  /**
   * A chess game imported from a PGN text, at the position after its moves, with the default options.
   *
   * @param pgn the PGN text
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromPgn(String pgn) {
    return gameFromPgn(pgn, CreateOptions.defaults());
  }

  /**
   * A chess game imported from a PGN text, as
   * {@link TabulaClient#createGameFromPgn(String, CreateOptions)} creates it. An import has no
   * clock: options with a clock, a timeout rule, a first-move window, a starter, presence or
   * an ending takeback window throw {@link IllegalArgumentException}.
   *
   * @param pgn the PGN text
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromPgn(String pgn, CreateOptions options) {
    return gameFromPgn(PgnImport.newBuilder().setPgn(Objects.requireNonNull(pgn, "pgn")).build(), options);
  }

  /**
   * As {@link #gameFromPgn(String, CreateOptions)} from a full import, for {@code ply} (only the first plies).
   *
   * @param pgn the PGN text and how many of its plies to play
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromPgn(PgnImport pgn, CreateOptions options) {
    return create(withoutClock(options, "a PGN import")).setPgn(Objects.requireNonNull(pgn, "pgn")).build();
  }

  /**
   * A game from one of the caller's saved configurations, with the default options.
   *
   * @param name the saved configuration's name
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromSavedConfig(String name) {
    return gameFromSavedConfig(name, CreateOptions.defaults());
  }

  /**
   * A game from the caller's saved configuration {@code name}, as
   * {@link TabulaClient#createGameFromSavedConfig(String, CreateOptions)} creates it. The saved
   * configuration brings its clock, starter, presence and ending takeback window: options with
   * a clock, a timeout rule, a first-move window, a starter, presence or an ending takeback
   * window throw {@link IllegalArgumentException}. An unknown name
   * fails the whole call ({@code NOT_FOUND}, reason {@code SAVED_CONFIG_NOT_FOUND}).
   *
   * @param name the saved configuration's name
   * @param options how the game is made: privacy, request id, bots, players, labels, clock, ... (see {@link CreateOptions})
   * @return the request, for {@link TabulaClient#batchCreateGames}
   */
  public static CreateGameRequest gameFromSavedConfig(String name, CreateOptions options) {
    return create(withoutClock(options, "a saved configuration, which brings its own"))
        .setSavedConfig(Objects.requireNonNull(name, "name")).build();
  }
}
