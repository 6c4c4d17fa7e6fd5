//! What every `GameService` call passes through on its way in and out, for the people
//! running the server: a `tracing` span with its method and, once the handler knows them,
//! the game (or series) it names and who called, so that every log line the call writes
//! carries them (as fields of their own in JSON logs); and, for a process that serves
//! metrics, its count, duration and error ([`super::metrics`]).

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Instant;

use tonic::body::Body;
use tonic::codegen::{BoxFuture, Service, http};
use tonic::server::NamedService;
use tracing::Instrument;
use tracing::field::Empty;

/// Opens a span for each call of the service it wraps, and measures it.
#[derive(Clone)]
pub struct Observe<S> {
    inner: S,
    metrics: bool,
}

impl<S> Observe<S> {
    /// `inner`, each call in a span of its own, and measured when `metrics` (a process
    /// without a metrics endpoint pays nothing for them).
    pub fn new(inner: S, metrics: bool) -> Observe<S> {
        Observe { inner, metrics }
    }
}

impl<S: NamedService> NamedService for Observe<S> {
    const NAME: &'static str = S::NAME;
}

impl<S> Service<http::Request<Body>> for Observe<S>
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
        // Only a process that serves metrics keeps the method's name past the call's start.
        let measured = self.metrics.then(|| method.to_owned());
        let call = self.inner.call(request).instrument(span);
        let Some(method) = measured else { return Box::pin(call) };
        let started = Instant::now();
        Box::pin(async move {
            let response = call.await?;
            super::metrics::record_call(&method, response.headers(), started.elapsed());
            Ok(response)
        })
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
