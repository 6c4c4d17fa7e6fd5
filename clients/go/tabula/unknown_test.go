package tabula_test

// Answers of a newer server (clients/conformance/unknown.json, format in its README) through
// this client, offline. A stand-in server in memory answers the client's calls with the
// fixture's bytes, verbatim, so every entry travels the path a real answer takes: gRPC, the
// generated messages, and the client's own wrappers (GetView, Events, ...).

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

type unknownCheck struct {
	Enum   *string `json:"enum"`
	Number int32   `json:"number"`
	Name   string  `json:"name"`
	Move   *string `json:"move"`
	Event  *string `json:"event"`
	Kind   string  `json:"kind"`
}

type unknownEvent struct {
	Seq    string         `json:"seq"`
	Time   string         `json:"time"`
	Kind   string         `json:"kind"`
	Checks []unknownCheck `json:"checks"`
}

type unknownEntry struct {
	Name       string   `json:"name"`
	Call       string   `json:"call"`
	Responses  []string `json:"responses"`
	BreakAfter *int     `json:"break_after"`
	Expect     struct {
		Seq           string         `json:"seq"`
		Checks        []unknownCheck `json:"checks"`
		Events        []unknownEvent `json:"events"`
		ReopenedAfter *string        `json:"reopened_after"`
	} `json:"expect"`
}

func loadUnknown(t *testing.T) []unknownEntry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testserver.RepoRoot(t), "clients", "conformance", "unknown.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Version int            `json:"version"`
		Entries []unknownEntry `json:"entries"`
	}
	if err := json.Unmarshal(data, &fixture); err != nil {
		t.Fatal(err)
	}
	if fixture.Version != 1 {
		t.Fatalf("unknown.json version %d is not supported", fixture.Version)
	}
	return fixture.Entries
}

// rawCodec passes messages through as bytes, so the stand-in sends the fixture verbatim.
type rawCodec struct{}

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*v.(*[]byte))}, nil
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

func (rawCodec) Name() string { return "proto" }

// standIn answers entry.Call with the entry's responses; other methods are UNIMPLEMENTED.
// StreamEvents: with break_after, the first call sends that many responses and ends with
// UNAVAILABLE, and later calls send the rest; afterSeqs records each call's request.
type standIn struct {
	entry     unknownEntry
	responses [][]byte
	mu        sync.Mutex
	afterSeqs []uint64
}

func (s *standIn) handle(_ any, stream grpc.ServerStream) error {
	method, _ := grpc.MethodFromServerStream(stream)
	if method != "/tabula.v1.GameService/"+s.entry.Call {
		return status.Errorf(codes.Unimplemented, "the stand-in server does not answer %s", method)
	}
	var raw []byte
	if err := stream.RecvMsg(&raw); err != nil {
		return err
	}
	sent, broken := s.responses, false
	if s.entry.Call == "StreamEvents" {
		var request tabulav1.StreamEventsRequest
		if err := proto.Unmarshal(raw, &request); err != nil {
			return err
		}
		s.mu.Lock()
		first := len(s.afterSeqs) == 0
		s.afterSeqs = append(s.afterSeqs, request.GetAfterSeq())
		s.mu.Unlock()
		if n := s.entry.BreakAfter; n != nil {
			if first {
				sent, broken = s.responses[:*n], true
			} else {
				sent = s.responses[*n:]
			}
		}
	}
	for _, response := range sent {
		if err := stream.SendMsg(&response); err != nil {
			return err
		}
	}
	if broken {
		return status.Error(codes.Unavailable, "the stand-in server breaks the stream")
	}
	return nil
}

// startStandIn serves entry in memory and returns a client of it, made with tabula.Dial.
func startStandIn(t *testing.T, entry unknownEntry) (*standIn, *tabula.Client) {
	t.Helper()
	s := &standIn{entry: entry}
	for _, encoded := range entry.Responses {
		response, err := base64.StdEncoding.DecodeString(encoded)
		if err != nil {
			t.Fatal(err)
		}
		s.responses = append(s.responses, response)
	}
	listener := bufconn.Listen(1 << 20)
	server := grpc.NewServer(grpc.ForceServerCodecV2(rawCodec{}), grpc.UnknownServiceHandler(s.handle))
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	client := dial(t, "passthrough:///stand-in", tabula.WithDialOptions(grpc.WithContextDialer(
		func(ctx context.Context, _ string) (net.Conn, error) { return listener.DialContext(ctx) })))
	return s, client
}

