package tabula

import (
	"context"
	"iter"

	"google.golang.org/grpc"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// Person is a tournament's player who plays its own games, for the CreateTournament calls:
// playerID is the player's id in the caller's own system (required, at most 128 characters,
// each player's its own), displayName the name to show (at most 64 characters, without
// control characters). The creation answers with the player's token
// (GetPlayerTokens()), its seat in every game of the tournament.
func Person(playerID, displayName string) *tabulav1.TournamentPlayer {
	return &tabulav1.TournamentPlayer{PlayerId: playerID, DisplayName: displayName}
}

// Engine is a tournament's player the server's engine plays, for the CreateTournament
// calls: at level, from 1 (the weakest: a random legal move) to the kind's
// [tabulav1.GameKindInfo.GetMaxBotLevel]. It has no token; it is rated (with [RatingPool])
// as the player "engine-level-<level>", which is its id when it is given none. Set the
// returned message's PlayerId, DisplayName or EngineMoveTime (the longest it thinks a move,
// as [BotSeat]'s moveTime: unset for the server's default of 1 second, at most 10 seconds)
// for more.
func Engine(level uint32) *tabulav1.TournamentPlayer {
	return &tabulav1.TournamentPlayer{EngineLevel: level}
}

// Format sets how a tournament pairs its players: TOURNAMENT_FORMAT_ROUND_ROBIN (everyone
// plays everyone once, in the order of FIDE's Berger tables; with an odd number of players
// one sits each round out, a bye), TOURNAMENT_FORMAT_DOUBLE_ROUND_ROBIN (everyone plays
// everyone twice, the colours of the first cycle reversed in the second) or
// TOURNAMENT_FORMAT_KNOCKOUT (single elimination from a seeded bracket: seeds 1 and 2 meet
// only in the final, two of seeds 1 to 4 not before the semi-finals, and the byes of a field
// short of a power of two go to the best seeds; each match is a series of [MatchBestOf]
// games, draws played again, and the winners of two neighbouring boards meet in the next
// round) or TOURNAMENT_FORMAT_SWISS (a Swiss by FIDE's Dutch system: each round pairs
// players on equal scores who have not met, the upper half of a score group against its
// lower half, weighing colour preferences, floats and a bye to a player who had none; a
// player moves to another score group only when its own cannot pair it; [SwissRounds]
// rounds, ended early, with the rounds played, if a round cannot be paired without a
// rematch; see also [Accelerated], [SeedByRating] and [ContinueFromTRF]). A round robin takes 2 to 100 players,
// a knockout or a Swiss 2 to 1,000. Without it the CreateTournament calls send
// TOURNAMENT_FORMAT_ROUND_ROBIN. For the CreateTournament calls.
func Format(format tabulav1.TournamentFormat) CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.format = &format })
}

// Scoring sets what a tournament's results are worth, in whole or half points from 0 to 10
// (a win, and a win by forfeit; a draw; a loss; a bye), a win worth more than a loss; others
// fail with INVALID_ARGUMENT, reason INVALID_REQUEST. Without it a win is 1, a draw ½, a
// loss 0 and a bye 1. For the CreateTournament calls.
func Scoring(win, draw, loss, bye float64) CreateTournamentOption {
	return optionOf(func(o *callOptions) {
		o.scoring = &tabulav1.TournamentScoring{Win: win, Draw: draw, Loss: loss, Bye: bye}
	})
}

// TieBreaks sets the tie-breaks that order a tournament's players with equal points, in the
// order they are applied (TIE_BREAK_BUCHHOLZ, TIE_BREAK_BUCHHOLZ_CUT_1,
// TIE_BREAK_SONNEBORN_BERGER, TIE_BREAK_DIRECT_ENCOUNTER, TIE_BREAK_WINS), each at most once;
// players still tied after every one share a rank. Without it: direct encounter, wins, then
// Sonneborn-Berger (in a Swiss: Buchholz cut 1, Buchholz, direct encounter, wins; a Swiss's
// Buchholz and Sonneborn-Berger count its unplayed rounds as FIDE's C.07 Article 16 says).
// Given more than once, the tie-breaks add up. A knockout ranks its players
// by how far each went and takes none (INVALID_ARGUMENT, reason INVALID_REQUEST, on the
// field tie_breaks). For the CreateTournament calls.
func TieBreaks(tieBreaks ...tabulav1.TieBreak) CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.tieBreaks = append(o.tieBreaks, tieBreaks...) })
}

