package tabula

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// ApplyViewChange is view with change applied: the later view the change was made to, as
// a stream opened with view_changes sends it (StreamEventsResponse.view_change, every
// message but the stream's first) for a caller of the generated stub ([Client.Stub]);
// [Client.EventsWithViewChanges] applies the changes itself.
//
// Every field of change's view but the boards replaces view's. A board (board, graph,
// seat_boards) present in change's view replaces view's whole; an absent one is view's with
// change's cells (on board for seat_board 0, else on the seat board of that seat, cell
// index row*width+col) and points (index into graph's points) applied. The result shares
// nothing with its arguments, which are left as they were.
//
// A change that carries no view, or names a board, a cell or a point view lacks, was not
// made from view: the error is an [*Error] of code DataLoss and reason
// [ReasonViewChangeMismatch], whose message says what the change named.
func ApplyViewChange(view *tabulav1.View, change *tabulav1.ViewChange) (*tabulav1.View, error) {
	later, refusal := applyViewChange(view, change)
	if later == nil {
		return nil, viewChangeMismatch(refusal)
	}
	return later, nil
}

// applyViewChange is [ApplyViewChange]: the later view, or nil and why the change does not
// apply. It mirrors the server's tabula::proto::view_change::apply.
func applyViewChange(view *tabulav1.View, change *tabulav1.ViewChange) (*tabulav1.View, string) {
	if change.GetView() == nil {
		return nil, "the change carries no view"
	}
	later := proto.CloneOf(change.GetView())
	if later.Board == nil && view.GetBoard() != nil {
		later.Board = proto.CloneOf(view.GetBoard())
	}
	if len(later.SeatBoards) == 0 {
		for _, board := range view.GetSeatBoards() {
			later.SeatBoards = append(later.SeatBoards, proto.CloneOf(board))
		}
	}
	for _, cell := range change.GetCells() {
		seat := cell.GetSeatBoard()
		var board *tabulav1.GridBoard
		switch {
		case seat == 0:
			board = later.Board
		case uint64(seat) <= uint64(len(later.SeatBoards)):
			board = later.SeatBoards[seat-1]
		}
		if board == nil {
			return nil, fmt.Sprintf("the change names board %d, which the earlier view does not have", seat)
		}
		row, col := cell.GetCell().GetRow(), cell.GetCell().GetCol()
		index := uint64(row)*uint64(board.GetWidth()) + uint64(col)
		if row >= board.GetHeight() || col >= board.GetWidth() || index >= uint64(len(board.Cells)) {
			return nil, fmt.Sprintf("the change names cell (%d, %d), off board %d", row, col, seat)
		}
		content := &tabulav1.BoardCell{}
		if cell.GetContent() != nil {
			content = proto.CloneOf(cell.GetContent())
		}
		board.Cells[index] = content
	}
	if later.Graph == nil && view.GetGraph() != nil {
		later.Graph = proto.CloneOf(view.GetGraph())
	}
	for _, point := range change.GetPoints() {
		index := point.GetPoint()
		if later.Graph == nil || uint64(index) >= uint64(len(later.Graph.Points)) || later.Graph.Points[index] == nil {
			return nil, fmt.Sprintf("the change names point %d, which the earlier view's graph does not have", index)
		}
		later.Graph.Points[index].Occupant = point.GetOccupant()
	}
	return later, ""
}
