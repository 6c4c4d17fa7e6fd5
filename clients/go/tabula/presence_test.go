package tabula_test

// Seats' presence (Presence) and the claim against a seat gone (ClaimVictory): against a
// real server (a seat comes with its event stream and goes after away_after, the claim is
// too early, then wins; a game without a claim window refuses it; presence events leave a
// seq standing), and offline against a stand-in server (the requests the calls send, the
// calls that refuse the options).

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// presenceTimeout bounds the wait for a seat to come or go: with an away_after of 1 s the
// server logs it within a few seconds.
const presenceTimeout = 15 * time.Second

// awaitPresence reads events (an Events sequence) until a "seat_presence_changed" event for
// seat with present, and returns it; it fails the test when the stream ends or fails first
// (a stream made with a context of [presenceTimeout] fails when none comes in time).
func awaitPresence(t *testing.T, events iter.Seq2[*tabulav1.GameEvent, error], seat uint32, present bool) *tabulav1.GameEvent {
	t.Helper()
	var seen []string
	for event, err := range events {
		if err != nil {
			t.Fatalf("waiting for seat %d present=%v after %q: %v", seat, present, seen, err)
		}
		changed := event.GetSeatPresenceChanged()
		if changed != nil && changed.GetSeat() == seat && changed.GetPresent() == present {
			return event
		}
		seen = append(seen, tabula.EventKind(event))
	}
	t.Fatalf("the stream ended without seat %d present=%v, after %q", seat, present, seen)
	return nil
}

// presenceHistory is the game's events so far, with the seats' comings and goings and
// when each event happened, for a failure's message.
func presenceHistory(t *testing.T, client *tabula.Client, gameID string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	view, err := client.GetView(ctx, gameID)
	if err != nil {
		return err.Error()
	}
	var lines []string
	for event, err := range client.Events(ctx, gameID, 0) {
		if err != nil {
			return strings.Join(append(lines, err.Error()), "; ")
		}
		line := fmt.Sprintf("%d %s %s", event.GetSeq(), tabula.EventKind(event), event.GetTime().AsTime().Format("15:04:05.000"))
		if changed := event.GetSeatPresenceChanged(); changed != nil {
			line += fmt.Sprintf(" (seat %d present=%v)", changed.GetSeat(), changed.GetPresent())
		}
		lines = append(lines, line)
		if event.GetSeq() >= view.GetSeq() {
			break
		}
	}
	return strings.Join(lines, "; ")
}

