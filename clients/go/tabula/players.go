package tabula

import (
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// Player is who sits in a seat, for the [Players] option: playerID is the player's
// identifier in the caller's own system (at most 128 characters, kept as given; [OfPlayer]
// finds the player's games by it), displayName the name to show (at most 64 characters,
// without control characters). Tabula keeps no accounts: it records what it is told.
func Player(playerID, displayName string) *tabulav1.Player {
	return &tabulav1.Player{PlayerId: playerID, DisplayName: displayName}
}

// Players names who sits in the created game's seats, in seat order (build them with
// [Player]): the first sits in seat 1, and fewer players than seats leave the rest unnamed.
// The game records them as given and shows them, one entry per seat (an unnamed seat's
// empty), in GetPlayers() of the game ([Client.GetGame]), of every view ([Client.GetView])
// and of its game_created event, and in a chess game's PGN tags. More players than seats,
// an id over 128 characters, or a display name over 64 characters or with control
// characters fails with INVALID_ARGUMENT, reason INVALID_REQUEST, every problem named. For
// the CreateGame calls (and the GameFrom builders of [Client.BatchCreateGames]), and for the
// CreateSeries calls, where they are the series' two
// players (at most two): player 1 sits in seat 1 in odd-numbered games and in seat 2 in even
// ones. Given more than once, the players add up.
func Players(players ...*tabulav1.Player) SeatingOption {
	return optionOf(func(o *callOptions) { o.players = append(o.players, players...) })
}

// OfPlayer lists only games with a seat whose player has this id ([Player]; at most 128
// characters). For [Client.ListGames].
func OfPlayer(playerID string) ListGamesOption {
	return optionOf(func(o *callOptions) { o.playerID = playerID })
}
