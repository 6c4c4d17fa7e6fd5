package tabula_test

// Labels on games and series: against a real server (set at creation, found by ListGames
// and ListSeries across pages, replaced and cleared, refused when bad), and offline against
// a stand-in server (the requests the calls send, the options they refuse).

import (
	"context"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// requireLabels fails unless got holds exactly want (nil and empty alike).
func requireLabels(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	if !maps.Equal(got, want) {
		t.Fatalf("%s has labels %v, want %v", what, got, want)
	}
}

// violatedFields is the fields that err, INVALID_ARGUMENT with reason INVALID_REQUEST, names
// in the field violations of its google.rpc.BadRequest detail, sorted.
func violatedFields(t *testing.T, err error) []string {
	t.Helper()
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	var fields []string
	for _, detail := range status.Convert(err).Details() {
		if bad, ok := detail.(*errdetails.BadRequest); ok {
			for _, violation := range bad.GetFieldViolations() {
				fields = append(fields, violation.GetField())
			}
		}
	}
	slices.Sort(fields)
	return fields
}

// listedGames is the ids of every game ListGames lists with opts, page after page of
// pageSize, and how many pages it took.
func listedGames(t *testing.T, ctx context.Context, client *tabula.Client, pageSize int32, opts ...tabula.ListGamesOption) (ids []string, pages int) {
	t.Helper()
	token := ""
	for {
		page, err := client.ListGames(ctx, append(slices.Clone(opts), tabula.PageSize(pageSize), tabula.PageToken(token))...)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, game := range page.GetGames() {
			ids = append(ids, game.GetGameId())
		}
		if token = page.GetNextPageToken(); token == "" {
			return ids, pages
		}
		if pages > 20 {
			t.Fatalf("still a next page after %d pages: %v", pages, ids)
		}
	}
}

// listedSeries is the ids of the series ListSeries lists with opts, on its first page.
func listedSeries(t *testing.T, ctx context.Context, client *tabula.Client, opts ...tabula.ListSeriesOption) []string {
	t.Helper()
	page, err := client.ListSeries(ctx, opts...)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, series := range page.GetSeries() {
		ids = append(ids, series.GetSeriesId())
	}
	return ids
}

func TestLabelledGamesAreFoundRelabelledAndCleared(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	round3 := map[string]string{"tournament": "spring-2025", "round": "3"}
	round4 := map[string]string{"tournament": "spring-2025", "round": "4"}

	// Four games of round 3, made by every kind of creation, and one of round 4, one
	// unlabelled; newest first, as ListGames lists them.
	if _, err := manager.CreateSavedConfig(ctx, &tabulav1.SavedConfig{Name: "plain", Config: ticTacToeConfig()}); err != nil {
		t.Fatal(err)
	}
	var round3IDs []string
	creations := []func(...tabula.GameOption) (*tabulav1.CreateGameResponse, error){
		func(opts ...tabula.GameOption) (*tabulav1.CreateGameResponse, error) {
			return manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", retyped[tabula.CreateGameOption](opts...)...)
		},
		func(opts ...tabula.GameOption) (*tabulav1.CreateGameResponse, error) {
			return manager.CreateGameFromConfig(ctx, ticTacToeConfig(), retyped[tabula.CreateGameConfigOption](opts...)...)
		},
		func(opts ...tabula.GameOption) (*tabulav1.CreateGameResponse, error) {
			return manager.CreateGameFromPGN(ctx, "1. e4 e5", retyped[tabula.CreateGamePGNOption](opts...)...)
		},
		func(opts ...tabula.GameOption) (*tabulav1.CreateGameResponse, error) {
			return manager.CreateGameFromSavedConfig(ctx, "plain", retyped[tabula.CreateGameOption](opts...)...)
		},
	}
	for i, create := range creations {
		created, err := create(tabula.Labels(round3), tabula.Players(ann, bob))
		if err != nil {
			t.Fatalf("creation %d: %v", i+1, err)
		}
		requireLabels(t, "a created game", created.GetGame().GetLabels(), round3)
		round3IDs = append([]string{created.GetGame().GetGameId()}, round3IDs...)
	}
	// Labels given twice add up.
	other, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic",
		tabula.Labels(map[string]string{"tournament": "spring-2025"}), tabula.Labels(map[string]string{"round": "4"}))
	if err != nil {
		t.Fatal(err)
	}
	otherID := other.GetGame().GetGameId()
	requireLabels(t, "the round-4 game", other.GetGame().GetLabels(), round4)
	plain, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic")
	if err != nil {
		t.Fatal(err)
	}
	requireLabels(t, "an unlabelled game", plain.GetGame().GetLabels(), nil)
	game, err := manager.GetGame(ctx, round3IDs[0])
	if err != nil {
		t.Fatal(err)
	}
	requireLabels(t, "GetGame's game", game.GetLabels(), round3)

	// Found by every label, a page of three at a time: round 3 over two pages.
	if ids, pages := listedGames(t, ctx, manager, 3, tabula.Labels(round3)); !slices.Equal(ids, round3IDs) || pages != 2 {
		t.Fatalf("round 3 lists %v in %d pages, want %v in 2", ids, pages, round3IDs)
	}
	if ids, pages := listedGames(t, ctx, manager, 2, tabula.Labels(round3), tabula.OfPlayer("player-bob")); !slices.Equal(ids, round3IDs) || pages < 2 {
		t.Fatalf("Bob's round-3 games %v in %d pages, want %v in pages of two", ids, pages, round3IDs)
	}
	tournament := append([]string{otherID}, round3IDs...)
	if ids, _ := listedGames(t, ctx, manager, 2, tabula.Labels(map[string]string{"tournament": "spring-2025"})); !slices.Equal(ids, tournament) {
		t.Fatalf("the tournament lists %v, want %v", ids, tournament)
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(round3), tabula.OfKind(tabulav1.GameKind_GAME_KIND_CHESS)); !slices.Equal(ids, round3IDs[1:2]) {
		t.Fatalf("round 3's chess games %v, want %v", ids, round3IDs[1:2])
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(map[string]string{"round": "3", "tournament": "autumn"})); len(ids) != 0 {
		t.Fatalf("a label value nobody gave lists %v", ids)
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(map[string]string{"round": ""})); len(ids) != 0 {
		t.Fatalf("an empty value lists %v", ids)
	}
	if ids, _ := listedGames(t, ctx, manager, 0); len(ids) != 6 {
		t.Fatalf("without a filter %d games listed, want 6", len(ids))
	}

	// Relabelled: the newest game moves to round 4, with a note; it keeps its play.
	moved := round3IDs[0]
	note := map[string]string{"tournament": "spring-2025", "round": "4", "note": ""}
	updated, err := manager.UpdateGameLabels(ctx, moved, note)
	if err != nil {
		t.Fatal(err)
	}
	if updated.GetGameId() != moved || updated.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS || len(updated.GetPlayers()) != 2 {
		t.Fatalf("the relabelled game: %v", updated)
	}
	requireLabels(t, "the relabelled game", updated.GetLabels(), note)
	if game, err := manager.GetGame(ctx, moved); err != nil || !maps.Equal(game.GetLabels(), note) {
		t.Fatalf("GetGame after the relabelling: %v, %v", game, err)
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(round4)); !slices.Equal(ids, []string{otherID, moved}) {
		t.Fatalf("round 4 lists %v, want %v", ids, []string{otherID, moved})
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(round3)); !slices.Equal(ids, round3IDs[1:]) {
		t.Fatalf("round 3 lists %v, want %v", ids, round3IDs[1:])
	}

	// Cleared, by an empty map and by nil: no longer found by any label.
	cleared, err := manager.UpdateGameLabels(ctx, moved, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	requireLabels(t, "the cleared game", cleared.GetLabels(), nil)
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(map[string]string{"tournament": "spring-2025"})); slices.Contains(ids, moved) {
		t.Fatalf("the cleared game %s is still listed in the tournament: %v", moved, ids)
	}
	if cleared, err := manager.UpdateGameLabels(ctx, otherID, nil); err != nil || len(cleared.GetLabels()) != 0 {
		t.Fatalf("cleared with nil: %v, %v", cleared, err)
	}

	// A finished game may be relabelled, and an archived one, found with InStatus.
	plainID := plain.GetGame().GetGameId()
	if _, err := manager.As(plain.GetSeatTokens()[0].GetToken()).Resign(ctx, plainID); err != nil {
		t.Fatal(err)
	}
	resigned := map[string]string{"result": "resigned"}
	done, err := manager.UpdateGameLabels(ctx, plainID, resigned)
	if err != nil || done.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED {
		t.Fatalf("relabelling a finished game: %v, %v", done, err)
	}
	requireLabels(t, "the finished game", done.GetLabels(), resigned)
	if _, err := manager.ArchiveGame(ctx, plainID); err != nil {
		t.Fatal(err)
	}
	archived := map[string]string{"result": "resigned", "shelf": "2025"}
	if done, err := manager.UpdateGameLabels(ctx, plainID, archived); err != nil || !maps.Equal(done.GetLabels(), archived) {
		t.Fatalf("relabelling an archived game: %v, %v", done, err)
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(resigned)); len(ids) != 0 {
		t.Fatalf("an archived game is listed without InStatus: %v", ids)
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(resigned), tabula.InStatus(tabulav1.GameStatus_GAME_STATUS_ARCHIVED)); !slices.Equal(ids, []string{plainID}) {
		t.Fatalf("the archived games labelled %v: %v, want %s", resigned, ids, plainID)
	}

	// Bad labels are refused, each named: at creation, in an update (which changes
	// nothing), in a listing; an unknown game is not found.
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Labels(map[string]string{"Round": "3"}))
	requireFieldViolation(t, err, "labels[Round]")
	_, err = manager.CreateGameFromConfig(ctx, ticTacToeConfig(), tabula.Labels(map[string]string{"round": "Three"}))
	requireFieldViolation(t, err, "labels[round]")
	_, err = manager.UpdateGameLabels(ctx, round3IDs[1], map[string]string{"Round": "3"})
	requireFieldViolation(t, err, "game.labels[Round]")
	if game, err := manager.GetGame(ctx, round3IDs[1]); err != nil || !maps.Equal(game.GetLabels(), round3) {
		t.Fatalf("a refused update changed the game: %v, %v", game, err)
	}
	_, err = manager.UpdateGameLabels(ctx, round3IDs[1], map[string]string{"1st": "x", "round": "three rounds", "tournament": "spring"})
	if fields, want := violatedFields(t, err), []string{"game.labels[1st]", "game.labels[round]"}; !slices.Equal(fields, want) {
		t.Fatalf("two bad labels: field violations %v, want %v", fields, want)
	}
	_, err = manager.ListGames(ctx, tabula.Labels(map[string]string{"Round": "3"}))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.UpdateGameLabels(ctx, "no-such-game", round3)
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")
}

