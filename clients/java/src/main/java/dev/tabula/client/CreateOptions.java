package dev.tabula.client;

import dev.tabula.v1.BotSeat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Options of a game's creation ({@code createGameFromPreset}, {@code FromConfig},
 * {@code FromPgn}): whether the game is private, a request id that makes the creation safe to
 * retry, the seats the server's own engine plays, and whether the seat to move may ask for
 * hints. Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
 *     CreateOptions.defaults().withPrivate(true).withRequestId("create-1"));
 * client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
 *     CreateOptions.defaults().withBot(2, 1, Duration.ZERO));
 * client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
 *     CreateOptions.defaults().withAllowHints(true));
 * }</pre>
 */
public final class CreateOptions {
  private static final CreateOptions DEFAULTS = new CreateOptions(false, "", List.of(), Optional.empty());

  private final boolean privateGame;
  private final String requestId;
  private final List<BotSeat> bots;
  private final Optional<Boolean> allowHints;

  private CreateOptions(boolean privateGame, String requestId, List<BotSeat> bots, Optional<Boolean> allowHints) {
    this.privateGame = privateGame;
    this.requestId = requestId;
    this.bots = bots;
    this.allowHints = allowHints;
  }

  /**
   * A public game, without a request id, every seat played by its token, hints as the server
   * decides.
   */
  public static CreateOptions defaults() {
    return DEFAULTS;
  }

  /**
   * A private game refuses spectators ({@code PERMISSION_DENIED}, reason {@code PRIVATE_GAME}):
   * only its seats and service keys may read it.
   */
  public CreateOptions withPrivate(boolean privateGame) {
    return new CreateOptions(privateGame, requestId, bots, allowHints);
  }

  /**
   * A client-chosen id (at most 128 characters; empty for none): a retry of the same request
   * with it answers with the game the first one made and {@code getRetried()} true, with new
   * seat tokens while nothing has happened in the game (the first answer's tokens then stop
   * working) and none afterwards. The same id with another request fails with
   * {@code REQUEST_ID_REUSED}.
   */
  public CreateOptions withRequestId(String requestId) {
    return new CreateOptions(privateGame, Objects.requireNonNull(requestId, "requestId"), bots, allowHints);
  }

  /**
   * The seats the server's own engine plays, replacing any given before: any of them, or all
   * (a game of engine against engine). The engine moves as soon as such a seat is to act; its
   * events carry the actor {@code engine}, the seat's number. The seat still gets a token,
   * which reads the game as that seat but may not move, resign or take back for it
   * ({@code FAILED_PRECONDITION}, reason {@code SEAT_PLAYED_BY_ENGINE}, metadata {@code seat}).
   * A bad seat, level or move time fails with {@code INVALID_ARGUMENT}, reason
   * {@code INVALID_REQUEST}.
   */
  public CreateOptions withBots(List<BotSeat> bots) {
    return new CreateOptions(privateGame, requestId, List.copyOf(Objects.requireNonNull(bots, "bots")), allowHints);
  }

  /** As {@link #withBots(List)}. */
  public CreateOptions withBots(BotSeat... bots) {
    return withBots(List.of(bots));
  }

  /**
   * One more seat the server's engine plays (see {@link #withBots(List)}): {@code seat} (from
   * 1) at {@code level}, from 1 (the weakest: a random legal move) to the kind's
   * {@code GameKindInfo.getMaxBotLevel()}, thinking at most {@code moveTime} per move (null or
   * zero: the server's default of 1 second; at most 10 seconds).
   */
  public CreateOptions withBot(int seat, int level, Duration moveTime) {
    BotSeat.Builder bot = BotSeat.newBuilder().setSeat(seat).setLevel(level);
    if (moveTime != null && !moveTime.isZero()) {
      bot.setMoveTime(com.google.protobuf.Duration.newBuilder()
          .setSeconds(moveTime.getSeconds())
          .setNanos(moveTime.getNano()));
    }
    List<BotSeat> more = new ArrayList<>(bots);
    more.add(bot.build());
    return new CreateOptions(privateGame, requestId, List.copyOf(more), allowHints);
  }

  /**
   * Whether the seat to move may ask {@code getHint} while the game runs. Without it the
   * server decides: allowed in one-seat games (peg solitaire), refused
   * ({@code FAILED_PRECONDITION}, reason {@code HINTS_DISABLED}) where seats play each other.
   * Anyone may analyse a finished game either way.
   */
  public CreateOptions withAllowHints(boolean allowHints) {
    return new CreateOptions(privateGame, requestId, bots, Optional.of(allowHints));
  }

  /** Whether the game is private. */
  public boolean isPrivate() {
    return privateGame;
  }

  /** The request id; empty for none. */
  public String requestId() {
    return requestId;
  }

  /** The seats the server's engine plays, in the order given; empty for none. */
  public List<BotSeat> bots() {
    return bots;
  }

  /** Whether hints are allowed while the game runs; empty when the server decides. */
  public Optional<Boolean> allowHints() {
    return allowHints;
  }
}