// HoldRounds has a tournament make each round, the first too, only once its organiser says
// go with [Client.StartTournamentRound]; without it each round is paired, and its games
// made, as soon as the round before has ended. For the CreateTournament calls.
func HoldRounds() CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.holdRounds = true })
}

// MatchBestOf makes each match of a knockout (TOURNAMENT_FORMAT_KNOCKOUT, [Format]) a series
// of at most games games: an odd number from 1 to 99, so that each match has a winner (a
// drawn game is played again); the first player to win more than half of them goes through.
// Without it each match is one game. The match is a series ([Client.GetSeries] on its
// board's GetSeriesId()), its players the board's White (player 1, the better seed) and
// Black, whose tournament tokens act as their seats in each of its games. An even number, one
// above 99, or any best-of for a round robin fails with INVALID_ARGUMENT, reason
// INVALID_REQUEST, on the field best_of. It is not [BestOf], a [SeriesLength] for the
// CreateSeries calls. For the CreateTournament calls.
func MatchBestOf(games uint32) CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.matchBestOf = games })
}

// SeedByRating seeds a knockout's players by their ratings in its [RatingPool], the best
// first (a player never rated counts as new, 1500; equal ratings keep the players' order),
// rather than in the players' order; the tournament shows the seeding in GetSeeds(). In a
// Swiss it orders the pairing numbers so: the best-rated player is number 1, GetPlayers()
// lists the players in that order and their tokens carry those numbers. It needs a
// knockout or a Swiss (TOURNAMENT_FORMAT_KNOCKOUT or TOURNAMENT_FORMAT_SWISS, [Format]) and
// a rating pool, else it fails with INVALID_ARGUMENT, reason INVALID_REQUEST, on the field
// seed_by_rating. For the CreateTournament calls.
func SeedByRating() CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.seedByRating = true })
}

// SwissRounds sets how many rounds a Swiss (TOURNAMENT_FORMAT_SWISS, [Format]) plays: from 1
// to one fewer than its players, so that no round needs a rematch. Without it (or with 0) a
// Swiss plays ⌈log₂ of its players⌉ rounds, enough for one player to win every game and
// stand alone on top; the tournament shows the count in GetRoundCount(). A Swiss ends early,
// with the rounds played, if a round cannot be paired without a rematch. As many rounds as
// players or more, or any rounds for another format, fail with INVALID_ARGUMENT, reason
// INVALID_REQUEST, on the field rounds. For the CreateTournament calls.
func SwissRounds(rounds uint32) CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.swissRounds = rounds })
}

// Accelerated pairs a Swiss's (TOURNAMENT_FORMAT_SWISS, [Format]) first rounds with Baku
// acceleration (FIDE C.04.5): the upper half of the pairing numbers counts a virtual win in
// the first quarter of the rounds and a virtual draw in the second, so that the strongest
// meet each other sooner. The virtual points only pair: the standings count real points
// alone. The tournament shows it in GetAccelerated(). For another format it fails with
// INVALID_ARGUMENT, reason INVALID_REQUEST, on the field accelerated. For the
// CreateTournament calls.
func Accelerated() CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.accelerated = true })
}

