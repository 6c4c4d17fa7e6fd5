//! Connections as an attacker would hold them, over real sockets: idle ones, trickled
//! HTTP/1.1 headers and half-sent HTTP/2 prefaces are closed by the handshake deadline; a
//! connection without calls by the idle timeout; a peer that stops answering pings by the
//! keepalive; one address cannot take more than its share of connections, and the health
//! check still answers; request headers have one limit over both protocols; a loopback
//! server without keys answers only loopback host names, and its page carries a strict
//! policy; refusals the runtime makes carry an `ErrorInfo`.

use std::io::ErrorKind;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::common::*;
use tabula::service::{AllowedHosts, ServeOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tonic::Code;
use tonic_types::StatusExt;

/// A server whose connections have a handshake deadline of one second.
async fn strict_server(adjust: impl FnOnce(&mut ServeOptions)) -> TestServer {
    let mut options = ServeOptions::default();
    options.limits.connections.handshake = Duration::from_secs(1);
    adjust(&mut options);
    TestServer::start_with(options).await
}

fn socket_address(server: &TestServer) -> SocketAddr {
    server.address.trim_start_matches("http://").parse().unwrap()
}

/// A connection to `to` from the loopback address `from` (any of 127.0.0.0/8).
async fn connect_from(from: &str, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(format!("{from}:0").parse().unwrap())?;
    socket.connect(to).await
}

/// Whether the server has closed `stream`: it reads the end, or a reset, within `patience`.
/// Whatever else the server sends meanwhile (HTTP/2 settings, pings, an error page) is
/// read and dropped.
async fn closed_within(stream: &mut TcpStream, patience: Duration) -> bool {
    let mut buffer = [0; 4096];
    let deadline = tokio::time::Instant::now() + patience;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0)) => return true,
            Ok(Ok(_)) => continue,
            Ok(Err(error)) => return matches!(error.kind(), ErrorKind::ConnectionReset | ErrorKind::BrokenPipe),
        }
    }
}

