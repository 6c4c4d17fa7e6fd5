package tabula_test

// Taking back the move that ended a game (EndingTakebackWindow): against a real server (X
// wins tic-tac-toe, the end is not final yet so a rematch and an archive wait, X takes the
// winning move back and the game is in progress again, on the game's stream and the
// owner's), and offline against a stand-in server (the requests the calls send, the calls
// that refuse the option).

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// endingTakebackGame creates a tic-tac-toe game that allows takebacks and lets the move that
// ends it be taken back for window, and returns its id and its two seats' clients.
func endingTakebackGame(t *testing.T, ctx context.Context, manager *tabula.Client, window time.Duration) (gameID string, x, o *tabula.Client) {
	t.Helper()
	config := ticTacToeConfig()
	config.AllowTakebacks = true
	created, err := manager.CreateGameFromConfig(ctx, config, tabula.EndingTakebackWindow(window))
	if err != nil {
		t.Fatal(err)
	}
	if config.GetEndingTakebackWindow() != nil {
		t.Fatalf("EndingTakebackWindow changed the caller's configuration: %v", config)
	}
	answered := created.GetGame().GetConfig()
	if got := answered.GetEndingTakebackWindow().AsDuration(); got != window || !answered.GetAllowTakebacks() {
		t.Fatalf("the answered configuration has ending_takeback_window %v and allow_takebacks %v, want %v and true",
			answered.GetEndingTakebackWindow(), answered.GetAllowTakebacks(), window)
	}
	tokens := created.GetSeatTokens()
	return created.GetGame().GetGameId(), manager.As(tokens[0].GetToken()), manager.As(tokens[1].GetToken())
}

// winTopRow plays X's win on the top row and returns the answer to the winning move.
func winTopRow(t *testing.T, ctx context.Context, gameID string, x, o *tabula.Client) *tabulav1.SubmitMoveResponse {
	t.Helper()
	var last *tabulav1.SubmitMoveResponse
	for i, step := range []struct {
		seat     *tabula.Client
		row, col uint32
	}{{x, 0, 0}, {o, 1, 0}, {x, 0, 1}, {o, 1, 1}, {x, 0, 2}} {
		moved, err := step.seat.SubmitMove(ctx, gameID, tabula.PlaceCell(step.row, step.col))
		if err != nil {
			t.Fatalf("move %d at (%d,%d): %v", i+1, step.row, step.col, err)
		}
		last = moved
	}
	return last
}