// ContinueFromTRF continues a Swiss (TOURNAMENT_FORMAT_SWISS, [Format]) played elsewhere
// (CreateTournamentRequest.trf): trf is a FIDE Tournament Report File (TRF-16, as
// [Client.ExportTournamentTRF] writes it and other pairing programs do; at most 2 MiB) whose
// player lines give the rounds played so far, every game ended. The players given to the
// CreateTournament call are the file's, in its starting-rank order (its player lines
// numbered 1 to the number of players, in order), and [SwissRounds] counts the file's
// rounds too and must be more (without it, ⌈log₂ of the players⌉ must be). Each game must
// read the same on both players' lines and each player's points be what its rounds make
// under [Scoring]; a bye the pairing gave (U) and a full-point bye (F) count as byes, a round
// not played (Z) as nothing, and a half-point bye is refused. The file's rounds become the
// tournament's first rounds, ended (in GetRounds() each board with its White, Black and
// result, and no game: GetGameId() empty; on [Client.TournamentEvents] each round paired, its
// boards finished and the round finished), and the next round is paired at once, as a new
// tournament's first round is (with [HoldRounds], when the organiser says go). A file that
// does not read so, or whose player lines are not as many as the players, or a TRF for
// another format fails with INVALID_ARGUMENT, reason INVALID_REQUEST, every problem named
// as a violation of the field trf (too few rounds asked: of the field rounds). For the
// CreateTournament calls.
func ContinueFromTRF(trf string) CreateTournamentOption {
	return optionOf(func(o *callOptions) { o.trf = trf })
}

// InTournamentStatus lists only tournaments in status (TOURNAMENT_STATUS_IN_PROGRESS,
// TOURNAMENT_STATUS_FINISHED or TOURNAMENT_STATUS_CANCELLED); without it every tournament is
// listed. For [Client.ListTournaments].
func InTournamentStatus(status tabulav1.TournamentStatus) ListTournamentsOption {
	return optionOf(func(o *callOptions) { o.tournamentStatus = status })
}

// CreateTournamentFromPreset creates a tournament of players (2 to 100 in a round robin, 2 to
// 1,000 in a knockout or a Swiss, in the tournament's order: their pairing numbers, from 1;
// build them with [Person] and [Engine])
// whose every game is kind's named preset (reason UNKNOWN_PRESET for a name kind lacks): a
// round robin, a knockout or a Swiss ([Format]) the server plays out round after round. It pairs the
// first round and makes its games at once (unless [HoldRounds]), and each next round as soon
// as every board of the round before has ended, exactly once; each board's White (the
// board's GetWhite(), a player number) sits in its game's first seat and Black in the
// second. In a knockout each board is a match, a series of [MatchBestOf] games (the board's
// GetSeriesId(), its GetGameId() empty), in which White is player 1 and the players take
// turns in the first seat; the winner of the match goes through. It keeps the standings
// after every round (see [Client.GetTournament], [Client.TournamentEvents]). Only two-seat
// kinds make a tournament. A request that makes no sense (one player, two players of one id,
// a person without an id, an engine level the kind lacks, bad scoring or tie-breaks,
// tie-breaks or an even best-of for a knockout, [SeedByRating] without a knockout or a Swiss
// and a rating pool, [SwissRounds] not fewer than the players, [SwissRounds],
// [Accelerated] or [ContinueFromTRF] without a Swiss, a TRF that does not continue the
// Swiss) fails with INVALID_ARGUMENT, reason INVALID_REQUEST, every problem named as a
// field violation. Its games are not counted against the key's cap of games in progress.
//
// The response holds the tournament, its first round paired unless held, and one token per
// person (GetPlayerTokens(): each one's GetPlayer(), its number, and GetToken(), shown only
// this once; none for a player the engine plays): in every game of the tournament a
// player's token acts as the seat the player sits in, like a seat token (use it with
// [Client.As]). Options: [Format], [Scoring], [TieBreaks], [HoldRounds], [MatchBestOf] (a
// knockout's), [SeedByRating] (a knockout's or a Swiss's), [SwissRounds], [Accelerated]
// and [ContinueFromTRF] (a Swiss's), [RatingPool] (every game rated in the pool;
// RATING_POOL_PRESET the preset's own), [Private], [AllowHints], [Labels] (the tournament's,
// which every one of its games carries too), [RequestID]. Needs a service key.
func (c *Client) CreateTournamentFromPreset(ctx context.Context, kind tabulav1.GameKind, preset string, players []*tabulav1.TournamentPlayer, opts ...CreateTournamentOption) (*tabulav1.CreateTournamentResponse, error) {
	return c.createTournament(ctx, "CreateTournamentFromPreset", &tabulav1.CreateTournamentRequest{Kind: kind, Source: &tabulav1.CreateTournamentRequest_Preset{Preset: preset}}, players, collect(opts))
}

