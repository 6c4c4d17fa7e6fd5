package tabula

import (
	"context"
	"iter"
	"maps"
	"slices"

	"google.golang.org/grpc"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// OwnerEventsOption configures [Client.OwnerEvents]: its filters [OwnerKinds] and
// [OwnerLabels], and every [StreamOption] ([GiveUpAfter], [ResumeForever], [MaxReconnects],
// [ReconnectDelay]).
type OwnerEventsOption interface {
	applyOwnerEvents(*ownerEventsOptions)
}

type ownerEventsOptions struct {
	stream []StreamOption
	kinds  []tabulav1.OwnerEventKind
	labels map[string]string
}

// applyOwnerEvents makes a StreamOption an [OwnerEventsOption].
func (o StreamOption) applyOwnerEvents(options *ownerEventsOptions) {
	options.stream = append(options.stream, o)
}

// ownerFilter is an [OwnerEventsOption] that narrows what the stream asks for.
type ownerFilter func(*ownerEventsOptions)

func (f ownerFilter) applyOwnerEvents(options *ownerEventsOptions) { f(options) }

// OwnerKinds has [Client.OwnerEvents] deliver only events of these kinds
// (StreamOwnerEventsRequest.kinds), for example
// OwnerKinds(tabulav1.OwnerEventKind_OWNER_EVENT_KIND_GAME_ENDED); without it, or with no
// kind, every kind. Given more than once, the kinds add up.
func OwnerKinds(kinds ...tabulav1.OwnerEventKind) OwnerEventsOption {
	copied := slices.Clone(kinds)
	return ownerFilter(func(o *ownerEventsOptions) { o.kinds = append(o.kinds, copied...) })
}

// OwnerLabels has [Client.OwnerEvents] deliver only events of games carrying every one of
// these labels with these values (StreamOwnerEventsRequest.labels, at most 64 entries, under
// the rules of [Labels]), as the game's labels are when the server delivers the event, so a
// game relabelled since its backlog was written is judged by its labels now; without it,
// the events of every game. Given more than once, the labels add up (a key given again takes
// the later value). OwnerLabels copies the map, so the caller may change it afterwards.
func OwnerLabels(labels map[string]string) OwnerEventsOption {
	copied := maps.Clone(labels)
	return ownerFilter(func(o *ownerEventsOptions) {
		if o.labels == nil {
			o.labels = make(map[string]string, len(copied))
		}
		maps.Copy(o.labels, copied)
	})
}

// OwnerEvents follows what happens to every game this client's service key owns (on a
// server without keys: to the games created without one), in one stream numbered by the
// key's own cursor (StreamOwnerEvents): each game created (OWNER_EVENT_KIND_GAME_CREATED,
// by a CreateGame call, a batch, a rematch, a series or a tournament), started by its first move
// (GAME_STARTED), ended however it ended (GAME_ENDED), a draw offered (DRAW_OFFERED), a
// takeback asked (TAKEBACK_REQUESTED), a seat of a game keeping presence ([Presence]) come
// (SEAT_PRESENT) or gone (SEAT_GONE), a seat's time run out (CLOCK_FLAGGED), each move
// of a game created with [OwnerStreamMoves] (MOVE_PLAYED; the first one is also the
// GAME_STARTED), a game's end taken back within its [EndingTakebackWindow], the game in
// progress again (GAME_RESUMED), of the key's series each game scored
// (SERIES_GAME_FINISHED) and the series decided by the game that just ended
// (SERIES_FINISHED, after that game's SERIES_GAME_FINISHED), and of the key's tournaments
// each board scored by the game that just ended (TOURNAMENT_BOARD_FINISHED), the round
// that game was the last of (TOURNAMENT_ROUND_FINISHED, after that game's
// TOURNAMENT_BOARD_FINISHED) and the tournament it was the last game of
// (TOURNAMENT_FINISHED, after the TOURNAMENT_ROUND_FINISHED). A board decided without a
// game (a bye, a forfeit) has no entry, nor has a round or a tournament whose last board is
// one; a knockout's matches are series, so its games come as the series kinds and it has no
// tournament kind. Each [tabulav1.OwnerEvent] carries its GetCursor(), its GetKind() and the
// game's own event as a spectator sees it (GetGameEvent(), whose GetGameId() names the game
// and GetSeq() places it in the game's stream: the GetGameCreated() of a creation, the first
// GetMoveApplied() of a start, the GetGameEnded() of an end, with the result and the
// reason, the GetSeatPresenceChanged() of a seat come or gone, the GetTimedOut() of a flag,
// which the GAME_ENDED follows, the GetMoveApplied() of a move played, the GetGameResumed()
// of a game resumed, and for the series and tournament kinds the GetGameEnded() of the game
// that moved the series or the tournament on). The two series kinds also carry the series'
// own event, as [Client.SeriesEvents] delivers it, in GetSeriesEvent() (nil for every other
// kind): the GetGameFinished() of a game scored (its number, game id, outcome and the points
// so far) and the GetSeriesFinished() of the end (the winner and the final points); its
// GetSeriesId() names the series. The three tournament kinds carry the tournament's own
// event, as [Client.TournamentEvents] delivers it, in GetTournamentEvent() (nil for every
// other kind): the GetBoardFinished() of a board scored (its round, and the board with its
// players, game id and result), the GetRoundFinished() of a round (its number and the
// standings after it) and the GetTournamentEnded() of the end (TOURNAMENT_STATUS_FINISHED
// and the final standings); its GetTournamentId() names the tournament and GetSeq() places
// it in the tournament's stream. Read a game's every event with [Client.Events] on that id,
// a series' with [Client.SeriesEvents], a tournament's with [Client.TournamentEvents].
//
// It yields the events whose cursor is greater than afterCursor (0: the key's whole
// history; resume with the last cursor seen), first the backlog, then live events, each
// exactly once and in order. Cursors count every event of every game of the key, so a
// filtered stream skips numbers: the cursors increase, not one by one. Options: the filters
// [OwnerKinds] and [OwnerLabels], and the [StreamOption]s ([GiveUpAfter], [ResumeForever],
// [MaxReconnects], [ReconnectDelay]) as for [Client.Events].
//
// The sequence does not end by itself while the server runs. When the connection drops,
// the server ends this reader for falling behind (reason STREAM_LAGGED), or the server
// stops (UNAVAILABLE, reason SHUTTING_DOWN: another replica may take over), OwnerEvents
// reconnects with the same filters and resumes after the cursor of the last event it
// yielded, so the caller sees no gap and no duplicate (see [StreamOption] for when it gives
// up: by default after 30 s without a successful reconnection). Any other failure, or giving
// up, is yielded once as an error (an [*Error] for a server status,
// ctx's error on cancellation) and ends the sequence: on a server with keys, as for every
// managing call, UNAUTHENTICATED, reason CREDENTIAL_REQUIRED, without a credential and
// PERMISSION_DENIED, reason SERVICE_KEY_REQUIRED, with a seat's; OUT_OF_RANGE, reason
// SEQ_OUT_OF_RANGE, for an afterCursor beyond the key's newest cursor (metadata
// "current_cursor"); RESOURCE_EXHAUSTED, reason TOO_MANY_STREAMS. An event whose cursor is
// not greater than the previous event's (the first one: not greater than afterCursor) ends
// it with an [*Error] of code DataLoss and reason [ReasonCursorOutOfOrder], whose
// metadata "last_cursor" and "received_cursor" hold both cursors.
//
// The stream has no deadline (the client's default one is for unary calls): it ends when
// ctx is cancelled, when the loop breaks, or when the client is closed. Breaking out of
// the loop closes the stream.
//
// An event of a kind this client does not know (sent by a newer server) is yielded like
// any other: its GetKind() holds the number ([EnumName] shows it as "unknown(N)").
func (c *Client) OwnerEvents(ctx context.Context, afterCursor uint64, opts ...OwnerEventsOption) iter.Seq2[*tabulav1.OwnerEvent, error] {
	var o ownerEventsOptions
	for _, opt := range opts {
		opt.applyOwnerEvents(&o)
	}
	return func(yield func(*tabulav1.OwnerEvent, error) bool) {
		open := func(ctx context.Context, after uint64) (grpc.ServerStreamingClient[tabulav1.StreamOwnerEventsResponse], error) {
			return c.stub.StreamOwnerEvents(ctx, &tabulav1.StreamOwnerEventsRequest{AfterCursor: after, Kinds: o.kinds, Labels: o.labels})
		}
		cursorOf := func(response *tabulav1.StreamOwnerEventsResponse) uint64 { return response.GetEvent().GetCursor() }
		resume(ctx, c.conn, afterCursor, o.stream, open, cursorOf, increasing, func(response *tabulav1.StreamOwnerEventsResponse, err error) bool {
			return yield(response.GetEvent(), err)
		})
	}
}

// increasing is the order of a service key's events: each cursor is greater than the last,
// by one or more (a filtered stream skips the cursors of the events it leaves out).
func increasing(last, received uint64) error {
	if received <= last {
		return cursorOutOfOrder(last, received)
	}
	return nil
}
