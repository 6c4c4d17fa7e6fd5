package tabula_test

// Players on seats and series of games: against a real server (players named and found, a
// series the engine plays to its end, a series whose players move with their tokens), and
// offline against a stand-in server (the requests the calls send, the series stream's gap
// check and resumption).

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

var (
	ann = tabula.Player("player-ann", "Ann")
	bob = tabula.Player("player-bob", "Bob")
)

// playerNames is each player as "id:name", "-" for an unnamed seat.
func playerNames(players []*tabulav1.Player) string {
	var names []string
	for _, player := range players {
		if player.GetPlayerId() == "" && player.GetDisplayName() == "" {
			names = append(names, "-")
			continue
		}
		names = append(names, player.GetPlayerId()+":"+player.GetDisplayName())
	}
	return strings.Join(names, " ")
}

func TestPlayersAreSeatedShownAndFound(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.Players(ann, bob))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	const both = "player-ann:Ann player-bob:Bob"
	if got := playerNames(created.GetGame().GetPlayers()); got != both {
		t.Fatalf("the created game's players %q, want %q", got, both)
	}
	game, err := manager.GetGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if got := playerNames(game.GetPlayers()); got != both {
		t.Fatalf("GetGame's players %q, want %q", got, both)
	}
	if game.GetSeriesId() != "" || game.GetSeriesGameNumber() != 0 {
		t.Fatalf("a game on its own has series %q, number %d", game.GetSeriesId(), game.GetSeriesGameNumber())
	}
	view, err := manager.As("").GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if got := playerNames(view.GetPlayers()); got != both {
		t.Fatalf("a spectator's view shows the players %q, want %q", got, both)
	}
	for event, err := range manager.Events(ctx, gameID, 0) {
		if err != nil {
			t.Fatal(err)
		}
		if got := playerNames(event.GetGameCreated().GetPlayers()); got != both {
			t.Fatalf("the game_created event's players %q, want %q", got, both)
		}
		break
	}

	// One player of two seats: the second seat is unnamed.
	alone, err := manager.CreateGameFromConfig(ctx, ticTacToeConfig(), tabula.Players(tabula.Player("player-cy", "Cy")))
	if err != nil {
		t.Fatal(err)
	}
	if got := playerNames(alone.GetGame().GetPlayers()); got != "player-cy:Cy -" {
		t.Fatalf("one player of two seats: %q", got)
	}
	plain, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic")
	if err != nil {
		t.Fatal(err)
	}
	if players := plain.GetGame().GetPlayers(); len(players) != 0 {
		t.Fatalf("a game nobody was named in has players %v", players)
	}

	// Listed by player.
	listed := func(playerID string) []string {
		t.Helper()
		page, err := manager.ListGames(ctx, tabula.OfPlayer(playerID))
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, game := range page.GetGames() {
			ids = append(ids, game.GetGameId())
		}
		return ids
	}
	if got := listed("player-bob"); !slices.Equal(got, []string{gameID}) {
		t.Fatalf("Bob's games %v, want %s", got, gameID)
	}
	if got := listed("player-ann"); !slices.Equal(got, []string{gameID}) {
		t.Fatalf("Ann's games %v, want %s", got, gameID)
	}
	if got := listed("player-nobody"); len(got) != 0 {
		t.Fatalf("the games of a player nobody seated: %v", got)
	}

	// Too many players, and a display name with a control character.
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(ann, bob, tabula.Player("player-cy", "Cy")))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(tabula.Player("player-dee", "Dee\n")))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
}

// seriesPlayers is the game's players as the series seats them: player 1 (Ann) in seat 1
// when playerOneSeat is 1, else in seat 2.
func seriesPlayers(playerOneSeat uint32) string {
	if playerOneSeat == 1 {
		return "player-ann:Ann player-bob:Bob"
	}
	return "player-bob:Bob player-ann:Ann"
}

