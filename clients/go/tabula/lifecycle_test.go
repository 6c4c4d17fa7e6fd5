package tabula_test

// Deadlines, credentials, closing and the event stream's gap check, offline: a stand-in
// GameService in memory records what reaches it and sends the events a test chooses.

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// arrival is one call as the stand-in saw it.
type arrival struct {
	method        string
	authorization []string
	deadline      time.Duration // 0: none
}

type fakeService struct {
	tabulav1.UnimplementedGameServiceServer
	seqs []uint64 // the events StreamEvents sends, by seq, whatever after_seq asks
	hold bool     // StreamEvents stays open after sending them, until the call ends

	mu       sync.Mutex
	arrivals []arrival
}

func (f *fakeService) record(ctx context.Context, method string) {
	a := arrival{method: method}
	md, _ := metadata.FromIncomingContext(ctx)
	a.authorization = md.Get("authorization")
	if deadline, ok := ctx.Deadline(); ok {
		a.deadline = time.Until(deadline)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.arrivals = append(f.arrivals, a)
}

func (f *fakeService) seen() []arrival {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]arrival(nil), f.arrivals...)
}

func (f *fakeService) GetGame(ctx context.Context, request *tabulav1.GetGameRequest) (*tabulav1.GetGameResponse, error) {
	f.record(ctx, "GetGame")
	return &tabulav1.GetGameResponse{Game: &tabulav1.Game{GameId: request.GetGameId()}}, nil
}

// GetView answers only when the call ends: it shows a deadline at work.
func (f *fakeService) GetView(ctx context.Context, _ *tabulav1.GetViewRequest) (*tabulav1.GetViewResponse, error) {
	f.record(ctx, "GetView")
	<-ctx.Done()
	return nil, status.FromContextError(ctx.Err()).Err()
}

func (f *fakeService) StreamEvents(request *tabulav1.StreamEventsRequest, stream grpc.ServerStreamingServer[tabulav1.StreamEventsResponse]) error {
	f.record(stream.Context(), "StreamEvents")
	for _, seq := range f.seqs {
		event := &tabulav1.GameEvent{Seq: seq, Kind: &tabulav1.GameEvent_MoveApplied{MoveApplied: &tabulav1.MoveApplied{Seat: 1}}}
		view := &tabulav1.View{GameId: request.GetGameId(), Seq: seq}
		if err := stream.Send(&tabulav1.StreamEventsResponse{Event: event, View: view}); err != nil {
			return err
		}
	}
	if f.hold {
		<-stream.Context().Done()
	}
	return nil
}

// startFake serves f in memory and returns a client of it, made with tabula.Dial.
func startFake(t *testing.T, f tabulav1.GameServiceServer, opts ...tabula.Option) *tabula.Client {
	t.Helper()
	listener := bufconn.Listen(1 << 20)
	server := grpc.NewServer()
	tabulav1.RegisterGameServiceServer(server, f)
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	opts = append(opts, tabula.WithDialOptions(grpc.WithContextDialer(
		func(ctx context.Context, _ string) (net.Conn, error) { return listener.DialContext(ctx) })))
	return dial(t, "passthrough:///stand-in", opts...)
}

func TestUnaryCallsGetTheDefaultDeadlineAndStreamsNone(t *testing.T) {
	f := &fakeService{seqs: []uint64{1}}
	client := startFake(t, f, tabula.WithCredential("key-1"))
	background := context.Background()

	if _, err := client.GetGame(background, "g"); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Stub().GetGame(background, &tabulav1.GetGameRequest{GameId: "g"}); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(background, 5*time.Second)
	defer cancel()
	if _, err := client.As("seat-2").GetGame(short, "g"); err != nil {
		t.Fatal(err)
	}
	for _, err := range client.Events(background, "g", 0) {
		if err != nil {
			t.Fatal(err)
		}
	}
	arrivals := f.seen()
	if len(arrivals) != 4 {
		t.Fatalf("%d calls arrived: %+v", len(arrivals), arrivals)
	}
	for i, want := range []struct {
		credential string
		min, max   time.Duration
	}{
		{"key-1", tabula.DefaultTimeout - 5*time.Second, tabula.DefaultTimeout}, // the wrapper
		{"key-1", tabula.DefaultTimeout - 5*time.Second, tabula.DefaultTimeout}, // the raw stub
		{"seat-2", 1 * time.Second, 5 * time.Second},                            // the caller's own deadline
		{"key-1", 0, 0}, // a stream: none
	} {
		a := arrivals[i]
		if strings.Join(a.authorization, ",") != "Bearer "+want.credential {
			t.Errorf("call %d (%s) carried authorization %q, want Bearer %s", i+1, a.method, a.authorization, want.credential)
		}
		if a.deadline < want.min || a.deadline > want.max {
			t.Errorf("call %d (%s) arrived with %v left, want %v to %v", i+1, a.method, a.deadline, want.min, want.max)
		}
	}
	if tabula.DefaultTimeout != 30*time.Second {
		t.Errorf("DefaultTimeout is %v", tabula.DefaultTimeout)
	}
}

