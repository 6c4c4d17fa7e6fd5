package tabula

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// RequestID makes a retried call safe (at most 128 characters): the server applies a
// request id at most once and answers a retry as it answered the first call. A retried
// creation answers with the game the first one made and [tabulav1.CreateGameResponse.GetRetried]
// true: with new seat tokens while nothing has happened in the game (the first answer's
// tokens then stop working), with none after. The same id with another request fails with
// reason REQUEST_ID_REUSED. For the CreateGame calls, [Client.BatchCreateGames] (a retried
// batch answers with the games the first one made, in order, each retried: with new seat
// tokens for a game in which nothing has happened, with none for the others; the requests
// of a batch, built by the GameFrom builders, take no RequestID of their own), the
// CreateSeries calls (a retried
// creation answers with the series the first one made, with new player tokens while nobody
// has acted in its first game, with none after), the CreateTournament calls (a retried
// creation answers with the tournament the first one made, GetRetried() true, with new
// player tokens while none could have been used, with none after), [Client.CreateRematch]
// (a retried rematch answers with the rematch the first one made, with new seat tokens while nobody has acted
// in it, with none after), [Client.SubmitMove], [Client.Resign],
// [Client.TakeBack], [Client.AnswerTakeBack], [Client.ClaimVictory], [Client.AbortGame],
// [Client.AdjudicateGame], [Client.PauseClock], [Client.ResumeClock] and [Client.AddTime].
func RequestID(id string) RequestIDOption {
	return optionOf(func(o *callOptions) { o.requestID = id })
}

// ExpectedSeq applies the move (or takeback, or answer to a takeback request) only if the
// game's newest event still has this sequence number; otherwise the call fails with reason
// STALE_SEQ. For [Client.SubmitMove], [Client.TakeBack] and [Client.AnswerTakeBack]. For a
// move, seats coming and going in a game keeping presence ([Presence]) change no position: a
// seq that only "seat_presence_changed" events passed still holds.
func ExpectedSeq(seq uint64) ExpectedSeqOption {
	return optionOf(func(o *callOptions) { o.expectedSeq = &seq })
}

// ValidateOnly checks without storing anything: for [Client.SubmitMove] the move, without
// applying it; for [Client.ImportGame] the document, answering with the game as it would be
// imported (or the error that says why not) and importing nothing.
func ValidateOnly() ValidateOnlyOption {
	return optionOf(func(o *callOptions) { o.validateOnly = true })
}

// BasicAnswer leaves the game's view out of the answer (SUBMIT_MOVE_VIEW_BASIC): it still
// has the seq, the events, the seats to act, the status and the outcome, for a caller that
// keeps its own board or follows the events. For [Client.SubmitMove].
func BasicAnswer() SubmitMoveOption {
	return optionOf(func(o *callOptions) { o.moveView = tabulav1.SubmitMoveView_SUBMIT_MOVE_VIEW_BASIC })
}

// Private makes the created game refuse spectators (reason PRIVATE_GAME): only its seats
// and service keys may read it. For the CreateGame calls (and the GameFrom builders of
// [Client.BatchCreateGames]), and for the CreateSeries and CreateTournament calls,
// whose every game it makes private, and the series or tournament too: only its players'
// tokens and service keys may read it.
func Private() CreationOption {
	return optionOf(func(o *callOptions) { o.private = true })
}

// StartTime schedules the created game to start at t, at most 30 days ahead
// (CreateGameRequest.start_time). Until then every move is refused with
// FAILED_PRECONDITION, reason GAME_NOT_STARTED, whose metadata "start_time" (RFC 3339) says
// when the game starts, and no clock runs; from then the clocks (and any
// [FirstMoveWindow]) run as from a creation at t. A resignation, an abort or an
// adjudication may come before. A t not after the creation (the zero time included, which
// sends no start time) starts the game at once. The game shows its start in
// GetGame().GetStartTime(), absent for a game that started at its creation; an engine seat
// ([Bots]) waits for the start too. A t more than 30 days ahead fails with
// INVALID_ARGUMENT, reason INVALID_REQUEST, on the field start_time. The server keeps the
// time to the millisecond, rounded up (the game never starts before t). For the CreateGame calls and the GameFrom builders of
// [Client.BatchCreateGames]; the CreateSeries calls and [Client.CreateRematch] do not take
// it.
func StartTime(t time.Time) GameOption {
	return optionOf(func(o *callOptions) {
		o.startTime = nil
		if !t.IsZero() {
			o.startTime = timestamppb.New(t)
		}
	})
}

// SpectatorDelay shows the created game to spectators (callers with neither a seat's
// credential nor a service key) later than to its seats (CreateGameRequest.spectator_delay):
// as it stood plies moves, or d, ago, whichever shows less. A spectator's [Client.GetView]
// shows that earlier position (its GetSeq() the last event shown) and a spectator's
// [Client.Events] holds each event back until then; seats and service keys see everything
// as it happens, and once the game is over everyone sees all of it. A zero plies or d leaves
// that part unset; plies is at most 100, d from 1 s to 1 h in whole milliseconds, and at
// least one must be set (SpectatorDelay(0, 0) sends a delay with neither), else
// INVALID_ARGUMENT, reason INVALID_REQUEST, on the field spectator_delay. The game shows its
// delay in GetGame().GetSpectatorDelay(), and a rematch ([Client.CreateRematch]) keeps it.
// For the CreateGame calls and the GameFrom builders of [Client.BatchCreateGames]; the
// CreateSeries calls and [Client.CreateRematch] do not take it.
func SpectatorDelay(plies uint32, d time.Duration) GameOption {
	return optionOf(func(o *callOptions) {
		o.delay = &tabulav1.SpectatorDelay{Plies: plies}
		if d != 0 {
			o.delay.Duration = durationpb.New(d)
		}
	})
}