// CreateTournamentFromConfig creates a tournament of players whose every game is created from
// config (zero fields take their defaults; invalid values fail with reason INVALID_CONFIG);
// random parts (a random starter, a Chess960 start) are drawn anew for each game. Otherwise
// as [Client.CreateTournamentFromPreset], with its options and [Clock], [OnTimeout],
// [FirstMoveWindow], [Starter] and [Presence], each set on a copy of config, which is left
// unchanged. A tournament moves on when a game ends, so [EndingTakebackWindow] does not
// compile with it. Needs a service key.
func (c *Client) CreateTournamentFromConfig(ctx context.Context, config *tabulav1.GameConfig, players []*tabulav1.TournamentPlayer, opts ...CreateTournamentConfigOption) (*tabulav1.CreateTournamentResponse, error) {
	return c.createTournament(ctx, "CreateTournamentFromConfig", &tabulav1.CreateTournamentRequest{Source: &tabulav1.CreateTournamentRequest_Config{Config: config}}, players, collect(opts))
}

// CreateTournamentFromSavedConfig creates a tournament of players whose every game is created
// from name, one of the caller's saved configurations ([Client.CreateSavedConfig]); the
// tournament copies it, so later changes to it leave the tournament alone. An unknown name
// fails with NOT_FOUND, reason SAVED_CONFIG_NOT_FOUND. Otherwise as
// [Client.CreateTournamentFromPreset], with its options; the clock, the starter and the
// presence belong to the saved configuration, so [Clock], [OnTimeout], [FirstMoveWindow],
// [Starter], [Presence] and [EndingTakebackWindow] do not compile with it. Needs a service key.
func (c *Client) CreateTournamentFromSavedConfig(ctx context.Context, name string, players []*tabulav1.TournamentPlayer, opts ...CreateTournamentOption) (*tabulav1.CreateTournamentResponse, error) {
	return c.createTournament(ctx, "CreateTournamentFromSavedConfig", &tabulav1.CreateTournamentRequest{Source: &tabulav1.CreateTournamentRequest_SavedConfig{SavedConfig: name}}, players, collect(opts))
}

// createTournament sends a tournament's creation from a preset, a configuration or a saved
// configuration, as createSeries sends a series'.
func (c *Client) createTournament(ctx context.Context, call string, request *tabulav1.CreateTournamentRequest, players []*tabulav1.TournamentPlayer, o callOptions) (*tabulav1.CreateTournamentResponse, error) {
	config, fromConfig := request.GetSource().(*tabulav1.CreateTournamentRequest_Config)
	if fromConfig {
		copied, err := o.configured(call, config.Config)
		if err != nil {
			return nil, err
		}
		request.Source = &tabulav1.CreateTournamentRequest_Config{Config: copied}
	}
	request.Format = tabulav1.TournamentFormat_TOURNAMENT_FORMAT_ROUND_ROBIN
	if o.format != nil {
		request.Format = *o.format
	}
	request.Players, request.Scoring, request.TieBreaks, request.HoldRounds = players, o.scoring, o.tieBreaks, o.holdRounds
	request.BestOf, request.SeedByRating = o.matchBestOf, o.seedByRating
	request.Rounds, request.Accelerated, request.Trf = o.swissRounds, o.accelerated, o.trf
	request.RatingPool, request.Private, request.AllowHints = o.ratingPool, o.private, o.allowHints
	request.Labels, request.RequestId = o.labels, o.requestID
	return unary(ctx, c.stub.CreateTournament, request, o)
}

