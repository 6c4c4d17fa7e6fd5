// Command consumer is a program of a project outside this repository that installed the
// client as a dependency: test.sh copies it into a fresh module that requires
// github.com/tabula-games/tabula/clients/go v0.1.0 and runs it against a live server.
// It plays a whole Connect Four game and exits non-zero on any mismatch.
//
//	go run . ADDRESS
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: consumer ADDRESS")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
	fmt.Println("consumer: a whole Connect Four game played through tabula", tabula.Version)
}

func run(address string) error {
	if tabula.Version != "0.1.0" {
		return fmt.Errorf("tabula.Version is %q, want 0.1.0", tabula.Version)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client, err := tabula.Dial(ctx, address)
	if err != nil {
		return err
	}
	defer client.Close()

	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		return err
	}
	gameID := created.GetGame().GetGameId()
	if len(created.GetSeatTokens()) != 2 {
		return fmt.Errorf("%d seat tokens, want 2", len(created.GetSeatTokens()))
	}
	seats := []*tabula.Client{client.As(created.GetSeatTokens()[0].GetToken()), client.As(created.GetSeatTokens()[1].GetToken())}

	// Red fills column 0 while Yellow answers in column 1: Red wins on the seventh move.
	columns := []uint32{0, 1, 0, 1, 0, 1, 0}
	var last *tabulav1.SubmitMoveResponse
	for i, column := range columns {
		seat := seats[i%2]
		legal, err := seat.ListLegalMoves(ctx, gameID, 0)
		if err != nil {
			return err
		}
		if legal.GetSeat() != uint32(i%2+1) || len(legal.GetMoves()) != 7 {
			return fmt.Errorf("move %d: seat %d has %d legal moves, want seat %d with 7", i+1, legal.GetSeat(), len(legal.GetMoves()), i%2+1)
		}
		last, err = seat.SubmitMove(ctx, gameID, tabula.Drop(column), tabula.ExpectedSeq(legal.GetSeq()))
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	if outcome := last.GetView().GetOutcome(); outcome.GetWinner() != 1 || outcome.GetReason() != tabulav1.EndReason_END_REASON_LINE {
		return fmt.Errorf("the last move ended the game with %v, want Red's line", outcome)
	}

	view, err := client.GetView(ctx, gameID)
	if err != nil {
		return err
	}
	if view.GetMoveCount() != 7 || view.GetSeq() != 9 || view.GetOutcome().GetWinner() != 1 || len(view.GetToAct()) != 0 {
		return fmt.Errorf("the view after the game: %v", view)
	}

	var kinds []string
	for event, err := range client.Events(ctx, gameID, 0) {
		if err != nil {
			return err
		}
		if event.GetSeq() != uint64(len(kinds)+1) {
			return fmt.Errorf("event %d has seq %d", len(kinds)+1, event.GetSeq())
		}
		kinds = append(kinds, tabula.EventKind(event))
	}
	if len(kinds) != 9 || kinds[0] != "game_created" || kinds[1] != "move_applied" || kinds[8] != "game_ended" {
		return fmt.Errorf("the events were %v, want the creation, 7 moves and the end", kinds)
	}
	return nil
}
