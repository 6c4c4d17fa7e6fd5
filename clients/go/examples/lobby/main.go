// Command lobby seats two named players at a game of tic-tac-toe and referees it: each
// player plays its seat from a goroutine of its own, a spectator follows the game's events
// from a third, a move out of turn is refused and handled by its reason, and the server is
// stopped and started again mid-game, which the calls ride out by retrying and the event
// stream by resuming. It runs the server itself, on a SQLite file, so that it can restart it:
//
//	go run ./examples/lobby /path/to/tabula
package main

import (
	"context"
	"fmt"
	"os"
	"path"
	"time"

	"google.golang.org/grpc/status"

	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: lobby /path/to/tabula")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "lobby:", err)
		os.Exit(1)
	}
}

func run(binary string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	server, err := startServer(binary)
	if err != nil {
		return err
	}
	defer server.stop()

	// Calls that fail while the server restarts are retried (reads, and writes with a request
	// id); this policy is the default one that also says when it retries.
	client, err := tabula.Dial(ctx, server.address, tabula.WithRetryPolicy(tabula.RetryPolicy{
		OnRetry: func(method string, attempt int, err error, wait time.Duration) {
			fmt.Printf("retrying %s after %s: attempt %d in %v\n", path.Base(method), status.Code(err), attempt, wait.Round(time.Millisecond))
		},
	}))
	if err != nil {
		return err
	}
	defer client.Close()

	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(tabula.Player("alice", "Alice"), tabula.Player("bob", "Bob")), tabula.RequestID("lobby-table-1"))
	if err != nil {
		return err
	}
	gameID := created.GetGame().GetGameId()
	fmt.Printf("created game %s: Alice in seat 1, Bob in seat 2\n", gameID)
	alice := client.As(created.GetSeatTokens()[0].GetToken())
	bob := client.As(created.GetSeatTokens()[1].GetToken())

	spectated := make(chan error, 1)
	go func() { spectated <- spectate(ctx, client, gameID) }()

	// A refusal is handled by its reason, an enum value.
	_, err = bob.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1))
	switch tabula.ReasonCodeOf(err) {
	case tabulav1.ErrorReason_ERROR_REASON_NOT_YOUR_TURN:
		fmt.Println("Bob tried to move first: refused, NOT_YOUR_TURN")
	default:
		return fmt.Errorf("a move out of turn: %v", err)
	}

	// The referee gives each seat its turn and hears back its move.
	turns := [2]chan struct{}{make(chan struct{}, 1), make(chan struct{}, 1)}
	moves := make(chan *tabulav1.SubmitMoveResponse)
	failures := make(chan error, 2)
	for seat, player := range []*tabula.Client{alice, bob} {
		go func() { failures <- play(ctx, player, gameID, turns[seat], moves) }()
	}
	turns[0] <- struct{}{}
	for moved := 0; ; moved++ {
		var answer *tabulav1.SubmitMoveResponse
		select {
		case answer = <-moves:
		case err := <-failures:
			return err
		}
		if answer.GetStatus() == tabulav1.GameStatus_GAME_STATUS_FINISHED {
			fmt.Printf("game over after %d moves: %s, seat %d\n", moved+1, tabula.EnumName(answer.GetOutcome().GetType()), answer.GetOutcome().GetWinner())
			break
		}
		if moved == 2 { // mid-game (no one wins before the fifth move)
			// The server goes away; the next player's calls retry until it is back.
			server.restart(300 * time.Millisecond)
		}
		turns[answer.GetToAct()[0]-1] <- struct{}{}
	}
	if err := <-spectated; err != nil {
		return err
	}
	fmt.Println("done")
	return nil
}

// play makes a legal move for player's seat each time it is its turn, and sends the answer.
func play(ctx context.Context, player *tabula.Client, gameID string, turns <-chan struct{}, moves chan<- *tabulav1.SubmitMoveResponse) error {
	for range turns {
		legal, err := player.ListLegalMoves(ctx, gameID, 0)
		if err != nil {
			return err
		}
		// The request id, unique to this move, makes the move safe to retry.
		requestID := fmt.Sprintf("%s-move-%d", gameID, legal.GetSeq())
		move := legal.GetMoves()[0]
		answer, err := player.SubmitMove(ctx, gameID, move.GetMove(), tabula.RequestID(requestID))
		if err != nil {
			return err
		}
		fmt.Printf("seat %d played %s\n", legal.GetSeat(), move.GetLabel())
		moves <- answer
	}
	return nil
}

// spectate prints the game's events as they come, through the restart, until the game ends.
func spectate(ctx context.Context, client *tabula.Client, gameID string) error {
	var last uint64
	for event, err := range client.Events(ctx, gameID, 0) {
		if err != nil {
			return fmt.Errorf("the spectator's stream: %w", err)
		}
		fmt.Printf("spectator: event %d %s\n", event.GetSeq(), tabula.EventKind(event))
		last = event.GetSeq()
	}
	game, err := client.GetGame(ctx, gameID)
	if err != nil {
		return err
	}
	if last != game.GetSeq() {
		return fmt.Errorf("the spectator saw events up to %d of %d", last, game.GetSeq())
	}
	fmt.Printf("spectator: saw all %d events, each once and in order\n", last)
	return nil
}
