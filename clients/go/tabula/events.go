package tabula

import (
	"context"
	"errors"
	"io"
	"iter"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// DefaultGiveUpAfter is how long an event stream keeps trying to reconnect, without a
// successful reconnection, before it gives up: see [GiveUpAfter].
const DefaultGiveUpAfter = 30 * time.Second

type streamOptions struct {
	// maxReconnects bounds the attempts in a row that deliver no event; negative: no bound.
	maxReconnects int
	firstDelay    time.Duration
	maxDelay      time.Duration
	// giveUpAfter bounds the time without a successful reconnection; negative: no bound.
	giveUpAfter time.Duration
}

func defaultStreamOptions() streamOptions {
	return streamOptions{maxReconnects: -1, firstDelay: 100 * time.Millisecond, maxDelay: 2 * time.Second, giveUpAfter: DefaultGiveUpAfter}
}

// StreamOption configures [Client.Events], [Client.EventsWithViews],
// [Client.EventsWithViewChanges], [Client.SeriesEvents], [Client.TournamentEvents] and
// [Client.OwnerEvents] (it is an [OwnerEventsOption] too).
//
// An event stream rides out a server restart or a dropped connection by itself: when the
// stream breaks with code Unavailable, with an Internal error of the transport (one without
// a reason from the server), or because the server ended a reader that fell behind (reason
// STREAM_LAGGED), it opens the stream again after the last event it yielded, so the caller
// sees every event once and in order. It waits 100 ms before the first attempt
// ([ReconnectDelay]), doubling up to 2 s, each wait give or take 20% at random, and gives
// up after 30 s without a successful reconnection ([GiveUpAfter], or [ResumeForever]),
// yielding the last error and ending. [MaxReconnects] bounds the attempts too; MaxReconnects(0)
// turns reconnecting off.
type StreamOption func(*streamOptions)

// MaxReconnects bounds the reconnection attempts in a row that deliver no event before an
// event stream ([Client.Events], [Client.SeriesEvents], [Client.TournamentEvents],
// [Client.OwnerEvents]) gives up and yields the last error, on top of [GiveUpAfter]'s bound
// in time. Without it the attempts are bounded in time only; 0 never reconnects.
func MaxReconnects(n int) StreamOption {
	return func(o *streamOptions) { o.maxReconnects = max(n, 0) }
}

// ReconnectDelay sets the wait before the first reconnection attempt; it doubles on each
// further attempt in a row, up to 2 seconds, each wait give or take 20%. Default 100ms.
func ReconnectDelay(d time.Duration) StreamOption {
	return func(o *streamOptions) { o.firstDelay = d }
}

// GiveUpAfter sets how long an event stream keeps trying to reconnect without a successful
// reconnection (the server answered the reopened stream) before it yields the last error and
// ends; default [DefaultGiveUpAfter] (30 s). The time counts from the failure that began
// the streak; a last attempt is made when it runs out. 0 or less never reconnects. After a
// stream gave up, open it again with the last seq (or cursor) it yielded as afterSeq to go on
// where it stopped.
func GiveUpAfter(d time.Duration) StreamOption {
	return func(o *streamOptions) { o.giveUpAfter = max(d, 0) }
}

// ResumeForever makes an event stream keep trying to reconnect for as long as its context
// lasts, never giving up on a server that stays away (unless [MaxReconnects] bounds the
// attempts); the waits between attempts stay at most 2 seconds.
func ResumeForever() StreamOption {
	return func(o *streamOptions) { o.giveUpAfter = -1 }
}

// Events follows the events of a game that come after sequence number afterSeq (0: from the
// creation): first the backlog, then live events, each exactly once and in order.
//
// The sequence ends after the game's final event: its "game_ended", or, in a game created
// with [EndingTakebackWindow], once that end is final (until then the move that ended the
// game may be taken back, and a "move_taken_back" then a "game_resumed" follow the
// "game_ended"). When the server restarts, the connection drops, or the server ends the
// stream because this reader fell behind (reason STREAM_LAGGED), Events reconnects and
// resumes after the last event it yielded, so the caller sees no gap and no duplicate; it
// gives up after 30 s without a successful reconnection (see [StreamOption]: [GiveUpAfter],
// [ResumeForever], [MaxReconnects]). Any other failure, or giving up, is yielded once as an
// error (an [*Error] for a server status, ctx's error on cancellation) and ends the
// sequence; to go on after giving up, call Events again with the last seq seen as afterSeq.
// An event whose seq is not the one after the previous event's (the first one: not
// afterSeq+1) ends it with an [*Error] of code DataLoss and reason [ReasonSeqGap], whose
// metadata "expected_seq" and "received_seq" hold both seqs.
//
// The stream has no deadline (the client's default one is for unary calls): it ends when
// ctx is cancelled, when the loop breaks, or when the client is closed. Breaking out of
// the loop closes the stream.
//
// An event of a kind this client does not know (sent by a newer server; its GetKind() is
// nil and [EventKind] is [Unknown]) is yielded like any other, with its seq and time, and
// counts towards the sequence numbers.
//
// A spectator of a game created with [SpectatorDelay] gets each event only once the delay
// lets it see it (everything once the game is over); seats and service keys get it at once.
//
// To draw a board from the stream alone, use [Client.EventsWithViews].
func (c *Client) Events(ctx context.Context, gameID string, afterSeq uint64, opts ...StreamOption) iter.Seq2[*tabulav1.GameEvent, error] {
	return func(yield func(*tabulav1.GameEvent, error) bool) {
		c.follow(ctx, gameID, afterSeq, noViews, opts, func(response *tabulav1.StreamEventsResponse, err error) bool {
			return yield(response.GetEvent(), err)
		})
	}
}

// EventWithView is one event of [Client.EventsWithViews] with the game as the caller sees it
// just after that event.
type EventWithView struct {
	// Event is the event, as [Client.Events] yields it.
	Event *tabulav1.GameEvent
	// View is what GetView answered just after Event: its seq is the event's. It is nil only
	// from a server too old to send views.
	View *tabulav1.View
}

// EventsWithViews is [Client.Events] that also asks the server (StreamEventsRequest's
// include_views) for the game as this caller sees it just after each event, so that a board
// can be drawn from the stream alone, without a GetView per event. It yields each event
// with its view; a resumed stream asks for views again. The options are those of Events.
func (c *Client) EventsWithViews(ctx context.Context, gameID string, afterSeq uint64, opts ...StreamOption) iter.Seq2[EventWithView, error] {
	return func(yield func(EventWithView, error) bool) {
		c.follow(ctx, gameID, afterSeq, wholeViews, opts, func(response *tabulav1.StreamEventsResponse, err error) bool {
			return yield(EventWithView{Event: response.GetEvent(), View: response.GetView()}, err)
		})
	}
}

// EventsWithViewChanges is [Client.EventsWithViews] with the views sent as changes
// (StreamEventsRequest's view_changes): the server sends the stream's first view whole and
// each later one as what changed since the one before (the cells and graph points that
// changed, the rest of the view whole), and the stream applies each change to the view it
// holds ([ApplyViewChange]). It yields exactly what EventsWithViews yields, each view whole,
// for fewer bytes on the wire; a resumed stream starts again from a whole view. A change
// that does not apply to the view before it ends the sequence with an [*Error] of code
// DataLoss and reason [ReasonViewChangeMismatch]. The options are those of Events.
//
// Each view is a message of its own, but the stream applies the next change to it: treat it
// as read-only, and proto.Clone it to modify it.
func (c *Client) EventsWithViewChanges(ctx context.Context, gameID string, afterSeq uint64, opts ...StreamOption) iter.Seq2[EventWithView, error] {
	return func(yield func(EventWithView, error) bool) {
		c.follow(ctx, gameID, afterSeq, viewChanges, opts, func(response *tabulav1.StreamEventsResponse, err error) bool {
			return yield(EventWithView{Event: response.GetEvent(), View: response.GetView()}, err)
		})
	}
}

// views says what a game's event stream asks for besides the events.
type views int

const (
	noViews     views = iota // the events alone
	wholeViews               // include_views: each view whole
	viewChanges              // view_changes: the first view whole, each later one as a change
)

// follow runs the resuming stream behind [Client.Events], [Client.EventsWithViews] and
// [Client.EventsWithViewChanges]: it yields each message once and in order (a nil message
// with the error that ends it). With viewChanges, each message it yields carries its view
// whole, the change applied, and no change.
func (c *Client) follow(ctx context.Context, gameID string, afterSeq uint64, with views, opts []StreamOption, yield func(*tabulav1.StreamEventsResponse, error) bool) {
	subject := "game " + gameID
	// The view the stream's last message carried or made, for the next change to apply to.
	var held *tabulav1.View
	open := func(ctx context.Context, after uint64) (grpc.ServerStreamingClient[tabulav1.StreamEventsResponse], error) {
		held = nil // a new stream's first message carries its view whole
		return c.stub.StreamEvents(ctx, &tabulav1.StreamEventsRequest{
			GameId: gameID, AfterSeq: after, IncludeViews: with != noViews, ViewChanges: with == viewChanges,
		})
	}
	seqOf := func(response *tabulav1.StreamEventsResponse) uint64 { return response.GetEvent().GetSeq() }
	deliver := yield
	if with == viewChanges {
		deliver = func(response *tabulav1.StreamEventsResponse, err error) bool {
			if err != nil {
				return yield(nil, err)
			}
			switch {
			case response.GetView() != nil:
				held = response.GetView()
			case response.GetViewChange() == nil:
				held = nil // a server too old to send views: nothing a change could apply to
			case held == nil:
				yield(nil, viewChangeRefused(subject, response.GetEvent().GetSeq(), "it came before any view on this stream"))
				return false
			default:
				later, refusal := applyViewChange(held, response.GetViewChange())
				if later == nil {
					yield(nil, viewChangeRefused(subject, response.GetEvent().GetSeq(), refusal))
					return false
				}
				held = later
			}
			return yield(&tabulav1.StreamEventsResponse{Event: response.GetEvent(), View: held}, nil)
		}
	}
	resume(ctx, c.conn, afterSeq, opts, open, seqOf, consecutive(subject), deliver)
}

// order checks the number (seq or cursor) of a stream's next message against the last
// number yielded (before any, the one the stream started after): nil lets the message
// through, an error ends the sequence with it.
type order func(last, received uint64) error

// consecutive is the order of a game's, a series' and a tournament's events: each seq is the
// one after the last; subject ("game g", "series s", "tournament t") names the stream in the
// [ReasonSeqGap] error.
func consecutive(subject string) order {
	return func(last, received uint64) error {
		if received != last+1 {
			return seqGap(subject, last+1, received)
		}
		return nil
	}
}

// resume follows a stream of numbered messages (a game's, a series' or a tournament's
// events by seq, a service key's by cursor) from afterSeq on, opening it again on conn after
// the last message it yielded when the stream breaks in a way worth another try
// ([resumable]), within the bounds of opts; check says which number may come next. It
// yields each message once and in order (a nil message with the error that ends it).
func resume[Response any](
	ctx context.Context, conn *grpc.ClientConn, afterSeq uint64, opts []StreamOption,
	open func(context.Context, uint64) (grpc.ServerStreamingClient[Response], error),
	seqOf func(*Response) uint64, check order, yield func(*Response, error) bool,
) {
	o := defaultStreamOptions()
	for _, opt := range opts {
		opt(&o)
	}
	last := afterSeq
	failures := 0             // attempts in a row that delivered nothing
	var brokenSince time.Time // when the streak without a working stream began; zero: none
	for {
		result := resumeOnce(ctx, &last, open, seqOf, check, yield)
		if result.finished {
			return
		}
		if result.delivered {
			failures = 0
		}
		if result.answered || brokenSince.IsZero() {
			brokenSince = time.Now()
		}
		if ctx.Err() != nil {
			yield(nil, ctx.Err())
			return
		}
		delay, again := o.nextAttempt(result.err, failures, time.Since(brokenSince))
		if !again {
			yield(nil, result.err)
			return
		}
		failures++
		if !waitReconnecting(ctx, conn, delay) {
			yield(nil, ctx.Err())
			return
		}
	}
}

// nextAttempt says whether a stream that broke with err, after failures attempts in a row
// that delivered nothing and broken for the time given, is opened again, and after what wait.
func (o streamOptions) nextAttempt(err error, failures int, broken time.Duration) (time.Duration, bool) {
	if !resumable(err) || (o.maxReconnects >= 0 && failures >= o.maxReconnects) {
		return 0, false
	}
	delay := jittered(min(o.firstDelay<<min(failures, 30), o.maxDelay))
	if o.giveUpAfter < 0 {
		return delay, true
	}
	left := o.giveUpAfter - broken
	if left <= 0 {
		return 0, false
	}
	return min(delay, left), true
}

// attempt is what became of one stream of resumeOnce.
type attempt struct {
	// finished means the sequence is over: the stream ended, the consumer stopped, or an
	// error was already yielded. Otherwise err says why the stream broke.
	finished bool
	// answered means the server answered the stream (its headers, or a message, came).
	answered bool
	// delivered means the stream yielded a message.
	delivered bool
	err       error
}

// resumeOnce reads one stream from *last on.
func resumeOnce[Response any](
	ctx context.Context, last *uint64,
	open func(context.Context, uint64) (grpc.ServerStreamingClient[Response], error),
	seqOf func(*Response) uint64, check order, yield func(*Response, error) bool,
) (result attempt) {
	streamCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := open(streamCtx, *last)
	if err != nil {
		result.err = fromStatus(err)
		return result
	}
	// Header returns nil metadata when the stream failed before the server answered.
	if header, _ := stream.Header(); header != nil {
		result.answered = true
	}
	for {
		response, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			result.finished = true
			return result
		}
		if err != nil {
			result.err = fromStatus(err)
			return result
		}
		if refused := check(*last, seqOf(response)); refused != nil {
			yield(nil, refused)
			result.finished = true
			return result
		}
		*last = seqOf(response)
		result.answered, result.delivered = true, true
		if !yield(response, nil) {
			result.finished = true
			return result
		}
	}
}

// resumable tells whether a broken stream is worth reopening after the last seen event: the
// server or the connection was unavailable, the transport broke (Internal, without a reason
// from the server), or the server ended a reader that fell behind.
func resumable(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	switch {
	case e.Code == codes.Unavailable, e.Reason == "STREAM_LAGGED":
		return true
	case e.Code == codes.Internal:
		return e.Reason == ""
	}
	return false
}
