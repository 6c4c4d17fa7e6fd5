package tabula

import (
	"context"
	"iter"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// ListPuzzleSolutions counts the ways a puzzle (peg solitaire) can still be solved from a
// position of a game, and lists them a page at a time: GetSolutionCount(), how many distinct
// move sequences end it solved (one peg left, anywhere), in decimal as it may exceed 64 bits
// ("0" when it can no longer be solved, "1" in a solved position: the empty sequence; empty,
// with GetCountOverflow() true and no solutions listed, beyond 2^128 - 1); GetSolutions(),
// this page of them, each with its GetMoves() in the order they are played (each ready for
// [Client.SubmitMove] when its turn comes) and their GetLabels() ("c4-c6"); GetSeq(), the
// position they start from; GetNextPageToken(), empty on the last page; and GetNodes(), the
// positions the count expanded. The same position always lists the same solutions in the
// same order.
//
// Who may ask follows [Client.GetHint]: in a running game only its seat to act, at the
// current position (a spectator or a service key: PERMISSION_DENIED, reason SEAT_REQUIRED),
// in a game that allows hints (peg solitaire does unless created with [AllowHints](false):
// reason HINTS_DISABLED); once the game is finished anyone who may read it, at any position
// ([AtSeq]). Options: paging [PageSize] (0: 50, at most 500), [PageToken] (the response's
// GetNextPageToken(); the same game and [AtSeq] as the call that answered it); [AtSeq].
//
// The count is bounded by the server (5,000,000 positions and 10 seconds: the 15-hole
// triangle from any start is well within it, the English board only some moves in); beyond
// that it fails with FAILED_PRECONDITION, reason SEARCH_LIMIT_REACHED, whose metadata
// "nodes" holds the positions it expanded (ask again a few moves on). A game that is not a
// puzzle fails with FAILED_PRECONDITION, reason UNSUPPORTED_BY_GAME. A page token of a
// position the running game has moved on from fails with ABORTED, reason STALE_SEQ: start
// again without it. A read: retried like the other reads ([RetryPolicy]).
func (c *Client) ListPuzzleSolutions(ctx context.Context, gameID string, opts ...ListPuzzleSolutionsOption) (*tabulav1.ListPuzzleSolutionsResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ListPuzzleSolutions, &tabulav1.ListPuzzleSolutionsRequest{
		GameId: gameID, AtSeq: o.atSeq, PageSize: o.pageSize, PageToken: o.pageToken,
	}, o)
}

// AllPuzzleSolutions yields every solution [Client.ListPuzzleSolutions] lists from the
// position, in its order, following the pages: it asks for the next page when the loop has
// taken the last of the one before, and stops after the last page (or at once when the
// count overflowed: none is listed then). The options are ListPuzzleSolutions': [PageSize]
// sizes every page (0: 50, at most 500), [PageToken] starts after a page already read,
// [AtSeq] names the position of a finished game, and a [CallOption] applies to every page's
// call. A call that fails yields the error (an [*Error] for a server status: ABORTED, reason
// STALE_SEQ, when a running game moved on between two pages) and ends the sequence; breaking
// out of the loop asks for no more pages.
//
// Each page's call recounts the solutions on the server, so a position with many of them is
// better read a page at a time: the 15-hole triangle from its start has 29,760.
func (c *Client) AllPuzzleSolutions(ctx context.Context, gameID string, opts ...ListPuzzleSolutionsOption) iter.Seq2[*tabulav1.PuzzleSolution, error] {
	return func(yield func(*tabulav1.PuzzleSolution, error) bool) {
		o := collect(opts)
		request := &tabulav1.ListPuzzleSolutionsRequest{GameId: gameID, AtSeq: o.atSeq, PageSize: o.pageSize, PageToken: o.pageToken}
		for {
			page, err := unary(ctx, c.stub.ListPuzzleSolutions, request, o)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, solution := range page.GetSolutions() {
				if !yield(solution, nil) {
					return
				}
			}
			if page.GetNextPageToken() == "" {
				return
			}
			request.PageToken = page.GetNextPageToken()
		}
	}
}
