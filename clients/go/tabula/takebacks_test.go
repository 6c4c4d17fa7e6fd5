package tabula_test

// Takebacks in any game, against a real server: allowed by GameConfig.allow_takebacks on the
// configuration a game is created from, refused without it; asked of the other seat, which
// agrees or declines with AnswerTakeBack, with GameConfig.takebacks_need_consent. Offline, a
// stand-in records what AnswerTakeBack sends.

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func TestAGameCreatedWithTakebacksLetsASeatTakeBackItsOwnMove(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := ticTacToeConfig()
	config.AllowTakebacks = true
	created, err := manager.CreateGameFromConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	if !created.GetGame().GetConfig().GetAllowTakebacks() {
		t.Fatalf("the answered configuration does not allow takebacks: %v", created.GetGame().GetConfig())
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}

	_, err = o.TakeBack(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "NOTHING_TO_TAKE_BACK")
	back, err := x.TakeBack(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if view := back.GetView(); view.GetMoveCount() != 0 || !slices.Equal(view.GetToAct(), []uint32{1}) {
		t.Fatalf("after the takeback: %d moves, to act %v; want 0 moves, [1]", view.GetMoveCount(), view.GetToAct())
	}
	if got := toAct(t, o, gameID); !slices.Equal(got, []uint32{1}) {
		t.Fatalf("the game now has %v to act, want [1]", got)
	}
}

func TestAGameCreatedWithoutTakebacksRefusesThem(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_Gomoku{Gomoku: &tabulav1.GomokuConfig{}}}
	created, err := manager.CreateGameFromConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	if created.GetGame().GetConfig().GetAllowTakebacks() {
		t.Fatalf("the answered configuration allows takebacks: %v", created.GetGame().GetConfig())
	}
	gameID := created.GetGame().GetGameId()
	black := manager.As(created.GetSeatTokens()[0].GetToken())
	if _, err := black.SubmitMove(ctx, gameID, tabula.PlaceCell(7, 7)); err != nil {
		t.Fatal(err)
	}
	_, err = black.TakeBack(ctx, gameID)
	requireError(t, err, codes.FailedPrecondition, "TAKEBACK_NOT_ALLOWED")
}

// consentConfig is classic tic-tac-toe whose takebacks need the other seat's consent.
func consentConfig() *tabulav1.GameConfig {
	config := ticTacToeConfig()
	config.AllowTakebacks, config.TakebacksNeedConsent = true, true
	return config
}

