package tabula_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func dial(t *testing.T, address string, opts ...tabula.Option) *tabula.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	client, err := tabula.Dial(ctx, address, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	return client
}

// connectFour creates a classic Connect Four game and returns it with one client per seat,
// each on its own connection.
func connectFour(t *testing.T, ctx context.Context, address string) (gameID string, red, yellow *tabula.Client) {
	t.Helper()
	created, err := dial(t, address).CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		t.Fatal(err)
	}
	tokens := created.GetSeatTokens()
	if len(tokens) != 2 || tokens[0].GetSeat() != 1 || tokens[1].GetSeat() != 2 {
		t.Fatalf("seat tokens: %v", tokens)
	}
	return created.GetGame().GetGameId(), dial(t, address, tabula.WithCredential(tokens[0].GetToken())),
		dial(t, address, tabula.WithCredential(tokens[1].GetToken()))
}

// redWinsColumns are the columns played alternately by Red and Yellow: Red fills column 0
// and wins on the seventh move.
var redWinsColumns = []uint32{0, 1, 0, 1, 0, 1, 0}

func play(t *testing.T, ctx context.Context, gameID string, seats [2]*tabula.Client, columns []uint32) *tabulav1.SubmitMoveResponse {
	t.Helper()
	var last *tabulav1.SubmitMoveResponse
	for i, column := range columns {
		response, err := seats[i%2].SubmitMove(ctx, gameID, tabula.Drop(column))
		if err != nil {
			t.Fatalf("move %d (column %d): %v", i+1, column, err)
		}
		last = response
	}
	return last
}

// collect gathers every event of the sequence in a goroutine; the result arrives once the
// sequence ends.
type collected struct {
	events []*tabulav1.GameEvent
	err    error
}

func collect(events func(func(*tabulav1.GameEvent, error) bool)) <-chan collected {
	done := make(chan collected, 1)
	go func() {
		var result collected
		for event, err := range events {
			if err != nil {
				result.err = err
				break
			}
			result.events = append(result.events, event)
		}
		done <- result
	}()
	return done
}

func await(t *testing.T, done <-chan collected) []*tabulav1.GameEvent {
	t.Helper()
	select {
	case result := <-done:
		if result.err != nil {
			t.Fatalf("event stream: %v", result.err)
		}
		return result.events
	case <-time.After(20 * time.Second):
		t.Fatal("event stream did not end after the game did")
		return nil
	}
}

// checkConnectFourHistory asserts the events are the creation, each move of columns once and
// in order, then Red's win, numbered 1, 2, 3, ... without a gap.
func checkConnectFourHistory(t *testing.T, events []*tabulav1.GameEvent, columns []uint32) {
	t.Helper()
	if len(events) != len(columns)+2 {
		t.Fatalf("got %d events, want %d", len(events), len(columns)+2)
	}
	for i, event := range events {
		if event.GetSeq() != uint64(i+1) {
			t.Fatalf("event %d has seq %d", i, event.GetSeq())
		}
	}
	if events[0].GetGameCreated() == nil {
		t.Fatalf("first event is not the creation: %v", events[0])
	}
	for i, column := range columns {
		applied := events[i+1].GetMoveApplied()
		if applied.GetSeat() != uint32(i%2+1) || applied.GetMoveNumber() != uint32(i+1) || applied.GetMove().GetPlace().GetColumn() != column {
			t.Fatalf("event %d is %v, want seat %d dropping in column %d", i+2, applied, i%2+1, column)
		}
	}
	ended := events[len(events)-1].GetGameEnded()
	if ended.GetOutcome().GetWinner() != 1 || ended.GetOutcome().GetReason() != tabulav1.EndReason_END_REASON_LINE {
		t.Fatalf("last event is %v, want Red's win by a line", events[len(events)-1])
	}
}

func TestConnectFourToAWinWhileASpectatorStreams(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	gameID, red, yellow := connectFour(t, ctx, address)
	spectator := dial(t, address)
	done := collect(spectator.Events(ctx, gameID, 0))

	final := play(t, ctx, gameID, [2]*tabula.Client{red, yellow}, redWinsColumns)

	outcome := final.GetView().GetOutcome()
	if outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN || outcome.GetWinner() != 1 {
		t.Fatalf("outcome %v, want a win for seat 1", outcome)
	}
	var line []uint32
	for _, cell := range outcome.GetWinningLine() {
		if cell.GetCol() != 0 {
			t.Fatalf("winning line leaves column 0: %v", outcome.GetWinningLine())
		}
		line = append(line, cell.GetRow())
	}
	if len(line) != 4 {
		t.Fatalf("winning line %v, want 4 cells", outcome.GetWinningLine())
	}
	checkConnectFourHistory(t, await(t, done), redWinsColumns)

	game, err := spectator.GetGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED || game.GetMoveCount() != 7 || game.GetSeq() != 9 {
		t.Fatalf("game after the win: %v", game)
	}
}

