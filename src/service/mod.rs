//! The gRPC layer: `tabula.v1.GameService`, the standard health service and server
//! reflection, over a [`Store`].

mod api;
mod auth;
pub mod compression;
pub mod convert;
pub mod error;
mod guard;
mod host;
pub mod metrics;
mod observe;
mod rate_limit;
pub mod transport;
mod web;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tonic::codec::CompressionEncoding;
use tonic::service::Routes;
use tonic_health::ServingStatus;

use crate::play::{
    CacheLimits, EVENT_CHANNEL_CAPACITY, Hub, MAX_EVENTS_PER_GAME, Settings, Store, TimeSource, default_threads,
};
use crate::proto::server::game_service_server::GameServiceServer;

pub use api::{
    DEFAULT_PAGE_SIZE, EncodedEvent, EncodedOwnerEvent, GameLimits, GameServiceImpl, MAX_GAME_ID_LEN, MAX_PAGE_SIZE,
    MAX_PRESET_LEN, MAX_REQUEST_ID_LEN,
};
pub use auth::{Authenticator, CLOCK_LEEWAY_SECS, JwtVerifier, MAX_CREDENTIAL_LEN, MIN_SECRET_LEN, ServiceKeys};
pub use error::{ApiError, ERROR_DOMAIN};
pub use host::AllowedHosts;
pub use rate_limit::RateLimit;
pub use transport::{ConnectionLimits, TlsIdentity};

/// Default largest request or response message, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// How often rate-limit buckets of callers gone quiet are dropped.
const RATE_LIMIT_SWEEP: Duration = Duration::from_secs(60);

/// What bounds the time and memory calls may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Largest request and response message, in bytes.
    pub max_message_bytes: usize,
    /// What bounds connections: deadlines, idle time, keepalive, counts, headers, streams.
    pub connections: ConnectionLimits,
    /// The caps the game handlers enforce.
    pub game: GameLimits,
    /// The longest any call may run before it is answered `DEADLINE_EXCEEDED`; a client's
    /// shorter deadline wins.
    pub longest_call: Duration,
    /// Calls per caller (a seat, a service key, or the peer address of calls without a
    /// valid credential); `None` turns limiting off.
    pub rate_limit: Option<RateLimit>,
    /// Threads for searches (hints): searches that may run at once, each on a thread of
    /// its own, more refused; an analysis also takes free ones, up to half of them.
    pub search_threads: usize,
    /// Bots that may think at once, each on its own thread; more wait for a place.
    pub bot_threads: usize,
    /// Events one game's log may hold; past it only a turn that ends the game is taken.
    pub max_events_per_game: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: MAX_MESSAGE_BYTES,
            connections: ConnectionLimits::default(),
            game: GameLimits::default(),
            longest_call: Duration::from_secs(30),
            // Off unless asked for: one address on loopback (tests, a co-located lobby)
            // legitimately makes thousands of spectator calls a second.
            rate_limit: None,
            search_threads: default_threads(),
            bot_threads: default_threads(),
            max_events_per_game: MAX_EVENTS_PER_GAME,
        }
    }
}

