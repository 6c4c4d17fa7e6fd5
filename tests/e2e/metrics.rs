//! The binary's Prometheus endpoint (`tabula serve --metrics-listen`) as a scraper reads
//! it: every metric there from the first scrape, each scrape passing `promtool check
//! metrics` (help texts, names, units), on the memory store and on a SQLite file; and what
//! a game played against it counts.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};

use tonic::Code;
use tonic::transport::Channel;

use crate::common::{self, pb};

/// `tabula serve` with its metrics endpoint on a port of its own; killed when dropped.
struct MetricsServer {
    child: Child,
    /// The gRPC address, `http://host:port`.
    address: String,
    /// The metrics endpoint's `host:port`.
    metrics: String,
}

impl MetricsServer {
    /// Starts the binary on `store` and waits until it says where it listens.
    fn start(store: &str) -> MetricsServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--listen", "127.0.0.1:0", "--store", store, "--metrics-listen", "127.0.0.1:0"])
            .args(["--shutdown-grace", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut next = |prefix: &str| {
            let line = lines.next().expect("the server announces its addresses").unwrap();
            line.strip_prefix(prefix).unwrap_or_else(|| panic!("{prefix:?} starts {line:?}")).to_owned()
        };
        let address = format!("http://{}", next("listening on "));
        let metrics = next("metrics on ");
        MetricsServer { child, address, metrics }
    }

    async fn client(&self) -> common::Client {
        common::Client::new(Channel::from_shared(self.address.clone()).unwrap().connect().await.unwrap())
    }

    /// The body of `GET /metrics`, read over a plain HTTP/1.1 connection.
    fn scrape(&self) -> String {
        let mut connection = std::net::TcpStream::connect(&self.metrics).unwrap();
        write!(connection, "GET /metrics HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", self.metrics).unwrap();
        let mut response = String::new();
        connection.read_to_string(&mut response).unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        response.split_once("\r\n\r\n").unwrap().1.to_owned()
    }

    /// Stops the server as an operator does (SIGTERM) and waits until it is gone.
    fn stop(mut self) {
        assert!(Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap().success());
        self.child.wait().unwrap();
    }
}

impl Drop for MetricsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of the sample `name{labels}` in a scrape, if present.
fn sample(metrics: &str, name_and_labels: &str) -> Option<f64> {
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(name_and_labels).and_then(|rest| rest.strip_prefix(' ')))
        .map(|value| value.trim().parse().unwrap())
}

/// Fails the test with what `promtool check metrics` says of `scrape` (taken `when`), unless
/// it passes without a word.
fn assert_promtool_passes(scrape: &str, when: &str) {
    let directory = tempfile::tempdir().unwrap();
    let file = directory.path().join("metrics.txt");
    std::fs::write(&file, scrape).unwrap();
    let output =
        match Command::new("promtool").args(["check", "metrics"]).stdin(std::fs::File::open(&file).unwrap()).output() {
            Ok(output) => output,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => panic!(
                "promtool is not on the PATH, and these tests check the metrics with it: scripts/test.sh fetches it \
             into target/tools/bin and puts that on its PATH; elsewhere, install promtool (it comes with Debian's \
             `prometheus` package) or add that folder to the PATH"
            ),
            Err(error) => panic!("promtool did not start: {error}"),
        };
    let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success() && said.trim().is_empty(),
        "promtool check metrics, on the scrape {when} ({}):\n{said}\nthe scrape:\n{scrape}",
        output.status
    );
}

/// Every metric the server documents, by the name its `# TYPE` line gives.
const METRICS: &[&str] = &[
    "tabula_build_info",
    "tabula_rpc_requests_total",
    "tabula_rpc_errors_total",
    "tabula_rpc_duration_seconds",
    "tabula_games_in_progress",
    "tabula_games_created_total",
    "tabula_games_finished_total",
    "tabula_game_length_moves",
    "tabula_moves_applied_total",
    "tabula_moves_refused_total",
    "tabula_stream_subscribers",
    "tabula_streams_lagged_total",
    "tabula_cached_games",
    "tabula_cached_bytes",
    "tabula_rules_faults_total",
    "tabula_connections_open",
    "tabula_connections_refused_total",
    "tabula_connections_closed_total",
    "process_cpu_seconds_total",
    "process_resident_memory_bytes",
    "process_virtual_memory_bytes",
    "process_open_fds",
    "process_max_fds",
    "process_start_time_seconds",
    "process_threads",
];

