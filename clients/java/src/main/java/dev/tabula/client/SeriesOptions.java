package dev.tabula.client;

import dev.tabula.v1.BotSeat;
import dev.tabula.v1.Player;
import dev.tabula.v1.RatingPool;
import dev.tabula.v1.SeriesDraws;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Options of a series' creation ({@code createSeriesFromPreset}, {@code FromConfig},
 * {@code FromSavedConfig}): its length, best of some games ({@link #bestOf(int)}) or first to
 * some points ({@link #firstTo(int)}), one of which starts every set of options; how drawn
 * games count; the two players; the players the server's own engine plays; whether its games
 * are private; whether the seat to move may ask for hints; the managing backend's labels to
 * find it by; the rating pool its games are rated in; and a request id that makes the creation
 * safe to retry. Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * client.createSeriesFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2",
 *     SeriesOptions.bestOf(3).withPlayer("u-17", "Ann").withPlayer("u-42", "Bob"));
 * client.createSeriesFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
 *     SeriesOptions.firstTo(2).withDraws(SeriesDraws.SERIES_DRAWS_REPLAYED).withBot(2, 1, Duration.ZERO));
 * client.createSeriesFromPreset(GameKind.GAME_KIND_CHESS, "standard",
 *     SeriesOptions.bestOf(3).withLabel("tournament", "spring").withLabel("round", "final"));
 * client.createSeriesFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2",
 *     SeriesOptions.bestOf(5).withPlayer("u-17", "Ann").withPlayer("u-42", "Bob").withRatingPool(RatingPool.RATING_POOL_KIND));
 * }</pre>
 */
public final class SeriesOptions {
  private final int bestOf;
  private final int firstTo;
  private final SeriesDraws draws;
  private final List<Player> players;
  private final List<BotSeat> bots;
  private final boolean privateSeries;
  private final Optional<Boolean> allowHints;
  private final String requestId;
  private final Map<String, String> labels;
  private final RatingPool ratingPool;

  private SeriesOptions(int bestOf, int firstTo, SeriesDraws draws, List<Player> players, List<BotSeat> bots,
      boolean privateSeries, Optional<Boolean> allowHints, String requestId, Map<String, String> labels,
      RatingPool ratingPool) {
    this.bestOf = bestOf;
    this.firstTo = firstTo;
    this.draws = draws;
    this.players = players;
    this.bots = bots;
    this.privateSeries = privateSeries;
    this.allowHints = allowHints;
    this.requestId = requestId;
    this.labels = labels;
    this.ratingPool = ratingPool;
  }

  /**
   * A series of at most {@code games} games (1 to 99): it ends once a player has more than half
   * of the points they are worth, or when they are all played (a tie then leaves no winner).
   * Public, drawn games worth half a point each, nobody named, no bots, hints as the server
   * decides, not rated, without a request id or labels. A length out of range fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}.
   *
   * @param games the most games the series plays
   * @return the options
   */
  public static SeriesOptions bestOf(int games) {
    return new SeriesOptions(games, 0, SeriesDraws.SERIES_DRAWS_UNSPECIFIED, List.of(), List.of(), false, Optional.empty(), "",
        Map.of(), RatingPool.RATING_POOL_UNSPECIFIED);
  }

  /**
   * A series that ends when a player reaches {@code points} points (1 to 50); otherwise as
   * {@link #bestOf(int)}.
   *
   * @param points the points that win the series
   * @return the options
   */
  public static SeriesOptions firstTo(int points) {
    return new SeriesOptions(0, points, SeriesDraws.SERIES_DRAWS_UNSPECIFIED, List.of(), List.of(), false, Optional.empty(), "",
        Map.of(), RatingPool.RATING_POOL_UNSPECIFIED);
  }

  /**
   * How drawn games count: {@code SERIES_DRAWS_HALF_POINT} (the default; a draw gives each
   * player half a point and counts as one of {@code bestOf}'s games) or
   * {@code SERIES_DRAWS_REPLAYED} (a draw gives nobody a point and is played again).
   *
   * @param draws how a drawn game counts
   * @return the copy
   */
  public SeriesOptions withDraws(SeriesDraws draws) {
    return new SeriesOptions(bestOf, firstTo, Objects.requireNonNull(draws, "draws"), players, bots, privateSeries, allowHints,
        requestId, labels, ratingPool);
  }

