package tabula_test

// The unary retry policy: what is retried and how often against a stand-in that answers
// every call with the code a test chooses, and a real server stopped and started again on its
// SQLite file while a call retries.

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// failingService fails every call it serves with code, and counts the calls by method.
type failingService struct {
	tabulav1.UnimplementedGameServiceServer
	code codes.Code

	mu    sync.Mutex
	calls map[string]int
}

func (f *failingService) fail(method string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.calls == nil {
		f.calls = map[string]int{}
	}
	f.calls[method]++
	return status.Error(f.code, "the stand-in fails every call")
}

// taken returns the calls of method so far, and forgets them.
func (f *failingService) taken(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := f.calls[method]
	delete(f.calls, method)
	return n
}

func (f *failingService) GetGame(context.Context, *tabulav1.GetGameRequest) (*tabulav1.GetGameResponse, error) {
	return nil, f.fail("GetGame")
}

func (f *failingService) ListGames(context.Context, *tabulav1.ListGamesRequest) (*tabulav1.ListGamesResponse, error) {
	return nil, f.fail("ListGames")
}

func (f *failingService) ExportPgn(context.Context, *tabulav1.ExportPgnRequest) (*tabulav1.ExportPgnResponse, error) {
	return nil, f.fail("ExportPgn")
}

func (f *failingService) ExportGame(context.Context, *tabulav1.ExportGameRequest) (*tabulav1.ExportGameResponse, error) {
	return nil, f.fail("ExportGame")
}

func (f *failingService) ListPuzzleSolutions(context.Context, *tabulav1.ListPuzzleSolutionsRequest) (*tabulav1.ListPuzzleSolutionsResponse, error) {
	return nil, f.fail("ListPuzzleSolutions")
}

func (f *failingService) ImportGame(context.Context, *tabulav1.ImportGameRequest) (*tabulav1.ImportGameResponse, error) {
	return nil, f.fail("ImportGame")
}

func (f *failingService) SubmitMove(context.Context, *tabulav1.SubmitMoveRequest) (*tabulav1.SubmitMoveResponse, error) {
	return nil, f.fail("SubmitMove")
}

func (f *failingService) CreateGame(context.Context, *tabulav1.CreateGameRequest) (*tabulav1.CreateGameResponse, error) {
	return nil, f.fail("CreateGame")
}

func (f *failingService) DeleteGame(context.Context, *tabulav1.DeleteGameRequest) (*tabulav1.DeleteGameResponse, error) {
	return nil, f.fail("DeleteGame")
}

// quickRetries is the default policy with waits of a millisecond, so that a test counts
// attempts without waiting for them.
var quickRetries = tabula.RetryPolicy{InitialBackoff: time.Millisecond, MaxBackoff: time.Millisecond}

func TestReadsAndWritesWithARequestIDAreRetriedOthersNot(t *testing.T) {
	f := &failingService{code: codes.Unavailable}
	client := startFake(t, f, tabula.WithRetryPolicy(quickRetries))
	ctx := testContext(t)
	ticTacToe := tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE

	for _, call := range []struct {
		name     string
		method   string
		call     func() error
		attempts int
	}{
		{"a Get", "GetGame", func() error { _, err := client.GetGame(ctx, "g"); return err }, 5},
		{"a List", "ListGames", func() error { _, err := client.ListGames(ctx); return err }, 5},
		{"an Export", "ExportPgn", func() error { _, err := client.ExportPGN(ctx, "g"); return err }, 5},
		{"a game's export", "ExportGame", func() error { _, err := client.ExportGame(ctx, "g"); return err }, 5},
		{"a puzzle's solutions", "ListPuzzleSolutions", func() error { _, err := client.ListPuzzleSolutions(ctx, "g"); return err }, 5},
		{"every solution", "ListPuzzleSolutions", func() error {
			for _, err := range client.AllPuzzleSolutions(ctx, "g") {
				return err
			}
			return nil
		}, 5},
		{"an import only checked", "ImportGame", func() error {
			_, err := client.ImportGame(ctx, "{}", tabula.ValidateOnly())
			return err
		}, 5},
		{"an import", "ImportGame", func() error { _, err := client.ImportGame(ctx, "{}"); return err }, 1},
		{"a move only checked", "SubmitMove", func() error {
			_, err := client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.ValidateOnly())
			return err
		}, 5},
		{"a move with a request id", "SubmitMove", func() error {
			_, err := client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.RequestID("m1"))
			return err
		}, 5},
		{"a creation with a request id", "CreateGame", func() error {
			_, err := client.CreateGameFromPreset(ctx, ticTacToe, "classic", tabula.RequestID("c1"))
			return err
		}, 5},
		{"a move without one", "SubmitMove", func() error { _, err := client.SubmitMove(ctx, "g", tabula.Drop(0)); return err }, 1},
		{"a creation without one", "CreateGame", func() error {
			_, err := client.CreateGameFromPreset(ctx, ticTacToe, "classic")
			return err
		}, 1},
		{"a write that takes none", "DeleteGame", func() error { return client.DeleteGame(ctx, "g") }, 1},
		{"a read made once", "GetGame", func() error { _, err := client.GetGame(ctx, "g", tabula.NoRetry()); return err }, 1},
		{"a read under its own policy", "GetGame", func() error {
			_, err := client.GetGame(ctx, "g", tabula.Retry(tabula.RetryPolicy{MaxAttempts: 2, InitialBackoff: time.Millisecond}))
			return err
		}, 2},
		{"a stub call", "GetGame", func() error {
			_, err := client.Stub().GetGame(ctx, &tabulav1.GetGameRequest{GameId: "g"})
			return err
		}, 5},
		{"a stub call made once", "GetGame", func() error {
			_, err := client.Stub().GetGame(ctx, &tabulav1.GetGameRequest{GameId: "g"}, tabula.NoRetry())
			return err
		}, 1},
	} {
		err := call.call()
		if status.Code(err) != codes.Unavailable {
			t.Fatalf("%s: got %v, want Unavailable", call.name, err)
		}
		if got := f.taken(call.method); got != call.attempts {
			t.Errorf("%s: made %d times, want %d", call.name, got, call.attempts)
		}
	}
}

