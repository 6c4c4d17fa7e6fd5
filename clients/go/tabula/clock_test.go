package tabula_test

// Clocks against a real server: a game that ends on time by itself, each seat's clock in a
// view, a move the clock plays for a seat, a seat that misses its first move window, and a
// service key pausing, resuming and adding time; offline, what the clock options and calls
// send, and the arithmetic of Remaining.

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// arbiterSecret is the service key of the servers these tests start with keys, named arbiter.
const arbiterSecret = "arbiter-secret-for-clock-tests"

func connectFourConfig() *tabulav1.GameConfig {
	return &tabulav1.GameConfig{Game: &tabulav1.GameConfig_ConnectFour{ConnectFour: &tabulav1.ConnectFourConfig{}}}
}

// history is each event as "kind by actor".
func history(events []*tabulav1.GameEvent) []string {
	var lines []string
	for _, event := range events {
		lines = append(lines, tabula.EventKind(event)+" by "+describeActor(event))
	}
	return lines
}

// controlsAre tells whether every control of clock is want: the game's configuration, with
// its defaults filled in, may repeat one control for every seat.
func controlsAre(clock *tabulav1.ClockConfig, want *tabulav1.TimeControl) bool {
	for _, control := range clock.GetControls() {
		if !proto.Equal(control, want) {
			return false
		}
	}
	return len(clock.GetControls()) > 0
}

// readAtIsTheEventsTime tells whether event's clocks were read at its time, as the contract
// says of an event's readings: readings are whole milliseconds, so read_at may be the event's
// time cut to the millisecond.
func readAtIsTheEventsTime(event *tabulav1.GameEvent) bool {
	gap := event.GetTime().AsTime().Sub(event.GetClock().GetReadAt().AsTime())
	return event.GetClock() != nil && gap >= 0 && gap < time.Millisecond
}

// near tells whether got is within slack of want.
func near(got, want, slack time.Duration) bool {
	return got >= want-slack && got <= want+slack
}

