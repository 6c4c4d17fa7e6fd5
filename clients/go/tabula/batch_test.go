package tabula_test

// Batches of games: against a real server (fifty games made in order and played, the batch
// retried, a bad request that makes no game, the cap of games in progress), and offline
// against a stand-in server (the GameFrom builders build what the CreateGame calls send,
// and refuse what they refuse).

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
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

// batchTable is the nth game of a batch: tic-tac-toe from its preset for an even n, Connect
// Four from a configuration for an odd one, each with its own two players and labels.
type batchTable struct {
	kind    tabulav1.GameKind
	players string
	labels  map[string]string
	opening *tabulav1.Move // a first move for seat 1
}

func newBatchTable(n int) batchTable {
	table := batchTable{
		kind:    tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE,
		players: fmt.Sprintf("p%d-x:X %d p%d-o:O %d", n, n, n, n),
		labels:  map[string]string{"event": "simul", "table": strconv.Itoa(n)},
		opening: tabula.PlaceCell(1, 1),
	}
	if n%2 == 1 {
		table.kind, table.opening = tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, tabula.Drop(3)
	}
	return table
}

func (b batchTable) request(t *testing.T, n int) *tabulav1.CreateGameRequest {
	t.Helper()
	opts := []tabula.GameOption{
		tabula.Players(tabula.Player(fmt.Sprintf("p%d-x", n), fmt.Sprintf("X %d", n)), tabula.Player(fmt.Sprintf("p%d-o", n), fmt.Sprintf("O %d", n))),
		tabula.Labels(b.labels),
	}
	var request *tabulav1.CreateGameRequest
	var err error
	if b.kind == tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE {
		request, err = tabula.GameFromPreset(b.kind, "classic", opts...)
	} else {
		request, err = tabula.GameFromConfig(connectFourConfig(), retyped[tabula.GameConfigOption](opts...)...)
	}
	if err != nil {
		t.Fatal(err)
	}
	return request
}

// requireTable fails unless created is table n's game, with two tokens when tokens is true
// and none otherwise.
func requireTable(t *testing.T, n int, created *tabulav1.CreateGameResponse, retried, tokens bool) {
	t.Helper()
	table, game := newBatchTable(n), created.GetGame()
	if game.GetKind() != table.kind || playerNames(game.GetPlayers()) != table.players || !maps.Equal(game.GetLabels(), table.labels) ||
		game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS {
		t.Fatalf("answer %d is not its request's game: %v", n, game)
	}
	if created.GetRetried() != retried {
		t.Fatalf("answer %d: retried %v, want %v", n, created.GetRetried(), retried)
	}
	seats := created.GetSeatTokens()
	if !tokens {
		if len(seats) != 0 {
			t.Fatalf("answer %d has tokens %v, want none", n, seats)
		}
		return
	}
	if len(seats) != 2 || seats[0].GetSeat() != 1 || seats[1].GetSeat() != 2 || seats[0].GetToken() == "" {
		t.Fatalf("answer %d: seat tokens %v", n, seats)
	}
}

