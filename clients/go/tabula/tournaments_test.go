package tabula_test

// Tournaments: against a real server with a service key (a round robin of four played out
// by its players' tokens, each game resigned, round after round, with its stream of events
// and its standings, then exported as a TRF; a knockout of four played out match by match, each match a series, and
// one seeded by rating, and a Swiss numbered by rating; a Swiss of six engines played out
// without a rematch, one accelerated and one of too many rounds; a Swiss continued from the
// TRF of another, and a TRF refused; a Swiss of five people that takes a sixth once under
// way, and the late entries refused; a held tournament that waits for its organiser, a withdrawal and a
// cancellation; a refused creation), and offline against a stand-in server (the requests
// the calls send, the options they refuse, the stream's gap check).

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

const (
	tournamentInProgress = tabulav1.TournamentStatus_TOURNAMENT_STATUS_IN_PROGRESS
	tournamentFinished   = tabulav1.TournamentStatus_TOURNAMENT_STATUS_FINISHED
	tournamentCancelled  = tabulav1.TournamentStatus_TOURNAMENT_STATUS_CANCELLED
	knockout             = tabulav1.TournamentFormat_TOURNAMENT_FORMAT_KNOCKOUT
	swiss                = tabulav1.TournamentFormat_TOURNAMENT_FORMAT_SWISS
)

// tournamentWithin bounds how long a tournament may take to make its next round, or to
// finish, once its games ended.
const tournamentWithin = 20 * time.Second

// cupPlayers are four people of a round robin, in pairing order.
var cupPlayers = []*tabulav1.TournamentPlayer{
	tabula.Person("cup-ann", "Ann"), tabula.Person("cup-bob", "Bob"),
	tabula.Person("cup-cy", "Cy"), tabula.Person("cup-dee", "Dee"),
}

// tokenClients are the clients of a tournament's player tokens, by player number, checking
// that there is one token per person, numbered from 1.
func tokenClients(t *testing.T, manager *tabula.Client, tokens []*tabulav1.TournamentPlayerToken, people int) map[uint32]*tabula.Client {
	t.Helper()
	if len(tokens) != people {
		t.Fatalf("%d player tokens, want %d: %v", len(tokens), people, tokens)
	}
	clients := make(map[uint32]*tabula.Client, len(tokens))
	for i, token := range tokens {
		if token.GetPlayer() != uint32(i+1) || token.GetToken() == "" {
			t.Fatalf("player token %d: %v", i, token)
		}
		clients[token.GetPlayer()] = manager.As(token.GetToken())
	}
	return clients
}

// whiteResigns says which player of a board resigns its game: White on boards whose round and
// number add up to an even number, else Black.
func whiteResigns(round, board uint32) bool { return (round+board)%2 == 0 }

// boardsOf is a tournament's boards as "round.board:white-black=result", round after round.
func boardsOf(tournament *tabulav1.Tournament) string {
	var boards []string
	for _, round := range tournament.GetRounds() {
		for _, board := range round.GetBoards() {
			boards = append(boards, fmt.Sprintf("%d.%d:%d-%d=%s", round.GetNumber(), board.GetNumber(),
				board.GetWhite(), board.GetBlack(), strings.TrimPrefix(board.GetResult().String(), "BOARD_RESULT_")))
		}
	}
	return strings.Join(boards, " ")
}