func requireError(t *testing.T, err error, code codes.Code, reason string) *tabula.Error {
	t.Helper()
	var e *tabula.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want a *tabula.Error", err)
	}
	if e.Code != code || e.Reason != reason {
		t.Fatalf("got %s/%s (%s), want %s/%s", e.Code, e.Reason, e.Message, code, reason)
	}
	if e.Message == "" {
		t.Fatal("error without a message")
	}
	return e
}

func TestIllegalMovesFailWithCodeAndReason(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	gameID, red, yellow := connectFour(t, ctx, address)

	_, err := yellow.SubmitMove(ctx, gameID, tabula.Drop(3))
	e := requireError(t, err, codes.FailedPrecondition, "NOT_YOUR_TURN")
	if e.Metadata["current_seq"] != "1" {
		t.Fatalf("metadata %v, want current_seq 1", e.Metadata)
	}
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_NOT_YOUR_TURN {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
	if status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("status.Code sees %v through the wrapper", status.Code(err))
	}

	_, err = red.SubmitMove(ctx, gameID, tabula.Drop(7))
	requireError(t, err, codes.FailedPrecondition, "OUT_OF_BOUNDS")
	_, err = red.SubmitMove(ctx, gameID, tabula.Shot(0, 0))
	requireError(t, err, codes.FailedPrecondition, "MOVE_KIND_NOT_ALLOWED")
	_, err = red.As("").SubmitMove(ctx, gameID, tabula.Drop(3))
	requireError(t, err, codes.PermissionDenied, "SEAT_REQUIRED")
	_, err = red.As("not-a-token").SubmitMove(ctx, gameID, tabula.Drop(3))
	requireError(t, err, codes.Unauthenticated, "INVALID_CREDENTIAL")
	_, err = red.GetView(ctx, "no-such-game")
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")

	// A refused move changes nothing: Red still moves first, at seq 1.
	response, err := red.SubmitMove(ctx, gameID, tabula.Drop(3), tabula.ExpectedSeq(1))
	if err != nil || response.GetSeq() != 2 {
		t.Fatalf("first legal move: %v, %v", response, err)
	}
	_, err = yellow.SubmitMove(ctx, gameID, tabula.Drop(3), tabula.ExpectedSeq(1))
	requireError(t, err, codes.Aborted, "STALE_SEQ")
}

