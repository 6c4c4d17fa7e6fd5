//! A `tracing` span around every `GameService` call: its method, and, once the handler
//! knows them, the game (or series) it names and who called, so that every log line a
//! call writes carries them (as fields of their own in JSON logs).

use std::convert::Infallible;
use std::task::{Context, Poll};

use tonic::body::Body;
use tonic::codegen::{BoxFuture, Service, http};
use tonic::server::NamedService;
use tracing::Instrument;
use tracing::field::Empty;

/// Opens a span for each call of the service it wraps.
#[derive(Clone)]
pub struct CallSpan<S> {
    inner: S,
}

impl<S> CallSpan<S> {
    /// `inner`, each call in a span of its own.
    pub fn new(inner: S) -> CallSpan<S> {
        CallSpan { inner }
    }
}

impl<S: NamedService> NamedService for CallSpan<S> {
    const NAME: &'static str = S::NAME;
}

impl<S> Service<http::Request<Body>> for CallSpan<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible> + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future = BoxFuture<http::Response<Body>, Infallible>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let method = request.uri().path().rsplit('/').next().unwrap_or_default();
        let span = tracing::info_span!("call", method, game_id = Empty, series_id = Empty, caller = Empty);
        Box::pin(self.inner.call(request).instrument(span))
    }
}

/// Names, in the current call's span, the game the call is about.
pub fn record_game(id: &str) {
    tracing::Span::current().record("game_id", id);
}

/// Names, in the current call's span, the series the call is about.
pub fn record_series(id: &str) {
    tracing::Span::current().record("series_id", id);
}

/// Names, in the current call's span, who called: `seat`, `service_key` or `spectator`.
pub fn record_caller(kind: &'static str) {
    tracing::Span::current().record("caller", kind);
}
