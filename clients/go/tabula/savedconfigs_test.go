package tabula_test

// Saved configurations: saved, read, listed, replaced and deleted against a real server, a
// game made from one, and the creation's request offline.

import (
	"context"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// connectFourBoard is a Connect Four configuration of this size; zeros take the defaults.
func connectFourBoard(width, height, winLength uint32) *tabulav1.GameConfig {
	return &tabulav1.GameConfig{Game: &tabulav1.GameConfig_ConnectFour{ConnectFour: &tabulav1.ConnectFourConfig{
		Width: width, Height: height, WinLength: winLength,
	}}}
}

func TestASavedConfigurationFromSavingToDeletion(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))

	saved, err := manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{
		Name: "big-board", Description: "the big board", Config: connectFourBoard(9, 7, 5),
	})
	if err != nil {
		t.Fatal(err)
	}
	board := saved.GetConfig().GetConnectFour()
	if saved.GetName() != "big-board" || saved.GetDescription() != "the big board" ||
		saved.GetKind() != tabulav1.GameKind_GAME_KIND_CONNECT_FOUR ||
		board.GetWidth() != 9 || board.GetHeight() != 7 || board.GetWinLength() != 5 ||
		saved.GetCreateTime() == nil || saved.GetUpdateTime() == nil {
		t.Fatalf("saved %v", saved)
	}
	_, err = manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "big-board", Config: connectFourConfig()})
	requireError(t, err, codes.AlreadyExists, "SAVED_CONFIG_EXISTS")

	// A game made from it copies its configuration.
	created, err := manager.CreateGameFromSavedConfig(ctx, "big-board")
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	if created.GetGame().GetKind() != tabulav1.GameKind_GAME_KIND_CONNECT_FOUR || !proto.Equal(created.GetGame().GetConfig(), saved.GetConfig()) {
		t.Fatalf("the game's configuration %v, want the saved %v", created.GetGame().GetConfig(), saved.GetConfig())
	}
	if len(created.GetSeatTokens()) != 2 {
		t.Fatalf("seat tokens %v", created.GetSeatTokens())
	}

	// Replaced: the creation time stays; the game made before keeps its copy.
	updated, err := manager.UpdateSavedConfig(ctx, &tabulav1.SavedConfig{
		Name: "big-board", Description: "smaller", Config: connectFourConfig(),
	})
	if err != nil {
		t.Fatal(err)
	}
	board = updated.GetConfig().GetConnectFour()
	if updated.GetDescription() != "smaller" || board.GetWidth() != 7 || board.GetHeight() != 6 || board.GetWinLength() != 4 {
		t.Fatalf("updated %v", updated)
	}
	if !proto.Equal(updated.GetCreateTime(), saved.GetCreateTime()) {
		t.Fatalf("create_time %v after the update, %v before", updated.GetCreateTime(), saved.GetCreateTime())
	}
	if updated.GetUpdateTime().AsTime().Before(saved.GetUpdateTime().AsTime()) {
		t.Fatalf("update_time %v after the update, %v before", updated.GetUpdateTime(), saved.GetUpdateTime())
	}
	got, err := manager.GetSavedConfig(ctx, "big-board")
	if err != nil || !proto.Equal(got, updated) {
		t.Fatalf("get after the update: %v, %v; want %v", got, err, updated)
	}
	game, err := manager.GetGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if board := game.GetConfig().GetConnectFour(); board.GetWidth() != 9 || board.GetHeight() != 7 || board.GetWinLength() != 5 {
		t.Fatalf("the game made before the update is now %v", game.GetConfig())
	}

	// Deleted: gone for reading, updating, deleting and creating a game; the game stays.
	if err := manager.DeleteSavedConfig(ctx, "big-board"); err != nil {
		t.Fatal(err)
	}
	_, err = manager.GetSavedConfig(ctx, "big-board")
	requireError(t, err, codes.NotFound, "SAVED_CONFIG_NOT_FOUND")
	_, err = manager.CreateGameFromSavedConfig(ctx, "big-board")
	requireError(t, err, codes.NotFound, "SAVED_CONFIG_NOT_FOUND")
	_, err = manager.UpdateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "big-board", Config: connectFourConfig()})
	requireError(t, err, codes.NotFound, "SAVED_CONFIG_NOT_FOUND")
	err = manager.DeleteSavedConfig(ctx, "big-board")
	requireError(t, err, codes.NotFound, "SAVED_CONFIG_NOT_FOUND")
	if game, err := manager.GetGame(ctx, gameID); err != nil || game.GetConfig().GetConnectFour().GetWidth() != 9 {
		t.Fatalf("the game after the deletion: %v, %v", game, err)
	}
}

