package tabula_test

// Games scheduled to start later (StartTime): against a real server (the start echoed, moves
// refused until it, accepted after, refused with an engine seat), and offline against a
// stand-in server (the requests the calls send, the calls that refuse the option).

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// sameMillisecond reports whether got is asked to the millisecond, as the server keeps a
// start: rounded up, so that a game never starts before the time asked.
func sameMillisecond(got, asked time.Time) bool {
	want := asked.Truncate(time.Millisecond)
	if want.Before(asked) {
		want = want.Add(time.Millisecond)
	}
	return got.Equal(want)
}

func TestAScheduledGameRefusesMovesUntilItStarts(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	manager := dial(t, address)

	start := time.Now().Add(3 * time.Second)
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic", tabula.StartTime(start))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	if echoed := created.GetGame().GetStartTime(); echoed == nil || !sameMillisecond(echoed.AsTime(), start) {
		t.Fatalf("the created game starts at %v, want %v", echoed.AsTime(), start)
	}
	game, err := manager.GetGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if !sameMillisecond(game.GetStartTime().AsTime(), start) {
		t.Fatalf("GetGame: starts at %v, want %v", game.GetStartTime().AsTime(), start)
	}
	tokens := created.GetSeatTokens()
	if len(tokens) != 2 {
		t.Fatalf("seat tokens: %v", tokens)
	}
	red := manager.As(tokens[0].GetToken())

	// Before the start: refused, saying when the game starts.
	_, err = red.SubmitMove(ctx, gameID, tabula.Drop(3))
	e := requireError(t, err, codes.FailedPrecondition, "GAME_NOT_STARTED")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_GAME_NOT_STARTED {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
	said, err := time.Parse(time.RFC3339Nano, e.Metadata["start_time"])
	if err != nil {
		t.Fatalf("metadata %v: start_time is not RFC 3339: %v", e.Metadata, err)
	}
	if !sameMillisecond(said, start) {
		t.Fatalf("metadata start_time %v, want %v", said, start)
	}
	if time.Now().After(start) {
		t.Fatal("the refusal came after the start: the test machine is too slow for a 3 s lead")
	}

	// After it: the same move is accepted.
	time.Sleep(time.Until(start.Add(500 * time.Millisecond)))
	moved, err := red.SubmitMove(ctx, gameID, tabula.Drop(3))
	if err != nil {
		t.Fatalf("the move after the start: %v", err)
	}
	if moved.GetSeq() != 2 {
		t.Fatalf("the move after the start has seq %d, want 2", moved.GetSeq())
	}

	// A time not after the creation starts the game at once.
	past, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic",
		tabula.StartTime(time.Now().Add(-time.Minute)))
	if err != nil {
		t.Fatal(err)
	}
	if past.GetGame().GetStartTime() != nil {
		t.Fatalf("a game asked to start in the past starts at %v, want at its creation", past.GetGame().GetStartTime())
	}
	if _, err := manager.As(past.GetSeatTokens()[0].GetToken()).SubmitMove(ctx, past.GetGame().GetGameId(), tabula.Drop(0)); err != nil {
		t.Fatalf("the first move of a game that started at once: %v", err)
	}

	// A request of a batch is scheduled alike.
	later := time.Now().Add(time.Hour)
	request, err := tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic", tabula.StartTime(later))
	if err != nil {
		t.Fatal(err)
	}
	games, err := manager.BatchCreateGames(ctx, []*tabulav1.CreateGameRequest{request})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || !sameMillisecond(games[0].GetGame().GetStartTime().AsTime(), later) {
		t.Fatalf("the batch's game: %v", games)
	}
}

func TestAScheduledGameMayHaveAnEngineSeatButNotStartTooLate(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))

	scheduled, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic",
		tabula.StartTime(time.Now().Add(3*time.Second)), tabula.Bots(tabula.BotSeat(2, 1, 0)))
	if err != nil || scheduled.GetGame().GetStartTime() == nil {
		t.Fatalf("a scheduled game with an engine seat: %v, %v", scheduled, err)
	}
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic",
		tabula.StartTime(time.Now().Add(31*24*time.Hour)))
	requireFieldViolation(t, err, "start_time")

	// With an engine seat, a start not ahead is no start at all: the game starts at once.
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic",
		tabula.StartTime(time.Now().Add(-time.Second)), tabula.Bots(tabula.BotSeat(2, 1, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if created.GetGame().GetStartTime() != nil {
		t.Fatalf("starts at %v, want at its creation", created.GetGame().GetStartTime())
	}
}

func TestStartTimeReachesTheServerOnlyFromTheCreations(t *testing.T) {
	s := &labelService{}
	client := startFake(t, s)
	ctx := testContext(t)
	start := time.Date(2030, 5, 17, 18, 30, 0, 250_000_000, time.UTC)

	if _, err := client.CreateGameFromConfig(ctx, connectFourConfig(), tabula.StartTime(start)); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromSavedConfig(ctx, "plain", tabula.StartTime(time.Time{})); err != nil {
		t.Fatal(err)
	}
	seen := s.seen()
	if got := seen[0].(*tabulav1.CreateGameRequest).GetStartTime(); !got.AsTime().Equal(start) {
		t.Fatalf("sent start_time %v, want %v", got, start)
	}
	if got := seen[1].(*tabulav1.CreateGameRequest).GetStartTime(); got != nil {
		t.Fatalf("the zero time sent start_time %v, want none", got)
	}
	for _, build := range []func() (*tabulav1.CreateGameRequest, error){
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic", tabula.StartTime(start))
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromConfig(connectFourConfig(), tabula.StartTime(start))
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromPGN("1. e4", tabula.StartTime(start))
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromSavedConfig("plain", tabula.StartTime(start))
		},
	} {
		request, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if !request.GetStartTime().AsTime().Equal(start) {
			t.Fatalf("built start_time %v, want %v", request.GetStartTime(), start)
		}
	}

	if n := len(s.seen()); n != 2 {
		t.Fatalf("%d requests reached the server, want 2", n)
	}
}
