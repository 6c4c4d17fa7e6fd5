package tabula_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/code"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/tabula-games/tabula/clients/go/internal/conformance"
	"github.com/tabula-games/tabula/clients/go/internal/testserver"
	"github.com/tabula-games/tabula/clients/go/tabula"
)

// stepDeadline is the deadline of each call, as the scenario's format requires.
const stepDeadline = 10 * time.Second

// TestConformanceScenario replays the shared scenario through this client: the credential
// travels as the client sends it, calls go through the generated stub, errors are decoded
// by the client.
func TestConformanceScenario(t *testing.T) {
	scenario, err := conformance.Load(filepath.Join(testserver.RepoRoot(t), "clients", "conformance", "scenario.json"))
	if err != nil {
		t.Fatal(err)
	}
	client := dial(t, testserver.Start(t))
	saved := map[string]any{}
	for i, step := range scenario.Steps {
		if err := runStep(client, step, saved); err != nil {
			t.Fatalf("step %d %q (%s): %v", i+1, step.Name, step.Call, err)
		}
	}
}

func runStep(client *tabula.Client, step conformance.Step, saved map[string]any) error {
	caller := client.As("")
	if step.Credential != nil {
		credential, err := conformance.Substitute(*step.Credential, saved)
		if err != nil {
			return err
		}
		caller = client.As(fmt.Sprint(credential))
	}
	method := reflect.ValueOf(caller.Stub()).MethodByName(step.Call)
	if !method.IsValid() {
		return fmt.Errorf("GameService has no method %s", step.Call)
	}
	request, err := parseRequest(method.Type().In(1), step.Request, saved)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), stepDeadline)
	defer cancel()
	results := method.Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(request)})
	callErr, _ := results[1].Interface().(error)
	if step.Call == "StreamEvents" {
		if callErr != nil {
			return checkError(step, saved, callErr)
		}
		return checkStream(step, saved, streamReceiver{results[0].MethodByName("Recv")})
	}
	if callErr != nil {
		return checkError(step, saved, callErr)
	}
	if step.ExpectError != nil {
		return errors.New("succeeded, expected an error")
	}
	actual, err := toJSON(results[0].Interface().(proto.Message))
	if err != nil {
		return err
	}
	if step.Save != "" {
		saved[step.Save] = actual
	}
	return match(step.Expect, actual, saved, "$")
}

// parseRequest reads the step's request with the proto3 JSON parser, which rejects unknown fields.
func parseRequest(pointerType reflect.Type, raw json.RawMessage, saved map[string]any) (proto.Message, error) {
	request := reflect.New(pointerType.Elem()).Interface().(proto.Message)
	value, err := conformance.Decode(raw)
	if err != nil {
		return nil, err
	}
	if value, err = conformance.Substitute(value, saved); err != nil {
		return nil, err
	}
	text, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	if err := protojson.Unmarshal(text, request); err != nil {
		return nil, fmt.Errorf("request: %w", err)
	}
	return request, nil
}

// toJSON prints a message with the default proto3 JSON settings and reads it back as plain values.
func toJSON(message proto.Message) (any, error) {
	text, err := protojson.Marshal(message)
	if err != nil {
		return nil, err
	}
	return conformance.Decode(text)
}

func match(rawExpected json.RawMessage, actual any, saved map[string]any, at string) error {
	if rawExpected == nil {
		return nil
	}
	expected, err := conformance.Decode(rawExpected)
	if err != nil {
		return err
	}
	if expected, err = conformance.Substitute(expected, saved); err != nil {
		return err
	}
	if problem := conformance.Match(expected, actual, at); problem != "" {
		return errors.New(problem)
	}
	return nil
}

// streamReceiver adapts the generated typed stream to Recv() (proto.Message, error).
type streamReceiver struct{ recv reflect.Value }

func (s streamReceiver) Recv() (proto.Message, error) {
	results := s.recv.Call(nil)
	err, _ := results[1].Interface().(error)
	if err != nil {
		return nil, err
	}
	return results[0].Interface().(proto.Message), nil
}

// checkStream matches the first messages against expect_stream, then the stream's end or error.
func checkStream(step conformance.Step, saved map[string]any, stream streamReceiver) error {
	expected, err := conformance.Decode(step.ExpectStream)
	if err != nil {
		return err
	}
	entries, _ := expected.([]any)
	for i, entry := range entries {
		message, err := stream.Recv()
		if err != nil {
			return fmt.Errorf("message %d: %w", i, err)
		}
		actual, err := toJSON(message)
		if err != nil {
			return err
		}
		raw, _ := json.Marshal(entry)
		if err := match(raw, actual, saved, fmt.Sprintf("$[%d]", i)); err != nil {
			return err
		}
	}
	switch {
	case step.ExpectError != nil:
		if _, err := stream.Recv(); err != nil {
			return checkError(step, saved, err)
		}
		return fmt.Errorf("message %d arrived, expected an error", len(entries))
	case step.ExpectEnd:
		message, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("ended with %w, expected a clean end", err)
		}
		return fmt.Errorf("message %d arrived after the expected ones: %v", len(entries), message)
	}
	return nil
}

func checkError(step conformance.Step, saved map[string]any, callErr error) error {
	if step.ExpectError == nil {
		return fmt.Errorf("failed: %w", callErr)
	}
	var failure *tabula.Error
	if !errors.As(tabula.ErrorFrom(callErr), &failure) {
		return fmt.Errorf("failed without a gRPC status: %w", callErr)
	}
	value, err := conformance.Decode(step.ExpectError)
	if err != nil {
		return err
	}
	if value, err = conformance.Substitute(value, saved); err != nil {
		return err
	}
	text, _ := json.Marshal(value)
	var expected conformance.ExpectedError
	if err := json.Unmarshal(text, &expected); err != nil {
		return fmt.Errorf("scenario error: expect_error: %w", err)
	}
	if got := code.Code_name[int32(failure.Code)]; got != expected.Code {
		return fmt.Errorf("code %s, expected %s (%v)", got, expected.Code, failure)
	}
	if failure.Reason == "" {
		return fmt.Errorf("no ErrorInfo with domain %s in the status: %v", tabula.ErrorDomain, failure)
	}
	if failure.Reason != expected.Reason {
		return fmt.Errorf("reason %s, expected %s (%v)", failure.Reason, expected.Reason, failure)
	}
	for key, want := range expected.Metadata {
		if got, ok := failure.Metadata[key]; !ok || got != want {
			return fmt.Errorf("metadata %s = %q, expected %q (all: %v)", key, got, want, failure.Metadata)
		}
	}
	return nil
}
