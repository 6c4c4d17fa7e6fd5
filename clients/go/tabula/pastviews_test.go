package tabula_test

// GetView at a past seq against a real server: the board after each event of a running
// Connect Four game, equal to the views the event stream carried, for a spectator and for a
// seat; seqs out of range; a clock pause's seq. Offline, that AtSeq reaches the server.

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// streamedViews reads the views EventsWithViews carries for client's caller, up to and
// including the event with seq last, by seq.
func streamedViews(t *testing.T, ctx context.Context, client *tabula.Client, gameID string, last uint64) map[uint64]*tabulav1.View {
	t.Helper()
	views := map[uint64]*tabulav1.View{}
	for item, err := range client.EventsWithViews(ctx, gameID, 0) {
		if err != nil {
			t.Fatalf("after %d events: %v", len(views), err)
		}
		if item.View == nil || item.View.GetSeq() != item.Event.GetSeq() {
			t.Fatalf("event %d came with the view %v", item.Event.GetSeq(), item.View)
		}
		views[item.Event.GetSeq()] = item.View
		if item.Event.GetSeq() == last {
			break
		}
	}
	if len(views) != int(last) {
		t.Fatalf("the stream carried %d views, want %d", len(views), last)
	}
	return views
}

// pastView is GetView at seq, failing the test on an error.
func pastView(t *testing.T, ctx context.Context, client *tabula.Client, gameID string, seq uint64) *tabulav1.View {
	t.Helper()
	view, err := client.GetView(ctx, gameID, tabula.AtSeq(seq))
	if err != nil {
		t.Fatalf("GetView at seq %d: %v", seq, err)
	}
	return view
}

// discs lists the occupied cells of a grid board as "owner@row,col".
func discs(board *tabulav1.GridBoard) []string {
	var found []string
	for i, cell := range board.GetCells() {
		if cell.GetOwner() != 0 || cell.GetPiece() != tabulav1.Piece_PIECE_UNSPECIFIED {
			row, col := uint32(i)/board.GetWidth(), uint32(i)%board.GetWidth()
			found = append(found, fmt.Sprintf("%d@%d,%d", cell.GetOwner(), row, col))
		}
	}
	return found
}

func TestGetViewAtAPastSeqShowsTheGameThen(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	gameID, red, yellow := connectFour(t, ctx, address)
	spectator := dial(t, address) // no keys on the test server: a spectator's and a service key's view
	// Red drops in column 3, Yellow on top of it, Red in column 4: seqs 2, 3, 4.
	for i, column := range []uint32{3, 3, 4} {
		if _, err := []*tabula.Client{red, yellow}[i%2].SubmitMove(ctx, gameID, tabula.Drop(column)); err != nil {
			t.Fatalf("move %d (column %d): %v", i+1, column, err)
		}
	}

	second := pastView(t, ctx, spectator, gameID, 2)
	if got := discs(second.GetBoard()); !slices.Equal(got, []string{"1@5,3"}) {
		t.Fatalf("the board at seq 2 holds %v, want Red's disc at row 5, column 3", got)
	}
	if second.GetSeq() != 2 || second.GetMoveCount() != 1 || !slices.Equal(second.GetToAct(), []uint32{2}) {
		t.Fatalf("the view at seq 2: seq %d, %d moves, to act %v; want seq 2, 1 move, [2]",
			second.GetSeq(), second.GetMoveCount(), second.GetToAct())
	}
	first := pastView(t, ctx, spectator, gameID, 1)
	if got := discs(first.GetBoard()); len(got) != 0 || len(first.GetBoard().GetCells()) != 42 {
		t.Fatalf("the board at seq 1 holds %v in %d cells, want an empty 6x7 board", got, len(first.GetBoard().GetCells()))
	}
	if first.GetSeq() != 1 || first.GetMoveCount() != 0 || !slices.Equal(first.GetToAct(), []uint32{1}) {
		t.Fatalf("the view at seq 1: %v", first)
	}
	now, err := spectator.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if fourth := pastView(t, ctx, spectator, gameID, 4); !proto.Equal(fourth, now) || now.GetSeq() != 4 {
		t.Fatalf("the view at seq 4 is %v, the current one %v", fourth, now)
	}
	if got := discs(now.GetBoard()); !slices.Equal(got, []string{"2@4,3", "1@5,3", "1@5,4"}) {
		t.Fatalf("the board now holds %v", got)
	}

	// The views the stream carried at each seq, for a spectator and for Red's seat.
	for name, client := range map[string]*tabula.Client{"spectator": spectator, "seat 1": red} {
		streamed := streamedViews(t, ctx, client, gameID, 4)
		for seq := uint64(1); seq <= 4; seq++ {
			if past := pastView(t, ctx, client, gameID, seq); !proto.Equal(past, streamed[seq]) {
				t.Fatalf("%s at seq %d: GetView answers %v, the stream carried %v", name, seq, past, streamed[seq])
			}
		}
		if seat := pastView(t, ctx, client, gameID, 2).GetViewerSeat(); (name == "seat 1") != (seat == 1) {
			t.Fatalf("%s: the view at seq 2 is seat %d's", name, seat)
		}
	}
}

