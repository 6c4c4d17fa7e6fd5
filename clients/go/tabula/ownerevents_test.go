package tabula_test

// The owner's stream (StreamOwnerEvents): against a live server with a service key, and
// offline against a stand-in that shows what the client asks for and how it resumes.

import (
	"context"
	"errors"
	"iter"
	"strconv"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

const (
	ownerCreated = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_GAME_CREATED
	ownerStarted = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_GAME_STARTED
	ownerEnded   = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_GAME_ENDED
)

// ownerStreamTimeout bounds each stream a test opens: a read that never comes ends the
// stream with the context's error instead of hanging the test.
const ownerStreamTimeout = 20 * time.Second

// pullOwnerEvents opens events (an OwnerEvents sequence made with ctx) and returns a
// function that reads its next event, failing the test when the stream ends or fails
// instead. The stream closes when the test ends.
func pullOwnerEvents(t *testing.T, events iter.Seq2[*tabulav1.OwnerEvent, error]) func() *tabulav1.OwnerEvent {
	t.Helper()
	next, stop := iter.Pull2(events)
	t.Cleanup(stop)
	return func() *tabulav1.OwnerEvent {
		t.Helper()
		event, err, ok := next()
		if !ok {
			t.Fatal("the owner stream ended")
		}
		if err != nil {
			t.Fatalf("the owner stream failed: %v", err)
		}
		return event
	}
}

// requireOwnerEvent checks event is of kind, about gameID, with a cursor greater than
// after, and returns the game's event it carries.
func requireOwnerEvent(t *testing.T, event *tabulav1.OwnerEvent, kind tabulav1.OwnerEventKind, gameID string, after uint64) *tabulav1.GameEvent {
	t.Helper()
	if event.GetKind() != kind || event.GetGameEvent().GetGameId() != gameID {
		t.Fatalf("got %s of game %q (%v), want %s of game %q",
			tabula.EnumName(event.GetKind()), event.GetGameEvent().GetGameId(), event, tabula.EnumName(kind), gameID)
	}
	if event.GetCursor() <= after {
		t.Fatalf("%s of game %s has cursor %d, want more than %d", tabula.EnumName(kind), gameID, event.GetCursor(), after)
	}
	return event.GetGameEvent()
}

// labelledTicTacToe creates a classic tic-tac-toe game with labels and returns its id and
// its two seats, on the manager's connection.
func labelledTicTacToe(t *testing.T, ctx context.Context, manager *tabula.Client, labels map[string]string) (gameID string, x, o *tabula.Client) {
	t.Helper()
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.Labels(labels))
	if err != nil {
		t.Fatal(err)
	}
	tokens := created.GetSeatTokens()
	return created.GetGame().GetGameId(), manager.As(tokens[0].GetToken()), manager.As(tokens[1].GetToken())
}