// OwnerStreamMoves puts each move of the created game on its owner's stream too
// (CreateGameRequest.owner_stream_moves): [Client.OwnerEvents] then delivers every move as
// an OWNER_EVENT_KIND_MOVE_PLAYED whose GetGameEvent() is the MoveApplied as a spectator
// sees it (the first move is also the game's GAME_STARTED), for a backend that follows its
// games' play from one stream; [OwnerKinds] keeps or leaves out those events. Off by
// default: at thousands of games, every move is many entries. The game shows it in
// GetGame().GetOwnerStreamMoves(), and a rematch ([Client.CreateRematch]) keeps it. For the
// CreateGame calls and the GameFrom builders of [Client.BatchCreateGames]; the CreateSeries
// calls and [Client.CreateRematch] do not take it.
func OwnerStreamMoves() GameOption {
	return optionOf(func(o *callOptions) { o.ownerMoves = true })
}

// Starter sets which seat moves first in the created game (GameConfig.starter), on a copy of
// the configuration: the caller's configuration is left as it is. STARTER_FIRST_SEAT (the
// default), STARTER_SECOND_SEAT, or STARTER_RANDOM, which the server draws once at the
// creation: the answered game's configuration (GetGame().GetConfig().GetStarter()) names the
// seat drawn, never STARTER_RANDOM. Tic-tac-toe, Connect Four, Gomoku, Tic-Tac-Two, Morris,
// Reversi (but not from a position, whose side to move starts) and Battleship take any;
// chess and peg solitaire only the first seat (another fails with INVALID_ARGUMENT, reason
// INVALID_REQUEST, on the field config.starter) and answer STARTER_UNSPECIFIED. For
// [Client.CreateGameFromConfig], [GameFromConfig] and
// [Client.CreateSeriesFromConfig] (every game of the series) only, as [Clock] is: a
// preset's game starts with its first seat (its configuration in [Client.ListGameKinds] shows
// it), a saved configuration's with the starter it was saved with
// ([Client.CreateGameFromSavedConfig]), and a PGN import is chess; to start a preset's game
// with another seat, create it from the preset's configuration with Starter.
func Starter(s tabulav1.Starter) ConfigOption {
	return optionOf(func(o *callOptions) { o.starter = &s })
}

// Ply imports only the first n plies (half-moves) of the PGN. For [Client.CreateGameFromPGN]
// and [GameFromPGN].
func Ply(n uint32) GamePGNOption {
	return optionOf(func(o *callOptions) { o.ply = &n })
}

// OfKind lists only games of kind. For [Client.ListGames].
func OfKind(kind tabulav1.GameKind) ListGamesOption {
	return optionOf(func(o *callOptions) { o.kind = kind })
}

// InStatus lists only games in status; without it every status but archived is listed.
// For [Client.ListGames].
func InStatus(status tabulav1.GameStatus) ListGamesOption {
	return optionOf(func(o *callOptions) { o.status = status })
}

// CreatedAfter lists only games created at or after t. For [Client.ListGames].
func CreatedAfter(t time.Time) ListGamesOption {
	return optionOf(func(o *callOptions) { o.after = timestamppb.New(t) })
}

// CreatedBefore lists only games created before t. For [Client.ListGames].
func CreatedBefore(t time.Time) ListGamesOption {
	return optionOf(func(o *callOptions) { o.before = timestamppb.New(t) })
}

// PageSize sets how many games (or saved configurations, or series, or tournaments, or
// ratings, or a puzzle's solutions) a page holds at most: 0 means 50, more than 500 means
// 500. For [Client.ListGames], [Client.ListSavedConfigs], [Client.ListSeries],
// [Client.ListTournaments], [Client.ListLeaderboard] and [Client.ListPuzzleSolutions] (and
// [Client.AllPuzzleSolutions], whose every page it sizes).
func PageSize(n int32) PageOption {
	return optionOf(func(o *callOptions) { o.pageSize = n })
}

// PageToken asks for the page after the one whose GetNextPageToken() this is
// ([tabulav1.ListGamesResponse.GetNextPageToken],
// [tabulav1.ListSavedConfigsResponse.GetNextPageToken],
// [tabulav1.ListSeriesResponse.GetNextPageToken],
// [tabulav1.ListTournamentsResponse.GetNextPageToken],
// [tabulav1.ListLeaderboardResponse.GetNextPageToken],
// [tabulav1.ListPuzzleSolutionsResponse.GetNextPageToken]); the other options (and a
// leaderboard's pool, a puzzle's game and [AtSeq]) must be those of that call. For
// [Client.ListGames], [Client.ListSavedConfigs], [Client.ListSeries],
// [Client.ListTournaments], [Client.ListLeaderboard] and [Client.ListPuzzleSolutions] (and
// [Client.AllPuzzleSolutions], which starts after it).
func PageToken(token string) PageOption {
	return optionOf(func(o *callOptions) { o.pageToken = token })
}

// unary makes one call through the stub and turns its error into an [*Error].
func unary[Request, Response any](
	ctx context.Context, call func(context.Context, Request, ...grpc.CallOption) (Response, error), request Request, o callOptions,
) (Response, error) {
	response, err := call(ctx, request, o.grpc...)
	if err != nil {
		var zero Response
		return zero, fromStatus(err)
	}
	return response, nil
}

