package tabula_test

// Views sent as changes (StreamEventsRequest.view_changes): ApplyViewChange on hand-made
// changes and its refusals; EventsWithViewChanges against a real server, on games with a
// grid board (Reversi), a graph (Morris) and seat boards (Battleship), yielding exactly
// what EventsWithViews yields while the wire carries changes; a resumed stream; offline, a
// change that does not apply ending the stream.

import (
	"context"
	"fmt"
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

// grid is a width x height board whose cells at the indexes of marks hold a mark of their
// owner.
func grid(width, height uint32, marks map[int]uint32) *tabulav1.GridBoard {
	board := &tabulav1.GridBoard{Width: width, Height: height, ColumnLabels: []string{"a", "b", "c"}}
	for i := range int(width * height) {
		cell := &tabulav1.BoardCell{}
		if owner, ok := marks[i]; ok {
			cell = &tabulav1.BoardCell{Owner: owner, Piece: tabulav1.Piece_PIECE_MARK}
		}
		board.Cells = append(board.Cells, cell)
	}
	return board
}

// graph is a row of points with these occupants.
func graph(occupants ...uint32) *tabulav1.GraphBoard {
	board := &tabulav1.GraphBoard{Width: uint32(len(occupants)), Height: 1}
	for x, occupant := range occupants {
		board.Points = append(board.Points, &tabulav1.GraphPoint{X: uint32(x), Occupant: occupant, Label: fmt.Sprintf("p%d", x)})
	}
	return board
}

func mark(owner uint32) *tabulav1.BoardCell {
	return &tabulav1.BoardCell{Owner: owner, Piece: tabulav1.Piece_PIECE_MARK}
}

func at(row, col uint32) *tabulav1.Cell { return &tabulav1.Cell{Row: row, Col: col} }

func TestApplyViewChangeGivesTheLaterView(t *testing.T) {
	earlier := &tabulav1.View{
		GameId: "g", Seq: 3, MoveCount: 2, ToAct: []uint32{1},
		Board:      grid(3, 2, map[int]uint32{0: 1}),
		SeatBoards: []*tabulav1.GridBoard{grid(2, 2, nil), grid(2, 2, map[int]uint32{3: 2})},
		Graph:      graph(0, 1, 0),
	}
	change := &tabulav1.ViewChange{
		View: &tabulav1.View{GameId: "g", Seq: 4, MoveCount: 3, ToAct: []uint32{2}},
		Cells: []*tabulav1.CellChange{
			{SeatBoard: 0, Cell: at(1, 2), Content: mark(2)},
			{SeatBoard: 2, Cell: at(0, 1), Content: mark(1)},
			{SeatBoard: 0, Cell: at(0, 0)}, // no content: the cell is empty now
		},
		Points: []*tabulav1.PointChange{{Point: 0, Occupant: 2}, {Point: 1, Occupant: 0}},
	}
	want := &tabulav1.View{
		GameId: "g", Seq: 4, MoveCount: 3, ToAct: []uint32{2},
		Board:      grid(3, 2, map[int]uint32{5: 2}),
		SeatBoards: []*tabulav1.GridBoard{grid(2, 2, nil), grid(2, 2, map[int]uint32{1: 1, 3: 2})},
		Graph:      graph(2, 0, 0),
	}
	earlierBefore, changeBefore := proto.CloneOf(earlier), proto.CloneOf(change)
	later, err := tabula.ApplyViewChange(earlier, change)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(later, want) {
		t.Fatalf("applied, the change gives %v, want %v", later, want)
	}
	if !proto.Equal(earlier, earlierBefore) || !proto.Equal(change, changeBefore) {
		t.Fatal("ApplyViewChange modified its arguments")
	}
	// The result shares nothing with the arguments.
	later.Board.Cells[0].Owner = 9
	later.SeatBoards[0].Cells[0].Owner = 9
	later.Graph.Points[2].Occupant = 9
	later.ToAct[0] = 9
	if !proto.Equal(earlier, earlierBefore) || !proto.Equal(change, changeBefore) {
		t.Fatal("the view ApplyViewChange returned shares messages with its arguments")
	}

	// A board present in the change replaces the earlier one whole, and the cells apply to it;
	// absent seat boards and graph stay the earlier ones.
	reshaped := grid(2, 1, nil)
	reshaped.ColumnLabels = []string{"x", "y"}
	whole := &tabulav1.ViewChange{
		View:  &tabulav1.View{Seq: 5, Board: reshaped},
		Cells: []*tabulav1.CellChange{{Cell: at(0, 1), Content: mark(1)}},
	}
	later, err = tabula.ApplyViewChange(earlier, whole)
	if err != nil {
		t.Fatal(err)
	}
	wantBoard := proto.CloneOf(reshaped)
	wantBoard.Cells[1] = mark(1)
	if !proto.Equal(later.GetBoard(), wantBoard) || !proto.Equal(later.GetGraph(), earlier.GetGraph()) ||
		len(later.GetSeatBoards()) != 2 || !proto.Equal(later.GetSeatBoards()[1], earlier.GetSeatBoards()[1]) {
		t.Fatalf("a change with a whole board gives %v", later)
	}
	if later.GetSeq() != 5 || later.GetMoveCount() != 0 || later.GetGameId() != "" {
		t.Fatalf("the fields of the change's view did not replace the earlier ones: %v", later)
	}

	// No change of the boards: the earlier boards, the later fields.
	later, err = tabula.ApplyViewChange(earlier, &tabulav1.ViewChange{View: &tabulav1.View{Seq: 6}})
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(later, &tabulav1.View{Seq: 6, Board: earlier.Board, SeatBoards: earlier.SeatBoards, Graph: earlier.Graph}) {
		t.Fatalf("an empty change gives %v", later)
	}
}

func TestApplyViewChangeRefusesAChangeMadeFromAnotherView(t *testing.T) {
	earlier := &tabulav1.View{
		Board:      grid(3, 2, nil),
		SeatBoards: []*tabulav1.GridBoard{grid(2, 2, nil), grid(2, 2, nil)},
		Graph:      graph(0, 0, 0),
	}
	bare := &tabulav1.View{Seq: 2}
	cell := func(seatBoard, row, col uint32) *tabulav1.ViewChange {
		return &tabulav1.ViewChange{View: bare, Cells: []*tabulav1.CellChange{{SeatBoard: seatBoard, Cell: at(row, col), Content: mark(1)}}}
	}
	point := func(index uint32) *tabulav1.ViewChange {
		return &tabulav1.ViewChange{View: bare, Points: []*tabulav1.PointChange{{Point: index, Occupant: 1}}}
	}
	for _, refused := range []struct {
		name    string
		view    *tabulav1.View
		change  *tabulav1.ViewChange
		message string
	}{
		{"no view", earlier, &tabulav1.ViewChange{}, "the change carries no view"},
		{"a row off the board", earlier, cell(0, 2, 0), "the change names cell (2, 0), off board 0"},
		{"a column off the board", earlier, cell(0, 0, 3), "the change names cell (0, 3), off board 0"},
		{"a column off a seat board", earlier, cell(2, 1, 2), "the change names cell (1, 2), off board 2"},
		{"a seat board beyond the last", earlier, cell(3, 0, 0), "the change names board 3, which the earlier view does not have"},
		{"a board the view lacks", &tabulav1.View{Graph: graph(0)}, cell(0, 0, 0), "the change names board 0, which the earlier view does not have"},
		{"seat boards the view lacks", &tabulav1.View{Board: grid(3, 2, nil)}, cell(1, 0, 0), "the change names board 1, which the earlier view does not have"},
		{"a point beyond the last", earlier, point(3), "the change names point 3, which the earlier view's graph does not have"},
		{"a graph the view lacks", &tabulav1.View{Board: grid(3, 2, nil)}, point(0), "the change names point 0, which the earlier view's graph does not have"},
	} {
		t.Run(refused.name, func(t *testing.T) {
			before := proto.CloneOf(refused.view)
			later, err := tabula.ApplyViewChange(refused.view, refused.change)
			if later != nil {
				t.Fatalf("applied, the change gives %v", later)
			}
			e := requireError(t, err, codes.DataLoss, tabula.ReasonViewChangeMismatch)
			if e.Message != refused.message {
				t.Fatalf("the refusal says %q, want %q", e.Message, refused.message)
			}
			if !proto.Equal(refused.view, before) {
				t.Fatal("a refused change modified the view")
			}
		})
	}
}

// seatsOf are one client per seat of a newly created game, each on its own connection,
// and the seats' tokens.
func seatsOf(t *testing.T, address string, created *tabulav1.CreateGameResponse) (map[uint32]*tabula.Client, map[uint32]string) {
	t.Helper()
	seats, tokens := map[uint32]*tabula.Client{}, map[uint32]string{}
	for _, token := range created.GetSeatTokens() {
		seats[token.GetSeat()] = dial(t, address, tabula.WithCredential(token.GetToken()))
		tokens[token.GetSeat()] = token.GetToken()
	}
	return seats, tokens
}

// playLegal plays n moves (playFirstLegal), then has seat 1 resign, which ends the game.
func playLegal(t *testing.T, ctx context.Context, gameID string, seats map[uint32]*tabula.Client, n int) {
	t.Helper()
	playFirstLegal(t, ctx, gameID, seats, n)
	if _, err := seats[1].Resign(ctx, gameID); err != nil {
		t.Fatal(err)
	}
}

// playFirstLegal plays n moves, each the first legal move of the first seat to act.
func playFirstLegal(t *testing.T, ctx context.Context, gameID string, seats map[uint32]*tabula.Client, n int) {
	t.Helper()
	for i := range n {
		view, err := seats[1].GetView(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		if len(view.GetToAct()) == 0 {
			t.Fatalf("move %d: nobody is to act in %v", i+1, view)
		}
		seat := seats[view.GetToAct()[0]]
		legal, err := seat.ListLegalMoves(ctx, gameID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(legal.GetMoves()) == 0 {
			t.Fatalf("move %d: seat %d has no legal move", i+1, view.GetToAct()[0])
		}
		if _, err := seat.SubmitMove(ctx, gameID, legal.GetMoves()[0].GetMove()); err != nil {
			t.Fatalf("move %d (%s): %v", i+1, legal.GetMoves()[0].GetUci(), err)
		}
	}
}

// battleship creates a Battleship game, places both fleets, readies both seats and fires
// a few shots (a hit, misses), then has seat 1 resign.
func battleship(t *testing.T, ctx context.Context, address string) (gameID string, tokens map[uint32]string) {
	t.Helper()
	created, err := dial(t, address).CreateGameFromConfig(ctx, &tabulav1.GameConfig{
		Game: &tabulav1.GameConfig_Battleship{Battleship: &tabulav1.BattleshipConfig{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	gameID = created.GetGame().GetGameId()
	seats, tokens := seatsOf(t, address, created)
	for seat, vertical := range map[uint32]bool{1: false, 2: true} {
		var fleet []*tabulav1.ShipPlacement
		for i, length := range []uint32{5, 4, 3, 3, 2} {
			if seat == 1 {
				fleet = append(fleet, tabula.Ship(uint32(2*i), 0, length, vertical))
			} else {
				fleet = append(fleet, tabula.Ship(0, uint32(2*i), length, vertical))
			}
		}
		if _, err := seats[seat].SubmitMove(ctx, gameID, tabula.PlaceFleet(fleet...)); err != nil {
			t.Fatalf("seat %d fleet: %v", seat, err)
		}
	}
	for _, seat := range []uint32{1, 2} {
		if _, err := seats[seat].SubmitMove(ctx, gameID, tabula.Ready()); err != nil {
			t.Fatalf("seat %d ready: %v", seat, err)
		}
	}
	for _, shot := range []struct{ seat, row, col uint32 }{{1, 0, 0}, {2, 9, 9}, {1, 9, 9}, {2, 0, 0}, {1, 1, 0}} {
		if _, err := seats[shot.seat].SubmitMove(ctx, gameID, tabula.Shot(shot.row, shot.col)); err != nil {
			t.Fatalf("seat %d shot at (%d, %d): %v", shot.seat, shot.row, shot.col, err)
		}
	}
	if _, err := seats[1].Resign(ctx, gameID); err != nil {
		t.Fatal(err)
	}
	return gameID, tokens
}

// followAll reads a whole stream of EventsWithViews or EventsWithViewChanges.
func followAll(t *testing.T, stream func(func(tabula.EventWithView, error) bool)) []tabula.EventWithView {
	t.Helper()
	var got []tabula.EventWithView
	for item, err := range stream {
		if err != nil {
			t.Fatalf("after %d events: %v", len(got), err)
		}
		got = append(got, item)
	}
	return got
}

// requireSameViews asserts that two streams yielded the same events with the same views,
// message by message.
func requireSameViews(t *testing.T, name string, whole, changed []tabula.EventWithView) {
	t.Helper()
	if len(changed) != len(whole) || len(whole) < 2 {
		t.Fatalf("%s: EventsWithViewChanges yielded %d events, EventsWithViews %d", name, len(changed), len(whole))
	}
	for i := range whole {
		if !proto.Equal(changed[i].Event, whole[i].Event) {
			t.Fatalf("%s: event %d is %v, EventsWithViews yielded %v", name, i+1, changed[i].Event, whole[i].Event)
		}
		if changed[i].View == nil || !proto.Equal(changed[i].View, whole[i].View) {
			t.Fatalf("%s: the view of event %d is %v, EventsWithViews yielded %v", name, whole[i].Event.GetSeq(), changed[i].View, whole[i].View)
		}
	}
}

// requireChangesOnTheWire asserts that the responses of one StreamEvents call opened with
// view_changes carried the first view whole and every later one as a change that left the
// boards out (their shapes hold in these games), and that some change carried cells or
// points. It returns the views the changes make, applied in order.
func requireChangesOnTheWire(t *testing.T, name string, responses []*tabulav1.StreamEventsResponse) []*tabulav1.View {
	t.Helper()
	if len(responses) < 2 {
		t.Fatalf("%s: %d responses on the wire", name, len(responses))
	}
	views := []*tabulav1.View{responses[0].GetView()}
	if views[0] == nil || responses[0].GetViewChange() != nil {
		t.Fatalf("%s: the first message carried view %v and change %v, want the view whole", name, responses[0].GetView(), responses[0].GetViewChange())
	}
	moved := false
	for _, response := range responses[1:] {
		change, seq := response.GetViewChange(), response.GetEvent().GetSeq()
		if response.GetView() != nil || change == nil {
			t.Fatalf("%s: message %d carried view %v and change %v, want a change and no view", name, seq, response.GetView(), change)
		}
		if inner := change.GetView(); inner.GetBoard() != nil || inner.GetGraph() != nil || len(inner.GetSeatBoards()) != 0 {
			t.Fatalf("%s: the change of message %d carries a whole board: %v", name, seq, inner)
		}
		moved = moved || len(change.GetCells()) > 0 || len(change.GetPoints()) > 0
		later, err := tabula.ApplyViewChange(views[len(views)-1], change)
		if err != nil {
			t.Fatalf("%s: the change of message %d: %v", name, seq, err)
		}
		views = append(views, later)
	}
	if !moved {
		t.Fatalf("%s: no change carried a cell or a point", name)
	}
	return views
}

func TestEventsWithViewChangesYieldWhatEventsWithViewsDo(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	// Each game: its id, its seats' tokens, and a function that plays it to its end.
	preset := func(t *testing.T, kind tabulav1.GameKind, name string, moves int) (string, map[uint32]string, func()) {
		created, err := dial(t, address).CreateGameFromPreset(ctx, kind, name)
		if err != nil {
			t.Fatal(err)
		}
		gameID := created.GetGame().GetGameId()
		seats, tokens := seatsOf(t, address, created)
		return gameID, tokens, func() { playLegal(t, ctx, gameID, seats, moves) }
	}
	for _, game := range []struct {
		name  string
		start func(t *testing.T) (gameID string, tokens map[uint32]string, play func())
	}{
		{"reversi othello", func(t *testing.T) (string, map[uint32]string, func()) {
			return preset(t, tabulav1.GameKind_GAME_KIND_REVERSI, "othello", 12)
		}},
		{"morris nine", func(t *testing.T) (string, map[uint32]string, func()) {
			return preset(t, tabulav1.GameKind_GAME_KIND_MORRIS, "nine", 12)
		}},
		{"chess standard", func(t *testing.T) (string, map[uint32]string, func()) {
			return preset(t, tabulav1.GameKind_GAME_KIND_CHESS, "standard", 6)
		}},
		{"battleship", func(t *testing.T) (string, map[uint32]string, func()) {
			// Played before anyone follows: the live stream reads the backlog, then the end.
			gameID, tokens := battleship(t, ctx, address)
			return gameID, tokens, func() {}
		}},
	} {
		t.Run(game.name, func(t *testing.T) {
			gameID, tokens, play := game.start(t)
			// Every viewer's stream goes through the recorder, which keeps what the wire carried.
			var recorder streamRecorder
			watch := tabula.WithDialOptions(grpc.WithStreamInterceptor(recorder.intercept))
			viewers := map[string]*tabula.Client{
				"spectator": dial(t, address, watch),
				"seat 1":    dial(t, address, watch, tabula.WithCredential(tokens[1])),
			}

			// A spectator follows live while the game is played.
			live := make(chan []tabula.EventWithView, 1)
			opened := make(chan struct{})
			go func() {
				var got []tabula.EventWithView
				for item, err := range viewers["spectator"].EventsWithViewChanges(ctx, gameID, 0) {
					if err != nil {
						t.Errorf("live, after %d events: %v", len(got), err)
						break
					}
					if len(got) == 0 {
						close(opened)
					}
					got = append(got, item)
				}
				live <- got
			}()
			select {
			case <-opened:
			case <-time.After(10 * time.Second):
				t.Fatal("the live stream delivered no event")
			}
			play()
			var followed []tabula.EventWithView
			select {
			case followed = <-live:
			case <-time.After(20 * time.Second):
				t.Fatal("the live stream did not end after the game did")
			}
			_, liveResponses := recorder.take()

			for name, viewer := range viewers {
				whole := followAll(t, viewer.EventsWithViews(ctx, gameID, 0))
				checkViews(t, ctx, viewer, gameID, whole)
				recorder.take()
				changed := followAll(t, viewer.EventsWithViewChanges(ctx, gameID, 0))
				requests, responses := recorder.take()
				requireSameViews(t, name, whole, changed)
				if len(requests) != 1 || !requests[0].GetViewChanges() || !requests[0].GetIncludeViews() {
					t.Fatalf("%s: EventsWithViewChanges sent %v, want one request with view_changes and include_views", name, requests)
				}
				applied := requireChangesOnTheWire(t, name, responses)
				for i, view := range applied {
					if !proto.Equal(view, whole[i].View) {
						t.Fatalf("%s: the wire's change %d applied by hand gives %v, want %v", name, i, view, whole[i].View)
					}
				}
				if name == "spectator" {
					requireSameViews(t, "live", whole, followed)
					requireChangesOnTheWire(t, "live", liveResponses)
				}
			}

			// The generated stub, asked for view changes, gets them too: the first view whole.
			stream, err := viewers["spectator"].Stub().StreamEvents(ctx, &tabulav1.StreamEventsRequest{GameId: gameID, AfterSeq: 2, ViewChanges: true})
			if err != nil {
				t.Fatal(err)
			}
			first, err := stream.Recv()
			if err != nil {
				t.Fatal(err)
			}
			if first.GetEvent().GetSeq() != 3 || first.GetView().GetSeq() != 3 || first.GetViewChange() != nil {
				t.Fatalf("after seq 2, the first message is %v, want event 3 with its view whole", first)
			}
		})
	}
}

func TestEventsWithViewChangesResumeFromAWholeView(t *testing.T) {
	ctx := testContext(t)
	address := testserver.Start(t)
	proxy := testserver.StartProxy(t, address)
	created, err := dial(t, address).CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_REVERSI, "othello")
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	seats, _ := seatsOf(t, address, created)
	var recorder streamRecorder
	spectator := dial(t, proxy.Address, tabula.WithDialOptions(grpc.WithStreamInterceptor(recorder.intercept)))

	// Two moves are in before the spectator follows (seqs 1 to 3); the connection drops at
	// seq 3 and ten more moves and a resignation come while it is away.
	playFirstLegal(t, ctx, gameID, seats, 2)
	var got []tabula.EventWithView
	cut := false
	for item, err := range spectator.EventsWithViewChanges(ctx, gameID, 0, tabula.ReconnectDelay(20*time.Millisecond)) {
		if err != nil {
			t.Fatalf("after %d events: %v", len(got), err)
		}
		got = append(got, item)
		if item.Event.GetSeq() == 3 && !cut {
			if n := proxy.Cut(); n == 0 {
				t.Fatal("no connection went through the proxy")
			}
			cut = true
			playLegal(t, ctx, gameID, seats, 10)
		}
	}
	if !cut {
		t.Fatal("the stream never reached seq 3")
	}
	requests, responses := recorder.take()
	whole := followAll(t, dial(t, address).EventsWithViews(ctx, gameID, 0))
	requireSameViews(t, "resumed", whole, got)
	if len(whole) < 3+10+1 {
		t.Fatalf("the game has %d events, want 12 moves and the resignation after the creation", len(whole))
	}

	// Each stream the client opened started with a whole view and went on with changes.
	if len(requests) < 2 {
		t.Fatalf("the stream was opened %d times, want a resume", len(requests))
	}
	starts := map[uint64]bool{}
	for i, request := range requests {
		if !request.GetViewChanges() || !request.GetIncludeViews() || (i > 0 && request.GetAfterSeq() < 3) {
			t.Fatalf("request %d is %v, want view_changes, resuming after seq 3 or later", i, request)
		}
		starts[request.GetAfterSeq()+1] = true
	}
	resumedAt := requests[len(requests)-1].GetAfterSeq() + 1
	wholeAt := map[uint64]bool{}
	for _, response := range responses {
		seq := response.GetEvent().GetSeq()
		if response.GetView() != nil {
			wholeAt[seq] = true
			if !starts[seq] {
				t.Fatalf("message %d carried its view whole, but no stream started there (streams after %v)", seq, requests)
			}
		} else if response.GetViewChange() == nil {
			t.Fatalf("message %d carried neither a view nor a change", seq)
		}
	}
	if !wholeAt[1] || !wholeAt[resumedAt] || len(wholeAt) != 2 {
		t.Fatalf("whole views at seqs %v, want 1 and %d, where the resumed stream started", wholeAt, resumedAt)
	}
}

// changeService is a stand-in StreamEvents whose calls send the responses a test scripts,
// one script per call, and then fail with Unavailable (but the last call, which ends).
type changeService struct {
	tabulav1.UnimplementedGameServiceServer
	scripts [][]*tabulav1.StreamEventsResponse

	mu       sync.Mutex
	requests []*tabulav1.StreamEventsRequest
}

func (c *changeService) StreamEvents(request *tabulav1.StreamEventsRequest, stream grpc.ServerStreamingServer[tabulav1.StreamEventsResponse]) error {
	c.mu.Lock()
	call := len(c.requests)
	c.requests = append(c.requests, proto.CloneOf(request))
	c.mu.Unlock()
	if call >= len(c.scripts) {
		return status.Error(codes.Internal, "no script for this call")
	}
	for _, response := range c.scripts[call] {
		if err := stream.Send(response); err != nil {
			return err
		}
	}
	if call < len(c.scripts)-1 {
		return status.Error(codes.Unavailable, "dropped")
	}
	return nil
}

func (c *changeService) seen() []*tabulav1.StreamEventsRequest {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*tabulav1.StreamEventsRequest(nil), c.requests...)
}

// event is a move event with seq.
func event(seq uint64) *tabulav1.GameEvent {
	return &tabulav1.GameEvent{Seq: seq, Kind: &tabulav1.GameEvent_MoveApplied{MoveApplied: &tabulav1.MoveApplied{Seat: 1}}}
}

// wholeAt is a response with seq whose view is whole, its board with marks.
func wholeAt(seq uint64, marks map[int]uint32) *tabulav1.StreamEventsResponse {
	return &tabulav1.StreamEventsResponse{Event: event(seq), View: &tabulav1.View{GameId: "g", Seq: seq, Board: grid(3, 2, marks)}}
}

// changeAt is a response with seq whose view comes as a change of one cell.
func changeAt(seq uint64, row, col, owner uint32) *tabulav1.StreamEventsResponse {
	return &tabulav1.StreamEventsResponse{Event: event(seq), ViewChange: &tabulav1.ViewChange{
		View:  &tabulav1.View{GameId: "g", Seq: seq},
		Cells: []*tabulav1.CellChange{{Cell: at(row, col), Content: mark(owner)}},
	}}
}

// followChanges reads EventsWithViewChanges of a changeService until it ends: the views it
// yielded and the errors.
func followChanges(t *testing.T, service *changeService) ([]*tabulav1.View, []error) {
	t.Helper()
	client := startFake(t, service)
	var views []*tabulav1.View
	var failures []error
	for item, err := range client.EventsWithViewChanges(testContext(t), "g", 0, tabula.ReconnectDelay(time.Millisecond)) {
		if err != nil {
			failures = append(failures, err)
			continue
		}
		if item.View.GetSeq() != item.Event.GetSeq() {
			t.Fatalf("event %d came with the view of seq %d", item.Event.GetSeq(), item.View.GetSeq())
		}
		views = append(views, item.View)
	}
	return views, failures
}

func TestEventsWithViewChangesApplyEachChangeToTheViewBefore(t *testing.T) {
	t.Run("across a resume", func(t *testing.T) {
		service := &changeService{scripts: [][]*tabulav1.StreamEventsResponse{
			{wholeAt(1, nil), changeAt(2, 0, 0, 1), changeAt(3, 1, 2, 2)},
			// The resumed call starts from a whole view again, which is not the one the
			// changes before it would make, and goes on from it.
			{wholeAt(4, map[int]uint32{1: 2}), changeAt(5, 0, 0, 1)},
		}}
		views, failures := followChanges(t, service)
		if len(failures) != 0 {
			t.Fatalf("the stream failed: %v", failures)
		}
		want := []*tabulav1.View{
			wholeAt(1, nil).GetView(),
			wholeAt(2, map[int]uint32{0: 1}).GetView(),
			wholeAt(3, map[int]uint32{0: 1, 5: 2}).GetView(),
			wholeAt(4, map[int]uint32{1: 2}).GetView(),
			wholeAt(5, map[int]uint32{0: 1, 1: 2}).GetView(),
		}
		if len(views) != len(want) {
			t.Fatalf("yielded %d views, want %d", len(views), len(want))
		}
		for i := range want {
			if !proto.Equal(views[i], want[i]) {
				t.Fatalf("view %d is %v, want %v", i+1, views[i], want[i])
			}
		}
		requests := service.seen()
		if len(requests) != 2 || requests[1].GetAfterSeq() != 3 {
			t.Fatalf("requests %v, want two, the second after seq 3", requests)
		}
		for _, request := range requests {
			if !request.GetViewChanges() || !request.GetIncludeViews() {
				t.Fatalf("request %v, want view_changes and include_views", request)
			}
		}
	})
	refusals := []struct {
		name    string
		scripts [][]*tabulav1.StreamEventsResponse
		views   int    // yielded before the error
		seq     string // the refused message's
	}{
		{"a change off the board", [][]*tabulav1.StreamEventsResponse{{wholeAt(1, nil), changeAt(2, 0, 0, 1), changeAt(3, 2, 0, 1)}}, 2, "3"},
		{"a change before any view", [][]*tabulav1.StreamEventsResponse{{changeAt(1, 0, 0, 1)}}, 0, "1"},
		{"a resumed stream that starts with a change", [][]*tabulav1.StreamEventsResponse{
			{wholeAt(1, nil), changeAt(2, 0, 0, 1)},
			{changeAt(3, 1, 1, 2)},
		}, 2, "3"},
	}
	for _, refused := range refusals {
		t.Run(refused.name, func(t *testing.T) {
			views, failures := followChanges(t, &changeService{scripts: refused.scripts})
			if len(views) != refused.views || len(failures) != 1 {
				t.Fatalf("yielded %d views and errors %v, want %d views then one error", len(views), failures, refused.views)
			}
			e := requireError(t, failures[0], codes.DataLoss, tabula.ReasonViewChangeMismatch)
			if e.Metadata["seq"] != refused.seq || !strings.Contains(e.Message, "seq "+refused.seq) || status.Code(failures[0]) != codes.DataLoss {
				t.Fatalf("the error is %v with metadata %v, want one naming seq %s", e, e.Metadata, refused.seq)
			}
		})
	}
}