func TestOwnerEventsFollowTheKeysGames(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	// Only this test's games: the stream is filtered by a label no other game carries.
	mine := map[string]string{"suite": "owner-events-follow"}

	firstID, x1, _ := labelledTicTacToe(t, ctx, manager, mine)
	otherID, otherX, _ := labelledTicTacToe(t, ctx, manager, nil) // the key's, not labelled
	secondID, _, o2 := labelledTicTacToe(t, ctx, manager, mine)

	streamCtx, cancel := context.WithTimeout(ctx, ownerStreamTimeout)
	defer cancel()
	next := pullOwnerEvents(t, manager.OwnerEvents(streamCtx, 0, tabula.OwnerLabels(mine)))

	// The backlog: both creations, in order; the unlabelled game's is left out, so the
	// cursors skip its number.
	created1 := next()
	if e := requireOwnerEvent(t, created1, ownerCreated, firstID, 0); e.GetGameCreated() == nil || e.GetSeq() != 1 {
		t.Fatalf("the first game's creation carries %v", e)
	}
	created2 := next()
	if e := requireOwnerEvent(t, created2, ownerCreated, secondID, created1.GetCursor()); e.GetGameCreated() == nil || e.GetSeq() != 1 {
		t.Fatalf("the second game's creation carries %v", e)
	}
	if created2.GetCursor() == created1.GetCursor()+1 {
		t.Fatalf("cursors %d then %d: the unlabelled game %s was created between them", created1.GetCursor(), created2.GetCursor(), otherID)
	}

	// Live: the unlabelled game's first move is left out; the first game's starts it.
	if _, err := otherX.SubmitMove(ctx, otherID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := x1.SubmitMove(ctx, firstID, tabula.PlaceCell(0, 0)); err != nil {
		t.Fatal(err)
	}
	started := next()
	applied := requireOwnerEvent(t, started, ownerStarted, firstID, created2.GetCursor()).GetMoveApplied()
	if applied.GetSeat() != 1 || applied.GetMoveNumber() != 1 || !proto.Equal(applied.GetMove(), tabula.PlaceCell(0, 0)) {
		t.Fatalf("the start carries %v, want X's first move at (0, 0)", started.GetGameEvent())
	}

	// O resigns the second game: X wins it.
	if _, err := o2.Resign(ctx, secondID); err != nil {
		t.Fatal(err)
	}
	ended := next()
	outcome := requireOwnerEvent(t, ended, ownerEnded, secondID, started.GetCursor()).GetGameEnded().GetOutcome()
	if outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN || outcome.GetWinner() != 1 || outcome.GetReason() != tabulav1.EndReason_END_REASON_RESIGNATION {
		t.Fatalf("the end carries %v, want X's win by resignation", ended.GetGameEvent())
	}

	// A second reader, from the first creation on, asking for ends only: the second game's
	// end, exactly as the first reader saw it.
	endsCtx, cancelEnds := context.WithTimeout(ctx, ownerStreamTimeout)
	defer cancelEnds()
	nextEnd := pullOwnerEvents(t, manager.OwnerEvents(endsCtx, created1.GetCursor(), tabula.OwnerKinds(ownerEnded), tabula.OwnerLabels(mine)))
	if first := nextEnd(); !proto.Equal(first, ended) {
		t.Fatalf("the ends after cursor %d start with %v, want %v", created1.GetCursor(), first, ended)
	}

	// The stream needs the service key (as every managing call: without a credential, and
	// with a seat's), and a cursor the key has reached.
	requireError(t, firstOwnerFailure(t, manager.As("").OwnerEvents(streamCtx, 0, tabula.OwnerLabels(mine))),
		codes.Unauthenticated, "CREDENTIAL_REQUIRED")
	requireError(t, firstOwnerFailure(t, x1.OwnerEvents(streamCtx, 0, tabula.OwnerLabels(mine))),
		codes.PermissionDenied, "SERVICE_KEY_REQUIRED")
	e := requireError(t, firstOwnerFailure(t, manager.OwnerEvents(streamCtx, ended.GetCursor()+100)), codes.OutOfRange, "SEQ_OUT_OF_RANGE")
	if e.Metadata["current_cursor"] != strconv.FormatUint(ended.GetCursor(), 10) {
		t.Fatalf("metadata %v, want current_cursor %d", e.Metadata, ended.GetCursor())
	}
}

// firstOwnerFailure is the error an OwnerEvents sequence starts with, failing the test when
// it yields an event or nothing instead.
func firstOwnerFailure(t *testing.T, events iter.Seq2[*tabulav1.OwnerEvent, error]) error {
	t.Helper()
	for event, err := range events {
		if err == nil {
			t.Fatalf("delivered %v, want an error", event)
		}
		return err
	}
	t.Fatal("the owner stream ended without an error")
	return nil
}

func TestOwnerEventsResumeAfterTheConnectionDrops(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	proxy := testserver.StartProxy(t, address)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	reader := dial(t, proxy.Address, tabula.WithCredential(arbiterSecret))
	mine := map[string]string{"suite": "owner-events-resume"}
	gameID, x, o := labelledTicTacToe(t, ctx, manager, mine)

	streamCtx, cancel := context.WithTimeout(ctx, ownerStreamTimeout)
	defer cancel()
	var events []*tabulav1.OwnerEvent
	cut := false
	for event, err := range reader.OwnerEvents(streamCtx, 0, tabula.OwnerLabels(mine), tabula.ReconnectDelay(20*time.Millisecond)) {
		if err != nil {
			t.Fatalf("after %d events: %v", len(events), err)
		}
		events = append(events, event)
		if !cut {
			// The creation has arrived: drop the connection, then start and end the game
			// while the reader is away.
			if n := proxy.Cut(); n == 0 {
				t.Fatal("no connection went through the proxy")
			}
			cut = true
			if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 0)); err != nil {
				t.Fatal(err)
			}
			if _, err := o.Resign(ctx, gameID); err != nil {
				t.Fatal(err)
			}
		}
		if event.GetKind() == ownerEnded {
			break
		}
	}
	if len(events) != 3 {
		t.Fatalf("got %d events (%v), want the creation, the start and the end", len(events), events)
	}
	var after uint64
	for i, kind := range []tabulav1.OwnerEventKind{ownerCreated, ownerStarted, ownerEnded} {
		requireOwnerEvent(t, events[i], kind, gameID, after)
		after = events[i].GetCursor()
	}
}

