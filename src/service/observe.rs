//! What every `GameService` call passes through on its way in and out, for the people
//! running the server: a `tracing` span with its method and, once the handler knows them,
//! the game (or series) it names and who called, so that every log line the call writes
//! carries them (as fields of their own in JSON logs) and a process that exports its spans
//! sends them to its collector, continuing the caller's trace; and, for a process that
//! serves metrics, its count, duration and error ([`super::metrics`]).

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Instant;

use opentelemetry::propagation::Extractor;
use tonic::body::Body;
use tonic::codegen::{BoxFuture, Service, http};
use tonic::server::NamedService;
use tracing::Instrument;
use tracing::field::Empty;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// Opens a span for each call of the service it wraps, and measures it.
#[derive(Clone)]
pub struct Observe<S> {
    inner: S,
    metrics: bool,
    traces: bool,
}

impl<S> Observe<S> {
    /// `inner`, each call in a span of its own, measured when `metrics` and continuing its
    /// caller's trace when `traces` (a process that neither serves metrics nor exports
    /// spans pays nothing for them).
    pub fn new(inner: S, metrics: bool, traces: bool) -> Observe<S> {
        Observe { inner, metrics, traces }
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
        let path = request.uri().path();
        let method = path.rsplit('/').next().unwrap_or_default();
        let span = if self.traces {
            // `otel.*` and `rpc.*` are what a trace collector reads: the span's name, its
            // kind and the call's outcome, as OpenTelemetry's conventions for RPC spans
            // name them; logs for people go without them.
            let span = tracing::info_span!(
                "call",
                otel.name = path.trim_start_matches('/'),
                otel.kind = "server",
                method,
                game_id = Empty,
                series_id = Empty,
                caller = Empty,
                rpc.grpc.status_code = Empty,
            );
            let caller = opentelemetry::global::get_text_map_propagator(|propagator| {
                propagator.extract(&Headers(request.headers()))
            });
            // Fails only without a trace layer, which a process exporting traces has.
            let _ = span.set_parent(caller);
            span
        } else {
            tracing::info_span!("call", method, game_id = Empty, series_id = Empty, caller = Empty)
        };
        // Only a process that serves metrics keeps the method's name past the call's start,
        // as one of the service's own: a name the service lacks is counted as unknown.
        let measured = self.metrics.then(|| super::metrics::method_label(method));
        let traced = self.traces.then(|| span.clone());
        let call = self.inner.call(request).instrument(span);
        if measured.is_none() && traced.is_none() {
            return Box::pin(call);
        }
        let started = Instant::now();
        Box::pin(async move {
            let response = call.await?;
            if let Some(span) = traced {
                // A call that failed before its answer carries its status in the headers; one
                // that answered carries it in the trailers, and is OK until then.
                let status = tonic::Status::from_header_map(response.headers());
                span.record("rpc.grpc.status_code", status.map_or(0, |status| status.code() as i64));
            }
            if let Some(method) = measured {
                super::metrics::record_call(method, response.headers(), started.elapsed());
            }
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

/// A call's HTTP headers, as a trace context propagator reads them.
struct Headers<'a>(&'a http::HeaderMap);

impl Extractor for Headers<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|value| value.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(http::HeaderName::as_str).collect()
    }
}
