package tabula_test

// Rematches: against a real server with a service key (players swapped, labels kept, the two
// games naming each other, one rematch a game, retries, the engine's seat swapped, the
// refusals), and offline against a stand-in server (the request the call sends, the options
// it refuses).

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// xWins plays a tic-tac-toe game to X's win along the top row.
func xWins(t *testing.T, ctx context.Context, gameID string, x, o *tabula.Client) *tabulav1.SubmitMoveResponse {
	t.Helper()
	var last *tabulav1.SubmitMoveResponse
	for i, move := range []struct {
		seat     *tabula.Client
		row, col uint32
	}{{x, 0, 0}, {o, 1, 0}, {x, 0, 1}, {o, 1, 1}, {x, 0, 2}} {
		moved, err := move.seat.SubmitMove(ctx, gameID, tabula.PlaceCell(move.row, move.col))
		if err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
		last = moved
	}
	if last.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED || last.GetOutcome().GetWinner() != 1 {
		t.Fatalf("X has not won: %v", last)
	}
	return last
}

func TestARematchSwapsThePlayersAndTheGamesNameEachOther(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	league := map[string]string{"league": "autumn", "round": "2"}
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(ann, bob), tabula.Labels(league), tabula.Private())
	if err != nil {
		t.Fatal(err)
	}
	firstID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())

	// A game in progress has no rematch yet.
	_, err = manager.CreateRematch(ctx, firstID)
	e := requireError(t, err, codes.FailedPrecondition, "GAME_NOT_FINISHED")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_GAME_NOT_FINISHED {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
	if game, err := manager.GetGame(ctx, firstID); err != nil || game.GetRematch() != "" || game.GetRematchOf() != "" {
		t.Fatalf("a game without a rematch: %v, %v", game, err)
	}
	xWins(t, ctx, firstID, x, o)

	// The rematch: Bob now sits in seat 1, Ann in seat 2; the labels and the privacy stay.
	rematch, err := manager.CreateRematch(ctx, firstID, tabula.RequestID("rematch-1"))
	if err != nil {
		t.Fatal(err)
	}
	game := rematch.GetGame()
	rematchID := game.GetGameId()
	if rematch.GetRetried() || rematchID == "" || rematchID == firstID {
		t.Fatalf("rematch %v", rematch)
	}
	if got := playerNames(game.GetPlayers()); got != "player-bob:Bob player-ann:Ann" {
		t.Fatalf("the rematch's players are %q, want Bob then Ann", got)
	}
	requireLabels(t, "the rematch", game.GetLabels(), league)
	if game.GetKind() != tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE || game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS ||
		!game.GetPrivate() || game.GetMoveCount() != 0 {
		t.Fatalf("the rematch: %v", game)
	}
	if game.GetRematchOf() != firstID || game.GetRematch() != "" {
		t.Fatalf("the rematch names %q as its first game and %q as its rematch, want %q and none", game.GetRematchOf(), game.GetRematch(), firstID)
	}
	if first, err := manager.GetGame(ctx, firstID); err != nil || first.GetRematch() != rematchID || first.GetRematchOf() != "" {
		t.Fatalf("the first game after its rematch: %v, %v (want its rematch %s)", first, err, rematchID)
	}
	if got, err := manager.GetGame(ctx, rematchID); err != nil || got.GetRematchOf() != firstID {
		t.Fatalf("GetGame of the rematch: %v, %v", got, err)
	}
	tokens := rematch.GetSeatTokens()
	if len(tokens) != 2 || tokens[0].GetSeat() != 1 || tokens[1].GetSeat() != 2 || tokens[0].GetToken() == "" {
		t.Fatalf("the rematch's tokens: %v", tokens)
	}

	// Retried before anyone acted: the same game, new tokens; the first ones stop working.
	retry, err := manager.CreateRematch(ctx, firstID, tabula.RequestID("rematch-1"))
	if err != nil || !retry.GetRetried() || retry.GetGame().GetGameId() != rematchID {
		t.Fatalf("retry: %v, %v", retry, err)
	}
	if len(retry.GetSeatTokens()) != 2 || retry.GetSeatTokens()[0].GetToken() == tokens[0].GetToken() {
		t.Fatalf("the retry's tokens: %v", retry.GetSeatTokens())
	}
	_, err = manager.As(tokens[0].GetToken()).SubmitMove(ctx, rematchID, tabula.PlaceCell(1, 1))
	requireError(t, err, codes.Unauthenticated, "INVALID_CREDENTIAL")

	// Its tokens play: Bob, now seat 1, opens; Ann answers as seat 2.
	bobSeat, annSeat := manager.As(retry.GetSeatTokens()[0].GetToken()), manager.As(retry.GetSeatTokens()[1].GetToken())
	if view, err := bobSeat.GetView(ctx, rematchID); err != nil || view.GetViewerSeat() != 1 {
		t.Fatalf("Bob's view of the rematch: %v, %v", view, err)
	}
	if view, err := annSeat.GetView(ctx, rematchID); err != nil || view.GetViewerSeat() != 2 {
		t.Fatalf("Ann's view of the rematch: %v, %v", view, err)
	}
	if _, err := bobSeat.SubmitMove(ctx, rematchID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := annSeat.SubmitMove(ctx, rematchID, tabula.PlaceCell(0, 0)); err != nil {
		t.Fatal(err)
	}
	// Once a seat has acted, a retry answers with the game and no tokens.
	late, err := manager.CreateRematch(ctx, firstID, tabula.RequestID("rematch-1"))
	if err != nil || !late.GetRetried() || late.GetGame().GetGameId() != rematchID || len(late.GetSeatTokens()) != 0 {
		t.Fatalf("late retry: %v, %v", late, err)
	}

	// One rematch a game: another request, without a request id or with another, is refused.
	for _, opts := range [][]tabula.WriteOption{nil, {tabula.RequestID("rematch-2")}} {
		_, err = manager.CreateRematch(ctx, firstID, opts...)
		e := requireError(t, err, codes.AlreadyExists, "REMATCH_EXISTS")
		if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_REMATCH_EXISTS {
			t.Fatalf("reason code %v", e.ReasonCode())
		}
		if e.Metadata["rematch_game_id"] != rematchID || e.Metadata["game_id"] != firstID {
			t.Fatalf("metadata %v, want rematch_game_id %s and game_id %s", e.Metadata, rematchID, firstID)
		}
	}
	// The request id of this rematch, for another game, is refused.
	other, x2, o2 := ticTacToe(t, ctx, manager)
	xWins(t, ctx, other, x2, o2)
	_, err = manager.CreateRematch(ctx, other, tabula.RequestID("rematch-1"))
	requireError(t, err, codes.FailedPrecondition, "REQUEST_ID_REUSED")

	// The rematch is in progress: no rematch of it yet. Unknown games, seats and spectators.
	_, err = manager.CreateRematch(ctx, rematchID)
	requireError(t, err, codes.FailedPrecondition, "GAME_NOT_FINISHED")
	_, err = manager.CreateRematch(ctx, "no-such-game")
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")
	_, err = x.CreateRematch(ctx, firstID)
	requireError(t, err, codes.PermissionDenied, "SERVICE_KEY_REQUIRED")
	_, err = manager.As("").CreateRematch(ctx, firstID)
	requireError(t, err, codes.Unauthenticated, "CREDENTIAL_REQUIRED")
}

func TestARematchSwapsTheEnginesSeat(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Bots(tabula.BotSeat(2, 1, 0)), tabula.Players(ann))
	if err != nil {
		t.Fatal(err)
	}
	firstID := created.GetGame().GetGameId()
	if _, err := manager.As(created.GetSeatTokens()[0].GetToken()).Resign(ctx, firstID); err != nil {
		t.Fatal(err)
	}
	rematch, err := manager.CreateRematch(ctx, firstID)
	if err != nil {
		t.Fatal(err)
	}
	game := rematch.GetGame()
	if got := strings.Join(botsOf(game), " "); got != "1/1" {
		t.Fatalf("the rematch's engine plays %q, want seat 1 at level 1", got)
	}
	if got := playerNames(game.GetPlayers()); got != "- player-ann:Ann" {
		t.Fatalf("the rematch's players are %q, want Ann in seat 2", got)
	}
	// The engine opens as seat 1; Ann, in seat 2, answers it.
	annSeat := manager.As(rematch.GetSeatTokens()[1].GetToken())
	for {
		view, err := annSeat.GetView(ctx, game.GetGameId())
		if err != nil {
			t.Fatal(err)
		}
		if view.GetMoveCount() == 1 {
			break
		}
		if err := ctx.Err(); err != nil {
			t.Fatal("the engine never opened the rematch")
		}
		time.Sleep(20 * time.Millisecond)
	}
	legal, err := annSeat.ListLegalMoves(ctx, game.GetGameId(), 0)
	if err != nil || len(legal.GetMoves()) != 8 {
		t.Fatalf("Ann's moves: %v, %v", legal, err)
	}
	if _, err := annSeat.SubmitMove(ctx, game.GetGameId(), legal.GetMoves()[0].GetMove()); err != nil {
		t.Fatal(err)
	}
}

