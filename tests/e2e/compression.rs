//! Which answers come gzip-compressed to a client that accepts gzip, read from the wire:
//! each gRPC message's first byte says whether it is compressed. Unary answers from the
//! server's threshold on are; smaller ones and event streams are not, since grpc-js and
//! most clients accept gzip on every call.

use bytes::Bytes;
use prost::Message;
use tonic::codegen::http;

use tabula::service::ServeOptions;

use crate::common::{self, TestServer, pb};

/// A call made by hand over HTTP/2: the answer's `grpc-encoding` header and its first
/// message's compressed flag (0 or 1) and length.
struct Answered {
    encoding: Option<String>,
    compressed: u8,
    length: u32,
}

async fn call(address: &str, method: &str, request: impl Message, accept_gzip: bool, token: Option<&str>) -> Answered {
    let host = address.trim_start_matches("http://");
    let tcp = tokio::net::TcpStream::connect(host).await.unwrap();
    let (mut sender, connection) = h2::client::handshake(tcp).await.unwrap();
    tokio::spawn(connection);
    let mut head = http::Request::builder()
        .method("POST")
        .uri(format!("{address}/tabula.v1.GameService/{method}"))
        .header("content-type", "application/grpc")
        .header("te", "trailers");
    if accept_gzip {
        head = head.header("grpc-accept-encoding", "identity,deflate,gzip");
    }
    if let Some(token) = token {
        head = head.header("authorization", format!("Bearer {token}"));
    }
    let (response, mut body) = sender.send_request(head.body(()).unwrap(), false).unwrap();
    let message = request.encode_to_vec();
    let mut framed = vec![0u8];
    framed.extend_from_slice(&u32::try_from(message.len()).unwrap().to_be_bytes());
    framed.extend_from_slice(&message);
    body.send_data(Bytes::from(framed), true).unwrap();
    let response = response.await.unwrap();
    let encoding = response.headers().get("grpc-encoding").map(|value| value.to_str().unwrap().to_owned());
    let mut answer = response.into_body();
    let mut data = Vec::new();
    while data.len() < 5 {
        let chunk = answer.data().await.expect("an answer message").unwrap();
        answer.flow_control().release_capacity(chunk.len()).unwrap();
        data.extend_from_slice(&chunk);
    }
    Answered { encoding, compressed: data[0], length: u32::from_be_bytes(data[1..5].try_into().unwrap()) }
}

#[tokio::test]
async fn small_answers_and_streams_go_uncompressed_to_a_client_accepting_gzip() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = common::create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let address = &server.address;

    // The catalog, a few kilobytes, is under the default threshold.
    let catalog = call(address, "ListGameKinds", pb::ListGameKindsRequest::default(), true, None).await;
    assert_eq!(catalog.compressed, 0, "a {}-byte catalog was compressed", catalog.length);
    assert!(catalog.length > 1024, "{}", catalog.length);

    // A move's answer, with its view, is sent as it is.
    let submit =
        pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(common::cell_move(1, 1)), ..Default::default() };
    let moved = call(address, "SubmitMove", submit, true, Some(&game.tokens[0])).await;
    assert_eq!(moved.compressed, 0, "a {}-byte answer was compressed", moved.length);

    // A stream's events, views included, are never compressed.
    let request =
        pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: 0, include_views: true, view_changes: false };
    let streamed = call(address, "StreamEvents", request, true, None).await;
    assert_eq!((streamed.encoding, streamed.compressed), (None, 0));
}

#[tokio::test]
async fn answers_from_the_threshold_on_are_compressed_for_a_client_accepting_gzip_only() {
    let options = ServeOptions { compressed_from_bytes: 1024, ..ServeOptions::default() };
    let server = TestServer::start_with(options).await;
    let address = &server.address;
    let catalog = call(address, "ListGameKinds", pb::ListGameKindsRequest::default(), true, None).await;
    assert_eq!((catalog.encoding.as_deref(), catalog.compressed), (Some("gzip"), 1));
    let plain = call(address, "ListGameKinds", pb::ListGameKindsRequest::default(), false, None).await;
    assert_eq!((plain.encoding, plain.compressed), (None, 0));
    assert!(plain.length >= 1024 && catalog.length < plain.length, "{} of {}", catalog.length, plain.length);

    // A move's answer on 3×3 is under even this threshold.
    let mut client = server.client().await;
    let game = common::create_preset(&mut client, pb::GameKind::TicTacToe, "classic").await;
    let submit =
        pb::SubmitMoveRequest { game_id: game.id.clone(), r#move: Some(common::cell_move(1, 1)), ..Default::default() };
    let moved = call(address, "SubmitMove", submit, true, Some(&game.tokens[0])).await;
    assert_eq!(moved.compressed, 0, "a {}-byte answer was compressed", moved.length);
    assert!(moved.length < 1024, "{}", moved.length);
}
