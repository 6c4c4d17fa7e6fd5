package dev.tabula.client;

import dev.tabula.v1.BotSeat;
import dev.tabula.v1.ClockConfig;
import dev.tabula.v1.Player;
import dev.tabula.v1.PresenceConfig;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.SpectatorDelay;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TimeControl;
import dev.tabula.v1.TimeoutRule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Options of a game's creation ({@code createGameFromPreset}, {@code FromConfig},
 * {@code FromPgn}, {@code FromSavedConfig}, and each request of a batch that {@link GameRequests}
 * builds for {@code batchCreateGames}): whether the game is private, a request id that makes the creation safe to
 * retry, the seats the server's own engine plays, who sits in the seats, whether the seat to
 * move may ask for hints, the managing backend's labels to find the game by, when the game
 * starts, how much later spectators see it, whether its moves go on its owner's stream, the
 * pool it is rated in, and, for a game created from a configuration, its clocks, which seat
 * starts, whether the seats' presence is kept and for how long the move that ended it may
 * still be taken back.
 * Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
 *     CreateOptions.defaults().withPrivate(true).withRequestId("create-1"));
 * client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
 *     CreateOptions.defaults().withBot(2, 1, Duration.ZERO));
 * client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
 *     CreateOptions.defaults().withAllowHints(true));
 * client.createGameFromPreset(GameKind.GAME_KIND_CHESS, "standard",
 *     CreateOptions.defaults().withPlayer("u-17", "Ann").withPlayer("u-42", "Bob"));
 * client.createGameFromConfig(config,
 *     CreateOptions.defaults().withClock(Clocks.fischer(Duration.ofMinutes(3), Duration.ofSeconds(2))));
 * client.createGameFromConfig(config, CreateOptions.defaults().withStarter(Starter.STARTER_RANDOM));
 * client.createGameFromPreset(GameKind.GAME_KIND_CHESS, "standard",
 *     CreateOptions.defaults().withLabel("tournament", "spring").withLabel("round", "3"));
 * client.createGameFromPreset(GameKind.GAME_KIND_CHESS, "standard",
 *     CreateOptions.defaults().withStartTime(Instant.parse("2030-05-01T18:00:00Z")));
 * client.createGameFromPreset(GameKind.GAME_KIND_CHESS, "standard",
 *     CreateOptions.defaults().withSpectatorDelay(2, Duration.ofSeconds(30)));
 * client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
 *     CreateOptions.defaults().withOwnerStreamMoves(true));
 * client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
 *     CreateOptions.defaults().withPlayer("u-17", "Ann").withPlayer("u-42", "Bob").withRatingPool(RatingPool.RATING_POOL_KIND));
 * client.createGameFromConfig(config,
 *     CreateOptions.defaults().withPresence(Presence.of(Duration.ofSeconds(30), Duration.ofMinutes(2))));
 * client.createGameFromConfig(config.toBuilder().setAllowTakebacks(true).build(),
 *     CreateOptions.defaults().withEndingTakebackWindow(Duration.ofSeconds(60)));
 * }</pre>
 */