func TestASeriesTheEnginePlaysRunsToItsEnd(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
		tabula.Players(ann, bob), tabula.Bots(tabula.BotSeat(1, 1, 0), tabula.BotSeat(2, 1, 0)))
	if err != nil {
		t.Fatal(err)
	}
	series := created.GetSeries()
	seriesID := series.GetSeriesId()
	if seriesID == "" || series.GetBestOf() != 3 || series.GetFirstTo() != 0 ||
		series.GetDraws() != tabulav1.SeriesDraws_SERIES_DRAWS_HALF_POINT || series.GetKind() != tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE ||
		playerNames(series.GetPlayers()) != seriesPlayers(1) || len(series.GetBots()) != 2 {
		t.Fatalf("created %v", series)
	}
	if len(series.GetGames()) < 1 || series.GetGames()[0].GetNumber() != 1 || series.GetGames()[0].GetPlayerOneSeat() != 1 {
		t.Fatalf("the series was created without its first game: %v", series.GetGames())
	}
	if tokens := created.GetPlayerTokens(); len(tokens) != 2 || tokens[0].GetPlayer() != 1 || tokens[1].GetPlayer() != 2 ||
		tokens[0].GetToken() == "" || tokens[1].GetToken() == "" {
		t.Fatalf("player tokens %v", tokens)
	}

	var events []*tabulav1.SeriesEvent
	for event, err := range manager.SeriesEvents(ctx, seriesID, 0) {
		if err != nil {
			t.Fatalf("after %d events: %v", len(events), err)
		}
		events = append(events, event)
	}
	if len(events) < 3 {
		t.Fatalf("the stream ended after %d events: %v", len(events), events)
	}
	var started, finished []string
	scored := 0.0
	for i, event := range events {
		if event.GetSeq() != uint64(i+1) {
			t.Fatalf("event %d has seq %d", i, event.GetSeq())
		}
		if event.GetSeriesId() != seriesID || event.GetTime() == nil {
			t.Fatalf("event %d: %v", i, event)
		}
		switch tabula.SeriesEventKind(event) {
		case "game_started":
			game := event.GetGameStarted()
			number := uint32(len(started) + 1)
			if game.GetNumber() != number || game.GetPlayerOneSeat() != 2-number%2 || game.GetGameId() == "" {
				t.Fatalf("event %d starts %v, want game %d with player 1 in seat %d", i, game, number, 2-number%2)
			}
			started = append(started, game.GetGameId())
		case "game_finished":
			game := event.GetGameFinished()
			if game.GetNumber() != uint32(len(started)) || game.GetGameId() != started[len(started)-1] || len(game.GetPoints()) != 2 {
				t.Fatalf("event %d finishes %v, while game %d (%v) runs", i, game, len(started), started)
			}
			finished = append(finished, game.GetGameId())
			if kind := game.GetOutcome().GetType(); kind == tabulav1.OutcomeType_OUTCOME_TYPE_WIN || kind == tabulav1.OutcomeType_OUTCOME_TYPE_DRAW {
				scored++
			}
		case "series_finished":
			if i != len(events)-1 {
				t.Fatalf("series_finished is event %d of %d", i+1, len(events))
			}
		default:
			t.Fatalf("event %d is of kind %s", i, tabula.SeriesEventKind(event))
		}
	}
	if tabula.SeriesEventKind(events[0]) != "game_started" || events[0].GetGameStarted().GetNumber() != 1 {
		t.Fatalf("the first event is %v", events[0])
	}
	last := events[len(events)-1].GetSeriesFinished()
	if last == nil {
		t.Fatalf("the last event is %v", events[len(events)-1])
	}
	if len(started) > 3 || len(finished) != len(started) {
		t.Fatalf("best of 3: started %v, finished %v", started, finished)
	}

	final, err := manager.GetSeries(ctx, seriesID)
	if err != nil {
		t.Fatal(err)
	}
	points := final.GetPoints()
	if final.GetStatus() != tabulav1.SeriesStatus_SERIES_STATUS_FINISHED || len(points) != 2 {
		t.Fatalf("the series after its last event: %v", final)
	}
	if points[0]+points[1] != scored {
		t.Fatalf("points %v add up to %v; %v games were scored", points, points[0]+points[1], scored)
	}
	if !slices.Equal(points, last.GetPoints()) || final.GetWinner() != last.GetWinner() {
		t.Fatalf("the series ends %v, winner %d; series_finished said %v, winner %d", points, final.GetWinner(), last.GetPoints(), last.GetWinner())
	}
	wantWinner := uint32(0)
	if points[0] > points[1] {
		wantWinner = 1
	} else if points[1] > points[0] {
		wantWinner = 2
	}
	if final.GetWinner() != wantWinner {
		t.Fatalf("winner %d with points %v", final.GetWinner(), points)
	}
	var gameIDs []string
	for i, game := range final.GetGames() {
		gameIDs = append(gameIDs, game.GetGameId())
		if game.GetNumber() != uint32(i+1) || game.GetOutcome() == nil || len(game.GetPoints()) != 2 {
			t.Fatalf("game %d of the finished series: %v", i+1, game)
		}
		// Each game knows its series, and seats the players as the series says.
		played, err := manager.GetGame(ctx, game.GetGameId())
		if err != nil {
			t.Fatal(err)
		}
		if played.GetSeriesId() != seriesID || played.GetSeriesGameNumber() != game.GetNumber() {
			t.Fatalf("game %d belongs to series %q as number %d", i+1, played.GetSeriesId(), played.GetSeriesGameNumber())
		}
		if got := playerNames(played.GetPlayers()); got != seriesPlayers(game.GetPlayerOneSeat()) {
			t.Fatalf("game %d (player 1 in seat %d) seats %q", i+1, game.GetPlayerOneSeat(), got)
		}
	}
	if !slices.Equal(gameIDs, started) {
		t.Fatalf("the series' games %v, the started events' %v", gameIDs, started)
	}

	// Resumed near the end: only the last event, then the stream closes.
	var tail []uint64
	for event, err := range manager.SeriesEvents(ctx, seriesID, uint64(len(events)-1)) {
		if err != nil {
			t.Fatal(err)
		}
		tail = append(tail, event.GetSeq())
	}
	if !slices.Equal(tail, []uint64{uint64(len(events))}) {
		t.Fatalf("after seq %d: %v", len(events)-1, tail)
	}

	// Listed, newest first, and by status.
	running, err := manager.CreateSeriesFromConfig(ctx, ticTacToeConfig(), tabula.FirstTo(2), tabula.Players(ann, bob))
	if err != nil {
		t.Fatal(err)
	}
	runningID := running.GetSeries().GetSeriesId()
	listed := func(opts ...tabula.ListSeriesOption) string {
		t.Helper()
		page, err := manager.ListSeries(ctx, opts...)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, series := range page.GetSeries() {
			ids = append(ids, series.GetSeriesId())
		}
		return strings.Join(append(ids, "next:"+page.GetNextPageToken()), " ")
	}
	if got, want := listed(), runningID+" "+seriesID+" next:"; got != want {
		t.Fatalf("every series %q, want %q", got, want)
	}
	if got, want := listed(tabula.InSeriesStatus(tabulav1.SeriesStatus_SERIES_STATUS_FINISHED)), seriesID+" next:"; got != want {
		t.Fatalf("finished series %q, want %q", got, want)
	}
	if got, want := listed(tabula.InSeriesStatus(tabulav1.SeriesStatus_SERIES_STATUS_IN_PROGRESS)), runningID+" next:"; got != want {
		t.Fatalf("series in progress %q, want %q", got, want)
	}
	first := listed(tabula.PageSize(1))
	if !strings.HasPrefix(first, runningID+" next:") || strings.HasSuffix(first, "next:") {
		t.Fatalf("first page of one %q, want %s and a token", first, runningID)
	}
	if got, want := listed(tabula.PageSize(1), tabula.PageToken(strings.TrimPrefix(first, runningID+" next:"))), seriesID+" next:"; got != want {
		t.Fatalf("second page %q, want %q", got, want)
	}
}

