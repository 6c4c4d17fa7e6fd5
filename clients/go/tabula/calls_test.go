package tabula_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func TestMoveBuildersMakeTheContractsMoves(t *testing.T) {
	for _, c := range []struct {
		built *tabulav1.Move
		json  string
	}{
		{tabula.PlaceCell(1, 2), `{"place": {"cell": {"row": 1, "col": 2}}}`},
		{tabula.Drop(3), `{"place": {"column": 3}}`},
		{tabula.PlacePoint(5), `{"place": {"point": 5}}`},
		{tabula.PlaceShip(tabula.Ship(0, 1, 3, true)),
			`{"place": {"ship": {"bow": {"row": 0, "col": 1}, "orientation": "ORIENTATION_VERTICAL", "length": 3}}}`},
		{tabula.PlaceFleet(tabula.Ship(2, 0, 2, false), tabula.Ship(4, 4, 3, true)),
			`{"place": {"fleet": {"ships": [{"bow": {"row": 2, "col": 0}, "orientation": "ORIENTATION_HORIZONTAL", "length": 2},
				{"bow": {"row": 4, "col": 4}, "orientation": "ORIENTATION_VERTICAL", "length": 3}]}}}`},
		{tabula.Move(tabula.AtCell(1, 4), tabula.AtCell(0, 4)), `{"move": {"from": {"cell": {"row": 1, "col": 4}}, "to": {"cell": {"row": 0, "col": 4}}}}`},
		{tabula.Move(tabula.AtCell(1, 4), tabula.AtCell(0, 4), tabula.WithPromotion(tabulav1.Promotion_PROMOTION_KNIGHT), tabula.ClaimingDraw()),
			`{"move": {"from": {"cell": {"row": 1, "col": 4}}, "to": {"cell": {"row": 0, "col": 4}}, "promotion": "PROMOTION_KNIGHT", "claimDraw": true}}`},
		{tabula.Move(tabula.AtPoint(1), tabula.AtPoint(2)), `{"move": {"from": {"point": 1}, "to": {"point": 2}}}`},
		{tabula.GridShift(-1, 1), `{"gridShift": {"dRow": -1, "dCol": 1}}`},
		{tabula.Capture(tabula.AtPoint(4)), `{"capture": {"target": {"point": 4}}}`},
		{tabula.Shot(2, 3), `{"shot": {"target": {"row": 2, "col": 3}}}`},
		{tabula.Pass(), `{"pass": {}}`},
		{tabula.Ready(), `{"ready": {}}`},
		{tabula.Draw(tabulav1.DrawAction_DRAW_ACTION_OFFER), `{"draw": {"action": "DRAW_ACTION_OFFER"}}`},
	} {
		var want tabulav1.Move
		if err := protojson.Unmarshal([]byte(c.json), &want); err != nil {
			t.Fatalf("%s: %v", c.json, err)
		}
		if !proto.Equal(c.built, &want) {
			t.Errorf("built %v, want %s", c.built, c.json)
		}
	}
}

