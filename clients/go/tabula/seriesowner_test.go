package tabula_test

// A series on the owner's stream (OWNER_EVENT_KIND_SERIES_GAME_FINISHED and
// OWNER_EVENT_KIND_SERIES_FINISHED): against a live server with a service key, a series
// the engine plays to its end, each entry checked against the series' own stream and the
// stream of the game that moved the series on.

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
	ownerSeriesGameFinished = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_SERIES_GAME_FINISHED
	ownerSeriesFinished     = tabulav1.OwnerEventKind_OWNER_EVENT_KIND_SERIES_FINISHED
)

// gameEndedOf reads a finished game's stream to its end and returns its game_ended event.
func gameEndedOf(t *testing.T, ctx context.Context, client *tabula.Client, gameID string) *tabulav1.GameEvent {
	t.Helper()
	var ended *tabulav1.GameEvent
	for event, err := range client.Events(ctx, gameID, 0) {
		if err != nil {
			t.Fatalf("the stream of game %s: %v", gameID, err)
		}
		if event.GetGameEnded() != nil {
			ended = event
		}
	}
	if ended == nil {
		t.Fatalf("game %s's stream ended without a game_ended", gameID)
	}
	return ended
}

func TestOwnerEventsFollowASeriesTheEnginePlays(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))

	// The owner's stream of the two series kinds, open before the series exists and read
	// as its entries come.
	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	next := readAsTheyCome(t, streamCtx, "the owner stream", manager.OwnerEvents(streamCtx, 0, tabula.OwnerKinds(ownerSeriesGameFinished, ownerSeriesFinished)))

	created, err := manager.CreateSeriesFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tabula.BestOf(3),
		tabula.Bots(tabula.BotSeat(1, 1, 0), tabula.BotSeat(2, 1, 0)))
	if err != nil {
		t.Fatal(err)
	}
	seriesID := created.GetSeries().GetSeriesId()

	// The series' own stream, to its end: the games it scored, then its end.
	var scored []*tabulav1.SeriesEvent
	var end *tabulav1.SeriesEvent
	for event, err := range manager.SeriesEvents(ctx, seriesID, 0) {
		if err != nil {
			t.Fatalf("the series stream: %v", err)
		}
		switch tabula.SeriesEventKind(event) {
		case "game_finished":
			scored = append(scored, event)
		case "series_finished":
			end = event
		}
	}
	if end == nil || len(scored) < 2 || len(scored) > 3 {
		t.Fatalf("best of 3: the series stream scored %d games and ended with %v", len(scored), end)
	}

	// On the owner's stream: one SERIES_GAME_FINISHED per game scored, in order, each with
	// the series' game_finished and the game's GameEnded, then the SERIES_FINISHED with the
	// series' series_finished and the deciding game's GameEnded.
	var after uint64
	var deciding *tabulav1.GameEvent
	var entries []*tabulav1.OwnerEvent
	for i, want := range scored {
		event, ok := next(20 * time.Second)
		if !ok {
			t.Fatalf("the owner stream delivered no SERIES_GAME_FINISHED for game %d", i+1)
		}
		game := want.GetGameFinished()
		e := requireOwnerEvent(t, event, ownerSeriesGameFinished, game.GetGameId(), after)
		if !proto.Equal(event.GetSeriesEvent(), want) {
			t.Fatalf("game %d's SERIES_GAME_FINISHED carries the series event %v, want %v", i+1, event.GetSeriesEvent(), want)
		}
		if e.GetGameEnded() == nil || !proto.Equal(e.GetGameEnded().GetOutcome(), game.GetOutcome()) {
			t.Fatalf("game %d's SERIES_GAME_FINISHED carries the game event %v, want a GameEnded with %v", i+1, e, game.GetOutcome())
		}
		if ended := gameEndedOf(t, ctx, manager, game.GetGameId()); !proto.Equal(e, ended) {
			t.Fatalf("game %d's SERIES_GAME_FINISHED carries %v; its stream ended with %v", i+1, e, ended)
		}
		after, deciding = event.GetCursor(), e
		entries = append(entries, event)
	}
	event, ok := next(20 * time.Second)
	if !ok {
		t.Fatal("the owner stream delivered no SERIES_FINISHED")
	}
	requireOwnerEvent(t, event, ownerSeriesFinished, deciding.GetGameId(), after)
	if !proto.Equal(event.GetSeriesEvent(), end) {
		t.Fatalf("the SERIES_FINISHED carries the series event %v, want %v", event.GetSeriesEvent(), end)
	}
	if !proto.Equal(event.GetGameEvent(), deciding) {
		t.Fatalf("the SERIES_FINISHED carries the game event %v, want the deciding game's %v", event.GetGameEvent(), deciding)
	}
	entries = append(entries, event)
	if extra, ok := next(time.Second); ok {
		t.Fatalf("the owner stream delivered one more: %s (%v)", tabula.EnumName(extra.GetKind()), extra)
	}
	stopStream()

	// Unfiltered, from the start: the same entries among the games' own, whose series event
	// is unset.
	last := entries[len(entries)-1].GetCursor()
	allCtx, stopAll := context.WithTimeout(ctx, ownerStreamTimeout)
	defer stopAll()
	nextAny := pullOwnerEvents(t, manager.OwnerEvents(allCtx, 0))
	var seriesKinds []*tabulav1.OwnerEvent
	for {
		event := nextAny()
		switch event.GetKind() {
		case ownerSeriesGameFinished, ownerSeriesFinished:
			seriesKinds = append(seriesKinds, event)
		default:
			if event.GetSeriesEvent() != nil {
				t.Fatalf("a %s carries a series event: %v", tabula.EnumName(event.GetKind()), event)
			}
		}
		if event.GetCursor() >= last {
			break
		}
	}
	if len(seriesKinds) != len(entries) {
		t.Fatalf("unfiltered: %d series entries up to cursor %d, filtered: %d", len(seriesKinds), last, len(entries))
	}
	for i := range entries {
		if !proto.Equal(seriesKinds[i], entries[i]) {
			t.Fatalf("entry %d unfiltered %v, filtered %v", i+1, seriesKinds[i], entries[i])
		}
	}
}