func TestAClockThatRunsOutEndsTheGameOnTime(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(tabula.PerMove(time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	clock := created.GetGame().GetConfig().GetClock()
	if !controlsAre(clock, tabula.PerMove(time.Second)) ||
		(clock.GetOnTimeout() != tabulav1.TimeoutRule_TIMEOUT_RULE_LOSE && clock.GetOnTimeout() != tabulav1.TimeoutRule_TIMEOUT_RULE_UNSPECIFIED) {
		t.Fatalf("the game's clock: %v", clock)
	}
	gameID := created.GetGame().GetGameId()
	red, yellow := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	done := collect(manager.Events(ctx, gameID, 0))

	moved, err := red.SubmitMove(ctx, gameID, tabula.Drop(3))
	if err != nil {
		t.Fatal(err)
	}
	// Yellow's second starts with Red's move.
	running := tabula.SeatClock(moved.GetView().GetClock(), 2)
	if !running.GetRunning() || running.GetDeadline() == nil || tabula.SeatClock(moved.GetView().GetClock(), 1).GetRunning() {
		t.Fatalf("the clocks after Red's move: %v", moved.GetView().GetClock())
	}
	if len(moved.GetEvents()) != 1 || moved.GetEvents()[0].GetClock() == nil {
		t.Fatalf("the move's event carries no clocks: %v", moved.GetEvents())
	}
	deadline := running.GetDeadline().AsTime()

	// Nobody moves: the clock ends the game by itself.
	events := await(t, done)
	if got, want := history(events), []string{
		"game_created by none", "move_applied by seat 1", "timed_out by clock", "game_ended by none",
	}; !slices.Equal(got, want) {
		t.Fatalf("history %q, want %q", got, want)
	}
	timedOut, ended := events[2], events[3]
	if timedOut.GetTimedOut().GetSeat() != 2 || tabula.ActorKind(timedOut.GetActor()) != "clock" {
		t.Fatalf("timed out: %v", timedOut)
	}
	if late := timedOut.GetTime().AsTime().Sub(deadline); late < 0 || late > time.Second {
		t.Fatalf("the timeout came %v after Yellow's deadline", late)
	}
	out := tabula.SeatClock(timedOut.GetClock(), 2)
	if out == nil || out.GetRemaining().AsDuration() != 0 || out.GetRunning() || out.GetDeadline() != nil {
		t.Fatalf("Yellow's clock when it timed out: %v", timedOut.GetClock())
	}
	outcome := ended.GetGameEnded().GetOutcome()
	if outcome.GetType() != tabulav1.OutcomeType_OUTCOME_TYPE_WIN || outcome.GetWinner() != 1 ||
		outcome.GetReason() != tabulav1.EndReason_END_REASON_TIMEOUT || tabula.EnumName(outcome.GetReason()) != "END_REASON_TIMEOUT" {
		t.Fatalf("the game ended with %v", outcome)
	}
	if ended.GetClock() != nil {
		t.Fatalf("GameEnded carries clocks: %v", ended.GetClock())
	}
	game, err := manager.GetGame(ctx, gameID)
	if err != nil || game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED || game.GetOutcome().GetReason() != tabulav1.EndReason_END_REASON_TIMEOUT {
		t.Fatalf("the game: %v, %v", game, err)
	}
	_, err = yellow.SubmitMove(ctx, gameID, tabula.Drop(3))
	requireError(t, err, codes.FailedPrecondition, "GAME_OVER")
}

func TestAMoveAfterTheDeadlineIsTooLate(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(tabula.Fischer(time.Second, 0)))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	red := manager.As(created.GetSeatTokens()[0].GetToken())
	view, err := red.GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	clock := tabula.SeatClock(view.GetClock(), 1)
	if !clock.GetRunning() || clock.GetDeadline() == nil {
		t.Fatalf("Red's clock: %v", view.GetClock())
	}
	time.Sleep(time.Until(clock.GetDeadline().AsTime().Add(10 * time.Millisecond)))

	// Either the server refuses the late move, or its timeout came first.
	_, err = red.SubmitMove(ctx, gameID, tabula.Drop(3))
	var e *tabula.Error
	if !errors.As(err, &e) || e.Code != codes.FailedPrecondition || (e.Reason != "OUT_OF_TIME" && e.Reason != "GAME_OVER") {
		t.Fatalf("a move after the deadline: %v", err)
	}
	if e.Reason == "OUT_OF_TIME" && e.Metadata["seat"] != "1" {
		t.Fatalf("OUT_OF_TIME names the seat %v", e.Metadata)
	}
	t.Logf("a move 10 ms after the deadline: %s", e.Reason)
	events := await(t, collect(manager.Events(ctx, gameID, 0)))
	if got, want := history(events), []string{"game_created by none", "timed_out by clock", "game_ended by none"}; !slices.Equal(got, want) {
		t.Fatalf("history %q, want %q", got, want)
	}
	if seat := events[1].GetTimedOut().GetSeat(); seat != 1 {
		t.Fatalf("seat %d timed out", seat)
	}
	if outcome := events[2].GetGameEnded().GetOutcome(); outcome.GetWinner() != 2 || outcome.GetReason() != tabulav1.EndReason_END_REASON_TIMEOUT {
		t.Fatalf("the game ended with %v", outcome)
	}
}

func TestAClockPerSeatAndInvalidClocks(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(tabula.PerMove(time.Minute), tabula.PerMove(2*time.Minute)))
	if err != nil {
		t.Fatal(err)
	}
	view, err := manager.GetView(ctx, created.GetGame().GetGameId())
	if err != nil {
		t.Fatal(err)
	}
	if left, _ := tabula.Remaining(view.GetClock(), 1, time.Now()); left > time.Minute || left < 50*time.Second {
		t.Fatalf("Red's minute: %v", left)
	}
	if left, _ := tabula.Remaining(view.GetClock(), 2, time.Now()); left != 2*time.Minute {
		t.Fatalf("Yellow's two minutes: %v", left)
	}
	// Values out of range, and a count of controls that fits no seating, are an invalid
	// configuration; a control of no kind or a malformed duration is an invalid request.
	for _, bad := range []struct {
		controls []*tabulav1.TimeControl
		reason   string
	}{
		{[]*tabulav1.TimeControl{tabula.PerMove(500 * time.Millisecond)}, "INVALID_CONFIG"},
		{[]*tabulav1.TimeControl{tabula.CorrespondenceDays(61)}, "INVALID_CONFIG"},
		{[]*tabulav1.TimeControl{tabula.Fischer(31*24*time.Hour, 0)}, "INVALID_CONFIG"},
		{[]*tabulav1.TimeControl{tabula.PerMove(time.Minute), tabula.PerMove(time.Minute), tabula.PerMove(time.Minute)}, "INVALID_CONFIG"},
		{nil, "INVALID_CONFIG"},
		{[]*tabulav1.TimeControl{{}}, "INVALID_REQUEST"},
		{[]*tabulav1.TimeControl{tabula.Fischer(time.Minute, 1500*time.Microsecond)}, "INVALID_REQUEST"},
	} {
		_, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(bad.controls...))
		requireError(t, err, codes.InvalidArgument, bad.reason)
	}
}

// GameEvent.clock is set on every event but GameEnded, GameCreated included: the clocks start
// at the creation, so a client shows them from the events alone.
func TestTheCreationEventCarriesTheClocks(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(tabula.Fischer(time.Minute, 0)))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	if _, err := manager.AbortGame(ctx, gameID, "the test is over"); err != nil {
		t.Fatal(err)
	}
	events := await(t, collect(manager.Events(ctx, gameID, 0)))
	creation := events[0]
	red := tabula.SeatClock(creation.GetClock(), 1)
	if tabula.EventKind(creation) != "game_created" || !red.GetRunning() || red.GetRemaining().AsDuration() != time.Minute ||
		!readAtIsTheEventsTime(creation) {
		t.Fatalf("the creation's clocks: %v (event %v)", creation.GetClock(), creation)
	}
	if gap := red.GetDeadline().AsTime().Sub(creation.GetTime().AsTime()); !near(gap, time.Minute, 2*time.Millisecond) {
		t.Fatalf("Red's deadline is %v after the creation", gap)
	}
}