/// Tuning knobs of the server; [`ServeOptions::default`] is what `tabula serve` uses.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Events a game's channel holds for its slowest subscriber before that subscriber's
    /// stream is ended with `STREAM_LAGGED`.
    pub event_channel_capacity: usize,
    /// Games kept in memory, in number and in bytes; idle games beyond either are dropped
    /// and reload when used.
    pub cache: CacheLimits,
    /// The service keys and signed-credential key the server trusts.
    pub auth: Authenticator,
    /// Caps on calls.
    pub limits: Limits,
    /// Serve over TLS with this certificate chain and key.
    pub tls: Option<TlsIdentity>,
    /// The host names requests may name; see [`AllowedHosts`] and [`allowed_hosts`].
    pub allowed_hosts: AllowedHosts,
    /// How long calls in flight may take to finish once shutdown begins.
    pub shutdown_grace: Duration,
    /// Where the time comes from: the system's clock, or a hand-moved one in tests.
    pub time: TimeSource,
    /// Count and time every call ([`metrics::record_call`]), for a process that serves its
    /// metrics.
    pub call_metrics: bool,
    /// Read each caller's W3C trace context so that its call's span continues the caller's
    /// trace, for a process that exports its spans.
    pub call_traces: bool,
    /// Serve the web page on the same port, and gRPC-web for it beside gRPC.
    pub web: bool,
    /// Unary answers from this many encoded bytes are gzip-compressed for clients that
    /// accept gzip (0: every answer); see [`compression`].
    pub compressed_from_bytes: usize,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            event_channel_capacity: EVENT_CHANNEL_CAPACITY,
            cache: CacheLimits::default(),
            auth: Authenticator::default(),
            limits: Limits::default(),
            tls: None,
            allowed_hosts: AllowedHosts::Any,
            shutdown_grace: Duration::from_secs(10),
            time: TimeSource::System,
            call_metrics: false,
            call_traces: false,
            web: true,
            compressed_from_bytes: compression::COMPRESSED_FROM_BYTES,
        }
    }
}

/// Refuses to serve beyond loopback without a service key: with none configured, anyone
/// who can connect could create, list and delete games.
///
/// # Errors
/// A message for the operator naming the fix.
pub fn check_exposure(address: SocketAddr, options: &ServeOptions) -> Result<(), String> {
    if address.ip().is_loopback() || !options.auth.service_keys.is_empty() {
        return Ok(());
    }
    Err(format!(
        "refusing to listen on {address} without a service key: configure one with --service-key NAME=SECRET \
         (or TABULA_SERVICE_KEYS), or listen on a loopback address such as 127.0.0.1"
    ))
}

/// The host names a server at `address` answers for: on loopback without service keys,
/// only loopback names and addresses and the `extra` names given (`*` among them allows
/// any), so that a page on another site cannot reach it through DNS rebinding; any
/// otherwise (see [`AllowedHosts`]).
pub fn allowed_hosts(address: SocketAddr, auth: &Authenticator, extra: &[String]) -> AllowedHosts {
    if !address.ip().is_loopback() || !auth.service_keys.is_empty() || extra.iter().any(|name| name == "*") {
        return AllowedHosts::Any;
    }
    AllowedHosts::Loopback(extra.iter().map(|name| name.to_ascii_lowercase()).collect())
}

/// Serves every service on `listener` until `shutdown` completes, then drains: the
/// listening socket closes (new connections are refused at once), health turns
/// NOT_SERVING, event streams end with `SHUTTING_DOWN`, and calls in flight get
/// `options.shutdown_grace` to finish before their connections are closed.
///
/// # Errors
/// When the listener's address cannot be read.
pub async fn serve(
    listener: TcpListener,
    store: Arc<dyn Store>,
    options: ServeOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with_metrics(listener, store, options, None, shutdown).await
}

