// Package tabula is the Go client of the Tabula game service (tabula.v1.GameService): a
// thin, idiomatic layer over the generated stubs of package tabulav1.
//
// [Dial] connects (and returns once the connection is ready); [New] makes a client that
// connects on its first call. Every RPC of the service has a method of [Client] named
// after it: [Client.ListGameKinds], [Client.CreateGameFromPreset],
// [Client.CreateGameFromConfig], [Client.CreateGameFromPGN],
// [Client.CreateGameFromSavedConfig], [Client.BatchCreateGames] (1 to 500 games in one
// call, all or nothing, in order, each request built as the CreateGame calls build theirs by
// [GameFromPreset], [GameFromConfig], [GameFromPGN] or [GameFromSavedConfig], with the same
// options but [RequestID], which the batch takes: a retried batch answers with the same
// games; a refusal names each problem under requests[N] and makes no game),
// [Client.CreateRematch] (a finished game played again, its players and engine seats
// swapped between the two seats, the two games naming each other in GetRematchOf() and
// GetRematch(); one rematch a game, another refused with reason REMATCH_EXISTS),
// [Client.GetGame], [Client.ListGames], [Client.GetView], [Client.ListLegalMoves],
// [Client.SubmitMove], [Client.Resign], [Client.ExportPGN], [Client.ExportGame] and
// [Client.ImportGame] (a game as a JSON document, kept or moved to another server with its
// id, its log and its seats' tokens; [ValidateOnly] only checks one), [Client.GetHint],
// [Client.ListPuzzleSolutions] and [Client.AllPuzzleSolutions] (a puzzle's solutions from a
// position, counted and listed a page at a time), [Client.TakeBack],
// [Client.AnswerTakeBack], [Client.ClaimVictory] (the win, or a draw, against a seat to move
// that has been gone long enough, in a game kept with [Presence]), [Client.ArchiveGame], [Client.DeleteGame], UpdateGame as
// [Client.UpdateGameLabels], [Client.ReissueSeatToken],
// [Client.CreateSavedConfig], [Client.GetSavedConfig], [Client.ListSavedConfigs],
// [Client.UpdateSavedConfig], [Client.DeleteSavedConfig] (configurations saved under a name
// of the caller's, for [Client.CreateGameFromSavedConfig]),
// [Client.AbortGame], [Client.AdjudicateGame], [Client.PauseClock], [Client.ResumeClock],
// [Client.AddTime], and StreamEvents as [Client.Events] (an iterator that resumes after the
// last event it delivered when the connection drops; [Client.EventsWithViews] also yields
// the game as the caller sees it after each event, and [Client.EventsWithViewChanges] the
// same views, sent as changes and applied with [ApplyViewChange]). Series of games between two players:
// CreateSeries as [Client.CreateSeriesFromPreset], [Client.CreateSeriesFromConfig] and
// [Client.CreateSeriesFromSavedConfig] (each with a [SeriesLength], [BestOf] or [FirstTo];
// with [RatingPool] every game of the series rated), [Client.GetSeries], [Client.ListSeries], UpdateSeries as [Client.UpdateSeriesLabels], and
// StreamSeriesEvents as [Client.SeriesEvents], which resumes like [Client.Events].
// Round-robin, knockout and Swiss tournaments of many players, round after round made by the
// server (a knockout's matches each a series; a Swiss paired by FIDE's Dutch system): CreateTournament as
// [Client.CreateTournamentFromPreset], [Client.CreateTournamentFromConfig] and
// [Client.CreateTournamentFromSavedConfig] (players built with [Person] and [Engine];
// options [Format], [Scoring], [TieBreaks], [HoldRounds], [MatchBestOf], [SeedByRating],
// [SwissRounds], [Accelerated], [ContinueFromTRF] (a Swiss played elsewhere, continued
// from its TRF), [RatingPool], [Private], [AllowHints], [Labels] and [RequestID]),
// [Client.GetTournament], ExportTournamentTrf as [Client.ExportTournamentTRF] (FIDE's
// Tournament Report File),
// [Client.ListTournaments] (with [InTournamentStatus]), StreamTournamentEvents as
// [Client.TournamentEvents], which resumes like [Client.Events], and the organiser's
// [Client.StartTournamentRound],
// [Client.WithdrawTournamentPlayer], [Client.AddTournamentPlayer] (a late entry in a Swiss
// under way, paired from the next round) and [Client.CancelTournament].
// Ratings of the players of games, series and tournaments created with [RatingPool]
// (Glicko-2, per service key and pool): [Client.GetPlayerRatings] and [Client.ListLeaderboard] (paged, with
// [ExcludeProvisional]).
// StreamOwnerEvents as [Client.OwnerEvents]: what happens to every game of the caller's
// service key (created, started, ended, a draw offered, a takeback asked, a seat come or
// gone, a clock flagged, an end taken back), to its series (each game scored, the series
// decided: the series' own event in GetSeriesEvent()) and to its tournaments (each board
// scored, each round finished, the tournament finished by a game's end: the tournament's
// own event in GetTournamentEvent()) in one stream numbered by the key's cursor, filtered with [OwnerKinds] and [OwnerLabels], which resumes
// after the last cursor it delivered like [Client.Events].
// Moves are built with [Drop], [PlaceCell], [Move], [Shot], [Ready] and the other
// constructors of this package; seats the server's engine plays with [Bots] and [BotSeat];
// who sits in the seats with [Players] and [Player] (and [OfPlayer] finds a player's games);
// the managing backend's own tags on a game or a series with [Labels], which also finds them
// in [Client.ListGames] and [Client.ListSeries] ([Client.UpdateGameLabels] and
// [Client.UpdateSeriesLabels] replace or clear them);
// hints are allowed at creation with [AllowHints] and bounded with [MaxTime] and
// [MaxNodes]; [AtSeq] names an earlier position, for the hints of a finished game and for
// [Client.GetView] of any game. A game created from a configuration gets clocks with
// [Clock] (controls built with [Fischer], [Bronstein], [SimpleDelay], [PerMove] and
// [CorrespondenceDays]), [OnTimeout] and [FirstMoveWindow]; [SeatClock] and [Remaining] read a seat's time
// from the clocks of a view or an event; with [Presence] the server keeps whether each seat
// is at the table (the views' GetPresence(), "seat_presence_changed" events), and a seat
// may claim the game its opponent left with [Client.ClaimVictory]; with
// [EndingTakebackWindow] the seat whose move ended the game may take it back for a while
// ([Client.TakeBack]: "move_taken_back", then "game_resumed", and the game is in progress
// again; until the end is final a rematch or an archive fails with GAME_NOT_FINISHED and the
// game's stream stays open after its "game_ended"). Any game may be scheduled to start later with
// [StartTime] (until then its moves fail with reason GAME_NOT_STARTED and no clock runs),
// and shown to spectators some moves or some time late with [SpectatorDelay]; with
// [OwnerStreamMoves] its every move goes on its owner's stream ([Client.OwnerEvents]) too.
//
// A client acts as one credential ([WithCredential]); [Client.As] makes a client that
// shares the connection and acts as another. Each unary call gets a deadline of
// [DefaultTimeout] (30 s) unless its context has one; event streams get none and end when
// their context is cancelled. Every error a call returns that came from the server is an
// [*Error] carrying the gRPC code, the stable reason (a string, and as the generated
// ErrorReason enum by [Error.ReasonCode] and [ReasonCodeOf]), its metadata, the server's
// message and the field violations of a refused request ([FieldViolation]).
//
// Options are typed per call: each call takes an interface of its own ([SubmitMoveOption],
// [CreateGameOption], [ListGamesOption], ...), and each option's constructor returns the
// interface that admits it to exactly the calls that take it, so a call given an option it
// does not take does not compile. [CallOption]s ([NoRetry], [Retry], [WaitForReady]) go to
// every unary call.
//
// A server that restarts is ridden out: a unary call that fails with code Unavailable is
// retried under the client's [RetryPolicy] ([DefaultRetryPolicy]: 5 attempts, 100 ms doubling
// to 2 s, ±20%) when it is safe to repeat (a read, an import only checked, or a write with
// a [RequestID]);
// [WithoutRetry] and [NoRetry] turn that off, and [WithWaitForReady] and [WaitForReady] make
// calls wait for a connection. Event streams reopen after the last event they yielded and
// give up after 30 s without a successful reconnection ([GiveUpAfter], [ResumeForever],
// [MaxReconnects]).
//
// The request and response messages are the generated ones, so everything the service
// offers stays reachable; [Client.Stub] gives the raw stub, whose calls act as the client.
package tabula