// A preset may come with a clock of its own.
func TestAPresetOnAClock(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	kinds, err := manager.ListGameKinds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var preset *tabulav1.Preset
	for _, kind := range kinds {
		for _, p := range kind.GetPresets() {
			if kind.GetKind() == tabulav1.GameKind_GAME_KIND_CONNECT_FOUR && p.GetName() == "one_minute_a_move" {
				preset = p
			}
		}
	}
	if !controlsAre(preset.GetConfig().GetClock(), tabula.PerMove(time.Minute)) {
		t.Fatalf("Connect Four's preset one_minute_a_move: %v", preset)
	}
	created, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "one_minute_a_move")
	if err != nil {
		t.Fatal(err)
	}
	if clock := created.GetGame().GetConfig().GetClock(); !controlsAre(clock, tabula.PerMove(time.Minute)) ||
		clock.GetOnTimeout() != preset.GetConfig().GetClock().GetOnTimeout() {
		t.Fatalf("the game's clock %v, the preset's %v", clock, preset.GetConfig().GetClock())
	}
	view, err := manager.GetView(ctx, created.GetGame().GetGameId())
	if err != nil {
		t.Fatal(err)
	}
	if left, ok := tabula.Remaining(view.GetClock(), 1, time.Now()); !ok || left > time.Minute || left < 50*time.Second {
		t.Fatalf("Red's minute: %v, %v", left, ok)
	}
	// Another clock for a preset's game: its configuration, with Clock.
	other, err := manager.CreateGameFromConfig(ctx, preset.GetConfig(), tabula.Clock(tabula.PerMove(2*time.Minute)))
	if err != nil || !controlsAre(other.GetGame().GetConfig().GetClock(), tabula.PerMove(2*time.Minute)) {
		t.Fatalf("the preset's configuration with another clock: %v, %v", other.GetGame().GetConfig().GetClock(), err)
	}
}

