package tabula

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// The options of the calls are typed per call, so that a call given an option it does not
// take does not compile. Each call (or group of calls with the same options) has an
// interface with a marker method of its own; one concrete type, option, has every marker,
// and each option's constructor declares as its result the interface that admits it to
// exactly the calls that take it. A value keeps its declared type wherever it is passed,
// so `client.GetGame(ctx, id, tabula.RequestID("r"))` is a compile error.

// applier is what every option does: set its part of one call's options.
type applier interface{ apply(*callOptions) }

// WriteOption is an option of the writes whose one option of their own is [RequestID]:
// [Client.BatchCreateGames], [Client.CreateRematch], [Client.Resign], [Client.AbortGame],
// [Client.AdjudicateGame], [Client.PauseClock], [Client.ResumeClock] and [Client.AddTime].
// [RequestID] and every [CallOption] are WriteOptions.
type WriteOption interface {
	applier
	write()
}

// SubmitMoveOption is an option of [Client.SubmitMove]: [ValidateOnly], [BasicAnswer],
// [ExpectedSeq], [RequestID] and every [CallOption].
type SubmitMoveOption interface {
	applier
	submitMove()
}

// TakeBackOption is an option of [Client.TakeBack] and [Client.AnswerTakeBack]:
// [ExpectedSeq], [RequestID] and every [CallOption].
type TakeBackOption interface {
	applier
	takeBack()
}

// ClaimVictoryOption is an option of [Client.ClaimVictory]: [ClaimDraw], [RequestID] and
// every [CallOption].
type ClaimVictoryOption interface {
	applier
	claimVictory()
}

// GetViewOption is an option of [Client.GetView]: [AtSeq] and every [CallOption].
type GetViewOption interface {
	applier
	getView()
}

// GetHintOption is an option of [Client.GetHint]: [MaxTime], [MaxNodes], [AtSeq] and every
// [CallOption].
type GetHintOption interface {
	applier
	getHint()
}

// ListGamesOption is an option of [Client.ListGames]: the filters [OfKind], [InStatus],
// [CreatedAfter], [CreatedBefore], [OfPlayer] and [Labels], the paging [PageSize] and
// [PageToken], and every [CallOption].
type ListGamesOption interface {
	applier
	listGames()
}

// ListSeriesOption is an option of [Client.ListSeries]: [InSeriesStatus], [Labels],
// [PageSize], [PageToken] and every [CallOption].
type ListSeriesOption interface {
	applier
	listSeries()
}

// ListTournamentsOption is an option of [Client.ListTournaments]: [InTournamentStatus],
// [Labels], [PageSize], [PageToken] and every [CallOption].
type ListTournamentsOption interface {
	applier
	listTournaments()
}

// ListSavedConfigsOption is an option of [Client.ListSavedConfigs]: [PageSize], [PageToken]
// and every [CallOption].
type ListSavedConfigsOption interface {
	applier
	listSavedConfigs()
}

// ListLeaderboardOption is an option of [Client.ListLeaderboard]: [ExcludeProvisional],
// [PageSize], [PageToken] and every [CallOption].
type ListLeaderboardOption interface {
	applier
	listLeaderboard()
}

// ListPuzzleSolutionsOption is an option of [Client.ListPuzzleSolutions] and
// [Client.AllPuzzleSolutions]: [PageSize], [PageToken], [AtSeq] and every [CallOption].
type ListPuzzleSolutionsOption interface {
	applier
	listPuzzleSolutions()
}

// ImportGameOption is an option of [Client.ImportGame]: [ValidateOnly] and every
// [CallOption].
type ImportGameOption interface {
	applier
	importGame()
}

// PageOption is [PageSize] and [PageToken]: an option of every List call that pages.
type PageOption interface {
	ListGamesOption
	ListSeriesOption
	ListTournamentsOption
	ListSavedConfigsOption
	ListLeaderboardOption
	ListPuzzleSolutionsOption
}

// AtSeqOption is [AtSeq]: an option of [Client.GetView], [Client.GetHint] and
// [Client.ListPuzzleSolutions] (and [Client.AllPuzzleSolutions]).
type AtSeqOption interface {
	GetViewOption
	GetHintOption
	ListPuzzleSolutionsOption
}

// ValidateOnlyOption is [ValidateOnly]: an option of [Client.SubmitMove] and
// [Client.ImportGame].
type ValidateOnlyOption interface {
	SubmitMoveOption
	ImportGameOption
}

// ExpectedSeqOption is [ExpectedSeq]: an option of [Client.SubmitMove], [Client.TakeBack]
// and [Client.AnswerTakeBack].
type ExpectedSeqOption interface {
	SubmitMoveOption
	TakeBackOption
}

