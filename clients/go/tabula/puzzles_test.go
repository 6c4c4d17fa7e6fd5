package tabula_test

// A puzzle's solutions (ListPuzzleSolutions, AllPuzzleSolutions) against a real server: the
// 15-hole triangle's 29,760, page after page and all of them, one played to the win, the
// finished game's positions read by a spectator, a page of a position the game moved on
// from, a game that is not a puzzle, and callers who may not ask; offline against a
// stand-in server, the requests the calls send and the pages AllPuzzleSolutions follows.

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// triangleSolutions is how many ways the 15-hole triangle, its apex empty, can be solved.
const triangleSolutions = "29760"

// triangleJumps is how many jumps solve it: 14 pegs to 1.
const triangleJumps = 13

// pegSolitaire creates a peg solitaire game in the kind's default configuration (the
// 15-hole triangle, its apex empty) and returns its id and a client of its seat.
func pegSolitaire(t *testing.T, ctx context.Context, manager *tabula.Client) (string, *tabula.Client) {
	t.Helper()
	config := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_PegSolitaire{PegSolitaire: &tabulav1.PegSolitaireConfig{}}}
	created, err := manager.CreateGameFromConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	if !created.GetGame().GetAllowHints() || len(created.GetSeatTokens()) != 1 {
		t.Fatalf("a peg solitaire game allows hints and has one seat: %v", created)
	}
	return created.GetGame().GetGameId(), manager.As(created.GetSeatTokens()[0].GetToken())
}

// solutionKey is a solution's moves, by their labels, to tell solutions apart.
func solutionKey(solution *tabulav1.PuzzleSolution) string {
	return strings.Join(solution.GetLabels(), ",")
}