func TestABatchMakesItsGamesInOrderAndARetryReturnsThem(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	const games, touched = 50, 20 // seat 1 moves in the first games of the batch
	var requests []*tabulav1.CreateGameRequest
	for n := range games {
		requests = append(requests, newBatchTable(n).request(t, n))
	}
	sent := make([]*tabulav1.CreateGameRequest, games)
	for n, request := range requests {
		sent[n] = proto.Clone(request).(*tabulav1.CreateGameRequest)
	}

	// Answered in the requests' order, each game with its own players, labels and tokens.
	first, err := manager.BatchCreateGames(ctx, requests, tabula.RequestID("simul-1"))
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != games {
		t.Fatalf("%d answers to %d requests", len(first), games)
	}
	ids := map[string]bool{}
	for n, created := range first {
		requireTable(t, n, created, false, true)
		ids[created.GetGame().GetGameId()] = true
		if !proto.Equal(requests[n], sent[n]) {
			t.Fatalf("the call changed request %d: %v", n, requests[n])
		}
	}
	if len(ids) != games {
		t.Fatalf("%d games made, want %d", len(ids), games)
	}
	if game, err := manager.GetGame(ctx, first[7].GetGame().GetGameId()); err != nil || playerNames(game.GetPlayers()) != newBatchTable(7).players {
		t.Fatalf("GetGame of the eighth game: %v, %v", game, err)
	}
	listed, err := manager.ListGames(ctx, tabula.Labels(map[string]string{"event": "simul"}), tabula.PageSize(100))
	if err != nil || len(listed.GetGames()) != games {
		t.Fatalf("the batch's games listed by label: %d, %v", len(listed.GetGames()), err)
	}

	// Every seat's token plays: seat 1 opens the first games, seat 2 answers in one.
	for n, created := range first[:touched] {
		table, gameID := newBatchTable(n), created.GetGame().GetGameId()
		x := manager.As(created.GetSeatTokens()[0].GetToken())
		if _, err := x.SubmitMove(ctx, gameID, table.opening); err != nil {
			t.Fatalf("seat 1 of game %d: %v", n, err)
		}
	}
	o := manager.As(first[0].GetSeatTokens()[1].GetToken())
	if moved, err := o.SubmitMove(ctx, first[0].GetGame().GetGameId(), tabula.PlaceCell(0, 0)); err != nil || moved.GetView().GetMoveCount() != 2 {
		t.Fatalf("seat 2 answers in the first game: %v, %v", moved, err)
	}

	// The retry returns the same games in order, each retried: new tokens for the games
	// nobody has touched (their first tokens stop working), none for the others.
	retry, err := manager.BatchCreateGames(ctx, requests, tabula.RequestID("simul-1"))
	if err != nil {
		t.Fatal(err)
	}
	if len(retry) != games {
		t.Fatalf("%d answers to the retry, want %d", len(retry), games)
	}
	for n, again := range retry {
		requireTable(t, n, again, true, n >= touched)
		gameID := first[n].GetGame().GetGameId()
		if again.GetGame().GetGameId() != gameID {
			t.Fatalf("retry answer %d is game %s, want %s", n, again.GetGame().GetGameId(), gameID)
		}
		if n < touched {
			continue
		}
		old, renewed := first[n].GetSeatTokens(), again.GetSeatTokens()
		if renewed[0].GetToken() == old[0].GetToken() || renewed[1].GetToken() == old[1].GetToken() {
			t.Fatalf("retry answer %d repeated a token", n)
		}
		_, err := manager.As(old[0].GetToken()).SubmitMove(ctx, gameID, newBatchTable(n).opening)
		requireError(t, err, codes.Unauthenticated, "INVALID_CREDENTIAL")
		if _, err := manager.As(renewed[0].GetToken()).SubmitMove(ctx, gameID, newBatchTable(n).opening); err != nil {
			t.Fatalf("the new token of game %d: %v", n, err)
		}
	}
	// Every game has been touched now: a third try returns them all without tokens.
	late, err := manager.BatchCreateGames(ctx, requests, tabula.RequestID("simul-1"))
	if err != nil || len(late) != games {
		t.Fatalf("late retry: %d answers, %v", len(late), err)
	}
	for n, again := range late {
		requireTable(t, n, again, true, false)
	}

	// The same id with other requests is refused and makes nothing; another id makes new games.
	_, err = manager.BatchCreateGames(ctx, requests[:games-1], tabula.RequestID("simul-1"))
	requireError(t, err, codes.FailedPrecondition, "REQUEST_ID_REUSED")
	again, err := manager.BatchCreateGames(ctx, requests[:2], tabula.RequestID("simul-2"))
	if err != nil || len(again) != 2 || again[0].GetRetried() || ids[again[0].GetGame().GetGameId()] {
		t.Fatalf("another id: %v, %v", again, err)
	}
	if ids, _ := listedGames(t, ctx, manager, 100); len(ids) != games+2 {
		t.Fatalf("%d games on the server, want %d", len(ids), games+2)
	}
}

