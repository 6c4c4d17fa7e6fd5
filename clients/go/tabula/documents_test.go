package tabula_test

// Games as documents (ExportGame, ImportGame) against a real server with a service key: a
// game exported, deleted and imported again with its id, its moves and its seats' tokens;
// an import of a game the server has, of a document tampered with, of one only checked, and
// beyond the key's cap of games in progress; and offline against a stand-in server, the
// requests the calls send.

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// movesOf is every move of a game up to its seq, as its event stream delivers them to
// client.
func movesOf(t *testing.T, ctx context.Context, client *tabula.Client, gameID string, seq uint64) []*tabulav1.MoveApplied {
	t.Helper()
	var moves []*tabulav1.MoveApplied
	for event, err := range client.Events(ctx, gameID, 0) {
		if err != nil {
			t.Fatal(err)
		}
		if applied := event.GetMoveApplied(); applied != nil {
			moves = append(moves, applied)
		}
		if event.GetSeq() >= seq {
			break
		}
	}
	return moves
}

// tampered is document, a JSON object, changed by change.
func tampered(t *testing.T, document string, change func(map[string]any)) string {
	t.Helper()
	var fields map[string]any
	if err := json.Unmarshal([]byte(document), &fields); err != nil {
		t.Fatalf("the document is not a JSON object: %v", err)
	}
	change(fields)
	changed, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(changed)
}

func TestAGameExportedDeletedAndImportedCarriesOn(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))

	// Tic-tac-toe, three moves in: X a1, O b2, X c3; O to move.
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic",
		tabula.Players(tabula.Player("ann", "Ann"), tabula.Player("bob", "Bob")), tabula.Labels(map[string]string{"table": "7"}))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	for i, cell := range [][2]uint32{{0, 0}, {1, 1}, {2, 2}} {
		if _, err := []*tabula.Client{x, o}[i%2].SubmitMove(ctx, gameID, tabula.PlaceCell(cell[0], cell[1])); err != nil {
			t.Fatal(err)
		}
	}
	before, err := manager.GetGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	beforeMoves := movesOf(t, ctx, manager, gameID, before.GetSeq())
	beforeView, err := manager.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}

	document, err := manager.ExportGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	var header struct {
		Format string `json:"format"`
		ID     string `json:"id"`
	}
	if err := json.Unmarshal([]byte(document), &header); err != nil || header.Format != "tabula.game.v1" || header.ID != gameID {
		t.Fatalf("the document's format %q and id %q (%v), want tabula.game.v1 and %s", header.Format, header.ID, err, gameID)
	}
	for _, token := range created.GetSeatTokens() {
		if strings.Contains(document, token.GetToken()) {
			t.Fatalf("the document holds seat %d's token", token.GetSeat())
		}
	}
	// A seat's token is not a service key: it exports nothing, and imports nothing.
	_, err = x.ExportGame(ctx, gameID)
	requireError(t, err, codes.PermissionDenied, "SERVICE_KEY_REQUIRED")
	_, err = x.ImportGame(ctx, document, tabula.ValidateOnly())
	requireError(t, err, codes.PermissionDenied, "SERVICE_KEY_REQUIRED")

	// The server has the game: the document is not imported, not even to check it.
	_, err = manager.ImportGame(ctx, document)
	if e := requireError(t, err, codes.AlreadyExists, "GAME_EXISTS"); e.Metadata["game_id"] != gameID ||
		e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_GAME_EXISTS {
		t.Fatalf("metadata %v, reason code %v; want game_id %s, GAME_EXISTS", e.Metadata, e.ReasonCode(), gameID)
	}
	_, err = manager.ImportGame(ctx, document, tabula.ValidateOnly())
	requireError(t, err, codes.AlreadyExists, "GAME_EXISTS")

	if err := manager.DeleteGame(ctx, gameID); err != nil {
		t.Fatal(err)
	}
	_, err = manager.GetGame(ctx, gameID)
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")

	// Documents that are not one, or do not hold together, name the problem on the field
	// "document"; an empty one is a request without it.
	gap := tampered(t, document, func(fields map[string]any) {
		events := fields["events"].([]any)
		fields["events"] = append(events[:2:2], events[3:]...) // the log skips seq 3, O's move
	})
	for _, bad := range []string{"not a document", "{}", gap} {
		_, err = manager.ImportGame(ctx, bad)
		e := requireError(t, err, codes.InvalidArgument, "INVALID_DOCUMENT")
		if tabula.ReasonCodeOf(err) != tabulav1.ErrorReason_ERROR_REASON_INVALID_DOCUMENT ||
			len(e.Violations) != 1 || e.Violations[0].Field != "document" || e.Violations[0].Description == "" {
			t.Fatalf("importing %.40q: reason code %v, violations %v; want INVALID_DOCUMENT on the field document",
				bad, tabula.ReasonCodeOf(err), e.Violations)
		}
		_, err = manager.ImportGame(ctx, bad, tabula.ValidateOnly())
		requireError(t, err, codes.InvalidArgument, "INVALID_DOCUMENT")
	}
	_, err = manager.ImportGame(ctx, "")
	if e := requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST"); len(e.Violations) != 1 || e.Violations[0].Field != "document" {
		t.Fatalf("an empty document's violations %v", e.Violations)
	}

	// Only checked: the game as it would be, and nothing stored.
	checked, err := manager.ImportGame(ctx, document, tabula.ValidateOnly())
	if err != nil {
		t.Fatal(err)
	}
	if checked.GetGameId() != gameID || checked.GetMoveCount() != 3 || checked.GetSeq() != before.GetSeq() ||
		checked.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS {
		t.Fatalf("checked %v, want the game as it was: %v", checked, before)
	}
	_, err = manager.GetGame(ctx, gameID)
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")

	// Imported: the same id, players, labels, seq and moves.
	imported, err := manager.ImportGame(ctx, document)
	if err != nil {
		t.Fatal(err)
	}
	if imported.GetGameId() != gameID || imported.GetKind() != before.GetKind() || imported.GetMoveCount() != 3 ||
		imported.GetSeq() != before.GetSeq() || imported.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS ||
		!proto.Equal(imported.GetConfig(), before.GetConfig()) || imported.GetLabels()["table"] != "7" ||
		len(imported.GetPlayers()) != 2 || imported.GetPlayers()[1].GetPlayerId() != "bob" {
		t.Fatalf("imported %v, want the game as it was: %v", imported, before)
	}
	read, err := manager.GetGame(ctx, gameID)
	if err != nil || read.GetSeq() != before.GetSeq() {
		t.Fatalf("the imported game read back: %v, %v", read, err)
	}
	afterMoves := movesOf(t, ctx, manager, gameID, read.GetSeq())
	if len(afterMoves) != len(beforeMoves) {
		t.Fatalf("%d moves imported, %d exported", len(afterMoves), len(beforeMoves))
	}
	for i := range afterMoves {
		if !proto.Equal(afterMoves[i], beforeMoves[i]) {
			t.Fatalf("move %d imported as %v, exported as %v", i+1, afterMoves[i], beforeMoves[i])
		}
	}
	if view, err := manager.GetView(ctx, gameID); err != nil || !proto.Equal(view.GetBoard(), beforeView.GetBoard()) ||
		!slices.Equal(view.GetToAct(), []uint32{2}) {
		t.Fatalf("the imported game's view %v, %v; want the board as it was and O to move", view, err)
	}
	if again, err := manager.ExportGame(ctx, gameID); err != nil || again != document {
		t.Fatalf("the imported game exports another document (%v):\n%s\nwas\n%s", err, again, document)
	}

	// The seats' tokens from before the export still play: O, then X.
	moved, err := o.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 2))
	if err != nil || moved.GetSeq() != before.GetSeq()+1 || !slices.Equal(moved.GetToAct(), []uint32{1}) {
		t.Fatalf("O's move with the token from before the export: %v, %v", moved, err)
	}
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(2, 0)); err != nil {
		t.Fatalf("X's move with the token from before the export: %v", err)
	}

	// Imported twice: the second finds the first.
	_, err = manager.ImportGame(ctx, document)
	requireError(t, err, codes.AlreadyExists, "GAME_EXISTS")
}

