package tabula

import "time"

// EndingTakebackWindow lets the seat whose move ended the created game by the rules (a line,
// a mate, a full board; not a resignation, a timeout, an agreement, a claim, an abort or an
// adjudication) take that move back for d after it (GameConfig.ending_takeback_window), set
// on a copy of the configuration like [Presence]: the caller's configuration is left as it
// is. The configuration must allow takebacks (GameConfig.allow_takebacks). [Client.TakeBack]
// (or, in a game whose takebacks need consent, a request the other seat accepts with
// [Client.AnswerTakeBack]) then puts the game back in progress: a "move_taken_back" event,
// then a "game_resumed" one (GetGameResumed()), on the game's stream and, as
// OWNER_EVENT_KIND_GAME_RESUMED, on the owner's ([Client.OwnerEvents]); the clocks run again
// from then. The window counts from the game's last event (the
// end, or a request to take it back); the end is final once it has passed or once a request
// to take it back is declined. Until then [Client.Events] stays open after the "game_ended"
// event, and [Client.CreateRematch] and [Client.ArchiveGame] fail with FAILED_PRECONDITION,
// reason GAME_NOT_FINISHED, whose metadata "final_at" (RFC 3339) says when the end is final.
//
// d is from 1 second to 1 hour, in whole milliseconds; 0 sends none (the end is final at
// once, whatever window the configuration had). The server refuses other values, and a
// window without allow_takebacks, in a game with hidden information (Battleship), or in peg
// solitaire, with INVALID_ARGUMENT, reason INVALID_REQUEST, on the field
// config.ending_takeback_window; with [SpectatorDelay] too, on the field spectator_delay; and
// with [RatingPool] on the field rating_pool (a rated game's end is final at once).
// For [Client.CreateGameFromConfig] and [GameFromConfig] only: a preset keeps no window and
// a saved configuration the window it was saved with (set GameConfig.EndingTakebackWindow on
// the configuration saved), and a series takes none (it moves on when a game ends), so the
// CreateSeries calls do not take it.
func EndingTakebackWindow(d time.Duration) GameConfigOption {
	return optionOf(func(o *callOptions) { o.endingTakeback = &d })
}