func TestAViewReadsEachSeatsClock(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	before := time.Now()
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(tabula.Fischer(time.Minute, 2*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	if clock := created.GetGame().GetConfig().GetClock(); !controlsAre(clock, tabula.Fischer(time.Minute, 2*time.Second)) {
		t.Fatalf("the game's clock: %v", clock)
	}

	view, err := manager.As("").GetView(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	readings := view.GetClock()
	readAt := readings.GetReadAt().AsTime()
	if len(readings.GetSeats()) != 2 || readings.GetPaused() || readAt.Before(before.Add(-time.Second)) || readAt.After(time.Now().Add(time.Second)) {
		t.Fatalf("the view's clocks: %v", readings)
	}
	red, yellow := tabula.SeatClock(readings, 1), tabula.SeatClock(readings, 2)
	redLeft := red.GetRemaining().AsDuration()
	// Red is to move: its clock runs from the creation, and runs out at its deadline.
	if !red.GetRunning() || redLeft > time.Minute || redLeft < 50*time.Second {
		t.Fatalf("Red's clock: %v", red)
	}
	if gap := red.GetDeadline().AsTime().Sub(readAt); !near(gap, redLeft, 2*time.Millisecond) {
		t.Fatalf("Red's deadline is %v after the reading, with %v left", gap, redLeft)
	}
	if yellow.GetRunning() || yellow.GetDeadline() != nil || yellow.GetRemaining().AsDuration() != time.Minute {
		t.Fatalf("Yellow's clock: %v", yellow)
	}
	if got, ok := tabula.Remaining(readings, 1, readAt.Add(1500*time.Millisecond)); !ok || !near(got, redLeft-1500*time.Millisecond, 2*time.Millisecond) {
		t.Fatalf("Red's time 1.5 s after the reading: %v, %v", got, ok)
	}
	if got, ok := tabula.Remaining(readings, 2, readAt.Add(time.Hour)); !ok || got != time.Minute {
		t.Fatalf("Yellow's time, not running: %v, %v", got, ok)
	}
	if _, ok := tabula.Remaining(readings, 3, readAt); ok {
		t.Fatal("a third seat has a clock")
	}
	seatView, err := manager.As(created.GetSeatTokens()[1].GetToken()).GetView(ctx, gameID)
	if err != nil || len(seatView.GetClock().GetSeats()) != 2 {
		t.Fatalf("a seat's view shows both clocks: %v, %v", seatView.GetClock(), err)
	}

	// Red moves: its clock stops with the increment added, and Yellow's runs.
	moved, err := manager.As(created.GetSeatTokens()[0].GetToken()).SubmitMove(ctx, gameID, tabula.Drop(3))
	if err != nil {
		t.Fatal(err)
	}
	after := moved.GetView().GetClock()
	redAfter, yellowAfter := tabula.SeatClock(after, 1), tabula.SeatClock(after, 2)
	if got := redAfter.GetRemaining().AsDuration(); redAfter.GetRunning() || redAfter.GetDeadline() != nil || got <= redLeft+time.Second || got > redLeft+2*time.Second {
		t.Fatalf("Red's clock after its move (%v before): %v", redLeft, redAfter)
	}
	if !yellowAfter.GetRunning() || yellowAfter.GetRemaining().AsDuration() != time.Minute {
		t.Fatalf("Yellow's clock after Red's move: %v", yellowAfter)
	}
	if gap := yellowAfter.GetDeadline().AsTime().Sub(after.GetReadAt().AsTime()); !near(gap, time.Minute, 2*time.Millisecond) {
		t.Fatalf("Yellow's deadline is %v after the reading", gap)
	}
	if len(moved.GetEvents()) != 1 {
		t.Fatalf("the move's events: %v", moved.GetEvents())
	}
	if event := moved.GetEvents()[0]; !proto.Equal(event.GetClock(), after) || !readAtIsTheEventsTime(event) {
		t.Fatalf("the move's event has the clocks %v at %v, the view %v", event.GetClock(), event.GetTime(), after)
	}
}

func TestTheClockMovesForASeatWhoseTimeRanOut(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(),
		tabula.Clock(tabula.PerMove(time.Second)), tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE))
	if err != nil {
		t.Fatal(err)
	}
	if rule := created.GetGame().GetConfig().GetClock().GetOnTimeout(); rule != tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE {
		t.Fatalf("on timeout %v", rule)
	}
	gameID := created.GetGame().GetGameId()

	// Nobody moves: each second the clock plays for the seat to move, and the game goes on.
	waiting, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var moves []*tabulav1.GameEvent
	for event, err := range manager.Events(waiting, gameID, 1) {
		if err != nil {
			t.Fatalf("waiting for the clock's moves: %v", err)
		}
		moves = append(moves, event)
		if len(moves) == 2 {
			break
		}
	}
	if len(moves) != 2 {
		t.Fatalf("the stream ended after %v", moves)
	}
	for i, event := range moves {
		if tabula.EventKind(event) != "move_applied" || describeActor(event) != "clock" || event.GetMoveApplied().GetSeat() != uint32(i+1) {
			t.Fatalf("event %d: %v", i+2, event)
		}
	}
	if gap := moves[1].GetTime().AsTime().Sub(moves[0].GetTime().AsTime()); gap < time.Second || gap > 2*time.Second {
		t.Fatalf("the clock's moves came %v apart", gap)
	}
	game, err := manager.GetGame(ctx, gameID)
	if err != nil || game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_IN_PROGRESS {
		t.Fatalf("the game after the clock's moves: %v, %v", game, err)
	}
	if _, err := manager.AbortGame(ctx, gameID, "the test is over"); err != nil {
		t.Fatal(err)
	}
}

// A seat that does not make its first move within the window is a no-show: the clock aborts
// the game rather than the seat losing on time.
func TestASeatThatMissesItsFirstMoveWindowAbortsTheGame(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(),
		tabula.Clock(tabula.Fischer(time.Minute, 0)), tabula.FirstMoveWindow(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	clock := created.GetGame().GetConfig().GetClock()
	if window := clock.GetFirstMoveWindow(); window == nil || window.AsDuration() != time.Second || !controlsAre(clock, tabula.Fischer(time.Minute, 0)) {
		t.Fatalf("the game's clock: %v", clock)
	}
	gameID := created.GetGame().GetGameId()

	// Nobody moves: after the window the clock aborts the game.
	time.Sleep(2 * time.Second)
	waiting, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var events []*tabulav1.GameEvent
	for event, err := range manager.Events(waiting, gameID, 0) {
		if err != nil {
			t.Fatalf("waiting for the abort: %v (events so far %q)", err, history(events))
		}
		events = append(events, event)
		if tabula.EventKind(event) == "game_ended" {
			break
		}
	}
	if got, want := history(events), []string{"game_created by none", "game_aborted by clock", "game_ended by none"}; !slices.Equal(got, want) {
		t.Fatalf("history %q, want %q", got, want)
	}
	aborted, ended := events[1], events[2]
	if tabula.ActorKind(aborted.GetActor()) != "clock" || !strings.Contains(aborted.GetGameAborted().GetExplanation(), "seat 1") {
		t.Fatalf("the abort: %v", aborted)
	}
	if gap := aborted.GetTime().AsTime().Sub(events[0].GetTime().AsTime()); gap < time.Second || gap > 3*time.Second {
		t.Fatalf("the abort came %v after the creation", gap)
	}
	if outcome := ended.GetGameEnded().GetOutcome(); outcome.GetReason() != tabulav1.EndReason_END_REASON_ABORTED || outcome.GetWinner() != 0 {
		t.Fatalf("the game ended with %v", outcome)
	}
	game, err := manager.GetGame(ctx, gameID)
	if err != nil || game.GetStatus() != tabulav1.GameStatus_GAME_STATUS_FINISHED || game.GetOutcome().GetReason() != tabulav1.EndReason_END_REASON_ABORTED {
		t.Fatalf("the game: %v, %v", game, err)
	}
}

func TestAServiceKeyPausesResumesAndAddsTime(t *testing.T) {
	ctx := testContext(t)
	address := testserver.StartWith(t, "--service-key", "arbiter="+arbiterSecret)
	manager := dial(t, address, tabula.WithCredential(arbiterSecret))
	created, err := manager.CreateGameFromConfig(ctx, connectFourConfig(), tabula.Clock(tabula.Fischer(time.Minute, 0)))
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	red := manager.As(created.GetSeatTokens()[0].GetToken())

	// Only a service key manages the clocks.
	_, err = red.PauseClock(ctx, gameID)
	requireError(t, err, codes.PermissionDenied, "SERVICE_KEY_REQUIRED")
	_, err = manager.As("").AddTime(ctx, gameID, 1, time.Second)
	requireError(t, err, codes.Unauthenticated, "CREDENTIAL_REQUIRED")

	// Clocks count whole milliseconds: let some run before the pause charges them.
	time.Sleep(20 * time.Millisecond)
	paused, err := manager.PauseClock(ctx, gameID, tabula.RequestID("pause-1"))
	if err != nil {
		t.Fatal(err)
	}
	if !paused.GetClock().GetPaused() || paused.GetViewerSeat() != 0 {
		t.Fatalf("paused: %v", paused)
	}
	redLeft := tabula.SeatClock(paused.GetClock(), 1).GetRemaining().AsDuration()
	for _, seat := range paused.GetClock().GetSeats() {
		if seat.GetRunning() || seat.GetDeadline() != nil {
			t.Fatalf("a seat's clock runs while paused: %v", paused.GetClock())
		}
	}
	if redLeft >= time.Minute || redLeft < 50*time.Second {
		t.Fatalf("Red was charged for its time before the pause: %v left", redLeft)
	}
	if got, _ := tabula.Remaining(paused.GetClock(), 1, time.Now().Add(time.Hour)); got != redLeft {
		t.Fatalf("a paused clock moved: %v, then %v", redLeft, got)
	}
	if again, err := manager.PauseClock(ctx, gameID, tabula.RequestID("pause-1")); err != nil || !again.GetClock().GetPaused() {
		t.Fatalf("a retried pause: %v, %v", again, err)
	}
	_, err = manager.PauseClock(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "CLOCK_PAUSED")
	_, err = red.SubmitMove(ctx, gameID, tabula.Drop(3))
	if e := requireError(t, err, codes.FailedPrecondition, "CLOCK_PAUSED"); e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_CLOCK_PAUSED {
		t.Fatalf("reason code %v", e.ReasonCode())
	}

	// Time is added to a paused clock as to a running one.
	added, err := manager.AddTime(ctx, gameID, 2, 30*time.Second, tabula.RequestID("add-1"))
	if err != nil {
		t.Fatal(err)
	}
	if got := tabula.SeatClock(added.GetClock(), 2).GetRemaining().AsDuration(); got != 90*time.Second || !added.GetClock().GetPaused() {
		t.Fatalf("Yellow's clock after 30 s added: %v", added.GetClock())
	}
	if got := tabula.SeatClock(added.GetClock(), 1).GetRemaining().AsDuration(); got != redLeft {
		t.Fatalf("Red's paused clock went from %v to %v", redLeft, got)
	}
	for _, bad := range []struct {
		seat uint32
		time time.Duration
	}{{3, time.Second}, {0, time.Second}, {1, 0}, {1, 1500 * time.Microsecond}, {1, 25 * time.Hour}} {
		_, err = manager.AddTime(ctx, gameID, bad.seat, bad.time)
		requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	}

	resumed, err := manager.ResumeClock(ctx, gameID, tabula.RequestID("resume-1"))
	if err != nil {
		t.Fatal(err)
	}
	redClock := tabula.SeatClock(resumed.GetClock(), 1)
	if resumed.GetClock().GetPaused() || !redClock.GetRunning() || redClock.GetDeadline() == nil || redClock.GetRemaining().AsDuration() != redLeft {
		t.Fatalf("resumed with %v left before: %v", redLeft, resumed.GetClock())
	}
	_, err = manager.ResumeClock(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "CLOCK_NOT_PAUSED")
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(3)); err != nil {
		t.Fatal(err)
	}
	running, err := manager.AddTime(ctx, gameID, 2, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if yellow := tabula.SeatClock(running.GetClock(), 2); !yellow.GetRunning() || yellow.GetRemaining().AsDuration() > 95*time.Second ||
		yellow.GetRemaining().AsDuration() < 90*time.Second {
		t.Fatalf("Yellow's running clock after 5 s more: %v", yellow)
	}
	if _, err := manager.AbortGame(ctx, gameID, "the test is over"); err != nil {
		t.Fatal(err)
	}

	// The history names the key behind each change, with the clocks just after it.
	events := await(t, collect(manager.Events(ctx, gameID, 0)))
	if got, want := history(events), []string{
		"game_created by none",
		"clock_paused by service arbiter",
		"time_added by service arbiter",
		"clock_resumed by service arbiter",
		"move_applied by seat 1",
		"time_added by service arbiter",
		"game_aborted by service arbiter",
		"game_ended by none",
	}; !slices.Equal(got, want) {
		t.Fatalf("history %q, want %q", got, want)
	}
	if !events[1].GetClock().GetPaused() || events[3].GetClock().GetPaused() {
		t.Fatalf("paused %v, resumed %v", events[1].GetClock(), events[3].GetClock())
	}
	if addition := events[2].GetTimeAdded(); addition.GetSeat() != 2 || addition.GetAdded().AsDuration() != 30*time.Second {
		t.Fatalf("time added: %v", addition)
	}
	for _, event := range events[1 : len(events)-1] { // the creation's: TestTheCreationEventCarriesTheClocks
		if event.GetClock() == nil || !readAtIsTheEventsTime(event) {
			t.Fatalf("event %d (%s) has the clocks %v", event.GetSeq(), tabula.EventKind(event), event.GetClock())
		}
	}

	// A finished game's clocks are done with; a game without clocks has none to manage.
	_, err = manager.PauseClock(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "GAME_OVER")
	_, err = manager.ResumeClock(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "GAME_OVER")
	_, err = manager.AddTime(ctx, gameID, 1, time.Second)
	requireError(t, err, codes.FailedPrecondition, "GAME_OVER")
	plain, err := manager.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_CONNECT_FOUR, "classic")
	if err != nil {
		t.Fatal(err)
	}
	plainID := plain.GetGame().GetGameId()
	if view, err := manager.GetView(ctx, plainID); err != nil || view.GetClock() != nil {
		t.Fatalf("a game without clocks shows %v, %v", view.GetClock(), err)
	}
	_, err = manager.PauseClock(ctx, plainID)
	requireError(t, err, codes.FailedPrecondition, "NO_CLOCK")
	_, err = manager.ResumeClock(ctx, plainID)
	requireError(t, err, codes.FailedPrecondition, "NO_CLOCK")
	_, err = manager.AddTime(ctx, plainID, 1, time.Second)
	requireError(t, err, codes.FailedPrecondition, "NO_CLOCK")
}

// clockService is a stand-in that records the requests of the clock's calls and creations.
type clockService struct {
	fakeService
	mu       sync.Mutex
	creates  []*tabulav1.CreateGameRequest
	pauses   []*tabulav1.PauseClockRequest
	resumes  []*tabulav1.ResumeClockRequest
	addTimes []*tabulav1.AddTimeRequest
}

func (c *clockService) CreateGame(_ context.Context, request *tabulav1.CreateGameRequest) (*tabulav1.CreateGameResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.creates = append(c.creates, request)
	return &tabulav1.CreateGameResponse{}, nil
}

func (c *clockService) PauseClock(_ context.Context, request *tabulav1.PauseClockRequest) (*tabulav1.PauseClockResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pauses = append(c.pauses, request)
	return &tabulav1.PauseClockResponse{View: &tabulav1.View{GameId: request.GetGameId(), Clock: &tabulav1.ClockReadings{Paused: true}}}, nil
}

func (c *clockService) ResumeClock(_ context.Context, request *tabulav1.ResumeClockRequest) (*tabulav1.ResumeClockResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.resumes = append(c.resumes, request)
	return &tabulav1.ResumeClockResponse{View: &tabulav1.View{GameId: request.GetGameId()}}, nil
}

func (c *clockService) AddTime(_ context.Context, request *tabulav1.AddTimeRequest) (*tabulav1.AddTimeResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.addTimes = append(c.addTimes, request)
	return &tabulav1.AddTimeResponse{View: &tabulav1.View{GameId: request.GetGameId()}}, nil
}

func TestTimeControlBuildersMakeTheContractsControls(t *testing.T) {
	for _, c := range []struct {
		built *tabulav1.TimeControl
		json  string
	}{
		{tabula.Fischer(3*time.Minute, 2*time.Second), `{"fischer": {"base": "180s", "increment": "2s"}}`},
		{tabula.Fischer(time.Minute, 0), `{"fischer": {"base": "60s", "increment": "0s"}}`},
		{tabula.Bronstein(5*time.Minute, 3*time.Second), `{"bronstein": {"base": "300s", "delay": "3s"}}`},
		{tabula.SimpleDelay(90*time.Second, 1500*time.Millisecond), `{"simpleDelay": {"base": "90s", "delay": "1.500s"}}`},
		{tabula.PerMove(time.Second), `{"perMove": "1s"}`},
		{tabula.CorrespondenceDays(3), `{"correspondenceDays": 3}`},
	} {
		var want tabulav1.TimeControl
		if err := protojson.Unmarshal([]byte(c.json), &want); err != nil {
			t.Fatalf("%s: %v", c.json, err)
		}
		if !proto.Equal(c.built, &want) {
			t.Errorf("built %v, want %s", c.built, c.json)
		}
	}
}

func TestClockOptionsAndCallsReachTheServer(t *testing.T) {
	c := &clockService{}
	client := startFake(t, c)
	ctx := testContext(t)
	check := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}

	// One control per seat, and a rule; the caller's configuration keeps no clock.
	config := connectFourConfig()
	check(client.CreateGameFromConfig(ctx, config, tabula.Clock(tabula.Fischer(time.Minute, time.Second), tabula.PerMove(10*time.Second)),
		tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE), tabula.RequestID("c1")))
	if config.GetClock() != nil {
		t.Fatalf("Clock changed the caller's configuration: %v", config)
	}
	want := &tabulav1.ClockConfig{
		Controls:  []*tabulav1.TimeControl{tabula.Fischer(time.Minute, time.Second), tabula.PerMove(10 * time.Second)},
		OnTimeout: tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE,
	}
	if got := c.creates[0]; !proto.Equal(got.GetConfig().GetClock(), want) || got.GetConfig().GetConnectFour() == nil || got.GetRequestId() != "c1" {
		t.Fatalf("created with %v", got)
	}
	// OnTimeout alone applies to the configuration's own clock; Clock replaces it.
	clocked := connectFourConfig()
	clocked.Clock = &tabulav1.ClockConfig{Controls: []*tabulav1.TimeControl{tabula.CorrespondenceDays(2)}}
	check(client.CreateGameFromConfig(ctx, clocked, tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_LOSE)))
	check(client.CreateGameFromConfig(ctx, clocked, tabula.Clock(tabula.PerMove(time.Minute))))
	check(client.CreateGameFromConfig(ctx, clocked))
	if got := c.creates[1].GetConfig().GetClock(); got.GetOnTimeout() != tabulav1.TimeoutRule_TIMEOUT_RULE_LOSE || got.GetControls()[0].GetCorrespondenceDays() != 2 {
		t.Fatalf("OnTimeout on the configuration's clock sent %v", got)
	}
	if got := c.creates[2].GetConfig().GetClock(); !proto.Equal(got, &tabulav1.ClockConfig{Controls: []*tabulav1.TimeControl{tabula.PerMove(time.Minute)}}) {
		t.Fatalf("Clock over the configuration's clock sent %v", got)
	}
	if got := c.creates[3].GetConfig().GetClock(); !proto.Equal(got, clocked.GetClock()) || clocked.GetClock().GetOnTimeout() != tabulav1.TimeoutRule_TIMEOUT_RULE_UNSPECIFIED {
		t.Fatalf("the configuration's own clock: sent %v, left %v", got, clocked.GetClock())
	}

	check(client.PauseClock(ctx, "g", tabula.RequestID("p1")))
	check(client.ResumeClock(ctx, "g"))
	view, err := client.AddTime(ctx, "g", 2, 1500*time.Millisecond, tabula.RequestID("a1"))
	if err != nil || view.GetGameId() != "g" {
		t.Fatalf("AddTime answered %v, %v", view, err)
	}
	if got := c.pauses[0]; got.GetGameId() != "g" || got.GetRequestId() != "p1" {
		t.Fatalf("PauseClock sent %v", got)
	}
	if got := c.resumes[0]; got.GetGameId() != "g" || got.GetRequestId() != "" {
		t.Fatalf("ResumeClock sent %v", got)
	}
	if got := c.addTimes[0]; !proto.Equal(got, &tabulav1.AddTimeRequest{GameId: "g", Seat: 2, Time: durationpb.New(1500 * time.Millisecond), RequestId: "a1"}) {
		t.Fatalf("AddTime sent %v", got)
	}

	// OnTimeout without a clock to apply to: refused without calling the server.
	for _, refused := range []struct {
		call    func() error
		message string
	}{
		{func() error {
			_, err := client.CreateGameFromConfig(ctx, connectFourConfig(), tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE))
			return err
		}, "OnTimeout without a clock"},
	} {
		if err := refused.call(); err == nil || !strings.Contains(err.Error(), refused.message) {
			t.Fatalf("got %v, want %q", err, refused.message)
		}
	}
	if len(c.creates) != 4 || len(c.pauses) != 1 || len(c.resumes) != 1 || len(c.addTimes) != 1 {
		t.Fatalf("refused calls reached the server: %d creations, %d pauses, %d resumes, %d additions",
			len(c.creates), len(c.pauses), len(c.resumes), len(c.addTimes))
	}
}

