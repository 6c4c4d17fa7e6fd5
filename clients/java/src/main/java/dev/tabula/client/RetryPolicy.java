package dev.tabula.client;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a unary call that failed with {@code UNAVAILABLE} (the server restarting or out of
 * reach, or a connection refused or reset before any answer) is tried again: how many attempts
 * in all, and the wait before each retry. Immutable.
 *
 * <p>Only calls that are safe to repeat are retried, whatever the policy: every read (the
 * methods named {@code Get...}, {@code List...} and {@code Export...}, {@code exportGame} and
 * {@code listPuzzleSolutions} among them), a write only when its request carries a non-empty
 * {@code request_id}, which the server answers a second time with what it did the first, and
 * a request that only checks ({@code validate_only} set: {@code importGame(document, true)},
 * {@code submitMove} with {@link MoveOptions#withValidateOnly}), which stores nothing. A write
 * that takes no request id, {@code importGame(document)} for one, is never retried. The wait
 * before retry {@code n} (from 1) is {@code min(maxBackoff, initialBackoff × 2^(n-1))}, give or take {@value #JITTER_PERCENT}% at
 * random so that clients cut off together do not come back together. Retrying never goes past
 * the call's own deadline (the client's {@link TabulaClient#timeout}): a wait that would end
 * after it is not begun, and the last {@code UNAVAILABLE} is thrown; a call without a deadline
 * (one made through {@link TabulaClient#stub}) retries for {@link #BUDGET_WITHOUT_DEADLINE} at
 * most.
 *
 * <pre>{@code
 * TabulaClient patient = TabulaClient.builder(address)
 *     .retryPolicy(RetryPolicy.of(8, Duration.ofMillis(200), Duration.ofSeconds(2))).build();
 * patient.withRetryPolicy(RetryPolicy.none()).getView(gameId); // this call alone: no retry
 * }</pre>
 */
public final class RetryPolicy {
  /** How far, in percent either way, a wait strays at random from its nominal length. */
  public static final int JITTER_PERCENT = 20;

  /** The longest a call without a deadline of its own goes on retrying: 10 seconds. */
  public static final Duration BUDGET_WITHOUT_DEADLINE = Duration.ofSeconds(10);

  private static final RetryPolicy DEFAULTS = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(2));
  private static final RetryPolicy NONE = new RetryPolicy(1, Duration.ofMillis(100), Duration.ofSeconds(2));

  private final int maxAttempts;
  private final Duration initialBackoff;
  private final Duration maxBackoff;

  private RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
    this.maxAttempts = maxAttempts;
    this.initialBackoff = initialBackoff;
    this.maxBackoff = maxBackoff;
  }

  /**
   * {@return the policy every client has unless told otherwise: 5 attempts in all, waiting
   * 100 ms before the first retry, doubling up to 2 s}
   */
  public static RetryPolicy defaults() {
    return DEFAULTS;
  }

  /** {@return the policy that never retries: a call fails with its first error} */
  public static RetryPolicy none() {
    return NONE;
  }

  /**
   * A policy of one's own.
   *
   * @param maxAttempts attempts in all, the first one included (1: no retry)
   * @param initialBackoff the nominal wait before the first retry (positive)
   * @param maxBackoff the longest nominal wait, at least {@code initialBackoff}
   * @return the policy
   * @throws IllegalArgumentException for fewer than 1 attempt, a wait that is not positive or
   *     a longest wait shorter than the first
   */
  public static RetryPolicy of(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxBackoff, "maxBackoff");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("a call makes at least 1 attempt, not " + maxAttempts);
    }
    if (initialBackoff.isNegative() || initialBackoff.isZero()) {
      throw new IllegalArgumentException("the first wait must be positive, not " + initialBackoff);
    }
    if (maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException("the longest wait " + maxBackoff + " is shorter than the first " + initialBackoff);
    }
    return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff);
  }

  /** {@return the attempts a call makes at most, the first one included} */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** {@return the nominal wait before the first retry} */
  public Duration initialBackoff() {
    return initialBackoff;
  }

  /** {@return the longest nominal wait before a retry} */
  public Duration maxBackoff() {
    return maxBackoff;
  }

  /**
   * The nominal wait before retry {@code retry}, before the jitter.
   *
   * @param retry the retry, from 1 (the second attempt)
   * @return {@code min(maxBackoff, initialBackoff × 2^(retry-1))}
   */
  public Duration backoff(int retry) {
    return Backoff.doubling(initialBackoff, maxBackoff, retry - 1);
  }

  /** The wait before retry {@code retry} (from 1), jitter included, in nanoseconds. */
  long jitteredBackoffNanos(int retry) {
    return Backoff.jittered(backoff(retry));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RetryPolicy that && maxAttempts == that.maxAttempts
        && initialBackoff.equals(that.initialBackoff) && maxBackoff.equals(that.maxBackoff);
  }

  @Override
  public int hashCode() {
    return Objects.hash(maxAttempts, initialBackoff, maxBackoff);
  }

  @Override
  public String toString() {
    return "RetryPolicy[maxAttempts=" + maxAttempts + ", initialBackoff=" + initialBackoff + ", maxBackoff=" + maxBackoff + "]";
  }

  /** The doubling waits with jitter that unary retries and stream reconnections share. */
  static final class Backoff {
    private Backoff() {}

    /** {@code first × 2^doublings}, at most {@code max}. */
    static Duration doubling(Duration first, Duration max, int doublings) {
      Duration wait = first;
      for (int i = 0; i < doublings && wait.compareTo(max) < 0; i++) {
        wait = wait.multipliedBy(2);
      }
      return wait.compareTo(max) < 0 ? wait : max;
    }

    /** {@code nominal} give or take {@value RetryPolicy#JITTER_PERCENT}% at random, in nanoseconds. */
    static long jittered(Duration nominal) {
      double spread = JITTER_PERCENT / 100.0;
      double factor = 1 + ThreadLocalRandom.current().nextDouble(-spread, spread);
      return Math.max(0, (long) (saturatedNanos(nominal) * factor));
    }

    static long saturatedNanos(Duration duration) {
      try {
        return duration.toNanos();
      } catch (ArithmeticException tooLong) {
        return Long.MAX_VALUE;
      }
    }
  }
}
