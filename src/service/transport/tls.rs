//! TLS for the server's connections, with rustls: a certificate chain and key read once,
//! and the protocols offered by ALPN.

use std::sync::Arc;

use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// A server's certificate chain and private key, checked.
#[derive(Clone)]
pub struct TlsIdentity {
    chain: Vec<CertificateDer<'static>>,
    key: Arc<PrivateKeyDer<'static>>,
}

impl std::fmt::Debug for TlsIdentity {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("TlsIdentity").field("certificates", &self.chain.len()).finish_non_exhaustive()
    }
}

impl TlsIdentity {
    /// The identity of a certificate chain and a private key, both PEM.
    ///
    /// # Errors
    /// When either does not read, or the key does not go with the chain.
    pub fn from_pem(chain: &[u8], key: &[u8]) -> Result<TlsIdentity, String> {
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(chain)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("the TLS certificate chain is not PEM certificates: {e}"))?;
        if chain.is_empty() {
            return Err("the TLS certificate file holds no certificate".to_owned());
        }
        let key =
            PrivateKeyDer::from_pem_slice(key).map_err(|e| format!("the TLS key is not a PEM private key: {e}"))?;
        let identity = TlsIdentity { chain, key: Arc::new(key) };
        identity.config(&[]).map(|_| identity)
    }

    /// The acceptor of connections to this identity, offering HTTP/2 and, with `http1`,
    /// HTTP/1.1.
    pub(super) fn acceptor(&self, http1: bool) -> TlsAcceptor {
        let protocols: &[&[u8]] = if http1 { &[b"h2", b"http/1.1"] } else { &[b"h2"] };
        TlsAcceptor::from(Arc::new(self.config(protocols).expect("checked when the identity was read")))
    }

    fn config(&self, protocols: &[&[u8]]) -> Result<ServerConfig, String> {
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS: {e}"))?
            .with_no_client_auth()
            .with_single_cert(self.chain.clone(), self.key.clone_key())
            .map_err(|e| format!("the TLS key does not go with the certificate: {e}"))?;
        config.alpn_protocols = protocols.iter().map(|protocol| protocol.to_vec()).collect();
        Ok(config)
    }
}