func TestABatchWithABadRequestMakesNoGame(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	good, err := tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.Labels(map[string]string{"stage": "final"}))
	if err != nil {
		t.Fatal(err)
	}
	badLabel, err := tabula.GameFromConfig(connectFourConfig(), tabula.Labels(map[string]string{"Stage": "final"}))
	if err != nil {
		t.Fatal(err)
	}
	other, err := tabula.GameFromPGN("1. e4 e5", tabula.Players(ann, bob))
	if err != nil {
		t.Fatal(err)
	}

	// One bad label: INVALID_REQUEST naming it under its request's index.
	_, err = manager.BatchCreateGames(ctx, []*tabulav1.CreateGameRequest{good, badLabel, other}, tabula.RequestID("bad-1"))
	requireFieldViolation(t, err, "requests[1].labels[Stage]")

	// Every problem of every request is named.
	unknownPreset, err := tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "no-such-preset")
	if err != nil {
		t.Fatal(err)
	}
	_, err = manager.BatchCreateGames(ctx, []*tabulav1.CreateGameRequest{good, badLabel, unknownPreset})
	if fields, want := violatedFields(t, err), []string{"requests[1].labels[Stage]", "requests[2].preset"}; !slices.Equal(fields, want) {
		t.Fatalf("two bad requests: field violations %v, want %v", fields, want)
	}

	// A refusal that names no field: the first one.
	unsaved, err := tabula.GameFromSavedConfig("never-saved")
	if err != nil {
		t.Fatal(err)
	}
	_, err = manager.BatchCreateGames(ctx, []*tabulav1.CreateGameRequest{good, unsaved})
	requireError(t, err, codes.NotFound, "SAVED_CONFIG_NOT_FOUND")

	// No request at all, and a request with a request id of its own (built by hand: the
	// builders refuse RequestID), are refused too.
	_, err = manager.BatchCreateGames(ctx, nil)
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	ownID := proto.Clone(good).(*tabulav1.CreateGameRequest)
	ownID.RequestId = "mine"
	_, err = manager.BatchCreateGames(ctx, []*tabulav1.CreateGameRequest{good, ownID})
	requireFieldViolation(t, err, "requests[1].request_id")

	// None of them made a game, and the refused id is still free.
	if ids, _ := listedGames(t, ctx, manager, 100); len(ids) != 0 {
		t.Fatalf("refused batches made games: %v", ids)
	}
	made, err := manager.BatchCreateGames(ctx, []*tabulav1.CreateGameRequest{good, other}, tabula.RequestID("bad-1"))
	if err != nil || len(made) != 2 || made[0].GetRetried() || playerNames(made[1].GetGame().GetPlayers()) != "player-ann:Ann player-bob:Bob" {
		t.Fatalf("a good batch after the refusals: %v, %v", made, err)
	}
}

func TestABatchCountsAgainstTheCapAndNeedsAServiceKey(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret, "--max-games-per-key", "3")
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	game, err := tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic")
	if err != nil {
		t.Fatal(err)
	}
	four := []*tabulav1.CreateGameRequest{game, game, game, game}
	_, err = manager.BatchCreateGames(ctx, four)
	e := requireError(t, err, codes.ResourceExhausted, "TOO_MANY_GAMES")
	if e.Metadata["limit"] != "3" {
		t.Fatalf("metadata %v, want limit 3", e.Metadata)
	}
	made, err := manager.BatchCreateGames(ctx, four[:3])
	if err != nil || len(made) != 3 {
		t.Fatalf("three games: %v, %v", made, err)
	}
	seat := manager.As(made[0].GetSeatTokens()[0].GetToken())
	_, err = seat.BatchCreateGames(ctx, four[:1])
	requireError(t, err, codes.PermissionDenied, "SERVICE_KEY_REQUIRED")
	_, err = manager.As("").BatchCreateGames(ctx, four[:1])
	requireError(t, err, codes.Unauthenticated, "CREDENTIAL_REQUIRED")
}

// batchService records the creations that reach it and answers each request with a game
// named after its position.
type batchService struct {
	tabulav1.UnimplementedGameServiceServer
	mu       sync.Mutex
	requests []proto.Message
}

func (s *batchService) seen() []proto.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func (s *batchService) CreateGame(_ context.Context, request *tabulav1.CreateGameRequest) (*tabulav1.CreateGameResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, request)
	return &tabulav1.CreateGameResponse{}, nil
}

func (s *batchService) BatchCreateGames(_ context.Context, request *tabulav1.BatchCreateGamesRequest) (*tabulav1.BatchCreateGamesResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, request)
	response := &tabulav1.BatchCreateGamesResponse{}
	for n := range request.GetRequests() {
		response.Games = append(response.Games, &tabulav1.CreateGameResponse{Game: &tabulav1.Game{GameId: "g" + strconv.Itoa(n)}})
	}
	return response, nil
}

