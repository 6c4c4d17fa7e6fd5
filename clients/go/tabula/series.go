package tabula

import (
	"context"
	"iter"

	"google.golang.org/grpc"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// SeriesLength is how long a series lasts, for the CreateSeries calls: [BestOf] a number of
// games or [FirstTo] a number of points.
type SeriesLength struct {
	bestOf, firstTo uint32
}

// BestOf is a series of at most games games (1 to 99): it ends once a player has more than
// half of the points they are worth, or when they are all played (a tie then leaves no
// winner).
func BestOf(games uint32) SeriesLength { return SeriesLength{bestOf: games} }

// FirstTo is a series that ends when a player reaches points points (1 to 50).
func FirstTo(points uint32) SeriesLength { return SeriesLength{firstTo: points} }

// Draws sets how a series counts a drawn game: tabulav1.SeriesDraws_SERIES_DRAWS_HALF_POINT
// (the default) gives each player half a point and counts as one of [BestOf]'s games;
// SERIES_DRAWS_REPLAYED gives nobody a point and plays the game again. For the CreateSeries
// calls.
func Draws(rule tabulav1.SeriesDraws) CreateSeriesOption {
	return optionOf(func(o *callOptions) { o.draws = rule })
}

// InSeriesStatus lists only series in status (SERIES_STATUS_IN_PROGRESS or
// SERIES_STATUS_FINISHED); without it every series is listed. For [Client.ListSeries].
func InSeriesStatus(status tabulav1.SeriesStatus) ListSeriesOption {
	return optionOf(func(o *callOptions) { o.seriesStatus = status })
}

// CreateSeriesFromPreset starts a series of length ([BestOf] or [FirstTo]) whose every game
// is kind's named preset (reason UNKNOWN_PRESET for a name kind lacks): several games of one
// configuration between the same two players, who take turns in seat 1 (player 1 sits in
// seat 1 in odd-numbered games, in seat 2 in even ones). The server creates the first game
// at once and each next one when a game ends, and keeps the score until the series is
// decided (see [Client.GetSeries], [Client.SeriesEvents]). Only two-seat kinds make a series:
// peg solitaire, a length out of range or a bot that makes no sense fails with
// INVALID_ARGUMENT, reason INVALID_REQUEST, every problem named.
//
// The response holds the series, with its first game, and one token per player
// (GetPlayerTokens(), shown only this once): in every game of the series a player's token
// acts as the seat the player sits in, like a seat token (use it with [Client.As]). Options:
// [Players] (the two players, at most two), [Bots] (whose seat names the player the engine
// plays in every game, 1 or 2), [Draws], [Private], [AllowHints], [RequestID], [Labels]
// (the series' labels, which each of its games is made with; change them with
// [Client.UpdateSeriesLabels]), [RatingPool] (every game of the series rated in the pool, as
// a game created with it is: both players named with [Players], or played by the engine;
// RATING_POOL_PRESET the preset's own). Needs a service key.
func (c *Client) CreateSeriesFromPreset(ctx context.Context, kind tabulav1.GameKind, preset string, length SeriesLength, opts ...CreateSeriesOption) (*tabulav1.CreateSeriesResponse, error) {
	return c.createSeries(ctx, "CreateSeriesFromPreset", &tabulav1.CreateSeriesRequest{Kind: kind, Source: &tabulav1.CreateSeriesRequest_Preset{Preset: preset}}, length, collect(opts))
}

// CreateSeriesFromConfig starts a series of length ([BestOf] or [FirstTo]) whose every game
// is created from config (zero fields take their defaults; invalid values fail with reason
// INVALID_CONFIG); random parts (a random starter, a Chess960 start) are drawn anew for each
// game. Otherwise as [Client.CreateSeriesFromPreset], with its options and [Clock],
// [OnTimeout], [FirstMoveWindow], [Starter] and [Presence], each set on a copy of config,
// which is left unchanged. A series' games end for good (it moves on when one ends), so
// [EndingTakebackWindow] does not compile with it. Needs a service key.
func (c *Client) CreateSeriesFromConfig(ctx context.Context, config *tabulav1.GameConfig, length SeriesLength, opts ...CreateSeriesConfigOption) (*tabulav1.CreateSeriesResponse, error) {
	return c.createSeries(ctx, "CreateSeriesFromConfig", &tabulav1.CreateSeriesRequest{Source: &tabulav1.CreateSeriesRequest_Config{Config: config}}, length, collect(opts))
}

// CreateSeriesFromSavedConfig starts a series of length ([BestOf] or [FirstTo]) whose every
// game is created from name, one of the caller's saved configurations
// ([Client.CreateSavedConfig]); the series copies it, so later changes to it leave the
// series alone. An unknown name fails with NOT_FOUND, reason SAVED_CONFIG_NOT_FOUND.
// Otherwise as [Client.CreateSeriesFromPreset], with its options; the clock, the starter and
// the presence belong to the saved configuration, so [Clock], [OnTimeout], [FirstMoveWindow],
// [Starter], [Presence] and [EndingTakebackWindow] do not compile with it. Needs a service key.
func (c *Client) CreateSeriesFromSavedConfig(ctx context.Context, name string, length SeriesLength, opts ...CreateSeriesOption) (*tabulav1.CreateSeriesResponse, error) {
	return c.createSeries(ctx, "CreateSeriesFromSavedConfig", &tabulav1.CreateSeriesRequest{Source: &tabulav1.CreateSeriesRequest_SavedConfig{SavedConfig: name}}, length, collect(opts))
}

// createSeries sends a series' creation from a preset, a configuration or a saved
// configuration, as createGame sends a game's.
func (c *Client) createSeries(ctx context.Context, call string, request *tabulav1.CreateSeriesRequest, length SeriesLength, o callOptions) (*tabulav1.CreateSeriesResponse, error) {
	config, fromConfig := request.GetSource().(*tabulav1.CreateSeriesRequest_Config)
	if fromConfig {
		copied, err := o.configured(call, config.Config)
		if err != nil {
			return nil, err
		}
		request.Source = &tabulav1.CreateSeriesRequest_Config{Config: copied}
	}
	request.BestOf, request.FirstTo, request.Draws = length.bestOf, length.firstTo, o.draws
	request.Players, request.Bots, request.Labels = o.players, o.bots, o.labels
	request.Private, request.AllowHints, request.RequestId = o.private, o.allowHints, o.requestID
	request.RatingPool = o.ratingPool
	return unary(ctx, c.stub.CreateSeries, request, o)
}

// GetSeries returns a series: its configuration and length, its players and bots, its
// GetStatus(), its games so far in order (GetGames(): each one's number, game id, the seat
// player 1 sits in, and once scored its outcome and points), GetPoints() (player 1's and
// player 2's), GetLabels() ([Labels]), GetRatingPool() (the pool its games are rated in,
// [RatingPool] or a rated knockout's; empty when they are not rated: each game shows its
// own rating in [Client.GetGame]'s GetRating()) and, once it is finished, GetWinner() (1 or
// 2; 0 for a tie). Anyone may read a series that is not private; a private one needs a service key or
// one of its players' tokens. An unknown id fails with NOT_FOUND, reason SERIES_NOT_FOUND.
func (c *Client) GetSeries(ctx context.Context, seriesID string, opts ...CallOption) (*tabulav1.Series, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.GetSeries, &tabulav1.GetSeriesRequest{SeriesId: seriesID}, o)
	return response.GetSeries(), err
}

