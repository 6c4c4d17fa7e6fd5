package tabula_test

// The engine's analysis against a real server: the seat to move of a game created with
// hints, a proved draw, a game without hints, and a finished game analysed by a spectator;
// offline, that the options reach the server.

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func ticTacToeConfig() *tabulav1.GameConfig {
	return &tabulav1.GameConfig{Game: &tabulav1.GameConfig_TicTacToe{TicTacToe: &tabulav1.TicTacToeConfig{}}}
}

func TestTheSeatToMoveGetsAMoveItsLineAndAScore(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, ticTacToeConfig(), tabula.AllowHints(true))
	if err != nil || !created.GetGame().GetAllowHints() {
		t.Fatalf("created %v, %v", created.GetGame(), err)
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())

	hint, err := x.GetHint(ctx, gameID, tabula.MaxTime(300*time.Millisecond))
	if err != nil || hint.GetResult() != tabulav1.HintResult_HINT_RESULT_MOVE || hint.GetSeq() != 1 || hint.GetSeat() != 1 {
		t.Fatalf("hint %v, %v", hint, err)
	}
	if line := hint.GetPrincipalVariation(); len(line) == 0 || !proto.Equal(line[0], hint.GetMove()) {
		t.Fatalf("the line %v does not start with the move %v", line, hint.GetMove())
	}
	if score := hint.GetScore(); score == nil || !(score.GetExact() || score.Value != nil) {
		t.Fatalf("score %v", score)
	}
	if hint.GetNodes() == 0 {
		t.Fatalf("no nodes: %v", hint)
	}
	if _, err := x.SubmitMove(ctx, gameID, hint.GetMove(), tabula.ExpectedSeq(hint.GetSeq())); err != nil {
		t.Fatal(err)
	}

	_, err = x.GetHint(ctx, gameID, tabula.MaxTime(300*time.Millisecond))
	requireError(t, err, codes.FailedPrecondition, "NOT_YOUR_TURN")
	_, err = manager.As("").GetHint(ctx, gameID, tabula.MaxTime(300*time.Millisecond))
	requireError(t, err, codes.PermissionDenied, "SEAT_REQUIRED")
	reply, err := o.GetHint(ctx, gameID, tabula.MaxTime(300*time.Millisecond), tabula.MaxNodes(10_000))
	if err != nil || reply.GetSeat() != 2 || reply.GetNodes() > 10_000 {
		t.Fatalf("O's hint %v, %v", reply, err)
	}
}

func TestTheEmptyBoardIsAnExactDraw(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.AllowHints(true))
	if err != nil {
		t.Fatal(err)
	}
	x := manager.As(created.GetSeatTokens()[0].GetToken())
	// The current position may be named.
	hint, err := x.GetHint(ctx, created.GetGame().GetGameId(), tabula.MaxTime(2*time.Second), tabula.AtSeq(1))
	if err != nil || !hint.GetScore().GetExact() || hint.GetScore().GetResult() != tabulav1.ScoreResult_SCORE_RESULT_DRAW {
		t.Fatalf("hint %v, %v: want an exact draw", hint, err)
	}
}

func TestAGameWithoutHintsRefusesThem(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic")
	if err != nil || created.GetGame().GetAllowHints() {
		t.Fatalf("two seats: hints off by default; created %v, %v", created.GetGame(), err)
	}
	x := manager.As(created.GetSeatTokens()[0].GetToken())
	_, err = x.GetHint(ctx, created.GetGame().GetGameId(), tabula.MaxTime(300*time.Millisecond))
	requireError(t, err, codes.FailedPrecondition, "HINTS_DISABLED")

	puzzle, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_PEG_SOLITAIRE, "triangle15", tabula.AllowHints(false))
	if err != nil {
		t.Fatal(err)
	}
	if game, err := manager.GetGame(ctx, puzzle.GetGame().GetGameId()); err != nil || game.GetAllowHints() {
		t.Fatalf("game %v, %v", game, err)
	}
	_, err = manager.As(puzzle.GetSeatTokens()[0].GetToken()).GetHint(ctx, puzzle.GetGame().GetGameId())
	requireError(t, err, codes.FailedPrecondition, "HINTS_DISABLED")
}