// ListGameKinds lists every game kind the server hosts, with seat names, defaults and presets.
func (c *Client) ListGameKinds(ctx context.Context, opts ...CallOption) ([]*tabulav1.GameKindInfo, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ListGameKinds, &tabulav1.ListGameKindsRequest{}, o)
	return response.GetKinds(), err
}

// CreateGameFromPreset creates a game of kind from one of its named presets (reason
// UNKNOWN_PRESET for a name kind lacks). The response holds the seat tokens, which the
// server shows only this once. Options: [Private], [RequestID], [Bots], [AllowHints],
// [Players], [Labels], [StartTime], [SpectatorDelay], [OwnerStreamMoves], [RatingPool]
// (RATING_POOL_PRESET rates it in the preset's own pool). Needs a service key.
// [GameFromPreset] builds the same request for [Client.BatchCreateGames].
func (c *Client) CreateGameFromPreset(ctx context.Context, kind tabulav1.GameKind, preset string, opts ...CreateGameOption) (*tabulav1.CreateGameResponse, error) {
	return c.createGame(ctx, "CreateGameFromPreset", presetSource(kind, preset), collect(opts))
}

// CreateGameFromConfig creates a game from a full configuration; zero fields take their
// defaults, and invalid values fail with reason INVALID_CONFIG. Options: [Private],
// [RequestID], [Bots], [AllowHints], [Players], [Labels], [StartTime], [SpectatorDelay], [OwnerStreamMoves],
// [RatingPool], [Clock], [OnTimeout] and [FirstMoveWindow] (the game's clocks), [Starter] (the seat that moves first; STARTER_RANDOM is drawn at the
// creation and the answer names the seat drawn), [Presence] (the seats' presence, and
// the claim of [Client.ClaimVictory]) and [EndingTakebackWindow] (how long the move that
// ended the game may still be taken back), each set on a copy of config, which is left
// unchanged. Needs a service key. [GameFromConfig] builds the same request for
// [Client.BatchCreateGames].
func (c *Client) CreateGameFromConfig(ctx context.Context, config *tabulav1.GameConfig, opts ...CreateGameConfigOption) (*tabulav1.CreateGameResponse, error) {
	return c.createGame(ctx, "CreateGameFromConfig", configSource(config), collect(opts))
}

// CreateGameFromPGN creates a chess game from a game in PGN (at most 1 MiB), at the
// position after its moves, which become its history; unreadable text or an illegal move
// fails with reason INVALID_PGN. Options: [Ply] (import only that many plies), [Private],
// [RequestID], [Bots], [AllowHints], [Players], [Labels], [StartTime], [SpectatorDelay],
// [OwnerStreamMoves], [RatingPool]. Needs a service key.
// [GameFromPGN] builds the same request for [Client.BatchCreateGames].
func (c *Client) CreateGameFromPGN(ctx context.Context, pgn string, opts ...CreateGamePGNOption) (*tabulav1.CreateGameResponse, error) {
	return c.createGame(ctx, "CreateGameFromPGN", pgnSource(pgn), collect(opts))
}

// CreateGameFromSavedConfig creates a game from name, one of the caller's saved
// configurations ([Client.CreateSavedConfig]; CreateGameRequest.saved_config). The game
// copies the configuration, clock included, so a later [Client.UpdateSavedConfig] or
// [Client.DeleteSavedConfig] never changes it; a saved STARTER_RANDOM is drawn for each game
// made from it, and the answer names the seat drawn. An unknown name fails with NOT_FOUND,
// reason SAVED_CONFIG_NOT_FOUND. Options: [Private], [RequestID], [Bots], [AllowHints],
// [Players], [Labels], [StartTime], [SpectatorDelay], [OwnerStreamMoves], [RatingPool]; the clock, the starter and the
// presence belong to the saved configuration, so [Clock], [OnTimeout], [FirstMoveWindow], [Starter], [Presence] and
// [EndingTakebackWindow] do not compile with it (update the saved configuration, or create the game from its GetConfig() with
// [Client.CreateGameFromConfig]).
// Needs a service key.
// [GameFromSavedConfig] builds the same request for [Client.BatchCreateGames].
func (c *Client) CreateGameFromSavedConfig(ctx context.Context, name string, opts ...CreateGameOption) (*tabulav1.CreateGameResponse, error) {
	return c.createGame(ctx, "CreateGameFromSavedConfig", savedConfigSource(name), collect(opts))
}