// FirstMoveWindow is set like OnTimeout: on a copy, on the clock of Clock or else the
// configuration's own, and refused without either.
func TestFirstMoveWindowNeedsAClock(t *testing.T) {
	c := &clockService{}
	client := startFake(t, c)
	ctx := testContext(t)

	config := connectFourConfig()
	if _, err := client.CreateGameFromConfig(ctx, config, tabula.Clock(tabula.PerMove(time.Minute)), tabula.FirstMoveWindow(30*time.Second)); err != nil {
		t.Fatal(err)
	}
	clocked := connectFourConfig()
	clocked.Clock = &tabulav1.ClockConfig{Controls: []*tabulav1.TimeControl{tabula.CorrespondenceDays(2)}}
	if _, err := client.CreateGameFromConfig(ctx, clocked, tabula.FirstMoveWindow(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if config.GetClock() != nil || clocked.GetClock().GetFirstMoveWindow() != nil {
		t.Fatalf("FirstMoveWindow changed the caller's configuration: %v, %v", config, clocked)
	}
	if got, want := c.creates[0].GetConfig().GetClock(), (&tabulav1.ClockConfig{
		Controls: []*tabulav1.TimeControl{tabula.PerMove(time.Minute)}, FirstMoveWindow: durationpb.New(30 * time.Second),
	}); !proto.Equal(got, want) {
		t.Fatalf("FirstMoveWindow with Clock sent %v, want %v", got, want)
	}
	if got := c.creates[1].GetConfig().GetClock(); got.GetFirstMoveWindow().AsDuration() != time.Hour || got.GetControls()[0].GetCorrespondenceDays() != 2 {
		t.Fatalf("FirstMoveWindow on the configuration's clock sent %v", got)
	}
	built, err := tabula.GameFromConfig(clocked, tabula.FirstMoveWindow(time.Minute))
	if err != nil || built.GetConfig().GetClock().GetFirstMoveWindow().AsDuration() != time.Minute {
		t.Fatalf("GameFromConfig with FirstMoveWindow: %v, %v", built, err)
	}

	for _, refused := range []struct {
		call    func() error
		message string
	}{
		{func() error {
			_, err := client.CreateGameFromConfig(ctx, connectFourConfig(), tabula.OnTimeout(tabulav1.TimeoutRule_TIMEOUT_RULE_DEFAULT_MOVE))
			return err
		}, "CreateGameFromConfig: OnTimeout without a clock (give Clock, or a configuration that has one)"},
		{func() error {
			_, err := client.CreateGameFromConfig(ctx, connectFourConfig(), tabula.FirstMoveWindow(time.Second))
			return err
		}, "CreateGameFromConfig: FirstMoveWindow without a clock (give Clock, or a configuration that has one)"},
		{func() error {
			_, err := tabula.GameFromConfig(connectFourConfig(), tabula.FirstMoveWindow(time.Second))
			return err
		}, "GameFromConfig: FirstMoveWindow without a clock"},
		{func() error {
			_, err := client.CreateSeriesFromConfig(ctx, connectFourConfig(), tabula.BestOf(3), tabula.FirstMoveWindow(time.Second))
			return err
		}, "CreateSeriesFromConfig: FirstMoveWindow without a clock"},
	} {
		if err := refused.call(); err == nil || !strings.Contains(err.Error(), refused.message) {
			t.Errorf("got %v, want %q", err, refused.message)
		}
	}
	if len(c.creates) != 2 {
		t.Fatalf("refused calls reached the server: %d creations", len(c.creates))
	}
}

func TestRemainingWorksFromTheReading(t *testing.T) {
	readAt := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	seat := func(n uint32, remaining time.Duration, deadline time.Duration) *tabulav1.SeatClock {
		clock := &tabulav1.SeatClock{Seat: n, Remaining: durationpb.New(remaining)}
		if deadline != 0 {
			clock.Running, clock.Deadline = true, timestamppb.New(readAt.Add(deadline))
		}
		return clock
	}
	readings := &tabulav1.ClockReadings{ReadAt: timestamppb.New(readAt), Seats: []*tabulav1.SeatClock{
		seat(1, 10*time.Second, 10*time.Second), // running
		seat(2, 7*time.Second, 0),               // waiting
		seat(3, 10*time.Second, 12*time.Second), // running, 2 s of a simple delay to go
	}}
	for _, c := range []struct {
		seat  uint32
		after time.Duration
		want  time.Duration
	}{
		{1, 0, 10 * time.Second},
		{1, 3 * time.Second, 7 * time.Second},
		{1, 12 * time.Second, 0},
		{1, -time.Second, 10 * time.Second},
		{2, time.Hour, 7 * time.Second},
		{3, time.Second, 10 * time.Second},
		{3, 4 * time.Second, 8 * time.Second},
	} {
		if got, ok := tabula.Remaining(readings, c.seat, readAt.Add(c.after)); !ok || got != c.want {
			t.Errorf("seat %d, %v after the reading: %v, %v; want %v", c.seat, c.after, got, ok, c.want)
		}
	}
	// Without a deadline a running clock goes down from the reading.
	readings.Seats[0].Deadline = nil
	if got, _ := tabula.Remaining(readings, 1, readAt.Add(4*time.Second)); got != 6*time.Second {
		t.Errorf("running without a deadline: %v", got)
	}
	readings.Paused = true
	if got, _ := tabula.Remaining(readings, 3, readAt.Add(time.Hour)); got != 10*time.Second {
		t.Errorf("paused: %v", got)
	}
	if tabula.SeatClock(readings, 2).GetRemaining().AsDuration() != 7*time.Second || tabula.SeatClock(readings, 4) != nil || tabula.SeatClock(nil, 1) != nil {
		t.Error("SeatClock finds the wrong clock")
	}
	if _, ok := tabula.Remaining(nil, 1, readAt); ok {
		t.Error("a game without clocks has time")
	}
}