// legalMove finds the legal move of seat's client whose machine notation is uci.
func legalMove(t *testing.T, seat *tabula.Client, gameID, uci string) *tabulav1.Move {
	t.Helper()
	legal, err := seat.ListLegalMoves(testContext(t), gameID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, move := range legal.GetMoves() {
		if move.GetUci() == uci {
			return move.GetMove()
		}
	}
	t.Fatalf("%s is not among the legal moves %v", uci, legal.GetMoves())
	return nil
}

// Every call the client wraps that the other tests leave out, against a real server.
func TestEveryCallAgainstALiveServer(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	manager := dial(t, address)
	spectator := manager.As("")
	start := time.Now().Add(-time.Minute)

	kinds, err := manager.ListGameKinds(ctx)
	if err != nil || len(kinds) < 3 {
		t.Fatalf("game kinds: %v, %v", kinds, err)
	}

	// A private chess game: e4 e5, exported, then imported up to its first ply.
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CHESS, "standard", tabula.Private())
	if err != nil {
		t.Fatal(err)
	}
	chessID := created.GetGame().GetGameId()
	if !created.GetGame().GetPrivate() {
		t.Fatalf("the game is not private: %v", created.GetGame())
	}
	_, err = spectator.GetView(ctx, chessID)
	requireError(t, err, codes.PermissionDenied, "PRIVATE_GAME")
	white, black := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	e4 := legalMove(t, white, chessID, "e2e4")
	if built := tabula.Move(tabula.AtCell(6, 4), tabula.AtCell(4, 4)); !proto.Equal(built, e4) {
		t.Fatalf("the server's e2e4 is %v, Move built %v", e4, built)
	}
	if _, err := white.SubmitMove(ctx, chessID, e4); err != nil {
		t.Fatal(err)
	}
	if _, err := black.SubmitMove(ctx, chessID, tabula.Move(tabula.AtCell(1, 4), tabula.AtCell(3, 4))); err != nil {
		t.Fatal(err)
	}
	pgn, err := black.ExportPGN(ctx, chessID) // a private game: a seat reads it (no service key here)
	if err != nil || !strings.Contains(pgn, "1. e4 e5") {
		t.Fatalf("exported %q, %v", pgn, err)
	}
	imported, err := manager.CreateGameFromPGN(ctx, pgn, tabula.Ply(1), tabula.RequestID("import-1"))
	if err != nil {
		t.Fatal(err)
	}
	importedID := imported.GetGame().GetGameId()
	if imported.GetGame().GetKind() != tabulav1.GameKind_GAME_KIND_CHESS || imported.GetGame().GetMoveCount() != 1 || imported.GetGame().GetPrivate() {
		t.Fatalf("imported %v", imported.GetGame())
	}
	again, err := manager.CreateGameFromPGN(ctx, pgn, tabula.Ply(1), tabula.RequestID("import-1"))
	if err != nil || !again.GetRetried() || again.GetGame().GetGameId() != importedID {
		t.Fatalf("retried import: %v, %v", again, err)
	}
	_, err = manager.CreateGameFromPGN(ctx, "1. e4 e5 2. Ke4")
	requireError(t, err, codes.InvalidArgument, "INVALID_PGN")

	// A lost seat token is replaced; the old one stops working.
	reissued, err := manager.ReissueSeatToken(ctx, chessID, 1)
	if err != nil || reissued.GetSeat() != 1 || reissued.GetToken() == "" {
		t.Fatalf("reissued %v, %v", reissued, err)
	}
	_, err = white.GetView(ctx, chessID)
	requireError(t, err, codes.Unauthenticated, "INVALID_CREDENTIAL")
	if view, err := manager.As(reissued.GetToken()).GetView(ctx, chessID); err != nil || view.GetViewerSeat() != 1 {
		t.Fatalf("view with the new token: %v, %v", view, err)
	}

	// Peg solitaire: a hint played, taken back, then a resignation; the game is archived.
	peg, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_PEG_SOLITAIRE, "triangle15")
	if err != nil {
		t.Fatal(err)
	}
	pegID, player := peg.GetGame().GetGameId(), manager.As(peg.GetSeatTokens()[0].GetToken())
	hint, err := player.GetHint(ctx, pegID)
	if err != nil || hint.GetResult() != tabulav1.HintResult_HINT_RESULT_MOVE {
		t.Fatalf("hint %v, %v", hint, err)
	}
	moved, err := player.SubmitMove(ctx, pegID, hint.GetMove(), tabula.ExpectedSeq(hint.GetSeq()), tabula.BasicAnswer())
	if err != nil {
		t.Fatal(err)
	}
	if moved.GetView() != nil || moved.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS || !slices.Equal(moved.GetToAct(), []uint32{1}) {
		t.Fatalf("a basic answer leaves the view out and says who acts: %v", moved)
	}
	_, err = player.TakeBack(ctx, pegID, tabula.ExpectedSeq(moved.GetSeq()-1))
	requireError(t, err, codes.Aborted, "STALE_SEQ")
	back, err := player.TakeBack(ctx, pegID, tabula.ExpectedSeq(moved.GetSeq()), tabula.RequestID("back-1"))
	if err != nil || back.GetSeq() != moved.GetSeq()+1 || back.GetView().GetMoveCount() != 0 {
		t.Fatalf("take back: %v, %v", back, err)
	}
	_, err = manager.ArchiveGame(ctx, pegID)
	requireError(t, err, codes.FailedPrecondition, "GAME_NOT_FINISHED")
	resigned, err := player.Resign(ctx, pegID, tabula.RequestID("resign-1"))
	if err != nil || resigned.GetView().GetOutcome().GetReason() != tabulav1.EndReason_END_REASON_RESIGNATION {
		t.Fatalf("resign: %v, %v", resigned, err)
	}
	archived, err := manager.ArchiveGame(ctx, pegID)
	if err != nil || archived.GetStatus() != tabulav1.GameStatus_GAME_STATUS_ARCHIVED {
		t.Fatalf("archive: %v, %v", archived, err)
	}

	// Listing: filters and pages.
	ids := func(opts ...tabula.ListGamesOption) []string {
		t.Helper()
		page, err := manager.ListGames(ctx, opts...)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, game := range page.GetGames() {
			ids = append(ids, game.GetGameId())
		}
		return append(ids, "next:"+page.GetNextPageToken())
	}
	if got := ids(tabula.InStatus(tabulav1.GameStatus_GAME_STATUS_ARCHIVED)); strings.Join(got, " ") != pegID+" next:" {
		t.Fatalf("archived games %v, want %s", got, pegID)
	}
	if got := ids(tabula.OfKind(tabulav1.GameKind_GAME_KIND_PEG_SOLITAIRE)); len(got) != 1 {
		t.Fatalf("peg solitaire games not archived: %v", got)
	}
	first := ids(tabula.OfKind(tabulav1.GameKind_GAME_KIND_CHESS), tabula.PageSize(1), tabula.CreatedAfter(start))
	if len(first) != 2 || first[0] != importedID || first[1] == "next:" {
		t.Fatalf("first page %v, want the newest chess game %s and a token", first, importedID)
	}
	second := ids(tabula.OfKind(tabulav1.GameKind_GAME_KIND_CHESS), tabula.PageSize(1), tabula.CreatedAfter(start),
		tabula.PageToken(strings.TrimPrefix(first[1], "next:")))
	if strings.Join(second, " ") != chessID+" next:" {
		t.Fatalf("second page %v, want %s and no token", second, chessID)
	}
	if got := ids(tabula.CreatedBefore(start)); len(got) != 1 {
		t.Fatalf("games created before the test: %v", got)
	}
	if got := ids(tabula.CreatedAfter(time.Now().Add(time.Hour))); len(got) != 1 {
		t.Fatalf("games created in the future: %v", got)
	}
	_, err = manager.ListGames(ctx, tabula.PageToken("not-a-token"))
	requireError(t, err, codes.InvalidArgument, "INVALID_PAGE_TOKEN")

	// Deleted for good.
	if err := manager.DeleteGame(ctx, importedID); err != nil {
		t.Fatal(err)
	}
	_, err = manager.GetGame(ctx, importedID)
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")
	err = manager.DeleteGame(ctx, importedID)
	requireError(t, err, codes.NotFound, "GAME_NOT_FOUND")
}