// BatchCreateGames creates several games in one call, all or nothing: 1 to 500 of them, in
// order, each as the CreateGame call of the same request would make it, with its own
// source, kind, players, bots, labels, privacy, hints, start time, spectator delay, owner
// stream of moves and rating pool.
// Build each request with [GameFromPreset], [GameFromConfig], [GameFromPGN] or
// [GameFromSavedConfig] (they take the options of the matching CreateGame call but
// [RequestID]: a request of a batch has no request id of its own). The answers come in the
// requests' order, each with its game and its seat tokens, shown only this once.
//
// Option: [RequestID], which makes the whole batch safe to retry: a second call with the
// same id and the same requests answers with the games the first one made, in order, each
// with GetRetried() true, with new seat tokens for a game in which nobody has acted yet
// (its first tokens then stop working) and none for the others; the same id with other
// requests fails with FAILED_PRECONDITION, reason REQUEST_ID_REUSED.
//
// If any request is refused, no game is made. The error is INVALID_ARGUMENT, reason
// INVALID_REQUEST, whose google.rpc.BadRequest detail names every problem of every request
// under requests[N] (for example requests[1].labels[Stage], requests[2].preset; read them
// with status.Convert(err).Details()), or else the first refusal that names no field (an
// unknown saved configuration: NOT_FOUND, reason SAVED_CONFIG_NOT_FOUND). No request, more
// than 500, or a request with its own request id is INVALID_REQUEST too. The key's cap of
// games in progress counts the whole batch: RESOURCE_EXHAUSTED, reason TOO_MANY_GAMES
// (metadata "limit"), when they do not all fit. A nil request fails without calling the
// server. Needs a service key.
func (c *Client) BatchCreateGames(ctx context.Context, requests []*tabulav1.CreateGameRequest, opts ...WriteOption) ([]*tabulav1.CreateGameResponse, error) {
	o := collect(opts)
	for i, request := range requests {
		if request == nil {
			return nil, fmt.Errorf("tabula: BatchCreateGames: requests[%d] is nil (was a GameFrom builder's error dropped?)", i)
		}
	}
	response, err := unary(ctx, c.stub.BatchCreateGames, &tabulav1.BatchCreateGamesRequest{Requests: requests, RequestId: o.requestID}, o)
	return response.GetGames(), err
}

// GameFromPreset is the request [Client.CreateGameFromPreset] sends, for
// [Client.BatchCreateGames]: a game of kind from one of its presets. It takes the options
// CreateGameFromPreset takes but [RequestID] ([Private], [Bots], [AllowHints], [Players],
// [Labels], [StartTime], [SpectatorDelay], [OwnerStreamMoves], [RatingPool]: the
// [GameOption]s); the others do not compile with it.
func GameFromPreset(kind tabulav1.GameKind, preset string, opts ...GameOption) (*tabulav1.CreateGameRequest, error) {
	return gameRequest("GameFromPreset", presetSource(kind, preset), collect(opts))
}

// GameFromConfig is the request [Client.CreateGameFromConfig] sends, for
// [Client.BatchCreateGames]: a game from a full configuration. It takes the options
// CreateGameFromConfig takes but [RequestID] ([Private], [Bots], [AllowHints], [Players],
// [Labels], [StartTime], [SpectatorDelay], [OwnerStreamMoves], [RatingPool], [Clock], [OnTimeout], [FirstMoveWindow],
// [Starter], [Presence], [EndingTakebackWindow], the last six set on a copy of config: the
// [GameConfigOption]s).
func GameFromConfig(config *tabulav1.GameConfig, opts ...GameConfigOption) (*tabulav1.CreateGameRequest, error) {
	return gameRequest("GameFromConfig", configSource(config), collect(opts))
}

// GameFromPGN is the request [Client.CreateGameFromPGN] sends, for
// [Client.BatchCreateGames]: a chess game imported from PGN. It takes the options
// CreateGameFromPGN takes but [RequestID] ([Ply], [Private], [Bots], [AllowHints],
// [Players], [Labels], [StartTime], [SpectatorDelay], [OwnerStreamMoves], [RatingPool]: the [GamePGNOption]s).
func GameFromPGN(pgn string, opts ...GamePGNOption) (*tabulav1.CreateGameRequest, error) {
	return gameRequest("GameFromPGN", pgnSource(pgn), collect(opts))
}

// GameFromSavedConfig is the request [Client.CreateGameFromSavedConfig] sends, for
// [Client.BatchCreateGames]: a game from one of the caller's saved configurations. It takes
// the options CreateGameFromSavedConfig takes but [RequestID] ([Private], [Bots],
// [AllowHints], [Players], [Labels], [StartTime], [SpectatorDelay], [OwnerStreamMoves], [RatingPool]: the [GameOption]s).
func GameFromSavedConfig(name string, opts ...GameOption) (*tabulav1.CreateGameRequest, error) {
	return gameRequest("GameFromSavedConfig", savedConfigSource(name), collect(opts))
}

func presetSource(kind tabulav1.GameKind, preset string) *tabulav1.CreateGameRequest {
	return &tabulav1.CreateGameRequest{Kind: kind, Source: &tabulav1.CreateGameRequest_Preset{Preset: preset}}
}

func configSource(config *tabulav1.GameConfig) *tabulav1.CreateGameRequest {
	return &tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_Config{Config: config}}
}

func pgnSource(pgn string) *tabulav1.CreateGameRequest {
	return &tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_Pgn{Pgn: &tabulav1.PgnImport{Pgn: pgn}}}
}

func savedConfigSource(name string) *tabulav1.CreateGameRequest {
	return &tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_SavedConfig{SavedConfig: name}}
}

// createGame sends the creation that gameRequest builds from request and o.
func (c *Client) createGame(ctx context.Context, call string, request *tabulav1.CreateGameRequest, o callOptions) (*tabulav1.CreateGameResponse, error) {
	request, err := gameRequest(call, request, o)
	if err != nil {
		return nil, err
	}
	return unary(ctx, c.stub.CreateGame, request, o)
}