func TestOnlyUnavailableIsRetried(t *testing.T) {
	f := &failingService{code: codes.Internal}
	client := startFake(t, f, tabula.WithRetryPolicy(quickRetries))
	_, err := client.GetGame(testContext(t), "g")
	if status.Code(err) != codes.Internal || f.taken("GetGame") != 1 {
		t.Fatalf("got %v after more than one attempt", err)
	}
}

func TestAClientWithoutRetryMakesEachCallOnce(t *testing.T) {
	f := &failingService{code: codes.Unavailable}
	client := startFake(t, f, tabula.WithoutRetry())
	ctx := testContext(t)
	if _, err := client.GetGame(ctx, "g"); status.Code(err) != codes.Unavailable || f.taken("GetGame") != 1 {
		t.Fatalf("without retry: %v", err)
	}
	// One call may still ask for retries; a client made by As shares the connection's policy.
	if _, err := client.GetGame(ctx, "g", tabula.Retry(quickRetries)); err == nil || f.taken("GetGame") != 5 {
		t.Fatalf("Retry on a client without retry: %v", err)
	}
	if _, err := client.As("token").GetGame(ctx, "g"); err == nil || f.taken("GetGame") != 1 {
		t.Fatalf("a client made by As: %v", err)
	}
}

func TestRetriesWaitWithBackoffAndStopBeforeTheDeadline(t *testing.T) {
	f := &failingService{code: codes.Unavailable}
	var waits []time.Duration
	policy := tabula.RetryPolicy{
		MaxAttempts: 4, InitialBackoff: 20 * time.Millisecond, MaxBackoff: 50 * time.Millisecond,
		OnRetry: func(method string, attempt int, err error, wait time.Duration) {
			if method != "/tabula.v1.GameService/GetGame" || attempt != len(waits)+2 || status.Code(err) != codes.Unavailable {
				t.Errorf("OnRetry(%s, %d, %v)", method, attempt, err)
			}
			waits = append(waits, wait)
		},
	}
	client := startFake(t, f, tabula.WithRetryPolicy(policy))
	started := time.Now()
	if _, err := client.GetGame(testContext(t), "g"); status.Code(err) != codes.Unavailable {
		t.Fatalf("got %v", err)
	}
	// 20, 40 and 50 ms (capped), each give or take 20%.
	nominal := []time.Duration{20 * time.Millisecond, 40 * time.Millisecond, 50 * time.Millisecond}
	if len(waits) != len(nominal) || f.taken("GetGame") != 4 {
		t.Fatalf("waits %v, want %d", waits, len(nominal))
	}
	for i, wait := range waits {
		if wait < nominal[i]*8/10 || wait > nominal[i]*12/10 {
			t.Errorf("wait %d is %v, want %v ± 20%%", i+1, wait, nominal[i])
		}
	}
	if elapsed := time.Since(started); elapsed < 80*time.Millisecond {
		t.Errorf("the retries took %v, less than their waits", elapsed)
	}

	// A wait that would end after the deadline is not waited: the last error comes at once.
	ctx, cancel := context.WithTimeout(testContext(t), 300*time.Millisecond)
	defer cancel()
	started = time.Now()
	_, err := client.GetGame(ctx, "g", tabula.Retry(tabula.RetryPolicy{InitialBackoff: time.Second}))
	if status.Code(err) != codes.Unavailable || f.taken("GetGame") != 1 || time.Since(started) > 200*time.Millisecond {
		t.Fatalf("got %v after %v", err, time.Since(started))
	}
}

