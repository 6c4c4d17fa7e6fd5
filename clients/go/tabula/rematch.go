package tabula

import (
	"context"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// CreateRematch plays the finished game gameID again: a new game with its configuration (a
// Chess960 start included), clock, labels, privacy, hints, spectator delay
// ([SpectatorDelay]), owner stream of moves ([OwnerStreamMoves]) and rating pool
// ([RatingPool]: a rematch of a rated game is rated in the same pool), its players and the
// engine's seats ([Bots]) swapped between the two seats, so the colours change hands (a
// one-seat game keeps them), and new seat tokens, in seat order, shown only this once. The two games name each other: the rematch's
// GetRematchOf() is gameID, and the finished game's GetRematch() ([Client.GetGame]) names
// the rematch; both are empty when there is none.
//
// A game has at most one rematch, however many are asked for at once: another request fails
// with ALREADY_EXISTS, reason REMATCH_EXISTS, its metadata "rematch_game_id" naming the
// rematch (and "game_id" the game asked about). Option: [RequestID], which makes the call
// safe to retry: the same id for the same game answers with the rematch the first call made
// and GetRetried() true, with new seat tokens while nobody has acted in it (the first
// answer's tokens then stop working) and none after; the same id with another request fails
// with FAILED_PRECONDITION, reason REQUEST_ID_REUSED.
//
// A game in progress fails with FAILED_PRECONDITION, reason GAME_NOT_FINISHED, and so does a
// finished game whose end may still be taken back ([EndingTakebackWindow]), with metadata
// "final_at" (RFC 3339) saying when its end is final; an unknown id with NOT_FOUND, reason
// GAME_NOT_FOUND. The rematch counts against the key's cap of games in
// progress (RESOURCE_EXHAUSTED, reason TOO_MANY_GAMES). Needs a service key.
func (c *Client) CreateRematch(ctx context.Context, gameID string, opts ...WriteOption) (*tabulav1.CreateRematchResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.CreateRematch, &tabulav1.CreateRematchRequest{GameId: gameID, RequestId: o.requestID}, o)
}