// gameRequest is the one way a creation's request is built, for the CreateGame calls and
// for the GameFrom builders of a batch: request, holding the source (and the kind of a
// preset), with o applied; a configuration's options ([Clock], [OnTimeout],
// [FirstMoveWindow], [Starter], [Presence], [EndingTakebackWindow]) on a copy of it. The
// option types keep out what a source does not take (a request of a batch has no
// [RequestID] of its own), so o holds only what applies.
func gameRequest(call string, request *tabulav1.CreateGameRequest, o callOptions) (*tabulav1.CreateGameRequest, error) {
	switch source := request.GetSource().(type) {
	case *tabulav1.CreateGameRequest_Config:
		copied, err := o.configured(call, source.Config)
		if err != nil {
			return nil, err
		}
		request.Source = &tabulav1.CreateGameRequest_Config{Config: copied}
	case *tabulav1.CreateGameRequest_Pgn:
		source.Pgn.Ply = o.ply
	}
	request.Private, request.RequestId, request.Bots, request.AllowHints = o.private, o.requestID, o.bots, o.allowHints
	request.Players, request.Labels, request.StartTime, request.SpectatorDelay = o.players, o.labels, o.startTime, o.delay
	request.OwnerStreamMoves, request.RatingPool = o.ownerMoves, o.ratingPool
	return request, nil
}

// configured is config with the options [Clock], [OnTimeout], [FirstMoveWindow],
// [Starter], [Presence] and [EndingTakebackWindow] applied, on a copy when any was given;
// config itself is never changed.
func (o *callOptions) configured(call string, config *tabulav1.GameConfig) (*tabulav1.GameConfig, error) {
	if o.clock == nil && o.onTimeout == nil && o.firstMove == nil && o.starter == nil && o.presence == nil && o.endingTakeback == nil {
		return config, nil
	}
	copied := proto.Clone(config).(*tabulav1.GameConfig)
	if copied == nil {
		copied = &tabulav1.GameConfig{}
	}
	if o.clock != nil {
		copied.Clock = o.clock
	}
	if o.onTimeout != nil {
		if copied.Clock == nil {
			return nil, fmt.Errorf("tabula: %s: OnTimeout without a clock (give Clock, or a configuration that has one)", call)
		}
		copied.Clock.OnTimeout = *o.onTimeout
	}
	if o.firstMove != nil {
		if copied.Clock == nil {
			return nil, fmt.Errorf("tabula: %s: FirstMoveWindow without a clock (give Clock, or a configuration that has one)", call)
		}
		copied.Clock.FirstMoveWindow = durationpb.New(*o.firstMove)
	}
	if o.starter != nil {
		copied.Starter = *o.starter
	}
	if o.presence != nil {
		copied.Presence = proto.Clone(o.presence).(*tabulav1.PresenceConfig)
	}
	if o.endingTakeback != nil {
		copied.EndingTakebackWindow = nil
		if *o.endingTakeback != 0 {
			copied.EndingTakebackWindow = durationpb.New(*o.endingTakeback)
		}
	}
	return copied, nil
}

// GetGame returns a game's public summary: kind, configuration, status, outcome and seq, who
// sits in each seat (GetPlayers(), one entry per seat when the creation named any, else
// empty), its GetLabels() ([Labels]), its GetStartTime() for a game scheduled to start after
// its creation ([StartTime]; absent otherwise), its GetSpectatorDelay() ([SpectatorDelay];
// absent for none), its GetOwnerStreamMoves() ([OwnerStreamMoves]), for a rated game its
// GetRating() ([RatingPool]: the pool, the players as rated, their ratings before and, once
// GetRated(), after it), and for a game of a series its GetSeriesId()
// and GetSeriesGameNumber() (from 1).
func (c *Client) GetGame(ctx context.Context, gameID string, opts ...CallOption) (*tabulav1.Game, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.GetGame, &tabulav1.GetGameRequest{GameId: gameID}, o)
	return response.GetGame(), err
}

// ListGames lists the server's games, newest first, one page at a time. Options: filters
// [OfKind], [InStatus], [CreatedAfter], [CreatedBefore], [OfPlayer], [Labels] (games
// carrying every one of them); paging [PageSize], [PageToken] (the response's
// GetNextPageToken(), empty on the last page; later pages take the same filters). Needs a
// service key.
func (c *Client) ListGames(ctx context.Context, opts ...ListGamesOption) (*tabulav1.ListGamesResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ListGames, &tabulav1.ListGamesRequest{
		PageSize:         o.pageSize,
		PageToken:        o.pageToken,
		Kind:             o.kind,
		Status:           o.status,
		CreateTimeAfter:  o.after,
		CreateTimeBefore: o.before,
		PlayerId:         o.playerID,
		Labels:           o.labels,
	}, o)
}

// GetView returns the game as this client's credential may see it. Option: [AtSeq], the game
// as it stood right after the event with that sequence number (1: the creation), in a
// running game too: for this caller's viewer (a seat sees its own secrets, others what every
// viewer saw then), with the clocks as they read at that event; it is the view
// [Client.EventsWithViews] carried with that event. A clock change (pause, resumption, added
// time) is an event but no move: the board at its seq is the board of the event before it.
// 0 or a seq beyond the log fails with OUT_OF_RANGE, reason SEQ_OUT_OF_RANGE. A spectator of
// a game created with [SpectatorDelay] sees it, until it is over, as it stood that delay ago
// (the view's GetSeq() is the last event shown).
func (c *Client) GetView(ctx context.Context, gameID string, opts ...GetViewOption) (*tabulav1.View, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.GetView, &tabulav1.GetViewRequest{GameId: gameID, AtSeq: o.atSeq}, o)
	return response.GetView(), err
}

// ListLegalMoves lists the moves seat may make now, each ready for [Client.SubmitMove];
// seat 0 means the caller's own seat.
func (c *Client) ListLegalMoves(ctx context.Context, gameID string, seat uint32, opts ...CallOption) (*tabulav1.ListLegalMovesResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ListLegalMoves, &tabulav1.ListLegalMovesRequest{GameId: gameID, Seat: seat}, o)
}