// awaitTournament polls GetTournament until done says the tournament is as awaited.
func awaitTournament(t *testing.T, ctx context.Context, manager *tabula.Client, id, what string, done func(*tabulav1.Tournament) bool) *tabulav1.Tournament {
	t.Helper()
	deadline := time.Now().Add(tournamentWithin)
	for {
		tournament, err := manager.GetTournament(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if done(tournament) {
			return tournament
		}
		if time.Now().After(deadline) {
			t.Fatalf("tournament %s: not %s within %s: %s, %s", id, what, tournamentWithin,
				tabula.EnumName(tournament.GetStatus()), boardsOf(tournament))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// asPaired is event with a round_paired's round as it was paired: the server renders the
// round as it stands when it sends the event, so the backlog's round_paired carries the
// results and the finished flag of a round played since, which the live one lacked.
func asPaired(event *tabulav1.TournamentEvent) *tabulav1.TournamentEvent {
	if event.GetRoundPaired() == nil {
		return event
	}
	event = proto.Clone(event).(*tabulav1.TournamentEvent)
	event.GetRoundPaired().Finished = false
	for _, board := range event.GetRoundPaired().GetBoards() {
		board.Result = tabulav1.BoardResult_BOARD_RESULT_UNSPECIFIED
	}
	return event
}

// tournamentEventsOf reads a tournament's stream from after to its end.
func tournamentEventsOf(t *testing.T, ctx context.Context, client *tabula.Client, id string, after uint64) []*tabulav1.TournamentEvent {
	t.Helper()
	var events []*tabulav1.TournamentEvent
	for event, err := range client.TournamentEvents(ctx, id, after) {
		if err != nil {
			t.Fatalf("tournament %s's stream after %d events: %v", id, len(events), err)
		}
		events = append(events, event)
	}
	return events
}

// requireTRF checks a tournament's export as a TRF against its standings: a "062" line with
// its number of players, and one "001" line per player, its number in columns 5–8 and its
// points in columns 81–84 (1-based) those of its standing.
func requireTRF(t *testing.T, trf string, players int, standings []*tabulav1.TournamentStanding) {
	t.Helper()
	points := map[uint32]float64{}
	for _, standing := range standings {
		points[standing.GetPlayer()] = standing.GetPoints()
	}
	if !strings.HasSuffix(trf, "\n") {
		t.Fatalf("the TRF does not end in a line feed:\n%s", trf)
	}
	counted, seen := false, map[uint32]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(trf, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "062 "):
			if got := strings.TrimSpace(line[4:]); got != fmt.Sprint(players) || counted {
				t.Fatalf("the TRF's 062 line %q, want one with %d players:\n%s", line, players, trf)
			}
			counted = true
		case strings.HasPrefix(line, "001"):
			if len(line) < 84 {
				t.Fatalf("the TRF's player line %q is too short for its points:\n%s", line, trf)
			}
			var number uint32
			var got float64
			if _, err := fmt.Sscan(line[4:8], &number); err != nil {
				t.Fatalf("the player line %q: number %q: %v", line, line[4:8], err)
			}
			if _, err := fmt.Sscan(line[80:84], &got); err != nil {
				t.Fatalf("the player line %q: points %q: %v", line, line[80:84], err)
			}
			want, known := points[number]
			if !known || seen[number] || got != want {
				t.Fatalf("the player line %q: player %d with %v points; the standings give it %v (known: %t, seen before: %t):\n%s",
					line, number, got, want, known, seen[number], trf)
			}
			seen[number] = true
		}
	}
	if !counted || len(seen) != players {
		t.Fatalf("the TRF has a 062 line: %t, and %d player lines, want %d:\n%s", counted, len(seen), players, trf)
	}
}

func TestARoundRobinIsPlayedOutByItsPlayersTokens(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	cup := map[string]string{"cup": "spring"}

	created, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", cupPlayers,
		tabula.Labels(cup), tabula.RequestID("cup-1"))
	if err != nil {
		t.Fatal(err)
	}
	tournament := created.GetTournament()
	id := tournament.GetTournamentId()
	if id == "" || tournament.GetName() != "tournaments/"+id || tournament.GetKind() != tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE ||
		tournament.GetFormat() != tabulav1.TournamentFormat_TOURNAMENT_FORMAT_ROUND_ROBIN || tournament.GetStatus() != tournamentInProgress ||
		tournament.GetRoundCount() != 3 || len(tournament.GetPlayers()) != 4 || tournament.GetHoldRounds() || created.GetRetried() {
		t.Fatalf("created %v", tournament)
	}
	requireLabels(t, "the tournament", tournament.GetLabels(), cup)
	if rounds := tournament.GetRounds(); len(rounds) != 1 || rounds[0].GetNumber() != 1 || len(rounds[0].GetBoards()) != 2 {
		t.Fatalf("the tournament was created without its first round: %s", boardsOf(tournament))
	}
	players := tokenClients(t, manager, created.GetPlayerTokens(), 4)

	// The stream, open from the start and read as the events come.
	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	next := readAsTheyCome(t, streamCtx, "the tournament stream", manager.TournamentEvents(streamCtx, id, 0))

	// Each round's games, resigned with the players' tokens until the tournament is over.
	resigned := map[string]bool{}
	met := map[[2]uint32]int{}
	wins := map[uint32]float64{}
	for {
		tournament := awaitTournament(t, ctx, manager, id, "moved on", func(tournament *tabulav1.Tournament) bool {
			if tournament.GetStatus() != tournamentInProgress {
				return true
			}
			for _, round := range tournament.GetRounds() {
				for _, board := range round.GetBoards() {
					if board.GetGameId() != "" && !resigned[board.GetGameId()] {
						return true
					}
				}
			}
			return false
		})
		if tournament.GetStatus() != tournamentInProgress {
			if tournament.GetStatus() != tournamentFinished {
				t.Fatalf("the tournament ended %s", tabula.EnumName(tournament.GetStatus()))
			}
			break
		}
		for _, round := range tournament.GetRounds() {
			for _, board := range round.GetBoards() {
				gameID := board.GetGameId()
				if gameID == "" || resigned[gameID] {
					continue
				}
				white, black := players[board.GetWhite()], players[board.GetBlack()]
				if white == nil || black == nil {
					t.Fatalf("round %d board %d pairs players %d and %d", round.GetNumber(), board.GetNumber(), board.GetWhite(), board.GetBlack())
				}
				// White's token is seat 1 of the board's game, Black's seat 2.
				for seat, player := range []*tabula.Client{white, black} {
					view, err := player.GetView(ctx, gameID)
					if err != nil {
						t.Fatal(err)
					}
					if view.GetViewerSeat() != uint32(seat+1) {
						t.Fatalf("round %d board %d: the token of player %d views game %s as seat %d, want %d",
							round.GetNumber(), board.GetNumber(), []uint32{board.GetWhite(), board.GetBlack()}[seat], gameID, view.GetViewerSeat(), seat+1)
					}
				}
				game, err := manager.GetGame(ctx, gameID)
				if err != nil {
					t.Fatal(err)
				}
				wantPlayers := fmt.Sprintf("%s:%s %s:%s", cupPlayers[board.GetWhite()-1].GetPlayerId(), cupPlayers[board.GetWhite()-1].GetDisplayName(),
					cupPlayers[board.GetBlack()-1].GetPlayerId(), cupPlayers[board.GetBlack()-1].GetDisplayName())
				if got := playerNames(game.GetPlayers()); got != wantPlayers {
					t.Fatalf("game %s seats %q, want %q", gameID, got, wantPlayers)
				}
				requireLabels(t, "a game of the tournament", game.GetLabels(), cup)
				resigner, winner := white, board.GetBlack()
				if !whiteResigns(round.GetNumber(), board.GetNumber()) {
					resigner, winner = black, board.GetWhite()
				}
				if _, err := resigner.Resign(ctx, gameID); err != nil {
					t.Fatalf("resigning game %s (round %d board %d): %v", gameID, round.GetNumber(), board.GetNumber(), err)
				}
				resigned[gameID] = true
				met[[2]uint32{min(board.GetWhite(), board.GetBlack()), max(board.GetWhite(), board.GetBlack())}]++
				wins[winner]++
			}
		}
	}

	final, err := manager.GetTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(final.GetRounds()) != 3 || len(resigned) != 6 {
		t.Fatalf("the finished tournament has %d rounds and %d games resigned: %s", len(final.GetRounds()), len(resigned), boardsOf(final))
	}
	for _, round := range final.GetRounds() {
		if !round.GetFinished() || len(round.GetBoards()) != 2 || round.GetPairTime() == nil {
			t.Fatalf("round %d of the finished tournament: %v", round.GetNumber(), round)
		}
		for _, board := range round.GetBoards() {
			want := tabulav1.BoardResult_BOARD_RESULT_WHITE_WINS
			if whiteResigns(round.GetNumber(), board.GetNumber()) {
				want = tabulav1.BoardResult_BOARD_RESULT_BLACK_WINS
			}
			if board.GetResult() != want {
				t.Fatalf("round %d board %d ended %s, want %s", round.GetNumber(), board.GetNumber(), tabula.EnumName(board.GetResult()), tabula.EnumName(want))
			}
		}
	}
	if len(met) != 6 {
		t.Fatalf("the pairs that met: %v; in a round robin of four every one of the 6 meets once", met)
	}
	standings := final.GetStandings()
	if len(standings) != 4 {
		t.Fatalf("standings %v", standings)
	}
	total := 0.0
	for i, standing := range standings {
		total += standing.GetPoints()
		if standing.GetPoints() != wins[standing.GetPlayer()] || standing.GetPlayerId() != cupPlayers[standing.GetPlayer()-1].GetPlayerId() {
			t.Fatalf("standing %d: %v; player %d won %v games", i+1, standing, standing.GetPlayer(), wins[standing.GetPlayer()])
		}
		if i > 0 && (standing.GetPoints() > standings[i-1].GetPoints() || standing.GetRank() < standings[i-1].GetRank()) {
			t.Fatalf("standings not best first: %v", standings)
		}
	}
	if total != float64(len(resigned)) {
		t.Fatalf("the standings' points add up to %v; %d games were played", total, len(resigned))
	}

	// Exported as FIDE's Tournament Report File, by anyone (the tournament is not private):
	// one player line a player, each with the points of the standings.
	trf, err := manager.As("").ExportTournamentTRF(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	requireTRF(t, trf, 4, standings)
	_, err = manager.ExportTournamentTRF(ctx, "no-such-tournament")
	requireError(t, err, codes.NotFound, "TOURNAMENT_NOT_FOUND")

	// The stream read live and the backlog read after the end: the same events, numbered
	// from 1, each round paired, its boards finished and the round finished, then the end.
	events := tournamentEventsOf(t, ctx, manager, id, 0)
	for i, want := range events {
		got, ok := next(tournamentWithin)
		if !ok {
			t.Fatalf("the live stream delivered %d events, the backlog %d", i, len(events))
		}
		if !proto.Equal(asPaired(got), asPaired(want)) {
			t.Fatalf("event %d live %v, from the backlog %v", i+1, got, want)
		}
	}
	if extra, ok := next(time.Second); ok {
		t.Fatalf("the live stream delivered one more: %v", extra)
	}
	var kinds []string
	for i, event := range events {
		if event.GetSeq() != uint64(i+1) || event.GetTournamentId() != id || event.GetTime() == nil {
			t.Fatalf("event %d: %v", i+1, event)
		}
		kind := tabula.TournamentEventKind(event)
		round := uint32(len(slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return k != "round_finished" })) + 1)
		switch kind {
		case "round_paired":
			paired := event.GetRoundPaired()
			if paired.GetNumber() != round || len(paired.GetBoards()) != 2 {
				t.Fatalf("event %d pairs %v, want round %d", i+1, paired, round)
			}
			for j, board := range paired.GetBoards() {
				played := final.GetRounds()[round-1].GetBoards()[j]
				if board.GetGameId() != played.GetGameId() || board.GetWhite() != played.GetWhite() || board.GetBlack() != played.GetBlack() {
					t.Fatalf("event %d pairs board %v; the tournament played %v", i+1, board, played)
				}
			}
		case "board_finished":
			if finished := event.GetBoardFinished(); finished.GetRound() != round || finished.GetBoard().GetResult() == tabulav1.BoardResult_BOARD_RESULT_UNSPECIFIED {
				t.Fatalf("event %d finishes %v in round %d", i+1, finished, round)
			}
		case "round_finished":
			if finished := event.GetRoundFinished(); finished.GetRound() != round || len(finished.GetStandings()) != 4 {
				t.Fatalf("event %d finishes %v, want round %d with the standings", i+1, finished, round)
			}
		case "tournament_ended":
			ended := event.GetTournamentEnded()
			if ended.GetStatus() != tournamentFinished || len(ended.GetStandings()) != len(standings) {
				t.Fatalf("the end %v", ended)
			}
			for j := range standings {
				if !proto.Equal(ended.GetStandings()[j], standings[j]) {
					t.Fatalf("the end's standing %d %v, the tournament's %v", j+1, ended.GetStandings()[j], standings[j])
				}
			}
		default:
			t.Fatalf("event %d is of kind %s", i+1, kind)
		}
		kinds = append(kinds, kind)
	}
	perRound := []string{"round_paired", "board_finished", "board_finished", "round_finished"}
	want := slices.Concat(perRound, perRound, perRound, []string{"tournament_ended"})
	if !slices.Equal(kinds, want) {
		t.Fatalf("the events' kinds %v, want %v", kinds, want)
	}

	// Resumed near the end: only the last event, then the stream closes.
	tail := tournamentEventsOf(t, ctx, manager, id, uint64(len(events)-1))
	if len(tail) != 1 || tail[0].GetSeq() != uint64(len(events)) || tabula.TournamentEventKind(tail[0]) != "tournament_ended" {
		t.Fatalf("after seq %d: %v", len(events)-1, tail)
	}

	// A retried creation answers with the same tournament and no tokens now that they were used.
	again, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", cupPlayers,
		tabula.Labels(cup), tabula.RequestID("cup-1"))
	if err != nil || !again.GetRetried() || again.GetTournament().GetTournamentId() != id || len(again.GetPlayerTokens()) != 0 {
		t.Fatalf("retried creation: %v, %v", again, err)
	}

	// Listed, newest first, by status and by label.
	running, err := manager.CreateTournamentFromConfig(ctx, ticTacToeConfig(), cupPlayers[:3],
		tabula.Format(tabulav1.TournamentFormat_TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN))
	if err != nil {
		t.Fatal(err)
	}
	runningID := running.GetTournament().GetTournamentId()
	// Three players, twice each: 3 rounds a cycle, each with a bye.
	if got := running.GetTournament(); got.GetRoundCount() != 6 || got.GetFormat() != tabulav1.TournamentFormat_TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN ||
		len(got.GetRounds()) != 1 || len(got.GetRounds()[0].GetBoards()) != 2 {
		t.Fatalf("a double round robin of three: %d rounds, %s", got.GetRoundCount(), boardsOf(got))
	}
	listed := func(opts ...tabula.ListTournamentsOption) string {
		t.Helper()
		page, err := manager.ListTournaments(ctx, opts...)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, tournament := range page.GetTournaments() {
			ids = append(ids, tournament.GetTournamentId())
		}
		return strings.Join(append(ids, "next:"+page.GetNextPageToken()), " ")
	}
	if got, want := listed(), runningID+" "+id+" next:"; got != want {
		t.Fatalf("every tournament %q, want %q", got, want)
	}
	if got, want := listed(tabula.InTournamentStatus(tournamentFinished)), id+" next:"; got != want {
		t.Fatalf("finished tournaments %q, want %q", got, want)
	}
	if got, want := listed(tabula.InTournamentStatus(tournamentInProgress)), runningID+" next:"; got != want {
		t.Fatalf("tournaments in progress %q, want %q", got, want)
	}
	if got, want := listed(tabula.Labels(cup)), id+" next:"; got != want {
		t.Fatalf("the spring cup's tournaments %q, want %q", got, want)
	}
	first := listed(tabula.PageSize(1))
	if !strings.HasPrefix(first, runningID+" next:") || strings.HasSuffix(first, "next:") {
		t.Fatalf("first page of one %q, want %s and a token", first, runningID)
	}
	if got, want := listed(tabula.PageSize(1), tabula.PageToken(strings.TrimPrefix(first, runningID+" next:"))), id+" next:"; got != want {
		t.Fatalf("second page %q, want %q", got, want)
	}
}