// ListSeries lists the server's series, newest first, one page at a time. Options: filters
// [InSeriesStatus], [Labels] (series carrying every one of them); paging [PageSize], [PageToken] (the response's GetNextPageToken(), empty
// on the last page). Needs a service key.
func (c *Client) ListSeries(ctx context.Context, opts ...ListSeriesOption) (*tabulav1.ListSeriesResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ListSeries, &tabulav1.ListSeriesRequest{
		PageSize: o.pageSize, PageToken: o.pageToken, Status: o.seriesStatus, Labels: o.labels,
	}, o)
}

// SeriesEvents follows the events of a series that come after sequence number afterSeq (0:
// from its start): each game started ("game_started", with the seat player 1 sits in), each
// game finished and scored ("game_finished", with the points after it), and last the end
// ("series_finished", with the winner and the final points); first the backlog, then live
// events, each exactly once and in order. Read a series' games themselves with
// [Client.Events] on the game ids its events name. The owner's stream ([Client.OwnerEvents])
// carries the same game_finished and series_finished events, for every series of the key at
// once, as OWNER_EVENT_KIND_SERIES_GAME_FINISHED and OWNER_EVENT_KIND_SERIES_FINISHED
// (GetSeriesEvent()).
//
// The sequence ends when the server closes the stream after the series_finished event. It
// resumes, checks the seqs and ends as [Client.Events] does, with the same options: after a
// dropped connection or STREAM_LAGGED it reconnects after the last event it yielded; an
// event whose seq is not the one after the previous event's (the first one: not
// afterSeq+1) ends it with an [*Error] of code DataLoss and reason [ReasonSeqGap], metadata
// "expected_seq" and "received_seq"; any other failure is yielded once as an error (an
// unknown id: NOT_FOUND, reason SERIES_NOT_FOUND). It has no deadline: it ends when ctx is
// cancelled, when the loop breaks, or when the client is closed. Read access is
// [Client.GetSeries]'s.
//
// An event of a kind this client does not know (its GetKind() is nil and [SeriesEventKind]
// is [Unknown]) is yielded like any other and counts towards the sequence numbers.
func (c *Client) SeriesEvents(ctx context.Context, seriesID string, afterSeq uint64, opts ...StreamOption) iter.Seq2[*tabulav1.SeriesEvent, error] {
	return func(yield func(*tabulav1.SeriesEvent, error) bool) {
		open := func(ctx context.Context, after uint64) (grpc.ServerStreamingClient[tabulav1.StreamSeriesEventsResponse], error) {
			return c.stub.StreamSeriesEvents(ctx, &tabulav1.StreamSeriesEventsRequest{SeriesId: seriesID, AfterSeq: after})
		}
		seqOf := func(response *tabulav1.StreamSeriesEventsResponse) uint64 { return response.GetEvent().GetSeq() }
		resume(ctx, c.conn, afterSeq, opts, open, seqOf, consecutive("series "+seriesID), func(response *tabulav1.StreamSeriesEventsResponse, err error) bool {
			return yield(response.GetEvent(), err)
		})
	}
}