// GetTournament returns a tournament: its kind and configuration, GetFormat(), GetPlayers()
// (in pairing order, a late entry of a Swiss ([Client.AddTournamentPlayer]) last; a
// withdrawn one's GetWithdrawnAfterRound()), GetScoring(),
// GetTieBreaks(), GetStatus(), GetRoundCount() (how many rounds it plays in all),
// GetRounds() (those made so far: each one's GetNumber(), GetBoards() and GetFinished(); a
// board's GetWhite() and GetBlack() player numbers, 0 for a bye's Black, its GetGameId() and
// GetResult(), unspecified while its game is played), GetStandings() after the results so
// far (best first: GetRank(), shared by players tied after every tie-break, GetPlayer(),
// GetPlayerId(), GetPoints(), GetTieBreaks()), with [HoldRounds] GetReleasedRounds(), and
// GetLabels(). A knockout has GetBestOf() ([MatchBestOf]) and GetSeeds() (the players by
// seed: GetSeeds()[0] is the first seed's number); each board's GetSeriesId() names its match
// ([Client.GetSeries]; its GetGameId() is empty), its White is the better seed (0 for a
// board of nobody, both its players having withdrawn) and its result White's or Black's win
// of the match; its standings rank the players by how far each went (players knocked out in
// one round share a rank), without tie-breaks. A Swiss (TOURNAMENT_FORMAT_SWISS) has
// GetAccelerated() ([Accelerated]), its GetRoundCount() the rounds it was asked for
// ([SwissRounds]) or derived; one ended early, a round unpairable without a rematch, has
// fewer GetRounds(); one continued from a TRF ([ContinueFromTRF]) has the file's rounds
// first, their boards without games. Anyone may read a tournament that is not
// private; a private one needs a service key or one of its players' tokens
// (PERMISSION_DENIED, reason PRIVATE_TOURNAMENT). An unknown id fails with NOT_FOUND, reason
// TOURNAMENT_NOT_FOUND.
func (c *Client) GetTournament(ctx context.Context, tournamentID string, opts ...CallOption) (*tabulav1.Tournament, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.GetTournament, &tabulav1.GetTournamentRequest{TournamentId: tournamentID}, o)
	return response.GetTournament(), err
}

// ExportTournamentTRF returns a tournament, running or over, as FIDE's Tournament Report
// File (TRF): fixed-column text, each line ending in a line feed, whose "012" line names the
// tournament (its label "name", if it has one), whose "062" line counts its players, and
// whose "001" lines are its players, one each in pairing order: the number (columns 5–8), the
// name (15–47: the display name, else the id, at most 33 characters), the points (81–84, as
// in GetStandings()), the rank (86–89), then each round's opponent, colour and result from
// column 92 (blank for a game still being played; a knockout's match counts as one game).
// A Swiss's file, every game of it ended, continues the Swiss in a new tournament
// ([ContinueFromTRF]). Read access is [Client.GetTournament]'s: anyone for a tournament that is not private, else
// a service key or one of its players' tokens (PERMISSION_DENIED, reason
// PRIVATE_TOURNAMENT). An unknown id fails with NOT_FOUND, reason TOURNAMENT_NOT_FOUND.
func (c *Client) ExportTournamentTRF(ctx context.Context, tournamentID string, opts ...CallOption) (string, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.ExportTournamentTrf, &tabulav1.ExportTournamentTrfRequest{TournamentId: tournamentID}, o)
	return response.GetTrf(), err
}

// ListTournaments lists the server's tournaments, newest first, one page at a time. Options:
// filters [InTournamentStatus], [Labels] (tournaments carrying every one of them); paging
// [PageSize], [PageToken] (the response's GetNextPageToken(), empty on the last page; later
// pages take the same filters). Needs a service key.
func (c *Client) ListTournaments(ctx context.Context, opts ...ListTournamentsOption) (*tabulav1.ListTournamentsResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ListTournaments, &tabulav1.ListTournamentsRequest{
		PageSize: o.pageSize, PageToken: o.pageToken, Status: o.tournamentStatus, Labels: o.labels,
	}, o)
}

