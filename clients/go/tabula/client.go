package tabula

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// DefaultTimeout is the deadline a unary call gets when its context has none: the calls of
// [Client] and those made through [Client.Stub] alike. Event streams get none. Change it
// per client with [WithDefaultTimeout], or per call with a context that has a deadline.
const DefaultTimeout = 30 * time.Second

// Client calls one Tabula server, as one credential (or as a spectator without one).
// It is safe for concurrent use; copies made by [Client.As] share its connection.
type Client struct {
	conn   *grpc.ClientConn
	caller caller
	stub   tabulav1.GameServiceClient
	owner  bool
}

type options struct {
	tls         *tls.Config
	caPEM       []byte
	credential  string
	timeout     time.Duration
	dialOptions []grpc.DialOption
	// retry is the unary calls' retry policy; nil retries nothing.
	retry        *RetryPolicy
	waitForReady bool
}

// Option configures [Dial] and [New].
type Option func(*options)

// WithTLS connects over TLS with the given configuration; nil uses the system roots.
// Without this option (or [WithCA]) the connection is plaintext, which suits a server on
// loopback only.
func WithTLS(config *tls.Config) Option {
	return func(o *options) {
		if config == nil {
			config = &tls.Config{MinVersion: tls.VersionTLS12}
		}
		o.tls = config
	}
}

// WithCA connects over TLS and trusts the server's certificate only when one of the CA
// certificates in caPEM (PEM, one or more) signed it: for a server whose certificate comes
// from a private CA. [Dial] and [New] fail when caPEM holds no certificate.
func WithCA(caPEM []byte) Option {
	return func(o *options) { o.caPEM = caPEM }
}

// WithCredential sends credential (a service key or a seat token) on every call as
// `authorization: Bearer <credential>`. Without it calls are made as a spectator.
func WithCredential(credential string) Option {
	return func(o *options) { o.credential = credential }
}

// WithDefaultTimeout sets the deadline of unary calls whose context has none (default
// [DefaultTimeout]); 0 leaves such calls without a deadline.
func WithDefaultTimeout(timeout time.Duration) Option {
	return func(o *options) { o.timeout = max(timeout, 0) }
}

// WithDialOptions passes extra options to grpc.NewClient (interceptors, keepalive, ...).
// An interceptor given here sees each call once, however often the client's retry policy
// makes it.
func WithDialOptions(dialOptions ...grpc.DialOption) Option {
	return func(o *options) { o.dialOptions = append(o.dialOptions, dialOptions...) }
}

// WithRetryPolicy retries the client's unary calls under policy instead of
// [DefaultRetryPolicy]: what is safe to retry, after code Unavailable (see [RetryPolicy]; a
// zero field takes its default). The calls of [Client.Stub] and of the clients made by
// [Client.As] follow it too. [Retry] and [NoRetry] set one call's.
func WithRetryPolicy(policy RetryPolicy) Option {
	return func(o *options) { o.retry = &policy }
}

// WithoutRetry makes every unary call of the client once: a call that fails with code
// Unavailable (a server restarting) returns that error at once. [Retry] still retries one
// call.
func WithoutRetry() Option {
	return func(o *options) { o.retry = nil }
}

// WithWaitForReady makes every unary call of the client wait, until its deadline, for a
// connection to be ready instead of failing at once with code Unavailable while there is
// none (gRPC's wait-for-ready; see [WaitForReady]). Off by default. Event streams, which have
// no deadline, wait on their own terms (see [StreamOption]).
func WithWaitForReady() Option {
	return func(o *options) { o.waitForReady = true }
}

