//! Connections: accepting them, serving each with hyper on a task of its own (HTTP/2, and
//! HTTP/1.1 when the web page is served), and bounding what a connection may hold, so that
//! no peer can tie the server up without making calls.
//!
//! What bounds a connection ([`ConnectionLimits`]):
//! - it must finish its TLS handshake, its HTTP/2 preface or its HTTP/1.1 request line, and
//!   the headers of its first call within the handshake deadline, or it is closed; over
//!   HTTP/1.1 the headers of every later request are held to the same deadline;
//! - once it has no call in flight it is closed after the idle timeout (gracefully: HTTP/2
//!   `GOAWAY`, which gRPC clients answer by reconnecting when they next call);
//! - HTTP/2 keepalive pings go out when it has been quiet, and a peer that does not answer
//!   one in time is dropped, so a dead peer does not hold its connection either;
//! - request headers: the same 64 KiB over HTTP/1.1 as over HTTP/2;
//! - at most so many connections from one peer address and so many in all (kept below the
//!   process's open-file limit): a connection beyond either is closed as soon as it is
//!   accepted, before anything is read from it, so that a flood from one address never
//!   takes the sockets every other caller (and the health check) needs.
//!
//! Draining: once the shutdown signal completes, the listening socket is closed at once (new
//! connections are refused, so clients go elsewhere instead of waiting), every connection is
//! asked to finish gracefully, and after the grace period those still open are closed.

mod activity;
mod peers;
mod tls;

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;
use tonic::body::Body;
use tonic::codegen::http::{Request, Response};
use tonic::transport::server::TcpConnectInfo;
use tower::{Service, ServiceExt};

use self::activity::Activity;
use self::peers::{Peers, Slot};
pub use self::tls::TlsIdentity;
use super::metrics::CONNECTIONS_CLOSED;

/// What bounds the server's connections; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The longest a connection may take to complete its handshakes and send its first
    /// call's headers (and, over HTTP/1.1, each request's headers).
    pub handshake: Duration,
    /// How long a connection with no call in flight stays open.
    pub idle: Duration,
    /// How long an HTTP/2 connection may be quiet before the server pings it.
    pub keepalive_interval: Duration,
    /// How long the server waits for the answer to its ping before it drops the peer.
    pub keepalive_timeout: Duration,
    /// Connections open at once, from every peer together.
    pub max_connections: usize,
    /// Connections open at once from one peer address.
    pub max_per_address: usize,
    /// The largest block of request headers, in bytes, over either protocol.
    pub max_header_bytes: u32,
    /// Calls and streams one HTTP/2 connection may have open at once; further ones wait.
    pub max_streams: u32,
}

/// The largest block of request headers accepted by default (HTTP/2
/// `SETTINGS_MAX_HEADER_LIST_SIZE`, and HTTP/1.1's read buffer), in bytes: well above the
/// credential cap, so that an over-long credential is refused with `INVALID_CREDENTIAL`
/// rather than by the transport.
pub const MAX_HEADER_BYTES: u32 = 64 * 1024;

/// Connections open at once by default, when the process's open-file limit allows as many.
pub const MAX_CONNECTIONS: usize = 10_000;
/// Connections open at once from one peer address by default.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 256;
/// Open files the process keeps for itself beside its connections (the store's files and
/// connections, the listeners, the runtime's own), at most half of its limit.
const RESERVED_FILES: u64 = 128;

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            handshake: Duration::from_secs(10),
            idle: Duration::from_secs(300),
            keepalive_interval: Duration::from_secs(60),
            keepalive_timeout: Duration::from_secs(20),
            max_connections: MAX_CONNECTIONS,
            max_per_address: MAX_CONNECTIONS_PER_ADDRESS,
            max_header_bytes: MAX_HEADER_BYTES,
            max_streams: 100,
        }
    }
}

impl ConnectionLimits {
    /// These limits with `max_connections` brought under a process that may hold
    /// `open_files` files: its own [`RESERVED_FILES`] (or half the limit, if smaller) stay
    /// free for what is not a connection.
    pub fn within_open_files(self, open_files: u64) -> ConnectionLimits {
        let room = open_files.saturating_sub(RESERVED_FILES.min(open_files / 2)).max(1);
        let max_connections = self.max_connections.min(usize::try_from(room).unwrap_or(usize::MAX));
        ConnectionLimits { max_connections, max_per_address: self.max_per_address.min(max_connections), ..self }
    }
}

/// How connections are served.
pub struct Transport {
    /// Their bounds.
    pub limits: ConnectionLimits,
    /// Whether HTTP/1.1 is served beside HTTP/2.
    pub http1: bool,
    /// Serve over TLS with this identity.
    pub tls: Option<TlsIdentity>,
    /// How long connections may take to finish once the shutdown signal completes.
    pub grace: Duration,
}