func TestBattleshipSeatViewsHideTheOtherFleet(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	created, err := dial(t, address).CreateGameFromConfig(ctx, &tabulav1.GameConfig{
		Game: &tabulav1.GameConfig_Battleship{Battleship: &tabulav1.BattleshipConfig{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	tokens := created.GetSeatTokens()
	seats := [2]*tabula.Client{
		dial(t, address, tabula.WithCredential(tokens[0].GetToken())),
		dial(t, address, tabula.WithCredential(tokens[1].GetToken())),
	}
	spectator := dial(t, address)

	// Seat 1's ships lie along even rows from the left edge; seat 2's down even columns from the top.
	lengths := []uint32{5, 4, 3, 3, 2}
	for seat, vertical := range []bool{false, true} {
		var fleet []*tabulav1.ShipPlacement
		for i, length := range lengths {
			at := uint32(2 * i)
			if seat == 0 {
				fleet = append(fleet, tabula.Ship(at, 0, length, vertical))
			} else {
				fleet = append(fleet, tabula.Ship(0, at, length, vertical))
			}
		}
		if _, err := seats[seat].SubmitMove(ctx, gameID, tabula.PlaceFleet(fleet...)); err != nil {
			t.Fatalf("seat %d fleet: %v", seat+1, err)
		}
	}
	for seat, client := range seats {
		if _, err := client.SubmitMove(ctx, gameID, tabula.Ready()); err != nil {
			t.Fatalf("seat %d ready: %v", seat+1, err)
		}
	}
	// Seat 1 hits seat 2's first ship at its bow, seat 2 misses, seat 1 misses.
	shots := []struct {
		seat     int
		row, col uint32
	}{{0, 0, 0}, {1, 9, 9}, {0, 9, 9}}
	for _, shot := range shots {
		if _, err := seats[shot.seat].SubmitMove(ctx, gameID, tabula.Shot(shot.row, shot.col)); err != nil {
			t.Fatalf("seat %d shot at (%d, %d): %v", shot.seat+1, shot.row, shot.col, err)
		}
	}
	_, err = seats[1].SubmitMove(ctx, gameID, tabula.Shot(9, 9))
	requireError(t, err, codes.FailedPrecondition, "ALREADY_SHOT")

	shipCells := func(board *tabulav1.GridBoard) int {
		n := 0
		for _, cell := range board.GetCells() {
			if cell.GetPiece() == tabulav1.Piece_PIECE_SHIP {
				n++
			}
		}
		return n
	}
	pieceAt := func(board *tabulav1.GridBoard, row, col uint32) tabulav1.Piece {
		return board.GetCells()[row*board.GetWidth()+col].GetPiece()
	}
	fleetCells := 5 + 4 + 3 + 3 + 2
	for seat, client := range seats {
		view, err := client.GetView(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		if view.GetViewerSeat() != uint32(seat+1) || len(view.GetSeatBoards()) != 2 {
			t.Fatalf("seat %d view: viewer %d, %d boards", seat+1, view.GetViewerSeat(), len(view.GetSeatBoards()))
		}
		own, other := view.GetSeatBoards()[seat], view.GetSeatBoards()[1-seat]
		hitsOnOwn := map[int]int{0: 0, 1: 1}[seat]
		if got := shipCells(own); got != fleetCells-hitsOnOwn {
			t.Fatalf("seat %d sees %d unhit cells of its own fleet, want %d", seat+1, got, fleetCells-hitsOnOwn)
		}
		if got := shipCells(other); got != 0 {
			t.Fatalf("seat %d sees %d cells of the other fleet", seat+1, got)
		}
		if pieceAt(other, 9, 9) != tabulav1.Piece_PIECE_MISS {
			t.Fatalf("seat %d does not see its miss at (9, 9)", seat+1)
		}
	}
	view, err := spectator.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if pieceAt(view.GetSeatBoards()[1], 0, 0) != tabulav1.Piece_PIECE_HIT {
		t.Fatal("the spectator does not see seat 1's hit")
	}
	for i, board := range view.GetSeatBoards() {
		if got := shipCells(board); got != 0 {
			t.Fatalf("the spectator sees %d unhit cells of seat %d's fleet", got, i+1)
		}
	}

	// The spectator's stream carries both placements, redacted.
	streamCtx, stop := context.WithCancel(ctx)
	defer stop()
	placements := 0
	for event, err := range spectator.Events(streamCtx, gameID, 0) {
		if err != nil {
			t.Fatal(err)
		}
		if applied := event.GetMoveApplied(); applied != nil && applied.GetMoveNumber() <= 2 {
			if !applied.GetRedacted() || applied.GetMove() != nil {
				t.Fatalf("the spectator sees placement %v", applied)
			}
			placements++
		}
		if event.GetSeq() == created.GetGame().GetSeq()+2 {
			break
		}
	}
	if placements != 2 {
		t.Fatalf("saw %d redacted placements, want 2", placements)
	}
}

func TestEventsResumeAfterTheConnectionDrops(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	proxy := testserver.StartProxy(t, address)
	gameID, red, yellow := connectFour(t, ctx, address)
	seats := [2]*tabula.Client{red, yellow}
	spectator := dial(t, proxy.Address)

	play(t, ctx, gameID, seats, redWinsColumns[:2])
	var events []*tabulav1.GameEvent
	cut := false
	for event, err := range spectator.Events(ctx, gameID, 0, tabula.ReconnectDelay(20*time.Millisecond)) {
		if err != nil {
			t.Fatalf("after %d events: %v", len(events), err)
		}
		events = append(events, event)
		if event.GetSeq() == 3 && !cut {
			// Everything played so far has arrived: drop the connection, then play on while
			// the reader is away.
			if n := proxy.Cut(); n == 0 {
				t.Fatal("no connection went through the proxy")
			}
			cut = true
			play(t, ctx, gameID, seats, redWinsColumns[2:])
		}
	}
	if !cut {
		t.Fatal("the stream never reached seq 3")
	}
	checkConnectFourHistory(t, events, redWinsColumns)

	// A new reader resumes after a seq it already has, from the next event on.
	var resumed []uint64
	for event, err := range spectator.Events(ctx, gameID, 4) {
		if err != nil {
			t.Fatal(err)
		}
		resumed = append(resumed, event.GetSeq())
	}
	if len(resumed) != 5 || resumed[0] != 5 || resumed[4] != 9 {
		t.Fatalf("resumed after seq 4 with %v, want 5 to 9", resumed)
	}
}

func TestEventsStopOnCancellation(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	gameID, _, _ := connectFour(t, ctx, address)
	streamCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var seqs []uint64
	var final error
	for event, err := range dial(t, address).Events(streamCtx, gameID, 0) {
		if err != nil {
			final = err
			break
		}
		seqs = append(seqs, event.GetSeq())
		cancel()
	}
	if len(seqs) != 1 || !errors.Is(final, context.Canceled) {
		t.Fatalf("got %v then %v, want the creation then context.Canceled", seqs, final)
	}
}

// ticTacToe creates a classic tic-tac-toe game and returns it with one client per seat, on
// the manager's connection.
func ticTacToe(t *testing.T, ctx context.Context, manager *tabula.Client) (gameID string, x, o *tabula.Client) {
	t.Helper()
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic")
	if err != nil {
		t.Fatal(err)
	}
	tokens := created.GetSeatTokens()
	return created.GetGame().GetGameId(), manager.As(tokens[0].GetToken()), manager.As(tokens[1].GetToken())
}

// describeActor is an event's actor as "seat N", "service KEY_NAME", "engine N", "clock",
// "none" or "unknown".
func describeActor(event *tabulav1.GameEvent) string {
	actor := event.GetActor()
	if actor == nil {
		return "none"
	}
	switch tabula.ActorKind(actor) {
	case "seat":
		return "seat " + strconv.Itoa(int(actor.GetSeat()))
	case "service":
		return "service " + actor.GetService().GetKeyName()
	case "engine":
		return "engine " + strconv.Itoa(int(actor.GetEngine()))
	case "clock":
		return "clock"
	default:
		return tabula.Unknown
	}
}

func TestAServiceKeyAbortsAGameAndEveryEventNamesItsMaker(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t)) // a server without keys: anyone manages games
	gameID, x, o := ticTacToe(t, ctx, manager)
	for i, move := range []struct {
		seat     *tabula.Client
		row, col uint32
	}{{x, 1, 1}, {o, 0, 0}} {
		if _, err := move.seat.SubmitMove(ctx, gameID, tabula.PlaceCell(move.row, move.col)); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}

	game, err := manager.AbortGame(ctx, gameID, "seat 2 lost its connection")
	if err != nil {
		t.Fatal(err)
	}
	outcome := game.GetOutcome()
	if game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED ||
		outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_NO_RESULT ||
		outcome.GetReason() != tabulav1.EndReason_END_REASON_ABORTED || outcome.GetWinner() != 0 {
		t.Fatalf("aborted game: %v", game)
	}
	if got := tabula.EnumName(outcome.GetType()) + " " + tabula.EnumName(outcome.GetReason()); got != "OUTCOME_TYPE_NO_RESULT END_REASON_ABORTED" {
		t.Fatalf("outcome named %q", got)
	}

	events := await(t, collect(manager.Events(ctx, gameID, 0)))
	var got []string
	for _, event := range events {
		got = append(got, tabula.EventKind(event)+" by "+describeActor(event))
	}
	want := []string{
		"game_created by none",
		"move_applied by seat 1",
		"move_applied by seat 2",
		"game_aborted by service ", // a server without keys names none
		"game_ended by none",
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("events %q, want %q", got, want)
	}
	if explanation := events[3].GetGameAborted().GetExplanation(); explanation != "seat 2 lost its connection" {
		t.Fatalf("explanation %q", explanation)
	}
	if ended := events[4].GetGameEnded().GetOutcome(); ended.GetReason() != tabulav1.EndReason_END_REASON_ABORTED {
		t.Fatalf("the game ended with %v", ended)
	}

	_, err = manager.AbortGame(ctx, gameID, "again")
	e := requireError(t, err, codes.FailedPrecondition, "GAME_OVER")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_GAME_OVER {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
}

func TestTooLateToAbortButAnAdjudicationDecides(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	gameID, x, o := ticTacToe(t, ctx, manager)
	for i, move := range []struct {
		seat     *tabula.Client
		row, col uint32
	}{{x, 1, 1}, {o, 0, 0}, {x, 2, 2}} {
		if _, err := move.seat.SubmitMove(ctx, gameID, tabula.PlaceCell(move.row, move.col)); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	_, err := manager.AbortGame(ctx, gameID, "too late", tabula.RequestID("abort-1"))
	e := requireError(t, err, codes.FailedPrecondition, "TOO_LATE_TO_ABORT")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_TOO_LATE_TO_ABORT {
		t.Fatalf("reason code %v", e.ReasonCode())
	}

	game, err := manager.AdjudicateGame(ctx, gameID, tabulav1.OutcomeType_OUTCOME_TYPE_WIN, 2, "seat 1 broke the rules",
		tabula.RequestID("adjudicate-1"))
	if err != nil {
		t.Fatal(err)
	}
	outcome := game.GetOutcome()
	if game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED ||
		outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN ||
		outcome.GetReason() != tabulav1.EndReason_END_REASON_ADJUDICATION || outcome.GetWinner() != 2 {
		t.Fatalf("adjudicated game: %v", game)
	}
	// A retry with the same request id is answered as the first call was.
	again, err := manager.AdjudicateGame(ctx, gameID, tabulav1.OutcomeType_OUTCOME_TYPE_WIN, 2, "seat 1 broke the rules",
		tabula.RequestID("adjudicate-1"))
	if err != nil || !proto.Equal(again, game) {
		t.Fatalf("retried adjudication: %v, %v", again, err)
	}

	events := await(t, collect(manager.Events(ctx, gameID, 0)))
	last, adjudicated := events[len(events)-1], events[len(events)-2]
	if tabula.EventKind(adjudicated) != "game_adjudicated" || describeActor(adjudicated) != "service " ||
		adjudicated.GetGameAdjudicated().GetExplanation() != "seat 1 broke the rules" {
		t.Fatalf("next to last event %v", adjudicated)
	}
	if last.GetGameEnded().GetOutcome().GetWinner() != 2 || describeActor(last) != "none" {
		t.Fatalf("last event %v", last)
	}

	_, err = manager.AdjudicateGame(ctx, gameID, tabulav1.OutcomeType_OUTCOME_TYPE_DRAW, 0, "again")
	requireError(t, err, codes.FailedPrecondition, "GAME_OVER")
	_, err = manager.AbortGame(ctx, gameID, "again")
	requireError(t, err, codes.FailedPrecondition, "GAME_OVER")
}

func TestARetriedCreationReturnsItsGame(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	first, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.RequestID("create-1"))
	if err != nil {
		t.Fatal(err)
	}
	retry, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.RequestID("create-1"))
	if err != nil {
		t.Fatal(err)
	}
	gameID := first.GetGame().GetGameId()
	if first.GetRetried() || !retry.GetRetried() || retry.GetGame().GetGameId() != gameID {
		t.Fatalf("first %v, retry %v", first, retry)
	}
	// Nothing happened in the game yet: the retry issued new tokens, and the old ones stopped working.
	if len(retry.GetSeatTokens()) != 2 || retry.GetSeatTokens()[0].GetToken() == first.GetSeatTokens()[0].GetToken() {
		t.Fatalf("retry tokens %v", retry.GetSeatTokens())
	}
	_, err = manager.As(first.GetSeatTokens()[0].GetToken()).SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1))
	requireError(t, err, codes.Unauthenticated, "INVALID_CREDENTIAL")
	if _, err := manager.As(retry.GetSeatTokens()[0].GetToken()).SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	// Once a seat has moved, a retry returns the game without tokens.
	late, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.RequestID("create-1"))
	if err != nil || !late.GetRetried() || late.GetGame().GetGameId() != gameID || len(late.GetSeatTokens()) != 0 {
		t.Fatalf("late retry: %v, %v", late, err)
	}
	// The same id for another request is refused; another id makes another game.
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "four", tabula.RequestID("create-1"))
	requireError(t, err, codes.FailedPrecondition, "REQUEST_ID_REUSED")
	other, err := manager.CreateGameFromConfig(ctx, &tabulav1.GameConfig{Game: &tabulav1.GameConfig_TicTacToe{TicTacToe: &tabulav1.TicTacToeConfig{}}},
		tabula.RequestID("create-2"))
	if err != nil || other.GetRetried() || other.GetGame().GetGameId() == gameID {
		t.Fatalf("another request id: %v, %v", other, err)
	}
}