func TestASeriesPlayersTokenMovesAsTheirSeat(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
		tabula.Players(ann, bob), tabula.RequestID("series-1"))
	if err != nil {
		t.Fatal(err)
	}
	seriesID := created.GetSeries().GetSeriesId()
	tokens := created.GetPlayerTokens()
	if len(tokens) != 2 || tokens[0].GetPlayer() != 1 || tokens[1].GetPlayer() != 2 {
		t.Fatalf("player tokens %v", tokens)
	}
	playerOne, playerTwo := manager.As(tokens[0].GetToken()), manager.As(tokens[1].GetToken())

	series, err := manager.As("").GetSeries(ctx, seriesID) // not private: anyone reads it
	if err != nil {
		t.Fatal(err)
	}
	if series.GetStatus() != tabulav1.SeriesStatus_SERIES_STATUS_IN_PROGRESS || len(series.GetGames()) != 1 ||
		series.GetGames()[0].GetPlayerOneSeat() != 1 || !slices.Equal(series.GetPoints(), []float64{0, 0}) || series.GetWinner() != 0 {
		t.Fatalf("a new series: %v", series)
	}
	gameID := series.GetGames()[0].GetGameId()
	moved, err := playerOne.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1))
	if err != nil {
		t.Fatalf("player 1's token moving as seat 1 in game 1: %v", err)
	}
	if !moved.GetApplied() || moved.GetView().GetViewerSeat() != 1 || moved.GetView().GetMoveCount() != 1 {
		t.Fatalf("player 1's move: %v", moved)
	}
	_, err = playerOne.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 0))
	requireError(t, err, codes.FailedPrecondition, "NOT_YOUR_TURN")
	if _, err := playerTwo.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 0)); err != nil {
		t.Fatalf("player 2's token moving as seat 2 in game 1: %v", err)
	}

	// A retried creation answers with the same series, and no tokens once someone acted.
	again, err := manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
		tabula.Players(ann, bob), tabula.RequestID("series-1"))
	if err != nil || !again.GetRetried() || again.GetSeries().GetSeriesId() != seriesID || len(again.GetPlayerTokens()) != 0 {
		t.Fatalf("retried creation: %v, %v", again, err)
	}

	// Unknown ids.
	_, err = manager.GetSeries(ctx, "no-such-series")
	requireError(t, err, codes.NotFound, "SERIES_NOT_FOUND")
	var streamErr error
	for _, err := range manager.SeriesEvents(ctx, "no-such-series", 0) {
		streamErr = err
	}
	if e := requireError(t, streamErr, codes.NotFound, "SERIES_NOT_FOUND"); e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_SERIES_NOT_FOUND {
		t.Fatalf("ReasonCode %v", e.ReasonCode())
	}

	// Peg solitaire makes no series; a series needs its length.
	_, err = manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_PEG_SOLITAIRE, "triangle15", tabula.BestOf(3))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.CreateSeriesFromConfig(ctx, ticTacToeConfig(), tabula.SeriesLength{})
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
}