// CreateGameOption is an option of [Client.CreateGameFromPreset] and
// [Client.CreateGameFromSavedConfig]: every [GameOption], [RequestID] and every
// [CallOption].
type CreateGameOption interface {
	applier
	createGame()
}

// CreateGameConfigOption is an option of [Client.CreateGameFromConfig]: those of
// [CreateGameOption], every [ConfigOption] and [EndingTakebackWindow].
type CreateGameConfigOption interface {
	applier
	createGameConfig()
}

// CreateGamePGNOption is an option of [Client.CreateGameFromPGN]: those of
// [CreateGameOption] and [Ply].
type CreateGamePGNOption interface {
	applier
	createGamePGN()
}

// GameConfigOption is an option of the creations of a game from a configuration,
// [Client.CreateGameFromConfig] and [GameFromConfig]: every [GameOption], every
// [ConfigOption] and [EndingTakebackWindow] (which returns one). [GameFromConfig] takes
// GameConfigOptions.
type GameConfigOption interface {
	CreateGameConfigOption
	buildGameConfig()
}

// GamePGNOption is an option of the imports of a chess game from PGN,
// [Client.CreateGameFromPGN] and [GameFromPGN]: every [GameOption] and [Ply] (which
// returns one). [GameFromPGN] takes GamePGNOptions.
type GamePGNOption interface {
	CreateGamePGNOption
	buildGamePGN()
}

// GameOption is an option of every creation of a game, the CreateGame calls and the
// GameFrom builders of [Client.BatchCreateGames] alike: [StartTime], [SpectatorDelay] and
// [OwnerStreamMoves] (which return one), and every [SeatingOption] and [CreationOption].
// [GameFromPreset] and [GameFromSavedConfig] take GameOptions.
type GameOption interface {
	GameConfigOption
	GamePGNOption
	CreateGameOption
	buildGame()
}

// CreateSeriesOption is an option of every creation of a series: [Draws] (which returns
// one), every [SeatingOption] and [CreationOption], [Labels], [RequestID] and every
// [CallOption]. [Client.CreateSeriesFromPreset] and [Client.CreateSeriesFromSavedConfig]
// take CreateSeriesOptions.
type CreateSeriesOption interface {
	CreateSeriesConfigOption
	createSeries()
}

// CreateSeriesConfigOption is an option of [Client.CreateSeriesFromConfig]: those of
// [CreateSeriesOption] and every [ConfigOption].
type CreateSeriesConfigOption interface {
	applier
	createSeriesConfig()
}

// CreateTournamentOption is an option of every creation of a tournament: [Format],
// [Scoring], [TieBreaks], [HoldRounds], [MatchBestOf], [SeedByRating], [SwissRounds],
// [Accelerated] and [ContinueFromTRF] (which return one), every [CreationOption], [Labels],
// [RequestID] and every [CallOption]. [Client.CreateTournamentFromPreset] and
// [Client.CreateTournamentFromSavedConfig] take CreateTournamentOptions.
type CreateTournamentOption interface {
	CreateTournamentConfigOption
	createTournament()
}

// CreateTournamentConfigOption is an option of [Client.CreateTournamentFromConfig]: those
// of [CreateTournamentOption] and every [ConfigOption].
type CreateTournamentConfigOption interface {
	applier
	createTournamentConfig()
}

// ConfigOption is [Clock], [OnTimeout], [FirstMoveWindow], [Starter] and [Presence]: an
// option of every creation from a configuration, set on a copy of it (the caller's
// configuration is left as it is). A preset and a saved configuration bring their own.
type ConfigOption interface {
	GameConfigOption
	CreateSeriesConfigOption
	CreateTournamentConfigOption
}

// SeatingOption is [Bots] and [Players]: who sits in the seats, an option of every creation
// of a game or a series.
type SeatingOption interface {
	GameOption
	CreateSeriesOption
}

// CreationOption is [Private], [AllowHints] and [RatingPool]: an option of every creation
// of a game (the GameFrom builders included), a series or a tournament.
type CreationOption interface {
	SeatingOption
	CreateTournamentOption
}

// LabelsOption is [Labels]: the labels of every creation, and a filter of
// [Client.ListGames], [Client.ListSeries] and [Client.ListTournaments].
type LabelsOption interface {
	CreationOption
	ListGamesOption
	ListSeriesOption
	ListTournamentsOption
}

// RequestIDOption is [RequestID]: an option of every write that the server applies at most
// once per request id (the GameFrom builders excepted: a batch has one request id, given to
// [Client.BatchCreateGames]).
type RequestIDOption interface {
	WriteOption
	SubmitMoveOption
	TakeBackOption
	ClaimVictoryOption
	CreateGameOption
	CreateGameConfigOption
	CreateGamePGNOption
	CreateSeriesOption
	CreateTournamentOption
}