func TestALabelledSeriesLabelsItsGamesAndIsFound(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	league := map[string]string{"league": "autumn", "division": "a"}
	created, err := manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
		tabula.Players(ann, bob), tabula.Labels(league))
	if err != nil {
		t.Fatal(err)
	}
	series := created.GetSeries()
	seriesID := series.GetSeriesId()
	requireLabels(t, "the created series", series.GetLabels(), league)
	if len(series.GetGames()) != 1 {
		t.Fatalf("the series was created with games %v", series.GetGames())
	}
	firstID := series.GetGames()[0].GetGameId()
	first, err := manager.GetGame(ctx, firstID)
	if err != nil {
		t.Fatal(err)
	}
	requireLabels(t, "the series' first game", first.GetLabels(), league)
	if got, err := manager.GetSeries(ctx, seriesID); err != nil || !maps.Equal(got.GetLabels(), league) {
		t.Fatalf("GetSeries: %v, %v", got, err)
	}

	// Other series: one of another division, one from a configuration without labels.
	otherDivision, err := manager.CreateSeriesFromConfig(ctx, ticTacToeConfig(), tabula.FirstTo(2),
		tabula.Labels(map[string]string{"league": "autumn"}), tabula.Labels(map[string]string{"division": "b"}))
	if err != nil {
		t.Fatal(err)
	}
	otherID := otherDivision.GetSeries().GetSeriesId()
	unlabelled, err := manager.CreateSeriesFromConfig(ctx, ticTacToeConfig(), tabula.BestOf(1))
	if err != nil {
		t.Fatal(err)
	}
	requireLabels(t, "an unlabelled series", unlabelled.GetSeries().GetLabels(), nil)

	if got := listedSeries(t, ctx, manager, tabula.Labels(league)); !slices.Equal(got, []string{seriesID}) {
		t.Fatalf("division a lists %v, want %s", got, seriesID)
	}
	if got := listedSeries(t, ctx, manager, tabula.Labels(map[string]string{"league": "autumn"})); !slices.Equal(got, []string{otherID, seriesID}) {
		t.Fatalf("the league lists %v, want %v", got, []string{otherID, seriesID})
	}
	if got := listedSeries(t, ctx, manager, tabula.Labels(map[string]string{"league": "autumn"}), tabula.PageSize(1)); !slices.Equal(got, []string{otherID}) {
		t.Fatalf("the league's first page of one lists %v, want %s", got, otherID)
	}
	if got := listedSeries(t, ctx, manager, tabula.Labels(league), tabula.InSeriesStatus(tabulav1.SeriesStatus_SERIES_STATUS_FINISHED)); len(got) != 0 {
		t.Fatalf("division a's finished series: %v", got)
	}
	if ids, _ := listedGames(t, ctx, manager, 0, tabula.Labels(league)); !slices.Equal(ids, []string{firstID}) {
		t.Fatalf("division a's games %v, want the series' first %s", ids, firstID)
	}

	// Relabelled: the series and the games it makes from now on; its first game keeps its labels.
	promoted := map[string]string{"league": "autumn", "division": "premier"}
	updated, err := manager.UpdateSeriesLabels(ctx, seriesID, promoted)
	if err != nil {
		t.Fatal(err)
	}
	if updated.GetSeriesId() != seriesID || updated.GetBestOf() != 3 || playerNames(updated.GetPlayers()) != seriesPlayers(1) {
		t.Fatalf("the relabelled series: %v", updated)
	}
	requireLabels(t, "the relabelled series", updated.GetLabels(), promoted)
	if got := listedSeries(t, ctx, manager, tabula.Labels(map[string]string{"division": "premier"})); !slices.Equal(got, []string{seriesID}) {
		t.Fatalf("the premier division lists %v, want %s", got, seriesID)
	}
	if got := listedSeries(t, ctx, manager, tabula.Labels(league)); len(got) != 0 {
		t.Fatalf("division a still lists %v", got)
	}
	playerOne := manager.As(created.GetPlayerTokens()[0].GetToken())
	if _, err := playerOne.Resign(ctx, firstID); err != nil {
		t.Fatal(err)
	}
	secondID := ""
	for deadline := time.Now().Add(10 * time.Second); secondID == ""; time.Sleep(50 * time.Millisecond) {
		now, err := manager.GetSeries(ctx, seriesID)
		if err != nil {
			t.Fatal(err)
		}
		if games := now.GetGames(); len(games) > 1 {
			secondID = games[1].GetGameId()
		} else if time.Now().After(deadline) {
			t.Fatalf("no second game after the first ended: %v", games)
		}
	}
	second, err := manager.GetGame(ctx, secondID)
	if err != nil {
		t.Fatal(err)
	}
	requireLabels(t, "the series' second game", second.GetLabels(), promoted)
	if first, err := manager.GetGame(ctx, firstID); err != nil || !maps.Equal(first.GetLabels(), league) {
		t.Fatalf("the first game after the series' relabelling: %v, %v", first, err)
	}

	// A finished series may be relabelled too.
	oneGame := unlabelled.GetSeries().GetGames()[0].GetGameId()
	if _, err := manager.As(unlabelled.GetPlayerTokens()[0].GetToken()).Resign(ctx, oneGame); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		now, err := manager.GetSeries(ctx, unlabelled.GetSeries().GetSeriesId())
		if err != nil {
			t.Fatal(err)
		}
		if now.GetStatus() == tabulav1.SeriesStatus_SERIES_STATUS_FINISHED {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the series of one game is not finished after it: %v", now)
		}
	}
	archive := map[string]string{"league": "summer"}
	if done, err := manager.UpdateSeriesLabels(ctx, unlabelled.GetSeries().GetSeriesId(), archive); err != nil ||
		done.GetStatus() != tabulav1.SeriesStatus_SERIES_STATUS_FINISHED || !maps.Equal(done.GetLabels(), archive) {
		t.Fatalf("relabelling a finished series: %v, %v", done, err)
	}
	if got := listedSeries(t, ctx, manager, tabula.Labels(archive), tabula.InSeriesStatus(tabulav1.SeriesStatus_SERIES_STATUS_FINISHED)); !slices.Equal(got, []string{unlabelled.GetSeries().GetSeriesId()}) {
		t.Fatalf("the finished summer series: %v", got)
	}

	// Cleared; bad labels are refused, each named; an unknown series is not found.
	cleared, err := manager.UpdateSeriesLabels(ctx, seriesID, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	requireLabels(t, "the cleared series", cleared.GetLabels(), nil)
	if got := listedSeries(t, ctx, manager, tabula.Labels(map[string]string{"league": "autumn"})); !slices.Equal(got, []string{otherID}) {
		t.Fatalf("the league lists %v after the clearing, want %s", got, otherID)
	}
	_, err = manager.UpdateSeriesLabels(ctx, otherID, map[string]string{"Round": "3"})
	requireFieldViolation(t, err, "series.labels[Round]")
	_, err = manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
		tabula.Labels(map[string]string{"Round": "3"}))
	requireFieldViolation(t, err, "labels[Round]")
	_, err = manager.ListSeries(ctx, tabula.Labels(map[string]string{"-round": "3"}))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.UpdateSeriesLabels(ctx, "no-such-series", league)
	requireError(t, err, codes.NotFound, "SERIES_NOT_FOUND")
}

