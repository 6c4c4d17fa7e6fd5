//! Compiles `proto/tabula/v1/*.proto` with a pure-Rust protobuf compiler, so that
//! building Tabula never needs a system `protoc`.

use std::{env, fs, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let proto_dir = PathBuf::from("proto");
    let mut files: Vec<PathBuf> =
        fs::read_dir(proto_dir.join("tabula/v1"))?.map(|entry| entry.map(|e| e.path())).collect::<Result<_, _>>()?;
    files.retain(|path| path.extension().is_some_and(|ext| ext == "proto"));
    files.sort();

    println!("cargo:rerun-if-changed=proto");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }

    let descriptors = protox::compile(&files, [&proto_dir])?;
    let out_dir = PathBuf::from(env::var("OUT_DIR")?);
    fs::write(out_dir.join("tabula_descriptor.bin"), prost::Message::encode_to_vec(&descriptors))?;
    // The messages and the client, for everyone.
    // Maps as ordered maps: a request's encoding (and so its digest, which tells a retry
    // from a request id reused) must not depend on a hash map's order.
    tonic_prost_build::configure()
        .btree_map(".")
        .build_client(true)
        .build_server(false)
        .compile_fds(descriptors.clone())?;
    // The server, on its own: it names the messages above, except that its event streams
    // (a game's, an owner's) send messages already encoded, so that every subscriber who
    // sees the same event shares one encoding of it.
    let server_dir = out_dir.join("server");
    fs::create_dir_all(&server_dir)?;
    tonic_prost_build::configure()
        .btree_map(".")
        .build_client(false)
        .build_server(true)
        .out_dir(&server_dir)
        .extern_path(".tabula.v1", "crate::proto::tabula::v1")
        .extern_path(".tabula.v1.StreamEventsResponse", "crate::service::EncodedEvent")
        .extern_path(".tabula.v1.StreamOwnerEventsResponse", "crate::service::EncodedOwnerEvent")
        .compile_fds(descriptors)?;
    Ok(())
}