func TestTheBatchBuildersBuildWhatTheCreationsSend(t *testing.T) {
	s := &batchService{}
	client := startFake(t, s)
	ctx := testContext(t)
	common := []any{
		tabula.Private(), tabula.Bots(tabula.BotSeat(2, 1, 0)), tabula.AllowHints(true), tabula.Players(ann, bob),
		tabula.Labels(map[string]string{"round": "1"}), tabula.StartTime(time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)),
		tabula.SpectatorDelay(2, 30*time.Second), tabula.OwnerStreamMoves(), tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND),
	}
	withCommon := func(opts ...any) []any { return append(slices.Clone(common), opts...) }
	config := ticTacToeConfig()
	clock := tabula.Clock(tabula.Fischer(time.Minute, time.Second))
	pairs := []struct {
		create func(opts ...any) (*tabulav1.CreateGameResponse, error)
		build  func(opts ...any) (*tabulav1.CreateGameRequest, error)
		opts   []any
	}{
		{
			func(opts ...any) (*tabulav1.CreateGameResponse, error) {
				return client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", retyped[tabula.CreateGameOption](opts...)...)
			},
			func(opts ...any) (*tabulav1.CreateGameRequest, error) {
				return tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", retyped[tabula.GameOption](opts...)...)
			},
			withCommon(),
		},
		{
			func(opts ...any) (*tabulav1.CreateGameResponse, error) {
				return client.CreateGameFromConfig(ctx, config, retyped[tabula.CreateGameConfigOption](opts...)...)
			},
			func(opts ...any) (*tabulav1.CreateGameRequest, error) {
				return tabula.GameFromConfig(config, retyped[tabula.GameConfigOption](opts...)...)
			},
			withCommon(clock, tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE), tabula.Starter(tabulav1.Starter_STARTER_RANDOM)),
		},
		{
			func(opts ...any) (*tabulav1.CreateGameResponse, error) {
				return client.CreateGameFromPGN(ctx, "1. e4", retyped[tabula.CreateGamePGNOption](opts...)...)
			},
			func(opts ...any) (*tabulav1.CreateGameRequest, error) {
				return tabula.GameFromPGN("1. e4", retyped[tabula.GamePGNOption](opts...)...)
			},
			withCommon(tabula.Ply(1)),
		},
		{
			func(opts ...any) (*tabulav1.CreateGameResponse, error) {
				return client.CreateGameFromSavedConfig(ctx, "plain", retyped[tabula.CreateGameOption](opts...)...)
			},
			func(opts ...any) (*tabulav1.CreateGameRequest, error) {
				return tabula.GameFromSavedConfig("plain", retyped[tabula.GameOption](opts...)...)
			},
			withCommon(),
		},
	}
	var built []*tabulav1.CreateGameRequest
	for i, pair := range pairs {
		if _, err := pair.create(append(slices.Clone(pair.opts), tabula.RequestID("r"))...); err != nil {
			t.Fatalf("creation %d: %v", i+1, err)
		}
		request, err := pair.build(pair.opts...)
		if err != nil {
			t.Fatalf("builder %d: %v", i+1, err)
		}
		sent := s.seen()[i].(*tabulav1.CreateGameRequest)
		want := proto.Clone(sent).(*tabulav1.CreateGameRequest)
		want.RequestId = ""
		if sent.GetRequestId() != "r" || !proto.Equal(request, want) {
			t.Errorf("builder %d built %v; its creation sent %v", i+1, request, sent)
		}
		built = append(built, request)
	}
	if !proto.Equal(config, ticTacToeConfig()) {
		t.Fatalf("the clock and the starter changed the caller's configuration: %v", config)
	}
	if built[1].GetConfig().GetClock().GetOnTimeout() != tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE || built[2].GetPgn().GetPly() != 1 {
		t.Fatalf("the builders' own options: %v, %v", built[1], built[2])
	}

	// The batch sends the built requests, in order, with its request id, and answers in order.
	answers, err := client.BatchCreateGames(ctx, built, tabula.RequestID("batch"))
	if err != nil {
		t.Fatal(err)
	}
	if len(answers) != len(built) || answers[0].GetGame().GetGameId() != "g0" || answers[3].GetGame().GetGameId() != "g3" {
		t.Fatalf("answers %v", answers)
	}
	if got, want := s.seen()[len(pairs)], (&tabulav1.BatchCreateGamesRequest{Requests: built, RequestId: "batch"}); !proto.Equal(got, want) {
		t.Fatalf("the batch sent %v, want %v", got, want)
	}

	// A configuration's options need a clock to apply to; the batch takes no nil request.
	// Neither calls the server. (What a builder does not take does not compile: see
	// testdata/wrongoptions.)
	for _, refused := range []struct {
		call func() error
		text string
	}{
		{func() error {
			_, err := tabula.GameFromConfig(config, tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_LOSE))
			return err
		}, "GameFromConfig: OnTimeout without a clock"},
		{func() error {
			_, err := client.BatchCreateGames(ctx, []*tabulav1.CreateGameRequest{built[0], nil})
			return err
		}, "requests[1] is nil"},
	} {
		if err := refused.call(); err == nil || !strings.Contains(err.Error(), refused.text) {
			t.Errorf("got %v, want %q", err, refused.text)
		}
	}
	if n := len(s.seen()); n != len(pairs)+1 {
		t.Fatalf("a refused call reached the server: %d requests", n)
	}
}