public final class CreateOptions {
  private static final CreateOptions DEFAULTS =
      new CreateOptions(false, "", List.of(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
          Optional.empty(), Map.of(), Optional.empty(), Optional.empty(), Optional.empty(), false, Optional.empty(), RatingPool.RATING_POOL_UNSPECIFIED);

  private final boolean privateGame;
  private final String requestId;
  private final List<BotSeat> bots;
  private final List<Player> players;
  private final Optional<Boolean> allowHints;
  private final Optional<ClockConfig> clock;
  private final Optional<TimeoutRule> onTimeout;
  private final Optional<Duration> firstMoveWindow;
  private final Optional<Starter> starter;
  private final Map<String, String> labels;
  private final Optional<Instant> startTime;
  private final Optional<PresenceConfig> presence;
  private final Optional<SpectatorDelay> spectatorDelay;
  private final boolean ownerStreamMoves;
  private final Optional<Duration> endingTakebackWindow;
  private final RatingPool ratingPool;

  private CreateOptions(boolean privateGame, String requestId, List<BotSeat> bots, List<Player> players,
      Optional<Boolean> allowHints, Optional<ClockConfig> clock, Optional<TimeoutRule> onTimeout,
      Optional<Duration> firstMoveWindow, Optional<Starter> starter, Map<String, String> labels,
      Optional<Instant> startTime, Optional<PresenceConfig> presence, Optional<SpectatorDelay> spectatorDelay,
      boolean ownerStreamMoves, Optional<Duration> endingTakebackWindow, RatingPool ratingPool) {
    this.privateGame = privateGame;
    this.requestId = requestId;
    this.bots = bots;
    this.players = players;
    this.allowHints = allowHints;
    this.clock = clock;
    this.onTimeout = onTimeout;
    this.firstMoveWindow = firstMoveWindow;
    this.starter = starter;
    this.labels = labels;
    this.startTime = startTime;
    this.presence = presence;
    this.spectatorDelay = spectatorDelay;
    this.ownerStreamMoves = ownerStreamMoves;
    this.endingTakebackWindow = endingTakebackWindow;
    this.ratingPool = ratingPool;
  }

  /**
   * A public game, without a request id, every seat played by its token and named by nobody,
   * hints as the server decides, without labels, starting at once, spectators seeing it live,
   * its moves kept off the owner's stream, not rated, clocks, the seat that starts, presence
   * and the ending takeback window as its configuration says.
   *
   * @return the options
   */
  public static CreateOptions defaults() {
    return DEFAULTS;
  }

  /**
   * A private game refuses spectators ({@code PERMISSION_DENIED}, reason {@code PRIVATE_GAME}):
   * only its seats and service keys may read it.
   *
   * @param privateGame true for a game that only its seats and the service key see
   * @return the copy
   */
  public CreateOptions withPrivate(boolean privateGame) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * A client-chosen id (at most 128 characters; empty for none): a retry of the same request
   * with it answers with the game the first one made and {@code getRetried()} true, with new
   * seat tokens while nothing has happened in the game (the first answer's tokens then stop
   * working) and none afterwards. The same id with another request fails with
   * {@code REQUEST_ID_REUSED}. Not for a request of a batch, which the batch's own request id
   * covers ({@link TabulaClient#batchCreateGames(List, String)}).
   *
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the copy
   */
  public CreateOptions withRequestId(String requestId) {
    return new CreateOptions(privateGame, Objects.requireNonNull(requestId, "requestId"), bots, players, allowHints, clock,
        onTimeout, firstMoveWindow, starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * The seats the server's own engine plays, replacing any given before: any of them, or all
   * (a game of engine against engine). The engine moves as soon as such a seat is to act; its
   * events carry the actor {@code engine}, the seat's number. The seat still gets a token,
   * which reads the game as that seat but may not move, resign or take back for it
   * ({@code FAILED_PRECONDITION}, reason {@code SEAT_PLAYED_BY_ENGINE}, metadata {@code seat}).
   * A bad seat, level or move time fails with {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}.
   *
   * @param bots the seats the server's engine plays
   * @return the copy
   */
  public CreateOptions withBots(List<BotSeat> bots) {
    return new CreateOptions(privateGame, requestId, List.copyOf(Objects.requireNonNull(bots, "bots")), players, allowHints, clock,
        onTimeout, firstMoveWindow, starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * As {@link #withBots(List)}.
   *
   * @param bots the seats the server's engine plays
   * @return the copy
   */
  public CreateOptions withBots(BotSeat... bots) {
    return withBots(List.of(bots));
  }

  /**
   * One more seat the server's engine plays (see {@link #withBots(List)}): {@code seat} (from
   * 1) at {@code level}, from 1 (the weakest: a random legal move) to the kind's
   * {@code GameKindInfo.getMaxBotLevel()}, thinking at most {@code moveTime} per move (null or
   * zero: the server's default of 1 second; at most 10 seconds).
   *
   * @param seat the seat the engine plays, numbered from 1
   * @param level the engine's strength, from 1 (weakest) to the kind's {@code max_bot_level}
   * @param moveTime how long the engine thinks over each move ({@code null} or zero: the server's default)
   * @return the copy
   */
  public CreateOptions withBot(int seat, int level, Duration moveTime) {
    BotSeat.Builder bot = BotSeat.newBuilder().setSeat(seat).setLevel(level);
    if (moveTime != null && !moveTime.isZero()) {
      bot.setMoveTime(Clocks.duration(moveTime));
    }
    List<BotSeat> more = new ArrayList<>(bots);
    more.add(bot.build());
    return new CreateOptions(privateGame, requestId, List.copyOf(more), players, allowHints, clock, onTimeout, firstMoveWindow,
        starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * Who sits in the seats, in seat order ({@code players.get(0)} sits in seat 1), replacing any
   * given before; fewer players than seats leave the rest unnamed, and
   * {@code Player.getDefaultInstance()} leaves a seat before a named one unnamed. Tabula keeps
   * no accounts: it records them as given and shows them in the game's and its views'
   * {@code getPlayersList()} (one entry per seat once any is named), the creation event and
   * PGN tags, and {@code ListGamesRequest.player_id} finds a player's games. More players than
   * seats, an id over 128 characters, or a display name over 64 characters or with control
   * characters fails with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}.
   *
   * @param players the players, one per seat in seat order
   * @return the copy
   */
  public CreateOptions withPlayers(List<Player> players) {
    return new CreateOptions(privateGame, requestId, bots, List.copyOf(Objects.requireNonNull(players, "players")), allowHints,
        clock, onTimeout, firstMoveWindow, starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * As {@link #withPlayers(List)}.
   *
   * @param players the players, one per seat in seat order
   * @return the copy
   */
  public CreateOptions withPlayers(Player... players) {
    return withPlayers(List.of(players));
  }

  /**
   * The player of the next seat (see {@link #withPlayers(List)}): the first call names seat 1,
   * the next seat 2, and so on. {@code playerId} is the player's identifier in the caller's
   * own system (at most 128 characters), {@code displayName} the name to show (at most 64
   * characters); either may be empty.
   *
   * @param playerId the player's id in the caller's own system
   * @param displayName the name to show for the player
   * @return the copy
   */
  public CreateOptions withPlayer(String playerId, String displayName) {
    List<Player> more = new ArrayList<>(players);
    more.add(player(playerId, displayName));
    return withPlayers(more);
  }

  /** A {@code Player} with this id and display name (either may be empty). */
  static Player player(String playerId, String displayName) {
    return Player.newBuilder()
        .setPlayerId(Objects.requireNonNull(playerId, "playerId"))
        .setDisplayName(Objects.requireNonNull(displayName, "displayName"))
        .build();
  }

  /**
   * The managing backend's labels, replacing any given before: key-value pairs the server
   * keeps with the game and reads nothing into, to find it by later
   * ({@link TabulaClient#listGames(Map)}) and change with {@link TabulaClient#updateGameLabels};
   * the game's {@code getLabelsMap()} shows them. At most 64; each key 1 to 63 lowercase
   * letters, digits, {@code _} and {@code -}, starting with a lowercase letter; each value at
   * most 63 of the same characters (empty allowed). Anything else fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, every problem named (field
   * {@code labels[KEY]}). Every kind of creation takes them. Kept in the order given.
   *
   * @param labels the labels, key to value
   * @return the copy
   */
  public CreateOptions withLabels(Map<String, String> labels) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        copyLabels(labels), startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * One more label (see {@link #withLabels(Map)}): {@code key} with {@code value}, replacing
   * the value of a key given before.
   *
   * @param key the label's key
   * @param value the label's value
   * @return the copy
   */
  public CreateOptions withLabel(String key, String value) {
    return withLabels(addLabel(labels, key, value));
  }

  /** An unmodifiable copy of {@code labels} in their order, refusing null keys and values. */
  static Map<String, String> copyLabels(Map<String, String> labels) {
    Map<String, String> copy = new LinkedHashMap<>();
    Objects.requireNonNull(labels, "labels").forEach((key, value) ->
        copy.put(Objects.requireNonNull(key, "a label's key"), Objects.requireNonNull(value, "the value of label " + key)));
    return Collections.unmodifiableMap(copy);
  }

  /** {@code labels} with {@code key} set to {@code value}. */
  static Map<String, String> addLabel(Map<String, String> labels, String key, String value) {
    Map<String, String> more = new LinkedHashMap<>(labels);
    more.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    return more;
  }

  /**
   * Whether the seat to move may ask {@code getHint} while the game runs. Without it the
   * server decides: allowed in one-seat games (peg solitaire), refused
   * ({@code FAILED_PRECONDITION}, reason {@code HINTS_DISABLED}) where seats play each other.
   * Anyone may analyse a finished game either way.
   *
   * @param allowHints true to allow hints
   * @return the copy
   */
  public CreateOptions withAllowHints(boolean allowHints) {
    return new CreateOptions(privateGame, requestId, bots, players, Optional.of(allowHints), clock, onTimeout, firstMoveWindow,
        starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * Clocks for the game ({@code GameConfig.clock}): one control for every seat, or one per
   * seat in seat order (a handicap), built with {@link Clocks}. They replace any clock the
   * configuration has, on a copy; the caller's configuration is left as it is. The clocks
   * start at the creation; a seat whose time runs out loses ({@code END_REASON_TIMEOUT})
   * unless {@link #withOnTimeout} says otherwise, and with {@link #withFirstMoveWindow} a seat's
   * own clock waits for its first move. Only a creation from a configuration takes a clock: a
   * preset comes with its own clock or none (its {@code getConfig().getClock()} in
   * {@code listGameKinds()} shows which), so does a saved configuration, and a PGN import has
   * none, so creating any of them with a clock throws {@link IllegalArgumentException}
   * without calling the server. To play a preset
   * on another clock, create the game from the preset's configuration with this.
   *
   * @param controls the time controls, one for both seats or one per seat
   * @return the copy
   */
  public CreateOptions withClock(TimeControl... controls) {
    return withClock(List.of(controls));
  }

  /**
   * As {@link #withClock(TimeControl...)}.
   *
   * @param controls the time controls, one for both seats or one per seat
   * @return the copy
   */
  public CreateOptions withClock(List<TimeControl> controls) {
    ClockConfig config = ClockConfig.newBuilder().addAllControls(Objects.requireNonNull(controls, "controls")).build();
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, Optional.of(config), onTimeout, firstMoveWindow,
        starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * What running out of time does ({@code ClockConfig.on_timeout}):
   * {@code TIMEOUT_RULE_LOSE} (the default) or {@code TIMEOUT_RULE_DEFAULT_MOVE}, a move the
   * server plays for the seat, whose actor is the clock, after which the game goes on. It
   * applies to the clock of {@link #withClock}, or else to the configuration's own; without
   * either the creation throws {@link IllegalArgumentException} without calling the server.
   *
   * @param rule what happens when a seat's time runs out
   * @return the copy
   */
  public CreateOptions withOnTimeout(TimeoutRule rule) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock,
        Optional.of(Objects.requireNonNull(rule, "rule")), firstMoveWindow, starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * The longest a seat may take to make its first move ({@code ClockConfig.first_move_window}),
   * counted from when it is first to act: from 1 second to 1 day (anything else fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_CONFIG}), in whole milliseconds (finer parts
   * fail with reason {@code INVALID_REQUEST}). Until
   * its first move a seat's own clock does not run. A seat that lets the window pass did not
   * show up: the clock aborts the game (a {@code game_aborted} event whose actor is the clock
   * and whose explanation names the seat, then {@code game_ended} with
   * {@code END_REASON_ABORTED}) rather than the seat losing on time, so that a lobby can pair
   * again; once the game can no longer be aborted (a seat has made two moves) the seat loses
   * on time as usual. Without it the clocks run from the start. It applies to the clock of
   * {@link #withClock}, or else to the configuration's own; without either the creation throws
   * {@link IllegalArgumentException} without calling the server, as {@link #withOnTimeout}.
   *
   * @param window how long each seat has for its first move
   * @return the copy
   */
  public CreateOptions withFirstMoveWindow(Duration window) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout,
        Optional.of(Objects.requireNonNull(window, "window")), starter, labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * Which seat moves first ({@code GameConfig.starter}), set on a copy of the configuration;
   * the caller's configuration is left as it is. {@code STARTER_FIRST_SEAT} (the default),
   * {@code STARTER_SECOND_SEAT}, or {@code STARTER_RANDOM}: drawn once, at the creation, and
   * the answer's {@code getGame().getConfig().getStarter()} names the seat drawn, never
   * random. Seats keep their names and pieces; only the turn order changes. Tic-tac-toe,
   * Connect Four, Gomoku, Tic-Tac-Two, Morris, Reversi (but not from a {@code position},
   * whose side to move starts) and Battleship take any; chess and peg solitaire only the first
   * seat (anything else fails with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST},
   * naming {@code config.starter}) and are answered with {@code STARTER_UNSPECIFIED}. Only a
   * creation from a configuration takes a starter: a preset, a saved configuration (which
   * brings its own) or a PGN import with one throws {@link IllegalArgumentException} without
   * calling the server, as with {@link #withClock}.
   *
   * @param starter the seat that starts
   * @return the copy
   */
  public CreateOptions withStarter(Starter starter) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow,
        Optional.of(Objects.requireNonNull(starter, "starter")), labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * When the game starts ({@code CreateGameRequest.start_time}), for a game scheduled ahead: at
   * most 30 days after its creation. Until then every move is refused with
   * {@code FAILED_PRECONDITION}, reason {@code GAME_NOT_STARTED} (metadata {@code start_time},
   * RFC 3339), and no clock runs; from then the clocks (and any first-move window) run as from
   * a creation at that time. A resignation, an abort or an adjudication may come before. A
   * time not after the creation starts the game at once. The game's {@code getStartTime()}
   * shows it (absent for a game that started at its creation). A game that starts later may
   * not have seats the server's engine plays ({@link #withBots}), nor be more than 30 days
   * ahead: either fails with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, field
   * {@code start_time}. Every kind of creation takes it.
   *
   * @param start the instant the game starts
   * @return the copy
   */
  public CreateOptions withStartTime(Instant start) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        labels, Optional.of(Objects.requireNonNull(start, "start")), presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * How much later than the seats spectators see the game ({@code CreateGameRequest.spectator_delay}),
   * against cheating by watching: a spectator (a caller with neither a seat's credential nor a
   * service key) is shown the game as it stood {@code plies} moves or {@code duration} ago,
   * whichever shows less. Its {@code getView} shows that position (the view's {@code seq} is
   * the last event shown) and its event stream holds each event back until then. The seats
   * and service keys see everything live, and once the game is over everyone sees all of it.
   * {@code plies} from 1 to 100, 0 for no delay in moves; {@code duration} from 1 second to
   * 1 hour in whole milliseconds, null for no delay in time; at least one of them. Anything
   * else fails with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, naming the field
   * ({@code spectator_delay.plies}, {@code spectator_delay.duration}, or
   * {@code spectator_delay} when neither is set); negative
   * {@code plies} throws {@link IllegalArgumentException} without calling the server. The
   * game's {@code getSpectatorDelay()} shows it (absent for none), and its rematch keeps it.
   * Every kind of creation takes it; a later call replaces it.
   *
   * @param plies the plies spectators are behind
   * @param duration the time spectators are behind
   * @return the copy
   */
  public CreateOptions withSpectatorDelay(int plies, Duration duration) {
    if (plies < 0) {
      throw new IllegalArgumentException("a spectator delay of " + plies + " plies: give 0 to 100");
    }
    SpectatorDelay.Builder delay = SpectatorDelay.newBuilder().setPlies(plies);
    if (duration != null) {
      delay.setDuration(Clocks.duration(duration));
    }
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        labels, startTime, presence, Optional.of(delay.build()), ownerStreamMoves, endingTakebackWindow, ratingPool);
  }

  /**
   * Whether each move of the game also goes on its owner's stream
   * ({@link TabulaClient#ownerEvents(long)}; {@code CreateGameRequest.owner_stream_moves}), as
   * an event of kind {@code OWNER_EVENT_KIND_MOVE_PLAYED} whose {@code getGameEvent()} is the
   * {@code move_applied} as a spectator sees it (the first move is also the game's
   * {@code GAME_STARTED}): for a backend that follows its games' play from one stream. Off by
   * default, since at thousands of games every move is many entries. The game's
   * {@code getOwnerStreamMoves()} shows it, and its rematch keeps it. Every kind of creation
   * takes it; a later call replaces it.
   *
   * @param ownerStreamMoves true to have each move on the owner's stream
   * @return the copy
   */
  public CreateOptions withOwnerStreamMoves(boolean ownerStreamMoves) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        labels, startTime, presence, spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * Whether the server keeps each seat's presence, and after how long away the seat to move may
   * be claimed against ({@code GameConfig.presence}), built with {@link Presence#of}: set on a
   * copy of the configuration, replacing any presence it has; the caller's configuration is
   * left as it is. Every seat the engine does not play is then present while it holds an event
   * stream of the game or has called within {@code away_after} (30 seconds unless given), each
   * change a {@code seat_presence_changed} event on the game's stream and the owner's, and the
   * views' {@code getPresenceList()} show each seat's ({@link Presence#seat}). With
   * {@code claim_after}, in a two-seat game, once the seat to move has been gone that long the
   * other seat may end the game with {@link TabulaClient#claimVictory}, won or drawn. Only a
   * creation from a configuration takes presence: a preset, a saved configuration (which
   * brings its own) or a PGN import with it throws {@link IllegalArgumentException} without
   * calling the server, as with {@link #withClock}. Windows out of range fail with
   * {@code INVALID_ARGUMENT}.
   *
   * @param presence the presence configuration, from {@link Presence}
   * @return the copy
   */
  public CreateOptions withPresence(PresenceConfig presence) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        labels, startTime, Optional.of(Objects.requireNonNull(presence, "presence")), spectatorDelay, ownerStreamMoves,
        endingTakebackWindow, ratingPool);
  }

  /**
   * For how long after a move ended the game by the rules (a line, a mate, a full board; not a
   * resignation, a timeout, an agreement, a claim, an abort or an adjudication) the seat that
   * made it may still take it back ({@code GameConfig.ending_takeback_window}), in a game
   * that allows takebacks ({@code GameConfig.allow_takebacks}): set on a copy of the
   * configuration, replacing any window it has; the caller's configuration is left as it is.
   * From 1 second to 1 hour in whole milliseconds, counted from the game's last event (the
   * end, or a request to take it back). Within it {@link TabulaClient#takeBack} (or, where
   * takebacks need consent, a request the other seat accepts with
   * {@link TabulaClient#answerTakeBack}) puts the game back in progress: a
   * {@code move_taken_back} event, then a {@code game_resumed}, on the game's stream and the
   * owner's ({@code OWNER_EVENT_KIND_GAME_RESUMED}); the clocks run again and an engine to move
   * moves. The end is final once the window has passed or a request to take it back is
   * declined; until then the game's event stream stays open after its {@code game_ended}, and
   * {@link TabulaClient#createRematch} and {@link TabulaClient#archiveGame} fail with
   * {@code FAILED_PRECONDITION}, reason {@code GAME_NOT_FINISHED}, metadata {@code final_at}
   * (RFC 3339: when the end is final). Only a creation from a configuration takes the window:
   * a preset, a saved configuration (which brings its own) or a PGN import with it throws
   * {@link IllegalArgumentException} without calling the server, as with {@link #withClock}.
   * Without {@code allow_takebacks}, in a game with hidden information (Battleship), in peg
   * solitaire, in a series, with {@link #withSpectatorDelay}, or out of range, the creation
   * fails with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}.
   *
   * @param window how long the move that ended the game may be taken back
   * @return the copy
   */
  public CreateOptions withEndingTakebackWindow(Duration window) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        labels, startTime, presence, spectatorDelay, ownerStreamMoves, Optional.of(Objects.requireNonNull(window, "window")), ratingPool);
  }

  /**
   * Rates the game in {@code pool} ({@code CreateGameRequest.rating_pool}):
   * {@code RATING_POOL_KIND}, the kind's pool, named by the kind ({@code tic_tac_toe},
   * {@code chess}), or {@code RATING_POOL_PRESET}, the preset's, named
   * {@code <kind>/<preset>} ({@code chess/chess960}), which needs a creation from a preset;
   * {@code RATING_POOL_UNSPECIFIED} (the default) leaves it unrated. Ratings are Glicko-2 and
   * kept per service key: each key's pools are its own. When the game ends with a result both
   * players' ratings in the pool are updated, exactly once, moments after the end; the game's
   * and its views' {@code getRating()} ({@code GameRating}) show the pool, the players as rated
   * ({@code getPlayerIdsList()}), their ratings when it was made ({@code getBeforeList()}) and,
   * once {@code getRated()}, after it ({@code getAfterList()}). A game aborted counts for
   * nothing. It needs two seats each naming its player ({@link #withPlayer}) or played by the
   * engine ({@link #withBot}, rated as player {@code engine-level-<level>}), two different
   * players, and an end that is final (no {@link #withEndingTakebackWindow}); anything else
   * fails with {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, every problem named.
   * A rematch is rated in the same pool. Read the ratings with
   * {@link TabulaClient#getPlayerRatings} and {@link TabulaClient#listLeaderboard(String)}.
   * Every kind of creation takes it; a later call replaces it.
   *
   * @param pool the rating pool
   * @return the copy
   */
  public CreateOptions withRatingPool(RatingPool pool) {
    return new CreateOptions(privateGame, requestId, bots, players, allowHints, clock, onTimeout, firstMoveWindow, starter,
        labels, startTime, presence, spectatorDelay, ownerStreamMoves, endingTakebackWindow,
        Objects.requireNonNull(pool, "pool"));
  }

  /** {@return whether the game is private} */
  public boolean isPrivate() {
    return privateGame;
  }

  /** {@return the request id; empty for none} */
  public String requestId() {
    return requestId;
  }

  /** {@return the seats the server's engine plays, in the order given; empty for none} */
  public List<BotSeat> bots() {
    return bots;
  }

  /** {@return who sits in the seats, in seat order; empty when nobody is named} */
  public List<Player> players() {
    return players;
  }

  /** {@return whether hints are allowed while the game runs; empty when the server decides} */
  public Optional<Boolean> allowHints() {
    return allowHints;
  }

  /** {@return the clocks given by {@link #withClock}, without their timeout rule or first-move window; empty for none} */
  public Optional<ClockConfig> clock() {
    return clock;
  }

  /** {@return what running out of time does, if set} */
  public Optional<TimeoutRule> onTimeout() {
    return onTimeout;
  }

  /** {@return the longest a seat may take to make its first move, given by {@link #withFirstMoveWindow}; empty for none} */
  public Optional<Duration> firstMoveWindow() {
    return firstMoveWindow;
  }

  /** {@return the seat that starts, given by {@link #withStarter}; empty when the configuration says} */
  public Optional<Starter> starter() {
    return starter;
  }

  /** {@return the labels, in the order given; empty for none. Unmodifiable} */
  public Map<String, String> labels() {
    return labels;
  }

  /** {@return when the game starts, given by {@link #withStartTime}; empty when it starts at its creation} */
  public Optional<Instant> startTime() {
    return startTime;
  }

  /** {@return the presence given by {@link #withPresence}; empty when the configuration says} */
  public Optional<PresenceConfig> presence() {
    return presence;
  }

  /** {@return how much later spectators see the game, given by {@link #withSpectatorDelay}; empty when they see it live} */
  public Optional<SpectatorDelay> spectatorDelay() {
    return spectatorDelay;
  }

  /** {@return whether each move also goes on the owner's stream, given by {@link #withOwnerStreamMoves}; false by default} */
  public boolean ownerStreamMoves() {
    return ownerStreamMoves;
  }

  /**
   * {@return for how long the move that ended the game may still be taken back, given by
   * {@link #withEndingTakebackWindow}; empty when the configuration says}
   */
  public Optional<Duration> endingTakebackWindow() {
    return endingTakebackWindow;
  }

  /** {@return the pool the game is rated in, given by {@link #withRatingPool}; {@code RATING_POOL_UNSPECIFIED} (not rated) by default} */
  public RatingPool ratingPool() {
    return ratingPool;
  }
}