#[tokio::test]
async fn connections_that_never_finish_their_handshake_are_closed_by_the_deadline() {
    for web in [true, false] {
        let server = strict_server(|o| o.web = web).await;
        let address = socket_address(&server);
        let mut idle = TcpStream::connect(address).await.unwrap();
        let mut half_preface = TcpStream::connect(address).await.unwrap();
        half_preface.write_all(b"PRI * HTTP/2.0\r\n").await.unwrap();
        let mut trickling = TcpStream::connect(address).await.unwrap();
        let trickle = tokio::spawn(async move {
            // A header a byte every 100 ms, never finished.
            let head = format!("GET / HTTP/1.1\r\nHost: {address}\r\nX-Slow: ");
            trickling.write_all(head.as_bytes()).await.unwrap();
            for _ in 0..40 {
                if trickling.write_all(b"a").await.is_err() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            closed_within(&mut trickling, Duration::from_millis(100)).await || trickling.write_all(b"a").await.is_err()
        });
        let started = Instant::now();
        assert!(closed_within(&mut idle, Duration::from_secs(5)).await, "web {web}: an idle connection stayed open");
        assert!(
            started.elapsed() >= Duration::from_millis(900),
            "closed at {:?}, before its deadline",
            started.elapsed()
        );
        assert!(closed_within(&mut half_preface, Duration::from_secs(5)).await, "web {web}: half a preface");
        assert!(trickle.await.unwrap(), "web {web}: trickled headers kept their connection");
        // A client that does finish its handshake is served as ever.
        let mut client = server.client().await;
        client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap();
    }
}

#[tokio::test]
async fn a_connection_without_calls_is_closed_once_idle_and_its_place_goes_to_the_next() {
    let server = strict_server(|o| {
        o.limits.connections.idle = Duration::from_secs(1);
        o.limits.connections.max_per_address = 1;
    })
    .await;
    let mut first = server.client().await;
    first.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap();
    // The address's only place is taken: a second connection from it is closed at once.
    let mut second = TcpStream::connect(socket_address(&server)).await.unwrap();
    assert!(closed_within(&mut second, Duration::from_millis(500)).await, "a second connection from one address");
    // Once the first has been idle for a second, it is closed, and its place is free again.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let mut third = server.client().await;
    third.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap();
}

/// An HTTP/2 frame: type, flags, stream and payload.
fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let length = (payload.len() as u32).to_be_bytes();
    let mut bytes = vec![length[1], length[2], length[3], kind, flags];
    bytes.extend_from_slice(&stream.to_be_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// `name: value` as an HPACK literal without indexing (both under 127 bytes).
fn header(name: &str, value: &str) -> Vec<u8> {
    let mut bytes = vec![0, name.len() as u8];
    bytes.extend_from_slice(name.as_bytes());
    bytes.push(value.len() as u8);
    bytes.extend_from_slice(value.as_bytes());
    bytes
}

#[tokio::test]
async fn a_peer_that_stops_answering_pings_is_dropped_even_with_a_stream_open() {
    let server = strict_server(|o| {
        o.limits.connections.keepalive_interval = Duration::from_millis(500);
        o.limits.connections.keepalive_timeout = Duration::from_millis(500);
    })
    .await;
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    // By hand: the preface, settings, and a StreamEvents call that stays open; then never a
    // PING acknowledged, as from a peer whose machine went away.
    let address = socket_address(&server);
    let mut peer = TcpStream::connect(address).await.unwrap();
    let mut bytes = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    bytes.extend(frame(4, 0, 0, &[]));
    let headers = [
        header(":method", "POST"),
        header(":scheme", "http"),
        header(":path", "/tabula.v1.GameService/StreamEvents"),
        header(":authority", &address.to_string()),
        header("content-type", "application/grpc"),
        header("te", "trailers"),
    ]
    .concat();
    bytes.extend(frame(1, 0x4, 1, &headers));
    let request = prost::Message::encode_to_vec(&pb::StreamEventsRequest { game_id: game.id, ..Default::default() });
    let mut message = vec![0];
    message.extend_from_slice(&(request.len() as u32).to_be_bytes());
    message.extend(request);
    bytes.extend(frame(0, 0x1, 1, &message));
    peer.write_all(&bytes).await.unwrap();
    // The stream's first event arrives, and the call stays open: only the keepalive can end it.
    assert!(
        closed_within(&mut peer, Duration::from_secs(5)).await,
        "a peer that never acknowledged a ping kept its connection"
    );
}

/// `connections` connections to `to` from 127.0.0.2 that never speak, and how many of them
/// the server kept open a moment later.
async fn flood(to: SocketAddr, connections: usize) -> (Vec<TcpStream>, usize) {
    let mut flood = Vec::new();
    for _ in 0..connections {
        flood.push(connect_from("127.0.0.2", to).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut open = 0;
    for stream in &mut flood {
        open += usize::from(!closed_within(stream, Duration::from_millis(2)).await);
    }
    (flood, open)
}

#[tokio::test]
async fn one_address_gets_its_share_of_connections_and_the_health_check_still_answers() {
    let server = strict_server(|o| {
        o.limits.connections.handshake = Duration::from_secs(30);
        o.limits.connections.max_per_address = 50;
        o.limits.connections.max_connections = 80;
    })
    .await;
    let address = socket_address(&server);
    let (_flood, open) = flood(address, 120).await;
    assert_eq!(open, 50, "connections from the flooding address the server kept");
    // Another address still gets in, and the health service answers it.
    let channel = tonic::transport::Channel::from_shared(server.address.clone()).unwrap().connect().await.unwrap();
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let answer = health.check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await.unwrap();
    assert_eq!(answer.into_inner().status(), tonic_health::pb::health_check_response::ServingStatus::Serving);
}

/// The status line of the answer to `request`, sent raw over HTTP/1.1.
async fn http1_status(address: SocketAddr, request: String) -> String {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn request_headers_have_one_limit_over_both_protocols() {
    let server = TestServer::start().await;
    let address = socket_address(&server);
    let get = |pad: usize| {
        format!("GET / HTTP/1.1\r\nHost: {address}\r\nX-Pad: {}\r\nConnection: close\r\n\r\n", "a".repeat(pad))
    };
    assert!(http1_status(address, get(60_000)).await.starts_with("HTTP/1.1 200"), "60 KB of headers");
    let refused = http1_status(address, get(70_000)).await;
    assert!(refused.starts_with("HTTP/1.1 431"), "70 KB of headers: {refused}");
    let refused = http1_status(address, get(400_000)).await;
    assert!(refused.starts_with("HTTP/1.1 431") || refused.is_empty(), "400 KB of headers: {refused}");
    // The same over HTTP/2: just under is a call, just over is refused, and an oversized
    // block too large to read (200 KB) ends the connection, which the client reopens.
    let mut client = server.client().await;
    let game = create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let view = |pad: usize| {
        let mut request = tonic::Request::new(pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() });
        request.metadata_mut().insert("x-pad", "a".repeat(pad).parse().unwrap());
        request
    };
    client.get_view(view(60_000)).await.unwrap();
    let refused = client.get_view(view(70_000)).await.unwrap_err();
    assert!(refused.message().contains("431"), "{refused:?}");
    client.get_view(view(10)).await.unwrap();
    let refused = client.get_view(view(200_000)).await.unwrap_err();
    assert_eq!(refused.code(), Code::ResourceExhausted, "{refused:?}");
    assert!(refused.message().contains("h2 protocol error"), "ENHANCE_YOUR_CALM: {refused:?}");
    client.get_view(view(10)).await.unwrap();
}

#[tokio::test]
async fn a_loopback_server_without_keys_answers_loopback_names_only() {
    let server = TestServer::start_with(ServeOptions {
        allowed_hosts: AllowedHosts::Loopback(vec!["lobby.internal".into()]),
        ..ServeOptions::default()
    })
    .await;
    let address = socket_address(&server);
    let get = |host: &str| format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    // A page elsewhere that pointed its own name at 127.0.0.1 is refused.
    assert!(http1_status(address, get("evil.example")).await.starts_with("HTTP/1.1 403"));
    assert!(http1_status(address, get(&format!("evil.example:{}", address.port()))).await.starts_with("HTTP/1.1 403"));
    for host in [format!("localhost:{}", address.port()), address.to_string(), "lobby.internal".into()] {
        assert!(http1_status(address, get(&host)).await.starts_with("HTTP/1.1 200"), "{host}");
    }
    // gRPC names its host in :authority, and is refused with a reason.
    let named = async |origin: &str| {
        let channel = tonic::transport::Endpoint::from_shared(server.address.clone())
            .unwrap()
            .origin(origin.parse().unwrap())
            .connect()
            .await
            .unwrap();
        Client::new(channel).list_game_kinds(pb::ListGameKindsRequest {}).await
    };
    let refused = named("http://evil.example:50051").await.unwrap_err();
    assert_error(&refused, Code::PermissionDenied, "HOST_NOT_ALLOWED");
    assert_eq!(refused.get_details_error_info().unwrap().metadata["host"], "evil.example:50051");
    named("http://localhost:50051").await.unwrap();
}

#[tokio::test]
async fn the_page_goes_out_with_a_strict_policy() {
    let server = TestServer::start().await;
    let address = socket_address(&server);
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!("GET / HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    let head = &head[..head.find("\r\n\r\n").unwrap()];
    for expected in [
        "content-security-policy: default-src 'none'; script-src 'self'; style-src 'self'",
        "frame-ancestors 'none'",
        "x-content-type-options: nosniff",
        "x-frame-options: deny",
        "referrer-policy: no-referrer",
    ] {
        assert!(head.contains(expected), "{expected} missing from {head}");
    }
}

#[tokio::test]
async fn refusals_the_runtime_makes_carry_an_error_info() {
    for web in [true, false] {
        let server = TestServer::start_with(ServeOptions { web, ..ServeOptions::default() }).await;
        // A path of no service at all.
        let channel = tonic::transport::Channel::from_shared(server.address.clone()).unwrap().connect().await.unwrap();
        let mut grpc = tonic::client::Grpc::new(channel);
        grpc.ready().await.unwrap();
        let path = "/no.such.Service/Call".parse().unwrap();
        let refused = grpc.unary(tonic::Request::new(Vec::new()), path, RawCodec).await.unwrap_err();
        assert_error(&refused, Code::Unimplemented, "UNKNOWN_METHOD");
        // A gzip bomb: a few kilobytes that inflate past the message limit.
        let mut client = server.client().await.send_compressed(tonic::codec::CompressionEncoding::Gzip);
        let bomb = pb::GetGameRequest { game_id: "a".repeat(3 << 20) };
        let refused = client.get_game(bomb).await.unwrap_err();
        assert_error(&refused, Code::ResourceExhausted, "MESSAGE_TOO_LARGE");
        assert_eq!(refused.get_details_error_info().unwrap().metadata["limit"], (1 << 20).to_string());
    }
}

/// The soft and hard limits on open files of process `pid`.
fn open_file_limits(pid: u32) -> (u64, u64) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits.lines().find(|line| line.starts_with("Max open files")).unwrap();
    let numbers: Vec<u64> = line.split_whitespace().filter_map(|word| word.parse().ok()).collect();
    (numbers[0], numbers[1])
}

#[tokio::test]
async fn the_binary_takes_its_hard_file_limit_and_keeps_a_flood_below_it() {
    // A server allowed 1,024 open files at most, and started with a soft limit lower still.
    let mut command = std::process::Command::new("sh");
    command
        .args(["-c", "ulimit -Sn 256 && ulimit -Hn 1024 && exec \"$0\" serve --listen 127.0.0.1:0 --store memory"])
        .arg(env!("CARGO_BIN_EXE_tabula"));
    let server = BinaryServer::run(command);
    let address: SocketAddr = server.address.trim_start_matches("http://").parse().unwrap();
    let pid = server.child.id();
    assert_eq!(open_file_limits(pid), (1_024, 1_024), "the soft limit raised to the hard one");
    // 1,100 connections from one client, which never speak.
    let (_flood, open) = flood(address, 1_100).await;
    assert_eq!(open, tabula::service::transport::MAX_CONNECTIONS_PER_ADDRESS, "the flood's share");
    let files = std::fs::read_dir(format!("/proc/{pid}/fd")).unwrap().count();
    assert!(files < 1_024 - 64, "{files} files open: the server kept room for its own");
    // Everyone else is served, the health check first.
    let channel = tonic::transport::Channel::from_shared(format!("http://{address}")).unwrap().connect().await.unwrap();
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel.clone());
    let checked = tokio::time::timeout(
        Duration::from_secs(2),
        health.check(tonic_health::pb::HealthCheckRequest { service: String::new() }),
    )
    .await
    .expect("the health check answers during the flood");
    assert_eq!(checked.unwrap().into_inner().status(), tonic_health::pb::health_check_response::ServingStatus::Serving);
    create_preset(&mut Client::new(channel), pb::GameKind::TicTacToe, "classic").await;
}