// seriesService records the creations and listings that reach it, and streams a series'
// events: seqs, whatever after_seq asks, or with breakAfter the first stream sends that
// many and fails with UNAVAILABLE while later ones send those after after_seq.
type seriesService struct {
	tabulav1.UnimplementedGameServiceServer
	seqs       []uint64
	breakAfter int

	mu        sync.Mutex
	requests  []proto.Message
	afterSeqs []uint64
}

func (s *seriesService) record(request proto.Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, request)
}

func (s *seriesService) seen() []proto.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]proto.Message(nil), s.requests...)
}

func (s *seriesService) opened() []uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]uint64(nil), s.afterSeqs...)
}

func (s *seriesService) CreateGame(_ context.Context, request *tabulav1.CreateGameRequest) (*tabulav1.CreateGameResponse, error) {
	s.record(request)
	return &tabulav1.CreateGameResponse{Game: &tabulav1.Game{GameId: "g"}}, nil
}

func (s *seriesService) ListGames(_ context.Context, request *tabulav1.ListGamesRequest) (*tabulav1.ListGamesResponse, error) {
	s.record(request)
	return &tabulav1.ListGamesResponse{}, nil
}

func (s *seriesService) CreateSeries(_ context.Context, request *tabulav1.CreateSeriesRequest) (*tabulav1.CreateSeriesResponse, error) {
	s.record(request)
	return &tabulav1.CreateSeriesResponse{Series: &tabulav1.Series{SeriesId: "s"}}, nil
}

