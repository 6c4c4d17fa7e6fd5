package tabula_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// serverAddress is where the server of the examples listens ("host:port"): TestMain starts
// one for them.
var serverAddress string

func TestMain(m *testing.M) {
	address, stop, err := testserver.StartShared()
	if err != nil {
		fmt.Fprintln(os.Stderr, "the examples' server:", err)
		os.Exit(1)
	}
	serverAddress = address
	code := m.Run()
	stop()
	os.Exit(code)
}

// A game of tic-tac-toe between two named players: the first move, and one out of turn.
func Example() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(tabula.Player("ann", "Ann"), tabula.Player("bob", "Bob")))
	if err != nil {
		log.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	ann := client.As(created.GetSeatTokens()[0].GetToken()) // the same connection, Ann's seat
	moved, err := ann.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("seq %d, seat %v to act\n", moved.GetSeq(), moved.GetToAct())
	_, err = ann.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 0))
	fmt.Println("Ann again:", tabula.ReasonOf(err))
	// Output:
	// seq 2, seat [2] to act
	// Ann again: NOT_YOUR_TURN
}

// A refusal's reason is a value of the generated enum, to switch on.
func ExampleReasonCodeOf() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		log.Fatal(err)
	}
	yellow := client.As(created.GetSeatTokens()[1].GetToken())

	_, err = yellow.SubmitMove(ctx, created.GetGame().GetGameId(), tabula.Drop(3))
	switch tabula.ReasonCodeOf(err) {
	case tabulav1.ErrorReason_ERROR_REASON_UNSPECIFIED:
		fmt.Println("no reason this client knows:", err)
	case tabulav1.ErrorReason_ERROR_REASON_NOT_YOUR_TURN:
		fmt.Println("Red moves first")
	case tabulav1.ErrorReason_ERROR_REASON_COLUMN_FULL:
		fmt.Println("another column")
	}
	// Output:
	// Red moves first
}

// A request the server refuses names each of its problems: a field, and what is wrong with
// it.
func ExampleFieldViolation() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	tooWide := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_ConnectFour{ConnectFour: &tabulav1.ConnectFourConfig{Width: 99}}}
	_, err = client.CreateGameFromConfig(ctx, tooWide)
	var refused *tabula.Error
	if errors.As(err, &refused) {
		fmt.Println(refused.Code, refused.Reason)
		for _, violation := range refused.Violations {
			fmt.Println(violation.Field)
		}
	}
	// Output:
	// InvalidArgument INVALID_CONFIG
	// config.connect_four.width
}

// Options are typed per call: a slice of the options of the CreateGame calls takes the
// creation's own options, [tabula.RequestID] and the [tabula.CallOption]s, and a call given an
// option it does not take does not compile.
func ExampleCreateGameOption() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	opts := []tabula.CreateGameOption{
		tabula.Players(tabula.Player("ann", "Ann"), tabula.Player("bob", "Bob")),
		tabula.Labels(map[string]string{"table": "7"}),
		tabula.RequestID("table-7-game-1"), // a retry answers with the same game
		tabula.WaitForReady(),
	}
	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", opts...)
	if err != nil {
		log.Fatal(err)
	}
	again, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", opts...)
	if err != nil {
		log.Fatal(err)
	}
	// client.GetGame(ctx, id, tabula.RequestID("r")) would not compile: a read takes none.
	fmt.Println(again.GetRetried(), again.GetGame().GetGameId() == created.GetGame().GetGameId())
	// Output:
	// true true
}