/// Serves `service` on every connection `listener` accepts, as `transport` says, until
/// `shutdown` completes; then drains (see the module documentation).
///
/// # Errors
/// None today: a failed accept (out of file descriptors, say) is logged and retried.
pub async fn serve<S>(
    listener: TcpListener,
    service: S,
    transport: Transport,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()>
where
    S: Service<Request<Body>, Response = Response<Body>, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let Transport { limits, http1, tls, grace } = transport;
    let local = listener.local_addr()?;
    let acceptor = tls.map(|identity| identity.acceptor(http1));
    let builder = Arc::new(builder(&limits, http1));
    let peers = Peers::new(limits.max_connections, limits.max_per_address);
    let (drain, draining) = watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    Err(error) => {
                        // Out of file descriptors, most likely: the connections holding them
                        // end by the limits above, so wait a moment rather than spin.
                        tracing::warn!(%error, "could not accept a connection");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Some(slot) = peers.admit(peer.ip()) else {
                    // Closed before anything is read from it.
                    drop(stream);
                    continue;
                };
                let connection = Connection {
                    peer,
                    local,
                    slot,
                    limits,
                    builder: builder.clone(),
                    service: service.clone(),
                    draining: draining.clone(),
                };
                let acceptor = acceptor.clone();
                connections.spawn(async move { connection.serve(stream, acceptor).await });
            }
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
    // Closed at once: new connections are refused rather than left waiting.
    drop(listener);
    let _ = drain.send(true);
    let all_closed = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(grace, all_closed).await.is_err() {
        tracing::warn!(?grace, "calls still in flight when the shutdown grace period ended; closing their connections");
        connections.abort_all();
    }
    Ok(())
}

/// The hyper settings every connection is served with.
fn builder(limits: &ConnectionLimits, http1: bool) -> Builder<TokioExecutor> {
    let mut builder = Builder::new(TokioExecutor::new());
    if !http1 {
        builder = builder.http2_only();
    }
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.handshake)
        // hyper refuses headers that do not fit its read buffer with 431, as HTTP/2 does
        // beyond its header list size.
        .max_buf_size((limits.max_header_bytes as usize).max(8192));
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(limits.max_streams)
        .max_header_list_size(limits.max_header_bytes)
        .keep_alive_interval(limits.keepalive_interval)
        .keep_alive_timeout(limits.keepalive_timeout);
    builder
}

/// One accepted connection and what serving it needs.
struct Connection<S> {
    peer: SocketAddr,
    local: SocketAddr,
    /// Its place among the open connections, given back when it closes.
    slot: Slot,
    limits: ConnectionLimits,
    builder: Arc<Builder<TokioExecutor>>,
    service: S,
    draining: watch::Receiver<bool>,
}

impl<S> Connection<S>
where
    S: Service<Request<Body>, Response = Response<Body>, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    /// Serves the connection over `stream` (through TLS with `acceptor`) until it closes or
    /// a limit closes it.
    async fn serve(self, stream: TcpStream, acceptor: Option<tokio_rustls::TlsAcceptor>) {
        // Small request and reply messages: without TCP_NODELAY each reply can wait on a
        // delayed acknowledgement.
        let _ = stream.set_nodelay(true);
        let handshake = tokio::time::Instant::now() + self.limits.handshake;
        match acceptor {
            None => self.serve_io(stream, handshake).await,
            Some(acceptor) => match tokio::time::timeout_at(handshake, acceptor.accept(stream)).await {
                Ok(Ok(tls)) => self.serve_io(tls, handshake).await,
                Ok(Err(error)) => tracing::debug!(peer = %self.peer, %error, "a TLS handshake failed"),
                Err(_) => closed("handshake"),
            },
        }
    }

    async fn serve_io<I>(self, io: I, handshake: tokio::time::Instant)
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let Connection { peer, local, slot, limits, builder, service, mut draining } = self;
        let _slot = slot;
        let activity = Activity::new();
        let info = TcpConnectInfo { local_addr: Some(local), remote_addr: Some(peer) };
        let calls = activity.clone();
        let handler = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            let call = calls.begin();
            request.extensions_mut().insert(info.clone());
            let answer = service.clone().oneshot(request.map(Body::new));
            async move {
                let Ok(response) = answer.await;
                // The call lasts until its answer's body is done (a stream, until it ends).
                Ok::<_, Infallible>(response.map(|body| call.until_done(body)))
            }
        });
        let connection = builder.serve_connection(TokioIo::new(io), handler);
        tokio::pin!(connection);
        let (mut closing, mut dropped_at) = (false, None);
        loop {
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(error) = result {
                        tracing::debug!(%peer, %error, "a connection ended with an error");
                    }
                    return;
                }
                why = activity.expired(handshake, limits.idle), if !closing => {
                    closed(why);
                    // A peer that never made a call gets no goodbye: it may not even have
                    // finished its preface.
                    if why == "handshake" {
                        return;
                    }
                    closing = true;
                    // Nothing is in flight: a peer that does not take the graceful close (it
                    // reads nothing) is dropped soon after.
                    dropped_at = Some(tokio::time::Instant::now() + limits.keepalive_timeout);
                    connection.as_mut().graceful_shutdown();
                }
                // Calls in flight finish; the drain's grace period bounds them.
                _ = draining.wait_for(|draining| *draining), if !closing => {
                    closing = true;
                    connection.as_mut().graceful_shutdown();
                }
                () = sleep_until(dropped_at) => return,
            }
        }
    }
}

/// Completes at `at`; never without one.
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Counts a connection the server closed for `why` (`handshake` or `idle`).
fn closed(why: &'static str) {
    metrics::counter!(CONNECTIONS_CLOSED, "reason" => why).increment(1);
}