// TournamentEvents follows the events of a tournament that come after sequence number
// afterSeq (0: from its start): each round paired ("round_paired", the round with its boards
// and their game ids, or in a knockout their series ids), each board ended ("board_finished", with its result), each round
// finished ("round_finished", with the standings after it), each player withdrawn
// ("player_withdrew"), each late entry ([Client.AddTournamentPlayer]: "player_joined", the
// player's number and first round) and last the end ("tournament_ended", finished or cancelled, with the
// final standings); first the backlog, then live events, each exactly once and in order.
// Read a tournament's games themselves with [Client.Events] on the game ids its boards name
// (in a knockout, a match's with [Client.SeriesEvents] on its series id). The owner's stream
// ([Client.OwnerEvents]) carries the same board_finished, round_finished and
// tournament_ended events, for every tournament of the key at once, as
// OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED, OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED and
// OWNER_EVENT_KIND_TOURNAMENT_FINISHED (GetTournamentEvent()), each with the end of the game
// that made it (a board decided without a game, and a knockout's matches, have none there).
//
// The sequence ends when the server closes the stream after the tournament_ended event. It
// resumes, checks the seqs and ends as [Client.Events] does, with the same options: after a
// dropped connection or STREAM_LAGGED it reconnects after the last event it yielded; an
// event whose seq is not the one after the previous event's (the first one: not
// afterSeq+1) ends it with an [*Error] of code DataLoss and reason [ReasonSeqGap], metadata
// "expected_seq" and "received_seq"; any other failure is yielded once as an error (an
// unknown id: NOT_FOUND, reason TOURNAMENT_NOT_FOUND; afterSeq beyond the newest event:
// OUT_OF_RANGE, reason SEQ_OUT_OF_RANGE). It has no deadline: it ends when ctx is cancelled,
// when the loop breaks, or when the client is closed. Read access is
// [Client.GetTournament]'s.
//
// An event of a kind this client does not know (its GetKind() is nil and
// [TournamentEventKind] is [Unknown]) is yielded like any other and counts towards the
// sequence numbers.
func (c *Client) TournamentEvents(ctx context.Context, tournamentID string, afterSeq uint64, opts ...StreamOption) iter.Seq2[*tabulav1.TournamentEvent, error] {
	return func(yield func(*tabulav1.TournamentEvent, error) bool) {
		open := func(ctx context.Context, after uint64) (grpc.ServerStreamingClient[tabulav1.StreamTournamentEventsResponse], error) {
			return c.stub.StreamTournamentEvents(ctx, &tabulav1.StreamTournamentEventsRequest{TournamentId: tournamentID, AfterSeq: after})
		}
		seqOf := func(response *tabulav1.StreamTournamentEventsResponse) uint64 { return response.GetEvent().GetSeq() }
		resume(ctx, c.conn, afterSeq, opts, open, seqOf, consecutive("tournament "+tournamentID), func(response *tabulav1.StreamTournamentEventsResponse, err error) bool {
			return yield(response.GetEvent(), err)
		})
	}
}

// TournamentEventKind is the arm of a tournament event's kind as the contract names it
// ("round_paired", "board_finished", "round_finished", "player_withdrew", "player_joined",
// "tournament_ended"), or [Unknown] for an event of a kind added after this client (its
// GetKind() is nil). Such an event still has its seq and time, and
// [Client.TournamentEvents] delivers it like any other.
func TournamentEventKind(event *tabulav1.TournamentEvent) string {
	return oneofCase(event.ProtoReflect(), "kind")
}

