// Command quickstart plays the first moves of a Connect Four game against a running
// Tabula server and follows the game's events with the view after each. The server's
// address is the first argument, else $TABULA_ADDR, else 127.0.0.1:50051:
//
//	go run ./examples/quickstart 127.0.0.1:50051
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
	address := os.Getenv("TABULA_ADDR")
	if len(os.Args) > 1 {
		address = os.Args[1]
	}
	if address == "" {
		address = "127.0.0.1:50051"
	}
	if err := run(address); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

func run(address string) error {
	ctx := context.Background() // each call gets a 30 s deadline unless ctx has one

	dialCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	client, err := tabula.Dial(dialCtx, address) // tabula.WithCA(pem), tabula.WithCredential(key)
	if err != nil {
		return err
	}
	defer client.Close()

	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		return err
	}
	gameID := created.GetGame().GetGameId()
	fmt.Printf("created %s game %s with %d seats\n",
		tabula.EnumName(created.GetGame().GetKind()), gameID, created.GetGame().GetSeatCount())

	red := client.As(created.GetSeatTokens()[0].GetToken()) // same connection, Red's token
	moved, err := red.SubmitMove(ctx, gameID, tabula.Drop(3))
	if err != nil {
		return err
	}
	fmt.Printf("seq %d, seat %v to act\n", moved.GetSeq(), moved.GetView().GetToAct())

	// A refusal carries a stable reason.
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(4)); err != nil {
		fmt.Printf("Red again: %s\n", tabula.ReasonOf(err))
	} else {
		return fmt.Errorf("the server let Red move twice")
	}

	// Every event so far, each with the game as this caller saw it just after it.
	for ev, err := range client.EventsWithViews(ctx, gameID, 0) {
		if err != nil {
			return err
		}
		fmt.Printf("event %d: %s, %d moves made\n", ev.Event.GetSeq(), tabula.EventKind(ev.Event), ev.View.GetMoveCount())
		if ev.Event.GetSeq() == moved.GetSeq() {
			break // the game goes on; leaving the loop closes the stream
		}
	}
	return nil
}
