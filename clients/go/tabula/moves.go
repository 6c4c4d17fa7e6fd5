package tabula

import "github.com/tabula-games/tabula/clients/go/tabulav1"

// Cell is the cell at row and column col of a grid board (row 0 is the top row).
func Cell(row, col uint32) *tabulav1.Cell { return &tabulav1.Cell{Row: row, Col: col} }

// AtCell is a location on a grid board, for [MovePiece] and [CapturePiece].
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

// PlaceMark puts the mover's mark or stone on a cell (tic-tac-toe, Gomoku, Reversi, Tic-Tac-Two).
func PlaceMark(row, col uint32) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Cell{Cell: Cell(row, col)}})
}

// DropDisc drops a disc into a zero-based column (Connect Four).
func DropDisc(column uint32) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Column{Column: column}})
}

// PlaceOnPoint puts a piece from the mover's hand on a point (Morris).
func PlaceOnPoint(point uint32) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Point{Point: point}})
}

// Ship is one ship of a Battleship fleet: its top-left cell, direction and length.
func Ship(row, col uint32, orientation tabulav1.Orientation, length uint32) *tabulav1.ShipPlacement {
	return &tabulav1.ShipPlacement{Bow: Cell(row, col), Orientation: orientation, Length: length}
}

// PlaceShip places one ship (Battleship).
func PlaceShip(ship *tabulav1.ShipPlacement) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Ship{Ship: ship}})
}

// PlaceFleet places a whole fleet at once (Battleship).
func PlaceFleet(ships ...*tabulav1.ShipPlacement) *tabulav1.Move {
	return place(&tabulav1.Place{Target: &tabulav1.Place_Fleet{Fleet: &tabulav1.Fleet{Ships: ships}}})
}

// MovePiece moves a piece from one location to another (chess, Tic-Tac-Two, Morris, peg solitaire).
func MovePiece(from, to *tabulav1.Location) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Move{Move: &tabulav1.PieceMove{From: from, To: to}}}
}

// Promote is a chess move of a pawn to the last rank that becomes piece.
func Promote(from, to *tabulav1.Location, piece tabulav1.Promotion) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Move{Move: &tabulav1.PieceMove{From: from, To: to, Promotion: piece}}}
}

// ShiftGrid shifts Tic-Tac-Two's grid by dRow and dCol, each -1, 0 or 1.
func ShiftGrid(dRow, dCol int32) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_GridShift{GridShift: &tabulav1.GridShift{DRow: dRow, DCol: dCol}}}
}

// CapturePiece removes an opponent's piece after a mill (Morris).
func CapturePiece(target *tabulav1.Location) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Capture{Capture: &tabulav1.Capture{Target: target}}}
}

// FireShot fires at a cell of the opponent's ocean (Battleship).
func FireShot(row, col uint32) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Shot{Shot: &tabulav1.Shot{Target: Cell(row, col)}}}
}

// PassTurn gives up the turn where the rules allow it (Reversi).
func PassTurn() *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Pass{Pass: &tabulav1.Pass{}}}
}

// ConfirmReady confirms a completed setup (Battleship: the fleet is placed).
func ConfirmReady() *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Ready{Ready: &tabulav1.Ready{}}}
}

// DrawAction offers, accepts, declines or claims a draw (chess).
func DrawAction(action tabulav1.DrawAction) *tabulav1.Move {
	return &tabulav1.Move{Kind: &tabulav1.Move_Draw{Draw: &tabulav1.Draw{Action: action}}}
}
