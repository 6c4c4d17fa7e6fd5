//! Prometheus metrics: what every `GameService` call records (through
//! [`super::observe::Observe`], a layer, not code in each handler), the transport's
//! connections, the build and the process, and the HTTP endpoint (`--metrics-listen`) that
//! serves every metric of the process. The play layer ([`crate::play::metrics`]) and the
//! SQL stores record their own (moves, games, streams, commits) through the `metrics`
//! facade; without an endpoint nothing is recorded.
//!
//! Names and units follow Prometheus' conventions, as `promtool check metrics` reads them
//! (a test runs it on a live server's scrapes): `_total` counters, base units named in
//! the name (`_seconds`, `_bytes`, or what is counted), a help text for each. Every metric
//! is there from the first scrape, counters at 0 and labelled ones with every label value
//! known in advance (each method, kind, outcome, connection reason), so that a rate sees
//! a series' first increase and an alert on `absent()` is not fooled by a quiet server.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use metrics_exporter_prometheus::{BuildError, Matcher, PrometheusBuilder, PrometheusHandle};
use prost::Message;
use tokio::net::TcpListener;
use tonic::codegen::http;
use tonic::{Code, Status};
use tonic_types::StatusExt;

use super::ApiError;
use crate::games::GameKind;
use crate::play::Hub;

/// Calls answered, by `method`.
const RPC_REQUESTS: &str = "tabula_rpc_requests_total";
/// Calls refused before their answer began, by `method`, `code` and `reason`.
const RPC_ERRORS: &str = "tabula_rpc_errors_total";
/// Time to answer a call, by `method`.
const RPC_DURATION: &str = "tabula_rpc_duration_seconds";
/// Games in progress in the store, by `kind`.
const GAMES_IN_PROGRESS: &str = "tabula_games_in_progress";
/// Connections open.
pub(super) const CONNECTIONS_OPEN: &str = "tabula_connections_open";
/// Connections closed at once, over a cap, by `reason`.
pub(super) const CONNECTIONS_REFUSED: &str = "tabula_connections_refused_total";
/// Connections the server closed for a limit, by `reason`.
pub(super) const CONNECTIONS_CLOSED: &str = "tabula_connections_closed_total";
/// 1, labelled with what names the build.
const BUILD_INFO: &str = "tabula_build_info";

/// The `method` of a call whose path names no method of the service, so that callers
/// cannot make a new series with each name they send.
const UNKNOWN_METHOD: &str = "unknown";

/// Histogram buckets of call and commit durations, in seconds.
const SECONDS: &[f64] =
    &[0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];
/// Histogram buckets of game lengths, in moves.
const MOVES: &[f64] = &[5.0, 10.0, 20.0, 40.0, 60.0, 80.0, 100.0, 150.0, 200.0, 300.0, 500.0, 1000.0];
/// Histogram buckets of the appends a store commits together.
const APPENDS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

/// Installs the process's recorder, describes every metric of the server and registers
/// those known in advance; its handle renders them. Install it before the store opens, so
/// that the store's metrics are registered too.
///
/// # Errors
/// When a recorder is installed already.
pub fn install() -> Result<PrometheusHandle, BuildError> {
    // Buckets go by the unit the name ends with.
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)?
        .set_buckets_for_metric(Matcher::Suffix("_moves".into()), MOVES)?
        .set_buckets_for_metric(Matcher::Suffix("_appends".into()), APPENDS)?
        .install_recorder()?;
    register_calls();
    register_games_in_progress();
    register_connections();
    register_build();
    register_process();
    crate::play::metrics::register();
    Ok(handle)
}

/// The calls' metrics, with a series for each method of the service.
fn register_calls() {
    metrics::describe_counter!(RPC_REQUESTS, "Calls of tabula.v1.GameService answered, by method.");
    metrics::describe_counter!(
        RPC_ERRORS,
        "Calls refused before their answer began, by method, gRPC code and google.rpc.ErrorInfo reason."
    );
    metrics::describe_histogram!(RPC_DURATION, "Seconds to answer a call (for a stream, to open it), by method.");
    for method in METHODS.iter().map(String::as_str) {
        metrics::counter!(RPC_REQUESTS, "method" => method).increment(0);
        // Registering the histogram is what makes its series exist.
        let _ = metrics::histogram!(RPC_DURATION, "method" => method);
    }
    // The errors' reasons are many and most never happen to a given method; the one
    // series known in advance is the refusal of a method this server does not have (as a
    // client newer than the server calls one).
    let (code, reason) = ApiError::UnknownMethod(String::new()).code_and_reason();
    let code = canonical_name(code);
    metrics::counter!(RPC_ERRORS, "method" => UNKNOWN_METHOD, "code" => code, "reason" => reason).increment(0);
}

/// `tabula_games_in_progress`, 0 for every kind until the first scrape counts them.
fn register_games_in_progress() {
    metrics::describe_gauge!(GAMES_IN_PROGRESS, "Games in progress in the store, by kind, counted at each scrape.");
    for kind in GameKind::ALL {
        metrics::gauge!(GAMES_IN_PROGRESS, "kind" => kind.name()).set(0.0);
    }
}