// playMatch plays a knockout's match out by having loser (a player's client) resign every
// game of its series, the newest each time, until the series is finished; it returns the
// finished series.
func playMatch(t *testing.T, ctx context.Context, manager, loser *tabula.Client, seriesID string) *tabulav1.Series {
	t.Helper()
	resigned := map[string]bool{}
	deadline := time.Now().Add(tournamentWithin)
	for {
		series, err := manager.GetSeries(ctx, seriesID)
		if err != nil {
			t.Fatal(err)
		}
		if series.GetStatus() == tabulav1.SeriesStatus_SERIES_STATUS_FINISHED {
			return series
		}
		games := series.GetGames()
		if len(games) == 0 {
			t.Fatalf("match %s: a series in progress without a game", seriesID)
		}
		last := games[len(games)-1].GetGameId()
		if !resigned[last] {
			if _, err := loser.Resign(ctx, last); err != nil {
				t.Fatalf("resigning game %s of match %s: %v", last, seriesID, err)
			}
			resigned[last] = true
			continue
		}
		if time.Now().After(deadline) {
			t.Fatalf("match %s: no next game, nor its end, within %s of game %s's: %v", seriesID, tournamentWithin, last, series)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// pairsOf is a round's boards as "white-black", in order.
func pairsOf(round *tabulav1.TournamentRound) []string {
	var pairs []string
	for _, board := range round.GetBoards() {
		pairs = append(pairs, fmt.Sprintf("%d-%d", board.GetWhite(), board.GetBlack()))
	}
	return pairs
}

func TestAKnockoutIsPlayedOutMatchByMatch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))

	created, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", cupPlayers,
		tabula.Format(knockout), tabula.MatchBestOf(3))
	if err != nil {
		t.Fatal(err)
	}
	tournament := created.GetTournament()
	id := tournament.GetTournamentId()
	if tournament.GetFormat() != knockout || tournament.GetBestOf() != 3 || tournament.GetRoundCount() != 2 ||
		len(tournament.GetTieBreaks()) != 0 || tournament.GetStatus() != tournamentInProgress {
		t.Fatalf("created %v", tournament)
	}
	// Seeded in the players' order, which the tournament shows.
	if seeds := tournament.GetSeeds(); !slices.Equal(seeds, []uint32{1, 2, 3, 4}) {
		t.Fatalf("seeds %v, want the players' order", seeds)
	}
	players := tokenClients(t, manager, created.GetPlayerTokens(), 4)

	// Round after round, each board's match: its Black resigns every game of the series.
	matches := map[string]*tabulav1.Series{}
	for number := uint32(1); number <= 2; number++ {
		tournament := awaitTournament(t, ctx, manager, id, fmt.Sprintf("made round %d's matches", number), func(tournament *tabulav1.Tournament) bool {
			if uint32(len(tournament.GetRounds())) < number {
				return false
			}
			for _, board := range tournament.GetRounds()[number-1].GetBoards() {
				if board.GetSeriesId() == "" {
					return false
				}
			}
			return true
		})
		for _, board := range tournament.GetRounds()[number-1].GetBoards() {
			white, black := players[board.GetWhite()], players[board.GetBlack()]
			if white == nil || black == nil || board.GetGameId() != "" {
				t.Fatalf("round %d board %d: %v", number, board.GetNumber(), board)
			}
			match, err := manager.GetSeries(ctx, board.GetSeriesId())
			if err != nil {
				t.Fatal(err)
			}
			// The match's player 1 is White, player 2 Black.
			wantPlayers := fmt.Sprintf("%s:%s %s:%s", cupPlayers[board.GetWhite()-1].GetPlayerId(), cupPlayers[board.GetWhite()-1].GetDisplayName(),
				cupPlayers[board.GetBlack()-1].GetPlayerId(), cupPlayers[board.GetBlack()-1].GetDisplayName())
			if got := playerNames(match.GetPlayers()); got != wantPlayers || match.GetBestOf() != 3 {
				t.Fatalf("round %d board %d's match: players %q, want %q; best of %d", number, board.GetNumber(), got, wantPlayers, match.GetBestOf())
			}
			matches[board.GetSeriesId()] = playMatch(t, ctx, manager, black, board.GetSeriesId())
		}
	}

	final := awaitTournament(t, ctx, manager, id, "finished", func(tournament *tabulav1.Tournament) bool {
		return tournament.GetStatus() != tournamentInProgress
	})
	if final.GetStatus() != tournamentFinished || len(final.GetRounds()) != 2 || len(matches) != 3 {
		t.Fatalf("the knockout ended %s after %d rounds and %d matches: %s", tabula.EnumName(final.GetStatus()),
			len(final.GetRounds()), len(matches), boardsOf(final))
	}
	// Seeds 1 and 4, 2 and 3 in the semi-finals; White, the better seed, won each match.
	semis := pairsOf(final.GetRounds()[0])
	slices.Sort(semis)
	if want := []string{"1-4", "2-3"}; !slices.Equal(semis, want) {
		t.Fatalf("the semi-finals %v, want %v", semis, want)
	}
	if got := pairsOf(final.GetRounds()[1]); !slices.Equal(got, []string{"1-2"}) {
		t.Fatalf("the final %v, want players 1 and 2", got)
	}
	for _, round := range final.GetRounds() {
		if !round.GetFinished() {
			t.Fatalf("round %d of the finished knockout is not finished", round.GetNumber())
		}
		for _, board := range round.GetBoards() {
			if board.GetResult() != tabulav1.BoardResult_BOARD_RESULT_WHITE_WINS {
				t.Fatalf("round %d board %d ended %s, want White's win", round.GetNumber(), board.GetNumber(), tabula.EnumName(board.GetResult()))
			}
			match := matches[board.GetSeriesId()]
			if len(match.GetGames()) != 2 || match.GetWinner() != 1 {
				t.Fatalf("round %d board %d's match: %d games, winner %d; want 2 games, won by player 1 (White)",
					round.GetNumber(), board.GetNumber(), len(match.GetGames()), match.GetWinner())
			}
		}
	}
	standings := final.GetStandings()
	if len(standings) != 4 || standings[0].GetPlayer() != 1 || standings[0].GetRank() != 1 ||
		standings[1].GetPlayer() != 2 || standings[1].GetRank() != 2 || len(standings[0].GetTieBreaks()) != 0 {
		t.Fatalf("the knockout's standings %v, want player 1 first and player 2 second", standings)
	}
	if standings[2].GetRank() != standings[3].GetRank() || standings[2].GetRank() <= 2 {
		t.Fatalf("the semi-finals' losers ranked %d and %d, want one shared rank after 2", standings[2].GetRank(), standings[3].GetRank())
	}

	// Seeded by rating: after Dee beat Ann in a rated game, Dee is the first seed, Bob and Cy
	// (never rated, as new) keep their order, and Ann is last.
	game, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(tabula.Player(cupPlayers[0].GetPlayerId(), "Ann"), tabula.Player(cupPlayers[3].GetPlayerId(), "Dee")),
		tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := manager.As(game.GetSeatTokens()[0].GetToken()).Resign(ctx, game.GetGame().GetGameId()); err != nil {
		t.Fatal(err)
	}
	awaitRated(t, ctx, manager, game.GetGame().GetGameId())
	seeded, err := manager.CreateTournamentFromConfig(ctx, ticTacToeConfig(), cupPlayers,
		tabula.Format(knockout), tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND), tabula.SeedByRating())
	if err != nil {
		t.Fatal(err)
	}
	if got := seeded.GetTournament(); !slices.Equal(got.GetSeeds(), []uint32{4, 2, 3, 1}) || got.GetBestOf() != 1 {
		t.Fatalf("seeded by rating: seeds %v, best of %d; want 4 2 3 1, best of 1", got.GetSeeds(), got.GetBestOf())
	}
	// A Swiss numbered by rating: its players in that order, Dee number 1, her token too.
	numbered, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", cupPlayers,
		tabula.Format(swiss), tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND), tabula.SeedByRating(), tabula.HoldRounds())
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, player := range numbered.GetTournament().GetPlayers() {
		order = append(order, player.GetPlayerId())
	}
	if want := []string{"cup-dee", "cup-bob", "cup-cy", "cup-ann"}; !slices.Equal(order, want) || numbered.GetTournament().GetFormat() != swiss {
		t.Fatalf("a Swiss numbered by rating: players %v, format %s; want %v", order, tabula.EnumName(numbered.GetTournament().GetFormat()), want)
	}
	dee := tokenClients(t, manager, numbered.GetPlayerTokens(), 4)[1]
	if tournament, err := dee.GetTournament(ctx, numbered.GetTournament().GetTournamentId()); err != nil || len(tournament.GetRounds()) != 0 {
		t.Fatalf("player 1 reading the held Swiss: %v, %v", tournament, err)
	}
}

