package dev.tabula.client;

import java.util.Objects;

/**
 * Options of a game's creation ({@code createGameFromPreset}, {@code FromConfig},
 * {@code FromPgn}): whether the game is private, and a request id that makes the creation safe
 * to retry. Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
 *     CreateOptions.defaults().withPrivate(true).withRequestId("create-1"));
 * }</pre>
 */
public final class CreateOptions {
  private static final CreateOptions DEFAULTS = new CreateOptions(false, "");

  private final boolean privateGame;
  private final String requestId;

  private CreateOptions(boolean privateGame, String requestId) {
    this.privateGame = privateGame;
    this.requestId = requestId;
  }

  /** A public game, without a request id. */
  public static CreateOptions defaults() {
    return DEFAULTS;
  }

  /**
   * A private game refuses spectators ({@code PERMISSION_DENIED}, reason {@code PRIVATE_GAME}):
   * only its seats and service keys may read it.
   */
  public CreateOptions withPrivate(boolean privateGame) {
    return new CreateOptions(privateGame, requestId);
  }

  /**
   * A client-chosen id (at most 128 characters; empty for none): a retry of the same request
   * with it answers with the game the first one made and {@code getRetried()} true, with new
   * seat tokens while nothing has happened in the game (the first answer's tokens then stop
   * working) and none afterwards. The same id with another request fails with
   * {@code REQUEST_ID_REUSED}.
   */
  public CreateOptions withRequestId(String requestId) {
    return new CreateOptions(privateGame, Objects.requireNonNull(requestId, "requestId"));
  }

  /** Whether the game is private. */
  public boolean isPrivate() {
    return privateGame;
  }

  /** The request id; empty for none. */
  public String requestId() {
    return requestId;
  }
}