// botsOf is a game's bot seats as "seat/level" pairs.
func botsOf(game *tabulav1.Game) []string {
	var bots []string
	for _, bot := range game.GetBots() {
		bots = append(bots, fmt.Sprintf("%d/%d", bot.GetSeat(), bot.GetLevel()))
	}
	return bots
}

func TestTheEngineAnswersForItsSeatAndItsTokenMayNotMove(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	kinds, err := manager.ListGameKinds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range kinds {
		if kind.GetMaxBotLevel() < 1 {
			t.Fatalf("%s: max bot level %d", kind.GetName(), kind.GetMaxBotLevel())
		}
	}
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Bots(tabula.BotSeat(2, 1, 0)))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	if got := botsOf(created.GetGame()); !slices.Equal(got, []string{"2/1"}) {
		t.Fatalf("created with bots %v", got)
	}
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	moved, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1))
	if err != nil || moved.GetSeq() != 2 {
		t.Fatalf("X's move: %v, %v", moved, err)
	}

	// The engine moves on its own; the stream waits for it.
	waiting, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	var reply *tabulav1.GameEvent
	for event, err := range manager.Events(waiting, gameID, 2) {
		if err != nil {
			t.Fatalf("waiting for the engine's move: %v", err)
		}
		reply = event
		break
	}
	if reply.GetSeq() != 3 || tabula.EventKind(reply) != "move_applied" || describeActor(reply) != "engine 2" ||
		tabula.ActorKind(reply.GetActor()) != "engine" || reply.GetMoveApplied().GetSeat() != 2 {
		t.Fatalf("the engine's reply: %v", reply)
	}
	game, err := manager.GetGame(ctx, gameID)
	if err != nil || !slices.Equal(botsOf(game), []string{"2/1"}) {
		t.Fatalf("the game's bots: %v, %v", game, err)
	}
	if view, err := o.GetView(ctx, gameID); err != nil || view.GetViewerSeat() != 2 {
		t.Fatalf("the bot seat's token reads the game as that seat: %v, %v", view, err)
	}

	_, err = o.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 0))
	if e := requireError(t, err, codes.FailedPrecondition, "SEAT_PLAYED_BY_ENGINE"); e.Metadata["seat"] != "2" {
		t.Fatalf("metadata %v", e.Metadata)
	}
	_, err = o.Resign(ctx, gameID)
	if e := requireError(t, err, codes.FailedPrecondition, "SEAT_PLAYED_BY_ENGINE"); e.Metadata["seat"] != "2" {
		t.Fatalf("metadata %v", e.Metadata)
	}
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.Bots(tabula.BotSeat(3, 1, time.Minute)))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
}

