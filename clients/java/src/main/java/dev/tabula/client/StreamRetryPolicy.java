package dev.tabula.client;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How an event stream (a game's, a series', a tournament's or the owner stream) resumes after
 * a transient failure: the server stopping or restarting ({@code UNAVAILABLE}), a dropped
 * connection or reset stream ({@code UNAVAILABLE}, or {@code INTERNAL} without a reason of the
 * server's), or a reader that fell behind ({@code STREAM_LAGGED}). The stream opens again
 * after the last event it returned, so no event is lost or repeated, waiting
 * {@link #firstDelay} (100 ms) before the first attempt and twice as long before each next
 * one, up to {@link #maxDelay} (2 s), give or take {@value RetryPolicy#JITTER_PERCENT}% at
 * random. A reconnection counts as successful once the server answers the new call. The
 * stream gives up when {@link #giveUpAfter} (30 s) has gone by since the failure without one,
 * or after {@link #maxReconnects} attempts in a row (no bound unless set), and throws the last
 * error. Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * TabulaClient follower = client.withStreamRetryPolicy(StreamRetryPolicy.forever()); // never gives up
 * TabulaClient impatient = client.withStreamRetryPolicy(StreamRetryPolicy.defaults().withGiveUpAfter(Duration.ofSeconds(5)));
 * TabulaClient strict = client.withStreamRetryPolicy(StreamRetryPolicy.none()); // the first failure ends the stream
 * }</pre>
 */
public final class StreamRetryPolicy {
  private static final Duration DEFAULT_FIRST_DELAY = Duration.ofMillis(100);
  private static final Duration MAX_DELAY = Duration.ofSeconds(2);
  private static final Duration DEFAULT_GIVE_UP_AFTER = Duration.ofSeconds(30);
  private static final StreamRetryPolicy DEFAULTS =
      new StreamRetryPolicy(DEFAULT_FIRST_DELAY, Optional.of(DEFAULT_GIVE_UP_AFTER), Integer.MAX_VALUE);
  private static final StreamRetryPolicy NONE = new StreamRetryPolicy(DEFAULT_FIRST_DELAY, Optional.of(Duration.ZERO), 0);

  private final Duration firstDelay;
  private final Optional<Duration> giveUpAfter;
  private final int maxReconnects;

  private StreamRetryPolicy(Duration firstDelay, Optional<Duration> giveUpAfter, int maxReconnects) {
    this.firstDelay = firstDelay;
    this.giveUpAfter = giveUpAfter;
    this.maxReconnects = maxReconnects;
  }

  /**
   * {@return the policy every client has unless told otherwise: 100 ms before the first
   * attempt, doubling up to 2 s, giving up 30 s after the failure without a successful
   * reconnection}
   */
  public static StreamRetryPolicy defaults() {
    return DEFAULTS;
  }

  /** {@return the default waits, never giving up: the stream resumes for as long as it takes} */
  public static StreamRetryPolicy forever() {
    return DEFAULTS.withForever();
  }

  /** {@return the policy that never reconnects: the first failure ends the stream} */
  public static StreamRetryPolicy none() {
    return NONE;
  }

  /**
   * A copy that gives up once {@code budget} has gone by since a failure without a successful
   * reconnection (its last attempt starts no later than that).
   *
   * @param budget how long to go on trying; zero never reconnects
   * @return the copy
   */
  public StreamRetryPolicy withGiveUpAfter(Duration budget) {
    Objects.requireNonNull(budget, "budget");
    if (budget.isNegative()) {
      throw new IllegalArgumentException("a budget cannot be negative: " + budget);
    }
    return new StreamRetryPolicy(firstDelay, Optional.of(budget), maxReconnects);
  }

  /** {@return a copy that never gives up for lack of time} */
  public StreamRetryPolicy withForever() {
    return new StreamRetryPolicy(firstDelay, Optional.empty(), maxReconnects);
  }

  /**
   * A copy that waits {@code delay} before the first attempt (doubling from it, up to 2 s).
   *
   * @param delay the first wait; not negative
   * @return the copy
   */
  public StreamRetryPolicy withFirstDelay(Duration delay) {
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("a wait cannot be negative: " + delay);
    }
    return new StreamRetryPolicy(delay, giveUpAfter, maxReconnects);
  }

  /**
   * A copy that gives up after {@code attempts} reconnection attempts in a row without a
   * successful one, or when its time runs out, whichever comes first.
   *
   * @param attempts the attempts in a row; 0 (or less) never reconnects
   * @return the copy
   */
  public StreamRetryPolicy withMaxReconnects(int attempts) {
    return new StreamRetryPolicy(firstDelay, giveUpAfter, Math.max(attempts, 0));
  }

  /** {@return the wait before the first reconnection attempt} */
  public Duration firstDelay() {
    return firstDelay;
  }

  /** {@return the longest wait between two attempts: 2 seconds} */
  public Duration maxDelay() {
    return MAX_DELAY;
  }

  /** {@return how long a stream goes on trying after a failure; empty when it never gives up for lack of time} */
  public Optional<Duration> giveUpAfter() {
    return giveUpAfter;
  }

  /** {@return the reconnection attempts in a row a stream makes at most ({@link Integer#MAX_VALUE}: no bound)} */
  public int maxReconnects() {
    return maxReconnects;
  }

  /**
   * The wait before reconnection attempt {@code attempt} (from 1) of an outage that began
   * {@code elapsedNanos} ago, jitter included, in nanoseconds, cut short so the attempt starts
   * within the budget; -1 when the stream gives up instead.
   */
  long nextDelayNanos(int attempt, long elapsedNanos) {
    if (attempt > maxReconnects) {
      return -1;
    }
    long wait = RetryPolicy.Backoff.jittered(RetryPolicy.Backoff.doubling(firstDelay, MAX_DELAY, attempt - 1));
    if (giveUpAfter.isEmpty()) {
      return wait;
    }
    long left = RetryPolicy.Backoff.saturatedNanos(giveUpAfter.get()) - elapsedNanos;
    return left <= 0 ? -1 : Math.min(wait, left);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StreamRetryPolicy that && maxReconnects == that.maxReconnects && firstDelay.equals(that.firstDelay)
        && giveUpAfter.equals(that.giveUpAfter);
  }

  @Override
  public int hashCode() {
    return Objects.hash(firstDelay, giveUpAfter, maxReconnects);
  }

  @Override
  public String toString() {
    return "StreamRetryPolicy[firstDelay=" + firstDelay + ", giveUpAfter=" + giveUpAfter.map(Duration::toString).orElse("never")
        + ", maxReconnects=" + (maxReconnects == Integer.MAX_VALUE ? "unbounded" : String.valueOf(maxReconnects)) + "]";
  }
}
