package tabula

import "github.com/tabula-games/tabula/clients/go/tabulav1"

// Cell is the cell at row and column col of a grid board (row 0 is the top row).
func Cell(row, col uint32) *tabulav1.Cell { return &tabulav1.Cell{Row: row, Col: col} }

// AtCell is a location on a grid board, for [Move] and [Capture].
func AtCell(row, col uint32) *tabulav1.Location {
	return &tabulav1.Location{At: &tabulav1.Location_Cell{Cell: Cell(row, col)}}
}

// AtPoint is a location on a graph board (Morris), by point index.
func AtPoint(point uint32) *tabulav1.Location {
	return &tabulav1.Location{At: &tabulav1.Location_Point{Point: point}}
}

func place(place *tabulav1.Place) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Place{Place: place}}
}

// PlaceCell puts the mover's mark or stone on a cell (tic-tac-toe, Gomoku, Reversi, Tic-Tac-Two).
func PlaceCell(row, col uint32) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Cell{Cell: Cell(row, col)}})
}

// Drop drops a disc into a zero-based column (Connect Four).
func Drop(column uint32) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Column{Column: column}})
}

// PlacePoint puts a piece from the mover's hand on a point (Morris).
func PlacePoint(point uint32) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Point{Point: point}})
}

// Ship is one ship of a Battleship fleet: its top-left cell (the bow), its length, and
// whether it runs down the board (vertical) or across it.
func Ship(row, col, length uint32, vertical bool) *tabulav1.ShipPlacement {
	orientation := tabulav1.Orientation_ORIENTATION_HORIZONTAL
	if vertical {
		orientation = tabulav1.Orientation_ORIENTATION_VERTICAL
	}
	return &tabulav1.ShipPlacement{Bow: Cell(row, col), Orientation: orientation, Length: length}
}

// PlaceShip places one ship (Battleship), made with [Ship].
func PlaceShip(ship *tabulav1.ShipPlacement) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Ship{Ship: ship}})
}

// PlaceFleet places a whole fleet at once (Battleship), each ship made with [Ship].
func PlaceFleet(ships ...*tabulav1.ShipPlacement) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Fleet{Fleet: &tabulav1.Fleet{Ships: ships}}})
}

// MoveOption refines a [Move].
type MoveOption func(*tabulav1.PieceMove)

// WithPromotion makes a chess pawn reaching the last rank become piece.
func WithPromotion(piece tabulav1.Promotion) MoveOption {
	return func(m *tabulav1.PieceMove) { m.Promotion = piece }
}

// ClaimingDraw claims a draw (threefold repetition, fifty moves) that the move brings about.
func ClaimingDraw() MoveOption {
	return func(m *tabulav1.PieceMove) { m.ClaimDraw = true }
}

// Move moves a piece from one location to another ([AtCell], [AtPoint]): chess,
// Tic-Tac-Two, Morris, peg solitaire.
func Move(from, to *tabulav1.Location, opts ...MoveOption) *tabulav1.Move {
	move := &tabulav1.PieceMove{From: from, To: to}
	for _, opt := range opts {
		opt(move)
	}
	return &tabulav1.Move{Kind: &tabulav1.Move_Move{Move: move}}
}

// GridShift shifts Tic-Tac-Two's grid by dRow and dCol, each -1, 0 or 1.
func GridShift(dRow, dCol int32) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_GridShift{GridShift: &tabulav1.GridShift{DRow: dRow, DCol: dCol}}}
}

// Capture removes an opponent's piece at a location after a mill (Morris).
func Capture(at *tabulav1.Location) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Capture{Capture: &tabulav1.Capture{Target: at}}}
}

// Shot fires at a cell of the opponent's ocean (Battleship).
func Shot(row, col uint32) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Shot{Shot: &tabulav1.Shot{Target: Cell(row, col)}}}
}

// Pass gives up the turn where the rules allow it (Reversi).
func Pass() *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Pass{Pass: &tabulav1.Pass{}}}
}

// Ready confirms a completed setup (Battleship: the fleet is placed).
func Ready() *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Ready{Ready: &tabulav1.Ready{}}}
}

// Draw offers, accepts, declines or claims a draw (chess).
func Draw(action tabulav1.DrawAction) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Draw{Draw: &tabulav1.Draw{Action: action}}}
}