func TestADefaultDeadlineEndsASlowCall(t *testing.T) {
	client := startFake(t, &fakeService{}, tabula.WithDefaultTimeout(100*time.Millisecond))
	start := time.Now()
	_, err := client.GetView(context.Background(), "g")
	var e *tabula.Error
	if !errors.As(err, &e) || e.Code != codes.DeadlineExceeded {
		t.Fatalf("got %v, want DEADLINE_EXCEEDED", err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Fatalf("the call took %v", elapsed)
	}
	// A shorter deadline of the caller's own wins over none.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := client.As("").GetView(ctx, "g"); status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("got %v, want DEADLINE_EXCEEDED", err)
	}
}

// requireSeqGap checks err is the SEQ_GAP error for the seqs given.
func requireSeqGap(t *testing.T, err error, expected, received string) {
	t.Helper()
	var e *tabula.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want a *tabula.Error", err)
	}
	if e.Code != codes.DataLoss || e.Reason != "SEQ_GAP" || tabula.ReasonSeqGap != "SEQ_GAP" {
		t.Fatalf("got %s/%s, want DataLoss/SEQ_GAP", e.Code, e.Reason)
	}
	if e.Metadata["expected_seq"] != expected || e.Metadata["received_seq"] != received || len(e.Metadata) != 2 {
		t.Fatalf("metadata %v, want expected_seq %s and received_seq %s", e.Metadata, expected, received)
	}
	if !strings.Contains(e.Message, "expected seq "+expected) || !strings.Contains(e.Message, "received seq "+received) {
		t.Fatalf("message %q names not both seqs", e.Message)
	}
	if status.Code(err) != codes.DataLoss {
		t.Fatalf("status.Code sees %v", status.Code(err))
	}
}

func TestAGapInTheEventsIsAnError(t *testing.T) {
	t.Run("in the middle", func(t *testing.T) {
		f := &fakeService{seqs: []uint64{1, 2, 4, 5}}
		client := startFake(t, f)
		var seqs []uint64
		var failures []error
		for event, err := range client.Events(testContext(t), "g", 0) {
			if err != nil {
				failures = append(failures, err)
				continue
			}
			seqs = append(seqs, event.GetSeq())
		}
		if len(seqs) != 2 || seqs[1] != 2 || len(failures) != 1 {
			t.Fatalf("delivered %v and errors %v, want 1, 2 then one error", seqs, failures)
		}
		requireSeqGap(t, failures[0], "3", "4")
		if n := len(f.seen()); n != 1 {
			t.Fatalf("the stream was opened %d times; a gap is not resumed", n)
		}
	})
	t.Run("at the start", func(t *testing.T) {
		client := startFake(t, &fakeService{seqs: []uint64{8, 9}})
		var last error
		for ev, err := range client.EventsWithViews(testContext(t), "g", 6) {
			if err == nil {
				t.Fatalf("delivered event %d after seq 6", ev.Event.GetSeq())
			}
			last = err
		}
		requireSeqGap(t, last, "7", "8")
	})
	t.Run("a repeated seq", func(t *testing.T) {
		client := startFake(t, &fakeService{seqs: []uint64{1, 1}})
		var last error
		for _, err := range client.Events(testContext(t), "g", 0) {
			last = err
		}
		requireSeqGap(t, last, "2", "1")
	})
}

func TestDialWaitsForTheServer(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	address := listener.Addr().String()
	_ = listener.Close() // nothing listens there now

	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	client, err := tabula.Dial(ctx, address)
	if err == nil || client != nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Dial to a closed port: %v, %v; want an error wrapping context.DeadlineExceeded", client, err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Fatalf("Dial gave up after %v", elapsed)
	}

	lazy, err := tabula.New(address) // connects on the first call only
	if err != nil {
		t.Fatal(err)
	}
	_ = lazy.Close()
	if _, err := tabula.New(address, tabula.WithCA([]byte("not a certificate"))); err == nil {
		t.Fatal("WithCA took a file without a certificate")
	}
}

func TestCloseEndsStreamsAndCalls(t *testing.T) {
	client := startFake(t, &fakeService{seqs: []uint64{1}, hold: true})
	ctx := testContext(t)
	if err := client.As("seat-1").Close(); err != nil { // not the connection's owner: a no-op
		t.Fatal(err)
	}
	if _, err := client.GetGame(ctx, "g"); err != nil {
		t.Fatalf("closing a copy closed the connection: %v", err)
	}

	ended := make(chan error, 1)
	started := make(chan struct{})
	go func() {
		var last error
		for _, err := range client.Events(ctx, "g", 0) {
			if err != nil {
				last = err
				continue
			}
			close(started)
		}
		ended <- last
	}()
	<-started
	if err := client.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ended:
		if status.Code(err) != codes.Canceled {
			t.Fatalf("the stream ended with %v, want Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the stream outlived Close")
	}
	_, err := client.GetGame(ctx, "g")
	var e *tabula.Error
	if !errors.As(err, &e) || e.Code != codes.Canceled {
		t.Fatalf("a call after Close: %v, want a Canceled *tabula.Error", err)
	}
}