  /**
   * The two players, replacing any given before: {@code players.get(0)} is player 1, who sits
   * in seat 1 in odd-numbered games and in seat 2 in even-numbered ones; player 2 sits in the
   * other seat. At most two, checked like {@link CreateOptions#withPlayers(List)}; each game
   * of the series shows them in its seats.
   *
   * @param players the players, one per seat in seat order
   * @return the copy
   */
  public SeriesOptions withPlayers(List<Player> players) {
    return new SeriesOptions(bestOf, firstTo, draws, List.copyOf(Objects.requireNonNull(players, "players")), bots, privateSeries,
        allowHints, requestId, labels, ratingPool);
  }

  /**
   * As {@link #withPlayers(List)}.
   *
   * @param players the players, one per seat in seat order
   * @return the copy
   */
  public SeriesOptions withPlayers(Player... players) {
    return withPlayers(List.of(players));
  }

  /**
   * The next player (see {@link #withPlayers(List)}): the first call names player 1, the
   * second player 2. {@code playerId} (at most 128 characters) and {@code displayName} (at most
   * 64) may be empty.
   *
   * @param playerId the player's id in the caller's own system
   * @param displayName the name to show for the player
   * @return the copy
   */
  public SeriesOptions withPlayer(String playerId, String displayName) {
    List<Player> more = new ArrayList<>(players);
    more.add(CreateOptions.player(playerId, displayName));
    return withPlayers(more);
  }

  /**
   * The players the server's own engine plays in every game, replacing any given before:
   * {@code BotSeat.getSeat()} names the player (1 or 2), whichever seat they sit in. Checked
   * like {@link CreateOptions#withBots(List)}. Both may be bots: the series then plays itself
   * out.
   *
   * @param bots the seats the server's engine plays
   * @return the copy
   */
  public SeriesOptions withBots(List<BotSeat> bots) {
    return new SeriesOptions(bestOf, firstTo, draws, players, List.copyOf(Objects.requireNonNull(bots, "bots")), privateSeries,
        allowHints, requestId, labels, ratingPool);
  }

  /**
   * As {@link #withBots(List)}.
   *
   * @param bots the seats the server's engine plays
   * @return the copy
   */
  public SeriesOptions withBots(BotSeat... bots) {
    return withBots(List.of(bots));
  }

  /**
   * One more player the server's engine plays (see {@link #withBots(List)}): {@code player}
   * (1 or 2) at {@code level}, from 1 (the weakest) to the kind's
   * {@code GameKindInfo.getMaxBotLevel()}, thinking at most {@code moveTime} per move (null or
   * zero: 1 second; at most 10 seconds).
   *
   * @param player the player, numbered from 1
   * @param level the engine's strength, from 1 (weakest) to the kind's {@code max_bot_level}
   * @param moveTime how long the engine thinks over each move ({@code null} or zero: the server's default)
   * @return the copy
   */
  public SeriesOptions withBot(int player, int level, Duration moveTime) {
    BotSeat.Builder bot = BotSeat.newBuilder().setSeat(player).setLevel(level);
    if (moveTime != null && !moveTime.isZero()) {
      bot.setMoveTime(Clocks.duration(moveTime));
    }
    List<BotSeat> more = new ArrayList<>(bots);
    more.add(bot.build());
    return withBots(more);
  }

  /**
   * Whether the series' games refuse spectators: a private series and its games are read only
   * with a service key or one of its players' tokens.
   *
   * @param privateSeries true for a series that only its players and the service key see
   * @return the copy
   */
  public SeriesOptions withPrivate(boolean privateSeries) {
    return new SeriesOptions(bestOf, firstTo, draws, players, bots, privateSeries, allowHints, requestId, labels, ratingPool);
  }

  /**
   * Whether the seat to move may ask {@code getHint} while a game of the series runs; without
   * it the kind's default (refused where seats play each other).
   *
   * @param allowHints true to allow hints
   * @return the copy
   */
  public SeriesOptions withAllowHints(boolean allowHints) {
    return new SeriesOptions(bestOf, firstTo, draws, players, bots, privateSeries, Optional.of(allowHints), requestId, labels,
        ratingPool);
  }

