package tabula_test

// Games shown late to spectators (SpectatorDelay): against a real server (a spectator's view
// and stream a move behind the seats', the delay echoed, a bad delay refused), and offline
// against a stand-in server (the requests the calls send, the calls that refuse the option).

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func TestASpectatorSeesTheGameAMoveLate(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	manager := dial(t, address)
	spectator := dial(t, address) // neither a seat token nor a service key

	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.SpectatorDelay(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	if delay := created.GetGame().GetSpectatorDelay(); delay.GetPlies() != 1 || delay.GetDuration() != nil {
		t.Fatalf("the created game's delay is %v, want 1 ply", delay)
	}
	gameID := created.GetGame().GetGameId()
	tokens := created.GetSeatTokens()
	if len(tokens) != 2 {
		t.Fatalf("seat tokens: %v", tokens)
	}
	x, o := manager.As(tokens[0].GetToken()), manager.As(tokens[1].GetToken())

	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := o.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 0)); err != nil {
		t.Fatal(err)
	}

	// The spectator's view is a move behind; X's own is not.
	view, err := spectator.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if view.GetMoveCount() != 1 || view.GetSeq() != 2 {
		t.Fatalf("the spectator's view has %d moves at seq %d, want 1 at seq 2", view.GetMoveCount(), view.GetSeq())
	}
	view, err = x.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if view.GetMoveCount() != 2 || view.GetSeq() != 3 {
		t.Fatalf("X's view has %d moves at seq %d, want 2 at seq 3", view.GetMoveCount(), view.GetSeq())
	}

	// The spectator's stream delivers the creation and X's move, then holds O's move back
	// until X moves again.
	streamCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := readAsTheyCome(t, streamCtx, "the spectator's stream", spectator.Events(streamCtx, gameID, 0))
	for want := uint64(1); want <= 2; want++ {
		event, ok := next(10 * time.Second)
		if !ok {
			t.Fatalf("the spectator's stream delivered no seq %d", want)
		}
		if event.GetSeq() != want {
			t.Fatalf("the spectator's stream delivered seq %d, want %d", event.GetSeq(), want)
		}
	}
	if event, ok := next(time.Second); ok {
		t.Fatalf("the spectator's stream delivered seq %d (%s) a move early", event.GetSeq(), tabula.EventKind(event))
	}
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(2, 2)); err != nil {
		t.Fatal(err)
	}
	event, ok := next(10 * time.Second)
	if !ok {
		t.Fatal("the spectator's stream delivered nothing after X's second move")
	}
	if event.GetSeq() != 3 || event.GetMoveApplied().GetSeat() != 2 {
		t.Fatalf("the spectator's stream delivered %v, want seq 3, O's move", event)
	}
	cancel()

	game, err := manager.GetGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if game.GetSpectatorDelay().GetPlies() != 1 {
		t.Fatalf("GetGame: spectator delay %v, want 1 ply", game.GetSpectatorDelay())
	}

	// Too many plies, or neither part, is refused.
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.SpectatorDelay(101, 0))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.SpectatorDelay(0, 0))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
}

func TestSpectatorDelayReachesTheServerOnlyFromTheCreations(t *testing.T) {
	s := &labelService{}
	client := startFake(t, s)
	ctx := testContext(t)

	if _, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.SpectatorDelay(3, 1500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromConfig(ctx, connectFourConfig(), tabula.SpectatorDelay(0, 2*time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromSavedConfig(ctx, "plain", tabula.SpectatorDelay(1, 0)); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromPGN(ctx, "1. e4"); err != nil {
		t.Fatal(err)
	}
	wants := []*tabulav1.SpectatorDelay{
		{Plies: 3, Duration: durationpb.New(1500 * time.Millisecond)},
		{Duration: durationpb.New(2 * time.Second)},
		{Plies: 1},
		nil, // no option, no delay
	}
	seen := s.seen()
	for i, want := range wants {
		if got := seen[i].(*tabulav1.CreateGameRequest).GetSpectatorDelay(); !proto.Equal(got, want) {
			t.Fatalf("creation %d sent spectator_delay %v, want %v", i+1, got, want)
		}
	}
	want := &tabulav1.SpectatorDelay{Plies: 2, Duration: durationpb.New(time.Minute)}
	for _, build := range []func() (*tabulav1.CreateGameRequest, error){
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic", tabula.SpectatorDelay(2, time.Minute))
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromConfig(connectFourConfig(), tabula.SpectatorDelay(2, time.Minute))
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromPGN("1. e4", tabula.SpectatorDelay(2, time.Minute))
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromSavedConfig("plain", tabula.SpectatorDelay(2, time.Minute))
		},
	} {
		request, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if !proto.Equal(request.GetSpectatorDelay(), want) {
			t.Fatalf("built spectator_delay %v, want %v", request.GetSpectatorDelay(), want)
		}
	}

	if n := len(s.seen()); n != len(wants) {
		t.Fatalf("%d requests reached the server, want %d", n, len(wants))
	}
}
