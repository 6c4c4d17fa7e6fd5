package tabula

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"
)

// The bounds of an event stream's reconnection, without waiting for them.
func TestAStreamReconnectsForThirtySecondsByDefault(t *testing.T) {
	unavailable := &Error{Code: codes.Unavailable}
	options := func(opts ...StreamOption) streamOptions {
		o := defaultStreamOptions()
		for _, opt := range opts {
			opt(&o)
		}
		return o
	}
	for _, c := range []struct {
		name     string
		options  streamOptions
		err      error
		failures int
		broken   time.Duration
		again    bool
	}{
		{"by default, within 30 s", options(), unavailable, 40, 29 * time.Second, true},
		{"by default, after 30 s", options(), unavailable, 3, 30 * time.Second, false},
		{"a budget of its own", options(GiveUpAfter(time.Second)), unavailable, 0, time.Second, false},
		{"forever", options(ResumeForever()), unavailable, 1000, time.Hour, true},
		{"forever but a bound on attempts", options(ResumeForever(), MaxReconnects(3)), unavailable, 3, 0, false},
		{"a bound on attempts within the budget", options(MaxReconnects(3)), unavailable, 2, 0, true},
		{"never", options(MaxReconnects(0)), unavailable, 0, 0, false},
		{"a broken transport", options(), &Error{Code: codes.Internal}, 0, 0, true},
		{"the server's own internal error", options(), &Error{Code: codes.Internal, Reason: "STORAGE_UNAVAILABLE"}, 0, 0, false},
		{"a reader that fell behind", options(), &Error{Code: codes.ResourceExhausted, Reason: "STREAM_LAGGED"}, 0, 0, true},
		{"a refusal", options(), &Error{Code: codes.NotFound, Reason: "GAME_NOT_FOUND"}, 0, 0, false},
	} {
		delay, again := c.options.nextAttempt(c.err, c.failures, c.broken)
		if again != c.again {
			t.Errorf("%s: again %v, want %v", c.name, again, c.again)
		}
		if again && (delay <= 0 || delay > 2*time.Second*12/10) {
			t.Errorf("%s: a wait of %v", c.name, delay)
		}
	}
	// The last wait ends when the budget does.
	if delay, _ := options(GiveUpAfter(time.Second)).nextAttempt(unavailable, 10, 900*time.Millisecond); delay != 100*time.Millisecond {
		t.Errorf("the last wait of a budget of 1 s, 900 ms in: %v", delay)
	}
}
