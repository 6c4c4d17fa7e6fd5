package tabula

import (
	"context"
	"crypto/tls"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// Client calls one Tabula server, as one credential (or as a spectator without one).
// It is safe for concurrent use; copies made by [Client.As] share its connection.
type Client struct {
	conn       *grpc.ClientConn
	stub       tabulav1.GameServiceClient
	credential string
	owner      bool
}

type options struct {
	tls         *tls.Config
	credential  string
	dialOptions []grpc.DialOption
}

// Option configures [Dial].
type Option func(*options)

// WithTLS connects over TLS with the given configuration; nil uses the system roots.
// Without this option the connection is plaintext, which suits a server on loopback only.
func WithTLS(config *tls.Config) Option {
	return func(o *options) {
		if config == nil {
			config = &tls.Config{MinVersion: tls.VersionTLS12}
		}
		o.tls = config
	}
}

// WithCredential sends credential (a service key or a seat token) on every call as
// `authorization: Bearer <credential>`. Without it calls are made as a spectator.
func WithCredential(credential string) Option {
	return func(o *options) { o.credential = credential }
}

// WithDialOptions passes extra options to grpc.NewClient (interceptors, keepalive, ...).
func WithDialOptions(dialOptions ...grpc.DialOption) Option {
	return func(o *options) { o.dialOptions = append(o.dialOptions, dialOptions...) }
}

// Dial connects to the server at address ("host:port"). The connection is made lazily,
// on the first call, and re-established by gRPC after a failure.
func Dial(address string, opts ...Option) (*Client, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	transport := insecure.NewCredentials()
	if o.tls != nil {
		transport = credentials.NewTLS(o.tls)
	}
	dialOptions := append([]grpc.DialOption{grpc.WithTransportCredentials(transport)}, o.dialOptions...)
	conn, err := grpc.NewClient(address, dialOptions...)
	if err != nil {
		return nil, fmt.Errorf("tabula: connect to %s: %w", address, err)
	}
	return &Client{conn: conn, stub: tabulav1.NewGameServiceClient(conn), credential: o.credential, owner: true}, nil
}

// As returns a client that shares this one's connection but calls with another
// credential; "" calls as a spectator. Closing it does not close the connection.
func (c *Client) As(credential string) *Client {
	return &Client{conn: c.conn, stub: c.stub, credential: credential}
}

// Close closes the connection, unless this client was made by [Client.As].
func (c *Client) Close() error {
	if !c.owner {
		return nil
	}
	return c.conn.Close()
}

// Stub is the generated stub, for calls this package does not wrap. Its calls carry no
// credential unless the context does; see [Client.Context].
func (c *Client) Stub() tabulav1.GameServiceClient { return c.stub }

// Context returns ctx carrying this client's credential, for calls made through [Client.Stub].
func (c *Client) Context(ctx context.Context) context.Context {
	if c.credential == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.credential)
}

// ListGameKinds lists every game kind the server hosts, with defaults and presets.
func (c *Client) ListGameKinds(ctx context.Context) ([]*tabulav1.GameKindInfo, error) {
	response, err := c.stub.ListGameKinds(c.Context(ctx), &tabulav1.ListGameKindsRequest{})
	if err != nil {
		return nil, fromStatus(err)
	}
	return response.GetKinds(), nil
}

// ManageOption refines the calls that manage a game with a service key:
// [Client.CreateFromPreset], [Client.CreateFromConfig], [Client.AbortGame] and
// [Client.AdjudicateGame].
type ManageOption func(*manageOptions)

type manageOptions struct {
	requestID string
}

// ManageRequestID makes a retried managing call safe (at most 128 characters). A retried
// creation with the same service key, id and request answers with the game the first one
// made and [tabulav1.CreateGameResponse.GetRetried] true: with new seat tokens while nothing
// has happened in the game (the first answer's tokens then stop working), with none after.
// A retried abort or adjudication answers as the first did. The same id with another
// request fails with reason REQUEST_ID_REUSED.
func ManageRequestID(id string) ManageOption {
	return func(o *manageOptions) { o.requestID = id }
}

