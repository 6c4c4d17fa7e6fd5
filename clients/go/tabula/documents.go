package tabula

import (
	"context"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// ExportGame returns a game, running or finished, as a document: JSON in the
// "tabula.game.v1" format that `tabula export` writes, holding the game's configuration, its
// seats' token hashes (never the tokens themselves) and its whole log, hidden moves included;
// keep it, or import it into this server or another with [Client.ImportGame] (or `tabula
// import`). A document larger than the server's message limit (`tabula serve
// --max-message-bytes`, 1 MiB by default) cannot be sent: `tabula export` reads it from the
// store instead. NOT_FOUND, reason GAME_NOT_FOUND, for an unknown id. Needs a service key.
// A read: retried like the other reads ([RetryPolicy]).
func (c *Client) ExportGame(ctx context.Context, gameID string, opts ...CallOption) (string, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ExportGame, &tabulav1.ExportGameRequest{GameId: gameID}, o)
	return response.GetDocument(), err
}

// ImportGame imports document, one [Client.ExportGame] or `tabula export` wrote, as a game
// of this server, and returns the game. The server checks it as `tabula import` does (the
// format, a log without gaps from the creation on, every move legal as it replays under the
// configuration, one token hash per seat, the status and the end as the replay ends, a valid
// time control) and stores nothing unless every check passes. The game keeps its id, its
// log and its seats' tokens (the document holds their hashes), so its players carry on with
// the tokens they had; it is owned by the calling key and counts towards its games in
// progress. A running game carries on at once: its clocks run from their last reading, and
// a seat the engine plays moves if it is to act.
//
// Fails with INVALID_ARGUMENT, reason INVALID_DOCUMENT, for a document that is not one or
// does not hold together: the [*Error]'s Violations name the problem, on the field
// "document" (an empty document is INVALID_REQUEST, on the same field); ALREADY_EXISTS,
// reason GAME_EXISTS, when the server has a game with the document's id (metadata
// "game_id"; [Client.DeleteGame] it first to import the document in its place);
// RESOURCE_EXHAUSTED, reason TOO_MANY_GAMES, beyond the key's cap of games in progress.
// Option: [ValidateOnly] only checks the document: the answer is the game as it would be
// imported (or the error says why not), and nothing is stored. Needs a service key.
//
// A write without a request id: a call that fails with code Unavailable is not retried (a
// second attempt after a first that was applied would fail with GAME_EXISTS), except with
// [ValidateOnly], which stores nothing and is retried like a read ([RetryPolicy]).
func (c *Client) ImportGame(ctx context.Context, document string, opts ...ImportGameOption) (*tabulav1.Game, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ImportGame, &tabulav1.ImportGameRequest{Document: document, ValidateOnly: o.validateOnly}, o)
	return response.GetGame(), err
}