// SubmitMove plays move as this client's seat. Build move with the constructors of this
// package ([Drop], [PlaceCell], [Move], [Shot], [Ready], ...) or take it from
// [Client.ListLegalMoves]. Options: [ExpectedSeq], [RequestID], [ValidateOnly], [BasicAnswer].
// Before the start of a game scheduled ahead ([StartTime]) it fails with
// FAILED_PRECONDITION, reason GAME_NOT_STARTED, metadata "start_time" (RFC 3339).
func (c *Client) SubmitMove(ctx context.Context, gameID string, move *tabulav1.Move, opts ...SubmitMoveOption) (*tabulav1.SubmitMoveResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.SubmitMove, &tabulav1.SubmitMoveRequest{
		GameId: gameID, Move: move, ExpectedSeq: o.expectedSeq, RequestId: o.requestID, ValidateOnly: o.validateOnly,
		View: o.moveView,
	}, o)
}

// Resign resigns this client's seat, on its turn or not; the game ends. Option: [RequestID].
func (c *Client) Resign(ctx context.Context, gameID string, opts ...WriteOption) (*tabulav1.ResignResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.Resign, &tabulav1.ResignRequest{GameId: gameID, RequestId: o.requestID}, o)
}

// ExportPGN returns a chess game, running or finished, in PGN (reason UNSUPPORTED_BY_GAME
// for another game).
func (c *Client) ExportPGN(ctx context.Context, gameID string, opts ...CallOption) (string, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ExportPgn, &tabulav1.ExportPgnRequest{GameId: gameID}, o)
	return response.GetPgn(), err
}

// GetHint returns the engine's analysis of a position, in every game: GetResult(), with
// HINT_RESULT_MOVE the suggested GetMove() (its GetSeq() suits [ExpectedSeq]), the
// GetPrincipalVariation() that starts with it, a GetScore() for the GetSeat() analysed
// (GetExact() with GetResult(), or an estimate GetValue() in GetUnit()), GetDepth() and
// GetNodes(). While the game runs only the seat to move may ask (reasons SEAT_REQUIRED,
// NOT_YOUR_TURN), in a game created with [AllowHints] (reason HINTS_DISABLED); once it is
// finished anyone who may read it may, a spectator included, and its final position answers
// HINT_RESULT_ALREADY_SOLVED with seat 0. Options: [MaxTime], [MaxNodes] (the search's
// budget), [AtSeq] (an earlier position of a finished game).
func (c *Client) GetHint(ctx context.Context, gameID string, opts ...GetHintOption) (*tabulav1.GetHintResponse, error) {
	o := collect(opts)
	request := &tabulav1.GetHintRequest{GameId: gameID, MaxNodes: o.maxNodes, AtSeq: o.atSeq}
	if o.maxTime != 0 {
		request.MaxTime = durationpb.New(o.maxTime)
	}
	return unary(ctx, c.stub.GetHint, request, o)
}

// TakeBack takes back this client's seat's own last move while no other seat has moved
// since, in a game that allows takebacks: one created with GameConfig.allow_takebacks set
// (for chess, ChessConfig.allow_takebacks too; either allows), and peg solitaire always
// (the answered configuration shows the game's rule). Fails with FAILED_PRECONDITION,
// reason TAKEBACK_NOT_ALLOWED in a game without them, NOTHING_TO_TAKE_BACK when the seat
// has no move of its own to take back (another seat moved since, or none yet).
//
// In a game created with [EndingTakebackWindow], the seat whose move ended the game by the
// rules may still take that move back within the window: the game is in progress again (a
// "move_taken_back" event, then "game_resumed"), with this seat to move. After the window
// the end is final and TakeBack fails with reason GAME_OVER.
//
// In a two-seat game created with GameConfig.takebacks_need_consent too, TakeBack does not
// undo the move at once: it asks the other seat, which answers with [Client.AnswerTakeBack].
// The game logs a "takeback_requested" event (actor: the asking seat), and the answer's view
// has GetTakebackRequest() set to the asking seat and the move count unchanged. A second
// TakeBack while the request waits fails with FAILED_PRECONDITION, reason
// TAKEBACK_ALREADY_REQUESTED; a move made before the answer lets the request lapse.
// Options: [ExpectedSeq], [RequestID].
func (c *Client) TakeBack(ctx context.Context, gameID string, opts ...TakeBackOption) (*tabulav1.TakeBackResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.TakeBack, &tabulav1.TakeBackRequest{GameId: gameID, ExpectedSeq: o.expectedSeq, RequestId: o.requestID}, o)
}

// AnswerTakeBack answers, as this client's seat, the other seat's takeback request in a game
// created with GameConfig.takebacks_need_consent (see [Client.TakeBack]). accept true undoes
// the asking seat's last move: a "move_taken_back" event for the asking seat whose actor is
// this seat, the one that agreed. accept false declines: a "takeback_declined" event naming
// this seat, and the move stands. Either way the answer's view has GetTakebackRequest() 0.
// Needs a seat's credential (PERMISSION_DENIED, reason SEAT_REQUIRED, for a spectator or a
// service key). Fails with FAILED_PRECONDITION, reason NO_TAKEBACK_REQUEST when no request
// waits for this seat's answer (none was made, it lapsed, or it is this seat's own), and
// GAME_OVER once the game has ended (a request to take back the move that ended a game
// created with [EndingTakebackWindow] may be answered within the window: accepting it puts
// the game back in progress, a "move_taken_back" event then "game_resumed"; answered after
// the window, it fails with GAME_OVER). Options: [ExpectedSeq] (ABORTED, reason STALE_SEQ,
// when the game has moved on), [RequestID].
func (c *Client) AnswerTakeBack(ctx context.Context, gameID string, accept bool, opts ...TakeBackOption) (*tabulav1.AnswerTakeBackResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.AnswerTakeBack, &tabulav1.AnswerTakeBackRequest{
		GameId: gameID, Accept: accept, ExpectedSeq: o.expectedSeq, RequestId: o.requestID,
	}, o)
}

