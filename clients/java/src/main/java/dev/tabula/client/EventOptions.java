package dev.tabula.client;

/**
 * Options of a game's event stream ({@link TabulaClient#events(String, long, EventOptions)}):
 * whether each event comes with the game as the caller sees it just after it, and whether the
 * server sends those views as changes. Immutable; each {@code with...} returns a copy.
 *
 * <pre>{@code
 * try (EventStream events = client.events(gameId, 0, EventOptions.defaults().withViews(true))) {
 *   for (GameEvent event : events) {
 *     View view = events.lastView().orElseThrow(); // the game right after the event
 *   }
 * }
 * }</pre>
 */
public final class EventOptions {
  private static final EventOptions DEFAULTS = new EventOptions(false, false);

  private final boolean views;
  private final boolean viewChanges;

  private EventOptions(boolean views, boolean viewChanges) {
    this.views = views;
    this.viewChanges = viewChanges;
  }

  /** {@return the events alone, without views} */
  public static EventOptions defaults() {
    return DEFAULTS;
  }

  /**
   * A copy in which each event comes with the game as the caller sees it just after it
   * ({@code include_views}), read as {@link EventStream#lastView}.
   *
   * @param views true for views
   * @return the copy
   */
  public EventOptions withViews(boolean views) {
    return new EventOptions(views, viewChanges);
  }

  /**
   * A copy in which the server sends the first view whole and each later one as what changed
   * of it ({@code view_changes}, which implies views): less to send for a big board. The
   * stream applies the changes, so {@link EventStream#lastView} is the whole view all the same.
   *
   * @param viewChanges true for views sent as changes
   * @return the copy
   */
  public EventOptions withViewChanges(boolean viewChanges) {
    return new EventOptions(views, viewChanges);
  }

  /** {@return whether events come with views} */
  public boolean views() {
    return views;
  }

  /** {@return whether views after the first come as changes} */
  public boolean viewChanges() {
    return viewChanges;
  }
}