// labelService records the requests that reach it.
type labelService struct {
	tabulav1.UnimplementedGameServiceServer
	mu       sync.Mutex
	requests []proto.Message
}

func (s *labelService) record(request proto.Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, request)
}

func (s *labelService) seen() []proto.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func (s *labelService) CreateGame(_ context.Context, request *tabulav1.CreateGameRequest) (*tabulav1.CreateGameResponse, error) {
	s.record(request)
	return &tabulav1.CreateGameResponse{}, nil
}

func (s *labelService) ListGames(_ context.Context, request *tabulav1.ListGamesRequest) (*tabulav1.ListGamesResponse, error) {
	s.record(request)
	return &tabulav1.ListGamesResponse{}, nil
}

func (s *labelService) CreateSeries(_ context.Context, request *tabulav1.CreateSeriesRequest) (*tabulav1.CreateSeriesResponse, error) {
	s.record(request)
	return &tabulav1.CreateSeriesResponse{}, nil
}

func (s *labelService) ListSeries(_ context.Context, request *tabulav1.ListSeriesRequest) (*tabulav1.ListSeriesResponse, error) {
	s.record(request)
	return &tabulav1.ListSeriesResponse{}, nil
}

func (s *labelService) UpdateGame(_ context.Context, request *tabulav1.UpdateGameRequest) (*tabulav1.UpdateGameResponse, error) {
	s.record(request)
	return &tabulav1.UpdateGameResponse{Game: request.GetGame()}, nil
}

