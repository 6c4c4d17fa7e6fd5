package tabula_test

// Rated games and their ratings (RatingPool, GetPlayerRatings, ListLeaderboard): against a
// real server with a service key (a rated game resigned, rated moments after its end, the
// players' ratings and the leaderboard, paged and without provisional ratings; a rated
// series whose every game is resigned and rated; a rated creation without players refused), and offline against a stand-in server (the requests the
// calls send, the calls that refuse the options).

import (
	"context"
	"slices"
	"strconv"
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

// ratedWithin bounds how long a finished rated game may take to be rated.
const ratedWithin = 10 * time.Second

// newRating is a new player's rating.
const newRating = 1500.0

// awaitRated polls GetGame until the game's rating says it was rated.
func awaitRated(t *testing.T, ctx context.Context, manager *tabula.Client, gameID string) *tabulav1.Game {
	t.Helper()
	deadline := time.Now().Add(ratedWithin)
	for {
		game, err := manager.GetGame(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		if game.GetRating().GetRated() {
			return game
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s was not rated within %s of its end: %v", gameID, ratedWithin, game.GetRating())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ratingOf is the one rating of ratings in pool, failing the test when there is not exactly one.
func ratingOf(t *testing.T, ratings []*tabulav1.PlayerRating, playerID, pool string) *tabulav1.PlayerRating {
	t.Helper()
	if len(ratings) != 1 || ratings[0].GetPlayerId() != playerID || ratings[0].GetPool() != pool {
		t.Fatalf("%s's ratings %v, want one in pool %q", playerID, ratings, pool)
	}
	return ratings[0]
}

func TestARatedGameRatesItsPlayersOnceItEnds(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	run := strconv.FormatInt(time.Now().UnixNano(), 36) // player ids of this run only
	winnerID, loserID := "rated-ann-"+run, "rated-bob-"+run
	const pool = "tic_tac_toe"

	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(tabula.Player(winnerID, "Ann"), tabula.Player(loserID, "Bob")),
		tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	rating := created.GetGame().GetRating()
	if rating.GetPool() != pool || !slices.Equal(rating.GetPlayerIds(), []string{winnerID, loserID}) ||
		rating.GetRated() || len(rating.GetAfter()) != 0 {
		t.Fatalf("the created game's rating %v, want pool %q, players %s and %s, not rated yet", rating, pool, winnerID, loserID)
	}
	tokens := created.GetSeatTokens()
	if len(tokens) != 2 {
		t.Fatalf("seat tokens: %v", tokens)
	}

	// Bob (seat 2) resigns: Ann wins, and the game is rated moments later.
	resigned, err := manager.As(tokens[1].GetToken()).Resign(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if outcome := resigned.GetView().GetOutcome(); outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN || outcome.GetWinner() != 1 {
		t.Fatalf("after Bob's resignation the outcome is %v, want seat 1's win", outcome)
	}
	game := awaitRated(t, ctx, manager, gameID)
	rating = game.GetRating()
	before, after := rating.GetBefore(), rating.GetAfter()
	if len(before) != 2 || len(after) != 2 {
		t.Fatalf("the rated game's rating %v, want two ratings before and two after", rating)
	}
	for seat, r := range before {
		if r.GetRating() != newRating {
			t.Fatalf("seat %d's rating before the game %v, want a new player's %v", seat+1, r, newRating)
		}
	}
	if after[0].GetRating() <= newRating || after[1].GetRating() >= newRating {
		t.Fatalf("ratings after the game: the winner's %v, the loser's %v; want above and below %v",
			after[0].GetRating(), after[1].GetRating(), newRating)
	}
	if !after[0].GetProvisional() || !after[1].GetProvisional() {
		t.Fatalf("after one game the ratings %v are not provisional", after)
	}
	view, err := manager.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(view.GetRating(), rating) {
		t.Fatalf("the view's rating %v, want the game's %v", view.GetRating(), rating)
	}

	// Each player's ratings: one pool, one game.
	ratings, err := manager.GetPlayerRatings(ctx, winnerID)
	if err != nil {
		t.Fatal(err)
	}
	won := ratingOf(t, ratings, winnerID, pool)
	if won.GetGames() != 1 || won.GetWins() != 1 || won.GetDraws() != 0 || won.GetLosses() != 0 ||
		won.GetRank() != 0 || won.GetLastRatedTime() == nil || won.GetRating().GetRating() != after[0].GetRating() {
		t.Fatalf("the winner's rating %v, want 1 game won, rated %v, no rank", won, after[0].GetRating())
	}
	ratings, err = manager.GetPlayerRatings(ctx, loserID)
	if err != nil {
		t.Fatal(err)
	}
	lost := ratingOf(t, ratings, loserID, pool)
	if lost.GetGames() != 1 || lost.GetWins() != 0 || lost.GetLosses() != 1 || lost.GetRating().GetRating() != after[1].GetRating() {
		t.Fatalf("the loser's rating %v, want 1 game lost, rated %v", lost, after[1].GetRating())
	}
	if ratings, err := manager.GetPlayerRatings(ctx, "never-rated-"+run); err != nil || len(ratings) != 0 {
		t.Fatalf("a player never rated: %v, %v", ratings, err)
	}

	// The leaderboard: the winner, then the loser, in consecutive places.
	board, err := manager.ListLeaderboard(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range board.GetRatings() {
		ids = append(ids, r.GetPlayerId())
	}
	w, l := slices.Index(ids, winnerID), slices.Index(ids, loserID)
	if w < 0 || l != w+1 {
		t.Fatalf("the leaderboard lists %v, want %s right before %s", ids, winnerID, loserID)
	}
	if first, second := board.GetRatings()[w].GetRank(), board.GetRatings()[l].GetRank(); first < 1 || second != first+1 {
		t.Fatalf("the winner's place %d, the loser's %d, want consecutive places from 1", first, second)
	}
	if board.GetNextPageToken() != "" {
		t.Fatalf("a one-page leaderboard has a next page token %q", board.GetNextPageToken())
	}

	// A page at a time (the page after a full one may be the empty last): the same ratings,
	// in the same places.
	var paged []*tabulav1.PlayerRating
	for token := ""; ; {
		page, err := manager.ListLeaderboard(ctx, pool, tabula.PageSize(1), tabula.PageToken(token))
		if err != nil {
			t.Fatal(err)
		}
		if len(page.GetRatings()) > 1 {
			t.Fatalf("a page of size 1 holds %v", page.GetRatings())
		}
		paged = append(paged, page.GetRatings()...)
		if token = page.GetNextPageToken(); token == "" {
			break
		}
	}
	if len(paged) != len(board.GetRatings()) {
		t.Fatalf("page by page %d ratings, in one page %d", len(paged), len(board.GetRatings()))
	}
	for i, r := range paged {
		if r.GetPlayerId() != ids[i] || r.GetRank() != uint32(i+1) {
			t.Fatalf("page %d lists %s in place %d, want %s in place %d", i+1, r.GetPlayerId(), r.GetRank(), ids[i], i+1)
		}
	}

	// Provisional ratings left out: after one game both are.
	settled, err := manager.ListLeaderboard(ctx, pool, tabula.ExcludeProvisional())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range settled.GetRatings() {
		if r.GetPlayerId() == winnerID || r.GetPlayerId() == loserID || r.GetRating().GetProvisional() {
			t.Fatalf("without provisional ratings the leaderboard lists %v", r)
		}
	}
	if other, err := manager.ListLeaderboard(ctx, "chess"); err != nil || len(other.GetRatings()) != 0 {
		t.Fatalf("a pool nobody was rated in: %v, %v", other, err)
	}
}

func TestARatedSeriesRatesEveryGame(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	run := strconv.FormatInt(time.Now().UnixNano(), 36) // player ids of this run only
	ids := [2]string{"series-ann-" + run, "series-bob-" + run}
	const pool = "tic_tac_toe"

	created, err := manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
		tabula.Players(tabula.Player(ids[0], "Ann"), tabula.Player(ids[1], "Bob")),
		tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND))
	if err != nil {
		t.Fatal(err)
	}
	seriesID := created.GetSeries().GetSeriesId()
	if got := created.GetSeries().GetRatingPool(); got != pool {
		t.Fatalf("the created series' rating pool %q, want %q", got, pool)
	}
	tokens := created.GetPlayerTokens()
	if len(tokens) != 2 {
		t.Fatalf("player tokens: %v", tokens)
	}
	players := [2]*tabula.Client{manager.As(tokens[0].GetToken()), manager.As(tokens[1].GetToken())}

	// Ann resigns game 1, Bob game 2, Ann game 3: Bob wins 2-1.
	resigns := []int{0, 1, 0}
	var games []string
	for event, err := range manager.SeriesEvents(ctx, seriesID, 0) {
		if err != nil {
			t.Fatalf("the series stream: %v", err)
		}
		started := event.GetGameStarted()
		if started == nil {
			continue
		}
		if int(started.GetNumber()) != len(games)+1 || len(games) == len(resigns) {
			t.Fatalf("game %d started after %d games", started.GetNumber(), len(games))
		}
		games = append(games, started.GetGameId())
		if _, err := players[resigns[len(games)-1]].Resign(ctx, started.GetGameId()); err != nil {
			t.Fatalf("resigning game %d: %v", len(games), err)
		}
	}
	series, err := manager.GetSeries(ctx, seriesID)
	if err != nil {
		t.Fatal(err)
	}
	if series.GetStatus() != tabulav1.SeriesStatus_SERIES_STATUS_FINISHED || series.GetWinner() != 2 ||
		!slices.Equal(series.GetPoints(), []float64{1, 2}) || len(games) != 3 || series.GetRatingPool() != pool {
		t.Fatalf("the series ended %s, winner %d, points %v, after %d games, pool %q",
			tabula.EnumName(series.GetStatus()), series.GetWinner(), series.GetPoints(), len(games), series.GetRatingPool())
	}

	// Each game is rated moments after its end, its players seated as the series seats them
	// (Ann first in games 1 and 3). (Its ratings before are those when the series made it,
	// which may come before the game ahead of it was rated.)
	for i, gameID := range games {
		rating := awaitRated(t, ctx, manager, gameID).GetRating()
		seated := []string{ids[0], ids[1]}
		if i%2 == 1 {
			seated = []string{ids[1], ids[0]}
		}
		if rating.GetPool() != pool || !slices.Equal(rating.GetPlayerIds(), seated) || len(rating.GetBefore()) != 2 || len(rating.GetAfter()) != 2 {
			t.Fatalf("game %d's rating %v, want pool %q, players %v, two ratings before and after", i+1, rating, pool, seated)
		}
	}

	// The players' ratings count the three games: Ann's one win, Bob's two, Bob's rating
	// above Ann's.
	var final [2]float64
	for player, want := range [2][3]uint32{{1, 0, 2}, {2, 0, 1}} {
		ratings, err := manager.GetPlayerRatings(ctx, ids[player])
		if err != nil {
			t.Fatal(err)
		}
		r := ratingOf(t, ratings, ids[player], pool)
		if got := [3]uint32{r.GetWins(), r.GetDraws(), r.GetLosses()}; r.GetGames() != 3 || got != want {
			t.Fatalf("%s's rating counts %d games, %v wins, draws and losses; want 3 games, %v", ids[player], r.GetGames(), got, want)
		}
		final[player] = r.GetRating().GetRating()
	}
	if final[1] <= final[0] {
		t.Fatalf("after the series Bob's rating %v, Ann's %v; want Bob's above", final[1], final[0])
	}
}

func TestARatedCreationWithoutPlayersIsRefused(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))

	_, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND))
	e := requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	var fields []string
	for _, detail := range status.Convert(err).Details() {
		if bad, ok := detail.(*errdetails.BadRequest); ok {
			for _, violation := range bad.GetFieldViolations() {
				fields = append(fields, violation.GetField())
			}
		}
	}
	if !slices.Contains(fields, "players") {
		t.Fatalf("field violations %v, want one on players (%s)", fields, e.Message)
	}
	page, err := manager.ListGames(ctx)
	if err != nil || len(page.GetGames()) != 0 {
		t.Fatalf("the refused creation made a game: %v, %v", page.GetGames(), err)
	}
}

// ratingService records the rating calls' requests, and the creations' as labelService does.
type ratingService struct {
	labelService
}

func (s *ratingService) GetPlayerRatings(_ context.Context, request *tabulav1.GetPlayerRatingsRequest) (*tabulav1.GetPlayerRatingsResponse, error) {
	s.record(request)
	return &tabulav1.GetPlayerRatingsResponse{Ratings: []*tabulav1.PlayerRating{{PlayerId: request.GetPlayerId(), Pool: "chess"}}}, nil
}

func (s *ratingService) ListLeaderboard(_ context.Context, request *tabulav1.ListLeaderboardRequest) (*tabulav1.ListLeaderboardResponse, error) {
	s.record(request)
	return &tabulav1.ListLeaderboardResponse{NextPageToken: "next"}, nil
}

func TestTheRatingCallsSendTheirRequests(t *testing.T) {
	s := &ratingService{}
	client := startFake(t, s)
	ctx := testContext(t)
	preset := tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_PRESET)
	kind := tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND)

	if _, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CHESS, "chess960", preset); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromConfig(ctx, ticTacToeConfig(), kind); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromPGN(ctx, "1. e4", kind); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromSavedConfig(ctx, "plain", kind); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic"); err != nil {
		t.Fatal(err)
	}
	wants := []tabulav1.RatingPool{
		tabulav1.RatingPool_RATING_POOL_PRESET, tabulav1.RatingPool_RATING_POOL_KIND, tabulav1.RatingPool_RATING_POOL_KIND,
		tabulav1.RatingPool_RATING_POOL_KIND, tabulav1.RatingPool_RATING_POOL_UNSPECIFIED, // no option, not rated
	}
	for i, want := range wants {
		if got := s.seen()[i].(*tabulav1.CreateGameRequest).GetRatingPool(); got != want {
			t.Fatalf("creation %d sent rating_pool %s, want %s", i+1, tabula.EnumName(got), tabula.EnumName(want))
		}
	}
	for i, build := range []func() (*tabulav1.CreateGameRequest, error){
		func() (*tabulav1.CreateGameRequest, error) {
			return tabula.GameFromPreset(tabulav1.GameKind_GAME_KIND_CHESS, "chess960", preset)
		},
		func() (*tabulav1.CreateGameRequest, error) { return tabula.GameFromConfig(ticTacToeConfig(), kind) },
		func() (*tabulav1.CreateGameRequest, error) { return tabula.GameFromPGN("1. e4", kind) },
		func() (*tabulav1.CreateGameRequest, error) { return tabula.GameFromSavedConfig("plain", kind) },
	} {
		request, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if request.GetRatingPool() != wants[i] {
			t.Fatalf("builder %d built %v, want rating_pool %s", i+1, request, tabula.EnumName(wants[i]))
		}
	}

	ratings, err := client.GetPlayerRatings(ctx, "u-17")
	if err != nil || len(ratings) != 1 || ratings[0].GetPlayerId() != "u-17" {
		t.Fatalf("GetPlayerRatings answered %v, %v", ratings, err)
	}
	board, err := client.ListLeaderboard(ctx, "chess/chess960")
	if err != nil || board.GetNextPageToken() != "next" {
		t.Fatalf("ListLeaderboard answered %v, %v", board, err)
	}
	if _, err := client.ListLeaderboard(ctx, "chess", tabula.PageSize(20), tabula.PageToken("t"), tabula.ExcludeProvisional()); err != nil {
		t.Fatal(err)
	}
	sent := s.seen()[len(wants):]
	for i, want := range []proto.Message{
		&tabulav1.GetPlayerRatingsRequest{PlayerId: "u-17"},
		&tabulav1.ListLeaderboardRequest{Pool: "chess/chess960"},
		&tabulav1.ListLeaderboardRequest{Pool: "chess", PageSize: 20, PageToken: "t", ExcludeProvisional: true},
	} {
		if !proto.Equal(sent[i], want) {
			t.Fatalf("rating call %d sent %v, want %v", i+1, sent[i], want)
		}
	}

	if n := len(s.seen()); n != len(wants)+3 {
		t.Fatalf("%d requests reached the server, want %d", n, len(wants)+3)
	}
}