func (s *seriesService) GetSeries(_ context.Context, request *tabulav1.GetSeriesRequest) (*tabulav1.GetSeriesResponse, error) {
	s.record(request)
	return &tabulav1.GetSeriesResponse{Series: &tabulav1.Series{SeriesId: request.GetSeriesId()}}, nil
}

func (s *seriesService) ListSeries(_ context.Context, request *tabulav1.ListSeriesRequest) (*tabulav1.ListSeriesResponse, error) {
	s.record(request)
	return &tabulav1.ListSeriesResponse{NextPageToken: "next"}, nil
}

// seriesEvent is a series event of seq: game_started, or of no kind this client knows at
// seq 3.
func seriesEvent(seq uint64) *tabulav1.SeriesEvent {
	event := &tabulav1.SeriesEvent{SeriesId: "s", Seq: seq}
	if seq != 3 {
		event.Kind = &tabulav1.SeriesEvent_GameStarted{GameStarted: &tabulav1.SeriesGameStarted{Number: uint32(seq), GameId: fmt.Sprint("g", seq)}}
	}
	return event
}

func (s *seriesService) StreamSeriesEvents(request *tabulav1.StreamSeriesEventsRequest, stream grpc.ServerStreamingServer[tabulav1.StreamSeriesEventsResponse]) error {
	s.mu.Lock()
	first := len(s.afterSeqs) == 0
	s.afterSeqs = append(s.afterSeqs, request.GetAfterSeq())
	s.mu.Unlock()
	sent := s.seqs
	if s.breakAfter > 0 {
		if first {
			sent = s.seqs[:s.breakAfter]
		} else {
			sent = nil
			for _, seq := range s.seqs {
				if seq > request.GetAfterSeq() {
					sent = append(sent, seq)
				}
			}
		}
	}
	for _, seq := range sent {
		if err := stream.Send(&tabulav1.StreamSeriesEventsResponse{Event: seriesEvent(seq)}); err != nil {
			return err
		}
	}
	if s.breakAfter > 0 && first {
		return status.Error(codes.Unavailable, "the stand-in server breaks the stream")
	}
	return nil
}

