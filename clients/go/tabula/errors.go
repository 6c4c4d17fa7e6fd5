package tabula

import (
	"errors"
	"fmt"
	"strconv"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// ErrorDomain is the google.rpc.ErrorInfo domain of every reason the server sends.
const ErrorDomain = "tabula.v1"

// Error is a failed call: the gRPC code, the stable reason from the status's
// google.rpc.ErrorInfo detail (for example "NOT_YOUR_TURN"; [Error.ReasonCode] gives it as
// the generated enum, to switch on), its metadata (for example "current_seq"), the server's
// message for people, and the field violations of a refused request. Reason is empty only
// when the status carried no ErrorInfo, which happens for failures that never reached the
// server (an unreachable address, a deadline that expired first).
type Error struct {
	Code     codes.Code
	Reason   string
	Metadata map[string]string
	Message  string
	// Violations are the problems of a request the server refused (code InvalidArgument,
	// reason INVALID_REQUEST, INVALID_CONFIG or INVALID_DOCUMENT, on the field "document"),
	// one a field, from the status's google.rpc.BadRequest detail, in the server's order;
	// nil when it has none.
	Violations []FieldViolation
	status     *status.Status
}

// FieldViolation is one problem of a refused request: the field, as a path into the request
// (for example "players[2].display_name", "labels[Stage]", "config.clock.controls[0]", or
// "requests[1].preset" in a batch), and what is wrong with it, for people.
type FieldViolation struct {
	Field       string
	Description string
}

func (e *Error) Error() string {
	if e.Reason == "" {
		return fmt.Sprintf("tabula: %s: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("tabula: %s (%s): %s", e.Code, e.Reason, e.Message)
}

// GRPCStatus lets status.FromError and status.Code see through the wrapper.
func (e *Error) GRPCStatus() *status.Status { return e.status }

// ReasonCode is the reason as the generated enum constant; ERROR_REASON_UNSPECIFIED when the
// reason is absent or newer than this client.
func (e *Error) ReasonCode() tabulav1.ErrorReason {
	return tabulav1.ErrorReason(tabulav1.ErrorReason_value["ERROR_REASON_"+e.Reason])
}

// ReasonCodeOf returns the reason of err as the generated enum constant when err is (or
// wraps) an [*Error] whose reason this client knows, else ERROR_REASON_UNSPECIFIED: the
// value to switch on.
func ReasonCodeOf(err error) tabulav1.ErrorReason {
	var e *Error
	if errors.As(err, &e) {
		return e.ReasonCode()
	}
	return tabulav1.ErrorReason_ERROR_REASON_UNSPECIFIED
}

// ReasonOf returns the stable reason of err when it is (or wraps) an [*Error], else "".
func ReasonOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

// ErrorFrom turns an error of a call made through [Client.Stub] into an [*Error], as the
// wrapped calls do; nil stays nil.
func ErrorFrom(err error) error { return fromStatus(err) }

// fromStatus turns a gRPC error into an [*Error], decoding the ErrorInfo and the BadRequest
// that the server puts in the status details (trailer grpc-status-details-bin). Errors that
// are not statuses (none are expected from the stubs) pass through unchanged.
func fromStatus(err error) error {
	if err == nil {
		return nil
	}
	st, ok := status.FromError(err)
	if !ok {
		return err
	}
	result := &Error{Code: st.Code(), Message: st.Message(), status: st}
	for _, detail := range st.Details() {
		switch detail := detail.(type) {
		case *errdetails.ErrorInfo:
			if detail.GetDomain() == ErrorDomain && result.Reason == "" {
				result.Reason = detail.GetReason()
				result.Metadata = detail.GetMetadata()
			}
		case *errdetails.BadRequest:
			for _, violation := range detail.GetFieldViolations() {
				result.Violations = append(result.Violations, FieldViolation{Field: violation.GetField(), Description: violation.GetDescription()})
			}
		}
	}
	return result
}

// ReasonSeqGap is the reason of the [*Error] an event stream ends with when an event's seq
// is not the one after the previous event's (code DataLoss): events are missing, so the
// caller's picture of the game can no longer be trusted. Its metadata "expected_seq" and
// "received_seq" hold both seqs, in decimal.
const ReasonSeqGap = "SEQ_GAP"

// ReasonViewChangeMismatch is the reason of the [*Error] (code DataLoss) that
// [ApplyViewChange] returns for a change that names a board, a cell or a point the view
// lacks, or that carries no view: the change was not made from that view. A stream of
// [Client.EventsWithViewChanges] ends with it when a change it receives does not apply to
// the view before it (or comes before any view).
const ReasonViewChangeMismatch = "VIEW_CHANGE_MISMATCH"

// dataLoss is an [*Error] of code DataLoss with reason and metadata, made by the client.
func dataLoss(reason, message string, metadata map[string]string) *Error {
	st := status.New(codes.DataLoss, message)
	if detailed, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: ErrorDomain, Metadata: metadata}); err == nil {
		st = detailed
	}
	return &Error{Code: codes.DataLoss, Reason: reason, Metadata: metadata, Message: message, status: st}
}

// viewChangeMismatch is the error of [ApplyViewChange] for a change that does not apply,
// refusal saying why.
func viewChangeMismatch(refusal string) *Error {
	return dataLoss(ReasonViewChangeMismatch, refusal, nil)
}

// viewChangeRefused is the error an event stream of subject ("game g") ends with when the
// view change of its message with seq does not apply to the view before it, refusal saying
// why. Its metadata "seq" holds that seq.
func viewChangeRefused(subject string, seq uint64, refusal string) *Error {
	message := fmt.Sprintf("event stream of %s sent a view change with seq %d that does not apply to the view before it: %s", subject, seq, refusal)
	return dataLoss(ReasonViewChangeMismatch, message, map[string]string{"seq": strconv.FormatUint(seq, 10)})
}

// ReasonCursorOutOfOrder is the reason of the [*Error] (code DataLoss) that
// [Client.OwnerEvents] ends with when an event's cursor is not greater than the previous
// event's (the first one: not greater than the cursor the stream started after): an event
// came twice or out of order. Its metadata "last_cursor" and "received_cursor" hold
// both cursors, in decimal.
const ReasonCursorOutOfOrder = "CURSOR_OUT_OF_ORDER"

// cursorOutOfOrder is the error of a service key's event stream that received cursor
// after previous.
func cursorOutOfOrder(previous, received uint64) *Error {
	message := fmt.Sprintf("owner event stream went back: received cursor %d after cursor %d", received, previous)
	metadata := map[string]string{"last_cursor": strconv.FormatUint(previous, 10), "received_cursor": strconv.FormatUint(received, 10)}
	return dataLoss(ReasonCursorOutOfOrder, message, metadata)
}

// seqGap is the error of an event stream of subject ("game g", "series s") that expected
// one seq and received another.
func seqGap(subject string, expected, received uint64) *Error {
	message := fmt.Sprintf("event stream of %s skipped events: expected seq %d, received seq %d", subject, expected, received)
	metadata := map[string]string{"expected_seq": strconv.FormatUint(expected, 10), "received_seq": strconv.FormatUint(received, 10)}
	return dataLoss(ReasonSeqGap, message, metadata)
}
