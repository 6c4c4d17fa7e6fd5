package dev.tabula.client;

import dev.tabula.v1.RatingPool;
import dev.tabula.v1.TieBreak;
import dev.tabula.v1.TournamentFormat;
import dev.tabula.v1.TournamentScoring;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Options of a tournament's creation ({@code createTournamentFromPreset}, {@code FromConfig},
 * {@code FromSavedConfig}; the players are an argument of their own, see
 * {@link TournamentPlayers}): how players are paired, a round robin
 * ({@link #roundRobin()}), a double one ({@link #doubleRoundRobin()}), a knockout
 * ({@link #knockout(int)}) or a Swiss ({@link #swiss(int)}), one of which starts every set of
 * options; what results are worth; the tie-breaks; in a knockout, how many games each match is
 * the best of; in a Swiss, how many rounds, whether the first ones are accelerated and the
 * rounds it already played elsewhere ({@link #withTrf}); in a knockout or a Swiss, whether the
 * players are seeded by rating; whether each round waits for the organiser
 * ({@link TabulaClient#startTournamentRound}); the rating pool of its games; whether it is
 * private; whether the seat to move may ask for hints; the managing backend's
 * labels to find it by; and a request id that makes the creation safe to retry. Immutable;
 * each {@code with...} returns a copy.
 *
 * <pre>{@code
 * client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2",
 *     List.of(TournamentPlayers.person("u-17", "Ann"), TournamentPlayers.person("u-42", "Bob"),
 *         TournamentPlayers.person("u-7", "Cy"), TournamentPlayers.engine(3)),
 *     TournamentOptions.roundRobin().withTieBreaks(TieBreak.TIE_BREAK_SONNEBORN_BERGER).withLabel("event", "spring"));
 * client.createTournamentFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic", players,
 *     TournamentOptions.doubleRoundRobin().withScoring(3, 1, 0, 3).withHoldRounds(true));
 * client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "rapid_10_0", players,
 *     TournamentOptions.knockout(3).withRatingPool(RatingPool.RATING_POOL_KIND).withSeedByRating(true));
 * client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", players,
 *     TournamentOptions.swiss(7).withAccelerated(true)); // seven rounds, the first ones Baku-accelerated
 * client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", players,
 *     TournamentOptions.swiss(7).withTrf(trf)); // continues the rounds the report file has
 * }</pre>
 */
public final class TournamentOptions {
  private final TournamentFormat format;
  private final Optional<TournamentScoring> scoring;
  private final List<TieBreak> tieBreaks;
  private final boolean holdRounds;
  private final RatingPool ratingPool;
  private final boolean privateTournament;
  private final Optional<Boolean> allowHints;
  private final Map<String, String> labels;
  private final String requestId;
  private final int bestOf;
  private final boolean seedByRating;
  private final int rounds;
  private final boolean accelerated;
  private final String trf;

  private TournamentOptions(TournamentFormat format, Optional<TournamentScoring> scoring, List<TieBreak> tieBreaks,
      boolean holdRounds, RatingPool ratingPool, boolean privateTournament, Optional<Boolean> allowHints,
      Map<String, String> labels, String requestId, int bestOf, boolean seedByRating, int rounds, boolean accelerated,
      String trf) {
    this.format = format;
    this.scoring = scoring;
    this.tieBreaks = tieBreaks;
    this.holdRounds = holdRounds;
    this.ratingPool = ratingPool;
    this.privateTournament = privateTournament;
    this.allowHints = allowHints;
    this.labels = labels;
    this.requestId = requestId;
    this.bestOf = bestOf;
    this.seedByRating = seedByRating;
    this.rounds = rounds;
    this.accelerated = accelerated;
    this.trf = trf;
  }

  /**
   * A tournament of {@code format}: everyone against everyone once
   * ({@code TOURNAMENT_FORMAT_ROUND_ROBIN}) or twice ({@code TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN}),
   * single elimination ({@code TOURNAMENT_FORMAT_KNOCKOUT}, see {@link #knockout()}) or a Swiss
   * ({@code TOURNAMENT_FORMAT_SWISS}, see {@link #swiss()}).
   * Public, the server's scoring (a win 1, a draw ½, a loss 0, a bye 1) and tie-breaks (direct
   * encounter, wins, then Sonneborn–Berger; in a Swiss Buchholz cut 1, Buchholz, direct
   * encounter, wins; none in a knockout), a knockout's matches of one game each, seeded in the
   * players' order, a Swiss's rounds derived from its players, not accelerated and played from
   * the first (no report file), each round made as soon as the one before ended, not rated,
   * hints as the kind decides, without labels or a request id.
   * {@code TOURNAMENT_FORMAT_UNSPECIFIED} is refused by the server with {@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}.
   *
   * @param format the tournament's format
   * @return the options
   */
  public static TournamentOptions of(TournamentFormat format) {
    return new TournamentOptions(Objects.requireNonNull(format, "format"), Optional.empty(), List.of(), false,
        RatingPool.RATING_POOL_UNSPECIFIED, false, Optional.empty(), Map.of(), "", 0, false, 0, false, "");
  }

  /**
   * A round robin: everyone plays everyone once, paired by FIDE's Berger tables, in
   * {@code n - 1} rounds for {@code n} players ({@code n} rounds, with a bye each, for an odd
   * number). Otherwise as {@link #of(TournamentFormat)}.
   *
   * @return the options
   */
  public static TournamentOptions roundRobin() {
    return of(TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN);
  }

  /**
   * A double round robin: everyone plays everyone twice, the colours of the first cycle
   * reversed in the second. Otherwise as {@link #of(TournamentFormat)}.
   *
   * @return the options
   */
  public static TournamentOptions doubleRoundRobin() {
    return of(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN);
  }

  /**
   * A knockout (single elimination): the players are seeded, in the players' order (player 1
   * the first seed) or, with {@link #withSeedByRating}, by rating, into a bracket where seeds 1
   * and 2 meet only in the final and two of seeds 1 to 4 not before the semi-finals; a field
   * short of a power of two gives its byes to the best seeds. Each board of a round is a match,
   * a series of {@link #withBestOf best of} some games (one by default; a drawn game is played
   * again), whose winner meets the winner of the neighbouring board in the next round: a
   * board's {@code getSeriesId()} names its match ({@code getSeries}; its {@code getGameId()}
   * is empty), its white is the better seed (the match's player 1, in seat 1 in its odd-numbered
   * games), and its result is the match's. {@code log2} of the field, rounded up, rounds in all
   * ({@code Tournament.getRoundCount()}); {@code Tournament.getSeedsList()} holds the players
   * by seed, and the standings rank the players by how far each went (players knocked out in
   * one round share a rank). 2 to 1,000 players; tie-breaks are refused ({@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}). Otherwise as {@link #of(TournamentFormat)}.
   *
   * @return the options
   */
  public static TournamentOptions knockout() {
    return of(TournamentFormat.TOURNAMENT_FORMAT_KNOCKOUT);
  }

  /**
   * A knockout whose matches are each the best of {@code bestOf} games: {@code knockout().withBestOf(bestOf)}.
   *
   * @param bestOf the most games of each match
   * @return the options
   */
  public static TournamentOptions knockout(int bestOf) {
    return knockout().withBestOf(bestOf);
  }

  /**
   * A Swiss by FIDE's Dutch system (C.04.3): each round pairs players on equal scores who have
   * not met yet, the upper half of a score group (by pairing number: the players' order, or
   * with {@link #withSeedByRating} their ratings) against its lower half, weighing colour
   * preferences, floats and the pairing-allocated bye (a point, to a player who had none) as
   * its rules do; a player moves to another score group only when its own cannot pair it. Each
   * round is paired from the results of the ones before, as soon as they have ended. Its
   * {@link #withRounds rounds} default to {@code log2} of the players rounded up
   * ({@code Tournament.getRoundCount()}); it ends early, with the rounds played, when a round
   * cannot be paired without a rematch. 2 to 1,000 players; tie-breaks default to Buchholz
   * cut 1, Buchholz, direct encounter, wins. {@link #withAccelerated} pairs its first rounds with
   * Baku acceleration; {@link #withTrf} continues a Swiss played elsewhere, from its Tournament
   * Report File. Otherwise as {@link #of(TournamentFormat)}.
   *
   * @return the options
   */
  public static TournamentOptions swiss() {
    return of(TournamentFormat.TOURNAMENT_FORMAT_SWISS);
  }

  /**
   * A Swiss of {@code rounds} rounds: {@code swiss().withRounds(rounds)}.
   *
   * @param rounds how many rounds the Swiss plays (0: the server's default)
   * @return the options
   */
  public static TournamentOptions swiss(int rounds) {
    return swiss().withRounds(rounds);
  }

  /**
   * How players are paired, replacing the format these options started with.
   *
   * @param format the tournament's format
   * @return the copy
   */
  public TournamentOptions withFormat(TournamentFormat format) {
    return new TournamentOptions(Objects.requireNonNull(format, "format"), scoring, tieBreaks, holdRounds, ratingPool,
        privateTournament, allowHints, labels, requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * What results are worth, in whole or half points from 0 to 10 (anything else fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}). Without it a win is 1, a draw ½,
   * a loss 0 and a bye 1.
   *
   * @param scoring the points of each result
   * @return the copy
   */
  public TournamentOptions withScoring(TournamentScoring scoring) {
    return new TournamentOptions(format, Optional.of(Objects.requireNonNull(scoring, "scoring")), tieBreaks, holdRounds,
        ratingPool, privateTournament, allowHints, labels, requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * As {@link #withScoring(TournamentScoring)}: a win (a win by forfeit too), a draw, a loss
   * and a bye worth these points; {@code withScoring(3, 1, 0, 3)} is football's.
   *
   * @param win points for a win
   * @param draw true for a draw rather than a win
   * @param loss points for a loss
   * @param bye points for a bye
   * @return the copy
   */
  public TournamentOptions withScoring(double win, double draw, double loss, double bye) {
    return withScoring(TournamentScoring.newBuilder().setWin(win).setDraw(draw).setLoss(loss).setBye(bye).build());
  }

  /**
   * The tie-breaks, in the order they are applied to players with equal points, each at most
   * once, replacing any given before; none (the default) for direct encounter, wins, then
   * Sonneborn–Berger (in a Swiss: Buchholz cut 1, Buchholz, direct encounter, wins). Players
   * still tied after every one share a rank. A knockout takes none.
   *
   * @param tieBreaks the tie-breaks, in the order they apply
   * @return the copy
   */
  public TournamentOptions withTieBreaks(List<TieBreak> tieBreaks) {
    List<TieBreak> copy = new ArrayList<>();
    for (TieBreak tieBreak : Objects.requireNonNull(tieBreaks, "tieBreaks")) {
      copy.add(Objects.requireNonNull(tieBreak, "a tie-break"));
    }
    return new TournamentOptions(format, scoring, List.copyOf(copy), holdRounds, ratingPool, privateTournament, allowHints,
        labels, requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * As {@link #withTieBreaks(List)}.
   *
   * @param tieBreaks the tie-breaks, in the order they apply
   * @return the copy
   */
  public TournamentOptions withTieBreaks(TieBreak... tieBreaks) {
    return withTieBreaks(List.of(tieBreaks));
  }

  /**
   * In a knockout, how many games each match is the best of: odd, from 1 to 99, so that a match
   * has a winner (a drawn game is played again; the first player to win more than half of them
   * goes through). 0, the default, leaves the server's: 1. An even number or one out of range
   * in a knockout, and anything but 0 in another format, fails with {@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}.
   *
   * @param bestOf the most games of each match
   * @return the copy
   */
  public TournamentOptions withBestOf(int bestOf) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * In a knockout, whether the players are seeded by their ratings in the tournament's
   * {@link #withRatingPool rating pool} (the best first; a player never rated counts as new,
   * 1500; equal ratings keep the players' order) rather than in the players' order; in a Swiss,
   * whether its pairing numbers are ordered so. It needs a knockout or a Swiss, and a rating
   * pool: otherwise the creation fails with {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}.
   *
   * @param seedByRating true to seed by rating
   * @return the copy
   */
  public TournamentOptions withSeedByRating(boolean seedByRating) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * In a Swiss, how many rounds it plays: from 1 to one fewer than the players, so that no two
   * need meet twice. 0, the default, leaves the server's: {@code log2} of the players rounded
   * up, enough for one player to win every game and stand alone on top. As many rounds as
   * players or more, or anything but 0 in another format, fails with {@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}, naming the field {@code rounds}.
   *
   * @param rounds how many rounds the Swiss plays (0: the server's default)
   * @return the copy
   */
  public TournamentOptions withRounds(int rounds) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * In a Swiss, whether its first rounds are paired with Baku acceleration (FIDE C.04.5): the
   * upper half of the pairing numbers counts a virtual win in the first quarter of the rounds
   * and a virtual draw in the second, so that the strongest meet each other sooner; the
   * standings count only real points. The tournament echoes it
   * ({@code Tournament.getAccelerated()}). True in another format fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}, naming the field
   * {@code accelerated}.
   *
   * @param accelerated true for accelerated pairings
   * @return the copy
   */
  public TournamentOptions withAccelerated(boolean accelerated) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * In a Swiss, continues one played elsewhere ({@code CreateTournamentRequest.trf}): {@code trf}
   * is a FIDE Tournament Report File (TRF-16, as {@link TabulaClient#exportTournamentTrf} writes
   * it and other pairing programs do; at most 2 MiB) whose player lines give the rounds played
   * so far, every game ended. The players passed to the creation are the file's, in its
   * starting-rank order, and {@link #withRounds rounds} counts the file's rounds too and must be
   * more than them. Each game must read the same on both players' lines and each player's points
   * be what its rounds make (with the {@link #withScoring scoring}); byes the pairing gave
   * ({@code U}) and full-point byes ({@code F}) count as byes, rounds not played ({@code Z}) as
   * nothing, and half-point byes are refused. The tournament then holds the file's rounds, their
   * boards without games and with the file's results, and its next round is paired at once, as
   * a new tournament's first would be (unless {@link #withHoldRounds held}). Empty, the default,
   * starts from the first round. A file the server cannot read or that does not fit the request
   * (another number of players, a game that reads differently on its two players' lines, points
   * its rounds do not make), or a file outside a Swiss, fails with {@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}, naming the field {@code trf}; rounds not more than the
   * file's, naming the field {@code rounds}.
   *
   * <pre>{@code
   * String trf = Files.readString(Path.of("open-after-round-4.trf"));
   * client.createTournamentFromPreset(GameKind.GAME_KIND_CHESS, "blitz_3_2", playersInStartingRankOrder,
   *     TournamentOptions.swiss(9).withTrf(trf)); // rounds 1 to 4 as the file has them; round 5 paired now
   * }</pre>
   *
   * @param trf the TRF text of the tournament played so far
   * @return the copy
   */
  public TournamentOptions withTrf(String trf) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId, bestOf, seedByRating, rounds, accelerated, Objects.requireNonNull(trf, "trf"));
  }

  /**
   * Whether each round, the first too, waits until the organiser lets it be made
   * ({@link TabulaClient#startTournamentRound}); without it the server pairs each round as
   * soon as every board of the one before has ended.
   *
   * @param holdRounds true to make each round only when asked
   * @return the copy
   */
  public TournamentOptions withHoldRounds(boolean holdRounds) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * Rates every game of the tournament in this pool, as {@link CreateOptions#withRatingPool}
   * does a game; {@code RATING_POOL_UNSPECIFIED} (the default): not rated. A player the engine
   * plays is rated as {@code engine-level-<level>}.
   *
   * @param pool the rating pool
   * @return the copy
   */
  public TournamentOptions withRatingPool(RatingPool pool) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, Objects.requireNonNull(pool, "pool"),
        privateTournament, allowHints, labels, requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * Whether spectators are refused: a private tournament and its games are read only with a
   * service key or one of its players' tokens (else {@code PERMISSION_DENIED}, reason
   * {@code PRIVATE_TOURNAMENT}).
   *
   * @param privateTournament true for a tournament that only its players and the service key see
   * @return the copy
   */
  public TournamentOptions withPrivate(boolean privateTournament) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * Whether the seat to move may ask {@code getHint} in the tournament's games; without it
   * the kind's default (refused where seats play each other).
   *
   * @param allowHints true to allow hints
   * @return the copy
   */
  public TournamentOptions withAllowHints(boolean allowHints) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament,
        Optional.of(allowHints), labels, requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * The managing backend's labels, replacing any given before: the tournament keeps them, to be
   * found by ({@link TabulaClient#listTournaments(Map)}), and every game of the tournament
   * carries them too. Checked like {@link CreateOptions#withLabels(Map)}. Kept in the order
   * given.
   *
   * @param labels the labels, key to value
   * @return the copy
   */
  public TournamentOptions withLabels(Map<String, String> labels) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints,
        CreateOptions.copyLabels(labels), requestId, bestOf, seedByRating, rounds, accelerated, trf);
  }

  /**
   * One more label (see {@link #withLabels(Map)}): {@code key} with {@code value}, replacing
   * the value of a key given before.
   *
   * @param key the label's key
   * @param value the label's value
   * @return the copy
   */
  public TournamentOptions withLabel(String key, String value) {
    return withLabels(CreateOptions.addLabel(labels, key, value));
  }

  /**
   * A client-chosen id (at most 128 characters; empty for none): a retry of the same request
   * with it answers with the tournament the first one made and {@code getRetried()} true, with
   * new player tokens while none could have been used yet and none afterwards. The same id
   * with another request fails with {@code REQUEST_ID_REUSED}.
   *
   * @param requestId makes the call safe to retry: the same id again answers as the first call did (empty: none)
   * @return the copy
   */
  public TournamentOptions withRequestId(String requestId) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        Objects.requireNonNull(requestId, "requestId"), bestOf, seedByRating, rounds, accelerated, trf);
  }

  /** {@return how players are paired} */
  public TournamentFormat format() {
    return format;
  }

  /** {@return what results are worth; empty for the server's default (1, ½, 0, a bye 1)} */
  public Optional<TournamentScoring> scoring() {
    return scoring;
  }

  /** {@return the tie-breaks, in order; empty for the server's default. Unmodifiable} */
  public List<TieBreak> tieBreaks() {
    return tieBreaks;
  }

  /** {@return whether each round waits for {@link TabulaClient#startTournamentRound}} */
  public boolean holdRounds() {
    return holdRounds;
  }

  /** {@return the pool the games are rated in; {@code RATING_POOL_UNSPECIFIED} (not rated) by default} */
  public RatingPool ratingPool() {
    return ratingPool;
  }

  /** {@return whether the tournament is private} */
  public boolean isPrivate() {
    return privateTournament;
  }

  /** {@return whether hints are allowed in its games; empty for the kind's default} */
  public Optional<Boolean> allowHints() {
    return allowHints;
  }

  /** {@return the labels, in the order given; empty for none. Unmodifiable} */
  public Map<String, String> labels() {
    return labels;
  }

  /** {@return the request id; empty for none} */
  public String requestId() {
    return requestId;
  }

  /** {@return how many games a knockout's matches are the best of; 0 for the server's default (1)} */
  public int bestOf() {
    return bestOf;
  }

  /**
   * {@return whether a knockout's players are seeded, or a Swiss's pairing numbers ordered, by rating
   * rather than in the players' order}
   */
  public boolean seedByRating() {
    return seedByRating;
  }

  /** {@return how many rounds a Swiss plays; 0 for the server's default ({@code log2} of the players, rounded up)} */
  public int rounds() {
    return rounds;
  }

  /** {@return whether a Swiss's first rounds are paired with Baku acceleration} */
  public boolean accelerated() {
    return accelerated;
  }

  /**
   * {@return the Tournament Report File of the rounds a Swiss played elsewhere, which it continues; empty
   * (the default) for none}
   */
  public String trf() {
    return trf;
  }
}