func TestTheSeriesCallsSendTheirRequests(t *testing.T) {
	s := &seriesService{}
	client := startFake(t, s)
	ctx := testContext(t)
	bot := tabula.BotSeat(2, 1, 0)
	config := ticTacToeConfig()
	calls := []func() error{
		func() error {
			_, err := client.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
				tabula.Players(ann), tabula.Players(bob), tabula.Bots(bot), tabula.Draws(tabulav1.SeriesDraws_SERIES_DRAWS_REPLAYED),
				tabula.Private(), tabula.AllowHints(false), tabula.RequestID("s1"), tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_PRESET))
			return err
		},
		func() error {
			_, err := client.CreateSeriesFromConfig(ctx, config, tabula.FirstTo(2),
				tabula.Clock(tabula.PerMove(time.Minute)), tabula.Starter(tabulav1.Starter_STARTER_SECOND_SEAT),
				tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND))
			return err
		},
		func() error {
			_, err := client.CreateSeriesFromConfig(ctx, config, tabula.BestOf(1))
			return err
		},
		func() error {
			_, err := client.CreateSeriesFromSavedConfig(ctx, "big-board", tabula.BestOf(5), tabula.Players(ann, bob))
			return err
		},
		func() error {
			series, err := client.GetSeries(ctx, "s7")
			if err == nil && series.GetSeriesId() != "s7" {
				err = fmt.Errorf("GetSeries answered %v", series)
			}
			return err
		},
		func() error {
			page, err := client.ListSeries(ctx, tabula.InSeriesStatus(tabulav1.SeriesStatus_SERIES_STATUS_FINISHED),
				tabula.PageSize(2), tabula.PageToken("t"))
			if err == nil && page.GetNextPageToken() != "next" {
				err = fmt.Errorf("ListSeries answered %v", page)
			}
			return err
		},
		func() error {
			_, err := client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.Players(ann, bob))
			return err
		},
		func() error {
			_, err := client.CreateGameFromConfig(ctx, config, tabula.Players(ann), tabula.Starter(tabulav1.Starter_STARTER_SECOND_SEAT))
			return err
		},
		func() error {
			_, err := client.CreateGameFromPGN(ctx, "1. e4", tabula.Players(ann, bob))
			return err
		},
		func() error {
			_, err := client.CreateGameFromSavedConfig(ctx, "big-board", tabula.Players(bob))
			return err
		},
		func() error {
			_, err := client.ListGames(ctx, tabula.OfPlayer("player-ann"), tabula.PageSize(3))
			return err
		},
	}
	for i, call := range calls {
		if err := call(); err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
	}
	clocked := proto.Clone(config).(*tabulav1.GameConfig)
	clocked.Clock = &tabulav1.ClockConfig{Controls: []*tabulav1.TimeControl{tabula.PerMove(time.Minute)}}
	clocked.Starter = tabulav1.Starter_STARTER_SECOND_SEAT
	secondSeat := proto.Clone(config).(*tabulav1.GameConfig)
	secondSeat.Starter = tabulav1.Starter_STARTER_SECOND_SEAT
	want := []proto.Message{
		&tabulav1.CreateSeriesRequest{
			Kind: tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, Source: &tabulav1.CreateSeriesRequest_Preset{Preset: "classic"},
			BestOf: 3, Draws: tabulav1.SeriesDraws_SERIES_DRAWS_REPLAYED, Players: []*tabulav1.Player{ann, bob},
			Bots: []*tabulav1.BotSeat{bot}, Private: true, AllowHints: proto.Bool(false), RequestId: "s1",
			RatingPool: tabulav1.RatingPool_RATING_POOL_PRESET,
		},
		&tabulav1.CreateSeriesRequest{
			Source: &tabulav1.CreateSeriesRequest_Config{Config: clocked}, FirstTo: 2, RatingPool: tabulav1.RatingPool_RATING_POOL_KIND,
		},
		&tabulav1.CreateSeriesRequest{Source: &tabulav1.CreateSeriesRequest_Config{Config: config}, BestOf: 1},
		&tabulav1.CreateSeriesRequest{
			Source: &tabulav1.CreateSeriesRequest_SavedConfig{SavedConfig: "big-board"}, BestOf: 5, Players: []*tabulav1.Player{ann, bob},
		},
		&tabulav1.GetSeriesRequest{SeriesId: "s7"},
		&tabulav1.ListSeriesRequest{Status: tabulav1.SeriesStatus_SERIES_STATUS_FINISHED, PageSize: 2, PageToken: "t"},
		&tabulav1.CreateGameRequest{
			Kind: tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, Source: &tabulav1.CreateGameRequest_Preset{Preset: "classic"},
			Players: []*tabulav1.Player{ann, bob},
		},
		&tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_Config{Config: secondSeat}, Players: []*tabulav1.Player{ann}},
		&tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_Pgn{Pgn: &tabulav1.PgnImport{Pgn: "1. e4"}}, Players: []*tabulav1.Player{ann, bob}},
		&tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_SavedConfig{SavedConfig: "big-board"}, Players: []*tabulav1.Player{bob}},
		&tabulav1.ListGamesRequest{PlayerId: "player-ann", PageSize: 3},
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
	if !proto.Equal(config, ticTacToeConfig()) {
		t.Errorf("the caller's configuration changed: %v", config)
	}

	// OnTimeout without a clock to apply to is refused without calling the server.
	for _, refused := range []struct {
		call func() error
		text string
	}{
		{func() error {
			_, err := client.CreateSeriesFromConfig(ctx, config, tabula.BestOf(3), tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE))
			return err
		}, "CreateSeriesFromConfig: OnTimeout without a clock"},
	} {
		if err := refused.call(); err == nil || !strings.Contains(err.Error(), refused.text) {
			t.Errorf("got %v, want %q", err, refused.text)
		}
	}
	if n := len(s.seen()); n != len(want) {
		t.Fatalf("a refused call reached the server: %d requests", n)
	}
}

