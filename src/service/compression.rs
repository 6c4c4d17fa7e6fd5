//! Which answers are gzip-compressed. A client that accepts gzip is not thereby asking for
//! every answer compressed: most gRPC clients (grpc-js among them) advertise
//! `grpc-accept-encoding: gzip` on every call and cannot be told otherwise. Compressing a
//! small answer costs the server (and the client, inflating it) more than the bytes it
//! saves, so:
//!
//! - a unary answer is compressed only from [`COMPRESSED_FROM_BYTES`] encoded bytes (or
//!   what `tabula serve --compress-from` says)
//!   (pages of `ListGames`, exported PGN); smaller ones (a move's answer, a view) go as they
//!   are;
//! - event streams are never compressed: each delivery is one encoding shared by every
//!   subscriber, and compressing it would be work per subscriber and per event.
//!
//! Requests may always come compressed with gzip.

use std::task::{Context, Poll};

use tonic::Response;
use tonic::codec::SingleMessageCompressionOverride;
use tonic::codegen::Service;
use tonic::codegen::http;
use tonic::server::NamedService;

/// The size from which a unary answer is compressed for a client that accepts gzip, unless
/// the server is told otherwise (`--compress-from`): pages of lists and exported games,
/// not a move's answer. `tabula bench --accept-gzip` measured compressing the 1 to 2.5 KB
/// answers of 19×19 moves at some 55 µs of server CPU a move, half again what the move
/// costs uncompressed, to save about a kilobyte on the wire.
pub const COMPRESSED_FROM_BYTES: usize = 16 * 1024;

/// `message` as a unary answer, marked to go uncompressed when it is smaller than
/// `compressed_from` encoded bytes.
pub fn unary_answer<M: prost::Message>(message: M, compressed_from: usize) -> Response<M> {
    let small = message.encoded_len() < compressed_from;
    let mut response = Response::new(message);
    if small {
        response.extensions_mut().insert(SingleMessageCompressionOverride::Disable);
    }
    response
}

/// The methods whose answers are streams, by path suffix.
const STREAMING_METHODS: [&str; 3] = ["/StreamEvents", "/StreamSeriesEvents", "/StreamOwnerEvents"];

/// Wraps a gRPC service so that its streams are never compressed: a streaming call's
/// `grpc-accept-encoding` is dropped before the runtime reads it (tonic compresses a stream
/// whole or not at all).
#[derive(Clone)]
pub struct UncompressedStreams<S> {
    inner: S,
}

impl<S> UncompressedStreams<S> {
    /// `inner`, its streams uncompressed.
    pub fn new(inner: S) -> UncompressedStreams<S> {
        UncompressedStreams { inner }
    }
}

impl<S: NamedService> NamedService for UncompressedStreams<S> {
    const NAME: &'static str = S::NAME;
}

impl<S, B> Service<http::Request<B>> for UncompressedStreams<S>
where
    S: Service<http::Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> S::Future {
        let path = request.uri().path();
        if STREAMING_METHODS.iter().any(|method| path.ends_with(method)) {
            request.headers_mut().remove("grpc-accept-encoding");
        }
        self.inner.call(request)
    }
}