func (s *labelService) UpdateSeries(_ context.Context, request *tabulav1.UpdateSeriesRequest) (*tabulav1.UpdateSeriesResponse, error) {
	s.record(request)
	return &tabulav1.UpdateSeriesResponse{Series: request.GetSeries()}, nil
}

func TestTheLabelCallsSendTheirRequests(t *testing.T) {
	s := &labelService{}
	client := startFake(t, s)
	ctx := testContext(t)
	labels := map[string]string{"tournament": "spring", "round": "3"}
	given := maps.Clone(labels)
	withLabels := tabula.Labels(given)
	given["round"] = "changed" // Labels copied the map: the calls send labels
	var answers []any
	calls := []func() (any, error){
		func() (any, error) {
			return client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", withLabels)
		},
		func() (any, error) { return client.CreateGameFromConfig(ctx, ticTacToeConfig(), withLabels) },
		func() (any, error) { return client.CreateGameFromPGN(ctx, "1. e4", withLabels) },
		func() (any, error) { return client.CreateGameFromSavedConfig(ctx, "plain", withLabels) },
		func() (any, error) {
			return client.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
				tabula.Labels(map[string]string{"tournament": "spring"}), tabula.Labels(map[string]string{"round": "3"}))
		},
		func() (any, error) {
			return client.CreateSeriesFromSavedConfig(ctx, "plain", tabula.BestOf(3), withLabels)
		},
		func() (any, error) { return client.ListGames(ctx, withLabels, tabula.PageSize(2)) },
		func() (any, error) { return client.ListSeries(ctx, withLabels, tabula.PageToken("t")) },
		func() (any, error) { return client.UpdateGameLabels(ctx, "g", labels) },
		func() (any, error) { return client.UpdateGameLabels(ctx, "g", nil) },
		func() (any, error) { return client.UpdateSeriesLabels(ctx, "s", labels) },
		func() (any, error) { return client.UpdateSeriesLabels(ctx, "s", map[string]string{}) },
	}
	for i, call := range calls {
		answer, err := call()
		if err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
		answers = append(answers, answer)
	}
	mask := &fieldmaskpb.FieldMask{Paths: []string{"labels"}}
	want := []proto.Message{
		&tabulav1.CreateGameRequest{Kind: tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, Source: &tabulav1.CreateGameRequest_Preset{Preset: "classic"}, Labels: labels},
		&tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_Config{Config: ticTacToeConfig()}, Labels: labels},
		&tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_Pgn{Pgn: &tabulav1.PgnImport{Pgn: "1. e4"}}, Labels: labels},
		&tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_SavedConfig{SavedConfig: "plain"}, Labels: labels},
		&tabulav1.CreateSeriesRequest{
			Kind: tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, Source: &tabulav1.CreateSeriesRequest_Preset{Preset: "classic"}, BestOf: 3, Labels: labels,
		},
		&tabulav1.CreateSeriesRequest{Source: &tabulav1.CreateSeriesRequest_SavedConfig{SavedConfig: "plain"}, BestOf: 3, Labels: labels},
		&tabulav1.ListGamesRequest{Labels: labels, PageSize: 2},
		&tabulav1.ListSeriesRequest{Labels: labels, PageToken: "t"},
		&tabulav1.UpdateGameRequest{Game: &tabulav1.Game{GameId: "g", Labels: labels}, UpdateMask: mask},
		&tabulav1.UpdateGameRequest{Game: &tabulav1.Game{GameId: "g"}, UpdateMask: mask},
		&tabulav1.UpdateSeriesRequest{Series: &tabulav1.Series{SeriesId: "s", Labels: labels}, UpdateMask: mask},
		&tabulav1.UpdateSeriesRequest{Series: &tabulav1.Series{SeriesId: "s"}, UpdateMask: mask},
	}
	got := s.seen()
	if len(got) != len(want) {
		t.Fatalf("%d requests reached the server, want %d", len(got), len(want))
	}
	for i := range want {
		if !proto.Equal(got[i], want[i]) {
			t.Errorf("call %d sent %v, want %v", i+1, got[i], want[i])
		}
	}
	if game := answers[8].(*tabulav1.Game); game.GetGameId() != "g" || !maps.Equal(game.GetLabels(), labels) {
		t.Errorf("UpdateGameLabels answered %v", game)
	}
	if series := answers[10].(*tabulav1.Series); series.GetSeriesId() != "s" || !maps.Equal(series.GetLabels(), labels) {
		t.Errorf("UpdateSeriesLabels answered %v", series)
	}

	if n := len(s.seen()); n != len(want) {
		t.Fatalf("%d requests reached the server, want %d", n, len(want))
	}
}
