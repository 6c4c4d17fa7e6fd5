package tabula_test

// Who starts, misère tic-tac-toe and blocked cells against a real server: the second seat
// moving first, a random start drawn at the creation, chess refusing another starter, a
// misère game lost by completing a line, and Connect Four's blocked cells; offline, what the
// Starter option sends.

import (
	"slices"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// toAct is the view's seats to act, read again from the server.
func toAct(t *testing.T, client *tabula.Client, gameID string) []uint32 {
	t.Helper()
	view, err := client.GetView(testContext(t), gameID)
	if err != nil {
		t.Fatal(err)
	}
	return view.GetToAct()
}

// cellAt is the cell (row, col) of a grid board.
func cellAt(board *tabulav1.GridBoard, row, col uint32) *tabulav1.BoardCell {
	return board.GetCells()[row*board.GetWidth()+col]
}

func TestTheSecondSeatStartsWhenTheStarterSaysSo(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := ticTacToeConfig()
	created, err := manager.CreateGameFromConfig(ctx, config, tabula.Starter(tabulav1.Starter_STARTER_SECOND_SEAT))
	if err != nil {
		t.Fatal(err)
	}
	if got := created.GetGame().GetConfig().GetStarter(); got != tabulav1.Starter_STARTER_SECOND_SEAT {
		t.Fatalf("the game's starter: %s", tabula.EnumName(got))
	}
	if config.GetStarter() != tabulav1.Starter_STARTER_UNSPECIFIED {
		t.Fatalf("Starter changed the caller's configuration: %v", config)
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	if got := toAct(t, manager, gameID); !slices.Equal(got, []uint32{2}) {
		t.Fatalf("to act at the start: %v, want [2]", got)
	}
	_, err = x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1))
	requireError(t, err, codes.FailedPrecondition, "NOT_YOUR_TURN")
	moved, err := o.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if got := moved.GetView().GetToAct(); !slices.Equal(got, []uint32{1}) {
		t.Fatalf("to act after the second seat's move: %v, want [1]", got)
	}
	if got := toAct(t, manager, gameID); !slices.Equal(got, []uint32{1}) {
		t.Fatalf("to act read again: %v, want [1]", got)
	}
}

// A random start is drawn once, at the creation; the game names the seat drawn.
func TestARandomStarterIsDrawnAtTheCreation(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	for i := 0; i < 16; i++ {
		created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Starter(tabulav1.Starter_STARTER_RANDOM))
		if err != nil {
			t.Fatal(err)
		}
		starter := created.GetGame().GetConfig().GetStarter()
		var seat uint32
		switch starter {
		case tabulav1.Starter_STARTER_FIRST_SEAT:
			seat = 1
		case tabulav1.Starter_STARTER_SECOND_SEAT:
			seat = 2
		default:
			t.Fatalf("game %d answered starter %s, want the seat drawn", i, tabula.EnumName(starter))
		}
		gameID := created.GetGame().GetGameId()
		game, err := manager.GetGame(ctx, gameID)
		if err != nil || game.GetConfig().GetStarter() != starter {
			t.Fatalf("GetGame's starter %s, the creation's %s (%v)", tabula.EnumName(game.GetConfig().GetStarter()), tabula.EnumName(starter), err)
		}
		if got := toAct(t, manager, gameID); !slices.Equal(got, []uint32{seat}) {
			t.Fatalf("starter %s, to act %v", tabula.EnumName(starter), got)
		}
	}
}

// Chess is started by White: another starter is an invalid request on config.starter.
func TestChessRefusesAnotherStarter(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	chess := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_Chess{Chess: &tabulav1.ChessConfig{}}}
	_, err := manager.CreateGameFromConfig(ctx, chess, tabula.Starter(tabulav1.Starter_STARTER_SECOND_SEAT))
	e := requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	var violations []*errdetails.BadRequest_FieldViolation
	for _, detail := range status.Convert(err).Details() {
		if bad, ok := detail.(*errdetails.BadRequest); ok {
			violations = append(violations, bad.GetFieldViolations()...)
		}
	}
	if len(violations) != 1 || violations[0].GetField() != "config.starter" {
		t.Fatalf("field violations %v, want one on config.starter (%s)", violations, e.Message)
	}
	// The first seat, or none, is chess's own start, answered as unspecified.
	created, err := manager.CreateGameFromConfig(ctx, chess, tabula.Starter(tabulav1.Starter_STARTER_FIRST_SEAT))
	if err != nil || created.GetGame().GetConfig().GetStarter() != tabulav1.Starter_STARTER_UNSPECIFIED {
		t.Fatalf("chess with the first seat starting: %v, %v", created.GetGame().GetConfig(), err)
	}
}