// rematchService records the rematch requests that reach it.
type rematchService struct {
	tabulav1.UnimplementedGameServiceServer
	mu       sync.Mutex
	requests []proto.Message
}

func (s *rematchService) CreateRematch(_ context.Context, request *tabulav1.CreateRematchRequest) (*tabulav1.CreateRematchResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, request)
	return &tabulav1.CreateRematchResponse{Game: &tabulav1.Game{GameId: "rematch", RematchOf: request.GetGameId()}}, nil
}

func (s *rematchService) seen() []proto.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func TestCreateRematchSendsItsRequestAndRefusesOtherOptions(t *testing.T) {
	s := &rematchService{}
	client := startFake(t, s)
	ctx := testContext(t)
	plain, err := client.CreateRematch(ctx, "g1")
	if err != nil || plain.GetGame().GetRematchOf() != "g1" {
		t.Fatalf("%v, %v", plain, err)
	}
	if _, err := client.CreateRematch(ctx, "g2", tabula.RequestID("r-2")); err != nil {
		t.Fatal(err)
	}
	want := []proto.Message{
		&tabulav1.CreateRematchRequest{GameId: "g1"},
		&tabulav1.CreateRematchRequest{GameId: "g2", RequestId: "r-2"},
	}
	seen := s.seen()
	if len(seen) != len(want) {
		t.Fatalf("%d requests reached the server, want %d: %v", len(seen), len(want), seen)
	}
	for i := range want {
		if !proto.Equal(seen[i], want[i]) {
			t.Errorf("request %d: %v, want %v", i+1, seen[i], want[i])
		}
	}
}