func TestAnEngineAgainstEngineGamePlaysToItsEnd(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_TicTacToe{TicTacToe: &tabulav1.TicTacToeConfig{}}}
	created, err := manager.CreateGameFromConfig(ctx, config, tabula.Bots(tabula.BotSeat(1, 1, 0)), tabula.Bots(tabula.BotSeat(2, 1, 500*time.Millisecond)))
	if err != nil {
		t.Fatal(err)
	}
	if got := botsOf(created.GetGame()); !slices.Equal(got, []string{"1/1", "2/1"}) {
		t.Fatalf("created with bots %v", got)
	}
	if got := created.GetGame().GetBots()[1].GetMoveTime().AsDuration(); got != 500*time.Millisecond {
		t.Fatalf("move time %v", got)
	}

	events := await(t, collect(manager.Events(ctx, created.GetGame().GetGameId(), 0)))
	if len(events) == 0 || tabula.EventKind(events[len(events)-1]) != "game_ended" {
		t.Fatalf("the stream ends with the game: %v", events)
	}
	moves := 0
	for i, event := range events {
		if event.GetSeq() != uint64(i+1) {
			t.Fatalf("event %d has seq %d", i, event.GetSeq())
		}
		if tabula.EventKind(event) != "move_applied" {
			continue
		}
		seat := event.GetMoveApplied().GetSeat()
		if want := uint32(moves%2 + 1); seat != want || describeActor(event) != fmt.Sprintf("engine %d", want) {
			t.Fatalf("move %d: seat %d by %s, want engine %d", moves+1, seat, describeActor(event), want)
		}
		moves++
	}
	if moves < 5 {
		t.Fatalf("%d moves", moves)
	}
}