// Every unary call of a client is retried under its policy after code Unavailable, when it
// is safe to repeat: a read, or a write with a request id. One call may ask for its own
// policy, none, or to wait for the server.
func ExampleRetryPolicy() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress, tabula.WithRetryPolicy(tabula.RetryPolicy{
		MaxAttempts: 8,           // the first attempt and 7 retries
		MaxBackoff:  time.Second, // 100 ms, 200 ms, ... up to 1 s between them
		OnRetry: func(method string, attempt int, err error, wait time.Duration) {
			log.Printf("%s: attempt %d in %v after %v", method, attempt, wait, err)
		},
	}))
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	kinds, err := client.ListGameKinds(ctx) // up to 8 attempts
	if err != nil {
		log.Fatal(err)
	}
	game, err := client.CreateGameFromPreset(ctx, kinds[0].GetKind(), kinds[0].GetPresets()[0].GetName(),
		tabula.RequestID("first-kind-1")) // with a request id, a creation is retried too
	if err != nil {
		log.Fatal(err)
	}
	gameID := game.GetGame().GetGameId()
	for _, opt := range []tabula.CallOption{
		tabula.NoRetry(), // once
		tabula.Retry(tabula.RetryPolicy{MaxAttempts: 3}), // its own policy
		tabula.WaitForReady(),                            // waiting for a connection rather than failing without one
	} {
		read, err := client.GetGame(ctx, gameID, opt)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(tabula.EnumName(read.GetKind()))
	}
	// Output:
	// GAME_KIND_TIC_TAC_TOE
	// GAME_KIND_TIC_TAC_TOE
	// GAME_KIND_TIC_TAC_TOE
}

// An event stream resumes by itself after a restart or a dropped connection, until it has
// been unable to reconnect for 30 seconds ([tabula.GiveUpAfter] changes that,
// [tabula.ResumeForever] never gives up). Then it yields the last error: open it again after
// the last event seen to go on.
func ExampleClient_Events() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	gameID := playedTicTacToe(ctx, client)

	var last uint64
	for event, err := range client.Events(ctx, gameID, last, tabula.GiveUpAfter(time.Minute)) {
		if err != nil {
			// Given up, or an error no reconnection mends: later, go on with
			// client.Events(ctx, gameID, last).
			log.Fatal(err)
		}
		last = event.GetSeq()
		fmt.Println(last, tabula.EventKind(event))
	}
	// Output:
	// 1 game_created
	// 2 move_applied
	// 3 move_applied
	// 4 move_applied
	// 5 move_applied
	// 6 move_applied
	// 7 game_ended
}

// playedTicTacToe is a game of tic-tac-toe that the first seat won in five moves.
func playedTicTacToe(ctx context.Context, client *tabula.Client) string {
	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic")
	if err != nil {
		log.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	seats := []*tabula.Client{client.As(created.GetSeatTokens()[0].GetToken()), client.As(created.GetSeatTokens()[1].GetToken())}
	for n, cell := range [][2]uint32{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}} {
		if _, err := seats[n%2].SubmitMove(ctx, gameID, tabula.PlaceCell(cell[0], cell[1])); err != nil {
			log.Fatal(err)
		}
	}
	return gameID
}

// A game kept as a document: exported, deleted, and imported again with its id, its moves
// and its seats' tokens, so that its players carry on where they were.
func ExampleClient_ExportGame() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	created, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		log.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	red, yellow := client.As(created.GetSeatTokens()[0].GetToken()), client.As(created.GetSeatTokens()[1].GetToken())
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(3)); err != nil {
		log.Fatal(err)
	}

	document, err := client.ExportGame(ctx, gameID) // JSON, format "tabula.game.v1"
	if err != nil {
		log.Fatal(err)
	}
	if err := client.DeleteGame(ctx, gameID); err != nil {
		log.Fatal(err)
	}
	game, err := client.ImportGame(ctx, document)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(game.GetGameId() == gameID, game.GetMoveCount(), tabula.EnumName(game.GetStatus()))
	moved, err := yellow.SubmitMove(ctx, gameID, tabula.Drop(3)) // the token from before the export
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("seq %d, seat %v to act\n", moved.GetSeq(), moved.GetToAct())
	// Output:
	// true 1 GAME_STATUS_IN_PROGRESS
	// seq 3, seat [1] to act
}

// An import only checked stores nothing; a document that does not hold together says why,
// on the field "document"; and a server that has the game refuses it.
func ExampleClient_ImportGame() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	gameID := playedTicTacToe(ctx, client)
	document, err := client.ExportGame(ctx, gameID)
	if err != nil {
		log.Fatal(err)
	}

	_, err = client.ImportGame(ctx, document, tabula.ValidateOnly())
	var refused *tabula.Error
	if errors.As(err, &refused) && refused.ReasonCode() == tabulav1.ErrorReason_ERROR_REASON_GAME_EXISTS {
		fmt.Println("the server has", refused.Metadata["game_id"] == gameID)
	}
	if err := client.DeleteGame(ctx, gameID); err != nil {
		log.Fatal(err)
	}
	checked, err := client.ImportGame(ctx, document, tabula.ValidateOnly())
	if err != nil {
		log.Fatal(err)
	}
	_, err = client.GetGame(ctx, gameID)
	fmt.Println("checked:", tabula.EnumName(checked.GetStatus()), "stored:", tabula.ReasonOf(err))

	_, err = client.ImportGame(ctx, `{"format": "tabula.game.v1"}`)
	if errors.As(err, &refused) {
		fmt.Println(refused.Code, refused.Reason, refused.Violations[0].Field)
	}
	// Output:
	// the server has true
	// checked: GAME_STATUS_FINISHED stored: GAME_NOT_FOUND
	// InvalidArgument INVALID_DOCUMENT document
}