// ClaimVictory claims, as this client's seat, the game its opponent has left: in a two-seat
// game created with [Presence] and a claimAfter, once the seat to move has been gone (a
// "seat_presence_changed" event with GetPresent() false) for that long, as lichess lets a
// player claim victory. The game ends adjudicated (a "game_adjudicated" event naming the
// claim, whose actor is this seat, then "game_ended" with END_REASON_ADJUDICATION), won by
// this seat, or drawn with the option [ClaimDraw]. The answer's GetSeq() is that of the
// "game_ended" event, and its GetView() the finished game, GetOutcome() the result. When the
// claim may be made shows in the views: GetPresence() has, for the seat gone,
// GetClaimableAt().
//
// Needs a seat's credential (PERMISSION_DENIED, reason SEAT_REQUIRED, for a spectator or a
// service key). Fails with FAILED_PRECONDITION, reason CLAIM_NOT_AVAILABLE, when no claim can
// be made (the game keeps no claim window, it is over, this seat is to move, or the seat to
// move is present), and CLAIM_TOO_EARLY before the seat to move has been gone for the
// game's claimAfter, whose metadata "claimable_at" (RFC 3339) says from when. Options:
// [ClaimDraw], [RequestID].
func (c *Client) ClaimVictory(ctx context.Context, gameID string, opts ...ClaimVictoryOption) (*tabulav1.ClaimVictoryResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ClaimVictory, &tabulav1.ClaimVictoryRequest{GameId: gameID, Draw: o.claimDraw, RequestId: o.requestID}, o)
}

// ArchiveGame archives a finished game (FAILED_PRECONDITION, reason GAME_NOT_FINISHED
// otherwise, also while the move that ended a game created with [EndingTakebackWindow] may
// still be taken back: its metadata "final_at", RFC 3339, says when the end is final): it
// stays readable but leaves the default [Client.ListGames] listing. Returns the archived
// game. Needs a service key.
func (c *Client) ArchiveGame(ctx context.Context, gameID string, opts ...CallOption) (*tabulav1.Game, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ArchiveGame, &tabulav1.ArchiveGameRequest{GameId: gameID}, o)
	return response.GetGame(), err
}

// DeleteGame deletes a game and its history for good; its open event streams end. Needs a
// service key.
func (c *Client) DeleteGame(ctx context.Context, gameID string, opts ...CallOption) error {
	o := collect(opts)
	_, err := unary(ctx, c.stub.DeleteGame, &tabulav1.DeleteGameRequest{GameId: gameID}, o)
	return err
}

// ReissueSeatToken issues a new token for seat (from 1); the old one stops working at once.
// Needs a service key.
func (c *Client) ReissueSeatToken(ctx context.Context, gameID string, seat uint32, opts ...CallOption) (*tabulav1.SeatToken, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ReissueSeatToken, &tabulav1.ReissueSeatTokenRequest{GameId: gameID, Seat: seat}, o)
	return response.GetSeatToken(), err
}

// CreateSavedConfig saves saved's configuration (GetConfig(), validated like
// [Client.CreateGameFromConfig]'s) and description under its name, for
// [Client.CreateGameFromSavedConfig] to name; its kind and times are answered, and ignored
// here. Returns the configuration as saved: GetConfig() with every field filled in (clock
// included; a STARTER_RANDOM stays random, drawn anew for each game), GetKind(),
// GetCreateTime() and GetUpdateTime(). Names belong to the service key that saves them (on a
// server without keys, all callers share one namespace). Fails with INVALID_ARGUMENT, reason
// INVALID_REQUEST, for a malformed name (1 to 64 characters of lower-case letters, digits,
// '_' and '-') or a description longer than 500 characters, reason INVALID_CONFIG naming
// every problem of the configuration; ALREADY_EXISTS, reason SAVED_CONFIG_EXISTS, when the
// caller saved this name already ([Client.UpdateSavedConfig] replaces one);
// RESOURCE_EXHAUSTED, reason TOO_MANY_SAVED_CONFIGS, beyond the server's cap (1,000 a key).
// Needs a service key.
func (c *Client) CreateSavedConfig(ctx context.Context, saved *tabulav1.SavedConfig, opts ...CallOption) (*tabulav1.SavedConfig, error) {
	o := collect(opts)
	return unary(ctx, c.stub.CreateSavedConfig, &tabulav1.CreateSavedConfigRequest{SavedConfig: saved}, o)
}

// GetSavedConfig returns the caller's saved configuration called name (NOT_FOUND, reason
// SAVED_CONFIG_NOT_FOUND, when it has none of that name). Needs a service key.
func (c *Client) GetSavedConfig(ctx context.Context, name string, opts ...CallOption) (*tabulav1.SavedConfig, error) {
	o := collect(opts)
	return unary(ctx, c.stub.GetSavedConfig, &tabulav1.GetSavedConfigRequest{Name: name}, o)
}