// swissEngines are players engines of level 1 (a random legal move) who think for at most
// 10 ms, each of its own id.
func swissEngines(players int) []*tabulav1.TournamentPlayer {
	engines := make([]*tabulav1.TournamentPlayer, players)
	for i := range engines {
		engines[i] = tabula.Engine(1)
		engines[i].PlayerId = fmt.Sprintf("swiss-engine-%d", i+1)
		engines[i].EngineMoveTime = durationpb.New(10 * time.Millisecond)
	}
	return engines
}

func TestASwissIsPlayedOutWithoutRematches(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	engines := swissEngines(6)

	created, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", engines,
		tabula.Format(swiss), tabula.SwissRounds(3))
	if err != nil {
		t.Fatal(err)
	}
	tournament := created.GetTournament()
	id := tournament.GetTournamentId()
	swissTieBreaks := []tabulav1.TieBreak{tabulav1.TieBreak_TIE_BREAK_BUCHHOLZ_CUT_1, tabulav1.TieBreak_TIE_BREAK_BUCHHOLZ,
		tabulav1.TieBreak_TIE_BREAK_DIRECT_ENCOUNTER, tabulav1.TieBreak_TIE_BREAK_WINS}
	if tournament.GetFormat() != swiss || tournament.GetRoundCount() != 3 || tournament.GetAccelerated() ||
		!slices.Equal(tournament.GetTieBreaks(), swissTieBreaks) || len(created.GetPlayerTokens()) != 0 {
		t.Fatalf("created %v with tokens %v", tournament, created.GetPlayerTokens())
	}

	// The engines play it out: its stream ends with the end, three rounds paired before it.
	var paired int
	var ended *tabulav1.TournamentEnded
	for _, event := range tournamentEventsOf(t, ctx, manager, id, 0) {
		switch tabula.TournamentEventKind(event) {
		case "round_paired":
			paired++
		case "tournament_ended":
			ended = event.GetTournamentEnded()
		}
	}
	if paired != 3 || ended.GetStatus() != tournamentFinished {
		t.Fatalf("the Swiss's stream paired %d rounds and ended %v, want 3 rounds, finished", paired, ended)
	}

	final, err := manager.GetTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if final.GetStatus() != tournamentFinished || final.GetFormat() != swiss || final.GetRoundCount() != 3 || len(final.GetRounds()) != 3 {
		t.Fatalf("the Swiss ended %s, format %s, %d rounds of %d: %s", tabula.EnumName(final.GetStatus()),
			tabula.EnumName(final.GetFormat()), len(final.GetRounds()), final.GetRoundCount(), boardsOf(final))
	}
	// Each player once a round (six players: three boards, no bye), no two players twice.
	met := map[[2]uint32]uint32{}
	for _, round := range final.GetRounds() {
		seen := map[uint32]bool{}
		if !round.GetFinished() || len(round.GetBoards()) != 3 {
			t.Fatalf("round %d: finished %t, %d boards: %s", round.GetNumber(), round.GetFinished(), len(round.GetBoards()), boardsOf(final))
		}
		for _, board := range round.GetBoards() {
			white, black := board.GetWhite(), board.GetBlack()
			for _, player := range []uint32{white, black} {
				if player < 1 || player > 6 || seen[player] {
					t.Fatalf("round %d: player %d out of range or paired twice: %s", round.GetNumber(), player, boardsOf(final))
				}
				seen[player] = true
			}
			if board.GetGameId() == "" || board.GetResult() == tabulav1.BoardResult_BOARD_RESULT_UNSPECIFIED {
				t.Fatalf("round %d board %d: %v", round.GetNumber(), board.GetNumber(), board)
			}
			pair := [2]uint32{min(white, black), max(white, black)}
			if earlier, twice := met[pair]; twice {
				t.Fatalf("players %d and %d met in rounds %d and %d: %s", pair[0], pair[1], earlier, round.GetNumber(), boardsOf(final))
			}
			met[pair] = round.GetNumber()
		}
		if len(seen) != 6 {
			t.Fatalf("round %d paired %d players, want 6: %s", round.GetNumber(), len(seen), boardsOf(final))
		}
	}
	// Nine games, a point each: the standings share nine points among the six.
	var points float64
	for _, standing := range final.GetStandings() {
		points += standing.GetPoints()
	}
	if len(final.GetStandings()) != 6 || points != 9 {
		t.Fatalf("the standings %v share %v points, want 6 players and 9 points", final.GetStandings(), points)
	}

	// As many rounds as players would need a rematch.
	_, err = manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", engines,
		tabula.Format(swiss), tabula.SwissRounds(6))
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	if fields := violatedFields(t, err); !slices.Equal(fields, []string{"rounds"}) {
		t.Fatalf("six rounds of six players: the violations name %v, want rounds", fields)
	}

	// Accelerated, its rounds derived (⌈log₂ 6⌉ = 3), held so that nothing is played.
	accelerated, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", engines,
		tabula.Format(swiss), tabula.Accelerated(), tabula.HoldRounds())
	if err != nil {
		t.Fatal(err)
	}
	if got := accelerated.GetTournament(); !got.GetAccelerated() || got.GetRoundCount() != 3 || got.GetFormat() != swiss {
		t.Fatalf("an accelerated Swiss was created %v", got)
	}
	if got, err := manager.GetTournament(ctx, accelerated.GetTournament().GetTournamentId()); err != nil || !got.GetAccelerated() {
		t.Fatalf("the accelerated Swiss read back: %v, %v", got, err)
	}
}