  /**
   * A client-chosen id (at most 128 characters; empty for none): a retry of the same request
   * with it answers with the series the first one made and {@code getRetried()} true, with new
   * player tokens while nobody has acted in its first game (the first answer's tokens then
   * stop working) and none afterwards. The same id with another request fails with
   * {@code REQUEST_ID_REUSED}.
   *
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the copy
   */
  public SeriesOptions withRequestId(String requestId) {
    return new SeriesOptions(bestOf, firstTo, draws, players, bots, privateSeries, allowHints,
        Objects.requireNonNull(requestId, "requestId"), labels, ratingPool);
  }

  /**
   * The managing backend's labels, replacing any given before: the series keeps them, to be
   * found by ({@link TabulaClient#listSeries(Map)}) and changed
   * ({@link TabulaClient#updateSeriesLabels}), and each game of the series is made with the
   * labels the series has when it makes the game. Checked like
   * {@link CreateOptions#withLabels(Map)}. Kept in the order given.
   *
   * @param labels the labels, key to value
   * @return the copy
   */
  public SeriesOptions withLabels(Map<String, String> labels) {
    return new SeriesOptions(bestOf, firstTo, draws, players, bots, privateSeries, allowHints, requestId,
        CreateOptions.copyLabels(labels), ratingPool);
  }

  /**
   * One more label (see {@link #withLabels(Map)}): {@code key} with {@code value}, replacing
   * the value of a key given before.
   *
   * @param key the label's key
   * @param value the label's value
   * @return the copy
   */
  public SeriesOptions withLabel(String key, String value) {
    return withLabels(CreateOptions.addLabel(labels, key, value));
  }

  /**
   * Rates every game of the series in {@code pool} ({@code CreateSeriesRequest.rating_pool}), as
   * {@link CreateOptions#withRatingPool} rates a game: {@code RATING_POOL_KIND}, the kind's pool,
   * named by the kind ({@code tic_tac_toe}), or {@code RATING_POOL_PRESET}, the preset's, named
   * {@code <kind>/<preset>}, which needs a series made from a preset;
   * {@code RATING_POOL_UNSPECIFIED} (the default) leaves its games unrated. It needs both players
   * named ({@link #withPlayer}, two different ids) or played by the engine ({@link #withBot},
   * rated as player {@code engine-level-<level>}); anything else fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, every problem named (field
   * {@code rating_pool} or {@code players}). The series shows its pool
   * ({@code Series.getRatingPool()}, empty when its games are not rated) and each of its games
   * its {@code GameRating} ({@code Game.getRating()}): each game is rated on its own, moments
   * after it ends, each player as the player it is whichever seat it sits in, so the players'
   * ratings ({@link TabulaClient#getPlayerRatings}) count every game of the series. A later
   * call replaces it.
   *
   * @param pool the rating pool
   * @return the copy
   */
  public SeriesOptions withRatingPool(RatingPool pool) {
    return new SeriesOptions(bestOf, firstTo, draws, players, bots, privateSeries, allowHints, requestId, labels,
        Objects.requireNonNull(pool, "pool"));
  }

  /** {@return the number of games of a best-of series; 0 for a first-to one} */
  public int bestOf() {
    return bestOf;
  }

  /** {@return the points a first-to series is played to; 0 for a best-of one} */
  public int firstTo() {
    return firstTo;
  }

  /** {@return how drawn games count; {@code SERIES_DRAWS_UNSPECIFIED} for the server's default, half a point} */
  public SeriesDraws draws() {
    return draws;
  }

  /** {@return the players, player 1 first; empty when nobody is named} */
  public List<Player> players() {
    return players;
  }

  /** {@return the players the server's engine plays, in the order given; empty for none} */
  public List<BotSeat> bots() {
    return bots;
  }

  /** {@return whether the series' games are private} */
  public boolean isPrivate() {
    return privateSeries;
  }

  /** {@return whether hints are allowed while a game runs; empty for the kind's default} */
  public Optional<Boolean> allowHints() {
    return allowHints;
  }

  /** {@return the request id; empty for none} */
  public String requestId() {
    return requestId;
  }

  /** {@return the labels, in the order given; empty for none. Unmodifiable} */
  public Map<String, String> labels() {
    return labels;
  }

  /** {@return the pool the series' games are rated in; {@code RATING_POOL_UNSPECIFIED} (not rated) by default} */
  public RatingPool ratingPool() {
    return ratingPool;
  }
}
