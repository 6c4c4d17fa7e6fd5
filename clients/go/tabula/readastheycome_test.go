package tabula_test

import (
	"context"
	"iter"
	"testing"
	"time"
)

// readAsTheyCome reads stream in a goroutine of its own until ctx ends, and returns next:
// the stream's next item, waiting at most within (false when none came by then). A stream
// error fails the test, naming what the stream is.
func readAsTheyCome[T any](t *testing.T, ctx context.Context, what string, stream iter.Seq2[T, error]) func(within time.Duration) (T, bool) {
	t.Helper()
	type item struct {
		value T
		err   error
	}
	items := make(chan item, 64)
	go func() {
		for value, err := range stream {
			select {
			case items <- item{value, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return func(within time.Duration) (T, bool) {
		t.Helper()
		select {
		case got := <-items:
			if got.err != nil {
				t.Fatalf("%s: %v", what, got.err)
			}
			return got.value, true
		case <-time.After(within):
			var none T
			return none, false
		}
	}
}
