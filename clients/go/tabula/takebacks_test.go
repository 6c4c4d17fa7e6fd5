package tabula_test

// Takebacks in any game, against a real server: allowed by GameConfig.allow_takebacks on the
// configuration a game is created from, refused without it.

import (
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func TestAGameCreatedWithTakebacksLetsASeatTakeBackItsOwnMove(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := ticTacToeConfig()
	config.AllowTakebacks = true
	created, err := manager.CreateGameFromConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	if !created.GetGame().GetConfig().GetAllowTakebacks() {
		t.Fatalf("the answered configuration does not allow takebacks: %v", created.GetGame().GetConfig())
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}

	_, err = o.TakeBack(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "NOTHING_TO_TAKE_BACK")
	back, err := x.TakeBack(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if view := back.GetView(); view.GetMoveCount() != 0 || !slices.Equal(view.GetToAct(), []uint32{1}) {
		t.Fatalf("after the takeback: %d moves, to act %v; want 0 moves, [1]", view.GetMoveCount(), view.GetToAct())
	}
	if got := toAct(t, o, gameID); !slices.Equal(got, []uint32{1}) {
		t.Fatalf("the game now has %v to act, want [1]", got)
	}
}

func TestAGameCreatedWithoutTakebacksRefusesThem(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_Gomoku{Gomoku: &tabulav1.GomokuConfig{}}}
	created, err := manager.CreateGameFromConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	if created.GetGame().GetConfig().GetAllowTakebacks() {
		t.Fatalf("the answered configuration allows takebacks: %v", created.GetGame().GetConfig())
	}
	gameID := created.GetGame().GetGameId()
	black := manager.As(created.GetSeatTokens()[0].GetToken())
	if _, err := black.SubmitMove(ctx, gameID, tabula.PlaceCell(7, 7)); err != nil {
		t.Fatal(err)
	}
	_, err = black.TakeBack(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "TAKEBACK_NOT_ALLOWED")
}