func TestAnImportCountsTowardsTheKeysGamesInProgress(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret, "--max-games-per-key", "1")
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	document, err := manager.ExportGame(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if err := manager.DeleteGame(ctx, gameID); err != nil {
		t.Fatal(err)
	}
	if _, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic"); err != nil {
		t.Fatal(err)
	}
	_, err = manager.ImportGame(ctx, document)
	requireError(t, err, codes.ResourceExhausted, "TOO_MANY_GAMES")
	_, err = manager.GetGame(ctx, gameID)
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")
}

// documentService records the ExportGame and ImportGame requests that reach it.
type documentService struct {
	tabulav1.UnimplementedGameServiceServer
	mu      sync.Mutex
	exports []*tabulav1.ExportGameRequest
	imports []*tabulav1.ImportGameRequest
}

func (d *documentService) ExportGame(_ context.Context, request *tabulav1.ExportGameRequest) (*tabulav1.ExportGameResponse, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.exports = append(d.exports, request)
	return &tabulav1.ExportGameResponse{Document: `{"format": "tabula.game.v1"}`}, nil
}

func (d *documentService) ImportGame(_ context.Context, request *tabulav1.ImportGameRequest) (*tabulav1.ImportGameResponse, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.imports = append(d.imports, request)
	return &tabulav1.ImportGameResponse{Game: &tabulav1.Game{GameId: "imported"}}, nil
}

func TestDocumentCallsSendTheirRequests(t *testing.T) {
	d := &documentService{}
	client := startFake(t, d)
	ctx := testContext(t)

	document, err := client.ExportGame(ctx, "g", tabula.NoRetry())
	if err != nil || document != `{"format": "tabula.game.v1"}` || len(d.exports) != 1 || d.exports[0].GetGameId() != "g" {
		t.Fatalf("exported %q, %v; sent %v", document, err, d.exports)
	}
	for _, opts := range [][]tabula.ImportGameOption{nil, {tabula.ValidateOnly(), tabula.WaitForReady()}} {
		game, err := client.ImportGame(ctx, "doc", opts...)
		if err != nil || game.GetGameId() != "imported" {
			t.Fatalf("imported %v, %v", game, err)
		}
	}
	if got := d.imports; len(got) != 2 || got[0].GetDocument() != "doc" || got[0].GetValidateOnly() ||
		got[1].GetDocument() != "doc" || !got[1].GetValidateOnly() {
		t.Fatalf("ImportGame sent %v, want the document, then the document only checked", got)
	}
}