func TestGetViewOutsideTheLogIsOutOfRange(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	gameID, red, _ := connectFour(t, ctx, address)
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(3)); err != nil {
		t.Fatal(err)
	}
	for _, seq := range []uint64{0, 99} {
		_, err := dial(t, address).GetView(ctx, gameID, tabula.AtSeq(seq))
		requireError(t, err, codes.OutOfRange, "SEQ_OUT_OF_RANGE")
		_, err = red.GetView(ctx, gameID, tabula.AtSeq(seq))
		requireError(t, err, codes.OutOfRange, "SEQ_OUT_OF_RANGE")
	}
	if view := pastView(t, ctx, red, gameID, 2); view.GetSeq() != 2 {
		t.Fatalf("the last seq: %v", view)
	}
}

// A clock change is an event but no move: at a pause's seq the board is the one before it,
// and the clocks read as they did then, paused.
func TestGetViewAtAClockPauseShowsThePausedClocks(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(tabula.Fischer(5*time.Minute, 0)))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	red := manager.As(created.GetSeatTokens()[0].GetToken())
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(2)); err != nil { // seq 2
		t.Fatal(err)
	}
	if _, err := manager.PauseClock(ctx, gameID); err != nil { // seq 3
		t.Fatal(err)
	}
	if _, err := manager.ResumeClock(ctx, gameID); err != nil { // seq 4
		t.Fatal(err)
	}
	moved, paused := pastView(t, ctx, manager, gameID, 2), pastView(t, ctx, manager, gameID, 3)
	if paused.GetSeq() != 3 || paused.GetMoveCount() != 1 || !proto.Equal(paused.GetBoard(), moved.GetBoard()) {
		t.Fatalf("at the pause (seq 3): %v; after the move (seq 2): %v", paused, moved)
	}
	if !paused.GetClock().GetPaused() || moved.GetClock().GetPaused() || moved.GetClock() == nil {
		t.Fatalf("the clocks at seq 2 %v, at seq 3 %v: want paused only at 3", moved.GetClock(), paused.GetClock())
	}
	streamed := streamedViews(t, ctx, manager, gameID, 4)
	for seq := uint64(1); seq <= 4; seq++ {
		if past := pastView(t, ctx, manager, gameID, seq); !proto.Equal(past, streamed[seq]) {
			t.Fatalf("at seq %d: GetView answers %v, the stream carried %v", seq, past, streamed[seq])
		}
	}
}

// viewService records the GetView requests that reach it.
type viewService struct {
	tabulav1.UnimplementedGameServiceServer
	mu    sync.Mutex
	views []*tabulav1.GetViewRequest
}

func (v *viewService) GetView(_ context.Context, request *tabulav1.GetViewRequest) (*tabulav1.GetViewResponse, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.views = append(v.views, request)
	return &tabulav1.GetViewResponse{View: &tabulav1.View{GameId: request.GetGameId()}}, nil
}

func TestAtSeqReachesGetViewAndNoOtherCall(t *testing.T) {
	v := &viewService{}
	client := startFake(t, v)
	ctx := testContext(t)
	if _, err := client.GetView(ctx, "g", tabula.AtSeq(7)); err != nil {
		t.Fatal(err)
	}
	if _, err := client.GetView(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	if len(v.views) != 2 {
		t.Fatalf("%d GetView requests reached the server, want 2", len(v.views))
	}
	if got := v.views[0]; got.GetGameId() != "g" || got.AtSeq == nil || got.GetAtSeq() != 7 {
		t.Fatalf("GetView with AtSeq(7) sent %v", got)
	}
	if got := v.views[1]; got.AtSeq != nil {
		t.Fatalf("GetView without AtSeq sent %v, want at_seq unset", got)
	}
}