/// [`serve`], and with `metrics` the Prometheus endpoint on its listener too (see
/// [`metrics::serve`]), for as long as the process runs.
///
/// # Errors
/// When the listener's address cannot be read.
pub async fn serve_with_metrics(
    listener: TcpListener,
    store: Arc<dyn Store>,
    options: ServeOptions,
    metrics: Option<(TcpListener, metrics_exporter_prometheus::PrometheusHandle)>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    health_reporter.set_serving::<GameServiceServer<GameServiceImpl>>().await;

    // The error details (`google.rpc.ErrorInfo`, `BadRequest`) are served too, so that a
    // reflection client such as grpcurl prints them decoded rather than as bytes.
    let descriptors = [
        crate::proto::FILE_DESCRIPTOR_SET,
        tonic_health::pb::FILE_DESCRIPTOR_SET,
        tonic_types::pb::FILE_DESCRIPTOR_SET,
    ];
    let reflection_v1 = descriptors
        .iter()
        .fold(tonic_reflection::server::Builder::configure(), |builder, set| {
            builder.register_encoded_file_descriptor_set(set)
        })
        .build_v1()
        .expect("the embedded descriptor sets are valid");
    let reflection_v1alpha = descriptors
        .iter()
        .fold(tonic_reflection::server::Builder::configure(), |builder, set| {
            builder.register_encoded_file_descriptor_set(set)
        })
        .build_v1alpha()
        .expect("the embedded descriptor sets are valid");

    let limits = options.limits;
    let (stop_streams, streams_stopped) = watch::channel(false);
    let settings = Settings {
        event_channel_capacity: options.event_channel_capacity,
        cache: options.cache,
        bot_threads: limits.bot_threads,
        search_threads: limits.search_threads,
        max_events_per_game: limits.max_events_per_game,
        time: options.time,
    };
    let hub = Hub::new(store, settings);
    if let Some((listener, handle)) = metrics {
        let hub = hub.clone();
        tokio::spawn(async move {
            if let Err(error) = metrics::serve(listener, handle, hub).await {
                tracing::error!(%error, "the metrics endpoint stopped");
            }
        });
    }
    let limiter = limits.rate_limit.map(|limit| Arc::new(rate_limit::CallLimiter::new(limit)));
    let service = GameServiceImpl::new(hub, streams_stopped, Arc::new(options.auth), limits.game)
        .with_rate_limiter(limiter.clone())
        .with_compression_from(options.compressed_from_bytes);
    let game_service = GameServiceServer::new(service)
        .max_decoding_message_size(limits.max_message_bytes)
        .max_encoding_message_size(limits.max_message_bytes)
        // gRPC clients commonly compress requests with gzip; answers are compressed only
        // for clients that accept it, and only where it pays (`compression`).
        .accept_compressed(CompressionEncoding::Gzip)
        .send_compressed(CompressionEncoding::Gzip);
    let sweeper = limiter.clone().map(|limiter| {
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(RATE_LIMIT_SWEEP).await;
                limiter.forget_idle();
            }
        })
    });
    let game_service = compression::UncompressedStreams::new(game_service);
    let game_service = guard::Guard::new(game_service, limits.longest_call, limits.max_message_bytes);
    let game_service = observe::Observe::new(game_service, options.call_metrics, options.call_traces);

    let drain = async move {
        shutdown.await;
        tracing::info!("shutting down: draining calls and streams");
        health_reporter.set_not_serving::<GameServiceServer<GameServiceImpl>>().await;
        health_reporter.set_service_status("", ServingStatus::NotServing).await;
        let _ = stop_streams.send(true);
    };

    let routes = Routes::new(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(game_service);
    // The page's browser speaks HTTP/1.1 as well as HTTP/2, and gRPC-web.
    let routes = if options.web { web::with_page(routes) } else { web::without_page(routes) };
    let service = host::HostCheck::new(routes.prepare(), options.allowed_hosts);
    let transport = transport::Transport {
        limits: limits.connections,
        http1: options.web,
        tls: options.tls,
        grace: options.shutdown_grace,
    };
    let result = transport::serve(listener, service, transport, drain).await;
    if let Some(sweeper) = sweeper {
        sweeper.abort();
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_is_served_without_a_service_key() {
        let mut options = ServeOptions::default();
        assert!(check_exposure("127.0.0.1:50051".parse().unwrap(), &options).is_ok());
        assert!(check_exposure("[::1]:50051".parse().unwrap(), &options).is_ok());
        let error = check_exposure("0.0.0.0:50051".parse().unwrap(), &options).unwrap_err();
        assert!(error.contains("--service-key"), "{error}");
        options.auth.service_keys = ServiceKeys::parse(["lobby=0123456789abcdef"]).unwrap();
        assert!(check_exposure("0.0.0.0:50051".parse().unwrap(), &options).is_ok());
    }
}
