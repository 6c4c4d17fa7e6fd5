package dev.tabula.client;

import dev.tabula.v1.PresenceConfig;
import dev.tabula.v1.SeatPresence;
import dev.tabula.v1.View;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether the seats are at the table: the presence to create a game with
 * ({@link CreateOptions#withPresence}), a seat's presence read from a view
 * ({@code view.getPresenceList()}), and when a claim of victory may be made
 * ({@link TabulaClient#claimVictory}).
 *
 * <pre>{@code
 * CreateGameResponse created = client.createGameFromConfig(config,
 *     CreateOptions.defaults().withPresence(Presence.of(Duration.ofSeconds(30), Duration.ofMinutes(2))));
 * View view = x.getView(created.getGame().getGameId());
 * boolean oIsHere = Presence.seat(view, 2).map(SeatPresence::getPresent).orElse(false);
 * }</pre>
 *
 * <p>A game keeping presence counts each seat the engine does not play present while it holds
 * an event stream of the game or has called within {@code away_after}; each change is a
 * {@code seat_presence_changed} event ({@code SeatPresenceChanged}: the seat and whether it is
 * present), on the game's stream and its owner's ({@code OWNER_EVENT_KIND_SEAT_PRESENT},
 * {@code OWNER_EVENT_KIND_SEAT_GONE}). These events change no position: an expected seq they
 * passed still holds ({@link MoveOptions#withExpectedSeq}). Durations are whole milliseconds;
 * the server refuses finer parts, and values out of the ranges below, with
 * {@code INVALID_ARGUMENT}.
 */
public final class Presence {
  private Presence() {}

  /**
   * Presence kept with these windows ({@code GameConfig.presence}): a seat is gone once it has
   * had no event stream of the game open and made no call to it for {@code awayAfter} (from 1
   * second to 1 hour; null: the server's default of 30 seconds), and in a two-seat game, once
   * the seat to move has been gone for {@code claimAfter} (from 1 second to 7 days), the other
   * seat may claim the game, or a draw, with {@link TabulaClient#claimVictory} (null: no claim,
   * only presence is kept).
   *
   * @param awayAfter how long a seat may be away before it is shown away ({@code null}: the server's default)
   * @param claimAfter how long a seat may be away before the other may claim the game ({@code null}: no claims)
   * @return the presence configuration
   */
  public static PresenceConfig of(Duration awayAfter, Duration claimAfter) {
    PresenceConfig.Builder presence = PresenceConfig.newBuilder();
    if (awayAfter != null) {
      presence.setAwayAfter(Clocks.duration(awayAfter));
    }
    if (claimAfter != null) {
      presence.setClaimAfter(Clocks.duration(claimAfter));
    }
    return presence.build();
  }

  /**
   * Presence kept with the server's defaults: gone after 30 seconds away, no claim.
   *
   * @return the presence configuration
   */
  public static PresenceConfig kept() {
    return PresenceConfig.getDefaultInstance();
  }

  /**
   * The presence of {@code seat} (numbered from 1) in {@code view}: {@code getPresent()},
   * {@code getSince()} (when it came or went; unset for a seat that has not come since the
   * creation) and, for a seat gone in a game with a claim window, {@code getClaimableAt()}.
   * Empty in a game keeping no presence, and for a seat the engine plays.
   *
   * @param view the view
   * @param seat the seat, numbered from 1
   * @return the seat's presence, if the view shows it
   */
  public static Optional<SeatPresence> seat(View view, int seat) {
    if (view == null) {
      return Optional.empty();
    }
    return view.getPresenceList().stream().filter(presence -> presence.getSeat() == seat).findFirst();
  }

  /**
   * From when the claim refused with {@code FAILED_PRECONDITION} {@code CLAIM_TOO_EARLY} may be
   * made: its metadata {@code claimable_at} (RFC 3339); empty for any other error.
   *
   * @param refused the error of a refused claim
   * @return the instant, if the error carries one
   */
  public static Optional<Instant> claimableAt(TabulaException refused) {
    String at = Objects.requireNonNull(refused, "refused").getMetadata().get("claimable_at");
    return at == null || at.isEmpty() ? Optional.empty() : Optional.of(OffsetDateTime.parse(at).toInstant());
  }
}