// StartTournamentRound lets round (from 1: the next one) of a tournament created with
// [HoldRounds] be made: at once if the round before has ended (the first round at any time),
// else as soon as it ends. Returns the tournament, the round in GetRounds() if it was paired,
// GetReleasedRounds() counting it. Fails with INVALID_ARGUMENT for a round other than the
// next, FAILED_PRECONDITION, reason TOURNAMENT_OVER, for a tournament finished or cancelled,
// NOT_FOUND, reason TOURNAMENT_NOT_FOUND, for an unknown id. Needs a service key.
func (c *Client) StartTournamentRound(ctx context.Context, tournamentID string, round uint32, opts ...CallOption) (*tabulav1.Tournament, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.StartTournamentRound, &tabulav1.StartTournamentRoundRequest{TournamentId: tournamentID, Round: round}, o)
	return response.GetTournament(), err
}

// WithdrawTournamentPlayer withdraws player (its number, from 1) from a tournament: it plays
// its game of the round in progress, if it has one, and is paired in no round after, its
// opponents there winning by forfeit (BOARD_RESULT_WHITE_WINS_BY_FORFEIT or
// BOARD_RESULT_BLACK_WINS_BY_FORFEIT). Returns the tournament, the player's
// GetWithdrawnAfterRound() set; the tournament's stream gets a "player_withdrew" event.
// Fails with INVALID_ARGUMENT for a player the tournament lacks or one withdrawn already,
// FAILED_PRECONDITION, reason TOURNAMENT_OVER, for a tournament finished or cancelled.
// Needs a service key.
func (c *Client) WithdrawTournamentPlayer(ctx context.Context, tournamentID string, player uint32, opts ...CallOption) (*tabulav1.Tournament, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.WithdrawTournamentPlayer, &tabulav1.WithdrawTournamentPlayerRequest{TournamentId: tournamentID, Player: player}, o)
	return response.GetTournament(), err
}

// AddTournamentPlayer adds player (built with [Person] or [Engine], as the CreateTournament
// calls take them) to a Swiss under way (TOURNAMENT_FORMAT_SWISS, [Format]): a late entry,
// numbered after every player, with no points, paired from the next round made; the rounds
// before count as rounds it did not play (a "player_joined" event on the tournament's
// stream names its number and first round). Returns the tournament with its new player,
// last in GetPlayers(), and for a person its token (GetPlayerToken(): its GetPlayer(), its
// number, and GetToken(), shown only this once; unset for a player the engine plays), its
// seat in every game of the tournament from its first round on (use it with [Client.As]).
// Fails with INVALID_ARGUMENT, reason INVALID_REQUEST, on the field player for no player,
// an id another player has (or, in a rated tournament, is rated as), a full tournament
// (1,000 players), or a round robin or a knockout, whose schedule or bracket is fixed at its
// creation, and on the player's own fields (player.player_id, player.engine_level and the
// like) for a player the CreateTournament calls would refuse;
// FAILED_PRECONDITION, reason TOURNAMENT_OVER, for a tournament finished or cancelled;
// NOT_FOUND, reason TOURNAMENT_NOT_FOUND, for an unknown id. Needs a service key.
func (c *Client) AddTournamentPlayer(ctx context.Context, tournamentID string, player *tabulav1.TournamentPlayer, opts ...CallOption) (*tabulav1.AddTournamentPlayerResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.AddTournamentPlayer, &tabulav1.AddTournamentPlayerRequest{TournamentId: tournamentID, Player: player}, o)
}

// CancelTournament calls a tournament off: no round is made after, and its status is
// TOURNAMENT_STATUS_CANCELLED (its stream ends with a "tournament_ended" event). Games in
// progress are left to end, or to [Client.AbortGame]. Returns the cancelled tournament.
// Fails with FAILED_PRECONDITION, reason TOURNAMENT_OVER, for a tournament finished or
// cancelled already. Needs a service key.
func (c *Client) CancelTournament(ctx context.Context, tournamentID string, opts ...CallOption) (*tabulav1.Tournament, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.CancelTournament, &tabulav1.CancelTournamentRequest{TournamentId: tournamentID}, o)
	return response.GetTournament(), err
}
