// Package tabula is a thin client for the Tabula game service (tabula.v1.GameService).
//
// It wraps the generated stubs of package tabulav1: [Dial] connects, the typed methods of
// [Client] create games, submit moves (built with the constructors in moves.go), read views
// and legal moves, and [Client.Events] follows a game's events as an iterator that resumes
// after the last event it delivered when the connection drops ([Client.EventsWithViews]
// also yields the game as the caller sees it after each event). Every error a call returns
// that came from the server is an [*Error] carrying the gRPC code and the stable reason.
//
// The request and response messages are the generated ones, so everything the service offers
// stays reachable; [Client.Stub] gives the raw stub for calls this package does not wrap.
package tabula