func manage(opts []ManageOption) manageOptions {
	var o manageOptions
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// CreateFromPreset creates a game of kind from one of its named presets. The response holds
// the seat tokens, which the server shows only this once.
func (c *Client) CreateFromPreset(ctx context.Context, kind tabulav1.GameKind, preset string, opts ...ManageOption) (*tabulav1.CreateGameResponse, error) {
	return c.create(ctx, &tabulav1.CreateGameRequest{Kind: kind, Source: &tabulav1.CreateGameRequest_Preset{Preset: preset}}, opts)
}

// CreateFromConfig creates a game from a full configuration; zero fields take their defaults.
func (c *Client) CreateFromConfig(ctx context.Context, config *tabulav1.GameConfig, opts ...ManageOption) (*tabulav1.CreateGameResponse, error) {
	return c.create(ctx, &tabulav1.CreateGameRequest{Source: &tabulav1.CreateGameRequest_Config{Config: config}}, opts)
}

func (c *Client) create(ctx context.Context, request *tabulav1.CreateGameRequest, opts []ManageOption) (*tabulav1.CreateGameResponse, error) {
	request.RequestId = manage(opts).requestID
	response, err := c.stub.CreateGame(c.Context(ctx), request)
	if err != nil {
		return nil, fromStatus(err)
	}
	return response, nil
}

// GetGame returns a game's public summary.
func (c *Client) GetGame(ctx context.Context, gameID string) (*tabulav1.Game, error) {
	response, err := c.stub.GetGame(c.Context(ctx), &tabulav1.GetGameRequest{GameId: gameID})
	if err != nil {
		return nil, fromStatus(err)
	}
	return response.GetGame(), nil
}

// GetView returns the game as this client's credential may see it.
func (c *Client) GetView(ctx context.Context, gameID string) (*tabulav1.View, error) {
	response, err := c.stub.GetView(c.Context(ctx), &tabulav1.GetViewRequest{GameId: gameID})
	if err != nil {
		return nil, fromStatus(err)
	}
	return response.GetView(), nil
}

// LegalMoves lists the moves seat may make now; seat 0 means the caller's own seat.
func (c *Client) LegalMoves(ctx context.Context, gameID string, seat uint32) (*tabulav1.ListLegalMovesResponse, error) {
	response, err := c.stub.ListLegalMoves(c.Context(ctx), &tabulav1.ListLegalMovesRequest{GameId: gameID, Seat: seat})
	if err != nil {
		return nil, fromStatus(err)
	}
	return response, nil
}

// SubmitOption refines [Client.Submit].
type SubmitOption func(*tabulav1.SubmitMoveRequest)

// ExpectedSeq applies the move only if the game's newest event still has this sequence
// number; otherwise the call fails with reason STALE_SEQ.
func ExpectedSeq(seq uint64) SubmitOption {
	return func(r *tabulav1.SubmitMoveRequest) { r.ExpectedSeq = &seq }
}

// RequestID makes a retried submission safe: the server applies a request id at most once.
func RequestID(id string) SubmitOption {
	return func(r *tabulav1.SubmitMoveRequest) { r.RequestId = id }
}

// ValidateOnly checks the move without applying it.
func ValidateOnly() SubmitOption {
	return func(r *tabulav1.SubmitMoveRequest) { r.ValidateOnly = true }
}

// Submit plays move as this client's seat. Build move with the constructors of this package
// ([DropDisc], [PlaceMark], [MovePiece], [ShiftGrid], [CapturePiece], [FireShot], [PassTurn],
// [ConfirmReady], [DrawAction], ...).
func (c *Client) Submit(ctx context.Context, gameID string, move *tabulav1.Move, opts ...SubmitOption) (*tabulav1.SubmitMoveResponse, error) {
	request := &tabulav1.SubmitMoveRequest{GameId: gameID, Move: move}
	for _, opt := range opts {
		opt(request)
	}
	response, err := c.stub.SubmitMove(c.Context(ctx), request)
	if err != nil {
		return nil, fromStatus(err)
	}
	return response, nil
}

// Resign resigns this client's seat; the game ends.
func (c *Client) Resign(ctx context.Context, gameID string) (*tabulav1.ResignResponse, error) {
	response, err := c.stub.Resign(c.Context(ctx), &tabulav1.ResignRequest{GameId: gameID})
	if err != nil {
		return nil, fromStatus(err)
	}
	return response, nil
}

// AbortGame calls a game in progress off with no result (OUTCOME_TYPE_NO_RESULT,
// END_REASON_ABORTED), for example when a player never showed up, and returns the finished
// game. It needs a service key, an explanation for people (at most 500 characters) and a
// game in which no seat has moved twice yet: afterwards it fails with reason
// TOO_LATE_TO_ABORT (adjudicate instead), and on a finished game with GAME_OVER.
func (c *Client) AbortGame(ctx context.Context, gameID, explanation string, opts ...ManageOption) (*tabulav1.Game, error) {
	request := &tabulav1.AbortGameRequest{GameId: gameID, Explanation: explanation, RequestId: manage(opts).requestID}
	response, err := c.stub.AbortGame(c.Context(ctx), request)
	if err != nil {
		return nil, fromStatus(err)
	}
	return response.GetGame(), nil
}

// AdjudicateGame decides a game in progress from outside the board, at any time
// (END_REASON_ADJUDICATION), and returns the finished game: result is
// OUTCOME_TYPE_WIN with the winning seat (from 1), or OUTCOME_TYPE_DRAW with winner 0. It
// needs a service key and an explanation for people (at most 500 characters); on a finished
// game it fails with reason GAME_OVER.
func (c *Client) AdjudicateGame(
	ctx context.Context, gameID string, result tabulav1.OutcomeType, winner uint32, explanation string, opts ...ManageOption,
) (*tabulav1.Game, error) {
	request := &tabulav1.AdjudicateGameRequest{
		GameId:      gameID,
		Result:      result,
		Winner:      winner,
		Explanation: explanation,
		RequestId:   manage(opts).requestID,
	}
	response, err := c.stub.AdjudicateGame(c.Context(ctx), request)
	if err != nil {
		return nil, fromStatus(err)
	}
	return response.GetGame(), nil
}
