package tabula_test

// Reasons as values of the generated ErrorReason enum, and the field violations of a refused
// request, against a real server.

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

func TestARefusalsReasonIsAnEnumValue(t *testing.T) {
	ctx := testContext(t)
	gameID, red, _ := connectFour(t, ctx, testserver.Start(t))
	if _, err := red.SubmitMove(ctx, gameID, tabula.Drop(3)); err != nil {
		t.Fatal(err)
	}
	_, err := red.SubmitMove(ctx, gameID, tabula.Drop(4))
	switch tabula.ReasonCodeOf(err) {
	case tabulav1.ErrorReason_ERROR_REASON_NOT_YOUR_TURN:
	default:
		t.Fatalf("a second move in a row: %v, reason code %v", err, tabula.ReasonCodeOf(err))
	}
	var e *tabula.Error
	if !errors.As(err, &e) || e.ReasonCode() != tabulav1.ErrorReason_ERROR_REASON_NOT_YOUR_TURN || e.Reason != "NOT_YOUR_TURN" {
		t.Fatalf("got %#v", err)
	}
	if tabula.ReasonCodeOf(errors.New("not a call's")) != tabulav1.ErrorReason_ERROR_REASON_UNSPECIFIED {
		t.Fatal("an error of no call has a reason")
	}
}

// Every reason of error.proto is its enum value; one this client does not know is
// UNSPECIFIED, as is none.
func TestEveryReasonNameHasItsValue(t *testing.T) {
	for number, name := range tabulav1.ErrorReason_name {
		reason, _ := strings.CutPrefix(name, "ERROR_REASON_")
		if got := (&tabula.Error{Reason: reason}).ReasonCode(); got != tabulav1.ErrorReason(number) {
			t.Errorf("reason %s: %v, want %v", reason, got, name)
		}
	}
	for _, reason := range []string{"", "A_REASON_FROM_A_NEWER_SERVER", tabula.ReasonSeqGap} {
		if got := (&tabula.Error{Reason: reason}).ReasonCode(); got != tabulav1.ErrorReason_ERROR_REASON_UNSPECIFIED {
			t.Errorf("reason %q: %v, want UNSPECIFIED", reason, got)
		}
	}
}

func TestARefusedRequestListsItsFieldViolations(t *testing.T) {
	ctx := testContext(t)
	client := dial(t, testserver.Start(t))
	badBoard := &tabulav1.GameConfig{Game: &tabulav1.GameConfig_ConnectFour{ConnectFour: &tabulav1.ConnectFourConfig{Width: 99, Height: 1}}}
	_, err := client.CreateGameFromConfig(ctx, badBoard)
	e := requireError(t, err, codes.InvalidArgument, "INVALID_CONFIG")
	requireViolations(t, e, "config.connect_four.width", "config.connect_four.height")

	tooMany := tabula.Players(tabula.Player("a", strings.Repeat("A", 65)), tabula.Player("b", "B"), tabula.Player("c", "C"))
	_, err = client.CreateGameFromPreset(ctx, tabulav1.GameKind_GAME_KIND_TIC_TAC_TOE, "classic", tooMany)
	e = requireError(t, err, codes.InvalidArgument, "INVALID_REQUEST")
	requireViolations(t, e, "players", "players[0].display_name")

	// A refusal without a BadRequest has none.
	_, err = client.GetGame(ctx, "no-such-game")
	if e = requireError(t, err, codes.NotFound, "GAME_NOT_FOUND"); e.Violations != nil {
		t.Fatalf("violations of a missing game: %v", e.Violations)
	}
}

// requireViolations checks that e's violations name fields, in order, each with a
// description, and are those of the status's own BadRequest detail.
func requireViolations(t *testing.T, e *tabula.Error, fields ...string) {
	t.Helper()
	var got []string
	for _, violation := range e.Violations {
		got = append(got, violation.Field)
		if violation.Description == "" {
			t.Errorf("violation of %s without a description", violation.Field)
		}
	}
	if !slices.Equal(got, fields) {
		t.Fatalf("violations %v, want the fields %v", e.Violations, fields)
	}
	var raw []tabula.FieldViolation
	for _, detail := range status.Convert(e).Details() {
		if bad, ok := detail.(*errdetails.BadRequest); ok {
			for _, v := range bad.GetFieldViolations() {
				raw = append(raw, tabula.FieldViolation{Field: v.GetField(), Description: v.GetDescription()})
			}
		}
	}
	if !slices.Equal(raw, e.Violations) {
		t.Fatalf("violations %v, the status's BadRequest %v", e.Violations, raw)
	}
}