func TestTheMoveThatEndedTheGameIsTakenBackWithinTheWindow(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t)) // a server without keys: every game is the owner's

	// A window needs takebacks allowed.
	_, err := manager.CreateGameFromConfig(ctx, ticTacToeConfig(), tabula.EndingTakebackWindow(60*time.Second))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")

	gameID, x, o := endingTakebackGame(t, ctx, manager, 60*time.Second)

	won := winTopRow(t, ctx, gameID, x, o)
	if won.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED || won.GetOutcome().GetWinner() != 1 {
		t.Fatalf("after X's top row: status %v, outcome %v; want finished, won by seat 1", won.GetStatus(), won.GetOutcome())
	}
	endedAt := won.GetSeq()

	// The end may still be taken back: no rematch and no archive yet.
	_, err = manager.CreateRematch(ctx, gameID)
	e := requireError(t, err, codes.FailedPrecondition, "GAME_NOT_FINISHED")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_GAME_NOT_FINISHED {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
	finalAt, err := time.Parse(time.RFC3339Nano, e.Metadata["final_at"])
	if err != nil {
		t.Fatalf("the refusal's metadata final_at %q: %v (metadata %v)", e.Metadata["final_at"], err, e.Metadata)
	}
	if until := time.Until(finalAt); until <= 0 || until > 61*time.Second {
		t.Fatalf("the end is final at %v, %v from now; want within the 60s window", finalAt, until)
	}
	_, err = manager.ArchiveGame(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "GAME_NOT_FINISHED")

	// X takes its winning move back: the game is in progress again, X to move.
	if _, err := x.TakeBack(ctx, gameID); err != nil {
		t.Fatal(err)
	}
	view, err := x.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if view.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS || view.GetOutcome() != nil ||
		!slices.Equal(view.GetToAct(), []uint32{1}) || view.GetMoveCount() != 4 {
		t.Fatalf("after the takeback: status %v, outcome %v, to act %v, %d moves; want in progress, no outcome, [1], 4",
			tabula.EnumName(view.GetStatus()), view.GetOutcome(), view.GetToAct(), view.GetMoveCount())
	}

	// The game's events: the end, the takeback by X, the game resumed. The stream stays open
	// (the game is on), so read up to the view's seq.
	streamCtx, stop := context.WithTimeout(ctx, 10*time.Second)
	defer stop()
	var events []*tabulav1.GameEvent
	for event, err := range manager.Events(streamCtx, gameID, 0) {
		if err != nil {
			t.Fatalf("the game's events after %q: %v", history(events), err)
		}
		events = append(events, event)
		if event.GetSeq() >= view.GetSeq() {
			break
		}
	}
	if len(events) < 3 {
		t.Fatalf("the game's events are %q", history(events))
	}
	tail := events[len(events)-3:]
	if got := history(tail); strings.Join(got, "; ") != "game_ended by none; move_taken_back by seat 1; game_resumed by none" {
		t.Fatalf("the history ends with %q, want the end, X's takeback and the game resumed (all: %q)", got, history(events))
	}
	if tail[0].GetSeq() != endedAt || tail[2].GetGameResumed() == nil {
		t.Fatalf("the end at seq %d (the winning move answered seq %d); resumed %v", tail[0].GetSeq(), endedAt, tail[2])
	}
	resumed := tail[2]

	// The owner's stream, kept to GAME_RESUMED, has one entry for the game: the game_resumed.
	// A second game resumed the same way marks where to stop reading.
	otherID, otherX, otherO := endingTakebackGame(t, ctx, manager, 60*time.Second)
	winTopRow(t, ctx, otherID, otherX, otherO)
	if _, err := otherX.TakeBack(ctx, otherID); err != nil {
		t.Fatal(err)
	}
	ownerCtx, stopOwner := context.WithTimeout(ctx, 10*time.Second)
	defer stopOwner()
	var mine []*tabulav1.OwnerEvent
	for event, err := range manager.OwnerEvents(ownerCtx, 0, tabula.OwnerKinds(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_GAME_RESUMED)) {
		if err != nil {
			t.Fatalf("the owner's stream after %d entries for the game: %v", len(mine), err)
		}
		if kind := event.GetKind(); kind != tabulav1.OwnerEventKind_OWNER_EVENT_KIND_GAME_RESUMED {
			t.Fatalf("the stream kept to GAME_RESUMED delivered %s", tabula.EnumName(kind))
		}
		if event.GetGameEvent().GetGameId() == gameID {
			mine = append(mine, event)
		}
		if event.GetGameEvent().GetGameId() == otherID {
			break
		}
	}
	if len(mine) != 1 {
		t.Fatalf("the owner's stream has %d GAME_RESUMED entries for the game, want 1: %v", len(mine), mine)
	}
	if got := mine[0].GetGameEvent(); got.GetSeq() != resumed.GetSeq() || got.GetGameResumed() == nil {
		t.Fatalf("the owner's entry holds %v, want the game_resumed at seq %d", got, resumed.GetSeq())
	}
}

func TestEndingTakebackWindowSendsTheWindow(t *testing.T) {
	s := &presenceService{}
	client := startFake(t, s)
	ctx := testContext(t)

	config := ticTacToeConfig()
	config.AllowTakebacks = true
	config.EndingTakebackWindow = durationpb.New(time.Minute)
	for _, opt := range []tabula.GameConfigOption{
		tabula.EndingTakebackWindow(1500 * time.Millisecond),
		tabula.EndingTakebackWindow(0), // none: the configuration's window is cleared
	} {
		if _, err := client.CreateGameFromConfig(ctx, config, opt); err != nil {
			t.Fatal(err)
		}
	}
	if config.GetEndingTakebackWindow().AsDuration() != time.Minute {
		t.Fatalf("EndingTakebackWindow changed the caller's configuration: %v", config)
	}
	seen := s.seen()
	if len(seen) != 2 {
		t.Fatalf("%d requests reached the server, want 2", len(seen))
	}
	first := seen[0].(*tabulav1.CreateGameRequest).GetConfig()
	if first.GetEndingTakebackWindow().AsDuration() != 1500*time.Millisecond || !first.GetAllowTakebacks() || first.GetTicTacToe() == nil {
		t.Fatalf("EndingTakebackWindow(1.5s) sent %v", first)
	}
	if second := seen[1].(*tabulav1.CreateGameRequest).GetConfig(); second.GetEndingTakebackWindow() != nil {
		t.Fatalf("EndingTakebackWindow(0) sent %v, want no window", second)
	}
	built, err := tabula.GameFromConfig(ticTacToeConfig(), tabula.EndingTakebackWindow(time.Hour))
	if err != nil || built.GetConfig().GetEndingTakebackWindow().AsDuration() != time.Hour {
		t.Fatalf("GameFromConfig with EndingTakebackWindow: %v, %v", built, err)
	}

	if n := len(s.seen()); n != 2 {
		t.Fatalf("%d requests reached the server, want 2", n)
	}
}
