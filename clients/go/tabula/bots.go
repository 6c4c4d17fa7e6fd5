package tabula

import (
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// BotSeat is a seat the server's own engine plays, for the [Bots] option: seat (from 1) at
// level, from 1 (the weakest: a random legal move) to the kind's
// [tabulav1.GameKindInfo.GetMaxBotLevel], thinking at most moveTime per move (0: the
// server's default of 1 second; at most 10 seconds). The engine moves as soon as the seat is
// to act; its events carry the actor's engine arm, the seat's number.
func BotSeat(seat, level uint32, moveTime time.Duration) *tabulav1.BotSeat {
	bot := &tabulav1.BotSeat{Seat: seat, Level: level}
	if moveTime != 0 {
		bot.MoveTime = durationpb.New(moveTime)
	}
	return bot
}

// Bots has the server's own engine play these seats of the created game (build them with
// [BotSeat]): any of them, or all, for a game of engine against engine. The engine moves as
// soon as such a seat is to act. The seat still gets a token, which reads the game as that
// seat but may not move, resign or take back for it (FAILED_PRECONDITION, reason
// SEAT_PLAYED_BY_ENGINE, metadata "seat"). A bad seat, level or move time fails with
// INVALID_ARGUMENT, reason INVALID_REQUEST. For the CreateGame calls (and the GameFrom
// builders of [Client.BatchCreateGames]), and for the CreateSeries calls, where a BotSeat's seat names the player (1 or 2) the engine plays in
// every game of the series, whichever seat that player sits in. Given more than once, the
// seats add up.
func Bots(seats ...*tabulav1.BotSeat) SeatingOption {
	return optionOf(func(o *callOptions) { o.bots = append(o.bots, seats...) })
}