// New makes a client of the server at address ("host:port") without connecting: the
// connection is made on the first call, and re-established by gRPC after a failure. Use
// [Dial] to know at once that the server is there.
func New(address string, opts ...Option) (*Client, error) {
	policy := DefaultRetryPolicy
	o := options{timeout: DefaultTimeout, retry: &policy}
	for _, opt := range opts {
		opt(&o)
	}
	transport := insecure.NewCredentials()
	switch {
	case o.caPEM != nil:
		config := o.tls.Clone()
		if config == nil {
			config = &tls.Config{MinVersion: tls.VersionTLS12}
		}
		config.RootCAs = x509.NewCertPool()
		if !config.RootCAs.AppendCertsFromPEM(o.caPEM) {
			return nil, errors.New("tabula: WithCA: no PEM certificate found")
		}
		transport = credentials.NewTLS(config)
	case o.tls != nil:
		transport = credentials.NewTLS(o.tls)
	}
	dialOptions := append([]grpc.DialOption{grpc.WithTransportCredentials(transport)}, o.dialOptions...)
	// Last in the chain, so the caller's own interceptors see one call, not its attempts.
	dialOptions = append(dialOptions, grpc.WithChainUnaryInterceptor(retryInterceptor(o.retry, o.waitForReady)))
	conn, err := grpc.NewClient(address, dialOptions...)
	if err != nil {
		return nil, fmt.Errorf("tabula: connect to %s: %w", address, err)
	}
	return newClient(conn, caller{conn: conn, credential: o.credential, timeout: o.timeout}, true), nil
}

// Dial connects to the server at address ("host:port") and returns once the connection is
// ready, or fails when ctx ends first (its error wraps ctx.Err()). The connection is
// re-established by gRPC after a later failure. [New] makes a client without waiting.
func Dial(ctx context.Context, address string, opts ...Option) (*Client, error) {
	client, err := New(address, opts...)
	if err != nil {
		return nil, err
	}
	conn := client.conn
	conn.Connect()
	for {
		state := conn.GetState()
		if state == connectivity.Ready {
			return client, nil
		}
		if !conn.WaitForStateChange(ctx, state) {
			_ = conn.Close()
			return nil, fmt.Errorf("tabula: connect to %s (connection %s): %w", address, state, ctx.Err())
		}
	}
}

func newClient(conn *grpc.ClientConn, c caller, owner bool) *Client {
	return &Client{conn: conn, caller: c, stub: tabulav1.NewGameServiceClient(c), owner: owner}
}

// As returns a client that shares this one's connection but calls with another
// credential; "" calls as a spectator. Closing it does not close the connection.
func (c *Client) As(credential string) *Client {
	next := c.caller
	next.credential = credential
	return newClient(c.conn, next, false)
}

// Close closes the connection, unless this client was made by [Client.As]: calls in flight
// and open event streams end with code Canceled, and later calls fail.
func (c *Client) Close() error {
	if !c.owner {
		return nil
	}
	return c.conn.Close()
}

// Stub is the generated stub, for calling the service directly with its own request and
// response messages. Its calls act as this client: they carry its credential, unary calls
// get the default deadline ([DefaultTimeout]) when their context has none, and they are
// retried under the client's retry policy ([RetryPolicy]); a [CallOption] ([NoRetry],
// [Retry], [WaitForReady]) is a grpc.CallOption that sets one stub call's. Turn its errors
// into an [*Error] with [ErrorFrom].
func (c *Client) Stub() tabulav1.GameServiceClient { return c.stub }

// caller is the connection as one client uses it: it adds the client's credential to every
// call and the default deadline to unary calls.
type caller struct {
	conn       *grpc.ClientConn
	credential string
	timeout    time.Duration
}

func (c caller) outgoing(ctx context.Context) context.Context {
	if c.credential == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.credential)
}

func (c caller) Invoke(ctx context.Context, method string, args, reply any, opts ...grpc.CallOption) error {
	if _, ok := ctx.Deadline(); !ok && c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	return c.conn.Invoke(c.outgoing(ctx), method, args, reply, opts...)
}

func (c caller) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	return c.conn.NewStream(c.outgoing(ctx), desc, method, opts...)
}
