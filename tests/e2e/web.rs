//! The web page's side of the server: its files over plain HTTP on the gRPC port, and
//! gRPC-web (over HTTP/1.1, as a browser sends it) beside gRPC, through the generated client;
//! `--no-web` turns both off.

use std::io::{Read, Write};

use hyper_util::client::legacy::Client as HttpClient;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use tabula::service::ServeOptions;
use tokio_stream::StreamExt;
use tonic_web::{GrpcWebCall, GrpcWebClientLayer, GrpcWebClientService};

use crate::common::{self, TestServer, pb};

/// The answer to `GET path` over HTTP/1.1 at `address` (`http://HOST:PORT`), head and body,
/// or the error that ended the exchange.
fn http_get(address: &str, path: &str) -> std::io::Result<(String, Vec<u8>)> {
    http_get_with(address, path, "")
}

/// As [`http_get`], with more header lines (`"Accept-Encoding: br\r\n"`).
fn http_get_with(address: &str, path: &str, headers: &str) -> std::io::Result<(String, Vec<u8>)> {
    let host = address.trim_start_matches("http://");
    let mut connection = std::net::TcpStream::connect(host)?;
    write!(connection, "GET {path} HTTP/1.1\r\nHost: {host}\r\n{headers}Connection: close\r\n\r\n")?;
    let mut answer = Vec::new();
    connection.read_to_end(&mut answer)?;
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").ok_or(std::io::ErrorKind::InvalidData)?;
    Ok((String::from_utf8_lossy(&answer[..split]).into_owned(), answer[split + 4..].to_vec()))
}

type Http1 = HttpClient<HttpConnector, GrpcWebCall<tonic::body::Body>>;

/// The generated client, speaking gRPC-web over HTTP/1.1 to `address`.
fn grpc_web_client(address: &str) -> pb::game_service_client::GameServiceClient<GrpcWebClientService<Http1>> {
    let http = HttpClient::builder(TokioExecutor::new()).build_http();
    let service = tower::ServiceBuilder::new().layer(GrpcWebClientLayer::new()).service(http);
    pb::game_service_client::GameServiceClient::with_origin(service, address.parse().unwrap())
}

#[tokio::test]
async fn the_page_is_served_on_the_grpc_port_and_grpc_web_plays_and_streams_a_game() {
    let server = TestServer::start().await;
    let (head, body) = tokio::task::spawn_blocking({
        let address = server.address.clone();
        move || http_get(&address, "/")
    })
    .await
    .unwrap()
    .unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.to_ascii_lowercase().contains("content-type: text/html"), "{head}");
    let built = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/web/dist/index.html")).unwrap();
    assert_eq!(body, built, "the page is the built one");
    let address = server.address.clone();
    let (missing, _) = tokio::task::spawn_blocking(move || http_get(&address, "/no/such/file")).await.unwrap().unwrap();
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");

    let mut web = grpc_web_client(&server.address);
    let kinds = web.list_game_kinds(pb::ListGameKindsRequest::default()).await.unwrap().into_inner();
    assert!(kinds.kinds.iter().any(|kind| kind.kind == pb::GameKind::ConnectFour as i32), "{kinds:?}");
    let mut grpc = server.client().await;
    let game = common::create_preset(&mut grpc, pb::GameKind::ConnectFour, "classic").await;
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: true, view_changes: false };
    let mut events = web.stream_events(request).await.unwrap().into_inner();
    let created = events.next().await.unwrap().unwrap();
    assert_eq!(created.event.unwrap().seq, 1);
    let submit =
        pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(common::column_move(3)), ..Default::default() };
    web.submit_move(common::as_seat(&game.tokens[0], submit)).await.unwrap();
    let played = events.next().await.unwrap().unwrap();
    let view = grpc.get_view(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }).await.unwrap();
    assert_eq!(played.view, view.into_inner().view, "the stream's view is GetView's");
    // A refusal reaches a gRPC-web caller as the same status and reason.
    let again = pb::SubmitMoveRequest { game_id: game.id, r#move: Some(common::column_move(3)), ..Default::default() };
    let refused = web.submit_move(common::as_seat(&game.tokens[0], again)).await.unwrap_err();
    assert_eq!(common::reason(&refused), "NOT_YOUR_TURN", "{refused:?}");
}

#[tokio::test]
async fn without_the_web_neither_the_page_nor_grpc_web_is_served() {
    let server = TestServer::start_with(ServeOptions { web: false, ..ServeOptions::default() }).await;
    let address = server.address.clone();
    let answer = tokio::task::spawn_blocking(move || http_get(&address, "/")).await.unwrap();
    assert!(answer.is_err() || !answer.as_ref().unwrap().0.contains(" 200 "), "{answer:?}");
    let refused = grpc_web_client(&server.address).list_game_kinds(pb::ListGameKindsRequest::default()).await;
    assert!(refused.is_err(), "{refused:?}");
    // gRPC itself is unchanged.
    server.client().await.list_game_kinds(pb::ListGameKindsRequest::default()).await.unwrap();
}

/// The page's script as the build compressed it: Brotli to a browser that takes it, else gzip,
/// else as it is; each answer says its encoding and that it varies by what is accepted.
#[tokio::test]
async fn the_page_is_sent_compressed_as_the_build_compressed_it() {
    let server = TestServer::start().await;
    let dist = concat!(env!("CARGO_MANIFEST_DIR"), "/web/dist");
    let script = std::fs::read_dir(format!("{dist}/assets"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .find(|name| name.ends_with(".js"))
        .expect("the build has a script");
    let path = format!("/assets/{script}");
    let read = |suffix: &str| std::fs::read(format!("{dist}/assets/{script}{suffix}")).unwrap();
    for (accepted, encoding, body) in [
        ("Accept-Encoding: gzip, deflate, br, zstd\r\n", Some("br"), read(".br")),
        ("Accept-Encoding: gzip\r\n", Some("gzip"), read(".gz")),
        ("Accept-Encoding: br;q=0, gzip\r\n", Some("gzip"), read(".gz")),
        ("", None, read("")),
    ] {
        let (head, got) = tokio::task::spawn_blocking({
            let (address, path, accepted) = (server.address.clone(), path.clone(), accepted.to_owned());
            move || http_get_with(&address, &path, &accepted)
        })
        .await
        .unwrap()
        .unwrap();
        let head = head.to_ascii_lowercase();
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(head.contains("content-type: text/javascript"), "{head}");
        assert!(head.contains("vary: accept-encoding"), "{head}");
        match encoding {
            Some(encoding) => {
                assert!(head.contains(&format!("content-encoding: {encoding}\r\n")), "{accepted}: {head}")
            }
            None => assert!(!head.contains("content-encoding"), "{head}"),
        }
        assert!(got == body, "{accepted:?}: the body is the build's {encoding:?} file");
    }
    assert!(read(".br").len() * 3 < read("").len(), "Brotli makes the script at least three times smaller");
}