// sortedBoards is a round's boards as "white-black=result", sorted: a Swiss continued from
// a TRF reads the file's boards player by player, so it numbers them its own way.
func sortedBoards(round *tabulav1.TournamentRound) []string {
	var boards []string
	for _, board := range round.GetBoards() {
		boards = append(boards, fmt.Sprintf("%d-%d=%s", board.GetWhite(), board.GetBlack(), tabula.EnumName(board.GetResult())))
	}
	slices.Sort(boards)
	return boards
}

func TestASwissContinuesFromItsTRF(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	engines := swissEngines(6)

	// Two rounds played out here, then exported as the TRF another program would write.
	first, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", engines,
		tabula.Format(swiss), tabula.SwissRounds(2))
	if err != nil {
		t.Fatal(err)
	}
	firstID := first.GetTournament().GetTournamentId()
	tournamentEventsOf(t, ctx, manager, firstID, 0) // to its end
	exported, err := manager.GetTournament(ctx, firstID)
	if err != nil {
		t.Fatal(err)
	}
	if exported.GetStatus() != tournamentFinished || len(exported.GetRounds()) != 2 {
		t.Fatalf("the Swiss to export ended %s with %d rounds: %s", tabula.EnumName(exported.GetStatus()), len(exported.GetRounds()), boardsOf(exported))
	}
	trf, err := manager.ExportTournamentTRF(ctx, firstID)
	if err != nil {
		t.Fatal(err)
	}

	// Continued over four rounds by the same players in the same order: the file's two rounds
	// come first, ended and without games, and round 3 is paired at once, without a rematch.
	continued, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", engines,
		tabula.Format(swiss), tabula.SwissRounds(4), tabula.ContinueFromTRF(trf))
	if err != nil {
		t.Fatalf("continuing from the TRF:\n%s\n%v", trf, err)
	}
	tournament := continued.GetTournament()
	id := tournament.GetTournamentId()
	rounds := tournament.GetRounds()
	if tournament.GetFormat() != swiss || tournament.GetRoundCount() != 4 || len(rounds) != 3 {
		t.Fatalf("the continued Swiss: format %s, %d rounds of %d: %s", tabula.EnumName(tournament.GetFormat()),
			len(rounds), tournament.GetRoundCount(), boardsOf(tournament))
	}
	met := map[[2]uint32]bool{}
	for i, round := range rounds[:2] {
		want := exported.GetRounds()[i]
		if round.GetNumber() != want.GetNumber() || !round.GetFinished() || !slices.Equal(sortedBoards(round), sortedBoards(want)) {
			t.Fatalf("round %d continued as %v (finished %t), played as %v", i+1, sortedBoards(round), round.GetFinished(), sortedBoards(want))
		}
		for _, board := range round.GetBoards() {
			if board.GetGameId() != "" {
				t.Fatalf("round %d of the file has a game: %v", i+1, board)
			}
			met[[2]uint32{min(board.GetWhite(), board.GetBlack()), max(board.GetWhite(), board.GetBlack())}] = true
		}
	}
	third := rounds[2]
	seen := map[uint32]bool{}
	for _, board := range third.GetBoards() {
		white, black := board.GetWhite(), board.GetBlack()
		if board.GetGameId() == "" || seen[white] || seen[black] || white == black || white < 1 || black < 1 || white > 6 || black > 6 {
			t.Fatalf("round 3 is paired %s", boardsOf(tournament))
		}
		seen[white], seen[black] = true, true
		if met[[2]uint32{min(white, black), max(white, black)}] {
			t.Fatalf("round 3 pairs %d and %d again: %s", white, black, boardsOf(tournament))
		}
	}
	if third.GetNumber() != 3 || len(seen) != 6 {
		t.Fatalf("round 3 is paired %s", boardsOf(tournament))
	}

	// Its stream tells the file's rounds as played (each paired, its boards finished, the
	// round finished), then round 3 paired.
	var kinds []string
	for event, err := range manager.TournamentEvents(ctx, id, 0) {
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, tabula.TournamentEventKind(event))
		if event.GetRoundPaired().GetNumber() == 3 {
			break
		}
	}
	played := []string{"round_paired", "board_finished", "board_finished", "board_finished", "round_finished"}
	if want := slices.Concat(played, played, []string{"round_paired"}); !slices.Equal(kinds, want) {
		t.Fatalf("the continued Swiss's stream %v, want %v", kinds, want)
	}

	// A file of six players for four, or for a round robin, is refused on the field trf.
	for _, refused := range [][]tabula.CreateTournamentOption{
		{tabula.Format(swiss), tabula.SwissRounds(3), tabula.ContinueFromTRF(trf)},
		{tabula.ContinueFromTRF(trf)},
	} {
		_, err = manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", swissEngines(4), refused...)
		requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
		if fields := violatedFields(t, err); !slices.Contains(fields, "trf") {
			t.Fatalf("a TRF of six players for four: the violations name %v, not trf", fields)
		}
	}
}

// swissPeople are five people of a Swiss, in pairing order; swissLatecomer joins it late.
var (
	swissPeople = []*tabulav1.TournamentPlayer{
		tabula.Person("late-ann", "Ann"), tabula.Person("late-bob", "Bob"), tabula.Person("late-cy", "Cy"),
		tabula.Person("late-dee", "Dee"), tabula.Person("late-eve", "Eve"),
	}
	swissLatecomer = tabula.Person("late-fay", "Fay")
)

func TestASwissTakesALateEntry(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))

	created, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", swissPeople,
		tabula.Format(swiss), tabula.SwissRounds(3))
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetTournament().GetTournamentId()
	if rounds := created.GetTournament().GetRounds(); len(rounds) != 1 || rounds[0].GetNumber() != 1 {
		t.Fatalf("the Swiss was created without its first round: %s", boardsOf(created.GetTournament()))
	}
	players := tokenClients(t, manager, created.GetPlayerTokens(), 5)

	// Round 1 paired: a sixth person joins, numbered 6, with its token.
	added, err := manager.AddTournamentPlayer(ctx, id, swissLatecomer)
	if err != nil {
		t.Fatal(err)
	}
	token, joined := added.GetPlayerToken(), added.GetTournament()
	if token.GetPlayer() != 6 || token.GetToken() == "" {
		t.Fatalf("the late entry's token %v, want player 6's", token)
	}
	if len(joined.GetPlayers()) != 6 || joined.GetPlayers()[5].GetPlayerId() != "late-fay" || len(joined.GetRounds()) != 1 {
		t.Fatalf("after the late entry: players %v, %s", joined.GetPlayers(), boardsOf(joined))
	}
	players[6] = manager.As(token.GetToken())

	// The same id again, and a round robin, whose schedule is fixed at its creation: refused,
	// each a violation of the field player.
	_, err = manager.AddTournamentPlayer(ctx, id, tabula.Person("late-fay", "Fay again"))
	if fields := violatedFields(t, err); !slices.Equal(fields, []string{"player"}) {
		t.Fatalf("a second late-fay: the violations name %v, want player", fields)
	}
	roundRobin, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", cupPlayers,
		tabula.HoldRounds())
	if err != nil {
		t.Fatal(err)
	}
	_, err = manager.AddTournamentPlayer(ctx, roundRobin.GetTournament().GetTournamentId(), swissLatecomer)
	if fields := violatedFields(t, err); !slices.Equal(fields, []string{"player"}) {
		t.Fatalf("a late entry in a round robin: the violations name %v, want player", fields)
	}

	// Played out: each round's games resigned with the players' tokens, the late entry's too.
	resigned := map[string]bool{}
	for {
		tournament := awaitTournament(t, ctx, manager, id, "moved on", func(tournament *tabulav1.Tournament) bool {
			if tournament.GetStatus() != tournamentInProgress {
				return true
			}
			for _, round := range tournament.GetRounds() {
				for _, board := range round.GetBoards() {
					if board.GetGameId() != "" && !resigned[board.GetGameId()] {
						return true
					}
				}
			}
			return false
		})
		if tournament.GetStatus() != tournamentInProgress {
			break
		}
		for _, round := range tournament.GetRounds() {
			for _, board := range round.GetBoards() {
				gameID := board.GetGameId()
				if gameID == "" || resigned[gameID] {
					continue
				}
				resigner := players[board.GetBlack()]
				if whiteResigns(round.GetNumber(), board.GetNumber()) {
					resigner = players[board.GetWhite()]
				}
				if resigner == nil {
					t.Fatalf("round %d board %d pairs players %d and %d", round.GetNumber(), board.GetNumber(), board.GetWhite(), board.GetBlack())
				}
				if _, err := resigner.Resign(ctx, gameID); err != nil {
					t.Fatalf("resigning game %s (round %d board %d): %v", gameID, round.GetNumber(), board.GetNumber(), err)
				}
				resigned[gameID] = true
			}
		}
	}

	final, err := manager.GetTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if final.GetStatus() != tournamentFinished || len(final.GetRounds()) != 3 || len(final.GetPlayers()) != 6 || len(final.GetStandings()) != 6 {
		t.Fatalf("the Swiss ended %s with %d players, %d standings: %s", tabula.EnumName(final.GetStatus()),
			len(final.GetPlayers()), len(final.GetStandings()), boardsOf(final))
	}
	// The late entry sits out round 1 and plays rounds 2 and 3, in which all six play.
	for _, round := range final.GetRounds() {
		seen := map[uint32]bool{}
		for _, board := range round.GetBoards() {
			seen[board.GetWhite()], seen[board.GetBlack()] = true, true
		}
		delete(seen, 0) // a bye's Black
		if round.GetNumber() == 1 && (seen[6] || len(seen) != 5) || round.GetNumber() > 1 && len(seen) != 6 {
			t.Fatalf("round %d pairs players %v: %s", round.GetNumber(), slices.Sorted(maps.Keys(seen)), boardsOf(final))
		}
	}

	// Its events: the late entry between round 1's pairing and round 2's.
	var kinds []string
	for _, event := range tournamentEventsOf(t, ctx, manager, id, 0) {
		kind := tabula.TournamentEventKind(event)
		if kind == "player_joined" {
			if joined := event.GetPlayerJoined(); joined.GetPlayer() != 6 || joined.GetFirstRound() != 2 {
				t.Fatalf("the late entry's event %v, want player 6 from round 2", joined)
			}
		}
		if kind == "round_paired" || kind == "player_joined" {
			kinds = append(kinds, kind)
		}
	}
	if want := []string{"round_paired", "player_joined", "round_paired", "round_paired"}; !slices.Equal(kinds, want) {
		t.Fatalf("the Swiss's pairings and entries %v, want %v", kinds, want)
	}

	// Over: no more entries.
	_, err = manager.AddTournamentPlayer(ctx, id, tabula.Person("late-gus", "Gus"))
	requireError(t, err, codes.FailedPrecondition, "TOURNAMENT_OVER")
}