// ListSavedConfigs lists the caller's saved configurations by name, one page at a time.
// Options: paging [PageSize] (0: 50, at most 500), [PageToken] (the response's
// GetNextPageToken(), the last name of the page before; empty on the last page). Needs a
// service key.
func (c *Client) ListSavedConfigs(ctx context.Context, opts ...ListSavedConfigsOption) (*tabulav1.ListSavedConfigsResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ListSavedConfigs, &tabulav1.ListSavedConfigsRequest{PageSize: o.pageSize, PageToken: o.pageToken}, o)
}

// UpdateSavedConfig replaces the description and configuration of the caller's saved
// configuration named saved.GetName() with saved's, validated as [Client.CreateSavedConfig]
// validates them; it keeps its GetCreateTime() and gets a new GetUpdateTime(). Games created
// from it keep the copy they made. Returns the configuration as saved. Fails with NOT_FOUND,
// reason SAVED_CONFIG_NOT_FOUND, for a name the caller has not saved, and with the
// INVALID_ARGUMENT reasons of [Client.CreateSavedConfig]. Needs a service key.
func (c *Client) UpdateSavedConfig(ctx context.Context, saved *tabulav1.SavedConfig, opts ...CallOption) (*tabulav1.SavedConfig, error) {
	o := collect(opts)
	return unary(ctx, c.stub.UpdateSavedConfig, &tabulav1.UpdateSavedConfigRequest{SavedConfig: saved}, o)
}

// DeleteSavedConfig deletes the caller's saved configuration called name (NOT_FOUND, reason
// SAVED_CONFIG_NOT_FOUND, when it has none of that name); games created from it are not
// changed. Needs a service key.
func (c *Client) DeleteSavedConfig(ctx context.Context, name string, opts ...CallOption) error {
	o := collect(opts)
	_, err := unary(ctx, c.stub.DeleteSavedConfig, &tabulav1.DeleteSavedConfigRequest{Name: name}, o)
	return err
}

// AbortGame calls a game in progress off with no result (OUTCOME_TYPE_NO_RESULT,
// END_REASON_ABORTED), for example when a player never showed up, and returns the finished
// game. It needs a service key, an explanation for people (at most 500 characters) and a
// game in which no seat has moved twice yet: afterwards it fails with reason
// TOO_LATE_TO_ABORT (adjudicate instead), and on a finished game with GAME_OVER.
// Option: [RequestID].
func (c *Client) AbortGame(ctx context.Context, gameID, explanation string, opts ...WriteOption) (*tabulav1.Game, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.AbortGame, &tabulav1.AbortGameRequest{GameId: gameID, Explanation: explanation, RequestId: o.requestID}, o)
	return response.GetGame(), err
}

// AdjudicateGame decides a game in progress from outside the board, at any time
// (END_REASON_ADJUDICATION), and returns the finished game: result is
// OUTCOME_TYPE_WIN with the winning seat (from 1), or OUTCOME_TYPE_DRAW with winner 0. It
// needs a service key and an explanation for people (at most 500 characters); on a finished
// game it fails with reason GAME_OVER. Option: [RequestID].
func (c *Client) AdjudicateGame(
	ctx context.Context, gameID string, result tabulav1.OutcomeType, winner uint32, explanation string, opts ...WriteOption,
) (*tabulav1.Game, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.AdjudicateGame, &tabulav1.AdjudicateGameRequest{
		GameId: gameID, Result: result, Winner: winner, Explanation: explanation, RequestId: o.requestID,
	}, o)
	return response.GetGame(), err
}

// PauseClock stops every clock of a game in progress (a tournament break): the running seats
// are charged for the time they used, and no seat moves until [Client.ResumeClock] (a move
// fails with reason CLOCK_PAUSED). The game's history gains a ClockPaused event. Returns the
// game as a spectator sees it afterwards, its GetClock().GetPaused() true. Needs a service
// key. Fails with reason NO_CLOCK for a game without clocks, CLOCK_PAUSED when they are
// paused already, OUT_OF_TIME when a seat's time had already run out, GAME_OVER for a
// finished game. Option: [RequestID].
func (c *Client) PauseClock(ctx context.Context, gameID string, opts ...WriteOption) (*tabulav1.View, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.PauseClock, &tabulav1.PauseClockRequest{GameId: gameID, RequestId: o.requestID}, o)
	return response.GetView(), err
}

// ResumeClock starts a paused game's clocks again: each seat to act thinks from now, with the
// time it had. The history gains a ClockResumed event. Returns the game as a spectator sees
// it afterwards. Needs a service key. Fails with reason NO_CLOCK, CLOCK_NOT_PAUSED or
// GAME_OVER. Option: [RequestID].
func (c *Client) ResumeClock(ctx context.Context, gameID string, opts ...WriteOption) (*tabulav1.View, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ResumeClock, &tabulav1.ResumeClockRequest{GameId: gameID, RequestId: o.requestID}, o)
	return response.GetView(), err
}

// AddTime gives seat (from 1) of a game in progress d more time, its clock running or paused.
// The history gains a TimeAdded event. Returns the game as a spectator sees it afterwards.
// Needs a service key. Fails with INVALID_ARGUMENT, reason INVALID_REQUEST, for a seat the
// game does not have or a d not from 1 ms to 1 day in whole milliseconds; with reason
// NO_CLOCK, OUT_OF_TIME (the seat's time had already run out) or GAME_OVER. Option:
// [RequestID].
func (c *Client) AddTime(ctx context.Context, gameID string, seat uint32, d time.Duration, opts ...WriteOption) (*tabulav1.View, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.AddTime, &tabulav1.AddTimeRequest{
		GameId: gameID, Seat: seat, Time: durationpb.New(d), RequestId: o.requestID,
	}, o)
	return response.GetView(), err
}