// ownerService is a stand-in StreamOwnerEvents: its nth call sends the cursors of
// scripts[n], then ends with ends[n] (nil: stays open until the call ends).
type ownerService struct {
	tabulav1.UnimplementedGameServiceServer
	scripts [][]uint64
	ends    []error

	mu       sync.Mutex
	requests []*tabulav1.StreamOwnerEventsRequest
}

func (s *ownerService) StreamOwnerEvents(request *tabulav1.StreamOwnerEventsRequest, stream grpc.ServerStreamingServer[tabulav1.StreamOwnerEventsResponse]) error {
	s.mu.Lock()
	call := len(s.requests)
	s.requests = append(s.requests, request)
	s.mu.Unlock()
	if call >= len(s.scripts) {
		return status.Error(codes.Unavailable, "no more streams")
	}
	for _, cursor := range s.scripts[call] {
		event := &tabulav1.OwnerEvent{Cursor: cursor, Kind: ownerCreated, GameEvent: &tabulav1.GameEvent{GameId: "g" + strconv.FormatUint(cursor, 10), Seq: 1}}
		if err := stream.Send(&tabulav1.StreamOwnerEventsResponse{Event: event}); err != nil {
			return err
		}
	}
	if s.ends[call] != nil {
		return s.ends[call]
	}
	<-stream.Context().Done()
	return nil
}

func (s *ownerService) seen() []*tabulav1.StreamOwnerEventsRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*tabulav1.StreamOwnerEventsRequest(nil), s.requests...)
}

func TestOwnerEventsSendTheFiltersAndResumeAfterTheLastCursor(t *testing.T) {
	t.Run("resumes with the same filters, then refuses a cursor that goes back", func(t *testing.T) {
		s := &ownerService{
			scripts: [][]uint64{{3, 5}, {9, 9}},
			ends:    []error{status.Error(codes.Unavailable, "shutting down"), nil},
		}
		client := startFake(t, s)
		labels := map[string]string{"league": "spring"}
		kinds := []tabulav1.OwnerEventKind{ownerCreated, ownerEnded}
		opts := []tabula.OwnerEventsOption{
			tabula.OwnerKinds(kinds...), tabula.OwnerLabels(labels), tabula.OwnerLabels(map[string]string{"round": "2"}),
			tabula.ReconnectDelay(time.Millisecond),
		}
		labels["league"], kinds[0] = "changed", ownerStarted // the options made copies
		var cursors []uint64
		var failures []error
		for event, err := range client.OwnerEvents(testContext(t), 2, opts...) {
			if err != nil {
				failures = append(failures, err)
				continue
			}
			cursors = append(cursors, event.GetCursor())
		}
		if len(cursors) != 3 || cursors[0] != 3 || cursors[1] != 5 || cursors[2] != 9 || len(failures) != 1 {
			t.Fatalf("delivered %v and errors %v, want 3, 5, 9 then one error", cursors, failures)
		}
		var e *tabula.Error
		if !errors.As(failures[0], &e) || e.Code != codes.DataLoss || e.Reason != tabula.ReasonCursorOutOfOrder ||
			e.Metadata["last_cursor"] != "9" || e.Metadata["received_cursor"] != "9" {
			t.Fatalf("got %v, want DataLoss/%s with cursors 9 and 9", failures[0], tabula.ReasonCursorOutOfOrder)
		}
		wantFilters := map[string]string{"league": "spring", "round": "2"}
		requests := s.seen()
		if len(requests) != 2 {
			t.Fatalf("the stream was opened %d times, want twice", len(requests))
		}
		for i, after := range []uint64{2, 5} {
			want := &tabulav1.StreamOwnerEventsRequest{
				AfterCursor: after, Kinds: []tabulav1.OwnerEventKind{ownerCreated, ownerEnded}, Labels: wantFilters,
			}
			if !proto.Equal(requests[i], want) {
				t.Errorf("stream %d asked for %v, want %v", i+1, requests[i], want)
			}
		}
	})
	t.Run("gives up after MaxReconnects", func(t *testing.T) {
		unavailable := status.Error(codes.Unavailable, "down")
		s := &ownerService{scripts: [][]uint64{{}, {}, {}}, ends: []error{unavailable, unavailable, unavailable}}
		client := startFake(t, s)
		var last error
		for event, err := range client.OwnerEvents(testContext(t), 0, tabula.MaxReconnects(1), tabula.ReconnectDelay(time.Millisecond)) {
			if err == nil {
				t.Fatalf("delivered %v", event)
			}
			last = err
		}
		if status.Code(last) != codes.Unavailable {
			t.Fatalf("ended with %v, want Unavailable", last)
		}
		if n := len(s.seen()); n != 2 {
			t.Fatalf("the stream was opened %d times, want twice (one reconnection)", n)
		}
	})
}
