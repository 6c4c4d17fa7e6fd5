package dev.tabula.client;

import dev.tabula.v1.TournamentPlayer;
import java.time.Duration;
import java.util.Objects;

/**
 * The players of a tournament's creation ({@code createTournamentFrom...}), given in the
 * tournament's order: the first is player 1, and so on, their pairing numbers. A person has an
 * id of the caller's own (required, at most 128 characters, each player's its own) and a
 * name to show (at most 64 characters); a player the server's engine plays has a level.
 *
 * <pre>{@code
 * List<TournamentPlayer> players = List.of(TournamentPlayers.person("u-17", "Ann"),
 *     TournamentPlayers.person("u-42", "Bob"), TournamentPlayers.engine(2));
 * }</pre>
 */
public final class TournamentPlayers {
  private TournamentPlayers() {}

  /**
   * A person: {@code playerId}, the player's id in the caller's system, and
   * {@code displayName}, the name to show (may be empty). The creation's answer has a token
   * for each person ({@code getPlayerTokensList()}, by player number): in every game of the
   * tournament it acts as the seat the player sits in.
   *
   * @param playerId the player's id in the caller's own system
   * @param displayName the name to show for the player
   * @return the player
   */
  public static TournamentPlayer person(String playerId, String displayName) {
    return TournamentPlayer.newBuilder()
        .setPlayerId(Objects.requireNonNull(playerId, "playerId"))
        .setDisplayName(Objects.requireNonNull(displayName, "displayName"))
        .build();
  }

  /**
   * A player the server's engine plays at {@code level}, from 1 (the weakest) to the kind's
   * {@code GameKindInfo.getMaxBotLevel()}, thinking at most 1 second a move. It needs no id
   * (it goes by {@code engine-level-<level>}, and is rated so) and gets no token; two engine
   * players at the same level need ids of their own
   * ({@link #engine(String, String, int, Duration)}).
   *
   * @param level the engine's strength, from 1 (weakest) to the kind's {@code max_bot_level}
   * @return the player
   */
  public static TournamentPlayer engine(int level) {
    return TournamentPlayer.newBuilder().setEngineLevel(level).build();
  }

  /**
   * As {@link #engine(int)}, thinking at most {@code moveTime} a move (null or zero: 1 second;
   * at most 10 seconds).
   *
   * @param level the engine's strength, from 1 (weakest) to the kind's {@code max_bot_level}
   * @param moveTime how long the engine thinks over each move ({@code null} or zero: the server's default)
   * @return the player
   */
  public static TournamentPlayer engine(int level, Duration moveTime) {
    TournamentPlayer.Builder player = TournamentPlayer.newBuilder().setEngineLevel(level);
    if (moveTime != null && !moveTime.isZero()) {
      player.setEngineMoveTime(Clocks.duration(moveTime));
    }
    return player.build();
  }

  /**
   * A player the server's engine plays, with an id and a name of its own (for two engine
   * players at one level: ids are each player's own); otherwise as
   * {@link #engine(int, Duration)}.
   *
   * @param playerId the player's id in the caller's own system
   * @param displayName the name to show for the player
   * @param level the engine's strength, from 1 (weakest) to the kind's {@code max_bot_level}
   * @param moveTime how long the engine thinks over each move ({@code null} or zero: the server's default)
   * @return the player
   */
  public static TournamentPlayer engine(String playerId, String displayName, int level, Duration moveTime) {
    return engine(level, moveTime).toBuilder()
        .setPlayerId(Objects.requireNonNull(playerId, "playerId"))
        .setDisplayName(Objects.requireNonNull(displayName, "displayName"))
        .build();
  }
}
