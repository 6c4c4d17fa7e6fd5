package tabula

import (
	"fmt"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// Unknown is the kind of an event or move whose oneof arm this client does not know: a
// newer server added it after this client's generated code.
const Unknown = "unknown"

// EnumName is the name of an enum value as the contract spells it, for example
// "GAME_KIND_CHESS", or "unknown(999)" for a number this client does not know. A newer
// server may send such numbers; the message keeps them (a generated enum is an int32, and
// its String method gives the bare number "999"). Call it with the value itself:
// EnumName(view.GetKind()), EnumName(game.GetOutcome().GetReason()).
func EnumName(value protoreflect.Enum) string {
	if known := value.Descriptor().Values().ByNumber(value.Number()); known != nil {
		return string(known.Name())
	}
	return fmt.Sprintf("%s(%d)", Unknown, value.Number())
}

// EventKind is the arm of event's kind as the contract names it ("game_created",
// "move_applied", "move_taken_back", "takeback_requested", "takeback_declined",
// "game_aborted", "game_adjudicated", "timed_out", "clock_paused", "clock_resumed",
// "time_added", "seat_presence_changed", "game_resumed", ...), or [Unknown] for an event of a
// kind added after this client (its GetKind() is nil). Such an event still has its seq and time, and
// [Client.Events] delivers it like any other.
func EventKind(event *tabulav1.GameEvent) string {
	return oneofCase(event.ProtoReflect(), "kind")
}

// ActorKind is the arm of actor's kind as the contract names it: "seat" (a seat's own
// credential; GetSeat() is its number), "service" (a service key; GetService().GetKeyName()
// is its public name, empty on a server without keys), "engine" (the server's engine
// playing a bot seat; GetEngine() is that seat's number) or "clock" (the game's clock: a
// TimedOut event, or a move played for a seat whose time ran out), or [Unknown] for a kind of
// actor added after this client. Events of seats, service keys, the engine and the clock
// carry one (event.GetActor()); GameCreated, GameEnded and GameResumed events carry none,
// and ActorKind(nil) is [Unknown] too.
func ActorKind(actor *tabulav1.Actor) string {
	return oneofCase(actor.ProtoReflect(), "kind")
}

// MoveKind is the arm of move's kind as the contract names it ("place", "move", "shot",
// ...), or [Unknown] for a kind of move added after this client (its GetKind() is nil).
func MoveKind(move *tabulav1.Move) string {
	return oneofCase(move.ProtoReflect(), "kind")
}

func oneofCase(message protoreflect.Message, oneof protoreflect.Name) string {
	if arm := message.WhichOneof(message.Descriptor().Oneofs().ByName(oneof)); arm != nil {
		return string(arm.Name())
	}
	return Unknown
}

// SeriesEventKind is the arm of a series event's kind as the contract names it
// ("game_started", "game_finished", "series_finished"), or [Unknown] for an event of a kind
// added after this client (its GetKind() is nil). Such an event still has its seq and time,
// and [Client.SeriesEvents] delivers it like any other.
func SeriesEventKind(event *tabulav1.SeriesEvent) string {
	return oneofCase(event.ProtoReflect(), "kind")
}