// seriesSeqs runs client.SeriesEvents and returns the seqs it yielded and its errors.
func seriesSeqs(t *testing.T, client *tabula.Client, afterSeq uint64, opts ...tabula.StreamOption) (seqs []uint64, kinds []string, failures []error) {
	t.Helper()
	for event, err := range client.SeriesEvents(testContext(t), "s", afterSeq, opts...) {
		if err != nil {
			failures = append(failures, err)
			continue
		}
		seqs = append(seqs, event.GetSeq())
		kinds = append(kinds, tabula.SeriesEventKind(event))
	}
	return seqs, kinds, failures
}

func TestAGapInTheSeriesEventsIsAnError(t *testing.T) {
	t.Run("in the middle", func(t *testing.T) {
		s := &seriesService{seqs: []uint64{1, 2, 4, 5}}
		seqs, _, failures := seriesSeqs(t, startFake(t, s), 0)
		if !slices.Equal(seqs, []uint64{1, 2}) || len(failures) != 1 {
			t.Fatalf("delivered %v and errors %v, want 1, 2 then one error", seqs, failures)
		}
		requireSeqGap(t, failures[0], "3", "4")
		if !strings.Contains(failures[0].Error(), "series s") {
			t.Fatalf("the error %q does not name the series", failures[0])
		}
		if n := len(s.opened()); n != 1 {
			t.Fatalf("the stream was opened %d times; a gap is not resumed", n)
		}
	})
	t.Run("at the start", func(t *testing.T) {
		seqs, _, failures := seriesSeqs(t, startFake(t, &seriesService{seqs: []uint64{8, 9}}), 6)
		if len(seqs) != 0 || len(failures) != 1 {
			t.Fatalf("delivered %v and errors %v after seq 6", seqs, failures)
		}
		requireSeqGap(t, failures[0], "7", "8")
	})
	t.Run("a repeated seq", func(t *testing.T) {
		seqs, _, failures := seriesSeqs(t, startFake(t, &seriesService{seqs: []uint64{1, 1}}), 0)
		if !slices.Equal(seqs, []uint64{1}) || len(failures) != 1 {
			t.Fatalf("delivered %v and errors %v", seqs, failures)
		}
		requireSeqGap(t, failures[0], "2", "1")
	})
}

func TestASeriesStreamResumesAfterADropAndCountsUnknownEvents(t *testing.T) {
	s := &seriesService{seqs: []uint64{1, 2, 3, 4}, breakAfter: 2}
	seqs, kinds, failures := seriesSeqs(t, startFake(t, s), 0, tabula.ReconnectDelay(10*time.Millisecond))
	if len(failures) != 0 {
		t.Fatalf("the stream failed: %v", failures)
	}
	if !slices.Equal(seqs, []uint64{1, 2, 3, 4}) {
		t.Fatalf("delivered %v, want 1 to 4 once each", seqs)
	}
	if want := []string{"game_started", "game_started", tabula.Unknown, "game_started"}; !slices.Equal(kinds, want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
	if opened := s.opened(); !slices.Equal(opened, []uint64{0, 2}) {
		t.Fatalf("streams opened after %v, want [0 2]", opened)
	}

	// Without reconnection attempts the drop ends the stream.
	s = &seriesService{seqs: []uint64{1, 2, 3}, breakAfter: 1}
	seqs, _, failures = seriesSeqs(t, startFake(t, s), 0, tabula.MaxReconnects(0))
	if !slices.Equal(seqs, []uint64{1}) || len(failures) != 1 || status.Code(failures[0]) != codes.Unavailable {
		t.Fatalf("delivered %v and errors %v, want 1 then UNAVAILABLE", seqs, failures)
	}
}