var pathStep = regexp.MustCompile(`^([a-z_0-9]+)((?:\[\d+\])*)$`)

// resolve finds the value at path (proto field names, [i] for list elements) and its field.
func resolve(root proto.Message, path string) (protoreflect.FieldDescriptor, protoreflect.Value, error) {
	message := root.ProtoReflect()
	var field protoreflect.FieldDescriptor
	var value protoreflect.Value
	for i, step := range strings.Split(path, ".") {
		found := pathStep.FindStringSubmatch(step)
		if found == nil || (i > 0 && message == nil) {
			return nil, value, fmt.Errorf("bad path %s", path)
		}
		field = message.Descriptor().Fields().ByName(protoreflect.Name(found[1]))
		if field == nil {
			return nil, value, fmt.Errorf("%s has no field %s", message.Descriptor().FullName(), found[1])
		}
		value = message.Get(field)
		for _, index := range regexp.MustCompile(`\d+`).FindAllString(found[2], -1) {
			n, _ := strconv.Atoi(index)
			if n >= value.List().Len() {
				return nil, value, fmt.Errorf("%s: index %d out of range", path, n)
			}
			value = value.List().Get(n)
		}
		message = nil
		if field.Message() != nil {
			message = value.Message()
		}
	}
	return field, value, nil
}

func runChecks(root proto.Message, checks []unknownCheck) error {
	for _, check := range checks {
		switch {
		case check.Enum != nil:
			field, value, err := resolve(root, *check.Enum)
			if err != nil {
				return err
			}
			if field.Enum() == nil {
				return fmt.Errorf("%s is not an enum field", *check.Enum)
			}
			if number := int32(value.Enum()); number != check.Number {
				return fmt.Errorf("%s holds %d, not %d", *check.Enum, number, check.Number)
			}
			enumType, err := protoregistry.GlobalTypes.FindEnumByName(field.Enum().FullName())
			if err != nil {
				return err
			}
			if shown := tabula.EnumName(enumType.New(value.Enum())); shown != check.Name {
				return fmt.Errorf("%s is shown as %q, not %q", *check.Enum, shown, check.Name)
			}
		case check.Move != nil:
			_, value, err := resolve(root, *check.Move)
			if err != nil {
				return err
			}
			move, ok := value.Message().Interface().(*tabulav1.Move)
			if !ok {
				return fmt.Errorf("%s is not a Move", *check.Move)
			}
			if kind := tabula.MoveKind(move); kind != check.Kind {
				return fmt.Errorf("%s is a %q move, not %q", *check.Move, kind, check.Kind)
			}
		case check.Event != nil:
			_, value, err := resolve(root, *check.Event)
			if err != nil {
				return err
			}
			event, ok := value.Message().Interface().(*tabulav1.GameEvent)
			if !ok {
				return fmt.Errorf("%s is not a GameEvent", *check.Event)
			}
			if kind := tabula.EventKind(event); kind != check.Kind {
				return fmt.Errorf("%s is a %q event, not %q", *check.Event, kind, check.Kind)
			}
		default:
			return fmt.Errorf("unknown check %+v", check)
		}
	}
	return nil
}

func checkStreamEntry(t *testing.T, entry unknownEntry) {
	s, client := startStandIn(t, entry)
	var events []*tabulav1.GameEvent
	for event, err := range client.Events(testContext(t), "g", 0, tabula.MaxReconnects(2), tabula.ReconnectDelay(10*time.Millisecond)) {
		if err != nil {
			t.Fatalf("the stream failed after %d events: %v", len(events), err)
		}
		events = append(events, event)
	}
	if len(events) != len(entry.Expect.Events) {
		t.Fatalf("%d events delivered, %d expected", len(events), len(entry.Expect.Events))
	}
	for i, want := range entry.Expect.Events {
		event := events[i]
		if got := strconv.FormatUint(event.GetSeq(), 10); got != want.Seq {
			t.Errorf("event %d: seq %s, expected %s", i, got, want.Seq)
		}
		if got := event.GetTime().AsTime().Format(time.RFC3339Nano); got != want.Time {
			t.Errorf("event %d: time %s, expected %s", i, got, want.Time)
		}
		if got := tabula.EventKind(event); got != want.Kind {
			t.Errorf("event %d: kind %q, expected %q", i, got, want.Kind)
		}
		if err := runChecks(event, want.Checks); err != nil {
			t.Errorf("event %d: %v", i, err)
		}
	}
	if want := entry.Expect.ReopenedAfter; want != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		if got := fmt.Sprint(s.afterSeqs); got != "[0 "+*want+"]" {
			t.Errorf("streams opened after %s, expected [0 %s]", got, *want)
		}
	}
}

