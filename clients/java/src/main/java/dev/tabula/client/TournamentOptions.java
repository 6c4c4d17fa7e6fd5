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
 * ({@link #roundRobin()}) or a double one ({@link #doubleRoundRobin()}), one of which starts
 * every set of options; what results are worth; the tie-breaks; whether each round waits for
 * the organiser ({@link TabulaClient#startTournamentRound}); the rating pool of its games;
 * whether it is private; whether the seat to move may ask for hints; the managing backend's
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

  private TournamentOptions(TournamentFormat format, Optional<TournamentScoring> scoring, List<TieBreak> tieBreaks,
      boolean holdRounds, RatingPool ratingPool, boolean privateTournament, Optional<Boolean> allowHints,
      Map<String, String> labels, String requestId) {
    this.format = format;
    this.scoring = scoring;
    this.tieBreaks = tieBreaks;
    this.holdRounds = holdRounds;
    this.ratingPool = ratingPool;
    this.privateTournament = privateTournament;
    this.allowHints = allowHints;
    this.labels = labels;
    this.requestId = requestId;
  }

  /**
   * A tournament of {@code format}: everyone against everyone once
   * ({@code TOURNAMENT_FORMAT_ROUND_ROBIN}) or twice ({@code TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN}).
   * Public, the server's scoring (a win 1, a draw ½, a loss 0, a bye 1) and tie-breaks (direct
   * encounter, wins, then Sonneborn–Berger), each round made as soon as the one before ended,
   * not rated, hints as the kind decides, without labels or a request id.
   * {@code TOURNAMENT_FORMAT_UNSPECIFIED} is refused by the server with {@code INVALID_ARGUMENT},
   * reason {@code INVALID_REQUEST}.
   */
  public static TournamentOptions of(TournamentFormat format) {
    return new TournamentOptions(Objects.requireNonNull(format, "format"), Optional.empty(), List.of(), false,
        RatingPool.RATING_POOL_UNSPECIFIED, false, Optional.empty(), Map.of(), "");
  }

  /**
   * A round robin: everyone plays everyone once, paired by FIDE's Berger tables, in
   * {@code n - 1} rounds for {@code n} players ({@code n} rounds, with a bye each, for an odd
   * number). Otherwise as {@link #of(TournamentFormat)}.
   */
  public static TournamentOptions roundRobin() {
    return of(TournamentFormat.TOURNAMENT_FORMAT_ROUND_ROBIN);
  }

  /**
   * A double round robin: everyone plays everyone twice, the colours of the first cycle
   * reversed in the second. Otherwise as {@link #of(TournamentFormat)}.
   */
  public static TournamentOptions doubleRoundRobin() {
    return of(TournamentFormat.TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN);
  }

  /** How players are paired, replacing the format these options started with. */
  public TournamentOptions withFormat(TournamentFormat format) {
    return new TournamentOptions(Objects.requireNonNull(format, "format"), scoring, tieBreaks, holdRounds, ratingPool,
        privateTournament, allowHints, labels, requestId);
  }

  /**
   * What results are worth, in whole or half points from 0 to 10 (anything else fails with
   * {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}). Without it a win is 1, a draw ½,
   * a loss 0 and a bye 1.
   */
  public TournamentOptions withScoring(TournamentScoring scoring) {
    return new TournamentOptions(format, Optional.of(Objects.requireNonNull(scoring, "scoring")), tieBreaks, holdRounds,
        ratingPool, privateTournament, allowHints, labels, requestId);
  }

  /**
   * As {@link #withScoring(TournamentScoring)}: a win (a win by forfeit too), a draw, a loss
   * and a bye worth these points; {@code withScoring(3, 1, 0, 3)} is football's.
   */
  public TournamentOptions withScoring(double win, double draw, double loss, double bye) {
    return withScoring(TournamentScoring.newBuilder().setWin(win).setDraw(draw).setLoss(loss).setBye(bye).build());
  }

  /**
   * The tie-breaks, in the order they are applied to players with equal points, each at most
   * once, replacing any given before; none (the default) for direct encounter, wins, then
   * Sonneborn–Berger. Players still tied after every one share a rank.
   */
  public TournamentOptions withTieBreaks(List<TieBreak> tieBreaks) {
    List<TieBreak> copy = new ArrayList<>();
    for (TieBreak tieBreak : Objects.requireNonNull(tieBreaks, "tieBreaks")) {
      copy.add(Objects.requireNonNull(tieBreak, "a tie-break"));
    }
    return new TournamentOptions(format, scoring, List.copyOf(copy), holdRounds, ratingPool, privateTournament, allowHints,
        labels, requestId);
  }

  /** As {@link #withTieBreaks(List)}. */
  public TournamentOptions withTieBreaks(TieBreak... tieBreaks) {
    return withTieBreaks(List.of(tieBreaks));
  }

  /**
   * Whether each round, the first too, waits until the organiser lets it be made
   * ({@link TabulaClient#startTournamentRound}); without it the server pairs each round as
   * soon as every board of the one before has ended.
   */
  public TournamentOptions withHoldRounds(boolean holdRounds) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId);
  }

  /**
   * Rates every game of the tournament in this pool, as {@link CreateOptions#withRatingPool}
   * does a game; {@code RATING_POOL_UNSPECIFIED} (the default): not rated. A player the engine
   * plays is rated as {@code engine-level-<level>}.
   */
  public TournamentOptions withRatingPool(RatingPool pool) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, Objects.requireNonNull(pool, "pool"),
        privateTournament, allowHints, labels, requestId);
  }

  /**
   * Whether spectators are refused: a private tournament and its games are read only with a
   * service key or one of its players' tokens (else {@code PERMISSION_DENIED}, reason
   * {@code PRIVATE_TOURNAMENT}).
   */
  public TournamentOptions withPrivate(boolean privateTournament) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        requestId);
  }

  /**
   * Whether the seat to move may ask {@code getHint} in the tournament's games; without it
   * the kind's default (refused where seats play each other).
   */
  public TournamentOptions withAllowHints(boolean allowHints) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament,
        Optional.of(allowHints), labels, requestId);
  }

  /**
   * The managing backend's labels, replacing any given before: the tournament keeps them, to be
   * found by ({@link TabulaClient#listTournaments(Map)}), and every game of the tournament
   * carries them too. Checked like {@link CreateOptions#withLabels(Map)}. Kept in the order
   * given.
   */
  public TournamentOptions withLabels(Map<String, String> labels) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints,
        CreateOptions.copyLabels(labels), requestId);
  }

  /**
   * One more label (see {@link #withLabels(Map)}): {@code key} with {@code value}, replacing
   * the value of a key given before.
   */
  public TournamentOptions withLabel(String key, String value) {
    return withLabels(CreateOptions.addLabel(labels, key, value));
  }

  /**
   * A client-chosen id (at most 128 characters; empty for none): a retry of the same request
   * with it answers with the tournament the first one made and {@code getRetried()} true, with
   * new player tokens while none could have been used yet and none afterwards. The same id
   * with another request fails with {@code REQUEST_ID_REUSED}.
   */
  public TournamentOptions withRequestId(String requestId) {
    return new TournamentOptions(format, scoring, tieBreaks, holdRounds, ratingPool, privateTournament, allowHints, labels,
        Objects.requireNonNull(requestId, "requestId"));
  }

  /** How players are paired. */
  public TournamentFormat format() {
    return format;
  }

  /** What results are worth; empty for the server's default (1, ½, 0, a bye 1). */
  public Optional<TournamentScoring> scoring() {
    return scoring;
  }

  /** The tie-breaks, in order; empty for the server's default. Unmodifiable. */
  public List<TieBreak> tieBreaks() {
    return tieBreaks;
  }

  /** Whether each round waits for {@link TabulaClient#startTournamentRound}. */
  public boolean holdRounds() {
    return holdRounds;
  }

  /** The pool the games are rated in; {@code RATING_POOL_UNSPECIFIED} (not rated) by default. */
  public RatingPool ratingPool() {
    return ratingPool;
  }

  /** Whether the tournament is private. */
  public boolean isPrivate() {
    return privateTournament;
  }

  /** Whether hints are allowed in its games; empty for the kind's default. */
  public Optional<Boolean> allowHints() {
    return allowHints;
  }

  /** The labels, in the order given; empty for none. Unmodifiable. */
  public Map<String, String> labels() {
    return labels;
  }

  /** The request id; empty for none. */
  public String requestId() {
    return requestId;
  }
}