/// The metrics of a store that commits in batches (SQLite, PostgreSQL).
const STORE_METRICS: &[&str] = &["tabula_store_commit_seconds", "tabula_store_batch_appends"];

/// Whether `scrape` has the metric `name`, with its help text.
fn has_metric(scrape: &str, name: &str) -> bool {
    let described = scrape.lines().any(|line| line.starts_with(&format!("# HELP {name} ")));
    let typed = scrape.lines().any(|line| line.starts_with(&format!("# TYPE {name} ")));
    described && typed
}

/// A server on `store` scraped as soon as it is up and again after a game, a refused move,
/// a move after the end and a call of a method it lacks: both scrapes pass promtool, and
/// the first already has every metric (the store's own when `batches`).
async fn scrapes_pass_promtool_from_the_first(store: &str, batches: bool) {
    let server = MetricsServer::start(store);
    let first = server.scrape();
    assert_promtool_passes(&first, "taken as soon as the server was up");
    for name in METRICS {
        assert!(has_metric(&first, name), "no {name} in the first scrape:\n{first}");
    }
    for name in STORE_METRICS {
        assert_eq!(has_metric(&first, name), batches, "{name} in the first scrape:\n{first}");
    }
    let value = |name: &str| sample(&first, name).unwrap_or_else(|| panic!("no {name} in\n{first}"));
    assert_eq!(value(&format!(r#"tabula_build_info{{version="{}"}}"#, env!("CARGO_PKG_VERSION"))), 1.0);
    assert_eq!(value("tabula_streams_lagged_total"), 0.0);
    assert_eq!(value(r#"tabula_rpc_requests_total{method="SubmitMove"}"#), 0.0);
    assert_eq!(value(r#"tabula_rpc_duration_seconds_count{method="StreamEvents"}"#), 0.0);
    assert_eq!(value(r#"tabula_games_finished_total{kind="chess",outcome="draw"}"#), 0.0);
    assert_eq!(value(r#"tabula_rules_faults_total{kind="peg_solitaire"}"#), 0.0);
    assert!(value("process_resident_memory_bytes") > 0.0 && value("process_open_fds") > 0.0, "{first}");
    assert!(value("process_start_time_seconds") > 1.7e9, "{first}");
    if batches {
        assert_eq!(value("tabula_store_batch_appends_count"), 0.0);
    }

    let mut client = server.client().await;
    let game = common::create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: false, view_changes: false };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    stream.message().await.unwrap().unwrap();
    let refused = client.submit_move(common::submit(&game, 1, common::cell_move(1, 1))).await.unwrap_err();
    common::assert_error(&refused, Code::FailedPrecondition, "NOT_YOUR_TURN");
    let moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map(|(row, col)| common::cell_move(row, col));
    common::play_all(&mut client, &game, &moves).await;
    let late = client.submit_move(common::submit(&game, 1, common::cell_move(2, 2))).await.unwrap_err();
    common::assert_error(&late, Code::FailedPrecondition, "GAME_OVER");
    let mut grpc =
        tonic::client::Grpc::new(Channel::from_shared(server.address.clone()).unwrap().connect().await.unwrap());
    grpc.ready().await.unwrap();
    let path = "/tabula.v1.GameService/NoSuchMethod".parse().unwrap();
    let unknown = grpc.unary(tonic::Request::new(Vec::new()), path, common::RawCodec).await.unwrap_err();
    common::assert_error(&unknown, Code::Unimplemented, "UNKNOWN_METHOD");

    let after = server.scrape();
    assert_promtool_passes(&after, "taken after a game");
    let value = |name: &str| sample(&after, name).unwrap_or_else(|| panic!("no {name} in\n{after}"));
    assert_eq!(value(r#"tabula_moves_refused_total{kind="tic_tac_toe",reason="GAME_OVER"}"#), 1.0);
    assert_eq!(value(r#"tabula_games_finished_total{kind="tic_tac_toe",outcome="win"}"#), 1.0);
    // A method the service lacks is counted as unknown, not by the name the caller sent.
    let unknown = r#"tabula_rpc_errors_total{method="unknown",code="UNIMPLEMENTED",reason="UNKNOWN_METHOD"}"#;
    assert_eq!(value(unknown), 1.0);
    assert!(!after.contains("NoSuchMethod"), "{after}");
    if batches {
        assert_eq!(value("tabula_store_batch_appends_sum"), 5.0, "one append a move, whatever the batches");
    }
    drop((stream, client));
    server.stop();
}

#[tokio::test]
async fn on_the_memory_store_every_metric_is_there_from_the_first_scrape_and_passes_promtool() {
    scrapes_pass_promtool_from_the_first("memory", false).await;
}

#[tokio::test]
async fn on_a_sqlite_file_every_metric_is_there_from_the_first_scrape_and_passes_promtool() {
    let directory = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", directory.path().join("games.db").display());
    scrapes_pass_promtool_from_the_first(&store, true).await;
}

#[tokio::test]
async fn metrics_count_calls_moves_games_streams_and_commits() {
    let directory = tempfile::tempdir().unwrap();
    let server = MetricsServer::start(&format!("sqlite:{}", directory.path().join("games.db").display()));
    let mut client = server.client().await;

    // A spectator follows a 3×3 game that X wins in five moves, after one move out of turn.
    let game = common::create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: false, view_changes: false };
    let mut stream = client.stream_events(request).await.unwrap().into_inner();
    stream.message().await.unwrap().unwrap();
    let refused = client.submit_move(common::submit(&game, 1, common::cell_move(1, 1))).await.unwrap_err();
    common::assert_error(&refused, Code::FailedPrecondition, "NOT_YOUR_TURN");
    let during = server.scrape();
    assert_eq!(sample(&during, "tabula_stream_subscribers"), Some(1.0), "{during}");
    assert_eq!(sample(&during, r#"tabula_games_in_progress{kind="tic_tac_toe"}"#), Some(1.0), "{during}");
    let moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map(|(row, col)| common::cell_move(row, col));
    common::play_all(&mut client, &game, &moves).await;
    // Another game left running.
    common::create_preset(&mut client, pb::GameKind::ConnectFour, "classic").await;

    let metrics = server.scrape();
    let value = |name: &str| sample(&metrics, name).unwrap_or_else(|| panic!("no {name} in\n{metrics}"));
    assert_eq!(value(r#"tabula_rpc_requests_total{method="SubmitMove"}"#), 6.0);
    assert_eq!(value(r#"tabula_rpc_requests_total{method="CreateGame"}"#), 2.0);
    assert_eq!(
        value(r#"tabula_rpc_errors_total{method="SubmitMove",code="FAILED_PRECONDITION",reason="NOT_YOUR_TURN"}"#),
        1.0
    );
    assert_eq!(value(r#"tabula_rpc_duration_seconds_count{method="SubmitMove"}"#), 6.0);
    assert_eq!(value(r#"tabula_moves_applied_total{kind="tic_tac_toe"}"#), 5.0);
    assert_eq!(value(r#"tabula_moves_refused_total{kind="tic_tac_toe",reason="NOT_YOUR_TURN"}"#), 1.0);
    assert_eq!(value(r#"tabula_games_created_total{kind="tic_tac_toe"}"#), 1.0);
    assert_eq!(value(r#"tabula_games_finished_total{kind="tic_tac_toe",outcome="win"}"#), 1.0);
    assert_eq!(value(r#"tabula_game_length_moves_sum{kind="tic_tac_toe"}"#), 5.0);
    assert_eq!(value(r#"tabula_game_length_moves_bucket{kind="tic_tac_toe",le="5"}"#), 1.0);
    assert_eq!(value(r#"tabula_games_in_progress{kind="connect_four"}"#), 1.0);
    assert_eq!(value(r#"tabula_games_in_progress{kind="tic_tac_toe"}"#), 0.0, "its game ended since the last scrape");
    assert_eq!(value("tabula_store_batch_appends_sum"), 5.0, "one append a move, whatever the batches");
    assert!(value("tabula_store_commit_seconds_count") >= 1.0);
    assert_eq!(value("tabula_cached_games"), 2.0, "both games are held in memory");
    assert!(value("tabula_cached_bytes") > 2.0 * 2048.0, "{metrics}");
    assert!(metrics.contains("# TYPE tabula_rpc_duration_seconds histogram"), "{metrics}");

    drop((stream, client));
    server.stop();
}