// viewWithSeatPresent is the game as seat's own client sees it, once its view shows seat
// present, as a seat that just called is: it asks again for up to a second (each call keeps
// the seat present) and fails the test when seat never shows present. A first view that
// does not show it yet is logged, with the game's events (spectator's reads) for the record.
func viewWithSeatPresent(t *testing.T, ctx context.Context, client, spectator *tabula.Client, gameID string, seat uint32) *tabulav1.View {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for attempt := 1; ; attempt++ {
		view, err := client.GetView(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		if seatPresence(view, seat).GetPresent() {
			if attempt > 1 {
				t.Logf("seat %d's own view showed it present only at attempt %d (seq %d)", seat, attempt, view.GetSeq())
			}
			return view
		}
		if attempt == 1 {
			t.Logf("seat %d's own view at seq %d, after its call, shows it as %v; the game's events: %s",
				seat, view.GetSeq(), seatPresence(view, seat), presenceHistory(t, spectator, gameID))
		}
		if time.Now().After(deadline) {
			t.Fatalf("seat %d's own view at seq %d shows it as %v after %d attempts in 1s, want present",
				seat, view.GetSeq(), seatPresence(view, seat), attempt)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// seatPresence is seat's entry of a view's presence, nil when it has none.
func seatPresence(view *tabulav1.View, seat uint32) *tabulav1.SeatPresence {
	for _, presence := range view.GetPresence() {
		if presence.GetSeat() == seat {
			return presence
		}
	}
	return nil
}

func TestASeatGoneLongEnoughLetsItsOpponentClaimTheGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	manager := dial(t, testserver.Start(t)) // a server without keys: no credential, a spectator's reads
	config := ticTacToeConfig()
	created, err := manager.CreateGameFromConfig(ctx, config, tabula.Presence(time.Second, time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if config.GetPresence() != nil {
		t.Fatalf("Presence changed the caller's configuration: %v", config)
	}
	if got := created.GetGame().GetConfig().GetPresence(); got.GetAwayAfter().AsDuration() != time.Second || got.GetClaimAfter().AsDuration() != time.Second {
		t.Fatalf("the answered configuration keeps presence %v, want away_after and claim_after 1s", got)
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())

	// X moves: O is to move, and has never come.
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	view := viewWithSeatPresent(t, ctx, x, manager, gameID, 1)
	var seats []uint32
	for _, presence := range view.GetPresence() {
		seats = append(seats, presence.GetSeat())
	}
	if !slices.Equal(seats, []uint32{1, 2}) || seatPresence(view, 2).GetPresent() {
		t.Fatalf("X's view shows presence %v; want seats 1 and 2, seat 1 present (it just called), seat 2 not", view.GetPresence())
	}
	if !slices.Equal(view.GetToAct(), []uint32{2}) {
		t.Fatalf("to act %v, want [2]", view.GetToAct())
	}

	// O comes with its event stream, then leaves.
	oCtx, leave := context.WithTimeout(ctx, presenceTimeout)
	came := awaitPresence(t, o.Events(oCtx, gameID, 0), 2, true)
	leave()
	if tabula.EventKind(came) != "seat_presence_changed" || came.GetTime() == nil {
		t.Fatalf("O's coming is %v", came)
	}

	// A spectator sees it go, within away_after and the server's rounds.
	watchCtx, stopWatching := context.WithTimeout(ctx, presenceTimeout)
	gone := awaitPresence(t, manager.Events(watchCtx, gameID, came.GetSeq()), 2, false)
	stopWatching()
	goneAt := gone.GetTime().AsTime()

	// Claimed at once: too early, saying from when (unless that moment has passed already).
	claimed, err := x.ClaimVictory(ctx, gameID)
	if err != nil {
		e := requireError(t, err, codes.FailedPrecondition, "CLAIM_TOO_EARLY")
		if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_CLAIM_TOO_EARLY {
			t.Fatalf("reason code %v", e.ReasonCode())
		}
		claimableAt, err := time.Parse(time.RFC3339Nano, e.Metadata["claimable_at"])
		if err != nil {
			t.Fatalf("metadata %v: claimable_at is not RFC 3339: %v", e.Metadata, err)
		}
		if d := claimableAt.Sub(goneAt); d < time.Second-time.Millisecond || d > time.Second+time.Millisecond {
			t.Fatalf("claimable at %v, %v after O went (%v); want claim_after, 1s", claimableAt, d, goneAt)
		}
		view, err := x.GetView(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		o := seatPresence(view, 2)
		if o.GetPresent() || o.GetClaimableAt() == nil || o.GetClaimableAt().AsTime().Sub(claimableAt).Abs() > time.Millisecond {
			t.Fatalf("X's view shows seat 2 as %v; want gone, claimable at %v", o, claimableAt)
		}
		if since := o.GetSince(); since == nil || since.AsTime().Sub(goneAt).Abs() > time.Millisecond {
			t.Fatalf("X's view shows seat 2 gone since %v, want %v (the event's time)", since.AsTime(), goneAt)
		}
		viewWithSeatPresent(t, ctx, x, manager, gameID, 1) // X just called

		time.Sleep(time.Until(claimableAt.Add(100 * time.Millisecond)))
		claimed, err = x.ClaimVictory(ctx, gameID, tabula.RequestID("claim-1"))
		if err != nil {
			t.Fatalf("the claim after claimable_at %v: %v", claimableAt, err)
		}
		again, err := x.ClaimVictory(ctx, gameID, tabula.RequestID("claim-1")) // a retry answers as the first did
		if err != nil || again.GetSeq() != claimed.GetSeq() {
			t.Fatalf("the retried claim: %v, %v; want seq %d", again, err, claimed.GetSeq())
		}
	} else {
		t.Logf("the first claim came after claimable_at already (O went at %v): CLAIM_TOO_EARLY not seen", goneAt)
	}
	outcome := claimed.GetView().GetOutcome()
	if outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN || outcome.GetWinner() != 1 || outcome.GetReason() != tabulav1.EndReason_END_REASON_ADJUDICATION {
		t.Fatalf("the claim ended the game with %v; want a win of seat 1 by adjudication", outcome)
	}
	if claimed.GetView().GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED || claimed.GetSeq() != claimed.GetView().GetSeq() {
		t.Fatalf("the claim answered seq %d and a view at seq %d, status %v", claimed.GetSeq(), claimed.GetView().GetSeq(), claimed.GetView().GetStatus())
	}
	_, err = x.ClaimVictory(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "CLAIM_NOT_AVAILABLE") // the game is over

	// The history ends with the claim, made by seat 1.
	var last []*tabulav1.GameEvent
	for event, err := range manager.Events(ctx, gameID, claimed.GetSeq()-2) {
		if err != nil {
			t.Fatal(err)
		}
		last = append(last, event)
	}
	if got := history(last); strings.Join(got, "; ") != "game_adjudicated by seat 1; game_ended by none" {
		t.Fatalf("the history ends with %q, want the claim by seat 1 and the end", got)
	}

	// The owner's stream has O come and go.
	ownerCtx, stopOwner := context.WithTimeout(ctx, presenceTimeout)
	defer stopOwner()
	var kinds []string
	for event, err := range manager.OwnerEvents(ownerCtx, 0, tabula.OwnerKinds(
		tabulav1.OwnerEventKind_OWNER_EVENT_KIND_SEAT_PRESENT, tabulav1.OwnerEventKind_OWNER_EVENT_KIND_SEAT_GONE)) {
		if err != nil {
			t.Fatalf("the owner's stream after %q: %v", kinds, err)
		}
		if changed := event.GetGameEvent().GetSeatPresenceChanged(); changed.GetSeat() == 2 {
			kinds = append(kinds, tabula.EnumName(event.GetKind()))
		}
		if event.GetGameEvent().GetSeq() == gone.GetSeq() {
			break
		}
	}
	if strings.Join(kinds, " ") != "OWNER_EVENT_KIND_SEAT_PRESENT OWNER_EVENT_KIND_SEAT_GONE" {
		t.Fatalf("the owner's stream has seat 2 %q, want it present then gone", kinds)
	}
}

func TestNoClaimWithoutAClaimWindowAndPresenceLeavesASeqStanding(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))

	// No presence kept: no claim, and no presence in the views.
	gameID, x, _ := ticTacToe(t, ctx, manager)
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	_, err := x.ClaimVictory(ctx, gameID)
	e := requireError(t, err, codes.FailedPrecondition, "CLAIM_NOT_AVAILABLE")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_CLAIM_NOT_AVAILABLE {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
	_, err = manager.ClaimVictory(ctx, gameID, tabula.ClaimDraw()) // no seat's credential
	requireError(t, err, codes.PermissionDenied, "SEAT_REQUIRED")
	if view, err := x.GetView(ctx, gameID); err != nil || len(view.GetPresence()) != 0 {
		t.Fatalf("a game without presence shows %v, %v", view.GetPresence(), err)
	}

	// Presence without claim_after: no claim either. X's stream makes it present, an event
	// that changes no position: a move still expecting the creation's seq is played.
	created, err := manager.CreateGameFromConfig(ctx, ticTacToeConfig(), tabula.Presence(time.Second, 0))
	if err != nil {
		t.Fatal(err)
	}
	if got := created.GetGame().GetConfig().GetPresence(); got == nil || got.GetClaimAfter() != nil {
		t.Fatalf("the answered configuration keeps presence %v, want one without claim_after", got)
	}
	presentID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	streamCtx, stop := context.WithTimeout(ctx, presenceTimeout)
	defer stop()
	came := awaitPresence(t, x.Events(streamCtx, presentID, 0), 1, true)
	if came.GetSeq() < 2 {
		t.Fatalf("X came at seq %d", came.GetSeq())
	}
	moved, err := x.SubmitMove(ctx, presentID, tabula.PlaceCell(0, 0), tabula.ExpectedSeq(1))
	if err != nil {
		t.Fatalf("a move expecting seq 1 after X's coming (seq %d): %v", came.GetSeq(), err)
	}
	if moved.GetSeq() <= came.GetSeq() {
		t.Fatalf("the move has seq %d, X came at %d", moved.GetSeq(), came.GetSeq())
	}
	_, err = x.ClaimVictory(ctx, presentID)
	requireError(t, err, codes.FailedPrecondition, "CLAIM_NOT_AVAILABLE")
	_, err = o.ClaimVictory(ctx, presentID) // the seat to move
	requireError(t, err, codes.FailedPrecondition, "CLAIM_NOT_AVAILABLE")
}

// presenceService records the creations and claims that reach it.
type presenceService struct {
	labelService
}

func (s *presenceService) ClaimVictory(_ context.Context, request *tabulav1.ClaimVictoryRequest) (*tabulav1.ClaimVictoryResponse, error) {
	s.record(request)
	return &tabulav1.ClaimVictoryResponse{Seq: 7, View: &tabulav1.View{GameId: request.GetGameId(), Seq: 7}}, nil
}

func TestPresenceAndClaimVictorySendTheirRequests(t *testing.T) {
	s := &presenceService{}
	client := startFake(t, s)
	ctx := testContext(t)

	config := connectFourConfig()
	for _, opt := range []tabula.ConfigOption{
		tabula.Presence(1500*time.Millisecond, 2*time.Minute),
		tabula.Presence(0, 0),
		tabula.Presence(0, time.Hour),
	} {
		if _, err := client.CreateGameFromConfig(ctx, config, opt, tabula.Clock(tabula.PerMove(time.Minute))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := client.CreateSeriesFromConfig(ctx, config, tabula.BestOf(3), tabula.Presence(time.Minute, time.Minute)); err != nil {
		t.Fatal(err)
	}
	if config.GetPresence() != nil || config.GetClock() != nil {
		t.Fatalf("Presence changed the caller's configuration: %v", config)
	}
	claimed, err := client.ClaimVictory(ctx, "g1", tabula.ClaimDraw(), tabula.RequestID("r1"))
	if err != nil || claimed.GetSeq() != 7 || claimed.GetView().GetGameId() != "g1" {
		t.Fatalf("ClaimVictory answered %v, %v", claimed, err)
	}
	if _, err := client.ClaimVictory(ctx, "g2"); err != nil {
		t.Fatal(err)
	}

	seen := s.seen()
	if len(seen) != 6 {
		t.Fatalf("%d requests reached the server, want 6", len(seen))
	}
	for i, want := range []*tabulav1.PresenceConfig{
		{AwayAfter: durationpb.New(1500 * time.Millisecond), ClaimAfter: durationpb.New(2 * time.Minute)},
		{},
		{ClaimAfter: durationpb.New(time.Hour)},
	} {
		sent := seen[i].(*tabulav1.CreateGameRequest).GetConfig()
		if sent.GetPresence() == nil || !proto.Equal(sent.GetPresence(), want) || sent.GetConnectFour() == nil || sent.GetClock() == nil {
			t.Fatalf("creation %d sent %v, want presence %v", i, sent, want)
		}
	}
	if got := seen[3].(*tabulav1.CreateSeriesRequest).GetConfig().GetPresence(); !proto.Equal(got,
		&tabulav1.PresenceConfig{AwayAfter: durationpb.New(time.Minute), ClaimAfter: durationpb.New(time.Minute)}) {
		t.Fatalf("the series sent presence %v", got)
	}
	if got := seen[4]; !proto.Equal(got, &tabulav1.ClaimVictoryRequest{GameId: "g1", Draw: true, RequestId: "r1"}) {
		t.Fatalf("ClaimVictory(g1, ClaimDraw(), RequestID(r1)) sent %v", got)
	}
	if got := seen[5]; !proto.Equal(got, &tabulav1.ClaimVictoryRequest{GameId: "g2"}) {
		t.Fatalf("ClaimVictory(g2) sent %v", got)
	}
	built, err := tabula.GameFromConfig(config, tabula.Presence(time.Second, 0))
	if err != nil || !proto.Equal(built.GetConfig().GetPresence(), &tabulav1.PresenceConfig{AwayAfter: durationpb.New(time.Second)}) {
		t.Fatalf("GameFromConfig with Presence: %v, %v", built, err)
	}

	if n := len(s.seen()); n != 6 {
		t.Fatalf("%d requests reached the server, want 6", n)
	}
}