func TestASpectatorAnalysesAFinishedGame(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, ticTacToeConfig())
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	// X takes the top row while O plays the middle row: X wins at seq 6.
	for i, cell := range [][2]uint32{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}} {
		if _, err := []*tabula.Client{x, o}[i%2].SubmitMove(ctx, gameID, tabula.PlaceCell(cell[0], cell[1])); err != nil {
			t.Fatal(err)
		}
	}
	spectator := manager.As("")

	// After X's second move (seq 4), O must block the top row.
	hint, err := spectator.GetHint(ctx, gameID, tabula.AtSeq(4), tabula.MaxTime(300*time.Millisecond))
	if err != nil || hint.GetResult() != tabulav1.HintResult_HINT_RESULT_MOVE || hint.GetSeq() != 4 || hint.GetSeat() != 2 {
		t.Fatalf("hint at seq 4: %v, %v", hint, err)
	}
	if !proto.Equal(hint.GetMove(), tabula.PlaceCell(0, 2)) || !proto.Equal(hint.GetPrincipalVariation()[0], hint.GetMove()) {
		t.Fatalf("O blocks at (0, 2): %v", hint)
	}

	end, err := spectator.GetHint(ctx, gameID)
	if err != nil || end.GetResult() != tabulav1.HintResult_HINT_RESULT_ALREADY_SOLVED || end.GetSeq() != 7 || end.GetSeat() != 0 ||
		end.GetScore() != nil || len(end.GetPrincipalVariation()) != 0 {
		t.Fatalf("the final position: %v, %v", end, err)
	}
	_, err = spectator.GetHint(ctx, gameID, tabula.AtSeq(99))
	requireError(t, err, codes.OutOfRange, "SEQ_OUT_OF_RANGE")
}

// hintService records the GetHint and CreateGame requests that reach it.
type hintService struct {
	tabulav1.UnimplementedGameServiceServer
	mu      sync.Mutex
	hints   []*tabulav1.GetHintRequest
	creates []*tabulav1.CreateGameRequest
}

func (h *hintService) GetHint(_ context.Context, request *tabulav1.GetHintRequest) (*tabulav1.GetHintResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.hints = append(h.hints, request)
	return &tabulav1.GetHintResponse{}, nil
}

func (h *hintService) CreateGame(_ context.Context, request *tabulav1.CreateGameRequest) (*tabulav1.CreateGameResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.creates = append(h.creates, request)
	return &tabulav1.CreateGameResponse{}, nil
}

func TestHintAndCreationOptionsReachTheServer(t *testing.T) {
	h := &hintService{}
	client := startFake(t, h)
	ctx := testContext(t)
	check := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	check(client.GetHint(ctx, "g", tabula.MaxTime(250*time.Millisecond), tabula.MaxNodes(1000), tabula.AtSeq(3)))
	check(client.GetHint(ctx, "g"))
	check(client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.AllowHints(true)))
	check(client.CreateGameFromPGN(ctx, "1. e4 *", tabula.AllowHints(false)))
	check(client.CreateGameFromConfig(ctx, ticTacToeConfig()))

	if got := h.hints[0]; got.GetMaxTime().AsDuration() != 250*time.Millisecond || got.GetMaxNodes() != 1000 || got.AtSeq == nil || got.GetAtSeq() != 3 {
		t.Fatalf("GetHint with options sent %v", got)
	}
	if got := h.hints[1]; got.MaxTime != nil || got.GetMaxNodes() != 0 || got.AtSeq != nil {
		t.Fatalf("GetHint without options sent %v, want the server's defaults", got)
	}
	for i, want := range []*bool{proto.Bool(true), proto.Bool(false), nil} {
		if got := h.creates[i].AllowHints; (got == nil) != (want == nil) || (got != nil && *got != *want) {
			t.Fatalf("creation %d sent allow_hints %v, want %v", i+1, got, want)
		}
	}

}
