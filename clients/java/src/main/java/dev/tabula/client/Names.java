package dev.tabula.client;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import dev.tabula.v1.Actor;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.Move;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.TournamentEvent;

/**
 * Names for what a server sends, total over values this client does not know.
 *
 * <p>A newer server may send an enum number or a oneof arm that this client's generated code
 * predates. Nothing here throws on them: an enum number without a name is shown as
 * {@code unknown(<number>)}, and a message whose oneof holds an arm this client does not know
 * (its {@code get...Case()} is {@code ..._NOT_SET}) is of kind {@value #UNKNOWN}.
 */
public final class Names {
  /** The kind of an event or move whose oneof arm this client does not know. */
  public static final String UNKNOWN = "unknown";

  private Names() {}

  /**
   * The name of {@code number} in the enum {@code type}, for example {@code GAME_KIND_CHESS};
   * {@code unknown(999)} for a number this client does not know. Pass the number from the
   * {@code get...Value()} getter, which keeps it, not the enum constant, which is
   * {@code UNRECOGNIZED} for such a number (and whose {@code getNumber()} then throws):
   * {@code Names.enumName(GameKind.getDescriptor(), view.getKindValue())}.
   *
   * @param type the generated enum's descriptor, for example {@code GameKind.getDescriptor()}
   * @param number the enum value's number
   * @return the name, never null
   */
  public static String enumName(EnumDescriptor type, int number) {
    EnumValueDescriptor known = type.findValueByNumber(number);
    return known != null ? known.getName() : UNKNOWN + "(" + number + ")";
  }

  /**
   * The arm of the event's kind as the contract names it ({@code game_created},
   * {@code move_applied}, {@code game_aborted}, {@code game_adjudicated}, {@code timed_out},
   * {@code clock_paused}, {@code clock_resumed}, {@code time_added}, {@code move_taken_back},
   * {@code takeback_requested}, {@code takeback_declined}, {@code seat_presence_changed},
   * {@code game_resumed}, ...), or
   * {@value #UNKNOWN} for an event of a kind added after this client. Such an event still has
   * its seq and time, and {@link EventStream} returns it like any other.
   *
   * @param event the event
   * @return the name, never null
   */
  public static String eventKind(GameEvent event) {
    return oneofCase(event, "kind");
  }

  /**
   * The arm of a series event's kind as the contract names it ({@code game_started},
   * {@code game_finished} or {@code series_finished}), or {@value #UNKNOWN} for a kind added
   * after this client. Such an event still has its seq and time, and
   * {@link SeriesEventStream} returns it like any other. The owner's stream
   * ({@link OwnerEventStream}) carries one as {@code OwnerEvent.getSeriesEvent()}: a
   * {@code game_finished} for {@code OWNER_EVENT_KIND_SERIES_GAME_FINISHED}, a
   * {@code series_finished} for {@code OWNER_EVENT_KIND_SERIES_FINISHED}.
   *
   * @param event the event
   * @return the name, never null
   */
  public static String seriesEventKind(SeriesEvent event) {
    return oneofCase(event, "kind");
  }

  /**
   * The arm of a tournament event's kind as the contract names it ({@code round_paired},
   * {@code board_finished}, {@code round_finished}, {@code player_withdrew},
   * {@code player_joined} or {@code tournament_ended}), or {@value #UNKNOWN} for a kind added after this client. Such an
   * event still has its seq and time, and {@link TournamentEventStream} returns it like any
   * other. The owner's stream ({@link OwnerEventStream}) carries one as
   * {@code OwnerEvent.getTournamentEvent()}: a {@code board_finished} for
   * {@code OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED}, a {@code round_finished} for
   * {@code OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED}, a {@code tournament_ended} for
   * {@code OWNER_EVENT_KIND_TOURNAMENT_FINISHED}.
   *
   * @param event the event
   * @return the name, never null
   */
  public static String tournamentEventKind(TournamentEvent event) {
    return oneofCase(event, "kind");
  }

  /**
   * The arm of the actor's kind as the contract names it: {@code seat} (a seat's own
   * credential; {@code getSeat()} is its number), {@code service} (a service key;
   * {@code getService().getKeyName()} is its public name, empty on a server without keys),
   * {@code engine} (the server's engine playing a bot seat; {@code getEngine()} is that seat's
   * number) or {@code clock} (the game's clock: a {@code timed_out} event, or a move played for
   * a seat whose time ran out), or {@value #UNKNOWN} for a kind of actor added after this
   * client. Events of seats, service keys, the engine and the clock carry one
   * ({@code event.hasActor()}); {@code game_created} and {@code game_ended} events carry none,
   * and their default {@code getActor()} is of kind {@value #UNKNOWN} too.
   *
   * @param actor the actor of an event
   * @return the name, never null
   */
  public static String actorKind(Actor actor) {
    return oneofCase(actor, "kind");
  }

  /**
   * The arm of the move's kind as the contract names it ({@code place}, {@code move},
   * {@code shot}, ...), or {@value #UNKNOWN} for a kind of move added after this client.
   *
   * @param move the move, built by {@link Moves}
   * @return the name, never null
   */
  public static String moveKind(Move move) {
    return oneofCase(move, "kind");
  }

  private static String oneofCase(Message message, String oneof) {
    FieldDescriptor arm = message.getDescriptorForType().getOneofs().stream()
        .filter(o -> o.getName().equals(oneof))
        .findFirst()
        .map(message::getOneofFieldDescriptor)
        .orElse(null);
    return arm != null ? arm.getName() : UNKNOWN;
  }
}
