package tabula

import (
	"time"
)

// MaxTime bounds how long the engine thinks about a hint: 0 means the server's default of
// 1 second; at most 10 seconds (more fails with INVALID_ARGUMENT, reason INVALID_REQUEST).
// For [Client.GetHint].
func MaxTime(d time.Duration) GetHintOption {
	return optionOf(func(o *callOptions) { o.maxTime = d })
}

// MaxNodes bounds how many positions the engine expands for a hint: 0 means the server's
// cap of 50,000,000 (more fails with INVALID_ARGUMENT, reason INVALID_REQUEST). For
// [Client.GetHint].
func MaxNodes(n uint64) GetHintOption {
	return optionOf(func(o *callOptions) { o.maxNodes = n })
}

// AtSeq names the game right after the event with this sequence number (1: the start)
// instead of now; a seq beyond the log fails with OUT_OF_RANGE, reason SEQ_OUT_OF_RANGE. For
// [Client.GetHint], which analyses that position, only in a finished game (a running game
// fails with reason GAME_NOT_FINISHED for any seq but its current one), and for
// [Client.GetView], which returns the view as the caller saw it then, in any game (seq 0
// fails with SEQ_OUT_OF_RANGE too), and for [Client.ListPuzzleSolutions] and
// [Client.AllPuzzleSolutions], which list the solutions from that position on GetHint's
// terms (in a running game only its current seq).
func AtSeq(seq uint64) AtSeqOption {
	return optionOf(func(o *callOptions) { o.atSeq = &seq })
}

// AllowHints sets whether the seat to move may ask [Client.GetHint] while the created game
// runs. Without it the server decides: allowed in one-seat games (peg solitaire), refused
// (reason HINTS_DISABLED) where seats play each other. Anyone may analyse a finished game
// either way. For the CreateGame calls (and the GameFrom builders of
// [Client.BatchCreateGames]), and for the CreateSeries and CreateTournament calls (every
// game of the series or tournament).
func AllowHints(allow bool) CreationOption {
	return optionOf(func(o *callOptions) { o.allowHints = &allow })
}