// In misère tic-tac-toe the seat that completes a line loses.
func TestMisereTicTacToeIsLostByCompletingALine(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "misere")
	if err != nil {
		t.Fatal(err)
	}
	if !created.GetGame().GetConfig().GetTicTacToe().GetMisere() {
		t.Fatalf("the preset misere: %v", created.GetGame().GetConfig())
	}
	gameID := created.GetGame().GetGameId()
	seats := [2]*tabula.Client{manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())}
	var last *tabulav1.SubmitMoveResponse
	for i, cell := range [][2]uint32{{0, 0}, {1, 0}, {0, 1}, {2, 2}, {0, 2}} {
		last, err = seats[i%2].SubmitMove(ctx, gameID, tabula.PlaceCell(cell[0], cell[1]))
		if err != nil {
			t.Fatalf("move %d at %v: %v", i+1, cell, err)
		}
	}
	outcome := last.GetView().GetOutcome()
	if outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN || outcome.GetWinner() != 2 ||
		outcome.GetReason() != tabulav1.EndReason_END_REASON_OPPONENT_LINE ||
		tabula.EnumName(outcome.GetReason()) != "END_REASON_OPPONENT_LINE" {
		t.Fatalf("the outcome: %v", outcome)
	}
	want := []*tabulav1.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 2}}
	if got := outcome.GetWinningLine(); !slices.EqualFunc(got, want, func(a, b *tabulav1.Cell) bool { return proto.Equal(a, b) }) {
		t.Fatalf("the winning line %v, want %v", got, want)
	}
}

// A blocked cell is a wall: a disc rests on it, and a column blocked on its top row is full.
func TestConnectFourDiscsRestOnBlockedCells(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	blocked := []*tabulav1.Cell{{Row: 3, Col: 0}, {Row: 0, Col: 6}}
	config := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_ConnectFour{ConnectFour: &tabulav1.ConnectFourConfig{Blocked: blocked}}}
	created, err := manager.CreateGameFromConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	got := created.GetGame().GetConfig().GetConnectFour().GetBlocked()
	if len(got) != 2 || !slices.ContainsFunc(got, func(c *tabulav1.Cell) bool { return proto.Equal(c, blocked[0]) }) ||
		!slices.ContainsFunc(got, func(c *tabulav1.Cell) bool { return proto.Equal(c, blocked[1]) }) {
		t.Fatalf("the game's blocked cells %v, want %v", got, blocked)
	}
	gameID := created.GetGame().GetGameId()
	red := manager.As(created.GetSeatTokens()[0].GetToken())
	view, err := manager.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	for _, cell := range blocked {
		if piece := cellAt(view.GetBoard(), cell.GetRow(), cell.GetCol()).GetPiece(); piece != tabulav1.Piece_PIECE_WALL {
			t.Fatalf("cell (%d, %d) shows %s, want PIECE_WALL", cell.GetRow(), cell.GetCol(), tabula.EnumName(piece))
		}
	}
	_, err = red.SubmitMove(ctx, gameID, tabula.Drop(6))
	requireError(t, err, codes.FailedPrecondition, "COLUMN_FULL")
	moved, err := red.SubmitMove(ctx, gameID, tabula.Drop(0))
	if err != nil {
		t.Fatal(err)
	}
	if landed := cellAt(moved.GetView().GetBoard(), 2, 0); landed.GetOwner() != 1 || landed.GetPiece() == tabulav1.Piece_PIECE_WALL {
		t.Fatalf("the disc dropped into column 0: row 2 holds %v", landed)
	}
	if bottom := cellAt(moved.GetView().GetBoard(), 5, 0); bottom.GetOwner() != 0 || bottom.GetPiece() != tabulav1.Piece_PIECE_UNSPECIFIED {
		t.Fatalf("the disc fell past the blocked cell: row 5 holds %v", bottom)
	}
}

func TestTheStarterOptionReachesTheServer(t *testing.T) {
	c := &clockService{}
	client := startFake(t, c)
	ctx := testContext(t)
	config := connectFourConfig()
	if _, err := client.CreateGameFromConfig(ctx, config, tabula.Starter(tabulav1.Starter_STARTER_RANDOM), tabula.RequestID("s1")); err != nil {
		t.Fatal(err)
	}
	if config.GetStarter() != tabulav1.Starter_STARTER_UNSPECIFIED {
		t.Fatalf("Starter changed the caller's configuration: %v", config)
	}
	if got := c.creates[0]; got.GetConfig().GetStarter() != tabulav1.Starter_STARTER_RANDOM || got.GetConfig().GetConnectFour() == nil ||
		got.GetRequestId() != "s1" {
		t.Fatalf("created with %v", got)
	}
	// With the clock options, on one copy; without Starter the configuration's own is sent.
	started := connectFourConfig()
	started.Starter = tabulav1.Starter_STARTER_SECOND_SEAT
	if _, err := client.CreateGameFromConfig(ctx, started, tabula.Starter(tabulav1.Starter_STARTER_FIRST_SEAT),
		tabula.Clock(tabula.PerMove(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromConfig(ctx, started); err != nil {
		t.Fatal(err)
	}
	if got := c.creates[1].GetConfig(); got.GetStarter() != tabulav1.Starter_STARTER_FIRST_SEAT || got.GetClock() == nil {
		t.Fatalf("Starter with Clock sent %v", got)
	}
	if got := c.creates[2].GetConfig(); got.GetStarter() != tabulav1.Starter_STARTER_SECOND_SEAT ||
		started.GetStarter() != tabulav1.Starter_STARTER_SECOND_SEAT || started.GetClock() != nil {
		t.Fatalf("the configuration's own starter: sent %v, left %v", got, started)
	}
	if len(c.creates) != 3 {
		t.Fatalf("%d creations reached the server, want 3", len(c.creates))
	}
}
