package tabula

import (
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// Fischer is a time control of base for the whole game (from 1 second to 30 days) plus
// increment added after each of the seat's moves (at most 1 hour), for [Clock].
// Durations are whole milliseconds; the server refuses finer parts (INVALID_ARGUMENT, reason
// INVALID_CONFIG), as it does the other controls' out-of-range values.
func Fischer(base, increment time.Duration) *tabulav1.TimeControl {
	return &tabulav1.TimeControl{Control: &tabulav1.TimeControl_Fischer{Fischer: &tabulav1.FischerControl{
		Base: durationpb.New(base), Increment: durationpb.New(increment),
	}}}
}

// Bronstein is a time control of base for the whole game (from 1 second to 30 days) where,
// after each move, the time it took is given back up to delay (at most 1 hour), for [Clock].
func Bronstein(base, delay time.Duration) *tabulav1.TimeControl {
	return &tabulav1.TimeControl{Control: &tabulav1.TimeControl_Bronstein{Bronstein: delayControl(base, delay)}}
}

// SimpleDelay is a time control of base for the whole game (from 1 second to 30 days) whose
// clock starts each turn only once delay (at most 1 hour) has passed, for [Clock].
func SimpleDelay(base, delay time.Duration) *tabulav1.TimeControl {
	return &tabulav1.TimeControl{Control: &tabulav1.TimeControl_SimpleDelay{SimpleDelay: delayControl(base, delay)}}
}

func delayControl(base, delay time.Duration) *tabulav1.DelayControl {
	return &tabulav1.DelayControl{Base: durationpb.New(base), Delay: durationpb.New(delay)}
}

// PerMove is a time control of a fixed time for each move (from 1 second to 1 day), unused
// time lost, for [Clock].
func PerMove(d time.Duration) *tabulav1.TimeControl {
	return &tabulav1.TimeControl{Control: &tabulav1.TimeControl_PerMove{PerMove: durationpb.New(d)}}
}

// CorrespondenceDays is a time control of days for each move (from 1 to 60), for [Clock].
func CorrespondenceDays(days uint32) *tabulav1.TimeControl {
	return &tabulav1.TimeControl{Control: &tabulav1.TimeControl_CorrespondenceDays{CorrespondenceDays: days}}
}

// Clock gives the created game clocks (GameConfig.clock): one control for every seat, or one
// per seat in seat order (a handicap), built with [Fischer], [Bronstein], [SimpleDelay],
// [PerMove] or [CorrespondenceDays]. It replaces any clock the configuration has, on a copy:
// the caller's configuration is left as it is. The clocks start at the creation; a seat whose
// time runs out loses (END_REASON_TIMEOUT) unless [OnTimeout] says otherwise; with
// [FirstMoveWindow] a seat's clock waits for its first move, and a seat that does not make
// it in time aborts the game. For
// [Client.CreateGameFromConfig], [GameFromConfig] and [Client.CreateSeriesFromConfig] (every
// game of the series) only: a preset comes with its own clock or none (its configuration in
// [Client.ListGameKinds] shows which), a saved configuration with the one it was saved with
// ([Client.CreateGameFromSavedConfig]), and a PGN import has none; to play a preset on
// another clock, create the game from the preset's configuration with Clock.
func Clock(controls ...*tabulav1.TimeControl) ConfigOption {
	return optionOf(func(o *callOptions) { o.clock = &tabulav1.ClockConfig{Controls: controls} })
}

// OnTimeout sets what running out of time does in the created game (ClockConfig.on_timeout):
// TIMEOUT_RULE_LOSE (the default) or TIMEOUT_RULE_DEFAULT_MOVE, a move played for the seat
// by the server, whose actor is the clock, after which the game goes on. It applies to the
// clock of [Clock], or else to the one the configuration has; without either the call fails
// without calling the server (or [GameFromConfig] fails). For [Client.CreateGameFromConfig],
// [GameFromConfig] and [Client.CreateSeriesFromConfig] only.
func OnTimeout(rule tabulav1.TimeoutRule) ConfigOption {
	return optionOf(func(o *callOptions) { o.onTimeout = &rule })
}

// FirstMoveWindow sets the longest each seat may take to make its first move in the created
// game (ClockConfig.first_move_window), counted from when it is first to act: from 1 second
// to 1 day, in whole milliseconds (the server refuses other values, INVALID_ARGUMENT). Until
// its first move a seat's own clock does not run; a seat that lets the window pass did not
// show up, and the server's clock aborts the game (a GameAborted event whose actor is the
// clock and whose explanation names the seat, then GameEnded with END_REASON_ABORTED and no
// result) rather than the seat losing on time, so that a lobby can pair again. Where the game
// can no longer be aborted (a seat has made two moves) the seat loses on time as usual.
// Without it the clocks run from the start. It applies to the clock of [Clock], or else to
// the one the configuration has; without either the call fails without calling the server
// (or [GameFromConfig] fails). For [Client.CreateGameFromConfig], [GameFromConfig] and
// [Client.CreateSeriesFromConfig] only.
func FirstMoveWindow(d time.Duration) ConfigOption {
	return optionOf(func(o *callOptions) { o.firstMove = &d })
}

// SeatClock is seat's clock (numbered from 1) in readings, the clocks of a view
// ([tabulav1.View.GetClock]) or of an event ([tabulav1.GameEvent.GetClock]); nil when
// readings is nil (a game without clocks, or a GameEnded event) or has no such seat.
func SeatClock(readings *tabulav1.ClockReadings, seat uint32) *tabulav1.SeatClock {
	for _, clock := range readings.GetSeats() {
		if clock.GetSeat() == seat {
			return clock
		}
	}
	return nil
}

// Remaining is seat's time left at the moment at, worked out from readings, the clocks of a
// view or an event as of their GetReadAt(): a seat whose time is not running has what it had
// then; a running one has that less the time passed since, and nothing left from its
// deadline on (during a simple delay, it has what it had until the delay has passed). ok is
// false when readings has no clock for seat (see [SeatClock]). Pass time.Now() to show a
// ticking clock; the server's clock is the authority, so a client whose clock is off shows
// the time off by as much.
func Remaining(readings *tabulav1.ClockReadings, seat uint32, at time.Time) (left time.Duration, ok bool) {
	clock := SeatClock(readings, seat)
	if clock == nil {
		return 0, false
	}
	left = clock.GetRemaining().AsDuration()
	if !clock.GetRunning() || readings.GetPaused() {
		return left, true
	}
	if deadline := clock.GetDeadline(); deadline != nil {
		left = min(left, deadline.AsTime().Sub(at))
	} else if readAt := readings.GetReadAt(); readAt != nil {
		left -= max(at.Sub(readAt.AsTime()), 0)
	}
	return max(left, 0), true
}
