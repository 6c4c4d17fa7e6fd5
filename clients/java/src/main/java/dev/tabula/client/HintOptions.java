package dev.tabula.client;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Options of an analysis ({@code getHint}): how long the engine may think, how many positions
 * it may expand, and which position of a finished game to analyse. Immutable; each
 * {@code with...} returns a copy.
 *
 * <pre>{@code
 * seat.getHint(id, HintOptions.defaults().withMaxTime(Duration.ofMillis(500)));
 * spectator.getHint(finishedId, HintOptions.defaults().withAtSeq(4).withMaxNodes(100_000));
 * }</pre>
 */
public final class HintOptions {
  private static final HintOptions DEFAULTS = new HintOptions(Optional.empty(), 0, OptionalLong.empty());

  private final Optional<Duration> maxTime;
  private final long maxNodes;
  private final OptionalLong atSeq;

  private HintOptions(Optional<Duration> maxTime, long maxNodes, OptionalLong atSeq) {
    this.maxTime = maxTime;
    this.maxNodes = maxNodes;
    this.atSeq = atSeq;
  }

  /**
   * The server's budget (1 second, at most 50,000,000 positions), at the current position.
   *
   * @return the options
   */
  public static HintOptions defaults() {
    return DEFAULTS;
  }

  /**
   * The longest the engine may think (zero: the server's default of 1 second; at most 10
   * seconds, else {@code INVALID_ARGUMENT}, reason {@code INVALID_REQUEST}).
   *
   * @param maxTime the longest the engine may think
   * @return the copy
   */
  public HintOptions withMaxTime(Duration maxTime) {
    return new HintOptions(Optional.of(Objects.requireNonNull(maxTime, "maxTime")), maxNodes, atSeq);
  }

  /**
   * The most positions the engine may expand (0: the server's cap, 50,000,000; more is
   * {@code INVALID_REQUEST}); an unsigned 64-bit count.
   *
   * @param maxNodes the most positions the engine may expand (0: the server's cap)
   * @return the copy
   */
  public HintOptions withMaxNodes(long maxNodes) {
    return new HintOptions(maxTime, maxNodes, atSeq);
  }

  /**
   * Analyse the position right after the event with this sequence number (1: the start)
   * instead of the current one. Only in a finished game: a running game fails with
   * {@code GAME_NOT_FINISHED} for any seq but its current one, and a seq beyond the log with
   * {@code OUT_OF_RANGE}, reason {@code SEQ_OUT_OF_RANGE}.
   *
   * @param seq the seq of the event right after which to analyse (1: the start)
   * @return the copy
   */
  public HintOptions withAtSeq(long seq) {
    return new HintOptions(maxTime, maxNodes, OptionalLong.of(seq));
  }

  /** {@return the engine's time, if set} */
  public Optional<Duration> maxTime() {
    return maxTime;
  }

  /** {@return the most positions to expand; 0 for the server's cap} */
  public long maxNodes() {
    return maxNodes;
  }

  /** {@return the position of a finished game to analyse, if any} */
  public OptionalLong atSeq() {
    return atSeq;
  }
}
