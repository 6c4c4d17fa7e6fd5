//! Which answers are gzip-compressed. A client that accepts gzip is not thereby asking for
//! every answer compressed: most gRPC clients (grpc-js among them) advertise
//! `grpc-accept-encoding: gzip` on every call and cannot be told otherwise. Compressing a
//! small answer costs the server (and the client, inflating it) more than the bytes it
//! saves, so:
//!
//! - a unary answer is compressed only from [`COMPRESSED_FROM_BYTES`] encoded bytes (or
//!   what `tabula serve --compress-from` says)
//!   (`ListGames` pages, views of large boards, exported PGN); smaller ones go as they are;
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
/// the server is told otherwise (`--compress-from`). Below it, gzip's fixed cost dominates
/// and the saving is a few hundred bytes at most.
pub const COMPRESSED_FROM_BYTES: usize = 1024;

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
const STREAMING_METHODS: [&str; 2] = ["/StreamEvents", "/StreamSeriesEvents"];

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
