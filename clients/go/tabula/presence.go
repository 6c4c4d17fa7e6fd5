package tabula

import (
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// Presence has the created game keep its seats' presence (GameConfig.presence), set on a
// copy of the configuration like [Clock]: the caller's configuration is left as it is. Every
// seat the engine does not play is present while it holds an event stream of the game
// ([Client.Events] and the other streams, with the seat's credential) or made a call to it
// within awayAfter (from 1 second to 1 hour; 0 sends none, which means 30 seconds); each
// change is logged as a "seat_presence_changed" event (GetSeatPresenceChanged(): the seat,
// and whether it is present now), on the game's stream and, as OWNER_EVENT_KIND_SEAT_PRESENT
// or SEAT_GONE, on the owner's ([Client.OwnerEvents]). Views show each such seat in
// GetPresence(): present or not, since when, and GetClaimableAt().
//
// claimAfter (from 1 second to 7 days; 0 sends none: no claim) is how long the seat to move
// must have been gone, in a two-seat game, before the other seat may claim the game, or a
// draw, with [Client.ClaimVictory]. Both are whole milliseconds; the server refuses other
// values (INVALID_ARGUMENT, reason INVALID_CONFIG). Presence(0, 0) keeps presence with the
// default away time and no claim. Presence events change no position: a seq they passed
// still holds for [ExpectedSeq]. For [Client.CreateGameFromConfig], [GameFromConfig] and
// [Client.CreateSeriesFromConfig] (every game of the series) only, as [Clock] is: a preset
// keeps no presence and a saved configuration the presence it was saved with (set
// GameConfig.Presence on the configuration saved).
func Presence(awayAfter, claimAfter time.Duration) ConfigOption {
	return optionOf(func(o *callOptions) {
		o.presence = &tabulav1.PresenceConfig{}
		if awayAfter != 0 {
			o.presence.AwayAfter = durationpb.New(awayAfter)
		}
		if claimAfter != 0 {
			o.presence.ClaimAfter = durationpb.New(claimAfter)
		}
	})
}

// ClaimDraw has [Client.ClaimVictory] claim a draw rather than the win
// (ClaimVictoryRequest.draw).
func ClaimDraw() ClaimVictoryOption {
	return optionOf(func(o *callOptions) { o.claimDraw = true })
}
