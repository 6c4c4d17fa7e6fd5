package tabula_test

// Games whose moves go on the owner's stream (OwnerStreamMoves): against a real server
// without keys (only such a game's moves come as MOVE_PLAYED, the option echoed), and
// offline against a stand-in server (the requests the calls send, the calls that refuse
// the option).

import (
	"context"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

const ownerMovePlayed = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_MOVE_PLAYED

func TestOwnerStreamMovesPutsOnlyThatGamesMovesOnTheOwnersStream(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t) // no keys: the stream follows the games created without one
	manager := dial(t, address)

	type game struct {
		id          string
		red, yellow *tabula.Client
	}
	create := func(opts ...tabula.CreateGameOption) game {
		t.Helper()
		created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic", opts...)
		if err != nil {
			t.Fatal(err)
		}
		tokens := created.GetSeatTokens()
		if len(tokens) != 2 {
			t.Fatalf("seat tokens: %v", tokens)
		}
		if got, want := created.GetGame().GetOwnerStreamMoves(), len(opts) > 0; got != want {
			t.Fatalf("the created game's owner_stream_moves is %v, want %v", got, want)
		}
		return game{created.GetGame().GetGameId(), manager.As(tokens[0].GetToken()), manager.As(tokens[1].GetToken())}
	}
	streamed := create(tabula.OwnerStreamMoves())
	plain := create()

	// Only the moves, read as they come: from the start of the (fresh) server's history.
	streamCtx, cancel := context.WithTimeout(ctx, ownerStreamTimeout)
	defer cancel()
	next := readAsTheyCome(t, streamCtx, "the owner stream", manager.OwnerEvents(streamCtx, 0, tabula.OwnerKinds(ownerMovePlayed)))

	// Column 3, then column 4, in each game, in turn.
	for _, move := range []struct {
		seat   func(game) *tabula.Client
		column uint32
	}{
		{func(g game) *tabula.Client { return g.red }, 3},
		{func(g game) *tabula.Client { return g.yellow }, 4},
	} {
		for _, g := range []game{streamed, plain} {
			if _, err := move.seat(g).SubmitMove(ctx, g.id, tabula.Drop(move.column)); err != nil {
				t.Fatal(err)
			}
		}
	}

	var after uint64
	for i, want := range []struct {
		seat, column uint32
	}{{1, 3}, {2, 4}} {
		event, ok := next(10 * time.Second)
		if !ok {
			t.Fatalf("the owner stream delivered no move %d", i+1)
		}
		e := requireOwnerEvent(t, event, ownerMovePlayed, streamed.id, after)
		applied := e.GetMoveApplied()
		if e.GetSeq() != uint64(i+2) || applied.GetSeat() != want.seat || applied.GetMoveNumber() != uint32(i+1) ||
			!proto.Equal(applied.GetMove(), tabula.Drop(want.column)) {
			t.Fatalf("move %d carries %v, want seat %d's drop in column %d at seq %d", i+1, e, want.seat, want.column, i+2)
		}
		after = event.GetCursor()
	}
	if event, ok := next(time.Second); ok {
		t.Fatalf("the owner stream delivered one more: %s of game %s (%v)",
			tabula.EnumName(event.GetKind()), event.GetGameEvent().GetGameId(), event)
	}
	cancel()

	for _, g := range []struct {
		id   string
		want bool
	}{{streamed.id, true}, {plain.id, false}} {
		got, err := manager.GetGame(ctx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		if got.GetOwnerStreamMoves() != g.want {
			t.Fatalf("GetGame(%s): owner_stream_moves %v, want %v", g.id, got.GetOwnerStreamMoves(), g.want)
		}
	}
}

func TestOwnerStreamMovesReachesTheServerOnlyFromTheCreations(t *testing.T) {
	s := &labelService{}
	client := startFake(t, s)
	ctx := testContext(t)

	if _, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.OwnerStreamMoves()); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromConfig(ctx, connectFourConfig(), tabula.OwnerStreamMoves()); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromSavedConfig(ctx, "plain", tabula.OwnerStreamMoves()); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromPGN(ctx, "1. e4", tabula.OwnerStreamMoves()); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic"); err != nil {
		t.Fatal(err)
	}
	wants := []bool{true, true, true, true, false} // no option, off
	seen := s.seen()
	for i, want := range wants {
		if got := seen[i].(*tabulav1.CreateGameRequest).GetOwnerStreamMoves(); got != want {
			t.Fatalf("creation %d sent owner_stream_moves %v, want %v", i+1, got, want)
		}
	}
	for _, build := range []func() (*tabulav1.CreateGameRequest, error){
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic", tabula.OwnerStreamMoves())
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromConfig(connectFourConfig(), tabula.OwnerStreamMoves())
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromPGN("1. e4", tabula.OwnerStreamMoves())
		},
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromSavedConfig("plain", tabula.OwnerStreamMoves())
		},
	} {
		request, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if !request.GetOwnerStreamMoves() {
			t.Fatalf("built %v without owner_stream_moves", request)
		}
	}

	if n := len(s.seen()); n != len(wants) {
		t.Fatalf("%d requests reached the server, want %d", n, len(wants))
	}
}