func TestATakebackThatNeedsConsentIsAskedDeclinedAndAccepted(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, consentConfig())
	if err != nil {
		t.Fatal(err)
	}
	if config := created.GetGame().GetConfig(); !config.GetAllowTakebacks() || !config.GetTakebacksNeedConsent() {
		t.Fatalf("the answered configuration: %v; want allow_takebacks and takebacks_need_consent", config)
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	requireView := func(what string, view *tabulav1.View, request uint32, moves uint32, toAct []uint32) {
		t.Helper()
		if view.GetTakebackRequest() != request || view.GetMoveCount() != moves || !slices.Equal(view.GetToAct(), toAct) {
			t.Fatalf("%s: takeback_request %d, %d moves, to act %v; want %d, %d, %v",
				what, view.GetTakebackRequest(), view.GetMoveCount(), view.GetToAct(), request, moves, toAct)
		}
	}

	_, err = o.AnswerTakeBack(ctx, gameID, true)
	requireError(t, err, codes.FailedPrecondition, "NO_TAKEBACK_REQUEST")
	asked, err := x.TakeBack(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	requireView("after seat 1 asks", asked.GetView(), 1, 1, []uint32{2})
	if asked.GetSeq() != 3 {
		t.Fatalf("the request answered seq %d, want 3", asked.GetSeq())
	}
	_, err = x.TakeBack(ctx, gameID)
	e := requireError(t, err, codes.FailedPrecondition, "TAKEBACK_ALREADY_REQUESTED")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_TAKEBACK_ALREADY_REQUESTED {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
	_, err = x.AnswerTakeBack(ctx, gameID, true) // its own request
	e = requireError(t, err, codes.FailedPrecondition, "NO_TAKEBACK_REQUEST")
	if e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_NO_TAKEBACK_REQUEST {
		t.Fatalf("reason code %v", e.ReasonCode())
	}
	_, err = manager.AnswerTakeBack(ctx, gameID, true) // no seat's credential
	requireError(t, err, codes.PermissionDenied, "SEAT_REQUIRED")
	_, err = o.AnswerTakeBack(ctx, gameID, false, tabula.ExpectedSeq(2))
	requireError(t, err, codes.Aborted, "STALE_SEQ")

	declined, err := o.AnswerTakeBack(ctx, gameID, false, tabula.ExpectedSeq(3))
	if err != nil {
		t.Fatal(err)
	}
	requireView("after seat 2 declines", declined.GetView(), 0, 1, []uint32{2})
	if declined.GetSeq() != 4 {
		t.Fatalf("the decline answered seq %d, want 4", declined.GetSeq())
	}

	if _, err := x.TakeBack(ctx, gameID); err != nil {
		t.Fatal(err)
	}
	accepted, err := o.AnswerTakeBack(ctx, gameID, true, tabula.RequestID("agree-1"))
	if err != nil {
		t.Fatal(err)
	}
	requireView("after seat 2 accepts", accepted.GetView(), 0, 0, []uint32{1})
	again, err := o.AnswerTakeBack(ctx, gameID, true, tabula.RequestID("agree-1")) // a retry answers as the first did
	if err != nil || again.GetSeq() != accepted.GetSeq() {
		t.Fatalf("the retried answer: %v, %v; want seq %d", again, err, accepted.GetSeq())
	}
	if got := toAct(t, o, gameID); !slices.Equal(got, []uint32{1}) {
		t.Fatalf("the game now has %v to act, want [1]", got)
	}

	// The history, from the stream: the creation, the move, then the takeback's four events.
	var events []*tabulav1.GameEvent
	for event, err := range o.Events(ctx, gameID, 0) {
		if err != nil {
			t.Fatalf("after %d events: %v", len(events), err)
		}
		events = append(events, event)
		if event.GetSeq() == 6 {
			break
		}
	}
	want := []string{
		"game_created by none",
		"move_applied by seat 1",
		"takeback_requested by seat 1",
		"takeback_declined by seat 2",
		"takeback_requested by seat 1",
		"move_taken_back by seat 2",
	}
	if got := history(events); strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("events %q, want %q", got, want)
	}
	if seat := events[2].GetTakebackRequested().GetSeat(); seat != 1 {
		t.Fatalf("seq 3 requests for seat %d, want 1", seat)
	}
	if seat := events[3].GetTakebackDeclined().GetSeat(); seat != 2 {
		t.Fatalf("seq 4 is declined by seat %d, want 2", seat)
	}
	if seat := events[4].GetTakebackRequested().GetSeat(); seat != 1 {
		t.Fatalf("seq 5 requests for seat %d, want 1", seat)
	}
	if back := events[5].GetMoveTakenBack(); back.GetSeat() != 1 || back.GetMoveNumber() != 1 {
		t.Fatalf("seq 6 takes back %v, want seat 1's move 1", back)
	}
}

// A move the other seat makes instead of answering lets the request lapse, without an event.
func TestAMoveLetsATakebackRequestLapse(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	created, err := manager.CreateGameFromConfig(ctx, consentConfig())
	if err != nil {
		t.Fatal(err)
	}
	gameID := created.GetGame().GetGameId()
	x, o := manager.As(created.GetSeatTokens()[0].GetToken()), manager.As(created.GetSeatTokens()[1].GetToken())
	if _, err := x.SubmitMove(ctx, gameID, tabula.PlaceCell(1, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := x.TakeBack(ctx, gameID); err != nil {
		t.Fatal(err)
	}
	moved, err := o.SubmitMove(ctx, gameID, tabula.PlaceCell(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if view := moved.GetView(); view.GetTakebackRequest() != 0 || view.GetMoveCount() != 2 || moved.GetSeq() != 4 {
		t.Fatalf("after seat 2's move: takeback_request %d, %d moves, seq %d; want 0, 2, 4",
			view.GetTakebackRequest(), view.GetMoveCount(), moved.GetSeq())
	}
	_, err = o.AnswerTakeBack(ctx, gameID, true)
	requireError(t, err, codes.FailedPrecondition, "NO_TAKEBACK_REQUEST")
}

// requireFieldViolation asserts err is INVALID_ARGUMENT, reason INVALID_REQUEST, with one
// field violation, on field.
func requireFieldViolation(t *testing.T, err error, field string) {
	t.Helper()
	e := requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	var violations []*errdetails.BadRequest_FieldViolation
	for _, detail := range status.Convert(err).Details() {
		if bad, ok := detail.(*errdetails.BadRequest); ok {
			violations = append(violations, bad.GetFieldViolations()...)
		}
	}
	if len(violations) != 1 || violations[0].GetField() != field {
		t.Fatalf("field violations %v, want one on %s (%s)", violations, field, e.Message)
	}
}

func TestConsentWithoutTakebacksOrForPegSolitaireIsRefused(t *testing.T) {
	ctx := testContext(t)
	manager := dial(t, testserver.Start(t))
	config := ticTacToeConfig()
	config.TakebacksNeedConsent = true
	_, err := manager.CreateGameFromConfig(ctx, config)
	requireFieldViolation(t, err, "config.takebacks_need_consent")

	peg := &tabulav1.GameConfig{
		Game:           &tabulav1.GameConfig_PegSolitaire{PegSolitaire: &tabulav1.PegSolitaireConfig{}},
		AllowTakebacks: true, TakebacksNeedConsent: true,
	}
	_, err = manager.CreateGameFromConfig(ctx, peg)
	requireFieldViolation(t, err, "config.takebacks_need_consent")
}

// takebackService records the AnswerTakeBack requests that reach it.
type takebackService struct {
	tabulav1.UnimplementedGameServiceServer
	mu      sync.Mutex
	answers []*tabulav1.AnswerTakeBackRequest
}

func (s *takebackService) AnswerTakeBack(_ context.Context, request *tabulav1.AnswerTakeBackRequest) (*tabulav1.AnswerTakeBackResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answers = append(s.answers, request)
	return &tabulav1.AnswerTakeBackResponse{Seq: 9, View: &tabulav1.View{GameId: request.GetGameId(), Seq: 9}}, nil
}

func TestAnswerTakeBackSendsTheAnswerAndItsOptions(t *testing.T) {
	s := &takebackService{}
	client := startFake(t, s)
	ctx := testContext(t)
	answered, err := client.AnswerTakeBack(ctx, "g1", true, tabula.ExpectedSeq(8), tabula.RequestID("r1"))
	if err != nil {
		t.Fatal(err)
	}
	if answered.GetSeq() != 9 || answered.GetView().GetGameId() != "g1" {
		t.Fatalf("answered %v", answered)
	}
	if _, err := client.AnswerTakeBack(ctx, "g2", false); err != nil {
		t.Fatal(err)
	}
	if len(s.answers) != 2 {
		t.Fatalf("%d AnswerTakeBack requests reached the server, want 2", len(s.answers))
	}
	if got := s.answers[0]; got.GetGameId() != "g1" || !got.GetAccept() || got.ExpectedSeq == nil || got.GetExpectedSeq() != 8 ||
		got.GetRequestId() != "r1" {
		t.Fatalf("AnswerTakeBack(g1, true, ExpectedSeq(8), RequestID(r1)) sent %v", got)
	}
	if got := s.answers[1]; got.GetGameId() != "g2" || got.GetAccept() || got.ExpectedSeq != nil || got.GetRequestId() != "" {
		t.Fatalf("AnswerTakeBack(g2, false) sent %v", got)
	}
	if len(s.answers) != 2 {
		t.Fatalf("a refused call reached the server: %d requests", len(s.answers))
	}
}
