// Package main holds calls given options they do not take, each marked `// want`: the
// options are typed per call, so every marked line is a compile error, and the unmarked ones
// compile. TestAnOptionACallDoesNotTakeDoesNotCompile builds it. It is never run.
package main

import (
	"context"
	"time"

	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func main() {}

func calls(ctx context.Context, client *tabula.Client, config *tabulav1.GameConfig) {
	kind := tabulav1.GameKind_GAME_KIND_CHESS
	players := []*tabulav1.TournamentPlayer{tabula.Engine(1), tabula.Engine(2)}

	// Every unary call takes the CallOptions; the GameFrom builders make no call and take none.
	client.GetGame(ctx, "g", tabula.NoRetry(), tabula.WaitForReady())
	client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.Retry(tabula.RetryPolicy{MaxAttempts: 2}))
	client.CreateGameFromConfig(ctx, config, tabula.Clock(), tabula.RequestID("r"), tabula.NoRetry())
	tabula.GameFromPreset(kind, "standard", tabula.NoRetry()) // want
	client.ImportGame(ctx, "{}", tabula.ValidateOnly(), tabula.NoRetry())
	client.ListPuzzleSolutions(ctx, "g", tabula.PageSize(1), tabula.PageToken("t"), tabula.AtSeq(1), tabula.NoRetry())
	client.AllPuzzleSolutions(ctx, "g", tabula.PageSize(1), tabula.PageToken("t"), tabula.AtSeq(1), tabula.NoRetry())

	// A read takes no request id, and a call nothing of another call's.
	client.GetGame(ctx, "g", tabula.RequestID("r"))            // want
	client.GetHint(ctx, "g", tabula.RequestID("r"))            // want
	client.GetHint(ctx, "g", tabula.AllowHints(true))          // want
	client.GetView(ctx, "g", tabula.RequestID("r"))            // want
	client.GetView(ctx, "g", tabula.MaxTime(time.Second))      // want
	client.GetView(ctx, "g", tabula.Labels(nil))               // want
	client.ListGames(ctx, tabula.AtSeq(1))                     // want
	client.ListGames(ctx, tabula.StartTime(time.Time{}))       // want
	client.ListGames(ctx, tabula.ExcludeProvisional())         // want
	client.ListGames(ctx, tabula.InSeriesStatus(0))            // want
	client.ListSeries(ctx, tabula.InStatus(0))                 // want
	client.ListSeries(ctx, tabula.OfPlayer("p"))               // want
	client.ListSeries(ctx, tabula.InTournamentStatus(0))       // want
	client.ListTournaments(ctx, tabula.InSeriesStatus(0))      // want
	client.ListTournaments(ctx, tabula.ContinueFromTRF(""))    // want
	client.ListSavedConfigs(ctx, tabula.Labels(nil))           // want
	client.ListSavedConfigs(ctx, tabula.OfKind(kind))          // want
	client.ListLeaderboard(ctx, "chess", tabula.Labels(nil))   // want
	client.ListLeaderboard(ctx, "chess", tabula.OfKind(kind))  // want
	client.ExportGame(ctx, "g", tabula.ValidateOnly())         // want
	client.ExportGame(ctx, "g", tabula.AtSeq(1))               // want
	client.ListPuzzleSolutions(ctx, "g", tabula.MaxTime(0))    // want
	client.ListPuzzleSolutions(ctx, "g", tabula.OfKind(kind))  // want
	client.AllPuzzleSolutions(ctx, "g", tabula.ValidateOnly()) // want

	// A move, a takeback, a claim and the writes of a request id alone.
	client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.AtSeq(1))                    // want
	client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.Clock())                     // want
	client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.FirstMoveWindow(0))          // want
	client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.Starter(0))                  // want
	client.SubmitMove(ctx, "g", tabula.Drop(0), tabula.Bots())                      // want
	client.TakeBack(ctx, "g", tabula.AtSeq(1))                                      // want
	client.TakeBack(ctx, "g", tabula.EndingTakebackWindow(time.Minute))             // want
	client.AnswerTakeBack(ctx, "g", true, tabula.AtSeq(1))                          // want
	client.ClaimVictory(ctx, "g", tabula.ExpectedSeq(3))                            // want
	client.ClaimVictory(ctx, "g", tabula.Presence(time.Second, time.Second))        // want
	client.Resign(ctx, "g", tabula.ValidateOnly())                                  // want
	client.ImportGame(ctx, "{}", tabula.RequestID("r"))                             // want
	client.ImportGame(ctx, "{}", tabula.BasicAnswer())                              // want
	client.ImportGame(ctx, "{}", tabula.PageSize(1))                                // want
	client.ImportGame(ctx, "{}", tabula.Private())                                  // want
	client.Resign(ctx, "g", tabula.AtSeq(1))                                        // want
	client.AbortGame(ctx, "g", "why", tabula.Labels(nil))                           // want
	client.PauseClock(ctx, "g", tabula.Private())                                   // want
	client.PauseClock(ctx, "g", tabula.AtSeq(1))                                    // want
	client.ResumeClock(ctx, "g", tabula.Clock())                                    // want
	client.AddTime(ctx, "g", 1, time.Second, tabula.ExpectedSeq(2))                 // want
	client.CreateRematch(ctx, "g", tabula.Private())                                // want
	client.CreateRematch(ctx, "g", tabula.Players())                                // want
	client.CreateRematch(ctx, "g", tabula.StartTime(time.Time{}))                   // want
	client.CreateRematch(ctx, "g", tabula.SpectatorDelay(1, 0))                     // want
	client.CreateRematch(ctx, "g", tabula.OwnerStreamMoves())                       // want
	client.CreateRematch(ctx, "g", tabula.RatingPool(0))                            // want
	client.BatchCreateGames(ctx, nil, tabula.Private())                             // want
	client.CreateGameFromConfig(ctx, config, tabula.AtSeq(1))                       // want
	client.CreateGameFromConfig(ctx, config, tabula.ClaimDraw())                    // want
	client.CreateGameFromConfig(ctx, config, tabula.ContinueFromTRF(""))            // want
	client.CreateGameFromConfig(ctx, config, tabula.Ply(1))                         // want
	client.CreateGameFromPreset(ctx, kind, "standard", tabula.Ply(3))               // want
	client.CreateGameFromPreset(ctx, kind, "standard", tabula.Accelerated())        // want
	client.CreateGameFromPreset(ctx, kind, "standard", tabula.Draws(0))             // want
	client.CreateGameFromPreset(ctx, kind, "standard", tabula.Format(0))            // want
	client.CreateGameFromPreset(ctx, kind, "standard", tabula.ExcludeProvisional()) // want

	// A preset, a saved configuration and a PGN bring their own clock, starter and presence.
	client.CreateGameFromPreset(ctx, kind, "classic", tabula.Clock())                 // want
	client.CreateGameFromPreset(ctx, kind, "classic", tabula.Presence(0, 0))          // want
	client.CreateGameFromPreset(ctx, kind, "classic", tabula.Starter(0))              // want
	client.CreateGameFromPreset(ctx, kind, "classic", tabula.FirstMoveWindow(0))      // want
	client.CreateGameFromPreset(ctx, kind, "classic", tabula.EndingTakebackWindow(0)) // want
	client.CreateGameFromSavedConfig(ctx, "mine", tabula.FirstMoveWindow(0))          // want
	client.CreateGameFromSavedConfig(ctx, "mine", tabula.Presence(0, 0))              // want
	client.CreateGameFromSavedConfig(ctx, "mine", tabula.EndingTakebackWindow(0))     // want
	client.CreateGameFromPGN(ctx, "1. e4", tabula.OnTimeout(0))                       // want
	client.CreateGameFromPGN(ctx, "1. e4", tabula.Starter(0))                         // want
	tabula.GameFromPreset(kind, "classic", tabula.RequestID("r"))                     // want
	tabula.GameFromPreset(kind, "classic", tabula.Ply(3))                             // want
	tabula.GameFromPreset(kind, "classic", tabula.Clock())                            // want
	tabula.GameFromConfig(config, tabula.RequestID("r"))                              // want
	tabula.GameFromConfig(config, tabula.Ply(1))                                      // want
	tabula.GameFromSavedConfig("mine", tabula.Starter(0))                             // want
	tabula.GameFromPGN("1. e4", tabula.Clock())                                       // want
	tabula.GameFromPGN("1. e4", tabula.Presence(0, 0))                                // want
	tabula.GameFromPGN("1. e4", tabula.EndingTakebackWindow(0))                       // want

	// A series takes no game's own settings, and a tournament no seats.
	length := tabula.BestOf(3)
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.StartTime(time.Time{})) // want
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.SpectatorDelay(1, 0))   // want
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.OwnerStreamMoves())     // want
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.Ply(2))                 // want
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.Starter(0))             // want
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.HoldRounds())           // want
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.MatchBestOf(3))         // want
	client.CreateSeriesFromPreset(ctx, kind, "classic", length, tabula.SwissRounds(3))         // want
	client.CreateSeriesFromSavedConfig(ctx, "mine", length, tabula.Clock())                    // want
	client.CreateSeriesFromSavedConfig(ctx, "mine", length, tabula.Presence(0, 0))             // want
	client.CreateSeriesFromConfig(ctx, config, length, tabula.EndingTakebackWindow(0))         // want
	client.CreateTournamentFromPreset(ctx, kind, "classic", players, tabula.Bots())            // want
	client.CreateTournamentFromPreset(ctx, kind, "classic", players, tabula.Players())         // want
	client.CreateTournamentFromPreset(ctx, kind, "classic", players, tabula.Starter(0))        // want
	client.CreateTournamentFromSavedConfig(ctx, "mine", players, tabula.Clock())               // want
	client.CreateTournamentFromConfig(ctx, config, players, tabula.EndingTakebackWindow(0))    // want
}