// CallOption is an option of every unary call of [Client]: [NoRetry], [Retry] and
// [WaitForReady], which say how the call rides out a server that is restarting. The methods
// without options of their own (such as [Client.GetGame]) take CallOptions only. A
// CallOption is a grpc.CallOption too, for the calls of [Client.Stub].
type CallOption interface {
	grpc.CallOption
	RequestIDOption
	PageOption
	AtSeqOption
	ValidateOnlyOption
}

// callOptions is everything the options of one call set.
type callOptions struct {
	// grpc holds the [CallOption]s given, passed on to the stub's call.
	grpc         []grpc.CallOption
	requestID    string
	expectedSeq  *uint64
	validateOnly bool
	moveView     tabulav1.SubmitMoveView
	private      bool
	ply          *uint32
	kind         tabulav1.GameKind
	status       tabulav1.GameStatus
	after        *timestamppb.Timestamp
	before       *timestamppb.Timestamp
	pageSize     int32
	pageToken    string
	bots         []*tabulav1.BotSeat
	allowHints   *bool
	maxTime      time.Duration
	maxNodes     uint64
	atSeq        *uint64
	clock        *tabulav1.ClockConfig
	onTimeout    *tabulav1.TimeoutRule
	firstMove    *time.Duration
	starter      *tabulav1.Starter
	players      []*tabulav1.Player
	playerID     string
	draws        tabulav1.SeriesDraws
	seriesStatus tabulav1.SeriesStatus
	labels       map[string]string
	startTime    *timestamppb.Timestamp
	delay        *tabulav1.SpectatorDelay
	ownerMoves   bool
	presence     *tabulav1.PresenceConfig
	claimDraw    bool
	ratingPool   tabulav1.RatingPool
	// excludeProvisional is [ExcludeProvisional]'s: leave provisional ratings out.
	excludeProvisional bool
	// endingTakeback is [EndingTakebackWindow]'s window, nil when not given (0: none).
	endingTakeback *time.Duration
	// format, scoring, tieBreaks, holdRounds, matchBestOf, seedByRating, swissRounds,
	// accelerated and trf are a tournament's: [Format] (nil when not given), [Scoring],
	// [TieBreaks], [HoldRounds], [MatchBestOf], [SeedByRating], [SwissRounds],
	// [Accelerated], [ContinueFromTRF].
	format       *tabulav1.TournamentFormat
	scoring      *tabulav1.TournamentScoring
	tieBreaks    []tabulav1.TieBreak
	holdRounds   bool
	matchBestOf  uint32
	seedByRating bool
	swissRounds  uint32
	accelerated  bool
	trf          string
	// tournamentStatus is [InTournamentStatus]'s filter.
	tournamentStatus tabulav1.TournamentStatus
}

// collect applies opts in order (a nil option is skipped).
func collect[Option applier](opts []Option) callOptions {
	var o callOptions
	for _, opt := range opts {
		if applier(opt) != nil {
			opt.apply(&o)
		}
	}
	return o
}

// unaryCalls has the marker of every unary call's options.
type unaryCalls struct{}

func (unaryCalls) write()                  {}
func (unaryCalls) submitMove()             {}
func (unaryCalls) takeBack()               {}
func (unaryCalls) claimVictory()           {}
func (unaryCalls) getView()                {}
func (unaryCalls) getHint()                {}
func (unaryCalls) listGames()              {}
func (unaryCalls) listSeries()             {}
func (unaryCalls) listTournaments()        {}
func (unaryCalls) listSavedConfigs()       {}
func (unaryCalls) listLeaderboard()        {}
func (unaryCalls) listPuzzleSolutions()    {}
func (unaryCalls) importGame()             {}
func (unaryCalls) createGame()             {}
func (unaryCalls) createGameConfig()       {}
func (unaryCalls) createGamePGN()          {}
func (unaryCalls) createSeries()           {}
func (unaryCalls) createSeriesConfig()     {}
func (unaryCalls) createTournament()       {}
func (unaryCalls) createTournamentConfig() {}

// builders has the marker of the GameFrom builders' options.
type builders struct{}

func (builders) buildGame()       {}
func (builders) buildGameConfig() {}
func (builders) buildGamePGN()    {}

// option is every option but the [CallOption]s: it has every marker, and its constructor's
// declared result says which calls take it.
type option struct {
	unaryCalls
	builders
	set func(*callOptions)
}

func (o option) apply(options *callOptions) { o.set(options) }

// optionOf makes an option that set applies.
func optionOf(set func(*callOptions)) option { return option{set: set} }
