package tabula_test

// A tournament on the owner's stream (OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED,
// OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED and OWNER_EVENT_KIND_TOURNAMENT_FINISHED):
// against a live server with a service key, a round robin of four engines played to its
// end, each entry checked against the tournament's own stream and the stream of the game
// that made it.

import (
	"context"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

const (
	ownerBoardFinished      = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED
	ownerRoundFinished      = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED
	ownerTournamentFinished = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_TOURNAMENT_FINISHED
)

func TestOwnerEventsFollowATournamentTheEnginesPlay(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))

	// The owner's stream of the three tournament kinds, open before the tournament exists and
	// read as its entries come.
	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	next := readAsTheyCome(t, streamCtx, "the owner stream",
		manager.OwnerEvents(streamCtx, 0, tabula.OwnerKinds(ownerBoardFinished, ownerRoundFinished, ownerTournamentFinished)))

	// A round robin of four engines: three rounds of two boards.
	created, err := manager.CreateTournamentFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", swissEngines(4))
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetTournament().GetTournamentId()

	// The tournament's own stream, to its end, by seq.
	own := map[uint64]*tabulav1.TournamentEvent{}
	for _, event := range tournamentEventsOf(t, ctx, manager, id, 0) {
		own[event.GetSeq()] = event
	}

	// On the owner's stream: six boards, three rounds, one end, in order.
	const want = 10
	var entries []*tabulav1.OwnerEvent
	var after uint64
	for len(entries) < want {
		event, ok := next(20 * time.Second)
		if !ok {
			t.Fatalf("the owner stream delivered %d tournament entries, want %d", len(entries), want)
		}
		if event.GetCursor() <= after {
			t.Fatalf("entry %d has cursor %d after %d", len(entries)+1, event.GetCursor(), after)
		}
		after = event.GetCursor()
		entries = append(entries, event)
	}
	if extra, ok := next(500 * time.Millisecond); ok {
		t.Fatalf("the owner stream delivered one more: %s (%v)", tabula.EnumName(extra.GetKind()), extra)
	}
	stopStream()

	counts := map[tabulav1.OwnerEventKind]int{}
	boards := map[uint32]int{} // boards finished so far, by round
	seqs := map[uint64]bool{}
	var rounds uint32
	for i, entry := range entries {
		kind := tabula.EnumName(entry.GetKind())
		event, ended := entry.GetTournamentEvent(), entry.GetGameEvent()
		if event == nil || event.GetTournamentId() != id || seqs[event.GetSeq()] {
			t.Fatalf("entry %d (%s) carries the tournament event %v", i+1, kind, event)
		}
		seqs[event.GetSeq()] = true
		if !proto.Equal(event, own[event.GetSeq()]) {
			t.Fatalf("entry %d (%s) carries %v; the tournament's stream has %v", i+1, kind, event, own[event.GetSeq()])
		}
		if ended.GetGameEnded() == nil {
			t.Fatalf("entry %d (%s) carries the game event %v, want a GameEnded", i+1, kind, ended)
		}
		// A round's end and the tournament's come right after the entry before, from the
		// same game's end.
		follows := func(before tabulav1.OwnerEventKind) bool {
			return i > 0 && entries[i-1].GetKind() == before && proto.Equal(entries[i-1].GetGameEvent(), ended)
		}
		counts[entry.GetKind()]++
		switch entry.GetKind() {
		case ownerBoardFinished:
			finished := event.GetBoardFinished()
			if finished == nil || finished.GetRound() != rounds+1 || finished.GetBoard().GetGameId() != ended.GetGameId() ||
				finished.GetBoard().GetResult() == tabulav1.BoardResult_BOARD_RESULT_UNSPECIFIED {
				t.Fatalf("entry %d, a board of round %d: %v with the end of game %s", i+1, rounds+1, event, ended.GetGameId())
			}
			if got := gameEndedOf(t, ctx, manager, ended.GetGameId()); !proto.Equal(ended, got) {
				t.Fatalf("entry %d carries %v; the game's stream ended with %v", i+1, ended, got)
			}
			boards[finished.GetRound()]++
		case ownerRoundFinished:
			finished := event.GetRoundFinished()
			if finished == nil || finished.GetRound() != rounds+1 || boards[rounds+1] != 2 || len(finished.GetStandings()) != 4 ||
				!follows(ownerBoardFinished) {
				t.Fatalf("entry %d, round %d's end after %d of its boards: %v", i+1, rounds+1, boards[rounds+1], entry)
			}
			rounds++
		case ownerTournamentFinished:
			finished := event.GetTournamentEnded()
			if finished.GetStatus() != tournamentFinished || len(finished.GetStandings()) != 4 || i != len(entries)-1 ||
				!follows(ownerRoundFinished) {
				t.Fatalf("entry %d, the end: %v", i+1, entry)
			}
		default:
			t.Fatalf("entry %d is a %s", i+1, kind)
		}
	}
	if counts[ownerBoardFinished] != 6 || counts[ownerRoundFinished] != 3 || counts[ownerTournamentFinished] != 1 {
		t.Fatalf("the owner stream delivered %v, want 6 boards, 3 rounds and 1 end", counts)
	}

	// Unfiltered, from the start: each of the six games created (by the tournament), and the
	// same entries among the games' own, whose tournament event is unset.
	last := entries[len(entries)-1].GetCursor()
	allCtx, stopAll := context.WithTimeout(ctx, ownerStreamTimeout)
	defer stopAll()
	nextAny := pullOwnerEvents(t, manager.OwnerEvents(allCtx, 0))
	var tournamentKinds []*tabulav1.OwnerEvent
	var createdGames int
	for {
		event := nextAny()
		switch event.GetKind() {
		case ownerBoardFinished, ownerRoundFinished, ownerTournamentFinished:
			tournamentKinds = append(tournamentKinds, event)
		default:
			if event.GetTournamentEvent() != nil {
				t.Fatalf("a %s carries a tournament event: %v", tabula.EnumName(event.GetKind()), event)
			}
			if event.GetKind() == ownerCreated {
				createdGames++
			}
		}
		if event.GetCursor() >= last {
			break
		}
	}
	if createdGames != 6 || len(tournamentKinds) != len(entries) {
		t.Fatalf("unfiltered: %d games created, %d tournament entries up to cursor %d; filtered: %d", createdGames,
			len(tournamentKinds), last, len(entries))
	}
	for i := range entries {
		if !proto.Equal(tournamentKinds[i], entries[i]) {
			t.Fatalf("entry %d unfiltered %v, filtered %v", i+1, tournamentKinds[i], entries[i])
		}
	}
}