func TestAHeldTournamentWaitsForItsOrganiser(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	players := []*tabulav1.TournamentPlayer{cupPlayers[0], cupPlayers[1], cupPlayers[2], tabula.Engine(1)}

	created, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", players,
		tabula.HoldRounds(), tabula.Private(), tabula.TieBreaks(tabulav1.TieBreak_TIE_BREAK_BUCHHOLZ, tabulav1.TieBreak_TIE_BREAK_WINS),
		tabula.Scoring(3, 1, 0, 3))
	if err != nil {
		t.Fatal(err)
	}
	held := created.GetTournament()
	id := held.GetTournamentId()
	if !held.GetHoldRounds() || !held.GetPrivate() || held.GetReleasedRounds() != 0 || len(held.GetRounds()) != 0 ||
		held.GetStatus() != tournamentInProgress || held.GetRoundCount() != 3 {
		t.Fatalf("a held tournament was created %v", held)
	}
	if !slices.Equal(held.GetTieBreaks(), []tabulav1.TieBreak{tabulav1.TieBreak_TIE_BREAK_BUCHHOLZ, tabulav1.TieBreak_TIE_BREAK_WINS}) ||
		!proto.Equal(held.GetScoring(), &tabulav1.TournamentScoring{Win: 3, Draw: 1, Loss: 0, Bye: 3}) {
		t.Fatalf("tie-breaks %v, scoring %v", held.GetTieBreaks(), held.GetScoring())
	}
	if engine := held.GetPlayers()[3]; engine.GetEngineLevel() != 1 || engine.GetPlayerId() != "engine-level-1" {
		t.Fatalf("the engine player %v", engine)
	}
	// Three people, three tokens: none for the engine.
	tokens := tokenClients(t, manager, created.GetPlayerTokens(), 3)

	// Private: a spectator may not read it, a player's token may.
	_, err = manager.As("").GetTournament(ctx, id)
	requireError(t, err, codes.PermissionDenied, "PRIVATE_TOURNAMENT")
	if _, err := tokens[1].GetTournament(ctx, id); err != nil {
		t.Fatalf("a player reading its private tournament: %v", err)
	}

	// No round until the organiser says go; then round 1, and only the next round may be let go.
	time.Sleep(200 * time.Millisecond)
	if still, err := manager.GetTournament(ctx, id); err != nil || len(still.GetRounds()) != 0 {
		t.Fatalf("a held tournament made a round unasked: %v, %v", still, err)
	}
	_, err = manager.StartTournamentRound(ctx, id, 2)
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = tokens[1].StartTournamentRound(ctx, id, 1)
	requireError(t, err, codes.PermissionDenied, "SERVICE_KEY_REQUIRED")
	started, err := manager.StartTournamentRound(ctx, id, 1)
	if err != nil {
		t.Fatal(err)
	}
	if started.GetReleasedRounds() != 1 {
		t.Fatalf("after StartTournamentRound(1): %d rounds released", started.GetReleasedRounds())
	}
	started = awaitTournament(t, ctx, manager, id, "paired round 1", func(tournament *tabulav1.Tournament) bool {
		return len(tournament.GetRounds()) == 1
	})
	if boards := started.GetRounds()[0].GetBoards(); len(boards) != 2 || boards[0].GetGameId() == "" || boards[1].GetGameId() == "" {
		t.Fatalf("round 1: %s", boardsOf(started))
	}
	_, err = manager.StartTournamentRound(ctx, id, 1)
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")

	// A withdrawal, once.
	withdrawn, err := manager.WithdrawTournamentPlayer(ctx, id, 2)
	if err != nil {
		t.Fatal(err)
	}
	if after := withdrawn.GetPlayers()[1].GetWithdrawnAfterRound(); after != 1 {
		t.Fatalf("player 2 withdrew after round %d, want 1", after)
	}
	_, err = manager.WithdrawTournamentPlayer(ctx, id, 2)
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.WithdrawTournamentPlayer(ctx, id, 5)
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")

	// Cancelled: over for good.
	cancelled, err := manager.CancelTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if cancelled.GetStatus() != tournamentCancelled {
		t.Fatalf("cancelled: %s", tabula.EnumName(cancelled.GetStatus()))
	}
	_, err = manager.CancelTournament(ctx, id)
	requireError(t, err, codes.FailedPrecondition, "TOURNAMENT_OVER")
	_, err = manager.StartTournamentRound(ctx, id, 2)
	requireError(t, err, codes.FailedPrecondition, "TOURNAMENT_OVER")
	_, err = manager.WithdrawTournamentPlayer(ctx, id, 1)
	requireError(t, err, codes.FailedPrecondition, "TOURNAMENT_OVER")

	// Its stream, read by a player: the round paired, the withdrawal, the end; then it closes.
	var kinds []string
	var ended *tabulav1.TournamentEnded
	for i, event := range tournamentEventsOf(t, ctx, tokens[3], id, 0) {
		if event.GetSeq() != uint64(i+1) {
			t.Fatalf("event %d has seq %d", i+1, event.GetSeq())
		}
		kind := tabula.TournamentEventKind(event)
		switch kind {
		case "player_withdrew":
			if withdrew := event.GetPlayerWithdrew(); withdrew.GetPlayer() != 2 || withdrew.GetAfterRound() != 1 {
				t.Fatalf("the withdrawal %v", withdrew)
			}
		case "tournament_ended":
			ended = event.GetTournamentEnded()
		}
		if kind != "board_finished" { // the engine's game may end by now
			kinds = append(kinds, kind)
		}
	}
	if want := []string{"round_paired", "player_withdrew", "tournament_ended"}; !slices.Equal(kinds, want) || ended.GetStatus() != tournamentCancelled {
		t.Fatalf("the held tournament's events %v (ended %v), want %v", kinds, ended, want)
	}

	// Unknown ids.
	_, err = manager.GetTournament(ctx, "no-such-tournament")
	if e := requireError(t, err, codes.NotFound, "TOURNAMENT_NOT_FOUND"); e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_TOURNAMENT_NOT_FOUND {
		t.Fatalf("ReasonCode %v", e.ReasonCode())
	}
	var streamErr error
	for _, err := range manager.TournamentEvents(ctx, "no-such-tournament", 0) {
		streamErr = err
	}
	requireError(t, streamErr, codes.NotFound, "TOURNAMENT_NOT_FOUND")
	_, err = manager.CancelTournament(ctx, "no-such-tournament")
	requireError(t, err, codes.NotFound, "TOURNAMENT_NOT_FOUND")
}