func TestThePuzzlesSolutionsPageByPageAndOnePlayedToTheWin(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	gameID, seat := pegSolitaire(t, ctx, manager)

	first, err := seat.ListPuzzleSolutions(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if first.GetSeq() != 1 || first.GetSolutionCount() != triangleSolutions || first.GetCountOverflow() ||
		len(first.GetSolutions()) != 50 || first.GetNextPageToken() == "" || first.GetNodes() == 0 {
		t.Fatalf("the first page: seq %d, count %q, overflow %v, %d solutions, next page %q, nodes %d; want seq 1, %s, 50 and a next page",
			first.GetSeq(), first.GetSolutionCount(), first.GetCountOverflow(), len(first.GetSolutions()),
			first.GetNextPageToken(), first.GetNodes(), triangleSolutions)
	}
	for _, solution := range first.GetSolutions() {
		if len(solution.GetMoves()) != triangleJumps || len(solution.GetLabels()) != triangleJumps {
			t.Fatalf("a solution of %d moves and %d labels, want %d: %v", len(solution.GetMoves()), len(solution.GetLabels()), triangleJumps, solution)
		}
	}

	// A few pages, chained: distinct solutions, in the order of the first page of 50.
	seen := map[string]bool{}
	var chained []*tabulav1.PuzzleSolution
	token := ""
	for page := 1; page <= 3; page++ {
		opts := []tabula.ListPuzzleSolutionsOption{tabula.PageSize(16)}
		if token != "" {
			opts = append(opts, tabula.PageToken(token))
		}
		listed, err := seat.ListPuzzleSolutions(ctx, gameID, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if listed.GetSolutionCount() != triangleSolutions || len(listed.GetSolutions()) != 16 || listed.GetNextPageToken() == "" {
			t.Fatalf("page %d: count %q, %d solutions, next page %q", page, listed.GetSolutionCount(), len(listed.GetSolutions()), listed.GetNextPageToken())
		}
		for _, solution := range listed.GetSolutions() {
			if key := solutionKey(solution); seen[key] {
				t.Fatalf("page %d lists %s again", page, key)
			} else {
				seen[key] = true
			}
		}
		chained = append(chained, listed.GetSolutions()...)
		token = listed.GetNextPageToken()
	}
	for i, solution := range chained {
		if solutionKey(solution) != solutionKey(first.GetSolutions()[i]) {
			t.Fatalf("solution %d: %s page by page, %s in one page", i+1, solutionKey(solution), solutionKey(first.GetSolutions()[i]))
		}
	}

	// Every solution, the pages followed: as many as counted, each once. Sixty pages take a
	// few seconds of a debug build's time: a deadline of their own.
	long, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	all := map[string]bool{}
	for solution, err := range seat.AllPuzzleSolutions(long, gameID, tabula.PageSize(500)) {
		if err != nil {
			t.Fatal(err)
		}
		if key := solutionKey(solution); all[key] {
			t.Fatalf("AllPuzzleSolutions yields %s twice", key)
		} else {
			all[key] = true
		}
	}
	if got := len(all); got != 29760 {
		t.Fatalf("AllPuzzleSolutions yields %d solutions, want %s", got, triangleSolutions)
	}
	// Breaking out of the loop: no more pages.
	taken := 0
	for _, err := range seat.AllPuzzleSolutions(ctx, gameID, tabula.PageSize(3), tabula.PageToken(token)) {
		if err != nil {
			t.Fatal(err)
		}
		if taken++; taken == 5 {
			break
		}
	}

	// Nobody but the seat to act may ask while the game runs.
	_, err = manager.As("").ListPuzzleSolutions(ctx, gameID)
	requireError(t, err, codes.PermissionDenied, "SEAT_REQUIRED")
	_, err = manager.ListPuzzleSolutions(ctx, gameID)
	requireError(t, err, codes.PermissionDenied, "SEAT_REQUIRED")

	// One solution played, move after move: the game ends won. A page token of the starting
	// position is stale once the game has moved on.
	solution := first.GetSolutions()[7]
	var last *tabulav1.SubmitMoveResponse
	for i, move := range solution.GetMoves() {
		if last, err = seat.SubmitMove(ctx, gameID, move); err != nil {
			t.Fatalf("move %d of a listed solution (%s): %v", i+1, solution.GetLabels()[i], err)
		}
		if i == 0 {
			_, err = seat.ListPuzzleSolutions(ctx, gameID, tabula.PageToken(first.GetNextPageToken()))
			requireError(t, err, codes.Aborted, "STALE_SEQ")
			for _, err := range seat.AllPuzzleSolutions(ctx, gameID, tabula.PageToken(first.GetNextPageToken())) {
				requireError(t, err, codes.Aborted, "STALE_SEQ")
			}
			now, err := seat.ListPuzzleSolutions(ctx, gameID, tabula.PageSize(1))
			if err != nil || now.GetSeq() != 2 || now.GetSolutionCount() != "14880" {
				t.Fatalf("after the first jump: %v, %v; want seq 2 and half the solutions", now, err)
			}
		}
	}
	outcome := last.GetView().GetOutcome()
	if last.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED || outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN ||
		outcome.GetWinner() != 1 || (outcome.GetReason() != tabulav1.EndReason_END_REASON_SOLVED &&
		outcome.GetReason() != tabulav1.EndReason_END_REASON_SOLVED_IN_START_CELL) {
		t.Fatalf("after the last jump: status %v, outcome %v; want a win, solved (the last peg anywhere)", last.GetStatus(), outcome)
	}

	// Finished: anyone who may read the game asks, at any of its positions.
	spectator := manager.As("")
	solved, err := spectator.ListPuzzleSolutions(ctx, gameID)
	if err != nil || solved.GetSolutionCount() != "1" || len(solved.GetSolutions()) != 1 ||
		len(solved.GetSolutions()[0].GetMoves()) != 0 || solved.GetNextPageToken() != "" {
		t.Fatalf("the solved position: %v, %v; want one solution, the empty one", solved, err)
	}
	start, err := spectator.ListPuzzleSolutions(ctx, gameID, tabula.AtSeq(1), tabula.PageSize(10))
	if err != nil || start.GetSeq() != 1 || start.GetSolutionCount() != triangleSolutions ||
		solutionKey(start.GetSolutions()[7]) != solutionKey(solution) {
		t.Fatalf("the start of the finished game: %v, %v; want the solutions listed while it ran", start, err)
	}
	next, err := spectator.ListPuzzleSolutions(ctx, gameID, tabula.AtSeq(1), tabula.PageSize(10), tabula.PageToken(start.GetNextPageToken()))
	if err != nil || solutionKey(next.GetSolutions()[0]) != solutionKey(first.GetSolutions()[10]) {
		t.Fatalf("the next page of the start: %v, %v", next, err)
	}
	midway := uint64(1 + triangleJumps - 2) // two jumps from the end
	counted := 0
	for solution, err := range spectator.AllPuzzleSolutions(ctx, gameID, tabula.AtSeq(midway)) {
		if err != nil {
			t.Fatal(err)
		}
		if len(solution.GetMoves()) != 2 {
			t.Fatalf("two jumps from the end, a solution of %d", len(solution.GetMoves()))
		}
		counted++
	}
	if counted == 0 {
		t.Fatal("no solution two jumps from the end of a game that was solved")
	}
	_, err = spectator.ListPuzzleSolutions(ctx, gameID, tabula.AtSeq(99))
	requireError(t, err, codes.OutOfRange, "SEQ_OUT_OF_RANGE")
}

func TestOnlyAPuzzleHasSolutions(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.AllowHints(true))
	if err != nil {
		t.Fatal(err)
	}
	x := manager.As(created.GetSeatTokens()[0].GetToken())
	_, err = x.ListPuzzleSolutions(ctx, created.GetGame().GetGameId())
	requireError(t, err, codes.FailedPrecondition, "UNSUPPORTED_BY_GAME")
	for _, err := range x.AllPuzzleSolutions(ctx, created.GetGame().GetGameId()) {
		requireError(t, err, codes.FailedPrecondition, "UNSUPPORTED_BY_GAME")
	}

	// A puzzle created without hints keeps its solutions to itself while it runs.
	puzzle, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_PEG_SOLITAIRE, "triangle15", tabula.AllowHints(false))
	if err != nil {
		t.Fatal(err)
	}
	_, err = manager.As(puzzle.GetSeatTokens()[0].GetToken()).ListPuzzleSolutions(ctx, puzzle.GetGame().GetGameId())
	requireError(t, err, codes.FailedPrecondition, "HINTS_DISABLED")
	_, err = manager.ListPuzzleSolutions(ctx, "no-such-game")
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")
}

