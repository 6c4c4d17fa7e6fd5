package tabula

import (
	"context"
	"math/rand/v2"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/status"
)

// RetryPolicy says how a unary call that failed with code Unavailable (the server is
// restarting or unreachable: a refused or reset connection is Unavailable too) is made
// again. Only calls that are safe to repeat are retried: every read (the Get, List and
// Export calls, [Client.GetHint], [Client.ListGameKinds], [Client.ExportGame],
// [Client.ListPuzzleSolutions] and the pages of [Client.AllPuzzleSolutions] among them) and
// every request with [ValidateOnly] ([Client.ImportGame], [Client.SubmitMove]: it only
// checks and stores nothing) always, and a write
// only when its request carries a request id ([RequestID]), which the server applies at
// most once; any other write ([Client.ImportGame] without ValidateOnly among them), and any
// other failure, comes back at once.
//
// The wait before retry n is min(MaxBackoff, InitialBackoff × 2^(n-1)), give or take 20% at
// random. A retry never goes past the call's deadline: when the next wait would end after
// it, the call returns the last error at once. A call without a deadline (only with
// [WithDefaultTimeout](0) and a context without one) stops retrying 10 seconds after it
// started. While a retry waits, the client asks the connection to reconnect at once rather
// than after gRPC's own reconnect backoff (1 second, growing), so the retry after a restart
// finds the server.
//
// The zero RetryPolicy is [DefaultRetryPolicy]: each zero field takes its default.
type RetryPolicy struct {
	// MaxAttempts is how many times a call is made at most, the first time included; 1
	// never retries. 0 means 5.
	MaxAttempts int
	// InitialBackoff is the wait before the first retry; 0 means 100 ms.
	InitialBackoff time.Duration
	// MaxBackoff caps each wait; 0 means 2 s.
	MaxBackoff time.Duration
	// OnRetry, when set, is told of each retry before its wait: the call's full method name
	// ("/tabula.v1.GameService/GetGame"), the number of the attempt about to be made (2 for
	// the first retry), the error of the attempt before, and the wait. For logs.
	OnRetry func(method string, attempt int, err error, wait time.Duration)
}

// DefaultRetryPolicy is the policy of every client unless [WithRetryPolicy] or
// [WithoutRetry] says otherwise: 5 attempts, 100 ms before the first retry, doubling up to
// 2 s.
var DefaultRetryPolicy = RetryPolicy{MaxAttempts: 5, InitialBackoff: 100 * time.Millisecond, MaxBackoff: 2 * time.Second}

// retryBudgetWithoutDeadline bounds the retrying of a call that has no deadline.
const retryBudgetWithoutDeadline = 10 * time.Second

// jitter is the share by which a wait may be longer or shorter than its nominal length.
const jitter = 0.2

// reconnectNudge is how often a waiting retry asks a connection that is not ready to
// reconnect at once.
const reconnectNudge = 100 * time.Millisecond

// withDefaults is p with each zero field set to [DefaultRetryPolicy]'s.
func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = DefaultRetryPolicy.MaxAttempts
	}
	if p.InitialBackoff <= 0 {
		p.InitialBackoff = DefaultRetryPolicy.InitialBackoff
	}
	if p.MaxBackoff <= 0 {
		p.MaxBackoff = DefaultRetryPolicy.MaxBackoff
	}
	return p
}

// backoff is the wait before retry n (from 1), jittered.
func (p RetryPolicy) backoff(n int) time.Duration {
	return jittered(min(p.MaxBackoff, p.InitialBackoff<<min(n-1, 30)))
}

// jittered is d made up to 20% longer or shorter at random.
func jittered(d time.Duration) time.Duration {
	return time.Duration(float64(d) * (1 - jitter + 2*jitter*rand.Float64()))
}

// NoRetry makes this one call once, whatever the client's retry policy. A [CallOption], so
// every unary call takes it, and a grpc.CallOption for a call of [Client.Stub].
func NoRetry() CallOption { return callOption{retry: &RetryPolicy{MaxAttempts: 1}} }

// Retry retries this one call under policy instead of the client's (see [RetryPolicy]; a
// zero field takes its default). It retries only what is safe to retry, as the client's
// policy does. A [CallOption], so every unary call takes it, and a grpc.CallOption for a
// call of [Client.Stub].
func Retry(policy RetryPolicy) CallOption { return callOption{retry: &policy} }