func TestARefusedTournamentNamesItsProblems(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	classic := func(players []*tabulav1.TournamentPlayer, opts ...tabula.CreateTournamentOption) error {
		_, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", players, opts...)
		return err
	}

	requireError(t, classic(cupPlayers[:1]), codes.InvalidArgument, "INVALID_REQUEST")
	if fields := violatedFields(t, classic(cupPlayers[:1])); !slices.Contains(fields, "players") {
		t.Fatalf("one player: the violations name %v", fields)
	}
	// Two players of one id, a person without one, an engine level tic-tac-toe lacks.
	fields := violatedFields(t, classic([]*tabulav1.TournamentPlayer{cupPlayers[0], cupPlayers[0], tabula.Person("", "Nobody"), tabula.Engine(99)}))
	for _, want := range []string{"players[1].player_id", "players[2].player_id", "players[3].engine_level"} {
		if !slices.Contains(fields, want) {
			t.Fatalf("the violations name %v, not %s", fields, want)
		}
	}
	requireError(t, classic(cupPlayers, tabula.Scoring(0, 0, 1, 0)), codes.InvalidArgument, "INVALID_REQUEST")
	requireError(t, classic(cupPlayers, tabula.Format(tabulav1.TournamentFormat_TOURNAMENT_FORMAT_UNSPECIFIED)), codes.InvalidArgument, "INVALID_REQUEST")
	// A knockout's matches of an even number of games, its tie-breaks, a best-of for a round
	// robin, a seeding by rating without a pool; a Swiss of as many rounds as players, a
	// Swiss's rounds or acceleration for another format.
	for _, refused := range []struct {
		opts  []tabula.CreateTournamentOption
		field string
	}{
		{[]tabula.CreateTournamentOption{tabula.Format(knockout), tabula.MatchBestOf(2)}, "best_of"},
		{[]tabula.CreateTournamentOption{tabula.Format(knockout), tabula.MatchBestOf(101)}, "best_of"},
		{[]tabula.CreateTournamentOption{tabula.Format(knockout), tabula.TieBreaks(tabulav1.TieBreak_TIE_BREAK_WINS)}, "tie_breaks"},
		{[]tabula.CreateTournamentOption{tabula.MatchBestOf(3)}, "best_of"},
		{[]tabula.CreateTournamentOption{tabula.Format(knockout), tabula.SeedByRating()}, "seed_by_rating"},
		{[]tabula.CreateTournamentOption{tabula.Format(swiss), tabula.SeedByRating()}, "seed_by_rating"},
		{[]tabula.CreateTournamentOption{tabula.Format(swiss), tabula.SwissRounds(4)}, "rounds"},
		{[]tabula.CreateTournamentOption{tabula.SwissRounds(2)}, "rounds"},
		{[]tabula.CreateTournamentOption{tabula.Format(knockout), tabula.Accelerated()}, "accelerated"},
	} {
		err := classic(cupPlayers, refused.opts...)
		requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
		if fields := violatedFields(t, err); !slices.Contains(fields, refused.field) {
			t.Fatalf("the violations name %v, not %s", fields, refused.field)
		}
	}
	_, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_PEG_SOLITAIRE, "triangle15", cupPlayers)
	requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	_, err = manager.CreateTournamentFromSavedConfig(ctx, "no-such-config", cupPlayers)
	requireError(t, err, codes.NotFound, "SAVED_CONFIG_NOT_FOUND")
	// Without the service key.
	_, err = manager.As("").CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", cupPlayers)
	requireError(t, err, codes.Unauthenticated, "CREDENTIAL_REQUIRED")
	_, err = manager.As("").ListTournaments(ctx)
	requireError(t, err, codes.Unauthenticated, "CREDENTIAL_REQUIRED")
	page, err := manager.ListTournaments(ctx)
	if err != nil || len(page.GetTournaments()) != 0 {
		t.Fatalf("refused creations made tournaments: %v, %v", page, err)
	}
}

// tournamentService records the tournament requests that reach it, and streams a
// tournament's events of seqs.
type tournamentService struct {
	tabulav1.UnimplementedGameServiceServer
	seqs []uint64

	mu       sync.Mutex
	requests []proto.Message
}

func (s *tournamentService) record(request proto.Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, request)
}

func (s *tournamentService) seen() []proto.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]proto.Message(nil), s.requests...)
}

func (s *tournamentService) CreateTournament(_ context.Context, request *tabulav1.CreateTournamentRequest) (*tabulav1.CreateTournamentResponse, error) {
	s.record(request)
	return &tabulav1.CreateTournamentResponse{Tournament: &tabulav1.Tournament{TournamentId: "t"}}, nil
}

func (s *tournamentService) GetTournament(_ context.Context, request *tabulav1.GetTournamentRequest) (*tabulav1.GetTournamentResponse, error) {
	s.record(request)
	return &tabulav1.GetTournamentResponse{Tournament: &tabulav1.Tournament{TournamentId: request.GetTournamentId()}}, nil
}

func (s *tournamentService) ListTournaments(_ context.Context, request *tabulav1.ListTournamentsRequest) (*tabulav1.ListTournamentsResponse, error) {
	s.record(request)
	return &tabulav1.ListTournamentsResponse{NextPageToken: "next"}, nil
}

func (s *tournamentService) StartTournamentRound(_ context.Context, request *tabulav1.StartTournamentRoundRequest) (*tabulav1.StartTournamentRoundResponse, error) {
	s.record(request)
	return &tabulav1.StartTournamentRoundResponse{Tournament: &tabulav1.Tournament{TournamentId: request.GetTournamentId(), ReleasedRounds: request.GetRound()}}, nil
}

func (s *tournamentService) WithdrawTournamentPlayer(_ context.Context, request *tabulav1.WithdrawTournamentPlayerRequest) (*tabulav1.WithdrawTournamentPlayerResponse, error) {
	s.record(request)
	return &tabulav1.WithdrawTournamentPlayerResponse{Tournament: &tabulav1.Tournament{TournamentId: request.GetTournamentId()}}, nil
}

func (s *tournamentService) AddTournamentPlayer(_ context.Context, request *tabulav1.AddTournamentPlayerRequest) (*tabulav1.AddTournamentPlayerResponse, error) {
	s.record(request)
	return &tabulav1.AddTournamentPlayerResponse{
		Tournament:  &tabulav1.Tournament{TournamentId: request.GetTournamentId()},
		PlayerToken: &tabulav1.TournamentPlayerToken{Player: 3, Token: "late"},
	}, nil
}

func (s *tournamentService) CancelTournament(_ context.Context, request *tabulav1.CancelTournamentRequest) (*tabulav1.CancelTournamentResponse, error) {
	s.record(request)
	return &tabulav1.CancelTournamentResponse{Tournament: &tabulav1.Tournament{TournamentId: request.GetTournamentId(), Status: tournamentCancelled}}, nil
}

func (s *tournamentService) ExportTournamentTrf(_ context.Context, request *tabulav1.ExportTournamentTrfRequest) (*tabulav1.ExportTournamentTrfResponse, error) {
	s.record(request)
	return &tabulav1.ExportTournamentTrfResponse{Trf: "012 " + request.GetTournamentId() + "\n"}, nil
}

// StreamTournamentEvents sends the events of seqs after after_seq: round_paired, or of no
// kind this client knows at seq 3.
func (s *tournamentService) StreamTournamentEvents(request *tabulav1.StreamTournamentEventsRequest, stream grpc.ServerStreamingServer[tabulav1.StreamTournamentEventsResponse]) error {
	s.record(request)
	for _, seq := range s.seqs {
		if seq <= request.GetAfterSeq() {
			continue
		}
		event := &tabulav1.TournamentEvent{TournamentId: request.GetTournamentId(), Seq: seq}
		if seq != 3 {
			event.Kind = &tabulav1.TournamentEvent_RoundPaired{RoundPaired: &tabulav1.TournamentRound{Number: uint32(seq)}}
		}
		if err := stream.Send(&tabulav1.StreamTournamentEventsResponse{Event: event}); err != nil {
			return err
		}
	}
	return nil
}

