//! Code generated from `proto/tabula/v1`. Module paths mirror the protobuf packages.

/// The `tabula` protobuf packages.
pub mod tabula {
    /// Version 1 of the contract.
    pub mod v1 {
        tonic::include_proto!("tabula.v1");
    }
}

/// The server side of `tabula.v1.GameService`, generated on its own: its `StreamEvents`
/// sends [`crate::service::EncodedEvent`]s, messages already encoded, where the
/// client and everything else use [`tabula::v1::StreamEventsResponse`].
pub mod server {
    include!(concat!(env!("OUT_DIR"), "/server/tabula.v1.rs"));
}

/// The encoded file descriptor set of every `tabula.v1` file, for server reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] = tonic::include_file_descriptor_set!("tabula_descriptor");

pub mod view_change;