// solutionService records the ListPuzzleSolutions requests that reach it and answers with
// pages of solutions numbered from 1, pageSize a page (its count in total), each page's
// token the number of the next solution.
type solutionService struct {
	tabulav1.UnimplementedGameServiceServer
	count int
	mu    sync.Mutex
	asked []*tabulav1.ListPuzzleSolutionsRequest
}

func (s *solutionService) ListPuzzleSolutions(_ context.Context, request *tabulav1.ListPuzzleSolutionsRequest) (*tabulav1.ListPuzzleSolutionsResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked = append(s.asked, request)
	if request.GetGameId() == "stale" && request.GetPageToken() != "" {
		return nil, status.Error(codes.Aborted, "moved on")
	}
	next := 1
	if request.GetPageToken() != "" {
		next = int(request.GetPageToken()[0] - '0')
	}
	response := &tabulav1.ListPuzzleSolutionsResponse{Seq: 4, SolutionCount: string(rune('0' + s.count))}
	for ; next <= s.count && len(response.GetSolutions()) < int(max(request.GetPageSize(), 1)); next++ {
		response.Solutions = append(response.Solutions, &tabulav1.PuzzleSolution{Labels: []string{string(rune('0' + next))}})
	}
	if next <= s.count {
		response.NextPageToken = string(rune('0' + next))
	}
	return response, nil
}

func TestPuzzleSolutionCallsSendTheirRequestsAndFollowThePages(t *testing.T) {
	s := &solutionService{count: 7}
	client := startFake(t, s, tabula.WithRetryPolicy(quickRetries))
	ctx := testContext(t)

	page, err := client.ListPuzzleSolutions(ctx, "g", tabula.PageSize(2), tabula.PageToken("3"), tabula.AtSeq(4), tabula.NoRetry())
	if err != nil || len(page.GetSolutions()) != 2 || page.GetNextPageToken() != "5" {
		t.Fatalf("a page: %v, %v", page, err)
	}
	if got := s.asked[0]; got.GetGameId() != "g" || got.GetPageSize() != 2 || got.GetPageToken() != "3" || got.AtSeq == nil || got.GetAtSeq() != 4 {
		t.Fatalf("ListPuzzleSolutions with options sent %v", got)
	}
	if _, err := client.ListPuzzleSolutions(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	if got := s.asked[1]; got.GetPageSize() != 0 || got.GetPageToken() != "" || got.AtSeq != nil {
		t.Fatalf("ListPuzzleSolutions without options sent %v, want the server's defaults", got)
	}

	// Every page, in order, each request with the options and the token before it.
	s.asked = nil
	var labels []string
	for solution, err := range client.AllPuzzleSolutions(ctx, "g", tabula.PageSize(3), tabula.AtSeq(4)) {
		if err != nil {
			t.Fatal(err)
		}
		labels = append(labels, solution.GetLabels()...)
	}
	if strings.Join(labels, "") != "1234567" || len(s.asked) != 3 {
		t.Fatalf("AllPuzzleSolutions yields %v in %d calls, want 1 to 7 in 3", labels, len(s.asked))
	}
	for i, want := range []string{"", "4", "7"} {
		if got := s.asked[i]; got.GetPageToken() != want || got.GetPageSize() != 3 || got.GetAtSeq() != 4 {
			t.Fatalf("page %d sent %v, want token %q, size 3, at seq 4", i+1, got, want)
		}
	}
	// From a page token on, and stopped early: no page after the loop breaks.
	s.asked = nil
	labels = nil
	for solution, err := range client.AllPuzzleSolutions(ctx, "g", tabula.PageSize(2), tabula.PageToken("3")) {
		if err != nil {
			t.Fatal(err)
		}
		if labels = append(labels, solution.GetLabels()...); len(labels) == 2 {
			break
		}
	}
	if strings.Join(labels, "") != "34" || len(s.asked) != 1 {
		t.Fatalf("from token 3, stopped after 2: %v in %d calls", labels, len(s.asked))
	}
	// An error ends the sequence, after the solutions before it.
	labels = nil
	var failures []error
	for solution, err := range client.AllPuzzleSolutions(ctx, "stale", tabula.PageSize(4)) {
		if err != nil {
			failures = append(failures, err)
			continue
		}
		labels = append(labels, solution.GetLabels()...)
	}
	if strings.Join(labels, "") != "1234" || len(failures) != 1 || status.Code(failures[0]) != codes.Aborted {
		t.Fatalf("a stale second page: %v, then %v", labels, failures)
	}
	// A count of none: nothing yielded, one call.
	s.count, s.asked = 0, nil
	for solution, err := range client.AllPuzzleSolutions(ctx, "g") {
		t.Fatalf("yielded %v, %v from a position without solutions", solution, err)
	}
	if len(s.asked) != 1 {
		t.Fatalf("%d calls for a position without solutions", len(s.asked))
	}
}