func checkUnaryEntry(t *testing.T, entry unknownEntry) {
	_, client := startStandIn(t, entry)
	ctx := testContext(t)
	var answer interface {
		proto.Message
		GetSeq() uint64
	}
	var err error
	switch entry.Call {
	case "GetGame":
		answer, err = client.GetGame(ctx, "g")
	case "GetView":
		answer, err = client.GetView(ctx, "g")
	case "SubmitMove":
		answer, err = client.SubmitMove(ctx, "g", tabula.Drop(0))
	default:
		t.Fatalf("no unary call %s", entry.Call)
	}
	if err != nil {
		t.Fatal(err)
	}
	if got := strconv.FormatUint(answer.GetSeq(), 10); got != entry.Expect.Seq {
		t.Errorf("seq %s, expected %s", got, entry.Expect.Seq)
	}
	if err := runChecks(answer, entry.Expect.Checks); err != nil {
		t.Error(err)
	}
}

// TestNewerServerAnswers: unknown enum values are kept and named unknown(N), events and
// moves of unknown kinds are delivered as kind "unknown", and streams count their seqs.
func TestNewerServerAnswers(t *testing.T) {
	for _, entry := range loadUnknown(t) {
		t.Run(entry.Call+": "+entry.Name, func(t *testing.T) {
			if entry.Call == "StreamEvents" {
				checkStreamEntry(t, entry)
			} else {
				checkUnaryEntry(t, entry)
			}
		})
	}
}