// restartDuring calls call on a client of a server that is down, and starts the server again
// on its file when the call makes its first retry; it returns the call's error and the
// number of retries.
func restartDuring(t *testing.T, server *testserver.Restartable, call func(*tabula.Client) error) (error, int) {
	t.Helper()
	var retries atomic.Int32
	restart := make(chan struct{})
	policy := tabula.RetryPolicy{OnRetry: func(string, int, error, time.Duration) {
		if retries.Add(1) == 1 {
			close(restart)
		}
	}}
	client := dial(t, server.Address, tabula.WithRetryPolicy(policy))
	if _, err := client.ListGameKinds(testContext(t)); err != nil {
		t.Fatal(err)
	}
	server.Stop()
	done := make(chan error, 1)
	go func() { done <- call(client) }()
	select {
	case <-restart:
		server.Start()
	case err := <-done:
		t.Fatalf("the call ended without a retry: %v", err)
	}
	return <-done, int(retries.Load())
}

func TestAReadRetriesAcrossARestart(t *testing.T) {
	server := testserver.StartRestartable(t)
	ctx := testContext(t)
	created, err := dial(t, server.Address).CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic")
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	err, retries := restartDuring(t, server, func(client *tabula.Client) error {
		game, err := client.GetGame(ctx, gameID)
		if err == nil && game.GetGameId() != gameID {
			return errors.New("another game")
		}
		return err
	})
	if err != nil {
		t.Fatalf("GetGame across a restart, after %d retries: %v", retries, err)
	}
}

func TestAMoveWithARequestIDRetriesAcrossARestartAndIsAppliedOnce(t *testing.T) {
	server := testserver.StartRestartable(t)
	ctx := testContext(t)
	manager := dial(t, server.Address)
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic", tabula.RequestID("game-1"))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	// Red's move, made while the server is down, is retried until it is back, and applied
	// once.
	red := created.GetSeatTokens()[0].GetToken()
	err, retries := restartDuring(t, server, func(client *tabula.Client) error {
		_, err := client.As(red).SubmitMove(ctx, gameID, tabula.Drop(0), tabula.RequestID("red-1"))
		return err
	})
	if err != nil {
		t.Fatalf("a move across a restart, after %d retries: %v", retries, err)
	}
	view, err := manager.GetView(ctx, gameID)
	if err != nil || view.GetMoveCount() != 1 {
		t.Fatalf("after the restart: %v, %v; want one move", view, err)
	}
}

func TestAWriteWithoutARequestIDFailsAtOnceWhileTheServerIsDown(t *testing.T) {
	server := testserver.StartRestartable(t)
	ctx := testContext(t)
	var retried atomic.Bool
	client := dial(t, server.Address, tabula.WithRetryPolicy(tabula.RetryPolicy{
		OnRetry: func(string, int, error, time.Duration) { retried.Store(true) },
	}))
	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		t.Fatal(err)
	}
	server.Stop()
	red := client.As(created.GetSeatTokens()[0].GetToken())
	started := time.Now()
	_, err = red.SubmitMove(ctx, created.GetGame().GetGameId(), tabula.Drop(0))
	if tabula.ReasonOf(err) != "" || status.Code(err) != codes.Unavailable || retried.Load() {
		t.Fatalf("got %v (retried: %v), want Unavailable at once", err, retried.Load())
	}
	if elapsed := time.Since(started); elapsed > time.Second {
		t.Fatalf("failing took %v", elapsed)
	}
}

func TestWaitForReadyWaitsForTheServer(t *testing.T) {
	server := testserver.StartRestartable(t)
	ctx := testContext(t)
	client := dial(t, server.Address, tabula.WithoutRetry())
	waiting := dial(t, server.Address, tabula.WithoutRetry(), tabula.WithWaitForReady())
	for _, c := range []*tabula.Client{client, waiting} {
		if _, err := c.ListGameKinds(ctx); err != nil {
			t.Fatal(err)
		}
	}
	server.Stop()

	// Without it, a call fails at once; with it, per call or per client, it waits for the
	// server to come back, within its deadline.
	if _, err := client.ListGameKinds(ctx); status.Code(err) != codes.Unavailable {
		t.Fatalf("without wait-for-ready: %v", err)
	}
	calls := []func() error{
		func() error { _, err := client.ListGameKinds(ctx, tabula.WaitForReady()); return err },
		func() error { _, err := waiting.ListGameKinds(ctx); return err },
	}
	results := make(chan error, len(calls))
	for _, call := range calls {
		go func() { results <- call() }()
	}
	time.Sleep(300 * time.Millisecond)
	select {
	case err := <-results:
		t.Fatalf("a call waiting for readiness ended while the server was down: %v", err)
	default:
	}
	server.Start()
	for range calls {
		if err := <-results; err != nil {
			t.Fatalf("waiting for readiness: %v", err)
		}
	}

	// The wait ends with the call's deadline.
	server.Stop()
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if _, err := waiting.ListGameKinds(short); status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("waiting past the deadline: %v", err)
	}
}
