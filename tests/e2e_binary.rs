//! The `tabula` binary as a user runs it: serve on a port, answer health checks and
//! reflection, stop cleanly on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tokio_stream::StreamExt;
use tonic::transport::Channel;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

fn start_server() -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--listen", "127.0.0.1:0", "--store", "memory"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("listening on ").expect("the bound address is printed").to_owned();
    (child, format!("http://{address}"))
}

#[test]
fn help_documents_every_command() {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula")).arg("--help").output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("serve"), "{help}");
    let output = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("--listen") && help.contains("TABULA_LISTEN"), "{help}");
}

#[tokio::test]
async fn the_binary_serves_health_and_reflection_and_stops_on_sigterm() {
    let (mut child, address) = start_server();
    let channel = Channel::from_shared(address).unwrap().connect().await.unwrap();

    let mut health = HealthClient::new(channel.clone());
    for service in ["", "tabula.v1.GameService"] {
        let response = health.check(HealthCheckRequest { service: service.into() }).await.unwrap().into_inner();
        assert_eq!(response.status, ServingStatus::Serving as i32, "{service:?}");
    }

    use tonic_reflection::pb::v1::{
        ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
        server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
    };
    let mut reflection = ServerReflectionClient::new(channel.clone());
    let request = ServerReflectionRequest { host: String::new(), message_request: Some(MessageRequest::ListServices(String::new())) };
    let mut responses = reflection.server_reflection_info(tokio_stream::iter([request])).await.unwrap().into_inner();
    let Some(MessageResponse::ListServicesResponse(list)) = responses.next().await.unwrap().unwrap().message_response else {
        panic!("a service list")
    };
    let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
    assert!(names.contains(&"tabula.v1.GameService".to_owned()), "{names:?}");
    assert!(names.contains(&"grpc.health.v1.Health".to_owned()), "{names:?}");

    use tonic_reflection::pb::v1alpha::{
        ServerReflectionRequest as AlphaRequest, server_reflection_client::ServerReflectionClient as AlphaClient,
        server_reflection_request::MessageRequest as AlphaMessage,
        server_reflection_response::MessageResponse as AlphaResponse,
    };
    let mut alpha = AlphaClient::new(channel.clone());
    let request = AlphaRequest {
        host: String::new(),
        message_request: Some(AlphaMessage::FileContainingSymbol("tabula.v1.GameService".into())),
    };
    let mut responses = alpha.server_reflection_info(tokio_stream::iter([request])).await.unwrap().into_inner();
    let response = responses.next().await.unwrap().unwrap().message_response;
    assert!(matches!(response, Some(AlphaResponse::FileDescriptorResponse(_))), "{response:?}");

    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline, "the server did not stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
}

fn run(args: &[&str]) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    (String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
}

#[test]
fn perft_prints_the_count_last_and_the_speed_on_stderr() {
    let (out, err) = run(&["perft", "--game", "reversi", "--depth", "5"]);
    assert_eq!(out.lines().last(), Some("1396"));
    assert!(err.contains("nodes per second"), "{err}");
    let (out, _) = run(&["perft", "--game", "reversi", "--depth", "3", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[4], "56");
    let (out, _) = run(&["perft", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--depth", "3"]);
    assert_eq!(out.lines().last(), Some("8902"));
    let (out, _) = run(&[
        "perft",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(out.lines().any(|l| l == "e1g1: 1"), "castling is listed in UCI: {out}");
    assert_eq!(out.lines().last(), Some("48"));
    let bad = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["perft", "--fen", "nonsense", "--depth", "1"]).output().unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid FEN"));
}

#[test]
fn the_peg_solitaire_solver_answers_from_the_command_line() {
    let (out, _) = run(&["solve", "peg-solitaire"]);
    assert!(out.contains("solvable: yes"), "{out}");
    assert!(out.contains("solving jump sequences: 29760"), "{out}");
    let (out, _) = run(&["solve", "peg-solitaire", "--rows", "5", "--empty", "5", "--no-count"]);
    assert!(out.contains("solvable: yes"), "{out}");
    let (out, _) = run(&["solve", "peg-solitaire", "--board", "english", "--no-count"]);
    assert!(out.contains("solution (31 jumps"), "{out}");
}
