//! The listening socket, closed the moment draining begins.
//!
//! The runtime stops accepting when shutdown begins but keeps its listener open until
//! every connection has drained, so the kernel would go on completing handshakes that no
//! one answers: clients and load balancers would wait out their deadlines. Closing the
//! socket at once makes new connections fail fast (refused), so they go elsewhere.

use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};

use tokio::net::TcpStream;
use tokio_stream::Stream;
use tonic::transport::server::TcpIncoming;

type Shared = Arc<Mutex<Option<TcpIncoming>>>;

/// Incoming connections until [`CloseHandle::close`]; then none.
pub struct ClosableIncoming(Shared);

/// Closes the socket of a [`ClosableIncoming`].
pub struct CloseHandle(Shared);

/// `incoming`, and the handle that closes it.
pub fn closable(incoming: TcpIncoming) -> (ClosableIncoming, CloseHandle) {
    let shared = Arc::new(Mutex::new(Some(incoming)));
    (ClosableIncoming(shared.clone()), CloseHandle(shared))
}

fn lock(shared: &Shared) -> MutexGuard<'_, Option<TcpIncoming>> {
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl CloseHandle {
    /// Closes the listening socket: connections not yet accepted are refused.
    pub fn close(&self) {
        drop(lock(&self.0).take());
    }
}

impl Stream for ClosableIncoming {
    type Item = std::io::Result<TcpStream>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match lock(&self.0).as_mut() {
            Some(incoming) => Pin::new(incoming).poll_next(cx),
            None => Poll::Ready(None),
        }
    }
}
