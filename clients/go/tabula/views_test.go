package tabula_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// streamRecorder keeps every StreamEvents request a client sends and every response it
// receives, as a stream interceptor.
type streamRecorder struct {
	mu        sync.Mutex
	requests  []*tabulav1.StreamEventsRequest
	responses []*tabulav1.StreamEventsResponse
}

func (r *streamRecorder) intercept(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	stream, err := streamer(ctx, desc, cc, method, opts...)
	if err != nil {
		return nil, err
	}
	return recordedStream{stream, r}, nil
}

// take returns what was recorded so far and starts afresh.
func (r *streamRecorder) take() ([]*tabulav1.StreamEventsRequest, []*tabulav1.StreamEventsResponse) {
	r.mu.Lock()
	defer r.mu.Unlock()
	requests, responses := r.requests, r.responses
	r.requests, r.responses = nil, nil
	return requests, responses
}

type recordedStream struct {
	grpc.ClientStream
	recorder *streamRecorder
}

func (s recordedStream) SendMsg(m any) error {
	if request, ok := m.(*tabulav1.StreamEventsRequest); ok {
		s.recorder.mu.Lock()
		s.recorder.requests = append(s.recorder.requests, proto.CloneOf(request))
		s.recorder.mu.Unlock()
	}
	return s.ClientStream.SendMsg(m)
}

func (s recordedStream) RecvMsg(m any) error {
	err := s.ClientStream.RecvMsg(m)
	if response, ok := m.(*tabulav1.StreamEventsResponse); ok && err == nil {
		s.recorder.mu.Lock()
		s.recorder.responses = append(s.recorder.responses, proto.CloneOf(response))
		s.recorder.mu.Unlock()
	}
	return err
}

// checkViews asserts that every event came with a view of the same seq and that the last
// view is what GetView answers now.
func checkViews(t *testing.T, ctx context.Context, client *tabula.Client, gameID string, got []tabula.EventWithView) {
	t.Helper()
	for _, item := range got {
		if item.View == nil {
			t.Fatalf("event %d came without a view", item.Event.GetSeq())
		}
		if item.View.GetSeq() != item.Event.GetSeq() {
			t.Fatalf("event %d came with the view of seq %d", item.Event.GetSeq(), item.View.GetSeq())
		}
	}
	now, err := client.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if last := got[len(got)-1].View; !proto.Equal(last, now) {
		t.Fatalf("the last view is %v, GetView answers %v", last, now)
	}
}

func TestEventsWithViewsCarryTheGameAfterEachEvent(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	gameID, red, yellow := connectFour(t, ctx, address)
	var recorder streamRecorder
	spectator := dial(t, address, tabula.WithDialOptions(grpc.WithStreamInterceptor(recorder.intercept)))

	done := make(chan []tabula.EventWithView, 1)
	go func() {
		var got []tabula.EventWithView
		for item, err := range spectator.EventsWithViews(ctx, gameID, 0) {
			if err != nil {
				t.Errorf("after %d events: %v", len(got), err)
				break
			}
			got = append(got, item)
		}
		done <- got
	}()
	play(t, ctx, gameID, [2]*tabula.Client{red, yellow}, redWinsColumns)
	var got []tabula.EventWithView
	select {
	case got = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the stream did not end after the game did")
	}

	events := make([]*tabulav1.GameEvent, len(got))
	for i, item := range got {
		events[i] = item.Event
		if want := min(uint32(i), uint32(len(redWinsColumns))); item.View.GetMoveCount() != want {
			t.Fatalf("the view of event %d counts %d moves, want %d", item.Event.GetSeq(), item.View.GetMoveCount(), want)
		}
	}
	checkConnectFourHistory(t, events, redWinsColumns)
	checkViews(t, ctx, spectator, gameID, got)
	if got[len(got)-1].View.GetOutcome().GetWinner() != 1 {
		t.Fatalf("the last view shows no win of Red: %v", got[len(got)-1].View)
	}
	requests, _ := recorder.take()
	if len(requests) != 1 || !requests[0].GetIncludeViews() {
		t.Fatalf("EventsWithViews sent %v, want one request with include_views", requests)
	}

	// Events asks for no views, and none arrive.
	count := 0
	for _, err := range spectator.Events(ctx, gameID, 0) {
		if err != nil {
			t.Fatal(err)
		}
		count++
	}
	requests, responses := recorder.take()
	if count != 9 || len(responses) != 9 {
		t.Fatalf("Events delivered %d events of %d messages, want 9", count, len(responses))
	}
	if len(requests) != 1 || requests[0].GetIncludeViews() {
		t.Fatalf("Events sent %v, want one request without include_views", requests)
	}
	for _, response := range responses {
		if response.GetView() != nil {
			t.Fatalf("event %d came with a view nobody asked for", response.GetEvent().GetSeq())
		}
	}
}

func TestEventsWithViewsResumeAfterTheConnectionDrops(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	proxy := testserver.StartProxy(t, address)
	gameID, red, yellow := connectFour(t, ctx, address)
	seats := [2]*tabula.Client{red, yellow}
	var recorder streamRecorder
	spectator := dial(t, proxy.Address, tabula.WithDialOptions(grpc.WithStreamInterceptor(recorder.intercept)))

	play(t, ctx, gameID, seats, redWinsColumns[:2])
	var got []tabula.EventWithView
	cut := false
	for item, err := range spectator.EventsWithViews(ctx, gameID, 0, tabula.ReconnectDelay(20*time.Millisecond)) {
		if err != nil {
			t.Fatalf("after %d events: %v", len(got), err)
		}
		got = append(got, item)
		if item.Event.GetSeq() == 3 && !cut {
			if n := proxy.Cut(); n == 0 {
				t.Fatal("no connection went through the proxy")
			}
			cut = true
			play(t, ctx, gameID, seats, redWinsColumns[2:])
		}
	}
	if !cut {
		t.Fatal("the stream never reached seq 3")
	}
	events := make([]*tabulav1.GameEvent, len(got))
	for i, item := range got {
		events[i] = item.Event
	}
	checkConnectFourHistory(t, events, redWinsColumns)
	checkViews(t, ctx, dial(t, address), gameID, got)
	requests, _ := recorder.take()
	if len(requests) < 2 {
		t.Fatalf("the stream was opened %d times, want a resume", len(requests))
	}
	for i, request := range requests {
		if !request.GetIncludeViews() || (i > 0 && request.GetAfterSeq() < 3) {
			t.Fatalf("request %d is %v, want include_views, resuming after seq 3 or later", i, request)
		}
	}
}
