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
        .args(["serve", "--listen", "127.0.0.1:0"])
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
