//! The gRPC layer: `tabula.v1.GameService`, the standard health service and server
//! reflection, over a [`Store`].

mod auth;
pub mod convert;
pub mod error;
mod handlers;
mod live;
mod stream;

use std::future::Future;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;

use crate::proto::tabula::v1::game_service_server::GameServiceServer;
use crate::store::Store;

pub use error::{ApiError, ERROR_DOMAIN};
pub use handlers::{DEFAULT_PAGE_SIZE, GameServiceImpl, MAX_GAME_ID_LEN, MAX_PAGE_SIZE, MAX_REQUEST_ID_LEN};
pub use live::{CACHED_GAMES, EVENT_CHANNEL_CAPACITY, Hub, SNAPSHOT_EVERY};

/// Largest request or response message, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// Tuning knobs of the server; [`ServeOptions::default`] is what `tabula serve` uses.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Events a game's channel holds for its slowest subscriber before that subscriber's
    /// stream is ended with `STREAM_LAGGED`.
    pub event_channel_capacity: usize,
    /// Games kept in memory; idle games beyond it are dropped and reload when used.
    pub cached_games: usize,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions { event_channel_capacity: EVENT_CHANNEL_CAPACITY, cached_games: CACHED_GAMES }
    }
}

/// Serves every service on `listener` until `shutdown` completes, then drains: health
/// turns NOT_SERVING, event streams end with `SHUTTING_DOWN`, new connections are refused
/// and calls in flight finish.
pub async fn serve(
    listener: TcpListener,
    store: Arc<dyn Store>,
    options: ServeOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    health_reporter.set_serving::<GameServiceServer<GameServiceImpl>>().await;

    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(crate::proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()
        .expect("the embedded descriptor sets are valid");
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(crate::proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()
        .expect("the embedded descriptor sets are valid");

    let (stop_streams, streams_stopped) = watch::channel(false);
    let service = GameServiceImpl::new(Hub::new(store, options.event_channel_capacity, options.cached_games), streams_stopped);
    let game_service = GameServiceServer::new(service)
        .max_decoding_message_size(MAX_MESSAGE_BYTES)
        .max_encoding_message_size(MAX_MESSAGE_BYTES);

    let drain = async move {
        shutdown.await;
        tracing::info!("shutting down: draining calls and streams");
        health_reporter.set_not_serving::<GameServiceServer<GameServiceImpl>>().await;
        let _ = stop_streams.send(true);
    };

    Server::builder()
        .add_service(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(game_service)
        // Small request and reply messages: without TCP_NODELAY each reply can wait on a
        // delayed acknowledgement.
        .serve_with_incoming_shutdown(TcpIncoming::from(listener).with_nodelay(Some(true)), drain)
        .await
}