func TestNamesAreTotal(t *testing.T) {
	for _, c := range [][2]string{
		{tabula.EnumName(tabulav1.GameKind_GAME_KIND_CHESS), "GAME_KIND_CHESS"},
		{tabula.EnumName(tabulav1.EndReason(999)), "unknown(999)"},
		{tabula.MoveKind(tabula.Ready()), "ready"},
		{tabula.MoveKind(&tabulav1.Move{}), "unknown"},
		{tabula.EventKind(&tabulav1.GameEvent{Seq: 1}), "unknown"},
		{tabula.EnumName(tabulav1.OutcomeType_OUTCOME_TYPE_NO_RESULT), "OUTCOME_TYPE_NO_RESULT"},
		{tabula.EnumName(tabulav1.EndReason_END_REASON_ABORTED), "END_REASON_ABORTED"},
		{tabula.EnumName(tabulav1.EndReason_END_REASON_ADJUDICATION), "END_REASON_ADJUDICATION"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_TOO_LATE_TO_ABORT), "ERROR_REASON_TOO_LATE_TO_ABORT"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_GameAborted{GameAborted: &tabulav1.GameAborted{}}}), "game_aborted"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_GameAdjudicated{GameAdjudicated: &tabulav1.GameAdjudicated{}}}), "game_adjudicated"},
		{tabula.ActorKind(&tabulav1.Actor{Kind: &tabulav1.Actor_Seat{Seat: 2}}), "seat"},
		{tabula.ActorKind(&tabulav1.Actor{Kind: &tabulav1.Actor_Service{Service: &tabulav1.ServiceActor{}}}), "service"},
		{tabula.ActorKind(&tabulav1.Actor{Kind: &tabulav1.Actor_Engine{Engine: 2}}), "engine"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_SEAT_PLAYED_BY_ENGINE), "ERROR_REASON_SEAT_PLAYED_BY_ENGINE"},
		{tabula.ActorKind(&tabulav1.Actor{Kind: &tabulav1.Actor_Clock{Clock: &tabulav1.ClockActor{}}}), "clock"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_TimedOut{TimedOut: &tabulav1.TimedOut{Seat: 1}}}), "timed_out"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_ClockPaused{ClockPaused: &tabulav1.ClockPaused{}}}), "clock_paused"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_ClockResumed{ClockResumed: &tabulav1.ClockResumed{}}}), "clock_resumed"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_TimeAdded{TimeAdded: &tabulav1.TimeAdded{Seat: 2}}}), "time_added"},
		{tabula.EnumName(tabulav1.EndReason_END_REASON_TIMEOUT), "END_REASON_TIMEOUT"},
		{tabula.EnumName(tabulav1.EndReason_END_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL), "END_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_OUT_OF_TIME), "ERROR_REASON_OUT_OF_TIME"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_NO_CLOCK), "ERROR_REASON_NO_CLOCK"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_CLOCK_PAUSED), "ERROR_REASON_CLOCK_PAUSED"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_CLOCK_NOT_PAUSED), "ERROR_REASON_CLOCK_NOT_PAUSED"},
		{tabula.EnumName(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE), "TIMEOUT_RULE_DEFAULT_MOVE"},
		{tabula.EnumName(tabulav1.EndReason_END_REASON_OPPONENT_LINE), "END_REASON_OPPONENT_LINE"},
		{tabula.EnumName(tabulav1.EndReason(26)), "END_REASON_OPPONENT_LINE"},
		{tabula.EnumName(tabulav1.Starter_STARTER_UNSPECIFIED), "STARTER_UNSPECIFIED"},
		{tabula.EnumName(tabulav1.Starter_STARTER_FIRST_SEAT), "STARTER_FIRST_SEAT"},
		{tabula.EnumName(tabulav1.Starter_STARTER_SECOND_SEAT), "STARTER_SECOND_SEAT"},
		{tabula.EnumName(tabulav1.Starter(3)), "STARTER_RANDOM"},
		{tabula.EnumName(tabulav1.Starter(4)), "unknown(4)"},
		{tabula.EnumName(tabulav1.Piece_PIECE_WALL), "PIECE_WALL"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_CELL_BLOCKED), "ERROR_REASON_CELL_BLOCKED"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_TakebackRequested{TakebackRequested: &tabulav1.TakebackRequested{Seat: 1}}}), "takeback_requested"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_TakebackDeclined{TakebackDeclined: &tabulav1.TakebackDeclined{Seat: 2}}}), "takeback_declined"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_MoveTakenBack{MoveTakenBack: &tabulav1.MoveTakenBack{Seat: 1, MoveNumber: 1}}}), "move_taken_back"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_TAKEBACK_ALREADY_REQUESTED), "ERROR_REASON_TAKEBACK_ALREADY_REQUESTED"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_NO_TAKEBACK_REQUEST), "ERROR_REASON_NO_TAKEBACK_REQUEST"},
		{tabula.EnumName(tabulav1.ErrorReason(78)), "ERROR_REASON_TAKEBACK_ALREADY_REQUESTED"},
		{tabula.EnumName(tabulav1.ErrorReason(79)), "ERROR_REASON_NO_TAKEBACK_REQUEST"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_SAVED_CONFIG_NOT_FOUND), "ERROR_REASON_SAVED_CONFIG_NOT_FOUND"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_SAVED_CONFIG_EXISTS), "ERROR_REASON_SAVED_CONFIG_EXISTS"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_TOO_MANY_SAVED_CONFIGS), "ERROR_REASON_TOO_MANY_SAVED_CONFIGS"},
		{tabula.EnumName(tabulav1.ErrorReason(80)), "ERROR_REASON_SAVED_CONFIG_NOT_FOUND"},
		{tabula.EnumName(tabulav1.ErrorReason(81)), "ERROR_REASON_SAVED_CONFIG_EXISTS"},
		{tabula.EnumName(tabulav1.ErrorReason(82)), "ERROR_REASON_TOO_MANY_SAVED_CONFIGS"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_SERIES_NOT_FOUND), "ERROR_REASON_SERIES_NOT_FOUND"},
		{tabula.EnumName(tabulav1.ErrorReason(83)), "ERROR_REASON_SERIES_NOT_FOUND"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_EVENT_LOG_FULL), "ERROR_REASON_EVENT_LOG_FULL"},
		{tabula.EnumName(tabulav1.ErrorReason(85)), "ERROR_REASON_HOST_NOT_ALLOWED"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_REMATCH_EXISTS), "ERROR_REASON_REMATCH_EXISTS"},
		{tabula.EnumName(tabulav1.ErrorReason(86)), "ERROR_REASON_REMATCH_EXISTS"},
		{(&tabula.Error{Reason: "REMATCH_EXISTS"}).ReasonCode().String(), "ERROR_REASON_REMATCH_EXISTS"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_GAME_NOT_STARTED), "ERROR_REASON_GAME_NOT_STARTED"},
		{tabula.EnumName(tabulav1.ErrorReason(87)), "ERROR_REASON_GAME_NOT_STARTED"},
		{(&tabula.Error{Reason: "GAME_NOT_STARTED"}).ReasonCode().String(), "ERROR_REASON_GAME_NOT_STARTED"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_CLAIM_NOT_AVAILABLE), "ERROR_REASON_CLAIM_NOT_AVAILABLE"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_CLAIM_TOO_EARLY), "ERROR_REASON_CLAIM_TOO_EARLY"},
		{tabula.EnumName(tabulav1.ErrorReason(88)), "ERROR_REASON_CLAIM_NOT_AVAILABLE"},
		{tabula.EnumName(tabulav1.ErrorReason(89)), "ERROR_REASON_CLAIM_TOO_EARLY"},
		{(&tabula.Error{Reason: "CLAIM_NOT_AVAILABLE"}).ReasonCode().String(), "ERROR_REASON_CLAIM_NOT_AVAILABLE"},
		{(&tabula.Error{Reason: "CLAIM_TOO_EARLY"}).ReasonCode().String(), "ERROR_REASON_CLAIM_TOO_EARLY"},
		{tabula.EnumName(tabulav1.ErrorReason(90)), "ERROR_REASON_TOURNAMENT_NOT_FOUND"},
		{tabula.EnumName(tabulav1.ErrorReason(91)), "ERROR_REASON_TOURNAMENT_OVER"},
		{tabula.EnumName(tabulav1.ErrorReason(92)), "ERROR_REASON_PRIVATE_TOURNAMENT"},
		{tabula.EnumName(tabulav1.ErrorReason(93)), "ERROR_REASON_RULES_FAULT"},
		{tabula.EnumName(tabulav1.ErrorReason(94)), "ERROR_REASON_GAME_FAULTED"},
		{tabula.EnumName(tabulav1.ErrorReason(95)), "ERROR_REASON_SEARCH_LIMIT_REACHED"},
		{tabula.EnumName(tabulav1.ErrorReason(96)), "ERROR_REASON_GAME_EXISTS"},
		{tabula.EnumName(tabulav1.ErrorReason(97)), "ERROR_REASON_INVALID_DOCUMENT"},
		{tabula.EnumName(tabulav1.ErrorReason(98)), "unknown(98)"},
		{(&tabula.Error{Reason: "SEARCH_LIMIT_REACHED"}).ReasonCode().String(), "ERROR_REASON_SEARCH_LIMIT_REACHED"},
		{(&tabula.Error{Reason: "GAME_EXISTS"}).ReasonCode().String(), "ERROR_REASON_GAME_EXISTS"},
		{(&tabula.Error{Reason: "INVALID_DOCUMENT"}).ReasonCode().String(), "ERROR_REASON_INVALID_DOCUMENT"},
		{(&tabula.Error{Reason: "TOURNAMENT_OVER"}).ReasonCode().String(), "ERROR_REASON_TOURNAMENT_OVER"},
		{(&tabula.Error{Reason: "PRIVATE_TOURNAMENT"}).ReasonCode().String(), "ERROR_REASON_PRIVATE_TOURNAMENT"},
		{tabula.TournamentEventKind(&tabulav1.TournamentEvent{Kind: &tabulav1.TournamentEvent_RoundPaired{RoundPaired: &tabulav1.TournamentRound{}}}), "round_paired"},
		{tabula.TournamentEventKind(&tabulav1.TournamentEvent{Kind: &tabulav1.TournamentEvent_BoardFinished{BoardFinished: &tabulav1.TournamentBoardFinished{}}}), "board_finished"},
		{tabula.TournamentEventKind(&tabulav1.TournamentEvent{Kind: &tabulav1.TournamentEvent_RoundFinished{RoundFinished: &tabulav1.TournamentRoundFinished{}}}), "round_finished"},
		{tabula.TournamentEventKind(&tabulav1.TournamentEvent{Kind: &tabulav1.TournamentEvent_PlayerWithdrew{PlayerWithdrew: &tabulav1.TournamentPlayerWithdrew{}}}), "player_withdrew"},
		{tabula.TournamentEventKind(&tabulav1.TournamentEvent{Kind: &tabulav1.TournamentEvent_TournamentEnded{TournamentEnded: &tabulav1.TournamentEnded{}}}), "tournament_ended"},
		{tabula.TournamentEventKind(&tabulav1.TournamentEvent{Seq: 1}), "unknown"},
		{tabula.TournamentEventKind(nil), "unknown"},
		{tabula.EnumName(tabulav1.TournamentStatus(4)), "unknown(4)"},
		{tabula.EnumName(tabulav1.TournamentFormat_TOURNAMENT_FORMAT_SWISS), "TOURNAMENT_FORMAT_SWISS"},
		{tabula.EnumName(tabulav1.TournamentFormat(4)), "TOURNAMENT_FORMAT_SWISS"},
		{tabula.EnumName(tabulav1.TournamentFormat(5)), "unknown(5)"},
		{tabula.EnumName(tabulav1.BoardResult(8)), "unknown(8)"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_SeatPresenceChanged{SeatPresenceChanged: &tabulav1.SeatPresenceChanged{Seat: 2}}}), "seat_presence_changed"},
		{tabula.EnumName(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_SEAT_PRESENT), "OWNER_EVENT_KIND_SEAT_PRESENT"},
		{tabula.EnumName(tabulav1.OwnerEventKind(7)), "OWNER_EVENT_KIND_SEAT_GONE"},
		{tabula.EnumName(tabulav1.OwnerEventKind(8)), "OWNER_EVENT_KIND_CLOCK_FLAGGED"},
		{tabula.EnumName(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_MOVE_PLAYED), "OWNER_EVENT_KIND_MOVE_PLAYED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(9)), "OWNER_EVENT_KIND_MOVE_PLAYED"},
		{tabula.EnumName(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_GAME_RESUMED), "OWNER_EVENT_KIND_GAME_RESUMED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(10)), "OWNER_EVENT_KIND_GAME_RESUMED"},
		{tabula.EnumName(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_SERIES_GAME_FINISHED), "OWNER_EVENT_KIND_SERIES_GAME_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(11)), "OWNER_EVENT_KIND_SERIES_GAME_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_SERIES_FINISHED), "OWNER_EVENT_KIND_SERIES_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(12)), "OWNER_EVENT_KIND_SERIES_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(13)), "OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED), "OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(14)), "OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(15)), "OWNER_EVENT_KIND_TOURNAMENT_FINISHED"},
		{tabula.EnumName(tabulav1.OwnerEventKind(16)), "unknown(16)"},
		{tabula.EventKind(&tabulav1.GameEvent{Kind: &tabulav1.GameEvent_GameResumed{GameResumed: &tabulav1.GameResumed{}}}), "game_resumed"},
		{tabula.EnumName(tabulav1.ErrorReason_ERROR_REASON_GAME_NOT_FINISHED), "ERROR_REASON_GAME_NOT_FINISHED"},
		{(&tabula.Error{Reason: "GAME_NOT_FINISHED"}).ReasonCode().String(), "ERROR_REASON_GAME_NOT_FINISHED"},
		{(&tabula.Error{Reason: "SERIES_NOT_FOUND"}).ReasonCode().String(), "ERROR_REASON_SERIES_NOT_FOUND"},
		{tabula.SeriesEventKind(&tabulav1.SeriesEvent{Kind: &tabulav1.SeriesEvent_GameStarted{GameStarted: &tabulav1.SeriesGameStarted{}}}), "game_started"},
		{tabula.SeriesEventKind(&tabulav1.SeriesEvent{Kind: &tabulav1.SeriesEvent_GameFinished{GameFinished: &tabulav1.SeriesGameFinished{}}}), "game_finished"},
		{tabula.SeriesEventKind(&tabulav1.SeriesEvent{Kind: &tabulav1.SeriesEvent_SeriesFinished{SeriesFinished: &tabulav1.SeriesFinished{}}}), "series_finished"},
		{tabula.SeriesEventKind(&tabulav1.SeriesEvent{Seq: 1}), "unknown"},
		{tabula.SeriesEventKind(nil), "unknown"},
		{tabula.EnumName(tabulav1.SeriesDraws_SERIES_DRAWS_REPLAYED), "SERIES_DRAWS_REPLAYED"},
		{tabula.EnumName(tabulav1.SeriesStatus(3)), "unknown(3)"},
		{(&tabula.Error{Reason: "SAVED_CONFIG_EXISTS"}).ReasonCode().String(), "ERROR_REASON_SAVED_CONFIG_EXISTS"},
		{tabula.ActorKind(&tabulav1.Actor{}), "unknown"},
		{tabula.ActorKind(nil), "unknown"},
	} {
		if c[0] != c[1] {
			t.Errorf("got %q, want %q", c[0], c[1])
		}
	}
}