func TestARandomStarterStaysRandomWhenSaved(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := connectFourConfig()
	config.Starter = tabulav1.Starter_STARTER_RANDOM
	saved, err := manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "random", Config: config})
	if err != nil || saved.GetConfig().GetStarter() != tabulav1.Starter_STARTER_RANDOM {
		t.Fatalf("saved %v, %v", saved, err)
	}
	created, err := manager.CreateGameFromSavedConfig(ctx, "random", tabula.Private(), tabula.RequestID("from-random"))
	if err != nil {
		t.Fatal(err)
	}
	if starter := created.GetGame().GetConfig().GetStarter(); starter != tabulav1.Starter_STARTER_FIRST_SEAT && starter != tabulav1.Starter_STARTER_SECOND_SEAT {
		t.Fatalf("the game starts with %s, want the seat drawn", tabula.EnumName(starter))
	}
	if !created.GetGame().GetPrivate() {
		t.Fatalf("the game is not private: %v", created.GetGame())
	}
	if got, err := manager.GetSavedConfig(ctx, "random"); err != nil || got.GetConfig().GetStarter() != tabulav1.Starter_STARTER_RANDOM {
		t.Fatalf("after a game was made from it: %v, %v", got, err)
	}
}

func TestSavedConfigurationsAreListedByNameAPageAtATime(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	for _, name := range []string{"c", "a", "b"} {
		if _, err := manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: name, Config: connectFourConfig()}); err != nil {
			t.Fatal(err)
		}
	}
	names := func(opts ...tabula.ListSavedConfigsOption) string {
		t.Helper()
		page, err := manager.ListSavedConfigs(ctx, opts...)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, saved := range page.GetSavedConfigs() {
			names = append(names, saved.GetName())
		}
		return strings.Join(append(names, "next:"+page.GetNextPageToken()), " ")
	}
	first, err := manager.ListSavedConfigs(ctx, tabula.PageSize(2))
	if err != nil {
		t.Fatal(err)
	}
	token := first.GetNextPageToken()
	if len(first.GetSavedConfigs()) != 2 || first.GetSavedConfigs()[1].GetName() != "b" || token == "" || token == "b" {
		t.Fatalf("first page %v, want a and b and an opaque token", first)
	}
	if got := names(tabula.PageSize(2), tabula.PageToken(token)); got != "c next:" {
		t.Fatalf("second page %q, want c and no token", got)
	}
	if got := names(); got != "a b c next:" {
		t.Fatalf("one page of 50 %q", got)
	}
	_, err = manager.ListSavedConfigs(ctx, tabula.PageToken("Not A Name"))
	requireError(t, err, codes.InvalidArgument, "INVALID_PAGE_TOKEN")
}

func TestABadNameOrConfigurationIsRefused(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	_, err := manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "Not A Name", Config: connectFourConfig()})
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "long", Description: strings.Repeat("d", 501), Config: connectFourConfig()})
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "narrow", Config: connectFourBoard(2, 0, 0)})
	requireError(t, err, codes.InvalidArgument, "INVALID_CONFIG")
	_, err = manager.GetSavedConfig(ctx, "narrow")
	requireError(t, err, codes.NotFound, "SAVED_CONFIG_NOT_FOUND")

	// An update is validated alike.
	if _, err := manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "narrow", Config: connectFourConfig()}); err != nil {
		t.Fatal(err)
	}
	_, err = manager.UpdateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "narrow", Config: connectFourBoard(2, 0, 0)})
	requireError(t, err, codes.InvalidArgument, "INVALID_CONFIG")
	if got, err := manager.GetSavedConfig(ctx, "narrow"); err != nil || got.GetConfig().GetConnectFour().GetWidth() != 7 {
		t.Fatalf("after a refused update: %v, %v", got, err)
	}
}

// savedConfigService records the CreateGame requests that reach it.
type savedConfigService struct {
	tabulav1.UnimplementedGameServiceServer
	mu      sync.Mutex
	creates []*tabulav1.CreateGameRequest
}

func (s *savedConfigService) CreateGame(_ context.Context, request *tabulav1.CreateGameRequest) (*tabulav1.CreateGameResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.creates = append(s.creates, request)
	return &tabulav1.CreateGameResponse{Game: &tabulav1.Game{GameId: "g"}}, nil
}

func TestCreateGameFromSavedConfigSendsTheNameAndItsOptions(t *testing.T) {
	s := &savedConfigService{}
	client := startFake(t, s)
	ctx := testContext(t)
	bot := tabula.BotSeat(2, 1, 0)
	if _, err := client.CreateGameFromSavedConfig(ctx, "big-board",
		tabula.Private(), tabula.RequestID("r1"), tabula.Bots(bot), tabula.AllowHints(true)); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromSavedConfig(ctx, "plain"); err != nil {
		t.Fatal(err)
	}
	want := []*tabulav1.CreateGameRequest{
		{
			Source:  &tabulav1.CreateGameRequest_SavedConfig{SavedConfig: "big-board"},
			Private: true, RequestId: "r1", Bots: []*tabulav1.BotSeat{bot}, AllowHints: proto.Bool(true),
		},
		{Source: &tabulav1.CreateGameRequest_SavedConfig{SavedConfig: "plain"}},
	}
	if len(s.creates) != len(want) {
		t.Fatalf("%d CreateGame requests reached the server, want %d", len(s.creates), len(want))
	}
	for i := range want {
		if !proto.Equal(s.creates[i], want[i]) {
			t.Errorf("creation %d sent %v, want %v", i+1, s.creates[i], want[i])
		}
	}

	if len(s.creates) != len(want) {
		t.Fatalf("%d requests reached the server, want %d", len(s.creates), len(want))
	}
}