/// The transport's metrics, with a series for each reason it gives: `per_address` and
/// `total` for a refusal over a cap (`transport::peers`), `handshake` and `idle` for a
/// connection it closed (`transport::activity`).
fn register_connections() {
    metrics::describe_gauge!(CONNECTIONS_OPEN, "Connections open.");
    metrics::describe_counter!(
        CONNECTIONS_REFUSED,
        "Connections closed at once, over a cap, by reason (per_address, total)."
    );
    metrics::describe_counter!(
        CONNECTIONS_CLOSED,
        "Connections the server closed for a limit, by reason (handshake, idle)."
    );
    metrics::gauge!(CONNECTIONS_OPEN).set(0.0);
    for reason in ["per_address", "total"] {
        metrics::counter!(CONNECTIONS_REFUSED, "reason" => reason).increment(0);
    }
    for reason in ["handshake", "idle"] {
        metrics::counter!(CONNECTIONS_CLOSED, "reason" => reason).increment(0);
    }
}

/// `tabula_build_info`: 1, with the crate's version as a label, so that a dashboard can
/// tell which build each process runs (and join it onto other series).
fn register_build() {
    metrics::describe_gauge!(BUILD_INFO, "Always 1: the labels name the running build (version: the crate's).");
    metrics::gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION")).set(1.0);
}

/// The conventional `process_*` metrics (CPU seconds, memory, open files, start time,
/// threads), read again at each scrape.
fn register_process() {
    let process = metrics_process::Collector::default();
    process.describe();
    process.collect();
}

/// Serves `GET /metrics` on `listener` until the process ends: every metric as `handle`
/// renders it, after reading the games in progress by kind from `hub` and the process's
/// own figures.
pub async fn serve(listener: TcpListener, handle: PrometheusHandle, hub: Arc<Hub>) -> std::io::Result<()> {
    let process = metrics_process::Collector::default();
    let render = move || {
        let (handle, hub, process) = (handle.clone(), hub.clone(), process.clone());
        async move {
            count_games_in_progress(&hub).await;
            process.collect();
            handle.render()
        }
    };
    let app = axum::Router::new().route("/metrics", axum::routing::get(render));
    axum::serve(listener, app).await
}

/// Sets `tabula_games_in_progress` for every kind from what the store holds.
async fn count_games_in_progress(hub: &Hub) {
    match hub.games_in_progress().await {
        Ok(counts) => {
            // Every kind, so that a kind whose last game ended reads 0.
            for kind in GameKind::ALL {
                let count = counts.iter().find(|(counted, _)| counted == kind).map_or(0, |(_, n)| *n);
                metrics::gauge!(GAMES_IN_PROGRESS, "kind" => kind.name()).set(count as f64);
            }
        }
        Err(error) => tracing::warn!(%error, "could not count the games in progress for the metrics"),
    }
}

/// The methods of `tabula.v1.GameService`, sorted, as the contract names them (and a
/// call's path ends).
static METHODS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let files = prost_types::FileDescriptorSet::decode(crate::proto::FILE_DESCRIPTOR_SET)
        .expect("the embedded descriptor set is valid");
    let service = files
        .file
        .iter()
        .filter(|file| file.package() == "tabula.v1")
        .flat_map(|file| &file.service)
        .find(|service| service.name() == "GameService")
        .expect("the contract has tabula.v1.GameService");
    let mut methods: Vec<String> = service.method.iter().map(|method| method.name().to_owned()).collect();
    methods.sort_unstable();
    methods
});

/// The `method` label of a call to `method`: its name if the service has it, else
/// [`UNKNOWN_METHOD`].
pub fn method_label(method: &str) -> &'static str {
    match METHODS.binary_search_by(|known| known.as_str().cmp(method)) {
        Ok(found) => METHODS[found].as_str(),
        Err(_) => UNKNOWN_METHOD,
    }
}

/// Counts and times a call to `method` (a [`method_label`]) that took `took`, and its error
/// by code and reason: a call that failed before its answer began carries its status in
/// the headers (a trailers-only answer); a success and a stream carry theirs later.
pub fn record_call(method: &'static str, headers: &http::HeaderMap, took: Duration) {
    metrics::counter!(RPC_REQUESTS, "method" => method).increment(1);
    if let Some(status) = Status::from_header_map(headers)
        && status.code() != Code::Ok
    {
        let reason = status.get_details_error_info().map(|info| info.reason).unwrap_or_default();
        let code = canonical_name(status.code());
        metrics::counter!(RPC_ERRORS, "method" => method, "code" => code, "reason" => reason).increment(1);
    }
    metrics::histogram!(RPC_DURATION, "method" => method).record(took);
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

    #[test]
    fn a_call_is_labelled_by_its_method_or_as_unknown() {
        assert_eq!(method_label("SubmitMove"), "SubmitMove");
        assert_eq!(method_label("CreateGame"), "CreateGame");
        assert_eq!(method_label("NoSuchMethod"), UNKNOWN_METHOD);
        assert_eq!(method_label(""), UNKNOWN_METHOD);
        assert!(METHODS.len() > 40, "{:?}", *METHODS);
    }
}