func TestTheTournamentCallsSendTheirRequests(t *testing.T) {
	s := &tournamentService{}
	client := startFake(t, s)
	ctx := testContext(t)
	config := ticTacToeConfig()
	engine := tabula.Engine(2)
	players := []*tabulav1.TournamentPlayer{tabula.Person("p1", "Ann"), engine}
	labels := map[string]string{"cup": "spring"}
	const trfFile = "012 Spring Swiss\n001    1      Ann\n001    2      Engine\n"
	calls := []func() error{
		func() error {
			_, err := client.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", players,
				tabula.Format(tabulav1.TournamentFormat_TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN), tabula.Scoring(3, 1, 0, 3),
				tabula.TieBreaks(tabulav1.TieBreak_TIE_BREAK_BUCHHOLZ), tabula.TieBreaks(tabulav1.TieBreak_TIE_BREAK_WINS),
				tabula.HoldRounds(), tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_PRESET), tabula.Private(),
				tabula.AllowHints(false), tabula.Labels(labels), tabula.RequestID("t1"))
			return err
		},
		func() error {
			_, err := client.CreateTournamentFromConfig(ctx, config, players,
				tabula.Clock(tabula.PerMove(time.Minute)), tabula.Starter(tabulav1.Starter_STARTER_SECOND_SEAT))
			return err
		},
		func() error {
			_, err := client.CreateTournamentFromSavedConfig(ctx, "big-board", players,
				tabula.Format(tabulav1.TournamentFormat_TOURNAMENT_FORMAT_KNOCKOUT), tabula.MatchBestOf(5),
				tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND), tabula.SeedByRating())
			return err
		},
		func() error {
			_, err := client.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CHESS, "blitz_3_2", players,
				tabula.Format(swiss), tabula.SwissRounds(5), tabula.Accelerated(),
				tabula.RatingPool(tabulav1.RatingPool_RATING_POOL_KIND), tabula.SeedByRating(), tabula.ContinueFromTRF(trfFile))
			return err
		},
		func() error {
			tournament, err := client.GetTournament(ctx, "t7")
			if err == nil && tournament.GetTournamentId() != "t7" {
				err = fmt.Errorf("GetTournament answered %v", tournament)
			}
			return err
		},
		func() error {
			page, err := client.ListTournaments(ctx, tabula.InTournamentStatus(tournamentCancelled), tabula.Labels(labels),
				tabula.PageSize(2), tabula.PageToken("p"))
			if err == nil && page.GetNextPageToken() != "next" {
				err = fmt.Errorf("ListTournaments answered %v", page)
			}
			return err
		},
		func() error {
			tournament, err := client.StartTournamentRound(ctx, "t7", 2)
			if err == nil && tournament.GetReleasedRounds() != 2 {
				err = fmt.Errorf("StartTournamentRound answered %v", tournament)
			}
			return err
		},
		func() error {
			_, err := client.WithdrawTournamentPlayer(ctx, "t7", 3)
			return err
		},
		func() error {
			added, err := client.AddTournamentPlayer(ctx, "t7", tabula.Person("p3", "Cy"))
			if err == nil && (added.GetTournament().GetTournamentId() != "t7" || added.GetPlayerToken().GetPlayer() != 3) {
				err = fmt.Errorf("AddTournamentPlayer answered %v", added)
			}
			return err
		},
		func() error {
			tournament, err := client.CancelTournament(ctx, "t7")
			if err == nil && tournament.GetStatus() != tournamentCancelled {
				err = fmt.Errorf("CancelTournament answered %v", tournament)
			}
			return err
		},
		func() error {
			trf, err := client.ExportTournamentTRF(ctx, "t7")
			if err == nil && trf != "012 t7\n" {
				err = fmt.Errorf("ExportTournamentTRF answered %q", trf)
			}
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
	roundRobin := tabulav1.TournamentFormat_TOURNAMENT_FORMAT_ROUND_ROBIN
	want := []proto.Message{
		&tabulav1.CreateTournamentRequest{
			Kind: tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, Source: &tabulav1.CreateTournamentRequest_Preset{Preset: "classic"},
			Format: tabulav1.TournamentFormat_TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN, Players: players,
			Scoring:    &tabulav1.TournamentScoring{Win: 3, Draw: 1, Loss: 0, Bye: 3},
			TieBreaks:  []tabulav1.TieBreak{tabulav1.TieBreak_TIE_BREAK_BUCHHOLZ, tabulav1.TieBreak_TIE_BREAK_WINS},
			HoldRounds: true, RatingPool: tabulav1.RatingPool_RATING_POOL_PRESET, Private: true, AllowHints: proto.Bool(false),
			Labels: labels, RequestId: "t1",
		},
		&tabulav1.CreateTournamentRequest{Source: &tabulav1.CreateTournamentRequest_Config{Config: clocked}, Format: roundRobin, Players: players},
		&tabulav1.CreateTournamentRequest{
			Source: &tabulav1.CreateTournamentRequest_SavedConfig{SavedConfig: "big-board"}, Format: tabulav1.TournamentFormat_TOURNAMENT_FORMAT_KNOCKOUT,
			Players: players, BestOf: 5, RatingPool: tabulav1.RatingPool_RATING_POOL_KIND, SeedByRating: true,
		},
		&tabulav1.CreateTournamentRequest{
			Kind: tabulav1.GameKind_GAME_KIND_CHESS, Source: &tabulav1.CreateTournamentRequest_Preset{Preset: "blitz_3_2"},
			Format: swiss, Players: players, Rounds: 5, Accelerated: true, RatingPool: tabulav1.RatingPool_RATING_POOL_KIND,
			SeedByRating: true, Trf: trfFile,
		},
		&tabulav1.GetTournamentRequest{TournamentId: "t7"},
		&tabulav1.ListTournamentsRequest{Status: tournamentCancelled, Labels: labels, PageSize: 2, PageToken: "p"},
		&tabulav1.StartTournamentRoundRequest{TournamentId: "t7", Round: 2},
		&tabulav1.WithdrawTournamentPlayerRequest{TournamentId: "t7", Player: 3},
		&tabulav1.AddTournamentPlayerRequest{TournamentId: "t7", Player: &tabulav1.TournamentPlayer{PlayerId: "p3", DisplayName: "Cy"}},
		&tabulav1.CancelTournamentRequest{TournamentId: "t7"},
		&tabulav1.ExportTournamentTrfRequest{TournamentId: "t7"},
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
	if !proto.Equal(engine, &tabulav1.TournamentPlayer{EngineLevel: 2}) || !maps.Equal(labels, map[string]string{"cup": "spring"}) {
		t.Errorf("the caller's player or labels changed: %v, %v", engine, labels)
	}

	// OnTimeout without a clock to apply to is refused without calling the server.
	for _, refused := range []struct {
		call func() error
		text string
	}{
		{func() error {
			_, err := client.CreateTournamentFromConfig(ctx, config, players, tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE))
			return err
		}, "CreateTournamentFromConfig: OnTimeout without a clock"},
	} {
		if err := refused.call(); err == nil || !strings.Contains(err.Error(), refused.text) {
			t.Errorf("got %v, want %q", err, refused.text)
		}
	}
	if n := len(s.seen()); n != len(want) {
		t.Fatalf("a refused call reached the server: %d requests", n)
	}
}

func TestTheTournamentStreamChecksItsSeqs(t *testing.T) {
	read := func(s *tournamentService, after uint64) (seqs []uint64, kinds []string, failures []error) {
		t.Helper()
		for event, err := range startFake(t, s).TournamentEvents(testContext(t), "t", after) {
			if err != nil {
				failures = append(failures, err)
				continue
			}
			seqs = append(seqs, event.GetSeq())
			kinds = append(kinds, tabula.TournamentEventKind(event))
		}
		return seqs, kinds, failures
	}
	seqs, kinds, failures := read(&tournamentService{seqs: []uint64{1, 2, 3, 4}}, 0)
	if len(failures) != 0 || !slices.Equal(seqs, []uint64{1, 2, 3, 4}) {
		t.Fatalf("delivered %v and errors %v, want 1 to 4", seqs, failures)
	}
	if want := []string{"round_paired", "round_paired", tabula.Unknown, "round_paired"}; !slices.Equal(kinds, want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
	seqs, _, failures = read(&tournamentService{seqs: []uint64{1, 2, 4}}, 0)
	if !slices.Equal(seqs, []uint64{1, 2}) || len(failures) != 1 {
		t.Fatalf("delivered %v and errors %v, want 1, 2 then one error", seqs, failures)
	}
	requireSeqGap(t, failures[0], "3", "4")
	if !strings.Contains(failures[0].Error(), "tournament t") {
		t.Fatalf("the error %q does not name the tournament", failures[0])
	}
	seqs, _, failures = read(&tournamentService{seqs: []uint64{1, 2, 3}}, 2)
	if !slices.Equal(seqs, []uint64{3}) || len(failures) != 0 {
		t.Fatalf("after seq 2: delivered %v and errors %v", seqs, failures)
	}
}
