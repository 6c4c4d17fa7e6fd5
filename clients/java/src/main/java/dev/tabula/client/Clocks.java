package dev.tabula.client;

import com.google.protobuf.Timestamp;
import dev.tabula.v1.ClockReadings;
import dev.tabula.v1.DelayControl;
import dev.tabula.v1.FischerControl;
import dev.tabula.v1.SeatClock;
import dev.tabula.v1.TimeControl;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A game's clocks: the time controls to create it with ({@link CreateOptions#withClock}), and
 * a seat's time read from the clocks of a view ({@code view.getClock()}) or an event
 * ({@code event.getClock()}).
 *
 * <pre>{@code
 * CreateGameResponse created = client.createGameFromConfig(config,
 *     CreateOptions.defaults().withClock(Clocks.fischer(Duration.ofMinutes(3), Duration.ofSeconds(2))));
 * View view = client.getView(created.getGame().getGameId());
 * Optional<Duration> left = Clocks.remaining(view.getClock(), 1, Instant.now()); // seat 1's time, ticking
 * }</pre>
 *
 * <p>Durations are whole milliseconds; the server refuses finer parts (and any value out of
 * the ranges below) with {@code INVALID_ARGUMENT}, reason {@code INVALID_CONFIG}.
 */
public final class Clocks {
  private Clocks() {}

  /**
   * A time control of {@code base} for the whole game (from 1 second to 30 days) plus
   * {@code increment} added after each of the seat's moves (at most 1 hour).
   *
   * @param base the time each seat starts with
   * @param increment the time added after each move
   * @return the time control
   */
  public static TimeControl fischer(Duration base, Duration increment) {
    return TimeControl.newBuilder()
        .setFischer(FischerControl.newBuilder().setBase(duration(base)).setIncrement(duration(increment)))
        .build();
  }

  /**
   * A time control of {@code base} for the whole game (from 1 second to 30 days) where, after
   * each move, the time it took is given back up to {@code delay} (at most 1 hour).
   *
   * @param base the time each seat starts with
   * @param delay the most of each move's time given back after it
   * @return the time control
   */
  public static TimeControl bronstein(Duration base, Duration delay) {
    return TimeControl.newBuilder().setBronstein(delayControl(base, delay)).build();
  }

  /**
   * A time control of {@code base} for the whole game (from 1 second to 30 days) whose clock
   * starts each turn only once {@code delay} (at most 1 hour) has passed.
   *
   * @param base the time each seat starts with
   * @param delay the time each move may take before the clock runs
   * @return the time control
   */
  public static TimeControl simpleDelay(Duration base, Duration delay) {
    return TimeControl.newBuilder().setSimpleDelay(delayControl(base, delay)).build();
  }

  private static DelayControl delayControl(Duration base, Duration delay) {
    return DelayControl.newBuilder().setBase(duration(base)).setDelay(duration(delay)).build();
  }

  /**
   * A time control of a fixed {@code time} for each move (from 1 second to 1 day), unused time lost.
   *
   * @param time the time to add
   * @return the time control
   */
  public static TimeControl perMove(Duration time) {
    return TimeControl.newBuilder().setPerMove(duration(time)).build();
  }

  /**
   * A time control of {@code days} for each move (from 1 to 60).
   *
   * @param days the days a seat has for each move, 1 to 60
   * @return the time control
   */
  public static TimeControl correspondenceDays(int days) {
    return TimeControl.newBuilder().setCorrespondenceDays(days).build();
  }

  /**
   * The clock of {@code seat} (numbered from 1) in {@code readings}; empty when they have none
   * for it (a game without clocks, whose {@code getClock()} is the empty default, or a
   * {@code game_ended} event).
   *
   * @param readings the clock readings of a view
   * @param seat the seat, numbered from 1
   * @return the seat's clock, if the readings have one
   */
  public static Optional<SeatClock> seat(ClockReadings readings, int seat) {
    if (readings == null) {
      return Optional.empty();
    }
    return readings.getSeatsList().stream().filter(clock -> clock.getSeat() == seat).findFirst();
  }

  /**
   * The time {@code seat} has left at the moment {@code at}, worked out from
   * {@code readings}, the clocks of a view or an event as of their {@code getReadAt()}: a seat
   * whose time is not running has what it had then; a running one has that less the time
   * passed since, and nothing from its deadline on (during a simple delay, what it had until
   * the delay has passed). Empty when {@code readings} have no clock for the seat. Pass
   * {@code Instant.now()} to show a ticking clock; the server's clock is the authority, so a
   * client whose clock is off shows the time off by as much.
   *
   * @param readings the clock readings of a view
   * @param seat the seat, numbered from 1
   * @param at the instant to count to
   * @return the time left, if the readings have a clock for the seat
   */
  public static Optional<Duration> remaining(ClockReadings readings, int seat, Instant at) {
    Objects.requireNonNull(at, "at");
    return seat(readings, seat).map(clock -> {
      Duration left = duration(clock.getRemaining());
      if (!clock.getRunning() || readings.getPaused()) {
        return left;
      }
      if (clock.hasDeadline()) {
        Duration untilDeadline = Duration.between(at, instant(clock.getDeadline()));
        left = untilDeadline.compareTo(left) < 0 ? untilDeadline : left;
      } else if (readings.hasReadAt()) {
        Duration since = Duration.between(instant(readings.getReadAt()), at);
        left = since.isNegative() ? left : left.minus(since);
      }
      return left.isNegative() ? Duration.ZERO : left;
    });
  }

  /** {@code duration} as the contract's message (seconds and nanos of one sign, as it requires). */
  static com.google.protobuf.Duration duration(Duration duration) {
    long seconds = Objects.requireNonNull(duration, "duration").getSeconds();
    int nanos = duration.getNano();
    if (seconds < 0 && nanos > 0) {
      seconds += 1;
      nanos -= 1_000_000_000;
    }
    return com.google.protobuf.Duration.newBuilder().setSeconds(seconds).setNanos(nanos).build();
  }

  static Duration duration(com.google.protobuf.Duration duration) {
    return Duration.ofSeconds(duration.getSeconds(), duration.getNanos());
  }

  static Instant instant(Timestamp timestamp) {
    return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
  }

  /** {@code instant} as the contract's message (its nanos never negative, as it requires). */
  static Timestamp timestamp(Instant instant) {
    return Timestamp.newBuilder().setSeconds(instant.getEpochSecond()).setNanos(instant.getNano()).build();
  }
}
