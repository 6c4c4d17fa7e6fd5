//! Prometheus metrics: what every `GameService` call records (through
//! [`super::observe::Observe`], a layer, not code in each handler), and the HTTP endpoint
//! (`--metrics-listen`) that serves every metric of the process. The
//! play layer and the stores record their own (moves, games, streams, commits) through
//! the `metrics` facade; without an endpoint nothing is recorded.
//!
//! Names and units follow Prometheus' conventions: `_total` counters, `_seconds`
//! durations, base units throughout.

use std::sync::Arc;
use std::time::Duration;

use metrics_exporter_prometheus::{BuildError, Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tonic::codegen::http;
use tonic::{Code, Status};
use tonic_types::StatusExt;

use crate::games::GameKind;
use crate::play::Hub;

/// Histogram buckets of call and commit durations, in seconds.
const SECONDS: &[f64] =
    &[0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];
/// Histogram buckets of game lengths, in moves.
const MOVES: &[f64] = &[5.0, 10.0, 20.0, 40.0, 60.0, 80.0, 100.0, 150.0, 200.0, 300.0, 500.0, 1000.0];
/// Histogram buckets of commit batch sizes, in appends.
const BATCH: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

/// Installs the process's recorder; its handle renders every metric.
///
/// # Errors
/// When a recorder is installed already.
pub fn install() -> Result<PrometheusHandle, BuildError> {
    PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)?
        .set_buckets_for_metric(Matcher::Full("tabula_game_length_moves".into()), MOVES)?
        .set_buckets_for_metric(Matcher::Full("tabula_store_batch_size".into()), BATCH)?
        .install_recorder()
}

/// Serves `GET /metrics` on `listener` until the process ends: every metric as `handle`
/// renders it, after reading the games in progress by kind from `hub`.
pub async fn serve(listener: TcpListener, handle: PrometheusHandle, hub: Arc<Hub>) -> std::io::Result<()> {
    let render = move || {
        let (handle, hub) = (handle.clone(), hub.clone());
        async move {
            match hub.games_in_progress().await {
                Ok(counts) => {
                    // Every kind, so that a kind whose last game ended reads 0.
                    for kind in GameKind::ALL {
                        let count = counts.iter().find(|(counted, _)| counted == kind).map_or(0, |(_, n)| *n);
                        metrics::gauge!("tabula_games_in_progress", "kind" => kind.name()).set(count as f64);
                    }
                }
                Err(error) => tracing::warn!(%error, "could not count the games in progress for the metrics"),
            }
            handle.render()
        }
    };
    let app = axum::Router::new().route("/metrics", axum::routing::get(render));
    axum::serve(listener, app).await
}

/// Counts and times a call to `method` that took `took`, and its error by code and reason:
/// a call that failed before its answer began carries its status in the headers (a
/// trailers-only answer); a success and a stream carry theirs later.
pub fn record_call(method: &str, headers: &http::HeaderMap, took: Duration) {
    metrics::counter!("tabula_rpc_requests_total", "method" => method.to_owned()).increment(1);
    if let Some(status) = Status::from_header_map(headers)
        && status.code() != Code::Ok
    {
        let reason = status.get_details_error_info().map(|info| info.reason).unwrap_or_default();
        let code = canonical_name(status.code());
        metrics::counter!("tabula_rpc_errors_total", "method" => method.to_owned(), "code" => code, "reason" => reason)
            .increment(1);
    }
    metrics::histogram!("tabula_rpc_duration_seconds", "method" => method.to_owned()).record(took);
}

/// A code's canonical name, as gRPC's documents spell it (`FAILED_PRECONDITION`).
fn canonical_name(code: Code) -> String {
    let mut name = String::new();
    for (index, letter) in format!("{code:?}").chars().enumerate() {
        if letter.is_ascii_uppercase() && index > 0 {
            name.push('_');
        }
        name.push(letter.to_ascii_uppercase());
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_named_as_grpc_spells_them() {
        assert_eq!(canonical_name(Code::FailedPrecondition), "FAILED_PRECONDITION");
        assert_eq!(canonical_name(Code::NotFound), "NOT_FOUND");
        assert_eq!(canonical_name(Code::Internal), "INTERNAL");
    }
}