// A puzzle's solutions from its start: how many, and a page of them, each a sequence of
// moves ready to submit; one played ends the game solved.
func ExampleClient_ListPuzzleSolutions() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	triangle := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_PegSolitaire{PegSolitaire: &tabulav1.PegSolitaireConfig{}}}
	created, err := client.CreateGameFromConfig(ctx, triangle) // 15 holes, the apex empty
	if err != nil {
		log.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	seat := client.As(created.GetSeatTokens()[0].GetToken()) // only the seat may ask while it plays

	page, err := seat.ListPuzzleSolutions(ctx, gameID, tabula.PageSize(2))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(page.GetSolutionCount(), "solutions; the first:")
	first := page.GetSolutions()[0]
	fmt.Println(strings.Join(first.GetLabels(), ", "))
	next, err := seat.ListPuzzleSolutions(ctx, gameID, tabula.PageSize(2), tabula.PageToken(page.GetNextPageToken()))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("the third:", strings.Join(next.GetSolutions()[0].GetLabels(), ", "))

	var played *tabulav1.SubmitMoveResponse
	for _, move := range first.GetMoves() {
		if played, err = seat.SubmitMove(ctx, gameID, move); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(tabula.EnumName(played.GetStatus()), tabula.EnumName(played.GetView().GetOutcome().GetType()))
	// Output:
	// 29760 solutions; the first:
	// 4 to 1, 6 to 4, 1 to 6, 7 to 2, 10 to 3, 12 to 5, 13 to 6, 2 to 9, 3 to 10, 15 to 6, 6 to 13, 14 to 12, 11 to 13
	// the third: 4 to 1, 6 to 4, 1 to 6, 7 to 2, 10 to 3, 12 to 5, 13 to 6, 3 to 10, 15 to 6, 2 to 9, 6 to 13, 14 to 12, 11 to 13
	// GAME_STATUS_FINISHED OUTCOME_TYPE_WIN
}

// Every solution of a position, the pages followed; here of a finished game, which anyone
// who may read it asks about, at any of its positions.
func ExampleClient_AllPuzzleSolutions() {
	ctx := context.Background()
	client, err := tabula.Dial(ctx, serverAddress)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	triangle := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_PegSolitaire{PegSolitaire: &tabulav1.PegSolitaireConfig{}}}
	created, err := client.CreateGameFromConfig(ctx, triangle)
	if err != nil {
		log.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	seat := client.As(created.GetSeatTokens()[0].GetToken())
	page, err := seat.ListPuzzleSolutions(ctx, gameID, tabula.PageSize(1))
	if err != nil {
		log.Fatal(err)
	}
	for _, move := range page.GetSolutions()[0].GetMoves() {
		if _, err := seat.SubmitMove(ctx, gameID, move); err != nil {
			log.Fatal(err)
		}
	}

	// Seq 8: after the seventh jump, six from the end; three solutions, two pages.
	spectator := client.As("")
	for solution, err := range spectator.AllPuzzleSolutions(ctx, gameID, tabula.AtSeq(8), tabula.PageSize(2)) {
		if err != nil {
			log.Fatal(err) // a page's error ends the loop
		}
		fmt.Println(strings.Join(solution.GetLabels(), ", "))
	}
	// Output:
	// 2 to 9, 3 to 10, 15 to 6, 6 to 13, 14 to 12, 11 to 13
	// 3 to 10, 2 to 9, 15 to 6, 6 to 13, 14 to 12, 11 to 13
	// 3 to 10, 15 to 6, 2 to 9, 6 to 13, 14 to 12, 11 to 13
}
