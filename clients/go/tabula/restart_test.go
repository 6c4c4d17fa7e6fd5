package tabula_test

// Event streams across a server restart: a real server on a SQLite file is stopped and
// started again on the same address and file while streams follow a game.

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// followed is what a stream yielded: the seqs of its events, and the error it ended with.
type followed struct {
	seqs []uint64
	err  error
}

// follow reads stream in the background until it ends; the result comes on the channel.
func follow(stream func(yield func(*tabulav1.GameEvent, error) bool)) <-chan followed {
	result := make(chan followed, 1)
	go func() {
		var f followed
		for event, err := range stream {
			if err != nil {
				f.err = err
				break
			}
			f.seqs = append(f.seqs, event.GetSeq())
		}
		result <- f
	}()
	return result
}

func TestEventsResumeAcrossARestartWithNoEventLostOrRepeated(t *testing.T) {
	server := testserver.StartRestartable(t)
	ctx := testContext(t)
	manager := dial(t, server.Address)
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	spectator := dial(t, server.Address)
	events := follow(spectator.Events(ctx, gameID, 0))
	seats := [2]*tabula.Client{manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())}
	move := func(n int) {
		t.Helper()
		// The request id makes the move safe to retry while the server comes back.
		_, err := seats[n%2].SubmitMove(ctx, gameID, tabula.Drop(redWinsColumns[n]), tabula.RequestID(gameID+"-"+string(rune('a'+n))))
		if err != nil {
			t.Fatalf("move %d: %v", n+1, err)
		}
	}
	for n := range 3 {
		move(n)
	}
	server.Stop()
	time.Sleep(300 * time.Millisecond)
	server.Start()
	for n := 3; n < len(redWinsColumns); n++ {
		move(n)
	}

	// The creation, seven moves and the end: each once, in order (the stream itself ends with
	// a SEQ_GAP error on a gap or a repeat).
	f := <-events
	if f.err != nil {
		t.Fatalf("the stream ended with %v after %v", f.err, f.seqs)
	}
	if len(f.seqs) != len(redWinsColumns)+2 || f.seqs[0] != 1 || f.seqs[len(f.seqs)-1] != uint64(len(redWinsColumns)+2) {
		t.Fatalf("seqs %v, want 1 to %d", f.seqs, len(redWinsColumns)+2)
	}
}

func TestAStreamGivesUpAfterItsBudgetOrResumesForever(t *testing.T) {
	server := testserver.StartRestartable(t)
	ctx := testContext(t)
	manager := dial(t, server.Address)
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	red := manager.As(created.GetSeatTokens()[0].GetToken())
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(3)); err != nil {
		t.Fatal(err)
	}
	budget := 500 * time.Millisecond
	// A client whose unary calls wait for readiness: its streams keep their budget.
	short := follow(dial(t, server.Address, tabula.WithWaitForReady()).Events(ctx, gameID, 0, tabula.GiveUpAfter(budget)))
	forever := follow(dial(t, server.Address).Events(ctx, gameID, 0, tabula.ResumeForever()))
	off := follow(dial(t, server.Address).Events(ctx, gameID, 0, tabula.MaxReconnects(0)))
	time.Sleep(200 * time.Millisecond) // each stream has read the backlog
	stopped := time.Now()
	server.Stop()

	// Reconnecting turned off: the stream ends at once with the server's going away.
	f := <-off
	if status.Code(f.err) != codes.Unavailable || len(f.seqs) != 2 {
		t.Fatalf("without reconnecting: %v after %v", f.err, f.seqs)
	}
	// The short budget runs out while the server is down: the last error, Unavailable.
	f = <-short
	gaveUp := time.Since(stopped)
	if status.Code(f.err) != codes.Unavailable || len(f.seqs) != 2 {
		t.Fatalf("with a budget of %v: %v after %v", budget, f.err, f.seqs)
	}
	if gaveUp < budget || gaveUp > budget+2*time.Second {
		t.Fatalf("gave up %v after the stop, want about %v", gaveUp, budget)
	}
	// The caller opens it again after the last seq it saw, once the server is back.
	time.Sleep(budget)
	server.Start()
	if _, err := manager.As(created.GetSeatTokens()[1].GetToken()).SubmitMove(ctx, gameID, tabula.Drop(3), tabula.RequestID("yellow-1")); err != nil {
		t.Fatal(err)
	}
	reopenCtx, cancel := context.WithCancel(ctx)
	for event, err := range dial(t, server.Address).Events(reopenCtx, gameID, f.seqs[len(f.seqs)-1]) {
		if err != nil || event.GetSeq() != 3 {
			t.Fatalf("reopened after seq 2: %v, %v", event, err)
		}
		break
	}
	cancel()

	// The stream that resumes forever outlasted the budget and the server's absence: it
	// follows the game to its end.
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(4), tabula.RequestID("red-2")); err != nil {
		t.Fatal(err)
	}
	select {
	case f := <-forever:
		t.Fatalf("the stream that resumes forever ended: %v after %v", f.err, f.seqs)
	case <-time.After(100 * time.Millisecond):
	}
	if _, err := manager.AdjudicateGame(ctx, gameID, tabulav1.OutcomeType_OUTCOME_TYPE_DRAW, 0, "enough"); err != nil {
		t.Fatal(err)
	}
	f = <-forever
	if f.err != nil || len(f.seqs) < 6 || f.seqs[2] != 3 || f.seqs[3] != 4 {
		t.Fatalf("the stream that resumes forever: %v after %v", f.err, f.seqs)
	}
}