// WaitForReady makes this one call wait, until its deadline, for a connection to the server
// to be ready instead of failing at once with code Unavailable while there is none: gRPC's
// own wait-for-ready (grpc.WaitForReady). The wait follows gRPC's reconnect backoff (from 1
// second, growing), so the call may start a little after the server is back. A
// [CallOption], so every unary call takes it, and a grpc.CallOption for a call of
// [Client.Stub]. [WithWaitForReady] makes every call of a client wait.
func WaitForReady() CallOption { return callOption{waitForReady: true} }

// callOption is the one type of the [CallOption]s: a grpc.CallOption that carries this
// client's settings of one call to retryInterceptor, which reads them.
type callOption struct {
	grpc.EmptyCallOption
	unaryCalls
	// retry replaces the client's retry policy for the call, when not nil.
	retry *RetryPolicy
	// waitForReady turns gRPC's wait-for-ready on for the call.
	waitForReady bool
}

func (c callOption) apply(o *callOptions) { o.grpc = append(o.grpc, c) }

// retryInterceptor retries the unary calls made on a client's connection under policy
// (nil: none), or the policy a [CallOption] of the call gives, and makes them wait for a
// ready connection (gRPC's own option) when waitForReady or a [WaitForReady] of the call
// says so. Unary calls only: a stream, without a deadline, would wait for ever.
func retryInterceptor(policy *RetryPolicy, waitForReady bool) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, conn *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		callPolicy, callWaits := policy, waitForReady
		for _, opt := range opts {
			if given, ok := opt.(callOption); ok {
				if given.retry != nil {
					callPolicy = given.retry
				}
				callWaits = callWaits || given.waitForReady
			}
		}
		if callWaits {
			opts = append(opts, grpc.WaitForReady(true))
		}
		attempt := func() error { return invoker(ctx, method, req, reply, conn, opts...) }
		if callPolicy == nil || !safeToRetry(method, req) {
			return attempt()
		}
		return callPolicy.withDefaults().run(ctx, conn, method, attempt)
	}
}

// safeToRetry tells whether a call may be made again after it failed: a read always, and
// a request that only checks (ValidateOnly: it stores nothing); a write only when its
// request carries a request id, which the server applies at most once.
func safeToRetry(method string, request any) bool {
	name := method[strings.LastIndex(method, "/")+1:]
	for _, read := range []string{"Get", "List", "Export"} {
		if strings.HasPrefix(name, read) {
			return true
		}
	}
	if check, ok := request.(interface{ GetValidateOnly() bool }); ok && check.GetValidateOnly() {
		return true
	}
	withID, ok := request.(interface{ GetRequestId() string })
	return ok && withID.GetRequestId() != ""
}

// run makes attempt until it succeeds, fails with another code than Unavailable, has been
// made p.MaxAttempts times, or the next wait would pass the call's deadline (without one,
// the retry budget); it returns the last attempt's error.
func (p RetryPolicy) run(ctx context.Context, conn *grpc.ClientConn, method string, attempt func() error) error {
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(retryBudgetWithoutDeadline)
	}
	for n := 1; ; n++ {
		err := attempt()
		if err == nil || status.Code(err) != codes.Unavailable || n >= p.MaxAttempts {
			return err
		}
		wait := p.backoff(n)
		if time.Until(deadline) < wait {
			return err
		}
		if p.OnRetry != nil {
			p.OnRetry(method, n+1, err, wait)
		}
		if !waitReconnecting(ctx, conn, wait) {
			return status.FromContextError(ctx.Err()).Err()
		}
	}
}

// waitReconnecting waits d, asking conn to reconnect at once whenever it is not ready (a
// connection that failed otherwise waits out gRPC's reconnect backoff, from 1 second up, and
// the next attempt would fail at once against a server that is back). It returns false when
// ctx ends first.
func waitReconnecting(ctx context.Context, conn *grpc.ClientConn, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	nudge := time.NewTicker(reconnectNudge)
	defer nudge.Stop()
	for {
		if conn.GetState() != connectivity.Ready {
			conn.ResetConnectBackoff()
			conn.Connect()
		}
		select {
		case <-ctx.Done():
			return false
		case <-timer.C:
			return true
		case <-nudge.C:
		}
	}
}
